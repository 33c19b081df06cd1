//! TYPED_ATOMIC (instructions/TYPED_ATOMIC.md): hand-derived rows, each with its
//! derivation. The operations are DWORD_ATOMIC's (TYPED-ATOMIC-OP-TABLE, resolved) on the
//! R channel of each lane's pixel, a raw integer as wide as the operation; pixels lie as
//! TYPED-SURFACE-LAYOUT says, on the typed surface at binding-table index 3 (base 0x1000).
//! `VA`, `VB`, `VD` are UD, `VI`, `VJ` D, `VG`, `VH`, `VK` F; every variable holds 16
//! dwords (two registers on xe-lp, one on xe-hpc).

use super::typed::surface3;
use super::*;
use visa_model::state::SurfaceFormat as F;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "typed_atomic", file: "catalog/dataport/typed_atomic.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
const ATOMIC_DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl VU v_type=G type=ud num_elts=16
.decl VV v_type=G type=ud num_elts=16
.decl VL v_type=G type=ud num_elts=16
.decl VA v_type=G type=ud num_elts=16
.decl VB v_type=G type=ud num_elts=16
.decl VD v_type=G type=ud num_elts=16
.decl VI v_type=G type=d num_elts=16
.decl VJ v_type=G type=d num_elts=16
.decl VG v_type=G type=f num_elts=16
.decl VH v_type=G type=f num_elts=16
.decl VK v_type=G type=f num_elts=16
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
";

/// A row running `line` on `platform` with the U coordinates `u`.
fn on(platform: Platform, line: &str, u: &[u32]) -> Row {
    Row::new(platform, format!("{ATOMIC_DECLS}{line}\n")).var_prefix("VU", le32(u))
}

/// A row on xe-lp whose lanes `0..n` run (predicate P1), lane i on pixel U = i of a
/// one-row surface of `format`, `pixels` wide, whose bytes at 0x1000 start as `memory`.
fn lanes(line: &str, n: u32, format: F, pixels: u32, memory: Vec<u8>) -> Row {
    let u: Vec<u32> = (0..8).collect();
    let row = on(Platform::XeLp, &format!("(P1) {line}"), &u)
        .pred("P1", (1 << n) - 1)
        .mem("flat", 0x1000, memory);
    surface3(
        row,
        format,
        0x1000,
        (pixels, 1, 1),
        pixels * format.pixel_bytes(),
    )
}

fn words(w: &[u32]) -> Vec<Option<u8>> {
    some(&le32(w))
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let xe = Platform::XeLp;
    let d = "ADD on R32_UINT, 8 lanes, lane i on pixel i (4 bytes at 0x1000 + 4i): new = old + src0 wrapping at 32 bits: 10 + 5 = 15, 0xffffffff + 1 = 0, 7 + 0xfffffff9 = 0, 0x80000000 + 0x80000000 = 0, 0..3 + 0 unchanged; Dst gets each old value.";
    let old = [10, 0xffff_ffff, 7, 0x8000_0000, 0, 1, 2, 3];
    let u: Vec<u32> = (0..8).collect();
    rows.add("operations", surface3(on(xe, "typed_atomic.add (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &u).var_prefix("VA", le32(&[5, 1, 0xffff_fff9, 0x8000_0000])).mem("flat", 0x1000, le32(&old)), F::R32Uint, 0x1000, (8, 1, 1), 32)
        .expect_mem("flat", 0x1000, words(&[15, 0, 0, 0, 0, 1, 2, 3])).expect_reg("VD", 0, words(&old)).derived(d));
    let d = "INC, Src0 and Src1 V0, predicate 0b0101: lanes 0 and 2 run: pixel 0's 41 becomes 42, pixel 2's 0xffffffff wraps to 0; pixels 1 and 3 keep 5 and 9; VD's lanes 0 and 2 take 41 and 0xffffffff, lanes 1 and 3 keep 0xee.";
    let row = on(xe, "(P1) typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0, 1, 2, 3]).pred("P1", 0b0101).var_prefix("VD", vec![0xee; 16]).mem("flat", 0x1000, le32(&[41, 5, 0xffff_ffff, 9]));
    rows.add("operations", surface3(row, F::R32Uint, 0x1000, (4, 1, 1), 16)
        .expect_mem("flat", 0x1000, words(&[42, 5, 0, 9])).expect_reg("VD", 0, some(&[41, 0, 0, 0, 0xee, 0xee, 0xee, 0xee, 0xff, 0xff, 0xff, 0xff, 0xee, 0xee, 0xee, 0xee])).derived(d));
    let d = "CMPXCHG, new = (old == src1) ? src0 : old (SVM-ATOMIC-CMPXCHG-ROLES): lane 0 compares 7 with 7 and writes 100; lane 1 compares 7 with 8 and keeps 7; Dst 7, 7.";
    rows.add("operations", lanes("typed_atomic.cmpxchg (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 VB.0 VD.0", 2, F::R32Uint, 2, le32(&[7, 7])).var_prefix("VA", le32(&[100, 100])).var_prefix("VB", le32(&[7, 8]))
        .expect_mem("flat", 0x1000, words(&[100, 7])).expect_reg("VD", 0, words(&[7, 7])).derived(d));
    let d = "IMIN on R32_SINT, type D: min(5, -1) = -1 (0xffffffff), min(-2^31, 1) = -2^31; Dst the old 5, -2^31.";
    rows.add("operations", lanes("typed_atomic.imin (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0 %null.0 VJ.0", 2, F::R32Sint, 2, le32(&[5, 0x8000_0000])).var_prefix("VI", le32(&[0xffff_ffff, 1]))
        .expect_mem("flat", 0x1000, words(&[0xffff_ffff, 0x8000_0000])).expect_reg("VJ", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "MAX, unsigned: max(5, 7) = 7, max(0x80000000, 1) = 0x80000000.";
    rows.add("operations", lanes("typed_atomic.max (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 2, F::R32Uint, 2, le32(&[5, 0x8000_0000])).var_prefix("VA", le32(&[7, 1]))
        .expect_mem("flat", 0x1000, words(&[7, 0x8000_0000])).expect_reg("VD", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "XOR of old 0xf0f0f0f0 with src0 0xff00ff00: 0x0ff00ff0; Dst 0xf0f0f0f0.";
    rows.add("operations", lanes("typed_atomic.xor (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 1, F::R32Uint, 1, le32(&[0xf0f0_f0f0])).var_prefix("VA", le32(&[0xff00_ff00]))
        .expect_mem("flat", 0x1000, words(&[0x0ff0_0ff0])).expect_reg("VD", 0, words(&[0xf0f0_f0f0])).derived(d));
    let d = "PREDEC, new = old - 1, returning the new value (SVM-ATOMIC-PREDEC resolved): 5 becomes 4, Dst 4.";
    rows.add("operations", lanes("typed_atomic.predec (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", 1, F::R32Uint, 1, le32(&[5]))
        .expect_mem("flat", 0x1000, words(&[4])).expect_reg("VD", 0, words(&[4])).derived(d));
    let d = "PREDEC under SVM-ATOMIC-PREDEC's literal reading: Dst is the old 5; the pixel still becomes 4.";
    rows.add("operations", lanes("typed_atomic.predec (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", 1, F::R32Uint, 1, le32(&[5])).literal(errata::SVM_ATOMIC_PREDEC)
        .expect_mem("flat", 0x1000, words(&[4])).expect_reg("VD", 0, words(&[5])).derived(d));
    let d = "FMAX on R32_FLOAT, type F: max(1.0, 2.0) = 2.0 (0x40000000); max(NaN 0x7fc00000, 3.0) = 3.0, the other operand when one is NaN (SVM-ATOMIC-FLOAT-MINMAX); Dst the old bits.";
    rows.add("operations", lanes("typed_atomic.fmax (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VG.0 %null.0 VK.0", 2, F::R32Float, 2, le32(&[0x3f80_0000, 0x7fc0_0000])).var_prefix("VG", le32(&[0x4000_0000, 0x4040_0000]))
        .expect_mem("flat", 0x1000, words(&[0x4000_0000, 0x4040_0000])).expect_reg("VK", 0, words(&[0x3f80_0000, 0x7fc0_0000])).derived(d));
    let d = "FCMPWR, new = (src0 == old) ? src1 : old, Src1 read (TYPED-ATOMIC-OPERANDS resolved): 1.5 == 1.5 writes 9.0 (0x41100000); NaN equals nothing, so the NaN stays.";
    rows.add("operations", lanes("typed_atomic.fcmpwr (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VG.0 VH.0 VK.0", 2, F::R32Float, 2, le32(&[0x3fc0_0000, 0x7fc0_0000])).var_prefix("VG", le32(&[0x3fc0_0000, 0x7fc0_0000])).var_prefix("VH", le32(&[0x4110_0000, 0x4110_0000]))
        .expect_mem("flat", 0x1000, words(&[0x4110_0000, 0x7fc0_0000])).expect_reg("VK", 0, words(&[0x3fc0_0000, 0x7fc0_0000])).derived(d));
    let d = "ADD.16 on R16_UINT (2-byte pixels), the low 16 bits of each source dword: pixel 0: 0xffff + 0x0001 = 0x0000 (16-bit wrap, the source's upper 0x1234 unused); pixel 1: 0x0001 + 0x0002 = 0x0003. Dst's low words are the old 0xffff, 0x0001, the upper words undefined (SVM-ATOMIC-16BIT-WRITEBACK); the byte after the surface keeps 0xee.";
    rows.add("operations", lanes("typed_atomic.add.16 (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 2, F::R16Uint, 2, vec![0xff, 0xff, 0x01, 0x00, 0xee]).var_prefix("VA", le32(&[0x1234_0001, 2]))
        .expect_mem("flat", 0x1000, some(&[0, 0, 3, 0, 0xee])).expect_reg("VD", 0, vec![Some(0xff), Some(0xff), U, U, Some(1), Some(0), U, U]).derived(d));
    let d = "R32G32B32A32_UINT: the atomic reaches the R channel, the first dword of each 16-byte pixel: INC on pixels 0 and 1 turns R 1 into 2 and R 5 into 6; G, B, A (2, 3, 4 and 6, 7, 8) keep their values.";
    rows.add("formats", lanes("typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", 2, F::R32G32B32A32Uint, 2, le32(&[1, 2, 3, 4, 5, 6, 7, 8]))
        .expect_mem("flat", 0x1000, words(&[2, 2, 3, 4, 6, 6, 7, 8])).expect_reg("VD", 0, words(&[1, 5])).derived(d));
    let d = "No format conversion: ADD on R32_FLOAT with UD operands (TYPED-ATOMIC-OPERANDS resolved: ADD takes UD) adds the bits: 0x3f800000 (1.0) + 1 = 0x3f800001, not 2.0.";
    rows.add("formats", lanes("typed_atomic.add (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 1, F::R32Float, 1, le32(&[0x3f80_0000])).var_prefix("VA", le32(&[1]))
        .expect_mem("flat", 0x1000, words(&[0x3f80_0001])).expect_reg("VD", 0, words(&[0x3f80_0000])).derived(d));
    let d = "A 32-bit atomic on R16_UINT, whose channels are 16 bits: undefined behaviour (TYPED-ATOMIC-OP-TABLE).";
    rows.add("formats", lanes("typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", 1, F::R16Uint, 2, vec![0; 4])
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "A 16-bit atomic on R8G8B8A8_UINT, whose channels are 8 bits: undefined behaviour.";
    rows.add("formats", lanes("typed_atomic.inc.16 (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", 1, F::R8G8B8A8Uint, 2, vec![0; 8])
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "2D, R32_UINT, 2x2 pixels in rows of pitch 12 (one pixel of padding): lane 0 at (U, V) = (1, 1) reaches V*12 + U*4 = 16: its 0x10 becomes 0x11; the other words keep their values; Dst 0x10.";
    let row = on(xe, "(P1) typed_atomic.inc (M1, 8) T6 VU.0 VV.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[1]).var_prefix("VV", le32(&[1])).pred("P1", 1).mem("flat", 0x1000, le32(&[1, 2, 0xee, 3, 0x10, 0xee]));
    rows.add("rows", surface3(row, F::R32Uint, 0x1000, (2, 2, 1), 12)
        .expect_mem("flat", 0x1000, words(&[1, 2, 0xee, 3, 0x11, 0xee])).expect_reg("VD", 0, words(&[0x10])).derived(d));
    let d = "Out-of-bound Access: R32_UINT, 4 pixels; lanes 0..3 at U 0, 4, 0xFFFFFFFF, 1, LOD 0, 0, 0, 1: lanes 1 and 2 pass the width and lane 3 asks LOD 1 (TYPED-SURFACE-LAYOUT: only LOD 0): they write nothing and return zero; lane 0's 7 becomes 8 and returns 7; pixels 1..3 and the word after the surface keep their values.";
    let row = on(xe, "(P1) typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 VL.0 %null.0 %null.0 VD.0", &[0, 4, u32::MAX, 1]).var_prefix("VL", le32(&[0, 0, 0, 1])).var_prefix("VD", vec![0xee; 16]).pred("P1", 0xf).mem("flat", 0x1000, le32(&[7, 8, 9, 10, 11]));
    rows.add("bounds", surface3(row, F::R32Uint, 0x1000, (4, 1, 1), 16)
        .expect_mem("flat", 0x1000, words(&[8, 8, 9, 10, 11])).expect_reg("VD", 0, words(&[7, 0, 0, 0])).derived(d));
    let d = "xe-hpc, SIMD16 (TYPED-EXEC-SIZE resolved: 16 on the 64-byte register file): INC on pixels 0..15 of R32_UINT, each i becoming i + 1; Dst the old i.";
    let u: Vec<u32> = (0..16).collect();
    let plus: Vec<u32> = (1..17).collect();
    rows.add("rows", surface3(on(Platform::XeHpc, "typed_atomic.inc (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &u).mem("flat", 0x1000, le32(&u)), F::R32Uint, 0x1000, (16, 1, 1), 64)
        .expect_mem("flat", 0x1000, words(&plus)).expect_reg("VD", 0, words(&u)).derived(d));
    let d = "TYPED-EXEC-SIZE, literal: 8 elements only; SIMD16 on xe-hpc is invalid.";
    rows.add("rows", on(Platform::XeHpc, "typed_atomic.inc (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &u).literal(errata::TYPED_EXEC_SIZE).expect_invalid("exec_size").derived(d));
    let d = "TYPED-ATOMIC-OP-TABLE, literal: the document does not say what the operations compute: undefined behaviour.";
    rows.add("readings", lanes("typed_atomic.add (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 1, F::R32Uint, 1, le32(&[1])).literal(errata::TYPED_ATOMIC_OP_TABLE)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, literal: FMAX takes UD operands (\"all other operations\"): on R32_FLOAT max(1.0, 2.0) of the bits as floats = 2.0 (0x40000000); Dst the old 0x3f800000.";
    rows.add("readings", lanes("typed_atomic.fmax (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 1, F::R32Float, 1, le32(&[0x3f80_0000])).var_prefix("VA", le32(&[0x4000_0000])).literal(errata::TYPED_ATOMIC_OPERANDS)
        .expect_mem("flat", 0x1000, words(&[0x4000_0000])).expect_reg("VD", 0, words(&[0x3f80_0000])).derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, resolved: FMAX's operands are F (DWORD_ATOMIC's Notes): a UD Src0 is invalid.";
    rows.add("readings", on(xe, "typed_atomic.fmax (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, literal: F operands are invalid (UD for all but IMIN and IMAX).";
    rows.add("readings", on(xe, "typed_atomic.fmax (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VG.0 %null.0 VK.0", &[0]).literal(errata::TYPED_ATOMIC_OPERANDS).expect_invalid("src0").derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, literal: FCMPWR's Src1 is V0 (\"for all other operations it must be V0\"), read as 0: lane 0 compares src0 1.5 with the old 1.5 and writes 0; lane 1's NaN equals nothing and stays; Dst the old bits.";
    rows.add("readings", lanes("typed_atomic.fcmpwr (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", 2, F::R32Float, 2, le32(&[0x3fc0_0000, 0x7fc0_0000])).var_prefix("VA", le32(&[0x3fc0_0000, 0x7fc0_0000])).literal(errata::TYPED_ATOMIC_OPERANDS)
        .expect_mem("flat", 0x1000, words(&[0, 0x7fc0_0000])).expect_reg("VD", 0, words(&[0x3fc0_0000, 0x7fc0_0000])).derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, resolved: FCMPWR reads Src1: `%null` is invalid.";
    rows.add("readings", on(xe, "typed_atomic.fcmpwr (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VG.0 %null.0 VK.0", &[0]).expect_invalid("src1").derived(d));
    let d = "TYPED-ATOMIC-OPERANDS, resolved: PREDEC reads no source (as DWORD_ATOMIC's): a Src0 is invalid.";
    rows.add("readings", on(xe, "typed_atomic.predec (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "SVM-ATOMIC-SIGNED-TYPES, resolved: ADD on D operands: 1 + -1 = 0 on R32_SINT, Dst 1.";
    rows.add("readings", lanes("typed_atomic.add (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0 %null.0 VJ.0", 1, F::R32Sint, 1, le32(&[1])).var_prefix("VI", le32(&[0xffff_ffff]))
        .expect_mem("flat", 0x1000, words(&[0])).expect_reg("VJ", 0, words(&[1])).derived(d));
    let d = "Exec_size: 8 elements; SIMD16 on xe-lp is invalid (TYPED-EXEC-SIZE).";
    rows.add("validation", on(xe, "typed_atomic.inc (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0]).expect_invalid("exec_size").derived(d));
    let d = "Op bit 5, 16-bit atomics, is {TGLLP+}: `.16` on gen9 is invalid.";
    rows.add("validation", on(Platform::Gen9, "typed_atomic.inc.16 (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0]).expect_invalid("op").derived(d));
    let d = "Src0: for INC it must be V0: VA is invalid.";
    rows.add("validation", on(xe, "typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "Src1: CMPXCHG reads src1: `%null` is invalid.";
    rows.add("validation", on(xe, "typed_atomic.cmpxchg (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src1").derived(d));
    let d = "Src0: IMIN and IMAX take type D: UD is invalid.";
    rows.add("validation", on(xe, "typed_atomic.imax (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "Dst: the type of the sources: ADD with a UD Src0 and an F Dst is invalid.";
    rows.add("validation", on(xe, "typed_atomic.add (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VG.0", &[0]).expect_invalid("dst").derived(d));
    let d = "U: \"Must have type UD\" (D under TYPED-COORDINATE-TYPES): an F variable is invalid.";
    rows.add("validation", on(xe, "typed_atomic.inc (M1, 8) T6 VG.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0]).expect_invalid("u").derived(d));
    let d = "Surface: a typed surface variable; the SLM surface T0 is invalid.";
    rows.add("validation", on(xe, "typed_atomic.inc (M1, 8) T0 VU.0 %null.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0]).expect_invalid("surface").derived(d));
    let d = "Op: `.nand` is no operation of the list.";
    rows.add("validation", on(xe, "typed_atomic.nand (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("op").derived(d));
    let d = "The Format's operands: surface, U, V, R, LOD, Src0, Src1 and Dst; seven are invalid.";
    rows.add("validation", on(xe, "typed_atomic.inc (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0 VD.0", &[0]).expect_invalid("operands").derived(d));
}

//! DWORD_ATOMIC (instructions/DWORD_ATOMIC.md): hand-derived rows, each with its
//! derivation: every operation of the DWORD_ATOMIC_OP table, the returned old values, the
//! 16-bit form, `%slm`, stateless and binding-table surfaces, and the readings the document
//! needs. `VA`, `VB` are UD sources, `VI`, `VJ`, `VR` D, `VG`, `VH`, `VK` F.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "dword_atomic", file: "catalog/dataport/dword_atomic.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
const ATOMIC_DECLS: &str = "\
.decl VA v_type=G type=ud num_elts=16
.decl VB v_type=G type=ud num_elts=16
.decl VI v_type=G type=d num_elts=16
.decl VJ v_type=G type=d num_elts=16
.decl VR v_type=G type=d num_elts=16
.decl VG v_type=G type=f num_elts=16
.decl VH v_type=G type=f num_elts=16
.decl VK v_type=G type=f num_elts=16
";

/// A row running `line` on xe-lp with element offsets `eo`, the sources declared.
fn arow(line: &str, eo: &[u32]) -> Row {
    Row::new(Platform::XeLp, format!("{ATOMIC_DECLS}{DECLS}{line}\n")).var_prefix("VE", le32(eo))
}

/// A row on the binding-table surface at 0x1000 (size 0x40) whose dwords start as `words`.
fn on_words(line: &str, eo: &[u32], words: &[u32]) -> Row {
    bti3(
        arow(line, eo).mem("flat", 0x1000, le32(words)),
        0x1000,
        0x40,
    )
}

fn words(w: &[u32]) -> Vec<Option<u8>> {
    some(&le32(w))
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "ADD, new = old + src0, 32-bit wrapping: 10 + 5 = 15, 0xffffffff + 1 = 0, 7 + 0xfffffff9 = 0, 0x80000000 + 0x80000000 = 0; Dst gets each old value.";
    rows.add("operations", on_words("dword_atomic.add (M1, 4) T6 VE.0 VA.0 %null.0 VD.0", &[0, 4, 8, 12], &[10, 0xffff_ffff, 7, 0x8000_0000]).var_prefix("VA", le32(&[5, 1, 0xffff_fff9, 0x8000_0000]))
        .expect_mem("flat", 0x1000, words(&[15, 0, 0, 0])).expect_reg("VD", 0, words(&[10, 0xffff_ffff, 7, 0x8000_0000])).derived(d));
    let d = "SUB, new = old - src0: 3 - 5 = 0xfffffffe (wrapping); Dst 3.";
    rows.add("operations", on_words("dword_atomic.sub (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[0], &[3]).var_prefix("VA", le32(&[5]))
        .expect_mem("flat", 0x1000, words(&[0xffff_fffe])).expect_reg("VD", 0, words(&[3])).derived(d));
    let d = "INC, new = old + 1, Src0 and Src1 V0: 0xffffffff wraps to 0, 41 becomes 42; Dst the old values.";
    rows.add("operations", on_words("dword_atomic.inc (M1, 2) T6 VE.0 %null.0 %null.0 VD.0", &[0, 4], &[0xffff_ffff, 41])
        .expect_mem("flat", 0x1000, words(&[0, 42])).expect_reg("VD", 0, words(&[0xffff_ffff, 41])).derived(d));
    let d = "DEC, new = old - 1: 0 wraps to 0xffffffff, 1 becomes 0.";
    rows.add("operations", on_words("dword_atomic.dec (M1, 2) T6 VE.0 %null.0 %null.0 VD.0", &[0, 4], &[0, 1])
        .expect_mem("flat", 0x1000, words(&[0xffff_ffff, 0])).expect_reg("VD", 0, words(&[0, 1])).derived(d));
    let d = "MIN, unsigned: min(5, 7) = 5, min(0x80000000, 1) = 1.";
    rows.add("operations", on_words("dword_atomic.min (M1, 2) T6 VE.0 VA.0 %null.0 VD.0", &[0, 4], &[5, 0x8000_0000]).var_prefix("VA", le32(&[7, 1]))
        .expect_mem("flat", 0x1000, words(&[5, 1])).expect_reg("VD", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "MAX, unsigned: max(5, 7) = 7, max(0x80000000, 1) = 0x80000000.";
    rows.add("operations", on_words("dword_atomic.max (M1, 2) T6 VE.0 VA.0 %null.0 VD.0", &[0, 4], &[5, 0x8000_0000]).var_prefix("VA", le32(&[7, 1]))
        .expect_mem("flat", 0x1000, words(&[7, 0x8000_0000])).expect_reg("VD", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "IMIN, signed, type D: min(5, -1) = -1 (0xffffffff), min(-2^31, 1) = -2^31.";
    rows.add("operations", on_words("dword_atomic.imin (M1, 2) T6 VE.0 VI.0 %null.0 VR.0", &[0, 4], &[5, 0x8000_0000]).var_prefix("VI", le32(&[0xffff_ffff, 1]))
        .expect_mem("flat", 0x1000, words(&[0xffff_ffff, 0x8000_0000])).expect_reg("VR", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "IMAX, signed: max(5, -1) = 5, max(-2^31, 1) = 1.";
    rows.add("operations", on_words("dword_atomic.imax (M1, 2) T6 VE.0 VI.0 %null.0 VR.0", &[0, 4], &[5, 0x8000_0000]).var_prefix("VI", le32(&[0xffff_ffff, 1]))
        .expect_mem("flat", 0x1000, words(&[5, 1])).expect_reg("VR", 0, words(&[5, 0x8000_0000])).derived(d));
    let d = "XCHG, new = src0: memory takes 0xaa, 0xbb; Dst the old 1, 2.";
    rows.add("operations", on_words("dword_atomic.xchg (M1, 2) T6 VE.0 VA.0 %null.0 VD.0", &[0, 4], &[1, 2]).var_prefix("VA", le32(&[0xaa, 0xbb]))
        .expect_mem("flat", 0x1000, words(&[0xaa, 0xbb])).expect_reg("VD", 0, words(&[1, 2])).derived(d));
    let d = "CMPXCHG, new = (old == src1) ? src0 : old (SVM-ATOMIC-CMPXCHG-ROLES): lane 0 compares 7 with 7 and writes 100; lane 1 compares 7 with 8 and keeps 7; Dst 7, 7.";
    rows.add("operations", on_words("dword_atomic.cmpxchg (M1, 2) T6 VE.0 VA.0 VB.0 VD.0", &[0, 4], &[7, 7]).var_prefix("VA", le32(&[100, 100])).var_prefix("VB", le32(&[7, 8]))
        .expect_mem("flat", 0x1000, words(&[100, 7])).expect_reg("VD", 0, words(&[7, 7])).derived(d));
    for (op, new) in [("and", 0xf000_f000u32), ("or", 0xfff0_fff0), ("xor", 0x0ff0_0ff0)] {
        let d = "AND, OR, XOR of old 0xf0f0f0f0 with src0 0xff00ff00: 0xf000f000, 0xfff0fff0, 0x0ff00ff0.";
        rows.add("operations", on_words(&format!("dword_atomic.{op} (M1, 1) T6 VE.0 VA.0 %null.0 VD.0"), &[0], &[0xf0f0_f0f0]).var_prefix("VA", le32(&[0xff00_ff00]))
            .expect_mem("flat", 0x1000, words(&[new])).expect_reg("VD", 0, words(&[0xf0f0_f0f0])).derived(d));
    }
    let d = "PREDEC, new = old - 1, returning the new value (the table's Return Value column; SVM-ATOMIC-PREDEC resolved): 5 becomes 4, Dst 4.";
    rows.add("operations", on_words("dword_atomic.predec (M1, 1) T6 VE.0 %null.0 %null.0 VD.0", &[0], &[5])
        .expect_mem("flat", 0x1000, words(&[4])).expect_reg("VD", 0, words(&[4])).derived(d));
    let d = "PREDEC under SVM-ATOMIC-PREDEC's literal reading: the loop's dst[i] = surface[offset], the old 5.";
    rows.add("operations", on_words("dword_atomic.predec (M1, 1) T6 VE.0 %null.0 %null.0 VD.0", &[0], &[5]).literal(errata::SVM_ATOMIC_PREDEC)
        .expect_mem("flat", 0x1000, words(&[4])).expect_reg("VD", 0, words(&[5])).derived(d));
    let d = "FMAX, type F: max(1.0, 2.0) = 2.0 (0x40000000); max(NaN 0x7fc00000, 3.0) = 3.0, the other operand when one is NaN (SVM-ATOMIC-FLOAT-MINMAX); Dst the old bits.";
    rows.add("operations", on_words("dword_atomic.fmax (M1, 2) T6 VE.0 VG.0 %null.0 VK.0", &[0, 4], &[0x3f80_0000, 0x7fc0_0000]).var_prefix("VG", le32(&[0x4000_0000, 0x4040_0000]))
        .expect_mem("flat", 0x1000, words(&[0x4000_0000, 0x4040_0000])).expect_reg("VK", 0, words(&[0x3f80_0000, 0x7fc0_0000])).derived(d));
    let d = "FMIN: min(1.0, 2.0) = 1.0; min(-0.0, +0.0) = -0.0, -0 ordered below +0 (SVM-ATOMIC-FLOAT-MINMAX).";
    rows.add("operations", on_words("dword_atomic.fmin (M1, 2) T6 VE.0 VG.0 %null.0 VK.0", &[0, 4], &[0x3f80_0000, 0x8000_0000]).var_prefix("VG", le32(&[0x4000_0000, 0]))
        .expect_mem("flat", 0x1000, words(&[0x3f80_0000, 0x8000_0000])).expect_reg("VK", 0, words(&[0x3f80_0000, 0x8000_0000])).derived(d));
    let d = "FCMPWR, new = (src0 == old) ? src1 : old: 1.5 == 1.5 writes 9.0 (0x41100000); NaN equals nothing, so the NaN stays.";
    rows.add("operations", on_words("dword_atomic.fcmpwr (M1, 2) T6 VE.0 VG.0 VH.0 VK.0", &[0, 4], &[0x3fc0_0000, 0x7fc0_0000]).var_prefix("VG", le32(&[0x3fc0_0000, 0x7fc0_0000])).var_prefix("VH", le32(&[0x4110_0000, 0x4110_0000]))
        .expect_mem("flat", 0x1000, words(&[0x4110_0000, 0x7fc0_0000])).expect_reg("VK", 0, words(&[0x3fc0_0000, 0x7fc0_0000])).derived(d));
    let d = "ADD.16: each access is a word, the low 16 bits of each source dword: lane 0 at 0: 0xffff + 0x0001 = 0x0000 (16-bit wrap, the source's upper 0x1234 unused); lane 1 at 2: 0x0001 + 0x0002 = 0x0003. Dst's low words are the old 0xffff, 0x0001, the upper words undefined (SVM-ATOMIC-16BIT-WRITEBACK).";
    rows.add("operations", bti3(arow("dword_atomic.add.16 (M1, 2) T6 VE.0 VA.0 %null.0 VD.0", &[0, 2]).var_prefix("VA", le32(&[0x1234_0001, 2])).mem("flat", 0x1000, vec![0xff, 0xff, 0x01, 0x00, 0xee]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&[0, 0, 3, 0, 0xee])).expect_reg("VD", 0, vec![Some(0xff), Some(0xff), U, U, Some(1), Some(0), U, U]).derived(d));
    let d = "Notes: channels writing one address are serialized in any order (DWORD-ATOMIC-LANE-ORDER). Four INCs of the dword 10 leave 14 whatever the order; the old values each lane returns depend on it: don't-care.";
    rows.add("rows", on_words("dword_atomic.inc (M1, 4) T6 VE.0 %null.0 %null.0 VD.0", &[0, 0, 0, 0], &[10])
        .expect_mem("flat", 0x1000, words(&[14])).expect_reg("VD", 0, vec![U; 16]).derived(d));
    let d = "Predicate 0b10: only lane 1 runs: its dword 20 becomes 21; lane 0's dword keeps 10 and VD's lane 0 keeps 0xee.";
    rows.add("rows", on_words("(P1) dword_atomic.inc (M1, 2) T6 VE.0 %null.0 %null.0 VD.0", &[0, 4], &[10, 20]).var_prefix("VD", vec![0xee; 8]).pred("P1", 0b10)
        .expect_mem("flat", 0x1000, words(&[10, 21])).expect_reg("VD", 0, some(&[0xee, 0xee, 0xee, 0xee, 20, 0, 0, 0])).derived(d));
    let d = "As IGC writes it for a local histogram: INC on %slm (T0) at SIMD16 with a V0 Dst; element offsets 4i over the SLM words i: each becomes i + 1.";
    let eo: Vec<u32> = (0..16).map(|i| 4 * i).collect();
    let slm: Vec<u32> = (0..16).collect();
    let plus: Vec<u32> = (1..17).collect();
    rows.add("surfaces", arow("dword_atomic.inc (M1, 16) %slm VE.0 %null.0 %null.0 %null.0", &eo).mem("slm", 0, le32(&slm))
        .expect_mem("slm", 0, words(&plus)).derived(d));
    let d = "SLM-ADDRESS-HIGH-BITS resolved: as IGC writes the histogram, the element offsets carry the tag 0x10000000 (0x10000000 + 4i); bits 28-31 of an SLM address do not take part, so INC reaches the SLM words i: each becomes i + 1.";
    let tagged: Vec<u32> = (0..16).map(|i| 0x1000_0000 + 4 * i).collect();
    let tagged_row = || arow("dword_atomic.inc (M1, 16) %slm VE.0 %null.0 %null.0 %null.0", &tagged).mem("slm", 0, le32(&slm));
    rows.add("slm-address-high-bits", tagged_row().tag(errata::SLM_ADDRESS_HIGH_BITS).expect_mem("slm", 0, words(&plus)).derived(d));
    let d = "SLM-ADDRESS-HIGH-BITS literal: the offsets 0x10000000 + 4i as computed: INC reaches SLM words never written (zero) at 0x10000000 + 4i, which become 1; the words at 0..64 keep i.";
    rows.add("slm-address-high-bits", tagged_row().literal(errata::SLM_ADDRESS_HIGH_BITS).expect_mem("slm", 0, words(&slm)).expect_mem("slm", 0x1000_0000, words(&[1; 16])).derived(d));
    let d = "T5 (stateless, the document's T255): element offset 0x1004 is the flat address 0x1004: 2 + 3 = 5, Dst 2.";
    rows.add("surfaces", arow("dword_atomic.add (M1, 1) T255 VE.0 VA.0 %null.0 VD.0", &[0x1004]).var_prefix("VA", le32(&[3])).mem("flat", 0x1000, le32(&[1, 2, 3]))
        .expect_mem("flat", 0x1000, words(&[1, 5, 3])).expect_reg("VD", 0, words(&[2])).derived(d));
    let d = "Out-of-bound Access, surface size 0x12: the lane at 0x10 reads bytes 0x10, 0x11 (0xff, 0x00) and zeros for 0x12, 0x13 (DATAPORT-BOUNDS-LANE resolved, byte by byte): old 0xff, new 0x100; only 0x10, 0x11 are written (0x00, 0x01), 0x12, 0x13 keep 0xaa, 0xbb; Dst 0xff.";
    rows.add("bounds", bti3(arow("dword_atomic.inc (M1, 1) T6 VE.0 %null.0 %null.0 VD.0", &[0x10]).mem("flat", 0x1010, vec![0xff, 0x00, 0xaa, 0xbb]), 0x1000, 0x12)
        .expect_mem("flat", 0x1010, some(&[0x00, 0x01, 0xaa, 0xbb])).expect_reg("VD", 0, words(&[0xff])).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal: the dword at 0x10 crosses the end of the 0x12-byte surface: it reads zero and writes nothing; Dst 0.";
    rows.add("bounds", bti3(arow("dword_atomic.inc (M1, 1) T6 VE.0 %null.0 %null.0 VD.0", &[0x10]).mem("flat", 0x1010, vec![0xff, 0x00, 0xaa, 0xbb]), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_mem("flat", 0x1010, some(&[0xff, 0x00, 0xaa, 0xbb])).expect_reg("VD", 0, words(&[0])).derived(d));
    let d = "DWORD-ATOMIC-ALIGNMENT, resolved: a 32-bit access at byte offset 2 is misaligned: undefined behaviour.";
    rows.add("alignment", bti3(arow("dword_atomic.add (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[2]).var_prefix("VA", le32(&[1])).mem("flat", 0x1000, ramp(0, 8)), 0x1000, 0x40)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "DWORD-ATOMIC-ALIGNMENT, literal: surface[offset] at byte 2 is the dword of bytes 2..6, 0x05040302; + 1 = 0x05040303 written back there; Dst 0x05040302.";
    rows.add("alignment", bti3(arow("dword_atomic.add (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[2]).var_prefix("VA", le32(&[1])).mem("flat", 0x1000, ramp(0, 8)), 0x1000, 0x40).literal(errata::DWORD_ATOMIC_ALIGNMENT)
        .expect_mem("flat", 0x1000, some(&[0, 1, 3, 3, 4, 5, 6, 7])).expect_reg("VD", 0, words(&[0x0504_0302])).derived(d));
    let d = "SVM-ATOMIC-SIGNED-TYPES, resolved: ADD on D operands, as IGC writes for a signed atomic_add: 1 + -1 = 0, Dst 1.";
    rows.add("types", on_words("dword_atomic.add (M1, 1) T6 VE.0 VI.0 %null.0 VR.0", &[0], &[1]).var_prefix("VI", le32(&[0xffff_ffff]))
        .expect_mem("flat", 0x1000, words(&[0])).expect_reg("VR", 0, words(&[1])).derived(d));
    let d = "SVM-ATOMIC-SIGNED-TYPES, literal: the Notes give ADD type UD only: a D Src0 is invalid.";
    rows.add("types", arow("dword_atomic.add (M1, 1) T6 VE.0 VI.0 %null.0 VR.0", &[0]).literal(errata::SVM_ATOMIC_SIGNED_TYPES).expect_invalid("src0").derived(d));
    let d = "DWORD-ATOMIC-SURFACES, literal: the valid surfaces are T0 and T255; a binding-table surface variable is invalid.";
    rows.add("validation", arow("dword_atomic.inc (M1, 1) T6 VE.0 %null.0 %null.0 VD.0", &[0]).literal(errata::DWORD_ATOMIC_SURFACES).expect_invalid("surface").derived(d));
    let d = "Src0: for INC it must be V0: VA is invalid.";
    rows.add("validation", arow("dword_atomic.inc (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "Src1: CMPXCHG reads src1: `%null` is invalid.";
    rows.add("validation", arow("dword_atomic.cmpxchg (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src1").derived(d));
    let d = "Notes: IMIN takes type D: UD sources are invalid.";
    rows.add("validation", arow("dword_atomic.imin (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("src0").derived(d));
    let d = "Notes: Dst, Src0 and Src1 have the same type: ADD with a UD Src0 and an F Dst is invalid.";
    rows.add("validation", arow("dword_atomic.add (M1, 1) T6 VE.0 VA.0 %null.0 VG.0", &[0]).expect_invalid("dst").derived(d));
    let d = "Exec_size bits 2..0 go up to 16 elements: SIMD32 is invalid.";
    rows.add("validation", arow("dword_atomic.inc (M1, 32) T6 VE.0 %null.0 %null.0 %null.0", &[0]).expect_invalid("exec_size").derived(d));
    let d = "Op: `.nand` is no operation of the DWORD_ATOMIC_OP table.";
    rows.add("validation", arow("dword_atomic.nand (M1, 1) T6 VE.0 VA.0 %null.0 VD.0", &[0]).expect_invalid("op").derived(d));
}

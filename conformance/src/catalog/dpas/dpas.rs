//! Integer DPAS (instructions/DPAS.md, Semantics) on xe-hpg: Exec_size 8, 32-byte GRFs.
//! Expected values are derived by hand from the document's loop: `D[r][i] = C[r][i] + sum over
//! k < 32 (OPS 4) or 64 (OPS 8) of A[r][k] * B[k][i]`, wrapped modulo 2^32 (DPAS-INT-WRAP);
//! and the repeat loop under both readings of DPAS-RC-LOOP.

use visa_model::errata;
use visa_model::platform::Platform::{self, XeHpg};
use visa_model::types::DataType;

use super::{bytes, dst_rows, fill, form, forms, invalid, undefined, DECLS, UNTOUCHED};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

const HPG: Platform = Platform::XeHpg;
const HPC: Platform = Platform::XeHpc;
const XE2: Platform = Platform::Xe2;
const LP: Platform = Platform::XeLp;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dpas", instruction: "dpas", file: "catalog/dpas/dpas.jsonl", rows: add };

/// One DPAS after [`DECLS`] with D = 0x55.., C = `c` in every DW, W1 = `w`, A1 = `a`,
/// expecting D to be `d`.
#[rustfmt::skip]
fn dpas(text: &str, c: u32, w: Vec<u8>, a: Vec<u8>, d: Vec<u64>) -> Row {
    Row::new(XeHpg, format!("{DECLS}{text}\n")).var("D", fill(UNTOUCHED)).var("C", fill(c)).var("W1", w).var("A1", a).expect_lanes("D", DataType::D, &d)
}

/// One DPAS at RC 1 with C = `c`, W1 = `w` and A1 = `a` in every DW: row 0 of D is `want`
/// in all 8 channels.
#[derive(Debug)]
struct Uniform {
    text: &'static str,
    c: u32,
    w: u32,
    a: u32,
    want: u32,
    d: &'static str,
}

/// Row 0 is written in all 8 channels; the rest of D keeps 0x55555555.
#[rustfmt::skip]
fn uniform_rows(rows: &mut Rows, d: &str, text: &str, c: u32, w: u32, a: u32, want: u32) {
    let why = format!("{d} Row 0 is written in all 8 channels; the rest of D keeps 0x55555555.");
    rows.add("uniform", dpas(text, c, fill(w), fill(a), dst_rows(&[want])).derived(&why));
}

fn add(rows: &mut Rows) {
    semantics(rows);
    validation(rows);
}

#[rustfmt::skip]
fn semantics(rows: &mut Rows) {
    for &Uniform { text, c, w, a, want, d } in UNIFORM {
        uniform_rows(rows, d, text, c, w, a, want);
    }
    let d = "RC 8: A row r all bytes r, B all ones: D[r][i] = 32 r. Rows are one GRF apart (8 DWs).";
    let a: Vec<u8> = (0..256).map(|b| (b / 32) as u8).collect();
    let want: Vec<u32> = (0..8).map(|r| 32 * r).collect();
    let text = "dpas.u8.u8.8.8 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    rows.add("repeat", dpas(text, 0, fill(0x0101_0101), a, dst_rows(&want)).derived(d));
    let d = "Columns: channel i's DW of every Src1 GRF holds bytes i (B[k][i] = i); A all ones: \
             D[0][i] = 32 i. The rest of D keeps 0x55555555 (RC 1).";
    let w: Vec<u8> = (0..256).map(|b| ((b / 4) % 8) as u8).collect();
    let mut want = dst_rows(&[]);
    for (i, lane) in want[..8].iter_mut().enumerate() {
        *lane = 32 * i as u64;
    }
    let text = "dpas.u8.u8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    rows.add("columns", dpas(text, 0, w, fill(0x0101_0101), want).derived(d));
    let d = "Depth order: only A[0][0..4] = 1, 2, 3, 4 (the first dot4, from Src1 GRF 0) is \
             non-zero; B bytes of GRF 0 are 1 and of the other GRFs 100: D = 1 + 2 + 3 + 4 + C (5) \
             = 15. The rest of D keeps 0x55555555 (RC 1).";
    let mut a = vec![0u8; 256];
    a[..4].copy_from_slice(&[1, 2, 3, 4]);
    let w: Vec<u8> = (0..256).map(|b| if b < 32 { 1 } else { 100 }).collect();
    let text = "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)";
    rows.add("depth", dpas(text, 5, w, a, dst_rows(&[15])).derived(d));
    let d = "DPAS-RC-LOOP. u8 x u8, A and B all ones: every computed row is 32 products of 1 = \
             32. Resolved (`r < RC`): rows 0 and 1 computed. Literal (`i < RC`): `i` is 8 after \
             row 0, so the loop stops and row 1 keeps its bytes.";
    let text = "dpas.u8.u8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    let row = |want: &[u32]| dpas(text, 0, bytes(1), bytes(1), dst_rows(want)).derived(d);
    rows.add("rc-loop", row(&[32, 32]));
    rows.add("rc-loop", row(&[32, UNTOUCHED]).literal(errata::DPAS_RC_LOOP));
    super::dpas_profiles::add(rows);
}

/// The validation rows (instructions/DPAS.md, Format, operand descriptions, legal
/// combinations, Notes): a valid instruction runs, an invalid one reports its own class and
/// field. One form a line, as the table reads.
#[rustfmt::skip]
fn validation(rows: &mut Rows) {
    let d = "DPAS.md, Notes example shapes: int, bf and hf DPAS at RC 8 (execution size 8 on xe-hpg); valid.";
    forms(rows, "forms", d, &[(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", None), (HPG, "dpas.u4.s8.8.8 (M1, 8) VU.0 VU.0 W1.0 A1(0,0)", None),
        (HPG, "dpas.bf.bf.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", None), (HPG, "dpas.hf.hf.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", None)]);
    let d = "DPAS.md, legal-combination table: Dst/Src0 BF with bf, HF with hf, each independently F or the 16-bit type; D and UD mixed for int; tf32 and the fp8 pairs on xe2; valid.";
    forms(rows, "forms", d, &[(HPC, "dpas.bf.bf.8.8 (M1, 16) VBF.0 VF.0 W1.0 A1(0,0)", None), (HPC, "dpas.hf.hf.8.4 (M1, 16) VF.0 VH.0 W1.0 A1(0,0)", None),
        (HPC, "dpas.s2.u8.8.2 (M1, 16) VD.0 VU.0 W1.0 A1(0,0)", None), (XE2, "dpas.tf32.tf32.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", None),
        (XE2, "dpas.bf8.hf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", None), (XE2, "dpas.hf8.hf8.8.1 (M1, 16) VF.0 %null.0 W1.0 A1(0,0)", None)]);
    let d = "DPAS.md, Src0: `%null.0` is \"a null operand, meaning it is zero\"; valid.";
    forms(rows, "forms", d, &[(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.0 %null.0 W1.0 A1(0,0)", None)]);
    let d = "DPAS.md, operands: raw offsets are in whole GRFs (32 bytes on xe-hpg, 64 on xe-hpc); an offset of half a GRF is invalid at its operand.";
    forms(rows, "offsets", d, &[(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.32 VD.64 W1.0 A1(1,0)", None),
        (HPG, "dpas.s8.s8.8.1 (M1, 8) VD.16 VD.0 W1.0 A1(0,0)", invalid("dst")), (HPC, "dpas.s8.s8.8.1 (M1, 16) VD.0 VD.0 W1.32 A1(0,0)", invalid("src1")),
        (HPC, "dpas.s8.s8.8.1 (M1, 16) VD.0 VD.96 W1.0 A1(0,0)", invalid("src0"))]);
    let d = "DPAS.md, platforms: no DPAS on xe-lp; execution size 8 on xe-hpg, 16 on xe-hpc and xe2.";
    forms(rows, "platforms", d, &[(LP, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPG, "dpas.s8.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)", invalid("exec_size")), (HPC, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("exec_size")),
        (XE2, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("exec_size"))]);
    let d = "DPAS.md, SystolicDepth: encodable 1, 2, 4, 8, on XEHP+ only 8; RepeatCount 1..8.";
    forms(rows, "text", d, &[(HPG, "dpas.s8.s8.4.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPC, "dpas.s8.s8.1.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")), (HPG, "dpas.s8.s8.3.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPG, "dpas.s8.s8.8.0 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")), (HPG, "dpas.s8.s8.8.9 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]);
    let d = "DPAS.md, Text: four fields, `dpas.<W>.<A>.<SD>.<RC>`, of the precision table.";
    forms(rows, "text", d, &[(HPG, "dpas.s8.s8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPG, "dpas.s8.s8.8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")), (HPG, "dpas.x8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]);
    let d = "DPAS.md, legal-combination table: precision pairs outside it: mixed float, int with float, tf32 with fp8, one-bit (DPAS-ONE-BIT).";
    forms(rows, "precisions", d, &[(HPC, "dpas.bf.hf.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPC, "dpas.s8.bf.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")), (HPC, "dpas.tf32.bf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", invalid("opcode")),
        (HPC, "dpas.u1.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]);
    let d = "DPAS.md, legal-combination table: the Dst and Src0 types of each row (int: D or UD; bf: F or BF; hf: F or HF; tf32 and fp8: F).";
    forms(rows, "types", d, &[(HPG, "dpas.s8.s8.8.8 (M1, 8) VF.0 VF.0 W1.0 A1(0,0)", invalid("dst")),
        (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VF.0 W1.0 A1(0,0)", invalid("src0")), (HPG, "dpas.bf.bf.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst")),
        (HPG, "dpas.hf.hf.8.8 (M1, 8) VF.0 VBF.0 W1.0 A1(0,0)", invalid("src0")), (HPG, "dpas.tf32.tf32.8.8 (M1, 8) VBF.0 VF.0 W1.0 A1(0,0)", invalid("dst")),
        (HPG, "dpas.bf8.bf8.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst")), (HPG, "dpas.s8.s8.8.8 (M1, 8) VW.0 VD.0 W1.0 A1(0,0)", invalid("dst"))]);
    let d = "DPAS.md, Src1 and Src2: D or UD.";
    forms(rows, "types", d, &[(HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 VF.0 A1(0,0)", invalid("src1")),
        (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 VF(0,0)", invalid("src2")), (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 VD(0,0)", None)]);
    let d = "DPAS.md, operands: no %null Dst or Src1, a Src2 without a region, no predicate.";
    forms(rows, "operands", d, &[(HPG, "dpas.s8.s8.8.8 (M1, 8) %null.0 VD.0 W1.0 A1(0,0)", invalid("dst")),
        (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 %null.0 A1(0,0)", invalid("src1")), (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)<1;1,0>", invalid("src2")),
        (HPG, "dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1.0", invalid("src2")), (HPG, "(P1) dpas.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("pred"))]);
    let d = "DPAS.md, Notes: Src2 is aligned to one row of A, SD*bits*OPS_PER_CHAN/32 DWORDs: 8 for s8 (32 bytes), 4 for s4 with an 8-bit W (OPS 4: 16 bytes), 2 for s2 with an 8-bit W (8 bytes), 8 for u4 with a 4-bit W (OPS 8: 32 bytes), 4 for u2 with a 2-bit W (16 bytes).";
    forms(rows, "alignment", d, &[(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", invalid("src2")),
        (HPG, "dpas.s8.s4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", None), (HPG, "dpas.s8.s4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", invalid("src2")),
        (HPG, "dpas.s8.s2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", None), (HPG, "dpas.s8.s2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,1)", invalid("src2")),
        (HPG, "dpas.u4.u4.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", invalid("src2")), (HPG, "dpas.u2.u2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,4)", None),
        (HPG, "dpas.u2.u2.8.1 (M1, 8) VD.0 VD.0 W1.0 A1(0,2)", invalid("src2"))]);
    let d = "DPAS.md, extents: Dst D at RC 8 on xe-hpg is 8 rows of 8 D = 256 bytes and VD128 has 128 (RC 4 fits); Src0 likewise. Past the variable is undefined behaviour.";
    forms(rows, "extents", d, &[(HPG, "dpas.s8.s8.8.8 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)", undefined("dst")),
        (HPG, "dpas.s8.s8.8.4 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)", None), (HPG, "dpas.s8.s8.8.4 (M1, 8) VD.0 VD128.32 W1.0 A1(0,0)", undefined("src0"))]);
    let d = "DPAS.md, extents: Src1 is ceil(SD/SRC1_OPERANDS_PER_CHAN) GRFs. s8 W: 8 GRFs (256 bytes on xe-hpg) do not fit VS (64 bytes); s2 W with s8 A: SRC1_OPERANDS_PER_CHAN 32/(4*2) = 4, 2 GRFs = 64 bytes fit from VS.0, not from VS.32; s4 W with s8 A: SRC1_OPERANDS_PER_CHAN 2, 4 GRFs = 128 bytes > 64.";
    forms(rows, "extents", d, &[(HPG, "dpas.s8.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)", undefined("src1")),
        (HPG, "dpas.s2.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)", None), (HPG, "dpas.s2.s8.8.1 (M1, 8) VD.0 VD.0 VS.32 A1(0,0)", undefined("src1")),
        (HPG, "dpas.s4.s8.8.1 (M1, 8) VD.0 VD.0 VS.0 A1(0,0)", undefined("src1"))]);
    let d = "DPAS.md, extents: Src2 is RC rows of SD*OPS_PER_CHAN elements. u4.u4 (OPS 8): 64 elements of 4 bits = 32 bytes a row; VS holds two rows.";
    forms(rows, "extents", d, &[(HPG, "dpas.u4.u4.8.2 (M1, 8) VD.0 VD.0 W1.0 VS(0,0)", None), (HPG, "dpas.u4.u4.8.1 (M1, 8) VD.0 VD.0 W1.0 VS(1,0)", None),
        (HPG, "dpas.u4.u4.8.2 (M1, 8) VD.0 VD.0 W1.0 VS(1,0)", undefined("src2")), (HPG, "dpas.u4.u4.8.3 (M1, 8) VD.0 VD.0 W1.0 VS(0,0)", undefined("src2"))]);
    let d = "DPAS-DST-ADVANCE resolved: HF/BF Dst rows are packed, 8 rows of 16 BF on xe-hpc = 256 bytes, exactly VB256; valid.";
    rows.add("extents", form(HPC, "dpas.bf.bf.8.8 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)", None).tag(errata::DPAS_DST_ADVANCE).derived(d));
    let d = "DPAS-TF32-FP8-PATHS literal: tf32 has OPS_PER_CHAN 8 and SRC1_OPERANDS_PER_CHAN 0, so the tf32 pair is refused; the fp8 pairs stay valid.";
    for (text, verdict) in
        [("dpas.tf32.tf32.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", invalid("opcode")), ("dpas.bf8.bf8.8.8 (M1, 16) VF.0 VF.0 W1.0 A1(0,0)", None)]
    {
        let row = form(XE2, text, verdict).literal(errata::DPAS_TF32_FP8_PATHS);
        rows.add("literal", row.derived(d));
    }
    let d = "DPAS-DST-ADVANCE literal: a BF Dst row per GRF, so RC 8 on xe-hpc spans 7*64 + 32 = 480 bytes > VB256's 256 (undefined behaviour), RC 4 spans 3*64 + 32 = 224 (valid); D rows are one GRF under both readings.";
    for (platform, text, verdict) in [
        (HPC, "dpas.bf.bf.8.8 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)", undefined("dst")),
        (HPC, "dpas.bf.bf.8.4 (M1, 16) VB256.0 VF.0 W1.0 A1(0,0)", None),
        (HPG, "dpas.s8.s8.8.4 (M1, 8) VD128.0 VD.0 W1.0 A1(0,0)", None),
    ] {
        let row = form(platform, text, verdict).literal(errata::DPAS_DST_ADVANCE);
        rows.add("literal", row.derived(d));
    }
}

#[rustfmt::skip]
const UNIFORM: &[Uniform] = &[
    Uniform { text: "dpas.s8.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0x0101_0101, a: 0xFFFF_FFFF, want: 0xFFFF_FFE0,
            d: "s8 x s8, SRC1_OPERANDS_PER_CHAN 1: B bytes 1, A bytes 0xFF = -1: 32 * (-1) = -32." },
    Uniform { text: "dpas.s2.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)", c: 100, w: 0xAAAA_AAAA, a: 0x0101_0101, want: 36, d: "s2 W in a DW (0xAAAAAAAA: every 2-bit \
            field 0b10 = -2), u8 A = 1, OPS_PER_CHAN 4, SRC1_OPERANDS_PER_CHAN 4: 32 * (-2) = -64, plus C = 100: 36." },
    Uniform { text: "dpas.s4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0x8888_8888, a: 0x8080_8080, want: 0x8000, d: "s4 W 0b1000 = -8 \
            (SRC1_OPERANDS_PER_CHAN 2), s8 A 0x80 = -128: 32 * 1024 = 32768." },
    Uniform { text: "dpas.u4.s8.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0xFFFF_FFFF, a: 0xFFFF_FFFF, want: (-480i32) as u32,
            d: "u4 W 0xF = 15 with s8 A = -1 (OPS 4, SRC1_OPERANDS_PER_CHAN 2): 32 * (-15) = -480." },
    Uniform { text: "dpas.s4.s4.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0xFFFF_FFFF, a: 0xFFFF_FFFF, want: 64, d: "s4 x s4, OPS_PER_CHAN 8 (dot8), \
            SRC1_OPERANDS_PER_CHAN 1: 64 * (-1)(-1) = 64." },
    Uniform { text: "dpas.u2.u2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0xFFFF_FFFF, a: 0xFFFF_FFFF, want: 576, d: "u2 x u2, OPS_PER_CHAN 8, \
            SRC1_OPERANDS_PER_CHAN 2: 64 * 3 * 3 = 576." },
    Uniform { text: "dpas.s2.s2.8.1 (M1, 8) D.0 %null.0 W1.0 A1(0,0)", c: 0, w: 0x5555_5555, a: 0xFFFF_FFFF, want: (-64i32) as u32,
            d: "s2 x s2: fields 0b01 = 1 in W, 0b11 = -1 in A: 64 * (-1) = -64." },
    Uniform { text: "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)", c: 0xFFFF_FFFF, w: 0x0101_0101, a: 0x0101_0101, want: 31, d: "Wrap-around: C = 0xFFFFFFFF (UD), \
            u8 x u8 of ones: 0xFFFFFFFF + 32 = 31 mod 2^32." },
    Uniform { text: "dpas.u8.u8.8.1 (M1, 8) D.0 C.0 W1.0 A1(0,0)", c: 0xFFF0_0000, w: 0xFFFF_FFFF, a: 0xFFFF_FFFF, want: 0x000F_C020,
            d: "Wrap of the products: u8 255 * 255 * 32 = 2080800 plus C 0xFFF00000 = 0x1_000FC020 -> 0x000FC020." },
];

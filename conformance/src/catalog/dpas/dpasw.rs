//! DPASW (instructions/DPASW.md) on xe-hpg: the fused Src2 from the partner thread's
//! register file (`init.partner`), under both readings of DPASW-SPLIT.

use visa_model::errata;
use visa_model::platform::Platform::{XeHpc, XeHpg, XeLp};
use visa_model::types::DataType;

use super::{bytes, dst_rows, fill, forms, invalid, DECLS, UNTOUCHED};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dpas", instruction: "dpasw", file: "catalog/dpas/dpasw.jsonl", rows: add };

/// `text` after [`DECLS`] with D = 0x55.., W1 = `w`, A1 = `a` and the partner's A1 =
/// `partner` (when given), expecting D's rows to be `want`.
#[rustfmt::skip]
fn dpasw(text: &str, w: Vec<u8>, a: Vec<u8>, partner: Option<Vec<u8>>, want: &[u32]) -> Row {
    let mut row = Row::new(XeHpg, format!("{DECLS}{text}\n")).var("D", fill(UNTOUCHED)).var("W1", w).var("A1", a);
    if let Some(p) = partner {
        row = row.partner("A1", p);
    }
    row.expect_lanes("D", DataType::D, &dst_rows(want))
}

fn add(rows: &mut Rows) {
    semantics(rows);
    validation(rows);
}

#[rustfmt::skip]
fn semantics(rows: &mut Rows) {
    let d = "DPASW, s8 A: Src2SizeInBytes = (8 * 4) * RC = 64 at RC 2, NGrf 2, NGrf_EU0 = 1, \
             NGrf_EU1 = 1: Src2.R[1] = EU1.Src2.R[0] (the partner's first register, bytes 2), \
             not EU1.Src2.R[1] (bytes 3) nor this thread's R[1] (bytes 1). B all ones: row 0 = \
             32 * 1, row 1 = 32 * 2. The rest of D keeps 0x55555555.";
    let mut partner = bytes(2);
    partner[32..64].fill(3);
    let text = "dpasw.s8.s8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    rows.add("partner", dpasw(text, bytes(1), bytes(1), Some(partner), &[32, 64]).derived(d));
    let d = "DPASW without a partner register file: the partner holds this thread's bytes, so \
             the result is DPAS's: A all ones, B all ones, RC 2: 32 in both rows. The rest of D \
             keeps 0x55555555.";
    rows.add("partner", dpasw(text, bytes(1), bytes(1), None, &[32, 32]).derived(d));
    let d = "DPASW-SPLIT. u8 W (OPS_PER_CHAN 4), u4 A: a row of A is 32 nibbles = 16 bytes; RC \
             3: Src2SizeInBytes 48, NGrf 2. Own A1 nibbles 1 (bytes 0x11), partner's 2 (0x22); \
             B = 1. Resolved (formula): NGrf_EU0 1: rows 0 and 1 in own R[0] (32 * 1), row 2 = \
             first half of EU1.Src2.R[0] (32 * 2). Literal (table, RC 3, 4-bit & OPS_PER_CHAN 4 \
             column): both registers from EU0, row 2 = 32 * 1.";
    let text = "dpasw.u8.u4.8.3 (M1, 8) D.0 %null.0 W1.0 A1(0,0)";
    let row = |want: &[u32]| dpasw(text, bytes(1), bytes(0x11), Some(bytes(0x22)), want).tag(errata::DPASW_SPLIT).derived(d);
    rows.add("split", row(&[32, 32, 64]));
    rows.add("split", row(&[32, 32, 32]).literal(errata::DPASW_SPLIT));
}

/// The validation rows (instructions/DPASW.md): a valid instruction runs, an invalid one
/// reports its own class and field.
#[rustfmt::skip]
fn validation(rows: &mut Rows) {
    let d = "DPASW.md: xe-hpg only; Dst D, UD or F; Src0 the same type as Dst (or %null); valid on xe-hpg.";
    forms(rows, "forms", d, &[(XeHpg, "dpasw.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", None), (XeHpg, "dpasw.bf.bf.8.8 (M1, 8) VF.0 %null.0 W1.0 A1(0,0)", None)]);
    let d = "DPASW.md: xe-hpg only, so not on xe-hpc or xe-lp.";
    forms(rows, "forms", d, &[(XeHpc, "dpasw.s8.s8.8.8 (M1, 16) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode")),
        (XeLp, "dpasw.s8.s8.8.8 (M1, 8) VD.0 VD.0 W1.0 A1(0,0)", invalid("opcode"))]);
    let d = "DPASW.md: Dst is D, UD or F (not HF); Src0 is the same type as Dst (not UD beside D).";
    forms(rows, "forms", d, &[(XeHpg, "dpasw.hf.hf.8.8 (M1, 8) VH.0 VF.0 W1.0 A1(0,0)", invalid("dst")),
        (XeHpg, "dpasw.s8.s8.8.8 (M1, 8) VD.0 VU.0 W1.0 A1(0,0)", invalid("src0"))]);
}

//! QW_SCATTER (instructions/QW_SCATTER.md): hand-derived rows, each with its derivation. On
//! xe-hpc; block `j` of lane `i` is `src[j*exec_size+i]`, written to the qword at
//! `Offset[i] + 8*j` (QW-GATHER-BLOCKS).

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "qw_scatter", file: "catalog/dataport/qw_scatter.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "1 block, SIMD2, T6 (index 3, base 0x1000): lane 0 writes src qword 0 (ramp 0..8) at byte 8, lane 1 src qword 1 (ramp 8..16) at byte 0.";
    rows.add("rows", bti3(qw("qw_scatter.1 (M1, 2) T6 VE.0 VQ.0", &[8, 0]).var_prefix("VQ", ramp(0, 16)).mem("flat", 0x1000, vec![0xff; 16]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&[ramp(8, 8), ramp(0, 8)].concat())).derived(d));
    let d = "QW-GATHER-BLOCKS resolved, 4 blocks, one lane on T0: block j = src[j] goes to SLM byte 4 + 8j, so SLM 4..36 is the ramp 0..32; bytes 0..4 and 36..40 keep 0xff.";
    rows.add("rows", qw("qw_scatter.4 (M1, 1) %slm VE.0 VQ.0", &[4]).var_prefix("VQ", ramp(0, 32)).mem("slm", 0, vec![0xff; 40]).tag(errata::QW_GATHER_BLOCKS)
        .expect_mem("slm", 0, some(&[vec![0xff; 4], ramp(0, 32), vec![0xff; 4]].concat())).derived(d));
    let d = "Out-of-bound Access (data dropped), surface size 0x12: the qword at 0x10 writes 0xa0, 0xa1 at 0x10, 0x11 and drops 0x12..0x18, which keep 0xff.";
    rows.add("bounds", bti3(qw("qw_scatter.1 (M1, 1) T6 VE.0 VQ.0", &[0x10]).var_prefix("VQ", ramp(0xa0, 8)).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x12)
        .expect_mem("flat", 0x1010, some(&[0xa0, 0xa1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "Src must have type Q, UQ or DF: a UW variable is invalid.";
    rows.add("validation", qw("qw_scatter.1 (M1, 2) T6 VE.0 VW.0", &[0]).expect_invalid("src").derived(d));
}

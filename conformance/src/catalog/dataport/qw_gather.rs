//! QW_GATHER (instructions/QW_GATHER.md): hand-derived rows, each with its derivation. On
//! xe-hpc (the document's {PVC_XT,PVC}); Offset holds byte offsets, block `j` of lane `i` is
//! the qword at `Offset[i] + 8*j` and lands in `dst[j*exec_size+i]` (QW-GATHER-BLOCKS).

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "qw_gather", file: "catalog/dataport/qw_gather.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "1 block, SIMD2, T6 (index 3, base 0x1000): lane 0 reads the qword at byte 8, lane 1 at byte 0.";
    rows.add("rows", bti3(qw("qw_gather.1 (M1, 2) T6 VE.0 VQ.0", &[8, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VQ", 0, some(&[ramp(8, 8), ramp(0, 8)].concat())).derived(d));
    let two = || bti3(qw("qw_gather.2 (M1, 2) T6 VE.0 VQ.0", &[0x10, 3]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40);
    let d = "QW-GATHER-BLOCKS resolved, 2 blocks, SIMD2: dst[j*2+i] is the qword at Offset[i] + 8j: qword 0 = lane 0 block 0 (bytes 0x10..0x18), 1 = lane 1 block 0 (3..11), 2 = lane 0 block 1 (0x18..0x20), 3 = lane 1 block 1 (11..19).";
    rows.add("rows", two().tag(errata::QW_GATHER_BLOCKS)
        .expect_reg("VQ", 0, some(&[ramp(0x10, 8), ramp(3, 8), ramp(0x18, 8), ramp(11, 8)].concat())).derived(d));
    let d = "QW-GATHER-BLOCKS literal: Num_blocks encodes 1 block only: `.2` is invalid.";
    rows.add("validation", two().literal(errata::QW_GATHER_BLOCKS).expect_invalid("num_blocks").derived(d));
    let d = "Out-of-bound Access (zeroes), surface size 0x12: the qword at 0x10 has bytes 0x10, 0x11 inside and 0x12..0x18 past the end, read as zero (DATAPORT-BOUNDS-LANE resolved: byte by byte).";
    rows.add("bounds", bti3(qw("qw_gather.1 (M1, 1) T6 VE.0 VQ.0", &[0x10]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12)
        .expect_reg("VQ", 0, some(&[0x10, 0x11, 0, 0, 0, 0, 0, 0])).derived(d));
    let d = "DATAPORT-BOUNDS-LANE literal: the same qword crosses the end and reads zero as a whole.";
    rows.add("bounds", bti3(qw("qw_gather.1 (M1, 1) T6 VE.0 VQ.0", &[0x10]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VQ", 0, some(&[0; 8])).derived(d));
    let d = "T0 (SLM) is supported: byte offset 5 reads SLM bytes 5..13, unaligned.";
    rows.add("surfaces", qw("qw_gather.1 (M1_NM, 1) %slm VE.0 VQ.0", &[5]).mem("slm", 0, ramp(0, 32))
        .expect_reg("VQ", 0, some(&ramp(5, 8))).derived(d));
    let d = "Predicate 0b10: ChEn[0] is 0, lane 0 keeps VQ's 0xee bytes; lane 1 reads the qword at 8.";
    rows.add("rows", bti3(qw("(P1) qw_gather.1 (M1, 2) T6 VE.0 VQ.0", &[0, 8]).var_prefix("VQ", vec![0xee; 16]).pred("P1", 0b10).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VQ", 0, some(&[vec![0xee; 8], ramp(8, 8)].concat())).derived(d));
    let d = "6_instructions.md tags QW_GATHER {PVC_XT,PVC}: on xe-lp it does not exist.";
    rows.add("validation", Row::new(Platform::XeLp, format!("{QW_DECLS}qw_gather.1 (M1, 2) T6 VE.0 VQ.0\n")).expect_invalid("opcode").derived(d));
    let d = "Dst must have type Q, UQ or DF: a UD variable is invalid.";
    rows.add("validation", qw("qw_gather.1 (M1, 2) T6 VE.0 VE.0", &[0]).expect_invalid("dst").derived(d));
    let d = "Offset must have type UD: a UW variable is invalid.";
    rows.add("validation", qw("qw_gather.1 (M1, 2) T6 VW.0 VQ.0", &[0]).expect_invalid("offset").derived(d));
    let d = "Exec_size encodes 1 to 16 elements: SIMD32 is invalid.";
    rows.add("validation", qw("qw_gather.1 (M1, 32) T6 VE.0 VQ.0", &[0]).expect_invalid("exec_size").derived(d));
    let d = "8 blocks are no Num_blocks value (IGC takes 1, 2 or 4): invalid.";
    rows.add("validation", qw("qw_gather.8 (M1, 1) T6 VE.0 VQ.0", &[0]).expect_invalid("num_blocks").derived(d));
}

//! SCATTER (instructions/SCATTER.md): hand-derived rows, each with its derivation. Both
//! offsets count elements: lane `i` writes the low `elt_size` bytes of `src[i]` at byte
//! `(global_offset + element_offset[i]) * elt_size`.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "scatter", file: "catalog/dataport/scatter.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "4-byte elements, SIMD8 on T0: global_offset 1, element offsets 7..0 give elements 8..1, lane i at SLM byte 4*(8-i); src dword i is the ramp 4i..4i+4. SLM 4..36 hold src dwords 7, 6, ..., 0; bytes 0..4 and 36..40 keep 0xff.";
    rows.add("rows", row("scatter.4 (M1, 8) %slm 0x1:ud VE.0 VD.0", &[7, 6, 5, 4, 3, 2, 1, 0]).var_prefix("VD", ramp(0, 32)).mem("slm", 0, vec![0xff; 40])
        .expect_mem("slm", 0, some(&[0xff, 0xff, 0xff, 0xff, 28, 29, 30, 31, 24, 25, 26, 27, 20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "2-byte elements on the stateless surface: element 0x800 + 1 is the flat address 0x1002; the low two bytes of src 0xaabbccdd (0xdd, 0xcc) land there, the upper bits are ignored.";
    rows.add("surfaces", row("scatter.2 (M1, 1) %scratch 0x800:ud VE.0 VD.0", &[1]).var_prefix("VD", le32(&[0xaabb_ccdd])).mem("flat", 0x1000, vec![0xff; 6])
        .expect_mem("flat", 0x1000, some(&[0xff, 0xff, 0xdd, 0xcc, 0xff, 0xff])).derived(d));
    let bti = || bti3(row("scatter.1 (M1, 8) T6 0x10:ud VE.0 VD.0", &[0, 1, 2, 3, 4, 5, 6, 7]).var_prefix("VD", le32(&[0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7])).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x12);
    let d = "GATHER-SCATTER-SURFACES resolved: T6 (index 3, base 0x1000, size 0x12), 1-byte elements 0x10..0x18. Lanes 0 and 1 write 0xa0, 0xa1 at 0x10, 0x11; lanes 2-7 are past the end and dropped (Out-of-bound Access): those bytes keep 0xff though memory lies there.";
    rows.add("bounds", bti().tag(errata::GATHER_SCATTER_SURFACES)
        .expect_mem("flat", 0x1010, some(&[0xa0, 0xa1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "GATHER-SCATTER-SURFACES literal: T6 is neither T0 nor T255: invalid.";
    rows.add("validation", bti().literal(errata::GATHER_SCATTER_SURFACES).expect_invalid("surface").derived(d));
    let d = "Notes: two channels writing one address is undefined. Lanes 0 and 1 both write element 2 (bytes 2, 3 of SLM) with 0x1111 and 0x2222: both bytes are undefined; the others keep 0xff.";
    rows.add("rows", row("scatter.2 (M1, 8) %slm 0x0:ud VE.0 VD.0", &[2, 2, 4, 5, 6, 7, 8, 9]).var_prefix("VD", le32(&[0x1111, 0x2222, 0, 0, 0, 0, 0, 0])).mem("slm", 0, vec![0xff; 4])
        .expect_mem("slm", 0, vec![Some(0xff), Some(0xff), None, None]).derived(d));
    let d = "Src must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("scatter.4 (M1, 8) T0 0x0:ud VE.0 VW.0", &[0]).expect_invalid("src").derived(d));
    let d = "Num_elts encodes 8, 16 or 1 element: SIMD2 is invalid.";
    rows.add("validation", row("scatter.4 (M1, 2) T0 0x0:ud VE.0 VD.0", &[0]).expect_invalid("exec_size").derived(d));
}

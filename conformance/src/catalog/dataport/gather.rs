//! GATHER (instructions/GATHER.md): hand-derived rows, each with its derivation. Both
//! offsets count elements: lane `i` reads the `elt_size` bytes from byte
//! `(global_offset + element_offset[i]) * elt_size`.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "gather", file: "catalog/dataport/gather.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "4-byte elements, SIMD8 on T0 (%slm): global_offset 1, element offsets 3, 2, 1, 0, 7, 6, 5, 4 give elements 4, 3, 2, 1, 8, 7, 6, 5, the SLM bytes 16, 12, 8, 4, 32, 28, 24, 20 and the three after each.";
    rows.add("rows", row("gather.4 (M1, 8) %slm 0x1:ud VE.0 VD.0", &[3, 2, 1, 0, 7, 6, 5, 4]).mem("slm", 0, ramp(0, 48))
        .expect_reg("VD", 0, some(&[16, 17, 18, 19, 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 32, 33, 34, 35, 28, 29, 30, 31, 24, 25, 26, 27, 20, 21, 22, 23])).derived(d));
    let d = "2-byte elements, one element under NoMask: element 3 + 2 = 5 is SLM bytes 10 and 11; Dst's upper two bytes are undefined.";
    rows.add("rows", row("gather.2 (M1_NM, 1) T0 0x3:ud VE.0 VD.0", &[2]).mem("slm", 0, ramp(0, 16))
        .expect_reg("VD", 0, vec![Some(10), Some(11), U, U]).derived(d));
    let d = "1-byte elements on the stateless surface (%scratch): global_offset 0x1000 + element offsets 7..0 are the flat bytes 0x1007..0x1000, the ramp's 7..0 in each dword's low byte, the upper bytes undefined.";
    rows.add("surfaces", row("gather.1 (M1, 8) %scratch 0x1000:ud VE.0 VD.0", &[7, 6, 5, 4, 3, 2, 1, 0]).mem("flat", 0x1000, mem.clone())
        .expect_reg("VD", 0, (0..8u8).rev().flat_map(|b| [Some(b), U, U, U]).collect()).derived(d));
    let d = "T255 (the stateless surface): element 0x400 + 1 of 4 bytes is the flat address 0x1004: the ramp word 4..8.";
    rows.add("surfaces", row("gather.4 (M1, 1) T255 0x400:ud VE.0 VD.0", &[1]).mem("flat", 0x1000, mem.clone())
        .expect_reg("VD", 0, some(&[4, 5, 6, 7])).derived(d));
    let d = "Element index 0x40000000 + 1 = 0x40000001 of 4 bytes is byte 0x1_0000_0004, truncated to the 32-bit address 4: SLM bytes 4..8.";
    rows.add("rows", row("gather.4 (M1, 1) %slm 0x40000000:ud VE.0 VD.0", &[1]).mem("slm", 0, ramp(0, 16)).tag("index-wrap")
        .expect_reg("VD", 0, some(&[4, 5, 6, 7])).derived(d));
    let bti = || bti3(row("gather.4 (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 1, 2, 3, 4, 5, 6, 7]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12);
    let d = "GATHER-SCATTER-SURFACES resolved: a binding-table buffer (T6 = index 3, base 0x1000, size 0x12). Elements 0..8 are bytes 0..32: lanes 0-3 read the ramp 0..16; lane 4 reads 0x10, 0x11 and zeros for 0x12, 0x13 (Out-of-bound Access, byte by byte: DATAPORT-BOUNDS-LANE resolved); lanes 5-7 read zeros.";
    rows.add("bounds", bti().tag(errata::GATHER_SCATTER_SURFACES)
        .expect_reg("VD", 0, some(&[ramp(0, 16), vec![0x10, 0x11], vec![0; 14]].concat())).derived(d));
    let d = "DATAPORT-BOUNDS-LANE literal on the same case: lane 4's element crosses the end of the 0x12-byte surface and reads zero as a whole.";
    rows.add("bounds", bti().tag(errata::GATHER_SCATTER_SURFACES).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VD", 0, some(&[ramp(0, 16), vec![0; 16]].concat())).derived(d));
    let d = "GATHER-SCATTER-SURFACES literal: Surface's valid values are T0 and T255 only; a surface variable is invalid.";
    rows.add("validation", bti().literal(errata::GATHER_SCATTER_SURFACES).expect_invalid("surface").derived(d));
    let d = "The Format has no Pred field (and IGC's grammar no predicate): `(P1)` is invalid.";
    rows.add("validation", row("(P1) gather.4 (M1, 8) T0 0x0:ud VE.0 VD.0", &[0]).expect_invalid("pred").derived(d));
    let d = "Num_elts encodes 8, 16 or 1 element: an execution size of 4 is invalid.";
    rows.add("validation", row("gather.4 (M1, 4) T0 0x0:ud VE.0 VD.0", &[0]).expect_invalid("exec_size").derived(d));
    let d = "Elt_size encodes 1, 2 or 4 bytes: `.3` is invalid.";
    rows.add("validation", row("gather.3 (M1, 8) T0 0x0:ud VE.0 VD.0", &[0]).expect_invalid("elt_size").derived(d));
    let d = "Global_offset must have type UD: a D immediate is invalid.";
    rows.add("validation", row("gather.4 (M1, 8) T0 0x0:d VE.0 VD.0", &[0]).expect_invalid("global_offset").derived(d));
    let d = "Element_offset must have type UD: a UW variable is invalid.";
    rows.add("validation", row("gather.4 (M1, 8) T0 0x0:ud VW.0 VD.0", &[0]).expect_invalid("element_offset").derived(d));
    let d = "Dst must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("gather.4 (M1, 8) T0 0x0:ud VE.0 VW.0", &[0]).expect_invalid("dst").derived(d));
    let d = "16 elements need 64 bytes of Dst: VF has 32.";
    rows.add("validation", row("gather.4 (M1, 16) T0 0x0:ud VE.0 VF.0", &[0]).expect_invalid("dst").derived(d));
}

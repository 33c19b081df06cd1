//! SCATTER4_SCALED (instructions/SCATTER4_SCALED.md): hand-derived rows, each with its
//! derivation. The loop's `address` is `offset + element_offset[i]`
//! (SCATTER4-SCALED-ADDRESS, resolved). On xe-lp each enabled channel's data starts
//! `exec_size` dwords after the previous one's.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "scatter4_scaled", file: "catalog/dataport/scatter4_scaled.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "R, SIMD8, element offsets 28, 24, .., 0: lane i writes src dword i (the ramp bytes 4i..4i+4) at 28 - 4i, so the surface's dword k holds ramp bytes 28-4k..32-4k.";
    let want: Vec<u8> = (0..8).flat_map(|k| ramp(28 - 4 * k, 4)).collect();
    rows.add("rows", bti3(row("scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[28, 24, 20, 16, 12, 8, 4, 0]).var_prefix("VD", ramp(0, 32)).mem("flat", 0x1000, vec![0xff; 32]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "GA, lanes 0..3 enabled (predicate 0xf), element offsets 0, 0x10, 0x20, 0x30: G (ch_pos 0) writes src dword i (ramp 4i..) at 0x10*i + 4; A (ch_pos 1, src from dword 8) writes ramp 32+4i.. at 0x10*i + 12; bytes +0..4 and +8..12 of each 16 keep 0xff.";
    let want: Vec<u8> = (0..4u8).flat_map(|i| [vec![0xff; 4], ramp(4 * i, 4), vec![0xff; 4], ramp(32 + 4 * i, 4)].concat()).collect();
    rows.add("rows", bti3(row("(P1) scatter4_scaled.GA (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 0x10, 0x20, 0x30]).var_prefix("VD", ramp(0, 64)).pred("P1", 0xf).mem("flat", 0x1000, vec![0xff; 64]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "SIMD16 under M5 (lanes 16..31 of the mask, all enabled), R, element offsets 4i: lane i writes src dword i at 4i: the surface's 64 bytes are the ramp.";
    let eo: Vec<u32> = (0..16).map(|i| 4 * i).collect();
    rows.add("rows", bti3(row("scatter4_scaled.R (M5, 16) T6 0x0:ud VE.0 VD.0", &eo).var_prefix("VD", ramp(0, 64)).mem("flat", 0x1000, vec![0xff; 64]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&ramp(0, 64))).derived(d));
    let d = "Out-of-bound Access (dropped), surface size 0x12, lane 0 only (predicate 1) at 0x10: bytes 0x10, 0x11 take 0xa0, 0xa1, bytes 0x12, 0x13 are dropped and keep 0xff though memory lies there (DATAPORT-BOUNDS-LANE, resolved).";
    rows.add("bounds", bti3(row("(P1) scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0x10]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).pred("P1", 1).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x12)
        .expect_mem("flat", 0x1010, some(&[0xa0, 0xa1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal: the dword at 0x10 crosses the end of the 0x12-byte surface and is dropped as a whole: every byte keeps 0xff.";
    rows.add("bounds", bti3(row("(P1) scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0x10]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).pred("P1", 1).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_mem("flat", 0x1010, vec![Some(0xff); 8]).derived(d));
    let d = "DATAPORT4-DWORD-ADDRESS, resolved: lane 0's address 0x13 is not dword-aligned: undefined behaviour, nothing written.";
    rows.add("alignment", bti3(row("(P1) scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0x13]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).pred("P1", 1).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x40)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "DATAPORT4-DWORD-ADDRESS, literal: address 0x13 names dword 0x13/4 = 4, bytes 0x10..0x14, which take 0xa0..0xa3.";
    rows.add("alignment", bti3(row("(P1) scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0x13]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).pred("P1", 1).mem("flat", 0x1010, vec![0xff; 8]), 0x1000, 0x40).literal(errata::DATAPORT4_DWORD_ADDRESS)
        .expect_mem("flat", 0x1010, some(&[0xa0, 0xa1, 0xa2, 0xa3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "Notes: more than one channel writing one address is undefined. Lanes 0 and 1 both write the dword at 8 with 0x11111111 and 0x22222222: its four bytes are undefined; the dword after keeps 0xff.";
    rows.add("rows", bti3(row("(P1) scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[8, 8]).var_prefix("VD", le32(&[0x1111_1111, 0x2222_2222])).pred("P1", 0b11).mem("flat", 0x1008, vec![0xff; 8]), 0x1000, 0x40)
        .expect_mem("flat", 0x1008, [vec![None; 4], vec![Some(0xff); 4]].concat()).derived(d));
    let d = "T0 (%slm), lane 0 only at element offset 4: SLM 4..8 take src dword 0 (ramp 0..4).";
    rows.add("surfaces", row("(P1) scatter4_scaled.R (M1, 8) %slm 0x0:ud VE.0 VD.0", &[4]).var_prefix("VD", ramp(0, 4)).pred("P1", 1).mem("slm", 0, vec![0xff; 12])
        .expect_mem("slm", 0, some(&[0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "T255 (stateless), lane 0 only: offset 0x1000 + element offset 4 is the flat address 0x1004.";
    rows.add("surfaces", row("(P1) scatter4_scaled.R (M1, 8) T255 0x1000:ud VE.0 VD.0", &[4]).var_prefix("VD", ramp(0, 4)).pred("P1", 1).mem("flat", 0x1000, vec![0xff; 12])
        .expect_mem("flat", 0x1000, some(&[0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "Src must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("scatter4_scaled.R (M1, 8) T6 0x0:ud VE.0 VW.0", &[0]).expect_invalid("src").derived(d));
    let d = "Channels: at least one channel must be enabled; an empty mask cannot be written, and `.X` names no channel.";
    rows.add("validation", row("scatter4_scaled.X (M1, 8) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("channels").derived(d));
    let d = "Exec_size 32 is not among 8 and 16.";
    rows.add("validation", row("scatter4_scaled.R (M1, 32) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("exec_size").derived(d));
}

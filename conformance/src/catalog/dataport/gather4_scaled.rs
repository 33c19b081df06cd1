//! GATHER4_SCALED (instructions/GATHER4_SCALED.md): hand-derived rows, each with its
//! derivation. On xe-lp `GRF_SIZE / 4` is 8, so at SIMD8 and SIMD16 each enabled channel's
//! data starts `exec_size` dwords after the previous one's.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "gather4_scaled", file: "catalog/dataport/gather4_scaled.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "R, SIMD8: address = 0 + element_offset[i]*(0+1) = 4i; dst[i] = surface[(4i/4)+0], the ramp dword 4i..4i+4: VD's 32 bytes are the ramp 0..32.";
    rows.add("rows", bti3(row("gather4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 4, 8, 12, 16, 20, 24, 28]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&ramp(0, 32))).derived(d));
    let d = "GA, SIMD8, element offsets 0, 0x10, 0x20, 0x30 twice: G (c = 1, ch_pos 0) reads dword address/4 + 1, bytes address+4..+8, into dst[0..8]; A (c = 3, ch_pos 1) bytes address+12..+16 into dst[8..16] (ch_start = 1 * max(8, 32/4) = 8).";
    let g = [ramp(0x04, 4), ramp(0x14, 4), ramp(0x24, 4), ramp(0x34, 4)].concat();
    let a = [ramp(0x0c, 4), ramp(0x1c, 4), ramp(0x2c, 4), ramp(0x3c, 4)].concat();
    rows.add("rows", bti3(row("gather4_scaled.GA (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 0x10, 0x20, 0x30, 0, 0x10, 0x20, 0x30]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[g.clone(), g, a.clone(), a].concat())).derived(d));
    let d = "RGBA, SIMD16 as IGC writes it, every element offset 0: channel c fills dst[16*c..16*c+16] with surface dword c (bytes 4c..4c+4).";
    rows.add("rows", bti3(wide(Platform::XeLp, "gather4_scaled.RGBA (M1, 16) T6 0x0:ud VE.0 VQ.0", &[0; 16]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VQ", 0, some(&[times(&ramp(0, 4), 16), times(&ramp(4, 4), 16), times(&ramp(8, 4), 16), times(&ramp(12, 4), 16)].concat())).derived(d));
    let d = "Predicate 0b101 on SIMD8 (P1 is 16 bits; lanes 3..7 read 0): ChEn is lanes 0 and 2 only; they read the dwords at 0 and 8, the other lanes keep VD's 0xee.";
    let ee = [0xee; 4];
    rows.add("rows", bti3(row("(P1) gather4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 4, 8, 12, 16, 20, 24, 28]).var_prefix("VD", vec![0xee; 32]).pred("P1", 0b101).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[ramp(0, 4), ee.to_vec(), ramp(8, 4), times(&ee, 5)].concat())).derived(d));
    let d = "offset 0xffff_fff0 + element_offset 0x14 = 0x1_0000_0004, a UD sum: 4; lanes 1..7 at 0xfffffff0 + 0x10 = 0: R reads the dwords at 4 and 0.";
    rows.add("rows", bti3(row("gather4_scaled.R (M1, 8) T6 0xfffffff0:ud VE.0 VD.0", &[0x14, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[ramp(4, 4), times(&ramp(0, 4), 7)].concat())).derived(d));
    let d = "xe-hpc, SIMD8, RG, element offsets 0: GRF_SIZE/4 = 16, so ch_start for G is 1 * max(8, 16) = 16: R fills dst[0..8] with dword 0, G dst[16..24] with dword 1; dst[8..16] and dst[24..32] are the rest of each channel's register: undefined.";
    rows.add("rows", bti3(wide(Platform::XeHpc, "gather4_scaled.RG (M1, 8) T6 0x0:ud VE.0 VQ.0", &[0; 8]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VQ", 0, [some(&times(&ramp(0, 4), 8)), vec![U; 32], some(&times(&ramp(4, 4), 8)), vec![U; 32]].concat()).derived(d));
    let d = "Out-of-bound Access (zeros), surface size 0x12, RG, SIMD8, element offsets 0xc, 0x10, 0x3c, 0x40, then 0: R at 0xc reads 0xc..0x10; at 0x10 reads 0x10, 0x11 and zeros for 0x12, 0x13 (byte by byte, DATAPORT-BOUNDS-LANE resolved); at 0x3c and 0x40 zeros; lanes 4..7 the dword at 0. G, 4 bytes further: 0x10, 0x11, 0, 0; then zeros thrice; lanes 4..7 the dword at 4.";
    let z = [0u8; 4];
    rows.add("bounds", bti3(row("gather4_scaled.RG (M1, 8) T6 0x0:ud VE.0 VD.0", &[0xc, 0x10, 0x3c, 0x40, 0, 0, 0, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12)
        .expect_reg("VD", 0, some(&[ramp(0xc, 4), vec![0x10, 0x11, 0, 0], z.to_vec(), z.to_vec(), times(&ramp(0, 4), 4), vec![0x10, 0x11, 0, 0], times(&z, 3), times(&ramp(4, 4), 4)].concat())).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal reading, surface size 0x12: the dword at 0x10 crosses the end and reads zero as a whole (R lane 1, G lane 0), though 0x10, 0x11 are inside; the rest as in the resolved row.";
    rows.add("bounds", bti3(row("gather4_scaled.RG (M1, 8) T6 0x0:ud VE.0 VD.0", &[0xc, 0x10, 0x3c, 0x40, 0, 0, 0, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VD", 0, some(&[ramp(0xc, 4), times(&z, 3), times(&ramp(0, 4), 4), times(&z, 4), times(&ramp(4, 4), 4)].concat())).derived(d));
    let d = "DATAPORT4-DWORD-ADDRESS, resolved: lane 0's address 6 is not dword-aligned, as the Description requires: undefined behaviour.";
    rows.add("alignment", bti3(row("gather4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[6, 0, 0, 0, 0, 0, 0, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "DATAPORT4-DWORD-ADDRESS, literal: the loop's surface[(address/4)+c] with address 6 reads dword 6/4 = 1, bytes 4..8; lanes 1..7 the dword at 0.";
    rows.add("alignment", bti3(row("gather4_scaled.R (M1, 8) T6 0x0:ud VE.0 VD.0", &[6, 0, 0, 0, 0, 0, 0, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40).literal(errata::DATAPORT4_DWORD_ADDRESS)
        .expect_reg("VD", 0, some(&[ramp(4, 4), times(&ramp(0, 4), 7)].concat())).derived(d));
    let d = "T0 (%slm) from address 0: R at element offsets 4i reads SLM bytes 0x40 + 4i..: the SLM ramp from 0x40.";
    rows.add("surfaces", row("gather4_scaled.R (M5, 8) %slm 0x0:ud VE.0 VD.0", &[0, 4, 8, 12, 16, 20, 24, 28]).mem("slm", 0, ramp(0x40, 32))
        .expect_reg("VD", 0, some(&ramp(0x40, 32))).derived(d));
    let d = "T5 (stateless): offset 0x1000 + element offset 4i is the flat address 0x1000 + 4i: the ramp 0..32.";
    rows.add("surfaces", row("gather4_scaled.R (M1, 8) T5 0x1000:ud VE.0 VD.0", &[0, 4, 8, 12, 16, 20, 24, 28]).mem("flat", 0x1000, mem.clone())
        .expect_reg("VD", 0, some(&ramp(0, 32))).derived(d));
    let d = "Exec_size bits 2..0 name 8 or 16 elements only: SIMD4 is invalid.";
    rows.add("validation", row("gather4_scaled.R (M1, 4) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("exec_size").derived(d));
    let d = "Channels: R, G, B, A at most once, in order: `.GR` is invalid.";
    rows.add("validation", row("gather4_scaled.GR (M1, 8) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("channels").derived(d));
    let d = "Dst must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("gather4_scaled.R (M1, 8) T6 0x0:ud VE.0 VW.0", &[0]).expect_invalid("dst").derived(d));
    let d = "Element_offset must have type UD: a UW variable is invalid.";
    rows.add("validation", row("gather4_scaled.R (M1, 8) T6 0x0:ud VW.0 VD.0", &[0]).expect_invalid("element_offset").derived(d));
    let d = "RGB at SIMD16 returns 3 * 16 dwords (192 bytes): VD has 64.";
    rows.add("validation", row("gather4_scaled.RGB (M1, 16) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("dst").derived(d));
}

//! SCATTER_SCALED (instructions/SCATTER_SCALED.md): hand-derived rows, each with its
//! derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "scatter_scaled", file: "catalog/dataport/scatter_scaled.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "4 bytes, SIMD4: surface[element_offset[i]] = src[i]; offsets 0xc, 8, 4, 0 take src dwords 0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, so surface bytes 0..16 read 0x0c..0x10, 0x08..0x0c, 0x04..0x08, 0x00..0x04.";
    rows.add("rows", bti3(row("scatter_scaled.4 (M1, 4) T6 0x0:ud VE.0 VD.0", &[0xc, 8, 4, 0]).var_prefix("VD", ramp(0, 16)).mem("flat", 0x1000, vec![0xff; 16]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3])).derived(d));
    let d = "1 byte, SIMD2, offset 4: lanes write the low byte of src[i] (the upper bytes are ignored) at 4 + 0 and 4 + 2: 0xdd and 0x11; the other bytes keep 0xff.";
    rows.add("rows", bti3(row("scatter_scaled.1 (M1, 2) T6 0x4:ud VE.0 VD.0", &[0, 2]).var_prefix("VD", le32(&[0xaabb_ccdd, 0x4433_2211])).mem("flat", 0x1000, vec![0xff; 8]), 0x1000, 0x40)
        .expect_mem("flat", 0x1000, some(&[0xff, 0xff, 0xff, 0xff, 0xdd, 0xff, 0x11, 0xff])).derived(d));
    let d = "Out-of-bound Access (data dropped), surface size 0x12: a 2-byte lane at 0x11 writes 0x11 (src byte 0xa0) and drops 0x12 (byte 0xa1), which keeps 0xff though memory lies there (DATAPORT-BOUNDS-LANE, resolved: byte by byte).";
    rows.add("bounds", bti3(row("scatter_scaled.2 (M1, 1) T6 0x0:ud VE.0 VD.0", &[0x11]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).mem("flat", 0x1010, vec![0xff; 4]), 0x1000, 0x12)
        .expect_mem("flat", 0x1010, some(&[0xff, 0xa0, 0xff, 0xff])).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal reading, surface size 0x12: the 2-byte lane at 0x11 crosses the end and is dropped as a whole: 0x11 keeps 0xff too.";
    rows.add("bounds", bti3(row("scatter_scaled.2 (M1, 1) T6 0x0:ud VE.0 VD.0", &[0x11]).var_prefix("VD", vec![0xa0, 0xa1, 0xa2, 0xa3]).mem("flat", 0x1010, vec![0xff; 4]), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_mem("flat", 0x1010, some(&[0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "Notes: two channels writing one address is undefined. Lanes 0 and 1 both write offset 8 with 0x11 and 0x22: the byte is undefined (any value); the byte after it keeps 0xff.";
    rows.add("rows", bti3(row("scatter_scaled.1 (M1, 2) T6 0x0:ud VE.0 VD.0", &[8, 8]).var_prefix("VD", le32(&[0x11, 0x22])).mem("flat", 0x1008, vec![0xff; 2]), 0x1000, 0x40)
        .expect_mem("flat", 0x1008, vec![None, Some(0xff)]).derived(d));
    let d = "T0 (%slm): shared local memory from 0; lane 0 writes src word 0x03020100 at SLM 4..8.";
    rows.add("surfaces", row("scatter_scaled.4 (M1_NM, 1) %slm 0x0:ud VE.0 VD.0", &[4]).var_prefix("VD", ramp(0, 4)).mem("slm", 0, vec![0xff; 12])
        .expect_mem("slm", 0, some(&[0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let tagged = || row("scatter_scaled.4 (M1_NM, 1) %slm 0x0:ud VE.0 VD.0", &[0x1000_0004]).var_prefix("VD", ramp(0, 4)).mem("slm", 0, vec![0xff; 12]);
    let d = "SLM-ADDRESS-HIGH-BITS resolved: IGC's tagged SLM pointer, element offset 0x10000004 on T0; bits 28-31 of the SLM address do not take part, so lane 0 writes src word 0x03020100 at SLM 4..8.";
    rows.add("slm-address-high-bits", tagged().tag(errata::SLM_ADDRESS_HIGH_BITS)
        .expect_mem("slm", 0, some(&[0xff, 0xff, 0xff, 0xff, 0, 1, 2, 3, 0xff, 0xff, 0xff, 0xff])).derived(d));
    let d = "SLM-ADDRESS-HIGH-BITS literal: the address 0x10000004 as computed: lane 0 writes SLM 0x10000004..0x10000008 (out of bounds in a launch); SLM 0..12 keep 0xff.";
    rows.add("slm-address-high-bits", tagged().literal(errata::SLM_ADDRESS_HIGH_BITS)
        .expect_mem("slm", 0, some(&[0xff; 12])).expect_mem("slm", 0x1000_0004, some(&[0, 1, 2, 3])).derived(d));
    let d = "T5 (%scratch, stateless): offset 0x1000 + element_offset 2 is the flat address 0x1002; the 2-byte lane writes 0x00, 0x01 there.";
    rows.add("surfaces", row("scatter_scaled.2 (M1, 1) %scratch 0x1000:ud VE.0 VD.0", &[2]).var_prefix("VD", ramp(0, 4)).mem("flat", 0x1000, vec![0xff; 4])
        .expect_mem("flat", 0x1000, some(&[0xff, 0xff, 0, 1])).derived(d));
    let d = "Src must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("scatter_scaled.4 (M1, 1) T6 0x0:ud VE.0 VW.0", &[0]).expect_invalid("src").derived(d));
}

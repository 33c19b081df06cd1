//! GATHER_SCALED (instructions/GATHER_SCALED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "gather_scaled", file: "catalog/dataport/gather_scaled.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mem = ramp(0, 64);
    let d = "4 bytes, SIMD4, surface T6 = bti 3 (base 0x1000): dst[i] = surface[0 + element_offset[i]]; offsets 0xc, 8, 4, 0 read the ramp words 12..16, 8..12, 4..8, 0..4.";
    rows.add("rows", bti3(row("gather_scaled.4 (M1, 4) T6 0x0:ud VE.0 VD.0", &[0xc, 8, 4, 0]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3])).derived(d));
    let d = "On gen9 (SKL, where the appendix lists GATHER_SCALED): 4 bytes, SIMD8, offsets 4i: dst[i] = surface[4i], the ramp words 0..32 in order.";
    let mut on_gen9 = bti3(row("gather_scaled.4 (M1, 8) T6 0x0:ud VE.0 VD.0", &[0, 4, 8, 12, 16, 20, 24, 28]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40);
    on_gen9.platform = Platform::Gen9;
    rows.add("platforms", on_gen9.expect_reg("VD", 0, some(&ramp(0, 32))).derived(d));
    let d = "2 bytes, SIMD2, offset 0x10: lanes read surface bytes 0x11, 0x12 and 0x16, 0x17; Dst's Description leaves the upper two bytes of each dword undefined.";
    rows.add("rows", bti3(row("gather_scaled.2 (M1, 2) T6 0x10:ud VE.0 VD.0", &[1, 6]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, vec![Some(0x11), Some(0x12), U, U, Some(0x16), Some(0x17), U, U]).derived(d));
    let d = "1 byte, SIMD1 under NoMask, as IGC writes it (`gather_scaled.1 (M1_NM, 1)`): byte 5 of the surface, bytes 1..4 undefined.";
    rows.add("rows", bti3(row("gather_scaled.1 (M1_NM, 1) T6 0x0:ud VE.0 VD.0", &[5]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, vec![Some(5), U, U, U]).derived(d));
    let d = "Out-of-bound Access (reads return zeros), surface size 0x12: lane 0 at 0x10 reads 0x10, 0x11 and zeros for offsets 0x12, 0x13 (the bound is checked byte by byte: DATAPORT-BOUNDS-LANE, resolved); lane 1 at 0x20 is wholly past it: zeros, though memory holds the ramp there.";
    rows.add("bounds", bti3(row("gather_scaled.4 (M1, 2) T6 0x0:ud VE.0 VD.0", &[0x10, 0x20]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12)
        .expect_reg("VD", 0, some(&[0x10, 0x11, 0, 0, 0, 0, 0, 0])).derived(d));
    let d = "DATAPORT-BOUNDS-LANE, literal reading, surface size 0x12: lane 0's bytes 0x10..0x14 cross the end, so the whole lane is out of bounds and reads zeros (though 0x10, 0x11 are inside); lane 1 at 0x0c is inside and reads 0x0c..0x10.";
    rows.add("bounds", bti3(row("gather_scaled.4 (M1, 2) T6 0x0:ud VE.0 VD.0", &[0x10, 0x0c]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x12).literal(errata::DATAPORT_BOUNDS_LANE)
        .expect_reg("VD", 0, some(&[0, 0, 0, 0, 0x0c, 0x0d, 0x0e, 0x0f])).derived(d));
    let d = "The offset from a register, VOFF = 8: lane 0 reads surface word 8..12.";
    rows.add("rows", bti3(row("gather_scaled.4 (M1, 1) T6 VOFF(0,0)<0;1,0> VE.0 VD.0", &[0]).var_prefix("VOFF", le32(&[8])).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[8, 9, 10, 11])).derived(d));
    let d = "offset 0xffff_fff0 + element_offset 0x14 = 0x1_0000_0004, truncated to the 32-bit address 4: the ramp word 4..8.";
    rows.add("rows", bti3(row("gather_scaled.4 (M1, 1) T6 0xfffffff0:ud VE.0 VD.0", &[0x14]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[4, 5, 6, 7])).derived(d));
    let d = "Predicate 0b10: ChEn[0] is 0, lane 0 keeps VD's 0xee bytes; lane 1 reads word 4..8.";
    rows.add("rows", bti3(row("(P1) gather_scaled.4 (M1, 2) T6 0x0:ud VE.0 VD.0", &[0, 4]).var_prefix("VD", vec![0xee; 8]).pred("P1", 0b10).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VD", 0, some(&[0xee, 0xee, 0xee, 0xee, 4, 5, 6, 7])).derived(d));
    let d = "F data (Dst UD, D or F): the bytes move unconverted; word 4..8.";
    rows.add("rows", bti3(row("gather_scaled.4 (M1, 1) T6 0x0:ud VE.0 VF.0", &[4]).mem("flat", 0x1000, mem.clone()), 0x1000, 0x40)
        .expect_reg("VF", 0, some(&[4, 5, 6, 7])).derived(d));
    for surface in ["%slm", "T0"] {
        let d = "T0 (IGC's %slm) is shared local memory from address 0, no bound: offset 0 + element_offset 3 reads SLM bytes 0x43..0x47.";
        rows.add("surfaces", row(&format!("gather_scaled.4 (M1_NM, 1) {surface} 0x0:ud VE.0 VD.0"), &[3]).mem("slm", 0, ramp(0x40, 16))
            .expect_reg("VD", 0, some(&[0x43, 0x44, 0x45, 0x46])).derived(d));
    }
    for surface in ["%scratch", "T5", "T255"] {
        let d = "T5 (the documents' T255, IGC's %scratch) is stateless: the 32-bit address 0x1004 in the flat space, ramp word 4..8.";
        rows.add("surfaces", row(&format!("gather_scaled.4 (M1, 1) {surface} 0x1000:ud VE.0 VD.0"), &[4]).mem("flat", 0x1000, mem.clone())
            .expect_reg("VD", 0, some(&[4, 5, 6, 7])).derived(d));
    }
    let d = "T6 names binding-table index 3, and init.surfaces has no entry there: undefined behaviour.";
    rows.add("surfaces", row("gather_scaled.4 (M1, 1) T6 0x0:ud VE.0 VD.0", &[0]).expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "Num_blocks encodes 1, 2 or 4 blocks: `.3` is invalid.";
    rows.add("validation", row("gather_scaled.3 (M1, 1) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("num_blocks").derived(d));
    let d = "Element_offset must have type UD: a UW variable is invalid.";
    rows.add("validation", row("gather_scaled.4 (M1, 1) T6 0x0:ud VW.0 VD.0", &[0]).expect_invalid("element_offset").derived(d));
    let d = "Dst must have type UD, D or F: a UW variable is invalid.";
    rows.add("validation", row("gather_scaled.4 (M1, 1) T6 0x0:ud VE.0 VW.0", &[0]).expect_invalid("dst").derived(d));
    let d = "Offset must have type UD: a D immediate is invalid.";
    rows.add("validation", row("gather_scaled.4 (M1, 1) T6 0x0:d VE.0 VD.0", &[0]).expect_invalid("offset").derived(d));
    let d = "SIMD32 needs 32 element offsets (128 bytes): VE has 64 bytes.";
    rows.add("validation", row("gather_scaled.4 (M1, 32) T6 0x0:ud VE.0 VD.0", &[0]).expect_invalid("element_offset").derived(d));
}

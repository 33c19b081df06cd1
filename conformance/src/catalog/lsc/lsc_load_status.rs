//! LSC_UNTYPED's LOAD_STATUS (instructions/LSC_UNTYPED.md) and LSC_TYPED's `lsc_load_status.tgm`: hand-derived rows.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_load_status", file: "catalog/lsc/lsc_load_status.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "(case, register byte offset in VD, expected bytes). LOAD_STATUS (LSC_UNTYPED.md): bit n of DstData's first word is ChEn[n] & s, s = 1 with every page valid (LSC-LOAD-STATUS-TRTT resolved). Predicate 0b0101 on SIMD4: 0b0101 = 5; VD's bytes 4..8 keep their 0xee.";
    rows.add("load", check(typed_case("(P1) lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64").var("VD", vec![0xee; 8]).pred(0b0101),
        Want::Reg("VD", 0, some(&[5, 0, 0, 0, 0xee, 0xee, 0xee, 0xee]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). SIMD8, every lane on: 0xff; bits 8..31 zero.";
    rows.add("load", check(typed_case("lsc_load_status.ugm (M1, 8) VD:d32 flat[VS]:a64").var("VD", vec![0xee; 4]), Want::Reg("VD", 0, some(&[0xff, 0, 0, 0])))
        .derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The typed sub-op (LSC_TYPED.md, 0x1B) on bti 4 with coordinates, SIMD2: 0b11.";
    rows.add("load", check(typed_case("lsc_load_status.tgm (M1, 2) VD:d32 bti(0x4)[VU,VV]:a32"), Want::Reg("VD", 0, some(&[3, 0, 0, 0]))).derived(d));
    let d = "No surface at bti 9.";
    rows.add("undefined", check(typed_case("lsc_load_status.ugm (M1, 1) VD:d32 bti(0x9)[VU]:a32"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "LSC-LOAD-STATUS-TRTT literal: the undefined IsTRTT_VALID_PAGE stops an enabled lane.";
    let c = typed_case("lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64").literal(errata::LSC_LOAD_STATUS_TRTT);
    rows.add("trtt", check(c, Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "LSC-LOAD-STATUS-TRTT literal: with every lane off the function is never called: dest is 0.";
    let c = typed_case("(P1) lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64").literal(errata::LSC_LOAD_STATUS_TRTT).var("VD", vec![0xee; 4]).pred(0);
    rows.add("trtt", check(c, Want::Reg("VD", 0, some(&[0, 0, 0, 0]))).derived(d));
}

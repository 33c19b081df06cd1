//! LSC_UNTYPED's append counter atomics (instructions/LSC_UNTYPED.md): hand-derived rows.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_apndctr", file: "catalog/lsc/lsc_apndctr.jsonl", rows: add };

fn add(rows: &mut Rows) {
    semantics(rows);
    forms(rows);
}

#[rustfmt::skip]
fn semantics(rows: &mut Rows) {
    let d = "(case, register byte offset in VD, expected bytes). lsc_apndctr_atomic_add (LSC_UNTYPED.md, AppendCounterAtomicAdd) on bti 8: the counter 0x13121110 takes +1, +2, +3, +4 lane by lane; DstData gets the old values 0x13121110, 0x13121111, 0x13121113, 0x13121116.";
    rows.add("load", check(typed_case("lsc_apndctr_atomic_add.ugm (M1, 4) VD:d32 bti(0x8) VS:d32").var("VS", le32(&[1, 2, 3, 4])),
        Want::Reg("VD", 0, some(&le32(&[0x1312_1110, 0x1312_1111, 0x1312_1113, 0x1312_1116])))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). _sub with predicate 0b1010: lane 1 takes 0x13121110 and leaves 0x13121110 - 2 = 0x1312110e, lane 3 takes 0x1312110e and leaves 0x1312110a; lanes 0 and 2 keep VD's 0xee.";
    rows.add("load", check(typed_case("(P1) lsc_apndctr_atomic_sub.ugm (M1, 4) VD:d32 bti(0x8) VS:d32").var("VD", vec![0xee; 16]).var("VS", le32(&[1, 2, 3, 4]))
        .pred(0b1010), Want::Reg("VD", 0, some(&cat(&[&[0xee; 4], &le32(&[0x1312_1110]), &[0xee; 4], &le32(&[0x1312_110e])])))).derived(d));
    let d = "(case, flat address, expected memory bytes). The counter after the add row: 0x13121110 + 1 + 2 + 3 + 4 = 0x1312111a.";
    rows.add("store", check(typed_case("lsc_apndctr_atomic_add.ugm (M1, 4) VD:d32 bti(0x8) VS:d32").var("VS", le32(&[1, 2, 3, 4])),
        Want::Mem(0x1010, some(&le32(&[0x1312_111a])))).derived(d));
    let d = "(case, flat address, expected memory bytes). Wrap-around: 0x13121110 - 0x20000000 = 0xf3121110 modulo 2^32, into `%null` DstData.";
    rows.add("store", check(typed_case("lsc_apndctr_atomic_sub.ugm (M1, 1) %null:d32 bti(0x8) VS:d32").var("VS", le32(&[0x2000_0000])),
        Want::Mem(0x1010, some(&le32(&[0xf312_1110])))).derived(d));
    let d = "bti 4 has no append counter (aux 0).";
    rows.add("undefined", check(typed_case("lsc_apndctr_atomic_add.ugm (M1, 1) VD:d32 bti(0x4) VS:d32"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
}

/// The validation rows of the append-counter atomics (instructions/LSC_UNTYPED.md, Examples):
/// valid forms run.
#[rustfmt::skip]
fn forms(rows: &mut Rows) {
    form_rows(rows, &[Forms { d: "LSC_UNTYPED.md, Examples: the append-counter atomics, on a binding-table surface and a bindless one (each with its counter at Aux_surface_address 0x20000); valid.", field: "",
        texts: &["lsc_apndctr_atomic_add.ugm (M1, 16) VD:d32 bti(0xA0) VD:d32", "lsc_apndctr_atomic_sub.ugm.uc.uc (M1, 16) VD:d32 bss(V1) VD:d32"] }]);
}

//! LSC_UNTYPED's atomics (instructions/LSC_UNTYPED.md): hand-derived rows, each with its derivation.

use super::*;

pub const DOC: Doc = Doc {
    family: "lsc",
    instruction: "lsc_atomic",
    file: "catalog/lsc/lsc_atomic.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    semantics(rows);
    forms(rows);
}

fn semantics(rows: &mut Rows) {
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory).";
    atomic_rows(rows, d, "iinc %null %null", &[], 5, 0, 0, 5, 6);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). 0 - 1 wraps to 0xffffffff.";
    atomic_rows(rows, d, "idec %null %null", &[], 0, 0, 0, 0, 0xffff_ffff);
    atomic_rows(rows, d, "load %null %null", &[], 7, 0, 0, 7, 7);
    atomic_rows(rows, d, "store VS %null", &[], 7, 9, 0, 7, 9);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). 0xffffffff + 2 = 0x1_00000001 -> 1 modulo 2^32.";
    atomic_rows(
        rows,
        d,
        "iadd VS %null",
        &[],
        0xffff_ffff,
        2,
        0,
        0xffff_ffff,
        1,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). old - Src1Data: 1 - 2 -> 0xffffffff.";
    atomic_rows(rows, d, "isub VS %null", &[], 1, 2, 0, 1, 0xffff_ffff);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). Signed: -2 < 1.";
    atomic_rows(
        rows,
        d,
        "smin VS %null",
        &[],
        0xffff_fffe,
        1,
        0,
        0xffff_fffe,
        0xffff_fffe,
    );
    atomic_rows(
        rows,
        d,
        "smax VS %null",
        &[],
        0xffff_fffe,
        1,
        0,
        0xffff_fffe,
        1,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). Unsigned: 1 < 0xfffffffe.";
    atomic_rows(
        rows,
        d,
        "umin VS %null",
        &[],
        0xffff_fffe,
        1,
        0,
        0xffff_fffe,
        1,
    );
    atomic_rows(
        rows,
        d,
        "umax VS %null",
        &[],
        0xffff_fffe,
        1,
        0,
        0xffff_fffe,
        0xffff_fffe,
    );
    atomic_rows(
        rows,
        d,
        "and VS %null",
        &[],
        0xf0f0,
        0xff00,
        0,
        0xf0f0,
        0xf000,
    );
    atomic_rows(
        rows,
        d,
        "or VS %null",
        &[],
        0xf0f0,
        0x0f00,
        0,
        0xf0f0,
        0xfff0,
    );
    atomic_rows(rows, d, "xor VS %null", &[], 0xff, 0x0f, 0, 0xff, 0xf0);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). Memory 5 equals Src1Data 5: Src2Data 9 is stored.";
    atomic_rows(rows, d, "icas VS VS2", &[], 5, 5, 9, 5, 9);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). 5 != 4: memory keeps 5.";
    atomic_rows(rows, d, "icas VS VS2", &[], 5, 4, 9, 5, 5);
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). LSC-ATOMIC-OPERANDS literal: compare with Src2Data (5), store Src1Data (9).";
    atomic_rows(
        rows,
        d,
        "icas VS VS2",
        &[errata::LSC_ATOMIC_OPERANDS],
        5,
        9,
        5,
        5,
        9,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). 1.0 + 2.0 = 3.0 (0x40400000).";
    atomic_rows(
        rows,
        d,
        "fadd VS %null",
        &[],
        0x3f80_0000,
        0x4000_0000,
        0,
        0x3f80_0000,
        0x4040_0000,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). 1.0 - 2.0 = -1.0 (0xbf800000).";
    atomic_rows(
        rows,
        d,
        "fsub VS %null",
        &[],
        0x3f80_0000,
        0x4000_0000,
        0,
        0x3f80_0000,
        0xbf80_0000,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). fmin(1.0, NaN) = 1.0 (LSC-ATOMIC-FLOAT).";
    atomic_rows(
        rows,
        d,
        "fmin VS %null",
        &[],
        0x3f80_0000,
        0x7fc0_0001,
        0,
        0x3f80_0000,
        0x3f80_0000,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). fmax(-0, +0) = +0.";
    atomic_rows(
        rows,
        d,
        "fmax VS %null",
        &[],
        0x8000_0000,
        0,
        0,
        0x8000_0000,
        0,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). +0 equals -0 as floats: 1.0 is stored.";
    atomic_rows(
        rows,
        d,
        "fcas VS VS2",
        &[],
        0,
        0x8000_0000,
        0x3f80_0000,
        0,
        0x3f80_0000,
    );
    let d = "One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory). A NaN equals nothing, itself included: memory keeps its NaN.";
    atomic_rows(
        rows,
        d,
        "fcas VS VS2",
        &[],
        0x7fc0_0000,
        0x7fc0_0000,
        0x3f80_0000,
        0x7fc0_0000,
        0x7fc0_0000,
    );
    let d = "d16u32 iadd: memory's 16 bits 0xffff + 1 = 0x0000; the register gets 0xffff \
             zero-extended to 32 bits; the byte at 0x42 is not touched.";
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d16u32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[1]))
        .var("VD", vec![0xaa; 8])
        .mem(0x40, vec![0xff, 0xff, 0x77]);
    let row = c.observe(vec![
        Want::Reg("VD", 0, some(&[0xff, 0xff, 0, 0])),
        Want::Mem(0x40, some(&[0, 0, 0x77])),
    ]);
    rows.add("sizes", row.derived(d));
    let d = "d64 iadd: 0xffffffff + 1 = 0x1_0000_0000, no wrap at 32 bits.";
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d64 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le64(&[1]))
        .mem(0x40, le64(&[0xffff_ffff]));
    let row = c.observe(vec![
        Want::Reg("VD", 0, some(&le64(&[0xffff_ffff]))),
        Want::Mem(0x40, some(&le64(&[0x1_0000_0000]))),
    ]);
    rows.add("sizes", row.derived(d));
    let d = "iadd commutes: 10 + 1 + 2 = 13 under every order; what each lane returns depends on \
             the order (LSC-ATOMIC-ORDER): any bytes.";
    let c = case("lsc_atomic_iadd.ugm (M1, 2) VD:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]))
        .mem(0x40, le32(&[10]));
    let row = c.observe(vec![
        Want::Mem(0x40, some(&le32(&[13]))),
        Want::Reg("VD", 0, vec![None; 8]),
    ]);
    rows.add("one-address", row.derived(d));
    let d = "store does not commute: the value left at 0x40 by two lanes storing 1 and 2 is \
             either (any bytes).";
    let c = case("lsc_atomic_store.ugm (M1, 2) %null:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]));
    rows.add(
        "one-address",
        check(c, Want::Mem(0x40, vec![None; 4])).derived(d),
    );
    let d = "A misaligned address (0x42 for a d32) is undefined behaviour.";
    let c = case("lsc_atomic_iinc.ugm (M1, 1) VD:d32 flat[VA]:a64 %null %null")
        .var("VA", le64(&[0x42]));
    rows.add(
        "one-address",
        check(c, Want::Error(ErrorClass::UndefinedBehaviour)).derived(d),
    );
}

/// The validation rows of LSC_UNTYPED's atomics (instructions/LSC_UNTYPED.md, Format,
/// operand descriptions, Examples): valid forms run, invalid ones name the field at fault.
fn forms(rows: &mut Rows) {
    let d = "LSC_UNTYPED.md, Examples: the atomics of the Examples (iinc with a %null DstData, an SLM fadd, icas with two sources, umax on d16u32); valid.";
    for text in [
        "lsc_atomic_iinc.ugm.uc.uc (M1, 16) %null:d32 flat[VA]:a64 %null %null",
        "lsc_atomic_fadd.slm (M1, 16) VD:d32 flat[VA32]:a32 VD %null",
        "lsc_atomic_icas.ugm.uc.wb (M1, 16) VD:d32 flat[VA]:a64 VD VD",
        "lsc_atomic_umax.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null",
    ] {
        valid_form(rows, d, form(text));
    }
    let d = "LSC_UNTYPED.md, Transpose and DataElemsPerAddr: atomics are not transposed and take one element per address.";
    for text in [
        "lsc_atomic_iinc.ugm (M1_NM, 1) VD:d32t flat[VA]:a64 %null %null",
        "lsc_atomic_iadd.ugm (M1, 16) VD:d32x2 flat[VA]:a64 VD %null",
    ] {
        invalid_form(rows, d, text, "dst");
    }
    let d =
        "LSC_UNTYPED.md, DataSize: atomics take d16u32, d32 and d64, the float ones d32 and d64.";
    for text in [
        "lsc_atomic_iadd.ugm (M1, 16) VD:d8 flat[VA]:a64 VD %null",
        "lsc_atomic_fadd.ugm (M1, 16) VD:d16u32 flat[VA]:a64 VD %null",
    ] {
        invalid_form(rows, d, text, "dst");
    }
    let d =
        "LSC_UNTYPED.md, Src1Data: a unary atomic takes %null sources, a binary one a variable.";
    for text in [
        "lsc_atomic_iinc.ugm (M1, 16) VD:d32 flat[VA]:a64 VD %null",
        "lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 %null %null",
    ] {
        invalid_form(rows, d, text, "src1");
    }
    let d = "LSC_UNTYPED.md, Format: an atomic names both Src1Data and Src2Data.";
    invalid_form(
        rows,
        d,
        "lsc_atomic_iadd.ugm (M1, 16) VD:d32 flat[VA]:a64 VD",
        "operands",
    );
}

//! MOD (instructions/MOD.md): hand-derived rows, each with its derivation.

use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use super::{by_zero, form_on, one, MULDIV_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mod",
    file: "catalog/alu/mod.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates toward zero, the remainder has the numerator's sign).";
    one(rows, "int", d, "mod", "d", &[("d", 7), ("d", 2)], 1);
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_fff9), ("d", 2)],
        0xffff_ffff,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 7), ("d", 0xffff_fffe)],
        1,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_fff9), ("d", 0xffff_fffe)],
        0xffff_ffff,
    );
    let d = "INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.";
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff)],
        0,
    );
    let d = "UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.";
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 2)],
        1,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 10)],
        5,
    );
    let d = "B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).";
    one(rows, "int", d, "mod", "b", &[("b", 0x80), ("b", 0xff)], 0);
    one(rows, "int", d, "mod", "b", &[("b", 0x80), ("b", 3)], 0xfe);
    let d = "Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).";
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_ffff), ("ud", 2)],
        0xffff_ffff,
    );
    let d = "(-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.";
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("(-)ud", 7), ("ud", 2)],
        0xffff_ffff,
    );
    let d = "0 / -5 = 0 r 0.";
    one(rows, "int", d, "mod", "w", &[("w", 0), ("w", 0xfffb)], 0);
    let d = "MOD.sat into UB from D: -7 % 2 = -1 clamps to 0; 300 % 1000 = 300 clamps to 255, and without .sat keeps its low 8 bits 300 - 256 = 44 (0x2c).";
    one(
        rows,
        "sat",
        d,
        "mod.sat",
        "ub",
        &[("d", 0xffff_fff9), ("d", 2)],
        0,
    );
    one(
        rows,
        "sat",
        d,
        "mod.sat",
        "ub",
        &[("d", 300), ("d", 1000)],
        0xff,
    );
    one(
        rows,
        "sat",
        d,
        "mod",
        "ub",
        &[("d", 300), ("d", 1000)],
        0x2c,
    );
    let d = "Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's behaviour is undefined.";
    by_zero(rows, d, "mod", "d", ("d", 0xffff_fff9));
    by_zero(rows, d, "mod.sat", "ub", ("ub", 9));
    let d = "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mod (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    ir_rows(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn ir_rows(rows: &mut Rows) {
    #[allow(unused_imports)]
    use super::simd::{self, *};
    #[allow(unused_imports)]
    use visa_spec::types::DataType::*;
    let d = "DIV and MOD on integers (DIV.md Notes: the quotient truncates toward zero, the remainder has the numerator's sign).";
    simd::div_mod_int(rows, &why(d, "pos_pos", ""), "mod", D, 7, 2, 3, 1);
    simd::div_mod_int(
        rows,
        &why(d, "neg_pos", "-7 / 2 = -3 r -1"),
        "mod",
        D,
        0xFFFF_FFF9,
        2,
        0xFFFF_FFFD,
        0xFFFF_FFFF,
    );
    simd::div_mod_int(
        rows,
        &why(d, "pos_neg", "7 / -2 = -3 r 1"),
        "mod",
        D,
        7,
        0xFFFF_FFFE,
        0xFFFF_FFFD,
        1,
    );
    simd::div_mod_int(
        rows,
        &why(d, "neg_neg", "-7 / -2 = 3 r -1"),
        "mod",
        D,
        0xFFFF_FFF9,
        0xFFFF_FFFE,
        3,
        0xFFFF_FFFF,
    );
    simd::div_mod_int(
        rows,
        &why(
            d,
            "int_min",
            "INT_MIN / -1 = 2^31: low 32 bits 0x80000000, remainder 0",
        ),
        "mod",
        D,
        0x8000_0000,
        0xFFFF_FFFF,
        0x8000_0000,
        0,
    );
    simd::div_mod_int(
        rows,
        &why(d, "ud", "(2^32 - 1) / 10 = 429496729 r 5"),
        "mod",
        UD,
        0xFFFF_FFFF,
        10,
        0x1999_9999,
        5,
    );
    simd::div_mod_int(
        rows,
        &why(d, "b", "B: -128 / 3 = -42 (0xD6) r -2 (0xFE)"),
        "mod",
        B,
        0x80,
        3,
        0xD6,
        0xFE,
    );
    let d =
        "mod.sat (M1, 8) R:ub S0:d S1:d: 300 % 1000 = 300 clamps to 255; -7 % 2 = -1 clamps to 0.";
    simd::mod_sat(rows, &why(d, "high", ""), 300, 1000, 0xFF);
    simd::mod_sat(rows, &why(d, "negative", ""), 0xFFFF_FFF9, 2, 0);
}

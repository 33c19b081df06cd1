//! ADD3 (instructions/ADD3.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, form_row, one, ARITH_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "add3",
    file: "catalog/alu/add3.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "1 + 2 + 3 = 6.";
    one(
        rows,
        "values",
        d,
        "add3",
        "d",
        &[("d", 1), ("d", 2), ("d", 3)],
        6,
    );
    let d = "INT_MAX + 1 + 0 = 2^31: .sat clamps to INT_MAX ...";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "d",
        &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)],
        0x7fff_ffff,
    );
    let d = "... and without .sat the low 32 bits of 2^31 are 0x80000000.";
    one(
        rows,
        "values",
        d,
        "add3",
        "d",
        &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)],
        0x8000_0000,
    );
    let d = "INT_MIN + -1 + -1 = -2^31 - 2: .sat → INT_MIN; else -2^31 - 2 + 2^32 = 0x7ffffffe.";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "add3",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)],
        0x7fff_fffe,
    );
    let d = "UW: 65535 + 1 + 1 = 65537: .sat → 0xffff; else 65537 - 65536 = 1.";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "uw",
        &[("uw", 0xffff), ("uw", 1), ("uw", 1)],
        0xffff,
    );
    one(
        rows,
        "values",
        d,
        "add3",
        "uw",
        &[("uw", 0xffff), ("uw", 1), ("uw", 1)],
        1,
    );
    let d = "UW from D: -1 + 0 + 0 = -1: .sat → 0 (UW minimum); else the low 16 bits 0xffff.";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "uw",
        &[("d", 0xffff_ffff), ("d", 0), ("d", 0)],
        0,
    );
    one(
        rows,
        "values",
        d,
        "add3",
        "uw",
        &[("d", 0xffff_ffff), ("d", 0), ("d", 0)],
        0xffff,
    );
    let d = "W: 3 * 32767 = 98301: .sat → 0x7fff; else 98301 - 65536 = 32765 = 0x7ffd.";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "w",
        &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)],
        0x7fff,
    );
    one(
        rows,
        "values",
        d,
        "add3",
        "w",
        &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)],
        0x7ffd,
    );
    let d = "-(INT_MIN) is +2^31 exactly (OPERAND-MODIFIER-TABLE); 2^31 + 0 + -1 = INT_MAX, no clamping.";
    one(
        rows,
        "values",
        d,
        "add3.sat",
        "d",
        &[("(-)d", 0x8000_0000), ("d", 0), ("d", 0xffff_ffff)],
        0x7fff_ffff,
    );
    let d = "ADD3 has no B type.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "add3 (M1, 8) VB(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> VB(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d =
        "ADD3-IMMEDIATE-WIDTH: a D immediate is valid (resolved), not an immediate16 (literal) ...";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::ADD3_IMMEDIATE_WIDTH,
        "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x12345:d VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "ADD3-IMMEDIATE-WIDTH: a W immediate is valid under both readings.";
    let text = "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x1234:w VD(0,0)<1;1,0>";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::ADD3_IMMEDIATE_WIDTH,
        text,
        None,
        None,
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "add3[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0 [MOD]S1 [MOD]S2 (`<0;1,0>`) instructions/ADD3.md: the exact sum of the three values, clamped or truncated.";
    simd::add3(
        rows,
        &why(
            d,
            "d_wraps",
            "2^31 - 1 + 2^31 - 1 + 2 = 2^32: truncated to 0, clamped to INT_MAX",
        ),
        false,
        D,
        o(D, INT_MAX),
        o(D, INT_MAX),
        o(D, 2),
        0,
    );
    simd::add3(
        rows,
        &why(
            d,
            "d_sat_high",
            "2^31 - 1 + 2^31 - 1 + 2 = 2^32: truncated to 0, clamped to INT_MAX",
        ),
        true,
        D,
        o(D, INT_MAX),
        o(D, INT_MAX),
        o(D, 2),
        INT_MAX,
    );
    simd::add3(
        rows,
        &why(
            d,
            "d_wraps_low",
            "-2^31 - 2^31 - 1 = -2^32 - 1: low 32 bits 0xFFFFFFFF, clamped to INT_MIN",
        ),
        false,
        D,
        o(D, INT_MIN),
        o(D, INT_MIN),
        o(D, -1),
        -1,
    );
    simd::add3(
        rows,
        &why(
            d,
            "d_sat_low",
            "-2^31 - 2^31 - 1 = -2^32 - 1: low 32 bits 0xFFFFFFFF, clamped to INT_MIN",
        ),
        true,
        D,
        o(D, INT_MIN),
        o(D, INT_MIN),
        o(D, -1),
        INT_MIN,
    );
    simd::add3(
        rows,
        &why(d, "ud_wraps", "3 * (2^32 - 1) = 0x2_FFFF_FFFD"),
        false,
        UD,
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        0xFFFF_FFFD,
    );
    simd::add3(
        rows,
        &why(d, "ud_sat", "3 * (2^32 - 1) = 0x2_FFFF_FFFD"),
        true,
        UD,
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        0xFFFF_FFFF,
    );
    simd::add3(
        rows,
        &why(
            d,
            "mixed_sat_to_uw",
            "-5 + 3 + 1 = -1: clamped to 0, truncated to 0xFFFF",
        ),
        true,
        UW,
        o(W, -5),
        o(UD, 3),
        o(UW, 1),
        0,
    );
    simd::add3(
        rows,
        &why(
            d,
            "mixed_wraps_to_uw",
            "-5 + 3 + 1 = -1: clamped to 0, truncated to 0xFFFF",
        ),
        false,
        UW,
        o(W, -5),
        o(UD, 3),
        o(UW, 1),
        0xFFFF,
    );
    simd::add3(
        rows,
        &why(d, "w_exact", "0x7FFF + 1 - 1: no intermediate W overflow"),
        true,
        W,
        o(W, 0x7FFF),
        o(W, 1),
        o(W, -1),
        0x7FFF,
    );
    simd::add3(
        rows,
        &why(d, "modifiers", "-(-2^31) + |-2^31| + -|1| = 2^32 - 1"),
        false,
        D,
        md(Mod::Neg, D, INT_MIN),
        md(Mod::Abs, D, INT_MIN),
        md(Mod::NegAbs, D, 1),
        -1,
    );
    simd::add3(
        rows,
        &why(d, "modifiers_sat", "-(-2^31) + |-2^31| + -|1| = 2^32 - 1"),
        true,
        D,
        md(Mod::Neg, D, INT_MIN),
        md(Mod::Abs, D, INT_MIN),
        md(Mod::NegAbs, D, 1),
        INT_MAX,
    );
}

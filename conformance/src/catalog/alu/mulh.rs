//! MULH (instructions/MULH.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_both, form_row, one, ARITH_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mulh",
    file: "catalog/alu/mulh.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "(2^32 - 1)^2 = 2^64 - 2^33 + 1; / 2^32 → 2^32 - 2 (the remainder 1 is dropped) = 0xfffffffe.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_fffe,
    );
    let d = "-1 * -1 = 1: floor(1 / 2^32) = 0.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0xffff_ffff), ("d", 0xffff_ffff)],
        0,
    );
    let d = "(-2^31)^2 = 2^62: / 2^32 = 2^30 = 0x40000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0x8000_0000), ("d", 0x8000_0000)],
        0x4000_0000,
    );
    let d =
        "-1 * 1 = -1: floor(-1 / 2^32) = -1 → 0xffffffff (the high half of a negative product).";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0xffff_ffff), ("d", 1)],
        0xffff_ffff,
    );
    let d = "2^31 * 2 = 2^32: high half 1.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 2)],
        1,
    );
    let d = "-2^31 * (2^31 - 1) = -2^62 + 2^31: / 2^32 = -2^30 + 1/2 → floor -2^30 = 0xc0000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0x8000_0000), ("d", 0x7fff_ffff)],
        0xc000_0000,
    );
    let d = "(-)1 on UD is the exact -1; -1 * 1 = -1 → 0xffffffff.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("(-)ud", 1), ("ud", 1)],
        0xffff_ffff,
    );
    let d = "(-)INT_MIN = +2^31; 2^31 * -2^31 = -2^62 → -2^30 = 0xc0000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("(-)d", 0x8000_0000), ("d", 0x8000_0000)],
        0xc000_0000,
    );
    let d = "0 * anything = 0.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0), ("ud", 0xffff_ffff)],
        0,
    );
    let d = "MULH: dst and sources of one type (MULH.md, Description), or D and UD mixed (MULH-MIXED-TYPES, resolved).";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        visa_spec::errata::MULH_MIXED_TYPES,
        "mulh (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "MULH: no .sat; no W.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "mulh.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "mulh (M1, 8) VUW(0,0)<1> VUW(0,0)<1;1,0> VUW(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "mulh (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/MULH.md: floor(src0 * src1 / 2^32) of the exact product (signed for D, unsigned for UD), truncated to 32 bits.";
    simd::mulh(
        rows,
        &why(
            d,
            "ud_max_squared",
            "(2^32 - 1)^2 = 2^64 - 2^33 + 1: high half 2^32 - 2",
        ),
        UD,
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        0xFFFF_FFFE,
    );
    simd::mulh(
        rows,
        &why(d, "d_minus_one_squared", "1 / 2^32 -> 0"),
        D,
        o(D, -1),
        o(D, -1),
        0,
    );
    simd::mulh(
        rows,
        &why(d, "d_int_min_squared", "2^62 / 2^32"),
        D,
        o(D, INT_MIN),
        o(D, INT_MIN),
        0x4000_0000,
    );
    simd::mulh(
        rows,
        &why(d, "d_minus_one_times_one", "floor(-2^-32) = -1"),
        D,
        o(D, -1),
        o(D, 1),
        -1,
    );
    simd::mulh(
        rows,
        &why(
            d,
            "d_int_min_times_int_max",
            "-2^31 (2^31 - 1) = -2^62 + 2^31: floor(-2^30 + 1/2) = -2^30",
        ),
        D,
        o(D, INT_MIN),
        o(D, INT_MAX),
        -0x4000_0000,
    );
    simd::mulh(
        rows,
        &why(d, "d_two_pow_32", ""),
        D,
        o(D, 0x1_0000),
        o(D, 0x1_0000),
        1,
    );
    simd::mulh(
        rows,
        &why(d, "ud_two_pow_32", ""),
        UD,
        o(UD, 0x8000_0000),
        o(UD, 2),
        1,
    );
    simd::mulh(
        rows,
        &why(
            d,
            "negated",
            "(-)INT_MIN = 2^31; 2^31 * -2^31 = -2^62 -> -2^30",
        ),
        D,
        md(Mod::Neg, D, INT_MIN),
        o(D, INT_MIN),
        -0x4000_0000,
    );
    simd::mulh(
        rows,
        &why(
            d,
            "negated_ud",
            "(-)1:ud = -1; -1 * (2^32 - 1) = -(2^32 - 1): floor(-1 + 2^-32) = -1",
        ),
        UD,
        md(Mod::Neg, UD, 1),
        o(UD, 0xFFFF_FFFF),
        0xFFFF_FFFF,
    );
    let d = "mulh (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 with D and UD mixed: each source keeps its own signedness, where validation admits mixed types (MULH.md has no type map, and its Description asks for one type).";
    simd::mulh_mixed(
        rows,
        &why(d, "d_ud_to_d", "-(2^32 - 1): floor(-1 + 2^-32) = -1"),
        D,
        o(D, -1),
        o(UD, 0xFFFF_FFFF),
        -1,
    );
    simd::mulh_mixed(
        rows,
        &why(d, "d_ud_to_ud", "-2^31: floor(-1/2) = -1"),
        UD,
        o(D, -1),
        o(UD, 0x8000_0000),
        0xFFFF_FFFF,
    );
    simd::mulh_mixed(
        rows,
        &why(
            d,
            "ud_ud_to_d",
            "2^31 * 2^31 = 2^62: the UD source is not read as -2^31",
        ),
        D,
        o(UD, 0x8000_0000),
        o(UD, 0x8000_0000),
        0x4000_0000,
    );
}

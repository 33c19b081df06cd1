//! AVG (instructions/AVG.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, ARITH_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "avg",
    file: "catalog/alu/avg.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "(1 + 2 + 1) >> 1 = 4 / 2 = 2: the half rounds up.";
    one(rows, "values", d, "avg", "d", &[("d", 1), ("d", 2)], 2);
    let d = "(-1 + -2 + 1) >> 1 = floor(-2 / 2) = -1.";
    one(
        rows,
        "values",
        d,
        "avg",
        "d",
        &[("d", 0xffff_ffff), ("d", 0xffff_fffe)],
        0xffff_ffff,
    );
    let d = "(-1 + -1 + 1) >> 1 = floor(-1 / 2) = -1.";
    one(
        rows,
        "values",
        d,
        "avg",
        "d",
        &[("d", 0xffff_ffff), ("d", 0xffff_ffff)],
        0xffff_ffff,
    );
    let d = "(0 + -1 + 1) >> 1 = 0.";
    one(
        rows,
        "values",
        d,
        "avg",
        "d",
        &[("d", 0), ("d", 0xffff_ffff)],
        0,
    );
    let d = "D max + max: (2^32 - 2 + 1) >> 1 = floor((2^32 - 1) / 2) = 2^31 - 1, with or without .sat.";
    one(
        rows,
        "values",
        d,
        "avg",
        "d",
        &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)],
        0x7fff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "avg.sat",
        "d",
        &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)],
        0x7fff_ffff,
    );
    let d = "UD max + max: (2^33 - 2 + 1) >> 1 = 2^32 - 1: extra precision, no wrap.";
    one(
        rows,
        "values",
        d,
        "avg",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "avg.sat",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_ffff,
    );
    let d = "INT_MIN + INT_MIN: (-2^32 + 1) >> 1 = floor(-2^31 + 1/2) = -2^31.";
    one(
        rows,
        "values",
        d,
        "avg",
        "d",
        &[("d", 0x8000_0000), ("d", 0x8000_0000)],
        0x8000_0000,
    );
    let d = "B max + max: (254 + 1) >> 1 = 127.";
    one(
        rows,
        "values",
        d,
        "avg",
        "b",
        &[("b", 0x7f), ("b", 0x7f)],
        0x7f,
    );
    let d = "UB from UD: (2^32 - 1 + 1 + 1) >> 1 = 2^31: .sat → 255; else 2^31 mod 256 = 0.";
    one(
        rows,
        "values",
        d,
        "avg.sat",
        "ub",
        &[("ud", 0xffff_ffff), ("ud", 1)],
        0xff,
    );
    one(
        rows,
        "values",
        d,
        "avg",
        "ub",
        &[("ud", 0xffff_ffff), ("ud", 1)],
        0,
    );
    let d = "Arithmetic instructions take no `~`.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "avg (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "avg[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/AVG.md: (src0 + src1 + 1) >> 1 on the exact sum, i.e. floor((a + b + 1) / 2).";
    simd::avg(
        rows,
        &why(d, "rounds_half_up", "4 >> 1"),
        false,
        D,
        o(D, 1),
        o(D, 2),
        2,
    );
    simd::avg(
        rows,
        &why(d, "equal", "3 >> 1"),
        false,
        D,
        o(D, 1),
        o(D, 1),
        1,
    );
    simd::avg(
        rows,
        &why(d, "minus_half_to_zero", "0 >> 1"),
        false,
        D,
        o(D, -1),
        o(D, 0),
        0,
    );
    simd::avg(
        rows,
        &why(d, "minus_one_exact", "-1 >> 1 = floor(-0.5)"),
        false,
        D,
        o(D, -2),
        o(D, 0),
        -1,
    );
    simd::avg(
        rows,
        &why(d, "minus_one_and_half", "-2 >> 1"),
        false,
        D,
        o(D, -3),
        o(D, 0),
        -1,
    );
    simd::avg(
        rows,
        &why(d, "minus_two_exact", "-3 >> 1 = floor(-1.5)"),
        false,
        D,
        o(D, -4),
        o(D, 0),
        -2,
    );
    simd::avg(
        rows,
        &why(d, "int_max", "(2^32 - 1) >> 1"),
        false,
        D,
        o(D, INT_MAX),
        o(D, INT_MAX),
        INT_MAX,
    );
    simd::avg(
        rows,
        &why(d, "int_min", "(-2^32 + 1) >> 1"),
        false,
        D,
        o(D, INT_MIN),
        o(D, INT_MIN),
        INT_MIN,
    );
    simd::avg(
        rows,
        &why(d, "ud_max", ""),
        false,
        UD,
        o(UD, 0xFFFF_FFFF),
        o(UD, 0xFFFF_FFFF),
        0xFFFF_FFFF,
    );
    simd::avg(
        rows,
        &why(d, "ub", "510 >> 1"),
        false,
        UB,
        o(UB, 0xFF),
        o(UB, 0xFE),
        0xFF,
    );
    simd::avg(
        rows,
        &why(
            d,
            "mixed",
            "(2^32 - 1) + (-1) + 1 = 2^32 - 1, >> 1 = 2^31 - 1",
        ),
        false,
        D,
        o(UD, 0xFFFF_FFFF),
        o(D, -1),
        INT_MAX,
    );
    simd::avg(
        rows,
        &why(
            d,
            "sat_to_ub",
            "-10 >> 1 = -5: clamped to 0, truncated to 0xFB",
        ),
        true,
        UB,
        o(D, -5),
        o(D, -6),
        0,
    );
    simd::avg(
        rows,
        &why(
            d,
            "truncate_to_ub",
            "-10 >> 1 = -5: clamped to 0, truncated to 0xFB",
        ),
        false,
        UB,
        o(D, -5),
        o(D, -6),
        0xFB,
    );
}

//! AVG (instructions/AVG.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_row, grouped, table, Group, Lane, ARITH_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "avg", file: "catalog/alu/avg.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "Arithmetic instructions take no `~`.",
        ARITH_DECLS, "avg (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "(1 + 2 + 1) >> 1 = 4 / 2 = 2: the half rounds up.", rows: &[Lane { op: "avg", dst: "d", srcs: &[("d", 1), ("d", 2)], want: 2 }] },
    Group { d: "(-1 + -2 + 1) >> 1 = floor(-2 / 2) = -1.", rows: &[Lane { op: "avg", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 0xffff_fffe)], want: 0xffff_ffff }] },
    Group { d: "(-1 + -1 + 1) >> 1 = floor(-1 / 2) = -1.", rows: &[Lane { op: "avg", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0xffff_ffff }] },
    Group { d: "(0 + -1 + 1) >> 1 = 0.", rows: &[Lane { op: "avg", dst: "d", srcs: &[("d", 0), ("d", 0xffff_ffff)], want: 0 }] },
    Group { d: "D max + max: (2^32 - 2 + 1) >> 1 = floor((2^32 - 1) / 2) = 2^31 - 1, with or without .sat.", rows: &[
        Lane { op: "avg", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], want: 0x7fff_ffff },
        Lane { op: "avg.sat", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], want: 0x7fff_ffff },
    ] },
    Group { d: "UD max + max: (2^33 - 2 + 1) >> 1 = 2^32 - 1: extra precision, no wrap.", rows: &[
        Lane { op: "avg", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_ffff },
        Lane { op: "avg.sat", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_ffff },
    ] },
    Group { d: "INT_MIN + INT_MIN: (-2^32 + 1) >> 1 = floor(-2^31 + 1/2) = -2^31.",
        rows: &[Lane { op: "avg", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0x8000_0000)], want: 0x8000_0000 }] },
    Group { d: "B max + max: (254 + 1) >> 1 = 127.", rows: &[Lane { op: "avg", dst: "b", srcs: &[("b", 0x7f), ("b", 0x7f)], want: 0x7f }] },
    Group { d: "UB from UD: (2^32 - 1 + 1 + 1) >> 1 = 2^31: .sat → 255; else 2^31 mod 256 = 0.", rows: &[
        Lane { op: "avg.sat", dst: "ub", srcs: &[("ud", 0xffff_ffff), ("ud", 1)], want: 0xff },
        Lane { op: "avg", dst: "ub", srcs: &[("ud", 0xffff_ffff), ("ud", 1)], want: 0 },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "avg[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/AVG.md: (src0 + src1 + 1) >> 1 on the exact sum, i.e. floor((a + b + \
        1) / 2).", rows: &[
        Simd8 { case: "rounds_half_up", op: "avg", dst: D, srcs: &[o(D, 1), o(D, 2)], want: 2, note: "4 >> 1" },
        Simd8 { case: "equal", op: "avg", dst: D, srcs: &[o(D, 1), o(D, 1)], want: 1, note: "3 >> 1" },
        Simd8 { case: "minus_half_to_zero", op: "avg", dst: D, srcs: &[o(D, -1), o(D, 0)], want: 0, note: "0 >> 1" },
        Simd8 { case: "minus_one_exact", op: "avg", dst: D, srcs: &[o(D, -2), o(D, 0)], want: -1, note: "-1 >> 1 = floor(-0.5)" },
        Simd8 { case: "minus_one_and_half", op: "avg", dst: D, srcs: &[o(D, -3), o(D, 0)], want: -1, note: "-2 >> 1" },
        Simd8 { case: "minus_two_exact", op: "avg", dst: D, srcs: &[o(D, -4), o(D, 0)], want: -2, note: "-3 >> 1 = floor(-1.5)" },
        Simd8 { case: "int_max", op: "avg", dst: D, srcs: &[o(D, INT_MAX), o(D, INT_MAX)], want: INT_MAX, note: "(2^32 - 1) >> 1" },
        Simd8 { case: "int_min", op: "avg", dst: D, srcs: &[o(D, INT_MIN), o(D, INT_MIN)], want: INT_MIN, note: "(-2^32 + 1) >> 1" },
        Simd8 { case: "ud_max", op: "avg", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFF, note: "" },
        Simd8 { case: "ub", op: "avg", dst: UB, srcs: &[o(UB, 0xFF), o(UB, 0xFE)], want: 0xFF, note: "510 >> 1" },
        Simd8 { case: "mixed", op: "avg", dst: D, srcs: &[o(UD, 0xFFFF_FFFF), o(D, -1)], want: INT_MAX, note: "(2^32 - 1) + (-1) + 1 = 2^32 - 1, >> 1 = 2^31 - 1" },
        Simd8 { case: "sat_to_ub", op: "avg.sat", dst: UB, srcs: &[o(D, -5), o(D, -6)], want: 0, note: "-10 >> 1 = -5: clamped to 0, truncated to 0xFB" },
        Simd8 { case: "truncate_to_ub", op: "avg", dst: UB, srcs: &[o(D, -5), o(D, -6)], want: 0xFB, note: "-10 >> 1 = -5: clamped to 0, truncated to 0xFB" },
    ] },
];

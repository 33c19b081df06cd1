//! MULH (instructions/MULH.md): hand-derived rows, each with its derivation.

use super::simd::{MulhMixed8, Simd8, *};
use super::{form_both, grouped, table, Form, Group, Lane, ARITH_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "mulh", file: "catalog/alu/mulh.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_both(rows, "forms", "MULH: dst and sources of one type (MULH.md, Description), or D and UD mixed (MULH-MIXED-TYPES, resolved).",
        ARITH_DECLS, visa_model::errata::MULH_MIXED_TYPES, "mulh (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    grouped(rows, "forms", FORMS);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, MULH_MIXED8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "(2^32 - 1)^2 = 2^64 - 2^33 + 1; / 2^32 → 2^32 - 2 (the remainder 1 is dropped) = 0xfffffffe.",
        rows: &[Lane { op: "mulh", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_fffe }] },
    Group { d: "-1 * -1 = 1: floor(1 / 2^32) = 0.", rows: &[Lane { op: "mulh", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0 }] },
    Group { d: "(-2^31)^2 = 2^62: / 2^32 = 2^30 = 0x40000000.",
        rows: &[Lane { op: "mulh", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0x8000_0000)], want: 0x4000_0000 }] },
    Group { d: "-1 * 1 = -1: floor(-1 / 2^32) = -1 → 0xffffffff (the high half of a negative product).",
        rows: &[Lane { op: "mulh", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 1)], want: 0xffff_ffff }] },
    Group { d: "2^31 * 2 = 2^32: high half 1.", rows: &[Lane { op: "mulh", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 2)], want: 1 }] },
    Group { d: "-2^31 * (2^31 - 1) = -2^62 + 2^31: / 2^32 = -2^30 + 1/2 → floor -2^30 = 0xc0000000.",
        rows: &[Lane { op: "mulh", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0x7fff_ffff)], want: 0xc000_0000 }] },
    Group { d: "(-)1 on UD is the exact -1; -1 * 1 = -1 → 0xffffffff.", rows: &[Lane { op: "mulh", dst: "ud", srcs: &[("(-)ud", 1), ("ud", 1)], want: 0xffff_ffff }] },
    Group { d: "(-)INT_MIN = +2^31; 2^31 * -2^31 = -2^62 → -2^30 = 0xc0000000.",
        rows: &[Lane { op: "mulh", dst: "d", srcs: &[("(-)d", 0x8000_0000), ("d", 0x8000_0000)], want: 0xc000_0000 }] },
    Group { d: "0 * anything = 0.", rows: &[Lane { op: "mulh", dst: "ud", srcs: &[("ud", 0), ("ud", 0xffff_ffff)], want: 0 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "MULH: no .sat; no W.", rows: &[
        Form { decls: ARITH_DECLS, text: "mulh.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
        Form { decls: ARITH_DECLS, text: "mulh (M1, 8) VUW(0,0)<1> VUW(0,0)<1;1,0> VUW(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "mulh (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/MULH.md: floor(src0 * src1 / 2^32) of the exact product (signed for D, \
        unsigned for UD), truncated to 32 bits.", rows: &[
        Simd8 { case: "ud_max_squared", op: "mulh", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFE,
            note: "(2^32 - 1)^2 = 2^64 - 2^33 + 1: high half 2^32 - 2" },
        Simd8 { case: "d_minus_one_squared", op: "mulh", dst: D, srcs: &[o(D, -1), o(D, -1)], want: 0, note: "1 / 2^32 -> 0" },
        Simd8 { case: "d_int_min_squared", op: "mulh", dst: D, srcs: &[o(D, INT_MIN), o(D, INT_MIN)], want: 0x4000_0000, note: "2^62 / 2^32" },
        Simd8 { case: "d_minus_one_times_one", op: "mulh", dst: D, srcs: &[o(D, -1), o(D, 1)], want: -1, note: "floor(-2^-32) = -1" },
        Simd8 { case: "d_int_min_times_int_max", op: "mulh", dst: D, srcs: &[o(D, INT_MIN), o(D, INT_MAX)], want: -0x4000_0000,
            note: "-2^31 (2^31 - 1) = -2^62 + 2^31: floor(-2^30 + 1/2) = -2^30" },
        Simd8 { case: "d_two_pow_32", op: "mulh", dst: D, srcs: &[o(D, 0x1_0000), o(D, 0x1_0000)], want: 1, note: "" },
        Simd8 { case: "ud_two_pow_32", op: "mulh", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 2)], want: 1, note: "" },
        Simd8 { case: "negated", op: "mulh", dst: D, srcs: &[md(Mod::Neg, D, INT_MIN), o(D, INT_MIN)], want: -0x4000_0000, note: "(-)INT_MIN = 2^31; 2^31 * -2^31 = -2^62 -> -2^30" },
        Simd8 { case: "negated_ud", op: "mulh", dst: UD, srcs: &[md(Mod::Neg, UD, 1), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFF,
            note: "(-)1:ud = -1; -1 * (2^32 - 1) = -(2^32 - 1): floor(-1 + 2^-32) = -1" },
    ] },
];

#[rustfmt::skip]
const MULH_MIXED8: &[Group<MulhMixed8>] = &[
    Group { d: "mulh (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 with D and UD mixed: each source keeps its own signedness, where validation admits mixed \
        types (MULH.md has no type map, and its Description asks for one type).", rows: &[
        MulhMixed8 { case: "d_ud_to_d", dst: D, s0: o(D, -1), s1: o(UD, 0xFFFF_FFFF), want: -1, note: "-(2^32 - 1): floor(-1 + 2^-32) = -1" },
        MulhMixed8 { case: "d_ud_to_ud", dst: UD, s0: o(D, -1), s1: o(UD, 0x8000_0000), want: 0xFFFF_FFFF, note: "-2^31: floor(-1/2) = -1" },
        MulhMixed8 { case: "ud_ud_to_d", dst: D, s0: o(UD, 0x8000_0000), s1: o(UD, 0x8000_0000), want: 0x4000_0000, note: "2^31 * 2^31 = 2^62: the UD source is not read as -2^31" },
    ] },
];

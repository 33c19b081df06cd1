//! MOD (instructions/MOD.md): hand-derived rows, each with its derivation.

use super::simd::{self, ModSat8};
use super::{form_on, grouped, table, ByZero, Group, Lane, MULDIV_DECLS};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use visa_model::platform::Platform::XeHpg;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "mod", file: "catalog/alu/mod.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "int", INT);
    grouped(rows, "sat", SAT);
    table(rows, BY_ZERO);
    form_on(rows, "forms", "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.",
        XeHpg, MULDIV_DECLS, "mod (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    simd_tables(rows);
    simd_programs(rows);
}

#[rustfmt::skip]
const INT: &[Group<Lane>] = &[
    Group { d: "7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates toward zero, the remainder has the numerator's sign).", rows: &[
        Lane { op: "mod", dst: "d", srcs: &[("d", 7), ("d", 2)], want: 1 },
        Lane { op: "mod", dst: "d", srcs: &[("d", 0xffff_fff9), ("d", 2)], want: 0xffff_ffff },
        Lane { op: "mod", dst: "d", srcs: &[("d", 7), ("d", 0xffff_fffe)], want: 1 },
        Lane { op: "mod", dst: "d", srcs: &[("d", 0xffff_fff9), ("d", 0xffff_fffe)], want: 0xffff_ffff },
    ] },
    Group { d: "INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.",
        rows: &[Lane { op: "mod", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0xffff_ffff)], want: 0 }] },
    Group { d: "UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.", rows: &[
        Lane { op: "mod", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 2)], want: 1 },
        Lane { op: "mod", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 10)], want: 5 },
    ] },
    Group { d: "B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).", rows: &[
        Lane { op: "mod", dst: "b", srcs: &[("b", 0x80), ("b", 0xff)], want: 0 },
        Lane { op: "mod", dst: "b", srcs: &[("b", 0x80), ("b", 3)], want: 0xfe },
    ] },
    Group { d: "Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).",
        rows: &[Lane { op: "mod", dst: "d", srcs: &[("d", 0xffff_ffff), ("ud", 2)], want: 0xffff_ffff }] },
    Group { d: "(-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.",
        rows: &[Lane { op: "mod", dst: "ud", srcs: &[("(-)ud", 7), ("ud", 2)], want: 0xffff_ffff }] },
    Group { d: "0 / -5 = 0 r 0.", rows: &[Lane { op: "mod", dst: "w", srcs: &[("w", 0), ("w", 0xfffb)], want: 0 }] },
];

#[rustfmt::skip]
const SAT: &[Group<Lane>] = &[
    Group { d: "MOD.sat into UB from D: -7 % 2 = -1 clamps to 0; 300 % 1000 = 300 clamps to 255, and without .sat keeps its low 8 bits 300 - 256 = 44 (0x2c).", rows: &[
        Lane { op: "mod.sat", dst: "ub", srcs: &[("d", 0xffff_fff9), ("d", 2)], want: 0 },
        Lane { op: "mod.sat", dst: "ub", srcs: &[("d", 300), ("d", 1000)], want: 0xff },
        Lane { op: "mod", dst: "ub", srcs: &[("d", 300), ("d", 1000)], want: 0x2c },
    ] },
];

#[rustfmt::skip]
const BY_ZERO: &[Group<ByZero>] = &[
    Group { d: "Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's behaviour is undefined.", rows: &[
        ByZero { op: "mod", dst: "d", s0: ("d", 0xffff_fff9) },
        ByZero { op: "mod.sat", dst: "ub", s0: ("ub", 9) },
    ] },
];

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    simd::div_mod_int_cases(rows, "mod");
    table(rows, MOD_SAT8);
}

#[rustfmt::skip]
const MOD_SAT8: &[Group<ModSat8>] = &[
    Group { d: "mod.sat (M1, 8) R:ub S0:d S1:d: 300 % 1000 = 300 clamps to 255; -7 % 2 = -1 clamps to 0.", rows: &[
        ModSat8 { case: "high", a: 300, b: 1000, want: 0xFF, note: "" },
        ModSat8 { case: "negative", a: 0xFFFF_FFF9, b: 2, want: 0, note: "" },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n\
                .decl R v_type=G type=d num_elts=8\n\
                mod (M1, 8) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    let base = || {
        simd::text_row(text)
            .var("A", simd::i32s(&[12; 8]))
            .var("B", simd::i32s(&[1, 0, 2, 0, 3, 0, 4, 0]))
            .var("R", le32(&[0x7777_7777; 8]))
    };
    let pattern: Vec<Option<u8>> = (0..8).flat_map(|k| 0u32.to_le_bytes().map(|b| (k % 2 == 0).then_some(b))).collect();
    let row = base().expect_pattern("R", pattern).tag(visa_model::errata::DIV_BY_ZERO);
    let d = "mod (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<1;1,0>:d, B = [1, 0, 2, 0, 3, 0, 4, 0], A = 12 in every lane, R initially 0x77777777: lanes 0, 2, 4, 6 \
        get 0; lanes 1, 3, 5, 7 divide by zero (erratum DIV-BY-ZERO, resolved): their bytes are undefined (any value). Literal DIV-BY-ZERO: undefined-behaviour.";
    rows.add("zero-divisor-lanes", row.derived(d));
    let row = base().expect_error(visa_model::ErrorClass::UndefinedBehaviour).literal(visa_model::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));
    let text = ".decl A v_type=G type=d num_elts=4\n.decl B v_type=G type=d num_elts=4\n\
                .decl R v_type=G type=d num_elts=4\n.decl P1 v_type=P num_elts=4\n\
                (P1) mod (M1, 4) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    let d = "(P1) mod (M1, 4) R:d A<1;1,0>:d B<1;1,0>:d with P1 = 0b0101, A = [7, 7, 7, 7] and B = [2, 0, 3, 0], R = -1: lanes 0 and 2 get 1; the disabled lanes 1 \
        and 3 divide by zero but are neither written nor undefined, under both readings of DIV-BY-ZERO.";
    for literal in [false, true] {
        let row = simd::text_row(text)
            .var("A", simd::i32s(&[7; 4]))
            .var("B", simd::i32s(&[2, 0, 3, 0]))
            .var("R", simd::i32s(&[-1; 4]))
            .pred("P1", 0b0101)
            .expect_bytes("R", simd::i32s(&[1, -1, 1, -1]));
        let row = if literal {
            row.literal(visa_model::errata::DIV_BY_ZERO)
        } else {
            row.tag(visa_model::errata::DIV_BY_ZERO)
        };
        rows.add("disabled-zero-divisor", row.derived(d));
    }
}

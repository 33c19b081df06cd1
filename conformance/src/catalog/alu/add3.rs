//! ADD3 (instructions/ADD3.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_both, form_row, grouped, table, Group, Lane, ARITH_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "add3", file: "catalog/alu/add3.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "ADD3 has no B type.",
        ARITH_DECLS, "add3 (M1, 8) VB(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> VB(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    form_both(rows, "forms", "ADD3-IMMEDIATE-WIDTH: a D immediate is valid (resolved), not an immediate16 (literal) ...",
        ARITH_DECLS, errata::ADD3_IMMEDIATE_WIDTH, "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x12345:d VD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    let text = "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x1234:w VD(0,0)<1;1,0>";
    let d = "ADD3-IMMEDIATE-WIDTH: a W immediate is valid under both readings.";
    form_both(rows, "forms", d, ARITH_DECLS, errata::ADD3_IMMEDIATE_WIDTH, text, (None, None));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "1 + 2 + 3 = 6.", rows: &[Lane { op: "add3", dst: "d", srcs: &[("d", 1), ("d", 2), ("d", 3)], want: 6 }] },
    Group { d: "INT_MAX + 1 + 0 = 2^31: .sat clamps to INT_MAX ...",
        rows: &[Lane { op: "add3.sat", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)], want: 0x7fff_ffff }] },
    Group { d: "... and without .sat the low 32 bits of 2^31 are 0x80000000.",
        rows: &[Lane { op: "add3", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)], want: 0x8000_0000 }] },
    Group { d: "INT_MIN + -1 + -1 = -2^31 - 2: .sat → INT_MIN; else -2^31 - 2 + 2^32 = 0x7ffffffe.", rows: &[
        Lane { op: "add3.sat", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0x8000_0000 },
        Lane { op: "add3", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0x7fff_fffe },
    ] },
    Group { d: "UW: 65535 + 1 + 1 = 65537: .sat → 0xffff; else 65537 - 65536 = 1.", rows: &[
        Lane { op: "add3.sat", dst: "uw", srcs: &[("uw", 0xffff), ("uw", 1), ("uw", 1)], want: 0xffff },
        Lane { op: "add3", dst: "uw", srcs: &[("uw", 0xffff), ("uw", 1), ("uw", 1)], want: 1 },
    ] },
    Group { d: "UW from D: -1 + 0 + 0 = -1: .sat → 0 (UW minimum); else the low 16 bits 0xffff.", rows: &[
        Lane { op: "add3.sat", dst: "uw", srcs: &[("d", 0xffff_ffff), ("d", 0), ("d", 0)], want: 0 },
        Lane { op: "add3", dst: "uw", srcs: &[("d", 0xffff_ffff), ("d", 0), ("d", 0)], want: 0xffff },
    ] },
    Group { d: "W: 3 * 32767 = 98301: .sat → 0x7fff; else 98301 - 65536 = 32765 = 0x7ffd.", rows: &[
        Lane { op: "add3.sat", dst: "w", srcs: &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)], want: 0x7fff },
        Lane { op: "add3", dst: "w", srcs: &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)], want: 0x7ffd },
    ] },
    Group { d: "-(INT_MIN) is +2^31 exactly (OPERAND-MODIFIER-TABLE); 2^31 + 0 + -1 = INT_MAX, no clamping.",
        rows: &[Lane { op: "add3.sat", dst: "d", srcs: &[("(-)d", 0x8000_0000), ("d", 0), ("d", 0xffff_ffff)], want: 0x7fff_ffff }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "add3[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0 [MOD]S1 [MOD]S2 (`<0;1,0>`) instructions/ADD3.md: the exact sum of the three values, clamped or truncated.", rows: &[
        Simd8 { case: "d_wraps", op: "add3", dst: D, srcs: &[o(D, INT_MAX), o(D, INT_MAX), o(D, 2)], want: 0,
            note: "2^31 - 1 + 2^31 - 1 + 2 = 2^32: truncated to 0, clamped to INT_MAX" },
        Simd8 { case: "d_sat_high", op: "add3.sat", dst: D, srcs: &[o(D, INT_MAX), o(D, INT_MAX), o(D, 2)], want: INT_MAX,
            note: "2^31 - 1 + 2^31 - 1 + 2 = 2^32: truncated to 0, clamped to INT_MAX" },
        Simd8 { case: "d_wraps_low", op: "add3", dst: D, srcs: &[o(D, INT_MIN), o(D, INT_MIN), o(D, -1)], want: -1,
            note: "-2^31 - 2^31 - 1 = -2^32 - 1: low 32 bits 0xFFFFFFFF, clamped to INT_MIN" },
        Simd8 { case: "d_sat_low", op: "add3.sat", dst: D, srcs: &[o(D, INT_MIN), o(D, INT_MIN), o(D, -1)], want: INT_MIN,
            note: "-2^31 - 2^31 - 1 = -2^32 - 1: low 32 bits 0xFFFFFFFF, clamped to INT_MIN" },
        Simd8 { case: "ud_wraps", op: "add3", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFD, note: "3 * (2^32 - 1) = 0x2_FFFF_FFFD" },
        Simd8 { case: "ud_sat", op: "add3.sat", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFF,
            note: "3 * (2^32 - 1) = 0x2_FFFF_FFFD" },
        Simd8 { case: "mixed_sat_to_uw", op: "add3.sat", dst: UW, srcs: &[o(W, -5), o(UD, 3), o(UW, 1)], want: 0, note: "-5 + 3 + 1 = -1: clamped to 0, truncated to 0xFFFF" },
        Simd8 { case: "mixed_wraps_to_uw", op: "add3", dst: UW, srcs: &[o(W, -5), o(UD, 3), o(UW, 1)], want: 0xFFFF, note: "-5 + 3 + 1 = -1: clamped to 0, truncated to 0xFFFF" },
        Simd8 { case: "w_exact", op: "add3.sat", dst: W, srcs: &[o(W, 0x7FFF), o(W, 1), o(W, -1)], want: 0x7FFF, note: "0x7FFF + 1 - 1: no intermediate W overflow" },
        Simd8 { case: "modifiers", op: "add3", dst: D, srcs: &[md(Mod::Neg, D, INT_MIN), md(Mod::Abs, D, INT_MIN), md(Mod::NegAbs, D, 1)], want: -1,
            note: "-(-2^31) + |-2^31| + -|1| = 2^32 - 1" },
        Simd8 { case: "modifiers_sat", op: "add3.sat", dst: D, srcs: &[md(Mod::Neg, D, INT_MIN), md(Mod::Abs, D, INT_MIN), md(Mod::NegAbs, D, 1)], want: INT_MAX,
            note: "-(-2^31) + |-2^31| + -|1| = 2^32 - 1" },
    ] },
];

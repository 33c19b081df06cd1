//! SHL (instructions/SHL.md): hand-derived rows, each with its derivation.

use super::simd::{ShlSatRange8, Simd8, *};
use super::{
    form_both, form_row, grouped, qword_forms, qword_forms_literal, table, Group, Lane,
    ShlSatRange, ARITH_DECLS,
};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::{self, *};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "shl", file: "catalog/alu/shl.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    table(rows, SHL_SAT_RANGE);
    form_row(rows, "forms", "Arithmetic instructions take no `~`.",
        ARITH_DECLS, "shl (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    form_both(rows, "forms", "QWORD-TYPEMAP-GAP: Q and UQ are in the logic instructions' and SHL's Supported Types; the resolved reading admits them, the literal one \
        keeps the type maps.",
        ARITH_DECLS, errata::QWORD_TYPEMAP_GAP, "shl (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    qword_forms(rows, "1 << 63 on Q: exact 2^63 wraps into Q without saturation: 0x8000000000000000.", "shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud", "VR", "0000000000000080");
    qword_forms_literal(rows, "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.", "shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud");
    let text = ".decl V1 v_type=G type=ud num_elts=4\n.decl P1 v_type=P num_elts=4\n(P1) shl (M1, 4) V1(0,0)<1> 0x1:ud 0x3210:uv\n";
    let d = "SIMD4 SHL of 1 by the lanes' counts 0, 1, 2, 3 from a UV immediate 0x3210 (elements 0..3), lanes 1 and 3 disabled by (P1) = 0b0101: lanes 0, 2 get 1, \
        4; lanes 1, 3 keep 0x77.";
    let row = Row::new(XeHpg, text).var("V1", le32(&[0x77; 4])).pred("P1", 0b0101).expect_lanes("V1", DataType::UD, &[1, 0x77, 4, 0x77]).derived(d);
    rows.add("predication", row);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, SHL_SAT_RANGE8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "1 << 0 = 1; 1 << 1 = 2; 1 << 31 = 0x80000000.", rows: &[
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 0)], want: 1 },
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 1)], want: 2 },
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 31)], want: 0x8000_0000 },
    ] },
    Group { d: "32 & 31 = 0: unchanged; 33 & 31 = 1; 63 & 31 = 31; 64 & 31 = 0.", rows: &[
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 32)], want: 1 },
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 33)], want: 2 },
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 63)], want: 0x8000_0000 },
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("ud", 64)], want: 1 },
    ] },
    Group { d: "A D count of -1 has low 5 bits 11111 = 31.", rows: &[Lane { op: "shl", dst: "ud", srcs: &[("ud", 1), ("d", 0xffff_ffff)], want: 0x8000_0000 }] },
    Group { d: "0xffffffff << 1 = 0x1fffffffe; truncated: 0xfffffffe; .sat: clamped to 0xffffffff.", rows: &[
        Lane { op: "shl", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 1)], want: 0xffff_fffe },
        Lane { op: "shl.sat", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 1)], want: 0xffff_ffff },
    ] },
    Group { d: "D: 1 << 31 = 2^31: truncated 0x80000000; .sat → INT_MAX.", rows: &[
        Lane { op: "shl", dst: "d", srcs: &[("d", 1), ("d", 31)], want: 0x8000_0000 },
        Lane { op: "shl.sat", dst: "d", srcs: &[("d", 1), ("d", 31)], want: 0x7fff_ffff },
    ] },
    Group { d: "D: -1 << 31 = -2^31 fits: 0x80000000 with or without .sat.",
        rows: &[Lane { op: "shl.sat", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 31)], want: 0x8000_0000 }] },
    Group { d: "UW: the count is masked with 31, not 15: 1 << 16 = 0x10000 → low 16 bits 0; .sat 0xffff.", rows: &[
        Lane { op: "shl", dst: "uw", srcs: &[("uw", 1), ("uw", 16)], want: 0 },
        Lane { op: "shl.sat", dst: "uw", srcs: &[("uw", 1), ("uw", 16)], want: 0xffff },
    ] },
    Group { d: "UW: 1 << 15 = 0x8000.", rows: &[Lane { op: "shl", dst: "uw", srcs: &[("uw", 1), ("uw", 15)], want: 0x8000 }] },
    Group { d: "UB: 1 << 8 = 256 → 0.", rows: &[Lane { op: "shl", dst: "ub", srcs: &[("ub", 1), ("ub", 8)], want: 0 }] },
    Group { d: "(-)1 on D: -1 << 4 = -16 → 0xfffffff0.", rows: &[Lane { op: "shl", dst: "d", srcs: &[("(-)d", 1), ("d", 4)], want: 0xffff_fff0 }] },
    Group { d: "A B source is sign-extended before the shift: -128 << 1 = -256 → UD 0xffffff00.",
        rows: &[Lane { op: "shl", dst: "ud", srcs: &[("b", 0x80), ("ud", 1)], want: 0xffff_ff00 }] },
];

#[rustfmt::skip]
const SHL_SAT_RANGE: &[Group<ShlSatRange>] = &[
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0x7fffffff << 1 = 2^32 - 2 < 2^32: within signed 33 bits; .sat UD keeps \
        0xfffffffe.",
        rows: &[ShlSatRange { dst: "ud", srcs: &[("ud", 0x7fff_ffff), ("ud", 1)], literal: Some(0xffff_fffe), resolved: 0xffff_fffe }] },
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0x80000000 << 1 = 2^32: one past the signed 33-bit maximum 2^32 - 1 → \
        literal undefined; resolved clamps to 0xffffffff.",
        rows: &[ShlSatRange { dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 1)], literal: None, resolved: 0xffff_ffff }] },
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0xffffffff << 1 = 2^33 - 2: beyond 33 bits.",
        rows: &[ShlSatRange { dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 1)], literal: None, resolved: 0xffff_ffff }] },
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. -2^31 << 1 = -2^32: exactly the signed 33-bit minimum: defined; .sat D → \
        INT_MIN.",
        rows: &[ShlSatRange { dst: "d", srcs: &[("d", 0x8000_0000), ("d", 1)], literal: Some(0x8000_0000), resolved: 0x8000_0000 }] },
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. -2^31 << 2 = -2^33: beyond 33 bits → literal undefined; resolved INT_MIN.",
        rows: &[ShlSatRange { dst: "d", srcs: &[("d", 0x8000_0000), ("d", 2)], literal: None, resolved: 0x8000_0000 }] },
    Group { d: "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 1 << 31 = 2^31: within 33 bits → .sat D clamps to INT_MAX in both \
        readings.",
        rows: &[ShlSatRange { dst: "d", srcs: &[("d", 1), ("d", 31)], literal: Some(0x7fff_ffff), resolved: 0x7fff_ffff }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 [MOD]S1(0,0)<0;1,0>:T1 instructions/SHL.md: count = src1 & 31 (the low bits of its two's-complement \
        value after the modifier), then src0 << count exactly, then clamped or truncated into DT.", rows: &[
        Simd8 { case: "by_0", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 0)], want: 1, note: "" },
        Simd8 { case: "by_31", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 31)], want: 0x8000_0000, note: "" },
        Simd8 { case: "by_32_masked_to_0", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 32)], want: 1, note: "" },
        Simd8 { case: "by_33_masked_to_1", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 33)], want: 2, note: "" },
        Simd8 { case: "by_63_masked_to_31", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 63)], want: 0x8000_0000, note: "" },
        Simd8 { case: "by_64_masked_to_0", op: "shl", dst: UD, srcs: &[o(UD, 1), o(UD, 64)], want: 1, note: "" },
        Simd8 { case: "truncates", op: "shl", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 4)], want: 0xFFFF_FFF0, note: "0xFFFFFFFF << 4 = 0xF_FFFF_FFF0: the low 32 bits" },
        Simd8 { case: "count_negated", op: "shl", dst: UD, srcs: &[o(UD, 1), md(Mod::Neg, D, 1)], want: 0x8000_0000, note: "-1 = ...11111: low 5 bits 31" },
        Simd8 { case: "count_negative", op: "shl", dst: UD, srcs: &[o(UD, 1), o(D, -31)], want: 2, note: "-31 = ...1110_0001: low 5 bits 1" },
        Simd8 { case: "b_to_w", op: "shl", dst: W, srcs: &[o(B, -0x80), o(UD, 1)], want: 0xFF00, note: "B 0x80 = -128, << 1 = -256 = W 0xFF00" },
        Simd8 { case: "ub_to_uw", op: "shl", dst: UW, srcs: &[o(UB, 0xFF), o(UW, 8)], want: 0xFF00, note: "UB 0xFF << 8 = 0xFF00" },
        Simd8 { case: "d_wraps", op: "shl", dst: D, srcs: &[o(D, 0x4000_0000), o(UD, 1)], want: INT_MIN,
            note: "2^30 << 1 = 2^31 > INT_MAX: truncated to 0x80000000, clamped to INT_MAX" },
        Simd8 { case: "d_sat_high", op: "shl.sat", dst: D, srcs: &[o(D, 0x4000_0000), o(UD, 1)], want: INT_MAX,
            note: "2^30 << 1 = 2^31 > INT_MAX: truncated to 0x80000000, clamped to INT_MAX" },
        Simd8 { case: "d_sat_int_min_fits", op: "shl.sat", dst: D, srcs: &[o(D, -1), o(UD, 31)], want: INT_MIN, note: "-1 << 31 = -2^31 = INT_MIN: fits" },
        Simd8 { case: "ub_sat", op: "shl.sat", dst: UB, srcs: &[o(UB, 0x80), o(UD, 1)], want: 0xFF, note: "0x80 << 1 = 256 > 255" },
    ] },
];

#[rustfmt::skip]
const SHL_SAT_RANGE8: &[Group<ShlSatRange8>] = &[
    Group { d: "shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:ud under both readings of SHL-SAT-RANGE. Resolved: the exact value is clamped. \
        Literal: with `.sat`, an enabled lane whose exact value lies outside the 33-bit signed range [-2^32, 2^32 - 1] is undefined (`None`); without `.sat` nothing \
        is checked.", rows: &[
        ShlSatRange8 { case: "inside", saturate: true, ty: D, s0: 0x4000_0000, s1: 1, resolved: INT_MAX, literal: Some(INT_MAX),
            note: "2^31 fits 33 bits: clamped to INT_MAX under both readings" },
        ShlSatRange8 { case: "upper_edge", saturate: true, ty: UD, s0: 0xFFFF_FFFF, s1: 0, resolved: 0xFFFF_FFFF, literal: Some(0xFFFF_FFFF),
            note: "0xFFFFFFFF << 0 = 2^32 - 1: the top of the range" },
        ShlSatRange8 { case: "past_upper_edge", saturate: true, ty: UD, s0: 0x8000_0000, s1: 1, resolved: 0xFFFF_FFFF, literal: None, note: "2^31 << 1 = 2^32: one past the top" },
        ShlSatRange8 { case: "lower_edge", saturate: true, ty: D, s0: INT_MIN, s1: 1, resolved: INT_MIN, literal: Some(INT_MIN),
            note: "-2^31 << 1 = -2^32: the bottom of the range, clamped to INT_MIN" },
        ShlSatRange8 { case: "past_lower_edge", saturate: true, ty: D, s0: INT_MIN, s1: 2, resolved: INT_MIN, literal: None, note: "-2^31 << 2 = -2^33" },
        ShlSatRange8 { case: "int_max_by_2", saturate: true, ty: D, s0: INT_MAX, s1: 2, resolved: INT_MAX, literal: None, note: "(2^31 - 1) << 2 is about 2^33" },
        ShlSatRange8 { case: "no_sat_unchecked", saturate: false, ty: D, s0: INT_MAX, s1: 2, resolved: 0xFFFF_FFFC, literal: Some(0xFFFF_FFFC),
            note: "no .sat: truncated, 0x1_FFFF_FFFC -> 0xFFFFFFFC, under both readings" },
    ] },
];

//! SHL (instructions/SHL.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use super::{
    form_both, form_row, one, qword_forms, qword_forms_literal, shl_sat_range, ARITH_DECLS,
};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "shl",
    file: "catalog/alu/shl.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "1 << 0 = 1; 1 << 1 = 2; 1 << 31 = 0x80000000.";
    one(rows, "values", d, "shl", "ud", &[("ud", 1), ("ud", 0)], 1);
    one(rows, "values", d, "shl", "ud", &[("ud", 1), ("ud", 1)], 2);
    one(
        rows,
        "values",
        d,
        "shl",
        "ud",
        &[("ud", 1), ("ud", 31)],
        0x8000_0000,
    );
    let d = "32 & 31 = 0: unchanged; 33 & 31 = 1; 63 & 31 = 31; 64 & 31 = 0.";
    one(rows, "values", d, "shl", "ud", &[("ud", 1), ("ud", 32)], 1);
    one(rows, "values", d, "shl", "ud", &[("ud", 1), ("ud", 33)], 2);
    one(
        rows,
        "values",
        d,
        "shl",
        "ud",
        &[("ud", 1), ("ud", 63)],
        0x8000_0000,
    );
    one(rows, "values", d, "shl", "ud", &[("ud", 1), ("ud", 64)], 1);
    let d = "A D count of -1 has low 5 bits 11111 = 31.";
    one(
        rows,
        "values",
        d,
        "shl",
        "ud",
        &[("ud", 1), ("d", 0xffff_ffff)],
        0x8000_0000,
    );
    let d = "0xffffffff << 1 = 0x1fffffffe; truncated: 0xfffffffe; .sat: clamped to 0xffffffff.";
    one(
        rows,
        "values",
        d,
        "shl",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 1)],
        0xffff_fffe,
    );
    one(
        rows,
        "values",
        d,
        "shl.sat",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 1)],
        0xffff_ffff,
    );
    let d = "D: 1 << 31 = 2^31: truncated 0x80000000; .sat → INT_MAX.";
    one(
        rows,
        "values",
        d,
        "shl",
        "d",
        &[("d", 1), ("d", 31)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shl.sat",
        "d",
        &[("d", 1), ("d", 31)],
        0x7fff_ffff,
    );
    let d = "D: -1 << 31 = -2^31 fits: 0x80000000 with or without .sat.";
    one(
        rows,
        "values",
        d,
        "shl.sat",
        "d",
        &[("d", 0xffff_ffff), ("d", 31)],
        0x8000_0000,
    );
    let d =
        "UW: the count is masked with 31, not 15: 1 << 16 = 0x10000 → low 16 bits 0; .sat 0xffff.";
    one(rows, "values", d, "shl", "uw", &[("uw", 1), ("uw", 16)], 0);
    one(
        rows,
        "values",
        d,
        "shl.sat",
        "uw",
        &[("uw", 1), ("uw", 16)],
        0xffff,
    );
    let d = "UW: 1 << 15 = 0x8000.";
    one(
        rows,
        "values",
        d,
        "shl",
        "uw",
        &[("uw", 1), ("uw", 15)],
        0x8000,
    );
    let d = "UB: 1 << 8 = 256 → 0.";
    one(rows, "values", d, "shl", "ub", &[("ub", 1), ("ub", 8)], 0);
    let d = "(-)1 on D: -1 << 4 = -16 → 0xfffffff0.";
    one(
        rows,
        "values",
        d,
        "shl",
        "d",
        &[("(-)d", 1), ("d", 4)],
        0xffff_fff0,
    );
    let d = "A B source is sign-extended before the shift: -128 << 1 = -256 → UD 0xffffff00.";
    one(
        rows,
        "values",
        d,
        "shl",
        "ud",
        &[("b", 0x80), ("ud", 1)],
        0xffff_ff00,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0x7fffffff << 1 = 2^32 - 2 < 2^32: within signed 33 bits; .sat UD keeps 0xfffffffe.";
    shl_sat_range(
        rows,
        d,
        "ud",
        &[("ud", 0x7fff_ffff), ("ud", 1)],
        Some(0xffff_fffe),
        0xffff_fffe,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0x80000000 << 1 = 2^32: one past the signed 33-bit maximum 2^32 - 1 → literal undefined; resolved clamps to 0xffffffff.";
    shl_sat_range(
        rows,
        d,
        "ud",
        &[("ud", 0x8000_0000), ("ud", 1)],
        None,
        0xffff_ffff,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 0xffffffff << 1 = 2^33 - 2: beyond 33 bits.";
    shl_sat_range(
        rows,
        d,
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 1)],
        None,
        0xffff_ffff,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. -2^31 << 1 = -2^32: exactly the signed 33-bit minimum: defined; .sat D → INT_MIN.";
    shl_sat_range(
        rows,
        d,
        "d",
        &[("d", 0x8000_0000), ("d", 1)],
        Some(0x8000_0000),
        0x8000_0000,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. -2^31 << 2 = -2^33: beyond 33 bits → literal undefined; resolved INT_MIN.";
    shl_sat_range(
        rows,
        d,
        "d",
        &[("d", 0x8000_0000), ("d", 2)],
        None,
        0x8000_0000,
    );
    let d = "SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour. 1 << 31 = 2^31: within 33 bits → .sat D clamps to INT_MAX in both readings.";
    shl_sat_range(
        rows,
        d,
        "d",
        &[("d", 1), ("d", 31)],
        Some(0x7fff_ffff),
        0x7fff_ffff,
    );
    let d = "Arithmetic instructions take no `~`.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "shl (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "QWORD-TYPEMAP-GAP: Q and UQ are in the logic instructions' and SHL's Supported Types; the resolved reading admits them, the literal one keeps the type maps.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::QWORD_TYPEMAP_GAP,
        "shl (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "1 << 63 on Q: exact 2^63 wraps into Q without saturation: 0x8000000000000000.";
    qword_forms(
        rows,
        d,
        "shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud",
        "VR",
        "0000000000000080",
    );
    let d = "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.";
    qword_forms_literal(rows, d, "shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud");
    let d = "SIMD4 SHL of 1 by the lanes' counts 0, 1, 2, 3 from a UV immediate 0x3210 (elements \
             0..3), lanes 1 and 3 disabled by (P1) = 0b0101: lanes 0, 2 get 1, 4; lanes 1, 3 keep 0x77.";
    let text = ".decl V1 v_type=G type=ud num_elts=4\n.decl P1 v_type=P num_elts=4\n\
                (P1) shl (M1, 4) V1(0,0)<1> 0x1:ud 0x3210:uv\n";
    let row = Row::new(XeHpg, text)
        .var("V1", le32(&[0x77; 4]))
        .pred("P1", 0b0101)
        .expect_lanes("V1", DataType::UD, &[1, 0x77, 4, 0x77])
        .derived(d);
    rows.add("predication", row);
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 [MOD]S1(0,0)<0;1,0>:T1 instructions/SHL.md: count = src1 & 31 (the low bits of its two's-complement value after the modifier), then src0 << count exactly, then clamped or truncated into DT.";
    simd::shl(rows, &why(d, "by_0", ""), false, UD, o(UD, 1), o(UD, 0), 1);
    simd::shl(
        rows,
        &why(d, "by_31", ""),
        false,
        UD,
        o(UD, 1),
        o(UD, 31),
        0x8000_0000,
    );
    simd::shl(
        rows,
        &why(d, "by_32_masked_to_0", ""),
        false,
        UD,
        o(UD, 1),
        o(UD, 32),
        1,
    );
    simd::shl(
        rows,
        &why(d, "by_33_masked_to_1", ""),
        false,
        UD,
        o(UD, 1),
        o(UD, 33),
        2,
    );
    simd::shl(
        rows,
        &why(d, "by_63_masked_to_31", ""),
        false,
        UD,
        o(UD, 1),
        o(UD, 63),
        0x8000_0000,
    );
    simd::shl(
        rows,
        &why(d, "by_64_masked_to_0", ""),
        false,
        UD,
        o(UD, 1),
        o(UD, 64),
        1,
    );
    simd::shl(
        rows,
        &why(
            d,
            "truncates",
            "0xFFFFFFFF << 4 = 0xF_FFFF_FFF0: the low 32 bits",
        ),
        false,
        UD,
        o(UD, 0xFFFF_FFFF),
        o(UD, 4),
        0xFFFF_FFF0,
    );
    simd::shl(
        rows,
        &why(d, "count_negated", "-1 = ...11111: low 5 bits 31"),
        false,
        UD,
        o(UD, 1),
        md(Mod::Neg, D, 1),
        0x8000_0000,
    );
    simd::shl(
        rows,
        &why(d, "count_negative", "-31 = ...1110_0001: low 5 bits 1"),
        false,
        UD,
        o(UD, 1),
        o(D, -31),
        2,
    );
    simd::shl(
        rows,
        &why(d, "b_to_w", "B 0x80 = -128, << 1 = -256 = W 0xFF00"),
        false,
        W,
        o(B, -0x80),
        o(UD, 1),
        0xFF00,
    );
    simd::shl(
        rows,
        &why(d, "ub_to_uw", "UB 0xFF << 8 = 0xFF00"),
        false,
        UW,
        o(UB, 0xFF),
        o(UW, 8),
        0xFF00,
    );
    simd::shl(
        rows,
        &why(
            d,
            "d_wraps",
            "2^30 << 1 = 2^31 > INT_MAX: truncated to 0x80000000, clamped to INT_MAX",
        ),
        false,
        D,
        o(D, 0x4000_0000),
        o(UD, 1),
        INT_MIN,
    );
    simd::shl(
        rows,
        &why(
            d,
            "d_sat_high",
            "2^30 << 1 = 2^31 > INT_MAX: truncated to 0x80000000, clamped to INT_MAX",
        ),
        true,
        D,
        o(D, 0x4000_0000),
        o(UD, 1),
        INT_MAX,
    );
    simd::shl(
        rows,
        &why(d, "d_sat_int_min_fits", "-1 << 31 = -2^31 = INT_MIN: fits"),
        true,
        D,
        o(D, -1),
        o(UD, 31),
        INT_MIN,
    );
    simd::shl(
        rows,
        &why(d, "ub_sat", "0x80 << 1 = 256 > 255"),
        true,
        UB,
        o(UB, 0x80),
        o(UD, 1),
        0xFF,
    );
    let d = "shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:ud under both readings of SHL-SAT-RANGE. Resolved: the exact value is clamped. Literal: with `.sat`, an enabled lane whose exact value lies outside the 33-bit signed range [-2^32, 2^32 - 1] is undefined (`None`); without `.sat` nothing is checked.";
    simd::shl_sat_range(
        rows,
        &why(
            d,
            "inside",
            "2^31 fits 33 bits: clamped to INT_MAX under both readings",
        ),
        true,
        D,
        0x4000_0000,
        1,
        INT_MAX,
        Some(INT_MAX),
    );
    simd::shl_sat_range(
        rows,
        &why(
            d,
            "upper_edge",
            "0xFFFFFFFF << 0 = 2^32 - 1: the top of the range",
        ),
        true,
        UD,
        0xFFFF_FFFF,
        0,
        0xFFFF_FFFF,
        Some(0xFFFF_FFFF),
    );
    simd::shl_sat_range(
        rows,
        &why(d, "past_upper_edge", "2^31 << 1 = 2^32: one past the top"),
        true,
        UD,
        0x8000_0000,
        1,
        0xFFFF_FFFF,
        None,
    );
    simd::shl_sat_range(
        rows,
        &why(
            d,
            "lower_edge",
            "-2^31 << 1 = -2^32: the bottom of the range, clamped to INT_MIN",
        ),
        true,
        D,
        INT_MIN,
        1,
        INT_MIN,
        Some(INT_MIN),
    );
    simd::shl_sat_range(
        rows,
        &why(d, "past_lower_edge", "-2^31 << 2 = -2^33"),
        true,
        D,
        INT_MIN,
        2,
        INT_MIN,
        None,
    );
    simd::shl_sat_range(
        rows,
        &why(d, "int_max_by_2", "(2^31 - 1) << 2 is about 2^33"),
        true,
        D,
        INT_MAX,
        2,
        INT_MAX,
        None,
    );
    simd::shl_sat_range(
        rows,
        &why(
            d,
            "no_sat_unchecked",
            "no .sat: truncated, 0x1_FFFF_FFFC -> 0xFFFFFFFC, under both readings",
        ),
        false,
        D,
        INT_MAX,
        2,
        0xFFFF_FFFC,
        Some(0xFFFF_FFFC),
    );
}

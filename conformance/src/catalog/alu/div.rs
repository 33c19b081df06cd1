//! DIV (instructions/DIV.md): hand-derived rows, each with its derivation.

use super::simd::{self, DivReadings8, FloatSat8, MulDivFloat8, *};
use super::{
    grouped, table, ByZero, FormOn, Group, Lane, LaneCr0, LaneCr0Readings, ALT, KEEP_F,
    MULDIV_DECLS, RD, RTNE, RTZ, RU,
};
use crate::catalog::build::{le16, le32};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::{self, *};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "div", file: "catalog/alu/div.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "int", INT);
    table(rows, BY_ZERO);
    grouped(rows, "float", FLOAT);
    grouped(rows, "reciprocal", RECIPROCAL);
    grouped(rows, "forms", FORMS);
    let text = ".decl V1 v_type=G type=d num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=4\n\
                div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n\
                mov (M1, 1) V1(0,1)<1> 0x5:d\n";
    let mut want: Vec<Option<u8>> = le32(&[4, 5, 2]).into_iter().map(Some).collect();
    want.extend([None; 4]);
    let d = "div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> with V2 = [8, 9, 10, 11], V3 = [2, 0, 5, 0]: lanes 0 and 2 get 4 and 2; lanes 1 and 3 divide by \
        zero and keep their initial bytes (0x77) but are undefined (any bytes). A later write of lane 1 defines it again: 5.";
    let row = Row::new(XeHpg, text).var("V1", le32(&[0x77; 4])).var("V2", le32(&[8, 9, 10, 11])).var("V3", le32(&[2, 0, 5, 0])).expect_pattern("V1", want)
        .tag(errata::DIV_BY_ZERO).derived(d);
    rows.add("by-zero", row);
    let text = ".decl V1 v_type=G type=d num_elts=2\n.decl V2 v_type=G type=d num_elts=2\n\
                .decl V3 v_type=G type=d num_elts=2\n.decl P1 v_type=P num_elts=2\n\
                (P1) div (M1, 2) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    let d = "(P1) div (M1, 2) with P1 = 0b01: lane 1 divides by zero but is disabled, so it is neither written nor undefined (it keeps 0x77), and the literal \
        reading of DIV-BY-ZERO reports nothing: V1 = [6 / 3 = 2, 0x77].";
    let row = Row::new(XeHpg, text).var("V1", le32(&[0x77, 0x77])).var("V2", le32(&[6, 6])).var("V3", le32(&[3, 0])).pred("P1", 0b01)
        .expect_lanes("V1", DataType::D, &[2, 0x77]).derived(d);
    rows.add("by-zero", row.clone());
    rows.add("by-zero", row.literal(errata::DIV_BY_ZERO));
    simd_tables(rows);
    simd_programs(rows);
}

#[rustfmt::skip]
const INT: &[Group<Lane>] = &[
    Group { d: "7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates toward zero, the remainder has the numerator's sign).", rows: &[
        Lane { op: "div", dst: "d", srcs: &[("d", 7), ("d", 2)], want: 3 },
        Lane { op: "div", dst: "d", srcs: &[("d", 0xffff_fff9), ("d", 2)], want: 0xffff_fffd },
        Lane { op: "div", dst: "d", srcs: &[("d", 7), ("d", 0xffff_fffe)], want: 0xffff_fffd },
        Lane { op: "div", dst: "d", srcs: &[("d", 0xffff_fff9), ("d", 0xffff_fffe)], want: 3 },
    ] },
    Group { d: "INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.",
        rows: &[Lane { op: "div", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0xffff_ffff)], want: 0x8000_0000 }] },
    Group { d: "UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.", rows: &[
        Lane { op: "div", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 2)], want: 0x7fff_ffff },
        Lane { op: "div", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 10)], want: 0x1999_9999 },
    ] },
    Group { d: "B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).", rows: &[
        Lane { op: "div", dst: "b", srcs: &[("b", 0x80), ("b", 0xff)], want: 0x80 },
        Lane { op: "div", dst: "b", srcs: &[("b", 0x80), ("b", 3)], want: 0xd6 },
    ] },
    Group { d: "Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).",
        rows: &[Lane { op: "div", dst: "d", srcs: &[("d", 0xffff_ffff), ("ud", 2)], want: 0 }] },
    Group { d: "(-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.",
        rows: &[Lane { op: "div", dst: "ud", srcs: &[("(-)ud", 7), ("ud", 2)], want: 0xffff_fffd }] },
    Group { d: "0 / -5 = 0 r 0.", rows: &[Lane { op: "div", dst: "w", srcs: &[("w", 0), ("w", 0xfffb)], want: 0 }] },
];

#[rustfmt::skip]
const BY_ZERO: &[Group<ByZero>] = &[
    Group { d: "Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's behaviour is undefined.", rows: &[
        ByZero { op: "div", dst: "d", s0: ("d", 7) },
        ByZero { op: "div", dst: "ud", s0: ("ud", 0) },
    ] },
];

#[rustfmt::skip]
const FLOAT: &[Group<LaneCr0>] = &[
    Group { d: "1/3 = 1.0101...b * 2^-2: F keeps 0x2aaaaa and drops 2/3 ulp: RNE and RU 0x3eaaaaab, RD and RTZ 0x3eaaaaaa.", rows: &[
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x4040_0000)], cr0: RTNE, want: 0x3eaa_aaab },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x4040_0000)], cr0: RU, want: 0x3eaa_aaab },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x4040_0000)], cr0: RD, want: 0x3eaa_aaaa },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x4040_0000)], cr0: RTZ, want: 0x3eaa_aaaa },
    ] },
    Group { d: "HF 1/3: 10 fraction bits 0101010101 (0x155), biased exponent 13 (0x3400), 1/3 ulp dropped: 0x3555.",
        rows: &[LaneCr0 { op: "div", dst: "hf", srcs: &[("hf", 0x3c00), ("hf", 0x4200)], cr0: RTNE, want: 0x3555 }] },
    Group { d: "DF 1/3: 0x3fd5555555555555 (1/3 ulp dropped).",
        rows: &[LaneCr0 { op: "div", dst: "df", srcs: &[("df", 0x3ff0_0000_0000_0000), ("df", 0x4008_0000_0000_0000)], cr0: RTNE, want: 0x3fd5_5555_5555_5555 }] },
    Group { d: "1/+0 = +inf, -1/+0 = -inf, 1/-0 = -inf; with ALT the infinity is the largest F.", rows: &[
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0)], cr0: RTNE, want: 0x7f80_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0xbf80_0000), ("f", 0)], cr0: RTNE, want: 0xff80_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x8000_0000)], cr0: RTNE, want: 0xff80_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0)], cr0: RTNE | ALT, want: 0x7f7f_ffff },
    ] },
    Group { d: "0/0 and inf/inf: the default NaN; 1/-inf = -0; a quiet NaN divisor propagates.", rows: &[
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0), ("f", 0)], cr0: RTNE, want: 0x7fc0_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x7f80_0000), ("f", 0xff80_0000)], cr0: RTNE, want: 0x7fc0_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0xff80_0000)], cr0: RTNE, want: 0x8000_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0xffc0_0abc)], cr0: RTNE, want: 0xffc0_0abc },
    ] },
    Group { d: ".sat: 3/2 = 1.5 clamps to 1.0; -1/3 clamps to +0.", rows: &[
        LaneCr0 { op: "div.sat", dst: "f", srcs: &[("f", 0x4040_0000), ("f", 0x4000_0000)], cr0: RTNE, want: 0x3f80_0000 },
        LaneCr0 { op: "div.sat", dst: "f", srcs: &[("f", 0xbf80_0000), ("f", 0x4040_0000)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "2^-126 / 2 = 2^-127: the denormal 0x00400000 kept, +0 flushed.", rows: &[
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x0080_0000), ("f", 0x4000_0000)], cr0: KEEP_F, want: 0x0040_0000 },
        LaneCr0 { op: "div", dst: "f", srcs: &[("f", 0x0080_0000), ("f", 0x4000_0000)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "HF 65504 / 0.5 = 131008: overflow, inf under RNE, 65504 under RTZ.", rows: &[
        LaneCr0 { op: "div", dst: "hf", srcs: &[("hf", 0x7bff), ("hf", 0x3800)], cr0: RTNE, want: 0x7c00 },
        LaneCr0 { op: "div", dst: "hf", srcs: &[("hf", 0x7bff), ("hf", 0x3800)], cr0: RTZ, want: 0x7bff },
    ] },
];

#[rustfmt::skip]
const RECIPROCAL: &[Group<LaneCr0Readings>] = &[
    Group { d: "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 5/3 = 1.101010...b: 23 fraction bits 10101010101010101010101 \
        (0x555555), the rest is 1/3 ulp: RNE truncates to 0x3fd55555. Literal: rn(1/3) = 0xaaaaab * 2^-25; 5 * 0xaaaaab = 0x3555557 (26 bits) * 2^-25; 24 bits keep \
        0xd55555 and drop .11b = 3/4: up to 0xd55556, i.e. 0x3fd55556.", rows: &[
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0x40a0_0000), ("f", 0x4040_0000)], cr0: RTNE, resolved: 0x3fd5_5555,
            literal: 0x3fd5_5556 },
    ] },
    Group { d: "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 1/3: rn(1/3) * 1 is rn(1/3) itself: the readings agree.", rows: &[
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x4040_0000)], cr0: RTNE, resolved: 0x3eaa_aaab,
            literal: 0x3eaa_aaab },
    ] },
    Group { d: "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 2^-149 / 2^-149 = 1 with F denormals kept. Literal: 1 / 2^-149 = 2^149 \
        overflows F to +inf, and 2^-149 * inf = +inf.", rows: &[
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0x1), ("f", 0x1)], cr0: KEEP_F, resolved: 0x3f80_0000, literal: 0x7f80_0000 },
    ] },
    Group { d: "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). Special values agree: 1/0 = inf (1 * inf), 0/0 = NaN (0 * inf), 1/inf \
        = 0 (1 * 0).", rows: &[
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0)], cr0: RTNE, resolved: 0x7f80_0000, literal: 0x7f80_0000 },
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0), ("f", 0)], cr0: RTNE, resolved: 0x7fc0_0000, literal: 0x7fc0_0000 },
        LaneCr0Readings { erratum: errata::DIV_FLOAT_RECIPROCAL, op: "div", dst: "f", srcs: &[("f", 0x3f80_0000), ("f", 0x7f80_0000)], cr0: RTNE, resolved: 0, literal: 0 },
    ] },
];

#[rustfmt::skip]
const FORMS: &[Group<FormOn>] = &[
    Group { d: "\"Saturation: only when type is float\".",
        rows: &[FormOn { platform: XeHpg, decls: MULDIV_DECLS, text: "div.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.",
        rows: &[FormOn { platform: XeHpg, decls: MULDIV_DECLS, text: "div (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    simd::div_mod_int_cases(rows, "div");
    table(rows, MUL_DIV_FLOAT8);
    table(rows, FLOAT_SAT8);
    table(rows, DIV_READINGS8);
}

#[rustfmt::skip]
const MUL_DIV_FLOAT8: &[Group<MulDivFloat8>] = &[
    Group { d: "MUL and DIV on floats, one rounding into DT under %cr0.", rows: &[
        MulDivFloat8 { case: "div_rne", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0x4040_0000)], cr0: RNE, want: 0x3EAA_AAAB,
            note: "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA" },
        MulDivFloat8 { case: "div_ru", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0x4040_0000)], cr0: RU, want: 0x3EAA_AAAB,
            note: "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA" },
        MulDivFloat8 { case: "div_rd", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0x4040_0000)], cr0: RD, want: 0x3EAA_AAAA,
            note: "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA" },
        MulDivFloat8 { case: "div_rz", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0x4040_0000)], cr0: RZ, want: 0x3EAA_AAAA,
            note: "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA" },
        MulDivFloat8 { case: "div_neg_ru", op: "div", dst: F, srcs: &[(F, 0xBF80_0000), (F, 0x4040_0000)], cr0: RU, want: 0xBEAA_AAAA,
            note: "-1/3 under RU rounds toward +inf: the smaller magnitude 0xBEAAAAAA" },
        MulDivFloat8 { case: "div_hf_to_f", op: "div", dst: F, srcs: &[(HF, 0x3C00), (HF, 0x4200)], cr0: RNE, want: 0x3EAA_AAAB, note: "HF sources into F: 1/3 computed once into F" },
        MulDivFloat8 { case: "div_hf", op: "div", dst: HF, srcs: &[(HF, 0x3C00), (HF, 0x4200)], cr0: RNE, want: 0x3555, note: "HF 1/3 = 0x3555; DF 1/3 = 0x3FD5555555555555" },
        MulDivFloat8 { case: "div_df", op: "div", dst: DF, srcs: &[(DF, 0x3FF0_0000_0000_0000), (DF, 0x4008_0000_0000_0000)], cr0: RNE, want: 0x3FD5_5555_5555_5555,
            note: "HF 1/3 = 0x3555; DF 1/3 = 0x3FD5555555555555" },
        MulDivFloat8 { case: "div_by_zero", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0)], cr0: RNE, want: 0x7F80_0000, note: "1/0 = inf, 0/0 = default NaN, 1/-inf = -0" },
        MulDivFloat8 { case: "div_zero_zero", op: "div", dst: F, srcs: &[(F, 0), (F, 0)], cr0: RNE, want: 0x7FC0_0000, note: "1/0 = inf, 0/0 = default NaN, 1/-inf = -0" },
        MulDivFloat8 { case: "div_by_minus_inf", op: "div", dst: F, srcs: &[(F, 0x3F80_0000), (F, 0xFF80_0000)], cr0: RNE, want: 0x8000_0000,
            note: "1/0 = inf, 0/0 = default NaN, 1/-inf = -0" },
        MulDivFloat8 { case: "div_denormal", op: "div", dst: F, srcs: &[(F, 0x0080_0000), (F, 0x4000_0000)], cr0: KEEP_F, want: 0x0040_0000,
            note: "2^-126 / 2 = 2^-127 kept (0x00400000) or flushed (+0)" },
        MulDivFloat8 { case: "div_flushed", op: "div", dst: F, srcs: &[(F, 0x0080_0000), (F, 0x4000_0000)], cr0: RNE, want: 0,
            note: "2^-126 / 2 = 2^-127 kept (0x00400000) or flushed (+0)" },
    ] },
];

#[rustfmt::skip]
const FLOAT_SAT8: &[Group<FloatSat8>] = &[
    Group { d: ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.", rows: &[
        FloatSat8 { case: "div", op: "div", srcs: &[(F, 0x4040_0000), (F, 0x4000_0000)], want: 0x3F80_0000, note: "" },
        FloatSat8 { case: "div_negative", op: "div", srcs: &[(F, 0xBF80_0000), (F, 0x4040_0000)], want: 0, note: "" },
    ] },
];

#[rustfmt::skip]
const DIV_READINGS8: &[Group<DivReadings8>] = &[
    Group { d: "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal).", rows: &[
        DivReadings8 { case: "five_thirds", srcs: &[(F, 0x40A0_0000), (F, 0x4040_0000)], cr0: RNE, resolved: 0x3FD5_5555, literal: 0x3FD5_5556,
            note: "5/3: correctly rounded 0x3FD55555; literal 5 * rn(1/3) = 5 * 0xAAAAAB * 2^-25 = 0x3555557 * 2^-25, rounded to 24 bits: 0xD55556 * 2^-23 = 0x3FD55556" },
        DivReadings8 { case: "reciprocal_overflow", srcs: &[(F, 1), (F, 1)], cr0: KEEP_F, resolved: 0x3F80_0000, literal: 0x7F80_0000,
            note: "2^-149 / 2^-149 = 1 with denormals kept; literal: 1 / 2^-149 overflows to inf, times 2^-149" },
        DivReadings8 { case: "reciprocal_alt", srcs: &[(F, 1), (F, 1)], cr0: KEEP_F | ALT, resolved: 0x3F80_0000, literal: 0x34FF_FFFF,
            note: "the same with ALT: the reciprocal becomes the largest F, (2 - 2^-23) * 2^127 * 2^-149 = (2 - 2^-23) * 2^-22 = 0x34FFFFFF" },
        DivReadings8 { case: "one_third", srcs: &[(F, 0x3F80_0000), (F, 0x4040_0000)], cr0: RNE, resolved: 0x3EAA_AAAB, literal: 0x3EAA_AAAB, note: "1/3 agrees" },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n\
                .decl R v_type=G type=d num_elts=8\n\
                div (M1, 8) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    let base = || {
        simd::text_row(text)
            .var("A", simd::i32s(&[12; 8]))
            .var("B", simd::i32s(&[1, 0, 2, 0, 3, 0, 4, 0]))
            .var("R", le32(&[0x7777_7777; 8]))
    };
    let pattern: Vec<Option<u8>> = [12u32, 0, 6, 0, 4, 0, 3, 0].iter().enumerate().flat_map(|(k, v)| v.to_le_bytes().map(|b| (k % 2 == 0).then_some(b))).collect();
    let row = base().expect_pattern("R", pattern).tag(visa_model::errata::DIV_BY_ZERO);
    let d = "div (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<1;1,0>:d, B = [1, 0, 2, 0, 3, 0, 4, 0], A = 12 in every lane, R initially 0x77777777: lanes 0, 2, 4, 6 \
        get 12, 6, 4, 3; lanes 1, 3, 5, 7 divide by zero (erratum DIV-BY-ZERO, resolved): their bytes are undefined (any value). Literal DIV-BY-ZERO: \
        undefined-behaviour.";
    rows.add("zero-divisor-lanes", row.derived(d));
    let row = base().expect_error(visa_model::ErrorClass::UndefinedBehaviour).literal(visa_model::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));
    let text = ".decl S v_type=G type=ud num_elts=4\n.decl R v_type=G type=ud num_elts=6\n\
                .decl A0 v_type=A num_elts=1\n\
                div (M1, 4) r[A0(0),0]<1>:ud 0x8:ud S(0,0)<1;1,0>\n\
                mov (M1, 1) R(0,2)<1> 0x1:ud\n";
    let pattern: Vec<Option<u8>> = [0xAAu32, 4, 1, 2, 0, 0xAA].iter().enumerate().flat_map(|(k, v)| v.to_le_bytes().map(|b| (k != 4).then_some(b))).collect();
    let row = simd::text_row(text).var("S", le32(&[2, 0, 4, 0])).var("R", le32(&[0xAA; 6])).var("A0", le16(&[68])).expect_pattern("R", pattern)
        .tag(visa_model::errata::DIV_BY_ZERO);
    let d = "div (M1, 4) r[A0(0), 0]<1>:ud 0x8:ud S(0,0)<1;1,0>:ud, A0(0) = &R + 4 (S at 32, R at 64: 68), S = [2, 0, 4, 0]: through an indirect destination R[1..5] \
        = [4, ?, 2, ?] (DIV-BY-ZERO resolved: the zero divisors' lanes are undefined); R[0] and R[5] untouched (0xAA). A second instruction, mov (M1, 1) \
        R(0,2)<1>:ud 0x1:ud, writes R[2] again, which defines it: R = [0xAA, 4, 1, 2, ?, 0xAA].";
    rows.add("zero-divisor-lanes", row.derived(d));
}

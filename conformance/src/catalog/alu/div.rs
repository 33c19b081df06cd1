//! DIV (instructions/DIV.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use super::{
    both_cr0, by_zero, form_on, one, one_cr0, ALT, KEEP_F, MULDIV_DECLS, RD, RTNE, RTZ, RU,
};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "div",
    file: "catalog/alu/div.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates toward zero, the remainder has the numerator's sign).";
    one(rows, "int", d, "div", "d", &[("d", 7), ("d", 2)], 3);
    one(
        rows,
        "int",
        d,
        "div",
        "d",
        &[("d", 0xffff_fff9), ("d", 2)],
        0xffff_fffd,
    );
    one(
        rows,
        "int",
        d,
        "div",
        "d",
        &[("d", 7), ("d", 0xffff_fffe)],
        0xffff_fffd,
    );
    one(
        rows,
        "int",
        d,
        "div",
        "d",
        &[("d", 0xffff_fff9), ("d", 0xffff_fffe)],
        3,
    );
    let d = "INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.";
    one(
        rows,
        "int",
        d,
        "div",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff)],
        0x8000_0000,
    );
    let d = "UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.";
    one(
        rows,
        "int",
        d,
        "div",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 2)],
        0x7fff_ffff,
    );
    one(
        rows,
        "int",
        d,
        "div",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 10)],
        0x1999_9999,
    );
    let d = "B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).";
    one(
        rows,
        "int",
        d,
        "div",
        "b",
        &[("b", 0x80), ("b", 0xff)],
        0x80,
    );
    one(rows, "int", d, "div", "b", &[("b", 0x80), ("b", 3)], 0xd6);
    let d = "Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).";
    one(
        rows,
        "int",
        d,
        "div",
        "d",
        &[("d", 0xffff_ffff), ("ud", 2)],
        0,
    );
    let d = "(-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.";
    one(
        rows,
        "int",
        d,
        "div",
        "ud",
        &[("(-)ud", 7), ("ud", 2)],
        0xffff_fffd,
    );
    let d = "0 / -5 = 0 r 0.";
    one(rows, "int", d, "div", "w", &[("w", 0), ("w", 0xfffb)], 0);
    let d = "Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's behaviour is undefined.";
    by_zero(rows, d, "div", "d", ("d", 7));
    by_zero(rows, d, "div", "ud", ("ud", 0));
    let d = "1/3 = 1.0101...b * 2^-2: F keeps 0x2aaaaa and drops 2/3 ulp: RNE and RU 0x3eaaaaab, RD and RTZ 0x3eaaaaaa.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x4040_0000)],
        RTNE,
        0x3eaa_aaab,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x4040_0000)],
        RU,
        0x3eaa_aaab,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x4040_0000)],
        RD,
        0x3eaa_aaaa,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x4040_0000)],
        RTZ,
        0x3eaa_aaaa,
    );
    let d = "HF 1/3: 10 fraction bits 0101010101 (0x155), biased exponent 13 (0x3400), 1/3 ulp dropped: 0x3555.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "hf",
        &[("hf", 0x3c00), ("hf", 0x4200)],
        RTNE,
        0x3555,
    );
    let d = "DF 1/3: 0x3fd5555555555555 (1/3 ulp dropped).";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "df",
        &[("df", 0x3ff0_0000_0000_0000), ("df", 0x4008_0000_0000_0000)],
        RTNE,
        0x3fd5_5555_5555_5555,
    );
    let d = "1/+0 = +inf, -1/+0 = -inf, 1/-0 = -inf; with ALT the infinity is the largest F.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0)],
        RTNE,
        0x7f80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0xbf80_0000), ("f", 0)],
        RTNE,
        0xff80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x8000_0000)],
        RTNE,
        0xff80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0)],
        RTNE | ALT,
        0x7f7f_ffff,
    );
    let d = "0/0 and inf/inf: the default NaN; 1/-inf = -0; a quiet NaN divisor propagates.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0), ("f", 0)],
        RTNE,
        0x7fc0_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x7f80_0000), ("f", 0xff80_0000)],
        RTNE,
        0x7fc0_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0xff80_0000)],
        RTNE,
        0x8000_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0xffc0_0abc)],
        RTNE,
        0xffc0_0abc,
    );
    let d = ".sat: 3/2 = 1.5 clamps to 1.0; -1/3 clamps to +0.";
    one_cr0(
        rows,
        "float",
        d,
        "div.sat",
        "f",
        &[("f", 0x4040_0000), ("f", 0x4000_0000)],
        RTNE,
        0x3f80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div.sat",
        "f",
        &[("f", 0xbf80_0000), ("f", 0x4040_0000)],
        RTNE,
        0,
    );
    let d = "2^-126 / 2 = 2^-127: the denormal 0x00400000 kept, +0 flushed.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x0080_0000), ("f", 0x4000_0000)],
        KEEP_F,
        0x0040_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "f",
        &[("f", 0x0080_0000), ("f", 0x4000_0000)],
        RTNE,
        0,
    );
    let d = "HF 65504 / 0.5 = 131008: overflow, inf under RNE, 65504 under RTZ.";
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "hf",
        &[("hf", 0x7bff), ("hf", 0x3800)],
        RTNE,
        0x7c00,
    );
    one_cr0(
        rows,
        "float",
        d,
        "div",
        "hf",
        &[("hf", 0x7bff), ("hf", 0x3800)],
        RTZ,
        0x7bff,
    );
    let d = "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 5/3 = 1.101010...b: 23 fraction bits 10101010101010101010101 (0x555555), the rest is 1/3 ulp: RNE truncates to 0x3fd55555. Literal: rn(1/3) = 0xaaaaab * 2^-25; 5 * 0xaaaaab = 0x3555557 (26 bits) * 2^-25; 24 bits keep 0xd55555 and drop .11b = 3/4: up to 0xd55556, i.e. 0x3fd55556.";
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0x40a0_0000), ("f", 0x4040_0000)],
        RTNE,
        0x3fd5_5555,
        0x3fd5_5556,
    );
    let d = "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 1/3: rn(1/3) * 1 is rn(1/3) itself: the readings agree.";
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x4040_0000)],
        RTNE,
        0x3eaa_aaab,
        0x3eaa_aaab,
    );
    let d = "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). 2^-149 / 2^-149 = 1 with F denormals kept. Literal: 1 / 2^-149 = 2^149 overflows F to +inf, and 2^-149 * inf = +inf.";
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0x1), ("f", 0x1)],
        KEEP_F,
        0x3f80_0000,
        0x7f80_0000,
    );
    let d = "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal). Special values agree: 1/0 = inf (1 * inf), 0/0 = NaN (0 * inf), 1/inf = 0 (1 * 0).";
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0)],
        RTNE,
        0x7f80_0000,
        0x7f80_0000,
    );
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0), ("f", 0)],
        RTNE,
        0x7fc0_0000,
        0x7fc0_0000,
    );
    both_cr0(
        rows,
        "reciprocal",
        d,
        errata::DIV_FLOAT_RECIPROCAL,
        "div",
        "f",
        &[("f", 0x3f80_0000), ("f", 0x7f80_0000)],
        RTNE,
        0,
        0,
    );
    let d = "\"Saturation: only when type is float\".";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "div.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "div (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> with V2 = [8, 9, 10, 11], V3 = \
             [2, 0, 5, 0]: lanes 0 and 2 get 4 and 2; lanes 1 and 3 divide by zero and keep their \
             initial bytes (0x77) but are undefined (any bytes). A later write of lane 1 defines \
             it again: 5.";
    let text = ".decl V1 v_type=G type=d num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=4\n\
                div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n\
                mov (M1, 1) V1(0,1)<1> 0x5:d\n";
    let mut want: Vec<Option<u8>> = le32(&[4, 5, 2]).into_iter().map(Some).collect();
    want.extend([None; 4]);
    let row = Row::new(XeHpg, text)
        .var("V1", le32(&[0x77; 4]))
        .var("V2", le32(&[8, 9, 10, 11]))
        .var("V3", le32(&[2, 0, 5, 0]))
        .expect_pattern("V1", want)
        .tag(errata::DIV_BY_ZERO)
        .derived(d);
    rows.add("by-zero", row);
    let d = "(P1) div (M1, 2) with P1 = 0b01: lane 1 divides by zero but is disabled, so it is \
             neither written nor undefined (it keeps 0x77), and the literal reading of \
             DIV-BY-ZERO reports nothing: V1 = [6 / 3 = 2, 0x77].";
    let text = ".decl V1 v_type=G type=d num_elts=2\n.decl V2 v_type=G type=d num_elts=2\n\
                .decl V3 v_type=G type=d num_elts=2\n.decl P1 v_type=P num_elts=2\n\
                (P1) div (M1, 2) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    let row = Row::new(XeHpg, text)
        .var("V1", le32(&[0x77, 0x77]))
        .var("V2", le32(&[6, 6]))
        .var("V3", le32(&[3, 0]))
        .pred("P1", 0b01)
        .expect_lanes("V1", DataType::D, &[2, 0x77])
        .derived(d);
    rows.add("by-zero", row.clone());
    rows.add("by-zero", row.literal(errata::DIV_BY_ZERO));
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    simd::div_mod_int_cases(rows, "div");
    let d = "MUL and DIV on floats, one rounding into DT under %cr0.";
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_rne",
            "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0x4040_0000)],
        RNE,
        0x3EAA_AAAB,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_ru",
            "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0x4040_0000)],
        RU,
        0x3EAA_AAAB,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_rd",
            "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0x4040_0000)],
        RD,
        0x3EAA_AAAA,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_rz",
            "1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0x4040_0000)],
        RZ,
        0x3EAA_AAAA,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_neg_ru",
            "-1/3 under RU rounds toward +inf: the smaller magnitude 0xBEAAAAAA",
        ),
        "div",
        F,
        &[(F, 0xBF80_0000), (F, 0x4040_0000)],
        RU,
        0xBEAA_AAAA,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_hf_to_f",
            "HF sources into F: 1/3 computed once into F",
        ),
        "div",
        F,
        &[(HF, 0x3C00), (HF, 0x4200)],
        RNE,
        0x3EAA_AAAB,
    );
    simd::mul_div_float(
        rows,
        &why(d, "div_hf", "HF 1/3 = 0x3555; DF 1/3 = 0x3FD5555555555555"),
        "div",
        HF,
        &[(HF, 0x3C00), (HF, 0x4200)],
        RNE,
        0x3555,
    );
    simd::mul_div_float(
        rows,
        &why(d, "div_df", "HF 1/3 = 0x3555; DF 1/3 = 0x3FD5555555555555"),
        "div",
        DF,
        &[(DF, 0x3FF0_0000_0000_0000), (DF, 0x4008_0000_0000_0000)],
        RNE,
        0x3FD5_5555_5555_5555,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_by_zero",
            "1/0 = inf, 0/0 = default NaN, 1/-inf = -0",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0)],
        RNE,
        0x7F80_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_zero_zero",
            "1/0 = inf, 0/0 = default NaN, 1/-inf = -0",
        ),
        "div",
        F,
        &[(F, 0), (F, 0)],
        RNE,
        0x7FC0_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_by_minus_inf",
            "1/0 = inf, 0/0 = default NaN, 1/-inf = -0",
        ),
        "div",
        F,
        &[(F, 0x3F80_0000), (F, 0xFF80_0000)],
        RNE,
        0x8000_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_denormal",
            "2^-126 / 2 = 2^-127 kept (0x00400000) or flushed (+0)",
        ),
        "div",
        F,
        &[(F, 0x0080_0000), (F, 0x4000_0000)],
        KEEP_F,
        0x0040_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "div_flushed",
            "2^-126 / 2 = 2^-127 kept (0x00400000) or flushed (+0)",
        ),
        "div",
        F,
        &[(F, 0x0080_0000), (F, 0x4000_0000)],
        RNE,
        0,
    );
    let d =
        ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.";
    simd::float_sat(
        rows,
        &why(d, "div", ""),
        "div",
        &[(F, 0x4040_0000), (F, 0x4000_0000)],
        0x3F80_0000,
    );
    simd::float_sat(
        rows,
        &why(d, "div_negative", ""),
        "div",
        &[(F, 0xBF80_0000), (F, 0x4040_0000)],
        0,
    );
    let d = "DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal).";
    simd::div_readings(rows, &why(d, "five_thirds", "5/3: correctly rounded 0x3FD55555; literal 5 * rn(1/3) = 5 * 0xAAAAAB * 2^-25 = 0x3555557 * 2^-25, rounded to 24 bits: 0xD55556 * 2^-23 = 0x3FD55556"), &[(F, 0x40A0_0000), (F, 0x4040_0000)], RNE, 0x3FD5_5555, 0x3FD5_5556);
    simd::div_readings(rows, &why(d, "reciprocal_overflow", "2^-149 / 2^-149 = 1 with denormals kept; literal: 1 / 2^-149 overflows to inf, times 2^-149"), &[(F, 1), (F, 1)], KEEP_F, 0x3F80_0000, 0x7F80_0000);
    simd::div_readings(rows, &why(d, "reciprocal_alt", "the same with ALT: the reciprocal becomes the largest F, (2 - 2^-23) * 2^127 * 2^-149 = (2 - 2^-23) * 2^-22 = 0x34FFFFFF"), &[(F, 1), (F, 1)], KEEP_F | ALT, 0x3F80_0000, 0x34FF_FFFF);
    simd::div_readings(
        rows,
        &why(d, "one_third", "1/3 agrees"),
        &[(F, 0x3F80_0000), (F, 0x4040_0000)],
        RNE,
        0x3EAA_AAAB,
        0x3EAA_AAAB,
    );
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;
    use crate::catalog::build::{le16, le32};

    let d = "div (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<1;1,0>:d, B = [1, 0, 2, 0, 3, 0, 4, \
             0], A = 12 in every lane, R initially 0x77777777: lanes 0, 2, 4, 6 get 12, 6, 4, 3; \
             lanes 1, 3, 5, 7 divide by zero (erratum DIV-BY-ZERO, resolved): their bytes are \
             undefined (any value). Literal DIV-BY-ZERO: undefined-behaviour.";
    let text = ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n\
                .decl R v_type=G type=d num_elts=8\n\
                div (M1, 8) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    let base = || {
        simd::text_row(text)
            .var("A", simd::i32s(&[12; 8]))
            .var("B", simd::i32s(&[1, 0, 2, 0, 3, 0, 4, 0]))
            .var("R", le32(&[0x7777_7777; 8]))
    };
    let pattern: Vec<Option<u8>> = [12u32, 0, 6, 0, 4, 0, 3, 0]
        .iter()
        .enumerate()
        .flat_map(|(k, v)| v.to_le_bytes().map(|b| (k % 2 == 0).then_some(b)))
        .collect();
    let row = base()
        .expect_pattern("R", pattern)
        .tag(visa_spec::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));
    let row = base()
        .expect_error(visa_spec::ErrorClass::UndefinedBehaviour)
        .literal(visa_spec::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));

    let d = "div (M1, 4) r[A0(0), 0]<1>:ud 0x8:ud S(0,0)<1;1,0>:ud, A0(0) = &R + 4 (S at 32, R \
             at 64: 68), S = [2, 0, 4, 0]: through an indirect destination R[1..5] = [4, ?, 2, ?] \
             (DIV-BY-ZERO resolved: the zero divisors' lanes are undefined); R[0] and R[5] \
             untouched (0xAA). A second instruction, mov (M1, 1) R(0,2)<1>:ud 0x1:ud, writes \
             R[2] again, which defines it: R = [0xAA, 4, 1, 2, ?, 0xAA].";
    let text = ".decl S v_type=G type=ud num_elts=4\n.decl R v_type=G type=ud num_elts=6\n\
                .decl A0 v_type=A num_elts=1\n\
                div (M1, 4) r[A0(0),0]<1>:ud 0x8:ud S(0,0)<1;1,0>\n\
                mov (M1, 1) R(0,2)<1> 0x1:ud\n";
    let pattern: Vec<Option<u8>> = [0xAAu32, 4, 1, 2, 0, 0xAA]
        .iter()
        .enumerate()
        .flat_map(|(k, v)| v.to_le_bytes().map(|b| (k != 4).then_some(b)))
        .collect();
    let row = simd::text_row(text)
        .var("S", le32(&[2, 0, 4, 0]))
        .var("R", le32(&[0xAA; 6]))
        .var("A0", le16(&[68]))
        .expect_pattern("R", pattern)
        .tag(visa_spec::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));
}

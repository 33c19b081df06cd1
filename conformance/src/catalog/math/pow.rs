//! POW (instructions/POW.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "pow",
    file: "catalog/math/pow.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "pow(2, 10) = 1024 exactly: F 0x44800000, HF 0x6400.";
    f_and_hf(
        rows,
        "exact",
        d,
        "pow",
        (&[0x4000_0000, 0x4120_0000], 0x4480_0000),
        (&[0x4000, 0x4900], 0x6400),
        RTNE,
    );
    let d = "pow(2, -3) = 0.125 (F 0x3e000000, HF 0x3000); pow(4, 0.5) = 2 (F 0x40000000, HF 0x4000); pow(0.5, 2) = 0.25 (F 0x3e800000, HF 0x3400).";
    f_and_hf(
        rows,
        "exact",
        d,
        "pow",
        (&[0x4000_0000, 0xc040_0000], 0x3e00_0000),
        (&[0x4000, 0xc200], 0x3000),
        RU,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "pow",
        (&[0x4080_0000, 0x3f00_0000], 0x4000_0000),
        (&[0x4400, 0x3800], 0x4000),
        RD,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "pow",
        (&[0x3f00_0000, 0x4000_0000], 0x3e80_0000),
        (&[0x3800, 0x4000], 0x3400),
        RTZ,
    );
    let d = "POW-SPECIAL-TABLE (IEEE 754-2019 9.2.1 on |src0|): x^±0 = 1 for every x, a quiet NaN too (0x7fc00000^0 = 1); 1^y = 1 for every y, +inf and a quiet NaN too.";
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[0x4120_0000, F_NZERO], F_ONE),
        (&[0x4900, H_NZERO], H_ONE),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_NAN, F_ZERO], F_ONE),
        (&[H_NAN, H_ZERO], H_ONE),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_ONE, F_INF], F_ONE),
        (&[H_ONE, H_INF], H_ONE),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_ONE, F_NAN], F_ONE),
        (&[H_ONE, H_NAN], H_ONE),
        RTNE,
    );
    let d = "POW-SPECIAL-TABLE: 0^y = +inf for y < 0 (division by zero), +0 for y > 0; inf^y = +0 for y < 0, +inf for y > 0.";
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_ZERO, 0xbf80_0000], F_INF),
        (&[H_ZERO, 0xbc00], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_ZERO, 0x4000_0000], F_ZERO),
        (&[H_ZERO, 0x4000], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_INF, 0xbf80_0000], F_ZERO),
        (&[H_INF, 0xbc00], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[F_INF, 0x4000_0000], F_INF),
        (&[H_INF, 0x4000], H_INF),
        RTNE,
    );
    let d = "POW-SPECIAL-TABLE: a^+inf = +inf for a > 1 and +0 for a < 1; a^-inf the reverse.";
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[0x4000_0000, F_INF], F_INF),
        (&[0x4000, H_INF], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[0x3f00_0000, F_INF], F_ZERO),
        (&[0x3800, H_INF], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "pow",
        (&[0x4000_0000, F_NINF], F_ZERO),
        (&[0x4000, H_NINF], H_ZERO),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: pow(2, NaN) is NaN: the NaN source quieted (0x7f800001 -> 0x7fc00001); pow(NaN, NaN) takes src0's (0xffc00002).";
    f(
        rows,
        "nan",
        d,
        "pow",
        &[0x4000_0000, 0x7f80_0001],
        RTNE,
        0x7fc0_0001,
    );
    f(
        rows,
        "nan",
        d,
        "pow",
        &[0xffc0_0002, 0x7fc0_0003],
        RTNE,
        0xffc0_0002,
    );
    let d = "IEEE 754-2019 6.2: a signalling NaN operand gives NaN even where 9.2.1 gives 1 for a quiet one (x^±0, 1^y): pow(0x7f800001, 0) is that NaN quieted, 0x7fc00001 (MATH-NAN-RESULT); HF pow(0x7d00, 0) = 0x7f00.";
    f(
        rows,
        "nan",
        d,
        "pow",
        &[0x7f80_0001, F_ZERO],
        RTNE,
        0x7fc0_0001,
    );
    f(
        rows,
        "nan",
        d,
        "pow",
        &[F_ONE, 0x7f80_0001],
        RTNE,
        0x7fc0_0001,
    );
    hf(rows, "nan", d, "pow", &[0x7d00, H_ZERO], RTNE, 0x7f00);
    let d = "Overflow and underflow: 2^128 is past the largest F: +inf to nearest, 0x7f7fffff toward zero; 2^-149 the smallest denormal, kept with %cr0 bit 7 (0x00000001), flushed without (+0).";
    f(
        rows,
        "range",
        d,
        "pow",
        &[0x4000_0000, 0x4300_0000],
        RTNE,
        F_INF,
    );
    f(
        rows,
        "range",
        d,
        "pow",
        &[0x4000_0000, 0x4300_0000],
        RTZ,
        F_MAX,
    );
    f(
        rows,
        "range",
        d,
        "pow",
        &[0x4000_0000, 0xc315_0000],
        RTNE | KEEP_F,
        0x0000_0001,
    );
    f(
        rows,
        "range",
        d,
        "pow",
        &[0x4000_0000, 0xc315_0000],
        RTNE,
        F_ZERO,
    );
    let d = "POW-NEGATIVE-BASE: pow(-2, 3): resolved |-2|^3 = 8 (0x41000000); literally IEEE pow of the signed base, an odd integer exponent: -8 (0xc1000000).";
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[0xc000_0000, 0x4040_0000],
        RTNE,
        (0x4100_0000, 0xc100_0000),
        (false, false),
    );
    let d = "POW-NEGATIVE-BASE: pow(-2, 2) = 4 (0x40800000) under both readings (an even integer exponent).";
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[0xc000_0000, 0x4000_0000],
        RTNE,
        (0x4080_0000, 0x4080_0000),
        (false, false),
    );
    let d = "POW-NEGATIVE-BASE: pow(-2, 0.5): resolved sqrt(2), which the integer squares 11863283^2 < 2^47 < 11863283.5^2 round to nearest to 0x3fb504f3; literally a negative finite base with a non-integer exponent is invalid: the default NaN.";
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[0xc000_0000, 0x3f00_0000],
        RTNE,
        (0x3fb5_04f3, F_NAN),
        (true, false),
    );
    let d = "POW-NEGATIVE-BASE: pow(-0, -1): resolved |-0|^-1 = +inf; literally 9.2.1's pow(-0, y) = -inf for a negative odd integer y.";
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[F_NZERO, 0xbf80_0000],
        RTNE,
        (F_INF, F_NINF),
        (false, false),
    );
    let d = "POW-NEGATIVE-BASE: literally (9.2.1) pow(-inf, 3) = -inf (an odd integer exponent) and pow(-1, +inf) = 1; resolved |src0|^src1: +inf and 1.";
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[F_NINF, 0x4040_0000],
        RTNE,
        (F_INF, F_NINF),
        (false, false),
    );
    f_both(
        rows,
        "negative",
        d,
        errata::POW_NEGATIVE_BASE,
        "pow",
        &[0xbf80_0000, F_INF],
        RTNE,
        (F_ONE, F_ONE),
        (false, false),
    );
    let d = "Source modifiers: pow((-)2, 3) reads -2, so resolved |-2|^3 = 8; pow(2, (abs)-3) reads 3: 8.";
    rows.add(
        "modifier",
        crate::catalog::build::lane_on(
            XeHpg,
            "pow",
            "f",
            &[("(-)f", 0x4000_0000), ("f", 0x4040_0000)],
            0x4100_0000,
        )
        .derived(d),
    );
    rows.add(
        "modifier",
        crate::catalog::build::lane_on(
            XeHpg,
            "pow",
            "f",
            &[("f", 0x4000_0000), ("(abs)f", 0xc040_0000)],
            0x4100_0000,
        )
        .derived(d),
    );
    let d = "Mixed F/HF type map: an HF base 2 and an F exponent 10 into an HF destination: 1024 = 0x6400.";
    rows.add(
        "types",
        crate::catalog::build::lane_on(
            XeHpg,
            "pow",
            "hf",
            &[("hf", 0x4000), ("f", 0x4120_0000)],
            0x6400,
        )
        .derived(d),
    );
    let d = "Saturation: pow.sat(2, 2) = 4 -> 1.0; pow.sat(2, -1) = 0.5 stays.";
    f(
        rows,
        "sat",
        d,
        "pow.sat",
        &[0x4000_0000, 0x4000_0000],
        RTNE,
        F_ONE,
    );
    f(
        rows,
        "sat",
        d,
        "pow.sat",
        &[0x4000_0000, 0xbf80_0000],
        RTNE,
        0x3f00_0000,
    );
}

//! EXP (instructions/EXP.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "exp",
    file: "catalog/math/exp.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "2^-3 = 0.125 exactly: F 0x3e000000, HF 0x3000.";
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[0xc040_0000], 0x3e00_0000),
        (&[0xc200], 0x3000),
        RTNE,
    );
    let d = "2^±0 = 1 (IEEE 754-2019 9.2.1), in every mode.";
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[F_ZERO], F_ONE),
        (&[H_ZERO], H_ONE),
        RD,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[F_NZERO], F_ONE),
        (&[H_NZERO], H_ONE),
        RU,
    );
    let d = "2^3 = 8 (F 0x41000000, HF 0x4800); 2^10 = 1024 (F 0x44800000, HF 0x6400); 2^-1 = 0.5.";
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[0x4040_0000], 0x4100_0000),
        (&[0x4200], 0x4800),
        RTNE,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[0x4120_0000], 0x4480_0000),
        (&[0x4900], 0x6400),
        RTZ,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "exp",
        (&[0xbf80_0000], 0x3f00_0000),
        (&[0xbc00], 0x3800),
        RTNE,
    );
    let d = "IEEE 754-2019 9.2.1: 2^+inf = +inf, 2^-inf = +0.";
    f_and_hf(
        rows,
        "special",
        d,
        "exp",
        (&[F_INF], F_INF),
        (&[H_INF], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "exp",
        (&[F_NINF], F_ZERO),
        (&[H_NINF], H_ZERO),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted (0x7f800001 -> 0x7fc00001; HF 0xfd00 -> 0xff00).";
    f(rows, "nan", d, "exp", &[0x7f80_0001], RTNE, 0x7fc0_0001);
    hf(rows, "nan", d, "exp", &[0xfd00], RTNE, 0xff00);
    let d = "Overflow (IEEE 754 7.4): 2^128 is past the largest F (2^128 - 2^104): +inf to nearest and up, the largest finite 0x7f7fffff toward zero and down.";
    f(rows, "overflow", d, "exp", &[0x4300_0000], RTNE, F_INF);
    f(rows, "overflow", d, "exp", &[0x4300_0000], RU, F_INF);
    f(rows, "overflow", d, "exp", &[0x4300_0000], RTZ, F_MAX);
    f(rows, "overflow", d, "exp", &[0x4300_0000], RD, F_MAX);
    let d = "HF overflow: 2^16 = 65536 is past the largest HF 65504: +inf to nearest, 0x7bff toward zero.";
    hf(rows, "overflow", d, "exp", &[0x4c00], RTNE, H_INF);
    hf(rows, "overflow", d, "exp", &[0x4c00], RTZ, 0x7bff);
    let d = "Underflow: 2^-126 is the smallest normal F (0x00800000), never flushed; 2^-149 the smallest denormal (0x00000001), kept with %cr0 bit 7 and flushed to +0 without.";
    f(
        rows,
        "underflow",
        d,
        "exp",
        &[0xc2fc_0000],
        RTNE,
        0x0080_0000,
    );
    f(
        rows,
        "underflow",
        d,
        "exp",
        &[0xc315_0000],
        RTNE | KEEP_F,
        0x0000_0001,
    );
    f(rows, "underflow", d, "exp", &[0xc315_0000], RTNE, F_ZERO);
    let d = "2^-150 is half the smallest F denormal: a tie to nearest goes to the even +0; up gives 0x00000001 (denormals kept).";
    f(
        rows,
        "underflow",
        d,
        "exp",
        &[0xc316_0000],
        RTNE | KEEP_F,
        F_ZERO,
    );
    f(
        rows,
        "underflow",
        d,
        "exp",
        &[0xc316_0000],
        RU | KEEP_F,
        0x0000_0001,
    );
    let d = "HF: 2^-24 is the smallest HF denormal 0x0001 (kept with %cr0 bit 10, flushed without); 2^-14 the smallest normal 0x0400.";
    hf(
        rows,
        "underflow",
        d,
        "exp",
        &[0xce00],
        RTNE | KEEP_HF,
        0x0001,
    );
    hf(rows, "underflow", d, "exp", &[0xce00], RTNE, H_ZERO);
    hf(rows, "underflow", d, "exp", &[0xcb00], RTNE, 0x0400);
    let d = "EXP-BASE: resolved, base 2: 2^1 = 2 (0x40000000); literally the loop's e^x: e = 2.718281828459045... = 1.01011011111100001010100010110001...b x 2^1, 23 fraction bits 0x2df854 followed by 0.346 ulp: to nearest 0x402df854.";
    f_both(
        rows,
        "base",
        d,
        errata::EXP_BASE,
        "exp",
        &[F_ONE],
        RTNE,
        (0x4000_0000, 0x402d_f854),
        (false, true),
    );
    let d = "EXP-BASE: e^0 = 2^0 = 1 and e^-inf = 2^-inf = +0 under both readings.";
    f_both(
        rows,
        "base",
        d,
        errata::EXP_BASE,
        "exp",
        &[F_ZERO],
        RTNE,
        (F_ONE, F_ONE),
        (false, false),
    );
    f_both(
        rows,
        "base",
        d,
        errata::EXP_BASE,
        "exp",
        &[F_NINF],
        RTNE,
        (F_ZERO, F_ZERO),
        (false, false),
    );
    let d = "Saturation after the rounding: exp.sat(3) = 8 -> 1.0; exp.sat(-1) = 0.5 stays.";
    f(rows, "sat", d, "exp.sat", &[0x4040_0000], RTNE, F_ONE);
    f(rows, "sat", d, "exp.sat", &[0xbf80_0000], RTNE, 0x3f00_0000);
    let d = "ALT mode: an infinite F result becomes the largest finite value: 2^128 -> 0x7f7fffff.";
    f(rows, "alt", d, "exp", &[0x4300_0000], RTNE | ALT, F_MAX);
    let d = "Hard to round (published): CORE-MATH's correctly rounded exp2f (src/binary32/exp2/exp2f.c) singles out 0x3b429d37, 0xbcf3a937 and 0xb8d3d026 and returns a - 2^-25, a - 2^-26 and a + 2^-26 for a = 0x3f804385 (in [1, 2), ulp 2^-23), 0x3f7ac6b1 and 0x3f7ffb69 (in [0.5, 1), ulp 2^-24): a quarter ulp of a on one side, so the value lies within half an ulp of a on that side. To nearest it rounds to a; up to a below a and to a + 1 ulp above it; down and toward zero to a - 1 ulp below a and to a above it.";
    for (x, a, above) in [
        (0x3b42_9d37, 0x3f80_4385, false),
        (0xbcf3_a937, 0x3f7a_c6b1, false),
        (0xb8d3_d026, 0x3f7f_fb69, true),
    ] {
        let (low, high) = if above { (a, a + 1) } else { (a - 1, a) };
        for (mode, want) in [(RTNE, a), (RU, high), (RD, low), (RTZ, low)] {
            rows.add(
                "hard",
                lane(XeHpg, "exp", "f", &[x], mode, want)
                    .tag(STRICT)
                    .derived(d),
            );
        }
    }
    let d = "An HF source into an F destination: 2^HF(-3) = 0.125 = F 0x3e000000.";
    rows.add(
        "types",
        crate::catalog::build::lane_on(XeHpg, "exp", "f", &[("hf", 0xc200)], 0x3e00_0000)
            .derived(d),
    );
}

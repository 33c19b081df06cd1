//! RSQRT (instructions/RSQRT.md): hand-derived rows, each with its derivation.

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "rsqrt",
    file: "catalog/math/rsqrt.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "1/sqrt(4) = 0.5 exactly: F 0x3f000000, HF 0x3800.";
    f_and_hf(
        rows,
        "exact",
        d,
        "rsqrt",
        (&[0x4080_0000], 0x3f00_0000),
        (&[0x4400], 0x3800),
        RTNE,
    );
    let d = "1/sqrt(0.25) = 2; 1/sqrt(16) = 0.25 (F 0x3e800000, HF 0x3400); 1/sqrt(1) = 1.";
    f_and_hf(
        rows,
        "exact",
        d,
        "rsqrt",
        (&[0x3e80_0000], 0x4000_0000),
        (&[0x3400], 0x4000),
        RU,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "rsqrt",
        (&[0x4180_0000], 0x3e80_0000),
        (&[0x4c00], 0x3400),
        RD,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "rsqrt",
        (&[F_ONE], F_ONE),
        (&[H_ONE], H_ONE),
        RTZ,
    );
    let d = "IEEE 754-2019 9.2.1 rSqrt: rSqrt(±0) = ±inf (division by zero), rSqrt(+inf) = +0, a negative operand (-inf included) is invalid: the default NaN.";
    f_and_hf(
        rows,
        "special",
        d,
        "rsqrt",
        (&[F_ZERO], F_INF),
        (&[H_ZERO], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "rsqrt",
        (&[F_NZERO], F_NINF),
        (&[H_NZERO], H_NINF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "rsqrt",
        (&[F_INF], F_ZERO),
        (&[H_INF], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "rsqrt",
        (&[0xc080_0000], F_NAN),
        (&[0xc400], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "rsqrt",
        (&[F_NINF], F_NAN),
        (&[H_NINF], H_NAN),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted: 0x7f800100 -> 0x7fc00100.";
    f(rows, "nan", d, "rsqrt", &[0x7f80_0100], RTNE, 0x7fc0_0100);
    let d = "An F denormal 2^-148 (0x00000002): kept (%cr0 bit 7), 1/sqrt = 2^74, exponent 201: 0x64800000; flushed (default), rSqrt(+0) = +inf.";
    f(
        rows,
        "denormal",
        d,
        "rsqrt",
        &[0x0000_0002],
        RTNE | KEEP_F,
        0x6480_0000,
    );
    f(rows, "denormal", d, "rsqrt", &[0x0000_0002], RTNE, F_INF);
    let d = "1/sqrt(2) = sqrt(2) x 2^-1 has the significand of sqrt(2): 11863283^2 < 2^47 < 11863283.5^2 puts sqrt(2) x 2^23 in (11863283, 11863283.5), so 2^24 / sqrt(2) too: significand 0xb504f3 plus less than half an ulp, exponent 126: to nearest 0x3f3504f3, up 0x3f3504f4.";
    f_strict(
        rows,
        "rounded",
        d,
        "rsqrt",
        &[0x4000_0000],
        RTNE,
        0x3f35_04f3,
    );
    f_strict(rows, "rounded", d, "rsqrt", &[0x4000_0000], RU, 0x3f35_04f4);
    let d = "Notes (MATH-ALT-ABS): in ALT mode RSQRT computes rsq(|src0|): rsqrt(-4) = 0.5 with %cr0 bit 0; ALT also turns rsqrt(+0) = +inf into 0x7f7fffff.";
    f(
        rows,
        "alt",
        d,
        "rsqrt",
        &[0xc080_0000],
        RTNE | ALT,
        0x3f00_0000,
    );
    f(rows, "alt", d, "rsqrt", &[F_ZERO], RTNE | ALT, F_MAX);
    let d = "Saturation: rsqrt.sat(0.25) = 2 -> 1.0.";
    f(rows, "sat", d, "rsqrt.sat", &[0x3e80_0000], RTNE, F_ONE);
}

//! SQRT (instructions/SQRT.md): hand-derived rows, each with its derivation.

use visa_spec::errata;

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "sqrt",
    file: "catalog/math/sqrt.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "sqrt(4) = 2 exactly: F 0x40000000, HF 0x4000.";
    f_and_hf(
        rows,
        "exact",
        d,
        "sqrt",
        (&[0x4080_0000], 0x4000_0000),
        (&[0x4400], 0x4000),
        RTNE,
    );
    let d = "sqrt(0.25) = 0.5 (F 0x3f000000, HF 0x3800); sqrt(1024) = 32 (F 0x42000000, HF 0x5000); sqrt(1) = 1.";
    f_and_hf(
        rows,
        "exact",
        d,
        "sqrt",
        (&[0x3e80_0000], 0x3f00_0000),
        (&[0x3400], 0x3800),
        RU,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "sqrt",
        (&[0x4480_0000], 0x4200_0000),
        (&[0x6400], 0x5000),
        RD,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "sqrt",
        (&[F_ONE], F_ONE),
        (&[H_ONE], H_ONE),
        RTZ,
    );
    let d = "IEEE 754-2019 5.4.1 and 6.3: sqrt(+0) = +0, sqrt(-0) = -0, sqrt(+inf) = +inf; a negative operand (-inf included) is invalid: the default NaN.";
    f_and_hf(
        rows,
        "special",
        d,
        "sqrt",
        (&[F_ZERO], F_ZERO),
        (&[H_ZERO], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sqrt",
        (&[F_NZERO], F_NZERO),
        (&[H_NZERO], H_NZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sqrt",
        (&[F_INF], F_INF),
        (&[H_INF], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sqrt",
        (&[0xbf80_0000], F_NAN),
        (&[0xbc00], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sqrt",
        (&[F_NINF], F_NAN),
        (&[H_NINF], H_NAN),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted: 0xff800005 -> 0xffc00005.";
    f(rows, "nan", d, "sqrt", &[0xff80_0005], RTNE, 0xffc0_0005);
    let d = "An F denormal 2^-148 (0x00000002): kept (%cr0 bit 7), sqrt = 2^-74, normal: exponent 53, 0x1a800000; flushed (default), sqrt(+0) = +0. A negative denormal -2^-149 flushed is -0, whose root is -0 (not NaN); kept, it is a negative number: NaN.";
    f(
        rows,
        "denormal",
        d,
        "sqrt",
        &[0x0000_0002],
        RTNE | KEEP_F,
        0x1a80_0000,
    );
    f(rows, "denormal", d, "sqrt", &[0x0000_0002], RTNE, F_ZERO);
    f(rows, "denormal", d, "sqrt", &[0x8000_0001], RTNE, F_NZERO);
    f(
        rows,
        "denormal",
        d,
        "sqrt",
        &[0x8000_0001],
        RTNE | KEEP_F,
        F_NAN,
    );
    let d = "HF denormal 2^-24 (0x0001): sqrt = 2^-12 = HF 0x0c00 (exponent 3) when kept (%cr0 bit 10), +0 when flushed.";
    hf(
        rows,
        "denormal",
        d,
        "sqrt",
        &[0x0001],
        RTNE | KEEP_HF,
        0x0c00,
    );
    hf(rows, "denormal", d, "sqrt", &[0x0001], RTNE, H_ZERO);
    let d = "sqrt(2) by integer squares: 11863283^2 = 140737483538089 < 2^47 = 140737488355328 < 11863283.5^2 = 140737495401372.25, so sqrt(2) x 2^23 lies in (11863283, 11863283.5): to nearest and down 0xb504f3 -> F 0x3fb504f3, up 0x3fb504f4.";
    f_strict(
        rows,
        "rounded",
        d,
        "sqrt",
        &[0x4000_0000],
        RTNE,
        0x3fb5_04f3,
    );
    f_strict(rows, "rounded", d, "sqrt", &[0x4000_0000], RD, 0x3fb5_04f3);
    f_strict(rows, "rounded", d, "sqrt", &[0x4000_0000], RU, 0x3fb5_04f4);
    let d = "Notes (MATH-ALT-ABS): in ALT mode SQRT computes sqrt(|src0|): sqrt(-4) = 2 with %cr0 bit 0.";
    f(
        rows,
        "alt",
        d,
        "sqrt",
        &[0xc080_0000],
        RTNE | ALT,
        0x4000_0000,
    );
    let d = "Saturation: sqrt.sat(4) = 2 -> 1.0; sqrt.sat(-0) = -0 -> +0.";
    f(rows, "sat", d, "sqrt.sat", &[0x4080_0000], RTNE, F_ONE);
    f(rows, "sat", d, "sqrt.sat", &[F_NZERO], RTNE, F_ZERO);
    let d = "SQRT-LOOP-STEP: sqrt (M1, 4) of [4, 9, 16, 64]: resolved, every lane: [2, 3, 4, 8]; literally (i += 2), lanes 1 and 3 keep V1's 0x77777777.";
    loop_step(
        rows,
        d,
        errata::SQRT_LOOP_STEP,
        "sqrt",
        [0x4080_0000, 0x4110_0000, 0x4180_0000, 0x4280_0000],
        [0x4000_0000, 0x4040_0000, 0x4080_0000, 0x4100_0000],
    );
}

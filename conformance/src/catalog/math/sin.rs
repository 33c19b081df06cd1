//! SIN (instructions/SIN.md): hand-derived rows, each with its derivation.

use visa_spec::errata;

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "sin",
    file: "catalog/math/sin.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "IEEE 754-2019 9.2.1: sin(±0) = ±0 exactly; sin(±inf) is invalid: the default NaN.";
    f_and_hf(
        rows,
        "special",
        d,
        "sin",
        (&[F_ZERO], F_ZERO),
        (&[H_ZERO], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sin",
        (&[F_NZERO], F_NZERO),
        (&[H_NZERO], H_NZERO),
        RD,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sin",
        (&[F_INF], F_NAN),
        (&[H_INF], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "sin",
        (&[F_NINF], F_NAN),
        (&[H_NINF], H_NAN),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted: 0x7f800001 -> 0x7fc00001.";
    f(rows, "nan", d, "sin", &[0x7f80_0001], RTNE, 0x7fc0_0001);
    let d = "The smallest F denormal x = 2^-149: sin x = x - x^3/6 + ... lies within 2^-447 below x, far less than half an ulp: x to nearest (denormals kept, %cr0 bit 7); flushed (default), sin(+0) = +0.";
    f_strict(
        rows,
        "denormal",
        d,
        "sin",
        &[0x0000_0001],
        RTNE | KEEP_F,
        0x0000_0001,
    );
    f(rows, "denormal", d, "sin", &[0x0000_0001], RTNE, F_ZERO);
    let d = "sin of F pi (0x40490fdb = 3.1415927410125732): with e = x - pi = 8.742278000372485e-8, sin x = -sin e = -(e - e^3/6 + ...) = -8.7422780003724745e-8 = -1.1101110111101...b x 2^-24: 23 fraction bits 0x3bbd2e followed by 0.483 ulp: to nearest 0xb3bbbd2e.";
    f_strict(rows, "rounded", d, "sin", &[0x4049_0fdb], RTNE, 0xb3bb_bd2e);
    let d = "SIN-LOOP-STEP: sin (M1, 4) of [+0, -0, +0, -0]: resolved, every lane: [+0, -0, +0, -0]; literally (i += 2), lanes 1 and 3 keep V1's 0x77777777.";
    loop_step(
        rows,
        d,
        errata::SIN_LOOP_STEP,
        "sin",
        [F_ZERO, F_NZERO, F_ZERO, F_NZERO],
        [F_ZERO, F_NZERO, F_ZERO, F_NZERO],
    );
    let d = "Saturation: sin.sat(-0) = -0 -> +0.";
    f(rows, "sat", d, "sin.sat", &[F_NZERO], RTNE, F_ZERO);
}

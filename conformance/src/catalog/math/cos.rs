//! COS (instructions/COS.md): hand-derived rows, each with its derivation.

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "cos",
    file: "catalog/math/cos.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "IEEE 754-2019 9.2.1: cos(±0) = 1 exactly, in every mode; cos(±inf) is invalid: the default NaN.";
    f_and_hf(
        rows,
        "special",
        d,
        "cos",
        (&[F_ZERO], F_ONE),
        (&[H_ZERO], H_ONE),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "cos",
        (&[F_NZERO], F_ONE),
        (&[H_NZERO], H_ONE),
        RTZ,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "cos",
        (&[F_INF], F_NAN),
        (&[H_INF], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "cos",
        (&[F_NINF], F_NAN),
        (&[H_NINF], H_NAN),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted: HF 0x7c01 -> 0x7e01.";
    hf(rows, "nan", d, "cos", &[0x7c01], RTNE, 0x7e01);
    let d = "A denormal input is flushed by default: cos(2^-149) reads cos(+0) = 1.";
    f(rows, "denormal", d, "cos", &[0x0000_0001], RTNE, F_ONE);
    let d = "cos of F pi (0x40490fdb): with e = x - pi = 8.74e-8, cos x = -cos e = -1 + e^2/2 - ... = -1 + 3.8e-15, strictly between -1 and the next F toward zero, -(1 - 2^-24) (0xbf7fffff): to nearest and down -1 (0xbf800000), up and toward zero 0xbf7fffff.";
    f_strict(rows, "rounded", d, "cos", &[0x4049_0fdb], RTNE, 0xbf80_0000);
    f_strict(rows, "rounded", d, "cos", &[0x4049_0fdb], RD, 0xbf80_0000);
    f_strict(rows, "rounded", d, "cos", &[0x4049_0fdb], RU, 0xbf7f_ffff);
    f_strict(rows, "rounded", d, "cos", &[0x4049_0fdb], RTZ, 0xbf7f_ffff);
    let d = "Saturation: cos.sat(0) = 1 stays 1.0.";
    f(rows, "sat", d, "cos.sat", &[F_ZERO], RTNE, F_ONE);
}

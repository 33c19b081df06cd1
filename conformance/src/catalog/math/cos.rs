//! COS (instructions/COS.md): hand-derived rows, each with its derivation.

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "cos", file: "catalog/math/cos.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "special", d: "IEEE 754-2019 9.2.1: cos(±0) = 1 exactly, in every mode; cos(±inf) is invalid: the default NaN.", rows: &[
        Fh { op: "cos", f: (&[F_ZERO], F_ONE), h: (&[H_ZERO], H_ONE), cr0: RTNE },
        Fh { op: "cos", f: (&[F_NZERO], F_ONE), h: (&[H_NZERO], H_ONE), cr0: RTZ },
        Fh { op: "cos", f: (&[F_INF], F_NAN), h: (&[H_INF], H_NAN), cr0: RTNE },
        Fh { op: "cos", f: (&[F_NINF], F_NAN), h: (&[H_NINF], H_NAN), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted: HF 0x7c01 -> 0x7e01.", rows: &[
        One { ty: "hf", op: "cos", src: &[0x7c01], cr0: RTNE, want: 0x7e01 },
    ] },
    Group { g: "denormal", d: "A denormal input is flushed by default: cos(2^-149) reads cos(+0) = 1.", rows: &[
        One { ty: "f", op: "cos", src: &[0x0000_0001], cr0: RTNE, want: F_ONE },
    ] },
    Group { g: "rounded", d: "cos of F pi (0x40490fdb): with e = x - pi = 8.74e-8, cos x = -cos e = -1 + e^2/2 - ... = -1 + 3.8e-15, strictly between -1 and the \
            next F toward zero, -(1 - 2^-24) (0xbf7fffff): to nearest and down -1 (0xbf800000), up and toward zero 0xbf7fffff.", rows: &[
        Strict { ty: "f", op: "cos", src: &[0x4049_0fdb], cr0: RTNE, want: 0xbf80_0000 },
        Strict { ty: "f", op: "cos", src: &[0x4049_0fdb], cr0: RD, want: 0xbf80_0000 },
        Strict { ty: "f", op: "cos", src: &[0x4049_0fdb], cr0: RU, want: 0xbf7f_ffff },
        Strict { ty: "f", op: "cos", src: &[0x4049_0fdb], cr0: RTZ, want: 0xbf7f_ffff },
    ] },
    Group { g: "sat", d: "Saturation: cos.sat(0) = 1 stays 1.0.", rows: &[
        One { ty: "f", op: "cos.sat", src: &[F_ZERO], cr0: RTNE, want: F_ONE },
    ] },
];

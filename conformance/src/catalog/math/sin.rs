//! SIN (instructions/SIN.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "sin", file: "catalog/math/sin.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "special", d: "IEEE 754-2019 9.2.1: sin(±0) = ±0 exactly; sin(±inf) is invalid: the default NaN.", rows: &[
        Fh { op: "sin", f: (&[F_ZERO], F_ZERO), h: (&[H_ZERO], H_ZERO), cr0: RTNE },
        Fh { op: "sin", f: (&[F_NZERO], F_NZERO), h: (&[H_NZERO], H_NZERO), cr0: RD },
        Fh { op: "sin", f: (&[F_INF], F_NAN), h: (&[H_INF], H_NAN), cr0: RTNE },
        Fh { op: "sin", f: (&[F_NINF], F_NAN), h: (&[H_NINF], H_NAN), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted: 0x7f800001 -> 0x7fc00001.", rows: &[
        One { ty: "f", op: "sin", src: &[0x7f80_0001], cr0: RTNE, want: 0x7fc0_0001 },
    ] },
    Group { g: "denormal", d: "The smallest F denormal x = 2^-149: sin x = x - x^3/6 + ... lies within 2^-447 below x, far less than half an ulp: x to nearest \
            (denormals kept, %cr0 bit 7); flushed (default), sin(+0) = +0.", rows: &[
        Strict { ty: "f", op: "sin", src: &[0x0000_0001], cr0: RTNE | KEEP_F, want: 0x0000_0001 },
        One { ty: "f", op: "sin", src: &[0x0000_0001], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "rounded", d: "sin of F pi (0x40490fdb = 3.1415927410125732): with e = x - pi = 8.742278000372485e-8, sin x = -sin e = -(e - e^3/6 + ...) = \
            -8.7422780003724745e-8 = -1.1101110111101...b x 2^-24: 23 fraction bits 0x3bbd2e followed by 0.483 ulp: to nearest 0xb3bbbd2e.", rows: &[
        Strict { ty: "f", op: "sin", src: &[0x4049_0fdb], cr0: RTNE, want: 0xb3bb_bd2e },
    ] },
    Group { g: "loop", d: "SIN-LOOP-STEP: sin (M1, 4) of [+0, -0, +0, -0]: resolved, every lane: [+0, -0, +0, -0]; literally (i += 2), lanes 1 and 3 keep V1's \
            0x77777777.", rows: &[
        Loop { erratum: errata::SIN_LOOP_STEP, op: "sin", src: [F_ZERO, F_NZERO, F_ZERO, F_NZERO], want: [F_ZERO, F_NZERO, F_ZERO, F_NZERO] },
    ] },
    Group { g: "sat", d: "Saturation: sin.sat(-0) = -0 -> +0.", rows: &[
        One { ty: "f", op: "sin.sat", src: &[F_NZERO], cr0: RTNE, want: F_ZERO },
    ] },
];

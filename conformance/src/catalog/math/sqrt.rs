//! SQRT (instructions/SQRT.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "sqrt", file: "catalog/math/sqrt.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "sqrt(4) = 2 exactly: F 0x40000000, HF 0x4000.", rows: &[
        Fh { op: "sqrt", f: (&[0x4080_0000], 0x4000_0000), h: (&[0x4400], 0x4000), cr0: RTNE },
    ] },
    Group { g: "exact", d: "sqrt(0.25) = 0.5 (F 0x3f000000, HF 0x3800); sqrt(1024) = 32 (F 0x42000000, HF 0x5000); sqrt(1) = 1.", rows: &[
        Fh { op: "sqrt", f: (&[0x3e80_0000], 0x3f00_0000), h: (&[0x3400], 0x3800), cr0: RU },
        Fh { op: "sqrt", f: (&[0x4480_0000], 0x4200_0000), h: (&[0x6400], 0x5000), cr0: RD },
        Fh { op: "sqrt", f: (&[F_ONE], F_ONE), h: (&[H_ONE], H_ONE), cr0: RTZ },
    ] },
    Group { g: "special", d: "IEEE 754-2019 5.4.1 and 6.3: sqrt(+0) = +0, sqrt(-0) = -0, sqrt(+inf) = +inf; a negative operand (-inf included) is invalid: the \
            default NaN.", rows: &[
        Fh { op: "sqrt", f: (&[F_ZERO], F_ZERO), h: (&[H_ZERO], H_ZERO), cr0: RTNE },
        Fh { op: "sqrt", f: (&[F_NZERO], F_NZERO), h: (&[H_NZERO], H_NZERO), cr0: RTNE },
        Fh { op: "sqrt", f: (&[F_INF], F_INF), h: (&[H_INF], H_INF), cr0: RTNE },
        Fh { op: "sqrt", f: (&[0xbf80_0000], F_NAN), h: (&[0xbc00], H_NAN), cr0: RTNE },
        Fh { op: "sqrt", f: (&[F_NINF], F_NAN), h: (&[H_NINF], H_NAN), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted: 0xff800005 -> 0xffc00005.", rows: &[
        One { ty: "f", op: "sqrt", src: &[0xff80_0005], cr0: RTNE, want: 0xffc0_0005 },
    ] },
    Group { g: "denormal", d: "An F denormal 2^-148 (0x00000002): kept (%cr0 bit 7), sqrt = 2^-74, normal: exponent 53, 0x1a800000; flushed (default), sqrt(+0) = \
            +0. A negative denormal -2^-149 flushed is -0, whose root is -0 (not NaN); kept, it is a negative number: NaN.", rows: &[
        One { ty: "f", op: "sqrt", src: &[0x0000_0002], cr0: RTNE | KEEP_F, want: 0x1a80_0000 },
        One { ty: "f", op: "sqrt", src: &[0x0000_0002], cr0: RTNE, want: F_ZERO },
        One { ty: "f", op: "sqrt", src: &[0x8000_0001], cr0: RTNE, want: F_NZERO },
        One { ty: "f", op: "sqrt", src: &[0x8000_0001], cr0: RTNE | KEEP_F, want: F_NAN },
    ] },
    Group { g: "denormal", d: "HF denormal 2^-24 (0x0001): sqrt = 2^-12 = HF 0x0c00 (exponent 3) when kept (%cr0 bit 10), +0 when flushed.", rows: &[
        One { ty: "hf", op: "sqrt", src: &[0x0001], cr0: RTNE | KEEP_HF, want: 0x0c00 },
        One { ty: "hf", op: "sqrt", src: &[0x0001], cr0: RTNE, want: H_ZERO },
    ] },
    Group { g: "rounded", d: "sqrt(2) by integer squares: 11863283^2 = 140737483538089 < 2^47 = 140737488355328 < 11863283.5^2 = 140737495401372.25, so sqrt(2) x \
            2^23 lies in (11863283, 11863283.5): to nearest and down 0xb504f3 -> F 0x3fb504f3, up 0x3fb504f4.", rows: &[
        Strict { ty: "f", op: "sqrt", src: &[0x4000_0000], cr0: RTNE, want: 0x3fb5_04f3 },
        Strict { ty: "f", op: "sqrt", src: &[0x4000_0000], cr0: RD, want: 0x3fb5_04f3 },
        Strict { ty: "f", op: "sqrt", src: &[0x4000_0000], cr0: RU, want: 0x3fb5_04f4 },
    ] },
    Group { g: "alt", d: "Notes (MATH-ALT-ABS): in ALT mode SQRT computes sqrt(|src0|): sqrt(-4) = 2 with %cr0 bit 0.", rows: &[
        One { ty: "f", op: "sqrt", src: &[0xc080_0000], cr0: RTNE | ALT, want: 0x4000_0000 },
    ] },
    Group { g: "sat", d: "Saturation: sqrt.sat(4) = 2 -> 1.0; sqrt.sat(-0) = -0 -> +0.", rows: &[
        One { ty: "f", op: "sqrt.sat", src: &[0x4080_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "sqrt.sat", src: &[F_NZERO], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "loop", d: "SQRT-LOOP-STEP: sqrt (M1, 4) of [4, 9, 16, 64]: resolved, every lane: [2, 3, 4, 8]; literally (i += 2), lanes 1 and 3 keep V1's \
            0x77777777.", rows: &[
        Loop { erratum: errata::SQRT_LOOP_STEP, op: "sqrt", src: [0x4080_0000, 0x4110_0000, 0x4180_0000, 0x4280_0000], want: [0x4000_0000, 0x4040_0000, 0x4080_0000, 0x4100_0000] },
    ] },
];

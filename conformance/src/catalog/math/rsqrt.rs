//! RSQRT (instructions/RSQRT.md): hand-derived rows, each with its derivation.

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rsqrt", file: "catalog/math/rsqrt.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "1/sqrt(4) = 0.5 exactly: F 0x3f000000, HF 0x3800.", rows: &[
        Fh { op: "rsqrt", f: (&[0x4080_0000], 0x3f00_0000), h: (&[0x4400], 0x3800), cr0: RTNE },
    ] },
    Group { g: "exact", d: "1/sqrt(0.25) = 2; 1/sqrt(16) = 0.25 (F 0x3e800000, HF 0x3400); 1/sqrt(1) = 1.", rows: &[
        Fh { op: "rsqrt", f: (&[0x3e80_0000], 0x4000_0000), h: (&[0x3400], 0x4000), cr0: RU },
        Fh { op: "rsqrt", f: (&[0x4180_0000], 0x3e80_0000), h: (&[0x4c00], 0x3400), cr0: RD },
        Fh { op: "rsqrt", f: (&[F_ONE], F_ONE), h: (&[H_ONE], H_ONE), cr0: RTZ },
    ] },
    Group { g: "special", d: "IEEE 754-2019 9.2.1 rSqrt: rSqrt(±0) = ±inf (division by zero), rSqrt(+inf) = +0, a negative operand (-inf included) is invalid: the \
            default NaN.", rows: &[
        Fh { op: "rsqrt", f: (&[F_ZERO], F_INF), h: (&[H_ZERO], H_INF), cr0: RTNE },
        Fh { op: "rsqrt", f: (&[F_NZERO], F_NINF), h: (&[H_NZERO], H_NINF), cr0: RTNE },
        Fh { op: "rsqrt", f: (&[F_INF], F_ZERO), h: (&[H_INF], H_ZERO), cr0: RTNE },
        Fh { op: "rsqrt", f: (&[0xc080_0000], F_NAN), h: (&[0xc400], H_NAN), cr0: RTNE },
        Fh { op: "rsqrt", f: (&[F_NINF], F_NAN), h: (&[H_NINF], H_NAN), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted: 0x7f800100 -> 0x7fc00100.", rows: &[
        One { ty: "f", op: "rsqrt", src: &[0x7f80_0100], cr0: RTNE, want: 0x7fc0_0100 },
    ] },
    Group { g: "denormal", d: "An F denormal 2^-148 (0x00000002): kept (%cr0 bit 7), 1/sqrt = 2^74, exponent 201: 0x64800000; flushed (default), rSqrt(+0) = \
            +inf.", rows: &[
        One { ty: "f", op: "rsqrt", src: &[0x0000_0002], cr0: RTNE | KEEP_F, want: 0x6480_0000 },
        One { ty: "f", op: "rsqrt", src: &[0x0000_0002], cr0: RTNE, want: F_INF },
    ] },
    Group { g: "rounded", d: "1/sqrt(2) = sqrt(2) x 2^-1 has the significand of sqrt(2): 11863283^2 < 2^47 < 11863283.5^2 puts sqrt(2) x 2^23 in (11863283, \
            11863283.5), so 2^24 / sqrt(2) too: significand 0xb504f3 plus less than half an ulp, exponent 126: to nearest 0x3f3504f3, up 0x3f3504f4.", rows: &[
        Strict { ty: "f", op: "rsqrt", src: &[0x4000_0000], cr0: RTNE, want: 0x3f35_04f3 },
        Strict { ty: "f", op: "rsqrt", src: &[0x4000_0000], cr0: RU, want: 0x3f35_04f4 },
    ] },
    Group { g: "alt", d: "Notes (MATH-ALT-ABS): in ALT mode RSQRT computes rsq(|src0|): rsqrt(-4) = 0.5 with %cr0 bit 0; ALT also turns rsqrt(+0) = +inf into \
            0x7f7fffff.", rows: &[
        One { ty: "f", op: "rsqrt", src: &[0xc080_0000], cr0: RTNE | ALT, want: 0x3f00_0000 },
        One { ty: "f", op: "rsqrt", src: &[F_ZERO], cr0: RTNE | ALT, want: F_MAX },
    ] },
    Group { g: "sat", d: "Saturation: rsqrt.sat(0.25) = 2 -> 1.0.", rows: &[
        One { ty: "f", op: "rsqrt.sat", src: &[0x3e80_0000], cr0: RTNE, want: F_ONE },
    ] },
];

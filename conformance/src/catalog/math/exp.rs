//! EXP (instructions/EXP.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "exp", file: "catalog/math/exp.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "2^-3 = 0.125 exactly: F 0x3e000000, HF 0x3000.", rows: &[
        Fh { op: "exp", f: (&[0xc040_0000], 0x3e00_0000), h: (&[0xc200], 0x3000), cr0: RTNE },
    ] },
    Group { g: "exact", d: "2^±0 = 1 (IEEE 754-2019 9.2.1), in every mode.", rows: &[
        Fh { op: "exp", f: (&[F_ZERO], F_ONE), h: (&[H_ZERO], H_ONE), cr0: RD },
        Fh { op: "exp", f: (&[F_NZERO], F_ONE), h: (&[H_NZERO], H_ONE), cr0: RU },
    ] },
    Group { g: "exact", d: "2^3 = 8 (F 0x41000000, HF 0x4800); 2^10 = 1024 (F 0x44800000, HF 0x6400); 2^-1 = 0.5.", rows: &[
        Fh { op: "exp", f: (&[0x4040_0000], 0x4100_0000), h: (&[0x4200], 0x4800), cr0: RTNE },
        Fh { op: "exp", f: (&[0x4120_0000], 0x4480_0000), h: (&[0x4900], 0x6400), cr0: RTZ },
        Fh { op: "exp", f: (&[0xbf80_0000], 0x3f00_0000), h: (&[0xbc00], 0x3800), cr0: RTNE },
    ] },
    Group { g: "special", d: "IEEE 754-2019 9.2.1: 2^+inf = +inf, 2^-inf = +0.", rows: &[
        Fh { op: "exp", f: (&[F_INF], F_INF), h: (&[H_INF], H_INF), cr0: RTNE },
        Fh { op: "exp", f: (&[F_NINF], F_ZERO), h: (&[H_NINF], H_ZERO), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted (0x7f800001 -> 0x7fc00001; HF 0xfd00 -> 0xff00).", rows: &[
        One { ty: "f", op: "exp", src: &[0x7f80_0001], cr0: RTNE, want: 0x7fc0_0001 },
        One { ty: "hf", op: "exp", src: &[0xfd00], cr0: RTNE, want: 0xff00 },
    ] },
    Group { g: "overflow", d: "Overflow (IEEE 754 7.4): 2^128 is past the largest F (2^128 - 2^104): +inf to nearest and up, the largest finite 0x7f7fffff toward \
            zero and down.", rows: &[
        One { ty: "f", op: "exp", src: &[0x4300_0000], cr0: RTNE, want: F_INF },
        One { ty: "f", op: "exp", src: &[0x4300_0000], cr0: RU, want: F_INF },
        One { ty: "f", op: "exp", src: &[0x4300_0000], cr0: RTZ, want: F_MAX },
        One { ty: "f", op: "exp", src: &[0x4300_0000], cr0: RD, want: F_MAX },
    ] },
    Group { g: "overflow", d: "HF overflow: 2^16 = 65536 is past the largest HF 65504: +inf to nearest, 0x7bff toward zero.", rows: &[
        One { ty: "hf", op: "exp", src: &[0x4c00], cr0: RTNE, want: H_INF },
        One { ty: "hf", op: "exp", src: &[0x4c00], cr0: RTZ, want: 0x7bff },
    ] },
    Group { g: "underflow", d: "Underflow: 2^-126 is the smallest normal F (0x00800000), never flushed; 2^-149 the smallest denormal (0x00000001), kept with %cr0 \
            bit 7 and flushed to +0 without.", rows: &[
        One { ty: "f", op: "exp", src: &[0xc2fc_0000], cr0: RTNE, want: 0x0080_0000 },
        One { ty: "f", op: "exp", src: &[0xc315_0000], cr0: RTNE | KEEP_F, want: 0x0000_0001 },
        One { ty: "f", op: "exp", src: &[0xc315_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "underflow", d: "2^-150 is half the smallest F denormal: a tie to nearest goes to the even +0; up gives 0x00000001 (denormals kept).", rows: &[
        One { ty: "f", op: "exp", src: &[0xc316_0000], cr0: RTNE | KEEP_F, want: F_ZERO },
        One { ty: "f", op: "exp", src: &[0xc316_0000], cr0: RU | KEEP_F, want: 0x0000_0001 },
    ] },
    Group { g: "underflow", d: "HF: 2^-24 is the smallest HF denormal 0x0001 (kept with %cr0 bit 10, flushed without); 2^-14 the smallest normal 0x0400.", rows: &[
        One { ty: "hf", op: "exp", src: &[0xce00], cr0: RTNE | KEEP_HF, want: 0x0001 },
        One { ty: "hf", op: "exp", src: &[0xce00], cr0: RTNE, want: H_ZERO },
        One { ty: "hf", op: "exp", src: &[0xcb00], cr0: RTNE, want: 0x0400 },
    ] },
    Group { g: "base", d: "EXP-BASE: resolved, base 2: 2^1 = 2 (0x40000000); literally the loop's e^x: e = 2.718281828459045... = \
            1.01011011111100001010100010110001...b x 2^1, 23 fraction bits 0x2df854 followed by 0.346 ulp: to nearest 0x402df854.", rows: &[
        Both { erratum: errata::EXP_BASE, op: "exp", src: &[F_ONE], cr0: RTNE, want: (0x4000_0000, 0x402d_f854), strict: (false, true) },
    ] },
    Group { g: "base", d: "EXP-BASE: e^0 = 2^0 = 1 and e^-inf = 2^-inf = +0 under both readings.", rows: &[
        Both { erratum: errata::EXP_BASE, op: "exp", src: &[F_ZERO], cr0: RTNE, want: (F_ONE, F_ONE), strict: (false, false) },
        Both { erratum: errata::EXP_BASE, op: "exp", src: &[F_NINF], cr0: RTNE, want: (F_ZERO, F_ZERO), strict: (false, false) },
    ] },
    Group { g: "sat", d: "Saturation after the rounding: exp.sat(3) = 8 -> 1.0; exp.sat(-1) = 0.5 stays.", rows: &[
        One { ty: "f", op: "exp.sat", src: &[0x4040_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "exp.sat", src: &[0xbf80_0000], cr0: RTNE, want: 0x3f00_0000 },
    ] },
    Group { g: "alt", d: "ALT mode: an infinite F result becomes the largest finite value: 2^128 -> 0x7f7fffff.", rows: &[
        One { ty: "f", op: "exp", src: &[0x4300_0000], cr0: RTNE | ALT, want: F_MAX },
    ] },
    Group { g: "hard", d: "Hard to round (published): CORE-MATH's correctly rounded exp2f (src/binary32/exp2/exp2f.c) singles out 0x3b429d37, 0xbcf3a937 and \
            0xb8d3d026 and returns a - 2^-25, a - 2^-26 and a + 2^-26 for a = 0x3f804385 (in [1, 2), ulp 2^-23), 0x3f7ac6b1 and 0x3f7ffb69 (in [0.5, 1), ulp \
            2^-24): a quarter ulp of a on one side, so the value lies within half an ulp of a on that side. To nearest it rounds to a; up to a below a and to a + 1 \
            ulp above it; down and toward zero to a - 1 ulp below a and to a above it.", rows: &[
        Strict { ty: "f", op: "exp", src: &[0x3b42_9d37], cr0: RTNE, want: 0x3f80_4385 },
        Strict { ty: "f", op: "exp", src: &[0x3b42_9d37], cr0: RU, want: 0x3f80_4385 },
        Strict { ty: "f", op: "exp", src: &[0x3b42_9d37], cr0: RD, want: 0x3f80_4384 },
        Strict { ty: "f", op: "exp", src: &[0x3b42_9d37], cr0: RTZ, want: 0x3f80_4384 },
        Strict { ty: "f", op: "exp", src: &[0xbcf3_a937], cr0: RTNE, want: 0x3f7a_c6b1 },
        Strict { ty: "f", op: "exp", src: &[0xbcf3_a937], cr0: RU, want: 0x3f7a_c6b1 },
        Strict { ty: "f", op: "exp", src: &[0xbcf3_a937], cr0: RD, want: 0x3f7a_c6b0 },
        Strict { ty: "f", op: "exp", src: &[0xbcf3_a937], cr0: RTZ, want: 0x3f7a_c6b0 },
        Strict { ty: "f", op: "exp", src: &[0xb8d3_d026], cr0: RTNE, want: 0x3f7f_fb69 },
        Strict { ty: "f", op: "exp", src: &[0xb8d3_d026], cr0: RU, want: 0x3f7f_fb6a },
        Strict { ty: "f", op: "exp", src: &[0xb8d3_d026], cr0: RD, want: 0x3f7f_fb69 },
        Strict { ty: "f", op: "exp", src: &[0xb8d3_d026], cr0: RTZ, want: 0x3f7f_fb69 },
    ] },
    Group { g: "types", d: "An HF source into an F destination: 2^HF(-3) = 0.125 = F 0x3e000000.", rows: &[
        Typed { op: "exp", dst: "f", src: &[("hf", 0xc200)], want: 0x3e00_0000 },
    ] },
];

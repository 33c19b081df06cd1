//! POW (instructions/POW.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "pow", file: "catalog/math/pow.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "pow(2, 10) = 1024 exactly: F 0x44800000, HF 0x6400.", rows: &[
        Fh { op: "pow", f: (&[0x4000_0000, 0x4120_0000], 0x4480_0000), h: (&[0x4000, 0x4900], 0x6400), cr0: RTNE },
    ] },
    Group { g: "exact", d: "pow(2, -3) = 0.125 (F 0x3e000000, HF 0x3000); pow(4, 0.5) = 2 (F 0x40000000, HF 0x4000); pow(0.5, 2) = 0.25 (F 0x3e800000, HF \
            0x3400).", rows: &[
        Fh { op: "pow", f: (&[0x4000_0000, 0xc040_0000], 0x3e00_0000), h: (&[0x4000, 0xc200], 0x3000), cr0: RU },
        Fh { op: "pow", f: (&[0x4080_0000, 0x3f00_0000], 0x4000_0000), h: (&[0x4400, 0x3800], 0x4000), cr0: RD },
        Fh { op: "pow", f: (&[0x3f00_0000, 0x4000_0000], 0x3e80_0000), h: (&[0x3800, 0x4000], 0x3400), cr0: RTZ },
    ] },
    Group { g: "special", d: "POW-SPECIAL-TABLE (IEEE 754-2019 9.2.1 on |src0|): x^±0 = 1 for every x, a quiet NaN too (0x7fc00000^0 = 1); 1^y = 1 for every y, \
            +inf and a quiet NaN too.", rows: &[
        Fh { op: "pow", f: (&[0x4120_0000, F_NZERO], F_ONE), h: (&[0x4900, H_NZERO], H_ONE), cr0: RTNE },
        Fh { op: "pow", f: (&[F_NAN, F_ZERO], F_ONE), h: (&[H_NAN, H_ZERO], H_ONE), cr0: RTNE },
        Fh { op: "pow", f: (&[F_ONE, F_INF], F_ONE), h: (&[H_ONE, H_INF], H_ONE), cr0: RTNE },
        Fh { op: "pow", f: (&[F_ONE, F_NAN], F_ONE), h: (&[H_ONE, H_NAN], H_ONE), cr0: RTNE },
    ] },
    Group { g: "special", d: "POW-SPECIAL-TABLE: 0^y = +inf for y < 0 (division by zero), +0 for y > 0; inf^y = +0 for y < 0, +inf for y > 0.", rows: &[
        Fh { op: "pow", f: (&[F_ZERO, 0xbf80_0000], F_INF), h: (&[H_ZERO, 0xbc00], H_INF), cr0: RTNE },
        Fh { op: "pow", f: (&[F_ZERO, 0x4000_0000], F_ZERO), h: (&[H_ZERO, 0x4000], H_ZERO), cr0: RTNE },
        Fh { op: "pow", f: (&[F_INF, 0xbf80_0000], F_ZERO), h: (&[H_INF, 0xbc00], H_ZERO), cr0: RTNE },
        Fh { op: "pow", f: (&[F_INF, 0x4000_0000], F_INF), h: (&[H_INF, 0x4000], H_INF), cr0: RTNE },
    ] },
    Group { g: "special", d: "POW-SPECIAL-TABLE: a^+inf = +inf for a > 1 and +0 for a < 1; a^-inf the reverse.", rows: &[
        Fh { op: "pow", f: (&[0x4000_0000, F_INF], F_INF), h: (&[0x4000, H_INF], H_INF), cr0: RTNE },
        Fh { op: "pow", f: (&[0x3f00_0000, F_INF], F_ZERO), h: (&[0x3800, H_INF], H_ZERO), cr0: RTNE },
        Fh { op: "pow", f: (&[0x4000_0000, F_NINF], F_ZERO), h: (&[0x4000, H_NINF], H_ZERO), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: pow(2, NaN) is NaN: the NaN source quieted (0x7f800001 -> 0x7fc00001); pow(NaN, NaN) takes src0's (0xffc00002).", rows: &[
        One { ty: "f", op: "pow", src: &[0x4000_0000, 0x7f80_0001], cr0: RTNE, want: 0x7fc0_0001 },
        One { ty: "f", op: "pow", src: &[0xffc0_0002, 0x7fc0_0003], cr0: RTNE, want: 0xffc0_0002 },
    ] },
    Group { g: "nan", d: "IEEE 754-2019 6.2: a signalling NaN operand gives NaN even where 9.2.1 gives 1 for a quiet one (x^±0, 1^y): pow(0x7f800001, 0) is that \
            NaN quieted, 0x7fc00001 (MATH-NAN-RESULT); HF pow(0x7d00, 0) = 0x7f00.", rows: &[
        One { ty: "f", op: "pow", src: &[0x7f80_0001, F_ZERO], cr0: RTNE, want: 0x7fc0_0001 },
        One { ty: "f", op: "pow", src: &[F_ONE, 0x7f80_0001], cr0: RTNE, want: 0x7fc0_0001 },
        One { ty: "hf", op: "pow", src: &[0x7d00, H_ZERO], cr0: RTNE, want: 0x7f00 },
    ] },
    Group { g: "range", d: "Overflow and underflow: 2^128 is past the largest F: +inf to nearest, 0x7f7fffff toward zero; 2^-149 the smallest denormal, kept with \
            %cr0 bit 7 (0x00000001), flushed without (+0).", rows: &[
        One { ty: "f", op: "pow", src: &[0x4000_0000, 0x4300_0000], cr0: RTNE, want: F_INF },
        One { ty: "f", op: "pow", src: &[0x4000_0000, 0x4300_0000], cr0: RTZ, want: F_MAX },
        One { ty: "f", op: "pow", src: &[0x4000_0000, 0xc315_0000], cr0: RTNE | KEEP_F, want: 0x0000_0001 },
        One { ty: "f", op: "pow", src: &[0x4000_0000, 0xc315_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "negative", d: "POW-NEGATIVE-BASE: pow(-2, 3): resolved |-2|^3 = 8 (0x41000000); literally IEEE pow of the signed base, an odd integer exponent: -8 \
            (0xc1000000).", rows: &[
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[0xc000_0000, 0x4040_0000], cr0: RTNE, want: (0x4100_0000, 0xc100_0000), strict: (false, false) },
    ] },
    Group { g: "negative", d: "POW-NEGATIVE-BASE: pow(-2, 2) = 4 (0x40800000) under both readings (an even integer exponent).", rows: &[
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[0xc000_0000, 0x4000_0000], cr0: RTNE, want: (0x4080_0000, 0x4080_0000), strict: (false, false) },
    ] },
    Group { g: "negative", d: "POW-NEGATIVE-BASE: pow(-2, 0.5): resolved sqrt(2), which the integer squares 11863283^2 < 2^47 < 11863283.5^2 round to nearest to \
            0x3fb504f3; literally a negative finite base with a non-integer exponent is invalid: the default NaN.", rows: &[
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[0xc000_0000, 0x3f00_0000], cr0: RTNE, want: (0x3fb5_04f3, F_NAN), strict: (true, false) },
    ] },
    Group { g: "negative", d: "POW-NEGATIVE-BASE: pow(-0, -1): resolved |-0|^-1 = +inf; literally 9.2.1's pow(-0, y) = -inf for a negative odd integer y.", rows: &[
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[F_NZERO, 0xbf80_0000], cr0: RTNE, want: (F_INF, F_NINF), strict: (false, false) },
    ] },
    Group { g: "negative", d: "POW-NEGATIVE-BASE: literally (9.2.1) pow(-inf, 3) = -inf (an odd integer exponent) and pow(-1, +inf) = 1; resolved |src0|^src1: +inf \
            and 1.", rows: &[
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[F_NINF, 0x4040_0000], cr0: RTNE, want: (F_INF, F_NINF), strict: (false, false) },
        Both { erratum: errata::POW_NEGATIVE_BASE, op: "pow", src: &[0xbf80_0000, F_INF], cr0: RTNE, want: (F_ONE, F_ONE), strict: (false, false) },
    ] },
    Group { g: "modifier", d: "Source modifiers: pow((-)2, 3) reads -2, so resolved |-2|^3 = 8; pow(2, (abs)-3) reads 3: 8.", rows: &[
        Typed { op: "pow", dst: "f", src: &[("(-)f", 0x4000_0000), ("f", 0x4040_0000)], want: 0x4100_0000 },
        Typed { op: "pow", dst: "f", src: &[("f", 0x4000_0000), ("(abs)f", 0xc040_0000)], want: 0x4100_0000 },
    ] },
    Group { g: "types", d: "Mixed F/HF type map: an HF base 2 and an F exponent 10 into an HF destination: 1024 = 0x6400.", rows: &[
        Typed { op: "pow", dst: "hf", src: &[("hf", 0x4000), ("f", 0x4120_0000)], want: 0x6400 },
    ] },
    Group { g: "sat", d: "Saturation: pow.sat(2, 2) = 4 -> 1.0; pow.sat(2, -1) = 0.5 stays.", rows: &[
        One { ty: "f", op: "pow.sat", src: &[0x4000_0000, 0x4000_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "pow.sat", src: &[0x4000_0000, 0xbf80_0000], cr0: RTNE, want: 0x3f00_0000 },
    ] },
];

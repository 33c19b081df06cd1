//! LOG (instructions/LOG.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "log", file: "catalog/math/log.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, "", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "log2(8) = 3 exactly: F 0x40400000, HF 0x4200.", rows: &[
        Fh { op: "log", f: (&[0x4100_0000], 0x4040_0000), h: (&[0x4800], 0x4200), cr0: RTNE },
    ] },
    Group { g: "exact", d: "log2(1) = +0 (IEEE 754-2019 9.2), in every rounding mode, down included.", rows: &[
        Fh { op: "log", f: (&[F_ONE], F_ZERO), h: (&[H_ONE], H_ZERO), cr0: RD },
    ] },
    Group { g: "exact", d: "log2(0.5) = -1 (F 0xbf800000, HF 0xbc00); log2(2) = 1; log2(0.125) = -3 (F 0xc0400000, HF 0xc200); log2(1024) = 10 (F 0x41200000, HF \
            0x4900).", rows: &[
        Fh { op: "log", f: (&[0x3f00_0000], 0xbf80_0000), h: (&[0x3800], 0xbc00), cr0: RTNE },
        Fh { op: "log", f: (&[0x4000_0000], F_ONE), h: (&[0x4000], H_ONE), cr0: RTZ },
        Fh { op: "log", f: (&[0x3e00_0000], 0xc040_0000), h: (&[0x3000], 0xc200), cr0: RU },
        Fh { op: "log", f: (&[0x4480_0000], 0x4120_0000), h: (&[0x6400], 0x4900), cr0: RTNE },
    ] },
    Group { g: "special", d: "IEEE 754-2019 9.2.1: log2(±0) = -inf (division by zero); log2 of a negative number, -inf included, is invalid (the default NaN); \
            log2(+inf) = +inf.", rows: &[
        Fh { op: "log", f: (&[F_ZERO], F_NINF), h: (&[H_ZERO], H_NINF), cr0: RTNE },
        Fh { op: "log", f: (&[F_NZERO], F_NINF), h: (&[H_NZERO], H_NINF), cr0: RTNE },
        Fh { op: "log", f: (&[0xbf80_0000], F_NAN), h: (&[0xbc00], H_NAN), cr0: RTNE },
        Fh { op: "log", f: (&[F_NINF], F_NAN), h: (&[H_NINF], H_NAN), cr0: RTNE },
        Fh { op: "log", f: (&[F_INF], F_INF), h: (&[H_INF], H_INF), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted (0x7fa00000 -> 0x7fe00000; negative quiet 0xffc00001 kept).", rows: &[
        One { ty: "f", op: "log", src: &[0x7fa0_0000], cr0: RTNE, want: 0x7fe0_0000 },
        One { ty: "f", op: "log", src: &[0xffc0_0001], cr0: RTNE, want: 0xffc0_0001 },
    ] },
    Group { g: "denormal", d: "The smallest F denormal 2^-149: kept (%cr0 bit 7), log2 = -149 = -1.00101010b x 2^7 = 0xc3150000; flushed (default), log2(+0) = \
            -inf.", rows: &[
        One { ty: "f", op: "log", src: &[0x0000_0001], cr0: RTNE | KEEP_F, want: 0xc315_0000 },
        One { ty: "f", op: "log", src: &[0x0000_0001], cr0: RTNE, want: F_NINF },
    ] },
    Group { g: "denormal", d: "The smallest HF denormal 2^-24: kept (%cr0 bit 10), log2 = -24 = HF 0xce00; flushed without bit 10, and always under \
            HF-DENORM-FLUSH's literal reading: -inf.", rows: &[
        One { ty: "hf", op: "log", src: &[0x0001], cr0: RTNE | KEEP_HF, want: 0xce00 },
        One { ty: "hf", op: "log", src: &[0x0001], cr0: RTNE, want: H_NINF },
        Literal { erratum: errata::HF_DENORM_FLUSH, ty: "hf", op: "log", src: &[0x0001], cr0: RTNE | KEEP_HF, want: H_NINF },
    ] },
    Group { g: "base", d: "LOG-BASE: resolved, base 2: log2(2) = 1 (0x3f800000); literally the loop's natural log: ln 2 = 0.693147180559945... = \
            1.0110001011100100001011111110111...b x 2^-1, whose 23 fraction bits 0x317217 are followed by 0.968 ulp: to nearest 0x3f317218.", rows: &[
        Both { erratum: errata::LOG_BASE, op: "log", src: &[0x4000_0000], cr0: RTNE, want: (F_ONE, 0x3f31_7218), strict: (false, true) },
    ] },
    Group { g: "base", d: "LOG-BASE: ln(1) = log2(1) = +0 and ln(+0) = log2(+0) = -inf under both readings.", rows: &[
        Both { erratum: errata::LOG_BASE, op: "log", src: &[F_ONE], cr0: RTNE, want: (F_ZERO, F_ZERO), strict: (false, false) },
        Both { erratum: errata::LOG_BASE, op: "log", src: &[F_ZERO], cr0: RTNE, want: (F_NINF, F_NINF), strict: (false, false) },
    ] },
    Group { g: "alt", d: "Notes (MATH-ALT-ABS): in ALT mode LOG computes log2(|src0|): log(-8) = 3 with %cr0 bit 0, the default NaN without.", rows: &[
        One { ty: "f", op: "log", src: &[0xc100_0000], cr0: RTNE | ALT, want: 0x4040_0000 },
        One { ty: "f", op: "log", src: &[0xc100_0000], cr0: RTNE, want: F_NAN },
    ] },
    Group { g: "sat", d: "Saturation after the rounding: log.sat(8) = 3 -> 1.0; log.sat(0.5) = -1 -> +0.", rows: &[
        One { ty: "f", op: "log.sat", src: &[0x4100_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "log.sat", src: &[0x3f00_0000], cr0: RTNE, want: F_ZERO },
    ] },
];

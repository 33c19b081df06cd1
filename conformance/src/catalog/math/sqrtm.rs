//! SQRTM (instructions/SQRTM.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "sqrtm", file: "catalog/math/sqrtm.jsonl", rows: add };

fn add(rows: &mut Rows) {
    lanes(rows, ".decl VF v_type=G type=f num_elts=8\n", GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "sqrt(4) = 2 exactly (F 0x40000000), on every platform (IEEE-MACRO-PLATFORMS, resolved).", rows: &[
        All { ty: "f", op: "sqrtm", src: &[0x4080_0000], cr0: RTNE, want: 0x4000_0000 },
    ] },
    Group { g: "rounded", d: "sqrt(2) by integer squares: 11863283^2 < 2^47 < 11863283.5^2, so sqrt(2) x 2^23 is in (11863283, 11863283.5): to nearest, down and \
            toward zero 0x3fb504f3, up 0x3fb504f4.", rows: &[
        One { ty: "f", op: "sqrtm", src: &[0x4000_0000], cr0: RTNE, want: 0x3fb5_04f3 },
        One { ty: "f", op: "sqrtm", src: &[0x4000_0000], cr0: RTZ, want: 0x3fb5_04f3 },
        One { ty: "f", op: "sqrtm", src: &[0x4000_0000], cr0: RU, want: 0x3fb5_04f4 },
    ] },
    Group { g: "df", d: "DF sqrt(2): r = floor(sqrt(2 x 2^104)) = 0x16a09e667f3bcc, and (2r + 1)^2 < 8 x 2^104, so sqrt(2) x 2^52 > r + 1/2: to nearest \
            0x3ff6a09e667f3bcd, toward zero 0x3ff6a09e667f3bcc.", rows: &[
        One { ty: "df", op: "sqrtm", src: &[0x4000_0000_0000_0000], cr0: RTNE, want: 0x3ff6_a09e_667f_3bcd },
        One { ty: "df", op: "sqrtm", src: &[0x4000_0000_0000_0000], cr0: RTZ, want: 0x3ff6_a09e_667f_3bcc },
    ] },
    Group { g: "special", d: "IEEE 754 squareRoot: sqrt(-0) = -0, sqrt(+inf) = +inf, sqrt(-1) invalid (the default NaN).", rows: &[
        One { ty: "f", op: "sqrtm", src: &[F_NZERO], cr0: RTNE, want: F_NZERO },
        One { ty: "f", op: "sqrtm", src: &[F_INF], cr0: RTNE, want: F_INF },
        One { ty: "f", op: "sqrtm", src: &[0xbf80_0000], cr0: RTNE, want: F_NAN },
    ] },
    Group { g: "denormal", d: "Denormals per the denorm mode: sqrt(2^-148) = 2^-74 (0x1a800000) with %cr0 bit 7; flushed, sqrt(+0) = +0.", rows: &[
        One { ty: "f", op: "sqrtm", src: &[0x0000_0002], cr0: RTNE | KEEP_F, want: 0x1a80_0000 },
        One { ty: "f", op: "sqrtm", src: &[0x0000_0002], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "denormal", d: "DF denormal 2^-1074: sqrt = 2^-537 = exponent 486 (0x1e60000000000000) with %cr0 bit 6; flushed, +0.", rows: &[
        One { ty: "df", op: "sqrtm", src: &[1], cr0: RTNE | KEEP_DF, want: 0x1e60_0000_0000_0000 },
        One { ty: "df", op: "sqrtm", src: &[1], cr0: RTNE, want: 0 },
    ] },
    Group { g: "loop", d: "SQRTM-LOOP-STEP: sqrtm (M1, 4) of [4, 9, 16, 64]: resolved, every lane: [2, 3, 4, 8]; literally (i += 2), lanes 1 and 3 keep V1's \
            0x77777777.", rows: &[
        Loop { erratum: errata::SQRTM_LOOP_STEP, op: "sqrtm", src: [0x4080_0000, 0x4110_0000, 0x4180_0000, 0x4280_0000], want: [0x4000_0000, 0x4040_0000, 0x4080_0000, 0x4100_0000] },
    ] },
    Group { g: "platforms", d: "IEEE-MACRO-PLATFORMS, literal reading: the per-platform appendix lists SQRTM on SKL only: gen9 runs it, every other modelled \
            platform rejects it (field opcode).", rows: &[
        SklOnly { erratum: errata::IEEE_MACRO_PLATFORMS, text: "sqrtm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0>" },
    ] },
];

//! DIVM (instructions/DIVM.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "divm", file: "catalog/math/divm.jsonl", rows: add };

const DECLS: &str = ".decl VF v_type=G type=f num_elts=8\n.decl VHF v_type=G type=hf num_elts=8\n\
                     .decl VDF v_type=G type=df num_elts=8\n";

fn add(rows: &mut Rows) {
    lanes(rows, DECLS, GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "6 / 3 = 2 exactly (F 0x40000000), on every platform (IEEE-MACRO-PLATFORMS, resolved).", rows: &[
        All { ty: "f", op: "divm", src: &[0x40c0_0000, 0x4040_0000], cr0: RTNE, want: 0x4000_0000 },
    ] },
    Group { g: "rounded", d: "1/3 = 1.010101...b x 2^-2 (long division): 23 fraction bits 0x2aaaaa, 2/3 ulp dropped: to nearest and up 0x3eaaaaab, down and toward \
            zero 0x3eaaaaaa. DIVM is IEEE division: the correctly rounded quotient is its only result.", rows: &[
        One { ty: "f", op: "divm", src: &[F_ONE, 0x4040_0000], cr0: RTNE, want: 0x3eaa_aaab },
        One { ty: "f", op: "divm", src: &[F_ONE, 0x4040_0000], cr0: RU, want: 0x3eaa_aaab },
        One { ty: "f", op: "divm", src: &[F_ONE, 0x4040_0000], cr0: RD, want: 0x3eaa_aaaa },
        One { ty: "f", op: "divm", src: &[F_ONE, 0x4040_0000], cr0: RTZ, want: 0x3eaa_aaaa },
    ] },
    Group { g: "rounded", d: "-1/3: the same significand, negative: to nearest 0xbeaaaaab; down (toward -inf) 0xbeaaaaab; up and toward zero 0xbeaaaaaa.", rows: &[
        One { ty: "f", op: "divm", src: &[0xbf80_0000, 0x4040_0000], cr0: RD, want: 0xbeaa_aaab },
        One { ty: "f", op: "divm", src: &[0xbf80_0000, 0x4040_0000], cr0: RU, want: 0xbeaa_aaaa },
    ] },
    Group { g: "df", d: "DF 1/3: floor(2^54 / 3) = 0x15555555555555 remainder 1 (1/3 ulp): to nearest 0x3fd5555555555555, up 0x3fd5555555555556.", rows: &[
        One { ty: "df", op: "divm", src: &[0x3ff0_0000_0000_0000, 0x4008_0000_0000_0000], cr0: RTNE, want: 0x3fd5_5555_5555_5555 },
        One { ty: "df", op: "divm", src: &[0x3ff0_0000_0000_0000, 0x4008_0000_0000_0000], cr0: RU, want: 0x3fd5_5555_5555_5556 },
    ] },
    Group { g: "special", d: "IEEE 754 division (5.4.1, 7.2, 7.3): 0/0 and inf/inf are invalid (the default NaN); 1/-0 = -inf; 1/+inf = +0; -0/2 = -0.", rows: &[
        One { ty: "f", op: "divm", src: &[F_ZERO, F_ZERO], cr0: RTNE, want: F_NAN },
        One { ty: "f", op: "divm", src: &[F_INF, F_NINF], cr0: RTNE, want: F_NAN },
        One { ty: "f", op: "divm", src: &[F_ONE, F_NZERO], cr0: RTNE, want: F_NINF },
        One { ty: "f", op: "divm", src: &[F_ONE, F_INF], cr0: RTNE, want: F_ZERO },
        One { ty: "f", op: "divm", src: &[F_NZERO, 0x4000_0000], cr0: RTNE, want: F_NZERO },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: the first NaN source quieted: src0 0x7f800002 -> 0x7fc00002 over src1's 0x7fc00003.", rows: &[
        One { ty: "f", op: "divm", src: &[0x7f80_0002, 0x7fc0_0003], cr0: RTNE, want: 0x7fc0_0002 },
    ] },
    Group { g: "denormal", d: "Denormals per the denorm mode (Notes: IEEE compliance needs them kept): 2^-126 / 4 = 2^-128 = 0x00200000 with %cr0 bit 7, flushed to \
            +0 without; a denormal divisor 2^-149 flushed is a zero: 1/+0 = +inf, kept 2^149 overflows to +inf too, 0x7f7fffff toward zero.", rows: &[
        One { ty: "f", op: "divm", src: &[0x0080_0000, 0x4080_0000], cr0: RTNE | KEEP_F, want: 0x0020_0000 },
        One { ty: "f", op: "divm", src: &[0x0080_0000, 0x4080_0000], cr0: RTNE, want: F_ZERO },
        One { ty: "f", op: "divm", src: &[F_ONE, 0x0000_0001], cr0: RTZ, want: F_INF },
        One { ty: "f", op: "divm", src: &[F_ONE, 0x0000_0001], cr0: RTZ | KEEP_F, want: F_MAX },
    ] },
    Group { g: "sat", d: "Saturation: divm.sat(1, 0.5) = 2 -> 1.0; divm.sat(-1, 2) = -0.5 -> +0.", rows: &[
        One { ty: "f", op: "divm.sat", src: &[F_ONE, 0x3f00_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "divm.sat", src: &[0xbf80_0000, 0x4000_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "platforms", d: "IEEE-MACRO-PLATFORMS, literal reading: the per-platform appendix lists DIVM on SKL only: gen9 runs it, every other modelled \
            platform rejects it (field opcode).", rows: &[
        SklOnly { erratum: errata::IEEE_MACRO_PLATFORMS, text: "divm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>" },
    ] },
    Group { g: "forms", d: "Supported Types DF and F with no type map: an HF destination has no map (field dst); the Properties list no source modifier (field \
            src1).", rows: &[
        Invalid { text: "divm (M1, 8) VHF(0,0)<1> VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>", field: "dst" },
        Invalid { text: "divm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> (-)VF(0,0)<1;1,0>", field: "src1" },
    ] },
];

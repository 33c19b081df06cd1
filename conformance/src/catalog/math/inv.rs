//! INV (instructions/INV.md): hand-derived rows, each with its derivation.

use visa_model::errata;

use super::Lane::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "inv", file: "catalog/math/inv.jsonl", rows: add };

const DECLS: &str = ".decl VF v_type=G type=f num_elts=8\n.decl VDF v_type=G type=df num_elts=8\n";

fn add(rows: &mut Rows) {
    lanes(rows, DECLS, GROUPS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "inv(2) = 1/2 = 0.5 exactly: F 0x3f000000, HF 0x3800 (exponent -1, fraction 0).", rows: &[
        Fh { op: "inv", f: (&[0x4000_0000], 0x3f00_0000), h: (&[0x4000], 0x3800), cr0: RTNE },
    ] },
    Group { g: "exact", d: "inv(-4) = -0.25 exactly: F 0xbe800000, HF 0xb400; inv(0.125) = 8: F 0x41000000, HF 0x4800.", rows: &[
        Fh { op: "inv", f: (&[0xc080_0000], 0xbe80_0000), h: (&[0xc400], 0xb400), cr0: RTNE },
        Fh { op: "inv", f: (&[0x3e00_0000], 0x4100_0000), h: (&[0x3000], 0x4800), cr0: RU },
    ] },
    Group { g: "special", d: "IEEE 754 division of 1 (5.4.1, 7.3): 1/+0 = +inf, 1/-0 = -inf (division by zero); 1/+inf = +0, 1/-inf = -0.", rows: &[
        Fh { op: "inv", f: (&[F_ZERO], F_INF), h: (&[H_ZERO], H_INF), cr0: RTNE },
        Fh { op: "inv", f: (&[F_NZERO], F_NINF), h: (&[H_NZERO], H_NINF), cr0: RTNE },
        Fh { op: "inv", f: (&[F_INF], F_ZERO), h: (&[H_INF], H_ZERO), cr0: RTNE },
        Fh { op: "inv", f: (&[F_NINF], F_NZERO), h: (&[H_NINF], H_NZERO), cr0: RTNE },
    ] },
    Group { g: "nan", d: "MATH-NAN-RESULT: a NaN source gives itself quieted, sign and payload kept: F quiet 0xffc00001 stays, signalling 0x7f800001 becomes \
            0x7fc00001; HF signalling 0x7d55 becomes 0x7f55.", rows: &[
        One { ty: "f", op: "inv", src: &[0xffc0_0001], cr0: RTNE, want: 0xffc0_0001 },
        One { ty: "f", op: "inv", src: &[0x7f80_0001], cr0: RTNE, want: 0x7fc0_0001 },
        One { ty: "hf", op: "inv", src: &[0x7d55], cr0: RTNE, want: 0x7f55 },
    ] },
    Group { g: "denormal", d: "Denormal input 2^-149 (F 0x00000001): flushed to +0 by default (%cr0 bit 7 = 0), so 1/+0 = +inf; kept (bit 7 = 1), 1/2^-149 = 2^149 \
            overflows F: +inf to nearest, the largest finite 0x7f7fffff toward zero.", rows: &[
        One { ty: "f", op: "inv", src: &[0x0000_0001], cr0: RTNE, want: F_INF },
        One { ty: "f", op: "inv", src: &[0x0000_0001], cr0: RTNE | KEEP_F, want: F_INF },
        One { ty: "f", op: "inv", src: &[0x0000_0001], cr0: RTZ | KEEP_F, want: F_MAX },
    ] },
    Group { g: "denormal", d: "inv(2^127) = 2^-127, an F denormal (2^22 quanta of 2^-149: 0x00400000): kept when %cr0 bit 7 is set, flushed to +0 \
            otherwise.", rows: &[
        One { ty: "f", op: "inv", src: &[0x7f00_0000], cr0: RTNE | KEEP_F, want: 0x0040_0000 },
        One { ty: "f", op: "inv", src: &[0x7f00_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "denormal", d: "HF denormal result: inv(2^15) = 2^-15 = HF 0x0200, kept with %cr0 bit 10; flushed (+0) without it, and always under \
            HF-DENORM-FLUSH's literal reading.", rows: &[
        One { ty: "hf", op: "inv", src: &[0x7800], cr0: RTNE | KEEP_HF, want: 0x0200 },
        One { ty: "hf", op: "inv", src: &[0x7800], cr0: RTNE, want: H_ZERO },
        Literal { erratum: errata::HF_DENORM_FLUSH, ty: "hf", op: "inv", src: &[0x7800], cr0: RTNE | KEEP_HF, want: H_ZERO },
    ] },
    Group { g: "rounded", d: "1/3 = 1.010101...b x 2^-2 by long division: F keeps 23 fraction bits 0x2aaaaa and drops 0.1010...b = 2/3 ulp: to nearest and up \
            0x3eaaaaab, down and toward zero 0x3eaaaaaa (exponent 125: 0x3e800000).", rows: &[
        Strict { ty: "f", op: "inv", src: &[0x4040_0000], cr0: RTNE, want: 0x3eaa_aaab },
        Strict { ty: "f", op: "inv", src: &[0x4040_0000], cr0: RU, want: 0x3eaa_aaab },
        Strict { ty: "f", op: "inv", src: &[0x4040_0000], cr0: RD, want: 0x3eaa_aaaa },
        Strict { ty: "f", op: "inv", src: &[0x4040_0000], cr0: RTZ, want: 0x3eaa_aaaa },
    ] },
    Group { g: "rounded", d: "1/3 in HF: 1.0101010101|0101...b x 2^-2 keeps 10 fraction bits 0x155 and drops 1/3 ulp: to nearest 0x3555 (exponent 13: \
            0x3400).", rows: &[
        Strict { ty: "hf", op: "inv", src: &[0x4200], cr0: RTNE, want: 0x3555 },
    ] },
    Group { g: "rounded", d: "1/10 = 1.100110011...b x 2^-4: 23 fraction bits 0x4ccccc, the rest 0.1100...b = 0.8 ulp rounds up to nearest: 0x3dcccccd (exponent \
            123).", rows: &[
        Strict { ty: "f", op: "inv", src: &[0x4120_0000], cr0: RTNE, want: 0x3dcc_cccd },
    ] },
    Group { g: "df", d: "DF: inv(2) = 0.5 (0x3fe0000000000000); 1/3: floor(2^54 / 3) = 0x15555555555555 remainder 1 (1/3 ulp): to nearest 0x3fd5555555555555, up \
            0x3fd5555555555556.", rows: &[
        All { ty: "df", op: "inv", src: &[0x4000_0000_0000_0000], cr0: RTNE, want: 0x3fe0_0000_0000_0000 },
        Strict { ty: "df", op: "inv", src: &[0x4008_0000_0000_0000], cr0: RTNE, want: 0x3fd5_5555_5555_5555 },
        Strict { ty: "df", op: "inv", src: &[0x4008_0000_0000_0000], cr0: RU, want: 0x3fd5_5555_5555_5556 },
    ] },
    Group { g: "modifier", d: "Source modifiers, then the reciprocal: inv((-)2) = -0.5 (0xbf000000); inv((abs)-4) = 0.25 (0x3e800000).", rows: &[
        Typed { op: "inv", dst: "f", src: &[("(-)f", 0x4000_0000)], want: 0xbf00_0000 },
        Typed { op: "inv", dst: "f", src: &[("(abs)f", 0xc080_0000)], want: 0x3e80_0000 },
    ] },
    Group { g: "types", d: "Mixed F/HF type map: an HF source 2 (0x4000) into an F destination: 0.5 = 0x3f000000; an F source 4 into HF: 0.25 = 0x3400.", rows: &[
        Typed { op: "inv", dst: "f", src: &[("hf", 0x4000)], want: 0x3f00_0000 },
        Typed { op: "inv", dst: "hf", src: &[("f", 0x4080_0000)], want: 0x3400 },
    ] },
    Group { g: "sat", d: "Saturation clamps to [0.0, 1.0] after the rounding: inv.sat(0.5) = 2 -> 1.0 (0x3f800000); inv.sat(-2) = -0.5 -> +0.", rows: &[
        One { ty: "f", op: "inv.sat", src: &[0x3f00_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "inv.sat", src: &[0xc000_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "alt", d: "ALT mode (%cr0 bit 0): an infinite F result becomes the largest finite value: inv(+0) = 0x7f7fffff.", rows: &[
        One { ty: "f", op: "inv", src: &[F_ZERO], cr0: RTNE | ALT, want: F_MAX },
    ] },
    Group { g: "forms", d: "The type maps: F/HF or DF; an F destination with a DF source has no map (field dst).", rows: &[
        Invalid { text: "inv (M1, 8) VF(0,0)<1> VDF(0,0)<1;1,0>", field: "dst" },
    ] },
];

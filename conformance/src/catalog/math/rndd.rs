//! RNDD (instructions/RNDD.md): hand-derived rows, each with its derivation. RNDD is
//! `floor`: the greatest integral value not above the source, exact (an F value's floor is
//! an F value, so %cr0's rounding mode never applies); special values as IEEE 754's
//! roundToIntegralTowardNegative (erratum RND-SPECIAL-TABLE).

use visa_model::errata::SAT_NEGATIVE_ZERO;

use super::Unary::*;
use super::{platform_rows, type_rows, unary, Unary};
use super::{ALT, KEEP_F, RD, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rndd", file: "catalog/math/rndd.jsonl", rows: add };

fn add(rows: &mut Rows) {
    unary(rows, ROWS);
    type_rows(rows, "rndd");
    platform_rows(rows, "rndd");
}

#[rustfmt::skip]
const ROWS: &[Unary] = &[
    One { g: "values", op: "rndd", src: ("f", 0x4020_0000), cr0: 0, want: 0x4000_0000, d: "floor(2.5) = 2: 2.5 = 0x40200000, 2.0 = 0x40000000." },
    One { g: "values", op: "rndd", src: ("f", 0xc020_0000), cr0: 0, want: 0xc040_0000, d: "floor(-2.5) = -3: -2.5 = 0xc0200000, -3.0 = 0xc0400000." },
    One { g: "values", op: "rndd", src: ("f", 0xbf00_0000), cr0: 0, want: 0xbf80_0000, d: "floor(-0.5) = -1 (0xbf800000): a negative value above -1 rounds down to \
            -1." },
    One { g: "values", op: "rndd", src: ("f", 0x3f00_0000), cr0: 0, want: 0, d: "floor(0.5) = +0." },
    One { g: "values", op: "rndd", src: ("f", 0x4040_0000), cr0: 0, want: 0x4040_0000, d: "floor(3.0) = 3.0 (0x40400000): integral values are unchanged." },
    One { g: "values", op: "rndd", src: ("f", 0xc080_0000), cr0: 0, want: 0xc080_0000, d: "floor(-4.0) = -4.0 (0xc0800000)." },
    One { g: "values", op: "rndd", src: ("f", 0x4aff_ffff), cr0: 0, want: 0x4aff_fffe, d: "0x4affffff is 8388607.5, the largest F that is not integral (ulp 0.5 in \
            [2^22, 2^23)): floor = 8388607 = 0x4afffffe." },
    One { g: "values", op: "rndd", src: ("f", 0xcaff_ffff), cr0: 0, want: 0xcb00_0000, d: "-8388607.5 (0xcaffffff): floor = -8388608 = -2^23 = 0xcb000000." },
    One { g: "values", op: "rndd", src: ("f", 0x4b00_0000), cr0: 0, want: 0x4b00_0000, d: "2^23 (0x4b000000): from 2^23 on every F is integral (ulp 1), so \
            unchanged." },
    One { g: "values", op: "rndd", src: ("f", 0x7f7f_ffff), cr0: 0, want: 0x7f7f_ffff, d: "The largest finite F (0x7f7fffff) is integral: unchanged." },
    One { g: "values", op: "rndd", src: ("f", 0xff7f_ffff), cr0: 0, want: 0xff7f_ffff, d: "The most negative finite F (0xff7fffff) is integral: unchanged." },
    One { g: "values", op: "rndd", src: ("f", 0x8080_0000), cr0: 0, want: 0xbf80_0000, d: "-2^-126 (0x80800000, the negative normal nearest zero; not a denormal, \
            never flushed): floor = -1." },
    One { g: "special", op: "rndd", src: ("f", 0), cr0: 0, want: 0, d: "floor(+0) = +0 (RND-SPECIAL-TABLE: zeros are returned unchanged)." },
    One { g: "special", op: "rndd", src: ("f", 0x8000_0000), cr0: 0, want: 0x8000_0000, d: "floor(-0) = -0 (0x80000000): the sign of a zero is kept." },
    One { g: "special", op: "rndd", src: ("f", 0x7f80_0000), cr0: 0, want: 0x7f80_0000, d: "floor(+inf) = +inf (0x7f800000)." },
    One { g: "special", op: "rndd", src: ("f", 0xff80_0000), cr0: 0, want: 0xff80_0000, d: "floor(-inf) = -inf (0xff800000)." },
    One { g: "special", op: "rndd", src: ("f", 0x7fc0_0001), cr0: 0, want: 0x7fc0_0001, d: "A quiet NaN (0x7fc00001) is returned as a NaN (any quiet NaN: the rules \
            are missing; IEEE 754 delivers a quiet NaN)." },
    One { g: "special", op: "rndd", src: ("f", 0xff80_0001), cr0: 0, want: 0xffc0_0001, d: "A signalling NaN (0xff800001) gives a quiet NaN: 0xffc00001 with its \
            sign and payload, or any quiet NaN." },
    One { g: "denormals", op: "rndd", src: ("f", 0x8000_0001), cr0: KEEP_F, want: 0xbf80_0000, d: "-2^-149 (0x80000001, the negative denormal nearest zero) with F \
            denormals kept (%cr0 bit 7): floor = -1 (0xbf800000)." },
    One { g: "denormals", op: "rndd", src: ("f", 0x8000_0001), cr0: 0, want: 0x8000_0000, d: "-2^-149 with F denormals flushed (%cr0 = 0): the source is read as \
            -0, floor(-0) = -0 (0x80000000)." },
    One { g: "denormals", op: "rndd", src: ("f", 0x807f_ffff), cr0: KEEP_F, want: 0xbf80_0000, d: "0x807fffff (the largest negative denormal) kept: floor = -1." },
    One { g: "denormals", op: "rndd", src: ("f", 0x807f_ffff), cr0: 0, want: 0x8000_0000, d: "0x807fffff flushed: -0." },
    One { g: "denormals", op: "rndd", src: ("f", 1), cr0: KEEP_F, want: 0, d: "2^-149 (0x00000001) kept: floor = +0." },
    One { g: "denormals", op: "rndd", src: ("f", 1), cr0: 0, want: 0, d: "2^-149 flushed: +0 in, +0 out." },
    One { g: "modes", op: "rndd", src: ("f", 0xc020_0000), cr0: RU, want: 0xc040_0000, d: "floor(-2.5) = -3 in round-up mode too: the floor is exact, %cr0's \
            rounding mode has nothing to round." },
    One { g: "modes", op: "rndd", src: ("f", 0x4020_0000), cr0: RTZ, want: 0x4000_0000, d: "floor(2.5) = 2 toward zero (%cr0 RTZ) as in every mode." },
    One { g: "modes", op: "rndd", src: ("f", 0xbf00_0000), cr0: RD, want: 0xbf80_0000, d: "floor(-0.5) = -1 in round-down mode." },
    One { g: "modes", op: "rndd", src: ("f", 0x7f80_0000), cr0: ALT, want: 0x7f7f_ffff, d: "ALT mode (%cr0 bit 0): an infinite result becomes the largest finite \
            value of its sign (2_datatypes.md, ALT mode): floor(+inf) = +inf -> 0x7f7fffff." },
    One { g: "modes", op: "rndd", src: ("f", 0xff80_0000), cr0: ALT, want: 0xff7f_ffff, d: "ALT mode: floor(-inf) = -inf -> -fmax = 0xff7fffff." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0x3fc0_0000), cr0: 0, want: 0x3f80_0000, d: "floor(1.5) = 1.0 (0x3f800000), within [0, 1]: kept by .sat." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0x4020_0000), cr0: 0, want: 0x3f80_0000, d: "floor(2.5) = 2.0, above 1.0: .sat gives 1.0." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0xbf00_0000), cr0: 0, want: 0, d: "floor(-0.5) = -1, negative: .sat gives +0." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0x3f33_3333), cr0: 0, want: 0, d: "floor(0.7) = +0: .sat keeps +0." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0x7fc0_0000), cr0: 0, want: 0, d: "A NaN result saturates to +0 (2_datatypes.md, Saturation)." },
    One { g: "sat", op: "rndd.sat", src: ("f", 0x7f80_0000), cr0: 0, want: 0x3f80_0000, d: "floor(+inf) = +inf: .sat gives 1.0." },
    Both { g: "sat", op: "rndd.sat", src: ("f", 0x8000_0000), cr0: 0, erratum: SAT_NEGATIVE_ZERO, want: (0, 0x8000_0000), d: "floor(-0) = -0 under .sat: resolved \
            +0, literal (SAT-NEGATIVE-ZERO) -0 stays." },
    One { g: "modifiers", op: "rndd", src: ("(-)f", 0x3f00_0000), cr0: 0, want: 0xbf80_0000, d: "(-)0.5 = -0.5: floor = -1." },
    One { g: "modifiers", op: "rndd", src: ("(abs)f", 0xc020_0000), cr0: 0, want: 0x4000_0000, d: "(abs)-2.5 = 2.5: floor = 2." },
    One { g: "modifiers", op: "rndd", src: ("(-abs)f", 0x4020_0000), cr0: 0, want: 0xc040_0000, d: "(-abs)2.5 = -2.5: floor = -3." },
    One { g: "modifiers", op: "rndd", src: ("(-)f", 0), cr0: 0, want: 0x8000_0000, d: "(-)+0 = -0: floor = -0." },
];

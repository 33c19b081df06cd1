//! RNDU (instructions/RNDU.md): hand-derived rows, each with its derivation. RNDU is `ceil`:
//! the least integral value not below the source, exact; special values as IEEE 754's
//! roundToIntegralTowardPositive (erratum RND-SPECIAL-TABLE).

use visa_model::errata::SAT_NEGATIVE_ZERO;

use super::Unary::*;
use super::{platform_rows, type_rows, unary, Unary};
use super::{KEEP_F, RD};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rndu", file: "catalog/math/rndu.jsonl", rows: add };

fn add(rows: &mut Rows) {
    unary(rows, ROWS);
    type_rows(rows, "rndu");
    platform_rows(rows, "rndu");
}

#[rustfmt::skip]
const ROWS: &[Unary] = &[
    One { g: "values", op: "rndu", src: ("f", 0x4020_0000), cr0: 0, want: 0x4040_0000, d: "ceil(2.5) = 3: 2.5 = 0x40200000, 3.0 = 0x40400000." },
    One { g: "values", op: "rndu", src: ("f", 0xc020_0000), cr0: 0, want: 0xc000_0000, d: "ceil(-2.5) = -2 (0xc0000000)." },
    One { g: "values", op: "rndu", src: ("f", 0xbf00_0000), cr0: 0, want: 0x8000_0000, d: "ceil(-0.5) = -0 (0x80000000): a negative value above -1 rounds up to a \
            zero of its sign." },
    One { g: "values", op: "rndu", src: ("f", 0x3f00_0000), cr0: 0, want: 0x3f80_0000, d: "ceil(0.5) = 1.0 (0x3f800000)." },
    One { g: "values", op: "rndu", src: ("f", 0xc080_0000), cr0: 0, want: 0xc080_0000, d: "ceil(-4.0) = -4.0: integral values are unchanged." },
    One { g: "values", op: "rndu", src: ("f", 0x4aff_ffff), cr0: 0, want: 0x4b00_0000, d: "8388607.5 (0x4affffff, the largest non-integral F): ceil = 8388608 = \
            2^23 = 0x4b000000." },
    One { g: "values", op: "rndu", src: ("f", 0xcaff_ffff), cr0: 0, want: 0xcaff_fffe, d: "-8388607.5 (0xcaffffff): ceil = -8388607 = 0xcafffffe." },
    One { g: "values", op: "rndu", src: ("f", 0x4b7f_ffff), cr0: 0, want: 0x4b7f_ffff, d: "16777215 (0x4b7fffff) is integral: unchanged." },
    One { g: "values", op: "rndu", src: ("f", 0x7f7f_ffff), cr0: 0, want: 0x7f7f_ffff, d: "The largest finite F is integral: unchanged (no overflow)." },
    One { g: "special", op: "rndu", src: ("f", 0), cr0: 0, want: 0, d: "ceil(+0) = +0." },
    One { g: "special", op: "rndu", src: ("f", 0x8000_0000), cr0: 0, want: 0x8000_0000, d: "ceil(-0) = -0." },
    One { g: "special", op: "rndu", src: ("f", 0x7f80_0000), cr0: 0, want: 0x7f80_0000, d: "ceil(+inf) = +inf." },
    One { g: "special", op: "rndu", src: ("f", 0xff80_0000), cr0: 0, want: 0xff80_0000, d: "ceil(-inf) = -inf." },
    One { g: "special", op: "rndu", src: ("f", 0x7f80_0001), cr0: 0, want: 0x7fc0_0001, d: "A signalling NaN (0x7f800001) gives a quiet NaN (0x7fc00001, or any \
            quiet NaN)." },
    One { g: "denormals", op: "rndu", src: ("f", 1), cr0: KEEP_F, want: 0x3f80_0000, d: "2^-149 (0x00000001) with F denormals kept: ceil = 1.0 (0x3f800000)." },
    One { g: "denormals", op: "rndu", src: ("f", 1), cr0: 0, want: 0, d: "2^-149 with F denormals flushed: the source is +0, ceil = +0." },
    One { g: "denormals", op: "rndu", src: ("f", 0x8000_0001), cr0: KEEP_F, want: 0x8000_0000, d: "-2^-149 (0x80000001) kept: ceil = -0." },
    One { g: "denormals", op: "rndu", src: ("f", 0x8000_0001), cr0: 0, want: 0x8000_0000, d: "-2^-149 flushed: read as -0, ceil = -0." },
    One { g: "denormals", op: "rndu", src: ("f", 0x007f_ffff), cr0: KEEP_F, want: 0x3f80_0000, d: "0x007fffff (the largest denormal) kept: ceil = 1.0." },
    One { g: "modes", op: "rndu", src: ("f", 0x4020_0000), cr0: RD, want: 0x4040_0000, d: "ceil(2.5) = 3 in round-down mode: nothing to round." },
    One { g: "sat", op: "rndu.sat", src: ("f", 0x3e99_999a), cr0: 0, want: 0x3f80_0000, d: "ceil(0.3) = 1.0: kept by .sat." },
    One { g: "sat", op: "rndu.sat", src: ("f", 0x3fc0_0000), cr0: 0, want: 0x3f80_0000, d: "ceil(1.5) = 2.0: .sat gives 1.0." },
    One { g: "sat", op: "rndu.sat", src: ("f", 0xbfc0_0000), cr0: 0, want: 0, d: "ceil(-1.5) = -1: .sat gives +0." },
    Both { g: "sat", op: "rndu.sat", src: ("f", 0xbf00_0000), cr0: 0, erratum: SAT_NEGATIVE_ZERO, want: (0, 0x8000_0000), d: "ceil(-0.5) = -0 under .sat: resolved \
            +0, literal (SAT-NEGATIVE-ZERO) -0." },
    One { g: "modifiers", op: "rndu", src: ("(-)f", 0x4020_0000), cr0: 0, want: 0xc000_0000, d: "(-)2.5 = -2.5: ceil = -2." },
    One { g: "modifiers", op: "rndu", src: ("(abs)f", 0xbf00_0000), cr0: 0, want: 0x3f80_0000, d: "(abs)-0.5 = 0.5: ceil = 1." },
];

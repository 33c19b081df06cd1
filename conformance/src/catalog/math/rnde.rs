//! RNDE (instructions/RNDE.md): hand-derived rows, each with its derivation. The loop rounds
//! to the nearest integral value and a tie (fraction exactly 0.5) to the even one; special
//! values as IEEE 754's roundToIntegralTiesToEven (erratum RND-SPECIAL-TABLE). Errata
//! RNDE-DOWNWARD (the Description's "downward rounding") and RND-ZERO-SIGN (the sign of the
//! `floor + 1` zero) have rows under both readings.

use visa_model::errata::{RNDE_DOWNWARD, RND_ZERO_SIGN, SAT_NEGATIVE_ZERO};

use super::Unary::*;
use super::{platform_rows, type_rows, unary, Unary};
use super::{KEEP_F, RD, RU};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rnde", file: "catalog/math/rnde.jsonl", rows: add };

fn add(rows: &mut Rows) {
    unary(rows, ROWS);
    type_rows(rows, "rnde");
    platform_rows(rows, "rnde");
}

#[rustfmt::skip]
const ROWS: &[Unary] = &[
    One { g: "halves", op: "rnde", src: ("f", 0x4020_0000), cr0: 0, want: 0x4000_0000, d: "2.5: floor 2, fraction 0.5 (a tie), 2 is even: 2.0 (0x40000000)." },
    One { g: "halves", op: "rnde", src: ("f", 0x4060_0000), cr0: 0, want: 0x4080_0000, d: "3.5: floor 3, fraction 0.5, 3 is odd: 3 + 1 = 4.0 (0x40800000)." },
    One { g: "halves", op: "rnde", src: ("f", 0x3fc0_0000), cr0: 0, want: 0x4000_0000, d: "1.5: floor 1 (odd): 2.0." },
    One { g: "halves", op: "rnde", src: ("f", 0x3f00_0000), cr0: 0, want: 0, d: "0.5: floor 0 (even): +0." },
    One { g: "halves", op: "rnde", src: ("f", 0xbfc0_0000), cr0: 0, want: 0xc000_0000, d: "-1.5: floor -2, fraction 0.5, -2 is even: -2.0 (0xc0000000)." },
    One { g: "halves", op: "rnde", src: ("f", 0xc020_0000), cr0: 0, want: 0xc000_0000, d: "-2.5: floor -3 (odd): -3 + 1 = -2.0." },
    One { g: "halves", op: "rnde", src: ("f", 0x4aff_ffff), cr0: 0, want: 0x4b00_0000, d: "8388607.5 (0x4affffff): floor 8388607 is odd: 8388608 = 0x4b000000." },
    One { g: "halves", op: "rnde", src: ("f", 0x4aff_fffd), cr0: 0, want: 0x4aff_fffc, d: "8388606.5 (0x4afffffd): floor 8388606 is even: 8388606 = 0x4afffffc." },
    One { g: "halves", op: "rnde", src: ("f", 0xcaff_ffff), cr0: 0, want: 0xcb00_0000, d: "-8388607.5 (0xcaffffff): floor -8388608 is even: -8388608 = \
            0xcb000000." },
    One { g: "values", op: "rnde", src: ("f", 0x3eff_ffff), cr0: 0, want: 0, d: "0.49999997 (0x3effffff, just below 0.5): fraction < 0.5: +0." },
    One { g: "values", op: "rnde", src: ("f", 0x3f00_0001), cr0: 0, want: 0x3f80_0000, d: "0.50000006 (0x3f000001, just above 0.5): fraction > 0.5: 1.0." },
    One { g: "values", op: "rnde", src: ("f", 0x402c_cccd), cr0: 0, want: 0x4040_0000, d: "2.7 (0x402ccccd): fraction 0.7 > 0.5: 3.0." },
    One { g: "values", op: "rnde", src: ("f", 0xbf33_3333), cr0: 0, want: 0xbf80_0000, d: "-0.7 (0xbf333333): floor -1, fraction 0.3 < 0.5: -1.0." },
    One { g: "values", op: "rnde", src: ("f", 0x4b7f_ffff), cr0: 0, want: 0x4b7f_ffff, d: "2^23 and above are integral: 16777215 (0x4b7fffff) unchanged." },
    One { g: "values", op: "rnde", src: ("f", 0x7f7f_ffff), cr0: 0, want: 0x7f7f_ffff, d: "The largest finite F is integral: unchanged." },
    One { g: "special", op: "rnde", src: ("f", 0), cr0: 0, want: 0, d: "+0 -> +0." },
    One { g: "special", op: "rnde", src: ("f", 0x8000_0000), cr0: 0, want: 0x8000_0000, d: "-0: floor -0, fraction +0 < 0.5: -0." },
    One { g: "special", op: "rnde", src: ("f", 0x7f80_0000), cr0: 0, want: 0x7f80_0000, d: "+inf: the fraction inf - inf is a NaN, every comparison is false and \
            floor(inf) is not odd: +inf." },
    One { g: "special", op: "rnde", src: ("f", 0xff80_0000), cr0: 0, want: 0xff80_0000, d: "-inf -> -inf." },
    One { g: "special", op: "rnde", src: ("f", 0xffc0_0123), cr0: 0, want: 0xffc0_0123, d: "A quiet NaN with a payload (0xffc00123) stays a quiet NaN." },
    Both { g: "zero-sign", op: "rnde", src: ("f", 0xbf00_0000), cr0: 0, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-0.5: floor -1, fraction 0.5, -1 is \
            odd: floor + 1 = -1 + 1. Resolved (RND-ZERO-SIGN): the zero takes the source's sign, -0; literal: IEEE's exact zero sum +0." },
    Both { g: "zero-sign", op: "rnde", src: ("f", 0xbe99_999a), cr0: 0, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-0.3 (0xbe99999a): floor -1, fraction \
            0.7 > 0.5: -1 + 1. Resolved -0, literal +0." },
    Both { g: "zero-sign", op: "rnde", src: ("f", 0xbe99_999a), cr0: RD, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0x8000_0000),
            d: "-0.3 in round-down mode: -1 + 1 is -0 under IEEE 754's round-down zero-sum rule, so both readings give -0." },
    Both { g: "zero-sign", op: "rnde", src: ("f", 0x8000_0001), cr0: KEEP_F, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-2^-149 (0x80000001) with F \
            denormals kept: floor -1, fraction 1 - 2^-149 > 0.5: -1 + 1. Resolved -0, literal +0." },
    One { g: "denormals", op: "rnde", src: ("f", 0x8000_0001), cr0: 0, want: 0x8000_0000, d: "-2^-149 with F denormals flushed: read as -0: -0 (under either \
            reading of RND-ZERO-SIGN: no sum is taken)." },
    One { g: "denormals", op: "rnde", src: ("f", 1), cr0: KEEP_F, want: 0, d: "2^-149 kept: fraction < 0.5: +0." },
    One { g: "modes", op: "rnde", src: ("f", 0x4020_0000), cr0: RU, want: 0x4000_0000, d: "2.5 in round-up mode: still 2 (the tie goes to even whatever %cr0 says; \
            nothing is rounded)." },
    Both { g: "downward", op: "rnde", src: ("f", 0x4060_0000), cr0: 0, erratum: RNDE_DOWNWARD, want: (0x4080_0000, 0x4040_0000),
            d: "3.5: resolved to nearest even 4.0 (0x40800000); literal (the Description's downward rounding) floor = 3.0 (0x40400000)." },
    Both { g: "downward", op: "rnde", src: ("f", 0x402c_cccd), cr0: 0, erratum: RNDE_DOWNWARD, want: (0x4040_0000, 0x4000_0000),
            d: "2.7: resolved 3.0; literal floor 2.0." },
    Both { g: "downward", op: "rnde", src: ("f", 0xbf00_0000), cr0: 0, erratum: RNDE_DOWNWARD, want: (0x8000_0000, 0xbf80_0000),
            d: "-0.5: resolved -0; literal floor -1.0 (0xbf800000)." },
    Both { g: "downward", op: "rnde", src: ("f", 0x4020_0000), cr0: 0, erratum: RNDE_DOWNWARD, want: (0x4000_0000, 0x4000_0000),
            d: "2.5: both readings give 2.0 (the tie's even neighbour is the floor)." },
    One { g: "sat", op: "rnde.sat", src: ("f", 0x3f33_3333), cr0: 0, want: 0x3f80_0000, d: "0.7 rounds to 1.0: kept by .sat." },
    One { g: "sat", op: "rnde.sat", src: ("f", 0x3fc0_0000), cr0: 0, want: 0x3f80_0000, d: "1.5 rounds to 2.0: .sat gives 1.0." },
    One { g: "sat", op: "rnde.sat", src: ("f", 0xbf33_3333), cr0: 0, want: 0, d: "-0.7 rounds to -1: .sat gives +0." },
    Both { g: "sat", op: "rnde.sat", src: ("f", 0x8000_0000), cr0: 0, erratum: SAT_NEGATIVE_ZERO, want: (0, 0x8000_0000), d: "-0 under .sat: resolved +0, literal \
            (SAT-NEGATIVE-ZERO) -0." },
    One { g: "modifiers", op: "rnde", src: ("(-)f", 0x4020_0000), cr0: 0, want: 0xc000_0000, d: "(-)2.5 = -2.5: -2.0." },
    One { g: "modifiers", op: "rnde", src: ("(abs)f", 0xc060_0000), cr0: 0, want: 0x4080_0000, d: "(abs)-3.5 = 3.5: 4.0." },
];

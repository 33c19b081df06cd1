//! RNDZ (instructions/RNDZ.md): hand-derived rows, each with its derivation. The loop takes
//! the floor and adds 1 where that moved away from zero; special values as IEEE 754's
//! roundToIntegralTowardZero (erratum RND-SPECIAL-TABLE); RND-ZERO-SIGN (the sign of the
//! `floor + 1` zero) has rows under both readings.

use visa_model::errata::{RND_ZERO_SIGN, SAT_NEGATIVE_ZERO};

use super::Unary::*;
use super::{platform_rows, type_rows, unary, Unary};
use super::{KEEP_F, RD, RU};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rndz", file: "catalog/math/rndz.jsonl", rows: add };

fn add(rows: &mut Rows) {
    unary(rows, ROWS);
    type_rows(rows, "rndz");
    platform_rows(rows, "rndz");
}

#[rustfmt::skip]
const ROWS: &[Unary] = &[
    One { g: "values", op: "rndz", src: ("f", 0x402c_cccd), cr0: 0, want: 0x4000_0000, d: "2.7 (0x402ccccd): floor 2, |2.7| < |2| is false: 2.0." },
    One { g: "values", op: "rndz", src: ("f", 0xc02c_cccd), cr0: 0, want: 0xc000_0000, d: "-2.7 (0xc02ccccd): floor -3, |-2.7| < 3: -3 + 1 = -2.0 (0xc0000000)." },
    One { g: "values", op: "rndz", src: ("f", 0xc020_0000), cr0: 0, want: 0xc000_0000, d: "-2.5: floor -3: -2.0." },
    One { g: "values", op: "rndz", src: ("f", 0x3e99_999a), cr0: 0, want: 0, d: "0.3 (0x3e99999a): floor +0: +0." },
    One { g: "values", op: "rndz", src: ("f", 0xbf80_0000), cr0: 0, want: 0xbf80_0000, d: "-1.0: floor -1, |-1| < |-1| is false: -1.0." },
    One { g: "values", op: "rndz", src: ("f", 0x4aff_ffff), cr0: 0, want: 0x4aff_fffe, d: "8388607.5 (0x4affffff): 8388607 = 0x4afffffe." },
    One { g: "values", op: "rndz", src: ("f", 0xcaff_ffff), cr0: 0, want: 0xcaff_fffe, d: "-8388607.5 (0xcaffffff): floor -8388608, +1: -8388607 = 0xcafffffe." },
    One { g: "values", op: "rndz", src: ("f", 0xff7f_ffff), cr0: 0, want: 0xff7f_ffff, d: "The most negative finite F is integral: unchanged." },
    One { g: "special", op: "rndz", src: ("f", 0), cr0: 0, want: 0, d: "+0 -> +0." },
    One { g: "special", op: "rndz", src: ("f", 0x8000_0000), cr0: 0, want: 0x8000_0000, d: "-0: floor -0, |-0| < |-0| is false: -0." },
    One { g: "special", op: "rndz", src: ("f", 0x7f80_0000), cr0: 0, want: 0x7f80_0000, d: "+inf -> +inf." },
    One { g: "special", op: "rndz", src: ("f", 0xff80_0000), cr0: 0, want: 0xff80_0000, d: "-inf: floor -inf, |-inf| < |-inf| is false: -inf." },
    One { g: "special", op: "rndz", src: ("f", 0xff80_0001), cr0: 0, want: 0xffc0_0001, d: "A signalling NaN (0xff800001) gives a quiet NaN (0xffc00001, or any \
            quiet NaN)." },
    Both { g: "zero-sign", op: "rndz", src: ("f", 0xbe99_999a), cr0: 0, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-0.3: floor -1, |-0.3| < 1: -1 + 1. \
            Resolved (RND-ZERO-SIGN) -0; literal IEEE's zero sum +0." },
    Both { g: "zero-sign", op: "rndz", src: ("f", 0xbf7f_ffff), cr0: 0, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-0.99999994 (0xbf7fffff): -1 + 1. \
            Resolved -0, literal +0." },
    Both { g: "zero-sign", op: "rndz", src: ("f", 0xbe99_999a), cr0: RD, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0x8000_0000),
            d: "-0.3 in round-down mode: -1 + 1 = -0 under IEEE's round-down rule: -0 under both readings." },
    Both { g: "zero-sign", op: "rndz", src: ("f", 0x8000_0001), cr0: KEEP_F, erratum: RND_ZERO_SIGN, want: (0x8000_0000, 0), d: "-2^-149 (0x80000001) with F \
            denormals kept: floor -1, -1 + 1. Resolved -0, literal +0." },
    One { g: "denormals", op: "rndz", src: ("f", 0x8000_0001), cr0: 0, want: 0x8000_0000, d: "-2^-149 with F denormals flushed: read as -0: -0." },
    One { g: "denormals", op: "rndz", src: ("f", 0x007f_ffff), cr0: KEEP_F, want: 0, d: "0x007fffff kept: floor +0: +0." },
    One { g: "modes", op: "rndz", src: ("f", 0xc02c_cccd), cr0: RU, want: 0xc000_0000, d: "-2.7 in round-up mode: -2 (exact, no rounding)." },
    One { g: "sat", op: "rndz.sat", src: ("f", 0x3ff3_3333), cr0: 0, want: 0x3f80_0000, d: "1.9 (0x3ff33333) -> 1.0: kept by .sat." },
    One { g: "sat", op: "rndz.sat", src: ("f", 0x402c_cccd), cr0: 0, want: 0x3f80_0000, d: "2.7 -> 2.0: .sat gives 1.0." },
    One { g: "sat", op: "rndz.sat", src: ("f", 0xc02c_cccd), cr0: 0, want: 0, d: "-2.7 -> -2: .sat gives +0." },
    Both { g: "sat", op: "rndz.sat", src: ("f", 0x8000_0000), cr0: 0, erratum: SAT_NEGATIVE_ZERO, want: (0, 0x8000_0000), d: "-0 under .sat: resolved +0, literal \
            (SAT-NEGATIVE-ZERO) -0." },
    One { g: "modifiers", op: "rndz", src: ("(-)f", 0x402c_cccd), cr0: 0, want: 0xc000_0000, d: "(-)2.7 = -2.7: -2.0." },
    One { g: "modifiers", op: "rndz", src: ("(-abs)f", 0x402c_cccd), cr0: 0, want: 0xc000_0000, d: "(-abs)2.7 = -2.7: -2.0." },
];

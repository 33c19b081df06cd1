//! RNDZ (instructions/RNDZ.md): hand-derived rows, each with its derivation. The loop takes
//! the floor and adds 1 where that moved away from zero; special values as IEEE 754's
//! roundToIntegralTowardZero (erratum RND-SPECIAL-TABLE); RND-ZERO-SIGN (the sign of the
//! `floor + 1` zero) has rows under both readings.

use visa_spec::errata::{RND_ZERO_SIGN, SAT_NEGATIVE_ZERO};

use super::{platform_rows, type_rows};
use crate::catalog::alu::{both, both_cr0, one, one_cr0, KEEP_F, RD, RU};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "rndz",
    file: "catalog/math/rndz.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let f = |rows: &mut Rows, group: &str, d: &str, src: u64, expected: u64| {
        one(rows, group, d, "rndz", "f", &[("f", src)], expected);
    };
    f(
        rows,
        "values",
        "2.7 (0x402ccccd): floor 2, |2.7| < |2| is false: 2.0.",
        0x402c_cccd,
        0x4000_0000,
    );
    f(
        rows,
        "values",
        "-2.7 (0xc02ccccd): floor -3, |-2.7| < 3: -3 + 1 = -2.0 (0xc0000000).",
        0xc02c_cccd,
        0xc000_0000,
    );
    f(
        rows,
        "values",
        "-2.5: floor -3: -2.0.",
        0xc020_0000,
        0xc000_0000,
    );
    f(
        rows,
        "values",
        "0.3 (0x3e99999a): floor +0: +0.",
        0x3e99_999a,
        0,
    );
    f(
        rows,
        "values",
        "-1.0: floor -1, |-1| < |-1| is false: -1.0.",
        0xbf80_0000,
        0xbf80_0000,
    );
    f(
        rows,
        "values",
        "8388607.5 (0x4affffff): 8388607 = 0x4afffffe.",
        0x4aff_ffff,
        0x4aff_fffe,
    );
    f(
        rows,
        "values",
        "-8388607.5 (0xcaffffff): floor -8388608, +1: -8388607 = 0xcafffffe.",
        0xcaff_ffff,
        0xcaff_fffe,
    );
    f(
        rows,
        "values",
        "The most negative finite F is integral: unchanged.",
        0xff7f_ffff,
        0xff7f_ffff,
    );
    f(rows, "special", "+0 -> +0.", 0, 0);
    f(
        rows,
        "special",
        "-0: floor -0, |-0| < |-0| is false: -0.",
        0x8000_0000,
        0x8000_0000,
    );
    f(rows, "special", "+inf -> +inf.", 0x7f80_0000, 0x7f80_0000);
    f(
        rows,
        "special",
        "-inf: floor -inf, |-inf| < |-inf| is false: -inf.",
        0xff80_0000,
        0xff80_0000,
    );
    f(
        rows,
        "special",
        "A signalling NaN (0xff800001) gives a quiet NaN (0xffc00001, or any quiet NaN).",
        0xff80_0001,
        0xffc0_0001,
    );
    let zero = |rows: &mut Rows, d: &str, src: u64, cr0: u32, literal: u64| {
        both_cr0(
            rows,
            "zero-sign",
            d,
            RND_ZERO_SIGN,
            "rndz",
            "f",
            &[("f", src)],
            cr0,
            0x8000_0000,
            literal,
        );
    };
    zero(rows, "-0.3: floor -1, |-0.3| < 1: -1 + 1. Resolved (RND-ZERO-SIGN) -0; literal IEEE's zero sum +0.", 0xbe99_999a, 0, 0);
    zero(
        rows,
        "-0.99999994 (0xbf7fffff): -1 + 1. Resolved -0, literal +0.",
        0xbf7f_ffff,
        0,
        0,
    );
    zero(rows, "-0.3 in round-down mode: -1 + 1 = -0 under IEEE's round-down rule: -0 under both readings.", 0xbe99_999a, RD, 0x8000_0000);
    zero(
        rows,
        "-2^-149 (0x80000001) with F denormals kept: floor -1, -1 + 1. Resolved -0, literal +0.",
        0x8000_0001,
        KEEP_F,
        0,
    );
    one_cr0(
        rows,
        "denormals",
        "-2^-149 with F denormals flushed: read as -0: -0.",
        "rndz",
        "f",
        &[("f", 0x8000_0001)],
        0,
        0x8000_0000,
    );
    one_cr0(
        rows,
        "denormals",
        "0x007fffff kept: floor +0: +0.",
        "rndz",
        "f",
        &[("f", 0x007f_ffff)],
        KEEP_F,
        0,
    );
    one_cr0(
        rows,
        "modes",
        "-2.7 in round-up mode: -2 (exact, no rounding).",
        "rndz",
        "f",
        &[("f", 0xc02c_cccd)],
        RU,
        0xc000_0000,
    );
    let sat = |rows: &mut Rows, d: &str, src: u64, expected: u64| {
        one(rows, "sat", d, "rndz.sat", "f", &[("f", src)], expected);
    };
    sat(
        rows,
        "1.9 (0x3ff33333) -> 1.0: kept by .sat.",
        0x3ff3_3333,
        0x3f80_0000,
    );
    sat(
        rows,
        "2.7 -> 2.0: .sat gives 1.0.",
        0x402c_cccd,
        0x3f80_0000,
    );
    sat(rows, "-2.7 -> -2: .sat gives +0.", 0xc02c_cccd, 0);
    both(
        rows,
        "sat",
        "-0 under .sat: resolved +0, literal (SAT-NEGATIVE-ZERO) -0.",
        SAT_NEGATIVE_ZERO,
        "rndz.sat",
        "f",
        &[("f", 0x8000_0000)],
        0,
        0x8000_0000,
    );
    one(
        rows,
        "modifiers",
        "(-)2.7 = -2.7: -2.0.",
        "rndz",
        "f",
        &[("(-)f", 0x402c_cccd)],
        0xc000_0000,
    );
    one(
        rows,
        "modifiers",
        "(-abs)2.7 = -2.7: -2.0.",
        "rndz",
        "f",
        &[("(-abs)f", 0x402c_cccd)],
        0xc000_0000,
    );
    type_rows(rows, "rndz");
    platform_rows(rows, "rndz");
}

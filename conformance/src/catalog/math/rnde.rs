//! RNDE (instructions/RNDE.md): hand-derived rows, each with its derivation. The loop rounds
//! to the nearest integral value and a tie (fraction exactly 0.5) to the even one; special
//! values as IEEE 754's roundToIntegralTiesToEven (erratum RND-SPECIAL-TABLE). Errata
//! RNDE-DOWNWARD (the Description's "downward rounding") and RND-ZERO-SIGN (the sign of the
//! `floor + 1` zero) have rows under both readings.

use visa_spec::errata::{RNDE_DOWNWARD, RND_ZERO_SIGN, SAT_NEGATIVE_ZERO};

use super::{platform_rows, type_rows};
use crate::catalog::alu::{both, both_cr0, one, one_cr0, KEEP_F, RD, RU};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "rnde",
    file: "catalog/math/rnde.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let f = |rows: &mut Rows, group: &str, d: &str, src: u64, expected: u64| {
        one(rows, group, d, "rnde", "f", &[("f", src)], expected);
    };
    f(
        rows,
        "halves",
        "2.5: floor 2, fraction 0.5 (a tie), 2 is even: 2.0 (0x40000000).",
        0x4020_0000,
        0x4000_0000,
    );
    f(
        rows,
        "halves",
        "3.5: floor 3, fraction 0.5, 3 is odd: 3 + 1 = 4.0 (0x40800000).",
        0x4060_0000,
        0x4080_0000,
    );
    f(
        rows,
        "halves",
        "1.5: floor 1 (odd): 2.0.",
        0x3fc0_0000,
        0x4000_0000,
    );
    f(rows, "halves", "0.5: floor 0 (even): +0.", 0x3f00_0000, 0);
    f(
        rows,
        "halves",
        "-1.5: floor -2, fraction 0.5, -2 is even: -2.0 (0xc0000000).",
        0xbfc0_0000,
        0xc000_0000,
    );
    f(
        rows,
        "halves",
        "-2.5: floor -3 (odd): -3 + 1 = -2.0.",
        0xc020_0000,
        0xc000_0000,
    );
    f(
        rows,
        "halves",
        "8388607.5 (0x4affffff): floor 8388607 is odd: 8388608 = 0x4b000000.",
        0x4aff_ffff,
        0x4b00_0000,
    );
    f(
        rows,
        "halves",
        "8388606.5 (0x4afffffd): floor 8388606 is even: 8388606 = 0x4afffffc.",
        0x4aff_fffd,
        0x4aff_fffc,
    );
    f(
        rows,
        "halves",
        "-8388607.5 (0xcaffffff): floor -8388608 is even: -8388608 = 0xcb000000.",
        0xcaff_ffff,
        0xcb00_0000,
    );
    f(
        rows,
        "values",
        "0.49999997 (0x3effffff, just below 0.5): fraction < 0.5: +0.",
        0x3eff_ffff,
        0,
    );
    f(
        rows,
        "values",
        "0.50000006 (0x3f000001, just above 0.5): fraction > 0.5: 1.0.",
        0x3f00_0001,
        0x3f80_0000,
    );
    f(
        rows,
        "values",
        "2.7 (0x402ccccd): fraction 0.7 > 0.5: 3.0.",
        0x402c_cccd,
        0x4040_0000,
    );
    f(
        rows,
        "values",
        "-0.7 (0xbf333333): floor -1, fraction 0.3 < 0.5: -1.0.",
        0xbf33_3333,
        0xbf80_0000,
    );
    f(
        rows,
        "values",
        "2^23 and above are integral: 16777215 (0x4b7fffff) unchanged.",
        0x4b7f_ffff,
        0x4b7f_ffff,
    );
    f(
        rows,
        "values",
        "The largest finite F is integral: unchanged.",
        0x7f7f_ffff,
        0x7f7f_ffff,
    );
    f(rows, "special", "+0 -> +0.", 0, 0);
    f(
        rows,
        "special",
        "-0: floor -0, fraction +0 < 0.5: -0.",
        0x8000_0000,
        0x8000_0000,
    );
    f(rows, "special", "+inf: the fraction inf - inf is a NaN, every comparison is false and floor(inf) is not odd: +inf.", 0x7f80_0000, 0x7f80_0000);
    f(rows, "special", "-inf -> -inf.", 0xff80_0000, 0xff80_0000);
    f(
        rows,
        "special",
        "A quiet NaN with a payload (0xffc00123) stays a quiet NaN.",
        0xffc0_0123,
        0xffc0_0123,
    );
    let zero = |rows: &mut Rows, group: &str, d: &str, src: u64, cr0: u32, literal: u64| {
        both_cr0(
            rows,
            group,
            d,
            RND_ZERO_SIGN,
            "rnde",
            "f",
            &[("f", src)],
            cr0,
            0x8000_0000,
            literal,
        );
    };
    zero(rows, "zero-sign", "-0.5: floor -1, fraction 0.5, -1 is odd: floor + 1 = -1 + 1. Resolved (RND-ZERO-SIGN): the zero takes the source's sign, -0; literal: IEEE's exact zero sum +0.", 0xbf00_0000, 0, 0);
    zero(
        rows,
        "zero-sign",
        "-0.3 (0xbe99999a): floor -1, fraction 0.7 > 0.5: -1 + 1. Resolved -0, literal +0.",
        0xbe99_999a,
        0,
        0,
    );
    zero(rows, "zero-sign", "-0.3 in round-down mode: -1 + 1 is -0 under IEEE 754's round-down zero-sum rule, so both readings give -0.", 0xbe99_999a, RD, 0x8000_0000);
    zero(rows, "zero-sign", "-2^-149 (0x80000001) with F denormals kept: floor -1, fraction 1 - 2^-149 > 0.5: -1 + 1. Resolved -0, literal +0.", 0x8000_0001, KEEP_F, 0);
    one_cr0(rows, "denormals", "-2^-149 with F denormals flushed: read as -0: -0 (under either reading of RND-ZERO-SIGN: no sum is taken).", "rnde", "f", &[("f", 0x8000_0001)], 0, 0x8000_0000);
    one_cr0(
        rows,
        "denormals",
        "2^-149 kept: fraction < 0.5: +0.",
        "rnde",
        "f",
        &[("f", 1)],
        KEEP_F,
        0,
    );
    one_cr0(rows, "modes", "2.5 in round-up mode: still 2 (the tie goes to even whatever %cr0 says; nothing is rounded).", "rnde", "f", &[("f", 0x4020_0000)], RU, 0x4000_0000);
    let down = |rows: &mut Rows, d: &str, src: u64, resolved: u64, literal: u64| {
        both(
            rows,
            "downward",
            d,
            RNDE_DOWNWARD,
            "rnde",
            "f",
            &[("f", src)],
            resolved,
            literal,
        );
    };
    down(rows, "3.5: resolved to nearest even 4.0 (0x40800000); literal (the Description's downward rounding) floor = 3.0 (0x40400000).", 0x4060_0000, 0x4080_0000, 0x4040_0000);
    down(
        rows,
        "2.7: resolved 3.0; literal floor 2.0.",
        0x402c_cccd,
        0x4040_0000,
        0x4000_0000,
    );
    down(
        rows,
        "-0.5: resolved -0; literal floor -1.0 (0xbf800000).",
        0xbf00_0000,
        0x8000_0000,
        0xbf80_0000,
    );
    down(
        rows,
        "2.5: both readings give 2.0 (the tie's even neighbour is the floor).",
        0x4020_0000,
        0x4000_0000,
        0x4000_0000,
    );
    let sat = |rows: &mut Rows, d: &str, src: u64, expected: u64| {
        one(rows, "sat", d, "rnde.sat", "f", &[("f", src)], expected);
    };
    sat(
        rows,
        "0.7 rounds to 1.0: kept by .sat.",
        0x3f33_3333,
        0x3f80_0000,
    );
    sat(
        rows,
        "1.5 rounds to 2.0: .sat gives 1.0.",
        0x3fc0_0000,
        0x3f80_0000,
    );
    sat(rows, "-0.7 rounds to -1: .sat gives +0.", 0xbf33_3333, 0);
    both(
        rows,
        "sat",
        "-0 under .sat: resolved +0, literal (SAT-NEGATIVE-ZERO) -0.",
        SAT_NEGATIVE_ZERO,
        "rnde.sat",
        "f",
        &[("f", 0x8000_0000)],
        0,
        0x8000_0000,
    );
    one(
        rows,
        "modifiers",
        "(-)2.5 = -2.5: -2.0.",
        "rnde",
        "f",
        &[("(-)f", 0x4020_0000)],
        0xc000_0000,
    );
    one(
        rows,
        "modifiers",
        "(abs)-3.5 = 3.5: 4.0.",
        "rnde",
        "f",
        &[("(abs)f", 0xc060_0000)],
        0x4080_0000,
    );
    type_rows(rows, "rnde");
    platform_rows(rows, "rnde");
}

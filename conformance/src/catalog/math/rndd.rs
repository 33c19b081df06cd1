//! RNDD (instructions/RNDD.md): hand-derived rows, each with its derivation. RNDD is
//! `floor`: the greatest integral value not above the source, exact (an F value's floor is
//! an F value, so %cr0's rounding mode never applies); special values as IEEE 754's
//! roundToIntegralTowardNegative (erratum RND-SPECIAL-TABLE).

use visa_spec::errata::SAT_NEGATIVE_ZERO;

use super::{platform_rows, type_rows};
use crate::catalog::alu::{both, one, one_cr0, ALT, KEEP_F, RD, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "rndd",
    file: "catalog/math/rndd.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let f = |rows: &mut Rows, group: &str, d: &str, src: u64, expected: u64| {
        one(rows, group, d, "rndd", "f", &[("f", src)], expected);
    };
    f(
        rows,
        "values",
        "floor(2.5) = 2: 2.5 = 0x40200000, 2.0 = 0x40000000.",
        0x4020_0000,
        0x4000_0000,
    );
    f(
        rows,
        "values",
        "floor(-2.5) = -3: -2.5 = 0xc0200000, -3.0 = 0xc0400000.",
        0xc020_0000,
        0xc040_0000,
    );
    f(
        rows,
        "values",
        "floor(-0.5) = -1 (0xbf800000): a negative value above -1 rounds down to -1.",
        0xbf00_0000,
        0xbf80_0000,
    );
    f(rows, "values", "floor(0.5) = +0.", 0x3f00_0000, 0);
    f(
        rows,
        "values",
        "floor(3.0) = 3.0 (0x40400000): integral values are unchanged.",
        0x4040_0000,
        0x4040_0000,
    );
    f(
        rows,
        "values",
        "floor(-4.0) = -4.0 (0xc0800000).",
        0xc080_0000,
        0xc080_0000,
    );
    f(rows, "values", "0x4affffff is 8388607.5, the largest F that is not integral (ulp 0.5 in [2^22, 2^23)): floor = 8388607 = 0x4afffffe.", 0x4aff_ffff, 0x4aff_fffe);
    f(
        rows,
        "values",
        "-8388607.5 (0xcaffffff): floor = -8388608 = -2^23 = 0xcb000000.",
        0xcaff_ffff,
        0xcb00_0000,
    );
    f(
        rows,
        "values",
        "2^23 (0x4b000000): from 2^23 on every F is integral (ulp 1), so unchanged.",
        0x4b00_0000,
        0x4b00_0000,
    );
    f(
        rows,
        "values",
        "The largest finite F (0x7f7fffff) is integral: unchanged.",
        0x7f7f_ffff,
        0x7f7f_ffff,
    );
    f(
        rows,
        "values",
        "The most negative finite F (0xff7fffff) is integral: unchanged.",
        0xff7f_ffff,
        0xff7f_ffff,
    );
    f(rows, "values", "-2^-126 (0x80800000, the negative normal nearest zero; not a denormal, never flushed): floor = -1.", 0x8080_0000, 0xbf80_0000);
    f(
        rows,
        "special",
        "floor(+0) = +0 (RND-SPECIAL-TABLE: zeros are returned unchanged).",
        0,
        0,
    );
    f(
        rows,
        "special",
        "floor(-0) = -0 (0x80000000): the sign of a zero is kept.",
        0x8000_0000,
        0x8000_0000,
    );
    f(
        rows,
        "special",
        "floor(+inf) = +inf (0x7f800000).",
        0x7f80_0000,
        0x7f80_0000,
    );
    f(
        rows,
        "special",
        "floor(-inf) = -inf (0xff800000).",
        0xff80_0000,
        0xff80_0000,
    );
    f(rows, "special", "A quiet NaN (0x7fc00001) is returned as a NaN (any quiet NaN: the rules are missing; IEEE 754 delivers a quiet NaN).", 0x7fc0_0001, 0x7fc0_0001);
    f(rows, "special", "A signalling NaN (0xff800001) gives a quiet NaN: 0xffc00001 with its sign and payload, or any quiet NaN.", 0xff80_0001, 0xffc0_0001);
    let cr0 = |rows: &mut Rows, group: &str, d: &str, src: u64, cr0: u32, expected: u64| {
        one_cr0(rows, group, d, "rndd", "f", &[("f", src)], cr0, expected);
    };
    cr0(rows, "denormals", "-2^-149 (0x80000001, the negative denormal nearest zero) with F denormals kept (%cr0 bit 7): floor = -1 (0xbf800000).", 0x8000_0001, KEEP_F, 0xbf80_0000);
    cr0(rows, "denormals", "-2^-149 with F denormals flushed (%cr0 = 0): the source is read as -0, floor(-0) = -0 (0x80000000).", 0x8000_0001, 0, 0x8000_0000);
    cr0(
        rows,
        "denormals",
        "0x807fffff (the largest negative denormal) kept: floor = -1.",
        0x807f_ffff,
        KEEP_F,
        0xbf80_0000,
    );
    cr0(
        rows,
        "denormals",
        "0x807fffff flushed: -0.",
        0x807f_ffff,
        0,
        0x8000_0000,
    );
    cr0(
        rows,
        "denormals",
        "2^-149 (0x00000001) kept: floor = +0.",
        1,
        KEEP_F,
        0,
    );
    cr0(rows, "denormals", "2^-149 flushed: +0 in, +0 out.", 1, 0, 0);
    cr0(rows, "modes", "floor(-2.5) = -3 in round-up mode too: the floor is exact, %cr0's rounding mode has nothing to round.", 0xc020_0000, RU, 0xc040_0000);
    cr0(
        rows,
        "modes",
        "floor(2.5) = 2 toward zero (%cr0 RTZ) as in every mode.",
        0x4020_0000,
        RTZ,
        0x4000_0000,
    );
    cr0(
        rows,
        "modes",
        "floor(-0.5) = -1 in round-down mode.",
        0xbf00_0000,
        RD,
        0xbf80_0000,
    );
    cr0(rows, "modes", "ALT mode (%cr0 bit 0): an infinite result becomes the largest finite value of its sign (2_datatypes.md, ALT mode): floor(+inf) = +inf -> 0x7f7fffff.", 0x7f80_0000, ALT, 0x7f7f_ffff);
    cr0(
        rows,
        "modes",
        "ALT mode: floor(-inf) = -inf -> -fmax = 0xff7fffff.",
        0xff80_0000,
        ALT,
        0xff7f_ffff,
    );
    let sat = |rows: &mut Rows, d: &str, src: u64, expected: u64| {
        one(rows, "sat", d, "rndd.sat", "f", &[("f", src)], expected);
    };
    sat(
        rows,
        "floor(1.5) = 1.0 (0x3f800000), within [0, 1]: kept by .sat.",
        0x3fc0_0000,
        0x3f80_0000,
    );
    sat(
        rows,
        "floor(2.5) = 2.0, above 1.0: .sat gives 1.0.",
        0x4020_0000,
        0x3f80_0000,
    );
    sat(
        rows,
        "floor(-0.5) = -1, negative: .sat gives +0.",
        0xbf00_0000,
        0,
    );
    sat(rows, "floor(0.7) = +0: .sat keeps +0.", 0x3f33_3333, 0);
    sat(
        rows,
        "A NaN result saturates to +0 (2_datatypes.md, Saturation).",
        0x7fc0_0000,
        0,
    );
    sat(
        rows,
        "floor(+inf) = +inf: .sat gives 1.0.",
        0x7f80_0000,
        0x3f80_0000,
    );
    both(
        rows,
        "sat",
        "floor(-0) = -0 under .sat: resolved +0, literal (SAT-NEGATIVE-ZERO) -0 stays.",
        SAT_NEGATIVE_ZERO,
        "rndd.sat",
        "f",
        &[("f", 0x8000_0000)],
        0,
        0x8000_0000,
    );
    let m = |rows: &mut Rows, d: &str, src: &str, value: u64, expected: u64| {
        one(rows, "modifiers", d, "rndd", "f", &[(src, value)], expected);
    };
    m(
        rows,
        "(-)0.5 = -0.5: floor = -1.",
        "(-)f",
        0x3f00_0000,
        0xbf80_0000,
    );
    m(
        rows,
        "(abs)-2.5 = 2.5: floor = 2.",
        "(abs)f",
        0xc020_0000,
        0x4000_0000,
    );
    m(
        rows,
        "(-abs)2.5 = -2.5: floor = -3.",
        "(-abs)f",
        0x4020_0000,
        0xc040_0000,
    );
    m(rows, "(-)+0 = -0: floor = -0.", "(-)f", 0, 0x8000_0000);
    type_rows(rows, "rndd");
    platform_rows(rows, "rndd");
}

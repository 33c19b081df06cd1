//! RNDU (instructions/RNDU.md): hand-derived rows, each with its derivation. RNDU is `ceil`:
//! the least integral value not below the source, exact; special values as IEEE 754's
//! roundToIntegralTowardPositive (erratum RND-SPECIAL-TABLE).

use visa_spec::errata::SAT_NEGATIVE_ZERO;

use super::{platform_rows, type_rows};
use crate::catalog::alu::{both, one, one_cr0, KEEP_F, RD};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "rndu",
    file: "catalog/math/rndu.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let f = |rows: &mut Rows, group: &str, d: &str, src: u64, expected: u64| {
        one(rows, group, d, "rndu", "f", &[("f", src)], expected);
    };
    f(
        rows,
        "values",
        "ceil(2.5) = 3: 2.5 = 0x40200000, 3.0 = 0x40400000.",
        0x4020_0000,
        0x4040_0000,
    );
    f(
        rows,
        "values",
        "ceil(-2.5) = -2 (0xc0000000).",
        0xc020_0000,
        0xc000_0000,
    );
    f(
        rows,
        "values",
        "ceil(-0.5) = -0 (0x80000000): a negative value above -1 rounds up to a zero of its sign.",
        0xbf00_0000,
        0x8000_0000,
    );
    f(
        rows,
        "values",
        "ceil(0.5) = 1.0 (0x3f800000).",
        0x3f00_0000,
        0x3f80_0000,
    );
    f(
        rows,
        "values",
        "ceil(-4.0) = -4.0: integral values are unchanged.",
        0xc080_0000,
        0xc080_0000,
    );
    f(
        rows,
        "values",
        "8388607.5 (0x4affffff, the largest non-integral F): ceil = 8388608 = 2^23 = 0x4b000000.",
        0x4aff_ffff,
        0x4b00_0000,
    );
    f(
        rows,
        "values",
        "-8388607.5 (0xcaffffff): ceil = -8388607 = 0xcafffffe.",
        0xcaff_ffff,
        0xcaff_fffe,
    );
    f(
        rows,
        "values",
        "16777215 (0x4b7fffff) is integral: unchanged.",
        0x4b7f_ffff,
        0x4b7f_ffff,
    );
    f(
        rows,
        "values",
        "The largest finite F is integral: unchanged (no overflow).",
        0x7f7f_ffff,
        0x7f7f_ffff,
    );
    f(rows, "special", "ceil(+0) = +0.", 0, 0);
    f(rows, "special", "ceil(-0) = -0.", 0x8000_0000, 0x8000_0000);
    f(
        rows,
        "special",
        "ceil(+inf) = +inf.",
        0x7f80_0000,
        0x7f80_0000,
    );
    f(
        rows,
        "special",
        "ceil(-inf) = -inf.",
        0xff80_0000,
        0xff80_0000,
    );
    f(
        rows,
        "special",
        "A signalling NaN (0x7f800001) gives a quiet NaN (0x7fc00001, or any quiet NaN).",
        0x7f80_0001,
        0x7fc0_0001,
    );
    let cr0 = |rows: &mut Rows, group: &str, d: &str, src: u64, cr0: u32, expected: u64| {
        one_cr0(rows, group, d, "rndu", "f", &[("f", src)], cr0, expected);
    };
    cr0(
        rows,
        "denormals",
        "2^-149 (0x00000001) with F denormals kept: ceil = 1.0 (0x3f800000).",
        1,
        KEEP_F,
        0x3f80_0000,
    );
    cr0(
        rows,
        "denormals",
        "2^-149 with F denormals flushed: the source is +0, ceil = +0.",
        1,
        0,
        0,
    );
    cr0(
        rows,
        "denormals",
        "-2^-149 (0x80000001) kept: ceil = -0.",
        0x8000_0001,
        KEEP_F,
        0x8000_0000,
    );
    cr0(
        rows,
        "denormals",
        "-2^-149 flushed: read as -0, ceil = -0.",
        0x8000_0001,
        0,
        0x8000_0000,
    );
    cr0(
        rows,
        "denormals",
        "0x007fffff (the largest denormal) kept: ceil = 1.0.",
        0x007f_ffff,
        KEEP_F,
        0x3f80_0000,
    );
    cr0(
        rows,
        "modes",
        "ceil(2.5) = 3 in round-down mode: nothing to round.",
        0x4020_0000,
        RD,
        0x4040_0000,
    );
    let sat = |rows: &mut Rows, d: &str, src: u64, expected: u64| {
        one(rows, "sat", d, "rndu.sat", "f", &[("f", src)], expected);
    };
    sat(
        rows,
        "ceil(0.3) = 1.0: kept by .sat.",
        0x3e99_999a,
        0x3f80_0000,
    );
    sat(
        rows,
        "ceil(1.5) = 2.0: .sat gives 1.0.",
        0x3fc0_0000,
        0x3f80_0000,
    );
    sat(rows, "ceil(-1.5) = -1: .sat gives +0.", 0xbfc0_0000, 0);
    both(
        rows,
        "sat",
        "ceil(-0.5) = -0 under .sat: resolved +0, literal (SAT-NEGATIVE-ZERO) -0.",
        SAT_NEGATIVE_ZERO,
        "rndu.sat",
        "f",
        &[("f", 0xbf00_0000)],
        0,
        0x8000_0000,
    );
    one(
        rows,
        "modifiers",
        "(-)2.5 = -2.5: ceil = -2.",
        "rndu",
        "f",
        &[("(-)f", 0x4020_0000)],
        0xc000_0000,
    );
    one(
        rows,
        "modifiers",
        "(abs)-0.5 = 0.5: ceil = 1.",
        "rndu",
        "f",
        &[("(abs)f", 0xbf00_0000)],
        0x3f80_0000,
    );
    type_rows(rows, "rndu");
    platform_rows(rows, "rndu");
}

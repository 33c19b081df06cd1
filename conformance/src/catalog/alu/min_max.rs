//! MIN and MAX (instructions/MIN_MAX.md): exact integer values, NaNs and zeros under both
//! readings of MIN-MAX-ZERO-SIGN and MIN-MAX-NAN, the float modes of %cr0, and the forms.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{lane_cr0, DECLS};
use crate::catalog::build::{form, lane};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "min_max",
    file: "catalog/alu/min_max.jsonl",
    rows: add,
};

fn min_max_values(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: &str,
    srcs: [(&str, u64); 2],
    expected: u64,
) {
    rows.add("values", lane(op, dst, &srcs, expected).derived(d));
}

fn min_max_zero_sign(
    rows: &mut Rows,
    d: &str,
    op: &str,
    a: u64,
    b: u64,
    resolved: u64,
    literal: u64,
) {
    let srcs = [("f", a), ("f", b)];
    let row = |expected| {
        lane(op, "f", &srcs, expected)
            .tag(errata::MIN_MAX_ZERO_SIGN)
            .derived(d)
    };
    rows.add("zero-sign", row(resolved));
    rows.add("zero-sign", row(literal).literal(errata::MIN_MAX_ZERO_SIGN));
}

fn min_max_both_nan(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: &str,
    srcs: [(&str, u64); 2],
    resolved: u64,
    literal: u64,
) {
    let row = |expected| {
        lane(op, dst, &srcs, expected)
            .tag(errata::MIN_MAX_NAN)
            .derived(d)
    };
    rows.add("both-nan", row(resolved));
    rows.add("both-nan", row(literal).literal(errata::MIN_MAX_NAN));
}

fn min_max_float_modes(
    rows: &mut Rows,
    d: &str,
    op: &str,
    srcs: [u64; 2],
    cr0: u32,
    expected: u64,
) {
    let srcs = [("f", srcs[0]), ("f", srcs[1])];
    rows.add(
        "float-modes",
        lane_cr0(op, "f", &srcs, cr0, expected).derived(d),
    );
}

fn min_max_forms(rows: &mut Rows, d: &str, text: &str, expected: Option<ErrorClass>) {
    rows.add("forms", form(DECLS, text, expected).derived(d));
}

fn add(rows: &mut Rows) {
    let d = "Integers on exact values: min(D -1, UD 0xFFFFFFFF) = -1; max = 4294967295, whose low 32 bits into D are 0xFFFFFFFF, and which .sat clamps to INT_MAX.";
    min_max_values(
        rows,
        d,
        "min",
        "d",
        [("d", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_ffff,
    );
    min_max_values(
        rows,
        d,
        "max",
        "d",
        [("d", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_ffff,
    );
    min_max_values(
        rows,
        d,
        "max.sat",
        "d",
        [("d", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0x7fff_ffff,
    );
    let d = "min(D -5, D 3) = -5: .sat into UB → 0.";
    min_max_values(rows, d, "min.sat", "ub", [("d", 0xffff_fffb), ("d", 3)], 0);
    let d = "(-)INT_MIN = +2^31: min with 0 is 0; max is 2^31, 0x80000000 truncated, INT_MAX saturated.";
    min_max_values(rows, d, "min", "d", [("(-)d", 0x8000_0000), ("d", 0)], 0);
    min_max_values(
        rows,
        d,
        "max",
        "d",
        [("(-)d", 0x8000_0000), ("d", 0)],
        0x8000_0000,
    );
    min_max_values(
        rows,
        d,
        "max.sat",
        "d",
        [("(-)d", 0x8000_0000), ("d", 0)],
        0x7fff_ffff,
    );
    let d = "Q -1 against UQ max: max is 2^64 - 1, all ones into Q, Q max saturated.";
    min_max_values(
        rows,
        d,
        "max",
        "q",
        [("q", u64::MAX), ("uq", u64::MAX)],
        u64::MAX,
    );
    min_max_values(
        rows,
        d,
        "max.sat",
        "q",
        [("q", u64::MAX), ("uq", u64::MAX)],
        0x7fff_ffff_ffff_ffff,
    );
    min_max_values(
        rows,
        d,
        "min",
        "q",
        [("q", u64::MAX), ("uq", u64::MAX)],
        u64::MAX,
    );
    let d = "Notes: one NaN gives the other source, on either side: min(NaN, 1.0) = min(1.0, NaN) = 1.0; max(NaN, -inf) = -inf.";
    min_max_values(
        rows,
        d,
        "min",
        "f",
        [("f", 0x7fc0_0000), ("f", 0x3f80_0000)],
        0x3f80_0000,
    );
    min_max_values(
        rows,
        d,
        "min",
        "f",
        [("f", 0x3f80_0000), ("f", 0x7fc0_0000)],
        0x3f80_0000,
    );
    min_max_values(
        rows,
        d,
        "max",
        "f",
        [("f", 0x7fc0_0000), ("f", 0xff80_0000)],
        0xff80_0000,
    );
    let d = "A signalling NaN too: max(sNaN, 2.0) = 2.0.";
    min_max_values(
        rows,
        d,
        "max",
        "f",
        [("f", 0x7f80_0001), ("f", 0x4000_0000)],
        0x4000_0000,
    );
    let d = "Ordinary values and infinities: min(-inf, 1.0) = -inf, max(+inf, 1.0) = +inf.";
    min_max_values(
        rows,
        d,
        "min",
        "f",
        [("f", 0xff80_0000), ("f", 0x3f80_0000)],
        0xff80_0000,
    );
    min_max_values(
        rows,
        d,
        "max",
        "f",
        [("f", 0x7f80_0000), ("f", 0x3f80_0000)],
        0x7f80_0000,
    );
    let d = ".sat: max(2.0, 0.5) = 2.0 → 1.0; min(-3.0, 0.5) = -3.0 → +0.";
    min_max_values(
        rows,
        d,
        "max.sat",
        "f",
        [("f", 0x4000_0000), ("f", 0x3f00_0000)],
        0x3f80_0000,
    );
    min_max_values(
        rows,
        d,
        "min.sat",
        "f",
        [("f", 0xc040_0000), ("f", 0x3f00_0000)],
        0,
    );
    let d = "Mixed F and HF into F: min(1.0, HF 0.5 = 0x3800) = 0.5 → F 0x3F000000.";
    min_max_values(
        rows,
        d,
        "min",
        "f",
        [("f", 0x3f80_0000), ("hf", 0x3800)],
        0x3f00_0000,
    );
    let d = "DF: max(1.0, NaN) = 1.0.";
    min_max_values(
        rows,
        d,
        "max",
        "df",
        [("df", 0x3ff0_0000_0000_0000), ("df", 0x7ff8_0000_0000_0000)],
        0x3ff0_0000_0000_0000,
    );
    let d = "MIN-MAX-ZERO-SIGN: resolved, -0 < +0 in either order; literal, the zeros are equal and the tie returns src0.";
    min_max_zero_sign(
        rows,
        d,
        "min",
        0x0000_0000,
        0x8000_0000,
        0x8000_0000,
        0x0000_0000,
    );
    min_max_zero_sign(
        rows,
        d,
        "min",
        0x8000_0000,
        0x0000_0000,
        0x8000_0000,
        0x8000_0000,
    );
    min_max_zero_sign(
        rows,
        d,
        "max",
        0x8000_0000,
        0x0000_0000,
        0x0000_0000,
        0x8000_0000,
    );
    min_max_zero_sign(
        rows,
        d,
        "max",
        0x0000_0000,
        0x8000_0000,
        0x0000_0000,
        0x0000_0000,
    );
    let d = "Zeros of one sign: the same zero in both readings.";
    min_max_zero_sign(
        rows,
        d,
        "min",
        0x8000_0000,
        0x8000_0000,
        0x8000_0000,
        0x8000_0000,
    );
    let d = "Both NaN → src1. Resolved: quieted, sign and payload kept: 0xFF800001 → 0xFFC00001. Literal (MIN-MAX-NAN): src1's bits unchanged when dst has its type: 0xFF800001.";
    min_max_both_nan(
        rows,
        d,
        "min",
        "f",
        [("f", 0x7fc0_0000), ("f", 0xff80_0001)],
        0xffc0_0001,
        0xff80_0001,
    );
    min_max_both_nan(
        rows,
        d,
        "max",
        "f",
        [("f", 0x7f80_0002), ("f", 0x7fc0_0003)],
        0x7fc0_0003,
        0x7fc0_0003,
    );
    let d = "HF: src1 0x7C01 (signalling, payload 1) → 0x7E01 resolved, 0x7C01 literal.";
    min_max_both_nan(
        rows,
        d,
        "max",
        "hf",
        [("hf", 0x7e00), ("hf", 0x7c01)],
        0x7e01,
        0x7c01,
    );
    let d = "A destination of another type converts, which quiets in both readings: HF 0x7C01 into F carries the payload to the top of F's fraction: 0x7FC02000.";
    min_max_both_nan(
        rows,
        d,
        "min",
        "f",
        [("f", 0x7fc0_0000), ("hf", 0x7c01)],
        0x7fc0_2000,
        0x7fc0_2000,
    );
    let d = ".sat turns a NaN into +0 in both readings.";
    min_max_both_nan(
        rows,
        d,
        "min.sat",
        "f",
        [("f", 0x7fc0_0000), ("f", 0xff80_0001)],
        0,
        0,
    );
    let d = "%cr0 = 0 flushes F denormal inputs: max(2^-149, -0) is max(+0, -0) = +0.";
    min_max_float_modes(rows, d, "max", [0x0000_0001, 0x8000_0000], 0, 0);
    let d = "With the F denorm bit the denormal is kept and is the maximum.";
    min_max_float_modes(
        rows,
        d,
        "max",
        [0x0000_0001, 0x8000_0000],
        0x80,
        0x0000_0001,
    );
    let d = "ALT mode (bit 0): an infinite result becomes the largest finite F.";
    min_max_float_modes(rows, d, "max", [0x7f80_0000, 0x3f80_0000], 0x1, 0x7f7f_ffff);
    min_max_float_modes(rows, d, "min", [0xff80_0000, 0x3f80_0000], 0x1, 0xff7f_ffff);
    let d = "instructions/MIN_MAX.md: no predicate in the Format or the Text form.";
    min_max_forms(
        rows,
        d,
        "(P1) min (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    min_max_forms(
        rows,
        d,
        "(!P1) max (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    min_max_forms(
        rows,
        d,
        "max.sat (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
        None,
    );
    min_max_forms(
        rows,
        d,
        "min (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        None,
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "min|max[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 (instructions/MIN_MAX.md).";
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX.",
        ),
        "max",
        false,
        D,
        (D, 0xffff_ffff),
        (UD, 0xffff_ffff),
        &[],
        0xffff_ffff,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX.",
        ),
        "max",
        true,
        D,
        (D, 0xffff_ffff),
        (UD, 0xffff_ffff),
        &[],
        0x7fff_ffff,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX.",
        ),
        "min",
        false,
        D,
        (D, 0xffff_ffff),
        (UD, 0xffff_ffff),
        &[],
        0xffff_ffff,
    );
    simd::min_max(
        rows,
        &why(d, "", "One NaN: the other source."),
        "min",
        false,
        F,
        (F, 0x7fc0_0000),
        (F, 0x3f80_0000),
        &[],
        0x3f80_0000,
    );
    simd::min_max(
        rows,
        &why(d, "", "One NaN: the other source."),
        "max",
        false,
        F,
        (F, 0xbf80_0000),
        (F, 0x7f80_0001),
        &[],
        0xbf80_0000,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN).",
        ),
        "min",
        false,
        F,
        (F, 0x7fc0_0000),
        (F, 0xff80_0001),
        &[],
        0xffc0_0001,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN).",
        ),
        "min",
        false,
        F,
        (F, 0x7fc0_0000),
        (F, 0xff80_0001),
        &[visa_spec::errata::MIN_MAX_NAN],
        0xff80_0001,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN).",
        ),
        "max",
        false,
        DF,
        (DF, 0x7ff8_0000_0000_0000),
        (DF, 0x7ff0_0000_0000_0001),
        &[visa_spec::errata::MIN_MAX_NAN],
        0x7ff0_0000_0000_0001,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN).",
        ),
        "max",
        false,
        DF,
        (DF, 0x7ff8_0000_0000_0000),
        (DF, 0x7ff0_0000_0000_0001),
        &[],
        0x7ff8_0000_0000_0001,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0.",
        ),
        "min",
        false,
        F,
        (F, 0),
        (F, 0x8000_0000),
        &[],
        0x8000_0000,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0.",
        ),
        "min",
        false,
        F,
        (F, 0),
        (F, 0x8000_0000),
        &[visa_spec::errata::MIN_MAX_ZERO_SIGN],
        0,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0.",
        ),
        "max",
        false,
        F,
        (F, 0x8000_0000),
        (F, 0),
        &[],
        0,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0.",
        ),
        "max",
        false,
        F,
        (F, 0x8000_0000),
        (F, 0),
        &[visa_spec::errata::MIN_MAX_ZERO_SIGN],
        0x8000_0000,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            ".sat: max(2.0, 0.5) → 1.0; mixed F and HF: min(1.0, HF 0.5) = 0.5.",
        ),
        "max",
        true,
        F,
        (F, 0x4000_0000),
        (F, 0x3f00_0000),
        &[],
        0x3f80_0000,
    );
    simd::min_max(
        rows,
        &why(
            d,
            "",
            ".sat: max(2.0, 0.5) → 1.0; mixed F and HF: min(1.0, HF 0.5) = 0.5.",
        ),
        "min",
        false,
        F,
        (F, 0x3f80_0000),
        (HF, 0x3800),
        &[],
        0x3f00_0000,
    );
}

//! MIN and MAX (instructions/MIN_MAX.md): exact integer values, NaNs and zeros under both
//! readings of MIN-MAX-ZERO-SIGN and MIN-MAX-NAN, the float modes of %cr0, and the forms.

use super::simd::MinMax8;
use super::{lane_cr0, table, Group, Shape, DECLS};
use crate::catalog::build::{form, lane};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "min_max", file: "catalog/alu/min_max.jsonl", rows: add };

#[derive(Debug)]
#[rustfmt::skip]
struct MinMaxValues { op: &'static str, dst: &'static str, srcs: [(&'static str, u64); 2], want: u64 }

impl Shape for MinMaxValues {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, expected) = (self.op, self.dst, self.srcs, self.want);
        rows.add("values", lane(op, dst, &srcs, expected).derived(d));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct MinMaxZeroSign { op: &'static str, a: u64, b: u64, resolved: u64, literal: u64 }

impl Shape for MinMaxZeroSign {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, a, b, resolved) = (self.op, self.a, self.b, self.resolved);
        let literal = self.literal;
        let srcs = [("f", a), ("f", b)];
        let row = |expected| { lane(op, "f", &srcs, expected).tag(errata::MIN_MAX_ZERO_SIGN).derived(d) };
        rows.add("zero-sign", row(resolved));
        rows.add("zero-sign", row(literal).literal(errata::MIN_MAX_ZERO_SIGN));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct MinMaxBothNan { op: &'static str, dst: &'static str, srcs: [(&'static str, u64); 2], resolved: u64, literal: u64 }

impl Shape for MinMaxBothNan {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, resolved) = (self.op, self.dst, self.srcs, self.resolved);
        let literal = self.literal;
        let row = |expected| { lane(op, dst, &srcs, expected).tag(errata::MIN_MAX_NAN).derived(d) };
        rows.add("both-nan", row(resolved));
        rows.add("both-nan", row(literal).literal(errata::MIN_MAX_NAN));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct MinMaxFloatModes { op: &'static str, srcs: [u64; 2], cr0: u32, want: u64 }

impl Shape for MinMaxFloatModes {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, srcs, cr0, expected) = (self.op, self.srcs, self.cr0, self.want);
        let srcs = [("f", srcs[0]), ("f", srcs[1])];
        rows.add("float-modes", lane_cr0(op, "f", &srcs, cr0, expected).derived(d));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct MinMaxForms { text: &'static str, want: Option<ErrorClass> }

impl Shape for MinMaxForms {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, expected) = (self.text, self.want);
        rows.add("forms", form(DECLS, text, expected).derived(d));
    }
}

fn add(rows: &mut Rows) {
    table(rows, MIN_MAX_VALUES);
    table(rows, MIN_MAX_ZERO_SIGN);
    table(rows, MIN_MAX_BOTH_NAN);
    table(rows, MIN_MAX_FLOAT_MODES);
    table(rows, MIN_MAX_FORMS);
    // The multi-lane rows (built with `super::simd`).
    table(rows, MIN_MAX8);
}

#[rustfmt::skip]
const MIN_MAX_VALUES: &[Group<MinMaxValues>] = &[
    Group { d: "Integers on exact values: min(D -1, UD 0xFFFFFFFF) = -1; max = 4294967295, whose low 32 bits into D are 0xFFFFFFFF, and which .sat clamps to INT_MAX.", rows: &[
        MinMaxValues { op: "min", dst: "d", srcs: [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_ffff },
        MinMaxValues { op: "max", dst: "d", srcs: [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_ffff },
        MinMaxValues { op: "max.sat", dst: "d", srcs: [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0x7fff_ffff },
    ] },
    Group { d: "min(D -5, D 3) = -5: .sat into UB → 0.", rows: &[MinMaxValues { op: "min.sat", dst: "ub", srcs: [("d", 0xffff_fffb), ("d", 3)], want: 0 }] },
    Group { d: "(-)INT_MIN = +2^31: min with 0 is 0; max is 2^31, 0x80000000 truncated, INT_MAX saturated.", rows: &[
        MinMaxValues { op: "min", dst: "d", srcs: [("(-)d", 0x8000_0000), ("d", 0)], want: 0 },
        MinMaxValues { op: "max", dst: "d", srcs: [("(-)d", 0x8000_0000), ("d", 0)], want: 0x8000_0000 },
        MinMaxValues { op: "max.sat", dst: "d", srcs: [("(-)d", 0x8000_0000), ("d", 0)], want: 0x7fff_ffff },
    ] },
    Group { d: "Q -1 against UQ max: max is 2^64 - 1, all ones into Q, Q max saturated.", rows: &[
        MinMaxValues { op: "max", dst: "q", srcs: [("q", u64::MAX), ("uq", u64::MAX)], want: u64::MAX },
        MinMaxValues { op: "max.sat", dst: "q", srcs: [("q", u64::MAX), ("uq", u64::MAX)], want: 0x7fff_ffff_ffff_ffff },
        MinMaxValues { op: "min", dst: "q", srcs: [("q", u64::MAX), ("uq", u64::MAX)], want: u64::MAX },
    ] },
    Group { d: "Notes: one NaN gives the other source, on either side: min(NaN, 1.0) = min(1.0, NaN) = 1.0; max(NaN, -inf) = -inf.", rows: &[
        MinMaxValues { op: "min", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0x3f80_0000)], want: 0x3f80_0000 },
        MinMaxValues { op: "min", dst: "f", srcs: [("f", 0x3f80_0000), ("f", 0x7fc0_0000)], want: 0x3f80_0000 },
        MinMaxValues { op: "max", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0xff80_0000)], want: 0xff80_0000 },
    ] },
    Group { d: "A signalling NaN too: max(sNaN, 2.0) = 2.0.",
        rows: &[MinMaxValues { op: "max", dst: "f", srcs: [("f", 0x7f80_0001), ("f", 0x4000_0000)], want: 0x4000_0000 }] },
    Group { d: "Ordinary values and infinities: min(-inf, 1.0) = -inf, max(+inf, 1.0) = +inf.", rows: &[
        MinMaxValues { op: "min", dst: "f", srcs: [("f", 0xff80_0000), ("f", 0x3f80_0000)], want: 0xff80_0000 },
        MinMaxValues { op: "max", dst: "f", srcs: [("f", 0x7f80_0000), ("f", 0x3f80_0000)], want: 0x7f80_0000 },
    ] },
    Group { d: ".sat: max(2.0, 0.5) = 2.0 → 1.0; min(-3.0, 0.5) = -3.0 → +0.", rows: &[
        MinMaxValues { op: "max.sat", dst: "f", srcs: [("f", 0x4000_0000), ("f", 0x3f00_0000)], want: 0x3f80_0000 },
        MinMaxValues { op: "min.sat", dst: "f", srcs: [("f", 0xc040_0000), ("f", 0x3f00_0000)], want: 0 },
    ] },
    Group { d: "Mixed F and HF into F: min(1.0, HF 0.5 = 0x3800) = 0.5 → F 0x3F000000.",
        rows: &[MinMaxValues { op: "min", dst: "f", srcs: [("f", 0x3f80_0000), ("hf", 0x3800)], want: 0x3f00_0000 }] },
    Group { d: "DF: max(1.0, NaN) = 1.0.",
        rows: &[MinMaxValues { op: "max", dst: "df", srcs: [("df", 0x3ff0_0000_0000_0000), ("df", 0x7ff8_0000_0000_0000)], want: 0x3ff0_0000_0000_0000 }] },
];

#[rustfmt::skip]
const MIN_MAX_ZERO_SIGN: &[Group<MinMaxZeroSign>] = &[
    Group { d: "MIN-MAX-ZERO-SIGN: resolved, -0 < +0 in either order; literal, the zeros are equal and the tie returns src0.", rows: &[
        MinMaxZeroSign { op: "min", a: 0x0000_0000, b: 0x8000_0000, resolved: 0x8000_0000, literal: 0x0000_0000 },
        MinMaxZeroSign { op: "min", a: 0x8000_0000, b: 0x0000_0000, resolved: 0x8000_0000, literal: 0x8000_0000 },
        MinMaxZeroSign { op: "max", a: 0x8000_0000, b: 0x0000_0000, resolved: 0x0000_0000, literal: 0x8000_0000 },
        MinMaxZeroSign { op: "max", a: 0x0000_0000, b: 0x8000_0000, resolved: 0x0000_0000, literal: 0x0000_0000 },
    ] },
    Group { d: "Zeros of one sign: the same zero in both readings.",
        rows: &[MinMaxZeroSign { op: "min", a: 0x8000_0000, b: 0x8000_0000, resolved: 0x8000_0000, literal: 0x8000_0000 }] },
];

#[rustfmt::skip]
const MIN_MAX_BOTH_NAN: &[Group<MinMaxBothNan>] = &[
    Group { d: "Both NaN → src1. Resolved: quieted, sign and payload kept: 0xFF800001 → 0xFFC00001. Literal (MIN-MAX-NAN): src1's bits unchanged when dst has its \
        type: 0xFF800001.", rows: &[
        MinMaxBothNan { op: "min", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0xff80_0001)], resolved: 0xffc0_0001, literal: 0xff80_0001 },
        MinMaxBothNan { op: "max", dst: "f", srcs: [("f", 0x7f80_0002), ("f", 0x7fc0_0003)], resolved: 0x7fc0_0003, literal: 0x7fc0_0003 },
    ] },
    Group { d: "HF: src1 0x7C01 (signalling, payload 1) → 0x7E01 resolved, 0x7C01 literal.",
        rows: &[MinMaxBothNan { op: "max", dst: "hf", srcs: [("hf", 0x7e00), ("hf", 0x7c01)], resolved: 0x7e01, literal: 0x7c01 }] },
    Group { d: "A destination of another type converts, which quiets in both readings: HF 0x7C01 into F carries the payload to the top of F's fraction: 0x7FC02000.",
        rows: &[MinMaxBothNan { op: "min", dst: "f", srcs: [("f", 0x7fc0_0000), ("hf", 0x7c01)], resolved: 0x7fc0_2000, literal: 0x7fc0_2000 }] },
    Group { d: ".sat turns a NaN into +0 in both readings.",
        rows: &[MinMaxBothNan { op: "min.sat", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0xff80_0001)], resolved: 0, literal: 0 }] },
];

#[rustfmt::skip]
const MIN_MAX_FLOAT_MODES: &[Group<MinMaxFloatModes>] = &[
    Group { d: "%cr0 = 0 flushes F denormal inputs: max(2^-149, -0) is max(+0, -0) = +0.",
        rows: &[MinMaxFloatModes { op: "max", srcs: [0x0000_0001, 0x8000_0000], cr0: 0, want: 0 }] },
    Group { d: "With the F denorm bit the denormal is kept and is the maximum.",
        rows: &[MinMaxFloatModes { op: "max", srcs: [0x0000_0001, 0x8000_0000], cr0: 0x80, want: 0x0000_0001 }] },
    Group { d: "ALT mode (bit 0): an infinite result becomes the largest finite F.", rows: &[
        MinMaxFloatModes { op: "max", srcs: [0x7f80_0000, 0x3f80_0000], cr0: 0x1, want: 0x7f7f_ffff },
        MinMaxFloatModes { op: "min", srcs: [0xff80_0000, 0x3f80_0000], cr0: 0x1, want: 0xff7f_ffff },
    ] },
];

#[rustfmt::skip]
const MIN_MAX_FORMS: &[Group<MinMaxForms>] = &[
    Group { d: "instructions/MIN_MAX.md: no predicate in the Format or the Text form.", rows: &[
        MinMaxForms { text: "(P1) min (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) },
        MinMaxForms { text: "(!P1) max (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", want: Some(ErrorClass::InvalidInstruction) },
        MinMaxForms { text: "max.sat (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>", want: None },
        MinMaxForms { text: "min (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>", want: None },
    ] },
];

#[rustfmt::skip]
const MIN_MAX8: &[Group<MinMax8>] = &[
    Group { d: "min|max[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 (instructions/MIN_MAX.md).", rows: &[
        MinMax8 { case: "", op: "max", saturate: false, dst: D, a: (D, 0xffff_ffff), b: (UD, 0xffff_ffff), literal: &[], want: 0xffff_ffff,
            note: "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX." },
        MinMax8 { case: "", op: "max", saturate: true, dst: D, a: (D, 0xffff_ffff), b: (UD, 0xffff_ffff), literal: &[], want: 0x7fff_ffff,
            note: "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX." },
        MinMax8 { case: "", op: "min", saturate: false, dst: D, a: (D, 0xffff_ffff), b: (UD, 0xffff_ffff), literal: &[], want: 0xffff_ffff,
            note: "Integers: max(D -1, UD 0xFFFFFFFF) = 2^32 - 1: D 0xFFFFFFFF, .sat INT_MAX." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0x7fc0_0000), b: (F, 0x3f80_0000), literal: &[], want: 0x3f80_0000, note: "One NaN: the other source." },
        MinMax8 { case: "", op: "max", saturate: false, dst: F, a: (F, 0xbf80_0000), b: (F, 0x7f80_0001), literal: &[], want: 0xbf80_0000, note: "One NaN: the other source." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0x7fc0_0000), b: (F, 0xff80_0001), literal: &[], want: 0xffc0_0001,
            note: "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN)." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0x7fc0_0000), b: (F, 0xff80_0001), literal: &[visa_model::errata::MIN_MAX_NAN], want: 0xff80_0001,
            note: "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN)." },
        MinMax8 { case: "", op: "max", saturate: false, dst: DF, a: (DF, 0x7ff8_0000_0000_0000), b: (DF, 0x7ff0_0000_0000_0001),
            literal: &[visa_model::errata::MIN_MAX_NAN], want: 0x7ff0_0000_0000_0001, note: "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN)." },
        MinMax8 { case: "", op: "max", saturate: false, dst: DF, a: (DF, 0x7ff8_0000_0000_0000), b: (DF, 0x7ff0_0000_0000_0001), literal: &[],
            want: 0x7ff8_0000_0000_0001, note: "Two NaNs: src1, quieted (resolved) or unchanged (literal MIN-MAX-NAN)." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0), b: (F, 0x8000_0000), literal: &[], want: 0x8000_0000,
            note: "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0), b: (F, 0x8000_0000), literal: &[visa_model::errata::MIN_MAX_ZERO_SIGN], want: 0,
            note: "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0." },
        MinMax8 { case: "", op: "max", saturate: false, dst: F, a: (F, 0x8000_0000), b: (F, 0), literal: &[], want: 0,
            note: "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0." },
        MinMax8 { case: "", op: "max", saturate: false, dst: F, a: (F, 0x8000_0000), b: (F, 0), literal: &[visa_model::errata::MIN_MAX_ZERO_SIGN], want: 0x8000_0000,
            note: "Zeros: min(+0, -0) = -0, max(-0, +0) = +0 (resolved); literal, the tie gives src0." },
        MinMax8 { case: "", op: "max", saturate: true, dst: F, a: (F, 0x4000_0000), b: (F, 0x3f00_0000), literal: &[], want: 0x3f80_0000,
            note: ".sat: max(2.0, 0.5) → 1.0; mixed F and HF: min(1.0, HF 0.5) = 0.5." },
        MinMax8 { case: "", op: "min", saturate: false, dst: F, a: (F, 0x3f80_0000), b: (HF, 0x3800), literal: &[], want: 0x3f00_0000,
            note: ".sat: max(2.0, 0.5) → 1.0; mixed F and HF: min(1.0, HF 0.5) = 0.5." },
    ] },
];

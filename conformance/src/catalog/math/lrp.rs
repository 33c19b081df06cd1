//! LRP (instructions/LRP.md): hand-derived rows, each with its derivation. F values:
//! 1/4 = 0x3e800000, 3/4 = 0x3f400000, 1/2 = 0x3f000000, 1 = 0x3f800000, 2 = 0x40000000,
//! 3 = 0x40400000, 4 = 0x40800000, 5 = 0x40a00000, 7 = 0x40e00000, 8 = 0x41000000,
//! 9 = 0x41100000, 16 = 0x41800000, 12 = 0x41400000.

use visa_model::errata;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;

use super::Lane::*;
use super::*;
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "lrp", file: "catalog/math/lrp.jsonl", rows: add };

const QUARTER: u64 = 0x3e80_0000;
const EIGHT: u64 = 0x4100_0000;
const FOUR: u64 = 0x4080_0000;
const FIVE: u64 = 0x40a0_0000;
const THIRD: u64 = 0x3eaa_aaab;
const F_HALF: u64 = 0x3f00_0000;

/// Four-lane operands: V1 the destination (8 F), V2 src0, V3 src1, V4 src2 (8 F each).
const DECLS4: &str = ".decl V1 v_type=G type=f num_elts=8\n.decl V2 v_type=G type=f num_elts=8\n\
                      .decl V3 v_type=G type=f num_elts=8\n.decl V4 v_type=G type=f num_elts=8\n";

/// src1 = [8, 16, 4, 0, 12, 0, 0, 0] and src2 = [4, 0, 8, 12, 0, ...] with src0 = 1/4
/// broadcast: lanes 8/4 + 4*3/4 = 5, 16/4 + 0 = 4, 4/4 + 8*3/4 = 7, 0 + 12*3/4 = 9.
#[rustfmt::skip]
fn four_lanes(text: &str) -> Row {
    Row::new(XeHpg, format!("{DECLS4}{text}\n")).var("V2", le32(&[QUARTER as u32, 0, 0, 0, 0, 0, 0, 0]))
        .var("V3", le32(&[0x4100_0000, 0x4180_0000, 0x4080_0000, 0, 0x4140_0000, 0, 0, 0])).var("V4", le32(&[0x4080_0000, 0, 0x4100_0000, 0x4140_0000, 0, 0, 0, 0]))
}

/// The expected V1 of [`four_lanes`] with the results from element `at`.
fn four_results(at: usize) -> Vec<u64> {
    let mut v = vec![0u64; 8];
    v[at..at + 4].copy_from_slice(&[FIVE, FOUR, 0x40e0_0000, 0x4110_0000]);
    v
}

fn add(rows: &mut Rows) {
    lanes(rows, DECLS, GROUPS);
    scalar_lanes(rows);
    regions(rows);
    alignment(rows);
    lanes(rows, DECLS, FORMS);
}

#[rustfmt::skip]
const GROUPS: &[Group] = &[
    Group { g: "exact", d: "src1*src0 + src2*(1 - src0) with src0 = 1/4, src1 = 8, src2 = 4: 2 + 3 = 5 exactly (0x40a00000); every operation is exact, so both \
            readings of LRP-ROUNDING agree. On every platform (LRP-PLN-PLATFORMS, resolved).", rows: &[
        All { ty: "f", op: "lrp", src: &[QUARTER, EIGHT, FOUR], cr0: RTNE, want: FIVE },
    ] },
    Group { g: "ends", d: "src0 = 0 gives src2 (0*3 + 7*1 = 7, 0x40e00000); src0 = 1 gives src1 (1*3 + 7*0 = 3, 0x40400000).", rows: &[
        One { ty: "f", op: "lrp", src: &[F_ZERO, 0x4040_0000, 0x40e0_0000], cr0: RTNE, want: 0x40e0_0000 },
        One { ty: "f", op: "lrp", src: &[F_ONE, 0x4040_0000, 0x40e0_0000], cr0: RTNE, want: 0x4040_0000 },
    ] },
    Group { g: "rounding", d: "LRP-ROUNDING with src0 = A = 0x3eaaaaab = 11184811 * 2^-25, src1 = 3, src2 = 1/2. Exact: 3A + (1 - A)/2 = 1/2 + 5A/2 = 89478487 * \
            2^-26; in [1, 2) the F unit is 8 * 2^-26 and 89478487 / 8 = 11184810.875 rounds to 11184811: 0x3faaaaab (resolved, one rounding). Literal: 3A = 1 + \
            2^-25 rounds to 1 (a quarter unit); 1 - A = 22369621 * 2^-25 is a tie between units of 2^-24 and rounds to even 11184810 * 2^-24; its half is 11184810 \
            * 2^-25; 1 + that = 44739242 * 2^-25 is again a tie (units of 4 * 2^-25) and rounds to even 11184810: 0x3faaaaaa.", rows: &[
        Both { erratum: errata::LRP_ROUNDING, op: "lrp", src: &[THIRD, 0x4040_0000, F_HALF], cr0: RTNE, want: (0x3faa_aaab, 0x3faa_aaaa), strict: (false, false) },
    ] },
    Group { g: "rounding", d: "LRP-ROUNDING with src0 = 2, src1 = src2 = the largest F M = 0x7f7fffff: exactly 2M - M = M (0x7f7fffff, resolved). Literal: 2M \
            overflows to +inf to nearest, 1 - 2 = -1, M * -1 = -M, inf - M = +inf (0x7f800000).", rows: &[
        Both { erratum: errata::LRP_ROUNDING, op: "lrp", src: &[0x4000_0000, F_MAX, F_MAX], cr0: RTNE, want: (F_MAX, F_INF), strict: (false, false) },
    ] },
    Group { g: "sat", d: "Saturation (Properties: Yes): lrp.sat with src0 = 1/2, src1 = 4, src2 = 2 is 3, clamped to 1.0; with src1 = -4, src2 = -2 it is -3, \
            clamped to +0.", rows: &[
        One { ty: "f", op: "lrp.sat", src: &[F_HALF, FOUR, 0x4000_0000], cr0: RTNE, want: F_ONE },
        One { ty: "f", op: "lrp.sat", src: &[F_HALF, 0xc080_0000, 0xc000_0000], cr0: RTNE, want: F_ZERO },
    ] },
    Group { g: "modifiers", d: "Source modifiers (Properties: arithmetic) apply before the expression: (-)src0 = -1/4 with src1 = 8, src2 = 4 gives -2 + 4 * 5/4 = \
            3 (0x40400000); (abs)src1 of -8 is 8: 2 + 3 = 5.", rows: &[
        Typed { op: "lrp", dst: "f", src: &[("(-)f", QUARTER), ("f", EIGHT), ("f", FOUR)], want: 0x4040_0000 },
        Typed { op: "lrp", dst: "f", src: &[("f", QUARTER), ("(abs)f", 0xc100_0000), ("f", FOUR)], want: FIVE },
    ] },
    Group { g: "special", d: "IEEE special values of the exact expression: src0 = +inf, src1 = src2 = 1: inf + (1 - inf) = inf - inf, invalid: NaN (any quiet NaN, \
            as MAD's); src0 = 1, src2 = +inf: src2 * (1 - 1) = inf * 0, invalid: NaN; src0 = 1/2, src1 = +inf, src2 = 1: +inf; a NaN source gives a NaN.", rows: &[
        One { ty: "f", op: "lrp", src: &[F_INF, F_ONE, F_ONE], cr0: RTNE, want: F_NAN },
        One { ty: "f", op: "lrp", src: &[F_ONE, F_ONE, F_INF], cr0: RTNE, want: F_NAN },
        One { ty: "f", op: "lrp", src: &[F_HALF, F_INF, F_ONE], cr0: RTNE, want: F_INF },
        One { ty: "f", op: "lrp", src: &[0x7fc0_0001, F_ONE, F_ONE], cr0: RTNE, want: 0x7fc0_0001 },
    ] },
    Group { g: "zero", d: "Zero signs as ADD's: src0 = 1, src1 = -0, src2 = 5: -0*1 = -0; 1 - 1 is +0 (-0 rounding down); 5 * that; the sum of the two zeros is +0 \
            to nearest (0x00000000) and -0 rounding down (0x80000000).", rows: &[
        One { ty: "f", op: "lrp", src: &[F_ONE, F_NZERO, FIVE], cr0: RTNE, want: F_ZERO },
        One { ty: "f", op: "lrp", src: &[F_ONE, F_NZERO, FIVE], cr0: RD, want: F_NZERO },
    ] },
    Group { g: "denormal", d: "Denormals per %cr0 bit 7: src0 = 1/2, src1 = 2^-126 (0x00800000), src2 = 0: 2^-127 is the denormal 0x00400000 when F denormals are \
            kept, +0 when flushed. src0 = 1, src1 = 2^-149 (0x00000001), src2 = 1: kept, 2^-149 + 1*0 = 0x00000001; flushed, src1 reads +0 and the sum is \
            +0.", rows: &[
        One { ty: "f", op: "lrp", src: &[F_HALF, 0x0080_0000, F_ZERO], cr0: RTNE | KEEP_F, want: 0x0040_0000 },
        One { ty: "f", op: "lrp", src: &[F_HALF, 0x0080_0000, F_ZERO], cr0: RTNE, want: F_ZERO },
        One { ty: "f", op: "lrp", src: &[F_ONE, 0x0000_0001, F_ONE], cr0: RTNE | KEEP_F, want: 0x0000_0001 },
        One { ty: "f", op: "lrp", src: &[F_ONE, 0x0000_0001, F_ONE], cr0: RTNE, want: F_ZERO },
    ] },
];

/// Scalar broadcast and contiguous elements (Notes).
#[rustfmt::skip]
fn scalar_lanes(rows: &mut Rows) {
    let d = "Notes: a scalar source (<0;1,0>) is broadcast: src0 = 1/4 in every lane; src1 and src2 read contiguous elements ([8, 16, 4, 0] and [4, 0, 8, 12]): 2 + 3 = 5, 4 + 0 = 4, 1 + 6 = 7, 0 + 9 = 9; V1's other elements keep their zeros.";
    rows.add("lanes", four_lanes("lrp (M1, 4) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<4;4,1> V4(0,0)<1;1,0>").expect_lanes("V1", DataType::F, &four_results(0)).derived(d));
}

/// Erratum LRP-REGION.
#[rustfmt::skip]
fn regions(rows: &mut Rows) {
    let e = errata::LRP_REGION;
    let d = "LRP-REGION: src1 written <0;2,1> (lanes would read elements 0, 1, 0, 1) is neither scalar nor contiguous. Literal (the Notes): the region is ignored and src1's four contiguous elements are read, as in the broadcast row: [5, 4, 7, 9]. Resolved: invalid-instruction, field src1.";
    let text = "lrp (M1, 4) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<0;2,1> V4(0,0)<4;4,1>";
    rows.add("region", four_lanes(text).expect_lanes("V1", DataType::F, &four_results(0)).literal(e).derived(d));
    rows.add("region", Row::new(XeHpg, format!("{DECLS4}{text}\n")).expect_invalid("src1").tag(e).derived(d));
    let d = "LRP-REGION: a destination stride of 2. Literal (the Notes): contiguous elements are written: V1 = [5, 4, 7, 9, 0, 0, 0, 0]. Resolved: invalid-instruction, field dst.";
    let text = "lrp (M1, 4) V1(0,0)<2> V2(0,0)<0;1,0> V3(0,0)<4;4,1> V4(0,0)<4;4,1>";
    rows.add("region", four_lanes(text).expect_lanes("V1", DataType::F, &four_results(0)).literal(e).derived(d));
    rows.add("region", Row::new(XeHpg, format!("{DECLS4}{text}\n")).expect_invalid("dst").tag(e).derived(d));
}

/// Erratum LRP-PLN-ALIGNMENT.
#[rustfmt::skip]
fn alignment(rows: &mut Rows) {
    let e = errata::LRP_PLN_ALIGNMENT;
    let d = "LRP-PLN-ALIGNMENT: the destination V1(0,1) starts at register byte 4 of V1 (a GRF-aligned variable). Literal (Notes: 16-byte aligned): invalid-instruction, field dst. Resolved: no such rule; V1[1..4] = [5, 4, 7, 9].";
    let text = "lrp (M1, 4) V1(0,1)<1> V2(0,0)<0;1,0> V3(0,0)<4;4,1> V4(0,0)<4;4,1>";
    rows.add("alignment", Row::new(XeHpg, format!("{DECLS4}{text}\n")).expect_invalid("dst").literal(e).derived(d));
    rows.add("alignment", four_lanes(text).expect_lanes("V1", DataType::F, &four_results(1)).tag(e).derived(d));
    let d = "LRP-PLN-ALIGNMENT: src2 V4(0,2) starts at byte 8. Literal: invalid-instruction, field src2. Resolved: src2 reads V4[2..5] = [8, 12, 0, 0]: 8/4 + 8*3/4 = 8, 16/4 + 12*3/4 = 13, 4/4 + 0 = 1, 0.";
    let text = "lrp (M1, 4) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<4;4,1> V4(0,2)<4;4,1>";
    rows.add("alignment", Row::new(XeHpg, format!("{DECLS4}{text}\n")).expect_invalid("src2").literal(e).derived(d));
    rows.add("alignment", four_lanes(text).expect_lanes("V1", DataType::F, &[EIGHT, 0x4150_0000, F_ONE, 0, 0, 0, 0, 0]).tag(e).derived(d));
    let d = "LRP-PLN-ALIGNMENT, literal: a scalar source is exempt (Notes: except for scalar source operands): src0 V2(0,1)<0;1,0> at byte 4 is valid; it reads V2[1] = 0, so every lane is src2: [4, 0, 8, 12].";
    rows.add("alignment", four_lanes("lrp (M1, 4) V1(0,0)<1> V2(0,1)<0;1,0> V3(0,0)<4;4,1> V4(0,0)<4;4,1>")
        .expect_lanes("V1", DataType::F, &[FOUR, 0, EIGHT, 0x4140_0000, 0, 0, 0, 0]).literal(e).derived(d));
}

/// Platforms, types and operand classes.
#[rustfmt::skip]
const FORMS: &[Group] = &[
    Group { g: "platforms", d: "LRP-PLN-PLATFORMS, literal reading: the per-platform appendix lists LRP on BDW, SKL and BXT only: gen9 runs it, every other modelled \
            platform rejects it (field opcode).", rows: &[
        SklOnly { erratum: errata::LRP_PLN_PLATFORMS, text: "lrp (M1, 8) VF(0,0)<1> VF(0,0)<8;8,1> VF(0,0)<8;8,1> VF(0,0)<8;8,1>" },
    ] },
    Group { g: "types", d: "Src0, Src1 and Src2 take immediates (operand class general, immediate): broadcast like scalars; runs from the zeroed \
            state.", rows: &[Valid { text: "lrp (M1, 8) VF(0,0)<1> 0x3e800000:f VF(1,0)<8;8,1> 0x40800000:f" }] },
    Group { g: "types", d: "Supported Types: F only: an HF form has no type (validation names the destination, as for every ALU \
            form).", rows: &[Invalid { text: "lrp (M1, 8) VHF(0,0)<1> VHF(0,0)<0;1,0> VHF(0,0)<0;1,0> VHF(0,0)<0;1,0>", field: "dst" }] },
    Group { g: "types", d: "Supported Types: F only: DF is invalid.", rows: &[Invalid { text: "lrp (M1, 8) VDF(0,0)<1> VDF(0,0)<0;1,0> VDF(0,0)<0;1,0> \
            VDF(0,0)<0;1,0>", field: "dst" }] },
    Group { g: "types", d: "Supported Types: F only: a D source is invalid.", rows: &[Invalid { text: "lrp (M1, 8) VF(0,0)<1> VD(0,0)<0;1,0> VF(1,0)<0;1,0> \
            VF(2,0)<0;1,0>", field: "dst" }] },
];

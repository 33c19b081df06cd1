//! BFI (instructions/BFI.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_both, form_row, grouped, table, Group, Lane, BITS_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "bfi", file: "catalog/alu/bfi.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "BFE, BFI: execution size 2 is invalid (Notes, Restriction).",
        BITS_DECLS, "bfi (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    form_both(rows, "forms", "BFE-BFI-ALIGNMENT: VUD(0,1) starts at byte 4, not 16-byte aligned, with exec size 4.",
        BITS_DECLS, errata::BFE_BFI_ALIGNMENT, "bfi (M1, 4) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,2)<1;1,0> VUD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. Width 0: bitmask 0 → src3.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 0), ("ud", 5), ("ud", 0xffff_ffff), ("ud", 0x1234_5678)], want: 0x1234_5678 }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 8 bits at 8: bitmask 0xFF00: (0xAB00 & 0xFF00) | (0xFFFFFFFF \
        & 0xFFFF00FF) = 0xFFFFABFF.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 8), ("ud", 8), ("ud", 0xab), ("ud", 0xffff_ffff)], want: 0xffff_abff }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 1 bit at 31: bitmask 0x80000000: 0x80000000 | 0 = 0x80000000.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 1), ("ud", 31), ("ud", 1), ("ud", 0)], want: 0x8000_0000 }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 4 bits at 28 (sum 32): bitmask 0xF0000000: 0xA0000000 | \
        (0x0FFFFFFF & 0x0FFFFFFF).",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 4), ("ud", 28), ("ud", 0xa), ("ud", 0x0fff_ffff)], want: 0xafff_ffff }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 4 bits at 30 (sum 34): bitmask 0xF << 30 keeps 0xC0000000 in \
        32 bits; 0xF << 30 → 0xC0000000: the field's upper bits fall off.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 4), ("ud", 30), ("ud", 0xf), ("ud", 0)], want: 0xc000_0000 }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 31 bits at 31: bitmask 0x7FFFFFFF << 31 → 0x80000000; (1 << \
        31) | 0x7FFFFFFF = 0xFFFFFFFF.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 31), ("ud", 31), ("ud", 1), ("ud", 0x7fff_ffff)], want: 0xffff_ffff }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. Masking: width 36 & 0x1F = 4, offset 33 & 0x1F = 1: bitmask \
        0x1E: (0xF << 1) & 0x1E = 0x1E.",
        rows: &[Lane { op: "bfi", dst: "ud", srcs: &[("ud", 36), ("ud", 33), ("ud", 0xf), ("ud", 0)], want: 0x1e }] },
    Group { d: "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. D: the same bits: 8 bits at 0 of -1 into 0 → 0xFF (no sign \
        extension in BFI).",
        rows: &[Lane { op: "bfi", dst: "d", srcs: &[("d", 8), ("d", 0), ("d", 0xffff_ffff), ("d", 0)], want: 0xff }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "bfi (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1 S2 S3 (all `<0;1,0>:T`) instructions/BFI.md: width = src0 & 0x1F, offset = src1 & 0x1F, bitmask = ((1 << \
        width) - 1) << offset in 32 bits; ((src2 << offset) & bitmask) | (src3 & ~bitmask).", rows: &[
        Simd8 { case: "width_0", op: "bfi", dst: UD, srcs: &[o(UD, 0), o(UD, 8), o(UD, 0xFFFF_FFFF), o(UD, 0x1234_5678)], want: 0x1234_5678, note: "" },
        Simd8 { case: "width_32_masked_to_0", op: "bfi", dst: UD, srcs: &[o(UD, 32), o(UD, 8), o(UD, 0xFFFF_FFFF), o(UD, 0x1234_5678)], want: 0x1234_5678, note: "" },
        Simd8 { case: "byte_1", op: "bfi", dst: UD, srcs: &[o(UD, 8), o(UD, 8), o(UD, 0xAB), o(UD, 0x1234_5678)], want: 0x1234_AB78, note: "bitmask 0x0000FF00" },
        Simd8 { case: "insert_truncated", op: "bfi", dst: UD, srcs: &[o(UD, 8), o(UD, 8), o(UD, 0xFFAB), o(UD, 0x1234_5678)], want: 0x1234_AB78,
            note: "src2's bits above the field are dropped" },
        Simd8 { case: "offset_31", op: "bfi", dst: UD, srcs: &[o(UD, 4), o(UD, 31), o(UD, 0xF), o(UD, 0x1234_5678)], want: 0x9234_5678,
            note: "bitmask 0xF << 31 = 0x80000000 in 32 bits" },
        Simd8 { case: "sum_32", op: "bfi", dst: UD, srcs: &[o(UD, 31), o(UD, 1), o(UD, 0xFFFF_FFFF), o(UD, 0x1234_5678)], want: 0xFFFF_FFFE,
            note: "bitmask 0xFFFFFFFE; bit 0 of src3 (0) kept" },
        Simd8 { case: "sum_over_32", op: "bfi", dst: UD, srcs: &[o(UD, 8), o(UD, 28), o(UD, 0xAB), o(UD, 0x1234_5678)], want: 0xB234_5678,
            note: "bitmask 0xFF << 28 = 0xF0000000; 0xAB << 28 = 0xB0000000" },
        Simd8 { case: "d", op: "bfi", dst: D, srcs: &[o(D, 4), o(D, 0), o(D, -1), o(D, 0)], want: 0xF, note: "" },
        Simd8 { case: "d_offset_33_masked_to_1", op: "bfi", dst: D, srcs: &[o(D, 4), o(D, 33), o(D, -1), o(D, 0)], want: 0x1E, note: "offset 33 & 0x1F = 1: bitmask 0x1E" },
    ] },
];

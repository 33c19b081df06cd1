//! BFI (instructions/BFI.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, form_row, one, BITS_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "bfi",
    file: "catalog/alu/bfi.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. Width 0: bitmask 0 → src3.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[
            ("ud", 0),
            ("ud", 5),
            ("ud", 0xffff_ffff),
            ("ud", 0x1234_5678),
        ],
        0x1234_5678,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 8 bits at 8: bitmask 0xFF00: (0xAB00 & 0xFF00) | (0xFFFFFFFF & 0xFFFF00FF) = 0xFFFFABFF.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 8), ("ud", 8), ("ud", 0xab), ("ud", 0xffff_ffff)],
        0xffff_abff,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 1 bit at 31: bitmask 0x80000000: 0x80000000 | 0 = 0x80000000.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 1), ("ud", 31), ("ud", 1), ("ud", 0)],
        0x8000_0000,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 4 bits at 28 (sum 32): bitmask 0xF0000000: 0xA0000000 | (0x0FFFFFFF & 0x0FFFFFFF).";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 4), ("ud", 28), ("ud", 0xa), ("ud", 0x0fff_ffff)],
        0xafff_ffff,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 4 bits at 30 (sum 34): bitmask 0xF << 30 keeps 0xC0000000 in 32 bits; 0xF << 30 → 0xC0000000: the field's upper bits fall off.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 4), ("ud", 30), ("ud", 0xf), ("ud", 0)],
        0xc000_0000,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. 31 bits at 31: bitmask 0x7FFFFFFF << 31 → 0x80000000; (1 << 31) | 0x7FFFFFFF = 0xFFFFFFFF.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 31), ("ud", 31), ("ud", 1), ("ud", 0x7fff_ffff)],
        0xffff_ffff,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. Masking: width 36 & 0x1F = 4, offset 33 & 0x1F = 1: bitmask 0x1E: (0xF << 1) & 0x1E = 0x1E.";
    one(
        rows,
        "values",
        d,
        "bfi",
        "ud",
        &[("ud", 36), ("ud", 33), ("ud", 0xf), ("ud", 0)],
        0x1e,
    );
    let d = "BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits. D: the same bits: 8 bits at 0 of -1 into 0 → 0xFF (no sign extension in BFI).";
    one(
        rows,
        "values",
        d,
        "bfi",
        "d",
        &[("d", 8), ("d", 0), ("d", 0xffff_ffff), ("d", 0)],
        0xff,
    );
    let d = "BFE, BFI: execution size 2 is invalid (Notes, Restriction).";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "bfi (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "BFE-BFI-ALIGNMENT: VUD(0,1) starts at byte 4, not 16-byte aligned, with exec size 4.";
    form_both(
        rows,
        "forms",
        d,
        BITS_DECLS,
        errata::BFE_BFI_ALIGNMENT,
        "bfi (M1, 4) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,2)<1;1,0> VUD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "bfi (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1 S2 S3 (all `<0;1,0>:T`) instructions/BFI.md: width = src0 & 0x1F, offset = src1 & 0x1F, bitmask = ((1 << width) - 1) << offset in 32 bits; ((src2 << offset) & bitmask) | (src3 & ~bitmask).";
    simd::bfi(
        rows,
        &why(d, "width_0", ""),
        UD,
        0,
        8,
        0xFFFF_FFFF,
        0x1234_5678,
        0x1234_5678,
    );
    simd::bfi(
        rows,
        &why(d, "width_32_masked_to_0", ""),
        UD,
        32,
        8,
        0xFFFF_FFFF,
        0x1234_5678,
        0x1234_5678,
    );
    simd::bfi(
        rows,
        &why(d, "byte_1", "bitmask 0x0000FF00"),
        UD,
        8,
        8,
        0xAB,
        0x1234_5678,
        0x1234_AB78,
    );
    simd::bfi(
        rows,
        &why(
            d,
            "insert_truncated",
            "src2's bits above the field are dropped",
        ),
        UD,
        8,
        8,
        0xFFAB,
        0x1234_5678,
        0x1234_AB78,
    );
    simd::bfi(
        rows,
        &why(d, "offset_31", "bitmask 0xF << 31 = 0x80000000 in 32 bits"),
        UD,
        4,
        31,
        0xF,
        0x1234_5678,
        0x9234_5678,
    );
    simd::bfi(
        rows,
        &why(d, "sum_32", "bitmask 0xFFFFFFFE; bit 0 of src3 (0) kept"),
        UD,
        31,
        1,
        0xFFFF_FFFF,
        0x1234_5678,
        0xFFFF_FFFE,
    );
    simd::bfi(
        rows,
        &why(
            d,
            "sum_over_32",
            "bitmask 0xFF << 28 = 0xF0000000; 0xAB << 28 = 0xB0000000",
        ),
        UD,
        8,
        28,
        0xAB,
        0x1234_5678,
        0xB234_5678,
    );
    simd::bfi(rows, &why(d, "d", ""), D, 4, 0, -1, 0, 0xF);
    simd::bfi(
        rows,
        &why(
            d,
            "d_offset_33_masked_to_1",
            "offset 33 & 0x1F = 1: bitmask 0x1E",
        ),
        D,
        4,
        33,
        -1,
        0,
        0x1E,
    );
}

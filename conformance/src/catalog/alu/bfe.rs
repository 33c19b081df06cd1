//! BFE (instructions/BFE.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{both, form_both, form_row, BITS_DECLS};
use crate::catalog::build::form;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "bfe",
    file: "catalog/alu/bfe.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). Width 0 → 0 (resolved: the special case; literal: mask (1 << 0) - 1 = 0).";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 0), ("ud", 0), ("ud", 0xffff_ffff)],
        0,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 0), ("d", 0), ("d", 0xffff_ffff)],
        0,
        0,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). 8 bits at 4 of 0xFF0 = 0xFF. UD: both readings 0xFF. D: the field's top bit is set, so the resolved reading sign-extends to 0xFFFFFFFF; the literal mask keeps 0xFF.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 8), ("ud", 4), ("ud", 0x0000_0ff0)],
        0xff,
        0xff,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 8), ("d", 4), ("d", 0x0000_0ff0)],
        0xffff_ffff,
        0xff,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). 8 bits at 4 of 0x7F0 = 0x7F, top bit clear: 0x7F in both readings and types.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 8), ("d", 4), ("d", 0x0000_07f0)],
        0x7f,
        0x7f,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 31, width 1 (offset + width = 32): UD 0x80000000 → src2 >> 31 = 1 (both). D: resolved src2 >> 31 arithmetic = -1; literal (-1) & 1 = 1.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 1), ("ud", 31), ("ud", 0x8000_0000)],
        1,
        1,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 1), ("d", 31), ("d", 0x8000_0000)],
        0xffff_ffff,
        1,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 28, width 4 (sum 32): D 0x70000000 → 7 in both; D 0xF0000000 → resolved -1, literal (0xF0000000 >> 28 = -1) & 0xF = 0xF.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 4), ("d", 28), ("d", 0x7000_0000)],
        7,
        7,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 4), ("d", 28), ("d", 0xf000_0000)],
        0xffff_ffff,
        0xf,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 31, width 31 (sum 62 > 32): UD 0x80000000 → 1 both. D: resolved src2 >> 31 = -1; literal -1 & 0x7FFFFFFF = 0x7FFFFFFF.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 31), ("ud", 31), ("ud", 0x8000_0000)],
        1,
        1,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 31), ("d", 31), ("d", 0x8000_0000)],
        0xffff_ffff,
        0x7fff_ffff,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 27, width 4 (sum 31 < 32): bits 30..27 of 0x78000000 are 1111. D resolved: (0x78000000 << 1) >> 28 = 0xF0000000 >> 28 (arithmetic) = -1; literal (>> 27) & 0xF = 0xF.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 4), ("d", 27), ("d", 0x7800_0000)],
        0xffff_ffff,
        0xf,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 4), ("ud", 27), ("ud", 0x7800_0000)],
        0xf,
        0xf,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). width 31 at 0 of -1: UD 0x7FFFFFFF both; D resolved (x << 1) >> 1 arithmetic = -1, literal 0x7FFFFFFF.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 31), ("ud", 0), ("ud", 0xffff_ffff)],
        0x7fff_ffff,
        0x7fff_ffff,
    );
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "d",
        &[("d", 31), ("d", 0), ("d", 0xffff_ffff)],
        0xffff_ffff,
        0x7fff_ffff,
    );
    let d = "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). Masking: width 33 & 0x1F = 1, offset 32 & 0x1F = 0: bit 0 of 3 → 1.";
    both(
        rows,
        "values",
        d,
        errata::BFE_SIGN_EXTENSION,
        "bfe",
        "ud",
        &[("ud", 33), ("ud", 32), ("ud", 3)],
        1,
        1,
    );
    let d = "BFE, BFI: execution size 2 is invalid (Notes, Restriction).";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "bfe (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "BFE: D and UD do not mix.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "bfe (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "BFE-BFI-ALIGNMENT: VUD(0,1) starts at byte 4, not 16-byte aligned, with exec size 4.";
    form_both(
        rows,
        "forms",
        d,
        BITS_DECLS,
        errata::BFE_BFI_ALIGNMENT,
        "bfe (M1, 4) VUD(0,1)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Execution size 1 is exempt, and VUD(0,4) starts at byte 16: both valid under the \
             literal reading of BFE-BFI-ALIGNMENT.";
    let one = "bfe (M1, 1) VUD(0,1)<1> VUD(0,3)<0;1,0> VUD(0,0)<0;1,0> VUD(0,0)<0;1,0>";
    let aligned = "bfe (M1, 4) VUD(0,4)<1> VUD(0,0)<1;1,0> 0x3:ud VUD(1,0)<1;1,0>";
    for text in [one, aligned] {
        rows.add(
            "forms",
            form(BITS_DECLS, text, None)
                .literal(errata::BFE_BFI_ALIGNMENT)
                .derived(d),
        );
    }
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "bfe (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1(0,0)<0;1,0>:T S2(0,0)<0;1,0>:T width = src0 & 0x1F, offset = src1 & 0x1F. Resolved BFE-SIGN-EXTENSION: width 0 gives 0; if offset + width < 32, (src2 << (32 - width - offset)) >> (32 - width), else src2 >> offset, the right shifts arithmetic for D. Literal: (src2 >> offset) & ((1 << width) - 1), `>>` arithmetic for D, the mask zero-extending the field.";
    simd::bfe(rows, &why(d, "ud_width_0", ""), UD, 0, 4, 0xFFFF_FFFF, 0, 0);
    simd::bfe(
        rows,
        &why(d, "ud_width_32_masked_to_0", ""),
        UD,
        32,
        0,
        0xFFFF_FFFF,
        0,
        0,
    );
    simd::bfe(
        rows,
        &why(d, "ud_middle", "bits 4..12 of 0x12345678: 0x67"),
        UD,
        8,
        4,
        0x1234_5678,
        0x67,
        0x67,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "ud_offset_33_masked_to_1",
            "offset 33 & 0x1F = 1: bits 1..9 of 0x12345678 = 0x3C",
        ),
        UD,
        8,
        33,
        0x1234_5678,
        0x3C,
        0x3C,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "ud_offset_31",
            "offset 31, width 1: offset + width = 32, src2 >> 31",
        ),
        UD,
        1,
        31,
        0x8000_0000,
        1,
        1,
    );
    simd::bfe(
        rows,
        &why(d, "ud_sum_32", "offset + width = 32: bits 1..32"),
        UD,
        31,
        1,
        0xFFFF_FFFF,
        0x7FFF_FFFF,
        0x7FFF_FFFF,
    );
    simd::bfe(
        rows,
        &why(d, "ud_top_nibble", ""),
        UD,
        4,
        28,
        0xF000_0000,
        0xF,
        0xF,
    );
    simd::bfe(
        rows,
        &why(d, "ud_sum_over_32", "offset + width = 62 > 32: src2 >> 31"),
        UD,
        31,
        31,
        0x8000_0000,
        1,
        1,
    );
    simd::bfe(rows, &why(d, "d_width_0", ""), D, 0, 0, -1, 0, 0);
    simd::bfe(
        rows,
        &why(
            d,
            "d_negative_field",
            "field 0xF8 of 0x00000F80 has its top bit set: resolved sign-extends to -8",
        ),
        D,
        8,
        4,
        0x0000_0F80,
        -8,
        0xF8,
    );
    simd::bfe(
        rows,
        &why(d, "d_positive_field", ""),
        D,
        8,
        4,
        0x0000_0700,
        0x70,
        0x70,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "d_offset_31",
            "offset + width = 32: INT_MIN >> 31 = -1 (arithmetic); literal masks it to 1",
        ),
        D,
        1,
        31,
        INT_MIN,
        -1,
        1,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "d_sum_over_32",
            "offset + width = 34: INT_MIN >> 30 = -2 = 0xFFFFFFFE; literal keeps 4 bits: 0xE",
        ),
        D,
        4,
        30,
        INT_MIN,
        -2,
        0xE,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "d_width_31",
            "31-bit field 0x40000000 has its top bit set: -2^30; literal keeps it positive",
        ),
        D,
        31,
        0,
        0x4000_0000,
        -0x4000_0000,
        0x4000_0000,
    );
    simd::bfe(
        rows,
        &why(
            d,
            "d_sum_32",
            "offset + width = 32: -1 >> 1 = -1; literal masks to 31 bits",
        ),
        D,
        31,
        1,
        -1,
        -1,
        0x7FFF_FFFF,
    );
}

//! BFE (instructions/BFE.md): hand-derived rows, each with its derivation.

use super::simd::{Bfe8, *};
use super::{form_both, grouped, table, Form, Group, LaneReadings, BITS_DECLS};
use crate::catalog::build::form;
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "bfe", file: "catalog/alu/bfe.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "forms", FORMS);
    form_both(rows, "forms", "BFE-BFI-ALIGNMENT: VUD(0,1) starts at byte 4, not 16-byte aligned, with exec size 4.",
        BITS_DECLS, errata::BFE_BFI_ALIGNMENT, "bfe (M1, 4) VUD(0,1)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    let one = "bfe (M1, 1) VUD(0,1)<1> VUD(0,3)<0;1,0> VUD(0,0)<0;1,0> VUD(0,0)<0;1,0>";
    let aligned = "bfe (M1, 4) VUD(0,4)<1> VUD(0,0)<1;1,0> 0x3:ud VUD(1,0)<1;1,0>";
    let d = "Execution size 1 is exempt, and VUD(0,4) starts at byte 16: both valid under the literal reading of BFE-BFI-ALIGNMENT.";
    for text in [one, aligned] {
        rows.add("forms", form(BITS_DECLS, text, None).literal(errata::BFE_BFI_ALIGNMENT).derived(d));
    }
    // The multi-lane rows (built with `super::simd`).
    table(rows, BFE8);
}

#[rustfmt::skip]
const VALUES: &[Group<LaneReadings>] = &[
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). Width 0 → 0 (resolved: the special case; literal: mask (1 << 0) \
        - 1 = 0).", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 0), ("ud", 0), ("ud", 0xffff_ffff)], resolved: 0, literal: 0 },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 0), ("d", 0), ("d", 0xffff_ffff)], resolved: 0, literal: 0 },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). 8 bits at 4 of 0xFF0 = 0xFF. UD: both readings 0xFF. D: the \
        field's top bit is set, so the resolved reading sign-extends to 0xFFFFFFFF; the literal mask keeps 0xFF.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 8), ("ud", 4), ("ud", 0x0000_0ff0)], resolved: 0xff, literal: 0xff },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 8), ("d", 4), ("d", 0x0000_0ff0)], resolved: 0xffff_ffff, literal: 0xff },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). 8 bits at 4 of 0x7F0 = 0x7F, top bit clear: 0x7F in both \
        readings and types.",
        rows: &[LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 8), ("d", 4), ("d", 0x0000_07f0)], resolved: 0x7f, literal: 0x7f }] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 31, width 1 (offset + width = 32): UD 0x80000000 → src2 \
        >> 31 = 1 (both). D: resolved src2 >> 31 arithmetic = -1; literal (-1) & 1 = 1.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 1), ("ud", 31), ("ud", 0x8000_0000)], resolved: 1, literal: 1 },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 1), ("d", 31), ("d", 0x8000_0000)], resolved: 0xffff_ffff, literal: 1 },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 28, width 4 (sum 32): D 0x70000000 → 7 in both; D \
        0xF0000000 → resolved -1, literal (0xF0000000 >> 28 = -1) & 0xF = 0xF.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 4), ("d", 28), ("d", 0x7000_0000)], resolved: 7, literal: 7 },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 4), ("d", 28), ("d", 0xf000_0000)], resolved: 0xffff_ffff, literal: 0xf },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 31, width 31 (sum 62 > 32): UD 0x80000000 → 1 both. D: \
        resolved src2 >> 31 = -1; literal -1 & 0x7FFFFFFF = 0x7FFFFFFF.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 31), ("ud", 31), ("ud", 0x8000_0000)], resolved: 1, literal: 1 },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 31), ("d", 31), ("d", 0x8000_0000)], resolved: 0xffff_ffff, literal: 0x7fff_ffff },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). offset 27, width 4 (sum 31 < 32): bits 30..27 of 0x78000000 are \
        1111. D resolved: (0x78000000 << 1) >> 28 = 0xF0000000 >> 28 (arithmetic) = -1; literal (>> 27) & 0xF = 0xF.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 4), ("d", 27), ("d", 0x7800_0000)], resolved: 0xffff_ffff, literal: 0xf },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 4), ("ud", 27), ("ud", 0x7800_0000)], resolved: 0xf, literal: 0xf },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). width 31 at 0 of -1: UD 0x7FFFFFFF both; D resolved (x << 1) >> \
        1 arithmetic = -1, literal 0x7FFFFFFF.", rows: &[
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 31), ("ud", 0), ("ud", 0xffff_ffff)], resolved: 0x7fff_ffff, literal: 0x7fff_ffff },
        LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "d", srcs: &[("d", 31), ("d", 0), ("d", 0xffff_ffff)], resolved: 0xffff_ffff, literal: 0x7fff_ffff },
    ] },
    Group { d: "BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal). Masking: width 33 & 0x1F = 1, offset 32 & 0x1F = 0: bit 0 of 3 → \
        1.",
        rows: &[LaneReadings { erratum: errata::BFE_SIGN_EXTENSION, op: "bfe", dst: "ud", srcs: &[("ud", 33), ("ud", 32), ("ud", 3)], resolved: 1, literal: 1 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "BFE, BFI: execution size 2 is invalid (Notes, Restriction).",
        rows: &[Form { decls: BITS_DECLS, text: "bfe (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "BFE: D and UD do not mix.",
        rows: &[Form { decls: BITS_DECLS, text: "bfe (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const BFE8: &[Group<Bfe8>] = &[
    Group { d: "bfe (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1(0,0)<0;1,0>:T S2(0,0)<0;1,0>:T width = src0 & 0x1F, offset = src1 & 0x1F. Resolved BFE-SIGN-EXTENSION: \
        width 0 gives 0; if offset + width < 32, (src2 << (32 - width - offset)) >> (32 - width), else src2 >> offset, the right shifts arithmetic for D. Literal: \
        (src2 >> offset) & ((1 << width) - 1), `>>` arithmetic for D, the mask zero-extending the field.", rows: &[
        Bfe8 { case: "ud_width_0", ty: UD, width: 0, offset: 4, s2: 0xFFFF_FFFF, resolved: 0, literal: 0, note: "" },
        Bfe8 { case: "ud_width_32_masked_to_0", ty: UD, width: 32, offset: 0, s2: 0xFFFF_FFFF, resolved: 0, literal: 0, note: "" },
        Bfe8 { case: "ud_middle", ty: UD, width: 8, offset: 4, s2: 0x1234_5678, resolved: 0x67, literal: 0x67, note: "bits 4..12 of 0x12345678: 0x67" },
        Bfe8 { case: "ud_offset_33_masked_to_1", ty: UD, width: 8, offset: 33, s2: 0x1234_5678, resolved: 0x3C, literal: 0x3C,
            note: "offset 33 & 0x1F = 1: bits 1..9 of 0x12345678 = 0x3C" },
        Bfe8 { case: "ud_offset_31", ty: UD, width: 1, offset: 31, s2: 0x8000_0000, resolved: 1, literal: 1, note: "offset 31, width 1: offset + width = 32, src2 >> 31" },
        Bfe8 { case: "ud_sum_32", ty: UD, width: 31, offset: 1, s2: 0xFFFF_FFFF, resolved: 0x7FFF_FFFF, literal: 0x7FFF_FFFF, note: "offset + width = 32: bits 1..32" },
        Bfe8 { case: "ud_top_nibble", ty: UD, width: 4, offset: 28, s2: 0xF000_0000, resolved: 0xF, literal: 0xF, note: "" },
        Bfe8 { case: "ud_sum_over_32", ty: UD, width: 31, offset: 31, s2: 0x8000_0000, resolved: 1, literal: 1, note: "offset + width = 62 > 32: src2 >> 31" },
        Bfe8 { case: "d_width_0", ty: D, width: 0, offset: 0, s2: -1, resolved: 0, literal: 0, note: "" },
        Bfe8 { case: "d_negative_field", ty: D, width: 8, offset: 4, s2: 0x0000_0F80, resolved: -8, literal: 0xF8,
            note: "field 0xF8 of 0x00000F80 has its top bit set: resolved sign-extends to -8" },
        Bfe8 { case: "d_positive_field", ty: D, width: 8, offset: 4, s2: 0x0000_0700, resolved: 0x70, literal: 0x70, note: "" },
        Bfe8 { case: "d_offset_31", ty: D, width: 1, offset: 31, s2: INT_MIN, resolved: -1, literal: 1,
            note: "offset + width = 32: INT_MIN >> 31 = -1 (arithmetic); literal masks it to 1" },
        Bfe8 { case: "d_sum_over_32", ty: D, width: 4, offset: 30, s2: INT_MIN, resolved: -2, literal: 0xE,
            note: "offset + width = 34: INT_MIN >> 30 = -2 = 0xFFFFFFFE; literal keeps 4 bits: 0xE" },
        Bfe8 { case: "d_width_31", ty: D, width: 31, offset: 0, s2: 0x4000_0000, resolved: -0x4000_0000, literal: 0x4000_0000,
            note: "31-bit field 0x40000000 has its top bit set: -2^30; literal keeps it positive" },
        Bfe8 { case: "d_sum_32", ty: D, width: 31, offset: 1, s2: -1, resolved: -1, literal: 0x7FFF_FFFF, note: "offset + width = 32: -1 >> 1 = -1; literal masks to 31 bits" },
    ] },
];

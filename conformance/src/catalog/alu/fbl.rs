//! FBL (instructions/FBL.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_both, form_row, grouped, table, Group, Lane, BITS_DECLS, NONE};
use crate::catalog::build::lane;
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "fbl", file: "catalog/alu/fbl.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.",
        BITS_DECLS, "fbl (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    source_types(rows);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "Trailing zeros; 0 → 0xFFFFFFFF (FBL-MISSING-BRACE: the else branch is the count).", rows: &[
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0)], want: NONE },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 1)], want: 0 },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0x8000_0000)], want: 31 },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0xffff_ffff)], want: 0 },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0x7fff_ffff)], want: 0 },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0x0001_0000)], want: 16 },
        Lane { op: "fbl", dst: "ud", srcs: &[("ud", 0xf0)], want: 4 },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "fbl (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/FBL.md: the trailing zeros; no bit set gives 0xFFFFFFFF.", rows: &[
        Simd8 { case: "zero", op: "fbl", dst: UD, srcs: &[o(UD, 0x0000_0000)], want: 0xFFFF_FFFF, note: "" },
        Simd8 { case: "all_ones", op: "fbl", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF)], want: 0, note: "" },
        Simd8 { case: "int_min", op: "fbl", dst: UD, srcs: &[o(UD, 0x8000_0000)], want: 31, note: "" },
        Simd8 { case: "int_max", op: "fbl", dst: UD, srcs: &[o(UD, 0x7FFF_FFFF)], want: 0, note: "" },
        Simd8 { case: "one", op: "fbl", dst: UD, srcs: &[o(UD, 0x0000_0001)], want: 0, note: "" },
        Simd8 { case: "bit_16", op: "fbl", dst: UD, srcs: &[o(UD, 0x0001_0000)], want: 16, note: "" },
        Simd8 { case: "bits_15_and_16", op: "fbl", dst: UD, srcs: &[o(UD, 0x0001_8000)], want: 15, note: "the lowest set bit counts" },
    ] },
];

/// FBL-SOURCE-TYPES: the narrow unsigned sources IGC writes, zero-extended to UD by the
/// Semantics' `UD udScalar = src0[i]`.
#[rustfmt::skip]
fn source_types(rows: &mut Rows) {
    let e = errata::FBL_SOURCE_TYPES;
    let d = "FBL-SOURCE-TYPES resolved: src0 = 0x8000:uw zero-extends to 0x00008000: 15 trailing zeros.";
    rows.add("source-types", lane("fbl", "ud", &[("uw", 0x8000)], 15).tag(e).derived(d));
    let d = "FBL-SOURCE-TYPES resolved: src0 = 0:uw is 0 as UD: no bit set, 0xFFFFFFFF.";
    rows.add("source-types", lane("fbl", "ud", &[("uw", 0)], NONE).tag(e).derived(d));
    let d = "FBL-SOURCE-TYPES resolved: src0 = 0x28:ub (0b101000) zero-extends to 0x28: 3 trailing zeros.";
    rows.add("source-types", lane("fbl", "ud", &[("ub", 0x28)], 3).tag(e).derived(d));
    form_both(rows, "source-types", "FBL-SOURCE-TYPES: a UW source is valid under the resolved reading, invalid under the literal one (Supported Types: UD).",
        BITS_DECLS, e, "fbl (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    form_row(rows, "source-types", "FBL-SOURCE-TYPES admits the unsigned narrow types only: a W source stays invalid.",
        BITS_DECLS, "fbl (M1, 8) VUD(0,0)<1> VW(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
}

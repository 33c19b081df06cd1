//! FBL (instructions/FBL.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_row, grouped, table, Group, Lane, BITS_DECLS, NONE};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "fbl", file: "catalog/alu/fbl.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.",
        BITS_DECLS, "fbl (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
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

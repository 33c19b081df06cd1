//! FBL (instructions/FBL.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, BITS_DECLS, NONE};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "fbl",
    file: "catalog/alu/fbl.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Trailing zeros; 0 → 0xFFFFFFFF (FBL-MISSING-BRACE: the else branch is the count).";
    one(rows, "values", d, "fbl", "ud", &[("ud", 0)], NONE);
    one(rows, "values", d, "fbl", "ud", &[("ud", 1)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x8000_0000)], 31);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0xffff_ffff)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x7fff_ffff)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x0001_0000)], 16);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0xf0)], 4);
    let d = "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "fbl (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "fbl (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/FBL.md: the trailing zeros; no bit set gives 0xFFFFFFFF.";
    simd::fbl(rows, &why(d, "zero", ""), 0x0000_0000, 0xFFFF_FFFF);
    simd::fbl(rows, &why(d, "all_ones", ""), 0xFFFF_FFFF, 0);
    simd::fbl(rows, &why(d, "int_min", ""), 0x8000_0000, 31);
    simd::fbl(rows, &why(d, "int_max", ""), 0x7FFF_FFFF, 0);
    simd::fbl(rows, &why(d, "one", ""), 0x0000_0001, 0);
    simd::fbl(rows, &why(d, "bit_16", ""), 0x0001_0000, 16);
    simd::fbl(
        rows,
        &why(d, "bits_15_and_16", "the lowest set bit counts"),
        0x0001_8000,
        15,
    );
}

//! BFREV (instructions/BFREV.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, BITS_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "bfrev",
    file: "catalog/alu/bfrev.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "dst[idx] = src0[31 - idx].";
    one(rows, "values", d, "bfrev", "ud", &[("ud", 0)], 0);
    one(rows, "values", d, "bfrev", "ud", &[("ud", 1)], 0x8000_0000);
    one(rows, "values", d, "bfrev", "ud", &[("ud", 0x8000_0000)], 1);
    one(
        rows,
        "values",
        d,
        "bfrev",
        "ud",
        &[("ud", 0xffff_ffff)],
        0xffff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "bfrev",
        "ud",
        &[("ud", 0x0000_ffff)],
        0xffff_0000,
    );
    let d = "0001 0010 0011 0100 0101 0110 0111 1000 reversed is 0001 1110 0110 1010 0010 1100 0100 1000 = 0x1E6A2C48.";
    one(
        rows,
        "values",
        d,
        "bfrev",
        "ud",
        &[("ud", 0x1234_5678)],
        0x1e6a_2c48,
    );
    let d = "Bit instructions take no source modifier and (but LZD) no .sat.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "bfrev (M1, 8) VUD(0,0)<1> ~VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "bfrev (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/BFREV.md: bit k of the result is bit 31-k of src0.";
    simd::bfrev(rows, &why(d, "zero", ""), 0x0000_0000, 0x0000_0000);
    simd::bfrev(rows, &why(d, "all_ones", ""), 0xFFFF_FFFF, 0xFFFF_FFFF);
    simd::bfrev(rows, &why(d, "one", ""), 0x0000_0001, 0x8000_0000);
    simd::bfrev(rows, &why(d, "int_min", ""), 0x8000_0000, 0x0000_0001);
    simd::bfrev(rows, &why(d, "low_half", ""), 0x0000_FFFF, 0xFFFF_0000);
    simd::bfrev(rows, &why(d, "nibbles", "0001 0010 0011 0100 0101 0110 0111 1000 read backwards: 0001 1110 0110 1010 0010 1100 0100 1000"), 0x1234_5678, 0x1E6A_2C48);
}

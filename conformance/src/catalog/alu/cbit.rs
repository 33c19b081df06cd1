//! CBIT (instructions/CBIT.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{both, form_row, BITS_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "cbit",
    file: "catalog/alu/cbit.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d =
        "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop.";
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0)],
        0,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 1)],
        1,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0xffff_ffff)],
        32,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x8000_0000)],
        1,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x7fff_ffff)],
        31,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x0101_0101)],
        4,
        0,
    );
    let d = "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop. Each source within its own width: UB 0xff → 8, UW 0xffff → 16, UW 0x8001 → 2.";
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ub", 0xff)],
        8,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("uw", 0xffff)],
        16,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("uw", 0x8001)],
        2,
        0,
    );
    let d = "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "cbit (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Bit instructions take no source modifier and (but LZD) no .sat.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "cbit.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "cbit (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:T0 Resolved CBIT-RESULT: the set bits of src0 in its own width. Literal: the loop shifts `val` down to 0 and writes `val`: always 0.";
    simd::cbit(rows, &why(d, "ub_zero", ""), UB, 0x00, 0);
    simd::cbit(rows, &why(d, "ub_all_ones", ""), UB, 0xFF, 8);
    simd::cbit(rows, &why(d, "ub_top_bit", ""), UB, 0x80, 1);
    simd::cbit(rows, &why(d, "uw_all_ones", ""), UW, 0xFFFF, 16);
    simd::cbit(rows, &why(d, "uw_two_bits", ""), UW, 0x8001, 2);
    simd::cbit(rows, &why(d, "ud_zero", ""), UD, 0x0000_0000, 0);
    simd::cbit(rows, &why(d, "ud_all_ones", ""), UD, 0xFFFF_FFFF, 32);
    simd::cbit(rows, &why(d, "ud_int_min", ""), UD, 0x8000_0000, 1);
    simd::cbit(rows, &why(d, "ud_int_max", ""), UD, 0x7FFF_FFFF, 31);
    simd::cbit(rows, &why(d, "ud_one", ""), UD, 0x0000_0001, 1);
    simd::cbit(rows, &why(d, "ud_alternating", ""), UD, 0xAAAA_AAAA, 16);
}

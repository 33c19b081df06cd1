//! LZD (instructions/LZD.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, lzd, BITS_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "lzd",
    file: "catalog/alu/lzd.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Leading zeros; 0 → the loop stops at cnt = 32.";
    lzd(rows, d, 0, 32);
    lzd(rows, d, 1, 31);
    lzd(rows, d, 0xffff_ffff, 0);
    lzd(rows, d, 0x8000_0000, 0);
    lzd(rows, d, 0x7fff_ffff, 1);
    lzd(rows, d, 0x0001_0000, 15);
    let d = "LZD-SAT: .sat is valid under the resolved reading (Text form), not the literal one.";
    form_both(
        rows,
        "forms",
        d,
        BITS_DECLS,
        errata::LZD_SAT,
        "lzd.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "lzd (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/LZD.md: the leading zeros; the loop stops at 32, so 0 gives 32.";
    simd::lzd(rows, &why(d, "zero", ""), 0x0000_0000, 32);
    simd::lzd(rows, &why(d, "all_ones", ""), 0xFFFF_FFFF, 0);
    simd::lzd(rows, &why(d, "int_min", ""), 0x8000_0000, 0);
    simd::lzd(rows, &why(d, "int_max", ""), 0x7FFF_FFFF, 1);
    simd::lzd(rows, &why(d, "one", ""), 0x0000_0001, 31);
    simd::lzd(rows, &why(d, "bit_16", ""), 0x0001_0000, 15);
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;
    use visa_spec::types::DataType::*;
    let d = "lzd.sat (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud with S0 = 0: the count (32) always \
             fits UD, so saturation changes nothing; LZD-SAT resolved admits `.sat` on LZD (its \
             Text form shows it).";
    let row = simd::bcast("lzd.sat", UD, &[simd::o(UD, 0)]).tag(visa_spec::errata::LZD_SAT);
    rows.add("simd8", simd::all8(row, UD, 32).derived(d));
}

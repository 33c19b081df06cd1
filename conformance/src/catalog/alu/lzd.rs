//! LZD (instructions/LZD.md): hand-derived rows, each with its derivation.

use super::simd::{self, Simd8, *};
use super::{form_both, table, Group, LzdSat, BITS_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "lzd", file: "catalog/alu/lzd.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, LZD_SAT);
    form_both(rows, "forms", "LZD-SAT: .sat is valid under the resolved reading (Text form), not the literal one.",
        BITS_DECLS, errata::LZD_SAT, "lzd.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    simd_programs(rows);
}

#[rustfmt::skip]
const LZD_SAT: &[Group<LzdSat>] = &[
    Group { d: "Leading zeros; 0 → the loop stops at cnt = 32.", rows: &[
        LzdSat { value: 0, want: 32 },
        LzdSat { value: 1, want: 31 },
        LzdSat { value: 0xffff_ffff, want: 0 },
        LzdSat { value: 0x8000_0000, want: 0 },
        LzdSat { value: 0x7fff_ffff, want: 1 },
        LzdSat { value: 0x0001_0000, want: 15 },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "lzd (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/LZD.md: the leading zeros; the loop stops at 32, so 0 gives 32.", rows: &[
        Simd8 { case: "zero", op: "lzd", dst: UD, srcs: &[o(UD, 0x0000_0000)], want: 32, note: "" },
        Simd8 { case: "all_ones", op: "lzd", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF)], want: 0, note: "" },
        Simd8 { case: "int_min", op: "lzd", dst: UD, srcs: &[o(UD, 0x8000_0000)], want: 0, note: "" },
        Simd8 { case: "int_max", op: "lzd", dst: UD, srcs: &[o(UD, 0x7FFF_FFFF)], want: 1, note: "" },
        Simd8 { case: "one", op: "lzd", dst: UD, srcs: &[o(UD, 0x0000_0001)], want: 31, note: "" },
        Simd8 { case: "bit_16", op: "lzd", dst: UD, srcs: &[o(UD, 0x0001_0000)], want: 15, note: "" },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let row = simd::bcast("lzd.sat", UD, &[simd::o(UD, 0)]).tag(visa_model::errata::LZD_SAT);
    let d = "lzd.sat (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud with S0 = 0: the count (32) always fits UD, so saturation changes nothing; LZD-SAT resolved admits \
        `.sat` on LZD (its Text form shows it).";
    rows.add("simd8", simd::all8(row, UD, 32).derived(d));
}

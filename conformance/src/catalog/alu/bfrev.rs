//! BFREV (instructions/BFREV.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{form_row, grouped, table, Group, Lane, BITS_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "bfrev", file: "catalog/alu/bfrev.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "Bit instructions take no source modifier and (but LZD) no .sat.",
        BITS_DECLS, "bfrev (M1, 8) VUD(0,0)<1> ~VUD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "dst[idx] = src0[31 - idx].", rows: &[
        Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 0)], want: 0 },
        Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 1)], want: 0x8000_0000 },
        Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 0x8000_0000)], want: 1 },
        Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 0xffff_ffff)], want: 0xffff_ffff },
        Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 0x0000_ffff)], want: 0xffff_0000 },
    ] },
    Group { d: "0001 0010 0011 0100 0101 0110 0111 1000 reversed is 0001 1110 0110 1010 0010 1100 0100 1000 = 0x1E6A2C48.",
        rows: &[Lane { op: "bfrev", dst: "ud", srcs: &[("ud", 0x1234_5678)], want: 0x1e6a_2c48 }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "bfrev (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud instructions/BFREV.md: bit k of the result is bit 31-k of src0.", rows: &[
        Simd8 { case: "zero", op: "bfrev", dst: UD, srcs: &[o(UD, 0x0000_0000)], want: 0x0000_0000, note: "" },
        Simd8 { case: "all_ones", op: "bfrev", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFF, note: "" },
        Simd8 { case: "one", op: "bfrev", dst: UD, srcs: &[o(UD, 0x0000_0001)], want: 0x8000_0000, note: "" },
        Simd8 { case: "int_min", op: "bfrev", dst: UD, srcs: &[o(UD, 0x8000_0000)], want: 0x0000_0001, note: "" },
        Simd8 { case: "low_half", op: "bfrev", dst: UD, srcs: &[o(UD, 0x0000_FFFF)], want: 0xFFFF_0000, note: "" },
        Simd8 { case: "nibbles", op: "bfrev", dst: UD, srcs: &[o(UD, 0x1234_5678)], want: 0x1E6A_2C48,
            note: "0001 0010 0011 0100 0101 0110 0111 1000 read backwards: 0001 1110 0110 1010 0010 1100 0100 1000" },
    ] },
];

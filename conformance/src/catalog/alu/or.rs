//! OR (instructions/OR.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{grouped, invalid_predicate_forms, qword_forms, table, Group, Lane, PredicateOperands};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "or", file: "catalog/alu/or.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    table(rows, &[Group { d: "M5 offsets channel n to bit 16+n: (0x00F0 | 0x0F00) << 16 = 0x0FF0_0000; bits 0..15 kept.",
        rows: &[PredicateOperands { insn: "or (M5, 16) P1 P2 P3", p1: 0x0000_FFFF, p2: 0x00F0_0000, p3: 0x0F00_0000, emask: u32::MAX, want: 0x0FF0_FFFF }] }]);
    invalid_predicate_forms(rows, "No predication in the predicate-operand form (Notes).", "", "(P3) or (M1, 16) P1 P2 P3");
    qword_forms(rows, "UQ 0x0123456789ABCDEF | 0: unchanged bytes.", "or (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0> 0x0:uq", "VS", "efcdab8967452301");
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.",
        rows: &[Lane { op: "or", dst: "ud", srcs: &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], want: 0xfff0_fff0 }] },
    Group { d: "W 0x8000 is -32768 = ...ffff8000; | 1 = ...ffff8001 → 0xffff8001.",
        rows: &[Lane { op: "or", dst: "ud", srcs: &[("w", 0x8000), ("uw", 1)], want: 0xffff_8001 }] },
    Group { d: "~D 0 = -1; -1 | 0 = -1 → 0xffffffff.", rows: &[Lane { op: "or", dst: "d", srcs: &[("~d", 0), ("d", 0)], want: 0xffff_ffff }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, \
        XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives \
        -src0 - 1; the result truncated into DT.", rows: &[
        Simd8 { case: "or", op: "or", dst: UD, srcs: &[o(UD, 0xF0F0_F0F0), o(UD, 0x0F0F_0F0F)], want: 0xFFFF_FFFF, note: "" },
        Simd8 { case: "or_w_uw_to_d", op: "or", dst: D, srcs: &[o(W, -0x8000), o(UW, 1)], want: 0xFFFF_8001, note: "W 0x8000 = -32768 | 1 = -32767 = D 0xFFFF8001" },
        Simd8 { case: "or_truncates_to_ub", op: "or", dst: UB, srcs: &[o(UD, 0x1234_5601), o(UD, 0x10)], want: 0x11, note: "" },
    ] },
];

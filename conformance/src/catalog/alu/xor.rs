//! XOR (instructions/XOR.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{grouped, invalid_predicate_forms, table, Group, Lane, PredicateOperands};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "xor", file: "catalog/alu/xor.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    table(rows, &[Group { d: "M1_NM ignores EM (here 0): 0xFFFF0000 ^ 0x0F0F0F0F = 0xF0F00F0F on all 32 bits.",
        rows: &[PredicateOperands { insn: "xor (M1_NM, 32) P1 P2 P3", p1: 0, p2: 0xFFFF_0000, p3: 0x0F0F_0F0F, emask: 0, want: 0xF0F0_0F0F }] }]);
    invalid_predicate_forms(rows, "A 16-element predicate has no bits 16..31 for M5.", ".decl P4 v_type=P num_elts=16\n", "xor (M5, 16) P1 P4 P3");
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.",
        rows: &[Lane { op: "xor", dst: "ud", srcs: &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], want: 0x0ff0_0ff0 }] },
    Group { d: "0x12345678 ^ 0x0000ffff = 0x1234a987; a UW destination keeps 0xa987.",
        rows: &[Lane { op: "xor", dst: "uw", srcs: &[("d", 0x1234_5678), ("d", 0xffff)], want: 0xa987 }] },
    Group { d: "~UD 0 = 0xffffffff; ^ 0 = 0xffffffff; a UB destination keeps 0xff.", rows: &[Lane { op: "xor", dst: "ub", srcs: &[("~ud", 0), ("ud", 0)], want: 0xff }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, \
        XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives \
        -src0 - 1; the result truncated into DT.", rows: &[
        Simd8 { case: "xor", op: "xor", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0x0F0F_0F0F)], want: 0xF0F0_F0F0, note: "" },
        Simd8 { case: "xor_not_both", op: "xor", dst: D, srcs: &[md(Mod::Not, D, 0x0F0F_0F0F), md(Mod::Not, D, 0x00FF_00FF)], want: 0x0FF0_0FF0, note: "~a ^ ~b = a ^ b" },
    ] },
];

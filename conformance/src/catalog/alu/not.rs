//! NOT (instructions/NOT.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{
    form_row, grouped, qword_forms, qword_forms_literal, table, Group, Lane, PredicateOperands,
    ARITH_DECLS,
};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "not", file: "catalog/alu/not.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).",
        ARITH_DECLS, "not.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    table(rows, &[Group { d: "EM enables channels 0 and 2: !0b0011 = 0b1100 over 4 lanes; bit 0 <- 0, bit 2 <- 1, bits 1 and 3 keep P1's 1s: 0b1110.",
        rows: &[PredicateOperands { insn: "not (M1, 4) P1 P2", p1: 0b1111, p2: 0b0011, p3: 0, emask: 0b0101, want: 0b1110 }] }]);
    qword_forms(rows, "~0x0123456789ABCDEF on UQ = 0xFEDCBA9876543210 (each nibble n becomes 15-n).", "not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>", "VS", "1032547698badcfe");
    qword_forms_literal(rows, "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.", "not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>");
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "~0 = -1 → 0xffffffff.", rows: &[Lane { op: "not", dst: "ud", srcs: &[("ud", 0)], want: 0xffff_ffff }] },
    Group { d: "~15 = -16 exactly; into UD: 0xfffffff0 (the complement is not confined to UB's 8 bits).",
        rows: &[Lane { op: "not", dst: "ud", srcs: &[("ub", 0x0f)], want: 0xffff_fff0 }] },
    Group { d: "~15 = -16 into UB: the low 8 bits 0xf0.", rows: &[Lane { op: "not", dst: "ub", srcs: &[("ub", 0x0f)], want: 0xf0 }] },
    Group { d: "~INT_MIN = -(-2^31) - 1 = INT_MAX.", rows: &[Lane { op: "not", dst: "d", srcs: &[("d", 0x8000_0000)], want: 0x7fff_ffff }] },
    Group { d: "~INT_MAX = INT_MIN.", rows: &[Lane { op: "not", dst: "d", srcs: &[("d", 0x7fff_ffff)], want: 0x8000_0000 }] },
    Group { d: "~(~x) = x: the ~ modifier then NOT.", rows: &[Lane { op: "not", dst: "ud", srcs: &[("~ud", 0x1234_5678)], want: 0x1234_5678 }] },
    Group { d: "W -1 → ~(-1) = 0 → 0.", rows: &[Lane { op: "not", dst: "uw", srcs: &[("w", 0xffff)], want: 0 }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, \
        XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives \
        -src0 - 1; the result truncated into DT.", rows: &[
        Simd8 { case: "not_zero", op: "not", dst: UD, srcs: &[o(UD, 0)], want: 0xFFFF_FFFF, note: "" },
        Simd8 { case: "not_minus_one", op: "not", dst: D, srcs: &[o(D, -1)], want: 0, note: "" },
        Simd8 { case: "not_ub_to_uw", op: "not", dst: UW, srcs: &[o(UB, 0x0F)], want: 0xFFF0, note: "UB 0x0F = 15: -16 = UW 0xFFF0" },
        Simd8 { case: "not_b_to_ub", op: "not", dst: UB, srcs: &[o(B, -0x80)], want: 0x7F, note: "B 0x80 = -128: 127" },
        Simd8 { case: "not_of_not", op: "not", dst: UD, srcs: &[md(Mod::Not, UD, 0x1234_5678)], want: 0x1234_5678, note: "" },
    ] },
];

//! AND (instructions/AND.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{
    form_both, grouped, qword_forms, qword_forms_literal, table, Form, Group,
    InvalidPredicateForms, Lane, PredicateOperands, ARITH_DECLS,
};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "and", file: "catalog/alu/and.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "forms", FORMS);
    form_both(rows, "forms", "QWORD-TYPEMAP-GAP: Q and UQ are in the logic instructions' and SHL's Supported Types; the resolved reading admits them, the literal one \
        keeps the type maps.",
        ARITH_DECLS, errata::QWORD_TYPEMAP_GAP, "and (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>", (None, Some(ErrorClass::InvalidInstruction)));
    table(rows, PREDICATE_OPERANDS);
    table(rows, INVALID_PREDICATE_FORMS);
    qword_forms(rows, "0x0123456789ABCDEF & 0xFF00FF00FF00FF00 keeps bytes 01 45 89 CD: 0x010045008900CD00.",
        "and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0xff00ff00ff00ff00:q", "VR", "00cd008900450001");
    qword_forms_literal(rows, "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.", "and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0x1:q");
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.",
        rows: &[Lane { op: "and", dst: "ud", srcs: &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], want: 0xf000_f000 }] },
    Group { d: "B 0x80 is -128, sign-extended: ...ffff80 & 0xffffffff = 0xffffff80.",
        rows: &[Lane { op: "and", dst: "ud", srcs: &[("b", 0x80), ("ud", 0xffff_ffff)], want: 0xffff_ff80 }] },
    Group { d: "UB 0x80 is 128, zero-extended: 0x80 & 0xffffffff = 0x80.",
        rows: &[Lane { op: "and", dst: "ud", srcs: &[("ub", 0x80), ("ud", 0xffff_ffff)], want: 0x80 }] },
    Group { d: "~ complements within the source type: ~UB 0x0f = 0xf0 (240); 240 & 0xffffffff = 0xf0.",
        rows: &[Lane { op: "and", dst: "ud", srcs: &[("~ub", 0x0f), ("ud", 0xffff_ffff)], want: 0xf0 }] },
    Group { d: "~B 0x0f = 0xf0 = -16 as B; sign-extended: 0xfffffff0.",
        rows: &[Lane { op: "and", dst: "ud", srcs: &[("~b", 0x0f), ("ud", 0xffff_ffff)], want: 0xffff_fff0 }] },
    Group { d: "Both complemented: ~0x0f & ~0xf0 (UB) = 0xf0 & 0x0f = 0.", rows: &[Lane { op: "and", dst: "ub", srcs: &[("~ub", 0x0f), ("~ub", 0xf0)], want: 0 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).", rows: &[
        Form { decls: ARITH_DECLS, text: "and (M1, 8) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
        Form { decls: ARITH_DECLS, text: "and.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
    ] },
];

#[rustfmt::skip]
const PREDICATE_OPERANDS: &[Group<PredicateOperands>] = &[
    Group { d: "Channels 0..7 write bits 0..7: 0xCA & 0xA6 = 0x82; bits 8..31 of P1 keep 0xFFFFFF.",
        rows: &[PredicateOperands { insn: "and (M1, 8) P1 P2 P3", p1: 0xFFFF_FF00, p2: 0xCA, p3: 0xA6, emask: u32::MAX, want: 0xFFFF_FF82 }] },
    Group { d: "M2 (offset 4), 4 channels: bits 4..7; (0xA0 & 0x60) = 0x20; other bits of P1 (0) kept.",
        rows: &[PredicateOperands { insn: "and (M2, 4) P1 P2 P3", p1: 0, p2: 0xFFFF_FFA0, p3: 0x0000_0060, emask: u32::MAX, want: 0x20 }] },
];

#[rustfmt::skip]
const INVALID_PREDICATE_FORMS: &[Group<InvalidPredicateForms>] = &[
    Group { d: "Every operand a predicate (Notes): a register among them is invalid.", rows: &[
        InvalidPredicateForms { decls: ".decl V1 v_type=G type=ud num_elts=16\n", insn: "and (M1, 16) P1 P2 V1(0,0)<1;1,0>" },
        InvalidPredicateForms { decls: ".decl V1 v_type=G type=ud num_elts=16\n", insn: "and (M1, 16) V1(0,0)<1> P2 P3" },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, \
        XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives \
        -src0 - 1; the result truncated into DT.", rows: &[
        Simd8 { case: "and", op: "and", dst: UD, srcs: &[o(UD, 0xF0F0_F0F0), o(UD, 0xFF00_FF00)], want: 0xF000_F000, note: "" },
        Simd8 { case: "and_b_sign_extends", op: "and", dst: UD, srcs: &[o(B, -1), o(UD, 0x1234_5678)], want: 0x1234_5678, note: "B 0xFF = -1 sign-extends to all ones" },
        Simd8 { case: "and_ub_zero_extends", op: "and", dst: UD, srcs: &[o(UB, 0xFF), o(UD, 0x1234_5678)], want: 0x78, note: "UB 0xFF zero-extends" },
        Simd8 { case: "and_not_w", op: "and", dst: UD, srcs: &[md(Mod::Not, W, 0x00FF), o(UD, 0x1234_5678)], want: 0x1234_5600,
            note: "~0x00FF in 16 bits = 0xFF00 = W -256: sign-extended 0xFFFFFF00" },
        Simd8 { case: "and_not_uw", op: "and", dst: UD, srcs: &[md(Mod::Not, UW, 0x00FF), o(UD, 0x1234_5678)], want: 0x5600, note: "~0x00FF in 16 bits = UW 0xFF00: zero-extended" },
    ] },
];

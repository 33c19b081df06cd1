//! ASR (instructions/ASR.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{grouped, table, Form, FormReadings, Group, Lane, ARITH_DECLS};
use crate::catalog::build::form;
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "asr", file: "catalog/alu/asr.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "forms", FORMS);
    grouped(rows, "forms", FORMS_FORM_READINGS);
    let text = "asr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>";
    let d = "The literal reading of ASR-SIGNED-OPERANDS keeps signed forms valid.";
    rows.add("forms", form(ARITH_DECLS, text, None).literal(errata::ASR_SIGNED_OPERANDS).derived(d));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "INT_MIN >> 31 = floor(-2^31 / 2^31) = -1; -1 >> 31 = -1.", rows: &[
        Lane { op: "asr", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 31)], want: 0xffff_ffff },
        Lane { op: "asr", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 31)], want: 0xffff_ffff },
    ] },
    Group { d: "Count 32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.", rows: &[
        Lane { op: "asr", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 32)], want: 0x8000_0000 },
        Lane { op: "asr", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 63)], want: 0xffff_ffff },
        Lane { op: "asr", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 64)], want: 0x8000_0000 },
    ] },
    Group { d: "INT_MAX >> 30 = 1.", rows: &[Lane { op: "asr", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 30)], want: 1 }] },
    Group { d: "-5 >> 1 = floor(-2.5) = -3 → 0xfffffffd.", rows: &[Lane { op: "asr", dst: "d", srcs: &[("d", 0xffff_fffb), ("d", 1)], want: 0xffff_fffd }] },
    Group { d: "W: -32768 >> 15 = -1 → 0xffff; count 16 (& 31 = 16) → floor(-32768 / 65536) = -1.", rows: &[
        Lane { op: "asr", dst: "w", srcs: &[("w", 0x8000), ("w", 15)], want: 0xffff },
        Lane { op: "asr", dst: "w", srcs: &[("w", 0x8000), ("w", 16)], want: 0xffff },
    ] },
    Group { d: "An unsigned src0 is its non-negative value (ASR-SIGNED-OPERANDS resolved): 2^31 >> 31 = 1.",
        rows: &[Lane { op: "asr", dst: "d", srcs: &[("ud", 0x8000_0000), ("d", 31)], want: 1 }] },
    Group { d: "Q destination: count & 63. D src0 INT_MAX >> 32 = floor((2^31 - 1) / 2^32) = 0 ...",
        rows: &[Lane { op: "asr", dst: "q", srcs: &[("d", 0x7fff_ffff), ("d", 32)], want: 0 }] },
    Group { d: "... while a D destination masks 32 to 0: unchanged.", rows: &[Lane { op: "asr", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 32)], want: 0x7fff_ffff }] },
    Group { d: "Q destination: -2^31 >> 63 = -1 (sign-extended to 64 bits); count 64 & 63 = 0: -2^31.", rows: &[
        Lane { op: "asr", dst: "q", srcs: &[("d", 0x8000_0000), ("d", 63)], want: 0xffff_ffff_ffff_ffff },
        Lane { op: "asr", dst: "q", srcs: &[("d", 0x8000_0000), ("d", 64)], want: 0xffff_ffff_8000_0000 },
    ] },
    Group { d: "D destination from a Q source (third type map), count & 31: 2^32 >> 1 = 2^31 → 0x80000000.",
        rows: &[Lane { op: "asr", dst: "d", srcs: &[("q", 0x1_0000_0000), ("q", 1)], want: 0x8000_0000 }] },
    Group { d: "Q source -2^63 >> 31 = -2^32: low 32 bits 0.", rows: &[Lane { op: "asr", dst: "d", srcs: &[("q", 0x8000_0000_0000_0000), ("q", 31)], want: 0 }] },
    Group { d: "A D count for a Q source (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31; -2^62 >> 31 = -2^31.",
        rows: &[Lane { op: "asr", dst: "d", srcs: &[("q", 0xc000_0000_0000_0000), ("d", 0xffff_ffff)], want: 0x8000_0000 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "ASR takes no .sat.",
        rows: &[Form { decls: ARITH_DECLS, text: "asr.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "ASR: a Q src0 with a B destination is in no type map.",
        rows: &[Form { decls: ARITH_DECLS, text: "asr (M1, 8) VB(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const FORMS_FORM_READINGS: &[Group<FormReadings>] = &[
    Group { d: "... and a D count for a Q-source ASR (third map lists UQ, Q only).", rows: &[
        FormReadings { decls: ARITH_DECLS, erratum: errata::SHIFT_COUNT_TYPE, text: "asr (M1, 8) VD(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: None,
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "ASR-SIGNED-OPERANDS: an unsigned dst or src0 is valid by the type maps, not by the Notes.", rows: &[
        FormReadings { decls: ARITH_DECLS, erratum: errata::ASR_SIGNED_OPERANDS, text: "asr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: None,
            literal: Some(ErrorClass::InvalidInstruction) },
        FormReadings { decls: ARITH_DECLS, erratum: errata::ASR_SIGNED_OPERANDS, text: "asr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: None,
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "asr (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/ASR.md: count = src1 & 31 (& 63 for a Q or UQ destination); floor(src0 \
        / 2^count) of src0's exact value (sign-extended by its own type), truncated into DT.", rows: &[
        Simd8 { case: "by_0", op: "asr", dst: D, srcs: &[o(D, 7), o(UD, 0)], want: 7, note: "" },
        Simd8 { case: "positive", op: "asr", dst: D, srcs: &[o(D, 7), o(UD, 1)], want: 3, note: "" },
        Simd8 { case: "negative_floors", op: "asr", dst: D, srcs: &[o(D, -7), o(UD, 1)], want: -4, note: "-7 / 2 = -3.5: floor -4" },
        Simd8 { case: "minus_one_by_31", op: "asr", dst: D, srcs: &[o(D, -1), o(UD, 31)], want: -1, note: "" },
        Simd8 { case: "int_min_by_31", op: "asr", dst: D, srcs: &[o(D, INT_MIN), o(UD, 31)], want: -1, note: "" },
        Simd8 { case: "int_min_by_32_masked_to_0", op: "asr", dst: D, srcs: &[o(D, INT_MIN), o(UD, 32)], want: INT_MIN, note: "" },
        Simd8 { case: "int_min_by_33_masked_to_1", op: "asr", dst: D, srcs: &[o(D, INT_MIN), o(UD, 33)], want: -0x4000_0000, note: "" },
        Simd8 { case: "int_min_by_63_masked_to_31", op: "asr", dst: D, srcs: &[o(D, INT_MIN), o(UD, 63)], want: -1, note: "" },
        Simd8 { case: "w_by_15", op: "asr", dst: W, srcs: &[o(W, -0x8000), o(UW, 15)], want: -1, note: "" },
        Simd8 { case: "ud_src", op: "asr", dst: D, srcs: &[o(UD, 0x8000_0000), o(UD, 4)], want: 0x0800_0000, note: "a UD source is zero-extended: 2^31 >> 4 = 2^27" },
        Simd8 { case: "negated_src0", op: "asr", dst: D, srcs: &[md(Mod::Neg, D, 7), o(UD, 1)], want: -4, note: "(-)7 = -7: floor(-3.5) = -4" },
        Simd8 { case: "q_by_63", op: "asr", dst: Q, srcs: &[o(Q, i64::MIN as i128), o(UD, 63)], want: -1, note: "" },
        Simd8 { case: "q_by_64_masked_to_0", op: "asr", dst: Q, srcs: &[o(Q, i64::MIN as i128), o(UD, 64)], want: i64::MIN as i128, note: "" },
        Simd8 { case: "q_by_65_masked_to_1", op: "asr", dst: Q, srcs: &[o(Q, i64::MIN as i128), o(UD, 65)], want: -(1 << 62), note: "" },
        Simd8 { case: "q_src_d_dst_by_33", op: "asr", dst: D, srcs: &[o(Q, 1 << 32), o(Q, 33)], want: INT_MIN,
            note: "a D destination masks the count with 31 even for a Q source: 2^32 >> 1 = 2^31 -> D 0x80000000" },
        Simd8 { case: "ud_src_q_dst", op: "asr", dst: Q, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 4)], want: 0x0FFF_FFFF, note: "" },
        Simd8 { case: "d_src_q_dst_by_40", op: "asr", dst: Q, srcs: &[o(D, -1), o(UD, 40)], want: -1, note: "" },
    ] },
];

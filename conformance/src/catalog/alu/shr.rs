//! SHR (instructions/SHR.md): hand-derived rows, each with its derivation.

use super::simd::{Simd8, *};
use super::{
    form_both, grouped, qword_forms, qword_forms_literal, table, FormReadings, Group, Lane,
    LaneReadings, ARITH_DECLS,
};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "shr", file: "catalog/alu/shr.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    let d = "SHR's type map has unsigned dst and src0 only; SHR-SIGNED-OPERANDS (resolved) admits a signed src0 or dst.";
    for text in [
        "shr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        "shr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
    ] {
        form_both(rows, "forms", d, ARITH_DECLS, errata::SHR_SIGNED_OPERANDS, text, (None, Some(ErrorClass::InvalidInstruction)));
    }
    let d = "A signed SHR count needs SHIFT-COUNT-TYPE resolved even with SHR-SIGNED-OPERANDS resolved: under its literal type map the count is unsigned.";
    rows.add("forms", crate::catalog::build::form(ARITH_DECLS, "shr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction))
        .literal(errata::SHIFT_COUNT_TYPE).derived(d));
    grouped(rows, "forms", FORMS);
    let signed =
        |rows: &mut Rows, d: &str, op: &str, dst: &str, srcs: &[(&str, u64)], want: u64| {
            rows.add("signed", super::lane(op, dst, srcs, want).tag(errata::SHR_SIGNED_OPERANDS).derived(d));
        };
    let d = "SHR-SIGNED-OPERANDS resolved: D -2^31 (bits 0x80000000) >> 31, logically: 1 (an arithmetic shift would give -1).";
    signed(rows, d, "shr", "d", &[("d", 0x8000_0000), ("ud", 31)], 1);
    let d = "SHR-SIGNED-OPERANDS resolved: UD 0xfffffff0 >> 4 = 0x0fffffff into D (positive, fits).";
    signed(rows, d, "shr", "d", &[("ud", 0xffff_fff0), ("ud", 4)], 0x0fff_ffff);
    let d = "SHR-SIGNED-OPERANDS resolved: UD 0xffffffff >> 0 = 4294967295, saturated into W: 32767.";
    signed(rows, d, "shr.sat", "w", &[("ud", 0xffff_ffff), ("ud", 0)], 0x7fff);
    let d = "SHR-SIGNED-OPERANDS with QWORD-TYPEMAP-GAP and SHIFT-COUNT-TYPE resolved, as IGC writes a 64-bit logical shift: UQ 0x8000000000000000 >> 32 (a Q count \
        of 0x20) = 0x0000000080000000, positive, into Q.";
    signed(rows, d, "shr", "q", &[("uq", 0x8000_0000_0000_0000), ("q", 0x20)], 0x8000_0000);
    let d = "SHR-SIGNED-OPERANDS with QWORD-TYPEMAP-GAP resolved: Q -1 (64 one bits) >> 60, logically in its 64 bits: 0xf (an arithmetic shift would give -1).";
    signed(rows, d, "shr", "q", &[("q", u64::MAX), ("ud", 60)], 0xf);
    qword_forms(rows, "UQ 0x8000000000000000 >> 63 = 1.", "shr (M1, 1) VS(0,0)<1> 0x8000000000000000:uq 0x3f:uq", "VS", "0100000000000000");
    qword_forms_literal(rows, "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.", "shr (M1, 1) VS(0,0)<1> 0x1:uq 0x1:uq");
    // SHR-SOURCE-WIDTH: the width src0 is shifted in, under each reading (signed sources
    // need SHR-SIGNED-OPERANDS resolved, the default).
    for g in SOURCE_WIDTH {
        for r in g.rows {
            let &LaneReadings { erratum, op, dst, srcs, resolved, literal } = r;
            rows.add("source_width", super::lane(op, dst, srcs, resolved).tag(erratum).tag(errata::SHR_SIGNED_OPERANDS).derived(g.d));
            rows.add("source_width", super::lane(op, dst, srcs, literal).literal(erratum).tag(errata::SHR_SIGNED_OPERANDS).derived(g.d));
        }
    }
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "0x80000000 >> 0, 1, 31 = 0x80000000, 0x40000000 (no sign extension), 1.", rows: &[
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 0)], want: 0x8000_0000 },
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 1)], want: 0x4000_0000 },
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 31)], want: 1 },
    ] },
    Group { d: "32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.", rows: &[
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 32)], want: 0x8000_0000 },
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 63)], want: 1 },
        Lane { op: "shr", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 64)], want: 0xffff_ffff },
    ] },
    Group { d: "A D count (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31.",
        rows: &[Lane { op: "shr", dst: "ud", srcs: &[("ud", 0x8000_0000), ("d", 0xffff_ffff)], want: 1 }] },
    Group { d: "UB 0x80 >> 7 = 1 into UD.", rows: &[Lane { op: "shr", dst: "ud", srcs: &[("ub", 0x80), ("ub", 7)], want: 1 }] },
    Group { d: "UW: count 16 is not masked to 15: 0xffff >> 16 = 0.", rows: &[Lane { op: "shr", dst: "uw", srcs: &[("uw", 0xffff), ("uw", 16)], want: 0 }] },
    Group { d: "(-)1 on UD is -1, read as UD 0xffffffff: >> 28 = 0xf.", rows: &[Lane { op: "shr", dst: "ud", srcs: &[("(-)ud", 1), ("ud", 28)], want: 0xf }] },
    Group { d: "0x100 >> 0 = 256 into UB: .sat → 255; truncated → 0.", rows: &[
        Lane { op: "shr.sat", dst: "ub", srcs: &[("ud", 0x100), ("ud", 0)], want: 0xff },
        Lane { op: "shr", dst: "ub", srcs: &[("ud", 0x100), ("ud", 0)], want: 0 },
    ] },
];

/// Each row: the resolved reading (src0 converted to the execution type, 32 bits or 64 in
/// qword mode, then shifted logically), then the literal one (src0's own bits shifted).
#[rustfmt::skip]
const SOURCE_WIDTH: &[Group<LaneReadings>] = &[
    Group { d: "b 0xeb = -21, sign-extended to 0xffffffeb, >> 1 logically in 32 bits = 0x7ffffff5, into UW: 0xfff5; literally 0xeb >> 1 = 0x75.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "uw", srcs: &[("b", 0xeb), ("ud", 1)], resolved: 0xfff5, literal: 0x75 }] },
    Group { d: "b 0xeb = -21: 0xffffffeb >> 1 = 0x7ffffff5 into UD, whole; literally 0x75.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("b", 0xeb), ("ud", 1)], resolved: 0x7fff_fff5, literal: 0x75 }] },
    Group { d: "b 0x80 = -128: 0xffffff80 >> 4 = 0x0ffffff8, into UB: 0xf8; literally 0x80 >> 4 = 0x08.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ub", srcs: &[("b", 0x80), ("ud", 4)], resolved: 0xf8, literal: 0x08 }] },
    Group { d: "b 0xff = -1: 0xffffffff >> 31 = 1; literally 0xff >> 31 = 0.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("b", 0xff), ("ud", 31)], resolved: 1, literal: 0 }] },
    Group { d: "b 0x7f = 127, positive: 0x0000007f >> 1 = 0x3f under both readings.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("b", 0x7f), ("ud", 1)], resolved: 0x3f, literal: 0x3f }] },
    Group { d: "ub 0xeb = 235, unsigned: zero-extended to 0x000000eb, >> 1 = 0x75 under both readings.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "uw", srcs: &[("ub", 0xeb), ("ud", 1)], resolved: 0x75, literal: 0x75 }] },
    Group { d: "w 0xffff = -1: 0xffffffff >> 4 = 0x0fffffff into UD; literally 0xffff >> 4 = 0x0fff.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("w", 0xffff), ("ud", 4)], resolved: 0x0fff_ffff, literal: 0x0fff }] },
    Group { d: "w 0x8000 = -32768: 0xffff8000 >> 15 = 0x0001ffff, into UW: 0xffff; literally 0x8000 >> 15 = 1.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "uw", srcs: &[("w", 0x8000), ("ud", 15)], resolved: 0xffff, literal: 1 }] },
    Group { d: "w 0x8000 = -32768: 0xffff8000 >> 1 = 0x7fffc000 = 2147467264, saturated into UW: 0xffff; literally 0x8000 >> 1 = 0x4000, in range.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr.sat", dst: "uw", srcs: &[("w", 0x8000), ("ud", 1)], resolved: 0xffff, literal: 0x4000 }] },
    Group { d: "w 0xfffe = -2: 0xfffffffe >> 1 = 0x7fffffff into D; literally 0xfffe >> 1 = 0x7fff.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "d", srcs: &[("w", 0xfffe), ("ud", 1)], resolved: 0x7fff_ffff, literal: 0x7fff }] },
    Group { d: "(-)uw 1 = -1 (the modifier on the value): 0xffffffff >> 4 = 0x0fffffff into UD; literally -1 in 16 bits, 0xffff >> 4 = 0x0fff.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("(-)uw", 1), ("ud", 4)], resolved: 0x0fff_ffff, literal: 0x0fff }] },
    Group { d: "A Q destination makes the shift 64-bit (qword mode; QWORD-TYPEMAP-GAP resolved): d 0xffffffeb = -21, sign-extended to 0xffffffffffffffeb, >> 1 = \
        0x7ffffffffffffff5; literally 0xffffffeb >> 1 = 0x7ffffff5.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "q", srcs: &[("d", 0xffff_ffeb), ("ud", 1)], resolved: 0x7fff_ffff_ffff_fff5, literal: 0x7fff_fff5 }] },
    Group { d: "d 0xffffffeb = -21 into UD: the execution type is 32-bit, src0's own width: 0x7ffffff5 under both readings.",
        rows: &[LaneReadings { erratum: errata::SHR_SOURCE_WIDTH, op: "shr", dst: "ud", srcs: &[("d", 0xffff_ffeb), ("ud", 1)], resolved: 0x7fff_fff5, literal: 0x7fff_fff5 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<FormReadings>] = &[
    Group { d: "SHIFT-COUNT-TYPE: a signed SHR count is valid (resolved), not under the literal type map.", rows: &[
        FormReadings { decls: ARITH_DECLS, erratum: errata::SHIFT_COUNT_TYPE, text: "shr (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: None,
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "SHR-SIGNED-OPERANDS: a D destination and a D src0 are valid (resolved), not under the literal type map.", rows: &[
        FormReadings { decls: ARITH_DECLS, erratum: errata::SHR_SIGNED_OPERANDS, text: "shr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x3:ud", resolved: None,
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "shr[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/SHR.md: count = src1 & 31; src0 (in the execution type) \
        shifted right logically.", rows: &[
        Simd8 { case: "by_0", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 0)], want: 0x8000_0000, note: "" },
        Simd8 { case: "by_31", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 31)], want: 1, note: "" },
        Simd8 { case: "by_32_masked_to_0", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 32)], want: 0x8000_0000, note: "" },
        Simd8 { case: "by_33_masked_to_1", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 33)], want: 0x4000_0000, note: "" },
        Simd8 { case: "by_63_masked_to_31", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 63)], want: 1, note: "" },
        Simd8 { case: "by_64_masked_to_0", op: "shr", dst: UD, srcs: &[o(UD, 0x8000_0000), o(UD, 64)], want: 0x8000_0000, note: "" },
        Simd8 { case: "uw_to_ud", op: "shr", dst: UD, srcs: &[o(UW, 0x8000), o(UD, 15)], want: 1, note: "" },
        Simd8 { case: "ub", op: "shr", dst: UB, srcs: &[o(UB, 0xFF), o(UB, 4)], want: 0x0F, note: "" },
        Simd8 { case: "sat_to_ub", op: "shr.sat", dst: UB, srcs: &[o(UD, 0x1000), o(UD, 4)], want: 0xFF, note: "0x1000 >> 4 = 0x100: clamped to 0xFF, or truncated to 0x00" },
        Simd8 { case: "truncate_to_ub", op: "shr", dst: UB, srcs: &[o(UD, 0x1000), o(UD, 4)], want: 0x00, note: "0x1000 >> 4 = 0x100: clamped to 0xFF, or truncated to 0x00" },
        Simd8 { case: "negated_src0", op: "shr", dst: UD, srcs: &[md(Mod::Neg, UD, 1), o(UD, 28)], want: 0xF, note: "(-)1 = -1, whose UD bits are 0xFFFFFFFF; >> 28 = 0xF" },
    ] },
];

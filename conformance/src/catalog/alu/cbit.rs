//! CBIT (instructions/CBIT.md): hand-derived rows, each with its derivation.

use super::simd::Cbit8;
use super::{grouped, table, Form, Group, LaneReadings, BITS_DECLS};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "cbit", file: "catalog/alu/cbit.jsonl", rows: add };

fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "forms", FORMS);
    // The multi-lane rows (built with `super::simd`).
    table(rows, CBIT8);
}

#[rustfmt::skip]
const VALUES: &[Group<LaneReadings>] = &[
    Group { d: "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop.", rows: &[
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 0)], resolved: 0, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 1)], resolved: 1, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 0xffff_ffff)], resolved: 32, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 0x8000_0000)], resolved: 1, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 0x7fff_ffff)], resolved: 31, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ud", 0x0101_0101)], resolved: 4, literal: 0 },
    ] },
    Group { d: "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop. Each source within its own width: UB 0xff → 8, UW 0xffff → \
        16, UW 0x8001 → 2.", rows: &[
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("ub", 0xff)], resolved: 8, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("uw", 0xffff)], resolved: 16, literal: 0 },
        LaneReadings { erratum: errata::CBIT_RESULT, op: "cbit", dst: "ud", srcs: &[("uw", 0x8001)], resolved: 2, literal: 0 },
    ] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.",
        rows: &[Form { decls: BITS_DECLS, text: "cbit (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Bit instructions take no source modifier and (but LZD) no .sat.",
        rows: &[Form { decls: BITS_DECLS, text: "cbit.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const CBIT8: &[Group<Cbit8>] = &[
    Group { d: "cbit (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:T0 Resolved CBIT-RESULT: the set bits of src0 in its own width. Literal: the loop shifts `val` down to 0 and \
        writes `val`: always 0.", rows: &[
        Cbit8 { case: "ub_zero", ty: UB, s0: 0x00, resolved: 0, note: "" },
        Cbit8 { case: "ub_all_ones", ty: UB, s0: 0xFF, resolved: 8, note: "" },
        Cbit8 { case: "ub_top_bit", ty: UB, s0: 0x80, resolved: 1, note: "" },
        Cbit8 { case: "uw_all_ones", ty: UW, s0: 0xFFFF, resolved: 16, note: "" },
        Cbit8 { case: "uw_two_bits", ty: UW, s0: 0x8001, resolved: 2, note: "" },
        Cbit8 { case: "ud_zero", ty: UD, s0: 0x0000_0000, resolved: 0, note: "" },
        Cbit8 { case: "ud_all_ones", ty: UD, s0: 0xFFFF_FFFF, resolved: 32, note: "" },
        Cbit8 { case: "ud_int_min", ty: UD, s0: 0x8000_0000, resolved: 1, note: "" },
        Cbit8 { case: "ud_int_max", ty: UD, s0: 0x7FFF_FFFF, resolved: 31, note: "" },
        Cbit8 { case: "ud_one", ty: UD, s0: 0x0000_0001, resolved: 1, note: "" },
        Cbit8 { case: "ud_alternating", ty: UD, s0: 0xAAAA_AAAA, resolved: 16, note: "" },
    ] },
];

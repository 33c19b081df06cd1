//! BFN (instructions/BFN.md): dst bit = (BooleanFuncCtrl >> (s0 + 2 s1 + 4 s2)) & 1, the
//! channel size (BFN-CHANNEL-SIZE), predication, and the forms under both readings of
//! BFN-IMMEDIATE-WIDTH.

use super::simd::{self, BfnTables8};
use super::{table, Group, Shape, DECLS};
use crate::catalog::build::{form, lane, le32};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::{self};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "bfn", file: "catalog/alu/bfn.jsonl", rows: add };

/// a = 0xFF00FF00, b = 0xF0F0F0F0, c = 0xCCCCCCCC.
const ABC: [(&str, u64); 3] = [
    ("ud", 0xff00_ff00),
    ("ud", 0xf0f0_f0f0),
    ("ud", 0xcccc_cccc),
];

#[derive(Debug)]
#[rustfmt::skip]
struct Bfn { op: &'static str, dst: &'static str, srcs: [(&'static str, u64); 3], want: u64 }

impl Shape for Bfn {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, expected) = (self.op, self.dst, self.srcs, self.want);
        rows.add("values", lane(op, dst, &srcs, expected).derived(d));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct BfnForms { text: &'static str, resolved: Option<ErrorClass>, literal: Option<ErrorClass> }

impl Shape for BfnForms {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, resolved, literal) = (self.text, self.resolved, self.literal);
        let row = |expected| { form(DECLS, text, expected).tag(errata::BFN_IMMEDIATE_WIDTH).derived(d) };
        rows.add("forms", row(resolved));
        rows.add("forms", row(literal).literal(errata::BFN_IMMEDIATE_WIDTH));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, BFN);
    let text = ".decl R v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=8\n(P1) bfn.xfe (M1, 8) R(0,0)<1> 0x1:ud 0x0:ud 0x0:ud\n";
    let d = "(P1) bfn.xfe (M1, 8): P1 = 0x0F enables channels 0..3; they get 1 | 0 | 0 = 1, channels 4..7 keep 0xEE.";
    let row = Row::new(XeHpg, text).var("R", le32(&[0xee; 8])).pred("P1", 0x0f).expect_lanes("R", DataType::UD, &[1, 1, 1, 1, 0xee, 0xee, 0xee, 0xee]).derived(d);
    rows.add("predicated", row);
    table(rows, BFN_FORMS);
    // The multi-lane rows (built with `super::simd`).
    table(rows, BFN_TABLES8);
    simd_programs(rows);
}

#[rustfmt::skip]
const BFN: &[Group<Bfn>] = &[
    Group { d: "0x00: no entry set → 0; 0xFF: every entry → all ones.", rows: &[
        Bfn { op: "bfn.x00", dst: "ud", srcs: ABC, want: 0 },
        Bfn { op: "bfn.xff", dst: "ud", srcs: ABC, want: 0xffff_ffff },
    ] },
    Group { d: "0x80: only index 7 (all three bits set): a & b & c = 0xF000F000 & 0xCCCCCCCC = 0xC000C000.",
        rows: &[Bfn { op: "bfn.x80", dst: "ud", srcs: ABC, want: 0xc000_c000 }] },
    Group { d: "0xFE: every index but 0: a | b | c = 0xFFF0FFF0 | 0xCCCCCCCC = 0xFFFCFFFC.", rows: &[Bfn { op: "bfn.xfe", dst: "ud", srcs: ABC, want: 0xfffc_fffc }] },
    Group { d: "0x96 = indices 1, 2, 4, 7 (odd parity): a ^ b ^ c = 0x0FF00FF0 ^ 0xCCCCCCCC = 0xC33CC33C.",
        rows: &[Bfn { op: "bfn.x96", dst: "ud", srcs: ABC, want: 0xc33c_c33c }] },
    Group { d: "0xCA = indices 1, 3, 6, 7: s2 = 0 gives s0, s2 = 1 gives s1: (c & b) | (~c & a) = 0xC0C0C0C0 | 0x33003300 = 0xF3C0F3C0.",
        rows: &[Bfn { op: "bfn.xca", dst: "ud", srcs: ABC, want: 0xf3c0_f3c0 }] },
    Group { d: "BFN-CHANNEL-SIZE: the destination's 32 bits; W 0x8000 sign-extends to 0xFFFF8000, UW 0x8000 zero-extends: AND with all ones gives each.", rows: &[
        Bfn { op: "bfn.x80", dst: "d", srcs: [("w", 0x8000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0xffff_8000 },
        Bfn { op: "bfn.x80", dst: "d", srcs: [("uw", 0x8000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], want: 0x0000_8000 },
    ] },
    Group { d: "A UW destination keeps 16 bits: 0x01 (NOR of all three: index 0 only) of zeros is 0xFFFF.",
        rows: &[Bfn { op: "bfn.x01", dst: "uw", srcs: [("d", 0), ("d", 0), ("d", 0)], want: 0xffff }] },
];

#[rustfmt::skip]
const BFN_FORMS: &[Group<BfnForms>] = &[
    Group { d: "BFN-IMMEDIATE-WIDTH: resolved, any immediate of the map; literal, immediate16 only.", rows: &[
        BfnForms { text: "bfn.x80 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x12345:d VD(0,0)<1;1,0>", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        BfnForms { text: "bfn.x80 (M1, 8) VD(0,0)<1> 0x1:ud VD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        BfnForms { text: "bfn.x80 (M1, 8) VD(0,0)<1> 0x1:w VD(0,0)<1;1,0> 0x2:uw", resolved: None, literal: None },
    ] },
    Group { d: "BFN takes no source modifier, no .sat and only D, UD, UW, W.", rows: &[
        BfnForms { text: "bfn.x80 (M1, 8) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: Some(ErrorClass::InvalidInstruction),
            literal: Some(ErrorClass::InvalidInstruction) },
        BfnForms { text: "bfn.x80 (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", resolved: Some(ErrorClass::InvalidInstruction),
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

/// The note every row of [`BFN_TABLES8`] carries.
const TABLES_NOTE: &str = "a = 0xFF00FF00, b = 0xF0F0F0F0, c = 0xCCCCCCCC: 0x00 → 0, 0xFF → all ones, 0x80 → a&b&c = 0xC000C000, 0xFE → a|b|c = 0xFFFCFFFC, 0x96 → a^b^c = 0xC33CC33C, 0xCA → c ? b : a = 0xF3C0F3C0.";

#[rustfmt::skip]
const BFN_TABLES8: &[Group<BfnTables8>] = &[
    Group { d: "bfn.x<table> (M1, 8) R(0,0)<1>:ud S(0,0)<0;1,0> S(0,1)<0;1,0> S(0,2)<0;1,0> with S = [a, b, c] (instructions/BFN.md, Semantics): bit k of the result \
        is bit (a_k + 2 b_k + 4 c_k) of the table.", rows: &[
        BfnTables8 { case: "", table: 0x00, want: 0, note: TABLES_NOTE },
        BfnTables8 { case: "", table: 0xff, want: 0xffff_ffff, note: TABLES_NOTE },
        BfnTables8 { case: "", table: 0x80, want: 0xc000_c000, note: TABLES_NOTE },
        BfnTables8 { case: "", table: 0xfe, want: 0xfffc_fffc, note: TABLES_NOTE },
        BfnTables8 { case: "", table: 0x96, want: 0xc33c_c33c, note: TABLES_NOTE },
        BfnTables8 { case: "", table: 0xca, want: 0xf3c0_f3c0, note: TABLES_NOTE },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl R v_type=G type=d num_elts=8\n.decl W v_type=G type=w num_elts=1\n\
                bfn.x80 (M1, 4) R(0,0)<1> W(0,0)<0;1,0> 0xffffffff:d 0xffffffff:d\n\
                bfn.x80 (M1, 4) R(0,4)<1> 0x8000:uw 0xffffffff:d 0xffffffff:d\n";
    let want = [0xffff_8000u32; 4].into_iter().chain([0x8000; 4]).collect::<Vec<_>>();
    let row = simd::text_row(text).var("W", crate::catalog::build::le16(&[0x8000])).expect_bytes("R", crate::catalog::build::le32(&want));
    let d = "bfn.x80 into D: W 0x8000 sign-extends (0xFFFF8000), UW 0x8000 zero-extends; AND with D -1 and D -1 keeps each: lanes 0..3 read W, 4..7 read UW.";
    rows.add("simd8", row.derived(d));
}

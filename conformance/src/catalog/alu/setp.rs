//! SETP (instructions/SETP.md): the bits it sets under both readings of SETP-BIT-TEST, the
//! mask controls (SETP-MASK-CONTROL) and the forms.

use super::simd::{self, *};
use super::{table, Group, Shape};
use crate::catalog::build::le16;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "setp", file: "catalog/alu/setp.jsonl", rows: add };

/// `setp (<mask>, <size>) P1 <src0>` with P1 = `init` and EM = `emask`; S is a UW variable
/// 1, 2, ..., 16 and U a UB variable 0x81.
fn setp(mask: &str, size: u32, src0: &str, init: u32, emask: u32) -> Row {
    let text = format!(
        ".decl P1 v_type=P num_elts=32\n.decl S v_type=G type=uw num_elts=16\n\
         .decl U v_type=G type=ub num_elts=1\nsetp ({mask}, {size}) P1 {src0}\n"
    );
    let s: Vec<u16> = (1..=16).collect();
    Row::new(XeHpg, text)
        .var("S", le16(&s))
        .var("U", vec![0x81])
        .pred("P1", init)
        .emask(emask)
}

#[derive(Debug)]
#[rustfmt::skip]
struct SetpBits { mask: &'static str, size: u32, src0: &'static str, init: u32, resolved: u32, literal: u32 }

impl Shape for SetpBits {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (mask, size, src0, init) = (self.mask, self.size, self.src0, self.init);
        let (resolved, literal) = (self.resolved, self.literal);
        let row = |expected| {
            setp(mask, size, src0, init, u32::MAX)
                .tag(errata::SETP_BIT_TEST)
                .expect_pred("P1", expected)
                .derived(&format!("{d} (S = 1..16, U = 0x81)"))
        };
        rows.add("bits", row(resolved));
        rows.add("bits", row(literal).literal(errata::SETP_BIT_TEST));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct SetpMaskControls { mask: &'static str, size: u32, src0: &'static str, init: u32, emask: u32, want: u32 }

impl Shape for SetpMaskControls {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (mask, size, src0, init) = (self.mask, self.size, self.src0, self.init);
        let (emask, expected) = (self.emask, self.want);
        let row = setp(mask, size, src0, init, emask).expect_pred("P1", expected).derived(&format!("{d} (S = 1..16, U = 0x81)"));
        rows.add("mask-controls", row);
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct SetpForms { text: &'static str, resolved: Option<ErrorClass>, literal: Option<ErrorClass> }

impl Shape for SetpForms {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, resolved, literal) = (self.text, self.resolved, self.literal);
        let decls = ".decl VD v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=32\n";
        let row = |expected| {
            Row::new(XeHpg, format!("{decls}{text}\n"))
                .expect_validation(expected)
                .tag(errata::SETP_MASK_CONTROL)
                .derived(d)
        };
        rows.add("forms", row(resolved));
        rows.add("forms", row(literal).literal(errata::SETP_MASK_CONTROL));
    }
}

fn add(rows: &mut Rows) {
    table(rows, SETP_BITS);
    table(rows, SETP_MASK_CONTROLS);
    table(rows, SETP_FORMS);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SETP_SCALAR8);
    simd_programs(rows);
}

#[rustfmt::skip]
const SETP_BITS: &[Group<SetpBits>] = &[
    Group { d: "Scalar immediate: bit i of src0 sets element i. 0xA5A5 over elements 0..15, the upper half kept. Literal SETP-BIT-TEST: element i keeps bit 0 of src0 \
        & (1 << i): only element 0 can be 1 (bit 0 of 0xA5A5 is 1).",
        rows: &[SetpBits { mask: "M1_NM", size: 16, src0: "0xa5a5:uw", init: 0xffff_0000, resolved: 0xffff_a5a5, literal: 0xffff_0001 }] },
    Group { d: "M5_NM: the upper half receives 0x1234 (bit 0 clear: literal leaves all 16 at 0).",
        rows: &[SetpBits { mask: "M5_NM", size: 16, src0: "0x1234:uw", init: 0, resolved: 0x1234_0000, literal: 0 }] },
    Group { d: "Execution size 32 under M1_NM: all 32 elements.",
        rows: &[SetpBits { mask: "M1_NM", size: 32, src0: "0x80000001:ud", init: 0x0f0f_0f0f, resolved: 0x8000_0001, literal: 0x0000_0001 }] },
    Group { d: "A scalar register <0;1,0>: UB 0x81 sets elements 0 and 7; bits 8..15 of a UB are 0.",
        rows: &[SetpBits { mask: "M1_NM", size: 16, src0: "U(0,0)<0;1,0>", init: 0xffff_ffff, resolved: 0xffff_0081, literal: 0xffff_0001 }] },
    Group { d: "<0;4,0> also reads one element in every channel: a scalar (S[0] = 1 sets element 0 only; the vector form would set all 8).",
        rows: &[SetpBits { mask: "M1_NM", size: 8, src0: "S(0,0)<0;4,0>", init: 0, resolved: 0x01, literal: 0x01 }] },
    Group { d: "Vector src0 S = 1..8: element i = S[i] & 1 → elements 0, 2, 4, 6 → 0x55, in both readings.",
        rows: &[SetpBits { mask: "M1_NM", size: 8, src0: "S(0,0)<1;1,0>", init: 0, resolved: 0x55, literal: 0x55 }] },
];

#[rustfmt::skip]
const SETP_MASK_CONTROLS: &[Group<SetpMaskControls>] = &[
    Group { d: "Resolved SETP-MASK-CONTROL admits any mask control. The vector form writes the channels ChEn enables: EM 0x0F under M1 writes elements 0..3 (S = 1, 2, \
        3, 4 → 1, 0, 1, 0) and keeps 4..7 of P1 = 0xF0.",
        rows: &[SetpMaskControls { mask: "M1", size: 8, src0: "S(0,0)<1;1,0>", init: 0xf0, emask: 0x0f, want: 0xf5 }] },
    Group { d: "The scalar form writes every channel whatever ChEn (the loop has no ChEn test there).",
        rows: &[SetpMaskControls { mask: "M1", size: 8, src0: "0xff:uw", init: 0, emask: 0, want: 0xff }] },
    Group { d: "M3 (offset 8) with 4 channels: elements 8..11 receive bits 0..3 of 0x5.",
        rows: &[SetpMaskControls { mask: "M3", size: 4, src0: "0x5:ub", init: 0, emask: u32::MAX, want: 0x0500 }] },
];

#[rustfmt::skip]
const SETP_FORMS: &[Group<SetpForms>] = &[
    Group { d: "Notes: size 32 needs M1_NM; smaller sizes M1_NM or M5_NM. The literal reading enforces it, the resolved one accepts every mask control valid for the \
        size.", rows: &[
        SetpForms { text: "setp (M1_NM, 32) P1 0x1:ud", resolved: None, literal: None },
        SetpForms { text: "setp (M1_NM, 8) P1 0x1:ud", resolved: None, literal: None },
        SetpForms { text: "setp (M5_NM, 16) P1 0x1:uw", resolved: None, literal: None },
        SetpForms { text: "setp (M1, 16) P1 0x1:uw", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        SetpForms { text: "setp (M1, 32) P1 0x1:ud", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        SetpForms { text: "setp (M2_NM, 4) P1 0x1:uw", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        SetpForms { text: "setp (M5, 8) P1 0x1:uw", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "Sources must be UB, UW or UD, and SETP takes no predicate.", rows: &[
        SetpForms { text: "setp (M1_NM, 8) P1 VD(0,0)<1;1,0>", resolved: Some(ErrorClass::InvalidInstruction), literal: Some(ErrorClass::InvalidInstruction) },
        SetpForms { text: "(P1) setp (M1_NM, 8) P1 0x1:uw", resolved: Some(ErrorClass::InvalidInstruction), literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

/// The note of the scalar rows on 0xA5A5.
const A5A5: &str = "Scalar immediate, (M1_NM, 16): bits 0..15 of 0xA5A5 (resolved); literal SETP-BIT-TEST keeps bit 0 of src0 & (1 << i): only element 0. \
    The upper half of P = 0xFFFF0000 stays.";

#[rustfmt::skip]
const SETP_SCALAR8: &[Group<SetpScalar8>] = &[
    Group { d: "setp (M<group>_NM, <size>) P 0x<value>:uw (instructions/SETP.md) with P (32 elements) starting at 0xFFFF0000: element i of the mask-control's \
        channels gets bit i of src0.", rows: &[
        SetpScalar8 { case: "", group: 1, size: 16, value: 0xa5a5, literal: false, want: 0xffff_a5a5, note: A5A5 },
        SetpScalar8 { case: "", group: 1, size: 16, value: 0xa5a5, literal: true, want: 0xffff_0001, note: A5A5 },
        SetpScalar8 { case: "", group: 5, size: 16, value: 0x1234, literal: false, want: 0x1234_0000,
            note: "(M5_NM, 16): the upper half receives 0x1234; the lower half stays 0x0000." },
        SetpScalar8 { case: "", group: 1, size: 32, value: 0x8000_0001, literal: false, want: 0x8000_0001, note: "(M1_NM, 32): all 32 elements." },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl P v_type=P num_elts=8\n.decl S v_type=G type=uw num_elts=8\nsetp (M1, 8) P S(0,0)<1;1,0>\n";
    let row = simd::text_row(text).var("S", crate::catalog::build::le16(&[1, 2, 3, 4, 5, 6, 7, 8])).pred("P", 0xf0).emask(0x0f).expect_pred("P", 0xf5);
    let d = "setp (M1, 8) P S(0,0)<1;1,0>:uw with S = 1..8 under EM 0x0F: channels 0..3 write S & 1 = 1, 0, 1, 0; channels 4..7 keep P = 0xF0's ones: 0xF5.";
    rows.add("vector", row.derived(d));
}

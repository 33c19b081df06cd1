//! SETP (instructions/SETP.md): the bits it sets under both readings of SETP-BIT-TEST, the
//! mask controls (SETP-MASK-CONTROL) and the forms.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use crate::catalog::build::le16;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "setp",
    file: "catalog/alu/setp.jsonl",
    rows: add,
};

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

fn setp_bits(
    rows: &mut Rows,
    d: &str,
    mask: &str,
    size: u32,
    src0: &str,
    init: u32,
    resolved: u32,
    literal: u32,
) {
    let row = |expected| {
        setp(mask, size, src0, init, u32::MAX)
            .tag(errata::SETP_BIT_TEST)
            .expect_pred("P1", expected)
            .derived(&format!("{d} (S = 1..16, U = 0x81)"))
    };
    rows.add("bits", row(resolved));
    rows.add("bits", row(literal).literal(errata::SETP_BIT_TEST));
}

fn setp_mask_controls(
    rows: &mut Rows,
    d: &str,
    mask: &str,
    size: u32,
    src0: &str,
    init: u32,
    emask: u32,
    expected: u32,
) {
    let row = setp(mask, size, src0, init, emask)
        .expect_pred("P1", expected)
        .derived(&format!("{d} (S = 1..16, U = 0x81)"));
    rows.add("mask-controls", row);
}

fn setp_forms(
    rows: &mut Rows,
    d: &str,
    text: &str,
    resolved: Option<ErrorClass>,
    literal: Option<ErrorClass>,
) {
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

fn add(rows: &mut Rows) {
    let d = "Scalar immediate: bit i of src0 sets element i. 0xA5A5 over elements 0..15, the upper half kept. Literal SETP-BIT-TEST: element i keeps bit 0 of src0 & (1 << i): only element 0 can be 1 (bit 0 of 0xA5A5 is 1).";
    setp_bits(
        rows,
        d,
        "M1_NM",
        16,
        "0xa5a5:uw",
        0xffff_0000,
        0xffff_a5a5,
        0xffff_0001,
    );
    let d = "M5_NM: the upper half receives 0x1234 (bit 0 clear: literal leaves all 16 at 0).";
    setp_bits(rows, d, "M5_NM", 16, "0x1234:uw", 0, 0x1234_0000, 0);
    let d = "Execution size 32 under M1_NM: all 32 elements.";
    setp_bits(
        rows,
        d,
        "M1_NM",
        32,
        "0x80000001:ud",
        0x0f0f_0f0f,
        0x8000_0001,
        0x0000_0001,
    );
    let d = "A scalar register <0;1,0>: UB 0x81 sets elements 0 and 7; bits 8..15 of a UB are 0.";
    setp_bits(
        rows,
        d,
        "M1_NM",
        16,
        "U(0,0)<0;1,0>",
        0xffff_ffff,
        0xffff_0081,
        0xffff_0001,
    );
    let d = "<0;4,0> also reads one element in every channel: a scalar (S[0] = 1 sets element 0 only; the vector form would set all 8).";
    setp_bits(rows, d, "M1_NM", 8, "S(0,0)<0;4,0>", 0, 0x01, 0x01);
    let d = "Vector src0 S = 1..8: element i = S[i] & 1 → elements 0, 2, 4, 6 → 0x55, in both readings.";
    setp_bits(rows, d, "M1_NM", 8, "S(0,0)<1;1,0>", 0, 0x55, 0x55);
    let d = "Resolved SETP-MASK-CONTROL admits any mask control. The vector form writes the channels ChEn enables: EM 0x0F under M1 writes elements 0..3 (S = 1, 2, 3, 4 → 1, 0, 1, 0) and keeps 4..7 of P1 = 0xF0.";
    setp_mask_controls(rows, d, "M1", 8, "S(0,0)<1;1,0>", 0xf0, 0x0f, 0xf5);
    let d = "The scalar form writes every channel whatever ChEn (the loop has no ChEn test there).";
    setp_mask_controls(rows, d, "M1", 8, "0xff:uw", 0, 0, 0xff);
    let d = "M3 (offset 8) with 4 channels: elements 8..11 receive bits 0..3 of 0x5.";
    setp_mask_controls(rows, d, "M3", 4, "0x5:ub", 0, u32::MAX, 0x0500);
    let d = "Notes: size 32 needs M1_NM; smaller sizes M1_NM or M5_NM. The literal reading enforces it, the resolved one accepts every mask control valid for the size.";
    setp_forms(rows, d, "setp (M1_NM, 32) P1 0x1:ud", None, None);
    setp_forms(rows, d, "setp (M1_NM, 8) P1 0x1:ud", None, None);
    setp_forms(rows, d, "setp (M5_NM, 16) P1 0x1:uw", None, None);
    setp_forms(
        rows,
        d,
        "setp (M1, 16) P1 0x1:uw",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    setp_forms(
        rows,
        d,
        "setp (M1, 32) P1 0x1:ud",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    setp_forms(
        rows,
        d,
        "setp (M2_NM, 4) P1 0x1:uw",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    setp_forms(
        rows,
        d,
        "setp (M5, 8) P1 0x1:uw",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Sources must be UB, UW or UD, and SETP takes no predicate.";
    setp_forms(
        rows,
        d,
        "setp (M1_NM, 8) P1 VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
        Some(ErrorClass::InvalidInstruction),
    );
    setp_forms(
        rows,
        d,
        "(P1) setp (M1_NM, 8) P1 0x1:uw",
        Some(ErrorClass::InvalidInstruction),
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "setp (M<group>_NM, <size>) P 0x<value>:uw (instructions/SETP.md) with P (32 elements) starting at 0xFFFF0000: element i of the mask-control's channels gets bit i of src0.";
    simd::setp_scalar(rows, &why(d, "", "Scalar immediate, (M1_NM, 16): bits 0..15 of 0xA5A5 (resolved); literal SETP-BIT-TEST keeps bit 0 of src0 & (1 << i): only element 0. The upper half of P = 0xFFFF0000 stays."), 1, 16, 0xa5a5, false, 0xffff_a5a5);
    simd::setp_scalar(rows, &why(d, "", "Scalar immediate, (M1_NM, 16): bits 0..15 of 0xA5A5 (resolved); literal SETP-BIT-TEST keeps bit 0 of src0 & (1 << i): only element 0. The upper half of P = 0xFFFF0000 stays."), 1, 16, 0xa5a5, true, 0xffff_0001);
    simd::setp_scalar(
        rows,
        &why(
            d,
            "",
            "(M5_NM, 16): the upper half receives 0x1234; the lower half stays 0x0000.",
        ),
        5,
        16,
        0x1234,
        false,
        0x1234_0000,
    );
    simd::setp_scalar(
        rows,
        &why(d, "", "(M1_NM, 32): all 32 elements."),
        1,
        32,
        0x8000_0001,
        false,
        0x8000_0001,
    );
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;

    let d = "setp (M1, 8) P S(0,0)<1;1,0>:uw with S = 1..8 under EM 0x0F: channels 0..3 write S & \
             1 = 1, 0, 1, 0; channels 4..7 keep P = 0xF0's ones: 0xF5.";
    let text = ".decl P v_type=P num_elts=8\n.decl S v_type=G type=uw num_elts=8\n\
                setp (M1, 8) P S(0,0)<1;1,0>\n";
    let row = simd::text_row(text)
        .var("S", crate::catalog::build::le16(&[1, 2, 3, 4, 5, 6, 7, 8]))
        .pred("P", 0xf0)
        .emask(0x0f)
        .expect_pred("P", 0xf5);
    rows.add("vector", row.derived(d));
}

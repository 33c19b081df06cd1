//! NOT (instructions/NOT.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, predicate_operands, qword_forms, qword_forms_literal, ARITH_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "not",
    file: "catalog/alu/not.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "~0 = -1 → 0xffffffff.";
    one(rows, "values", d, "not", "ud", &[("ud", 0)], 0xffff_ffff);
    let d =
        "~15 = -16 exactly; into UD: 0xfffffff0 (the complement is not confined to UB's 8 bits).";
    one(rows, "values", d, "not", "ud", &[("ub", 0x0f)], 0xffff_fff0);
    let d = "~15 = -16 into UB: the low 8 bits 0xf0.";
    one(rows, "values", d, "not", "ub", &[("ub", 0x0f)], 0xf0);
    let d = "~INT_MIN = -(-2^31) - 1 = INT_MAX.";
    one(
        rows,
        "values",
        d,
        "not",
        "d",
        &[("d", 0x8000_0000)],
        0x7fff_ffff,
    );
    let d = "~INT_MAX = INT_MIN.";
    one(
        rows,
        "values",
        d,
        "not",
        "d",
        &[("d", 0x7fff_ffff)],
        0x8000_0000,
    );
    let d = "~(~x) = x: the ~ modifier then NOT.";
    one(
        rows,
        "values",
        d,
        "not",
        "ud",
        &[("~ud", 0x1234_5678)],
        0x1234_5678,
    );
    let d = "W -1 → ~(-1) = 0 → 0.";
    one(rows, "values", d, "not", "uw", &[("w", 0xffff)], 0);
    let d = "Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "not.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "EM enables channels 0 and 2: !0b0011 = 0b1100 over 4 lanes; bit 0 <- 0, bit 2 <- 1, bits 1 and 3 keep P1's 1s: 0b1110.";
    predicate_operands(
        rows,
        d,
        "not (M1, 4) P1 P2",
        0b1111,
        0b0011,
        0,
        0b0101,
        0b1110,
    );
    let d = "~0x0123456789ABCDEF on UQ = 0xFEDCBA9876543210 (each nibble n becomes 15-n).";
    qword_forms(
        rows,
        d,
        "not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>",
        "VS",
        "1032547698badcfe",
    );
    let d = "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.";
    qword_forms_literal(rows, d, "not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>");
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives -src0 - 1; the result truncated into DT.";
    simd::logic(
        rows,
        &why(d, "not_zero", ""),
        "not",
        UD,
        &[o(UD, 0)],
        0xFFFF_FFFF,
    );
    simd::logic(rows, &why(d, "not_minus_one", ""), "not", D, &[o(D, -1)], 0);
    simd::logic(
        rows,
        &why(d, "not_ub_to_uw", "UB 0x0F = 15: -16 = UW 0xFFF0"),
        "not",
        UW,
        &[o(UB, 0x0F)],
        0xFFF0,
    );
    simd::logic(
        rows,
        &why(d, "not_b_to_ub", "B 0x80 = -128: 127"),
        "not",
        UB,
        &[o(B, -0x80)],
        0x7F,
    );
    simd::logic(
        rows,
        &why(d, "not_of_not", ""),
        "not",
        UD,
        &[md(Mod::Not, UD, 0x1234_5678)],
        0x1234_5678,
    );
}

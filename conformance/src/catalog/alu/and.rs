//! AND (instructions/AND.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{
    form_both, form_row, invalid_predicate_forms, one, predicate_operands, qword_forms,
    qword_forms_literal, ARITH_DECLS,
};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "and",
    file: "catalog/alu/and.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.";
    one(
        rows,
        "values",
        d,
        "and",
        "ud",
        &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)],
        0xf000_f000,
    );
    let d = "B 0x80 is -128, sign-extended: ...ffff80 & 0xffffffff = 0xffffff80.";
    one(
        rows,
        "values",
        d,
        "and",
        "ud",
        &[("b", 0x80), ("ud", 0xffff_ffff)],
        0xffff_ff80,
    );
    let d = "UB 0x80 is 128, zero-extended: 0x80 & 0xffffffff = 0x80.";
    one(
        rows,
        "values",
        d,
        "and",
        "ud",
        &[("ub", 0x80), ("ud", 0xffff_ffff)],
        0x80,
    );
    let d = "~ complements within the source type: ~UB 0x0f = 0xf0 (240); 240 & 0xffffffff = 0xf0.";
    one(
        rows,
        "values",
        d,
        "and",
        "ud",
        &[("~ub", 0x0f), ("ud", 0xffff_ffff)],
        0xf0,
    );
    let d = "~B 0x0f = 0xf0 = -16 as B; sign-extended: 0xfffffff0.";
    one(
        rows,
        "values",
        d,
        "and",
        "ud",
        &[("~b", 0x0f), ("ud", 0xffff_ffff)],
        0xffff_fff0,
    );
    let d = "Both complemented: ~0x0f & ~0xf0 (UB) = 0xf0 & 0x0f = 0.";
    one(
        rows,
        "values",
        d,
        "and",
        "ub",
        &[("~ub", 0x0f), ("~ub", 0xf0)],
        0,
    );
    let d = "Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "and (M1, 8) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "and.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "QWORD-TYPEMAP-GAP: Q and UQ are in the logic instructions' and SHL's Supported Types; the resolved reading admits them, the literal one keeps the type maps.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::QWORD_TYPEMAP_GAP,
        "and (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Channels 0..7 write bits 0..7: 0xCA & 0xA6 = 0x82; bits 8..31 of P1 keep 0xFFFFFF.";
    predicate_operands(
        rows,
        d,
        "and (M1, 8) P1 P2 P3",
        0xFFFF_FF00,
        0xCA,
        0xA6,
        u32::MAX,
        0xFFFF_FF82,
    );
    let d =
        "M2 (offset 4), 4 channels: bits 4..7; (0xA0 & 0x60) = 0x20; other bits of P1 (0) kept.";
    predicate_operands(
        rows,
        d,
        "and (M2, 4) P1 P2 P3",
        0,
        0xFFFF_FFA0,
        0x0000_0060,
        u32::MAX,
        0x20,
    );
    let d = "Every operand a predicate (Notes): a register among them is invalid.";
    invalid_predicate_forms(
        rows,
        d,
        ".decl V1 v_type=G type=ud num_elts=16\n",
        "and (M1, 16) P1 P2 V1(0,0)<1;1,0>",
    );
    invalid_predicate_forms(
        rows,
        d,
        ".decl V1 v_type=G type=ud num_elts=16\n",
        "and (M1, 16) V1(0,0)<1> P2 P3",
    );
    let d = "0x0123456789ABCDEF & 0xFF00FF00FF00FF00 keeps bytes 01 45 89 CD: 0x010045008900CD00.";
    qword_forms(
        rows,
        d,
        "and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0xff00ff00ff00ff00:q",
        "VR",
        "00cd008900450001",
    );
    let d = "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.";
    qword_forms_literal(rows, d, "and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0x1:q");
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives -src0 - 1; the result truncated into DT.";
    simd::logic(
        rows,
        &why(d, "and", ""),
        "and",
        UD,
        &[o(UD, 0xF0F0_F0F0), o(UD, 0xFF00_FF00)],
        0xF000_F000,
    );
    simd::logic(
        rows,
        &why(
            d,
            "and_b_sign_extends",
            "B 0xFF = -1 sign-extends to all ones",
        ),
        "and",
        UD,
        &[o(B, -1), o(UD, 0x1234_5678)],
        0x1234_5678,
    );
    simd::logic(
        rows,
        &why(d, "and_ub_zero_extends", "UB 0xFF zero-extends"),
        "and",
        UD,
        &[o(UB, 0xFF), o(UD, 0x1234_5678)],
        0x78,
    );
    simd::logic(
        rows,
        &why(
            d,
            "and_not_w",
            "~0x00FF in 16 bits = 0xFF00 = W -256: sign-extended 0xFFFFFF00",
        ),
        "and",
        UD,
        &[md(Mod::Not, W, 0x00FF), o(UD, 0x1234_5678)],
        0x1234_5600,
    );
    simd::logic(
        rows,
        &why(
            d,
            "and_not_uw",
            "~0x00FF in 16 bits = UW 0xFF00: zero-extended",
        ),
        "and",
        UD,
        &[md(Mod::Not, UW, 0x00FF), o(UD, 0x1234_5678)],
        0x5600,
    );
}

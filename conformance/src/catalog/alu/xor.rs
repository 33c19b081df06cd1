//! XOR (instructions/XOR.md): hand-derived rows, each with its derivation.

use super::{invalid_predicate_forms, one, predicate_operands};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "xor",
    file: "catalog/alu/xor.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.";
    one(
        rows,
        "values",
        d,
        "xor",
        "ud",
        &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)],
        0x0ff0_0ff0,
    );
    let d = "0x12345678 ^ 0x0000ffff = 0x1234a987; a UW destination keeps 0xa987.";
    one(
        rows,
        "values",
        d,
        "xor",
        "uw",
        &[("d", 0x1234_5678), ("d", 0xffff)],
        0xa987,
    );
    let d = "~UD 0 = 0xffffffff; ^ 0 = 0xffffffff; a UB destination keeps 0xff.";
    one(
        rows,
        "values",
        d,
        "xor",
        "ub",
        &[("~ud", 0), ("ud", 0)],
        0xff,
    );
    let d = "M1_NM ignores EM (here 0): 0xFFFF0000 ^ 0x0F0F0F0F = 0xF0F00F0F on all 32 bits.";
    predicate_operands(
        rows,
        d,
        "xor (M1_NM, 32) P1 P2 P3",
        0,
        0xFFFF_0000,
        0x0F0F_0F0F,
        0,
        0xF0F0_0F0F,
    );
    let d = "A 16-element predicate has no bits 16..31 for M5.";
    invalid_predicate_forms(
        rows,
        d,
        ".decl P4 v_type=P num_elts=16\n",
        "xor (M5, 16) P1 P4 P3",
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1 not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 instructions/AND.md, OR.md, XOR.md, NOT.md: bitwise on two's-complement values, each source extended by its own type after `~` (which complements within the type's width); NOT gives -src0 - 1; the result truncated into DT.";
    simd::logic(
        rows,
        &why(d, "xor", ""),
        "xor",
        UD,
        &[o(UD, 0xFFFF_FFFF), o(UD, 0x0F0F_0F0F)],
        0xF0F0_F0F0,
    );
    simd::logic(
        rows,
        &why(d, "xor_not_both", "~a ^ ~b = a ^ b"),
        "xor",
        D,
        &[md(Mod::Not, D, 0x0F0F_0F0F), md(Mod::Not, D, 0x00FF_00FF)],
        0x0FF0_0FF0,
    );
}

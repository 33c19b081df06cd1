//! OR (instructions/OR.md): hand-derived rows, each with its derivation.

use super::{invalid_predicate_forms, one, predicate_operands, qword_forms};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "or",
    file: "catalog/alu/or.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.";
    one(
        rows,
        "values",
        d,
        "or",
        "ud",
        &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)],
        0xfff0_fff0,
    );
    let d = "W 0x8000 is -32768 = ...ffff8000; | 1 = ...ffff8001 → 0xffff8001.";
    one(
        rows,
        "values",
        d,
        "or",
        "ud",
        &[("w", 0x8000), ("uw", 1)],
        0xffff_8001,
    );
    let d = "~D 0 = -1; -1 | 0 = -1 → 0xffffffff.";
    one(
        rows,
        "values",
        d,
        "or",
        "d",
        &[("~d", 0), ("d", 0)],
        0xffff_ffff,
    );
    let d =
        "M5 offsets channel n to bit 16+n: (0x00F0 | 0x0F00) << 16 = 0x0FF0_0000; bits 0..15 kept.";
    predicate_operands(
        rows,
        d,
        "or (M5, 16) P1 P2 P3",
        0x0000_FFFF,
        0x00F0_0000,
        0x0F00_0000,
        u32::MAX,
        0x0FF0_FFFF,
    );
    let d = "No predication in the predicate-operand form (Notes).";
    invalid_predicate_forms(rows, d, "", "(P3) or (M1, 16) P1 P2 P3");
    let d = "UQ 0x0123456789ABCDEF | 0: unchanged bytes.";
    qword_forms(
        rows,
        d,
        "or (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0> 0x0:uq",
        "VS",
        "efcdab8967452301",
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
        &why(d, "or", ""),
        "or",
        UD,
        &[o(UD, 0xF0F0_F0F0), o(UD, 0x0F0F_0F0F)],
        0xFFFF_FFFF,
    );
    simd::logic(
        rows,
        &why(
            d,
            "or_w_uw_to_d",
            "W 0x8000 = -32768 | 1 = -32767 = D 0xFFFF8001",
        ),
        "or",
        D,
        &[o(W, -0x8000), o(UW, 1)],
        0xFFFF_8001,
    );
    simd::logic(
        rows,
        &why(d, "or_truncates_to_ub", ""),
        "or",
        UB,
        &[o(UD, 0x1234_5601), o(UD, 0x10)],
        0x11,
    );
}

//! ASR (instructions/ASR.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, form_row, one, ARITH_DECLS};
use crate::catalog::build::form;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "asr",
    file: "catalog/alu/asr.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "INT_MIN >> 31 = floor(-2^31 / 2^31) = -1; -1 >> 31 = -1.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x8000_0000), ("d", 31)],
        0xffff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0xffff_ffff), ("d", 31)],
        0xffff_ffff,
    );
    let d = "Count 32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x8000_0000), ("d", 32)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x8000_0000), ("d", 63)],
        0xffff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x8000_0000), ("d", 64)],
        0x8000_0000,
    );
    let d = "INT_MAX >> 30 = 1.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x7fff_ffff), ("d", 30)],
        1,
    );
    let d = "-5 >> 1 = floor(-2.5) = -3 → 0xfffffffd.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0xffff_fffb), ("d", 1)],
        0xffff_fffd,
    );
    let d = "W: -32768 >> 15 = -1 → 0xffff; count 16 (& 31 = 16) → floor(-32768 / 65536) = -1.";
    one(
        rows,
        "values",
        d,
        "asr",
        "w",
        &[("w", 0x8000), ("w", 15)],
        0xffff,
    );
    one(
        rows,
        "values",
        d,
        "asr",
        "w",
        &[("w", 0x8000), ("w", 16)],
        0xffff,
    );
    let d = "An unsigned src0 is its non-negative value (ASR-SIGNED-OPERANDS resolved): 2^31 >> 31 = 1.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("ud", 0x8000_0000), ("d", 31)],
        1,
    );
    let d = "Q destination: count & 63. D src0 INT_MAX >> 32 = floor((2^31 - 1) / 2^32) = 0 ...";
    one(
        rows,
        "values",
        d,
        "asr",
        "q",
        &[("d", 0x7fff_ffff), ("d", 32)],
        0,
    );
    let d = "... while a D destination masks 32 to 0: unchanged.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("d", 0x7fff_ffff), ("d", 32)],
        0x7fff_ffff,
    );
    let d = "Q destination: -2^31 >> 63 = -1 (sign-extended to 64 bits); count 64 & 63 = 0: -2^31.";
    one(
        rows,
        "values",
        d,
        "asr",
        "q",
        &[("d", 0x8000_0000), ("d", 63)],
        0xffff_ffff_ffff_ffff,
    );
    one(
        rows,
        "values",
        d,
        "asr",
        "q",
        &[("d", 0x8000_0000), ("d", 64)],
        0xffff_ffff_8000_0000,
    );
    let d = "D destination from a Q source (third type map), count & 31: 2^32 >> 1 = 2^31 → 0x80000000.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("q", 0x1_0000_0000), ("q", 1)],
        0x8000_0000,
    );
    let d = "Q source -2^63 >> 31 = -2^32: low 32 bits 0.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("q", 0x8000_0000_0000_0000), ("q", 31)],
        0,
    );
    let d =
        "A D count for a Q source (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31; -2^62 >> 31 = -2^31.";
    one(
        rows,
        "values",
        d,
        "asr",
        "d",
        &[("q", 0xc000_0000_0000_0000), ("d", 0xffff_ffff)],
        0x8000_0000,
    );
    let d = "ASR takes no .sat.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "asr.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "ASR: a Q src0 with a B destination is in no type map.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "asr (M1, 8) VB(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "... and a D count for a Q-source ASR (third map lists UQ, Q only).";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::SHIFT_COUNT_TYPE,
        "asr (M1, 8) VD(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d =
        "ASR-SIGNED-OPERANDS: an unsigned dst or src0 is valid by the type maps, not by the Notes.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::ASR_SIGNED_OPERANDS,
        "asr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::ASR_SIGNED_OPERANDS,
        "asr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "The literal reading of ASR-SIGNED-OPERANDS keeps signed forms valid.";
    let text = "asr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>";
    rows.add(
        "forms",
        form(ARITH_DECLS, text, None)
            .literal(errata::ASR_SIGNED_OPERANDS)
            .derived(d),
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "asr (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/ASR.md: count = src1 & 31 (& 63 for a Q or UQ destination); floor(src0 / 2^count) of src0's exact value (sign-extended by its own type), truncated into DT.";
    simd::asr(rows, &why(d, "by_0", ""), D, o(D, 7), o(UD, 0), 7);
    simd::asr(rows, &why(d, "positive", ""), D, o(D, 7), o(UD, 1), 3);
    simd::asr(
        rows,
        &why(d, "negative_floors", "-7 / 2 = -3.5: floor -4"),
        D,
        o(D, -7),
        o(UD, 1),
        -4,
    );
    simd::asr(
        rows,
        &why(d, "minus_one_by_31", ""),
        D,
        o(D, -1),
        o(UD, 31),
        -1,
    );
    simd::asr(
        rows,
        &why(d, "int_min_by_31", ""),
        D,
        o(D, INT_MIN),
        o(UD, 31),
        -1,
    );
    simd::asr(
        rows,
        &why(d, "int_min_by_32_masked_to_0", ""),
        D,
        o(D, INT_MIN),
        o(UD, 32),
        INT_MIN,
    );
    simd::asr(
        rows,
        &why(d, "int_min_by_33_masked_to_1", ""),
        D,
        o(D, INT_MIN),
        o(UD, 33),
        -0x4000_0000,
    );
    simd::asr(
        rows,
        &why(d, "int_min_by_63_masked_to_31", ""),
        D,
        o(D, INT_MIN),
        o(UD, 63),
        -1,
    );
    simd::asr(
        rows,
        &why(d, "w_by_15", ""),
        W,
        o(W, -0x8000),
        o(UW, 15),
        -1,
    );
    simd::asr(
        rows,
        &why(
            d,
            "ud_src",
            "a UD source is zero-extended: 2^31 >> 4 = 2^27",
        ),
        D,
        o(UD, 0x8000_0000),
        o(UD, 4),
        0x0800_0000,
    );
    simd::asr(
        rows,
        &why(d, "negated_src0", "(-)7 = -7: floor(-3.5) = -4"),
        D,
        md(Mod::Neg, D, 7),
        o(UD, 1),
        -4,
    );
    simd::asr(
        rows,
        &why(d, "q_by_63", ""),
        Q,
        o(Q, i64::MIN as i128),
        o(UD, 63),
        -1,
    );
    simd::asr(
        rows,
        &why(d, "q_by_64_masked_to_0", ""),
        Q,
        o(Q, i64::MIN as i128),
        o(UD, 64),
        i64::MIN as i128,
    );
    simd::asr(
        rows,
        &why(d, "q_by_65_masked_to_1", ""),
        Q,
        o(Q, i64::MIN as i128),
        o(UD, 65),
        -(1 << 62),
    );
    simd::asr(rows, &why(d, "q_src_d_dst_by_33", "a D destination masks the count with 31 even for a Q source: 2^32 >> 1 = 2^31 -> D 0x80000000"), D, o(Q, 1 << 32), o(Q, 33), INT_MIN);
    simd::asr(
        rows,
        &why(d, "ud_src_q_dst", ""),
        Q,
        o(UD, 0xFFFF_FFFF),
        o(UD, 4),
        0x0FFF_FFFF,
    );
    simd::asr(
        rows,
        &why(d, "d_src_q_dst_by_40", ""),
        Q,
        o(D, -1),
        o(UD, 40),
        -1,
    );
}

//! SHR (instructions/SHR.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, one, qword_forms, qword_forms_literal, ARITH_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "shr",
    file: "catalog/alu/shr.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "0x80000000 >> 0, 1, 31 = 0x80000000, 0x40000000 (no sign extension), 1.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 0)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 1)],
        0x4000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 31)],
        1,
    );
    let d = "32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 32)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 63)],
        1,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 64)],
        0xffff_ffff,
    );
    let d = "A D count (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("d", 0xffff_ffff)],
        1,
    );
    let d = "UB 0x80 >> 7 = 1 into UD.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ub", 0x80), ("ub", 7)],
        1,
    );
    let d = "UW: count 16 is not masked to 15: 0xffff >> 16 = 0.";
    one(
        rows,
        "values",
        d,
        "shr",
        "uw",
        &[("uw", 0xffff), ("uw", 16)],
        0,
    );
    let d = "(-)1 on UD is -1, read as UD 0xffffffff: >> 28 = 0xf.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("(-)ud", 1), ("ud", 28)],
        0xf,
    );
    let d = "0x100 >> 0 = 256 into UB: .sat → 255; truncated → 0.";
    one(
        rows,
        "values",
        d,
        "shr.sat",
        "ub",
        &[("ud", 0x100), ("ud", 0)],
        0xff,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ub",
        &[("ud", 0x100), ("ud", 0)],
        0,
    );
    let d = "SHR's type map has unsigned dst and src0 only; SHR-SIGNED-OPERANDS (resolved) admits a signed src0 or dst.";
    for text in [
        "shr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        "shr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
    ] {
        form_both(
            rows,
            "forms",
            d,
            ARITH_DECLS,
            errata::SHR_SIGNED_OPERANDS,
            text,
            None,
            Some(ErrorClass::InvalidInstruction),
        );
    }
    let d = "A signed SHR count needs SHIFT-COUNT-TYPE resolved even with SHR-SIGNED-OPERANDS resolved: under its literal type map the count is unsigned.";
    rows.add(
        "forms",
        crate::catalog::build::form(
            ARITH_DECLS,
            "shr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
            Some(ErrorClass::InvalidInstruction),
        )
        .literal(errata::SHIFT_COUNT_TYPE)
        .derived(d),
    );
    let d =
        "SHIFT-COUNT-TYPE: a signed SHR count is valid (resolved), not under the literal type map.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::SHIFT_COUNT_TYPE,
        "shr (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "SHR-SIGNED-OPERANDS: a D destination and a D src0 are valid (resolved), not under the literal type map.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::SHR_SIGNED_OPERANDS,
        "shr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x3:ud",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let signed =
        |rows: &mut Rows, d: &str, op: &str, dst: &str, srcs: &[(&str, u64)], want: u64| {
            rows.add(
                "signed",
                super::lane(op, dst, srcs, want)
                    .tag(errata::SHR_SIGNED_OPERANDS)
                    .derived(d),
            );
        };
    let d = "SHR-SIGNED-OPERANDS resolved: D -2^31 (bits 0x80000000) >> 31, logically: 1 (an arithmetic shift would give -1).";
    signed(rows, d, "shr", "d", &[("d", 0x8000_0000), ("ud", 31)], 1);
    let d =
        "SHR-SIGNED-OPERANDS resolved: UD 0xfffffff0 >> 4 = 0x0fffffff into D (positive, fits).";
    signed(
        rows,
        d,
        "shr",
        "d",
        &[("ud", 0xffff_fff0), ("ud", 4)],
        0x0fff_ffff,
    );
    let d =
        "SHR-SIGNED-OPERANDS resolved: W -1 (bits 0xffff) >> 4 in its 16 bits = 0x0fff, into UD.";
    signed(rows, d, "shr", "ud", &[("w", 0xffff), ("ud", 4)], 0x0fff);
    let d =
        "SHR-SIGNED-OPERANDS resolved: UD 0xffffffff >> 0 = 4294967295, saturated into W: 32767.";
    signed(
        rows,
        d,
        "shr.sat",
        "w",
        &[("ud", 0xffff_ffff), ("ud", 0)],
        0x7fff,
    );
    let d = "SHR-SIGNED-OPERANDS with QWORD-TYPEMAP-GAP and SHIFT-COUNT-TYPE resolved, as IGC writes a 64-bit logical shift: UQ 0x8000000000000000 >> 32 (a Q count of 0x20) = 0x0000000080000000, positive, into Q.";
    signed(
        rows,
        d,
        "shr",
        "q",
        &[("uq", 0x8000_0000_0000_0000), ("q", 0x20)],
        0x8000_0000,
    );
    let d = "SHR-SIGNED-OPERANDS with QWORD-TYPEMAP-GAP resolved: Q -1 (64 one bits) >> 60, logically in its 64 bits: 0xf (an arithmetic shift would give -1).";
    signed(rows, d, "shr", "q", &[("q", u64::MAX), ("ud", 60)], 0xf);
    let d = "UQ 0x8000000000000000 >> 63 = 1.";
    qword_forms(
        rows,
        d,
        "shr (M1, 1) VS(0,0)<1> 0x8000000000000000:uq 0x3f:uq",
        "VS",
        "0100000000000000",
    );
    let d = "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.";
    qword_forms_literal(rows, d, "shr (M1, 1) VS(0,0)<1> 0x1:uq 0x1:uq");
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "shr[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 instructions/SHR.md: count = src1 & 31; src0's bits (in its type) shifted right logically.";
    simd::shr(
        rows,
        &why(d, "by_0", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 0),
        0x8000_0000,
    );
    simd::shr(
        rows,
        &why(d, "by_31", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 31),
        1,
    );
    simd::shr(
        rows,
        &why(d, "by_32_masked_to_0", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 32),
        0x8000_0000,
    );
    simd::shr(
        rows,
        &why(d, "by_33_masked_to_1", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 33),
        0x4000_0000,
    );
    simd::shr(
        rows,
        &why(d, "by_63_masked_to_31", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 63),
        1,
    );
    simd::shr(
        rows,
        &why(d, "by_64_masked_to_0", ""),
        false,
        UD,
        o(UD, 0x8000_0000),
        o(UD, 64),
        0x8000_0000,
    );
    simd::shr(
        rows,
        &why(d, "uw_to_ud", ""),
        false,
        UD,
        o(UW, 0x8000),
        o(UD, 15),
        1,
    );
    simd::shr(
        rows,
        &why(d, "ub", ""),
        false,
        UB,
        o(UB, 0xFF),
        o(UB, 4),
        0x0F,
    );
    simd::shr(
        rows,
        &why(
            d,
            "sat_to_ub",
            "0x1000 >> 4 = 0x100: clamped to 0xFF, or truncated to 0x00",
        ),
        true,
        UB,
        o(UD, 0x1000),
        o(UD, 4),
        0xFF,
    );
    simd::shr(
        rows,
        &why(
            d,
            "truncate_to_ub",
            "0x1000 >> 4 = 0x100: clamped to 0xFF, or truncated to 0x00",
        ),
        false,
        UB,
        o(UD, 0x1000),
        o(UD, 4),
        0x00,
    );
    simd::shr(
        rows,
        &why(
            d,
            "negated_src0",
            "(-)1 = -1, whose UD bits are 0xFFFFFFFF; >> 28 = 0xF",
        ),
        false,
        UD,
        md(Mod::Neg, UD, 1),
        o(UD, 28),
        0xF,
    );
}

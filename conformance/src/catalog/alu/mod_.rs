//! MOD (instructions/MOD.md): hand-derived rows, each with its derivation.

use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use super::{by_zero, form_on, one, MULDIV_DECLS};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mod",
    file: "catalog/alu/mod.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates toward zero, the remainder has the numerator's sign).";
    one(rows, "int", d, "mod", "d", &[("d", 7), ("d", 2)], 1);
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_fff9), ("d", 2)],
        0xffff_ffff,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 7), ("d", 0xffff_fffe)],
        1,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_fff9), ("d", 0xffff_fffe)],
        0xffff_ffff,
    );
    let d = "INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.";
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff)],
        0,
    );
    let d = "UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.";
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 2)],
        1,
    );
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 10)],
        5,
    );
    let d = "B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).";
    one(rows, "int", d, "mod", "b", &[("b", 0x80), ("b", 0xff)], 0);
    one(rows, "int", d, "mod", "b", &[("b", 0x80), ("b", 3)], 0xfe);
    let d = "Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).";
    one(
        rows,
        "int",
        d,
        "mod",
        "d",
        &[("d", 0xffff_ffff), ("ud", 2)],
        0xffff_ffff,
    );
    let d = "(-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.";
    one(
        rows,
        "int",
        d,
        "mod",
        "ud",
        &[("(-)ud", 7), ("ud", 2)],
        0xffff_ffff,
    );
    let d = "0 / -5 = 0 r 0.";
    one(rows, "int", d, "mod", "w", &[("w", 0), ("w", 0xfffb)], 0);
    let d = "MOD.sat into UB from D: -7 % 2 = -1 clamps to 0; 300 % 1000 = 300 clamps to 255, and without .sat keeps its low 8 bits 300 - 256 = 44 (0x2c).";
    one(
        rows,
        "sat",
        d,
        "mod.sat",
        "ub",
        &[("d", 0xffff_fff9), ("d", 2)],
        0,
    );
    one(
        rows,
        "sat",
        d,
        "mod.sat",
        "ub",
        &[("d", 300), ("d", 1000)],
        0xff,
    );
    one(
        rows,
        "sat",
        d,
        "mod",
        "ub",
        &[("d", 300), ("d", 1000)],
        0x2c,
    );
    let d = "Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's behaviour is undefined.";
    by_zero(rows, d, "mod", "d", ("d", 0xffff_fff9));
    by_zero(rows, d, "mod.sat", "ub", ("ub", 9));
    let d = "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mod (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    simd::div_mod_int_cases(rows, "mod");
    let d =
        "mod.sat (M1, 8) R:ub S0:d S1:d: 300 % 1000 = 300 clamps to 255; -7 % 2 = -1 clamps to 0.";
    simd::mod_sat(rows, &why(d, "high", ""), 300, 1000, 0xFF);
    simd::mod_sat(rows, &why(d, "negative", ""), 0xFFFF_FFF9, 2, 0);
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;
    use crate::catalog::build::le32;

    let d = "mod (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<1;1,0>:d, B = [1, 0, 2, 0, 3, 0, 4, \
             0], A = 12 in every lane, R initially 0x77777777: lanes 0, 2, 4, 6 get 0; lanes 1, \
             3, 5, 7 divide by zero (erratum DIV-BY-ZERO, resolved): their bytes are undefined \
             (any value). Literal DIV-BY-ZERO: undefined-behaviour.";
    let text = ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n\
                .decl R v_type=G type=d num_elts=8\n\
                mod (M1, 8) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    let base = || {
        simd::text_row(text)
            .var("A", simd::i32s(&[12; 8]))
            .var("B", simd::i32s(&[1, 0, 2, 0, 3, 0, 4, 0]))
            .var("R", le32(&[0x7777_7777; 8]))
    };
    let pattern: Vec<Option<u8>> = (0..8)
        .flat_map(|k| 0u32.to_le_bytes().map(|b| (k % 2 == 0).then_some(b)))
        .collect();
    let row = base()
        .expect_pattern("R", pattern)
        .tag(visa_spec::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));
    let row = base()
        .expect_error(visa_spec::ErrorClass::UndefinedBehaviour)
        .literal(visa_spec::errata::DIV_BY_ZERO);
    rows.add("zero-divisor-lanes", row.derived(d));

    let d = "(P1) mod (M1, 4) R:d A<1;1,0>:d B<1;1,0>:d with P1 = 0b0101, A = [7, 7, 7, 7] and B \
             = [2, 0, 3, 0], R = -1: lanes 0 and 2 get 1; the disabled lanes 1 and 3 divide by \
             zero but are neither written nor undefined, under both readings of DIV-BY-ZERO.";
    let text = ".decl A v_type=G type=d num_elts=4\n.decl B v_type=G type=d num_elts=4\n\
                .decl R v_type=G type=d num_elts=4\n.decl P1 v_type=P num_elts=4\n\
                (P1) mod (M1, 4) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n";
    for literal in [false, true] {
        let row = simd::text_row(text)
            .var("A", simd::i32s(&[7; 4]))
            .var("B", simd::i32s(&[2, 0, 3, 0]))
            .var("R", simd::i32s(&[-1; 4]))
            .pred("P1", 0b0101)
            .expect_bytes("R", simd::i32s(&[1, -1, 1, -1]));
        let row = if literal {
            row.literal(visa_spec::errata::DIV_BY_ZERO)
        } else {
            row.tag(visa_spec::errata::DIV_BY_ZERO)
        };
        rows.add("disabled-zero-divisor", row.derived(d));
    }
}

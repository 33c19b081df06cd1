//! CMP (instructions/CMP.md): each rel_op on special float values and mixed integer types
//! into a predicate, the true value in a general destination (CMP-TRUE-VALUE), the predicate
//! channels a mask control writes, and the forms (CMP-QWORD-TYPEMAP).

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use super::DECLS;
use crate::catalog::build::{form, lane, le32, split_modifier, ty};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "cmp",
    file: "catalog/alu/cmp.jsonl",
    rows: add,
};

const REL_OPS: [&str; 6] = ["eq", "ne", "gt", "ge", "lt", "le"];

/// The six relations, in the order eq ne gt ge lt le.
const EQUAL: [u32; 6] = [1, 0, 0, 1, 0, 1];
const GREATER: [u32; 6] = [0, 1, 1, 1, 0, 0];
const LESS: [u32; 6] = [0, 1, 0, 0, 1, 1];
/// Notes: a NaN operand makes NE true and every other relation false.
const UNORDERED: [u32; 6] = [0, 1, 0, 0, 0, 0];

/// `cmp.<rel> (M1, 1) P1 src0 src1` with one-element sources, one row per relation: P1's
/// bit 0 is the relation's entry of `expected`.
fn cmp_into_predicate(
    rows: &mut Rows,
    d: &str,
    a: (&str, u64),
    b: (&str, u64),
    cr0: u32,
    expected: [u32; 6],
) {
    for (rel, want) in REL_OPS.iter().zip(expected) {
        let mut text = String::from(".decl P1 v_type=P num_elts=1\n");
        let mut operands = String::new();
        for (k, (spec, _)) in [a, b].iter().enumerate() {
            let (modifier, ty) = split_modifier(spec);
            text.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
            operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
        }
        text.push_str(&format!("cmp.{rel} (M1, 1) P1{operands}\n"));
        let mut row = Row::new(XeHpg, text).cr0(cr0);
        for (k, (spec, value)) in [a, b].iter().enumerate() {
            let (next, src) = ty(row, split_modifier(spec).1);
            row = next.var(
                &format!("V{}", k + 2),
                value.to_le_bytes()[..src.size()].to_vec(),
            );
        }
        let why = format!(
            "{d} (CMP.md: P1 bit 0 is the relation `{rel}`, true for eq ne gt ge lt le as {expected:?})"
        );
        rows.add("pred", row.expect_pred("P1", want).derived(&why));
    }
}

/// `op` into a one-lane general destination, under each reading of CMP-TRUE-VALUE.
fn cmp_into_general(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: &str,
    srcs: [(&str, u64); 2],
    resolved: u64,
    literal: u64,
) {
    let row = |expected| {
        lane(op, dst, &srcs, expected)
            .tag(errata::CMP_TRUE_VALUE)
            .derived(d)
    };
    rows.add("general", row(resolved));
    rows.add("general", row(literal).literal(errata::CMP_TRUE_VALUE));
}

const CMP16: &str = ".decl S0 v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=32\n\
                     .decl P2 v_type=P num_elts=16\n";

/// S0 = 0, 1, ..., 15; `cmp.lt (<mask>, 16) <dst> S0(0,0)<1;1,0> 0x7:d` sets channels 0..6.
fn cmp_predicate_channels(
    rows: &mut Rows,
    d: &str,
    mask: &str,
    dst: &str,
    init: u32,
    emask: u32,
    expected: u32,
) {
    let text = format!("{CMP16}cmp.lt ({mask}, 16) {dst} S0(0,0)<1;1,0> 0x7:d\n");
    let s0: Vec<u32> = (0..16).collect();
    let row = Row::new(XeHpg, text)
        .var("S0", le32(&s0))
        .pred(dst, init)
        .emask(emask)
        .expect_pred(dst, expected)
        .derived(&format!(
            "{d} (S0 = 0..15 and `cmp.lt ... 0x7:d`: channels 0..6 are true)"
        ));
    rows.add("channels", row);
}

fn cmp_forms(rows: &mut Rows, d: &str, text: &str, expected: Option<ErrorClass>) {
    rows.add("forms", form(DECLS, text, expected).derived(d));
}

fn add(rows: &mut Rows) {
    let d = "A quiet NaN on either side, or both (the same bits): unordered, even against itself.";
    cmp_into_predicate(
        rows,
        d,
        ("f", 0x7fc0_0000),
        ("f", 0x3f80_0000),
        0,
        UNORDERED,
    );
    cmp_into_predicate(
        rows,
        d,
        ("f", 0x3f80_0000),
        ("f", 0x7fc0_0000),
        0,
        UNORDERED,
    );
    cmp_into_predicate(
        rows,
        d,
        ("f", 0x7fc0_0000),
        ("f", 0x7fc0_0000),
        0,
        UNORDERED,
    );
    let d = "A signalling NaN against +0, and a NaN against +inf: unordered.";
    cmp_into_predicate(
        rows,
        d,
        ("f", 0x7f80_0001),
        ("f", 0x0000_0000),
        0,
        UNORDERED,
    );
    cmp_into_predicate(
        rows,
        d,
        ("f", 0xffc0_0000),
        ("f", 0x7f80_0000),
        0,
        UNORDERED,
    );
    let d = "Notes: zeros compare equal regardless of sign, in both orders.";
    cmp_into_predicate(rows, d, ("f", 0x0000_0000), ("f", 0x8000_0000), 0, EQUAL);
    cmp_into_predicate(rows, d, ("f", 0x8000_0000), ("f", 0x0000_0000), 0, EQUAL);
    let d = "Notes: infinities of the same sign are equal; +inf > -inf; -inf < the largest finite.";
    cmp_into_predicate(rows, d, ("f", 0x7f80_0000), ("f", 0x7f80_0000), 0, EQUAL);
    cmp_into_predicate(rows, d, ("f", 0xff80_0000), ("f", 0xff80_0000), 0, EQUAL);
    cmp_into_predicate(rows, d, ("f", 0x7f80_0000), ("f", 0xff80_0000), 0, GREATER);
    cmp_into_predicate(rows, d, ("f", 0xff80_0000), ("f", 0x7f7f_ffff), 0, LESS);
    let d = "1.0 < 2.0; -1.0 > -2.0.";
    cmp_into_predicate(rows, d, ("f", 0x3f80_0000), ("f", 0x4000_0000), 0, LESS);
    cmp_into_predicate(rows, d, ("f", 0xbf80_0000), ("f", 0xc000_0000), 0, GREATER);
    let d = "The smallest F denormal against +0: %cr0 = 0 flushes F denormal inputs (2_datatypes.md, IEEE mode), so it equals +0; with the F denorm bit (bit 7) it is greater.";
    cmp_into_predicate(rows, d, ("f", 0x0000_0001), ("f", 0x0000_0000), 0, EQUAL);
    cmp_into_predicate(
        rows,
        d,
        ("f", 0x0000_0001),
        ("f", 0x0000_0000),
        0x80,
        GREATER,
    );
    let d =
        "Mixed F and HF compare by value: HF 1.0 (0x3c00) = F 1.0; HF 65504 (0x7bff) < F 65536.";
    cmp_into_predicate(rows, d, ("f", 0x3f80_0000), ("hf", 0x3c00), 0, EQUAL);
    cmp_into_predicate(rows, d, ("hf", 0x7bff), ("f", 0x4780_0000), 0, LESS);
    let d = "HF NaN (0x7e00) against HF +inf: unordered; DF -0 against DF +0: equal.";
    cmp_into_predicate(rows, d, ("hf", 0x7e00), ("hf", 0x7c00), 0, UNORDERED);
    cmp_into_predicate(rows, d, ("df", 0x8000_0000_0000_0000), ("df", 0), 0, EQUAL);
    let d = "Modifiers apply first: (-)+0 is -0 = +0; (abs)-inf = +inf; (-)NaN is still NaN.";
    cmp_into_predicate(rows, d, ("(-)f", 0x0000_0000), ("f", 0x0000_0000), 0, EQUAL);
    cmp_into_predicate(
        rows,
        d,
        ("(abs)f", 0xff80_0000),
        ("f", 0x7f80_0000),
        0,
        EQUAL,
    );
    cmp_into_predicate(
        rows,
        d,
        ("(-)f", 0x7fc0_0000),
        ("f", 0xffc0_0000),
        0,
        UNORDERED,
    );
    let d = "Integers on exact values of mixed signedness: D -1 < UD 0xFFFFFFFF (4294967295); UD 0 > D -1; B -128 (0x80) < UB 128 (0x80); W 5 = W 5.";
    cmp_into_predicate(rows, d, ("d", 0xffff_ffff), ("ud", 0xffff_ffff), 0, LESS);
    cmp_into_predicate(rows, d, ("ud", 0), ("d", 0xffff_ffff), 0, GREATER);
    cmp_into_predicate(rows, d, ("b", 0x80), ("ub", 0x80), 0, LESS);
    cmp_into_predicate(rows, d, ("w", 5), ("w", 5), 0, EQUAL);
    let d = "(-)INT_MIN is +2^31 = UD 0x80000000; (abs)-5 = 5.";
    cmp_into_predicate(
        rows,
        d,
        ("(-)d", 0x8000_0000),
        ("ud", 0x8000_0000),
        0,
        EQUAL,
    );
    cmp_into_predicate(rows, d, ("(abs)d", 0xffff_fffb), ("d", 5), 0, EQUAL);
    let d = "Q -1 < UQ max (CMP-QWORD-TYPEMAP, resolved).";
    cmp_into_predicate(rows, d, ("q", u64::MAX), ("uq", u64::MAX), 0, LESS);
    let d =
        "Integer destinations: all ones of the size in both readings (-1 truncated is all ones).";
    cmp_into_general(
        rows,
        d,
        "cmp.eq",
        "d",
        [("d", 7), ("d", 7)],
        0xffff_ffff,
        0xffff_ffff,
    );
    cmp_into_general(rows, d, "cmp.eq", "ub", [("ub", 7), ("ub", 7)], 0xff, 0xff);
    cmp_into_general(rows, d, "cmp.lt", "w", [("d", 1), ("d", 2)], 0xffff, 0xffff);
    cmp_into_general(
        rows,
        d,
        "cmp.eq",
        "q",
        [("q", 3), ("uq", 3)],
        u64::MAX,
        u64::MAX,
    );
    let d = "A false channel is all zeros in both readings.";
    cmp_into_general(rows, d, "cmp.gt", "d", [("d", 1), ("d", 2)], 0, 0);
    cmp_into_general(rows, d, "cmp.eq", "f", [("f", 0x3f80_0000), ("f", 0)], 0, 0);
    let d = "Float destinations: resolved, all ones (a NaN pattern); literal, -1 converted: F -1.0 is 0xBF800000, HF -1.0 0xBC00, DF -1.0 0xBFF0000000000000, BF -1.0 0xBF80.";
    cmp_into_general(
        rows,
        d,
        "cmp.eq",
        "f",
        [("f", 0x3f80_0000), ("f", 0x3f80_0000)],
        0xffff_ffff,
        0xbf80_0000,
    );
    cmp_into_general(
        rows,
        d,
        "cmp.ne",
        "f",
        [("f", 0x7fc0_0000), ("f", 0x7fc0_0000)],
        0xffff_ffff,
        0xbf80_0000,
    );
    cmp_into_general(
        rows,
        d,
        "cmp.le",
        "hf",
        [("hf", 0x8000), ("hf", 0)],
        0xffff,
        0xbc00,
    );
    cmp_into_general(
        rows,
        d,
        "cmp.ge",
        "df",
        [("df", 0), ("df", 0)],
        u64::MAX,
        0xbff0_0000_0000_0000,
    );
    cmp_into_general(
        rows,
        d,
        "cmp.eq",
        "bf",
        [("bf", 0x3f80), ("bf", 0x3f80)],
        0xffff,
        0xbf80,
    );
    let d = "Integer sources into F and HF destinations (type maps F <- int, HF <- int).";
    cmp_into_general(
        rows,
        d,
        "cmp.lt",
        "f",
        [("d", 0xffff_ffff), ("ud", 0)],
        0xffff_ffff,
        0xbf80_0000,
    );
    cmp_into_general(rows, d, "cmp.ne", "hf", [("ub", 1), ("b", 1)], 0, 0);
    let d = "M1: channel i is bit i; channels 0..6 true → 0x7f, 7..15 false → cleared.";
    cmp_predicate_channels(rows, d, "M1", "P1", 0xffff_ffff, u32::MAX, 0xffff_007f);
    let d = "M5: channel i is bit 16 + i (the mask control's offset); the lower half is untouched.";
    cmp_predicate_channels(rows, d, "M5", "P1", 0x0000_ffff, u32::MAX, 0x007f_ffff);
    cmp_predicate_channels(rows, d, "M5", "P1", 0xffff_ffff, u32::MAX, 0x007f_ffff);
    let d = "M5 reads EM bits 16..31: 0xFFF0FFFF disables channels 0..3, whose bits 16..19 keep their value (0 here); channels 4..6 set bits 20..22.";
    cmp_predicate_channels(rows, d, "M5", "P1", 0x0000_0000, 0xfff0_ffff, 0x0070_0000);
    let d = "Disabled channels keep a set bit too: bits 16..19 stay 1, bits 23..31 are cleared.";
    cmp_predicate_channels(rows, d, "M5", "P1", 0xffff_ffff, 0xfff0_ffff, 0x007f_ffff);
    let d = "M5_NM ignores EM: every channel writes.";
    cmp_predicate_channels(rows, d, "M5_NM", "P1", 0xffff_ffff, 0, 0x007f_ffff);
    let d = "M1 under EM 0x00FF: channels 8..15 keep bits 8..15 of a 16-element predicate.";
    cmp_predicate_channels(rows, d, "M1", "P2", 0xff00, 0x0000_00ff, 0xff7f);
    let d = "Notes: float sources into a general destination of their own type only.";
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
        None,
    );
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) VF(0,0)<1> VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Mixed F and HF sources into a predicate are valid; integer sources into F are too.";
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) P1 VF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
        None,
    );
    cmp_forms(
        rows,
        d,
        "cmp.eq (M1, 8) VF(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        None,
    );
    let d = "CMP takes no predicate, and no .sat.";
    cmp_forms(
        rows,
        d,
        "(P1) cmp.eq (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    // CMP-QWORD-TYPEMAP: resolved, Q joins the integer map; literal, the maps have no Q.
    let d = "CMP-QWORD-TYPEMAP: resolved, Q joins the integer map; literal, the maps have no Q.";
    let text = "cmp.lt (M1, 8) P1 VQ(0,0)<1;1,0> VQ(2,0)<1;1,0>";
    let general = "cmp.lt (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(1,0)<1;1,0>";
    rows.add(
        "qword",
        form(DECLS, text, None)
            .tag(errata::CMP_QWORD_TYPEMAP)
            .derived(d),
    );
    let invalid = Some(ErrorClass::InvalidInstruction);
    rows.add(
        "qword",
        form(DECLS, text, invalid)
            .literal(errata::CMP_QWORD_TYPEMAP)
            .derived(d),
    );
    rows.add(
        "qword",
        form(DECLS, general, invalid)
            .literal(errata::CMP_QWORD_TYPEMAP)
            .derived(d),
    );
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "cmp.<rel> (M1, 8) P S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 (instructions/CMP.md): every lane compares the same pair; P's bit i is lane i's result.";
    simd::cmp_into_predicate(
        rows,
        &why(
            d,
            "",
            "NaN is unordered: NE true in every lane (0xFF), EQ and LT false.",
        ),
        "ne",
        (F, 0x7fc0_0000),
        (F, 0x7fc0_0000),
        0,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(
            d,
            "",
            "NaN is unordered: NE true in every lane (0xFF), EQ and LT false.",
        ),
        "eq",
        (F, 0x7fc0_0000),
        (F, 0x7fc0_0000),
        0,
        0,
    );
    simd::cmp_into_predicate(
        rows,
        &why(
            d,
            "",
            "NaN is unordered: NE true in every lane (0xFF), EQ and LT false.",
        ),
        "lt",
        (F, 0x7f80_0001),
        (F, 0x7f80_0000),
        0,
        0,
    );
    simd::cmp_into_predicate(
        rows,
        &why(d, "", "-0 = +0; +inf = +inf; -inf < +inf."),
        "eq",
        (F, 0x8000_0000),
        (F, 0),
        0,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(d, "", "-0 = +0; +inf = +inf; -inf < +inf."),
        "ge",
        (F, 0x7f80_0000),
        (F, 0x7f80_0000),
        0,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(d, "", "-0 = +0; +inf = +inf; -inf < +inf."),
        "lt",
        (F, 0xff80_0000),
        (F, 0x7f80_0000),
        0,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(
            d,
            "",
            "F denormal 2^-149 vs +0: flushed with %cr0 = 0 (equal), kept with bit 7 (greater).",
        ),
        "gt",
        (F, 1),
        (F, 0),
        0,
        0,
    );
    simd::cmp_into_predicate(
        rows,
        &why(
            d,
            "",
            "F denormal 2^-149 vs +0: flushed with %cr0 = 0 (equal), kept with bit 7 (greater).",
        ),
        "gt",
        (F, 1),
        (F, 0),
        0x80,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(d, "", "HF 1.0 = F 1.0; DF 2.0 > DF 1.0."),
        "eq",
        (HF, 0x3c00),
        (F, 0x3f80_0000),
        0,
        0xff,
    );
    simd::cmp_into_predicate(
        rows,
        &why(d, "", "HF 1.0 = F 1.0; DF 2.0 > DF 1.0."),
        "gt",
        (DF, 0x4000_0000_0000_0000),
        (DF, 0x3ff0_0000_0000_0000),
        0,
        0xff,
    );
    simd::cmp_into_predicate(rows, &why(d, "", "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max."), "lt", (D, 0xffff_ffff), (UD, 0xffff_ffff), 0, 0xff);
    simd::cmp_into_predicate(rows, &why(d, "", "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max."), "le", (B, 0x80), (UB, 0x80), 0, 0xff);
    simd::cmp_into_predicate(rows, &why(d, "", "Exact integers of mixed signedness: D -1 < UD 0xFFFFFFFF; B -128 < UB 128; Q -1 < UQ max."), "ge", (Q, u64::MAX), (UQ, u64::MAX), 0, 0);
    let d = "cmp.eq (M1, 8) R(0,0)<1>:DT S(0,0)<0;1,0>:T S(0,0)<0;1,0>:T (instructions/CMP.md): equal in every lane. True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way.";
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), F, F, 0x3f80_0000, false, 0xffff_ffff);
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), F, F, 0x3f80_0000, true, 0xbf80_0000);
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), HF, HF, 0x3c00, false, 0xffff);
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), HF, HF, 0x3c00, true, 0xbc00);
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), D, D, 5, true, 0xffff_ffff);
    simd::cmp_into_general(rows, &why(d, "", "True into a general destination: all ones (resolved) or -1 in the type (literal CMP-TRUE-VALUE): F -1.0 = 0xBF800000, HF -1.0 = 0xBC00, D -1 = all ones either way."), F, UD, 5, true, 0xbf80_0000);
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;

    let d = "cmp.lt (M5, 16) P S0(0,0)<1;1,0>:d 0x7:d with S0 = 0..15, P (32 elements) = \
             0xFFFFFFFF, EM = 0xFFF0FFFF: channels 0..6 true. Channel i is bit 16 + i; EM \
             disables channels 0..3 (EM bits 16..19): bits 16..19 keep their 1, 20..22 are set, \
             23..31 cleared; the lower half is untouched.";
    let text = ".decl P v_type=P num_elts=32\n.decl S0 v_type=G type=d num_elts=16\n\
                cmp.lt (M5, 16) P S0(0,0)<1;1,0> 0x7:d\n";
    let row = simd::text_row(text)
        .var("S0", simd::i32s(&(0..16).collect::<Vec<i32>>()))
        .pred("P", 0xffff_ffff)
        .emask(0xfff0_ffff)
        .expect_pred("P", 0x007f_ffff);
    rows.add("simd16-predicate", row.derived(d));
}

//! Hand-derived edge catalog for the comparison and selection instructions of the second ALU
//! batch: CMP (instructions/CMP.md), SEL (SEL.md), MIN and MAX (MIN_MAX.md), SETP (SETP.md)
//! and BFN (BFN.md), under both readings of their errata. Every expected value is derived in
//! its row's comment from the documents and the errata ledger, not from running the code.
#![allow(clippy::unwrap_used)]

mod common;

use common::{lane, lane_literal, le16, le32, split_modifier, Run};
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
                     .decl VF v_type=G type=f num_elts=16\n.decl VHF v_type=G type=hf num_elts=16\n\
                     .decl VUW v_type=G type=uw num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
                     .decl P1 v_type=P num_elts=32\n";

/// The error class of validating `text` after this catalog's declarations.
fn invalid(text: &str, literal: &[&str]) -> Option<ErrorClass> {
    common::invalid_with(DECLS, text, literal)
}

/// `P1`'s mask after running `run`.
fn pred(run: &Run, name: &str) -> u32 {
    let (program, state) = run.go().unwrap();
    state.preds[program.vars.find(name).unwrap().0 as usize]
}

/// One lane of `op` as [`common::lane_on`] does, with %cr0 = `cr0` and the errata `literal`.
fn lane_cr0(op: &str, dst: &str, srcs: &[(&str, u64)], cr0: u32, literal: &[&str]) -> u64 {
    let mut decls = format!(".decl V1 v_type=G type={dst} num_elts=1\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}{op} (M1, 1) V1(0,0)<1>{operands}\n");
    let mut run = Run::new(XeHpg, &text).cr0(cr0);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let ty: DataType = split_modifier(spec).1.parse().unwrap();
        run = run.var(
            ["V2", "V3", "V4"][k],
            value.to_le_bytes()[..ty.size()].to_vec(),
        );
    }
    for id in literal {
        run = run.literal(id);
    }
    let out = run.bytes("V1").unwrap();
    let mut word = [0u8; 8];
    word[..out.len()].copy_from_slice(&out);
    u64::from_le_bytes(word)
}

// ---------------------------------------------------------------------------------------------
// CMP into a predicate: each rel_op on special float values and mixed integer types
// ---------------------------------------------------------------------------------------------

const REL_OPS: [&str; 6] = ["eq", "ne", "gt", "ge", "lt", "le"];

/// `cmp.<rel> (M1, 1) P1 src0 src1` with one-element sources: P1's bit 0.
fn cmp_pred(rel: &str, srcs: [(&str, u64); 2], cr0: u32) -> u32 {
    let mut text = String::from(".decl P1 v_type=P num_elts=1\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = split_modifier(spec);
        text.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    text.push_str(&format!("cmp.{rel} (M1, 1) P1{operands}\n"));
    let mut run = Run::new(XeHpg, &text).cr0(cr0);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let ty: DataType = split_modifier(spec).1.parse().unwrap();
        run = run.var(["V2", "V3"][k], value.to_le_bytes()[..ty.size()].to_vec());
    }
    pred(&run, "P1")
}

/// The six relations, in the order eq ne gt ge lt le.
const EQUAL: [u32; 6] = [1, 0, 0, 1, 0, 1];
const GREATER: [u32; 6] = [0, 1, 1, 1, 0, 0];
const LESS: [u32; 6] = [0, 1, 0, 0, 1, 1];
/// Notes: a NaN operand makes NE true and every other relation false.
const UNORDERED: [u32; 6] = [0, 1, 0, 0, 0, 0];

#[rstest]
// A quiet NaN on either side, or both (the same bits): unordered, even against itself.
#[case(("f", 0x7fc0_0000), ("f", 0x3f80_0000), 0, UNORDERED)]
#[case(("f", 0x3f80_0000), ("f", 0x7fc0_0000), 0, UNORDERED)]
#[case(("f", 0x7fc0_0000), ("f", 0x7fc0_0000), 0, UNORDERED)]
// A signalling NaN against +0, and a NaN against +inf: unordered.
#[case(("f", 0x7f80_0001), ("f", 0x0000_0000), 0, UNORDERED)]
#[case(("f", 0xffc0_0000), ("f", 0x7f80_0000), 0, UNORDERED)]
// Notes: zeros compare equal regardless of sign, in both orders.
#[case(("f", 0x0000_0000), ("f", 0x8000_0000), 0, EQUAL)]
#[case(("f", 0x8000_0000), ("f", 0x0000_0000), 0, EQUAL)]
// Notes: infinities of the same sign are equal; +inf > -inf; -inf < the largest finite.
#[case(("f", 0x7f80_0000), ("f", 0x7f80_0000), 0, EQUAL)]
#[case(("f", 0xff80_0000), ("f", 0xff80_0000), 0, EQUAL)]
#[case(("f", 0x7f80_0000), ("f", 0xff80_0000), 0, GREATER)]
#[case(("f", 0xff80_0000), ("f", 0x7f7f_ffff), 0, LESS)]
// 1.0 < 2.0; -1.0 > -2.0.
#[case(("f", 0x3f80_0000), ("f", 0x4000_0000), 0, LESS)]
#[case(("f", 0xbf80_0000), ("f", 0xc000_0000), 0, GREATER)]
// The smallest F denormal against +0: %cr0 = 0 flushes F denormal inputs (2_datatypes.md,
// IEEE mode), so it equals +0; with the F denorm bit (bit 7) it is greater.
#[case(("f", 0x0000_0001), ("f", 0x0000_0000), 0, EQUAL)]
#[case(("f", 0x0000_0001), ("f", 0x0000_0000), 0x80, GREATER)]
// Mixed F and HF compare by value: HF 1.0 (0x3c00) = F 1.0; HF 65504 (0x7bff) < F 65536.
#[case(("f", 0x3f80_0000), ("hf", 0x3c00), 0, EQUAL)]
#[case(("hf", 0x7bff), ("f", 0x4780_0000), 0, LESS)]
// HF NaN (0x7e00) against HF +inf: unordered; DF -0 against DF +0: equal.
#[case(("hf", 0x7e00), ("hf", 0x7c00), 0, UNORDERED)]
#[case(("df", 0x8000_0000_0000_0000), ("df", 0), 0, EQUAL)]
// Modifiers apply first: (-)+0 is -0 = +0; (abs)-inf = +inf; (-)NaN is still NaN.
#[case(("(-)f", 0x0000_0000), ("f", 0x0000_0000), 0, EQUAL)]
#[case(("(abs)f", 0xff80_0000), ("f", 0x7f80_0000), 0, EQUAL)]
#[case(("(-)f", 0x7fc0_0000), ("f", 0xffc0_0000), 0, UNORDERED)]
// Integers on exact values of mixed signedness: D -1 < UD 0xFFFFFFFF (4294967295);
// UD 0 > D -1; B -128 (0x80) < UB 128 (0x80); W 5 = W 5.
#[case(("d", 0xffff_ffff), ("ud", 0xffff_ffff), 0, LESS)]
#[case(("ud", 0), ("d", 0xffff_ffff), 0, GREATER)]
#[case(("b", 0x80), ("ub", 0x80), 0, LESS)]
#[case(("w", 5), ("w", 5), 0, EQUAL)]
// (-)INT_MIN is +2^31 = UD 0x80000000; (abs)-5 = 5.
#[case(("(-)d", 0x8000_0000), ("ud", 0x8000_0000), 0, EQUAL)]
#[case(("(abs)d", 0xffff_fffb), ("d", 5), 0, EQUAL)]
// Q -1 < UQ max (CMP-QWORD-TYPEMAP, resolved).
#[case(("q", u64::MAX), ("uq", u64::MAX), 0, LESS)]
fn cmp_into_predicate(
    #[case] a: (&str, u64),
    #[case] b: (&str, u64),
    #[case] cr0: u32,
    #[case] expected: [u32; 6],
) {
    for (rel, want) in REL_OPS.iter().zip(expected) {
        assert_eq!(cmp_pred(rel, [a, b], cr0), want, "cmp.{rel} {a:x?} {b:x?}");
    }
}

// ---------------------------------------------------------------------------------------------
// CMP into a general destination (CMP-TRUE-VALUE)
// ---------------------------------------------------------------------------------------------

#[rstest]
// Integer destinations: all ones of the size in both readings (-1 truncated is all ones).
#[case("cmp.eq", "d", [("d", 7), ("d", 7)], 0xffff_ffff, 0xffff_ffff)]
#[case("cmp.eq", "ub", [("ub", 7), ("ub", 7)], 0xff, 0xff)]
#[case("cmp.lt", "w", [("d", 1), ("d", 2)], 0xffff, 0xffff)]
#[case("cmp.eq", "q", [("q", 3), ("uq", 3)], u64::MAX, u64::MAX)]
// A false channel is all zeros in both readings.
#[case("cmp.gt", "d", [("d", 1), ("d", 2)], 0, 0)]
#[case("cmp.eq", "f", [("f", 0x3f80_0000), ("f", 0)], 0, 0)]
// Float destinations: resolved, all ones (a NaN pattern); literal, -1 converted: F -1.0 is
// 0xBF800000, HF -1.0 0xBC00, DF -1.0 0xBFF0000000000000, BF -1.0 0xBF80.
#[case("cmp.eq", "f", [("f", 0x3f80_0000), ("f", 0x3f80_0000)], 0xffff_ffff, 0xbf80_0000)]
#[case("cmp.ne", "f", [("f", 0x7fc0_0000), ("f", 0x7fc0_0000)], 0xffff_ffff, 0xbf80_0000)]
#[case("cmp.le", "hf", [("hf", 0x8000), ("hf", 0)], 0xffff, 0xbc00)]
#[case("cmp.ge", "df", [("df", 0), ("df", 0)], u64::MAX, 0xbff0_0000_0000_0000)]
#[case("cmp.eq", "bf", [("bf", 0x3f80), ("bf", 0x3f80)], 0xffff, 0xbf80)]
// Integer sources into F and HF destinations (type maps F <- int, HF <- int).
#[case("cmp.lt", "f", [("d", 0xffff_ffff), ("ud", 0)], 0xffff_ffff, 0xbf80_0000)]
#[case("cmp.ne", "hf", [("ub", 1), ("b", 1)], 0, 0)]
fn cmp_into_general(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: [(&str, u64); 2],
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    assert_eq!(lane(op, dst, &srcs), resolved, "resolved {op} {srcs:x?}");
    assert_eq!(
        lane_literal(op, dst, &srcs, errata::CMP_TRUE_VALUE).unwrap(),
        literal,
        "literal {op} {srcs:x?}"
    );
}

const CMP16: &str = ".decl S0 v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=32\n\
                     .decl P2 v_type=P num_elts=16\n";

/// S0 = 0, 1, ..., 15; `cmp.lt (<mask>, 16) <dst> S0(0,0)<1;1,0> 0x7:d` sets channels 0..6.
fn cmp16(mask: &str, dst: &str, init: u32, emask: u32) -> u32 {
    let text = format!("{CMP16}cmp.lt ({mask}, 16) {dst} S0(0,0)<1;1,0> 0x7:d\n");
    let s0: Vec<u32> = (0..16).collect();
    let run = Run::new(XeHpg, &text)
        .var("S0", le32(&s0))
        .pred(dst, init)
        .emask(emask);
    pred(&run, dst)
}

#[rstest]
// M1: channel i is bit i; channels 0..6 true → 0x7f, 7..15 false → cleared.
#[case("M1", "P1", 0xffff_ffff, u32::MAX, 0xffff_007f)]
// M5: channel i is bit 16 + i (the mask control's offset); the lower half is untouched.
#[case("M5", "P1", 0x0000_ffff, u32::MAX, 0x007f_ffff)]
#[case("M5", "P1", 0xffff_ffff, u32::MAX, 0x007f_ffff)]
// M5 reads EM bits 16..31: 0xFFF0FFFF disables channels 0..3, whose bits 16..19 keep their
// value (0 here); channels 4..6 set bits 20..22.
#[case("M5", "P1", 0x0000_0000, 0xfff0_ffff, 0x0070_0000)]
// Disabled channels keep a set bit too: bits 16..19 stay 1, bits 23..31 are cleared.
#[case("M5", "P1", 0xffff_ffff, 0xfff0_ffff, 0x007f_ffff)]
// M5_NM ignores EM: every channel writes.
#[case("M5_NM", "P1", 0xffff_ffff, 0, 0x007f_ffff)]
// M1 under EM 0x00FF: channels 8..15 keep bits 8..15 of a 16-element predicate.
#[case("M1", "P2", 0xff00, 0x0000_00ff, 0xff7f)]
fn cmp_predicate_channels(
    #[case] mask: &str,
    #[case] dst: &str,
    #[case] init: u32,
    #[case] emask: u32,
    #[case] expected: u32,
) {
    assert_eq!(cmp16(mask, dst, init, emask), expected, "({mask}) {dst}");
}

#[rstest]
// Notes: float sources into a general destination of their own type only.
#[case("cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", None)]
#[case(
    "cmp.eq (M1, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "cmp.eq (M1, 8) VF(0,0)<1> VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "cmp.eq (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
// Mixed F and HF sources into a predicate are valid; integer sources into F are too.
#[case("cmp.eq (M1, 8) P1 VF(0,0)<1;1,0> VHF(0,0)<1;1,0>", None)]
#[case("cmp.eq (M1, 8) VF(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>", None)]
// CMP takes no predicate, and no .sat.
#[case(
    "(P1) cmp.eq (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
fn cmp_forms(#[case] text: &str, #[case] expected: Option<ErrorClass>) {
    assert_eq!(invalid(text, &[]), expected, "{text}");
}

#[test]
fn cmp_qwords_under_both_readings() {
    // CMP-QWORD-TYPEMAP: resolved, Q joins the integer map; literal, the maps have no Q.
    let text = "cmp.lt (M1, 8) P1 VQ(0,0)<1;1,0> VQ(2,0)<1;1,0>";
    assert_eq!(invalid(text, &[]), None);
    assert_eq!(
        invalid(text, &[errata::CMP_QWORD_TYPEMAP]),
        Some(ErrorClass::InvalidInstruction)
    );
    let general = "cmp.lt (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(1,0)<1;1,0>";
    assert_eq!(
        invalid(general, &["CMP-QWORD-TYPEMAP"]),
        Some(ErrorClass::InvalidInstruction)
    );
}

// ---------------------------------------------------------------------------------------------
// SEL (SEL-RAW-MASKS)
// ---------------------------------------------------------------------------------------------

const SEL8: &str = ".decl R v_type=G type=ud num_elts=8\n.decl A v_type=G type=ud num_elts=8\n\
                    .decl B v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=32\n";

/// `[pred] sel (<mask>, <size>) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>` with A = 0xA0 + i,
/// B = 0xB0 + i and R = 0xEE initially: each lane of R as 0xA?, 0xB? or 0xEE (unwritten).
fn sel8(pred_text: &str, mask: &str, size: u32, p1: u32, emask: u32, literal: bool) -> Vec<u32> {
    let text =
        format!("{SEL8}{pred_text}sel ({mask}, {size}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n");
    let a: Vec<u32> = (0..8).map(|i| 0xa0 + i).collect();
    let b: Vec<u32> = (0..8).map(|i| 0xb0 + i).collect();
    let mut run = Run::new(XeHpg, &text)
        .var("R", le32(&[0xee; 8]))
        .var("A", le32(&a))
        .var("B", le32(&b))
        .pred("P1", p1)
        .emask(emask);
    if literal {
        run = run.literal(errata::SEL_RAW_MASKS);
    }
    run.u32s("R").unwrap()
}

const A: u32 = 0xa0;
const B: u32 = 0xb0;
const E: u32 = 0xee;

#[rstest]
// No predicate: every channel selects src0, in both readings.
#[case("", "M1", 8, 0, u32::MAX, [A; 8], [A; 8])]
// (P1), P1 = 0b1010_0101: channels 0, 2, 5, 7 take src0, the others src1.
#[case("(P1) ", "M1", 8, 0xa5, u32::MAX, [A, B, A, B, B, A, B, A], [A, B, A, B, B, A, B, A])]
// (!P1): resolved inverts the selection; literal reads Pred[i] without the inversion.
#[case("(!P1) ", "M1", 8, 0xa5, u32::MAX, [B, A, B, A, A, B, A, B], [A, B, A, B, B, A, B, A])]
// (P1.any) with only bit 0 set: resolved, PMask is all ones (any) → src0 everywhere; literal,
// bit i of P1 → only channel 0 takes src0.
#[case("(P1.any) ", "M1", 8, 0x01, u32::MAX, [A; 8], [A, B, B, B, B, B, B, B])]
// (P1.all) with bits 0..6 set: not all of 0..7 → src1 everywhere (resolved); literal per bit.
#[case("(P1.all) ", "M1", 8, 0x7f, u32::MAX, [B; 8], [A, A, A, A, A, A, A, B])]
// EM 0x0F: channels 4..7 are not written (R keeps 0xEE), whatever the predicate; the predicate
// never disables a channel (channel 1 writes src1).
#[case("(P1) ", "M1", 8, 0x05, 0x0f, [A, B, A, B, E, E, E, E], [A, B, A, B, E, E, E, E])]
// M2 (offset 4), 4 channels, EM 0x0F: resolved reads EM bits 4..7 (all off) → nothing
// written; literal reads EM[i] for i = 0..3 (on) and Pred[i] = bit i of 0xF0 (off) → src1.
#[case("(P1) ", "M2", 4, 0xf0, 0x0f, [E; 8], [B, B, B, B, E, E, E, E])]
// M2 with EM all ones and P1 = 0xF0: resolved, Pred = bits 4..7 (on) → src0; literal,
// bits 0..3 (off) → src1.
#[case("(P1) ", "M2", 4, 0xf0, u32::MAX, [A, A, A, A, E, E, E, E], [B, B, B, B, E, E, E, E])]
// NoMask with EM 0: resolved writes every channel; literal EM[i] is 0 → nothing written.
#[case("", "M1_NM", 4, 0, 0, [A, A, A, A, E, E, E, E], [E; 8])]
fn sel_masks(
    #[case] pred_text: &str,
    #[case] mask: &str,
    #[case] size: u32,
    #[case] p1: u32,
    #[case] emask: u32,
    #[case] resolved: [u32; 8],
    #[case] literal: [u32; 8],
) {
    // Lane i holds 0xA0 + i, 0xB0 + i or 0xEE.
    let lanes = |which: [u32; 8]| -> Vec<u32> {
        which
            .iter()
            .enumerate()
            .map(|(i, w)| if *w == E { E } else { w + i as u32 })
            .collect()
    };
    assert_eq!(
        sel8(pred_text, mask, size, p1, emask, false),
        lanes(resolved),
        "resolved {pred_text}sel ({mask}, {size})"
    );
    assert_eq!(
        sel8(pred_text, mask, size, p1, emask, true),
        lanes(literal),
        "literal {pred_text}sel ({mask}, {size})"
    );
}

#[rstest]
// Without a predicate SEL copies src0, converted as MOV converts:
// F to F of the same type without modifier or .sat copies the bits (a signalling NaN and a
// denormal stay, even with %cr0 = 0).
#[case("sel", "f", [("f", 0x7f80_0001), ("f", 0)], 0, 0x7f80_0001)]
#[case("sel", "f", [("f", 0x0000_0001), ("f", 0)], 0, 0x0000_0001)]
// A modifier converts: (-) of the signalling NaN is quieted with its payload: 0xFFC00001.
#[case("sel", "f", [("(-)f", 0x7f80_0001), ("f", 0)], 0, 0xffc0_0001)]
// (abs) of the denormal -2^-149: flushed under %cr0 = 0 (+0), kept with the F denorm bit.
#[case("sel", "f", [("(abs)f", 0x8000_0001), ("f", 0)], 0, 0)]
#[case("sel", "f", [("(abs)f", 0x8000_0001), ("f", 0)], 0x80, 0x0000_0001)]
// .sat on floats: 2.0 → 1.0, -0.5 → +0, NaN → +0.
#[case("sel.sat", "f", [("f", 0x4000_0000), ("f", 0)], 0, 0x3f80_0000)]
#[case("sel.sat", "f", [("f", 0xbf00_0000), ("f", 0)], 0, 0)]
#[case("sel.sat", "f", [("f", 0x7fc0_0000), ("f", 0)], 0, 0)]
// Mixed F and HF: HF 1.0 (0x3C00) into F is 1.0 (0x3F800000); F 65520 into HF rounds to +inf.
#[case("sel", "f", [("hf", 0x3c00), ("f", 0)], 0, 0x3f80_0000)]
#[case("sel", "hf", [("f", 0x477f_f000), ("hf", 0)], 0, 0x7c00)]
// Integers: UB 0xFF into D is 255; .sat D -5 into UB is 0, D 300 into UB is 255; without
// .sat D 300 into UB keeps the low byte 0x2C.
#[case("sel", "d", [("ub", 0xff), ("d", 0)], 0, 0xff)]
#[case("sel.sat", "ub", [("d", 0xffff_fffb), ("d", 0)], 0, 0)]
#[case("sel.sat", "ub", [("d", 300), ("d", 0)], 0, 0xff)]
#[case("sel", "ub", [("d", 300), ("d", 0)], 0, 0x2c)]
// Q from UQ max without .sat: the bits; with .sat: Q max.
#[case("sel", "q", [("uq", u64::MAX), ("q", 0)], 0, u64::MAX)]
#[case("sel.sat", "q", [("uq", u64::MAX), ("q", 0)], 0, 0x7fff_ffff_ffff_ffff)]
fn sel_values(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: [(&str, u64); 2],
    #[case] cr0: u32,
    #[case] expected: u64,
) {
    assert_eq!(
        lane_cr0(op, dst, &srcs, cr0, &[]),
        expected,
        "{op} {srcs:x?}"
    );
}

// ---------------------------------------------------------------------------------------------
// MIN and MAX (MIN-MAX-ZERO-SIGN, MIN-MAX-NAN)
// ---------------------------------------------------------------------------------------------

#[rstest]
// Integers on exact values: min(D -1, UD 0xFFFFFFFF) = -1; max = 4294967295, whose low 32
// bits into D are 0xFFFFFFFF, and which .sat clamps to INT_MAX.
#[case("min", "d", [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_ffff)]
#[case("max", "d", [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_ffff)]
#[case("max.sat", "d", [("d", 0xffff_ffff), ("ud", 0xffff_ffff)], 0x7fff_ffff)]
// min(D -5, D 3) = -5: .sat into UB → 0.
#[case("min.sat", "ub", [("d", 0xffff_fffb), ("d", 3)], 0)]
// (-)INT_MIN = +2^31: min with 0 is 0; max is 2^31, 0x80000000 truncated, INT_MAX saturated.
#[case("min", "d", [("(-)d", 0x8000_0000), ("d", 0)], 0)]
#[case("max", "d", [("(-)d", 0x8000_0000), ("d", 0)], 0x8000_0000)]
#[case("max.sat", "d", [("(-)d", 0x8000_0000), ("d", 0)], 0x7fff_ffff)]
// Q -1 against UQ max: max is 2^64 - 1, all ones into Q, Q max saturated.
#[case("max", "q", [("q", u64::MAX), ("uq", u64::MAX)], u64::MAX)]
#[case("max.sat", "q", [("q", u64::MAX), ("uq", u64::MAX)], 0x7fff_ffff_ffff_ffff)]
#[case("min", "q", [("q", u64::MAX), ("uq", u64::MAX)], u64::MAX)]
// Notes: one NaN gives the other source, on either side: min(NaN, 1.0) = min(1.0, NaN) =
// 1.0; max(NaN, -inf) = -inf.
#[case("min", "f", [("f", 0x7fc0_0000), ("f", 0x3f80_0000)], 0x3f80_0000)]
#[case("min", "f", [("f", 0x3f80_0000), ("f", 0x7fc0_0000)], 0x3f80_0000)]
#[case("max", "f", [("f", 0x7fc0_0000), ("f", 0xff80_0000)], 0xff80_0000)]
// A signalling NaN too: max(sNaN, 2.0) = 2.0.
#[case("max", "f", [("f", 0x7f80_0001), ("f", 0x4000_0000)], 0x4000_0000)]
// Ordinary values and infinities: min(-inf, 1.0) = -inf, max(+inf, 1.0) = +inf.
#[case("min", "f", [("f", 0xff80_0000), ("f", 0x3f80_0000)], 0xff80_0000)]
#[case("max", "f", [("f", 0x7f80_0000), ("f", 0x3f80_0000)], 0x7f80_0000)]
// .sat: max(2.0, 0.5) = 2.0 → 1.0; min(-3.0, 0.5) = -3.0 → +0.
#[case("max.sat", "f", [("f", 0x4000_0000), ("f", 0x3f00_0000)], 0x3f80_0000)]
#[case("min.sat", "f", [("f", 0xc040_0000), ("f", 0x3f00_0000)], 0)]
// Mixed F and HF into F: min(1.0, HF 0.5 = 0x3800) = 0.5 → F 0x3F000000.
#[case("min", "f", [("f", 0x3f80_0000), ("hf", 0x3800)], 0x3f00_0000)]
// DF: max(1.0, NaN) = 1.0.
#[case("max", "df", [("df", 0x3ff0_0000_0000_0000), ("df", 0x7ff8_0000_0000_0000)], 0x3ff0_0000_0000_0000)]
fn min_max_values(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: [(&str, u64); 2],
    #[case] expected: u64,
) {
    assert_eq!(lane(op, dst, &srcs), expected, "{op} {srcs:x?}");
}

#[rstest]
// MIN-MAX-ZERO-SIGN: resolved, -0 < +0 in either order; literal, the zeros are equal and the
// tie returns src0.
#[case("min", 0x0000_0000, 0x8000_0000, 0x8000_0000, 0x0000_0000)]
#[case("min", 0x8000_0000, 0x0000_0000, 0x8000_0000, 0x8000_0000)]
#[case("max", 0x8000_0000, 0x0000_0000, 0x0000_0000, 0x8000_0000)]
#[case("max", 0x0000_0000, 0x8000_0000, 0x0000_0000, 0x0000_0000)]
// Zeros of one sign: the same zero in both readings.
#[case("min", 0x8000_0000, 0x8000_0000, 0x8000_0000, 0x8000_0000)]
fn min_max_zero_sign(
    #[case] op: &str,
    #[case] a: u64,
    #[case] b: u64,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    let srcs = [("f", a), ("f", b)];
    assert_eq!(
        lane(op, "f", &srcs),
        resolved,
        "resolved {op} {a:#x} {b:#x}"
    );
    assert_eq!(
        lane_literal(op, "f", &srcs, errata::MIN_MAX_ZERO_SIGN).unwrap(),
        literal,
        "literal {op} {a:#x} {b:#x}"
    );
}

#[rstest]
// Both NaN → src1. Resolved: quieted, sign and payload kept: 0xFF800001 → 0xFFC00001.
// Literal (MIN-MAX-NAN): src1's bits unchanged when dst has its type: 0xFF800001.
#[case("min", "f", [("f", 0x7fc0_0000), ("f", 0xff80_0001)], 0xffc0_0001, 0xff80_0001)]
#[case("max", "f", [("f", 0x7f80_0002), ("f", 0x7fc0_0003)], 0x7fc0_0003, 0x7fc0_0003)]
// HF: src1 0x7C01 (signalling, payload 1) → 0x7E01 resolved, 0x7C01 literal.
#[case("max", "hf", [("hf", 0x7e00), ("hf", 0x7c01)], 0x7e01, 0x7c01)]
// A destination of another type converts, which quiets in both readings: HF 0x7C01 into F
// carries the payload to the top of F's fraction: 0x7FC02000.
#[case("min", "f", [("f", 0x7fc0_0000), ("hf", 0x7c01)], 0x7fc0_2000, 0x7fc0_2000)]
// .sat turns a NaN into +0 in both readings.
#[case("min.sat", "f", [("f", 0x7fc0_0000), ("f", 0xff80_0001)], 0, 0)]
fn min_max_both_nan(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: [(&str, u64); 2],
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    assert_eq!(lane(op, dst, &srcs), resolved, "resolved {op} {srcs:x?}");
    assert_eq!(
        lane_literal(op, dst, &srcs, errata::MIN_MAX_NAN).unwrap(),
        literal,
        "literal {op} {srcs:x?}"
    );
}

#[rstest]
// %cr0 = 0 flushes F denormal inputs: max(2^-149, -0) is max(+0, -0) = +0.
#[case("max", [0x0000_0001, 0x8000_0000], 0, 0)]
// With the F denorm bit the denormal is kept and is the maximum.
#[case("max", [0x0000_0001, 0x8000_0000], 0x80, 0x0000_0001)]
// ALT mode (bit 0): an infinite result becomes the largest finite F.
#[case("max", [0x7f80_0000, 0x3f80_0000], 0x1, 0x7f7f_ffff)]
#[case("min", [0xff80_0000, 0x3f80_0000], 0x1, 0xff7f_ffff)]
fn min_max_float_modes(
    #[case] op: &str,
    #[case] srcs: [u64; 2],
    #[case] cr0: u32,
    #[case] expected: u64,
) {
    let srcs = [("f", srcs[0]), ("f", srcs[1])];
    assert_eq!(
        lane_cr0(op, "f", &srcs, cr0, &[]),
        expected,
        "{op} {srcs:x?} cr0 {cr0:#x}"
    );
}

#[rstest]
// instructions/MIN_MAX.md: no predicate in the Format or the Text form.
#[case(
    "(P1) min (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "(!P1) max (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction)
)]
#[case("max.sat (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VHF(0,0)<1;1,0>", None)]
#[case("min (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>", None)]
fn min_max_forms(#[case] text: &str, #[case] expected: Option<ErrorClass>) {
    assert_eq!(invalid(text, &[]), expected, "{text}");
}

// ---------------------------------------------------------------------------------------------
// SETP (SETP-BIT-TEST, SETP-MASK-CONTROL)
// ---------------------------------------------------------------------------------------------

/// `setp (<mask>, <size>) P1 <src0>` with P1 = `init`, EM = `emask`, the errata `literal`;
/// S is a UW variable 1, 2, ..., 16 and U a UB variable 0x81.
fn setp(mask: &str, size: u32, src0: &str, init: u32, emask: u32, literal: &[&str]) -> u32 {
    let text = format!(
        ".decl P1 v_type=P num_elts=32\n.decl S v_type=G type=uw num_elts=16\n\
         .decl U v_type=G type=ub num_elts=1\nsetp ({mask}, {size}) P1 {src0}\n"
    );
    let s: Vec<u16> = (1..=16).collect();
    let mut run = Run::new(XeHpg, &text)
        .var("S", le16(&s))
        .var("U", vec![0x81])
        .pred("P1", init)
        .emask(emask);
    for id in literal {
        run = run.literal(id);
    }
    pred(&run, "P1")
}

#[rstest]
// Scalar immediate: bit i of src0 sets element i. 0xA5A5 over elements 0..15, the upper half
// kept. Literal SETP-BIT-TEST: element i keeps bit 0 of src0 & (1 << i): only element 0 can
// be 1 (bit 0 of 0xA5A5 is 1).
#[case("M1_NM", 16, "0xa5a5:uw", 0xffff_0000, 0xffff_a5a5, 0xffff_0001)]
// M5_NM: the upper half receives 0x1234 (bit 0 clear: literal leaves all 16 at 0).
#[case("M5_NM", 16, "0x1234:uw", 0, 0x1234_0000, 0)]
// Execution size 32 under M1_NM: all 32 elements.
#[case("M1_NM", 32, "0x80000001:ud", 0x0f0f_0f0f, 0x8000_0001, 0x0000_0001)]
// A scalar register <0;1,0>: UB 0x81 sets elements 0 and 7; bits 8..15 of a UB are 0.
#[case("M1_NM", 16, "U(0,0)<0;1,0>", 0xffff_ffff, 0xffff_0081, 0xffff_0001)]
// <0;4,0> also reads one element in every channel: a scalar (S[0] = 1 sets element 0 only;
// the vector form would set all 8).
#[case("M1_NM", 8, "S(0,0)<0;4,0>", 0, 0x01, 0x01)]
// Vector src0 S = 1..8: element i = S[i] & 1 → elements 0, 2, 4, 6 → 0x55, in both readings.
#[case("M1_NM", 8, "S(0,0)<1;1,0>", 0, 0x55, 0x55)]
fn setp_bits(
    #[case] mask: &str,
    #[case] size: u32,
    #[case] src0: &str,
    #[case] init: u32,
    #[case] resolved: u32,
    #[case] literal: u32,
) {
    assert_eq!(
        setp(mask, size, src0, init, u32::MAX, &[]),
        resolved,
        "resolved {src0}"
    );
    assert_eq!(
        setp(mask, size, src0, init, u32::MAX, &[errata::SETP_BIT_TEST]),
        literal,
        "literal {src0}"
    );
}

#[rstest]
// Resolved SETP-MASK-CONTROL admits any mask control. The vector form writes the channels
// ChEn enables: EM 0x0F under M1 writes elements 0..3 (S = 1, 2, 3, 4 → 1, 0, 1, 0) and keeps
// 4..7 of P1 = 0xF0.
#[case("M1", 8, "S(0,0)<1;1,0>", 0xf0, 0x0f, 0xf5)]
// The scalar form writes every channel whatever ChEn (the loop has no ChEn test there).
#[case("M1", 8, "0xff:uw", 0, 0, 0xff)]
// M3 (offset 8) with 4 channels: elements 8..11 receive bits 0..3 of 0x5.
#[case("M3", 4, "0x5:ub", 0, u32::MAX, 0x0500)]
fn setp_mask_controls(
    #[case] mask: &str,
    #[case] size: u32,
    #[case] src0: &str,
    #[case] init: u32,
    #[case] emask: u32,
    #[case] expected: u32,
) {
    assert_eq!(
        setp(mask, size, src0, init, emask, &[]),
        expected,
        "({mask}, {size}) {src0}"
    );
}

#[rstest]
// Notes: size 32 needs M1_NM; smaller sizes M1_NM or M5_NM. The literal reading enforces it,
// the resolved one accepts every mask control valid for the size.
#[case("setp (M1_NM, 32) P1 0x1:ud", None, None)]
#[case("setp (M1_NM, 8) P1 0x1:ud", None, None)]
#[case("setp (M5_NM, 16) P1 0x1:uw", None, None)]
#[case("setp (M1, 16) P1 0x1:uw", None, Some(ErrorClass::InvalidInstruction))]
#[case("setp (M1, 32) P1 0x1:ud", None, Some(ErrorClass::InvalidInstruction))]
#[case(
    "setp (M2_NM, 4) P1 0x1:uw",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
#[case("setp (M5, 8) P1 0x1:uw", None, Some(ErrorClass::InvalidInstruction))]
// Sources must be UB, UW or UD, and SETP takes no predicate.
#[case(
    "setp (M1_NM, 8) P1 VD(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "(P1) setp (M1_NM, 8) P1 0x1:uw",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
fn setp_forms(
    #[case] text: &str,
    #[case] resolved: Option<ErrorClass>,
    #[case] literal: Option<ErrorClass>,
) {
    assert_eq!(invalid(text, &[]), resolved, "resolved {text}");
    assert_eq!(
        invalid(text, &[errata::SETP_MASK_CONTROL]),
        literal,
        "literal {text}"
    );
}

// ---------------------------------------------------------------------------------------------
// BFN: dst bit = (BooleanFuncCtrl >> (s0 + 2 s1 + 4 s2)) & 1
// ---------------------------------------------------------------------------------------------

/// a = 0xFF00FF00, b = 0xF0F0F0F0, c = 0xCCCCCCCC.
const ABC: [(&str, u64); 3] = [
    ("ud", 0xff00_ff00),
    ("ud", 0xf0f0_f0f0),
    ("ud", 0xcccc_cccc),
];

#[rstest]
// 0x00: no entry set → 0; 0xFF: every entry → all ones.
#[case("bfn.x00", "ud", ABC, 0)]
#[case("bfn.xff", "ud", ABC, 0xffff_ffff)]
// 0x80: only index 7 (all three bits set): a & b & c = 0xF000F000 & 0xCCCCCCCC = 0xC000C000.
#[case("bfn.x80", "ud", ABC, 0xc000_c000)]
// 0xFE: every index but 0: a | b | c = 0xFFF0FFF0 | 0xCCCCCCCC = 0xFFFCFFFC.
#[case("bfn.xfe", "ud", ABC, 0xfffc_fffc)]
// 0x96 = indices 1, 2, 4, 7 (odd parity): a ^ b ^ c = 0x0FF00FF0 ^ 0xCCCCCCCC = 0xC33CC33C.
#[case("bfn.x96", "ud", ABC, 0xc33c_c33c)]
// 0xCA = indices 1, 3, 6, 7: s2 = 0 gives s0, s2 = 1 gives s1: (c & b) | (~c & a) =
// 0xC0C0C0C0 | 0x33003300 = 0xF3C0F3C0.
#[case("bfn.xca", "ud", ABC, 0xf3c0_f3c0)]
// BFN-CHANNEL-SIZE: the destination's 32 bits; W 0x8000 sign-extends to 0xFFFF8000, UW 0x8000
// zero-extends: AND with all ones gives each.
#[case("bfn.x80", "d", [("w", 0x8000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0xffff_8000)]
#[case("bfn.x80", "d", [("uw", 0x8000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0x0000_8000)]
// A UW destination keeps 16 bits: 0x01 (NOR of all three: index 0 only) of zeros is 0xFFFF.
#[case("bfn.x01", "uw", [("d", 0), ("d", 0), ("d", 0)], 0xffff)]
fn bfn(#[case] op: &str, #[case] dst: &str, #[case] srcs: [(&str, u64); 3], #[case] expected: u64) {
    assert_eq!(lane(op, dst, &srcs), expected, "{op} {srcs:x?}");
}

#[test]
fn bfn_predicated_channels() {
    // (P1) bfn.xfe (M1, 8): P1 = 0x0F enables channels 0..3; they get 1 | 0 | 0 = 1, channels
    // 4..7 keep 0xEE.
    let text = ".decl R v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=8\n\
                (P1) bfn.xfe (M1, 8) R(0,0)<1> 0x1:ud 0x0:ud 0x0:ud\n";
    let run = Run::new(XeHpg, text)
        .var("R", le32(&[0xee; 8]))
        .pred("P1", 0x0f);
    assert_eq!(run.u32s("R").unwrap(), [1, 1, 1, 1, 0xee, 0xee, 0xee, 0xee]);
}

#[rstest]
// BFN-IMMEDIATE-WIDTH: resolved, any immediate of the map; literal, immediate16 only.
#[case(
    "bfn.x80 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x12345:d VD(0,0)<1;1,0>",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "bfn.x80 (M1, 8) VD(0,0)<1> 0x1:ud VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
#[case("bfn.x80 (M1, 8) VD(0,0)<1> 0x1:w VD(0,0)<1;1,0> 0x2:uw", None, None)]
// BFN takes no source modifier, no .sat and only D, UD, UW, W.
#[case(
    "bfn.x80 (M1, 8) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "bfn.x80 (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
fn bfn_forms(
    #[case] text: &str,
    #[case] resolved: Option<ErrorClass>,
    #[case] literal: Option<ErrorClass>,
) {
    assert_eq!(invalid(text, &[]), resolved, "resolved {text}");
    assert_eq!(
        invalid(text, &[errata::BFN_IMMEDIATE_WIDTH]),
        literal,
        "literal {text}"
    );
}

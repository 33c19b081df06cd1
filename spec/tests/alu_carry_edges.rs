//! Hand-derived edge catalog for the instructions with a second result or with address and
//! state operands: ADDC, SUBB (instructions/ADDC.md, SUBB.md), ADD3O (ADD3O.md), MADW
//! (MADW.md), SAD2, SAD2ADD (SAD2.md, SAD2ADD.md), ADDR_ADD (ADDR_ADD.md) and MOVS (MOVS.md).
//! Every expected value is derived in its row's comment from the documents, the machine
//! model of docs/state-model.md and the errata ledger, not from running the code.
//!
//! Register-file layout used by the derivations (docs/state-model.md, Variables): `%cr0`
//! always exists and takes the first GRF, then every declared general variable starts on
//! a GRF boundary in declaration order.
#![allow(clippy::unwrap_used)]

mod common;

use common::{le16, le32, Run};
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::{self, Xe2, XeHpc, XeHpg, XeLp};
use visa_spec::ErrorClass;

const HPG: Platform = XeHpg;
/// What a destination element holds before the instruction: it shows which bytes were written.
const OLD: u32 = 0xDEAD_BEEF;

/// The error class of validating `decls` + `text` on `platform` under `literal`, `None` if valid.
fn invalid_on(platform: Platform, decls: &str, text: &str, literal: &[&str]) -> Option<ErrorClass> {
    let program = format!("{decls}{text}\n");
    let mut run = Run::new(platform, &program);
    for id in literal {
        run = run.literal(id);
    }
    run.validate().err().map(|e| e.class)
}

// ---------------------------------------------------------------------------------------------
// ADDC and SUBB: dst V1, carry/borrow C1, one lane (ADDC-CARRY-FUNCTION, SUBB-SAT)
// ---------------------------------------------------------------------------------------------

/// `op (M1, 1) V1 C1 V2 V3` on UD one-element variables; returns (V1, C1). V1 and C1 start
/// at OLD.
fn two_results(op: &str, a: u32, b: u32, literal: &[&str]) -> Result<(u32, u32), ErrorClass> {
    let text = format!(
        ".decl V1 v_type=G type=ud num_elts=1\n.decl C1 v_type=G type=ud num_elts=1\n\
         .decl V2 v_type=G type=ud num_elts=1\n.decl V3 v_type=G type=ud num_elts=1\n\
         {op} (M1, 1) V1(0,0)<1> C1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<0;1,0>\n"
    );
    let mut run = Run::new(HPG, &text)
        .var("V1", le32(&[OLD]))
        .var("C1", le32(&[OLD]))
        .var("V2", le32(&[a]))
        .var("V3", le32(&[b]));
    for id in literal {
        run = run.literal(id);
    }
    let (program, state) = run.go().map_err(|e| e.class)?;
    let get = |name: &str| {
        let bytes = state.read_var(&program.vars, program.vars.find(name).unwrap());
        u32::from_le_bytes(bytes.try_into().unwrap())
    };
    Ok((get("V1"), get("C1")))
}

#[rstest]
// 0xFFFFFFFF + 1 = 2^32: low 32 bits 0, carry out 1.
#[case(0xffff_ffff, 1, 0, 1)]
// 0 + 0 = 0: no carry.
#[case(0, 0, 0, 0)]
// 1 + 2 = 3.
#[case(1, 2, 3, 0)]
// 0xFFFFFFFF + 0xFFFFFFFF = 2^33 - 2 = 0x1_FFFFFFFE: low 0xFFFFFFFE, carry 1 (never 2).
#[case(0xffff_ffff, 0xffff_ffff, 0xffff_fffe, 1)]
// 2^31 + 2^31 = 2^32: 0, carry 1.
#[case(0x8000_0000, 0x8000_0000, 0, 1)]
// 0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF fits: carry 0.
#[case(0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0)]
fn addc(#[case] a: u32, #[case] b: u32, #[case] sum: u32, #[case] carry: u32) {
    assert_eq!(
        two_results("addc", a, b, &[]),
        Ok((sum, carry)),
        "{a:#x} + {b:#x}"
    );
}

#[rstest]
// x - x = 0, no borrow.
#[case("subb", 5, 5, 0, 0)]
// 0 - 1 = -1: low 32 bits 0xFFFFFFFF, borrow 1 (0 < 1).
#[case("subb", 0, 1, 0xffff_ffff, 1)]
// 0 - 0xFFFFFFFF = -(2^32 - 1) ≡ 1 (mod 2^32), borrow 1.
#[case("subb", 0, 0xffff_ffff, 1, 1)]
// 0xFFFFFFFF - 0 = 0xFFFFFFFF, no borrow.
#[case("subb", 0xffff_ffff, 0, 0xffff_ffff, 0)]
// 2^31 - (2^31 - 1) = 1.
#[case("subb", 0x8000_0000, 0x7fff_ffff, 1, 0)]
// SUBB-SAT: .sat clamps -1 into UD: 0; the borrow is still 1 (src0 < src1).
#[case("subb.sat", 0, 1, 0, 1)]
// .sat with a difference in range changes nothing: 5 - 3 = 2.
#[case("subb.sat", 5, 3, 2, 0)]
// .sat: 0 - 0xFFFFFFFF = -(2^32 - 1) clamps to 0, borrow 1.
#[case("subb.sat", 0, 0xffff_ffff, 0, 1)]
fn subb(#[case] op: &str, #[case] a: u32, #[case] b: u32, #[case] diff: u32, #[case] borrow: u32) {
    assert_eq!(
        two_results(op, a, b, &[]),
        Ok((diff, borrow)),
        "{op} {a:#x} - {b:#x}"
    );
}

#[test]
fn subb_sat_literal_reading_follows_the_text_form() {
    // SUBB-SAT, literal: the Text form has no .sat, so subb.sat is invalid-instruction.
    assert_eq!(
        two_results("subb.sat", 0, 1, &[errata::SUBB_SAT]),
        Err(ErrorClass::InvalidInstruction)
    );
    // Without .sat both readings agree.
    assert_eq!(
        two_results("subb", 0, 1, &[errata::SUBB_SAT]),
        Ok((0xffff_ffff, 1))
    );
}

/// `[pred] op (M1, 4) V1 C1 V2 V3` with four-lane UD variables; returns (V1, C1).
fn four_lanes(
    pred: &str,
    op: &str,
    a: [u32; 4],
    b: [u32; 4],
    mask: u32,
    literal: &[&str],
) -> (Vec<u32>, Vec<u32>) {
    let text = format!(
        ".decl V1 v_type=G type=ud num_elts=4\n.decl C1 v_type=G type=ud num_elts=4\n\
         .decl V2 v_type=G type=ud num_elts=4\n.decl V3 v_type=G type=ud num_elts=4\n\
         .decl P1 v_type=P num_elts=4\n\
         {pred}{op} (M1, 4) V1(0,0)<1> C1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n"
    );
    let mut run = Run::new(HPG, &text)
        .var("V1", le32(&[OLD; 4]))
        .var("C1", le32(&[OLD; 4]))
        .var("V2", le32(&a))
        .var("V3", le32(&b))
        .pred("P1", mask);
    for id in literal {
        run = run.literal(id);
    }
    (run.u32s("V1").unwrap(), run.u32s("C1").unwrap())
}

#[test]
fn subb_loop_step_readings() {
    let (a, b) = ([5, 0, 7, 1], [3, 1, 7, 2]);
    // Resolved (++i): 5-3 = 2; 0-1 = -1 → 0xFFFFFFFF, borrow; 7-7 = 0; 1-2 = -1, borrow.
    assert_eq!(
        four_lanes("", "subb", a, b, 0, &[]),
        (vec![2, 0xffff_ffff, 0, 0xffff_ffff], vec![0, 1, 0, 1])
    );
    // SUBB-SAT resolved: the same with .sat clamps the two negative differences to 0.
    assert_eq!(
        four_lanes("", "subb.sat", a, b, 0, &[]),
        (vec![2, 0, 0, 0], vec![0, 1, 0, 1])
    );
    // SUBB-LOOP-STEP, literal (i += 2): channels 1 and 3 are never visited and keep OLD.
    assert_eq!(
        four_lanes("", "subb", a, b, 0, &[errata::SUBB_LOOP_STEP]),
        (vec![2, OLD, 0, OLD], vec![0, OLD, 0, OLD])
    );
}

#[test]
fn addc_predication_gates_both_results() {
    // (P1) with P1 = 0b0101: channels 0 and 2 run; 1 and 3 keep OLD in dst and carry.
    // Channel 0: 0xFFFFFFFF + 1 = 2^32 → 0, carry 1; channel 2: 2 + 2 = 4, carry 0.
    let a = [0xffff_ffff, 0xffff_ffff, 2, 9];
    let b = [1, 1, 2, 9];
    assert_eq!(
        four_lanes("(P1) ", "addc", a, b, 0b0101, &[]),
        (vec![0, OLD, 4, OLD], vec![1, OLD, 0, OLD])
    );
}

// ---------------------------------------------------------------------------------------------
// ADD3O: dst and the overflow bit of P1 (ADD3O-OVERFLOW)
// ---------------------------------------------------------------------------------------------

/// `(P1) add3o (M1, 1) V1:dst V2 V3 V4` with one-element variables of the given types (a
/// `(-)` prefix is a source modifier); P1 (32 elements) starts at 0xF0F0F0F0, whose bit 0 is
/// clear. Returns V1's bits and P1.
fn add3o(dst: &str, srcs: [(&str, u64); 3], literal: &[&str]) -> (u64, u32) {
    let mut decls =
        format!(".decl V1 v_type=G type={dst} num_elts=1\n.decl P1 v_type=P num_elts=32\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = common::split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}(P1) add3o (M1, 1) V1(0,0)<1>{operands}\n");
    let mut run = Run::new(HPG, &text).pred("P1", 0xf0f0_f0f0);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let ty: visa_spec::types::DataType = common::split_modifier(spec).1.parse().unwrap();
        run = run.var(
            ["V2", "V3", "V4"][k],
            value.to_le_bytes()[..ty.size()].to_vec(),
        );
    }
    for id in literal {
        run = run.literal(id);
    }
    let (program, state) = run.go().unwrap();
    let v1 = state.read_var(&program.vars, program.vars.find("V1").unwrap());
    let mut word = [0u8; 8];
    word[..v1.len()].copy_from_slice(&v1);
    let p1 = state.preds[program.vars.find("P1").unwrap().0 as usize];
    (u64::from_le_bytes(word), p1)
}

#[rstest]
// D: INT_MAX + 1 + 0 = 2^31 does not fit D: dst 0x80000000, overflow. Literal: the UD sum
// 0x80000000 has no carry out: 0.
#[case("d", [("d", 0x7fff_ffff), ("d", 1), ("d", 0)], 0x8000_0000, 1, 0)]
// D: -1 + -1 + 0 = -2 fits: no overflow. Literal: 0xFFFFFFFF + 0xFFFFFFFF ≥ 2^32: 1.
#[case("d", [("d", 0xffff_ffff), ("d", 0xffff_ffff), ("d", 0)], 0xffff_fffe, 0, 1)]
// D: INT_MIN + -1 = -2^31 - 1 below D: dst 0x7FFFFFFF, overflow; literal 0x80000000 +
// 0xFFFFFFFF = 0x1_7FFFFFFF: 1.
#[case("d", [("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0)], 0x7fff_ffff, 1, 1)]
// D: 3 * INT_MAX = 0x1_7FFFFFFD: dst 0x7FFFFFFD, overflow under both readings.
#[case("d", [("d", 0x7fff_ffff), ("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], 0x7fff_fffd, 1, 1)]
// UD: 0xFFFFFFFF + 1 + 0 = 2^32: dst 0, overflow under both readings.
#[case("ud", [("ud", 0xffff_ffff), ("ud", 1), ("ud", 0)], 0, 1, 1)]
// UD: 0xFFFFFFFF + 0 + 0 fits.
#[case("ud", [("ud", 0xffff_ffff), ("ud", 0), ("ud", 0)], 0xffff_ffff, 0, 0)]
// UD: 3 * 0xFFFFFFFF = 0x2_FFFFFFFD: dst 0xFFFFFFFD, overflow.
#[case("ud", [("ud", 0xffff_ffff), ("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_fffd, 1, 1)]
// UD: (-)1 + 0 + 0 = -1 is below UD: dst 0xFFFFFFFF, overflow. Literal: -1 mod 2^32 =
// 0xFFFFFFFF, no carry out: 0.
#[case("ud", [("(-)ud", 1), ("ud", 0), ("ud", 0)], 0xffff_ffff, 1, 0)]
// W: 0x7FFF + 1 = 32768 above W: dst 0x8000, overflow; literal 32768 < 2^32: 0.
#[case("w", [("w", 0x7fff), ("w", 1), ("w", 0)], 0x8000, 1, 0)]
// W: -32768 + -1 = -32769: dst 0x7FFF, overflow; literal 0xFFFF8000 + 0xFFFFFFFF ≥ 2^32: 1.
#[case("w", [("w", 0x8000), ("w", 0xffff), ("w", 0)], 0x7fff, 1, 1)]
// W: -1 + 1 + 0 = 0 fits; literal 0xFFFFFFFF + 1 = 2^32: 1.
#[case("w", [("w", 0xffff), ("w", 1), ("w", 0)], 0, 0, 1)]
// UW: 0xFFFF + 1 = 65536 above UW: dst 0, overflow; literal: 65536 < 2^32: 0.
#[case("uw", [("uw", 0xffff), ("uw", 1), ("uw", 0)], 0, 1, 0)]
// UW: 0xFFFF + 0 + 0 fits.
#[case("uw", [("uw", 0xffff), ("uw", 0), ("uw", 0)], 0xffff, 0, 0)]
// Mixed: D dst from UD sources: 0x80000000 + 0 + 0 = 2^31 above D: dst 0x80000000, overflow.
#[case("d", [("ud", 0x8000_0000), ("ud", 0), ("ud", 0)], 0x8000_0000, 1, 0)]
fn add3o_overflow(
    #[case] dst: &str,
    #[case] srcs: [(&str, u64); 3],
    #[case] expected: u64,
    #[case] resolved: u32,
    #[case] literal: u32,
) {
    // Bit 0 of P1 is channel 0's overflow bit; every other bit keeps 0xF0F0F0F0's.
    let keep = 0xf0f0_f0f0;
    assert_eq!(
        add3o(dst, srcs, &[]),
        (expected, keep | resolved),
        "resolved {srcs:x?}"
    );
    assert_eq!(
        add3o(dst, srcs, &[errata::ADD3O_OVERFLOW]),
        (expected, keep | literal),
        "literal {srcs:x?}"
    );
}

#[test]
fn add3o_overflow_bits_follow_the_mask_control() {
    // M5 has offset 16 (3_execution_model.md): channel n writes bit 16 + n of P1, and reads
    // EM bit 16 + n. EM bit 16 is clear, so channel 0 writes nothing.
    // Sums (UD): ch0 2^32 (disabled), ch1 1+1 = 2, ch2 2^31 + 2^31 = 2^32 → overflow, ch3 0.
    let text = ".decl V1 v_type=G type=ud num_elts=4\n.decl V2 v_type=G type=ud num_elts=4\n\
                .decl V3 v_type=G type=ud num_elts=4\n.decl P1 v_type=P num_elts=32\n\
                (P1) add3o (M5, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> 0x0:ud\n";
    let (program, state) = Run::new(HPG, text)
        .var("V1", le32(&[OLD; 4]))
        .var("V2", le32(&[0xffff_ffff, 1, 0x8000_0000, 0]))
        .var("V3", le32(&[1, 1, 0x8000_0000, 0]))
        .pred("P1", 0x0001_0000)
        .emask(!(1 << 16))
        .go()
        .unwrap();
    // Bit 16 keeps its 1 (channel 0 disabled); bit 18 set by channel 2; bits 17, 19 clear.
    assert_eq!(
        state.preds[program.vars.find("P1").unwrap().0 as usize],
        0x0005_0000
    );
    let v1 = state.read_var(&program.vars, program.vars.find("V1").unwrap());
    assert_eq!(v1, le32(&[OLD, 2, 0, 0]));
}

#[rstest]
// Only src2 is immediate16 (instructions/ADD3O.md): under the literal reading of
// ADD3-IMMEDIATE-WIDTH a D immediate there is invalid, a W one valid; src0 and src1 take any
// immediate of the type map under both readings.
#[case(
    "(P1) add3o (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:d",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "(P1) add3o (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:w",
    None,
    None
)]
#[case("(P1) add3o (M1, 1) VD(0,0)<1> 0x1:d 0x2:d VD(0,0)<0;1,0>", None, None)]
// ADD3O takes no saturation (its Properties list none).
#[case(
    "(P1) add3o.sat (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:w",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
fn add3o_immediates(
    #[case] text: &str,
    #[case] resolved: Option<ErrorClass>,
    #[case] literal: Option<ErrorClass>,
) {
    let decls = ".decl VD v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=32\n";
    assert_eq!(invalid_on(HPG, decls, text, &[]), resolved, "{text}");
    assert_eq!(
        invalid_on(HPG, decls, text, &[errata::ADD3_IMMEDIATE_WIDTH]),
        literal,
        "literal: {text}"
    );
}

// ---------------------------------------------------------------------------------------------
// MADW: the 64-bit result, low halves then high halves (MADW-HIGH-HALF)
// ---------------------------------------------------------------------------------------------

/// `madw (M1, n) V1(0,0)<1> V2 V3 V4` on `platform`: V1 (type `ty`) holds 128 bytes
/// starting at OLD; the sources are one-element variables broadcast to every lane. Returns
/// V1 as u32 elements.
fn madw(
    platform: Platform,
    n: u32,
    ty: &str,
    srcs: [(&str, u32); 3],
    literal: &[&str],
) -> Result<Vec<u32>, ErrorClass> {
    let mut decls = format!(".decl V1 v_type=G type={ty} num_elts=32\n");
    let mut operands = String::new();
    for (k, (modifier, _)) in srcs.iter().enumerate() {
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}madw (M1, {n}) V1(0,0)<1>{operands}\n");
    let mut run = Run::new(platform, &text).var("V1", le32(&[OLD; 32]));
    for (k, (_, value)) in srcs.iter().enumerate() {
        run = run.var(["V2", "V3", "V4"][k], le32(&[*value]));
    }
    for id in literal {
        run = run.literal(id);
    }
    run.u32s("V1").map_err(|e| e.class)
}

/// V1 after MADW: `n` low halves at element 0, `n` high halves at byte `high`, OLD elsewhere.
fn layout(n: usize, high: usize, low_half: u32, high_half: u32) -> Vec<u32> {
    let mut v = vec![OLD; 32];
    v[..n].fill(low_half);
    v[high / 4..high / 4 + n].fill(high_half);
    v
}

#[rstest]
// D: (-2^31)^2 + -1 = 2^62 - 1 = 0x3FFFFFFF_FFFFFFFF.
#[case("d", [("", 0x8000_0000), ("", 0x8000_0000), ("", 0xffff_ffff)], 0xffff_ffff, 0x3fff_ffff)]
// D: -2^31 * (2^31 - 1) + 0 = -2^62 + 2^31 = 0xC0000000_80000000.
#[case("d", [("", 0x8000_0000), ("", 0x7fff_ffff), ("", 0)], 0x8000_0000, 0xc000_0000)]
// D: -1 * 1 + 0 = -1: both halves all ones.
#[case("d", [("", 0xffff_ffff), ("", 1), ("", 0)], 0xffff_ffff, 0xffff_ffff)]
// D: -1 * -1 + -1 = 0.
#[case("d", [("", 0xffff_ffff), ("", 0xffff_ffff), ("", 0xffff_ffff)], 0, 0)]
// D: (2^31 - 1)^2 + 2^31 - 1 = 2^62 - 2^31 = 0x3FFFFFFF_80000000.
#[case("d", [("", 0x7fff_ffff), ("", 0x7fff_ffff), ("", 0x7fff_ffff)], 0x8000_0000, 0x3fff_ffff)]
// D: (-)INT_MIN = +2^31 (OPERAND-MODIFIER-TABLE); 2^31 * -2^31 = -2^62 = 0xC0000000_00000000.
#[case("d", [("(-)", 0x8000_0000), ("", 0x8000_0000), ("", 0)], 0, 0xc000_0000)]
// UD: (2^32 - 1)^2 + 2^32 - 1 = (2^32 - 1) * 2^32 = 0xFFFFFFFF_00000000.
#[case("ud", [("", 0xffff_ffff), ("", 0xffff_ffff), ("", 0xffff_ffff)], 0, 0xffff_ffff)]
// UD: 2^31 * 2 + 0 = 2^32: low 0, high 1.
#[case("ud", [("", 0x8000_0000), ("", 2), ("", 0)], 0, 1)]
// UD: -(2^32 - 1) * (2^32 - 1) = -(2^64 - 2^33 + 1) ≡ 2^33 - 1 (mod 2^64) = 0x1_FFFFFFFF.
#[case("ud", [("(-)", 0xffff_ffff), ("", 0xffff_ffff), ("", 0)], 0xffff_ffff, 1)]
fn madw_values(
    #[case] ty: &str,
    #[case] srcs: [(&str, u32); 3],
    #[case] low: u32,
    #[case] high: u32,
) {
    // Execution size 8 on 32-byte GRFs: the low halves fill the first GRF (32 bytes), the
    // high halves the next one (byte 32) under both readings.
    assert_eq!(
        madw(HPG, 8, ty, srcs, &[]),
        Ok(layout(8, 32, low, high)),
        "{srcs:x?}"
    );
    assert_eq!(
        madw(HPG, 8, ty, srcs, &[errata::MADW_HIGH_HALF]),
        Ok(layout(8, 32, low, high)),
        "literal {srcs:x?}"
    );
}

#[rstest]
// Resolved: high halves at roundup(n * 4, GRF). Literal (packed): at n * 4.
// n = 1, 32-byte GRF: low at 0; high at 32 (resolved) or 4 (literal).
#[case(XeLp, 1, 32, 4)]
#[case(XeHpg, 1, 32, 4)]
// n = 1, 64-byte GRF: high at 64 or 4.
#[case(XeHpc, 1, 64, 4)]
#[case(Xe2, 1, 64, 4)]
// n = 2, 32-byte GRF: 8 bytes of low halves; high at 32 or 8.
#[case(XeHpg, 2, 32, 8)]
// n = 8: 32 bytes of low halves fill a 32-byte GRF (high at 32 either way) but half a
// 64-byte one (high at 64, or 32 packed).
#[case(XeHpg, 8, 32, 32)]
#[case(Xe2, 8, 64, 32)]
// n = 16 (PVC+ only): 64 bytes fill a 64-byte GRF: high at 64 either way.
#[case(XeHpc, 16, 64, 64)]
#[case(Xe2, 16, 64, 64)]
fn madw_high_half_placement(
    #[case] platform: Platform,
    #[case] n: u32,
    #[case] resolved: usize,
    #[case] literal: usize,
) {
    // D: (-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF.
    let srcs = [("", 0x8000_0000), ("", 0x8000_0000), ("", 0xffff_ffff)];
    let n_lanes = n as usize;
    assert_eq!(
        madw(platform, n, "d", srcs, &[]),
        Ok(layout(n_lanes, resolved, 0xffff_ffff, 0x3fff_ffff)),
        "{platform} n={n}"
    );
    assert_eq!(
        madw(platform, n, "d", srcs, &[errata::MADW_HIGH_HALF]),
        Ok(layout(n_lanes, literal, 0xffff_ffff, 0x3fff_ffff)),
        "{platform} n={n} literal"
    );
}

#[test]
fn madw_strided_destination() {
    // <2> with n = 4 on 32-byte GRFs: low halves at elements 0, 2, 4, 6 (bytes 0..28);
    // resolved: high at roundup(28, 32) = 32, elements 8, 10, 12, 14; literal (packed):
    // elements 4*2 + 2i = 8, 10, 12, 14 as well.
    // UD: 3 * 5 + 1 = 16: low 16, high 0.
    let text = ".decl V1 v_type=G type=ud num_elts=16\n.decl V2 v_type=G type=ud num_elts=1\n\
                madw (M1, 4) V1(0,0)<2> V2(0,0)<0;1,0> 0x5:ud 0x1:ud\n";
    let mut want = vec![OLD; 16];
    for i in 0..4 {
        want[2 * i] = 16;
        want[8 + 2 * i] = 0;
    }
    for literal in [&[][..], &[errata::MADW_HIGH_HALF][..]] {
        let mut run = Run::new(HPG, text)
            .var("V1", le32(&[OLD; 16]))
            .var("V2", le32(&[3]));
        for id in literal {
            run = run.literal(id);
        }
        assert_eq!(run.u32s("V1").unwrap(), want, "{literal:?}");
    }
}

#[test]
fn madw_indirect_destination() {
    // V1 is the first declared variable: it starts at byte 32, after %cr0's GRF. A0(0) = 32
    // points at it: low half at byte 32, high half one GRF later, V1's element 8.
    // UD: 0xFFFFFFFF * 2 + 3 = 2^33 + 1 = 0x2_00000001.
    let text = ".decl V1 v_type=G type=ud num_elts=16\n.decl A0 v_type=A num_elts=1\n\
                madw (M1, 1) r[A0(0),0]<1>:ud 0xffffffff:ud 0x2:ud 0x3:ud\n";
    let run = |a0: u16| {
        Run::new(HPG, text)
            .var("V1", le32(&[OLD; 16]))
            .var("A0", le16(&[a0]))
            .u32s("V1")
    };
    let mut want = vec![OLD; 16];
    want[0] = 1;
    want[8] = 2;
    assert_eq!(run(32).unwrap(), want);
    // Byte 36 is not GRF aligned (instructions/MADW.md, Dst): undefined behaviour.
    assert_eq!(run(36).unwrap_err().class, ErrorClass::UndefinedBehaviour);
}

const MADW_DECLS: &str =
    ".decl V1 v_type=G type=d num_elts=32\n.decl V8 v_type=G type=d num_elts=8\n\
                          .decl V2 v_type=G type=d num_elts=16\n";

#[rstest]
// Execution size 16 exists from PVC on (instructions/MADW.md, Exec_size): invalid on xe-hpg.
#[case(XeHpg, "madw (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V2(0,0)<1;1,0> 0x0:d", &[], Some(ErrorClass::InvalidInstruction))]
// 32 is above the maximum SIMD16 everywhere.
#[case(Xe2, "madw (M1, 32) V1(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", &[], Some(ErrorClass::InvalidInstruction))]
// The destination must be GRF aligned: column 1 starts at byte 4 of the GRF.
#[case(XeHpg, "madw (M1, 1) V1(0,1)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", &[], Some(ErrorClass::InvalidInstruction))]
// V8 holds one GRF (32 bytes): the low half at its byte 0, the high half one GRF later —
// past V8: the high half leaves the variable (5_operands.md: out-of-bounds is undefined).
#[case(XeHpg, "madw (M1, 1) V8(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", &[], Some(ErrorClass::UndefinedBehaviour))]
// Literal (packed): the high half at byte 4 of V8 fits.
#[case(XeHpg, "madw (M1, 1) V8(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", &[errata::MADW_HIGH_HALF], None)]
// V8 holds 32 bytes: 8 low halves fill it, the high halves need the next GRF.
#[case(XeHpg, "madw (M1, 8) V8(0,0)<1> V2(0,0)<1;1,0> V2(0,0)<1;1,0> 0x0:d", &[], Some(ErrorClass::UndefinedBehaviour))]
// A UW destination is outside the D, UD type map.
#[case(XeHpg, "madw (M1, 1) VW(0,0)<1> V2(0,0)<0;1,0> V2(0,0)<0;1,0> 0x0:d", &[], Some(ErrorClass::InvalidInstruction))]
fn madw_validation(
    #[case] platform: Platform,
    #[case] text: &str,
    #[case] literal: &[&str],
    #[case] expected: Option<ErrorClass>,
) {
    let decls = format!("{MADW_DECLS}.decl VW v_type=G type=uw num_elts=32\n");
    assert_eq!(
        invalid_on(platform, &decls, text, literal),
        expected,
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// SAD2 and SAD2ADD (SAD2-LOOP-STEP, SAD2-EXEC-SIZE)
// ---------------------------------------------------------------------------------------------

/// `op (M1, 2) V1:dst V2 V3 [V4]`: V2 and V3 hold one pair of `src_ty` bytes, V4 one
/// `w_ty` word; returns V1's two words (starting at 0xBEEF) and whether V1's lane 1 is
/// undefined.
fn sad2_pair(
    op: &str,
    dst: &str,
    src: (&str, [u8; 2], [u8; 2]),
    src2: Option<(&str, u16)>,
) -> (u16, u16, bool) {
    let (src_ty, a, b) = src;
    let (modifier, src_ty) = common::split_modifier(src_ty);
    let mut text = format!(
        ".decl V1 v_type=G type={dst} num_elts=2\n.decl V2 v_type=G type={src_ty} num_elts=2\n\
         .decl V3 v_type=G type={src_ty} num_elts=2\n"
    );
    let mut third = String::new();
    if let Some((ty, _)) = src2 {
        text.push_str(&format!(".decl V4 v_type=G type={ty} num_elts=1\n"));
        third = " V4(0,0)<0;1,0>".to_string();
    }
    text.push_str(&format!(
        "{op} (M1, 2) V1(0,0)<1> {modifier}V2(0,0)<1;1,0> V3(0,0)<1;1,0>{third}\n"
    ));
    let mut run = Run::new(HPG, &text)
        .var("V1", le16(&[0xbeef, 0xbeef]))
        .var("V2", a.to_vec())
        .var("V3", b.to_vec());
    if let Some((_, v)) = src2 {
        run = run.var("V4", le16(&[v]));
    }
    let (program, state) = run.go().unwrap();
    let id = program.vars.find("V1").unwrap();
    let base = program.vars.get(id).grf_offset.unwrap();
    let v1 = state.read_var(&program.vars, id);
    let lane1_undefined =
        state.undefined.contains(&(base + 2)) && state.undefined.contains(&(base + 3));
    (
        u16::from_le_bytes([v1[0], v1[1]]),
        u16::from_le_bytes([v1[2], v1[3]]),
        lane1_undefined,
    )
}

#[rstest]
// B: |-128 - 127| + |127 - (-128)| = 255 + 255 = 510 = 0x1FE.
#[case("sad2", "w", ("b", [0x80, 0x7f], [0x7f, 0x80]), None, 0x01fe)]
#[case("sad2.sat", "uw", ("b", [0x80, 0x7f], [0x7f, 0x80]), None, 0x01fe)]
// UB: |255 - 0| + |0 - 255| = 510.
#[case("sad2", "uw", ("ub", [0xff, 0x00], [0x00, 0xff]), None, 0x01fe)]
// (-)B: -(-128) = 128 exactly; |128 - (-128)| + |0 - 0| = 256.
#[case("sad2", "w", ("(-)b", [0x80, 0x00], [0x80, 0x00]), None, 0x0100)]
// Equal pairs: 0.
#[case("sad2", "w", ("b", [0x05, 0xfb], [0x05, 0xfb]), None, 0)]
// SAD2ADD, W: 510 + 32767 = 33277: .sat clamps to 0x7FFF; without it 33277 - 65536 =
// -32259 = 0x81FD.
#[case("sad2add.sat", "w", ("b", [0x80, 0x7f], [0x7f, 0x80]), Some(("w", 0x7fff)), 0x7fff)]
#[case("sad2add", "w", ("b", [0x80, 0x7f], [0x7f, 0x80]), Some(("w", 0x7fff)), 0x81fd)]
// SAD2ADD, UW: 510 + 65535 = 66045: .sat → 0xFFFF; else 66045 - 65536 = 509 = 0x1FD.
#[case("sad2add.sat", "uw", ("ub", [0xff, 0x00], [0x00, 0xff]), Some(("uw", 0xffff)), 0xffff)]
#[case("sad2add", "uw", ("ub", [0xff, 0x00], [0x00, 0xff]), Some(("uw", 0xffff)), 0x01fd)]
// SAD2ADD with a negative W addend: 510 + -1000 = -490: UW.sat → 0; W → 0xFE16 (-490).
#[case("sad2add.sat", "uw", ("b", [0x80, 0x7f], [0x7f, 0x80]), Some(("w", 0xfc18)), 0)]
#[case("sad2add", "w", ("b", [0x80, 0x7f], [0x7f, 0x80]), Some(("w", 0xfc18)), 0xfe16)]
fn sad2(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] src: (&str, [u8; 2], [u8; 2]),
    #[case] src2: Option<(&str, u16)>,
    #[case] expected: u16,
) {
    // Lane 1 keeps its bytes (0xBEEF) and is undefined (dst[i+1] = undefined).
    assert_eq!(
        sad2_pair(op, dst, src, src2),
        (expected, 0xbeef, true),
        "{op} {src:x?}"
    );
}

/// `sad2 (M1, 4) V1 V2 V3` with UB pairs giving 10 (lanes 0, 1), 20 (1, 2) and 30 (2, 3)
/// under emask `emask`; returns (V1's words, the undefined lanes of V1).
fn sad2_four(emask: u32, literal: &[&str]) -> Result<(Vec<u16>, Vec<usize>), ErrorClass> {
    let text = ".decl V1 v_type=G type=uw num_elts=4\n.decl V2 v_type=G type=ub num_elts=4\n\
                .decl V3 v_type=G type=ub num_elts=4\nsad2 (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    // |d0| + |d1| for each pair: d = src0 - src1 = [4, 6, 14, 16].
    let mut run = Run::new(HPG, text)
        .var("V1", le16(&[0xbeef; 4]))
        .var("V2", vec![4, 6, 14, 16])
        .var("V3", vec![0, 0, 0, 0])
        .emask(emask);
    for id in literal {
        run = run.literal(id);
    }
    let (program, state) = run.go().map_err(|e| e.class)?;
    let id = program.vars.find("V1").unwrap();
    let base = program.vars.get(id).grf_offset.unwrap();
    let words = state
        .read_var(&program.vars, id)
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let undefined = (0..4)
        .filter(|k| state.undefined.contains(&(base + 2 * k)))
        .collect();
    Ok((words, undefined))
}

#[test]
fn sad2_loop_step_readings() {
    const B: u16 = 0xbeef;
    // Resolved (i += 2): lane 0 = 4 + 6 = 10, lane 2 = 14 + 16 = 30; lanes 1 and 3 keep
    // their bytes and are undefined.
    assert_eq!(sad2_four(0xf, &[]), Ok((vec![10, B, 30, B], vec![1, 3])));
    // Channel 2 disabled: pair (2, 3) untouched; channel 1's enable does not matter.
    assert_eq!(sad2_four(0b1011, &[]), Ok((vec![10, B, B, B], vec![1])));
    // Channel 1 disabled: lane 1 is still left undefined by channel 0.
    assert_eq!(sad2_four(0b1101, &[]), Ok((vec![10, B, 30, B], vec![1, 3])));
    // Literal (i += 1), channel 3 disabled: lanes 0, 1, 2 get 4+6, 6+14, 14+16; lane 1 is
    // defined again by channel 1 after channel 0 left it undefined; lane 3 is undefined.
    let lit = [errata::SAD2_LOOP_STEP];
    assert_eq!(sad2_four(0b0111, &lit), Ok((vec![10, 20, 30, B], vec![3])));
    // Literal, channels 0 and 2: lanes 1 and 3 undefined, as resolved.
    assert_eq!(
        sad2_four(0b0101, &lit),
        Ok((vec![10, B, 30, B], vec![1, 3]))
    );
    // Literal, channel 3 enabled: it reads src0[4], which V2's region does not hold.
    assert_eq!(sad2_four(0xf, &lit), Err(ErrorClass::UndefinedBehaviour));
}

#[rstest]
// SAD2-EXEC-SIZE: a pair needs two channels.
#[case("sad2 (M1, 1) VW(0,0)<1> VB(0,0)<0;1,0> VB(0,0)<0;1,0>")]
#[case("sad2add (M1, 1) VW(0,0)<1> VB(0,0)<0;1,0> VB(0,0)<0;1,0> 0x0:w")]
// The sources are bytes, SAD2ADD's src2 a word.
#[case("sad2 (M1, 2) VW(0,0)<1> VW(0,0)<1;1,0> VW(0,0)<1;1,0>")]
#[case("sad2add (M1, 2) VW(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:d")]
// SAD2ADD takes no source modifier (its Properties list none), SAD2 does.
#[case("sad2add (M1, 2) VW(0,0)<1> (-)VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:w")]
fn sad2_invalid(#[case] text: &str) {
    let decls = ".decl VW v_type=G type=w num_elts=16\n.decl VB v_type=G type=b num_elts=32\n";
    assert_eq!(
        invalid_on(HPG, decls, text, &[]),
        Some(ErrorClass::InvalidInstruction),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// ADDR_ADD (ADDR-ADD-RANGE, ADDR-ADD-PREDEFINED)
// ---------------------------------------------------------------------------------------------

/// Declarations: V2 (UD x 8) is the first general variable: byte 32 on xe-hpg (after
/// %cr0's GRF); V3 is UW x 4 at byte 64; A0 and A1 are four-element address variables.
const ADDR_DECLS: &str =
    ".decl V2 v_type=G type=ud num_elts=8\n.decl V3 v_type=G type=uw num_elts=4\n\
                          .decl A0 v_type=A num_elts=4\n.decl A1 v_type=A num_elts=4\n";

/// Runs `text` after ADDR_DECLS with A0 = [0x1111; 4], A1 = `a1`, V3 = `v3`; returns A0.
fn addr_add(text: &str, a1: [u16; 4], v3: [u16; 4], emask: u32) -> Vec<u16> {
    let program = format!("{ADDR_DECLS}{text}\n");
    Run::new(HPG, &program)
        .var("A0", le16(&[0x1111; 4]))
        .var("A1", le16(&a1))
        .var("V3", le16(&v3))
        .emask(emask)
        .u16s("A0")
        .unwrap()
}

#[rstest]
// &V2 + 4 = 32 + 4 = 36, plus 0x10: 52 = 0x34.
#[case("addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw", [0; 4], [0; 4], [0x34, 0x1111, 0x1111, 0x1111])]
// V2(0,2)<0;1,0>: the byte address of element 2 of V2, 32 + 2*4 = 40 = 0x28; + 0.
#[case("addr_add (M1, 1) A0(1)<1> V2(0,2)<0;1,0> 0x0:uw", [0; 4], [0; 4], [0x1111, 0x28, 0x1111, 0x1111])]
// &V3 (byte 64) in two channels, each adding its own V3 element: 64 + [1, 2].
#[case("addr_add (M1, 2) A0(2)<1> &V3+0 V3(0,1)<1;1,0>", [0; 4], [0, 1, 2, 3], [0x1111, 0x1111, 65, 66])]
// Address elements: A1 + 0x20 for 4 channels; 0xFFF0 + 0x20 = 0x1_0010 wraps to 0x0010
// (ADDR-ADD-RANGE), 5 + 0x20 = 0x25, ...
#[case("addr_add (M1, 4) A0(0)<1> A1(0)<1;1,0> 0x20:uw", [0xfff0, 5, 0xffe0, 0], [0; 4], [0x10, 0x25, 0, 0x20])]
// A source modifier on src1: 0x10 + -(0x20) = -0x10 wraps to 0xFFF0.
#[case("addr_add (M1, 1) A0(3)<1> A1(0)<1;1,0> (-)V3(0,0)<0;1,0>", [0x10; 4], [0x20, 0, 0, 0], [0x1111, 0x1111, 0x1111, 0xfff0])]
fn addr_add_values(
    #[case] text: &str,
    #[case] a1: [u16; 4],
    #[case] v3: [u16; 4],
    #[case] expected: [u16; 4],
) {
    assert_eq!(addr_add(text, a1, v3, u32::MAX), expected, "{text}");
}

#[test]
fn addr_add_disabled_channels_keep_their_addresses() {
    // EM = 0b1010: channels 1 and 3 run (ADDR_ADD takes no predicate, but the mask applies).
    assert_eq!(
        addr_add(
            "addr_add (M1, 4) A0(0)<1> A1(0)<1;1,0> 0x1:uw",
            [1, 2, 3, 4],
            [0; 4],
            0b1010
        ),
        vec![0x1111, 3, 0x1111, 5]
    );
}

#[rstest]
// %arg and %retval are the pre-defined variables the Notes allow (resolved reading).
#[case(
    "addr_add (M1, 1) A0(0)<1> &%arg+0 0x0:uw",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
#[case(
    "addr_add (M1, 1) A0(0)<1> &%retval+8 0x0:uw",
    None,
    Some(ErrorClass::InvalidInstruction)
)]
// V13 and V14 of the table are %sr0 and %cr0: valid only under the literal reading.
#[case(
    "addr_add (M1, 1) A0(0)<1> &%sr0+0 0x0:uw",
    Some(ErrorClass::InvalidInstruction),
    None
)]
#[case(
    "addr_add (M1, 1) A0(0)<1> &%cr0+0 0x0:uw",
    Some(ErrorClass::InvalidInstruction),
    None
)]
// Any other pre-defined variable is refused under both.
#[case(
    "addr_add (M1, 1) A0(0)<1> &%sp+0 0x0:uw",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
// src1 is a general or immediate operand, never indirect.
#[case(
    "addr_add (M1, 1) A0(0)<1> &V2+0 r[A1(0),0]<0;1,0>:uw",
    Some(ErrorClass::InvalidInstruction),
    Some(ErrorClass::InvalidInstruction)
)]
fn addr_add_src0_readings(
    #[case] text: &str,
    #[case] resolved: Option<ErrorClass>,
    #[case] literal: Option<ErrorClass>,
) {
    assert_eq!(invalid_on(HPG, ADDR_DECLS, text, &[]), resolved, "{text}");
    assert_eq!(
        invalid_on(HPG, ADDR_DECLS, text, &[errata::ADDR_ADD_PREDEFINED]),
        literal,
        "literal: {text}"
    );
}

#[test]
fn addr_add_of_cr0_under_the_literal_reading() {
    // %cr0 is at byte 0 of the register file: &%cr0 + 4 + 2 = 6.
    let text = format!("{ADDR_DECLS}addr_add (M1, 1) A0(0)<1> &%cr0+4 0x2:uw\n");
    let a0 = Run::new(HPG, &text)
        .literal(errata::ADDR_ADD_PREDEFINED)
        .u16s("A0")
        .unwrap();
    assert_eq!(a0, vec![6, 0, 0, 0]);
}

// ---------------------------------------------------------------------------------------------
// MOVS (MOVS-CONTIGUOUS)
// ---------------------------------------------------------------------------------------------

const MOVS_DECLS: &str =
    ".decl V1 v_type=G type=ud num_elts=4\n.decl V2 v_type=G type=ud num_elts=4\n\
                          .decl T1 v_type=T num_elts=4\n.decl T2 v_type=T num_elts=2\n\
                          .decl S1 v_type=S num_elts=2\n";

/// Runs `text` after MOVS_DECLS: V1 = [OLD; 4], V2 = [7, 9, 11, 13], T1 = [100, 101, 102,
/// 103], T2 = [200, 201], S1 = [300, 301]; returns `var` as u32 elements.
fn movs(text: &str, var: &str, emask: u32) -> Vec<u32> {
    let program = format!("{MOVS_DECLS}{text}\n");
    Run::new(HPG, &program)
        .var("V1", le32(&[OLD; 4]))
        .var("V2", le32(&[7, 9, 11, 13]))
        .var("T1", le32(&[100, 101, 102, 103]))
        .var("T2", le32(&[200, 201]))
        .var("S1", le32(&[300, 301]))
        .emask(emask)
        .u32s(var)
        .unwrap()
}

#[rstest]
// State <- general: V2's first two UD index values into T1(1), T1(2).
#[case("movs (M1, 2) T1(1) V2(0,0)<1;1,0>", "T1", vec![100, 7, 9, 103])]
// State <- immediate: the index replicated to every channel.
#[case("movs (M1, 4) T1(0) 0x2a:ud", "T1", vec![42, 42, 42, 42])]
// General <- state: S1's two indices into V1(0,1), V1(0,2).
#[case("movs (M1, 2) V1(0,1)<1> S1(0)", "V1", vec![OLD, 300, 301, OLD])]
// State <- state of the same class: T2(0..2) into T1(2..4).
#[case("movs (M1, 2) T1(2) T2(0)", "T1", vec![100, 101, 200, 201])]
// One element: any region reads the origin element: V2(0,3) = 13.
#[case("movs (M1, 1) T2(1) V2(0,3)<0;1,0>", "T2", vec![200, 13])]
fn movs_moves(#[case] text: &str, #[case] var: &str, #[case] expected: Vec<u32>) {
    assert_eq!(movs(text, var, u32::MAX), expected, "{text}");
}

#[test]
fn movs_respects_the_execution_mask() {
    // EM = 0b0101: channels 0 and 2 copy V2's elements 0 and 2 (7, 11).
    assert_eq!(
        movs("movs (M1, 4) T1(0) V2(0,0)<1;1,0>", "T1", 0b0101),
        vec![7, 101, 11, 103]
    );
}

#[rstest]
// MOVS-CONTIGUOUS: a broadcast or strided region does not read contiguous elements.
#[case("movs (M1, 2) T1(0) V2(0,0)<0;1,0>")]
#[case("movs (M1, 2) T1(0) V2(0,0)<2;1,0>")]
#[case("movs (M1, 2) V1(0,0)<2> T1(0)")]
// The destination is a state or general operand, not indirect.
#[case("movs (M1, 1) r[A0(0),0]<1>:ud T1(0)")]
// No saturation, no predicate (Notes).
#[case("movs.sat (M1, 1) V1(0,0)<1> T1(0)")]
#[case("(P1) movs (M1, 1) V1(0,0)<1> T1(0)")]
// UD only for general and immediate operands.
#[case("movs (M1, 1) T1(0) 0x1:uw")]
// Two state operands of different classes; two general operands.
#[case("movs (M1, 1) T1(0) S1(0)")]
#[case("movs (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>")]
// Four elements from T2(0) leave T2 (two elements).
#[case("movs (M1, 4) T1(0) T2(0)")]
fn movs_invalid(#[case] text: &str) {
    let decls = format!("{MOVS_DECLS}.decl A0 v_type=A num_elts=1\n.decl P1 v_type=P num_elts=4\n");
    assert_eq!(
        invalid_on(HPG, &decls, text, &[]),
        Some(ErrorClass::InvalidInstruction),
        "{text}"
    );
}

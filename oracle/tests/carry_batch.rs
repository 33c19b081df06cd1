//! Hand-derived cases of the instructions with a second result or with address and state
//! operands (ADDC, SUBB, ADD3O, MADW, SAD2, SAD2ADD, ADDR_ADD, MOVS), built directly as IR
//! and run on the oracle. Each row's expected values are derived in its comment from the
//! instruction's document and the errata ledger.
//!
//! Register-file layout (docs/state-model.md): `%cr0` takes the first GRF, then each general
//! variable starts on a GRF boundary in declaration order.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use rstest::rstest;
use visa_spec::asm::ast::VarClass;
use visa_spec::errata::{ADD3O_OVERFLOW, MADW_HIGH_HALF, SAD2_LOOP_STEP, SUBB_LOOP_STEP};
use visa_spec::error::ErrorClass;
use visa_spec::exec::ExecConfig;
use visa_spec::ir::{Dst, Instruction, Opcode, Program, Src};
use visa_spec::platform::Platform;
use visa_spec::state::{MachineState, VarId};
use visa_spec::types::DataType::{self, *};

const OLD: u32 = 0xDEAD_BEEF;
/// `<0;1,0>`: every lane reads element 0.
const BCAST: (u32, u32, u32) = (0, 1, 0);
/// `<1;1,0>`: lane n reads element n.
const SEQ: (u32, u32, u32) = (1, 1, 0);

fn with_second(mut i: Instruction, d: Dst) -> Instruction {
    i.dst2 = Some(d);
    i
}

/// Runs a built case on the oracle; returns the outcome and the final state.
fn run(c: Case) -> (Program, Result<(), visa_spec::VisaError>, MachineState) {
    let (program, mut state, config): (Program, MachineState, ExecConfig) = c.build();
    let result = visa_oracle::run(&program, &mut state, &config);
    (program, result, state)
}

fn read(program: &Program, state: &MachineState, name: &str) -> Vec<u8> {
    state.read_var(&program.vars, program.vars.find(name).unwrap())
}

// ---- ADDC, SUBB ------------------------------------------------------------------------

/// `op (M1, 4) R C S0 S1` with four-lane UD variables, R and C starting at OLD.
fn carry_case(op: Opcode, a: [u32; 4], b: [u32; 4], saturate: bool, literal: &[&str]) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 4);
    let k = c.general("C", UD, 4);
    let s0 = c.general("S0", UD, 4);
    let s1 = c.general("S1", UD, 4);
    c.set(r, le32(&[OLD; 4]));
    c.set(k, le32(&[OLD; 4]));
    c.set(s0, le32(&a));
    c.set(s1, le32(&b));
    let i = insn(
        op,
        4,
        dst(r, UD),
        vec![src(s0, 0, 0, SEQ, UD), src(s1, 0, 0, SEQ, UD)],
    );
    let i = with_second(i, dst(k, UD));
    c.push(if saturate { sat(i) } else { i });
    for id in literal {
        c.literal(id);
    }
    c
}

#[test]
fn addc_sums_and_carries() {
    // 0xFFFFFFFF + 1 = 2^32: 0, carry 1. 0 + 0: 0, 0. 2^32 - 2 + ... : 0xFFFFFFFF + 0xFFFFFFFF
    // = 0x1_FFFFFFFE: carry 1. 0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF: carry 0.
    let c = carry_case(
        Opcode::Addc,
        [0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0x7FFF_FFFF],
        [1, 0, 0xFFFF_FFFF, 0x8000_0000],
        false,
        &[],
    );
    check(
        c,
        Expect::Vars(vec![
            ("R", le32(&[0, 0, 0xFFFF_FFFE, 0xFFFF_FFFF])),
            ("C", le32(&[1, 0, 1, 0])),
        ]),
    );
}

#[rstest]
// ++i: 5-3 = 2; 0-1 → 0xFFFFFFFF, borrow; 7-7 = 0; 0 - 0xFFFFFFFF ≡ 1, borrow.
#[case(false, &[], [2, 0xFFFF_FFFF, 0, 1], [0, 1, 0, 1])]
// .sat (SUBB-SAT resolved): the negative differences clamp to 0; borrows unchanged.
#[case(true, &[], [2, 0, 0, 0], [0, 1, 0, 1])]
// SUBB-LOOP-STEP literal: i += 2 never visits lanes 1 and 3.
#[case(false, &[SUBB_LOOP_STEP], [2, OLD, 0, OLD], [0, OLD, 0, OLD])]
fn subb_readings(
    #[case] saturate: bool,
    #[case] literal: &[&str],
    #[case] diff: [u32; 4],
    #[case] borrow: [u32; 4],
) {
    let c = carry_case(
        Opcode::Subb,
        [5, 0, 7, 0],
        [3, 1, 7, 0xFFFF_FFFF],
        saturate,
        literal,
    );
    check(
        c,
        Expect::Vars(vec![("R", le32(&diff)), ("C", le32(&borrow))]),
    );
}

// ---- ADD3O ---------------------------------------------------------------------------

/// `(P) add3o (M5, 4) R:ty S0 S1 S2` with four-lane sources of type `ty`; P (32 elements)
/// starts at `p0`, EM at `emask`. Returns (R, P).
fn add3o(ty: DataType, s: [[i128; 4]; 3], p0: u32, emask: u32, literal: bool) -> (Vec<u8>, u32) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", ty, 4);
    let p = c.pred("P", 32);
    c.set(p, p0.to_le_bytes().to_vec());
    let mut srcs = Vec::new();
    for (k, values) in s.iter().enumerate() {
        let v = c.general(&format!("S{k}"), ty, 4);
        c.set(
            v,
            values
                .iter()
                .flat_map(|x| (*x as u64).to_le_bytes()[..ty.size()].to_vec())
                .collect(),
        );
        srcs.push(src(v, 0, 0, SEQ, ty));
    }
    let i = masked(insn(Opcode::Add3o, 4, dst(r, ty), srcs), 5, false);
    c.push(with_second(i, Dst::Predicate { var: p }));
    c.emask = emask;
    if literal {
        c.literal(ADD3O_OVERFLOW);
    }
    let (program, result, state) = run(c);
    assert_eq!(result, Ok(()));
    (read(&program, &state, "R"), state.preds[p.0 as usize])
}

#[test]
fn add3o_overflow_bits() {
    // M5: lane n is channel n, bit 16 + n of P and of EM.
    // D lanes: INT_MAX + 1 + 0 (2^31: overflow; UD carry 0), -1 + -1 + 0 (fits; UD carry 1),
    // INT_MIN + -1 + 0 (overflow; carry 1), 1 + 2 + 3 (neither).
    let s = [
        [0x7FFF_FFFF, -1, -0x8000_0000, 1],
        [1, -1, -1, 2],
        [0, 0, 0, 3],
    ];
    let r = i32s(&[i32::MIN, -2, i32::MAX, 6]);
    assert_eq!(add3o(D, s, 0, u32::MAX, false), (r.clone(), 0b0101 << 16));
    assert_eq!(add3o(D, s, 0, u32::MAX, true), (r, 0b0110 << 16));
    // UW lanes: 0xFFFF + 1 (65536: overflow, UD carry 0), 0xFFFF + 0 (fits), ...
    let s = [[0xFFFF, 0xFFFF, 0, 0x8000], [1, 0, 0, 0x8000], [0, 0, 0, 0]];
    // Lane 3: 0x8000 + 0x8000 = 65536: overflow. EM bit 16 clear: lane 0 writes neither R
    // (zeros) nor P (its bit 16 stays set).
    let (r, p) = add3o(UW, s, 1 << 16, !(1 << 16), false);
    assert_eq!(r, le16(&[0, 0xFFFF, 0, 0]));
    assert_eq!(p, (1 << 16) | (1 << 19));
}

// ---- MADW ----------------------------------------------------------------------------

/// `madw (M1, n) R(0,0)<1>:d S0 S1 S2` with broadcast D sources; R holds 32 elements at OLD.
fn madw_case(platform: Platform, n: u32, s: [u32; 3], literal: bool) -> Case {
    let mut c = Case::new(platform);
    let r = c.general("R", D, 32);
    c.set(r, le32(&[OLD; 32]));
    let mut srcs = Vec::new();
    for (k, v) in s.iter().enumerate() {
        let id = c.general(&format!("S{k}"), D, 1);
        c.set(id, le32(&[*v]));
        srcs.push(src(id, 0, 0, BCAST, D));
    }
    c.push(insn(Opcode::Madw, n, dst(r, D), srcs));
    if literal {
        c.literal(MADW_HIGH_HALF);
    }
    c
}

#[rstest]
// (-2^31)^2 + -1 = 0x3FFFFFFF_FFFFFFFF: low 0xFFFFFFFF, high 0x3FFFFFFF.
// Resolved: high halves at roundup(4n, GRF); literal: at 4n.
#[case(Platform::XeHpg, 1, 32, 4)]
#[case(Platform::Xe2, 1, 64, 4)]
#[case(Platform::XeHpg, 8, 32, 32)]
#[case(Platform::Xe2, 8, 64, 32)]
#[case(Platform::XeHpc, 16, 64, 64)]
fn madw_layout(
    #[case] platform: Platform,
    #[case] n: u32,
    #[case] resolved: usize,
    #[case] literal: usize,
) {
    for (packed, high) in [(false, resolved), (true, literal)] {
        let mut want = vec![OLD; 32];
        want[..n as usize].fill(0xFFFF_FFFF);
        want[high / 4..high / 4 + n as usize].fill(0x3FFF_FFFF);
        let c = madw_case(platform, n, [0x8000_0000, 0x8000_0000, 0xFFFF_FFFF], packed);
        check(c, Expect::Vars(vec![("R", le32(&want))]));
    }
}

/// `madw (M1, 1) r[A(0), 0]<1>:ud 0xFFFFFFFF 2 3` with A(0) = `a`: R is the first variable
/// (byte 32 on xe-hpg). 0xFFFFFFFF * 2 + 3 = 0x2_00000001.
fn madw_indirect(a: u16) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 16);
    let addr = c.addr("A", 1);
    c.set(r, le32(&[OLD; 16]));
    c.set(addr, le16(&[a]));
    let d = Dst::Indirect {
        addr,
        addr_sub: 0,
        imm_offset: 0,
        hstride: 1,
        ty: UD,
    };
    c.push(insn(
        Opcode::Madw,
        1,
        d,
        vec![imm(0xFFFF_FFFF, UD), imm(2, UD), imm(3, UD)],
    ));
    c
}

#[test]
fn madw_indirect_destination() {
    // A(0) = 32: low half in R's element 0, high half one GRF later, element 8.
    let mut want = vec![OLD; 16];
    want[0] = 1;
    want[8] = 2;
    check(madw_indirect(32), Expect::Vars(vec![("R", le32(&want))]));
    // 36 is not GRF aligned: undefined behaviour, nothing written.
    check(
        madw_indirect(36),
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            0,
            vec![("R", le32(&[OLD; 16]))],
        ),
    );
}

// ---- SAD2, SAD2ADD -------------------------------------------------------------------

/// `op (M1, 4) R:uw S0:ub S1:ub [S2:w]` with S0 = [4, 6, 14, 16], S1 = 0, R at 0xBEEF.
fn sad2_case(op: Opcode, saturate: bool, src2: Option<i16>, emask: u32, literal: bool) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UW, 4);
    let s0 = c.general("S0", UB, 4);
    let s1 = c.general("S1", UB, 4);
    c.set(r, le16(&[0xBEEF; 4]));
    c.set(s0, vec![4, 6, 14, 16]);
    let mut srcs = vec![src(s0, 0, 0, SEQ, UB), src(s1, 0, 0, SEQ, UB)];
    if let Some(v) = src2 {
        srcs.push(imm(v as u16 as u64, W));
    }
    let i = insn(op, 4, dst(r, UW), srcs);
    c.push(if saturate { sat(i) } else { i });
    c.emask = emask;
    if literal {
        c.literal(SAD2_LOOP_STEP);
    }
    c
}

/// The lanes of R left undefined.
fn undefined_lanes(program: &Program, state: &MachineState, r: VarId) -> Vec<usize> {
    let base = program.vars.get(r).grf_offset.unwrap();
    (0..4)
        .filter(|k| state.undefined.contains(&(base + 2 * k)))
        .collect()
}

#[rstest]
// Resolved: lanes 0, 2 = 4+6, 14+16; lanes 1, 3 keep 0xBEEF, undefined.
#[case(Opcode::Sad2, None, false, 0xF, false, [10, 0xBEEF, 30, 0xBEEF], vec![1, 3])]
// Channel 2 disabled: its pair is untouched.
#[case(Opcode::Sad2, None, false, 0b1011, false, [10, 0xBEEF, 0xBEEF, 0xBEEF], vec![1])]
// Literal i += 1, channel 3 disabled: 10, 6+14, 30; lane 3 undefined.
#[case(Opcode::Sad2, None, false, 0b0111, true, [10, 20, 30, 0xBEEF], vec![3])]
// SAD2ADD with -100: 10 - 100 = -90: UW.sat → 0; 30 - 100 = -70 → 0.
#[case(Opcode::Sad2add, Some(-100), true, 0xF, false, [0, 0xBEEF, 0, 0xBEEF], vec![1, 3])]
// Without .sat: -90 → 0xFFA6, -70 → 0xFFBA.
#[case(Opcode::Sad2add, Some(-100), false, 0xF, false, [0xFFA6, 0xBEEF, 0xFFBA, 0xBEEF], vec![1, 3])]
fn sad2_lanes(
    #[case] op: Opcode,
    #[case] src2: Option<i16>,
    #[case] saturate: bool,
    #[case] emask: u32,
    #[case] literal: bool,
    #[case] want: [u16; 4],
    #[case] undefined: Vec<usize>,
) {
    let c = sad2_case(op, saturate, src2, emask, literal);
    let (program, result, state) = run(c);
    assert_eq!(result, Ok(()));
    assert_eq!(read(&program, &state, "R"), le16(&want));
    let r = program.vars.find("R").unwrap();
    assert_eq!(undefined_lanes(&program, &state, r), undefined);
}

#[test]
fn sad2_literal_last_channel_is_undefined_behaviour() {
    // Literal i += 1 with channel 3 enabled reads S0[4]: undefined behaviour, nothing written.
    check(
        sad2_case(Opcode::Sad2, false, None, 0xF, true),
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            0,
            vec![("R", le16(&[0xBEEF; 4]))],
        ),
    );
}

// ---- ADDR_ADD, MOVS --------------------------------------------------------------------

#[test]
fn addr_add_sources() {
    let mut c = Case::new(Platform::XeHpg);
    // V is the first general variable: byte 32.
    let v = c.general("V", UD, 8);
    let a = c.addr("A", 4);
    let b = c.addr("B", 4);
    c.set(b, le16(&[0xFFF0, 5, 0xFFE0, 0]));
    // addr_add (M1, 2) A(0) &V+4 0x10:uw → 32 + 4 + 16 = 52 in both channels.
    c.push(insn(
        Opcode::AddrAdd,
        2,
        Dst::Address { var: a, sub: 0 },
        vec![Src::AddrOf { var: v, offset: 4 }, imm(0x10, UW)],
    ));
    // addr_add (M1, 2) A(2) B(1) 0xFFE0:uw: 5 + 0xFFE0 = 0xFFE5; 0xFFE0 + 0xFFE0 = 0x1_FFC0
    // wraps to 0xFFC0 (ADDR-ADD-RANGE).
    c.push(insn(
        Opcode::AddrAdd,
        2,
        Dst::Address { var: a, sub: 2 },
        vec![Src::Address { var: b, sub: 1 }, imm(0xFFE0, UW)],
    ));
    check(
        c,
        Expect::Vars(vec![("A", le16(&[52, 52, 0xFFE5, 0xFFC0]))]),
    );
}

#[test]
fn movs_directions() {
    let mut c = Case::new(Platform::XeHpg);
    let v = c.general("V", UD, 4);
    let t = c
        .vars
        .declare("T", VarClass::Surface, UD, 4, 4, None)
        .unwrap();
    let s = c
        .vars
        .declare("S", VarClass::Sampler, UD, 2, 4, None)
        .unwrap();
    c.set(v, le32(&[7, 9, 11, 13]));
    c.set(s, le32(&[300, 301]));
    // movs (M1, 2) T(1) V(0,0)<1;1,0>: T = [0, 7, 9, 0].
    c.push(insn(
        Opcode::Movs,
        2,
        Dst::State { var: t, sub: 1 },
        vec![src(v, 0, 0, SEQ, UD)],
    ));
    // movs (M1, 2) V(0,2)<1> S(0): V = [7, 9, 300, 301].
    c.push(insn(
        Opcode::Movs,
        2,
        dst_at(v, 0, 2, 1, UD),
        vec![Src::State { var: s, sub: 0 }],
    ));
    // movs (M1, 1) T(3) 0x2a:ud: T(3) = 42.
    c.push(insn(
        Opcode::Movs,
        1,
        Dst::State { var: t, sub: 3 },
        vec![imm(0x2a, UD)],
    ));
    check(
        c,
        Expect::Vars(vec![
            ("T", le32(&[0, 7, 9, 42])),
            ("V", le32(&[7, 9, 300, 301])),
        ]),
    );
}

#[test]
fn predication_and_modifiers() {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 4);
    let k = c.general("C", UD, 4);
    let s0 = c.general("S0", D, 1);
    let p = c.pred("P", 4);
    c.set(r, le32(&[OLD; 4]));
    c.set(k, le32(&[OLD; 4]));
    c.set(s0, i32s(&[i32::MIN]));
    c.set(p, vec![0b0110]);
    // (!P) addc (M1, 4) R C 0xFFFFFFFF 0x1: channels 0 and 3 run: 2^32 → 0, carry 1.
    let i = insn(
        Opcode::Addc,
        4,
        dst(r, UD),
        vec![imm(0xFFFF_FFFF, UD), imm(1, UD)],
    );
    c.push(predicated(
        with_second(i, dst(k, UD)),
        p,
        true,
        Combine::None,
    ));
    // madw (M1, 1) M(0,0)<1> (-)S0 0x2:d 0x0:d: (-)INT_MIN = +2^31 exactly (OPERAND-
    // MODIFIER-TABLE); 2^31 * 2 + 0 = 2^32: low half 0, high half 1 one GRF later (M's
    // element 8 on 32-byte GRFs).
    let m = c.general("M", D, 16);
    c.push(insn(
        Opcode::Madw,
        1,
        dst(m, D),
        vec![
            with_mod(src(s0, 0, 0, BCAST, D), Mod::Neg),
            imm(2, D),
            imm(0, D),
        ],
    ));
    let mut want_m = vec![0u32; 16];
    want_m[8] = 1;
    check(
        c,
        Expect::Vars(vec![
            ("R", le32(&[0, OLD, OLD, 0])),
            ("C", le32(&[1, OLD, OLD, 1])),
            ("M", le32(&want_m)),
        ]),
    );
}

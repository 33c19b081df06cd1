//! Hand-derived cases of the integer ALU batch (ADD3, AVG, MULH, AND, OR, XOR, NOT, SHL, SHR,
//! ASR, ROL, ROR, BFREV, CBIT, FBH, FBL, LZD, BFE, BFI), built directly as IR.
//!
//! Most tables run one instruction of execution size 8 whose sources are one-element
//! variables broadcast to every lane (`<0;1,0>`), and expect the same value in the 8 lanes of
//! `R`:
//!
//! ```text
//! OP[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 [MOD]S1(0,0)<0;1,0>:T1 ...
//! ```
//!
//! Each row names the value of every source, the expected lane value and its derivation from
//! the instruction's document and the project's decisions: integer instructions compute on
//! the exact source values and then clamp (`.sat`) or truncate into the destination type.
//! Values are written as integers and stored truncated to their type's width, so `-1` and
//! `0xFFFF_FFFF` are the same D or UD element.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use rstest::rstest;
use visa_spec::errata::{BFE_SIGN_EXTENSION, CBIT_RESULT, FBH_SIGNED, SHL_SAT_RANGE};
use visa_spec::error::ErrorClass;
use visa_spec::ir::{Dst, Opcode, Region, Src};
use visa_spec::platform::Platform;
use visa_spec::types::DataType::{self, *};

const ADD3: Opcode = Opcode::Add3;
const AVG: Opcode = Opcode::Avg;
const MULH: Opcode = Opcode::Mulh;
const AND: Opcode = Opcode::And;
const OR: Opcode = Opcode::Or;
const XOR: Opcode = Opcode::Xor;
const NOT: Opcode = Opcode::Not;
const SHL: Opcode = Opcode::Shl;
const SHR: Opcode = Opcode::Shr;
const ASR: Opcode = Opcode::Asr;
const ROL: Opcode = Opcode::Rol;
const ROR: Opcode = Opcode::Ror;
const BFREV: Opcode = Opcode::Bfrev;
const CBIT: Opcode = Opcode::Cbit;
const FBH: Opcode = Opcode::Fbh;
const FBL: Opcode = Opcode::Fbl;
const LZD: Opcode = Opcode::Lzd;
const BFE: Opcode = Opcode::Bfe;
const BFI: Opcode = Opcode::Bfi;

const INT_MIN: i128 = -0x8000_0000;
const INT_MAX: i128 = 0x7FFF_FFFF;

/// `<1;1,0>`: lane n reads element n.
const SEQ: (u32, u32, u32) = (1, 1, 0);
/// `<0;1,0>`: every lane reads element 0.
const BCAST: (u32, u32, u32) = (0, 1, 0);

/// The bytes of `values` as elements of `ty`, each truncated to the type's width.
fn elems(ty: DataType, values: &[i128]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| (*v as u64).to_le_bytes()[..ty.size()].to_vec())
        .collect()
}

/// A source of a row: its type, its value and its modifier.
#[derive(Clone, Copy, Debug)]
struct Op {
    ty: DataType,
    v: i128,
    m: Option<Mod>,
}

fn o(ty: DataType, v: i128) -> Op {
    Op { ty, v, m: None }
}

fn md(m: Mod, ty: DataType, v: i128) -> Op {
    Op { ty, v, m: Some(m) }
}

/// `OP[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 ...` on `platform`.
fn row_on(platform: Platform, op: Opcode, saturate: bool, dst_ty: DataType, srcs: &[Op]) -> Case {
    let mut c = Case::new(platform);
    let r = c.general("R", dst_ty, 8);
    let mut operands = Vec::new();
    for (k, s) in srcs.iter().enumerate() {
        let v = c.general(&format!("S{k}"), s.ty, 1);
        c.set(v, elems(s.ty, &[s.v]));
        let operand = src(v, 0, 0, BCAST, s.ty);
        operands.push(match s.m {
            Some(m) => with_mod(operand, m),
            None => operand,
        });
    }
    let i = insn(op, 8, dst(r, dst_ty), operands);
    c.push(if saturate { sat(i) } else { i });
    c
}

fn row(op: Opcode, saturate: bool, dst_ty: DataType, srcs: &[Op]) -> Case {
    row_on(Platform::XeHpg, op, saturate, dst_ty, srcs)
}

/// Runs `c` with the errata `literal` at their literal reading and expects `want` in every
/// lane of `R`.
fn expect(mut c: Case, literal: &[&str], dst_ty: DataType, want: i128) {
    for id in literal {
        c.literal(id);
    }
    check(c, Expect::Vars(vec![("R", elems(dst_ty, &[want; 8]))]));
}

/// As [`expect`], under the resolved reading of `erratum` (`want.0`) and under its literal
/// reading (`want.1`; `None`: undefined-behaviour, and `R` keeps its initial zeros).
fn expect_readings(
    row: impl Fn() -> Case,
    erratum: &str,
    dst_ty: DataType,
    want: (i128, Option<i128>),
) {
    expect(row(), &[], dst_ty, want.0);
    match want.1 {
        Some(v) => expect(row(), &[erratum], dst_ty, v),
        None => {
            let mut c = row();
            c.literal(erratum);
            check(
                c,
                Expect::Error(
                    ErrorClass::UndefinedBehaviour,
                    0,
                    vec![("R", elems(dst_ty, &[0; 8]))],
                ),
            );
        }
    }
}

/// As [`expect`] (resolved readings) where validation admits the row's form; where it does
/// not, both engines report invalid-instruction before running anything.
fn expect_if_admitted(row: impl Fn() -> Case, dst_ty: DataType, want: i128) {
    let (program, _, config) = row().build();
    match visa_spec::validate::check_program(&program, &config.readings) {
        Ok(()) => expect(row(), &[], dst_ty, want),
        Err(e) => {
            assert_eq!(e.class, ErrorClass::InvalidInstruction, "{e}");
            let (program, mut state, config) = row().build();
            assert_eq!(visa_oracle::run(&program, &mut state, &config), Err(e));
        }
    }
}

// ---- bit counts --------------------------------------------------------------------------

/// fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud
/// Unsigned source (instructions/FBH.md): the leading zeros; no bit set gives 0xFFFFFFFF.
#[rstest]
#[case::zero(0x0000_0000, 0xFFFF_FFFF)] // no bit set
#[case::all_ones(0xFFFF_FFFF, 0)] // bit 31 set
#[case::int_min(0x8000_0000, 0)] // bit 31 set
#[case::int_max(0x7FFF_FFFF, 1)] // bit 30 is the highest set
#[case::one(0x0000_0001, 31)] // 31 zeros above bit 0
#[case::bit_16(0x0001_0000, 15)] // bits 31..17 clear
#[case::bit_15(0x0000_8000, 16)] // bits 31..16 clear
fn fbh_unsigned(#[case] s0: i128, #[case] want: i128) {
    expect(row(FBH, false, UD, &[o(UD, s0)]), &[], UD, want);
}

/// fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:d
/// Signed source, resolved FBH-SIGNED: the leading bits equal to the sign bit (zeros of a
/// non-negative value, ones of a negative one); 0 and -1 give 0xFFFFFFFF. Literal: the test
/// `(dScalar & (1 << 31)) == cval` compares 0x80000000 with 1 and never holds for a negative
/// value, so its count is 0; 0 and -1 still give 0xFFFFFFFF.
#[rstest]
#[case::zero(0, 0xFFFF_FFFF, 0xFFFF_FFFF)]
#[case::minus_one(-1, 0xFFFF_FFFF, 0xFFFF_FFFF)]
#[case::int_min(INT_MIN, 1, 0)] // 1000..: one leading one
#[case::int_max(INT_MAX, 1, 1)] // 0111..: one leading zero
#[case::one(1, 31, 31)] // 31 leading zeros
#[case::minus_two(-2, 31, 0)] // 0xFFFFFFFE: 31 leading ones
#[case::bit_30(0x4000_0000, 1, 1)] // 0100..: one leading zero
#[case::top_two_bits(0xC000_0000, 2, 0)] // 1100..: two leading ones
#[case::bit_16(0x0001_0000, 15, 15)] // 15 leading zeros
#[case::minus_2_pow_16(-0x1_0000, 16, 0)] // 0xFFFF0000: 16 leading ones
fn fbh_signed(#[case] s0: i128, #[case] resolved: i128, #[case] literal: i128) {
    expect_readings(
        || row(FBH, false, UD, &[o(D, s0)]),
        FBH_SIGNED,
        UD,
        (resolved, Some(literal)),
    );
}

/// fbl (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud
/// instructions/FBL.md: the trailing zeros; no bit set gives 0xFFFFFFFF.
#[rstest]
#[case::zero(0x0000_0000, 0xFFFF_FFFF)]
#[case::all_ones(0xFFFF_FFFF, 0)]
#[case::int_min(0x8000_0000, 31)]
#[case::int_max(0x7FFF_FFFF, 0)]
#[case::one(0x0000_0001, 0)]
#[case::bit_16(0x0001_0000, 16)]
#[case::bits_15_and_16(0x0001_8000, 15)] // the lowest set bit counts
fn fbl(#[case] s0: i128, #[case] want: i128) {
    expect(row(FBL, false, UD, &[o(UD, s0)]), &[], UD, want);
}

/// lzd (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud
/// instructions/LZD.md: the leading zeros; the loop stops at 32, so 0 gives 32.
#[rstest]
#[case::zero(0x0000_0000, 32)]
#[case::all_ones(0xFFFF_FFFF, 0)]
#[case::int_min(0x8000_0000, 0)]
#[case::int_max(0x7FFF_FFFF, 1)]
#[case::one(0x0000_0001, 31)]
#[case::bit_16(0x0001_0000, 15)]
fn lzd(#[case] s0: i128, #[case] want: i128) {
    expect(row(LZD, false, UD, &[o(UD, s0)]), &[], UD, want);
}

/// lzd.sat (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud with S0 = 0
/// The count (32) always fits UD, so saturation changes nothing, where validation admits
/// `.sat` on LZD (its Text form shows it, its Properties no longer do).
#[test]
fn lzd_sat() {
    expect_if_admitted(|| row(LZD, true, UD, &[o(UD, 0)]), UD, 32);
}

/// cbit (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:T0
/// Resolved CBIT-RESULT: the set bits of src0 in its own width. Literal: the loop shifts
/// `val` down to 0 and writes `val`: always 0.
#[rstest]
#[case::ub_zero(UB, 0x00, 0)]
#[case::ub_all_ones(UB, 0xFF, 8)]
#[case::ub_top_bit(UB, 0x80, 1)]
#[case::uw_all_ones(UW, 0xFFFF, 16)]
#[case::uw_two_bits(UW, 0x8001, 2)]
#[case::ud_zero(UD, 0x0000_0000, 0)]
#[case::ud_all_ones(UD, 0xFFFF_FFFF, 32)]
#[case::ud_int_min(UD, 0x8000_0000, 1)]
#[case::ud_int_max(UD, 0x7FFF_FFFF, 31)]
#[case::ud_one(UD, 0x0000_0001, 1)]
#[case::ud_alternating(UD, 0xAAAA_AAAA, 16)]
fn cbit(#[case] ty: DataType, #[case] s0: i128, #[case] resolved: i128) {
    expect_readings(
        || row(CBIT, false, UD, &[o(ty, s0)]),
        CBIT_RESULT,
        UD,
        (resolved, Some(0)),
    );
}

/// bfrev (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud
/// instructions/BFREV.md: bit k of the result is bit 31-k of src0.
#[rstest]
#[case::zero(0x0000_0000, 0x0000_0000)]
#[case::all_ones(0xFFFF_FFFF, 0xFFFF_FFFF)]
#[case::one(0x0000_0001, 0x8000_0000)]
#[case::int_min(0x8000_0000, 0x0000_0001)]
#[case::low_half(0x0000_FFFF, 0xFFFF_0000)]
// 0001 0010 0011 0100 0101 0110 0111 1000 read backwards: 0001 1110 0110 1010 0010 1100 0100 1000
#[case::nibbles(0x1234_5678, 0x1E6A_2C48)]
fn bfrev(#[case] s0: i128, #[case] want: i128) {
    expect(row(BFREV, false, UD, &[o(UD, s0)]), &[], UD, want);
}

// ---- shifts ------------------------------------------------------------------------------

/// shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 [MOD]S1(0,0)<0;1,0>:T1
/// instructions/SHL.md: count = src1 & 31 (the low bits of its two's-complement value after
/// the modifier), then src0 << count exactly, then clamped or truncated into DT.
#[rstest]
#[case::by_0(false, UD, o(UD, 1), o(UD, 0), 1)]
#[case::by_31(false, UD, o(UD, 1), o(UD, 31), 0x8000_0000)]
#[case::by_32_masked_to_0(false, UD, o(UD, 1), o(UD, 32), 1)]
#[case::by_33_masked_to_1(false, UD, o(UD, 1), o(UD, 33), 2)]
#[case::by_63_masked_to_31(false, UD, o(UD, 1), o(UD, 63), 0x8000_0000)]
#[case::by_64_masked_to_0(false, UD, o(UD, 1), o(UD, 64), 1)]
// 0xFFFFFFFF << 4 = 0xF_FFFF_FFF0: the low 32 bits
#[case::truncates(false, UD, o(UD, 0xFFFF_FFFF), o(UD, 4), 0xFFFF_FFF0)]
// -1 = ...11111: low 5 bits 31
#[case::count_negated(false, UD, o(UD, 1), md(Mod::Neg, D, 1), 0x8000_0000)]
// -31 = ...1110_0001: low 5 bits 1
#[case::count_negative(false, UD, o(UD, 1), o(D, -31), 2)]
// B 0x80 = -128, << 1 = -256 = W 0xFF00
#[case::b_to_w(false, W, o(B, -0x80), o(UD, 1), 0xFF00)]
// UB 0xFF << 8 = 0xFF00
#[case::ub_to_uw(false, UW, o(UB, 0xFF), o(UW, 8), 0xFF00)]
// 2^30 << 1 = 2^31 > INT_MAX: truncated to 0x80000000, clamped to INT_MAX
#[case::d_wraps(false, D, o(D, 0x4000_0000), o(UD, 1), INT_MIN)]
#[case::d_sat_high(true, D, o(D, 0x4000_0000), o(UD, 1), INT_MAX)]
// -1 << 31 = -2^31 = INT_MIN: fits
#[case::d_sat_int_min_fits(true, D, o(D, -1), o(UD, 31), INT_MIN)]
// 0x80 << 1 = 256 > 255
#[case::ub_sat(true, UB, o(UB, 0x80), o(UD, 1), 0xFF)]
fn shl(
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] s0: Op,
    #[case] s1: Op,
    #[case] want: i128,
) {
    expect(row(SHL, saturate, dst_ty, &[s0, s1]), &[], dst_ty, want);
}

/// shl[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:ud under both readings of
/// SHL-SAT-RANGE. Resolved: the exact value is clamped. Literal: with `.sat`, an enabled lane
/// whose exact value lies outside the 33-bit signed range [-2^32, 2^32 - 1] is undefined
/// (`None`); without `.sat` nothing is checked.
#[rstest]
// 2^31 fits 33 bits: clamped to INT_MAX under both readings
#[case::inside(true, D, 0x4000_0000, 1, INT_MAX, Some(INT_MAX))]
// 0xFFFFFFFF << 0 = 2^32 - 1: the top of the range
#[case::upper_edge(true, UD, 0xFFFF_FFFF, 0, 0xFFFF_FFFF, Some(0xFFFF_FFFF))]
// 2^31 << 1 = 2^32: one past the top
#[case::past_upper_edge(true, UD, 0x8000_0000, 1, 0xFFFF_FFFF, None)]
// -2^31 << 1 = -2^32: the bottom of the range, clamped to INT_MIN
#[case::lower_edge(true, D, INT_MIN, 1, INT_MIN, Some(INT_MIN))]
// -2^31 << 2 = -2^33
#[case::past_lower_edge(true, D, INT_MIN, 2, INT_MIN, None)]
// (2^31 - 1) << 2 is about 2^33
#[case::int_max_by_2(true, D, INT_MAX, 2, INT_MAX, None)]
// no .sat: truncated, 0x1_FFFF_FFFC -> 0xFFFFFFFC, under both readings
#[case::no_sat_unchecked(false, D, INT_MAX, 2, 0xFFFF_FFFC, Some(0xFFFF_FFFC))]
fn shl_sat_range(
    #[case] saturate: bool,
    #[case] ty: DataType,
    #[case] s0: i128,
    #[case] s1: i128,
    #[case] resolved: i128,
    #[case] literal: Option<i128>,
) {
    expect_readings(
        || row(SHL, saturate, ty, &[o(ty, s0), o(UD, s1)]),
        SHL_SAT_RANGE,
        ty,
        (resolved, literal),
    );
}

/// shr[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1
/// instructions/SHR.md: count = src1 & 31; src0's bits (in its type) shifted right
/// logically.
#[rstest]
#[case::by_0(false, UD, o(UD, 0x8000_0000), o(UD, 0), 0x8000_0000)]
#[case::by_31(false, UD, o(UD, 0x8000_0000), o(UD, 31), 1)]
#[case::by_32_masked_to_0(false, UD, o(UD, 0x8000_0000), o(UD, 32), 0x8000_0000)]
#[case::by_33_masked_to_1(false, UD, o(UD, 0x8000_0000), o(UD, 33), 0x4000_0000)]
#[case::by_63_masked_to_31(false, UD, o(UD, 0x8000_0000), o(UD, 63), 1)]
#[case::by_64_masked_to_0(false, UD, o(UD, 0x8000_0000), o(UD, 64), 0x8000_0000)]
#[case::uw_to_ud(false, UD, o(UW, 0x8000), o(UD, 15), 1)]
#[case::ub(false, UB, o(UB, 0xFF), o(UB, 4), 0x0F)]
// 0x1000 >> 4 = 0x100: clamped to 0xFF, or truncated to 0x00
#[case::sat_to_ub(true, UB, o(UD, 0x1000), o(UD, 4), 0xFF)]
#[case::truncate_to_ub(false, UB, o(UD, 0x1000), o(UD, 4), 0x00)]
// (-)1 = -1, whose UD bits are 0xFFFFFFFF; >> 28 = 0xF
#[case::negated_src0(false, UD, md(Mod::Neg, UD, 1), o(UD, 28), 0xF)]
fn shr(
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] s0: Op,
    #[case] s1: Op,
    #[case] want: i128,
) {
    expect(row(SHR, saturate, dst_ty, &[s0, s1]), &[], dst_ty, want);
}

/// asr (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1
/// instructions/ASR.md: count = src1 & 31 (& 63 for a Q or UQ destination); floor(src0 /
/// 2^count) of src0's exact value (sign-extended by its own type), truncated into DT.
#[rstest]
#[case::by_0(D, o(D, 7), o(UD, 0), 7)]
#[case::positive(D, o(D, 7), o(UD, 1), 3)]
// -7 / 2 = -3.5: floor -4
#[case::negative_floors(D, o(D, -7), o(UD, 1), -4)]
#[case::minus_one_by_31(D, o(D, -1), o(UD, 31), -1)]
#[case::int_min_by_31(D, o(D, INT_MIN), o(UD, 31), -1)]
#[case::int_min_by_32_masked_to_0(D, o(D, INT_MIN), o(UD, 32), INT_MIN)]
#[case::int_min_by_33_masked_to_1(D, o(D, INT_MIN), o(UD, 33), -0x4000_0000)]
#[case::int_min_by_63_masked_to_31(D, o(D, INT_MIN), o(UD, 63), -1)]
#[case::w_by_15(W, o(W, -0x8000), o(UW, 15), -1)]
// a UD source is zero-extended: 2^31 >> 4 = 2^27
#[case::ud_src(D, o(UD, 0x8000_0000), o(UD, 4), 0x0800_0000)]
// (-)7 = -7: floor(-3.5) = -4
#[case::negated_src0(D, md(Mod::Neg, D, 7), o(UD, 1), -4)]
#[case::q_by_63(Q, o(Q, i64::MIN as i128), o(UD, 63), -1)]
#[case::q_by_64_masked_to_0(Q, o(Q, i64::MIN as i128), o(UD, 64), i64::MIN as i128)]
#[case::q_by_65_masked_to_1(Q, o(Q, i64::MIN as i128), o(UD, 65), -(1 << 62))]
// a D destination masks the count with 31 even for a Q source: 2^32 >> 1 = 2^31 -> D 0x80000000
#[case::q_src_d_dst_by_33(D, o(Q, 1 << 32), o(Q, 33), INT_MIN)]
#[case::ud_src_q_dst(Q, o(UD, 0xFFFF_FFFF), o(UD, 4), 0x0FFF_FFFF)]
#[case::d_src_q_dst_by_40(Q, o(D, -1), o(UD, 40), -1)]
fn asr(#[case] dst_ty: DataType, #[case] s0: Op, #[case] s1: Op, #[case] want: i128) {
    expect(row(ASR, false, dst_ty, &[s0, s1]), &[], dst_ty, want);
}

// ---- rotations ---------------------------------------------------------------------------

/// rol|ror (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:DT S1(0,0)<0;1,0>:T1
/// instructions/ROL.md, ROR.md: w = the destination's width; count = src1 & (w - 1); the low
/// w bits of src0 rotated.
#[rstest]
#[case::rol_by_0(ROL, UD, 0x8000_0001, o(UD, 0), 0x8000_0001)]
#[case::rol_by_1(ROL, UD, 0x8000_0001, o(UD, 1), 0x0000_0003)]
#[case::rol_by_31(ROL, UD, 0x8000_0001, o(UD, 31), 0xC000_0000)]
#[case::rol_by_32_masked_to_0(ROL, UD, 0x8000_0001, o(UD, 32), 0x8000_0001)]
#[case::rol_by_33_masked_to_1(ROL, UD, 0x8000_0001, o(UD, 33), 0x0000_0003)]
// -1 & 31 = 31
#[case::rol_by_minus_one(ROL, UD, 0x8000_0001, o(D, -1), 0xC000_0000)]
#[case::ror_by_1(ROR, UD, 0x8000_0001, o(UD, 1), 0xC000_0000)]
#[case::ror_by_31(ROR, UD, 0x8000_0001, o(UD, 31), 0x0000_0003)]
#[case::ror_by_32_masked_to_0(ROR, UD, 0x8000_0001, o(UD, 32), 0x8000_0001)]
// a D source rotates its bits, with no sign extension: 0x80000000 rol 1 = 1
#[case::rol_d(ROL, D, INT_MIN, o(D, 1), 1)]
#[case::rol_uw_by_1(ROL, UW, 0x8001, o(UW, 1), 0x0003)]
#[case::rol_uw_by_15(ROL, UW, 0x8001, o(UW, 15), 0xC000)]
#[case::rol_uw_by_16_masked_to_0(ROL, UW, 0x8001, o(UW, 16), 0x8001)]
#[case::rol_uw_by_17_masked_to_1(ROL, UW, 0x8001, o(UW, 17), 0x0003)]
#[case::ror_w_by_1(ROR, W, 0x8001, o(W, 1), 0xC000)]
fn rotate(
    #[case] op: Opcode,
    #[case] ty: DataType,
    #[case] s0: i128,
    #[case] s1: Op,
    #[case] want: i128,
) {
    expect(row(op, false, ty, &[o(ty, s0), s1]), &[], ty, want);
}

/// rol|ror (M1, 8) R(0,0)<1>:uq S0(0,0)<0;1,0>:uq S1(0,0)<0;1,0>:uq on Xe-HPC ({PVC+} Q,
/// UQ): w = 64, count = src1 & 63.
#[rstest]
#[case::rol_by_1(ROL, 1, 0x3)]
#[case::rol_by_63(ROL, 63, 0xC000_0000_0000_0000)]
#[case::rol_by_64_masked_to_0(ROL, 64, 0x8000_0000_0000_0001)]
#[case::rol_by_65_masked_to_1(ROL, 65, 0x3)]
#[case::ror_by_1(ROR, 1, 0xC000_0000_0000_0000)]
#[case::ror_by_63(ROR, 63, 0x3)]
fn rotate_qword(#[case] op: Opcode, #[case] s1: i128, #[case] want: i128) {
    let c = row_on(
        Platform::XeHpc,
        op,
        false,
        UQ,
        &[o(UQ, 0x8000_0000_0000_0001), o(UQ, s1)],
    );
    expect(c, &[], UQ, want);
}

// ---- bit fields --------------------------------------------------------------------------

/// bfe (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1(0,0)<0;1,0>:T S2(0,0)<0;1,0>:T
/// width = src0 & 0x1F, offset = src1 & 0x1F. Resolved BFE-SIGN-EXTENSION: width 0 gives 0;
/// if offset + width < 32, (src2 << (32 - width - offset)) >> (32 - width), else
/// src2 >> offset, the right shifts arithmetic for D. Literal: (src2 >> offset) &
/// ((1 << width) - 1), `>>` arithmetic for D, the mask zero-extending the field.
#[rstest]
#[case::ud_width_0(UD, 0, 4, 0xFFFF_FFFF, 0, 0)]
#[case::ud_width_32_masked_to_0(UD, 32, 0, 0xFFFF_FFFF, 0, 0)]
// bits 4..12 of 0x12345678: 0x67
#[case::ud_middle(UD, 8, 4, 0x1234_5678, 0x67, 0x67)]
// offset 33 & 0x1F = 1: bits 1..9 of 0x12345678 = 0x3C
#[case::ud_offset_33_masked_to_1(UD, 8, 33, 0x1234_5678, 0x3C, 0x3C)]
// offset 31, width 1: offset + width = 32, src2 >> 31
#[case::ud_offset_31(UD, 1, 31, 0x8000_0000, 1, 1)]
// offset + width = 32: bits 1..32
#[case::ud_sum_32(UD, 31, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x7FFF_FFFF)]
#[case::ud_top_nibble(UD, 4, 28, 0xF000_0000, 0xF, 0xF)]
// offset + width = 62 > 32: src2 >> 31
#[case::ud_sum_over_32(UD, 31, 31, 0x8000_0000, 1, 1)]
#[case::d_width_0(D, 0, 0, -1, 0, 0)]
// field 0xF8 of 0x00000F80 has its top bit set: resolved sign-extends to -8
#[case::d_negative_field(D, 8, 4, 0x0000_0F80, -8, 0xF8)]
#[case::d_positive_field(D, 8, 4, 0x0000_0700, 0x70, 0x70)]
// offset + width = 32: INT_MIN >> 31 = -1 (arithmetic); literal masks it to 1
#[case::d_offset_31(D, 1, 31, INT_MIN, -1, 1)]
// offset + width = 34: INT_MIN >> 30 = -2 = 0xFFFFFFFE; literal keeps 4 bits: 0xE
#[case::d_sum_over_32(D, 4, 30, INT_MIN, -2, 0xE)]
// 31-bit field 0x40000000 has its top bit set: -2^30; literal keeps it positive
#[case::d_width_31(D, 31, 0, 0x4000_0000, -0x4000_0000, 0x4000_0000)]
// offset + width = 32: -1 >> 1 = -1; literal masks to 31 bits
#[case::d_sum_32(D, 31, 1, -1, -1, 0x7FFF_FFFF)]
fn bfe(
    #[case] ty: DataType,
    #[case] width: i128,
    #[case] offset: i128,
    #[case] s2: i128,
    #[case] resolved: i128,
    #[case] literal: i128,
) {
    expect_readings(
        || row(BFE, false, ty, &[o(ty, width), o(ty, offset), o(ty, s2)]),
        BFE_SIGN_EXTENSION,
        ty,
        (resolved, Some(literal)),
    );
}

/// bfi (M1, 8) R(0,0)<1>:T S0(0,0)<0;1,0>:T S1 S2 S3 (all `<0;1,0>:T`)
/// instructions/BFI.md: width = src0 & 0x1F, offset = src1 & 0x1F, bitmask =
/// ((1 << width) - 1) << offset in 32 bits; ((src2 << offset) & bitmask) | (src3 & ~bitmask).
#[rstest]
#[case::width_0(UD, 0, 8, 0xFFFF_FFFF, 0x1234_5678, 0x1234_5678)]
#[case::width_32_masked_to_0(UD, 32, 8, 0xFFFF_FFFF, 0x1234_5678, 0x1234_5678)]
// bitmask 0x0000FF00
#[case::byte_1(UD, 8, 8, 0xAB, 0x1234_5678, 0x1234_AB78)]
// src2's bits above the field are dropped
#[case::insert_truncated(UD, 8, 8, 0xFFAB, 0x1234_5678, 0x1234_AB78)]
// bitmask 0xF << 31 = 0x80000000 in 32 bits
#[case::offset_31(UD, 4, 31, 0xF, 0x1234_5678, 0x9234_5678)]
// bitmask 0xFFFFFFFE; bit 0 of src3 (0) kept
#[case::sum_32(UD, 31, 1, 0xFFFF_FFFF, 0x1234_5678, 0xFFFF_FFFE)]
// bitmask 0xFF << 28 = 0xF0000000; 0xAB << 28 = 0xB0000000
#[case::sum_over_32(UD, 8, 28, 0xAB, 0x1234_5678, 0xB234_5678)]
#[case::d(D, 4, 0, -1, 0, 0xF)]
// offset 33 & 0x1F = 1: bitmask 0x1E
#[case::d_offset_33_masked_to_1(D, 4, 33, -1, 0, 0x1E)]
fn bfi(
    #[case] ty: DataType,
    #[case] width: i128,
    #[case] offset: i128,
    #[case] s2: i128,
    #[case] s3: i128,
    #[case] want: i128,
) {
    let c = row(
        BFI,
        false,
        ty,
        &[o(ty, width), o(ty, offset), o(ty, s2), o(ty, s3)],
    );
    expect(c, &[], ty, want);
}

// ---- arithmetic --------------------------------------------------------------------------

/// add3[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0 [MOD]S1 [MOD]S2 (`<0;1,0>`)
/// instructions/ADD3.md: the exact sum of the three values, clamped or truncated.
#[rstest]
// 2^31 - 1 + 2^31 - 1 + 2 = 2^32: truncated to 0, clamped to INT_MAX
#[case::d_wraps(false, D, o(D, INT_MAX), o(D, INT_MAX), o(D, 2), 0)]
#[case::d_sat_high(true, D, o(D, INT_MAX), o(D, INT_MAX), o(D, 2), INT_MAX)]
// -2^31 - 2^31 - 1 = -2^32 - 1: low 32 bits 0xFFFFFFFF, clamped to INT_MIN
#[case::d_wraps_low(false, D, o(D, INT_MIN), o(D, INT_MIN), o(D, -1), -1)]
#[case::d_sat_low(true, D, o(D, INT_MIN), o(D, INT_MIN), o(D, -1), INT_MIN)]
// 3 * (2^32 - 1) = 0x2_FFFF_FFFD
#[case::ud_wraps(
    false,
    UD,
    o(UD, 0xFFFF_FFFF),
    o(UD, 0xFFFF_FFFF),
    o(UD, 0xFFFF_FFFF),
    0xFFFF_FFFD
)]
#[case::ud_sat(
    true,
    UD,
    o(UD, 0xFFFF_FFFF),
    o(UD, 0xFFFF_FFFF),
    o(UD, 0xFFFF_FFFF),
    0xFFFF_FFFF
)]
// -5 + 3 + 1 = -1: clamped to 0, truncated to 0xFFFF
#[case::mixed_sat_to_uw(true, UW, o(W, -5), o(UD, 3), o(UW, 1), 0)]
#[case::mixed_wraps_to_uw(false, UW, o(W, -5), o(UD, 3), o(UW, 1), 0xFFFF)]
// 0x7FFF + 1 - 1: no intermediate W overflow
#[case::w_exact(true, W, o(W, 0x7FFF), o(W, 1), o(W, -1), 0x7FFF)]
// -(-2^31) + |-2^31| + -|1| = 2^32 - 1
#[case::modifiers(false, D, md(Mod::Neg, D, INT_MIN), md(Mod::Abs, D, INT_MIN), md(Mod::NegAbs, D, 1), -1)]
#[case::modifiers_sat(
    true,
    D,
    md(Mod::Neg, D, INT_MIN),
    md(Mod::Abs, D, INT_MIN),
    md(Mod::NegAbs, D, 1),
    INT_MAX
)]
fn add3(
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] s0: Op,
    #[case] s1: Op,
    #[case] s2: Op,
    #[case] want: i128,
) {
    expect(
        row(ADD3, saturate, dst_ty, &[s0, s1, s2]),
        &[],
        dst_ty,
        want,
    );
}

/// avg[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1
/// instructions/AVG.md: (src0 + src1 + 1) >> 1 on the exact sum, i.e. floor((a + b + 1) / 2).
#[rstest]
#[case::rounds_half_up(false, D, o(D, 1), o(D, 2), 2)] // 4 >> 1
#[case::equal(false, D, o(D, 1), o(D, 1), 1)] // 3 >> 1
#[case::minus_half_to_zero(false, D, o(D, -1), o(D, 0), 0)] // 0 >> 1
#[case::minus_one_exact(false, D, o(D, -2), o(D, 0), -1)] // -1 >> 1 = floor(-0.5)
#[case::minus_one_and_half(false, D, o(D, -3), o(D, 0), -1)] // -2 >> 1
#[case::minus_two_exact(false, D, o(D, -4), o(D, 0), -2)] // -3 >> 1 = floor(-1.5)
#[case::int_max(false, D, o(D, INT_MAX), o(D, INT_MAX), INT_MAX)] // (2^32 - 1) >> 1
#[case::int_min(false, D, o(D, INT_MIN), o(D, INT_MIN), INT_MIN)] // (-2^32 + 1) >> 1
#[case::ud_max(false, UD, o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF), 0xFFFF_FFFF)]
#[case::ub(false, UB, o(UB, 0xFF), o(UB, 0xFE), 0xFF)] // 510 >> 1
// (2^32 - 1) + (-1) + 1 = 2^32 - 1, >> 1 = 2^31 - 1
#[case::mixed(false, D, o(UD, 0xFFFF_FFFF), o(D, -1), INT_MAX)]
// -10 >> 1 = -5: clamped to 0, truncated to 0xFB
#[case::sat_to_ub(true, UB, o(D, -5), o(D, -6), 0)]
#[case::truncate_to_ub(false, UB, o(D, -5), o(D, -6), 0xFB)]
fn avg(
    #[case] saturate: bool,
    #[case] dst_ty: DataType,
    #[case] s0: Op,
    #[case] s1: Op,
    #[case] want: i128,
) {
    expect(row(AVG, saturate, dst_ty, &[s0, s1]), &[], dst_ty, want);
}

/// mulh (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1
/// instructions/MULH.md: floor(src0 * src1 / 2^32) of the exact product (signed for D,
/// unsigned for UD), truncated to 32 bits.
#[rstest]
// (2^32 - 1)^2 = 2^64 - 2^33 + 1: high half 2^32 - 2
#[case::ud_max_squared(UD, o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF), 0xFFFF_FFFE)]
#[case::d_minus_one_squared(D, o(D, -1), o(D, -1), 0)] // 1 / 2^32 -> 0
#[case::d_int_min_squared(D, o(D, INT_MIN), o(D, INT_MIN), 0x4000_0000)] // 2^62 / 2^32
#[case::d_minus_one_times_one(D, o(D, -1), o(D, 1), -1)] // floor(-2^-32) = -1
// -2^31 (2^31 - 1) = -2^62 + 2^31: floor(-2^30 + 1/2) = -2^30
#[case::d_int_min_times_int_max(D, o(D, INT_MIN), o(D, INT_MAX), -0x4000_0000)]
#[case::d_two_pow_32(D, o(D, 0x1_0000), o(D, 0x1_0000), 1)]
#[case::ud_two_pow_32(UD, o(UD, 0x8000_0000), o(UD, 2), 1)]
// (-)INT_MIN = 2^31; 2^31 * -2^31 = -2^62 -> -2^30
#[case::negated(D, md(Mod::Neg, D, INT_MIN), o(D, INT_MIN), -0x4000_0000)]
// (-)1:ud = -1; -1 * (2^32 - 1) = -(2^32 - 1): floor(-1 + 2^-32) = -1
#[case::negated_ud(UD, md(Mod::Neg, UD, 1), o(UD, 0xFFFF_FFFF), 0xFFFF_FFFF)]
fn mulh(#[case] dst_ty: DataType, #[case] s0: Op, #[case] s1: Op, #[case] want: i128) {
    expect(row(MULH, false, dst_ty, &[s0, s1]), &[], dst_ty, want);
}

/// mulh (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 with D and UD mixed: each
/// source keeps its own signedness, where validation admits mixed types (MULH.md has no type
/// map, and its Description asks for one type).
#[rstest]
// -(2^32 - 1): floor(-1 + 2^-32) = -1
#[case::d_ud_to_d(D, o(D, -1), o(UD, 0xFFFF_FFFF), -1)]
// -2^31: floor(-1/2) = -1
#[case::d_ud_to_ud(UD, o(D, -1), o(UD, 0x8000_0000), 0xFFFF_FFFF)]
// 2^31 * 2^31 = 2^62: the UD source is not read as -2^31
#[case::ud_ud_to_d(D, o(UD, 0x8000_0000), o(UD, 0x8000_0000), 0x4000_0000)]
fn mulh_mixed(#[case] dst_ty: DataType, #[case] s0: Op, #[case] s1: Op, #[case] want: i128) {
    expect_if_admitted(|| row(MULH, false, dst_ty, &[s0, s1]), dst_ty, want);
}

// ---- logic -------------------------------------------------------------------------------

/// and|or|xor (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0 [~]S1(0,0)<0;1,0>:T1
/// not (M1, 8) R(0,0)<1>:DT [~]S0(0,0)<0;1,0>:T0
/// instructions/AND.md, OR.md, XOR.md, NOT.md: bitwise on two's-complement values, each
/// source extended by its own type after `~` (which complements within the type's width);
/// NOT gives -src0 - 1; the result truncated into DT.
#[rstest]
#[case::and(AND, UD, &[o(UD, 0xF0F0_F0F0), o(UD, 0xFF00_FF00)], 0xF000_F000)]
#[case::or(OR, UD, &[o(UD, 0xF0F0_F0F0), o(UD, 0x0F0F_0F0F)], 0xFFFF_FFFF)]
#[case::xor(XOR, UD, &[o(UD, 0xFFFF_FFFF), o(UD, 0x0F0F_0F0F)], 0xF0F0_F0F0)]
// B 0xFF = -1 sign-extends to all ones
#[case::and_b_sign_extends(AND, UD, &[o(B, -1), o(UD, 0x1234_5678)], 0x1234_5678)]
// UB 0xFF zero-extends
#[case::and_ub_zero_extends(AND, UD, &[o(UB, 0xFF), o(UD, 0x1234_5678)], 0x78)]
// W 0x8000 = -32768 | 1 = -32767 = D 0xFFFF8001
#[case::or_w_uw_to_d(OR, D, &[o(W, -0x8000), o(UW, 1)], 0xFFFF_8001)]
// ~0x00FF in 16 bits = 0xFF00 = W -256: sign-extended 0xFFFFFF00
#[case::and_not_w(AND, UD, &[md(Mod::Not, W, 0x00FF), o(UD, 0x1234_5678)], 0x1234_5600)]
// ~0x00FF in 16 bits = UW 0xFF00: zero-extended
#[case::and_not_uw(AND, UD, &[md(Mod::Not, UW, 0x00FF), o(UD, 0x1234_5678)], 0x5600)]
// ~a ^ ~b = a ^ b
#[case::xor_not_both(XOR, D, &[md(Mod::Not, D, 0x0F0F_0F0F), md(Mod::Not, D, 0x00FF_00FF)], 0x0FF0_0FF0)]
#[case::or_truncates_to_ub(OR, UB, &[o(UD, 0x1234_5601), o(UD, 0x10)], 0x11)]
#[case::not_zero(NOT, UD, &[o(UD, 0)], 0xFFFF_FFFF)]
#[case::not_minus_one(NOT, D, &[o(D, -1)], 0)]
// UB 0x0F = 15: -16 = UW 0xFFF0
#[case::not_ub_to_uw(NOT, UW, &[o(UB, 0x0F)], 0xFFF0)]
// B 0x80 = -128: 127
#[case::not_b_to_ub(NOT, UB, &[o(B, -0x80)], 0x7F)]
#[case::not_of_not(NOT, UD, &[md(Mod::Not, UD, 0x1234_5678)], 0x1234_5678)]
fn logic(#[case] op: Opcode, #[case] dst_ty: DataType, #[case] srcs: &[Op], #[case] want: i128) {
    expect(row(op, false, dst_ty, srcs), &[], dst_ty, want);
}

// ---- operands, channel enables, failures -------------------------------------------------

/// bfi (M1, 8) R(0,1)<1>:ud 0x0:ud 0x0:ud 0x0:ud R(0,0)<1;1,0>:ud with R = [0, 1, .., 8]
/// Width 0: every lane copies src3. Lane n writes R[n + 1], which lane n + 1 reads: all
/// sources are read before anything is written, so R = [0, 0, 1, .., 7].
fn bfi_overlap_reads_first() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", UD, 9);
    c.set(r, le32(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
    c.push(insn(
        BFI,
        8,
        dst_at(r, 0, 1, 1, UD),
        vec![imm(0, UD), imm(0, UD), imm(0, UD), src(r, 0, 0, SEQ, UD)],
    ));
    (
        c,
        Expect::Vars(vec![("R", le32(&[0, 0, 1, 2, 3, 4, 5, 6, 7]))]),
    )
}

/// add3 (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<2;1,0>:d C(0,0)<0;1,0>:d, EM = 0b0101_0101
/// with A = [0..8], B = [100, 0, 200, 0, ..] (lane n reads B[2n]) and C = 1000: enabled
/// lanes get A[n] + B[2n] + 1000; the odd lanes keep 0xAAAAAAAA.
fn add3_regions_and_emask() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let a = c.general("A", D, 8);
    let b = c.general("B", D, 16);
    let cc = c.general("C", D, 1);
    let r = c.general("R", D, 8);
    c.set(a, i32s(&[0, 1, 2, 3, 4, 5, 6, 7]));
    let bs: Vec<i32> = (0..16)
        .map(|k| if k % 2 == 0 { 100 * (k / 2 + 1) } else { 0 })
        .collect();
    c.set(b, i32s(&bs));
    c.set(cc, i32s(&[1000]));
    c.set(r, le32(&[0xAAAA_AAAA; 8]));
    c.emask = 0b0101_0101;
    c.push(insn(
        ADD3,
        8,
        dst(r, D),
        vec![
            src(a, 0, 0, SEQ, D),
            src(b, 0, 0, (2, 1, 0), D),
            src(cc, 0, 0, BCAST, D),
        ],
    ));
    let keep = 0xAAAA_AAAAu32 as i32;
    (
        c,
        Expect::Vars(vec![(
            "R",
            i32s(&[1100, keep, 1302, keep, 1504, keep, 1706, keep]),
        )]),
    )
}

/// add3 (M1, 4) R(0,0)<1>:d 0x5:d S(0,0)<1;1,0>:d r[A0(0), 4]<1;1,0>:d with A0(0) = &S:
/// the third source starts at S[1]: R[n] = 5 + S[n] + S[n + 1].
fn add3_indirect_src() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 8);
    let r = c.general("R", D, 4);
    let a0 = c.addr("A0", 1);
    let base = c.grf_offset(s) as u16;
    c.set(s, i32s(&[10, 20, 30, 40, 50, 60, 70, 80]));
    c.set(a0, le16(&[base]));
    c.push(insn(
        ADD3,
        4,
        dst(r, D),
        vec![
            imm(5, D),
            src(s, 0, 0, SEQ, D),
            Src::Indirect {
                addr: a0,
                addr_sub: 0,
                imm_offset: 4,
                region: Region {
                    vstride: 1,
                    width: 1,
                    hstride: 0,
                },
                multi: false,
                modifier: None,
                ty: D,
            },
        ],
    ));
    (c, Expect::Vars(vec![("R", i32s(&[35, 55, 75, 95]))]))
}

/// (!P1) bfe (M1, 8) R(0,0)<1>:ud 0x4:ud 0x4:ud S(0,0)<1;1,0>:ud with P1 = 0b0000_1111 and
/// S[n] = 0x10 * (n + 1): lanes 4..7 run, extracting bits 4..8 = n + 1; lanes 0..3 keep 0.
fn bfe_predicated() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", UD, 8);
    let r = c.general("R", UD, 8);
    let p = c.pred("P1", 8);
    c.set(s, le32(&[0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80]));
    c.set(p, vec![0b0000_1111]);
    c.push(predicated(
        insn(
            BFE,
            8,
            dst(r, UD),
            vec![imm(4, UD), imm(4, UD), src(s, 0, 0, SEQ, UD)],
        ),
        p,
        true,
        Combine::None,
    ));
    (
        c,
        Expect::Vars(vec![("R", le32(&[0, 0, 0, 0, 5, 6, 7, 8]))]),
    )
}

/// Literal SHL-SAT-RANGE, EM = 0b1111_1110:
/// shl.sat (M1, 8) R(0,0)<1>:d S(0,0)<1;1,0>:d 0x2:ud with S = [2^30, 1, 1, ..]:
/// lane 0's 2^32 lies outside 33 bits but lane 0 is not enabled, so nothing is undefined;
/// lanes 1..7 get 4 and lane 0 keeps 0xAAAAAAAA.
fn shl_sat_range_disabled_lane() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 8);
    let r = c.general("R", D, 8);
    c.set(s, i32s(&[0x4000_0000, 1, 1, 1, 1, 1, 1, 1]));
    c.set(r, le32(&[0xAAAA_AAAA; 8]));
    c.emask = 0b1111_1110;
    c.literal(SHL_SAT_RANGE);
    c.push(sat(insn(
        SHL,
        8,
        dst(r, D),
        vec![src(s, 0, 0, SEQ, D), imm(2, UD)],
    )));
    let keep = 0xAAAA_AAAAu32 as i32;
    (
        c,
        Expect::Vars(vec![("R", i32s(&[keep, 4, 4, 4, 4, 4, 4, 4]))]),
    )
}

/// Literal SHL-SAT-RANGE:
/// mov (M1, 8) R(0,0)<1>:d 0x7:d
/// shl.sat (M1, 8) R(0,0)<1>:d S(0,0)<1;1,0>:d 0x2:ud with S = [1, 1, 1, 2^30, 1, ..]
/// Lane 3's 2^32 is undefined: the second instruction fails and writes no lane, so R holds
/// the first one's 7s.
fn shl_sat_range_writes_nothing() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 8);
    let r = c.general("R", D, 8);
    c.set(s, i32s(&[1, 1, 1, 0x4000_0000, 1, 1, 1, 1]));
    c.literal(SHL_SAT_RANGE);
    c.push(insn(Opcode::Mov, 8, dst(r, D), vec![imm(7, D)]));
    c.push(sat(insn(
        SHL,
        8,
        dst(r, D),
        vec![src(s, 0, 0, SEQ, D), imm(2, UD)],
    )));
    (
        c,
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            1,
            vec![("R", i32s(&[7; 8]))],
        ),
    )
}

/// and (M1, 8) R(0,0)<1>:uw S(0,0)<1;1,0>:uw 0x76543210:v
/// The packed vector gives lane n the value n (as W): S[n] & n.
fn and_packed_immediate() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", UW, 8);
    let r = c.general("R", UW, 8);
    c.set(s, le16(&[0xFFFF; 8]));
    c.push(insn(
        AND,
        8,
        dst(r, UW),
        vec![src(s, 0, 0, SEQ, UW), imm(0x7654_3210, V)],
    ));
    (
        c,
        Expect::Vars(vec![("R", le16(&[0, 1, 2, 3, 4, 5, 6, 7]))]),
    )
}

/// xor (M1, 4) r[A0(0), 0]<1>:ud S(0,0)<1;1,0>:ud 0xFF:ud with A0(0) = &R + 4: lanes write
/// R[1..5].
fn xor_indirect_dst() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", UD, 4);
    let r = c.general("R", UD, 5);
    let a0 = c.addr("A0", 1);
    let base = c.grf_offset(r) as u16;
    c.set(s, le32(&[0x0F, 0xF0, 0xFF, 0x100]));
    c.set(a0, le16(&[base + 4]));
    c.push(insn(
        XOR,
        4,
        Dst::Indirect {
            addr: a0,
            addr_sub: 0,
            imm_offset: 0,
            hstride: 1,
            ty: UD,
        },
        vec![src(s, 0, 0, SEQ, UD), imm(0xFF, UD)],
    ));
    (
        c,
        Expect::Vars(vec![("R", le32(&[0, 0xF0, 0x0F, 0x00, 0x1FF]))]),
    )
}

/// rol (M1, 16) R(0,0)<1>:ud S(0,0)<1;1,0>:ud C(0,0)<1;1,0>:ud with S[n] = 1 and C[n] = n:
/// a SIMD16 instruction whose lanes each rotate by their own count: R[n] = 1 << n.
fn rol_simd16_per_lane_counts() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", UD, 16);
    let cnt = c.general("C", UD, 16);
    let r = c.general("R", UD, 16);
    c.set(s, le32(&[1; 16]));
    c.set(cnt, le32(&(0..16).collect::<Vec<u32>>()));
    c.push(insn(
        ROL,
        16,
        dst(r, UD),
        vec![src(s, 0, 0, SEQ, UD), src(cnt, 0, 0, SEQ, UD)],
    ));
    let want: Vec<u32> = (0..16).map(|n| 1u32 << n).collect();
    (c, Expect::Vars(vec![("R", le32(&want))]))
}

#[rstest]
#[case::bfi_overlap_reads_first(bfi_overlap_reads_first())]
#[case::add3_regions_and_emask(add3_regions_and_emask())]
#[case::add3_indirect_src(add3_indirect_src())]
#[case::bfe_predicated(bfe_predicated())]
#[case::shl_sat_range_disabled_lane(shl_sat_range_disabled_lane())]
#[case::shl_sat_range_writes_nothing(shl_sat_range_writes_nothing())]
#[case::and_packed_immediate(and_packed_immediate())]
#[case::xor_indirect_dst(xor_indirect_dst())]
#[case::rol_simd16_per_lane_counts(rol_simd16_per_lane_counts())]
fn operands(#[case] case: (Case, Expect)) {
    check(case.0, case.1);
}

//! Hand-derived cases of MUL, MAD, DIV and MOD (instructions/MUL.md, MAD.md, DIV.md,
//! MOD.md) on the oracle, built directly as IR.
//!
//! Most tables run one instruction of execution size 8 whose sources are one-element
//! variables broadcast to every lane (`<0;1,0>`), and expect the same value in the 8 lanes of
//! `R`:
//!
//! ```text
//! OP[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S0(0,0)<0;1,0>:T0 S1(0,0)<0;1,0>:T1 ...
//! ```
//!
//! Values are raw bit patterns of their types. Each row's comment derives the expected value
//! from the document, IEEE 754 and the errata ledger.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use rstest::rstest;
use visa_spec::errata::{DIV_BY_ZERO, DIV_FLOAT_RECIPROCAL, MAD_FUSED};
use visa_spec::error::ErrorClass;
use visa_spec::ir::{Dst, Opcode};
use visa_spec::platform::Platform;
use visa_spec::state::MachineState;
use visa_spec::types::DataType::{self, *};

const MUL: Opcode = Opcode::Mul;
const MAD: Opcode = Opcode::Mad;
const DIV: Opcode = Opcode::Div;
const MOD: Opcode = Opcode::Mod;

// %cr0 (4_visa_header.md): rounding in bits 5:4, ALT in bit 0, denorm modes in 6, 7, 10.
const RNE: u32 = 0;
const RU: u32 = 1 << 4;
const RD: u32 = 2 << 4;
const RZ: u32 = 3 << 4;
const ALT: u32 = 1;
const KEEP_F: u32 = 1 << 7;
const KEEP_DF: u32 = 1 << 6;

/// `<1;1,0>`: lane n reads element n.
const SEQ: (u32, u32, u32) = (1, 1, 0);
/// `<0;1,0>`: every lane reads element 0.
const BCAST: (u32, u32, u32) = (0, 1, 0);

/// The bytes of `values` as elements of `ty` (low `ty.size()` bytes of each).
fn elems(ty: DataType, values: &[u64]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| v.to_le_bytes()[..ty.size()].to_vec())
        .collect()
}

/// `OP[.sat] (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:T0 ...` with %cr0 = `cr0`.
fn row(op: Opcode, saturate: bool, dst_ty: DataType, srcs: &[(DataType, u64)], cr0: u32) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", dst_ty, 8);
    let mut operands = Vec::new();
    for (k, (ty, v)) in srcs.iter().enumerate() {
        let var = c.general(&format!("S{k}"), *ty, 1);
        c.set(var, elems(*ty, &[*v]));
        operands.push(src(var, 0, 0, BCAST, *ty));
    }
    c.cr0(cr0);
    let i = insn(op, 8, dst(r, dst_ty), operands);
    c.push(if saturate { sat(i) } else { i });
    c
}

/// Runs `c` (with `literal` errata) and expects `want` in every lane of `R`.
fn expect(mut c: Case, literal: &[&str], dst_ty: DataType, want: u64) {
    for id in literal {
        c.literal(id);
    }
    check(c, Expect::Vars(vec![("R", elems(dst_ty, &[want; 8]))]));
}

/// Runs `c` on the oracle and returns the outcome, the final state and the program.
fn run(
    c: Case,
) -> (
    Result<(), visa_spec::VisaError>,
    MachineState,
    visa_spec::ir::Program,
) {
    let (program, mut state, config) = c.build();
    let result = visa_oracle::run(&program, &mut state, &config);
    (result, state, program)
}

/// The bytes of `name` (relative indices) that the state holds as undefined.
fn undefined_bytes(
    state: &MachineState,
    program: &visa_spec::ir::Program,
    name: &str,
) -> Vec<usize> {
    let id = program.vars.find(name).unwrap();
    let info = program.vars.get(id);
    let base = info.grf_offset.unwrap();
    state
        .undefined
        .range(base..base + info.byte_size())
        .map(|b| b - base)
        .collect()
}

// ---- integers ----------------------------------------------------------------------------

/// MUL and MAD on integers: the exact result, then the low bits of DT (no integer `.sat`).
#[rstest]
// 2^16 * 2^16 = 2^32: low 32 bits 0
#[case::mul_wraps(MUL, D, &[(D, 0x1_0000), (D, 0x1_0000)], 0)]
// D x D -> Q: (2^31 - 1)^2 = 2^62 - 2^32 + 1
#[case::mul_q(MUL, Q, &[(D, 0x7FFF_FFFF), (D, 0x7FFF_FFFF)], 0x3FFF_FFFF_0000_0001)]
// UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1
#[case::mul_uq(MUL, UQ, &[(UD, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF)], 0xFFFF_FFFE_0000_0001)]
// D x UD -> Q: -1 * (2^32 - 1), two's complement in 64 bits
#[case::mul_mixed_q(MUL, Q, &[(D, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF)], 0xFFFF_FFFF_0000_0001)]
// B x B -> W: -128 * -128 = 16384
#[case::mul_b(MUL, W, &[(B, 0x80), (B, 0x80)], 0x4000)]
// 3 * 4 + 5 = 17
#[case::mad(MAD, D, &[(D, 3), (D, 4), (D, 5)], 17)]
// (2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2
#[case::mad_ud_wraps(MAD, UD, &[(UD, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF), (UD, 1)], 2)]
// -1 * 5 + -7 = -12
#[case::mad_negative(MAD, D, &[(D, 0xFFFF_FFFF), (D, 5), (D, 0xFFFF_FFF9)], 0xFFFF_FFF4)]
fn mul_mad_int(
    #[case] op: Opcode,
    #[case] dst_ty: DataType,
    #[case] srcs: &[(DataType, u64)],
    #[case] want: u64,
) {
    expect(row(op, false, dst_ty, srcs, RNE), &[], dst_ty, want);
}

/// DIV and MOD on integers (DIV.md Notes: the quotient truncates toward zero, the remainder
/// has the numerator's sign).
#[rstest]
#[case::pos_pos(D, 7, 2, 3, 1)]
// -7 / 2 = -3 r -1
#[case::neg_pos(D, 0xFFFF_FFF9, 2, 0xFFFF_FFFD, 0xFFFF_FFFF)]
// 7 / -2 = -3 r 1
#[case::pos_neg(D, 7, 0xFFFF_FFFE, 0xFFFF_FFFD, 1)]
// -7 / -2 = 3 r -1
#[case::neg_neg(D, 0xFFFF_FFF9, 0xFFFF_FFFE, 3, 0xFFFF_FFFF)]
// INT_MIN / -1 = 2^31: low 32 bits 0x80000000, remainder 0
#[case::int_min(D, 0x8000_0000, 0xFFFF_FFFF, 0x8000_0000, 0)]
// (2^32 - 1) / 10 = 429496729 r 5
#[case::ud(UD, 0xFFFF_FFFF, 10, 0x1999_9999, 5)]
// B: -128 / 3 = -42 (0xD6) r -2 (0xFE)
#[case::b(B, 0x80, 3, 0xD6, 0xFE)]
fn div_mod_int(
    #[case] ty: DataType,
    #[case] a: u64,
    #[case] b: u64,
    #[case] quotient: u64,
    #[case] remainder: u64,
) {
    expect(
        row(DIV, false, ty, &[(ty, a), (ty, b)], RNE),
        &[],
        ty,
        quotient,
    );
    expect(
        row(MOD, false, ty, &[(ty, a), (ty, b)], RNE),
        &[],
        ty,
        remainder,
    );
}

/// mod.sat (M1, 8) R:ub S0:d S1:d: 300 % 1000 = 300 clamps to 255; -7 % 2 = -1 clamps to 0.
#[rstest]
#[case::high(300, 1000, 0xFF)]
#[case::negative(0xFFFF_FFF9, 2, 0)]
fn mod_sat(#[case] a: u64, #[case] b: u64, #[case] want: u64) {
    expect(row(MOD, true, UB, &[(D, a), (D, b)], RNE), &[], UB, want);
}

/// div (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<1;1,0>:d, B = [1, 0, 2, 0, 3, 0, 4, 0],
/// A = 12 in every lane, R initially 0x77777777: lanes 0, 2, 4, 6 get 12, 6, 4, 3; lanes
/// 1, 3, 5, 7 divide by zero (erratum DIV-BY-ZERO, resolved): their bytes keep 0x77 and are
/// undefined. MOD gives 0 in the even lanes.
#[rstest]
#[case::div(DIV, [12, 6, 4, 3])]
#[case::modulo(MOD, [0, 0, 0, 0])]
fn zero_divisor_lanes_are_undefined(#[case] op: Opcode, #[case] even: [u32; 4]) {
    let build = || {
        let mut c = Case::new(Platform::XeHpg);
        let a = c.general("A", D, 8);
        let b = c.general("B", D, 8);
        let r = c.general("R", D, 8);
        c.set(a, i32s(&[12; 8]));
        c.set(b, i32s(&[1, 0, 2, 0, 3, 0, 4, 0]));
        c.set(r, le32(&[0x7777_7777; 8]));
        c.push(insn(
            op,
            8,
            dst(r, D),
            vec![src(a, 0, 0, SEQ, D), src(b, 0, 0, SEQ, D)],
        ));
        c
    };
    let (result, state, program) = run(build());
    assert_eq!(result, Ok(()));
    let keep = 0x7777_7777;
    let r = program.vars.find("R").unwrap();
    assert_eq!(
        state.read_var(&program.vars, r),
        le32(&[even[0], keep, even[1], keep, even[2], keep, even[3], keep])
    );
    let undefined: Vec<usize> = [1, 3, 5, 7].iter().flat_map(|k| 4 * k..4 * k + 4).collect();
    assert_eq!(undefined_bytes(&state, &program, "R"), undefined);
    // The literal reading: undefined behaviour, nothing written.
    let mut c = build();
    c.literal(DIV_BY_ZERO);
    check(
        c,
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            0,
            vec![("R", le32(&[0x7777_7777; 8]))],
        ),
    );
}

/// div (M1, 4) r[A0(0), 0]<1>:ud 0x8:ud S(0,0)<1;1,0>:ud, A0(0) = &R + 4, S = [2, 0, 4, 0]:
/// through an indirect destination R[1..5] = [4, ?, 2, ?]; R[0] and R[5] untouched. A second
/// instruction writes R[2] again (mov 0x1), which defines it.
#[test]
fn undefined_lanes_through_an_indirect_destination() {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", UD, 4);
    let r = c.general("R", UD, 6);
    let a0 = c.addr("A0", 1);
    let base = c.grf_offset(r) as u16;
    c.set(s, le32(&[2, 0, 4, 0]));
    c.set(r, le32(&[0xAA; 6]));
    c.set(a0, le16(&[base + 4]));
    c.push(insn(
        DIV,
        4,
        Dst::Indirect {
            addr: a0,
            addr_sub: 0,
            imm_offset: 0,
            hstride: 1,
            ty: UD,
        },
        vec![imm(8, UD), src(s, 0, 0, SEQ, UD)],
    ));
    c.push(insn(
        Opcode::Mov,
        1,
        dst_at(r, 0, 2, 1, UD),
        vec![imm(1, UD)],
    ));
    let (result, state, program) = run(c);
    assert_eq!(result, Ok(()));
    let id = program.vars.find("R").unwrap();
    assert_eq!(
        state.read_var(&program.vars, id),
        le32(&[0xAA, 4, 1, 2, 0xAA, 0xAA])
    );
    // R[2] (bytes 8..12) was undefined after the DIV and is defined by the MOV; R[4] stays.
    assert_eq!(undefined_bytes(&state, &program, "R"), vec![16, 17, 18, 19]);
}

// ---- floats ------------------------------------------------------------------------------

/// MUL and DIV on floats, one rounding into DT under %cr0.
#[rstest]
// 1.5 * 2 = 3
#[case::mul(MUL, F, &[(F, 0x3FC0_0000), (F, 0x4000_0000)], RNE, 0x4040_0000)]
// largest F * 2 overflows: RNE inf, RZ largest, ALT largest
#[case::mul_overflow_rne(MUL, F, &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], RNE, 0x7F80_0000)]
#[case::mul_overflow_rz(MUL, F, &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], RZ, 0x7F7F_FFFF)]
#[case::mul_overflow_alt(MUL, F, &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], RNE | ALT, 0x7F7F_FFFF)]
// inf * 0 = default NaN; sNaN payload 5 quieted
#[case::mul_invalid(MUL, F, &[(F, 0x7F80_0000), (F, 0)], RNE, 0x7FC0_0000)]
#[case::mul_snan(MUL, F, &[(F, 0x7F80_0005), (F, 0x3F80_0000)], RNE, 0x7FC0_0005)]
// (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 in BF: RNE 0x3F82, RU 0x3F83
#[case::mul_bf_rne(MUL, BF, &[(BF, 0x3F81), (BF, 0x3F81)], RNE, 0x3F82)]
#[case::mul_bf_ru(MUL, BF, &[(BF, 0x3F81), (BF, 0x3F81)], RU, 0x3F83)]
// HF 256 * 256 = 65536: RNE inf, RZ 65504
#[case::mul_hf_rne(MUL, HF, &[(HF, 0x5C00), (HF, 0x5C00)], RNE, 0x7C00)]
#[case::mul_hf_rz(MUL, HF, &[(HF, 0x5C00), (HF, 0x5C00)], RZ, 0x7BFF)]
// DF (1 + 2^-52)^2: RNE 1 + 2^-51, RU one more ulp
#[case::mul_df_rne(MUL, DF, &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)], RNE, 0x3FF0_0000_0000_0002)]
#[case::mul_df_ru(MUL, DF, &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)], RU, 0x3FF0_0000_0000_0003)]
// 2^-1022 * 0.5 = 2^-1023: kept denormal, or +0 flushed
#[case::mul_df_denormal(MUL, DF, &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)], KEEP_DF, 0x0008_0000_0000_0000)]
#[case::mul_df_flushed(MUL, DF, &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)], RNE, 0)]
// 1/3: RNE and RU 0x3EAAAAAB, RD and RZ 0x3EAAAAAA
#[case::div_rne(DIV, F, &[(F, 0x3F80_0000), (F, 0x4040_0000)], RNE, 0x3EAA_AAAB)]
#[case::div_ru(DIV, F, &[(F, 0x3F80_0000), (F, 0x4040_0000)], RU, 0x3EAA_AAAB)]
#[case::div_rd(DIV, F, &[(F, 0x3F80_0000), (F, 0x4040_0000)], RD, 0x3EAA_AAAA)]
#[case::div_rz(DIV, F, &[(F, 0x3F80_0000), (F, 0x4040_0000)], RZ, 0x3EAA_AAAA)]
// -1/3 under RU rounds toward +inf: the smaller magnitude 0xBEAAAAAA
#[case::div_neg_ru(DIV, F, &[(F, 0xBF80_0000), (F, 0x4040_0000)], RU, 0xBEAA_AAAA)]
// HF sources into F: 1/3 computed once into F
#[case::div_hf_to_f(DIV, F, &[(HF, 0x3C00), (HF, 0x4200)], RNE, 0x3EAA_AAAB)]
// HF 1/3 = 0x3555; DF 1/3 = 0x3FD5555555555555
#[case::div_hf(DIV, HF, &[(HF, 0x3C00), (HF, 0x4200)], RNE, 0x3555)]
#[case::div_df(DIV, DF, &[(DF, 0x3FF0_0000_0000_0000), (DF, 0x4008_0000_0000_0000)], RNE, 0x3FD5_5555_5555_5555)]
// 1/0 = inf, 0/0 = default NaN, 1/-inf = -0
#[case::div_by_zero(DIV, F, &[(F, 0x3F80_0000), (F, 0)], RNE, 0x7F80_0000)]
#[case::div_zero_zero(DIV, F, &[(F, 0), (F, 0)], RNE, 0x7FC0_0000)]
#[case::div_by_minus_inf(DIV, F, &[(F, 0x3F80_0000), (F, 0xFF80_0000)], RNE, 0x8000_0000)]
// 2^-126 / 2 = 2^-127 kept (0x00400000) or flushed (+0)
#[case::div_denormal(DIV, F, &[(F, 0x0080_0000), (F, 0x4000_0000)], KEEP_F, 0x0040_0000)]
#[case::div_flushed(DIV, F, &[(F, 0x0080_0000), (F, 0x4000_0000)], RNE, 0)]
fn mul_div_float(
    #[case] op: Opcode,
    #[case] dst_ty: DataType,
    #[case] srcs: &[(DataType, u64)],
    #[case] cr0: u32,
    #[case] want: u64,
) {
    expect(row(op, false, dst_ty, srcs, cr0), &[], dst_ty, want);
}

/// .sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.
#[rstest]
#[case::mul(MUL, &[(F, 0x3FC0_0000), (F, 0x3FC0_0000)], 0x3F80_0000)]
#[case::div(DIV, &[(F, 0x4040_0000), (F, 0x4000_0000)], 0x3F80_0000)]
#[case::div_negative(DIV, &[(F, 0xBF80_0000), (F, 0x4040_0000)], 0)]
#[case::mad(MAD, &[(F, 0x3F00_0000), (F, 0x3F00_0000), (F, 0x3F00_0000)], 0x3F40_0000)]
fn float_sat(#[case] op: Opcode, #[case] srcs: &[(DataType, u64)], #[case] want: u64) {
    expect(row(op, true, F, srcs, RNE), &[], F, want);
}

/// MAD on floats under both readings of MAD-FUSED: (resolved, literal).
#[rstest]
// (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 fused; literal: the product rounds to 1 + 2^-22, sum +0
#[case::cancel(F, &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)], RNE, 0x2880_0000, 0)]
// the same under RD: literal gives -0 (a zero sum of opposite signs rounding down)
#[case::cancel_rd(F, &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)], RD, 0x2880_0000, 0x8000_0000)]
// 0 * inf + sNaN(0x123): fused keeps src2's payload; literal: the product is the default NaN
#[case::nan_order(F, &[(F, 0), (F, 0x7F80_0000), (F, 0x7F80_0123)], RNE, 0x7FC0_0123, 0x7FC0_0000)]
// HF 1365 * 48 - 16 = 65504 fused; literal: 65520 ties to even = 65536, overflows to inf
#[case::hf_overflow(HF, &[(HF, 0x6555), (HF, 0x5200), (HF, 0xCC00)], RNE, 0x7BFF, 0x7C00)]
// F largest * 2 - largest = largest fused; literal with ALT: the product becomes largest, sum +0
#[case::alt(F, &[(F, 0x7F7F_FFFF), (F, 0x4000_0000), (F, 0xFF7F_FFFF)], RNE | ALT, 0x7F7F_FFFF, 0)]
// DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 fused; literal +0
#[case::df(DF, &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001), (DF, 0xBFF0_0000_0000_0002)], RNE, 0x3970_0000_0000_0000, 0)]
// BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0
#[case::bf(BF, &[(BF, 0x3F81), (BF, 0x3F81), (BF, 0xBF82)], RNE, 0x3880, 0)]
fn mad_float(
    #[case] dst_ty: DataType,
    #[case] srcs: &[(DataType, u64)],
    #[case] cr0: u32,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    expect(row(MAD, false, dst_ty, srcs, cr0), &[], dst_ty, resolved);
    expect(
        row(MAD, false, dst_ty, srcs, cr0),
        &[MAD_FUSED],
        dst_ty,
        literal,
    );
}

/// DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal).
#[rstest]
// 5/3: correctly rounded 0x3FD55555; literal 5 * rn(1/3) = 5 * 0xAAAAAB * 2^-25 =
// 0x3555557 * 2^-25, rounded to 24 bits: 0xD55556 * 2^-23 = 0x3FD55556
#[case::five_thirds(&[(F, 0x40A0_0000), (F, 0x4040_0000)], RNE, 0x3FD5_5555, 0x3FD5_5556)]
// 2^-149 / 2^-149 = 1 with denormals kept; literal: 1 / 2^-149 overflows to inf, times 2^-149
#[case::reciprocal_overflow(&[(F, 1), (F, 1)], KEEP_F, 0x3F80_0000, 0x7F80_0000)]
// the same with ALT: the reciprocal becomes the largest F, (2 - 2^-23) * 2^127 * 2^-149 =
// (2 - 2^-23) * 2^-22 = 0x34FFFFFF
#[case::reciprocal_alt(&[(F, 1), (F, 1)], KEEP_F | ALT, 0x3F80_0000, 0x34FF_FFFF)]
// 1/3 agrees
#[case::one_third(&[(F, 0x3F80_0000), (F, 0x4040_0000)], RNE, 0x3EAA_AAAB, 0x3EAA_AAAB)]
fn div_readings(
    #[case] srcs: &[(DataType, u64)],
    #[case] cr0: u32,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    expect(row(DIV, false, F, srcs, cr0), &[], F, resolved);
    expect(
        row(DIV, false, F, srcs, cr0),
        &[DIV_FLOAT_RECIPROCAL],
        F,
        literal,
    );
}

/// mul (M1, 4) R(0,0)<1>:f (-)A(0,0)<1;1,0>:f (abs)B(0,0)<1;1,0>:f with
/// A = [1.5, -2, 0, nan] and B = [-2, 3, -1, 1]: -1.5 * 2 = -3, 2 * 3 = 6, -0 * 1 = -0, and the
/// NaN's sign flipped by (-): 0xFFC00001 quieted stays 0xFFC00001 -> 0x7FC00001.
#[test]
fn float_modifiers() {
    let mut c = Case::new(Platform::XeHpg);
    let a = c.general("A", F, 4);
    let b = c.general("B", F, 4);
    let r = c.general("R", F, 4);
    c.set(a, le32(&[0x3FC0_0000, 0xC000_0000, 0, 0xFFC0_0001]));
    c.set(
        b,
        le32(&[0xC000_0000, 0x4040_0000, 0xBF80_0000, 0x3F80_0000]),
    );
    c.push(insn(
        MUL,
        4,
        dst(r, F),
        vec![
            with_mod(src(a, 0, 0, SEQ, F), Mod::Neg),
            with_mod(src(b, 0, 0, SEQ, F), Mod::Abs),
        ],
    ));
    check(
        c,
        Expect::Vars(vec![(
            "R",
            le32(&[0xC040_0000, 0x40C0_0000, 0x8000_0000, 0x7FC0_0001]),
        )]),
    );
}

/// mad (M1, 16) R:f A<1;1,0>:f B<0;1,0>:f C<1;1,0>:f with 16 lanes under RNE (the hardware
/// fast path) and RZ (the general path): R[n] = n * 0.5 + 0.25 exactly in both.
#[rstest]
#[case::rne(RNE)]
#[case::rz(RZ)]
fn mad_sixteen_lanes(#[case] cr0: u32) {
    let mut c = Case::new(Platform::XeHpg);
    let a = c.general("A", F, 16);
    let b = c.general("B", F, 1);
    let cc = c.general("C", F, 16);
    let r = c.general("R", F, 16);
    let lanes: Vec<f32> = (0..16).map(|n| n as f32).collect();
    c.set(a, f32s(&lanes));
    c.set(b, f32s(&[0.5]));
    c.set(cc, f32s(&[0.25; 16]));
    c.cr0(cr0);
    c.push(insn(
        MAD,
        16,
        dst(r, F),
        vec![
            src(a, 0, 0, SEQ, F),
            src(b, 0, 0, BCAST, F),
            src(cc, 0, 0, SEQ, F),
        ],
    ));
    let want: Vec<f32> = (0..16).map(|n| n as f32 * 0.5 + 0.25).collect();
    check(c, Expect::Vars(vec![("R", f32s(&want))]));
}

/// (P1) mod (M1, 4) R:d A<1;1,0>:d B<1;1,0>:d with P1 = 0b0101, A = [7, 7, 7, 7] and
/// B = [2, 0, 3, 0]: lanes 0 and 2 get 1; the disabled lanes 1 and 3 divide by zero but are
/// neither written nor undefined, under both readings of DIV-BY-ZERO.
#[rstest]
#[case::resolved(false)]
#[case::literal(true)]
fn disabled_zero_divisor(#[case] literal: bool) {
    let mut c = Case::new(Platform::XeHpg);
    let a = c.general("A", D, 4);
    let b = c.general("B", D, 4);
    let r = c.general("R", D, 4);
    let p = c.pred("P1", 4);
    c.set(a, i32s(&[7; 4]));
    c.set(b, i32s(&[2, 0, 3, 0]));
    c.set(r, i32s(&[-1; 4]));
    c.set(p, vec![0b0101]);
    if literal {
        c.literal(DIV_BY_ZERO);
    }
    c.push(predicated(
        insn(
            MOD,
            4,
            dst(r, D),
            vec![src(a, 0, 0, SEQ, D), src(b, 0, 0, SEQ, D)],
        ),
        p,
        false,
        Combine::None,
    ));
    let (result, state, program) = run(c);
    assert_eq!(result, Ok(()));
    let id = program.vars.find("R").unwrap();
    assert_eq!(state.read_var(&program.vars, id), i32s(&[1, -1, 1, -1]));
    assert!(undefined_bytes(&state, &program, "R").is_empty());
}

//! Hand-derived MOV and ADD cases, built directly as IR. Each row keeps its assembly text and
//! the derivation of the expected bytes from the documents (2_datatypes.md, 5_operands.md,
//! 3_execution_model.md) and the project's errata readings.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use rstest::rstest;
use visa_spec::errata;
use visa_spec::error::ErrorClass;
use visa_spec::ir::{Dst, Opcode, Region, Src};
use visa_spec::platform::Platform;
use visa_spec::types::DataType::{self, *};

const MOV: Opcode = Opcode::Mov;
const ADD: Opcode = Opcode::Add;
/// `<1;1,0>`: lane n reads element n.
const SEQ: (u32, u32, u32) = (1, 1, 0);

fn mov1(src_ty: DataType, dst_ty: DataType, n: u32, src_bytes: Vec<u8>) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", src_ty, n);
    let r = c.general("R", dst_ty, n);
    c.set(s, src_bytes);
    c.push(insn(
        MOV,
        n,
        dst(r, dst_ty),
        vec![src(s, 0, 0, SEQ, src_ty)],
    ));
    c
}

fn add2(ty0: DataType, ty1: DataType, dst_ty: DataType, n: u32, a: Vec<u8>, b: Vec<u8>) -> Case {
    let mut c = Case::new(Platform::XeHpg);
    let va = c.general("A", ty0, n);
    let vb = c.general("B", ty1, n);
    let r = c.general("R", dst_ty, n);
    c.set(va, a);
    c.set(vb, b);
    c.push(insn(
        ADD,
        n,
        dst(r, dst_ty),
        vec![src(va, 0, 0, SEQ, ty0), src(vb, 0, 0, SEQ, ty1)],
    ));
    c
}

// ---- conversions ------------------------------------------------------------------------

/// mov (M1, 4) R(0,0)<1>:d S(0,0)<1;1,0>:f, S = [1.75, -1.75, 2.5, -0.5]
/// Float to integer discards the fraction (round toward zero): [1, -1, 2, 0].
fn mov_f_to_d_truncates() -> (Case, Expect) {
    let c = mov1(F, D, 4, f32s(&[1.75, -1.75, 2.5, -0.5]));
    (c, Expect::Vars(vec![("R", i32s(&[1, -1, 2, 0]))]))
}

/// mov (M1, 8) R:d S:f with S = [qNaN, -sNaN, 2^31, -2^31, -2^32, +inf, -inf, 2^31-2^7]
/// NaN -> 0; 2^31 > Imax -> Imax; -2^31 is Imin exactly; -2^32 < Imin -> Imin;
/// +inf -> Imax; -inf -> Imin; 0x4effffff = 2^31-128 fits exactly.
fn mov_f_nan_and_range_to_d() -> (Case, Expect) {
    let c = mov1(
        F,
        D,
        8,
        le32(&[
            0x7fc0_0000,
            0xff80_0001,
            0x4f00_0000,
            0xcf00_0000,
            0xcf80_0000,
            0x7f80_0000,
            0xff80_0000,
            0x4eff_ffff,
        ]),
    );
    let want = i32s(&[
        0,
        0,
        i32::MAX,
        i32::MIN,
        i32::MIN,
        i32::MAX,
        i32::MIN,
        2_147_483_520,
    ]);
    (c, Expect::Vars(vec![("R", want)]))
}

/// mov (M1, 4) R:ud S:f with S = [-5.0, -0.5, -inf, 3.9]
/// Resolved FLOAT-TO-UINT-NEGATIVE: negative values and -inf take Imin = 0: [0, 0, 0, 3].
fn mov_f_to_ud_negative_resolved() -> (Case, Expect) {
    let c = mov1(F, UD, 4, f32s(&[-5.0, -0.5, f32::NEG_INFINITY, 3.9]));
    (c, Expect::Vars(vec![("R", le32(&[0, 0, 0, 3]))]))
}

/// The same under the literal reading: -5.0 and -inf are "qNaN Indefinite", which no integer
/// holds: undefined-behaviour, and R keeps its initial bytes.
fn mov_f_to_ud_negative_literal() -> (Case, Expect) {
    let mut c = mov1(F, UD, 4, f32s(&[-5.0, -0.5, f32::NEG_INFINITY, 3.9]));
    let r = c.vars.find("R").unwrap();
    c.set(r, le32(&[0xaaaa_aaaa; 4]));
    c.literal(errata::FLOAT_TO_UINT_NEGATIVE);
    (
        c,
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            0,
            vec![("R", le32(&[0xaaaa_aaaa; 4]))],
        ),
    )
}

/// Literal FLOAT-TO-UINT-NEGATIVE, but every value truncates to 0 or more:
/// S = [-0.5, -0.0, 1.0, 2.5] -> [0, 0, 1, 2], no error.
fn mov_f_to_ud_small_negative_literal() -> (Case, Expect) {
    let mut c = mov1(F, UD, 4, f32s(&[-0.5, -0.0, 1.0, 2.5]));
    c.literal(errata::FLOAT_TO_UINT_NEGATIVE);
    (c, Expect::Vars(vec![("R", le32(&[0, 0, 1, 2]))]))
}

/// Literal FLOAT-TO-UINT-NEGATIVE with EM = 0b1110: lane 0 (-5.0) is not enabled, so it is
/// not converted and cannot fail: S = [-5.0, 1.5, 2.5, 3.5] -> R = [untouched, 1, 2, 3].
fn mov_f_to_ud_negative_literal_disabled_lane() -> (Case, Expect) {
    let mut c = mov1(F, UD, 4, f32s(&[-5.0, 1.5, 2.5, 3.5]));
    let r = c.vars.find("R").unwrap();
    c.set(r, le32(&[0xaaaa_aaaa; 4]));
    c.emask = 0b1110;
    c.literal(errata::FLOAT_TO_UINT_NEGATIVE);
    (c, Expect::Vars(vec![("R", le32(&[0xaaaa_aaaa, 1, 2, 3]))]))
}

/// mov (M1, 1) %cr0(0,0)<1>:ud 0x30:ud; mov (M1, 1) R:hf S:f with S = 1+3*2^-11
/// %cr0 is read before each instruction: the second one rounds toward zero -> 0x3c01 (RTNE
/// would give 0x3c02).
fn cr0_written_by_program() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let cr0 = c.vars.find("%cr0").unwrap();
    let s = c.general("S", F, 1);
    let r = c.general("R", HF, 1);
    c.set(s, le32(&[0x3f80_3000]));
    c.push(insn(MOV, 1, dst(cr0, UD), vec![imm(0x30, UD)]));
    c.push(insn(MOV, 1, dst(r, HF), vec![src(s, 0, 0, (0, 1, 0), F)]));
    (
        c,
        Expect::Vars(vec![("R", le16(&[0x3c01])), ("%cr0", le32(&[0x30]))]),
    )
}

/// mov (M1, 4) R:hf S:f with S = [1+2^-11, 1+3*2^-11, 1+2^-12, 65520] and %cr0 rounding `rc`.
/// HF has 10 fraction bits: ulp(1.0) = 2^-10.
/// - 1+2^-11 is halfway between 0x3c00 and 0x3c01: RTNE -> even 0x3c00; RU -> 0x3c01.
/// - 1+3*2^-11 is halfway between 0x3c01 and 0x3c02: RTNE -> even 0x3c02; RTZ/RD -> 0x3c01.
/// - 1+2^-12 is below half: RTNE/RTZ/RD -> 0x3c00, RU -> 0x3c01.
/// - 65520 is halfway between 65504 (0x7bff) and 2^16 (out of range): RTNE -> +inf 0x7c00;
///   RU -> +inf; RTZ and RD -> largest finite 0x7bff.
fn mov_f_to_hf_rounding(cr0: u32, want: [u16; 4]) -> (Case, Expect) {
    let mut c = mov1(
        F,
        HF,
        4,
        le32(&[0x3f80_1000, 0x3f80_3000, 0x3f80_0800, 0x477f_f000]),
    );
    c.cr0(cr0);
    (c, Expect::Vars(vec![("R", le16(&want))]))
}

/// mov.sat (M1, 4) R:f S:f with S = [-0.0, 2.0, -3.0, qNaN]
/// Saturation to [0.0, 1.0]: 2.0 -> 1.0; -3.0 -> 0.0; NaN -> 0.0;
/// -0.0 -> +0.0 (SAT-NEGATIVE-ZERO resolved) or stays -0.0 (literal).
fn mov_sat_negative_zero(literal: bool) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", F, 4);
    let r = c.general("R", F, 4);
    c.set(
        s,
        le32(&[0x8000_0000, 0x4000_0000, 0xc040_0000, 0x7fc0_0000]),
    );
    c.push(sat(insn(MOV, 4, dst(r, F), vec![src(s, 0, 0, SEQ, F)])));
    let zero = if literal {
        c.literal(errata::SAT_NEGATIVE_ZERO);
        0x8000_0000
    } else {
        0
    };
    (
        c,
        Expect::Vars(vec![("R", le32(&[zero, 0x3f80_0000, 0, 0]))]),
    )
}

/// mov[.sat] (M1, 4) R:ub S:d with S = [300, -5, 255, 7]
/// .sat clamps to [0, 255]: [255, 0, 255, 7]; without it the low 8 bits are kept:
/// 300 = 0x12c -> 0x2c, -5 = 0x...fb -> 0xfb: [0x2c, 0xfb, 0xff, 0x07].
fn mov_int_sat(saturate: bool) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 4);
    let r = c.general("R", UB, 4);
    c.set(s, i32s(&[300, -5, 255, 7]));
    let i = insn(MOV, 4, dst(r, UB), vec![src(s, 0, 0, SEQ, D)]);
    c.push(if saturate { sat(i) } else { i });
    let want = if saturate {
        vec![255, 0, 255, 7]
    } else {
        vec![0x2c, 0xfb, 0xff, 0x07]
    };
    (c, Expect::Vars(vec![("R", want)]))
}

/// mov (M1, 4) R:df S:f then mov (M1, 4) T:f U:df
/// F -> DF is exact: 0.1f (0x3dcccccd) widens to 0x3fb99999a0000000.
/// DF -> F (RTNE): 0.1 (0x3fb999999999999a) -> 0x3dcccccd; sNaN with fraction 1 -> payload
/// (frac >> 29) = 0 | quiet bit -> 0x7fc00000; 1e300 overflows to +inf; sNaN fraction
/// 0x4000020000000 -> (>> 29) 0x200001 | 0x400000 -> 0x7fe00001.
fn mov_df_f_conversions() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", F, 4);
    let r = c.general("R", DF, 4);
    let u = c.general("U", DF, 4);
    let t = c.general("T", F, 4);
    c.set(
        s,
        le32(&[0x3dcc_cccd, 0x3f80_0000, 0x8000_0000, 0x7f80_0000]),
    );
    c.set(
        u,
        le64(&[
            0x3fb9_9999_9999_999a,
            0x7ff0_0000_0000_0001,
            1e300f64.to_bits(),
            0x7ff4_0000_2000_0000,
        ]),
    );
    c.push(insn(MOV, 4, dst(r, DF), vec![src(s, 0, 0, SEQ, F)]));
    c.push(insn(MOV, 4, dst(t, F), vec![src(u, 0, 0, SEQ, DF)]));
    let r_want = le64(&[
        0x3fb9_9999_a000_0000,
        0x3ff0_0000_0000_0000,
        0x8000_0000_0000_0000,
        0x7ff0_0000_0000_0000,
    ]);
    let t_want = le32(&[0x3dcc_cccd, 0x7fc0_0000, 0x7f80_0000, 0x7fe0_0001]);
    (c, Expect::Vars(vec![("R", r_want), ("T", t_want)]))
}

/// mov (M1, 2) R:bf S:f with S = [1+2^-8, 1+3*2^-8] (BF ulp(1.0) = 2^-7)
/// 1+2^-8 is halfway between 0x3f80 and 0x3f81 -> even 0x3f80;
/// 1+3*2^-8 is halfway between 0x3f81 and 0x3f82 -> even 0x3f82.
fn mov_f_to_bf_ties() -> (Case, Expect) {
    let c = mov1(F, BF, 2, le32(&[0x3f80_8000, 0x3f81_8000]));
    (c, Expect::Vars(vec![("R", le16(&[0x3f80, 0x3f82]))]))
}

/// mov (M1, 1) R:f 0x1000001:d with %cr0 = 0x10 (round up)
/// 2^24+1 is halfway between 2^24 (0x4b800000) and 2^24+2 (0x4b800001).
/// Resolved INT-TO-FLOAT-ROUNDING: %cr0 rounds up -> 0x4b800001; literal: always RTNE ->
/// the even 0x4b800000.
fn mov_int_to_float_rounding(literal: bool) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", F, 1);
    c.cr0(0x10);
    c.push(insn(MOV, 1, dst(r, F), vec![imm(0x0100_0001, D)]));
    let want = if literal {
        c.literal(errata::INT_TO_FLOAT_ROUNDING);
        0x4b80_0000
    } else {
        0x4b80_0001
    };
    (c, Expect::Vars(vec![("R", le32(&[want]))]))
}

/// mov (M1, 2) R:f S:f with S = [sNaN 0x7f800001, denormal 0x00000001], %cr0 = 0 (F denormals
/// flushed). Resolved MOV-RAW-COPY: equal types copy the bits. Literal: the conversion path
/// quiets the NaN (0x7fc00001) and flushes the denormal input to +0.
fn mov_raw_copy(literal: bool) -> (Case, Expect) {
    let mut c = mov1(F, F, 2, le32(&[0x7f80_0001, 0x0000_0001]));
    let want = if literal {
        c.literal(errata::MOV_RAW_COPY);
        le32(&[0x7fc0_0001, 0])
    } else {
        le32(&[0x7f80_0001, 0x0000_0001])
    };
    (c, Expect::Vars(vec![("R", want)]))
}

/// mov (M1, 1) R:f H:hf with H = 0x0001 (2^-24) and %cr0 = 0 (HF denormals flushed);
/// mov (M1, 1) Q:hf S:f with S = 0x00000001 (2^-149) and %cr0 = 0x490 (round up, F and HF
/// denormals kept) -- %cr0 is set once; the first instruction sees the same value.
/// Resolved FLOAT-CONVERT-DENORM: inputs follow their type's mode: the HF denormal is kept
/// (bit 10 set) -> F 2^-24 = 0x33800000; the F denormal is kept, 2^-149 rounds up to the
/// smallest HF denormal 0x0001.
/// Literal: widening keeps the HF denormal (0x33800000), narrowing flushes the F denormal to
/// +0 -> 0x0000.
fn float_convert_denorm(literal: bool) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let h = c.general("H", HF, 1);
    let r = c.general("R", F, 1);
    let s = c.general("S", F, 1);
    let q = c.general("Q", HF, 1);
    c.set(h, le16(&[0x0001]));
    c.set(s, le32(&[0x0000_0001]));
    c.cr0(0x490);
    c.push(insn(MOV, 1, dst(r, F), vec![src(h, 0, 0, (0, 1, 0), HF)]));
    c.push(insn(MOV, 1, dst(q, HF), vec![src(s, 0, 0, (0, 1, 0), F)]));
    let q_want = if literal {
        c.literal(errata::FLOAT_CONVERT_DENORM);
        0x0000
    } else {
        0x0001
    };
    (
        c,
        Expect::Vars(vec![("R", le32(&[0x3380_0000])), ("Q", le16(&[q_want]))]),
    )
}

/// Same first instruction with %cr0 = 0 (HF denormals flushed): resolved flushes the HF
/// input (-> +0), literal keeps it on widening (-> 0x33800000).
fn float_convert_denorm_widening_flushed(literal: bool) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let h = c.general("H", HF, 1);
    let r = c.general("R", F, 1);
    c.set(h, le16(&[0x0001]));
    c.push(insn(MOV, 1, dst(r, F), vec![src(h, 0, 0, (0, 1, 0), HF)]));
    let want = if literal {
        c.literal(errata::FLOAT_CONVERT_DENORM);
        0x3380_0000
    } else {
        0
    };
    (c, Expect::Vars(vec![("R", le32(&[want]))]))
}

// ---- ADD ----------------------------------------------------------------------------------

/// add[.sat] (M1, 2) R:d A:d B:d with A = [2^31-1, -2^31], B = [1, -1]
/// Exact sums [2^31, -2^31-1]; truncated to 32 bits: [0x80000000, 0x7fffffff];
/// saturated: [0x7fffffff, 0x80000000].
fn add_int_overflow(saturate: bool) -> (Case, Expect) {
    let mut c = add2(D, D, D, 2, i32s(&[i32::MAX, i32::MIN]), i32s(&[1, -1]));
    if saturate {
        c.insns[0].sat = true;
    }
    let want = if saturate {
        le32(&[0x7fff_ffff, 0x8000_0000])
    } else {
        le32(&[0x8000_0000, 0x7fff_ffff])
    };
    (c, Expect::Vars(vec![("R", want)]))
}

/// add.sat (M1, 2) R:d (-)A:d 0x0:ud; add (M1, 2) Q:d (-)A:d 0x0:ud;
/// add (M1, 1) W:d (-)U:ud 0x0:d; with A = [-2^31, 7], U = 5.
/// Modifiers are exact (OPERAND-MODIFIER-TABLE): -(-2^31) = +2^31, so .sat gives 0x7fffffff
/// and truncation gives 0x80000000; -7 = 0xfffffff9; -(5:ud) = -5 = 0xfffffffb.
fn add_int_modifiers() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let a = c.general("A", D, 2);
    let u = c.general("U", UD, 1);
    let r = c.general("R", D, 2);
    let q = c.general("Q", D, 2);
    let w = c.general("W", D, 1);
    c.set(a, i32s(&[i32::MIN, 7]));
    c.set(u, le32(&[5]));
    c.push(sat(insn(
        ADD,
        2,
        dst(r, D),
        vec![with_mod(src(a, 0, 0, SEQ, D), Mod::Neg), imm(0, UD)],
    )));
    c.push(insn(
        ADD,
        2,
        dst(q, D),
        vec![with_mod(src(a, 0, 0, SEQ, D), Mod::Neg), imm(0, UD)],
    ));
    c.push(insn(
        ADD,
        1,
        dst(w, D),
        vec![with_mod(src(u, 0, 0, (0, 1, 0), UD), Mod::Neg), imm(0, D)],
    ));
    (
        c,
        Expect::Vars(vec![
            ("R", le32(&[0x7fff_ffff, 0xffff_fff9])),
            ("Q", le32(&[0x8000_0000, 0xffff_fff9])),
            ("W", le32(&[0xffff_fffb])),
        ]),
    )
}

/// add (M1, 2) R:f A:f B:f with A = [1.0, 1.0], B = [2^-24, 3*2^-24] (F ulp(1.0) = 2^-23)
/// 1+2^-24 is halfway between 0x3f800000 and 0x3f800001; 1+3*2^-24 halfway between
/// 0x3f800001 and 0x3f800002. RTNE: [0x3f800000, 0x3f800002]; RU: [0x3f800001, 0x3f800002];
/// RTZ: [0x3f800000, 0x3f800001].
fn add_f_rounding(cr0: u32, want: [u32; 2]) -> (Case, Expect) {
    let mut c = add2(
        F,
        F,
        F,
        2,
        f32s(&[1.0, 1.0]),
        le32(&[0x3380_0000, 0x3440_0000]),
    );
    c.cr0(cr0);
    (c, Expect::Vars(vec![("R", le32(&want))]))
}

/// add (M1, 8) R:f A:f B:f with
///   lane: 0: sNaN(1) + -qNaN(2)   -> src0 first, quieted: 0x7fc00001
///         1: +inf + -inf         -> default NaN 0x7fc00000
///         2: 1.0 + qNaN(5)       -> 0x7fc00005
///         3: -0 + -0             -> -0
///         4: 1.0 + -1.0          -> +0 (RTNE, RU, RTZ) / -0 (RD)
///         5: +0 + -0             -> +0 / -0 (RD)
///         6: max + max           -> RTNE +inf; RD +max; ALT +max
///         7: -max + -max         -> RTNE -inf; RD -inf; ALT -max
fn add_f_specials(cr0: u32, lanes_4_to_7: [u32; 4]) -> (Case, Expect) {
    let a = [
        0x7f80_0001,
        0x7f80_0000,
        0x3f80_0000,
        0x8000_0000,
        0x3f80_0000,
        0x0000_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
    ];
    let b = [
        0xffc0_0002,
        0xff80_0000,
        0x7fc0_0005,
        0x8000_0000,
        0xbf80_0000,
        0x8000_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
    ];
    let mut c = add2(F, F, F, 8, le32(&a), le32(&b));
    c.cr0(cr0);
    let mut want = vec![0x7fc0_0001, 0x7fc0_0000, 0x7fc0_0005, 0x8000_0000];
    want.extend(lanes_4_to_7);
    (c, Expect::Vars(vec![("R", le32(&want))]))
}

/// add (M1, 4) R:f A:f B:f with
///   lane 0: 2^-149 + 0           flushed input: +0;          kept: 0x00000001
///   lane 1: 2^-126 + -2^-149     flushed input: 0x00800000;  kept: 0x007fffff
///   lane 2: (2^-126+2^-149) + -2^-126 = 2^-149 (denormal result): flushed -> +0; kept 0x00000001
///   lane 3: 1.0 + 1.0 = 2.0
/// %cr0 bit 7 selects keep (1) or flush (0) for F.
fn add_f_denormals(keep: bool) -> (Case, Expect) {
    let a = le32(&[0x0000_0001, 0x0080_0000, 0x0080_0001, 0x3f80_0000]);
    let b = le32(&[0x0000_0000, 0x8000_0001, 0x8080_0000, 0x3f80_0000]);
    let mut c = add2(F, F, F, 4, a, b);
    c.cr0(if keep { 0x80 } else { 0 });
    let want = if keep {
        [0x1, 0x007f_ffff, 0x1, 0x4000_0000]
    } else {
        [0, 0x0080_0000, 0, 0x4000_0000]
    };
    (c, Expect::Vars(vec![("R", le32(&want))]))
}

/// add (M1, 2) R:hf A:hf B:hf with A = [2^-24, 2^-14], B = [2^-24, -2^-24], %cr0 = 0x400 (HF
/// denormals kept). Resolved HF-DENORM-FLUSH: [2^-23 = 0x0002, 2^-14-2^-24 = 0x03ff].
/// Literal: HF denormals always flushed: [+0 + +0 = 0x0000, 2^-14 + -0 = 0x0400].
fn add_hf_denorm_flush(literal: bool) -> (Case, Expect) {
    let mut c = add2(
        HF,
        HF,
        HF,
        2,
        le16(&[0x0001, 0x0400]),
        le16(&[0x0001, 0x8001]),
    );
    c.cr0(0x400);
    let want = if literal {
        c.literal(errata::HF_DENORM_FLUSH);
        [0x0000, 0x0400]
    } else {
        [0x0002, 0x03ff]
    };
    (c, Expect::Vars(vec![("R", le16(&want))]))
}

/// add (M1, 2) R:bf A:f B:bf with A = [1.0, 1.0], B = [2^-8 (0x3b80), 3*2^-8 (0x3c40)]
/// One rounding of the exact sums into BF (ulp(1.0) = 2^-7): 1+2^-8 is a tie -> even 0x3f80;
/// 1+3*2^-8 is a tie between 0x3f81 and 0x3f82 -> 0x3f82.
fn add_f_bf_mixed() -> (Case, Expect) {
    let c = add2(F, BF, BF, 2, f32s(&[1.0, 1.0]), le16(&[0x3b80, 0x3c40]));
    (c, Expect::Vars(vec![("R", le16(&[0x3f80, 0x3f82]))]))
}

/// add (M1, 1) R:df A:df B:df with A = 1.0, B = 2^-53 and %cr0 rounding up
/// 1 + 2^-53 is halfway between 1.0 and 1+2^-52: RU -> 0x3ff0000000000001; RTNE -> 1.0.
fn add_df_round_up(cr0: u32, want: u64) -> (Case, Expect) {
    let mut c = add2(
        DF,
        DF,
        DF,
        1,
        le64(&[1f64.to_bits()]),
        le64(&[2f64.powi(-53).to_bits()]),
    );
    c.cr0(cr0);
    (c, Expect::Vars(vec![("R", le64(&[want]))]))
}

// ---- regions --------------------------------------------------------------------------------

/// mov (M1, 8) R:d S(0,2)<0;1,0>:d with S = [10, 11, 12, 13]: every lane reads element 2.
fn region_broadcast() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 4);
    let r = c.general("R", D, 8);
    c.set(s, i32s(&[10, 11, 12, 13]));
    c.push(insn(MOV, 8, dst(r, D), vec![src(s, 0, 2, (0, 1, 0), D)]));
    (c, Expect::Vars(vec![("R", i32s(&[12; 8]))]))
}

/// mov (M1, 8) R:d S(0,0)<8;4,2>:d with S[k] = 100 + k (16 elements)
/// Lane n = i*4 + j reads element i*8 + j*2: [0, 2, 4, 6, 8, 10, 12, 14].
fn region_8_4_2() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 16);
    let r = c.general("R", D, 8);
    c.set(s, i32s(&(100..116).collect::<Vec<_>>()));
    c.push(insn(MOV, 8, dst(r, D), vec![src(s, 0, 0, (8, 4, 2), D)]));
    (
        c,
        Expect::Vars(vec![("R", i32s(&[100, 102, 104, 106, 108, 110, 112, 114]))]),
    )
}

/// mov (M1, 4) R:d S(1,1)<4;4,1>:d; mov (M1, 2) T(1,0)<1>:d 0x7:d; with S[k] = k (32 elements)
/// FirstElementIndex = R * (ROW / 4) + C: ROW = 32 bytes (XeHpg, or GRF-ROW-SIZE literal):
/// 1*8+1 = 9 -> [9, 10, 11, 12], T elements 8, 9 written; ROW = 64 (Xe2): 1*16+1 = 17 ->
/// [17, 18, 19, 20], T elements 16, 17.
fn region_row_origin(platform: Platform, literal_rows: bool, row_elems: i32) -> (Case, Expect) {
    let mut c = Case::new(platform);
    let s = c.general("S", D, 32);
    let r = c.general("R", D, 4);
    let t = c.general("T", D, 32);
    c.set(s, i32s(&(0..32).collect::<Vec<_>>()));
    if literal_rows {
        c.literal(errata::GRF_ROW_SIZE);
    }
    c.push(insn(MOV, 4, dst(r, D), vec![src(s, 1, 1, (4, 4, 1), D)]));
    c.push(insn(MOV, 2, dst_at(t, 1, 0, 1, D), vec![imm(7, D)]));
    let first = row_elems + 1;
    let mut t_want = vec![0i32; 32];
    t_want[row_elems as usize] = 7;
    t_want[row_elems as usize + 1] = 7;
    (
        c,
        Expect::Vars(vec![
            ("R", i32s(&[first, first + 1, first + 2, first + 3])),
            ("T", i32s(&t_want)),
        ]),
    )
}

/// mov (M1, 4) R(0,1)<2>:w S(0,0)<1;1,0>:w with S = [1, 2, 3, 4]: destination lane n writes
/// element 1 + 2n: R = [0, 1, 0, 2, 0, 3, 0, 4].
fn region_dst_stride() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", W, 4);
    let r = c.general("R", W, 8);
    c.set(s, le16(&[1, 2, 3, 4]));
    c.push(insn(
        MOV,
        4,
        dst_at(r, 0, 1, 2, W),
        vec![src(s, 0, 0, SEQ, W)],
    ));
    (
        c,
        Expect::Vars(vec![("R", le16(&[0, 1, 0, 2, 0, 3, 0, 4]))]),
    )
}

/// add (M1, 4) S(0,0)<1>:d S(0,1)<1;1,0>:d S(0,0)<1;1,0>:d with S = [1, 2, 3, 4, 5]
/// Every source lane is read before any write: [2+1, 3+2, 4+3, 5+4] = [3, 5, 7, 9], S[4] = 5.
fn overlapping_sources_read_first() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 5);
    c.set(s, i32s(&[1, 2, 3, 4, 5]));
    c.push(insn(
        ADD,
        4,
        dst(s, D),
        vec![src(s, 0, 1, SEQ, D), src(s, 0, 0, SEQ, D)],
    ));
    (c, Expect::Vars(vec![("S", i32s(&[3, 5, 7, 9, 5]))]))
}

// ---- immediates and predicate sources --------------------------------------------------------

/// mov (M1, 8) R:w 0x8F123A07:v; mov (M1, 8) U:uw 0x8F123A07:uv
/// Nibbles from the low end: 7, 0, A, 3, 2, 1, F, 8. V (signed): [7, 0, -6, 3, 2, 1, -1, -8];
/// UV: [7, 0, 10, 3, 2, 1, 15, 8].
fn packed_int_immediates() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", W, 8);
    let u = c.general("U", UW, 8);
    c.push(insn(MOV, 8, dst(r, W), vec![imm(0x8f12_3a07, V)]));
    c.push(insn(MOV, 8, dst(u, UW), vec![imm(0x8f12_3a07, UV)]));
    (
        c,
        Expect::Vars(vec![
            ("R", le16(&[7, 0, 0xfffa, 3, 2, 1, 0xffff, 0xfff8])),
            ("U", le16(&[7, 0, 10, 3, 2, 1, 15, 8])),
        ]),
    )
}

/// mov (M1, 4) R:f 0xB03C0047:vf
/// Bytes from the low end, sign:1 exp:3 mantissa:4, bias 3 (VF-ENCODING):
/// 0x47: 2^(4-3) * (1+7/16) = 2.875 (0x40380000); 0x00: +0; 0x3c: 2^0 * (1+12/16) = 1.75
/// (0x3fe00000); 0xb0: -(2^0 * 1) = -1.0 (0xbf800000).
fn packed_vf_immediate() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", F, 4);
    c.push(insn(MOV, 4, dst(r, F), vec![imm(0xb03c_0047, VF)]));
    (
        c,
        Expect::Vars(vec![(
            "R",
            le32(&[0x4038_0000, 0, 0x3fe0_0000, 0xbf80_0000]),
        )]),
    )
}

/// mov (M1, 1) R:uw P1; mov (M1, 1) U:ud P2 with P1 (16 elements) = 0xBEEF, P2 (4 elements)
/// = 0b1011: the predicate read as an unsigned integer, zero-extended: 0xBEEF, 0x0000000B.
fn mov_from_predicate() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let p1 = c.pred("P1", 16);
    let p2 = c.pred("P2", 4);
    let r = c.general("R", UW, 1);
    let u = c.general("U", UD, 1);
    c.set(p1, le16(&[0xbeef]));
    c.set(p2, vec![0b1011]);
    c.push(insn(MOV, 1, dst(r, UW), vec![Src::Predicate { var: p1 }]));
    c.push(insn(MOV, 1, dst(u, UD), vec![Src::Predicate { var: p2 }]));
    (
        c,
        Expect::Vars(vec![("R", le16(&[0xbeef])), ("U", le32(&[0xb]))]),
    )
}

// ---- channel enables ------------------------------------------------------------------------

/// (P1) mov (M1, 8) R:d 0x1:d; (!P1) mov (M1, 8) Q:d 0x1:d with P1 = 0xA5 (1010_0101)
/// Sequential mapping: lanes 0, 2, 5, 7 for P1 and 1, 3, 4, 6 for !P1.
fn predicate_invert() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P1", 8);
    let r = c.general("R", D, 8);
    let q = c.general("Q", D, 8);
    c.set(p, vec![0xa5]);
    c.push(predicated(
        insn(MOV, 8, dst(r, D), vec![imm(1, D)]),
        p,
        false,
        Combine::None,
    ));
    c.push(predicated(
        insn(MOV, 8, dst(q, D), vec![imm(1, D)]),
        p,
        true,
        Combine::None,
    ));
    (
        c,
        Expect::Vars(vec![
            ("R", i32s(&[1, 0, 1, 0, 0, 1, 0, 1])),
            ("Q", i32s(&[0, 1, 0, 1, 1, 0, 1, 0])),
        ]),
    )
}

/// With P1 = 0x10 (only bit 4 set) and SIMD8:
/// (P1.any) -> every lane; (P1.all) -> none; (!P1.all) -> every lane (combine, then invert);
/// (!P1.any) -> none.
fn predicate_any_all() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P1", 8);
    c.set(p, vec![0x10]);
    let rows = [
        ("R1", false, Combine::Any),
        ("R2", false, Combine::All),
        ("R3", true, Combine::All),
        ("R4", true, Combine::Any),
    ];
    for (name, invert, combine) in rows {
        let r = c.general(name, D, 8);
        c.push(predicated(
            insn(MOV, 8, dst(r, D), vec![imm(1, D)]),
            p,
            invert,
            combine,
        ));
    }
    (
        c,
        Expect::Vars(vec![
            ("R1", i32s(&[1; 8])),
            ("R2", i32s(&[0; 8])),
            ("R3", i32s(&[1; 8])),
            ("R4", i32s(&[0; 8])),
        ]),
    )
}

/// (P1) mov (M5, 8) R:d 0x1:d with EM = 0x00F00000, P1 (32 elements) = 0x00550000
/// M5 has offset 16: ChEn[n] = EM[n+16] -> lanes 4..7; PMask[n] = P1[n+16] = 0x55 -> lanes
/// 0, 2, 4, 6; enabled: 4 and 6. Lane n still writes element n of R.
fn mask_offset_m5() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P1", 32);
    let r = c.general("R", D, 8);
    c.set(p, le32(&[0x0055_0000]));
    c.emask = 0x00f0_0000;
    c.push(predicated(
        masked(insn(MOV, 8, dst(r, D), vec![imm(1, D)]), 5, false),
        p,
        false,
        Combine::None,
    ));
    (
        c,
        Expect::Vars(vec![("R", i32s(&[0, 0, 0, 0, 1, 0, 1, 0]))]),
    )
}

/// With EM = 0: mov (M1_NM, 8) R:d 0x1:d writes every lane; mov (M1, 8) Q:d 0x1:d none;
/// (P1) mov (M1_NM, 8) T:d 0x1:d with P1 = 0x0F: predication still applies -> lanes 0..3.
fn no_mask() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let p = c.pred("P1", 8);
    let r = c.general("R", D, 8);
    let q = c.general("Q", D, 8);
    let t = c.general("T", D, 8);
    c.set(p, vec![0x0f]);
    c.emask = 0;
    c.push(masked(insn(MOV, 8, dst(r, D), vec![imm(1, D)]), 1, true));
    c.push(insn(MOV, 8, dst(q, D), vec![imm(1, D)]));
    c.push(predicated(
        masked(insn(MOV, 8, dst(t, D), vec![imm(1, D)]), 1, true),
        p,
        false,
        Combine::None,
    ));
    (
        c,
        Expect::Vars(vec![
            ("R", i32s(&[1; 8])),
            ("Q", i32s(&[0; 8])),
            ("T", i32s(&[1, 1, 1, 1, 0, 0, 0, 0])),
        ]),
    )
}

// ---- indirect operands ----------------------------------------------------------------------

fn indirect_src(
    addr: u32,
    addr_sub: u32,
    imm_offset: i32,
    region: (u32, u32, u32),
    multi: bool,
    ty: DataType,
) -> Src {
    Src::Indirect {
        addr: visa_spec::state::VarId(addr),
        addr_sub,
        imm_offset,
        region: Region {
            vstride: region.0,
            width: region.1,
            hstride: region.2,
        },
        multi,
        modifier: None,
        ty,
    }
}

/// mov (M1, 4) R:d r[A0(0), 4]<1;1,0>:d with A0(0) = &S + 8: origin byte &S + 12 = S[3]:
/// [S3, S4, S5, S6].
/// mov (M1, 4) Q:d r[A1(0), 0]<;2,1>:d with A1 = [&S, &S + 16]: rows start at S0 and S4:
/// [S0, S1, S4, S5].
fn indirect_sources() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let s = c.general("S", D, 8);
    let r = c.general("R", D, 4);
    let q = c.general("Q", D, 4);
    let a0 = c.addr("A0", 1);
    let a1 = c.addr("A1", 2);
    let base = c.grf_offset(s) as u16;
    c.set(s, i32s(&[10, 11, 12, 13, 14, 15, 16, 17]));
    c.set(a0, le16(&[base + 8]));
    c.set(a1, le16(&[base, base + 16]));
    c.push(insn(
        MOV,
        4,
        dst(r, D),
        vec![indirect_src(a0.0, 0, 4, SEQ, false, D)],
    ));
    c.push(insn(
        MOV,
        4,
        dst(q, D),
        vec![indirect_src(a1.0, 0, 0, (0, 2, 1), true, D)],
    ));
    (
        c,
        Expect::Vars(vec![
            ("R", i32s(&[13, 14, 15, 16])),
            ("Q", i32s(&[10, 11, 14, 15])),
        ]),
    )
}

/// mov (M1, 1) Z:d 0x2a:d, then mov (M1, N) R:d r[A0(k), 0]<1;1,0>:d with a bad address:
/// undefined-behaviour at the second instruction; Z = 42 (the first ran), R untouched.
/// `bad`: 0 = past the end of the register file, 1 = misaligned (&S + 2 for a D),
/// 2 = address element 1 of a 1-element address variable: a static fault, reported by the
/// IR check before anything runs (invalid-instruction at the second instruction, Z still 0),
/// 3 = in bounds for lane 0 (the only enabled lane, EM = 1) but past the end for lanes 4..7
/// (S is the last variable).
fn indirect_src_bad(bad: u32) -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let z = c.general("Z", D, 1);
    let r = c.general("R", D, 8);
    let a0 = c.addr("A0", 1);
    let s = c.general("S", D, 8);
    let base = c.grf_offset(s) as u16;
    let end = c.vars.grf_bytes() as u16;
    c.set(r, le32(&[0xaaaa_aaaa; 8]));
    let (addr, sub, n) = match bad {
        0 => (end - 2, 0, 1),
        1 => (base + 2, 0, 1),
        2 => (base, 1, 1),
        _ => {
            c.emask = 1;
            (base + 16, 0, 8)
        }
    };
    c.set(a0, le16(&[addr]));
    c.push(insn(MOV, 1, dst(z, D), vec![imm(42, D)]));
    c.push(insn(
        MOV,
        n,
        dst(r, D),
        vec![indirect_src(a0.0, sub, 0, SEQ, false, D)],
    ));
    let (class, z_want) = if bad == 2 {
        (ErrorClass::InvalidInstruction, 0)
    } else {
        (ErrorClass::UndefinedBehaviour, 42)
    };
    (
        c,
        Expect::Error(
            class,
            1,
            vec![("Z", i32s(&[z_want])), ("R", le32(&[0xaaaa_aaaa; 8]))],
        ),
    )
}

/// mov (M1, 2) r[A0(0), 2]<2>:w 0x1234:w with A0 = &R: lane n writes byte &R + 2 + 4n:
/// R(w) elements 1 and 3.
fn indirect_dst() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    let r = c.general("R", W, 4);
    let a0 = c.addr("A0", 1);
    let base = c.grf_offset(r) as u16;
    c.set(a0, le16(&[base]));
    c.push(insn(
        MOV,
        2,
        Dst::Indirect {
            addr: a0,
            addr_sub: 0,
            imm_offset: 2,
            hstride: 2,
            ty: W,
        },
        vec![imm(0x1234, W)],
    ));
    (c, Expect::Vars(vec![("R", le16(&[0, 0x1234, 0, 0x1234]))]))
}

/// mov (M1, 4) r[A0(0), 0]<1>:d 0x1:d with A0 = end of register file - 8: lanes 2 and 3 fall
/// outside: undefined-behaviour, nothing written (lanes 0 and 1 included).
fn indirect_dst_out_of_bounds() -> (Case, Expect) {
    let mut c = Case::new(Platform::XeHpg);
    c.general("R", D, 8); // the last variable: its last 8 bytes end the register file
    let a0 = c.addr("A0", 1);
    let end = c.vars.grf_bytes() as u16;
    c.set(a0, le16(&[end - 8]));
    c.push(insn(
        MOV,
        4,
        Dst::Indirect {
            addr: a0,
            addr_sub: 0,
            imm_offset: 0,
            hstride: 1,
            ty: D,
        },
        vec![imm(1, D)],
    ));
    (
        c,
        Expect::Error(
            ErrorClass::UndefinedBehaviour,
            0,
            vec![("R", i32s(&[0; 8]))],
        ),
    )
}

#[rstest]
#[case::mov_f_to_d_truncates(mov_f_to_d_truncates())]
#[case::mov_f_nan_and_range_to_d(mov_f_nan_and_range_to_d())]
#[case::mov_f_to_ud_negative_resolved(mov_f_to_ud_negative_resolved())]
#[case::mov_f_to_ud_negative_literal(mov_f_to_ud_negative_literal())]
#[case::mov_f_to_ud_small_negative_literal(mov_f_to_ud_small_negative_literal())]
#[case::mov_f_to_ud_negative_literal_disabled_lane(mov_f_to_ud_negative_literal_disabled_lane())]
#[case::cr0_written_by_program(cr0_written_by_program())]
#[case::mov_f_to_hf_rtne(mov_f_to_hf_rounding(0x00, [0x3c00, 0x3c02, 0x3c00, 0x7c00]))]
#[case::mov_f_to_hf_ru(mov_f_to_hf_rounding(0x10, [0x3c01, 0x3c02, 0x3c01, 0x7c00]))]
#[case::mov_f_to_hf_rd(mov_f_to_hf_rounding(0x20, [0x3c00, 0x3c01, 0x3c00, 0x7bff]))]
#[case::mov_f_to_hf_rtz(mov_f_to_hf_rounding(0x30, [0x3c00, 0x3c01, 0x3c00, 0x7bff]))]
#[case::mov_sat_negative_zero_resolved(mov_sat_negative_zero(false))]
#[case::mov_sat_negative_zero_literal(mov_sat_negative_zero(true))]
#[case::mov_int_sat(mov_int_sat(true))]
#[case::mov_int_truncate(mov_int_sat(false))]
#[case::mov_df_f_conversions(mov_df_f_conversions())]
#[case::mov_f_to_bf_ties(mov_f_to_bf_ties())]
#[case::mov_int_to_float_rounding_resolved(mov_int_to_float_rounding(false))]
#[case::mov_int_to_float_rounding_literal(mov_int_to_float_rounding(true))]
#[case::mov_raw_copy_resolved(mov_raw_copy(false))]
#[case::mov_raw_copy_literal(mov_raw_copy(true))]
#[case::float_convert_denorm_resolved(float_convert_denorm(false))]
#[case::float_convert_denorm_literal(float_convert_denorm(true))]
#[case::float_convert_denorm_widening_resolved(float_convert_denorm_widening_flushed(false))]
#[case::float_convert_denorm_widening_literal(float_convert_denorm_widening_flushed(true))]
#[case::add_int_overflow_wraps(add_int_overflow(false))]
#[case::add_int_overflow_sat(add_int_overflow(true))]
#[case::add_int_modifiers(add_int_modifiers())]
#[case::add_f_rtne(add_f_rounding(0x00, [0x3f80_0000, 0x3f80_0002]))]
#[case::add_f_ru(add_f_rounding(0x10, [0x3f80_0001, 0x3f80_0002]))]
#[case::add_f_rtz(add_f_rounding(0x30, [0x3f80_0000, 0x3f80_0001]))]
#[case::add_f_specials_rtne(add_f_specials(0x00, [0, 0, 0x7f80_0000, 0xff80_0000]))]
#[case::add_f_specials_rd(add_f_specials(0x20, [0x8000_0000, 0x8000_0000, 0x7f7f_ffff, 0xff80_0000]))]
#[case::add_f_specials_alt(add_f_specials(0x01, [0, 0, 0x7f7f_ffff, 0xff7f_ffff]))]
#[case::add_f_denormals_flushed(add_f_denormals(false))]
#[case::add_f_denormals_kept(add_f_denormals(true))]
#[case::add_hf_denorm_flush_resolved(add_hf_denorm_flush(false))]
#[case::add_hf_denorm_flush_literal(add_hf_denorm_flush(true))]
#[case::add_f_bf_mixed(add_f_bf_mixed())]
#[case::add_df_rtne(add_df_round_up(0x00, 0x3ff0_0000_0000_0000))]
#[case::add_df_ru(add_df_round_up(0x10, 0x3ff0_0000_0000_0001))]
#[case::region_broadcast(region_broadcast())]
#[case::region_8_4_2(region_8_4_2())]
#[case::region_rows_32_byte_grf(region_row_origin(Platform::XeHpg, false, 8))]
#[case::region_rows_64_byte_grf(region_row_origin(Platform::Xe2, false, 16))]
#[case::region_rows_64_byte_grf_literal(region_row_origin(Platform::Xe2, true, 8))]
#[case::region_dst_stride(region_dst_stride())]
#[case::overlapping_sources_read_first(overlapping_sources_read_first())]
#[case::packed_int_immediates(packed_int_immediates())]
#[case::packed_vf_immediate(packed_vf_immediate())]
#[case::mov_from_predicate(mov_from_predicate())]
#[case::predicate_invert(predicate_invert())]
#[case::predicate_any_all(predicate_any_all())]
#[case::mask_offset_m5(mask_offset_m5())]
#[case::no_mask(no_mask())]
#[case::indirect_sources(indirect_sources())]
#[case::indirect_src_past_end(indirect_src_bad(0))]
#[case::indirect_src_misaligned(indirect_src_bad(1))]
#[case::indirect_src_bad_addr_sub(indirect_src_bad(2))]
#[case::indirect_src_disabled_lane_out_of_bounds(indirect_src_bad(3))]
#[case::indirect_dst(indirect_dst())]
#[case::indirect_dst_out_of_bounds(indirect_dst_out_of_bounds())]
fn oracle_case(#[case] case: (Case, Expect)) {
    check(case.0, case.1);
}

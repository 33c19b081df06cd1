//! Edge catalog of the exact arithmetic (`visa_spec::num`): decoding, source modifiers,
//! conversions with saturation, packed immediates, DPAS precisions, IEEE addition and the
//! %cr0 float mode.
//!
//! Every expected value is derived by hand from 2_datatypes.md, the %cr0 description
//! (4_visa_header.md) and the IEEE 754 formats, under the project's resolved readings unless a
//! row names an erratum's literal reading. The derivation is the comment above each row.
//! Property tests at the end compare with native f32/f64 arithmetic.

#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use rstest::rstest;
use visa_spec::asm::ast::SrcModifier;
use visa_spec::errata::{self, Reading, Readings};
use visa_spec::error::ErrorClass;
use visa_spec::num::{
    add, apply_modifier, convert, decode, decode_packed, decode_precision, flush_conversion_input,
    flush_input, ExactFloat, FloatMode, Rounding, Value,
};
use visa_spec::types::DataType::{
    self, B, BF, BOOL, D, DF, F, HF, Q, UB, UD, UQ, UV, UW, V, VF, W,
};
use visa_spec::types::Precision;

// %cr0 fields (4_visa_header.md, V14(%cr0)).
const RTNE: u32 = 0b00 << 4;
const RU: u32 = 0b01 << 4;
const RD: u32 = 0b10 << 4;
const RTZ: u32 = 0b11 << 4;
const ALT: u32 = 1 << 0;
const KEEP_DF: u32 = 1 << 6;
const KEEP_F: u32 = 1 << 7;
const KEEP_HF: u32 = 1 << 10;
const KEEP_ALL: u32 = KEEP_DF | KEEP_F | KEEP_HF;

// Readings: every erratum resolved, or the listed ones literal.
const RESOLVED: &[&str] = &[];
const LIT_UINT: &[&str] = &[errata::FLOAT_TO_UINT_NEGATIVE];
const LIT_I2F: &[&str] = &[errata::INT_TO_FLOAT_ROUNDING];
const LIT_SAT0: &[&str] = &[errata::SAT_NEGATIVE_ZERO];
const LIT_HF: &[&str] = &[errata::HF_DENORM_FLUSH];
const LIT_CVT: &[&str] = &[errata::FLOAT_CONVERT_DENORM];

const UNDEFINED: ErrorClass = ErrorClass::UndefinedBehaviour;
const MODEL_BUG: ErrorClass = ErrorClass::ModelBug;

fn readings(literal: &[&str]) -> Readings {
    let mut r = Readings::resolved();
    for id in literal {
        r.set(id, Reading::Literal).unwrap();
    }
    r
}

/// Decodes `bits` as `src` (no input flushing) and converts to `dst`.
fn conv(
    src: DataType,
    bits: u64,
    dst: DataType,
    sat: bool,
    cr0: u32,
    literal: &[&str],
) -> Result<u64, ErrorClass> {
    conv_value(&decode(bits, src), dst, sat, cr0, literal)
}

fn conv_value(
    value: &Value,
    dst: DataType,
    sat: bool,
    cr0: u32,
    literal: &[&str],
) -> Result<u64, ErrorClass> {
    let mode = FloatMode::from_cr0(cr0);
    convert(value, dst, sat, &mode, &readings(literal)).map_err(|e| e.class)
}

/// The F encoding of a value that F holds exactly (denormals kept).
fn f32_bits(value: &Value) -> u64 {
    conv_value(value, F, false, KEEP_ALL, RESOLVED).unwrap()
}

fn int(v: i128) -> Value {
    Value::from_i128(v)
}

// =============================================================================================
// Float to integer (2_datatypes.md, "Float to Integer"; erratum FLOAT-TO-UINT-NEGATIVE)
// =============================================================================================

#[rstest]
// qNaN → 0
#[case(F, 0x7fc0_0000, D, false, RESOLVED, Ok(0))]
// sNaN → 0
#[case(F, 0x7f80_0001, UD, false, RESOLVED, Ok(0))]
// negative NaN → 0 (also for an unsigned destination under the literal reading)
#[case(F, 0xffc0_0000, UB, false, LIT_UINT, Ok(0))]
// +inf → Imax of D
#[case(F, 0x7f80_0000, D, false, RESOLVED, Ok(0x7fff_ffff))]
// -inf → Imin of D = 0x80000000
#[case(F, 0xff80_0000, D, false, RESOLVED, Ok(0x8000_0000))]
// +inf → Imax of UB
#[case(F, 0x7f80_0000, UB, false, RESOLVED, Ok(0xff))]
// -inf → Imin of UB (resolved) = 0
#[case(F, 0xff80_0000, UB, false, RESOLVED, Ok(0))]
// -inf → unsigned, literal: "qNaN Indefinite", no integer result
#[case(F, 0xff80_0000, UD, false, LIT_UINT, Err(UNDEFINED))]
// 0x4039999a = 2.9: truncation toward zero → 2
#[case(F, 0x4039_999a, D, false, RESOLVED, Ok(2))]
// 0xc039999a = -2.9: truncation toward zero → -2 = 0xfffffffe
#[case(F, 0xc039_999a, D, false, RESOLVED, Ok(0xffff_fffe))]
// -2.9 → W: -2 = 0xfffe in 16 bits
#[case(F, 0xc039_999a, W, false, RESOLVED, Ok(0xfffe))]
// 0x4f000000 = 2^31 > Imax of D → 0x7fffffff
#[case(F, 0x4f00_0000, D, false, RESOLVED, Ok(0x7fff_ffff))]
// 0xcf000000 = -2^31 = Imin of D, exact
#[case(F, 0xcf00_0000, D, false, RESOLVED, Ok(0x8000_0000))]
// 2^31 fits UD
#[case(F, 0x4f00_0000, UD, false, RESOLVED, Ok(0x8000_0000))]
// 0x4f800000 = 2^32 > Imax of UD → 0xffffffff
#[case(F, 0x4f80_0000, UD, false, RESOLVED, Ok(0xffff_ffff))]
// 0x43960000 = 300.0 > 255 → 0xff
#[case(F, 0x4396_0000, UB, false, RESOLVED, Ok(0xff))]
// 0xc3010000 = -129.0 < -128 → Imin of B = 0x80
#[case(F, 0xc301_0000, B, false, RESOLVED, Ok(0x80))]
// 0x501502f9 = 1e10 > 32767 → 0x7fff
#[case(F, 0x5015_02f9, W, false, RESOLVED, Ok(0x7fff))]
// 0x7f7fffff = F max ≈ 3.4e38 → UQ max
#[case(F, 0x7f7f_ffff, UQ, false, RESOLVED, Ok(u64::MAX))]
// 0xbf000000 = -0.5 truncates to 0 → 0 under both readings
#[case(F, 0xbf00_0000, UD, false, RESOLVED, Ok(0))]
#[case(F, 0xbf00_0000, UD, false, LIT_UINT, Ok(0))]
// -0 → 0 under both readings
#[case(F, 0x8000_0000, UD, false, RESOLVED, Ok(0))]
#[case(F, 0x8000_0000, UD, false, LIT_UINT, Ok(0))]
// 0x80000001 = -2^-149, a negative denormal → 0 under both readings
#[case(F, 0x8000_0001, UW, false, LIT_UINT, Ok(0))]
// 0xbf800000 = -1.0: resolved → Imin 0; literal → no result
#[case(F, 0xbf80_0000, UD, false, RESOLVED, Ok(0))]
#[case(F, 0xbf80_0000, UD, false, LIT_UINT, Err(UNDEFINED))]
// -2.9 → UB: resolved 0; literal undefined
#[case(F, 0xc039_999a, UB, false, RESOLVED, Ok(0))]
#[case(F, 0xc039_999a, UB, false, LIT_UINT, Err(UNDEFINED))]
// -1.0 to a signed type is simply -1 under the literal reading too
#[case(F, 0xbf80_0000, B, false, LIT_UINT, Ok(0xff))]
// sat changes nothing for integer destinations: 2.9 → 2, -1.0 → UD 0, 1e10 → W 0x7fff
#[case(F, 0x4039_999a, D, true, RESOLVED, Ok(2))]
#[case(F, 0xbf80_0000, UD, true, RESOLVED, Ok(0))]
#[case(F, 0xbf80_0000, UD, true, LIT_UINT, Err(UNDEFINED))]
#[case(F, 0x5015_02f9, W, true, RESOLVED, Ok(0x7fff))]
// DF 0x43e0000000000000 = 2^63 > Imax of Q → 0x7fff...
#[case(
    DF,
    0x43e0_0000_0000_0000,
    Q,
    false,
    RESOLVED,
    Ok(0x7fff_ffff_ffff_ffff)
)]
// 2^63 fits UQ
#[case(
    DF,
    0x43e0_0000_0000_0000,
    UQ,
    false,
    RESOLVED,
    Ok(0x8000_0000_0000_0000)
)]
// DF 0x43f0000000000000 = 2^64 > Imax of UQ
#[case(DF, 0x43f0_0000_0000_0000, UQ, false, RESOLVED, Ok(u64::MAX))]
// DF 0xc3e0000000000000 = -2^63 = Imin of Q
#[case(
    DF,
    0xc3e0_0000_0000_0000,
    Q,
    false,
    RESOLVED,
    Ok(0x8000_0000_0000_0000)
)]
// DF 1e300 → Imax of Q; -1e300 → Imin
#[case(
    DF,
    0x7e37_e43c_8800_759c,
    Q,
    false,
    RESOLVED,
    Ok(0x7fff_ffff_ffff_ffff)
)]
#[case(
    DF,
    0xfe37_e43c_8800_759c,
    Q,
    false,
    RESOLVED,
    Ok(0x8000_0000_0000_0000)
)]
// DF 0x4340000000000001 = 2^53 + 2, exact → 0x20000000000002
#[case(
    DF,
    0x4340_0000_0000_0001,
    Q,
    false,
    RESOLVED,
    Ok(0x0020_0000_0000_0002)
)]
// HF 0x7bff = 65504 → UW 0xffe0; → B saturates to 127
#[case(HF, 0x7bff, UW, false, RESOLVED, Ok(0xffe0))]
#[case(HF, 0x7bff, B, false, RESOLVED, Ok(0x7f))]
// BF 0xc2c8 = -100 → B 0x9c
#[case(BF, 0xc2c8, B, false, RESOLVED, Ok(0x9c))]
fn float_to_int(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] sat: bool,
    #[case] literal: &[&str],
    #[case] expected: Result<u64, ErrorClass>,
) {
    assert_eq!(conv(src, bits, dst, sat, RTNE, literal), expected);
}

// =============================================================================================
// Integer to integer (2_datatypes.md, "Integer to Integer ..."; "Saturation")
// =============================================================================================

#[rstest]
// B 0x80 = -128 → D: sign extension
#[case(B, 0x80, D, 0xffff_ff80)]
// UB 0x80 = 128 → D: zero extension
#[case(UB, 0x80, D, 0x80)]
// W 0x8000 = -32768 → Q: sign extension to 64 bits
#[case(W, 0x8000, Q, 0xffff_ffff_ffff_8000)]
// UW 0xffff → UD: zero extension
#[case(UW, 0xffff, UD, 0xffff)]
// D -1 → UQ: sign extension, then read unsigned
#[case(D, 0xffff_ffff, UQ, u64::MAX)]
// D 0x12345678 → UB: low 8 bits
#[case(D, 0x1234_5678, UB, 0x78)]
// D 0x12345678 → W: low 16 bits
#[case(D, 0x1234_5678, W, 0x5678)]
// D 0xffffff00 = -256 → B: low 8 bits 0x00
#[case(D, 0xffff_ff00, B, 0x00)]
// UD 0xffffffff → D: same width, bits unchanged
#[case(UD, 0xffff_ffff, D, 0xffff_ffff)]
// Q 0x8000000000000000 → UD: low 32 bits 0
#[case(Q, 0x8000_0000_0000_0000, UD, 0)]
// UQ 0x1_0000_0005 → UD: low 32 bits 5
#[case(UQ, 0x1_0000_0005, UD, 5)]
// only the low ty.bits() of the source pattern are read: UB of 0x1ff is 0xff
#[case(UB, 0x1ff, UW, 0xff)]
fn int_to_int_bits(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] expected: u64,
) {
    assert_eq!(conv(src, bits, dst, false, RTNE, RESOLVED), Ok(expected));
}

#[rstest]
// Exact intermediates, with and without saturation, at the bounds of every integer type.
// UB [0, 255]: 256 sat → 255; -1 sat → 0; 255 sat → 255; 256 wraps → 0; -1 wraps → 0xff
#[case(256, UB, true, 0xff)]
#[case(-1, UB, true, 0)]
#[case(255, UB, true, 0xff)]
#[case(256, UB, false, 0)]
#[case(-1, UB, false, 0xff)]
// B [-128, 127]: 128 sat → 0x7f; -129 sat → 0x80; 128 wraps → 0x80; -129 wraps → 0x7f
#[case(128, B, true, 0x7f)]
#[case(-129, B, true, 0x80)]
#[case(128, B, false, 0x80)]
#[case(-129, B, false, 0x7f)]
// UW [0, 65535]: 65536 sat → 0xffff; -5 sat → 0; -1 wraps → 0xffff
#[case(65536, UW, true, 0xffff)]
#[case(-5, UW, true, 0)]
#[case(-1, UW, false, 0xffff)]
// W [-32768, 32767]: 32768 sat → 0x7fff; -32769 sat → 0x8000; -32768 sat unchanged
#[case(32768, W, true, 0x7fff)]
#[case(-32769, W, true, 0x8000)]
#[case(-32768, W, true, 0x8000)]
// UD [0, 2^32-1]: 2^32 sat → 0xffffffff; -1 sat → 0; 2^32+5 wraps → 5
#[case(1 << 32, UD, true, 0xffff_ffff)]
#[case(-1, UD, true, 0)]
#[case((1 << 32) + 5, UD, false, 5)]
// D [-2^31, 2^31-1]: 2^31 sat → 0x7fffffff; -2^31-1 sat → 0x80000000; 2^31 wraps → 0x80000000
#[case(1 << 31, D, true, 0x7fff_ffff)]
#[case(-(1 << 31) - 1, D, true, 0x8000_0000)]
#[case(1 << 31, D, false, 0x8000_0000)]
// UQ [0, 2^64-1]: 2^64 sat → max; -1 sat → 0; 2^64 wraps → 0
#[case(1 << 64, UQ, true, u64::MAX)]
#[case(-1, UQ, true, 0)]
#[case(1 << 64, UQ, false, 0)]
// Q [-2^63, 2^63-1]: 2^63 sat → 0x7fff...; -2^63-1 sat → 0x8000...; 2^63 wraps → 0x8000...
#[case(1 << 63, Q, true, 0x7fff_ffff_ffff_ffff)]
#[case(-(1 << 63) - 1, Q, true, 0x8000_0000_0000_0000)]
#[case(1 << 63, Q, false, 0x8000_0000_0000_0000)]
fn int_value_to_int(
    #[case] value: i128,
    #[case] dst: DataType,
    #[case] sat: bool,
    #[case] expected: u64,
) {
    assert_eq!(
        conv_value(&int(value), dst, sat, RTNE, RESOLVED),
        Ok(expected)
    );
}

// =============================================================================================
// Integer to float (2_datatypes.md, "Integer to Float"; erratum INT-TO-FLOAT-ROUNDING)
// =============================================================================================

const P24: i128 = 1 << 24;

#[rstest]
// 2^24+1: F neighbours 2^24 (0x4b800000, even) and 2^24+2 (0x4b800001); a tie.
// RTNE → even 0x4b800000; RU → 0x4b800001; RD, RTZ → 0x4b800000
#[case(P24 + 1, F, RTNE, RESOLVED, 0x4b80_0000)]
#[case(P24 + 1, F, RU, RESOLVED, 0x4b80_0001)]
#[case(P24 + 1, F, RD, RESOLVED, 0x4b80_0000)]
#[case(P24 + 1, F, RTZ, RESOLVED, 0x4b80_0000)]
// 2^24+3: neighbours 2^24+2 (0x4b800001, odd) and 2^24+4 (0x4b800002); tie → even is up
#[case(P24 + 3, F, RTNE, RESOLVED, 0x4b80_0002)]
#[case(P24 + 3, F, RU, RESOLVED, 0x4b80_0002)]
#[case(P24 + 3, F, RD, RESOLVED, 0x4b80_0001)]
#[case(P24 + 3, F, RTZ, RESOLVED, 0x4b80_0001)]
// -(2^24+1): RTNE → -2^24; RU (toward +inf) → -2^24; RD → -(2^24+2); RTZ → -2^24
#[case(-P24 - 1, F, RTNE, RESOLVED, 0xcb80_0000)]
#[case(-P24 - 1, F, RU, RESOLVED, 0xcb80_0000)]
#[case(-P24 - 1, F, RD, RESOLVED, 0xcb80_0001)]
#[case(-P24 - 1, F, RTZ, RESOLVED, 0xcb80_0000)]
// literal reading: always RTNE, whatever %cr0 says
#[case(P24 + 1, F, RU, LIT_I2F, 0x4b80_0000)]
#[case(P24 + 3, F, RD, LIT_I2F, 0x4b80_0002)]
#[case(P24 + 3, F, RTZ, LIT_I2F, 0x4b80_0002)]
#[case(-P24 - 1, F, RD, LIT_I2F, 0xcb80_0000)]
// 2^24+2 is exact in every mode: 0x4b800001
#[case(P24 + 2, F, RU, RESOLVED, 0x4b80_0001)]
#[case(P24 + 2, F, RD, RESOLVED, 0x4b80_0001)]
// -2^31 (D INT_MIN) is exact: 0xcf000000
#[case(-(1 << 31), F, RTZ, RESOLVED, 0xcf00_0000)]
// 2^32-1 (UD max): F ulp at [2^31, 2^32) is 2^8; 255 above 2^32-256, above half.
// RTNE, RU → 2^32 (0x4f800000); RD, RTZ → 2^32-256 (0x4f7fffff)
#[case((1 << 32) - 1, F, RTNE, RESOLVED, 0x4f80_0000)]
#[case((1 << 32) - 1, F, RU, RESOLVED, 0x4f80_0000)]
#[case((1 << 32) - 1, F, RD, RESOLVED, 0x4f7f_ffff)]
#[case((1 << 32) - 1, F, RTZ, RESOLVED, 0x4f7f_ffff)]
// 2^63-1 (Q max) → DF: ulp 2^10; RTNE → 2^63 (0x43e0...); RTZ → 2^63-2^10 (0x43df_ffff_ffff_ffff)
#[case((1 << 63) - 1, DF, RTNE, RESOLVED, 0x43e0_0000_0000_0000)]
#[case((1 << 63) - 1, DF, RTZ, RESOLVED, 0x43df_ffff_ffff_ffff)]
// 65520 → HF: between 65504 (0x7bff, odd) and 65536 (beyond max): tie → even = 2^16 → inf.
// RTZ, RD → max 0x7bff; RU → inf
#[case(65520, HF, RTNE, RESOLVED, 0x7c00)]
#[case(65520, HF, RTZ, RESOLVED, 0x7bff)]
#[case(65520, HF, RD, RESOLVED, 0x7bff)]
#[case(65520, HF, RU, RESOLVED, 0x7c00)]
// 65519 is below the tie → 0x7bff under RTNE
#[case(65519, HF, RTNE, RESOLVED, 0x7bff)]
// -65520 → HF: RTNE → -inf; RU → -max 0xfbff; RD → -inf
#[case(-65520, HF, RTNE, RESOLVED, 0xfc00)]
#[case(-65520, HF, RU, RESOLVED, 0xfbff)]
#[case(-65520, HF, RD, RESOLVED, 0xfc00)]
// 1 → HF 0x3c00; -2 → BF 0xc000; 0 → +0
#[case(1, HF, RTNE, RESOLVED, 0x3c00)]
#[case(-2, BF, RTNE, RESOLVED, 0xc000)]
#[case(0, F, RD, RESOLVED, 0x0000_0000)]
// 257 → BF (8 significant bits; ulp 2 at 2^8): tie between 256 (0x4380) and 258 (0x4381)
#[case(257, BF, RTNE, RESOLVED, 0x4380)]
#[case(257, BF, RU, RESOLVED, 0x4381)]
fn int_to_float(
    #[case] value: i128,
    #[case] dst: DataType,
    #[case] cr0: u32,
    #[case] literal: &[&str],
    #[case] expected: u64,
) {
    assert_eq!(
        conv_value(&int(value), dst, false, cr0, literal),
        Ok(expected)
    );
}

// =============================================================================================
// Float to float (2_datatypes.md, "Float to Float with Lower/Higher Precision", ALT mode)
// =============================================================================================

#[rstest]
// ---- DF → F ----
// DF 0x3ff0000010000000 = 1+2^-24: exactly half an F ulp (2^-23) above 1.0 (even).
// RTNE → 1.0; RU → 1+2^-23; RD, RTZ → 1.0
#[case(DF, 0x3ff0_0000_1000_0000, F, RTNE, 0x3f80_0000)]
#[case(DF, 0x3ff0_0000_1000_0000, F, RU, 0x3f80_0001)]
#[case(DF, 0x3ff0_0000_1000_0000, F, RD, 0x3f80_0000)]
#[case(DF, 0x3ff0_0000_1000_0000, F, RTZ, 0x3f80_0000)]
// -(1+2^-24): RU → -1.0 (toward +inf); RD → -(1+2^-23)
#[case(DF, 0xbff0_0000_1000_0000, F, RU, 0xbf80_0000)]
#[case(DF, 0xbff0_0000_1000_0000, F, RD, 0xbf80_0001)]
// 1+3*2^-24: tie between 1+2^-23 (odd) and 1+2^-22 → even 0x3f800002
#[case(DF, 0x3ff0_0000_3000_0000, F, RTNE, 0x3f80_0002)]
// 1+2^-24+2^-52: above the tie → RTNE up; RTZ down
#[case(DF, 0x3ff0_0000_1000_0001, F, RTNE, 0x3f80_0001)]
#[case(DF, 0x3ff0_0000_1000_0001, F, RTZ, 0x3f80_0000)]
// DF 0x47f0000000000000 = 2^128 overflows F: RTNE, RU → +inf; RD, RTZ → +max 0x7f7fffff
#[case(DF, 0x47f0_0000_0000_0000, F, RTNE, 0x7f80_0000)]
#[case(DF, 0x47f0_0000_0000_0000, F, RU, 0x7f80_0000)]
#[case(DF, 0x47f0_0000_0000_0000, F, RD, 0x7f7f_ffff)]
#[case(DF, 0x47f0_0000_0000_0000, F, RTZ, 0x7f7f_ffff)]
// -2^128: RTNE, RD → -inf; RU, RTZ → -max 0xff7fffff
#[case(DF, 0xc7f0_0000_0000_0000, F, RTNE, 0xff80_0000)]
#[case(DF, 0xc7f0_0000_0000_0000, F, RU, 0xff7f_ffff)]
#[case(DF, 0xc7f0_0000_0000_0000, F, RD, 0xff80_0000)]
#[case(DF, 0xc7f0_0000_0000_0000, F, RTZ, 0xff7f_ffff)]
// DF 0x47effffff0000000 = 2^128-2^103 = F max + half ulp (2^104/2): tie, max is odd → RTNE
// rounds up to 2^128 → +inf; RTZ → max
#[case(DF, 0x47ef_ffff_f000_0000, F, RTNE, 0x7f80_0000)]
#[case(DF, 0x47ef_ffff_f000_0000, F, RTZ, 0x7f7f_ffff)]
// ALT (bit 0): an infinite F result becomes ±max
#[case(DF, 0x47f0_0000_0000_0000, F, RTNE | ALT, 0x7f7f_ffff)]
#[case(DF, 0xc7f0_0000_0000_0000, F, RTNE | ALT, 0xff7f_ffff)]
// ALT does not touch DF: +inf stays +inf
#[case(DF, 0x7ff0_0000_0000_0000, DF, RTNE | ALT, 0x7ff0_0000_0000_0000)]
// ALT turns an F +inf source into +max as well
#[case(F, 0x7f80_0000, F, RTNE | ALT, 0x7f7f_ffff)]
// DF 0x3810000000000000 = 2^-126, F's smallest normal, exact even when F denormals flush
#[case(DF, 0x3810_0000_0000_0000, F, RTNE, 0x0080_0000)]
// DF 0x3800000000000000 = 2^-127 → F denormal 0x00400000: kept (bit 7) or flushed to +0
#[case(DF, 0x3800_0000_0000_0000, F, RTNE | KEEP_F, 0x0040_0000)]
#[case(DF, 0x3800_0000_0000_0000, F, RTNE, 0x0000_0000)]
// -2^-127 flushed → -0
#[case(DF, 0xb800_0000_0000_0000, F, RTNE, 0x8000_0000)]
// DF 0x36a0000000000000 = 2^-149: F's smallest denormal 0x00000001 (kept)
#[case(DF, 0x36a0_0000_0000_0000, F, RTNE | KEEP_F, 0x0000_0001)]
// DF 0x3690000000000000 = 2^-150: half of the smallest denormal, tie with 0 (even).
// RTNE → +0; RU → 0x00000001; RTZ → +0
#[case(DF, 0x3690_0000_0000_0000, F, RTNE | KEEP_F, 0x0000_0000)]
#[case(DF, 0x3690_0000_0000_0000, F, RU | KEEP_F, 0x0000_0001)]
#[case(DF, 0x3690_0000_0000_0000, F, RTZ | KEEP_F, 0x0000_0000)]
// 2^-150+2^-160: above the tie → 0x00000001
#[case(DF, 0x3690_0400_0000_0000, F, RTNE | KEEP_F, 0x0000_0001)]
// -2^-150 under RD → -2^-149 = 0x80000001; under RTNE → -0
#[case(DF, 0xb690_0000_0000_0000, F, RD | KEEP_F, 0x8000_0001)]
#[case(DF, 0xb690_0000_0000_0000, F, RTNE | KEEP_F, 0x8000_0000)]
// RU of 2^-150 gives a denormal; with F denormals flushed it becomes +0
#[case(DF, 0x3690_0000_0000_0000, F, RU, 0x0000_0000)]
// DF 0x380fffffe0000000 = 2^-126-2^-150: tie between the largest denormal 0x007fffff (odd)
// and 2^-126 (even) → RTNE gives the normal 0x00800000, not flushed even in flush mode;
// RTZ gives the denormal 0x007fffff, kept or flushed
#[case(DF, 0x380f_ffff_e000_0000, F, RTNE, 0x0080_0000)]
#[case(DF, 0x380f_ffff_e000_0000, F, RTZ | KEEP_F, 0x007f_ffff)]
#[case(DF, 0x380f_ffff_e000_0000, F, RTZ, 0x0000_0000)]
// ---- F → HF ----
// 0x3f800001 = 1+2^-23: far below half an HF ulp (2^-11) → 1.0 = 0x3c00; RU → 0x3c01
#[case(F, 0x3f80_0001, HF, RTNE, 0x3c00)]
#[case(F, 0x3f80_0001, HF, RU, 0x3c01)]
#[case(F, 0x3f80_0001, HF, RD, 0x3c00)]
#[case(F, 0x3f80_0001, HF, RTZ, 0x3c00)]
// 0x3f801000 = 1+2^-11: a tie (1.0 even) → RTNE 0x3c00; RU 0x3c01; RD 0x3c00
#[case(F, 0x3f80_1000, HF, RTNE, 0x3c00)]
#[case(F, 0x3f80_1000, HF, RU, 0x3c01)]
#[case(F, 0x3f80_1000, HF, RD, 0x3c00)]
// 0x3f803000 = 1+3*2^-11: tie between 0x3c01 (odd) and 0x3c02 → 0x3c02
#[case(F, 0x3f80_3000, HF, RTNE, 0x3c02)]
// 0xbf803000 = -(1+3*2^-11): RU → -(1+2^-10) = 0xbc01; RD → 0xbc02
#[case(F, 0xbf80_3000, HF, RU, 0xbc01)]
#[case(F, 0xbf80_3000, HF, RD, 0xbc02)]
// 0x477fe000 = 65504, HF max, exact
#[case(F, 0x477f_e000, HF, RTNE, 0x7bff)]
// 0x477ff000 = 65520 = max + half ulp (16): RTNE → tie to even 2^16 → inf; RU → inf;
// RD, RTZ → max
#[case(F, 0x477f_f000, HF, RTNE, 0x7c00)]
#[case(F, 0x477f_f000, HF, RU, 0x7c00)]
#[case(F, 0x477f_f000, HF, RD, 0x7bff)]
#[case(F, 0x477f_f000, HF, RTZ, 0x7bff)]
// -65520: RD → -inf; RU → -max
#[case(F, 0xc77f_f000, HF, RD, 0xfc00)]
#[case(F, 0xc77f_f000, HF, RU, 0xfbff)]
// 0x47c35000 = 1e5: RTNE → inf; RTZ → max
#[case(F, 0x47c3_5000, HF, RTNE, 0x7c00)]
#[case(F, 0x47c3_5000, HF, RTZ, 0x7bff)]
// 0x38800000 = 2^-14, HF's smallest normal 0x0400
#[case(F, 0x3880_0000, HF, RTNE, 0x0400)]
// 0x38000000 = 2^-15 → HF denormal 0x0200: kept (bit 10), flushed (no bit 10), and flushed
// under HF-DENORM-FLUSH's literal reading even with bit 10 set
#[case(F, 0x3800_0000, HF, RTNE | KEEP_HF, 0x0200)]
#[case(F, 0x3800_0000, HF, RTNE, 0x0000)]
#[case(F, 0xb800_0000, HF, RTNE, 0x8000)]
// 0x33800000 = 2^-24, HF's smallest denormal 0x0001
#[case(F, 0x3380_0000, HF, RTNE | KEEP_HF, 0x0001)]
// 0x33000000 = 2^-25: tie between 0 (even) and 2^-24 → RTNE +0; RU 0x0001
#[case(F, 0x3300_0000, HF, RTNE | KEEP_HF, 0x0000)]
#[case(F, 0x3300_0000, HF, RU | KEEP_HF, 0x0001)]
// ±inf and -0 keep their sign
#[case(F, 0x7f80_0000, HF, RTZ, 0x7c00)]
#[case(F, 0xff80_0000, HF, RTZ, 0xfc00)]
#[case(F, 0x8000_0000, HF, RU, 0x8000)]
// ---- F → BF ----
// 0x3f808000 = 1+2^-8: tie (BF ulp 2^-7), 1.0 even → 0x3f80; RU → 0x3f81; RTZ → 0x3f80
#[case(F, 0x3f80_8000, BF, RTNE, 0x3f80)]
#[case(F, 0x3f80_8000, BF, RU, 0x3f81)]
#[case(F, 0x3f80_8000, BF, RTZ, 0x3f80)]
// 0x3f818000 = 1+3*2^-8: tie between 0x3f81 (odd) and 0x3f82 → 0x3f82
#[case(F, 0x3f81_8000, BF, RTNE, 0x3f82)]
// 0x3f808001: just above the tie → 0x3f81
#[case(F, 0x3f80_8001, BF, RTNE, 0x3f81)]
// 0xbf808001 under RD → -(1+2^-7) = 0xbf81; under RU → -1.0
#[case(F, 0xbf80_8001, BF, RD, 0xbf81)]
#[case(F, 0xbf80_8001, BF, RU, 0xbf80)]
// 0x7f7fffff = F max = 2^128-2^104, above BF max + half ulp (2^128-2^119):
// RTNE, RU → inf 0x7f80; RD, RTZ → BF max 0x7f7f
#[case(F, 0x7f7f_ffff, BF, RTNE, 0x7f80)]
#[case(F, 0x7f7f_ffff, BF, RU, 0x7f80)]
#[case(F, 0x7f7f_ffff, BF, RD, 0x7f7f)]
#[case(F, 0x7f7f_ffff, BF, RTZ, 0x7f7f)]
// 0x00400000 = 2^-127 → BF denormal 0x0040, kept under the F denorm bit, else flushed
#[case(F, 0x0040_0000, BF, RTNE | KEEP_F, 0x0040)]
#[case(F, 0x0040_0000, BF, RTNE | KEEP_HF | KEEP_DF, 0x0000)]
// 0x00010000 = 2^-133, BF's smallest denormal 0x0001
#[case(F, 0x0001_0000, BF, RTNE | KEEP_F, 0x0001)]
// ---- widening: exact ----
// HF 0x0001 = 2^-24 → F 0x33800000 (normal in F, so no flushing even with cr0 = 0)
#[case(HF, 0x0001, F, RTNE, 0x3380_0000)]
// HF 0x03ff = 1023*2^-24 = 1.998046875*2^-15 → F 0x387fc000
#[case(HF, 0x03ff, F, RTZ, 0x387f_c000)]
// HF 0x7bff = 65504 → F 0x477fe000; HF -inf → F -inf
#[case(HF, 0x7bff, F, RTNE, 0x477f_e000)]
#[case(HF, 0xfc00, F, RTNE, 0xff80_0000)]
// HF 0x8000 = -0 → DF -0
#[case(HF, 0x8000, DF, RTNE, 0x8000_0000_0000_0000)]
// BF 0x0001 = 2^-133 → F denormal 0x00010000: kept with bit 7, else flushed
#[case(BF, 0x0001, F, RTNE | KEEP_F, 0x0001_0000)]
#[case(BF, 0x0001, F, RTNE, 0x0000_0000)]
// BF is the upper half of F: 0x3f81 → 0x3f810000, 0x7f7f → 0x7f7f0000, 0xff80 → 0xff800000
#[case(BF, 0x3f81, F, RD, 0x3f81_0000)]
#[case(BF, 0x7f7f, F, RTNE, 0x7f7f_0000)]
#[case(BF, 0xff80, F, RTNE, 0xff80_0000)]
// F 0x00000001 = 2^-149 → DF 0x36a0000000000000 (normal in DF)
#[case(F, 0x0000_0001, DF, RTNE, 0x36a0_0000_0000_0000)]
// F 0x3f800001 = 1+2^-23 → DF fraction 2^29 → 0x3ff0000020000000
#[case(F, 0x3f80_0001, DF, RTNE, 0x3ff0_0000_2000_0000)]
fn float_to_float(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] cr0: u32,
    #[case] expected: u64,
) {
    assert_eq!(conv(src, bits, dst, false, cr0, RESOLVED), Ok(expected));
}

#[rstest]
// HF-DENORM-FLUSH literal: HF denormal results flush whatever bit 10 says
// 0x38000000 = 2^-15 → HF denormal 0x0200 → +0
#[case(F, 0x3800_0000, HF, KEEP_ALL, LIT_HF, 0x0000)]
// resolved with bit 10 set keeps it
#[case(F, 0x3800_0000, HF, KEEP_ALL, RESOLVED, 0x0200)]
// literal reading does not concern F: 2^-127 → F denormal kept with bit 7
#[case(DF, 0x3800_0000_0000_0000, F, KEEP_ALL, LIT_HF, 0x0040_0000)]
fn float_denormal_readings(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] cr0: u32,
    #[case] literal: &[&str],
    #[case] expected: u64,
) {
    assert_eq!(conv(src, bits, dst, false, cr0, literal), Ok(expected));
}

// =============================================================================================
// NaN payloads: carried left-aligned, truncated or zero-filled, always quieted
// =============================================================================================

#[rstest]
// default NaN F 0x7fc00000 → HF 0x7e00, BF 0x7fc0, DF 0x7ff8000000000000, F itself
#[case(F, 0x7fc0_0000, HF, 0x7e00)]
#[case(F, 0x7fc0_0000, BF, 0x7fc0)]
#[case(F, 0x7fc0_0000, DF, 0x7ff8_0000_0000_0000)]
#[case(F, 0x7fc0_0000, F, 0x7fc0_0000)]
// F sNaN 0x7f800001 → DF: quiet bit set, payload bit 0 of F's 22 lands 29 bits higher
#[case(F, 0x7f80_0001, DF, 0x7ff8_0000_2000_0000)]
// F sNaN 0x7f800001 → F: quieted in place, payload kept → 0x7fc00001
#[case(F, 0x7f80_0001, F, 0x7fc0_0001)]
// → HF: only the top 9 payload bits survive (all zero) → default quiet NaN 0x7e00
#[case(F, 0x7f80_0001, HF, 0x7e00)]
// sign kept: 0xffc00001 → HF 0xfe00
#[case(F, 0xffc0_0001, HF, 0xfe00)]
// 0x7fd55555: fraction 0x555555, quiet; HF keeps fraction >> 13 = 0x2aa → 0x7eaa
#[case(F, 0x7fd5_5555, HF, 0x7eaa)]
// F sNaN 0x7fa00001 → BF: quiet 0x40, top payload bit (F fraction bit 21) → BF bit 5:
// 0x7f80 | 0x40 | 0x20 = 0x7fe0
#[case(F, 0x7fa0_0001, BF, 0x7fe0)]
// DF 0x7ff0000000000001: only the lowest payload bit → F default quiet NaN
#[case(DF, 0x7ff0_0000_0000_0001, F, 0x7fc0_0000)]
// DF 0xfff4000000000000: sNaN, top payload bit set → F 0xff800000|0x400000|0x200000
#[case(DF, 0xfff4_0000_0000_0000, F, 0xffe0_0000)]
// HF sNaN 0x7d01: fraction 0x101; quieted 0x301 << 13 = 0x602000 → F 0x7fe02000
#[case(HF, 0x7d01, F, 0x7fe0_2000)]
// BF sNaN 0xff81 → F: fraction 0x01 << 16 plus quiet → 0xffc10000
#[case(BF, 0xff81, F, 0xffc1_0000)]
fn nan_payloads(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] expected: u64,
) {
    for cr0 in [RTNE, RU, RD, RTZ | KEEP_ALL] {
        assert_eq!(
            conv(src, bits, dst, false, cr0, RESOLVED),
            Ok(expected),
            "cr0 {cr0:#x}"
        );
    }
}

// =============================================================================================
// Saturation of float destinations (2_datatypes.md, "Saturation"; erratum SAT-NEGATIVE-ZERO)
// =============================================================================================

#[rstest]
// NaN → +0.0, whatever its sign
#[case(F, 0x7fc0_0000, F, RTNE, RESOLVED, 0x0000_0000)]
#[case(F, 0xffc0_0001, F, RTNE, RESOLVED, 0x0000_0000)]
// -0.0 → +0.0 (resolved) / stays -0.0 (literal)
#[case(F, 0x8000_0000, F, RTNE, RESOLVED, 0x0000_0000)]
#[case(F, 0x8000_0000, F, RTNE, LIT_SAT0, 0x8000_0000)]
// +0.0 unchanged
#[case(F, 0x0000_0000, F, RTNE, RESOLVED, 0x0000_0000)]
// 1.5 → 1.0
#[case(F, 0x3fc0_0000, F, RTNE, RESOLVED, 0x3f80_0000)]
// -inf → +0.0; +inf → 1.0
#[case(F, 0xff80_0000, F, RTNE, RESOLVED, 0x0000_0000)]
#[case(F, 0x7f80_0000, F, RTNE, RESOLVED, 0x3f80_0000)]
// 0.5 and 1.0 unchanged
#[case(F, 0x3f00_0000, F, RTNE, RESOLVED, 0x3f00_0000)]
#[case(F, 0x3f80_0000, F, RTNE, RESOLVED, 0x3f80_0000)]
// -0.5 → +0.0, also under the literal SAT-NEGATIVE-ZERO reading (not a zero)
#[case(F, 0xbf00_0000, F, RTNE, LIT_SAT0, 0x0000_0000)]
// 0x3f800001 = 1+2^-23 > 1 → 1.0
#[case(F, 0x3f80_0001, F, RTNE, RESOLVED, 0x3f80_0000)]
// DF 2.0 → HF 1.0 = 0x3c00
#[case(DF, 0x4000_0000_0000_0000, HF, RTNE, RESOLVED, 0x3c00)]
// 1+2^-23 → HF under RU rounds first to 1+2^-10 (> 1), then saturates → 0x3c00
#[case(F, 0x3f80_0001, HF, RU, RESOLVED, 0x3c00)]
// 0x3f7fffff = 1-2^-24 → BF: RTNE rounds to 1.0 (0x3f80), which sat keeps
#[case(F, 0x3f7f_ffff, BF, RTNE, RESOLVED, 0x3f80)]
// 0xb0800000 = -2^-30 → HF: below half the smallest denormal → -0, then sat: +0 / -0
#[case(F, 0xb080_0000, HF, RTNE, RESOLVED, 0x0000)]
#[case(F, 0xb080_0000, HF, RTNE, LIT_SAT0, 0x8000)]
// ALT +inf result becomes max, then sat → 1.0
#[case(DF, 0x47f0_0000_0000_0000, F, RTNE | ALT, RESOLVED, 0x3f80_0000)]
fn float_saturation(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] cr0: u32,
    #[case] literal: &[&str],
    #[case] expected: u64,
) {
    assert_eq!(conv(src, bits, dst, true, cr0, literal), Ok(expected));
}

#[rstest]
// integer sources saturate into [0.0, 1.0] too: 5 → 1.0; -3 → +0.0; 1 → 1.0
#[case(5, F, 0x3f80_0000)]
#[case(-3, F, 0x0000_0000)]
#[case(1, HF, 0x3c00)]
fn int_to_float_saturation(#[case] value: i128, #[case] dst: DataType, #[case] expected: u64) {
    assert_eq!(
        conv_value(&int(value), dst, true, RTNE, RESOLVED),
        Ok(expected)
    );
}

// =============================================================================================
// Destinations that no conversion reaches: BOOL and packed types are model bugs
// =============================================================================================

#[rstest]
#[case(int(1), BOOL)]
#[case(int(1), V)]
#[case(int(1), UV)]
#[case(Value::Float(ExactFloat::zero(false)), VF)]
fn invalid_destinations(#[case] value: Value, #[case] dst: DataType) {
    assert_eq!(
        conv_value(&value, dst, false, RTNE, RESOLVED),
        Err(MODEL_BUG)
    );
}

// =============================================================================================
// Source modifiers (5_operands.md; erratum OPERAND-MODIFIER-TABLE)
// =============================================================================================

#[rstest]
// D INT_MIN 0x80000000 = -2^31: (-) → +2^31 exactly; (abs) → +2^31; (-abs) → -2^31;
// ~ → 0x7fffffff = 2^31-1
#[case(D, 0x8000_0000, SrcModifier::Neg, 1 << 31)]
#[case(D, 0x8000_0000, SrcModifier::Abs, 1 << 31)]
#[case(D, 0x8000_0000, SrcModifier::NegAbs, -(1 << 31))]
#[case(D, 0x8000_0000, SrcModifier::Not, (1 << 31) - 1)]
// unsigned sources negate to negative values: (-) UD 5 → -5
#[case(UD, 5, SrcModifier::Neg, -5)]
// (-abs) of W 7 → -7
#[case(W, 7, SrcModifier::NegAbs, -7)]
// ~ within the width, re-read as the type: UB 0x0f → 0xf0 = 240; D 0 → -1;
// UD 0 → 2^32-1; B 0x7f → 0x80 = -128; UW 0x1234 → 0xedcb
#[case(UB, 0x0f, SrcModifier::Not, 240)]
#[case(D, 0, SrcModifier::Not, -1)]
#[case(UD, 0, SrcModifier::Not, (1 << 32) - 1)]
#[case(B, 0x7f, SrcModifier::Not, -128)]
#[case(UW, 0x1234, SrcModifier::Not, 0xedcb)]
// Q INT_MIN (-) → +2^63
#[case(Q, 0x8000_0000_0000_0000, SrcModifier::Neg, 1 << 63)]
fn int_modifiers(
    #[case] ty: DataType,
    #[case] bits: u64,
    #[case] modifier: SrcModifier,
    #[case] expected: i128,
) {
    assert_eq!(
        apply_modifier(decode(bits, ty), modifier, ty),
        int(expected)
    );
}

#[rstest]
// (-) D INT_MIN = +2^31: wraps back to 0x80000000 without sat, 0x7fffffff with sat,
// fits a Q: 0x0000000080000000
#[case(D, false, 0x8000_0000)]
#[case(D, true, 0x7fff_ffff)]
#[case(Q, false, 0x8000_0000)]
fn negated_int_min_to_destination(#[case] dst: DataType, #[case] sat: bool, #[case] expected: u64) {
    let negated = apply_modifier(decode(0x8000_0000, D), SrcModifier::Neg, D);
    assert_eq!(conv_value(&negated, dst, sat, RTNE, RESOLVED), Ok(expected));
}

#[rstest]
// (-) 1.0 → -1.0 (sign bit flipped)
#[case(0x3f80_0000, SrcModifier::Neg, 0xbf80_0000)]
// (-) +0 → -0
#[case(0x0000_0000, SrcModifier::Neg, 0x8000_0000)]
// (-) NaN flips the sign bit too: 0x7fc00000 → 0xffc00000
#[case(0x7fc0_0000, SrcModifier::Neg, 0xffc0_0000)]
// (abs) -0 → +0; (abs) -inf → +inf
#[case(0x8000_0000, SrcModifier::Abs, 0x0000_0000)]
#[case(0xff80_0000, SrcModifier::Abs, 0x7f80_0000)]
// (-abs) +inf → -inf; (-abs) -2.0 → -2.0
#[case(0x7f80_0000, SrcModifier::NegAbs, 0xff80_0000)]
#[case(0xc000_0000, SrcModifier::NegAbs, 0xc000_0000)]
// ~ leaves a float value unchanged
#[case(0x3f80_0000, SrcModifier::Not, 0x3f80_0000)]
fn float_modifiers(#[case] bits: u64, #[case] modifier: SrcModifier, #[case] expected: u64) {
    assert_eq!(
        f32_bits(&apply_modifier(decode(bits, F), modifier, F)),
        expected
    );
}

// =============================================================================================
// Packed immediates (2_datatypes.md V, UV, VF; erratum VF-ENCODING)
// =============================================================================================

#[rstest]
// 0x00: exponent and mantissa 0 → +0
#[case(0x00, 0x0000_0000)]
// 0x30: e=3, m=0 → 2^0 = 1.0
#[case(0x30, 0x3f80_0000)]
// 0x7f: e=7, m=15 → 2^4 * 31/16 = 31 = F 0x41f80000
#[case(0x7f, 0x41f8_0000)]
// 0x80: sign only → -0
#[case(0x80, 0x8000_0000)]
// 0xff: -31
#[case(0xff, 0xc1f8_0000)]
// 0x01: e=0, m=1 → 2^-3 * 17/16 = 0.1328125 = F 0x3e080000
#[case(0x01, 0x3e08_0000)]
// 0x10: e=1, m=0 → 2^-2 = 0.25
#[case(0x10, 0x3e80_0000)]
// 0x48: e=4, m=8 → 2 * 1.5 = 3.0
#[case(0x48, 0x4040_0000)]
// 0xc4: -(2^1 * 20/16) = -2.5
#[case(0xc4, 0xc020_0000)]
fn vf_byte(#[case] byte: u32, #[case] expected_f: u64) {
    assert_eq!(f32_bits(&decode_packed(byte, VF, 0)), expected_f);
}

#[rstest]
// VF 0xff7f3000: element 0 = 0x00 (+0), 1 = 0x30 (1.0), 2 = 0x7f (31), 3 = 0xff (-31),
// 4 is out of range → +0
#[case(0, 0x0000_0000)]
#[case(1, 0x3f80_0000)]
#[case(2, 0x41f8_0000)]
#[case(3, 0xc1f8_0000)]
#[case(4, 0x0000_0000)]
fn vf_elements(#[case] index: u32, #[case] expected_f: u64) {
    assert_eq!(f32_bits(&decode_packed(0xff7f_3000, VF, index)), expected_f);
}

#[rstest]
// 0x8765_4321: nibble k = bits[4k+3:4k] → 1, 2, ..., 8. V: 8 reads as -8; UV: 8
#[case(0x8765_4321, V, 0, 1)]
#[case(0x8765_4321, V, 3, 4)]
#[case(0x8765_4321, V, 6, 7)]
#[case(0x8765_4321, V, 7, -8)]
#[case(0x8765_4321, UV, 7, 8)]
// nibble 0xf: V -1, UV 15
#[case(0x0000_00f0, V, 1, -1)]
#[case(0x0000_00f0, UV, 1, 15)]
// index 8 is out of range → 0
#[case(0xffff_ffff, V, 8, 0)]
#[case(0xffff_ffff, UV, 8, 0)]
fn v_uv_elements(
    #[case] bits: u32,
    #[case] ty: DataType,
    #[case] index: u32,
    #[case] expected: i128,
) {
    assert_eq!(decode_packed(bits, ty, index), int(expected));
}

#[rstest]
// `decode` of a packed type is element 0; BOOL is bit 0
#[case(0x0000_000e, V, -2)]
#[case(0x0000_000e, UV, 14)]
#[case(0xffff_fffe, BOOL, 0)]
#[case(0x0000_0003, BOOL, 1)]
fn decode_packed_and_bool(#[case] bits: u64, #[case] ty: DataType, #[case] expected: i128) {
    assert_eq!(decode(bits, ty), int(expected));
}

#[test]
fn vf_decode_element_zero() {
    // decode(VF) = element 0 = 0x30 = 1.0
    assert_eq!(f32_bits(&decode(0xff7f_3030, VF)), 0x3f80_0000);
}

// =============================================================================================
// DPAS precisions (instructions/DPAS.md precision table)
// =============================================================================================

#[rstest]
// ---- HF8 = E4M3, bias 7, no infinities ----
// 0x00 +0; 0x80 -0
#[case(0x00, Precision::HF8, 0x0000_0000)]
#[case(0x80, Precision::HF8, 0x8000_0000)]
// 0x38: e=7, m=0 → 1.0
#[case(0x38, Precision::HF8, 0x3f80_0000)]
// 0x7e: e=15, m=6 → 2^8 * 1.75 = 448 (max normal) = F 0x43e00000; 0xfe → -448
#[case(0x7e, Precision::HF8, 0x43e0_0000)]
#[case(0xfe, Precision::HF8, 0xc3e0_0000)]
// 0x78: e=15, m=0 → 256, a finite number (no infinity in E4M3)
#[case(0x78, Precision::HF8, 0x4380_0000)]
// 0x08: smallest normal 2^-6 = F 0x3c800000
#[case(0x08, Precision::HF8, 0x3c80_0000)]
// 0x01: smallest denormal 1/8 * 2^-6 = 2^-9 = F 0x3b000000
#[case(0x01, Precision::HF8, 0x3b00_0000)]
// 0x07: largest denormal 7/8 * 2^-6 = 1.75 * 2^-7 = F 0x3c600000
#[case(0x07, Precision::HF8, 0x3c60_0000)]
// ---- BF8 = E5M2, bias 15, IEEE-like ----
#[case(0x00, Precision::BF8, 0x0000_0000)]
#[case(0x80, Precision::BF8, 0x8000_0000)]
// 0x3c: e=15, m=0 → 1.0
#[case(0x3c, Precision::BF8, 0x3f80_0000)]
// 0x7b: e=30, m=3 → 2^15 * 1.75 = 57344 (max normal) = F 0x47600000
#[case(0x7b, Precision::BF8, 0x4760_0000)]
// 0x04: smallest normal 2^-14 = F 0x38800000
#[case(0x04, Precision::BF8, 0x3880_0000)]
// 0x01: smallest denormal 1/4 * 2^-14 = 2^-16 = F 0x37800000
#[case(0x01, Precision::BF8, 0x3780_0000)]
// 0x7c +inf; 0xfc -inf
#[case(0x7c, Precision::BF8, 0x7f80_0000)]
#[case(0xfc, Precision::BF8, 0xff80_0000)]
// 0x7e: quiet NaN, no payload → F 0x7fc00000
#[case(0x7e, Precision::BF8, 0x7fc0_0000)]
// 0x7d: signalling NaN, payload bit → quieted F: 0x7f800000 | 0x400000 | 0x200000
#[case(0x7d, Precision::BF8, 0x7fe0_0000)]
// ---- TF32: bits 31..13 of an F container ----
// 0x3f801fff: the low 13 bits are ignored → exactly 1.0
#[case(0x3f80_1fff, Precision::TF32, 0x3f80_0000)]
// 0x3f802000: lowest TF32 mantissa bit → 1+2^-10
#[case(0x3f80_2000, Precision::TF32, 0x3f80_2000)]
// 0x00001fff: only ignored bits → +0
#[case(0x0000_1fff, Precision::TF32, 0x0000_0000)]
// 0x7f801fff: F sNaN, but TF32 sees fraction 0 → +inf
#[case(0x7f80_1fff, Precision::TF32, 0x7f80_0000)]
// ---- BF and HF ----
// BF 0x3f80 = 1.0; HF 0x3c00 = 1.0; HF 0x0001 = 2^-24 exactly
#[case(0x3f80, Precision::BF, 0x3f80_0000)]
#[case(0x3c00, Precision::HF, 0x3f80_0000)]
#[case(0x0001, Precision::HF, 0x3380_0000)]
fn float_precisions(#[case] bits: u32, #[case] p: Precision, #[case] expected_f: u64) {
    assert_eq!(f32_bits(&decode_precision(bits, p)), expected_f);
}

#[rstest]
// HF8 0x7f = S.1111.111 is NaN: quiet (top mantissa bit), payload 0b11 left-aligned
#[case(0x7f, false)]
#[case(0xff, true)]
fn hf8_nan(#[case] bits: u32, #[case] negative: bool) {
    let expected = ExactFloat::NaN {
        negative,
        quiet: true,
        payload: 0b11 << 62,
    };
    assert_eq!(
        decode_precision(bits, Precision::HF8),
        Value::Float(expected)
    );
}

#[rstest]
// integer precisions: the field's value, sign-extended for s*
#[case(0b1, Precision::U1, 1)]
#[case(0b1, Precision::S1, -1)]
#[case(0b11, Precision::U2, 3)]
#[case(0b10, Precision::S2, -2)]
#[case(0xf, Precision::U4, 15)]
#[case(0xf, Precision::S4, -1)]
// bits above the field are not read: S4 of 0x17 is 0x7
#[case(0x17, Precision::S4, 7)]
#[case(0xff, Precision::U8, 255)]
#[case(0x80, Precision::S8, -128)]
fn int_precisions(#[case] bits: u32, #[case] p: Precision, #[case] expected: i128) {
    assert_eq!(decode_precision(bits, p), int(expected));
}

// =============================================================================================
// Addition special cases (instructions/ADD.md with erratum FLOAT-SPECIAL-TABLE)
// =============================================================================================

#[rstest]
// inf + -inf → default NaN 0x7fc00000
#[case(0x7f80_0000, 0xff80_0000, RTNE, 0x7fc0_0000)]
// -inf + inf → default NaN (positive) as well
#[case(0xff80_0000, 0x7f80_0000, RTNE, 0x7fc0_0000)]
// inf + inf → inf; inf + -2.0 → inf; -inf + F max → -inf
#[case(0x7f80_0000, 0x7f80_0000, RTNE, 0x7f80_0000)]
#[case(0x7f80_0000, 0xc000_0000, RTNE, 0x7f80_0000)]
#[case(0xff80_0000, 0x7f7f_ffff, RTNE, 0xff80_0000)]
// NaN propagation, first operand first: sNaN 0x7fa00000 + qNaN 0x7fc00001 → a quieted
// (0x7fe00000)
#[case(0x7fa0_0000, 0x7fc0_0001, RTNE, 0x7fe0_0000)]
// swapped: the qNaN 0x7fc00001 comes first
#[case(0x7fc0_0001, 0x7fa0_0000, RTNE, 0x7fc0_0001)]
// 1.0 + -sNaN 0xff800001 → b quieted, sign kept: 0xffc00001
#[case(0x3f80_0000, 0xff80_0001, RTNE, 0xffc0_0001)]
// -inf + qNaN: the NaN operand propagates even in second place → 0x7fc00005
#[case(0xff80_0000, 0x7fc0_0005, RTNE, 0x7fc0_0005)]
// +0 + -0 → +0 in RTNE, RU, RTZ; -0 in RD
#[case(0x0000_0000, 0x8000_0000, RTNE, 0x0000_0000)]
#[case(0x0000_0000, 0x8000_0000, RU, 0x0000_0000)]
#[case(0x0000_0000, 0x8000_0000, RTZ, 0x0000_0000)]
#[case(0x8000_0000, 0x0000_0000, RD, 0x8000_0000)]
// -0 + -0 → -0 in every mode
#[case(0x8000_0000, 0x8000_0000, RTNE, 0x8000_0000)]
#[case(0x8000_0000, 0x8000_0000, RU, 0x8000_0000)]
// +0 + +0 → +0 even in RD
#[case(0x0000_0000, 0x0000_0000, RD, 0x0000_0000)]
// 1 + -1 → +0; in RD → -0
#[case(0x3f80_0000, 0xbf80_0000, RTNE, 0x0000_0000)]
#[case(0x3f80_0000, 0xbf80_0000, RD, 0x8000_0000)]
// -0 + 2.0 → 2.0 exactly
#[case(0x8000_0000, 0x4000_0000, RTNE, 0x4000_0000)]
// 2^-149 + -2^-149 → +0 (exact cancellation of denormals)
#[case(0x0000_0001, 0x8000_0001, RTNE, 0x0000_0000)]
fn add_specials(#[case] a: u64, #[case] b: u64, #[case] cr0: u32, #[case] expected_f: u64) {
    let mode = FloatMode::from_cr0(cr0 | KEEP_ALL);
    let sum = add(&decode(a, F), &decode(b, F), &mode).unwrap();
    assert_eq!(
        conv_value(&sum, F, false, cr0 | KEEP_ALL, RESOLVED),
        Ok(expected_f)
    );
}

#[test]
fn add_default_nan_is_exact() {
    // inf + -inf is the default NaN as a value: positive, quiet, payload 0
    let sum = add(
        &decode(0x7f80_0000, F),
        &decode(0xff80_0000, F),
        &FloatMode::default(),
    );
    assert_eq!(sum.unwrap(), Value::Float(ExactFloat::default_nan()));
}

#[test]
fn add_is_exact_before_rounding() {
    // 1 + 2^-149 = (2^149 + 1) * 2^-149: no rounding inside add
    let sum = add(
        &decode(0x3f80_0000, F),
        &decode(0x0000_0001, F),
        &FloatMode::default(),
    );
    let exact = (num_bigint::BigUint::from(1u32) << 149usize) + 1u32;
    assert_eq!(
        sum.unwrap(),
        Value::Float(ExactFloat::finite(false, exact, -149))
    );
}

#[test]
fn add_ints_is_unbounded() {
    // D max + D max = 2^32 - 2, beyond D
    let max = decode(0x7fff_ffff, D);
    assert_eq!(
        add(&max, &max, &FloatMode::default()).unwrap(),
        int((1 << 32) - 2)
    );
}

#[test]
fn add_mixed_is_model_bug() {
    let r = add(&int(1), &decode(0x3f80_0000, F), &FloatMode::default());
    assert_eq!(r.map_err(|e| e.class), Err(MODEL_BUG));
}

// =============================================================================================
// %cr0 float mode (4_visa_header.md, V14(%cr0))
// =============================================================================================

#[rstest]
// reset value: RTNE, IEEE, every denormal flushed
#[case(0x0000, Rounding::Rtne, false, false, false, false)]
// bit 0: ALT for F
#[case(0x0001, Rounding::Rtne, true, false, false, false)]
// bits 4-5: 01 RU, 10 RD, 11 RTZ
#[case(0x0010, Rounding::Ru, false, false, false, false)]
#[case(0x0020, Rounding::Rd, false, false, false, false)]
#[case(0x0030, Rounding::Rtz, false, false, false, false)]
// bit 6 DF, bit 7 F, bit 10 HF denorm modes
#[case(0x0040, Rounding::Rtne, false, true, false, false)]
#[case(0x0080, Rounding::Rtne, false, false, true, false)]
#[case(0x0400, Rounding::Rtne, false, false, false, true)]
// reserved bits (1-3, 8, 9, 11-31) are ignored
#[case(0xffff_fb0e, Rounding::Rtne, false, false, false, false)]
// everything set
#[case(0xffff_ffff, Rounding::Rtz, true, true, true, true)]
fn cr0_fields(
    #[case] cr0: u32,
    #[case] rounding: Rounding,
    #[case] alt_f: bool,
    #[case] keep_df_denorm: bool,
    #[case] keep_f_denorm: bool,
    #[case] keep_hf_denorm: bool,
) {
    let expected = FloatMode {
        rounding,
        alt_f,
        keep_df_denorm,
        keep_f_denorm,
        keep_hf_denorm,
    };
    assert_eq!(FloatMode::from_cr0(cr0), expected);
}

#[test]
fn cr0_default_is_reset_value() {
    assert_eq!(FloatMode::default(), FloatMode::from_cr0(0));
}

#[rstest]
// HF follows bit 10 under the resolved reading, never keeps under the literal one
#[case(KEEP_HF, HF, RESOLVED, true)]
#[case(KEEP_HF, HF, LIT_HF, false)]
#[case(0, HF, RESOLVED, false)]
#[case(KEEP_ALL, HF, LIT_HF, false)]
// F: bit 7; DF: bit 6; BF follows F (erratum BF-DENORM-MODE)
#[case(KEEP_F, F, RESOLVED, true)]
#[case(KEEP_DF, F, RESOLVED, false)]
#[case(KEEP_DF, DF, RESOLVED, true)]
#[case(KEEP_F, DF, RESOLVED, false)]
#[case(KEEP_F, BF, RESOLVED, true)]
#[case(KEEP_HF | KEEP_DF, BF, RESOLVED, false)]
#[case(KEEP_F, BF, LIT_HF, true)]
// integer types have no denormals
#[case(0, D, RESOLVED, true)]
#[case(0, UB, LIT_HF, true)]
fn keeps_denormals(
    #[case] cr0: u32,
    #[case] ty: DataType,
    #[case] literal: &[&str],
    #[case] expected: bool,
) {
    assert_eq!(
        FloatMode::from_cr0(cr0).keeps_denormals(ty, &readings(literal)),
        expected
    );
}

// =============================================================================================
// Input denormal flushing (2_datatypes.md, IEEE mode; erratum FLOAT-CONVERT-DENORM)
// =============================================================================================

#[rstest]
// F 0x00000001 (2^-149): flushed to +0 with bit 7 clear, kept with it set
#[case(F, 0x0000_0001, 0, RESOLVED, 0x0000_0000)]
#[case(F, 0x0000_0001, KEEP_F, RESOLVED, 0x0000_0001)]
// -2^-149 → -0
#[case(F, 0x8000_0001, 0, RESOLVED, 0x8000_0000)]
// the largest F denormal 0x007fffff → +0; the smallest normal 0x00800000 is untouched
#[case(F, 0x007f_ffff, 0, RESOLVED, 0x0000_0000)]
#[case(F, 0x0080_0000, 0, RESOLVED, 0x0080_0000)]
// HF 0x0001 (2^-24 = F 0x33800000): kept with bit 10, flushed under the literal reading
#[case(HF, 0x0001, KEEP_HF, RESOLVED, 0x3380_0000)]
#[case(HF, 0x0001, KEEP_HF, LIT_HF, 0x0000_0000)]
// BF 0x8001 (-2^-133) follows the F bit: flushed to -0 with bit 7 clear
#[case(BF, 0x8001, KEEP_HF | KEEP_DF, RESOLVED, 0x8000_0000)]
// NaN and infinities are never touched
#[case(F, 0x7f80_0001, 0, RESOLVED, 0x7fc0_0001)]
fn flush_inputs(
    #[case] ty: DataType,
    #[case] bits: u64,
    #[case] cr0: u32,
    #[case] literal: &[&str],
    #[case] expected_f: u64,
) {
    let mode = FloatMode::from_cr0(cr0);
    let flushed = flush_input(decode(bits, ty), ty, &mode, &readings(literal));
    assert_eq!(f32_bits(&flushed), expected_f);
}

#[test]
fn flush_input_df() {
    // DF 0x1 = 2^-1074: kept with bit 6; flushed to +0 without it (checked as DF bits)
    let tiny = decode(1, DF);
    let keep = FloatMode::from_cr0(KEEP_DF);
    let kept = flush_input(tiny.clone(), DF, &keep, &Readings::resolved());
    assert_eq!(conv_value(&kept, DF, false, KEEP_DF, RESOLVED), Ok(1));
    let flushed = flush_input(tiny, DF, &FloatMode::default(), &Readings::resolved());
    assert_eq!(conv_value(&flushed, DF, false, KEEP_DF, RESOLVED), Ok(0));
}

#[rstest]
// F → HF narrowing, literal: the F denormal input flushes even with bit 7 set
#[case(F, 0x0000_0001, HF, KEEP_ALL, LIT_CVT, 0x0000_0000)]
// resolved: bit 7 set keeps it
#[case(F, 0x0000_0001, HF, KEEP_ALL, RESOLVED, 0x0000_0001)]
// HF → F widening, literal: the HF denormal input is kept even with bit 10 clear
#[case(HF, 0x0001, F, 0, LIT_CVT, 0x3380_0000)]
// resolved: bit 10 clear flushes it
#[case(HF, 0x0001, F, 0, RESOLVED, 0x0000_0000)]
// BF → HF (same width), literal: falls back to the mode (bit 7 clear → flushed, negative)
#[case(BF, 0x8001, HF, KEEP_HF, LIT_CVT, 0x8000_0000)]
fn flush_conversion_inputs(
    #[case] src: DataType,
    #[case] bits: u64,
    #[case] dst: DataType,
    #[case] cr0: u32,
    #[case] literal: &[&str],
    #[case] expected_f: u64,
) {
    let mode = FloatMode::from_cr0(cr0);
    let flushed = flush_conversion_input(decode(bits, src), src, dst, &mode, &readings(literal));
    assert_eq!(f32_bits(&flushed), expected_f);
}

// =============================================================================================
// Properties against native IEEE arithmetic (RTNE, denormals kept)
// =============================================================================================

fn native_mode() -> FloatMode {
    FloatMode::from_cr0(KEEP_ALL)
}

proptest! {
    /// The exact sum rounded once to F equals the native f32 sum.
    #[test]
    fn add_then_round_matches_native_f32(a in any::<u32>(), b in any::<u32>()) {
        let mode = native_mode();
        let sum = add(&decode(a.into(), F), &decode(b.into(), F), &mode).unwrap();
        let ours = convert(&sum, F, false, &mode, &Readings::resolved()).unwrap();
        let native = f32::from_bits(a) + f32::from_bits(b);
        if native.is_nan() {
            prop_assert!(f32::from_bits(ours as u32).is_nan(), "{a:#x} + {b:#x} = {ours:#x}");
        } else {
            prop_assert_eq!(ours, u64::from(native.to_bits()), "{:#x} + {:#x}", a, b);
        }
    }

    /// Decoding and converting back to the same float type is the identity (non-NaN), and
    /// only sets the quiet bit of a NaN.
    #[test]
    fn same_type_round_trip(bits in any::<u64>(), ty in prop::sample::select(vec![DF, F, HF, BF])) {
        let width = ty.bits();
        let bits = if width == 64 { bits } else { bits & ((1u64 << width) - 1) };
        let value = decode(bits, ty);
        let back = convert(&value, ty, false, &native_mode(), &Readings::resolved()).unwrap();
        let quiet_bit = match ty { DF => 1u64 << 51, F => 1 << 22, HF => 1 << 9, _ => 1 << 6 };
        if value.is_nan() {
            prop_assert_eq!(back, bits | quiet_bit);
        } else {
            prop_assert_eq!(back, bits);
        }
    }

    /// DF → F narrowing matches the native `as` cast (RTNE, gradual underflow).
    #[test]
    fn df_to_f_matches_native(bits in any::<u64>()) {
        let native = f64::from_bits(bits) as f32;
        let ours = convert(&decode(bits, DF), F, false, &native_mode(), &Readings::resolved()).unwrap();
        if native.is_nan() {
            prop_assert!(f32::from_bits(ours as u32).is_nan());
        } else {
            prop_assert_eq!(ours, u64::from(native.to_bits()));
        }
    }

    /// F → HF and F → BF narrowing match the `half` crate (RTNE, gradual underflow).
    #[test]
    fn f_to_hf_bf_matches_half(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(!x.is_nan());
        let mode = native_mode();
        let value = decode(bits.into(), F);
        let hf = convert(&value, HF, false, &mode, &Readings::resolved()).unwrap();
        prop_assert_eq!(hf, u64::from(half::f16::from_f32(x).to_bits()));
        let bf = convert(&value, BF, false, &mode, &Readings::resolved()).unwrap();
        prop_assert_eq!(bf, u64::from(half::bf16::from_f32(x).to_bits()));
    }

    /// Q → F and Q → DF match the native casts (RTNE), and F → D matches Rust's saturating
    /// float-to-int cast (NaN → 0, truncation toward zero, clamping).
    #[test]
    fn int_casts_match_native(n in any::<i64>(), bits in any::<u32>()) {
        let mode = native_mode();
        let r = Readings::resolved();
        let v = decode(n as u64, Q);
        prop_assert_eq!(convert(&v, F, false, &mode, &r).unwrap(), u64::from((n as f32).to_bits()));
        prop_assert_eq!(convert(&v, DF, false, &mode, &r).unwrap(), (n as f64).to_bits());
        let x = f32::from_bits(bits);
        let d = convert(&decode(bits.into(), F), D, false, &mode, &r).unwrap();
        prop_assert_eq!(d, u64::from(x as i32 as u32));
        let ud = convert(&decode(bits.into(), F), UD, false, &mode, &r).unwrap();
        prop_assert_eq!(ud, u64::from(x as u32));
    }
}

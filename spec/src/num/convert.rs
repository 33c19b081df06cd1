//! Decoding of source elements into exact values, source modifiers, and the conversion of an
//! exact value into a destination type (2_datatypes.md, "Type Conversion" and "Saturation";
//! 5_operands.md for the modifiers).
//!
//! The order of work for one destination element is: [`decode`] each source, [`flush_input`]
//! float denormals, [`apply_modifier`], compute exactly, then [`convert`] once.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::float::FloatFormat;
use super::mode::{FloatMode, Rounding};
use super::value::{ExactFloat, Value};
use crate::asm::ast::SrcModifier;
use crate::errata::{self, Readings};
use crate::error::VisaError;
use crate::types::{DataType, Precision};

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

/// Decodes one element of type `ty` (low `ty.bits()` bits of `bits`) into its exact value, no
/// flushing. Integer types → Int (sign-extended for signed types). Float types → Float
/// (denormals decode exactly). V/UV/VF are packed: use [`decode_packed`]; for them `decode`
/// decodes element 0. BOOL → Int(bits & 1).
pub fn decode(bits: u64, ty: DataType) -> Value {
    if let Some(format) = FloatFormat::of(ty) {
        return Value::Float(format.decode(bits));
    }
    if ty.is_packed() {
        return decode_packed(bits as u32, ty, 0);
    }
    let width = ty.bits();
    Value::from_i128(integer_field(bits, width, ty.is_signed_integer()))
}

/// Element `index` of a packed immediate (2_datatypes.md, V, UV and VF; erratum VF-ENCODING):
/// V → signed 4-bit element k = bits[4k+3:4k] (k<8), UV → unsigned 4-bit, VF → 8-bit
/// restricted float element k = bits[8k+7:8k] (k<4). Index out of range → Int(0) (V, UV) or +0
/// (VF). For a type that is not packed, element 0 is the whole value and any other is 0.
pub fn decode_packed(bits: u32, ty: DataType, index: u32) -> Value {
    match ty {
        DataType::V | DataType::UV if index < 8 => {
            let nibble = u64::from(bits >> (4 * index));
            Value::from_i128(integer_field(nibble, 4, ty == DataType::V))
        }
        DataType::V | DataType::UV => Value::int_zero(),
        DataType::VF if index < 4 => Value::Float(decode_vf_byte((bits >> (8 * index)) as u8)),
        DataType::VF => Value::Float(ExactFloat::zero(false)),
        _ if index == 0 => decode(u64::from(bits), ty),
        _ if ty.is_float() => Value::Float(ExactFloat::zero(false)),
        _ => Value::int_zero(),
    }
}

/// One VF element: sign:1 exponent:3 mantissa:4, bias 3, value (-1)^s * 2^(e-3) * (1 + m/16);
/// exponent and mantissa both 0 is a zero of that sign; no infinities or NaNs.
fn decode_vf_byte(byte: u8) -> ExactFloat {
    let negative = byte & 0x80 != 0;
    let exponent = i64::from((byte >> 4) & 0b111);
    let mantissa = u32::from(byte & 0b1111);
    if exponent == 0 && mantissa == 0 {
        return ExactFloat::zero(negative);
    }
    // (1 + m/16) * 2^(e-3) = (16 + m) * 2^(e-3-4)
    ExactFloat::finite(negative, BigUint::from(16 + mantissa), exponent - 3 - 4)
}

/// Decodes a DPAS operand element of precision `p` from the low bits of `bits`
/// (instructions/DPAS.md, precision table). Integer precisions give their integer value
/// (sign-extended for s1..s8). Float precisions decode exactly:
/// - BF: 1-8-7; HF: 1-5-10;
/// - TF32: an F container whose low 13 mantissa bits are ignored (1-8-10 in bits 31..13), so a
///   signalling NaN whose payload lies only in those bits reads as an infinity;
/// - BF8 (E5M2): 1-5-2, bias 15, IEEE-like (exponent all ones: inf for mantissa 0, else NaN);
/// - HF8 (E4M3): 1-4-3, bias 7, no infinities; S.1111.111 is NaN (quiet, payload 0b11
///   left-aligned), S.1111.110 is ±448; exponent 0 holds denormals m/8 * 2^-6.
pub fn decode_precision(bits: u32, p: Precision) -> Value {
    let bits = u64::from(bits);
    match p {
        Precision::BF => Value::Float(FloatFormat::BF.decode(bits)),
        Precision::HF => Value::Float(FloatFormat::HF.decode(bits)),
        Precision::TF32 => Value::Float(FloatFormat::TF32.decode(bits >> 13)),
        Precision::BF8 => Value::Float(FloatFormat::E5M2.decode(bits)),
        Precision::HF8 => Value::Float(decode_e4m3(bits as u8)),
        _ => Value::from_i128(integer_field(bits, p.bits(), p.is_signed())),
    }
}

/// One FP8 E4M3 (HF8) element.
fn decode_e4m3(byte: u8) -> ExactFloat {
    let negative = byte & 0x80 != 0;
    let exponent = i64::from((byte >> 3) & 0b1111);
    let mantissa = u32::from(byte & 0b111);
    if exponent == 0b1111 && mantissa == 0b111 {
        // The quiet bit is the top mantissa bit; the two bits below it are the payload.
        return ExactFloat::NaN {
            negative,
            quiet: true,
            payload: 0b11 << 62,
        };
    }
    let bias = 7;
    if exponent == 0 {
        // m/8 * 2^(1-bias)
        return ExactFloat::finite(negative, BigUint::from(mantissa), 1 - bias - 3);
    }
    // (1 + m/8) * 2^(e-bias) = (8 + m) * 2^(e-bias-3)
    ExactFloat::finite(negative, BigUint::from(8 + mantissa), exponent - bias - 3)
}

/// The low `width` bits of `bits` as an integer, sign-extended when `signed`.
fn integer_field(bits: u64, width: u32, signed: bool) -> i128 {
    let raw = bits & low_mask(width);
    let sign_bit = width.checked_sub(1).map_or(0, |top| (raw >> top) & 1);
    if signed && sign_bit == 1 {
        i128::from(raw) - (1i128 << width)
    } else {
        i128::from(raw)
    }
}

/// A mask of the low `width` bits (all 64 for 64 or more).
fn low_mask(width: u32) -> u64 {
    1u64.checked_shl(width).map_or(u64::MAX, |bit| bit - 1)
}

// ---------------------------------------------------------------------------------------------
// Input denormals and source modifiers
// ---------------------------------------------------------------------------------------------

/// Flushes a denormal value of float type `ty` to a zero of the same sign when
/// `mode.keeps_denormals(ty, readings)` is false; anything else is returned unchanged.
/// ("denormal" = nonzero finite with magnitude below the type's smallest normal.)
pub fn flush_input(value: Value, ty: DataType, mode: &FloatMode, readings: &Readings) -> Value {
    match FloatFormat::of(ty) {
        Some(format) if !mode.keeps_denormals(ty, readings) => flush_denormal(value, format),
        _ => value,
    }
}

/// The input flushing of a float-to-float conversion from `src` to `dst` (2_datatypes.md,
/// "Float to Float with Lower/Higher Precision"; erratum FLOAT-CONVERT-DENORM).
/// Resolved reading: as [`flush_input`] for `src`. Literal reading: a narrowing conversion
/// (fewer destination bits) always flushes denormal inputs, a widening one always keeps them,
/// and a conversion between types of the same width follows [`flush_input`]. For any other
/// pair of types this is [`flush_input`].
pub fn flush_conversion_input(
    value: Value,
    src: DataType,
    dst: DataType,
    mode: &FloatMode,
    readings: &Readings,
) -> Value {
    let float_pair = src.is_float() && dst.is_float();
    if !float_pair || !readings.is_literal(errata::FLOAT_CONVERT_DENORM) {
        return flush_input(value, src, mode, readings);
    }
    match (dst.bits().cmp(&src.bits()), FloatFormat::of(src)) {
        (std::cmp::Ordering::Less, Some(format)) => flush_denormal(value, format),
        (std::cmp::Ordering::Greater, _) => value,
        _ => flush_input(value, src, mode, readings),
    }
}

/// A float denormal of `format` becomes a zero of its sign.
fn flush_denormal(value: Value, format: FloatFormat) -> Value {
    match value {
        Value::Float(f) if f.is_denormal_in(format) => Value::Float(ExactFloat::zero(f.negative())),
        other => other,
    }
}

/// Applies a source modifier to an exact value of type `ty` (5_operands.md; erratum
/// OPERAND-MODIFIER-TABLE): Neg → exact negation (ints: -x, even for unsigned types and
/// INT_MIN; floats: flip the sign, NaN included), Abs → |x| (floats: clear the sign), NegAbs →
/// -|x| (floats: set the sign), Not → bitwise complement within the element width of `ty`,
/// re-read as `ty` (ints only; V and UV elements are 4 bits wide, BOOL 1; a float value or a
/// float `ty` is returned unchanged).
pub fn apply_modifier(value: Value, modifier: SrcModifier, ty: DataType) -> Value {
    match value {
        Value::Int(n) => Value::Int(modify_int(n, modifier, ty)),
        Value::Float(f) => Value::Float(modify_float(f, modifier)),
    }
}

fn modify_int(n: BigInt, modifier: SrcModifier, ty: DataType) -> BigInt {
    match modifier {
        SrcModifier::Neg => -n,
        SrcModifier::Abs => n.abs(),
        SrcModifier::NegAbs => -n.abs(),
        SrcModifier::Not => complement(n, ty),
    }
}

fn modify_float(f: ExactFloat, modifier: SrcModifier) -> ExactFloat {
    match modifier {
        SrcModifier::Neg => f.negated(),
        SrcModifier::Abs => f.abs(),
        SrcModifier::NegAbs => f.with_sign(true),
        SrcModifier::Not => f,
    }
}

/// `~n` within the element width of `ty`, read back as `ty`.
fn complement(n: BigInt, ty: DataType) -> BigInt {
    let (width, signed) = match ty {
        DataType::V => (4, true),
        DataType::UV => (4, false),
        _ if ty.is_integer() || ty == DataType::BOOL => (ty.bits(), ty.is_signed_integer()),
        _ => return n,
    };
    let inverted = !low_bits(&n, width) & low_mask(width);
    BigInt::from(integer_field(inverted, width, signed))
}

/// The two's complement low `width` (<= 64) bits of an unbounded integer.
fn low_bits(n: &BigInt, width: u32) -> u64 {
    let modulus = BigInt::one() << width.min(64);
    n.mod_floor(&modulus).to_u64().unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Conversion to a destination type
// ---------------------------------------------------------------------------------------------

/// Converts an exact value to the bit pattern of `dst` (in the low `dst.bits()` bits of the
/// u64), following 2_datatypes.md, "Type Conversion" and "Saturation", with the errata
/// FLOAT-TO-UINT-NEGATIVE, INT-TO-FLOAT-ROUNDING and SAT-NEGATIVE-ZERO at `readings`.
///
/// Float input denormals are not flushed here (see [`flush_input`]); a denormal result is
/// flushed per the destination's denorm mode. For a float destination the steps are: round once
/// (gradual underflow, overflow per rounding mode), flush a denormal result, ALT mode (F),
/// then saturation. A BOOL or packed destination is a model bug.
pub fn convert(
    value: &Value,
    dst: DataType,
    sat: bool,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<u64, VisaError> {
    if dst == DataType::BOOL || dst.is_packed() {
        return Err(VisaError::model_bug(format!(
            "conversion of {value} to {dst}"
        )));
    }
    match (value, dst.is_float()) {
        (Value::Int(n), false) => int_to_int(n, dst, sat),
        (Value::Float(f), false) => float_to_int(f, dst, readings),
        (Value::Int(n), true) => int_to_float(n, dst, sat, mode, readings),
        (Value::Float(f), true) => float_to_float(f, dst, sat, mode, mode.rounding, readings),
    }
}

/// Converts an exact integer to the bit pattern of the integer type `dst`: [`convert`] for
/// an integer result, without a float mode. A float `dst` is a model bug.
pub fn convert_int(n: &BigInt, dst: DataType, sat: bool) -> Result<u64, VisaError> {
    if !dst.is_integer() {
        return Err(VisaError::model_bug(format!(
            "integer conversion of {n} to {dst}"
        )));
    }
    int_to_int(n, dst, sat)
}

/// Integer to integer (2_datatypes.md, "Integer to Integer with Same or Higher Precision" and
/// "... Lower Precision"; "Saturation"): the exact value is clamped to the destination range
/// under saturation, otherwise its low bits are kept (which is sign or zero extension for a
/// wider destination and truncation for a narrower one).
fn int_to_int(n: &BigInt, dst: DataType, sat: bool) -> Result<u64, VisaError> {
    let value = if sat {
        let (min, max) = int_range(dst)?;
        n.clamp(&min, &max).clone()
    } else {
        n.clone()
    };
    Ok(low_bits(&value, dst.bits()))
}

/// Float to integer (2_datatypes.md, "Float to Integer"): NaN → 0, +inf and values above the
/// range → Imax, -inf and values below → Imin, otherwise truncation toward zero. For an
/// unsigned destination a negative value gives 0; under the literal reading of erratum
/// FLOAT-TO-UINT-NEGATIVE, -inf and negative values that truncate to a nonzero integer are
/// undefined behaviour. Saturation changes nothing here.
fn float_to_int(f: &ExactFloat, dst: DataType, readings: &Readings) -> Result<u64, VisaError> {
    let (min, max) = int_range(dst)?;
    let result = match f {
        ExactFloat::NaN { .. } | ExactFloat::Zero { .. } => BigInt::zero(),
        ExactFloat::Inf { negative: false } => max,
        ExactFloat::Inf { negative: true } => {
            negative_to_unsigned_check(dst, readings, "-inf")?;
            min
        }
        ExactFloat::Finite { .. } => {
            let truncated = truncate_toward_zero(f, &min, &max);
            if truncated.is_negative() {
                negative_to_unsigned_check(dst, readings, &f.to_string())?;
            }
            truncated.clamp(min, max)
        }
    };
    Ok(low_bits(&result, dst.bits()))
}

/// The literal reading of erratum FLOAT-TO-UINT-NEGATIVE: an unsigned destination has no
/// result for -inf or a negative value of magnitude at least 1.
fn negative_to_unsigned_check(
    dst: DataType,
    readings: &Readings,
    what: &str,
) -> Result<(), VisaError> {
    if dst.is_signed_integer() || !readings.is_literal(errata::FLOAT_TO_UINT_NEGATIVE) {
        return Ok(());
    }
    Err(VisaError::undefined(format!(
        "{what} converted to {dst}: no integer result (erratum {})",
        errata::FLOAT_TO_UINT_NEGATIVE
    )))
}

/// The integer part of a finite value, rounding toward zero. A value whose magnitude is at
/// least 2^128 (beyond every integer type) gives `max + 1` or `min - 1` instead of its exact
/// integer part, which the caller's clamp maps to the same result.
fn truncate_toward_zero(f: &ExactFloat, min: &BigInt, max: &BigInt) -> BigInt {
    let ExactFloat::Finite {
        negative,
        mantissa,
        exponent,
    } = f
    else {
        return BigInt::zero();
    };
    let Some(binade) = f.binade() else {
        return BigInt::zero();
    };
    let magnitude = if binade < 0 {
        BigUint::zero()
    } else if binade >= 128 {
        return if *negative { min - 1 } else { max + 1 };
    } else if *exponent >= 0 {
        // binade < 128 bounds the shift.
        mantissa << usize::try_from(*exponent).unwrap_or(0)
    } else {
        // -exponent < mantissa.bits() here.
        mantissa >> usize::try_from(exponent.unsigned_abs()).unwrap_or(usize::MAX)
    };
    let magnitude = BigInt::from(magnitude);
    if *negative {
        -magnitude
    } else {
        magnitude
    }
}

/// [Imin, Imax] of an integer type (2_datatypes.md, the Range column).
fn int_range(dst: DataType) -> Result<(BigInt, BigInt), VisaError> {
    match (dst.int_min(), dst.int_max()) {
        (Some(min), Some(max)) => Ok((BigInt::from(min), BigInt::from(max))),
        _ => Err(VisaError::model_bug(format!(
            "{dst} is not an integer type"
        ))),
    }
}

/// Integer to float (2_datatypes.md, "Integer to Float"): the exact integer rounds to the
/// destination with the %cr0 rounding mode, or always to nearest even under the literal
/// reading of erratum INT-TO-FLOAT-ROUNDING; then as a float result.
fn int_to_float(
    n: &BigInt,
    dst: DataType,
    sat: bool,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<u64, VisaError> {
    let rounding = if readings.is_literal(errata::INT_TO_FLOAT_ROUNDING) {
        Rounding::Rtne
    } else {
        mode.rounding
    };
    float_to_float(
        &ExactFloat::from_bigint(n),
        dst,
        sat,
        mode,
        rounding,
        readings,
    )
}

/// Float to float (2_datatypes.md, "Float to Float with Lower/Higher Precision", "ALT
/// Single Floating Point Mode", "Saturation"): one rounding to the destination format, then
/// the destination's output denormal flushing, ALT mode, and saturation.
fn float_to_float(
    f: &ExactFloat,
    dst: DataType,
    sat: bool,
    mode: &FloatMode,
    rounding: Rounding,
    readings: &Readings,
) -> Result<u64, VisaError> {
    let format = FloatFormat::of(dst)
        .ok_or_else(|| VisaError::model_bug(format!("{dst} is not a float type")))?;
    let rounded = format.round(f, rounding);
    let flushed = if mode.keeps_denormals(dst, readings) || !rounded.is_denormal_in(format) {
        rounded
    } else {
        ExactFloat::zero(rounded.negative())
    };
    let alt = if dst == DataType::F && mode.alt_f && flushed.is_inf() {
        format.largest_finite(flushed.negative())
    } else {
        flushed
    };
    let result = if sat {
        saturate_float(alt, readings)
    } else {
        alt
    };
    format
        .encode(&result)
        .ok_or_else(|| VisaError::model_bug(format!("{result} does not encode as {dst}")))
}

/// Float saturation to [0.0, 1.0] (2_datatypes.md, "Saturation"): NaN and negative values
/// (-inf included) → +0.0, values above 1.0 (+inf included) → 1.0. A negative zero becomes
/// +0.0, or stays -0.0 under the literal reading of erratum SAT-NEGATIVE-ZERO.
fn saturate_float(value: ExactFloat, readings: &Readings) -> ExactFloat {
    let one = ExactFloat::finite(false, BigUint::one(), 0);
    match value {
        ExactFloat::NaN { .. } => ExactFloat::zero(false),
        ExactFloat::Zero { negative: true } if readings.is_literal(errata::SAT_NEGATIVE_ZERO) => {
            value
        }
        v if v.negative() => ExactFloat::zero(false),
        v if v.compare(&one) == Some(std::cmp::Ordering::Greater) => one,
        v => v,
    }
}

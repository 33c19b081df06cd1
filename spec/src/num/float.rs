//! IEEE binary floating-point formats (2_datatypes.md, "Fundamental Data Types": DF 1-11-52,
//! F 1-8-23, HF 1-5-10, BF 1-8-7): decoding and encoding of bit patterns, rounding of exact
//! values under a rounding mode, and exact IEEE 754 addition and multiplication.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::mode::{FloatMode, Rounding};
use super::value::{ExactFloat, Value};
use crate::error::VisaError;
use crate::types::DataType;

/// An IEEE-style binary format: sign bit, `exponent_bits` biased exponent (all ones: inf and
/// NaN, zero: zero and denormals) and `fraction_bits` stored mantissa bits, the top one of
/// which is the quiet bit of a NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatFormat {
    exponent_bits: u32,
    fraction_bits: u32,
}

impl ExactFloat {
    /// Whether this is a nonzero finite value whose magnitude is below the smallest normal
    /// number of `format` (whether or not `format` can represent it exactly).
    pub fn is_denormal_in(&self, format: FloatFormat) -> bool {
        self.binade()
            .is_some_and(|b| b < i128::from(format.min_exponent()))
    }
}

/// Widest exponent gap [`add`] aligns exactly (in bits); decoded values of every vISA type are
/// far closer than this, so only a broken caller can reach it.
const MAX_EXACT_ALIGNMENT: i128 = 1 << 20;

impl FloatFormat {
    /// DF: 1-11-52, bias 1023.
    pub const DF: FloatFormat = FloatFormat {
        exponent_bits: 11,
        fraction_bits: 52,
    };
    /// F: 1-8-23, bias 127.
    pub const F: FloatFormat = FloatFormat {
        exponent_bits: 8,
        fraction_bits: 23,
    };
    /// HF: 1-5-10, bias 15.
    pub const HF: FloatFormat = FloatFormat {
        exponent_bits: 5,
        fraction_bits: 10,
    };
    /// BF (bfloat16): 1-8-7, bias 127.
    pub const BF: FloatFormat = FloatFormat {
        exponent_bits: 8,
        fraction_bits: 7,
    };
    /// TF32 as stored in bits 31..13 of its F container: 1-8-10, bias 127.
    pub const TF32: FloatFormat = FloatFormat {
        exponent_bits: 8,
        fraction_bits: 10,
    };
    /// BF8 (FP8 E5M2): 1-5-2, bias 15, IEEE-like infinities and NaNs.
    pub const E5M2: FloatFormat = FloatFormat {
        exponent_bits: 5,
        fraction_bits: 2,
    };

    /// The format of a float data type; None for the other types.
    pub fn of(ty: DataType) -> Option<FloatFormat> {
        match ty {
            DataType::DF => Some(FloatFormat::DF),
            DataType::F => Some(FloatFormat::F),
            DataType::HF => Some(FloatFormat::HF),
            DataType::BF => Some(FloatFormat::BF),
            _ => None,
        }
    }

    pub fn exponent_bits(self) -> u32 {
        self.exponent_bits
    }

    /// Stored mantissa (fraction) bits.
    pub fn fraction_bits(self) -> u32 {
        self.fraction_bits
    }

    /// Total width in bits.
    pub fn width(self) -> u32 {
        1 + self.exponent_bits + self.fraction_bits
    }

    /// Significand bits including the implicit leading one.
    pub fn precision(self) -> u32 {
        self.fraction_bits + 1
    }

    /// Exponent bias: 2^(exponent_bits-1) - 1.
    pub fn bias(self) -> i64 {
        (1i64 << (self.exponent_bits - 1)) - 1
    }

    /// Exponent of the smallest normal number (1 - bias).
    pub fn min_exponent(self) -> i64 {
        1 - self.bias()
    }

    /// Exponent of the largest finite number (the largest biased exponent below all ones,
    /// minus the bias; equal to the bias).
    pub fn max_exponent(self) -> i64 {
        self.exponent_field_all_ones() - 1 - self.bias()
    }

    /// Exponent of the last mantissa bit of a denormal: min_exponent - fraction_bits.
    pub fn denormal_quantum(self) -> i64 {
        self.min_exponent() - i64::from(self.fraction_bits)
    }

    /// The largest finite value, (2 - 2^-fraction_bits) * 2^max_exponent, with a sign.
    pub fn largest_finite(self, negative: bool) -> ExactFloat {
        let mantissa = (BigUint::one() << self.precision()) - 1u32;
        ExactFloat::finite(
            negative,
            mantissa,
            self.max_exponent() - i64::from(self.fraction_bits),
        )
    }

    /// The smallest normal value, 2^min_exponent, with a sign.
    pub fn smallest_normal(self, negative: bool) -> ExactFloat {
        ExactFloat::finite(negative, BigUint::one(), self.min_exponent())
    }

    /// The smallest denormal value, 2^denormal_quantum, with a sign.
    pub fn smallest_denormal(self, negative: bool) -> ExactFloat {
        ExactFloat::finite(negative, BigUint::one(), self.denormal_quantum())
    }

    fn exponent_field_all_ones(self) -> i64 {
        (1i64 << self.exponent_bits) - 1
    }

    fn fraction_mask(self) -> u64 {
        (1u64 << self.fraction_bits) - 1
    }

    /// NaN payload bits of this format (the fraction bits below the quiet bit).
    fn payload_bits(self) -> u32 {
        self.fraction_bits - 1
    }

    /// Keeps the part of a left-aligned payload this format can hold.
    fn truncate_payload(self, payload: u64) -> u64 {
        match self.payload_bits() {
            0 => 0,
            n => payload & (u64::MAX << (64 - n)),
        }
    }

    /// Decodes the low `width()` bits of `bits` exactly (denormals included, nothing flushed).
    pub fn decode(self, bits: u64) -> ExactFloat {
        let f = self.fraction_bits;
        let fraction = bits & self.fraction_mask();
        let exponent_field = ((bits >> f) as i64) & self.exponent_field_all_ones();
        let negative = (bits >> (f + self.exponent_bits)) & 1 == 1;
        if exponent_field == self.exponent_field_all_ones() {
            return self.decode_special(negative, fraction);
        }
        if exponent_field == 0 {
            return ExactFloat::finite(negative, BigUint::from(fraction), self.denormal_quantum());
        }
        let significand = fraction | (1u64 << f);
        let exponent = exponent_field - self.bias() - i64::from(f);
        ExactFloat::finite(negative, BigUint::from(significand), exponent)
    }

    /// Exponent field all ones: infinity (fraction 0) or NaN.
    fn decode_special(self, negative: bool, fraction: u64) -> ExactFloat {
        if fraction == 0 {
            return ExactFloat::Inf { negative };
        }
        let payload_bits = self.payload_bits();
        let quiet = (fraction >> payload_bits) & 1 == 1;
        let below_quiet = fraction & ((1u64 << payload_bits) - 1);
        let payload = below_quiet.checked_shl(64 - payload_bits).unwrap_or(0);
        ExactFloat::NaN {
            negative,
            quiet,
            payload,
        }
    }

    /// Encodes a value this format holds exactly; None when it does not (too many mantissa
    /// bits, out of range, or a signalling NaN whose payload would vanish into an infinity).
    /// NaN payloads are truncated to the format's payload bits.
    pub fn encode(self, value: &ExactFloat) -> Option<u64> {
        let sign = |negative: bool| u64::from(negative) << (self.width() - 1);
        let all_ones = (self.exponent_field_all_ones() as u64) << self.fraction_bits;
        match value {
            ExactFloat::Zero { negative } => Some(sign(*negative)),
            ExactFloat::Inf { negative } => Some(sign(*negative) | all_ones),
            ExactFloat::NaN {
                negative,
                quiet,
                payload,
            } => {
                let quiet_bit = u64::from(*quiet) << self.payload_bits();
                let payload = self.truncate_payload(*payload) >> (64 - self.payload_bits());
                let fraction = quiet_bit | payload;
                (fraction != 0).then_some(sign(*negative) | all_ones | fraction)
            }
            ExactFloat::Finite {
                negative,
                mantissa,
                exponent,
            } => {
                let magnitude = self.encode_magnitude(mantissa, *exponent)?;
                Some(sign(*negative) | magnitude)
            }
        }
    }

    /// Exponent field and fraction of `mantissa * 2^exponent`, if exactly representable.
    fn encode_magnitude(self, mantissa: &BigUint, exponent: i64) -> Option<u64> {
        if mantissa.is_zero() {
            return Some(0);
        }
        let f = i128::from(self.fraction_bits);
        let binade = i128::from(exponent) + i128::from(mantissa.bits()) - 1;
        if binade > i128::from(self.max_exponent()) {
            return None;
        }
        let normal = binade >= i128::from(self.min_exponent());
        // Exponent of the last significand bit, and the biased exponent field.
        let (quantum, exponent_field) = if normal {
            (binade - f, binade + i128::from(self.bias()))
        } else {
            (i128::from(self.denormal_quantum()), 0)
        };
        let shift = usize::try_from(i128::from(exponent) - quantum).ok()?;
        let significand = (mantissa << shift).to_u64()?;
        let fraction = significand & self.fraction_mask();
        let exponent_field = u64::try_from(exponent_field).ok()?;
        Some((exponent_field << self.fraction_bits) | fraction)
    }

    /// Rounds a value to this format with `rounding`, with gradual underflow (the result may be
    /// a denormal; flushing is the caller's business). Overflow gives infinity or the largest
    /// finite value as IEEE 754 directs for the mode. Zeros and infinities are unchanged; a NaN
    /// is quieted and its payload truncated to the format. The result always encodes.
    pub fn round(self, value: &ExactFloat, rounding: Rounding) -> ExactFloat {
        match value {
            ExactFloat::Finite {
                negative,
                mantissa,
                exponent,
            } => self.round_finite(*negative, mantissa, *exponent, rounding),
            ExactFloat::NaN {
                negative, payload, ..
            } => ExactFloat::NaN {
                negative: *negative,
                quiet: true,
                payload: self.truncate_payload(*payload),
            },
            other => other.clone(),
        }
    }

    /// Rounds `(-1)^negative * mantissa * 2^exponent`.
    fn round_finite(
        self,
        negative: bool,
        mantissa: &BigUint,
        exponent: i64,
        rounding: Rounding,
    ) -> ExactFloat {
        if mantissa.is_zero() {
            return ExactFloat::Zero { negative };
        }
        let precision = i128::from(self.precision());
        let exponent = i128::from(exponent);
        let binade = exponent + i128::from(mantissa.bits()) - 1;
        // The exponent of the last significand bit kept: precision bits below the leading one,
        // but never below the denormal quantum (gradual underflow).
        let mut quantum = binade.max(i128::from(self.min_exponent())) - (precision - 1);
        let (mut significand, discarded) = if exponent >= quantum {
            // At most `precision` bits of shift: the value fits exactly.
            let shift = usize::try_from(exponent - quantum).unwrap_or(0);
            (mantissa << shift, Discarded::Nothing)
        } else {
            let shift = u64::try_from(quantum - exponent).unwrap_or(u64::MAX);
            shift_right_discarding(mantissa, shift)
        };
        if rounds_away(rounding, negative, &significand, discarded) {
            significand += 1u32;
            if significand.bits() > self.precision().into() {
                // Carried into a new binade: 2^precision * 2^quantum.
                significand >>= 1usize;
                quantum += 1;
            }
        }
        if significand.is_zero() {
            return ExactFloat::Zero { negative };
        }
        let result_binade = quantum + i128::from(significand.bits()) - 1;
        if result_binade > i128::from(self.max_exponent()) {
            return self.overflow(negative, rounding);
        }
        // quantum lies between the denormal quantum and max_exponent here.
        let quantum = i64::try_from(quantum).unwrap_or(i64::MAX);
        ExactFloat::finite(negative, significand, quantum)
    }

    /// IEEE 754 overflow: infinity when the mode rounds away from zero for this sign, the
    /// largest finite value otherwise.
    fn overflow(self, negative: bool, rounding: Rounding) -> ExactFloat {
        let to_infinity = match rounding {
            Rounding::Rtne => true,
            Rounding::Ru => !negative,
            Rounding::Rd => negative,
            Rounding::Rtz => false,
        };
        if to_infinity {
            ExactFloat::Inf { negative }
        } else {
            self.largest_finite(negative)
        }
    }
}

/// What the bits shifted out of a significand were worth, in units of the last place kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Discarded {
    /// Exactly zero: the result is exact.
    Nothing,
    /// More than zero, less than half.
    BelowHalf,
    /// Exactly half (a tie).
    Half,
    /// More than half, less than one.
    AboveHalf,
}

/// `m >> shift` and the classification of the bits shifted out.
fn shift_right_discarding(m: &BigUint, shift: u64) -> (BigUint, Discarded) {
    if shift == 0 {
        return (m.clone(), Discarded::Nothing);
    }
    if shift > m.bits() {
        // m < 2^bits <= 2^(shift-1), half a unit of the kept last place.
        let discarded = if m.is_zero() {
            Discarded::Nothing
        } else {
            Discarded::BelowHalf
        };
        return (BigUint::zero(), discarded);
    }
    // Here shift <= m.bits(), which fits memory, so it fits usize.
    let shift = usize::try_from(shift).unwrap_or(usize::MAX);
    let kept = m >> shift;
    let rest = m - (&kept << shift);
    let half = BigUint::one() << (shift - 1);
    let discarded = if rest.is_zero() {
        Discarded::Nothing
    } else {
        match rest.cmp(&half) {
            std::cmp::Ordering::Less => Discarded::BelowHalf,
            std::cmp::Ordering::Equal => Discarded::Half,
            std::cmp::Ordering::Greater => Discarded::AboveHalf,
        }
    };
    (kept, discarded)
}

/// Whether rounding increments the kept significand (moves away from zero).
fn rounds_away(rounding: Rounding, negative: bool, kept: &BigUint, discarded: Discarded) -> bool {
    if discarded == Discarded::Nothing {
        return false;
    }
    match rounding {
        Rounding::Rtne => match discarded {
            Discarded::AboveHalf => true,
            Discarded::Half => kept.is_odd(),
            _ => false,
        },
        Rounding::Ru => !negative,
        Rounding::Rd => negative,
        Rounding::Rtz => false,
    }
}

/// Exact addition. Ints: exact sum. Floats (both operands Float): IEEE 754 rules: if either is
/// NaN the result is the first NaN operand (a before b), quieted (quiet=true), sign and payload
/// kept; inf + -inf is the default NaN (negative=false, quiet=true, payload=0); inf + finite =
/// inf; exact sum of finite/zero operands; an exact zero sum of operands with different signs
/// (or x + -x) is +0, except -0 under Rounding::Rd; -0 + -0 = -0. Mixing Int and Float is a
/// model bug: Err(VisaError::model_bug(..)).
///
/// Nothing is rounded or flushed: the caller converts the result to its destination type.
pub fn add(a: &Value, b: &Value, mode: &FloatMode) -> Result<Value, VisaError> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Ok(Value::Int(x + y)),
        (Value::Float(x), Value::Float(y)) => add_floats(x, y, mode.rounding).map(Value::Float),
        _ => Err(VisaError::model_bug(format!(
            "add of an integer and a float: {a} + {b}"
        ))),
    }
}

/// IEEE 754 addition of exact floats (instructions/ADD.md with erratum FLOAT-SPECIAL-TABLE).
fn add_floats(a: &ExactFloat, b: &ExactFloat, rounding: Rounding) -> Result<ExactFloat, VisaError> {
    use ExactFloat::{Finite, Inf, Zero};
    if let Some(nan) = first_nan(a, b) {
        return Ok(nan);
    }
    Ok(match (a, b) {
        (Inf { negative: x }, Inf { negative: y }) if x != y => ExactFloat::default_nan(),
        (Inf { negative }, _) | (_, Inf { negative }) => Inf {
            negative: *negative,
        },
        (Zero { negative: x }, Zero { negative: y }) => zero_sum(*x && *y, x != y, rounding),
        (Zero { .. }, finite) | (finite, Zero { .. }) => finite.clone(),
        (
            Finite {
                negative: xn,
                mantissa: xm,
                exponent: xe,
            },
            Finite {
                negative: yn,
                mantissa: ym,
                exponent: ye,
            },
        ) => {
            let low = (*xe).min(*ye);
            let x = signed_aligned(*xn, xm, *xe, low)?;
            let y = signed_aligned(*yn, ym, *ye, low)?;
            let sum = x + y;
            if sum.is_zero() {
                zero_sum(false, xn != yn, rounding)
            } else {
                let negative = sum.sign() == num_bigint::Sign::Minus;
                ExactFloat::finite(negative, sum.magnitude().clone(), low)
            }
        }
        // NaNs were handled above.
        _ => ExactFloat::default_nan(),
    })
}

/// The first NaN operand, quieted.
fn first_nan(a: &ExactFloat, b: &ExactFloat) -> Option<ExactFloat> {
    [a, b]
        .into_iter()
        .find(|x| x.is_nan())
        .map(|x| x.clone().quieted())
}

/// The zero an exact zero sum gives: -0 for two negative zeros, and for operands of different
/// signs +0 except under round-down.
fn zero_sum(both_negative: bool, signs_differ: bool, rounding: Rounding) -> ExactFloat {
    let negative = both_negative || (signs_differ && rounding == Rounding::Rd);
    ExactFloat::Zero { negative }
}

/// `(-1)^negative * mantissa * 2^(exponent - low)` as an integer (`exponent >= low`).
fn signed_aligned(
    negative: bool,
    mantissa: &BigUint,
    exponent: i64,
    low: i64,
) -> Result<BigInt, VisaError> {
    let gap = i128::from(exponent) - i128::from(low);
    if !(0..=MAX_EXACT_ALIGNMENT).contains(&gap) {
        return Err(VisaError::model_bug(format!(
            "exact alignment over {gap} bits: operand exponent out of any vISA range"
        )));
    }
    let shift = usize::try_from(gap).unwrap_or(0);
    let magnitude = BigInt::from(mantissa << shift);
    Ok(if negative { -magnitude } else { magnitude })
}

/// Exact multiplication. Ints: exact product. Floats: IEEE 754 rules: the first NaN operand
/// (a before b), quieted; inf * 0 is the default NaN; otherwise the sign is the exclusive or of
/// the operand signs, inf * nonzero = inf, anything finite * 0 = 0, and finite products are
/// exact. Mixing Int and Float is a model bug.
pub fn mul(a: &Value, b: &Value) -> Result<Value, VisaError> {
    use ExactFloat::{Finite, Inf, Zero};
    let (x, y) = match (a, b) {
        (Value::Int(x), Value::Int(y)) => return Ok(Value::Int(x * y)),
        (Value::Float(x), Value::Float(y)) => (x, y),
        _ => {
            return Err(VisaError::model_bug(format!(
                "mul of an integer and a float: {a} * {b}"
            )))
        }
    };
    if let Some(nan) = first_nan(x, y) {
        return Ok(Value::Float(nan));
    }
    let negative = x.negative() != y.negative();
    Ok(Value::Float(match (x, y) {
        (Inf { .. }, Zero { .. }) | (Zero { .. }, Inf { .. }) => ExactFloat::default_nan(),
        (Inf { .. }, _) | (_, Inf { .. }) => Inf { negative },
        (Zero { .. }, _) | (_, Zero { .. }) => Zero { negative },
        (
            Finite {
                mantissa: xm,
                exponent: xe,
                ..
            },
            Finite {
                mantissa: ym,
                exponent: ye,
                ..
            },
        ) => ExactFloat::finite(negative, xm * ym, xe.saturating_add(*ye)),
        // NaNs were handled above.
        _ => ExactFloat::default_nan(),
    }))
}

/// Exact fused multiply-add `a * b + c` (instructions/MAD.md): one exact product, one exact
/// sum, no rounding (the caller converts once). Ints: the exact integer. Floats: IEEE 754
/// fusedMultiplyAdd before its rounding: the first NaN operand in the order a, b, c, quieted
/// (so `0 * inf + NaN` keeps c's payload); otherwise `inf * 0` and `inf + -inf` give the
/// default NaN; an exact zero is signed as [`add`] signs it (the product's sign is the
/// exclusive or of the factor signs, so `-0 * +x + -0` is -0, and `x*y + -(x*y)` is +0 except
/// under round-down). Mixing Int and Float is a model bug.
pub fn fma(a: &Value, b: &Value, c: &Value, mode: &FloatMode) -> Result<Value, VisaError> {
    if let (Value::Float(x), Value::Float(y), Value::Float(z)) = (a, b, c) {
        if let Some(nan) = [x, y, z].into_iter().find(|v| v.is_nan()) {
            return Ok(Value::Float(nan.clone().quieted()));
        }
    }
    let product = mul(a, b)?;
    add(&product, c, mode)
}

/// Minimum significant bits of a finite inexact quotient from [`div`]: at least two more than
/// the widest vISA float precision (DF, 53 bits), see [`div`].
const QUOTIENT_BITS: u64 = 64;

/// Float division `a / b` as IEEE 754 defines it before its rounding: the first NaN operand
/// (a before b), quieted; `0 / 0` and `inf / inf` give the default NaN; otherwise the sign is
/// the exclusive or of the operand signs, `inf / x` is inf, `x / 0` is inf for a finite
/// nonzero x, `x / inf` and `0 / x` are 0. Ints: the quotient truncated toward zero
/// ([`int_div`]); an integer division by zero is undefined behaviour. Mixing Int and Float is
/// a model bug.
///
/// The quotient of two binary fractions is in general not a binary fraction, so a finite
/// inexact quotient is returned in a form that rounds exactly like it (the "sticky bit"
/// argument): with `N = ma * 2^k` and `q = floor(N / mb)`, `r = N mod mb`, `k` chosen so that
/// `q` has at least `QUOTIENT_BITS` bits and its last bit weighs at most 2^-2, the result is
/// `(2q + 1) * 2^(e - 1)` when `r != 0` (`e` the weight of q's last bit), i.e. the midpoint of
/// the open interval `(q, q + 1) * 2^e` that holds the exact quotient. Every rounding boundary
/// of [`convert`](crate::num::convert) (a representable value or a midpoint of two, in any vISA float format, down
/// through the denormal range, and the integers for a conversion to an integer type) is a
/// multiple of 2^e: a format of precision p <= 53 rounds a value of binade B >= e + 63 at the
/// weight 2^(B - p + 1) >= 2^(e + 11), its midpoints at 2^(e + 10) or coarser (coarser still
/// for denormals), and integers are multiples of 2^e because e <= -2. That open interval
/// contains no boundary, so the exact quotient and the returned value lie on the same side of
/// every boundary, have the same binade, and are both inexact: each rounding mode, the
/// overflow decision and the denormal flush give the same result for both.
pub fn div(a: &Value, b: &Value) -> Result<Value, VisaError> {
    use ExactFloat::{Finite, Inf, Zero};
    let (x, y) = match (a, b) {
        (Value::Int(x), Value::Int(y)) => {
            return int_div(x, y).map(Value::Int).ok_or_else(|| {
                VisaError::undefined(format!("integer division by zero: {x} / {y}"))
            })
        }
        (Value::Float(x), Value::Float(y)) => (x, y),
        _ => {
            return Err(VisaError::model_bug(format!(
                "div of an integer and a float: {a} / {b}"
            )))
        }
    };
    if let Some(nan) = first_nan(x, y) {
        return Ok(Value::Float(nan));
    }
    let negative = x.negative() != y.negative();
    Ok(Value::Float(match (x, y) {
        (Inf { .. }, Inf { .. }) | (Zero { .. }, Zero { .. }) => ExactFloat::default_nan(),
        (Inf { .. }, _) | (_, Zero { .. }) => Inf { negative },
        (_, Inf { .. }) | (Zero { .. }, _) => Zero { negative },
        (
            Finite {
                mantissa: xm,
                exponent: xe,
                ..
            },
            Finite {
                mantissa: ym,
                exponent: ye,
                ..
            },
        ) => finite_quotient(negative, xm, *xe, ym, *ye)?,
        // NaNs were handled above.
        _ => ExactFloat::default_nan(),
    }))
}

/// `(-1)^negative * (xm * 2^xe) / (ym * 2^ye)`, exactly when the quotient is a binary
/// fraction, else rounding-equivalent with a sticky bit (see [`div`]).
fn finite_quotient(
    negative: bool,
    xm: &BigUint,
    xe: i64,
    ym: &BigUint,
    ye: i64,
) -> Result<ExactFloat, VisaError> {
    if ym.is_zero() {
        return Ok(ExactFloat::Inf { negative });
    }
    let exponent = i128::from(xe) - i128::from(ye);
    // Bits of floor(xm * 2^k / ym) are at least bits(xm) + k - bits(ym).
    let for_precision = i128::from(QUOTIENT_BITS) + i128::from(ym.bits()) - i128::from(xm.bits());
    // The last quotient bit weighs 2^(exponent - k); at most 2^-2.
    let for_integers = exponent + 2;
    let k = for_precision.max(for_integers).max(0);
    if k > MAX_EXACT_ALIGNMENT {
        return Err(VisaError::model_bug(format!(
            "quotient scaled by 2^{k}: operand exponent out of any vISA range"
        )));
    }
    let numerator = xm << usize::try_from(k).unwrap_or(0);
    let (q, r) = numerator.div_rem(ym);
    let last = exponent - k;
    let (mantissa, last) = if r.is_zero() {
        (q, last)
    } else {
        ((q << 1usize) | BigUint::one(), last - 1)
    };
    let last = i64::try_from(last)
        .map_err(|_| VisaError::model_bug(format!("quotient exponent {last} out of range")))?;
    Ok(ExactFloat::finite(negative, mantissa, last))
}

/// Integer division truncating toward zero (instructions/DIV.md, Notes: the quotient is
/// negative exactly when the operand signs differ). None for a zero divisor: the documents
/// give it no value.
pub fn int_div(numerator: &BigInt, denominator: &BigInt) -> Option<BigInt> {
    if denominator.is_zero() {
        return None;
    }
    // BigInt division truncates toward zero.
    Some(numerator / denominator)
}

/// The remainder of [`int_div`]: `numerator - denominator * quotient`, which has the sign of
/// the numerator (instructions/DIV.md, Notes) and a magnitude below the denominator's. None
/// for a zero divisor.
pub fn int_rem(numerator: &BigInt, denominator: &BigInt) -> Option<BigInt> {
    let quotient = int_div(numerator, denominator)?;
    Some(numerator - denominator * quotient)
}

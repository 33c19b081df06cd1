//! The channel conversions of a typed surface's format, in exact arithmetic (the rules of
//! docs/memory.md, "Surface formats"; the format table is the model's
//! [`crate::state::SurfaceFormat`]). A channel's bits are the low `channel_bits()` of a u32;
//! a register element is the 32 bits of the format's register type (UD, D or F).

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

use super::float::{div, mul, FloatFormat};
use super::mode::Rounding;
use super::value::{ExactFloat, Value};
use crate::error::VisaError;
use crate::state::{ChannelKind, SurfaceFormat};

/// `2^n - 1`: the largest value of an unsigned channel of `n` bits.
fn unsigned_max(n: u32) -> u64 {
    (1u64 << n) - 1
}

/// The register element a stored channel reads as.
/// - UINT: zero-extended to UD; SINT: sign-extended to D (OpenCL's read_imageui and
///   read_imagei return the stored integer).
/// - FLOAT: F as stored, HF widened to F (exact; a NaN quieted, its payload kept).
/// - UNORM: the F nearest to `c / (2^n - 1)`, ties to even (OpenCL's "normalized integer
///   channel data types": `c / 255.0f`, a correctly rounded float division).
pub fn read_channel(format: SurfaceFormat, channel: u32) -> Result<u32, VisaError> {
    let n = format.channel_bits();
    let c = u64::from(channel) & unsigned_max(n);
    Ok(match format.kind() {
        ChannelKind::Uint => c as u32,
        ChannelKind::Sint => {
            let shift = 64 - n;
            (((c << shift) as i64) >> shift) as u32
        }
        ChannelKind::Float if n == 32 => c as u32,
        ChannelKind::Float => {
            // IEEE 754's conversion: a signalling NaN is quieted, its payload kept.
            let value = FloatFormat::HF.decode(c);
            let value = if value.is_nan() {
                value.quieted()
            } else {
                value
            };
            encode_f(&value)?
        }
        ChannelKind::Unorm => {
            let quotient = div(
                &Value::Float(ExactFloat::from_bigint(&BigInt::from(c))),
                &Value::Float(ExactFloat::from_bigint(&BigInt::from(unsigned_max(n)))),
            )?;
            let Value::Float(q) = quotient else {
                return Err(VisaError::model_bug("a float quotient is an integer"));
            };
            encode_f(&FloatFormat::F.round(&q, Rounding::Rtne))?
        }
    })
}

/// The channel bits a register element is stored as.
/// - UINT: `convert_<T>_sat` of the UD value (OpenCL's "unnormalized integer channel data
///   types"): clamped to `2^n - 1`; 32-bit channels take the bits.
/// - SINT: `convert_<T>_sat` of the D value: clamped to `[-2^(n-1), 2^(n-1) - 1]`.
/// - FLOAT: F as is; to HF rounded to nearest even (overflow to infinity, a NaN quieted
///   with its payload's high bits).
/// - UNORM: `convert_<T>_sat_rte(f * (2^n - 1))`: the product rounded to F (ties to even),
///   then to the nearest integer, ties to even, clamped to `[0, 2^n - 1]`; NaN gives 0.
pub fn write_channel(format: SurfaceFormat, element: u32) -> Result<u32, VisaError> {
    let n = format.channel_bits();
    let max = unsigned_max(n);
    Ok(match format.kind() {
        ChannelKind::Uint => u64::from(element).min(max) as u32,
        ChannelKind::Sint => {
            let v = i64::from(element as i32);
            let hi = (1i64 << (n - 1)) - 1;
            let lo = -(1i64 << (n - 1));
            (v.clamp(lo, hi) as u64 & max) as u32
        }
        ChannelKind::Float if n == 32 => element,
        ChannelKind::Float => {
            let f = FloatFormat::F.decode(u64::from(element));
            let half = FloatFormat::HF.round(&f, Rounding::Rtne);
            FloatFormat::HF
                .encode(&half)
                .ok_or_else(|| VisaError::model_bug(format!("{half} does not encode as HF")))?
                as u32
        }
        ChannelKind::Unorm => {
            let f = FloatFormat::F.decode(u64::from(element));
            if f.is_nan() {
                return Ok(0);
            }
            let scale = ExactFloat::from_bigint(&BigInt::from(max));
            let product = mul(&Value::Float(f), &Value::Float(scale))?;
            let Value::Float(p) = product else {
                return Err(VisaError::model_bug("a float product is an integer"));
            };
            let p = FloatFormat::F.round(&p, Rounding::Rtne);
            nearest_even_clamped(&p, max) as u32
        }
    })
}

fn encode_f(value: &ExactFloat) -> Result<u32, VisaError> {
    FloatFormat::F
        .encode(value)
        .map(|b| b as u32)
        .ok_or_else(|| VisaError::model_bug(format!("{value} does not encode as F")))
}

/// The integer nearest to `x`, ties to even, clamped to `[0, max]` (`x` is not a NaN).
fn nearest_even_clamped(x: &ExactFloat, max: u64) -> u64 {
    match x {
        ExactFloat::Zero { .. } | ExactFloat::NaN { .. } => 0,
        ExactFloat::Inf { negative } => {
            if *negative {
                0
            } else {
                max
            }
        }
        ExactFloat::Finite {
            negative,
            mantissa,
            exponent,
        } => {
            if *negative {
                return 0;
            }
            let rounded: BigUint = if *exponent >= 0 {
                mantissa << (*exponent as u64)
            } else {
                let shift = exponent.unsigned_abs();
                let whole: BigUint = mantissa >> shift;
                let rest: BigUint = mantissa - (&whole << shift);
                let half: BigUint = BigUint::one() << (shift - 1);
                let up =
                    rest > half || (rest == half && (&whole & BigUint::one()) != BigUint::zero());
                if up {
                    whole + BigUint::one()
                } else {
                    whole
                }
            };
            if rounded > BigUint::from(max) {
                max
            } else {
                // At most `max`, so it fits.
                rounded.iter_u64_digits().next().unwrap_or(0)
            }
        }
    }
}

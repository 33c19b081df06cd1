//! The distance of a candidate result from the exact value, for accuracy reports.

use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, Zero};

use super::exact::{arg, one_plus, power_of_two, to_f64, Arg};
use super::known::Known;
use crate::num::float::FloatFormat;
use crate::num::value::ExactFloat;

/// Slack of the analysis behind a measurement: a Tiny exact value (below 2^(q - 80)) is taken
/// as 2^(q - 81) of its sign and a NearOne value (within 2^-(precision + 80) of 1) as
/// 1 ± 2^-(precision + 81) on its side of 1, both off by less than 2^-79 ulp.
pub(super) const ERROR_SLACK: u32 = 80;

/// Bits beyond the format's precision at which an irrational exact value is evaluated: the
/// reference is then within about 2^-120 ulp of it.
const EXTRA_BITS: usize = 128;

/// Values below 2^(q - FLOOR_BITS) (q the denormal quantum) count as 0 in a measurement: they
/// are less than 2^-(FLOOR_BITS - 1) ulp from it.
const FLOOR_BITS: i128 = 200;

/// How far a candidate result is from the exact value `v` of a function, in a format of
/// precision P, minimum normal exponent emin and maximum exponent emax.
///
/// - `ulps = |candidate - v| / ulp(v)`, where `ulp(v) = 2^(max(min(binade(v), emax), emin) -
///   P + 1)`: the spacing of the format's numbers in the binade that holds v (the binade
///   `[2^b, 2^(b+1))` with `b = floor(log2|v|)`), the denormal quantum `2^(emin - P + 1)` for
///   |v| below the normal range and for v = 0, and the spacing of the largest binade above the
///   finite range. At a power of two this is the ulp of the binade above (the larger one).
/// - `absolute = |candidate - v|`.
///
/// Both are rounded to the nearest double and become +inf past the double range. The exact
/// value behind them is within about 2^-79 ulp: values below 2^(q - 80) count as 2^(q - 81)
/// and values within 2^-(precision + 80) of 1 as 1 ± 2^-(precision + 81) (so a candidate is
/// never measured at distance 0 from a value it is not), every other one is exact or
/// evaluated at precision + 128 bits.
///
/// Conventions for values that are not finite numbers:
/// - A NaN candidate against a NaN exact value: 0. A NaN on one side only: +inf (both fields).
/// - An infinite exact value (log2(0), exp2(+inf), ...): 0 for the infinity of the same sign,
///   +inf for any other candidate.
/// - A finite exact value against an infinite candidate, and exact values beyond the finite
///   range: both are clamped to ±2^(emax + 1), where IEEE 754 places the infinities for
///   overflow (7.4, the "exponent range unbounded" rounding reaches 2^(emax + 1) exactly when
///   an overflow rounds to infinity). So an infinity against an overflowing exact value has
///   error 0 and the largest finite value has error 1 ulp; an infinity against a finite value
///   inside the range has the error of 2^(emax + 1).
/// - Zeros: +0 and -0 are the number 0; the sign of a zero is a special-value question, not a
///   matter of accuracy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UlpError {
    pub ulps: f64,
    pub absolute: f64,
}

impl UlpError {
    const ZERO: UlpError = UlpError {
        ulps: 0.0,
        absolute: 0.0,
    };
    const INFINITE: UlpError = UlpError {
        ulps: f64::INFINITY,
        absolute: f64::INFINITY,
    };
}

enum Reference {
    NaN,
    Inf { negative: bool },
    Number(ExactFloat),
}

pub(super) fn measure(known: Known, candidate: &ExactFloat, format: FloatFormat) -> UlpError {
    let limit = i128::from(format.max_exponent()) + 1;
    let reference = match known {
        Known::Value(ExactFloat::NaN { .. }) => Reference::NaN,
        Known::Value(ExactFloat::Inf { negative }) => Reference::Inf { negative },
        Known::Value(v) => Reference::Number(v),
        Known::Huge { negative } => Reference::Number(power_of_two(negative, limit)),
        // Stand-ins inside the interval the analysis gives, on the value's side of 0 and of
        // 1: the error of any candidate is then off by less than 2^-79 ulp, and the ulp is
        // that of the value's binade (below 1, half the ulp of 1).
        Known::Tiny { negative } => Reference::Number(power_of_two(
            negative,
            i128::from(format.denormal_quantum()) - i128::from(ERROR_SLACK) - 1,
        )),
        Known::NearOne { above } => Reference::Number(one_plus(
            above,
            -i128::from(format.precision()) - i128::from(ERROR_SLACK) - 1,
        )),
        Known::Approx { function, .. } => {
            match function.approximate(format.precision() as usize + EXTRA_BITS) {
                Some((y, _)) => Reference::Number(y),
                // Only on a failure of the arbitrary-precision evaluation.
                None => return UlpError::INFINITE,
            }
        }
    };
    match (reference, candidate) {
        (Reference::NaN, ExactFloat::NaN { .. }) => UlpError::ZERO,
        (Reference::NaN, _) | (_, ExactFloat::NaN { .. }) => UlpError::INFINITE,
        (Reference::Inf { negative }, ExactFloat::Inf { negative: c }) if negative == *c => {
            UlpError::ZERO
        }
        (Reference::Inf { .. }, _) => UlpError::INFINITE,
        (Reference::Number(v), c) => {
            let c = match c {
                ExactFloat::Inf { negative } => power_of_two(*negative, limit),
                other => other.clone(),
            };
            distance(&clamp(&v, format), &clamp(&c, format), format)
        }
    }
}

/// A signed exact number `n * 2^e`, zero included.
fn signed(x: &ExactFloat) -> (BigInt, i128) {
    match arg(x) {
        Arg::Finite(f) => {
            let magnitude = BigInt::from(f.mantissa);
            (if f.negative { -magnitude } else { magnitude }, f.exponent)
        }
        _ => (BigInt::zero(), 0),
    }
}

/// Clamps a number into `[-2^(emax + 1), 2^(emax + 1)]` and takes magnitudes below
/// 2^(q - FLOOR_BITS) as 0.
fn clamp(x: &ExactFloat, format: FloatFormat) -> ExactFloat {
    let Arg::Finite(f) = arg(x) else {
        return ExactFloat::zero(false);
    };
    let limit = i128::from(format.max_exponent()) + 1;
    if f.binade() >= limit {
        return power_of_two(f.negative, limit);
    }
    if f.binade() < i128::from(format.denormal_quantum()) - FLOOR_BITS {
        return ExactFloat::zero(false);
    }
    f.to_exact()
}

fn distance(v: &ExactFloat, c: &ExactFloat, format: FloatFormat) -> UlpError {
    let (vn, ve) = signed(v);
    let (cn, ce) = signed(c);
    let low = ve.min(ce);
    let align = |n: BigInt, e: i128| n << usize::try_from(e - low).unwrap_or(0);
    let difference = (align(cn, ce) - align(vn, ve)).abs();
    if difference.is_zero() {
        return UlpError::ZERO;
    }
    let emin = i128::from(format.min_exponent());
    let emax = i128::from(format.max_exponent());
    let binade = match arg(v) {
        Arg::Finite(f) => f.binade().clamp(emin, emax),
        _ => emin,
    };
    let ulp = binade - i128::from(format.precision()) + 1;
    let magnitude: BigUint = difference.magnitude().clone();
    UlpError {
        ulps: to_f64(false, &magnitude, low - ulp),
        absolute: to_f64(false, &magnitude, low),
    }
}

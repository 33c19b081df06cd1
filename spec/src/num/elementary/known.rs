//! What is known of an exact value before any rounding (`Known`): the value itself, or an
//! interval that holds no rounding boundary; the classification of an exact value against a
//! format's range, and the rational cases of |x|^y.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, ToPrimitive};

use super::exact::{quotient, saturate, width, Finite};
use super::ziv::Transcendental;
use crate::num::float::FloatFormat;
use crate::num::value::ExactFloat;

/// Largest `|y| * bits(m)` for which an integer power `m^|y|` is computed exactly; larger
/// powers of an odd m > 1 have far more significant bits than any format, so they are never
/// rounding boundaries and Ziv's loop handles them.
const MAX_POWER_BITS: u64 = 4096;

/// What is known of an exact value before any rounding. `slack` is the parameter the analysis
/// ran with (2 for rounding, 80 for error measurement).
#[derive(Debug)]
pub(super) enum Known {
    /// The exact value, special values included; for a quotient or root that is not a binary
    /// fraction, the sticky stand-in of `exact.rs`, within 2^-(precision + 90) of it relatively
    /// and rounding like it in every mode.
    Value(ExactFloat),
    /// Magnitude at least 2^(max_exponent + 2): beyond the overflow threshold of every mode.
    Huge { negative: bool },
    /// Nonzero magnitude below 2^(q - slack), q the denormal quantum of the format.
    Tiny { negative: bool },
    /// Within 2^-(precision + slack) of 1, not equal to 1: above 1 or below it.
    NearOne { above: bool },
    /// An irrational value, evaluated to any precision by `ziv.rs`; `hint` is a closed interval
    /// known to hold it, tried before any evaluation.
    Approx {
        function: Transcendental,
        hint: Option<(ExactFloat, ExactFloat)>,
    },
}

/// What is known of `(-1)^negative * mantissa * 2^exponent` (mantissa nonzero) against the
/// range of `format`: Huge from 2^(max_exponent + 2) on, Tiny below 2^(q - slack).
pub(super) fn classify(
    negative: bool,
    mantissa: BigUint,
    exponent: i128,
    format: FloatFormat,
    slack: u32,
) -> Known {
    let binade = exponent + i128::from(mantissa.bits()) - 1;
    if binade >= i128::from(format.max_exponent()) + 2 {
        return Known::Huge { negative };
    }
    if binade < i128::from(format.denormal_quantum()) - i128::from(slack) {
        return Known::Tiny { negative };
    }
    Known::Value(ExactFloat::finite(negative, mantissa, saturate(exponent)))
}

/// |x|^y when it is rational (see `known_pow_abs`): `a = |x|` positive, not 1, `y` finite
/// nonzero. None when the value is irrational, or an integer power too wide to be a rounding
/// boundary of any format (see [`MAX_POWER_BITS`]).
pub(super) fn rational_power(
    a: &Finite,
    y: &Finite,
    format: FloatFormat,
    slack: u32,
) -> Option<Known> {
    let (mut m, mut e) = (a.mantissa.clone(), a.exponent);
    let power = if y.exponent >= 0 {
        if y.binade() > MAX_POWER_BITS as i128 {
            // |y| >= 2^4096: only a power of two can still be rational and small enough to
            // matter, and 2^(e y) with e != 0 is then far out of every range.
            return m.is_one().then(|| {
                let huge = (e > 0) != y.negative;
                if huge {
                    Known::Huge { negative: false }
                } else {
                    Known::Tiny { negative: false }
                }
            });
        }
        let magnitude = BigInt::from(&y.mantissa << usize::try_from(y.exponent).ok()?);
        if y.negative {
            -magnitude
        } else {
            magnitude
        }
    } else {
        // y = n / 2^k: take k square roots of a, each exact or the value is irrational.
        let mut k = -y.exponent;
        while k > 0 {
            if e.rem_euclid(2) != 0 {
                return None;
            }
            let root = m.sqrt();
            if &root * &root != m {
                return None;
            }
            m = root;
            e /= 2;
            k -= 1;
        }
        let magnitude = BigInt::from(y.mantissa.clone());
        if y.negative {
            -magnitude
        } else {
            magnitude
        }
    };
    integer_power(&m, e, &power, format, slack)
}

/// `(m * 2^e)^n` for an integer n != 0 and (m, e) != (1, 0).
fn integer_power(
    m: &BigUint,
    e: i128,
    n: &BigInt,
    format: FloatFormat,
    slack: u32,
) -> Option<Known> {
    if m.is_one() {
        let exponent = BigInt::from(e) * n;
        if exponent >= BigInt::from(format.max_exponent()) + 2 {
            return Some(Known::Huge { negative: false });
        }
        if exponent < BigInt::from(format.denormal_quantum()) - slack {
            return Some(Known::Tiny { negative: false });
        }
        let exponent = exponent.to_i128()?;
        return Some(classify(false, BigUint::one(), exponent, format, slack));
    }
    let count = n.magnitude().to_u64()?;
    if count.checked_mul(m.bits())? > MAX_POWER_BITS {
        return None;
    }
    let power = m.pow(u32::try_from(count).ok()?);
    let exponent = e * i128::from(count);
    if n.sign() == Sign::Minus {
        let (mantissa, exponent) = quotient(&BigUint::one(), &power, -exponent, width(format));
        Some(classify(false, mantissa, exponent, format, slack))
    } else {
        Some(classify(false, power, exponent, format, slack))
    }
}

//! The integral values of exact floats that the rounding instructions' loops name
//! (instructions/RNDD.md `floor`, RNDU.md `ceil`, RNDE.md "is odd"): exact, never rounded,
//! with IEEE 754's roundToIntegral rules for the special values (erratum RND-SPECIAL-TABLE).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::value::ExactFloat;

/// `floor(x)`: the greatest integral value not above `x`. Zeros, infinities and NaNs are
/// returned unchanged; a negative non-integral value rounds away from zero (so a negative
/// value above -1 gives -1), a positive one below 1 gives +0.
pub fn floor(x: &ExactFloat) -> ExactFloat {
    match x {
        ExactFloat::Finite {
            negative,
            mantissa,
            exponent,
        } if *exponent < 0 => {
            let (whole, inexact) = split(mantissa, *exponent);
            if *negative {
                let magnitude = if inexact { whole + 1u32 } else { whole };
                ExactFloat::finite(true, magnitude, 0)
            } else {
                ExactFloat::finite(false, whole, 0)
            }
        }
        other => other.clone(),
    }
}

/// `ceil(x)`: the least integral value not below `x`, `-floor(-x)` (a negative value above -1
/// gives -0).
pub fn ceil(x: &ExactFloat) -> ExactFloat {
    floor(&x.clone().negated()).negated()
}

/// Whether `x` is an odd integer.
pub fn is_odd_integer(x: &ExactFloat) -> bool {
    match x {
        ExactFloat::Finite {
            mantissa, exponent, ..
        } => {
            if *exponent > 0 {
                false
            } else {
                let (whole, inexact) = split(mantissa, *exponent);
                !inexact && whole.bit(0)
            }
        }
        _ => false,
    }
}

/// The integer part of `mantissa * 2^exponent` (exponent <= 0) and whether a fraction remains.
fn split(mantissa: &BigUint, exponent: i64) -> (BigUint, bool) {
    let shift = exponent.unsigned_abs();
    if shift >= mantissa.bits() {
        return (BigUint::zero(), !mantissa.is_zero());
    }
    // shift < bits, which is a u64 within usize on the supported targets.
    let shift = usize::try_from(shift).unwrap_or(usize::MAX);
    let whole = mantissa >> shift;
    let mask = (BigUint::one() << shift) - 1u32;
    (whole, !(mantissa & mask).is_zero())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f64) -> ExactFloat {
        let bits = x.to_bits();
        crate::num::float::FloatFormat::of(crate::types::DataType::DF)
            .map(|format| format.decode(bits))
            .unwrap_or(ExactFloat::default_nan())
    }

    #[test]
    fn floor_and_ceil_of_hand_values() {
        assert_eq!(floor(&f(2.5)), f(2.0));
        assert_eq!(floor(&f(-2.5)), f(-3.0));
        assert_eq!(floor(&f(-0.25)), f(-1.0));
        assert_eq!(floor(&f(0.25)), ExactFloat::zero(false));
        assert_eq!(floor(&f(-0.0)), ExactFloat::zero(true));
        assert_eq!(ceil(&f(-0.25)), ExactFloat::zero(true));
        assert_eq!(ceil(&f(0.25)), f(1.0));
        assert_eq!(ceil(&f(-2.5)), f(-2.0));
        assert_eq!(floor(&f(f64::INFINITY)), ExactFloat::inf(false));
        assert_eq!(floor(&f(-4.0)), f(-4.0));
        // 2^-1074 * 3: far below 1.
        assert_eq!(floor(&f(-3.0 * f64::from_bits(1))), f(-1.0));
        assert!(is_odd_integer(&f(-3.0)));
        assert!(!is_odd_integer(&f(4.0)));
        assert!(!is_odd_integer(&f(3.5)));
        assert!(!is_odd_integer(&f(0.0)));
        assert!(is_odd_integer(&f(1.0)));
    }
}

//! Exact arithmetic for the elementary functions: canonical operands, and integer quotients
//! and square roots with a sticky bit.
//!
//! Sticky results. When a quotient or root `v` is not a binary fraction, it is returned as
//! `(2q + 1) * 2^(s - 1)` where `q = floor(v / 2^s)` has at least `width` bits: the midpoint of
//! the open interval `(q, q + 1) * 2^s` that holds `v`. Every rounding boundary of a format of
//! precision P (a representable value or the midpoint of two, down through the denormal range,
//! and the overflow threshold) in the binade of `v` is a multiple of 2^(binade - P), a multiple
//! of 2^s as soon as `q` has at least P + 1 bits, so no boundary lies strictly inside that
//! interval: the stand-in and `v` round alike in every mode. [`width`] is P + 96, which also
//! makes the stand-in accurate to 2^-(P + 95) relatively for error measurement.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::num::float::FloatFormat;
use crate::num::value::ExactFloat;

/// An operand, canonical: zero mantissas are zeros, finite mantissas odd.
#[derive(Clone, Debug)]
pub(super) enum Arg {
    NaN { quiet: bool },
    Zero { negative: bool },
    Inf { negative: bool },
    Finite(Finite),
}

/// `(-1)^negative * mantissa * 2^exponent` with an odd mantissa.
#[derive(Clone, Debug)]
pub(super) struct Finite {
    pub negative: bool,
    pub mantissa: BigUint,
    pub exponent: i128,
}

/// Classifies and canonicalizes an operand.
pub(super) fn arg(x: &ExactFloat) -> Arg {
    match x {
        ExactFloat::NaN { quiet, .. } => Arg::NaN { quiet: *quiet },
        ExactFloat::Zero { negative } => Arg::Zero {
            negative: *negative,
        },
        ExactFloat::Inf { negative } => Arg::Inf {
            negative: *negative,
        },
        ExactFloat::Finite {
            negative,
            mantissa,
            exponent,
        } => match mantissa.trailing_zeros() {
            None => Arg::Zero {
                negative: *negative,
            },
            Some(zeros) => Arg::Finite(Finite {
                negative: *negative,
                mantissa: mantissa >> usize::try_from(zeros).unwrap_or(0),
                exponent: i128::from(*exponent) + i128::from(zeros),
            }),
        },
    }
}

impl Finite {
    /// floor(log2(|x|)).
    pub fn binade(&self) -> i128 {
        self.exponent + i128::from(self.mantissa.bits()) - 1
    }

    /// Whether this is +1.
    pub fn is_one(&self) -> bool {
        !self.negative && self.exponent == 0 && self.mantissa.is_one()
    }

    pub fn abs(&self) -> Finite {
        Finite {
            negative: false,
            ..self.clone()
        }
    }

    /// The value as an ExactFloat (exponents saturate at the i64 range, far beyond any
    /// format).
    pub fn to_exact(&self) -> ExactFloat {
        ExactFloat::finite(
            self.negative,
            self.mantissa.clone(),
            saturate(self.exponent),
        )
    }

    /// The value when it is an integer of at most 126 bits.
    pub fn to_integer(&self) -> Option<i128> {
        if self.exponent < 0 || self.binade() > 125 {
            return None;
        }
        let magnitude = (&self.mantissa << usize::try_from(self.exponent).ok()?).to_i128()?;
        Some(if self.negative { -magnitude } else { magnitude })
    }

    /// Numeric comparison with an integer.
    pub fn compare_int(&self, n: &BigInt) -> Ordering {
        let n_negative = n.sign() == Sign::Minus;
        match (self.negative, n.is_zero(), n_negative) {
            (false, true, _) | (false, false, true) => return Ordering::Greater,
            (true, true, _) | (true, false, false) => return Ordering::Less,
            _ => {}
        }
        // Same sign, both nonzero.
        let magnitude = compare_magnitudes(&self.mantissa, self.exponent, n.magnitude(), 0);
        if self.negative {
            magnitude.reverse()
        } else {
            magnitude
        }
    }

    /// A double-precision approximation (relative error below 2^-52; saturating to infinity
    /// or zero outside the double range).
    pub fn to_f64(&self) -> f64 {
        to_f64(self.negative, &self.mantissa, self.exponent)
    }

    /// log2 of a positive value in double precision, relative error about 2^-50: near 1 from
    /// the exact difference x - 1 (so that it stays relative), elsewhere as the binade plus
    /// the log of the leading bits.
    pub fn log2_f64(&self) -> f64 {
        let binade = self.binade();
        if (binade == 0 || binade == -1) && self.exponent < 0 {
            // x - 1 = (m - 2^-e) * 2^e exactly.
            let shift = usize::try_from(-self.exponent).unwrap_or(0);
            let difference = BigInt::from(self.mantissa.clone()) - (BigInt::one() << shift);
            let negative = difference.sign() == Sign::Minus;
            let d = to_f64(negative, difference.magnitude(), self.exponent);
            return d.ln_1p() / std::f64::consts::LN_2;
        }
        let leading = to_f64(
            false,
            &self.mantissa,
            -(i128::from(self.mantissa.bits()) - 1),
        );
        binade as f64 + leading.log2()
    }
}

/// Compares `m1 * 2^e1` with `m2 * 2^e2`, both mantissas nonzero.
fn compare_magnitudes(m1: &BigUint, e1: i128, m2: &BigUint, e2: i128) -> Ordering {
    let top1 = e1 + i128::from(m1.bits());
    let top2 = e2 + i128::from(m2.bits());
    if top1 != top2 {
        return top1.cmp(&top2);
    }
    // Same binade: the exponent gap is at most the difference of the mantissa widths.
    let low = e1.min(e2);
    let align = |m: &BigUint, e: i128| m << usize::try_from(e - low).unwrap_or(0);
    align(m1, e1).cmp(&align(m2, e2))
}

pub(super) fn saturate(exponent: i128) -> i64 {
    i64::try_from(exponent).unwrap_or(if exponent < 0 { i64::MIN } else { i64::MAX })
}

/// `(-1)^negative * m * 2^e` in double precision, saturating.
pub(super) fn to_f64(negative: bool, m: &BigUint, e: i128) -> f64 {
    let bits = m.bits();
    let (top, e) = if bits > 64 {
        let shift = bits - 64;
        (
            &(m >> usize::try_from(shift).unwrap_or(0)),
            e + i128::from(shift),
        )
    } else {
        (m, e)
    };
    let mut value = top.to_f64().unwrap_or(0.0);
    // Scale by 2^e in steps that stay within the double range.
    let mut e = e.clamp(-4000, 4000) as i32;
    while e != 0 && value != 0.0 && value.is_finite() {
        let step = e.clamp(-1000, 1000);
        value *= f64::powi(2.0, step);
        e -= step;
    }
    if negative {
        -value
    } else {
        value
    }
}

/// Sticky width for a format: its precision plus 96 bits (see the module doc).
pub(super) fn width(format: FloatFormat) -> u64 {
    u64::from(format.precision()) + 96
}

/// The stand-in of a value known to lie in `(q, q + 1) * 2^s`, or `q * 2^s` when exact.
fn sticky(q: BigUint, s: i128, exact: bool) -> (BigUint, i128) {
    if exact {
        (q, s)
    } else {
        ((q << 1usize) | BigUint::one(), s - 1)
    }
}

/// `n / d * 2^exponent` (n, d nonzero) exactly or as its sticky stand-in.
pub(super) fn quotient(n: &BigUint, d: &BigUint, exponent: i128, width: u64) -> (BigUint, i128) {
    // bits(floor(n * 2^k / d)) >= bits(n) + k - bits(d) >= width.
    let k = (i128::from(width) + i128::from(d.bits()) - i128::from(n.bits())).max(0);
    let numerator = n << usize::try_from(k).unwrap_or(0);
    let (q, r) = numerator.div_rem(d);
    sticky(q, exponent - k, r.is_zero())
}

/// `sqrt(m * 2^e)` (m nonzero) exactly or as its sticky stand-in.
pub(super) fn square_root(m: &BigUint, e: i128, width: u64) -> (BigUint, i128) {
    // Make the exponent even, then scale by an even power so that the root has width bits.
    let (m, e) = if e.rem_euclid(2) == 1 {
        (m << 1usize, e - 1)
    } else {
        (m.clone(), e)
    };
    let t = ((2 * i128::from(width) - i128::from(m.bits()) + 1) / 2).max(0);
    let scaled = m << usize::try_from(2 * t).unwrap_or(0);
    let root = scaled.sqrt();
    let exact = &root * &root == scaled;
    sticky(root, (e - 2 * t) / 2, exact)
}

/// `1 / sqrt(m * 2^e)` (m nonzero) exactly or as its sticky stand-in.
///
/// With e even, the value is `2^(-e/2) / sqrt(m)`; `q = floor(2^K / sqrt(m))` equals
/// `floor(sqrt(floor(2^(2K) / m)))` (n^2 <= a exactly when n^2 <= floor(a) for an integer n),
/// and the value is exact when `q^2 * m = 2^(2K)`.
pub(super) fn reciprocal_square_root(m: &BigUint, e: i128, width: u64) -> (BigUint, i128) {
    let (m, e) = if e.rem_euclid(2) == 1 {
        (m << 1usize, e - 1)
    } else {
        (m.clone(), e)
    };
    let k = i128::from(width) + i128::from(m.bits()) / 2 + 2;
    let numerator = BigUint::one() << usize::try_from(2 * k).unwrap_or(0);
    let q = (&numerator / &m).sqrt();
    let exact = &q * &q * &m == numerator;
    sticky(q, -k - e / 2, exact)
}

/// `(-1)^negative * 2^exponent`, exponent saturating at the i64 range.
pub(super) fn power_of_two(negative: bool, exponent: i128) -> ExactFloat {
    ExactFloat::finite(negative, BigUint::one(), saturate(exponent))
}

/// `1 + 2^offset` (above) or `1 - 2^offset`, for offset < 0.
pub(super) fn one_plus(above: bool, offset: i128) -> ExactFloat {
    let scale = usize::try_from(-offset).unwrap_or(0);
    let one = BigUint::one() << scale;
    let mantissa = if above { one + 1u32 } else { one - 1u32 };
    ExactFloat::finite(false, mantissa, saturate(offset))
}

/// The closed Taylor enclosure `[x - x^3/4, x - x^3/8]` of sin(x) for 0 < x < 1, mirrored for
/// negative x (see `known_sin`). x = m * 2^e with e < 0; with L = 3e - 3 the bounds are
/// `((m << (e - L)) - 2 m^3) * 2^L` and `((m << (e - L)) - m^3) * 2^L`.
pub(super) fn sin_enclosure(x: &Finite) -> (ExactFloat, ExactFloat) {
    let low = 3 * x.exponent - 3;
    let shift = usize::try_from(x.exponent - low).unwrap_or(0);
    let scaled = &x.mantissa << shift;
    let cube = &x.mantissa * &x.mantissa * &x.mantissa;
    let far = ExactFloat::finite(x.negative, &scaled - (&cube << 1usize), saturate(low));
    let near = ExactFloat::finite(x.negative, &scaled - &cube, saturate(low));
    if x.negative {
        (near, far)
    } else {
        (far, near)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finite(m: u64, e: i128) -> Finite {
        Finite {
            negative: false,
            mantissa: BigUint::from(m),
            exponent: e,
        }
    }

    #[test]
    fn square_roots_of_squares_are_exact() {
        // sqrt(9 * 2^4) = 3 * 2^2.
        let (m, s) = square_root(&BigUint::from(9u32), 4, 40);
        assert_eq!(
            ExactFloat::finite(false, m, s as i64),
            ExactFloat::finite(false, BigUint::from(3u32), 2)
        );
        // sqrt(2) is in (q, q+1) * 2^s with q = floor(sqrt(2) * 2^-s): stand-in odd.
        let (m, s) = square_root(&BigUint::from(1u32), 1, 40);
        assert!(m.bit(0));
        assert!(m.bits() >= 40);
        // (m * 2^s)^2 is within 2^-38 of 2.
        let approx = to_f64(false, &m, s);
        assert!((approx * approx - 2.0).abs() < 1e-11);
    }

    #[test]
    fn reciprocal_square_roots_of_powers_of_four_are_exact() {
        // 1/sqrt(2^-6) = 2^3.
        let (m, s) = reciprocal_square_root(&BigUint::from(1u32), -6, 40);
        assert_eq!(
            ExactFloat::finite(false, m, s as i64),
            ExactFloat::finite(false, BigUint::one(), 3)
        );
        // 1/sqrt(9/4) = 2/3: not a binary fraction.
        let (m, _) = reciprocal_square_root(&BigUint::from(9u32), -2, 40);
        assert!(m.bit(0));
    }

    #[test]
    fn log2_near_one_stays_relative() {
        // x = 1 + 2^-40: log2(x) = 2^-40 / ln 2 (1 - 2^-41 + ...).
        let x = Finite {
            negative: false,
            mantissa: (BigUint::one() << 40usize) + 1u32,
            exponent: -40,
        };
        let expected = f64::powi(2.0, -40) / std::f64::consts::LN_2;
        assert!((x.log2_f64() / expected - 1.0).abs() < 1e-11);
        assert_eq!(finite(3, 2).log2_f64(), 12f64.log2());
    }

    #[test]
    fn compare_with_integers() {
        let n = |v: i64| BigInt::from(v);
        assert_eq!(finite(3, -1).compare_int(&n(1)), Ordering::Greater);
        assert_eq!(finite(3, -1).compare_int(&n(2)), Ordering::Less);
        assert_eq!(finite(1, 7).compare_int(&n(128)), Ordering::Equal);
        let minus = Finite {
            negative: true,
            ..finite(5, 0)
        };
        assert_eq!(minus.compare_int(&n(-4)), Ordering::Less);
        assert_eq!(minus.compare_int(&n(0)), Ordering::Less);
    }
}

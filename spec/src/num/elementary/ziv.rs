//! Ziv's strategy (A. Ziv, "Fast evaluation of elementary mathematical functions with correctly
//! rounded last bit", ACM TOMS 17(3), 1991) over the arbitrary-precision crate `astro-float`.
//!
//! At a working precision p the function is evaluated to `y` with a rigorous bound `|v - y| <=
//! 2^k`; when `y - 2^k` and `y + 2^k` round to the same value, rounding being monotonic, so does
//! every point between them, the exact value `v` included. Otherwise p doubles. The loop ends
//! for every value that is not itself a rounding boundary; the callers pass only irrational
//! values (the exact cases are detected before), so it ends, in practice at the first or second
//! precision (hard-to-round cases of binary64 need about 120 bits).
//!
//! The bound. astro-float documents its results as correctly rounded to the requested
//! precision rounded up to whole 64-bit words, P bits ("Correctness" in its crate docs): with
//! round-to-nearest, `|v - y| <= 2^(binade(y) - P)`. We use four times the ulp instead,
//! `2^(binade(y) - P + 3)`, a factor-8 margin against a defect of a few ulps in the library's
//! own error analysis, at the cost of 3 bits of the working precision.

use std::cell::RefCell;

use astro_float::{BigFloat, Consts, RoundingMode, Sign, Word, WORD_BIT_SIZE};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed};

use super::exact::Finite;
use crate::num::float::FloatFormat;
use crate::num::mode::Rounding;
use crate::num::value::ExactFloat;

/// Working precision of the first attempt above the format's precision: enough for all but a
/// fraction of about 2^-30 of the inputs.
const FIRST_EXTRA_BITS: usize = 40;

/// The last working precision tried. No value that is not a boundary is known to need more
/// than a few hundred bits for these formats; past it the best approximation is rounded.
const MAX_PRECISION: usize = 4096;

/// An irrational value of a transcendental function, the argument canonical.
#[derive(Clone, Debug)]
pub(super) enum Transcendental {
    Log2(Finite),
    Ln(Finite),
    Exp2(Finite),
    Exp(Finite),
    Sin(Finite),
    Cos(Finite),
    /// `a^y` for a positive a.
    Pow(Finite, Finite),
}

thread_local! {
    /// astro-float's cache of constants (pi, ln 2, e) at the precisions asked so far.
    static CONSTS: RefCell<Option<Consts>> = RefCell::new(Consts::new().ok());
}

impl Transcendental {
    /// `(y, k)` with `|v - y| <= 2^k`, y finite and nonzero, evaluated at `precision` bits;
    /// None when astro-float fails (memory, or an argument beyond its exponent range, which no
    /// format reaches).
    pub(super) fn approximate(&self, precision: usize) -> Option<(ExactFloat, i128)> {
        let rm = RoundingMode::ToEven;
        let p = precision;
        let result = CONSTS.with(|cell| {
            let mut guard = cell.try_borrow_mut().ok()?;
            let cc = guard.as_mut()?;
            Some(match self {
                Transcendental::Log2(x) => to_big(x)?.log2(p, rm, cc),
                Transcendental::Ln(x) => to_big(x)?.ln(p, rm, cc),
                Transcendental::Exp2(x) => {
                    BigFloat::from_word(2, WORD_BIT_SIZE).pow(&to_big(x)?, p, rm, cc)
                }
                Transcendental::Exp(x) => to_big(x)?.exp(p, rm, cc),
                Transcendental::Sin(x) => to_big(x)?.sin(p, rm, cc),
                Transcendental::Cos(x) => to_big(x)?.cos(p, rm, cc),
                Transcendental::Pow(a, y) => to_big(a)?.pow(&to_big(y)?, p, rm, cc),
            })
        })?;
        let (y, binade) = from_big(&result)?;
        let words = precision.div_ceil(WORD_BIT_SIZE);
        let correct_bits = i128::try_from(words * WORD_BIT_SIZE).ok()?;
        Some((y, binade - correct_bits + 3))
    }
}

/// The exact value as a BigFloat (value `0.M * 2^E` with M normalized to whole words).
fn to_big(x: &Finite) -> Option<BigFloat> {
    let bits = usize::try_from(x.mantissa.bits()).ok()?;
    let words = bits.div_ceil(WORD_BIT_SIZE);
    let normalized = &x.mantissa << (words * WORD_BIT_SIZE - bits);
    let mut digits: Vec<u32> = normalized.iter_u32_digits().collect();
    let per_word = WORD_BIT_SIZE / 32;
    digits.resize(words * per_word, 0);
    let mantissa: Vec<Word> = digits
        .chunks(per_word)
        .map(|chunk| {
            chunk.iter().rev().fold(0 as Word, |acc, &digit| {
                acc.checked_shl(32).unwrap_or(0) | Word::from(digit)
            })
        })
        .collect();
    let exponent = i32::try_from(x.exponent + i128::try_from(bits).ok()?).ok()?;
    let sign = if x.negative { Sign::Neg } else { Sign::Pos };
    let big = BigFloat::from_raw_parts(&mantissa, words * WORD_BIT_SIZE, sign, exponent, false);
    (!big.is_nan()).then_some(big)
}

/// A finite nonzero BigFloat as an exact value, with its binade.
fn from_big(big: &BigFloat) -> Option<(ExactFloat, i128)> {
    let (words, significant, sign, exponent, _) = big.as_raw_parts()?;
    if significant == 0 {
        return None;
    }
    let mantissa = words.iter().rev().fold(BigUint::default(), |acc, &w| {
        (acc << WORD_BIT_SIZE) | BigUint::from(w)
    });
    let width = i128::try_from(words.len() * WORD_BIT_SIZE).ok()?;
    let low = i128::from(exponent) - width;
    let binade = low + i128::from(mantissa.bits()) - 1;
    let value = ExactFloat::finite(sign == Sign::Neg, mantissa, i64::try_from(low).ok()?);
    Some((value, binade))
}

/// `y + 2^k` (up) or `y - 2^k`, exactly; a zero result is +0.
fn offset(y: &ExactFloat, k: i128, up: bool) -> ExactFloat {
    let ExactFloat::Finite {
        negative,
        mantissa,
        exponent,
    } = y
    else {
        return y.clone();
    };
    let e = i128::from(*exponent);
    let low = e.min(k);
    let magnitude = BigInt::from(mantissa << usize::try_from(e - low).unwrap_or(0));
    let value = if *negative { -magnitude } else { magnitude };
    let step = BigInt::one() << usize::try_from(k - low).unwrap_or(0);
    let sum = if up { value + step } else { value - step };
    let low = i64::try_from(low).unwrap_or(i64::MIN);
    ExactFloat::finite(sum.is_negative(), sum.magnitude().clone(), low)
}

/// The common rounding of every point of `[lo, hi]`, when there is one.
fn decide(
    lo: &ExactFloat,
    hi: &ExactFloat,
    format: FloatFormat,
    rounding: Rounding,
) -> Option<ExactFloat> {
    let low = format.round(lo, rounding);
    (low == format.round(hi, rounding)).then_some(low)
}

/// Rounds the value of `function` by Ziv's strategy, trying the enclosure `hint` first.
pub(super) fn round(
    function: &Transcendental,
    hint: Option<(ExactFloat, ExactFloat)>,
    format: FloatFormat,
    rounding: Rounding,
) -> ExactFloat {
    if let Some((lo, hi)) = hint {
        if let Some(result) = decide(&lo, &hi, format, rounding) {
            return result;
        }
    }
    let mut precision = format.precision() as usize + FIRST_EXTRA_BITS;
    let mut best = None;
    loop {
        if let Some((y, k)) = function.approximate(precision) {
            let lo = offset(&y, k, false);
            let hi = offset(&y, k, true);
            if let Some(result) = decide(&lo, &hi, format, rounding) {
                return result;
            }
            best = Some(y);
        }
        if precision >= MAX_PRECISION {
            break;
        }
        precision = (precision * 2).min(MAX_PRECISION);
    }
    // Not reached for an irrational value (see the module doc); the best approximation then.
    best.map_or_else(ExactFloat::default_nan, |y| format.round(&y, rounding))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_float_round_trip() {
        for (m, e) in [
            (1u64, 0i128),
            (3, -7),
            (0xffff_ffff_ffff_ffff, 5),
            (5, 1000),
        ] {
            let x = Finite {
                negative: m == 3,
                mantissa: BigUint::from(m),
                exponent: e,
            };
            let big = to_big(&x).expect("in range");
            let (back, binade) = from_big(&big).expect("finite");
            assert_eq!(back, x.to_exact());
            assert_eq!(binade, x.binade());
        }
    }

    #[test]
    fn offsets_are_exact() {
        let y = ExactFloat::finite(false, BigUint::from(3u32), 0);
        assert_eq!(
            offset(&y, -1, true),
            ExactFloat::finite(false, BigUint::from(7u32), -1)
        );
        assert_eq!(
            offset(&y, 1, false),
            ExactFloat::finite(false, BigUint::one(), 0)
        );
        assert_eq!(
            offset(&y, 2, false),
            ExactFloat::finite(true, BigUint::one(), 0)
        );
    }
}

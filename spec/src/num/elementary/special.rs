//! Special values of the elementary functions, IEEE 754-2019 (5.4.1 for division and
//! squareRoot, 9.2 and 9.2.1 for the others). Each function is one table: `Some(result)` when
//! the inputs are special for that function (NaN, infinities, zeros, a negative argument of a
//! root or logarithm, and the exact points listed), `None` when the value must be computed.
//!
//! Every NaN result is the default NaN; which NaN an instruction writes is the instruction
//! layer's choice. Every input NaN gives NaN except where IEEE 754-2019 9.2.1 says otherwise
//! for pow, and only for a quiet NaN ("even a quiet NaN"): a signalling NaN always gives NaN.

use super::exact::{arg, Arg};
use crate::num::value::ExactFloat;

fn nan() -> Option<ExactFloat> {
    Some(ExactFloat::default_nan())
}

fn zero(negative: bool) -> Option<ExactFloat> {
    Some(ExactFloat::zero(negative))
}

fn inf(negative: bool) -> Option<ExactFloat> {
    Some(ExactFloat::inf(negative))
}

fn one() -> Option<ExactFloat> {
    Some(ExactFloat::finite(
        false,
        num_bigint::BigUint::from(1u32),
        0,
    ))
}

/// Division x/y (5.4.1, 7.2, 7.3): the sign of every non-NaN result is the exclusive or of
/// the operand signs.
pub(super) fn div(x: &ExactFloat, y: &ExactFloat) -> Option<ExactFloat> {
    let sign = x.negative() != y.negative();
    match (arg(x), arg(y)) {
        // NaN operand: NaN.
        (Arg::NaN { .. }, _) | (_, Arg::NaN { .. }) => nan(),
        // inf/inf and 0/0: invalid operation (7.2), NaN.
        (Arg::Inf { .. }, Arg::Inf { .. }) | (Arg::Zero { .. }, Arg::Zero { .. }) => nan(),
        // inf/finite: exact infinity.
        (Arg::Inf { .. }, _) => inf(sign),
        // finite nonzero/0: division by zero (7.3), signed infinity.
        (_, Arg::Zero { .. }) => inf(sign),
        // finite/inf and 0/finite nonzero: signed zero.
        (_, Arg::Inf { .. }) | (Arg::Zero { .. }, _) => zero(sign),
        (Arg::Finite(_), Arg::Finite(_)) => None,
    }
}

/// squareRoot (5.4.1, 6.3: "squareRoot(-0) shall be -0").
pub(super) fn sqrt(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } => nan(),
        // sqrt(±0) = ±0.
        Arg::Zero { negative } => zero(negative),
        // sqrt(+inf) = +inf; sqrt(-inf) is invalid.
        Arg::Inf { negative: false } => inf(false),
        Arg::Inf { negative: true } => nan(),
        // Every other negative operand is invalid (7.2).
        Arg::Finite(a) if a.negative => nan(),
        Arg::Finite(_) => None,
    }
}

/// rSqrt (9.2.1): rSqrt(±0) = ±inf (division by zero), rSqrt(+inf) = +0, rSqrt(x < 0) invalid.
pub(super) fn rsqrt(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } => nan(),
        Arg::Zero { negative } => inf(negative),
        Arg::Inf { negative: false } => zero(false),
        Arg::Inf { negative: true } => nan(),
        Arg::Finite(a) if a.negative => nan(),
        Arg::Finite(_) => None,
    }
}

/// log2 (9.2.1): log2(±0) = -inf (division by zero), log2(x < 0) invalid (-inf included),
/// log2(+inf) = +inf, log2(1) = +0 (9.2: "log(1), log2(1) and log10(1) are +0"). The other
/// exact cases (powers of two) are computed, not listed.
pub(super) fn log2(x: &ExactFloat) -> Option<ExactFloat> {
    logarithm(x)
}

/// log, the natural logarithm: the same table as [`log2`]; ln(1) = +0 is the only exact case.
pub(super) fn ln(x: &ExactFloat) -> Option<ExactFloat> {
    logarithm(x)
}

fn logarithm(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } => nan(),
        Arg::Zero { .. } => inf(true),
        Arg::Inf { negative: false } => inf(false),
        Arg::Inf { negative: true } => nan(),
        Arg::Finite(a) if a.negative => nan(),
        Arg::Finite(a) if a.is_one() => zero(false),
        Arg::Finite(_) => None,
    }
}

/// exp2 (9.2.1): exp2(-inf) = +0, exp2(+inf) = +inf, exp2(±0) = 1 (exact: 2^0).
pub(super) fn exp2(x: &ExactFloat) -> Option<ExactFloat> {
    exponential(x)
}

/// exp (9.2.1): exp(-inf) = +0, exp(+inf) = +inf, exp(±0) = 1 (exact: e^0).
pub(super) fn exp(x: &ExactFloat) -> Option<ExactFloat> {
    exponential(x)
}

fn exponential(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } => nan(),
        Arg::Inf { negative: true } => zero(false),
        Arg::Inf { negative: false } => inf(false),
        Arg::Zero { .. } => one(),
        Arg::Finite(_) => None,
    }
}

/// sin (9.2.1): sin(±inf) invalid, NaN; sin(±0) = ±0 (the sine is odd and exact at 0).
pub(super) fn sin(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } | Arg::Inf { .. } => nan(),
        Arg::Zero { negative } => zero(negative),
        Arg::Finite(_) => None,
    }
}

/// cos (9.2.1): cos(±inf) invalid, NaN; cos(±0) = 1 (exact).
pub(super) fn cos(x: &ExactFloat) -> Option<ExactFloat> {
    match arg(x) {
        Arg::NaN { .. } | Arg::Inf { .. } => nan(),
        Arg::Zero { .. } => one(),
        Arg::Finite(_) => None,
    }
}

/// pow (9.2.1) applied to a = |x|, so every rule for a negative x (odd-integer signs, invalid
/// for a negative base and non-integer y) is out of play, and a = +0 or +inf.
pub(super) fn pow_abs(x: &ExactFloat, y: &ExactFloat) -> Option<ExactFloat> {
    let a = arg(&x.clone().abs());
    let b = arg(y);
    match (a, b) {
        // pow(x, ±0) is 1 for any x, even a zero, a quiet NaN or an infinity.
        (Arg::NaN { quiet: false }, Arg::Zero { .. }) => nan(),
        (_, Arg::Zero { .. }) => one(),
        // pow(+1, y) is 1 for any y, even a quiet NaN (and ±inf).
        (Arg::Finite(a), Arg::NaN { quiet: false }) if a.is_one() => nan(),
        (Arg::Finite(a), _) if a.is_one() => one(),
        // Otherwise a NaN operand gives NaN.
        (Arg::NaN { .. }, _) | (_, Arg::NaN { .. }) => nan(),
        // pow(±0, -inf) = +inf; pow(±0, y) = +inf for finite y < 0 (division by zero; the
        // odd-integer rule gives the sign of x, +0 here).
        (Arg::Zero { .. }, Arg::Inf { negative: true }) => inf(false),
        (Arg::Zero { .. }, Arg::Finite(b)) if b.negative => inf(false),
        // pow(±0, +inf) = +0; pow(±0, y) = +0 (sign of x for odd y) for finite y > 0.
        (Arg::Zero { .. }, _) => zero(false),
        // pow(+inf, y) = +0 for y < 0, +inf for y > 0 (infinite y included).
        (Arg::Inf { .. }, b) => {
            if b_negative(&b) {
                zero(false)
            } else {
                inf(false)
            }
        }
        // pow(x, -inf) = +inf for |x| < 1, +0 for |x| > 1; pow(x, +inf) the reverse.
        (Arg::Finite(a), Arg::Inf { negative }) => {
            let below_one = a.binade() < 0;
            if below_one == negative {
                inf(false)
            } else {
                zero(false)
            }
        }
        (Arg::Finite(_), Arg::Finite(_)) => None,
    }
}

fn b_negative(b: &Arg) -> bool {
    match b {
        Arg::Finite(f) => f.negative,
        Arg::Inf { negative } | Arg::Zero { negative } => *negative,
        Arg::NaN { .. } => false,
    }
}

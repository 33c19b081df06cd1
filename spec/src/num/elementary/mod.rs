//! Correctly rounded elementary functions on exact values: the value an instruction of the math
//! family (INV, DIV, SQRT, RSQRT, LOG, EXP, SIN, COS, POW) must deliver when the result is the
//! exact mathematical function rounded once into the destination format under a rounding mode
//! (docs/math.md, "Exact values in the spec engine").
//!
//! Every function takes [`ExactFloat`] inputs (decoded from any format), a destination
//! [`FloatFormat`] and a [`Rounding`], and returns the value `FloatFormat::round` gives for the
//! exact result: gradual underflow (denormals kept; flushing is the caller's business), overflow
//! to infinity or the largest finite value as the mode directs. A NaN result is always
//! [`ExactFloat::default_nan`]: the instruction layer chooses the encoding.
//!
//! How the exact value is reached:
//! - Quotients and square roots are computed with integers (`exact.rs`): the value itself when it
//!   is a binary fraction, otherwise a "sticky" stand-in that lies strictly between the same two
//!   rounding boundaries of every format of this crate.
//! - The exact cases of the transcendental functions (`log2` of a power of two, `exp2` of an
//!   integer, `|x|^y` whenever it is rational, the zeros and ones of the special-value tables)
//!   are detected and computed exactly; every other value is irrational, so it is never a
//!   rounding boundary, and Ziv's strategy terminates on it (`ziv.rs`).
//! - Results far outside a format's range, and results within a few units of 2^-precision of 1,
//!   are settled by an interval that holds no rounding boundary (`Known`, `known.rs`, which
//!   also classifies exact values against a format's range and finds the rational |x|^y).
//!
//! [`error_in_ulps`] measures how far a candidate result is from the exact value, and
//! [`is_exact`] says whether a candidate is that value itself.

mod exact;
mod known;
mod special;
mod ulp;
mod ziv;

use num_bigint::{BigInt, BigUint};
use num_traits::One;

use super::float::FloatFormat;
use super::mode::Rounding;
use super::value::ExactFloat;
use crate::error::VisaError;

pub use ulp::UlpError;

use exact::Arg;
use known::Known;
use ziv::Transcendental;

/// An elementary function of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Function {
    /// 1/x.
    Inv,
    /// x/y.
    Div,
    /// sqrt(x).
    Sqrt,
    /// 1/sqrt(x).
    Rsqrt,
    /// log2(x).
    Log2,
    /// 2^x.
    Exp2,
    /// ln(x), the natural logarithm.
    Ln,
    /// e^x.
    Exp,
    /// sin(x), x in radians.
    Sin,
    /// cos(x), x in radians.
    Cos,
    /// |x|^y.
    PowAbs,
}

impl Function {
    /// Every function, in declaration order.
    pub const ALL: [Function; 11] = [
        Function::Inv,
        Function::Div,
        Function::Sqrt,
        Function::Rsqrt,
        Function::Log2,
        Function::Exp2,
        Function::Ln,
        Function::Exp,
        Function::Sin,
        Function::Cos,
        Function::PowAbs,
    ];

    /// Number of inputs: 2 for [`Function::Div`] and [`Function::PowAbs`], 1 otherwise.
    pub fn arity(self) -> usize {
        match self {
            Function::Div | Function::PowAbs => 2,
            _ => 1,
        }
    }

    /// A short lower-case name (`inv`, `div`, `sqrt`, `rsqrt`, `log2`, `exp2`, `ln`, `exp`,
    /// `sin`, `cos`, `pow_abs`).
    pub fn name(self) -> &'static str {
        match self {
            Function::Inv => "inv",
            Function::Div => "div",
            Function::Sqrt => "sqrt",
            Function::Rsqrt => "rsqrt",
            Function::Log2 => "log2",
            Function::Exp2 => "exp2",
            Function::Ln => "ln",
            Function::Exp => "exp",
            Function::Sin => "sin",
            Function::Cos => "cos",
            Function::PowAbs => "pow_abs",
        }
    }
}

/// 1/x correctly rounded (IEEE 754 division of 1 by x).
pub fn inv(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_inv(x, format, ROUND_SLACK), format, rounding)
}

/// x/y correctly rounded (IEEE 754 division).
pub fn div(x: &ExactFloat, y: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_div(x, y, format, ROUND_SLACK), format, rounding)
}

/// sqrt(x) correctly rounded (IEEE 754 squareRoot).
pub fn sqrt(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_sqrt(x, format, ROUND_SLACK), format, rounding)
}

/// 1/sqrt(x) correctly rounded (IEEE 754 rSqrt).
pub fn rsqrt(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_rsqrt(x, format, ROUND_SLACK), format, rounding)
}

/// log2(x) correctly rounded (IEEE 754 log2).
pub fn log2(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_log(x, Base::Two), format, rounding)
}

/// 2^x correctly rounded (IEEE 754 exp2).
pub fn exp2(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(
        known_exp(x, Base::Two, format, ROUND_SLACK),
        format,
        rounding,
    )
}

/// ln(x) correctly rounded (IEEE 754 log).
pub fn ln(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_log(x, Base::E), format, rounding)
}

/// e^x correctly rounded (IEEE 754 exp).
pub fn exp(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_exp(x, Base::E, format, ROUND_SLACK), format, rounding)
}

/// sin(x) correctly rounded, x in radians, any magnitude (IEEE 754 sin).
pub fn sin(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_sin(x, format, ROUND_SLACK), format, rounding)
}

/// cos(x) correctly rounded, x in radians, any magnitude (IEEE 754 cos).
pub fn cos(x: &ExactFloat, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    round_known(known_cos(x, format, ROUND_SLACK), format, rounding)
}

/// |x|^y correctly rounded: IEEE 754-2019 pow (9.2, 9.2.1) applied to |x|, so that the rules
/// for a negative x never apply. In particular `|x|^±0 = 1` for every x, a quiet NaN too, and
/// `1^y = 1` for every y, a quiet NaN too; a signalling NaN gives NaN (`special.rs`).
pub fn pow_abs(
    x: &ExactFloat,
    y: &ExactFloat,
    format: FloatFormat,
    rounding: Rounding,
) -> ExactFloat {
    round_known(known_pow_abs(x, y, format, ROUND_SLACK), format, rounding)
}

/// `function` of `inputs` correctly rounded; a model bug when the number of inputs is not
/// the function's [`arity`](Function::arity).
pub fn evaluate(
    function: Function,
    inputs: &[ExactFloat],
    format: FloatFormat,
    rounding: Rounding,
) -> Result<ExactFloat, VisaError> {
    let known = known(function, inputs, format, ROUND_SLACK)?;
    Ok(round_known(known, format, rounding))
}

/// How far `candidate` is from the exact value of `function` at `inputs`, in units in the last
/// place of `format` and absolutely; see [`UlpError`] for the definitions. A model bug when the
/// number of inputs is not the function's arity.
pub fn error_in_ulps(
    function: Function,
    inputs: &[ExactFloat],
    candidate: &ExactFloat,
    format: FloatFormat,
) -> Result<UlpError, VisaError> {
    let known = known(function, inputs, format, ulp::ERROR_SLACK)?;
    Ok(ulp::measure(known, candidate, format))
}

/// Whether `candidate` is the exact value of `function` at `inputs`, so that no approximation
/// lies between them: the exact value is a number (or a special value) and the candidate is
/// that number, both zeros being the number 0. A value the analysis knows only to lie in an
/// interval (beyond the format's range, below it, within a few units of 2^-precision of 1) is
/// never exact, and neither is an irrational value, nor a quotient or root that is no binary
/// fraction: its sticky stand-in has more significant bits than any number of `format`. A
/// model bug when the number of inputs is not the function's arity.
pub fn is_exact(
    function: Function,
    inputs: &[ExactFloat],
    candidate: &ExactFloat,
    format: FloatFormat,
) -> Result<bool, VisaError> {
    Ok(match known(function, inputs, format, ROUND_SLACK)? {
        Known::Value(v) => same_number(&v, candidate),
        Known::Huge { .. } | Known::Tiny { .. } | Known::NearOne { .. } | Known::Approx { .. } => {
            false
        }
    })
}

/// Whether two values are the same number (both zeros are 0), the same infinity or both NaN.
fn same_number(a: &ExactFloat, b: &ExactFloat) -> bool {
    match (exact::arg(a), exact::arg(b)) {
        (Arg::NaN { .. }, Arg::NaN { .. }) | (Arg::Zero { .. }, Arg::Zero { .. }) => true,
        (Arg::Inf { negative: x }, Arg::Inf { negative: y }) => x == y,
        (Arg::Finite(x), Arg::Finite(y)) => {
            x.negative == y.negative && x.exponent == y.exponent && x.mantissa == y.mantissa
        }
        _ => false,
    }
}

/// Slack, in bits, of the analytic shortcuts used for rounding: [`Known::Tiny`] holds values
/// below 2^(q - 2) (q the format's denormal quantum) and [`Known::NearOne`] values within
/// 2^-(precision + 2) of 1; either interval holds no rounding boundary.
const ROUND_SLACK: u32 = 2;

/// Rounds what is known of a value. The stand-ins of Huge, Tiny and NearOne lie in the same
/// boundary-free interval as the value, so they round identically.
fn round_known(known: Known, format: FloatFormat, rounding: Rounding) -> ExactFloat {
    match known {
        Known::Value(v) => match v {
            ExactFloat::NaN { .. } => ExactFloat::default_nan(),
            v => format.round(&v, rounding),
        },
        Known::Huge { negative } => format.round(
            &exact::power_of_two(negative, i128::from(format.max_exponent()) + 2),
            rounding,
        ),
        Known::Tiny { negative } => {
            // |v| < 2^(q - 2): between 0 and half the smallest denormal, like 2^(q - 3).
            let exponent = i128::from(format.denormal_quantum()) - i128::from(ROUND_SLACK) - 1;
            format.round(&exact::power_of_two(negative, exponent), rounding)
        }
        Known::NearOne { above } => {
            // 1 is representable; the nearest boundaries are 1 + 2^-precision above and
            // 1 - 2^-(precision + 1) below, both outside 1 ± 2^-(precision + 2).
            let offset = -i128::from(format.precision()) - i128::from(ROUND_SLACK) - 1;
            format.round(&exact::one_plus(above, offset), rounding)
        }
        Known::Approx { function, hint } => ziv::round(&function, hint, format, rounding),
    }
}

fn known(
    function: Function,
    inputs: &[ExactFloat],
    format: FloatFormat,
    slack: u32,
) -> Result<Known, VisaError> {
    let arity_error = || {
        VisaError::model_bug(format!(
            "{} takes {} input(s), given {}",
            function.name(),
            function.arity(),
            inputs.len()
        ))
    };
    let known = match (function, inputs) {
        (Function::Div, [x, y]) => known_div(x, y, format, slack),
        (Function::PowAbs, [x, y]) => known_pow_abs(x, y, format, slack),
        (Function::Div | Function::PowAbs, _) => return Err(arity_error()),
        (_, [x]) => match function {
            Function::Inv => known_inv(x, format, slack),
            Function::Sqrt => known_sqrt(x, format, slack),
            Function::Rsqrt => known_rsqrt(x, format, slack),
            Function::Log2 => known_log(x, Base::Two),
            Function::Exp2 => known_exp(x, Base::Two, format, slack),
            Function::Ln => known_log(x, Base::E),
            Function::Exp => known_exp(x, Base::E, format, slack),
            Function::Sin => known_sin(x, format, slack),
            Function::Cos => known_cos(x, format, slack),
            Function::Div | Function::PowAbs => return Err(arity_error()),
        },
        _ => return Err(arity_error()),
    };
    Ok(known)
}

/// The base of an exponential or logarithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    Two,
    E,
}

fn known_inv(x: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    known_div(
        &ExactFloat::finite(false, BigUint::one(), 0),
        x,
        format,
        slack,
    )
}

fn known_div(x: &ExactFloat, y: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::div(x, y) {
        return Known::Value(special);
    }
    match (exact::arg(x), exact::arg(y)) {
        (Arg::Finite(a), Arg::Finite(b)) => {
            let (mantissa, exponent) = exact::quotient(
                &a.mantissa,
                &b.mantissa,
                a.exponent - b.exponent,
                exact::width(format),
            );
            known::classify(a.negative != b.negative, mantissa, exponent, format, slack)
        }
        _ => Known::Value(ExactFloat::default_nan()),
    }
}

fn known_sqrt(x: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::sqrt(x) {
        return Known::Value(special);
    }
    match exact::arg(x) {
        Arg::Finite(a) => {
            let (mantissa, exponent) =
                exact::square_root(&a.mantissa, a.exponent, exact::width(format));
            known::classify(false, mantissa, exponent, format, slack)
        }
        _ => Known::Value(ExactFloat::default_nan()),
    }
}

fn known_rsqrt(x: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::rsqrt(x) {
        return Known::Value(special);
    }
    match exact::arg(x) {
        Arg::Finite(a) => {
            let (mantissa, exponent) =
                exact::reciprocal_square_root(&a.mantissa, a.exponent, exact::width(format));
            known::classify(false, mantissa, exponent, format, slack)
        }
        _ => Known::Value(ExactFloat::default_nan()),
    }
}

/// log2 and ln of a positive finite x other than 1. log2(m * 2^e) is rational only for m = 1
/// (then it is the integer e), and ln(x) is transcendental for every rational x != 1
/// (Lindemann-Weierstrass); the values are at most about 1100 in magnitude for any input from
/// a format, so there is no range shortcut.
fn known_log(x: &ExactFloat, base: Base) -> Known {
    let special = match base {
        Base::Two => special::log2(x),
        Base::E => special::ln(x),
    };
    if let Some(special) = special {
        return Known::Value(special);
    }
    let Arg::Finite(a) = exact::arg(x) else {
        return Known::Value(ExactFloat::default_nan());
    };
    if base == Base::Two && a.mantissa.is_one() {
        return Known::Value(ExactFloat::from_bigint(&BigInt::from(a.exponent)));
    }
    let function = match base {
        Base::Two => Transcendental::Log2(a),
        Base::E => Transcendental::Ln(a),
    };
    Known::Approx {
        function,
        hint: None,
    }
}

/// 2^x and e^x of a finite nonzero x. 2^x is rational exactly when x is an integer (x is a
/// binary fraction n/2^k; for k > 0 and n odd, 2^(n/2^k) is irrational), e^x never is.
/// Range: 2^x and e^x are at least 2^(max_exponent + 2) for x >= max_exponent + 2 (e > 2),
/// below 2^(q - slack) for x < q - slack < 0, and |b^x - 1| <= |x| (base 2) or 2|x| (base e)
/// for |x| <= 1, with b^x > 1 exactly when x > 0.
fn known_exp(x: &ExactFloat, base: Base, format: FloatFormat, slack: u32) -> Known {
    let special = match base {
        Base::Two => special::exp2(x),
        Base::E => special::exp(x),
    };
    if let Some(special) = special {
        return Known::Value(special);
    }
    let Arg::Finite(a) = exact::arg(x) else {
        return Known::Value(ExactFloat::default_nan());
    };
    let huge = BigInt::from(format.max_exponent()) + 2;
    let tiny = BigInt::from(format.denormal_quantum()) - i64::from(slack);
    if a.compare_int(&huge).is_ge() {
        return Known::Huge { negative: false };
    }
    if a.compare_int(&tiny).is_lt() {
        return Known::Tiny { negative: false };
    }
    // |x| < 2^-(precision + slack + 1) makes |b^x - 1| < 2^-(precision + slack) for both bases.
    let near_one = -i128::from(format.precision()) - i128::from(slack) - 1;
    if a.binade() < near_one {
        return Known::NearOne { above: !a.negative };
    }
    if base == Base::Two {
        if let Some(n) = a.to_integer() {
            // q - slack <= n < max_exponent + 2 here.
            return known::classify(false, BigUint::one(), n, format, slack);
        }
    }
    let function = match base {
        Base::Two => Transcendental::Exp2(a),
        Base::E => Transcendental::Exp(a),
    };
    Known::Approx {
        function,
        hint: None,
    }
}

/// sin of a finite nonzero x: transcendental (Lindemann-Weierstrass), with |sin x| <= |x|,
/// and for 0 < x < 1 the Taylor enclosure x - x^3/6 <= sin x <= x - x^3/6 + x^5/120, hence
/// x - x^3/4 <= sin x <= x - x^3/8 (the sine is odd).
fn known_sin(x: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::sin(x) {
        return Known::Value(special);
    }
    let Arg::Finite(a) = exact::arg(x) else {
        return Known::Value(ExactFloat::default_nan());
    };
    if a.binade() < i128::from(format.denormal_quantum()) - i128::from(slack) {
        return Known::Tiny {
            negative: a.negative,
        };
    }
    let hint = (a.binade() < -20).then(|| exact::sin_enclosure(&a));
    Known::Approx {
        function: Transcendental::Sin(a),
        hint,
    }
}

/// cos of a finite nonzero x: transcendental, with 1 - x^2/2 <= cos x < 1, so cos x is
/// within 2^-(precision + slack) below 1 when x^2 < 2^(2 binade(x) + 2) <= that bound.
fn known_cos(x: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::cos(x) {
        return Known::Value(special);
    }
    let Arg::Finite(a) = exact::arg(x) else {
        return Known::Value(ExactFloat::default_nan());
    };
    if 2 * a.binade() + 2 <= -i128::from(format.precision()) - i128::from(slack) {
        return Known::NearOne { above: false };
    }
    Known::Approx {
        function: Transcendental::Cos(a),
        hint: None,
    }
}

/// |x|^y for finite nonzero x and y, |x| != 1. With |x| = m * 2^e (m odd) and y = n / 2^k
/// (n odd, k >= 0 when y is not an integer), |x|^y is rational exactly when |x| is a perfect
/// 2^k-th power, i.e. m is and 2^k divides e (x^n = r^(2^k) forces it, n being odd): then the
/// roots are taken one square root at a time and the value is an integer power, computed
/// exactly. Every other value is irrational.
fn known_pow_abs(x: &ExactFloat, y: &ExactFloat, format: FloatFormat, slack: u32) -> Known {
    if let Some(special) = special::pow_abs(x, y) {
        return Known::Value(special);
    }
    let (Arg::Finite(a), Arg::Finite(b)) = (exact::arg(x), exact::arg(y)) else {
        return Known::Value(ExactFloat::default_nan());
    };
    let a = a.abs();
    if let Some(known) = known::rational_power(&a, &b, format, slack) {
        return known;
    }
    // t = y * log2|x|, |x|^y = 2^t: its range from a double-precision estimate with a wide
    // margin (relative error of the estimate below 2^-40).
    let t = b.to_f64() * a.log2_f64();
    let margin = 2.0 + t.abs() * f64::powi(2.0, -40);
    if t.is_nan() {
        return Known::Value(ExactFloat::default_nan());
    }
    if t - margin >= format.max_exponent() as f64 + 2.0 {
        return Known::Huge { negative: false };
    }
    if t + margin < format.denormal_quantum() as f64 - f64::from(slack) {
        return Known::Tiny { negative: false };
    }
    // |t| <= |y| * (|binade(x)| + 1) < 2^(binade(y) + 1 + bits(|binade(x)| + 1)).
    let log_bound = a.binade().unsigned_abs() + 1;
    let t_binade = b.binade() + 1 + i128::from(u128::BITS - log_bound.leading_zeros());
    if t_binade <= -i128::from(format.precision()) - i128::from(slack) {
        return Known::NearOne {
            above: b.negative == (a.binade() < 0),
        };
    }
    Known::Approx {
        function: Transcendental::Pow(a, b),
        hint: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arity_is_checked() {
        let one = ExactFloat::finite(false, BigUint::one(), 0);
        let err = evaluate(
            Function::Div,
            std::slice::from_ref(&one),
            FloatFormat::F,
            Rounding::Rtne,
        );
        assert!(err.is_err());
        let err = evaluate(
            Function::Sin,
            &[one.clone(), one],
            FloatFormat::F,
            Rounding::Rtne,
        );
        assert!(err.is_err());
    }

    #[test]
    fn every_function_has_a_distinct_name() {
        let mut names: Vec<_> = Function::ALL.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Function::ALL.len());
    }

    #[test]
    fn zero_mantissa_is_zero() {
        // A non-canonical finite value with a zero mantissa is a zero: sqrt gives +0 for it.
        let zero = ExactFloat::Finite {
            negative: false,
            mantissa: BigUint::default(),
            exponent: 7,
        };
        assert_eq!(
            sqrt(&zero, FloatFormat::F, Rounding::Rtne),
            ExactFloat::zero(false)
        );
    }
}

//! One lane, whole: the special values and range rules, the f64 evaluation with its boundary
//! test and residual signs, the double-double step and the exact path, in that order
//! ([`unary_lane`], [`binary_lane`]); and the lanes a batch's boundary test rejected.

use super::exact::round_near;
use super::fast::{accept, widen, STEPS_EXACT_OP, STEPS_LIBM, STEPS_RSQRT};
use super::ops::{Binary, Path, Unary};
use super::series::Trig;
use super::{exact, fast, refine};
use crate::softfloat::{Format, Rounding};

/// A lane the boundary test rejected: the special values, the general boundary test (again,
/// for a destination other than F), the residual sign, then the scalar path. Returns the
/// bits and whether the exact path computed them.
#[inline(never)]
pub(super) fn rejected(
    f: Unary,
    x: u64,
    r: f64,
    steps: u64,
    src: Format,
    dst: Format,
    rnd: Rounding,
) -> (u64, bool) {
    // The special values first: most rejected lanes of an instruction are NaN, infinite or
    // zero inputs, which the other tests would only turn away.
    let xf = widen(x, src);
    if let Some(b) = special_unary(f, xf, dst, rnd) {
        return (b, false);
    }
    let decided = accept(r, steps, dst, rnd)
        .or_else(|| residual_side(f, xf, dst, rnd))
        .or_else(|| refine::unary(f, xf, src, dst, rnd));
    if let Some(b) = decided {
        return (b, false);
    }
    let (v, path) = unary_lane(f, x, src, dst, rnd, false);
    (v, path == Path::Exact)
}

/// |a|^b for a destination narrower than DF, from its f64 evaluation `r`, where the value
/// lies past the destination's range or next to 1. With a and b finite and nonzero and |a|
/// not 1 the true value is positive, and libm's bound (16 steps, see `fast`) keeps it
/// within a factor 1 ± 2^-48 of r (an infinite r means a value above 2^1023, a zero or
/// denormal r one below 2^-1021). So r >= 2^(bias+1) (1 + 2^-47) is a value past the
/// largest finite one (overflow), and r < 2^-(bias+m) (1 - 2^-47) one below half the
/// smallest denormal (tiny). Next to 1: |a|^b = 2^w with w = b log2 |a|, whose sign is
/// that of b times that of |a| - 1; an f64 estimate of w (within 2^-48 relative) below
/// 2^-(m+5) means 0 < |w| < 2^-(m+4), where 2^w rounds as 1 nudged toward w's side (the
/// exp2 rule of `special_unary`). `None` otherwise.
#[inline]
pub(super) fn pow_far(a: f64, b: f64, r: f64, dst: Format, rnd: Rounding) -> Option<u64> {
    let a = a.abs();
    let plain = a.is_finite() && b.is_finite() && a != 0.0 && b != 0.0 && a != 1.0;
    if !plain || r.is_nan() {
        return None;
    }
    let m = i64::from(dst.mbits);
    let bias = i64::from(dst.bias());
    let margin = 1.0 + pow2(-47);
    if r >= pow2(bias + 1) * margin {
        Some(overflow(dst, rnd))
    } else if r * margin < pow2(-(bias + m)) {
        Some(tiny(dst, rnd))
    } else if (b * a.log2()).abs() < pow2(-(m + 5)) {
        let up = (b > 0.0) == (a > 1.0);
        Some(round_near(1.0, if up { 1 } else { -1 }, dst, rnd))
    } else {
        None
    }
}

/// Whether raw bits of `fmt` are a signalling NaN (the quiet bit clear).
#[inline]
pub(super) fn is_snan(bits: u64, fmt: Format) -> bool {
    fmt.is_nan(bits) && bits & fmt.quiet_bit() == 0
}

/// Whether `dst` is narrow enough for the f64 evaluation (k >= 12 spare bits).
#[inline]
pub(super) fn fast_dst(dst: Format) -> bool {
    dst.mbits <= 40
}

/// 2^-968: the least x whose square-root residual x - r² is computed without underflow.
pub(super) const SQRT_RESIDUAL_MIN: f64 = f64::from_bits((1023 - 968) << 52);

/// 1/x, sqrt(x) or 1/sqrt(x) rounded into `dst` where the boundary test left the f64 result
/// undecided, from the sign of a residual instead of the exact path: for 1/x and sqrt(x)
/// the f64 result r is correctly rounded and the exact value lies within half a step of
/// it, on the side the sign of 1 - r·x (of x - r², for the root) gives; for 1/sqrt(x) the
/// f64 result is within 4 steps, and the side of the exact value from the grid point b of
/// `dst` nearest r is the sign of 1 - b²·x (b² exact when normal: b has at most 25
/// significant bits). One fused multiply-add computes each residual rounded once, which
/// keeps its sign unless it underflows to zero: `None` outside the normal range, for a
/// root of x below 2^-968 (whose residual could), and for a DF 1/sqrt(x), whose grid is
/// the f64 step (left to the exact path).
pub(super) fn residual_side(f: Unary, x: f64, dst: Format, rnd: Rounding) -> Option<u64> {
    if !x.is_normal() {
        return None;
    }
    let zero = |v: f64| v.partial_cmp(&0.0);
    match f {
        Unary::Inv => {
            let r = 1.0 / x;
            if !r.is_normal() {
                return None;
            }
            // 1/x - r = (1 - r·x)/x.
            let residual = (-r).mul_add(x, 1.0);
            let side = if x > 0.0 {
                zero(residual)?
            } else {
                zero(-residual)?
            };
            Some(fast::round_beside(r, side, dst, rnd))
        }
        // From 2^-968 up the residual, a multiple of ulp(r)² >= 2^-1074, cannot underflow
        // to zero.
        Unary::Sqrt if x >= SQRT_RESIDUAL_MIN => {
            let r = x.sqrt();
            // sqrt(x) - r has the sign of x - r² (the fused multiply-add rounds it once,
            // keeping its sign).
            let side = zero((-r).mul_add(r, x))?;
            Some(fast::round_beside(r, side, dst, rnd))
        }
        Unary::Rsqrt if x > 0.0 && dst.mbits < 52 => {
            let r = 1.0 / x.sqrt();
            if !r.is_normal() {
                return None;
            }
            // The nearest point of the half-quantum grid of `dst` at r (k low bits below
            // the quantum, as in `accept`).
            let e = ((r.to_bits() >> 52) & 0x7ff) as i32 - 1023;
            let emin = 1 - dst.bias();
            let k = (52 - dst.mbits as i32 + (emin - e).max(0)).min(62) as u32;
            if k < 3 {
                return None;
            }
            let half = 1u64 << (k - 1);
            let b = f64::from_bits((r.to_bits() + half / 2) & !(half - 1));
            // b² is exact when normal (at most 50 significant bits).
            if !b.is_normal() || !(b * b).is_normal() {
                return None;
            }
            // 1/sqrt(x) - b has the sign of 1 - b²·x (rounded once, sign kept).
            let side = zero((-(b * b)).mul_add(x, 1.0))?;
            Some(fast::round_beside(b, side, dst, rnd))
        }
        _ => None,
    }
}

/// One lane of f(x), and the path that gave it.
pub fn unary_lane(
    f: Unary,
    x: u64,
    src: Format,
    dst: Format,
    rnd: Rounding,
    allow_fast: bool,
) -> (u64, Path) {
    let xf = widen(x, src);
    if let Some(r) = special_unary(f, xf, dst, rnd) {
        return (r, Path::Special);
    }
    if allow_fast && fast_dst(dst) {
        let (r, steps) = match f {
            Unary::Inv => (1.0 / xf, STEPS_EXACT_OP),
            Unary::Sqrt => (xf.sqrt(), STEPS_EXACT_OP),
            Unary::Rsqrt => (1.0 / xf.sqrt(), STEPS_RSQRT),
            Unary::Log2 => (xf.log2(), STEPS_LIBM),
            Unary::Exp2 => (xf.exp2(), STEPS_LIBM),
            Unary::Ln => (xf.ln(), STEPS_LIBM),
            Unary::Exp => (xf.exp(), STEPS_LIBM),
            Unary::Sin => (xf.sin(), STEPS_LIBM),
            Unary::Cos => (xf.cos(), STEPS_LIBM),
        };
        if let Some(b) = accept(r, steps, dst, rnd) {
            return (b, Path::Fast);
        }
    }
    if allow_fast {
        if let Some(b) = residual_side(f, xf, dst, rnd) {
            return (b, Path::Fast);
        }
        if let Some(b) = refine::unary(f, xf, src, dst, rnd) {
            return (b, Path::Refined);
        }
    }
    let r = match f {
        Unary::Inv => exact::div(1.0, xf, dst, rnd),
        Unary::Sqrt => exact::sqrt(xf, dst, rnd),
        Unary::Rsqrt => exact::rsqrt(xf, dst, rnd),
        Unary::Log2 => exact::log2(xf, dst, rnd),
        Unary::Exp2 => exact::exp2(xf, dst, rnd),
        Unary::Ln => exact::ln(xf, dst, rnd),
        Unary::Exp => exact::exp(xf, dst, rnd),
        Unary::Sin => exact::trig(Trig::Sin, xf, dst, rnd),
        Unary::Cos => exact::trig(Trig::Cos, xf, dst, rnd),
    };
    (r, Path::Exact)
}

/// One lane of f(x, y), and the path that gave it.
pub fn binary_lane(
    f: Binary,
    x: u64,
    y: u64,
    src: Format,
    dst: Format,
    rnd: Rounding,
    allow_fast: bool,
) -> (u64, Path) {
    if f == Binary::PowAbs && (is_snan(x, src) || is_snan(y, src)) {
        // IEEE 754-2019 6.2: a signalling NaN gives NaN, even where a quiet one gives 1
        // (x^±0, 1^y: 9.2.1 names the quiet NaN only).
        return (dst.default_nan(), Path::Special);
    }
    let (xf, yf) = (widen(x, src), widen(y, src));
    if let Some(r) = special_binary(f, xf, yf, dst, rnd) {
        return (r, Path::Special);
    }
    if allow_fast && fast_dst(dst) {
        let (r, steps) = match f {
            Binary::Div => (xf / yf, STEPS_EXACT_OP),
            Binary::PowAbs => (xf.abs().powf(yf), STEPS_LIBM),
        };
        if let Some(b) = accept(r, steps, dst, rnd) {
            return (b, Path::Fast);
        }
        if let Some(b) = refine::binary(f, xf, yf, src, dst, rnd) {
            return (b, Path::Refined);
        }
    }
    let r = match f {
        Binary::Div => exact::div(xf, yf, dst, rnd),
        Binary::PowAbs => exact::pow_abs(xf, yf, dst, rnd),
    };
    (r, Path::Exact)
}

/// The overflow result of a positive value too large for `dst` (+inf or the largest finite
/// value, by mode).
pub(super) fn overflow(dst: Format, rnd: Rounding) -> u64 {
    crate::softfloat::round_pack(false, 1u64, 20_000, dst, rnd)
}

/// The rounding of a positive value below half the smallest denormal (+0, or the smallest
/// denormal when rounding up).
pub(super) fn tiny(dst: Format, rnd: Rounding) -> u64 {
    crate::softfloat::round_pack(false, 1u64, -20_000, dst, rnd)
}

/// A value of `dst` from an f64 that it represents exactly (1.0 and the like).
pub(super) fn exact_value(v: f64, dst: Format) -> u64 {
    crate::softfloat::f64_to(v.to_bits(), dst, Rounding::NearestEven)
}

/// ln 2 rounded up, for range rules on e^x (every threshold is then on the safe side).
pub(super) const LN2_UP: f64 = 0.693_148;

/// IEEE 754-2019 (9.2, 9.2.1) special values of the one-source functions, and exact range
/// rules, for x as an f64 (finite results are rounded into `dst` under `rnd`). None means
/// the value must be computed.
///
/// | f | NaN | -inf | -finite | -0 | +0 | +inf | other rules |
/// |---|---|---|---|---|---|---|---|
/// | inv | NaN | -0 | | -inf | +inf | +0 | 1/x is a division (divideByZero at 0) |
/// | sqrt | NaN | NaN | NaN | -0 | +0 | +inf | sqrt(-0) = -0 |
/// | rsqrt | NaN | NaN | NaN | -inf | +inf | +0 | rSqrt(±0) = ±inf |
/// | log2, ln | NaN | NaN | NaN | -inf | -inf | +inf | log(1) = +0 in every mode |
/// | exp2, exp | NaN | +0 | | 1 | 1 | +inf | overflow and tiny ranges, tiny x |
/// | sin | NaN | NaN | | -0 | +0 | NaN | tiny x: sin x = x minus a little |
/// | cos | NaN | NaN | | 1 | 1 | NaN | tiny x: cos x = 1 minus a little |
///
/// Range rules (m = fraction bits of `dst`, bias its exponent bias):
/// - exp2: x >= bias + 1 gives 2^x >= 2^(bias+1), above the largest finite value:
///   overflow. x < -(bias + m) gives 2^x < 2^-(bias+m), half the smallest denormal: tiny.
/// - exp: the same with x / ln 2, thresholds scaled by ln 2 rounded up (so both rules are
///   conservative).
/// - exp2, exp with |x| < 2^-(m+4): the value lies strictly between 1 and 1 + 2^-(m+3)
///   (x > 0; 2^x - 1 < x and e^x - 1 < 2x there) or between 1 - 2^-(m+4) and 1 (x < 0), where
///   no rounding boundary is (the nearest are 1 + 2^-(m+1) and 1 - 2^-(m+2)): it rounds as 1
///   nudged toward x's side.
/// - sin with |x| < 2^-h, h = ceil((m+5)/2): |sin x| lies in (|x| - |x|^3/6, |x|), inside
///   [|x| (1 - 2^-(m+5)), |x|); when both ends of that round alike (always when x is a value
///   of `dst`), that is the result.
/// - cos with |x| < 2^-h: cos x lies in (1 - 2^-(m+6), 1): it rounds as 1 nudged down.
pub fn special_unary(f: Unary, x: f64, dst: Format, rnd: Rounding) -> Option<u64> {
    let nan = dst.default_nan();
    if x.is_nan() {
        return Some(nan);
    }
    let neg = x.is_sign_negative();
    let m = i64::from(dst.mbits);
    let bias = f64::from(dst.bias());
    match f {
        Unary::Inv => {
            if x == 0.0 {
                Some(dst.inf(neg))
            } else if x.is_infinite() {
                Some(dst.zero(neg))
            } else {
                None
            }
        }
        Unary::Sqrt => {
            if x == 0.0 {
                Some(dst.zero(neg))
            } else if neg {
                Some(nan)
            } else if x.is_infinite() {
                Some(dst.inf(false))
            } else {
                None
            }
        }
        Unary::Rsqrt => {
            if x == 0.0 {
                Some(dst.inf(neg))
            } else if neg {
                Some(nan)
            } else if x.is_infinite() {
                Some(dst.zero(false))
            } else {
                None
            }
        }
        Unary::Log2 | Unary::Ln => {
            if x == 0.0 {
                Some(dst.inf(true))
            } else if neg {
                Some(nan)
            } else if x.is_infinite() {
                Some(dst.inf(false))
            } else if x == 1.0 {
                Some(dst.zero(false))
            } else {
                None
            }
        }
        Unary::Exp2 | Unary::Exp => {
            let scale = if f == Unary::Exp { LN2_UP } else { 1.0 };
            if x == 0.0 {
                Some(dst.one())
            } else if x == f64::INFINITY {
                Some(dst.inf(false))
            } else if x == f64::NEG_INFINITY {
                Some(dst.zero(false))
            } else if x >= (bias + 1.0) * scale {
                Some(overflow(dst, rnd))
            } else if x < -(bias + m as f64) * scale {
                Some(tiny(dst, rnd))
            } else if x.abs() < pow2(-(m + 4)) {
                Some(round_near(1.0, if neg { -1 } else { 1 }, dst, rnd))
            } else {
                None
            }
        }
        Unary::Sin => {
            if x == 0.0 {
                Some(dst.zero(neg))
            } else if x.is_infinite() {
                Some(nan)
            } else if x.abs() < pow2(-(m + 6) / 2) {
                tiny_sin(x, dst, rnd)
            } else {
                None
            }
        }
        Unary::Cos => {
            if x == 0.0 {
                Some(exact_value(1.0, dst))
            } else if x.is_infinite() {
                Some(nan)
            } else if x.abs() < pow2(-(m + 6) / 2) {
                Some(round_near(1.0, -1, dst, rnd))
            } else {
                None
            }
        }
    }
}

/// 2^e for |e| < 1000 (exact).
pub(super) fn pow2(e: i64) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// sin x for |x| < 2^-h (see [`special_unary`]): the ends |x| (1 - 2^-(m+5)) (exact in
/// u128) and |x| nudged toward zero.
pub(super) fn tiny_sin(x: f64, dst: Format, rnd: Rounding) -> Option<u64> {
    let (neg, mant, e) = exact::unpack(x);
    let s = dst.mbits + 5;
    let lo = (u128::from(mant) << s) - u128::from(mant);
    let a = crate::softfloat::round_pack(neg, lo, (e - i64::from(s)) as i32, dst, rnd);
    let b = round_near(x, if neg { 1 } else { -1 }, dst, rnd);
    (a == b).then_some(a)
}

/// IEEE 754-2019 special values of the two-source functions, for x and y as f64. None
/// means the value must be computed.
///
/// Division (6.1, 7.2, 7.3), s = sign(x) xor sign(y):
///
/// | x \ y | NaN | ±0 | finite | ±inf |
/// |---|---|---|---|---|
/// | NaN | NaN | NaN | NaN | NaN |
/// | ±0 | NaN | NaN (invalid) | s0 | s0 |
/// | finite | NaN | s inf (divideByZero) | computed | s0 |
/// | ±inf | NaN | s inf | s inf | NaN (invalid) |
///
/// pow(|x|, y) (9.2.1 with a base a = |x| >= +0, so every odd-integer rule is the +0/+inf
/// one), checked in this order:
///
/// | case | result |
/// |---|---|
/// | y = ±0 (any a, even NaN) | 1 |
/// | a = 1 (any y, even NaN) | 1 |
/// | a or y NaN | NaN |
/// | a = +0, y < 0 (finite or -inf) | +inf (divideByZero for finite y) |
/// | a = +0, y > 0 | +0 |
/// | a = +inf, y < 0 | +0 |
/// | a = +inf, y > 0 | +inf |
/// | y = +inf | +0 if a < 1, +inf if a > 1 |
/// | y = -inf | +inf if a < 1, +0 if a > 1 |
/// | finite a > 0, finite y != 0 | computed, positive |
pub fn special_binary(f: Binary, x: f64, y: f64, dst: Format, _rnd: Rounding) -> Option<u64> {
    let nan = dst.default_nan();
    match f {
        Binary::Div => {
            if x.is_nan() || y.is_nan() {
                return Some(nan);
            }
            let s = x.is_sign_negative() != y.is_sign_negative();
            let (xz, yz) = (x == 0.0, y == 0.0);
            let (xi, yi) = (x.is_infinite(), y.is_infinite());
            if (xz && yz) || (xi && yi) {
                Some(nan)
            } else if xi || yz {
                Some(dst.inf(s))
            } else if xz || yi {
                Some(dst.zero(s))
            } else {
                None
            }
        }
        Binary::PowAbs => {
            let a = x.abs();
            if y == 0.0 || a == 1.0 {
                return Some(exact_value(1.0, dst));
            }
            if a.is_nan() || y.is_nan() {
                return Some(nan);
            }
            if a == 0.0 {
                return Some(if y < 0.0 {
                    dst.inf(false)
                } else {
                    dst.zero(false)
                });
            }
            if a.is_infinite() {
                return Some(if y < 0.0 {
                    dst.zero(false)
                } else {
                    dst.inf(false)
                });
            }
            if y.is_infinite() {
                let big = (a > 1.0) == (y > 0.0);
                return Some(if big { dst.inf(false) } else { dst.zero(false) });
            }
            None
        }
    }
}

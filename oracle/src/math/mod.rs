//! Correctly rounded elementary functions on raw lanes of the vISA float formats: the
//! numeric core of the math instructions (INV, DIV, SQRT, RSQRT, LOG, EXP, SIN, COS, POW).
//!
//! Every function takes its source lanes as raw bits of a source [`Format`] (DF, F, HF, BF)
//! and returns the raw bits of the destination format: the exact mathematical value
//! rounded once under the %cr0 [`Rounding`] mode, with gradual underflow (denormal results
//! kept) and IEEE 754 overflow (infinity or the largest finite value, by mode). Denormal
//! inputs are values; flushing them is the instruction layer's choice. A NaN result is
//! always the destination's default quiet NaN ([`Format::default_nan`]: sign 0, quiet bit
//! only), whatever the inputs' payloads; the instruction layer picks the final encoding
//! ([`Format::is_nan`] recognises it).
//!
//! ## Method
//! 1. IEEE 754-2019 special values and a few exact range rules (the tables in
//!    [`special_unary`] and [`special_binary`]).
//! 2. For a destination narrower than DF: one f64 evaluation (`fast`), accepted when the
//!    f64 result widened by its documented error bound lies inside one rounding interval
//!    of the destination (a bit test on the f64 mantissa); then one rounding.
//!    F lanes into F (`single`) read their special values and exact results off the bits
//!    and evaluate log2, 2^x, |x|^y (`approx`), sin and cos (`trig`) by the oracle's own
//!    table-driven f64 kernels, with proved bounds.
//! 3. For an F destination, the lanes still undecided: a double-double evaluation with a
//!    rigorous bound (`refine`, `trig`, on `dd`), which decides the hard-to-round inputs.
//! 4. Otherwise, and always for DF: the exact path (`exact`): exact integer arithmetic for
//!    INV, DIV, SQRT, RSQRT, and Ziv's strategy for the others, with the exactly
//!    representable and boundary results detected first. The oracle never calls into
//!    visa-spec; its multi-precision arithmetic is its own (num-bigint integers).
//!
//! The batch entry points ([`unary_batch`], [`binary_batch`]) run step 2 first on every
//! lane where it calls libm or an IEEE operation: the test never accepts a NaN, infinite,
//! zero or f64-denormal result, and accepts a finite one only when its rounding is the
//! correct one, so the rules of step 1 matter only for the lanes it rejects. F lanes into
//! F apply their bit rules first: the oracle's own kernels are defined off the special
//! values only.
//!
//! The fast path's one assumption is the platform libm's accuracy where it calls libm
//! (glibc publishes at most 2 ulps for these double functions; 16 f64 steps are allowed:
//! see `fast`). The oracle's own kernels and the exact path assume nothing of the platform
//! but IEEE 754 f64 arithmetic.
//!
//! ```
//! use visa_oracle::math::{unary, Unary};
//! use visa_oracle::softfloat::{Format, Rounding};
//! // log2(8.0f32) = 3 exactly, in every mode.
//! let r = unary(Unary::Log2, 8.0f32.to_bits() as u64, Format::F, Format::F, Rounding::Up);
//! assert_eq!(r, 3.0f32.to_bits() as u64);
//! // 1/3 in F rounded up is the float just above 0x3eaaaaaa.
//! let r = unary(Unary::Inv, 3.0f32.to_bits() as u64, Format::F, Format::F, Rounding::Up);
//! assert_eq!(r, 0x3eaa_aaab);
//! ```

mod approx;
mod dd;
mod exact;
mod fast;
mod refine;
mod series;
mod single;
mod trig;

#[cfg(test)]
mod testing;

pub use crate::softfloat::{Format, Rounding};

use exact::round_near;
use fast::{accept, widen, STEPS_EXACT_OP, STEPS_LIBM, STEPS_RSQRT};
use series::Trig;

/// A one-source function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// 1/x.
    Inv,
    /// sqrt(x).
    Sqrt,
    /// 1/sqrt(x).
    Rsqrt,
    /// log2(x).
    Log2,
    /// 2^x.
    Exp2,
    /// ln(x) (for the erratum reading of LOG as the natural log).
    Ln,
    /// e^x (for the erratum reading of EXP as e^x).
    Exp,
    /// sin(x), x in radians, any magnitude.
    Sin,
    /// cos(x), x in radians, any magnitude.
    Cos,
}

impl Unary {
    pub const ALL: [Unary; 9] = [
        Unary::Inv,
        Unary::Sqrt,
        Unary::Rsqrt,
        Unary::Log2,
        Unary::Exp2,
        Unary::Ln,
        Unary::Exp,
        Unary::Sin,
        Unary::Cos,
    ];
}

/// A two-source function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    /// x / y.
    Div,
    /// |x|^y: IEEE 754-2019 pow applied to |x| (POW's base loses its sign).
    PowAbs,
}

/// How one lane was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// A special-value or range rule.
    Special,
    /// The f64 evaluation, accepted by the boundary test (or settled by a residual's sign).
    Fast,
    /// The double-double step (`refine`), for a lane the f64 evaluation left undecided.
    Refined,
    /// The exact path.
    Exact,
}

/// f(x), correctly rounded into `dst`.
pub fn unary(f: Unary, x: u64, src: Format, dst: Format, rnd: Rounding) -> u64 {
    unary_lane(f, x, src, dst, rnd, true).0
}

/// f(x) by the exact path alone (the special rules, then never the f64 evaluation): the
/// reference the fast path is tested against.
pub fn unary_exact(f: Unary, x: u64, src: Format, dst: Format, rnd: Rounding) -> u64 {
    unary_lane(f, x, src, dst, rnd, false).0
}

/// f(x, y), correctly rounded into `dst`.
pub fn binary(f: Binary, x: u64, y: u64, src: Format, dst: Format, rnd: Rounding) -> u64 {
    binary_lane(f, x, y, src, dst, rnd, true).0
}

/// f(x, y) by the exact path alone.
pub fn binary_exact(f: Binary, x: u64, y: u64, src: Format, dst: Format, rnd: Rounding) -> u64 {
    binary_lane(f, x, y, src, dst, rnd, false).0
}

/// f over a slice of lanes (`out[i] = f(xs[i])`, over the shorter of the two slices).
/// Returns how many lanes took the exact path.
///
/// Each lane is evaluated in f64 first, before any special-value rule: a NaN, infinite,
/// zero or f64-denormal result is never accepted by the boundary test, and a finite result
/// it accepts is within the error bound of the true value, so its rounding is the answer
/// (the rules are shortcuts or fix such lanes). Rejected lanes take the whole scalar path.
pub fn unary_batch(
    f: Unary,
    src: Format,
    dst: Format,
    rnd: Rounding,
    xs: &[u64],
    out: &mut [u64],
) -> usize {
    if src == dst && rnd == Rounding::NearestEven && machine_batch(f, dst, xs, out) {
        return 0;
    }
    if src == Format::F && dst == Format::F {
        // An instruction's lanes (at most 32): the F lanes' own road. Longer slices of the
        // functions libm evaluates take the two-pass path below (f64 evaluations first,
        // then the branch-free test 64 lanes at a time), faster on long runs of ordinary
        // inputs; sin and cos keep their own kernel, faster than libm's anywhere.
        let long = xs.len().min(out.len()) >= 64 && !matches!(f, Unary::Sin | Unary::Cos);
        if !long {
            return single::unary(f, rnd, xs, out);
        }
    }
    if !fast_dst(dst) {
        return batch_scalar(f, src, dst, rnd, xs, out);
    }
    match f {
        Unary::Inv => batch_fast(f, |x| 1.0 / x, STEPS_EXACT_OP, src, dst, rnd, xs, out),
        Unary::Sqrt => batch_fast(f, f64::sqrt, STEPS_EXACT_OP, src, dst, rnd, xs, out),
        Unary::Rsqrt => batch_fast(f, |x| 1.0 / x.sqrt(), STEPS_RSQRT, src, dst, rnd, xs, out),
        Unary::Log2 => batch_fast(f, f64::log2, STEPS_LIBM, src, dst, rnd, xs, out),
        Unary::Exp2 => batch_fast(f, f64::exp2, STEPS_LIBM, src, dst, rnd, xs, out),
        Unary::Ln => batch_fast(f, f64::ln, STEPS_LIBM, src, dst, rnd, xs, out),
        Unary::Exp => batch_fast(f, f64::exp, STEPS_LIBM, src, dst, rnd, xs, out),
        Unary::Sin => batch_fast(f, f64::sin, STEPS_LIBM, src, dst, rnd, xs, out),
        Unary::Cos => batch_fast(f, f64::cos, STEPS_LIBM, src, dst, rnd, xs, out),
    }
}

/// 1/x and sqrt to nearest of DF lanes into DF or F lanes into F, when `f` is one of
/// them (returns whether it was): the machine's IEEE operations in that format are the
/// correctly rounded results, gradual underflow and special values included (IEEE
/// 754-2019 5.4.1, 6.1, 7.2); a NaN result becomes the default NaN.
fn machine_batch(f: Unary, fmt: Format, xs: &[u64], out: &mut [u64]) -> bool {
    fn each(xs: &[u64], out: &mut [u64], op: impl Fn(u64) -> u64) {
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = op(x);
        }
    }
    let df = |r: f64| {
        if r.is_nan() {
            Format::DF.default_nan()
        } else {
            r.to_bits()
        }
    };
    let f32_bits = |x: u64| f32::from_bits(x as u32);
    let sf = |r: f32| {
        if r.is_nan() {
            Format::F.default_nan()
        } else {
            u64::from(r.to_bits())
        }
    };
    match f {
        Unary::Inv if fmt == Format::DF => each(xs, out, |x| df(1.0 / f64::from_bits(x))),
        Unary::Sqrt if fmt == Format::DF => each(xs, out, |x| df(f64::from_bits(x).sqrt())),
        Unary::Inv if fmt == Format::F => each(xs, out, |x| sf(1.0 / f32_bits(x))),
        Unary::Sqrt if fmt == Format::F => each(xs, out, |x| sf(f32_bits(x).sqrt())),
        _ => return false,
    }
    true
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn batch_fast(
    f: Unary,
    eval: impl Fn(f64) -> f64,
    steps: u64,
    src: Format,
    dst: Format,
    rnd: Rounding,
    xs: &[u64],
    out: &mut [u64],
) -> usize {
    // The f64 evaluations into `out` (as f64 bits; vectorised for the IEEE operations),
    // then in place the boundary test and rounding, the rejected lanes taking the slower
    // paths one by one. No scratch buffer: the batches of an instruction are short (1 to
    // 32 lanes), where clearing one would cost as much as the lanes.
    let n = xs.len().min(out.len());
    let (xs, out) = (&xs[..n], &mut out[..n]);
    for (o, &x) in out.iter_mut().zip(xs) {
        *o = eval(widen(x, src)).to_bits();
    }
    let mut exact = 0;
    if dst != Format::F || n < 64 {
        // Another destination, or an instruction's lanes (at most 32): the test lane by
        // lane, a rejected lane taking the slower paths at once (edge-heavy inputs reject
        // many).
        for (o, &x) in out.iter_mut().zip(xs) {
            let r = f64::from_bits(*o);
            let decided = if dst == Format::F {
                let (b, good) = fast::round_f_normal(r, steps, rnd);
                good.then_some(b)
            } else {
                accept(r, steps, dst, rnd)
            };
            *o = match decided {
                Some(b) => b,
                None => {
                    let (v, took_exact) = rejected(f, x, r, steps, src, dst, rnd);
                    exact += usize::from(took_exact);
                    v
                }
            };
        }
        return exact;
    }
    // Long slices: the branch-free test and rounding of 64 lanes at a time (vectorisable),
    // the rejected lanes marked in a mask; then those lanes, evaluated again, by the slower
    // paths.
    for (oc, xc) in out.chunks_mut(64).zip(xs.chunks(64)) {
        let mut rejects = 0u64;
        for (k, o) in oc.iter_mut().enumerate() {
            let (b, good) = fast::round_f_normal(f64::from_bits(*o), steps, rnd);
            *o = b;
            rejects |= u64::from(!good) << k;
        }
        while rejects != 0 {
            let k = rejects.trailing_zeros() as usize;
            rejects &= rejects - 1;
            let r = eval(widen(xc[k], src));
            let (v, took_exact) = rejected(f, xc[k], r, steps, src, dst, rnd);
            oc[k] = v;
            exact += usize::from(took_exact);
        }
    }
    exact
}

/// A lane the boundary test rejected: the special values, the general boundary test (again,
/// for a destination other than F), the residual sign, then the scalar path. Returns the
/// bits and whether the exact path computed them.
#[inline(never)]
fn rejected(
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

fn batch_scalar(
    f: Unary,
    src: Format,
    dst: Format,
    rnd: Rounding,
    xs: &[u64],
    out: &mut [u64],
) -> usize {
    let mut exact = 0;
    for (o, &x) in out.iter_mut().zip(xs) {
        let (r, path) = unary_lane(f, x, src, dst, rnd, true);
        *o = r;
        exact += usize::from(path == Path::Exact);
    }
    exact
}

/// f over slices of lane pairs (over the shortest slice). Returns how many lanes took the
/// exact path. Evaluated in f64 first, like [`unary_batch`].
pub fn binary_batch(
    f: Binary,
    src: Format,
    dst: Format,
    rnd: Rounding,
    xs: &[u64],
    ys: &[u64],
    out: &mut [u64],
) -> usize {
    if f == Binary::PowAbs && src == Format::F && dst == Format::F {
        return single::pow_abs(rnd, xs, ys, out);
    }
    let mut exact = 0;
    let fast = fast_dst(dst);
    for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
        if f == Binary::PowAbs && (is_snan(x, src) || is_snan(y, src)) {
            // IEEE 754-2019 6.2: a signalling NaN gives NaN, even where a quiet one gives 1.
            *o = dst.default_nan();
            continue;
        }
        let mut r = f64::NAN;
        if fast {
            let (a, b) = (widen(x, src), widen(y, src));
            let steps;
            (r, steps) = match f {
                Binary::Div => (a / b, STEPS_EXACT_OP),
                Binary::PowAbs => (a.abs().powf(b), STEPS_LIBM),
            };
            if let Some(v) = accept(r, steps, dst, rnd) {
                *o = v;
                continue;
            }
        }
        let (v, took_exact) = binary_rejected(f, x, y, r, src, dst, rnd);
        *o = v;
        exact += usize::from(took_exact);
    }
    exact
}

/// A lane of f(x, y) the boundary test rejected, `r` its f64 evaluation (NaN for a
/// destination too wide for one): the special values, pow's range rules and the
/// double-double step, then the exact path. Returns the bits and whether the exact path
/// computed them. The signalling NaNs of pow are the caller's.
#[inline(never)]
fn binary_rejected(
    f: Binary,
    x: u64,
    y: u64,
    r: f64,
    src: Format,
    dst: Format,
    rnd: Rounding,
) -> (u64, bool) {
    let (a, b) = (widen(x, src), widen(y, src));
    if let Some(v) = special_binary(f, a, b, dst, rnd) {
        return (v, false);
    }
    if f == Binary::PowAbs && fast_dst(dst) {
        let decided = pow_far(a, b, r, dst, rnd).or_else(|| refine::binary(f, a, b, src, dst, rnd));
        if let Some(v) = decided {
            return (v, false);
        }
    }
    let (v, path) = binary_lane(f, x, y, src, dst, rnd, false);
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
fn pow_far(a: f64, b: f64, r: f64, dst: Format, rnd: Rounding) -> Option<u64> {
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
fn is_snan(bits: u64, fmt: Format) -> bool {
    fmt.is_nan(bits) && bits & fmt.quiet_bit() == 0
}

/// Whether `dst` is narrow enough for the f64 evaluation (k >= 12 spare bits).
#[inline]
fn fast_dst(dst: Format) -> bool {
    dst.mbits <= 40
}

/// 2^-968: the least x whose square-root residual x - r² is computed without underflow.
const SQRT_RESIDUAL_MIN: f64 = f64::from_bits((1023 - 968) << 52);

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
fn residual_side(f: Unary, x: f64, dst: Format, rnd: Rounding) -> Option<u64> {
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
fn overflow(dst: Format, rnd: Rounding) -> u64 {
    crate::softfloat::round_pack(false, 1u64, 20_000, dst, rnd)
}

/// The rounding of a positive value below half the smallest denormal (+0, or the smallest
/// denormal when rounding up).
fn tiny(dst: Format, rnd: Rounding) -> u64 {
    crate::softfloat::round_pack(false, 1u64, -20_000, dst, rnd)
}

/// A value of `dst` from an f64 that it represents exactly (1.0 and the like).
fn exact_value(v: f64, dst: Format) -> u64 {
    crate::softfloat::f64_to(v.to_bits(), dst, Rounding::NearestEven)
}

/// ln 2 rounded up, for range rules on e^x (every threshold is then on the safe side).
const LN2_UP: f64 = 0.693_148;

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
fn pow2(e: i64) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// sin x for |x| < 2^-h (see [`special_unary`]): the ends |x| (1 - 2^-(m+5)) (exact in
/// u128) and |x| nudged toward zero.
fn tiny_sin(x: f64, dst: Format, rnd: Rounding) -> Option<u64> {
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

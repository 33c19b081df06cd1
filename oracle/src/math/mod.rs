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
mod lane;
mod ops;
mod refine;
mod series;
mod single;
mod trig;

#[cfg(test)]
mod testing;

pub use crate::softfloat::{Format, Rounding};
pub use lane::{binary_lane, special_binary, special_unary, unary_lane};
pub use ops::{Binary, Path, Unary};

use fast::{accept, widen, STEPS_EXACT_OP, STEPS_LIBM, STEPS_RSQRT};
use lane::{fast_dst, is_snan, pow_far, rejected};

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

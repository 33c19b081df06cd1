//! The fast path: one f64 evaluation per lane and a test that the f64 result, widened by
//! its error bound, lies inside one rounding interval of the destination format.
//!
//! The bounds, in steps of the f64 grid (consecutive f64 values):
//! - `1.0 / x`, `x / y`, `x.sqrt()`: IEEE 754 correctly rounded operations, within half an
//!   ulp, so within 1 step.
//! - `1.0 / x.sqrt()`: two correctly rounded operations, relative error below 2^-52, so
//!   within 2 steps: we allow 4.
//! - `log2`, `exp2`, `ln`, `exp`, `sin`, `cos`, `powf`: std calls the platform's libm
//!   (glibc on Linux). glibc publishes the largest errors its test suite finds
//!   (`sysdeps/x86_64/fpu/libm-test-ulps`, the source of the manual's "Known Maximum Errors
//!   in Math Functions" table): for double in round-to-nearest, 1 ulp for sin, cos, exp,
//!   exp2, log and pow, 2 ulps for log2; sin and cos reduce large arguments exactly
//!   (Payne-Hanek style), and the figures hold at any argument. An error of 2 ulps of the
//!   true value is at most 4 steps (twice that when a binade boundary lies between r and
//!   the truth); we allow 16, a factor 4 above the published maximum. This is the one
//!   assumption of the fast path; a libm that broke it could make it return a wrong
//!   rounding near a boundary, which the exhaustive HF and sampled F tests against the
//!   exact path would show.

use crate::softfloat::{f64_to, Format, Rounding};

/// Error bound (f64 steps) of a correctly rounded f64 operation.
pub const STEPS_EXACT_OP: u64 = 1;
/// Error bound (f64 steps) of `1.0 / x.sqrt()`.
pub const STEPS_RSQRT: u64 = 4;
/// Error bound (f64 steps) assumed for the libm functions.
pub const STEPS_LIBM: u64 = 16;

const FRAC: u64 = (1 << 52) - 1;
const HIDDEN: u64 = 1 << 52;

/// The bits of `fmt` that every value within `steps` f64 steps of `r` rounds to, if they
/// all round alike; None when a rounding boundary may lie among them (or `r` is zero,
/// denormal, infinite or NaN in f64, left to the exact path).
///
/// The boundaries are the representable values of `fmt` (directed modes) or the midpoints
/// between them (to nearest). With k the number of bits of r's 53-bit mantissa below the
/// quantum of `fmt` at r's exponent (52 - mbits for a normal result, more for a denormal
/// one, capped at 62 where r is far below the smallest denormal), the directed boundaries
/// are where those k bits are all zero, the nearest ones where they read 100...0. r is safe
/// when its low bits t (shifted by half a quantum for nearest) satisfy steps < t < 2^k -
/// steps. Near a binade boundary the steps below a power of two are half as large, which
/// only shrinks the interval, and the quanta of the next binade are larger still.
#[inline]
pub fn accept(r: f64, steps: u64, dst: Format, rnd: Rounding) -> Option<u64> {
    let bits = r.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 || biased == 0x7ff {
        return None;
    }
    let e = biased - 1023;
    let emin = 1 - dst.bias();
    let k = (52 - dst.mbits as i32 + (emin - e).max(0)).min(62) as u32;
    let mask = (1u64 << k) - 1;
    let mut t = ((bits & FRAC) | HIDDEN) & mask;
    if rnd == Rounding::NearestEven {
        t ^= 1 << (k - 1);
    }
    if t.wrapping_sub(steps + 1) < mask - 2 * steps {
        Some(round(r, k, dst, rnd))
    } else {
        None
    }
}

/// [`accept`] for an F destination in the common case, branch-free: a result in F's
/// normal range, where the quantum is 29 mantissa bits. Returns the rounded bits and
/// whether the test passed (when it did not, the bits are meaningless and the caller runs
/// [`accept`] and then the exact path). Only 32-bit lane operations and the conversion, so
/// a chunk of lanes vectorises.
#[inline(always)]
pub fn round_f_normal(r: f64, steps: u64, rnd: Rounding) -> (u64, bool) {
    const K: u32 = 29;
    const MASK: u32 = (1 << K) - 1;
    let bits = r.to_bits();
    let hi = (bits >> 32) as u32;
    let biased = (hi >> 20) & 0x7ff;
    let normal = biased.wrapping_sub(1023 - 126) <= 253;
    let rne = rnd == Rounding::NearestEven;
    let t = ((bits as u32) & MASK) ^ (u32::from(rne) << (K - 1));
    let s = steps as u32;
    let inner = t.wrapping_sub(s + 1) < MASK - 2 * s;
    let neg = hi >> 31 != 0;
    let away = (rnd == Rounding::Up && !neg) | (rnd == Rounding::Down && neg);
    // Wrapping: for a NaN or infinite r (rejected) the sum may pass the top bit.
    let cut = (bits & !u64::from(MASK)).wrapping_add(u64::from(away) << K);
    let v = if rne { r } else { f64::from_bits(cut) };
    (u64::from((v as f32).to_bits()), normal & inner)
}

/// Rounds into `dst` a value y known only by an f64 value `b` of the half-quantum grid of
/// `dst` near it (or any f64 value, for a DF destination, whose quantum is the f64 step)
/// and the side of `b` it lies on (`side`: the sign of y - b), when y is within a few f64
/// steps of `b` (far less than half a quantum of `dst`). `b` must be a normal f64.
///
/// With y = b the rounding of b is exact. Otherwise y lies strictly between b and the
/// next grid point on its side, where no rounding boundary is: it rounds as `b` moved one
/// f64 step toward it does (that value is no boundary either, the grid being at least 4
/// steps wide for F and HF). For DF the boundaries are the f64 values themselves: to
/// nearest y rounds to b (half a step away at most, by the caller's bound); directed, to b
/// or its neighbour on y's side, as the mode's direction says.
pub fn round_beside(b: f64, side: std::cmp::Ordering, dst: Format, rnd: Rounding) -> u64 {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let bits = b.to_bits();
    // A step of the magnitude toward y: up when y > b for a positive b.
    let toward = |bits: u64| match (side, b > 0.0) {
        (Greater, true) | (Less, false) => bits + 1,
        _ => bits - 1,
    };
    if side == Equal {
        return f64_to(bits, dst, rnd);
    }
    if dst.mbits < 52 {
        return f64_to(toward(bits), dst, rnd);
    }
    let up = side == Greater;
    let keep = match rnd {
        Rounding::NearestEven => true,
        Rounding::Up => !up,
        Rounding::Down => up,
        // Toward zero: y beyond b in magnitude rounds back to b.
        Rounding::Zero => (b > 0.0) == up,
    };
    f64_to(if keep { bits } else { toward(bits) }, dst, rnd)
}

/// Rounds an f64 value that [`accept`] found strictly inside a rounding interval into `dst`.
/// For F it is the hardware conversion to nearest, or for directed modes the value cut to
/// its F quantum (clearing the k low bits of the f64 mantissa) plus one quantum when
/// rounding away from zero: both exactly representable, so the conversion is exact (or
/// overflows to infinity exactly when the mode rounds past the largest finite value).
#[inline]
fn round(r: f64, k: u32, dst: Format, rnd: Rounding) -> u64 {
    if dst == Format::F {
        if rnd == Rounding::NearestEven {
            return u64::from((r as f32).to_bits());
        }
        let bits = r.to_bits();
        // Below the F range or above it the general rounding decides (rare).
        let biased = (bits >> 52) & 0x7ff;
        if k <= 52 && biased <= 1023 + 127 {
            let neg = bits >> 63 != 0;
            let cut = bits & !((1u64 << k) - 1);
            let away = (rnd == Rounding::Up && !neg) | (rnd == Rounding::Down && neg);
            let v = cut + (u64::from(away) << k);
            return u64::from((f64::from_bits(v) as f32).to_bits());
        }
    }
    f64_to(r.to_bits(), dst, rnd)
}

/// The widening of a lane of `src` to f64 (exact).
#[inline]
pub fn widen(x: u64, src: Format) -> f64 {
    if src == Format::F {
        f64::from(f32::from_bits(x as u32))
    } else {
        f64::from_bits(crate::softfloat::to_f64_bits(x, src))
    }
}

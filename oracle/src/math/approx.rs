//! log2 and 2^w in plain f64 arithmetic, by the tables of the double-double step (their
//! high parts) and short polynomials: the f64 evaluation of the F lanes of log2, 2^x and
//! |x|^y = 2^(y log2 |x|), with the error bounds below. No library calls and no fused
//! multiply-add, so every lane takes the same few dozen operations (a pow lane about half
//! the time of the platform's f64 pow).
//!
//! Errors, in units u = 2^-53 of the value they apply to:
//!
//! - log2 x (x of at most 24 significant bits, as in `refine`): x = 2^e m, u' = m r_i - 1
//!   exact with |u'| < 2^-7, log2 x = e' + L_i + log2(1 + u'). p = ln(1 + u') log2 e by its
//!   Taylor series to u'^7 (truncation below 2^-52 |u'|, u/2) by Estrin's scheme (3u),
//!   times log2 e rounded (2u): within 6u |p|. L_i rounded to f64: within u/2 (|L_i| <=
//!   1/2). s = e' + L_i and l = s + p, each rounded once. So |l - log2 x| <= u (0.58 +
//!   2 |l|), with |p| <= 0.0113. Where L_i = 0 and e' = 0, l = p rounded: within 7u |l|.
//!   Otherwise |l| >= 0.0056 (the smallest |log2 m| of a nonzero entry), so within
//!   106u |l| < 2^-46 |l|.
//! - w = y l rounded, for y an f64: |w - y log2 x| < 2^-45 |w|.
//! - 2^w: w = N/64 + f (|f| <= 1/128, exact), 2^w = 2^n 2^(j/64) e^t with t = f ln 2
//!   (within 2u |t|, |t| < 0.0055). e^t by its Taylor series to t^5 (truncation below
//!   2^-54, u/2) by Estrin's scheme (3u), times the entry 2^(j/64) rounded (u) and
//!   rounded (u): within 6u relative.
//!
//! For |x|^y with |w| < 151 (every result in F's range), the value 2^w is off by a factor
//! 2^(2^-45 151) < 1 + 2^-38.2 from the truth, and the evaluation adds 6u: within
//! 2^-38.1 relative, 2^14.9 f64 steps. [`STEPS_POW`] allows 2^17.

use super::refine::Tables;

/// Error bound (f64 steps) of [`log2`]: 106u relative is at most 106 steps; 4 times that
/// and more.
pub const STEPS_LOG2: u64 = 512;

/// Error bound (f64 steps) of [`exp2`] of an exact argument: 6u relative is at most 6
/// steps; 4 times that and more.
pub const STEPS_EXP2: u64 = 32;

/// Error bound (f64 steps) of [`pow_abs`] for a result in F's range.
pub const STEPS_POW: u64 = 1 << 17;

/// The bound on the relative error of `w` in [`pow_abs`]: 2^-45.
pub const W_REL: f64 = f64::from_bits((1023 - 45) << 52);

/// (-1)^(k+1) / k for k = 1..7: ln(1 + u) = u (1 - u/2 + u^2/3 - ...).
const LN1P: [f64; 7] = [
    1.0,
    -1.0 / 2.0,
    1.0 / 3.0,
    -1.0 / 4.0,
    1.0 / 5.0,
    -1.0 / 6.0,
    1.0 / 7.0,
];

/// 1/k! for k = 0..5.
const EXP: [f64; 6] = [1.0, 1.0, 1.0 / 2.0, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0];

/// log2 x for a positive finite x of at most 24 significant bits (see the module's bound).
#[inline(always)]
pub fn log2(t: &Tables, x: f64) -> f64 {
    let (e, entry, u) = super::refine::log2_reduce(t, x);
    // Q(u) = 1 - u/2 + u^2/3 - ... + u^6/7 by Estrin's scheme (short dependency chains).
    let c = LN1P;
    let u2 = u * u;
    let u4 = u2 * u2;
    let q = (c[0] + c[1] * u + u2 * (c[2] + c[3] * u)) + u4 * ((c[4] + c[5] * u) + u2 * c[6]);
    let p = (u * t.log2e.hi) * q;
    (f64::from(e) + entry.hi) + p
}

/// 2^w for |w| <= 2000 (see the module's bound; a w far outside F's range gives some
/// value outside it).
#[inline(always)]
pub fn exp2(t: &Tables, w: f64) -> f64 {
    const ROUND: f64 = 6_755_399_441_055_744.0; // 1.5 2^52
    let big_n = (w * 64.0 + ROUND) - ROUND;
    let f = w - big_n / 64.0;
    let n = big_n as i64;
    let (j, n) = ((n & 63) as usize, (n >> 6).clamp(-1000, 1000));
    let tt = f * t.ln2.hi;
    // e^t = 1 + t + t^2/2 + ... + t^5/120 by Estrin's scheme.
    let c = EXP;
    let t2 = tt * tt;
    let q = (c[0] + c[1] * tt) + t2 * ((c[2] + c[3] * tt) + t2 * (c[4] + c[5] * tt));
    let scale = f64::from_bits(((1023 + n) as u64) << 52);
    (t.exp2[j].hi * scale) * q
}

/// |x|^y for finite nonzero F values x and y, |x| not 1: the value (within [`STEPS_POW`]
/// steps when it is in F's range) and w = y log2 |x| (within [`W_REL`] relative).
#[inline(always)]
pub fn pow_abs(t: &Tables, a: f64, y: f64) -> (f64, f64) {
    let w = y * log2(t, a);
    (exp2(t, w.clamp(-2000.0, 2000.0)), w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::dd::Dd;
    use crate::math::refine;
    use crate::math::testing::xorshift;

    /// |a - b| / |b|, with b the double-double reference (within 2^-77 or better).
    fn rel(a: f64, b: Dd) -> f64 {
        ((a - b.hi) - b.lo).abs() / b.hi.abs()
    }

    #[test]
    fn log2_exp2_and_pow_keep_their_bounds() {
        let mut next = xorshift(0x1405_7b7e_f767_814f);
        let u = f64::EPSILON / 2.0;
        let mut worst = [0.0f64; 3];
        for k in 0..200_000 {
            // Positive F values (normal and denormal) and, every 8th, one next to 1.
            let bits = if k % 8 == 0 {
                0x3f80_0000u32
                    .wrapping_add((next() % 0x2_0000) as u32)
                    .wrapping_sub(0x1_0000)
            } else {
                (next() % 0x7f80_0000) as u32 | 1
            };
            let x = f64::from(f32::from_bits(bits));
            let t = refine::tables();
            let l = log2(t, x);
            let want = refine::log2(x);
            let bound = if l.abs() >= 0.0056 {
                106.0 * u
            } else {
                7.0 * u
            };
            let e = rel(l, want);
            assert!(e <= bound, "log2({x:e}): {e:e}");
            worst[0] = worst[0].max(e / u);
            // 2^w over w in (-151, 151).
            let w = (next() % 302_000) as f64 / 1000.0 - 151.0 + f64::from(bits) * 1e-12;
            let e = rel(exp2(t, w), refine::exp2(Dd::from(w)));
            assert!(e <= 6.0 * u, "exp2({w:e}): {e:e}");
            worst[1] = worst[1].max(e / u);
            // |x|^y with y drawn so that |w| < 151.
            let y = f64::from(((next() % 20_000) as f32 - 10_000.0) / 64.0);
            let (r, w) = pow_abs(t, x, y);
            if x == 1.0 || y == 0.0 || w.abs() >= 150.0 {
                continue;
            }
            let want_w = refine::log2(x).mul_f64(y);
            assert!(rel(w, want_w) <= W_REL, "w of {x:e}^{y:e}");
            let want = refine::exp2(want_w);
            let e = rel(r, want);
            assert!(
                e * 2f64.powi(53) <= STEPS_POW as f64 / 4.0,
                "{x:e}^{y:e}: {e:e}"
            );
            worst[2] = worst[2].max(e / u);
        }
        // The bounds are not vacuous: the errors come within a factor 2^10 of them.
        assert!(
            worst[0] > 0.1 && worst[1] > 0.5 && worst[2] > 16.0,
            "{worst:?}"
        );
    }
}

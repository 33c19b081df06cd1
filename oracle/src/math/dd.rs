//! Double-double arithmetic (a value as an unevaluated sum hi + lo of two f64, about 106
//! bits) and the rounding of such a value, known within a relative error bound, into F.
//!
//! The second step of the F lanes (`refine`, `trig`) evaluates in it the lanes whose f64
//! evaluation lies too close to a rounding boundary: a hard-to-round F input needs some 60
//! bits, far fewer than the exact path's first multi-precision round gives, at a fraction
//! of its cost.
//!
//! The algorithms and their bounds are those of Joldes, Muller and Popescu, "Tight and
//! rigorous error bounds for basic building blocks of double-word arithmetic", ACM TOMS
//! 44(2), 2017 (u = 2^-53): the sum of two double-doubles (their Algorithm 6) within
//! 3u^2 / (1 - 4u) of the exact sum, relative; a double-double plus an f64 (Algorithm 4)
//! within 2u^2; a double-double times an f64 (Algorithm 9, the product's error term by
//! Dekker's exact product) within 3u^2; a product of double-doubles (Algorithm 12's order,
//! its two fused multiply-adds computed as a product and a sum) within 7u^2 (the paper's
//! 5u^2 for the fused version, plus one rounding of each replaced operation, at most u
//! of a term below u |xy|). The functions built on them count 2^-100 relative for each
//! operation, which covers every one of these bounds (the largest, 7u^2, is below 2^-103)
//! with room to spare.

use num_bigint::BigInt;

use super::fast;
use crate::softfloat::{Format, Rounding};

/// A double-double: the value hi + lo, with |lo| at most half an ulp of hi.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

/// 2^27 + 1: Veltkamp's splitting constant for f64.
#[cfg(not(target_feature = "fma"))]
const SPLIT: f64 = 134_217_729.0;

/// a + b exactly as a double-double, for |a| >= |b| (or a = 0) (Dekker's Fast2Sum).
#[inline(always)]
pub fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let z = s - a;
    Dd { hi: s, lo: b - z }
}

/// a + b exactly as a double-double, any order (Knuth's 2Sum).
#[inline(always)]
pub fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let a1 = s - b;
    let b1 = s - a1;
    Dd {
        hi: s,
        lo: (a - a1) + (b - b1),
    }
}

/// a split into a high half of 26 bits and the rest (Veltkamp), for |a| < 2^996.
#[cfg(not(target_feature = "fma"))]
#[inline(always)]
fn split(a: f64) -> (f64, f64) {
    let g = SPLIT * a;
    let d = a - g;
    let hi = g + d;
    (hi, a - hi)
}

/// a * b exactly as a double-double (Dekker's product; a fused multiply-add where the
/// target has one), when neither the product nor its error term underflows.
#[inline(always)]
pub fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    #[cfg(target_feature = "fma")]
    let lo = a.mul_add(b, -p);
    #[cfg(not(target_feature = "fma"))]
    let lo = {
        let (ah, al) = split(a);
        let (bh, bl) = split(b);
        ((ah * bh - p) + ah * bl + al * bh) + al * bl
    };
    Dd { hi: p, lo }
}

impl Dd {
    /// An f64 as a double-double.
    #[inline(always)]
    pub const fn from(a: f64) -> Dd {
        Dd { hi: a, lo: 0.0 }
    }

    /// self + b (Algorithm 6).
    #[inline(always)]
    pub fn add(self, b: Dd) -> Dd {
        let s = two_sum(self.hi, b.hi);
        let t = two_sum(self.lo, b.lo);
        let v = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(v.hi, t.lo + v.lo)
    }

    /// self + b for an f64 b (Algorithm 4).
    #[inline(always)]
    pub fn add_f64(self, b: f64) -> Dd {
        let s = two_sum(self.hi, b);
        fast_two_sum(s.hi, self.lo + s.lo)
    }

    /// self * b for an f64 b (Algorithm 9).
    #[inline(always)]
    pub fn mul_f64(self, b: f64) -> Dd {
        let c = two_prod(self.hi, b);
        let t = fast_two_sum(c.hi, self.lo * b);
        fast_two_sum(t.hi, t.lo + c.lo)
    }

    /// self * b (Algorithm 12's order).
    #[inline(always)]
    pub fn mul(self, b: Dd) -> Dd {
        let c = two_prod(self.hi, b.hi);
        let t = self.hi * b.lo + self.lo * b.hi;
        fast_two_sum(c.hi, c.lo + t)
    }

    /// -self.
    #[inline(always)]
    pub fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    /// self * 2^n, exact while both parts stay normal.
    #[inline(always)]
    pub fn scale(self, n: i32) -> Dd {
        let p = f64::from_bits(((1023 + n) as u64) << 52);
        Dd {
            hi: self.hi * p,
            lo: self.lo * p,
        }
    }
}

/// The double-double nearest (within 2^-110 relative) to `v * 2^-scale`, for a value
/// of at least 64 bits (`v.bits() >= 64`, the tables' entries at their scale): hi its
/// f64 estimate, lo the f64 estimate of the exact remainder.
pub fn from_fixed(v: &BigInt, scale: u64) -> Dd {
    let hi = super::series::to_f64_scaled(v, scale);
    if hi == 0.0 {
        return Dd::from(0.0);
    }
    let (neg, m, e) = super::exact::unpack(hi);
    // hi = m 2^e exactly, at scale `scale` an integer when e + scale >= 0 (it is: hi has 53
    // bits and v at least 64).
    let shift = e + scale as i64;
    let hi_fixed = if shift >= 0 {
        BigInt::from(m) << shift as u64
    } else {
        BigInt::from(m >> (-shift).min(63) as u32)
    };
    let hi_fixed = if neg { -hi_fixed } else { hi_fixed };
    let rem = v - hi_fixed;
    let lo = super::series::to_f64_scaled(&rem, scale);
    fast_two_sum(hi, lo)
}

/// The F bits every value within `rel` (relative, of |v.hi|) of v rounds to under `rnd`,
/// if they all round alike; None otherwise, or when v.hi is outside F's range (at least
/// 2^-149, below 2^128).
///
/// Far from a rounding boundary (more than 2 f64 steps) v.hi decides (|v.lo| is at most
/// half a step, the error far less). Near one, B, the exact difference v.hi - B plus v.lo
/// gives the side of v (its sign survives the one rounding of that sum); it decides when
/// its magnitude exceeds twice the error, and the result is B nudged to that side.
pub fn round_f(v: Dd, rel: f64, rnd: Rounding) -> Option<u64> {
    let bits = v.hi.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if !(1023 - 149..=1023 + 127).contains(&biased) {
        return None;
    }
    // The f64 bits below F's quantum at v.hi: 29 for a normal F value, up to 52 for the
    // smallest denormal's binade.
    let k = (29 + (1023 - 126 - biased).max(0)) as u32;
    if let Some(b) = fast::accept(v.hi, 2, Format::F, rnd) {
        return Some(b);
    }
    let sign = bits & (1 << 63);
    let mag = bits & !(1 << 63);
    let half = 1u64 << (k - 1);
    let boundary = if rnd == Rounding::NearestEven {
        (mag & !((1 << k) - 1)) | half
    } else {
        (mag + half) & !((1 << k) - 1)
    };
    let b = f64::from_bits(sign | boundary);
    let s = (v.hi - b) + v.lo;
    if s.abs() <= 2.0 * rel * v.hi.abs() {
        return None;
    }
    Some(fast::round_beside(b, s.partial_cmp(&0.0)?, Format::F, rnd))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::testing::xorshift;

    /// An exact dyadic value of a double-double, as an integer at scale 2200.
    fn fixed(v: Dd) -> BigInt {
        let part = |a: f64| {
            if a == 0.0 {
                return BigInt::from(0);
            }
            let (neg, m, e) = super::super::exact::unpack(a);
            let i = BigInt::from(m) << (e + 2200) as u64;
            if neg {
                -i
            } else {
                i
            }
        };
        part(v.hi) + part(v.lo)
    }

    /// |got - want| <= bound * |want|, exactly.
    fn within(got: BigInt, want: BigInt, bound_log2: i64) -> bool {
        let diff = (got - &want).magnitude().clone();
        diff << (-bound_log2) as u64 <= *want.magnitude()
    }

    #[test]
    fn the_operations_keep_their_bounds() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut dd = || {
            let e = 1013 + next() % 20;
            let sign = if next() & 1 == 0 { 1.0 } else { -1.0 };
            let hi = f64::from_bits((next() >> 12) | (e << 52)) * sign;
            let frac = f64::from((next() >> 40) as u32) / 16_777_216.0 - 0.5;
            fast_two_sum(hi, hi * 2f64.powi(-54) * frac)
        };
        for _ in 0..20_000 {
            let (a, b) = (dd(), dd());
            let c = b.hi;
            assert!(
                within(fixed(a.add(b)), fixed(a) + fixed(b), -100),
                "{a:?} + {b:?}"
            );
            let sum = fixed(a) + fixed(Dd::from(c));
            assert!(within(fixed(a.add_f64(c)), sum, -100), "{a:?} + {c:?}");
            // Products of two values at scale 2200 are at scale 4400.
            let got = fixed(a.mul(b)) << 2200u32;
            assert!(within(got, fixed(a) * fixed(b), -100), "{a:?} * {b:?}");
            let got = fixed(a.mul_f64(c)) << 2200u32;
            assert!(
                within(got, fixed(a) * fixed(Dd::from(c)), -100),
                "{a:?} * {c:?}"
            );
            let p = two_prod(a.hi, c);
            assert_eq!(
                fixed(p) << 2200u32,
                fixed(Dd::from(a.hi)) * fixed(Dd::from(c))
            );
        }
    }

    /// Values a few f64 steps from an F rounding boundary, with a low part and an error
    /// bound: when `round_f` decides, it gives the rounding of every value in the
    /// enclosure (checked at both ends by the exact rounding).
    #[test]
    fn round_f_decides_only_what_the_enclosure_decides() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let modes = [
            Rounding::NearestEven,
            Rounding::Up,
            Rounding::Down,
            Rounding::Zero,
        ];
        let mut decided = 0;
        for _ in 0..50_000 {
            let e = 1023 - 149 + next() % 277;
            let k = 29 + (1023 - 126u64).saturating_sub(e);
            let base = (e << 52) | (next() & ((1 << 52) - 1) & !((1 << k) - 1));
            let off = (next() % 9) as i64 - 4;
            let half = if next() & 1 == 0 { 0 } else { 1 << (k - 1) };
            let sign = (next() & 1) << 63;
            let hi = f64::from_bits(sign | (base + half).wrapping_add_signed(off));
            let frac = f64::from((next() >> 40) as u32) / 16_777_216.0 - 0.5;
            let v = fast_two_sum(hi, hi * 2f64.powi(-53) * frac);
            let rel = 2f64.powi(-(60 + (next() % 40) as i32));
            let rnd = modes[(next() % 4) as usize];
            let Some(got) = round_f(v, rel, rnd) else {
                continue;
            };
            decided += 1;
            let centre = fixed(v);
            let err = centre.magnitude() >> (-(rel.log2() as i64)) as u64;
            for end in [
                &centre - BigInt::from(err.clone()),
                &centre + BigInt::from(err),
            ] {
                let want = super::super::exact::round_dyadic(
                    end.sign() == num_bigint::Sign::Minus,
                    end.magnitude(),
                    -2200,
                    0,
                    Format::F,
                    rnd,
                );
                assert_eq!(got, want, "{v:?} rel {rel:e} {rnd:?}");
            }
        }
        assert!(decided > 40_000, "{decided}");
    }
}

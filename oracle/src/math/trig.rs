//! sin and cos of F inputs: the f64 kernel of the F lanes (`single`) and their
//! double-double second step (`dd`), both built on one table-driven reduction.
//!
//! ## Method
//! For a finite F value x, sin x and cos x = sin(x + π/2) are both values
//! v = sin(jπ/256 + ρ), where k is the integer nearest x·256/π, ρ = x - kπ/256, and j = k
//! for sin, k + 128 for cos, modulo 512. Then
//!
//!   v = S_j cos ρ + C_j sin ρ,   S_j = sin(jπ/256),   C_j = cos(jπ/256) = S_(j+128),
//!
//! the entries read from one table of 512 values (the table-driven method of Tang, "Table
//! lookup algorithms for elementary functions and their error analysis", ARITH 10, 1991).
//! The table takes the place of a quadrant selection and keeps |ρ| <= π/512 (1 + 2^-25),
//! below 0.00614, where short Taylor polynomials suffice.
//!
//! Below [`LIMIT`] = 2^20, k is x·(256/π) rounded to an integer by adding and removing
//! 1.5·2^52 (where the f64 quantum is 1; no library rint), and the low bits of the sum are
//! k's, so j costs an integer addition. With 256/π rounded to f64 (within 2^-53.8) and
//! |x| < 2^20, x·256/π lies within 1/2 + 2^-26 of k. ρ is Cody and Waite's reduction with
//! the constant split in parts: π/256 = P1 + P2 + P3 + P4 + τ4, P1 and P2 of 26
//! significant bits (so that k·P1 and k·P2 are exact: |k| < 2^26.35 has at most 27 bits),
//! P3 and P4 of 53, |π/256 - P1 - P2 - P3| below 2^-116, |τ4| below 2^-170. x - k·P1 is
//! exact: for k != 0 both are multiples of 2^-32 (|x| > 2^-8) and their difference is
//! below 2^-6.
//!
//! From 2^20 up, y = x·256/π modulo 512 is computed in integer arithmetic, as Payne and
//! Hanek proposed ("Radian reduction for trigonometric functions", SIGNUM Newsletter 18,
//! 1983): |x| = m 2^e with m below 2^24 and e at most 104, and only the bits of 1/π of
//! weight 2^-e to 2^-(e+64W-1) matter, W words of them, so that m times that window, modulo
//! 2^(64W), is y in fixed point with 64W - 9 fraction bits, short by less than
//! 2^(33-64W), and negated for a negative x (see `turns`). The nearest integer K to y
//! gives j, and φ = y - K gives ρ = φ π/256. The kernel takes W = 2, the double-double step W = 3.
//!
//! Two facts turn absolute errors into relative ones.
//! - |ρ| <= (1 + 2^-15) |v|: where j is a multiple of 256, v = ±sin ρ; elsewhere jπ/256
//!   is at least π/256 from every multiple of π, so |v| >= sin(π/512 (1 - 2^-25)) while
//!   |ρ| <= π/512 (1 + 2^-25). Hence also |S_j| <= |v| + |ρ| <= 2.0001 |v| (sin is
//!   1-Lipschitz) and |v - S_j| <= |ρ|.
//! - Where k != 0, |v| >= r_min (1 - 2^-17), with r_min = 1.6148e-9 (above 2^-29.21) the
//!   smallest |x - mπ/2| over the F values 2^-14 <= x < 2^128 and integers m >= 1 (at
//!   x = 7.729179e28, bits `0x6f79be45`; below 2^20 it is 4.1857e-9, at 252.89821). A
//!   search over every such x found it (the exhaustive test checks it again); it is of the
//!   size Muller's "Elementary Functions: Algorithms and Implementation" predicts for the
//!   worst cases of additive reduction. Where j is not a multiple of 256, |v| >= 0.0061
//!   anyway; for k = 0, ρ = x is exact.
//!
//! ## The f64 kernel
//! r the f64 estimate of ρ, z = r·r, sin r = r + r·z·(z/120 - 1/6) and cos r - 1 =
//! z·(z/24 - 1/2), v = S_j + (S_j·(cos r - 1) + C_j·sin r), S_j and C_j the nearest f64
//! values. No library call and no fused multiply-add: a score of operations and two loads,
//! the same for every lane below 2^20. In units u = 2^-53 of |v|:
//! - reduction below 2^20, r = ((x - k·P1) - k·P2) - k·P3: |r - ρ| is at most
//!   u |x - k·P1 - k·P2| + u |k·P3| + u |r| + |k| 2^-116 <= 2u |ρ| + 2^-86.3
//!   (|k·P3| < 2^-34.5), so 2.07u (the constant part is 2^-57.1 of r_min). From 2^20 up:
//!   φ within 2^-95 from the window and 2^-117 from the bits dropped, then φ's high word
//!   rounded, the sum with the low part, π/256 rounded and the product: 4u |ρ| +
//!   2^-101.3, so 4.01u. v moves by at most as much (it is 1-Lipschitz in ρ).
//! - S_j rounded: 2.0002u. S_j·(cos r - 1): the truncated term r^6/6! <= 0.67u times
//!   |S_j| <= 2.0001 |v| gives 1.35u; the evaluation of a term below 2^-14.7 |v| adds under
//!   0.001u.
//! - C_j·sin r: the truncated term |r|^7/7! <= 0.096u |r|, the evaluation of the term
//!   r·z·(...) (below 2^-17.2 |r|, within 6u) and its sum's rounding (u |r|) give 1.1u;
//!   C_j rounded 1.0001u; the product's rounding 1.0002u.
//! - the two sums' roundings: u |v - S_j| <= 1.0002u and u |v| (1 + 13u).
//!
//! In all at most 12.5u |v|, so the result is within 13 f64 steps of v (a relative error
//! e is at most e/u steps of the result's binade). [`STEPS_TRIG`] allows 64, about 5 times
//! that.
//!
//! ## The double-double step
//! The same j; ρ below 2^20 as the exact double-double x - k·P1 - k·P2 plus the exact
//! product -k·P3 (Dekker) and the rounded -k·P4, two operations; from 2^20 up, φ from the
//! 128 bits below y's integer part, exactly as three f64 values summed in one operation,
//! times π/256 in double-double. Then z = r·r; sin r = r (1 + z·P_3(z)) and
//! cos r - 1 = z·P_2(z) with P_m(z) = -1/m! + z/(m+2)! - z^2/(m+4)! + z^3/(m+6)! -
//! z^4/(m+8)!, the first two coefficients in double-double and the other terms, from
//! z^2/(m+4)! on, in f64 (times z.hi, within 5u; below 2^-19.6 of the second term and
//! 2^-37.9 of P_m); then v = S_j + (S_j·(cos r - 1) + C_j·sin r) with double-double
//! entries. With ε = 2^-100 per operation
//! (`dd`'s count), relative to |v|:
//! - reduction: below 2^20, 2ε |ρ| from the two sums plus |k·P4| u + |k τ4| < 2^-142.2;
//!   from 2^20 up, φ within 2^-128 (the bits dropped; the window's error is 2^-159), the
//!   sum, and the product with π/256 (within 2^-109): 2.01ε |ρ| + 2^-134.3. At most 2.05ε.
//! - sin r: truncation below 2^-120 |r|; the f64 terms within 5u of a part below 2^-39 of
//!   P_3, so 2^-89.8 of it; z, the product and the sum 1 + z·P_3 (relative to a value
//!   near 1), and the last product: 2.001ε. Times C_j (within 2^-109): 2.003ε, with the
//!   product's ε: 3.003ε.
//! - cos r - 1: truncation below 2^-117; within 3ε + 2^-88.6 relative (the f64 terms), a
//!   value below 2^-15.7 times |S_j| <= 2.0001 |v|: below 0.3ε.
//! - the two sums: ε |v - S_j| and ε |v|; S_j within 2^-109 relative: 2.003ε.
//!
//! In all below 7.4ε < 2^-97. [`TRIG_DD_REL`] = 2^-90: the hardest F inputs of sin and cos
//! lie some 2^-60 from a rounding boundary (relative), far outside it.
//!
//! ## The table
//! The entries of the first quadrant, sin(iπ/256) for 0 < i < 128, from the exact path's
//! multi-precision series (`series`): θ = iπ/256 at 208 bits, split as d + δ with d its
//! leading 64 bits (a dyadic the series takes) and 0 <= δ < 2^-63; sin θ = sin d + δ cos d
//! within δ²/2 < 2^-127, the series' own errors far smaller. As double-double
//! (`dd::from_fixed`) every entry is within 2^-109 of sin θ, relative, and its high part is
//! the nearest f64 to within a hair (|Ŝ - S| <= u |S| (1 + 2^-50)). The other quadrants by
//! symmetry, with exact zeros and ones at the multiples of π/2.

use std::sync::OnceLock;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::dd::{self, two_prod, two_sum, Dd};
use super::series::{self, Trig};

/// Where the reductions meet: Cody and Waite's below 2^20, the integer one from there up.
pub(super) const LIMIT: f64 = 1_048_576.0;
/// 2^128: every finite F value lies below.
const F_END: f64 = f64::from_bits((1023 + 128) << 52);

/// Error bound (f64 steps) of [`sin_f`] and [`cos_f`] for a finite F input (the module's
/// derivation gives 13).
pub(super) const STEPS_TRIG: u64 = 64;

/// Relative error bound of [`sin_cos_dd`] (2^-90; the derivation gives 2^-97).
pub(super) const TRIG_DD_REL: f64 = f64::from_bits((1023 - 90) << 52);

/// Table points per period: S_j = sin(2πj/N).
const N: usize = 512;

/// 1.5·2^52: added and removed, rounds a value below 2^51 to an integer.
const ROUND: f64 = 6_755_399_441_055_744.0;
/// 256/π, rounded (81.487...).
const INV_STEP: f64 = f64::from_bits(0x4054_5f30_6dc9_c883);
/// π/256 = P1 + P2 + P3 + P4 + τ4: P1 and P2 of 26 significant bits, P3 and P4 of 53.
const P1: f64 = f64::from_bits(0x3f89_21fb_5800_0000);
const P2: f64 = f64::from_bits(0xbddd_de97_4000_0000);
const P3: f64 = f64::from_bits(0x3c21_a626_3314_5c07);
const P4: f64 = f64::from_bits(0xb8af_1976_b7ed_8fbc);
/// π/256·2^-64, rounded: φ·2^64 to ρ.
const STEP_2_64: f64 = f64::from_bits(0x3f89_21fb_5444_2d18 - (64 << 52));

/// 1/π in binary: floor(2^320/π) in words 1 to 5 (most significant first), the bits of
/// weight 2^-1 to 2^-320, after a zero word 0 (weights 2^63 to 2^0).
const INV_PI: [u64; 6] = [
    0,
    0x517c_c1b7_2722_0a94,
    0xfe13_abe8_fa9a_6ee0,
    0x6db1_4acc_9e21_c820,
    0xff28_b1d5_ef5d_e2b0,
    0xdb92_371d_2126_e970,
];

/// 1/k! for k < 12, each rounded once (k! is exact).
const INV_FACT: [f64; 12] = {
    let mut v = [1.0; 12];
    let mut f = 1.0;
    let mut k = 1;
    while k < 12 {
        f *= k as f64;
        v[k] = 1.0 / f;
        k += 1;
    }
    v
};

/// The table and the double-double constants, built once.
struct Tables {
    /// S_j, j < N: the high parts (the nearest f64 values) and the low parts.
    hi: [f64; N],
    lo: [f64; N],
    /// 1/k! for k < 6, in double-double.
    inv_fact: [Dd; 6],
    /// π/256 in double-double.
    step: Dd,
}

impl Tables {
    /// S_j in double-double (j taken modulo N).
    #[inline(always)]
    fn entry(&self, j: usize) -> Dd {
        let j = j % N;
        Dd {
            hi: self.hi[j],
            lo: self.lo[j],
        }
    }
}

/// Scale (bits) at which the table is computed.
const TABLE_BITS: u64 = 208;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let w = TABLE_BITS;
        let pi = BigInt::from(series::pi(w));
        // sin(iπ/256) for i <= 128, as double-double.
        let quadrant: Vec<Dd> = (0..=N / 4)
            .map(|i| match i {
                0 => Dd::from(0.0),
                _ if i == N / 4 => Dd::from(1.0),
                _ => {
                    // θ within 2 units at scale w; d its top 64 bits, δ the rest.
                    let theta = (&pi * i) >> 8u32;
                    let drop = theta.bits() - 64;
                    let a = (&theta >> drop).to_u64().expect("64 bits");
                    let delta = &theta - (BigInt::from(a) << drop);
                    let e = drop as i64 - w as i64;
                    let sin_d = series::sin_cos(Trig::Sin, a, e, w);
                    let cos_d = series::sin_cos(Trig::Cos, a, e, w);
                    dd::from_fixed(&(sin_d.v + ((delta * cos_d.v) >> w)), w)
                }
            })
            .collect();
        let (mut hi, mut lo) = ([0.0; N], [0.0; N]);
        for j in 0..N {
            // sin(π/2 + θ) = sin(π/2 - θ), sin(π + θ) = -sin θ.
            let i = j % (N / 4);
            let s = match j / (N / 4) {
                0 => quadrant[i],
                1 => quadrant[N / 4 - i],
                2 => quadrant[i].neg(),
                _ => quadrant[N / 4 - i].neg(),
            };
            (hi[j], lo[j]) = (s.hi, s.lo);
        }
        let inv_fact = std::array::from_fn(|k| {
            let f: u64 = (1..=k as u64).product();
            dd::from_fixed(&((BigInt::from(1u8) << w) / f), w)
        });
        let step = dd::from_fixed(&(pi >> 8u32), w);
        Tables {
            hi,
            lo,
            inv_fact,
            step,
        }
    })
}

/// The offset of cos's table index: cos x = sin(x + π/2).
#[inline(always)]
fn offset(which: Trig) -> usize {
    match which {
        Trig::Sin => 0,
        Trig::Cos => N / 4,
    }
}

/// k, the integer nearest x·256/π (as an f64), and the table index j, for |x| < `LIMIT`.
#[inline(always)]
fn point(which: Trig, x: f64) -> (f64, usize) {
    let t = x * INV_STEP + ROUND;
    // The bits of t are those of ROUND (low bits zero) plus k, in two's complement.
    (
        t - ROUND,
        (t.to_bits() as usize).wrapping_add(offset(which)) % N,
    )
}

/// y = x·256/π modulo 512 for an F value x with `LIMIT` <= |x| < 2^128, in fixed point:
/// W words (most significant first) of two's complement, 9 integer bits and 64W - 9
/// fraction bits, short of y by less than 2^(33 - 64W) (modulo 512).
///
/// With |x| = m 2^e (m < 2^24, -3 <= e <= 104), the window A of 1/π's bits of weight
/// 2^-e to 2^-(e+64W-1) is floor(2^(e+64W-1)/π) modulo 2^(64W) (the bits above it give
/// multiples of 2^(64W) once multiplied by m), so m A modulo 2^(64W) is |x|·2^(64W-1)/π =
/// y 2^(64W-9) less m times a fraction (below 2^24 units). A negative x takes the two's
/// complement.
#[inline(always)]
fn turns<const W: usize>(x: f64) -> [u64; W] {
    let bits = x.to_bits();
    let m = u128::from(((bits & ((1 << 52) - 1)) | (1 << 52)) >> 29);
    // The position of the weight 2^-e in INV_PI: 63 + e, e = biased exponent - 1046.
    let g = ((bits >> 52) & 0x7ff) as usize - 983;
    let (q, b) = (g / 64, g % 64);
    let word = |t: usize| (INV_PI[q + t] << b) | ((INV_PI[q + t + 1] >> 1) >> (63 - b));
    let mut y = [0; W];
    let mut carry = 0;
    for t in (0..W).rev() {
        let p = m * u128::from(word(t)) + carry;
        (y[t], carry) = (p as u64, p >> 64);
    }
    let neg = bits >> 63;
    let mut carry = neg;
    for v in y.iter_mut().rev() {
        let (s, c) = (*v ^ neg.wrapping_neg()).overflowing_add(carry);
        (*v, carry) = (s, u64::from(c));
    }
    y
}

/// From the `turns` y of x: the table index j (the integer K nearest y, plus the cos
/// offset, modulo 512) and φ = y - K times 2^128 (|φ| <= 1/2), from y's top 128 + 9 bits.
#[inline(always)]
fn split(which: Trig, y: &[u64]) -> (usize, i128) {
    let j = (y[0].wrapping_add(1 << 54) >> 55) as usize;
    let low = y.get(2).map_or(0, |&w| w >> 55);
    let phi = (((u128::from(y[0]) << 64) | u128::from(y[1])) << 9) | u128::from(low);
    ((j + offset(which)) % N, phi as i128)
}

/// (j, ρ) for `LIMIT` <= |x| < 2^128, ρ = φ π/256 from φ's leading 117 bits.
#[inline(never)]
fn reduce_big(which: Trig, x: f64) -> (usize, f64) {
    let (j, phi) = split(which, &turns::<2>(x));
    let hi = (phi >> 64) as i64 as f64;
    let lo = ((phi as u64) >> 11) as i64 as f64 * (f64::EPSILON / 2.0);
    (j, (hi + lo) * STEP_2_64)
}

/// -1/m! + z/(m+2)!: (sin r - r)/r^3 (m = 3) or (cos r - 1)/r^2 (m = 2) at z = r^2, to
/// two terms.
#[inline(always)]
fn taylor(z: f64, m: usize) -> f64 {
    z * INV_FACT[m + 2] - INV_FACT[m]
}

/// sin x or cos x in f64 for an F value x, within [`STEPS_TRIG`] steps when finite (the
/// module's method); NaN for ±inf and NaN.
#[inline(always)]
fn kernel(which: Trig, x: f64) -> f64 {
    let (j, r) = if x.abs() < LIMIT {
        let (k, j) = point(which, x);
        (j, ((x - k * P1) - k * P2) - k * P3)
    } else if x.abs() < F_END {
        reduce_big(which, x)
    } else {
        // ±inf or NaN (the F values from 2^128 up).
        return f64::NAN;
    };
    let t = tables();
    let z = r * r;
    let sin_r = r + r * z * taylor(z, 3);
    let cos_r_m1 = z * taylor(z, 2);
    let (s, c) = (t.hi[j], t.hi[(j + N / 4) % N]);
    s + (s * cos_r_m1 + c * sin_r)
}

/// sin x for an F value x (widened), within [`STEPS_TRIG`] f64 steps.
#[inline(always)]
pub(super) fn sin_f(x: f64) -> f64 {
    kernel(Trig::Sin, x)
}

/// cos x for an F value x (widened), within [`STEPS_TRIG`] f64 steps.
#[inline(always)]
pub(super) fn cos_f(x: f64) -> f64 {
    kernel(Trig::Cos, x)
}

/// (j, ρ) with ρ in double-double (within 2^-98.9 |ρ| + 2^-134.3), for a finite F value x.
fn reduce_dd(t: &Tables, which: Trig, x: f64) -> (usize, Dd) {
    if x.abs() < LIMIT {
        // x - k·P1 and k·P2 exact, k·P3 exact as a double-double, k·P4 rounded.
        let (k, j) = point(which, x);
        let r = two_sum(x - k * P1, -(k * P2))
            .add(two_prod(k, P3).neg())
            .add_f64(-(k * P4));
        return (j, r);
    }
    let (j, phi) = split(which, &turns::<3>(x));
    // |φ| 2^128 = h + l + e exactly: h the nearest f64, l that of the rest (below 2^74).
    let a = phi.unsigned_abs();
    let h = a as f64;
    let rest = a.wrapping_sub(h as u128) as i128;
    let l = rest as f64;
    let e = (rest - l as i128) as f64;
    let phi_dd = Dd { hi: h, lo: l }.add_f64(e).scale(-128);
    let phi_dd = if phi < 0 { phi_dd.neg() } else { phi_dd };
    (j, phi_dd.mul(t.step))
}

/// P_m(z) = -1/m! + z/(m+2)! - z^2/(m+4)! + z^3/(m+6)! - z^4/(m+8)! (m = 3: sin, 2: cos):
/// the first two coefficients in double-double, the other terms in f64.
#[inline(always)]
fn taylor_dd(t: &Tables, z: Dd, m: usize) -> Dd {
    let c = |i: usize| INV_FACT[m + 2 * i];
    let tail = z.hi * (z.hi * (c(3) - z.hi * c(4)) - c(2));
    t.inv_fact[m + 2]
        .add_f64(tail)
        .mul(z)
        .add(t.inv_fact[m].neg())
}

/// sin x or cos x as a double-double within [`TRIG_DD_REL`] (relative) for a finite
/// nonzero F value x; None otherwise.
pub(super) fn sin_cos_dd(which: Trig, x: f64) -> Option<Dd> {
    if !x.is_finite() || x.abs() >= F_END || x == 0.0 {
        return None;
    }
    let t = tables();
    let (j, r) = reduce_dd(t, which, x);
    let z = r.mul(r);
    let sin_r = r.mul(z.mul(taylor_dd(t, z, 3)).add_f64(1.0));
    let cos_r_m1 = z.mul(taylor_dd(t, z, 2));
    let (s, c) = (t.entry(j), t.entry(j + N / 4));
    Some(s.add(s.mul(cos_r_m1).add(c.mul(sin_r))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::testing::{xorshift, MODES};
    use crate::math::{exact, single, unary_exact, Format, Rounding, Unary};

    /// The hard-to-round F inputs the generators use.
    const HARD: [(Trig, f32); 4] = [
        (Trig::Sin, 1.257_638_7),
        (Trig::Sin, 106.135_07),
        (Trig::Cos, 1.048_054_3),
        (Trig::Cos, 1.712_770_2),
    ];

    /// The derivation's bound on the kernel (steps).
    const KERNEL_STEPS: f64 = 13.0;

    fn unary_of(which: Trig) -> Unary {
        match which {
            Trig::Sin => Unary::Sin,
            Trig::Cos => Unary::Cos,
        }
    }

    /// An f64 (or 0) as an integer at scale `w`, truncated toward zero.
    fn at(a: f64, w: u64) -> BigInt {
        if a == 0.0 {
            return BigInt::from(0);
        }
        let (neg, m, e) = exact::unpack(a);
        let s = e + w as i64;
        let v = if s >= 0 {
            BigInt::from(m) << s as u64
        } else {
            BigInt::from(m >> (-s).min(63))
        };
        if neg {
            -v
        } else {
            v
        }
    }

    /// The F inputs of the tests (both signs): the hard ones; the F values with the
    /// smallest |x - mπ/2| of their binades (some) and those nearest mπ/2 for small and
    /// large m; the seams of the table, where k changes; the ends of the ranges (2^-14,
    /// 2^20, the largest finite value); and random ones, 2^-14 <= |x| < 2^20 and above.
    fn inputs() -> Vec<u32> {
        let mut v: Vec<u32> = HARD.iter().map(|&(_, x)| x.to_bits()).collect();
        v.extend([
            0x3fc9_0fdb,
            0x4049_0fdb,
            0x4096_cbe4,
            0x437c_e5f1,
            0x450b_e628,
            0x474d_246f,
            0x4882_665e,
            0x4902_665e,
            0x4982_665e,
            0x4a25_62ae,
            0x6f79_be45,
            0x78a8_b883,
            0x7afc_cbab,
            0x7c6c_3305,
            0x7ebd_cda0,
            0x7f3d_cda0,
        ]);
        let near = |v: &mut Vec<u32>, x: f64| {
            let b = (x as f32).to_bits();
            v.extend((b - 2)..=(b + 2));
        };
        let ms = (1..=40u64).chain((0..40).map(|i| 667_544 - 1_111 * i));
        for m in ms.chain([
            4_321,
            65_536,
            123_457,
            333_333,
            1 << 30,
            3_486_784_401,
            1 << 62,
        ]) {
            near(&mut v, m as f64 * std::f64::consts::FRAC_PI_2);
        }
        for i in (0..600).chain((0..40).map(|i| 85_000_000 - 1_999_999 * i)) {
            near(&mut v, (f64::from(i) + 0.5) * std::f64::consts::PI / 256.0);
        }
        v.extend([0x3880_0000, 0x3880_0001, 0x3880_0002, 0x387f_ffff]);
        v.extend([0x497f_fffe, 0x497f_ffff, 0x4980_0000, 0x4980_0001]);
        v.extend([0x4f00_0000, 0x4f80_0000, 0x7f7f_fffe, 0x7f7f_ffff]);
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for n in 0..3000 {
            let e = if n < 2000 {
                113 + next() % 34
            } else {
                147 + next() % 107
            } as u32;
            v.push((e << 23) | (next() as u32 & 0x7f_ffff));
        }
        v.iter().flat_map(|&x| [x, x | 0x8000_0000]).collect()
    }

    /// The number of f64 steps between a and b (of either sign).
    fn steps(a: f64, b: f64) -> u64 {
        let key = |v: f64| {
            let bits = v.to_bits() as i64;
            if bits < 0 {
                -(bits & i64::MAX)
            } else {
                bits
            }
        };
        key(a).abs_diff(key(b))
    }

    #[test]
    fn the_constants_are_those_of_pi() {
        let w = 400;
        let pi = BigInt::from(series::pi(w));
        let step = &pi >> 8u32;
        let tail = |n: usize| {
            &step
                - [P1, P2, P3, P4][..n]
                    .iter()
                    .map(|&p| at(p, w))
                    .sum::<BigInt>()
        };
        // |τ3| < 2^-116, |τ4| < 2^-170 (π within 2 units at scale 400).
        assert!(tail(3).magnitude().bits() <= w - 116, "{}", tail(3));
        assert!(tail(4).magnitude().bits() <= w - 170, "{}", tail(4));
        for p in [P1, P2] {
            assert!(exact::unpack(p).1.trailing_zeros() >= 27, "{p:e}");
        }
        // 256/π within 2^-53.8 relative: |INV_STEP π - 256| < 2^-45.8.
        let inv = at(INV_STEP, w) * &pi - (BigInt::from(256u32) << (2 * w));
        assert!(inv.magnitude().bits() <= 2 * w - 45, "{inv}");
        // π/256 2^-64 within half an ulp.
        let d = at(STEP_2_64, w + 64) - &step;
        assert!(d.magnitude().bits() <= w - 60, "{d}");
        // floor(2^320/π) (π at scale 400 is within 2^-398 of it: the floor is the same
        // unless 2^320/π is within 2^-75 of an integer, which the words would show).
        let inv_pi = (BigInt::from(1u8) << (320 + w)) / &pi;
        let words: BigInt = INV_PI[1..]
            .iter()
            .fold(BigInt::from(0), |a, &d| (a << 64u32) + d);
        assert_eq!(words, inv_pi);
        assert_eq!(INV_FACT[11], 1.0 / 39_916_800.0);
    }

    #[test]
    fn the_table_is_sin_of_its_points() {
        let t = tables();
        for j in 0..N {
            let want = (j as f64 * std::f64::consts::PI / 256.0).sin();
            let s = t.entry(j);
            assert!((s.hi - want).abs() <= 1e-15, "{j}: {s:?} {want}");
            assert!(s.lo.abs() <= s.hi.abs() * f64::EPSILON, "{j}: {s:?}");
            // sin^2 + cos^2 = 1 within the entries' error.
            let c = t.entry(j + N / 4);
            let one = s.mul(s).add(c.mul(c)).add_f64(-1.0);
            assert!(one.hi.abs() < 2f64.powi(-98), "{j}: {one:?}");
        }
        assert_eq!(
            (t.hi[0], t.hi[128], t.hi[256], t.hi[384]),
            (0.0, 1.0, 0.0, -1.0)
        );
        assert_eq!(t.entry(3).add(t.entry(253).neg()), Dd::from(0.0));
    }

    /// The integer reductions (2^20 <= x < 2^26) pick the k of `point` (whose f64 estimate
    /// is still good enough there), the double-double one within 2^-97 of x - kπ/256, the
    /// f64 one within 5 ulps of it.
    #[test]
    fn the_reductions_agree() {
        let t = tables();
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..2000 {
            let x = f64::from(f32::from_bits(0x4980_0000 + (next() % (6 << 23)) as u32));
            for which in [Trig::Sin, Trig::Cos] {
                let (j, r) = reduce_dd(t, which, x);
                let (k, j_cw) = point(which, x);
                assert_eq!(j, j_cw, "{x:e}");
                // x - kπ/256 at scale 300, π within 2 units, k < 2^28.
                let w = 300;
                let k_step = (BigInt::from(series::pi(w)) * BigInt::from(k as i64)) >> 8u32;
                let rho = at(x, w) - k_step;
                let diff = at(r.hi, w) + at(r.lo, w) - &rho;
                assert!(
                    diff.magnitude().bits() + 97 <= rho.magnitude().bits(),
                    "{x:e}"
                );
                let (jf, rf) = reduce_big(which, x);
                assert_eq!(jf, j, "{x:e}");
                assert!(
                    (rf - r.hi).abs() <= 5.0 * f64::EPSILON * r.hi.abs(),
                    "{x:e}"
                );
            }
        }
    }

    /// The f64 kernel against the correctly rounded f64 of the exact path (within half a
    /// step of the truth): within the derivation's 13 steps.
    #[test]
    fn the_kernel_keeps_its_bound() {
        let mut worst: f64 = 0.0;
        for x in inputs() {
            for which in [Trig::Sin, Trig::Cos] {
                let got = kernel(which, f64::from(f32::from_bits(x)));
                let (f, rne) = (unary_of(which), Rounding::NearestEven);
                let cr = unary_exact(f, x.into(), Format::F, Format::DF, rne);
                let err = steps(got, f64::from_bits(cr)) as f64 + 0.5;
                assert!(
                    err <= KERNEL_STEPS,
                    "{which:?} {x:#010x}: {got:e} is {err} steps off"
                );
                worst = worst.max(err);
            }
        }
        assert!(worst >= 1.5, "{worst}");
        for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
            assert!(sin_f(x).is_nan() && cos_f(x).is_nan());
        }
    }

    /// The double-double step against the exact value of the series (at 200 bits): within
    /// the derivation's 2^-97.
    #[test]
    fn the_dd_step_keeps_its_bound() {
        let w: u64 = 200;
        let mut worst = 0.0f64;
        for x in inputs().into_iter().step_by(3) {
            let xf = f64::from(f32::from_bits(x));
            for which in [Trig::Sin, Trig::Cos] {
                let Some(v) = sin_cos_dd(which, xf) else {
                    panic!("{which:?} {x:#010x} not evaluated");
                };
                let (neg, m, e) = exact::unpack(xf);
                let want = series::sin_cos(which, m, e, w);
                let want_v = if neg && which == Trig::Sin {
                    -want.v
                } else {
                    want.v
                };
                let diff = (at(v.hi, w) + at(v.lo, w) - &want_v).magnitude().clone();
                // |diff| - err (units at scale w) relative to |want|.
                let excess = diff.to_f64().unwrap_or(f64::MAX) - want.err as f64 - 2.0;
                let rel = excess.max(0.0) / want_v.magnitude().to_f64().unwrap_or(0.0);
                assert!(rel <= 2f64.powi(-97), "{which:?} {x:#010x}: {rel:e}");
                worst = worst.max(rel);
            }
        }
        assert!(worst < TRIG_DD_REL / 128.0, "{worst:e}");
        for x in [0.0, f64::INFINITY, f64::NAN] {
            assert_eq!(sin_cos_dd(Trig::Sin, x), None);
        }
    }

    /// The double-double step, rounded by `dd::round_f`, equals the exact path in every
    /// mode where it decides; it decides nearly always, and on the hard inputs.
    #[test]
    fn the_dd_step_rounds_like_the_exact_path() {
        let mut decided = 0;
        let xs = inputs();
        for &x in &xs {
            for which in [Trig::Sin, Trig::Cos] {
                let Some(v) = sin_cos_dd(which, f64::from(f32::from_bits(x))) else {
                    continue;
                };
                for rnd in MODES {
                    let Some(got) = dd::round_f(v, TRIG_DD_REL, rnd) else {
                        continue;
                    };
                    decided += 1;
                    let want = unary_exact(unary_of(which), x.into(), Format::F, Format::F, rnd);
                    assert_eq!(got, want, "{which:?} {x:#010x} {rnd:?}");
                }
            }
        }
        let all = xs.len() * 2 * 4;
        assert!(decided >= all * 99 / 100, "{decided} of {all}");
        for (which, x) in HARD {
            for x in [x, -x] {
                for rnd in MODES {
                    let v = sin_cos_dd(which, f64::from(x));
                    let got = v.and_then(|v| dd::round_f(v, TRIG_DD_REL, rnd));
                    assert!(got.is_some(), "{which:?} {x:e} {rnd:?}");
                }
            }
        }
    }

    /// The F lanes of sin and cos (`single::unary`, on this kernel) equal the exact path.
    #[test]
    fn the_lanes_equal_the_exact_path() {
        let xs: Vec<u64> = inputs().into_iter().step_by(2).map(u64::from).collect();
        let mut out = vec![0; xs.len()];
        for f in [Unary::Sin, Unary::Cos] {
            for rnd in MODES {
                single::unary(f, rnd, &xs, &mut out);
                for (&x, &r) in xs.iter().zip(&out) {
                    let want = unary_exact(f, x, Format::F, Format::F, rnd);
                    assert_eq!(r, want, "{f:?} {x:#010x} {rnd:?}");
                }
            }
        }
    }

    /// Every finite F input with |x| >= 2^-14 (VISA_MATH_EXHAUSTIVE=1, in release: a few
    /// minutes on two cores): the kernel within the derivation's 13 steps of the
    /// double-double step (itself within 2^-97), and the smallest |x - mπ/2|, m >= 1, as
    /// the module states (`r_min`).
    #[test]
    fn exhaustive_kernel_bound() {
        use rayon::prelude::*;
        if !std::env::var("VISA_MATH_EXHAUSTIVE").is_ok_and(|v| v == "1") {
            return;
        }
        let start = std::time::Instant::now();
        let t = tables();
        let (worst, r_min) = (113u32 << 23..0x7f80_0000)
            .into_par_iter()
            .fold(
                || ([0.0f64; 2], f64::INFINITY),
                |(mut worst, mut r_min), bits| {
                    for x in [bits, bits | 0x8000_0000] {
                        let xf = f64::from(f32::from_bits(x));
                        for (i, which) in [Trig::Sin, Trig::Cos].into_iter().enumerate() {
                            let got = kernel(which, xf);
                            let v = sin_cos_dd(which, xf).expect("finite");
                            let ulp = f64::from_bits(got.abs().to_bits() & (0x7ff << 52));
                            let err = ((got - v.hi) - v.lo).abs() / (ulp * f64::EPSILON);
                            assert!(err <= KERNEL_STEPS, "{which:?} {x:#010x}: {err} steps");
                            worst[i] = worst[i].max(err);
                        }
                    }
                    let x = f64::from(f32::from_bits(bits));
                    let (j, r) = reduce_dd(t, Trig::Sin, x);
                    if j % 128 == 0 && x > 0.01 {
                        r_min = r_min.min(r.hi.abs());
                    }
                    (worst, r_min)
                },
            )
            .reduce(
                || ([0.0f64; 2], f64::INFINITY),
                |(a, ra), (b, rb)| ([a[0].max(b[0]), a[1].max(b[1])], ra.min(rb)),
            );
        println!(
            "sin: {:.3} steps, cos: {:.3} steps at most; r_min {r_min:e}; {:.1} s",
            worst[0],
            worst[1],
            start.elapsed().as_secs_f64()
        );
        assert!((1.6147e-9..1.6149e-9).contains(&r_min), "{r_min:e}");
    }
}

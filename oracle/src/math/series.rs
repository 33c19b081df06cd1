//! Fixed-point evaluation of the transcendental cores with a rigorous error bound, for the
//! exact path's Ziv loop.
//!
//! A fixed-point value at scale `w` is an integer `V` standing for `V * 2^-w`; one *unit* is
//! `2^-w`. Every routine returns its integer together with a bound `err` (in units) such that
//! the true value lies in `[(V - err) * 2^-w, (V + err) * 2^-w]`. Truncating a positive
//! quotient or shift costs less than one unit; each bound below is derived in the comment
//! beside its loop and rounded up generously (a loose bound only costs a few guard bits, a
//! tight wrong one would break correct rounding).
//!
//! Constants: ln 2 = sum_{k>=1} 1 / (k 2^k); pi = 16 atan(1/5) - 4 atan(1/239) (Machin).
//! Cores: ln m = 2 atanh((m - 1) / (m + 1)) on m in [1/sqrt 2, sqrt 2]; exp r by its Taylor
//! series on |r| <= 0.36 after r = t - n ln 2; sin and cos by their Taylor series on
//! |r| <= pi/4 after r = x - k pi/2.

use std::sync::OnceLock;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Precision (bits) at which ln 2 and pi are computed once and then truncated.
const CACHE_BITS: u64 = 2560;
/// Guard bits for the constants' own sums: their term errors add up to far below 2^20 units.
const CONST_GUARD: u64 = 20;

/// ln 2 at scale `p` (err <= 2 units): sum over k of floor(2^(p+g-k) / k), each term short by
/// less than one unit, the tail past k = p+g below one unit; the sum at p+g is within
/// p+g+1 units, so within 1 unit at p after the shift, plus 1 for the shift's truncation.
fn ln2_direct(p: u64) -> BigUint {
    let q = p + CONST_GUARD;
    let mut sum = BigUint::zero();
    let one = BigUint::one() << q;
    for k in 1..=q {
        sum += (&one >> k) / k;
    }
    sum >> CONST_GUARD
}

/// atan(1/n) at scale q, short by less than 2 units per term (p_j = floor(2^q / n^(2j+1))
/// is exact; dividing by 2j+1 truncates), alternating tail below one unit.
fn atan_inv(n: u32, q: u64) -> (BigUint, BigUint, u64) {
    let mut pos = BigUint::zero();
    let mut neg = BigUint::zero();
    let mut p = (BigUint::one() << q) / BigUint::from(n);
    let n2 = BigUint::from(n) * BigUint::from(n);
    let mut j: u64 = 0;
    while !p.is_zero() {
        let term = &p / (2 * j + 1);
        if j.is_multiple_of(2) {
            pos += term;
        } else {
            neg += term;
        }
        p /= &n2;
        j += 1;
    }
    (pos, neg, j)
}

/// pi at scale `p` (err <= 2 units): Machin's formula; the two series are within
/// 16 (2 J + 1) + 4 (2 J' + 1) units at p + g, below 2^g for any p used here.
fn pi_direct(p: u64) -> BigUint {
    let q = p + CONST_GUARD;
    let (a_pos, a_neg, _) = atan_inv(5, q);
    let (b_pos, b_neg, _) = atan_inv(239, q);
    let pos = (a_pos * 16u32) + (b_neg * 4u32);
    let neg = (a_neg * 16u32) + (b_pos * 4u32);
    (pos - neg) >> CONST_GUARD
}

fn cached(cell: &'static OnceLock<BigUint>, make: fn(u64) -> BigUint, p: u64) -> BigUint {
    if p > CACHE_BITS {
        return make(p);
    }
    // The cached value is within 2 units at CACHE_BITS; shifting it keeps it within 2 units
    // at p (2 units shrink below 1, the truncation adds less than 1).
    cell.get_or_init(|| make(CACHE_BITS)) >> (CACHE_BITS - p)
}

/// ln 2 at scale `p`, within 2 units.
pub fn ln2(p: u64) -> BigUint {
    static LN2: OnceLock<BigUint> = OnceLock::new();
    cached(&LN2, ln2_direct, p)
}

/// pi at scale `p`, within 2 units.
pub fn pi(p: u64) -> BigUint {
    static PI: OnceLock<BigUint> = OnceLock::new();
    cached(&PI, pi_direct, p)
}

/// A signed fixed-point value with its error bound: the truth is within `err` units of
/// `v * 2^-scale`.
#[derive(Clone, Debug)]
pub struct Fixed {
    pub v: BigInt,
    pub scale: u64,
    pub err: u64,
}

/// `a * 2^e` (a dyadic) at scale `w`: exact when e >= -w, else truncated toward zero (err 1).
pub fn dyadic_at(neg: bool, a: u64, e: i64, w: u64) -> Fixed {
    let shift = e + w as i64;
    let (mag, err) = if shift >= 0 {
        (BigUint::from(a) << shift as u64, 0)
    } else if -shift >= 64 {
        (BigUint::zero(), 1)
    } else {
        let s = (-shift) as u32;
        let exact = a & ((1u64 << s) - 1) == 0;
        (BigUint::from(a >> s), u64::from(!exact))
    };
    Fixed {
        v: BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, mag),
        scale: w,
        err,
    }
}

/// atanh(num / den) at scale w for 0 <= num / den <= 0.18, with its error bound.
///
/// With s = num/den, sigma = S 2^-w where S = floor(s 2^w) (|sigma - s| < 1 unit, which moves
/// atanh by at most 1 / (1 - 0.18^2) < 1.04 units). Q = floor(S^2 / 2^w) is within 1 unit
/// of sigma^2 <= 0.033. P_k = floor(P_{k-1} Q / 2^w) approximates sigma^(2k+1) with error
/// e_k <= 0.033 e_{k-1} + sigma^(2k-1) * 1 + 1 <= 1.22 units; term_k = floor(P_k / (2k+1))
/// is within 2.22 units. The loop stops when P_k = 0, so sigma^(2k+1) <= 1.22 units and
/// the tail is below 1.3 units. Total: 2.22 K + 1.3 + 1.04 <= 3 (K + 2).
fn atanh_ratio(num: &BigUint, den: &BigUint, w: u64) -> (BigUint, u64) {
    let s = (num << w) / den;
    let q = (&s * &s) >> w;
    let mut p = s.clone();
    let mut sum = s;
    let mut k: u64 = 1;
    loop {
        p = (&p * &q) >> w;
        if p.is_zero() {
            break;
        }
        sum += &p / (2 * k + 1);
        k += 1;
    }
    (sum, 3 * (k + 2))
}

/// The parts of ln x for x = mant * 2^exp (mant > 0): x = m 2^n with m in [1/sqrt 2, sqrt 2],
/// and ln m = 2 atanh(s) with s = (m - 1) / (m + 1) as num / den (sign separate).
struct LnParts {
    n: i64,
    s_neg: bool,
    num: BigUint,
    den: BigUint,
}

fn ln_parts(mant: u64, exp: i64) -> LnParts {
    let len = 64 - mant.leading_zeros() as i64;
    // m = mant / 2^(len-1) in [1, 2); halve it when m^2 > 2, i.e. mant^2 > 2^(2 len - 1).
    let m2 = u128::from(mant) * u128::from(mant);
    let (n, d) = if m2 > 1u128 << (2 * len - 1) {
        (exp + len, 1u128 << len)
    } else {
        (exp + len - 1, 1u128 << (len - 1))
    };
    let x = u128::from(mant);
    let (s_neg, num) = if x >= d {
        (false, x - d)
    } else {
        (true, d - x)
    };
    LnParts {
        n,
        s_neg,
        num: BigUint::from(num),
        den: BigUint::from(x + d),
    }
}

/// How many leading zero bits s = num/den has below 1 (so absolute precision w gives about
/// w - this many relative bits of ln m).
fn ratio_zeros(num: &BigUint, den: &BigUint) -> u64 {
    if num.is_zero() {
        return 0;
    }
    den.bits().saturating_sub(num.bits())
}

/// ln(mant * 2^exp) at scale w (mant > 0). err = 2 err_atanh + 2 |n| (ln 2 within 2 units).
/// Returns also whether the value is exactly zero (x = 1).
pub fn ln(mant: u64, exp: i64, w: u64) -> Fixed {
    let p = ln_parts(mant, exp);
    let (a, ea) = atanh_ratio(&p.num, &p.den, w);
    let lnm = BigInt::from_biguint(if p.s_neg { Sign::Minus } else { Sign::Plus }, a << 1u32);
    let l2 = BigInt::from(ln2(w));
    let v = lnm + l2 * p.n;
    Fixed {
        v,
        scale: w,
        err: 2 * ea + 2 * p.n.unsigned_abs(),
    }
}

/// Extra absolute bits ln needs near x = 1, where ln x ~ 2 s is small.
pub fn ln_extra_bits(mant: u64, exp: i64) -> u64 {
    let p = ln_parts(mant, exp);
    if p.n == 0 {
        ratio_zeros(&p.num, &p.den)
    } else {
        0
    }
}

/// log2(mant * 2^exp) at scale w: n + ln(m) / ln 2. With ln m within e units and
/// |ln m| <= 0.35, the quotient by ln 2 (within 2 units) is within 1.45 e + 1.48 units,
/// plus 1 for the truncation: err <= 2 e + 3.
pub fn log2(mant: u64, exp: i64, w: u64) -> Fixed {
    let p = ln_parts(mant, exp);
    let (a, ea) = atanh_ratio(&p.num, &p.den, w);
    let l2 = ln2(w);
    let q = ((a << 1u32) << w) / l2;
    let frac = BigInt::from_biguint(if p.s_neg { Sign::Minus } else { Sign::Plus }, q);
    let v = frac + (BigInt::from(p.n) << w);
    Fixed {
        v,
        scale: w,
        err: 2 * (2 * ea) + 3,
    }
}

/// An exponential's value: the truth is within `err` units of `m * 2^e`, m > 0.
#[derive(Clone, Debug)]
pub struct Scaled {
    pub m: BigUint,
    pub e: i64,
    pub err: u64,
}

/// exp(t) for t given at scale `t.scale` (|t| below about 1200), computed at scale w.
///
/// n = round(t / ln 2) from an f64 estimate (any integer is correct; this one keeps
/// |r| <= 0.36), r = t - n ln 2 at scale w within err_t' + 2 |n| units. Taylor: T_0 = 2^w,
/// T_k = floor(floor(T_{k-1} |R| / 2^w) / k) approximates rho^k / k! (rho = R 2^-w exact)
/// within e_k <= 0.36 e_{k-1} / k + 2 <= 2.8 units; the loop stops at T_k = 0, leaving a
/// tail below 3.2 units. exp(rho) vs exp(r): e^0.37 |r - rho| <= 1.45 err_r. Total:
/// 3 K + 4 + 2 err_r units, in a result of about 2^w.
pub fn exp(t: &Fixed, w: u64) -> Option<Scaled> {
    // Bring t to scale w (shift right truncates: 1 more unit; error bound scales down).
    let (tv, terr) = rescale(&t.v, t.err, t.scale, w);
    let est = to_f64_scaled(&tv, w);
    if !est.is_finite() || est.abs() > 2000.0 {
        return None;
    }
    let n = (est * std::f64::consts::LOG2_E).round() as i64;
    let l2 = BigInt::from(ln2(w));
    let r = tv - l2 * n;
    let err_r = terr + 2 * n.unsigned_abs();
    // |r| must be small for the series bound; the f64 estimate guarantees it, but check.
    let limit = BigInt::from(23u32) << (w.saturating_sub(6)); // 0.359 2^w
    if r.abs() > limit {
        return None;
    }
    let neg = r.is_negative();
    let rm = r.magnitude().clone();
    let mut term = BigUint::one() << w;
    let mut pos = term.clone();
    let mut negsum = BigUint::zero();
    let mut k: u64 = 1;
    loop {
        term = ((&term * &rm) >> w) / k;
        if term.is_zero() {
            break;
        }
        if neg && k % 2 == 1 {
            negsum += &term;
        } else {
            pos += &term;
        }
        k += 1;
    }
    let m = pos - negsum;
    Some(Scaled {
        m,
        e: n - w as i64,
        err: 3 * k + 4 + 2 * err_r,
    })
}

/// v (with err units at scale `from`) at scale `to`.
pub fn rescale(v: &BigInt, err: u64, from: u64, to: u64) -> (BigInt, u64) {
    if from == to {
        (v.clone(), err)
    } else if from > to {
        let d = from - to;
        let e = if d >= 64 { 1 } else { (err >> d) + 1 };
        // Floor shift of a signed value: within 1 unit.
        (v >> d, e + 1)
    } else {
        let d = to - from;
        let e = if d >= 64 || err.leading_zeros() as u64 <= d {
            u64::MAX
        } else {
            err << d
        };
        (v << d, e)
    }
}

/// An f64 estimate of v 2^-scale.
pub fn to_f64_scaled(v: &BigInt, scale: u64) -> f64 {
    let bits = v.bits();
    let drop = bits.saturating_sub(60);
    let top = (v >> drop).to_f64().unwrap_or(0.0);
    top * 2f64.powi((drop as i64 - scale as i64).clamp(-3000, 3000) as i32)
}

/// Which of sin or cos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trig {
    Sin,
    Cos,
}

/// sin or cos of |x| = a 2^e at scale w (the caller applies sin's oddness).
///
/// Reduction: W = w + 24 + (integer bits of x); pi/2 at scale W within 2 units (pi at
/// W - 1); x at scale W within 1; k = round(x / (pi/2)); r = x - k pi/2 within 1 + 2k units
/// at W, |r| <= pi/4 + tiny. Then r at scale w (shift: 1 more unit). Series in rho = R 2^-w
/// exact: R2 = floor(R^2 / 2^w) within 1 unit of rho^2 <= 0.62; each term
/// T_j = floor(floor(T_{j-1} R2 / 2^w) / ((2j)(2j+1))) (sin) or / ((2j-1)(2j)) (cos) is
/// within (0.62 e + 0.79 + 1) / 2 + 1 <= 2 units; alternating tail below the last term.
/// Total 2 (K + 2) units, plus err_r since sin and cos are 1-Lipschitz.
pub fn sin_cos(which: Trig, a: u64, e: i64, w: u64) -> Fixed {
    let int_bits = (e + 64 - a.leading_zeros() as i64).max(0) as u64;
    let big_w = w + 24 + int_bits;
    let hp = BigInt::from(pi(big_w - 1));
    let x = dyadic_at(false, a, e, big_w);
    let k = (&x.v + (&hp >> 1u32)) / &hp; // both positive: truncation is floor
    let r = &x.v - &k * &hp;
    let k_small = (&k & BigInt::from(3u32)).to_u64().unwrap_or(0);
    // r is within 1 + 2k units at big_w, and k < 2^int_bits + 1, so within
    // 2^(int_bits + 2) units there: below 1 unit at scale w (24 bits lower).
    let (rv, rerr) = rescale(&r, 0, big_w, w);
    let rerr = rerr + 1;
    let rneg = rv.is_negative();
    let rm = rv.magnitude().clone();
    let r2 = (&rm * &rm) >> w;
    // Select the series and the sign by k mod 4:
    // sin(r + k pi/2) = [sin r, cos r, -sin r, -cos r][k mod 4]
    // cos(r + k pi/2) = [cos r, -sin r, -cos r, sin r][k mod 4]
    let (use_sin, flip) = match (which, k_small) {
        (Trig::Sin, 0) => (true, false),
        (Trig::Sin, 1) => (false, false),
        (Trig::Sin, 2) => (true, true),
        (Trig::Sin, _) => (false, true),
        (Trig::Cos, 0) => (false, false),
        (Trig::Cos, 1) => (true, true),
        (Trig::Cos, 2) => (false, true),
        (Trig::Cos, _) => (true, false),
    };
    let (first, mut d) = if use_sin {
        (rm.clone(), 2u64)
    } else {
        (BigUint::one() << w, 1u64)
    };
    let mut term = first.clone();
    let mut pos = first;
    let mut negsum = BigUint::zero();
    let mut j: u64 = 1;
    loop {
        term = ((&term * &r2) >> w) / (d * (d + 1));
        d += 2;
        if term.is_zero() {
            break;
        }
        if j % 2 == 1 {
            negsum += &term;
        } else {
            pos += &term;
        }
        j += 1;
    }
    let mag = BigInt::from(pos) - BigInt::from(negsum);
    // sin r is odd in r: its sign follows r; cos r is even.
    let val = if use_sin && rneg { -mag } else { mag };
    let val = if flip { -val } else { val };
    Fixed {
        v: val,
        scale: w,
        err: 2 * (j + 2) + rerr + 1,
    }
}

//! The second step of the F lanes: log2, 2^x, ln, e^x and |x|^y (and sin and cos, from
//! `trig`) of a source narrower than F's 24 bits or equal to it, evaluated in
//! double-double arithmetic (`dd`) with a
//! rigorous relative error bound, for the lanes whose f64 evaluation the boundary test
//! left undecided. A result the bound still leaves undecided (an exact result, or a value
//! closer to a boundary than the bound) goes on to the exact path.
//!
//! ## log2 x
//! x = 2^e m with m in [1, 2) (24 significant bits at most). The index i of m's top 7
//! fraction bits picks r_i = R_i / 2^14, R_i = round(2^14 / c_i) with c_i the centre of m's
//! 1/128-wide interval (r_0 = 1 and r_127 = 1/2 exactly). Then u = m r_i - 1 is exact (m r_i
//! has at most 39 bits; the difference is exact by Sterbenz's lemma) with
//! |u| <= 2^-8 / c_i + 2^-14 < 2^-7, and
//!
//!   log2 x = e - log2 r_i + log2(1 + u),
//!
//! for i >= 64 written as (e + 1) - log2(2 r_i) + log2(1 + u), so that the table's entry and
//! the series never cancel by more than a factor 90 (|log2 m| >= log2(1 + 1/128) when the
//! entry is not 0; the entries are at most 1/2). ln(1 + u) is its Taylor series to u^15
//! (the next term is below 2^-101 |u|): the terms from u^7 on in f64 (each below 2^-42 |u|,
//! so f64 rounding costs below 2^-95), the rest by Horner's scheme in double-double. The
//! entries -log2 r_i and log2 e are computed once from the exact path's multi-precision
//! series (within 2^-106). Error: a dozen double-double operations (2^-100 each, see
//! `dd`) and the f64 tail give below 2^-95 of ln(1 + u); the cancellation with
//! the entry at most 2^6.5 times that; adding e at most doubles it. [`LOG2_REL`] = 2^-85.
//!
//! ## 2^w
//! w = N/64 + f with N the nearest integer to 64 w (f = w - N/64 exact, |f| <= 1/128), so
//! 2^w = 2^n 2^(j/64) e^t with N = 64 n + j and t = f ln 2 (|t| < 0.0055). e^t is its
//! Taylor series to t^11 (the next term is below 2^-107): the terms from t^5 on in f64
//! (below 2^-44, f64 rounding costs below 2^-97), the rest by Horner's scheme in
//! double-double; 2^(j/64) and ln 2 come from the multi-precision series like log2's
//! entries. A dozen operations: below 2^-96 of the result. [`EXP2_REL`] = 2^-90 for an
//! exact w. For w known within an absolute error d, 2^w is within (1 + 2^-90) 2^d - 1,
//! about d ln 2, more.
//!
//! ## Derived
//! ln x = log2 x ln 2 and e^x = 2^(x log2 e) (both within 2^-84); |x|^y = 2^(y log2 |x|)
//! with y log2 |x| within 2^-84.9 |y log2 |x|| + 2^-100, below 2^-77 absolute while the result
//! is in F's range (|y log2 |x|| < 151), so within 2^-77 relative ([`POW_REL`]). The hard
//! F inputs of these functions lie some 2^-60 from a boundary, far outside these bounds.

use std::sync::OnceLock;

use num_bigint::BigInt;

use super::dd::{self, two_sum, Dd};
use super::ops::{Binary, Unary};
use super::series::{self, Trig};
use super::trig;
use crate::softfloat::{Format, Rounding};

/// Relative error bound of [`log2`].
pub const LOG2_REL: f64 = f64::from_bits((1023 - 85) << 52);
/// Relative error bound of [`exp2`] for an exact argument.
pub const EXP2_REL: f64 = f64::from_bits((1023 - 90) << 52);
/// Relative error bound of ln and e^x.
const DERIVED_REL: f64 = f64::from_bits((1023 - 84) << 52);
/// Relative error bound of |x|^y in F's range.
pub const POW_REL: f64 = f64::from_bits((1023 - 77) << 52);

/// Precision (bits) at which the tables' entries are computed.
const TABLE_BITS: u64 = 200;

/// The tables of log2 and 2^x (also read by `approx`), built once.
pub struct Tables {
    /// r_i = R_i / 2^14 and -log2 r_i (i < 64) or -log2(2 r_i) (i >= 64).
    pub log2: [(f64, Dd); 128],
    /// 2^(j/64).
    pub exp2: [Dd; 64],
    pub ln2: Dd,
    pub log2e: Dd,
    /// (-1)^(k+1) / k at index k (1 to 15; within 2^-106).
    ln_coef: [Dd; 16],
    /// 1/k! at index k (0 to 11; within 2^-106).
    inv_fact: [Dd; 12],
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let w = TABLE_BITS;
        let ln2 = BigInt::from(series::ln2(w + 8)) >> 8u32;
        let log2e = (BigInt::from(1u8) << (2 * w)) / &ln2;
        let mut log2 = [(0.0, Dd::from(0.0)); 128];
        for (i, entry) in log2.iter_mut().enumerate() {
            let c = 2 * i as u64 + 257; // c_i = c / 256
            let r = match i {
                0 => 1 << 14,
                127 => 1 << 13,
                _ => ((1u64 << 22) + c / 2) / c,
            };
            // -log2(R 2^-14), or -log2(R 2^-13) past the middle.
            let e = if i >= 64 { -13 } else { -14 };
            let l = series::log2(r, e, w + 8);
            *entry = (r as f64 / 16384.0, dd::from_fixed(&(-(l.v >> 8u32)), w));
        }
        let mut exp2 = [Dd::from(0.0); 64];
        for (j, entry) in exp2.iter_mut().enumerate() {
            // t = j ln 2 / 64 at scale w + 8, within j 2 / 64 + 1 units.
            let t = series::Fixed {
                v: (BigInt::from(series::ln2(w + 8)) * j) >> 6u32,
                scale: w + 8,
                err: 3,
            };
            *entry = match series::exp(&t, w + 8) {
                Some(s) => dd::from_fixed(&BigInt::from(s.m), (-s.e) as u64),
                None => Dd::from(f64::NAN),
            };
        }
        let mut ln_coef = [Dd::from(0.0); 16];
        for (k, c) in ln_coef.iter_mut().enumerate().skip(1) {
            let r = reciprocal(k as f64);
            *c = if k % 2 == 0 { r.neg() } else { r };
        }
        let mut inv_fact = [Dd::from(1.0); 12];
        for (k, c) in inv_fact.iter_mut().enumerate().skip(2) {
            *c = reciprocal((2..=k).map(|i| i as f64).product());
        }
        Tables {
            log2,
            exp2,
            ln_coef,
            inv_fact,
            ln2: dd::from_fixed(&ln2, w),
            log2e: dd::from_fixed(&log2e, w),
        }
    })
}

/// The reduction of log2 x for a positive finite x of at most 24 significant bits (an F
/// denormal is an f64 normal): (e', the table's entry, u) with log2 x = e' + entry +
/// log2(1 + u), u exact and |u| < 2^-7 (the module's comment).
#[inline(always)]
pub fn log2_reduce(t: &Tables, x: f64) -> (i32, Dd, f64) {
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let m = f64::from_bits((bits & ((1 << 52) - 1)) | (1023 << 52));
    let i = ((bits >> 45) & 127) as usize;
    let (r, entry) = t.log2[i];
    (e + i32::from(i >= 64), entry, m * r - 1.0)
}

/// log2 x for a positive finite x of at most 24 significant bits, within [`LOG2_REL`].
pub fn log2(x: f64) -> Dd {
    let t = tables();
    let (e, entry, u) = log2_reduce(t, x);
    // ln(1 + u) = u (1 + u (-1/2 + u (1/3 - ...))): the terms from u^7 on in f64.
    let c = &t.ln_coef;
    let tail = (7..=15).rev().fold(0.0, |q, k| c[k].hi + u * q);
    let mut q = Dd::from(tail);
    for k in (2..=6).rev() {
        q = c[k].add(q.mul_f64(u));
    }
    let ln = Dd::from(1.0).add(q.mul_f64(u)).mul_f64(u);
    ln.mul(t.log2e).add(entry).add_f64(f64::from(e))
}

/// 1/d for a small integer d, in double-double: hi = 1/d rounded, lo = (1 - d hi) / d
/// (1 - d hi exact from the exact product).
fn reciprocal(d: f64) -> Dd {
    let hi = 1.0 / d;
    let p = dd::two_prod(d, hi);
    let rem = (1.0 - p.hi) - p.lo;
    dd::fast_two_sum(hi, rem / d)
}

/// 2^w for |w.hi| < 1000, within [`EXP2_REL`] of 2^(w.hi + w.lo).
pub fn exp2(w: Dd) -> Dd {
    let t = tables();
    // 64 w.hi to the nearest integer (ties to even) by adding and removing 1.5 2^52, where
    // the f64 quantum is 1 (|64 w.hi| < 2^51); no call to a library rint.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let big_n = (w.hi * 64.0 + ROUND) - ROUND;
    // w.hi - N/64 is exact: a multiple of w.hi's quantum (or 0) below 1/128 in magnitude.
    let f = two_sum(w.hi - big_n / 64.0, w.lo);
    let n = big_n as i64;
    let (j, n) = ((n & 63) as usize, (n >> 6) as i32);
    let tt = f.mul(t.ln2);
    // e^t = 1 + t (1 + t (1/2 + t (1/6 + t (1/24 + t tail)))), tail from t^5 on in f64.
    let c = &t.inv_fact;
    let tail = (5..=11).rev().fold(0.0, |q, k| c[k].hi + tt.hi * q);
    let mut q = Dd::from(tail);
    for k in (1..=4).rev() {
        q = c[k].add(q.mul(tt));
    }
    let e = Dd::from(1.0).add(q.mul(tt));
    t.exp2[j].mul(e).scale(n)
}

/// f(x) into F under `rnd` by the double-double step, for a source of at most 24
/// significant bits; None when it does not decide (or for other functions and formats).
pub fn unary(f: Unary, x: f64, src: Format, dst: Format, rnd: Rounding) -> Option<u64> {
    if dst != Format::F || src.mbits > Format::F.mbits || !x.is_finite() || x == 0.0 {
        return None;
    }
    let (v, rel) = match f {
        Unary::Log2 if x > 0.0 => (log2(x), LOG2_REL),
        Unary::Ln if x > 0.0 => (log2(x).mul(tables().ln2), DERIVED_REL),
        Unary::Exp2 if x.abs() < 152.0 => (exp2(Dd::from(x)), EXP2_REL),
        Unary::Exp if x.abs() < 106.0 => (exp2(tables().log2e.mul_f64(x)), DERIVED_REL),
        Unary::Sin => (trig::sin_cos_dd(Trig::Sin, x)?, trig::TRIG_DD_REL),
        Unary::Cos => (trig::sin_cos_dd(Trig::Cos, x)?, trig::TRIG_DD_REL),
        _ => return None,
    };
    dd::round_f(v, rel, rnd)
}

/// f(x, y) into F under `rnd` by the double-double step (|x|^y of finite nonzero x and y),
/// for a source of at most 24 significant bits; None when it does not decide.
pub fn binary(f: Binary, x: f64, y: f64, src: Format, dst: Format, rnd: Rounding) -> Option<u64> {
    let usable = dst == Format::F && src.mbits <= Format::F.mbits;
    if f != Binary::PowAbs || !usable || !(x.is_finite() && y.is_finite()) || x == 0.0 {
        return None;
    }
    let w = log2(x.abs()).mul_f64(y);
    if w.hi.abs() >= 151.0 {
        return None;
    }
    dd::round_f(exp2(w), POW_REL, rnd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::testing::{xorshift, MODES};
    use crate::math::{binary_exact, unary_exact};

    /// The hard-to-round F inputs the generators use (log2, exp2), with CORE-MATH's three
    /// exp2f cases, and inputs near the tables' seams.
    fn hard_and_seams() -> Vec<(Unary, f32)> {
        let mut v = vec![
            (Unary::Log2, 2.507_490_4f32),
            (Unary::Log2, f32::from_bits(0x0091_4a90)),
            (Unary::Log2, f32::from_bits(0x4020_7ab9)),
            (Unary::Exp2, f32::from_bits(0x3b42_9d37)),
            (Unary::Exp2, f32::from_bits(0xbcf3_a937)),
            (Unary::Exp2, f32::from_bits(0xb8d3_d026)),
        ];
        for i in 0..128u32 {
            for d in [0u32, 1, 0xffff] {
                let m = 0x3f80_0000 | (i << 16);
                v.push((Unary::Log2, f32::from_bits(m.wrapping_sub(d) | 1)));
                v.push((Unary::Log2, f32::from_bits(m + d + 3)));
            }
        }
        for n in (-8000..8000).filter(|&n| n != 0) {
            let x = n as f32 / 64.0;
            for d in [-1i32, 1] {
                v.push((
                    Unary::Exp2,
                    f32::from_bits(x.to_bits().wrapping_add_signed(d)),
                ));
            }
        }
        v
    }

    #[test]
    fn the_step_equals_the_exact_path_where_it_decides() {
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        let mut cases = hard_and_seams();
        for _ in 0..4000 {
            let b = next() as u32 & 0x7fff_ffff;
            for f in [Unary::Log2, Unary::Exp2, Unary::Ln, Unary::Exp] {
                // log2 and ln: any positive finite x; 2^x and e^x: 2^-27 <= |x| < 2^6 (the
                // rules take smaller ones; larger ones leave F's normal range).
                let x = match f {
                    Unary::Log2 | Unary::Ln => f32::from_bits(b % 0x7f80_0000),
                    _ => {
                        let mag = ((100 + next() % 33) << 23) as u32 | (b & 0x7f_ffff);
                        f32::from_bits(mag | ((next() as u32) & 0x8000_0000))
                    }
                };
                cases.push((f, x));
            }
        }
        let mut decided = 0;
        for &(f, x) in &cases {
            for rnd in MODES {
                let Some(got) = unary(f, f64::from(x), Format::F, Format::F, rnd) else {
                    continue;
                };
                decided += 1;
                let want = unary_exact(f, u64::from(x.to_bits()), Format::F, Format::F, rnd);
                assert_eq!(got, want, "{f:?} {:#010x} {rnd:?}", x.to_bits());
            }
        }
        assert!(
            decided * 1000 >= cases.len() * 4 * 999,
            "{decided} of {}",
            cases.len() * 4
        );
    }

    #[test]
    fn the_hard_inputs_are_decided() {
        for (f, x) in hard_and_seams().into_iter().take(6) {
            for rnd in MODES {
                let got = unary(f, f64::from(x), Format::F, Format::F, rnd);
                assert!(got.is_some(), "{f:?} {:#010x} {rnd:?}", x.to_bits());
            }
        }
    }

    #[test]
    fn pow_equals_the_exact_path_where_it_decides() {
        let mut next = xorshift(0x2127_599b_f432_5c37);
        let mut decided = 0;
        let n = 3000;
        for k in 0..n {
            let x = f32::from_bits(next() as u32 % 0x7f80_0000);
            let y = match k % 3 {
                0 => (next() % 64) as f32 - 32.0 + 0.5,
                1 => {
                    f32::from_bits(next() as u32 % 0x4200_0000)
                        * if next() & 1 == 0 { 1.0 } else { -1.0 }
                }
                _ => 1.0 / ((next() % 9) + 2) as f32,
            };
            for rnd in MODES {
                let Some(got) = binary(
                    Binary::PowAbs,
                    f64::from(x),
                    f64::from(y),
                    Format::F,
                    Format::F,
                    rnd,
                ) else {
                    continue;
                };
                decided += 1;
                let (xb, yb) = (u64::from(x.to_bits()), u64::from(y.to_bits()));
                let want = binary_exact(Binary::PowAbs, xb, yb, Format::F, Format::F, rnd);
                assert_eq!(got, want, "{x:e}^{y:e} {rnd:?}");
            }
        }
        assert!(decided > n, "{decided}");
    }
}

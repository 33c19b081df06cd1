//! F lanes into F: the common case of the math instructions' batches.
//!
//! The special values and the exact results of each function are read off the input's
//! bits (the F rows of the tables in `special_unary`, and the results that are powers of
//! two or integers), without the f64 detour of the general rules. Every other lane is
//! evaluated in f64 and rounded by the branch-free boundary test; a lane the test rejects
//! takes the general path (`super::rejected`). The tests check every rule here against
//! the exact path over every input class it covers.

use super::fast::{self, STEPS_EXACT_OP, STEPS_LIBM, STEPS_RSQRT};
use super::lane::{binary_lane, rejected, unary_lane};
use super::ops::{Binary, Path, Unary};
use super::{approx, refine, trig};
use crate::softfloat::{Format, Rounding};

const SIGN: u32 = 0x8000_0000;
const INF: u32 = 0x7f80_0000;
/// F's default NaN (`Format::default_nan`).
const NAN: u32 = 0x7fc0_0000;
const ONE: u32 = 0x3f80_0000;
/// The largest finite F value.
const MAX: u32 = 0x7f7f_ffff;
const FRAC: u32 = 0x007f_ffff;
/// The bits of the smallest normal magnitude, 2^-126.
const MIN_NORMAL: u32 = 0x0080_0000;

/// f over F lanes into F (`out[i] = f(xs[i])`); the count of exact-path lanes.
pub(super) fn unary(f: Unary, rnd: Rounding, xs: &[u64], out: &mut [u64]) -> usize {
    match f {
        Unary::Inv => lanes(f, rnd, xs, out, inv, |x| 1.0 / x, STEPS_EXACT_OP),
        Unary::Sqrt => lanes(f, rnd, xs, out, sqrt, f64::sqrt, STEPS_EXACT_OP),
        Unary::Rsqrt => lanes(f, rnd, xs, out, rsqrt, |x| 1.0 / x.sqrt(), STEPS_RSQRT),
        Unary::Log2 => {
            let t = refine::tables();
            let eval = |x| approx::log2(t, x);
            lanes(f, rnd, xs, out, log2, eval, approx::STEPS_LOG2)
        }
        Unary::Exp2 => {
            let t = refine::tables();
            let eval = |x| approx::exp2(t, x);
            lanes(f, rnd, xs, out, exp2, eval, approx::STEPS_EXP2)
        }
        Unary::Sin => lanes(f, rnd, xs, out, sin, trig::sin_f, trig::STEPS_TRIG),
        Unary::Cos => lanes(f, rnd, xs, out, cos, trig::cos_f, trig::STEPS_TRIG),
        Unary::Ln => lanes(f, rnd, xs, out, |_, _| None, f64::ln, STEPS_LIBM),
        Unary::Exp => lanes(f, rnd, xs, out, |_, _| None, f64::exp, STEPS_LIBM),
    }
}

#[inline(always)]
fn lanes(
    f: Unary,
    rnd: Rounding,
    xs: &[u64],
    out: &mut [u64],
    special: impl Fn(u32, Rounding) -> Option<u32>,
    eval: impl Fn(f64) -> f64,
    steps: u64,
) -> usize {
    let mut exact = 0;
    // The last rejected lane's input and result: an instruction's lanes often repeat one
    // value (a scalar region), and a rejected lane is the costly kind.
    let mut last: Option<(u64, u64)> = None;
    for (o, &x) in out.iter_mut().zip(xs) {
        let x32 = x as u32;
        if let Some(s) = special(x32, rnd) {
            *o = u64::from(s);
            continue;
        }
        let r = eval(f64::from(f32::from_bits(x32)));
        let (b, good) = fast::round_f_normal(r, steps, rnd);
        *o = match last {
            _ if good => b,
            Some((lx, lv)) if lx == x => lv,
            _ => {
                let (v, took_exact) = rejected(f, x, r, steps, Format::F, Format::F, rnd);
                exact += usize::from(took_exact);
                last = Some((x, v));
                v
            }
        };
    }
    exact
}

/// Whether the bits are a positive normal F value (finite, not zero or denormal).
#[inline(always)]
fn positive_normal(x: u32) -> bool {
    x.wrapping_sub(MIN_NORMAL) < INF - MIN_NORMAL
}

/// The biased exponent of F bits.
#[inline(always)]
fn biased(x: u32) -> u32 {
    (x >> 23) & 0xff
}

/// Whether a magnitude's bits are a NaN.
#[inline(always)]
fn nan(a: u32) -> bool {
    a > INF
}

/// 1/x: ±0 gives ±inf, ±inf gives ±0, 2^e gives 2^-e exactly while that is normal.
#[inline(always)]
fn inv(x: u32, _: Rounding) -> Option<u32> {
    let (a, s) = (x & !SIGN, x & SIGN);
    if positive_normal(a) && a & FRAC != 0 {
        return None;
    }
    match a {
        0 => Some(s | INF),
        INF => Some(s),
        _ if nan(a) => Some(NAN),
        // 2^(b-127) with b <= 253: 2^(127-b) = biased 254 - b.
        _ if positive_normal(a) && biased(a) <= 253 => Some(s | ((254 - biased(a)) << 23)),
        _ => None,
    }
}

/// sqrt(x): ±0 kept, a negative x gives NaN, +inf kept, 2^2k gives 2^k exactly.
#[inline(always)]
fn sqrt(x: u32, _: Rounding) -> Option<u32> {
    let b = biased(x);
    if positive_normal(x) && (x & FRAC != 0 || b.is_multiple_of(2)) {
        return None;
    }
    let a = x & !SIGN;
    if nan(a) {
        Some(NAN)
    } else if a == 0 || x == INF {
        Some(x)
    } else if x & SIGN != 0 {
        Some(NAN)
    } else if positive_normal(x) {
        // 2^(b-127) with b odd: 2^((b-127)/2), biased (b+127)/2.
        Some(((b + 127) / 2) << 23)
    } else {
        None
    }
}

/// 1/sqrt(x): ±0 gives ±inf, a negative x NaN, +inf +0, 2^2k gives 2^-k exactly.
#[inline(always)]
fn rsqrt(x: u32, _: Rounding) -> Option<u32> {
    let b = biased(x);
    if positive_normal(x) && (x & FRAC != 0 || b.is_multiple_of(2)) {
        return None;
    }
    let a = x & !SIGN;
    if nan(a) {
        Some(NAN)
    } else if a == 0 {
        Some((x & SIGN) | INF)
    } else if x == INF {
        Some(0)
    } else if x & SIGN != 0 {
        Some(NAN)
    } else if positive_normal(x) {
        // 2^(b-127) with b odd: 2^((127-b)/2), biased (381-b)/2.
        Some(((381 - b) / 2) << 23)
    } else {
        None
    }
}

/// log2(x): ±0 gives -inf, a negative x NaN, +inf kept, 2^k gives k exactly (1 gives +0).
#[inline(always)]
fn log2(x: u32, _: Rounding) -> Option<u32> {
    if positive_normal(x) && x & FRAC != 0 {
        return None;
    }
    let a = x & !SIGN;
    let k = if nan(a) {
        return Some(NAN);
    } else if a == 0 {
        return Some(SIGN | INF);
    } else if x == INF {
        return Some(INF);
    } else if x & SIGN != 0 {
        return Some(NAN);
    } else if positive_normal(x) {
        biased(x) as i32 - 127
    } else if x.is_power_of_two() {
        // A denormal 2^(t-149), t the bit's position.
        x.trailing_zeros() as i32 - 149
    } else {
        return None;
    };
    Some((k as f32).to_bits())
}

/// 2^x: ±0 gives 1, +inf kept, -inf +0; x >= 128 overflows, x <= -150 is tiny, 0 < |x| <
/// 2^-27 rounds as 1 nudged toward x's side; an integer x gives 2^x exactly.
#[inline(always)]
fn exp2(x: u32, rnd: Rounding) -> Option<u32> {
    let a = x & !SIGN;
    let v = f32::from_bits(x);
    // 2^-27 (biased 100) <= |x| < 128, x >= -150, not an integer: computed.
    let plain = a.wrapping_sub(100 << 23) < (134 - 100) << 23 && v >= -150.0;
    let i = v as i32;
    if plain && i as f32 != v {
        return None;
    }
    if nan(a) {
        Some(NAN)
    } else if a == 0 {
        Some(ONE)
    } else if x == INF {
        Some(INF)
    } else if x == SIGN | INF {
        Some(0)
    } else if v >= 128.0 {
        Some(overflow(rnd))
    } else if v <= -150.0 {
        // At most 2^-150, half the smallest denormal (a tie to nearest, which goes to the
        // even +0).
        Some(tiny(rnd))
    } else if a < 100 << 23 {
        Some(one_nudged(x & SIGN == 0, rnd))
    } else if i as f32 == v && i >= -149 {
        Some(if i >= -126 {
            ((i + 127) as u32) << 23
        } else {
            1 << (i + 149)
        })
    } else {
        None
    }
}

/// Whether a value of sign `neg` nudged toward zero by an infinitesimal rounds to the
/// value's neighbour toward zero (true) or to the value itself.
#[inline(always)]
fn toward_zero(neg: bool, rnd: Rounding) -> bool {
    match rnd {
        Rounding::NearestEven => false,
        Rounding::Zero => true,
        Rounding::Down => !neg,
        Rounding::Up => neg,
    }
}

/// sin x: ±0 kept, ±inf gives NaN; 0 < |x| < 2^-14 rounds as x nudged toward zero.
#[inline(always)]
fn sin(x: u32, rnd: Rounding) -> Option<u32> {
    let a = x & !SIGN;
    // 2^-14: biased 113.
    if a.wrapping_sub(113 << 23) < INF - (113 << 23) {
        return None;
    }
    if a >= INF {
        Some(NAN)
    } else if a == 0 {
        Some(x)
    } else {
        Some(x - u32::from(toward_zero(x & SIGN != 0, rnd)))
    }
}

/// cos x: ±0 gives 1, ±inf NaN; 0 < |x| < 2^-14 rounds as 1 nudged down.
#[inline(always)]
fn cos(x: u32, rnd: Rounding) -> Option<u32> {
    let a = x & !SIGN;
    if a.wrapping_sub(113 << 23) < INF - (113 << 23) {
        return None;
    }
    if a >= INF {
        Some(NAN)
    } else if a == 0 {
        Some(ONE)
    } else {
        Some(one_nudged(false, rnd))
    }
}

/// |x|^y over F lanes into F (`out[i] = |xs[i]|^ys[i]`); the count of exact-path lanes.
pub(super) fn pow_abs(rnd: Rounding, xs: &[u64], ys: &[u64], out: &mut [u64]) -> usize {
    let tables = refine::tables();
    let mut exact = 0;
    // The last lane's inputs and result: an instruction's lanes often repeat one pair.
    let mut last: Option<(u64, u64, u64)> = None;
    for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
        *o = match last {
            Some((lx, ly, lv)) if (lx, ly) == (x, y) => lv,
            _ => {
                let (v, took_exact) = pow_lane(x, y, tables, rnd);
                exact += usize::from(took_exact);
                last = Some((x, y, v));
                v
            }
        };
    }
    exact
}

/// One lane of |x|^y into F: the rules, the one-source functions, the f64 evaluation and
/// the rejected lanes' steps. Returns the bits and whether the exact path computed them.
#[inline(always)]
fn pow_lane(x: u64, y: u64, tables: &refine::Tables, rnd: Rounding) -> (u64, bool) {
    let (x32, y32) = (x as u32, y as u32);
    if let Some(s) = pow(x32, y32, rnd) {
        return (u64::from(s), false);
    }
    if let Some(f) = pow_as_unary(y32) {
        // a^-1 = 1/a, a^(±1/2) = sqrt(a) and 1/sqrt(a): the same values, correctly rounded
        // by the one-source functions (their residual steps decide exact results without
        // the exact path).
        let (v, path) = unary_lane(f, x & 0x7fff_ffff, Format::F, Format::F, rnd, true);
        return (v, path == Path::Exact);
    }
    let (a, b) = (
        f64::from(f32::from_bits(x32 & !SIGN)),
        f64::from(f32::from_bits(y32)),
    );
    let (r, w) = approx::pow_abs(tables, a, b);
    match fast::round_f_normal(r, approx::STEPS_POW, rnd) {
        (bits, true) => (bits, false),
        _ => pow_rejected(x, y, a, b, w, rnd),
    }
}

/// A lane of |x|^y (x and y finite and nonzero, a = |x| not 1) that the boundary test
/// rejected, w = y log2 a within 2^-45 relative (`approx`): w past 128 (1 + 2^-44)
/// overflows, w below -150 (1 + 2^-44) is tiny (below half the smallest denormal); 0 <
/// |w| < 2^-28 (1 - 2^-44) rounds as 1 nudged toward w's side (the exp2 rule); otherwise
/// the double-double step, then the exact path.
#[inline(never)]
fn pow_rejected(x: u64, y: u64, a: f64, b: f64, w: f64, rnd: Rounding) -> (u64, bool) {
    const NEAR: f64 = 1.0 + 2.0 * approx::W_REL;
    let bits = if w >= 128.0 * NEAR {
        Some(overflow(rnd))
    } else if w * NEAR < -150.0 {
        Some(tiny(rnd))
    } else if w.abs() * NEAR < 2f64.powi(-28) {
        Some(one_nudged((b > 0.0) == (a > 1.0), rnd))
    } else {
        None
    };
    if let Some(v) = bits {
        return (u64::from(v), false);
    }
    if let Some(v) = refine::binary(Binary::PowAbs, a, b, Format::F, Format::F, rnd) {
        return (v, false);
    }
    let (v, path) = binary_lane(Binary::PowAbs, x, y, Format::F, Format::F, rnd, false);
    (v, path == Path::Exact)
}

/// The one-source function equal to a^y for a finite positive a, for y = -1, 1/2, -1/2.
#[inline(always)]
fn pow_as_unary(y: u32) -> Option<Unary> {
    match y {
        0xbf80_0000 => Some(Unary::Inv),
        0x3f00_0000 => Some(Unary::Sqrt),
        0xbf00_0000 => Some(Unary::Rsqrt),
        _ => None,
    }
}

/// The overflow result of a positive value past F's range.
#[inline(always)]
fn overflow(rnd: Rounding) -> u32 {
    match rnd {
        Rounding::NearestEven | Rounding::Up => INF,
        Rounding::Down | Rounding::Zero => MAX,
    }
}

/// The rounding of a positive value at most half the smallest denormal (+0 but upward).
#[inline(always)]
fn tiny(rnd: Rounding) -> u32 {
    u32::from(rnd == Rounding::Up)
}

/// The rounding of 1 nudged by an infinitesimal, up or down.
#[inline(always)]
fn one_nudged(up: bool, rnd: Rounding) -> u32 {
    match (up, rnd) {
        (true, Rounding::Up) => ONE + 1,
        (false, Rounding::Down | Rounding::Zero) => ONE - 1,
        _ => ONE,
    }
}

/// |x|^y (IEEE 754-2019 pow of a = |x|, see `special_binary`): a signalling NaN gives NaN;
/// y = ±0 or a = 1 gives 1; another NaN gives NaN; a = 0, a = inf and y = ±inf give 0 or
/// inf; y = 1 gives a, y = 2 the one rounding of the exact f64 square; a = 2^k with an
/// integer y gives 2^(k y) exactly, overflowing from 2^128 on and tiny from 2^-150 down.
#[inline(always)]
fn pow(x: u32, y: u32, rnd: Rounding) -> Option<u32> {
    let (a, b) = (x & !SIGN, y & !SIGN);
    let (av, yv) = (f32::from_bits(a), f32::from_bits(y));
    // Both finite and nonzero, a not 1, y not 1 or 2 and a not a power of two: computed.
    let pow2 = a & FRAC == 0 || a < MIN_NORMAL && a.is_power_of_two();
    let plain = a.wrapping_sub(1) < INF - 1 && b.wrapping_sub(1) < INF - 1;
    if plain && a != ONE && y != ONE && y != 0x4000_0000 && !pow2 {
        return None;
    }
    let quiet = 0x0040_0000;
    if (nan(a) && a & quiet == 0) || (nan(b) && b & quiet == 0) {
        return Some(NAN);
    }
    if b == 0 || a == ONE {
        return Some(ONE);
    }
    if nan(a) || nan(b) {
        return Some(NAN);
    }
    let neg_y = y & SIGN != 0;
    if a == 0 || a == INF {
        return Some(if (a == 0) == neg_y { INF } else { 0 });
    }
    if b == INF {
        return Some(if (av > 1.0) != neg_y { INF } else { 0 });
    }
    if y == ONE {
        return Some(a);
    }
    if y == 0x4000_0000 {
        // a^2: the f64 product of two 24-bit values is exact; one rounding.
        let sq = f64::from(av) * f64::from(av);
        return Some(crate::softfloat::f64_to(sq.to_bits(), Format::F, rnd) as u32);
    }
    let i = yv as i32;
    if !pow2 || i as f32 != yv || yv.abs() > 1e6 {
        return None;
    }
    // a = 2^k, a^y = 2^(k y).
    let k = if a >= MIN_NORMAL {
        biased(a) as i64 - 127
    } else {
        i64::from(a.trailing_zeros()) - 149
    };
    let p = k * i64::from(i);
    Some(if p >= 128 {
        overflow(rnd)
    } else if p <= -150 {
        tiny(rnd)
    } else if p >= -126 {
        ((p + 127) as u32) << 23
    } else {
        1 << (p + 149)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::testing::MODES;
    use crate::math::{binary_exact, unary_exact};

    /// The F inputs of every class a rule here reads: signed zeros, infinities, NaNs (quiet
    /// and signalling, with payloads), every power of two (normal and denormal), every
    /// integer that exp2 maps exactly and its neighbours, the tiny ranges' ends and a
    /// sample inside them, the exp2 range ends, and denormals.
    fn class_inputs() -> Vec<u32> {
        let mut v = vec![0, INF, INF + 1, NAN, NAN | 0x1234, 0x7fff_ffff, 0x7fa0_0000];
        for t in 0..23 {
            v.push(1 << t);
            v.push((1 << t) | 1);
        }
        for b in 1..=254u32 {
            v.push(b << 23);
            v.push((b << 23) | 1);
            v.push((b << 23) | FRAC);
        }
        for i in -151..=130 {
            let f = i as f32;
            let b = f.to_bits();
            v.extend([b, b.wrapping_add(1), b.wrapping_sub(1)]);
            v.push((f + 0.5).to_bits());
        }
        for b in [100u32, 113] {
            for d in 0..64 {
                v.push((b << 23) + d);
                v.push((b << 23) - d);
                v.push((b << 23).wrapping_sub(1 + d * 0x1_2345));
            }
        }
        v.extend([0x3f80_0001, 0x3f7f_ffff, 0x0000_0003, 0x007f_fffe]);
        let mut all: Vec<u32> = v.iter().flat_map(|&x| [x, x ^ SIGN]).collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// A bit rule: the F result bits of an input, or None to compute it.
    type Rule = fn(u32, Rounding) -> Option<u32>;

    #[test]
    fn every_bit_rule_equals_the_exact_path() {
        let rules: [(Unary, Rule); 7] = [
            (Unary::Inv, inv),
            (Unary::Sqrt, sqrt),
            (Unary::Rsqrt, rsqrt),
            (Unary::Log2, log2),
            (Unary::Exp2, exp2),
            (Unary::Sin, sin),
            (Unary::Cos, cos),
        ];
        let inputs = class_inputs();
        for (f, rule) in rules {
            let mut decided = 0;
            for &x in &inputs {
                for rnd in MODES {
                    if let Some(r) = rule(x, rnd) {
                        decided += 1;
                        let want = unary_exact(f, u64::from(x), Format::F, Format::F, rnd);
                        assert_eq!(u64::from(r), want, "{f:?} {x:#010x} {rnd:?}");
                    }
                }
            }
            assert!(
                decided > 40,
                "{f:?}: only {decided} inputs decided by the rules"
            );
        }
    }

    #[test]
    fn the_pow_rules_equal_the_exact_path() {
        let mut xs: Vec<u32> = class_inputs().into_iter().step_by(7).collect();
        xs.extend([ONE, ONE | SIGN, 0x4000_0000, 0x3f00_0000, 1, 0x0040_0000]);
        let mut ys = vec![0, SIGN, INF, INF | SIGN, NAN, INF + 1, ONE, ONE | SIGN];
        ys.extend([2.0f32, -3.0, 0.5, 127.0, -149.0, 150.0, -75.0, 1e7, 3e9].map(f32::to_bits));
        let mut decided = 0;
        for &x in &xs {
            for &y in &ys {
                for rnd in MODES {
                    if let Some(r) = pow(x, y, rnd) {
                        decided += 1;
                        let (xb, yb) = (u64::from(x), u64::from(y));
                        let want = binary_exact(Binary::PowAbs, xb, yb, Format::F, Format::F, rnd);
                        assert_eq!(u64::from(r), want, "|{x:#010x}|^{y:#010x} {rnd:?}");
                    }
                }
            }
        }
        assert!(decided > xs.len() * 4 * 8, "{decided}");
        let (xs, ys): (Vec<u64>, Vec<u64>) = xs
            .iter()
            .flat_map(|&x| ys.iter().map(move |&y| (u64::from(x), u64::from(y))))
            .unzip();
        assert_pow_batch(&xs, &ys);
    }

    /// Lanes that repeat a value (a scalar region), hard-to-round ones among them, with
    /// other values between the repeats: every lane is its own exact result.
    #[test]
    fn repeated_lanes_equal_the_exact_path() {
        let hard = [
            (Unary::Exp2, 0x3b42_9d37u64),
            (Unary::Log2, 0x4020_7ab9),
            (Unary::Sin, 0x3fa0_fa4e),
            (Unary::Cos, 0x3f86_26a5),
        ];
        let other = 0x3fc0_0000; // 1.5
        for (f, h) in hard {
            assert_unary_batch(f, &[h, h, h, other, h, h, other, other, h ^ 1, h]);
        }
        let (xs, ys) = (
            [0x4040_0000u64, 0x4040_0000, 0x4040_0000, 0x4040_0000],
            [0x3fc0_0000u64, 0x3fc0_0000, 0x3f40_0000, 0x3fc0_0000],
        );
        assert_pow_batch(&xs, &ys);
    }

    #[test]
    fn the_batch_equals_the_lanes_over_the_classes() {
        let inputs: Vec<u64> = class_inputs().into_iter().map(u64::from).collect();
        for f in Unary::ALL {
            assert_unary_batch(f, &inputs);
        }
    }

    /// The batch of F lanes `xs` gives each lane's exact result in every mode.
    fn assert_unary_batch(f: Unary, xs: &[u64]) {
        let mut out = vec![0; xs.len()];
        for rnd in MODES {
            unary(f, rnd, xs, &mut out);
            for (&x, &r) in xs.iter().zip(&out) {
                let want = unary_exact(f, x, Format::F, Format::F, rnd);
                assert_eq!(r, want, "{f:?} {x:#010x} {rnd:?}");
            }
        }
    }

    /// The batch of F lane pairs gives each pair's exact |x|^y in every mode.
    fn assert_pow_batch(xs: &[u64], ys: &[u64]) {
        let mut out = vec![0; xs.len()];
        for rnd in MODES {
            pow_abs(rnd, xs, ys, &mut out);
            for ((&x, &y), &r) in xs.iter().zip(ys).zip(&out) {
                let want = binary_exact(Binary::PowAbs, x, y, Format::F, Format::F, rnd);
                assert_eq!(r, want, "|{x:#010x}|^{y:#010x} {rnd:?}");
            }
        }
    }
}

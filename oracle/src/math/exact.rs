//! The exact path: correctly rounded results from exact integer arithmetic (the algebraic
//! functions) or from Ziv's strategy (the transcendental ones): evaluate at a working
//! precision with a rigorous error bound, round both ends of the enclosure, and return when
//! they agree; otherwise double the precision. Results that are exactly representable or
//! exactly on a rounding boundary would never be decided that way, so each function first
//! detects them (they are exactly the dyadic results: see each `exact_*`).

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::series::{self, Fixed, Trig};
use crate::softfloat::{self, round_pack, Format, Rounding};

/// First working precision above the destination's precision, and the last one tried.
const ZIV_EXTRA: u64 = 32;
const ZIV_MAX: u64 = 1 << 15;

/// Rounds `(-1)^neg * (mag * 2^exp + nudge * eps)` into `fmt`, where eps is an
/// infinitesimal positive amount (nudge in {-1, 0, 1} moves the magnitude). The magnitude is
/// normalised to 64 bits; bits below are a sticky bit, and a nudge becomes a quarter unit of
/// the 64-bit value. Every rounding boundary of a format of at most 53 bits lies on a
/// multiple of 2^-55 of the value's binade, so neither changes which side a value is on.
pub fn round_dyadic(
    neg: bool,
    mag: &BigUint,
    exp: i64,
    nudge: i8,
    fmt: Format,
    rnd: Rounding,
) -> u64 {
    if mag.is_zero() {
        return if nudge > 0 {
            round_pack(neg, 1u64, -20_000, fmt, rnd)
        } else {
            fmt.zero(neg)
        };
    }
    let len = mag.bits() as i64;
    let top = len + exp;
    if top > 10_000 {
        return round_pack(neg, 1u64, 10_000, fmt, rnd);
    }
    if top < -10_000 {
        // Far below the smallest denormal: rounds as any tiny nonzero value of its sign.
        return round_pack(neg, 1u64, -20_000, fmt, rnd);
    }
    let (t, s, rest) = if len > 64 {
        let shift = (len - 64) as u64;
        let t = (mag >> shift).to_u64().unwrap_or(u64::MAX);
        let rest = mag.trailing_zeros().unwrap_or(0) < shift;
        (t, exp + shift as i64, rest)
    } else {
        let shift = (64 - len) as u32;
        let t = mag.to_u64().unwrap_or(0) << shift;
        (t, exp - i64::from(shift), false)
    };
    let wide = u128::from(t) << 2;
    let wide = if rest {
        wide | 1
    } else {
        match nudge {
            1 => wide + 1,
            -1 => wide - 1,
            _ => wide,
        }
    };
    round_pack(neg, wide, (s - 2) as i32, fmt, rnd)
}

/// Rounds a signed dyadic `v * 2^e`.
fn round_signed(v: &BigInt, e: i64, fmt: Format, rnd: Rounding) -> u64 {
    round_dyadic(v.is_negative(), v.magnitude(), e, 0, fmt, rnd)
}

/// Rounds `a + nudge * eps` for an f64 value `a` (finite) and an infinitesimal eps > 0 in
/// the direction of `nudge` (toward +inf for +1).
///
/// For a nonzero a the nudge is one unit 8 bits below a's last bit: a is a multiple of
/// 2^e (e the weight of its last bit) and every rounding boundary of a format of at most
/// 53 bits is a multiple of 2^(e-1), so a ± 2^(e-8) lies on the nudge's side of a and
/// before the next boundary, where a ± eps lies: one exact rounding of a 61-bit mantissa.
pub fn round_near(a: f64, nudge: i8, fmt: Format, rnd: Rounding) -> u64 {
    let (neg, m, e) = unpack(a);
    let mag_nudge = if neg { -nudge } else { nudge };
    if m == 0 {
        return round_dyadic(neg, &BigUint::from(m), e, mag_nudge, fmt, rnd);
    }
    let mag = (u128::from(m) << 8).wrapping_add_signed(i128::from(mag_nudge));
    round_pack(neg, mag, (e - 8) as i32, fmt, rnd)
}

/// A finite nonzero f64 as (neg, mantissa, exponent) with value mantissa * 2^exponent.
pub fn unpack(a: f64) -> (bool, u64, i64) {
    let bits = a.to_bits();
    let neg = bits >> 63 != 0;
    let e = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    if e == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | (1 << 52), e - 1075)
    }
}

/// A finite nonzero f64's magnitude as (odd, exponent).
fn unpack_odd(a: f64) -> (u64, i64) {
    let (_, m, e) = unpack(a);
    let tz = m.trailing_zeros();
    (m >> tz, e + i64::from(tz))
}

/// Whether every value in [v - err, v + err] * 2^e rounds alike, and to what.
fn decide(v: &BigInt, err: u64, e: i64, fmt: Format, rnd: Rounding) -> Option<u64> {
    let lo = v - BigInt::from(err);
    let hi = v + BigInt::from(err);
    let a = round_signed(&lo, e, fmt, rnd);
    let b = round_signed(&hi, e, fmt, rnd);
    (a == b).then_some(a)
}

/// One step of Ziv's loop at a working precision.
enum Step {
    /// Decided without an enclosure (an exact or range rule at this precision).
    Done(u64),
    /// The truth is within `err` units of `v * 2^e`.
    Approx { v: BigInt, e: i64, err: u64 },
    /// The evaluation could not be done at this precision; try a higher one.
    Retry,
}

/// Ziv's loop: doubles the precision until the enclosure rounds to one value. Only a result
/// exactly on a rounding boundary could keep it from ending, and the callers rule those out
/// first; past `ZIV_MAX` bits the centre is rounded (never reached for the inputs of these
/// formats: the hardest known cases need a few hundred bits).
fn ziv(fmt: Format, rnd: Rounding, mut eval: impl FnMut(u64) -> Step) -> u64 {
    let mut w = u64::from(fmt.mbits) + ZIV_EXTRA;
    let mut last = None;
    loop {
        match eval(w) {
            Step::Done(r) => return r,
            Step::Approx { v, e, err } => {
                if let Some(r) = decide(&v, err, e, fmt, rnd) {
                    return r;
                }
                last = Some(round_signed(&v, e, fmt, rnd));
            }
            Step::Retry => {}
        }
        if w >= ZIV_MAX {
            return last.unwrap_or_else(|| fmt.default_nan());
        }
        w *= 2;
    }
}

fn approx(f: Fixed) -> Step {
    Step::Approx {
        v: f.v,
        e: -(f.scale as i64),
        err: f.err,
    }
}

// ---------------------------------------------------------------------------------------
// Algebraic functions: exact integer arithmetic, no loop.

/// sqrt of a finite positive x: the integer square root of a 116-bit radicand gives about 58
/// bits, and a nonzero remainder is a sticky bit below them (the exact root then lies
/// strictly between q and q + 1, where no boundary of a 53-bit format can be).
pub fn sqrt(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (_, mut m, mut e) = unpack(x);
    if e % 2 != 0 {
        m <<= 1;
        e -= 1;
    }
    let len = 64 - m.leading_zeros();
    let s = (116 - len) / 2;
    let n = u128::from(m) << (2 * s);
    let q = n.isqrt();
    let rem = n - q * q;
    let mag = (q << 1) | u128::from(rem != 0);
    round_pack(
        false,
        mag,
        ((e - 2 * i64::from(s)) / 2 - 1) as i32,
        fmt,
        rnd,
    )
}

/// 1/sqrt of a finite positive x = m 2^e (e even): Q = isqrt(floor(2^(2S) / m)) equals
/// floor(2^S / sqrt m), exact iff 2^(2S) / m is an integer and a perfect square.
pub fn rsqrt(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (_, mut m, mut e) = unpack(x);
    if e % 2 != 0 {
        m <<= 1;
        e -= 1;
    }
    let len = u64::from(64 - m.leading_zeros());
    // Q has about S - len/2 bits; ask for at least 60.
    let s = 60 + len / 2 + 1;
    let num = BigUint::one() << (2 * s);
    let bm = BigUint::from(m);
    let d = &num / &bm;
    let r1 = &num - &d * &bm;
    let q = d.sqrt();
    let r2 = &d - &q * &q;
    let sticky = !(r1.is_zero() && r2.is_zero());
    let mag = (q << 1u32) | BigUint::from(u32::from(sticky));
    // value = Q 2^-S 2^(-e/2) = (2Q + sticky) 2^(-S - e/2 - 1)
    round_dyadic(false, &mag, -(s as i64) - e / 2 - 1, 0, fmt, rnd)
}

/// x / y for finite nonzero x and y (the oracle's exact division).
pub fn div(x: f64, y: f64, fmt: Format, rnd: Rounding) -> u64 {
    softfloat::div(x.to_bits(), y.to_bits(), fmt, rnd)
}

// ---------------------------------------------------------------------------------------
// Transcendental functions: Ziv's loop after the exact cases.

/// log2 of a finite positive x. Exact exactly when x is a power of two (otherwise log2 x is
/// irrational: 2^(p/q) is rational only for q = 1).
pub fn log2(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (_, m, e) = unpack(x);
    let (odd, oe) = unpack_odd(x);
    if odd == 1 {
        let n = BigInt::from(oe);
        return round_signed(&n, 0, fmt, rnd);
    }
    let extra = series::ln_extra_bits(m, e);
    ziv(fmt, rnd, |w| approx(series::log2(m, e, w + extra)))
}

/// ln of a finite positive x other than 1 (ln x is then transcendental, Lindemann).
pub fn ln(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (_, m, e) = unpack(x);
    let extra = series::ln_extra_bits(m, e);
    ziv(fmt, rnd, |w| {
        let w = w + extra + 12;
        approx(series::ln(m, e, w))
    })
}

/// 2^x for finite x inside the range rules. Exact exactly when x is an integer (2^x is
/// irrational otherwise).
pub fn exp2(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let n = x.round();
    if n == x {
        return round_dyadic(false, &BigUint::one(), n as i64, 0, fmt, rnd);
    }
    // f = x - n is exact in f64 (a multiple of x's quantum, |f| <= 1/2).
    let f = x - n;
    let (fneg, fm, fe) = unpack(f);
    ziv(fmt, rnd, |w| {
        let big_w = w + 16;
        // t = f ln 2 at scale big_w: F * LN2 * 2^fe, truncated (|f| <= 1/2: within 2 units).
        let l2 = series::ln2(big_w);
        let prod = BigInt::from(l2 * BigUint::from(fm));
        let prod = if fneg { -prod } else { prod };
        let (v, err) = series::rescale(&prod, 0, big_w + (-fe) as u64, big_w);
        let t = Fixed {
            v,
            scale: big_w,
            err: err + 1,
        };
        match series::exp(&t, big_w) {
            Some(s) => Step::Approx {
                v: BigInt::from(s.m),
                e: s.e + n as i64,
                err: s.err,
            },
            None => Step::Retry,
        }
    })
}

/// e^x for finite nonzero x inside the range rules (transcendental, Lindemann).
pub fn exp(x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (neg, m, e) = unpack(x);
    ziv(fmt, rnd, |w| {
        let big_w = w + 28;
        let t = series::dyadic_at(neg, m, e, big_w);
        match series::exp(&t, big_w) {
            Some(s) => Step::Approx {
                v: BigInt::from(s.m),
                e: s.e,
                err: s.err,
            },
            None => Step::Retry,
        }
    })
}

/// sin or cos of a finite nonzero x (transcendental, Lindemann).
pub fn trig(which: Trig, x: f64, fmt: Format, rnd: Rounding) -> u64 {
    let (neg, m, e) = unpack(x);
    ziv(fmt, rnd, |w| {
        let f = series::sin_cos(which, m, e, w + 8);
        // sin is odd, cos even.
        let f = if neg && which == Trig::Sin {
            Fixed { v: -f.v, ..f }
        } else {
            f
        };
        approx(f)
    })
}

/// |x|^y as an exact dyadic (mantissa, exponent) when it is one with few enough bits to be
/// a rounding boundary, else None (then it is irrational, a non-dyadic rational, or a dyadic
/// of more than 55 significant bits: never a boundary, so Ziv's loop ends).
///
/// With x = X 2^E and y = Y 2^F (X, Y odd): for an integer y, X^y 2^(Ey) when X = 1 or
/// y > 0 (y < 0 and X > 1 gives 1/X^|y|, not dyadic); for y = Y / 2^k, |x|^y is rational
/// only if X = Z^(2^k) and 2^k divides E, and then it is Z^Y 2^(EY/2^k).
fn pow_dyadic(x: f64, y: f64) -> Option<(BigUint, i64)> {
    let (xo, xe) = unpack_odd(x);
    let (yneg, _, _) = unpack(y);
    let (yo, ye) = unpack_odd(y);
    let sy: i128 = if yneg {
        -i128::from(yo)
    } else {
        i128::from(yo)
    };
    // Saturating exponent product: magnitudes beyond 2^40 round like infinity or zero.
    let clamp = |v: i128| v.clamp(-(1 << 40), 1 << 40) as i64;
    if ye >= 0 {
        // Integer y = sy 2^ye.
        let y_int: i128 = if ye > 60 {
            if yneg {
                -(1i128 << 100)
            } else {
                1i128 << 100
            }
        } else {
            sy << ye
        };
        if xo == 1 {
            return Some((BigUint::one(), clamp(i128::from(xe) * y_int)));
        }
        let xbits = i128::from(64 - xo.leading_zeros());
        if y_int > 0 && xbits * y_int <= 128 {
            let p = BigUint::from(xo).pow(y_int as u32);
            return Some((p, clamp(i128::from(xe) * y_int)));
        }
        return None;
    }
    let k = (-ye) as u32;
    if k >= 64 {
        return None;
    }
    let two_k = 1i64 << k.min(62);
    if xe.rem_euclid(two_k) != 0 {
        return None;
    }
    let eq = xe / two_k;
    if xo == 1 {
        return Some((BigUint::one(), clamp(i128::from(eq) * sy)));
    }
    if k > 6 {
        // X >= 3 would need X >= 3^(2^k) > 2^53.
        return None;
    }
    let mut z = u128::from(xo);
    for _ in 0..k {
        let r = z.isqrt();
        if r * r != z {
            return None;
        }
        z = r;
    }
    let zbits = i128::from(128 - z.leading_zeros());
    if sy > 0 && zbits * sy <= 128 {
        let p = BigUint::from(z).pow(sy as u32);
        return Some((p, clamp(i128::from(eq) * sy)));
    }
    None
}

/// |x|^y for finite x != 0, |x| != 1, finite y != 0.
pub fn pow_abs(x: f64, y: f64, fmt: Format, rnd: Rounding) -> u64 {
    let x = x.abs();
    if let Some((m, e)) = pow_dyadic(x, y) {
        return round_dyadic(false, &m, e, 0, fmt, rnd);
    }
    let (xneg_unused, xm, xe) = unpack(x);
    let _ = xneg_unused;
    let (yneg, ym, yexp) = unpack(y);
    // Integer bits of |y| (|y| < 2^yb).
    let yb = (yexp + 64 - i64::from(ym.leading_zeros())).max(0) as u64;
    // Sign of z = y ln|x|: ln|x| > 0 iff |x| > 1.
    let z_pos = (x > 1.0) != yneg;
    let bias = i64::from(fmt.bias());
    let m = i64::from(fmt.mbits);
    ziv(fmt, rnd, |w| {
        let wz = w + 40;
        let wl = wz + yb + 16;
        let lnx = series::ln(xm, xe, wl);
        // z = y ln|x| = ym 2^yexp LN 2^-wl, first at scale wl (exact or truncated).
        let prod = &lnx.v * BigInt::from(ym);
        let prod = if yneg { -prod } else { prod };
        let zv = if yexp >= 0 {
            prod << yexp as u64
        } else {
            prod >> (-yexp) as u64
        };
        // Error at wl: err_ln |y| + 1 <= err_ln 2^yb + 1 units; at wz (yb + 16 bits lower)
        // below err_ln / 2^16 + 1, plus 1 for the shift.
        let (zv, _) = series::rescale(&zv, 0, wl, wz);
        let err_z = (lnx.err >> 16) + 4;
        // Range rules, decided on the enclosure of z.
        let zmag = zv.magnitude();
        let tiny_bound = BigUint::one() << (wz as i64 - m - 5).max(0) as u64;
        if zmag + BigUint::from(err_z) < tiny_bound {
            // |z| < 2^-(m+5): |x|^y = e^z lies strictly within 2^-(m+3) of 1 on z's side.
            return Step::Done(round_near(1.0, if z_pos { 1 } else { -1 }, fmt, rnd));
        }
        let est = series::to_f64_scaled(&zv, wz);
        let margin = 1.0 + est.abs() * 1e-12;
        let ln2_hi = 0.693_148;
        if est - margin > (bias + 2) as f64 * ln2_hi {
            return Step::Done(round_dyadic(
                false,
                &BigUint::one(),
                10_000 + bias,
                0,
                fmt,
                rnd,
            ));
        }
        if est + margin < -((bias + m + 3) as f64) * ln2_hi {
            return Step::Done(round_dyadic(false, &BigUint::zero(), 0, 1, fmt, rnd));
        }
        let t = Fixed {
            v: zv,
            scale: wz,
            err: err_z,
        };
        match series::exp(&t, wz) {
            Some(s) => Step::Approx {
                v: BigInt::from(s.m),
                e: s.e,
                err: s.err,
            },
            None => Step::Retry,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `round_near`'s 61-bit mantissa rounds as the dyadic rounding with an infinitesimal
    /// nudge does, over f64 values spread across the whole range (denormals, the ends of
    /// F's and HF's ranges, halfway cases of each format), both nudges, every format and
    /// mode.
    #[test]
    fn round_near_equals_the_infinitesimal_nudge() {
        let mut next = crate::math::testing::xorshift(0x853c_49e6_748f_ea9b);
        let mut xs: Vec<f64> = (0..3000)
            .map(|_| {
                let r = next();
                // Mantissas with few low bits set: many sit on a format's boundaries.
                let frac = if r & 1 == 0 {
                    r >> 12
                } else {
                    (r >> 12) & !((1 << 40) - 1)
                };
                f64::from_bits((r & (1 << 63)) | ((next() % 0x7ff) << 52) | frac)
            })
            .collect();
        xs.extend([
            1.0,
            -1.0,
            0.5,
            f64::MIN_POSITIVE,
            5e-324,
            65504.0,
            3.4028234663852886e38,
        ]);
        let rounds = [
            Rounding::NearestEven,
            Rounding::Up,
            Rounding::Down,
            Rounding::Zero,
        ];
        for x in xs {
            let (neg, m, e) = unpack(x);
            for nudge in [-1i8, 0, 1] {
                let mag_nudge = if neg { -nudge } else { nudge };
                for fmt in [Format::DF, Format::F, Format::HF, Format::BF] {
                    for rnd in rounds {
                        let want = round_dyadic(neg, &BigUint::from(m), e, mag_nudge, fmt, rnd);
                        assert_eq!(
                            round_near(x, nudge, fmt, rnd),
                            want,
                            "{x:e} {nudge} {fmt:?} {rnd:?}"
                        );
                    }
                }
            }
        }
    }
}

//! Correctly rounded ADD, MUL, MAD and DIV under any rounding mode from the hardware's f64
//! arithmetic: the f64 nearest to the exact result, and on which side of it the exact result
//! lies, found with an error-free transformation (the rounding error of a sum, the product's
//! error from a fused multiply-add, the division's residual). That pair rounds into any
//! format and mode as the exact result does, since no rounding boundary of a format at
//! least one bit narrower lies strictly between the two, and a boundary on the f64 itself is
//! told apart by the side.
//!
//! Only tame operands take this path: finite, nonzero, and with binary exponents within
//! ±[`TAME`], so that no error term underflows and no result overflows. Anything else
//! returns `None`, and the caller takes [`crate::softfloat`], the general path.

use crate::softfloat::{round_pack, Format, Rounding};
use std::cmp::Ordering;

/// The largest binary exponent of a tame operand. Products and quotients of tame operands
/// stay within ±800 and their error terms above 2^-1000, far from f64's limits.
const TAME: i32 = 400;

/// The f64 nearest to an exact result (ties to even) and the side of it the exact result
/// lies on (`Greater`: above).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Near {
    pub s: f64,
    pub side: Ordering,
}

/// Finite, nonzero, and the binary exponent within ±[`TAME`].
#[inline(always)]
fn tame(bits: u64) -> bool {
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    (-TAME..=TAME).contains(&e)
}

/// The side of zero `x` lies on.
#[inline(always)]
fn sign(x: f64) -> Ordering {
    x.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// `a + b`: the rounding error of the sum, exact (Knuth's two-sum).
#[inline(always)]
pub fn add(a: u64, b: u64) -> Option<Near> {
    if !(tame(a) && tame(b)) {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let s = x + y;
    if s == 0.0 {
        // An exact cancellation: its zero's sign depends on the mode.
        return None;
    }
    let v = s - x;
    let err = (x - (s - v)) + (y - v);
    Some(Near { s, side: sign(err) })
}

/// `a * b`: the product's error, exact from a fused multiply-add.
#[inline(always)]
pub fn mul(a: u64, b: u64) -> Option<Near> {
    if !(tame(a) && tame(b)) {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let p = x * y;
    Some(Near {
        s: p,
        side: sign(x.mul_add(y, -p)),
    })
}

/// `a / b`: the residual `a - q*b` of the nearest quotient `q`, exact from a fused
/// multiply-add; the exact quotient is `q + residual / b`.
#[inline(always)]
pub fn div(a: u64, b: u64) -> Option<Near> {
    if !(tame(a) && tame(b)) {
        return None;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let q = x / y;
    let r = (-q).mul_add(y, x);
    let side = if y > 0.0 { sign(r) } else { sign(r).reverse() };
    Some(Near { s: q, side })
}

/// `a * b + c` with one rounding, when the product is exact in f64 (operands of at most 26
/// significant bits: F, HF and BF values): the two-sum of the product and `c`.
#[inline(always)]
pub fn mad(a: u64, b: u64, c: u64) -> Option<Near> {
    if !(tame(a) && tame(b) && tame(c)) {
        return None;
    }
    let p = f64::from_bits(a) * f64::from_bits(b);
    if f64::from_bits(a).mul_add(f64::from_bits(b), -p) != 0.0 {
        return None;
    }
    add(p.to_bits(), c)
}

/// The exact result `near` stands for, rounded into `fmt` under `rnd`.
#[inline(always)]
pub fn round(near: Near, fmt: Format, rnd: Rounding) -> u64 {
    let bits = near.s.to_bits();
    let neg = bits >> 63 == 1;
    if fmt == Format::DF {
        // `s` itself, or its neighbour toward the exact result when the mode rounds that way.
        let toward = match (rnd, near.side) {
            (_, Ordering::Equal) | (Rounding::NearestEven, _) => return bits,
            (Rounding::Up, side) => side == Ordering::Greater,
            (Rounding::Down, side) => side == Ordering::Less,
            (Rounding::Zero, side) => (side == Ordering::Greater) == neg,
        };
        if !toward {
            return bits;
        }
        // A step away from zero on a negative value is one more in its magnitude.
        let outward = (near.side == Ordering::Greater) != neg;
        return if outward { bits + 1 } else { bits - 1 };
    }
    // The magnitude of `s` in quarter units of its last place, one quarter nudged toward
    // the exact result: no boundary of a narrower format lies within that quarter.
    let e = ((bits >> 52) & 0x7ff) as i32;
    // (`s` is normal: tame operands give results far above f64's denormals.)
    let m = ((bits & ((1 << 52) - 1)) | (1 << 52)) << 2;
    let mag = match (near.side, neg) {
        (Ordering::Equal, _) => m,
        (Ordering::Greater, false) | (Ordering::Less, true) => m + 1,
        _ => m - 1,
    };
    round_pack(neg, mag, e - 1075 - 2, fmt, rnd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::softfloat;
    use proptest::prelude::*;

    const FORMATS: [Format; 4] = [Format::DF, Format::F, Format::HF, Format::BF];
    const MODES: [Rounding; 4] = [
        Rounding::NearestEven,
        Rounding::Up,
        Rounding::Down,
        Rounding::Zero,
    ];

    /// A value of `fmt` (finite, infinite or NaN) as f64 bits, from raw bits of that width.
    fn value(raw: u64, fmt: Format) -> u64 {
        let width = 1 + fmt.ebits + fmt.mbits;
        let raw = raw & (u64::MAX >> (64 - width));
        softfloat::to_f64_bits(raw, fmt)
    }

    /// f64 bits near a tame exponent boundary or anywhere, nudged by a few units.
    fn operand() -> impl Strategy<Value = (u64, usize)> {
        (any::<u64>(), 0..FORMATS.len())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// Whenever the fast path answers, it answers as the general path does, for every
        /// operation, format of the operands, destination format and mode.
        #[test]
        fn matches_the_general_path(
            (a, fa) in operand(),
            (b, fb) in operand(),
            (c, fc) in operand(),
            dst in 0..FORMATS.len(),
            mode in 0..MODES.len(),
        ) {
            let (a, b, c) = (value(a, FORMATS[fa]), value(b, FORMATS[fb]), value(c, FORMATS[fc]));
            let (fmt, rnd) = (FORMATS[dst], MODES[mode]);
            if let Some(n) = add(a, b) {
                prop_assert_eq!(round(n, fmt, rnd), softfloat::add(a, b, fmt, rnd), "add {:x} {:x}", a, b);
            }
            if let Some(n) = mul(a, b) {
                prop_assert_eq!(round(n, fmt, rnd), softfloat::mul(a, b, fmt, rnd), "mul {:x} {:x}", a, b);
            }
            if let Some(n) = div(a, b) {
                prop_assert_eq!(round(n, fmt, rnd), softfloat::div(a, b, fmt, rnd), "div {:x} {:x}", a, b);
            }
            if let Some(n) = mad(a, b, c) {
                prop_assert_eq!(round(n, fmt, rnd), softfloat::fma(a, b, c, fmt, rnd), "mad {:x} {:x} {:x}", a, b, c);
            }
        }
    }

    /// Hand-derived rows where the exact result sits just off an f64 or on a boundary of the
    /// narrower format, and where the fast path must decline.
    #[test]
    fn rows() {
        let f = |x: f64| x.to_bits();
        // 1 + 2^-60: the sum rounds to 1.0 in f64, exact result just above it. Toward +inf
        // in DF that is the next f64, 1 + 2^-52; in F 1 + 2^-23; toward zero or -inf, 1.0.
        let Some(n) = add(f(1.0), f(2f64.powi(-60))) else {
            panic!("add declined");
        };
        assert_eq!((n.s, n.side), (1.0, Ordering::Greater));
        assert_eq!(round(n, Format::DF, Rounding::Up), f(1.0 + 2f64.powi(-52)));
        assert_eq!(round(n, Format::DF, Rounding::Zero), f(1.0));
        // F bits: 1.0 is 0x3F80_0000, 1 + 2^-23 the next encoding.
        assert_eq!(round(n, Format::F, Rounding::Up), 0x3F80_0001);
        assert_eq!(round(n, Format::F, Rounding::Down), 0x3F80_0000);
        // -1 - 2^-60: below -1.0. Toward zero: -1.0; toward -inf in HF: -(1 + 2^-10).
        let Some(n) = add(f(-1.0), f(-(2f64.powi(-60)))) else {
            panic!("add declined");
        };
        assert_eq!(n.side, Ordering::Less);
        // HF bits: -1.0 is 0xBC00, -(1 + 2^-10) the next encoding.
        assert_eq!(round(n, Format::HF, Rounding::Zero), 0xBC00);
        assert_eq!(round(n, Format::HF, Rounding::Down), 0xBC01);
        assert_eq!(round(n, Format::HF, Rounding::NearestEven), 0xBC00);
        // 1/3 in DF: the nearest f64 is below 1/3 (0x3FD5555555555555, last bits 0101...),
        // so toward +inf takes the next f64 and toward zero keeps it.
        let Some(n) = div(f(1.0), f(3.0)) else {
            panic!("div declined");
        };
        assert_eq!(
            (n.s.to_bits(), n.side),
            (0x3FD5_5555_5555_5555, Ordering::Greater)
        );
        assert_eq!(round(n, Format::DF, Rounding::Up), 0x3FD5_5555_5555_5556);
        assert_eq!(round(n, Format::DF, Rounding::Zero), 0x3FD5_5555_5555_5555);
        // (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60: the product's f64 is 1 + 2^-29, the error above.
        let x = f(1.0 + 2f64.powi(-30));
        let Some(n) = mul(x, x) else {
            panic!("mul declined");
        };
        assert_eq!((n.s, n.side), (1.0 + 2f64.powi(-29), Ordering::Greater));
        // Declined: a zero, an infinity, a NaN, a huge or tiny exponent, a cancellation, and
        // a MAD whose product is not exact in f64.
        assert_eq!(add(f(0.0), f(1.0)), None);
        assert_eq!(mul(f(f64::INFINITY), f(1.0)), None);
        assert_eq!(div(f(f64::NAN), f(1.0)), None);
        assert_eq!(mul(f(2f64.powi(401)), f(1.0)), None);
        assert_eq!(mul(f(2f64.powi(-401)), f(1.0)), None);
        assert_eq!(add(f(1.5), f(-1.5)), None);
        let y = f(1.0 + 2f64.powi(-52));
        assert_eq!(mad(y, y, f(1.0)), None);
    }
}

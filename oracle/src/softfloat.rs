//! Bit-exact binary floating point for the four vISA float formats (DF, F, HF, BF):
//! widening to f64 bits, rounding an exact value once into a format under any of the four
//! %cr0 rounding modes, and correctly rounded addition, multiplication, fused multiply-add and
//! division. This is the slow, general path; the kernels take hardware fast paths where the
//! hardware result is provably the same.
//!
//! Every finite value of every format is exactly an f64, so f64 bits are the engine's
//! canonical float lane value. NaN payloads are carried left-aligned (the f64 fraction holds
//! the source fraction in its top bits), which is exactly the project's payload rule.

use std::ops::{BitAnd, Shl, Shr};

/// %cr0 rounding mode (bits 5:4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// 00: round to nearest, ties to even.
    NearestEven,
    /// 01: toward +inf.
    Up,
    /// 10: toward -inf.
    Down,
    /// 11: toward zero.
    Zero,
}

/// A binary interchange-style format: 1 sign bit, `ebits` exponent bits, `mbits` fraction bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub ebits: u32,
    pub mbits: u32,
}

impl Format {
    pub const DF: Format = Format {
        ebits: 11,
        mbits: 52,
    };
    pub const F: Format = Format {
        ebits: 8,
        mbits: 23,
    };
    pub const HF: Format = Format {
        ebits: 5,
        mbits: 10,
    };
    pub const BF: Format = Format { ebits: 8, mbits: 7 };

    #[inline]
    pub const fn bias(self) -> i32 {
        (1 << (self.ebits - 1)) - 1
    }
    #[inline]
    pub const fn exp_all_ones(self) -> u64 {
        (1 << self.ebits) - 1
    }
    #[inline]
    pub const fn frac_mask(self) -> u64 {
        (1 << self.mbits) - 1
    }
    #[inline]
    pub const fn sign_bit(self) -> u64 {
        1 << (self.ebits + self.mbits)
    }
    #[inline]
    pub const fn abs_mask(self) -> u64 {
        self.sign_bit() - 1
    }
    #[inline]
    pub const fn inf_bits(self) -> u64 {
        self.exp_all_ones() << self.mbits
    }
    #[inline]
    pub const fn quiet_bit(self) -> u64 {
        1 << (self.mbits - 1)
    }
    #[inline]
    pub const fn zero(self, neg: bool) -> u64 {
        if neg {
            self.sign_bit()
        } else {
            0
        }
    }
    #[inline]
    pub const fn inf(self, neg: bool) -> u64 {
        self.zero(neg) | self.inf_bits()
    }
    /// Largest finite magnitude with the given sign.
    #[inline]
    pub const fn max_finite(self, neg: bool) -> u64 {
        self.zero(neg) | (self.inf_bits() - 1)
    }
    /// The default NaN: sign 0, quiet bit only.
    #[inline]
    pub const fn default_nan(self) -> u64 {
        self.inf_bits() | self.quiet_bit()
    }
    /// 1.0.
    #[inline]
    pub const fn one(self) -> u64 {
        (self.bias() as u64) << self.mbits
    }
    #[inline]
    pub const fn is_nan(self, bits: u64) -> bool {
        bits & self.abs_mask() > self.inf_bits()
    }
    #[inline]
    pub const fn is_inf(self, bits: u64) -> bool {
        bits & self.abs_mask() == self.inf_bits()
    }
    #[inline]
    pub const fn is_neg(self, bits: u64) -> bool {
        bits & self.sign_bit() != 0
    }
    /// A nonzero denormal (exponent field 0, fraction nonzero).
    #[inline]
    pub const fn is_denormal(self, bits: u64) -> bool {
        let a = bits & self.abs_mask();
        a != 0 && a <= self.frac_mask()
    }
    #[inline]
    pub const fn is_zero(self, bits: u64) -> bool {
        bits & self.abs_mask() == 0
    }
}

const F64_SIGN: u64 = 1 << 63;
const F64_ABS: u64 = F64_SIGN - 1;
const F64_INF: u64 = 0x7ff0_0000_0000_0000;

#[inline]
pub fn f64_is_nan(bits: u64) -> bool {
    bits & F64_ABS > F64_INF
}
#[inline]
pub fn f64_is_inf(bits: u64) -> bool {
    bits & F64_ABS == F64_INF
}
#[inline]
pub fn f64_is_zero(bits: u64) -> bool {
    bits & F64_ABS == 0
}
#[inline]
pub fn f64_is_neg(bits: u64) -> bool {
    bits & F64_SIGN != 0
}

/// The f64 bits of a value of `fmt` (exact; NaN payload left-aligned, quiet bit untouched).
pub fn to_f64_bits(bits: u64, fmt: Format) -> u64 {
    if fmt == Format::DF {
        return bits;
    }
    let sign = if fmt.is_neg(bits) { F64_SIGN } else { 0 };
    let e = (bits >> fmt.mbits) & fmt.exp_all_ones();
    let frac = bits & fmt.frac_mask();
    let shift = 52 - fmt.mbits;
    if e == fmt.exp_all_ones() {
        return sign | F64_INF | (frac << shift);
    }
    if e == 0 {
        if frac == 0 {
            return sign;
        }
        // Denormal: value = frac * 2^(1 - bias - mbits); normalise into an f64 normal.
        let lz = frac.leading_zeros() - (64 - fmt.mbits); // zeros below the hidden-bit position
        let norm = (frac << (lz + 1)) & fmt.frac_mask();
        let exp = 1 - fmt.bias() - lz as i32 - 1;
        let biased = (exp + 1023) as u64;
        return sign | (biased << 52) | (norm << shift);
    }
    let biased = (e as i64 - fmt.bias() as i64 + 1023) as u64;
    sign | (biased << 52) | (frac << shift)
}

/// A NaN (f64 bits) carried into `fmt`: sign kept, quiet bit set, payload truncated.
#[inline]
pub fn nan_to(bits64: u64, fmt: Format) -> u64 {
    let frac = (bits64 & ((1 << 52) - 1)) >> (52 - fmt.mbits);
    fmt.zero(f64_is_neg(bits64)) | fmt.inf_bits() | fmt.quiet_bit() | frac
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rest {
    Exact,
    BelowHalf,
    Half,
    AboveHalf,
}

#[inline]
fn classify<M: Mag>(rem: M, half: M) -> Rest {
    if rem == M::ZERO {
        Rest::Exact
    } else if rem < half {
        Rest::BelowHalf
    } else if rem == half {
        Rest::Half
    } else {
        Rest::AboveHalf
    }
}

/// An unsigned magnitude [`round_pack`] rounds: `u64` where the value fits it (one machine
/// word per operation), `u128` for the wide products and sums of the general path.
pub trait Mag:
    Copy + Ord + Shl<u32, Output = Self> + Shr<u32, Output = Self> + BitAnd<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    fn leading_zeros(self) -> u32;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    /// The low 64 bits.
    fn low(self) -> u64;
}

macro_rules! mag {
    ($t:ty) => {
        impl Mag for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_add(self, other: $t) -> $t {
                <$t>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: $t) -> $t {
                <$t>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn low(self) -> u64 {
                self as u64
            }
        }
    };
}
mag!(u64);
mag!(u128);

/// The overflow result of a value too large for `fmt`.
#[inline]
fn overflow(neg: bool, fmt: Format, rnd: Rounding) -> u64 {
    match rnd {
        Rounding::NearestEven => fmt.inf(neg),
        Rounding::Zero => fmt.max_finite(neg),
        Rounding::Up if neg => fmt.max_finite(true),
        Rounding::Up => fmt.inf(false),
        Rounding::Down if neg => fmt.inf(true),
        Rounding::Down => fmt.max_finite(false),
    }
}

/// Rounds `(-1)^neg * mag * 2^exp` once into `fmt` with gradual underflow. `mag` may carry a
/// sticky bit in its least significant bit when it is far (at least two bits) below the
/// rounding position. A zero magnitude gives a zero of the given sign.
pub fn round_pack<M: Mag>(neg: bool, mag: M, exp: i32, fmt: Format, rnd: Rounding) -> u64 {
    if mag == M::ZERO {
        return fmt.zero(neg);
    }
    let mbits = fmt.mbits as i32;
    let len = M::BITS as i32 - mag.leading_zeros() as i32;
    let e_val = len - 1 + exp;
    let emin = 1 - fmt.bias();
    if e_val > fmt.bias() + 1 {
        // Far beyond the largest binade: no rounding can bring it back.
        return overflow(neg, fmt, rnd);
    }
    let mut lsb = if e_val >= emin {
        e_val - mbits
    } else {
        emin - mbits
    };
    let shift = lsb as i64 - exp as i64;
    let bits = i64::from(M::BITS);
    let (q, rest) = if shift <= 0 {
        (mag << (-shift) as u32, Rest::Exact)
    } else if shift > bits {
        (M::ZERO, Rest::BelowHalf)
    } else if shift == bits {
        (M::ZERO, classify(mag, M::ONE << (M::BITS - 1)))
    } else {
        let s = shift as u32;
        (
            mag >> s,
            classify(mag & (M::ONE << s).wrapping_sub(M::ONE), M::ONE << (s - 1)),
        )
    };
    let inc = match rnd {
        Rounding::NearestEven => {
            rest == Rest::AboveHalf || (rest == Rest::Half && q & M::ONE != M::ZERO)
        }
        Rounding::Zero => false,
        Rounding::Up => !neg && rest != Rest::Exact,
        Rounding::Down => neg && rest != Rest::Exact,
    };
    let mut q = if inc { q.wrapping_add(M::ONE) } else { q };
    if q >> (fmt.mbits + 1) != M::ZERO {
        q = q >> 1;
        lsb += 1;
    }
    let biased: i64 = if q >> fmt.mbits == M::ZERO {
        0
    } else {
        lsb as i64 + mbits as i64 + fmt.bias() as i64
    };
    if biased >= fmt.exp_all_ones() as i64 {
        return overflow(neg, fmt, rnd);
    }
    fmt.zero(neg) | ((biased as u64) << fmt.mbits) | (q.low() & fmt.frac_mask())
}

/// Unpacks a finite nonzero f64 into (neg, mantissa normalised to [2^52, 2^53), exponent).
#[inline]
fn unpack_norm(bits: u64) -> (bool, u64, i32) {
    let neg = f64_is_neg(bits);
    let e = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    if e == 0 {
        let lz = frac.leading_zeros() as i32 - 11; // shift to bring the top bit to bit 52
        (neg, frac << lz, -1074 - lz)
    } else {
        (neg, frac | (1 << 52), e - 1075)
    }
}

/// Rounds a value given as f64 bits into `fmt` (float-to-float conversion): NaN is quieted
/// with its payload carried, infinities and zeros keep their sign.
pub fn f64_to(bits: u64, fmt: Format, rnd: Rounding) -> u64 {
    if f64_is_nan(bits) {
        return nan_to(bits, fmt);
    }
    let neg = f64_is_neg(bits);
    if f64_is_inf(bits) {
        return fmt.inf(neg);
    }
    if f64_is_zero(bits) {
        return fmt.zero(neg);
    }
    if fmt == Format::DF {
        return bits;
    }
    let (neg, m, e) = unpack_norm(bits);
    round_pack(neg, m, e, fmt, rnd)
}

/// Shifts right by `d`, OR-ing every bit shifted out into the least significant bit.
#[inline]
fn shift_right_jam(x: u128, d: u32) -> u128 {
    if d == 0 {
        x
    } else if d >= 128 {
        (x != 0) as u128
    } else {
        (x >> d) | ((x & ((1u128 << d) - 1) != 0) as u128)
    }
}

/// The IEEE sum of two values given as f64 bits, rounded once into `fmt`: the first NaN
/// (a before b) propagates quieted; inf + -inf is the default NaN; an exact zero sum of
/// operands of different signs is +0, or -0 when rounding toward -inf.
pub fn add(a: u64, b: u64, fmt: Format, rnd: Rounding) -> u64 {
    if f64_is_nan(a) {
        return nan_to(a, fmt);
    }
    if f64_is_nan(b) {
        return nan_to(b, fmt);
    }
    let (an, bn) = (f64_is_neg(a), f64_is_neg(b));
    if f64_is_inf(a) {
        if f64_is_inf(b) && an != bn {
            return fmt.default_nan();
        }
        return fmt.inf(an);
    }
    if f64_is_inf(b) {
        return fmt.inf(bn);
    }
    let (az, bz) = (f64_is_zero(a), f64_is_zero(b));
    if az && bz {
        return fmt.zero(if an == bn { an } else { rnd == Rounding::Down });
    }
    if az {
        return f64_to(b, fmt, rnd);
    }
    if bz {
        return f64_to(a, fmt, rnd);
    }
    let (sa, ma, ea) = unpack_norm(a);
    let (sb, mb, eb) = unpack_norm(b);
    let ((sbig, mbig, ebig), (ssmall, msmall, esmall)) = if (ea, ma) >= (eb, mb) {
        ((sa, ma, ea), (sb, mb, eb))
    } else {
        ((sb, mb, eb), (sa, ma, ea))
    };
    let big = (mbig as u128) << 64;
    let d = (ebig as i64 - esmall as i64).clamp(0, 200) as u32;
    let small = shift_right_jam((msmall as u128) << 64, d);
    let sum = if sbig == ssmall {
        big + small
    } else {
        big - small
    };
    if sum == 0 {
        return fmt.zero(rnd == Rounding::Down);
    }
    round_pack(sbig, sum, ebig - 64, fmt, rnd)
}

/// The IEEE product of two values given as f64 bits, rounded once into `fmt`: the first NaN
/// (a before b) propagates quieted; inf * 0 is the default NaN; otherwise the sign is the
/// exclusive or of the signs. Two 53-bit significands give an exact product of at most 106
/// bits, which `round_pack` rounds directly.
pub fn mul(a: u64, b: u64, fmt: Format, rnd: Rounding) -> u64 {
    if f64_is_nan(a) {
        return nan_to(a, fmt);
    }
    if f64_is_nan(b) {
        return nan_to(b, fmt);
    }
    let neg = f64_is_neg(a) ^ f64_is_neg(b);
    let (ai, bi) = (f64_is_inf(a), f64_is_inf(b));
    let (az, bz) = (f64_is_zero(a), f64_is_zero(b));
    if (ai && bz) || (az && bi) {
        return fmt.default_nan();
    }
    if ai || bi {
        return fmt.inf(neg);
    }
    if az || bz {
        return fmt.zero(neg);
    }
    let (_, ma, ea) = unpack_norm(a);
    let (_, mb, eb) = unpack_norm(b);
    round_pack(neg, ma as u128 * mb as u128, ea + eb, fmt, rnd)
}

/// Bit position the larger addend's leading one takes in [`fma`]'s u128 accumulator: two
/// bits of headroom above it hold the carry of a sum.
const FMA_TOP: u32 = 125;

/// `mag * 2^exp` (mag nonzero) re-expressed with its leading one at bit [`FMA_TOP`]; returns
/// (shifted mag, exponent of that leading one).
#[inline]
fn to_top(mag: u128, exp: i32) -> (u128, i32) {
    let len = 128 - mag.leading_zeros();
    (mag << (FMA_TOP + 1 - len), exp + len as i32 - 1)
}

/// The IEEE fused multiply-add `a * b + c` of values given as f64 bits, rounded once into
/// `fmt`. NaNs: the first of a, b, c, quieted. Then inf * 0 and (inf product) + (opposite
/// inf) are the default NaN. An exact zero sum of addends of different signs is +0 (-0 when
/// rounding toward -inf); two zeros of the same sign keep it.
///
/// Finite nonzero addends: both are placed with their leading one at bit 125 of a u128 and
/// the smaller (lower leading exponent) is shifted right by the exponent gap d, OR-ing lost
/// bits into bit 0. The product has at most 106 significant bits and c 53, so nothing is lost
/// while d <= 20; then the difference is computed exactly and may cancel to anything. For
/// d > 20 the smaller addend is below 2^105 and the result above 2^124, so `round_pack`
/// rounds at bit 72 or higher: the jammed addend and the exact one lie in the same open
/// interval between two even multiples of bit 0, and so do the two sums, which no rounding
/// boundary (a multiple of 2^71) separates.
pub fn fma(a: u64, b: u64, c: u64, fmt: Format, rnd: Rounding) -> u64 {
    for x in [a, b, c] {
        if f64_is_nan(x) {
            return nan_to(x, fmt);
        }
    }
    let pneg = f64_is_neg(a) ^ f64_is_neg(b);
    let cneg = f64_is_neg(c);
    let (ai, bi, ci) = (f64_is_inf(a), f64_is_inf(b), f64_is_inf(c));
    let (az, bz, cz) = (f64_is_zero(a), f64_is_zero(b), f64_is_zero(c));
    if (ai && bz) || (az && bi) {
        return fmt.default_nan();
    }
    if ai || bi {
        if ci && cneg != pneg {
            return fmt.default_nan();
        }
        return fmt.inf(pneg);
    }
    if ci {
        return fmt.inf(cneg);
    }
    if az || bz {
        if cz {
            // Two zeros: same sign kept, else +0 (-0 rounding down).
            return fmt.zero(if pneg == cneg {
                pneg
            } else {
                rnd == Rounding::Down
            });
        }
        return f64_to(c, fmt, rnd);
    }
    if cz {
        return mul(a, b, fmt, rnd);
    }
    let (_, ma, ea) = unpack_norm(a);
    let (_, mb, eb) = unpack_norm(b);
    let (_, mc, ec) = unpack_norm(c);
    let (p, ptop) = to_top(ma as u128 * mb as u128, ea + eb);
    let (q, ctop) = to_top(mc as u128, ec);
    // (big, big's sign, small, small's sign, exponent of the leading bit position)
    let (big, bneg, small, sneg, top) = if ptop >= ctop {
        let d = (ptop - ctop).min(200) as u32;
        (p, pneg, shift_right_jam(q, d), cneg, ptop)
    } else {
        let d = (ctop - ptop).min(200) as u32;
        (q, cneg, shift_right_jam(p, d), pneg, ctop)
    };
    let (mag, neg) = if bneg == sneg {
        (big + small, bneg)
    } else if big >= small {
        (big - small, bneg)
    } else {
        (small - big, sneg)
    };
    if mag == 0 {
        return fmt.zero(rnd == Rounding::Down);
    }
    round_pack(neg, mag, top - FMA_TOP as i32, fmt, rnd)
}

/// How far [`div`] shifts the dividend's 53-bit significand up: a 127-bit dividend over a
/// 53-bit divisor gives a quotient of 74 or 75 bits, more than the 55 a correctly rounded DF
/// result needs.
const DIV_SHIFT: u32 = 74;

/// The IEEE quotient `a / b` of values given as f64 bits, rounded once into `fmt`: the first
/// NaN (a before b) propagates quieted; 0/0 and inf/inf are the default NaN; otherwise the
/// sign is the exclusive or of the signs, inf/x and x/0 are inf, x/inf and 0/x are 0.
///
/// Finite nonzero operands: the long division (ma * 2^74) / mb in u128 gives a quotient q
/// of at least 74 bits and a remainder; the quotient is passed to `round_pack` as 2q + s with
/// s = 1 when the remainder is nonzero. The exact quotient lies strictly between q and q + 1
/// (in units of q's last bit) exactly when s = 1, as does q + 1/2, and every rounding
/// boundary of a result of at most 53 bits is a multiple of that unit, so both round alike.
pub fn div(a: u64, b: u64, fmt: Format, rnd: Rounding) -> u64 {
    if f64_is_nan(a) {
        return nan_to(a, fmt);
    }
    if f64_is_nan(b) {
        return nan_to(b, fmt);
    }
    let neg = f64_is_neg(a) ^ f64_is_neg(b);
    let (ai, bi) = (f64_is_inf(a), f64_is_inf(b));
    let (az, bz) = (f64_is_zero(a), f64_is_zero(b));
    if (ai && bi) || (az && bz) {
        return fmt.default_nan();
    }
    if ai || bz {
        return fmt.inf(neg);
    }
    if bi || az {
        return fmt.zero(neg);
    }
    let (_, ma, ea) = unpack_norm(a);
    let (_, mb, eb) = unpack_norm(b);
    let dividend = (ma as u128) << DIV_SHIFT;
    let divisor = mb as u128;
    let (q, r) = (dividend / divisor, dividend % divisor);
    let mag = (q << 1) | (r != 0) as u128;
    round_pack(neg, mag, ea - eb - DIV_SHIFT as i32 - 1, fmt, rnd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_is_exact() {
        // HF min denormal 2^-24, F min denormal 2^-149, BF 1.0.
        assert_eq!(f64::from_bits(to_f64_bits(1, Format::HF)), 2f64.powi(-24));
        assert_eq!(f64::from_bits(to_f64_bits(1, Format::F)), 2f64.powi(-149));
        assert_eq!(f64::from_bits(to_f64_bits(0x3f80, Format::BF)), 1.0);
        assert_eq!(
            f64::from_bits(to_f64_bits(0x0200, Format::HF)),
            2f64.powi(-15)
        );
        for x in [
            0u32, 1, 0x7fffff, 0x800000, 0x3f800000, 0x7f7fffff, 0x80000001, 0xff800000,
        ] {
            assert_eq!(
                to_f64_bits(x as u64, Format::F),
                (f32::from_bits(x) as f64).to_bits()
            );
        }
    }

    #[test]
    fn rounding_matches_hardware_rtne() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = f64::from_bits(s);
            if x.is_nan() {
                continue;
            }
            let want = (x as f32).to_bits() as u64;
            assert_eq!(f64_to(s, Format::F, Rounding::NearestEven), want, "{x:e}");
        }
    }

    #[test]
    fn directed_overflow() {
        let big = 1e300f64.to_bits();
        assert_eq!(f64_to(big, Format::F, Rounding::Zero), 0x7f7f_ffff);
        assert_eq!(f64_to(big, Format::F, Rounding::Down), 0x7f7f_ffff);
        assert_eq!(f64_to(big, Format::F, Rounding::Up), 0x7f80_0000);
        assert_eq!(
            f64_to((-1e300f64).to_bits(), Format::F, Rounding::Up),
            0xff7f_ffff
        );
        assert_eq!(
            f64_to((-1e300f64).to_bits(), Format::F, Rounding::Down),
            0xff80_0000
        );
        // 65520 is the HF midpoint between 65504 and 65536 (overflow): ties to even -> inf.
        assert_eq!(
            f64_to(65520f64.to_bits(), Format::HF, Rounding::NearestEven),
            0x7c00
        );
        assert_eq!(
            f64_to(65519f64.to_bits(), Format::HF, Rounding::NearestEven),
            0x7bff
        );
    }

    #[test]
    fn add_matches_hardware_f32_rtne() {
        let mut s = 0x0ddc_0ffe_e15e_a5edu64;
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let (a, b) = (f32::from_bits(s as u32), f32::from_bits((s >> 32) as u32));
            // Bias exponents together sometimes so cancellation happens.
            let b = if s & 3 == 0 { -a * 1.0000001 } else { b };
            if a.is_nan() || b.is_nan() {
                continue;
            }
            let want = a + b;
            let got = add(
                (a as f64).to_bits(),
                (b as f64).to_bits(),
                Format::F,
                Rounding::NearestEven,
            );
            if want.is_nan() {
                assert_eq!(got, 0x7fc0_0000);
            } else {
                assert_eq!(got, want.to_bits() as u64, "{a:e} + {b:e}");
            }
        }
    }

    #[test]
    fn add_matches_hardware_f64_rtne() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut t = 0xbf58_476d_1ce4_e5b9u64;
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            t ^= t << 13;
            t ^= t >> 7;
            t ^= t << 17;
            let a = f64::from_bits(s);
            let b = if t & 3 == 0 {
                -f64::from_bits(s ^ (t >> 40))
            } else {
                f64::from_bits(t)
            };
            if a.is_nan() || b.is_nan() {
                continue;
            }
            let want = a + b;
            let got = add(a.to_bits(), b.to_bits(), Format::DF, Rounding::NearestEven);
            if want.is_nan() {
                assert_eq!(got, 0x7ff8_0000_0000_0000);
            } else {
                assert_eq!(got, want.to_bits(), "{a:e} + {b:e}");
            }
        }
    }

    #[test]
    fn directed_add_of_far_apart_values() {
        // 1.0 + 2^-149 in F: RTZ and RD give 1.0, RU gives the next float above 1.0.
        let one = 1f64.to_bits();
        let tiny = 2f64.powi(-149).to_bits();
        assert_eq!(add(one, tiny, Format::F, Rounding::Zero), 0x3f80_0000);
        assert_eq!(add(one, tiny, Format::F, Rounding::Down), 0x3f80_0000);
        assert_eq!(add(one, tiny, Format::F, Rounding::Up), 0x3f80_0001);
        // 1.0 - 2^-149: RTZ and RD give the float just below 1.0, RU and RTNE give 1.0.
        let mtiny = (-(2f64.powi(-149))).to_bits();
        assert_eq!(add(one, mtiny, Format::F, Rounding::Zero), 0x3f7f_ffff);
        assert_eq!(add(one, mtiny, Format::F, Rounding::Down), 0x3f7f_ffff);
        assert_eq!(add(one, mtiny, Format::F, Rounding::Up), 0x3f80_0000);
        assert_eq!(
            add(one, mtiny, Format::F, Rounding::NearestEven),
            0x3f80_0000
        );
        // x + -x under round-down is -0.
        assert_eq!(
            add(one, (-1f64).to_bits(), Format::F, Rounding::Down),
            0x8000_0000
        );
    }
}

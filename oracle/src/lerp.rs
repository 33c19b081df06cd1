//! LRP and PLN (instructions/LRP.md, PLN.md): the operand shapes their Notes give
//! (LRP: contiguous elements; PLN: src0's four scalars, then u and v out of src1) as an
//! instruction the general plan runs, and LRP's value rounded once (erratum LRP-ROUNDING,
//! resolved) from an exact sum.

use num_bigint::{BigInt, Sign};
use num_traits::Zero;
use visa_model::ir::{Dst, Instruction, Opcode, Region, Src};

use crate::softfloat::{self, f64_is_nan, f64_is_neg, f64_is_zero, round_pack, Format, Rounding};

/// Whether every one of the `n` lanes of `region` reads the operand's origin.
fn broadcast(region: &Region, n: u32) -> bool {
    let width = region.width.max(1);
    (0..n).all(|k| (k / width) * region.vstride + (k % width) * region.hstride == 0)
}

/// `src` read with `region` from `delta` elements past its origin (a direct or indirect
/// register operand; anything else unchanged).
fn at(src: &Src, region: Region, delta: u32) -> Src {
    let mut src = src.clone();
    match &mut src {
        Src::General { region: r, col, .. } => {
            *r = region;
            *col += delta;
        }
        Src::Indirect {
            region: r,
            multi,
            imm_offset,
            ty,
            ..
        } => {
            *r = region;
            *multi = false;
            *imm_offset += (delta as usize * ty.size()) as i32;
        }
        _ => {}
    }
    src
}

/// The instruction the plan compiles for LRP and PLN.
///
/// LRP (Notes; erratum LRP-REGION): a source that is not a broadcast reads its `n`
/// contiguous elements, the destination writes contiguous elements.
///
/// PLN: three sources for the lane kernel. The first cycles through src0's elements 0 to 3
/// (lane k reads element k mod 4: the kernel takes p, q and r from lanes 0, 1 and 3); the
/// second is u and the third v: lane k of u reads src1's element k for k < 8 and k + 8
/// above (`src1[16:23]`, the second half's u); v is 8 elements further. Lanes 8 to 15 are
/// what PLN-SIMD16-INDEX resolves; under its literal reading they are left undefined.
pub fn reshape(insn: &Instruction) -> Instruction {
    let n = insn.exec_size;
    let mut out = insn.clone();
    match insn.opcode {
        Opcode::Lrp => {
            let contiguous = Region {
                vstride: n,
                width: n,
                hstride: 1,
            };
            for src in &mut out.srcs {
                let keep = match src {
                    Src::General { region, .. } => broadcast(region, n),
                    Src::Indirect { region, multi, .. } => !*multi && broadcast(region, n),
                    _ => true,
                };
                if !keep {
                    *src = at(src, contiguous, 0);
                }
            }
            if let Dst::General { hstride, .. } | Dst::Indirect { hstride, .. } = &mut out.dst {
                *hstride = 1;
            }
        }
        Opcode::Pln => {
            if let [src0, src1] = insn.srcs.as_slice() {
                let scalars = Region {
                    vstride: 0,
                    width: 4,
                    hstride: 1,
                };
                let halves = Region {
                    vstride: 16,
                    width: 8,
                    hstride: 1,
                };
                out.srcs = vec![
                    at(src0, scalars, 0),
                    at(src1, halves, 0),
                    at(src1, halves, 8),
                ];
            }
        }
        _ => {}
    }
    out
}

/// An f64 value as `(negative, mantissa, exponent)`: value = mantissa * 2^exponent.
fn parts(bits: u64) -> (bool, u64, i32) {
    let neg = f64_is_neg(bits);
    let e = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    if e == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | (1 << 52), e - 1075)
    }
}

/// A signed exact product of two finite f64 values as `(value, exponent)`.
fn product(a: u64, b: u64) -> (BigInt, i64) {
    let (an, am, ae) = parts(a);
    let (bn, bm, be) = parts(b);
    let sign = if an != bn { Sign::Minus } else { Sign::Plus };
    let m = BigInt::from(u128::from(am) * u128::from(bm));
    (if sign == Sign::Minus { -m } else { m }, i64::from(ae + be))
}

/// LRP's exact value `b*a + c*(1 - a)` (a = src0, b = src1, c = src2, as f64 bits of the
/// sources after their modifiers and flush) rounded once into `fmt` (erratum LRP-ROUNDING,
/// resolved). A NaN source gives the first NaN source (a, b, c) quieted; an infinite source
/// makes the value infinite or an invalid operation (inf * 0, inf - inf: the default NaN),
/// which f64 arithmetic decides exactly (1 - a is zero only for a = 1, and no product of
/// float sources overflows f64); a zero value is signed as IEEE addition signs the sum of
/// the two products (the difference 1 - 1 is -0 when rounding down).
pub fn lrp_fused(a: u64, b: u64, c: u64, fmt: Format, rnd: Rounding) -> u64 {
    for x in [a, b, c] {
        if f64_is_nan(x) {
            return softfloat::nan_to(x, fmt);
        }
    }
    let (x, y, z) = (f64::from_bits(a), f64::from_bits(b), f64::from_bits(c));
    if !(x.is_finite() && y.is_finite() && z.is_finite()) {
        let r = y * x + z * (1.0 - x);
        return if r.is_nan() {
            fmt.default_nan()
        } else {
            fmt.inf(r < 0.0)
        };
    }
    // Exact terms: b*a + c - c*a.
    let mut terms = Vec::with_capacity(3);
    if !(f64_is_zero(a) || f64_is_zero(b)) {
        terms.push(product(b, a));
    }
    if !f64_is_zero(c) {
        let (cn, cm, ce) = parts(c);
        let m = BigInt::from(cm);
        terms.push((if cn { -m } else { m }, i64::from(ce)));
        if !f64_is_zero(a) {
            let (v, e) = product(c, a);
            terms.push((-v, e));
        }
    }
    let low = terms.iter().map(|(_, e)| *e).min().unwrap_or(0);
    let sum: BigInt = terms
        .iter()
        .map(|(v, e)| v << usize::try_from(e - low).unwrap_or(0))
        .sum();
    if sum.is_zero() {
        return fmt.zero(zero_sign(a, b, c, rnd));
    }
    let neg = sum.sign() == Sign::Minus;
    let mag = sum.magnitude();
    // Keep 120 significant bits and a sticky bit: far more than any format's rounding needs.
    let len = mag.bits();
    let (top, exp) = if len > 120 {
        let shift = len - 120;
        let lost = mag.trailing_zeros().unwrap_or(0) < shift;
        (
            low_u128(&(mag >> shift)) << 1 | u128::from(lost),
            low + shift as i64 - 1,
        )
    } else {
        (low_u128(mag), low)
    };
    round_pack(neg, top, exp as i32, fmt, rnd)
}

/// The low 128 bits of `m`.
fn low_u128(m: &num_bigint::BigUint) -> u128 {
    m.iter_u64_digits()
        .take(2)
        .enumerate()
        .fold(0u128, |acc, (k, d)| acc | u128::from(d) << (64 * k))
}

/// The sign of an exact zero value of LRP: the sum of the products b*a and c*(1 - a) as
/// IEEE addition signs it. Two zero products: negative when both are, or when their signs
/// differ and the rounding is downward; nonzero products that cancel: -0 only downward.
fn zero_sign(a: u64, b: u64, c: u64, rnd: Rounding) -> bool {
    let down = rnd == Rounding::Down;
    let x = f64::from_bits(a);
    let first_zero = f64_is_zero(a) || f64_is_zero(b);
    let first_neg = f64_is_neg(a) != f64_is_neg(b);
    let weight_zero = x == 1.0;
    let weight_neg = if weight_zero { down } else { x > 1.0 };
    let second_zero = f64_is_zero(c) || weight_zero;
    let second_neg = f64_is_neg(c) != weight_neg;
    if first_zero && second_zero {
        (first_neg && second_neg) || (first_neg != second_neg && down)
    } else {
        down
    }
}

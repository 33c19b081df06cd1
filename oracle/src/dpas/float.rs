//! Float DPAS (bf, hf, tf32, bf8, hf8): A, B and C unpacked to f32 matrices, then each
//! systolic stage accumulated as the profile says (`literal-c`, `sequential`, `exact-stage`,
//! `product-round`), D rounded into its type.

use visa_model::profile::{Accumulation, Denormals, DstRounding, Tf32Input};
use visa_model::state::MachineState;
use visa_model::types::{DataType, Precision};

use visa_model::VisaError;

use super::plan::{DpasPlan, FloatPlan, Result, K_MAX, M_MAX, N};
use crate::softfloat::{self, Format, Rounding};

#[inline(always)]
fn dw_at(bytes: &[u8], at: usize) -> u32 {
    match bytes.get(at..at + 4) {
        Some(s) => u32::from_le_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}

/// Decodes a `bits`-wide field of precision `p` to f32 (every bf, hf, tf32, bf8 and hf8
/// value is an f32), flushing a denormal (exponent field 0, fraction not) when `flush`.
#[inline(always)]
fn float_field(field: u32, p: Precision, tf32: Tf32Input, flush: bool) -> f32 {
    let (v, exponent_mask) = match p {
        Precision::BF => (f32::from_bits(field << 16), 0x7F80),
        Precision::HF => (half::f16::from_bits(field as u16).to_f32(), 0x7C00),
        Precision::TF32 => match tf32 {
            Tf32Input::Trim => (f32::from_bits(field & 0xFFFF_E000), 0x7F80_0000),
            Tf32Input::Full => (f32::from_bits(field), 0x7F80_0000),
        },
        // E5M2 is the top byte of an IEEE half.
        Precision::BF8 => (half::f16::from_bits((field as u16) << 8).to_f32(), 0x7C),
        Precision::HF8 => (e4m3(field as u8), 0x78),
        _ => (0.0, 0),
    };
    if flush && field & exponent_mask == 0 && v != 0.0 {
        0.0f32.copysign(v)
    } else {
        v
    }
}

/// FP8 E4M3: bias 7, no infinities, S.1111.111 the only NaN.
fn e4m3(byte: u8) -> f32 {
    let sign = if byte & 0x80 != 0 { -1.0f32 } else { 1.0 };
    let e = i32::from((byte >> 3) & 0xF);
    let m = f32::from(byte & 7);
    if e == 15 && m == 7.0 {
        return f32::NAN;
    }
    if e == 0 {
        sign * m * (2.0f32).powi(-9)
    } else {
        sign * (8.0 + m) * (2.0f32).powi(e - 10)
    }
}

/// Flushes an f32 denormal to a zero of its sign when `FLUSH`.
#[inline(always)]
fn ftz<const FLUSH: bool>(x: f32) -> f32 {
    if FLUSH && x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

impl DpasPlan {
    /// Float DPAS: A, B and C unpacked to f32 matrices, accumulated as the profile says.
    pub(super) fn exec_float(
        &self,
        state: &mut MachineState,
        src2: &[u8],
        f: FloatPlan,
    ) -> Result<()> {
        let profile = f.profile;
        let flush = profile.denormals == Denormals::Flush;
        let (wb, ab) = (self.w.bits() as usize, self.a.bits() as usize);
        let field = |dw: u32, index: usize, bits: usize| -> u32 {
            if bits == 32 {
                dw
            } else {
                (dw >> (index * bits)) & ((1 << bits) - 1)
            }
        };
        let mut a = [[0f32; K_MAX]; M_MAX];
        let per_dw_a = 32 / ab;
        for (r, row) in a.iter_mut().enumerate().take(self.rows) {
            for (kk, v) in row.iter_mut().enumerate().take(self.k) {
                let e = r * self.k + kk;
                let dw = dw_at(src2, e / per_dw_a * 4);
                *v = float_field(field(dw, e % per_dw_a, ab), self.a, profile.tf32, flush);
            }
        }
        let mut b = [[0f32; N]; K_MAX];
        let depth = self.k / self.ops;
        for d in 0..depth {
            let m = d / self.sopc;
            let first = (d % self.sopc) * self.ops;
            for i in 0..self.n {
                let dw = dw_at(&state.grf, self.src1_at + m * self.grf + 4 * i);
                for (j, brow) in b[d * self.ops..(d + 1) * self.ops].iter_mut().enumerate() {
                    brow[i] = float_field(field(dw, first + j, wb), self.w, profile.tf32, flush);
                }
            }
        }
        let mut acc = [[0f32; N]; M_MAX];
        if let Some(at) = self.src0_at {
            let size = f.src0_ty.size();
            for (r, row) in acc.iter_mut().enumerate().take(self.rows) {
                for (i, v) in row.iter_mut().enumerate().take(self.n) {
                    let at = at + r * f.src0_row_advance + size * i;
                    let bits = match state.grf.get(at..at + size) {
                        Some(s) => s.iter().rev().fold(0u32, |x, &b| x << 8 | u32::from(b)),
                        None => 0,
                    };
                    let (x, denormal) = match f.src0_ty {
                        DataType::HF => (
                            half::f16::from_bits(bits as u16).to_f32(),
                            bits & 0x7C00 == 0,
                        ),
                        DataType::BF => (f32::from_bits(bits << 16), bits & 0x7F80 == 0),
                        _ => (f32::from_bits(bits), bits & 0x7F80_0000 == 0),
                    };
                    *v = if flush && denormal {
                        0.0f32.copysign(x)
                    } else {
                        x
                    };
                }
            }
        }
        let ops = self.ops;
        for r in 0..self.rows {
            let row = &mut acc[r];
            for d in 0..depth {
                let ks = d * ops..(d + 1) * ops;
                let (ar, br) = (&a[r][ks.clone()], &b[ks]);
                match (profile.accumulation, flush) {
                    (Accumulation::LiteralC, false) => literal_c_stage::<false>(row, ar, br),
                    (Accumulation::LiteralC, true) => literal_c_stage::<true>(row, ar, br),
                    (Accumulation::Sequential, _) => {
                        for (av, brow) in ar.iter().zip(br) {
                            for n in 0..self.n {
                                let t = softfloat::fma(
                                    f64::from(*av).to_bits(),
                                    f64::from(brow[n]).to_bits(),
                                    f64::from(row[n]).to_bits(),
                                    Format::F,
                                    Rounding::NearestEven,
                                );
                                row[n] = flush_f32(f32::from_bits(t as u32), flush);
                            }
                        }
                    }
                    (Accumulation::ProductRound, false) => {
                        product_round_stage::<false>(row, ar, br)
                    }
                    (Accumulation::ProductRound, true) => product_round_stage::<true>(row, ar, br),
                    (Accumulation::ExactStage, _) => {
                        for n in 0..self.n {
                            let column: [f32; 8] =
                                std::array::from_fn(|j| br.get(j).map_or(0.0, |b| b[n]));
                            row[n] = flush_f32(exact_stage(row[n], ar, &column[..ar.len()]), flush);
                        }
                    }
                }
            }
        }
        let size = f.dst_ty.size();
        let (format, nan) = match f.dst_ty {
            DataType::HF => (Format::HF, 0x7E00u64),
            DataType::BF => (Format::BF, 0x7FC0),
            _ => (Format::F, 0x7FC0_0000),
        };
        let rnd = match profile.dst_rounding {
            DstRounding::Rne => Rounding::NearestEven,
            DstRounding::Rtz => Rounding::Zero,
        };
        for (r, row) in acc.iter().enumerate().take(self.rows) {
            for (c, &v) in row.iter().enumerate().take(self.n) {
                let bits = if v.is_nan() {
                    nan
                } else if format == Format::F {
                    u64::from(v.to_bits())
                } else {
                    let out = softfloat::f64_to(f64::from(v).to_bits(), format, rnd);
                    if flush && format.is_denormal(out) {
                        format.zero(format.is_neg(out))
                    } else {
                        out
                    }
                };
                let at = self.dst_at + r * self.row_advance + size * c;
                let Some(slot) = state.grf.get_mut(at..at + size) else {
                    return Err(VisaError::model_bug("DPAS Dst outside the register file"));
                };
                slot.copy_from_slice(&bits.to_le_bytes()[..size]);
                if !state.undefined.is_empty() {
                    for byte in at..at + size {
                        state.undefined.remove(&byte);
                    }
                }
            }
        }
        Ok(())
    }
}

#[inline(always)]
fn flush_f32(x: f32, flush: bool) -> f32 {
    if flush {
        ftz::<true>(x)
    } else {
        x
    }
}

/// One systolic stage under `literal-c`: per column, the dot of the stage's products in f32
/// (each product and each addition rounded), then added to the accumulator in f32.
#[inline(always)]
fn literal_c_stage<const FLUSH: bool>(acc: &mut [f32; N], a: &[f32], b: &[[f32; N]]) {
    let mut dot = [0f32; N];
    for n in 0..N {
        dot[n] = ftz::<FLUSH>(a[0] * b[0][n]);
    }
    for (av, brow) in a.iter().zip(b).skip(1) {
        for n in 0..N {
            dot[n] = ftz::<FLUSH>(dot[n] + ftz::<FLUSH>(*av * brow[n]));
        }
    }
    for n in 0..N {
        acc[n] = ftz::<FLUSH>(acc[n] + dot[n]);
    }
}

/// One systolic stage under `product-round`: per column, each product rounded to f32, then
/// added to the accumulator in k order (each addition rounded).
#[inline(always)]
fn product_round_stage<const FLUSH: bool>(acc: &mut [f32; N], a: &[f32], b: &[[f32; N]]) {
    for (av, brow) in a.iter().zip(b) {
        for n in 0..N {
            acc[n] = ftz::<FLUSH>(acc[n] + ftz::<FLUSH>(*av * brow[n]));
        }
    }
}

/// Words of the exact accumulator of [`exact_stage`]: bit 0 weighs 2^KULISCH_LSB; products
/// of two f32 values lie in [2^-298, 2^256), so 640 bits hold any sum of a few of them.
const KULISCH_WORDS: usize = 10;
const KULISCH_LSB: i32 = -300;

/// `temp + sum a[j]*b[j]`, exact, rounded once to f32 (nearest even).
fn exact_stage(temp: f32, a: &[f32], b: &[f32]) -> f32 {
    let finite = temp.is_finite() && a.iter().chain(b).all(|x| x.is_finite());
    if !finite {
        // Infinities and NaNs: IEEE rules; f64 holds every finite product exactly.
        let mut s = f64::from(temp);
        for (x, y) in a.iter().zip(b) {
            s += f64::from(*x) * f64::from(*y);
        }
        return s as f32;
    }
    let mut words = [0u64; KULISCH_WORDS];
    let mut all_zero_negative = temp == 0.0 && temp.is_sign_negative();
    let mut any_nonzero = temp != 0.0;
    kulisch_add(&mut words, unpack(temp));
    for (x, y) in a.iter().zip(b) {
        let (xn, xm, xe) = unpack(*x);
        let (yn, ym, ye) = unpack(*y);
        let product_zero = xm == 0 || ym == 0;
        if product_zero {
            all_zero_negative &= xn != yn;
        } else {
            all_zero_negative = false;
            any_nonzero = true;
        }
        kulisch_add(&mut words, (xn != yn, xm * ym, xe + ye));
    }
    if !any_nonzero {
        return if all_zero_negative { -0.0 } else { 0.0 };
    }
    let negative = words[KULISCH_WORDS - 1] >> 63 == 1;
    if negative {
        // Two's complement negation.
        let mut carry = 1u64;
        for w in words.iter_mut() {
            let (v, c) = (!*w).overflowing_add(carry);
            *w = v;
            carry = u64::from(c);
        }
    }
    let Some(top_word) = words.iter().rposition(|&w| w != 0) else {
        return 0.0; // an exact zero sum of nonzero terms: +0 (nearest even)
    };
    let top = top_word * 64 + 63 - words[top_word].leading_zeros() as usize;
    // A 126-bit window ending at the top bit, the bits below it jammed into bit 0.
    let lo = top.saturating_sub(125);
    let mut mag: u128 = 0;
    for bit in (lo..=top).rev() {
        mag = mag << 1 | u128::from(words[bit / 64] >> (bit % 64) & 1);
    }
    let below = (0..lo).any(|bit| words[bit / 64] >> (bit % 64) & 1 == 1);
    if below {
        mag |= 1;
    }
    let bits = softfloat::round_pack(
        negative,
        mag,
        lo as i32 + KULISCH_LSB,
        Format::F,
        Rounding::NearestEven,
    );
    f32::from_bits(bits as u32)
}

/// A finite f32 as (negative, integer mantissa, exponent of its last bit).
fn unpack(x: f32) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let negative = bits >> 31 == 1;
    let e = ((bits >> 23) & 0xFF) as i32;
    let frac = u64::from(bits & 0x7F_FFFF);
    if e == 0 {
        (negative, frac, -149)
    } else {
        (negative, frac | 1 << 23, e - 150)
    }
}

/// Adds `(-1)^negative * mantissa * 2^exponent` into the two's complement accumulator.
fn kulisch_add(words: &mut [u64; KULISCH_WORDS], (negative, mantissa, exponent): (bool, u64, i32)) {
    if mantissa == 0 {
        return;
    }
    let shift = (exponent - KULISCH_LSB).max(0) as usize;
    let (word, offset) = (shift / 64, shift % 64);
    let wide = u128::from(mantissa) << offset;
    let parts = [wide as u64, (wide >> 64) as u64];
    let mut carry = false;
    for (i, w) in words.iter_mut().enumerate().skip(word) {
        let part = parts.get(i - word).copied().unwrap_or(0);
        if negative {
            let (v1, b1) = w.overflowing_sub(part);
            let (v2, b2) = v1.overflowing_sub(u64::from(carry));
            *w = v2;
            carry = b1 || b2;
        } else {
            let (v1, c1) = w.overflowing_add(part);
            let (v2, c2) = v1.overflowing_add(u64::from(carry));
            *w = v2;
            carry = c1 || c2;
        }
        if !carry && i > word {
            break;
        }
    }
}

//! The math instructions' lane kernel (instructions/INV.md, LOG.md, EXP.md, SQRT.md,
//! RSQRT.md, SIN.md, COS.md, POW.md, DIVM.md, SQRTM.md, INVM.md, RSQTM.md): the sources decoded to f64 lanes
//! (denormals flushed per %cr0, modifiers applied), the function correctly rounded into the
//! destination by [`crate::math`] (its batch entry points across the lanes), then the NaN
//! rule, the denormal flush of the result, ALT mode and saturation ([`crate::kernel::post`]).
//!
//! The NaN rule (the ledger's MATH-NAN-RESULT): a NaN result takes the first NaN source,
//! quieted, when there is one; otherwise the default NaN the math core gives.
//!
//! INVM and RSQTM also write an early-out bit per lane (the ledger's MACRO-EARLY-OUT): under
//! the resolved reading from the decoded operands (a NaN, infinite or zero operand of the
//! quotient; a NaN, zero, infinite or negative operand of 1/sqrt), under the literal one from
//! the encoded result (a NaN, infinity or zero).

use crate::kernel::{self, Ctx, Raw};
use crate::math::{self, Binary, Unary};
use crate::softfloat::{f64_is_nan, nan_to, Format, Rounding};
use visa_model::types::DataType;

/// What a math step computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathOp {
    Unary(Unary),
    /// x / y (DIVM).
    Div,
    /// |x|^y (POW, erratum POW-NEGATIVE-BASE resolved).
    PowAbs,
    /// IEEE pow of the signed base (POW-NEGATIVE-BASE literal).
    PowSigned,
}

impl MathOp {
    pub fn arity(self) -> usize {
        match self {
            MathOp::Unary(_) => 1,
            _ => 2,
        }
    }
}

/// The early-out bit of INVM (`Quotient`) and RSQTM (`RecipSqrt`); `literal` selects the
/// literal reading of MACRO-EARLY-OUT (from the written result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlyOut {
    Quotient { literal: bool },
    RecipSqrt { literal: bool },
}

impl EarlyOut {
    fn literal(self) -> bool {
        match self {
            EarlyOut::Quotient { literal } | EarlyOut::RecipSqrt { literal } => literal,
        }
    }
}

/// The resolved early-out bits (1 or 0 in `out`) from the decoded sources (f64 bits after
/// the modifiers and the denormal flush): IEEE 754-2019 fixes the result from the operands.
pub fn early_out_inputs(eo: EarlyOut, srcs: &[Raw; 3], n: usize, out: &mut Raw) {
    if eo.literal() {
        return;
    }
    let n = n.min(out.len());
    for k in 0..n {
        let special = |bits: u64| {
            let x = f64::from_bits(bits);
            !x.is_finite() || x == 0.0
        };
        out[k] = u64::from(match eo {
            EarlyOut::Quotient { .. } => special(srcs[0][k]) || special(srcs[1][k]),
            EarlyOut::RecipSqrt { .. } => {
                special(srcs[0][k]) || f64::from_bits(srcs[0][k]).is_sign_negative()
            }
        });
    }
}

/// The literal early-out bits from the encoded results in `dst`: a NaN, infinity or zero.
pub fn early_out_results(eo: EarlyOut, dst: Format, results: &Raw, n: usize, out: &mut Raw) {
    if !eo.literal() {
        return;
    }
    let n = n.min(out.len());
    for k in 0..n {
        let r = results[k];
        out[k] = u64::from(dst.is_nan(r) || dst.is_inf(r) || dst.is_zero(r));
    }
}

/// The vISA float type's format.
pub fn format_of(ty: DataType) -> Option<Format> {
    match ty {
        DataType::DF => Some(Format::DF),
        DataType::F => Some(Format::F),
        DataType::HF => Some(Format::HF),
        _ => None,
    }
}

/// The lanes `srcs[..arity]` (canonical f64 bits) through `op` into `dst`, results in `out`.
/// `alt_abs`: the document computes on |src0| in ALT mode (LOG, SQRT, RSQRT).
pub fn run(op: MathOp, dst: Format, alt_abs: bool, srcs: &mut [Raw; 3], c: &Ctx, out: &mut Raw) {
    let n = c.n.min(srcs[0].len());
    let rnd = c.mode.rounding;
    if alt_abs && c.mode.alt {
        srcs[0][..n].iter_mut().for_each(|x| *x &= !(1 << 63));
    }
    let [a, b, _] = &*srcs;
    match op {
        MathOp::Unary(f) => {
            math::unary_batch(f, Format::DF, dst, rnd, &a[..n], &mut out[..n]);
        }
        MathOp::Div => {
            math::binary_batch(
                Binary::Div,
                Format::DF,
                dst,
                rnd,
                &a[..n],
                &b[..n],
                &mut out[..n],
            );
        }
        MathOp::PowAbs => {
            math::binary_batch(
                Binary::PowAbs,
                Format::DF,
                dst,
                rnd,
                &a[..n],
                &b[..n],
                &mut out[..n],
            );
        }
        MathOp::PowSigned => {
            for k in 0..n {
                out[k] = pow_signed(a[k], b[k], dst, rnd);
            }
        }
    }
    let arity = op.arity();
    // The destination format as a constant where it is a common one, so that the format
    // tests of the loop fold.
    if dst == Format::F {
        finish(Format::F, arity, &a[..n], &b[..n], c, &mut out[..n]);
    } else if dst == Format::HF {
        finish(Format::HF, arity, &a[..n], &b[..n], c, &mut out[..n]);
    } else {
        finish(dst, arity, &a[..n], &b[..n], c, &mut out[..n]);
    }
}

/// The NaN propagation and the destination's denorm mode, ALT mode and saturation on each
/// result of `out`.
#[inline(always)]
fn finish(dst: Format, arity: usize, a: &[u64], b: &[u64], c: &Ctx, out: &mut [u64]) {
    let (keep, alt) = params(dst, c);
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let mut r = *o;
        if dst.is_nan(r) {
            // The first NaN source, quieted; else the core's default NaN.
            if let Some(v) = [x, y][..arity].iter().find(|v| f64_is_nan(**v)) {
                r = nan_to(*v, dst);
            }
        }
        *o = kernel::post(r, dst, keep, alt, c);
    }
}

/// The destination's denorm mode and whether ALT mode applies (F only).
fn params(dst: Format, c: &Ctx) -> (bool, bool) {
    let keep = if dst == Format::DF {
        c.mode.keep_df
    } else if dst == Format::HF {
        c.mode.keep_hf
    } else {
        c.mode.keep_f
    };
    (keep, c.mode.alt && dst == Format::F)
}

/// IEEE 754-2019 pow of a signed base from |x|^y: an odd integer exponent negates the
/// result of a negative base (computed in the mirrored directed mode, so that the negative
/// value rounds in the mode's own direction); a negative finite nonzero base with a finite
/// non-integer exponent gives the default NaN; -0 and -inf otherwise give |x|^y.
fn pow_signed(x: u64, y: u64, dst: Format, rnd: Rounding) -> u64 {
    let (xf, yf) = (f64::from_bits(x), f64::from_bits(y));
    if !xf.is_sign_negative() || xf.is_nan() || yf.is_nan() {
        return math::binary(Binary::PowAbs, x, y, Format::DF, dst, rnd);
    }
    let integer = yf.is_finite() && yf.fract() == 0.0;
    // |y| >= 2^53 is an even integer in f64.
    let odd = integer && yf.abs() < 9_007_199_254_740_992.0 && (yf * 0.5).fract() != 0.0;
    if odd {
        let mirrored = match rnd {
            Rounding::Up => Rounding::Down,
            Rounding::Down => Rounding::Up,
            other => other,
        };
        let r = math::binary(Binary::PowAbs, x, y, Format::DF, dst, mirrored);
        return r ^ dst.sign_bit();
    }
    if !integer && yf.is_finite() && xf.is_finite() && xf != 0.0 {
        return dst.default_nan();
    }
    math::binary(Binary::PowAbs, x, y, Format::DF, dst, rnd)
}

//! The float math family: one module per instruction document, or one clause for the
//! documents that share one shape (`rounding`: RNDD, RNDE, RNDU, RNDZ; `unary`: INV, LOG, EXP,
//! SQRT, RSQRT, SIN, COS).
//!
//! The exact rounding instructions (RNDD, RNDE, RNDU, RNDZ, FRC) compute their loops on
//! exact values ([`crate::num::floor`], IEEE addition) and round once into the destination
//! type.
//!
//! The approximated instructions INV, LOG, EXP, SQRT, RSQRT, SIN, COS, POW and the IEEE
//! macros DIVM and SQRTM write, in every channel, the exact function of their sources
//! correctly rounded once into the destination type (erratum MATH-EXACT-VALUE) through
//! [`crate::num::elementary`]: the sources after their modifiers, their denormals flushed per
//! %cr0 (2_datatypes.md, "Floating Point Mode"; 4_visa_header.md, %cr0 bits 6, 7 and 10),
//! then the function under %cr0's rounding mode, then the destination's denormal flush, ALT
//! mode and saturation (the steps of [`num::convert`], as ADD and MUL). A NaN result takes
//! the first NaN source, quieted, when there is one, else the default NaN (erratum
//! MATH-NAN-RESULT). An implementation may give any result of the accuracy contract
//! (`crate::contract`, docs/math.md); execution gives the correctly rounded one.
//!
//! The early-out macros INVM and RSQTM write the same correctly rounded value (erratum
//! MACRO-APPROXIMATION) and, per channel, the early-out bit of their predicate destination
//! (`Operands::early_out`, erratum MACRO-EARLY-OUT).

pub mod divm;
// The conversions: FCVT and SRND.
pub mod fcvt;
mod fp8;
pub mod frc;
pub mod invm;
// LRP and PLN.
pub mod lrp;
pub mod pln;
pub mod pow;
pub mod rounding;
pub mod rsqtm;
pub mod sqrtm;
pub mod srnd;
pub mod unary;

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num::elementary::{self, Function};
use crate::num::{self, ExactFloat, FloatFormat, FloatMode, Rounding, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::{exec_type, DataType};

/// A float source element as the loops read it: its exact value after the source modifier,
/// with a denormal flushed to a zero of its sign when its type's denorm mode says flush
/// (2_datatypes.md, "Floating Point Mode"; %cr0 bits 6, 7 and 10).
fn float_source(
    value: Value,
    ty: DataType,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<ExactFloat> {
    match crate::num::flush_input(value, ty, mode, readings) {
        Value::Float(f) => Ok(f),
        Value::Int(n) => Err(VisaError::model_bug(format!(
            "integer {n} read as a {ty} source of a math instruction"
        ))),
    }
}

/// The zero of a rounded result takes the source's sign under the resolved reading of
/// erratum RND-ZERO-SIGN (IEEE 754 roundToIntegral); under the literal reading the loop's
/// own sum stands.
fn zero_sign(result: ExactFloat, src: &ExactFloat, readings: &Readings) -> ExactFloat {
    if result.is_zero() && !readings.is_literal(errata::RND_ZERO_SIGN) {
        ExactFloat::zero(src.negative())
    } else {
        result
    }
}

/// The exact value 1.
fn one() -> ExactFloat {
    ExactFloat::finite(false, 1u32.into(), 0)
}

/// What one channel computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Math {
    /// A function of the elementary core.
    Core(Function),
    /// IEEE 754-2019 pow of the signed base (erratum POW-NEGATIVE-BASE, literal reading).
    PowSigned,
}

/// One enabled channel: `inputs` are the sources' exact values after their modifiers, of
/// types `src_tys`; `alt_abs` says the document computes on |src0| in ALT mode (LOG, SQRT
/// and RSQRT, Notes; erratum MATH-ALT-ABS). Returns the destination element's bits.
#[allow(clippy::too_many_arguments)]
pub(crate) fn channel(
    math: Math,
    inputs: &[Value],
    src_tys: &[DataType],
    dst_ty: DataType,
    sat: bool,
    alt_abs: bool,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<u64> {
    let mut xs = Vec::with_capacity(inputs.len());
    for (value, ty) in inputs.iter().zip(src_tys) {
        xs.push(float_source(value.clone(), *ty, mode, readings)?);
    }
    if alt_abs && mode.alt_f {
        if let Some(x) = xs.first_mut() {
            *x = x.clone().abs();
        }
    }
    let format = FloatFormat::of(dst_ty).ok_or_else(|| {
        VisaError::model_bug(format!("a math instruction writes a {dst_ty} destination"))
    })?;
    let result = match math {
        Math::Core(function) => elementary::evaluate(function, &xs, format, mode.rounding)?,
        Math::PowSigned => pow_signed(&xs, format, mode.rounding)?,
    };
    let result = if result.is_nan() {
        // Erratum MATH-NAN-RESULT: the first NaN source, quieted, else the default NaN.
        xs.iter()
            .find(|x| x.is_nan())
            .map(|x| x.clone().quieted())
            .unwrap_or_else(ExactFloat::default_nan)
    } else {
        result
    };
    num::convert(&Value::Float(result), dst_ty, sat, mode, readings)
}

/// The operands of a math instruction, read before its loop: the float mode, the channel
/// enables, each source's lanes and execution type, the destination's elements.
#[allow(non_snake_case)]
pub(crate) struct Operands {
    pub mode: FloatMode,
    pub ChEn: u32,
    pub srcs: Vec<Vec<Value>>,
    pub src_tys: Vec<DataType>,
    pub dst: DstElements,
}

impl Operands {
    pub(crate) fn read(
        program: &Program,
        insn: &Instruction,
        state: &MachineState,
        config: &ExecConfig,
    ) -> Result<Operands> {
        let readings = &config.readings;
        let mut srcs = Vec::with_capacity(insn.srcs.len());
        for src in &insn.srcs {
            srcs.push(source_elements(
                program,
                state,
                src,
                insn.exec_size,
                readings,
            )?);
        }
        Ok(Operands {
            mode: FloatMode::from_cr0(state.cr0(&program.vars)),
            ChEn: evaluate_ch_en(insn, state),
            srcs,
            src_tys: insn.srcs.iter().map(|s| exec_type(s.ty())).collect(),
            dst: DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?,
        })
    }

    /// Channel `i`'s result of `math` (see [`channel`]).
    pub(crate) fn compute(
        &self,
        i: usize,
        math: Math,
        insn: &Instruction,
        alt_abs: bool,
        readings: &Readings,
    ) -> Result<u64> {
        let inputs: Vec<Value> = self.srcs.iter().map(|s| s[i].clone()).collect();
        channel(
            math,
            &inputs,
            &self.src_tys,
            insn.dst.ty(),
            insn.sat,
            alt_abs,
            &self.mode,
            readings,
        )
    }
}

/// The raw element bits of a source of FCVT or SRND, one per channel: a general or
/// indirect operand's elements, an immediate's bits replicated (no modifier: the documents
/// take none).
pub(crate) fn fp8_lanes(
    program: &Program,
    state: &MachineState,
    src: &crate::ir::Src,
    exec_size: u32,
    readings: &Readings,
) -> Result<Vec<u64>> {
    if let crate::ir::Src::Imm { bits, ty } = src {
        let mask = if ty.bits() >= 64 {
            u64::MAX
        } else {
            (1u64 << ty.bits()) - 1
        };
        return Ok(vec![bits & mask; exec_size as usize]);
    }
    crate::operand::source_bits(program, state, src, exec_size, readings)?.ok_or_else(|| {
        VisaError::model_bug("a source of FCVT or SRND that is not a register or an immediate")
    })
}

/// The result an early-out macro approximates (instructions/INVM.md, RSQTM.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EarlyOut {
    /// INVM: src0 / src1.
    Quotient,
    /// RSQTM: 1 / sqrt(src0).
    RecipSqrt,
}

impl Operands {
    /// Channel `i`'s early-out bit (erratum MACRO-EARLY-OUT), `result` the bits written to
    /// the destination. Literal: that value is a NaN, ±inf or ±0. Resolved: IEEE 754-2019
    /// fixes the result from the operands alone, each read after its modifier and the denorm
    /// flush: for the quotient, an operand is a NaN, ±inf or ±0 (6.1, 6.2, 7.2, 7.3); for
    /// 1/sqrt, the operand is a NaN, ±0, +inf or below zero (9.2, 7.2, 7.3).
    pub(crate) fn early_out(
        &self,
        i: usize,
        which: EarlyOut,
        dst_ty: DataType,
        result: u64,
        readings: &Readings,
    ) -> Result<bool> {
        if readings.is_literal(errata::MACRO_EARLY_OUT) {
            let format = FloatFormat::of(dst_ty).ok_or_else(|| {
                VisaError::model_bug(format!("an early-out macro writes a {dst_ty} destination"))
            })?;
            let r = format.decode(result);
            return Ok(r.is_nan() || r.is_inf() || r.is_zero());
        }
        let mut special = false;
        for (lanes, ty) in self.srcs.iter().zip(&self.src_tys) {
            let value = lanes.get(i).cloned().ok_or_else(|| {
                VisaError::model_bug(format!("no source element for channel {i}"))
            })?;
            let x = float_source(value, *ty, &self.mode, readings)?;
            special |= match which {
                EarlyOut::Quotient => x.is_nan() || x.is_inf() || x.is_zero(),
                EarlyOut::RecipSqrt => x.is_nan() || x.is_inf() || x.is_zero() || x.negative(),
            };
        }
        Ok(special)
    }
}

/// The elements of the predicate destination `<preddst>` of INVM and RSQTM (which
/// validation gives them): channel i writes the bit predication reads for it, i plus the
/// mask control's offset.
pub(crate) fn predicate_destination(
    program: &Program,
    insn: &Instruction,
    state: &MachineState,
    readings: &Readings,
) -> Result<DstElements> {
    let dst = insn.dst2.as_ref().ok_or_else(|| {
        VisaError::model_bug(format!(
            "{} without its predicate destination",
            insn.opcode.mnemonic()
        ))
    })?;
    DstElements::with_mask_offset(
        program,
        state,
        dst,
        insn.exec_size,
        insn.mask.offset(),
        readings,
    )
}

/// Whether a value is an integer, and if so whether it is odd: `Some(odd)` for a finite
/// integer (zeros are even), `None` otherwise.
fn integer_parity(y: &ExactFloat) -> Option<bool> {
    match y {
        ExactFloat::Zero { .. } => Some(false),
        ExactFloat::Finite {
            mantissa, exponent, ..
        } => {
            let zeros = i128::from(mantissa.trailing_zeros()?);
            let exponent = i128::from(*exponent);
            // value = mantissa * 2^exponent: an integer when the trailing zeros cover -exponent.
            if zeros + exponent < 0 {
                None
            } else {
                Some(zeros + exponent == 0)
            }
        }
        _ => None,
    }
}

/// IEEE 754-2019 pow (9.2.1) of a signed base, from |x|^y: a negative base with an odd
/// integer exponent negates the result (rounded in the mirrored direction, so that the
/// negative value is rounded in the mode's own direction), a negative finite nonzero base
/// with a finite non-integer exponent is invalid (NaN); -0 and -inf with any other exponent
/// give |x|^y.
fn pow_signed(xs: &[ExactFloat], format: FloatFormat, rounding: Rounding) -> Result<ExactFloat> {
    let (Some(x), Some(y)) = (xs.first(), xs.get(1)) else {
        return Err(VisaError::model_bug("POW with fewer than two sources"));
    };
    if !x.negative() || x.is_nan() || y.is_nan() {
        return elementary::evaluate(Function::PowAbs, xs, format, rounding);
    }
    match integer_parity(y) {
        Some(true) => {
            let mirrored = match rounding {
                Rounding::Ru => Rounding::Rd,
                Rounding::Rd => Rounding::Ru,
                other => other,
            };
            Ok(elementary::evaluate(Function::PowAbs, xs, format, mirrored)?.negated())
        }
        None if matches!(x, ExactFloat::Finite { .. })
            && matches!(y, ExactFloat::Finite { .. }) =>
        {
            Ok(ExactFloat::default_nan())
        }
        _ => elementary::evaluate(Function::PowAbs, xs, format, rounding),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn v(m: u32, e: i64) -> ExactFloat {
        ExactFloat::finite(false, BigUint::from(m), e)
    }

    #[test]
    fn parity_of_binary_fractions() {
        assert_eq!(integer_parity(&v(3, 0)), Some(true));
        assert_eq!(integer_parity(&v(6, -1)), Some(true));
        assert_eq!(integer_parity(&v(12, -1)), Some(false));
        assert_eq!(integer_parity(&v(1, 1)), Some(false));
        assert_eq!(integer_parity(&v(3, -1)), None);
        assert_eq!(integer_parity(&ExactFloat::inf(false)), None);
        assert_eq!(integer_parity(&ExactFloat::zero(true)), Some(false));
    }
}

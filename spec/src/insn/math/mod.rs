//! The float math family of issue 24: one module per instruction document. The exact
//! rounding instructions (RNDD, RNDE, RNDU, RNDZ, FRC) compute their loops on exact values
//! ([`crate::num::floor`], IEEE addition) and round once into the destination type.

pub mod frc;
pub mod rndd;
pub mod rnde;
pub mod rndu;
pub mod rndz;

use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::num::{ExactFloat, FloatMode, Value};
use crate::types::DataType;

/// A float source element as the loops read it: its exact value after the source modifier,
/// with an F denormal flushed to a zero of its sign when the F denorm mode (%cr0 bit 7) says
/// flush (2_datatypes.md, "Floating Point Mode").
fn float_source(
    value: Value,
    ty: DataType,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<ExactFloat> {
    match crate::num::flush_input(value, ty, mode, readings) {
        Value::Float(f) => Ok(f),
        Value::Int(n) => Err(VisaError::model_bug(format!(
            "integer {n} read as a {ty} source of a rounding instruction"
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

//! Float helpers shared by the atomics of LSC_UNTYPED (LSC-ATOMIC-FLOAT) and SVM_ATOMIC
//! (SVM-ATOMIC-FLOAT-MINMAX), which read their float operations the same way.

use std::cmp::Ordering;

use crate::error::{Result, VisaError};
use crate::num::{self, ExactFloat, FloatFormat, Value};
use crate::types::DataType;

/// The exact value of a float atomic datum of type `ty`.
pub(crate) fn float_value(bits: u64, ty: DataType) -> Result<ExactFloat> {
    match num::decode(bits, ty) {
        Value::Float(f) => Ok(f),
        Value::Int(_) => Err(VisaError::model_bug(
            "a float atomic datum decoded as an integer",
        )),
    }
}

/// fmin (`min`) or fmax of two floats: a NaN operand yields the other, two NaNs the
/// default NaN, and -0 orders below +0.
pub(crate) fn float_min_max(a: u64, b: u64, ty: DataType, min: bool) -> Result<u64> {
    let (x, y) = (float_value(a, ty)?, float_value(b, ty)?);
    let format = FloatFormat::of(ty)
        .ok_or_else(|| VisaError::model_bug("a float atomic without a float format"))?;
    Ok(match (x.is_nan(), y.is_nan()) {
        (true, true) => format
            .encode(&ExactFloat::default_nan())
            .ok_or_else(|| VisaError::model_bug("the default NaN does not encode"))?,
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            let order = if x.is_zero() && y.is_zero() {
                // -0 below +0.
                y.negative().cmp(&x.negative())
            } else {
                x.compare(&y).unwrap_or(Ordering::Equal)
            };
            let a_first = if min {
                order != Ordering::Greater
            } else {
                order != Ordering::Less
            };
            if a_first {
                a
            } else {
                b
            }
        }
    })
}

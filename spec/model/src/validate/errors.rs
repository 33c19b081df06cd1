//! The error helpers of validation: every rule reports through [`invalid`], naming the field
//! at fault.

use crate::error::{Pos, VisaError};

/// The one error helper of validation: an `invalid-instruction` error in `field`.
pub(crate) fn invalid(field: &str, message: impl Into<String>) -> VisaError {
    VisaError::invalid(message).field(field.to_string())
}

pub(crate) fn invalid_at(pos: Pos, field: &str, message: impl Into<String>) -> VisaError {
    invalid(field, message).at(pos)
}

pub(crate) fn src_field(i: usize) -> String {
    format!("src{i}")
}

//! Exact reference arithmetic shared by every instruction (2_datatypes.md): values decoded
//! from their bit patterns into exact numbers, source modifiers, and the conversion of an
//! exact result into a destination type under the %cr0 float mode, with saturation.
//!
//! Integers are unbounded (`BigInt`); finite floats are exact binary fractions
//! `mantissa * 2^exponent`. Rounding happens only in [`convert`] (through [`FloatFormat::round`])
//! and in [`elementary`], whose functions round the exact value of an elementary function once.

mod convert;
pub mod elementary;
mod float;
mod int;
mod integral;
mod mode;
mod surface_format;
mod value;

pub use convert::{
    apply_modifier, convert, convert_int, decode, decode_packed, decode_precision,
    flush_conversion_input, flush_input,
};
pub use float::{add, div, fma, int_div, int_rem, mul, FloatFormat};
pub use int::{
    fits_signed, int_of, masked, shift_count, shift_left, shift_right, ud_scalar, unsigned_bits,
};
pub use integral::{ceil, floor, is_odd_integer};
pub use mode::{FloatMode, Rounding};
pub use surface_format::{read_channel, write_channel};
pub use value::{ExactFloat, Value};

//! Exact integer helpers of the bit-level instructions (logic, shifts, rotations, bit
//! counts and bit fields): reading an integer source, its two's complement bits, shift
//! counts, and shifts on unbounded integers. Results go to the destination through
//! [`super::convert_int`].

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

use super::value::Value;
use crate::error::VisaError;
use crate::types::DataType;

/// The exact value of an integer source element. Validation admits only integer types for
/// these instructions, so a float is a model bug.
pub fn int_of(value: &Value) -> Result<&BigInt, VisaError> {
    value
        .as_int()
        .ok_or_else(|| VisaError::model_bug(format!("{value} is not an integer")))
}

/// `n mod 2^width`: the low `width` bits of `n`'s two's complement, read as an unsigned
/// number (the value of those bits in an unsigned type of `width` bits).
pub fn unsigned_bits(n: &BigInt, width: u32) -> BigInt {
    n.mod_floor(&(BigInt::one() << width))
}

/// The low 32 bits of an integer element: the documents' `UD udScalar = src0[i]` (read as
/// `i32` for their `D dScalar`).
pub fn ud_scalar(value: &Value) -> Result<u32, VisaError> {
    let bits = unsigned_bits(int_of(value)?, 32);
    bits.to_u32()
        .ok_or_else(|| VisaError::model_bug(format!("{bits} does not fit 32 bits")))
}

/// `n & mask` for a mask below 2^32 on the two's complement of `n`: the documents'
/// `src1[i] & RotateMask`, `-src1[i] & RotateMask`.
pub fn masked(n: &BigInt, mask: u32) -> u32 {
    // The result is at most `mask`, so the conversion cannot fail.
    (n & BigInt::from(mask)).to_u32().unwrap_or(0)
}

/// The shift count of SHL, SHR and ASR (their Notes): the low 5 bits of src1, or the low 6
/// bits when the destination is Q or UQ, as an unsigned number.
pub fn shift_count(src1: &BigInt, dst: DataType) -> u32 {
    masked(src1, if dst.bits() == 64 { 63 } else { 31 })
}

/// `n << count` on the unbounded value: `n * 2^count`.
pub fn shift_left(n: &BigInt, count: u32) -> BigInt {
    n << count
}

/// `n >> count` with sign extension on the unbounded value: `floor(n / 2^count)`. For a
/// non-negative `n` this is the logical shift.
pub fn shift_right(n: &BigInt, count: u32) -> BigInt {
    n.div_floor(&(BigInt::one() << count))
}

/// Whether `n` is representable as a signed integer of `width` bits:
/// `-2^(width-1) <= n < 2^(width-1)`.
pub fn fits_signed(n: &BigInt, width: u32) -> bool {
    let half = BigInt::one() << width.saturating_sub(1);
    -&half <= *n && *n < half
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_bits_of_negative_values() {
        // -1 mod 2^8 = 255; -256 mod 2^8 = 0.
        assert_eq!(unsigned_bits(&BigInt::from(-1), 8), BigInt::from(255));
        assert_eq!(unsigned_bits(&BigInt::from(-256), 8), BigInt::from(0));
    }

    #[test]
    fn counts_and_shifts() {
        // -1 has all bits set: count 31 for a D destination, 63 for Q.
        assert_eq!(shift_count(&BigInt::from(-1), DataType::D), 31);
        assert_eq!(shift_count(&BigInt::from(-1), DataType::Q), 63);
        assert_eq!(shift_count(&BigInt::from(32), DataType::UD), 0);
        // -1 & 15 = 15; -17 & 15 = 15 (-17 = ...11101111).
        assert_eq!(masked(&BigInt::from(-17), 15), 15);
        // floor(-5 / 4) = -2.
        assert_eq!(shift_right(&BigInt::from(-5), 2), BigInt::from(-2));
        assert!(fits_signed(&BigInt::from(-(1i64 << 32)), 33));
        assert!(!fits_signed(&BigInt::from(1i64 << 32), 33));
    }
}

//! Exact values: what a source element means before any rounding (2_datatypes.md,
//! "Fundamental Data Types"). Integers are unbounded; floats are exact binary fractions with
//! their IEEE special values kept apart.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// An exact number. Integers are unbounded; finite floats are exact:
/// `(-1)^negative * mantissa * 2^exponent` with `mantissa > 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(BigInt),
    Float(ExactFloat),
}

/// An exact floating-point value.
///
/// The functions of this module build finite values in a canonical form (odd mantissa, see
/// [`ExactFloat::finite`]) so that equal numbers compare equal with `==`; every function
/// accepts non-canonical values too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactFloat {
    Zero {
        negative: bool,
    },
    Finite {
        negative: bool,
        mantissa: BigUint,
        exponent: i64,
    },
    Inf {
        negative: bool,
    },
    /// payload: the fraction bits below the quiet bit, LEFT-aligned in a u64 (bit 63 = the
    /// first bit below the quiet bit) so payloads carry across formats by truncation/zero-fill.
    NaN {
        negative: bool,
        quiet: bool,
        payload: u64,
    },
}

impl ExactFloat {
    /// A zero of the given sign.
    pub fn zero(negative: bool) -> ExactFloat {
        ExactFloat::Zero { negative }
    }

    /// An infinity of the given sign.
    pub fn inf(negative: bool) -> ExactFloat {
        ExactFloat::Inf { negative }
    }

    /// The default NaN: positive, quiet, payload 0 (e.g. F 0x7fc00000).
    pub fn default_nan() -> ExactFloat {
        ExactFloat::NaN {
            negative: false,
            quiet: true,
            payload: 0,
        }
    }

    /// `(-1)^negative * mantissa * 2^exponent` in canonical form: trailing zero bits of the
    /// mantissa move into the exponent, and a zero mantissa gives a zero of that sign.
    pub fn finite(negative: bool, mantissa: BigUint, exponent: i64) -> ExactFloat {
        let Some(zeros) = mantissa.trailing_zeros() else {
            return ExactFloat::Zero { negative };
        };
        let shift = usize::try_from(zeros).unwrap_or(usize::MAX);
        ExactFloat::Finite {
            negative,
            mantissa: mantissa >> shift,
            exponent: exponent.saturating_add(i64::try_from(zeros).unwrap_or(i64::MAX)),
        }
    }

    /// The exact value of an integer (0 is +0).
    pub fn from_bigint(n: &BigInt) -> ExactFloat {
        ExactFloat::finite(n.sign() == Sign::Minus, n.magnitude().clone(), 0)
    }

    /// The sign bit (NaNs and zeros included).
    pub fn negative(&self) -> bool {
        match *self {
            ExactFloat::Zero { negative }
            | ExactFloat::Finite { negative, .. }
            | ExactFloat::Inf { negative }
            | ExactFloat::NaN { negative, .. } => negative,
        }
    }

    /// The same value with its sign bit set to `negative` (NaNs and zeros included).
    pub fn with_sign(self, negative: bool) -> ExactFloat {
        match self {
            ExactFloat::Zero { .. } => ExactFloat::Zero { negative },
            ExactFloat::Finite {
                mantissa, exponent, ..
            } => ExactFloat::Finite {
                negative,
                mantissa,
                exponent,
            },
            ExactFloat::Inf { .. } => ExactFloat::Inf { negative },
            ExactFloat::NaN { quiet, payload, .. } => ExactFloat::NaN {
                negative,
                quiet,
                payload,
            },
        }
    }

    /// The sign bit flipped.
    pub fn negated(self) -> ExactFloat {
        let negative = !self.negative();
        self.with_sign(negative)
    }

    /// The sign bit cleared.
    pub fn abs(self) -> ExactFloat {
        self.with_sign(false)
    }

    /// A NaN with its quiet bit set (sign and payload kept); any other value unchanged.
    pub fn quieted(self) -> ExactFloat {
        match self {
            ExactFloat::NaN {
                negative, payload, ..
            } => ExactFloat::NaN {
                negative,
                quiet: true,
                payload,
            },
            other => other,
        }
    }

    pub fn is_nan(&self) -> bool {
        matches!(self, ExactFloat::NaN { .. })
    }

    pub fn is_inf(&self) -> bool {
        matches!(self, ExactFloat::Inf { .. })
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, ExactFloat::Zero { .. })
    }

    /// The exponent of the leading one bit: `floor(log2(|x|))` of a nonzero finite value.
    pub fn binade(&self) -> Option<i128> {
        match self {
            ExactFloat::Finite {
                mantissa, exponent, ..
            } if !mantissa.is_zero() => {
                Some(i128::from(*exponent) + i128::from(mantissa.bits()) - 1)
            }
            _ => None,
        }
    }

    /// Numeric comparison as IEEE 754 orders values: -0 == +0, -inf is the least value,
    /// +inf the greatest, and NaN is unordered (None).
    pub fn compare(&self, other: &ExactFloat) -> Option<Ordering> {
        if self.is_nan() || other.is_nan() {
            return None;
        }
        let (a, b) = (self.signum_class(), other.signum_class());
        if a != b {
            return Some(a.cmp(&b));
        }
        match (self, other) {
            (
                ExactFloat::Finite {
                    negative,
                    mantissa: m1,
                    exponent: e1,
                },
                ExactFloat::Finite {
                    mantissa: m2,
                    exponent: e2,
                    ..
                },
            ) => {
                let magnitude = compare_magnitudes(m1, *e1, m2, *e2);
                Some(if *negative {
                    magnitude.reverse()
                } else {
                    magnitude
                })
            }
            _ => Some(Ordering::Equal),
        }
    }

    /// Orders the kinds of value: -inf < negative finite < zero < positive finite < +inf.
    /// Values of the same class other than finite ones are equal.
    fn signum_class(&self) -> i8 {
        match self {
            ExactFloat::Inf { negative: true } => -2,
            ExactFloat::Finite {
                negative: true,
                mantissa,
                ..
            } if !mantissa.is_zero() => -1,
            ExactFloat::Finite {
                negative: false,
                mantissa,
                ..
            } if !mantissa.is_zero() => 1,
            ExactFloat::Inf { negative: false } => 2,
            _ => 0,
        }
    }
}

/// Compares `m1 * 2^e1` with `m2 * 2^e2` (both magnitudes nonzero) without building numbers
/// wider than the two mantissas.
fn compare_magnitudes(m1: &BigUint, e1: i64, m2: &BigUint, e2: i64) -> Ordering {
    let top1 = i128::from(e1) + i128::from(m1.bits());
    let top2 = i128::from(e2) + i128::from(m2.bits());
    if top1 != top2 {
        return top1.cmp(&top2);
    }
    // Same binade: the exponent gap is at most the difference of the mantissa widths.
    let low = e1.min(e2);
    let align = |m: &BigUint, e: i64| {
        let gap = usize::try_from(i128::from(e) - i128::from(low)).unwrap_or(0);
        m << gap
    };
    align(m1, e1).cmp(&align(m2, e2))
}

impl Value {
    /// An integer value.
    pub fn from_i128(v: i128) -> Value {
        Value::Int(BigInt::from(v))
    }

    /// The integer 0.
    pub fn int_zero() -> Value {
        Value::Int(BigInt::zero())
    }

    /// The integer 1.
    pub fn int_one() -> Value {
        Value::Int(BigInt::one())
    }

    pub fn as_int(&self) -> Option<&BigInt> {
        match self {
            Value::Int(n) => Some(n),
            Value::Float(_) => None,
        }
    }

    pub fn as_float(&self) -> Option<&ExactFloat> {
        match self {
            Value::Float(f) => Some(f),
            Value::Int(_) => None,
        }
    }

    pub fn is_nan(&self) -> bool {
        self.as_float().is_some_and(ExactFloat::is_nan)
    }

    /// Whether the value is below zero (integers) or has its sign bit set (floats).
    pub fn negative(&self) -> bool {
        match self {
            Value::Int(n) => n.sign() == Sign::Minus,
            Value::Float(f) => f.negative(),
        }
    }

    /// Exact numeric comparison; integers and floats compare by value. None when a NaN is
    /// involved.
    pub fn compare(&self, other: &Value) -> Option<Ordering> {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => Some(a.cmp(b)),
            (Value::Float(a), Value::Float(b)) => a.compare(b),
            (Value::Int(a), Value::Float(b)) => ExactFloat::from_bigint(a).compare(b),
            (Value::Float(a), Value::Int(b)) => a.compare(&ExactFloat::from_bigint(b)),
        }
    }
}

impl From<BigInt> for Value {
    fn from(n: BigInt) -> Value {
        Value::Int(n)
    }
}

impl From<ExactFloat> for Value {
    fn from(f: ExactFloat) -> Value {
        Value::Float(f)
    }
}

impl fmt::Display for ExactFloat {
    /// `-0`, `+inf`, `nan(quiet, payload 0x...)`, or `[-]mantissa*2^exponent`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.negative() { "-" } else { "+" };
        match self {
            ExactFloat::Zero { .. } => write!(f, "{sign}0"),
            ExactFloat::Finite {
                mantissa, exponent, ..
            } => {
                write!(f, "{sign}{mantissa}*2^{exponent}")
            }
            ExactFloat::Inf { .. } => write!(f, "{sign}inf"),
            ExactFloat::NaN { quiet, payload, .. } => {
                let kind = if *quiet { "qnan" } else { "snan" };
                write!(f, "{sign}{kind}(0x{payload:016x})")
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) => write!(f, "{x}"),
        }
    }
}

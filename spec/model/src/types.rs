//! Fundamental data types (2_datatypes.md, "Fundamental Data Types") and the DPAS operand
//! precisions (instructions/DPAS.md, the precision table).

use std::fmt;
use std::str::FromStr;

/// A vISA data type. The discriminant is the binary format of 2_datatypes.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, arbitrary::Arbitrary)]
pub enum DataType {
    UD = 0b0000,
    D = 0b0001,
    UW = 0b0010,
    W = 0b0011,
    UB = 0b0100,
    B = 0b0101,
    DF = 0b0110,
    F = 0b0111,
    V = 0b1000,
    VF = 0b1001,
    BOOL = 0b1010,
    UQ = 0b1011,
    UV = 0b1100,
    Q = 0b1101,
    HF = 0b1110,
    BF = 0b1111,
}

impl DataType {
    /// Every type, in binary-format order.
    pub const ALL: [DataType; 16] = [
        DataType::UD,
        DataType::D,
        DataType::UW,
        DataType::W,
        DataType::UB,
        DataType::B,
        DataType::DF,
        DataType::F,
        DataType::V,
        DataType::VF,
        DataType::BOOL,
        DataType::UQ,
        DataType::UV,
        DataType::Q,
        DataType::HF,
        DataType::BF,
    ];

    /// The scalar (non-packed, non-bool) types a general variable may have.
    pub const SCALARS: [DataType; 12] = [
        DataType::UD,
        DataType::D,
        DataType::UW,
        DataType::W,
        DataType::UB,
        DataType::B,
        DataType::DF,
        DataType::F,
        DataType::UQ,
        DataType::Q,
        DataType::HF,
        DataType::BF,
    ];

    /// Size in bytes of one element. BOOL is one bit; it is reported as 1 byte of storage
    /// only where a byte is needed (predicates are stored as bit masks, not bytes).
    pub fn size(self) -> usize {
        match self {
            DataType::UB | DataType::B | DataType::BOOL => 1,
            DataType::UW | DataType::W | DataType::HF | DataType::BF => 2,
            DataType::UD
            | DataType::D
            | DataType::F
            | DataType::V
            | DataType::VF
            | DataType::UV => 4,
            DataType::UQ | DataType::Q | DataType::DF => 8,
        }
    }

    /// Size in bits.
    pub fn bits(self) -> u32 {
        if self == DataType::BOOL {
            1
        } else {
            self.size() as u32 * 8
        }
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            DataType::DF | DataType::F | DataType::HF | DataType::BF
        )
    }

    pub fn is_integer(self) -> bool {
        matches!(
            self,
            DataType::UD
                | DataType::D
                | DataType::UW
                | DataType::W
                | DataType::UB
                | DataType::B
                | DataType::UQ
                | DataType::Q
        )
    }

    pub fn is_signed_integer(self) -> bool {
        matches!(self, DataType::D | DataType::W | DataType::B | DataType::Q)
    }

    pub fn is_packed(self) -> bool {
        matches!(self, DataType::V | DataType::UV | DataType::VF)
    }

    /// Smallest value of an integer type (2_datatypes.md, Range column).
    pub fn int_min(self) -> Option<i128> {
        Some(match self {
            DataType::UB | DataType::UW | DataType::UD | DataType::UQ => 0,
            DataType::B => i8::MIN as i128,
            DataType::W => i16::MIN as i128,
            DataType::D => i32::MIN as i128,
            DataType::Q => i64::MIN as i128,
            _ => return None,
        })
    }

    /// Largest value of an integer type (2_datatypes.md, Range column).
    pub fn int_max(self) -> Option<i128> {
        Some(match self {
            DataType::UB => u8::MAX as i128,
            DataType::UW => u16::MAX as i128,
            DataType::UD => u32::MAX as i128,
            DataType::UQ => u64::MAX as i128,
            DataType::B => i8::MAX as i128,
            DataType::W => i16::MAX as i128,
            DataType::D => i32::MAX as i128,
            DataType::Q => i64::MAX as i128,
            _ => return None,
        })
    }

    /// Text format, lower case as IGC's assembler writes it (`ud`, `hf`, ...).
    pub fn text(self) -> &'static str {
        match self {
            DataType::UD => "ud",
            DataType::D => "d",
            DataType::UW => "uw",
            DataType::W => "w",
            DataType::UB => "ub",
            DataType::B => "b",
            DataType::DF => "df",
            DataType::F => "f",
            DataType::V => "v",
            DataType::VF => "vf",
            DataType::BOOL => "bool",
            DataType::UQ => "uq",
            DataType::UV => "uv",
            DataType::Q => "q",
            DataType::HF => "hf",
            DataType::BF => "bf",
        }
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The text was not the name of a data type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown data type `{0}`")]
pub struct UnknownType(pub String);

impl FromStr for DataType {
    type Err = UnknownType;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        DataType::ALL
            .into_iter()
            .find(|t| t.text() == lower)
            .ok_or_else(|| UnknownType(s.to_string()))
    }
}

/// Operand precisions of DPAS, DPASW (instructions/DPAS.md, precision table) and the one-bit
/// precisions listed by the project's data model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, arbitrary::Arbitrary)]
pub enum Precision {
    U1,
    S1,
    U2,
    S2,
    U4,
    S4,
    U8,
    S8,
    /// bfloat16 (1-8-7).
    BF,
    /// IEEE binary16 (1-5-10).
    HF,
    /// TensorFloat-32: an F-sized container whose low 13 mantissa bits are not used (1-8-10).
    TF32,
    /// FP8 E5M2.
    BF8,
    /// FP8 E4M3 (no infinities; S.1111.111 is NaN).
    HF8,
}

impl Precision {
    pub const ALL: [Precision; 13] = [
        Precision::U1,
        Precision::S1,
        Precision::U2,
        Precision::S2,
        Precision::U4,
        Precision::S4,
        Precision::U8,
        Precision::S8,
        Precision::BF,
        Precision::HF,
        Precision::TF32,
        Precision::BF8,
        Precision::HF8,
    ];

    pub fn bits(self) -> u32 {
        match self {
            Precision::U1 | Precision::S1 => 1,
            Precision::U2 | Precision::S2 => 2,
            Precision::U4 | Precision::S4 => 4,
            Precision::U8 | Precision::S8 | Precision::BF8 | Precision::HF8 => 8,
            Precision::BF | Precision::HF => 16,
            Precision::TF32 => 32,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            Precision::BF | Precision::HF | Precision::TF32 | Precision::BF8 | Precision::HF8
        )
    }

    pub fn is_signed(self) -> bool {
        matches!(
            self,
            Precision::S1 | Precision::S2 | Precision::S4 | Precision::S8
        )
    }

    pub fn text(self) -> &'static str {
        match self {
            Precision::U1 => "u1",
            Precision::S1 => "s1",
            Precision::U2 => "u2",
            Precision::S2 => "s2",
            Precision::U4 => "u4",
            Precision::S4 => "s4",
            Precision::U8 => "u8",
            Precision::S8 => "s8",
            Precision::BF => "bf",
            Precision::HF => "hf",
            Precision::TF32 => "tf32",
            Precision::BF8 => "bf8",
            Precision::HF8 => "hf8",
        }
    }

    /// Decodes the integer value of the `index`-th field of this precision packed in `dword`
    /// (field 0 in the least significant bits). `None` for float precisions.
    pub fn decode_int(self, dword: u32, index: u32) -> Option<i64> {
        if self.is_float() {
            return None;
        }
        let bits = self.bits();
        if index >= 32 / bits {
            return None;
        }
        let raw = (dword >> (index * bits)) & (((1u64 << bits) - 1) as u32);
        if self.is_signed() && (raw >> (bits - 1)) & 1 == 1 {
            Some(raw as i64 - (1i64 << bits))
        } else {
            Some(raw as i64)
        }
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The text was not the name of a DPAS precision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown DPAS precision `{0}`")]
pub struct UnknownPrecision(pub String);

impl FromStr for Precision {
    type Err = UnknownPrecision;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        Precision::ALL
            .into_iter()
            .find(|p| p.text() == lower)
            .ok_or_else(|| UnknownPrecision(s.to_string()))
    }
}

/// The type an operand takes part in execution with: packed immediates count as their
/// element type (2_datatypes.md, Type Conversion).
pub fn exec_type(t: DataType) -> DataType {
    match t {
        DataType::V => DataType::W,
        DataType::UV => DataType::UW,
        DataType::VF => DataType::F,
        other => other,
    }
}

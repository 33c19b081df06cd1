//! The floating-point mode held in the control register %cr0 (4_visa_header.md, V14(%cr0);
//! 2_datatypes.md, "Floating Point Mode").

use crate::errata::{self, Readings};
use crate::types::DataType;

/// FPU rounding mode, %cr0 bits 4-5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// 00b: round to nearest, ties to even.
    Rtne,
    /// 01b: round up, toward +inf.
    Ru,
    /// 10b: round down, toward -inf.
    Rd,
    /// 11b: round toward zero.
    Rtz,
}

impl Rounding {
    /// Every rounding mode, in %cr0 encoding order.
    pub const ALL: [Rounding; 4] = [Rounding::Rtne, Rounding::Ru, Rounding::Rd, Rounding::Rtz];

    /// The mode encoded by the two bits `field` (only the low two bits are read).
    pub fn from_field(field: u32) -> Rounding {
        match field & 0b11 {
            0b00 => Rounding::Rtne,
            0b01 => Rounding::Ru,
            0b10 => Rounding::Rd,
            _ => Rounding::Rtz,
        }
    }

    /// The two-bit %cr0 encoding of this mode.
    pub fn field(self) -> u32 {
        match self {
            Rounding::Rtne => 0b00,
            Rounding::Ru => 0b01,
            Rounding::Rd => 0b10,
            Rounding::Rtz => 0b11,
        }
    }
}

/// The float-related fields of %cr0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatMode {
    /// Bits 4-5.
    pub rounding: Rounding,
    /// Bit 0: ALT mode for F (infinite results become the largest finite value).
    pub alt_f: bool,
    /// Bit 6: DF denormals are kept (1) or flushed to zero (0).
    pub keep_df_denorm: bool,
    /// Bit 7: F denormals are kept (1) or flushed to zero (0).
    pub keep_f_denorm: bool,
    /// Bit 10: HF denormals are kept (1) or flushed to zero (0).
    pub keep_hf_denorm: bool,
}

impl FloatMode {
    /// %cr0 bit 0, F mode (1: ALT).
    pub const CR0_ALT_F: u32 = 1 << 0;
    /// %cr0 bits 4-5, rounding mode.
    pub const CR0_ROUNDING_SHIFT: u32 = 4;
    /// %cr0 bit 6, DF denorm mode (1: keep).
    pub const CR0_KEEP_DF_DENORM: u32 = 1 << 6;
    /// %cr0 bit 7, F denorm mode (1: keep).
    pub const CR0_KEEP_F_DENORM: u32 = 1 << 7;
    /// %cr0 bit 10, HF denorm mode (1: keep).
    pub const CR0_KEEP_HF_DENORM: u32 = 1 << 10;

    /// Reads the float mode fields of a %cr0 value; the other bits are ignored.
    pub fn from_cr0(cr0: u32) -> FloatMode {
        FloatMode {
            rounding: Rounding::from_field(cr0 >> Self::CR0_ROUNDING_SHIFT),
            alt_f: cr0 & Self::CR0_ALT_F != 0,
            keep_df_denorm: cr0 & Self::CR0_KEEP_DF_DENORM != 0,
            keep_f_denorm: cr0 & Self::CR0_KEEP_F_DENORM != 0,
            keep_hf_denorm: cr0 & Self::CR0_KEEP_HF_DENORM != 0,
        }
    }

    /// The %cr0 value holding exactly these fields (every other bit zero).
    pub fn to_cr0(&self) -> u32 {
        let flag = |on: bool, bit: u32| if on { bit } else { 0 };
        (self.rounding.field() << Self::CR0_ROUNDING_SHIFT)
            | flag(self.alt_f, Self::CR0_ALT_F)
            | flag(self.keep_df_denorm, Self::CR0_KEEP_DF_DENORM)
            | flag(self.keep_f_denorm, Self::CR0_KEEP_F_DENORM)
            | flag(self.keep_hf_denorm, Self::CR0_KEEP_HF_DENORM)
    }

    /// This mode with another rounding mode.
    pub fn with_rounding(self, rounding: Rounding) -> FloatMode {
        FloatMode { rounding, ..self }
    }

    /// This mode with the denormals of every float type kept (bits 6, 7 and 10 set).
    pub fn keeping_all_denormals(self) -> FloatMode {
        FloatMode {
            keep_df_denorm: true,
            keep_f_denorm: true,
            keep_hf_denorm: true,
            ..self
        }
    }

    /// Whether denormals of float type `ty` are kept (true) or flushed to a zero of the same
    /// sign (false). DF follows bit 6 and F bit 7. HF follows bit 10, except under the literal
    /// reading of erratum HF-DENORM-FLUSH, where HF denormals are always flushed. BF follows
    /// F (erratum BF-DENORM-MODE). Non-float types have no denormals: true.
    pub fn keeps_denormals(&self, ty: DataType, readings: &Readings) -> bool {
        match ty {
            DataType::DF => self.keep_df_denorm,
            DataType::F | DataType::BF => self.keep_f_denorm,
            DataType::HF => !readings.is_literal(errata::HF_DENORM_FLUSH) && self.keep_hf_denorm,
            _ => true,
        }
    }
}

impl Default for FloatMode {
    /// The reset value of %cr0 (0): RTNE, IEEE mode, every denormal flushed.
    fn default() -> FloatMode {
        FloatMode::from_cr0(0)
    }
}

//! Surface formats of typed surfaces: how a pixel's bytes hold its channels, as data. The
//! names are the hardware's `SURFACE_FORMAT` names (the formats OpenCL images map to:
//! `CL_R`/`CL_RG`/`CL_RGBA` with `CL_UNSIGNED_INT32`, `CL_SIGNED_INT32`, `CL_FLOAT`;
//! `CL_RGBA` with `CL_UNORM_INT8`, `CL_UNSIGNED_INT8`; `CL_R`/`CL_RGBA` with `CL_HALF_FLOAT`,
//! `CL_UNORM_INT16`, `CL_UNSIGNED_INT16`; `CL_R` with `CL_UNORM_INT8`).
//!
//! The table is what both engines read; each converts a channel on its own (visa-spec in
//! exact arithmetic, visa-oracle in its own float code), by the rules of docs/memory.md,
//! "Surface formats":
//! - read: an UINT channel zero-extends into UD, a SINT channel sign-extends into D, a FLOAT
//!   channel widens to F (exact for 16 bits; a NaN quieted, its payload kept), an UNORM
//!   channel `c` of `n` bits gives the F nearest to `c / (2^n - 1)` (ties to even); a channel
//!   the format lacks reads as 0 for R, G, B and 1 for A (1.0 for FLOAT and UNORM formats,
//!   the integer 1 for UINT and SINT);
//! - write: F to UNORM is OpenCL's `convert_<T>_sat_rte(f * (2^n - 1))`, the product rounded
//!   to F, NaN to 0; F to a 16-bit FLOAT rounds to nearest even; UD to a narrower UINT
//!   channel and D to a narrower SINT channel saturate (`convert_<T>_sat`); 32-bit channels
//!   are stored as their bits; a channel the format lacks is not written.

use std::fmt;

use crate::types::DataType;

/// How a channel's bits are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChannelKind {
    /// Unsigned normalized: `c / (2^n - 1)` in [0, 1].
    Unorm,
    /// Unsigned integer.
    Uint,
    /// Signed (two's complement) integer.
    Sint,
    /// IEEE binary16 or binary32.
    Float,
}

/// A surface format of a typed surface (`init.surfaces[].format` in vectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SurfaceFormat {
    R32Uint,
    R32Sint,
    R32Float,
    R32G32Uint,
    R32G32Sint,
    R32G32Float,
    R32G32B32A32Uint,
    R32G32B32A32Sint,
    R32G32B32A32Float,
    R8G8B8A8Unorm,
    R8G8B8A8Uint,
    R16Float,
    R16G16B16A16Float,
    R16Unorm,
    R16G16B16A16Unorm,
    R16Uint,
    R16G16B16A16Uint,
    R8Unorm,
}

impl SurfaceFormat {
    pub const ALL: [SurfaceFormat; 18] = [
        SurfaceFormat::R32Uint,
        SurfaceFormat::R32Sint,
        SurfaceFormat::R32Float,
        SurfaceFormat::R32G32Uint,
        SurfaceFormat::R32G32Sint,
        SurfaceFormat::R32G32Float,
        SurfaceFormat::R32G32B32A32Uint,
        SurfaceFormat::R32G32B32A32Sint,
        SurfaceFormat::R32G32B32A32Float,
        SurfaceFormat::R8G8B8A8Unorm,
        SurfaceFormat::R8G8B8A8Uint,
        SurfaceFormat::R16Float,
        SurfaceFormat::R16G16B16A16Float,
        SurfaceFormat::R16Unorm,
        SurfaceFormat::R16G16B16A16Unorm,
        SurfaceFormat::R16Uint,
        SurfaceFormat::R16G16B16A16Uint,
        SurfaceFormat::R8Unorm,
    ];

    /// The `SURFACE_FORMAT` name, as vectors write it.
    pub fn name(self) -> &'static str {
        match self {
            SurfaceFormat::R32Uint => "R32_UINT",
            SurfaceFormat::R32Sint => "R32_SINT",
            SurfaceFormat::R32Float => "R32_FLOAT",
            SurfaceFormat::R32G32Uint => "R32G32_UINT",
            SurfaceFormat::R32G32Sint => "R32G32_SINT",
            SurfaceFormat::R32G32Float => "R32G32_FLOAT",
            SurfaceFormat::R32G32B32A32Uint => "R32G32B32A32_UINT",
            SurfaceFormat::R32G32B32A32Sint => "R32G32B32A32_SINT",
            SurfaceFormat::R32G32B32A32Float => "R32G32B32A32_FLOAT",
            SurfaceFormat::R8G8B8A8Unorm => "R8G8B8A8_UNORM",
            SurfaceFormat::R8G8B8A8Uint => "R8G8B8A8_UINT",
            SurfaceFormat::R16Float => "R16_FLOAT",
            SurfaceFormat::R16G16B16A16Float => "R16G16B16A16_FLOAT",
            SurfaceFormat::R16Unorm => "R16_UNORM",
            SurfaceFormat::R16G16B16A16Unorm => "R16G16B16A16_UNORM",
            SurfaceFormat::R16Uint => "R16_UINT",
            SurfaceFormat::R16G16B16A16Uint => "R16G16B16A16_UINT",
            SurfaceFormat::R8Unorm => "R8_UNORM",
        }
    }

    pub fn from_name(s: &str) -> Option<SurfaceFormat> {
        SurfaceFormat::ALL.into_iter().find(|f| f.name() == s)
    }

    /// The channels the format stores, R first: 1, 2 or 4.
    pub fn channels(self) -> u32 {
        use SurfaceFormat::*;
        match self {
            R32Uint | R32Sint | R32Float | R16Float | R16Unorm | R16Uint | R8Unorm => 1,
            R32G32Uint | R32G32Sint | R32G32Float => 2,
            R32G32B32A32Uint | R32G32B32A32Sint | R32G32B32A32Float | R8G8B8A8Unorm
            | R8G8B8A8Uint | R16G16B16A16Float | R16G16B16A16Unorm | R16G16B16A16Uint => 4,
        }
    }

    /// Bits of one channel: 8, 16 or 32.
    pub fn channel_bits(self) -> u32 {
        use SurfaceFormat::*;
        match self {
            R8G8B8A8Unorm | R8G8B8A8Uint | R8Unorm => 8,
            R16Float | R16G16B16A16Float | R16Unorm | R16G16B16A16Unorm | R16Uint
            | R16G16B16A16Uint => 16,
            _ => 32,
        }
    }

    /// How every channel's bits are read.
    pub fn kind(self) -> ChannelKind {
        use SurfaceFormat::*;
        match self {
            R32Uint | R32G32Uint | R32G32B32A32Uint | R8G8B8A8Uint | R16Uint | R16G16B16A16Uint => {
                ChannelKind::Uint
            }
            R32Sint | R32G32Sint | R32G32B32A32Sint => ChannelKind::Sint,
            R32Float | R32G32Float | R32G32B32A32Float | R16Float | R16G16B16A16Float => {
                ChannelKind::Float
            }
            R8G8B8A8Unorm | R16Unorm | R16G16B16A16Unorm | R8Unorm => ChannelKind::Unorm,
        }
    }

    /// Bytes of one pixel (the surface's `pixel_size`).
    pub fn pixel_bytes(self) -> u32 {
        self.channels() * self.channel_bits() / 8
    }

    /// The register type a channel reads into and is written from: UD for UINT, D for
    /// SINT, F for FLOAT and UNORM.
    pub fn register_type(self) -> DataType {
        match self.kind() {
            ChannelKind::Uint => DataType::UD,
            ChannelKind::Sint => DataType::D,
            ChannelKind::Float | ChannelKind::Unorm => DataType::F,
        }
    }

    /// The register bits a channel `c` (0 R, 1 G, 2 B, 3 A) the format lacks reads as: 0
    /// for R, G and B; 1 for A, as 1.0 (0x3F800000) in an F register and 1 in a UD or D one
    /// (OpenCL's read_image* on `CL_R`, `CL_RG`: `(r, 0, 0, 1)`, `(r, g, 0, 1)`).
    pub fn missing_channel(self, c: u32) -> u32 {
        match (c, self.register_type()) {
            (3, DataType::F) => 0x3F80_0000,
            (3, _) => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for SurfaceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_pixels_are_channels_times_bits() {
        for f in SurfaceFormat::ALL {
            assert_eq!(SurfaceFormat::from_name(f.name()), Some(f));
        }
        assert_eq!(SurfaceFormat::R8G8B8A8Unorm.pixel_bytes(), 4);
        assert_eq!(SurfaceFormat::R32G32B32A32Float.pixel_bytes(), 16);
        assert_eq!(SurfaceFormat::R16Float.pixel_bytes(), 2);
        assert_eq!(SurfaceFormat::R32G32Sint.pixel_bytes(), 8);
        assert_eq!(SurfaceFormat::from_name("r8_unorm"), None);
    }

    #[test]
    fn missing_channels_read_as_zero_and_alpha_one() {
        assert_eq!(SurfaceFormat::R8Unorm.missing_channel(1), 0);
        assert_eq!(SurfaceFormat::R8Unorm.missing_channel(3), 0x3F80_0000);
        assert_eq!(SurfaceFormat::R32G32Uint.missing_channel(3), 1);
        assert_eq!(SurfaceFormat::R32Sint.missing_channel(2), 0);
    }
}

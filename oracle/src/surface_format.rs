//! The channel conversions of a typed surface's format, on native floats (the rules of
//! docs/memory.md, "Surface formats"; the format table is the model's
//! [`visa_model::state::SurfaceFormat`]). Independent of visa-spec's exact arithmetic:
//! IEEE binary32 division and multiplication round to nearest even, which is the rule.

use half::f16;
use visa_model::state::{ChannelKind, SurfaceFormat};

/// The register element (UD, D or F bits) a stored channel (its low `channel_bits()`)
/// reads as.
pub fn read_channel(format: SurfaceFormat, channel: u32) -> u32 {
    let n = format.channel_bits();
    let mask = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let c = channel & mask;
    match (format.kind(), n) {
        (ChannelKind::Uint, _) | (ChannelKind::Float, 32) => c,
        (ChannelKind::Sint, _) => (((c << (32 - n)) as i32) >> (32 - n)) as u32,
        (ChannelKind::Float, _) => f16::from_bits(c as u16).to_f32().to_bits(),
        (ChannelKind::Unorm, _) => (c as f32 / mask as f32).to_bits(),
    }
}

/// The channel bits a register element is stored as.
pub fn write_channel(format: SurfaceFormat, element: u32) -> u32 {
    let n = format.channel_bits();
    let max = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    match (format.kind(), n) {
        (ChannelKind::Uint, _) => element.min(max),
        (ChannelKind::Sint, _) => {
            let hi = (max >> 1) as i32;
            ((element as i32).clamp(-hi - 1, hi) as u32) & max
        }
        (ChannelKind::Float, 32) => element,
        (ChannelKind::Float, _) => u32::from(f16::from_f32(f32::from_bits(element)).to_bits()),
        (ChannelKind::Unorm, _) => {
            let f = f32::from_bits(element);
            if f.is_nan() {
                return 0;
            }
            let p = (f * max as f32).round_ties_even();
            if p <= 0.0 {
                0
            } else if p >= max as f32 {
                max
            } else {
                p as u32
            }
        }
    }
}

//! Sampler arguments of a launch (docs/launch.md, "Samplers"):
//! `--arg I=sampler:FILTER:ADDRESS:COORDS`, and the samplers a kernel declares in its source
//! (an OpenCL `sampler_t` constant, which IGC writes into the binary's sampler state table).
//!
//! A sampler becomes one entry of the launch's sampler state table (`Memory::samplers`,
//! docs/sampler.md), at the index the kernel's MOVS writes into its sampler variable. The
//! driver also writes three values of the sampler into the payload, which IGC's code may
//! branch on: the addressing mode and the normalized-coordinates flag as intel's runtime
//! numbers them (level_zero/core/source/sampler/sampler_patch_values.h:
//! `SamplerPatchValues`), and the coordinate snap workaround flag.

use visa_model::state::{AddressMode, Filter, Memory, SamplerState};

use crate::input::clip;

/// Bytes of one SAMPLER_STATE entry in the dynamic state heap (4 DWords).
pub const SAMPLER_STATE_BYTES: u32 = 16;

/// The most entries of a sampler state table (the hardware's 16 samplers per table).
pub const MAX_SAMPLERS: u32 = 16;

/// Reads the text after `sampler:`: `FILTER:ADDRESS:COORDS`, FILTER `nearest` or `linear`,
/// ADDRESS one of OpenCL's addressing modes (`none`, `clamp`, `clamp_to_edge`, `repeat`,
/// `mirrored_repeat`, for all three axes), COORDS `normalized` or `unnormalized`. The
/// state's index is 0 until the launch places it.
pub fn parse_value(rest: &str) -> Result<SamplerState, String> {
    let usage = "sampler:FILTER:ADDRESS:COORDS (FILTER nearest or linear; ADDRESS none, \
                 clamp, clamp_to_edge, repeat or mirrored_repeat; COORDS normalized or \
                 unnormalized)";
    let parts: Vec<&str> = rest.split(':').collect();
    let [filter, address, coords] = parts[..] else {
        return Err(usage.into());
    };
    let filter = Filter::from_name(filter)
        .ok_or_else(|| format!("unknown filter `{}`; {usage}", clip(filter)))?;
    let address = AddressMode::from_name(address)
        .ok_or_else(|| format!("unknown addressing mode `{}`; {usage}", clip(address)))?;
    let normalized = match coords {
        "normalized" => true,
        "unnormalized" => false,
        other => return Err(format!("unknown coordinates `{}`; {usage}", clip(other))),
    };
    let state = SamplerState {
        index: 0,
        filter,
        address: [address; 3],
        normalized,
        border: [0; 4],
    };
    if let Some(why) = state.invalid() {
        // OpenCL C 3.0, 6.15.15.1: repeat and mirrored repeat need normalized coordinates.
        return Err(why);
    }
    Ok(state)
}

/// What the driver writes for a sampler's addressing mode (`SamplerPatchValues`: none 0,
/// clamp to border 1, clamp to edge 2, repeat 3, mirrored repeat 4), from its U axis.
pub fn address_patch(state: &SamplerState) -> u32 {
    match state.address[0] {
        AddressMode::None => 0,
        AddressMode::Clamp => 1,
        AddressMode::ClampToEdge => 2,
        AddressMode::Repeat => 3,
        AddressMode::MirroredRepeat => 4,
    }
}

/// What the driver writes for the normalized-coordinates flag (`SamplerPatchValues`:
/// 8 when normalized, 0 otherwise).
pub fn normalized_patch(state: &SamplerState) -> u32 {
    if state.normalized {
        8
    } else {
        0
    }
}

/// The coordinate snap workaround flag the driver writes: all ones for a nearest sampler
/// that clamps to the border, 0 otherwise (intel's NEO, `Sampler::getSnapWaValue`).
pub fn snap_patch(state: &SamplerState) -> u32 {
    if state.filter == Filter::Nearest && state.address[0] == AddressMode::Clamp {
        u32::MAX
    } else {
        0
    }
}

/// A SAMPLER_STATE entry of the binary's dynamic state heap as a sampler state (the
/// fields OpenCL's samplers set; Intel's PRM, SAMPLER_STATE): `DW0[16:14]` the min filter
/// (`MAPFILTER_NEAREST` 0, `MAPFILTER_LINEAR` 1; the mag filter `DW0[19:17]` must agree),
/// `DW3[10]` Non-normalized Coordinate Enable, `DW3[8:6]`, `DW3[5:3]` and `DW3[2:0]` the
/// TCX, TCY and TCZ address control modes (`TEXCOORDMODE_WRAP` 0, `_MIRROR` 1, `_CLAMP` 2,
/// `_CLAMP_BORDER` 4). IGC writes `CLK_ADDRESS_NONE` as `_CLAMP` (the coordinates are in
/// range, where the two agree). `border` is the border colour's four DWords (its R, G, B,
/// A as F bits). Anything else is refused with the reason.
pub fn decode_state(dw: [u32; 4], border: [u32; 4]) -> Result<SamplerState, String> {
    let filter_of = |bits: u32| match bits {
        0 => Ok(Filter::Nearest),
        1 => Ok(Filter::Linear),
        n => Err(format!(
            "map filter {n} (anisotropic or another): the sampler model has nearest and linear"
        )),
    };
    let min = filter_of((dw[0] >> 14) & 7)?;
    let mag = filter_of((dw[0] >> 17) & 7)?;
    if min != mag {
        return Err(format!(
            "min filter {} and mag filter {}: an OpenCL sampler has one filter",
            min.name(),
            mag.name()
        ));
    }
    let mode_of = |bits: u32| {
        match bits {
        0 => Ok(AddressMode::Repeat),
        1 => Ok(AddressMode::MirroredRepeat),
        2 => Ok(AddressMode::ClampToEdge),
        4 => Ok(AddressMode::Clamp),
        n => Err(format!(
            "address control mode {n} (cube, mirror once, half border or mirror 101): not one of OpenCL's"
        )),
    }
    };
    let address = [
        mode_of((dw[3] >> 6) & 7)?,
        mode_of((dw[3] >> 3) & 7)?,
        mode_of(dw[3] & 7)?,
    ];
    let state = SamplerState {
        index: 0,
        filter: min,
        address,
        normalized: (dw[3] >> 10) & 1 == 0,
        border,
    };
    if let Some(why) = state.invalid() {
        return Err(why);
    }
    Ok(state)
}

/// An inline sampler of zebin's `.ze_info` (`inline_samplers`: `addrmode` none, repeat,
/// clamp_edge, clamp_border, mirror; `filtermode` nearest, linear; `normalized`), `None`
/// with the reason for a value outside them.
pub fn zeinfo_state(
    addrmode: &str,
    filtermode: &str,
    normalized: bool,
) -> Result<SamplerState, String> {
    let address = match addrmode {
        "none" => AddressMode::None,
        "repeat" => AddressMode::Repeat,
        "clamp_edge" => AddressMode::ClampToEdge,
        "clamp_border" => AddressMode::Clamp,
        "mirror" => AddressMode::MirroredRepeat,
        other => return Err(format!("addrmode `{}`: not one of OpenCL's", clip(other))),
    };
    let filter = match filtermode {
        "nearest" => Filter::Nearest,
        "linear" => Filter::Linear,
        other => return Err(format!("filtermode `{}`: nearest or linear", clip(other))),
    };
    let state = SamplerState {
        index: 0,
        filter,
        address: [address; 3],
        normalized,
        border: [0; 4],
    };
    if let Some(why) = state.invalid() {
        return Err(why);
    }
    Ok(state)
}

/// The payload values the driver writes for a sampler holding `state`, given the places
/// of its addressing mode, normalized-coordinates flag and snap workaround flag: (the
/// interface's key, the place, the 32-bit value) for each place there is.
pub fn payload_values<P>(
    places: [Option<P>; 3],
    state: &SamplerState,
) -> Vec<(&'static str, P, u32)> {
    let [address_mode, normalized, snap_wa] = places;
    [
        ("address_mode", address_mode, address_patch(state)),
        ("normalized_coords", normalized, normalized_patch(state)),
        ("snap_wa", snap_wa, snap_patch(state)),
    ]
    .into_iter()
    .filter_map(|(key, at, value)| at.map(|at| (key, at, value)))
    .collect()
}

/// Puts `state` at entry `index` of the launch's sampler state table; an entry already
/// there is an error naming the index.
pub fn place(mem: &mut Memory, index: u32, state: &SamplerState) -> Result<(), String> {
    if mem.samplers.iter().any(|s| s.index == index) {
        return Err(format!("sampler state {index} is another sampler's"));
    }
    mem.samplers.push(SamplerState {
        index,
        ..state.clone()
    });
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn sampler_values_read_and_refuse() {
        let s = parse_value("nearest:clamp:unnormalized").unwrap();
        assert_eq!(s.filter, Filter::Nearest);
        assert_eq!(s.address, [AddressMode::Clamp; 3]);
        assert!(!s.normalized);
        // Nearest and clamp: the driver's snap workaround flag is set.
        assert_eq!(
            (address_patch(&s), normalized_patch(&s), snap_patch(&s)),
            (1, 0, u32::MAX)
        );
        let s = parse_value("linear:mirrored_repeat:normalized").unwrap();
        assert_eq!(
            (address_patch(&s), normalized_patch(&s), snap_patch(&s)),
            (4, 8, 0)
        );
        assert!(parse_value("linear:repeat:unnormalized").is_err());
        assert!(parse_value("cubic:repeat:normalized").is_err());
        assert!(parse_value("nearest:wrap:normalized").is_err());
        assert!(parse_value("nearest:clamp").is_err());
        assert!(parse_value("nearest:clamp:normalized:x").is_err());
    }

    #[test]
    fn sampler_states_decode_as_igc_writes_them() {
        // DWords IGC 1.0.12504 writes for gen9 (the DSH of a kernel with an inline sampler):
        // unnormalized, CLK_ADDRESS_CLAMP, nearest: DW3 0x1d24 = bit 10 and modes 4, 4, 4.
        let s = decode_state([0x0010_0000, 0x000e_0003, 0, 0x1d24], [0; 4]).unwrap();
        assert_eq!((s.filter, s.normalized), (Filter::Nearest, false));
        assert_eq!(s.address, [AddressMode::Clamp; 3]);
        // Normalized, repeat, linear: DW0 min and mag 1 (0x124000), DW3 modes 0.
        let s = decode_state([0x0012_4000, 0x000e_0003, 0, 0x7f800], [0; 4]).unwrap();
        assert_eq!((s.filter, s.normalized), (Filter::Linear, true));
        assert_eq!(s.address, [AddressMode::Repeat; 3]);
        // Normalized, mirrored repeat: modes 1 (0x1849 = 0x1800 | 1<<6 | 1<<3 | 1).
        let s = decode_state([0x0010_0000, 0, 0, 0x1849], [0; 4]).unwrap();
        assert_eq!(s.address, [AddressMode::MirroredRepeat; 3]);
        // CLK_ADDRESS_NONE, unnormalized: IGC writes TEXCOORDMODE_CLAMP (0x1c92).
        let s = decode_state([0x0010_0000, 0, 0, 0x1c92], [0; 4]).unwrap();
        assert_eq!(s.address, [AddressMode::ClampToEdge; 3]);
        // Anisotropic (2), a cube mode (3), differing min and mag filters, repeat with
        // unnormalized coordinates: refused.
        assert!(decode_state([2 << 14 | 2 << 17, 0, 0, 0], [0; 4]).is_err());
        assert!(decode_state([0, 0, 0, 3 << 6], [0; 4]).is_err());
        assert!(decode_state([1 << 14, 0, 0, 0], [0; 4]).is_err());
        assert!(decode_state([0, 0, 0, 1 << 10], [0; 4]).is_err());
    }

    #[test]
    fn one_sampler_per_index() {
        let mut mem = Memory::default();
        let s = parse_value("nearest:clamp_to_edge:normalized").unwrap();
        place(&mut mem, 3, &s).unwrap();
        assert_eq!(mem.samplers[0].index, 3);
        assert!(place(&mut mem, 3, &s).is_err());
        assert!(zeinfo_state("clamp_border", "nearest", false).is_ok());
        assert!(zeinfo_state("repeat", "nearest", false).is_err());
        assert!(zeinfo_state("wrap", "nearest", true).is_err());
    }
}

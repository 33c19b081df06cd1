//! Sampler states: what a sampler variable's handle selects (`init.samplers` in vectors),
//! as OpenCL's `sampler_t` describes it (OpenCL C 3.0, 6.15.15.1 "Sampler Objects": the
//! filter mode, one addressing mode, normalized coordinates or not) with the hardware's
//! per-axis addressing and border colour (Intel's PRM, SAMPLER_STATE: `TCX/TCY/TCZ Address
//! Control Mode`, `Border Color Pointer`). The rules that use them are docs/sampler.md's.

use std::fmt;

/// The filter mode (OpenCL's `CLK_FILTER_NEAREST`, `CLK_FILTER_LINEAR`; the PRM's
/// `MAPFILTER_NEAREST`, `MAPFILTER_LINEAR`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Filter {
    #[default]
    Nearest,
    Linear,
}

impl Filter {
    pub const ALL: [Filter; 2] = [Filter::Nearest, Filter::Linear];

    /// The name vectors write.
    pub fn name(self) -> &'static str {
        match self {
            Filter::Nearest => "nearest",
            Filter::Linear => "linear",
        }
    }

    pub fn from_name(s: &str) -> Option<Filter> {
        Filter::ALL.into_iter().find(|f| f.name() == s)
    }
}

/// An addressing mode, by OpenCL's name (`CLK_ADDRESS_*`), with the PRM's
/// `TEXCOORDMODE_*` it is: `clamp_to_edge` is TEXCOORDMODE_CLAMP, `clamp` is
/// TEXCOORDMODE_CLAMP_BORDER, `repeat` is TEXCOORDMODE_WRAP, `mirrored_repeat` is
/// TEXCOORDMODE_MIRROR; `none` (the coordinates are promised in range) has no mode of its
/// own: outside the range the result is undefined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddressMode {
    None,
    #[default]
    ClampToEdge,
    Clamp,
    Repeat,
    MirroredRepeat,
}

impl AddressMode {
    pub const ALL: [AddressMode; 5] = [
        AddressMode::None,
        AddressMode::ClampToEdge,
        AddressMode::Clamp,
        AddressMode::Repeat,
        AddressMode::MirroredRepeat,
    ];

    /// The name vectors write (OpenCL's, lower case, without `CLK_ADDRESS_`).
    pub fn name(self) -> &'static str {
        match self {
            AddressMode::None => "none",
            AddressMode::ClampToEdge => "clamp_to_edge",
            AddressMode::Clamp => "clamp",
            AddressMode::Repeat => "repeat",
            AddressMode::MirroredRepeat => "mirrored_repeat",
        }
    }

    pub fn from_name(s: &str) -> Option<AddressMode> {
        AddressMode::ALL.into_iter().find(|m| m.name() == s)
    }

    /// Whether the mode needs normalized coordinates (OpenCL C 3.0, 6.15.15.1: repeat and
    /// mirrored repeat "can only be used with normalized coordinates").
    pub fn needs_normalized(self) -> bool {
        matches!(self, AddressMode::Repeat | AddressMode::MirroredRepeat)
    }
}

impl fmt::Display for AddressMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One entry of the sampler state table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerState {
    /// The entry's index: the value a sampler variable's first element holds (MOVS writes
    /// it, as it writes a surface variable's binding-table index).
    pub index: u32,
    pub filter: Filter,
    /// The addressing mode of U, V and R.
    pub address: [AddressMode; 3],
    /// Whether U, V and R are normalized (`[0, 1)` spans the surface) or texel coordinates.
    pub normalized: bool,
    /// The border colour's R, G, B, A as register bits in the surface format's register
    /// type (F bits for FLOAT and UNORM formats, UD or D for UINT and SINT): what `clamp`
    /// returns outside the surface for the channels the format stores.
    pub border: [u32; 4],
}

impl Default for SamplerState {
    fn default() -> SamplerState {
        SamplerState {
            index: 0,
            filter: Filter::Nearest,
            address: [AddressMode::ClampToEdge; 3],
            normalized: true,
            border: [0; 4],
        }
    }
}

impl SamplerState {
    /// Why the state is not one a sampler can hold (`None`: it is): repeat and mirrored
    /// repeat with unnormalized coordinates (OpenCL C 3.0, 6.15.15.1).
    pub fn invalid(&self) -> Option<String> {
        if self.normalized {
            return None;
        }
        self.address
            .iter()
            .find(|m| m.needs_normalized())
            .map(|m| format!("address mode `{m}` takes normalized coordinates"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for f in Filter::ALL {
            assert_eq!(Filter::from_name(f.name()), Some(f));
        }
        for m in AddressMode::ALL {
            assert_eq!(AddressMode::from_name(m.name()), Some(m));
        }
        assert_eq!(AddressMode::from_name("wrap"), None);
    }

    #[test]
    fn repeat_needs_normalized_coordinates() {
        let mut s = SamplerState {
            address: [
                AddressMode::Repeat,
                AddressMode::ClampToEdge,
                AddressMode::Clamp,
            ],
            ..SamplerState::default()
        };
        assert_eq!(s.invalid(), None);
        s.normalized = false;
        assert!(s.invalid().is_some_and(|m| m.contains("repeat")));
    }
}

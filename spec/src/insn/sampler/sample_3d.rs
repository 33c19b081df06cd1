//! 3D_SAMPLE (instructions/3D_SAMPLE.md), `sample` (`sample_3d`), `sample_l` and `sample_lz`
//! with a nearest-filter sampler state: the surface sampled through the sampler variable's
//! state. The document's Semantics is one sentence and it names no addressing rule;
//! this module writes the semantics from the Description, the Notes and OpenCL's rules
//! (SAMPLE-COORDINATES), per axis of size `n` (U the width, V the height, R the depth of a
//! 3D surface; R and Ai are ignored on a 2D surface, SAMPLER-SURFACE-TYPE):
//! - `x = u*n` for normalized coordinates, `u` otherwise, exactly (a NaN is 0; an infinity
//!   is 0 under repeat and mirrored_repeat);
//! - `i = floor(x)` plus the axis' Aoffimmi offset;
//! - the address mode: clamp_to_edge clamps `i` to `[0, n-1]`; clamp returns the border
//!   colour outside it (SAMPLE-BORDER-COLOR); repeat takes `i` modulo `n`; mirrored_repeat
//!   takes `k = i` modulo `2n` and reads `k` below `n`, `2n-1-k` from `n` on; none leaves
//!   the lane's channels undefined outside `[0, n-1]`.
//!
//! The surface has one level: `sample_l`'s LOD selects it whatever its value, as
//! `sample_lz` and `sample` do (SAMPLER-SINGLE-LEVEL). A linear sampler state is not
//! executed (SAMPLE-LINEAR-FILTER).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::{
    ctrl, dimensions, float_param, format, is_3d, outside_texel, read_texel, sampler_state,
    surface, Channel,
};
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::{Instruction, Opcode, Program};
use crate::num::ExactFloat;
use crate::operand::evaluate_ch_en;
use crate::state::{AddressMode, Filter, MachineState};

/// Where one axis' coordinate lands.
enum Axis {
    /// Texel index `i` in `[0, n-1]`.
    Texel(u64),
    /// Outside the surface under clamp: the border colour.
    Border,
    /// Outside the surface under none: undefined.
    Undefined,
}

/// `floor(x)` of the axis' texel-space coordinate `x = u*scale` as an exact integer (a NaN
/// is 0); `Err(negative)` for an infinity of that sign.
fn floor_texel(u: &ExactFloat, scale: u64) -> std::result::Result<BigInt, bool> {
    match u {
        ExactFloat::Zero { .. } | ExactFloat::NaN { .. } => Ok(BigInt::zero()),
        ExactFloat::Inf { negative } => Err(*negative),
        ExactFloat::Finite {
            negative,
            mantissa,
            exponent,
        } => {
            let mut x = BigInt::from(mantissa.clone()) * BigInt::from(scale);
            if *negative {
                x = -x;
            }
            Ok(if *exponent >= 0 {
                x << (*exponent as usize)
            } else {
                x.div_floor(&(BigInt::one() << ((-*exponent) as usize)))
            })
        }
    }
}

/// The address mode applied to coordinate `u` of an axis of `n` texels.
fn address(u: &ExactFloat, n: u64, normalized: bool, offset: i32, mode: AddressMode) -> Axis {
    let big_n = BigInt::from(n);
    let last = &big_n - 1;
    let i = match floor_texel(u, if normalized { n } else { 1 }) {
        Ok(i) => i + offset,
        Err(negative) => match mode {
            AddressMode::Repeat | AddressMode::MirroredRepeat => BigInt::from(offset),
            // Beyond every texel on the infinity's side.
            _ if negative => BigInt::from(-1),
            _ => big_n.clone(),
        },
    };
    let inside = !i.is_negative() && i <= last;
    let texel = |k: &BigInt| Axis::Texel(k.to_u64().unwrap_or(0));
    match mode {
        AddressMode::ClampToEdge => {
            if i.is_negative() {
                Axis::Texel(0)
            } else if i > last {
                texel(&last)
            } else {
                texel(&i)
            }
        }
        AddressMode::Clamp if inside => texel(&i),
        AddressMode::Clamp => Axis::Border,
        AddressMode::None if inside => texel(&i),
        AddressMode::None => Axis::Undefined,
        AddressMode::Repeat => texel(&i.mod_floor(&big_n)),
        AddressMode::MirroredRepeat => {
            let k = i.mod_floor(&(&big_n * 2));
            if k < big_n {
                texel(&k)
            } else {
                texel(&(&big_n * 2 - 1 - k))
            }
        }
    }
}

#[allow(non_snake_case)]
pub fn execute(program: &Program, insn: &Instruction, state: &mut MachineState) -> Result<()> {
    let c = ctrl(insn)?.clone();
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let Some(sampler) = c.sampler else {
        return Err(VisaError::model_bug("3D_SAMPLE without its sampler"));
    };
    let st = sampler_state(program, state, sampler)?;
    if st.filter == Filter::Linear {
        return Err(VisaError::unsupported(format!(
            "`{}` with a linear sampler state is not executed: the filter's weights need a numeric profile (SAMPLE-LINEAR-FILTER)",
            insn.opcode.mnemonic()
        )));
    }
    let (s, window) = surface(program, state, c.surface)?;
    let format = format(&s)?;
    let size = dimensions(&s);
    let axes = if is_3d(&s) { 3 } else { 2 };
    if size[..axes].contains(&0) {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!("3D_SAMPLE reads surface {:#x}, which has no texel", s.bti),
        ));
    }
    let mut texels: Vec<Option<[Channel; 4]>> = vec![None; exec_size];
    for (i, texel) in texels.iter_mut().enumerate() {
        if ChEn >> i & 1 == 0 {
            continue;
        }
        // sample_l's LOD: one level, whatever its value (SAMPLER-SINGLE-LEVEL).
        if insn.opcode == Opcode::SampleL {
            float_param(program, state, insn, "lod", i)?;
        }
        let mut at = [0u64; 3];
        let mut border = false;
        let mut undefined = false;
        for (axis, name) in ["u", "v", "r"].into_iter().enumerate().take(axes) {
            let u = float_param(program, state, insn, name, i)?;
            match address(
                &u,
                size[axis],
                st.normalized,
                c.offset(axis),
                st.address[axis],
            ) {
                Axis::Texel(k) => at[axis] = k,
                Axis::Border => border = true,
                Axis::Undefined => undefined = true,
            }
        }
        *texel = Some(if undefined {
            [None; 4]
        } else if border {
            outside_texel(format, st.border)
        } else {
            read_texel(state, i as u32, &s, &window, format, at)
        });
    }
    super::write_channels(program, insn, state, &texels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> ExactFloat {
        crate::num::FloatFormat::F.decode(u64::from(x.to_bits()))
    }

    fn texel(a: Axis) -> Option<u64> {
        match a {
            Axis::Texel(k) => Some(k),
            _ => None,
        }
    }

    #[test]
    fn the_address_modes_fold_as_opencl_reads_them() {
        let n = 4;
        // 0.3*4 = 1.2: texel 1 in every mode.
        for m in AddressMode::ALL {
            assert_eq!(texel(address(&f(0.3), n, true, 0, m)), Some(1));
        }
        // 1.3*4 = 5.2: clamped to 3, wrapped to 1, mirrored to 2.
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::ClampToEdge)),
            Some(3)
        );
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::Repeat)),
            Some(1)
        );
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::MirroredRepeat)),
            Some(2)
        );
        assert!(matches!(
            address(&f(1.3), n, true, 0, AddressMode::Clamp),
            Axis::Border
        ));
        assert!(matches!(
            address(&f(1.3), n, true, 0, AddressMode::None),
            Axis::Undefined
        ));
        // -0.1*4 = -0.4: floor -1; mirrored: 2n-1-7 = 0; repeat: 3.
        assert_eq!(
            texel(address(&f(-0.1), n, true, 0, AddressMode::MirroredRepeat)),
            Some(0)
        );
        assert_eq!(
            texel(address(&f(-0.1), n, true, 0, AddressMode::Repeat)),
            Some(3)
        );
        // Unnormalized 2.5 with a U offset of -1: texel 1.
        assert_eq!(
            texel(address(&f(2.5), n, false, -1, AddressMode::Clamp)),
            Some(1)
        );
        // NaN is 0.
        assert_eq!(
            texel(address(&f(f32::NAN), n, true, 0, AddressMode::Clamp)),
            Some(0)
        );
        assert_eq!(
            texel(address(
                &f(f32::INFINITY),
                n,
                true,
                0,
                AddressMode::ClampToEdge
            )),
            Some(3)
        );
    }
}

//! 3D_LOAD (instructions/3D_LOAD.md), `ld` (`load_3d`) and `ld_lz` (`load_lz`): a load from
//! the surface at integer texel addresses. The document's Semantics is one sentence; this module writes it from the Description and the Notes: each enabled lane
//! `i` reads the texel at `(u[i] + U offset, v[i] + V offset, r[i] + R offset)` (R only on a
//! 3D surface, SAMPLER-SURFACE-TYPE) of level `lod[i]` (0 for `ld_lz`), converted by the
//! surface format, and returns its enabled channels in RGBA order, each channel's block
//! starting in the next register.
//!
//! Errata: U and V are the signed integers of their bits, R and LOD unsigned
//! (SAMPLER-PARAM-TYPES); a texel outside the surface or a LOD other than 0 (the surface
//! has one level, SAMPLER-SINGLE-LEVEL) reads zero in the stored channels
//! (LOAD-3D-OUT-OF-BOUNDS).

use super::{ctrl, dimensions, format, is_3d, outside_texel, param_bits, read_texel, surface};
use crate::error::Result;
use crate::ir::{Instruction, Opcode, Program};
use crate::operand::evaluate_ch_en;
use crate::state::MachineState;
use crate::types::DataType;

/// A parameter of lane `i` as an integer: U and V signed, R and LOD unsigned.
fn integer_param(
    program: &Program,
    state: &MachineState,
    insn: &Instruction,
    name: &str,
    i: usize,
) -> Result<i64> {
    let (bits, ty) = param_bits(program, state, insn, name, i)?;
    let signed = matches!(name, "u" | "v");
    Ok(match (ty, signed) {
        (DataType::UW, true) => i64::from(bits as u16 as i16),
        (DataType::UW, false) => i64::from(bits as u16),
        (_, true) => i64::from(bits as i32),
        (_, false) => i64::from(bits),
    })
}

#[allow(non_snake_case)]
pub fn execute(program: &Program, insn: &Instruction, state: &mut MachineState) -> Result<()> {
    let c = ctrl(insn)?.clone();
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let (s, window) = surface(program, state, c.surface)?;
    let format = format(&s)?;
    let size = dimensions(&s);
    let mut texels = vec![None; exec_size];
    for (i, texel) in texels.iter_mut().enumerate() {
        if ChEn >> i & 1 == 0 {
            continue;
        }
        let u = integer_param(program, state, insn, "u", i)?;
        let v = integer_param(program, state, insn, "v", i)?;
        let r = integer_param(program, state, insn, "r", i)?;
        let lod = if insn.opcode == Opcode::Load3d {
            integer_param(program, state, insn, "lod", i)?
        } else {
            0
        };
        // The texel address plus the Aoffimmi offsets; R addresses a 3D surface's slice.
        let x = u + i64::from(c.offset(0));
        let y = v + i64::from(c.offset(1));
        let z = if is_3d(&s) {
            r + i64::from(c.offset(2))
        } else {
            0
        };
        let inside = |a: i64, n: u64| a >= 0 && (a as u64) < n;
        *texel = Some(
            if lod == 0 && inside(x, size[0]) && inside(y, size[1]) && inside(z, size[2]) {
                read_texel(
                    state,
                    i as u32,
                    &s,
                    &window,
                    format,
                    [x as u64, y as u64, z as u64],
                )
            } else {
                // LOAD-3D-OUT-OF-BOUNDS: zero in every stored channel.
                outside_texel(format, [0; 4])
            },
        );
    }
    super::write_channels(program, insn, state, &texels)
}

//! INFO (instructions/INFO.md), `resinfo`: "Returns information about the surface". The
//! Description's table for a 2D surface gives R `((Width+1)>>LOD)*(QuiltWidth+1)`, G
//! `((Height+1)>>LOD)*(QuiltHeight+1)`, B 0, A MIPCount; for a 3D surface R `(Width+1)>>LOD`,
//! G `(Height+1)>>LOD`, B `(Depth+1)>>LOD`, A MIPCount. `Width+1` is the surface state's
//! width in texels (SURFACE_STATE holds it minus one); a surface here has no quilt
//! (QuiltWidth and QuiltHeight 0) and one level (MIPCount 0, SAMPLER-SINGLE-LEVEL); a shift
//! by 32 or more gives 0. "<exec_size>*4 elements are returned in RGBA order": channel `c`
//! of lane `i` is Dst element `c*exec_size + i`, LOD one UD per lane (INFO-RETURN-LAYOUT);
//! "Only the enabled pixels are written".

use super::{ctrl, dimensions, is_3d, param_bits, surface};
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::svm::{apply_writes, raw_dst};
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::MachineState;

#[allow(non_snake_case)]
pub fn execute(program: &Program, insn: &Instruction, state: &mut MachineState) -> Result<()> {
    let c = ctrl(insn)?.clone();
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let (s, _) = surface(program, state, c.surface)?;
    if s.pixel_size == 0 {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "resinfo reads surface {:#x}, which is not typed (no pixel_size)",
                s.bti
            ),
        ));
    }
    let [width, height, depth] = dimensions(&s);
    let (quilt_width, quilt_height, mip_count) = (0u64, 0u64, 0u64);
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("resinfo without a destination"));
    };
    let shr = |x: u64, lod: u32| x.checked_shr(lod).unwrap_or(0);
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 0 {
            continue;
        }
        let (lod, _) = param_bits(program, state, insn, "lod", i)?;
        let rgba = if is_3d(&s) {
            [
                shr(width, lod),
                shr(height, lod),
                shr(depth, lod),
                mip_count,
            ]
        } else {
            [
                shr(width, lod) * (quilt_width + 1),
                shr(height, lod) * (quilt_height + 1),
                0,
                mip_count,
            ]
        };
        for (ch, value) in rgba.into_iter().enumerate() {
            let at = dst + 4 * (ch * exec_size + i);
            for (k, b) in (value as u32).to_le_bytes().into_iter().enumerate() {
                writes.push((at + k, b, true));
            }
        }
    }
    apply_writes(state, writes)
}

//! GATHER4_TYPED (instructions/GATHER4_TYPED.md), Semantics: for each enabled channel `c` of
//! RGBA (`ch_mask`), in order, each enabled lane `i` reads channel `c` of the pixel
//! `surface[u,v,r]` ("one pixel, with type conversion") into `dst[ch_start+i]`,
//! `ch_start = ch_pos * max(exec_size, GRF_SIZE / 4)`. The pixel, its bounds and the
//! conversions are `typed`'s (TYPED-SURFACE-LAYOUT, TYPED-CONVERSION-TYPES). Properties,
//! Out-of-bound Access: "ones are returned in the alpha channel, zeros in the other
//! channels" (TYPED-OOB-ALPHA: the one in the format's register type; literal: the integer
//! 1). Dst: "If a channel's return data do not occupy the entire register, the remaining
//! part of the register has undefined values", as far as the variable reaches.

use super::typed::{
    channel_bytes, check_conversion_type, coordinate, ctrl, pixel, typed_surface, FLAT_SPACE,
};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, load, raw_dst, read_grf};
use crate::ir::dataport_typed::TypedCtrl;
use crate::ir::{Dst, Instruction, Program};
use crate::num::read_channel;
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let TypedCtrl::Gather4Typed {
        ch_mask,
        surface,
        u,
        v,
        r,
        lod,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("GATHER4_TYPED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let GRF_SIZE = program.platform.grf_size();
    let ChEn = evaluate_ch_en(insn, state);
    let (surface, format) = typed_surface(program, state, surface)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("GATHER4_TYPED without a destination"));
    };
    check_conversion_type(&config.readings, format, insn.dst.ty())?;
    // Out-of-bound Access: ones in the alpha channel (TYPED-OOB-ALPHA).
    let one = if config.readings.is_literal(errata::TYPED_OOB_ALPHA) {
        1
    } else {
        format.missing_channel(3)
    };
    let per_channel = exec_size.max(GRF_SIZE / 4);
    let mut writes = Vec::new();
    let mut ch_pos = 0usize;
    for c in 0..4u32 {
        if ch_mask >> c & 1 == 1 {
            for i in 0..exec_size {
                if ChEn >> i & 1 == 1 {
                    let ch_start = ch_pos * per_channel;
                    // dst[ch_start+i] = *(&surface[u,v,r] + c); //one pixel, with type conversion
                    let at = dst + 4 * (ch_start + i);
                    let (value, defined) = match pixel(
                        &surface,
                        format,
                        coordinate(program, state, Some(u), i)?,
                        coordinate(program, state, v, i)?,
                        coordinate(program, state, r, i)?,
                        coordinate(program, state, lod, i)?,
                    ) {
                        None if c == 3 => (one, true),
                        None => (0, true),
                        Some(_) if c >= format.channels() => (format.missing_channel(c), true),
                        Some(p) => {
                            let (addr, len) = channel_bytes(format, p, c);
                            let (bytes, undefined) = load(
                                state,
                                (Some(i as u32), AccessKind::Read),
                                &FLAT_SPACE,
                                addr,
                                len,
                            );
                            let mut bits = [0u8; 4];
                            bits[..len].copy_from_slice(&bytes);
                            let value = read_channel(format, u32::from_le_bytes(bits))?;
                            (value, !undefined.contains(&true))
                        }
                    };
                    for (k, b) in value.to_le_bytes().into_iter().enumerate() {
                        writes.push((at + k, b, defined));
                    }
                }
            }
            ch_pos += 1;
        }
    }
    // Dst: the rest of each channel's register is undefined.
    let var_end = match insn.dst {
        Dst::General { var, .. } => {
            let v = program.vars.get(var);
            v.grf_offset.map_or(0, |s| s + v.byte_size())
        }
        _ => 0,
    };
    for ch_pos in 0..ch_mask.count_ones() as usize {
        for e in exec_size..per_channel {
            for k in 0..4 {
                let at = dst + 4 * (ch_pos * per_channel + e) + k;
                if at < var_end {
                    let keep = read_grf(state, at, 1)?[0];
                    writes.push((at, keep, false));
                }
            }
        }
    }
    apply_writes(state, writes)
}

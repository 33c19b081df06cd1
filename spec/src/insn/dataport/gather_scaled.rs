//! GATHER_SCALED (instructions/GATHER_SCALED.md), Semantics: for each enabled channel `i`,
//! `dst[i] = surface[offset + element_offset[i]]`, `num_blocks` bytes. `dst[i]` is the
//! channel's dword (Dst is UD, D or F); Dst's Description leaves its upper bytes undefined
//! for 1- and 2-byte reads. Block_size and Scale are ignored (one byte, no scaling).
//! Out-of-bound Access: zeros are returned (DATAPORT-BOUNDS-LANE: byte by byte; literal: a
//! channel with any byte out of bounds reads zero in every byte).

use super::{address, ctrl, lane_out_of_bounds, offset_value, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, load, raw, raw_dst, read_grf};
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::GatherScaled {
        num_blocks,
        surface,
        offset,
        element_offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("GATHER_SCALED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let num_blocks = num_blocks as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let element_offset = raw(program, &element_offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("GATHER_SCALED without a destination"));
    };
    let whole_lane = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = surface[offset+element_offset[i]]; // <num_blocks> bytes
            let element_offset_i = ud(state, element_offset + 4 * i)?;
            let out =
                whole_lane && lane_out_of_bounds(&surface, offset, element_offset_i, num_blocks);
            for k in 0..num_blocks {
                let (bytes, undefined) = if out {
                    (vec![0], vec![false])
                } else {
                    let lane = (Some(i as u32), AccessKind::Read);
                    load(
                        state,
                        lane,
                        &surface,
                        address(offset, element_offset_i, k),
                        1,
                    )
                };
                writes.push((dst + 4 * i + k, bytes[0], !undefined[0]));
            }
            // Dst: "For 1 and 2 byte reads the upper bytes have undefined values."
            for k in num_blocks..4 {
                let keep = read_grf(state, dst + 4 * i + k, 1)?[0];
                writes.push((dst + 4 * i + k, keep, false));
            }
        }
    }
    apply_writes(state, writes)
}

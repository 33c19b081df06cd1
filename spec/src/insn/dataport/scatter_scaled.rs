//! SCATTER_SCALED (instructions/SCATTER_SCALED.md), Semantics: for each enabled channel
//! `i`, `surface[offset + element_offset[i]] = src[i]`, the low `num_blocks` bytes of the
//! channel's dword (Src's Description: the upper bytes of 1- and 2-byte accesses are
//! ignored). Out-of-bound Access: the data is dropped (DATAPORT-BOUNDS-LANE: byte by byte;
//! literal: a channel with any byte out of bounds writes none). Notes: two channels writing one
//! address is undefined; the stores land together through the memory model's journal, so
//! a byte two channels write with different values is undefined.

use super::{address, ctrl, lane_out_of_bounds, offset_value, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{raw, read_grf};
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::ScatterScaled {
        num_blocks,
        surface,
        offset,
        element_offset,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("SCATTER_SCALED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let num_blocks = num_blocks as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let element_offset = raw(program, &element_offset)?;
    let src = raw(program, &src)?;
    let whole_lane = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut journal = StoreJournal::default();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // surface[offset+element_offset[i]] = src[i]; // <num_blocks> bytes
            let element_offset_i = ud(state, element_offset + 4 * i)?;
            if whole_lane && lane_out_of_bounds(&surface, offset, element_offset_i, num_blocks) {
                continue; // the whole channel is dropped
            }
            for k in 0..num_blocks {
                let byte = read_grf(state, src + 4 * i + k, 1)?;
                let to = address(offset, element_offset_i, k);
                journal.store(&surface, to, byte);
                let lane = Some(i as u32);
                state
                    .mem
                    .note(lane, &surface, to, 1, u64::MAX, AccessKind::Write);
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

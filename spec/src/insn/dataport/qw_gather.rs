//! QW_GATHER (instructions/QW_GATHER.md), Semantics: for each enabled channel `i` and block
//! `j < num_blocks`, `dst[j*exec_size+i] = Surface[Offset[i] + j]`, 8 bytes. Offset holds
//! byte offsets; block `j` is the qword at byte `Offset[i] + 8*j` (QW-GATHER-BLOCKS: the
//! documents encode 1 block, IGC 1, 2 or 4), truncated to the 32-bit address.
//! Out-of-bound Access: zeroes are returned (DATAPORT-BOUNDS-LANE: byte by byte; literal: a
//! qword with any byte out of bounds reads zero in every byte).

use super::{ctrl, read_element, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, raw, raw_dst};
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::MachineState;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::QwGather {
        num_blocks,
        surface,
        offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("QW_GATHER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let num_blocks = num_blocks as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let Surface = surface_window(program, state, surface, &config.readings)?;
    let Offset = raw(program, &offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("QW_GATHER without a destination"));
    };
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let Offset_i = ud(state, Offset + 4 * i)?;
            for j in 0..num_blocks {
                // dst[j*exec_size+i] = Surface[Offset[i] + j]; // 8 byte
                let start = i128::from(Offset_i) + 8 * j as i128;
                let at = dst + 8 * (j * exec_size + i);
                let lane = Some(i as u32);
                read_element(state, lane, &Surface, start, 8, at, whole, &mut writes);
            }
        }
    }
    apply_writes(state, writes)
}

//! QW_SCATTER (instructions/QW_SCATTER.md), Semantics: for each enabled channel `i` and
//! block `j < num_blocks`, `Surface[Offset[i] + j] = src[j*exec_size+i]`, 8 bytes. Offset
//! holds byte offsets; block `j` is the qword at byte `Offset[i] + 8*j`
//! (QW-GATHER-BLOCKS), truncated to the 32-bit address. Out-of-bound Access: the data is
//! dropped (DATAPORT-BOUNDS-LANE: byte by byte; literal: a qword with any byte out of
//! bounds writes none). Notes: two channels writing one address is undefined; the stores
//! land together through the memory model's journal.

use super::{ctrl, surface_window, ud, write_element};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::raw;
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{MachineState, StoreJournal};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::QwScatter {
        num_blocks,
        surface,
        offset,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("QW_SCATTER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let num_blocks = num_blocks as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let Surface = surface_window(program, state, surface, &config.readings)?;
    let Offset = raw(program, &offset)?;
    let src = raw(program, &src)?;
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut journal = StoreJournal::default();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let Offset_i = ud(state, Offset + 4 * i)?;
            for j in 0..num_blocks {
                // Surface[Offset[i] + j] = src[j*exec_size+i]; // 8 byte
                let start = i128::from(Offset_i) + 8 * j as i128;
                let at = src + 8 * (j * exec_size + i);
                let lane = Some(i as u32);
                write_element(state, lane, &Surface, start, 8, at, whole, &mut journal)?;
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

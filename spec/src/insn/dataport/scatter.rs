//! SCATTER (instructions/SCATTER.md), Semantics: for each enabled channel `i`,
//! `surface[global_offset + element_offset[i]] = src[i]`, the low `elt_size` bytes (1, 2 or
//! 4) of the channel's dword (Src's Description: the upper bits are ignored). Both offsets
//! count elements: the element's first byte is `(global_offset + element_offset[i]) *
//! elt_size`, computed exactly and truncated to the 32-bit address. Out-of-bound Access:
//! the data is dropped (DATAPORT-BOUNDS-LANE: byte by byte; literal: an element with any
//! byte out of bounds writes none). Notes: two channels writing one address is undefined;
//! the stores land together through the memory model's journal, so a byte two channels
//! write with different values is undefined. The surface is T0, the stateless surface or a
//! binding-table buffer (GATHER-SCATTER-SURFACES).

use super::{ctrl, offset_value, surface_window, ud, write_element};
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
    let DataportCtrl::Scatter {
        elt_size,
        surface,
        global_offset,
        element_offset,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("SCATTER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let elt_size = elt_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let global_offset = offset_value(program, state, &global_offset)?;
    let element_offset = raw(program, &element_offset)?;
    let src = raw(program, &src)?;
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut journal = StoreJournal::default();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // surface[global_offset+element_offset[i]] = src[i]; //1, 2, or 4 byte
            let element_offset_i = ud(state, element_offset + 4 * i)?;
            let index = i128::from(global_offset) + i128::from(element_offset_i);
            let start = index * elt_size as i128;
            let lane = Some(i as u32);
            write_element(
                state,
                lane,
                &surface,
                start,
                elt_size,
                src + 4 * i,
                whole,
                &mut journal,
            )?;
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

//! OWORD_ST (instructions/OWORD_ST.md), Semantics: `num_owords` contiguous owords,
//! `surface[offset+i] = src[i]`, 16 bytes each, `Offset` counting owords (oword `i` is at
//! byte `16*(offset+i)`), under NoMask. Out-of-bound Access: dropped
//! (DATAPORT-BOUNDS-LANE: byte by byte; literal: an oword with any byte out of bounds
//! writes none).

use super::{ctrl, offset_value, surface_window, write_element};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::raw;
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::state::{MachineState, StoreJournal};

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::OwordSt {
        num_owords,
        surface,
        offset,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("OWORD_ST without its fields"));
    };
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let src = raw(program, &src)?;
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut journal = StoreJournal::default();
    for i in 0..num_owords as usize {
        // surface[offset+i] = src[i]; //16 byte, oword-aligned
        let byte = 16 * (i128::from(offset) + i as i128);
        write_element(
            state,
            None,
            &surface,
            byte,
            16,
            src + 16 * i,
            whole,
            &mut journal,
        )?;
    }
    journal.commit(&mut state.mem);
    Ok(())
}

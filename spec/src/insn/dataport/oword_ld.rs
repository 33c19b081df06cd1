//! OWORD_LD (instructions/OWORD_LD.md), Semantics: `num_owords` contiguous owords,
//! `dst[i] = surface[offset+i]`, 16 bytes each, `Offset` counting owords (oword `i` is at
//! byte `16*(offset+i)`), under NoMask. Is_modified is ignored. Out-of-bound Access: zeros
//! (DATAPORT-BOUNDS-LANE: byte by byte; literal: an oword with any byte out of bounds reads
//! zero).

use super::{ctrl, offset_value, read_element, surface_window};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, raw_dst};
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Instruction, Program};
use crate::state::MachineState;

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::OwordLd {
        num_owords,
        surface,
        offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("OWORD_LD without its fields"));
    };
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("OWORD_LD without a destination"));
    };
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut writes = Vec::new();
    for i in 0..num_owords as usize {
        // dst[i] = surface[offset+i]; //16 byte, oword-aligned
        let byte = 16 * (i128::from(offset) + i as i128);
        read_element(
            state,
            None,
            &surface,
            byte,
            16,
            dst + 16 * i,
            whole,
            &mut writes,
        );
    }
    apply_writes(state, writes)
}

//! OWORD_LD_UNALIGNED (instructions/OWORD_LD_UNALIGNED.md), Semantics: `num_owords`
//! contiguous owords, `dst[i] = surface[offset+i]`, 16 bytes each, under NoMask, with
//! `Offset` in bytes, dword-aligned (OWORD-LD-UNALIGNED-OFFSET: oword `i` is at byte
//! `offset + 16*i` and an offset not a multiple of 4 is undefined behaviour; literal: the
//! loop's index counts owords as OWORD_LD's, byte `16*(offset+i)`). Out-of-bound Access:
//! zeros (DATAPORT-BOUNDS-LANE: byte by byte; literal: an oword with any byte out of bounds
//! reads zero).

use super::{ctrl, misaligned, offset_value, read_element, surface_window};
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
    let DataportCtrl::OwordLdUnaligned {
        num_owords,
        surface,
        offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug(
            "OWORD_LD_UNALIGNED without its fields",
        ));
    };
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug(
            "OWORD_LD_UNALIGNED without a destination",
        ));
    };
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let in_owords = config
        .readings
        .is_literal(errata::OWORD_LD_UNALIGNED_OFFSET);
    if !in_owords && !offset.is_multiple_of(4) {
        return Err(misaligned(
            "the offset",
            u64::from(offset),
            4,
            errata::OWORD_LD_UNALIGNED_OFFSET,
        ));
    }
    let mut writes = Vec::new();
    for i in 0..num_owords as usize {
        // dst[i] = surface[offset+i]; //16 byte, dword-aligned
        let byte = if in_owords {
            16 * (i128::from(offset) + i as i128)
        } else {
            i128::from(offset) + 16 * i as i128
        };
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

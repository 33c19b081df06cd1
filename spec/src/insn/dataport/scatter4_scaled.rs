//! SCATTER4_SCALED (instructions/SCATTER4_SCALED.md), Semantics: for each enabled channel
//! `c` of RGBA (`ch_mask`), in order, each enabled lane `i` writes `src[ch_start+i]` to the
//! dword `surface[(address/4)+c]`, `ch_start = ch_pos * max(exec_size, GRF_SIZE/4)`. The
//! loop never computes `address` (SCATTER4-SCALED-ADDRESS: `offset + element_offset[i]`,
//! GATHER4_SCALED's line with Scale zero). Out-of-bound Access: dropped
//! (DATAPORT-BOUNDS-LANE: byte by byte; literal: a dword with any byte out of bounds writes
//! none). The address must be dword-aligned (DATAPORT4-DWORD-ADDRESS). Notes: two channels
//! writing one address is undefined; the stores land together through the memory model's
//! journal, so a byte written twice with different values is undefined.

use super::{a32, ctrl, misaligned, offset_value, surface_window, ud, write_element};
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
    let DataportCtrl::Scatter4Scaled {
        ch_mask,
        surface,
        offset,
        element_offset,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("SCATTER4_SCALED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let GRF_SIZE = program.platform.grf_size();
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let element_offset = raw(program, &element_offset)?;
    let src = raw(program, &src)?;
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let floor = config.readings.is_literal(errata::DATAPORT4_DWORD_ADDRESS);
    let mut journal = StoreJournal::default();
    let mut ch_pos = 0usize;
    for c in 0..4 {
        if ch_mask >> c & 1 == 1 {
            for i in 0..exec_size {
                if ChEn >> i & 1 == 1 {
                    // SCATTER4-SCALED-ADDRESS: UD address = offset+element_offset[i];
                    let element_offset_i = ud(state, element_offset + 4 * i)?;
                    let address = a32(i128::from(offset) + i128::from(element_offset_i));
                    if !floor && !address.is_multiple_of(4) {
                        return Err(misaligned(
                            "a lane's address",
                            address,
                            4,
                            errata::DATAPORT4_DWORD_ADDRESS,
                        ));
                    }
                    let ch_start = ch_pos * exec_size.max(GRF_SIZE / 4);
                    // surface[(address/4)+c] = src[ch_start+i]; //4 bytes
                    let byte = 4 * (i128::from(address / 4) + c);
                    write_element(
                        state,
                        Some(i as u32),
                        &surface,
                        byte,
                        4,
                        src + 4 * (ch_start + i),
                        whole,
                        &mut journal,
                    )?;
                }
            }
            ch_pos += 1;
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

//! GATHER (instructions/GATHER.md), Semantics: for each enabled channel `i`,
//! `dst[i] = surface[global_offset + element_offset[i]]`, one element of `elt_size` bytes
//! (1, 2 or 4). Global_offset and Element_offset are "in the unit of element size": the
//! element's first byte is `(global_offset + element_offset[i]) * elt_size`, computed
//! exactly and truncated to the 32-bit address. `dst[i]` is the channel's dword (Dst is UD,
//! D or F); Dst's Description leaves its upper bytes undefined for 1- and 2-byte reads.
//! Is_modified is ignored. Out-of-bound Access: zeros are returned (DATAPORT-BOUNDS-LANE:
//! byte by byte; literal: an element with any byte out of bounds reads zero in every byte).
//! The surface is T0, the stateless surface or a binding-table buffer
//! (GATHER-SCATTER-SURFACES).

use super::{ctrl, offset_value, read_element, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, raw, raw_dst, read_grf};
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
    let DataportCtrl::Gather {
        elt_size,
        surface,
        global_offset,
        element_offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("GATHER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let elt_size = elt_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let global_offset = offset_value(program, state, &global_offset)?;
    let element_offset = raw(program, &element_offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("GATHER without a destination"));
    };
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = surface[global_offset+element_offset[i]]; //1, 2, or 4 byte
            let element_offset_i = ud(state, element_offset + 4 * i)?;
            let index = i128::from(global_offset) + i128::from(element_offset_i);
            let start = index * elt_size as i128;
            let lane = Some(i as u32);
            read_element(
                state,
                lane,
                &surface,
                start,
                elt_size,
                dst + 4 * i,
                whole,
                &mut writes,
            );
            // Dst: "For 1 and 2 byte accesses the upper bytes have undefined values."
            for k in elt_size..4 {
                let keep = read_grf(state, dst + 4 * i + k, 1)?[0];
                writes.push((dst + 4 * i + k, keep, false));
            }
        }
    }
    apply_writes(state, writes)
}

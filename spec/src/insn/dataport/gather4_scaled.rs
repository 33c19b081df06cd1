//! GATHER4_SCALED (instructions/GATHER4_SCALED.md), Semantics: for each enabled channel `c`
//! of RGBA (`ch_mask`), in order, each enabled lane `i` reads the dword
//! `surface[(address/4)+c]` with `address = offset + element_offset[i]*(scale+1)` (Scale is
//! ignored: zero) into `dst[ch_start+i]`, `ch_start = ch_pos * max(exec_size, GRF_SIZE/4)`.
//! Dst: where a channel's data does not fill its register the rest of that register is
//! undefined, as far as the variable reaches. Out-of-bound Access: zeros
//! (DATAPORT-BOUNDS-LANE: byte by byte; literal: a dword with any byte out of bounds reads
//! zero). The final address must be dword-aligned (DATAPORT4-DWORD-ADDRESS: a misaligned
//! lane is undefined behaviour; literal: `address/4` drops the low bits).

use super::{a32, ctrl, misaligned, offset_value, read_element, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, raw, raw_dst, read_grf};
use crate::ir::dataport::DataportCtrl;
use crate::ir::{Dst, Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::MachineState;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::Gather4Scaled {
        ch_mask,
        surface,
        offset,
        element_offset,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("GATHER4_SCALED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let GRF_SIZE = program.platform.grf_size();
    let scale = 0u32; // Scale: "This field is ignored and scale is always zero"
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let offset = offset_value(program, state, &offset)?;
    let element_offset = raw(program, &element_offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("GATHER4_SCALED without a destination"));
    };
    let whole = config.readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let floor = config.readings.is_literal(errata::DATAPORT4_DWORD_ADDRESS);
    let per_channel = exec_size.max(GRF_SIZE / 4);
    let mut writes = Vec::new();
    let mut ch_pos = 0usize;
    for c in 0..4 {
        if ch_mask >> c & 1 == 1 {
            for i in 0..exec_size {
                if ChEn >> i & 1 == 1 {
                    // UD address = offset+element_offset[i]*(scale+1);
                    let element_offset_i = ud(state, element_offset + 4 * i)?;
                    let address =
                        a32(i128::from(offset)
                            + i128::from(element_offset_i) * (i128::from(scale) + 1));
                    if !floor && !address.is_multiple_of(4) {
                        return Err(misaligned(
                            "a lane's address",
                            address,
                            4,
                            errata::DATAPORT4_DWORD_ADDRESS,
                        ));
                    }
                    let ch_start = ch_pos * per_channel;
                    // dst[ch_start+i] = surface[(address/4)+c]; //4 bytes
                    let byte = 4 * (i128::from(address / 4) + c);
                    read_element(
                        state,
                        Some(i as u32),
                        &surface,
                        byte,
                        4,
                        dst + 4 * (ch_start + i),
                        whole,
                        &mut writes,
                    );
                }
            }
            ch_pos += 1;
        }
    }
    // Dst: "If a channel's return data do not occupy the entire register, the remaining
    // part of the register has undefined values."
    let var_end = match insn.dst {
        Dst::General { var, .. } => {
            let v = program.vars.get(var);
            v.grf_offset.map_or(0, |s| s + v.byte_size())
        }
        _ => 0,
    };
    for ch_pos in 0..ch_mask.count_ones() as usize {
        for e in exec_size..per_channel {
            for k in 0..4 {
                let at = dst + 4 * (ch_pos * per_channel + e) + k;
                if at < var_end {
                    let keep = read_grf(state, at, 1)?[0];
                    writes.push((at, keep, false));
                }
            }
        }
    }
    apply_writes(state, writes)
}

//! SVM_SCATTER4_SCALED (instructions/SVM_SCATTER4_SCALED.md), Semantics: for each enabled
//! channel `c` of RGBA, in order, each enabled lane `i` writes `src[ch_start+i]` to the dword
//! at `address + element_offset[i] + c*4`, `ch_start = ch_pos * max(exec_size,
//! GRF_SIZE/4)`: each channel's data starts a register.

use super::svm_gather4_scaled::{channel_addresses, channel_elements};
use super::{flat, raw, read_grf};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Instruction, Program};
use crate::state::{AccessKind, MachineState, StoreJournal};

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::Scatter4Scaled {
        ch_mask,
        address,
        element_offset,
        src,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug(
            "SVM_SCATTER4_SCALED without its fields",
        ));
    };
    let lanes = channel_addresses(program, insn, state, ch_mask, &address, &element_offset)?;
    let src = raw(program, &src)?;
    let per_channel = channel_elements(program, insn);
    let w = flat(state)?;
    let mut journal = StoreJournal::default();
    for (ch_pos, _c, i, a) in lanes {
        let ch_start = ch_pos * per_channel;
        // *(address + element_offset[i] + (c * 4)) = src[ch_start+i]
        let data = read_grf(state, src + (ch_start + i) * 4, 4)?;
        journal.store(&w, a, data);
        let lane = Some(i as u32);
        state.mem.note(lane, &w, a, 4, u64::MAX, AccessKind::Write);
    }
    journal.commit(&mut state.mem);
    Ok(())
}

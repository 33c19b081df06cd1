//! SVM_SCATTER (instructions/SVM_SCATTER.md), Semantics: the inverse of SVM_GATHER: for each
//! enabled lane `i`, `num_blocks` blocks of `block_size` bytes to `Addresses[i]`, taken from
//! `src[j*exec_size+i]` (4 and 8 bytes) or `src[i*min_block_size+j]` (1 byte; the bytes past
//! `num_blocks` are ignored).

use super::svm_gather::lane_addresses;
use super::{flat, raw, read_grf};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Instruction, Program};
use crate::state::{AccessKind, MachineState, StoreJournal};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::Scatter {
        block_size,
        num_blocks,
        addresses,
        src,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug("SVM_SCATTER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let (block_size, num_blocks) = (block_size as usize, num_blocks as usize);
    let Addresses = lane_addresses(program, insn, state, &addresses, block_size as u64)?;
    let src = raw(program, &src)?;
    let w = flat(state)?;
    let mut journal = StoreJournal::default();
    for i in 0..exec_size {
        let Some(address) = Addresses[i] else {
            continue; // ChEn[i] is 0
        };
        if block_size == 4 || block_size == 8 {
            for j in 0..num_blocks {
                // *(Addresses[i] + j*block_size) = src[j*exec_size+i]
                let data = read_grf(state, src + (j * exec_size + i) * block_size, block_size)?;
                let to = address.wrapping_add((j * block_size) as u64);
                journal.store(&w, to, data);
                let lane = Some(i as u32);
                state
                    .mem
                    .note(lane, &w, to, block_size, u64::MAX, AccessKind::Write);
            }
        } else {
            for j in 0..num_blocks {
                let min_block_size = if num_blocks < 4 { 4 } else { num_blocks };
                // *(Addresses[i] + j) = src[i*min_block_size+j]
                let data = read_grf(state, src + i * min_block_size + j, 1)?;
                let to = address.wrapping_add(j as u64);
                journal.store(&w, to, data);
                let lane = Some(i as u32);
                state.mem.note(lane, &w, to, 1, u64::MAX, AccessKind::Write);
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

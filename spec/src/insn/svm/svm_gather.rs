//! SVM_GATHER (instructions/SVM_GATHER.md), Semantics: for each enabled lane `i`,
//! `num_blocks` blocks of `block_size` bytes from `Addresses[i]`. Four- and eight-byte blocks
//! land at `dst[j*exec_size+i]`; one-byte blocks at `dst[i*min_block_size+j]`, and the bytes
//! `num_blocks..min_block_size` of an enabled lane are undefined (Notes: an element `Ai[N]`
//! with `N >= num_blocks` is undefined). Addresses are the first exec_size UQ elements
//! (SVM-EIGHT-ADDRESSES), each aligned to the block size (SVM-ADDRESS-ALIGNMENT).

use super::{aligned, apply_writes, flat, load, raw, raw_dst, read_grf, uq};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Instruction, Payload, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState};

/// `Addresses[i]` of the enabled lanes (checked for alignment), `None` for the others.
#[allow(non_snake_case)]
pub(super) fn lane_addresses(
    program: &Program,
    insn: &Instruction,
    state: &MachineState,
    addresses: &Payload,
    align: u64,
) -> Result<Vec<Option<u64>>> {
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let at = raw(program, addresses)?;
    let mut Addresses = Vec::with_capacity(exec_size);
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let a = uq(state, at + 8 * i)?;
            aligned(a, align, "an address")?;
            Addresses.push(Some(a));
        } else {
            Addresses.push(None);
        }
    }
    Ok(Addresses)
}

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::Gather {
        block_size,
        num_blocks,
        addresses,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug("SVM_GATHER without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let (block_size, num_blocks) = (block_size as usize, num_blocks as usize);
    let Addresses = lane_addresses(program, insn, state, &addresses, block_size as u64)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("SVM_GATHER without a destination"));
    };
    let w = flat(state)?;
    let mut writes = Vec::new();
    for i in 0..exec_size {
        let Some(address) = Addresses[i] else {
            continue; // ChEn[i] is 0
        };
        if block_size == 4 || block_size == 8 {
            for j in 0..num_blocks {
                // dst[j*exec_size+i] = *(Addresses[i] + j*block_size)
                let (bytes, undefined) = load(
                    state,
                    (Some(i as u32), AccessKind::Read),
                    &w,
                    address.wrapping_add((j * block_size) as u64),
                    block_size,
                );
                let at = dst + (j * exec_size + i) * block_size;
                for k in 0..block_size {
                    writes.push((at + k, bytes[k], !undefined[k]));
                }
            }
        } else {
            let min_block_size = if num_blocks < 4 { 4 } else { num_blocks };
            for j in 0..num_blocks {
                // dst[i*min_block_size+j] = *(Addresses[i] + j)
                let (bytes, undefined) = load(
                    state,
                    (Some(i as u32), AccessKind::Read),
                    &w,
                    address.wrapping_add(j as u64),
                    1,
                );
                writes.push((dst + i * min_block_size + j, bytes[0], !undefined[0]));
            }
            for j in num_blocks..min_block_size {
                // Ai[N] is undefined for N >= num_blocks.
                let at = dst + i * min_block_size + j;
                let keep = read_grf(state, at, 1)?[0];
                writes.push((at, keep, false));
            }
        }
    }
    apply_writes(state, writes)
}

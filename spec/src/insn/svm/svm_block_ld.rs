//! SVM_BLOCK_LD (instructions/SVM_BLOCK_LD.md), Semantics: `num_owords` contiguous owords
//! from `address` into `dst`, under NoMask. The address is oword aligned, or dword aligned
//! with `.unaligned` (Properties bit 3; SVM-ADDRESS-ALIGNMENT).

use super::{aligned, apply_writes, flat, load, raw_dst, scalar};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Instruction, Program};
use crate::state::{AccessKind, MachineState};

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::BlockLd {
        num_owords,
        unaligned,
        address,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug("SVM_BLOCK_LD without its fields"));
    };
    let address = scalar(program, state, &address)?;
    aligned(address, if unaligned { 4 } else { 16 }, "the block address")?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("SVM_BLOCK_LD without a destination"));
    };
    let w = flat(state)?;
    let mut writes = Vec::new();
    for i in 0..num_owords as usize {
        // dst[i] = *(address + i*16): one oword.
        let (bytes, undefined) = load(
            state,
            (None, AccessKind::Read),
            &w,
            address.wrapping_add(i as u64 * 16),
            16,
        );
        for k in 0..16 {
            writes.push((dst + i * 16 + k, bytes[k], !undefined[k]));
        }
    }
    apply_writes(state, writes)
}

//! SVM_BLOCK_ST (instructions/SVM_BLOCK_ST.md), Semantics: `num_owords` owords of `src` to
//! contiguous memory at the oword-aligned `address` (SVM-ADDRESS-ALIGNMENT), under NoMask.

use super::{aligned, flat, raw, read_grf, scalar};
use crate::error::{Result, VisaError};
use crate::exec::ExecConfig;
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Instruction, Program};
use crate::state::{MachineState, StoreJournal};

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::BlockSt {
        num_owords,
        address,
        src,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug("SVM_BLOCK_ST without its fields"));
    };
    let address = scalar(program, state, &address)?;
    aligned(address, 16, "the block address")?;
    let src = raw(program, &src)?;
    let w = flat(state)?;
    let mut journal = StoreJournal::default();
    for i in 0..num_owords as usize {
        // *(address + i*16) = src[i]: one oword.
        let oword = read_grf(state, src + i * 16, 16)?;
        journal.store(&w, address.wrapping_add(i as u64 * 16), oword);
    }
    journal.commit(&mut state.mem);
    Ok(())
}

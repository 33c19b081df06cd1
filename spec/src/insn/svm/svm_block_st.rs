//! SVM_BLOCK_ST (instructions/SVM_BLOCK_ST.md), Semantics: `num_owords` owords of `src` to
//! contiguous memory at the oword-aligned `address` (SVM-ADDRESS-ALIGNMENT), under NoMask;
//! the bytes past `src`'s variable are undefined (SVM-BLOCK-ST-EXTENT).

use super::{aligned, flat, raw, read_grf, scalar, var_end};
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
    let end = var_end(program, src.var)?;
    let src = raw(program, &src)?;
    let w = flat(state)?;
    let mut journal = StoreJournal::default();
    for i in 0..num_owords as usize {
        // *(address + i*16) = src[i]: one oword. The bytes of src[i] past src's variable
        // (SVM-BLOCK-ST-EXTENT resolved) are undefined, and so are the bytes they store.
        let at = src + i * 16;
        let defined = end.saturating_sub(at).min(16);
        let to = address.wrapping_add(i as u64 * 16);
        if defined > 0 {
            journal.store(&w, to, read_grf(state, at, defined)?);
        }
        state
            .mem
            .note(None, &w, to, 16, u64::MAX, AccessKind::Write);
        if defined < 16 {
            journal.store_undefined(&w, to.wrapping_add(defined as u64), 16 - defined);
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

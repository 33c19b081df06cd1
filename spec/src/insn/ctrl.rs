//! The fields a family's instructions carry in `Instruction::ctrl`, looked up in one place:
//! validation put them there, so a missing one is a model bug.

use crate::error::{Result, VisaError};
use crate::ir::lsc::{ApndctrOperands, LscOperands, MessageOperands};
use crate::ir::svm::SvmCtrl;
use crate::ir::{Block2dCtrl, Ctrl, Instruction, LscCtrl};

/// LSC_UNTYPED's and LSC_TYPED's message fields (gather/scatter, quad, atomics, append
/// counters, status).
pub(crate) fn lsc(insn: &Instruction) -> Result<LscCtrl> {
    match insn.ctrl {
        Ctrl::Lsc(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "an LSC instruction without its fields",
        )),
    }
}

/// An LSC message's fields and its operands by name (gather/scatter, strided, quad, atomics,
/// status; untyped and typed).
pub(crate) fn lsc_message(insn: &Instruction) -> Result<(LscCtrl, MessageOperands)> {
    let c = lsc(insn)?;
    match c.operands {
        LscOperands::Message(ops) => Ok((c, ops)),
        LscOperands::Apndctr(_) => Err(VisaError::model_bug(
            "an LSC message with an append counter's operands",
        )),
    }
}

/// The append-counter atomics' fields and their operands (the surface and Src0Data).
pub(crate) fn apndctr(insn: &Instruction) -> Result<(LscCtrl, ApndctrOperands)> {
    let c = lsc(insn)?;
    match c.operands {
        LscOperands::Apndctr(ops) => Ok((c, ops)),
        LscOperands::Message(_) => Err(VisaError::model_bug(
            "an append counter with a message's operands",
        )),
    }
}

/// The block 2D fields and operands (untyped and typed).
pub(crate) fn block2d(insn: &Instruction) -> Result<&Block2dCtrl> {
    match &insn.ctrl {
        Ctrl::Block2d(c) => Ok(c.as_ref()),
        _ => Err(VisaError::model_bug(
            "a block 2D instruction without its fields",
        )),
    }
}

/// The SVM instructions' sizes, channel mask or atomic operation, and their operands.
pub(crate) fn svm(insn: &Instruction) -> Result<SvmCtrl> {
    match insn.ctrl {
        Ctrl::Svm(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "an SVM instruction without its fields",
        )),
    }
}

//! instructions/RAW_SEND.md and RAW_SENDS.md, Semantics: "a direct method for generating a
//! GEN native send message". The documents give no loop: what the send does is the message
//! its descriptors name (the hardware's message layouts, `visa_model::ir::send`). The
//! model's decoder reads the descriptors into the instruction of the document that
//! describes the same message, with the raw send's payload registers as its operands
//! (validation does, and keeps it in [`RawSendCtrl::lowered`]); executing the raw send is
//! executing that instruction through its own document's module.

use crate::error::{Result, VisaError};
use crate::ir::{Ctrl, Instruction, RawSendCtrl};
use crate::state::MachineState;

/// Executes a raw send: its decoded message through `execute`, the dispatch of the
/// instruction documents (the caller's, so this module names none of them).
pub fn execute(
    insn: &Instruction,
    state: &mut MachineState,
    execute: &mut dyn FnMut(&Instruction, &mut MachineState) -> Result<()>,
) -> Result<()> {
    let Ctrl::RawSend(c) = &insn.ctrl else {
        return Err(VisaError::model_bug("a raw send without its fields"));
    };
    let message: &RawSendCtrl = c;
    execute(&message.lowered, state)
}

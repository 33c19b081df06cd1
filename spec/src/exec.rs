//! Runs a validated program on a machine state, one instruction after the other, each
//! through its document's module under [`crate::insn`].

use crate::errata::Readings;
use crate::error::Result;
use crate::insn;
use crate::ir::{Opcode, Program};
use crate::state::MachineState;

/// What an execution may vary: the reading of each erratum (default: resolved).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExecConfig {
    pub readings: Readings,
}

/// Executes every instruction of `program` in order on `state`.
///
/// Errors carry the instruction's position. On error the state holds the effects of the
/// instructions before the failing one (an instruction that fails writes nothing).
pub fn run(program: &Program, state: &mut MachineState, config: &ExecConfig) -> Result<()> {
    crate::validate::check_program(program, &config.readings)?;
    crate::validate::check_state(program, state)?;
    for insn in &program.insns {
        let step = match insn.opcode {
            Opcode::Mov => insn::alu::mov::execute(program, insn, state, config),
            Opcode::Add => insn::alu::add::execute(program, insn, state, config),
            other => Err(crate::error::VisaError::unsupported(format!(
                "{} is not executed yet",
                other.mnemonic()
            ))),
        };
        step.map_err(|e| e.at(insn.pos))?;
    }
    Ok(())
}

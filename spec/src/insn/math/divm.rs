//! DIVM (instructions/DIVM.md): component-wise IEEE division.
//!
//! Readings: the Description's "IEEE compliant result": the correctly rounded quotient in %cr0's rounding mode, denormal inputs and results flushed per the denorm mode (the Notes: IEEE compliance needs denormals kept); IEEE-MACRO-PLATFORMS (validation), MATH-NAN-RESULT.

use super::{Math, Operands};
use crate::config::ExecConfig;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num::elementary::Function;
use crate::state::MachineState;

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let mut ops = Operands::read(program, insn, state, config)?;
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] / src1[i];
            let value = ops.compute(i, Math::Core(Function::Div), insn, false, readings)?;
            ops.dst.set(i, value);
        }
        i += 1;
    }
    ops.dst.commit(state);
    Ok(())
}

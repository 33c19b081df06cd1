//! INV (instructions/INV.md): component-wise reciprocal.
//!
//! Readings: MATH-EXACT-VALUE (1/src0 correctly rounded), MATH-NAN-RESULT.

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
            // dst[i] = 1.0/src0[i];
            let value = ops.compute(i, Math::Core(Function::Inv), insn, false, readings)?;
            ops.dst.set(i, value);
        }
        i += 1;
    }
    ops.dst.commit(state);
    Ok(())
}

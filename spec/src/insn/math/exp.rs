//! EXP (instructions/EXP.md): component-wise base-2 exponential.
//!
//! Readings: EXP-BASE (the loop's `exp` is e^x literally; 2^x as the Description says, resolved), MATH-EXACT-VALUE, MATH-NAN-RESULT.

use super::{Math, Operands};
use crate::config::ExecConfig;
use crate::errata;
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
    // dst[i] = exp(src0[i]); (erratum EXP-BASE: e^x literally, 2^x resolved)
    let function = if readings.is_literal(errata::EXP_BASE) {
        Function::Exp
    } else {
        Function::Exp2
    };
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = exp(src0[i]);
            let value = ops.compute(i, Math::Core(function), insn, false, readings)?;
            ops.dst.set(i, value);
        }
        i += 1;
    }
    ops.dst.commit(state);
    Ok(())
}

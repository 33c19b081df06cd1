//! LOG (instructions/LOG.md): component-wise base-2 logarithm.
//!
//! Readings: LOG-BASE (the loop's `log` is the natural logarithm literally; base 2 as the Description says, resolved), MATH-ALT-ABS (Notes: log2(|src0|) in ALT mode), MATH-EXACT-VALUE, MATH-NAN-RESULT.

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
    // dst[i] = log(src0[i]); (erratum LOG-BASE: the natural log literally, base 2 resolved)
    let function = if readings.is_literal(errata::LOG_BASE) {
        Function::Ln
    } else {
        Function::Log2
    };
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = log(src0[i]);
            let value = ops.compute(i, Math::Core(function), insn, true, readings)?;
            ops.dst.set(i, value);
        }
        i += 1;
    }
    ops.dst.commit(state);
    Ok(())
}

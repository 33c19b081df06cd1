//! SQRTM (instructions/SQRTM.md): component-wise IEEE square root.
//!
//! Readings: SQRTM-LOOP-STEP (the loop steps `i += 2` literally: odd channels keep their contents; `++i` resolved), the Description's "IEEE compliant" root: correctly rounded in %cr0's rounding mode, denormals flushed per the denorm mode; IEEE-MACRO-PLATFORMS (validation), MATH-NAN-RESULT.

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
    // for (i = 0; i < exec_size; i += 2) (erratum SQRTM-LOOP-STEP: ++i resolved)
    let step = if readings.is_literal(errata::SQRTM_LOOP_STEP) {
        2
    } else {
        1
    };
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = ieee_sqrt(src0[i])
            let value = ops.compute(i, Math::Core(Function::Sqrt), insn, false, readings)?;
            ops.dst.set(i, value);
        }
        i += step;
    }
    ops.dst.commit(state);
    Ok(())
}

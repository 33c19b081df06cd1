//! POW (instructions/POW.md): component-wise power.
//!
//! Readings: POW-NEGATIVE-BASE (literally IEEE pow of the signed src0; |src0|^src1 resolved, as the finalizer's log/mul/exp lowering computes), POW-SPECIAL-TABLE (the missing rules: IEEE 754-2019 9.2.1), MATH-EXACT-VALUE, MATH-NAN-RESULT.

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
    // dst[i] = pow(src0[i], src1[i]); (erratum POW-NEGATIVE-BASE: the signed base
    // literally, |src0| resolved)
    let math = if readings.is_literal(errata::POW_NEGATIVE_BASE) {
        Math::PowSigned
    } else {
        Math::Core(Function::PowAbs)
    };
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = pow(src0[i], src1[i]);
            let value = ops.compute(i, math, insn, false, readings)?;
            ops.dst.set(i, value);
        }
        i += 1;
    }
    ops.dst.commit(state);
    Ok(())
}

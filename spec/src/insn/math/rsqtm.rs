//! RSQTM (instructions/RSQTM.md): component-wise reciprocal square root, with each channel's early-out
//! bit written to the predicate destination `<preddst>`.
//!
//! Readings: MACRO-APPROXIMATION (dst: the exact 1/sqrt(src0) correctly rounded in %cr0's mode,
//! denormal inputs and results flushed per the denorm modes; an implementation may give any
//! result of the accuracy contract), MACRO-EARLY-OUT (preddst: resolved, the operands fix the
//! IEEE 754 result; literally, the written value is a NaN, ±inf or ±0), MATH-NAN-RESULT,
//! IEEE-MACRO-PLATFORMS (validation).

use super::{predicate_destination, EarlyOut, Math, Operands};
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
    let mut preddst = predicate_destination(program, insn, state, readings)?;
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            // dst[i] = rsqtm(src0[i])
            let value = ops.compute(i, Math::Core(Function::Rsqrt), insn, false, readings)?;
            ops.dst.set(i, value);
            // preddst[i] = (rsqtm(src0[i]) == NAN/INF/ZERO)
            let eo = ops.early_out(i, EarlyOut::RecipSqrt, insn.dst.ty(), value, readings)?;
            preddst.set(i, u64::from(eo));
        }
        i += 1;
    }
    ops.dst.commit(state);
    preddst.commit(state);
    Ok(())
}

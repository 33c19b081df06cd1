//! FRC (instructions/FRC.md): component-wise fraction, `dst[i] = src0[i] - floor(src0[i])`.
//!
//! The floor is exact; the subtraction is one IEEE subtraction rounded into the destination
//! type in %cr0's mode. So an integral source gives +0 (-0 in round-down mode), an infinity
//! gives the default NaN, and a tiny negative source gives `1 - |x|` rounded: 1.0 to
//! nearest, the largest F below 1 downward or toward zero. A denormal result is flushed when
//! the F denorm mode says flush, and an F denormal source before the loop.
//!
//! Readings: FRC-SPECIAL-TABLE (the missing special-value rules), RND-PLATFORM-APPENDIX
//! (validation).

use super::float_source;
use crate::config::ExecConfig;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num::{self, FloatMode, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src0_ty = insn.srcs[0].ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let x = float_source(src0[i].clone(), src0_ty, &mode, readings)?;
            // dst[i] = src0[i] - floor(src0[i]);
            let floor = num::floor(&x);
            let fraction = num::add(&Value::Float(x), &Value::Float(floor.negated()), &mode)?;
            dst.set(
                i,
                num::convert(&fraction, insn.dst.ty(), insn.sat, &mode, readings)?,
            );
        }
    }
    dst.commit(state);
    Ok(())
}

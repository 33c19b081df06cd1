//! RNDD (instructions/RNDD.md): component-wise round down, `dst[i] = floor(src0[i])`.
//!
//! The floor is exact and an F value's floor is an F value, so %cr0's rounding mode never
//! changes it. An F denormal source is flushed first when the F denorm mode says so: RNDD of
//! a negative denormal is -1 with denormals kept and -0 with them flushed.
//!
//! Readings: RND-SPECIAL-TABLE (the missing special-value rules: IEEE 754 roundToIntegral),
//! RND-PLATFORM-APPENDIX (validation).

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
            // dst[i] = floor(src0[i]);
            let result = num::floor(&x);
            dst.set(
                i,
                num::convert(
                    &Value::Float(result),
                    insn.dst.ty(),
                    insn.sat,
                    &mode,
                    readings,
                )?,
            );
        }
    }
    dst.commit(state);
    Ok(())
}

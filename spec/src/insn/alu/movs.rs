//! MOVS (instructions/MOVS.md): moves state variable indices (surfaces, samplers) between
//! state variables, and between a state variable and a UD general operand or immediate.
//!
//! `exec_size` contiguous elements are copied from the operands' origins (Notes; erratum
//! MOVS-CONTIGUOUS, checked by validation). No predication and no saturation (Notes).

use crate::config::ExecConfig;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
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
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i]: the UD index value.
            dst.set(i, u64::from(num::ud_scalar(&src0[i])?));
        }
    }
    dst.commit(state);
    Ok(())
}

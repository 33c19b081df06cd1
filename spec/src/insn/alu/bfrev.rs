//! BFREV (instructions/BFREV.md): component-wise reversal of the 32 bits of src0.

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
            let source = num::ud_scalar(&src0[i])?;
            let mut reversed: u32 = 0;
            for idx in 0..32 {
                // dst[i][idx] = src0[i][31-idx]
                reversed |= (source >> (31 - idx) & 1) << idx;
            }
            dst.set(i, u64::from(reversed));
        }
    }
    dst.commit(state);
    Ok(())
}

//! CBIT (instructions/CBIT.md): component-wise count of the bits set in src0 (UB, UW or UD,
//! each within its own width).
//!
//! Readings: CBIT-RESULT (the loop writes `val`, which is 0 once the loop ends: the literal
//! reading writes it, the resolved reading writes `cnt`).

use crate::config::ExecConfig;
use crate::errata;
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
            let mut cnt: u32 = 0;
            // src0 is unsigned (UB, UW or UD), so its value is its bits.
            let mut val: u32 = num::ud_scalar(&src0[i])?;
            while val != 0 {
                if val & 1 == 1 {
                    cnt += 1;
                }
                val >>= 1;
            }
            let result = if readings.is_literal(errata::CBIT_RESULT) {
                val
            } else {
                cnt
            };
            dst.set(i, u64::from(result));
        }
    }
    dst.commit(state);
    Ok(())
}

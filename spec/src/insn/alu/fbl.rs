//! FBL (instructions/FBL.md): component-wise count of the trailing zeros of src0;
//! 0xFFFFFFFF when src0 is 0.
//!
//! Readings: FBL-MISSING-BRACE (the if/else of the Semantics, with its brace restored).

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
            let mut cnt: u32 = 0;
            let mut udScalar: u32 = num::ud_scalar(&src0[i])?;
            while udScalar & 1 == 0 && cnt != 32 {
                cnt += 1;
                udScalar >>= 1;
            }
            let result = if num::ud_scalar(&src0[i])? == 0 {
                0xFFFF_FFFF
            } else {
                cnt
            };
            dst.set(i, u64::from(result));
        }
    }
    dst.commit(state);
    Ok(())
}

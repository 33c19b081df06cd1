//! SAD2ADD (instructions/SAD2ADD.md): SAD2's two-wide sum of absolute differences plus
//! src2, into the first channel of each pair; the second is left undefined.
//!
//! Readings: SAD2-EXEC-SIZE (execution size 1 is invalid, checked by validation),
//! INT-EXTRA-PRECISION (exact sum, then saturated or truncated).

use num_traits::Signed;

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
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    // Validation gives an even execution size of at least 2: i + 1 is a channel.
    for i in (0..exec_size).step_by(2) {
        if ChEn >> i & 1 == 1 {
            // dst[i] = abs(src0[i] - src1[i]) + abs(src0[i+1] - src1[i+1]) + src2[i].
            let d0 = num::int_of(&src0[i])? - num::int_of(&src1[i])?;
            let d1 = num::int_of(&src0[i + 1])? - num::int_of(&src1[i + 1])?;
            let sum = d0.abs() + d1.abs() + num::int_of(&src2[i])?;
            dst.set(i, num::convert_int(&sum, insn.dst.ty(), insn.sat)?);
            // dst[i+1] = undefined.
            dst.set_undefined(i + 1);
        }
    }
    dst.commit(state);
    Ok(())
}

//! SAD2 (instructions/SAD2.md): two-wide sum of absolute differences of byte sources: the
//! first channel of each pair receives the sum, the second is left undefined.
//!
//! Readings: SAD2-LOOP-STEP (the resolved loop steps `i += 2` as the Description's pairs
//! do; the literal one `i += 1`), SAD2-EXEC-SIZE (execution size 1 is invalid, checked by
//! validation), INT-EXTRA-PRECISION (exact differences, then saturated or truncated).

use crate::errata;
use num_traits::Signed;

use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
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
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let step = if readings.is_literal(errata::SAD2_LOOP_STEP) {
        1
    } else {
        2
    };
    for i in (0..exec_size).step_by(step) {
        if ChEn >> i & 1 == 1 {
            if i + 1 >= exec_size {
                return Err(VisaError::undefined(format!(
                    "SAD2's channel {i} reads src0[{}] and src1[{}], which the operands do not hold (erratum {}, literal reading)",
                    i + 1,
                    i + 1,
                    errata::SAD2_LOOP_STEP
                )));
            }
            // dst[i] = abs(src0[i] - src1[i]) + abs(src0[i+1] - src1[i+1]).
            let d0 = num::int_of(&src0[i])? - num::int_of(&src1[i])?;
            let d1 = num::int_of(&src0[i + 1])? - num::int_of(&src1[i + 1])?;
            let sum = d0.abs() + d1.abs();
            dst.set(i, num::convert_int(&sum, insn.dst.ty(), insn.sat)?);
            // dst[i+1] = undefined.
            dst.set_undefined(i + 1);
        }
    }
    dst.commit(state);
    Ok(())
}

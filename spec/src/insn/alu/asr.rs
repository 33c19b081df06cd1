//! ASR (instructions/ASR.md): component-wise arithmetic right shift.
//!
//! Readings: ASR-SIGNED-OPERANDS (an unsigned src0 shifts its non-negative value; the
//! literal reading is a validation rule), SHIFT-COUNT-TYPE (validation: src1 of any integer
//! type).

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
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // The count is the low 5 bits of src1 (6 for a Q destination), Notes.
            let count = num::shift_count(num::int_of(&src1[i])?, dst_ty);
            // dst[i] = src0[i] >> src1[i], with sign extension: floor(src0 / 2^count).
            let shifted = num::shift_right(num::int_of(&src0[i])?, count);
            dst.set(i, num::convert_int(&shifted, dst_ty, false)?);
        }
    }
    dst.commit(state);
    Ok(())
}

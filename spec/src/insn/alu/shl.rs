//! SHL (instructions/SHL.md): component-wise left shift.
//!
//! Readings: INT-EXTRA-PRECISION (the shifted value is exact before saturation or
//! truncation), SHL-SAT-RANGE (with .sat, a result beyond 33 bits is undefined under the
//! literal reading).

use crate::config::ExecConfig;
use crate::errata;
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
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // The count is the low 5 bits of src1 (6 for a Q or UQ destination), Notes.
            let count = num::shift_count(num::int_of(&src1[i])?, dst_ty);
            // dst[i] = src0[i] << src1[i], exact.
            let shifted = num::shift_left(num::int_of(&src0[i])?, count);
            if insn.sat
                && readings.is_literal(errata::SHL_SAT_RANGE)
                && !num::fits_signed(&shifted, 33)
            {
                return Err(VisaError::undefined(format!(
                    "channel {i}: SHL.sat result {shifted} needs more than 33 bits (erratum {}, literal reading)",
                    errata::SHL_SAT_RANGE
                )));
            }
            dst.set(i, num::convert_int(&shifted, dst_ty, insn.sat)?);
        }
    }
    dst.commit(state);
    Ok(())
}

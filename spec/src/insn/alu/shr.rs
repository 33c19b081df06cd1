//! SHR (instructions/SHR.md): component-wise logical right shift.
//!
//! Readings: SHIFT-COUNT-TYPE (validation: src1 of any integer type); SHR-SOURCE-WIDTH, the
//! width src0's bits are shifted in: resolved, the execution type's (src0's value after its
//! source modifier as a 32-bit integer, 64-bit when src0 or dst is Q or UQ, so a negative B or
//! W brings ones in from above its own bits); literal, src0's own type's.

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::exec_type;

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
    let src0_ty = exec_type(insn.srcs[0].ty());
    let dst_ty = insn.dst.ty();
    // The width of the logical shift (erratum SHR-SOURCE-WIDTH).
    let width = if readings.is_literal(errata::SHR_SOURCE_WIDTH) {
        src0_ty.bits()
    } else if src0_ty.bits() == 64 || dst_ty.bits() == 64 {
        64
    } else {
        32
    };
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // The count is the low 5 bits of src1 (6 for a UQ destination), Notes.
            let count = num::shift_count(num::int_of(&src1[i])?, dst_ty);
            // dst[i] = src0[i] >> src1[i], logical: src0 as an unsigned number of `width` bits.
            let unsigned = num::unsigned_bits(num::int_of(&src0[i])?, width);
            let shifted = num::shift_right(&unsigned, count);
            dst.set(i, num::convert_int(&shifted, dst_ty, insn.sat)?);
        }
    }
    dst.commit(state);
    Ok(())
}

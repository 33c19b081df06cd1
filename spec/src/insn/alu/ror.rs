//! ROR (instructions/ROR.md): component-wise rotation right.
//!
//! Readings: ROTATE-WIDTH (the rotation width is the destination type's; validation gives
//! src0 the same size; literally RotateMask is src0's and the expression is written as it
//! stands: any sizes, its low destination bits written); ROTATE-SIGNED-SHIFT (the low w bits
//! of src0 rotate as an unsigned number; literally a signed src0 keeps its sign and `>>` is
//! arithmetic). The count is src1's two's complement masked to w - 1.

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
    let dst_ty = insn.dst.ty();
    let width = if readings.is_literal(errata::ROTATE_WIDTH) {
        exec_type(insn.srcs[0].ty()).bits()
    } else {
        dst_ty.bits()
    };
    // Erratum ROTATE-SIGNED-SHIFT: literally a signed src0 enters the expression with its
    // sign, and C's `>>` on it is arithmetic.
    let signed_shift = exec_type(insn.srcs[0].ty()).is_signed_integer()
        && readings.is_literal(errata::ROTATE_SIGNED_SHIFT);
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // RotateMask = sizeof(src0) * 8 - 1: the destination's width (ROTATE-WIDTH;
            // literally src0's).
            let RotateMask = width - 1;
            let value = if signed_shift {
                num::int_of(&src0[i])?.clone()
            } else {
                num::unsigned_bits(num::int_of(&src0[i])?, width)
            };
            let count = num::int_of(&src1[i])?;
            // dst[i] = (src0[i] >> (src1[i] & RotateMask)) | (src0[i] << (-src1[i] & RotateMask))
            let rotated = num::shift_right(&value, num::masked(count, RotateMask))
                | num::shift_left(&value, num::masked(&-count, RotateMask));
            dst.set(i, num::convert_int(&rotated, dst_ty, false)?);
        }
    }
    dst.commit(state);
    Ok(())
}

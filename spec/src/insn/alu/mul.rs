//! MUL (instructions/MUL.md): component-wise multiplication.
//!
//! Readings: DST-CHANNEL-INDEX (the loop writes `dst[i]`; literally `dst[n]`, `n` undefined), INT-EXTRA-PRECISION (integer
//! products are exact before the destination conversion, so D x D gives the whole Q product),
//! MUL-SPECIAL-TABLE (IEEE special values), MUL-PLATFORM-NOTES (validation).

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num::{self, FloatMode};
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
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let (src0_ty, src1_ty) = (exec_type(insn.srcs[0].ty()), exec_type(insn.srcs[1].ty()));
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    if readings.is_literal(errata::DST_CHANNEL_INDEX) {
        // The loop writes dst[n]; n is undefined.
        dst.index_undefined();
    }
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // Float inputs: denormals flushed per their type's %cr0 mode.
            let a = num::flush_input(src0[i].clone(), src0_ty, &mode, readings);
            let b = num::flush_input(src1[i].clone(), src1_ty, &mode, readings);
            // dst[n] = src0[i] * src1[i] (erratum DST-CHANNEL-INDEX: dst[i]), exact, then
            // converted to the destination type.
            let product = num::mul(&a, &b)?;
            dst.set(
                i,
                num::convert(&product, insn.dst.ty(), insn.sat, &mode, readings)?,
            );
        }
    }
    dst.commit(state);
    Ok(())
}

//! MAD (instructions/MAD.md): component-wise multiply-add.
//!
//! Readings: DST-CHANNEL-INDEX (the loop writes `dst[i]`; literally `dst[n]`, `n` undefined), INT-EXTRA-PRECISION (integer results
//! are exact before the destination conversion; the Notes' multiply-then-add translation
//! computes the same low destination bits, as MAD takes no integer `.sat`), MAD-FUSED (a float
//! MAD rounds once), MUL-SPECIAL-TABLE and FLOAT-SPECIAL-TABLE (IEEE special values).

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
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let tys = [
        exec_type(insn.srcs[0].ty()),
        exec_type(insn.srcs[1].ty()),
        exec_type(insn.srcs[2].ty()),
    ];
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    if readings.is_literal(errata::DST_CHANNEL_INDEX) {
        // The loop writes dst[n]; n is undefined.
        dst.index_undefined();
    }
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // Float inputs: denormals flushed per their type's %cr0 mode.
            let a = num::flush_input(src0[i].clone(), tys[0], &mode, readings);
            let b = num::flush_input(src1[i].clone(), tys[1], &mode, readings);
            let c = num::flush_input(src2[i].clone(), tys[2], &mode, readings);
            // dst[n] = src0[i] * src1[i] + src2[i] (erratum DST-CHANNEL-INDEX: dst[i]).
            let result = if dst_ty.is_float() && readings.is_literal(errata::MAD_FUSED) {
                // Erratum MAD-FUSED, literal reading: the C expression's product is a value of
                // the destination type (a MUL into dst's type), then the sum rounds again.
                let product = num::mul(&a, &b)?;
                let rounded = num::convert(&product, dst_ty, false, &mode, readings)?;
                num::add(&num::decode(rounded, dst_ty), &c, &mode)?
            } else {
                // Exact, one conversion: a fused multiply-add for floats.
                num::fma(&a, &b, &c, &mode)?
            };
            dst.set(i, num::convert(&result, dst_ty, insn.sat, &mode, readings)?);
        }
    }
    dst.commit(state);
    Ok(())
}

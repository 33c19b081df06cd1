//! MULH (instructions/MULH.md): the high 32 bits of each channel's product.
//!
//! Readings: MULH-HIGH-DWORD (the exact product divided by 2^32, rounding down),
//! DST-CHANNEL-INDEX (the loop writes `dst[i]`; literally `dst[n]`, `n` undefined), OPERAND-MODIFIER-TABLE (modified sources are
//! exact).

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
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    if readings.is_literal(errata::DST_CHANNEL_INDEX) {
        // The loop writes dst[n]; n is undefined.
        dst.index_undefined();
    }
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] * src1[i]; the high 32 bits of the result.
            let product = num::int_of(&src0[i])? * num::int_of(&src1[i])?;
            let high = num::shift_right(&product, 32);
            dst.set(i, num::convert_int(&high, insn.dst.ty(), false)?);
        }
    }
    dst.commit(state);
    Ok(())
}

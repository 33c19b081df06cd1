//! MOD (instructions/MOD.md): component-wise remainder of an integer division.
//!
//! Readings: DST-CHANNEL-INDEX (the loop writes `dst[i]`; literally `dst[n]`, `n` undefined), MOD-SIGN-TABLE (the remainder of a
//! division truncated toward zero: it has the numerator's sign, as DIV.md's table says),
//! DIV-BY-ZERO (a zero divisor leaves its channel undefined), INT-EXTRA-PRECISION.

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;

use super::div::division_by_zero;

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
            // dst[n] = src0[i] % src1[i]; (erratum DST-CHANNEL-INDEX: dst[i])
            let (a, b) = (num::int_of(&src0[i])?, num::int_of(&src1[i])?);
            match num::int_rem(a, b) {
                Some(remainder) => {
                    dst.set(i, num::convert_int(&remainder, insn.dst.ty(), insn.sat)?);
                }
                None => {
                    division_by_zero(config, "MOD", i)?;
                    dst.set_undefined(i);
                }
            }
        }
    }
    dst.commit(state);
    Ok(())
}

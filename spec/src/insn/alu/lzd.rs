//! LZD (instructions/LZD.md): component-wise count of the leading zeros of src0; 32 when
//! src0 is 0.
//!
//! Readings: DST-CHANNEL-INDEX (the loop writes `dst[i]`; literally `dst[n]`, `n` undefined), LZD-SAT (validation: `.sat` is
//! accepted and cannot change a count of at most 32).

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
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    if readings.is_literal(errata::DST_CHANNEL_INDEX) {
        // The loop writes dst[n]; n is undefined.
        dst.index_undefined();
    }
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let mut cnt: u32 = 0;
            let mut udScalar: u32 = num::ud_scalar(&src0[i])?;
            while udScalar & (1 << 31) == 0 && cnt != 32 {
                cnt += 1;
                udScalar <<= 1;
            }
            // dst.chan[n] = cnt (erratum DST-CHANNEL-INDEX: dst[i]).
            dst.set(i, u64::from(cnt));
        }
    }
    dst.commit(state);
    Ok(())
}

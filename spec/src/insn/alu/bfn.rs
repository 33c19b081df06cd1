//! BFN (instructions/BFN.md): a three-input boolean function, bit by bit, looked up in the
//! 8-entry table `BooleanFuncCtrl`.
//!
//! Readings: BFN-CHANNEL-SIZE (the channel is the destination's width; a source's bits are
//! its exact value's two's complement), BFN-IMMEDIATE-WIDTH (validation).

use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Ctrl, Instruction, Program};
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
    let Ctrl::Bfn(BooleanFuncCtrl) = insn.ctrl else {
        return Err(VisaError::model_bug("BFN without its function table"));
    };
    let CHANNEL_SIZE_IN_BITS = u64::from(insn.dst.ty().bits());
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let (s0, s1, s2) = (
                num::int_of(&src0[i])?,
                num::int_of(&src1[i])?,
                num::int_of(&src2[i])?,
            );
            let mut chan: u64 = 0;
            for idx in 0..CHANNEL_SIZE_IN_BITS {
                // foreach bit of dst, src0, src1 and src2: the bit of the two's complement.
                let index = u32::from(s0.bit(idx))
                    + (u32::from(s1.bit(idx)) << 1)
                    + (u32::from(s2.bit(idx)) << 2);
                let bit = (u64::from(BooleanFuncCtrl) >> index) & 0x1;
                chan |= bit << idx;
            }
            dst.set(i, chan);
        }
    }
    dst.commit(state);
    Ok(())
}

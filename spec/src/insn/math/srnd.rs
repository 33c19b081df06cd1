//! SRND (instructions/SRND.md): stochastic rounding, F to HF with `Src1[12:0]` and HF to BF8
//! (stored in a UB) with `Src1[7:0]`: the random bits are added below the bits the destination
//! keeps, and the sum is truncated.
//!
//! Readings: SRND-TYPES (the two roundings of the Description, the Notes' Src1 types; B and
//! BF rejected), SRND-NO-MASK (validation: NoMask required; the loop writes every channel, as
//! it has no ChEn test), SRND-DENORM-ALIGN (where the random bits align for HF denormal
//! results), SRND-SPECIALS (NaN, ±inf, ±0, overflow to ±inf; %cr0 ignored),
//! FP8-CONVERT-PLATFORMS (validation: xe-hpc and xe2).

use super::fp8;
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::operand::DstElements;
use crate::state::MachineState;
use crate::types::DataType;

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let (Some(s0), Some(s1)) = (insn.srcs.first(), insn.srcs.get(1)) else {
        return Err(VisaError::model_bug("SRND without two sources"));
    };
    let src0 = super::fp8_lanes(program, state, s0, insn.exec_size, readings)?;
    let src1 = super::fp8_lanes(program, state, s1, insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        // dst[i] = stochasticRounding(src0[i], src1[i]);
        let (Some(&a), Some(&b)) = (src0.get(i), src1.get(i)) else {
            return Err(VisaError::model_bug(format!(
                "SRND's sources have no lane {i}"
            )));
        };
        let value = match (insn.dst.ty(), s0.ty()) {
            // Src1[12:0] for F to HF.
            (DataType::HF, DataType::F) => {
                u64::from(fp8::srnd_f_to_hf(a as u32, b & 0x1fff, readings))
            }
            // Src1[7:0] for HF to BF8.
            (DataType::UB, DataType::HF) => u64::from(fp8::srnd_hf_to_bf8(a as u16, b & 0xff)),
            (d, s) => {
                return Err(VisaError::model_bug(format!(
                    "SRND from {s} to {d} passed validation"
                )))
            }
        };
        dst.set(i, value);
    }
    dst.commit(state);
    Ok(())
}

//! FCVT (instructions/FCVT.md): conversion between HF and BF8 (E5M2, stored in a UB), and
//! from `{PVC_XT+}` between F and TF32 (stored in a UD).
//!
//! Readings: FCVT-BF8-SPECIALS (HF to BF8 rounds to nearest even whatever %cr0 says and keeps
//! denormals; overflow gives ±inf; NaNs quieted, their payload truncated; BF8 to HF exact),
//! FCVT-TF32-SPECIALS (F to TF32 rounds to nearest even, flushes denormals to a zero of their
//! sign; TF32 to F copies the UD's bits), FP8-CONVERT-PLATFORMS (validation: xe-hpc and xe2).
//! The Notes' NoMask for a BF8 destination is checked by validation; the loop's comment that
//! every channel is enabled for an FP8 destination follows from it.

use super::fp8;
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::operand::{evaluate_ch_en, DstElements};
use crate::state::MachineState;
use crate::types::DataType;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let src = insn
        .srcs
        .first()
        .ok_or_else(|| VisaError::model_bug("FCVT without src0"))?;
    let src0 = super::fp8_lanes(program, state, src, insn.exec_size, readings)?;
    let ChEn = evaluate_ch_en(insn, state);
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let convert = |bits: u64| -> Result<u64> {
        Ok(match (insn.dst.ty(), src.ty()) {
            (DataType::UB, DataType::HF) => u64::from(fp8::hf_to_bf8(bits as u16)),
            (DataType::HF, DataType::UB) => u64::from(fp8::bf8_to_hf(bits as u8)),
            (DataType::UD, DataType::F) => u64::from(fp8::f_to_tf32(bits as u32)),
            // "Conversion from TF32 to float is noop."
            (DataType::F, DataType::UD) => bits & 0xffff_ffff,
            (d, s) => {
                return Err(VisaError::model_bug(format!(
                    "FCVT from {s} to {d} passed validation"
                )))
            }
        })
    };
    for i in 0..exec_size {
        // ChEn[i] is always true if dst has FP8 type (NoMask, checked by validation).
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i];
            let bits = *src0
                .get(i)
                .ok_or_else(|| VisaError::model_bug(format!("FCVT's src0 has no lane {i}")))?;
            dst.set(i, convert(bits)?);
        }
    }
    dst.commit(state);
    Ok(())
}

//! DP4A (instructions/DP4A.md, Semantics): per channel, src0 plus the dot product of the
//! four bytes of src1 and src2.
//!
//! Readings: DP4A-SIGNEDNESS (a source's bytes are signed when its type is D, unsigned when
//! UD), INT-EXTRA-PRECISION (the sum is exact before the destination conversion, which
//! wraps modulo 2^32 or saturates with `.sat`, as every integer ALU result).

use num_bigint::BigInt;

use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
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
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let ty1 = insn.srcs[1].ty();
    let ty2 = insn.srcs[2].ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] + src1[i][7:0]*src2[i][7:0] + ... + src1[i][31:24]*src2[i][31:24]
            let a = num::int_of(&src1[i])?;
            let b = num::int_of(&src2[i])?;
            let mut sum = num::int_of(&src0[i])?.clone();
            for lo in [0u32, 8, 16, 24] {
                sum += byte(a, lo, ty1)? * byte(b, lo, ty2)?;
            }
            dst.set(i, num::convert_int(&sum, insn.dst.ty(), insn.sat)?);
        }
    }
    dst.commit(state);
    Ok(())
}

/// Bits `lo+7..lo` of a source value, signed for D and unsigned for UD (DP4A-SIGNEDNESS).
fn byte(value: &BigInt, lo: u32, ty: DataType) -> Result<BigInt> {
    // The value's 32 bits (a D or UD source holds exactly 32).
    let bits = num::convert_int(value, DataType::UD, false)?;
    let raw = (bits >> lo) & 0xFF;
    match ty {
        DataType::D => Ok(BigInt::from(raw as u8 as i8)),
        DataType::UD => Ok(BigInt::from(raw)),
        other => Err(VisaError::model_bug(format!("DP4A source of type {other}"))),
    }
}

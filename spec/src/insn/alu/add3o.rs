//! ADD3O (instructions/ADD3O.md): component-wise addition of three sources into `<dst>`,
//! with each channel's overflow bit written to the predicate `(<P>)`.
//!
//! Readings: ADD3O-OVERFLOW (`overflow(x)`: the exact sum lies outside the destination
//! type's range; literally, the carry out of the 32-bit unsigned sum of the sources),
//! INT-EXTRA-PRECISION (the sum is exact before the destination conversion),
//! ADD3-IMMEDIATE-WIDTH (validation, src2).

use num_bigint::BigInt;
use num_traits::One;

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::DataType;

use super::second_destination;

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
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    // Channel i of P is the bit predication reads for it: i + the mask control's offset.
    let mut P = DstElements::with_mask_offset(
        program,
        state,
        second_destination(insn)?,
        insn.exec_size,
        insn.mask.offset(),
        readings,
    )?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let operands = [
                num::int_of(&src0[i])?,
                num::int_of(&src1[i])?,
                num::int_of(&src2[i])?,
            ];
            // dst[i] = src0[i] + src1[i] + src2[i], exact, then truncated.
            let sum: BigInt = operands.iter().copied().sum();
            dst.set(i, num::convert_int(&sum, dst_ty, false)?);
            // P[i] = overflow(src0[i] + src1[i] + src2[i]).
            P.set(i, u64::from(overflow(&operands, &sum, dst_ty, readings)?));
        }
    }
    dst.commit(state);
    P.commit(state);
    Ok(())
}

/// `overflow()` of the Semantics (erratum ADD3O-OVERFLOW).
fn overflow(
    operands: &[&BigInt; 3],
    sum: &BigInt,
    dst: DataType,
    readings: &Readings,
) -> Result<bool> {
    if readings.is_literal(errata::ADD3O_OVERFLOW) {
        // The Description's `add3 (ov) ...:ud`: the carry out of the 32-bit unsigned sum.
        let unsigned_sum: BigInt = operands.iter().map(|x| num::unsigned_bits(x, 32)).sum();
        return Ok(unsigned_sum >= BigInt::one() << 32);
    }
    // The exact sum does not fit the destination type.
    let (Some(min), Some(max)) = (dst.int_min(), dst.int_max()) else {
        return Err(VisaError::model_bug(format!("ADD3O into {dst}")));
    };
    Ok(*sum < BigInt::from(min) || *sum > BigInt::from(max))
}

//! ADDC (instructions/ADDC.md): component-wise addition of UD sources, the low 32 bits of
//! the sum into `<dst>` and the carry out (0 or 1) into `<carry>`.
//!
//! Readings: ADDC-CARRY-FUNCTION (`carry(x)` is 1 when the exact sum reaches 2^32).

use num_bigint::BigInt;
use num_traits::One;

use crate::config::ExecConfig;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;

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
    let carry_dst = second_destination(insn)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let mut carry = DstElements::new(program, state, carry_dst, insn.exec_size, readings)?;
    let two_to_32 = BigInt::one() << 32;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] + src1[i]: the exact sum's low 32 bits.
            let sum = num::int_of(&src0[i])? + num::int_of(&src1[i])?;
            dst.set(i, num::convert_int(&sum, insn.dst.ty(), false)?);
            // carry[i] = carry(src0[i] + src1[i]): the carry out of the 32-bit addition.
            carry.set(i, u64::from(sum >= two_to_32));
        }
    }
    dst.commit(state);
    carry.commit(state);
    Ok(())
}

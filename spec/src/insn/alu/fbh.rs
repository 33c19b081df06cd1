//! FBH (instructions/FBH.md): component-wise position of the first significant bit from the
//! most significant side: leading zeros of an unsigned src0, leading sign bits of a signed
//! one; 0xFFFFFFFF when there is none.
//!
//! Readings: FBH-SIGNED (the signed loop's condition compares bit 31 with the sign bit under
//! the resolved reading, the literal `dScalar & (1 << 31)` under the literal one).

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
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
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src0_is_unsigned = !exec_type(insn.srcs[0].ty()).is_signed_integer();
    let literal = readings.is_literal(errata::FBH_SIGNED);
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let mut cnt: u32 = 0;
            let bits = num::ud_scalar(&src0[i])?;
            let result = if src0_is_unsigned {
                let mut udScalar: u32 = bits;
                while udScalar & (1 << 31) == 0 && cnt != 32 {
                    cnt += 1;
                    udScalar <<= 1;
                }
                if bits == 0 {
                    0xFFFF_FFFF
                } else {
                    cnt
                }
            } else {
                // src0 is signed.
                let mut dScalar = bits as i32;
                let cval = (dScalar >> 31) & 1;
                let top_bit = |d: i32| {
                    if literal {
                        // (dScalar & (1 << 31)): 0 or 0x80000000, compared with 0 or 1.
                        d & i32::MIN
                    } else {
                        (d >> 31) & 1
                    }
                };
                while top_bit(dScalar) == cval && cnt != 32 {
                    cnt += 1;
                    dScalar <<= 1;
                }
                if bits == 0xFFFF_FFFF || bits == 0 {
                    0xFFFF_FFFF
                } else {
                    cnt
                }
            };
            dst.set(i, u64::from(result));
        }
    }
    dst.commit(state);
    Ok(())
}

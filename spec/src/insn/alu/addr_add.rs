//! ADDR_ADD (instructions/ADDR_ADD.md): component-wise addition of a byte offset (src1) to
//! an address (src0) into the elements of an address variable.
//!
//! src0 is an address variable's elements, or the register-file byte address of a general
//! variable plus an offset (`&V+OFFSET`, or `V(R,C)<0;1,0>`: Notes), the same for every
//! channel. Readings: ADDR-ADD-RANGE (the exact sum wraps to the 16 bits of an address
//! element), ADDR-ADD-PREDEFINED (validation). No predication (Notes).

use crate::config::ExecConfig;
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
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] + src1[i], exact, then the address element's 16 bits.
            let sum = num::int_of(&src0[i])? + num::int_of(&src1[i])?;
            dst.set(i, num::convert_int(&sum, insn.dst.ty(), false)?);
        }
    }
    dst.commit(state);
    Ok(())
}

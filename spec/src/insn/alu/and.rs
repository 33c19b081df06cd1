//! AND (instructions/AND.md): component-wise bitwise AND.
//!
//! Readings: LOGIC-MIXED-WIDTH (sources of any widths meet as exact two's complement
//! values), QWORD-TYPEMAP-GAP (validation: the type maps, no Q, UQ or predicate operands).

use crate::error::Result;
use crate::exec::ExecConfig;
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
            // dst[i] = src0[i] & src1[i], then the low bits of the destination type.
            let result = num::int_of(&src0[i])? & num::int_of(&src1[i])?;
            dst.set(i, num::convert_int(&result, insn.dst.ty(), false)?);
        }
    }
    dst.commit(state);
    Ok(())
}

//! XOR (instructions/XOR.md): component-wise bitwise exclusive OR.
//!
//! Readings: LOGIC-MIXED-WIDTH (sources of any widths meet as exact two's complement
//! values), QWORD-TYPEMAP-GAP (validation: the type maps, no Q, UQ or predicate operands).

use crate::config::ExecConfig;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, logic_result, logic_source_elements, DstElements};
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
    let src0 = logic_source_elements(program, state, insn, 0, readings)?;
    let src1 = logic_source_elements(program, state, insn, 1, readings)?;
    // A predicate destination's channel i is bit `mask offset + i`.
    let mut dst = DstElements::with_mask_offset(
        program,
        state,
        &insn.dst,
        insn.exec_size,
        insn.mask.offset(),
        readings,
    )?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] ^ src1[i], then the low bits of the destination type.
            let result = num::int_of(&src0[i])? ^ num::int_of(&src1[i])?;
            dst.set(i, logic_result(&insn.dst, &result)?);
        }
    }
    dst.commit(state);
    Ok(())
}

//! BFI (instructions/BFI.md): component-wise insertion of the low src0 bits of src2 into
//! src3 at offset src1.
//!
//! Execution size 2 is invalid (validation; erratum BFE-BFI-ALIGNMENT for the alignment rule
//! of the same Restriction).

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
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let src3 = source_elements(program, state, &insn.srcs[3], insn.exec_size, readings)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // UD width = src0[i] & 1F; UD offset = src1[i] & 1F (`1F`: the mask 0x1F).
            let width = num::ud_scalar(&src0[i])? & 0x1F;
            let offset = num::ud_scalar(&src1[i])? & 0x1F;
            // UD bitmask = (((1 << width) - 1) << offset), in 32 bits.
            let bitmask: u32 = ((1 << width) - 1) << offset;
            // dst[i] = ((src2[i] << offset) & bitmask) | (src3[i] & ~bitmask)
            let result = ((num::ud_scalar(&src2[i])? << offset) & bitmask)
                | (num::ud_scalar(&src3[i])? & !bitmask);
            dst.set(i, u64::from(result));
        }
    }
    dst.commit(state);
    Ok(())
}

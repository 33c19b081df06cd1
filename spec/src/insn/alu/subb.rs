//! SUBB (instructions/SUBB.md): component-wise subtraction of UD sources, the difference into
//! `<dst>` and the borrow (0 or 1) into `<borrow>`.
//!
//! Readings: SUBB-LOOP-STEP (the literal loop steps `i += 2`, the resolved one `++i`),
//! SUBB-SAT (`.sat` clamps the exact difference into UD, so a negative one gives 0; the
//! borrow is computed from the sources either way).

use crate::config::ExecConfig;
use crate::errata;
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
    let borrow_dst = second_destination(insn)?;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let mut borrow = DstElements::new(program, state, borrow_dst, insn.exec_size, readings)?;
    let step = if readings.is_literal(errata::SUBB_LOOP_STEP) {
        2
    } else {
        1
    };
    for i in (0..exec_size).step_by(step) {
        if ChEn >> i & 1 == 1 {
            let (a, b) = (num::int_of(&src0[i])?, num::int_of(&src1[i])?);
            // dst[i] = src0[i] - src1[i], exact, then saturated or truncated.
            dst.set(i, num::convert_int(&(a - b), insn.dst.ty(), insn.sat)?);
            // borrow[i] = src0[i] < src1[i] ? 1 : 0.
            borrow.set(i, u64::from(a < b));
        }
    }
    dst.commit(state);
    borrow.commit(state);
    Ok(())
}

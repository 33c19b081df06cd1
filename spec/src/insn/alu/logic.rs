//! AND, OR, XOR and NOT (instructions/AND.md, OR.md, XOR.md, NOT.md): component-wise bitwise
//! operations, one clause for the four documents' one shape; each document's expression is
//! its `match` arm.
//!
//! Readings: LOGIC-MIXED-WIDTH (sources of any widths meet as exact two's complement values;
//! NOT is the complement of the exact value, -src0 - 1; the result truncated to the
//! destination), QWORD-TYPEMAP-GAP (validation: the type maps, no Q, UQ or predicate
//! operands). In the predicate-operand form (Notes) each channel works on one predicate bit.

use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Opcode, Program};
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
    let src1 = match insn.opcode {
        Opcode::Not => Vec::new(),
        _ => logic_source_elements(program, state, insn, 1, readings)?,
    };
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
            let a = num::int_of(&src0[i])?;
            let b = || num::int_of(&src1[i]);
            // The document's expression, then the low bits of the destination type.
            let result = match insn.opcode {
                // AND: dst[i] = src0[i] & src1[i]
                Opcode::And => a & b()?,
                // OR: dst[i] = src0[i] | src1[i]
                Opcode::Or => a | b()?,
                // XOR: dst[i] = src0[i] ^ src1[i]
                Opcode::Xor => a ^ b()?,
                // NOT: dst[i] = ~src0[i], on the unbounded two's complement value -src0[i] - 1
                Opcode::Not => !a,
                other => {
                    return Err(VisaError::model_bug(format!(
                        "{} dispatched as a logic operation",
                        other.mnemonic()
                    )))
                }
            };
            dst.set(i, logic_result(&insn.dst, &result)?);
        }
    }
    dst.commit(state);
    Ok(())
}

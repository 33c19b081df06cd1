//! DIV (instructions/DIV.md): component-wise division.
//!
//! Readings: DIV-FLOAT-RECIPROCAL (a float quotient is correctly rounded; literally x times
//! the rounded reciprocal of y), DIV-BY-ZERO (an integer division by zero leaves its channel
//! undefined), the Notes' sign table (integer quotients truncate toward zero),
//! INT-EXTRA-PRECISION (the exact quotient is converted to the destination type).

use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num::{self, ExactFloat, FloatMode, Value};
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
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let (src0_ty, src1_ty) = (exec_type(insn.srcs[0].ty()), exec_type(insn.srcs[1].ty()));
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let a = num::flush_input(src0[i].clone(), src0_ty, &mode, readings);
            let b = num::flush_input(src1[i].clone(), src1_ty, &mode, readings);
            // dst[i] = src0[i] / src1[i];
            let quotient = match (&a, &b) {
                (Value::Int(x), Value::Int(y)) => match num::int_div(x, y) {
                    Some(q) => Value::Int(q),
                    None => {
                        division_by_zero(config, "DIV", i)?;
                        dst.set_undefined(i);
                        continue;
                    }
                },
                _ if readings.is_literal(errata::DIV_FLOAT_RECIPROCAL) => {
                    // Erratum DIV-FLOAT-RECIPROCAL, literal reading (Notes: x * INV(y)): the
                    // reciprocal as an INV into the destination type, then a MUL.
                    let one = Value::Float(ExactFloat::from_bigint(&1.into()));
                    let inverse =
                        num::convert(&num::div(&one, &b)?, dst_ty, false, &mode, readings)?;
                    num::mul(&a, &num::decode(inverse, dst_ty))?
                }
                _ => num::div(&a, &b)?,
            };
            dst.set(
                i,
                num::convert(&quotient, dst_ty, insn.sat, &mode, readings)?,
            );
        }
    }
    dst.commit(state);
    Ok(())
}

/// An enabled channel divides an integer by zero, which the documents leave without a value
/// (erratum DIV-BY-ZERO): under the resolved reading the channel's destination element is
/// undefined (Ok), under the literal one the instruction's behaviour is undefined (Err).
pub(crate) fn division_by_zero(config: &ExecConfig, name: &str, channel: usize) -> Result<()> {
    if config.readings.is_literal(errata::DIV_BY_ZERO) {
        return Err(VisaError::undefined(format!(
            "{name}: channel {channel} divides by zero (erratum {}, literal reading)",
            errata::DIV_BY_ZERO
        )));
    }
    Ok(())
}

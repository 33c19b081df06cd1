//! RNDE (instructions/RNDE.md): component-wise round to the nearest integral value, ties to
//! the even one. The loop compares the fraction `src0 - floor(src0)` with one half; its
//! values are exact here, so 2.5 gives 2, 3.5 gives 4 and -0.5 gives -0.
//!
//! Readings: RNDE-DOWNWARD (the Description's "downward rounding": literal, RNDE is RNDD),
//! RND-ZERO-SIGN (`floor + 1` of an input in [-0.5, 0): resolved -0, literal the IEEE sum
//! +0), RND-SPECIAL-TABLE (IEEE 754 roundToIntegralTiesToEven for special values),
//! RND-PLATFORM-APPENDIX (validation).

use std::cmp::Ordering;

use super::{float_source, one, zero_sign};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num::{self, ExactFloat, FloatMode, Value};
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
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src0_ty = insn.srcs[0].ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let half = ExactFloat::finite(false, 1u32.into(), -1);
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let x = float_source(src0[i].clone(), src0_ty, &mode, readings)?;
            let floor = num::floor(&x);
            let result = if readings.is_literal(errata::RNDE_DOWNWARD) {
                // The Description: downward rounding.
                floor
            } else {
                // src0[i] - floor(src0[i]), exact (NaN for an infinity: every comparison
                // below is then false, and the loop keeps floor(src0[i])).
                let fraction = float_of(num::add(
                    &Value::Float(x.clone()),
                    &Value::Float(floor.clone().negated()),
                    &mode,
                )?)?;
                let plus_one = || -> Result<ExactFloat> {
                    float_of(num::add(
                        &Value::Float(floor.clone()),
                        &Value::Float(one()),
                        &mode,
                    )?)
                };
                let rounded = match fraction.compare(&half) {
                    Some(Ordering::Greater) => plus_one()?,
                    Some(Ordering::Less) => floor.clone(),
                    _ if num::is_odd_integer(&floor) => plus_one()?,
                    _ => floor.clone(),
                };
                zero_sign(rounded, &x, readings)
            };
            dst.set(
                i,
                num::convert(
                    &Value::Float(result),
                    insn.dst.ty(),
                    insn.sat,
                    &mode,
                    readings,
                )?,
            );
        }
    }
    dst.commit(state);
    Ok(())
}

fn float_of(value: Value) -> Result<ExactFloat> {
    match value {
        Value::Float(f) => Ok(f),
        Value::Int(n) => Err(VisaError::model_bug(format!(
            "RNDE computed the integer {n} from float operands"
        ))),
    }
}

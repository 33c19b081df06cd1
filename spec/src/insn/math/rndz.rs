//! RNDZ (instructions/RNDZ.md): component-wise round toward zero. The loop takes the floor
//! and adds one where that moved the value away from zero (a negative non-integral value).
//!
//! Readings: RND-ZERO-SIGN (`floor + 1` of an input in (-1, 0): resolved -0, literal the
//! IEEE sum +0), RND-SPECIAL-TABLE (IEEE 754 roundToIntegralTowardZero for special values),
//! RND-PLATFORM-APPENDIX (validation).

use std::cmp::Ordering;

use super::{float_source, one, zero_sign};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program};
use crate::num::{self, FloatMode, Value};
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
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let x = float_source(src0[i].clone(), src0_ty, &mode, readings)?;
            // dst[i] = floor(src0[i]);
            let mut result = num::floor(&x);
            // if (abs(src0[i]) < abs(dst[i])) dst[i] = floor(src0[i]) + 1;
            let (magnitude, rounded) = (x.clone().abs(), result.clone().abs());
            if magnitude.compare(&rounded) == Some(Ordering::Less) {
                let sum = num::add(&Value::Float(result), &Value::Float(one()), &mode)?;
                result = match sum {
                    Value::Float(f) => zero_sign(f, &x, readings),
                    Value::Int(n) => {
                        return Err(VisaError::model_bug(format!(
                            "RNDZ computed the integer {n} from float operands"
                        )))
                    }
                };
            }
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

//! RNDD, RNDU, RNDZ and RNDE (instructions/RNDD.md, RNDU.md, RNDZ.md, RNDE.md): component-wise
//! rounding to an integral value. The four documents share one loop, an exact expression of
//! src0 per enabled channel rounded once into the destination, so they share one clause; each
//! document's expression is its `match` arm (`integral`).
//!
//! The expressions are exact and an F value's floor or ceiling is an F value, so %cr0's
//! rounding mode never changes them. An F denormal source is flushed first when the F denorm
//! mode says so: RNDD of a negative denormal is -1 with denormals kept and -0 with them
//! flushed; RNDU of a positive denormal is 1 or +0.
//!
//! - RNDD: `dst[i] = floor(src0[i])`.
//! - RNDU: `dst[i] = ceil(src0[i])`; a negative value above -1 gives -0.
//! - RNDZ: the floor, plus one where that moved the value away from zero (a negative
//!   non-integral value).
//! - RNDE: the floor, plus one where the fraction `src0 - floor(src0)` exceeds one half or is
//!   one half above an odd floor; the values are exact, so 2.5 gives 2, 3.5 gives 4 and -0.5
//!   gives -0.
//!
//! Readings: RND-SPECIAL-TABLE (the missing special-value rules: IEEE 754 roundToIntegral in
//! each document's direction), RND-ZERO-SIGN (`floor + 1` of an input in (-1, 0), RNDE's in
//! [-0.5, 0): resolved -0, literal the IEEE sum +0), RNDE-DOWNWARD (RNDE's Description's
//! "downward rounding": literal, RNDE is RNDD), RND-PLATFORM-APPENDIX (validation).

use std::cmp::Ordering;

use super::{float_source, one, zero_sign};
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Opcode, Program};
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
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let x = float_source(src0[i].clone(), src0_ty, &mode, readings)?;
            let result = integral(insn.opcode, &x, &mode, readings)?;
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

/// Each document's expression of one channel's source `x`.
fn integral(
    opcode: Opcode,
    x: &ExactFloat,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<ExactFloat> {
    let floor = num::floor(x);
    let plus_one = |f: &ExactFloat| {
        float_of(
            num::add(&Value::Float(f.clone()), &Value::Float(one()), mode)?,
            opcode,
        )
    };
    Ok(match opcode {
        // RNDD: dst[i] = floor(src0[i]);
        Opcode::Rndd => floor,
        // RNDU: dst[i] = ceil(src0[i]);
        Opcode::Rndu => num::ceil(x),
        // RNDZ: dst[i] = floor(src0[i]);
        //       if (abs(src0[i]) < abs(dst[i])) dst[i] = floor(src0[i]) + 1;
        Opcode::Rndz => {
            let (magnitude, rounded) = (x.clone().abs(), floor.clone().abs());
            if magnitude.compare(&rounded) == Some(Ordering::Less) {
                zero_sign(plus_one(&floor)?, x, readings)
            } else {
                floor
            }
        }
        // RNDE under its Description's "downward rounding" (RNDE-DOWNWARD, literal): RNDD.
        Opcode::Rnde if readings.is_literal(errata::RNDE_DOWNWARD) => floor,
        // RNDE: the fraction src0[i] - floor(src0[i]), exact (NaN for an infinity: every
        // comparison below is then false, and the loop keeps floor(src0[i])), against 0.5.
        Opcode::Rnde => {
            let fraction = float_of(
                num::add(
                    &Value::Float(x.clone()),
                    &Value::Float(floor.clone().negated()),
                    mode,
                )?,
                opcode,
            )?;
            let half = ExactFloat::finite(false, 1u32.into(), -1);
            let rounded = match fraction.compare(&half) {
                Some(Ordering::Greater) => plus_one(&floor)?,
                Some(Ordering::Less) => floor,
                _ if num::is_odd_integer(&floor) => plus_one(&floor)?,
                _ => floor,
            };
            zero_sign(rounded, x, readings)
        }
        other => {
            return Err(VisaError::model_bug(format!(
                "{} dispatched as a rounding instruction",
                other.mnemonic()
            )))
        }
    })
}

fn float_of(value: Value, opcode: Opcode) -> Result<ExactFloat> {
    match value {
        Value::Float(f) => Ok(f),
        Value::Int(n) => Err(VisaError::model_bug(format!(
            "{} computed the integer {n} from float operands",
            opcode.mnemonic().to_ascii_uppercase()
        ))),
    }
}

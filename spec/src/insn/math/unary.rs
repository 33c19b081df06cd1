//! The one-source math functions INV, LOG, EXP, SQRT, RSQRT, SIN and COS
//! (instructions/INV.md, LOG.md, EXP.md, SQRT.md, RSQRT.md, SIN.md, COS.md): their documents
//! share one loop, `dst[i] = f(src0[i])` over the enabled channels, so they share one clause;
//! each document's function, loop step and ALT-mode rule is its `match` arm.
//!
//! Readings, by document:
//! - INV: MATH-EXACT-VALUE (1/src0 correctly rounded).
//! - LOG: LOG-BASE (the loop's `log` is the natural logarithm literally; base 2 as the
//!   Description says, resolved), MATH-ALT-ABS (Notes: log2(|src0|) in ALT mode).
//! - EXP: EXP-BASE (the loop's `exp` is e^x literally; 2^x as the Description says,
//!   resolved).
//! - SQRT: SQRT-LOOP-STEP (the loop steps `i += 2` literally: odd channels keep their
//!   contents; `++i` resolved), MATH-ALT-ABS (Notes: sqrt(|src0|) in ALT mode).
//! - RSQRT: MATH-ALT-ABS (Notes: rsq(|src0|) in ALT mode), MATH-EXACT-VALUE (1/sqrt(src0)
//!   rounded once, not twice).
//! - SIN: SIN-LOOP-STEP (as SQRT's), MATH-EXACT-VALUE (any magnitude, reduced exactly).
//! - COS: MATH-EXACT-VALUE (any magnitude, reduced exactly).
//!
//! Every one reads MATH-EXACT-VALUE and MATH-NAN-RESULT ([`super`]).

use super::{Math, Operands};
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Opcode, Program};
use crate::num::elementary::Function;
use crate::state::MachineState;

/// A document's loop: its function, its loop step and whether ALT mode takes |src0|.
struct Loop {
    function: Function,
    step: usize,
    alt_abs: bool,
}

/// Each document's loop under `readings`.
fn document_loop(opcode: Opcode, readings: &Readings) -> Result<Loop> {
    let literal = |id| readings.is_literal(id);
    // for (i = 0; i < exec_size; i += 2) under the LOOP-STEP errata's literal reading (++i
    // resolved).
    let step = |id| if literal(id) { 2 } else { 1 };
    let (function, step, alt_abs) = match opcode {
        // INV: dst[i] = 1.0/src0[i];
        Opcode::Inv => (Function::Inv, 1, false),
        // LOG: dst[i] = log(src0[i]); (erratum LOG-BASE: the natural log literally, base 2
        // resolved)
        Opcode::Log if literal(errata::LOG_BASE) => (Function::Ln, 1, true),
        Opcode::Log => (Function::Log2, 1, true),
        // EXP: dst[i] = exp(src0[i]); (erratum EXP-BASE: e^x literally, 2^x resolved)
        Opcode::Exp if literal(errata::EXP_BASE) => (Function::Exp, 1, false),
        Opcode::Exp => (Function::Exp2, 1, false),
        // SQRT: dst[i] = sqrt(src0[i]) (erratum SQRT-LOOP-STEP)
        Opcode::Sqrt => (Function::Sqrt, step(errata::SQRT_LOOP_STEP), true),
        // RSQRT: dst[i] = 1.0 / sqrt(src0[i]);
        Opcode::Rsqrt => (Function::Rsqrt, 1, true),
        // SIN: dst[i] = sin(src0[i]) (erratum SIN-LOOP-STEP)
        Opcode::Sin => (Function::Sin, step(errata::SIN_LOOP_STEP), false),
        // COS: dst[i] = cos( src0[i] );
        Opcode::Cos => (Function::Cos, 1, false),
        other => {
            return Err(VisaError::model_bug(format!(
                "{} dispatched as a one-source math function",
                other.mnemonic()
            )))
        }
    };
    Ok(Loop {
        function,
        step,
        alt_abs,
    })
}

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let Loop {
        function,
        step,
        alt_abs,
    } = document_loop(insn.opcode, readings)?;
    let mut ops = Operands::read(program, insn, state, config)?;
    let mut i = 0;
    while i < exec_size {
        if ops.ChEn >> i & 1 == 1 {
            let value = ops.compute(i, Math::Core(function), insn, alt_abs, readings)?;
            ops.dst.set(i, value);
        }
        i += step;
    }
    ops.dst.commit(state);
    Ok(())
}

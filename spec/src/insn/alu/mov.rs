//! MOV (instructions/MOV.md): component-wise move with type conversion.
//!
//! Readings: MOV-RAW-COPY (same-type moves copy bits), FLOAT-CONVERT-DENORM (which
//! denormal inputs are flushed), MOV-PRED-UPPER-BITS (a predicate source is zero-extended).

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::{Instruction, Program, Src};
use crate::num::{self, FloatMode};
use crate::operand::{evaluate_ch_en, source_bits, source_elements, DstElements};
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
    let src_ty = exec_type(insn.srcs[0].ty());
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;

    if is_raw_copy(insn, readings) {
        // Same type, no modifier, no saturation: the bits move unchanged.
        let src0 = match source_bits(program, state, &insn.srcs[0], insn.exec_size, readings)? {
            Some(bits) => bits,
            None => immediate_bits(&insn.srcs[0], exec_size),
        };
        for i in 0..exec_size {
            if ChEn >> i & 1 == 1 {
                dst.set(i, src0[i]);
            }
        }
    } else {
        let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
        for i in 0..exec_size {
            if ChEn >> i & 1 == 1 {
                // dst[i] = src0[i] with type conversion (2_datatypes.md, Type Conversion).
                let value =
                    num::flush_conversion_input(src0[i].clone(), src_ty, dst_ty, &mode, readings);
                dst.set(i, num::convert(&value, dst_ty, insn.sat, &mode, readings)?);
            }
        }
    }
    dst.commit(state);
    Ok(())
}

/// Erratum MOV-RAW-COPY: resolved, a MOV between equal types without modifier or
/// saturation copies bits; literal, only integer moves do (float moves convert).
fn is_raw_copy(insn: &Instruction, readings: &Readings) -> bool {
    let src = &insn.srcs[0];
    let same = src.ty() == insn.dst.ty() && src.modifier().is_none() && !insn.sat;
    let scalar = !matches!(src, Src::Predicate { .. }) && !src.ty().is_packed();
    same && scalar && (src.ty().is_integer() || !readings.is_literal(errata::MOV_RAW_COPY))
}

/// The bits of a non-packed immediate, replicated.
fn immediate_bits(src: &Src, exec_size: usize) -> Vec<u64> {
    match src {
        Src::Imm { bits, .. } => vec![*bits; exec_size],
        _ => vec![0; exec_size],
    }
}

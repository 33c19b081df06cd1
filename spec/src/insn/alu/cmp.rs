//! CMP (instructions/CMP.md): component-wise comparison into a predicate or a general
//! destination.
//!
//! Readings: CMP-SRC-INDEX (the loop's `src[i]` is `src1[i]`), CMP-TRUE-VALUE (what a true
//! channel writes into a general destination), CMP-QWORD-TYPEMAP (validation). Float
//! comparison follows the Notes: any NaN is unordered (NE true, every other relation
//! false), -0 equals +0, infinities of one sign are equal. Float inputs are flushed per the
//! %cr0 denorm modes, as for every float operation (2_datatypes.md, IEEE Floating Point Mode).

use std::cmp::Ordering;

use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::ir::{Ctrl, Dst, Instruction, Program, RelOp};
use crate::num::{self, FloatMode, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::exec_type;
use crate::types::DataType;

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
    let Ctrl::Rel(rel_op) = insn.ctrl else {
        return Err(VisaError::model_bug("CMP without its relational operator"));
    };
    // CMP takes no predicate: ChEn is the execution mask under the mask control.
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let (src0_ty, src1_ty) = (exec_type(insn.srcs[0].ty()), exec_type(insn.srcs[1].ty()));
    let dst_is_predicate = matches!(insn.dst, Dst::Predicate { .. });
    // A predicate destination's channel i is bit i + the mask control's offset.
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
            let a = num::flush_input(src0[i].clone(), src0_ty, &mode, readings);
            let b = num::flush_input(src1[i].clone(), src1_ty, &mode, readings);
            // src0[i] rel_op src1[i] (erratum CMP-SRC-INDEX).
            let holds = relation(rel_op, &a, &b);
            if dst_is_predicate {
                dst.set(i, u64::from(holds));
            } else {
                // dst[i] = src0[i] rel_op src1[i] ? -1 : 0 (erratum CMP-TRUE-VALUE).
                dst.set(i, general_value(holds, insn.dst.ty(), &mode, config)?);
            }
        }
    }
    dst.commit(state);
    Ok(())
}

/// `a rel_op b` on exact values (Notes: NaN is unordered, -0 = +0, equal-signed infinities
/// are equal): NE holds for unordered values, every other relation fails.
fn relation(rel_op: RelOp, a: &Value, b: &Value) -> bool {
    let order = a.compare(b);
    match rel_op {
        RelOp::Eq => order == Some(Ordering::Equal),
        RelOp::Ne => order != Some(Ordering::Equal),
        RelOp::Gt => order == Some(Ordering::Greater),
        RelOp::Ge => matches!(order, Some(Ordering::Greater | Ordering::Equal)),
        RelOp::Lt => order == Some(Ordering::Less),
        RelOp::Le => matches!(order, Some(Ordering::Less | Ordering::Equal)),
    }
}

/// What a general destination of type `ty` receives. Resolved reading of CMP-TRUE-VALUE: all
/// ones of the type's size, or all zeros (Notes). Literal reading: -1 or 0 converted to the
/// type (-1.0 for a float destination).
fn general_value(holds: bool, ty: DataType, mode: &FloatMode, config: &ExecConfig) -> Result<u64> {
    let readings = &config.readings;
    if readings.is_literal(errata::CMP_TRUE_VALUE) {
        let value = Value::from_i128(if holds { -1 } else { 0 });
        return num::convert(&value, ty, false, mode, readings);
    }
    let all_ones = u64::MAX >> (64 - ty.bits());
    Ok(if holds { all_ones } else { 0 })
}

//! SEL (instructions/SEL.md): component-wise selection of src0 or src1 by the predicate.
//!
//! Readings: SEL-RAW-MASKS (which execution-mask and predicate bits the loop's `EM[i]` and
//! `Pred[i]` are; without a predicate every channel selects src0). The assignment
//! `dst[i] = ...` is MOV's (instructions/MOV.md): a source of the destination's type without
//! modifier or saturation is copied bit for bit; any other is converted by the rules of
//! 2_datatypes.md, its denormal inputs flushed as MOV flushes them (FLOAT-CONVERT-DENORM).

use crate::asm::ast::MaskControl;
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::{Instruction, Program, Src};
use crate::num::{self, FloatMode, Value};
use crate::operand::DstElements;
use crate::operand::{evaluate_ch_en, source_bits, source_elements};
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
    let (EM, Pred) = masks(insn, state, readings);
    let srcs = [
        Selected::read(program, state, insn, 0, readings)?,
        Selected::read(program, state, insn, 1, readings)?,
    ];
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if EM >> i & 1 == 1 {
            // dst[i] = Pred[i] ? src0[i] : src1[i];
            let src = if Pred >> i & 1 == 1 {
                &srcs[0]
            } else {
                &srcs[1]
            };
            dst.set(i, src.assign(i, dst_ty, insn.sat, &mode, readings)?);
        }
    }
    dst.commit(state);
    Ok(())
}

/// The loop's `EM` and `Pred` as masks (bit i: channel i), by erratum SEL-RAW-MASKS.
/// Resolved: EM is EvaluateChEn of the instruction without its predicate, Pred the evaluated
/// predicate mask PMask (5_operands.md, Predication). Literal: bit i of the execution mask
/// and of the predicate variable. Without a predicate, Pred is all ones (src0 is selected).
#[allow(non_snake_case)]
fn masks(insn: &Instruction, state: &MachineState, readings: &Readings) -> (u32, u32) {
    let lanes = if insn.exec_size >= 32 {
        u32::MAX
    } else {
        (1u32 << insn.exec_size) - 1
    };
    if readings.is_literal(errata::SEL_RAW_MASKS) {
        let EM = state.emask & lanes;
        let Pred = match &insn.pred {
            Some(p) => state.preds.get(p.var.0 as usize).copied().unwrap_or(0) & lanes,
            None => lanes,
        };
        return (EM, Pred);
    }
    let unpredicated = Instruction {
        pred: None,
        ..insn.clone()
    };
    let EM = evaluate_ch_en(&unpredicated, state);
    // Under NoMask every channel is enabled, so EvaluateChEn leaves exactly PMask; the mask
    // control's group still gives the predicate's offset.
    let Pred = match insn.pred {
        Some(_) => {
            let pmask_only = Instruction {
                mask: MaskControl {
                    no_mask: true,
                    ..insn.mask
                },
                ..insn.clone()
            };
            evaluate_ch_en(&pmask_only, state)
        }
        None => lanes,
    };
    (EM, Pred)
}

/// One source of SEL: its modified values, and its bits when the assignment copies them.
struct Selected {
    values: Vec<Value>,
    /// The element bits of a source copied unchanged (MOV's same-type rule), else `None`.
    raw: Option<Vec<u64>>,
    ty: DataType,
}

impl Selected {
    fn read(
        program: &Program,
        state: &MachineState,
        insn: &Instruction,
        k: usize,
        readings: &Readings,
    ) -> Result<Selected> {
        let src = &insn.srcs[k];
        let values = source_elements(program, state, src, insn.exec_size, readings)?;
        let copies = src.ty() == insn.dst.ty()
            && src.modifier().is_none()
            && !insn.sat
            && !src.ty().is_packed();
        let raw = if copies {
            Some(
                match source_bits(program, state, src, insn.exec_size, readings)? {
                    Some(bits) => bits,
                    None => match src {
                        Src::Imm { bits, .. } => vec![*bits; insn.exec_size as usize],
                        _ => Vec::new(),
                    },
                },
            )
        } else {
            None
        };
        Ok(Selected {
            values,
            raw,
            ty: exec_type(src.ty()),
        })
    }

    /// Channel i of this source as the destination's bits.
    fn assign(
        &self,
        i: usize,
        dst_ty: DataType,
        sat: bool,
        mode: &FloatMode,
        readings: &Readings,
    ) -> Result<u64> {
        if let Some(bits) = self.raw.as_ref().and_then(|r| r.get(i)) {
            return Ok(*bits);
        }
        let value =
            num::flush_conversion_input(self.values[i].clone(), self.ty, dst_ty, mode, readings);
        num::convert(&value, dst_ty, sat, mode, readings)
    }
}

//! LRP (instructions/LRP.md): component-wise linear interpolation,
//! `dst[i] = src1[i] * src0[i] + src2[i] * (1.0 - src0[i])`.
//!
//! Readings: LRP-ROUNDING (resolved: the exact expression rounded once into F; literal: each
//! operation of the expression rounded, left to right), LRP-REGION (the Notes: a non-scalar
//! source reads the exec_size contiguous elements from its origin and the destination writes
//! contiguous elements; resolved, validation admits no other region, so the two readings
//! agree on every program it accepts), LRP-PLN-PLATFORMS and LRP-PLN-ALIGNMENT (validation).
//! Sources: their modifiers, then the F denormal flush (%cr0 bit 7); the result: %cr0's
//! rounding mode, the flush, ALT mode, then saturation (the steps of `num::convert`).

use super::float_source;
use crate::asm::ast::SrcModifier;
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::{Dst, Instruction, Program, Region, Src};
use crate::num::{self, ExactFloat, FloatMode, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::DataType;

/// Whether every one of the `n` lanes of `region` reads the origin: the scalar region of
/// the Notes, whose single value is broadcast to every channel.
fn scalar(region: &Region, n: u32) -> bool {
    let width = region.width.max(1);
    (0..n).all(|k| (k / width) * region.vstride + (k % width) * region.hstride == 0)
}

/// The instruction as the Notes read it: a non-scalar source region becomes the `n`
/// contiguous elements from the operand's origin, the destination stride 1.
pub(super) fn contiguous_operands(insn: &Instruction) -> Instruction {
    let n = insn.exec_size;
    let contiguous = Region {
        vstride: n,
        width: n,
        hstride: 1,
    };
    let mut insn = insn.clone();
    for src in &mut insn.srcs {
        match src {
            Src::General { region, .. } if !scalar(region, n) => *region = contiguous,
            Src::Indirect { region, multi, .. } if *multi || !scalar(region, n) => {
                *region = contiguous;
                *multi = false;
            }
            _ => {}
        }
    }
    if let Dst::General { hstride, .. } | Dst::Indirect { hstride, .. } = &mut insn.dst {
        *hstride = 1;
    }
    insn
}

/// The exact value 1.0.
fn one() -> Value {
    Value::Float(ExactFloat::finite(false, 1u32.into(), 0))
}

/// `1.0 - x`, exact.
fn one_minus(x: &Value, mode: &FloatMode) -> Result<Value> {
    num::add(
        &one(),
        &num::apply_modifier(x.clone(), SrcModifier::Neg, DataType::F),
        mode,
    )
}

/// One channel under the resolved reading of LRP-ROUNDING: the exact expression, rounded
/// once by the caller. A NaN source gives the first NaN source (src0, src1, src2) quieted.
fn fused(a: &ExactFloat, b: &ExactFloat, c: &ExactFloat, mode: &FloatMode) -> Result<Value> {
    if let Some(nan) = [a, b, c].into_iter().find(|x| x.is_nan()) {
        return Ok(Value::Float(nan.clone().quieted()));
    }
    let (a, b, c) = (
        Value::Float(a.clone()),
        Value::Float(b.clone()),
        Value::Float(c.clone()),
    );
    let product = num::mul(&b, &a)?;
    let weight = one_minus(&a, mode)?;
    let other = num::mul(&c, &weight)?;
    num::add(&product, &other, mode)
}

/// One channel under the literal reading of LRP-ROUNDING: each operation rounded into the
/// destination type `ty` (no saturation), left to right; the last sum is rounded by the
/// caller.
fn rounded(
    a: &ExactFloat,
    b: &ExactFloat,
    c: &ExactFloat,
    ty: DataType,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<Value> {
    let round = |v: Value| -> Result<Value> {
        Ok(num::decode(
            num::convert(&v, ty, false, mode, readings)?,
            ty,
        ))
    };
    let (a, b, c) = (
        Value::Float(a.clone()),
        Value::Float(b.clone()),
        Value::Float(c.clone()),
    );
    let t0 = round(num::mul(&b, &a)?)?;
    let t1 = round(one_minus(&a, mode)?)?;
    let t2 = round(num::mul(&c, &t1)?)?;
    num::add(&t0, &t2, mode)
}

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    // Notes: regions ignored but the scalar one; contiguous elements (erratum LRP-REGION).
    let insn = &contiguous_operands(insn);
    let exec_size = insn.exec_size as usize;
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ChEn = evaluate_ch_en(insn, state);
    let mut srcs = Vec::with_capacity(3);
    for src in &insn.srcs {
        srcs.push(source_elements(
            program,
            state,
            src,
            insn.exec_size,
            readings,
        )?);
    }
    let tys: Vec<DataType> = insn.srcs.iter().map(|s| s.ty()).collect();
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let literal = readings.is_literal(errata::LRP_ROUNDING);
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let mut x = Vec::with_capacity(3);
            for (src, ty) in srcs.iter().zip(&tys) {
                x.push(float_source(src[i].clone(), *ty, &mode, readings)?);
            }
            let [src0, src1, src2] = x.as_slice() else {
                return Err(crate::error::VisaError::model_bug(
                    "LRP without three sources",
                ));
            };
            // dst[i] = src1[i] * src0[i] + src2[i] * (1.0 - src0[i]);
            let value = if literal {
                rounded(src0, src1, src2, dst_ty, &mode, readings)?
            } else {
                fused(src0, src1, src2, &mode)?
            };
            dst.set(i, num::convert(&value, dst_ty, insn.sat, &mode, readings)?);
        }
    }
    dst.commit(state);
    Ok(())
}

//! PLN (instructions/PLN.md, mnemonic `plane`): the plane equation
//! `dst[i] = src0[0] * u[i] + src0[1] * v[i] + src0[3]`, with u and v the 8-element halves
//! of src1 (SIMD16: `src1[0:15]` for channels 0 to 7, `src1[16:31]` for channels 8 to 15).
//!
//! Readings: PLN-SIMD16-INDEX (resolved: channel i >= 8 reads u[i - 8] and v[i - 8];
//! literal: `u[i]` and `v[i]` past the slices, undefined), PLN-ROUNDING (resolved: the two fused
//! multiply-adds of IGC's expansion, `t = src0[0]*u + src0[3]` then `src0[1]*v + t`; literal:
//! each operation rounded, left to right), LRP-PLN-PLATFORMS and LRP-PLN-ALIGNMENT
//! (validation). The Notes: src0's and src1's regions are ignored: src0 is its four
//! contiguous elements from the origin (element 3, not 2, is the constant term, as in the
//! hardware plane instruction and IGC's expansion), src1 its 2 * exec_size contiguous
//! elements; the destination's region is the program's. No source modifier (Properties).

use super::float_source;
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Instruction, Program, Region, Src};
use crate::num::{self, ExactFloat, FloatMode, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::DataType;

/// `src`'s `n` contiguous elements from its origin, whatever region it was written with.
fn contiguous_elements(
    program: &Program,
    state: &MachineState,
    src: &Src,
    n: u32,
    readings: &Readings,
) -> Result<Vec<Value>> {
    let contiguous = Region {
        vstride: n,
        width: n,
        hstride: 1,
    };
    let mut src = src.clone();
    match &mut src {
        Src::General { region, .. } => *region = contiguous,
        Src::Indirect { region, multi, .. } => {
            *region = contiguous;
            *multi = false;
        }
        _ => {}
    }
    source_elements(program, state, &src, n, readings)
}

/// One channel: p, q, r the scalars, u and v the channel's vector elements.
fn plane(
    [p, q, r]: [&ExactFloat; 3],
    u: &ExactFloat,
    v: &ExactFloat,
    ty: DataType,
    mode: &FloatMode,
    readings: &Readings,
) -> Result<Value> {
    let f = |x: &ExactFloat| Value::Float(x.clone());
    let round = |v: Value| -> Result<Value> {
        Ok(num::decode(
            num::convert(&v, ty, false, mode, readings)?,
            ty,
        ))
    };
    if readings.is_literal(errata::PLN_ROUNDING) {
        // src0[0] * u[i] + src0[1] * v[i] + src0[3], each operation rounded.
        let t0 = round(num::mul(&f(p), &f(u))?)?;
        let t1 = round(num::mul(&f(q), &f(v))?)?;
        let t2 = round(num::add(&t0, &t1, mode)?)?;
        num::add(&t2, &f(r), mode)
    } else {
        // mad t = src0[0] * u + src0[3]; mad dst = src0[1] * v + t (each rounded once).
        let t = round(num::fma(&f(p), &f(u), &f(r), mode)?)?;
        num::fma(&f(q), &f(v), &t, mode)
    }
}

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
    let (Some(s0), Some(s1)) = (insn.srcs.first(), insn.srcs.get(1)) else {
        return Err(VisaError::model_bug("PLN without two sources"));
    };
    // Notes: the sources' region parameters are ignored.
    let src0 = contiguous_elements(program, state, s0, 4, readings)?;
    let src1 = contiguous_elements(program, state, s1, 2 * insn.exec_size, readings)?;
    let flush = |v: &Value, src: &Src| float_source(v.clone(), src.ty(), &mode, readings);
    let mut scalars = Vec::with_capacity(4);
    for v in &src0 {
        scalars.push(flush(v, s0)?);
    }
    let mut vector = Vec::with_capacity(src1.len());
    for v in &src1 {
        vector.push(flush(v, s1)?);
    }
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let literal_index = readings.is_literal(errata::PLN_SIMD16_INDEX);
    for i in 0..exec_size {
        // exec_size 8, or channels 0 to 7: u = src1[0:7], v = src1[8:15]; else
        // u = src1[16:23], v = src1[24:31].
        let half = if exec_size == 8 || i < 8 { 0 } else { 16 };
        let (u, v) = (&vector[half..half + 8], &vector[half + 8..half + 16]);
        if ChEn >> i & 1 == 1 {
            // Erratum PLN-SIMD16-INDEX: u[i] literally, u[i - 8] in the second half resolved.
            let index = if literal_index { i } else { i % 8 };
            match (u.get(index), v.get(index), scalars.as_slice()) {
                (Some(u), Some(v), [p, q, _, r]) => {
                    // dst[i] = src0[0] * u[i] + src0[1] * v[i] + src0[3];
                    let value = plane([p, q, r], u, v, dst_ty, &mode, readings)?;
                    dst.set(i, num::convert(&value, dst_ty, insn.sat, &mode, readings)?);
                }
                // u[i] and v[i] past their 8-element slices: no value.
                _ => dst.set_undefined(i),
            }
        }
    }
    dst.commit(state);
    Ok(())
}

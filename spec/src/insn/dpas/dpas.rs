//! DPAS (instructions/DPAS.md, Semantics): `D = C + A x B` by the document's loop over
//! the repeat count `RC`, the systolic depth `SD` and the `Exec_size` channels.
//!
//! Readings: DPAS-RC-LOOP (`i < RC` against `r < RC`), DPAS-SRC2-ADVANCE (`k` never reset),
//! DPAS-TF32-FP8-PATHS (OPS_PER_CHAN; the float tf32 and fp8 bodies), DPAS-DST-ADVANCE (row
//! stride of Dst and Src0), DPAS-INT-WRAP (each `+=` wraps modulo 2^32), DPAS-FLOAT-ROUNDING
//! (float DPAS follows the numeric profile of [`ExecConfig::profile`]). The document's loop
//! has no `ChEn`: every channel is computed.

use crate::errata;
use crate::error::{Result, VisaError};
use crate::exec::ExecConfig;
use crate::ir::dpas::{extents as dpas_extents, ops_per_chan};
use crate::ir::{Ctrl, Dst, Instruction, Program, Src};
use crate::num::{self, ExactFloat, FloatFormat, FloatMode, Rounding, Value};
use crate::profile::{Accumulation, Denormals, DstRounding, Tf32Input};
use crate::state::MachineState;
use crate::types::{DataType, Precision};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let layout = Layout::of(program, insn, config)?;
    // Src2 read from this thread's registers: `src2_bytes` bytes from its origin.
    let src2_at = byte_address(program, &insn.srcs[2], &config.readings)?;
    let Src2: Vec<u8> = (0..layout.src2_bytes)
        .map(|b| state.grf.get(src2_at + b).copied().unwrap_or(0))
        .collect();
    systolic(state, config, &layout, &Src2)
}

/// Where a DPAS or DPASW instruction's operands are and how they are shaped, from its IR.
#[allow(non_snake_case)]
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub W: Precision,
    pub A: Precision,
    pub SD: u32,
    pub RC: u32,
    pub Exec_size: usize,
    pub OPS_PER_CHAN: u32,
    pub SRC1_OPERANDS_PER_CHAN: u32,
    pub grf: usize,
    pub row_advance: usize,
    pub dst_ty: DataType,
    pub dst_at: usize,
    /// Src0's origin, type and row advance; `None` for `%null` (zero).
    pub src0_at: Option<usize>,
    pub src0_ty: DataType,
    pub src0_row_advance: usize,
    pub src1_at: usize,
    /// Bytes of Src2 the loop reads (RC rows of `SD*OPS_PER_CHAN` elements of A).
    pub src2_bytes: usize,
}

impl Layout {
    #[allow(non_snake_case)]
    pub(super) fn of(program: &Program, insn: &Instruction, config: &ExecConfig) -> Result<Layout> {
        let readings = &config.readings;
        let Ctrl::Dpas(ctrl) = insn.ctrl else {
            return Err(VisaError::model_bug("DPAS without its W.A.SD.RC fields"));
        };
        let (W, A, SD, RC) = (ctrl.w, ctrl.a, ctrl.sd, ctrl.rc);
        let Dst::General {
            var,
            row,
            col,
            ty: dst_ty,
            ..
        } = insn.dst
        else {
            return Err(VisaError::model_bug("DPAS Dst is a raw general operand"));
        };
        let dst_origin = Src::General {
            var,
            row,
            col,
            region: crate::ir::Region::SCALAR,
            modifier: None,
            ty: dst_ty,
        };
        let ext = dpas_extents(ctrl, insn.exec_size, dst_ty, program.platform, readings)?;
        // OPS_PER_CHAN and SRC1_OPERANDS_PER_CHAN as the document computes them.
        let OPS_PER_CHAN = ops_per_chan(W, A, readings.is_literal(errata::DPAS_TF32_FP8_PATHS));
        let SRC1_OPERANDS_PER_CHAN = 32 / (OPS_PER_CHAN * W.bits());
        Ok(Layout {
            W,
            A,
            SD,
            RC,
            Exec_size: insn.exec_size as usize,
            OPS_PER_CHAN,
            SRC1_OPERANDS_PER_CHAN,
            grf: program.platform.grf_size(),
            row_advance: ext.row_advance,
            dst_ty,
            dst_at: byte_address(program, &dst_origin, readings)?,
            src0_ty: insn.srcs[0].ty(),
            src0_row_advance: ext.row_advance_of(insn.srcs[0].ty(), insn.exec_size),
            src0_at: match &insn.srcs[0] {
                Src::Imm { .. } => None,
                s => Some(byte_address(program, s, readings)?),
            },
            src1_at: byte_address(program, &insn.srcs[1], readings)?,
            src2_bytes: ext.src2_bytes,
        })
    }
}

/// The document's loop (DPAS.md, Semantics, part 1), with Src2 given as the bytes the loop
/// reads from its origin (DPASW assembles them from both fused threads).
#[allow(non_snake_case)]
pub(super) fn systolic(
    state: &mut MachineState,
    config: &ExecConfig,
    layout: &Layout,
    Src2: &[u8],
) -> Result<()> {
    let readings = &config.readings;
    let fp8 = |p: Precision| matches!(p, Precision::BF8 | Precision::HF8);
    // DPAS-TF32-FP8-PATHS, literal: bf8/hf8 take the `int dpas` dot4 body below, their
    // bytes read as unsigned 8-bit integers.
    if layout.W.is_float() && !(fp8(layout.W) && readings.is_literal(errata::DPAS_TF32_FP8_PATHS)) {
        return systolic_float(state, config, layout, Src2);
    }
    let as_int = |p: Precision| if fp8(p) { Precision::U8 } else { p };
    let Layout {
        W,
        A,
        SD,
        RC,
        Exec_size,
        OPS_PER_CHAN,
        SRC1_OPERANDS_PER_CHAN,
        grf,
        row_advance,
        dst_at,
        src0_at,
        src1_at,
        ..
    } = *layout;
    let (W, A) = (as_int(W), as_int(A));
    let dw = |state: &MachineState, at: usize| -> u32 {
        let mut b = [0u8; 4];
        if let Some(s) = state.grf.get(at..at + 4) {
            b.copy_from_slice(s);
        }
        u32::from_le_bytes(b)
    };
    // Element `e` of Src2 at precision A (elements packed from bit 0 of its first DW).
    let src2_element = |e: u32| -> Result<i64> {
        let at = (e * A.bits() / 32) as usize * 4;
        let mut b = [0u8; 4];
        if let Some(s) = Src2.get(at..at + 4) {
            b.copy_from_slice(s);
        }
        element(u32::from_le_bytes(b), A, e % (32 / A.bits()))
    };
    let mut rows: Vec<Vec<u32>> = Vec::new();
    let literal_loop = readings.is_literal(errata::DPAS_RC_LOOP);
    let mut k: u32 = 0;
    let mut i: usize = 0; // the `i` the literal loop condition tests
    let mut r: u32 = 0;
    while if literal_loop {
        (i as u32) < RC
    } else {
        r < RC
    } {
        // temp = Src0.R[r] (zero for `%null`)
        let mut temp: Vec<u32> = (0..Exec_size)
            .map(|c| match src0_at {
                Some(at) => dw(state, at + r as usize * row_advance + 4 * c),
                None => 0,
            })
            .collect();
        for d in 0..SD {
            let m = d / SRC1_OPERANDS_PER_CHAN; // to select GRF
            let n = (d % SRC1_OPERANDS_PER_CHAN) * OPS_PER_CHAN; // in unit of element
            i = 0;
            while i < Exec_size {
                let b = dw(state, src1_at + m as usize * grf + 4 * i);
                // dot4 (OPS_PER_CHAN 4) or dot8 (OPS_PER_CHAN 8): exact, then `+=` wraps.
                let mut dot: i64 = 0;
                for j in 0..OPS_PER_CHAN {
                    dot += element(b, W, n + j)? * src2_element(k + j)?;
                }
                temp[i] = temp[i].wrapping_add(dot as u32);
                i += 1;
            }
            k += OPS_PER_CHAN;
        }
        // update dst
        rows.push(temp);
        r += 1;
    }
    for (r, temp) in rows.iter().enumerate() {
        for (c, v) in temp.iter().enumerate() {
            let at = dst_at + r * row_advance + 4 * c;
            if let Some(slot) = state.grf.get_mut(at..at + 4) {
                slot.copy_from_slice(&v.to_le_bytes());
            }
            for b in at..at + 4 {
                state.undefined.remove(&b);
            }
        }
    }
    Ok(())
}

/// The float paths of the document's loop (`temp.F[i] += dot2(...)`, and the tf32 and fp8
/// paths of DPAS-TF32-FP8-PATHS, resolved): the same loop as [`systolic`], with `temp` an
/// f32 accumulator and each stage's products accumulated as the numeric profile says
/// (DPAS-FLOAT-ROUNDING, crate::profile). A NaN result is the default quiet NaN of the
/// destination type.
#[allow(non_snake_case)]
fn systolic_float(
    state: &mut MachineState,
    config: &ExecConfig,
    layout: &Layout,
    Src2: &[u8],
) -> Result<()> {
    let profile = config.profile;
    let flush = profile.denormals == Denormals::Flush;
    let Layout {
        W,
        A,
        SD,
        RC,
        Exec_size,
        OPS_PER_CHAN,
        SRC1_OPERANDS_PER_CHAN,
        grf,
        row_advance,
        dst_ty,
        dst_at,
        src0_at,
        src0_ty,
        src0_row_advance,
        src1_at,
        ..
    } = *layout;
    let bytes_at = |from: &[u8], at: usize, n: usize| -> u64 {
        let mut b = [0u8; 8];
        if let Some(s) = from.get(at..at + n) {
            b[..n].copy_from_slice(s);
        }
        u64::from_le_bytes(b)
    };
    // Element `e` of an operand at precision `p`, packed from bit 0 of `from[at..]`.
    let element = |from: &[u8], at: usize, p: Precision, e: u32| -> ExactFloat {
        let bits = p.bits();
        let dw = bytes_at(from, at + (e * bits / 32) as usize * 4, 4) as u32;
        let field = if bits == 32 {
            dw
        } else {
            (dw >> ((e % (32 / bits)) * bits)) & ((1 << bits) - 1)
        };
        let value = match (p, profile.tf32) {
            (Precision::TF32, Tf32Input::Full) => FloatFormat::F.decode(u64::from(field)),
            _ => match num::decode_precision(field, p) {
                Value::Float(f) => f,
                Value::Int(_) => ExactFloat::default_nan(),
            },
        };
        flush_input(value, field, p, profile.tf32, flush)
    };
    // rnd(): round to f32, to nearest even; denormal results flushed under denorm-flush.
    let rnd = |v: &Value| -> Result<Value> {
        let Value::Float(f) = v else {
            return Err(VisaError::model_bug("float DPAS on an integer value"));
        };
        let r = FloatFormat::F.round(f, Rounding::Rtne);
        Ok(Value::Float(if flush && r.is_denormal_in(FloatFormat::F) {
            ExactFloat::zero(r.negative())
        } else {
            r
        }))
    };
    let mode = FloatMode::default();
    let mut rows: Vec<Vec<Value>> = Vec::new();
    let literal_loop = config.readings.is_literal(errata::DPAS_RC_LOOP);
    let mut k: u32 = 0;
    let mut i: usize = 0; // the `i` the literal loop condition tests
    let mut r: u32 = 0;
    while if literal_loop {
        (i as u32) < RC
    } else {
        r < RC
    } {
        // temp = Src0.R[r] (zero for `%null`), as f32 values
        let mut temp: Vec<Value> = (0..Exec_size)
            .map(|c| {
                Value::Float(match src0_at {
                    Some(at) => {
                        let at = at + r as usize * src0_row_advance + c * src0_ty.size();
                        let bits = bytes_at(&state.grf, at, src0_ty.size());
                        let value = num::decode(bits, src0_ty);
                        match value {
                            Value::Float(f) if flush && is_denormal(&f, src0_ty) => {
                                ExactFloat::zero(f.negative())
                            }
                            Value::Float(f) => f,
                            Value::Int(_) => ExactFloat::default_nan(),
                        }
                    }
                    None => ExactFloat::zero(false),
                })
            })
            .collect();
        for d in 0..SD {
            let m = d / SRC1_OPERANDS_PER_CHAN; // to select GRF
            let n = (d % SRC1_OPERANDS_PER_CHAN) * OPS_PER_CHAN; // in unit of element
            i = 0;
            while i < Exec_size {
                let src1 = &state.grf[..];
                let b_at = src1_at + m as usize * grf + 4 * i;
                // The products Src1.R[m].DW[i].n[j] * Src2.k[j], exact.
                let mut products = Vec::new();
                for j in 0..OPS_PER_CHAN {
                    let b = element(src1, b_at, W, n + j);
                    let a = element(Src2, 0, A, k + j);
                    products.push(num::mul(&Value::Float(b), &Value::Float(a))?);
                }
                temp[i] = match profile.accumulation {
                    Accumulation::LiteralC => {
                        // dot = p0 + p1 (+ p2 + p3) in f32, then temp.F[i] += dot in f32.
                        let mut dot = rnd(&products[0])?;
                        for p in &products[1..] {
                            dot = rnd(&num::add(&dot, &rnd(p)?, &mode)?)?;
                        }
                        rnd(&num::add(&temp[i], &dot, &mode)?)?
                    }
                    Accumulation::Sequential => {
                        let mut acc = temp[i].clone();
                        for p in &products {
                            acc = rnd(&num::add(&acc, p, &mode)?)?;
                        }
                        acc
                    }
                    Accumulation::ExactStage => {
                        let mut sum = temp[i].clone();
                        for p in &products {
                            sum = num::add(&sum, p, &mode)?;
                        }
                        rnd(&sum)?
                    }
                    Accumulation::ProductRound => {
                        let mut acc = temp[i].clone();
                        for p in &products {
                            acc = rnd(&num::add(&acc, &rnd(p)?, &mode)?)?;
                        }
                        acc
                    }
                };
                i += 1;
            }
            k += OPS_PER_CHAN;
        }
        // update dst
        rows.push(temp);
        r += 1;
    }
    let (format, nan) = match dst_ty {
        DataType::HF => (FloatFormat::HF, 0x7E00u64),
        DataType::BF => (FloatFormat::BF, 0x7FC0),
        _ => (FloatFormat::F, 0x7FC0_0000),
    };
    let rounding = match profile.dst_rounding {
        DstRounding::Rne => Rounding::Rtne,
        DstRounding::Rtz => Rounding::Rtz,
    };
    for (r, temp) in rows.iter().enumerate() {
        for (c, v) in temp.iter().enumerate() {
            let Value::Float(f) = v else {
                return Err(VisaError::model_bug("float DPAS on an integer value"));
            };
            let mut out = format.round(f, rounding);
            if flush && out.is_denormal_in(format) {
                out = ExactFloat::zero(out.negative());
            }
            let bits = if out.is_nan() {
                nan
            } else {
                format
                    .encode(&out)
                    .ok_or_else(|| VisaError::model_bug("a rounded DPAS result encodes"))?
            };
            let size = dst_ty.size();
            let at = dst_at + r * row_advance + size * c;
            if let Some(slot) = state.grf.get_mut(at..at + size) {
                slot.copy_from_slice(&bits.to_le_bytes()[..size]);
            }
            for b in at..at + size {
                state.undefined.remove(&b);
            }
        }
    }
    Ok(())
}

/// Whether a float value is a denormal of type `ty`.
fn is_denormal(value: &ExactFloat, ty: DataType) -> bool {
    FloatFormat::of(ty).is_some_and(|f| value.is_denormal_in(f))
}

/// An input element under denorm-flush: a denormal (exponent field zero, mantissa not)
/// becomes a zero of its sign.
fn flush_input(
    value: ExactFloat,
    field: u32,
    p: Precision,
    tf32: Tf32Input,
    flush: bool,
) -> ExactFloat {
    let exponent_mask: u32 = match (p, tf32) {
        (Precision::BF, _) => 0x7F80,
        (Precision::HF, _) => 0x7C00,
        (Precision::TF32, _) => 0x7F80_0000,
        (Precision::BF8, _) => 0x7C,
        (Precision::HF8, _) => 0x78,
        _ => 0,
    };
    let denormal = field & exponent_mask == 0 && !value.is_zero();
    if flush && denormal {
        ExactFloat::zero(value.negative())
    } else {
        value
    }
}

/// Field `index` of a DW at an integer precision.
fn element(dword: u32, p: Precision, index: u32) -> Result<i64> {
    p.decode_int(dword, index)
        .ok_or_else(|| VisaError::model_bug(format!("no field {index} of {p} in a DW")))
}

/// The register-file byte address of a DPAS operand's origin.
pub(super) fn byte_address(
    program: &Program,
    src: &Src,
    readings: &errata::Readings,
) -> Result<usize> {
    let Src::General {
        var, row, col, ty, ..
    } = src
    else {
        return Err(VisaError::model_bug("a DPAS operand is a general operand"));
    };
    let row_size = if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        program.platform.grf_size()
    };
    let base = program.vars.get(*var).grf_offset.unwrap_or(0);
    Ok(base + *row as usize * row_size + *col as usize * ty.size())
}

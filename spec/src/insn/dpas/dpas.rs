//! DPAS (instructions/DPAS.md, Semantics): `D = C + A x B` by the document's loop over
//! the repeat count `RC`, the systolic depth `SD` and the `Exec_size` channels.
//!
//! Readings: DPAS-RC-LOOP (`i < RC` against `r < RC`), DPAS-SRC2-ADVANCE (`k` never reset),
//! DPAS-TF32-FP8-PATHS (OPS_PER_CHAN; the float tf32 and fp8 bodies), DPAS-DST-ADVANCE (row
//! stride of Dst and Src0), DPAS-INT-WRAP (each `+=` wraps modulo 2^32), DPAS-FLOAT-ROUNDING
//! (float DPAS follows the numeric profile of [`ExecConfig::profile`]). The document's loop
//! has no `ChEn`: every channel is computed.

use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::ir::dpas::{extents as dpas_extents, ops_per_chan};
use crate::ir::{Ctrl, Instruction, Payload, Program};
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
    let Src2: Vec<u8> = (0..layout.src2_bytes)
        .map(|b| state.grf.get(layout.src2_at + b).copied().unwrap_or(0))
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
    /// Src2's origin in this thread's registers.
    pub src2_at: usize,
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
        let ops = ctrl.operands;
        let dst_ty = ops.dst.ty;
        let src0_ty = ops.src0_ty();
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
            dst_at: byte_address(program, &ops.dst, readings),
            src0_ty,
            src0_row_advance: ext.row_advance_of(src0_ty, insn.exec_size),
            src0_at: ops.src0.map(|p| byte_address(program, &p, readings)),
            src1_at: byte_address(program, &ops.src1, readings),
            src2_at: byte_address(program, &ops.src2, readings),
            src2_bytes: ext.src2_bytes,
        })
    }
}

/// One channel of `temp` (DPAS.md, Semantics): `temp.DW[i]` of the integer bodies, or
/// `temp.F[i]` of the float body, an exact value rounded to f32 by the numeric profile.
#[derive(Clone, Debug)]
enum Temp {
    DW(u32),
    F(Value),
}

/// The document's loop (DPAS.md, Semantics, part 1), with Src2 given as the bytes the loop
/// reads from its origin (DPASW assembles them from both fused threads).
///
/// The loop body is the document's three-way choice: `dot4` when `OPS_PER_CHAN == 4` (integer
/// DPAS), `dot8` when it is 8 (integer DPAS), otherwise the float body. Under the resolved
/// reading of DPAS-TF32-FP8-PATHS, tf32 (`OPS_PER_CHAN` 1) and bf8/hf8 (`OPS_PER_CHAN` 4) take
/// the float body too; under the literal reading bf8/hf8 take `dot4`, their bytes read as
/// unsigned 8-bit integers. The float body accumulates each stage's products as the numeric
/// profile says (DPAS-FLOAT-ROUNDING, crate::profile); a NaN result is the default quiet NaN
/// of the destination type.
#[allow(non_snake_case)]
pub(super) fn systolic(
    state: &mut MachineState,
    config: &ExecConfig,
    layout: &Layout,
    Src2: &[u8],
) -> Result<()> {
    let readings = &config.readings;
    let profile = config.profile;
    let flush = profile.denormals == Denormals::Flush;
    let fp8 = |p: Precision| matches!(p, Precision::BF8 | Precision::HF8);
    let float_body =
        layout.W.is_float() && !(fp8(layout.W) && readings.is_literal(errata::DPAS_TF32_FP8_PATHS));
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
    // DPAS-TF32-FP8-PATHS, literal: bf8/hf8 in the integer body are unsigned 8-bit integers.
    let as_int = |p: Precision| if fp8(p) { Precision::U8 } else { p };
    let (W_int, A_int) = (as_int(W), as_int(A));
    let bytes_at = |from: &[u8], at: usize, n: usize| -> u64 {
        let mut b = [0u8; 8];
        if let Some(s) = from.get(at..at + n) {
            b[..n].copy_from_slice(s);
        }
        u64::from_le_bytes(b)
    };
    // Integer element `e` of Src2 at precision A (packed from bit 0 of its first DW).
    let src2_int = |e: u32| -> Result<i64> {
        let dw = bytes_at(Src2, (e * A_int.bits() / 32) as usize * 4, 4) as u32;
        element(dw, A_int, e % (32 / A_int.bits()))
    };
    // Float element `e` of an operand at precision `p`, packed from bit 0 of `from[at..]`.
    let float_element = |from: &[u8], at: usize, p: Precision, e: u32| -> ExactFloat {
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
    // Src0's channel `c` of row `r`: a DW, or an f32 value (denormals flushed under
    // denorm-flush); zero for `%null`.
    let src0 = |state: &MachineState, r: u32, c: usize| -> Temp {
        if !float_body {
            return Temp::DW(src0_at.map_or(0, |at| {
                bytes_at(&state.grf, at + r as usize * row_advance + 4 * c, 4) as u32
            }));
        }
        Temp::F(Value::Float(match src0_at {
            Some(at) => {
                let at = at + r as usize * src0_row_advance + c * src0_ty.size();
                match num::decode(bytes_at(&state.grf, at, src0_ty.size()), src0_ty) {
                    Value::Float(f) if flush && is_denormal(&f, src0_ty) => {
                        ExactFloat::zero(f.negative())
                    }
                    Value::Float(f) => f,
                    Value::Int(_) => ExactFloat::default_nan(),
                }
            }
            None => ExactFloat::zero(false),
        }))
    };
    // dot4 / dot8 of the integer bodies: exact, then `+=` wraps (DPAS-INT-WRAP).
    let dot_int = |b: u32, n: u32, k: u32| -> Result<u32> {
        let mut dot: i64 = 0;
        for j in 0..OPS_PER_CHAN {
            dot += element(b, W_int, n + j)? * src2_int(k + j)?;
        }
        Ok(dot as u32)
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
    // The float body: `temp.F[i] += dot(Src1.R[m].DW[i].n[..], Src2.k[..])`, the products
    // exact and their accumulation as the profile says.
    let dot_float = |temp: &Value, grf: &[u8], b_at: usize, n: u32, k: u32| -> Result<Value> {
        let mut products = Vec::new();
        for j in 0..OPS_PER_CHAN {
            let b = float_element(grf, b_at, W, n + j);
            let a = float_element(Src2, 0, A, k + j);
            products.push(num::mul(&Value::Float(b), &Value::Float(a))?);
        }
        Ok(match profile.accumulation {
            Accumulation::LiteralC => {
                // dot = p0 + p1 (+ p2 + p3) in f32, then temp.F[i] += dot in f32.
                let mut dot = rnd(&products[0])?;
                for p in &products[1..] {
                    dot = rnd(&num::add(&dot, &rnd(p)?, &mode)?)?;
                }
                rnd(&num::add(temp, &dot, &mode)?)?
            }
            Accumulation::Sequential => {
                let mut acc = temp.clone();
                for p in &products {
                    acc = rnd(&num::add(&acc, p, &mode)?)?;
                }
                acc
            }
            Accumulation::ExactStage => {
                let mut sum = temp.clone();
                for p in &products {
                    sum = num::add(&sum, p, &mode)?;
                }
                rnd(&sum)?
            }
            Accumulation::ProductRound => {
                let mut acc = temp.clone();
                for p in &products {
                    acc = rnd(&num::add(&acc, &rnd(p)?, &mode)?)?;
                }
                acc
            }
        })
    };

    let mut rows: Vec<Vec<Temp>> = Vec::new();
    let literal_loop = readings.is_literal(errata::DPAS_RC_LOOP);
    let mut k: u32 = 0;
    let mut i: usize = 0; // the `i` the literal loop condition tests
    let mut r: u32 = 0;
    while if literal_loop {
        (i as u32) < RC
    } else {
        r < RC
    } {
        // temp = Src0.R[r]
        let mut temp: Vec<Temp> = (0..Exec_size).map(|c| src0(state, r, c)).collect();
        for d in 0..SD {
            let m = d / SRC1_OPERANDS_PER_CHAN; // to select GRF
            let n = (d % SRC1_OPERANDS_PER_CHAN) * OPS_PER_CHAN; // in unit of element
            i = 0;
            while i < Exec_size {
                // for each channel
                let b_at = src1_at + m as usize * grf + 4 * i;
                temp[i] = match &temp[i] {
                    // int dpas: temp.DW[i] += dot4(Src1.R[m].DW[i].n[3:0], Src2.k[3:0])
                    Temp::DW(t) if OPS_PER_CHAN == 4 => {
                        let b = bytes_at(&state.grf, b_at, 4) as u32;
                        Temp::DW(t.wrapping_add(dot_int(b, n, k)?))
                    }
                    // int dpas: temp.DW[i] += dot8(Src1.R[m].DW[i].n[7:0], Src2.k[7:0])
                    Temp::DW(t) if OPS_PER_CHAN == 8 => {
                        let b = bytes_at(&state.grf, b_at, 4) as u32;
                        Temp::DW(t.wrapping_add(dot_int(b, n, k)?))
                    }
                    // float DPAS: temp.F[i] += dot2(Src1.R[m].DW[i].n[1:0], Src2.k[1:0])
                    Temp::F(t) => Temp::F(dot_float(t, &state.grf, b_at, n, k)?),
                    Temp::DW(_) => {
                        return Err(VisaError::model_bug(format!(
                            "integer DPAS with OPS_PER_CHAN {OPS_PER_CHAN}"
                        )))
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
    for (r, temp) in rows.iter().enumerate() {
        for (c, t) in temp.iter().enumerate() {
            let (bits, size) = match t {
                Temp::DW(v) => (u64::from(*v), 4),
                Temp::F(v) => (
                    dst_float(v, dst_ty, profile.dst_rounding, flush)?,
                    dst_ty.size(),
                ),
            };
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

/// `dst.R[r] = temp` of the float body: the f32 accumulator rounded to the destination type
/// by the profile's destination rounding (denormals flushed under denorm-flush); a NaN is the
/// type's default quiet NaN.
fn dst_float(v: &Value, dst_ty: DataType, rounding: DstRounding, flush: bool) -> Result<u64> {
    let (format, nan) = match dst_ty {
        DataType::HF => (FloatFormat::HF, 0x7E00u64),
        DataType::BF => (FloatFormat::BF, 0x7FC0),
        _ => (FloatFormat::F, 0x7FC0_0000),
    };
    let rounding = match rounding {
        DstRounding::Rne => Rounding::Rtne,
        DstRounding::Rtz => Rounding::Rtz,
    };
    let Value::Float(f) = v else {
        return Err(VisaError::model_bug("float DPAS on an integer value"));
    };
    let mut out = format.round(f, rounding);
    if flush && out.is_denormal_in(format) {
        out = ExactFloat::zero(out.negative());
    }
    if out.is_nan() {
        return Ok(nan);
    }
    format
        .encode(&out)
        .ok_or_else(|| VisaError::model_bug("a rounded DPAS result encodes"))
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
pub(super) fn byte_address(program: &Program, p: &Payload, readings: &errata::Readings) -> usize {
    let row_size = if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        program.platform.grf_size()
    };
    let base = program.vars.get(p.var).grf_offset.unwrap_or(0);
    base + p.row as usize * row_size + p.col as usize * p.ty.size()
}

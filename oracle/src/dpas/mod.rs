//! DPAS and DPASW as dense matrix kernels, and DP4A's lane operation.
//!
//! A DPAS step is compiled once into byte offsets and shapes ([`DpasPlan`]). Running it
//! unpacks the operands into dense matrices — A (`RC x K`, from Src2), B (`K x N`, from
//! Src1's interleaved layout), C (`RC x N`, from Src0) — then multiplies with a blocked
//! kernel whose inner loop runs over a fixed 16 columns so that the compiler vectorises it,
//! and writes D back. Written from DPAS.md and DPASW.md independently of the spec engine.
//!
//! This module compiles the plan and holds DP4A's lane operation; the integer kernels
//! (unpackers and the pair-wise multiply-add) are in [`int`], the float ones (the four
//! accumulation profiles) in [`float`].

use visa_model::config::ExecConfig;
use visa_model::errata;
use visa_model::ir::{Ctrl, Instruction, Opcode, Payload, Program};
use visa_model::state::MachineState;
use visa_model::types::{DataType, Precision};
use visa_model::VisaError;

use crate::kernel::{Ctx, Ints};

mod bytes;
mod float;
mod int;
mod plan;

pub use plan::DpasPlan;
use plan::{FloatPlan, IntPlan, Result, Split, K_MAX, M_MAX, N, SRC2_MAX};

/// The register-file byte offset of a DPAS operand's origin (`row_bytes` per row).
fn offset(program: &Program, p: &Payload, row_bytes: usize) -> Result<usize> {
    if (p.var.0 as usize) >= program.vars.len() {
        return Err(VisaError::model_bug("a DPAS operand names no variable"));
    }
    let base = program.vars.get(p.var).grf_offset.unwrap_or(0);
    Ok(base + p.row as usize * row_bytes + p.col as usize * p.ty.size())
}

/// Compiles DPAS or DPASW (validated by `check_program` before).
pub fn compile(program: &Program, insn: &Instruction, config: &ExecConfig) -> Result<DpasPlan> {
    let r = &config.readings;
    let Ctrl::Dpas(ctrl) = insn.ctrl else {
        return Err(VisaError::model_bug("DPAS without W.A.SD.RC"));
    };
    let operands = ctrl.operands;
    let dst_ty = operands.dst.ty;
    let grf = program.platform.grf_size();
    let row_bytes = if r.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        grf
    };
    let n = insn.exec_size as usize;
    // DPAS.md: 2 operations per DW for 16-bit W, 4 when either precision has 8 bits, else 8.
    let (wb, ab) = (ctrl.w.bits() as usize, ctrl.a.bits() as usize);
    let ops = if ctrl.w == Precision::TF32 && !r.is_literal(errata::DPAS_TF32_FP8_PATHS) {
        1
    } else if wb == 16 {
        2
    } else if wb == 8 || ab == 8 {
        4
    } else {
        8
    };
    let sopc = 32 / (ops * wb);
    let (sd, rc) = (ctrl.sd as usize, ctrl.rc as usize);
    if n > N || sd * ops > K_MAX || rc > M_MAX || sopc == 0 {
        return Err(VisaError::model_bug("DPAS shape out of range"));
    }
    let advance = |ty: DataType| {
        if r.is_literal(errata::DPAS_DST_ADVANCE) {
            grf
        } else {
            n * ty.size()
        }
    };
    let row_advance = advance(dst_ty);
    let fp8 = matches!(ctrl.w, Precision::BF8 | Precision::HF8);
    let float =
        (ctrl.w.is_float() && !(fp8 && r.is_literal(errata::DPAS_TF32_FP8_PATHS))).then(|| {
            let src0_ty = operands.src0_ty();
            FloatPlan {
                profile: config.profile,
                dst_ty,
                src0_ty,
                src0_row_advance: advance(src0_ty),
            }
        });
    let src2_bytes = (rc * sd * ops * ab).div_ceil(8);
    let split = (insn.opcode == Opcode::Dpasw).then(|| {
        // DPASW.md: (bits(A) * OPS_PER_CHAN) bytes per row, in 32-byte registers, the first
        // half (rounded up) from EU0; the Description table keeps 16-byte rows at RC 3 and
        // 4 on EU0 (DPASW-SPLIT, literal).
        let per_row = ab * ops;
        let total = (per_row * rc).div_ceil(32);
        let eu0 = if r.is_literal(errata::DPASW_SPLIT) && per_row == 16 && (rc == 3 || rc == 4) {
            total
        } else {
            total.div_ceil(2)
        };
        Split { eu0, total }
    });
    let rows = if r.is_literal(errata::DPAS_RC_LOOP) {
        1
    } else {
        rc
    };
    let k = sd * ops;
    let int = match float {
        Some(_) => None,
        None => {
            let bug = || VisaError::model_bug("integer DPAS of a non-integer precision");
            // A Src1 DW holds 32 / bits(W) consecutive depths of its column (SOPC depths of
            // OPS_PER_CHAN fields each): 2, 4 or 8 pairs.
            let per_dw = 32 / wb;
            if per_dw % 4 != 0 || k % 4 != 0 {
                return Err(VisaError::model_bug(
                    "integer DPAS depth not a multiple of 4",
                ));
            }
            Some(IntPlan {
                unpack_w: int::src1_unpacker(ctrl.w.bits(), ctrl.w.is_signed()).ok_or_else(bug)?,
                unpack_a: int::unpacker(ctrl.a.bits(), ctrl.a.is_signed()).ok_or_else(bug)?,
                bytes: (wb == 8 && ab == 8 && split.is_none())
                    .then(|| bytes::kernel_for(ctrl.w.is_signed(), ctrl.a.is_signed(), n))
                    .flatten(),
                a_bytes: (rows * k * ab).div_ceil(8),
                src1_registers: k.div_ceil(per_dw),
                pairs_per_register: per_dw / 2,
            })
        }
    };
    Ok(DpasPlan {
        pos: insn.pos,
        w: ctrl.w,
        a: ctrl.a,
        n,
        rows,
        ops,
        sopc,
        k,
        grf,
        row_advance,
        dst_at: offset(program, &operands.dst, row_bytes)?,
        src0_at: operands
            .src0
            .map(|p| offset(program, &p, row_bytes))
            .transpose()?,
        src1_at: offset(program, &operands.src1, row_bytes)?,
        src2_at: offset(program, &operands.src2, row_bytes)?,
        src2_bytes,
        split,
        int,
        float,
    })
}

impl DpasPlan {
    pub fn exec(&self, state: &mut MachineState) -> Result<()> {
        match (self.int, self.float) {
            (Some(ip), _) => self.exec_int(state, ip),
            (None, Some(f)) => {
                let src2 = self.src2_buffer(state);
                self.exec_float(state, &src2, f)
            }
            (None, None) => Err(VisaError::model_bug("DPAS plan without a kernel")),
        }
    }

    /// Src2 as bytes from its origin (zeros where it leaves the register file); DPASW takes
    /// its later registers from EU1.
    fn src2_buffer(&self, state: &MachineState) -> [u8; SRC2_MAX] {
        let mut src2 = [0u8; SRC2_MAX];
        let len = self.src2_bytes.min(SRC2_MAX - 4);
        match self.split {
            None => {
                if let Some(s) = state.grf.get(self.src2_at..self.src2_at + len) {
                    src2[..len].copy_from_slice(s);
                }
            }
            Some(split) => {
                let partner = state.partner_grf.as_deref().unwrap_or(&state.grf);
                for reg in 0..split.total {
                    let (from, src_reg) = if reg < split.eu0 {
                        (&state.grf[..], reg)
                    } else {
                        (partner, reg - split.eu0)
                    };
                    for b in 0..32 {
                        let at = reg * 32 + b;
                        if at < len {
                            src2[at] = from
                                .get(self.src2_at + src_reg * 32 + b)
                                .copied()
                                .unwrap_or(0);
                        }
                    }
                }
            }
        }
        src2
    }
}

/// DP4A's lane operation for source types `tys` (src0, src1, src2): src0 plus the dot
/// product of the four bytes of src1 and src2, bytes signed for D and unsigned for UD
/// (DP4A-SIGNEDNESS); the exact sum goes to the destination encoder.
pub fn dp4a_op_fn(tys: &[DataType]) -> Option<crate::alu::IntOpFn> {
    let signed = |t: DataType| match t {
        DataType::D => Some(true),
        DataType::UD => Some(false),
        _ => None,
    };
    let [_, t1, t2] = tys else {
        return None;
    };
    Some(match (signed(*t1)?, signed(*t2)?) {
        (false, false) => dp4a::<false, false>,
        (false, true) => dp4a::<false, true>,
        (true, false) => dp4a::<true, false>,
        (true, true) => dp4a::<true, true>,
    })
}

fn dp4a<const S1: bool, const S2: bool>(s: &mut [Ints], c: &Ctx) -> Result<()> {
    let n = c.n.min(crate::kernel::LANES);
    let [s0, s1, s2, ..] = s else {
        return Err(VisaError::model_bug("DP4A has three sources"));
    };
    for lane in 0..n {
        let (x, y) = (s1[lane] as u32, s2[lane] as u32);
        let mut sum = s0[lane];
        for lo in [0u32, 8, 16, 24] {
            let bx = if S1 {
                i128::from((x >> lo) as u8 as i8)
            } else {
                i128::from((x >> lo) as u8)
            };
            let by = if S2 {
                i128::from((y >> lo) as u8 as i8)
            } else {
                i128::from((y >> lo) as u8)
            };
            sum += bx * by;
        }
        s0[lane] = sum;
    }
    Ok(())
}

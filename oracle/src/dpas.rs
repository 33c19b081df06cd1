//! DPAS and DPASW as dense matrix kernels, and DP4A's lane operation.
//!
//! A DPAS step is compiled once into byte offsets and shapes ([`DpasPlan`]). Running it
//! unpacks the operands into dense matrices — A (`RC x K`, from Src2), B (`K x N`, from
//! Src1's interleaved layout), C (`RC x N`, from Src0) — then multiplies with a blocked
//! kernel whose inner loop runs over a fixed 16 columns so that the compiler vectorises it,
//! and writes D back. Written from DPAS.md and DPASW.md independently of the spec engine.

use visa_spec::errata;
use visa_spec::error::Pos;
use visa_spec::exec::ExecConfig;
use visa_spec::ir::{Ctrl, Dst, Instruction, Opcode, Program, Src};
use visa_spec::state::MachineState;
use visa_spec::types::{DataType, Precision};
use visa_spec::VisaError;

use crate::kernel::{Ctx, Ints};

type Result<T> = std::result::Result<T, VisaError>;

/// Columns of every dense matrix (the largest DPAS execution size).
const N: usize = 16;
/// Largest K (depth 8 times 8 operations per channel).
const K_MAX: usize = 64;
/// Largest repeat count.
const M_MAX: usize = 8;
/// Largest Src2 extent in bytes (RC 8 rows of 32 bytes) plus a DW of slack.
const SRC2_MAX: usize = 8 * 64 + 4;

/// DPASW's split of Src2 registers between the fused threads (32-byte registers).
#[derive(Clone, Copy, Debug)]
struct Split {
    /// Registers taken from this thread (EU0).
    eu0: usize,
    /// Registers in all.
    total: usize,
}

/// One DPAS or DPASW instruction, resolved.
#[derive(Clone, Debug)]
pub struct DpasPlan {
    pub pos: Pos,
    w: Precision,
    a: Precision,
    /// Columns computed (the execution size).
    n: usize,
    /// Rows computed: RC, or 1 under the literal reading of DPAS-RC-LOOP.
    rows: usize,
    /// Operations per channel and Src1 operands per DW.
    ops: usize,
    sopc: usize,
    /// Depth K = SD * OPS_PER_CHAN.
    k: usize,
    grf: usize,
    row_advance: usize,
    dst_at: usize,
    src0_at: Option<usize>,
    src1_at: usize,
    src2_at: usize,
    src2_bytes: usize,
    split: Option<Split>,
}

fn offset(
    program: &Program,
    var: visa_spec::state::VarId,
    row: u32,
    col: u32,
    size: usize,
    row_bytes: usize,
) -> Result<usize> {
    if (var.0 as usize) >= program.vars.len() {
        return Err(VisaError::model_bug("a DPAS operand names no variable"));
    }
    let base = program.vars.get(var).grf_offset.unwrap_or(0);
    Ok(base + row as usize * row_bytes + col as usize * size)
}

fn src_offset(program: &Program, src: &Src, row_bytes: usize) -> Result<Option<usize>> {
    match src {
        Src::Imm { .. } => Ok(None),
        Src::General {
            var, row, col, ty, ..
        } => offset(program, *var, *row, *col, ty.size(), row_bytes).map(Some),
        _ => Err(VisaError::model_bug("a DPAS operand is a general operand")),
    }
}

/// Compiles DPAS or DPASW (validated by `check_program` before).
pub fn compile(program: &Program, insn: &Instruction, config: &ExecConfig) -> Result<DpasPlan> {
    let r = &config.readings;
    let Ctrl::Dpas(ctrl) = insn.ctrl else {
        return Err(VisaError::model_bug("DPAS without W.A.SD.RC"));
    };
    if ctrl.w.is_float() {
        return Err(VisaError::unsupported(
            "float DPAS waits for its numeric profiles (DPAS-FLOAT-ROUNDING)",
        ));
    }
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
    let grf = program.platform.grf_size();
    let row_bytes = if r.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        grf
    };
    let n = insn.exec_size as usize;
    // DPAS.md: 2 operations per DW for 16-bit W, 4 when either precision has 8 bits, else 8.
    let (wb, ab) = (ctrl.w.bits() as usize, ctrl.a.bits() as usize);
    let ops = if wb == 16 {
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
    let row_advance = if r.is_literal(errata::DPAS_DST_ADVANCE) {
        grf
    } else {
        n * dst_ty.size()
    };
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
    Ok(DpasPlan {
        pos: insn.pos,
        w: ctrl.w,
        a: ctrl.a,
        n,
        rows: if r.is_literal(errata::DPAS_RC_LOOP) {
            1
        } else {
            rc
        },
        ops,
        sopc,
        k: sd * ops,
        grf,
        row_advance,
        dst_at: offset(program, var, row, col, dst_ty.size(), row_bytes)?,
        src0_at: src_offset(program, &insn.srcs[0], row_bytes)?,
        src1_at: src_offset(program, &insn.srcs[1], row_bytes)?
            .ok_or_else(|| VisaError::model_bug("DPAS Src1 is a register"))?,
        src2_at: src_offset(program, &insn.srcs[2], row_bytes)?
            .ok_or_else(|| VisaError::model_bug("DPAS Src2 is a register"))?,
        src2_bytes,
        split,
    })
}

/// A `bits`-wide field of a DW, sign-extended when `signed`.
#[inline(always)]
fn field(dw: u32, index: usize, bits: usize, signed: bool) -> i32 {
    let shift = 32 - bits - index * bits;
    if signed {
        ((dw << shift) as i32) >> (32 - bits)
    } else {
        ((dw << shift) >> (32 - bits)) as i32
    }
}

#[inline(always)]
fn dw_at(bytes: &[u8], at: usize) -> u32 {
    match bytes.get(at..at + 4) {
        Some(s) => u32::from_le_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}

impl DpasPlan {
    pub fn exec(&self, state: &mut MachineState) -> Result<()> {
        // Src2 (A) as bytes from its origin; DPASW takes its later registers from EU1.
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
        let (wb, ab) = (self.w.bits() as usize, self.a.bits() as usize);
        let (ws, as_) = (self.w.is_signed(), self.a.is_signed());
        // A: rows x K, row r from element r*K of Src2 (k is never reset in the loop).
        let mut a = [[0i32; K_MAX]; M_MAX];
        let per_dw_a = 32 / ab;
        for (r, row) in a.iter_mut().enumerate().take(self.rows) {
            for (kk, v) in row.iter_mut().enumerate().take(self.k) {
                let e = r * self.k + kk;
                *v = field(dw_at(&src2, e / per_dw_a * 4), e % per_dw_a, ab, as_);
            }
        }
        // B: K x N; depth d lives in GRF d / SOPC, fields (d % SOPC) * OPS .. + OPS.
        let mut b = [[0i32; N]; K_MAX];
        let depth = self.k / self.ops;
        for d in 0..depth {
            let m = d / self.sopc;
            let first = (d % self.sopc) * self.ops;
            for i in 0..self.n {
                let dw = dw_at(&state.grf, self.src1_at + m * self.grf + 4 * i);
                for (j, brow) in b[d * self.ops..(d + 1) * self.ops].iter_mut().enumerate() {
                    brow[i] = field(dw, first + j, wb, ws);
                }
            }
        }
        // C, then D = C + A x B with 32-bit wrapping accumulation (DPAS-INT-WRAP).
        let mut acc = [[0i32; N]; M_MAX];
        if let Some(at) = self.src0_at {
            for (r, row) in acc.iter_mut().enumerate().take(self.rows) {
                for (i, v) in row.iter_mut().enumerate().take(self.n) {
                    *v = dw_at(&state.grf, at + r * self.row_advance + 4 * i) as i32;
                }
            }
        }
        for r in 0..self.rows {
            int_row(&mut acc[r], &a[r][..self.k], &b[..self.k]);
        }
        for (r, row) in acc.iter().enumerate().take(self.rows) {
            let at = self.dst_at + r * self.row_advance;
            let end = at + 4 * self.n;
            let Some(slot) = state.grf.get_mut(at..end) else {
                return Err(VisaError::model_bug("DPAS Dst outside the register file"));
            };
            for (chunk, v) in slot.chunks_exact_mut(4).zip(row.iter()) {
                chunk.copy_from_slice(&v.to_le_bytes());
            }
            if !state.undefined.is_empty() {
                for byte in at..end {
                    state.undefined.remove(&byte);
                }
            }
        }
        Ok(())
    }
}

/// One row of D: `acc[n] += sum_k a[k] * b[k][n]`, wrapping, 16 columns at a time.
#[inline(always)]
fn int_row(acc: &mut [i32; N], a: &[i32], b: &[[i32; N]]) {
    let mut sum = *acc;
    for (av, brow) in a.iter().zip(b) {
        for n in 0..N {
            sum[n] = sum[n].wrapping_add(av.wrapping_mul(brow[n]));
        }
    }
    *acc = sum;
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

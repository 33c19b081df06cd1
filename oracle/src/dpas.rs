//! DPAS and DPASW as dense matrix kernels, and DP4A's lane operation.
//!
//! A DPAS step is compiled once into byte offsets and shapes ([`DpasPlan`]). Running it
//! unpacks the operands into dense matrices — A (`RC x K`, from Src2), B (`K x N`, from
//! Src1's interleaved layout), C (`RC x N`, from Src0) — then multiplies with a blocked
//! kernel whose inner loop runs over a fixed 16 columns so that the compiler vectorises it,
//! and writes D back. Written from DPAS.md and DPASW.md independently of the spec engine.

use visa_model::config::ExecConfig;
use visa_model::errata;
use visa_model::error::Pos;
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Program, Src};
use visa_model::profile::{Accumulation, Denormals, DpasProfile, DstRounding, Tf32Input};
use visa_model::state::MachineState;
use visa_model::types::{DataType, Precision};
use visa_model::VisaError;

use crate::kernel::{Ctx, Ints};
use crate::softfloat::{self, Format, Rounding};

mod int;

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
    /// Integer DPAS (and bf8/hf8 under the literal DPAS-TF32-FP8-PATHS).
    int: Option<IntPlan>,
    /// Float DPAS (bf, hf, tf32, bf8, hf8 under the resolved DPAS-TF32-FP8-PATHS).
    float: Option<FloatPlan>,
}

/// What integer DPAS needs: the unpackers of W and A, and where B's quad rows come from.
#[derive(Clone, Copy, Debug)]
struct IntPlan {
    unpack_w: int::Src1Fn,
    unpack_a: int::UnpackFn,
    /// Src2 bytes of the `rows` rows of A.
    a_bytes: usize,
    /// Src1 registers read, and the pair rows of B each one holds.
    src1_registers: usize,
    pairs_per_register: usize,
}

/// What float DPAS needs beyond the integer plan.
#[derive(Clone, Copy, Debug)]
struct FloatPlan {
    profile: DpasProfile,
    dst_ty: DataType,
    src0_ty: DataType,
    src0_row_advance: usize,
}

fn offset(
    program: &Program,
    var: visa_model::state::VarId,
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
            let src0_ty = insn.srcs[0].ty();
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
        dst_at: offset(program, var, row, col, dst_ty.size(), row_bytes)?,
        src0_at: src_offset(program, &insn.srcs[0], row_bytes)?,
        src1_at: src_offset(program, &insn.srcs[1], row_bytes)?
            .ok_or_else(|| VisaError::model_bug("DPAS Src1 is a register"))?,
        src2_at: src_offset(program, &insn.srcs[2], row_bytes)?
            .ok_or_else(|| VisaError::model_bug("DPAS Src2 is a register"))?,
        src2_bytes,
        split,
        int,
        float,
    })
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

    /// Integer DPAS (crate::dpas::int); bf8/hf8 under the literal DPAS-TF32-FP8-PATHS read
    /// as u8.
    fn exec_int(&self, state: &mut MachineState, ip: IntPlan) -> Result<()> {
        // A: rows x K from Src2, read in place unless DPASW splits it between two threads.
        let mut a = [0i16; K_MAX * M_MAX];
        let a = &mut a[..self.rows * self.k];
        let len = self.src2_bytes.min(SRC2_MAX - 4);
        match self.split {
            None => {
                if let Some(s) = state.grf.get(self.src2_at..self.src2_at + len) {
                    (ip.unpack_a)(s, a);
                }
            }
            Some(_) => (ip.unpack_a)(&self.src2_buffer(state)[..ip.a_bytes], a),
        }
        // B in pair rows, from the Src1 registers.
        let mut b: int::Pairs = [[[0; 2]; N]; K_MAX / 2];
        let q = ip.pairs_per_register;
        for m in 0..ip.src1_registers {
            let at = self.src1_at + m * self.grf;
            let (Some(row), Some(pairs)) = (
                state.grf.get(at..at + 4 * self.n),
                b.get_mut(m * q..(m + 1) * q),
            ) else {
                continue;
            };
            (ip.unpack_w)(row, self.n, pairs);
        }
        // C, then D = C + A x B with 32-bit wrapping accumulation (DPAS-INT-WRAP).
        let mut acc = [[0i32; N]; M_MAX];
        if let Some(at) = self.src0_at {
            for (r, row) in acc.iter_mut().enumerate().take(self.rows) {
                let at = at + r * self.row_advance;
                if let Some(s) = state.grf.get(at..at + 4 * self.n) {
                    for (v, dw) in row.iter_mut().zip(s.as_chunks::<4>().0) {
                        *v = i32::from_le_bytes(*dw);
                    }
                }
            }
        }
        int::kernel(a, self.k, &b, &mut acc);
        for (r, row) in acc.iter().enumerate().take(self.rows) {
            let at = self.dst_at + r * self.row_advance;
            let end = at + 4 * self.n;
            let Some(slot) = state.grf.get_mut(at..end) else {
                return Err(VisaError::model_bug("DPAS Dst outside the register file"));
            };
            for (dw, v) in slot.as_chunks_mut::<4>().0.iter_mut().zip(row) {
                *dw = v.to_le_bytes();
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

/// Decodes a `bits`-wide field of precision `p` to f32 (every bf, hf, tf32, bf8 and hf8
/// value is an f32), flushing a denormal (exponent field 0, fraction not) when `flush`.
#[inline(always)]
fn float_field(field: u32, p: Precision, tf32: Tf32Input, flush: bool) -> f32 {
    let (v, exponent_mask) = match p {
        Precision::BF => (f32::from_bits(field << 16), 0x7F80),
        Precision::HF => (half::f16::from_bits(field as u16).to_f32(), 0x7C00),
        Precision::TF32 => match tf32 {
            Tf32Input::Trim => (f32::from_bits(field & 0xFFFF_E000), 0x7F80_0000),
            Tf32Input::Full => (f32::from_bits(field), 0x7F80_0000),
        },
        // E5M2 is the top byte of an IEEE half.
        Precision::BF8 => (half::f16::from_bits((field as u16) << 8).to_f32(), 0x7C),
        Precision::HF8 => (e4m3(field as u8), 0x78),
        _ => (0.0, 0),
    };
    if flush && field & exponent_mask == 0 && v != 0.0 {
        0.0f32.copysign(v)
    } else {
        v
    }
}

/// FP8 E4M3: bias 7, no infinities, S.1111.111 the only NaN.
fn e4m3(byte: u8) -> f32 {
    let sign = if byte & 0x80 != 0 { -1.0f32 } else { 1.0 };
    let e = i32::from((byte >> 3) & 0xF);
    let m = f32::from(byte & 7);
    if e == 15 && m == 7.0 {
        return f32::NAN;
    }
    if e == 0 {
        sign * m * (2.0f32).powi(-9)
    } else {
        sign * (8.0 + m) * (2.0f32).powi(e - 10)
    }
}

/// Flushes an f32 denormal to a zero of its sign when `FLUSH`.
#[inline(always)]
fn ftz<const FLUSH: bool>(x: f32) -> f32 {
    if FLUSH && x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

impl DpasPlan {
    /// Float DPAS: A, B and C unpacked to f32 matrices, accumulated as the profile says.
    fn exec_float(&self, state: &mut MachineState, src2: &[u8], f: FloatPlan) -> Result<()> {
        let profile = f.profile;
        let flush = profile.denormals == Denormals::Flush;
        let (wb, ab) = (self.w.bits() as usize, self.a.bits() as usize);
        let field = |dw: u32, index: usize, bits: usize| -> u32 {
            if bits == 32 {
                dw
            } else {
                (dw >> (index * bits)) & ((1 << bits) - 1)
            }
        };
        let mut a = [[0f32; K_MAX]; M_MAX];
        let per_dw_a = 32 / ab;
        for (r, row) in a.iter_mut().enumerate().take(self.rows) {
            for (kk, v) in row.iter_mut().enumerate().take(self.k) {
                let e = r * self.k + kk;
                let dw = dw_at(src2, e / per_dw_a * 4);
                *v = float_field(field(dw, e % per_dw_a, ab), self.a, profile.tf32, flush);
            }
        }
        let mut b = [[0f32; N]; K_MAX];
        let depth = self.k / self.ops;
        for d in 0..depth {
            let m = d / self.sopc;
            let first = (d % self.sopc) * self.ops;
            for i in 0..self.n {
                let dw = dw_at(&state.grf, self.src1_at + m * self.grf + 4 * i);
                for (j, brow) in b[d * self.ops..(d + 1) * self.ops].iter_mut().enumerate() {
                    brow[i] = float_field(field(dw, first + j, wb), self.w, profile.tf32, flush);
                }
            }
        }
        let mut acc = [[0f32; N]; M_MAX];
        if let Some(at) = self.src0_at {
            let size = f.src0_ty.size();
            for (r, row) in acc.iter_mut().enumerate().take(self.rows) {
                for (i, v) in row.iter_mut().enumerate().take(self.n) {
                    let at = at + r * f.src0_row_advance + size * i;
                    let bits = match state.grf.get(at..at + size) {
                        Some(s) => s.iter().rev().fold(0u32, |x, &b| x << 8 | u32::from(b)),
                        None => 0,
                    };
                    let (x, denormal) = match f.src0_ty {
                        DataType::HF => (
                            half::f16::from_bits(bits as u16).to_f32(),
                            bits & 0x7C00 == 0,
                        ),
                        DataType::BF => (f32::from_bits(bits << 16), bits & 0x7F80 == 0),
                        _ => (f32::from_bits(bits), bits & 0x7F80_0000 == 0),
                    };
                    *v = if flush && denormal {
                        0.0f32.copysign(x)
                    } else {
                        x
                    };
                }
            }
        }
        let ops = self.ops;
        for r in 0..self.rows {
            let row = &mut acc[r];
            for d in 0..depth {
                let ks = d * ops..(d + 1) * ops;
                let (ar, br) = (&a[r][ks.clone()], &b[ks]);
                match (profile.accumulation, flush) {
                    (Accumulation::LiteralC, false) => literal_c_stage::<false>(row, ar, br),
                    (Accumulation::LiteralC, true) => literal_c_stage::<true>(row, ar, br),
                    (Accumulation::Sequential, _) => {
                        for (av, brow) in ar.iter().zip(br) {
                            for n in 0..self.n {
                                let t = softfloat::fma(
                                    f64::from(*av).to_bits(),
                                    f64::from(brow[n]).to_bits(),
                                    f64::from(row[n]).to_bits(),
                                    Format::F,
                                    Rounding::NearestEven,
                                );
                                row[n] = flush_f32(f32::from_bits(t as u32), flush);
                            }
                        }
                    }
                    (Accumulation::ProductRound, false) => {
                        product_round_stage::<false>(row, ar, br)
                    }
                    (Accumulation::ProductRound, true) => product_round_stage::<true>(row, ar, br),
                    (Accumulation::ExactStage, _) => {
                        for n in 0..self.n {
                            let column: [f32; 8] =
                                std::array::from_fn(|j| br.get(j).map_or(0.0, |b| b[n]));
                            row[n] = flush_f32(exact_stage(row[n], ar, &column[..ar.len()]), flush);
                        }
                    }
                }
            }
        }
        let size = f.dst_ty.size();
        let (format, nan) = match f.dst_ty {
            DataType::HF => (Format::HF, 0x7E00u64),
            DataType::BF => (Format::BF, 0x7FC0),
            _ => (Format::F, 0x7FC0_0000),
        };
        let rnd = match profile.dst_rounding {
            DstRounding::Rne => Rounding::NearestEven,
            DstRounding::Rtz => Rounding::Zero,
        };
        for (r, row) in acc.iter().enumerate().take(self.rows) {
            for (c, &v) in row.iter().enumerate().take(self.n) {
                let bits = if v.is_nan() {
                    nan
                } else if format == Format::F {
                    u64::from(v.to_bits())
                } else {
                    let out = softfloat::f64_to(f64::from(v).to_bits(), format, rnd);
                    if flush && format.is_denormal(out) {
                        format.zero(format.is_neg(out))
                    } else {
                        out
                    }
                };
                let at = self.dst_at + r * self.row_advance + size * c;
                let Some(slot) = state.grf.get_mut(at..at + size) else {
                    return Err(VisaError::model_bug("DPAS Dst outside the register file"));
                };
                slot.copy_from_slice(&bits.to_le_bytes()[..size]);
                if !state.undefined.is_empty() {
                    for byte in at..at + size {
                        state.undefined.remove(&byte);
                    }
                }
            }
        }
        Ok(())
    }
}

#[inline(always)]
fn flush_f32(x: f32, flush: bool) -> f32 {
    if flush {
        ftz::<true>(x)
    } else {
        x
    }
}

/// One systolic stage under `literal-c`: per column, the dot of the stage's products in f32
/// (each product and each addition rounded), then added to the accumulator in f32.
#[inline(always)]
fn literal_c_stage<const FLUSH: bool>(acc: &mut [f32; N], a: &[f32], b: &[[f32; N]]) {
    let mut dot = [0f32; N];
    for n in 0..N {
        dot[n] = ftz::<FLUSH>(a[0] * b[0][n]);
    }
    for (av, brow) in a.iter().zip(b).skip(1) {
        for n in 0..N {
            dot[n] = ftz::<FLUSH>(dot[n] + ftz::<FLUSH>(*av * brow[n]));
        }
    }
    for n in 0..N {
        acc[n] = ftz::<FLUSH>(acc[n] + dot[n]);
    }
}

/// One systolic stage under `product-round`: per column, each product rounded to f32, then
/// added to the accumulator in k order (each addition rounded).
#[inline(always)]
fn product_round_stage<const FLUSH: bool>(acc: &mut [f32; N], a: &[f32], b: &[[f32; N]]) {
    for (av, brow) in a.iter().zip(b) {
        for n in 0..N {
            acc[n] = ftz::<FLUSH>(acc[n] + ftz::<FLUSH>(*av * brow[n]));
        }
    }
}

/// Words of the exact accumulator of [`exact_stage`]: bit 0 weighs 2^KULISCH_LSB; products
/// of two f32 values lie in [2^-298, 2^256), so 640 bits hold any sum of a few of them.
const KULISCH_WORDS: usize = 10;
const KULISCH_LSB: i32 = -300;

/// `temp + sum a[j]*b[j]`, exact, rounded once to f32 (nearest even).
fn exact_stage(temp: f32, a: &[f32], b: &[f32]) -> f32 {
    let finite = temp.is_finite() && a.iter().chain(b).all(|x| x.is_finite());
    if !finite {
        // Infinities and NaNs: IEEE rules; f64 holds every finite product exactly.
        let mut s = f64::from(temp);
        for (x, y) in a.iter().zip(b) {
            s += f64::from(*x) * f64::from(*y);
        }
        return s as f32;
    }
    let mut words = [0u64; KULISCH_WORDS];
    let mut all_zero_negative = temp == 0.0 && temp.is_sign_negative();
    let mut any_nonzero = temp != 0.0;
    kulisch_add(&mut words, unpack(temp));
    for (x, y) in a.iter().zip(b) {
        let (xn, xm, xe) = unpack(*x);
        let (yn, ym, ye) = unpack(*y);
        let product_zero = xm == 0 || ym == 0;
        if product_zero {
            all_zero_negative &= xn != yn;
        } else {
            all_zero_negative = false;
            any_nonzero = true;
        }
        kulisch_add(&mut words, (xn != yn, xm * ym, xe + ye));
    }
    if !any_nonzero {
        return if all_zero_negative { -0.0 } else { 0.0 };
    }
    let negative = words[KULISCH_WORDS - 1] >> 63 == 1;
    if negative {
        // Two's complement negation.
        let mut carry = 1u64;
        for w in words.iter_mut() {
            let (v, c) = (!*w).overflowing_add(carry);
            *w = v;
            carry = u64::from(c);
        }
    }
    let Some(top_word) = words.iter().rposition(|&w| w != 0) else {
        return 0.0; // an exact zero sum of nonzero terms: +0 (nearest even)
    };
    let top = top_word * 64 + 63 - words[top_word].leading_zeros() as usize;
    // A 126-bit window ending at the top bit, the bits below it jammed into bit 0.
    let lo = top.saturating_sub(125);
    let mut mag: u128 = 0;
    for bit in (lo..=top).rev() {
        mag = mag << 1 | u128::from(words[bit / 64] >> (bit % 64) & 1);
    }
    let below = (0..lo).any(|bit| words[bit / 64] >> (bit % 64) & 1 == 1);
    if below {
        mag |= 1;
    }
    let bits = softfloat::round_pack(
        negative,
        mag,
        lo as i32 + KULISCH_LSB,
        Format::F,
        Rounding::NearestEven,
    );
    f32::from_bits(bits as u32)
}

/// A finite f32 as (negative, integer mantissa, exponent of its last bit).
fn unpack(x: f32) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let negative = bits >> 31 == 1;
    let e = ((bits >> 23) & 0xFF) as i32;
    let frac = u64::from(bits & 0x7F_FFFF);
    if e == 0 {
        (negative, frac, -149)
    } else {
        (negative, frac | 1 << 23, e - 150)
    }
}

/// Adds `(-1)^negative * mantissa * 2^exponent` into the two's complement accumulator.
fn kulisch_add(words: &mut [u64; KULISCH_WORDS], (negative, mantissa, exponent): (bool, u64, i32)) {
    if mantissa == 0 {
        return;
    }
    let shift = (exponent - KULISCH_LSB).max(0) as usize;
    let (word, offset) = (shift / 64, shift % 64);
    let wide = u128::from(mantissa) << offset;
    let parts = [wide as u64, (wide >> 64) as u64];
    let mut carry = false;
    for (i, w) in words.iter_mut().enumerate().skip(word) {
        let part = parts.get(i - word).copied().unwrap_or(0);
        if negative {
            let (v1, b1) = w.overflowing_sub(part);
            let (v2, b2) = v1.overflowing_sub(u64::from(carry));
            *w = v2;
            carry = b1 || b2;
        } else {
            let (v1, c1) = w.overflowing_add(part);
            let (v2, c2) = v1.overflowing_add(u64::from(carry));
            *w = v2;
            carry = c1 || c2;
        }
        if !carry && i > word {
            break;
        }
    }
}

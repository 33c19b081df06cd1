//! A DPAS or DPASW step as compiled: the shapes, byte offsets and kernels of one
//! instruction ([`DpasPlan`]), and the bounds of the dense matrices, which the compiler
//! (`dpas/mod.rs`) and the kernels (`int.rs`, `float.rs`) share.

use visa_model::error::Pos;
use visa_model::profile::DpasProfile;
use visa_model::types::{DataType, Precision};
use visa_model::VisaError;

pub(super) type Result<T> = std::result::Result<T, VisaError>;

/// Columns of every dense matrix (the largest DPAS execution size).
pub(super) const N: usize = 16;
/// Largest K (depth 8 times 8 operations per channel).
pub(super) const K_MAX: usize = 64;
/// Largest repeat count.
pub(super) const M_MAX: usize = 8;
/// Largest Src2 extent in bytes (RC 8 rows of 32 bytes) plus a DW of slack.
pub(super) const SRC2_MAX: usize = 8 * 64 + 4;

/// DPASW's split of Src2 registers between the fused threads (32-byte registers).
#[derive(Clone, Copy, Debug)]
pub(super) struct Split {
    /// Registers taken from this thread (EU0).
    pub(super) eu0: usize,
    /// Registers in all.
    pub(super) total: usize,
}

/// One DPAS or DPASW instruction, resolved.
#[derive(Clone, Debug)]
pub struct DpasPlan {
    pub pos: Pos,
    pub(super) w: Precision,
    pub(super) a: Precision,
    /// Columns computed (the execution size).
    pub(super) n: usize,
    /// Rows computed: RC, or 1 under the literal reading of DPAS-RC-LOOP.
    pub(super) rows: usize,
    /// Operations per channel and Src1 operands per DW.
    pub(super) ops: usize,
    pub(super) sopc: usize,
    /// Depth K = SD * OPS_PER_CHAN.
    pub(super) k: usize,
    pub(super) grf: usize,
    pub(super) row_advance: usize,
    pub(super) dst_at: usize,
    pub(super) src0_at: Option<usize>,
    pub(super) src1_at: usize,
    pub(super) src2_at: usize,
    pub(super) src2_bytes: usize,
    pub(super) split: Option<Split>,
    /// Integer DPAS (and bf8/hf8 under the literal DPAS-TF32-FP8-PATHS).
    pub(super) int: Option<IntPlan>,
    /// Float DPAS (bf, hf, tf32, bf8, hf8 under the resolved DPAS-TF32-FP8-PATHS).
    pub(super) float: Option<FloatPlan>,
}

/// What integer DPAS needs: the unpackers of W and A, and where B's quad rows come from.
#[derive(Clone, Copy, Debug)]
pub(super) struct IntPlan {
    pub(super) unpack_w: Src1Fn,
    pub(super) unpack_a: UnpackFn,
    /// The byte kernel of an 8-bit pair where the CPU has one and the operands lie in this
    /// thread's registers (not DPASW's).
    pub(super) bytes: Option<BytesFn>,
    /// Src2 bytes of the `rows` rows of A.
    pub(super) a_bytes: usize,
    /// Src1 registers read, and the pair rows of B each one holds.
    pub(super) src1_registers: usize,
    pub(super) pairs_per_register: usize,
}

/// What float DPAS needs beyond the integer plan.
#[derive(Clone, Copy, Debug)]
pub(super) struct FloatPlan {
    pub(super) profile: DpasProfile,
    pub(super) dst_ty: DataType,
    pub(super) src0_ty: DataType,
    pub(super) src0_row_advance: usize,
}

/// Unpacks one Src1 register (the DWs of its first `n` columns) into the pair rows of B it
/// holds (`int::src1_register`).
pub(super) type Src1Fn = fn(&[u8], usize, &mut [[[i16; 2]; N]]);

/// The operands of one run: the rows of A (`k` bytes each, at most [`M_MAX`]), the Src1
/// registers of B (depths `4m .. 4m + 4` of the columns in register `m`, at least `4n`
/// bytes each), and the sums C on entry, D on return.
#[derive(Debug)]
pub(super) struct Operands<'a> {
    pub(super) a: &'a [u8],
    pub(super) k: usize,
    pub(super) b: &'a [&'a [u8]],
    pub(super) acc: &'a mut [[i32; N]; M_MAX],
}

/// A byte kernel of 8-bit integer DPAS (`bytes.rs`): D = C + A x B on [`Operands`]; false
/// when this CPU cannot run it, having done nothing.
pub(super) type BytesFn = fn(Operands) -> bool;

/// Unpacks every field of some bytes, in order, into i16 (`int::unpack`).
pub(super) type UnpackFn = fn(&[u8], &mut [i16]);

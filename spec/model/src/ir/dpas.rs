//! DPAS's document facts (instructions/DPAS.md, Semantics and Notes) that validation and
//! both engines read: the operands by name ([`DpasOperands`]), the legal precision pairs,
//! `OPS_PER_CHAN`, `SRC1_OPERANDS_PER_CHAN` and the byte extents one DPAS touches.

use super::operand::{Dst, Payload, Src};
use crate::errata;
use crate::error::{Result, VisaError};
use crate::platform::Platform;
use crate::types::{DataType, Precision};

/// The precision and shape fields of DPAS and DPASW (instructions/DPAS.md, Format and the
/// precision table) and their operands.
///
/// IR shape: the operands are [`DpasCtrl::operands`], by name; `srcs` is empty (generic
/// passes walk [`super::Instruction::sources`]); `dst` is Dst as a general operand
/// ([`DpasOperands::dst_operand`]), the same operand as `operands.dst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DpasCtrl {
    /// `W`: the precision of Src1.
    pub w: Precision,
    /// `A`: the precision of Src2.
    pub a: Precision,
    /// `SD`: the systolic depth.
    pub sd: u32,
    /// `RC`: the repeat count.
    pub rc: u32,
    pub operands: DpasOperands,
}

/// The operands of DPAS and DPASW by name (instructions/DPAS.md and DPASW.md, Format: Dst,
/// Src0, Src1, Src2). Each is the register bytes of a general variable from its origin: Dst,
/// Src0 and Src1 are raw operands `V.off` (row `off / GRF`, column 0: the offset is a whole
/// number of GRFs), Src2 is `V(r,c)`. The document's loop addresses whole GRFs from these
/// origins; how many bytes each spans is [`extents`]'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DpasOperands {
    /// `Dst` (D), in the variable's type.
    pub dst: Payload,
    /// `Src0` (C), in the variable's type; `None` for `%null.0`, "a null operand, meaning it
    /// is zero".
    pub src0: Option<Payload>,
    /// `Src1` (B, precision W), a D or UD variable.
    pub src1: Payload,
    /// `Src2` (A, precision A), a D or UD variable.
    pub src2: Payload,
}

impl DpasOperands {
    /// Dst as the instruction's destination: a general operand at its origin, stride 1.
    pub fn dst_operand(&self) -> Dst {
        let Payload { var, row, col, ty } = self.dst;
        Dst::General {
            var,
            row,
            col,
            hstride: 1,
            ty,
        }
    }

    /// The sources in the order the text writes them, as general sources for generic passes:
    /// Src0 (`%null.0` is the immediate 0 of Dst's type), Src1, Src2.
    pub fn sources(&self) -> [Src; 3] {
        let src0 = match self.src0 {
            Some(p) => p.to_src(),
            None => Src::Imm {
                bits: 0,
                ty: self.dst.ty,
            },
        };
        [src0, self.src1.to_src(), self.src2.to_src()]
    }

    /// Src0's type: its own, or Dst's for `%null.0`.
    pub fn src0_ty(&self) -> DataType {
        self.src0.map_or(self.dst.ty, |p| p.ty)
    }
}

/// The precisions the legal-combination table of DPAS.md admits for Src1 and Src2: the
/// integer ones (the u2..s8; the one-bit precisions are not in that table, erratum
/// `DPAS-ONE-BIT`) and bf, hf, tf32, bf8, hf8.
pub const PRECISIONS: [Precision; 11] = [
    Precision::U2,
    Precision::S2,
    Precision::U4,
    Precision::S4,
    Precision::U8,
    Precision::S8,
    Precision::BF,
    Precision::HF,
    Precision::TF32,
    Precision::BF8,
    Precision::HF8,
];

/// DPAS.md, Semantics: `OPS_PER_CHAN` under the resolved reading of `DPAS-TF32-FP8-PATHS`
/// (1 for tf32, as the header comment says; 2 for bf/hf; 4 when either precision is 8 bits,
/// fp8 included; 8 otherwise). Under the literal reading the pseudocode has no tf32 arm, so
/// tf32 falls to 8 and `SRC1_OPERANDS_PER_CHAN` becomes 0 (`src1_operands_per_chan`).
pub fn ops_per_chan(w: Precision, a: Precision, literal_paths: bool) -> u32 {
    if w == Precision::TF32 && !literal_paths {
        1
    } else if w.bits() == 16 {
        2
    } else if w.bits() == 8 || a.bits() == 8 {
        4
    } else {
        8
    }
}

/// DPAS.md, Semantics: `SRC1_OPERANDS_PER_CHAN = 32 / (OPS_PER_CHAN * Src1PrecisionInBits)`
/// (0 for tf32 under the literal reading: the loop then divides by zero).
pub fn src1_operands_per_chan(w: Precision, ops_per_chan: u32) -> u32 {
    32 / (ops_per_chan * w.bits())
}

/// Whether (W, A) is a row of DPAS.md's legal-combination table, and the Dst/Src0 types of
/// that row.
pub fn row_types(w: Precision, a: Precision) -> Option<&'static [DataType]> {
    use Precision::*;
    let int = |p: Precision| !p.is_float() && p.bits() >= 2;
    let fp8 = |p: Precision| matches!(p, BF8 | HF8);
    match (w, a) {
        (w, a) if int(w) && int(a) => Some(&[DataType::UD, DataType::D]),
        (BF, BF) => Some(&[DataType::F, DataType::BF]),
        (HF, HF) => Some(&[DataType::F, DataType::HF]),
        (TF32, TF32) => Some(&[DataType::F]),
        (w, a) if fp8(w) && fp8(a) => Some(&[DataType::F]),
        _ => None,
    }
}

/// The byte extents one DPAS reads or writes, from its IR and readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extents {
    pub ops_per_chan: u32,
    pub src1_operands_per_chan: u32,
    /// Bytes from one Dst row to the next (`DPAS-DST-ADVANCE`); Src0's is
    /// [`Extents::row_advance_of`] its own type.
    pub row_advance: usize,
    /// The GRF size when rows advance one GRF (literal `DPAS-DST-ADVANCE`), else `None`.
    pub grf_rows: Option<usize>,
    /// Bytes of Src1 read: `ceil(SD / SRC1_OPERANDS_PER_CHAN)` GRFs of `Exec_size` DWs.
    pub src1_bytes: usize,
    /// Bytes of Src2 read: RC rows of `SD * OPS_PER_CHAN` elements of precision A.
    pub src2_bytes: usize,
    /// Src2's alignment in bytes (DPAS.md, Notes, Alignment).
    pub src2_align: usize,
}

impl Extents {
    /// Bytes of Dst (or Src0) touched: RC rows of `Exec_size` elements.
    pub fn rows_bytes(&self, rc: u32, exec_size: u32, ty: DataType) -> usize {
        (rc as usize - 1) * self.row_advance_of(ty, exec_size) + exec_size as usize * ty.size()
    }

    /// Bytes from one row to the next of a Dst or Src0 of type `ty`: one GRF (literal
    /// `DPAS-DST-ADVANCE`) or `Exec_size` elements of `ty` (resolved: row-major).
    pub fn row_advance_of(&self, ty: DataType, exec_size: u32) -> usize {
        self.grf_rows.unwrap_or(exec_size as usize * ty.size())
    }
}

/// Computes the extents; `Err` names the rule that fails.
pub fn extents(
    ctrl: DpasCtrl,
    exec_size: u32,
    dst_ty: DataType,
    platform: Platform,
    readings: &errata::Readings,
) -> Result<Extents> {
    let literal_paths = readings.is_literal(errata::DPAS_TF32_FP8_PATHS);
    let ops = ops_per_chan(ctrl.w, ctrl.a, literal_paths);
    let sopc = src1_operands_per_chan(ctrl.w, ops);
    if sopc == 0 {
        return Err(VisaError::invalid(
            "under the literal reading of DPAS-TF32-FP8-PATHS, tf32 has OPS_PER_CHAN 8 and \
             SRC1_OPERANDS_PER_CHAN 0: the loop's `d / SRC1_OPERANDS_PER_CHAN` divides by zero",
        )
        .field("opcode"));
    }
    let grf = platform.grf_size();
    let row_advance = if readings.is_literal(errata::DPAS_DST_ADVANCE) {
        grf
    } else {
        exec_size as usize * dst_ty.size()
    };
    let src1_grfs = ctrl.sd.div_ceil(sopc) as usize;
    let src1_bytes = (src1_grfs - 1) * grf + exec_size as usize * 4;
    // Row advance of A: `8*OPS_PER_CHAN` elements literally, `SD*OPS_PER_CHAN` resolved;
    // equal for the only valid depth, 8 (DPAS-SRC2-ADVANCE).
    let a_row = if readings.is_literal(errata::DPAS_SRC2_ADVANCE) {
        8 * ops
    } else {
        ctrl.sd * ops
    };
    let src2_bits = ctrl.rc as usize * a_row as usize * ctrl.a.bits() as usize;
    let src2_bytes = src2_bits.div_ceil(8);
    // Notes, Alignment: `SD/(32/(Src2PrecisionInBits * OPS_PER_CHAN))` DWORDs. The inner
    // quotient is 1, 2 or 4 for every pair the table admits (8-bit A or 16-bit with the
    // matching OPS_PER_CHAN: 32 bits a DW; sub-byte A with OPS_PER_CHAN 4 or 8: 16 or 32).
    let inner = 32 / (ctrl.a.bits() * ops);
    let align_dw = ctrl.sd.checked_div(inner).unwrap_or(1);
    Ok(Extents {
        ops_per_chan: ops,
        src1_operands_per_chan: sopc,
        row_advance,
        grf_rows: readings.is_literal(errata::DPAS_DST_ADVANCE).then_some(grf),
        src1_bytes,
        src2_bytes,
        src2_align: (align_dw.max(1) * 4) as usize,
    })
}

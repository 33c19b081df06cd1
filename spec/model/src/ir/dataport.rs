//! The control fields and operands of the legacy dataport messages (the surface-based
//! instruction documents: instructions/GATHER_SCALED.md, SCATTER_SCALED.md,
//! GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md, OWORD_LD_UNALIGNED.md, OWORD_ST.md,
//! DWORD_ATOMIC.md, GATHER.md, SCATTER.md, QW_GATHER.md and QW_SCATTER.md): the block
//! count, element size, channel mask, oword count or atomic operation and the surface,
//! with the operands each document names. Validation
//! (`validate::dataport`) builds them from the text forms; the modules under
//! `insn::dataport` read them.
//!
//! The surface (4_visa_header.md, "Surface Variables"; 3_execution_model.md, "Memory
//! Access") is one of the pre-defined surfaces or a declared surface variable:
//! - `T0`, IGC's `%slm`: shared local memory, addressed from 0, no bounds;
//! - `T5`, the documents' `T255` and IGC's `%scratch`: stateless, flat addresses (base 0,
//!   no bounds);
//! - a surface variable `T6`..: its first element (written by MOVS) is a binding-table
//!   index; the entry's base and size bound the access (out of bounds: reads zero, writes
//!   dropped).

use super::operand::{OperandMut, Payload, Scalar, Src};
use super::svm::AtomicOp;
use crate::state::VarId;
use crate::types::DataType;

/// The surface operand of a dataport message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataportSurface {
    /// `T0` (`%slm`): shared local memory.
    Slm,
    /// `T5` (`T255`, `%scratch`): stateless, flat 32-bit addresses.
    Stateless,
    /// A declared surface variable: its first element is a binding-table index.
    Var(VarId),
}

/// The pre-defined surface a name spells, as IGC's assembler and the documents write them
/// (`Some(None)`: a pre-defined surface the model does not address: `T1`, `T2`, `T3`/`TSS`,
/// `T4`/`%bss`; `None`: not a pre-defined surface's name).
pub fn predefined_surface(name: &str) -> Option<Option<DataportSurface>> {
    match name {
        "T0" | "%slm" => Some(Some(DataportSurface::Slm)),
        "T5" | "T255" | "%scratch" => Some(Some(DataportSurface::Stateless)),
        "T1" | "T2" | "T3" | "TSS" | "T4" | "T252" | "%bss" => Some(None),
        _ => None,
    }
}

/// The control fields and operands of one dataport message, one variant per document, the
/// operands named as in its Format table.
///
/// IR shape: `srcs` is empty (generic passes walk [`super::Instruction::sources`], which
/// yields [`DataportCtrl::sources`]); `Dst` is the instruction's `dst` (`General` for the
/// loads, `Null` for the stores). The oword forms run one lane under NoMask
/// (`exec_size` 1, `M1_NM`). A raw operand `V.OFFSET` is a [`Payload`] at
/// row `OFFSET / GRF size`, column `(OFFSET % GRF size) / element size`, as SVM's are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataportCtrl {
    /// GATHER_SCALED: `Num_blocks` (1, 2 or 4 bytes per lane), `Surface`, `Offset` and
    /// `Element_offset`.
    GatherScaled {
        num_blocks: u32,
        surface: DataportSurface,
        offset: Scalar,
        element_offset: Payload,
    },
    /// SCATTER_SCALED: `Num_blocks`, `Surface`, `Offset`, `Element_offset` and `Src`.
    ScatterScaled {
        num_blocks: u32,
        surface: DataportSurface,
        offset: Scalar,
        element_offset: Payload,
        src: Payload,
    },
    /// GATHER4_SCALED: `Channels` (the RGBA mask, R bit 0), `Surface`, `Offset` and
    /// `Element_offset`; `Scale` is ignored (always zero) and not kept.
    Gather4Scaled {
        ch_mask: u8,
        surface: DataportSurface,
        offset: Scalar,
        element_offset: Payload,
    },
    /// SCATTER4_SCALED: `Channels`, `Surface`, `Offset`, `Element_offset` and `Src`.
    Scatter4Scaled {
        ch_mask: u8,
        surface: DataportSurface,
        offset: Scalar,
        element_offset: Payload,
        src: Payload,
    },
    /// OWORD_LD: `Size` (the oword count the text writes, `(<size>)`), `Surface` and
    /// `Offset` in owords; `Is_modified` is ignored and not kept.
    OwordLd {
        num_owords: u32,
        surface: DataportSurface,
        offset: Scalar,
    },
    /// OWORD_LD_UNALIGNED: as OWORD_LD with `Offset` in bytes (dword aligned).
    OwordLdUnaligned {
        num_owords: u32,
        surface: DataportSurface,
        offset: Scalar,
    },
    /// OWORD_ST: `Size`, `Surface`, `Offset` in owords and `Src`.
    OwordSt {
        num_owords: u32,
        surface: DataportSurface,
        offset: Scalar,
        src: Payload,
    },
    /// DWORD_ATOMIC: `Op` (the DWORD_ATOMIC_OP table's operation), its width (32, or 16
    /// with `.16`: Op bit 5), `Surface`, `Element_offset` (bytes), `Src0` and `Src1`
    /// (`None`: V0, `%null`); Dst is the instruction's `dst`, `Null` for V0.
    DwordAtomic {
        op: AtomicOp,
        width: u32,
        surface: DataportSurface,
        element_offset: Payload,
        src0: Option<Payload>,
        src1: Option<Payload>,
    },
    /// GATHER: `Elt_size` (1, 2 or 4 bytes, the text's `.<elt_size>`), `Surface`,
    /// `Global_offset` and `Element_offset`, both in units of the element size;
    /// `Is_modified` is ignored and not kept; `Num_elts` is the execution size (1, 8, 16).
    Gather {
        elt_size: u32,
        surface: DataportSurface,
        global_offset: Scalar,
        element_offset: Payload,
    },
    /// SCATTER: `Elt_size`, `Surface`, `Global_offset`, `Element_offset` and `Src`.
    Scatter {
        elt_size: u32,
        surface: DataportSurface,
        global_offset: Scalar,
        element_offset: Payload,
        src: Payload,
    },
    /// QW_GATHER: `Num_blocks` (qwords per lane), `Surface` and `Offset` (byte offsets).
    QwGather {
        num_blocks: u32,
        surface: DataportSurface,
        offset: Payload,
    },
    /// QW_SCATTER: `Num_blocks`, `Surface`, `Offset` and `Src`.
    QwScatter {
        num_blocks: u32,
        surface: DataportSurface,
        offset: Payload,
        src: Payload,
    },
}

impl DataportCtrl {
    pub fn surface(&self) -> DataportSurface {
        match *self {
            DataportCtrl::GatherScaled { surface, .. }
            | DataportCtrl::ScatterScaled { surface, .. }
            | DataportCtrl::Gather4Scaled { surface, .. }
            | DataportCtrl::Scatter4Scaled { surface, .. }
            | DataportCtrl::OwordLd { surface, .. }
            | DataportCtrl::OwordLdUnaligned { surface, .. }
            | DataportCtrl::OwordSt { surface, .. }
            | DataportCtrl::DwordAtomic { surface, .. }
            | DataportCtrl::Gather { surface, .. }
            | DataportCtrl::Scatter { surface, .. }
            | DataportCtrl::QwGather { surface, .. }
            | DataportCtrl::QwScatter { surface, .. } => surface,
        }
    }

    /// The bytes each enabled lane moves (the whole block for the oword forms, which run
    /// one NoMask lane).
    pub fn lane_bytes(&self) -> u32 {
        match *self {
            DataportCtrl::GatherScaled { num_blocks, .. }
            | DataportCtrl::ScatterScaled { num_blocks, .. } => num_blocks,
            DataportCtrl::Gather4Scaled { ch_mask, .. }
            | DataportCtrl::Scatter4Scaled { ch_mask, .. } => 4 * ch_mask.count_ones(),
            DataportCtrl::OwordLd { num_owords, .. }
            | DataportCtrl::OwordLdUnaligned { num_owords, .. }
            | DataportCtrl::OwordSt { num_owords, .. } => 16 * num_owords,
            DataportCtrl::DwordAtomic { width, .. } => width / 8,
            DataportCtrl::Gather { elt_size, .. } | DataportCtrl::Scatter { elt_size, .. } => {
                elt_size
            }
            DataportCtrl::QwGather { num_blocks, .. }
            | DataportCtrl::QwScatter { num_blocks, .. } => 8 * num_blocks,
        }
    }

    /// Whether the message writes memory and returns nothing (the atomic does both: its
    /// Dst is optional).
    pub fn is_store(&self) -> bool {
        matches!(
            self,
            DataportCtrl::ScatterScaled { .. }
                | DataportCtrl::Scatter4Scaled { .. }
                | DataportCtrl::OwordSt { .. }
                | DataportCtrl::Scatter { .. }
                | DataportCtrl::QwScatter { .. }
        )
    }

    /// The source operands as general sources, in the text's order (`Offset` or
    /// `Global_offset`, `Element_offset`, then `Src`); the surface is a state operand, not
    /// a source.
    pub fn sources(&self) -> Vec<Src> {
        match self {
            DataportCtrl::GatherScaled {
                offset,
                element_offset,
                ..
            }
            | DataportCtrl::Gather4Scaled {
                offset,
                element_offset,
                ..
            } => vec![offset.to_src(), element_offset.to_src()],
            DataportCtrl::ScatterScaled {
                offset,
                element_offset,
                src,
                ..
            }
            | DataportCtrl::Scatter4Scaled {
                offset,
                element_offset,
                src,
                ..
            } => vec![offset.to_src(), element_offset.to_src(), src.to_src()],
            DataportCtrl::OwordLd { offset, .. }
            | DataportCtrl::OwordLdUnaligned { offset, .. } => {
                vec![offset.to_src()]
            }
            DataportCtrl::OwordSt { offset, src, .. } => vec![offset.to_src(), src.to_src()],
            DataportCtrl::Gather {
                global_offset,
                element_offset,
                ..
            } => vec![global_offset.to_src(), element_offset.to_src()],
            DataportCtrl::Scatter {
                global_offset,
                element_offset,
                src,
                ..
            } => vec![
                global_offset.to_src(),
                element_offset.to_src(),
                src.to_src(),
            ],
            DataportCtrl::QwGather { offset, .. } => vec![offset.to_src()],
            DataportCtrl::QwScatter { offset, src, .. } => vec![offset.to_src(), src.to_src()],
            DataportCtrl::DwordAtomic {
                element_offset,
                src0,
                src1,
                ..
            } => {
                let null = Src::Imm {
                    bits: 0,
                    ty: DataType::UD,
                };
                let or_null =
                    |p: &Option<Payload>| p.as_ref().map_or(null.clone(), Payload::to_src);
                vec![element_offset.to_src(), or_null(src0), or_null(src1)]
            }
        }
    }

    /// Pushes the operands onto `out`, to change in place (in the text's order).
    pub fn operands_mut<'a>(&'a mut self, out: &mut Vec<OperandMut<'a>>) {
        match self {
            DataportCtrl::GatherScaled {
                offset,
                element_offset,
                ..
            }
            | DataportCtrl::Gather4Scaled {
                offset,
                element_offset,
                ..
            } => out.extend([
                OperandMut::Scalar(offset),
                OperandMut::Payload(element_offset),
            ]),
            DataportCtrl::ScatterScaled {
                offset,
                element_offset,
                src,
                ..
            }
            | DataportCtrl::Scatter4Scaled {
                offset,
                element_offset,
                src,
                ..
            } => out.extend([
                OperandMut::Scalar(offset),
                OperandMut::Payload(element_offset),
                OperandMut::Payload(src),
            ]),
            DataportCtrl::OwordLd { offset, .. }
            | DataportCtrl::OwordLdUnaligned { offset, .. } => out.push(OperandMut::Scalar(offset)),
            DataportCtrl::OwordSt { offset, src, .. } => {
                out.extend([OperandMut::Scalar(offset), OperandMut::Payload(src)])
            }
            DataportCtrl::Gather {
                global_offset,
                element_offset,
                ..
            } => out.extend([
                OperandMut::Scalar(global_offset),
                OperandMut::Payload(element_offset),
            ]),
            DataportCtrl::Scatter {
                global_offset,
                element_offset,
                src,
                ..
            } => out.extend([
                OperandMut::Scalar(global_offset),
                OperandMut::Payload(element_offset),
                OperandMut::Payload(src),
            ]),
            DataportCtrl::QwGather { offset, .. } => out.push(OperandMut::Payload(offset)),
            DataportCtrl::QwScatter { offset, src, .. } => {
                out.extend([OperandMut::Payload(offset), OperandMut::Payload(src)])
            }
            DataportCtrl::DwordAtomic {
                element_offset,
                src0,
                src1,
                ..
            } => {
                out.push(OperandMut::Payload(element_offset));
                out.extend(src0.iter_mut().map(OperandMut::Payload));
                out.extend(src1.iter_mut().map(OperandMut::Payload));
            }
        }
    }
}

/// GATHER_SCALED.md and SCATTER_SCALED.md, Num_blocks: the bytes per lane the text writes
/// (`gather_scaled.2`), as IGC's assembler prints them: 1, 2 or 4 (the field encodes them
/// as 0b00, 0b01, 0b10).
pub const NUM_BLOCKS: [u32; 3] = [1, 2, 4];

/// OWORD_LD.md, OWORD_LD_UNALIGNED.md and OWORD_ST.md, Size bits 2..0: 1, 2, 4 or 8
/// owords, and {XEHP+} 16 on T0 only.
pub const NUM_OWORDS: [u32; 5] = [1, 2, 4, 8, 16];

/// The data types the scaled forms' Dst and Src take (GATHER_SCALED, SCATTER_SCALED,
/// GATHER4_SCALED and SCATTER4_SCALED: "Must have type UD,D,F"); Element_offset and Offset
/// are UD. The oword forms' Dst and Src are untyped raw operands.
pub const DATA_TYPES: [DataType; 3] = [DataType::UD, DataType::D, DataType::F];

/// GATHER.md and SCATTER.md, Elt_size bits 1..0: the bytes of one element the text writes
/// (`gather.4`), 1, 2 or 4 (encoded 0b00, 0b01, 0b10).
pub const ELT_SIZES: [u32; 3] = [1, 2, 4];

/// GATHER.md and SCATTER.md, Num_elts bits 1..0: 8, 16 or 1 element, the text's execution
/// size.
pub const NUM_ELTS: [u32; 3] = [1, 8, 16];

/// QW_GATHER.md and QW_SCATTER.md, Num_blocks: the qwords per lane the text writes
/// (`qw_gather.1`). The documents encode 1 block only; IGC's assembler and compiler take 1,
/// 2 or 4 (erratum QW-GATHER-BLOCKS).
pub const QW_NUM_BLOCKS: [u32; 3] = [1, 2, 4];

/// QW_GATHER.md and QW_SCATTER.md: Dst and Src "Must have type Q,UQ,DF"; Offset is UD.
pub const QW_DATA_TYPES: [DataType; 3] = [DataType::Q, DataType::UQ, DataType::DF];

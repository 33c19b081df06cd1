//! The control fields and operands of the SVM instructions (instructions/SVM.md and the
//! SVM_*.md documents): the block load/store oword count, the gather/scatter block size and
//! block count, the RGBA channel mask of the four-channel forms and the atomic operation with
//! its data width, each with the operands its document names. Validation (`validate::svm`)
//! builds them from the text forms; the modules under `insn::svm` read them.

use super::operand::Src;
use super::operand::{Payload, Scalar};
use crate::platform::Platform;
use crate::types::DataType;

/// The control fields and operands of one SVM instruction, one variant per document, the
/// operands named as in its Format table.
///
/// IR shape: the operands are here, by name; `srcs` is empty (generic passes walk
/// [`super::Instruction::sources`], which yields [`SvmCtrl::sources`]). `Dst` is the
/// instruction's `dst`: a `General` operand for the loads, `General` or `Null` (V0) for
/// SVM_ATOMIC, `Null` for the stores.
///
/// A scalar operand (`Address`: `V(R,C)<0;1,0>` or an immediate) is a [`Scalar`]. A raw
/// operand `V.OFFSET` (`Addresses`, `Element_offset`, `Src`, `Src0`, `Src1`) is a [`Payload`]
/// at row `OFFSET / GRF size` and column `(OFFSET % GRF size) / element size`, so its byte
/// offset in the variable is [`raw_payload_offset`]. `None` is `%null` (V0) where SVM_ATOMIC
/// admits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SvmCtrl {
    /// SVM_BLOCK_LD: `Properties` (`num_owords`: 1, 2, 4, 8; bit 3 `.unaligned`: the address
    /// may be dword aligned) and `Address`.
    BlockLd {
        num_owords: u32,
        unaligned: bool,
        address: Scalar,
    },
    /// SVM_BLOCK_ST: `Properties` (`num_owords`), `Address` and `Src`.
    BlockSt {
        num_owords: u32,
        address: Scalar,
        src: Payload,
    },
    /// SVM_GATHER: `Block_size` in bytes (1, 4, 8), `Num_blocks` (1, 2, 4, 8) and
    /// `Addresses`.
    Gather {
        block_size: u32,
        num_blocks: u32,
        addresses: Payload,
    },
    /// SVM_SCATTER: `Block_size`, `Num_blocks`, `Addresses` and `Src`.
    Scatter {
        block_size: u32,
        num_blocks: u32,
        addresses: Payload,
        src: Payload,
    },
    /// SVM_GATHER4_SCALED: `Channels` (bit 0 is R, bit 3 is A), `Address` and
    /// `Element_offset`.
    Gather4Scaled {
        ch_mask: u8,
        address: Scalar,
        element_offset: Payload,
    },
    /// SVM_SCATTER4_SCALED: `Channels`, `Address`, `Element_offset` and `Src`.
    Scatter4Scaled {
        ch_mask: u8,
        address: Scalar,
        element_offset: Payload,
        src: Payload,
    },
    /// SVM_ATOMIC: `Op` and its data width in bits (16, 32, 64), `Addresses`, `Src0` and
    /// `Src1` (`None`: V0).
    Atomic {
        op: AtomicOp,
        width: u32,
        addresses: Payload,
        src0: Option<Payload>,
        src1: Option<Payload>,
    },
}

impl SvmCtrl {
    /// The source operands as general sources, in the order the text writes them
    /// (`Address`/`Addresses`, `Element_offset`, then `Src` or `Src0`, `Src1`). A scalar and
    /// a raw operand show as [`Scalar::to_src`] and [`Payload::to_src`]; `%null` as the
    /// immediate `0:ud`.
    /// Pushes the operands onto `out`, to change in place (in the text's order).
    pub fn operands_mut<'a>(&'a mut self, out: &mut Vec<super::operand::OperandMut<'a>>) {
        use super::operand::OperandMut as O;
        match self {
            SvmCtrl::BlockLd { address, .. } => out.push(O::Scalar(address)),
            SvmCtrl::BlockSt { address, src, .. } => {
                out.extend([O::Scalar(address), O::Payload(src)])
            }
            SvmCtrl::Gather { addresses, .. } => out.push(O::Payload(addresses)),
            SvmCtrl::Scatter { addresses, src, .. } => {
                out.extend([O::Payload(addresses), O::Payload(src)])
            }
            SvmCtrl::Gather4Scaled {
                address,
                element_offset,
                ..
            } => out.extend([O::Scalar(address), O::Payload(element_offset)]),
            SvmCtrl::Scatter4Scaled {
                address,
                element_offset,
                src,
                ..
            } => out.extend([
                O::Scalar(address),
                O::Payload(element_offset),
                O::Payload(src),
            ]),
            SvmCtrl::Atomic {
                addresses,
                src0,
                src1,
                ..
            } => out.extend([
                O::Payload(addresses),
                O::OptPayload(src0),
                O::OptPayload(src1),
            ]),
        }
    }

    pub fn sources(&self) -> Vec<Src> {
        let null = Src::Imm {
            bits: 0,
            ty: DataType::UD,
        };
        let raw_or_null = |p: &Option<Payload>| p.as_ref().map_or(null.clone(), Payload::to_src);
        match self {
            SvmCtrl::BlockLd { address, .. } => vec![address.to_src()],
            SvmCtrl::BlockSt { address, src, .. } => vec![address.to_src(), src.to_src()],
            SvmCtrl::Gather { addresses, .. } => vec![addresses.to_src()],
            SvmCtrl::Scatter { addresses, src, .. } => vec![addresses.to_src(), src.to_src()],
            SvmCtrl::Gather4Scaled {
                address,
                element_offset,
                ..
            } => vec![address.to_src(), element_offset.to_src()],
            SvmCtrl::Scatter4Scaled {
                address,
                element_offset,
                src,
                ..
            } => vec![address.to_src(), element_offset.to_src(), src.to_src()],
            SvmCtrl::Atomic {
                addresses,
                src0,
                src1,
                ..
            } => vec![addresses.to_src(), raw_or_null(src0), raw_or_null(src1)],
        }
    }
}

/// SVM_ATOMIC's `Op` (instructions/SVM_ATOMIC.md, Op bits 4..0; the operations of
/// DWORD_ATOMIC.md's DWORD_ATOMIC_OP table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AtomicOp {
    Add,
    Sub,
    Inc,
    Dec,
    Min,
    Max,
    Xchg,
    Cmpxchg,
    And,
    Or,
    Xor,
    Imin,
    Imax,
    Predec,
    Fmax,
    Fmin,
    Fcmpwr,
}

impl AtomicOp {
    pub const ALL: [AtomicOp; 17] = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Inc,
        AtomicOp::Dec,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::Xchg,
        AtomicOp::Cmpxchg,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Imin,
        AtomicOp::Imax,
        AtomicOp::Predec,
        AtomicOp::Fmax,
        AtomicOp::Fmin,
        AtomicOp::Fcmpwr,
    ];

    /// The modifier as written (`svm_atomic.cmpxchg`).
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Inc => "inc",
            AtomicOp::Dec => "dec",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::Xchg => "xchg",
            AtomicOp::Cmpxchg => "cmpxchg",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Imin => "imin",
            AtomicOp::Imax => "imax",
            AtomicOp::Predec => "predec",
            AtomicOp::Fmax => "fmax",
            AtomicOp::Fmin => "fmin",
            AtomicOp::Fcmpwr => "fcmpwr",
        }
    }

    /// The operation a text names: the documents' name, or IGC's `minsint` and `maxsint`
    /// for IMIN and IMAX (erratum IGC-SPELLINGS).
    pub fn from_name(s: &str) -> Option<AtomicOp> {
        match s {
            "minsint" => Some(AtomicOp::Imin),
            "maxsint" => Some(AtomicOp::Imax),
            _ => AtomicOp::ALL.into_iter().find(|o| o.name() == s),
        }
    }

    /// The number of sources besides the addresses (SVM_ATOMIC.md, Src0 and Src1): none for
    /// INC and DEC (and PREDEC, erratum `SVM-ATOMIC-PREDEC`), two for CMPXCHG and FCMPWR,
    /// one otherwise.
    pub fn num_srcs(self) -> usize {
        match self {
            AtomicOp::Inc | AtomicOp::Dec | AtomicOp::Predec => 0,
            AtomicOp::Cmpxchg | AtomicOp::Fcmpwr => 2,
            _ => 1,
        }
    }

    /// The operand types of SVM_ATOMIC.md, Notes, for a data width: IMIN and IMAX D and Q,
    /// the float operations F (no 64-bit float type is listed), the others UD and UQ;
    /// 16-bit atomics keep the 32-bit types. PREDEC also takes D and Q (its
    /// DWORD_ATOMIC_OP row lists signed types; erratum `SVM-ATOMIC-PREDEC`).
    pub fn types(self, width: u32) -> &'static [DataType] {
        let wide = width == 64;
        match (self, wide) {
            (AtomicOp::Imin | AtomicOp::Imax, false) => &[DataType::D],
            (AtomicOp::Imin | AtomicOp::Imax, true) => &[DataType::Q],
            (AtomicOp::Fmax | AtomicOp::Fmin | AtomicOp::Fcmpwr, false) => &[DataType::F],
            (AtomicOp::Fmax | AtomicOp::Fmin | AtomicOp::Fcmpwr, true) => &[],
            (AtomicOp::Predec, false) => &[DataType::UD, DataType::D],
            (AtomicOp::Predec, true) => &[DataType::UQ, DataType::Q],
            (_, false) => &[DataType::UD],
            (_, true) => &[DataType::UQ],
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, AtomicOp::Fmax | AtomicOp::Fmin | AtomicOp::Fcmpwr)
    }
}

/// The channel mask letters of the text form (`RGBA`, `RB`): R is bit 0, A bit 3. Letters
/// must appear at most once and in RGBA order, as IGC's assembler prints them.
pub fn parse_channels(s: &str) -> Option<u8> {
    let mut mask = 0u8;
    let mut last = -1i32;
    for c in s.chars() {
        let bit = "RGBA".find(c.to_ascii_uppercase())? as i32;
        if bit <= last {
            return None;
        }
        last = bit;
        mask |= 1 << bit;
    }
    (mask != 0).then_some(mask)
}

/// The `Block_size` field encodings of SVM_GATHER.md and SVM_SCATTER.md (bits 1..0) as the
/// documents give them: 0b00 one byte, 0b01 four bytes, and eight bytes at 0b11 in
/// SVM_GATHER.md but 0b10 in SVM_SCATTER.md (erratum `SVM-GATHER-BLOCK-ENCODING`).
/// `gather_literal` selects SVM_GATHER.md's literal table for the gather; otherwise both
/// instructions use 0b10. The text forms write the size in bytes, so this only matters to a
/// binary encoder or decoder.
pub fn block_size_from_encoding(gather: bool, encoding: u8, gather_literal: bool) -> Option<u32> {
    match (encoding & 0b11, gather && gather_literal) {
        (0b00, _) => Some(1),
        (0b01, _) => Some(4),
        (0b10, false) | (0b11, true) => Some(8),
        _ => None,
    }
}

/// The inverse of [`block_size_from_encoding`].
pub fn block_size_encoding(gather: bool, block_size: u32, gather_literal: bool) -> Option<u8> {
    (0u8..4).find(|e| block_size_from_encoding(gather, *e, gather_literal) == Some(block_size))
}

/// The byte offset in its variable of a raw operand `V.OFFSET` of an SVM instruction:
/// `row * GRF size + col * element size`.
pub fn raw_byte_offset(platform: Platform, row: u32, col: u32, ty: DataType) -> usize {
    row as usize * platform.grf_size() + col as usize * ty.size()
}

/// The byte offset in its variable of a raw operand held as a [`Payload`]
/// ([`raw_byte_offset`] of its origin and type).
pub fn raw_payload_offset(platform: Platform, p: &Payload) -> usize {
    raw_byte_offset(platform, p.row, p.col, p.ty)
}

//! The control fields and operands of the typed legacy dataport messages
//! (instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md and TYPED_ATOMIC.md): the channel mask
//! or the atomic operation, the typed surface and the pixel coordinates U, V, R and LOD,
//! with the data operands. Validation
//! (`validate::dataport_typed`) builds them from the text forms; the modules under
//! `insn::dataport` read them.
//!
//! The surface is a declared surface variable (`T6`..) whose first element (written by
//! MOVS) is a binding-table index; the entry is a typed surface with a format
//! (`init.surfaces[].format`). The documents exclude T0 (SLM) and T5 (stateless).

use super::operand::{OperandMut, Payload, Src};
use super::svm::AtomicOp;
use crate::state::VarId;
use crate::types::DataType;

/// The control fields and operands of one typed message, one variant per document, the
/// operands named as in its Format table.
///
/// IR shape: `srcs` is empty (generic passes walk [`super::Instruction::sources`], which
/// yields [`TypedCtrl::sources`]); `Dst` is the instruction's `dst` (`General` for the
/// gather, `Null` for the scatter). V, R and LOD are `None` for `%null` (V0: "If an offset
/// operand is not applicable for the surface accessed ... it should be set to V0"), which
/// reads 0 in every lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedCtrl {
    /// GATHER4_TYPED: `Channels` (the RGBA mask, R bit 0), `Surface`, `U`, `V`, `R`, `LOD`.
    Gather4Typed {
        ch_mask: u8,
        surface: VarId,
        u: Payload,
        v: Option<Payload>,
        r: Option<Payload>,
        lod: Option<Payload>,
    },
    /// SCATTER4_TYPED: as GATHER4_TYPED, with `Src`.
    Scatter4Typed {
        ch_mask: u8,
        surface: VarId,
        u: Payload,
        v: Option<Payload>,
        r: Option<Payload>,
        lod: Option<Payload>,
        src: Payload,
    },
    /// TYPED_ATOMIC: `Op` (bits 4..0, the DWORD_ATOMIC_OP table's operations) and its width
    /// (32, or 16 with `.16`: Op bit 5), `Surface`, `U`, `V`, `R`, `LOD`, `Src0` and `Src1`
    /// (`None`: V0, `%null`); Dst is the instruction's `dst`, `Null` for V0.
    TypedAtomic {
        op: AtomicOp,
        width: u32,
        surface: VarId,
        u: Payload,
        v: Option<Payload>,
        r: Option<Payload>,
        lod: Option<Payload>,
        src0: Option<Payload>,
        src1: Option<Payload>,
    },
}

/// The coordinates of a typed message: U, then V, R and LOD (`None`: V0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coordinates {
    pub u: Payload,
    pub v: Option<Payload>,
    pub r: Option<Payload>,
    pub lod: Option<Payload>,
}

impl TypedCtrl {
    pub fn surface(&self) -> VarId {
        match *self {
            TypedCtrl::Gather4Typed { surface, .. }
            | TypedCtrl::Scatter4Typed { surface, .. }
            | TypedCtrl::TypedAtomic { surface, .. } => surface,
        }
    }

    /// The enabled channels (RGBA, R bit 0); the atomic reaches the R channel alone.
    pub fn ch_mask(&self) -> u8 {
        match *self {
            TypedCtrl::Gather4Typed { ch_mask, .. } | TypedCtrl::Scatter4Typed { ch_mask, .. } => {
                ch_mask
            }
            TypedCtrl::TypedAtomic { .. } => 1,
        }
    }

    pub fn coordinates(&self) -> Coordinates {
        match *self {
            TypedCtrl::Gather4Typed { u, v, r, lod, .. }
            | TypedCtrl::Scatter4Typed { u, v, r, lod, .. }
            | TypedCtrl::TypedAtomic { u, v, r, lod, .. } => Coordinates { u, v, r, lod },
        }
    }

    /// The store's Src (`None` for the gather and the atomic).
    pub fn src(&self) -> Option<Payload> {
        match *self {
            TypedCtrl::Gather4Typed { .. } | TypedCtrl::TypedAtomic { .. } => None,
            TypedCtrl::Scatter4Typed { src, .. } => Some(src),
        }
    }

    /// Whether the message writes memory and returns nothing (the atomic does both: its
    /// Dst is optional).
    pub fn is_store(&self) -> bool {
        matches!(self, TypedCtrl::Scatter4Typed { .. })
    }

    /// The bytes each enabled lane moves (one dword per enabled channel; the atomic's
    /// element).
    pub fn lane_bytes(&self) -> u32 {
        match *self {
            TypedCtrl::TypedAtomic { width, .. } => width / 8,
            _ => 4 * self.ch_mask().count_ones(),
        }
    }

    /// The source operands as general sources, in the text's order (U, V, R, LOD, then
    /// Src, or Src0 and Src1; V0 as a UD zero); the surface is a state operand, not a
    /// source.
    pub fn sources(&self) -> Vec<Src> {
        let null = Src::Imm {
            bits: 0,
            ty: DataType::UD,
        };
        let or_null = |p: &Option<Payload>| p.as_ref().map_or(null.clone(), Payload::to_src);
        let c = self.coordinates();
        let mut out = vec![c.u.to_src(), or_null(&c.v), or_null(&c.r), or_null(&c.lod)];
        if let Some(src) = self.src() {
            out.push(src.to_src());
        }
        if let TypedCtrl::TypedAtomic { src0, src1, .. } = self {
            out.push(or_null(src0));
            out.push(or_null(src1));
        }
        out
    }

    /// Pushes the operands onto `out`, to change in place (in the text's order).
    pub fn operands_mut<'a>(&'a mut self, out: &mut Vec<OperandMut<'a>>) {
        match self {
            TypedCtrl::Gather4Typed { u, v, r, lod, .. } => {
                out.push(OperandMut::Payload(u));
                out.push(OperandMut::OptPayload(v));
                out.push(OperandMut::OptPayload(r));
                out.push(OperandMut::OptPayload(lod));
            }
            TypedCtrl::Scatter4Typed {
                u, v, r, lod, src, ..
            } => {
                out.push(OperandMut::Payload(u));
                out.push(OperandMut::OptPayload(v));
                out.push(OperandMut::OptPayload(r));
                out.push(OperandMut::OptPayload(lod));
                out.push(OperandMut::Payload(src));
            }
            TypedCtrl::TypedAtomic {
                u,
                v,
                r,
                lod,
                src0,
                src1,
                ..
            } => {
                out.push(OperandMut::Payload(u));
                out.push(OperandMut::OptPayload(v));
                out.push(OperandMut::OptPayload(r));
                out.push(OperandMut::OptPayload(lod));
                // Src0 and Src1 stay V0 where the operation reads none.
                out.extend(src0.iter_mut().map(OperandMut::Payload));
                out.extend(src1.iter_mut().map(OperandMut::Payload));
            }
        }
    }
}

/// GATHER4_TYPED.md and SCATTER4_TYPED.md, U, V, R, LOD: "Restriction: type UD"; Dst and
/// Src: "UD, D, F".
pub const DATA_TYPES: [DataType; 3] = [DataType::UD, DataType::D, DataType::F];

/// The execution sizes a typed message takes on a platform whose register is `grf` bytes
/// (TYPED-EXEC-SIZE: 8; resolved, also 16 with 64-byte registers).
pub fn exec_sizes(grf: usize, literal: bool) -> &'static [u32] {
    if grf == 64 && !literal {
        &[8, 16]
    } else {
        &[8]
    }
}

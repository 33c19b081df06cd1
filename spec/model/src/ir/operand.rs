//! The narrow operand kinds the message and matrix families name in their `ctrl`: a scalar
//! (an immediate or one element of a general variable) and a payload (consecutive register
//! bytes of a general variable from an origin). A family that stores its operands in these
//! types cannot be handed an indirect, predicate or address operand where the document
//! admits none, so its semantics need no re-check of the operand's kind.
//!
//! Generic passes over operands see every kind as a [`Src`] ([`Scalar::to_src`],
//! [`Payload::to_src`]) through [`super::Instruction::sources`].

use super::{Region, Src};
use crate::state::VarId;
use crate::types::DataType;

/// A scalar operand: `VALUE:T`, or `V(R,C)` read as one element (region `<0;1,0>`).
/// 5_operands.md, "Immediate Operands" and "Region-based Addressing".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Imm {
        bits: u64,
        ty: DataType,
    },
    Var {
        var: VarId,
        row: u32,
        col: u32,
        ty: DataType,
    },
}

impl Scalar {
    /// The element type.
    pub fn ty(&self) -> DataType {
        match self {
            Scalar::Imm { ty, .. } | Scalar::Var { ty, .. } => *ty,
        }
    }

    /// The operand as a general source: an immediate, or a general operand with the scalar
    /// region.
    pub fn to_src(&self) -> Src {
        match *self {
            Scalar::Imm { bits, ty } => Src::Imm { bits, ty },
            Scalar::Var { var, row, col, ty } => Src::General {
                var,
                row,
                col,
                region: Region::SCALAR,
                modifier: None,
                ty,
            },
        }
    }
}

/// A payload operand: the register bytes of a general variable from `V(R,C)` on (a message's
/// address or data vector, a matrix operand of DPAS). How many bytes it spans is the
/// family's to compute; validation has checked that they lie in the variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payload {
    pub var: VarId,
    pub row: u32,
    pub col: u32,
    /// The type the operand is written with (the variable's own type when the text gives
    /// none).
    pub ty: DataType,
}

impl Payload {
    /// A whole variable from its start.
    pub fn whole(var: VarId, ty: DataType) -> Payload {
        Payload {
            var,
            row: 0,
            col: 0,
            ty,
        }
    }

    /// The operand as a general source at its origin with the scalar region (the region a
    /// payload was written with in the positional IR).
    pub fn to_src(&self) -> Src {
        Src::General {
            var: self.var,
            row: self.row,
            col: self.col,
            region: Region::SCALAR,
            modifier: None,
            ty: self.ty,
        }
    }
}

/// One operand of an instruction, to change in place: a positional source, or a named
/// operand of the narrow kinds. Generic rewriting passes (fuzzers, shrinkers) walk
/// [`super::Instruction::operands_mut`].
#[derive(Debug)]
pub enum OperandMut<'a> {
    Src(&'a mut Src),
    Scalar(&'a mut Scalar),
    Payload(&'a mut Payload),
    /// A named operand the text may write `%null` (`None`).
    OptPayload(&'a mut Option<Payload>),
    OptScalar(&'a mut Option<Scalar>),
}

//! The narrow operand kinds the message and matrix families name in their `ctrl`: a scalar
//! (an immediate or one element of a general variable) and a payload (consecutive register
//! bytes of a general variable from an origin). A family that stores its operands in these
//! types cannot be handed an indirect, predicate or address operand where the document
//! admits none, so its semantics need no re-check of the operand's kind.
//!
//! Generic passes over operands see every kind as a [`Src`] ([`Scalar::to_src`],
//! [`Payload::to_src`]) through [`super::Instruction::sources`].

use crate::asm::ast::SrcModifier;
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

/// A source region in elements (5_operands.md, "Region-based Addressing").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub vstride: u32,
    pub width: u32,
    pub hstride: u32,
}

impl Region {
    /// `<0;1,0>`: one element broadcast to every channel.
    pub const SCALAR: Region = Region {
        vstride: 0,
        width: 1,
        hstride: 0,
    };
}

/// A destination operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Dst {
    /// `V(R,C)<HS>` on a general variable.
    General {
        var: VarId,
        row: u32,
        col: u32,
        hstride: u32,
        ty: DataType,
    },
    /// `r[A(k), off]<HS>:T`: single-address indirect.
    Indirect {
        addr: VarId,
        addr_sub: u32,
        imm_offset: i32,
        hstride: u32,
        ty: DataType,
    },
    /// `%null`: results are discarded.
    Null { ty: DataType },
    /// A predicate variable: one bit per channel (CMP, SETP; ADD3O's overflow).
    Predicate { var: VarId },
    /// Element `sub` onwards of an address variable, `A(sub)` (ADDR_ADD).
    Address { var: VarId, sub: u32 },
    /// Element `sub` onwards of a surface or sampler variable, `T(sub)` (MOVS).
    State { var: VarId, sub: u32 },
}

impl Dst {
    /// The element type: BOOL for a predicate, UW for an address, UD for a state variable.
    pub fn ty(&self) -> DataType {
        match self {
            Dst::General { ty, .. } | Dst::Indirect { ty, .. } | Dst::Null { ty } => *ty,
            Dst::Predicate { .. } => DataType::BOOL,
            Dst::Address { .. } => DataType::UW,
            Dst::State { .. } => DataType::UD,
        }
    }

    /// Whether the destination is in the register file (general, indirect or `%null`).
    pub fn is_register(&self) -> bool {
        matches!(
            self,
            Dst::General { .. } | Dst::Indirect { .. } | Dst::Null { .. }
        )
    }
}

/// A source operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Src {
    /// `[MOD]V(R,C)<VS;W,HS>` on a general variable.
    General {
        var: VarId,
        row: u32,
        col: u32,
        region: Region,
        modifier: Option<SrcModifier>,
        ty: DataType,
    },
    /// `[MOD]r[A(k), off]<VS;W,HS>:T`; `region.vstride` is ignored when `multi` is set
    /// (multi-address form `<;W,HS>`).
    Indirect {
        addr: VarId,
        addr_sub: u32,
        imm_offset: i32,
        region: Region,
        multi: bool,
        modifier: Option<SrcModifier>,
        ty: DataType,
    },
    /// `VALUE:T`, replicated to every channel; V, UV and VF are packed vectors.
    Imm { bits: u64, ty: DataType },
    /// A predicate variable read as an unsigned integer (MOV from a predicate).
    Predicate { var: VarId },
    /// Element `sub` onwards of an address variable, `A(sub)` (ADDR_ADD's src0).
    Address { var: VarId, sub: u32 },
    /// The register-file byte address of a general variable plus a byte offset:
    /// `&V+OFFSET`, or `V(R,C)<0;1,0>` as ADDR_ADD's src0 (instructions/ADDR_ADD.md, Notes).
    AddrOf { var: VarId, offset: u32 },
    /// Element `sub` onwards of a surface or sampler variable, `T(sub)` (MOVS).
    State { var: VarId, sub: u32 },
}

impl Src {
    pub fn ty(&self) -> DataType {
        match self {
            Src::General { ty, .. } | Src::Indirect { ty, .. } | Src::Imm { ty, .. } => *ty,
            Src::Predicate { .. } => DataType::BOOL,
            Src::Address { .. } | Src::AddrOf { .. } => DataType::UW,
            Src::State { .. } => DataType::UD,
        }
    }

    pub fn modifier(&self) -> Option<SrcModifier> {
        match self {
            Src::General { modifier, .. } | Src::Indirect { modifier, .. } => *modifier,
            _ => None,
        }
    }
}

//! The validated instruction IR shared by every engine: names resolved to variables, types
//! known, regions checked against 5_operands.md. Built by [`crate::validate`].

use crate::asm::ast::{MaskControl, PredCombine, SrcModifier};
use crate::error::Pos;
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

/// A validated program: its platform, its variables and its instructions.
#[derive(Clone, Debug)]
pub struct Program {
    pub platform: Platform,
    pub vars: Vars,
    pub insns: Vec<Instruction>,
}

/// Instructions the engines execute. Every other documented instruction parses and prints,
/// and validation reports it as `unsupported` until its family lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opcode {
    Mov,
    Add,
    Add3,
    Avg,
    Mulh,
    And,
    Or,
    Xor,
    Not,
    Shl,
    Shr,
    Asr,
    Rol,
    Ror,
    Bfrev,
    Cbit,
    Fbh,
    Fbl,
    Lzd,
    Bfe,
    Bfi,
}

impl Opcode {
    pub const ALL: [Opcode; 21] = [
        Opcode::Mov,
        Opcode::Add,
        Opcode::Add3,
        Opcode::Avg,
        Opcode::Mulh,
        Opcode::And,
        Opcode::Or,
        Opcode::Xor,
        Opcode::Not,
        Opcode::Shl,
        Opcode::Shr,
        Opcode::Asr,
        Opcode::Rol,
        Opcode::Ror,
        Opcode::Bfrev,
        Opcode::Cbit,
        Opcode::Fbh,
        Opcode::Fbl,
        Opcode::Lzd,
        Opcode::Bfe,
        Opcode::Bfi,
    ];

    /// Mnemonic as written in assembly text.
    pub fn mnemonic(self) -> &'static str {
        match self {
            Opcode::Mov => "mov",
            Opcode::Add => "add",
            Opcode::Add3 => "add3",
            Opcode::Avg => "avg",
            Opcode::Mulh => "mulh",
            Opcode::And => "and",
            Opcode::Or => "or",
            Opcode::Xor => "xor",
            Opcode::Not => "not",
            Opcode::Shl => "shl",
            Opcode::Shr => "shr",
            Opcode::Asr => "asr",
            Opcode::Rol => "rol",
            Opcode::Ror => "ror",
            Opcode::Bfrev => "bfrev",
            Opcode::Cbit => "cbit",
            Opcode::Fbh => "fbh",
            Opcode::Fbl => "fbl",
            Opcode::Lzd => "lzd",
            Opcode::Bfe => "bfe",
            Opcode::Bfi => "bfi",
        }
    }

    /// The instruction document this opcode is transcribed from.
    pub fn document(self) -> &'static str {
        match self {
            Opcode::Mov => "instructions/MOV.md",
            Opcode::Add => "instructions/ADD.md",
            Opcode::Add3 => "instructions/ADD3.md",
            Opcode::Avg => "instructions/AVG.md",
            Opcode::Mulh => "instructions/MULH.md",
            Opcode::And => "instructions/AND.md",
            Opcode::Or => "instructions/OR.md",
            Opcode::Xor => "instructions/XOR.md",
            Opcode::Not => "instructions/NOT.md",
            Opcode::Shl => "instructions/SHL.md",
            Opcode::Shr => "instructions/SHR.md",
            Opcode::Asr => "instructions/ASR.md",
            Opcode::Rol => "instructions/ROL.md",
            Opcode::Ror => "instructions/ROR.md",
            Opcode::Bfrev => "instructions/BFREV.md",
            Opcode::Cbit => "instructions/CBIT.md",
            Opcode::Fbh => "instructions/FBH.md",
            Opcode::Fbl => "instructions/FBL.md",
            Opcode::Lzd => "instructions/LZD.md",
            Opcode::Bfe => "instructions/BFE.md",
            Opcode::Bfi => "instructions/BFI.md",
        }
    }

    /// Number of source operands.
    pub fn num_srcs(self) -> usize {
        crate::forms::form(self).num_srcs
    }

    /// Whether both engines execute the opcode. Validation reports the others as
    /// `unsupported` (their modules are being written).
    pub fn is_executed(self) -> bool {
        matches!(
            self,
            Opcode::Mov
                | Opcode::Add
                | Opcode::Add3
                | Opcode::Avg
                | Opcode::Mulh
                | Opcode::And
                | Opcode::Or
                | Opcode::Xor
                | Opcode::Not
                | Opcode::Shl
                | Opcode::Shr
                | Opcode::Asr
                | Opcode::Rol
                | Opcode::Ror
                | Opcode::Bfrev
                | Opcode::Cbit
                | Opcode::Fbh
                | Opcode::Fbl
                | Opcode::Lzd
                | Opcode::Bfe
                | Opcode::Bfi
        )
    }

    pub fn from_mnemonic(s: &str) -> Option<Opcode> {
        Opcode::ALL.into_iter().find(|o| o.mnemonic() == s)
    }
}

/// One validated instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// Where the instruction stands in the text.
    pub pos: Pos,
    pub opcode: Opcode,
    pub pred: Option<Predicate>,
    pub mask: MaskControl,
    pub exec_size: u32,
    pub sat: bool,
    pub dst: Dst,
    pub srcs: Vec<Src>,
}

/// The predicate control of an instruction (5_operands.md, "Predication").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Predicate {
    pub var: VarId,
    pub invert: bool,
    pub combine: PredCombine,
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
}

impl Dst {
    pub fn ty(&self) -> DataType {
        match self {
            Dst::General { ty, .. } | Dst::Indirect { ty, .. } | Dst::Null { ty } => *ty,
        }
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
}

impl Src {
    pub fn ty(&self) -> DataType {
        match self {
            Src::General { ty, .. } | Src::Indirect { ty, .. } | Src::Imm { ty, .. } => *ty,
            Src::Predicate { .. } => DataType::BOOL,
        }
    }

    pub fn modifier(&self) -> Option<SrcModifier> {
        match self {
            Src::General { modifier, .. } | Src::Indirect { modifier, .. } => *modifier,
            _ => None,
        }
    }
}

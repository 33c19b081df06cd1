//! The syntax tree of vISA assembly text (../reference/asm-syntax.md; each instruction
//! document's `Text` section). It is purely syntactic: names are not resolved and no rule of
//! the documents is checked here; that is [`crate::validate`]'s job.
//!
//! Printing a tree ([`super::print`]) gives the canonical text, and parsing canonical text
//! gives the same tree back.

use crate::error::Pos;
use crate::types::DataType;

/// A whole assembly text: declarations, directives, labels and instructions in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub lines: Vec<Line>,
}

/// One logical line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub pos: Pos,
    pub kind: LineKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LineKind {
    /// `.decl NAME v_type=... ...`
    Decl(Decl),
    /// Any other dot directive (`.kernel "k"`, `.version 3.6`, `.input ...`), kept as its words.
    Directive { name: String, args: Vec<String> },
    /// `NAME:` marks a label.
    Label(String),
    /// `{` opens a declaration scope (IGC's CISA.y, `Scope`): names declared inside it are
    /// visible until the matching `}`.
    ScopeOpen,
    /// `}` closes the innermost declaration scope.
    ScopeClose,
    /// An instruction.
    Insn(InsnLine),
}

/// Variable class of a declaration (`v_type=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarClass {
    /// `G`: general variable in the register file.
    General,
    /// `P`: predicate variable.
    Predicate,
    /// `A`: address variable.
    Address,
    /// `T`: surface variable.
    Surface,
    /// `S`: sampler variable.
    Sampler,
}

impl VarClass {
    pub fn letter(self) -> &'static str {
        match self {
            VarClass::General => "G",
            VarClass::Predicate => "P",
            VarClass::Address => "A",
            VarClass::Surface => "T",
            VarClass::Sampler => "S",
        }
    }
}

/// `.decl NAME v_type=G type=T num_elts=N [align=A] [alias=<OTHER, OFFSET>] [attrs={...}]`
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub name: String,
    pub class: VarClass,
    /// `type=`; present for general variables.
    pub ty: Option<DataType>,
    pub num_elts: u32,
    /// `align=` in IGC's spelling (`byte`, `word`, `dword`, `qword`, `oword`, `hword`, `GRF`,
    /// `GRFx2`, `wordx32`, `wordx64`): the other spellings IGC reads (`2GRF`, `32word`,
    /// `64word`, a byte count) are read as these.
    pub align: Option<String>,
    /// `alias=<OTHER, BYTE_OFFSET>`.
    pub alias: Option<(String, u32)>,
    /// `attrs={a, b=c}` items as written.
    pub attrs: Vec<String>,
    /// `v_name=NAME`: the source-level name IGC writes on sampler and surface declarations
    /// (CISA.y, `VNameEqOpt`). Informational only.
    pub v_name: Option<String>,
}

/// `[(PRED)] op[.mods] (EMASK, SIZE) operands...`
#[derive(Clone, Debug, PartialEq)]
pub struct InsnLine {
    pub pred: Option<PredRef>,
    /// Mnemonic in lower case (`mov`, `lsc_load`, `svm_gather4scaled`).
    pub opcode: String,
    /// The dot-separated words after the mnemonic, as written (`sat`, `eq`, `s8`, `ugm`, `RB`).
    pub mods: Vec<String>,
    /// `(M1, 16)`, `(M5_NM, 8)` or `(16)`: present when the instruction has an execution size.
    pub exec: Option<ExecSpec>,
    pub operands: Vec<Operand>,
}

/// `(P1)`, `(!P1)`, `(P1.any)`, `(!P2.all)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredRef {
    pub invert: bool,
    pub name: String,
    pub combine: PredCombine,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PredCombine {
    /// Sequential channel-to-predicate mapping.
    None,
    Any,
    All,
}

/// The execution mask control and size of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecSpec {
    /// `None` when the text gives only a size (`(16)`); it means `M1`.
    pub mask: Option<MaskControl>,
    pub size: u32,
}

/// `M1`..`M8` and `M1_NM`..`M8_NM` (3_execution_model.md, execution mask control table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MaskControl {
    /// 1..=8: `Mk` selects EM offset `4*(k-1)`.
    pub group: u8,
    pub no_mask: bool,
}

impl MaskControl {
    pub const M1: MaskControl = MaskControl {
        group: 1,
        no_mask: false,
    };

    /// The EM offset of the control (0, 4, ..., 28). Total on any `group`, so that a rule
    /// may compute it before checking the group (a group outside 1..=8 is rejected by the
    /// validators; group 0 gives offset 0 here).
    pub fn offset(self) -> u32 {
        4 * u32::from(self.group).saturating_sub(1)
    }
}

/// Source modifiers (5_operands.md "modifiers"; the table is missing there, erratum
/// `OPERAND-MODIFIER-TABLE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SrcModifier {
    /// `(-)`
    Neg,
    /// `(abs)`
    Abs,
    /// `(-abs)`
    NegAbs,
    /// `~` (logic instructions only)
    Not,
}

/// Region of a general or indirect operand as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionSyntax {
    /// `<HS>`: destination region.
    Dst { hstride: u32 },
    /// `<VS;W,HS>`: source region.
    Src {
        vstride: u32,
        width: u32,
        hstride: u32,
    },
    /// `<;W,HS>`: multi-address indirect source region (null vertical stride).
    MultiAddr { width: u32, hstride: u32 },
}

/// One term of a bracketed address: `[SCALE *] BASE [+|- OFFSET]`, `BASE + (X, Y)`, or a
/// lone number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrTerm {
    pub scale: Option<i64>,
    /// A variable name (possibly with an element index, a register origin or a byte offset
    /// as written, e.g. `V2`, `V2(0,0)`, `V2.64`), or `None` for a bare immediate term.
    pub base: Option<String>,
    pub offset: i64,
    /// `BASE + (X, Y)`: the immediate X and Y offsets of a block 2D address held in one
    /// payload register (IGC's CISA.y, `LscUntypedBlock2dAddrOperand`, last form).
    pub block_offsets: Option<(i64, i64)>,
}

/// An immediate constant: its bit pattern in the type's little-endian storage (low bits of
/// `bits`) and its type. Canonical text is `0x<bits>:<type>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Immediate {
    pub bits: u64,
    pub ty: DataType,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    pub pos: Pos,
    pub kind: OperandKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum OperandKind {
    /// `[MOD]NAME(R,C)[<region>][:type]` or an address/predicate element `NAME(I)`.
    /// `origin` holds the numbers in the parentheses (one or two).
    Var {
        modifier: Option<SrcModifier>,
        name: String,
        origin: Vec<u32>,
        region: Option<RegionSyntax>,
        ty: Option<DataType>,
    },
    /// `[MOD]r[ADDR(SUB), OFFSET][<region>]:type`.
    Indirect {
        modifier: Option<SrcModifier>,
        addr: String,
        addr_sub: u32,
        imm_offset: i32,
        region: Option<RegionSyntax>,
        ty: Option<DataType>,
    },
    /// `NAME.OFFSET`: raw operand, byte offset into the variable.
    Raw { name: String, offset: u32 },
    /// `VALUE:type`.
    Imm(Immediate),
    /// `&NAME[+OFFSET]`: address of a variable (ADDR_ADD).
    AddrOf { name: String, offset: i64 },
    /// `NAME[.OFFSET]:SHAPE`: an LSC data operand (`V13:d32x4`, `V1:d16.2x16x32nn`), the
    /// register payload starting `offset` bytes into the variable (`V1.32:d32x8t`; IGC's
    /// CISA.y, `LscPayloadReg` as a `RawOperand`).
    Data {
        name: String,
        offset: u32,
        shape: String,
    },
    /// `SPACE[(SURFACE)][TERMS][:SIZE]`: an LSC address (`flat[V2+0x100]:a64`,
    /// `bti(0x4)[V6]:a32`, `flat[B,W,H,P,X+2,Y]`).
    Address {
        space: String,
        surface: Option<Box<Operand>>,
        terms: Vec<AddrTerm>,
        size: Option<String>,
    },
    /// A bare name: predicate, label, surface, sampler, `%null`, a function name.
    Name(String),
    /// A bare integer: sizes, masks, line numbers.
    Number(i64),
    /// A double-quoted string.
    Str(String),
    /// `(a, b, ...)`: label lists (SWITCHJMP), block sizes (MEDIA_LD), VME modes.
    Group(Vec<Operand>),
}

//! The validated instruction IR shared by every engine: names resolved to variables, types
//! known, regions checked against 5_operands.md. Built by [`crate::validate`].

pub mod alu;
pub mod block2d;
pub mod dpas;
pub mod flow;
pub mod lsc;
pub mod lsc_typed;
pub mod operand;
pub mod svm;

pub use dpas::DpasCtrl;
pub use operand::{Dst, OperandMut, Payload, Region, Scalar, Src};

use std::borrow::Cow;

use crate::asm::ast::{MaskControl, PredCombine};
use crate::error::Pos;
use crate::platform::Platform;
use crate::state::{VarId, Vars};

/// A validated program: its platform, its variables, its instructions, its labels and its
/// units (the kernel, then the functions FCALL may call; [`flow`]).
#[derive(Clone, Debug)]
pub struct Program {
    pub platform: Platform,
    pub vars: Vars,
    pub insns: Vec<Instruction>,
    /// Every label, indexed by [`flow::LabelId`].
    pub labels: Vec<flow::Label>,
    /// The kernel (unit 0) and the functions, indexed by [`flow::UnitId`]; their
    /// instruction ranges are consecutive and cover `insns`.
    pub units: Vec<flow::Unit>,
}

impl Program {
    /// A program of one kernel without labels: straight-line code.
    pub fn new(platform: Platform, vars: Vars, insns: Vec<Instruction>) -> Program {
        let end = insns.len();
        Program {
            platform,
            vars,
            insns,
            labels: Vec::new(),
            units: vec![flow::Unit {
                name: String::new(),
                kind: flow::UnitKind::Kernel,
                entry: 0,
                end,
            }],
        }
    }

    /// Whether any instruction transfers control (the program is not straight-line code).
    pub fn has_control_flow(&self) -> bool {
        self.insns
            .iter()
            .any(|i| i.opcode.is_flow() && i.opcode.transfers_control())
    }
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
    Add3o,
    Addc,
    Subb,
    Mul,
    Madw,
    Mad,
    Mod,
    Div,
    Sad2,
    Sad2add,
    AddrAdd,
    Bfn,
    Cmp,
    Sel,
    Setp,
    Min,
    Max,
    Movs,
    // Issue 24, rounding (i24-exact): instructions/RNDD.md, RNDE.md, RNDU.md, RNDZ.md, FRC.md.
    Rndd,
    Rnde,
    Rndu,
    Rndz,
    Frc,
    // The math instructions (issue 24): instructions/INV.md ... RSQTM.md.
    Inv,
    Log,
    Exp,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    Pow,
    Divm,
    Sqrtm,
    // Issue 24, conversions (h24-fcvt): instructions/FCVT.md, SRND.md.
    Fcvt,
    Srnd,
    // Issue 24, LRP and PLN (h24-lrp): instructions/LRP.md, PLN.md.
    Lrp,
    Pln,
    // The early-out math macros (issue 24): instructions/INVM.md, RSQTM.md.
    Invm,
    Rsqtm,
    Dpas,
    Dpasw,
    Dp4a,
    SvmBlockLd,
    SvmBlockSt,
    SvmGather,
    SvmScatter,
    SvmGather4Scaled,
    SvmScatter4Scaled,
    SvmAtomic,
    /// LSC_UNTYPED's `lsc_load` (gathering load, or block load when transposed).
    LscLoad,
    /// LSC_UNTYPED's `lsc_store` (scattering store, or block store when transposed).
    LscStore,
    /// LSC_UNTYPED's `lsc_store_uncompressed`.
    LscStoreUncompressed,
    /// LSC_UNTYPED's `lsc_load_strided` (one base address, lanes a pitch apart).
    LscLoadStrided,
    /// LSC_UNTYPED's `lsc_store_strided`.
    LscStoreStrided,
    /// LSC_UNTYPED's `lsc_load_quad` (ChMask selects the X, Y, Z, W elements).
    LscLoadQuad,
    /// LSC_UNTYPED's `lsc_store_quad`.
    LscStoreQuad,
    /// LSC_UNTYPED's `lsc_load_block2d`.
    LscLoadBlock2d,
    /// LSC_UNTYPED's `lsc_store_block2d`.
    LscStoreBlock2d,
    /// LSC_FENCE (`lsc_fence.ugm.clean.sysrel`): validated; no effect on one thread's state.
    LscFence,
    /// LSC_UNTYPED's `lsc_atomic_*` sub-ops ([`Opcode::lsc_atomic`] names the operation).
    LscAtomicIinc,
    LscAtomicIdec,
    LscAtomicLoad,
    LscAtomicStore,
    LscAtomicIadd,
    LscAtomicIsub,
    LscAtomicSmin,
    LscAtomicSmax,
    LscAtomicUmin,
    LscAtomicUmax,
    LscAtomicIcas,
    LscAtomicFadd,
    LscAtomicFsub,
    LscAtomicFmin,
    LscAtomicFmax,
    LscAtomicFcas,
    LscAtomicAnd,
    LscAtomicOr,
    LscAtomicXor,
    LscLoadStatus,
    LscApndctrAtomicAdd,
    LscApndctrAtomicSub,
    /// instructions/GOTO.md: SIMD-divergent branch.
    Goto,
    /// instructions/JMP.md: uniform branch.
    Jmp,
    /// instructions/CALL.md: subroutine call.
    Call,
    /// instructions/RET.md: subroutine return (in the kernel: the channels end).
    Ret,
    /// instructions/FCALL.md: function call.
    Fcall,
    /// instructions/IFCALL.md: indirect function call.
    Ifcall,
    /// instructions/FRET.md: function return.
    Fret,
    /// instructions/FADDR.md: a function's address.
    Faddr,
    /// instructions/SWITCHJMP.md: multiway uniform branch.
    Switchjmp,
    /// instructions/SUBROUTINE.md: marks a subroutine label (no effect).
    Subroutine,
    /// instructions/LOC.md: source line (no effect).
    Loc,
    /// instructions/FILE.md: source file (no effect).
    File,
    /// instructions/LIFETIME.md: `lifetime.start` / `lifetime.end` of a variable.
    Lifetime,
}

impl Opcode {
    pub const ALL: [Opcode; 115] = [
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
        Opcode::Add3o,
        Opcode::Addc,
        Opcode::Subb,
        Opcode::Mul,
        Opcode::Madw,
        Opcode::Mad,
        Opcode::Mod,
        Opcode::Div,
        Opcode::Sad2,
        Opcode::Sad2add,
        Opcode::AddrAdd,
        Opcode::Bfn,
        Opcode::Cmp,
        Opcode::Sel,
        Opcode::Setp,
        Opcode::Min,
        Opcode::Max,
        Opcode::Movs,
        Opcode::Rndd,
        Opcode::Rnde,
        Opcode::Rndu,
        Opcode::Rndz,
        Opcode::Frc,
        Opcode::Inv,
        Opcode::Log,
        Opcode::Exp,
        Opcode::Sqrt,
        Opcode::Rsqrt,
        Opcode::Sin,
        Opcode::Cos,
        Opcode::Pow,
        Opcode::Divm,
        Opcode::Sqrtm,
        Opcode::Fcvt,
        Opcode::Srnd,
        Opcode::Lrp,
        Opcode::Pln,
        Opcode::Invm,
        Opcode::Rsqtm,
        Opcode::Dpas,
        Opcode::Dpasw,
        Opcode::Dp4a,
        Opcode::SvmBlockLd,
        Opcode::SvmBlockSt,
        Opcode::SvmGather,
        Opcode::SvmScatter,
        Opcode::SvmGather4Scaled,
        Opcode::SvmScatter4Scaled,
        Opcode::SvmAtomic,
        Opcode::LscLoad,
        Opcode::LscStore,
        Opcode::LscStoreUncompressed,
        Opcode::LscLoadStrided,
        Opcode::LscStoreStrided,
        Opcode::LscLoadQuad,
        Opcode::LscStoreQuad,
        Opcode::LscLoadBlock2d,
        Opcode::LscStoreBlock2d,
        Opcode::LscFence,
        Opcode::LscAtomicIinc,
        Opcode::LscAtomicIdec,
        Opcode::LscAtomicLoad,
        Opcode::LscAtomicStore,
        Opcode::LscAtomicIadd,
        Opcode::LscAtomicIsub,
        Opcode::LscAtomicSmin,
        Opcode::LscAtomicSmax,
        Opcode::LscAtomicUmin,
        Opcode::LscAtomicUmax,
        Opcode::LscAtomicIcas,
        Opcode::LscAtomicFadd,
        Opcode::LscAtomicFsub,
        Opcode::LscAtomicFmin,
        Opcode::LscAtomicFmax,
        Opcode::LscAtomicFcas,
        Opcode::LscAtomicAnd,
        Opcode::LscAtomicOr,
        Opcode::LscAtomicXor,
        Opcode::LscLoadStatus,
        Opcode::LscApndctrAtomicAdd,
        Opcode::LscApndctrAtomicSub,
        Opcode::Goto,
        Opcode::Jmp,
        Opcode::Call,
        Opcode::Ret,
        Opcode::Fcall,
        Opcode::Ifcall,
        Opcode::Fret,
        Opcode::Faddr,
        Opcode::Switchjmp,
        Opcode::Subroutine,
        Opcode::Loc,
        Opcode::File,
        Opcode::Lifetime,
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
            Opcode::Add3o => "add3o",
            Opcode::Addc => "addc",
            Opcode::Subb => "subb",
            Opcode::Mul => "mul",
            Opcode::Madw => "madw",
            Opcode::Mad => "mad",
            Opcode::Mod => "mod",
            Opcode::Div => "div",
            Opcode::Sad2 => "sad2",
            Opcode::Sad2add => "sad2add",
            Opcode::AddrAdd => "addr_add",
            Opcode::Bfn => "bfn",
            Opcode::Cmp => "cmp",
            Opcode::Sel => "sel",
            Opcode::Setp => "setp",
            Opcode::Min => "min",
            Opcode::Max => "max",
            Opcode::Movs => "movs",
            Opcode::Rndd => "rndd",
            Opcode::Rnde => "rnde",
            Opcode::Rndu => "rndu",
            Opcode::Rndz => "rndz",
            Opcode::Frc => "frc",
            Opcode::Inv => "inv",
            Opcode::Log => "log",
            Opcode::Exp => "exp",
            Opcode::Sqrt => "sqrt",
            Opcode::Rsqrt => "rsqrt",
            Opcode::Sin => "sin",
            Opcode::Cos => "cos",
            Opcode::Pow => "pow",
            Opcode::Divm => "divm",
            Opcode::Sqrtm => "sqrtm",
            Opcode::Fcvt => "fcvt",
            Opcode::Srnd => "srnd",
            Opcode::Lrp => "lrp",
            // instructions/PLN.md, Text: `PLANE`.
            Opcode::Pln => "plane",
            Opcode::Invm => "invm",
            Opcode::Rsqtm => "rsqtm",
            Opcode::Dpas => "dpas",
            Opcode::Dpasw => "dpasw",
            Opcode::Dp4a => "dp4a",
            Opcode::SvmBlockLd => "svm_block_ld",
            Opcode::SvmBlockSt => "svm_block_st",
            Opcode::SvmGather => "svm_gather",
            Opcode::SvmScatter => "svm_scatter",
            Opcode::SvmGather4Scaled => "svm_gather4scaled",
            Opcode::SvmScatter4Scaled => "svm_scatter4scaled",
            Opcode::SvmAtomic => "svm_atomic",
            Opcode::LscLoad => "lsc_load",
            Opcode::LscStore => "lsc_store",
            Opcode::LscStoreUncompressed => "lsc_store_uncompressed",
            Opcode::LscLoadStrided => "lsc_load_strided",
            Opcode::LscStoreStrided => "lsc_store_strided",
            Opcode::LscLoadQuad => "lsc_load_quad",
            Opcode::LscStoreQuad => "lsc_store_quad",
            Opcode::LscLoadBlock2d => "lsc_load_block2d",
            Opcode::LscStoreBlock2d => "lsc_store_block2d",
            Opcode::LscFence => "lsc_fence",
            Opcode::LscAtomicIinc => "lsc_atomic_iinc",
            Opcode::LscAtomicIdec => "lsc_atomic_idec",
            Opcode::LscAtomicLoad => "lsc_atomic_load",
            Opcode::LscAtomicStore => "lsc_atomic_store",
            Opcode::LscAtomicIadd => "lsc_atomic_iadd",
            Opcode::LscAtomicIsub => "lsc_atomic_isub",
            Opcode::LscAtomicSmin => "lsc_atomic_smin",
            Opcode::LscAtomicSmax => "lsc_atomic_smax",
            Opcode::LscAtomicUmin => "lsc_atomic_umin",
            Opcode::LscAtomicUmax => "lsc_atomic_umax",
            Opcode::LscAtomicIcas => "lsc_atomic_icas",
            Opcode::LscAtomicFadd => "lsc_atomic_fadd",
            Opcode::LscAtomicFsub => "lsc_atomic_fsub",
            Opcode::LscAtomicFmin => "lsc_atomic_fmin",
            Opcode::LscAtomicFmax => "lsc_atomic_fmax",
            Opcode::LscAtomicFcas => "lsc_atomic_fcas",
            Opcode::LscAtomicAnd => "lsc_atomic_and",
            Opcode::LscAtomicOr => "lsc_atomic_or",
            Opcode::LscAtomicXor => "lsc_atomic_xor",
            Opcode::LscLoadStatus => "lsc_load_status",
            Opcode::LscApndctrAtomicAdd => "lsc_apndctr_atomic_add",
            Opcode::LscApndctrAtomicSub => "lsc_apndctr_atomic_sub",
            Opcode::Goto => "goto",
            Opcode::Jmp => "jmp",
            Opcode::Call => "call",
            Opcode::Ret => "ret",
            Opcode::Fcall => "fcall",
            Opcode::Ifcall => "ifcall",
            Opcode::Fret => "fret",
            Opcode::Faddr => "faddr",
            Opcode::Switchjmp => "switchjmp",
            Opcode::Subroutine => "subroutine",
            Opcode::Loc => "loc",
            Opcode::File => "file",
            Opcode::Lifetime => "lifetime",
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
            Opcode::Add3o => "instructions/ADD3O.md",
            Opcode::Addc => "instructions/ADDC.md",
            Opcode::Subb => "instructions/SUBB.md",
            Opcode::Mul => "instructions/MUL.md",
            Opcode::Madw => "instructions/MADW.md",
            Opcode::Mad => "instructions/MAD.md",
            Opcode::Mod => "instructions/MOD.md",
            Opcode::Div => "instructions/DIV.md",
            Opcode::Sad2 => "instructions/SAD2.md",
            Opcode::Sad2add => "instructions/SAD2ADD.md",
            Opcode::AddrAdd => "instructions/ADDR_ADD.md",
            Opcode::Bfn => "instructions/BFN.md",
            Opcode::Cmp => "instructions/CMP.md",
            Opcode::Sel => "instructions/SEL.md",
            Opcode::Setp => "instructions/SETP.md",
            Opcode::Min => "instructions/MIN_MAX.md",
            Opcode::Max => "instructions/MIN_MAX.md",
            Opcode::Movs => "instructions/MOVS.md",
            Opcode::Rndd => "instructions/RNDD.md",
            Opcode::Rnde => "instructions/RNDE.md",
            Opcode::Rndu => "instructions/RNDU.md",
            Opcode::Rndz => "instructions/RNDZ.md",
            Opcode::Frc => "instructions/FRC.md",
            Opcode::Inv => "instructions/INV.md",
            Opcode::Log => "instructions/LOG.md",
            Opcode::Exp => "instructions/EXP.md",
            Opcode::Sqrt => "instructions/SQRT.md",
            Opcode::Rsqrt => "instructions/RSQRT.md",
            Opcode::Sin => "instructions/SIN.md",
            Opcode::Cos => "instructions/COS.md",
            Opcode::Pow => "instructions/POW.md",
            Opcode::Divm => "instructions/DIVM.md",
            Opcode::Sqrtm => "instructions/SQRTM.md",
            Opcode::Fcvt => "instructions/FCVT.md",
            Opcode::Srnd => "instructions/SRND.md",
            Opcode::Lrp => "instructions/LRP.md",
            Opcode::Pln => "instructions/PLN.md",
            Opcode::Invm => "instructions/INVM.md",
            Opcode::Rsqtm => "instructions/RSQTM.md",
            Opcode::Dpas => "instructions/DPAS.md",
            Opcode::Dpasw => "instructions/DPASW.md",
            Opcode::Dp4a => "instructions/DP4A.md",
            Opcode::SvmBlockLd => "instructions/SVM_BLOCK_LD.md",
            Opcode::SvmBlockSt => "instructions/SVM_BLOCK_ST.md",
            Opcode::SvmGather => "instructions/SVM_GATHER.md",
            Opcode::SvmScatter => "instructions/SVM_SCATTER.md",
            Opcode::SvmGather4Scaled => "instructions/SVM_GATHER4_SCALED.md",
            Opcode::SvmScatter4Scaled => "instructions/SVM_SCATTER4_SCALED.md",
            Opcode::SvmAtomic => "instructions/SVM_ATOMIC.md",
            Opcode::LscLoad
            | Opcode::LscStore
            | Opcode::LscStoreUncompressed
            | Opcode::LscLoadStrided
            | Opcode::LscStoreStrided
            | Opcode::LscLoadQuad
            | Opcode::LscStoreQuad
            | Opcode::LscLoadBlock2d
            | Opcode::LscStoreBlock2d
            | Opcode::LscAtomicIinc
            | Opcode::LscAtomicIdec
            | Opcode::LscAtomicLoad
            | Opcode::LscAtomicStore
            | Opcode::LscAtomicIadd
            | Opcode::LscAtomicIsub
            | Opcode::LscAtomicSmin
            | Opcode::LscAtomicSmax
            | Opcode::LscAtomicUmin
            | Opcode::LscAtomicUmax
            | Opcode::LscAtomicIcas
            | Opcode::LscAtomicFadd
            | Opcode::LscAtomicFsub
            | Opcode::LscAtomicFmin
            | Opcode::LscAtomicFmax
            | Opcode::LscAtomicFcas
            | Opcode::LscAtomicAnd
            | Opcode::LscAtomicOr
            | Opcode::LscAtomicXor
            | Opcode::LscLoadStatus
            | Opcode::LscApndctrAtomicAdd
            | Opcode::LscApndctrAtomicSub => "instructions/LSC_UNTYPED.md",
            Opcode::LscFence => "instructions/LSC_FENCE.md",
            Opcode::Goto => "instructions/GOTO.md",
            Opcode::Jmp => "instructions/JMP.md",
            Opcode::Call => "instructions/CALL.md",
            Opcode::Ret => "instructions/RET.md",
            Opcode::Fcall => "instructions/FCALL.md",
            Opcode::Ifcall => "instructions/IFCALL.md",
            Opcode::Fret => "instructions/FRET.md",
            Opcode::Faddr => "instructions/FADDR.md",
            Opcode::Switchjmp => "instructions/SWITCHJMP.md",
            Opcode::Subroutine => "instructions/SUBROUTINE.md",
            Opcode::Loc => "instructions/LOC.md",
            Opcode::File => "instructions/FILE.md",
            Opcode::Lifetime => "instructions/LIFETIME.md",
        }
    }

    /// The operation of an `lsc_atomic_*` opcode.
    pub fn lsc_atomic(self) -> Option<lsc::AtomicOp> {
        use lsc::AtomicOp;
        Some(match self {
            Opcode::LscAtomicIinc => AtomicOp::Iinc,
            Opcode::LscAtomicIdec => AtomicOp::Idec,
            Opcode::LscAtomicLoad => AtomicOp::Load,
            Opcode::LscAtomicStore => AtomicOp::Store,
            Opcode::LscAtomicIadd => AtomicOp::Iadd,
            Opcode::LscAtomicIsub => AtomicOp::Isub,
            Opcode::LscAtomicSmin => AtomicOp::Smin,
            Opcode::LscAtomicSmax => AtomicOp::Smax,
            Opcode::LscAtomicUmin => AtomicOp::Umin,
            Opcode::LscAtomicUmax => AtomicOp::Umax,
            Opcode::LscAtomicIcas => AtomicOp::Icas,
            Opcode::LscAtomicFadd => AtomicOp::Fadd,
            Opcode::LscAtomicFsub => AtomicOp::Fsub,
            Opcode::LscAtomicFmin => AtomicOp::Fmin,
            Opcode::LscAtomicFmax => AtomicOp::Fmax,
            Opcode::LscAtomicFcas => AtomicOp::Fcas,
            Opcode::LscAtomicAnd => AtomicOp::And,
            Opcode::LscAtomicOr => AtomicOp::Or,
            Opcode::LscAtomicXor => AtomicOp::Xor,
            _ => return None,
        })
    }

    /// The SVM instructions (instructions/SVM.md): validated by `validate::svm`.
    pub fn is_svm(self) -> bool {
        matches!(
            self,
            Opcode::SvmBlockLd
                | Opcode::SvmBlockSt
                | Opcode::SvmGather
                | Opcode::SvmScatter
                | Opcode::SvmGather4Scaled
                | Opcode::SvmScatter4Scaled
                | Opcode::SvmAtomic
        )
    }

    /// The control-flow and annotation instructions ([`flow::FlowCtrl`]).
    pub fn is_flow(self) -> bool {
        matches!(
            self,
            Opcode::Goto
                | Opcode::Jmp
                | Opcode::Call
                | Opcode::Ret
                | Opcode::Fcall
                | Opcode::Ifcall
                | Opcode::Fret
                | Opcode::Faddr
                | Opcode::Switchjmp
                | Opcode::Subroutine
                | Opcode::Loc
                | Opcode::File
                | Opcode::Lifetime
        )
    }

    /// Whether the instruction may move execution elsewhere than the next instruction.
    pub fn transfers_control(self) -> bool {
        matches!(
            self,
            Opcode::Goto
                | Opcode::Jmp
                | Opcode::Call
                | Opcode::Ret
                | Opcode::Fcall
                | Opcode::Ifcall
                | Opcode::Fret
                | Opcode::Switchjmp
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
    /// The instruction's own control field: CMP's relational operator, BFN's function.
    pub ctrl: Ctrl,
    pub dst: Dst,
    /// The second destination: ADDC's `<carry>`, SUBB's `<borrow>` (general operands) and
    /// ADD3O's overflow predicate `(<P>)` ([`Dst::Predicate`]).
    pub dst2: Option<Dst>,
    /// The sources by position; empty for the families that name their operands in `ctrl`
    /// (block 2D: [`Block2dCtrl::operands`]; LSC messages: [`LscCtrl::operands`]; SVM:
    /// [`svm::SvmCtrl`]; DPAS and DPASW: [`DpasCtrl::operands`]).
    pub srcs: Vec<Src>,
}

impl Instruction {
    /// Every source operand: `srcs`, then the operands a family names in `ctrl` in the text's
    /// order (block 2D's surface, X, Y and Src1Data; an LSC message's surface, address terms
    /// and data sources; an SVM instruction's [`svm::SvmCtrl::sources`]; DPAS's Src0, Src1
    /// and Src2). Generic passes over operands walk this. The named operands, held in the
    /// narrow kinds of [`operand`], come as owned sources.
    pub fn sources(&self) -> impl Iterator<Item = Cow<'_, Src>> {
        let named: Vec<Cow<'_, Src>> = match &self.ctrl {
            Ctrl::Block2d(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Lsc(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Svm(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Dpas(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Flow(f) => match f.as_ref() {
                flow::FlowCtrl::Ifcall { addr, .. } => vec![Cow::Owned(addr.to_src())],
                flow::FlowCtrl::Switchjmp { index, .. } => vec![Cow::Owned(index.to_src())],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        self.srcs.iter().map(Cow::Borrowed).chain(named)
    }

    /// Every source operand, positional and named, to change in place (the destination is
    /// `dst`, and DPAS's named Dst is among them).
    pub fn operands_mut(&mut self) -> Vec<OperandMut<'_>> {
        use OperandMut as O;
        let mut out: Vec<OperandMut<'_>> = self.srcs.iter_mut().map(O::Src).collect();
        match &mut self.ctrl {
            Ctrl::Block2d(c) => {
                let ops = &mut c.operands;
                match &mut ops.surface {
                    block2d::Block2dSurface::Flat(f) => out.extend(
                        [&mut f.base, &mut f.width, &mut f.height, &mut f.pitch].map(O::Scalar),
                    ),
                    block2d::Block2dSurface::Typed { surface } => out.push(O::Scalar(surface)),
                }
                out.extend([
                    O::Scalar(&mut ops.x),
                    O::Scalar(&mut ops.y),
                    O::OptPayload(&mut ops.data),
                ]);
            }
            Ctrl::Lsc(c) => match &mut c.operands {
                lsc::LscOperands::Message(m) => out.extend([
                    O::OptScalar(&mut m.surface),
                    O::Payload(&mut m.src0_addrs),
                    O::OptScalar(&mut m.src0_addr_pitch),
                    O::OptPayload(&mut m.src1_data),
                    O::OptPayload(&mut m.src2_data),
                    O::OptPayload(&mut m.src0_addrs_v),
                    O::OptPayload(&mut m.src0_addrs_r),
                    O::OptPayload(&mut m.src0_addrs_lod),
                ]),
                lsc::LscOperands::Apndctr(a) => {
                    out.extend([O::Scalar(&mut a.surface), O::Payload(&mut a.src0_data)])
                }
            },
            Ctrl::Svm(c) => c.operands_mut(&mut out),
            Ctrl::Dpas(c) => {
                let ops = &mut c.operands;
                out.extend([
                    O::Payload(&mut ops.dst),
                    O::OptPayload(&mut ops.src0),
                    O::Payload(&mut ops.src1),
                    O::Payload(&mut ops.src2),
                ]);
            }
            Ctrl::Flow(f) => match f.as_mut() {
                flow::FlowCtrl::Ifcall { addr, .. } => out.push(O::Scalar(addr)),
                flow::FlowCtrl::Switchjmp { index, .. } => out.push(O::Scalar(index)),
                _ => {}
            },
            Ctrl::None | Ctrl::Rel(_) | Ctrl::Bfn(_) => {}
        }
        out
    }
}

/// CMP's `Rel_op` (instructions/CMP.md, Rel_op bits 2..0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl RelOp {
    pub const ALL: [RelOp; 6] = [
        RelOp::Eq,
        RelOp::Ne,
        RelOp::Gt,
        RelOp::Ge,
        RelOp::Lt,
        RelOp::Le,
    ];

    /// The modifier as written (`cmp.eq`).
    pub fn name(self) -> &'static str {
        match self {
            RelOp::Eq => "eq",
            RelOp::Ne => "ne",
            RelOp::Gt => "gt",
            RelOp::Ge => "ge",
            RelOp::Lt => "lt",
            RelOp::Le => "le",
        }
    }

    pub fn from_name(s: &str) -> Option<RelOp> {
        RelOp::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// An instruction's control field beyond `.sat`.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Ctrl {
    #[default]
    None,
    /// CMP's relational operator.
    Rel(RelOp),
    /// BFN's `BooleanFuncCtrl` lookup table (`bfn.x<HEX>`).
    Bfn(u8),
    /// DPAS's and DPASW's `W`, `A`, `SD` and `RC` fields (`dpas.W.A.SD.RC`) and operands.
    Dpas(DpasCtrl),
    /// The SVM instructions' sizes, channel mask or atomic operation, and their operands.
    Svm(crate::ir::svm::SvmCtrl),
    /// LSC_UNTYPED's and LSC_TYPED's message fields: unit, caching, data shape, address and
    /// the operands.
    Lsc(LscCtrl),
    /// The block 2D fields (LSC_UNTYPED and LSC_TYPED): unit, caching, shape, the X/Y
    /// immediate offsets and the operands.
    Block2d(Box<Block2dCtrl>),
    /// The control-flow and annotation instructions' fields ([`flow::FlowCtrl`]).
    Flow(Box<flow::FlowCtrl>),
}

/// The fields of `lsc_load_block2d` and `lsc_store_block2d` (instructions/LSC_UNTYPED.md,
/// Format: DataSize, DataOrder, Blocks, BlockWidth, BlockHeight, VNNI) and their operands.
///
/// IR shape: the operands are [`Block2dCtrl::operands`], by name; `srcs` is empty (generic
/// passes walk [`Instruction::sources`]); `dst` is `DstData` (or `Null`) for a load.
///
/// LSC_TYPED's block 2D forms (a [`block2d::Block2dSurface::Typed`] surface, `sfid` Tgm,
/// instructions/LSC_TYPED.md) use the same opcodes: `shape` is d8, one block, `width`
/// BlockWidth in bytes, `height` BlockHeight in rows, no transpose or VNNI; `addr_type` bti,
/// bss or ss (Flat for the untyped forms); no immediate offsets.
#[derive(Clone, Debug, PartialEq)]
pub struct Block2dCtrl {
    pub sfid: lsc::Sfid,
    pub addr_type: crate::state::AddrType,
    pub l1: lsc::CacheOpt,
    pub l3: lsc::CacheOpt,
    pub shape: block2d::Block2dShape,
    /// The immediate offsets written after Src0AddrX and Src0AddrY (`X+2`).
    pub x_offset: i32,
    pub y_offset: i32,
    pub operands: block2d::Block2dOperands,
}

/// The fields of an LSC_UNTYPED gather/scatter message (instructions/LSC_UNTYPED.md, Format:
/// LscSFID, CachingL1, CachingL3, AddrType, AddrScale, AddrImmOffset, AddrSize, DataSize,
/// DataOrder, DataElemsPerAddr) and its operands; LSC_TYPED's executed non-block-2D forms
/// (unit [`lsc::Sfid::Tgm`]) and the append-counter atomics use the same fields.
///
/// IR shape: the operands are [`LscCtrl::operands`], by name ([`lsc::MessageOperands`], or
/// [`lsc::ApndctrOperands`] for `lsc_apndctr_atomic_*`); `srcs` is empty (generic passes walk
/// [`Instruction::sources`]); `dst` is `DstData` (`General` at its start, or `Null` for a
/// store or a prefetch). Regions are unused: the documents' loops address whole registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LscCtrl {
    pub sfid: lsc::Sfid,
    pub l1: lsc::CacheOpt,
    pub l3: lsc::CacheOpt,
    pub data: lsc::DataShape,
    pub addr_type: crate::state::AddrType,
    pub addr_size: crate::state::AddrSize,
    /// `AddrScale` (a `uw` field, 1 when omitted).
    pub scale: u32,
    /// `AddrImmOffset` (a `d` field).
    pub imm_offset: i32,
    /// `ChMask` of the quad forms (x=1, y=2, z=4, w=8; `data.vect_size` is its channel
    /// count); 0 for the other forms.
    pub ch_mask: u8,
    pub operands: lsc::LscOperands,
}

/// The predicate control of an instruction (5_operands.md, "Predication").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Predicate {
    pub var: VarId,
    pub invert: bool,
    pub combine: PredCombine,
}

impl svm::SvmCtrl {
    /// The opcode whose document the variant transcribes.
    pub fn opcode(&self) -> Opcode {
        match self {
            svm::SvmCtrl::BlockLd { .. } => Opcode::SvmBlockLd,
            svm::SvmCtrl::BlockSt { .. } => Opcode::SvmBlockSt,
            svm::SvmCtrl::Gather { .. } => Opcode::SvmGather,
            svm::SvmCtrl::Scatter { .. } => Opcode::SvmScatter,
            svm::SvmCtrl::Gather4Scaled { .. } => Opcode::SvmGather4Scaled,
            svm::SvmCtrl::Scatter4Scaled { .. } => Opcode::SvmScatter4Scaled,
            svm::SvmCtrl::Atomic { .. } => Opcode::SvmAtomic,
        }
    }
}

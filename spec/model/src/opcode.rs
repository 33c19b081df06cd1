//! The opcode table: one row per opcode, holding everything that is a property of the
//! opcode rather than of one instruction: its mnemonic, its document, its family (the
//! directory of its golden vectors and its chapter of the book), its class (what it
//! computes), the builder that validates it, its form (sources, saturation, source
//! modifiers, predication, second destination, operand kinds, type maps), the platforms it
//! exists on, the execution sizes it takes, and the errata that change what a valid
//! instance computes.
//!
//! Row `i` of [`TABLE`] describes the opcode whose discriminant is `i` (a test checks it),
//! so [`Opcode::form`] is an index. Every other place that asks a question of an opcode
//! (validation, the engines' dispatch, the generators, the registry of golden files,
//! coverage, the documents' table) asks this table; adding an instruction document adds
//! one row here. The forms' vocabulary (type maps, gates, operand kinds, platforms) is in
//! [`crate::forms`].
//!
//! ```
//! use visa_model::opcode::{Class, Family, Opcode};
//!
//! let sqrtm = Opcode::Sqrtm.form();
//! assert_eq!((sqrtm.mnemonic, sqrtm.document), ("sqrtm", "instructions/SQRTM.md"));
//! assert_eq!((sqrtm.family, sqrtm.class), (Family::Math, Class::Math));
//! assert_eq!(Opcode::from_mnemonic("plane"), Some(Opcode::Pln));
//! ```

use crate::errata::{self, Readings};
use crate::forms::{
    Builder, ExecSizes, Gate, Kind, Kinds, Modifiers, Platforms, Pred, Sat, TypeMap,
};
use crate::platform::Platform;
use crate::types::DataType::{self, *};

/// Every opcode the model knows, in the order of [`TABLE`]. Every other documented
/// instruction parses and prints, and validation reports it as `unsupported` until its
/// family lands.
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
    Rndd,
    Rnde,
    Rndu,
    Rndz,
    Frc,
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
    Fcvt,
    Srnd,
    Lrp,
    Pln,
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
    /// instructions/GATHER_SCALED.md: 1, 2 or 4 bytes per lane from a surface.
    GatherScaled,
    /// instructions/SCATTER_SCALED.md: 1, 2 or 4 bytes per lane to a surface.
    ScatterScaled,
    /// instructions/GATHER4_SCALED.md: up to four dwords (RGBA) per lane from a surface.
    Gather4Scaled,
    /// instructions/SCATTER4_SCALED.md: up to four dwords (RGBA) per lane to a surface.
    Scatter4Scaled,
    /// instructions/OWORD_LD.md: contiguous owords from an oword offset of a surface.
    OwordLd,
    /// instructions/OWORD_LD_UNALIGNED.md: contiguous owords from a dword-aligned byte offset.
    OwordLdUnaligned,
    /// instructions/OWORD_ST.md: contiguous owords to an oword offset of a surface.
    OwordSt,
    /// instructions/DWORD_ATOMIC.md: a 32- or 16-bit atomic operation per lane on a surface.
    DwordAtomic,
    /// instructions/GATHER.md: 1, 8 or 16 elements of 1, 2 or 4 bytes, in element units.
    Gather,
    /// instructions/SCATTER.md: 1, 8 or 16 elements of 1, 2 or 4 bytes, in element units.
    Scatter,
    /// instructions/QW_GATHER.md: qwords per lane from byte offsets of a surface.
    QwGather,
    /// instructions/QW_SCATTER.md: qwords per lane to byte offsets of a surface.
    QwScatter,
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
    /// instructions/BARRIER.md: every thread of the group waits for all of them.
    Barrier,
    /// instructions/SBARRIER.md: the split barrier's `.signal` and `.wait`.
    Sbarrier,
    /// instructions/NBARRIER.md: named barriers (`.signal`, `.wait`).
    Nbarrier,
    /// instructions/FENCE.md: `fence_global`, `fence_local`, `fence_sw`.
    Fence,
    /// instructions/WAIT.md: waits for the thread's dependencies.
    Wait,
    /// instructions/YIELD.md: lets another thread run.
    Yield,
    /// instructions/CACHE_FLUSH.md: flushes the sampler's texture caches.
    CacheFlush,
    /// instructions/RAW_SEND.md: a send whose message descriptor is decoded into the
    /// instruction that executes the same message ([`crate::ir::send`]).
    RawSend,
    /// instructions/RAW_SENDS.md: the split send (Src0 and Src1), decoded the same way.
    RawSends,
    /// instructions/GATHER4_TYPED.md: up to four channels (RGBA) of one pixel per lane from
    /// a typed surface, converted by its format.
    Gather4Typed,
    /// instructions/SCATTER4_TYPED.md: up to four channels (RGBA) of one pixel per lane to a
    /// typed surface, converted by its format.
    Scatter4Typed,
    /// instructions/3D_LOAD.md, `ld`: a texel at integer coordinates and a LOD.
    Load3d,
    /// instructions/3D_LOAD.md, `ld_lz`: a texel at integer coordinates, LOD 0.
    LoadLz,
    /// instructions/INFO.md, `resinfo`: the surface's dimensions.
    Resinfo,
    /// instructions/3D_SAMPLE.md, `sample`: a filtered sample.
    Sample3d,
    /// instructions/3D_SAMPLE.md, `sample_l`: a filtered sample at an explicit LOD.
    SampleL,
    /// instructions/3D_SAMPLE.md, `sample_lz`: a filtered sample at LOD 0.
    SampleLz,
    /// instructions/TYPED_ATOMIC.md: an atomic read-modify-write of one pixel's R channel
    /// per lane on a typed surface.
    TypedAtomic,
    /// instructions/MEDIA_LD.md: a block of bytes from a 2D surface into registers, one
    /// row per register pitch.
    MediaLd,
    /// instructions/MEDIA_ST.md: a block of bytes from registers to a 2D surface.
    MediaSt,
    /// instructions/FCCALL.md: CALL's opcode under another name, its label a subroutine
    /// label the FC linker resolves (erratum FCCALL-CALL-ALIAS).
    Fccall,
}

/// The family of an instruction document: the directory of its golden vectors
/// (`vectors/<dir>/`, `vectors/catalog/<dir>/`) and its chapter of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Arithmetic, logic, bit, compare and move instructions (docs/alu.md).
    Alu,
    /// DPAS, DPASW and DP4A (docs/dpas.md).
    Dpas,
    /// LSC_UNTYPED, LSC_TYPED and LSC_FENCE (docs/memory.md).
    Lsc,
    /// The SVM messages (docs/memory.md).
    Svm,
    /// The legacy dataport messages on surfaces (docs/memory.md).
    Dataport,
    /// Control flow and the annotations (docs/control-flow.md): whole programs.
    Flow,
    /// The float math, rounding, conversion and interpolation instructions (docs/math.md).
    Math,
    /// RAW_SEND and RAW_SENDS, executed as the messages their descriptors decode to
    /// (docs/raw-send.md).
    Send,
    /// The sampler messages 3D_LOAD, INFO and 3D_SAMPLE (docs/sampler.md).
    Sampler,
}

impl Family {
    pub const ALL: [Family; 9] = [
        Family::Alu,
        Family::Dpas,
        Family::Lsc,
        Family::Svm,
        Family::Dataport,
        Family::Flow,
        Family::Math,
        Family::Send,
        Family::Sampler,
    ];

    /// The directory of the family's golden files.
    pub fn dir(self) -> &'static str {
        match self {
            Family::Alu => "alu",
            Family::Dpas => "dpas",
            Family::Lsc => "lsc",
            Family::Svm => "svm",
            Family::Dataport => "dataport",
            Family::Flow => "flow",
            Family::Math => "math",
            Family::Send => "send",
            Family::Sampler => "sampler",
        }
    }
}

/// What an instruction computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Lane-wise integer and float arithmetic, logic, bit and move instructions.
    Alu,
    /// Comparison and selection: CMP, SEL, MIN, MAX, SETP.
    Select,
    /// Two results per lane, or one twice as wide: ADDC, SUBB, ADD3O, MADW.
    Wide,
    /// The float math functions, correctly rounded in the engines (INV to RSQTM).
    Math,
    /// The exact rounding instructions RNDD, RNDE, RNDU, RNDZ and FRC.
    Rounding,
    /// The FP8 and TF32 conversions FCVT and SRND.
    Conversion,
    /// LRP and PLN.
    Interpolation,
    /// The systolic and dot-product instructions DPAS, DPASW and DP4A.
    Dpas,
    /// Messages to memory: loads, stores, atomics.
    Memory,
    /// LSC_FENCE: orders memory, no effect on one thread's state.
    Fence,
    /// Moves execution elsewhere than the next instruction.
    Branch,
    /// FADDR: a function's address into the destination.
    Address,
    /// No effect on the state: SUBROUTINE, LOC, FILE, LIFETIME.
    Annotation,
    /// Synchronises the threads of a group or lets others run: BARRIER, SBARRIER, NBARRIER,
    /// WAIT, YIELD.
    Sync,
}

/// One row of the opcode table.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    pub opcode: Opcode,
    /// As written in assembly text.
    pub mnemonic: &'static str,
    /// The instruction document it is transcribed from.
    pub document: &'static str,
    pub family: Family,
    pub class: Class,
    /// Which builder turns its text into IR and which rules check that IR.
    pub builder: Builder,
    /// The sources the text form lists (for the families that name their operands, the
    /// text's operands after the destination).
    pub num_srcs: usize,
    pub sat: Sat,
    pub modifiers: Modifiers,
    /// The type maps (none: the family's rules check the operands' types).
    pub type_maps: &'static [TypeMap],
    pub pred: Pred,
    /// The second destination's field name, when the instruction writes one after `dst`:
    /// ADDC's `carry`, SUBB's `borrow`, INVM's and RSQTM's `preddst` (its kind is
    /// [`Kinds::dst2`]).
    pub second_dst: Option<&'static str>,
    /// The kinds of operand the destination and the sources may be.
    pub kinds: Kinds,
    /// The platforms the instruction exists on.
    pub platforms: Platforms,
    /// The execution sizes it takes.
    pub exec_sizes: ExecSizes,
    /// The executable errata whose literal reading changes what a valid instance computes,
    /// in the order the generators draw them. Errata whose literal reading changes what
    /// validates stay out (the edge catalogs test both readings), and so do those a family's
    /// generator draws only for some forms (block 2D's shapes, SVM's atomic operations).
    pub errata: &'static [&'static str],
    /// The erratum whose literal reading steps the document's channel loop by two, so only
    /// the even channels are written (SUBB, SIN, SQRT, SQRTM).
    pub even_channels: Option<&'static str>,
}

impl Form {
    /// Whether the instruction takes `.sat` under `readings` (a float-only saturation is
    /// further checked against the destination type).
    pub fn takes_sat(&self, readings: &Readings) -> bool {
        match self.sat {
            Sat::No => false,
            Sat::Yes | Sat::FloatOnly => true,
            Sat::UnlessLiteral(erratum) => !readings.is_literal(erratum),
        }
    }

    /// The destinations written before the sources: `dst`, and the second one if any.
    pub fn num_dsts(&self) -> usize {
        1 + usize::from(self.second_dst.is_some())
    }

    /// Whether some type map admits `dst` and `srcs` on `platform` under `readings`.
    pub fn admits(
        &self,
        platform: Platform,
        readings: &Readings,
        dst: DataType,
        srcs: &[DataType],
    ) -> bool {
        self.type_maps
            .iter()
            .any(|m| m.admits(platform, readings, dst, srcs))
    }

    /// Whether some type map admits `srcs` on `platform`, whatever its destination types
    /// (CMP into a predicate).
    pub fn admits_sources(
        &self,
        platform: Platform,
        readings: &Readings,
        srcs: &[DataType],
    ) -> bool {
        self.type_maps.iter().any(|m| {
            let dst = m.dst.first().copied().unwrap_or(DataType::BOOL);
            m.admits(platform, readings, dst, srcs)
        })
    }

    /// Whether the literal reading of [`Form::even_channels`] is in force.
    pub fn writes_even_channels_only(&self, readings: &Readings) -> bool {
        self.even_channels.is_some_and(|e| readings.is_literal(e))
    }
}

impl Opcode {
    /// Every opcode, in table order.
    pub const ALL: [Opcode; TABLE.len()] = {
        let mut all = [Opcode::Mov; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].opcode;
            i += 1;
        }
        all
    };

    /// The opcode's row of [`TABLE`].
    pub fn form(self) -> &'static Form {
        &TABLE[self as usize]
    }

    /// Mnemonic as written in assembly text.
    pub fn mnemonic(self) -> &'static str {
        self.form().mnemonic
    }

    /// The instruction document this opcode is transcribed from.
    pub fn document(self) -> &'static str {
        self.form().document
    }

    /// The SVM instructions (instructions/SVM_*.md): validated by `validate::svm`.
    pub fn is_svm(self) -> bool {
        self.form().builder == Builder::Svm
    }

    /// The control-flow, annotation and thread-group instructions
    /// ([`crate::ir::flow::FlowCtrl`]).
    pub fn is_flow(self) -> bool {
        matches!(self.form().builder, Builder::Flow | Builder::Sync)
    }

    /// Whether the instruction may move execution elsewhere than the next instruction.
    pub fn transfers_control(self) -> bool {
        self.form().class == Class::Branch
    }

    pub fn from_mnemonic(s: &str) -> Option<Opcode> {
        TABLE.iter().find(|f| f.mnemonic == s).map(|f| f.opcode)
    }

    /// The opcode a text's mnemonic names: its table mnemonic, or one of the other
    /// spellings of a document's Text (FENCE.md: `fence_local`, `fence_sw` besides the
    /// table's `fence_global`).
    pub fn from_text(s: &str) -> Option<Opcode> {
        match s {
            "fence_local" | "fence_sw" => Some(Opcode::Fence),
            "raw_sendc" => Some(Opcode::RawSend),
            "raw_sendsc" | "raw_sends_eot" | "raw_sendsc_eot" => Some(Opcode::RawSends),
            _ => Opcode::from_mnemonic(s),
        }
    }
}

// The forms' type lists and type maps, each document's "Type map" or Supported Types.

const INT: &[DataType] = &[UD, D, UW, W, UB, B];
const INT_Q: &[DataType] = &[UD, D, UW, W, UB, B, UQ, Q];
const SCALAR_NO_BF: &[DataType] = &[UD, D, UW, W, UB, B, DF, F, UQ, Q, HF];
const F_BF: &[DataType] = &[F, BF];
const F_HF: &[DataType] = &[F, HF];
const D_UD: &[DataType] = &[D, UD];
const ONLY_UD: &[DataType] = &[UD];
const ADD3_TYPES: &[DataType] = &[UD, D, UW, W];
const ROTATE: &[DataType] = &[D, UD, UW, W];
const ROTATE_Q: &[DataType] = &[D, UD, UW, W, Q, UQ];
const UNSIGNED: &[DataType] = &[UD, UW, UB];
const UNSIGNED_Q: &[DataType] = &[UD, UW, UB, UQ];
const ASR_WIDE_SRC: &[DataType] = &[UD, D, UW, W, UQ, Q];
const ASR_NARROW_DST: &[DataType] = &[UD, D, UW, W];
const QWORDS: &[DataType] = &[UQ, Q];
const BYTES: &[DataType] = &[B, UB];
const WORDS: &[DataType] = &[W, UW];
const SETP_SRC: &[DataType] = &[UB, UW, UD];
const SHORT_INT: &[DataType] = &[D, UD, UW, W];
const DPAS_DST: &[DataType] = &[D, UD, F, BF, HF];
const DPASW_DST: &[DataType] = &[D, UD, F];

/// instructions/MOV.md: every non-BF scalar to every other; BF to and from F on XEHP+.
/// (A predicate source is MOV's own rule, checked by validation.)
const MOV_MAPS: &[TypeMap] = &[
    TypeMap::new(SCALAR_NO_BF, SCALAR_NO_BF),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
];

/// instructions/ADD.md; Q and UQ by erratum ADD-QWORD-TYPEMAP.
const ADD_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::ADD_QWORD_TYPEMAP]),
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(&[HF], &[HF]),
    TypeMap::new(&[F], &[F]).gated(Gate::BeforeXehp),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
];

/// instructions/ADD3.md (its immediate16 operand class: erratum ADD3-IMMEDIATE-WIDTH,
/// checked by validation); ADD3O.md has the same map.
const ADD3_MAPS: &[TypeMap] = &[TypeMap::new(ADD3_TYPES, ADD3_TYPES)];

/// instructions/AVG.md; MOD.md (Supported Types only).
const INT_MAPS: &[TypeMap] = &[TypeMap::new(INT, INT)];

/// instructions/MULH.md: Supported Types D, UD and no type map; the Description asks dst,
/// src0 and src1 to have the same type.
const MULH_MAPS: &[TypeMap] = &[
    TypeMap::new(&[D], &[D]),
    TypeMap::new(ONLY_UD, ONLY_UD),
    // D and UD mixed, as IGC writes them (erratum MULH-MIXED-TYPES).
    TypeMap::new(D_UD, D_UD).unless_literal(&[errata::MULH_MIXED_TYPES]),
];

/// instructions/AND.md, OR.md, XOR.md, NOT.md: the type map; Q and UQ from the Supported
/// Types (erratum QWORD-TYPEMAP-GAP); BOOL for the predicate-operand form of the Notes.
const LOGIC_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::QWORD_TYPEMAP_GAP]),
    TypeMap::new(&[BOOL], &[BOOL]),
];

/// instructions/SHL.md (Notes: src0 and src1 may differ in type, which the map allows); Q
/// and UQ from the Supported Types (erratum QWORD-TYPEMAP-GAP).
const SHL_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::QWORD_TYPEMAP_GAP]),
];

/// instructions/SHR.md: the type map, and the same map with a count (src1) of any integer
/// type, as its Notes allow (erratum SHIFT-COUNT-TYPE); signed types (erratum
/// SHR-SIGNED-OPERANDS); UQ from the Supported Types (erratum QWORD-TYPEMAP-GAP).
const SHR_MAPS: &[TypeMap] = &[
    TypeMap::new(UNSIGNED, UNSIGNED),
    // Signed destinations and sources, shifted logically (erratum SHR-SIGNED-OPERANDS).
    TypeMap::per_source(INT, &[INT, UNSIGNED]).unless_literal(&[errata::SHR_SIGNED_OPERANDS]),
    TypeMap::per_source(INT, &[INT, INT])
        .unless_literal(&[errata::SHR_SIGNED_OPERANDS, errata::SHIFT_COUNT_TYPE]),
    TypeMap::per_source(UNSIGNED, &[UNSIGNED, INT]).unless_literal(&[errata::SHIFT_COUNT_TYPE]),
    TypeMap::new(UNSIGNED_Q, UNSIGNED_Q).unless_literal(&[errata::QWORD_TYPEMAP_GAP]),
    // The same readings on Q and UQ together (IGC's `shr q <- uq, q`).
    TypeMap::per_source(INT_Q, &[INT_Q, UNSIGNED_Q])
        .unless_literal(&[errata::SHR_SIGNED_OPERANDS, errata::QWORD_TYPEMAP_GAP]),
    TypeMap::per_source(UNSIGNED_Q, &[UNSIGNED_Q, INT_Q])
        .unless_literal(&[errata::QWORD_TYPEMAP_GAP, errata::SHIFT_COUNT_TYPE]),
    TypeMap::per_source(INT_Q, &[INT_Q, INT_Q]).unless_literal(&[
        errata::SHR_SIGNED_OPERANDS,
        errata::QWORD_TYPEMAP_GAP,
        errata::SHIFT_COUNT_TYPE,
    ]),
];

/// instructions/ASR.md: the three type maps, and each with a count of any integer type
/// (erratum SHIFT-COUNT-TYPE). Unsigned types stay (erratum ASR-SIGNED-OPERANDS, checked by
/// validation).
const ASR_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(QWORDS, ASR_WIDE_SRC),
    TypeMap::new(ASR_NARROW_DST, QWORDS),
    TypeMap::per_source(INT, &[INT, INT_Q]).unless_literal(&[errata::SHIFT_COUNT_TYPE]),
    TypeMap::per_source(QWORDS, &[ASR_WIDE_SRC, INT_Q]).unless_literal(&[errata::SHIFT_COUNT_TYPE]),
    TypeMap::per_source(ASR_NARROW_DST, &[QWORDS, INT_Q])
        .unless_literal(&[errata::SHIFT_COUNT_TYPE]),
];

/// instructions/ROL.md, ROR.md: Supported Types D, UD, UW, W, and from PVC on also Q, UQ;
/// no type map. src0 has the destination's size (erratum ROTATE-WIDTH, checked by
/// validation).
const ROTATE_MAPS: &[TypeMap] = &[
    TypeMap::new(ROTATE, ROTATE),
    TypeMap::new(ROTATE_Q, ROTATE_Q).gated(Gate::PvcPlus),
];

/// instructions/BFREV.md, LZD.md; ADDC.md and SUBB.md (the carry or borrow operand
/// is UD too); MOVS.md (UD general and immediate operands, state elements).
const UD_MAPS: &[TypeMap] = &[TypeMap::new(ONLY_UD, ONLY_UD)];

/// instructions/CBIT.md: Dst UD, Src0 UB, UW or UD.
const CBIT_MAPS: &[TypeMap] = &[TypeMap::new(ONLY_UD, &[UB, UW, UD])];

/// instructions/FBL.md: Supported Types UD; UB and UW sources under the resolved reading of
/// FBL-SOURCE-TYPES.
const FBL_MAPS: &[TypeMap] = &[
    TypeMap::new(ONLY_UD, ONLY_UD),
    TypeMap::new(ONLY_UD, &[UB, UW]).unless_literal(&[errata::FBL_SOURCE_TYPES]),
];

/// instructions/FBH.md: Dst UD, Src0 D or UD.
const FBH_MAPS: &[TypeMap] = &[TypeMap::new(ONLY_UD, D_UD)];

/// instructions/BFE.md; BFI.md has no type map and the same Supported Types, so it takes
/// BFE's. Their Restrictions: no execution size 2 (the rows' `exec_sizes`), and alignment
/// (erratum BFE-BFI-ALIGNMENT, checked by validation).
const BFE_MAPS: &[TypeMap] = &[TypeMap::new(ONLY_UD, ONLY_UD), TypeMap::new(&[D], &[D])];

/// instructions/MUL.md (Notes: D x D gives a Q product).
const MUL_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(QWORDS, D_UD),
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
];

/// instructions/MAD.md.
const MAD_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
    TypeMap::new(&[DF], &[DF]),
];

/// instructions/MADW.md: Supported Types D, UD and no type map; DP4A.md's Properties: D
/// and UD.
const D_UD_MAPS: &[TypeMap] = &[TypeMap::new(D_UD, D_UD)];

/// instructions/DIV.md.
const DIV_MAPS: &[TypeMap] = &[
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(INT, INT),
];

/// instructions/SAD2.md, SAD2ADD.md: each operand's "Must have type".
const SAD2_MAPS: &[TypeMap] = &[TypeMap::per_source(WORDS, &[BYTES, BYTES])];
const SAD2ADD_MAPS: &[TypeMap] = &[TypeMap::per_source(WORDS, &[BYTES, BYTES, WORDS])];

/// instructions/ADDR_ADD.md: an address destination and src0 (UW elements), src1 UW.
const ADDR_ADD_MAPS: &[TypeMap] = &[TypeMap::new(&[UW], &[UW])];

/// instructions/BFN.md.
const BFN_MAPS: &[TypeMap] = &[TypeMap::new(SHORT_INT, SHORT_INT)];

/// instructions/CMP.md: the maps give a general destination's type; a predicate
/// destination takes the sources of any map. Q and UQ join the integer map by erratum
/// CMP-QWORD-TYPEMAP (Properties and Notes list them). The Notes' rule on float sources
/// (the destination has their type) is checked by validation.
const CMP_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::CMP_QWORD_TYPEMAP]),
    TypeMap::new(&[F], INT),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(&[HF], INT),
];

/// instructions/SEL.md.
const SEL_MAPS: &[TypeMap] = &[
    TypeMap::new(INT_Q, INT_Q),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(F_HF, F_HF),
];

/// instructions/SETP.md: a predicate destination, src0 UB, UW or UD.
const SETP_MAPS: &[TypeMap] = &[TypeMap::new(&[BOOL], SETP_SRC)];

/// instructions/MIN_MAX.md: Supported Types only (no type map); the maps pair the integer,
/// the F/HF and the DF types among themselves, as SEL's do.
const MIN_MAX_MAPS: &[TypeMap] = &[
    TypeMap::new(INT_Q, INT_Q),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(&[DF], &[DF]),
];

/// instructions/RNDD.md, RNDE.md, RNDU.md, RNDZ.md (their type maps) and FRC.md (Supported
/// Types, no map): F only, as IGC's vISA verifier accepts.
const F_MAPS: &[TypeMap] = &[TypeMap::new(&[F], &[F])];

/// instructions/LOG.md, EXP.md, SQRT.md, RSQRT.md, SIN.md, COS.md, POW.md: one F/HF map.
const F_HF_MAPS: &[TypeMap] = &[TypeMap::new(F_HF, F_HF)];

/// instructions/INV.md: an F/HF map and a DF map.
const INV_MAPS: &[TypeMap] = &[TypeMap::new(F_HF, F_HF), TypeMap::new(&[DF], &[DF])];

/// instructions/DIVM.md, SQRTM.md, INVM.md, RSQTM.md: no type map, Supported Types DF and
/// F (a destination of the sources' type).
const IEEE_MACRO_MAPS: &[TypeMap] = &[TypeMap::new(&[DF], &[DF]), TypeMap::new(&[F], &[F])];

/// instructions/FCVT.md, Notes: HF from UB (BF8), UB from HF, and from `{PVC_XT+}` F from
/// UD (TF32) and UD from F.
const FCVT_MAPS: &[TypeMap] = &[
    TypeMap::new(&[HF], &[UB]),
    TypeMap::new(&[UB], &[HF]),
    TypeMap::new(&[F], &[UD]).gated(Gate::PvcPlus),
    TypeMap::new(&[UD], &[F]).gated(Gate::PvcPlus),
];

/// instructions/SRND.md: the two roundings of its Description with the Notes' Src1 types
/// (erratum SRND-TYPES).
const SRND_MAPS: &[TypeMap] = &[
    TypeMap::per_source(&[HF], &[&[F], &[UW]]).unless_literal(&[errata::SRND_TYPES]),
    TypeMap::per_source(&[UB], &[&[HF], &[UB]]).unless_literal(&[errata::SRND_TYPES]),
];

/// instructions/DPAS.md, DPASW.md: the operand types their Dst/Src fields name; the pairing
/// with the precisions `W` and `A` (the legal-combination table) is checked by validation
/// (`validate::dpas`). DF is not admitted: no precision of the table names it (erratum
/// DPAS-DF).
const DPAS_MAPS: &[TypeMap] = &[TypeMap::per_source(DPAS_DST, &[DPAS_DST, D_UD, D_UD])];
const DPASW_MAPS: &[TypeMap] = &[TypeMap::per_source(DPASW_DST, &[DPASW_DST, D_UD, D_UD])];

// Operand kinds beyond register operands (5_operands.md, "Operands").

const REG_OR_PRED: Kind = Kind::REGISTER.or(Kind::PREDICATE);
const REG_OR_STATE: Kind = Kind::REGISTER.or(Kind::STATE);
const REGISTERS: Kinds = Kinds::REGISTERS;
/// instructions/MOV.md: a predicate source is read as an unsigned integer.
const MOV_KINDS: Kinds = Kinds {
    src0: REG_OR_PRED,
    ..REGISTERS
};
/// instructions/AND.md (OR, XOR, NOT): the predicate-operand form.
const LOGIC_KINDS: Kinds = Kinds {
    dst: REG_OR_PRED,
    src0: REG_OR_PRED,
    srcs: REG_OR_PRED,
    ..REGISTERS
};
/// instructions/CMP.md: the destination is a predicate or a register.
const CMP_KINDS: Kinds = Kinds {
    dst: REG_OR_PRED,
    ..REGISTERS
};
/// instructions/SETP.md: the destination is a predicate.
const SETP_KINDS: Kinds = Kinds {
    dst: Kind::PREDICATE,
    ..REGISTERS
};
/// instructions/ADDR_ADD.md: an address destination; src0 an address or a general
/// variable's address.
const ADDR_ADD_KINDS: Kinds = Kinds {
    dst: Kind::ADDRESS,
    src0: Kind::ADDRESS.or(Kind::ADDR_OF),
    ..REGISTERS
};
/// instructions/MOVS.md: state or general operands.
const MOVS_KINDS: Kinds = Kinds {
    dst: REG_OR_STATE,
    src0: REG_OR_STATE,
    srcs: REG_OR_STATE,
    ..REGISTERS
};
/// instructions/INVM.md, RSQTM.md: PredDst's operand class is predicate.
const EARLY_OUT_KINDS: Kinds = Kinds {
    dst2: Kind::PREDICATE,
    ..REGISTERS
};

// Platforms other than every modelled one.

/// appendix_instruction_by_platform.md ends at TGLLP (erratum RND-PLATFORM-APPENDIX).
const RND_PLATFORMS: Platforms = Platforms {
    literal: Some((
        errata::RND_PLATFORM_APPENDIX,
        Gate::BeforeXehp,
        "the platform table names SKL, ICLLP and TGLLP (gen9, gen11, xe-lp) as the platforms with it (erratum RND-PLATFORM-APPENDIX, literal reading)",
    )),
    ..Platforms::ALL
};
/// Erratum FP8-CONVERT-PLATFORMS: the conversions of FCVT.md and SRND.md from xe-hpc on; the
/// literal reading, the appendix's, has them on no platform.
const FP8_PLATFORMS: Platforms = Platforms {
    literal: Some((
        errata::FP8_CONVERT_PLATFORMS,
        Gate::Never,
        "the per-platform appendix marks it on no platform (erratum FP8-CONVERT-PLATFORMS, literal reading)",
    )),
    ..Platforms::only(Gate::PvcPlus, "FCVT and SRND exist on xe-hpc and xe2 (erratum FP8-CONVERT-PLATFORMS)")
};
/// Erratum IEEE-MACRO-PLATFORMS: DIVM, SQRTM, INVM and RSQTM on every modelled platform; the
/// literal reading, the appendix's, lists them on SKL (gen9) alone.
const IEEE_MACRO_PLATFORMS: Platforms = Platforms {
    literal: Some((
        errata::IEEE_MACRO_PLATFORMS,
        Gate::SklOnly,
        "the per-platform appendix lists it on SKL (gen9) only (erratum IEEE-MACRO-PLATFORMS, literal reading)",
    )),
    ..Platforms::ALL
};
/// Erratum LRP-PLN-PLATFORMS: LRP and PLN on every modelled platform; the literal reading, the
/// appendix's (and the `{-ICLLP}` tag of 6_instructions.md), lists them on BDW, SKL and BXT
/// only: gen9 among the modelled platforms.
const LRP_PLN_PLATFORMS: Platforms = Platforms {
    literal: Some((
        errata::LRP_PLN_PLATFORMS,
        Gate::SklOnly,
        "the per-platform appendix lists it on BDW, SKL and BXT only (gen9 among the modelled platforms; erratum LRP-PLN-PLATFORMS, literal reading)",
    )),
    ..Platforms::ALL
};
/// Erratum SAD2-PLATFORMS: SAD2 and SAD2ADD on gen9 and gen11, where IGC's verifier takes
/// them; the literal reading, the appendix's, lists them on BDW, SKL and BXT only.
const SAD2_PLATFORMS: Platforms = Platforms {
    literal: Some((
        errata::SAD2_PLATFORMS,
        Gate::SklOnly,
        "the per-platform appendix lists it on BDW, SKL and BXT only (gen9 among the modelled platforms; erratum SAD2-PLATFORMS, literal reading)",
    )),
    ..Platforms::only(Gate::BeforeTgllp, "SAD2 and SAD2ADD exist before xe-lp: gen9 and gen11 (erratum SAD2-PLATFORMS)")
};
/// 6_instructions.md tags ADD3, ADD3O and BFN `{XEHP+}` and the appendix marks them on none of
/// its platforms (BDW to TGLLP): they exist from xe-hpg on (IGC writes none for tgllp).
const ADD3_BFN_PLATFORMS: Platforms = Platforms::only(
    Gate::XehpPlus,
    "6_instructions.md tags it {XEHP+} and the appendix marks it on none of SKL, ICLLP and TGLLP (gen9, gen11, xe-lp)",
);
/// 6_instructions.md tags DP4A `{TGLLP+}` (the appendix: TGLLP alone).
const DP4A_PLATFORMS: Platforms =
    Platforms::only(Gate::TgllpPlus, "6_instructions.md tags DP4A {TGLLP+}");
/// 6_instructions.md tags ROL and ROR `{ICLLP+}` (the appendix: ICLLP and TGLLP).
const ROTATE_PLATFORMS: Platforms = Platforms::only(
    Gate::IcllpPlus,
    "6_instructions.md tags ROL and ROR {ICLLP+}: SKL (gen9) has no rotate",
);
/// instructions/DPAS.md, Exec_size: XEHP's and PVC's sizes, none before.
const DPAS_PLATFORMS: Platforms = Platforms::only(Gate::XehpPlus, "DPAS exists from xe-hpg on");
/// instructions/DPASW.md, Semantics: "a specific instruction for XEHP when EU fusion is
/// present".
const DPASW_PLATFORMS: Platforms = Platforms::only(
    Gate::XehpgOnly,
    "DPASW exists on xe-hpg (XEHP with EU fusion) only",
);
/// LSC_UNTYPED.md (with the append-counter atomics), LSC_TYPED.md and LSC_FENCE.md name DG2
/// and PVC; Xe-LP's memory instructions are the HDC ones (the SVM and surface documents).
const LSC_PLATFORMS: Platforms =
    Platforms::only(Gate::XehpPlus, "LSC messages exist from xe-hpg on");
/// The block 2D forms of LSC_UNTYPED.md and LSC_TYPED.md: the shape limits are PVC's
/// (BLOCK2D-LIMITS); DG2 has none.
const BLOCK2D_PLATFORMS: Platforms =
    Platforms::only(Gate::PvcPlus, "block 2D messages exist on xe-hpc and xe2");

// Execution sizes other than every one.

/// instructions/BFE.md, BFI.md, Notes (Restriction).
const NOT_TWO: ExecSizes = ExecSizes::only(
    &[1, 4, 8, 16, 32],
    "BFE and BFI do not take execution size 2 (their Notes)",
);
/// Erratum SAD2-EXEC-SIZE: the pair (0, 1) needs two channels.
const PAIRS: ExecSizes = ExecSizes::only(
    &[2, 4, 8, 16, 32],
    "it works on pairs of channels (erratum SAD2-EXEC-SIZE)",
);
/// instructions/JMP.md, Exec_size: 1 only ("0b000: 1 element").
const SIMD1: ExecSizes = ExecSizes::only(
    &[1],
    "the thread-group instructions have no execution size: one thread, SIMD1",
);
const ONE: ExecSizes = ExecSizes::only(&[1], "JMP's execution size is 1 (its Exec_size)");

// The errata lists the rows share.

/// MOV's and ADD's float conversions (the same list keeps their generated vectors stable).
const CONVERT_ERRATA: &[&str] = &[
    errata::FLOAT_TO_UINT_NEGATIVE,
    errata::HF_DENORM_FLUSH,
    errata::FLOAT_CONVERT_DENORM,
    errata::INT_TO_FLOAT_ROUNDING,
    errata::SAT_NEGATIVE_ZERO,
    errata::MOV_RAW_COPY,
];
const FLOAT_ERRATA: &[&str] = &[errata::HF_DENORM_FLUSH, errata::SAT_NEGATIVE_ZERO];
const MIN_MAX_ERRATA: &[&str] = &[
    errata::MIN_MAX_ZERO_SIGN,
    errata::MIN_MAX_NAN,
    errata::SAT_NEGATIVE_ZERO,
    errata::HF_DENORM_FLUSH,
];
const DPAS_ERRATA: &[&str] = &[
    errata::DPAS_RC_LOOP,
    errata::DPAS_DST_ADVANCE,
    errata::DPAS_TF32_FP8_PATHS,
];
const DPASW_ERRATA: &[&str] = &[
    errata::DPAS_RC_LOOP,
    errata::DPAS_DST_ADVANCE,
    errata::DPASW_SPLIT,
    errata::DPAS_TF32_FP8_PATHS,
];
const LSC_ATOMIC_ERRATA: &[&str] = &[errata::LSC_ATOMIC_OPERANDS, errata::LSC_DATA_U32];

// Row defaults, one per builder.

const ALU: Form = Form {
    opcode: Opcode::Mov,
    mnemonic: "",
    document: "",
    family: Family::Alu,
    class: Class::Alu,
    builder: Builder::Alu,
    num_srcs: 0,
    sat: Sat::No,
    modifiers: Modifiers::None,
    type_maps: &[],
    pred: Pred::Allowed,
    second_dst: None,
    kinds: REGISTERS,
    platforms: Platforms::ALL,
    exec_sizes: ExecSizes::ALL,
    errata: &[],
    even_channels: None,
};
const MATH: Form = Form {
    family: Family::Math,
    class: Class::Math,
    ..ALU
};
const DPAS: Form = Form {
    family: Family::Dpas,
    class: Class::Dpas,
    builder: Builder::Dpas,
    ..ALU
};
const SVM: Form = Form {
    family: Family::Svm,
    class: Class::Memory,
    builder: Builder::Svm,
    ..ALU
};
const DATAPORT: Form = Form {
    family: Family::Dataport,
    class: Class::Memory,
    builder: Builder::Dataport,
    ..ALU
};
const SAMPLER: Form = Form {
    family: Family::Sampler,
    class: Class::Memory,
    builder: Builder::Sampler,
    exec_sizes: ExecSizes::only(
        &[8, 16, 32],
        "3D_LOAD.md, 3D_SAMPLE.md and INFO.md, Exec_size: 8, 16 or 32 elements",
    ),
    ..ALU
};
const DATAPORT4_ERRATA: &[&str] = &[
    errata::DATAPORT_BOUNDS_LANE,
    errata::DATAPORT4_DWORD_ADDRESS,
];
const SCATTER4_ERRATA: &[&str] = &[
    errata::DATAPORT_BOUNDS_LANE,
    errata::DATAPORT4_DWORD_ADDRESS,
];
const OWORD_ERRATA: &[&str] = &[errata::DATAPORT_BOUNDS_LANE];
const MEDIA_EXEC_SIZES: ExecSizes = ExecSizes::only(
    &[1],
    "MEDIA_LD.md and MEDIA_ST.md have no Exec_size: one block for the thread",
);
const MEDIA_ERRATA: &[&str] = &[
    errata::MEDIA_BLOCK_RANGES,
    errata::MEDIA_OUT_OF_BOUNDS,
    errata::MEDIA_FIELD_ROWS,
    errata::MEDIA_OFFSET_TYPES,
];
const TYPED_ERRATA: &[&str] = &[
    errata::TYPED_EXEC_SIZE,
    errata::TYPED_OOB_ALPHA,
    errata::TYPED_CONVERSION_TYPES,
];
const TYPED_ATOMIC_ERRATA: &[&str] = &[
    errata::TYPED_EXEC_SIZE,
    errata::TYPED_ATOMIC_OP_TABLE,
    errata::TYPED_ATOMIC_OPERANDS,
    errata::SVM_ATOMIC_PREDEC,
    errata::SVM_ATOMIC_SIGNED_TYPES,
];
const DWORD_ATOMIC_ERRATA: &[&str] = &[
    errata::DATAPORT_BOUNDS_LANE,
    errata::DWORD_ATOMIC_SURFACES,
    errata::DWORD_ATOMIC_ALIGNMENT,
    errata::SVM_ATOMIC_PREDEC,
    errata::SVM_ATOMIC_SIGNED_TYPES,
];
const GATHER_SCATTER_ERRATA: &[&str] = &[
    errata::DATAPORT_BOUNDS_LANE,
    errata::GATHER_SCATTER_SURFACES,
];
const QW_ERRATA: &[&str] = &[errata::DATAPORT_BOUNDS_LANE, errata::QW_GATHER_BLOCKS];
/// GATHER.md, SCATTER.md, Num_elts: 8, 16 or 1 element.
const NUM_ELTS: ExecSizes = ExecSizes::only(&[1, 8, 16], "Num_elts encodes 1, 8 or 16 elements");
/// QW_GATHER.md, QW_SCATTER.md, Exec_size bits 2..0: 1 to 16 elements.
const QW_EXEC_SIZES: ExecSizes = ExecSizes::only(
    &[1, 2, 4, 8, 16],
    "Exec_size encodes 1, 2, 4, 8 or 16 elements",
);
/// 6_instructions.md tags QW_GATHER and QW_SCATTER {PVC_XT,PVC}.
const QW_PLATFORMS: Platforms = Platforms::only(
    Gate::PvcPlus,
    "6_instructions.md tags QW_GATHER and QW_SCATTER {PVC_XT,PVC}: they exist from xe-hpc on",
);
const OWORD_UNALIGNED_ERRATA: &[&str] = &[
    errata::DATAPORT_BOUNDS_LANE,
    errata::OWORD_LD_UNALIGNED_OFFSET,
];
const LSC: Form = Form {
    family: Family::Lsc,
    class: Class::Memory,
    builder: Builder::LscGatherScatter,
    num_srcs: 3,
    platforms: LSC_PLATFORMS,
    ..ALU
};
const LSC_ATOMIC: Form = Form {
    num_srcs: 4,
    errata: LSC_ATOMIC_ERRATA,
    ..LSC
};
const BLOCK2D: Form = Form {
    builder: Builder::LscBlock2d,
    platforms: BLOCK2D_PLATFORMS,
    ..LSC
};
const FLOW: Form = Form {
    family: Family::Flow,
    class: Class::Branch,
    builder: Builder::Flow,
    ..ALU
};
const ANNOTATION: Form = Form {
    class: Class::Annotation,
    pred: Pred::No,
    ..FLOW
};
const RAW_SEND: Form = Form {
    family: Family::Send,
    class: Class::Memory,
    builder: Builder::RawSend,
    ..ALU
};
const SYNC: Form = Form {
    class: Class::Sync,
    builder: Builder::Sync,
    pred: Pred::No,
    exec_sizes: SIMD1,
    ..FLOW
};

use self::Opcode as O;
use Modifiers::{Arithmetic as ARITH, Logic as LOGIC};

/// The opcode table: row `i` is the opcode whose discriminant is `i`. A `const`, so that
/// [`Opcode::ALL`] is built from it at compile time; every use is a promoted `'static`
/// reference.
#[rustfmt::skip]
#[allow(clippy::large_const_arrays)]
pub const TABLE: [Form; 148] = [
    Form { opcode: O::Mov, mnemonic: "mov", document: "instructions/MOV.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: MOV_MAPS, kinds: MOV_KINDS, errata: CONVERT_ERRATA, ..ALU },
    Form { opcode: O::Add, mnemonic: "add", document: "instructions/ADD.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: ADD_MAPS, errata: CONVERT_ERRATA, ..ALU },
    Form { opcode: O::Add3, mnemonic: "add3", document: "instructions/ADD3.md", num_srcs: 3, sat: Sat::Yes, modifiers: ARITH, type_maps: ADD3_MAPS, platforms: ADD3_BFN_PLATFORMS, ..ALU },
    Form { opcode: O::Avg, mnemonic: "avg", document: "instructions/AVG.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: INT_MAPS, ..ALU },
    // MULH.md: no saturation.
    Form { opcode: O::Mulh, mnemonic: "mulh", document: "instructions/MULH.md", num_srcs: 2, modifiers: ARITH, type_maps: MULH_MAPS, errata: &[errata::DST_CHANNEL_INDEX], ..ALU },
    Form { opcode: O::And, mnemonic: "and", document: "instructions/AND.md", num_srcs: 2, modifiers: LOGIC, type_maps: LOGIC_MAPS, kinds: LOGIC_KINDS, ..ALU },
    Form { opcode: O::Or, mnemonic: "or", document: "instructions/OR.md", num_srcs: 2, modifiers: LOGIC, type_maps: LOGIC_MAPS, kinds: LOGIC_KINDS, ..ALU },
    Form { opcode: O::Xor, mnemonic: "xor", document: "instructions/XOR.md", num_srcs: 2, modifiers: LOGIC, type_maps: LOGIC_MAPS, kinds: LOGIC_KINDS, ..ALU },
    Form { opcode: O::Not, mnemonic: "not", document: "instructions/NOT.md", num_srcs: 1, modifiers: LOGIC, type_maps: LOGIC_MAPS, kinds: LOGIC_KINDS, ..ALU },
    Form { opcode: O::Shl, mnemonic: "shl", document: "instructions/SHL.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: SHL_MAPS, errata: &[errata::SHL_SAT_RANGE], ..ALU },
    Form { opcode: O::Shr, mnemonic: "shr", document: "instructions/SHR.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: SHR_MAPS, ..ALU },
    Form { opcode: O::Asr, mnemonic: "asr", document: "instructions/ASR.md", num_srcs: 2, modifiers: ARITH, type_maps: ASR_MAPS, ..ALU },
    Form { opcode: O::Rol, mnemonic: "rol", document: "instructions/ROL.md", num_srcs: 2, type_maps: ROTATE_MAPS, errata: &[errata::ROTATE_SIGNED_SHIFT], platforms: ROTATE_PLATFORMS, ..ALU },
    Form { opcode: O::Ror, mnemonic: "ror", document: "instructions/ROR.md", num_srcs: 2, type_maps: ROTATE_MAPS, errata: &[errata::ROTATE_SIGNED_SHIFT], platforms: ROTATE_PLATFORMS, ..ALU },
    Form { opcode: O::Bfrev, mnemonic: "bfrev", document: "instructions/BFREV.md", num_srcs: 1, type_maps: UD_MAPS, ..ALU },
    Form { opcode: O::Cbit, mnemonic: "cbit", document: "instructions/CBIT.md", num_srcs: 1, type_maps: CBIT_MAPS, errata: &[errata::CBIT_RESULT], ..ALU },
    Form { opcode: O::Fbh, mnemonic: "fbh", document: "instructions/FBH.md", num_srcs: 1, type_maps: FBH_MAPS, errata: &[errata::FBH_SIGNED], ..ALU },
    Form { opcode: O::Fbl, mnemonic: "fbl", document: "instructions/FBL.md", num_srcs: 1, type_maps: FBL_MAPS, ..ALU },
    // LZD.md: its Text form shows `.sat`, its Properties no saturation (erratum LZD-SAT).
    Form { opcode: O::Lzd, mnemonic: "lzd", document: "instructions/LZD.md", num_srcs: 1, sat: Sat::UnlessLiteral(errata::LZD_SAT), type_maps: UD_MAPS, errata: &[errata::DST_CHANNEL_INDEX], ..ALU },
    Form { opcode: O::Bfe, mnemonic: "bfe", document: "instructions/BFE.md", num_srcs: 3, type_maps: BFE_MAPS, errata: &[errata::BFE_SIGN_EXTENSION], exec_sizes: NOT_TWO, ..ALU },
    Form { opcode: O::Bfi, mnemonic: "bfi", document: "instructions/BFI.md", num_srcs: 4, type_maps: BFE_MAPS, exec_sizes: NOT_TWO, ..ALU },
    // ADD3O.md: `(<P>)` is a required second destination, the overflow bits.
    Form { opcode: O::Add3o, mnemonic: "add3o", document: "instructions/ADD3O.md", class: Class::Wide, num_srcs: 3, modifiers: ARITH, type_maps: ADD3_MAPS, pred: Pred::Overflow, errata: &[errata::ADD3O_OVERFLOW], platforms: ADD3_BFN_PLATFORMS, ..ALU },
    Form { opcode: O::Addc, mnemonic: "addc", document: "instructions/ADDC.md", class: Class::Wide, num_srcs: 2, type_maps: UD_MAPS, second_dst: Some("carry"), ..ALU },
    // SUBB.md: its Properties list saturation, its Text form does not (erratum SUBB-SAT).
    Form { opcode: O::Subb, mnemonic: "subb", document: "instructions/SUBB.md", class: Class::Wide, num_srcs: 2, sat: Sat::UnlessLiteral(errata::SUBB_SAT), type_maps: UD_MAPS, second_dst: Some("borrow"), errata: &[errata::SUBB_LOOP_STEP], even_channels: Some(errata::SUBB_LOOP_STEP), ..ALU },
    Form { opcode: O::Mul, mnemonic: "mul", document: "instructions/MUL.md", num_srcs: 2, sat: Sat::FloatOnly, modifiers: ARITH, type_maps: MUL_MAPS, errata: &[errata::HF_DENORM_FLUSH, errata::SAT_NEGATIVE_ZERO, errata::DST_CHANNEL_INDEX], ..ALU },
    Form { opcode: O::Madw, mnemonic: "madw", document: "instructions/MADW.md", class: Class::Wide, num_srcs: 3, modifiers: ARITH, type_maps: D_UD_MAPS, errata: &[errata::MADW_HIGH_HALF], ..ALU },
    Form { opcode: O::Mad, mnemonic: "mad", document: "instructions/MAD.md", num_srcs: 3, sat: Sat::FloatOnly, modifiers: ARITH, type_maps: MAD_MAPS, errata: &[errata::MAD_FUSED, errata::HF_DENORM_FLUSH, errata::SAT_NEGATIVE_ZERO, errata::DST_CHANNEL_INDEX], ..ALU },
    Form { opcode: O::Mod, mnemonic: "mod", document: "instructions/MOD.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: INT_MAPS, errata: &[errata::DIV_BY_ZERO, errata::DST_CHANNEL_INDEX], ..ALU },
    Form { opcode: O::Div, mnemonic: "div", document: "instructions/DIV.md", num_srcs: 2, sat: Sat::FloatOnly, modifiers: ARITH, type_maps: DIV_MAPS, errata: &[errata::DIV_FLOAT_RECIPROCAL, errata::DIV_BY_ZERO, errata::HF_DENORM_FLUSH, errata::SAT_NEGATIVE_ZERO], ..ALU },
    Form { opcode: O::Sad2, mnemonic: "sad2", document: "instructions/SAD2.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: SAD2_MAPS, errata: &[errata::SAD2_LOOP_STEP], exec_sizes: PAIRS, platforms: SAD2_PLATFORMS, ..ALU },
    Form { opcode: O::Sad2add, mnemonic: "sad2add", document: "instructions/SAD2ADD.md", num_srcs: 3, sat: Sat::Yes, type_maps: SAD2ADD_MAPS, exec_sizes: PAIRS, platforms: SAD2_PLATFORMS, ..ALU },
    Form { opcode: O::AddrAdd, mnemonic: "addr_add", document: "instructions/ADDR_ADD.md", num_srcs: 2, modifiers: ARITH, type_maps: ADDR_ADD_MAPS, pred: Pred::No, kinds: ADDR_ADD_KINDS, ..ALU },
    Form { opcode: O::Bfn, mnemonic: "bfn", document: "instructions/BFN.md", num_srcs: 3, type_maps: BFN_MAPS, platforms: ADD3_BFN_PLATFORMS, ..ALU },
    Form { opcode: O::Cmp, mnemonic: "cmp", document: "instructions/CMP.md", class: Class::Select, num_srcs: 2, modifiers: ARITH, type_maps: CMP_MAPS, pred: Pred::No, kinds: CMP_KINDS, errata: &[errata::CMP_TRUE_VALUE, errata::HF_DENORM_FLUSH], ..ALU },
    Form { opcode: O::Sel, mnemonic: "sel", document: "instructions/SEL.md", class: Class::Select, num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: SEL_MAPS, errata: &[errata::SEL_RAW_MASKS, errata::FLOAT_CONVERT_DENORM, errata::SAT_NEGATIVE_ZERO, errata::HF_DENORM_FLUSH], ..ALU },
    Form { opcode: O::Setp, mnemonic: "setp", document: "instructions/SETP.md", class: Class::Select, num_srcs: 1, type_maps: SETP_MAPS, pred: Pred::No, kinds: SETP_KINDS, errata: &[errata::SETP_BIT_TEST], ..ALU },
    // MIN_MAX.md: neither the Format nor the Text form has a predicate.
    Form { opcode: O::Min, mnemonic: "min", document: "instructions/MIN_MAX.md", class: Class::Select, num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: MIN_MAX_MAPS, pred: Pred::No, errata: MIN_MAX_ERRATA, ..ALU },
    Form { opcode: O::Max, mnemonic: "max", document: "instructions/MIN_MAX.md", class: Class::Select, num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: MIN_MAX_MAPS, pred: Pred::No, errata: MIN_MAX_ERRATA, ..ALU },
    Form { opcode: O::Movs, mnemonic: "movs", document: "instructions/MOVS.md", num_srcs: 1, type_maps: UD_MAPS, pred: Pred::No, kinds: MOVS_KINDS, ..ALU },
    // The exact roundings: saturation for RNDD, RNDE, RNDU and RNDZ, none for FRC (its
    // Properties list none and its Text form has no `.sat`).
    Form { opcode: O::Rndd, mnemonic: "rndd", document: "instructions/RNDD.md", class: Class::Rounding, num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_MAPS, platforms: RND_PLATFORMS, errata: &[errata::SAT_NEGATIVE_ZERO], ..MATH },
    Form { opcode: O::Rnde, mnemonic: "rnde", document: "instructions/RNDE.md", class: Class::Rounding, num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_MAPS, platforms: RND_PLATFORMS, errata: &[errata::RNDE_DOWNWARD, errata::RND_ZERO_SIGN, errata::SAT_NEGATIVE_ZERO], ..MATH },
    Form { opcode: O::Rndu, mnemonic: "rndu", document: "instructions/RNDU.md", class: Class::Rounding, num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_MAPS, platforms: RND_PLATFORMS, errata: &[errata::SAT_NEGATIVE_ZERO], ..MATH },
    Form { opcode: O::Rndz, mnemonic: "rndz", document: "instructions/RNDZ.md", class: Class::Rounding, num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_MAPS, platforms: RND_PLATFORMS, errata: &[errata::RND_ZERO_SIGN, errata::SAT_NEGATIVE_ZERO], ..MATH },
    Form { opcode: O::Frc, mnemonic: "frc", document: "instructions/FRC.md", class: Class::Rounding, num_srcs: 1, modifiers: ARITH, type_maps: F_MAPS, platforms: RND_PLATFORMS, ..MATH },
    Form { opcode: O::Inv, mnemonic: "inv", document: "instructions/INV.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: INV_MAPS, errata: FLOAT_ERRATA, ..MATH },
    Form { opcode: O::Log, mnemonic: "log", document: "instructions/LOG.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: &[errata::LOG_BASE, errata::HF_DENORM_FLUSH], ..MATH },
    Form { opcode: O::Exp, mnemonic: "exp", document: "instructions/EXP.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: &[errata::EXP_BASE, errata::HF_DENORM_FLUSH], ..MATH },
    Form { opcode: O::Sqrt, mnemonic: "sqrt", document: "instructions/SQRT.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: &[errata::SQRT_LOOP_STEP, errata::HF_DENORM_FLUSH], even_channels: Some(errata::SQRT_LOOP_STEP), ..MATH },
    Form { opcode: O::Rsqrt, mnemonic: "rsqrt", document: "instructions/RSQRT.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: FLOAT_ERRATA, ..MATH },
    Form { opcode: O::Sin, mnemonic: "sin", document: "instructions/SIN.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: &[errata::SIN_LOOP_STEP, errata::HF_DENORM_FLUSH], even_channels: Some(errata::SIN_LOOP_STEP), ..MATH },
    Form { opcode: O::Cos, mnemonic: "cos", document: "instructions/COS.md", num_srcs: 1, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: FLOAT_ERRATA, ..MATH },
    Form { opcode: O::Pow, mnemonic: "pow", document: "instructions/POW.md", num_srcs: 2, sat: Sat::Yes, modifiers: ARITH, type_maps: F_HF_MAPS, errata: &[errata::POW_NEGATIVE_BASE, errata::HF_DENORM_FLUSH], ..MATH },
    // DIVM.md, SQRTM.md: no source modifier.
    Form { opcode: O::Divm, mnemonic: "divm", document: "instructions/DIVM.md", num_srcs: 2, sat: Sat::Yes, type_maps: IEEE_MACRO_MAPS, platforms: IEEE_MACRO_PLATFORMS, ..MATH },
    Form { opcode: O::Sqrtm, mnemonic: "sqrtm", document: "instructions/SQRTM.md", num_srcs: 1, sat: Sat::Yes, type_maps: IEEE_MACRO_MAPS, errata: &[errata::SQRTM_LOOP_STEP], even_channels: Some(errata::SQRTM_LOOP_STEP), platforms: IEEE_MACRO_PLATFORMS, ..MATH },
    // FCVT.md: no predicate (its Format has none), no saturation, no source modifier. SRND.md:
    // the same (Notes).
    Form { opcode: O::Fcvt, mnemonic: "fcvt", document: "instructions/FCVT.md", class: Class::Conversion, num_srcs: 1, type_maps: FCVT_MAPS, pred: Pred::No, platforms: FP8_PLATFORMS, ..MATH },
    Form { opcode: O::Srnd, mnemonic: "srnd", document: "instructions/SRND.md", class: Class::Conversion, num_srcs: 2, type_maps: SRND_MAPS, pred: Pred::No, platforms: FP8_PLATFORMS, errata: &[errata::SRND_DENORM_ALIGN], ..MATH },
    // LRP.md: saturation, arithmetic source modifiers. PLN.md: no source modifier; its
    // Properties list saturation, its Text form does not (erratum PLN-SAT).
    Form { opcode: O::Lrp, mnemonic: "lrp", document: "instructions/LRP.md", class: Class::Interpolation, num_srcs: 3, sat: Sat::Yes, modifiers: ARITH, type_maps: F_MAPS, errata: &[errata::LRP_ROUNDING, errata::SAT_NEGATIVE_ZERO], platforms: LRP_PLN_PLATFORMS, ..MATH },
    // PLN.md, Text: `PLANE`.
    Form { opcode: O::Pln, mnemonic: "plane", document: "instructions/PLN.md", class: Class::Interpolation, num_srcs: 2, sat: Sat::UnlessLiteral(errata::PLN_SAT), type_maps: F_MAPS, errata: &[errata::PLN_SIMD16_INDEX, errata::PLN_ROUNDING, errata::SAT_NEGATIVE_ZERO], platforms: LRP_PLN_PLATFORMS, ..MATH },
    // INVM.md, RSQTM.md: arithmetic source modifiers, no saturation (Notes), and the
    // early-out predicate `<preddst>` after `<dst>`.
    Form { opcode: O::Invm, mnemonic: "invm", document: "instructions/INVM.md", num_srcs: 2, modifiers: ARITH, type_maps: IEEE_MACRO_MAPS, second_dst: Some("preddst"), kinds: EARLY_OUT_KINDS, errata: &[errata::MACRO_EARLY_OUT], platforms: IEEE_MACRO_PLATFORMS, ..MATH },
    Form { opcode: O::Rsqtm, mnemonic: "rsqtm", document: "instructions/RSQTM.md", num_srcs: 1, modifiers: ARITH, type_maps: IEEE_MACRO_MAPS, second_dst: Some("preddst"), kinds: EARLY_OUT_KINDS, errata: &[errata::MACRO_EARLY_OUT], platforms: IEEE_MACRO_PLATFORMS, ..MATH },
    Form { opcode: O::Dpas, mnemonic: "dpas", document: "instructions/DPAS.md", num_srcs: 3, type_maps: DPAS_MAPS, platforms: DPAS_PLATFORMS, errata: DPAS_ERRATA, ..DPAS },
    Form { opcode: O::Dpasw, mnemonic: "dpasw", document: "instructions/DPASW.md", num_srcs: 3, type_maps: DPASW_MAPS, platforms: DPASW_PLATFORMS, errata: DPASW_ERRATA, ..DPAS },
    // DP4A.md, Properties: saturation, no source modifier; validated as an ALU form.
    Form { opcode: O::Dp4a, mnemonic: "dp4a", document: "instructions/DP4A.md", builder: Builder::Alu, num_srcs: 3, sat: Sat::Yes, type_maps: D_UD_MAPS, platforms: DP4A_PLATFORMS, ..DPAS },
    // The SVM messages name their operands (`ir::svm::SvmCtrl`).
    Form { opcode: O::SvmBlockLd, mnemonic: "svm_block_ld", document: "instructions/SVM_BLOCK_LD.md", ..SVM },
    Form { opcode: O::SvmBlockSt, mnemonic: "svm_block_st", document: "instructions/SVM_BLOCK_ST.md", ..SVM },
    Form { opcode: O::SvmGather, mnemonic: "svm_gather", document: "instructions/SVM_GATHER.md", ..SVM },
    Form { opcode: O::SvmScatter, mnemonic: "svm_scatter", document: "instructions/SVM_SCATTER.md", ..SVM },
    Form { opcode: O::SvmGather4Scaled, mnemonic: "svm_gather4scaled", document: "instructions/SVM_GATHER4_SCALED.md", ..SVM },
    Form { opcode: O::SvmScatter4Scaled, mnemonic: "svm_scatter4scaled", document: "instructions/SVM_SCATTER4_SCALED.md", ..SVM },
    Form { opcode: O::SvmAtomic, mnemonic: "svm_atomic", document: "instructions/SVM_ATOMIC.md", ..SVM },
    // GATHER_SCALED.md, SCATTER_SCALED.md: operands named in `ir::dataport::DataportCtrl`;
    // the appendix lists both on every platform it covers (BDW to TGLLP), and the model
    // keeps them on the later ones as it does the SVM messages.
    Form { opcode: O::GatherScaled, mnemonic: "gather_scaled", document: "instructions/GATHER_SCALED.md", errata: &[errata::DATAPORT_BOUNDS_LANE], ..DATAPORT },
    Form { opcode: O::ScatterScaled, mnemonic: "scatter_scaled", document: "instructions/SCATTER_SCALED.md", errata: &[errata::DATAPORT_BOUNDS_LANE], ..DATAPORT },
    // GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md, OWORD_LD_UNALIGNED.md, OWORD_ST.md:
    // the appendix lists them on BDW to TGLLP; kept on the later platforms as above.
    Form { opcode: O::Gather4Scaled, mnemonic: "gather4_scaled", document: "instructions/GATHER4_SCALED.md", errata: DATAPORT4_ERRATA, ..DATAPORT },
    Form { opcode: O::Scatter4Scaled, mnemonic: "scatter4_scaled", document: "instructions/SCATTER4_SCALED.md", errata: SCATTER4_ERRATA, ..DATAPORT },
    Form { opcode: O::OwordLd, mnemonic: "oword_ld", document: "instructions/OWORD_LD.md", errata: OWORD_ERRATA, ..DATAPORT },
    Form { opcode: O::OwordLdUnaligned, mnemonic: "oword_ld_unaligned", document: "instructions/OWORD_LD_UNALIGNED.md", errata: OWORD_UNALIGNED_ERRATA, ..DATAPORT },
    Form { opcode: O::OwordSt, mnemonic: "oword_st", document: "instructions/OWORD_ST.md", errata: OWORD_ERRATA, ..DATAPORT },
    Form { opcode: O::DwordAtomic, mnemonic: "dword_atomic", document: "instructions/DWORD_ATOMIC.md", errata: DWORD_ATOMIC_ERRATA, ..DATAPORT },
    // GATHER.md, SCATTER.md: neither the appendix nor 6_instructions.md lists them (the
    // assembly appendix has their rows); kept on every platform as the scaled forms. No
    // predicate (IGC's grammar has none); Num_elts is the execution size: 1, 8 or 16.
    Form { opcode: O::Gather, mnemonic: "gather", document: "instructions/GATHER.md", pred: Pred::No, exec_sizes: NUM_ELTS, errata: GATHER_SCATTER_ERRATA, ..DATAPORT },
    Form { opcode: O::Scatter, mnemonic: "scatter", document: "instructions/SCATTER.md", pred: Pred::No, exec_sizes: NUM_ELTS, errata: GATHER_SCATTER_ERRATA, ..DATAPORT },
    // QW_GATHER.md, QW_SCATTER.md: 6_instructions.md tags them {PVC_XT,PVC} (the appendix,
    // which ends at TGLLP, marks them nowhere); Exec_size 1 to 16.
    Form { opcode: O::QwGather, mnemonic: "qw_gather", document: "instructions/QW_GATHER.md", platforms: QW_PLATFORMS, exec_sizes: QW_EXEC_SIZES, errata: QW_ERRATA, ..DATAPORT },
    Form { opcode: O::QwScatter, mnemonic: "qw_scatter", document: "instructions/QW_SCATTER.md", platforms: QW_PLATFORMS, exec_sizes: QW_EXEC_SIZES, errata: QW_ERRATA, ..DATAPORT },
    // LSC_UNTYPED.md, LSC_TYPED.md, LSC_FENCE.md: no type map, their operands are raw
    // register data shaped by DataSize and AddrSize (`validate::lsc`). The source counts are
    // the text's: gather/scatter [Surface, Src0Addrs, Src1Data], the strided forms with
    // Src0AddrPitch, the atomics with Src2Data, the append counters [Surface, Src0Data], the
    // fence none; block 2D the untyped form's six surface and address operands, stores add
    // Src1Data.
    Form { opcode: O::LscLoad, mnemonic: "lsc_load", document: "instructions/LSC_UNTYPED.md", errata: &[errata::LSC_DATA_U32], ..LSC },
    Form { opcode: O::LscStore, mnemonic: "lsc_store", document: "instructions/LSC_UNTYPED.md", errata: &[errata::LSC_STORE_DSTDATA, errata::LSC_STORE_ELEM_OFFSET], ..LSC },
    Form { opcode: O::LscStoreUncompressed, mnemonic: "lsc_store_uncompressed", document: "instructions/LSC_UNTYPED.md", errata: &[errata::LSC_STORE_DSTDATA, errata::LSC_STORE_ELEM_OFFSET], ..LSC },
    Form { opcode: O::LscLoadStrided, mnemonic: "lsc_load_strided", document: "instructions/LSC_UNTYPED.md", num_srcs: 4, errata: &[errata::LSC_STRIDED_ADDR, errata::LSC_DATA_U32], ..LSC },
    Form { opcode: O::LscStoreStrided, mnemonic: "lsc_store_strided", document: "instructions/LSC_UNTYPED.md", num_srcs: 4, errata: &[errata::LSC_STORE_STRIDED_V], ..LSC },
    Form { opcode: O::LscLoadQuad, mnemonic: "lsc_load_quad", document: "instructions/LSC_UNTYPED.md", errata: &[errata::LSC_DATA_U32], ..LSC },
    Form { opcode: O::LscStoreQuad, mnemonic: "lsc_store_quad", document: "instructions/LSC_UNTYPED.md", ..LSC },
    Form { opcode: O::LscLoadBlock2d, mnemonic: "lsc_load_block2d", document: "instructions/LSC_UNTYPED.md", num_srcs: 6, ..BLOCK2D },
    Form { opcode: O::LscStoreBlock2d, mnemonic: "lsc_store_block2d", document: "instructions/LSC_UNTYPED.md", num_srcs: 7, ..BLOCK2D },
    Form { opcode: O::LscFence, mnemonic: "lsc_fence", document: "instructions/LSC_FENCE.md", class: Class::Fence, builder: Builder::LscFence, num_srcs: 0, ..LSC },
    Form { opcode: O::LscAtomicIinc, mnemonic: "lsc_atomic_iinc", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicIdec, mnemonic: "lsc_atomic_idec", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicLoad, mnemonic: "lsc_atomic_load", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicStore, mnemonic: "lsc_atomic_store", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicIadd, mnemonic: "lsc_atomic_iadd", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicIsub, mnemonic: "lsc_atomic_isub", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicSmin, mnemonic: "lsc_atomic_smin", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicSmax, mnemonic: "lsc_atomic_smax", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicUmin, mnemonic: "lsc_atomic_umin", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicUmax, mnemonic: "lsc_atomic_umax", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicIcas, mnemonic: "lsc_atomic_icas", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicFadd, mnemonic: "lsc_atomic_fadd", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicFsub, mnemonic: "lsc_atomic_fsub", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicFmin, mnemonic: "lsc_atomic_fmin", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicFmax, mnemonic: "lsc_atomic_fmax", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicFcas, mnemonic: "lsc_atomic_fcas", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicAnd, mnemonic: "lsc_atomic_and", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicOr, mnemonic: "lsc_atomic_or", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscAtomicXor, mnemonic: "lsc_atomic_xor", document: "instructions/LSC_UNTYPED.md", ..LSC_ATOMIC },
    Form { opcode: O::LscLoadStatus, mnemonic: "lsc_load_status", document: "instructions/LSC_UNTYPED.md", errata: &[errata::LSC_LOAD_STATUS_TRTT], ..LSC },
    Form { opcode: O::LscApndctrAtomicAdd, mnemonic: "lsc_apndctr_atomic_add", document: "instructions/LSC_UNTYPED.md", builder: Builder::LscApndctr, num_srcs: 2, ..LSC },
    Form { opcode: O::LscApndctrAtomicSub, mnemonic: "lsc_apndctr_atomic_sub", document: "instructions/LSC_UNTYPED.md", builder: Builder::LscApndctr, num_srcs: 2, ..LSC },
    // The control-flow documents: no saturation, no modifiers, no type map (their operands'
    // types are checked by validate::flow). IFCALL's address and SWITCHJMP's index are their
    // one source; SWITCHJMP, FADDR and the annotations take no predicate.
    Form { opcode: O::Goto, mnemonic: "goto", document: "instructions/GOTO.md", ..FLOW },
    Form { opcode: O::Jmp, mnemonic: "jmp", document: "instructions/JMP.md", exec_sizes: ONE, ..FLOW },
    Form { opcode: O::Call, mnemonic: "call", document: "instructions/CALL.md", ..FLOW },
    Form { opcode: O::Ret, mnemonic: "ret", document: "instructions/RET.md", ..FLOW },
    Form { opcode: O::Fcall, mnemonic: "fcall", document: "instructions/FCALL.md", ..FLOW },
    Form { opcode: O::Ifcall, mnemonic: "ifcall", document: "instructions/IFCALL.md", num_srcs: 1, ..FLOW },
    Form { opcode: O::Fret, mnemonic: "fret", document: "instructions/FRET.md", ..FLOW },
    Form { opcode: O::Faddr, mnemonic: "faddr", document: "instructions/FADDR.md", class: Class::Address, pred: Pred::No, ..FLOW },
    Form { opcode: O::Switchjmp, mnemonic: "switchjmp", document: "instructions/SWITCHJMP.md", num_srcs: 1, pred: Pred::No, ..FLOW },
    Form { opcode: O::Subroutine, mnemonic: "subroutine", document: "instructions/SUBROUTINE.md", ..ANNOTATION },
    Form { opcode: O::Loc, mnemonic: "loc", document: "instructions/LOC.md", ..ANNOTATION },
    Form { opcode: O::File, mnemonic: "file", document: "instructions/FILE.md", ..ANNOTATION },
    Form { opcode: O::Lifetime, mnemonic: "lifetime", document: "instructions/LIFETIME.md", ..ANNOTATION },
    // The thread-group documents (validate::sync): SIMD1 without an execution size, no
    // predicate; their operands are scalars checked by validate::sync. FENCE's text is
    // `fence_global`, `fence_local` or `fence_sw`, one opcode (validation maps the three).
    Form { opcode: O::Barrier, mnemonic: "barrier", document: "instructions/BARRIER.md", ..SYNC },
    Form { opcode: O::Sbarrier, mnemonic: "sbarrier", document: "instructions/SBARRIER.md", ..SYNC },
    Form { opcode: O::Nbarrier, mnemonic: "nbarrier", document: "instructions/NBARRIER.md", ..SYNC },
    Form { opcode: O::Fence, mnemonic: "fence_global", document: "instructions/FENCE.md", class: Class::Fence, ..SYNC },
    Form { opcode: O::Wait, mnemonic: "wait", document: "instructions/WAIT.md", ..SYNC },
    Form { opcode: O::Yield, mnemonic: "yield", document: "instructions/YIELD.md", ..SYNC },
    Form { opcode: O::CacheFlush, mnemonic: "cache_flush", document: "instructions/CACHE_FLUSH.md", class: Class::Fence, ..SYNC },
    // The raw sends (validate::send): their descriptors decode to another document's
    // instruction, which executes the message; `raw_sendc`, `raw_sendsc` and the `_eot`
    // spellings are the same opcodes.
    Form { opcode: O::RawSend, mnemonic: "raw_send", document: "instructions/RAW_SEND.md", num_srcs: 4, ..RAW_SEND },
    Form { opcode: O::RawSends, mnemonic: "raw_sends", document: "instructions/RAW_SENDS.md", num_srcs: 4, ..RAW_SEND },
    // The typed legacy dataport messages (`ir::dataport_typed::TypedCtrl`): the appendix
    // lists them on BDW to TGLLP, kept on the later platforms as the other dataport messages.
    Form { opcode: O::Gather4Typed, mnemonic: "gather4_typed", document: "instructions/GATHER4_TYPED.md", builder: Builder::DataportTyped, errata: TYPED_ERRATA, ..DATAPORT },
    Form { opcode: O::Scatter4Typed, mnemonic: "scatter4_typed", document: "instructions/SCATTER4_TYPED.md", builder: Builder::DataportTyped, errata: TYPED_ERRATA, ..DATAPORT },
    Form { opcode: O::Load3d, mnemonic: "load_3d", document: "instructions/3D_LOAD.md", ..SAMPLER },
    Form { opcode: O::LoadLz, mnemonic: "load_lz", document: "instructions/3D_LOAD.md", ..SAMPLER },
    Form { opcode: O::Resinfo, mnemonic: "resinfo", document: "instructions/INFO.md", pred: Pred::No, ..SAMPLER },
    Form { opcode: O::Sample3d, mnemonic: "sample_3d", document: "instructions/3D_SAMPLE.md", ..SAMPLER },
    Form { opcode: O::SampleL, mnemonic: "sample_l", document: "instructions/3D_SAMPLE.md", ..SAMPLER },
    Form { opcode: O::SampleLz, mnemonic: "sample_lz", document: "instructions/3D_SAMPLE.md", ..SAMPLER },
    // TYPED_ATOMIC.md: a typed message (`ir::dataport_typed::TypedCtrl`), listed by the
    // appendix on BDW to TGLLP and kept on the later platforms as the other typed messages.
    Form { opcode: O::TypedAtomic, mnemonic: "typed_atomic", document: "instructions/TYPED_ATOMIC.md", builder: Builder::DataportTyped, errata: TYPED_ATOMIC_ERRATA, ..DATAPORT },
    // The media block messages (`ir::media::MediaCtrl`): the appendix lists them on BDW to
    // TGLLP; IGC 1.0.12504 writes them for dg2 and pvc too, kept there as the other
    // dataport messages. One block for the thread: execution size 1 under NoMask.
    Form { opcode: O::MediaLd, mnemonic: "media_ld", document: "instructions/MEDIA_LD.md", builder: Builder::Media, pred: Pred::No, exec_sizes: MEDIA_EXEC_SIZES, errata: MEDIA_ERRATA, ..DATAPORT },
    Form { opcode: O::MediaSt, mnemonic: "media_st", document: "instructions/MEDIA_ST.md", builder: Builder::Media, pred: Pred::No, exec_sizes: MEDIA_EXEC_SIZES, errata: MEDIA_ERRATA, ..DATAPORT },
    Form { opcode: O::Fccall, mnemonic: "fccall", document: "instructions/FCCALL.md", errata: &[errata::FCCALL_CALL_ALIAS], ..FLOW },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_i_describes_opcode_i() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.opcode as usize, i, "row {i} describes {:?}", row.opcode);
            assert_eq!(Opcode::ALL[i], row.opcode);
        }
    }

    #[test]
    fn mnemonics_are_unique_and_name_their_document() {
        for row in &TABLE {
            assert_eq!(Opcode::from_mnemonic(row.mnemonic), Some(row.opcode));
            assert!(
                row.document.starts_with("instructions/") && row.document.ends_with(".md"),
                "{:?}: {}",
                row.opcode,
                row.document
            );
            if let Some(e) = row.even_channels {
                assert!(
                    row.errata.contains(&e),
                    "{:?}: {e} not among its errata",
                    row.opcode
                );
            }
        }
    }

    /// BFE.md and BFI.md (Notes) refuse execution size 2; SAD2-EXEC-SIZE refuses 1 for the
    /// pair instructions; JMP.md's Exec_size field encodes 1 only; ADD takes every size.
    #[test]
    fn execution_sizes_follow_the_documents() {
        let takes = |op: Opcode| -> Vec<u32> {
            [1, 2, 4, 8, 16, 32]
                .into_iter()
                .filter(|&n| op.form().exec_sizes.admits(n))
                .collect()
        };
        assert_eq!(takes(Opcode::Bfe), [1, 4, 8, 16, 32]);
        assert_eq!(takes(Opcode::Bfi), [1, 4, 8, 16, 32]);
        assert_eq!(takes(Opcode::Sad2), [2, 4, 8, 16, 32]);
        assert_eq!(takes(Opcode::Sad2add), [2, 4, 8, 16, 32]);
        assert_eq!(takes(Opcode::Jmp), [1]);
        assert_eq!(takes(Opcode::Add), [1, 2, 4, 8, 16, 32]);
        assert!(!Opcode::Add.form().exec_sizes.admits(3));
        assert!(!Opcode::Add.form().exec_sizes.admits(64));
    }

    #[test]
    fn every_listed_erratum_is_executable_in_the_ledger() {
        for row in &TABLE {
            for id in row.errata {
                let entry = errata::lookup(id);
                assert!(
                    entry.is_some_and(|e| e.executable),
                    "{:?}: {id} is not an executable erratum",
                    row.opcode
                );
            }
        }
    }

    #[test]
    fn the_documents_exist() {
        let spec =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/visa-spec");
        if !spec.is_dir() {
            eprintln!("skipped: no vISA documents at {}", spec.display());
            return;
        }
        for row in &TABLE {
            assert!(
                spec.join(row.document).is_file(),
                "{:?}: no {}",
                row.opcode,
                row.document
            );
        }
    }
}

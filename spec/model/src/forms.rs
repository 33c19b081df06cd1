//! The form of each executed instruction, transcribed from its document's Format,
//! Properties and Operand type maps: its family ([`family`]: which builder and rules
//! validate it), how many sources, whether `.sat` and which source modifiers it takes, its
//! predication and second destination, and the type maps. Validation reads this table; it
//! holds no semantics.

use crate::errata;
use crate::ir::Opcode;
use crate::platform::Platform;
use crate::types::DataType::{self, *};

/// When a type map applies (the documents' `{XEHP+}`, `{-XEHP}` tags), or on which
/// platforms an instruction exists ([`Platforms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    All,
    /// `{XEHP+}`: from xe-hpg on.
    XehpPlus,
    /// `{-XEHP}`: before xe-hpg.
    BeforeXehp,
    /// `{PVC+}`: from xe-hpc on.
    PvcPlus,
    /// Xe-HPG alone (DPASW: XEHP with EU fusion).
    XehpgOnly,
    /// Xe-LP alone (TGLLP, the last column of appendix_instruction_by_platform.md).
    XelpOnly,
}

impl Gate {
    pub fn admits(self, platform: Platform) -> bool {
        match self {
            Gate::All => true,
            Gate::XehpPlus => platform.is_xehp_plus(),
            Gate::BeforeXehp => !platform.is_xehp_plus(),
            Gate::PvcPlus => platform.is_pvc_plus(),
            Gate::XehpgOnly => platform == Platform::XeHpg,
            Gate::XelpOnly => platform == Platform::XeLp,
        }
    }
}

/// One "Type map" of a document: the destination may have any of `dst` and every source
/// any of `srcs` (packed immediates count as their element type). Where the document gives
/// one source its own types (SHR's and ASR's Notes widen the shift count's), `per_src[k]`
/// replaces `srcs` for source k.
#[derive(Clone, Copy, Debug)]
pub struct TypeMap {
    pub dst: &'static [DataType],
    pub srcs: &'static [DataType],
    pub per_src: Option<&'static [&'static [DataType]]>,
    pub gate: Gate,
    /// The map exists only under the resolved reading of these errata (it is their
    /// resolution that adds it).
    pub unless_literal: &'static [&'static str],
}

impl TypeMap {
    const fn new(dst: &'static [DataType], srcs: &'static [DataType]) -> TypeMap {
        TypeMap {
            dst,
            srcs,
            per_src: None,
            gate: Gate::All,
            unless_literal: &[],
        }
    }
    /// A map whose source k may have any of `per_src[k]`.
    const fn per_source(
        dst: &'static [DataType],
        per_src: &'static [&'static [DataType]],
    ) -> TypeMap {
        TypeMap {
            dst,
            srcs: &[],
            per_src: Some(per_src),
            gate: Gate::All,
            unless_literal: &[],
        }
    }
    /// The types source `k` may have.
    pub fn src_types(&self, k: usize) -> &'static [DataType] {
        match self.per_src {
            Some(lists) => lists.get(k).copied().unwrap_or(&[]),
            None => self.srcs,
        }
    }
    const fn gated(self, gate: Gate) -> TypeMap {
        TypeMap { gate, ..self }
    }
    /// The map exists only while every one of `errata` is at its resolved reading.
    const fn unless_literal(self, errata: &'static [&'static str]) -> TypeMap {
        TypeMap {
            unless_literal: errata,
            ..self
        }
    }
}

/// Saturation (Properties, "Saturation").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sat {
    No,
    Yes,
    /// "Only when type is float".
    FloatOnly,
    /// Admitted under the resolved reading of this erratum only (the Text form and the
    /// Properties disagree).
    UnlessLiteral(&'static str),
}

/// Source modifiers (Properties, "Source Modifier").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifiers {
    /// `false`: none.
    None,
    /// `arithmetic`: `(-)`, `(abs)`, `(-abs)`.
    Arithmetic,
    /// `logic`: `~`.
    Logic,
}

/// Predication (each document's Format and Text form, "Pred").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    /// `[(<P>)]` predicates the instruction.
    Allowed,
    /// No predicate: CMP, SETP, ADDR_ADD, MOVS (their Notes and Text forms), MIN and MAX
    /// (instructions/MIN_MAX.md: neither the Format nor the Text form has one).
    No,
    /// `(<P>)` is a second destination, required: ADD3O's overflow bits
    /// (instructions/ADD3O.md, Pred).
    Overflow,
}

/// The family of an opcode: which builder turns its text into IR and which rules check that
/// IR (`validate`'s one dispatch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The ALU instructions: forms and type maps of this table.
    Alu,
    /// DPAS and DPASW (instructions/DPAS.md, DPASW.md).
    Dpas,
    /// The SVM instructions (instructions/SVM_*.md).
    Svm,
    /// LSC_UNTYPED's and LSC_TYPED's gather/scatter forms and atomics.
    LscGatherScatter,
    /// LSC_UNTYPED's append-counter atomics.
    LscApndctr,
    /// LSC_UNTYPED's and LSC_TYPED's block 2D forms.
    LscBlock2d,
    /// LSC_FENCE.
    LscFence,
    /// The control-flow instructions and the annotations LOC, FILE and LIFETIME
    /// ([`crate::ir::flow`]).
    Flow,
}

/// The family of `opcode`.
pub fn family(opcode: Opcode) -> Family {
    match opcode {
        _ if opcode.is_flow() => Family::Flow,
        Opcode::Dpas | Opcode::Dpasw => Family::Dpas,
        _ if opcode.is_svm() => Family::Svm,
        Opcode::LscFence => Family::LscFence,
        Opcode::LscLoadBlock2d | Opcode::LscStoreBlock2d => Family::LscBlock2d,
        Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub => Family::LscApndctr,
        Opcode::LscLoad
        | Opcode::LscStore
        | Opcode::LscStoreUncompressed
        | Opcode::LscLoadStrided
        | Opcode::LscStoreStrided
        | Opcode::LscLoadQuad
        | Opcode::LscStoreQuad
        | Opcode::LscLoadStatus => Family::LscGatherScatter,
        _ if opcode.lsc_atomic().is_some() => Family::LscGatherScatter,
        _ => Family::Alu,
    }
}

/// What validation needs to know about an instruction.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    pub opcode: Opcode,
    pub num_srcs: usize,
    pub sat: Sat,
    pub modifiers: Modifiers,
    pub type_maps: &'static [TypeMap],
    pub pred: Pred,
    /// The second destination's field name, when the instruction writes one after `dst`:
    /// ADDC's `carry`, SUBB's `borrow`, INVM's and RSQTM's `preddst` (its kind is
    /// [`Kinds::dst2`]).
    pub second_dst: Option<&'static str>,
    /// The platforms the instruction exists on.
    pub platforms: Platforms,
    /// The kinds of operand the destination and the sources may be.
    pub kinds: Kinds,
}

/// A set of operand kinds (5_operands.md, "Operands").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind(u8);

impl Kind {
    /// A register operand: general or indirect, `%null` as a destination, an immediate as a
    /// source.
    pub const REGISTER: Kind = Kind(1);
    /// A predicate variable (a flag register).
    pub const PREDICATE: Kind = Kind(2);
    /// An address variable's elements, `A(k)`.
    pub const ADDRESS: Kind = Kind(4);
    /// The register-file address of a general variable, `&V+OFFSET` (or a `V(R,C)<0;1,0>`
    /// read as one, ADDR_ADD.md, Notes).
    pub const ADDR_OF: Kind = Kind(8);
    /// A surface or sampler variable's elements, `T(k)`.
    pub const STATE: Kind = Kind(16);

    const fn or(self, other: Kind) -> Kind {
        Kind(self.0 | other.0)
    }

    /// Whether every kind of `other` is in the set.
    pub fn contains(self, other: Kind) -> bool {
        self.0 & other.0 == other.0
    }
}

/// The operand kinds of an instruction: its destination's, its first source's and every
/// other source's (each document's Format and Notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds {
    pub dst: Kind,
    /// The second destination's kind (`Form::second_dst`): a register (ADDC's carry,
    /// SUBB's borrow) or a predicate (INVM's and RSQTM's `<preddst>`).
    pub dst2: Kind,
    pub src0: Kind,
    pub srcs: Kind,
}

impl Kinds {
    const REGISTERS: Kinds = Kinds {
        dst: Kind::REGISTER,
        dst2: Kind::REGISTER,
        src0: Kind::REGISTER,
        srcs: Kind::REGISTER,
    };

    /// The kinds source `k` may be.
    pub fn src(&self, k: usize) -> Kind {
        if k == 0 {
            self.src0
        } else {
            self.srcs
        }
    }
}

/// The operand kinds of `opcode`: register operands, except where a document admits
/// others.
fn kinds(opcode: Opcode) -> Kinds {
    const REG_OR_PRED: Kind = Kind::REGISTER.or(Kind::PREDICATE);
    const REG_OR_STATE: Kind = Kind::REGISTER.or(Kind::STATE);
    match opcode {
        // instructions/MOV.md: a predicate source is read as an unsigned integer.
        Opcode::Mov => Kinds {
            src0: REG_OR_PRED,
            ..Kinds::REGISTERS
        },
        // instructions/AND.md (OR, XOR, NOT): the predicate-operand form.
        Opcode::And | Opcode::Or | Opcode::Xor | Opcode::Not => Kinds {
            dst: REG_OR_PRED,
            src0: REG_OR_PRED,
            srcs: REG_OR_PRED,
            ..Kinds::REGISTERS
        },
        // instructions/CMP.md: the destination is a predicate or a register.
        Opcode::Cmp => Kinds {
            dst: REG_OR_PRED,
            ..Kinds::REGISTERS
        },
        // instructions/SETP.md: the destination is a predicate.
        Opcode::Setp => Kinds {
            dst: Kind::PREDICATE,
            ..Kinds::REGISTERS
        },
        // instructions/ADDR_ADD.md: an address destination; src0 an address or a general
        // variable's address.
        Opcode::AddrAdd => Kinds {
            dst: Kind::ADDRESS,
            src0: Kind::ADDRESS.or(Kind::ADDR_OF),
            ..Kinds::REGISTERS
        },
        // instructions/MOVS.md: state or general operands.
        Opcode::Movs => Kinds {
            dst: REG_OR_STATE,
            src0: REG_OR_STATE,
            srcs: REG_OR_STATE,
            ..Kinds::REGISTERS
        },
        // instructions/INVM.md, RSQTM.md: PredDst's operand class is predicate.
        Opcode::Invm | Opcode::Rsqtm => Kinds {
            dst2: Kind::PREDICATE,
            ..Kinds::REGISTERS
        },
        _ => Kinds::REGISTERS,
    }
}

/// The platforms an instruction exists on, and where the documents say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platforms {
    pub gate: Gate,
    /// Why, in the documents' terms (the validation message quotes it).
    pub why: &'static str,
    /// Under the literal reading of this erratum, the instruction exists only where this
    /// gate admits (a platform table's reading), with its reason.
    pub literal: Option<(&'static str, Gate, &'static str)>,
}

impl Platforms {
    const ALL: Platforms = Platforms {
        gate: Gate::All,
        why: "",
        literal: None,
    };

    /// Whether the instruction exists on `platform` under the resolved readings.
    pub fn admits(self, platform: Platform) -> bool {
        self.gate.admits(platform)
    }

    /// Whether the instruction exists on `platform` under `readings`; `Err` gives the reason
    /// it does not.
    pub fn admits_under(
        self,
        platform: Platform,
        readings: &errata::Readings,
    ) -> Result<(), &'static str> {
        if !self.gate.admits(platform) {
            return Err(self.why);
        }
        match self.literal {
            Some((erratum, gate, why))
                if readings.is_literal(erratum) && !gate.admits(platform) =>
            {
                Err(why)
            }
            _ => Ok(()),
        }
    }
}

/// The platforms of `opcode`. Every ALU and SVM instruction exists on every modelled
/// platform; the others:
fn platforms(opcode: Opcode) -> Platforms {
    // appendix_instruction_by_platform.md ends at TGLLP (erratum RND-PLATFORM-APPENDIX).
    if matches!(
        opcode,
        Opcode::Rndd | Opcode::Rnde | Opcode::Rndu | Opcode::Rndz | Opcode::Frc
    ) {
        return Platforms {
            literal: Some((
                errata::RND_PLATFORM_APPENDIX,
                Gate::XelpOnly,
                "the platform table names TGLLP (xe-lp) as the last platform with it (erratum RND-PLATFORM-APPENDIX, literal reading)",
            )),
            ..Platforms::ALL
        };
    }
    // Erratum FP8-CONVERT-PLATFORMS: the conversions of FCVT.md and SRND.md from xe-hpc on
    // (the literal reading, no platform at all, is checked by validation).
    if matches!(opcode, Opcode::Fcvt | Opcode::Srnd) {
        return Platforms {
            gate: Gate::PvcPlus,
            why: "FCVT and SRND exist on xe-hpc and xe2 (erratum FP8-CONVERT-PLATFORMS)",
            literal: None,
        };
    }
    let (gate, why) = match family(opcode) {
        Family::Alu | Family::Svm | Family::Flow => return Platforms::ALL,
        // instructions/DPAS.md, Exec_size: XEHP's and PVC's sizes, none before.
        Family::Dpas if opcode == Opcode::Dpas => (Gate::XehpPlus, "DPAS exists from xe-hpg on"),
        // instructions/DPASW.md, Semantics: "a specific instruction for XEHP when EU fusion
        // is present".
        Family::Dpas => (
            Gate::XehpgOnly,
            "DPASW exists on xe-hpg (XEHP with EU fusion) only",
        ),
        // instructions/LSC_UNTYPED.md and LSC_TYPED.md (block 2D forms): the shape limits are
        // PVC's (BLOCK2D-LIMITS); DG2 has none.
        Family::LscBlock2d => (Gate::PvcPlus, "block 2D messages exist on xe-hpc and xe2"),
        // LSC_UNTYPED.md (with the append-counter atomics), LSC_TYPED.md and LSC_FENCE.md
        // name DG2 and PVC; Xe-LP's memory instructions are the HDC ones (the SVM and
        // surface documents).
        Family::LscGatherScatter | Family::LscApndctr | Family::LscFence => {
            (Gate::XehpPlus, "LSC messages exist from xe-hpg on")
        }
    };
    Platforms {
        gate,
        why,
        literal: None,
    }
}

impl Form {
    /// Whether the instruction takes `.sat` under `readings` (a float-only saturation is
    /// further checked against the destination type).
    pub fn takes_sat(&self, readings: &errata::Readings) -> bool {
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

    const fn pred(self, pred: Pred) -> Form {
        Form { pred, ..self }
    }

    const fn second_dst(self, name: &'static str) -> Form {
        Form {
            second_dst: Some(name),
            ..self
        }
    }
}

const INT: &[DataType] = &[UD, D, UW, W, UB, B];
const INT_Q: &[DataType] = &[UD, D, UW, W, UB, B, UQ, Q];
const SCALAR_NO_BF: &[DataType] = &[UD, D, UW, W, UB, B, DF, F, UQ, Q, HF];
const F_BF: &[DataType] = &[F, BF];

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

const D_UD: &[DataType] = &[D, UD];
const ONLY_UD: &[DataType] = &[UD];
const ADD3_TYPES: &[DataType] = &[UD, D, UW, W];
const ROTATE: &[DataType] = &[D, UD, UW, W];
const ROTATE_Q: &[DataType] = &[D, UD, UW, W, Q, UQ];
const UNSIGNED: &[DataType] = &[UD, UW, UB];
const ASR_WIDE_SRC: &[DataType] = &[UD, D, UW, W, UQ, Q];
const ASR_NARROW_DST: &[DataType] = &[UD, D, UW, W];
const QWORDS: &[DataType] = &[UQ, Q];

const UNSIGNED_Q: &[DataType] = &[UD, UW, UB, UQ];

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

/// instructions/AND.md, OR.md, XOR.md, NOT.md: the type map; Q and UQ from the Supported
/// Types (erratum QWORD-TYPEMAP-GAP); BOOL for the predicate-operand form of the Notes.
const LOGIC_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::QWORD_TYPEMAP_GAP]),
    TypeMap::new(&[BOOL], &[BOOL]),
];

/// instructions/SHL.md; Q and UQ from the Supported Types (erratum QWORD-TYPEMAP-GAP).
const SHL_MAPS: &[TypeMap] = &[
    TypeMap::new(INT, INT),
    TypeMap::new(INT_Q, INT_Q).unless_literal(&[errata::QWORD_TYPEMAP_GAP]),
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

const fn f(
    opcode: Opcode,
    num_srcs: usize,
    sat: Sat,
    modifiers: Modifiers,
    type_maps: &'static [TypeMap],
) -> Form {
    Form {
        opcode,
        num_srcs,
        sat,
        modifiers,
        type_maps,
        pred: Pred::Allowed,
        second_dst: None,
        platforms: Platforms::ALL,
        kinds: Kinds::REGISTERS,
    }
}

/// The form of `opcode`.
pub fn form(opcode: Opcode) -> Form {
    Form {
        platforms: platforms(opcode),
        kinds: kinds(opcode),
        ..form_by_table(opcode)
    }
}

/// The fields of each document's Format, Properties and type maps.
fn form_by_table(opcode: Opcode) -> Form {
    use Modifiers::{Arithmetic, Logic};
    if let Some(form) = form_second_batch(opcode) {
        return form;
    }
    if let Some(form) = form_dpas_family(opcode) {
        return form;
    }
    if let Some(form) = form_rounding(opcode) {
        return form;
    }
    if let Some(form) = form_lsc_family(opcode) {
        return form;
    }
    if let Some(form) = form_math_family(opcode) {
        return form;
    }
    if let Some(form) = form_fp8_conversions(opcode) {
        return form;
    }
    match opcode {
        Opcode::Mov => f(opcode, 1, Sat::Yes, Arithmetic, MOV_MAPS),
        Opcode::Add => f(opcode, 2, Sat::Yes, Arithmetic, ADD_MAPS),
        // instructions/ADD3.md (its immediate16 operand class: erratum ADD3-IMMEDIATE-WIDTH,
        // checked by validation).
        Opcode::Add3 => f(
            opcode,
            3,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(ADD3_TYPES, ADD3_TYPES)] },
        ),
        // instructions/AVG.md.
        Opcode::Avg => f(
            opcode,
            2,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(INT, INT)] },
        ),
        // instructions/MULH.md: Supported Types D, UD and no type map; the Description asks
        // dst, src0 and src1 to have the same type. No saturation.
        Opcode::Mulh => f(
            opcode,
            2,
            Sat::No,
            Arithmetic,
            const {
                &[
                    TypeMap::new(&[D], &[D]),
                    TypeMap::new(ONLY_UD, ONLY_UD),
                    // D and UD mixed, as IGC writes them (erratum MULH-MIXED-TYPES).
                    TypeMap::new(D_UD, D_UD).unless_literal(&[errata::MULH_MIXED_TYPES]),
                ]
            },
        ),
        Opcode::And | Opcode::Or | Opcode::Xor => f(opcode, 2, Sat::No, Logic, LOGIC_MAPS),
        Opcode::Not => f(opcode, 1, Sat::No, Logic, LOGIC_MAPS),
        // instructions/SHL.md (Notes: src0 and src1 may differ in type, which the map allows).
        Opcode::Shl => f(opcode, 2, Sat::Yes, Arithmetic, SHL_MAPS),
        Opcode::Shr => f(opcode, 2, Sat::Yes, Arithmetic, SHR_MAPS),
        Opcode::Asr => f(opcode, 2, Sat::No, Arithmetic, ASR_MAPS),
        // instructions/ROL.md, ROR.md: Supported Types D, UD, UW, W, and from PVC on also Q,
        // UQ; no type map. src0 has the destination's size (erratum ROTATE-WIDTH, checked by
        // validation).
        Opcode::Rol | Opcode::Ror => f(
            opcode,
            2,
            Sat::No,
            Modifiers::None,
            const {
                &[
                    TypeMap::new(ROTATE, ROTATE),
                    TypeMap::new(ROTATE_Q, ROTATE_Q).gated(Gate::PvcPlus),
                ]
            },
        ),
        // instructions/BFREV.md, FBL.md.
        Opcode::Bfrev | Opcode::Fbl => f(
            opcode,
            1,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD)] },
        ),
        // instructions/LZD.md: its Text form shows `.sat`, its Properties no saturation
        // (erratum LZD-SAT).
        Opcode::Lzd => f(
            opcode,
            1,
            Sat::UnlessLiteral(errata::LZD_SAT),
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD)] },
        ),
        // instructions/CBIT.md: Dst UD, Src0 UB, UW or UD.
        Opcode::Cbit => f(
            opcode,
            1,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, &[UB, UW, UD])] },
        ),
        // instructions/FBH.md: Dst UD, Src0 D or UD.
        Opcode::Fbh => f(
            opcode,
            1,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, D_UD)] },
        ),
        // instructions/BFE.md; BFI.md has no type map and the same Supported Types, so it
        // takes BFE's. Their Restrictions are checked by validation (execution size 2;
        // erratum BFE-BFI-ALIGNMENT).
        Opcode::Bfe => f(
            opcode,
            3,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD), TypeMap::new(&[D], &[D])] },
        ),
        Opcode::Bfi => f(
            opcode,
            4,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD), TypeMap::new(&[D], &[D])] },
        ),
        // Every other opcode's form is in form_second_batch.
        _ => f(opcode, 0, Sat::No, Modifiers::None, &[]),
    }
}

const BYTES: &[DataType] = &[B, UB];
const WORDS: &[DataType] = &[W, UW];
const F_HF: &[DataType] = &[F, HF];
const SETP_SRC: &[DataType] = &[UB, UW, UD];
const SHORT_INT: &[DataType] = &[D, UD, UW, W];

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

/// instructions/DIV.md.
const DIV_MAPS: &[TypeMap] = &[
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(INT, INT),
];

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

/// instructions/MIN_MAX.md: Supported Types only (no type map); the maps pair the integer,
/// the F/HF and the DF types among themselves, as SEL's do.
const MIN_MAX_MAPS: &[TypeMap] = &[
    TypeMap::new(INT_Q, INT_Q),
    TypeMap::new(F_HF, F_HF),
    TypeMap::new(&[DF], &[DF]),
];

/// The form of an opcode of the second ALU batch (not executed until its module lands).
/// The math instructions (issue 24). INV.md: an F/HF map and a DF map; LOG.md, EXP.md,
/// SQRT.md, RSQRT.md, SIN.md, COS.md and POW.md: one F/HF map; DIVM.md and SQRTM.md: no type
/// map, Supported Types DF and F (a destination of the sources' type) and no source modifier.
/// INVM.md and RSQTM.md: the same DF and F maps, arithmetic modifiers, no saturation, and a
/// predicate second destination. Every one exists on every modelled platform (erratum
/// IEEE-MACRO-PLATFORMS for DIVM, SQRTM, INVM and RSQTM, which the per-platform appendix
/// lists on SKL only).
fn form_math_family(opcode: Opcode) -> Option<Form> {
    use Modifiers::Arithmetic;
    const F_HF_MAP: &[TypeMap] = &[TypeMap::new(F_HF, F_HF)];
    const INV_MAPS: &[TypeMap] = &[TypeMap::new(F_HF, F_HF), TypeMap::new(&[DF], &[DF])];
    const IEEE_MACRO_MAPS: &[TypeMap] = &[TypeMap::new(&[DF], &[DF]), TypeMap::new(&[F], &[F])];
    Some(match opcode {
        Opcode::Inv => f(opcode, 1, Sat::Yes, Arithmetic, INV_MAPS),
        Opcode::Log | Opcode::Exp | Opcode::Sqrt | Opcode::Rsqrt | Opcode::Sin | Opcode::Cos => {
            f(opcode, 1, Sat::Yes, Arithmetic, F_HF_MAP)
        }
        Opcode::Pow => f(opcode, 2, Sat::Yes, Arithmetic, F_HF_MAP),
        Opcode::Divm => f(opcode, 2, Sat::Yes, Modifiers::None, IEEE_MACRO_MAPS),
        Opcode::Sqrtm => f(opcode, 1, Sat::Yes, Modifiers::None, IEEE_MACRO_MAPS),
        // INVM.md and RSQTM.md: Supported Types DF and F, arithmetic source modifiers, no
        // saturation (Notes), and the early-out predicate `<preddst>` after `<dst>`.
        Opcode::Invm => f(opcode, 2, Sat::No, Arithmetic, IEEE_MACRO_MAPS).second_dst("preddst"),
        Opcode::Rsqtm => f(opcode, 1, Sat::No, Arithmetic, IEEE_MACRO_MAPS).second_dst("preddst"),
        // instructions/LRP.md: Supported Types F, saturation, arithmetic source modifiers.
        // instructions/PLN.md: the type map F to F, saturation, no source modifier (the
        // Properties list none). Both exist on every modelled platform under the resolved
        // reading of LRP-PLN-PLATFORMS (checked by validation).
        Opcode::Lrp => f(
            opcode,
            3,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(&[F], &[F])] },
        ),
        // instructions/PLN.md: its Properties list saturation, its Text form does not
        // (erratum PLN-SAT).
        Opcode::Pln => f(
            opcode,
            2,
            Sat::UnlessLiteral(errata::PLN_SAT),
            Modifiers::None,
            const { &[TypeMap::new(&[F], &[F])] },
        ),
        _ => return None,
    })
}

/// The conversions of issue 24 (instructions/FCVT.md, SRND.md). FCVT: no predicate (its
/// Format has none), no saturation, no source modifier; the Notes' pairs HF from UB (BF8), UB
/// from HF, and from `{PVC_XT+}` F from UD (TF32) and UD from F. SRND: no predicate, no
/// saturation, no source modifier (Notes); the two roundings of its Description with the
/// Notes' Src1 types (erratum SRND-TYPES). Both exist on xe-hpc and xe2 (erratum
/// FP8-CONVERT-PLATFORMS).
fn form_fp8_conversions(opcode: Opcode) -> Option<Form> {
    const FCVT_MAPS: &[TypeMap] = &[
        TypeMap::new(&[HF], &[UB]),
        TypeMap::new(&[UB], &[HF]),
        TypeMap::new(&[F], &[UD]).gated(Gate::PvcPlus),
        TypeMap::new(&[UD], &[F]).gated(Gate::PvcPlus),
    ];
    const SRND_MAPS: &[TypeMap] = &[
        TypeMap::per_source(&[HF], &[&[F], &[UW]]).unless_literal(&[errata::SRND_TYPES]),
        TypeMap::per_source(&[UB], &[&[HF], &[UB]]).unless_literal(&[errata::SRND_TYPES]),
    ];
    Some(match opcode {
        Opcode::Fcvt => f(opcode, 1, Sat::No, Modifiers::None, FCVT_MAPS).pred(Pred::No),
        Opcode::Srnd => f(opcode, 2, Sat::No, Modifiers::None, SRND_MAPS).pred(Pred::No),
        _ => return None,
    })
}

fn form_second_batch(opcode: Opcode) -> Option<Form> {
    use Modifiers::Arithmetic;
    Some(match opcode {
        // instructions/ADD3O.md.
        Opcode::Add3o => f(
            opcode,
            3,
            Sat::No,
            Arithmetic,
            const { &[TypeMap::new(ADD3_TYPES, ADD3_TYPES)] },
        )
        .pred(Pred::Overflow),
        // instructions/ADDC.md, SUBB.md (the carry or borrow operand is UD too).
        Opcode::Addc => f(
            opcode,
            2,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD)] },
        )
        .second_dst("carry"),
        // instructions/SUBB.md: its Properties list saturation, its Text form does not
        // (erratum SUBB-SAT).
        Opcode::Subb => f(
            opcode,
            2,
            Sat::UnlessLiteral(errata::SUBB_SAT),
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD)] },
        )
        .second_dst("borrow"),
        Opcode::Mul => f(opcode, 2, Sat::FloatOnly, Arithmetic, MUL_MAPS),
        // instructions/MADW.md: Supported Types D, UD and no type map.
        Opcode::Madw => f(
            opcode,
            3,
            Sat::No,
            Arithmetic,
            const { &[TypeMap::new(D_UD, D_UD)] },
        ),
        Opcode::Mad => f(opcode, 3, Sat::FloatOnly, Arithmetic, MAD_MAPS),
        // instructions/MOD.md: Supported Types only.
        Opcode::Mod => f(
            opcode,
            2,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(INT, INT)] },
        ),
        Opcode::Div => f(opcode, 2, Sat::FloatOnly, Arithmetic, DIV_MAPS),
        // instructions/SAD2.md, SAD2ADD.md: each operand's "Must have type".
        Opcode::Sad2 => f(
            opcode,
            2,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::per_source(WORDS, &[BYTES, BYTES])] },
        ),
        Opcode::Sad2add => f(
            opcode,
            3,
            Sat::Yes,
            Modifiers::None,
            const { &[TypeMap::per_source(WORDS, &[BYTES, BYTES, WORDS])] },
        ),
        // instructions/ADDR_ADD.md: an address destination and src0 (UW elements), src1 UW.
        Opcode::AddrAdd => f(
            opcode,
            2,
            Sat::No,
            Arithmetic,
            const { &[TypeMap::new(&[UW], &[UW])] },
        )
        .pred(Pred::No),
        // instructions/BFN.md.
        Opcode::Bfn => f(
            opcode,
            3,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(SHORT_INT, SHORT_INT)] },
        ),
        Opcode::Cmp => f(opcode, 2, Sat::No, Arithmetic, CMP_MAPS).pred(Pred::No),
        Opcode::Sel => f(opcode, 2, Sat::Yes, Arithmetic, SEL_MAPS),
        // instructions/SETP.md: a predicate destination, src0 UB, UW or UD.
        Opcode::Setp => f(
            opcode,
            1,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(&[BOOL], SETP_SRC)] },
        )
        .pred(Pred::No),
        Opcode::Min | Opcode::Max => {
            f(opcode, 2, Sat::Yes, Arithmetic, MIN_MAX_MAPS).pred(Pred::No)
        }
        // instructions/MOVS.md, Notes: UD general and immediate operands; state elements.
        Opcode::Movs => f(
            opcode,
            1,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::new(ONLY_UD, ONLY_UD)] },
        )
        .pred(Pred::No),
        _ => return None,
    })
}

/// The forms of the exact rounding instructions of issue 24 (instructions/RNDD.md, RNDE.md,
/// RNDU.md, RNDZ.md, FRC.md): one F source and an F destination (their type maps, and
/// FRC's Supported Types, which has no map), arithmetic source modifiers; saturation for
/// RNDD, RNDE, RNDU and RNDZ, none for FRC (its Properties list none and its Text form has no
/// `.sat`). F is the only type: IGC's vISA verifier accepts F alone too.
fn form_rounding(opcode: Opcode) -> Option<Form> {
    const ROUNDING_MAPS: &[TypeMap] = &[TypeMap::new(&[F], &[F])];
    Some(match opcode {
        Opcode::Rndd | Opcode::Rnde | Opcode::Rndu | Opcode::Rndz => {
            f(opcode, 1, Sat::Yes, Modifiers::Arithmetic, ROUNDING_MAPS)
        }
        Opcode::Frc => f(opcode, 1, Sat::No, Modifiers::Arithmetic, ROUNDING_MAPS),
        _ => return None,
    })
}

/// Whether some type map of `form` admits `dst` and `srcs` on `platform` under `readings`.
pub fn admits(
    form: &Form,
    platform: Platform,
    readings: &errata::Readings,
    dst: DataType,
    srcs: &[DataType],
) -> bool {
    form.type_maps.iter().any(|m| {
        m.gate.admits(platform)
            && m.unless_literal.iter().all(|e| !readings.is_literal(e))
            && m.dst.contains(&dst)
            && srcs
                .iter()
                .enumerate()
                .all(|(k, s)| m.src_types(k).contains(s))
    })
}

/// Whether some type map of `form` admits `srcs` on `platform`, whatever its destination
/// types (CMP into a predicate).
pub fn admits_sources(
    form: &Form,
    platform: Platform,
    readings: &errata::Readings,
    srcs: &[DataType],
) -> bool {
    form.type_maps.iter().any(|m| {
        admits(
            &Form {
                type_maps: std::slice::from_ref(m),
                ..*form
            },
            platform,
            readings,
            m.dst.first().copied().unwrap_or(DataType::BOOL),
            srcs,
        )
    })
}

const DPAS_DST: &[DataType] = &[D, UD, F, BF, HF];
const DPASW_DST: &[DataType] = &[D, UD, F];

/// The DPAS family (instructions/DPAS.md, DPASW.md, DP4A.md). DPAS and DPASW list the
/// operand types their Dst/Src fields name; the pairing with the precisions `W` and `A`
/// (the legal-combination table) is checked by validation (`validate::dpas`). DF is not
/// admitted: no precision of the table names it (erratum `DPAS-DF`).
fn form_dpas_family(opcode: Opcode) -> Option<Form> {
    Some(match opcode {
        Opcode::Dpas => f(
            opcode,
            3,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::per_source(DPAS_DST, &[DPAS_DST, D_UD, D_UD])] },
        ),
        Opcode::Dpasw => f(
            opcode,
            3,
            Sat::No,
            Modifiers::None,
            const { &[TypeMap::per_source(DPASW_DST, &[DPASW_DST, D_UD, D_UD])] },
        ),
        // instructions/DP4A.md, Properties: D and UD, saturation, no source modifier.
        Opcode::Dp4a => f(
            opcode,
            3,
            Sat::Yes,
            Modifiers::None,
            const { &[TypeMap::new(D_UD, D_UD)] },
        ),
        _ => return None,
    })
}

/// The LSC family (instructions/LSC_UNTYPED.md, LSC_TYPED.md, LSC_FENCE.md): no type map,
/// their operands are raw register data shaped by `DataSize` and `AddrSize`, checked by
/// `validate::lsc`. The messages name their operands in `ir::LscCtrl` and `ir::Block2dCtrl`;
/// the source counts here are the text's: gather/scatter `[Surface, Src0Addrs, Src1Data]`,
/// the strided forms with `Src0AddrPitch`, the atomics with `Src2Data`, the append counters
/// `[Surface, Src0Data]`, the fence none; block 2D the untyped form's six surface and address
/// operands, stores add `Src1Data`.
fn form_lsc_family(opcode: Opcode) -> Option<Form> {
    match opcode {
        Opcode::LscLoad
        | Opcode::LscStore
        | Opcode::LscStoreUncompressed
        | Opcode::LscLoadQuad
        | Opcode::LscStoreQuad
        | Opcode::LscLoadStatus => Some(f(opcode, 3, Sat::No, Modifiers::None, &[])),
        Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub => {
            Some(f(opcode, 2, Sat::No, Modifiers::None, &[]))
        }
        _ if opcode.lsc_atomic().is_some() => Some(f(opcode, 4, Sat::No, Modifiers::None, &[])),
        Opcode::LscLoadBlock2d => Some(f(opcode, 6, Sat::No, Modifiers::None, &[])),
        Opcode::LscFence => Some(f(opcode, 0, Sat::No, Modifiers::None, &[])),
        Opcode::LscStoreBlock2d => Some(f(opcode, 7, Sat::No, Modifiers::None, &[])),
        Opcode::LscLoadStrided | Opcode::LscStoreStrided => {
            Some(f(opcode, 4, Sat::No, Modifiers::None, &[]))
        }
        // The control-flow documents: no saturation, no modifiers, no type map (their
        // operands' types are checked by validate::flow). IFCALL's address and SWITCHJMP's
        // index are their one source; SWITCHJMP, FADDR and the annotations take no predicate.
        Opcode::Ifcall => Some(f(opcode, 1, Sat::No, Modifiers::None, &[])),
        Opcode::Switchjmp => Some(f(opcode, 1, Sat::No, Modifiers::None, &[]).pred(Pred::No)),
        Opcode::Faddr | Opcode::Subroutine | Opcode::Loc | Opcode::File | Opcode::Lifetime => {
            Some(f(opcode, 0, Sat::No, Modifiers::None, &[]).pred(Pred::No))
        }
        _ if opcode.is_flow() => Some(f(opcode, 0, Sat::No, Modifiers::None, &[])),
        _ => None,
    }
}

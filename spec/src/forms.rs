//! The form of each executed instruction, transcribed from its document's Properties and
//! Operand type maps: how many sources, whether `.sat` and which source modifiers it takes,
//! and the type maps. Validation reads this table; it holds no semantics.

use crate::errata;
use crate::ir::Opcode;
use crate::platform::Platform;
use crate::types::DataType::{self, *};

/// When a type map applies (the documents' `{XEHP+}`, `{-XEHP}` tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    All,
    /// `{XEHP+}`: from xe-hpg on.
    XehpPlus,
    /// `{-XEHP}`: before xe-hpg.
    BeforeXehp,
    /// `{PVC+}`: from xe-hpc on.
    PvcPlus,
}

impl Gate {
    pub fn admits(self, platform: Platform) -> bool {
        match self {
            Gate::All => true,
            Gate::XehpPlus => platform.is_xehp_plus(),
            Gate::BeforeXehp => !platform.is_xehp_plus(),
            Gate::PvcPlus => platform.is_pvc_plus(),
        }
    }
}

/// One "Type map" of a document: the destination may have any of `dst` and every source
/// any of `srcs` (packed immediates count as their element type).
#[derive(Clone, Copy, Debug)]
pub struct TypeMap {
    pub dst: &'static [DataType],
    pub srcs: &'static [DataType],
    pub gate: Gate,
    /// The map exists only under the resolved reading of this erratum (it is the erratum's
    /// resolution that adds it).
    pub unless_literal: Option<&'static str>,
}

impl TypeMap {
    const fn new(dst: &'static [DataType], srcs: &'static [DataType]) -> TypeMap {
        TypeMap {
            dst,
            srcs,
            gate: Gate::All,
            unless_literal: None,
        }
    }
    const fn gated(self, gate: Gate) -> TypeMap {
        TypeMap { gate, ..self }
    }
    const fn unless_literal(self, erratum: &'static str) -> TypeMap {
        TypeMap {
            unless_literal: Some(erratum),
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

/// What validation needs to know about an instruction.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    pub opcode: Opcode,
    pub num_srcs: usize,
    pub sat: Sat,
    pub modifiers: Modifiers,
    pub type_maps: &'static [TypeMap],
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
    TypeMap::new(INT_Q, INT_Q).unless_literal(errata::ADD_QWORD_TYPEMAP),
    TypeMap::new(&[DF], &[DF]),
    TypeMap::new(&[HF], &[HF]),
    TypeMap::new(&[F], &[F]).gated(Gate::BeforeXehp),
    TypeMap::new(F_BF, F_BF).gated(Gate::XehpPlus),
];

const D_UD: &[DataType] = &[D, UD];
const ONLY_UD: &[DataType] = &[UD];
const ADD3_TYPES: &[DataType] = &[UD, D, UW, W];
const ROTATE: &[DataType] = &[D, UD, UW, W];

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
    }
}

/// The form of `opcode`.
pub fn form(opcode: Opcode) -> Form {
    use Modifiers::{Arithmetic, Logic};
    match opcode {
        Opcode::Mov => f(opcode, 1, Sat::Yes, Arithmetic, MOV_MAPS),
        Opcode::Add => f(opcode, 2, Sat::Yes, Arithmetic, ADD_MAPS),
        // instructions/ADD3.md.
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
        // instructions/MULH.md: Supported Types D, UD (no type map).
        Opcode::Mulh => f(
            opcode,
            2,
            Sat::No,
            Arithmetic,
            const { &[TypeMap::new(D_UD, D_UD)] },
        ),
        // instructions/AND.md, OR.md, XOR.md, NOT.md.
        Opcode::And | Opcode::Or | Opcode::Xor => f(
            opcode,
            2,
            Sat::No,
            Logic,
            const { &[TypeMap::new(INT, INT)] },
        ),
        Opcode::Not => f(
            opcode,
            1,
            Sat::No,
            Logic,
            const { &[TypeMap::new(INT, INT)] },
        ),
        // instructions/SHL.md.
        Opcode::Shl => f(
            opcode,
            2,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(INT, INT)] },
        ),
        // instructions/SHR.md.
        Opcode::Shr => f(
            opcode,
            2,
            Sat::Yes,
            Arithmetic,
            const { &[TypeMap::new(&[UD, UW, UB], &[UD, UW, UB])] },
        ),
        // instructions/ASR.md.
        Opcode::Asr => f(
            opcode,
            2,
            Sat::No,
            Arithmetic,
            const {
                &[
                    TypeMap::new(INT, INT),
                    TypeMap::new(&[UQ, Q], &[UD, D, UW, W, UQ, Q]),
                    TypeMap::new(&[UD, D, UW, W], &[UQ, Q]),
                ]
            },
        ),
        // instructions/ROL.md, ROR.md: Supported Types D, UD, UW, W and {PVC+} Q, UQ.
        Opcode::Rol | Opcode::Ror => f(
            opcode,
            2,
            Sat::No,
            Modifiers::None,
            const {
                &[
                    TypeMap::new(ROTATE, ROTATE),
                    TypeMap::new(&[Q, UQ], &[Q, UQ]).gated(Gate::PvcPlus),
                ]
            },
        ),
        // instructions/BFREV.md, FBL.md, LZD.md.
        Opcode::Bfrev | Opcode::Fbl | Opcode::Lzd => f(
            opcode,
            1,
            Sat::No,
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
        // instructions/BFE.md, BFI.md.
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
    }
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
            && m.unless_literal.is_none_or(|e| !readings.is_literal(e))
            && m.dst.contains(&dst)
            && srcs.iter().all(|s| m.srcs.contains(s))
    })
}

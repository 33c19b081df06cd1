//! The vocabulary of the opcode table's forms ([`crate::opcode::Form`]), transcribed from
//! each document's Format, Properties and Operand type maps: type maps and the gates that
//! select them, saturation, source modifiers, predication, operand kinds, the builder that
//! validates an opcode, and the platforms it exists on. It holds no semantics.

use crate::errata;
use crate::platform::Platform;
use crate::types::DataType;

/// When a type map applies (the documents' `{XEHP+}`, `{-XEHP}` tags), or on which
/// platforms an instruction exists ([`Platforms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    All,
    /// `{XEHP+}`: from xe-hpg on.
    XehpPlus,
    /// `{-XEHP}`: before xe-hpg (gen9, gen11, xe-lp: also the platforms
    /// appendix_instruction_by_platform.md names, up to its last column, TGLLP).
    BeforeXehp,
    /// `{PVC+}`: from xe-hpc on.
    PvcPlus,
    /// Xe-HPG alone (DPASW: XEHP with EU fusion).
    XehpgOnly,
    /// `{ICLLP+}` (6_instructions.md): from gen11 on.
    IcllpPlus,
    /// `{TGLLP+}` (6_instructions.md): from xe-lp on.
    TgllpPlus,
    /// Before xe-lp (gen9, gen11): where IGC's vISA verifier takes SAD2 and SAD2ADD.
    BeforeTgllp,
    /// SKL alone among the modelled platforms (gen9: the appendix's SKL column, the
    /// documents' `{-ICLLP}` and `{..,SKL}` tags).
    SklOnly,
    /// No modelled platform (an instruction the per-platform appendix lists on older ones
    /// only).
    Never,
}

impl Gate {
    pub fn admits(self, platform: Platform) -> bool {
        match self {
            Gate::All => true,
            Gate::XehpPlus => platform.is_xehp_plus(),
            Gate::BeforeXehp => !platform.is_xehp_plus(),
            Gate::PvcPlus => platform.is_pvc_plus(),
            Gate::XehpgOnly => platform == Platform::XeHpg,
            Gate::IcllpPlus => platform.is_icllp_plus(),
            Gate::TgllpPlus => platform.is_tgllp_plus(),
            Gate::BeforeTgllp => !platform.is_tgllp_plus(),
            Gate::SklOnly => platform == Platform::Gen9,
            Gate::Never => false,
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
    pub(crate) const fn new(dst: &'static [DataType], srcs: &'static [DataType]) -> TypeMap {
        TypeMap {
            dst,
            srcs,
            per_src: None,
            gate: Gate::All,
            unless_literal: &[],
        }
    }
    /// A map whose source k may have any of `per_src[k]`.
    pub(crate) const fn per_source(
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
    /// Whether the map admits `dst` and `srcs` on `platform` under `readings`.
    pub fn admits(
        &self,
        platform: Platform,
        readings: &errata::Readings,
        dst: DataType,
        srcs: &[DataType],
    ) -> bool {
        self.gate.admits(platform)
            && self.unless_literal.iter().all(|e| !readings.is_literal(e))
            && self.dst.contains(&dst)
            && srcs
                .iter()
                .enumerate()
                .all(|(k, s)| self.src_types(k).contains(s))
    }

    pub(crate) const fn gated(self, gate: Gate) -> TypeMap {
        TypeMap { gate, ..self }
    }
    /// The map exists only while every one of `errata` is at its resolved reading.
    pub(crate) const fn unless_literal(self, errata: &'static [&'static str]) -> TypeMap {
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

/// Which builder turns an opcode's text into IR and which rules check that IR
/// (`validate`'s one dispatch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builder {
    /// The ALU instructions: forms and type maps of this table.
    Alu,
    /// DPAS and DPASW (instructions/DPAS.md, DPASW.md).
    Dpas,
    /// The SVM instructions (instructions/SVM_*.md).
    Svm,
    /// The legacy dataport messages on surfaces (instructions/GATHER_SCALED.md,
    /// SCATTER_SCALED.md).
    Dataport,
    /// The typed legacy dataport messages (instructions/GATHER4_TYPED.md,
    /// SCATTER4_TYPED.md).
    DataportTyped,
    /// The media block messages on 2D surfaces (instructions/MEDIA_LD.md, MEDIA_ST.md).
    Media,
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
    /// The thread-group instructions BARRIER, SBARRIER, NBARRIER, FENCE, WAIT, YIELD,
    /// CACHE_FLUSH ([`crate::ir::sync`]).
    Sync,
    /// RAW_SEND and RAW_SENDS: the descriptors decoded ([`crate::ir::send`]), then the
    /// decoded instruction's own family.
    RawSend,
    /// The sampler messages (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md;
    /// [`crate::ir::sampler`]).
    Sampler,
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

    pub(crate) const fn or(self, other: Kind) -> Kind {
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
    pub(crate) const REGISTERS: Kinds = Kinds {
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
    pub(crate) const ALL: Platforms = Platforms {
        gate: Gate::All,
        why: "",
        literal: None,
    };

    /// The platforms `gate` admits, for the reason `why`.
    pub(crate) const fn only(gate: Gate, why: &'static str) -> Platforms {
        Platforms {
            gate,
            why,
            literal: None,
        }
    }

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

/// The execution sizes an instruction takes, of 1, 2, 4, 8, 16 and 32 (each document's
/// Exec_size and Restrictions; sizes that depend on the platform, DPAS's and MADW's, are
/// their family's rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecSizes {
    /// Bit k: execution size 2^k.
    mask: u8,
    /// Why, in the documents' terms, when not every size (the validation message quotes it).
    pub why: &'static str,
}

impl ExecSizes {
    pub(crate) const ALL: ExecSizes = ExecSizes {
        mask: 0b11_1111,
        why: "",
    };

    /// The sizes of `sizes` (powers of two up to 32), for the reason `why`.
    pub(crate) const fn only(sizes: &[u32], why: &'static str) -> ExecSizes {
        let mut mask = 0u8;
        let mut i = 0;
        while i < sizes.len() {
            mask |= 1 << sizes[i].trailing_zeros();
            i += 1;
        }
        ExecSizes { mask, why }
    }

    /// Whether the instruction takes execution size `n`.
    pub fn admits(self, n: u32) -> bool {
        n.is_power_of_two() && n <= 32 && self.mask >> n.trailing_zeros() & 1 == 1
    }
}

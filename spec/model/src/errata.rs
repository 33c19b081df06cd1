//! The errata ledger: every known defect of the vISA documents, with the literal reading,
//! the reading the project adopts (resolved) and why. Where the two readings differ in
//! observable behaviour, both are executable: [`Readings`] selects one per erratum, and the
//! default is the resolved reading. `docs/errata.md` is checked against this table by a test.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

/// One entry of the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Erratum {
    /// Stable id, e.g. `FLOAT-TO-UINT-NEGATIVE`.
    pub id: &'static str,
    /// The document and section the defect is in.
    pub document: &'static str,
    /// What the document says, in the project's words.
    pub says: &'static str,
    /// The literal reading and what it executes as.
    pub literal: &'static str,
    /// The resolved reading the project adopts.
    pub resolved: &'static str,
    /// Why the resolved reading was chosen.
    pub reason: &'static str,
    /// Whether both readings are executable (they differ in observable behaviour).
    pub executable: bool,
}

/// Which reading of an erratum is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    Literal,
    Resolved,
}

impl Reading {
    pub fn as_str(self) -> &'static str {
        match self {
            Reading::Literal => "literal",
            Reading::Resolved => "resolved",
        }
    }
    /// The other reading.
    pub fn other(self) -> Reading {
        match self {
            Reading::Literal => Reading::Resolved,
            Reading::Resolved => Reading::Literal,
        }
    }

    pub fn parse(s: &str) -> Option<Reading> {
        match s {
            "literal" => Some(Reading::Literal),
            "resolved" => Some(Reading::Resolved),
            _ => None,
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The readings in force: resolved everywhere except the errata listed as literal.
///
/// A traced copy ([`Readings::traced`]) also records which errata the engine asked about:
/// an erratum never asked cannot change the outcome of that run, whatever its reading.
#[derive(Clone, Debug, Default)]
pub struct Readings {
    literal: BTreeSet<&'static str>,
    asked: Option<Trace>,
}

impl PartialEq for Readings {
    fn eq(&self, other: &Readings) -> bool {
        self.literal == other.literal
    }
}

impl Eq for Readings {}

/// The errata whose reading a traced [`Readings`] (and its clones) was asked about.
#[derive(Clone, Debug, Default)]
pub struct Trace(Arc<Mutex<BTreeSet<&'static str>>>);

impl Trace {
    /// The ids asked so far.
    pub fn asked(&self) -> BTreeSet<&'static str> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn note(&self, id: &str) {
        if let Some(e) = lookup(id) {
            self.0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(e.id);
        }
    }
}

impl Readings {
    /// The same readings, recording into `trace` every erratum they are asked about.
    pub fn traced(&self, trace: &Trace) -> Readings {
        Readings {
            literal: self.literal.clone(),
            asked: Some(trace.clone()),
        }
    }

    /// Every erratum at its resolved reading.
    pub fn resolved() -> Readings {
        Readings::default()
    }

    /// Every executable erratum at its literal reading.
    pub fn all_literal() -> Readings {
        Readings {
            literal: LEDGER
                .iter()
                .filter(|e| e.executable)
                .map(|e| e.id)
                .collect(),
            asked: None,
        }
    }

    pub fn reading(&self, id: &str) -> Reading {
        if let Some(t) = &self.asked {
            t.note(id);
        }
        if self.literal.contains(id) {
            Reading::Literal
        } else {
            Reading::Resolved
        }
    }

    pub fn is_literal(&self, id: &str) -> bool {
        self.reading(id) == Reading::Literal
    }

    /// Selects a reading; fails for an unknown id or a literal reading that is not executable.
    pub fn set(&mut self, id: &str, reading: Reading) -> Result<(), String> {
        let Some(e) = lookup(id) else {
            return Err(format!("unknown erratum `{id}`"));
        };
        match reading {
            Reading::Resolved => {
                self.literal.remove(e.id);
            }
            Reading::Literal if !e.executable => {
                return Err(format!("erratum `{id}` has no executable literal reading"));
            }
            Reading::Literal => {
                self.literal.insert(e.id);
            }
        }
        Ok(())
    }

    /// The errata at their literal reading.
    pub fn literal_ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.literal.iter().copied()
    }
}

/// Looks an erratum up by id.
pub fn lookup(id: &str) -> Option<&'static Erratum> {
    LEDGER.iter().find(|e| e.id == id)
}

// Ids used by the code, so a typo is a compile error rather than a silent resolved reading.
pub const FLOAT_TO_UINT_NEGATIVE: &str = "FLOAT-TO-UINT-NEGATIVE";
pub const HF_DENORM_FLUSH: &str = "HF-DENORM-FLUSH";
pub const FLOAT_CONVERT_DENORM: &str = "FLOAT-CONVERT-DENORM";
pub const INT_TO_FLOAT_ROUNDING: &str = "INT-TO-FLOAT-ROUNDING";
pub const SAT_NEGATIVE_ZERO: &str = "SAT-NEGATIVE-ZERO";
pub const MOV_RAW_COPY: &str = "MOV-RAW-COPY";
pub const BF_DENORM_MODE: &str = "BF-DENORM-MODE";
pub const VF_ENCODING: &str = "VF-ENCODING";
pub const INT_EXTRA_PRECISION: &str = "INT-EXTRA-PRECISION";
pub const OPERAND_MODIFIER_TABLE: &str = "OPERAND-MODIFIER-TABLE";
pub const GRF_ROW_SIZE: &str = "GRF-ROW-SIZE";
pub const EMASK_OFFSET_BOUND: &str = "EMASK-OFFSET-BOUND";
pub const LSC_PAYLOAD_EXTENT: &str = "LSC-PAYLOAD-EXTENT";
pub const PREDEFINED_MSG0: &str = "PREDEFINED-MSG0";
pub const PREDEFINED_R0_GRF: &str = "PREDEFINED-R0-GRF";
pub const LSC_SLM_CACHING: &str = "LSC-SLM-CACHING";
pub const SLM_ADDRESS_HIGH_BITS: &str = "SLM-ADDRESS-HIGH-BITS";
pub const SVM_ATOMIC_SIGNED_TYPES: &str = "SVM-ATOMIC-SIGNED-TYPES";
pub const SVM_BLOCK_ST_EXTENT: &str = "SVM-BLOCK-ST-EXTENT";
pub const SVM_BYTE_BLOCKS_EXEC_SIZE: &str = "SVM-BYTE-BLOCKS-EXEC-SIZE";
pub const CF_SCALAR_NOMASK: &str = "CF-SCALAR-NOMASK";
pub const CF_SCALAR_PRED_BIT: &str = "CF-SCALAR-PRED-BIT";
pub const CF_ANY_ALL_WIDTH: &str = "CF-ANY-ALL-WIDTH";
pub const CF_SCALAR_CALL_MASK: &str = "CF-SCALAR-CALL-MASK";
pub const FCCALL_CALL_ALIAS: &str = "FCCALL-CALL-ALIAS";
pub const CF_PARTIAL_CHANNELS: &str = "CF-PARTIAL-CHANNELS";
pub const IFCALL_ADDRESS_TYPE: &str = "IFCALL-ADDRESS-TYPE";
pub const SWITCHJMP_INDEX_TYPE: &str = "SWITCHJMP-INDEX-TYPE";
pub const LIFETIME_CONTENTS: &str = "LIFETIME-CONTENTS";
pub const MULH_MIXED_TYPES: &str = "MULH-MIXED-TYPES";
pub const SHR_SIGNED_OPERANDS: &str = "SHR-SIGNED-OPERANDS";
pub const SHR_SOURCE_WIDTH: &str = "SHR-SOURCE-WIDTH";
pub const BLOCK2D_ADDRESS_PAYLOAD: &str = "BLOCK2D-ADDRESS-PAYLOAD";
pub const PACKED_IMM_EXEC_SIZE: &str = "PACKED-IMM-EXEC-SIZE";
pub const ADD_QWORD_TYPEMAP: &str = "ADD-QWORD-TYPEMAP";
pub const MOV_PRED_UPPER_BITS: &str = "MOV-PRED-UPPER-BITS";
pub const FLOAT_SPECIAL_TABLE: &str = "FLOAT-SPECIAL-TABLE";
pub const REGION_TWO_GRF_SPAN: &str = "REGION-TWO-GRF-SPAN";
pub const OPERAND_READ_ORDER: &str = "OPERAND-READ-ORDER";
pub const BF_RANGE: &str = "BF-RANGE";
pub const ADD3_IMMEDIATE_WIDTH: &str = "ADD3-IMMEDIATE-WIDTH";
pub const AVG_NEGATIVE_SHIFT: &str = "AVG-NEGATIVE-SHIFT";
pub const MULH_HIGH_DWORD: &str = "MULH-HIGH-DWORD";
pub const DST_CHANNEL_INDEX: &str = "DST-CHANNEL-INDEX";
pub const QWORD_TYPEMAP_GAP: &str = "QWORD-TYPEMAP-GAP";
pub const LOGIC_MIXED_WIDTH: &str = "LOGIC-MIXED-WIDTH";
pub const SHIFT_COUNT_TYPE: &str = "SHIFT-COUNT-TYPE";
pub const SHL_SAT_RANGE: &str = "SHL-SAT-RANGE";
pub const ASR_SIGNED_OPERANDS: &str = "ASR-SIGNED-OPERANDS";
pub const ROTATE_WIDTH: &str = "ROTATE-WIDTH";
pub const ROTATE_SIGNED_SHIFT: &str = "ROTATE-SIGNED-SHIFT";
pub const CBIT_RESULT: &str = "CBIT-RESULT";
pub const FBH_SIGNED: &str = "FBH-SIGNED";
pub const FBL_MISSING_BRACE: &str = "FBL-MISSING-BRACE";
pub const FBL_SOURCE_TYPES: &str = "FBL-SOURCE-TYPES";
pub const LZD_SAT: &str = "LZD-SAT";
pub const BFE_SIGN_EXTENSION: &str = "BFE-SIGN-EXTENSION";
pub const BFE_BFI_ALIGNMENT: &str = "BFE-BFI-ALIGNMENT";
pub const CMP_SRC_INDEX: &str = "CMP-SRC-INDEX";
pub const CMP_TRUE_VALUE: &str = "CMP-TRUE-VALUE";
pub const CMP_QWORD_TYPEMAP: &str = "CMP-QWORD-TYPEMAP";
pub const SEL_RAW_MASKS: &str = "SEL-RAW-MASKS";
pub const MIN_MAX_ZERO_SIGN: &str = "MIN-MAX-ZERO-SIGN";
pub const MIN_MAX_NAN: &str = "MIN-MAX-NAN";
pub const SETP_BIT_TEST: &str = "SETP-BIT-TEST";
pub const SETP_MASK_CONTROL: &str = "SETP-MASK-CONTROL";
pub const BFN_IMMEDIATE_WIDTH: &str = "BFN-IMMEDIATE-WIDTH";
pub const BFN_CHANNEL_SIZE: &str = "BFN-CHANNEL-SIZE";
pub const MUL_SPECIAL_TABLE: &str = "MUL-SPECIAL-TABLE";
pub const MUL_PLATFORM_NOTES: &str = "MUL-PLATFORM-NOTES";
pub const MAD_FUSED: &str = "MAD-FUSED";
pub const DIV_FLOAT_RECIPROCAL: &str = "DIV-FLOAT-RECIPROCAL";
pub const DIV_BY_ZERO: &str = "DIV-BY-ZERO";
pub const MOD_SIGN_TABLE: &str = "MOD-SIGN-TABLE";
pub const ADDC_CARRY_FUNCTION: &str = "ADDC-CARRY-FUNCTION";
pub const ADDC_SUBB_PACKED_UV: &str = "ADDC-SUBB-PACKED-UV";
pub const SUBB_LOOP_STEP: &str = "SUBB-LOOP-STEP";
pub const SUBB_SAT: &str = "SUBB-SAT";
pub const SUBB_SRC1_DESCRIPTION: &str = "SUBB-SRC1-DESCRIPTION";
pub const ADD3O_OVERFLOW: &str = "ADD3O-OVERFLOW";
pub const MADW_HIGH_HALF: &str = "MADW-HIGH-HALF";
pub const MADW_EXEC_SIZE: &str = "MADW-EXEC-SIZE";
pub const SAD2_LOOP_STEP: &str = "SAD2-LOOP-STEP";
pub const SAD2_EXEC_SIZE: &str = "SAD2-EXEC-SIZE";
pub const SAD2_PLATFORMS: &str = "SAD2-PLATFORMS";
pub const ADDR_ADD_PREDEFINED: &str = "ADDR-ADD-PREDEFINED";
pub const ADDR_ADD_RANGE: &str = "ADDR-ADD-RANGE";
pub const MOVS_CONTIGUOUS: &str = "MOVS-CONTIGUOUS";
pub const DPAS_RC_LOOP: &str = "DPAS-RC-LOOP";
pub const DPAS_SRC2_ADVANCE: &str = "DPAS-SRC2-ADVANCE";
pub const DPAS_TF32_FP8_PATHS: &str = "DPAS-TF32-FP8-PATHS";
pub const DPAS_TF32_ENCODING: &str = "DPAS-TF32-ENCODING";
pub const DPAS_DST_ADVANCE: &str = "DPAS-DST-ADVANCE";
pub const DPAS_INT_WRAP: &str = "DPAS-INT-WRAP";
pub const DPAS_FLOAT_ROUNDING: &str = "DPAS-FLOAT-ROUNDING";
pub const DPAS_ONE_BIT: &str = "DPAS-ONE-BIT";
pub const DPAS_DF: &str = "DPAS-DF";
pub const DPASW_SPLIT: &str = "DPASW-SPLIT";
pub const DP4A_SIGNEDNESS: &str = "DP4A-SIGNEDNESS";
pub const LSC_STORE_DSTDATA: &str = "LSC-STORE-DSTDATA";
pub const LSC_STORE_ELEM_OFFSET: &str = "LSC-STORE-ELEM-OFFSET";
pub const LSC_DATA_U32: &str = "LSC-DATA-U32";
pub const LSC_ADDR_SCALE_BASE: &str = "LSC-ADDR-SCALE-BASE";
pub const LSC_ADDR_WRAP: &str = "LSC-ADDR-WRAP";
pub const LSC_UNWRITTEN_MEMORY: &str = "LSC-UNWRITTEN-MEMORY";
pub const LSC_SURFACE_BOUNDS: &str = "LSC-SURFACE-BOUNDS";
pub const LSC_STRIDED_ADDR: &str = "LSC-STRIDED-ADDR";
pub const LSC_STORE_STRIDED_V: &str = "LSC-STORE-STRIDED-V";
pub const LSC_ATOMIC_OPERANDS: &str = "LSC-ATOMIC-OPERANDS";
pub const LSC_ATOMIC_ORDER: &str = "LSC-ATOMIC-ORDER";
pub const LSC_ATOMIC_FLOAT: &str = "LSC-ATOMIC-FLOAT";
pub const BLOCK2D_MINUS_ONE: &str = "BLOCK2D-MINUS-ONE";
pub const BLOCK2D_TEXT_SWAP: &str = "BLOCK2D-TEXT-SWAP";
pub const BLOCK2D_SURFACE_MINUS_ONE: &str = "BLOCK2D-SURFACE-MINUS-ONE";
pub const BLOCK2D_ROW_Y: &str = "BLOCK2D-ROW-Y";
pub const BLOCK2D_STORE_INDEX: &str = "BLOCK2D-STORE-INDEX";
pub const BLOCK2D_OUT_OF_BOUNDS: &str = "BLOCK2D-OUT-OF-BOUNDS";
pub const BLOCK2D_STRADDLE: &str = "BLOCK2D-STRADDLE";
pub const BLOCK2D_LIMITS: &str = "BLOCK2D-LIMITS";
pub const LSC_FENCE_SYSREL: &str = "LSC-FENCE-SYSREL";
pub const FENCE_DESCRIPTION: &str = "FENCE-DESCRIPTION";
pub const SBARRIER_NBARRIER_DIVERGENCE: &str = "SBARRIER-NBARRIER-DIVERGENCE";
pub const NBARRIER_ID_TYPE: &str = "NBARRIER-ID-TYPE";
pub const LSC_TYPED_SURFACE: &str = "LSC-TYPED-SURFACE";
pub const LSC_TYPED_TEXT: &str = "LSC-TYPED-TEXT";
pub const LSC_TYPED_BLOCK2D: &str = "LSC-TYPED-BLOCK2D";
pub const LSC_TYPED_BLOCK2D_INDEX: &str = "LSC-TYPED-BLOCK2D-INDEX";
pub const LSC_TYPED_BLOCK2D_TEXT: &str = "LSC-TYPED-BLOCK2D-TEXT";
pub const LSC_TYPED_SURFACE_INFO: &str = "LSC-TYPED-SURFACE-INFO";
pub const LSC_LOAD_STATUS_TRTT: &str = "LSC-LOAD-STATUS-TRTT";
pub const LSC_APNDCTR_COUNTER: &str = "LSC-APNDCTR-COUNTER";
// The race detector of a launch (docs/races.md).
pub const BARRIER_MEMORY_ORDER: &str = "BARRIER-MEMORY-ORDER";
pub const NBARRIER_MEMORY_ORDER: &str = "NBARRIER-MEMORY-ORDER";
pub const FENCE_ATOMIC_ORDER: &str = "FENCE-ATOMIC-ORDER";
pub const RACE_BYTE_GRANULARITY: &str = "RACE-BYTE-GRANULARITY";
// The fixed-function documents (validated, not executed).
pub const AVS_TEXT_U2D: &str = "AVS-TEXT-U2D";
pub const RT_READ_TEXT_DST: &str = "RT-READ-TEXT-DST";
pub const RT_WRITE_TEXT_HEADER: &str = "RT-WRITE-TEXT-HEADER";
pub const URB_WRITE_CHANNEL_MASK: &str = "URB-WRITE-CHANNEL-MASK";
// The sampler messages (docs/sampler.md).
pub const SAMPLER_SURFACE_TYPE: &str = "SAMPLER-SURFACE-TYPE";
pub const LOAD_3D_OUT_OF_BOUNDS: &str = "LOAD-3D-OUT-OF-BOUNDS";
pub const SAMPLER_SINGLE_LEVEL: &str = "SAMPLER-SINGLE-LEVEL";
pub const SAMPLE_COORDINATES: &str = "SAMPLE-COORDINATES";
pub const SAMPLE_BORDER_COLOR: &str = "SAMPLE-BORDER-COLOR";
pub const SAMPLE_LINEAR_FILTER: &str = "SAMPLE-LINEAR-FILTER";
pub const SAMPLER_PARAM_TYPES: &str = "SAMPLER-PARAM-TYPES";
pub const INFO_RETURN_LAYOUT: &str = "INFO-RETURN-LAYOUT";

pub const SVM_GATHER_BLOCK_ENCODING: &str = "SVM-GATHER-BLOCK-ENCODING";
pub const SVM_ATOMIC_OPERAND_ORDER: &str = "SVM-ATOMIC-OPERAND-ORDER";
pub const SVM_ATOMIC_PREDEC: &str = "SVM-ATOMIC-PREDEC";
pub const SVM_ATOMIC_CMPXCHG_ROLES: &str = "SVM-ATOMIC-CMPXCHG-ROLES";
pub const SVM_ATOMIC_16BIT_WRITEBACK: &str = "SVM-ATOMIC-16BIT-WRITEBACK";
pub const SVM_ATOMIC_FLOAT_MINMAX: &str = "SVM-ATOMIC-FLOAT-MINMAX";
pub const SVM_ADDRESS_ALIGNMENT: &str = "SVM-ADDRESS-ALIGNMENT";
pub const SVM_EIGHT_ADDRESSES: &str = "SVM-EIGHT-ADDRESSES";
// The legacy dataport messages.
pub const DATAPORT_BOUNDS_LANE: &str = "DATAPORT-BOUNDS-LANE";
pub const DATAPORT4_DWORD_ADDRESS: &str = "DATAPORT4-DWORD-ADDRESS";
pub const SCATTER4_SCALED_ADDRESS: &str = "SCATTER4-SCALED-ADDRESS";
pub const OWORD_LD_UNALIGNED_OFFSET: &str = "OWORD-LD-UNALIGNED-OFFSET";
pub const DWORD_ATOMIC_SURFACES: &str = "DWORD-ATOMIC-SURFACES";
pub const DWORD_ATOMIC_ALIGNMENT: &str = "DWORD-ATOMIC-ALIGNMENT";
pub const DWORD_ATOMIC_LANE_ORDER: &str = "DWORD-ATOMIC-LANE-ORDER";
pub const DWORD_ATOMIC_APPENDIX_TEXT: &str = "DWORD-ATOMIC-APPENDIX-TEXT";
pub const GATHER_SCATTER_SURFACES: &str = "GATHER-SCATTER-SURFACES";
pub const GATHER_SCATTER_TEXT: &str = "GATHER-SCATTER-TEXT";
pub const QW_GATHER_BLOCKS: &str = "QW-GATHER-BLOCKS";
// The typed legacy dataport messages.
pub const TYPED_EXEC_SIZE: &str = "TYPED-EXEC-SIZE";
pub const TYPED_OOB_ALPHA: &str = "TYPED-OOB-ALPHA";
pub const TYPED_CONVERSION_TYPES: &str = "TYPED-CONVERSION-TYPES";
pub const TYPED_SURFACE_LAYOUT: &str = "TYPED-SURFACE-LAYOUT";
pub const TYPED_COORDINATE_TYPES: &str = "TYPED-COORDINATE-TYPES";
pub const TYPED_ATOMIC_OP_TABLE: &str = "TYPED-ATOMIC-OP-TABLE";
pub const TYPED_ATOMIC_OPERANDS: &str = "TYPED-ATOMIC-OPERANDS";
pub const MEDIA_BLOCK_RANGES: &str = "MEDIA-BLOCK-RANGES";
pub const MEDIA_OUT_OF_BOUNDS: &str = "MEDIA-OUT-OF-BOUNDS";
pub const MEDIA_FIELD_ROWS: &str = "MEDIA-FIELD-ROWS";
pub const MEDIA_OFFSET_TYPES: &str = "MEDIA-OFFSET-TYPES";
// The rounding instructions.
pub const RNDE_DOWNWARD: &str = "RNDE-DOWNWARD";
pub const RND_SPECIAL_TABLE: &str = "RND-SPECIAL-TABLE";
pub const FRC_SPECIAL_TABLE: &str = "FRC-SPECIAL-TABLE";
pub const RND_ZERO_SIGN: &str = "RND-ZERO-SIGN";
pub const RND_PLATFORM_APPENDIX: &str = "RND-PLATFORM-APPENDIX";

// The math instructions.
pub const SIN_LOOP_STEP: &str = "SIN-LOOP-STEP";
pub const SQRT_LOOP_STEP: &str = "SQRT-LOOP-STEP";
pub const SQRTM_LOOP_STEP: &str = "SQRTM-LOOP-STEP";
pub const LOG_BASE: &str = "LOG-BASE";
pub const EXP_BASE: &str = "EXP-BASE";
pub const POW_NEGATIVE_BASE: &str = "POW-NEGATIVE-BASE";
pub const POW_SPECIAL_TABLE: &str = "POW-SPECIAL-TABLE";
pub const MATH_NAN_RESULT: &str = "MATH-NAN-RESULT";
pub const MATH_ALT_ABS: &str = "MATH-ALT-ABS";
pub const IEEE_MACRO_PLATFORMS: &str = "IEEE-MACRO-PLATFORMS";
pub const MATH_EXACT_VALUE: &str = "MATH-EXACT-VALUE";
// LRP and PLN.
pub const LRP_PLN_PLATFORMS: &str = "LRP-PLN-PLATFORMS";
pub const LRP_ROUNDING: &str = "LRP-ROUNDING";
pub const LRP_REGION: &str = "LRP-REGION";
pub const LRP_PLN_ALIGNMENT: &str = "LRP-PLN-ALIGNMENT";
pub const PLN_SIMD16_INDEX: &str = "PLN-SIMD16-INDEX";
pub const PLN_ROUNDING: &str = "PLN-ROUNDING";
pub const PLN_SAT: &str = "PLN-SAT";

// The conversions: FCVT and SRND.
pub const FP8_CONVERT_PLATFORMS: &str = "FP8-CONVERT-PLATFORMS";
pub const FCVT_BF8_SPECIALS: &str = "FCVT-BF8-SPECIALS";
pub const FCVT_TF32_SPECIALS: &str = "FCVT-TF32-SPECIALS";
pub const SRND_TYPES: &str = "SRND-TYPES";
pub const SRND_NO_MASK: &str = "SRND-NO-MASK";
pub const SRND_DENORM_ALIGN: &str = "SRND-DENORM-ALIGN";
pub const SRND_SPECIALS: &str = "SRND-SPECIALS";
// The early-out macros INVM and RSQTM.
pub const MACRO_EARLY_OUT: &str = "MACRO-EARLY-OUT";
pub const MACRO_APPROXIMATION: &str = "MACRO-APPROXIMATION";

/// The ledger.
pub static LEDGER: &[Erratum] = &[
    Erratum {
        id: FLOAT_TO_UINT_NEGATIVE,
        document: "2_datatypes.md, Type Conversion / Float to Integer (unsigned table)",
        says: "negative finite values and -inf convert to an unsigned integer as \"qNaN Indefinite\", although the lead-in says out-of-range values take the smallest integer",
        literal: "a negative value below -0 that truncates to a non-zero integer, and -inf, have no integer result: execution reports undefined-behaviour",
        resolved: "such values convert to 0 (Imin of the unsigned type), as the lead-in says",
        reason: "an integer destination cannot hold a NaN; the lead-in's clamping rule is the one every other row follows",
        executable: true,
    },
    Erratum {
        id: HF_DENORM_FLUSH,
        document: "2_datatypes.md, IEEE Floating Point Mode vs 4_visa_header.md, %cr0 bit 10",
        says: "HF denormals are always flushed on input and output of mathematical operations, while %cr0 bit 10 selects an HF denorm mode",
        literal: "HF denormals are flushed whatever %cr0 says",
        resolved: "HF denormals follow %cr0 bit 10 (0: flush, 1: keep), like F (bit 7) and DF (bit 6)",
        reason: "the control register is the newer, more specific statement and matches the F and DF rules",
        executable: true,
    },
    Erratum {
        id: FLOAT_CONVERT_DENORM,
        document: "2_datatypes.md, Float to Float with Lower/Higher Precision",
        says: "the narrowing table flushes denormal inputs to zero and the widening table keeps them, whatever the denorm modes",
        literal: "narrowing conversions flush denormal inputs, widening conversions keep them; outputs still follow the destination's mode",
        resolved: "a denormal input is flushed when its type's %cr0 denorm mode says flush, kept otherwise, in both directions",
        reason: "the same section says the conversion follows the control register; one rule for all float inputs",
        executable: true,
    },
    Erratum {
        id: INT_TO_FLOAT_ROUNDING,
        document: "2_datatypes.md, Integer to Float",
        says: "integer to float conversion rounds to the closest value, \"by default\" to nearest even, without saying what else can select the mode",
        literal: "always round to nearest even",
        resolved: "round with the %cr0 rounding mode (round to nearest even at its reset value 0)",
        reason: "\"by default\" implies a selectable mode, and %cr0 is the only rounding control vISA has",
        executable: true,
    },
    Erratum {
        id: SAT_NEGATIVE_ZERO,
        document: "2_datatypes.md, Saturation",
        says: "negative float values saturate to 0.0 and values in [0.0, 1.0] are unchanged; -0.0 is in that interval",
        literal: "-0.0 is unchanged by saturation",
        resolved: "-0.0 saturates to +0.0 (the sign of a saturated zero is positive)",
        reason: "saturation clamps by sign as well as magnitude: 'any negative floating value' includes a negative zero's sign bit",
        executable: true,
    },
    Erratum {
        id: MOV_RAW_COPY,
        document: "instructions/MOV.md, Semantics",
        says: "`dst[i] = src0[i]; //with type conversion` even when source and destination types are the same",
        literal: "a float MOV of the same type goes through the conversion rules (denormal inputs flushed per %cr0)",
        resolved: "a MOV whose source and destination types are equal, without modifier or saturation, copies the bits (denormals and NaN payloads kept)",
        reason: "there is no conversion to perform; 2_datatypes.md states the bits are not modified for same-precision integers, and the same holds for floats",
        executable: true,
    },
    Erratum {
        id: BF_DENORM_MODE,
        document: "4_visa_header.md, %cr0",
        says: "%cr0 has denorm modes for DF, F and HF only; BF has none",
        literal: "no rule (the documents are silent)",
        resolved: "BF denormals follow the F denorm mode (%cr0 bit 7): BF shares F's exponent range",
        reason: "silence; BF is F's upper half",
        executable: false,
    },
    Erratum {
        id: VF_ENCODING,
        document: "2_datatypes.md, Fundamental Data Types (VF)",
        says: "the restricted 8-bit float of VF is defined only by reference to an external document",
        literal: "no encoding",
        resolved: "each byte is sign:1 exponent:3 mantissa:4 with bias 3, value (-1)^s * 2^(e-3) * (1 + m/16); exponent and mantissa 0 is zero; no infinities or NaNs; element k is bits [8k+7:8k]. V and UV element k is bits [4k+3:4k]",
        reason: "the GEN restricted float format, consistent with the documented range [-31, 31] and 0.125",
        executable: false,
    },
    Erratum {
        id: INT_EXTRA_PRECISION,
        document: "2_datatypes.md, Type Conversion",
        says: "integer operations have 'extra precision' without saying how much",
        literal: "unspecified",
        resolved: "integer arithmetic is exact (unbounded), then saturated (.sat) or truncated to the destination type",
        reason: "exact arithmetic is the only width for which every documented result is representable",
        executable: false,
    },
    Erratum {
        id: OPERAND_MODIFIER_TABLE,
        document: "5_operands.md, Vector Operands (modifiers)",
        says: "the table of modifier values is missing; negating or taking the absolute value of INT_MIN or of an unsigned value is not defined",
        literal: "no table",
        resolved: "modifiers are none, (abs), (-), (-abs) and ~ (logic only); arithmetic modifiers apply to the exact source value: -(-2^31) on D is +2^31, -(5) on UD is -5; on floats they clear or flip the sign bit",
        reason: "extra precision applies before the destination conversion, so no intermediate wraps",
        executable: false,
    },
    Erratum {
        id: GRF_ROW_SIZE,
        document: "5_operands.md, General Operands (row_offset)",
        says: "a row is 32 bytes, the size of a GRF",
        literal: "rows are 32 bytes on every platform",
        resolved: "a row is the platform's GRF size: 32 bytes before PVC, 64 bytes from PVC on",
        reason: "the region pseudocode uses GRF_Size_in_Bytes and 3_execution_model.md gives 64-byte GRFs for PVC",
        executable: true,
    },
    Erratum {
        id: EMASK_OFFSET_BOUND,
        document: "3_execution_model.md, Execution Mask; 5_operands.md, EvaluateChEn",
        says: "it is an error if offset + execution size is greater than or equal to the dispatch width (which would forbid M1 SIMD32); the pseudocode lacks a closing brace",
        literal: "offset + exec_size >= 32 is invalid",
        resolved: "offset + exec_size > 32 is invalid; the offset must be a multiple of the execution size",
        reason: "an off-by-one: M1 with 32 channels is the common case",
        executable: true,
    },
    Erratum {
        id: PACKED_IMM_EXEC_SIZE,
        document: "5_operands.md, Immediate Operands",
        says: "V and UV immediates are 8-element vectors and VF a 4-element vector, without saying what larger execution sizes read",
        literal: "unspecified",
        resolved: "an instruction with a V or UV immediate has an execution size of at most 8, with VF at most 4; larger sizes are invalid-instruction",
        reason: "the elements beyond the vector do not exist",
        executable: false,
    },
    Erratum {
        id: ADD_QWORD_TYPEMAP,
        document: "instructions/ADD.md, Properties vs Operand type maps",
        says: "Supported Types lists Q and UQ but no type map does",
        literal: "Q and UQ are not valid ADD types",
        resolved: "Q and UQ join the integer type map",
        reason: "the property list is the wider statement and 64-bit integer add exists on every documented platform",
        executable: true,
    },
    Erratum {
        id: MOV_PRED_UPPER_BITS,
        document: "instructions/MOV.md, Notes",
        says: "moving a predicate with fewer than 16 elements leaves the upper destination bits undefined",
        literal: "upper bits undefined",
        resolved: "the predicate is zero-extended to the destination type",
        reason: "a reference must produce one value; vectors treat those bits as defined zero",
        executable: false,
    },
    Erratum {
        id: FLOAT_SPECIAL_TABLE,
        document: "instructions/ADD.md, Notes",
        says: "floating point addition of special values follows 'the table below', which is missing",
        literal: "no table",
        resolved: "IEEE 754 addition: NaN operands propagate (src0 first, quieted, sign and payload kept), inf + -inf is the default NaN (sign 0, quiet bit only), exact zero sums are +0 except -0 + -0 and under round-down; ALT mode (F) turns infinities into the largest finite value",
        reason: "2_datatypes.md says IEEE mode honours IEEE 754 apart from the listed deviations",
        executable: false,
    },
    Erratum {
        id: REGION_TWO_GRF_SPAN,
        document: "5_operands.md, Region Restrictions, rule 6",
        says: "the elements an operand accesses may not span more than two adjacent GRF registers",
        literal: "a region spanning more than two GRFs is invalid-instruction (so SIMD32 on F forbids 32-byte GRF platforms)",
        resolved: "the rule constrains the finalizer's hardware regions, not vISA operands: any in-bounds region is valid",
        reason: "vISA instructions of execution size 16 and 32 on 4-byte types routinely span more GRFs, and the finalizer splits them",
        executable: true,
    },
    Erratum {
        id: OPERAND_READ_ORDER,
        document: "instructions/*.md, Semantics loops",
        says: "each loop reads the sources of channel i and writes the destination of channel i before channel i+1, which would let an overlapping destination feed later channels",
        literal: "no separate reading: the documents' region pseudocode (5_operands.md) gathers SourceDataElements before use",
        resolved: "every source element of every channel is read before any destination element is written",
        reason: "the region pseudocode builds the whole source vector first; SIMD hardware reads operands before writeback",
        executable: false,
    },
    Erratum {
        id: BF_RANGE,
        document: "2_datatypes.md, Fundamental Data Types (bfloat16 range)",
        says: "the smallest BF magnitude is given as 2^-134",
        literal: "2^-134, which the 1-8-7 format cannot encode",
        resolved: "the smallest BF denormal is 2^-133 (exponent field 0, mantissa 1: 2^-126 * 2^-7)",
        reason: "the range must follow from the documented 1-8-7 layout",
        executable: false,
    },
    Erratum {
        id: ADD3_IMMEDIATE_WIDTH,
        document: "instructions/ADD3.md, operand classes and Notes (also ADD3O.md, src2)",
        says: "the sources' operand class is immediate16, while the Notes say an immediate the hardware cannot encode (wider than 16 bits, or in src1) is moved into a register by the translator",
        literal: "an immediate source must have a 16-bit type (W or UW); a D or UD immediate is invalid-instruction",
        resolved: "any immediate of the type map is valid in any source; the 16-bit limit belongs to the hardware encoding",
        reason: "the Notes describe the finalizer legalising wider immediates, so vISA programs may contain them",
        executable: true,
    },
    Erratum {
        id: AVG_NEGATIVE_SHIFT,
        document: "instructions/AVG.md, Semantics",
        says: "the average is the sum plus one shifted right by one, without saying how a negative sum shifts",
        literal: "C's right shift of a negative value is implementation-defined",
        resolved: "the shift is a floor division by 2 of the exact sum: (src0 + src1 + 1) >> 1 rounds toward minus infinity (-1 and -2 average to -1)",
        reason: "an arithmetic shift of the exact (extra precision) sum; the same rule as ASR",
        executable: false,
    },
    Erratum {
        id: MULH_HIGH_DWORD,
        document: "instructions/MULH.md, Semantics and Description",
        says: "the destination receives the high 32 bits of the product, without saying the product's width when a source modifier takes a source out of its type's range",
        literal: "the high half of a 64-bit product",
        resolved: "the product of the exact (modified) sources, divided by 2^32 rounding toward minus infinity, then truncated to the 32-bit destination; for sources in their type's range this is bits 63..32 of the 64-bit product",
        reason: "the same numbers as the 64-bit reading wherever it is defined, and a defined result for -(UD) and -(INT_MIN)",
        executable: false,
    },
    Erratum {
        id: DST_CHANNEL_INDEX,
        document: "instructions/LZD.md, MULH.md (also MAD.md, MOD.md, MUL.md), Semantics",
        says: "the loop over i writes `dst.chan[n]` or `dst[n]`, an index the loop does not define; MULH's line also carries prose after the statement",
        literal: "n is undefined: each enabled channel's value lands on an element the loop does not determine, so once a channel writes, every element of the destination region is undefined (vectors expect ??)",
        resolved: "the destination element written is dst[i]",
        reason: "every other instruction's loop writes dst[i]; the Description says the operation is component-wise",
        executable: true,
    },
    Erratum {
        id: QWORD_TYPEMAP_GAP,
        document: "instructions/AND.md, OR.md, XOR.md, NOT.md, SHL.md, SHR.md, Properties vs Operand type maps",
        says: "Supported Types list Q and UQ (and BOOL for the logic instructions), while no type map admits them",
        literal: "the type maps only: Q and UQ are invalid-instruction for these instructions",
        resolved: "Q and UQ join the integer type map (SHR: UQ joins its unsigned map); BOOL is the predicate-operand form of the logic instructions (their Notes)",
        reason: "the same resolution as ADD-QWORD-TYPEMAP: the property list is the wider statement and 64-bit integer logic and shifts exist on every documented platform",
        executable: true,
    },
    Erratum {
        id: LOGIC_MIXED_WIDTH,
        document: "instructions/AND.md, OR.md, XOR.md, NOT.md, Semantics",
        says: "the bitwise operators are applied to sources that may have different widths and signedness, and to a destination of yet another width, without saying how the widths meet",
        literal: "C operators on the element types, unspecified for mixed widths",
        resolved: "each source is its exact value (sign-extended when signed, zero-extended when unsigned, after a `~` modifier that complements within the source type); the operator acts on the infinite two's complement values; the result's low destination bits are written. NOT writes -src0 - 1 truncated, so NOT of UB 0x0f into UD is 0xfffffff0",
        reason: "the extra-precision rule of 2_datatypes.md (INT-EXTRA-PRECISION) applied to bitwise operations, and what C's integer promotion does",
        executable: false,
    },
    Erratum {
        id: SHIFT_COUNT_TYPE,
        document: "instructions/SHR.md, ASR.md, Notes vs Operand type maps",
        says: "the Notes allow src1 (the shift count) any integer type, while the type maps restrict every source to the map's list",
        literal: "the type maps: src1 has a type of the same map as src0 (SHR: UD, UW, UB)",
        resolved: "src0 and dst follow the type maps and src1 may have any integer type (SHR: UD, D, UW, W, UB, B; ASR: any integer type, Q and UQ included)",
        reason: "only the count's low 5 or 6 bits are read, so its type does not matter; the Notes are the more specific statement about src1",
        executable: true,
    },
    Erratum {
        id: SHL_SAT_RANGE,
        document: "instructions/SHL.md, Notes; 2_datatypes.md, Type Conversion",
        says: "with saturation the shifted value must fit in 33 bits, otherwise the result is undefined",
        literal: "a channel whose exact shifted value lies outside the signed 33-bit range [-2^32, 2^32 - 1] under .sat is undefined-behaviour",
        resolved: "the exact shifted value is clamped to the destination range whatever its width",
        reason: "the extra precision of the reference is unbounded (INT-EXTRA-PRECISION), so the clamped result is always defined",
        executable: true,
    },
    Erratum {
        id: ASR_SIGNED_OPERANDS,
        document: "instructions/ASR.md, Notes and Properties vs Operand type maps",
        says: "the Notes ask for a signed dst and src0 and Supported Types list B, D, Q, W, while the type maps admit UD, UW, UB and UQ",
        literal: "an unsigned dst or src0 is invalid-instruction",
        resolved: "the type maps; an unsigned src0 shifts its own (non-negative) value, so no sign bit is extended, and an unsigned dst takes the low bits",
        reason: "the type maps are the specific statement; the shift acts on the exact value of src0 decoded by its type",
        executable: true,
    },
    Erratum {
        id: ROTATE_WIDTH,
        document: "instructions/ROL.md, ROR.md, Semantics",
        says: "the rotate mask is taken from the size of src0, while the destination and src0 may have types of different sizes",
        literal: "src0 may have any size of the type map; the document's expression `(src0 << (src1 & RotateMask)) | (src0 >> (-src1 & RotateMask))` with RotateMask from src0's width is computed exactly on the unsigned src0 and its low destination bits are written (a wider destination keeps the bits shifted out of src0's width)",
        resolved: "the rotation width w is the destination (execution) type's; validation rejects a src0 whose size differs from the destination's; the count is src1 & (w - 1) and the low w bits of src0 rotate",
        reason: "the execution type of a vISA instruction is its destination's, and only equal sizes give one meaning",
        executable: true,
    },
    Erratum {
        id: ROTATE_SIGNED_SHIFT,
        document: "instructions/ROL.md, ROR.md, Semantics",
        says: "the rotation is written as `(src0 << n) | (src0 >> m)` on src0 of its own type, which may be signed (D, W, Q), where C's `>>` is an arithmetic shift",
        literal: "for a signed src0 the expression runs on src0's signed value: `>>` copies the sign bit, so a negative src0 gets ones in the bits the rotation should fill from its low end (ROL of D 0x80000000 by 1 gives 0xFFFFFFFF, ROR of W 0x8002 by 1 gives 0xC001); the low destination bits of the exact result are written, so with ROTATE-WIDTH's literal reading (a src0 narrower than the destination) the copied sign bits fill the destination's upper bits too; an unsigned src0 is unchanged",
        resolved: "the low w bits of src0 rotate as an unsigned number whatever src0's signedness (ROL of D 0x80000000 by 1 gives 0x00000001, ROR of W 0x8002 by 1 gives 0x4001)",
        reason: "the Description calls the instruction a logic rotate, which moves bits around without copying any",
        executable: true,
    },
    Erratum {
        id: CBIT_RESULT,
        document: "instructions/CBIT.md, Semantics",
        says: "the loop counts the set bits in cnt but writes val, which the loop has shifted down to 0",
        literal: "dst[i] = val: every enabled channel receives 0",
        resolved: "dst[i] = cnt, the number of bits set in src0 within its own width",
        reason: "the Description says the instruction counts the set bits",
        executable: true,
    },
    Erratum {
        id: FBH_SIGNED,
        document: "instructions/FBH.md, Semantics (signed branch)",
        says: "the loop condition compares dScalar & (1 << 31) (0 or 0x80000000) with the sign bit cval (0 or 1)",
        literal: "the loop as written: for a negative src0 the condition is false at once and cnt = 0 (-1 still gives 0xFFFFFFFF); a non-negative src0 counts its leading zeros",
        resolved: "the loop compares bit 31 of dScalar with cval: a signed src0 gives the number of leading bits equal to its sign bit (0xFFFFFFFE: 31, 0xC0000000: 2, 0x40000000: 1); 0 and -1 give 0xFFFFFFFF",
        reason: "the Description says negative values count leading ones",
        executable: true,
    },
    Erratum {
        id: FBL_MISSING_BRACE,
        document: "instructions/FBL.md, Semantics",
        says: "the if branch lacks its closing brace before else",
        literal: "not valid C",
        resolved: "the brace is restored: src0 == 0 gives 0xFFFFFFFF, any other value its number of trailing zeros",
        reason: "a typo; the Description states the same rule",
        executable: false,
    },
    Erratum {
        id: FBL_SOURCE_TYPES,
        document: "instructions/FBL.md, Properties",
        says: "Supported Types: UD; IGC 1.0.12504 writes `fbl` with a UW source for xe-lp (OpenCL's ctz on a ushort), and its visa/IsaVerification.cpp admits any integer source but Q and UQ",
        literal: "a source of any type but UD is invalid-instruction",
        resolved: "src0 may also be UB or UW: the Semantics' `UD udScalar = src0[i]` zero-extends it, so 0x8000:uw gives 15 and 0:uw gives 0xFFFFFFFF; the destination stays UD",
        reason: "the Semantics already convert src0 to UD, which defines the narrow unsigned sources; IGC's own output uses them. Signed narrow sources stay out: nothing IGC writes needs them and their sign extension would count differently",
        executable: true,
    },
    Erratum {
        id: LZD_SAT,
        document: "instructions/LZD.md, Text vs Properties",
        says: "the Text form shows an optional .sat while the Properties list no saturation",
        literal: "the Properties: lzd.sat is invalid-instruction",
        resolved: "the Text form: .sat is accepted and changes nothing, since the count (0 to 32) always fits UD",
        reason: "the Text form is the grammar programs are written in, and saturation cannot change the result, so accepting it loses nothing",
        executable: true,
    },
    Erratum {
        id: BFE_SIGN_EXTENSION,
        document: "instructions/BFE.md, Semantics and Notes",
        says: "the loop masks (src2 >> offset) with (1 << width) - 1 (writing the mask 0x1F as `1F`), while the Notes say a D destination receives the field sign-extended",
        literal: "the loop in 32 bits: (src2 >> offset) & ((1 << width) - 1), the shift arithmetic for D; the field is never sign-extended",
        resolved: "width = src0 & 0x1F, offset = src1 & 0x1F; width 0 gives 0; if offset + width < 32 the field is (src2 << (32 - width - offset)) >> (32 - width), otherwise src2 >> offset; the right shifts are arithmetic for D (the field's top bit extends) and logical for UD",
        reason: "the Notes state the sign extension; for UD both readings agree",
        executable: true,
    },
    Erratum {
        id: BFE_BFI_ALIGNMENT,
        document: "instructions/BFE.md, BFI.md, Notes (Restriction)",
        says: "every operand must be 16-byte aligned unless the execution size is 1",
        literal: "with an execution size above 1, a register operand (dst or source) whose first element is not 16-byte aligned in the register file is invalid-instruction (an indirect operand's address is known only at run time and is not checked)",
        resolved: "no alignment rule beyond the type's: the restriction is the hardware three-source encoding's, which the finalizer meets by copying",
        reason: "like ADD3's immediate rule, a restriction of the hardware instruction that vISA's translator legalises; the execution size 2 restriction of the same Notes stands (validation rejects it)",
        executable: true,
    },
    Erratum {
        id: CMP_SRC_INDEX,
        document: "instructions/CMP.md, Semantics",
        says: "both branches compare `src0[i] rel_op src[i]`, naming an operand `src` the instruction does not have, and the loop lacks a closing brace",
        literal: "`src` is undefined",
        resolved: "the second operand is src1[i] and the braces close the if before the loop",
        reason: "the Format, Description and Text give CMP exactly two sources, src0 and src1",
        executable: false,
    },
    Erratum {
        id: CMP_TRUE_VALUE,
        document: "instructions/CMP.md, Semantics vs Notes",
        says: "the loop writes `? -1 : 0` into a general destination, while the Notes say all ones or all zeros by the destination's size (writing the 64-bit constant with 15 F digits)",
        literal: "a true channel receives -1 converted to the destination type: all ones for an integer destination, -1.0 for a float one (F 0xBF800000, HF 0xBC00, BF 0xBF80, DF 0xBFF0000000000000); a false channel receives 0 (+0.0)",
        resolved: "a true channel receives the all-ones bit pattern of the destination's size whatever its type (for a float destination a negative NaN pattern: F 0xFFFFFFFF, HF 0xFFFF), a false channel all zeros",
        reason: "the Notes are the specific statement about the destination's bits, and CMP results are masks meant for AND, OR and SEL; the two readings agree on integer destinations",
        executable: true,
    },
    Erratum {
        id: CMP_QWORD_TYPEMAP,
        document: "instructions/CMP.md, Properties and Notes vs Operand type maps",
        says: "Supported Types and the Notes' source and destination lists include Q and UQ, which no type map admits; the Notes' destination list also omits W, which the maps admit",
        literal: "the type maps: Q and UQ sources or destinations are invalid-instruction",
        resolved: "Q and UQ join the integer type map (64-bit integers compare exactly); W stays a valid destination as the maps say",
        reason: "two statements of the document (Properties and Notes) list the 64-bit types, and comparison has one obvious meaning on them; the maps' W is kept because the Notes' list is the one with the omission",
        executable: true,
    },
    Erratum {
        id: SEL_RAW_MASKS,
        document: "instructions/SEL.md, Semantics",
        says: "the loop gates the write with EM[i] and selects with Pred[i], ignoring the mask control's offset, NoMask, and the predicate's inversion and any/all combination (5_operands.md, EvaluateChEn), and says nothing of SEL without a predicate",
        literal: "EM[i] is bit i of the execution mask (no offset, NoMask ignored) and Pred[i] bit i of the predicate variable (no offset, no inversion, no combination)",
        resolved: "the write enable is EvaluateChEn without the predicate (EM from the mask control's offset, all channels under NoMask); Pred[i] is the fully evaluated predicate mask PMask[i] (offset, any/all, then inversion); the predicate selects, it never disables a channel. In both readings SEL without a predicate selects src0 in every channel",
        reason: "every other instruction reads EM and the predicate through EvaluateChEn, whose offset and modifiers are part of the predicate's meaning; the Description says the predicate bit chooses between the sources, so the predicate cannot also mask the write",
        executable: true,
    },
    Erratum {
        id: MIN_MAX_ZERO_SIGN,
        document: "instructions/MIN_MAX.md, Semantics and Notes",
        says: "min/max of floats follows IEEE min_max without saying how -0 and +0 order (IEEE 754-2008 minNum and maxNum may return either zero)",
        literal: "-0 and +0 compare equal, and min or max of two equal values returns src0: min(-0, +0) is -0, min(+0, -0) is +0",
        resolved: "-0 is below +0: MIN of a -0 and a +0 returns -0 and MAX returns +0, in either operand order",
        reason: "an order on zeros makes MIN and MAX commutative and agrees with IEEE 754-2019 minimumNumber and maximumNumber",
        executable: true,
    },
    Erratum {
        id: MIN_MAX_NAN,
        document: "instructions/MIN_MAX.md, Notes",
        says: "when both sources are NaN the result is source1, without saying whether a signalling NaN is quieted",
        literal: "src1 itself: with a destination of src1's type and no saturation its bits are written unchanged (a signalling NaN stays signalling); a destination of another type converts it, which quiets it",
        resolved: "src1 quieted: its quiet bit is set, its sign and payload kept, as for every NaN an arithmetic instruction produces (FLOAT-SPECIAL-TABLE)",
        reason: "IEEE 754 operations never deliver a signalling NaN, and the result goes through the destination conversion like any arithmetic result",
        executable: true,
    },
    Erratum {
        id: SETP_BIT_TEST,
        document: "instructions/SETP.md, Semantics (scalar src0)",
        says: "the scalar branch writes `dst[i] = src0 & (1 << i)`, a value of 0 or 2^i, into a one-bit element",
        literal: "the one-bit element keeps bit 0 of that value: channel 0 receives bit 0 of src0 and every other channel 0",
        resolved: "dst[i] = (src0 >> i) & 1: channel i receives bit i of src0, as the Notes say (each bit of src0 from the LSB up sets the corresponding element)",
        reason: "the Notes and the comment `//one bit` state the intent; the Description calls SETP the way to set a predicate to a constant bit stream",
        executable: true,
    },
    Erratum {
        id: SETP_MASK_CONTROL,
        document: "instructions/SETP.md, Notes",
        says: "SETP of execution size 32 must be {M1_NoMask}, and of a smaller size {M1_NoMask} or {M5_NoMask}, which update the lower or upper 16 elements",
        literal: "any other mask control is invalid-instruction",
        resolved: "any mask control valid for the execution size: channel i writes element i + the mask control's offset (M5 gives the upper half); the vector form writes the channels ChEn enables and the scalar form every channel, as the loop says",
        reason: "the restriction describes how the finalizer writes the flag register; IGC emits SETP under ordinary mask controls and the finalizer's verifier does not check it (IGC visa/IsaVerification.cpp, ISA_SETP), and the loop defines every mask control",
        executable: true,
    },
    Erratum {
        id: BFN_IMMEDIATE_WIDTH,
        document: "instructions/BFN.md, operand classes",
        says: "the sources' operand class is immediate16, while the Notes say the instruction is translated into a hardware BFN",
        literal: "an immediate source must have a 16-bit type (W or UW); a D or UD immediate is invalid-instruction",
        resolved: "any immediate of the type map is valid in any source; the 16-bit limit belongs to the hardware three-source encoding",
        reason: "the same restriction as ADD3's (ADD3-IMMEDIATE-WIDTH), whose Notes describe the translator moving an immediate the hardware cannot encode into a register",
        executable: true,
    },
    Erratum {
        id: BFN_CHANNEL_SIZE,
        document: "instructions/BFN.md, Semantics",
        says: "the loop runs over CHANNEL_SIZE_IN_BITS bits of dst and every source without defining the width, while the sources may have types of other sizes than the destination",
        literal: "CHANNEL_SIZE_IN_BITS is undefined",
        resolved: "the width is the destination's (the execution type's); bit idx of a source is bit idx of its exact value's two's complement, so a narrower signed source is sign-extended and an unsigned one zero-extended (as LOGIC-MIXED-WIDTH)",
        reason: "the execution type of a vISA instruction is its destination's; the sources are read as the logic instructions read them",
        executable: false,
    },
    Erratum {
        id: MUL_SPECIAL_TABLE,
        document: "instructions/MUL.md, Notes",
        says: "floating point multiplication of special values follows 'the rules below', which are missing",
        literal: "no rules",
        resolved: "IEEE 754 multiplication: NaN operands propagate (src0 first, quieted, sign and payload kept), inf * 0 is the default NaN, otherwise the sign is the exclusive or of the operand signs and inf * x is inf; the product is exact and rounds once into the destination type; ALT mode (F) turns infinities into the largest finite value",
        reason: "2_datatypes.md says IEEE mode honours IEEE 754 apart from the listed deviations; the same reading as FLOAT-SPECIAL-TABLE",
        executable: false,
    },
    Erratum {
        id: MUL_PLATFORM_NOTES,
        document: "instructions/MUL.md, Notes",
        says: "Q = D x D is legal on the platforms that support 64-bit integers (SKL, XEHP, PVC), and byte sources are not allowed on PVC+ platforms without byte ALU operations",
        literal: "a B or UB source is invalid-instruction on xe-hpc and xe2, and a Q or UQ destination is invalid-instruction on xe-lp and xe-hpg (the named platforms map to xe-hpc and later)",
        resolved: "every form of the type maps is valid on every platform",
        reason: "the Notes describe what the hardware executes natively; IGC's finalizer emulates 64-bit products and widens byte operands, so vISA programs may contain both forms (as with ADD3-IMMEDIATE-WIDTH)",
        executable: true,
    },
    Erratum {
        id: MAD_FUSED,
        document: "instructions/MAD.md, Semantics and Notes",
        says: "the loop computes src0 * src1 + src2 as one expression and the Notes say a float MAD becomes one hardware mad, without saying whether the product is rounded",
        literal: "the product is a value of the destination type: it is converted to it (rounding, denormal flush, ALT mode, no saturation) as a MUL would, then the sum is rounded again",
        resolved: "a float MAD is fused: the exact src0 * src1 + src2 is rounded once into the destination type; NaN operands propagate in the order src0, src1, src2 (so 0 * inf + NaN keeps src2's payload), inf * 0 and inf - inf give the default NaN, and an exact zero sum is signed as ADD signs it",
        reason: "the hardware mad of every platform in scope is a fused multiply-add, and one rounding is what the single-expression Semantics line and IEEE 754 fusedMultiplyAdd describe",
        executable: true,
    },
    Erratum {
        id: DIV_FLOAT_RECIPROCAL,
        document: "instructions/DIV.md, Notes",
        says: "floating point x / y is implemented as x * INV(y), with no accuracy given for INV, and DIVM gives the IEEE-conforming result",
        literal: "the reciprocal is INV's correctly rounded 1 / y converted to the destination type (rounding, denormal flush, ALT mode), then multiplied by x as a MUL into the destination type: two roundings",
        resolved: "the correctly rounded quotient src0 / src1 in the destination type (one rounding), with IEEE 754 special values: the first NaN operand quieted, 0/0 and inf/inf the default NaN, x/0 a signed infinity, x/inf a signed zero",
        reason: "the Notes describe an implementation, whose reciprocal accuracy is unspecified, so no single two-rounding result is pinned down; the correctly rounded quotient is the one exact reference (an implementation's error is measured against it, as for the math instructions: MATH-EXACT-VALUE), and the literal reading keeps the documented x * INV(y) shape executable with INV's own executed value (its correctly rounded reciprocal). The vISA finalizer lowers a float DIV to INV then MUL on Xe (visa/VisaToG4/TranslateMath.cpp), so a conforming implementation's quotient lies within INV's published accuracy (1 ulp) composed with one rounding: that set is the contract's, not execution's",
        executable: true,
    },
    Erratum {
        id: DIV_BY_ZERO,
        document: "instructions/DIV.md, MOD.md, Semantics and Notes",
        says: "integer division and remainder by zero are not mentioned",
        literal: "the instruction's behaviour is undefined: execution reports undefined-behaviour when an enabled channel divides by zero",
        resolved: "the destination element of each enabled channel that divides by zero is undefined (vectors expect its bytes as ??); the other channels compute as usual",
        reason: "a division by zero in one channel says nothing about the others, and hardware integer division returns some value rather than faulting",
        executable: true,
    },
    Erratum {
        id: MOD_SIGN_TABLE,
        document: "instructions/MOD.md, Notes",
        says: "signed inputs 'follow the rules below', but the table is missing",
        literal: "no table",
        resolved: "DIV.md's table: the quotient truncates toward zero, so the remainder src0 - src1 * trunc(src0 / src1) has the numerator's sign (-7 % 2 = -1, 7 % -2 = 1)",
        reason: "MOD is the remainder of DIV's division, and DIV.md's Notes give the sign rule for both outputs",
        executable: false,
    },
    Erratum {
        id: ADDC_CARRY_FUNCTION,
        document: "instructions/ADDC.md, Semantics",
        says: "the loop writes `carry[i] = carry(src0[i] + src1[i])`, a function the documents never define; the Description only says the carry is 0 or 1",
        literal: "carry() is undefined: no executable reading",
        resolved: "carry[i] is 1 when the exact sum of the UD sources is at least 2^32 (the carry out of the 32-bit addition), 0 otherwise; dst[i] receives the sum's low 32 bits",
        reason: "the only carry a 32-bit unsigned addition has is its carry out, which is 0 or 1 as the Description says",
        executable: false,
    },
    Erratum {
        id: ADDC_SUBB_PACKED_UV,
        document: "instructions/ADDC.md, SUBB.md, Operand type maps",
        says: "the sources have type UD; IGC 1.0.12504 writes `addc` with a packed `uv` immediate for xe-lp (the low half of a 64-bit address plus `0x40:uv`, lanes 0 and 4 bytes apart), and its visa/IsaVerification.cpp admits UD or UV sources for ADDC and SUBB",
        literal: "a UV immediate source is invalid-instruction",
        resolved: "a source may also be a UV immediate: channel i reads element i of the vector (bits [4i+3:4i], 2_datatypes.md), zero-extended to UD, and adds (subtracts) it as a UD source; the execution size stays at most 8 (PACKED-IMM-EXEC-SIZE)",
        reason: "UV's elements are unsigned and fit UD, so the carry and borrow are those of the UD operation on the same values; IGC's own output uses the form",
        executable: true,
    },
    Erratum {
        id: SUBB_LOOP_STEP,
        document: "instructions/SUBB.md, Semantics",
        says: "the loop steps `i += 2`, so it visits only the even channels, while the Description says the subtraction is component-wise",
        literal: "only even channels compute: an odd channel's dst and borrow keep their contents, whether the channel is enabled or not",
        resolved: "the loop steps `++i`: every enabled channel writes its difference and its borrow",
        reason: "a copy of the pair-wise loop of SAD2ADD; ADDC, the same operation's twin, steps one channel at a time",
        executable: true,
    },
    Erratum {
        id: SUBB_SAT,
        document: "instructions/SUBB.md, Properties vs Text",
        says: "the Properties list saturation while the Text form shows no `.sat` (and ADDC, its twin, has none); what saturation does to a borrow is not said",
        literal: "the Text form: subb.sat is invalid-instruction",
        resolved: "subb.sat is valid and clamps the exact difference into UD (2_datatypes.md, Saturation): a negative difference gives 0; the borrow is computed from the sources as before, so a channel with src0 < src1 writes dst 0 and borrow 1",
        reason: "the Properties are the statement about saturation, and the generic rule of 2_datatypes.md gives it one meaning; the Semantics define the borrow on the sources, not on the saturated result",
        executable: true,
    },
    Erratum {
        id: SUBB_SRC1_DESCRIPTION,
        document: "instructions/SUBB.md, operand list",
        says: "Src1 is described as \"The first source operand\"",
        literal: "two first sources",
        resolved: "Src1 is the second source operand, the subtrahend of `src0[i] - src1[i]`",
        reason: "a copy of Src0's line; the Format and the Semantics order the operands",
        executable: false,
    },
    Erratum {
        id: ADD3O_OVERFLOW,
        document: "instructions/ADD3O.md, Semantics and Description",
        says: "the loop writes `P[i] = overflow(src0[i] + src1[i] + src2[i])`, a function the documents never define (signed or unsigned, of which width); the Description maps the instruction to Gen's add3 with an (ov) flag on UD operands",
        literal: "the Description's example: the overflow bit is the carry out of the 32-bit unsigned sum of the three sources' low 32 bits (each exact, modified source value taken modulo 2^32), whatever the types",
        resolved: "the overflow bit is 1 when the exact sum of the (modified) sources lies outside the range of the destination type (signed for D and W, unsigned for UD and UW), i.e. when dst[i] differs from the exact sum; channel i sets bit i + the mask control's offset of P (the bit predication reads for the channel, 5_operands.md, Predication), disabled channels keep their bits",
        reason: "overflow is a property of the result written: the sum and its overflow bit must agree on the type, and the destination type is the one the Supported Types vary",
        executable: true,
    },
    Erratum {
        id: MADW_HIGH_HALF,
        document: "instructions/MADW.md, Description and Notes",
        says: "the low 32 bits of the results go to \"the lower GRFs\" and the high 32 bits to \"the high GRFs\", the layout being \"SOA\" and \"packed\", without saying where the high halves start",
        literal: "packed: the high half of channel i is element exec_size + i of the destination region, right after the low halves",
        resolved: "the high halves start at the first GRF boundary after the low halves' last byte: the high half of channel i is at the destination's (GRF-aligned) origin + roundup(((exec_size - 1) * hstride + 1) * 4, GRF size) + i * hstride * 4; so madw (M1, 16) on 32-byte GRFs writes its low halves to two GRFs and its high halves to the next two, and an execution size of 1 puts the high half in the next GRF",
        reason: "\"stored in the high GRFs\" gives the high halves GRFs of their own, which is what the finalizer's SOA layout does (the destination must be GRF aligned for that reason); the readings agree whenever the low halves fill whole GRFs",
        executable: true,
    },
    Erratum {
        id: MADW_EXEC_SIZE,
        document: "instructions/MADW.md, Exec_size",
        says: "execution size 16 is marked {PVC+}; IGC writes `madw (M1, 16)` in its dumps for xe-hpg, and its assembler reads it back",
        literal: "SIMD16 MADW on xe-lp or xe-hpg is invalid-instruction",
        resolved: "SIMD16 MADW is valid on every platform; on 32-byte GRFs its low halves fill two GRFs and its high halves the next two (MADW-HIGH-HALF)",
        reason: "the semantics loop and the destination layout hold for any execution size up to 16; the platform mark is an encoding limit the finalizer splits around, as it does for the other SIMD16 instructions on 32-byte GRFs",
        executable: true,
    },
    Erratum {
        id: SAD2_LOOP_STEP,
        document: "instructions/SAD2.md, Semantics",
        says: "the loop steps `i += 1`, while each iteration consumes the pair (i, i+1) and writes `dst[i+1] = undefined`; SAD2ADD's loop steps `i += 2`",
        literal: "every enabled channel i writes the sum of the pair (i, i+1) and then leaves dst[i+1] undefined (a later enabled channel i+1 defines it again); the last channel reads src0 and src1 element exec_size, which the operands do not hold: undefined-behaviour when it is enabled",
        resolved: "the loop steps `i += 2`: an enabled even channel i writes the pair's sum and leaves dst[i+1] undefined, as the Description (\"on a 2-tuple basis\", \"the first channel per 2-tuple\") and the Notes (even elements hold the data, odd ones are undefined) say",
        reason: "the Description and the Notes describe pairs; SAD2ADD, the same operation plus an addend, steps by two",
        executable: true,
    },
    Erratum {
        id: SAD2_EXEC_SIZE,
        document: "instructions/SAD2.md, SAD2ADD.md, Exec_size",
        says: "an execution size of 1 is listed, while the operation works on pairs of channels and reads src0[i+1] and src1[i+1]",
        literal: "execution size 1 is valid and reads element 1 of operands that hold one element",
        resolved: "execution size 1 is invalid-instruction for SAD2 and SAD2ADD (the finalizer's minimum execution size for them is 2)",
        reason: "the pair (0, 1) needs two channels",
        executable: false,
    },
    Erratum {
        id: SAD2_PLATFORMS,
        document: "appendix_instruction_by_platform.md (SAD2 and SAD2ADD rows); 6_instructions.md (SAD2, SAD2ADD {-ICLLP})",
        says: "the per-platform table marks SAD2 and SAD2ADD on BDW, SKL and BXT only, not on ICLLP or TGLLP, and the list of instructions tags both `{-ICLLP}`, which reads as up to ICLLP as well as before it",
        literal: "SAD2 and SAD2ADD exist on gen9 (SKL) alone: invalid-instruction (field `opcode`) from gen11 on",
        resolved: "SAD2 and SAD2ADD exist on gen9 and gen11 (up to ICLLP): invalid-instruction (field `opcode`) from xe-lp on",
        reason: "IGC's vISA verifier refuses both from the Xe generation (TGLLP) on and takes them before it (visa/IsaVerification.cpp: `sad2/sad2add is not supported on Xe` when the platform generation is not below XE), which is `{-ICLLP}` read inclusively",
        executable: true,
    },
    Erratum {
        id: ADDR_ADD_PREDEFINED,
        document: "instructions/ADDR_ADD.md, Notes",
        says: "src0 must not be a pre-defined variable \"except for V13(%arg) and V14(%retval)\", while 4_visa_header.md numbers %arg V8 and %retval V9 (V13 is %sr0, V14 %cr0)",
        literal: "the numbers: the address of V13 (%sr0) or V14 (%cr0) may be taken, that of %arg or %retval may not (invalid-instruction)",
        resolved: "the names: the address of %arg or %retval may be taken; any other pre-defined variable as src0 is invalid-instruction",
        reason: "%arg and %retval are the variables passed between functions, whose addresses a callee needs; the numbers are stale",
        executable: true,
    },
    Erratum {
        id: ADDR_ADD_RANGE,
        document: "instructions/ADDR_ADD.md, Notes",
        says: "the instruction \"is just adding two integers\" and the resulting address may be arbitrary, without saying the width of the sum an address element (UW) receives",
        literal: "the width is unspecified",
        resolved: "the exact sum of src0 (an address element, or the register-file byte address of a variable plus its offset) and src1 (after its source modifier) is truncated to the 16 bits of the address element: sums wrap modulo 2^16",
        reason: "an address element is a UW, and every other integer destination keeps the low bits of an exact result",
        executable: false,
    },
    Erratum {
        id: MOVS_CONTIGUOUS,
        document: "instructions/MOVS.md, Notes",
        says: "exec_size contiguous elements are copied from the starting offsets, while a general or indirect operand carries a region or a stride of its own",
        literal: "contiguous elements, whatever the region written",
        resolved: "a general or indirect operand of MOVS must address exactly the exec_size contiguous elements from its origin (a source region whose lanes are elements 0, 1, ..., a destination stride of 1, unless the execution size is 1; no multi-address source); others are invalid-instruction, so both readings agree on every valid program",
        reason: "the Notes state contiguity; rejecting other regions keeps one meaning instead of silently ignoring what the program wrote",
        executable: false,
    },
    Erratum {
        id: DPAS_RC_LOOP,
        document: "instructions/DPAS.md, Semantics",
        says: "the repeat loop is written `for (r = 0; i < RC; ++r)`: it tests `i`, the channel index of the inner loop",
        literal: "`i` is 0 on entry and `Exec_size` (8 or 16, never below RC) after the first repeat, so only row 0 of Dst is computed and the other rows are left as they were",
        resolved: "`r < RC`: rows 0..RC-1 are computed",
        reason: "the text around the loop (M = repeat count, Dst and Src0 advance one row per repeat) describes RC rows",
        executable: true,
    },
    Erratum {
        id: DPAS_SRC2_ADVANCE,
        document: "instructions/DPAS.md, Semantics",
        says: "Src2 is advanced `8*OPS_PER_CHAN` elements per repeat; `k` is never reset",
        literal: "row r of A starts at element `r*8*OPS_PER_CHAN`",
        resolved: "row r of A starts at element `r*SD*OPS_PER_CHAN` (the never-reset `k` gives exactly this)",
        reason: "the two agree for SD 8, the only depth valid on a DPAS platform, so no valid program tells them apart",
        executable: false,
    },
    Erratum {
        id: DPAS_TF32_FP8_PATHS,
        document: "instructions/DPAS.md, Semantics",
        says: "the header names OPS_PER_CHAN 1 for tf32 and 4 for fp8, but the pseudocode has only three arms (16-bit W: 2; an 8-bit precision: 4, `int dpas`; else 8) and only dot4/dot8 integer and dot2 float bodies",
        literal: "tf32 gets OPS_PER_CHAN 8 and SRC1_OPERANDS_PER_CHAN 32/(8*32) = 0, so `d / SRC1_OPERANDS_PER_CHAN` divides by zero: tf32 DPAS is invalid; bf8/hf8 take the `int dpas` dot4 body: their bytes read as unsigned 8-bit integers, `temp.DW[i] += dot4(...)` on the raw bits of Src0/Dst, wrapping modulo 2^32",
        resolved: "tf32: OPS_PER_CHAN 1, SRC1_OPERANDS_PER_CHAN 1, one product per depth; bf8/hf8: OPS_PER_CHAN 4, a float dot4 of the decoded E5M2/E4M3 values",
        reason: "the header comment and the legal-combination table (F dst for TF32 and BF8/HF8) define these paths; the pseudocode only forgot them",
        executable: true,
    },
    Erratum {
        id: DPAS_TF32_ENCODING,
        document: "instructions/DPAS.md, precision table",
        says: "tf32 has binary format 0x0b; bf8 and hf8 have no row",
        literal: "0x0b is tf32",
        resolved: "the binary encoding is not part of the model (the IR holds the precision by name, the text form by its mnemonic); IGC's header numbers BF8 11, TF32 12, HF8 14",
        reason: "no executed behaviour depends on the binary value",
        executable: false,
    },
    Erratum {
        id: DPAS_DST_ADVANCE,
        document: "instructions/DPAS.md, Semantics",
        says: "Dst and Src0 advance one GRF per repeat, yet they are laid out row-major in the 1-D GRF space",
        literal: "row r of Dst and Src0 starts at GRF r, whatever their type (an HF or BF row of Exec_size elements fills half a GRF)",
        resolved: "row r starts at byte `r*Exec_size*sizeof(type)`: the same for D, UD and F, packed rows for HF and BF",
        reason: "row-major layout of an MxN matrix, as the document's overview states, and what the compiler emits for HF/BF accumulators",
        executable: true,
    },
    Erratum {
        id: DPAS_INT_WRAP,
        document: "instructions/DPAS.md, Semantics",
        says: "integer DPAS accumulates with `temp.DW[i] += dot4(...)` and says nothing of overflow",
        literal: "silent",
        resolved: "each accumulation wraps modulo 2^32 (two's complement), for D and UD alike; products and dot sums are exact before the wrap",
        reason: "the hardware accumulates in a 32-bit register; wrapping once at the end or at every stage gives the same bits",
        executable: false,
    },
    Erratum {
        id: DPAS_FLOAT_ROUNDING,
        document: "instructions/DPAS.md, Semantics",
        says: "float DPAS computes `temp.F[i] += dot2(...)` with no word on rounding, internal precision, denormals or the final conversion to HF/BF",
        literal: "silent",
        resolved: "numeric profiles name each behaviour (spec/model/src/profile.rs, docs/dpas.md): accumulation `literal-c` (products rounded to f32, each dot2/dot4 summed in f32, added to the accumulator, all to nearest even), `sequential` (one exact product at a time, one rounding each), `exact-stage` (a stage's products and the accumulator exactly, one rounding) or `product-round` (each product rounded to f32, then added in k order, one rounding each: Intel's emulations); HF/BF destination by `dst-rne` or `dst-rtz`; `denorm-keep` or `denorm-flush` (inputs and every rounded result); tf32 inputs `tf32-trim` (19 bits) or `tf32-full` (the whole DW). Default `literal-c+dst-rne+denorm-keep+tf32-trim`. The engines write the destination type's default quiet NaN for a NaN result; its encoding is no part of a profile, and vectors accept any NaN of the type there (`any_nan`). Golden vectors accept the result of any profile (allowed sets)",
        reason: "implementations differ here; profiles and allowed sets make the freedom explicit",
        executable: false,
    },
    Erratum {
        id: DPAS_ONE_BIT,
        document: "instructions/DPAS.md, precision table and legal-combination table",
        says: "the precision table lists u1 and s1, the legal-combination table says only `int`",
        literal: "u1/s1 might be integer precisions of DPAS",
        resolved: "u1 and s1 are not DPAS precisions (OPS_PER_CHAN 8 with 1-bit W gives a layout no other part of the document describes); `dpas.u1...` is invalid",
        reason: "the issue and the Notes list 2-, 4- and 8-bit integer precisions only",
        executable: false,
    },
    Erratum {
        id: DPAS_DF,
        document: "instructions/DPAS.md, Dst/Src0/Src1/Src2 types",
        says: "the operands may have type DF and `dst/src0/src1/srcs must have same df precision`, but no df precision exists in the table",
        literal: "DF operands without a precision to name",
        resolved: "DF is not admitted",
        reason: "no precision, no semantics: the loop has no DF body",
        executable: false,
    },
    Erratum {
        id: DPASW_SPLIT,
        document: "instructions/DPASW.md, Semantics and Description",
        says: "`NGrf = ((Src2SizeInBytes + 32 - 1) / 32;` (unbalanced, 32-byte GRF fixed); the table disagrees with the formula for 4-bit A with OPS_PER_CHAN 4 at RC 3 and 4",
        literal: "the table's split",
        resolved: "the formula's split (NGrf_EU0 = (NGrf+1)/2 registers from EU0, the rest from EU1) with 32-byte GRFs (DPASW exists on xe-hpg only)",
        reason: "the formula is the normative Semantics; the table is illustration. The fixed 32-byte register changes nothing observable (DPASW exists on xe-hpg only, whose GRF is 32 bytes). Literal: the table's split, which keeps both Src2 registers on EU0 for 16-byte rows (4-bit A with OPS_PER_CHAN 4, 2-bit A with OPS_PER_CHAN 8) at RC 3 and 4",
        executable: true,
    },
    Erratum {
        id: DP4A_SIGNEDNESS,
        document: "instructions/DP4A.md, Semantics",
        says: "`src1[i][7:0]*src2[i][7:0] + ...` without saying whether the bytes are signed",
        literal: "silent",
        resolved: "each source's bytes are signed when its type is D and unsigned when UD; src0 plus the four products is exact, then converted to the destination type as every integer ALU result (INT-EXTRA-PRECISION): modulo 2^32, or clamped with `.sat`",
        reason: "the only reading under which D and UD differ",
        executable: false,
    },
    Erratum {
        id: SVM_GATHER_BLOCK_ENCODING,
        document: "instructions/SVM_GATHER.md, Block_size",
        says: "Block_size encodes 8-byte blocks as 0b11, where SVM_SCATTER.md (and IGC's SVM_BLOCK_TYPE_QWORD = 2) use 0b10 and 0b10 is left unassigned",
        literal: "a gather's Block_size 0b11 is 8 bytes and 0b10 is no size (`svm::block_size_from_encoding` with `gather_literal`)",
        resolved: "0b10 is 8 bytes for both the gather and the scatter; 0b11 is not a size",
        reason: "the scatter's table and the implementation agree; the text forms write the size in bytes, so only binary encoders and decoders see the difference",
        executable: false,
    },
    Erratum {
        id: SVM_ATOMIC_OPERAND_ORDER,
        document: "instructions/SVM_ATOMIC.md, Format and Text",
        says: "the Format table orders the operands Addresses, Src0, Src1, Dst while the Text form writes `<addresses> <dst> <src0> <src1>`",
        literal: "the text's operands follow the Format table's order: `<addresses> <src0> <src1> <dst>`",
        resolved: "the text form's order `<addresses> <dst> <src0> <src1>`, as IGC's assembler writes it; a binary decoder follows the Format table",
        reason: "the Text section describes the text form; the Format table describes the binary encoding",
        executable: true,
    },
    Erratum {
        id: SVM_ATOMIC_PREDEC,
        document: "instructions/SVM_ATOMIC.md, Semantics; DWORD_ATOMIC.md, Semantics and DWORD_ATOMIC_OP table",
        says: "SVM_ATOMIC's loop returns the old value for every operation; the operation table says PREDEC returns the new value; SVM_ATOMIC's Src0 note lists only INC and DEC as taking V0",
        literal: "PREDEC returns the old value (the SVM_ATOMIC loop's `dst[i] = *(addresses[i])`)",
        resolved: "PREDEC returns the new value `old - 1` (the operation table's Return Value column); like INC and DEC it reads no source",
        reason: "the table is the one place that describes PREDEC; pre-decrement returning the decremented value is what its name says",
        executable: true,
    },
    Erratum {
        id: SVM_ATOMIC_CMPXCHG_ROLES,
        document: "instructions/DWORD_ATOMIC.md, DWORD_ATOMIC_OP table; SVM_ATOMIC.md, Semantics",
        says: "CMPXCHG is `new = (old==src1) ? src0 : old` and FCMPWR `new = (src0 == old) ? src1 : old`: the compared and the written operands swap between the two; the loop's `op(*(addresses[i]), src0, src1)` does not index the sources",
        literal: "as written: CMPXCHG compares with src1 and writes src0, FCMPWR compares with src0 and writes src1; src0 and src1 are element i of their operands",
        resolved: "the literal reading (IGC's finalizer swaps the operands of CMPXCHG only, keeping these roles at the vISA level)",
        reason: "the implementation confirms the table; indexing by lane is the only reading under which a vector source makes sense",
        executable: false,
    },
    Erratum {
        id: SVM_ATOMIC_16BIT_WRITEBACK,
        document: "instructions/SVM_ATOMIC.md, Notes (16bit Atomics); DWORD_ATOMIC.md, Op bit 5 and Notes",
        says: "16-bit atomics use the lower 16 bits of each dword and write back in the same unpacked layout, without saying what the upper 16 bits of each returned dword hold",
        literal: "silent",
        resolved: "the upper two bytes of each returned dword are undefined (don't-care in vectors); the lower two hold the 16-bit old value",
        reason: "no document defines them and implementations differ (zero or sign extension, or stale bytes)",
        executable: false,
    },
    Erratum {
        id: SVM_ATOMIC_FLOAT_MINMAX,
        document: "instructions/DWORD_ATOMIC.md, DWORD_ATOMIC_OP table (FMAX, FMIN, FCMPWR)",
        says: "`new = max(old, src0)`, `new = min(old, src0)` and `src0 == old` without a rule for NaN operands or the sign of zero",
        literal: "silent",
        resolved: "FMAX and FMIN return the other operand when exactly one is NaN, the default NaN when both are, and order -0 below +0 (LSC-ATOMIC-FLOAT's rules for lsc_atomic_fmin/fmax); FCMPWR compares as IEEE equality (NaN equals nothing, -0 equals +0)",
        reason: "IEEE minNum/maxNum, the rules the project adopts for the LSC float atomics, which the same hardware executes",
        executable: false,
    },
    Erratum {
        id: SVM_ADDRESS_ALIGNMENT,
        document: "instructions/SVM_BLOCK_LD.md, SVM_BLOCK_ST.md, SVM_GATHER.md, SVM_SCATTER.md, SVM_GATHER4_SCALED.md, SVM_ATOMIC.md (Address operands)",
        says: "addresses must be aligned (oword, or dword with `.unaligned`; to the block size; dword for the 4-channel forms; to the data width for atomics) without saying what a misaligned address does",
        literal: "silent",
        resolved: "an enabled lane (or the block address) at a misaligned address makes the instruction's effect undefined: execution reports undefined-behaviour and writes nothing",
        reason: "the documents state the alignment as a requirement on the program; hardware drops or faults on the low bits differently by platform",
        executable: false,
    },
    Erratum {
        id: SVM_EIGHT_ADDRESSES,
        document: "instructions/SVM_GATHER.md, SVM_SCATTER.md, SVM_ATOMIC.md (Description and Addresses)",
        says: "the descriptions speak of 8-element operations and \"the first 8 elements\" of the address operand, while Exec_size allows 1 to 16 elements (1 to 8 for the atomic) and the loops run over exec_size",
        literal: "only the first 8 addresses are read, whatever exec_size",
        resolved: "the first exec_size addresses, as the Semantics loops index them",
        reason: "the loops are the normative part; 8 is the SIMD8 case the prose was written for",
        executable: false,
    },
    Erratum {
        id: LSC_STORE_DSTDATA,
        document: "instructions/LSC_UNTYPED.md, Semantics (STORE, STORE_UNCOMPRESSED)",
        says: "the store loop writes `DstData[..].elems[..]` to memory, while the Text form and the Src1Data description give a store its data in `Src1Data` and no DstData (the null register)",
        literal: "a store writes what DstData holds: a store has none (%null), so every byte it stores is undefined (`??`)",
        resolved: "a store writes Src1Data (`Src1Data[v].elems[n]`, or `Src1Data[n].elems[v]` transposed)",
        reason: "the operand descriptions and every store example pass the data in Src1Data; the loop copies the load loop's name",
        executable: true,
    },
    Erratum {
        id: LSC_STORE_ELEM_OFFSET,
        document: "instructions/LSC_UNTYPED.md, Semantics (STORE, STORE_UNCOMPRESSED)",
        says: "the store loop writes every vector element `v` of lane `n` through the same `*addr = Base + AddrScale*Src0Addrs[n] + AddrImmOffset`, where the load loop reads `src.elems[v]`",
        literal: "all `vect_size` elements of a lane land on `addr`: with more than one element the bytes there are written several times (undefined where the values differ) and the bytes after them are not written",
        resolved: "element `v` lands at `addr + v*sizeof(DataSize)`, as the load reads it",
        reason: "a vector store is the inverse of the vector load (Description: several elements per address); a loop writing one place `vect_size` times has no use",
        executable: true,
    },
    Erratum {
        id: LSC_DATA_U32,
        document: "instructions/LSC_UNTYPED.md, DataSize (d8u32, d16u32, d16u32h)",
        says: "names the widened data sizes without saying what the register element's other bits hold",
        literal: "a load leaves the register bytes that do not hold the datum undefined (`??`); d16u32h's datum is the upper half",
        resolved: "a load zero-extends: d8u32 and d16u32 put the datum in the low bits, d16u32h in the upper 16 bits with the lower 16 zero; a store writes those same bits",
        reason: "zero extension is what Xe2 hardware does (IGC's header says the upper bits are undefined before Xe2 and zero from Xe2 on); a definite value is the reading implementations can all meet on Xe2, and the literal reading accepts the rest",
        executable: true,
    },
    Erratum {
        id: LSC_ADDR_SCALE_BASE,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD; the earlier revision, seed 000)",
        says: "the earlier revision computes an address as `AddrScale*(Surface + Src0Addrs[n])`, scaling the surface base too; today's text is `Base + AddrScale*Src0Addrs[n] + AddrImmOffset` (LOAD_STRIDED still scales Base)",
        literal: "the document in force: `Base + AddrScale*Src0Addrs[n] + AddrImmOffset` (the earlier formula is not executable: it scales a 64-bit base address, which no surface layout supports)",
        resolved: "`Base + AddrScale*Src0Addrs[n] + AddrImmOffset`",
        reason: "today's formula is the later statement and the only one where a stateful base is a byte address",
        executable: false,
    },
    Erratum {
        id: LSC_ADDR_WRAP,
        document: "instructions/LSC_UNTYPED.md, AddrSize, AddrImmOffset, Semantics",
        says: "gives addresses sizes a16, a32, a64 and an immediate offset added to each address, without saying where the sum is truncated to the address size",
        literal: "(silent)",
        resolved: "the offset `AddrScale*Src0Addrs[n] + AddrImmOffset + v*sizeof(DataSize) + byte` of each byte is computed exactly and truncated to the address size (a16 and a32 wrap around modulo 2^16 and 2^32); Base is added to the truncated offset in 64 bits",
        reason: "the address register holds a16/a32 values and the message's address arithmetic is that wide; the base of a stateful surface is a 64-bit state field",
        executable: false,
    },
    Erratum {
        id: LSC_UNWRITTEN_MEMORY,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD)",
        says: "loads read memory without saying what memory nothing wrote holds",
        literal: "(silent)",
        resolved: "a case defines the memory it reads (`init.mem`); memory a case never wrote reads as zero",
        reason: "memory contents before a kernel are the host's, so a test case must state them; zero makes a case that does not reproducible",
        executable: false,
    },
    Erratum {
        id: LSC_SURFACE_BOUNDS,
        document: "instructions/LSC_UNTYPED.md, Semantics (`Base`) and Surface",
        says: "stateful accesses reach `Base + offset` of a surface without saying what happens past the surface's size",
        literal: "(silent)",
        resolved: "a byte at an offset not below the surface's size is out of bounds: a load reads it as zero and a store drops it",
        reason: "the bounds-checked behaviour of surface state on the hardware; a stateless (flat, arg) or SLM access has no bounds",
        executable: false,
    },
    Erratum {
        id: DATAPORT_BOUNDS_LANE,
        document: "instructions/GATHER_SCALED.md, SCATTER_SCALED.md, GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md, OWORD_LD_UNALIGNED.md, OWORD_ST.md, Properties (Out-of-bound Access)",
        says: "an out-of-bound read returns zeros and an out-of-bound write is dropped, without saying whether the bound applies to each byte or to an element's whole access (a channel's 1, 2 or 4 bytes, a channel's dword, an oword), which may cross the surface's end",
        literal: "an element of the Semantics loop (a channel's 1-, 2- or 4-byte access, one dword of a 4-channel form, one oword of the oword forms) is out of bounds as a whole when any of its bytes is: it reads zero in every byte and writes none",
        resolved: "byte by byte (LSC-SURFACE-BOUNDS): the bytes inside the surface are read and written, those at or past its size read zero and are dropped",
        reason: "one bounds rule for every surface of the memory model, the one the LSC messages already take; under it a channel's bytes inside the surface keep the values the program moves",
        executable: true,
    },
    Erratum {
        id: DATAPORT4_DWORD_ADDRESS,
        document: "instructions/GATHER4_SCALED.md, SCATTER4_SCALED.md, Semantics and Description",
        says: "the loop reads and writes `surface[(address/4)+c]`, a dword index, while the Description says the final address must be dword-aligned, without saying what a misaligned address does",
        literal: "the loop as written: `address/4` drops the two low bits, so a lane at a misaligned address moves the dwords at `(address & !3) + 4*c`",
        resolved: "an enabled lane at an address that is not a multiple of 4 makes the instruction's effect undefined: execution reports undefined-behaviour and writes nothing (SVM-ADDRESS-ALIGNMENT's rule for SVM_GATHER4_SCALED)",
        reason: "the Description states the alignment as a requirement on the program; one rule with the SVM 4-channel forms, which the same hardware message serves",
        executable: true,
    },
    Erratum {
        id: SCATTER4_SCALED_ADDRESS,
        document: "instructions/SCATTER4_SCALED.md, Semantics",
        says: "the loop writes `surface[(address/4)+c]` but never computes `address` (GATHER4_SCALED's loop has `UD address = offset+element_offset[i]*(scale+1)`)",
        literal: "silent: `address` is undefined",
        resolved: "`address = offset + element_offset[i]` (a UD sum, wrapping), GATHER4_SCALED's line with Scale, which is always zero",
        reason: "the two documents describe one message pair whose Format tables are identical; the Description says the address is determined by the offset and each element offset",
        executable: false,
    },
    Erratum {
        id: OWORD_LD_UNALIGNED_OFFSET,
        document: "instructions/OWORD_LD_UNALIGNED.md, Semantics and Offset",
        says: "Offset is \"the offset of the read in bytes\", dword-aligned, while the loop, copied from OWORD_LD (whose offset counts owords), reads `surface[offset+i]` with 16-byte elements; nothing says what an offset not a multiple of 4 does",
        literal: "the loop's index as OWORD_LD's: oword `i` is read from byte `16*(offset+i)`, whatever the offset's low bits",
        resolved: "oword `i` is read from byte `offset + 16*i` (the Offset description and the Description: identical to OWORD_LD except that the offset is dword-aligned); an offset that is not a multiple of 4 makes the read undefined: execution reports undefined-behaviour",
        reason: "the operand description and the Description agree on a byte offset; the loop's line is OWORD_LD's, unchanged. The alignment is stated as a requirement, as the SVM block forms' (SVM-ADDRESS-ALIGNMENT)",
        executable: true,
    },
    Erratum {
        id: DWORD_ATOMIC_SURFACES,
        document: "instructions/DWORD_ATOMIC.md, Surface",
        says: "\"It must be a buffer. Valid values are: 0: T0 - Shared Local Memory (SLM) access; 5: T255 - Stateless surface access\": the list names two pre-defined surfaces (and T255 where the header reserves T5), while \"a buffer\" and the Out-of-bound Access property speak of bounded buffer surfaces",
        literal: "only T0 and the stateless surface (T5, T255) are valid: a surface variable (a binding-table buffer) is invalid-instruction",
        resolved: "T0, the stateless surface and a surface variable naming a binding-table buffer, bounded by its size as the other dataport messages' (reads zero, writes dropped)",
        reason: "the Properties' out-of-bound rule only means something on a bounded buffer; the untyped atomic message the document describes takes any buffer surface, as GATHER_SCALED's and SCATTER_SCALED's do",
        executable: true,
    },
    Erratum {
        id: DWORD_ATOMIC_ALIGNMENT,
        document: "instructions/DWORD_ATOMIC.md, Element_offset and Notes",
        says: "element offsets are in bytes; the Notes require a 16-bit access to be word-aligned, and say nothing of a 32-bit access's alignment nor what a misaligned access does",
        literal: "the loop's `surface[offset]` at any byte offset: a misaligned access reads and writes the 2 or 4 bytes from that offset",
        resolved: "an enabled lane at an offset that is not a multiple of the access width (4, or 2 for `.16`) makes the instruction's effect undefined: execution reports undefined-behaviour (SVM-ADDRESS-ALIGNMENT's rule for SVM_ATOMIC)",
        reason: "a dword atomic is a naturally aligned access on the hardware, as the 16-bit note states for words; one rule with the SVM atomic",
        executable: true,
    },
    Erratum {
        id: DWORD_ATOMIC_LANE_ORDER,
        document: "instructions/DWORD_ATOMIC.md, Semantics and Notes",
        says: "the loop runs the lanes in order, while the Notes say channels writing one address are serialized in a non-deterministic order",
        literal: "any order of the lanes that share an address: their returned old values (and, for an operation that does not commute, the final value) are any of those the orders give",
        resolved: "the engines run the loop's order, lane 0 first; the generated vectors give every enabled lane its own element, and a catalog row where lanes share one marks their returned values don't-care and expects only what every order gives",
        reason: "one order makes the engines reproducible; vectors that pin it would fail a conforming implementation that serializes differently",
        executable: false,
    },
    Erratum {
        id: DWORD_ATOMIC_APPENDIX_TEXT,
        document: "8_appendix_visa_assembly_syntax.md, DWORD_ATOMIC row; instructions/DWORD_ATOMIC.md, Text",
        says: "the appendix writes `DWORD_ATOMIC[.<atomic_op>] (<num_elts>) <surface> <global offset> <element offset> <dst> <src0> <src1>` with opcode 0x3B, the document `DWORD_ATOMIC.<Op>[.16] (<Exec_size>) <Surface> <Element_offset> <Src0> <Src1> <Dst>` with opcode 0x7d",
        literal: "the appendix's form: a global offset, then the destination before the sources",
        resolved: "the document's Text, which its Format table and IGC's assembler follow (`dword_atomic.inc (M1, 16) %slm V76.0 %null.0 %null.0 %null.0`)",
        reason: "the appendix row describes the older message (0x3B); the instruction's own document and the compiler agree",
        executable: false,
    },
    Erratum {
        id: GATHER_SCATTER_SURFACES,
        document: "instructions/GATHER.md, SCATTER.md, Surface",
        says: "\"Index of the surface variable. It must be a buffer. Valid values are: 0: T0 - Shared Local Memory (SLM) access; 5: T255 - Stateless surface access\": the list names two pre-defined surfaces, while \"the surface variable\", \"a buffer\" and the Out-of-bound Access property speak of bounded buffer surfaces",
        literal: "only T0 and the stateless surface (T5, T255) are valid: a surface variable (a binding-table buffer) is invalid-instruction",
        resolved: "T0, the stateless surface and a surface variable naming a binding-table buffer, bounded by its size (reads zero, writes dropped), as DWORD-ATOMIC-SURFACES reads DWORD_ATOMIC's identical list",
        reason: "the out-of-bound rule only means something on a bounded buffer; IGC's assembler and verifier take any declared surface, and the byte scattered message serves binding-table surfaces as GATHER_SCALED's does",
        executable: true,
    },
    Erratum {
        id: GATHER_SCATTER_TEXT,
        document: "instructions/GATHER.md, SCATTER.md, Text; 8_appendix_visa_assembly_syntax.md, GATHER and SCATTER rows",
        says: "the documents write `GATHER.<elt_size> <surface> <global_offset> <element_offset> <dst>` with no execution size although Num_elts is a field; the appendix writes `GATHER[.mod] (<num_elts>) (<elt_size>) ...` and gives Num_elts as 8 or 16 where the document also encodes 1",
        literal: "the documents' form: no execution size in the text (the appendix's: two parenthesised numbers)",
        resolved: "IGC's assembler: `gather.<elt_size> (<mask>, <num_elts>) <surface> <global_offset> <element_offset> <dst>` (IsaDisassembly.cpp, CISA.y's ScatterInstruction), Num_elts 1, 8 or 16 as the document encodes them, no predicate",
        reason: "the compiler's dumps are the text the project reads and writes; the mask control is Num_elts' bits 7..4, which the documents' form cannot write",
        executable: false,
    },
    Erratum {
        id: QW_GATHER_BLOCKS,
        document: "instructions/QW_GATHER.md, QW_SCATTER.md, Num_blocks and Semantics",
        says: "Num_blocks encodes 1 block only (0b00), while the Description and the loop speak of `<num_blocks> * 8` bytes per channel and index `Surface[Offset[i] + j]`, an 8-byte access at byte offset `Offset[i] + j`; IGC's assembler takes `qw_gather.<1|2|4>` and its compiler emits 1, 2 or 4 blocks (CEncoder::QWGather)",
        literal: "1 block only: `qw_gather.2` and `qw_gather.4` are invalid-instruction (the loop then runs `j = 0` alone and the index question does not arise)",
        resolved: "1, 2 or 4 blocks; block `j` of lane `i` is the qword at byte `Offset[i] + 8*j` and lands in `dst[j*exec_size+i]` (the loop's register layout)",
        reason: "the compiler emits the multi-block forms; blocks of one lane are consecutive qwords, as the SVM gather's `Addresses[i] + j*block_size`, since overlapping byte offsets cannot be the 8-byte blocks the Description counts",
        executable: true,
    },
    Erratum {
        id: TYPED_EXEC_SIZE,
        document: "instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md, TYPED_ATOMIC.md, Exec_size",
        says: "Exec_size bits 2..0 list one value, 0b011: 8 elements; the loop's `ch_start = ch_pos * max(exec_size, GRF_SIZE / 4)` only differs from `8 * ch_pos` on a 64-byte register file, and IGC 1.0.12504 writes `scatter4_typed.RGBA (M1, 16)` for pvc (xe-hpc); its translator admits a typed atomic up to the platform's native execution size (16 on pvc)",
        literal: "execution size 8 only: a 16-lane typed message is invalid-instruction on every platform",
        resolved: "execution size 8 on every platform, and 16 on the platforms with a 64-byte register file (xe-hpc, xe2), one register per channel as the loop's `max(exec_size, GRF_SIZE / 4)` gives",
        reason: "the compiler's own output for the 64-byte register file uses 16 lanes, and the loop's channel stride is written for it",
        executable: true,
    },
    Erratum {
        id: TYPED_OOB_ALPHA,
        document: "instructions/GATHER4_TYPED.md, Properties (Out-of-bound Access)",
        says: "\"On read: ones are returned in the alpha channel, zeros in the other channels\", without saying in which type the one is returned, while Dst takes UD, D or F and the surface's format fixes the conversion",
        literal: "the alpha channel of an out-of-bounds pixel reads the integer 1 (0x00000001) whatever the surface format",
        resolved: "the alpha channel reads one in the format's register type: 1.0 (0x3F800000) for FLOAT and UNORM formats, the integer 1 for UINT and SINT formats, as a channel the format lacks reads (docs/memory.md, \"Surface formats\")",
        reason: "the read returns converted values: zeros and ones are channel values in the format's type (OpenCL's border colour `(0, 0, 0, 1)` for channel orders without alpha is 1.0 for float images)",
        executable: true,
    },
    Erratum {
        id: TYPED_CONVERSION_TYPES,
        document: "instructions/SCATTER4_TYPED.md, Notes (type conversion table); GATHER4_TYPED.md, Dst",
        says: "the table pairs F with FLOAT, SNORM and UNORM formats, D with SINT and UD with UINT; Src and Dst \"must have type UD, D, F\", and nothing says what another pair (an F operand on a UINT surface) does",
        literal: "a pair outside the table's rows (the operand's type not the format's register type) makes the access undefined: execution reports undefined-behaviour",
        resolved: "the conversion follows the surface format alone: the register element's 32 bits are read as (and written in) the format's register type, UD for UINT, D for SINT, F for FLOAT and UNORM, whatever type the operand's variable is declared with",
        reason: "the hardware message carries no data type; IGC 1.0.12504 declares the payload of `write_imageui` as `type=f` (conformance/tests/dumps/igc/xe-lp/imgwrite.visaasm, V0089), so the table's rows cannot be a requirement on the operand",
        executable: true,
    },
    Erratum {
        id: TYPED_COORDINATE_TYPES,
        document: "instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md, U, V, R, LOD",
        says: "\"Restriction: type UD\" (\"Must have type UD\"), while IGC 1.0.12504 passes the coordinates of `write_imagef` in variables declared `type=d` (`scatter4_typed.RGBA (M1, 8) T6 V0050.0 V0057.0 ...` with `.decl V0050 v_type=G type=d`)",
        literal: "a coordinate operand of type D is invalid-instruction",
        resolved: "a coordinate operand of type UD or D; its elements are read as UD (the message carries raw dwords, a negative D coordinate is a large unsigned one and out of bounds)",
        reason: "the compiler's own output; the raw operand's type does not change the dwords the message sends",
        executable: true,
    },
    Erratum {
        id: TYPED_ATOMIC_OP_TABLE,
        document: "instructions/TYPED_ATOMIC.md, Semantics, Op, Src0 and Src1",
        says: "the Semantics are one line (\"word or dword atomic read-modify-write operations\"), and Src0 is used \"as src0 in ` <#anchor-484>`__ `Table 12 <#anchor-435>`__\" and Src1 \"as src1 ` <#anchor-435>`__\": anchors of a converted manual that lead nowhere, so no table of this document says what each operation computes or returns, nor which element of the pixel it reaches",
        literal: "silent: the operations' results are undefined: executing TYPED_ATOMIC reports undefined-behaviour (validation is the same under both readings)",
        resolved: "the operations, their operand roles and their loop are DWORD_ATOMIC's (the DWORD_ATOMIC_OP table, with SVM-ATOMIC-CMPXCHG-ROLES and SVM-ATOMIC-PREDEC, lanes in order, each seeing the writes of the lanes before it), applied to the R channel of the pixel `surface[u,v,r]` (TYPED-SURFACE-LAYOUT) as a raw integer of the operation's width (32 bits, 16 with `.16`; no format conversion); a surface whose format's channels are not of that width is undefined behaviour; an out-of-bounds lane writes nothing and returns zero (Properties), and the upper word of a 16-bit result's dword is undefined (SVM-ATOMIC-16BIT-WRITEBACK)",
        reason: "the Op field lists the same operations with the same encodings as DWORD_ATOMIC's, whose table the anchors pointed at in the original manual; the typed unit's atomics act on a single 32- or 16-bit channel, which the Notes' \"lower 16 bits of each dword\" describe",
        executable: true,
    },
    Erratum {
        id: TYPED_ATOMIC_OPERANDS,
        document: "instructions/TYPED_ATOMIC.md, Src0, Src1 and Dst",
        says: "Src0 is V0 \"for the INC and DEC atomic operation\" and has type D for IMIN and IMAX, UD \"for all other operations\"; Src1 is read \"for the CMPXCHG operation\" and is V0 \"for all other operations\"; Dst likewise D or UD. The Op field also lists PREDEC, FMAX, FMIN and FCMPWR, whose DWORD_ATOMIC_OP rows read no source (PREDEC), take F operands (the float operations) and read two sources (FCMPWR)",
        literal: "the rules as written: FMAX, FMIN and FCMPWR take UD operands (F is invalid-instruction), FCMPWR's Src1 is V0 (its elements read 0), PREDEC reads a UD Src0 (which its operation ignores)",
        resolved: "DWORD_ATOMIC's operand rules: no Src0 for INC, DEC and PREDEC; Src1 for CMPXCHG and FCMPWR; F for FMAX, FMIN and FCMPWR, D for IMIN and IMAX, UD for the others (and D beside UD under SVM-ATOMIC-SIGNED-TYPES); Dst, Src0 and Src1 of one type",
        reason: "the Op field is DWORD_ATOMIC's, whose operand rules are that table's rows; IGC's verifier does not check typed_atomic (visa/IsaVerification.cpp) and its translator passes whichever sources are not V0",
        executable: true,
    },
    Erratum {
        id: MEDIA_BLOCK_RANGES,
        document: "instructions/MEDIA_LD.md, MEDIA_ST.md, Plane, Block_width, Block_height, Dst, Src",
        says: "\"Valid values are [0], [3]\" (Plane) and \"[1], [64]\" (Block_width, Block_height): each range is written as two values; MEDIA_ST's Src says each row starts at \"row+id * <register_pitch>\"",
        literal: "only the two values written are valid: Plane 0 or 3, a block 1 or 64 bytes wide and 1 or 64 rows high (inside the Notes' table: 1x1, 1x64, 64x1); `row+id` names nothing, so a row's register offset stays the Semantics' `i*reg_pitch`",
        resolved: "the ranges 0 to 3, 1 to 64 and 1 to 64, with the Notes' table of register pitch and maximum height per block width (1-4 bytes: 64 rows, 5-8: 32, 9-16: 16, 17-32: 8, 33-64: 4); a row's register offset `row_id * register_pitch` as MEDIA_LD's Dst spells it",
        reason: "the appendix's syntax table gives Plane as the range [0, 3], the Notes' table lists every width from 1 to 64, and IGC's verifier (visa/IsaVerification.cpp) checks the same ranges and table; IGC 1.0.12504 writes `media_ld.nomod (32,1)`, `(32,2)` and `(16,1)`, which the literal reading refuses",
        executable: true,
    },
    Erratum {
        id: MEDIA_OUT_OF_BOUNDS,
        document: "instructions/MEDIA_LD.md, MEDIA_ST.md, X_offset, Y_offset, Properties (Out-of-bound Access)",
        says: "on read: \"implementation defined behavior based on surface format\"; on write: \"data is dropped\"; X_offset and Y_offset \"Must have type UD\", and Y_offset is called a \"byte offset\" while the Semantics index `surface[y_offset+i]` by rows",
        literal: "a MEDIA_LD whose block reaches past the surface's width or height reads nothing defined: execution reports undefined-behaviour; X and Y are unsigned",
        resolved: "X (bytes) and Y (rows) are the message's signed 32-bit offsets, and a byte of the block outside the surface reads the same byte of the nearest edge pixel: the row clamped to 0..height-1, the pixel (X divided by the format's pixel size, rounded down) to 0..width/pixel_size-1; a MEDIA_ST byte outside the surface is dropped; no format conversion either way (the block moves the surface's bytes)",
        reason: "the media block read of Intel's GPUs replicates the surface's edge pixels, as Intel's CM CPU emulation models it (intel/cm-cpu-emulation, libcm/genx_dataport.h, the media block `read`: the row clamped to the height, the last pixel of the row repeated past the width, the first before it); OpenCL's `intel_sub_group_block_read` on an image passes an `int2` coordinate, negative values included",
        executable: true,
    },
    Erratum {
        id: MEDIA_OFFSET_TYPES,
        document: "instructions/MEDIA_LD.md, MEDIA_ST.md, X_offset and Y_offset",
        says: "\"Must have type UD\", while IGC 1.0.12504 passes the X offset of `intel_sub_group_block_write` on an image in a variable declared `type=d` (`media_st.nomod (32,1) T6 0 V0070(0,0)<0;1,0> ...` with `.decl V0070 v_type=G type=d`, conformance/tests/dumps/igc/xe-lp/mblock.visaasm)",
        literal: "an X_offset or Y_offset of type D is invalid-instruction",
        resolved: "an offset of type UD or D; its 32 bits are the message's offset either way (signed, MEDIA-OUT-OF-BOUNDS)",
        reason: "the compiler's own output for OpenCL's `int2` coordinates; the message header carries the offset's dword whatever the operand's declared type",
        executable: true,
    },
    Erratum {
        id: MEDIA_FIELD_ROWS,
        document: "instructions/MEDIA_LD.md, MEDIA_ST.md, Modifiers and Notes",
        says: "top_field and bottom_field select \"only the top (bottom) field surface data\" of an interleaved surface by \"controlling the vertical line stride and vertical line stride offset\"; the Semantics loop does not use the modifiers",
        literal: "the Semantics loop as written: the block's row `i` is surface row `y_offset+i` whatever the modifier",
        resolved: "a vertical line stride of 2 with offset 0 (top) or 1 (bottom): the block's row `y_offset+i` is field row `y_offset+i`, surface row `2*(y_offset+i)` (top) or `2*(y_offset+i)+1` (bottom); the bounds (MEDIA-OUT-OF-BOUNDS) are the field's rows",
        reason: "the Notes name the stride and its offset; an interleaved surface holds its two fields on alternate rows, and the field's rows are the ones a top- or bottom-field read covers",
        executable: true,
    },
    Erratum {
        id: TYPED_SURFACE_LAYOUT,
        document: "instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md, Surface, U, V, R, LOD",
        says: "the surface \"must be a 1D, 2D, or 3D surface\" and `surface[u,v,r]` is \"one pixel\", but no document gives where a pixel lies, the bounds, arrays or what LOD selects",
        literal: "silent: the pixel's place and the bounds are undefined",
        resolved: "LSC-TYPED-SURFACE's layout with the format's pixel size: pixel (U, V, R) lies at `base + R*pitch*height + V*pitch + U*pixel_size`; it is inside when `(U+1)*pixel_size <= width` (bytes), `V < height` and `R < depth` (0 read as 1), and LOD is 0 (the model holds one level); a 1D array takes its index in V, a 2D array in R; a surface without a format is undefined behaviour",
        reason: "one layout for the typed surfaces of both message families; OpenCL's arrays are laid out as the next dimension",
        executable: false,
    },
    Erratum {
        id: LSC_STRIDED_ADDR,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_STRIDED)",
        says: "`addr = AddrScale*(Base + offset + Src0Addrs) + n*Src0AddrPitch + AddrImmOffset`: the scale multiplies Base, `offset` is never defined and `Src0Addrs` has no lane index; the 2024 rewrite of the other loops to `Base + AddrScale*Src0Addrs[n] + AddrImmOffset` left this one",
        literal: "`offset` read as 0 and Src0Addrs as the one address Src0AddrBase: lane n reads at `AddrScale*(Base + Src0AddrBase) + n*Src0AddrPitch + AddrImmOffset` (a stateful access lands `(AddrScale-1)*Base` further into its surface; flat, arg and SLM accesses do not differ)",
        resolved: "lane n reads at `Base + AddrScale*Src0AddrBase + AddrImmOffset + n*Src0AddrPitch`, element v `v*sizeof(DataSize)` after it; the pitch defaults to `vect_size*sizeof(DataSize)` (a packed block)",
        reason: "the formula of every other loop of the same document; a byte-address Base is never scaled",
        executable: true,
    },
    Erratum {
        id: LSC_STORE_STRIDED_V,
        document: "instructions/LSC_UNTYPED.md, Semantics (STORE_STRIDED)",
        says: "`pitch = v*DataSize` uses `v` before the loop defines it, and the address `Base + AddrScale*Src0Addrs[n] + n*Src0AddrPitch + AddrImmOffset` takes both a per-lane address and a per-lane pitch",
        literal: "with the pitch omitted the store is undefined behaviour (its default reads an undefined `v`); with a pitch, each enabled lane n stores at its own `Src0Addrs[n]` (the register's n-th address) plus `n*Src0AddrPitch`; an enabled lane whose `Src0Addrs[n]` lies past the address variable is undefined behaviour on `src0`",
        resolved: "as LOAD_STRIDED resolved (LSC-STRIDED-ADDR): one base address Src0AddrBase, lane n at `n*Src0AddrPitch` after it, the default pitch `vect_size*sizeof(DataSize)`",
        reason: "the comment says the default pitch makes a packed block, which is `vect_size*sizeof(DataSize)`; the Format gives a strided store one Src0AddrBase",
        executable: true,
    },
    Erratum {
        id: LSC_ATOMIC_OPERANDS,
        document: "instructions/LSC_UNTYPED.md, Src1Data and Src2Data, Examples (lsc_atomic_icas)",
        says: "gives no pseudocode for the atomics; Src1Data holds 'the first argument', and only the icas example's comment says the new value (the second operand) is stored when the first equals memory",
        literal: "the first argument of a compare-and-swap taken as the value to store and the second as the value to compare (Src1Data new, Src2Data compare)",
        resolved: "icas and fcas compare memory with Src1Data and store Src2Data when equal (the Examples' comment); the two-operand atomics compute `old OP Src1Data` (isub: `old - Src1Data`)",
        reason: "the example comment is the only statement of the roles",
        executable: true,
    },
    Erratum {
        id: LSC_ATOMIC_ORDER,
        document: "instructions/LSC_UNTYPED.md, Description (atomics are gather/scatter operations)",
        says: "defines no order among the lanes of one atomic message, nor the result of lanes that reach one address",
        literal: "(silent)",
        resolved: "each lane's operation is atomic; where several lanes reach one address the values they return are undefined (`??`, except lsc_atomic_load's) and the value left is undefined unless the operation commutes (iinc idec iadd isub smin smax umin umax and or xor); an address not aligned to the data size is undefined behaviour",
        reason: "every order of the lanes is a conforming execution; vectors assert only what all orders agree on",
        executable: false,
    },
    Erratum {
        id: LSC_ATOMIC_FLOAT,
        document: "instructions/LSC_UNTYPED.md, LscSubOp table (fadd fsub fmin fmax fcas)",
        says: "names the float atomics without rounding, denormal or NaN rules",
        literal: "(silent)",
        resolved: "fadd and fsub round to nearest even and keep denormals (fsub adds Src1Data with its sign bit flipped; a NaN operand propagates quieted, memory's first); fmin and fmax return the other operand when one is a NaN, the default NaN when both are, and order -0 below +0; fcas compares as floats (+0 equals -0, a NaN equals nothing)",
        reason: "IEEE 754 addition and minNum/maxNum, the behaviour of the hardware's float atomics; the default float mode of the register file does not reach memory atomics",
        executable: false,
    },
    Erratum {
        id: BLOCK2D_MINUS_ONE,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_BLOCK2D)",
        says: "the comment on `const int B = Blocks, H = BlockHeight, W = BlockWidth` calls the values -1-encoded, while the loops use them as counts and the text writes counts (`d8.2x16x32nn` is two blocks)",
        literal: "the operands are one less than the counts: the loops run Blocks+1 blocks of (BlockWidth+1) x (BlockHeight+1) elements (undefined behaviour where that passes the register variable)",
        resolved: "Blocks, BlockWidth and BlockHeight are counts as written; only the hardware payload subtracts one",
        reason: "the Text and Examples write counts (two blocks, `1x` optional); vISA's finalizer subtracts one when it builds the message",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_TEXT_SWAP,
        document: "instructions/LSC_UNTYPED.md, Examples (lsc_load_block2d)",
        says: "the example comments read `d8.2x16x32nn` as height 16 and width 32, and `d16.1x32x16tn` as height 64 and width 16, while the Text form is `DataSize . Blocks x BlockWidth x BlockHeight`",
        literal: "the comment's order: the first count after Blocks is the height, the second the width",
        resolved: "the Text form's order: `Blocks x BlockWidth x BlockHeight` (2x16x32: two blocks 16 wide and 32 high)",
        reason: "the Text grammar is the normative form and vISA's parser reads that order",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_SURFACE_MINUS_ONE,
        document: "instructions/LSC_UNTYPED.md, SurfaceWidth, SurfaceHeight, SurfacePitch",
        says: "SurfaceWidth and SurfaceHeight are 'minus 1' (the height 'in bytes'), SurfacePitch is 'pitch (in bytes)' without the minus one",
        literal: "the pitch is the operand itself; width and height are the operands plus one",
        resolved: "all three are minus-one encoded (width = SurfaceWidth+1 bytes, height = SurfaceHeight+1 rows, pitch = SurfacePitch+1 bytes), the height counted in rows",
        reason: "the hardware payload fields are width, height and pitch minus one and vISA copies the operand into the pitch field unchanged; a height in bytes means nothing for rows of elements",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_ROW_Y,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_BLOCK2D, load_elem)",
        says: "`row = SurfaceBaseAddr + y*SurfacePitch` never adds the block's Y (the `block_start` that does is computed and unused)",
        literal: "row y of every block is surface row y: Y is ignored",
        resolved: "row y of the block is surface row `Y + y` (Y with its immediate offset)",
        reason: "Src0AddrY is described as the tile's base Y position; `block_start` shows the intent",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_STORE_INDEX,
        document: "instructions/LSC_UNTYPED.md, Semantics (STORE_BLOCK2D)",
        says: "`(SurfaceBaseAddr+(Src0AddrY+(n*SurfacePitch)+Src0AddrX)).elems[v] = Src1Data.elems[(v*reg_pitch)+n]` with `reg_pitch = round_up_pow2(BlockHeight)`: registers read column-major, X and Y added as bytes, Y not scaled by the pitch, no bounds",
        literal: "that loop as written (undefined behaviour where the index passes Src1Data's variable)",
        resolved: "the inverse of the plain load: `Src1Data[n*round_up_pow2(BlockWidth) + v]` goes to surface row `Y + n`, element `X + v` (`(X+v)*sizeof(DataSize)` bytes into the row); elements outside the surface are dropped",
        reason: "the comment says the store is the load with stores instead of loads; the load's register layout is row-major",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_OUT_OF_BOUNDS,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_BLOCK2D, STORE_BLOCK2D)",
        says: "gives the surface width and height but no clamp: elements outside the surface are not mentioned",
        literal: "(silent)",
        resolved: "an element whose row is outside 0..=SurfaceHeight or whose bytes pass the surface width (or whose X is negative) loads as zero, and a store to it is dropped (an element only partly past the width: BLOCK2D-STRADDLE)",
        reason: "the bounds-checked behaviour of the block 2D messages on the hardware; it makes edge tiles safe",
        executable: false,
    },
    Erratum {
        id: BLOCK2D_STRADDLE,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_BLOCK2D load_elem, STORE_BLOCK2D), Description (SurfaceWidth)",
        says: "gives the surface width in bytes and moves whole DataSize elements, but says nothing of an element whose first byte is inside the width and whose last is past it (a d64 element where the width is 4 modulo 8; d16 to d64 elements on a 1- or 2-byte-wide surface)",
        literal: "element-first, as Intel's ESIMD host emulation reads the block: an element whose first byte is inside the width is moved whole (a load reads the bytes past the width from the pitch gap, a store writes them there)",
        resolved: "BLOCK2D-OUT-OF-BOUNDS by bytes: an element any of whose bytes pass the width loads as zero and its store is dropped; the vectors accept either reading for such an element (an `any_of` set, tagged `block2d-straddle`)",
        reason: "the documents leave the straddling element open and the two implementations Intel publishes disagree (the hardware bounds check by bytes, the emulation by the element's start), so a vector may not pin one",
        executable: true,
    },
    Erratum {
        id: BLOCK2D_LIMITS,
        document: "instructions/LSC_UNTYPED.md, Format (block2d CONDITION), Description (Blocks, BlockWidth, BlockHeight, SurfaceWidth, SurfaceHeight, SurfacePitch)",
        says: "bounds the shape only by the register operand (1, 2 or 4 blocks, up to 32 rows, Blocks*BlockWidth*sizeof(DataSize) up to 64 bytes, transpose on d32 and d64, VNNI on d8 and d16) and gives the surface fields no range or alignment",
        literal: "the documents' limits: any such shape validates and any surface executes",
        resolved: "Intel's published limits as well (intel/llvm, sycl/include/sycl/ext/intel/experimental/esimd/memory.hpp, detail::check_lsc_block_2d_restrictions): BlockWidth*sizeof(DataSize) a multiple of 4; a store of one block at most 8 rows high; a plain load of 1 to 4 (d8, d16), 1 or 2 (d32) or 1 (d64) blocks; VNNI at most 16 wide and 1, 2 or 4 blocks; transposed d32 at most 8 wide, transposed d64 exactly 8 high and 1, 2 or 4 wide; other shapes are invalid instructions. The surface (oneapi-src/oneDNN, src/gpu/jit/ir/block_2d_utils.hpp, block_2d_width_ok, block_2d_height_ok, block_2d_pitch_ok, block_2d_base_alignment): width 64 to 2^24 bytes and a multiple of max(4, sizeof(DataSize)), height at most 2^24 rows, pitch 64 to 2^24 bytes, a multiple of 16, base 64-byte aligned; any other surface is undefined behaviour; the same limits on xe-hpc and xe2",
        reason: "the limits Intel's own API and code generator enforce are what any implementation built on them accepts; a shape the documents allow stays executable under the literal reading",
        executable: true,
    },
    Erratum {
        id: FENCE_DESCRIPTION,
        document: "instructions/FENCE.md, Description",
        says: "\"Performs scattered write into <surface>, using the values from <src>\": another message's description; FENCE has no surface and no source, only its Mask",
        literal: "nothing executable: the instruction has no <surface> or <src> to write",
        resolved: "a fence as the Semantics (\"Memory fence\") and the Mask's bits say: it flushes caches and makes the thread's accesses observable (bit 0), for shared local memory only (bit 5) or as a scheduling barrier only (bit 7); the model's accesses are observable when each instruction ends, so it changes no state (it orders memory for the race detector)",
        reason: "the Description is a copy of SCATTER's; the Semantics line and the Mask field describe a fence",
        executable: false,
    },
    Erratum {
        id: SBARRIER_NBARRIER_DIVERGENCE,
        document: "instructions/SBARRIER.md and NBARRIER.md, Description",
        says: "BARRIER.md: \"The behavior is undefined if this instruction is executed in divergent control flow\"; SBARRIER.md and NBARRIER.md, the split and the named forms of the same gateway barrier, say nothing of divergence",
        literal: "a signal and a wait are the thread's, whatever its channels: they run in divergent control flow as in uniform control flow",
        resolved: "as BARRIER: a `barrier-divergence` error when some channel of the thread neither executes the signal or the wait nor has left the kernel (channels the dispatch did not enable are not divergent)",
        reason: "the hardware thread signals the barrier once for all its channels, so a signal in divergent control flow stands for channels that branched away and will signal again, or never: the hazard BARRIER.md names; IGC emits the three only in uniform control flow (`barrier()` and sub-group named barriers must be reached by every work-item)",
        executable: true,
    },
    Erratum {
        id: NBARRIER_ID_TYPE,
        document: "instructions/NBARRIER.md, Id",
        says: "Id must have type UB; IGC's vector compiler (1.0.12504, ESIMD's and XeTLA's backend) writes a named-barrier wait on an immediate of type B (`nbarrier.wait 0x0:b`), and IGC's visa/IsaVerification.cpp checks no operand of NBARRIER",
        literal: "an Id of type B is invalid-instruction",
        resolved: "an Id of type B names the same barrier as the UB of the same byte: an immediate's value must still be 0 to 31 (a negative one is invalid-instruction), a variable's byte is read as UB",
        reason: "the Id is one byte in the encoding, whatever its type says, and the compiler that writes the kernels using named barriers most writes it as B",
        executable: true,
    },
    Erratum {
        id: LSC_FENCE_SYSREL,
        document: "instructions/LSC_FENCE.md, LscScope and Examples",
        says: "the LSC_SCOPE table names scope 0x5 `system`, while the Examples write `lsc_fence.ugm.clean.sysrel`",
        literal: "`system` only",
        resolved: "both spellings name scope 0x5 (`.sysrel` is vISA's parser's)",
        reason: "a fence has no effect on one thread's state, so the readings differ only in what validates",
        executable: false,
    },
    Erratum {
        id: LSC_TYPED_SURFACE,
        document: "instructions/LSC_TYPED.md, Semantics and Description; 3_execution_model.md",
        says: "the quad forms compute their address from \"the surface state\" and the U, V, R and LOD coordinates and require the data type to match the surface state, but no document lays the surface state out (pixel size, pitch, slices, mip levels) or says what an access outside the surface does",
        literal: "(silent)",
        resolved: "a typed surface has width (bytes), height (rows), depth (slices, 0 read as 1), pitch (bytes) and SURF_STATEpixel_size (the block 2D loop's name); pixel (U, V, R) of LOD 0 is at `Base + R*pitch*height + V*pitch + U*pixel_size`, channel v (X, Y, Z, W) `v*sizeof(DataSize)` into it; U, V, R, LOD are unsigned AddrSize values; a pixel with `U*pixel_size + pixel_size > width`, `V >= height`, `R >= depth` or LOD other than 0 is out of bounds: a load reads zero in every channel, a store drops it; an enabled channel past the pixel, a surface without pixel_size, or a missing surface is undefined behaviour",
        reason: "the linear layout of a typed surface and the bounds-checked typed access of the hardware (zero on out-of-bounds reads, dropped writes), the same rule as LSC-SURFACE-BOUNDS; one mip level is all a vector's surface describes",
        executable: false,
    },
    Erratum {
        id: LSC_TYPED_TEXT,
        document: "instructions/LSC_TYPED.md, Semantics, LscSubOp table, Examples",
        says: "atomics and lsc_store_uncompressed are \"identical in behavior to LSC_UNTYPED with a scale of 1 and immediate offset of 0\" and the Text form gives atomics one address `[Src0AddrsU]`, but the Example writes `lsc_atomic_inc.tgm V14:d32 bti(0x0)[V12,V13]:a64` (two coordinates and a sub-op that is not in the table, lsc_atomic_iinc); the table names lsc_store_uncompressed \"load address status bitset\" (lsc_load_status's name); the block 2D example says \"height 64 bytes and height 2 bytes\"",
        literal: "as resolved: the Semantics sentence and the Text form agree",
        resolved: "a typed atomic or lsc_store_uncompressed takes one address `[U]` with no scale or offset and runs as LSC_UNTYPED's with scale 1 and offset 0 (the address a byte offset from the surface's Base, bounded by its size); the Example's two-coordinate atomic and `lsc_atomic_inc` do not validate",
        reason: "the Semantics and the Text form are the normative parts; the Examples and the table's name column carry copy errors",
        executable: false,
    },
    Erratum {
        id: LSC_TYPED_BLOCK2D,
        document: "instructions/LSC_TYPED.md, Semantics (LOAD_BLOCK2D, STORE_BLOCK2D), Description (Typed 2D Block messages), BlockWidth, Src0AddrX, Src0AddrY, DstData",
        says: "the loops address `2D_TILER(SURF_STATE_TABLE[bsso|bti+btp], u, v)` as `SURF_STATEDATA_TYPE` and run `v` to `BlockWidth/(SURF_STATEpixel_size)`, none of which any document defines, and the tiler is not given the block's X and Y; the Description takes the surface's width, height, pitch and format from the surface state and the block's X, Y, width and height from the message; BlockWidth and Src0AddrX are in bytes, and Src0AddrY is 'in bytes' too; nothing says what an element outside the surface does or what DstData holds past each row's pixels",
        literal: "(undefined: the address function, the pixel size and the data type have no definition)",
        resolved: "the surface state is LSC-TYPED-SURFACE's: width in bytes, height in rows (0 read as 1), pitch in bytes, each the value itself (not minus one, unlike the untyped block 2D operands, BLOCK2D-SURFACE-MINUS-ONE), SURF_STATEpixel_size its pixel_size in bytes and SURF_STATEDATA_TYPE a pixel_size-byte element copied unconverted; BlockWidth counts bytes and each row moves `BlockWidth/pixel_size` whole pixels (a remainder is not moved); `2D_TILER(S, u, v)` is the pixel at `Base + (Y + u)*pitch + X + v*pixel_size`, X (Src0AddrX) a signed byte offset, Y (Src0AddrY) a signed row; a pixel whose row is outside `0..height` or whose bytes leave `0..width` is out of bounds: a load reads zeros, a store drops it (as BLOCK2D-OUT-OF-BOUNDS); a load leaves the bytes of DstData's `BlockHeight*reg_pitch` span that the loop does not write undefined; no surface at the index or one without pixel_size is undefined behaviour",
        reason: "the Description's typed 2D block (the block from the message, the surface from its state) over the typed surface model of the quad forms; a Y in bytes means nothing for rows; the hardware bounds-checks typed surfaces; unlike LSC_UNTYPED's LOAD_BLOCK2D the loop writes no padding",
        executable: false,
    },
    Erratum {
        id: LSC_TYPED_BLOCK2D_INDEX,
        document: "instructions/LSC_TYPED.md, Semantics (LOAD_BLOCK2D, STORE_BLOCK2D), DstData, Src1Data, Notes",
        says: "`dest[u*reg_pitch + v]` and `Src1Data[u*reg_pitch + v]` index the registers in `SURF_STATEDATA_TYPE` elements with `reg_pitch` from BlockWidth in bytes, while DstData and Src1Data start row `row_id` at `row_id*register_pitch` bytes and the Notes give the register pitch in bytes",
        literal: "the index counts pixel_size-byte elements: pixel v of row u is at register byte `(u*reg_pitch + v)*pixel_size` (undefined behaviour where that passes the variable)",
        resolved: "row u starts at register byte `u*reg_pitch` and pixel v lies `v*pixel_size` bytes into it (BlockWidth bytes a row)",
        reason: "the operand descriptions and the Notes' table of register pitches are in bytes; the two readings agree for 1-byte pixels",
        executable: true,
    },
    Erratum {
        id: LSC_TYPED_BLOCK2D_TEXT,
        document: "instructions/LSC_TYPED.md, Format (second CONDITION), Text, Examples, BlockWidth, Notes",
        says: "the Text form of lsc_load_block2d writes `.SFID` and the untyped operands `[SurfaceBase, SurfaceWidth, SurfaceHeight, SurfacePitch, Src0AddrX, Src0AddrY]`, which the typed Format table does not have, the store `[Src0AddrX, Src0AddrY]`, and the Example `lsc_load_block2d.tgm VDATA:64x2 bti(0x0)[OFF_X,OFF_Y]`; BlockWidth's range is 1 to 64 while the Notes' table stops at 63; no platform is named",
        literal: "the load's six address operands; widths up to 63 bytes",
        resolved: "`lsc_load_block2d.tgm[.L1[.L3]] [(M1_NM, 1)] DstData:WxH AddrType(Surface)[X, Y]` and `lsc_store_block2d.tgm ... AddrType(Surface)[X, Y] Src1Data:WxH`: W bytes, H rows, no data size, scale or immediate offset, AddrType bti, bss or ss, SIMD1 without predicate; the Notes' table with 64 in its last row (widths 1-4: up to 64 rows, 5-8: 32, 9-16: 16, 17-32: 8, 33-64: 4; `H*reg_pitch` at most 256 bytes); xe-hpc and xe2, as the untyped block 2D messages",
        reason: "the Format table has only Surface, Src0AddrX and Src0AddrY for the block forms and the Example writes them; the Example's 64x2 and BlockWidth's range include 64",
        executable: false,
    },
    Erratum {
        id: LSC_TYPED_SURFACE_INFO,
        document: "instructions/LSC_TYPED.md, Format (first CONDITION), LscSubOp table (0x1E), Semantics, Text",
        says: "lsc_read_surface_info is one of the sub-ops the first Format table applies to and the LscSubOp table gives it code 0x1E, described only by its name (load surface information), but the Semantics have no case for it, the Text section has no form for it, and no document says which surface fields it returns or how they are laid out in DstData",
        literal: "(silent: no Text form and no semantics); the alternative reading rejects the mnemonic as an invalid instruction, or reads its operands otherwise (for example a surface with no coordinates)",
        resolved: "the line is read as the typed load form the first Format table shares, `lsc_read_surface_info.tgm DstData:SHAPE AddrType(Surface)[U, V, R, LOD]:AddrSize`, and validated fully as lsc_load_status is (unit `.tgm` only, typed execution sizes, surface address types, coordinates); a valid line then reports unsupported, since what DstData receives is not documented",
        reason: "the sub-op is listed with the first Format table's operands, so its operands follow that table and the LSC_UNTYPED operand rules; without a result layout no state change can be asserted, and unsupported says so where rejecting a documented sub-op would not",
        executable: false,
    },
    Erratum {
        id: LSC_LOAD_STATUS_TRTT,
        document: "instructions/LSC_UNTYPED.md, Semantics (LOAD_STATUS); LSC_TYPED.md, LscSubOp table",
        says: "lane n's status bit is cleared when `IsTRTT_VALID_PAGE(addr.elems[v])` fails for an element address, a function no document defines (the tiled-resource translation table)",
        literal: "calling the undefined IsTRTT_VALID_PAGE is undefined behaviour: any enabled lane stops the instruction with undefined-behaviour",
        resolved: "the memory model has no tiled-resource translation table, so every page is valid: bit n of DstData's first 32-bit word is ChEn[n] (lanes at or past ExecSize zero), the rest of DstData keeps its bytes",
        reason: "memory without tiled resources is fully resident; the loop's own `s = 1` start and `MsgChEn[n] & s` give the enabled lanes",
        executable: true,
    },
    Erratum {
        id: LSC_APNDCTR_COUNTER,
        document: "instructions/LSC_UNTYPED.md, Semantics (AppendCounterAtomicAdd, AppendCounterAtomicSub), LscSubOp table",
        says: "the counter is `(ctr_address).data_size[0]` at `SURFACE_STATE[state_offset].Aux_surface_address`, without saying what the surface state holds, how wide the counter is, or what it does on overflow; the table has add (0x28) and sub (0x29) but no lsc_apndctr_atomic_store, which vISA's code accepts",
        literal: "(silent)",
        resolved: "a surface's `aux` field (init.surfaces) is Aux_surface_address, the flat address of a d32 counter (0: no counter, undefined behaviour); enabled lanes in order take the old value into DstData and add or subtract their Src0Data word modulo 2^32; a counter with undefined bytes makes every old value and the final counter undefined; lsc_apndctr_atomic_store has no semantics in the documents and reports unsupported",
        reason: "the Examples write `VDATA:d32`; the loop is sequential in n; a 32-bit counter wraps",
        executable: false,
    },
    Erratum {
        id: LSC_PAYLOAD_EXTENT,
        document: "instructions/LSC_UNTYPED.md, Semantics (`DstData[v].elems[n]`) and DstData/Src1Data; 5_operands.md, Raw Operands",
        says: "a non-transposed data operand is DataElemsPerAddr GRF-aligned blocks of ExecSize data each, without saying whether the operand must hold the last block's padding; 5_operands.md makes only an access past the variable undefined",
        literal: "the operand spans every block whole: a SIMD1 d32 load or store needs a variable of a whole GRF (32 or 64 bytes), and a smaller one is invalid-instruction (`the operand spans 64`)",
        resolved: "the operand must hold the bytes the instruction reads or writes: the blocks before the last whole, the last one up to its ExecSize-th datum (a SIMD1 d32 in a 4-byte variable); the padding is neither read nor written",
        reason: "the Semantics loop touches no padding, and 5_operands.md bounds a raw operand by the elements it accesses; IGC writes SIMD1 LSC messages on one-element variables",
        executable: true,
    },
    Erratum {
        id: PREDEFINED_MSG0,
        document: "4_visa_header.md, table of pre-defined variables (V0-V19; V20-V31 reserved)",
        says: "the table lists V0 to V19 and reserves V20 to V31; IGC's assembler and its dumps also name `%msg0`, three UD elements (PreDefinedVars, MSG0), in the place of a reserved variable",
        literal: "`%msg0` is no variable: an instruction naming it is invalid-instruction",
        resolved: "`%msg0` is a pre-defined general variable of three UD elements, read and written like any other, its contents undefined at kernel start like %arg's (the machine state starts it from the case's init, zero otherwise)",
        reason: "IGC writes `%msg0` in the dumps it prints and reads them back; the documents reserve the numbers it takes without saying what they hold",
        executable: true,
    },
    Erratum {
        id: PREDEFINED_R0_GRF,
        document: "4_visa_header.md, table of pre-defined variables (V7, %r0)",
        says: "%r0 is eight UD elements, the R0 thread payload header, on every platform; on the platforms with 64-byte GRF registers IGC declares 16-element D variables aliased to `%r0` at offset 0 in every kernel it writes",
        literal: "%r0 is eight UD elements everywhere: an alias of more than 32 bytes of it is invalid-instruction",
        resolved: "%r0 is one whole GRF register: eight UD elements where the GRF is 32 bytes (xe-lp, xe-hpg), sixteen where it is 64 (xe-hpc, xe2); the bytes past the header are read like the rest of %r0 (from the case's init, zero otherwise)",
        reason: "the table was written for 32-byte registers, where the two agree; IGC's verifier and its dumps take %r0 as the register r0",
        executable: true,
    },
    Erratum {
        id: LSC_SLM_CACHING,
        document: "instructions/LSC_UNTYPED.md, CachingL1 and CachingL3",
        says: "the caching controls must be the default (`.df`) for SLM accesses; IGC writes `lsc_load.slm.ca.ca` and `lsc_store.slm.wb.wb` in its dumps",
        literal: "an SLM access with any caching pair but `.df.df` is invalid-instruction",
        resolved: "an SLM access takes any caching pair the CachingL1 table allows for the operation; the pair has no effect on shared local memory, which no cache holds",
        reason: "the documents give no meaning to caching on SLM, so the two readings differ only in what they reject; IGC writes the pairs of its global accesses on SLM too",
        executable: true,
    },
    Erratum {
        id: SLM_ADDRESS_HIGH_BITS,
        document: "instructions/LSC_UNTYPED.md, LSC_ATOMIC.md (SFID `.slm`, `Base` of a flat address) and the legacy dataport messages on the SLM surface (T0, GATHER_SCALED.md, SCATTER_SCALED.md, OWORD_LD.md, DWORD_ATOMIC.md and the others)",
        says: "an SLM access addresses shared local memory from 0 with the 32-bit address it computes; the documents do not say which bits of that address select a byte. IGC ORs 0x10000000 into every SLM pointer that may be compared with null (PrivateMemoryToSLM.hpp's VALID_LOCAL_HIGH_BITS, InlineLocalsResolution.cpp) and accesses SLM through the tagged address",
        literal: "the address as computed selects the byte: a tagged address lies 256 MiB past the work-group's shared local memory, out of bounds (undefined behaviour in a launch)",
        resolved: "bits 28 and above of an SLM address (the high nibble of the 32-bit address) do not take part: an access at 0x10000004 reaches SLM byte 4. Stateless (flat, A64, SVM) and surface accesses are unchanged",
        reason: "no work-group has 256 MiB of shared local memory, so the two readings differ only for tagged addresses; IGC's OpenCL kernels rely on the hardware ignoring the tag (its null test needs a non-zero pointer at SLM offset 0)",
        executable: true,
    },
    Erratum {
        id: SVM_ATOMIC_SIGNED_TYPES,
        document: "instructions/SVM_ATOMIC.md, DWORD_ATOMIC.md, Notes (operand types)",
        says: "operations other than IMIN, IMAX, FMAX, FMIN and FCMPWR take type UD (UQ for 64-bit atomics); IGC writes `svm_atomic.add` on D operands for OpenCL's signed atomic_add",
        literal: "a D or Q operand of ADD, SUB, INC, DEC, PREDEC, MIN, MAX, XCHG, CMPXCHG, AND, OR or XOR is invalid-instruction",
        resolved: "those operations also take D (Q for 64-bit atomics): each acts on the operand's bits exactly as on UD (UQ), so the type changes nothing but what the text names",
        reason: "wrapping addition, subtraction, the bitwise operations, exchange and compare-exchange give the same bits for either signedness, and MIN and MAX are unsigned by the operation itself; IGC's own output uses the signed type",
        executable: true,
    },
    Erratum {
        id: SVM_BYTE_BLOCKS_EXEC_SIZE,
        document: "instructions/SVM_GATHER.md, SVM_SCATTER.md, Notes",
        says: "'When num_blocks > 1, exec_size must >= 8'; IGC 1.0.12504 writes `svm_scatter.1.4 (M1, 1)` for xe-lp (a uniform store of four bytes at a byte-aligned address), and its visa/IsaVerification.cpp and finalizer (TranslateSendLdStLegacy.cpp, which rounds the message up to SIMD8) accept it",
        literal: "more than one block at an execution size below 8 is invalid-instruction",
        resolved: "with 1-byte blocks, 2 or 4 blocks are valid at any execution size: channel i's bytes are src[i*4+j] (dst[i*4+j]) as the Semantics' 1-byte loop says, which is also the message's layout (one dword per channel); with 4- or 8-byte blocks the Note stands",
        reason: "for 1-byte blocks the Semantics and the message agree at every execution size, and IGC's own output uses it; for 4- and 8-byte blocks the loop's src[j*exec_size+i] and the message's register per block (src[j*8+i]) differ below SIMD8, so the Note keeps them out",
        executable: true,
    },
    Erratum {
        id: SVM_BLOCK_ST_EXTENT,
        document: "instructions/SVM_BLOCK_ST.md, Semantics and Src; 5_operands.md, Raw Operands",
        says: "the loop stores `src[i]` for every one of num_owords OWords; IGC's stack-call code on xe-lp stores one OWord from an 8-byte variable (`svm_block_st (1) V(0,0)<0;1,0> W.0` with W a single UQ)",
        literal: "the source variable must hold num_owords x 16 bytes from its offset: a smaller one is invalid-instruction",
        resolved: "the source needs only to start inside its variable; the bytes of the block past the variable's end are undefined, and so are the memory bytes they are stored to",
        reason: "5_operands.md makes an access past a variable undefined rather than invalid, and IGC writes the form; the finalizer sends the whole register, whose other bytes no variable defines",
        executable: true,
    },
    Erratum {
        id: "IGC-SPELLINGS",
        document: "instructions/LSC_UNTYPED.md, DataSize (5: d8u32, 6: d16u32, 7: d16u32h) and Text; instructions/SVM_ATOMIC.md, Op (imin, imax); 8_appendix_visa_assembly_syntax.md, atomic_op",
        says: "the converting data sizes are written `d8u32`, `d16u32` and `d16u32h`, and SVM_ATOMIC's signed minimum and maximum `imin` and `imax`; IGC prints `d8c32`, `d16c32`, `d16c32h`, `minsint` and `maxsint`, and its assembler reads both",
        literal: "only the documents' spellings parse",
        resolved: "both spellings parse to the same data size or operation; `fmt` prints the documents' spelling",
        reason: "the project reads every program IGC writes; each pair of spellings names one encoding",
        executable: false,
    },
    Erratum {
        id: "CF-SCALAR-NOMASK",
        document: "instructions/CALL.md, RET.md, FCALL.md, FRET.md, IFCALL.md, Description and Notes",
        says: "scalar (execution size 1) calls and returns must be marked {NoMask}; IGC writes them as `(M1, 1)`, and with M1 EvaluateChEn would let channel 0's execution-mask bit decide a uniform transfer",
        literal: "a scalar CALL, RET, FCALL, FRET or IFCALL without NoMask is invalid-instruction",
        resolved: "accepted: every execution-size-1 control-flow instruction (GOTO, JMP, CALL, RET, FCALL, IFCALL, FRET) decides with its predicate alone, as if NoMask; the mask control only selects the predicate element",
        reason: "the documents call these transfers uniform, and IGC's own output writes them without NoMask",
        executable: true,
    },
    Erratum {
        id: "CF-SCALAR-PRED-BIT",
        document: "instructions/GOTO.md, JMP.md, Notes; 5_operands.md, EvaluateChEn",
        says: "GOTO with execution size 1 decides with the predicate but does not say which element; JMP's Notes say the first element; EvaluateChEn reads Pred[n + mask_control_offset]",
        literal: "element 0 of the predicate variable, whatever the mask control",
        resolved: "the element at the mask control's offset (EvaluateChEn with n = 0), which is element 0 under M1",
        reason: "3_execution_model.md says the mask controls also select the predicate offset; the two readings agree under M1, which is what IGC writes",
        executable: true,
    },
    Erratum {
        id: "CF-ANY-ALL-WIDTH",
        document: "5_operands.md, EvaluateChEn (pred_control.any / .all)",
        says: "the any/all reduction covers PMask[0:exec_size-1]; for an execution-size-1 branch that is one bit, while compilers write `(P.any)` on uniform branches to mean any executing channel",
        literal: "the reduction covers exec_size elements from the mask offset (one element for a scalar branch)",
        resolved: "for execution-size-1 control flow, the reduction covers the predicate elements of every active channel (any: some active channel's bit is set; all: every active channel's bit is); other instructions reduce over exec_size elements as written",
        reason: "a uniform branch on any/all of a predicate computed per channel is what the reduction is for; over one bit it would be the plain predicate",
        executable: true,
    },
    Erratum {
        id: "CF-SCALAR-CALL-MASK",
        document: "instructions/CALL.md, FCALL.md, IFCALL.md, Description; 3_execution_model.md, Subroutine and Function Calls",
        says: "a scalar call initializes the call mask to all ones at entry, while the execution model initializes it to the active channels at the call site",
        literal: "the callee runs with all 32 channels in its call and execution masks",
        resolved: "the callee runs with the channels active at the call (a scalar call moves every active channel together)",
        reason: "channels that were not executing (waiting at a label, retired, outside the dispatch) cannot start executing because of a uniform call",
        executable: true,
    },
    Erratum {
        id: FCCALL_CALL_ALIAS,
        document: "instructions/FCCALL.md, Opcode, Semantics and Label",
        says: "FCCALL is CALL's opcode 0x33 under another name, its label a kernel label that must be absent from the compilation unit and that an FC linker resolves later; what the call does is CALL's, and nothing says what a unit that defines the label, or an FCCALL no linker resolved, does",
        literal: "a label defined in the FCCALL's own kernel or function is invalid-instruction (field label); an FCCALL whose label no linker resolved is unsupported when it executes",
        resolved: "FCCALL is CALL: a label the unit defines (as the FC linker leaves it, a subroutine label) is called as CALL calls it; an FCCALL whose label is not in the program is unsupported when it executes (field label), and one that never executes does not stop the program",
        reason: "one opcode cannot give two behaviours to the same encoded instruction; once linked, the call is a CALL to a subroutine label of the unit",
        executable: true,
    },
    Erratum {
        id: "CF-PARTIAL-CHANNELS",
        document: "3_execution_model.md, Branch Instructions; instructions/GOTO.md, CALL.md, RET.md",
        says: "a branch, call or return whose mask control and execution size cover only some of the active channels (M5 with SIMD8, or SIMD8 in a SIMD16 dispatch) is not described",
        literal: "undefined: such an instruction ends execution with undefined-behaviour",
        resolved: "the instruction acts on the channels it covers; the active channels outside them go on to the next instruction (a GOTO or RET of one group leaves the other groups executing)",
        reason: "this is how the execution mask treats every other instruction: channels outside the instruction are untouched",
        executable: true,
    },
    Erratum {
        id: "CF-NOMASK-DIVERGENT",
        document: "5_operands.md, EvaluateChEn; instructions/GOTO.md, CALL.md, RET.md",
        says: "NoMask enables every channel up to the execution size; on a divergent branch, call or return that would move channels that are not executing (waiting or retired)",
        literal: "the channels NoMask enables, executing or not",
        resolved: "NoMask is ignored on control flow wider than 1: only active channels branch, call or return",
        reason: "a channel that is not executing has no program point from which to branch; no implementation can move it",
        executable: false,
    },
    Erratum {
        id: "CF-TEXT-DIRECTIVES",
        document: "8_appendix_visa_assembly_syntax.md; instructions/SUBROUTINE.md, LABEL.md, Text",
        says: "the assembly appendix has no GOTO or FCALL, no `.function`, `.global_function`, `.funcdecl`, `{ }` scopes or `v_name=`, which IGC's grammar (visa/CISA.y) reads and its dumps contain; SUBROUTINE's and LABEL's Text forms are not what IGC writes (`.function \"NAME\"` and `NAME:`)",
        literal: "only the appendix's forms parse",
        resolved: "IGC's forms parse and print: `.function \"NAME\"` is a subroutine label, `NAME:` a block label, `.global_function \"NAME\"` a function with its own declarations, `{ }` a declaration scope; `.funcdecl` and `v_name=` are informational",
        reason: "the project reads every program IGC writes; the appendix is outdated",
        executable: false,
    },
    Erratum {
        id: "LABEL-FIELD-TEXT",
        document: "instructions/LABEL.md, Label field",
        says: "the Label field is described as \"the label variable for the subroutine\", while the instruction declares a basic block",
        literal: "a subroutine label",
        resolved: "a block label (the Description and Notes): the target of GOTO, JMP and SWITCHJMP",
        reason: "the Description, Notes and the other branch documents treat LABEL as a block label; the field text is copied from SUBROUTINE.md",
        executable: false,
    },
    Erratum {
        id: "IFCALL-ADDRESS-TYPE",
        document: "instructions/IFCALL.md, Func_addr and Notes; FADDR.md, Dst and Notes",
        says: "IFCALL's address is a 32-bit UD, while FADDR writes UD or UQ and calls the address a 64-bit unsigned integer",
        literal: "IFCALL's address operand must be UD",
        resolved: "UD or UQ, the address FADDR wrote",
        reason: "the value FADDR gives must be usable by IFCALL in either of FADDR's types",
        executable: true,
    },
    Erratum {
        id: "SWITCHJMP-INDEX-TYPE",
        document: "instructions/SWITCHJMP.md, Index",
        says: "the index must have an unsigned integer type, and must have type UB",
        literal: "UB only",
        resolved: "UB, UW or UD",
        reason: "\"unsigned integer type\" is the general rule; UB alone would be stated once",
        executable: true,
    },
    Erratum {
        id: "LIFETIME-CONTENTS",
        document: "instructions/LIFETIME.md, Notes",
        says: "referencing a variable outside its lifetime markers is undefined; what the markers do to the contents is unsaid",
        literal: "no effect on the state (an annotation)",
        resolved: "LIFETIME.start leaves the variable's register bytes undefined (a value from before the start is not promised); LIFETIME.end has no effect",
        reason: "a variable whose lifetime starts holds no value a program may rely on; marking the bytes undefined lets vectors expect `??` instead of a stale value",
        executable: true,
    },
    Erratum {
        id: "MULH-MIXED-TYPES",
        document: "instructions/MULH.md, Description and Supported Types",
        says: "Dst, src0 and src1 must have the same integer type (D or UD); IGC writes MULH with mixed D and UD operands (e.g. a D destination of two UD sources), and its verifier accepts any integer types there",
        literal: "one type for the three operands: D, D, D or UD, UD, UD; other combinations are invalid-instruction",
        resolved: "each operand D or UD: the product of the sources in their own types, exactly, and its high 32 bits written into the destination's type by their bit pattern (MULH-HIGH-DWORD)",
        reason: "the product of mixed operands is well defined by the Semantics, and IGC's own output relies on it",
        executable: true,
    },
    Erratum {
        id: "SHR-SIGNED-OPERANDS",
        document: "instructions/SHR.md, Operand type maps and Supported Types",
        says: "the type map admits only UB, UW and UD; IGC writes SHR on signed operands (a logical shift of a D or W value, into a D or W destination)",
        literal: "the type map: a signed destination or src0 is invalid-instruction",
        resolved: "any of UB, B, UW, W, UD, D (and Q, UQ where QWORD-TYPEMAP-GAP is resolved) for the destination and src0: src0 shifted right logically (zeros in from the left) in the width SHR-SOURCE-WIDTH gives, then converted into the destination type (with .sat, clamped to its range)",
        reason: "the Description's logical shift is defined on the bits of any integer type; IGC emits it for signed values and expects the logical result",
        executable: true,
    },
    Erratum {
        id: "SHR-SOURCE-WIDTH",
        document: "instructions/SHR.md, Semantics and Description",
        says: "the loop writes `src0[i] >> src1[i]` and the Description a logic right shift of <src0>, without the width the bits are shifted in: a source narrower than the operation (B or W, a D in a 64-bit shift) and negative (signed, or negated by its modifier) has ones above its own bits or not",
        literal: "src0's bits in its own width, after any source modifier, shifted right logically and converted into the destination type: b 0xeb (-21) >> 1 is 0x75 in any destination",
        resolved: "src0 is first converted to the execution type, as every source of an integer operation: its value after any source modifier (sign-extended when signed, zero-extended when unsigned) as a 32-bit integer, 64-bit when src0 or the destination is Q or UQ, shifted right logically, then converted into the destination type: b 0xeb (-21) is 0xffffffeb, >> 1 is 0x7ffffff5, 0xfff5 in a UW destination; unsigned and D sources in a 32-bit shift are unchanged",
        reason: "the vISA finalizer passes SHR to the EU's shr with its operand types unchanged on every modelled platform (intel/intel-graphics-compiler, visa/VisaToG4/TranslateALU.cpp, IR_Builder::translateVISALogicInst; visa/HWConformity.cpp, HWConformity::fixShiftInsts, whose one rewrite widens src0 to Q when signed and UQ when unsigned), and its constant folder evaluates shr on the immediate's value sign-extended to 32 bits (visa/BuildIRImpl.cpp, IR_Builder::foldConstVal: the source type 'affects sign extension'); IGC's own code generator makes src0 and dst unsigned before it emits SHR for LLVM's lshr (IGC/Compiler/CISACodeGen/EmitVISAPass.cpp, EmitPass::EmitSimpleAlu) and zero-extends an i8 before a wider lshr (IGC/Compiler/CISACodeGen/PromoteInt8Type.cpp), which a signed source's own bits would not need; Intel's CM CPU emulation shifts the source promoted to int (intel/cm-cpu-emulation, libcm/cm_intrin.h, cm_shr, with maxtype in libcm/libcm_def.h: the same results in destinations of 16 bits or fewer, though C's >> of a negative int is arithmetic); 2_datatypes.md gives integer execution extra precision over the operand types. The literal reading is what the finalizer makes of a signed SHR beyond Xe3, no modelled platform (visa/HWConformityPro.cpp, HWConformityPro::fixShr retypes a signed src0 to the unsigned type of its size)",
        executable: true,
    },
    Erratum {
        id: "PREDEFINED-IGC-TABLE",
        document: "4_visa_header.md, table of pre-defined variables",
        says: "%sp and %fp are UD, and the pointers are named %implicit_arg_ptr and %implicit_local_id_buf_ptr; IGC's table (and its dumps) has %sp and %fp as UQ, spells the pointers %impl_arg_buf_ptr and %local_id_buf_ptr, and has %group_count_x and %group_count_y",
        literal: "the documents' table: IGC's spellings and the group counts are undeclared names, and %sp and %fp hold 4 bytes",
        resolved: "IGC's table: %sp and %fp are one UQ each, %impl_arg_buf_ptr and %local_id_buf_ptr name the same variables as the documents' names, and %group_count_x and %group_count_y are read-only UD",
        reason: "stack pointers are 64-bit on every modelled platform, and IGC's dumps use its own names; the documents' table is older",
        executable: false,
    },
    Erratum {
        id: BLOCK2D_ADDRESS_PAYLOAD,
        document: "instructions/LSC_UNTYPED.md, Format, Text and Examples (the block 2D forms); 5_operands.md",
        says: "the block 2D forms take six address operands (SurfaceBaseAddr, SurfaceWidth, SurfaceHeight, SurfacePitch, Src0AddrX, Src0AddrY); IGC also writes one payload variable holding the whole 2D block address plus immediate X and Y offsets, `flat[V+(X,Y)]`, whose layout no document gives",
        literal: "the documents' form has six address operands: a `flat[V+(X,Y)]` address is invalid-instruction (field `address`)",
        resolved: "V is the hardware's 2D block address payload (Xe2 PRM, \"2D Block Address Payload\"): a general variable of at least 32 bytes at a GRF-aligned origin whose bytes 0..8 are SurfaceBaseAddr (UQ), 8..12 SurfaceWidth, 12..16 SurfaceHeight, 16..20 SurfacePitch (UD, each minus one as BLOCK2D-SURFACE-MINUS-ONE), 20..24 Src0AddrX and 24..28 Src0AddrY (D); bytes 28..32 hold the block's width, height and array length, which the data operand's shape gives instead, so they are not read; the immediate X and Y add to Src0AddrX and Src0AddrY as the six-operand form's `VX+off` and `VY+off` do. The form runs as the six-operand form on V's elements",
        reason: "IGC's dumps for xe-hpc and xe2 write block 2D messages in this form; the layout is the one the hardware reads, and reading it as the six operands keeps one semantics for both forms",
        executable: true,
    },
    // The rounding instructions.
    Erratum {
        id: RNDE_DOWNWARD,
        document: "instructions/RNDE.md, Description",
        says: "the Description calls RNDE a downward rounding (the sentence is RNDD's), while the mnemonic, the Semantics loop and 2_datatypes.md's rounding-mode table (RTNE) round to the nearest integer, ties to even",
        literal: "RNDE rounds down: dst = floor(src0), as RNDD",
        resolved: "RNDE rounds to the nearest integral value, ties to the even one, as its Semantics loop computes (2.5 -> 2, 3.5 -> 4, -0.5 -> -0)",
        reason: "the Semantics loop is the normative part and agrees with the instruction's name; the Description is copied from RNDD.md",
        executable: true,
    },
    Erratum {
        id: RND_SPECIAL_TABLE,
        document: "instructions/RNDD.md, RNDU.md, RNDE.md, Notes",
        says: "the rounding of special values follows 'the rules below', which are missing (RNDE's Notes repeat RNDD's 'round down')",
        literal: "no rules",
        resolved: "IEEE 754 roundToIntegral (TowardNegative, TowardPositive, TiesToEven, TowardZero): +-0 and +-inf are returned unchanged, a NaN is returned quieted with its sign and payload, the result has the sign of the source; an F denormal source is first flushed to a zero of its sign when %cr0 bit 7 says flush, so RNDD of a negative denormal is -1 with denormals kept and -0 flushed; integral results are exact (never rounded by %cr0's mode); ALT mode and .sat apply to the result as to any F result",
        reason: "2_datatypes.md says IEEE mode honours IEEE 754 apart from the listed deviations; the same reading as FLOAT-SPECIAL-TABLE",
        executable: false,
    },
    Erratum {
        id: FRC_SPECIAL_TABLE,
        document: "instructions/FRC.md, Notes",
        says: "the fraction of special values follows 'the rules below', which are missing",
        literal: "no rules",
        resolved: "the loop's src0 - floor(src0) in IEEE 754 arithmetic: floor as RND-SPECIAL-TABLE's RNDD, then one IEEE subtraction rounded in %cr0's mode, so +-inf gives the default NaN (inf - inf), a NaN is returned quieted with its sign and payload, an integral source gives +0 (-0 in round-down mode, IEEE 754's exact zero difference), and a tiny negative source gives 1 - |x| rounded, which is 1.0 to nearest (outside [0, 1)) and 0x3f7fffff downward or toward zero; a denormal result is flushed as the F denorm mode says",
        reason: "the Semantics loop is one IEEE expression; 2_datatypes.md says IEEE mode honours IEEE 754",
        executable: false,
    },
    Erratum {
        id: RND_ZERO_SIGN,
        document: "instructions/RNDE.md, RNDZ.md, Semantics",
        says: "the loops write floor(src0) + 1 for the inputs that round up from their floor, which for an input in (-1, 0) is -1 + 1",
        literal: "the sum -1 + 1 is an IEEE addition in %cr0's rounding mode: +0, or -0 in round-down mode; so RNDZ of any x in (-1, 0) and RNDE of any x in [-0.5, 0) give +0 outside round-down mode",
        resolved: "the result has the sign of the source (IEEE 754 roundToIntegral): RNDZ of x in (-1, 0) and RNDE of x in [-0.5, 0) give -0",
        reason: "IEEE 754 5.9 keeps the sign of a zero result of roundToIntegral, and RNDD, RNDU and the C functions the loops name (floor, ceil) do; the +1 is how the loops express rounding up, not a separate operation",
        executable: true,
    },
    Erratum {
        id: RND_PLATFORM_APPENDIX,
        document: "appendix_instruction_by_platform.md, RNDD, RNDE, RNDU, RNDZ, FRC",
        says: "the table's last column is TGLLP (xe-lp); it marks RNDD, RNDE, RNDU, RNDZ and FRC on every platform it names and says nothing of DG2, PVC or Xe2",
        literal: "the instructions exist on the platforms the table names: gen9, gen11 and xe-lp among the modelled ones; on xe-hpg, xe-hpc and xe2 they are rejected",
        resolved: "the instructions exist on every modelled platform",
        reason: "the appendix stops at TGLLP (it lists no XEHP-only instruction either, such as DPAS); IGC's vISA verifier and encoder accept the rounding instructions on every platform and every later hardware generation has them",
        executable: true,
    },
    // The math instructions.
    Erratum {
        id: MATH_EXACT_VALUE,
        document: "instructions/INV.md, LOG.md, EXP.md, SQRT.md, RSQRT.md, SIN.md, COS.md, POW.md, Semantics",
        says: "each loop writes the mathematical function of its sources (`1.0/src0[i]`, `log`, `exp`, `sqrt`, `sin`, `cos`, `pow`) and no document gives an accuracy",
        literal: "the function's value with no rounding rule: no single result is pinned down",
        resolved: "execution writes the exact function's value correctly rounded once into the destination type under %cr0's rounding mode, the denormal inputs and results flushed per the %cr0 denorm modes, ALT mode and saturation after the rounding (as ADD and MUL); special values (NaN, ±inf, ±0, negative arguments of LOG, SQRT and RSQRT) are IEEE 754-2019's (5.4.1, 6.3, 9.2.1) and exact. The allowed set of a conforming implementation is wider (Intel's published accuracy for the hardware math unit, docs/math.md): execution's value is its reference, never the only answer",
        reason: "the correctly rounded value is the one exact reference every accuracy bound is measured from; the special values follow 2_datatypes.md's IEEE mode",
        executable: false,
    },
    Erratum {
        id: MATH_NAN_RESULT,
        document: "instructions/INV.md ... POW.md, DIVM.md, SQRTM.md, INVM.md, RSQTM.md, Semantics",
        says: "the documents do not say which NaN a math instruction writes",
        literal: "no NaN encoding",
        resolved: "a NaN result whose sources include a NaN is the first NaN source (src0 first) quieted, its sign and payload kept (converted to the destination type as MOV converts a NaN); a NaN from an invalid operation (log2 or sqrt of a negative number, sin of an infinity, 0/0) is the default NaN (sign 0, quiet bit only). A NaN source whose IEEE 754 result is not NaN (pow(x, ±0) = 1) gives that result",
        reason: "the rule ADD, MUL and DIV follow (FLOAT-SPECIAL-TABLE), so that one NaN rule holds for every float instruction",
        executable: false,
    },
    Erratum {
        id: SIN_LOOP_STEP,
        document: "instructions/SIN.md, Semantics",
        says: "the loop steps `i += 2`, while the Description says the sine is taken component-wise",
        literal: "only even channels compute: an odd channel's dst keeps its contents, whether the channel is enabled or not",
        resolved: "the loop steps `++i`: every enabled channel writes its sine",
        reason: "COS, its twin, and every other one-source math document step one channel at a time; the Description says component-wise",
        executable: true,
    },
    Erratum {
        id: SQRT_LOOP_STEP,
        document: "instructions/SQRT.md, Semantics",
        says: "the loop steps `i += 2`, while the Description says the square root is taken component-wise",
        literal: "only even channels compute: an odd channel's dst keeps its contents, whether the channel is enabled or not",
        resolved: "the loop steps `++i`: every enabled channel writes its square root",
        reason: "RSQRT, the same operation inverted, steps one channel at a time; the Description says component-wise",
        executable: true,
    },
    Erratum {
        id: SQRTM_LOOP_STEP,
        document: "instructions/SQRTM.md, Semantics",
        says: "the loop steps `i += 2`, while the Description says the IEEE square root is taken component-wise",
        literal: "only even channels compute: an odd channel's dst keeps its contents, whether the channel is enabled or not",
        resolved: "the loop steps `++i`: every enabled channel writes its square root",
        reason: "a copy of SQRT.md's loop; DIVM, the other IEEE macro, steps one channel at a time; the Description says component-wise",
        executable: true,
    },
    Erratum {
        id: LOG_BASE,
        document: "instructions/LOG.md, Semantics vs Description",
        says: "the loop writes `log(src0[i])` (C's natural logarithm), while the Description says base-2 logarithm",
        literal: "the natural logarithm ln(src0), correctly rounded",
        resolved: "the base-2 logarithm log2(src0), correctly rounded",
        reason: "the Description and the instruction's use (IGC lowers log2 to it; Intel's published accuracy is for log2) say base 2; the loop borrows C's function name",
        executable: true,
    },
    Erratum {
        id: EXP_BASE,
        document: "instructions/EXP.md, Semantics vs Description",
        says: "the loop writes `exp(src0[i])` (C's e^x), while the Description says base-2 exponential",
        literal: "e^src0, correctly rounded; an accuracy contract bounds e^x with EXP's figures (golden vectors expect its interval around e^src0)",
        resolved: "2^src0, correctly rounded; an accuracy contract bounds 2^x",
        reason: "the Description and the instruction's use (IGC lowers exp2 to it; Intel's published accuracy is for exp2) say base 2; the loop borrows C's function name",
        executable: true,
    },
    Erratum {
        id: POW_NEGATIVE_BASE,
        document: "instructions/POW.md, Semantics and Description",
        says: "the loop writes `pow(src0[i], src1[i])` and the Description raises src0 to the power src1, with no word on a negative src0",
        literal: "IEEE 754-2019 pow of the signed src0: a negative finite src0 with an odd integer src1 gives a negative result, with an even integer src1 a positive one, with a non-integer src1 the default NaN; -0 and -inf follow 9.2.1 (pow(-0, y) = -inf for a negative odd integer y)",
        resolved: "|src0|^src1: IEEE 754-2019 pow applied to |src0| (a negative base loses its sign: pow(-2, 3) = 8, pow(-2, 0.5) = sqrt(2))",
        reason: "the vISA finalizer lowers POW to log(|src0|), a multiplication by src1 and exp (visa/VisaToG4/TranslateMath.cpp), so the sign of the base never reaches the result; Intel's published accuracy states POW as that composition",
        executable: true,
    },
    Erratum {
        id: POW_SPECIAL_TABLE,
        document: "instructions/POW.md, Notes",
        says: "special values of the power follow 'the rules below', which are missing",
        literal: "no rules",
        resolved: "IEEE 754-2019 pow (9.2.1) of |src0| (POW-NEGATIVE-BASE): |x|^±0 = 1 for every x, a quiet NaN too; 1^y = 1 for every y; 0^y = +inf for y < 0 and +0 for y > 0; inf^y = +0 for y < 0 and +inf for y > 0; a^±inf is +inf or +0 as a > 1 or a < 1",
        reason: "2_datatypes.md says IEEE mode follows IEEE 754; 9.2.1 is its power's table",
        executable: false,
    },
    Erratum {
        id: MATH_ALT_ABS,
        document: "instructions/LOG.md, SQRT.md, RSQRT.md, Notes; 4_visa_header.md, %cr0 bit 0",
        says: "in ALT mode LOG, SQRT and RSQRT are computed on abs(src0); ALT mode is %cr0's single precision float mode",
        literal: "ALT mode, whatever the source type, takes the absolute value of src0 (after its source modifier) before the function",
        resolved: "the same: with %cr0 bit 0 set, LOG, SQRT and RSQRT compute on |src0| for F and HF sources alike, and, as for every F result in ALT mode, an infinite F result becomes the largest finite value",
        reason: "the Notes name no type; %cr0 has one ALT bit",
        executable: false,
    },
    Erratum {
        id: IEEE_MACRO_PLATFORMS,
        document: "appendix_instruction_by_platform.md (DIVM, SQRTM, INVM, RSQTM rows)",
        says: "the per-platform table ends at TGLLP (12.1) and marks the IEEE macros DIVM, SQRTM, INVM and RSQTM on SKL alone",
        literal: "DIVM, SQRTM, INVM and RSQTM exist on gen9 (SKL) alone: invalid-instruction (field `opcode`) on gen11, xe-lp, xe-hpg, xe-hpc and xe2",
        resolved: "DIVM, SQRTM, INVM and RSQTM exist on every modelled platform",
        reason: "the table predates Xe and lists none of the platforms the documents' XEHP and PVC tags name (6_instructions.md tags all four {XEHP+,SKL}); IGC emits DIVM and SQRTM for IEEE division and square root on every Xe platform (the finalizer expands them into macro sequences whose first steps are INVM and RSQTM), so a table that leaves them unexecutable on every platform from ICLLP on is stale, not a restriction",
        executable: true,
    },
    // The conversions: FCVT and SRND.
    Erratum {
        id: FP8_CONVERT_PLATFORMS,
        document: "appendix_instruction_by_platform.md (FCVT, SRND rows); instructions/FCVT.md, SRND.md",
        says: "the per-platform table has rows for FCVT and SRND with no platform marked; FCVT.md tags only its TF32 conversions {PVC_XT+} and SRND.md tags nothing",
        literal: "FCVT and SRND are marked on no platform: invalid-instruction (field `opcode`) on every modelled platform (gen9, gen11, xe-lp, xe-hpg, xe-hpc, xe2)",
        resolved: "FCVT (its BF8 and its TF32 conversions alike) and SRND exist on xe-hpc and xe2; gen9, gen11, xe-lp and xe-hpg reject them (field `opcode`)",
        reason: "IGC's vISA instruction table gives FCVT Xe_PVC and SRND Xe_PVCXT as their first platforms, and its verifier rejects FCVT below PVC; the model has one xe-hpc for PVC and PVC-XT, so the {PVC_XT+} tag and IGC's PVC gate select the same modelled platforms; a row that leaves two documented instructions unexecutable everywhere is stale, not a restriction",
        executable: true,
    },
    Erratum {
        id: FCVT_BF8_SPECIALS,
        document: "instructions/FCVT.md, Description",
        says: "HF to BF8 rounds to nearest even and keeps denormals, BF8 to HF is exact; nothing on overflow, infinities, NaN encodings, or whether %cr0 changes any of it",
        literal: "no rule for the values the Description does not name",
        resolved: "IEEE 754 convertFormat under roundTiesToEven whatever %cr0's rounding mode and denorm modes say (and HF-DENORM-FLUSH's literal reading too: the instruction keeps denormals): a finite HF of magnitude 61440 (0x7b80, the midpoint between BF8's largest finite 57344 and 2^16, a tie that rounds to the even code 0x7c) or more gives ±inf; ±inf and ±0 keep their sign; a NaN keeps its sign and its two leading fraction bits, with BF8's quiet bit (bit 1) set. BF8 to HF is the code shifted left by 8, a BF8 NaN quieted (HF bit 9 set)",
        reason: "IEEE 754's default overflow under roundTiesToEven is infinity, and IGC's verifier admits a saturating FCVT only from Xe3 on, so saturation is not the default; a conversion delivers a quiet NaN and truncates the payload, as MOV between float types does (MATH-NAN-RESULT's rule); the Description fixes rounding and denormals in the instruction itself",
        executable: false,
    },
    Erratum {
        id: FCVT_TF32_SPECIALS,
        document: "instructions/FCVT.md, Description and Notes",
        says: "F to TF32 rounds to nearest even and flushes denormals to zero, TF32 to F is a no-op; nothing on the sign of a flushed zero, NaNs, overflow or %cr0, nor on the low 13 bits of a UD source",
        literal: "no rule beyond the Description's",
        resolved: "F to TF32 whatever %cr0 says: a denormal gives a zero of its sign; a finite value rounds its 13 low fraction bits away to nearest even (bits 12..0 of the UD result are zero), overflowing to ±inf from magnitude 0x7f7ff000 (the midpoint above TF32's largest finite 0x7f7fe000) up; ±inf stay; a NaN keeps its sign and its 10 leading fraction bits with the quiet bit (bit 22) set. TF32 to F copies the UD source's 32 bits unchanged, low bits included (no flush, no quieting)",
        reason: "the project flushes to a zero of the input's sign (2_datatypes.md, Floating Point Mode); IEEE 754's roundTiesToEven overflows to infinity; a no-op is a copy of the bits. IGC's verifier rejects a UD source (TF32 to F) outright, which the Notes allow: the document stands",
        executable: false,
    },
    Erratum {
        id: SRND_TYPES,
        document: "instructions/SRND.md, Description, Properties, Operand type maps, Notes",
        says: "two type maps (Dst HF; Dst UB) list no source type; the Supported Types add B (HF8) and BF and the Description speaks of HF/BF to BF8/HF8, while its list of supported roundings names HF to BF8 and F to HF only",
        literal: "the type maps admit no source type: every SRND is invalid-instruction (field `dst`)",
        resolved: "the two roundings the Description lists: Dst HF with Src0 F and Src1 UW, Dst UB (BF8) with Src0 HF and Src1 UB (the Notes' Src1 types); B (HF8) and BF operands are invalid (field `dst`): the document defines no HF8 encoding and no BF rounding",
        reason: "the list of supported roundings and the Notes' Src1 types are the only complete statements; IGC's verifier admits HF8 and BF only on platforms after Xe3, none of them modelled",
        executable: true,
    },
    Erratum {
        id: SRND_NO_MASK,
        document: "instructions/SRND.md, Semantics and Notes",
        says: "the Notes end with \"no mask\", and the loop writes every channel with no ChEn test",
        literal: "SRND has no channel mask: any mask control is accepted and the loop writes all exec_size channels",
        resolved: "the mask control must be NoMask (M1_NM ... M8_NM; otherwise invalid-instruction, field `exec_size`), under which every channel is enabled; the loop writes every channel",
        reason: "FCVT's Notes require NoMask for the same BF8 destination, and IGC's verifier rejects SRND without NoMask",
        executable: true,
    },
    Erratum {
        id: SRND_DENORM_ALIGN,
        document: "instructions/SRND.md, Description",
        says: "Src1's random bits are added to Src0's mantissa, Src1[0] aligned with Mantissa[0], and the sum truncated; denormals are retained",
        literal: "the random bits align with bit 0 of Src0's own mantissa whatever the result: an F source whose HF result is denormal (exponent e < -14) drops 13 + (-14 - e) bits, of which only the low 13 meet the random number, so it rounds up less often than its dropped fraction says (never below 2^-25, where -14 - e >= 12)",
        resolved: "the random bits align with the 13 (F to HF) or 8 (HF to BF8) bits just below the destination's last kept bit: the dropped fraction, truncated to that many bits, plus Src1's bits carries into the kept bits. For results in HF's normal range this is the literal alignment; for HF denormal results the mantissa is first shifted to the denormal's position (bits below those 13 are shifted out)",
        reason: "\"denorms are retained\" asks that the rounding keep working for denormal results: only this alignment rounds up with the probability of the dropped fraction (to 2^-13) for every result, as stochastic rounding means to; HF to BF8 is the same under both readings (E5M2 and HF share their exponent range)",
        executable: true,
    },
    Erratum {
        id: SRND_SPECIALS,
        document: "instructions/SRND.md, Description",
        says: "NaN and Inf handling conforms to IEEE and denormals are retained; nothing on overflow, NaN encodings, zeros or %cr0",
        literal: "no rule beyond \"conforms to IEEE\"",
        resolved: "Src1's bits never change a NaN, an infinity or a zero: ±inf and ±0 keep their sign; a NaN keeps its sign and its leading fraction bits (10 of F's into HF, 2 of HF's into BF8) with the quiet bit set; a finite result whose magnitude truncates to 2^16 or more (the binade above HF's and BF8's largest finite values) is ±inf; %cr0's rounding and denorm modes change nothing (the instruction defines its own rounding and keeps denormals)",
        reason: "a rounding that carries past the largest finite value rounds up, and IEEE 754 rounds up past it to infinity (roundTowardPositive's overflow); the exponent field's carry gives the same code; NaNs convert as MOV converts them between float types",
        executable: false,
    },
    // LRP and PLN.
    Erratum {
        id: LRP_PLN_PLATFORMS,
        document: "appendix_instruction_by_platform.md (LRP and PLN rows)",
        says: "the per-platform table ends at TGLLP (12.1) and marks LRP and PLN on BDW, SKL and BXT only, not on ICLLP or TGLLP",
        literal: "LRP and PLN exist on gen9 (SKL) alone: invalid-instruction (field `opcode`) on gen11, xe-lp, xe-hpg, xe-hpc and xe2",
        resolved: "LRP and PLN exist on every modelled platform, with the values their documents define",
        reason: "the table follows the hardware opcodes, which ICLLP dropped; vISA keeps PLN: IGC's finalizer expands it into two mad instructions whenever the platform has no plane instruction (visa/HWConformity.cpp, fixPlaneInst and expandPlaneInst; visa/HWCaps.inc, doPlane() is false from ICLLP on), so it runs on every modelled platform. For LRP IGC has no such expansion: HWCaps.inc's hasLRP() is false from ICLLP on and G4_Verifier's verifyOpcode asserts on an lrp there, so IGC would not compile an LRP for a modelled platform from gen11 on. The resolved reading executes both documents anyway, as IEEE-MACRO-PLATFORMS does for DIVM and SQRTM, so that LRP's semantics is executable; for LRP the literal reading is the one IGC's behaviour matches",
        executable: true,
    },
    Erratum {
        id: LRP_ROUNDING,
        document: "instructions/LRP.md, Semantics",
        says: "`dst[i] = src1[i] * src0[i] + src2[i] * (1.0 - src0[i])` is one expression; nothing says whether the two products, the difference and the sum are rounded",
        literal: "the expression evaluated left to right with each operation rounded into F (%cr0's rounding mode, the F denormal flush, ALT mode, no saturation): t0 = src1*src0, t1 = 1.0 - src0, t2 = src2*t1, then t0 + t2 rounded with saturation; each operation propagates its first NaN operand quieted and gives the default NaN for inf * 0 and inf - inf",
        resolved: "fused: the exact value of src1*src0 + src2*(1 - src0) rounded once into F (then saturation); a NaN source gives the first NaN source in the order src0, src1, src2, quieted; otherwise an invalid operation of the exact expression (inf * 0, inf - inf) gives the default NaN; an exact zero is signed as ADD signs its sum (the difference 1 - 1 included)",
        reason: "the Semantics line is one real-valued expression, as MAD's is (MAD-FUSED, resolved) and the math instructions' are (MATH-EXACT-VALUE); IGC offers no expansion of LRP to read another rounding from (LRP-PLN-PLATFORMS), so execution gives the one value every rounding scheme approximates",
        executable: true,
    },
    Erratum {
        id: LRP_REGION,
        document: "instructions/LRP.md, Notes",
        says: "the destination's region is ignored and contiguous elements are updated; a source region other than the scalar one is ignored and contiguous elements are read; yet every operand carries a region of its own (5_operands.md)",
        literal: "a non-scalar source reads the exec_size contiguous elements from its origin and the destination writes contiguous elements, whatever region or stride the program wrote",
        resolved: "a non-scalar source region must address exactly the exec_size contiguous elements from its origin (lane k reads element k) and the destination stride must be 1 (unless the execution size is 1); other regions are invalid-instruction (field of the operand), so both readings agree on every valid program",
        reason: "as MOVS-CONTIGUOUS: the Notes state contiguity, and rejecting other regions keeps one meaning instead of silently ignoring what the program wrote; CM's LRP intrinsic declares its operands scalar-or-contiguous and 16-byte aligned (GenXIntrinsics' operand table), so no producer writes another region",
        executable: true,
    },
    Erratum {
        id: LRP_PLN_ALIGNMENT,
        document: "instructions/LRP.md, PLN.md, Notes",
        says: "LRP's operands, scalar sources aside, must be 16-byte aligned; PLN's src0 must be 16-byte aligned and its src1 GRF-aligned",
        literal: "a general operand whose first element breaks the rule is invalid-instruction (field dst, src0, src1 or src2); the GRF is the platform's (32 bytes on xe-lp and xe-hpg, 64 on xe-hpc and xe2); an indirect operand's address is known only at run time and is not checked",
        resolved: "no alignment rule beyond the type's",
        reason: "as BFE-BFI-ALIGNMENT: a restriction of the hardware instruction that the finalizer legalises (IGC's HWConformity::fixPlaneInst copies an unaligned pln src0 into a GRF-aligned temporary; on the modelled platforms PLN becomes two mad instructions, which have no such rule)",
        executable: true,
    },
    Erratum {
        id: PLN_SIMD16_INDEX,
        document: "instructions/PLN.md, Semantics",
        says: "for the channels 8 to 15 of a SIMD16 PLN, u and v are the 8-element slices src1[16:23] and src1[24:31], yet the loop reads u[i] and v[i] with i from 8 to 15, past the slices' ends (the else branch also lacks its closing brace)",
        literal: "u[i] and v[i] of channels 8 to 15 lie outside their slices: the enabled channels 8 to 15 of a SIMD16 PLN are undefined",
        resolved: "channel i >= 8 reads u[i - 8] = src1[i + 8] and v[i - 8] = src1[i + 16]: a SIMD16 PLN is two SIMD8 planes, the second on src1[16:31]",
        reason: "the Description says a SIMD16 plane takes an additional 16 elements of src1 for u and v; IGC's expansion (HWConformity.cpp, expandPlaneMacro) reads the second half's u and v from src1's third and fourth GRF (the second GRF's two halves with 64-byte GRFs), lane for lane",
        executable: true,
    },
    Erratum {
        id: PLN_ROUNDING,
        document: "instructions/PLN.md, Semantics",
        says: "`dst[i] = src0[0] * u[i] + src0[1] * v[i] + src0[3]` is one expression; nothing says how it is rounded",
        literal: "the expression evaluated left to right with each operation rounded into F (%cr0's rounding mode, the F denormal flush, ALT mode, no saturation): t0 = src0[0]*u, t1 = src0[1]*v, t2 = t0 + t1, then t2 + src0[3] rounded with saturation; each operation propagates its first NaN operand quieted",
        resolved: "the two fused multiply-adds IGC expands PLN into: t = src0[0]*u[i] + src0[3] rounded once into F (no saturation), then dst = src0[1]*v[i] + t rounded once with saturation; each as a float MAD (MAD-FUSED, resolved: NaN operands in the order of the factors then the addend)",
        reason: "IGC's finalizer replaces PLN on every platform from ICLLP on (visa/HWConformity.cpp, expandPlaneInst: `mad tmp, src0.3, u, src0.0` then `mad dst, tmp, v, src0.1`), with an F temporary since the Xe platforms have no NF accumulator type (HWCaps.inc, hasNFType), and a float mad rounds once (MAD-FUSED)",
        executable: true,
    },
    Erratum {
        id: PLN_SAT,
        document: "instructions/PLN.md, Properties vs Text",
        says: "the Properties list saturation (Saturation: Yes) while the Text form `[(<P>)] PLANE (<exec_size>) <dst> <src0> <src1>` shows no `.sat`",
        literal: "the Text form: plane.sat is invalid-instruction",
        resolved: "plane.sat is valid and saturates the F result into [0.0, 1.0] after its rounding (2_datatypes.md, Saturation), as for any F destination (PLN-ROUNDING's readings apply the saturation to their last rounding)",
        reason: "the Properties are the statement about saturation, as SUBB-SAT reads SUBB's; LRP, PLN's neighbour in the documents with an F result of the same kind, shows `LRP[.sat]` in its Text form",
        executable: true,
    },
    Erratum {
        id: MACRO_EARLY_OUT,
        document: "instructions/INVM.md, RSQTM.md, Semantics and Description",
        says: "`preddst[i] = (invm(src0[i], src1[i]) == NAN/INF/ZERO)` (RSQTM: `rsqtm(src0[i])`), and a set bit means dst is a special number; neither `invm` nor `rsqtm` is defined, nor when an approximated result counts as special",
        literal: "the bit is set when the value written to dst, the quotient (or 1/sqrt) correctly rounded in %cr0's mode with the destination's denormal flush, is a NaN, ±inf or ±0: a finite nonzero quotient that overflows to ±inf or rounds or flushes to ±0 sets it too",
        resolved: "the bit is set when IEEE 754-2019 fixes the result from the operands alone, each operand read after its source modifier and the %cr0 denorm flush of its type: for INVM an operand is a NaN, ±inf or ±0 (6.1 infinity arithmetic, 6.2 NaN operands, 7.2 invalid 0/0 and inf/inf, 7.3 division by zero), and dst is then that exact IEEE value; for RSQTM the operand is a NaN, ±0, +inf or below zero (9.2 rSqrt, 7.2 invalid for a negative operand, 7.3 for ±0). A finite nonzero INVM quotient that overflows or underflows leaves the bit clear. RSQTM's two readings never differ: 1/sqrt of a finite positive F or DF lies in [2^-64, 2^75] (F) and [2^-512, 2^537] (DF)",
        reason: "the Description makes a clear bit mean an approximation the library refines to the expected precision; DIVM's macro sequence is correctly rounded in every mode with denormals kept, which the refinement of a finite nonzero quotient gives (toward zero an overflowing quotient is the largest finite number, not inf; with denormals kept an underflowing one need not be 0), while only the operands' special cases have a result no refinement changes",
        executable: true,
    },
    Erratum {
        id: MACRO_APPROXIMATION,
        document: "instructions/INVM.md, RSQTM.md, Description",
        says: "where the early-out bit is clear, dst is an initial approximation of the quotient (of 1/sqrt) that needs further refinement; no accuracy is given",
        literal: "any value: no result is pinned down where the bit is clear",
        resolved: "execution writes the exact quotient (1/sqrt) correctly rounded once into the destination type under %cr0's rounding mode, denormals flushed per the denorm modes (MATH-EXACT-VALUE); a golden vector expects the accuracy contract's interval around it (`visa_spec::contract`, MathFn::Invm and MathFn::Rsqtm; docs/math.md), while the early-out bit and the special values stay exact",
        reason: "the correctly rounded value is the one exact reference an accuracy bound is measured from; the published figures (INV's 1 ulp, RSQRT's 4 ulp for F; IGC's DF rsqrt seed below 2^-23 relative) bound the approximation an implementation may give",
        executable: false,
    },
    Erratum {
        id: BARRIER_MEMORY_ORDER,
        document: "instructions/BARRIER.md, Description; 3_execution_model.md, Shared Local Memory",
        says: "BARRIER.md: 'Memory ordering is also guaranteed by this instruction', naming no memory; 3_execution_model.md: the barrier 'also serves as a memory barrier for all SLM accesses'",
        literal: "BARRIER.md's words: a barrier orders every access of the group's threads before it, in every space, before their accesses after it (the race detector's `BarrierOrders::All`)",
        resolved: "a barrier orders shared local memory by itself; a thread's global accesses (surfaces, SVM, flat) before a barrier are ordered before the other threads' accesses after it only as far as a global fence (FENCE without the SLM bit, LSC_FENCE .ugm, .ugml or .tgm) before the barrier released them (docs/races.md)",
        reason: "3_execution_model.md names SLM alone, and FENCE.md and LSC_FENCE.md give global and SLM memory fences of their own; IGC writes a fence of the space before each barrier (`lsc_fence.slm` or `fence_local` for `barrier(CLK_LOCAL_MEM_FENCE)`, conformance/tests/dumps/igc/*/reduce.visaasm): a kernel that orders global memory with a barrier alone is reported, not trusted",
        executable: false,
    },
    Erratum {
        id: NBARRIER_MEMORY_ORDER,
        document: "instructions/NBARRIER.md, Description",
        says: "a signal notifies the other threads that this thread reached the barrier and a consumer's wait waits for every producer and consumer to reach it; nothing is said of memory",
        literal: "a named barrier orders execution only: no access of a producer is ordered before a consumer's",
        resolved: "as BARRIER (BARRIER-MEMORY-ORDER resolved), from the producers to the consumers: a producer's accesses before its signal happen before a consumer's accesses after its wait, shared local memory by the barrier itself, global memory as far as a fence released it; a producer is not ordered after anything a consumer does",
        reason: "named barriers are the producer-consumer form of BARRIER (XeTLA's kernels exchange SLM tiles across them); a barrier that orders execution but not memory would make every such exchange a race",
        executable: false,
    },
    Erratum {
        id: FENCE_ATOMIC_ORDER,
        document: "3_execution_model.md, Memory Model; instructions/FENCE.md; instructions/LSC_FENCE.md",
        says: "barrier, wait and atomic operations 'can be used to prevent data races by imposing a temporal order on memory accesses'; a fence 'ensures that all previous reads and writes from the issuing thread have been globally observed' (LSC_FENCE: 'are observable in the scope specified'); nothing says how an atomic orders other accesses, or what a fence does for a thread that reads",
        literal: "a fence makes the issuing thread's accesses observable and orders nothing between threads; atomics order only themselves: between threads, only barriers order accesses",
        resolved: "C11's fences (atomic_thread_fence, OpenCL 2.0's atomic_work_item_fence): a fence is acquire and release for its space (FENCE's SLM bit, LSC_FENCE's unit); when a thread's fence is followed by an atomic access and another thread's later atomic access to the same bytes is followed by a fence, the first thread's accesses before its fence happen before the second's after its fence; atomics without fences order nothing (relaxed); FENCE_SW (Mask bit 7) is no fence",
        reason: "the documents call atomics synchronisation primitives and fences the means for 'data dependencies between threads'; the release half is their words, the acquire half and the atomic between them are the fence model of C11 and OpenCL 2.0 that kernels compiled to vISA are written against",
        executable: false,
    },
    Erratum {
        id: RACE_BYTE_GRANULARITY,
        document: "3_execution_model.md, Memory Model",
        says: "synchronisation imposes 'a temporal order on memory accesses to the same dword'; what a data race is, is not defined",
        literal: "accesses conflict when they touch the same dword: two threads writing different bytes of one dword race",
        resolved: "accesses conflict when they touch the same byte (C11's memory locations for byte-sized data); the bytes a load reads as zero out of bounds and a store drops are no access of memory",
        reason: "the byte is the unit every memory message of the documents addresses (d8 data, byte masks of the stores); OpenCL kernels write neighbouring bytes from different work-items (uchar buffers) and are race-free in their source language",
        executable: false,
    },
    Erratum {
        id: AVS_TEXT_U2D,
        document: "instructions/AVS.md, Format and Text",
        says: "the Format lists u2d (\"the change in the delta U for adjacent pixels in the X direction\") after DeltaV, the Text form has no <u2d>",
        literal: "13 operands as the Text writes them, no u2d",
        resolved: "14 operands in the Format's order, u2d after deltaV (IGC's instruction table gives avs its operands in the Format's order)",
        reason: "the Description defines u2d as an operand and v2d, its Y counterpart, is in both; AVS is validated, never executed, so the readings differ only in what validates",
        executable: false,
    },
    Erratum {
        id: RT_READ_TEXT_DST,
        document: "instructions/RT_READ.md, Format and Text",
        says: "the Format ends with Dst (\"the results of the read\"), the Text form ends at [<SI>]",
        literal: "no destination operand",
        resolved: "the destination follows the surface and the optional SI, as the Format orders them",
        reason: "a read needs somewhere to write; RT_READ is validated, never executed, so the readings differ only in what validates",
        executable: false,
    },
    Erratum {
        id: RT_WRITE_TEXT_HEADER,
        document: "instructions/RT_WRITE.md, Format, Text and Examples",
        says: "the Format has a Header operand after Surface and every Example writes one (`%null.0` or a variable), the Text form has none; the Text writes the mnemonic RT_WRITE, the Examples rt_write_3d",
        literal: "no header operand, the mnemonic rt_write",
        resolved: "the header (a raw operand, `%null.0` for none) follows the surface, then the optional operands in the Format's order (SI, CPS, RTI, s0a, oM), R, G, B, A, depth and stencil; both mnemonics, rt_write_3d being IGC's",
        reason: "the Format and the Examples agree and the Text stands alone; RT_WRITE is validated, never executed, so the readings differ only in what validates",
        executable: false,
    },
    Erratum {
        id: URB_WRITE_CHANNEL_MASK,
        document: "instructions/URB_WRITE.md, Description and Text",
        says: "Channel_mask is a raw operand of type UD whose first 8 elements are per-vertex masks, while the Text's comment calls <channel_mask> an integer holding the bit mask",
        literal: "a raw operand only",
        resolved: "either: a UD raw operand of 8 elements, or an integer 0 to 255 applied to every vertex",
        reason: "the two sentences describe both encodings and neither is marked wrong; URB_WRITE is validated, never executed, so the readings differ only in what validates",
        executable: false,
    },
    Erratum {
        id: SAMPLER_SURFACE_TYPE,
        document: "instructions/3D_LOAD.md and 3D_SAMPLE.md, U, V, R; INFO.md, Description",
        says: "the meaning of U, V and R and INFO's return values depend on the surface type (1D, 1D_array, 2D, 2D_array, 3D, CUBE), which no vISA document lets a program or a surface declare",
        literal: "silent: no surface type, so no meaning for V and R",
        resolved: "a surface of depth 0 or 1 is a 2D surface (U and V address it, R is ignored); one of depth 2 or more is a 3D surface (R addresses its slice, normalized like U and V for 3D_SAMPLE); arrays and cubes are not modelled",
        reason: "the surfaces of the memory model have width, height and depth (LSC-TYPED-SURFACE) and OpenCL's image2d_t and image3d_t are the images IGC compiles sampler messages for; a 2D surface is a 3D one of one slice",
        executable: false,
    },
    Erratum {
        id: LOAD_3D_OUT_OF_BOUNDS,
        document: "instructions/3D_LOAD.md, Description",
        says: "nothing about a texel address outside the surface",
        literal: "silent",
        resolved: "a lane whose U, V (and R on a 3D surface) plus its Aoffimmi offset address no texel, or whose LOD is not 0, reads zero in every channel the surface format stores; a channel the format lacks reads as always (0, and 1 for alpha)",
        reason: "Intel's PRM (Volume 2d, SAMPLER messages: ld returns zero out of bounds) and the graphics APIs' robust texel fetch (Vulkan 1.3, 'Texel Replacement': zero for the stored components, one for a missing alpha) agree; it is the bounds rule of the typed dataport (LSC-TYPED-SURFACE)",
        executable: false,
    },
    Erratum {
        id: SAMPLER_SINGLE_LEVEL,
        document: "instructions/3D_LOAD.md, Lod; 3D_SAMPLE.md, Lod; INFO.md, MIPCount",
        says: "LODs and mip levels without a description of the levels of a surface",
        literal: "silent",
        resolved: "a surface has one level (MIPCount 0): 3D_LOAD's level LOD exists only for LOD 0; 3D_SAMPLE's LOD, any value, is clamped to the one level, so sample_l samples level 0 as sample_lz does; INFO returns each dimension shifted right by LOD and MIPCount 0",
        reason: "the memory model's surfaces have no mip chain; the sampler clamps the computed LOD to the surface's levels (Intel's PRM, SAMPLER_STATE Min/Max LOD and SURFACE_STATE MIP Count; OpenCL C 3.0, 8.3, read_image with an explicit lod on an image without mipmaps reads level 0)",
        executable: false,
    },
    Erratum {
        id: SAMPLE_COORDINATES,
        document: "instructions/3D_SAMPLE.md, U, V, R",
        says: "normalized coordinates and a sampler state, without the rule that maps a coordinate to a texel",
        literal: "silent",
        resolved: "OpenCL's rules for the nearest filter in exact arithmetic (OpenCL C 3.0, 8.2 'Addressing and Filter Modes'): per axis of size n, x = u*n (u itself for unnormalized coordinates), i = floor(x) plus the axis' Aoffimmi offset, then clamp_to_edge clamps i to [0, n-1], clamp returns the border colour for i outside [0, n-1], repeat takes i modulo n, mirrored_repeat folds i into [0, n-1] (i for 0 <= i < n, 2n-1-i for n <= i < 2n, period 2n), none promises i in [0, n-1] (outside it the lane's channels are undefined); a NaN coordinate reads texel 0",
        reason: "OpenCL's read_image functions are what IGC compiles to 3D_SAMPLE; Intel's PRM maps the addressing modes one to one (TEXCOORDMODE_CLAMP, CLAMP_BORDER, WRAP, MIRROR). Hardware computes x in fixed point with a limited sub-texel precision (Vulkan 1.3: subTexelPrecisionBits, at least 4; Direct3D 11: 8 bits), so a coordinate within 2^-8 of a texel boundary may select either texel: the generators and catalogs keep coordinates at least 1/16 texel from every boundary, where the exact rule is what every implementation computes",
        executable: false,
    },
    Erratum {
        id: SAMPLE_BORDER_COLOR,
        document: "instructions/3D_SAMPLE.md, Description",
        says: "a sampler state, without its border colour or what a clamp-to-border sample returns",
        literal: "silent",
        resolved: "the sampler state's border colour (R, G, B, A as register bits) for every channel the surface format stores; a channel the format lacks reads as always (0, and 1 for alpha)",
        reason: "OpenCL's CLK_ADDRESS_CLAMP returns (0, 0, 0, 0) for formats with alpha and (0, 0, 0, 1) for those without (OpenCL C 3.0, 8.2), which a zero border colour with the format's missing-channel rule gives",
        executable: false,
    },
    Erratum {
        id: SAMPLE_LINEAR_FILTER,
        document: "instructions/3D_SAMPLE.md, Description",
        says: "samples with the sampler state's filter, without the filter's weights or their precision",
        literal: "silent",
        resolved: "OpenCL's linear filter (OpenCL C 3.0, 8.2, CLK_FILTER_LINEAR: t = x - 1/2, i0 = floor(t), a = t - i0, per addressing mode) with exact weights and one rounding to F; vectors allow every result of a coordinate t within 2^-8 texel of the exact one per axis (Direct3D 11 and 12: D3D11_SUBTEXEL_FRACTIONAL_BIT_COUNT = 8; Vulkan: subTexelPrecisionBits, at least 4 in the core limits and 8 in the Roadmap 2022 profile); integer formats have no linear filter (undefined behaviour)",
        reason: "the documents leave the weights' precision to the hardware; the exact weights are what every implementation approximates, and the graphics APIs bound the approximation by the sub-texel precision",
        executable: false,
    },
    Erratum {
        id: SAMPLER_PARAM_TYPES,
        document: "instructions/3D_LOAD.md, Notes; 3D_SAMPLE.md, Notes",
        says: "3D_LOAD's parameters have type UD or UW and U, V are pixel addresses; 3D_SAMPLE's have type F or HF ({ICLLP+})",
        literal: "U and V unsigned",
        resolved: "3D_LOAD's U and V are the signed integers of their bits (D, or W for UW), R and LOD unsigned; 3D_SAMPLE's F or HF values are exact",
        reason: "Intel's PRM types ld's u and v SINT (an Aoffimmi offset may step below 0); both readings find every address past 2^31 out of bounds, so they differ only in how an offset wraps",
        executable: false,
    },
    Erratum {
        id: INFO_RETURN_LAYOUT,
        document: "instructions/INFO.md, Description and LOD",
        says: "exec_size*4 elements are returned in RGBA order; LOD is a raw operand with no count",
        literal: "as resolved",
        resolved: "channel c of lane i is Dst element c*exec_size + i (the four channels one after the other, not each in its own register); LOD holds one UD per lane; only the enabled lanes are written",
        reason: "the Description counts exec_size*4 elements with no register padding, unlike 3D_LOAD's and 3D_SAMPLE's Notes; a per-lane LOD is how every other parameter of the sampler documents is laid out",
        executable: false,
    },
];

/// The ledger as the Markdown of `docs/errata.md` (a test keeps the two identical).
pub fn render_markdown() -> String {
    let mut out = String::from(
        "# Errata ledger\n\n\
         Every known defect of the vISA documents, with the literal reading, the reading the\n\
         project adopts (resolved) and why. Where both readings are executable, a vector or a\n\
         command selects one with `\"errata\": {\"ID\": \"literal\"}`; the default is resolved.\n\
         This page is generated from `spec/model/src/errata.rs` (`visa_model::errata::render_markdown`)\n\
         and a test fails when the two differ.\n\n\
         | id | document | executable readings |\n| --- | --- | --- |\n",
    );
    for e in LEDGER {
        let both = if e.executable {
            "literal and resolved"
        } else {
            "resolved only"
        };
        out.push_str(&format!(
            "| [`{}`](#{}) | {} | {} |\n",
            e.id,
            e.id.to_ascii_lowercase(),
            e.document,
            both
        ));
    }
    for e in LEDGER {
        out.push_str(&format!(
            "\n## {}\n\n- **Where:** {}\n- **The document:** {}\n- **Literal reading:** {}\n- **Resolved reading:** {}\n- **Why:** {}\n",
            e.id, e.document, e.says, e.literal, e.resolved, e.reason
        ));
    }
    out
}

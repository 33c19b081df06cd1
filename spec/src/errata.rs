//! The errata ledger: every known defect of the vISA documents, with the literal reading,
//! the reading the project adopts (resolved) and why. Where the two readings differ in
//! observable behaviour, both are executable: [`Readings`] selects one per erratum, and the
//! default is the resolved reading. `docs/errata.md` is checked against this table by a test.

use std::collections::BTreeSet;
use std::fmt;

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    literal: BTreeSet<&'static str>,
}

impl Readings {
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
        }
    }

    pub fn reading(&self, id: &str) -> Reading {
        if self.literal.contains(id) {
            Reading::Literal
        } else {
            Reading::Resolved
        }
    }

    pub fn is_literal(&self, id: &str) -> bool {
        self.literal.contains(id)
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
pub const PACKED_IMM_EXEC_SIZE: &str = "PACKED-IMM-EXEC-SIZE";
pub const ADD_QWORD_TYPEMAP: &str = "ADD-QWORD-TYPEMAP";
pub const MOV_PRED_UPPER_BITS: &str = "MOV-PRED-UPPER-BITS";
pub const FLOAT_SPECIAL_TABLE: &str = "FLOAT-SPECIAL-TABLE";
pub const REGION_TWO_GRF_SPAN: &str = "REGION-TWO-GRF-SPAN";
pub const OPERAND_READ_ORDER: &str = "OPERAND-READ-ORDER";
pub const BF_RANGE: &str = "BF-RANGE";

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
];

/// The ledger as the Markdown of `docs/errata.md` (a test keeps the two identical).
pub fn render_markdown() -> String {
    let mut out = String::from(
        "# Errata ledger\n\n\
         Every known defect of the vISA documents, with the literal reading, the reading the\n\
         project adopts (resolved) and why. Where both readings are executable, a vector or a\n\
         command selects one with `\"errata\": {\"ID\": \"literal\"}`; the default is resolved.\n\
         This page is generated from `spec/src/errata.rs` (`visa_spec::errata::render_markdown`)\n\
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

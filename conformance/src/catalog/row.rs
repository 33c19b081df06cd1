//! One hand-derived row: a program, the state it starts from, the errata readings in force,
//! what it must produce (derived by hand from the documents, in readable form) and how.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value;
use visa_model::errata::Reading;
use visa_model::platform::Platform;
use visa_model::profile::DpasProfile;
use visa_model::types::DataType;
use visa_model::ErrorClass;

use crate::vector::{Allowed, Case, Expect, ExpectState, Init, MemExpect, MemRegion, Pattern};

/// The extension key a catalog case carries its derivation in (docs/vector-format.md).
pub const DERIVATION_KEY: &str = "x-derivation";

pub use crate::vector::{error_field, ERROR_FIELD_KEY};

/// What a row expects, in the form its derivation states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// Elements of a variable, from element 0, each the low `ty.size()` bytes of the value
    /// (the rows' lane values: `0xffff_ffff`, `u64::MAX`, a float's bit pattern).
    Lanes {
        var: String,
        ty: DataType,
        values: Vec<u64>,
    },
    /// A variable's whole storage.
    Bytes { var: String, bytes: Vec<u8> },
    /// A variable's whole storage, `None` for a byte any value may hold (`??`: a lane the
    /// instruction leaves undefined).
    Pattern { var: String, bytes: Vec<Option<u8>> },
    /// A predicate's mask: bit i is element i.
    Pred { name: String, mask: u32 },
    /// Bytes at an address of a memory space, `None` for a byte any value may hold.
    Mem {
        space: String,
        addr: u64,
        bytes: Vec<Option<u8>>,
    },
    /// Bytes `at..at + bytes.len()` of a variable, `None` for a byte any value may hold; the
    /// rest of the variable is not observed.
    Reg {
        var: String,
        at: usize,
        bytes: Vec<Option<u8>>,
    },
}

/// A row's expectation: a successful run observing `Want`s (none: it only has to succeed),
/// or an error class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    State(Vec<Want>),
    Error(ErrorClass),
}

/// Why a row does not make a case (a mistake in a catalog module, found by its test).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub id: String,
    pub message: String,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "catalog row {}: {}", self.id, self.message)
    }
}

impl std::error::Error for RowError {}

/// A hand-derived row. Built with the methods below; its id is given when it joins its
/// document's rows ([`super::doc::Rows::add`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: String,
    pub platform: Platform,
    /// The `.decl` lines and the instructions, as IGC's vISA assembler writes them.
    pub program: String,
    pub init: Init,
    /// Errata readings in force besides the resolved default (the literal ones a row states).
    pub errata: BTreeMap<String, Reading>,
    /// Edge classes and the ids of the errata the row exercises.
    pub tags: Vec<String>,
    /// The numeric profile the expected values assume (`None`: the default).
    pub profile: Option<String>,
    pub expect: Outcome,
    /// The field the expected error names (`src1`, `pred`): checked on the spec and the
    /// oracle, carried in [`ERROR_FIELD_KEY`].
    pub field: Option<String>,
    /// How the expected values follow from the documents.
    pub derivation: String,
    /// Mistakes found while building the row (an unknown type name, say): reported by
    /// [`Row::to_case`].
    pub faults: Vec<String>,
}

impl Row {
    /// A row running `program` on `platform` from the zeroed state, expecting a successful
    /// run and observing nothing yet.
    pub fn new(platform: Platform, program: impl Into<String>) -> Row {
        Row {
            id: String::new(),
            platform,
            program: program.into(),
            init: Init::default(),
            errata: BTreeMap::new(),
            tags: Vec::new(),
            profile: None,
            expect: Outcome::State(Vec::new()),
            field: None,
            derivation: String::new(),
            faults: Vec::new(),
        }
    }

    /// Records a mistake found while building the row.
    pub fn fault(mut self, message: impl Into<String>) -> Row {
        self.faults.push(message.into());
        self
    }

    /// Starts variable `name` with `bytes` (its whole storage).
    pub fn var(mut self, name: &str, bytes: Vec<u8>) -> Row {
        self.init.vars.insert(name.to_string(), bytes);
        self
    }

    /// Starts predicate `name` with `mask`.
    pub fn pred(mut self, name: &str, mask: u32) -> Row {
        self.init.preds.insert(name.to_string(), mask);
        self
    }

    /// Starts `%cr0` at `cr0` (0, the default, is left out).
    pub fn cr0(mut self, cr0: u32) -> Row {
        self.init.cr0 = (cr0 != 0).then_some(cr0);
        self
    }

    /// Runs under the execution mask `emask` (all ones, the default, is left out).
    pub fn emask(mut self, emask: u32) -> Row {
        self.init.emask = (emask != u32::MAX).then_some(emask);
        self
    }

    /// Starts variable `name` in the fused partner thread's register file with `bytes`
    /// (DPASW; `init.partner`).
    pub fn partner(mut self, name: &str, bytes: Vec<u8>) -> Row {
        self.init.partner.insert(name.to_string(), bytes);
        self
    }

    /// Writes `bytes` at `addr` of memory space `space` before the run.
    pub fn mem(mut self, space: &str, addr: u64, bytes: Vec<u8>) -> Row {
        self.init.mem.push(MemRegion {
            space: space.to_string(),
            addr,
            bytes,
        });
        self
    }

    /// Puts erratum `id` at its literal reading, and tags the row with it.
    pub fn literal(mut self, id: &str) -> Row {
        self.errata.insert(id.to_string(), Reading::Literal);
        self.tag(id)
    }

    /// Adds a tag (an edge class or an erratum id), once.
    pub fn tag(mut self, tag: &str) -> Row {
        if !self.tags.iter().any(|t| t == tag) {
            self.tags.push(tag.to_string());
        }
        self
    }

    /// The derivation: how the expected values follow from the documents.
    pub fn derived(mut self, derivation: &str) -> Row {
        self.derivation = derivation.trim().to_string();
        self
    }

    fn want(mut self, want: Want) -> Row {
        match &mut self.expect {
            Outcome::State(wants) => wants.push(want),
            Outcome::Error(_) => self.expect = Outcome::State(vec![want]),
        }
        self
    }

    /// Expects the elements of `var`, of type `ty`, to be `values`.
    pub fn expect_lanes(self, var: &str, ty: DataType, values: &[u64]) -> Row {
        self.want(Want::Lanes {
            var: var.to_string(),
            ty,
            values: values.to_vec(),
        })
    }

    /// Expects `var` to hold the one element `value` of type `ty`.
    pub fn expect_lane(self, var: &str, ty: DataType, value: u64) -> Row {
        self.expect_lanes(var, ty, &[value])
    }

    /// Expects `var`'s whole storage to be `bytes`.
    pub fn expect_bytes(self, var: &str, bytes: Vec<u8>) -> Row {
        self.want(Want::Bytes {
            var: var.to_string(),
            bytes,
        })
    }

    /// Expects `var`'s whole storage to match `bytes` (`None`: any byte).
    pub fn expect_pattern(self, var: &str, bytes: Vec<Option<u8>>) -> Row {
        self.want(Want::Pattern {
            var: var.to_string(),
            bytes,
        })
    }

    /// Expects nothing of `var`'s `size` bytes but that the run succeeds: the instruction
    /// leaves them undefined.
    pub fn expect_undefined(self, var: &str, size: usize) -> Row {
        self.expect_pattern(var, vec![None; size])
    }

    /// Expects predicate `name` to hold `mask`.
    pub fn expect_pred(self, name: &str, mask: u32) -> Row {
        self.want(Want::Pred {
            name: name.to_string(),
            mask,
        })
    }

    /// Expects `bytes` at `addr` of memory space `space` (`None`: any byte).
    pub fn expect_mem(self, space: &str, addr: u64, bytes: Vec<Option<u8>>) -> Row {
        self.want(Want::Mem {
            space: space.to_string(),
            addr,
            bytes,
        })
    }

    /// Expects bytes `at..` of `var` to match `bytes` (`None`: any byte); the rest of `var`
    /// is not observed.
    pub fn expect_reg(self, var: &str, at: usize, bytes: Vec<Option<u8>>) -> Row {
        self.want(Want::Reg {
            var: var.to_string(),
            at,
            bytes,
        })
    }

    /// Starts variable `name` with `bytes` followed by zeros up to its declared size.
    pub fn var_prefix(self, name: &str, mut bytes: Vec<u8>) -> Row {
        match decl_size(&self.program, name) {
            Some(size) if size >= bytes.len() => {
                bytes.resize(size, 0);
                self.var(name, bytes)
            }
            _ => self.fault(format!(
                "`{name}` is not declared with room for {} bytes",
                bytes.len()
            )),
        }
    }

    /// Expects the run to fail with an error of `class`.
    pub fn expect_error(mut self, class: ErrorClass) -> Row {
        self.expect = Outcome::Error(class);
        self
    }

    /// Expects the error to name `field` (with [`Row::expect_error`]; a row that expects a
    /// state and names a field is a mistake [`Row::to_case`] reports).
    pub fn field(mut self, field: &str) -> Row {
        self.field = Some(field.to_string());
        self
    }

    /// Expects the run to fail with an `invalid-instruction` error naming `field`.
    pub fn expect_invalid(self, field: &str) -> Row {
        self.expect_error(ErrorClass::InvalidInstruction)
            .field(field)
    }

    /// Expects `class`, or a successful run observing nothing when `None` (the rows of
    /// validation tables: `None` means the form is valid).
    pub fn expect_validation(self, class: Option<ErrorClass>) -> Row {
        match class {
            Some(class) => self.expect_error(class),
            None => self,
        }
    }

    fn error(&self, message: impl Into<String>) -> RowError {
        RowError {
            id: self.id.clone(),
            message: message.into(),
        }
    }

    /// The `visa-vector/1` case of this row: its `expect` is the hand-derived value and its
    /// derivation rides in [`DERIVATION_KEY`].
    pub fn to_case(&self) -> Result<Case, RowError> {
        if let Some(fault) = self.faults.first() {
            return Err(self.error(fault.clone()));
        }
        if self.derivation.is_empty() {
            return Err(self.error("no derivation"));
        }
        if self.field.is_some() && matches!(self.expect, Outcome::State(_)) {
            return Err(self.error("names an error field but expects a state"));
        }
        let expect = match &self.expect {
            Outcome::Error(class) => Expect::Error(*class),
            Outcome::State(wants) => {
                let mut state = ExpectState::default();
                for want in wants {
                    self.add(&mut state, want)?;
                }
                Expect::State(state)
            }
        };
        // The canonical spelling (all four parts), the one implementations list in `hello`.
        let profile = match &self.profile {
            None => None,
            Some(name) => match DpasProfile::parse(name) {
                Some(p) => Some(p.to_string()),
                None => return Err(self.error(format!("unknown numeric profile `{name}`"))),
            },
        };
        let mut extensions = BTreeMap::new();
        extensions.insert(
            DERIVATION_KEY.to_string(),
            Value::String(self.derivation.clone()),
        );
        if let Some(field) = &self.field {
            extensions.insert(ERROR_FIELD_KEY.to_string(), Value::String(field.clone()));
        }
        Ok(Case {
            id: self.id.clone(),
            tags: self.tags.clone(),
            platform: self.platform,
            errata: self.errata.clone(),
            profile,
            program: self.program.clone(),
            launch: None,
            init: self.init.clone(),
            expect: Some(expect),
            discriminates: None,
            extensions,
        })
    }

    fn add(&self, state: &mut ExpectState, want: &Want) -> Result<(), RowError> {
        let mut var = |name: &str, allowed: Allowed| {
            if state.vars.insert(name.to_string(), allowed).is_some() {
                return Err(self.error(format!("`{name}` is expected twice")));
            }
            Ok(())
        };
        match want {
            Want::Lanes {
                var: name,
                ty,
                values,
            } => {
                let size = ty.size();
                let mut bytes = Vec::with_capacity(size * values.len());
                for value in values {
                    if size < 8 && value >> (8 * size) != 0 {
                        return Err(self.error(format!(
                            "{value:#x} does not fit an element of type {ty:?} of `{name}`"
                        )));
                    }
                    bytes.extend_from_slice(&value.to_le_bytes()[..size]);
                }
                var(name, Allowed::exact(&bytes))
            }
            Want::Bytes { var: name, bytes } => var(name, Allowed::exact(bytes)),
            Want::Pattern { var: name, bytes } => var(name, Allowed::Bytes(Pattern(bytes.clone()))),
            Want::Pred { name, mask } => {
                if state.preds.insert(name.clone(), *mask).is_some() {
                    return Err(self.error(format!("`{name}` is expected twice")));
                }
                Ok(())
            }
            Want::Mem { space, addr, bytes } => {
                state.mem.push(MemExpect {
                    space: space.clone(),
                    addr: *addr,
                    bytes: Allowed::Bytes(Pattern(bytes.clone())),
                });
                Ok(())
            }
            Want::Reg {
                var: name,
                at,
                bytes,
            } => {
                let Some(size) = decl_size(&self.program, name) else {
                    return Err(self.error(format!("`{name}` is not declared")));
                };
                if at + bytes.len() > size {
                    return Err(
                        self.error(format!("bytes {at}.. of `{name}` pass its {size} bytes"))
                    );
                }
                let mut pattern = vec![None; size];
                pattern[*at..at + bytes.len()].copy_from_slice(bytes);
                var(name, Allowed::Bytes(Pattern(pattern)))
            }
        }
    }
}

/// The byte size `.decl NAME ... type=T num_elts=N` gives a general (or address, surface,
/// sampler) variable of `program`: the element size of T (UW for an address, UD for a
/// surface or sampler) times N. Read from the text as the rows write it; `None` when the
/// program does not declare `name` that way.
pub fn decl_size(program: &str, name: &str) -> Option<usize> {
    let line = program.lines().find(|l| {
        let mut words = l.split_whitespace();
        words.next() == Some(".decl") && words.next() == Some(name)
    })?;
    let field = |key: &str| {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(key).map(str::to_string))
    };
    let elements: usize = field("num_elts=")?.parse().ok()?;
    let size = match field("v_type=")?.as_str() {
        "G" => field("type=")?.parse::<DataType>().ok()?.size(),
        "A" => 2,
        "T" | "S" => 4,
        _ => return None,
    };
    Some(size * elements)
}

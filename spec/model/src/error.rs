//! The error taxonomy. Classes are stable strings: vectors and the certification protocol
//! assert them, so a class is never renamed.

use std::fmt;

/// Stable error classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorClass {
    /// The assembly text does not parse.
    Syntax,
    /// The program parses but breaks a rule of the documents (types, regions, masks, declarations).
    InvalidInstruction,
    /// A valid construct the engine does not execute (yet, or on this platform).
    Unsupported,
    /// The documents leave the behaviour undefined (out-of-bound access, misaligned address, ...).
    UndefinedBehaviour,
    /// A vector file or case is malformed.
    InvalidVector,
    /// The program did not end within the step limit ([`crate::config::ExecConfig::step_limit`]).
    StepLimit,
    /// The program exceeded its cost budget ([`crate::config::ExecConfig::cost_limit`]): the
    /// work its executed instructions stand for, weighed per instruction, not only counted.
    CostLimit,
    /// The program exceeded a bound on the resources one run may hold: call depth, the memory
    /// of live call frames, the total declared state, the size of the observed output, the
    /// text of a program across its files.
    ResourceLimit,
    /// Two threads touched the same byte unordered by barriers, fences and atomics, at
    /// least one of them writing, not both atomically (raised by launches, docs/races.md).
    DataRace,
    /// The threads of a work-group did not all reach the same barrier (raised by
    /// thread-group runs).
    BarrierDivergence,
    /// Every live thread of a work-group waits and none can proceed (raised by thread-group
    /// runs).
    Deadlock,
    /// An internal invariant broke: a bug in this project.
    ModelBug,
}

impl ErrorClass {
    pub const ALL: [ErrorClass; 12] = [
        ErrorClass::Syntax,
        ErrorClass::InvalidInstruction,
        ErrorClass::Unsupported,
        ErrorClass::UndefinedBehaviour,
        ErrorClass::InvalidVector,
        ErrorClass::StepLimit,
        ErrorClass::CostLimit,
        ErrorClass::ResourceLimit,
        ErrorClass::DataRace,
        ErrorClass::BarrierDivergence,
        ErrorClass::Deadlock,
        ErrorClass::ModelBug,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorClass::Syntax => "syntax",
            ErrorClass::InvalidInstruction => "invalid-instruction",
            ErrorClass::Unsupported => "unsupported",
            ErrorClass::UndefinedBehaviour => "undefined-behaviour",
            ErrorClass::InvalidVector => "invalid-vector",
            ErrorClass::StepLimit => "step-limit",
            ErrorClass::CostLimit => "cost-limit",
            ErrorClass::ResourceLimit => "resource-limit",
            ErrorClass::DataRace => "data-race",
            ErrorClass::BarrierDivergence => "barrier-divergence",
            ErrorClass::Deadlock => "deadlock",
            ErrorClass::ModelBug => "model-bug",
        }
    }

    pub fn parse(s: &str) -> Option<ErrorClass> {
        ErrorClass::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

impl fmt::Display for ErrorClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where in the assembly text an error was found (1-based line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// An error with its class, a message, and where it was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VisaError {
    pub class: ErrorClass,
    pub message: String,
    /// Position in the program text, when the error is tied to one.
    pub pos: Option<Pos>,
    /// The field (operand, key, ...) at fault, when there is one.
    pub field: Option<String>,
}

impl VisaError {
    pub fn new(class: ErrorClass, message: impl Into<String>) -> Self {
        VisaError {
            class,
            message: message.into(),
            pos: None,
            field: None,
        }
    }
    pub fn syntax(pos: Pos, message: impl Into<String>) -> Self {
        VisaError::new(ErrorClass::Syntax, message).at(pos)
    }
    pub fn invalid(message: impl Into<String>) -> Self {
        VisaError::new(ErrorClass::InvalidInstruction, message)
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        VisaError::new(ErrorClass::Unsupported, message)
    }
    pub fn undefined(message: impl Into<String>) -> Self {
        VisaError::new(ErrorClass::UndefinedBehaviour, message)
    }
    pub fn model_bug(message: impl Into<String>) -> Self {
        VisaError::new(ErrorClass::ModelBug, message)
    }
    /// Attaches a position unless one is already set.
    pub fn at(mut self, pos: Pos) -> Self {
        self.pos.get_or_insert(pos);
        self
    }
    /// Attaches a field name unless one is already set.
    pub fn field(mut self, field: impl Into<String>) -> Self {
        if self.field.is_none() {
            self.field = Some(field.into());
        }
        self
    }
}

impl fmt::Display for VisaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.class)?;
        if let Some(pos) = self.pos {
            write!(f, " at {pos}")?;
        }
        if let Some(field) = &self.field {
            write!(f, " in {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

pub type Result<T, E = VisaError> = std::result::Result<T, E>;

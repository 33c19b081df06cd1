//! # visa-model: the shared model of Intel's vISA
//!
//! Everything both engines agree on before an instruction executes: data types
//! ([`types`]), platforms ([`platform`]), the instruction IR with its family vocabularies
//! ([`ir`]), machine state ([`state`]), the assembly text ([`asm`]) and its validation into
//! the IR ([`validate`]), the per-opcode facts validation is driven by ([`forms`]), the errata
//! ledger ([`errata`]), numeric profiles ([`profile`]), what an execution may vary ([`config`]), what
//! executing an instruction costs ([`cost`]) and what becomes of each instruction document
//! ([`documents`]).
//!
//! The instruction semantics live in the crate `visa-spec`; the fast engine `visa-oracle`
//! depends on this crate only, so it cannot call them.
//!
//! ```
//! use visa_model::{asm, platform::Platform, validate};
//!
//! let text = ".decl V1 v_type=G type=d num_elts=8\n\
//!             add (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x5:d\n";
//! let program = validate::validate(&asm::parse(text).unwrap(), Platform::XeHpg).unwrap();
//! assert_eq!(program.insns.len(), 1);

//! ```

pub mod asm;
pub mod config;
pub mod contract;
pub mod cost;
pub mod documents;
pub mod errata;
pub mod error;
pub mod forms;
pub mod ir;
pub mod opcode;
pub mod platform;
pub mod profile;
pub mod state;
pub mod types;
pub mod validate;

pub use error::{ErrorClass, VisaError};

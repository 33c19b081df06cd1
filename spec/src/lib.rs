//! # visa-spec: the literal semantics of Intel's vISA
//!
//! The shared model (data types, platforms, machine state, operands and regions, the
//! assembly text and its validation) and one module per instruction document under
//! [`insn`], each a side-by-side transcription of its document's Semantics block.
//!
//! ```
//! use visa_spec::{asm, exec, platform::Platform, state::MachineState, validate};
//!
//! let text = ".decl V1 v_type=G type=d num_elts=8\n\
//!             .decl V2 v_type=G type=d num_elts=8\n\
//!             add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x5:d\n";
//! let program = validate::validate(&asm::parse(text).unwrap(), Platform::XeHpg).unwrap();
//! let mut state = MachineState::new(&program.vars);
//! exec::run(&program, &mut state, &exec::ExecConfig::default()).unwrap();
//! let v1 = program.vars.find("V1").unwrap();
//! assert_eq!(&state.read_var(&program.vars, v1)[..4], &5i32.to_le_bytes());
//! ```

// The semantics transcribe the documents' `for (i = 0; i < exec_size; ++i)` loops as they
// stand, so indexed loops are the point, not an oversight.
#![allow(clippy::needless_range_loop)]

pub mod asm;
pub mod errata;
pub mod error;
pub mod exec;
pub mod forms;
pub mod insn;
pub mod ir;
pub mod lsc;
pub mod lsc_typed;
pub mod num;
pub mod operand;
pub mod platform;
pub mod profile;
pub mod state;
pub mod svm;
pub mod types;
pub mod validate;

pub use error::{ErrorClass, VisaError};

//! # visa-spec: the literal semantics of Intel's vISA
//!
//! One module per instruction document under [`insn`], each a side-by-side transcription of
//! its document's Semantics block, the exact arithmetic they use ([`num`]), operand access in
//! the documents' terms ([`operand`]) and the interpreter that runs a validated program
//! ([`exec`]).
//!
//! The shared model (data types, platforms, the IR, machine state, assembly text and its
//! validation, the errata ledger, profiles) is the crate `visa-model`; its modules are
//! re-exported here under the same names, so `visa_spec::ir` is `visa_model::ir`.
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

pub mod exec;
pub mod flow;
pub mod insn;
pub mod num;
pub mod operand;

pub use visa_model::{
    asm, config, contract, cost, errata, error, forms, ir, opcode, platform, profile, state, types,
    validate,
};
pub use visa_model::{ErrorClass, VisaError};

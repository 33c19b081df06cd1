//! # visa-oracle: a fast vISA engine
//!
//! Executes the same validated IR as `visa-spec` ([`visa_model::ir::Program`]) on the same
//! [`MachineState`] with bit-for-bit the same observable behaviour, but is written
//! independently of the spec's semantics: it shares only the data model (types, platform,
//! IR, state, errata ids, errors).
//!
//! A program is compiled once into a [`Plan`]: operands become byte-offset tables or
//! contiguous bases, and every instruction gets lane kernels instantiated for its source and
//! destination types. [`run_batch`] runs many (plan, state) cases on every core.
//!
//! ```
//! # use visa_model::{asm::ast::{MaskControl, VarClass}, config::ExecConfig, ir::*, platform::Platform,
//! #     state::{MachineState, Vars}, types::DataType, error::Pos};
//! // add (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x5:d
//! let mut vars = Vars::new(Platform::XeHpg);
//! let v1 = vars.declare("V1", VarClass::General, DataType::D, 8, 4, None).unwrap();
//! let insn = Instruction {
//!     pos: Pos::default(), opcode: Opcode::Add, pred: None, mask: MaskControl::M1, exec_size: 8,
//!     sat: false, ctrl: Ctrl::None, dst2: None,
//!     dst: Dst::General { var: v1, row: 0, col: 0, hstride: 1, ty: DataType::D },
//!     srcs: vec![
//!         Src::General { var: v1, row: 0, col: 0, region: Region { vstride: 1, width: 1, hstride: 0 },
//!                        modifier: None, ty: DataType::D },
//!         Src::Imm { bits: 5, ty: DataType::D },
//!     ],
//! };
//! let program = Program::new(Platform::XeHpg, vars, vec![insn]);
//! let mut state = MachineState::new(&program.vars);
//! visa_oracle::run(&program, &mut state, &ExecConfig::default()).unwrap();
//! let v1 = program.vars.find("V1").unwrap();
//! assert_eq!(&state.read_var(&program.vars, v1)[..4], &5i32.to_le_bytes());
//! ```

// Unsafe code only where an explicit SIMD kernel needs it (dpas::int::avx2,
// dpas::bytes::x86), each block with its SAFETY argument.
#![deny(unsafe_code)]

mod alu;
mod dpas;
mod fp8;
mod fused;
mod kernel;
mod lane;
// LRP and PLN.
mod lerp;
pub mod math;
mod mathop;
mod mem;
mod mode;
mod near;
mod operand;
mod plan;
mod second;
mod select;
pub mod softfloat;
pub mod surface_format;

use rayon::prelude::*;
use visa_model::config::ExecConfig;
use visa_model::ir::Program;
use visa_model::state::MachineState;
use visa_model::VisaError;

pub use plan::{Plan, Thread};
pub use visa_model::ir::sync::{Outcome, Stop};

/// Executes every instruction of `program` in order on `state`, with the contract of the
/// spec engine: errors carry the instruction's position, and on error the state holds the
/// effects of the instructions before the failing one (which writes nothing).
pub fn run(
    program: &Program,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<(), VisaError> {
    Plan::compile(program, config)?.run(state)
}

/// Runs many cases in parallel over all cores: each plan on its own state. The results are
/// in the order of `cases`.
pub fn run_batch(cases: &mut [(&Plan, MachineState)]) -> Vec<Result<(), VisaError>> {
    cases
        .par_iter_mut()
        .map(|(plan, state)| plan.run(state))
        .collect()
}

/// Runs one plan on many states in parallel over all cores. The results are in the order of
/// `states`.
pub fn run_batch_states(plan: &Plan, states: &mut [MachineState]) -> Vec<Result<(), VisaError>> {
    states.par_iter_mut().map(|state| plan.run(state)).collect()
}

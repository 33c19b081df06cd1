//! Edge catalog of LSC_UNTYPED's `lsc_load` and `lsc_store` on the spec engine
//! (instructions/LSC_UNTYPED.md, Semantics LOAD and STORE); the rows, with their hand
//! derivations, are in lsc_rows/rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_spec::exec::run(program, state, config)
}

include!("lsc_rows/rows.rs");

//! Edge catalog of LSC_TYPED (instructions/LSC_TYPED.md) on the spec engine; the rows, with
//! their hand derivations, are in lsc_rows/typed_rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_spec::exec::run(program, state, config)
}

include!("lsc_rows/typed_rows.rs");

//! The edge catalog of LSC_TYPED's block 2D forms (hand-derived rows in
//! spec/tests/lsc_rows/typed2d_rows.rs) on the oracle.
#![allow(clippy::unwrap_used)]

fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_oracle::run(program, state, config)
}

include!("../../spec/tests/lsc_rows/typed2d_rows.rs");

// The engine the shared memory catalogs (spec/tests/lsc_rows) run on
// in the oracle's tests: spec/tests/common/mem_rows.rs calls `engine_run`, which the spec's
// tests define as `visa_spec::exec::run` (spec/tests/common/spec_engine.rs).
fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_oracle::run(program, state, config)
}

// The engine the spec's memory catalogs run their shared rows on (common/mem_rows.rs calls
// `engine_run`; the oracle's tests define it as `visa_oracle::run`).
fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_spec::exec::run(program, state, config)
}

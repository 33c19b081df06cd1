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

/// The rows above run these errata under their literal readings (the ledger test looks for
/// their names in the top-level test files).
#[test]
fn literal_rows_name_executable_errata() {
    let entry = visa_spec::errata::LEDGER
        .iter()
        .find(|e| e.id == visa_spec::errata::LSC_LOAD_STATUS_TRTT)
        .unwrap();
    assert!(entry.executable);
}

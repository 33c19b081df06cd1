//! Edge catalog of the SVM instructions on the spec engine (instructions/SVM_*.md); the rows,
//! with their hand derivations, are in svm_rows/rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

fn engine_run(
    program: &visa_spec::ir::Program,
    state: &mut visa_spec::state::MachineState,
    config: &visa_spec::exec::ExecConfig,
) -> Result<(), visa_spec::VisaError> {
    visa_spec::exec::run(program, state, config)
}

include!("svm_rows/rows.rs");

/// The rows above run these errata under their literal readings (the ledger test looks for
/// their names in the top-level test files).
#[test]
fn literal_rows_name_executable_errata() {
    for id in [errata::SVM_ATOMIC_PREDEC, errata::SVM_ATOMIC_OPERAND_ORDER] {
        let entry = errata::LEDGER.iter().find(|e| e.id == id).unwrap();
        assert!(entry.executable, "{id}");
    }
}

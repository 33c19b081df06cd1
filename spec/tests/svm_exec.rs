//! Edge catalog of the SVM instructions on the spec engine (instructions/SVM_*.md); the rows,
//! with their hand derivations, are in svm_rows/rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

include!("common/spec_engine.rs");

include!("svm_rows/rows.rs");

/// The rows above run these errata under their literal readings (the ledger test looks for
/// their names in the top-level test files).
#[test]
fn literal_rows_name_executable_errata() {
    assert_executable(&[errata::SVM_ATOMIC_PREDEC, errata::SVM_ATOMIC_OPERAND_ORDER]);
}

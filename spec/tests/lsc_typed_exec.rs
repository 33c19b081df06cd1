//! Edge catalog of LSC_TYPED (instructions/LSC_TYPED.md) on the spec engine; the rows, with
//! their hand derivations, are in lsc_rows/typed_rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

include!("common/spec_engine.rs");

include!("lsc_rows/typed_rows.rs");

/// The rows above run these errata under their literal readings (the ledger test looks for
/// their names in the top-level test files).
#[test]
fn literal_rows_name_executable_errata() {
    assert_executable(&[visa_spec::errata::LSC_LOAD_STATUS_TRTT]);
}

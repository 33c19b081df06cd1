//! Edge catalog of LSC_TYPED's block 2D forms (instructions/LSC_TYPED.md) on the spec
//! engine; the rows, with their hand derivations, are in lsc_rows/typed2d_rows.rs, which the
//! oracle runs too. They run LSC-TYPED-BLOCK2D-INDEX under its literal reading (the ledger
//! test looks for the erratum's name in the top-level test files).
#![allow(clippy::unwrap_used)]

include!("common/spec_engine.rs");

include!("lsc_rows/typed2d_rows.rs");

/// The literal rows above run an executable erratum.
#[test]
fn literal_rows_name_an_executable_erratum() {
    assert_executable(&[visa_spec::errata::LSC_TYPED_BLOCK2D_INDEX]);
}

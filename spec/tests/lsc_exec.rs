//! Edge catalog of LSC_UNTYPED's `lsc_load` and `lsc_store` on the spec engine
//! (instructions/LSC_UNTYPED.md, Semantics LOAD and STORE); the rows, with their hand
//! derivations, are in lsc_rows/rows.rs, which the oracle runs too.
#![allow(clippy::unwrap_used)]

include!("common/spec_engine.rs");

include!("lsc_rows/rows.rs");

/// The rows above run these errata under their literal readings (the ledger test looks for
/// their names in the top-level test files).
#[test]
fn literal_rows_name_executable_errata() {
    assert_executable(&[
        errata::LSC_STORE_DSTDATA,
        errata::LSC_STORE_ELEM_OFFSET,
        errata::LSC_DATA_U32,
        errata::LSC_STRIDED_ADDR,
        errata::LSC_STORE_STRIDED_V,
        errata::LSC_ATOMIC_OPERANDS,
        errata::BLOCK2D_MINUS_ONE,
        errata::BLOCK2D_TEXT_SWAP,
        errata::BLOCK2D_SURFACE_MINUS_ONE,
        errata::BLOCK2D_ROW_Y,
        errata::BLOCK2D_STORE_INDEX,
        errata::BLOCK2D_STRADDLE,
        errata::BLOCK2D_LIMITS,
    ]);
}

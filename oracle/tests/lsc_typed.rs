//! The edge catalog of LSC_TYPED (hand-derived rows in spec/tests/lsc_rows/typed_rows.rs) on
//! the oracle.
#![allow(clippy::unwrap_used)]

include!("common/oracle_engine.rs");

include!("../../spec/tests/lsc_rows/typed_rows.rs");

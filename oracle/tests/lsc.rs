//! The edge catalog of LSC_UNTYPED's `lsc_load` and `lsc_store` (hand-derived rows in
//! spec/tests/lsc_rows/rows.rs) on the oracle.
#![allow(clippy::unwrap_used)]

include!("common/oracle_engine.rs");

include!("../../spec/tests/lsc_rows/rows.rs");

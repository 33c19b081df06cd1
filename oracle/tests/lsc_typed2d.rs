//! The edge catalog of LSC_TYPED's block 2D forms (hand-derived rows in
//! spec/tests/lsc_rows/typed2d_rows.rs) on the oracle.
#![allow(clippy::unwrap_used)]

include!("common/oracle_engine.rs");

include!("../../spec/tests/lsc_rows/typed2d_rows.rs");

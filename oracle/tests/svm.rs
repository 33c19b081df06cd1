//! The edge catalog of the SVM instructions (hand-derived rows in
//! spec/tests/svm_rows/rows.rs) on the oracle.
#![allow(clippy::unwrap_used)]

include!("common/oracle_engine.rs");

include!("../../spec/tests/svm_rows/rows.rs");

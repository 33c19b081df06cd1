//! # visa-conformance: vectors, cross-checks and the `visa-conform` command line
//!
//! - [`vector`]: the `visa-vector/1` file format (read, write, allowed sets).
//! - [`case`]: running a case on an engine and comparing what it observes with what the case
//!   expects.
//! - [`catalog`]: the hand-derived edge cases, as vectors (`vectors/catalog/`).
//! - [`gen`]: generators of valid cases (proptest strategies).
//! - [`input`]: reading untrusted input: JSON with unique keys, bounded lines and echoes.
//! - [`junit`]: JUnit XML reports of a check.
//! - [`golden`]: the golden vector files (`gen`).
//! - [`bench`](mod@bench): throughput of the engines (`bench`).
//! - [`dut`]: certification of implementations through the `visa-dut/1` protocol (`serve`,
//!   `certify`, `merge`).
//! - [`cli`]: the `visa-conform` commands (DESIGN.md "Command line").

pub mod bench;
pub mod case;
pub mod catalog;
pub mod cli;
pub mod coverage;
pub mod dut;
pub mod gen;
pub mod golden;
pub mod input;
pub mod junit;
pub mod vector;

pub use case::{compare, run_case, EngineKind, Mismatch, Observed, Outcome, Verdict};
pub use vector::{read_file, read_str, write_cases, Case, Expect, VectorError};

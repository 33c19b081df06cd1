//! Certification of vISA implementations through the `visa-dut/1` protocol (DESIGN.md
//! "Certification protocol"; docs/protocol.md, docs/certify.md).
//!
//! - [`protocol`]: the messages (`hello`, `run`, `result`) and their readers and writers.
//! - [`serve`]: `visa-conform serve`, the project's engines as implementations.
//! - [`mutant`]: deliberately faulty engines that prove the runner catches bugs.
//! - [`runner`]: child processes, pipelining, time limits, crash and garbage recovery.
//! - [`cases`]: the case set (vectors, generated cases, `--only`, `--shard`).
//! - [`grade`]: grading answers; errata tolerance judged per erratum over the run, or strict.
//! - [`shrink`]: minimal failing cases, by asking the implementation again.
//! - [`journal`]: results as they arrive; resuming an interrupted run.
//! - [`accuracy`]: the accuracy of approximated math answers against the exact values.
//! - [`report`]: `report.json`, JUnit XML, the terminal table; merging shard reports.
//! - [`certify`]: `visa-conform certify` and `merge`.

pub mod accuracy;
pub mod cases;
pub mod certify;
pub mod grade;
pub mod journal;
pub mod mutant;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod serve;
pub mod shrink;

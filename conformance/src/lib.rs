//! # visa-conformance: vectors, cross-checks and the `visa-conform` command line
//!
//! ## Layers
//!
//! Modules depend in one direction, each on its own layer and the ones above it in this list,
//! never on one below (conformance/tests/layering.rs reads the sources and checks it, and
//! that no two modules of any crate of the workspace import each other):
//!
//! 1. **Formats**: [`input`] (untrusted input: JSON with unique keys, bounded lines and
//!    echoes), [`vector`] (the `visa-vector/1` format: read, write, allowed sets, hex, the
//!    directory walk and the manifest), [`junit`] (JUnit XML reports), [`exit`] (exit
//!    statuses), and of [`launch`] the readers a launch case of the vector format uses:
//!    [`launch::interface`] (the kernel-interface JSON), [`launch::arg`] (the `--arg`
//!    values), [`launch::image`] and [`launch::sampler`] (the image and sampler arguments
//!    among them).
//! 2. **Case running**: [`case`]: compiling a case ([`case::compile`], the one road from a
//!    case to a run), running it on an engine and comparing what it observes with what the
//!    case expects.
//! 3. **Expectations**: [`expect`]: a case's expected result from the spec engine, the allowed
//!    sets of numeric profiles and open readings, free NaN encodings, the errata a case
//!    discriminates.
//! 4. **Generators**: [`gen`]: generators of valid cases (proptest strategies).
//! 5. **Registry**: [`registry`]: the one table of instructions, keyed by opcode and family,
//!    pairing each golden file with its generator, validity predicate and weight.
//! 6. **Tools**: [`golden`] (the golden vector files, `gen`), [`coverage`] (`coverage`),
//!    [`bench`](mod@bench) (throughput, `bench`), [`dut`] (certification through the
//!    `visa-dut/1` protocol: `serve`, `certify`, `merge`), [`catalog`] (the hand-derived
//!    edge cases as vectors, `vectors/catalog/`, with the engine trait that runs them on spec,
//!    oracle or an implementation), [`launch`] (a kernel over an NDRange, as the driver
//!    launches it, from IGC's description of it or a kernel-interface JSON: `launch`).
//! 7. **Command line**: [`cli`]: the `visa-conform` commands (DESIGN.md "Command line"), the
//!    clap enum and the dispatch, one file per command it implements.

pub mod bench;
pub mod case;
pub mod catalog;
pub mod cli;
pub mod coverage;
pub mod dut;
pub mod exit;
pub mod expect;
pub mod gen;
pub mod golden;
pub mod input;
pub mod junit;
pub mod launch;
pub mod registry;
pub mod vector;

pub use case::{compare, run_case, EngineKind, Mismatch, Observed, Outcome, Verdict};
pub use vector::{read_file, read_str, write_cases, Case, Expect, VectorError};

//! The `visa-conform` command line (DESIGN.md "Command line"; docs/commands.md): the clap
//! enum of the commands and the dispatch, with one file per command this module implements
//! (`exec` and its `--trace`, `launch`, `check`, `fmt`, `validate`, `gen`). `bench`, `coverage`,
//! `serve`, `certify` and `merge` take their arguments and run in the tools that implement
//! them ([`crate::bench`], [`crate::coverage`], [`crate::dut`]).
//!
//! Every command writes to the writers it is given, so tests can run it in process, and
//! returns its exit status ([`crate::exit`]): [`EXIT_OK`](crate::exit::EXIT_OK),
//! [`EXIT_FAIL`](crate::exit::EXIT_FAIL) (a case failed) or [`EXIT_INPUT`] (unreadable input
//! or bad usage).

mod check;
mod exec;
mod fmt;
mod gen;
mod input;
mod launch;
mod trace;
mod validate;

use std::io::Write;

use clap::{Parser, Subcommand};

use crate::exit::EXIT_INPUT;

pub use check::CheckArgs;
pub use exec::{exec_report, ExecArgs};
pub use fmt::FmtArgs;
pub use gen::GenArgs;
pub use launch::LaunchArgs;
pub use validate::ValidateArgs;

/// Conformance tooling for the vISA reference semantics.
#[derive(Debug, Parser)]
#[command(name = "visa-conform", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one case and print what it observed as one JSON line.
    Exec(ExecArgs),
    /// Launch a kernel over an NDRange as the driver does, its arguments from the host.
    Launch(LaunchArgs),
    /// Run every case of vector files and report failures (the regression gate).
    Check(CheckArgs),
    /// Print vISA assembly text in canonical form.
    Fmt(FmtArgs),
    /// Validate whole assembly texts (IGC dumps), reporting every line the rules reject and
    /// every instruction this version does not execute.
    Validate(ValidateArgs),
    /// Write the golden vectors and their manifest (deterministic for a seed).
    Gen(GenArgs),
    /// Measure the throughput of the engines on generated case streams.
    Bench(crate::bench::BenchArgs),
    /// Count the cases per instruction, type signature and platform, and list the type-map
    /// cells no case reaches.
    Coverage(crate::coverage::CoverageArgs),
    /// Speak the visa-dut/1 protocol on stdin and stdout with an engine (or a mutant).
    Serve(crate::dut::serve::ServeArgs),
    /// Certify an implementation (default: the bundled oracle) through visa-dut/1.
    Certify(crate::dut::certify::CertifyArgs),
    /// Join the reports of a sharded certification.
    Merge(crate::dut::certify::MergeArgs),
}

/// The `visa-conform` program: parses the process's arguments and runs the command on
/// stdout and stderr, returning its exit status. Before `certify` runs, an interrupt ends
/// the run cleanly (the report and journal are kept).
pub fn main() -> u8 {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Certify(_)) {
        if let Err(e) = crate::dut::certify::handle_interrupts() {
            eprintln!("visa-conform: {e}");
        }
    }
    run(
        cli,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )
}

/// Runs a parsed command line.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let status = match cli.command {
        Command::Exec(args) => exec::run(&args, out, err),
        Command::Launch(args) => launch::run(&args, out, err),
        Command::Check(args) => check::run(&args, out, err),
        Command::Fmt(args) => fmt::run(&args, out, err),
        Command::Validate(args) => validate::run(&args, out, err),
        Command::Gen(args) => gen::run(&args, out, err),
        Command::Bench(args) => crate::bench::run(&args, out),
        Command::Coverage(args) => crate::coverage::run(&args, out),
        Command::Serve(args) => crate::dut::serve::run(&args, out, err),
        Command::Certify(args) => crate::dut::certify::run(&args, out, err),
        Command::Merge(args) => crate::dut::certify::merge(&args, out, err),
    };
    // A closed stdout or stderr leaves nothing useful to report.
    status.unwrap_or(EXIT_INPUT)
}

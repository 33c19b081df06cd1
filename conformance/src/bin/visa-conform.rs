//! `visa-conform`: see docs/commands.md.

use std::process::ExitCode;

use clap::Parser;
use visa_conformance::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = cli::run(
        cli,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    ExitCode::from(code)
}

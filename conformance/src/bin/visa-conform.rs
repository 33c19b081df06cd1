//! `visa-conform`: see docs/commands.md.

use std::process::ExitCode;

use clap::Parser;
use visa_conformance::cli::{self, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, cli::Command::Certify(_)) {
        if let Err(e) = visa_conformance::dut::certify::handle_interrupts() {
            eprintln!("visa-conform: {e}");
        }
    }
    let code = cli::run(
        cli,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    ExitCode::from(code)
}

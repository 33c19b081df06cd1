//! `visa-conform`: see docs/commands.md.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(visa_conformance::cli::main())
}

//! The exit statuses of `visa-conform` (docs/commands.md): every command returns one of these,
//! and the binary exits with it.

/// Everything passed, or the command has no verdict.
pub const EXIT_OK: u8 = 0;
/// At least one case failed.
pub const EXIT_FAIL: u8 = 1;
/// The input could not be read or parsed, the command line is wrong, or (`certify`,
/// `merge`) the report could not be written.
pub const EXIT_INPUT: u8 = 2;
/// `certify` was interrupted (Ctrl-C, SIGTERM, SIGHUP): 128 + SIGINT, as a shell reports a
/// program killed by Ctrl-C. The report written is incomplete; the same command resumes.
pub const EXIT_INTERRUPTED: u8 = 130;

//! What an execution may vary, for every engine alike.

use crate::errata::Readings;
use crate::profile::DpasProfile;

/// What an execution may vary: the reading of each erratum (default: resolved), the numeric
/// profile of float DPAS (default: [`DpasProfile::default`]) and the step limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecConfig {
    pub readings: Readings,
    pub profile: DpasProfile,
    /// The most instructions one run executes (default [`ExecConfig::DEFAULT_STEP_LIMIT`]):
    /// a program still running after them ends with a `step-limit` error, so that a program
    /// that does not terminate never hangs an engine.
    pub step_limit: u64,
}

impl ExecConfig {
    /// The default step limit: one million executed instructions, far more than any kernel
    /// of the vectors runs, and a few seconds of the specification engine.
    pub const DEFAULT_STEP_LIMIT: u64 = 1_000_000;

    /// The given readings and profile with the default step limit.
    pub fn new(readings: Readings, profile: DpasProfile) -> ExecConfig {
        ExecConfig {
            readings,
            profile,
            step_limit: ExecConfig::DEFAULT_STEP_LIMIT,
        }
    }
}

impl Default for ExecConfig {
    fn default() -> ExecConfig {
        ExecConfig::new(Readings::default(), DpasProfile::default())
    }
}

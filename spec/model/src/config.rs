//! What an execution may vary, for every engine alike.

use crate::errata::Readings;
use crate::profile::DpasProfile;

/// What an execution may vary: the reading of each erratum (default: resolved), the numeric
/// profile of float DPAS (default: [`DpasProfile::default`]) and the bounds of one run: the
/// step limit, the cost budget, the call depth and the bytes of live call frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecConfig {
    pub readings: Readings,
    pub profile: DpasProfile,
    /// The most instructions one run executes (default [`ExecConfig::DEFAULT_STEP_LIMIT`]):
    /// a program still running after them ends with a `step-limit` error, so that a program
    /// that does not terminate never hangs an engine.
    pub step_limit: u64,
    /// The most cost one run spends (default [`ExecConfig::DEFAULT_COST_LIMIT`]), the cost of
    /// each executed instruction being [`crate::cost::of`]: the instruction whose cost would
    /// take the total past it does not execute, and the run ends with a `cost-limit` error
    /// at it. The step limit bounds how many instructions run; this bounds the work they
    /// stand for, so a short loop of costly instructions cannot run for minutes.
    pub cost_limit: u64,
    /// The most calls in progress at once, CALL, FCALL and IFCALL alike (default
    /// [`ExecConfig::DEFAULT_CALL_DEPTH_LIMIT`]): a call that would go deeper ends the run
    /// with a `resource-limit` error at the call.
    pub call_depth_limit: u32,
    /// The most bytes the calls in progress keep for their return (default
    /// [`ExecConfig::DEFAULT_FRAME_BYTES_LIMIT`]): each activation of a function saves the
    /// callee's own variables, so recursion into a function with large variables holds
    /// their bytes once per level. A function call that would keep more ends the run with
    /// a `resource-limit` error at the call.
    pub frame_bytes_limit: u64,
}

impl ExecConfig {
    /// The default step limit: one million executed instructions, far more than any kernel
    /// of the vectors runs, and a few seconds of the specification engine.
    pub const DEFAULT_STEP_LIMIT: u64 = 1_000_000;

    /// The default cost budget: 2^26 units, a unit being about one lane of an integer ALU
    /// instruction on the specification engine ([`crate::cost`]). A million steps of the
    /// widest ALU or selection instruction cost less, so a loop of cheap instructions still
    /// ends at the step limit; a loop of SIMD32 POW ends after about 2,100 of them, three
    /// seconds of the specification engine instead of a quarter of an hour. The costliest
    /// single instruction (a SIMD32 POW, 32,004) is a two-thousandth of it.
    pub const DEFAULT_COST_LIMIT: u64 = 1 << 26;

    /// The default call depth: 1,024 calls in progress. Kernels call a handful of levels
    /// deep, and recursion on the hardware is bounded by a per-thread stack of a few
    /// kilobytes to a few hundred; a thousand levels is far beyond both, and still a small
    /// amount of engine memory.
    pub const DEFAULT_CALL_DEPTH_LIMIT: u32 = 1024;

    /// The default bytes of live call frames: 64 MiB, the register file of a thread
    /// (at most 512 GRFs of 64 bytes, 32 KiB) saved two thousand times over, so a function
    /// whose variables fill the register file recurses to the depth limit. The engines
    /// hold about twice this (the bytes and which of them were undefined) at worst.
    pub const DEFAULT_FRAME_BYTES_LIMIT: u64 = 64 << 20;

    /// The given readings and profile with the default limits.
    pub fn new(readings: Readings, profile: DpasProfile) -> ExecConfig {
        ExecConfig {
            readings,
            profile,
            step_limit: ExecConfig::DEFAULT_STEP_LIMIT,
            cost_limit: ExecConfig::DEFAULT_COST_LIMIT,
            call_depth_limit: ExecConfig::DEFAULT_CALL_DEPTH_LIMIT,
            frame_bytes_limit: ExecConfig::DEFAULT_FRAME_BYTES_LIMIT,
        }
    }
}

impl Default for ExecConfig {
    fn default() -> ExecConfig {
        ExecConfig::new(Readings::default(), DpasProfile::default())
    }
}

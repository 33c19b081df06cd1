//! What the tests of `visa-conform launch` share: the committed IGC dumps, running the
//! command, and reading what it printed and wrote.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

/// The kernels of `dumps/igc/src` that IGC compiled for each of xe-lp, xe-hpg and xe-hpc and
/// that launch and run to their ends (the image kernel takes arguments a launch cannot
/// hold; `recurse`, whose fib(15) takes some 33,000 instructions a thread, runs in
/// launch.rs rather than under the step limits of the tests that launch every kernel).
pub const IGC_KERNELS: [&str; 11] = [
    "atomics",
    "blockread",
    "fmath",
    "loop",
    "mixed",
    "private",
    "reduce",
    "saxpy",
    "shuffle",
    "subgroup",
    "switch",
];

/// conformance/tests/dumps/igc: IGC's dumps of the OpenCL kernels of its `src/`.
pub fn dumps() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dumps/igc")
}

/// `visa-conform launch ARGS...`.
pub fn launch(args: &[&str]) -> Output {
    Command::new(BIN).arg("launch").args(args).output().unwrap()
}

/// The JSON object a launch printed.
pub fn report(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: stdout {} stderr {}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file of little-endian 32-bit integers.
pub fn ints(path: &Path) -> Vec<i32> {
    std::fs::read(path)
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// A file of little-endian floats.
pub fn floats(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .unwrap()
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

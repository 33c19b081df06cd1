//! Cases and helpers shared by the integration tests.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;

pub mod launch;

use visa_conformance::vector::Case;

/// The worked example of docs/vector-format.md: `add.sat` on four F lanes, resolved
/// reading of SAT-NEGATIVE-ZERO (lane 3: -0.0 + -0.0 saturates to +0.0).
pub const ADD_SAT: &str = r#"{"format":"visa-vector/1","id":"add/f/sat/0001","tags":["saturation","negative-zero","SAT-NEGATIVE-ZERO"],"platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n.decl V3 v_type=G type=f num_elts=4\nadd.sat (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n","init":{"vars":{"V2":"0000403f000000c00000803e00000080","V3":"0000003f0000803f0000803e00000080"}},"expect":{"vars":{"V1":"0000803f000000000000003f00000000"}}}"#;

/// The same case with the literal reading pinned but the resolved bytes expected: fails on
/// byte 15 (lane 3), where the literal reading keeps -0.0.
pub const ADD_SAT_LITERAL_WRONG: &str = r#"{"format":"visa-vector/1","id":"add/f/sat/0002","platform":"xe-hpg","errata":{"SAT-NEGATIVE-ZERO":"literal"},"program":".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n.decl V3 v_type=G type=f num_elts=4\nadd.sat (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n","init":{"vars":{"V2":"0000403f000000c00000803e00000080","V3":"0000003f0000803f0000803e00000080"}},"expect":{"vars":{"V1":"0000803f000000000000003f00000000"}}}"#;

/// Either reading of SAT-NEGATIVE-ZERO, as an allowed set.
pub const ADD_SAT_ANY_OF: &str = r#"{"format":"visa-vector/1","id":"add/f/sat/0003","platform":"xe-hpg","errata":{"SAT-NEGATIVE-ZERO":"literal"},"program":".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n.decl V3 v_type=G type=f num_elts=4\nadd.sat (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n","init":{"vars":{"V2":"0000403f000000c00000803e00000080","V3":"0000003f0000803f0000803e00000080"}},"expect":{"vars":{"V1":{"any_of":["0000803f000000000000003f00000000","0000803f000000000000003f00000080"]}}}}"#;

/// An undeclared source: validation rejects it.
pub const UNDECLARED: &str = r#"{"format":"visa-vector/1","id":"add/invalid/0001","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=8\nadd (M1, 8) V1(0,0)<1> V9(0,0)<1;1,0> 0x1:d\n","expect":{"error":"invalid-instruction"}}"#;

/// A predicated `add` on D without `expect`: lanes 4..7 enabled by P1 get V2 + 1.
pub const PREDICATED: &str = r#"{"format":"visa-vector/1","id":"add/d/pred/0001","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=8\n.decl V2 v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=8\n(P1) add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x1:d\n","init":{"vars":{"V2":"0000000001000000020000000300000004000000050000000600000007000000"},"preds":{"P1":"0xf0"},"mem":[{"space":"flat","addr":"0x10000","bytes":"2a000000"}]}}"#;

pub fn case(line: &str) -> Case {
    Case::from_line(line).unwrap()
}

/// A fresh, empty directory for one test.
pub fn tmp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("visa-conform-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The environment variable that marks the processes one test starts.
pub const MARK: &str = "VISA_CONFORM_TEST_MARK";

/// Process ids of the live processes whose environment holds [`MARK`]`=value` (none where
/// `/proc` is not there to tell; a zombie, waiting for its parent, holds nothing).
pub fn marked_processes(value: &str) -> Vec<u32> {
    let needle = format!("{MARK}={value}");
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let zombie = stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
            !zombie
                && std::fs::read(format!("/proc/{pid}/environ"))
                    .is_ok_and(|env| env.split(|b| *b == 0).any(|v| v == needle.as_bytes()))
        })
        .collect()
}

/// The processes one test starts, marked by [`MARK`] in their environment (their children
/// inherit it): listed by [`Marked::alive`], and killed when the guard is dropped, also when
/// an assertion fails, so no test leaves a process behind.
#[derive(Debug)]
pub struct Marked {
    pub value: String,
}

impl Marked {
    pub fn new(test: &str) -> Marked {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        Marked {
            value: format!("{test}-{}-{nanos}", std::process::id()),
        }
    }

    /// A command with the mark in its environment.
    pub fn command(&self, program: &str) -> std::process::Command {
        let mut c = std::process::Command::new(program);
        c.env(MARK, &self.value);
        c
    }

    /// The marked processes still running (zombies are not running).
    pub fn alive(&self) -> Vec<u32> {
        marked_processes(&self.value)
    }

    /// The marked processes still running after waiting up to `patience` for them to end.
    pub fn alive_after(&self, patience: std::time::Duration) -> Vec<u32> {
        let deadline = std::time::Instant::now() + patience;
        loop {
            let alive = self.alive();
            if alive.is_empty() || std::time::Instant::now() >= deadline {
                return alive;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Kills every marked process.
    #[cfg(unix)]
    pub fn kill(&self) {
        use rustix::process::{kill_process, Pid, Signal};
        for pid in self.alive() {
            if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
                let _ = kill_process(pid, Signal::KILL);
            }
        }
    }
}

#[cfg(unix)]
impl Drop for Marked {
    fn drop(&mut self) {
        self.kill();
    }
}

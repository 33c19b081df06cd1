//! `certify` against hostile implementations (`visa-conform serve --fault KIND`): each run
//! fails the right cases with the right kind, ends in bounded time with bounded memory,
//! threads and descriptors, writes its report, prints no escape sequence, and leaves no
//! process behind. certify runs as a separate process so that its threads, descriptors and
//! peak memory can be read from /proc while it runs.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::Marked;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

/// Longer than any of these runs takes on a loaded machine.
const LIMIT: Duration = Duration::from_secs(90);

fn vectors(dir: &Path, bfrev: usize, add: usize) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../vectors/alu");
    let head = |insn: &str, n: usize| -> Vec<String> {
        std::fs::read_to_string(root.join(format!("{insn}.jsonl")))
            .unwrap()
            .lines()
            .take(n)
            .map(str::to_string)
            .collect()
    };
    let mut lines = head("bfrev", bfrev);
    lines.extend(head("add", add));
    let path = dir.join("cases.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.display().to_string()
}

/// What a certify run did, measured from outside.
#[derive(Debug)]
struct Run {
    status: Option<i32>,
    out: Vec<u8>,
    err: Vec<u8>,
    report: Value,
    dir: PathBuf,
    seconds: f64,
    max_threads: usize,
    max_fds: usize,
    peak_rss_kib: u64,
}

impl Run {
    fn kinds(&self) -> &Value {
        &self.report["failure_kinds"]
    }

    fn summary(&self, key: &str) -> u64 {
        self.report["summary"][key].as_u64().unwrap()
    }

    fn text(&self) -> String {
        format!(
            "{}{}",
            String::from_utf8_lossy(&self.out),
            String::from_utf8_lossy(&self.err)
        )
    }
}

fn status_field(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn count(dir: &str) -> usize {
    std::fs::read_dir(dir).map_or(0, Iterator::count)
}

/// Runs `certify` on `bfrev` cases (the faulty ones) and `add` cases (answered correctly)
/// against `serve --fault FAULT`, one job, no shrinking; samples its threads, descriptors and
/// peak memory until it ends.
fn certify(
    marked: &Marked,
    name: &str,
    fault: &str,
    bfrev: usize,
    add: usize,
    timeout_ms: u32,
) -> Run {
    let dir = common::tmp_dir(&format!("hostile-{name}"));
    let cases = vectors(&dir, bfrev, add);
    let report = dir.join("report");
    let mut child = marked
        .command(BIN)
        .args(["certify", "--impl"])
        .arg(format!("'{BIN}' serve --fault {fault}"))
        .args(["--vectors", &cases])
        .args("--generated 0 --jobs 1 --shrink 0".split(' '))
        .args(["--timeout-ms", &timeout_ms.to_string(), "--report"])
        .arg(&report)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("out.txt")).unwrap())
        .stderr(std::fs::File::create(dir.join("err.txt")).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id();
    let started = Instant::now();
    let (mut max_threads, mut max_fds, mut peak_rss_kib) = (0, 0, 0);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        assert!(
            started.elapsed() < LIMIT,
            "{name}: certify still running after {LIMIT:?}"
        );
        max_threads = max_threads.max(count(&format!("/proc/{pid}/task")));
        max_fds = max_fds.max(count(&format!("/proc/{pid}/fd")));
        peak_rss_kib = peak_rss_kib.max(status_field(pid, "VmHWM:").unwrap_or(0));
        std::thread::sleep(Duration::from_millis(10));
    };
    let seconds = started.elapsed().as_secs_f64();
    let report = std::fs::read_to_string(report.join("report.json"))
        .map(|t| serde_json::from_str(&t).unwrap())
        .unwrap_or(Value::Null);
    Run {
        status,
        out: std::fs::read(dir.join("out.txt")).unwrap(),
        err: std::fs::read(dir.join("err.txt")).unwrap(),
        report,
        dir,
        seconds,
        max_threads,
        max_fds,
        peak_rss_kib,
    }
}

/// The checks every hostile run passes: exit status 1, a complete report with `failed`
/// cases of `kind` (the `add` cases pass), within `seconds`, and no process left.
fn check(marked: &Marked, r: &Run, kind: &str, failed: u64, passed: u64, seconds: f64) {
    let text = r.text();
    assert_eq!(r.status, Some(1), "{text}");
    assert_eq!(r.report["complete"], true, "{text}");
    assert_eq!(r.kinds()[kind], failed, "{}: {text}", r.kinds());
    assert_eq!(r.summary("failed"), failed, "{text}");
    assert_eq!(r.summary("passed"), passed, "{text}");
    let failures = r.report["failures"].as_array().unwrap();
    assert!(
        failures
            .iter()
            .all(|f| f["kind"] == kind && !f["message"].as_str().unwrap().is_empty()),
        "{failures:?}"
    );
    assert!(r.seconds < seconds, "took {:.1} s: {text}", r.seconds);
    let left = marked.alive_after(Duration::from_secs(2));
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

/// Never answers (`hang`), answers for another `seq`, exits after hello (`exit` on every
/// case), claims everything in its hello and then crashes on every case.
#[test]
fn plain_misbehaviours_fail_with_their_kind() {
    // Time limits leave room for a loaded machine, except where a timeout is the point.
    for (fault, kind, failed, passed, timeout_ms) in [
        ("hang:bfrev", "timeout", 2, 2, 1000),
        ("seq:bfrev", "shape", 2, 2, 5000),
        ("exit", "closed", 4, 0, 5000),
        ("crash", "crash", 4, 0, 5000),
    ] {
        let marked = Marked::new(&format!("hostile-{fault}"));
        let name = fault.replace(':', "-");
        let r = certify(&marked, &name, fault, 2, 2, timeout_ms);
        check(&marked, &r, kind, failed, passed, 30.0);
    }
}

/// A result line that never ends (gigabytes of hex digits without a newline) is read to the
/// limit only: kind `too-long`, and certify's memory stays far below what it was sent.
#[test]
fn an_endless_line_is_cut_at_the_limit() {
    let marked = Marked::new("hostile-endless");
    let r = certify(&marked, "endless", "endless:bfrev", 2, 2, 5000);
    check(&marked, &r, "too-long", 2, 2, 60.0);
    let message = r.report["failures"][0]["message"].as_str().unwrap();
    assert!(message.contains("33554432"), "{message}");
    // The 32 MiB line buffer, the read-ahead and the program itself.
    assert!(
        r.peak_rss_kib < 110 << 10,
        "peak RSS {} KiB",
        r.peak_rss_kib
    );
}

/// A program that starts a process holding its pipes and then crashes: the crash is seen
/// (not a timeout), the process it started is killed with its group, and no thread or
/// descriptor of certify survives a restart.
#[test]
fn forked_processes_holding_the_pipes_are_killed_with_their_group() {
    let marked = Marked::new("hostile-fork");
    let r = certify(&marked, "fork", "fork:bfrev", 16, 2, 5000);
    check(&marked, &r, "crash", 16, 2, 40.0);
    // One job: the main thread, the worker, two I/O threads, with slack; 16 restarts that
    // each leaked two would exceed it.
    assert!(r.max_threads <= 12, "{} threads", r.max_threads);
    assert!(r.max_fds <= 20, "{} descriptors", r.max_fds);
}

/// Escape sequences in an error message, on stderr and raw on stdout reach neither the
/// terminal nor the report, journal and JUnit files: they are written as `\u{1b}`.
#[test]
fn escape_sequences_are_escaped_wherever_they_are_echoed() {
    let marked = Marked::new("hostile-escape");
    let r = certify(&marked, "escape", "escape:bfrev", 3, 2, 5000);
    assert_eq!(r.summary("failed"), 3, "{}", r.text());
    assert_eq!(r.kinds()["mismatch"], 1, "{}", r.kinds());
    assert_eq!(r.kinds()["crash"], 1, "{}", r.kinds());
    assert_eq!(r.kinds()["garbage"], 1, "{}", r.kinds());
    let text = r.text();
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    let report = r.dir.join("report");
    let files = [
        ("stdout", r.out.clone()),
        ("stderr", r.err.clone()),
        (
            "report.json",
            std::fs::read(report.join("report.json")).unwrap(),
        ),
        (
            "junit.xml",
            std::fs::read(report.join("junit.xml")).unwrap(),
        ),
        (
            "journal",
            std::fs::read(report.join("journal.jsonl")).unwrap(),
        ),
    ];
    for (name, bytes) in files {
        let text = String::from_utf8(bytes).unwrap();
        let bad: Vec<char> = text
            .chars()
            .filter(|&c| c.is_control() && c != '\n')
            .collect();
        assert!(bad.is_empty(), "{name} holds control characters {bad:?}");
    }
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
}

/// Well-formed but huge wrong answers (2 MiB each) are kept truncated, with their size and
/// hash, in the report, the journal and on the terminal.
#[test]
fn huge_answers_are_stored_truncated_with_size_and_hash() {
    let marked = Marked::new("hostile-huge");
    let r = certify(&marked, "huge", "huge:bfrev", 3, 2, 10000);
    check(&marked, &r, "mismatch", 3, 2, 60.0);
    for f in r.report["failures"].as_array().unwrap() {
        let a = &f["answer"];
        assert_eq!(a["truncated"], true, "{a}");
        assert!(a["bytes"].as_u64().unwrap() > 2 << 20, "{a}");
        assert_eq!(a["sha256"].as_str().unwrap().len(), 64, "{a}");
        assert!(a["head"].as_str().unwrap().len() <= 4096, "{a}");
    }
    let report = r.dir.join("report");
    let size = |p: PathBuf| std::fs::metadata(p).unwrap().len();
    assert!(size(report.join("report.json")) < 256 << 10);
    assert!(size(report.join("journal.jsonl")) < 64 << 10);
    assert!(r.out.len() < 64 << 10, "{} bytes printed", r.out.len());
}

/// certify killed outright (SIGKILL: it cannot clean up) while its implementation hangs:
/// the implementation sees its input end and exits, so nothing is left running.
#[test]
fn a_hanging_server_outlives_no_killed_runner() {
    let marked = Marked::new("hostile-killed");
    let dir = common::tmp_dir("hostile-killed");
    let cases = vectors(&dir, 1, 0);
    let mut child = marked
        .command(BIN)
        .args(["certify", "--impl"])
        .arg(format!("'{BIN}' serve --fault hang"))
        .args(["--vectors", &cases, "--generated", "0", "--jobs", "1"])
        .args(["--timeout-ms", "60000", "--report"])
        .arg(dir.join("report"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the server runs (two marked processes: certify and serve).
    let started = Instant::now();
    while marked.alive().len() < 2 {
        assert!(started.elapsed() < LIMIT, "the server never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    child.kill().unwrap();
    child.wait().unwrap();
    let left = marked.alive_after(Duration::from_secs(5));
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

/// The runner's own handles: `kill_group` ends a child with the processes it started, and
/// `kill_all` (for an interrupted run) kills the groups of every child still running.
#[test]
fn children_are_killed_with_their_process_group() {
    use visa_conformance::dut::runner::{kill_all, Child, Launch};
    let marked = Marked::new("hostile-group");
    let launch = Launch {
        argv: vec![
            "env".into(),
            format!("{}={}", common::MARK, marked.value),
            "sh".into(),
            "-c".into(),
            format!("sleep 60 & exec '{BIN}' serve"),
        ],
        timeout: Duration::from_secs(10),
        window: 1,
    };
    let mut child = Child::start(&launch).unwrap();
    assert_eq!(marked.alive().len(), 2, "serve and the sleep it started");
    child.kill_group();
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
    let _second = Child::start(&launch).unwrap();
    assert_eq!(marked.alive().len(), 2);
    kill_all();
    let left = marked.alive_after(Duration::from_secs(2));
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

/// A hello whose implementation name holds escape sequences and 100,000 characters: the
/// first line of the run shows it escaped and cut.
#[test]
fn the_implementation_name_is_echoed_escaped_and_bounded() {
    let marked = Marked::new("hostile-name");
    let dir = common::tmp_dir("hostile-name");
    let name = format!("\\u001b]0;owned\\u0007{}", "n".repeat(100_000));
    let hello = format!(
        "{{\"type\":\"hello\",\"protocol\":\"visa-dut/1\",\"implementation\":{{\"name\":\"{name}\"}}}}"
    );
    let script = dir.join("dut.sh");
    std::fs::write(&script, format!("echo '{hello}'\ncat > /dev/null\n")).unwrap();
    let cases = vectors(&dir, 1, 0);
    let out = marked
        .command(BIN)
        .args(["certify", "--impl"])
        .arg(format!("sh '{}'", script.display()))
        .args(["--vectors", &cases, "--generated", "0", "--report"])
        .arg(dir.join("report"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap_or_default();
    assert!(first.contains("\\u{1b}]0;owned\\u{7}nnn"), "{first}");
    // ESC, "]0;owned", BEL and the 100,000 `n`.
    assert!(first.contains("(100010 bytes"), "{first}");
    assert!(first.len() < 3000, "{} bytes", first.len());
    assert!(!text.contains('\u{1b}'));
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
}

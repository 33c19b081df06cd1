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

/// Sends SIGINT to a process.
fn interrupt(pid: u32) {
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits up to `limit` for the process to exit; its exit code and how long it took.
fn exit_within(child: &mut std::process::Child, limit: Duration) -> (Option<i32>, Duration) {
    let started = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return (s.code(), started.elapsed());
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running {limit:?} after the interrupt");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `n` cases without an expectation whose program loops on `pow (M1, 16)` until the step
/// limit: computing each expectation costs the spec engine many seconds.
fn slow_cases(dir: &Path, n: usize) -> String {
    let program = ".decl V1 v_type=G type=f num_elts=16\n\
                   .decl V2 v_type=G type=f num_elts=16\n\
                   TOP:\n\
                   pow (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V2(0,0)<1;1,0>\n\
                   goto (M1, 16) TOP\n";
    let lines: Vec<String> = (1..=n)
        .map(|i| {
            serde_json::json!({
                "format": "visa-vector/1",
                "id": format!("pow/slow/{i:04}"),
                "platform": "xe-hpg",
                "program": program,
                "init": {"vars": {"V2": "0000c03f".repeat(16)}},
            })
            .to_string()
        })
        .collect();
    let path = dir.join("slow.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.display().to_string()
}

/// SIGINT while the cases are prepared (the spec engine computing expectations, before any
/// request is sent), each taking seconds: certify stops within a second or two, not when
/// the spec runs end, and writes an interrupted report counting every selected case as not
/// run.
#[test]
fn ctrl_c_while_the_cases_are_prepared_stops_at_once_with_a_report() {
    let marked = Marked::new("hostile-ctrl-c-prepare");
    let dir = common::tmp_dir("hostile-ctrl-c-prepare");
    let cases = slow_cases(&dir, 12);
    let report = dir.join("report");
    let mut child = marked
        .command(BIN)
        .args(["certify", "--impl"])
        .arg(format!("'{BIN}' serve"))
        .args(["--vectors", &cases, "--generated", "0", "--report"])
        .arg(&report)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("out.txt")).unwrap())
        .stderr(std::fs::File::create(dir.join("err.txt")).unwrap())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    assert!(child.try_wait().unwrap().is_none(), "certify ended early");
    interrupt(child.id());
    let (code, took) = exit_within(&mut child, Duration::from_secs(30));
    let text = format!(
        "{}{}",
        std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        std::fs::read_to_string(dir.join("err.txt")).unwrap()
    );
    assert_eq!(code, Some(130), "{text}");
    assert!(
        took < Duration::from_secs(3),
        "exited {took:?} after SIGINT"
    );
    let r = read_json(&report.join("report.json"));
    assert_eq!(r["complete"], false, "{r}");
    assert_eq!(r["interrupted"], true, "{r}");
    assert_eq!(r["summary"]["not_run"], 12, "{r}");
    assert_eq!(r["summary"]["cases"], 0, "{r}");
    assert!(
        r["notes"]
            .to_string()
            .contains("interrupted while the cases were prepared"),
        "{r}"
    );
    assert!(report.join("junit.xml").exists());
    assert!(text.contains("12 cases not run (interrupted)"), "{text}");
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
}

/// Cases whose program is an XOR, which `serve --mutant xor-as-or` answers wrongly, then
/// three ADDs, on which `--fault hang:add` never answers once one comes first: every shrink
/// candidate without the XOR hangs (the first one asked drops the XOR and an ADD).
fn xor_then_add(dir: &Path, n: usize) -> String {
    let program = ".decl V1 v_type=G type=d num_elts=8\n\
                   .decl V2 v_type=G type=d num_elts=8\n\
                   xor (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n\
                   add (M1, 8) V2(0,0)<1> V2(0,0)<1;1,0> 0x1:d\n\
                   add (M1, 8) V2(0,0)<1> V2(0,0)<1;1,0> 0x2:d\n\
                   add (M1, 8) V2(0,0)<1> V2(0,0)<1;1,0> 0x3:d\n";
    let lines: Vec<String> = (1..=n)
        .map(|i| {
            serde_json::json!({
                "format": "visa-vector/1",
                "id": format!("xor/then-add/{i:04}"),
                "platform": "xe-hpg",
                "program": program,
                "init": {"vars": {"V1": format!("{i:02x}000000").repeat(8)}},
            })
            .to_string()
        })
        .collect();
    let path = dir.join("xor-add.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.display().to_string()
}

/// Starts certify on `xor_then_add` cases against the mutant that hangs on ADD.
fn certify_hanging_shrink(
    marked: &Marked,
    dir: &Path,
    n: usize,
    extra: &[&str],
) -> std::process::Child {
    let cases = xor_then_add(dir, n);
    marked
        .command(BIN)
        .args(["certify", "--impl"])
        .arg(format!("'{BIN}' serve --mutant xor-as-or --fault hang:add"))
        .args(["--vectors", &cases, "--generated", "0", "--jobs", "1"])
        .args(extra)
        .arg("--report")
        .arg(dir.join("report"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("out.txt")).unwrap())
        .stderr(std::fs::File::create(dir.join("err.txt")).unwrap())
        .spawn()
        .unwrap()
}

/// Shrinking stops at a candidate the implementation does not answer (a timeout is not
/// the mismatch being shrunk): one question that times out per case, not one per round
/// of simplifications, and the record says why it stopped.
#[test]
fn shrinking_stops_at_a_protocol_fault() {
    let marked = Marked::new("hostile-shrink-fault");
    let dir = common::tmp_dir("hostile-shrink-fault");
    let mut child = certify_hanging_shrink(&marked, &dir, 2, &["--timeout-ms", "1000"]);
    let (code, took) = exit_within(&mut child, LIMIT);
    let text = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    assert_eq!(code, Some(1), "{text}");
    let r = read_json(&dir.join("report/report.json"));
    assert_eq!(r["complete"], true, "{r}");
    assert_eq!(r["failure_kinds"]["mismatch"], 2, "{r}");
    for f in r["failures"].as_array().unwrap() {
        let s = &f["shrunk"];
        assert_eq!(s["stopped"], "fault", "{s}");
        assert_eq!(s["fault"]["kind"], "timeout", "{s}");
        // The candidate without the XOR is the first one asked.
        assert_eq!(s["asks"], 1, "{s}");
    }
    // Two timeouts of a second each, and the rest.
    assert!(took < Duration::from_secs(20), "took {took:?}");
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
}

/// Shrinking within its time budget: with a time limit per question far beyond it, a
/// candidate the implementation never answers is given up when the case's shrinking time
/// (`--shrink-case-ms`) runs out. While it shrinks, the report on disk is current (every
/// failure, a note of the shrinking); the final one says the time ran out.
#[test]
fn shrinking_keeps_its_time_budget_and_a_current_report() {
    let marked = Marked::new("hostile-shrink-budget");
    let dir = common::tmp_dir("hostile-shrink-budget");
    let extra = ["--timeout-ms", "600000", "--shrink-case-ms", "2000"];
    let mut child = certify_hanging_shrink(&marked, &dir, 1, &extra);
    let report = dir.join("report/report.json");
    // The report written before shrinking begins, read while the question hangs.
    let started = Instant::now();
    let during = loop {
        assert!(started.elapsed() < LIMIT, "no report while shrinking");
        assert!(child.try_wait().unwrap().is_none(), "certify ended first");
        if let Some(r) = std::fs::read_to_string(&report)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .filter(|r| r["notes"].to_string().contains("shrinking: 0 of 1"))
        {
            break r;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(during["complete"], false, "{during}");
    assert_eq!(during["summary"]["failed"], 1, "{during}");
    assert_eq!(during["failures"][0]["shrunk"], Value::Null, "{during}");
    let (code, _) = exit_within(&mut child, LIMIT);
    assert_eq!(code, Some(1));
    // The case's two seconds, and the rest.
    assert!(started.elapsed() < Duration::from_secs(20));
    let r = read_json(&report);
    assert_eq!(r["complete"], true, "{r}");
    let s = &r["failures"][0]["shrunk"];
    assert_eq!(s["stopped"], "time", "{s}");
    assert!(marked.alive_after(Duration::from_secs(2)).is_empty());
}

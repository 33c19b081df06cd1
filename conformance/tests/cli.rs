//! The `visa-conform` binary end to end: exec, check (with JUnit) and fmt, their output and
//! exit statuses.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        // A command that fails before reading stdin closes the pipe: that is not a failure
        // of the test.
        let _ = input.write_all(text.as_bytes());
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn write(dir: &Path, name: &str, lines: &[&str]) -> String {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    path.display().to_string()
}

/// The single JSON line `exec` prints.
fn report(o: &Output) -> Value {
    let out = stdout(o);
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn exec_pass_prints_state_and_exits_0() {
    let dir = common::tmp_dir("exec-pass");
    let file = write(&dir, "add.jsonl", &[common::ADD_SAT]);
    for engine in ["spec", "oracle"] {
        let o = run(&["exec", &file, "--engine", engine], None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r = report(&o);
        assert_eq!(r["id"], "add/f/sat/0001");
        assert_eq!(r["engine"], engine);
        assert_eq!(r["outcome"], "ok");
        assert_eq!(r["state"]["vars"]["V1"], "0000803f000000000000003f00000000");
        assert_eq!(r["verdict"], "pass");
        assert!(r.get("error").is_none() && r.get("mismatch").is_none());
        let keys: Vec<_> = r.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["id", "engine", "outcome", "state", "verdict"]);
    }
}

#[test]
fn exec_fail_exits_1_with_the_mismatch() {
    let o = run(&["exec", "-"], Some(common::ADD_SAT_LITERAL_WRONG));
    assert_eq!(o.status.code(), Some(1));
    let r = report(&o);
    assert_eq!(r["verdict"], "fail");
    assert_eq!(r["mismatch"], "V1 byte 15 (lane 3): expected 00, got 80");
}

#[test]
fn exec_expected_error_passes() {
    let o = run(
        &["exec", "-", "--engine", "oracle"],
        Some(common::UNDECLARED),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r = report(&o);
    assert_eq!(r["outcome"], "error");
    assert_eq!(r["error"]["class"], "invalid-instruction");
    assert!(r["error"]["message"].as_str().unwrap().contains("V9"));
    assert!(r.get("state").is_none());
    assert_eq!(r["verdict"], "pass");
}

#[test]
fn exec_without_expect_prints_everything_and_no_verdict() {
    let o = run(&["exec", "-"], Some(common::PREDICATED));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r = report(&o);
    assert!(r.get("verdict").is_none());
    assert_eq!(
        r["state"]["vars"]["V1"],
        "0000000000000000000000000000000005000000060000000700000008000000"
    );
    assert!(r["state"]["vars"].get("V2").is_some());
    assert_eq!(r["state"]["preds"]["P1"], "0xf0");
    assert_eq!(
        r["state"]["mem"][0],
        serde_json::json!({"space": "flat", "addr": "0x10000", "bytes": "2a000000"})
    );
    // An error without expect is reported, not judged.
    let bad = common::UNDECLARED.replace(r#","expect":{"error":"invalid-instruction"}"#, "");
    let o = run(&["exec", "-"], Some(&bad));
    assert_eq!(
        o.status.code(),
        Some(1),
        "a run that ends in an error exits 1"
    );
    assert_eq!(report(&o)["outcome"], "error");
}

#[test]
fn exec_unreadable_input_exits_2() {
    let o = run(
        &["exec", "-"],
        Some(r#"{"format":"visa-vector/1","id":"x","platform":"xe9","program":""}"#),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        stderr(&o).starts_with("<stdin>:1: platform: unknown platform `xe9`"),
        "{}",
        stderr(&o)
    );

    let dir = common::tmp_dir("exec-two");
    let two = write(&dir, "two.jsonl", &[common::ADD_SAT, common::UNDECLARED]);
    let o = run(&["exec", &two], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds 2 cases"), "{}", stderr(&o));

    let o = run(&["exec", "/nonexistent/case.jsonl"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("/nonexistent/case.jsonl: "),
        "{}",
        stderr(&o)
    );

    let o = run(&["exec", "-", "--engine", "gpu"], Some(common::ADD_SAT));
    assert_eq!(o.status.code(), Some(2), "clap rejects unknown engines");
}

#[test]
fn check_reports_failures_in_order_and_a_summary() {
    let dir = common::tmp_dir("check-mixed");
    let a = write(
        &dir,
        "a/add.jsonl",
        &[
            common::ADD_SAT,
            common::ADD_SAT_LITERAL_WRONG,
            "",
            common::ADD_SAT_ANY_OF,
        ],
    );
    let b = write(
        &dir,
        "b/nested/bad.jsonl",
        &[
            common::UNDECLARED,
            r#"{"format":"visa-vector/1","id":"odd","platform":"xe-hpg","program":"","init":{"vars":{"V1":"abc"}}}"#,
        ],
    );
    write(&dir, "b/ignored.txt", &["not a vector"]);
    let junit = dir.join("report.xml");
    let o = run(
        &[
            "check",
            dir.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(
        lines,
        [
            format!("FAIL {a}:2 add/f/sat/0002: V1 byte 15 (lane 3): expected 00, got 80").as_str(),
            format!("FAIL {b}:2: init.vars.V1: hex string has odd length 3: each byte is two hex digits").as_str(),
            "3 passed, 2 failed",
        ]
    );

    let xml = std::fs::read_to_string(&junit).unwrap();
    let report = quick_junit::Report::deserialize_from_str(&xml).unwrap();
    assert_eq!(report.tests, 5);
    assert_eq!(report.failures, 2);
    let suites: Vec<_> = report
        .test_suites
        .iter()
        .map(|s| s.name.as_str().to_string())
        .collect();
    assert_eq!(suites, [a.clone(), b.clone()]);
    let names: Vec<_> = report.test_suites[0]
        .test_cases
        .iter()
        .map(|c| c.name.as_str().to_string())
        .collect();
    assert_eq!(
        names,
        ["add/f/sat/0001", "add/f/sat/0002", "add/f/sat/0003"]
    );
    assert!(xml.contains("expected 00, got 80"));
    assert!(xml.contains(r#"name="line 2""#));
}

#[test]
fn check_passes_with_exit_0_on_either_engine() {
    let dir = common::tmp_dir("check-pass");
    let file = write(
        &dir,
        "ok.jsonl",
        &[common::ADD_SAT, common::UNDECLARED, common::PREDICATED],
    );
    for engine in ["spec", "oracle"] {
        let o = run(&["check", &file, "--engine", engine], None);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        assert_eq!(stdout(&o), "3 passed, 0 failed\n");
    }
}

#[test]
fn check_counts_unreadable_paths_as_failures() {
    let o = run(&["check", "/nonexistent/vectors.jsonl"], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with("FAIL /nonexistent/vectors.jsonl: "),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 1 failed\n"), "{out}");
}

#[test]
fn check_runs_a_file_named_twice_once() {
    let dir = common::tmp_dir("check-dup");
    let file = write(&dir, "ok.jsonl", &[common::ADD_SAT]);
    let o = run(&["check", &file, dir.to_str().unwrap()], None);
    assert_eq!(stdout(&o), "1 passed, 0 failed\n");
}

#[test]
fn fmt_prints_canonical_text_and_round_trips() {
    let text = ".decl V1 v_type=G type=d num_elts=16\nadd.sat (M1,16) V1(0,0)<1> V1(0, 0)<1;1,0> 5:d // comment\n";
    let o = run(&["fmt", "-"], Some(text));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let canonical = stdout(&o);
    assert_eq!(
        canonical,
        ".decl V1 v_type=G type=d num_elts=16\nadd.sat (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x5:d\n"
    );
    let dir = common::tmp_dir("fmt");
    let file = dir.join("k.visaasm");
    std::fs::write(&file, &canonical).unwrap();
    let again = run(&["fmt", file.to_str().unwrap()], None);
    assert_eq!(stdout(&again), canonical);
}

#[test]
fn fmt_syntax_errors_give_file_line_col_and_exit_2() {
    let dir = common::tmp_dir("fmt-bad");
    let file = dir.join("bad.visaasm");
    std::fs::write(
        &file,
        ".decl V1 v_type=G type=d num_elts=8\nmov (M1, 8 V1(0,0)<1> 0x1:d\n",
    )
    .unwrap();
    let o = run(&["fmt", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{}:2:12: ", file.display())),
        "{err}"
    );

    let o = run(&["fmt", "/nonexistent.visaasm"], None);
    assert_eq!(o.status.code(), Some(2));
}

/// An if/else through GOTO with a divergent branch: each branch's channels, and A < 4 on
/// lanes 1, 3, 5, 7 (A = [5,1,7,2,4,0,6,3]).
const IF_ELSE: &str = r#"{"format":"visa-vector/1","id":"trace/if-else","platform":"xe-hpg","program":".decl A v_type=G type=ud num_elts=8\n.decl R v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=8\ncmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud\n(P1) goto (M1, 8) ELSE\nadd (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x100:ud\ngoto (M1, 8) END\nELSE:\nadd (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x200:ud\nEND:\n","init":{"vars":{"A":"0500000001000000070000000200000004000000000000000600000003000000"},"emask":"0xff"},"expect":{"vars":{"R":"0501000001020000070100000202000004010000000200000601000003020000"}}}"#;

#[test]
fn exec_trace_prints_each_instruction_its_mask_and_changes() {
    let o = run(&["exec", "-", "--trace"], Some(IF_ELSE));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // Derived by hand: cmp writes P1 = 0xaa (lanes 1,3,5,7 below 4); they wait at ELSE while
    // lanes 0,2,4,6 (EM 0x55) run the then-branch; `goto END` parks those and ELSE runs with
    // 0xaa. Only the changed lanes of R are listed, whole elements.
    let expected = [
        "line 4: emask 0x000000ff: cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x4:ud",
        "  P1: 0x0 -> 0xaa",
        "line 5: emask 0x000000ff: (P1) goto (M1, 8) ELSE",
        "line 6: emask 0x00000055: add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x100:ud",
        "  R[0..4]: 00000000 -> 05010000",
        "  R[8..12]: 00000000 -> 07010000",
        "  R[16..20]: 00000000 -> 04010000",
        "  R[24..28]: 00000000 -> 06010000",
        "line 7: emask 0x00000055: goto (M1, 8) END",
        "line 9: emask 0x000000aa: add (M1, 8) R(0,0)<1> A(0,0)<1;1,0> 0x200:ud",
        "  R[4..8]: 00000000 -> 01020000",
        "  R[12..16]: 00000000 -> 02020000",
        "  R[20..24]: 00000000 -> 00020000",
        "  R[28..32]: 00000000 -> 03020000",
    ];
    assert_eq!(lines[..lines.len() - 1], expected, "{out}");
    let r: Value = serde_json::from_str(lines[lines.len() - 1]).unwrap();
    assert_eq!(r["verdict"], "pass");
}

#[test]
fn exec_trace_shows_undefined_bytes_and_stops_at_an_error() {
    // LIFETIME.start leaves V undefined (LIFETIME-CONTENTS, resolved); the JMP then jumps
    // over L1, where lanes 0-3 wait (P1 = 0x0f): undefined behaviour.
    let case = r#"{"format":"visa-vector/1","id":"trace/ub","platform":"xe-hpg","program":".decl V v_type=G type=ud num_elts=1\n.decl P1 v_type=P num_elts=8\nlifetime.start V\n(P1) goto (M1, 8) L1\njmp (M1, 1) L2\nL1:\nmov (M1, 1) V(0,0)<1> 0x2:ud\nL2:\nmov (M1, 1) V(0,0)<1> 0x1:ud\n","init":{"preds":{"P1":"0x0f"},"emask":"0xff"}}"#;
    let o = run(&["exec", "-", "--trace"], Some(case));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "line 3: emask 0x000000ff: lifetime.start V");
    assert_eq!(lines[1], "  V[0..4]: 00000000 -> ????????");
    assert_eq!(lines[2], "line 4: emask 0x000000ff: (P1) goto (M1, 8) L1");
    assert_eq!(lines[3], "line 5: emask 0x000000f0: jmp (M1, 1) L2");
    assert!(
        lines[4].starts_with("stopped: undefined-behaviour: "),
        "{out}"
    );
    let r: Value = serde_json::from_str(lines[5]).unwrap();
    assert_eq!(r["error"]["class"], "undefined-behaviour");
    let o = run(&["exec", "-", "--trace", "--engine", "oracle"], Some(case));
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
}

/// A kernel text run with `--platform` and `--init`: a SIMD8 loop where channel i adds 1
/// until it reaches its own bound B[i] (at least one trip: GOTO backward, per channel).
const LOOP_KERNEL: &[&str] = &[
    ".version 3.6",
    ".kernel \"loop\"",
    ".decl N v_type=G type=ud num_elts=8",
    ".decl B v_type=G type=ud num_elts=8",
    ".decl P1 v_type=P num_elts=8",
    "LOOP:",
    "add (M1, 8) N(0,0)<1> N(0,0)<1;1,0> 0x1:ud",
    "cmp.lt (M1, 8) P1 N(0,0)<1;1,0> B(0,0)<1;1,0>",
    "(P1) goto (M1, 8) LOOP",
    "ret (M1, 1)",
];

#[test]
fn exec_runs_a_kernel_text_with_an_initial_state() {
    let dir = common::tmp_dir("exec-kernel");
    let kernel = write(&dir, "loop.visaasm", LOOP_KERNEL);
    // B = 0, 1, 2, 3, 4, 5, 6, 7: channel i runs max(1, B[i]) trips, so N = 1, 1, 2, ..., 7.
    let bounds: String = (0u32..8)
        .flat_map(|b| b.to_le_bytes())
        .map(|x| format!("{x:02x}"))
        .collect();
    let init = write(
        &dir,
        "init.json",
        &[&format!(r#"{{"vars":{{"B":"{bounds}"}},"emask":"0xff"}}"#)],
    );
    let o = run(
        &["exec", &kernel, "--platform", "xe-hpg", "--init", &init],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r = report(&o);
    assert_eq!(r["id"], "loop.visaasm");
    assert_eq!(r["outcome"], "ok");
    let n: String = [1u32, 1, 2, 3, 4, 5, 6, 7]
        .iter()
        .flat_map(|b| b.to_le_bytes())
        .map(|x| format!("{x:02x}"))
        .collect();
    assert_eq!(r["state"]["vars"]["N"], n);
    // Eight channels running at most 7 trips of 3 instructions plus the RET: 22 steps. A
    // limit of 10 stops the loop.
    let o = run(
        &[
            "exec",
            &kernel,
            "--platform",
            "xe-hpg",
            "--init",
            &init,
            "--step-limit",
            "10",
        ],
        None,
    );
    let r = report(&o);
    assert_eq!(r["error"]["class"], "step-limit", "{r}");
    // A kernel text needs its platform; an init that does not fit the program is the
    // vector error of its field.
    let o = run(&["exec", &kernel], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--platform"), "{}", stderr(&o));
    let bad = write(&dir, "bad.json", &[r#"{"vars":{"B":"00"}}"#]);
    let o = run(
        &["exec", &kernel, "--platform", "xe-hpg", "--init", &bad],
        None,
    );
    let r = report(&o);
    assert_eq!(r["error"]["class"], "invalid-vector", "{r}");
}

/// A kernel that never ends: SIMD8, adding 1 forever.
const SPIN_KERNEL: &[&str] = &[
    ".version 3.6",
    ".kernel \"spin\"",
    ".decl N v_type=G type=ud num_elts=8",
    "LOOP:",
    "add (M1, 8) N(0,0)<1> N(0,0)<1;1,0> 0x1:ud",
    "goto (M1, 8) LOOP",
    "ret (M1, 1)",
];

#[test]
fn exec_trace_streams_its_lines_while_the_run_goes_on() {
    // A run of 10^12 steps does not end in the test's lifetime: its first lines must come
    // while it runs (the trace used to be kept in memory, 560 MB per 0.1 M steps, and
    // printed at the end). Its address space is limited to 1 GB, so a trace that grows
    // with the steps ends the process (and fails the test) instead of filling memory.
    let dir = common::tmp_dir("trace-stream");
    let kernel = write(&dir, "spin.visaasm", SPIN_KERNEL);
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 1000000; exec \"$0\" \"$@\"", BIN])
        .args(["exec", &kernel, "--platform", "xe-hpg", "--trace"])
        .args(["--step-limit", "1000000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let first: Vec<String> = BufReader::new(out)
            .lines()
            .take(3)
            .map_while(Result::ok)
            .collect();
        let _ = tx.send(first);
    });
    let first = rx.recv_timeout(Duration::from_secs(120));
    child.kill().unwrap();
    child.wait().unwrap();
    let first = first.expect("no trace line within 120 s of the start");
    assert_eq!(
        first,
        [
            "line 5: emask 0xffffffff: add (M1, 8) N(0,0)<1> N(0,0)<1;1,0> 0x1:ud",
            &format!("  N[0..32]: {} -> {}", "0".repeat(64), "01000000".repeat(8)),
            "line 6: emask 0xffffffff: goto (M1, 8) LOOP",
        ]
    );
}

#[test]
fn exec_trace_ends_at_its_byte_cap_with_a_note_and_the_report_follows() {
    let dir = common::tmp_dir("trace-cap");
    let kernel = write(&dir, "spin.visaasm", SPIN_KERNEL);
    let args = ["exec", &kernel, "--platform", "xe-hpg", "--trace"];
    let o = run(
        &[
            &args[..],
            &["--step-limit", "1000", "--trace-bytes", "1000"],
        ]
        .concat(),
        None,
    );
    // The run ends at its step limit: an error, exit 1.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    let traced: usize = lines[..n - 2].iter().map(|l| l.len() + 1).sum();
    // Each step prints 139 bytes (two lines of the add, one of the goto): 7 steps fit.
    assert!(traced <= 1000 && traced > 1000 - 139, "{traced}: {out}");
    assert_eq!(
        lines[n - 2],
        format!("trace: cut at {traced} bytes (--trace-bytes 1000); the run goes on untraced")
    );
    let r: Value = serde_json::from_str(lines[n - 1]).unwrap();
    assert_eq!(r["error"]["class"], "step-limit", "{r}");
    // The run went on to its limit untraced.
    assert!(
        r["error"]["message"].as_str().unwrap().contains("1000"),
        "{r}"
    );
    // The cap is a flag of the trace.
    let o = run(
        &[
            "exec",
            &kernel,
            "--platform",
            "xe-hpg",
            "--trace-bytes",
            "9",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn exec_rejects_a_duplicate_key_in_init_with_its_path() {
    // Before: the last `vars` won, and the kernel silently ran from a zero state.
    let dir = common::tmp_dir("init-dup");
    let kernel = write(&dir, "loop.visaasm", LOOP_KERNEL);
    let b = "01000000".repeat(8);
    for (init, path, at) in [
        (
            format!(r#"{{"vars":{{"B":"{b}"}},"vars":{{}}}}"#),
            "vars",
            "1:87",
        ),
        (
            format!("{{\"vars\": {{\n  \"B\": \"{b}\",\n  \"B\": \"{b}\"}}}}"),
            "vars.B",
            "3:5",
        ),
        (
            format!(r#"{{"mem":[{{"space":"flat","space":"a64"}}],"vars":{{"B":"{b}"}}}}"#),
            "mem[0].space",
            "1:31",
        ),
    ] {
        let file = write(&dir, "init.json", &[&init]);
        let o = run(
            &["exec", &kernel, "--platform", "xe-hpg", "--init", &file],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{init}: {}", stdout(&o));
        assert!(o.stdout.is_empty());
        assert_eq!(
            stderr(&o),
            format!("{file}:{at}: duplicate key `{path}` (a key appears once per object)\n")
        );
    }
}

#[test]
fn a_byte_that_is_not_utf8_is_named_by_file_line_and_column() {
    let dir = common::tmp_dir("latin1");
    // `café` in Latin-1 on line 3, after 42 characters.
    let mut text = LOOP_KERNEL.join("\n").into_bytes();
    let at = text
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(2)
        .unwrap()
        .0;
    text.splice(at..at, b" // caf\xe9".iter().copied());
    let kernel = dir.join("latin1.visaasm");
    std::fs::write(&kernel, &text).unwrap();
    let kernel = kernel.display().to_string();
    let expected = format!("{kernel}:3:43: not UTF-8 text (the byte 0xe9)\n");
    for args in [
        &["exec", &kernel, "--platform", "xe-hpg"][..],
        &["validate", &kernel, "--platform", "xe-hpg"],
        &["fmt", &kernel],
    ] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), expected, "{args:?}");
    }
    // A function file and an init file are named the same way.
    let good = write(&dir, "loop.visaasm", LOOP_KERNEL);
    let function = dir.join("f0.visaasm");
    std::fs::write(
        &function,
        b".global_function \"f\"\nret (M1, 1) // \xc3\xa9\xe9\n",
    )
    .unwrap();
    let function = function.display().to_string();
    let o = run(&["exec", &good, &function, "--platform", "xe-hpg"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!("{function}:2:17: not UTF-8 text (the byte 0xe9)\n")
    );
    let init = dir.join("init.json");
    std::fs::write(
        &init,
        b"{\n\"vars\": {},\n\"preds\": {\"\xff\": \"0x1\"}}\n",
    )
    .unwrap();
    let init = init.display().to_string();
    let o = run(
        &["exec", &good, "--platform", "xe-hpg", "--init", &init],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!("{init}:3:12: not UTF-8 text (the byte 0xff)\n")
    );
}

#[test]
fn exec_says_what_a_file_that_holds_no_case_looks_like() {
    let dir = common::tmp_dir("not-a-case");
    // Eleven lines of bytes with NULs: once "a file that holds 11 cases".
    let blob: Vec<u8> = (0..11u8)
        .flat_map(|k| [0x7f, b'E', b'L', b'F', 0, k, 0xff, b'\n'])
        .collect();
    let file = dir.join("a.out");
    std::fs::write(&file, &blob).unwrap();
    let file = file.display().to_string();
    let o = run(&["exec", &file], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "{file}: looks like a binary file (a NUL byte at offset 4), not a case (one visa-vector/1 JSON line)\n"
        )
    );
    // Random bytes without a NUL.
    let noise: Vec<u8> = (1..=255u8)
        .cycle()
        .take(3000)
        .map(|b| b.wrapping_mul(151) | 1)
        .collect();
    let file = dir.join("noise");
    std::fs::write(&file, &noise).unwrap();
    let o = run(&["exec", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(": looks like a binary file ("),
        "{}",
        stderr(&o)
    );
    // Assembly text in a file not named as one.
    let text = write(&dir, "loop.txt", LOOP_KERNEL);
    let o = run(&["exec", &text], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!(
            "{text}: looks like vISA assembly text, not a case; "
        )),
        "{}",
        stderr(&o)
    );
    // Lines of words.
    let words = write(&dir, "words.jsonl", &["hello", "world"]);
    let o = run(&["exec", &words], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!(
            "{words}: holds no case (no line is a JSON object; it begins `hello`)"
        )),
        "{}",
        stderr(&o)
    );
    // Two cases are still two cases.
    let two = write(&dir, "two.jsonl", &[common::ADD_SAT, common::UNDECLARED]);
    let o = run(&["exec", &two], None);
    assert_eq!(
        stderr(&o),
        format!("{two}: holds 2 cases; exec runs exactly one\n")
    );
}

#[test]
fn the_text_limit_holds_for_a_kernel_and_its_function_files_together() {
    // Three files of 6 MB, each under the 16 MiB limit, 18 MB together.
    let dir = common::tmp_dir("text-total");
    let kernel = write(&dir, "loop.visaasm", LOOP_KERNEL);
    let kernel_len = std::fs::metadata(&kernel).unwrap().len();
    let comment = format!("// {}\n", "x".repeat(996));
    let function = |k: usize| {
        let path = dir.join(format!("loop_f{k}.visaasm"));
        std::fs::write(&path, comment.repeat(6000)).unwrap();
        path.display().to_string()
    };
    let (f0, f1, f2) = (function(0), function(1), function(2));
    let o = run(
        &["exec", &kernel, &f0, &f1, &f2, "--platform", "xe-hpg"],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(o.stdout.is_empty());
    let before = kernel_len + 12_000_000;
    assert_eq!(
        stderr(&o),
        format!(
            "{f2}: the program's text reaches {} bytes with this file ({before} before it), more than 16777216 (the limit of one program: its kernel and function files together)\n",
            before + 6_000_000
        )
    );
    // Two of them fit.
    let o = run(&["exec", &kernel, &f0, &f1, "--platform", "xe-hpg"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn exec_cost_limit_ends_a_loop_with_its_class_on_both_engines() {
    let dir = common::tmp_dir("cost-limit");
    let kernel = write(&dir, "spin.visaasm", SPIN_KERNEL);
    for engine in ["spec", "oracle"] {
        let args = ["exec", &kernel, "--platform", "xe-hpg", "--engine", engine];
        // A SIMD8 add and a goto cost some units a trip: 1000 units end the loop long
        // before a million steps.
        let o = run(&[&args[..], &["--cost-limit", "1000"]].concat(), None);
        let r = report(&o);
        assert_eq!(r["error"]["class"], "cost-limit", "{engine}: {r}");
        // With the default budget, 1000 steps end it first.
        let o = run(&[&args[..], &["--step-limit", "1000"]].concat(), None);
        let r = report(&o);
        assert_eq!(r["error"]["class"], "step-limit", "{engine}: {r}");
    }
}

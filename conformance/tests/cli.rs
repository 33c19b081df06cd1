//! The `visa-conform` binary end to end: exec, check (with JUnit) and fmt, their output and
//! exit statuses.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

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
    assert_eq!(o.status.code(), Some(0));
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
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
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

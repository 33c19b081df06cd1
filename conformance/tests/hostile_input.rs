//! Hostile input to the readers: duplicate keys, entries
//! that cannot be read, sizes that would exhaust memory, endless input, huge tokens, counts
//! that wrap, text JUnit cannot hold. Each gets a typed error naming file, line and field,
//! and nothing panics.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use clap::Parser;
use serde_json::{json, Value};
use visa_conformance::cli::{self, Cli};
use visa_conformance::coverage::Coverage;
use visa_conformance::dut::cases::{build, Only, Selection};
use visa_conformance::dut::protocol::{parse_request, parse_result, BadAnswer, Hello};
use visa_conformance::dut::report::{self, Report};
use visa_conformance::exit;
use visa_conformance::input::{BoundedLines, Line, MAX_ECHO_CHARS, MAX_LINE_BYTES};
use visa_conformance::junit::{self, CaseResult, Failure, FileResults};
use visa_conformance::vector::{read_lines, read_str, Entry};

const BIN: &str = env!("CARGO_BIN_EXE_visa-conform");

/// A passing case; `{ID}` is its id.
const GOOD: &str = r#"{"format":"visa-vector/1","id":"{ID}","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=2\nmov (M1, 2) V1(0,0)<1> 0x7:d\n","expect":{"vars":{"V1":"0700000007000000"}}}"#;

fn good(id: &str) -> String {
    GOOD.replace("{ID}", id)
}

/// `good(id)` with `extra` (`"key":value,...`) inserted before `expect`.
fn with(id: &str, extra: &str) -> String {
    good(id).replace(r#""expect""#, &format!(r#"{extra},"expect""#))
}

/// Runs a command line in process: (status, stdout, stderr).
fn run(args: &[&str]) -> (u8, String, String) {
    let cli =
        Cli::try_parse_from(std::iter::once("visa-conform").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = cli::run(cli, &mut out, &mut err);
    (
        status,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn error_of(entry: &Entry) -> String {
    entry.case.as_ref().unwrap_err().to_string()
}

// ---- item 5: duplicate keys ----

#[test]
fn a_duplicate_key_in_a_vector_line_is_an_error_naming_file_line_and_key() {
    // Before: the second `"expect":{}` erased the expectation and the case passed.
    let a = good("a");
    let erased = format!("{},\"expect\":{{}}}}", &a[..a.len() - 1]);
    let nested = good("b").replace(r#""V1":"0700000007000000""#, r#""V1":"07","V1":"08""#);
    let text = format!("{}\n{erased}\n{nested}\n", good("ok"));
    let entries = read_str("dup.jsonl", &text);
    assert!(entries[0].case.is_ok());
    let e = entries[1].case.as_ref().unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("dup.jsonl", 2));
    assert_eq!(e.field.as_deref(), Some("expect"));
    assert!(e.message.contains("duplicate key"), "{e}");
    let e = entries[2].case.as_ref().unwrap_err();
    assert_eq!(e.field.as_deref(), Some("expect.vars.V1"), "{e}");
    let dir = common::tmp_dir("hostile-dup");
    std::fs::write(dir.join("dup.jsonl"), format!("{erased}\n")).unwrap();
    let (status, out, _) = run(&["check", dir.join("dup.jsonl").to_str().unwrap()]);
    assert_eq!(status, exit::EXIT_FAIL, "{out}");
    assert!(out.contains("dup.jsonl:1: expect: duplicate key"), "{out}");
}

#[test]
fn duplicate_keys_in_requests_answers_and_hello_are_rejected() {
    let case = with("a", r#""init":{"vars":{"V1":"00","V1":"01"}}"#);
    let request = format!(r#"{{"type":"run","seq":5,"case":{case}}}"#);
    let bad = parse_request(&request).unwrap_err();
    assert_eq!(bad.seq, Some(5), "the failure goes to its request");
    assert!(bad.message.contains("case.init.vars.V1"), "{}", bad.message);

    let answer = br#"{"type":"result","seq":7,"state":{"vars":{"V1":"00","V1":"07"}}}"#;
    match parse_result(answer) {
        Err(BadAnswer::Shape { seq, message }) => {
            assert_eq!(seq, Some(7));
            assert!(message.contains("state.vars.V1"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let hello =
        br#"{"type":"hello","protocol":"visa-dut/1","platforms":["xe-hpg"],"platforms":[]}"#;
    let e = Hello::from_line(hello).unwrap_err();
    assert!(e.contains("duplicate key `platforms`"), "{e}");
}

fn shard_report(shard: &str, cells: Value) -> Value {
    json!({"format": "visa-certify-report/1", "complete": true, "command": "impl",
           "settings": {"seed": 1}, "shards": [shard], "cells": cells})
}

fn cell(passed: u64, failed: u64) -> Value {
    json!([{"instruction": "add", "platform": "xe-hpg", "passed": passed, "failed": failed}])
}

#[test]
fn merge_rejects_a_report_with_a_duplicate_key() {
    let dir = common::tmp_dir("hostile-merge-dup");
    let text = shard_report("1/1", cell(1, 0))
        .to_string()
        .replace(r#""passed":1"#, r#""passed":1,"passed":9"#);
    let file = dir.join("report.json");
    std::fs::write(&file, text).unwrap();
    let e = report::read(&file).unwrap_err();
    assert!(e.contains("duplicate key `cells[0].passed`"), "{e}");
    let (status, _, err) = run(&["merge", file.to_str().unwrap()]);
    assert_eq!(status, exit::EXIT_INPUT);
    assert!(
        err.contains("report.json") && err.contains("line 1"),
        "{err}"
    );
}

// ---- item 6: entries that cannot be read ----

#[cfg(unix)]
#[test]
fn every_unreadable_entry_fails_by_name_and_the_rest_still_runs() {
    let dir = common::tmp_dir("hostile-walk");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/a.jsonl"), good("a") + "\n").unwrap();
    std::os::unix::fs::symlink("nowhere.jsonl", dir.join("dangling.jsonl")).unwrap();
    std::os::unix::fs::symlink("loop.jsonl", dir.join("loop.jsonl")).unwrap();
    // A directory that cannot be listed (only when not running as root, who lists anything).
    let locked = dir.join("locked");
    std::fs::create_dir_all(&locked).unwrap();
    std::fs::write(locked.join("b.jsonl"), good("b") + "\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let locked_out = std::fs::read_dir(&locked).is_err();

    let d = dir.to_str().unwrap();
    let (status, out, _) = run(&["check", d]);
    // Before: `2 passed` (or, with a locked directory, only a failure naming `dir`), exit 0.
    assert_eq!(status, exit::EXIT_FAIL, "{out}");
    assert!(
        out.contains("dangling.jsonl: a dangling symbolic link"),
        "{out}"
    );
    assert!(
        out.contains("loop.jsonl: a symbolic link that cannot be followed"),
        "{out}"
    );
    if locked_out {
        assert!(out.contains("locked: cannot list the directory"), "{out}");
    }
    let passed = if locked_out { "1 passed" } else { "2 passed" };
    assert!(out.contains(passed), "{out}");

    let cov = Coverage::measure(std::slice::from_ref(&dir));
    assert_eq!(cov.files, if locked_out { 1 } else { 2 });
    assert!(cov.unreadable.iter().any(|u| u.contains("dangling.jsonl")));
    assert!(cov.unreadable.iter().any(|u| u.contains("loop.jsonl")));

    let sel = Selection {
        vectors: vec![dir.clone()],
        generated: 0,
        seed: 1,
        only: Only::parse(None),
        shard: None,
        contract: Default::default(),
    };
    let errors = build(&sel).err().unwrap();
    assert!(
        errors.iter().any(|e| e.contains("dangling.jsonl")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("loop.jsonl")),
        "{errors:?}"
    );
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

// ---- item 7: sizes that would exhaust memory ----

#[test]
fn serve_answers_huge_observe_lengths_with_invalid_vector_and_goes_on() {
    // Before: 2^62 panicked (capacity overflow), 2^40 aborted the process.
    let mut child = Command::new(BIN)
        .args(["serve"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let case = r#"{"format":"visa-vector/1","id":"x","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=2\nmov (M1, 2) V1(0,0)<1> 0x7:d\n"}"#;
    let request = |seq: u64, addr: &str, len: u64| {
        format!(
            r#"{{"type":"run","seq":{seq},"case":{case},"observe":{{"mem":[{{"space":"flat","addr":"{addr}","len":{len}}}]}}}}"#
        )
    };
    let mut input = child.stdin.take().unwrap();
    writeln!(input, r#"{{"type":"hello","protocol":"visa-dut/1"}}"#).unwrap();
    writeln!(input, "{}", request(1, "0x0", 1 << 62)).unwrap();
    writeln!(input, "{}", request(2, "0x0", 1 << 40)).unwrap();
    writeln!(input, "{}", request(3, "0xffffffffffffffff", 2)).unwrap();
    writeln!(input, "{}", request(4, "0x0", 8)).unwrap();
    drop(input);
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut answer = || -> Value { serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap() };
    assert_eq!(answer()["type"], "hello");
    for (seq, says) in [
        (1, "16777216 bytes"),
        (2, "16777216 bytes"),
        (3, "wraps around"),
    ] {
        let a = answer();
        assert_eq!(a["seq"], seq);
        assert_eq!(a["error"]["class"], "invalid-vector", "{a}");
        assert!(
            a["error"]["message"].as_str().unwrap().contains(says),
            "{a}"
        );
    }
    let a = answer();
    assert_eq!(a["state"]["mem"][0]["bytes"], "0000000000000000", "{a}");
    assert!(child.wait().unwrap().success());
}

// ---- item 8: unbounded memory and output ----

#[test]
fn merge_of_a_huge_shard_count_lists_missing_shards_as_ranges() {
    // Before: the list of 4294967294 missing shards was built (killed at 24 GB).
    let a = Report::from_value(&shard_report("1/4294967295", cell(1, 0))).unwrap();
    let b = Report::from_value(&shard_report("7/4294967295", cell(1, 0))).unwrap();
    let merged = report::merge(&[a, b]).unwrap();
    assert!(!merged.complete);
    assert_eq!(
        merged.notes,
        ["missing shards: 2/4294967295 to 6/4294967295, 8/4294967295 to 4294967295/4294967295"]
    );
}

#[test]
fn endless_input_is_read_up_to_the_line_limit_only() {
    // Before: `exec /dev/zero` read until memory ran out.
    if Path::new("/dev/zero").exists() {
        let (status, _, err) = run(&["exec", "/dev/zero"]);
        assert_eq!(status, exit::EXIT_INPUT);
        assert!(
            err.contains(&format!("longer than {MAX_LINE_BYTES} bytes")),
            "{err}"
        );
        let (status, _, err) = run(&["fmt", "/dev/zero"]);
        assert_eq!(status, exit::EXIT_INPUT);
        assert!(err.contains("longer than"), "{err}");
    }
    // A vector file: the lines before the over-long one are read, then an error ends it.
    let first = format!("{}\n", good("a")).into_bytes();
    let data = first
        .as_slice()
        .chain(std::io::repeat(b' ').take(MAX_LINE_BYTES as u64 + 10))
        .chain(&b"\n{}\n"[..]);
    let entries = read_lines("big.jsonl", BufReader::new(data)).unwrap();
    assert_eq!(entries.len(), 2);
    assert!(entries[0].case.is_ok());
    let e = error_of(&entries[1]);
    assert!(e.starts_with("big.jsonl:2: the line is longer than"), "{e}");
    let mut lines = BoundedLines::new(BufReader::new(std::io::repeat(0)), 1 << 10);
    assert!(matches!(lines.next(), Some(Ok(Line::TooLong))));
}

#[test]
fn echoed_tokens_are_clipped() {
    // Before: each of these put the whole token (twice, for some) into one error line.
    let huge = "q".repeat(1 << 20);
    let bound = 4 * MAX_ECHO_CHARS + 200;
    for line in [
        with("a", &format!(r#""{huge}":1"#)),
        with("a", &format!(r#""errata":{{"{huge}":"literal"}}"#)),
        with("a", &format!(r#""init":{{"vars":{{"{huge}":"zz"}}}}"#)),
        good("a").replace("xe-hpg", &huge),
        good("a").replace("visa-vector/1", &huge),
    ] {
        let e = error_of(&read_str("t.jsonl", &line)[0]);
        assert!(e.len() < bound, "{} bytes: {}...", e.len(), &e[..200]);
    }
    // Messages of the engines (an undeclared variable named by a huge token) in check and exec.
    let dir = common::tmp_dir("hostile-echo");
    let program = format!(r#"mov (M1, 2) {huge}(0,0)<1> 0x7:d\n"#);
    let line = good("a").replace(r#"mov (M1, 2) V1(0,0)<1> 0x7:d\n"#, &program);
    let file = dir.join("a.jsonl");
    std::fs::write(&file, line + "\n").unwrap();
    let (status, out, _) = run(&["check", file.to_str().unwrap()]);
    assert_eq!(status, exit::EXIT_FAIL);
    assert!(out.len() < 2 * bound, "{} bytes", out.len());
    let (_, out, _) = run(&["exec", file.to_str().unwrap()]);
    assert!(out.len() < 2 * bound, "{} bytes", out.len());
    std::fs::write(dir.join("p.asm"), program.replace("\\n", "\n")).unwrap();
    let (_, _, err) = run(&["fmt", dir.join("p.asm").to_str().unwrap()]);
    assert!(err.len() < bound, "{} bytes", err.len());
    // The implementation's name from its hello.
    let hello = format!(
        r#"{{"type":"hello","protocol":"visa-dut/1","implementation":{{"name":"{huge}"}}}}"#
    );
    let h = Hello::from_line(hello.as_bytes()).unwrap();
    assert!(h.implementation.to_string().len() < bound);
    let hello = format!(r#"{{"type":"hello","protocol":"visa-dut/1","platforms":["{huge}"]}}"#);
    assert!(Hello::from_line(hello.as_bytes()).unwrap_err().len() < bound);
    let answer = format!(r#"{{"type":"result","seq":"{huge}","unsupported":"x"}}"#);
    match parse_result(answer.as_bytes()) {
        Err(BadAnswer::Shape { message, .. }) => assert!(message.len() < bound, "{message:.300}"),
        other => panic!("{other:?}"),
    }
}

// ---- item 12: bad input accepted by merge and the readers ----

#[test]
fn merge_rejects_counts_that_wrap_and_malformed_shards() {
    // Before: 2^64-1 + 1 failed wrapped to 0 and the merge passed; `0/0` was dropped.
    let max = u64::MAX;
    let a = Report::from_value(&shard_report("1/2", cell(1, max))).unwrap_err();
    assert!(a.contains("more than 2^64-1"), "{a}");
    let a = Report::from_value(&shard_report("1/2", cell(0, max))).unwrap();
    let b = Report::from_value(&shard_report("2/2", cell(0, 1))).unwrap();
    let e = report::merge(&[a, b]).unwrap_err();
    assert!(e.contains("overflow"), "{e}");
    for (shard, says) in [
        ("0/0", "shards[0]: shard 0/0"),
        ("3/2", "shards[0]: shard 3/2"),
    ] {
        let e = Report::from_value(&shard_report(shard, cell(1, 0))).unwrap_err();
        assert!(e.starts_with(says), "{e}");
    }
    let e = Report::from_value(&shard_report(
        "1/1",
        json!([{"instruction": "add",
        "platform": "xe-hpg", "passed": -1}]),
    ))
    .unwrap_err();
    assert!(e.starts_with("cells[0].passed: expected a count"), "{e}");
    let twice = json!([{"instruction": "add", "platform": "xe-hpg", "passed": 1},
                       {"instruction": "add", "platform": "xe-hpg", "passed": 1}]);
    let e = Report::from_value(&shard_report("1/1", twice)).unwrap_err();
    assert!(e.starts_with("cells[1]: a second cell"), "{e}");
}

#[test]
fn ids_memory_spaces_and_surface_indices_are_checked() {
    let cases = [
        (good("x/\u{fffe}"), "id", "\\u{fffe}"),
        (good("x/\\u0007"), "id", "\\u{7}"),
        (
            with(
                "a",
                r#""init":{"mem":[{"space":"flat2","addr":"0x0","bytes":"00"}]}"#,
            ),
            "init.mem[0].space",
            "unknown memory space `flat2`",
        ),
        (
            good("a").replace(
                r#""expect":{"#,
                r#""expect":{"mem":[{"space":"","addr":"0x0","bytes":"00"}],"#,
            ),
            "expect.mem[0].space",
            "unknown memory space",
        ),
        (
            with(
                "a",
                r#""init":{"surfaces":[{"bti":1,"base":"0x0","size":"0x10"},{"heap":"bss","bti":1,"base":"0x0","size":"0x10"},{"bti":1,"base":"0x100","size":"0x10"}]}"#,
            ),
            "init.surfaces[2].bti",
            "already init.surfaces[0]",
        ),
    ];
    for (line, field, says) in cases {
        let entries = read_str("t.jsonl", &line);
        let e = entries[0].case.as_ref().unwrap_err();
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert!(e.message.contains(says), "{e}");
    }
    // Repeated ids: within a file, and across the files of one check run.
    let entries = read_str("t.jsonl", &format!("{}\n{}\n", good("a"), good("a")));
    assert!(entries[0].case.is_ok());
    assert_eq!(
        error_of(&entries[1]),
        "t.jsonl:2: id: the id `a` is already used at line 1 (ids are unique)"
    );
    let dir = common::tmp_dir("hostile-ids");
    std::fs::write(dir.join("1.jsonl"), good("a") + "\n").unwrap();
    std::fs::write(dir.join("2.jsonl"), good("b") + "\n" + &good("a") + "\n").unwrap();
    let (status, out, _) = run(&["check", dir.to_str().unwrap()]);
    assert_eq!(status, exit::EXIT_FAIL);
    assert!(
        out.contains("2.jsonl:2: id: the id `a` is already used at "),
        "{out}"
    );
    assert!(out.contains("1.jsonl:1"), "{out}");
    assert!(out.contains("2 passed, 1 failed"), "{out}");
}

/// Whether `xml` holds only characters XML 1.0 allows.
fn xml_chars_only(xml: &str) -> bool {
    xml.chars().all(|c| {
        matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
            || c >= '\u{10000}'
    })
}

#[test]
fn junit_reports_are_well_formed_whatever_the_text() {
    let nasty = "x\u{fffe}\u{ffff}\u{1b}[2J\u{0}";
    let files = [FileResults {
        file: format!("{nasty}.jsonl"),
        cases: vec![CaseResult {
            line: 1,
            name: nasty.to_string(),
            failure: Some(Failure {
                kind: "mismatch",
                message: nasty.to_string(),
            }),
            time: Default::default(),
        }],
    }];
    let xml = junit::to_xml(&files).unwrap();
    assert!(xml_chars_only(&xml), "{xml:?}");
    assert!(xml.contains("x\\u{fffe}\\u{ffff}\\u{1b}[2J\\u{0}"), "{xml}");
    // A certification report naming an instruction and a failure with such text.
    let mut r = Report::from_value(&shard_report("1/1", cell(0, 1))).unwrap();
    let cell = r.cells.remove(&("add".into(), "xe-hpg".into())).unwrap();
    r.cells.insert((nasty.to_string(), "xe-hpg".into()), cell);
    r.failures.push(
        json!({"instruction": nasty, "platform": "xe-hpg", "id": nasty,
                           "kind": "mismatch", "message": nasty}),
    );
    let xml = r.junit().unwrap();
    assert!(xml_chars_only(&xml), "{xml:?}");
}

//! The property and fuzz run over every reader of untrusted input and both engines
//! (docs/robustness.md): mutated golden vector lines through the vector reader and both
//! engines; mutated requests, answers and hellos through the protocol readers; mutated
//! journals through `Journal::open`; mutated shard reports through `merge`; mutated programs
//! through the assembly parser and printer; whole kernels: mutated generated programs (with
//! control flow, subroutines and functions) through both engines, and mutated IGC dumps
//! (kernel, function files and `--init`) through `visa-conform exec` on both engines.
//! Nothing may panic; the engines must agree.
//!
//! `cargo test` runs a small budget (proptest's default of 256 cases per property, a tenth
//! of it for the properties that start a process per case); the deep run is
//! `PROPTEST_CASES=100000 cargo test --release -p visa-conformance --test fuzz`.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::strategy::Union;
use proptest::test_runner::TestCaseError;
use serde_json::{json, Value};
use visa_conformance::case::{judge, Outcome};
use visa_conformance::dut::journal::Journal;
use visa_conformance::dut::protocol::{
    parse_request, parse_result, run_request, Answer, Hello, Observe, Request, ResultMsg,
};
use visa_conformance::dut::report::{self, Report};
use visa_conformance::gen::{GenCase, Opcode};
use visa_conformance::vector::{read_bytes, read_str, vector_files, Case};
use visa_conformance::{registry, run_case, EngineKind};
use visa_model::{asm, ErrorClass};

/// Every line of the golden vectors.
fn golden() -> &'static [String] {
    static LINES: OnceLock<Vec<String>> = OnceLock::new();
    LINES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        vector_files(&[root])
            .into_iter()
            .flat_map(|f| {
                let text = std::fs::read_to_string(f.unwrap()).unwrap();
                text.lines().map(str::to_string).collect::<Vec<_>>()
            })
            .collect()
    })
}

/// Pieces of JSON and vector syntax a mutation inserts.
const TOKENS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    "-1",
    "0",
    "1e999",
    "-0.0",
    "18446744073709551616",
    "\"x\"",
    "\\u0000",
    "\\ud800",
    "\u{fffe}",
    "\\n",
    "??",
    "0x",
    "\"expect\":{}",
    "\"id\":\"a\"",
    "\"space\":\"flat\"",
    "\"len\":4611686018427387904",
    "\"bti\":0",
    "\"x-a\":1",
    "(M1, 32)",
    "<0;1,0>",
    ".decl",
    "V1",
    "P1",
    "%null",
    "\u{e9}",
];

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    /// Overwrite the byte at (position mod length).
    Byte(usize, u8),
    Insert(usize, &'static str),
    Delete(usize, usize),
    /// Copy a span (up to 64 bytes) to another place: repeats keys and values.
    Copy(usize, usize, usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Edit::Byte(p, b)),
        (any::<usize>(), proptest::sample::select(TOKENS)).prop_map(|(p, t)| Edit::Insert(p, t)),
        (any::<usize>(), 1usize..16).prop_map(|(p, n)| Edit::Delete(p, n)),
        (any::<usize>(), 1usize..64, any::<usize>()).prop_map(|(a, n, b)| Edit::Copy(a, n, b)),
    ];
    proptest::collection::vec(edit, 1..4)
}

fn mutate(text: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut t = text.to_vec();
    for e in edits {
        let at = |p: usize, len: usize| if len == 0 { 0 } else { p % len };
        match *e {
            Edit::Byte(p, b) if !t.is_empty() => {
                let i = at(p, t.len());
                t[i] = b;
            }
            Edit::Byte(..) => {}
            Edit::Insert(p, s) => {
                let i = at(p, t.len() + 1);
                t.splice(i..i, s.bytes());
            }
            Edit::Delete(p, n) => {
                let i = at(p, t.len() + 1);
                t.drain(i..(i + n).min(t.len()));
            }
            Edit::Copy(a, n, b) => {
                let i = at(a, t.len() + 1);
                let span = t[i..(i + n).min(t.len())].to_vec();
                let j = at(b, t.len() + 1);
                t.splice(j..j, span);
            }
        }
    }
    t
}

/// Both engines on a case: no model bug, the same outcome (state or error class), and a
/// judgement without panic.
fn engines_agree(case: &Case) -> Result<(), TestCaseError> {
    let spec = run_case(case, EngineKind::Spec);
    let oracle = run_case(case, EngineKind::Oracle);
    for o in [&spec, &oracle] {
        if let Outcome::Error(e) = o {
            prop_assert_ne!(e.class, ErrorClass::ModelBug, "{} on {}", e, case.to_line());
        }
        judge(case, o);
    }
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => prop_assert_eq!(a, b, "{}", case.to_line()),
        (Outcome::Error(a), Outcome::Error(b)) => {
            prop_assert_eq!(a.class, b.class, "{} vs {} on {}", a, b, case.to_line())
        }
        _ => prop_assert!(
            false,
            "spec {spec:?} vs oracle {oracle:?} on {}",
            case.to_line()
        ),
    }
    Ok(())
}

fn line_index() -> impl Strategy<Value = usize> {
    0..golden().len()
}

proptest! {
    #[test]
    fn vector_reader_and_engines_on_mutated_golden_lines(i in line_index(), e in edits()) {
        let bytes = mutate(golden()[i].as_bytes(), &e);
        for entry in read_bytes("fuzz.jsonl", &bytes) {
            let Ok(case) = entry.case else { continue };
            // What is read is written back and read again to the same case.
            let again = read_str("again.jsonl", &case.to_line());
            prop_assert_eq!(again[0].case.as_ref().ok(), Some(&case));
            engines_agree(&case)?;
        }
    }

    #[test]
    fn protocol_readers_on_mutated_messages(i in line_index(), e in edits(), which in 0..3u8) {
        let case = Case::from_line(&golden()[i]).unwrap();
        let observe = case.expect.as_ref().and_then(Observe::of);
        let request = run_request(9, &case, observe.as_ref());
        let answer = match run_case(&case, EngineKind::Oracle) {
            Outcome::Ok(o) => Answer::State(o),
            Outcome::Error(e) => Answer::Error { class: e.class, message: e.message },
        };
        let result = ResultMsg { seq: 9, answer };
        let hello = Hello {
            implementation: json!({"name": "fuzz"}),
            platforms: vec![case.platform],
            instructions: vec!["add".into()],
            ..Hello::default()
        };
        // Unmutated, each message reads back as written.
        match parse_request(request.trim_end()) {
            Ok(Request::Run { seq: 9, case: read, .. }) => prop_assert_eq!(*read, case.without_expect()),
            other => prop_assert!(false, "{:?}", other),
        }
        // (The wire carries no element sizes: compare what is written again.)
        let read = parse_result(result.to_line().trim_end().as_bytes()).map(|r| r.to_line());
        prop_assert_eq!(read, Ok(result.to_line()));
        prop_assert_eq!(Hello::from_line(hello.to_line().as_bytes()), Ok(hello.clone()));
        let line = match which {
            0 => request.into_bytes(),
            1 => result.to_line().into_bytes(),
            _ => hello.to_line().into_bytes(),
        };
        let bytes = mutate(&line, &e);
        let _ = parse_request(&String::from_utf8_lossy(&bytes));
        let _ = parse_result(&bytes);
        let _ = Hello::from_line(&bytes);
    }

    #[test]
    fn journal_reader_on_mutated_journals(
        lines in proptest::collection::vec((0usize..64, any::<bool>(), 0..4u8), 0..12),
        e in edits(),
        n in any::<u16>(),
    ) {
        let mut text = String::from("{\"journal\":\"visa-certify-journal/1\",\"fingerprint\":\"fp\"}\n");
        for (i, fail, kind) in &lines {
            let line = match (kind, fail) {
                (0, _) => json!({"s": "pass", "i": i}),
                (1, true) => json!({"s": "fail", "i": i, "kind": "mismatch", "message": "m"}),
                (1, false) => json!({"s": "unsupported", "i": i, "reason": "r"}),
                (2, _) => json!({"shrunk": i, "record": {"id": "x"}}),
                _ => json!({"s": "pass", "i": i, "tolerated": "SAT-NEGATIVE-ZERO literal"}),
            };
            text.push_str(&line.to_string());
            text.push('\n');
        }
        let bytes = mutate(text.as_bytes(), &e);
        let dir = common::tmp_dir(&format!("fuzz-journal-{n}"));
        std::fs::write(dir.join("journal.jsonl"), &bytes).unwrap();
        // Never a panic, and every record resumed comes from a line of its own.
        let opened = Journal::open(&dir, "fp", false);
        let records = bytes.split(|b| *b == b'\n').count();
        prop_assert!(
            opened.resumed.results.len() + opened.resumed.shrunk.len() < records,
            "{:?}",
            opened.messages
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn merge_on_mutated_reports(
        shards in proptest::collection::vec((0u32..6, prop_oneof![Just(4u32), Just(0u32), any::<u32>()]), 1..4),
        counts in proptest::collection::vec(prop_oneof![0u64..10, Just(u64::MAX), any::<u64>()], 5),
        e in edits(),
        mutated in any::<bool>(),
    ) {
        let mut reports = Vec::new();
        for (k, n) in &shards {
            let v = json!({"format": "visa-certify-report/1", "complete": true, "command": "c",
                "settings": {}, "shards": [format!("{k}/{n}")],
                "cells": [{"instruction": "add", "platform": "xe-hpg", "passed": counts[0],
                    "failed": counts[1], "unsupported": counts[2], "skipped": counts[3],
                    "tolerated": counts[4]}],
                "failure_kinds": {"mismatch": counts[1]}, "throughput": {"cases": counts[0]}});
            let text = v.to_string().into_bytes();
            let text = if mutated { mutate(&text, &e) } else { text };
            let path = tmp_file(&text);
            if let Ok(r) = report::read(&path) {
                reports.push(r);
            }
            let _ = std::fs::remove_file(&path);
        }
        if let Ok(merged) = report::merge(&reports) {
            let _ = merged.table();
            let _ = merged.to_value();
            let _ = merged.junit();
            let again = Report::from_value(&merged.to_value());
            prop_assert!(again.is_ok(), "{:?}", again.err());
        }
    }

    #[test]
    fn assembly_parser_and_printer_on_mutated_programs(i in line_index(), e in edits()) {
        let case = Case::from_line(&golden()[i]).unwrap();
        let bytes = mutate(case.program.as_bytes(), &e);
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(program) = asm::parse(&text) {
            // What parses prints to text that parses to the same print.
            let printed = asm::print(&program);
            let again = asm::parse(&printed);
            prop_assert!(again.is_ok(), "{:?} on\n{}", again.err(), printed);
            prop_assert_eq!(asm::print(&again.unwrap()), printed);
        }
    }
}

/// Generated programs of every control-flow opcode's row: branches, loops, subroutines,
/// function calls, with the straight-line instructions they splice in.
fn programs() -> BoxedStrategy<GenCase> {
    let ops = Opcode::ALL.into_iter().filter(|o| o.is_flow());
    Union::new(ops.map(registry::case)).boxed()
}

/// One IGC dump of the corpus as `exec` takes it: the kernel, its function files, its
/// `--init` file if it has one, and its platform (the directory's name).
struct Dump {
    platform: String,
    files: Vec<PathBuf>,
    init: Option<PathBuf>,
}

/// Every kernel of conformance/tests/dumps/igc.
fn dumps() -> &'static [Dump] {
    static DUMPS: OnceLock<Vec<Dump>> = OnceLock::new();
    DUMPS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dumps/igc");
        let mut dumps = Vec::new();
        for platform in ["xe-lp", "xe-hpg", "xe-hpc"] {
            let dir = root.join(platform);
            let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            names.sort();
            for kernel in names.iter().filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                name.ends_with(".visaasm") && !name.contains("_f")
            }) {
                let stem = kernel.file_stem().unwrap().to_string_lossy().into_owned();
                let mut files = vec![kernel.clone()];
                files.extend(
                    names
                        .iter()
                        .filter(|p| {
                            let name = p.file_name().unwrap().to_string_lossy();
                            name.starts_with(&format!("{stem}_f")) && name.ends_with(".visaasm")
                        })
                        .cloned(),
                );
                let init = dir.join(format!("{stem}.init.json"));
                dumps.push(Dump {
                    platform: platform.to_string(),
                    files,
                    init: init.exists().then_some(init),
                });
            }
        }
        dumps
    })
}

/// `visa-conform exec` on a kernel's files with `--init`, on one engine: its exit status and
/// its report without the engine's name.
fn exec(platform: &str, files: &[PathBuf], init: Option<&Path>, engine: &str) -> (i32, Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_visa-conform"));
    cmd.arg("exec").args(files).args(["--platform", platform]);
    cmd.args(["--engine", engine, "--step-limit", "20000"]);
    if let Some(init) = init {
        cmd.arg("--init").arg(init);
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{engine} panicked: {stderr}");
    let code = out.status.code().unwrap_or(-1);
    assert!(
        matches!(code, 0..=2),
        "{engine} ended with {:?}: {stderr}",
        out.status
    );
    let mut report: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    if let Some(r) = report.as_object_mut() {
        r.remove("engine");
        // The engines word their messages differently; the class is what they share.
        if let Some(e) = r.get_mut("error").and_then(Value::as_object_mut) {
            e.retain(|k, _| k == "class");
        }
    }
    (code, report)
}

/// The properties that start processes run a tenth of the budget.
fn process_config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(256);
    ProptestConfig::with_cases((cases / 10).max(1))
}

proptest! {
    #[test]
    fn engines_on_mutated_generated_programs(generated in programs(), e in edits()) {
        let mut case = generated.to_case("fuzz/program");
        let bytes = mutate(case.program.as_bytes(), &e);
        case.program = String::from_utf8_lossy(&bytes).into_owned();
        case.expect = None;
        engines_agree(&case)?;
    }
}

proptest! {
    #![proptest_config(process_config())]

    #[test]
    fn exec_on_mutated_kernels_function_files_and_init(
        k in 0..dumps().len(),
        e in edits(),
        which in 0..3usize,
        n in any::<u32>(),
    ) {
        let dump = &dumps()[k];
        let dir = common::tmp_dir(&format!("fuzz-exec-{n}"));
        // Mutate the kernel, one of its functions or its init file; copy the rest as is.
        let mut files = Vec::new();
        let mut originals: Vec<&Path> = dump.files.iter().map(PathBuf::as_path).collect();
        originals.extend(dump.init.as_deref());
        let target = match which {
            0 => 0,
            1 if dump.files.len() > 1 => 1,
            2 if dump.init.is_some() => originals.len() - 1,
            _ => 0,
        };
        for (i, original) in originals.iter().enumerate() {
            let bytes = std::fs::read(original).unwrap();
            let bytes = if i == target { mutate(&bytes, &e) } else { bytes };
            let path = dir.join(original.file_name().unwrap());
            std::fs::write(&path, bytes).unwrap();
            files.push(path);
        }
        let init = dump.init.is_some().then(|| files.pop().unwrap());
        let spec = exec(&dump.platform, &files, init.as_deref(), "spec");
        let oracle = exec(&dump.platform, &files, init.as_deref(), "oracle");
        prop_assert_eq!(&spec, &oracle, "{:?} mutated by {:?}", originals[target], e);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A fresh file holding `bytes`.
fn tmp_file(bytes: &[u8]) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("visa-conform-fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
        "{}-{}.json",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, bytes).unwrap();
    path
}

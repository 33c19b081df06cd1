//! The `visa-conform` command line (DESIGN.md "Command line"; docs/commands.md).
//!
//! Every command writes to the writers it is given, so tests can run it in process, and
//! returns its exit status ([`crate::exit`]): [`EXIT_OK`], [`EXIT_FAIL`] (a case failed) or
//! [`EXIT_INPUT`] (unreadable input or bad usage).

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;
use serde_json::{Map, Value};
use visa_spec::asm;
use visa_spec::error::VisaError;

use crate::case::{judge_with_field, run_case, EngineKind, Outcome, Verdict};
use crate::golden;
use crate::input::{clip_message, read_bounded, MAX_LINE_BYTES};
use crate::junit::{self, CaseResult, Failure, FileResults};
use crate::vector::{collect, read_bytes, Case, Entry};

use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};

/// Conformance tooling for the vISA reference semantics.
#[derive(Debug, Parser)]
#[command(name = "visa-conform", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one case and print what it observed as one JSON line.
    Exec(ExecArgs),
    /// Run every case of vector files and report failures (the regression gate).
    Check(CheckArgs),
    /// Print vISA assembly text in canonical form.
    Fmt(FmtArgs),
    /// Write the golden vectors and their manifest (deterministic for a seed).
    Gen(GenArgs),
    /// Measure the throughput of the engines on generated case streams.
    Bench(crate::bench::BenchArgs),
    /// Count the cases per instruction, type signature and platform, and list the type-map
    /// cells no case reaches.
    Coverage(crate::coverage::CoverageArgs),
    /// Speak the visa-dut/1 protocol on stdin and stdout with an engine (or a mutant).
    Serve(crate::dut::serve::ServeArgs),
    /// Certify an implementation (default: the bundled oracle) through visa-dut/1.
    Certify(crate::dut::certify::CertifyArgs),
    /// Join the reports of a sharded certification.
    Merge(crate::dut::certify::MergeArgs),
}

#[derive(Debug, Args)]
pub struct ExecArgs {
    /// A .jsonl file holding exactly one case, or `-` for one JSON line on stdin.
    pub case: String,
    #[arg(long, value_enum, default_value_t = EngineKind::Spec)]
    pub engine: EngineKind,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Vector files and directories (walked recursively for `*.jsonl`, in sorted order).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = EngineKind::Spec)]
    pub engine: EngineKind,
    /// Also write a JUnit XML report (one test suite per file) to FILE.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The vectors directory to write (`<family>/<instruction>.jsonl` and MANIFEST.json).
    #[arg(long, default_value = "vectors")]
    pub out: PathBuf,
    /// The generator seed; the committed vectors use the default.
    #[arg(long, default_value_t = golden::DEFAULT_SEED)]
    pub seed: u64,
    /// Cases per instruction and platform.
    #[arg(long, default_value_t = golden::DEFAULT_CASES)]
    pub cases: usize,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// An assembly text file, or `-` for stdin.
    pub file: String,
}

/// Runs a parsed command line.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let status = match cli.command {
        Command::Exec(args) => exec(&args, out, err),
        Command::Check(args) => check(&args, out, err),
        Command::Fmt(args) => fmt(&args, out, err),
        Command::Gen(args) => gen(&args, out, err),
        Command::Bench(args) => crate::bench::run(&args, out),
        Command::Coverage(args) => crate::coverage::run(&args, out),
        Command::Serve(args) => crate::dut::serve::run(&args, out, err),
        Command::Certify(args) => crate::dut::certify::run(&args, out, err),
        Command::Merge(args) => crate::dut::certify::merge(&args, out, err),
    };
    // A closed stdout or stderr leaves nothing useful to report.
    status.unwrap_or(EXIT_INPUT)
}

/// Reads a file, or stdin for `-`, of at most [`MAX_LINE_BYTES`] (`exec` and `fmt` read
/// one case or one program, which a vector holds on one line); returns the name to report
/// and the bytes or why they were not read.
fn read_input(arg: &str) -> (String, Result<Vec<u8>, String>) {
    let (name, data) = if arg == "-" {
        let name = "<stdin>".to_string();
        (name, read_bounded(io::stdin().lock(), MAX_LINE_BYTES))
    } else {
        let data = std::fs::File::open(arg).and_then(|f| read_bounded(f, MAX_LINE_BYTES));
        (arg.to_string(), data)
    };
    let data = match data {
        Ok(Some(data)) => Ok(data),
        Ok(None) => Err(format!(
            "longer than {MAX_LINE_BYTES} bytes (the limit of one case or program)"
        )),
        Err(e) => Err(e.to_string()),
    };
    (name, data)
}

/// The JSON form of an error: class, message and, when known, position and field.
fn error_value(e: &VisaError) -> Value {
    let mut m = Map::new();
    m.insert("class".into(), e.class.as_str().into());
    m.insert("message".into(), clip_message(&e.message).into());
    if let Some(pos) = e.pos {
        m.insert("pos".into(), pos.to_string().into());
    }
    if let Some(field) = &e.field {
        m.insert("field".into(), field.clone().into());
    }
    Value::Object(m)
}

/// The line `exec` prints for a case and its outcome.
pub fn exec_report(case: &Case, engine: EngineKind, outcome: &Outcome) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), case.id.clone().into());
    m.insert("engine".into(), engine.name().into());
    match outcome {
        Outcome::Ok(observed) => {
            m.insert("outcome".into(), "ok".into());
            m.insert("state".into(), observed.to_value());
        }
        Outcome::Error(e) => {
            m.insert("outcome".into(), "error".into());
            m.insert("error".into(), error_value(e));
        }
    }
    if case.expect.is_some() {
        match judge_with_field(case, outcome) {
            Verdict::Pass => {
                m.insert("verdict".into(), "pass".into());
            }
            Verdict::Fail(mismatch) => {
                m.insert("verdict".into(), "fail".into());
                m.insert(
                    "mismatch".into(),
                    clip_message(&mismatch.to_string()).into(),
                );
            }
        }
    }
    Value::Object(m)
}

fn exec(args: &ExecArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (name, data) = read_input(&args.case);
    let data = match data {
        Ok(d) => d,
        Err(e) => {
            writeln!(err, "{name}: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let mut entries = read_bytes(&name, &data);
    if entries.len() != 1 {
        writeln!(
            err,
            "{name}: holds {} cases; exec runs exactly one",
            entries.len()
        )?;
        return Ok(EXIT_INPUT);
    }
    let Some(Entry { case, .. }) = entries.pop() else {
        return Ok(EXIT_INPUT);
    };
    let case = match case {
        Ok(c) => c,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let outcome = run_case(&case, args.engine);
    let report = exec_report(&case, args.engine, &outcome);
    writeln!(out, "{report}")?;
    let failed = report.get("verdict").and_then(Value::as_str) == Some("fail");
    Ok(if failed { EXIT_FAIL } else { EXIT_OK })
}

fn check(args: &CheckArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let files = collect(&args.paths);
    if files.is_empty() {
        writeln!(err, "warning: no .jsonl files found")?;
    }
    // Flatten to one job per line so that rayon balances cases, not files.
    let jobs: Vec<(usize, &Entry)> = files
        .iter()
        .enumerate()
        .filter_map(|(i, (_, r))| r.as_ref().ok().map(|entries| (i, entries)))
        .flat_map(|(i, entries)| entries.iter().map(move |e| (i, e)))
        .collect();
    let engine = args.engine;
    let results: Vec<(usize, CaseResult)> = jobs
        .par_iter()
        .map(|(i, entry)| (*i, check_entry(entry, engine)))
        .collect();

    let mut reports: Vec<FileResults> = files
        .iter()
        .map(|(file, r)| FileResults {
            file: file.clone(),
            cases: match r {
                Ok(_) => Vec::new(),
                Err(e) => vec![CaseResult {
                    line: 0,
                    name: file.clone(),
                    failure: Some(Failure {
                        kind: "unreadable",
                        message: e.to_string(),
                    }),
                    time: Default::default(),
                }],
            },
        })
        .collect();
    for (i, result) in results {
        reports[i].cases.push(result);
    }

    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &reports {
        for c in &file.cases {
            let Some(failure) = &c.failure else {
                passed += 1;
                continue;
            };
            failed += 1;
            match failure.kind {
                "mismatch" => writeln!(
                    out,
                    "FAIL {}:{} {}: {}",
                    file.file, c.line, c.name, failure.message
                )?,
                _ => writeln!(out, "FAIL {}", failure.message)?,
            }
        }
    }
    if let Some(path) = &args.junit {
        let written = junit::to_xml(&reports)
            .map_err(|e| e.to_string())
            .and_then(|xml| std::fs::write(path, xml).map_err(|e| e.to_string()));
        if let Err(e) = written {
            writeln!(
                err,
                "{}: cannot write the JUnit report: {e}",
                path.display()
            )?;
            writeln!(out, "{passed} passed, {failed} failed")?;
            return Ok(EXIT_INPUT);
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(if failed > 0 { EXIT_FAIL } else { EXIT_OK })
}

/// Runs one line of a vector file and judges it.
fn check_entry(entry: &Entry, engine: EngineKind) -> CaseResult {
    let start = Instant::now();
    let (name, failure) = match &entry.case {
        Err(e) => (
            format!("line {}", entry.line),
            Some(Failure {
                kind: "invalid-vector",
                message: e.to_string(),
            }),
        ),
        Ok(case) => {
            let outcome = run_case(case, engine);
            let failure = match judge_with_field(case, &outcome) {
                Verdict::Pass => None,
                Verdict::Fail(m) => Some(Failure {
                    kind: "mismatch",
                    message: clip_message(&m.to_string()).into_owned(),
                }),
            };
            (case.id.clone(), failure)
        }
    };
    CaseResult {
        line: entry.line,
        name,
        failure,
        time: start.elapsed(),
    }
}

fn fmt(args: &FmtArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let (name, data) = read_input(&args.file);
    let text = match data.map(String::from_utf8) {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => {
            writeln!(err, "{name}: not UTF-8 text: {e}")?;
            return Ok(EXIT_INPUT);
        }
        Err(e) => {
            writeln!(err, "{name}: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    match asm::parse(&text) {
        Ok(program) => {
            write!(out, "{}", asm::print(&program))?;
            Ok(EXIT_OK)
        }
        Err(e) => {
            let message = clip_message(&e.message);
            match e.pos {
                Some(pos) => writeln!(err, "{name}:{}:{}: {message}", pos.line, pos.col)?,
                None => writeln!(err, "{name}: {message}")?,
            }
            Ok(EXIT_INPUT)
        }
    }
}

/// `gen`: writes the golden vectors and reports what it wrote.
fn gen(args: &GenArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    // The generated streams, then the hand-derived catalogs (vectors/catalog/).
    let files = match golden::generate(args.seed, args.cases).and_then(|mut files| {
        files.extend(crate::catalog::golden_files().map_err(|e| e.to_string())?);
        Ok(files)
    }) {
        Ok(files) => files,
        Err(message) => {
            writeln!(err, "gen: {message}")?;
            return Ok(EXIT_FAIL);
        }
    };
    if let Err(e) = crate::vector::manifest::write(&args.out, &files, args.seed) {
        writeln!(err, "gen: cannot write {}: {e}", args.out.display())?;
        return Ok(EXIT_INPUT);
    }
    for f in &files {
        writeln!(
            out,
            "{}: {} cases",
            args.out.join(f.file).display(),
            f.cases
        )?;
    }
    Ok(EXIT_OK)
}

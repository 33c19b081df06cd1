//! `visa-conform check`: the regression gate over vector files, with a JUnit report.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;

use crate::case::{judge_with_field, EngineKind, Verdict};
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::input::clip_message;
use crate::junit::{self, CaseResult, Failure, FileResults};
use crate::launch::cases::run_case;
use crate::vector::{collect, Entry};

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

/// `check`: runs every case of the vector files and reports the failures.
pub(super) fn run(args: &CheckArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
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

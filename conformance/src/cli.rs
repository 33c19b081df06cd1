//! The `visa-conform` command line (DESIGN.md "Command line"; docs/commands.md).
//!
//! Every command writes to the writers it is given, so tests can run it in process, and
//! returns its exit status ([`crate::exit`]): [`EXIT_OK`], [`EXIT_FAIL`] (a case failed) or
//! [`EXIT_INPUT`] (unreadable input or bad usage).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use rayon::prelude::*;
use serde_json::{Map, Value};
use visa_spec::asm;
use visa_spec::error::VisaError;

use crate::case::{judge_with_field, run_case, run_case_limited, EngineKind, Outcome, Verdict};
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
    /// Validate whole assembly texts (IGC dumps), reporting every line the rules reject and
    /// every instruction this version does not execute.
    Validate(ValidateArgs),
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
    /// A .jsonl file holding exactly one case, `-` for one JSON line on stdin, or a kernel's
    /// assembly text (`.visaasm`, `.isaasm`, `.asm`: a whole IGC dump) run with `--platform`
    /// and `--init`.
    pub case: String,
    /// With a kernel text: the texts of the functions it calls, which IGC dumps one per file
    /// (`NAME_f0.visaasm`, each a `.global_function`); they are read after the kernel, as one
    /// program.
    pub functions: Vec<String>,
    /// The platform of a kernel text (xe-lp, xe-hpg, xe-hpc, xe2).
    #[arg(long)]
    pub platform: Option<String>,
    /// A JSON file holding the kernel text's initial state: an object with the keys of a
    /// case's `init` (vars, preds, mem, surfaces, cr0, emask; docs/vector-format.md).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Ends a run that has not finished after N executed instructions with a `step-limit`
    /// error.
    #[arg(long, default_value_t = visa_spec::config::ExecConfig::DEFAULT_STEP_LIMIT)]
    pub step_limit: u64,
    #[arg(long, value_enum, default_value_t = EngineKind::Spec)]
    pub engine: EngineKind,
    /// Before the report, print each executed instruction (its line and text) with its
    /// execution mask and the bytes it changed (spec engine only).
    #[arg(long)]
    pub trace: bool,
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
    /// The accuracy contract of the approximated math results' intervals (intel-hw, the
    /// committed vectors'; correctly-rounded; opencl-full).
    #[arg(long, default_value = "intel-hw", value_name = "NAME", value_parser = crate::dut::certify::parse_contract)]
    pub contract: visa_spec::contract::Contract,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Assembly text files (`.visaasm` dumps, or any program text).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The platform the texts are for (xe-lp, xe-hpg, xe-hpc, xe2).
    #[arg(long)]
    pub platform: String,
    /// Read this erratum literally (repeatable; the default is every erratum resolved).
    #[arg(long = "literal", value_name = "ERRATUM")]
    pub literal: Vec<String>,
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
        Command::Validate(args) => validate(&args, out, err),
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
    let case = if is_kernel_text(&args.case) {
        kernel_case(args)
    } else if !args.functions.is_empty() {
        Err("function texts follow a kernel text (`.visaasm`, `.isaasm` or `.asm`)".to_string())
    } else {
        one_case(&args.case)
    };
    let case = match case {
        Ok(c) => c,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    if args.trace {
        if args.engine != EngineKind::Spec {
            writeln!(err, "--trace runs on the spec engine only")?;
            return Ok(EXIT_INPUT);
        }
        for line in trace::run(&case, args.step_limit) {
            writeln!(out, "{line}")?;
        }
    }
    let outcome = run_case_limited(&case, args.engine, args.step_limit);
    let mut report = exec_report(&case, args.engine, &outcome);
    if !args.functions.is_empty() {
        locate_in_files(&mut report, &kernel_files(args));
    }
    writeln!(out, "{report}")?;
    let failed = report.get("verdict").and_then(Value::as_str) == Some("fail");
    Ok(if failed { EXIT_FAIL } else { EXIT_OK })
}

/// A kernel text's files in reading order: the kernel, then its functions.
fn kernel_files(args: &ExecArgs) -> Vec<String> {
    std::iter::once(args.case.clone())
        .chain(args.functions.iter().cloned())
        .collect()
}

/// Each file's text, joined with a line break; an unreadable file is an error message.
fn read_texts(files: &[String]) -> Result<Vec<String>, String> {
    files
        .iter()
        .map(|name| {
            let (_, data) = read_input(name);
            let data = data.map_err(|e| format!("{name}: {e}"))?;
            String::from_utf8(data).map_err(|_| format!("{name}: not UTF-8 text"))
        })
        .collect()
}

/// Rewrites the error's `pos` (a line of the joined texts) as the line of the file it is in,
/// and names that file in `file`.
fn locate_in_files(report: &mut Value, files: &[String]) {
    let Some(error) = report.get_mut("error").and_then(Value::as_object_mut) else {
        return;
    };
    let Some((line, col)) = error
        .get("pos")
        .and_then(Value::as_str)
        .and_then(|p| p.split_once(':'))
        .and_then(|(l, c)| Some((l.parse::<usize>().ok()?, c.to_string())))
    else {
        return;
    };
    let Ok(texts) = read_texts(files) else {
        return;
    };
    let mut first = 1;
    for (name, text) in files.iter().zip(&texts) {
        // The join drops one final line break of each text and puts one between texts.
        let lines = text
            .strip_suffix('\n')
            .unwrap_or(text)
            .matches('\n')
            .count()
            + 1;
        if line < first + lines {
            error.insert("pos".into(), format!("{}:{col}", line - first + 1).into());
            error.insert("file".into(), name.clone().into());
            return;
        }
        first += lines;
    }
}

/// Whether `exec`'s argument names a kernel's assembly text rather than a case.
fn is_kernel_text(arg: &str) -> bool {
    let ext = Path::new(arg).extension().and_then(|e| e.to_str());
    matches!(ext, Some("visaasm" | "isaasm" | "asm"))
}

/// The one case of a `.jsonl` file or of stdin; the error is the message to print.
fn one_case(arg: &str) -> Result<Case, String> {
    let (name, data) = read_input(arg);
    let data = data.map_err(|e| format!("{name}: {e}"))?;
    let mut entries = read_bytes(&name, &data);
    if entries.len() != 1 {
        return Err(format!(
            "{name}: holds {} cases; exec runs exactly one",
            entries.len()
        ));
    }
    match entries.pop() {
        Some(Entry { case, .. }) => case.map_err(|e| e.to_string()),
        None => Err(format!("{name}: holds no case")),
    }
}

/// A kernel text with `--platform` and `--init`, as a case without `expect` (id: the file's
/// name); the error is the message to print.
fn kernel_case(args: &ExecArgs) -> Result<Case, String> {
    let name = &args.case;
    let texts = read_texts(&kernel_files(args))?;
    // One line break between texts, whether or not a text ends with one.
    let program = texts
        .iter()
        .map(|t| t.strip_suffix('\n').unwrap_or(t))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let Some(platform) = &args.platform else {
        return Err(format!(
            "{name}: a kernel text needs --platform (xe-lp, xe-hpg, xe-hpc or xe2)"
        ));
    };
    let init = match &args.init {
        None => Value::Object(Map::new()),
        Some(path) => {
            let shown = path.display();
            let (_, data) = read_input(&path.to_string_lossy());
            let data = data.map_err(|e| format!("{shown}: {e}"))?;
            serde_json::from_slice::<Value>(&data)
                .map_err(|e| format!("{shown}: not a JSON object: {e}"))?
        }
    };
    let id = Path::new(name)
        .file_name()
        .map_or_else(|| name.clone(), |f| f.to_string_lossy().into_owned());
    let line = serde_json::json!({
        "format": "visa-vector/1",
        "id": id,
        "platform": platform,
        "program": program,
        "init": init,
    });
    Case::from_line(&line.to_string()).map_err(|e| {
        let shown = args
            .init
            .as_ref()
            .map_or_else(|| name.clone(), |p| p.display().to_string());
        format!("{shown}: {e}")
    })
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

/// `validate`: every rejected line as `FILE:LINE:COL: CLASS in FIELD: MESSAGE` on stdout,
/// then one summary line per file; exit 1 when any line is invalid (instructions this
/// version does not execute are counted, not failures).
fn validate(args: &ValidateArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let platform = match args.platform.parse::<visa_spec::platform::Platform>() {
        Ok(p) => p,
        Err(e) => {
            writeln!(err, "--platform: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let mut readings = visa_spec::errata::Readings::resolved();
    for id in &args.literal {
        if let Err(e) = readings.set(id, visa_spec::errata::Reading::Literal) {
            writeln!(err, "--literal: {e}")?;
            return Ok(EXIT_INPUT);
        }
    }
    let mut status = EXIT_OK;
    for file in &args.files {
        let (name, data) = read_input(file);
        let text = match data.map(String::from_utf8) {
            Ok(Ok(text)) => text,
            Ok(Err(_)) => {
                writeln!(err, "{name}: not UTF-8 text")?;
                status = EXIT_INPUT;
                continue;
            }
            Err(e) => {
                writeln!(err, "{name}: {e}")?;
                status = EXIT_INPUT;
                continue;
            }
        };
        let program = match asm::parse(&text) {
            Ok(program) => program,
            Err(e) => {
                writeln!(out, "{}", located(&name, &e))?;
                writeln!(out, "{name}: does not parse")?;
                status = status.max(EXIT_FAIL);
                continue;
            }
        };
        let survey = visa_spec::validate::survey(&program, platform, &readings);
        for e in &survey.invalid {
            writeln!(out, "{}", located(&name, e))?;
        }
        // The instructions not executed, by mnemonic, most frequent first.
        let mut counts: Vec<(String, usize)> = Vec::new();
        for (what, _) in &survey.unsupported {
            match counts.iter_mut().find(|(w, _)| w == what) {
                Some((_, n)) => *n += 1,
                None => counts.push((what.clone(), 1)),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let listed: Vec<String> = counts.iter().map(|(w, n)| format!("{w} {n}")).collect();
        let not_executed = if listed.is_empty() {
            String::new()
        } else {
            format!(" ({})", listed.join(", "))
        };
        writeln!(
            out,
            "{name}: {} instructions, {} invalid, {} not executed{not_executed}",
            survey.instructions,
            survey.invalid.len(),
            survey.unsupported.len(),
        )?;
        if !survey.invalid.is_empty() {
            status = status.max(EXIT_FAIL);
        }
    }
    Ok(status)
}

/// `NAME:LINE:COL: CLASS in FIELD: MESSAGE` (position and field when known).
fn located(name: &str, e: &VisaError) -> String {
    let at = e
        .pos
        .map_or_else(String::new, |p| format!(":{}:{}", p.line, p.col));
    let field = e
        .field
        .as_ref()
        .map_or_else(String::new, |f| format!(" in {f}"));
    format!(
        "{name}{at}: {}{field}: {}",
        e.class.as_str(),
        clip_message(&e.message)
    )
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
    let files = if args.contract == visa_spec::contract::Contract::default() {
        files
    } else {
        match files
            .into_iter()
            .map(|f| crate::expect::contract::rewiden_file(f, args.contract))
            .collect::<Result<Vec<_>, String>>()
        {
            Ok(files) => files,
            Err(message) => {
                writeln!(err, "gen: {message}")?;
                return Ok(EXIT_FAIL);
            }
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

/// `exec --trace`: the spec engine run again with an observer that prints every executed
/// instruction and what it changed.
mod trace {
    use visa_spec::asm;
    use visa_spec::error::{ErrorClass, VisaError};
    use visa_spec::exec::ExecConfig;
    use visa_spec::flow::Observer;
    use visa_spec::ir::Program;
    use visa_spec::profile::DpasProfile;
    use visa_spec::state::{ByteSet, MachineState, Memory};
    use visa_spec::validate;

    use crate::case::apply_init;
    use crate::input::clip_message;
    use crate::vector::Case;

    /// The state an instruction may change, taken before it runs.
    struct Before {
        grf: Vec<u8>,
        undefined: ByteSet,
        preds: Vec<u32>,
        addrs: Vec<u16>,
        mem: Memory,
    }

    struct Tracer<'a> {
        program: &'a Program,
        text: Vec<&'a str>,
        lines: Vec<String>,
        before: Option<Before>,
    }

    /// One byte as hex, `??` when undefined.
    fn byte(b: u8, undefined: bool) -> String {
        if undefined {
            "??".to_string()
        } else {
            format!("{b:02x}")
        }
    }

    /// The runs of consecutive indices `0..n` where `changed` holds, as ranges.
    fn runs(n: usize, changed: impl Fn(usize) -> bool) -> Vec<std::ops::Range<usize>> {
        let mut out: Vec<std::ops::Range<usize>> = Vec::new();
        for k in (0..n).filter(|&k| changed(k)) {
            match out.last_mut() {
                Some(r) if r.end == k => r.end = k + 1,
                _ => out.push(k..k + 1),
            }
        }
        out
    }

    impl Observer for Tracer<'_> {
        fn before(&mut self, pc: usize, mask: u32, state: &MachineState) {
            let insn = &self.program.insns[pc];
            let line = insn.pos.line;
            let text = self
                .text
                .get((line as usize).wrapping_sub(1))
                .map_or("", |t| t.trim());
            self.lines
                .push(format!("line {line}: emask {mask:#010x}: {text}"));
            self.before = Some(Before {
                grf: state.grf.clone(),
                undefined: state.undefined.clone(),
                preds: state.preds.clone(),
                addrs: state.addrs.clone(),
                mem: state.mem.clone(),
            });
        }

        fn after(&mut self, _pc: usize, state: &MachineState) {
            let Some(b) = self.before.take() else { return };
            for (id, v) in self.program.vars.iter() {
                if v.alias.is_some() {
                    continue;
                }
                if let Some(off) = v.grf_offset {
                    let size = v.byte_size();
                    let old = |k: usize| (b.grf[off + k], b.undefined.contains(&(off + k)));
                    let new = |k: usize| (state.grf[off + k], state.undefined.contains(&(off + k)));
                    // Whole elements: an element with a changed byte is shown entire.
                    let es = v.ty.size().max(1);
                    let changed = |e: usize| (e * es..(e + 1) * es).any(|k| old(k) != new(k));
                    for r in runs(size / es, changed) {
                        let r = r.start * es..r.end * es;
                        let hex = |f: &dyn Fn(usize) -> (u8, bool)| -> String {
                            r.clone()
                                .map(|k| {
                                    let (x, u) = f(k);
                                    byte(x, u)
                                })
                                .collect()
                        };
                        self.lines.push(format!(
                            "  {}[{}..{}]: {} -> {}",
                            v.name,
                            r.start,
                            r.end,
                            hex(&old),
                            hex(&new)
                        ));
                    }
                } else if let Some(slot) = v.slot.filter(|_| v.class == asm::ast::VarClass::Address)
                {
                    for k in 0..v.num_elts as usize {
                        let (o, n) = (b.addrs.get(slot + k), state.addrs.get(slot + k));
                        if let (Some(o), Some(n)) = (o, n) {
                            if o != n {
                                self.lines
                                    .push(format!("  {}[{k}]: {o:#x} -> {n:#x}", v.name));
                            }
                        }
                    }
                } else if v.class == asm::ast::VarClass::Predicate {
                    let i = id.0 as usize;
                    if let (Some(o), Some(n)) = (b.preds.get(i), state.preds.get(i)) {
                        if o != n {
                            self.lines.push(format!("  {}: {o:#x} -> {n:#x}", v.name));
                        }
                    }
                }
            }
            for (name, space) in state.mem.spaces() {
                let old = b.mem.space(name);
                for (base, bytes) in space.pages() {
                    let was = |k: usize| {
                        let addr = base + k as u64;
                        old.map_or((0, false), |o| {
                            let mut x = [0u8];
                            o.read(addr, &mut x);
                            (x[0], o.is_undefined(addr))
                        })
                    };
                    let now = |k: usize| (bytes[k], space.is_undefined(base + k as u64));
                    for r in runs(bytes.len(), |k| was(k) != now(k)) {
                        let old_hex: String = r
                            .clone()
                            .map(|k| {
                                let (x, u) = was(k);
                                byte(x, u)
                            })
                            .collect();
                        let new_hex: String = r
                            .clone()
                            .map(|k| {
                                let (x, u) = now(k);
                                byte(x, u)
                            })
                            .collect();
                        self.lines.push(format!(
                            "  mem[{name}:{:#x}..{:#x}]: {old_hex} -> {new_hex}",
                            base + r.start as u64,
                            base + r.end as u64
                        ));
                    }
                }
            }
        }
    }

    /// The trace lines of `case` on the spec engine; a case that does not run says why on
    /// its last line (the report that follows has the details).
    pub fn run(case: &Case, step_limit: u64) -> Vec<String> {
        let mut lines = Vec::new();
        if let Err(e) = trace(case, step_limit, &mut lines) {
            lines.push(format!(
                "stopped: {}: {}",
                e.class.as_str(),
                clip_message(&e.message)
            ));
        }
        lines
    }

    fn trace(case: &Case, step_limit: u64, lines: &mut Vec<String>) -> Result<(), VisaError> {
        let readings = case
            .readings()
            .map_err(|m| VisaError::new(ErrorClass::InvalidVector, m))?;
        let profile = match &case.profile {
            None => DpasProfile::default(),
            Some(name) => DpasProfile::parse(name)
                .ok_or_else(|| VisaError::unsupported(format!("numeric profile `{name}`")))?,
        };
        let ast = asm::parse(&case.program)?;
        let program = validate::validate_with(&ast, case.platform, &readings)?;
        let mut state = MachineState::new(&program.vars);
        apply_init(&case.init, &program.vars, &mut state)?;
        let mut tracer = Tracer {
            program: &program,
            text: case.program.lines().collect(),
            lines: Vec::new(),
            before: None,
        };
        let result = visa_spec::exec::run_traced(
            &program,
            &mut state,
            &ExecConfig {
                step_limit,
                ..ExecConfig::new(readings, profile)
            },
            &mut tracer,
        );
        lines.append(&mut tracer.lines);
        result
    }
}

//! `visa-conform exec`: one case, from a vector line or a kernel's assembly text, on one
//! engine, printed as one JSON line.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::{Map, Value};
use visa_model::asm;
use visa_model::error::VisaError;
use visa_model::opcode::Opcode;

use super::input::{read_input, read_limited, read_text, shown_name, text_of, ReadError};
use crate::case::{judge_with_field, run_case_limited, EngineKind, Limits, Outcome, Verdict};
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::input::{clip_message, cut, looks_binary, parse_json, utf8_text, MAX_LINE_BYTES};
use crate::vector::{read_bytes, Case, Entry};

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
    /// The platform of a kernel text (gen9, gen11, xe-lp, xe-hpg, xe-hpc, xe2).
    #[arg(long)]
    pub platform: Option<String>,
    /// A JSON file holding the kernel text's initial state: an object with the keys of a
    /// case's `init` (vars, preds, mem, surfaces, cr0, emask; docs/vector-format.md).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Ends a run that has not finished after N executed instructions with a `step-limit`
    /// error.
    #[arg(long, default_value_t = visa_model::config::ExecConfig::DEFAULT_STEP_LIMIT)]
    pub step_limit: u64,
    /// Ends a run whose executed instructions have cost more than N units (docs/control-flow.md,
    /// "The limits of a run": about one lane of an integer ALU instruction each) with a
    /// `cost-limit` error.
    #[arg(long, value_name = "N", default_value_t = visa_model::config::ExecConfig::DEFAULT_COST_LIMIT)]
    pub cost_limit: u64,
    #[arg(long, value_enum, default_value_t = EngineKind::Spec)]
    pub engine: EngineKind,
    /// Before the report, print each executed instruction (its line and text) with its
    /// execution mask and the bytes it changed (spec engine only), as it executes.
    #[arg(long)]
    pub trace: bool,
    /// The most bytes `--trace` prints; a note line ends the trace when the next line would
    /// pass it, and the run goes on untraced to its report.
    #[arg(long, value_name = "N", default_value_t = super::trace::DEFAULT_TRACE_BYTES, requires = "trace")]
    pub trace_bytes: u64,
}

impl ExecArgs {
    /// The run's limits from `--step-limit` and `--cost-limit`.
    fn limits(&self) -> Limits {
        Limits {
            steps: self.step_limit,
            cost: self.cost_limit,
        }
    }
}

/// The JSON form of an error: class, message and, when known, position and field.
pub(super) fn error_value(e: &VisaError) -> Value {
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

/// `exec`: runs one case (or one thread of a kernel text) and prints what it observed.
pub(super) fn run(args: &ExecArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
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
        super::trace::run(&case, args.limits(), args.trace_bytes, out)?;
    }
    let outcome = run_case_limited(&case, args.engine, args.limits());
    let mut report = exec_report(&case, args.engine, &outcome);
    if !args.functions.is_empty() {
        locate_in_files(&mut report, &kernel_files(args));
    }
    writeln!(out, "{report}")?;
    Ok(exec_status(case.expect.is_some(), &report))
}

/// `exec`'s exit status for its report: with `expect`, 1 when the verdict is `fail` (a run
/// that ends in the expected error passes); without, 1 when the run ends in an error.
fn exec_status(judged: bool, report: &Value) -> u8 {
    let failed = if judged {
        report.get("verdict").and_then(Value::as_str) == Some("fail")
    } else {
        report.get("outcome").and_then(Value::as_str) == Some("error")
    };
    if failed {
        EXIT_FAIL
    } else {
        EXIT_OK
    }
}

/// A kernel text's files in reading order: the kernel, then its functions.
fn kernel_files(args: &ExecArgs) -> Vec<String> {
    std::iter::once(args.case.clone())
        .chain(args.functions.iter().cloned())
        .collect()
}

/// Each file's text; an unreadable file, or one that takes the program's text (all its files
/// together) past [`MAX_LINE_BYTES`], is an error message naming it.
pub(super) fn read_texts(files: &[String]) -> Result<Vec<String>, String> {
    let mut texts: Vec<String> = Vec::with_capacity(files.len());
    let mut total = 0usize;
    for name in files {
        let data = match read_limited(name, MAX_LINE_BYTES - total) {
            Ok(data) => data,
            Err(ReadError::Io(e)) => return Err(format!("{}: {e}", shown_name(name))),
            Err(ReadError::TooLong) if texts.is_empty() => {
                return Err(format!(
                    "{}: longer than {MAX_LINE_BYTES} bytes (the limit of one program)",
                    shown_name(name)
                ))
            }
            Err(ReadError::TooLong) => return Err(too_long_program(name, total)),
        };
        let text = text_of(&shown_name(name), data, "assembly text")?;
        total += text.len();
        texts.push(text);
    }
    Ok(texts)
}

/// The message for the file `name` that takes a program's text past [`MAX_LINE_BYTES`],
/// its earlier files holding `before` bytes.
fn too_long_program(name: &str, before: usize) -> String {
    let size = std::fs::metadata(name).ok().filter(|m| m.is_file());
    let reaches = size.map_or_else(
        || format!("more than {MAX_LINE_BYTES}"),
        |m| (before as u64).saturating_add(m.len()).to_string(),
    );
    format!(
        "{}: the program's text reaches {reaches} bytes with this file ({before} before it), \
         more than {MAX_LINE_BYTES} (the limit of one program: its kernel and function files together)",
        shown_name(name)
    )
}

/// Rewrites the error's `pos` (a line of the joined texts) as the line of the file it is in,
/// and names that file in `file`.
pub(super) fn locate_in_files(report: &mut Value, files: &[String]) {
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

/// The one case of a `.jsonl` file or of stdin; the error is the message to print. A file
/// that looks binary, or holds no line that could be a case, is called what it looks like.
fn one_case(arg: &str) -> Result<Case, String> {
    let (name, data) = read_input(arg);
    let data = data.map_err(|e| format!("{name}: {e}"))?;
    if let Some(why) = looks_binary(&data) {
        return Err(format!(
            "{name}: looks like a binary file ({why}), not a case (one visa-vector/1 JSON line)"
        ));
    }
    if !data
        .split(|&b| b == b'\n')
        .any(|line| line.trim_ascii_start().starts_with(b"{"))
    {
        return Err(not_a_case(&name, data));
    }
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

/// Why a file that holds no JSON object line is not a case: what it looks like instead.
fn not_a_case(name: &str, data: Vec<u8>) -> String {
    const READS: &str = "exec reads a case (one visa-vector/1 JSON line), or a kernel's \
                         assembly text from a file named *.visaasm, *.isaasm or *.asm";
    let text = match utf8_text(data) {
        Ok(text) => text,
        Err(e) => return format!("{name}:{e}; {READS}"),
    };
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"));
    let Some(first) = first else {
        return format!("{name}: holds no case (it is empty); {READS}");
    };
    if first.starts_with('.') || asm::parse(&text).is_ok_and(|p| looks_like_assembly(&p)) {
        return format!(
            "{name}: looks like vISA assembly text, not a case; exec reads a kernel's text \
             from a file named *.visaasm, *.isaasm or *.asm (with --platform)"
        );
    }
    format!(
        "{name}: holds no case (no line is a JSON object; it begins `{}`); {READS}",
        cut(first, 40)
    )
}

/// Whether a parsed text holds a declaration, a directive or an instruction the opcode
/// table knows (any word alone on a line parses, as a label-less instruction).
fn looks_like_assembly(program: &asm::ast::Program) -> bool {
    program.lines.iter().any(|line| match &line.kind {
        asm::ast::LineKind::Decl(_) | asm::ast::LineKind::Directive { .. } => true,
        asm::ast::LineKind::Insn(insn) => Opcode::from_mnemonic(&insn.opcode).is_some(),
        _ => false,
    })
}

/// A kernel's texts as one program: one line break between texts, whether or not a text
/// ends with one.
pub(super) fn join_texts(texts: &[String]) -> String {
    texts
        .iter()
        .map(|t| t.strip_suffix('\n').unwrap_or(t))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A kernel text with `--platform` and `--init`, as a case without `expect` (id: the file's
/// name); the error is the message to print.
fn kernel_case(args: &ExecArgs) -> Result<Case, String> {
    let name = &args.case;
    let program = join_texts(&read_texts(&kernel_files(args))?);
    let Some(platform) = &args.platform else {
        return Err(format!(
            "{name}: a kernel text needs --platform (xe-lp, xe-hpg, xe-hpc or xe2)"
        ));
    };
    let init = match &args.init {
        None => Value::Object(Map::new()),
        Some(path) => {
            let (shown, text) = read_text(&path.to_string_lossy(), "JSON");
            let text = text?;
            let init = parse_json(text.as_bytes()).map_err(|e| {
                let (line, column, message) = e.located();
                format!("{shown}:{line}:{column}: {message}")
            })?;
            if !init.is_object() {
                return Err(format!(
                    "{shown}: not a JSON object (the keys of a case's `init`)"
                ));
            }
            init
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
    Case::from_value(&line).map_err(|e| {
        let shown = args
            .init
            .as_ref()
            .map_or_else(|| name.clone(), |p| p.display().to_string());
        format!("{shown}: {e}")
    })
}

//! `visa-conform serve`: the project's engines (and its mutants) as `visa-dut/1`
//! implementations on stdin and stdout.
//!
//! Requests are read one line at a time and answered in order. Answers are buffered and
//! flushed whenever no further request is waiting in the input buffer, so a runner that
//! pipelines many requests gets its answers in large writes, and one that waits for each
//! answer gets it at once.
//!
//! `--fault KIND[:INSN]` (hidden; for the runner's own tests) makes the server misbehave on
//! the cases of one instruction: `crash` (abort), `exit` (exit 0 without answering),
//! `hang` (never answer), `garbage` (a line that is not JSON), `shape` (a result of the wrong
//! shape), `seq` (a result for another request), `stderr` (chatter on stderr, answer
//! correctly). The hostile ones: `endless` (a result line that never ends: hex digits without
//! a newline, for ever), `huge` (a well-formed result of 2 MiB that is wrong), `fork` (start a
//! `sleep` holding the server's stdout and stderr, then abort), `escape` (terminal escape
//! sequences: in an error message, on stderr before aborting, or raw on stdout, by turns).
//!
//! A `hang` still reads its input, and exits when it ends: a hanging server outlives
//! neither its runner nor a test that started it.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use clap::Args;
use serde_json::json;
use visa_model::errata::{Reading, LEDGER};
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::ErrorClass;

use super::mutant::{self, Mutant, MUTANTS};
use super::protocol::{
    parse_request, Answer, BadRequest, Hello, Observe, Request, ResultMsg, LAUNCH, PROTOCOL,
};
use crate::case::{EngineKind, Outcome};
use crate::exit::{EXIT_INPUT, EXIT_OK};
use crate::launch::cases::run_case;
use crate::vector::{Allowed, Case, Expect, ExpectState, MemExpect, Pattern};

/// The arguments of `visa-conform serve`.
#[derive(Clone, Debug, Args)]
pub struct ServeArgs {
    /// The engine that answers.
    #[arg(long, value_enum, default_value_t = EngineKind::Oracle)]
    pub engine: EngineKind,
    /// Answer as the deliberately faulty engine NAME (see --list-mutants).
    #[arg(long, value_name = "NAME")]
    pub mutant: Option<String>,
    /// The numeric profile of float DPAS for the cases that pin none (docs/dpas.md; default:
    /// the engines' default profile).
    #[arg(long, value_name = "PROFILE")]
    pub profile: Option<String>,
    /// Print the mutants, one per line (`NAME INSTRUCTION: BUG`), and exit.
    #[arg(long)]
    pub list_mutants: bool,
    /// Misbehave on purpose: `KIND[:INSTRUCTION]` (crash, exit, hang, garbage, shape, seq,
    /// stderr, endless, huge, fork, escape). For testing runners.
    #[arg(long, value_name = "KIND[:INSN]", hide = true)]
    pub fault: Option<String>,
}

/// A protocol-level misbehaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FaultKind {
    Crash,
    Exit,
    Hang,
    Garbage,
    Shape,
    Seq,
    Stderr,
    Endless,
    Huge,
    Fork,
    Escape,
}

#[derive(Clone, Debug)]
struct Fault {
    kind: FaultKind,
    /// The mnemonic whose cases trigger it; every case when `None`.
    insn: Option<String>,
}

fn parse_fault(s: &str) -> Result<Fault, String> {
    let (kind, insn) = match s.split_once(':') {
        Some((k, i)) => (k, Some(i.to_ascii_lowercase())),
        None => (s, None),
    };
    let kind = match kind {
        "crash" => FaultKind::Crash,
        "exit" => FaultKind::Exit,
        "hang" => FaultKind::Hang,
        "garbage" => FaultKind::Garbage,
        "shape" => FaultKind::Shape,
        "seq" => FaultKind::Seq,
        "stderr" => FaultKind::Stderr,
        "endless" => FaultKind::Endless,
        "huge" => FaultKind::Huge,
        "fork" => FaultKind::Fork,
        "escape" => FaultKind::Escape,
        other => return Err(format!("unknown fault `{other}`")),
    };
    Ok(Fault { kind, insn })
}

/// The hello of an engine: every platform, every executed instruction, both readings of
/// every executable erratum, every numeric profile of float DPAS (docs/dpas.md), launch
/// cases.
pub fn engine_hello(engine: EngineKind, mutant: Option<&Mutant>) -> Hello {
    Hello {
        implementation: json!({
            "name": "visa-conform serve",
            "version": env!("CARGO_PKG_VERSION"),
            "engine": engine.name(),
            "mutant": mutant.map(|m| m.name),
        }),
        platforms: Platform::ALL.to_vec(),
        instructions: Opcode::ALL
            .into_iter()
            .map(|o| o.mnemonic().to_string())
            .collect(),
        profiles: visa_model::profile::DpasProfile::all()
            .iter()
            .map(|p| p.to_string())
            .collect(),
        errata: LEDGER
            .iter()
            .filter(|e| e.executable)
            .map(|e| (e.id.to_string(), vec![Reading::Resolved, Reading::Literal]))
            .collect::<BTreeMap<_, _>>(),
        capabilities: vec![LAUNCH.to_string()],
    }
}

/// The expectation whose names make [`run_case`] observe exactly `observe`.
fn observing(observe: &Observe) -> Expect {
    Expect::State(ExpectState {
        vars: observe
            .vars
            .iter()
            .map(|n| (n.clone(), Allowed::Bytes(Pattern::default())))
            .collect(),
        preds: observe.preds.iter().map(|n| (n.clone(), 0)).collect(),
        mem: observe
            .mem
            .iter()
            .map(|(space, addr, len)| MemExpect {
                space: space.clone(),
                addr: *addr,
                bytes: Allowed::Bytes(Pattern(vec![None; *len])),
            })
            .collect(),
        buffers: observe
            .buffers
            .iter()
            .map(|i| (*i, Allowed::Bytes(Pattern::default())))
            .collect(),
    })
}

/// The mnemonic of a case's first instruction, from its text.
pub fn first_mnemonic(program: &str) -> Option<String> {
    mnemonics(program).into_iter().next()
}

/// The instruction a case is about: the first component of its id (`goto/kernel/0001`)
/// when the program has that instruction, as a whole kernel's cases are named, else the
/// program's first instruction.
pub fn case_instruction(id: &str, program: &str) -> Option<String> {
    let all = mnemonics(program);
    let named = id.split('/').next().map(str::to_ascii_lowercase);
    match named {
        Some(n) if all.contains(&n) => Some(n),
        _ => all.into_iter().next(),
    }
}

/// The mnemonics of a case's instructions, in order, from its text.
pub fn mnemonics(program: &str) -> Vec<String> {
    program
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            if line.is_empty()
                || line.starts_with('.')
                || line.starts_with("//")
                || line.starts_with('{')
                || line.starts_with('}')
                || line.ends_with(':')
            {
                return None;
            }
            // Skip a predicate `(P1) `.
            let rest = match line.strip_prefix('(') {
                Some(r) => r.split_once(')').map_or("", |(_, t)| t.trim_start()),
                None => line,
            };
            let word = rest
                .split(|c: char| c.is_whitespace() || c == '.' || c == '(')
                .next()?;
            let word = word.to_ascii_lowercase();
            // The table's mnemonic for the other spellings of a Text (`fence_local`).
            let word = match Opcode::from_text(&word) {
                Some(op) => op.mnemonic().to_string(),
                None => word,
            };
            (!word.is_empty()).then_some(word)
        })
        .collect()
}

/// Answers one run request.
fn answer(
    case: &mut Case,
    observe: Option<&Observe>,
    engine: EngineKind,
    mutant: Option<&Mutant>,
    profile: Option<&str>,
) -> Answer {
    case.expect = observe.map(observing);
    if case.profile.is_none() {
        case.profile = profile.map(str::to_string);
    }
    let outcome = match mutant {
        Some(m) => m.run(case, engine),
        None => run_case(case, engine),
    };
    match outcome {
        Outcome::Ok(observed) => Answer::State(observed),
        Outcome::Error(e) if e.class == ErrorClass::Unsupported => Answer::Unsupported(e.message),
        Outcome::Error(e) => Answer::Error {
            class: e.class,
            message: e.to_string(),
        },
    }
}

/// `serve` on the process's stdin and stdout.
pub fn run(args: &ServeArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    if args.list_mutants {
        for m in MUTANTS {
            writeln!(out, "{} {}: {}", m.name, m.instruction, m.bug)?;
        }
        return Ok(EXIT_OK);
    }
    if let Some(p) = &args.profile {
        if visa_model::profile::DpasProfile::parse(p).is_none() {
            writeln!(
                err,
                "serve: unknown numeric profile `{p}` (docs/dpas.md lists them)"
            )?;
            return Ok(EXIT_INPUT);
        }
    }
    serve(args, io::stdin(), out, err)
}

/// Serves requests from `input` until it ends.
pub fn serve(
    args: &ServeArgs,
    input: impl Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let mutant = match &args.mutant {
        None => None,
        Some(name) => match mutant::find(name) {
            Some(m) => Some(m),
            None => {
                let names: Vec<&str> = MUTANTS.iter().map(|m| m.name).collect();
                writeln!(
                    err,
                    "serve: unknown mutant `{name}` (mutants: {})",
                    names.join(", ")
                )?;
                return Ok(EXIT_INPUT);
            }
        },
    };
    let fault = match args.fault.as_deref().map(parse_fault) {
        None => None,
        Some(Ok(f)) => Some(f),
        Some(Err(e)) => {
            writeln!(err, "serve: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    let hello = engine_hello(args.engine, mutant).to_line();
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut writer = BufWriter::with_capacity(1 << 16, out);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = match std::str::from_utf8(&line) {
            Ok(t) => std::borrow::Cow::Borrowed(t),
            Err(_) => String::from_utf8_lossy(&line),
        };
        if text.trim().is_empty() {
            continue;
        }
        let reply = match parse_request(&text) {
            Ok(Request::Hello { protocol }) if protocol == PROTOCOL => hello.clone(),
            Ok(Request::Hello { protocol }) => protocol_error(
                None,
                &format!("this implementation speaks {PROTOCOL}, not `{protocol}`"),
            ),
            Ok(Request::Run {
                seq,
                mut case,
                observe,
            }) => {
                let triggered = fault
                    .as_ref()
                    .filter(|f| f.insn.is_none() || f.insn == first_mnemonic(&case.program));
                if let Some(f) = triggered {
                    writer.flush()?;
                    match f.kind {
                        FaultKind::Crash => std::process::abort(),
                        FaultKind::Exit => std::process::exit(0),
                        FaultKind::Hang => {
                            // Never answer, but end with the input.
                            io::copy(&mut reader, &mut io::sink())?;
                            return Ok(EXIT_OK);
                        }
                        FaultKind::Garbage => {
                            writer.write_all(b"Segmentation fault? no: just garbage\n")?;
                            writer.flush()?;
                            continue;
                        }
                        FaultKind::Shape => {
                            let bad = format!(
                                "{{\"type\":\"result\",\"seq\":{seq},\"state\":\"V1=7\"}}\n"
                            );
                            writer.write_all(bad.as_bytes())?;
                            writer.flush()?;
                            continue;
                        }
                        FaultKind::Endless => match endless(seq, &mut writer)? {},
                        FaultKind::Huge => {
                            writer.write_all(huge(seq).as_bytes())?;
                            writer.flush()?;
                            continue;
                        }
                        FaultKind::Fork => {
                            let held = std::process::Command::new("sleep")
                                .arg("3600")
                                .stdin(std::process::Stdio::null())
                                .spawn();
                            if let Err(e) = held {
                                writeln!(err, "serve: --fault fork: cannot start `sleep`: {e}")?;
                            }
                            std::process::abort();
                        }
                        FaultKind::Escape => {
                            escape(seq, &mut writer, err)?;
                            continue;
                        }
                        FaultKind::Seq | FaultKind::Stderr => {}
                    }
                }
                let answer = catch_unwind(AssertUnwindSafe(|| {
                    answer(
                        &mut case,
                        observe.as_ref(),
                        args.engine,
                        mutant,
                        args.profile.as_deref(),
                    )
                }))
                .unwrap_or_else(|_| Answer::Error {
                    class: ErrorClass::ModelBug,
                    message: "serve panicked".to_string(),
                });
                let seq = match triggered.map(|f| f.kind) {
                    Some(FaultKind::Seq) => seq + 1,
                    Some(FaultKind::Stderr) => {
                        let _ = writeln!(err, "serve: debug: running {}", case.id);
                        seq
                    }
                    _ => seq,
                };
                ResultMsg { seq, answer }.to_line()
            }
            Err(BadRequest {
                seq: Some(seq),
                message,
            }) => ResultMsg {
                seq,
                answer: Answer::Error {
                    class: ErrorClass::InvalidVector,
                    message,
                },
            }
            .to_line(),
            Err(BadRequest { seq: None, message }) => protocol_error(None, &message),
        };
        writer.write_all(reply.as_bytes())?;
        if reader.buffer().is_empty() {
            writer.flush()?;
        }
    }
    writer.flush()?;
    Ok(EXIT_OK)
}

/// Terminal escape sequences: clear the screen, set the window title, turn the text red.
const ESCAPES: &str = "\u{1b}[2J\u{1b}]0;owned\u{7}\u{1b}[31m\u{9b}1m";

/// Writes a result line for `seq` that never ends, until the reader goes away.
fn endless(seq: u64, writer: &mut impl Write) -> io::Result<std::convert::Infallible> {
    let head = format!("{{\"type\":\"result\",\"seq\":{seq},\"state\":{{\"vars\":{{\"V1\":\"");
    writer.write_all(head.as_bytes())?;
    let zeros = [b'0'; 1 << 16];
    loop {
        writer.write_all(&zeros)?;
    }
}

/// A well-formed result for `seq` whose `V1` holds 1 MiB of bytes (2 MiB of hex).
fn huge(seq: u64) -> String {
    let hex = "0f".repeat(1 << 20);
    format!("{{\"type\":\"result\",\"seq\":{seq},\"state\":{{\"vars\":{{\"V1\":\"{hex}\"}},\"preds\":{{}},\"mem\":[]}}}}\n")
}

/// Escape sequences, by turns: in an error answer's message, on stderr before aborting, or
/// raw in a line on stdout.
fn escape(seq: u64, writer: &mut impl Write, err: &mut dyn Write) -> io::Result<()> {
    match seq % 3 {
        0 => {
            let message = Answer::Error {
                class: ErrorClass::InvalidInstruction,
                message: format!("{ESCAPES}fake error"),
            };
            writer.write_all(
                ResultMsg {
                    seq,
                    answer: message,
                }
                .to_line()
                .as_bytes(),
            )?;
        }
        1 => {
            writeln!(err, "{ESCAPES}fake crash")?;
            err.flush()?;
            std::process::abort();
        }
        _ => writer.write_all(format!("{ESCAPES}not json\n").as_bytes())?,
    }
    writer.flush()
}

/// `{"type":"error","message":...}`: the answer to a request that cannot be understood.
fn protocol_error(seq: Option<u64>, message: &str) -> String {
    let mut v = json!({"type": "error", "message": message});
    if let Some(seq) = seq {
        v["seq"] = seq.into();
    }
    format!("{v}\n")
}

//! `visa-conform certify`: runs the case set against an implementation and reports.
//!
//! 1. Build the cases ([`super::cases`]): vector files and generated cases, `--only`,
//!    `--shard`, expectations from the spec engine.
//! 2. Start one copy of the implementation and read its `hello`; cases needing a platform,
//!    instruction, errata reading or numeric profile it does not offer are skipped.
//! 3. Open the journal ([`super::journal`]); when it belongs to the same interrupted run,
//!    the cases it holds are not sent again.
//! 4. Run `--jobs` copies in parallel ([`super::runner::worker`]), grading each reply as it
//!    comes ([`super::grade`]); results go to the journal at once, and `report.json` and
//!    `junit.xml` are rewritten every two seconds, so an interrupted run leaves a current
//!    report and resumes where it stopped.
//! 5. Settle errata tolerance over the whole run ([`super::grade::settle`]), then shrink up
//!    to `--shrink` failures per instruction by asking again ([`super::shrink`]).
//! 6. Write the final report, the reproducers (`repro/*.jsonl`), print the table; exit 0
//!    only when every case passed (or was unsupported or skipped).

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::OnceLock;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use visa_model::contract::Contract;

use super::cases::{self, Only, Prepared, Selection, Shard, Source};
use super::grade::{
    errata_readings, grade, grade_measured, settle, ErratumReading, Graded, Status,
};
use super::journal::{Journal, Opened};
use super::protocol::{echo, Hello, PROTOCOL};
use super::report::{entry, Report, Throughput};
use super::runner::{self, join_command, split_command, Child, Feed, Launch, Reply, StartError};
use super::shrink::{self, Limits, Shrunk, Stopped};
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK};
use crate::expect::with_expect;
use crate::input::escape_controls;
use crate::vector::{Case, Expect};

/// The arguments of `visa-conform certify`.
#[derive(Clone, Debug, Args)]
pub struct CertifyArgs {
    /// The implementation's command line, split into words like a shell does (quotes and
    /// backslashes); default: this program's `serve --engine oracle`.
    #[arg(long = "impl", value_name = "COMMAND")]
    pub implementation: Option<String>,
    /// A vector file or a directory of them (repeatable); default: `vectors` when it exists.
    #[arg(long, value_name = "PATH")]
    pub vectors: Vec<PathBuf>,
    /// Run generated cases only (no vector files).
    #[arg(long, conflicts_with = "vectors")]
    pub no_vectors: bool,
    /// Generated cases per instruction (expectations from the spec engine).
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub generated: usize,
    /// Seed of the generated cases: the same seed draws the same cases.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Only these cases: comma-separated instruction mnemonics (`add,bfe`) or globs on case
    /// ids (`fbh/gen1/*`, `add/xe-lp/0001`).
    #[arg(long, value_name = "PATTERN")]
    pub only: Option<String>,
    /// Copies of the implementation run in parallel (default: the number of cores).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Time limit of each case, in milliseconds.
    #[arg(long, default_value_t = 5000, value_name = "T")]
    pub timeout_ms: u64,
    /// Directory of the report, the journal and the reproducers.
    #[arg(long, default_value = "certify-report", value_name = "DIR")]
    pub report: PathBuf,
    /// Run shard K of N (1-based): a deterministic, disjoint part of the cases.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Grade against the case's errata readings only (default: an answer matching the
    /// other reading of an erratum passes and is noted when the implementation's answers fit
    /// that reading on every case that discriminates the erratum).
    #[arg(long)]
    pub strict_errata: bool,
    /// The accuracy contract INV, LOG, EXP, SQRT, RSQRT, SIN, COS and POW results are
    /// graded against: intel-hw (Intel's published accuracy), correctly-rounded or
    /// opencl-full (docs/math.md, "Accuracy contracts").
    #[arg(long, default_value = "intel-hw", value_name = "NAME", value_parser = parse_contract)]
    pub contract: Contract,
    /// Start afresh, ignoring the journal of an interrupted run.
    #[arg(long)]
    pub fresh: bool,
    /// Failing cases shrunk per instruction (0: none).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub shrink: usize,
    /// Questions asked to shrink one case, at most.
    #[arg(long, default_value_t = 500, value_name = "N")]
    pub shrink_asks: usize,
    /// Time allowed to shrink all failures, in milliseconds; failures not begun by then are
    /// reported unshrunk.
    #[arg(long, default_value_t = 600_000, value_name = "T")]
    pub shrink_ms: u64,
    /// Time allowed to shrink one failure, in milliseconds; the case shrunk so far is kept.
    #[arg(long, default_value_t = 60_000, value_name = "T")]
    pub shrink_case_ms: u64,
    /// Requests in flight per copy of the implementation.
    #[arg(long, default_value_t = 64, value_name = "W")]
    pub window: usize,
}

impl Default for CertifyArgs {
    fn default() -> CertifyArgs {
        CertifyArgs {
            implementation: None,
            vectors: Vec::new(),
            no_vectors: false,
            generated: 200,
            seed: 1,
            only: None,
            jobs: None,
            timeout_ms: 5000,
            report: PathBuf::from("certify-report"),
            shard: None,
            strict_errata: false,
            contract: Contract::default(),
            fresh: false,
            shrink: 3,
            shrink_asks: 500,
            shrink_ms: 600_000,
            shrink_case_ms: 60_000,
            window: 64,
        }
    }
}

/// `--contract`'s value.
pub fn parse_contract(name: &str) -> Result<Contract, String> {
    Contract::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Contract::ALL.iter().map(|c| c.name()).collect();
        format!(
            "no accuracy contract `{name}` (contracts: {})",
            names.join(", ")
        )
    })
}

/// Failure details kept per instruction and platform in the report (all shrunk ones too).
const FAILURES_PER_CELL: usize = 10;
/// Failures printed on the terminal.
const FAILURES_PRINTED: usize = 8;
/// How often the report is rewritten while cases run.
const REPORT_EVERY: Duration = Duration::from_secs(2);
/// How often, at most, the report is rewritten while failures are shrunk (after each
/// shrunk case).
const SHRINK_REPORT_EVERY: Duration = Duration::from_secs(1);
/// A deadline beyond any run, for time budgets too large to add to an instant.
const FAR: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

enum Msg {
    Graded(usize, Box<Graded>),
    Shrunk(usize, Value),
    Done,
}

struct Work<'a> {
    cases: &'a [Prepared],
    pending: Vec<usize>,
    cursor: AtomicUsize,
    tx: Sender<Msg>,
}

impl Feed for Work<'_> {
    fn take(&self, n: usize) -> Vec<usize> {
        if runner::interrupted() {
            return Vec::new();
        }
        let start = self.cursor.fetch_add(n, Ordering::Relaxed);
        if start >= self.pending.len() {
            return Vec::new();
        }
        self.pending[start..(start + n).min(self.pending.len())].to_vec()
    }

    fn request(&self, i: usize) -> &[u8] {
        self.cases.get(i).map_or(&[][..], |c| c.request.as_slice())
    }

    fn reply(&self, i: usize, reply: Reply) {
        // After an interrupt, replies are the implementation being stopped (killed, or
        // dying of the terminal's SIGINT): the case runs again when the run resumes.
        if runner::interrupted() {
            return;
        }
        if let Some(case) = self.cases.get(i) {
            let _ = self
                .tx
                .send(Msg::Graded(i, Box::new(grade_measured(case, reply))));
        }
    }
}

/// Everything the report needs besides the results.
struct Run<'a> {
    args: &'a CertifyArgs,
    cases: &'a [Prepared],
    /// Selected cases left unprepared (the run was interrupted while they were prepared).
    unprepared: usize,
    hello: &'a Hello,
    command: String,
    settings: Value,
    /// The `--impl` part of replay commands.
    replay_impl: String,
}

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Why a case is not sent, when the implementation does not offer what it needs.
fn skip_reason(p: &Prepared, hello: &Hello) -> Option<String> {
    if !hello.platforms.contains(&p.platform) {
        return Some(format!("platform {} is not offered", p.platform.name()));
    }
    if p.case.launch.is_some() && !hello.runs_launches() {
        return Some("launch cases are not offered (no `launch` capability)".to_string());
    }
    for insn in super::serve::mnemonics(&p.case.program) {
        if !hello.instructions.contains(&insn) {
            return Some(format!("instruction {insn} is not offered"));
        }
    }
    for (id, reading) in &p.case.errata {
        if !hello.offers_reading(id, *reading) {
            return Some(format!("the {reading} reading of {id} is not offered"));
        }
    }
    if let Some(profile) = &p.case.profile {
        if !hello.profiles.contains(profile) {
            return Some(format!("numeric profile {profile} is not offered"));
        }
    }
    None
}

fn fingerprint(command: &str, strict: bool, cases: &[Prepared]) -> String {
    let mut h = Sha256::new();
    h.update(PROTOCOL.as_bytes());
    h.update(command.as_bytes());
    h.update([u8::from(strict)]);
    for c in cases {
        h.update(&c.request);
        h.update(Value::Object(c.expect.to_value()).to_string().as_bytes());
    }
    crate::vector::sha256_hex(&h.finalize())
}

/// Characters of a case id kept in its reproducer's file name.
const REPRO_ID_CHARS: usize = 60;

/// The reproducer file name of a case on a platform: the id's first characters (letters,
/// digits, `-`, `_` and inner `.` kept, anything else `-`), the platform, and 12 hex digits
/// of the SHA-256 of the exact id and platform, so that two cases never share a file
/// (`x/1` and `x-1`, or one id on two platforms) and the name stays short.
pub fn repro_file_name(id: &str, platform: &str) -> String {
    let prefix: String = id
        .chars()
        .take(REPRO_ID_CHARS)
        .enumerate()
        .map(|(n, c)| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || (c == '.' && n > 0) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let hash = crate::vector::sha256_hex(format!("{id}\0{platform}").as_bytes());
    format!("{prefix}-{platform}-{}.jsonl", &hash[..12])
}

impl Run<'_> {
    fn repro_path(&self, p: &Prepared) -> PathBuf {
        self.args
            .report
            .join("repro")
            .join(repro_file_name(&p.id, p.platform.name()))
    }

    fn replay(&self, repro: &Path) -> String {
        format!(
            "visa-conform certify{} --vectors {} --generated 0 --report {}{}",
            self.replay_impl,
            join_command(&[repro.display().to_string()]),
            join_command(&[self.args.report.join("replay").display().to_string()]),
            if self.args.strict_errata {
                " --strict-errata"
            } else {
                ""
            }
        )
    }

    /// The report entry of a failed case, and its reproducer (path, line).
    fn failure_entry(
        &self,
        i: usize,
        g: &Graded,
        shrunk: Option<&Value>,
    ) -> (Value, PathBuf, String) {
        let p = &self.cases[i];
        let f = g
            .failure
            .clone()
            .unwrap_or_else(|| super::grade::FailureInfo {
                kind: "unknown".into(),
                message: String::new(),
                answer: None,
                diff: None,
            });
        let mut original = p.case.clone();
        original.expect = Some(p.expect.clone());
        let repro_line = shrunk
            .and_then(|s| s.get("case"))
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| original.to_line());
        let repro = self.repro_path(p);
        let v = entry(&[
            ("id", p.id.clone().into()),
            ("instruction", p.instruction.clone().into()),
            ("platform", p.platform.name().into()),
            ("source", p.source.describe().into()),
            ("kind", f.kind.clone().into()),
            ("message", f.message.clone().into()),
            ("case", original.to_line().into()),
            ("answer", f.answer.clone().unwrap_or(Value::Null)),
            ("expected", Value::Object(p.expect.to_value())),
            (
                "first_difference",
                f.diff.as_ref().map_or(Value::Null, |d| d.to_value()),
            ),
            ("shrunk", shrunk.cloned().unwrap_or(Value::Null)),
            ("repro", repro.display().to_string().into()),
            ("replay", self.replay(&repro).into()),
        ]);
        (v, repro, repro_line)
    }

    /// The errata readings of the results so far, and the results settled by them
    /// ([`settle`]): errata tolerance is judged over the whole run, never case by case.
    fn settle(
        &self,
        results: &[Option<Graded>],
    ) -> (Vec<Option<Graded>>, BTreeMap<String, ErratumReading>) {
        let mut readings = errata_readings(
            results
                .iter()
                .enumerate()
                .filter_map(|(i, g)| Some((i, g.as_ref()?))),
            |i| {
                let p = &self.cases[i];
                (
                    p.id.clone(),
                    p.instruction.clone(),
                    p.platform.name().to_string(),
                )
            },
        );
        let strict = self.args.strict_errata;
        let settled: Vec<Option<Graded>> = results
            .iter()
            .map(|g| g.as_ref().map(|g| settle(g, &readings, strict)))
            .collect();
        let tolerated: BTreeMap<&str, &str> = settled
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let (id, _) = g.as_ref()?.tolerated.as_ref()?;
                Some((self.cases[i].id.as_str(), id.as_str()))
            })
            .collect();
        for (id, r) in readings.iter_mut() {
            for off in &mut r.off {
                off.tolerated = tolerated.get(off.id.as_str()) == Some(&id.as_str());
            }
        }
        (settled, readings)
    }

    /// The report of the results so far; writes the reproducers of the failures it lists
    /// (those that could not be written: one message each).
    fn report(
        &self,
        results: &[Option<Graded>],
        shrunk: &BTreeMap<usize, Value>,
        throughput: Throughput,
        complete: bool,
        notes: &[String],
    ) -> (Report, Vec<String>) {
        let (results, errata_readings) = self.settle(results);
        let mut unwritten = Vec::new();
        let mut r = Report {
            complete,
            interrupted: runner::interrupted(),
            not_run: results.iter().filter(|g| g.is_none()).count() + self.unprepared,
            implementation: json!({
                "implementation": self.hello.implementation,
                "platforms": self.hello.platforms.iter().map(|p| p.name()).collect::<Vec<_>>(),
                "instructions": self.hello.instructions,
                "profiles": self.hello.profiles,
                "errata": self.hello.errata.iter().map(|(k, v)| (k.clone(), v.iter().map(|r| r.as_str()).collect::<Vec<_>>())).collect::<BTreeMap<_, _>>(),
            }),
            command: self.command.clone(),
            settings: self.settings.clone(),
            shards: self.args.shard.into_iter().collect(),
            throughput,
            notes: notes.to_vec(),
            errata_readings,
            ..Report::default()
        };
        let mut per_cell: BTreeMap<(String, String), usize> = BTreeMap::new();
        for (i, g) in results.iter().enumerate() {
            let (Some(g), Some(p)) = (g, self.cases.get(i)) else {
                continue;
            };
            let key = (p.instruction.clone(), p.platform.name().to_string());
            let cell = r.cells.entry(key.clone()).or_default();
            let count = |cell: &mut super::report::Cell| match g.status {
                Status::Pass => cell.passed += 1,
                Status::Fail => cell.failed += 1,
                Status::Unsupported => cell.unsupported += 1,
                Status::Skipped => cell.skipped += 1,
            };
            count(cell);
            if p.case.launch.is_some() {
                count(&mut r.launch);
            }
            if let Some((id, reading)) = &g.tolerated {
                cell.tolerated += 1;
                *r.tolerated.entry(format!("{id} {reading}")).or_default() += 1;
            }
            if let Some(m) = &g.accuracy {
                let at = (
                    m.function.clone(),
                    m.ty.clone(),
                    p.platform.name().to_string(),
                );
                r.accuracy.entry(at).or_default().add(m);
            }
            if let Some(fits) = &g.profiles {
                r.profile_cases += 1;
                for p in fits {
                    *r.profile_fits.entry(p.clone()).or_default() += 1;
                }
            }
            if let Some(kind) = g.kind() {
                *r.kinds.entry(kind.to_string()).or_default() += 1;
                let n = per_cell.entry(key).or_default();
                let s = shrunk.get(&i);
                if *n < FAILURES_PER_CELL || s.is_some() {
                    *n += 1;
                    let (v, path, line) = self.failure_entry(i, g, s);
                    if let Err(e) = write_repro(&path, &line) {
                        unwritten.push(format!(
                            "cannot write the reproducer {}: {e}",
                            path.display()
                        ));
                    }
                    r.failures.push(v);
                }
            }
        }
        (r, unwritten)
    }
}

/// Writes a reproducer unless the file already holds that line (the shrunk case replaces
/// the original one once shrinking is done).
fn write_repro(path: &Path, line: &str) -> io::Result<()> {
    let text = format!("{line}\n");
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text)
}

/// Checks before anything runs that the report directory can be written: it is (or can be
/// made) a directory, the files certify writes there are not directories, and a file can be
/// created in it.
fn check_report_dir(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(format!(
            "--report {shown}: not a directory (the report, journal and reproducers go in a directory)"
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--report {shown}: cannot create the directory: {e}"))?;
    for name in ["journal.jsonl", "report.json", "junit.xml"] {
        let file = dir.join(name);
        if std::fs::metadata(&file).is_ok_and(|m| m.is_dir()) {
            return Err(format!(
                "--report {shown}: {} is a directory, where certify writes its {name}",
                file.display()
            ));
        }
    }
    let repro = dir.join("repro");
    if std::fs::metadata(&repro).is_ok_and(|m| !m.is_dir()) {
        return Err(format!(
            "--report {shown}: {} is not a directory, where certify writes the reproducers",
            repro.display()
        ));
    }
    let probe = dir.join(format!(".visa-conform-probe-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| format!("--report {shown}: cannot write in the directory: {e}"))
}

/// Makes the first Ctrl-C (or SIGTERM, SIGHUP) interrupt the run ([`runner::interrupt`]:
/// no more requests, the implementation's processes are ended, the report is written and
/// certify exits [`EXIT_INTERRUPTED`]) and the second one exit at once. For the program's
/// `main`; the handler is installed once per process.
pub fn handle_interrupts() -> Result<(), String> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            let presses = AtomicUsize::new(0);
            // The handler runs on a thread of its own. Implementations run in process groups
            // of their own, which the terminal's Ctrl-C does not reach: they are killed here
            // (after the flag is set, so no worker starts another copy).
            ctrlc::set_handler(move || {
                let first = presses.fetch_add(1, Ordering::SeqCst) == 0;
                if first {
                    runner::interrupt();
                }
                runner::kill_all();
                if !first {
                    std::process::exit(i32::from(EXIT_INTERRUPTED));
                }
            })
            .map_err(|e| format!("cannot handle Ctrl-C: {e}"))
        })
        .clone()
}

impl Run<'_> {
    /// The end of a run, finished or interrupted: the report, JUnit and reproducers, the
    /// journal's `complete` line (finished runs only), the table and failures, and the exit
    /// status. What could not be written is said on `err` and does not stop the rest.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        results: &[Option<Graded>],
        shrunk: &BTreeMap<usize, Value>,
        throughput: Throughput,
        mut journal: Option<&mut Journal>,
        mut notes: Vec<String>,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<u8> {
        let interrupted = runner::interrupted();
        if interrupted {
            let done = results.iter().flatten().count();
            let m = format!(
                "interrupted: {done} of {} cases have a result; the same command resumes the run",
                results.len() + self.unprepared
            );
            writeln!(err, "certify: {m}")?;
            notes.push(m);
        }
        if let Some(e) = journal.as_ref().and_then(|j| j.error()) {
            notes.push(e.to_string());
        }
        let (report, unwritten) = self.report(results, shrunk, throughput, !interrupted, &notes);
        let dir = &self.args.report;
        let written = write_report(dir, &report);
        if let Some(j) = journal.as_mut().filter(|_| !interrupted && written.is_ok()) {
            j.complete();
        }
        if let Some(e) = journal.as_ref().and_then(|j| j.error()) {
            writeln!(err, "certify: {e}")?;
        }
        for m in &unwritten {
            writeln!(err, "certify: {m}")?;
        }
        write!(out, "{}", report.table())?;
        print_failures(&report, out)?;
        writeln!(
            out,
            "protocol: {} cases answered in {:.2} s: {:.0} cases/s ({} jobs)",
            throughput.cases,
            throughput.seconds,
            throughput.rate(),
            throughput.jobs
        )?;
        let status = match &written {
            Ok(()) => {
                writeln!(
                    out,
                    "report: {} and {}",
                    dir.join("report.json").display(),
                    dir.join("junit.xml").display()
                )?;
                if report.passed() {
                    EXIT_OK
                } else {
                    EXIT_FAIL
                }
            }
            Err(e) => {
                writeln!(err, "certify: cannot write the report: {e}")?;
                EXIT_INPUT
            }
        };
        Ok(if interrupted {
            EXIT_INTERRUPTED
        } else {
            status
        })
    }
}

/// Writes `report.json` and `junit.xml` in `dir`, each through a temporary file renamed
/// over it, so a reader (or a run killed meanwhile) never sees half of one; an error names
/// the file.
fn write_report(dir: &Path, report: &Report) -> io::Result<()> {
    let at = |path: &Path| {
        let shown = path.display().to_string();
        move |e: io::Error| io::Error::new(e.kind(), format!("{shown}: {e}"))
    };
    std::fs::create_dir_all(dir).map_err(at(dir))?;
    let mut text = serde_json::to_string_pretty(&report.to_value()).unwrap_or_default();
    text.push('\n');
    let replace = |name: &str, text: &str| -> io::Result<()> {
        let tmp = dir.join(format!("{name}.tmp"));
        let file = dir.join(name);
        std::fs::write(&tmp, text).map_err(at(&tmp))?;
        std::fs::rename(&tmp, &file).map_err(at(&file))
    };
    replace("report.json", &text)?;
    let xml = report
        .junit()
        .map_err(|e| io::Error::other(e.to_string()))
        .map_err(at(&dir.join("junit.xml")))?;
    replace("junit.xml", &xml)
}

/// Runs `certify`: the implementation, the cases, the journal of an earlier run; then every
/// pending case (phase 1), the shrinking of failures (phase 2) and the report (phase 3).
pub fn run(args: &CertifyArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let Implementation {
        argv,
        command,
        replay_impl,
    } = match implementation(args) {
        Ok(i) => i,
        Err(message) => {
            writeln!(err, "certify: {message}")?;
            return Ok(EXIT_INPUT);
        }
    };
    if let Err(e) = check_report_dir(&args.report) {
        writeln!(err, "certify: {e}")?;
        return Ok(EXIT_INPUT);
    }
    let mut notes = Vec::new();
    let vectors = vector_paths(args, &mut notes);
    let (cases, unprepared) = match select_cases(args, &vectors, err)? {
        None => return Ok(EXIT_INPUT),
        Some(Selected::Cases(cases)) => (cases, 0),
        Some(Selected::Interrupted { selected, prepared }) => {
            notes.push(match selected {
                Some(n) => format!(
                    "interrupted while the cases were prepared (expectations from the spec engine): {} of {n} prepared, none sent",
                    prepared.min(n)
                ),
                None => "interrupted while the cases were selected: none sent".to_string(),
            });
            (Vec::new(), selected.unwrap_or(0))
        }
    };
    let settings = settings(args, &vectors);
    let results: Vec<Option<Graded>> = vec![None; cases.len()];
    // Interrupted before the implementation answered hello: a report without results.
    let before_start = |out: &mut dyn Write, err: &mut dyn Write| {
        let run = Run {
            args,
            cases: &cases,
            unprepared,
            hello: &Hello::default(),
            command: command.clone(),
            settings: settings.clone(),
            replay_impl: replay_impl.clone(),
        };
        let mut notes = notes.clone();
        if unprepared == 0 {
            notes.push("interrupted before any case was sent".to_string());
        }
        run.finish(
            &results,
            &BTreeMap::new(),
            Throughput::default(),
            None,
            notes,
            out,
            err,
        )
    };
    if runner::interrupted() {
        return before_start(out, err);
    }
    let launch = Launch {
        argv,
        timeout: Duration::from_millis(args.timeout_ms.max(1)),
        window: args.window.max(1),
    };
    let first = match Child::start(&launch) {
        Ok(c) => c,
        Err(_) if runner::interrupted() => return before_start(out, err),
        Err(e) => {
            writeln!(err, "certify: {e}")?;
            return Ok(match e {
                StartError::Spawn(_) => EXIT_INPUT,
                StartError::Handshake(_) => EXIT_FAIL,
            });
        }
    };
    let hello = first.hello.clone();
    let run = Run {
        args,
        cases: &cases,
        unprepared: 0,
        hello: &hello,
        command: command.clone(),
        settings: settings.clone(),
        replay_impl: replay_impl.clone(),
    };
    let print = fingerprint(&command, args.strict_errata, &cases);
    let Opened {
        mut journal,
        resumed,
        messages,
    } = Journal::open(&args.report, &print, args.fresh);
    for m in messages {
        writeln!(err, "certify: {m}")?;
        notes.push(m);
    }
    let mut results = results;
    let resumed_count = prior_results(&mut results, &cases, &hello, resumed.results);
    let mut shrunk = resumed.shrunk;
    if resumed_count > 0 {
        notes.push(format!(
            "resumed an interrupted run: {resumed_count} results read from the journal"
        ));
    }
    let pending: Vec<usize> = (0..cases.len()).filter(|i| results[*i].is_none()).collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let generated = cases
        .iter()
        .filter(|c| matches!(c.source, Source::Generated { .. }))
        .count();
    writeln!(
        out,
        "certify: {command} ({}): {} cases ({} from vectors, {generated} generated), {} to run, {jobs} jobs",
        describe_impl(&hello),
        cases.len(),
        cases.len() - generated,
        pending.len(),
    )?;
    if resumed_count > 0 {
        writeln!(
            out,
            "certify: resuming: {resumed_count} results from {}",
            journal.path().display()
        )?;
    }
    out.flush()?;

    // Phase 1: every pending case.
    let phase = Phase {
        run: &run,
        launch: &launch,
        jobs,
    };
    let throughput = phase.run_pending(first, pending, &mut results, &mut journal, &shrunk, &notes);
    // Cases no worker could run (the implementation cannot be restarted).
    for (i, slot) in results.iter_mut().enumerate() {
        if slot.is_none() && !runner::interrupted() {
            let g = Graded::fault(
                runner::Fault::NotRun,
                "not run: no copy of the implementation could be (re)started".to_string(),
            );
            journal.record(i, &g);
            *slot = Some(g);
        }
    }
    journal.flush();

    // Phase 2: shrink failures (as settled: a tolerated answer is no failure).
    let shrink_notes =
        phase.shrink_failures(&results, &mut shrunk, &mut journal, throughput, &notes);
    notes.extend(shrink_notes);

    // Phase 3: the report.
    if results
        .iter()
        .flatten()
        .all(|g| g.status == Status::Skipped)
        && !runner::interrupted()
    {
        notes.push(
            "no case was sent: the implementation offers none of the selected cases (see its hello)"
                .to_string(),
        );
    }
    run.finish(
        &results,
        &shrunk,
        throughput,
        Some(&mut journal),
        notes,
        out,
        err,
    )
}

/// The command line of the implementation, as run and as reported, and the `--impl` part of
/// a replay command.
struct Implementation {
    argv: Vec<String>,
    command: String,
    replay_impl: String,
}

/// `--impl`, or this program's `serve --engine oracle`; why neither can run.
fn implementation(args: &CertifyArgs) -> Result<Implementation, String> {
    match &args.implementation {
        Some(cmd) => match split_command(cmd) {
            Ok(argv) => Ok(Implementation {
                argv,
                command: cmd.clone(),
                replay_impl: format!(" --impl {}", join_command(std::slice::from_ref(cmd))),
            }),
            Err(e) => Err(format!("--impl: {e}")),
        },
        None => {
            let exe = std::env::current_exe()
                .map_err(|e| format!("cannot find this program to run `serve`: {e}"))?;
            Ok(Implementation {
                argv: vec![
                    exe.display().to_string(),
                    "serve".into(),
                    "--engine".into(),
                    "oracle".into(),
                ],
                command: "visa-conform serve --engine oracle".to_string(),
                replay_impl: String::new(),
            })
        }
    }
}

/// The vector files and directories to run: `--vectors`, none with `--no-vectors`, else
/// `vectors` here when there is one (noted when not).
fn vector_paths(args: &CertifyArgs, notes: &mut Vec<String>) -> Vec<PathBuf> {
    if args.no_vectors {
        Vec::new()
    } else if args.vectors.is_empty() {
        match cases::default_vectors() {
            Some(v) => vec![v],
            None => {
                notes.push("no `vectors` directory here: generated cases only".to_string());
                Vec::new()
            }
        }
    } else {
        args.vectors.clone()
    }
}

/// What preparing the cases gave.
enum Selected {
    /// The selected cases with their expectations.
    Cases(Vec<Prepared>),
    /// Interrupted while the cases were selected or prepared: how many were selected (when
    /// known) and how many prepared.
    Interrupted {
        selected: Option<usize>,
        prepared: usize,
    },
}

/// How often the preparation is watched for an interrupt.
const PREPARE_POLL: Duration = Duration::from_millis(50);

/// Builds the cases on a thread of its own, watched for an interrupt: once interrupted, the
/// build is left behind (its jobs stop at their next case; one long spec run may go on
/// until the process exits) and certify goes on to write its report at once.
fn build_watched(selection: Selection) -> Result<Selected, Vec<String>> {
    let progress = Arc::new(cases::Progress::new());
    let (tx, rx) = mpsc::channel();
    let watched = Arc::clone(&progress);
    let spawned = thread::Builder::new()
        .name("prepare".into())
        .spawn(move || {
            let _ = tx.send(cases::build_with(&selection, &watched));
        });
    if let Err(e) = spawned {
        return Err(vec![format!("cannot start preparing the cases: {e}")]);
    }
    let interrupted = || Selected::Interrupted {
        selected: progress.selected(),
        prepared: progress.prepared.load(Ordering::Relaxed),
    };
    loop {
        if runner::interrupted() {
            return Ok(interrupted());
        }
        match rx.recv_timeout(PREPARE_POLL) {
            Ok(Ok(cases)) => return Ok(Selected::Cases(cases)),
            Ok(Err(_)) if runner::interrupted() => return Ok(interrupted()),
            Ok(Err(errors)) => return Err(errors),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(vec![
                    "preparing the cases failed (a bug in visa-conform)".to_string()
                ])
            }
        }
    }
}

/// The selected cases with their expectations; `None` (reported on `err`) when they cannot
/// be read or none is selected.
fn select_cases(
    args: &CertifyArgs,
    vectors: &[PathBuf],
    err: &mut dyn Write,
) -> io::Result<Option<Selected>> {
    let selection = Selection {
        vectors: vectors.to_vec(),
        generated: args.generated,
        seed: args.seed,
        only: Only::parse(args.only.as_deref()),
        shard: args.shard,
        contract: args.contract,
    };
    let cases = match build_watched(selection) {
        Ok(Selected::Cases(c)) => c,
        Ok(interrupted) => return Ok(Some(interrupted)),
        Err(errors) => {
            for e in errors.iter().take(20) {
                writeln!(err, "certify: {e}")?;
            }
            if errors.len() > 20 {
                writeln!(err, "certify: ... and {} more errors", errors.len() - 20)?;
            }
            return Ok(None);
        }
    };
    if cases.is_empty() {
        writeln!(err, "certify: no case selected")?;
        return Ok(None);
    }
    Ok(Some(Selected::Cases(cases)))
}

/// The run's settings, as the report records them.
fn settings(args: &CertifyArgs, vectors: &[PathBuf]) -> Value {
    json!({
        "seed": args.seed,
        "generated": args.generated,
        "only": args.only,
        "strict_errata": args.strict_errata,
        "contract": args.contract.name(),
        "vectors": vectors.iter().map(|v| v.display().to_string()).collect::<Vec<_>>(),
        "shard": args.shard.map(|s| s.to_string()),
    })
}

/// The results known before any case runs: the cases the implementation does not offer
/// (skipped), then those the journal of an interrupted run holds; returns how many of these.
fn prior_results(
    results: &mut [Option<Graded>],
    cases: &[Prepared],
    hello: &Hello,
    resumed: BTreeMap<usize, Graded>,
) -> usize {
    for (i, p) in cases.iter().enumerate() {
        if let Some(reason) = skip_reason(p, hello) {
            results[i] = Some(Graded::skipped(reason));
        }
    }
    let mut resumed_count = 0;
    for (i, g) in resumed {
        if let Some(slot) = results.get_mut(i).filter(|s| s.is_none()) {
            *slot = Some(g);
            resumed_count += 1;
        }
    }
    resumed_count
}

/// What the two phases that talk to the implementation share.
struct Phase<'a> {
    run: &'a Run<'a>,
    launch: &'a Launch,
    jobs: usize,
}

impl Phase<'_> {
    /// Phase 1: every pending case over `jobs` copies of the implementation (the first
    /// already started), each result journalled as it comes and the report rewritten every
    /// [`REPORT_EVERY`]; returns the throughput.
    fn run_pending(
        &self,
        first: Child,
        pending: Vec<usize>,
        results: &mut [Option<Graded>],
        journal: &mut Journal,
        shrunk: &BTreeMap<usize, Value>,
        notes: &[String],
    ) -> Throughput {
        let (run, args, cases, jobs) = (self.run, self.run.args, self.run.cases, self.jobs);
        let launch = self.launch;
        let show = io::stderr().is_terminal() && !ci();
        let bar = if show {
            let b = ProgressBar::new(pending.len() as u64);
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} cases {per_sec} eta {eta} {msg}")
            {
                b.set_style(style);
            }
            b
        } else {
            ProgressBar::hidden()
        };
        let (tx, rx) = mpsc::channel();
        let work = Work {
            cases,
            pending,
            cursor: AtomicUsize::new(0),
            tx,
        };
        let started = Instant::now();
        let mut answered = 0usize;
        let mut failed_so_far = 0usize;
        let mut last_report = Instant::now();
        let first = Mutex::new(Some(first));
        thread::scope(|s| {
            for _ in 0..jobs {
                let (work, launch, first) = (&work, &launch, &first);
                s.spawn(move || {
                    let child = first.lock().ok().and_then(|mut f| f.take());
                    if let Some(c) = runner::worker(launch, child, work) {
                        c.finish();
                    }
                    let _ = work.tx.send(Msg::Done);
                });
            }
            let mut done = 0;
            while done < jobs {
                let msg = match rx.recv_timeout(Duration::from_millis(200)) {
                    Ok(m) => Some(m),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                };
                let mut next = msg;
                while let Some(m) = next {
                    match m {
                        Msg::Graded(i, g) => {
                            journal.record(i, &g);
                            answered += 1;
                            if g.failed() {
                                failed_so_far += 1;
                                bar.set_message(format!("{failed_so_far} failed"));
                            }
                            results[i] = Some(*g);
                            bar.inc(1);
                        }
                        Msg::Done => done += 1,
                        Msg::Shrunk(..) => {}
                    }
                    next = rx.try_recv().ok();
                }
                journal.flush();
                if last_report.elapsed() >= REPORT_EVERY {
                    last_report = Instant::now();
                    let tp = Throughput {
                        cases: answered,
                        seconds: started.elapsed().as_secs_f64(),
                        jobs,
                    };
                    let _ = write_report(
                        &args.report,
                        &run.report(results, shrunk, tp, false, notes).0,
                    );
                }
            }
        });
        bar.finish_and_clear();
        Throughput {
            cases: answered,
            seconds: started.elapsed().as_secs_f64(),
            jobs,
        }
    }

    /// Phase 2: shrinks up to `--shrink` failures per instruction (as settled: a tolerated
    /// answer is no failure) that the journal has not shrunk yet, within `--shrink-ms` (each
    /// within `--shrink-case-ms`). The report is written before shrinking begins and again
    /// after each shrunk case (at most every [`SHRINK_REPORT_EVERY`]); returns the notes of
    /// the final report (failures left unshrunk when the time ran out).
    fn shrink_failures(
        &self,
        results: &[Option<Graded>],
        shrunk: &mut BTreeMap<usize, Value>,
        journal: &mut Journal,
        throughput: Throughput,
        notes: &[String],
    ) -> Vec<String> {
        let (run, args, cases, jobs, launch) = (
            self.run,
            self.run.args,
            self.run.cases,
            self.jobs,
            self.launch,
        );
        let (settled, readings) = run.settle(results);
        let readings = &readings;
        let mut chosen: Vec<usize> = Vec::new();
        let mut per_insn: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, g) in settled.iter().enumerate() {
            let Some(g) = g else { continue };
            if !g.failed() || matches!(g.kind(), Some("timeout" | "not-run")) {
                continue;
            }
            // A launch case is a whole kernel with its buffers: it is reported as it is.
            if cases[i].case.launch.is_some() {
                continue;
            }
            let n = per_insn.entry(cases[i].instruction.as_str()).or_default();
            if *n < args.shrink {
                *n += 1;
                if !shrunk.contains_key(&i) {
                    chosen.push(i);
                }
            }
        }
        if chosen.is_empty() || runner::interrupted() {
            return Vec::new();
        }
        let started = Instant::now();
        let budget = Duration::from_millis(args.shrink_ms);
        let overall = started.checked_add(budget).unwrap_or(started + FAR);
        let per_case = Duration::from_millis(args.shrink_case_ms);
        let progress = |done: usize| {
            format!(
                "shrinking: {done} of {} failures shrunk so far",
                chosen.len()
            )
        };
        let write = |shrunk: &BTreeMap<usize, Value>, done: usize| {
            let mut notes = notes.to_vec();
            notes.push(progress(done));
            let _ = write_report(
                &args.report,
                &run.report(results, shrunk, throughput, false, &notes).0,
            );
        };
        write(shrunk, 0);
        // The workers own what they shrink, so that an interrupt need not wait for them: a
        // spec run of a candidate's expectation may go on until the process exits.
        let work = Arc::new(ShrinkWork {
            chosen: chosen
                .iter()
                .filter_map(|&i| Some((i, cases.get(i)?.clone(), settled.get(i)?.clone()?)))
                .collect(),
            cursor: AtomicUsize::new(0),
            readings: readings.clone(),
            args: args.clone(),
            launch: launch.clone(),
            first_seq: cases.len(),
            overall,
            per_case,
        });
        let (tx, rx) = mpsc::channel();
        for w in 0..jobs.min(chosen.len()) {
            let (tx, work) = (tx.clone(), Arc::clone(&work));
            let spawned = thread::Builder::new()
                .name(format!("shrink-{w}"))
                .spawn(move || work.shrink(w, &tx));
            if spawned.is_err() {
                break;
            }
        }
        drop(tx);
        let mut done = 0;
        let mut written = Instant::now();
        let mut unwritten = false;
        loop {
            // A shrink cut short by an interrupt is not kept: it runs again on resume.
            if runner::interrupted() {
                break;
            }
            let msg = match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(m) => Some(m),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            if runner::interrupted() {
                break;
            }
            if let Some(Msg::Shrunk(i, record)) = msg {
                journal.record_shrunk(i, &record);
                shrunk.insert(i, record);
                done += 1;
                unwritten = true;
            }
            if unwritten && written.elapsed() >= SHRINK_REPORT_EVERY {
                write(shrunk, done);
                written = Instant::now();
                unwritten = false;
            }
        }
        let left = chosen.iter().filter(|i| !shrunk.contains_key(i)).count();
        if left > 0 && !runner::interrupted() {
            vec![format!(
                "shrinking's time (--shrink-ms {}) ran out: {left} of {} failures chosen were not shrunk",
                args.shrink_ms,
                chosen.len()
            )]
        } else {
            Vec::new()
        }
    }
}

/// The failures a shrinking phase works on, shared by its workers.
struct ShrinkWork {
    /// (case index, case, its settled grade), in the order they are shrunk.
    chosen: Vec<(usize, Prepared, Graded)>,
    cursor: AtomicUsize,
    readings: BTreeMap<String, ErratumReading>,
    args: CertifyArgs,
    launch: Launch,
    /// The first `seq` no case of the run has.
    first_seq: usize,
    /// No case is begun after this, and none shrinks past it.
    overall: Instant,
    /// The time each case may take.
    per_case: Duration,
}

impl ShrinkWork {
    /// Worker `w`: shrinks the next failure until none is left, the time is out or the run
    /// is interrupted, sending each record on `tx`; ends its copy of the implementation.
    fn shrink(&self, w: usize, tx: &Sender<Msg>) {
        let mut child: Option<Child> = None;
        let mut seq = (self.first_seq + w * (1 << 32)) as u64;
        while !runner::interrupted() && Instant::now() < self.overall {
            let k = self.cursor.fetch_add(1, Ordering::Relaxed);
            let Some((i, p, g)) = self.chosen.get(k) else {
                break;
            };
            let deadline = Instant::now()
                .checked_add(self.per_case)
                .map_or(self.overall, |d| d.min(self.overall));
            let record = shrink_one(
                p,
                g,
                &self.readings,
                &self.args,
                &self.launch,
                &mut child,
                &mut seq,
                deadline,
            );
            if tx.send(Msg::Shrunk(*i, record)).is_err() {
                break;
            }
        }
        if let Some(c) = child {
            c.finish();
        }
    }
}

fn describe_impl(hello: &Hello) -> String {
    let name = hello
        .implementation
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("unnamed implementation");
    let mut s = name.to_string();
    for key in ["engine", "mutant"] {
        if let Some(v) = hello.implementation.get(key).and_then(Value::as_str) {
            s.push_str(&format!(", {key} {v}"));
        }
    }
    // The implementation's own words: escaped and bounded.
    echo(&s)
}

/// Shrinks one failed case, asking no question after `deadline`; the record for the
/// journal and the report.
#[allow(clippy::too_many_arguments)]
fn shrink_one(
    p: &Prepared,
    g: &Graded,
    readings: &BTreeMap<String, ErratumReading>,
    args: &CertifyArgs,
    launch: &Launch,
    child: &mut Option<Child>,
    seq: &mut u64,
    deadline: Instant,
) -> Value {
    let expectation = |c: &Case| with_expect(c.clone()).ok().and_then(|c| c.expect);
    let fits_off_reading = |g: &Graded| g.errata.values().any(|f| f.off_reading().is_some());
    let off_reading = fits_off_reading(g);
    let ask = |c: &Case, e: &Expect| -> Graded {
        let left = deadline.saturating_duration_since(Instant::now());
        if runner::interrupted() || left.is_zero() {
            // Not the same failure: the shrinker stops at the interrupt or the deadline (a
            // shrink cut short by an interrupt is not kept).
            return Graded::pass();
        }
        *seq += 1;
        let mut with = c.clone();
        with.expect = Some(e.clone());
        let Ok(q) = cases::prepare_one(
            *seq as usize,
            with,
            p.instruction.clone(),
            p.source.clone(),
            args.contract,
        ) else {
            return Graded::pass();
        };
        // A question never outlasts the shrink's deadline.
        let reply = if left < launch.timeout {
            let short = Launch {
                timeout: left,
                ..launch.clone()
            };
            runner::ask(&short, child, *seq, &q.request)
        } else {
            runner::ask(launch, child, *seq, &q.request)
        };
        let graded = grade(&q, reply);
        // A failure that fits no other erratum reading stays one: an edit whose answer
        // fits one would make a reproducer that, replayed alone, reads that erratum
        // consistently and passes tolerated.
        if !off_reading && fits_off_reading(&graded) {
            return Graded::pass();
        }
        settle(&graded, readings, args.strict_errata)
    };
    let limits = Limits {
        asks: args.shrink_asks,
        deadline: Some(deadline),
        interrupted: runner::interrupted,
    };
    let Shrunk {
        case,
        graded,
        asks,
        steps,
        stopped,
    } = shrink::shrink(&p.case, &p.expect, g, limits, expectation, ask);
    let size = shrink::size(&case);
    let f = graded.failure.clone();
    let fault = match &stopped {
        Stopped::Fault { kind, message } => json!({"kind": kind, "message": message}),
        _ => Value::Null,
    };
    json!({
        "case": case.to_line(),
        "kind": f.as_ref().map(|f| f.kind.clone()),
        "message": f.as_ref().map(|f| f.message.clone()),
        "answer": f.as_ref().and_then(|f| f.answer.clone()),
        "expected": case.expect.as_ref().map(|e| Value::Object(e.to_value())),
        "first_difference": f.as_ref().and_then(|f| f.diff.as_ref()).map(|d| d.to_value()),
        "asks": asks,
        "steps": steps,
        "stopped": stopped.as_str(),
        "fault": fault,
        "lanes": size.lanes,
        "line_bytes": size.line_bytes,
        "nonzero_bytes": size.nonzero_bytes,
    })
}

fn print_failures(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let failures = &report.failures;
    let shown: BTreeSet<usize> = failures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.get("shrunk").is_some())
        .map(|(i, _)| i)
        .chain(0..failures.len())
        .take(FAILURES_PRINTED)
        .collect();
    for &i in &shown {
        let f = &failures[i];
        // Reports may come from anywhere (merge): nothing is printed unescaped.
        let s = |v: &Value, k: &str| {
            escape_controls(v.get(k).and_then(Value::as_str).unwrap_or_default()).into_owned()
        };
        let json = |v: &Value| escape_controls(&v.to_string()).into_owned();
        writeln!(
            out,
            "FAIL {} on {} ({}): {}: {}",
            s(f, "id"),
            s(f, "platform"),
            s(f, "source"),
            s(f, "kind"),
            s(f, "message")
        )?;
        let detail = f.get("shrunk").unwrap_or(f);
        if let Some(sh) = f.get("shrunk") {
            writeln!(
                out,
                "  minimal case ({} lanes, {} questions): {}",
                json(&sh["lanes"]),
                json(&sh["asks"]),
                s(sh, "case")
            )?;
            writeln!(out, "  minimal failure: {}", s(sh, "message"))?;
            let why = match sh.get("stopped").and_then(Value::as_str) {
                Some("time") => Some("its time ran out (--shrink-case-ms, --shrink-ms)".into()),
                Some("asks") => Some("its questions ran out (--shrink-asks)".into()),
                Some("fault") => Some(format!(
                    "a candidate's answer was a {} fault: {}",
                    s(&sh["fault"], "kind"),
                    s(&sh["fault"], "message")
                )),
                _ => None,
            };
            if let Some(why) = why {
                writeln!(out, "  shrinking stopped early: {why}")?;
            }
        }
        if let Some(a) = detail.get("answer").filter(|a| !a.is_null()) {
            writeln!(out, "  answer:   {}", json(a))?;
        }
        if let Some(e) = detail.get("expected").filter(|e| !e.is_null()) {
            writeln!(out, "  expected: {}", json(e))?;
        }
        if let Some(d) = detail.get("first_difference").filter(|d| !d.is_null()) {
            let lane = d.get("lane").and_then(Value::as_u64);
            let byte = d.get("byte").and_then(Value::as_u64);
            writeln!(
                out,
                "  first difference: {}{}{}: expected {}, got {}",
                s(d, "place"),
                lane.map_or(String::new(), |l| format!(" lane {l}")),
                byte.map_or(String::new(), |b| format!(" byte {b}")),
                s(d, "expected"),
                s(d, "actual")
            )?;
        }
        writeln!(out, "  replay:   {}", s(f, "replay"))?;
    }
    let total = report.totals().failed;
    if total > shown.len() {
        writeln!(
            out,
            "... {} more failures: see report.json",
            total - shown.len()
        )?;
    }
    Ok(())
}

/// The arguments of `visa-conform merge`.
#[derive(Clone, Debug, Args)]
pub struct MergeArgs {
    /// Shard reports: `report.json` files or the report directories holding them.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,
    /// Write the merged `report.json` and `junit.xml` into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Runs `merge`: exit 0 when every shard is there, complete and passed.
pub fn merge(args: &MergeArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let mut reports = Vec::new();
    for path in &args.reports {
        let file = if path.is_dir() {
            path.join("report.json")
        } else {
            path.clone()
        };
        match super::report::read(&file) {
            Ok(r) => reports.push(r),
            Err(e) => {
                writeln!(err, "merge: {}: {e}", file.display())?;
                return Ok(EXIT_INPUT);
            }
        }
    }
    let merged = match super::report::merge(&reports) {
        Ok(m) => m,
        Err(e) => {
            writeln!(err, "merge: {e}")?;
            return Ok(EXIT_INPUT);
        }
    };
    if let Some(dir) = &args.out {
        if let Err(e) = write_report(dir, &merged) {
            writeln!(err, "merge: cannot write {}: {e}", dir.display())?;
            return Ok(EXIT_INPUT);
        }
    }
    write!(out, "{}", merged.table())?;
    print_failures(&merged, out)?;
    Ok(if merged.passed() { EXIT_OK } else { EXIT_FAIL })
}

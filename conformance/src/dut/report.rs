//! The certification report: counts per instruction and platform, errata-tolerated passes,
//! failures with their minimal cases, and throughput; as `report.json`
//! (`visa-certify-report/1`), JUnit XML and a terminal table. Shard reports merge.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus, TestSuite};
use serde_json::{json, Map, Value};
use visa_model::platform::Platform;

use super::accuracy::{met_everywhere, AccuracyCell};
use super::cases::Shard;
use super::grade::{ErratumReading, OffReading, ReadingVerdict};
use crate::input::{clip, parse_json, JsonError};
use crate::junit::xml_text;
use visa_model::errata::Reading;

pub const FORMAT: &str = "visa-certify-report/1";

/// Counts of one instruction on one platform.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub passed: usize,
    pub failed: usize,
    pub unsupported: usize,
    pub skipped: usize,
    /// Passes under the other reading of an erratum (counted in `passed` too).
    pub tolerated: usize,
}

impl Cell {
    fn add(&mut self, o: &Cell) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.unsupported += o.unsupported;
        self.skipped += o.skipped;
        self.tolerated += o.tolerated;
    }

    /// `self + o`, `None` when a count overflows.
    fn checked_add(&self, o: &Cell) -> Option<Cell> {
        Some(Cell {
            passed: self.passed.checked_add(o.passed)?,
            failed: self.failed.checked_add(o.failed)?,
            unsupported: self.unsupported.checked_add(o.unsupported)?,
            skipped: self.skipped.checked_add(o.skipped)?,
            tolerated: self.tolerated.checked_add(o.tolerated)?,
        })
    }

    /// Cases sent (everything but the skipped ones).
    pub fn sent(&self) -> usize {
        self.passed + self.failed + self.unsupported
    }
}

/// Cases answered through the protocol and the time they took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Throughput {
    pub cases: usize,
    pub seconds: f64,
    pub jobs: usize,
}

impl Throughput {
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.cases as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// A certification report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Every case of the run (or of every shard, for a merge) has a result.
    pub complete: bool,
    /// The run (or a shard's) was interrupted (Ctrl-C, SIGTERM, SIGHUP).
    pub interrupted: bool,
    /// Selected cases without a result: not run yet, or not run because the run was
    /// interrupted (not counted in `cells`).
    pub not_run: usize,
    /// The implementation's hello (`implementation` object and what it offers).
    pub implementation: Value,
    /// The implementation's command line.
    pub command: String,
    /// The arguments that decide the cases: seed, generated, only, strict errata, vectors.
    pub settings: Value,
    /// The shards the report covers (empty: the whole case set).
    pub shards: Vec<Shard>,
    pub cells: BTreeMap<(String, String), Cell>,
    /// `ERRATUM reading` -> passes that fit that reading only.
    pub tolerated: BTreeMap<String, usize>,
    /// Failure kind -> count.
    pub kinds: BTreeMap<String, usize>,
    /// Failure details (capped per instruction and platform), with minimal cases.
    pub failures: Vec<Value>,
    pub throughput: Throughput,
    /// Notes for the reader (missing shards, ...).
    pub notes: Vec<String>,
    /// Float DPAS cases that pin no profile and got a state answer.
    pub profile_cases: usize,
    /// Numeric profile -> those answers it fits.
    pub profile_fits: BTreeMap<String, usize>,
    /// Erratum id -> how the implementation's answers read it, over the cases that
    /// discriminate it (docs/certify.md, "Errata tolerance").
    pub errata_readings: BTreeMap<String, ErratumReading>,
    /// (function, type, platform) -> the accuracy of the approximated math answers.
    pub accuracy: BTreeMap<(String, String, String), AccuracyCell>,
    /// The launch cases (kernels over work-groups of threads) among the cells' cases.
    pub launch: Cell,
}

impl Report {
    /// The numeric profiles that fit every graded float DPAS answer (empty without such
    /// cases).
    pub fn profiles_fitting_every_case(&self) -> Vec<String> {
        if self.profile_cases == 0 {
            return Vec::new();
        }
        self.profile_fits
            .iter()
            .filter(|(_, n)| **n == self.profile_cases)
            .map(|(p, _)| p.clone())
            .collect()
    }

    pub fn totals(&self) -> Cell {
        let mut t = Cell::default();
        for c in self.cells.values() {
            t.add(c);
        }
        t
    }

    /// The verdict: complete, nothing failed, and something ran (an implementation that
    /// offers none of the selected cases is not certified by them).
    pub fn passed(&self) -> bool {
        let t = self.totals();
        self.complete && t.failed == 0 && t.sent() > 0
    }

    pub fn to_value(&self) -> Value {
        let t = self.totals();
        let cells: Vec<Value> = self
            .cells
            .iter()
            .map(|((insn, platform), c)| {
                json!({
                    "instruction": insn, "platform": platform, "passed": c.passed,
                    "failed": c.failed, "unsupported": c.unsupported, "skipped": c.skipped,
                    "tolerated": c.tolerated,
                })
            })
            .collect();
        json!({
            "format": FORMAT,
            "complete": self.complete,
            "interrupted": self.interrupted,
            "verdict": if self.passed() { "pass" } else { "fail" },
            "implementation": self.implementation,
            "command": self.command,
            "settings": self.settings,
            "shards": self.shards.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "summary": {
                "cases": t.passed + t.failed + t.unsupported + t.skipped,
                "passed": t.passed, "failed": t.failed, "unsupported": t.unsupported,
                "skipped": t.skipped, "tolerated": t.tolerated, "not_run": self.not_run,
            },
            "cells": cells,
            "tolerated": self.tolerated,
            "failure_kinds": self.kinds,
            "failures": self.failures,
            "throughput": {
                "cases": self.throughput.cases,
                "seconds": self.throughput.seconds,
                "jobs": self.throughput.jobs,
                "cases_per_second": self.throughput.rate().round(),
            },
            "profiles": {
                "cases": self.profile_cases,
                "fits": self.profile_fits,
                "fit_every_case": self.profiles_fitting_every_case(),
            },
            "errata_readings": self.errata_readings.iter().map(|(id, r)| reading_value(id, r)).collect::<Vec<_>>(),
            "accuracy": {
                "cells": self.accuracy.iter().map(|(k, c)| c.to_value(k)).collect::<Vec<_>>(),
                "met_everywhere": met_everywhere(&self.accuracy),
            },
            "launch": {
                "passed": self.launch.passed, "failed": self.launch.failed,
                "unsupported": self.launch.unsupported, "skipped": self.launch.skipped,
            },
            "notes": self.notes,
        })
    }

    /// Reads a report; every error names the field at fault. Counts are integers in
    /// 0..=2^64-1 whose totals (and every sum the report prints) fit that range.
    pub fn from_value(v: &Value) -> Result<Report, String> {
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!("not a `{FORMAT}` report"));
        }
        let mut cells = BTreeMap::new();
        let list = v
            .get("cells")
            .and_then(Value::as_array)
            .ok_or("no `cells` array")?;
        for (i, c) in list.iter().enumerate() {
            let field = format!("cells[{i}]");
            let key = |k: &str| {
                c.get(k)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or(format!("{field}.{k}: missing or not a string"))
            };
            let count = |k: &str| count(c, &field, k);
            let cell = Cell {
                passed: count("passed")?,
                failed: count("failed")?,
                unsupported: count("unsupported")?,
                skipped: count("skipped")?,
                tolerated: count("tolerated")?,
            };
            let at = (key("instruction")?, key("platform")?);
            if cells.insert(at.clone(), cell).is_some() {
                return Err(format!(
                    "{field}: a second cell for {} on {}",
                    clip(&at.0),
                    clip(&at.1)
                ));
            }
        }
        let shards = match v.get("shards") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.as_str()
                        .ok_or_else(|| "not a string".to_string())
                        .and_then(str::parse::<Shard>)
                        .map_err(|e| format!("shards[{i}]: {}", clip(&e)))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err("shards: not an array".to_string()),
        };
        let tp = v.get("throughput").cloned().unwrap_or(Value::Null);
        let profiles = v.get("profiles").cloned().unwrap_or(Value::Null);
        let report = Report {
            complete: v.get("complete").and_then(Value::as_bool).unwrap_or(false),
            interrupted: v
                .get("interrupted")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            not_run: count(
                v.get("summary").unwrap_or(&Value::Null),
                "summary",
                "not_run",
            )?,
            implementation: v.get("implementation").cloned().unwrap_or(Value::Null),
            command: v
                .get("command")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            settings: v.get("settings").cloned().unwrap_or(Value::Null),
            shards,
            cells,
            tolerated: counts(v, "", "tolerated")?,
            kinds: counts(v, "", "failure_kinds")?,
            failures: v
                .get("failures")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
            throughput: Throughput {
                cases: count(&tp, "throughput", "cases")?,
                seconds: tp.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
                jobs: count(&tp, "throughput", "jobs")?,
            },
            profile_cases: count(&profiles, "profiles", "cases")?,
            profile_fits: counts(&profiles, "profiles", "fits")?,
            errata_readings: match v.get("errata_readings") {
                None | Some(Value::Null) => BTreeMap::new(),
                Some(Value::Array(a)) => a
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        reading_of_value(e).ok_or_else(|| {
                            format!("errata_readings[{i}]: not an erratum reading entry")
                        })
                    })
                    .collect::<Result<_, String>>()?,
                Some(_) => return Err("errata_readings: not an array".to_string()),
            },
            accuracy: accuracy_of(v)?,
            // Absent from the reports of runners without launch cases.
            launch: match v.get("launch") {
                None | Some(Value::Null) => Cell::default(),
                Some(l) => Cell {
                    passed: count(l, "launch", "passed")?,
                    failed: count(l, "launch", "failed")?,
                    unsupported: count(l, "launch", "unsupported")?,
                    skipped: count(l, "launch", "skipped")?,
                    tolerated: 0,
                },
            },
            notes: v
                .get("notes")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        };
        report.check_sums()?;
        Ok(report)
    }

    /// The accuracy table of the terminal report: one line per function, type and platform.
    fn accuracy_lines(&self, out: &mut String) {
        if self.accuracy.is_empty() {
            return;
        }
        let met = met_everywhere(&self.accuracy);
        let _ = writeln!(
            out,
            "accuracy of the approximated math answers against the exact values; every answer fits {}:",
            if met.is_empty() {
                "no accuracy contract".to_string()
            } else {
                met.join(", ")
            }
        );
        // One line per function and type, the platforms joined (report.json keeps them
        // apart).
        let mut joined: BTreeMap<(String, String), (AccuracyCell, BTreeSet<&str>)> =
            BTreeMap::new();
        for ((f, ty, platform), c) in &self.accuracy {
            let (cell, platforms) = joined.entry((f.clone(), ty.clone())).or_default();
            if cell.join(c).is_none() {
                return;
            }
            platforms.insert(platform);
        }
        for ((f, ty), (c, platforms)) in &joined {
            let on = platforms.iter().copied().collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "  {}", c.line(&(f.clone(), ty.clone(), on)));
        }
    }

    /// Fails when a sum the report prints (its totals, the cases of a row or of the run)
    /// would overflow.
    fn check_sums(&self) -> Result<(), String> {
        let overflow = || "the counts add up to more than 2^64-1".to_string();
        let mut total = Cell::default();
        for c in self.cells.values() {
            total = total.checked_add(c).ok_or_else(overflow)?;
        }
        [total.failed, total.unsupported, total.skipped]
            .into_iter()
            .try_fold(total.passed, usize::checked_add)
            .map(|_| ())
            .ok_or_else(overflow)
    }

    /// The terminal table: one row per instruction, one column per platform
    /// (`passed/sent`), the verdict, then the totals.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let insns: BTreeSet<&String> = self.cells.keys().map(|(i, _)| i).collect();
        let width = insns.iter().map(|i| i.len()).max().unwrap_or(0).max(11);
        let _ = write!(out, "{:width$}", "instruction");
        for p in Platform::ALL {
            let _ = write!(out, "  {:>11}", p.name());
        }
        let _ = writeln!(out, "  verdict");
        for insn in insns {
            let mut row = Cell::default();
            let _ = write!(out, "{insn:width$}");
            for p in Platform::ALL {
                let c = self
                    .cells
                    .get(&(insn.clone(), p.name().to_string()))
                    .copied()
                    .unwrap_or_default();
                row.add(&c);
                let text = if c.sent() > 0 {
                    format!("{}/{}", c.passed, c.sent())
                } else if c.skipped > 0 {
                    "skipped".to_string()
                } else {
                    "-".to_string()
                };
                let _ = write!(out, "  {text:>11}");
            }
            let _ = writeln!(out, "  {}", verdict(&row));
        }
        let t = self.totals();
        let _ = writeln!(
            out,
            "{} cases: {} passed ({} errata-tolerated), {} failed, {} unsupported, {} skipped",
            t.passed + t.failed + t.unsupported + t.skipped,
            t.passed,
            t.tolerated,
            t.failed,
            t.unsupported,
            t.skipped
        );
        let l = &self.launch;
        if l.sent() + l.skipped > 0 {
            let _ = writeln!(
                out,
                "launch cases (kernels over work-groups of threads): {} passed, {} failed, {} unsupported, {} skipped",
                l.passed, l.failed, l.unsupported, l.skipped
            );
        }
        if self.not_run > 0 {
            let _ = writeln!(
                out,
                "{} cases not run{}",
                self.not_run,
                if self.interrupted {
                    " (interrupted)"
                } else {
                    ""
                }
            );
        }
        if !self.tolerated.is_empty() {
            let list: Vec<String> = self
                .tolerated
                .iter()
                .map(|(e, n)| format!("{e} ({n})"))
                .collect();
            let _ = writeln!(out, "errata-tolerated answers fit: {}", list.join(", "));
        }
        for (id, r) in &self.errata_readings {
            if r.off.is_empty() {
                continue;
            }
            let _ = write!(out, "erratum {id}: {r}");
            if r.verdict() == ReadingVerdict::Mixed {
                let ids: Vec<String> = r
                    .off
                    .iter()
                    .map(|o| format!("{} ({})", o.id, o.reading))
                    .collect();
                let _ = write!(out, "; not tolerated: {}", ids.join(", "));
            } else {
                let _ = write!(out, " (tolerated)");
            }
            let _ = writeln!(out);
        }
        if self.profile_cases > 0 {
            let every = self.profiles_fitting_every_case();
            let fit = if every.is_empty() {
                let best = self.profile_fits.iter().max_by_key(|(_, n)| **n);
                match best {
                    Some((p, n)) => {
                        format!("no profile fits every answer; the closest is {p} ({n})")
                    }
                    None => "no profile fits any answer".to_string(),
                }
            } else {
                format!("every answer fits {}", every.join(", "))
            };
            let _ = writeln!(
                out,
                "float DPAS profiles ({} cases without a pinned profile): {fit}",
                self.profile_cases
            );
        }
        self.accuracy_lines(&mut out);
        if !self.kinds.is_empty() {
            let list: Vec<String> = self.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(out, "failures by kind: {}", list.join(", "));
        }
        for note in &self.notes {
            let _ = writeln!(out, "note: {note}");
        }
        out
    }

    /// JUnit XML: a suite per instruction, a test case per platform.
    pub fn junit(&self) -> Result<String, quick_junit::SerializeError> {
        let mut report = quick_junit::Report::new("visa-conform certify");
        let mut suites: BTreeMap<&String, TestSuite> = BTreeMap::new();
        for ((insn, platform), c) in &self.cells {
            let suite = suites
                .entry(insn)
                .or_insert_with(|| TestSuite::new(xml_text(insn).as_ref()));
            let status = if c.failed > 0 {
                let mine: Vec<&Value> = self
                    .failures
                    .iter()
                    .filter(|f| {
                        f.get("instruction").and_then(Value::as_str) == Some(insn.as_str())
                            && f.get("platform").and_then(Value::as_str) == Some(platform.as_str())
                    })
                    .collect();
                let first = mine
                    .first()
                    .map(|f| {
                        format!(
                            "; first: {}: {}",
                            f["id"].as_str().unwrap_or_default(),
                            f["message"].as_str().unwrap_or_default()
                        )
                    })
                    .unwrap_or_default();
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                let message = format!("{} of {} cases failed{first}", c.failed, c.sent());
                s.set_type("certify")
                    .set_message(xml_text(&message).as_ref());
                let mut body = String::new();
                for f in mine {
                    let _ = writeln!(
                        body,
                        "{} [{}] {}: {}",
                        f["id"].as_str().unwrap_or_default(),
                        f["kind"].as_str().unwrap_or_default(),
                        f["source"].as_str().unwrap_or_default(),
                        f["message"].as_str().unwrap_or_default()
                    );
                    if let Some(r) = f.get("replay").and_then(Value::as_str) {
                        let _ = writeln!(body, "  replay: {r}");
                    }
                }
                s.set_description(xml_text(&body).as_ref());
                s
            } else if c.passed == 0 {
                let mut s = TestCaseStatus::skipped();
                s.set_message(format!(
                    "{} unsupported, {} skipped",
                    c.unsupported, c.skipped
                ));
                s
            } else {
                TestCaseStatus::success()
            };
            let name = format!("{insn} {platform}");
            let mut case = TestCase::new(xml_text(&name).as_ref(), status);
            case.set_classname(xml_text(&format!("visa-conform certify.{insn}")).as_ref())
                .set_time(Duration::ZERO);
            for (k, n) in [
                ("passed", c.passed),
                ("failed", c.failed),
                ("unsupported", c.unsupported),
                ("skipped", c.skipped),
                ("tolerated", c.tolerated),
            ] {
                case.add_property((k, n.to_string().as_str()));
            }
            suite.add_test_case(case);
        }
        let mut suites: Vec<TestSuite> = suites.into_values().collect();
        if !self.errata_readings.is_empty() {
            let mut suite = TestSuite::new("errata readings");
            for (id, r) in &self.errata_readings {
                let status = if r.verdict() == ReadingVerdict::Mixed && !r.off.is_empty() {
                    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    s.set_type("errata").set_message(r.to_string());
                    let body: Vec<String> = r
                        .off
                        .iter()
                        .map(|o| {
                            format!("{} on {} fits the {} reading", o.id, o.platform, o.reading)
                        })
                        .collect();
                    s.set_description(body.join("\n"));
                    s
                } else {
                    TestCaseStatus::success()
                };
                let mut case = TestCase::new(id.as_str(), status);
                case.set_classname("visa-conform certify.errata")
                    .set_time(Duration::ZERO);
                case.add_property(("verdict", r.verdict().as_str()));
                case.add_property(("reading", r.to_string().as_str()));
                suite.add_test_case(case);
            }
            suites.push(suite);
        }
        report.add_test_suites(suites);
        report.to_string()
    }
}

/// The `accuracy` cells of a report (none in a report without them).
fn accuracy_of(v: &Value) -> Result<BTreeMap<(String, String, String), AccuracyCell>, String> {
    let cells = match v.get("accuracy") {
        None | Some(Value::Null) => return Ok(BTreeMap::new()),
        Some(a) => a
            .get("cells")
            .and_then(Value::as_array)
            .ok_or("accuracy.cells: missing or not an array")?,
    };
    let mut out = BTreeMap::new();
    for (i, c) in cells.iter().enumerate() {
        let field = format!("accuracy.cells[{i}]");
        let (key, cell) = AccuracyCell::from_value(c, &field)?;
        if out.insert(key.clone(), cell).is_some() {
            return Err(format!(
                "{field}: a second cell for {} {} on {}",
                clip(&key.0),
                clip(&key.1),
                clip(&key.2)
            ));
        }
    }
    Ok(out)
}

fn verdict(c: &Cell) -> String {
    let mut v = if c.failed > 0 {
        format!("FAIL ({})", c.failed)
    } else if c.passed > 0 {
        "pass".to_string()
    } else if c.unsupported > 0 {
        "unsupported".to_string()
    } else {
        "skipped".to_string()
    };
    let mut extra = Vec::new();
    if c.tolerated > 0 {
        extra.push(format!("{} errata-tolerated", c.tolerated));
    }
    if c.unsupported > 0 && (c.passed > 0 || c.failed > 0) {
        extra.push(format!("{} unsupported", c.unsupported));
    }
    if !extra.is_empty() {
        v.push_str(&format!(" ({})", extra.join(", ")));
    }
    v
}

/// The settings that must agree between shard reports: everything but the shard.
fn campaign(r: &Report) -> Value {
    let mut s = r.settings.clone();
    if let Value::Object(m) = &mut s {
        m.shift_remove("shard");
    }
    json!({"command": r.command, "settings": s})
}

/// Joins shard reports of one campaign. The result is complete when every shard is there
/// and complete.
pub fn merge(reports: &[Report]) -> Result<Report, String> {
    let Some(first) = reports.first() else {
        return Err("no report to merge".to_string());
    };
    let mut merged = Report {
        complete: true,
        implementation: first.implementation.clone(),
        command: first.command.clone(),
        settings: first.settings.clone(),
        ..Report::default()
    };
    if let Value::Object(m) = &mut merged.settings {
        m.shift_remove("shard");
    }
    let mut seen: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut n_of: Option<u32> = None;
    let mut seconds: f64 = 0.0;
    for (i, r) in reports.iter().enumerate() {
        if campaign(r) != campaign(first) {
            return Err(format!(
                "report {} is of another campaign (implementation command or settings differ)",
                i + 1
            ));
        }
        if r.shards.is_empty() && reports.len() > 1 {
            return Err(format!("report {} is not a shard report", i + 1));
        }
        for s in &r.shards {
            if n_of.is_some_and(|n| n != s.n) {
                return Err("the reports split the campaign into different shard counts".into());
            }
            n_of = Some(s.n);
            if !seen.insert((s.k, s.n)) {
                return Err(format!("shard {s} appears twice"));
            }
            merged.shards.push(*s);
        }
        merged.complete &= r.complete;
        merged.interrupted |= r.interrupted;
        if !r.complete {
            merged.notes.push(format!(
                "report {} is incomplete (an interrupted run)",
                i + 1
            ));
        }
        let overflow = || format!("report {}: the counts overflow when added", i + 1);
        for (k, c) in &r.cells {
            let cell = merged.cells.entry(k.clone()).or_default();
            *cell = cell.checked_add(c).ok_or_else(overflow)?;
        }
        add_counts(&mut merged.tolerated, &r.tolerated).ok_or_else(overflow)?;
        add_counts(&mut merged.kinds, &r.kinds).ok_or_else(overflow)?;
        add_counts(&mut merged.profile_fits, &r.profile_fits).ok_or_else(overflow)?;
        let add = |a: usize, b: usize| a.checked_add(b).ok_or_else(overflow);
        merged.profile_cases = add(merged.profile_cases, r.profile_cases)?;
        merged.launch = merged.launch.checked_add(&r.launch).ok_or_else(overflow)?;
        merged.not_run = add(merged.not_run, r.not_run)?;
        for (k, e) in &r.errata_readings {
            merged.errata_readings.entry(k.clone()).or_default().join(e);
        }
        for (k, c) in &r.accuracy {
            merged
                .accuracy
                .entry(k.clone())
                .or_default()
                .join(c)
                .ok_or_else(overflow)?;
        }
        merged.failures.extend(r.failures.iter().cloned());
        merged.throughput.cases = add(merged.throughput.cases, r.throughput.cases)?;
        merged.throughput.jobs = add(merged.throughput.jobs, r.throughput.jobs)?;
        seconds = seconds.max(r.throughput.seconds);
    }
    merged.throughput.seconds = seconds;
    withdraw_tolerance(&mut merged);
    merged.shards.sort_by_key(|s| s.k);
    merged.check_sums()?;
    if let Some(n) = n_of {
        // Ranges between the shards present: as many as reports, whatever N is.
        let mut missing = Vec::new();
        let mut next = 1u64;
        for k in seen
            .iter()
            .map(|(k, _)| u64::from(*k))
            .chain([u64::from(n) + 1])
        {
            match k - next {
                0 => {}
                1 => missing.push(format!("{next}/{n}")),
                _ => missing.push(format!("{next}/{n} to {}/{n}", k - 1)),
            }
            next = k + 1;
        }
        if !missing.is_empty() {
            merged.complete = false;
            merged
                .notes
                .push(format!("missing shards: {}", missing.join(", ")));
        }
    }
    Ok(merged)
}

/// After a merge: the answers a shard tolerated under an erratum that the joined shards
/// read inconsistently become failures (a shard sees only its part of the campaign).
fn withdraw_tolerance(merged: &mut Report) {
    for (id, r) in merged.errata_readings.iter_mut() {
        if r.tolerates(Reading::Literal) || r.tolerates(Reading::Resolved) {
            continue;
        }
        let verdict = r.to_string();
        for off in r.off.iter_mut().filter(|o| o.tolerated) {
            off.tolerated = false;
            let cell = merged
                .cells
                .entry((off.instruction.clone(), off.platform.clone()))
                .or_default();
            cell.passed = cell.passed.saturating_sub(1);
            cell.tolerated = cell.tolerated.saturating_sub(1);
            cell.failed = cell.failed.saturating_add(1);
            if let Some(n) = merged.tolerated.get_mut(&format!("{id} {}", off.reading)) {
                *n = n.saturating_sub(1);
            }
            let kind = merged.kinds.entry("mismatch".to_string()).or_default();
            *kind = kind.saturating_add(1);
            merged.failures.push(entry(&[
                ("id", off.id.clone().into()),
                ("instruction", off.instruction.clone().into()),
                ("platform", off.platform.clone().into()),
                ("kind", "mismatch".into()),
                (
                    "message",
                    format!(
                        "fits the {} reading of {id}, not tolerated: its reading over the run is {verdict}",
                        off.reading
                    )
                    .into(),
                ),
            ]));
        }
    }
    merged.tolerated.retain(|_, n| *n > 0);
}

/// An erratum's readings as `report.json` writes them.
fn reading_value(id: &str, r: &ErratumReading) -> Value {
    json!({
        "erratum": id,
        "verdict": r.verdict().as_str(),
        "summary": r.to_string(),
        "discriminating": r.discriminating,
        "fit_literal": r.literal,
        "fit_resolved": r.resolved,
        "fit_stated": r.stated,
        "fit_neither": r.neither,
        "off_reading": r.off.iter().map(|o| json!({
            "id": o.id, "instruction": o.instruction, "platform": o.platform,
            "reading": o.reading.as_str(), "tolerated": o.tolerated,
        })).collect::<Vec<_>>(),
    })
}

fn reading_of_value(v: &Value) -> Option<(String, ErratumReading)> {
    let n = |k: &str| v.get(k).and_then(Value::as_u64).map(|n| n as usize);
    let s = |o: &Value, k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
    let off = v
        .get("off_reading")?
        .as_array()?
        .iter()
        .map(|o| {
            Some(OffReading {
                id: s(o, "id")?,
                instruction: s(o, "instruction")?,
                platform: s(o, "platform")?,
                reading: Reading::parse(o.get("reading")?.as_str()?)?,
                tolerated: o.get("tolerated")?.as_bool()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((
        s(v, "erratum")?,
        ErratumReading {
            discriminating: n("discriminating")?,
            literal: n("fit_literal")?,
            resolved: n("fit_resolved")?,
            stated: n("fit_stated")?,
            neither: n("fit_neither")?,
            off,
        },
    ))
}

/// Adds `from` into `into` key by key; `None` when a count overflows.
fn add_counts(into: &mut BTreeMap<String, usize>, from: &BTreeMap<String, usize>) -> Option<()> {
    for (k, n) in from {
        let sum = into.entry(k.clone()).or_default();
        *sum = sum.checked_add(*n)?;
    }
    Some(())
}

/// The count `key` of the object `v` (at `field`): absent or null is 0; anything but an
/// integer in 0..=2^64-1 is an error.
fn count(v: &Value, field: &str, key: &str) -> Result<usize, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(0),
        Some(n) => n
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                let at = if field.is_empty() {
                    key.to_string()
                } else {
                    format!("{field}.{key}")
                };
                format!(
                    "{at}: expected a count (an integer in 0..=2^64-1), found {}",
                    clip(&n.to_string())
                )
            }),
    }
}

/// The object `key` of `v` (at `field`) of counts by name; absent or null is empty.
fn counts(v: &Value, field: &str, key: &str) -> Result<BTreeMap<String, usize>, String> {
    let at = if field.is_empty() {
        key.to_string()
    } else {
        format!("{field}.{key}")
    };
    match v.get(key) {
        None | Some(Value::Null) => Ok(BTreeMap::new()),
        Some(Value::Object(m)) => m
            .keys()
            .map(|k| Ok((k.clone(), count(&v[key], &at, k)?)))
            .collect(),
        Some(_) => Err(format!("{at}: not an object")),
    }
}

/// Reads a `report.json` file: JSON with unique keys (an error names the line, column and
/// key path) holding a report ([`Report::from_value`]).
pub fn read(file: &Path) -> Result<Report, String> {
    let text = std::fs::read(file).map_err(|e| e.to_string())?;
    let value = parse_json(&text).map_err(|e| match e {
        JsonError::Syntax { message, .. } => message,
        JsonError::Duplicate { .. } => e.to_string(),
    })?;
    Report::from_value(&value)
}

/// The failure entries as an object keyed by nothing: helper for building entries.
pub fn entry(fields: &[(&str, Value)]) -> Value {
    let mut m = Map::new();
    for (k, v) in fields {
        if !v.is_null() {
            m.insert((*k).to_string(), v.clone());
        }
    }
    Value::Object(m)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A shard report of one `rol` case on xe-hpg whose answer discriminates
    /// ROTATE-SIGNED-SHIFT, fitting `reading`; tolerated when it is the literal one.
    fn shard(k: u32, id: &str, reading: Reading) -> Report {
        let literal = reading == Reading::Literal;
        let mut r = Report {
            complete: true,
            shards: vec![Shard { k, n: 2 }],
            ..Report::default()
        };
        r.cells.insert(
            ("rol".into(), "xe-hpg".into()),
            Cell {
                passed: 1,
                tolerated: usize::from(literal),
                ..Cell::default()
            },
        );
        if literal {
            r.tolerated.insert("ROTATE-SIGNED-SHIFT literal".into(), 1);
        }
        r.errata_readings.insert(
            "ROTATE-SIGNED-SHIFT".into(),
            ErratumReading {
                discriminating: 1,
                literal: usize::from(literal),
                resolved: usize::from(!literal),
                stated: usize::from(!literal),
                neither: 0,
                off: if literal {
                    vec![OffReading {
                        id: id.into(),
                        instruction: "rol".into(),
                        platform: "xe-hpg".into(),
                        reading,
                        tolerated: true,
                    }]
                } else {
                    Vec::new()
                },
            },
        );
        r
    }

    #[test]
    fn a_tolerance_one_shard_granted_is_withdrawn_when_the_shards_read_the_erratum_differently() {
        let one = shard(1, "rol/a", Reading::Literal);
        let again = merge(&[one.clone(), shard(2, "rol/b", Reading::Literal)]).unwrap();
        assert!(again.passed());
        assert_eq!(again.totals().tolerated, 2);
        // Read back through report.json, the other shard answers the resolved reading.
        let one = Report::from_value(&one.to_value()).unwrap();
        let merged = merge(&[one, shard(2, "rol/b", Reading::Resolved)]).unwrap();
        let r = &merged.errata_readings["ROTATE-SIGNED-SHIFT"];
        assert_eq!(r.verdict(), ReadingVerdict::Mixed);
        assert!(!r.off[0].tolerated);
        let t = merged.totals();
        assert_eq!((t.passed, t.failed, t.tolerated), (1, 1, 0));
        assert!(!merged.passed());
        assert!(merged.tolerated.is_empty());
        assert_eq!(merged.failures[0]["id"], "rol/a");
    }
}

//! Grading an implementation's reply to one case, and the errata readings of a whole run.
//!
//! A state or error answer is compared with the case's expectation ([`compare`]). Every
//! answer is also placed against the errata its case discriminates ([`discriminating`](crate::expect::discriminating),
//! [`errata_fits`]): the executable errata of the ledger whose other reading makes the spec
//! engine expect something else of the case (only the errata the engine asked about while
//! running it can). For each,
//! the answer fits the reading the case states, the other one, both or neither. A reading
//! that leaves undefined some byte the case defines is not one an answer can fit, and is not
//! considered.
//!
//! Errata tolerance is decided per implementation, not per case, once every case is graded
//! ([`ErratumReading`], [`settle`]): an answer that fails the case but fits the other reading
//! of an erratum passes (noted with the erratum) only when every discriminating answer of the
//! run fits that same reading. If some fit one reading and some the other, or some fit
//! neither, the implementation reads the erratum inconsistently and those answers are
//! failures. With `--strict-errata` no answer is tolerated.
//!
//! Float DPAS numeric profiles: for a float DPAS case that does not pin a profile, every
//! state answer is also checked against each profile's result ([`profile_fit`]); the report
//! counts, per profile, the answers it fits.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{json, Map, Value};
use visa_model::errata::Reading;
use visa_model::error::{ErrorClass, VisaError};

use super::accuracy::{measurable, measure, Measured};
use super::cases::Prepared;
use super::protocol::{echo, Answer, ResultMsg};
use super::runner::{Fault, Reply};
use crate::case::{compare, Mismatch, Outcome, Verdict};
use crate::case::{run_case, EngineKind};
/// The errata a case discriminates ([`crate::expect`]), under their former path.
use crate::expect::{expect_of, float_dpas_destination, free_nans, restricted};
use crate::input::escape_controls;
use crate::vector::{Case, Expect};
use visa_model::profile::DpasProfile;

/// The grade of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    Pass,
    Fail,
    /// The implementation answered `unsupported`.
    Unsupported,
    /// Not sent: the implementation does not offer what the case needs.
    Skipped,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::Unsupported => "unsupported",
            Status::Skipped => "skipped",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Pass,
            Status::Fail,
            Status::Unsupported,
            Status::Skipped,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// The first differing lane and byte of a mismatch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diff {
    pub place: String,
    pub byte: Option<usize>,
    pub lane: Option<usize>,
    pub expected: String,
    pub actual: String,
}

impl Diff {
    fn of(m: &Mismatch) -> Option<Diff> {
        match m {
            Mismatch::Byte {
                place,
                byte,
                lane,
                expected,
                actual,
            } => Some(Diff {
                place: place.clone(),
                byte: Some(*byte),
                lane: *lane,
                expected: expected.clone(),
                actual: format!("{actual:02x}"),
            }),
            Mismatch::PredBit {
                name,
                bit,
                expected,
                actual,
            } => Some(Diff {
                place: name.clone(),
                byte: None,
                lane: Some(*bit as usize),
                expected: u8::from(*expected).to_string(),
                actual: u8::from(*actual).to_string(),
            }),
            _ => None,
        }
    }

    pub fn to_value(&self) -> Value {
        json!({
            "place": self.place,
            "lane": self.lane,
            "byte": self.byte,
            "expected": self.expected,
            "actual": self.actual,
        })
    }

    pub fn from_value(v: &Value) -> Option<Diff> {
        Some(Diff {
            place: v.get("place")?.as_str()?.to_string(),
            byte: v.get("byte").and_then(Value::as_u64).map(|b| b as usize),
            lane: v.get("lane").and_then(Value::as_u64).map(|b| b as usize),
            expected: v.get("expected")?.as_str()?.to_string(),
            actual: v.get("actual")?.as_str()?.to_string(),
        })
    }
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq)]
pub struct FailureInfo {
    /// `mismatch`, or a protocol fault: `timeout`, `crash`, `closed`, `garbage`, `shape`,
    /// `too-long`, `not-run`.
    pub kind: String,
    pub message: String,
    /// The answer as the implementation gave it (a `result` object, see [`stored_answer`]),
    /// when there is one.
    pub answer: Option<Value>,
    pub diff: Option<Diff>,
}

/// A graded reply.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub status: Status,
    /// A pass under the other reading of this erratum.
    pub tolerated: Option<(String, Reading)>,
    /// Why it failed.
    pub failure: Option<FailureInfo>,
    /// Why it was unsupported or skipped.
    pub note: Option<String>,
    /// The numeric profiles the answer fits (float DPAS cases that pin no profile).
    pub profiles: Option<Vec<String>>,
    /// Erratum id -> the readings the answer fits, for the errata the case discriminates.
    pub errata: BTreeMap<String, ErratumFit>,
    /// The accuracy of an approximated math answer ([`grade_measured`]).
    pub accuracy: Option<Measured>,
}

/// What an answer tells of one erratum whose two readings expect different things of its
/// case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErratumFit {
    /// The reading the case states.
    pub stated: Reading,
    /// The readings the answer fits: none, one, or both where their allowed sets overlap.
    pub fits: Vec<Reading>,
}

impl ErratumFit {
    /// The reading the answer fits when it fits only the one the case does not state.
    pub fn off_reading(&self) -> Option<Reading> {
        let other = self.stated.other();
        (self.fits == [other]).then_some(other)
    }

    fn to_value(&self) -> Value {
        json!({
            "stated": self.stated.as_str(),
            "fits": self.fits.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
        })
    }

    fn from_value(v: &Value) -> Option<ErratumFit> {
        Some(ErratumFit {
            stated: Reading::parse(v.get("stated")?.as_str()?)?,
            fits: v
                .get("fits")?
                .as_array()?
                .iter()
                .map(|r| r.as_str().and_then(Reading::parse))
                .collect::<Option<Vec<_>>>()?,
        })
    }
}

impl Graded {
    pub fn pass() -> Graded {
        Graded {
            status: Status::Pass,
            tolerated: None,
            failure: None,
            note: None,
            profiles: None,
            errata: BTreeMap::new(),
            accuracy: None,
        }
    }

    pub fn skipped(note: String) -> Graded {
        Graded {
            status: Status::Skipped,
            tolerated: None,
            failure: None,
            note: Some(note),
            profiles: None,
            errata: BTreeMap::new(),
            accuracy: None,
        }
    }

    pub fn fault(fault: Fault, message: String) -> Graded {
        Graded {
            status: Status::Fail,
            tolerated: None,
            failure: Some(FailureInfo {
                kind: fault.as_str().to_string(),
                message,
                answer: None,
                diff: None,
            }),
            note: None,
            profiles: None,
            errata: BTreeMap::new(),
            accuracy: None,
        }
    }

    pub fn failed(&self) -> bool {
        self.status == Status::Fail
    }

    /// The failure kind, `None` unless failed.
    pub fn kind(&self) -> Option<&str> {
        self.failure.as_ref().map(|f| f.kind.as_str())
    }

    /// One journal line's worth (without the case index).
    pub fn to_value(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("s".into(), self.status.as_str().into());
        if let Some((id, r)) = &self.tolerated {
            m.insert(
                "tolerated".into(),
                json!({"erratum": id, "reading": r.as_str()}),
            );
        }
        if let Some(p) = &self.profiles {
            m.insert("profiles".into(), p.clone().into());
        }
        if !self.errata.is_empty() {
            let fits: Map<String, Value> = self
                .errata
                .iter()
                .map(|(id, f)| (id.clone(), f.to_value()))
                .collect();
            m.insert("errata".into(), Value::Object(fits));
        }
        if let Some(f) = &self.failure {
            m.insert("kind".into(), f.kind.clone().into());
            m.insert("message".into(), f.message.clone().into());
            if let Some(a) = &f.answer {
                m.insert("answer".into(), a.clone());
            }
            if let Some(d) = &f.diff {
                m.insert("diff".into(), d.to_value());
            }
        }
        if let Some(n) = &self.note {
            m.insert("note".into(), n.clone().into());
        }
        if let Some(a) = &self.accuracy {
            m.insert("accuracy".into(), a.to_value());
        }
        m
    }

    pub fn from_value(v: &Value) -> Option<Graded> {
        let status = Status::parse(v.get("s")?.as_str()?)?;
        let tolerated = match v.get("tolerated") {
            Some(t) => Some((
                t.get("erratum")?.as_str()?.to_string(),
                Reading::parse(t.get("reading")?.as_str()?)?,
            )),
            None => None,
        };
        let failure = match v.get("kind") {
            Some(k) => Some(FailureInfo {
                kind: k.as_str()?.to_string(),
                message: v.get("message")?.as_str()?.to_string(),
                answer: v.get("answer").cloned(),
                diff: v.get("diff").and_then(Diff::from_value),
            }),
            None => None,
        };
        Some(Graded {
            status,
            tolerated,
            failure,
            note: v.get("note").and_then(Value::as_str).map(str::to_string),
            profiles: v.get("profiles").and_then(Value::as_array).map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            }),
            errata: match v.get("errata").and_then(Value::as_object) {
                Some(m) => m
                    .iter()
                    .map(|(id, f)| Some((id.clone(), ErratumFit::from_value(f)?)))
                    .collect::<Option<_>>()?,
                None => BTreeMap::new(),
            },
            accuracy: match v.get("accuracy") {
                Some(a) => Some(Measured::from_value(a)?),
                None => None,
            },
        })
    }
}

/// The answer as the `result` object the implementation sent (without `type` and `seq`).
pub fn answer_value(answer: &Answer) -> Value {
    let line = ResultMsg {
        seq: 0,
        answer: answer.clone(),
    }
    .to_line();
    let mut v: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v {
        m.shift_remove("type");
        m.shift_remove("seq");
    }
    v
}

/// The longest answer kept with a failure, in bytes of its JSON text (docs/certify.md).
pub const STORED_ANSWER: usize = 4096;

/// A failed answer as journal, report and terminal keep it: the `result` object (without
/// `type` and `seq`) with the implementation's text escaped ([`escape_controls`]); when its
/// compact JSON text is longer than [`STORED_ANSWER`] bytes, `{"truncated": true, "bytes",
/// "sha256", "head"}` instead: the text's size and SHA-256 and its first bytes.
pub fn stored_answer(answer: &Answer) -> Value {
    let value = answer_value(answer);
    let text = value.to_string();
    if text.len() <= STORED_ANSWER {
        return escaped(value);
    }
    let mut cut = STORED_ANSWER;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    json!({
        "truncated": true,
        "bytes": text.len(),
        "sha256": crate::vector::sha256_hex(text.as_bytes()),
        "head": escape_controls(&text[..cut]),
    })
}

/// A JSON value with control characters escaped in its strings and keys.
fn escaped(value: Value) -> Value {
    match value {
        Value::String(s) => Value::String(escape_controls(&s).into_owned()),
        Value::Array(items) => Value::Array(items.into_iter().map(escaped).collect()),
        Value::Object(m) => Value::Object(
            m.into_iter()
                .map(|(k, v)| (escape_controls(&k).into_owned(), escaped(v)))
                .collect(),
        ),
        other => other,
    }
}

/// The outcome a state or error answer stands for (`None` for `unsupported`).
pub fn outcome_of(answer: Answer) -> Option<Outcome> {
    match answer {
        Answer::State(observed) => Some(Outcome::Ok(observed)),
        Answer::Error { class, message } => Some(Outcome::Error(VisaError::new(class, message))),
        Answer::Unsupported(_) => None,
    }
}

/// [`grade`], with the accuracy of an answer to an approximated math case measured
/// ([`super::accuracy::measure`]).
pub fn grade_measured(prepared: &Prepared, reply: Reply) -> Graded {
    let outcome = match &reply {
        Reply::Answer(a @ (Answer::State(_) | Answer::Error { .. }))
            if measurable(&prepared.instruction) =>
        {
            outcome_of(a.clone())
        }
        _ => None,
    };
    let mut graded = grade(prepared, reply);
    if matches!(graded.status, Status::Pass | Status::Fail) {
        graded.accuracy = outcome.and_then(|o| measure(prepared, &o));
    }
    graded
}

/// Grades a reply to `prepared`: pass when the answer fits the case as it states its
/// readings, with the errata it discriminates ([`errata_fits`]). An answer that fits only
/// the other reading of an erratum is a failure here; [`settle`] decides, once the run is
/// graded, whether the implementation reads that erratum consistently enough to tolerate it.
pub fn grade(prepared: &Prepared, reply: Reply) -> Graded {
    let answer = match reply {
        Reply::Fault(fault, message) => return Graded::fault(fault, message),
        Reply::Answer(a) => a,
    };
    // A case whose expectation is `undefined-behaviour` (the documents, or the published
    // limits in force, leave it undefined: a block 2D surface outside BLOCK2D-LIMITS) takes
    // any answer: it is not graded.
    if prepared.expect == Expect::Error(ErrorClass::UndefinedBehaviour) {
        return Graded::skipped("undefined behaviour: any answer conforms".to_string());
    }
    // An error of class `unsupported` is the same answer, unless the case expects it: a
    // form the reference itself declines (a catalog row naming what is not modelled) is
    // answered alike when the implementation declines it too.
    let expects_unsupported = prepared.expect == Expect::Error(ErrorClass::Unsupported);
    let unsupported = match &answer {
        Answer::Unsupported(_) if expects_unsupported => return Graded::pass(),
        Answer::Unsupported(reason) => Some(reason.clone()),
        Answer::Error {
            class: ErrorClass::Unsupported,
            message,
        } if !expects_unsupported => Some(message.clone()),
        _ => None,
    };
    if let Some(reason) = unsupported {
        return Graded {
            status: Status::Unsupported,
            note: Some(echo(&reason)),
            ..Graded::pass()
        };
    }
    let Some(outcome) = outcome_of(answer) else {
        return Graded::pass();
    };
    let profiles = profile_fit(&prepared.case, &prepared.expect, &outcome);
    let passed = compare(&prepared.expect, &outcome).passed();
    let errata = errata_fits(prepared, &outcome, passed);
    if passed {
        return Graded {
            profiles,
            errata,
            ..Graded::pass()
        };
    }
    // Number the lanes of the difference.
    let (outcome, answer) = match outcome {
        Outcome::Ok(mut observed) => {
            observed.elt_size = prepared.elt_size.clone();
            let answer = Answer::State(observed.clone());
            (Outcome::Ok(observed), answer)
        }
        Outcome::Error(e) => {
            let answer = Answer::Error {
                class: e.class,
                message: e.message.clone(),
            };
            (Outcome::Error(e), answer)
        }
    };
    let mismatch = match compare(&prepared.expect, &outcome) {
        Verdict::Pass => return Graded::pass(),
        Verdict::Fail(m) => m,
    };
    Graded {
        status: Status::Fail,
        tolerated: None,
        failure: Some(FailureInfo {
            kind: "mismatch".into(),
            message: echo(&mismatch.to_string()),
            answer: Some(stored_answer(&answer)),
            diff: Diff::of(&mismatch),
        }),
        note: None,
        profiles,
        errata,
        accuracy: None,
    }
}

/// For each erratum `prepared` discriminates, the readings `outcome` fits; `fits_stated`
/// tells whether it fits the case's own expectation.
pub fn errata_fits(
    prepared: &Prepared,
    outcome: &Outcome,
    fits_stated: bool,
) -> BTreeMap<String, ErratumFit> {
    prepared
        .errata
        .iter()
        .map(|d| {
            let fits = [Reading::Literal, Reading::Resolved]
                .into_iter()
                .filter(|r| {
                    if *r == d.stated {
                        fits_stated
                    } else {
                        compare(&d.other, outcome).passed()
                    }
                })
                .collect();
            (
                d.id.to_string(),
                ErratumFit {
                    stated: d.stated,
                    fits,
                },
            )
        })
        .collect()
}

/// How an implementation reads an erratum: the reading every answer that discriminates it
/// fits, the reading each case states, or neither consistently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadingVerdict {
    /// Every discriminating answer fits this reading.
    Reads(Reading),
    /// Every discriminating answer fits the reading its case states (cases state both).
    AsStated,
    /// Some answers fit one reading and some the other, or some fit neither.
    Mixed,
}

impl ReadingVerdict {
    pub fn as_str(self) -> &'static str {
        match self {
            ReadingVerdict::Reads(Reading::Literal) => "literal",
            ReadingVerdict::Reads(Reading::Resolved) => "resolved",
            ReadingVerdict::AsStated => "as-stated",
            ReadingVerdict::Mixed => "mixed",
        }
    }

    pub fn parse(s: &str) -> Option<ReadingVerdict> {
        match s {
            "literal" => Some(ReadingVerdict::Reads(Reading::Literal)),
            "resolved" => Some(ReadingVerdict::Reads(Reading::Resolved)),
            "as-stated" => Some(ReadingVerdict::AsStated),
            "mixed" => Some(ReadingVerdict::Mixed),
            _ => None,
        }
    }
}

/// One answer that fits only the reading its case does not state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffReading {
    pub id: String,
    pub instruction: String,
    pub platform: String,
    /// The reading the answer fits.
    pub reading: Reading,
    /// Whether the report counts it as a tolerated pass.
    pub tolerated: bool,
}

/// The answers of a run (or of merged shards) that discriminate one erratum.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErratumReading {
    pub discriminating: usize,
    /// Answers fitting the literal reading.
    pub literal: usize,
    /// Answers fitting the resolved reading.
    pub resolved: usize,
    /// Answers fitting the reading their case states.
    pub stated: usize,
    /// Answers fitting neither reading.
    pub neither: usize,
    /// The answers that fit only the reading their case does not state.
    pub off: Vec<OffReading>,
}

impl ErratumReading {
    /// Counts one answer.
    pub fn add(&mut self, fit: &ErratumFit) {
        self.discriminating += 1;
        self.literal += usize::from(fit.fits.contains(&Reading::Literal));
        self.resolved += usize::from(fit.fits.contains(&Reading::Resolved));
        self.stated += usize::from(fit.fits.contains(&fit.stated));
        self.neither += usize::from(fit.fits.is_empty());
    }

    /// Joins the counts of another part of the same campaign.
    pub fn join(&mut self, o: &ErratumReading) {
        self.discriminating += o.discriminating;
        self.literal += o.literal;
        self.resolved += o.resolved;
        self.stated += o.stated;
        self.neither += o.neither;
        self.off.extend(o.off.iter().cloned());
    }

    pub fn verdict(&self) -> ReadingVerdict {
        let n = self.discriminating;
        if self.literal == n {
            ReadingVerdict::Reads(Reading::Literal)
        } else if self.resolved == n {
            ReadingVerdict::Reads(Reading::Resolved)
        } else if self.stated == n {
            ReadingVerdict::AsStated
        } else {
            ReadingVerdict::Mixed
        }
    }

    /// Whether an answer fitting only `reading`, not its case's, is tolerated.
    pub fn tolerates(&self, reading: Reading) -> bool {
        self.verdict() == ReadingVerdict::Reads(reading)
    }
}

impl fmt::Display for ErratumReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.discriminating;
        match self.verdict() {
            ReadingVerdict::Reads(r) => write!(f, "reads {r} on {n} of {n} discriminating cases"),
            ReadingVerdict::AsStated => {
                write!(f, "reads each case's stated reading on {n} of {n} discriminating cases")
            }
            ReadingVerdict::Mixed => write!(
                f,
                "mixed: failures ({} literal, {} resolved, {} neither, of {n} discriminating cases)",
                self.literal, self.resolved, self.neither
            ),
        }
    }
}

/// The errata readings of graded results: erratum id -> the answers that discriminate it.
/// `case_of(i)` names result `i`'s case: (id, instruction, platform).
pub fn errata_readings<'a>(
    results: impl Iterator<Item = (usize, &'a Graded)>,
    case_of: impl Fn(usize) -> (String, String, String),
) -> BTreeMap<String, ErratumReading> {
    let mut out: BTreeMap<String, ErratumReading> = BTreeMap::new();
    for (i, g) in results {
        for (id, fit) in &g.errata {
            let r = out.entry(id.clone()).or_default();
            r.add(fit);
            if let Some(reading) = fit.off_reading() {
                let (id, instruction, platform) = case_of(i);
                r.off.push(OffReading {
                    id,
                    instruction,
                    platform,
                    reading,
                    tolerated: false,
                });
            }
        }
    }
    out
}

/// The final grade of `g` given the run's errata readings: a mismatch that fits only the other
/// reading of an erratum the implementation reads that way on every discriminating case is a
/// pass, noted with the erratum (never under `strict`); one the implementation reads
/// inconsistently stays a failure, its message saying why.
pub fn settle(g: &Graded, readings: &BTreeMap<String, ErratumReading>, strict: bool) -> Graded {
    if g.kind() != Some("mismatch") {
        return g.clone();
    }
    let off: Vec<(&String, Reading)> = g
        .errata
        .iter()
        .filter_map(|(id, fit)| Some((id, fit.off_reading()?)))
        .collect();
    if !strict {
        let consistent = off
            .iter()
            .find(|(id, r)| readings.get(*id).is_some_and(|e| e.tolerates(*r)));
        if let Some((id, reading)) = consistent {
            return Graded {
                status: Status::Pass,
                tolerated: Some(((*id).clone(), *reading)),
                failure: None,
                ..g.clone()
            };
        }
    }
    let mut g = g.clone();
    if let (Some(f), Some((id, reading))) = (&mut g.failure, off.first()) {
        let why = match readings.get(*id) {
            _ if strict => "--strict-errata".to_string(),
            Some(r) => format!("its reading over the run is {r}"),
            None => "no reading verdict".to_string(),
        };
        f.message.push_str(&format!(
            " (fits the {reading} reading of {id}, not tolerated: {why})"
        ));
    }
    g
}

/// The numeric profiles (docs/dpas.md) whose result a state answer to a float DPAS case
/// matches, at the places the case's expectation names; `None` for other cases, for cases
/// that pin a profile and for error answers. Each profile's result comes from the oracle,
/// which is bit-exact with the spec under every profile and fast enough to try all of them;
/// a NaN it writes accepts any NaN, as in the vectors ([`free_nans`]).
pub fn profile_fit(case: &Case, expect: &Expect, outcome: &Outcome) -> Option<Vec<String>> {
    if case.profile.is_some()
        || !matches!(outcome, Outcome::Ok(_))
        || float_dpas_destination(case).is_none()
    {
        return None;
    }
    let mut run = case.clone();
    run.expect = None;
    let fits = DpasProfile::all()
        .into_iter()
        .filter(|profile| {
            run.profile = Some(profile.to_string());
            let at = free_nans(
                &run,
                restricted(expect_of(run_case(&run, EngineKind::Oracle)), expect),
            );
            compare(&at, outcome).passed()
        })
        .map(|p| p.to_string())
        .collect();
    Some(fits)
}

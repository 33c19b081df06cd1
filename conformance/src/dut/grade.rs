//! Grading an implementation's reply to one case.
//!
//! A state or error answer is compared with the case's expectation ([`compare`]). When it
//! differs and the grading is errata-tolerant (the default), the answer still passes if it
//! matches the case under the other reading of one executable erratum of the ledger: the
//! expectation is recomputed by the spec engine with that erratum flipped, for the errata
//! whose flip changes the expectation. Only failing answers pay for this. The pass is noted
//! with the erratum and the reading the answer fits. A reading that leaves undefined some
//! byte the case defines is not one an answer can fit, and is not considered. With
//! `--strict-errata` only the readings the case states count.
//!
//! Float DPAS numeric profiles: for a float DPAS case that does not pin a profile, every
//! state answer is also checked against each profile's result ([`profile_fit`]); the report
//! counts, per profile, the answers it fits.

use serde_json::{json, Map, Value};
use visa_spec::errata::{Reading, LEDGER};
use visa_spec::error::{ErrorClass, VisaError};

use super::cases::Prepared;
use super::protocol::{Answer, ResultMsg};
use super::runner::{Fault, Reply};
use crate::case::{compare, Mismatch, Outcome, Verdict};
use crate::case::{run_case, EngineKind};
use crate::golden::{expect_of, float_dpas_destination, free_nans, with_expect};
use crate::vector::{Case, Expect};
use visa_spec::profile::DpasProfile;

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
    /// `not-run`.
    pub kind: String,
    pub message: String,
    /// The answer as the implementation gave it (a `result` object), when there is one.
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
}

impl Graded {
    pub fn pass() -> Graded {
        Graded {
            status: Status::Pass,
            tolerated: None,
            failure: None,
            note: None,
            profiles: None,
        }
    }

    pub fn skipped(note: String) -> Graded {
        Graded {
            status: Status::Skipped,
            tolerated: None,
            failure: None,
            note: Some(note),
            profiles: None,
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

/// The outcome a state or error answer stands for (`None` for `unsupported`).
pub fn outcome_of(answer: Answer) -> Option<Outcome> {
    match answer {
        Answer::State(observed) => Some(Outcome::Ok(observed)),
        Answer::Error { class, message } => Some(Outcome::Error(VisaError::new(class, message))),
        Answer::Unsupported(_) => None,
    }
}

/// Grades a reply to `prepared`.
pub fn grade(prepared: &Prepared, reply: Reply, strict: bool) -> Graded {
    let answer = match reply {
        Reply::Fault(fault, message) => return Graded::fault(fault, message),
        Reply::Answer(a) => a,
    };
    // An error of class `unsupported` is the same answer, unless the case expects it.
    let unsupported = match &answer {
        Answer::Unsupported(reason) => Some(reason.clone()),
        Answer::Error {
            class: ErrorClass::Unsupported,
            message,
        } if prepared.expect != Expect::Error(ErrorClass::Unsupported) => Some(message.clone()),
        _ => None,
    };
    if let Some(reason) = unsupported {
        return Graded {
            status: Status::Unsupported,
            tolerated: None,
            failure: None,
            note: Some(reason),
            profiles: None,
        };
    }
    let Some(outcome) = outcome_of(answer) else {
        return Graded::pass();
    };
    let profiles = profile_fit(&prepared.case, &prepared.expect, &outcome);
    if compare(&prepared.expect, &outcome).passed() {
        return Graded {
            profiles,
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
    if !strict {
        if let Some((id, reading)) = tolerated(&prepared.case, &prepared.expect, &outcome) {
            return Graded {
                tolerated: Some((id.to_string(), reading)),
                profiles,
                ..Graded::pass()
            };
        }
    }
    Graded {
        status: Status::Fail,
        tolerated: None,
        failure: Some(FailureInfo {
            kind: "mismatch".into(),
            message: mismatch.to_string(),
            answer: Some(answer_value(&answer)),
            diff: Diff::of(&mismatch),
        }),
        note: None,
        profiles,
    }
}

/// The expectation of `case` restricted to the places `like` names.
fn restricted(expect: Expect, like: &Expect) -> Expect {
    match (expect, like) {
        (Expect::State(mut s), Expect::State(l)) => {
            s.vars.retain(|k, _| l.vars.contains_key(k));
            s.preds.retain(|k, _| l.preds.contains_key(k));
            Expect::State(s)
        }
        (e, _) => e,
    }
}

/// Whether `alt` leaves undefined (`??`) a byte that `expect` defines: such a reading
/// accepts any value there, so an answer cannot be said to follow it.
fn looser(alt: &Expect, expect: &Expect) -> bool {
    let (Expect::State(a), Expect::State(e)) = (alt, expect) else {
        return false;
    };
    let loose = |a: &crate::vector::Allowed, e: &crate::vector::Allowed| {
        a.patterns().iter().any(|pa| {
            e.patterns().iter().any(|pe| {
                pa.0.iter()
                    .zip(&pe.0)
                    .any(|(x, y)| x.is_none() && y.is_some())
            })
        })
    };
    a.vars
        .iter()
        .any(|(k, v)| e.vars.get(k).is_some_and(|ev| loose(v, ev)))
        || a.mem
            .iter()
            .zip(&e.mem)
            .any(|(am, em)| loose(&am.bytes, &em.bytes))
}

/// The executable erratum (and the reading) under whose other reading `outcome` matches
/// `case`, if any. Readings that leave bytes undefined which the case defines (the literal
/// reading of DST-CHANNEL-INDEX makes a whole destination undefined) are not considered.
pub fn tolerated(
    case: &Case,
    expect: &Expect,
    outcome: &Outcome,
) -> Option<(&'static str, Reading)> {
    let readings = case.readings().ok()?;
    for e in LEDGER.iter().filter(|e| e.executable) {
        let flipped = match readings.reading(e.id) {
            Reading::Literal => Reading::Resolved,
            Reading::Resolved => Reading::Literal,
        };
        let mut alt = case.clone();
        alt.expect = None;
        alt.errata.insert(e.id.to_string(), flipped);
        let Ok(Some(alt_expect)) = with_expect(alt).map(|c| c.expect) else {
            continue;
        };
        let alt_expect = restricted(alt_expect, expect);
        if alt_expect != *expect
            && !looser(&alt_expect, expect)
            && compare(&alt_expect, outcome).passed()
        {
            return Some((e.id, flipped));
        }
    }
    None
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

//! The accuracy report of a certification run (docs/certify.md, "Accuracy report"): for
//! the approximated math instructions (INV, LOG, EXP, SQRT, RSQRT, SIN, COS, POW), how far
//! the implementation's answers lie from the exact value of the function, and which
//! accuracy contracts (`visa_model::contract`) they fit.
//!
//! Each state answer to a one-instruction case of such an instruction is measured lane by
//! lane ([`measure`]): the error of the answer's element against the exact function value
//! at the channel's inputs, in ulps of the destination type and absolutely, by spec's exact
//! core (`elementary::error_in_ulps`). Lanes whose correctly rounded result is a special
//! value (a NaN, an infinity, a zero) or whose input is one are not measured in ulps; the
//! contracts still judge them through the expectation: an exact special result is compared
//! bit for bit, an inexact one (an underflow to zero, an overflow to infinity) has its
//! interval like any inexact result. Under `.sat` or ALT mode only the contracts are judged,
//! not the error (the destination maps the results).
//!
//! A contract fits an answer when the answer passes the case's expectation widened to that
//! contract's intervals instead of the default's, detected like the float DPAS profiles.
//! The report ([`AccuracyCell`]) keeps, per function, type and platform, the lanes measured,
//! the largest error in ulps and the largest absolute error with the lane that gave each,
//! and per contract the answers it fits.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};
use visa_model::contract::{Contract, MathFn};
use visa_spec::num::elementary::{error_in_ulps, evaluate};
use visa_spec::num::{ExactFloat, FloatFormat, Rounding};

use super::cases::Prepared;
use crate::case::{compare, Outcome};
use crate::expect::contract::{
    core, math_site, narrow, pinned, to_f64, widen_math, Channel, FloatInsn,
};

/// One measured lane: its error and where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Error in ulps of the destination type at the exact value (infinite for a NaN or an
    /// infinity where a number is exact).
    pub ulps: f64,
    /// |answer - exact|.
    pub absolute: f64,
    pub case: String,
    /// The destination element.
    pub element: usize,
    /// The channel's inputs as the instruction reads them, in decimal.
    pub inputs: Vec<String>,
    /// The answer's element and the correctly rounded result, as hex bits.
    pub got: String,
    pub exact: String,
}

impl Sample {
    fn to_value(&self) -> Value {
        json!({
            "ulps": finite_or_null(self.ulps),
            "absolute": finite_or_null(self.absolute),
            "case": self.case,
            "element": self.element,
            "inputs": self.inputs,
            "got": self.got,
            "exact": self.exact,
        })
    }

    fn from_value(v: &Value) -> Option<Sample> {
        Some(Sample {
            ulps: error_of(v.get("ulps")?)?,
            absolute: error_of(v.get("absolute")?)?,
            case: v.get("case")?.as_str()?.to_string(),
            element: usize::try_from(v.get("element")?.as_u64()?).ok()?,
            inputs: v
                .get("inputs")?
                .as_array()?
                .iter()
                .map(|s| s.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
            got: v.get("got")?.as_str()?.to_string(),
            exact: v.get("exact")?.as_str()?.to_string(),
        })
    }

    /// Where the error was, for the terminal: `at INPUTS (case ID)`.
    fn place(&self) -> String {
        format!(
            "at {} ({}, element {}: got {}, correctly rounded {})",
            self.inputs.join(", "),
            self.case,
            self.element,
            self.got,
            self.exact
        )
    }
}

/// JSON has no infinity: an infinite error is written `null`.
fn finite_or_null(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        Value::Null
    }
}

fn error_of(v: &Value) -> Option<f64> {
    match v {
        Value::Null => Some(f64::INFINITY),
        v => v.as_f64(),
    }
}

/// The larger of two samples by `key` (the first on a tie).
fn larger(a: Option<Sample>, b: Option<&Sample>, key: fn(&Sample) -> f64) -> Option<Sample> {
    match (a, b) {
        (Some(a), Some(b)) if key(b) > key(&a) => Some(b.clone()),
        (None, Some(b)) => Some(b.clone()),
        (a, _) => a,
    }
}

/// What one answer measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The instruction's mnemonic and destination type.
    pub function: String,
    pub ty: String,
    /// Lanes whose error was measured, and those of them whose answer is not the correctly
    /// rounded result.
    pub lanes: usize,
    pub differ: usize,
    pub worst_ulps: Option<Sample>,
    pub worst_absolute: Option<Sample>,
    /// The contracts that bound the function at this type, and those the answer fits.
    pub bounded: Vec<String>,
    pub fits: Vec<String>,
}

impl Measured {
    pub fn to_value(&self) -> Value {
        json!({
            "function": self.function,
            "type": self.ty,
            "lanes": self.lanes,
            "differ": self.differ,
            "worst_ulps": self.worst_ulps.as_ref().map(Sample::to_value),
            "worst_absolute": self.worst_absolute.as_ref().map(Sample::to_value),
            "bounded": self.bounded,
            "fits": self.fits,
        })
    }

    pub fn from_value(v: &Value) -> Option<Measured> {
        let sample = |k: &str| match v.get(k)? {
            Value::Null => Some(None),
            s => Sample::from_value(s).map(Some),
        };
        let names = |k: &str| -> Option<Vec<String>> {
            v.get(k)?
                .as_array()?
                .iter()
                .map(|s| s.as_str().map(str::to_string))
                .collect()
        };
        Some(Measured {
            function: v.get("function")?.as_str()?.to_string(),
            ty: v.get("type")?.as_str()?.to_string(),
            lanes: usize::try_from(v.get("lanes")?.as_u64()?).ok()?,
            differ: usize::try_from(v.get("differ")?.as_u64()?).ok()?,
            worst_ulps: sample("worst_ulps")?,
            worst_absolute: sample("worst_absolute")?,
            bounded: names("bounded")?,
            fits: names("fits")?,
        })
    }
}

/// Whether a case of this instruction (lower-case mnemonic) can be measured.
pub fn measurable(instruction: &str) -> bool {
    MathFn::ALL.iter().any(|f| f.name() == instruction)
}

/// The accuracy of a state answer to an approximated math case; `None` for other cases
/// and answers.
pub fn measure(prepared: &Prepared, outcome: &Outcome) -> Option<Measured> {
    let Outcome::Ok(observed) = outcome else {
        return None;
    };
    if !measurable(&prepared.instruction) {
        return None;
    }
    let math = math_site(&prepared.case)?;
    let (f, site) = (math.f, &math.insn);
    let format = FloatFormat::of(site.ty)?;
    let exact = narrow(prepared.expect.clone());
    let crate::vector::Expect::State(state) = &exact else {
        return None;
    };
    let base = state.vars.get(&site.var)?.patterns().first()?.clone();
    let got_bytes = observed.vars.get(&site.var)?;
    let size = site.ty.size();
    let hex = |bits: u64| format!("0x{bits:0width$x}", width = size * 2);
    let mut m = Measured {
        function: prepared.instruction.clone(),
        ty: site.ty.text().to_string(),
        lanes: 0,
        differ: 0,
        worst_ulps: None,
        worst_absolute: None,
        bounded: Vec::new(),
        fits: Vec::new(),
    };
    let special = |v: &ExactFloat| v.is_nan() || v.is_inf() || v.is_zero();
    let measured = !site.sat && !site.mode.alt_f;
    for channel in site.channels.iter().filter(|_| measured) {
        let at = channel.element * size;
        let (Some(want), Some(got)) = (pinned(&base, at, size), element(got_bytes, at, size))
        else {
            continue;
        };
        let r = format.decode(want);
        if special(&r) || channel.args.iter().any(special) || overflows(f, site, channel, &r) {
            continue;
        }
        let g = format.decode(got);
        let (ulps, absolute) = if g.is_nan() || g.is_inf() {
            (f64::INFINITY, f64::INFINITY)
        } else {
            match error_in_ulps(core(f), &channel.args, &g, format) {
                Ok(e) => (e.ulps, e.absolute),
                Err(_) => continue,
            }
        };
        m.lanes += 1;
        m.differ += usize::from(got != want);
        let sample = Sample {
            ulps,
            absolute,
            case: prepared.id.clone(),
            element: channel.element,
            inputs: channel.args.iter().map(|a| decimal(to_f64(a))).collect(),
            got: hex(got),
            exact: hex(want),
        };
        m.worst_ulps = larger(m.worst_ulps.take(), Some(&sample), |s| s.ulps);
        m.worst_absolute = larger(m.worst_absolute.take(), Some(&sample), |s| s.absolute);
    }
    // The correctly rounded answer fits every contract; another one is judged against each.
    let exact_answer = compare(&exact, outcome).passed();
    for contract in Contract::ALL {
        if contract.bound(f, site.ty).is_none() {
            continue;
        }
        m.bounded.push(contract.name().to_string());
        if exact_answer
            || compare(
                &widen_math(&prepared.case, exact.clone(), contract),
                outcome,
            )
            .passed()
        {
            m.fits.push(contract.name().to_string());
        }
    }
    Some(m)
}

/// Whether a channel's correctly rounded result is the largest finite value because the
/// exact value overflows the format (a directed rounding): IEEE 754 fixes that result, so
/// there is no approximation to measure.
fn overflows(f: MathFn, site: &FloatInsn, channel: &Channel, r: &ExactFloat) -> bool {
    let Some(format) = FloatFormat::of(site.ty) else {
        return false;
    };
    if *r != format.largest_finite(r.negative()) {
        return false;
    }
    evaluate(core(f), &channel.args, format, Rounding::Rtne).is_ok_and(|v| v.is_inf())
}

/// The little-endian element of `size` bytes at `at`.
fn element(bytes: &[u8], at: usize, size: usize) -> Option<u64> {
    let b = bytes.get(at..at + size)?;
    Some(b.iter().rev().fold(0u64, |v, &x| v << 8 | u64::from(x)))
}

/// A number as the report shows it: plain between 10^-4 and 10^7, else in exponent form.
fn decimal(x: f64) -> String {
    if x == 0.0 || (1e-4..1e7).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// The accuracy of one function at one type on one platform, over a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AccuracyCell {
    /// Answers measured, and lanes.
    pub cases: usize,
    pub lanes: usize,
    /// Lanes whose answer is not the correctly rounded result.
    pub differ: usize,
    pub worst_ulps: Option<Sample>,
    pub worst_absolute: Option<Sample>,
    /// The contracts that bound the function at this type.
    pub bounded: BTreeSet<String>,
    /// Contract -> the answers it fits.
    pub fits: BTreeMap<String, usize>,
}

impl AccuracyCell {
    /// The cell of one answer.
    pub fn of(m: &Measured) -> AccuracyCell {
        AccuracyCell {
            cases: 1,
            lanes: m.lanes,
            differ: m.differ,
            worst_ulps: m.worst_ulps.clone(),
            worst_absolute: m.worst_absolute.clone(),
            bounded: m.bounded.iter().cloned().collect(),
            fits: m.fits.iter().map(|c| (c.clone(), 1)).collect(),
        }
    }

    /// Adds one answer (a run's counts stay far below 2^64).
    pub fn add(&mut self, m: &Measured) {
        let _ = self.join(&AccuracyCell::of(m));
    }

    /// Joins another shard's cell; `None` when a count overflows.
    pub fn join(&mut self, o: &AccuracyCell) -> Option<()> {
        self.cases = self.cases.checked_add(o.cases)?;
        self.lanes = self.lanes.checked_add(o.lanes)?;
        self.differ = self.differ.checked_add(o.differ)?;
        self.worst_ulps = larger(self.worst_ulps.take(), o.worst_ulps.as_ref(), |s| s.ulps);
        self.worst_absolute = larger(self.worst_absolute.take(), o.worst_absolute.as_ref(), |s| {
            s.absolute
        });
        self.bounded.extend(o.bounded.iter().cloned());
        for (c, n) in &o.fits {
            let e = self.fits.entry(c.clone()).or_default();
            *e = e.checked_add(*n)?;
        }
        Some(())
    }

    /// The contracts every answer of the cell fits.
    pub fn met(&self) -> Vec<String> {
        self.bounded
            .iter()
            .filter(|c| self.fits.get(*c).copied().unwrap_or(0) == self.cases)
            .cloned()
            .collect()
    }

    pub fn to_value(&self, key: &(String, String, String)) -> Value {
        json!({
            "function": key.0,
            "type": key.1,
            "platform": key.2,
            "cases": self.cases,
            "lanes": self.lanes,
            "differ": self.differ,
            "worst_ulps": self.worst_ulps.as_ref().map(Sample::to_value),
            "worst_absolute": self.worst_absolute.as_ref().map(Sample::to_value),
            "bounded": self.bounded,
            "fits": self.fits,
            "met": self.met(),
        })
    }

    /// Reads a cell of `report.json`; the error names the field at fault.
    pub fn from_value(
        v: &Value,
        field: &str,
    ) -> Result<((String, String, String), AccuracyCell), String> {
        let text = |k: &str| {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or(format!("{field}.{k}: missing or not a string"))
        };
        let count = |k: &str| {
            v.get(k)
                .and_then(Value::as_u64)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or(format!("{field}.{k}: missing or not a count"))
        };
        let sample = |k: &str| match v.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(s) => Sample::from_value(s)
                .map(Some)
                .ok_or(format!("{field}.{k}: not a measured lane")),
        };
        let bounded = v
            .get("bounded")
            .and_then(Value::as_array)
            .and_then(|a| {
                a.iter()
                    .map(|s| s.as_str().map(str::to_string))
                    .collect::<Option<BTreeSet<_>>>()
            })
            .ok_or(format!("{field}.bounded: not an array of contract names"))?;
        let fits = v
            .get("fits")
            .and_then(Value::as_object)
            .and_then(|m| {
                m.iter()
                    .map(|(k, n)| Some((k.clone(), usize::try_from(n.as_u64()?).ok()?)))
                    .collect::<Option<BTreeMap<_, _>>>()
            })
            .ok_or(format!("{field}.fits: not an object of counts"))?;
        let key = (text("function")?, text("type")?, text("platform")?);
        Ok((
            key,
            AccuracyCell {
                cases: count("cases")?,
                lanes: count("lanes")?,
                differ: count("differ")?,
                worst_ulps: sample("worst_ulps")?,
                worst_absolute: sample("worst_absolute")?,
                bounded,
                fits,
            },
        ))
    }

    /// One line of the terminal report.
    pub fn line(&self, key: &(String, String, String)) -> String {
        let (f, ty, platform) = key;
        let mut s = format!(
            "{f} {ty} on {platform}: {} answers, {} lanes measured, {} not correctly rounded",
            self.cases, self.lanes, self.differ
        );
        if let Some(w) = &self.worst_ulps {
            s.push_str(&format!("; largest {} ulp {}", error(w.ulps), w.place()));
        }
        if let Some(w) = &self.worst_absolute {
            if self.worst_ulps.as_ref() != Some(w) {
                s.push_str(&format!(
                    "; largest absolute {} {}",
                    error(w.absolute),
                    w.place()
                ));
            } else {
                s.push_str(&format!(" (absolute {})", error(w.absolute)));
            }
        }
        let met = self.met();
        let not: Vec<&String> = self.bounded.iter().filter(|c| !met.contains(c)).collect();
        s.push_str(&format!(
            "; meets {}",
            if met.is_empty() {
                "no contract".to_string()
            } else {
                met.join(", ")
            }
        ));
        if !not.is_empty() {
            let list: Vec<String> = not
                .iter()
                .map(|c| {
                    format!(
                        "{c} ({} of {})",
                        self.fits.get(*c).copied().unwrap_or(0),
                        self.cases
                    )
                })
                .collect();
            s.push_str(&format!("; not {}", list.join(", ")));
        }
        s
    }
}

/// An error as the terminal shows it.
fn error(x: f64) -> String {
    if !x.is_finite() {
        "inf".to_string()
    } else if x == 0.0 || (1e-3..1e4).contains(&x) {
        format!("{x:.3}")
    } else {
        format!("{x:.3e}")
    }
}

/// The contracts every measured answer of a run fits, over the cells that each bounds.
pub fn met_everywhere(cells: &BTreeMap<(String, String, String), AccuracyCell>) -> Vec<String> {
    Contract::ALL
        .iter()
        .map(|c| c.name().to_string())
        .filter(|c| {
            let mut bounding = cells.values().filter(|cell| cell.bounded.contains(c));
            let mut any = false;
            bounding.all(|cell| {
                any = true;
                cell.fits.get(c).copied().unwrap_or(0) == cell.cases
            }) && any
        })
        .collect()
}

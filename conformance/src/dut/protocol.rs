//! The `visa-dut/1` protocol: JSON lines between the runner (`visa-conform certify`) and an
//! implementation under test (docs/protocol.md, JSON Schemas `docs/visa-dut-1.*.schema.json`).
//!
//! The runner writes requests on the implementation's stdin, one JSON object per line; the
//! implementation answers on its stdout, one line per request, in request order:
//!
//! - `{"type":"hello","protocol":"visa-dut/1",...}` is answered by a [`Hello`] naming what the
//!   implementation offers (platforms, instructions, numeric profiles, errata readings);
//! - `{"type":"run","seq":N,"case":{...},"observe":{...}}` carries a `visa-vector/1` case
//!   without `expect` and is answered by a [`ResultMsg`] with the same `seq`: the observed
//!   state, an error class, or `unsupported`.
//!
//! Writers here build lines by hand (the runner sends tens of thousands of them per second);
//! readers are strict about what they need and ignore keys they do not know, so the protocol
//! can grow within its major version.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Deserialize;
use serde_json::{Map, Value};
use visa_model::errata::{self, Reading};
use visa_model::error::ErrorClass;
use visa_model::platform::Platform;

use crate::case::Observed;
use crate::input::{clip, clip_message, cut, parse_json, JsonError, MAX_LINE_BYTES};
use crate::vector::{hex, Case, Expect, MemRegion};

/// The protocol this runner speaks: `visa-dut/<major>`.
pub const PROTOCOL: &str = "visa-dut/1";

/// The `hello` the runner sends first.
pub fn runner_hello() -> String {
    format!(
        "{{\"type\":\"hello\",\"protocol\":\"{PROTOCOL}\",\"runner\":\"visa-conform {}\"}}\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// What an implementation offers, from its answer to `hello`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    /// `{"name": ..., "version": ...}` or anything the implementation sends as
    /// `implementation`, kept for the report.
    pub implementation: Value,
    pub platforms: Vec<Platform>,
    /// Lower-case mnemonics (`add`, `bfe`).
    pub instructions: Vec<String>,
    /// Numeric profiles the implementation can execute (none are defined yet).
    pub profiles: Vec<String>,
    /// Readings the implementation executes per erratum when a case pins one; an erratum it
    /// does not list is executed at its resolved reading only.
    pub errata: BTreeMap<String, Vec<Reading>>,
    /// What the implementation can run beyond one-thread cases: [`LAUNCH`] (launch cases).
    pub capabilities: Vec<String>,
}

/// The capability of running launch cases: a kernel over an NDRange of work-groups
/// (docs/protocol.md, "Launch cases").
pub const LAUNCH: &str = "launch";

impl Hello {
    /// Whether the implementation runs launch cases.
    pub fn runs_launches(&self) -> bool {
        self.capabilities.iter().any(|c| c == LAUNCH)
    }

    /// Whether the implementation executes `id` at `reading`.
    pub fn offers_reading(&self, id: &str, reading: Reading) -> bool {
        reading == Reading::Resolved
            || self
                .errata
                .get(id)
                .is_some_and(|readings| readings.contains(&reading))
    }

    /// The hello line an implementation writes.
    pub fn to_line(&self) -> String {
        let mut m = Map::new();
        m.insert("type".into(), "hello".into());
        m.insert("protocol".into(), PROTOCOL.into());
        m.insert("implementation".into(), self.implementation.clone());
        m.insert(
            "platforms".into(),
            self.platforms
                .iter()
                .map(|p| Value::from(p.name()))
                .collect(),
        );
        m.insert("instructions".into(), self.instructions.clone().into());
        m.insert("profiles".into(), self.profiles.clone().into());
        let errata = self.errata.iter().map(|(id, readings)| {
            let r: Vec<Value> = readings.iter().map(|r| Value::from(r.as_str())).collect();
            (id.clone(), Value::Array(r))
        });
        m.insert("errata".into(), Value::Object(errata.collect()));
        if !self.capabilities.is_empty() {
            m.insert("capabilities".into(), self.capabilities.clone().into());
        }
        let mut line = Value::Object(m).to_string();
        line.push('\n');
        line
    }

    /// Reads an implementation's hello. Platforms and errata the runner does not know are
    /// errors (a typo must not silently skip cases); unknown keys are ignored.
    pub fn from_line(line: &[u8]) -> Result<Hello, String> {
        let value = parse_json(line)
            .map_err(|e| format!("the hello answer is not JSON ({e}): {}", preview(line)))?;
        let m = value
            .as_object()
            .ok_or_else(|| format!("the hello answer is not an object: {}", preview(line)))?;
        if m.get("type").and_then(Value::as_str) != Some("hello") {
            return Err(format!("expected a `hello` answer, got: {}", preview(line)));
        }
        match m.get("protocol").and_then(Value::as_str) {
            Some(PROTOCOL) => {}
            Some(other) => {
                return Err(format!(
                    "the implementation speaks `{other}`; this runner speaks `{PROTOCOL}`"
                ))
            }
            None => return Err("the hello answer has no `protocol` string".to_string()),
        }
        let strings = |key: &str| -> Result<Vec<String>, String> {
            match m.get(key) {
                None | Some(Value::Null) => Ok(Vec::new()),
                Some(Value::Array(items)) => items
                    .iter()
                    .map(|v| {
                        v.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| format!("hello.{key}: every item must be a string"))
                    })
                    .collect(),
                Some(_) => Err(format!("hello.{key} must be an array of strings")),
            }
        };
        let platforms = strings("platforms")?
            .iter()
            .map(|p| {
                p.parse::<Platform>()
                    .map_err(|e| format!("hello.platforms: {}", clip_message(&e.to_string())))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let instructions = strings("instructions")?
            .into_iter()
            .map(|s| s.to_ascii_lowercase())
            .collect();
        let profiles = strings("profiles")?;
        let capabilities = strings("capabilities")?;
        let mut errata_map = BTreeMap::new();
        match m.get("errata") {
            None | Some(Value::Null) => {}
            Some(Value::Object(e)) => {
                for (id, readings) in e {
                    if errata::lookup(id).is_none() {
                        return Err(format!("hello.errata: unknown erratum `{}`", clip(id)));
                    }
                    let list = readings
                        .as_array()
                        .ok_or_else(|| format!("hello.errata.{id} must be an array"))?;
                    let parsed = list
                        .iter()
                        .map(|r| {
                            r.as_str().and_then(Reading::parse).ok_or_else(|| {
                                format!(
                                    "hello.errata.{id}: readings are \"literal\" or \"resolved\""
                                )
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    errata_map.insert(id.clone(), parsed);
                }
            }
            Some(_) => return Err("hello.errata must be an object".to_string()),
        }
        Ok(Hello {
            implementation: m.get("implementation").map_or(Value::Null, clip_strings),
            platforms,
            instructions,
            profiles,
            errata: errata_map,
            capabilities,
        })
    }
}

/// `v` with every string (and object key) cut to a bounded length: the `implementation` of
/// a hello is echoed in every report and summary.
fn clip_strings(v: &Value) -> Value {
    match v {
        Value::String(s) => Value::String(clip(s).into_owned()),
        Value::Array(items) => Value::Array(items.iter().map(clip_strings).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (clip(k).into_owned(), clip_strings(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The most bytes a `run` request may ask to observe in memory, over all its `observe.mem`
/// regions (16 MiB: what a vector line can expect, see [`MAX_LINE_BYTES`]).
pub const MAX_OBSERVE_MEM_BYTES: u64 = MAX_LINE_BYTES as u64;

/// The state a `run` request asks for: the places the case's expectation names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observe {
    pub vars: Vec<String>,
    pub preds: Vec<String>,
    /// (space, address, length in bytes).
    pub mem: Vec<(String, u64, usize)>,
    /// A launch case's global buffer arguments, by index.
    pub buffers: Vec<usize>,
}

impl Observe {
    /// The places an expected state names.
    pub fn of(expect: &Expect) -> Option<Observe> {
        match expect {
            Expect::Error(_) => None,
            Expect::State(s) => Some(Observe {
                vars: s.vars.keys().cloned().collect(),
                preds: s.preds.keys().cloned().collect(),
                mem: s
                    .mem
                    .iter()
                    .map(|m| (m.space.clone(), m.addr, m.bytes.len()))
                    .collect(),
                buffers: s.buffers.keys().copied().collect(),
            }),
        }
    }

    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("vars".into(), self.vars.clone().into());
        m.insert("preds".into(), self.preds.clone().into());
        let mem = self.mem.iter().map(|(space, addr, len)| {
            let mut r = Map::new();
            r.insert("space".into(), space.clone().into());
            r.insert("addr".into(), hex::encode_number(*addr).into());
            r.insert("len".into(), (*len).into());
            Value::Object(r)
        });
        m.insert("mem".into(), mem.collect());
        if !self.buffers.is_empty() {
            m.insert("buffers".into(), self.buffers.clone().into());
        }
        Value::Object(m)
    }

    fn from_value(v: &Value) -> Result<Observe, String> {
        let m = v.as_object().ok_or("observe must be an object")?;
        let names = |key: &str| -> Result<Vec<String>, String> {
            match m.get(key) {
                None => Ok(Vec::new()),
                Some(Value::Array(a)) => a
                    .iter()
                    .map(|n| {
                        n.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| format!("observe.{key}: names are strings"))
                    })
                    .collect(),
                Some(_) => Err(format!("observe.{key} must be an array")),
            }
        };
        let mut mem = Vec::new();
        let mut total: u64 = 0;
        if let Some(list) = m.get("mem") {
            for (i, r) in list
                .as_array()
                .ok_or("observe.mem must be an array")?
                .iter()
                .enumerate()
            {
                let field = |k: &str| r.get(k).ok_or(format!("observe.mem[{i}].{k} is missing"));
                let space = field("space")?
                    .as_str()
                    .ok_or(format!("observe.mem[{i}].space must be a string"))?;
                let addr = field("addr")?
                    .as_str()
                    .ok_or(format!("observe.mem[{i}].addr must be a hex string"))
                    .and_then(|s| {
                        hex::decode_number(s, 64).map_err(|e| format!("observe.mem[{i}].addr: {e}"))
                    })?;
                let len = field("len")?
                    .as_u64()
                    .ok_or(format!("observe.mem[{i}].len must be a count"))?;
                total = total.saturating_add(len);
                if total > MAX_OBSERVE_MEM_BYTES {
                    return Err(format!(
                        "observe.mem[{i}].len: the regions add up to more than {MAX_OBSERVE_MEM_BYTES} bytes (the limit)"
                    ));
                }
                if len > 0 && addr.checked_add(len - 1).is_none() {
                    return Err(format!(
                        "observe.mem[{i}]: the region wraps around the end of the 64-bit address space"
                    ));
                }
                // Within the limit, so it fits a usize.
                mem.push((space.to_string(), addr, len as usize));
            }
        }
        let buffers = match m.get("buffers") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a
                .iter()
                .map(|n| {
                    n.as_u64()
                        .and_then(|n| usize::try_from(n).ok())
                        .ok_or_else(|| {
                            "observe.buffers: argument indices are whole numbers".to_string()
                        })
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err("observe.buffers must be an array".into()),
        };
        Ok(Observe {
            vars: names("vars")?,
            preds: names("preds")?,
            mem,
            buffers,
        })
    }
}

/// A `run` request line (ending in `\n`) for `case`; its `expect` is not sent.
pub fn run_request(seq: u64, case: &Case, observe: Option<&Observe>) -> String {
    let mut value = case.to_value();
    if let Value::Object(m) = &mut value {
        m.shift_remove("expect");
        m.shift_remove("discriminates");
    }
    let mut line = String::with_capacity(1024);
    let _ = write!(line, "{{\"type\":\"run\",\"seq\":{seq},\"case\":{value}");
    if let Some(observe) = observe {
        let _ = write!(line, ",\"observe\":{}", observe.to_value());
    }
    line.push_str("}\n");
    line
}

/// What a request asks of an implementation.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Hello {
        protocol: String,
    },
    Run {
        seq: u64,
        case: Box<Case>,
        observe: Option<Observe>,
    },
}

/// A request that cannot be understood: the `seq` when it could be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRequest {
    pub seq: Option<u64>,
    pub message: String,
}

/// Reads one request line (the implementation side).
pub fn parse_request(line: &str) -> Result<Request, BadRequest> {
    let bad = |seq, message: String| BadRequest { seq, message };
    let value = match parse_json(line.as_bytes()) {
        Ok(value) => value,
        // A duplicate key in a readable request fails that request only.
        Err(e @ JsonError::Duplicate { .. }) => {
            return Err(bad(lenient_seq(line.as_bytes()), e.to_string()))
        }
        Err(e) => return Err(bad(None, format!("not JSON: {e}"))),
    };
    let m = value
        .as_object()
        .ok_or_else(|| bad(None, "a request is a JSON object".to_string()))?;
    match m.get("type").and_then(Value::as_str) {
        Some("hello") => Ok(Request::Hello {
            protocol: m
                .get("protocol")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        }),
        Some("run") => {
            let seq = m
                .get("seq")
                .and_then(Value::as_u64)
                .ok_or_else(|| bad(None, "run.seq must be a non-negative integer".into()))?;
            let case = m
                .get("case")
                .ok_or_else(|| bad(Some(seq), "run.case is missing".into()))?;
            let case =
                Case::from_value(case).map_err(|e| bad(Some(seq), format!("run.case: {e}")))?;
            let observe = match m.get("observe") {
                None | Some(Value::Null) => None,
                Some(o) => Some(Observe::from_value(o).map_err(|e| bad(Some(seq), e))?),
            };
            Ok(Request::Run {
                seq,
                case: Box::new(case),
                observe,
            })
        }
        Some(other) => Err(bad(
            m.get("seq").and_then(Value::as_u64),
            format!("unknown request type `{other}`"),
        )),
        None => Err(bad(None, "a request has a `type` string".into())),
    }
}

/// The answer of a `run` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The observed state (variables as bytes, predicates as masks, memory regions).
    State(Observed),
    /// The case is rejected or its execution fails with an error of this class.
    Error { class: ErrorClass, message: String },
    /// The implementation does not implement what the case needs.
    Unsupported(String),
}

/// A `result` line: the answer to request `seq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultMsg {
    pub seq: u64,
    pub answer: Answer,
}

/// Appends `s` as a JSON string.
fn push_json_str(out: &mut String, s: &str) {
    if s.bytes()
        .all(|b| b >= 0x20 && b != b'"' && b != b'\\' && b < 0x7f)
    {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&Value::from(s).to_string());
    }
}

impl ResultMsg {
    /// The result line (ending in `\n`) an implementation writes.
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(256);
        let _ = write!(out, "{{\"type\":\"result\",\"seq\":{}", self.seq);
        match &self.answer {
            Answer::State(observed) => {
                out.push_str(",\"state\":{\"vars\":{");
                for (i, (name, bytes)) in observed.vars.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_json_str(&mut out, name);
                    out.push_str(":\"");
                    out.push_str(&hex::encode(bytes));
                    out.push('"');
                }
                out.push_str("},\"preds\":{");
                for (i, (name, mask)) in observed.preds.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_json_str(&mut out, name);
                    let _ = write!(out, ":\"{}\"", hex::encode_number(u64::from(*mask)));
                }
                out.push_str("},\"mem\":[");
                for (i, r) in observed.mem.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&r.to_value().to_string());
                }
                out.push(']');
                if !observed.buffers.is_empty() {
                    out.push_str(",\"buffers\":{");
                    for (i, (index, bytes)) in observed.buffers.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        let _ = write!(out, "\"{index}\":\"{}\"", hex::encode(bytes));
                    }
                    out.push('}');
                }
                out.push('}');
            }
            Answer::Error { class, message } => {
                let _ = write!(out, ",\"error\":{{\"class\":\"{}\",\"message\":", class);
                push_json_str(&mut out, message);
                out.push('}');
            }
            Answer::Unsupported(reason) => {
                out.push_str(",\"unsupported\":");
                push_json_str(&mut out, reason);
            }
        }
        out.push_str("}\n");
        out
    }
}

/// The first characters of a line, for messages (control characters escaped, as [`echo`]).
pub fn preview(line: &[u8]) -> String {
    format!("`{}`", cut(String::from_utf8_lossy(line).trim_end(), 160))
}

/// The most characters of an implementation's text echoed in one message (docs/protocol.md).
pub const ECHO_CHARS: usize = 2048;

/// Text from an implementation as it is echoed in messages, reports and on the terminal:
/// unsafe characters escaped and cut after [`ECHO_CHARS`] characters, with its full size
/// noted ([`cut`]).
pub fn echo(text: &str) -> String {
    cut(text, ECHO_CHARS).into_owned()
}

/// Why a line is not a usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAnswer {
    /// Not a JSON object.
    Garbage(String),
    /// JSON, but not a well-formed `result`; `seq` when one could be read.
    Shape { seq: Option<u64>, message: String },
}

#[derive(Deserialize)]
struct RawResult {
    #[serde(rename = "type")]
    kind: Option<String>,
    seq: Option<u64>,
    state: Option<RawState>,
    error: Option<RawError>,
    unsupported: Option<String>,
    message: Option<String>,
}

#[derive(Deserialize)]
struct RawState {
    #[serde(default)]
    vars: BTreeMap<String, String>,
    #[serde(default)]
    preds: BTreeMap<String, String>,
    #[serde(default)]
    mem: Vec<RawMem>,
    #[serde(default)]
    buffers: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct RawMem {
    space: String,
    addr: String,
    bytes: String,
}

#[derive(Deserialize)]
struct RawError {
    class: String,
    #[serde(default)]
    message: String,
}

/// The top-level `seq` of a message rejected for a duplicate key (read the lenient way, so
/// the failure can be given to its request).
fn lenient_seq(line: &[u8]) -> Option<u64> {
    let m = serde_json::from_slice::<Map<String, Value>>(line).ok()?;
    m.get("seq").and_then(Value::as_u64)
}

/// Reads one answer line (the runner side). The implementation's text in the messages is
/// escaped and bounded ([`echo`]).
pub fn parse_result(line: &[u8]) -> Result<ResultMsg, BadAnswer> {
    read_result(line).map_err(|e| match e {
        BadAnswer::Garbage(m) => BadAnswer::Garbage(echo(&m)),
        BadAnswer::Shape { seq, message } => BadAnswer::Shape {
            seq,
            message: echo(&message),
        },
    })
}

fn read_result(line: &[u8]) -> Result<ResultMsg, BadAnswer> {
    let value = match parse_json(line) {
        Ok(value @ Value::Object(_)) => value,
        Err(e @ JsonError::Duplicate { .. }) => {
            return Err(BadAnswer::Shape {
                seq: lenient_seq(line),
                message: format!("malformed result ({e}): {}", preview(line)),
            })
        }
        _ => {
            return Err(BadAnswer::Garbage(format!(
                "not a JSON object: {}",
                preview(line)
            )))
        }
    };
    let raw = match RawResult::deserialize(&value) {
        Ok(raw) => raw,
        Err(e) => {
            return Err(BadAnswer::Shape {
                seq: value.get("seq").and_then(Value::as_u64),
                message: format!(
                    "malformed result ({}): {}",
                    clip_message(&e.to_string()),
                    preview(line)
                ),
            })
        }
    };
    let shape = |seq, message: String| BadAnswer::Shape { seq, message };
    match raw.kind.as_deref() {
        Some("result") => {}
        Some("error") => {
            return Err(shape(
                raw.seq,
                format!(
                    "the implementation reported a protocol error: {}",
                    raw.message.unwrap_or_default()
                ),
            ))
        }
        Some(other) => {
            return Err(shape(
                raw.seq,
                format!("expected a `result`, got type `{other}`"),
            ))
        }
        None => {
            return Err(shape(
                raw.seq,
                format!("the answer has no `type`: {}", preview(line)),
            ))
        }
    }
    let Some(seq) = raw.seq else {
        return Err(shape(None, "the result has no `seq`".into()));
    };
    let bad = |message: String| shape(Some(seq), message);
    let answer = match (raw.state, raw.error, raw.unsupported) {
        (Some(state), None, None) => {
            let mut observed = Observed::default();
            for (name, h) in state.vars {
                let bytes =
                    hex::decode_bytes(&h).map_err(|e| bad(format!("state.vars.{name}: {e}")))?;
                observed.vars.insert(name, bytes);
            }
            for (name, h) in state.preds {
                let mask = hex::decode_number(&h, 32)
                    .map_err(|e| bad(format!("state.preds.{name}: {e}")))?;
                observed.preds.insert(name, mask as u32);
            }
            for (i, r) in state.mem.into_iter().enumerate() {
                let addr = hex::decode_number(&r.addr, 64)
                    .map_err(|e| bad(format!("state.mem[{i}].addr: {e}")))?;
                let bytes = hex::decode_bytes(&r.bytes)
                    .map_err(|e| bad(format!("state.mem[{i}].bytes: {e}")))?;
                observed.mem.push(MemRegion {
                    space: r.space,
                    addr,
                    bytes,
                });
            }
            for (key, h) in state.buffers {
                let index = key
                    .parse::<usize>()
                    .ok()
                    .filter(|i| key == i.to_string())
                    .ok_or_else(|| {
                        bad(format!(
                            "state.buffers.{}: not an argument index",
                            clip(&key)
                        ))
                    })?;
                let bytes = hex::decode_bytes(&h)
                    .map_err(|e| bad(format!("state.buffers.{index}: {e}")))?;
                observed.buffers.insert(index, bytes);
            }
            Answer::State(observed)
        }
        (None, Some(error), None) => match ErrorClass::parse(&error.class) {
            Some(class) => Answer::Error {
                class,
                message: error.message,
            },
            None => {
                return Err(bad(format!(
                    "error.class `{}` is not an error class",
                    error.class
                )))
            }
        },
        (None, None, Some(reason)) => Answer::Unsupported(reason),
        _ => {
            return Err(bad(
                "a result holds exactly one of `state`, `error` and `unsupported`".into(),
            ))
        }
    };
    Ok(ResultMsg { seq, answer })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::escape_controls;

    #[test]
    fn echoed_text_has_no_control_characters_and_is_bounded() {
        let hostile = "a\u{1b}[2J\u{7}b\u{9b}1m\u{202e}c\u{fffe}\té";
        assert_eq!(
            escape_controls(hostile),
            "a\\u{1b}[2J\\u{7}b\\u{9b}1m\\u{202e}c\\u{fffe}\\u{9}é"
        );
        assert!(matches!(
            escape_controls("plain é"),
            std::borrow::Cow::Borrowed(_)
        ));
        let long = "x".repeat(ECHO_CHARS + 10);
        assert_eq!(
            echo(&long),
            format!("{}... ({} bytes)", "x".repeat(ECHO_CHARS), ECHO_CHARS + 10)
        );
        assert_eq!(preview(b"\x1b]0;t\x07"), "`\\u{1b}]0;t\\u{7}`");
    }
}

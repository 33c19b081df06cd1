//! The model of a `visa-vector/1` case ([`Case`]) and of its parts, expected results with
//! their allowed sets, the errors of reading, and each part's JSON form as written.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::{json, Map, Value};
use visa_model::errata::{Reading, Readings};
use visa_model::error::{ErrorClass, VisaError};
use visa_model::platform::Platform;
use visa_model::state::{SamplerState, Surface, SurfaceHeap};

use super::hex;
use super::launch::Launch;

/// The extension key a case names the field of its expected error in (docs/vector-format.md):
/// this project's engines name the field of every error (DESIGN.md), so `check` compares it;
/// an implementation over `visa-dut/1` reports only the class, so `certify` does not.
pub const ERROR_FIELD_KEY: &str = "x-error-field";

/// The field `case` expects its error to name ([`ERROR_FIELD_KEY`]), if it states one.
pub fn error_field(case: &Case) -> Option<&str> {
    case.extensions.get(ERROR_FIELD_KEY).and_then(Value::as_str)
}

/// The value of the `format` key.
pub const FORMAT: &str = "visa-vector/1";

/// One test case: a program, the state it starts from, and what it must produce.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// Stable unique id, conventionally `<instruction>/<what>/<number>`.
    pub id: String,
    /// Edge classes and the ids of the errata the case exercises.
    pub tags: Vec<String>,
    pub platform: Platform,
    /// Readings of errata that differ from the default (resolved) or that the case pins.
    pub errata: BTreeMap<String, Reading>,
    /// The numeric profile the expected values assume, if any.
    pub profile: Option<String>,
    /// vISA assembly text: declarations and instructions.
    pub program: String,
    /// How a launch case runs the program as a kernel over an NDRange (`None`: one thread
    /// from `init`).
    pub launch: Option<Launch>,
    pub init: Init,
    /// What the case must produce; `None` for a bare run request.
    pub expect: Option<Expect>,
    /// The errata the case discriminates as its writer found them (`discriminates`): `None`
    /// when it records nothing (a grader finds them itself), an empty list when it
    /// discriminates none.
    pub discriminates: Option<Vec<Discriminating>>,
    /// Top-level keys starting with `x-`, kept as read and written last.
    pub extensions: BTreeMap<String, Value>,
}

/// An erratum whose other reading makes the spec engine expect something else of a case, at
/// the places its expectation names (one entry of `discriminates`).
#[derive(Clone, Debug, PartialEq)]
pub struct Discriminating {
    /// The erratum's id in the ledger.
    pub id: &'static str,
    /// The reading the case states.
    pub stated: Reading,
    /// The expectation under the other reading, at the places the case's expectation names.
    pub other: Expect,
}

impl Discriminating {
    /// `{"erratum": ID, "stated": READING, "other": EXPECT}`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("erratum".into(), self.id.into());
        m.insert("stated".into(), self.stated.as_str().into());
        m.insert("other".into(), Value::Object(self.other.to_value()));
        Value::Object(m)
    }
}

/// The state a case starts from, on top of the zeroed machine state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Init {
    /// Whole-variable contents in storage order, by variable name.
    pub vars: BTreeMap<String, Vec<u8>>,
    /// Predicate masks by name: bit i is channel i.
    pub preds: BTreeMap<String, u32>,
    pub mem: Vec<MemRegion>,
    pub surfaces: Vec<Surface>,
    /// Entries of the sampler state table (`init.samplers`, docs/sampler.md).
    pub samplers: Vec<SamplerState>,
    /// The value of `%cr0` (default 0).
    pub cr0: Option<u32>,
    /// The execution mask (default: all 32 channels enabled).
    pub emask: Option<u32>,
    /// Whole-variable contents in the register file of the fused partner thread (EU1 of
    /// DPASW.md), by variable name; empty: the partner holds this thread's bytes.
    pub partner: BTreeMap<String, Vec<u8>>,
}

/// Bytes at an address of a memory space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRegion {
    /// `flat`, `slm`, ...
    pub space: String,
    pub addr: u64,
    pub bytes: Vec<u8>,
}

/// What a case must produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The execution succeeds and the named state has allowed values.
    State(ExpectState),
    /// The case is rejected with an error of this class.
    Error(ErrorClass),
}

/// Expected values of variables, predicates and memory after execution. State the case does
/// not name is not observed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectState {
    pub vars: BTreeMap<String, Allowed>,
    pub preds: BTreeMap<String, u32>,
    pub mem: Vec<MemExpect>,
    /// A launch case's global buffer arguments by index: their final bytes.
    pub buffers: BTreeMap<usize, Allowed>,
}

/// Expected bytes of a memory region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemExpect {
    pub space: String,
    pub addr: u64,
    pub bytes: Allowed,
}

/// A byte string in which `None` is a don't-care byte (`??`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern(pub Vec<Option<u8>>);

impl Pattern {
    /// A pattern that matches exactly `bytes`.
    pub fn exact(bytes: &[u8]) -> Pattern {
        Pattern(bytes.iter().copied().map(Some).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Index of the first byte of `actual` the pattern does not allow, `None` if it matches.
    /// Lengths are compared by the caller.
    pub fn first_mismatch(&self, actual: &[u8]) -> Option<usize> {
        self.0
            .iter()
            .zip(actual)
            .position(|(e, a)| e.is_some_and(|e| e != *a))
    }

    /// [`Pattern::first_mismatch`] where the elements `nan` names (of its float type, laid
    /// from byte 0) that the pattern gives in full as a NaN allow any NaN of the type: the
    /// index is the element's first byte when `actual` holds no NaN there.
    pub fn first_mismatch_nan(&self, actual: &[u8], nan: Option<&NanFree>) -> Option<usize> {
        let Some(nan) = nan else {
            return self.first_mismatch(actual);
        };
        let size = nan.ty.size();
        let mut from = 0;
        for &k in &nan.elements {
            let at = k * size;
            if at < from || !self.is_nan_at(at, nan.ty) {
                continue;
            }
            if let Some(i) = Pattern(self.0.get(from..at).unwrap_or_default().to_vec())
                .first_mismatch(actual.get(from..).unwrap_or_default())
            {
                return Some(from + i);
            }
            if !actual
                .get(at..at + size)
                .is_some_and(|got| nan.accepts(got))
            {
                return Some(at);
            }
            from = at + size;
        }
        Pattern(self.0.get(from..).unwrap_or_default().to_vec())
            .first_mismatch(actual.get(from..).unwrap_or_default())
            .map(|i| from + i)
    }

    /// Whether the element of type `ty` at byte `at` is given in full as a NaN.
    pub fn is_nan_at(&self, at: usize, ty: NanType) -> bool {
        let at = at - at % ty.size();
        let Some(want) = self.0.get(at..at + ty.size()) else {
            return false;
        };
        let whole: Option<Vec<u8>> = want.iter().copied().collect();
        whole.is_some_and(|w| ty.is_nan(&w))
    }
}

/// The elements of an `any_nan` allowed set whose NaN encoding is free: where an alternative
/// gives one of them as a NaN, any NaN of the type is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NanFree {
    pub ty: NanType,
    /// Element indices (elements of `ty` from byte 0), ascending, without repeats.
    pub elements: Vec<usize>,
    /// Only quiet NaNs (the top fraction bit set) are accepted, as IEEE 754 requires of an
    /// arithmetic result.
    pub quiet: bool,
}

impl NanFree {
    /// Whether `bytes` (one element) are a NaN this set accepts.
    pub fn accepts(&self, bytes: &[u8]) -> bool {
        self.ty.is_nan(bytes) && (!self.quiet || self.ty.is_quiet(bytes))
    }
}

/// Little-endian bytes (at most 8) as an integer.
fn le_bits(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0u64, |v, &b| v << 8 | u64::from(b))
}

/// The float type of an `any_nan` allowed set: whose elements' NaN encodings are free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NanType {
    /// `df`: 1-11-52.
    Df,
    /// `f`: 1-8-23.
    F,
    /// `hf`: 1-5-10.
    Hf,
    /// `bf`: 1-8-7.
    Bf,
}

impl NanType {
    pub const ALL: [NanType; 4] = [NanType::Df, NanType::F, NanType::Hf, NanType::Bf];

    /// The type's name in vISA text (`df`, `f`, `hf`, `bf`).
    pub fn text(self) -> &'static str {
        match self {
            NanType::Df => "df",
            NanType::F => "f",
            NanType::Hf => "hf",
            NanType::Bf => "bf",
        }
    }

    pub fn parse(text: &str) -> Option<NanType> {
        NanType::ALL.into_iter().find(|t| t.text() == text)
    }

    /// The NaN type of a float data type (`None` for the others).
    pub fn of(ty: visa_model::types::DataType) -> Option<NanType> {
        use visa_model::types::DataType;
        match ty {
            DataType::DF => Some(NanType::Df),
            DataType::F => Some(NanType::F),
            DataType::HF => Some(NanType::Hf),
            DataType::BF => Some(NanType::Bf),
            _ => None,
        }
    }

    /// Bytes of an element.
    pub fn size(self) -> usize {
        match self {
            NanType::Df => 8,
            NanType::F => 4,
            NanType::Hf | NanType::Bf => 2,
        }
    }

    /// (exponent bits, fraction bits) of the format (2_datatypes.md, "Fundamental Data
    /// Types").
    fn fields(self) -> (u32, u32) {
        match self {
            NanType::Df => (11, 52),
            NanType::F => (8, 23),
            NanType::Hf => (5, 10),
            NanType::Bf => (8, 7),
        }
    }

    /// Whether the little-endian `bytes` (one element) encode a NaN: exponent all ones,
    /// fraction not zero.
    pub fn is_nan(self, bytes: &[u8]) -> bool {
        let bits = le_bits(bytes);
        let (e, f) = self.fields();
        let exponent = (bits >> f) & ((1 << e) - 1);
        exponent == (1 << e) - 1 && bits & ((1 << f) - 1) != 0
    }

    /// The value `bits` encode (exactly: every value of these formats is an f64), `None` for
    /// a NaN.
    pub fn value(self, bits: u64) -> Option<f64> {
        let (e, f) = self.fields();
        let sign = (bits >> (e + f)) & 1 == 1;
        let exponent = ((bits >> f) & ((1 << e) - 1)) as i32;
        let fraction = bits & ((1 << f) - 1);
        let bias = (1i32 << (e - 1)) - 1;
        let magnitude = if exponent == (1 << e) - 1 {
            if fraction != 0 {
                return None;
            }
            f64::INFINITY
        } else if self == NanType::Df {
            f64::from_bits(bits & !(1 << 63))
        } else if exponent == 0 {
            fraction as f64 * 2f64.powi(1 - bias - f as i32)
        } else {
            (fraction | 1 << f) as f64 * 2f64.powi(exponent - bias - f as i32)
        };
        Some(if sign { -magnitude } else { magnitude })
    }

    /// Whether the NaN in `bytes` is quiet: the top fraction bit set.
    pub fn is_quiet(self, bytes: &[u8]) -> bool {
        let (_, f) = self.fields();
        self.is_nan(bytes) && (le_bits(bytes) >> (f - 1)) & 1 == 1
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode_pattern(&self.0))
    }
}

/// Float elements that also accept any value inside an interval: the accuracy contract of an
/// approximated result (docs/math.md), `{"within": {"type": "f", "elements": [{"at": 0,
/// "lo": "0x3f7ffffc", "hi": "0x3f800002"}]}}`. An element listed here is accepted when it
/// matches the set's pattern as usual, or when it is a number (not a NaN) whose value lies
/// between `lo` and `hi` inclusive (both zeros are the value 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Within {
    pub ty: NanType,
    /// The intervals, by ascending element index, at most one per element.
    pub elements: Vec<Interval>,
}

/// The interval of element `at` (of the set's type, laid from byte 0): the values from the
/// one `lo` encodes to the one `hi` encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub at: usize,
    pub lo: u64,
    pub hi: u64,
}

impl Within {
    /// Whether `bytes` (one element of the set's type) is a number inside `iv`.
    pub fn accepts(&self, iv: &Interval, bytes: &[u8]) -> bool {
        let (Some(v), Some(lo), Some(hi)) = (
            self.ty.value(le_bits(bytes)),
            self.ty.value(iv.lo),
            self.ty.value(iv.hi),
        ) else {
            return false;
        };
        lo <= v && v <= hi
    }

    /// The interval of the element holding byte `byte`, if one is listed.
    pub fn interval_at(&self, byte: usize) -> Option<&Interval> {
        let k = byte / self.ty.size();
        self.elements.iter().find(|iv| iv.at == k)
    }
}

/// An allowed set of values for one variable or memory region (DESIGN.md "Numeric profiles
/// and allowed sets").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// One pattern: `"<hex>"`, don't-care bytes as `??`.
    Bytes(Pattern),
    /// Any of several patterns of the same length: `{"any_of": ["<hex>", ...]}`.
    AnyOf(Vec<Pattern>),
    /// Any of several patterns in which the elements `nan` names accept any NaN of its type
    /// (any quiet NaN with `quiet`) where a pattern gives a NaN (the documents leave the
    /// encoding open): `{"any_of": [...], "any_nan": {"type": "f", "elements": [1, 5]}}`.
    AnyNan {
        nan: NanFree,
        patterns: Vec<Pattern>,
    },
    /// Another set in which the elements `within` names also accept the values of their
    /// intervals: `{"any_of": [...], "within": {...}}` (with or without `any_nan`).
    Within { base: Box<Allowed>, within: Within },
}

impl Allowed {
    /// Exactly these bytes.
    pub fn exact(bytes: &[u8]) -> Allowed {
        Allowed::Bytes(Pattern::exact(bytes))
    }

    /// The patterns of the set.
    pub fn patterns(&self) -> &[Pattern] {
        match self {
            Allowed::Bytes(p) => std::slice::from_ref(p),
            Allowed::AnyOf(ps) | Allowed::AnyNan { patterns: ps, .. } => ps,
            Allowed::Within { base, .. } => base.patterns(),
        }
    }

    /// The elements that accept any NaN (`any_nan`), if any.
    pub fn nan(&self) -> Option<&NanFree> {
        match self {
            Allowed::AnyNan { nan, .. } => Some(nan),
            Allowed::Within { base, .. } => base.nan(),
            _ => None,
        }
    }

    /// The elements that accept the values of an interval (`within`), if any.
    pub fn within(&self) -> Option<&Within> {
        match self {
            Allowed::Within { within, .. } => Some(within),
            _ => None,
        }
    }

    /// Index of the first byte of `actual` that pattern `k` of the set does not allow. An
    /// element inside its `within` interval counts as the pattern's own bytes there.
    pub fn first_mismatch(&self, k: usize, actual: &[u8]) -> Option<usize> {
        let pattern = self.patterns().get(k)?;
        let Some(within) = self.within() else {
            return pattern.first_mismatch_nan(actual, self.nan());
        };
        let size = within.ty.size();
        let mut fixed = actual.to_vec();
        for iv in &within.elements {
            let at = iv.at * size;
            let Some(got) = actual.get(at..at + size) else {
                continue;
            };
            if within.accepts(iv, got) {
                for (i, want) in pattern.0.iter().enumerate().skip(at).take(size) {
                    if let (Some(b), Some(slot)) = (want, fixed.get_mut(i)) {
                        *slot = *b;
                    }
                }
            }
        }
        pattern.first_mismatch_nan(&fixed, self.nan())
    }

    /// Byte length of the values (every pattern of a read set has the same length).
    pub fn len(&self) -> usize {
        self.patterns().first().map_or(0, Pattern::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `actual` is in the set.
    pub fn allows(&self, actual: &[u8]) -> bool {
        self.patterns()
            .iter()
            .enumerate()
            .any(|(k, p)| p.len() == actual.len() && self.first_mismatch(k, actual).is_none())
    }
}

/// A malformed vector file or line: `file:line: field: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VectorError {
    pub file: String,
    /// 1-based line number; 0 when the whole file is at fault (it cannot be read).
    pub line: usize,
    /// The key path at fault (`init.vars.V2`, `init.mem[0].addr`), when there is one.
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for VectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl From<VectorError> for VisaError {
    fn from(e: VectorError) -> VisaError {
        let mut v = VisaError::new(ErrorClass::InvalidVector, e.to_string());
        v.field = e.field;
        v
    }
}

/// What is wrong in one line, before the file and line are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: Option<String>,
    pub message: String,
}

impl FieldError {
    pub(super) fn at(self, file: &str, line: usize) -> VectorError {
        VectorError {
            file: file.to_string(),
            line,
            field: self.field,
            message: self.message,
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// One non-blank line of a vector file and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// 1-based line number.
    pub line: usize,
    pub case: Result<Case, VectorError>,
}

impl Case {
    /// The case as one compact JSON line, without the line end.
    pub fn to_line(&self) -> String {
        self.to_value().to_string()
    }

    /// The case as a JSON object, keys in the documented order, optional keys omitted when
    /// empty.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("format".into(), FORMAT.into());
        m.insert("id".into(), self.id.clone().into());
        if !self.tags.is_empty() {
            m.insert("tags".into(), self.tags.clone().into());
        }
        m.insert("platform".into(), self.platform.name().into());
        if !self.errata.is_empty() {
            let errata = self
                .errata
                .iter()
                .map(|(k, r)| (k.clone(), r.as_str().into()));
            m.insert("errata".into(), Value::Object(errata.collect()));
        }
        if let Some(profile) = &self.profile {
            m.insert("profile".into(), profile.clone().into());
        }
        m.insert("program".into(), self.program.clone().into());
        if let Some(launch) = &self.launch {
            m.insert("launch".into(), launch.to_value());
        }
        let init = self.init.to_value();
        if !init.is_empty() {
            m.insert("init".into(), Value::Object(init));
        }
        if let Some(expect) = &self.expect {
            m.insert("expect".into(), Value::Object(expect.to_value()));
        }
        // Written even when empty: `[]` records that the case discriminates no erratum.
        if let Some(list) = &self.discriminates {
            let list = list.iter().map(Discriminating::to_value).collect();
            m.insert("discriminates".into(), Value::Array(list));
        }
        for (k, v) in &self.extensions {
            m.insert(k.clone(), v.clone());
        }
        Value::Object(m)
    }

    /// The readings in force: resolved but for the case's `errata` map.
    pub fn readings(&self) -> Result<Readings, String> {
        let mut readings = Readings::resolved();
        for (id, reading) in &self.errata {
            readings.set(id, *reading)?;
        }
        Ok(readings)
    }

    /// A copy without `expect` and `discriminates`: what is sent to an implementation under
    /// test.
    pub fn without_expect(&self) -> Case {
        Case {
            expect: None,
            discriminates: None,
            ..self.clone()
        }
    }
}

impl serde::Serialize for Case {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(s)
    }
}

/// Writes `(name, hex)` pairs as a JSON object.
fn hex_map<'a, T: 'a>(
    items: impl IntoIterator<Item = (&'a String, T)>,
    f: impl Fn(T) -> Value,
) -> Value {
    Value::Object(items.into_iter().map(|(k, v)| (k.clone(), f(v))).collect())
}

impl MemRegion {
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("space".into(), self.space.clone().into());
        m.insert("addr".into(), hex::encode_number(self.addr).into());
        m.insert("bytes".into(), hex::encode(&self.bytes).into());
        Value::Object(m)
    }
}

/// A surface as written in `init.surfaces`; the binding table (`heap` "bt"), zero width,
/// height, pitch, depth, pixel_size and aux, and no format are omitted.
fn surface_value(s: &Surface) -> Value {
    let mut m = Map::new();
    if s.heap != SurfaceHeap::BindingTable {
        m.insert("heap".into(), s.heap.name().into());
    }
    m.insert("bti".into(), s.bti.into());
    m.insert("base".into(), hex::encode_number(s.base).into());
    m.insert("size".into(), hex::encode_number(s.size).into());
    for (key, v) in [
        ("width", s.width),
        ("height", s.height),
        ("pitch", s.pitch),
        ("depth", s.depth),
        ("pixel_size", s.pixel_size),
    ] {
        if v != 0 {
            m.insert(key.into(), v.into());
        }
    }
    if s.aux != 0 {
        m.insert("aux".into(), hex::encode_number(s.aux).into());
    }
    if let Some(f) = s.format {
        m.insert("format".into(), f.name().into());
    }
    Value::Object(m)
}

/// A sampler state as written in `init.samplers`; every key is written.
fn sampler_value(s: &SamplerState) -> Value {
    let mut m = Map::new();
    m.insert("index".into(), s.index.into());
    m.insert("filter".into(), s.filter.name().into());
    m.insert(
        "address".into(),
        s.address.iter().map(|a| Value::from(a.name())).collect(),
    );
    m.insert("normalized".into(), s.normalized.into());
    m.insert(
        "border".into(),
        s.border
            .iter()
            .map(|b| Value::from(hex::encode_number(u64::from(*b))))
            .collect(),
    );
    Value::Object(m)
}

impl Init {
    /// The init object; empty when the case starts from the zeroed state.
    pub fn to_value(&self) -> Map<String, Value> {
        let mut m = Map::new();
        if !self.vars.is_empty() {
            m.insert(
                "vars".into(),
                hex_map(&self.vars, |b| hex::encode(b).into()),
            );
        }
        if !self.preds.is_empty() {
            let preds = hex_map(&self.preds, |p| hex::encode_number(u64::from(*p)).into());
            m.insert("preds".into(), preds);
        }
        if !self.mem.is_empty() {
            m.insert(
                "mem".into(),
                self.mem.iter().map(MemRegion::to_value).collect(),
            );
        }
        if !self.surfaces.is_empty() {
            m.insert(
                "surfaces".into(),
                self.surfaces.iter().map(surface_value).collect(),
            );
        }
        if !self.samplers.is_empty() {
            m.insert(
                "samplers".into(),
                self.samplers.iter().map(sampler_value).collect(),
            );
        }
        if let Some(cr0) = self.cr0 {
            m.insert("cr0".into(), hex::encode_number(u64::from(cr0)).into());
        }
        if let Some(emask) = self.emask {
            m.insert("emask".into(), hex::encode_number(u64::from(emask)).into());
        }
        if !self.partner.is_empty() {
            m.insert(
                "partner".into(),
                hex_map(&self.partner, |b| hex::encode(b).into()),
            );
        }
        m
    }
}

impl Allowed {
    pub fn to_value(&self) -> Value {
        match self {
            Allowed::Within { base, within } => {
                let mut v = base.to_value();
                if let Value::String(p) = &v {
                    v = json!({ "any_of": [p] });
                }
                let elements: Vec<Value> = within
                    .elements
                    .iter()
                    .map(|iv| {
                        json!({
                            "at": iv.at,
                            "lo": hex::encode_number(iv.lo),
                            "hi": hex::encode_number(iv.hi),
                        })
                    })
                    .collect();
                v["within"] = json!({ "type": within.ty.text(), "elements": elements });
                v
            }
            Allowed::Bytes(p) => p.to_string().into(),
            Allowed::AnyOf(ps) | Allowed::AnyNan { patterns: ps, .. } => {
                let mut m = Map::new();
                m.insert(
                    "any_of".into(),
                    ps.iter().map(|p| Value::from(p.to_string())).collect(),
                );
                if let Some(nan) = self.nan() {
                    let mut n = json!({"type": nan.ty.text(), "elements": nan.elements});
                    if nan.quiet {
                        n["quiet"] = true.into();
                    }
                    m.insert("any_nan".into(), n);
                }
                Value::Object(m)
            }
        }
    }
}

impl Expect {
    pub fn to_value(&self) -> Map<String, Value> {
        let mut m = Map::new();
        match self {
            Expect::Error(class) => {
                m.insert("error".into(), class.as_str().into());
            }
            Expect::State(s) => {
                if !s.vars.is_empty() {
                    m.insert("vars".into(), hex_map(&s.vars, Allowed::to_value));
                }
                if !s.preds.is_empty() {
                    let preds = hex_map(&s.preds, |p| hex::encode_number(u64::from(*p)).into());
                    m.insert("preds".into(), preds);
                }
                if !s.mem.is_empty() {
                    let mem = s.mem.iter().map(|e| {
                        let mut r = Map::new();
                        r.insert("space".into(), e.space.clone().into());
                        r.insert("addr".into(), hex::encode_number(e.addr).into());
                        r.insert("bytes".into(), e.bytes.to_value());
                        Value::Object(r)
                    });
                    m.insert("mem".into(), mem.collect());
                }
                if !s.buffers.is_empty() {
                    let buffers = s.buffers.iter().map(|(i, a)| (i.to_string(), a.to_value()));
                    m.insert("buffers".into(), Value::Object(buffers.collect()));
                }
            }
        }
        m
    }
}

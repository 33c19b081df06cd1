//! Running one case on an engine, and judging what it observed against what it expects.
//!
//! [`compile`] is the one road from a case to a run: it assembles the program, validates it
//! for the case's platform and errata readings, and builds the zeroed machine state with
//! `init` applied. [`run_case`] compiles, executes, and reads back the observed state. [`compare`] finds the first difference between an [`Expect`] and an
//! [`Outcome`].
//!
//! What is observed: with an expected state, exactly the variables, predicates and memory
//! regions it names; otherwise (no `expect`, or an expected error that did not happen) every
//! declared variable that is not pre-defined (general, address, surface and sampler
//! variables as bytes, predicates as masks) and every memory region of `init.mem`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{Map, Value};
use visa_model::asm::{self, ast, ast::VarClass};
use visa_model::errata::{Readings, Trace};
use visa_model::error::{ErrorClass, VisaError};
use visa_model::ir::Program;
use visa_model::profile::DpasProfile;
use visa_model::state::{MachineState, VarId, Vars, CR0};
use visa_model::validate;
use visa_spec::exec::ExecConfig;

use crate::vector::{self, hex, Allowed, Case, Expect, ExpectState, Init, MemRegion};

/// The engines a case can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum EngineKind {
    /// visa-spec: the literal semantics (the reference).
    Spec,
    /// visa-oracle: the fast engine.
    Oracle,
}

impl EngineKind {
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Spec => "spec",
            EngineKind::Oracle => "oracle",
        }
    }

    fn run(
        self,
        program: &Program,
        state: &mut MachineState,
        config: &ExecConfig,
    ) -> Result<(), VisaError> {
        match self {
            EngineKind::Spec => visa_spec::exec::run(program, state, config),
            EngineKind::Oracle => visa_oracle::run(program, state, config),
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state a run observed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    /// Variable bytes in storage order.
    pub vars: BTreeMap<String, Vec<u8>>,
    /// Predicate masks: bit i is channel i.
    pub preds: BTreeMap<String, u32>,
    pub mem: Vec<MemRegion>,
    /// Element size in bytes of each observed variable, to report lanes.
    pub elt_size: BTreeMap<String, usize>,
    /// Bytes (indices into the variable) an instruction left undefined, for the variables
    /// that have any: expected as `??`. Memory regions are keyed by their [`mem_place`]
    /// (`mem[flat:0x10000]`), with indices into the region.
    pub undefined: BTreeMap<String, Vec<usize>>,
    /// A launch's global buffer arguments by index: their final bytes.
    pub buffers: BTreeMap<usize, Vec<u8>>,
}

impl Observed {
    /// Records which bytes of the general variable `id` are undefined in `state`.
    fn note_undefined(&mut self, vars: &Vars, id: VarId, state: &MachineState) {
        let info = vars.get(id);
        let Some(base) = info.grf_offset else {
            return;
        };
        if info.class != VarClass::General || state.undefined.is_empty() {
            return;
        }
        let bytes: Vec<usize> = state
            .undefined
            .range(base..base + info.byte_size())
            .map(|b| b - base)
            .collect();
        if !bytes.is_empty() {
            self.undefined.insert(info.name.clone(), bytes);
        }
    }
}

impl Observed {
    /// `{"vars": {name: hex}, "preds": {name: "0x.."}, "mem": [...]}`; empty parts omitted.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        if !self.vars.is_empty() {
            let vars = self
                .vars
                .iter()
                .map(|(k, b)| (k.clone(), Value::from(hex::encode(b))));
            m.insert("vars".into(), Value::Object(vars.collect()));
        }
        if !self.preds.is_empty() {
            let preds = self
                .preds
                .iter()
                .map(|(k, p)| (k.clone(), Value::from(hex::encode_number(u64::from(*p)))));
            m.insert("preds".into(), Value::Object(preds.collect()));
        }
        if !self.mem.is_empty() {
            m.insert(
                "mem".into(),
                self.mem.iter().map(MemRegion::to_value).collect(),
            );
        }
        if !self.buffers.is_empty() {
            let buffers = self
                .buffers
                .iter()
                .map(|(i, b)| (i.to_string(), Value::from(hex::encode(b))));
            m.insert("buffers".into(), Value::Object(buffers.collect()));
        }
        Value::Object(m)
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok(Observed),
    /// A syntax, validation, execution or vector error; an engine panic is a `model-bug`.
    Error(VisaError),
}

/// Runs `case` on `engine`. Never panics: a panic inside an engine becomes a `model-bug`
/// outcome.
pub fn run_case(case: &Case, engine: EngineKind) -> Outcome {
    run_guarded(case, engine, None, None, Limits::default())
}

/// The bounds of a run a user may change (`exec --step-limit`, `--cost-limit`): the most
/// instructions it executes and the most cost they may stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `ExecConfig::step_limit`.
    pub steps: u64,
    /// `ExecConfig::cost_limit`.
    pub cost: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            steps: ExecConfig::DEFAULT_STEP_LIMIT,
            cost: ExecConfig::DEFAULT_COST_LIMIT,
        }
    }
}

impl Limits {
    /// Sets them in `config`.
    pub fn apply(self, config: &mut ExecConfig) {
        config.step_limit = self.steps;
        config.cost_limit = self.cost;
    }
}

/// [`run_case`] with other limits.
pub fn run_case_limited(case: &Case, engine: EngineKind, limits: Limits) -> Outcome {
    run_guarded(case, engine, None, None, limits)
}

/// [`run_case`], with the ids of the errata whose reading the engine asked about: flipping
/// the reading of any other erratum cannot change this outcome.
pub fn run_case_traced(case: &Case, engine: EngineKind) -> (Outcome, BTreeSet<&'static str>) {
    let trace = Trace::default();
    let outcome = run_guarded(case, engine, None, Some(&trace), Limits::default());
    (outcome, trace.asked())
}

/// [`run_case`] of a case whose program text is already parsed into `ast` (a case and its
/// copies that differ in their errata readings only share one parse), recording into
/// `trace` the errata the engine asks about.
pub fn run_parsed(
    case: &Case,
    ast: &ast::Program,
    engine: EngineKind,
    trace: Option<&Trace>,
) -> Outcome {
    run_guarded(case, engine, Some(ast), trace, Limits::default())
}

fn run_guarded(
    case: &Case,
    engine: EngineKind,
    parsed: Option<&ast::Program>,
    trace: Option<&Trace>,
    limits: Limits,
) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| {
        execute(case, engine, parsed, trace, limits)
    })) {
        Ok(Ok(observed)) => Outcome::Ok(observed),
        Ok(Err(e)) => Outcome::Error(e),
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Outcome::Error(VisaError::model_bug(format!(
                "the {engine} engine panicked: {what}"
            )))
        }
    }
}

fn invalid_vector(field: &str, message: impl Into<String>) -> VisaError {
    VisaError::new(ErrorClass::InvalidVector, message).field(field)
}

/// A case ready to run: its program validated for its platform under its readings, the
/// configuration the engines run it under, and the state it starts from.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub program: Program,
    /// The case's errata readings and numeric profile, with the default step limit.
    pub config: ExecConfig,
    /// The zeroed machine state with the case's `init` applied.
    pub state: MachineState,
}

/// Compiles a case: its numeric profile, its readings, its program text parsed and validated,
/// its `init` applied. This is the one road from a case to a run; every error is the one the
/// run reports (`unsupported` for an unknown profile, `invalid-vector` for bad readings or
/// `init`, the parser's and the validator's errors).
pub fn compile(case: &Case) -> Result<Compiled, VisaError> {
    compile_with(case, None, None)
}

/// [`compile`] of a case whose program text is already parsed into `ast`, recording into
/// `trace`, when given, every erratum validation and execution ask about.
pub fn compile_parsed(
    case: &Case,
    ast: &ast::Program,
    trace: Option<&Trace>,
) -> Result<Compiled, VisaError> {
    compile_with(case, Some(ast), trace)
}

fn compile_with(
    case: &Case,
    parsed: Option<&ast::Program>,
    trace: Option<&Trace>,
) -> Result<Compiled, VisaError> {
    let (mut readings, profile) = settings(case)?;
    if let Some(t) = trace {
        readings = readings.traced(t);
    }
    let owned;
    let ast = match parsed {
        Some(ast) => ast,
        None => {
            owned = asm::parse(&case.program)?;
            &owned
        }
    };
    let program = validate::validate_with(ast, case.platform, &readings)?;
    let mut state = MachineState::new(&program.vars);
    apply_init(&case.init, &program.vars, &mut state)?;
    Ok(Compiled {
        program,
        config: ExecConfig::new(readings, profile),
        state,
    })
}

/// The readings and the numeric profile a case states.
fn settings(case: &Case) -> Result<(Readings, DpasProfile), VisaError> {
    let profile = match &case.profile {
        None => DpasProfile::default(),
        Some(name) => DpasProfile::parse(name).ok_or_else(|| {
            VisaError::unsupported(format!(
                "numeric profile `{name}`: the engines implement the DPAS profiles of docs/dpas.md"
            ))
            .field("profile")
        })?,
    };
    let readings = case.readings().map_err(|m| invalid_vector("errata", m))?;
    Ok((readings, profile))
}

fn execute(
    case: &Case,
    engine: EngineKind,
    parsed: Option<&ast::Program>,
    trace: Option<&Trace>,
    limits: Limits,
) -> Result<Observed, VisaError> {
    if case.launch.is_some() {
        return Err(VisaError::unsupported(
            "a launch case runs as work-groups of threads (launch::cases::run_case), not as one thread",
        )
        .field("launch"));
    }
    let Compiled {
        program,
        mut config,
        mut state,
    } = compile_with(case, parsed, trace)?;
    limits.apply(&mut config);
    engine.run(&program, &mut state, &config)?;
    match &case.expect {
        Some(Expect::State(expect)) => observe_expected(expect, &program.vars, &state),
        _ => Ok(observe_all(&case.init, &program.vars, &state)),
    }
}

/// Looks a variable up by name for the vector field `field`.
fn find(vars: &Vars, name: &str, field: &str) -> Result<VarId, VisaError> {
    vars.find(name)
        .ok_or_else(|| invalid_vector(field, format!("the program declares no variable `{name}`")))
}

/// Applies `init` to a zeroed state.
fn apply_init(init: &Init, vars: &Vars, state: &mut MachineState) -> Result<(), VisaError> {
    let mut spans = Vec::new();
    for (name, bytes) in &init.vars {
        let field = format!("init.vars.{name}");
        let id = find(vars, name, &field)?;
        let info = vars.get(id);
        if info.class == VarClass::Predicate {
            return Err(invalid_vector(
                &field,
                format!("`{name}` is a predicate: set it in init.preds"),
            ));
        }
        if name == CR0 && init.cr0.is_some() {
            return Err(invalid_vector(
                &field,
                "%cr0 is set twice (init.vars and init.cr0)",
            ));
        }
        if bytes.len() != info.byte_size() {
            return Err(invalid_vector(
                &field,
                format!(
                    "`{name}` has {} bytes ({} x {}), the vector gives {}",
                    info.byte_size(),
                    info.num_elts,
                    info.ty,
                    bytes.len()
                ),
            ));
        }
        if let (VarClass::General, Some(offset)) = (info.class, info.grf_offset) {
            spans.push((offset, offset + bytes.len(), name));
        }
        state
            .write_var(vars, id, bytes)
            .map_err(|e| invalid_vector(&field, e.message))?;
    }
    // Aliases share storage: two initial values for the same byte would depend on the order.
    spans.sort();
    for pair in spans.windows(2) {
        if pair[1].0 < pair[0].1 {
            return Err(invalid_vector(
                &format!("init.vars.{}", pair[1].2),
                format!("overlaps init.vars.{} (they share storage)", pair[0].2),
            ));
        }
    }
    for (name, mask) in &init.preds {
        let field = format!("init.preds.{name}");
        let id = find(vars, name, &field)?;
        let info = vars.get(id);
        if info.class != VarClass::Predicate {
            return Err(invalid_vector(
                &field,
                format!("`{name}` is not a predicate"),
            ));
        }
        if info.num_elts < 32 && mask >> info.num_elts != 0 {
            return Err(invalid_vector(
                &field,
                format!(
                    "mask {} has bits beyond the {} elements of `{name}`",
                    hex::encode_number(u64::from(*mask)),
                    info.num_elts
                ),
            ));
        }
        let bytes = &mask.to_le_bytes()[..info.byte_size().min(4)];
        state
            .write_var(vars, id, bytes)
            .map_err(|e| invalid_vector(&field, e.message))?;
    }
    for region in &init.mem {
        state
            .mem
            .space_mut(&region.space)
            .write(region.addr, &region.bytes);
    }
    state.mem.surfaces.extend(init.surfaces.iter().cloned());
    state.mem.samplers.extend(init.samplers.iter().cloned());
    if let Some(cr0) = init.cr0 {
        let id = find(vars, CR0, "init.cr0")?;
        state
            .write_var(vars, id, &cr0.to_le_bytes())
            .map_err(|e| invalid_vector("init.cr0", e.message))?;
    }
    state.emask = init.emask.unwrap_or(u32::MAX);
    if !init.partner.is_empty() {
        // The partner thread runs the same program: its register file has the same layout,
        // zero but for the variables given.
        let mut partner = vec![0u8; state.grf.len()];
        for (name, bytes) in &init.partner {
            let field = format!("init.partner.{name}");
            let id = find(vars, name, &field)?;
            let info = vars.get(id);
            let (VarClass::General, Some(offset)) = (info.class, info.grf_offset) else {
                return Err(invalid_vector(
                    &field,
                    format!("`{name}` is not a general variable"),
                ));
            };
            if bytes.len() != info.byte_size() {
                return Err(invalid_vector(
                    &field,
                    format!(
                        "`{name}` has {} bytes, the vector gives {}",
                        info.byte_size(),
                        bytes.len()
                    ),
                ));
            }
            if let Some(slot) = partner.get_mut(offset..offset + bytes.len()) {
                slot.copy_from_slice(bytes);
            }
        }
        state.partner_grf = Some(partner);
    }
    Ok(())
}

fn read_mem(state: &MachineState, space: &str, addr: u64, len: usize) -> MemRegion {
    let mut bytes = vec![0; len];
    if let Some(mem) = state.mem.space(space) {
        mem.read(addr, &mut bytes);
    }
    MemRegion {
        space: space.to_string(),
        addr,
        bytes,
    }
}

impl Observed {
    /// Observes a memory region, noting the bytes an instruction left undefined.
    fn note_mem(&mut self, state: &MachineState, space: &str, addr: u64, len: usize) {
        if let Some(mem) = state.mem.space(space) {
            let bytes: Vec<usize> = (0..len)
                .filter(|&i| mem.is_undefined(addr.wrapping_add(i as u64)))
                .collect();
            if !bytes.is_empty() {
                self.undefined.insert(mem_place(space, addr), bytes);
            }
        }
        self.mem.push(read_mem(state, space, addr, len));
    }
}

fn pred_mask(state: &MachineState, vars: &Vars, id: VarId) -> u32 {
    let mut word = [0u8; 4];
    for (w, b) in word.iter_mut().zip(state.read_var(vars, id)) {
        *w = b;
    }
    u32::from_le_bytes(word)
}

/// Observes what `expect` names.
fn observe_expected(
    expect: &ExpectState,
    vars: &Vars,
    state: &MachineState,
) -> Result<Observed, VisaError> {
    let mut observed = Observed::default();
    for name in expect.vars.keys() {
        let field = format!("expect.vars.{name}");
        let id = find(vars, name, &field)?;
        let info = vars.get(id);
        if info.class == VarClass::Predicate {
            return Err(invalid_vector(
                &field,
                format!("`{name}` is a predicate: expect it in expect.preds"),
            ));
        }
        observed.vars.insert(name.clone(), state.read_var(vars, id));
        observed.elt_size.insert(name.clone(), info.ty.size());
        observed.note_undefined(vars, id, state);
    }
    for name in expect.preds.keys() {
        let field = format!("expect.preds.{name}");
        let id = find(vars, name, &field)?;
        if vars.get(id).class != VarClass::Predicate {
            return Err(invalid_vector(
                &field,
                format!("`{name}` is not a predicate"),
            ));
        }
        observed
            .preds
            .insert(name.clone(), pred_mask(state, vars, id));
    }
    for m in &expect.mem {
        observed.note_mem(state, &m.space, m.addr, m.bytes.len());
    }
    Ok(observed)
}

/// Observes every declared variable a vector can name (the kernel's: a function's own
/// variables and the ones of a closed `{ }` scope have no name there) and the memory `init`
/// wrote.
fn observe_all(init: &Init, vars: &Vars, state: &MachineState) -> Observed {
    let mut observed = Observed::default();
    let named = |id: VarId, name: &str| vars.find(name) == Some(id);
    for (id, info) in vars
        .iter()
        .filter(|(id, v)| !v.predefined && named(*id, &v.name))
    {
        match info.class {
            VarClass::General | VarClass::Address | VarClass::Surface | VarClass::Sampler => {
                observed
                    .vars
                    .insert(info.name.clone(), state.read_var(vars, id));
                observed.elt_size.insert(info.name.clone(), info.ty.size());
                observed.note_undefined(vars, id, state);
            }
            VarClass::Predicate => {
                observed
                    .preds
                    .insert(info.name.clone(), pred_mask(state, vars, id));
            }
        }
    }
    for r in &init.mem {
        observed.note_mem(state, &r.space, r.addr, r.bytes.len());
    }
    observed
}

/// The judgement of an outcome against an expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The first difference found.
    Fail(Mismatch),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass)
    }
}

/// The first difference between an expectation and an outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// A byte outside the allowed set. `place` is a variable name or `mem[SPACE:ADDR]`;
    /// `lane` is the element index (variables only); `expected` is the pattern byte (`??`
    /// never differs), with the alternative it came from for an `any_of` set.
    Byte {
        place: String,
        byte: usize,
        lane: Option<usize>,
        expected: String,
        actual: u8,
    },
    /// The observed value does not have the expected size.
    Size {
        place: String,
        expected: usize,
        actual: usize,
    },
    /// The outcome holds no value for an expected place.
    Missing { place: String },
    /// A predicate bit differs.
    PredBit {
        name: String,
        bit: u32,
        expected: bool,
        actual: bool,
    },
    /// An error was expected and the run succeeded.
    NoError { expected: ErrorClass },
    /// The run failed with an error the case does not expect.
    UnexpectedError { error: VisaError },
    /// The run failed with an error of another class.
    WrongError {
        expected: ErrorClass,
        error: VisaError,
    },
    /// The expected error class, naming another field than the case's `x-error-field`.
    WrongField { field: String, error: VisaError },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Byte {
                place,
                byte,
                lane,
                expected,
                actual,
            } => {
                write!(f, "{place} byte {byte}")?;
                if let Some(lane) = lane {
                    write!(f, " (lane {lane})")?;
                }
                write!(f, ": expected {expected}, got {actual:02x}")
            }
            Mismatch::Size {
                place,
                expected,
                actual,
            } => {
                write!(f, "{place}: expected {expected} bytes, got {actual}")
            }
            Mismatch::Missing { place } => write!(f, "{place}: not observed"),
            Mismatch::PredBit {
                name,
                bit,
                expected,
                actual,
            } => {
                write!(
                    f,
                    "{name} bit {bit} (lane {bit}): expected {}, got {}",
                    u8::from(*expected),
                    u8::from(*actual)
                )
            }
            Mismatch::NoError { expected } => write!(f, "expected error {expected}, got none"),
            Mismatch::UnexpectedError { error } => write!(f, "unexpected error {error}"),
            Mismatch::WrongError { expected, error } => {
                write!(f, "expected error {expected}, got {error}")
            }
            Mismatch::WrongField { field, error } => {
                let named = error.field.as_deref().unwrap_or("no field");
                write!(
                    f,
                    "expected an error naming field `{field}`, got one naming {named}: {error}"
                )
            }
        }
    }
}

/// Compares `actual` bytes with an allowed set; `lane_size` numbers lanes (variables).
fn compare_bytes(
    place: &str,
    allowed: &Allowed,
    actual: &[u8],
    lane_size: Option<usize>,
) -> Verdict {
    if allowed.allows(actual) {
        return Verdict::Pass;
    }
    if allowed.len() != actual.len() {
        return Verdict::Fail(Mismatch::Size {
            place: place.to_string(),
            expected: allowed.len(),
            actual: actual.len(),
        });
    }
    // Report against the alternative that matches the longest prefix (the first one on a tie).
    let patterns = allowed.patterns();
    let mut best: Option<(usize, usize)> = None;
    for k in 0..patterns.len() {
        if let Some(i) = allowed.first_mismatch(k, actual) {
            let later = match best {
                None => true,
                Some((_, b)) => i > b,
            };
            if later {
                best = Some((k, i));
            }
        }
    }
    let Some((k, byte)) = best else {
        return Verdict::Pass;
    };
    let mut want = match allowed.nan() {
        Some(nan)
            if patterns[k].is_nan_at(byte, nan.ty)
                && nan.elements.contains(&(byte / nan.ty.size())) =>
        {
            format!("any {} NaN", nan.ty.text())
        }
        _ => patterns[k].0[byte].map_or_else(|| "??".to_string(), |b| format!("{b:02x}")),
    };
    if let Some((w, iv)) = allowed
        .within()
        .and_then(|w| w.interval_at(byte).map(|iv| (w, iv)))
    {
        want = format!(
            "{want}, or a {} in [{}, {}] for element {}",
            w.ty.text(),
            hex::encode_number(iv.lo),
            hex::encode_number(iv.hi),
            iv.at
        );
    }
    let expected = match allowed {
        Allowed::Bytes(_) => want,
        _ => format!(
            "{want} (any_of alternative {} of {})",
            k + 1,
            patterns.len()
        ),
    };
    Verdict::Fail(Mismatch::Byte {
        place: place.to_string(),
        byte,
        lane: lane_size.filter(|s| *s > 0).map(|s| byte / s),
        expected,
        actual: actual[byte],
    })
}

/// The place name of a memory region in reports: `mem[flat:0x10000]`.
pub fn mem_place(space: &str, addr: u64) -> String {
    format!("mem[{space}:{}]", hex::encode_number(addr))
}

/// Compares an outcome with an expectation and returns the first difference: variables in
/// name order, then predicates, then memory regions in order, then buffers by index.
pub fn compare(expect: &Expect, outcome: &Outcome) -> Verdict {
    let observed = match (expect, outcome) {
        (Expect::Error(expected), Outcome::Error(e)) if e.class == *expected => {
            return Verdict::Pass
        }
        (Expect::Error(expected), Outcome::Error(e)) => {
            return Verdict::Fail(Mismatch::WrongError {
                expected: *expected,
                error: e.clone(),
            })
        }
        (Expect::Error(expected), Outcome::Ok(_)) => {
            return Verdict::Fail(Mismatch::NoError {
                expected: *expected,
            })
        }
        (Expect::State(_), Outcome::Error(e)) => {
            return Verdict::Fail(Mismatch::UnexpectedError { error: e.clone() })
        }
        (Expect::State(_), Outcome::Ok(observed)) => observed,
    };
    let Expect::State(expect) = expect else {
        return Verdict::Pass;
    };
    for (name, allowed) in &expect.vars {
        let Some(actual) = observed.vars.get(name) else {
            return Verdict::Fail(Mismatch::Missing {
                place: name.clone(),
            });
        };
        let verdict = compare_bytes(name, allowed, actual, observed.elt_size.get(name).copied());
        if !verdict.passed() {
            return verdict;
        }
    }
    for (name, want) in &expect.preds {
        let Some(got) = observed.preds.get(name) else {
            return Verdict::Fail(Mismatch::Missing {
                place: name.clone(),
            });
        };
        let diff = want ^ got;
        if diff != 0 {
            let bit = diff.trailing_zeros();
            return Verdict::Fail(Mismatch::PredBit {
                name: name.clone(),
                bit,
                expected: want >> bit & 1 == 1,
                actual: got >> bit & 1 == 1,
            });
        }
    }
    for m in &expect.mem {
        let place = mem_place(&m.space, m.addr);
        let at = |r: &&MemRegion| r.space == m.space && r.addr == m.addr;
        let same_size = observed
            .mem
            .iter()
            .filter(at)
            .find(|r| r.bytes.len() == m.bytes.len());
        let Some(region) = same_size.or_else(|| observed.mem.iter().find(at)) else {
            return Verdict::Fail(Mismatch::Missing { place });
        };
        let verdict = compare_bytes(&place, &m.bytes, &region.bytes, None);
        if !verdict.passed() {
            return verdict;
        }
    }
    for (i, allowed) in &expect.buffers {
        let place = buffer_place(*i);
        let Some(actual) = observed.buffers.get(i) else {
            return Verdict::Fail(Mismatch::Missing { place });
        };
        let verdict = compare_bytes(&place, allowed, actual, None);
        if !verdict.passed() {
            return verdict;
        }
    }
    Verdict::Pass
}

/// The place name of a launch's buffer argument in reports: `buffers[1]`.
pub fn buffer_place(index: usize) -> String {
    format!("buffers[{index}]")
}

/// The verdict of a case: [`compare`] with its `expect`; a case without `expect` passes
/// when the run succeeds.
pub fn judge(case: &Case, outcome: &Outcome) -> Verdict {
    match (&case.expect, outcome) {
        (Some(expect), _) => compare(expect, outcome),
        (None, Outcome::Ok(_)) => Verdict::Pass,
        (None, Outcome::Error(e)) => Verdict::Fail(Mismatch::UnexpectedError { error: e.clone() }),
    }
}

/// [`judge`] for this project's engines: an expected error must also name the field the
/// case states in [`vector::ERROR_FIELD_KEY`] (an implementation over `visa-dut/1` reports
/// only a class and is judged by [`judge`]).
pub fn judge_with_field(case: &Case, outcome: &Outcome) -> Verdict {
    let verdict = judge(case, outcome);
    match (vector::error_field(case), outcome) {
        (Some(want), Outcome::Error(e)) if verdict.passed() && e.field.as_deref() != Some(want) => {
            Verdict::Fail(Mismatch::WrongField {
                field: want.to_string(),
                error: e.clone(),
            })
        }
        _ => verdict,
    }
}

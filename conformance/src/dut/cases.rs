//! The cases a certification runs: golden vector files and cases generated per instruction,
//! selected by `--only`, split by `--shard`, each with its expectation and its `run`
//! request ready to send.
//!
//! Order and ids are deterministic: vector cases in sorted file order and line order, then
//! for every executed instruction (in `Opcode` order) `--generated` cases drawn from a seeded
//! runner, with ids `<insn>/gen<seed>/<nnnn>`. Expectations of generated cases (and of vector
//! lines without `expect`) come from the spec engine, and so do the errata a case
//! discriminates when its vector does not record them (`discriminates`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rayon::prelude::*;
use visa_model::asm::{self, ast};
use visa_model::contract::Contract;
use visa_model::error::ErrorClass;
use visa_model::platform::Platform;

use super::protocol::{run_request, Observe};
use super::serve::case_instruction;
use crate::expect::contract::{narrow, widen_math};
use crate::expect::{
    discriminating_parsed, float_dpas_destination, is_untyped_block2d, with_expect,
    with_expect_profiles, with_expect_straddle,
};
use crate::gen::Opcode;
use crate::registry;
use crate::vector::{collect, Case, Expect};

/// Where a case comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A line of a vector file.
    Vector { file: String, line: usize },
    /// Drawn by the generator of an instruction.
    Generated { seed: u64 },
}

impl Source {
    pub fn describe(&self) -> String {
        match self {
            Source::Vector { file, line } => format!("{file}:{line}"),
            Source::Generated { seed } => format!("generated (seed {seed})"),
        }
    }
}

/// A case ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub id: String,
    /// The lower-case mnemonic of its first instruction (`?` when there is none).
    pub instruction: String,
    pub platform: Platform,
    pub source: Source,
    /// The case without `expect`.
    pub case: Case,
    pub expect: Expect,
    /// The `run` request line; its `seq` is the case's index in the run.
    pub request: Vec<u8>,
    /// Element size of each declared general variable, to report lanes.
    pub elt_size: BTreeMap<String, usize>,
    /// The errata the case discriminates, with its expectation under their other reading.
    pub errata: Vec<crate::expect::Discriminating>,
}

/// `--only`: comma-separated alternatives. An alternative with `/`, `*` or `?` is a glob on
/// the case id (`*` any run of characters, `?` one character); any other is an instruction
/// mnemonic.
#[derive(Clone, Debug, Default)]
pub struct Only {
    instructions: BTreeSet<String>,
    globs: Vec<String>,
}

impl Only {
    pub fn parse(pattern: Option<&str>) -> Only {
        let mut only = Only::default();
        for alt in pattern.unwrap_or_default().split(',').map(str::trim) {
            if alt.is_empty() {
                continue;
            }
            if alt.contains(['/', '*', '?']) {
                only.globs.push(alt.to_string());
            } else {
                only.instructions.insert(alt.to_ascii_lowercase());
            }
        }
        only
    }

    pub fn is_all(&self) -> bool {
        self.instructions.is_empty() && self.globs.is_empty()
    }

    pub fn matches(&self, id: &str, instruction: &str) -> bool {
        self.is_all()
            || self.instructions.contains(instruction)
            || self.globs.iter().any(|g| glob(g.as_bytes(), id.as_bytes()))
    }

    /// Whether some case of `instruction` can match (to skip generating the others).
    fn may_match(&self, instruction: &str) -> bool {
        self.is_all() || !self.globs.is_empty() || self.instructions.contains(instruction)
    }
}

/// `*` and `?` matching of a whole string.
fn glob(p: &[u8], s: &[u8]) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        if pi < p.len() && (p[pi] == b'?' || p[pi] == s[si]) {
            pi += 1;
            si += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, si));
            pi += 1;
        } else if let Some((sp, ss)) = star {
            pi = sp + 1;
            si = ss + 1;
            star = Some((sp, ss + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == b'*')
}

/// `--shard K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub k: u32,
    pub n: u32,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not K/N (e.g. 2/4)"))?;
        let k: u32 = k
            .trim()
            .parse()
            .map_err(|_| format!("`{k}` is not a number"))?;
        let n: u32 = n
            .trim()
            .parse()
            .map_err(|_| format!("`{n}` is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(format!("shard {k}/{n}: K must be between 1 and N"));
        }
        Ok(Shard { k, n })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// What to build the case set from.
#[derive(Clone, Debug)]
pub struct Selection {
    pub vectors: Vec<PathBuf>,
    pub generated: usize,
    pub seed: u64,
    pub only: Only,
    pub shard: Option<Shard>,
    /// The accuracy contract the approximated math results are graded against.
    pub contract: Contract,
}

/// A seeded runner per instruction, in a domain of its own (so the generated cases are not
/// the golden vectors drawn again).
fn runner(seed: u64, op: Opcode) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&(op as u64).to_le_bytes());
    bytes[16..24].copy_from_slice(b"certify\0");
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// An unprepared case: the case and where it came from.
struct Raw {
    case: Case,
    instruction: String,
    source: Source,
}

/// A selected case before its expectation is computed: enough to count a run's cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selected {
    pub id: String,
    pub instruction: String,
    pub platform: Platform,
    pub generated: bool,
    pub tags: Vec<String>,
    /// The error class a vector case expects (generated cases have no expectation yet).
    pub expects_error: Option<ErrorClass>,
}

/// The cases [`build`] would prepare, in its order, without computing expectations (for
/// counting a run's cases quickly).
pub fn select(sel: &Selection) -> Result<Vec<Selected>, Vec<String>> {
    Ok(raw(sel)?
        .into_iter()
        .map(|r| Selected {
            id: r.case.id,
            instruction: r.instruction,
            platform: r.case.platform,
            generated: matches!(r.source, Source::Generated { .. }),
            expects_error: match &r.case.expect {
                Some(Expect::Error(class)) => Some(*class),
                _ => None,
            },
            tags: r.case.tags,
        })
        .collect())
}

/// How far [`build_with`] has come, for a caller watching it from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// The cases selected, once known (until then [`usize::MAX`]).
    pub selected: AtomicUsize,
    /// The cases whose expectation and request are ready.
    pub prepared: AtomicUsize,
}

impl Progress {
    pub fn new() -> Progress {
        Progress {
            selected: AtomicUsize::new(usize::MAX),
            prepared: AtomicUsize::new(0),
        }
    }

    /// The cases selected, once known.
    pub fn selected(&self) -> Option<usize> {
        Some(self.selected.load(Ordering::Relaxed)).filter(|n| *n != usize::MAX)
    }
}

/// Builds the case set: errors are unreadable files and malformed vector lines (they are
/// the runner's input, not the implementation's fault).
pub fn build(sel: &Selection) -> Result<Vec<Prepared>, Vec<String>> {
    build_with(sel, &Progress::new())
}

/// [`build`], counting its progress in `progress`. Once the run is interrupted, no further
/// case is prepared and the build fails.
pub fn build_with(sel: &Selection, progress: &Progress) -> Result<Vec<Prepared>, Vec<String>> {
    let raws = raw(sel)?;
    progress.selected.store(raws.len(), Ordering::Relaxed);
    let prepared: Vec<Result<Prepared, String>> = raws
        .into_par_iter()
        .enumerate()
        .map(|(index, raw)| {
            // Computing expectations takes seconds: an interrupted run stops it.
            if super::runner::interrupted() {
                return Err("interrupted".to_string());
            }
            let p = prepare(index, raw, sel.contract);
            progress.prepared.fetch_add(1, Ordering::Relaxed);
            p
        })
        .collect();
    let mut errors = Vec::new();
    let mut out = Vec::with_capacity(prepared.len());
    for p in prepared {
        match p {
            Ok(p) => out.push(p),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The selected cases, unprepared, in run order.
fn raw(sel: &Selection) -> Result<Vec<Raw>, Vec<String>> {
    let mut raws = Vec::new();
    let mut errors = Vec::new();
    let mut files = Vec::new();
    for (file, entries) in collect(&sel.vectors) {
        match entries {
            Ok(entries) => files.push((file, entries)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    for (file, entries) in files {
        for entry in entries {
            match entry.case {
                Ok(case) => {
                    let instruction =
                        case_instruction(&case.id, &case.program).unwrap_or_else(|| "?".into());
                    raws.push(Raw {
                        source: Source::Vector {
                            file: file.clone(),
                            line: entry.line,
                        },
                        instruction,
                        case,
                    });
                }
                Err(e) => errors.push(e.to_string()),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Each instruction draws from its own runner: generate them in parallel, keep the order.
    let ops: Vec<Opcode> = Opcode::ALL
        .into_iter()
        .filter(|o| sel.generated > 0 && sel.only.may_match(o.mnemonic()))
        // An opcode is generated through its registry row; control flow has no other
        // generator.
        .filter(|o| !o.is_flow() || registry::row(*o).is_some())
        .collect();
    let drawn: Vec<Result<Vec<Raw>, String>> = ops
        .par_iter()
        .map(|&op| {
            let mut runner = runner(sel.seed, op);
            let strategy = registry::case(op);
            (1..=sel.generated)
                .map(|n| {
                    let tree = strategy
                        .new_tree(&mut runner)
                        .map_err(|e| format!("{}: the generator failed: {e}", op.mnemonic()))?;
                    let id = format!("{}/gen{}/{n:04}", op.mnemonic(), sel.seed);
                    Ok(Raw {
                        case: tree.current().to_case(&id),
                        instruction: op.mnemonic().to_string(),
                        source: Source::Generated { seed: sel.seed },
                    })
                })
                .collect()
        })
        .collect();
    for d in drawn {
        raws.extend(d.map_err(|e| vec![e])?);
    }
    raws.retain(|r| sel.only.matches(&r.case.id, &r.instruction));
    if let Some(shard) = sel.shard {
        let (k, n) = (shard.k as usize, shard.n as usize);
        raws = raws
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % n == k - 1)
            .map(|(_, r)| r)
            .collect();
    }
    Ok(raws)
}

/// The declared names the runner asks for when the case expects an error (so an answer
/// that is a state can be shown), and the element sizes of general variables, from the
/// case's parsed program (none when it does not parse).
fn declarations(tree: Option<&ast::Program>) -> (Observe, BTreeMap<String, usize>) {
    let mut observe = Observe::default();
    let mut sizes = BTreeMap::new();
    if let Some(tree) = tree {
        for line in &tree.lines {
            if let ast::LineKind::Decl(d) = &line.kind {
                match d.class {
                    ast::VarClass::General => {
                        observe.vars.push(d.name.clone());
                        if let Some(ty) = d.ty {
                            sizes.insert(d.name.clone(), ty.size());
                        }
                    }
                    ast::VarClass::Address => observe.vars.push(d.name.clone()),
                    ast::VarClass::Predicate => observe.preds.push(d.name.clone()),
                    ast::VarClass::Surface | ast::VarClass::Sampler => {}
                }
            }
        }
    }
    (observe, sizes)
}

fn prepare(index: usize, raw: Raw, contract: Contract) -> Result<Prepared, String> {
    prepare_one(index, raw.case, raw.instruction, raw.source, contract)
}

/// Computes a case's expectation when it has none and builds its request with `seq` index.
/// Under another contract than the default, the intervals of an approximated math result
/// (its vector's, or the default's a generated case gets) are those of `contract`. The errata
/// the case discriminates are the ones its vector records (`discriminates`), else computed
/// from its program parsed once.
pub fn prepare_one(
    index: usize,
    mut case: Case,
    instruction: String,
    source: Source,
    contract: Contract,
) -> Result<Prepared, String> {
    let recorded = case.discriminates.take();
    let expect = match case.expect.take() {
        Some(e) => e,
        // A launch case: the spec engine's launch.
        None if case.launch.is_some() => crate::launch::cases::with_expect(case.clone())?
            .expect
            .ok_or_else(|| format!("{}: no expectation computed", case.id))?,
        // A float DPAS case that pins no numeric profile accepts the result of every profile.
        None if case.profile.is_none() && float_dpas_destination(&case).is_some() => {
            with_expect_profiles(case.clone())?
                .expect
                .ok_or_else(|| format!("{}: no expectation computed", case.id))?
        }
        // A block 2D case accepts either reading of an element across the surface width.
        None if is_untyped_block2d(&case) => with_expect_straddle(case.clone())?
            .expect
            .ok_or_else(|| format!("{}: no expectation computed", case.id))?,
        None => with_expect(case.clone())?
            .expect
            .ok_or_else(|| format!("{}: no expectation computed", case.id))?,
    };
    let expect = if contract == Contract::default() {
        expect
    } else {
        widen_math(&case, narrow(expect), contract)
    };
    let tree = asm::parse(&case.program).ok();
    let (mut all, elt_size) = declarations(tree.as_ref());
    if let Some(launch) = &case.launch {
        // A launch observes its buffers, not the kernel's variables.
        all = Observe {
            buffers: launch.buffer_args(),
            ..Observe::default()
        };
    }
    let observe = Observe::of(&expect).unwrap_or(all);
    let request = run_request(index as u64, &case, Some(&observe)).into_bytes();
    let errata = match (recorded, &tree) {
        (Some(recorded), _) => recorded,
        // The errata a launch discriminates are not looked for: it runs as one reading.
        (None, _) if case.launch.is_some() => Vec::new(),
        (None, Some(tree)) => discriminating_parsed(&case, tree, &expect),
        // A run stops at the syntax error before it asks about any erratum.
        (None, None) => Vec::new(),
    };
    Ok(Prepared {
        id: case.id.clone(),
        instruction,
        platform: case.platform,
        source,
        case,
        expect,
        request,
        elt_size,
        errata,
    })
}

/// Whether `path` looks like the project's vectors directory (the default `--vectors`).
pub fn default_vectors() -> Option<PathBuf> {
    let p = Path::new("vectors");
    p.is_dir().then(|| p.to_path_buf())
}

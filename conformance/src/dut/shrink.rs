//! Shrinking a failing case by asking the implementation again.
//!
//! The shrinker edits the case one simplification at a time and keeps an edit when the
//! implementation still fails the edited case in the same way (same failure kind, and an
//! expectation of the same kind: a state, or the same error class). The expectation of each
//! edit comes from the spec engine; edits the spec rejects are dropped without asking.
//!
//! Simplifications, tried in this order and repeated until none applies or the budget of
//! questions is spent: fewer blocks (a label's or subroutine's block, a function, runs of
//! consecutive instructions in halving chunks, with the branches to the labels removed);
//! fewer instructions; labels nothing names; fewer lanes (the first differing channel alone,
//! every operand moved to the element it reads or writes; smaller execution sizes, region
//! widths clamped or scaled); smaller shapes (DPAS and DPASW repeat counts; LSC vector sizes;
//! block 2D block counts, widths and heights); simpler control (no predicate, no `_NM`, `M1`, no `.sat`, no errata pins,
//! default `%cr0` and execution mask); simpler regions (origin `(0,0)`, `<0;1,0>`, `<1;1,0>`,
//! destination stride 1); no source modifiers; registers replaced by the immediate they
//! hold; unused declarations removed; smaller variables; then values: elements zeroed in
//! halving chunks, memory regions dropped, halved or zeroed, each remaining element moved to a simpler value (1, the nearest edge value
//! of its type, half its magnitude) and one place down into a zero element, immediates moved
//! to simpler values, predicate bits cleared. A value is simpler than another
//! when it is zero, or an edge value and the other is not, or of smaller magnitude in the
//! same class, so shrinking always ends.
//!
//! Shrinking also ends when its [`Limits`] say so: the questions or the time allowed are
//! spent, the run is interrupted, or a candidate's answer is a protocol fault (a timeout, a
//! crash, a malformed answer) other than the failure being shrunk: that fault is not the
//! failure the case shows, and an implementation that hangs or dies on one candidate
//! would likely do so on the next ones, each costing a time limit. The case shrunk so far
//! is kept, with the reason shrinking stopped ([`Stopped`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use visa_model::asm::{self, ast};
use visa_model::error::ErrorClass;
use visa_model::types::DataType;

use super::grade::{Diff, Graded};
use super::runner::Fault;
use crate::gen::edge_values;
use crate::vector::{Case, Expect};

/// One edit of an instruction line.
type Edit = Box<dyn Fn(&mut ast::InsnLine)>;
/// A kind of simplification: the candidates it makes from a case (and its first difference).
type Pass = fn(&Case, Option<&Diff>) -> Vec<Case>;

/// How far shrinking one case may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Questions asked at most (and 20 times as many candidates tried, asked or not).
    pub asks: usize,
    /// No question is asked after this instant.
    pub deadline: Option<Instant>,
    /// Whether the run was interrupted: no question is asked once it returns true.
    pub interrupted: fn() -> bool,
}

impl Limits {
    /// `asks` questions, no time limit, never interrupted.
    pub fn asks(asks: usize) -> Limits {
        Limits {
            asks,
            deadline: None,
            interrupted: || false,
        }
    }
}

/// Why shrinking a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// No simplification of the case shrunk so far fails the same way.
    Done,
    /// The questions allowed ([`Limits::asks`]) were asked.
    Asks,
    /// The time allowed ([`Limits::deadline`]) ran out.
    Time,
    /// The run was interrupted.
    Interrupted,
    /// A candidate's answer was a protocol fault of another kind than the failure shrunk:
    /// the fault's kind and message.
    Fault { kind: String, message: String },
}

impl Stopped {
    /// The reason as the report says it (`done`, `asks`, `time`, `interrupted`, `fault`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Stopped::Done => "done",
            Stopped::Asks => "asks",
            Stopped::Time => "time",
            Stopped::Interrupted => "interrupted",
            Stopped::Fault { .. } => "fault",
        }
    }
}

/// The result of shrinking.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The minimal case, with its expectation.
    pub case: Case,
    /// How the implementation failed it.
    pub graded: Graded,
    /// Questions asked.
    pub asks: usize,
    /// Edits kept.
    pub steps: usize,
    /// Why shrinking ended.
    pub stopped: Stopped,
}

/// Measures of a case's size, for reports and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Sum of the instructions' execution sizes.
    pub lanes: u32,
    /// Bytes of the case's line without `expect`.
    pub line_bytes: usize,
    /// Non-zero bytes of `init.vars`.
    pub nonzero_bytes: usize,
}

pub fn size(case: &Case) -> Size {
    let lanes = asm::parse(&case.program)
        .map(|t| {
            t.lines
                .iter()
                .filter_map(|l| match &l.kind {
                    ast::LineKind::Insn(i) => Some(i.exec.map_or(1, |e| e.size)),
                    _ => None,
                })
                .sum()
        })
        .unwrap_or(0);
    Size {
        lanes,
        line_bytes: case.without_expect().to_line().len(),
        nonzero_bytes: case
            .init
            .vars
            .values()
            .map(|b| b.iter().filter(|x| **x != 0).count())
            .sum(),
    }
}

/// The kind of an expectation: `None` for a state, else the error class.
fn expect_kind(e: &Expect) -> Option<ErrorClass> {
    match e {
        Expect::State(_) => None,
        Expect::Error(c) => Some(*c),
    }
}

struct Shrinker<E, A> {
    kind: Option<String>,
    expect_kind: Option<ErrorClass>,
    limits: Limits,
    /// Set once a limit is reached or a candidate's answer is a foreign protocol fault.
    stopped: Option<Stopped>,
    asks: usize,
    tries: usize,
    steps: usize,
    expectation: E,
    ask: A,
    best: Case,
    best_expect: Expect,
    best_graded: Graded,
}

impl<E, A> Shrinker<E, A>
where
    E: Fn(&Case) -> Option<Expect>,
    A: FnMut(&Case, &Expect) -> Graded,
{
    /// Whether shrinking must end (recording why, the first time).
    fn exhausted(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        let budget = self.limits.asks;
        self.stopped = if (self.limits.interrupted)() {
            Some(Stopped::Interrupted)
        } else if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stopped::Time)
        } else if self.asks >= budget || self.tries >= budget.saturating_mul(20) {
            Some(Stopped::Asks)
        } else {
            None
        };
        self.stopped.is_some()
    }

    /// Keeps `candidate` when it still fails the same way.
    fn test(&mut self, mut candidate: Case) -> bool {
        candidate.expect = None;
        if self.exhausted() || candidate == self.best {
            return false;
        }
        self.tries += 1;
        let Some(expect) = (self.expectation)(&candidate) else {
            return false;
        };
        if expect_kind(&expect) != self.expect_kind {
            return false;
        }
        self.asks += 1;
        let graded = (self.ask)(&candidate, &expect);
        let kind = graded.kind().map(str::to_string);
        if kind != self.kind {
            if let (Some(kind), Some(f)) = (kind, graded.failure.as_ref()) {
                if Fault::parse(&kind).is_some() {
                    // A fault cut short by the deadline or an interrupt is that, not the
                    // implementation's.
                    if !self.exhausted() {
                        self.stopped = Some(Stopped::Fault {
                            kind,
                            message: f.message.clone(),
                        });
                    }
                }
            }
            return false;
        }
        if !graded.failed() {
            return false;
        }
        self.best = candidate;
        self.best_expect = expect;
        self.best_graded = graded;
        self.steps += 1;
        true
    }
}

/// Shrinks `case` (which `graded` says the implementation fails, against `expect`) within
/// `limits`. `expectation` gives a candidate's expectation (from the spec engine; `None`
/// when it has none); `ask` asks the implementation and grades its answer.
pub fn shrink<E, A>(
    case: &Case,
    expect: &Expect,
    graded: &Graded,
    limits: Limits,
    expectation: E,
    ask: A,
) -> Shrunk
where
    E: Fn(&Case) -> Option<Expect>,
    A: FnMut(&Case, &Expect) -> Graded,
{
    let mut s = Shrinker {
        kind: graded.kind().map(str::to_string),
        expect_kind: expect_kind(expect),
        limits,
        stopped: None,
        asks: 0,
        tries: 0,
        steps: 0,
        expectation,
        ask,
        best: case.without_expect(),
        best_expect: expect.clone(),
        best_graded: graded.clone(),
    };
    let passes: &[Pass] = &[
        |c, _| fewer_blocks(c),
        |c, _| fewer_instructions(c),
        |c, _| unused_labels(c),
        focus_lane,
        |c, _| fewer_lanes(c),
        |c, _| smaller_shapes(c),
        |c, _| simpler_control(c),
        |c, _| simpler_regions(c),
        |c, _| drop_modifiers(c),
        |c, _| immediates(c),
        |c, _| unused_vars(c),
        |c, _| smaller_vars(c),
        |c, _| zero_values(c),
        |c, _| smaller_memory(c),
        |c, _| simpler_values(c),
        |c, _| earlier_values(c),
        |c, _| simpler_immediates(c),
        |c, _| simpler_preds(c),
    ];
    loop {
        let mut improved = false;
        for pass in passes {
            // Re-derive the candidates after every edit kept.
            'pass: loop {
                let diff = s.best_graded.failure.as_ref().and_then(|f| f.diff.clone());
                for candidate in pass(&s.best, diff.as_ref()) {
                    if s.exhausted() {
                        break 'pass;
                    }
                    if s.test(candidate) {
                        improved = true;
                        continue 'pass;
                    }
                }
                break;
            }
        }
        if !improved || s.exhausted() {
            break;
        }
    }
    let stopped = s.stopped.take().unwrap_or(Stopped::Done);
    let mut minimal = s.best;
    minimal.expect = Some(s.best_expect);
    Shrunk {
        case: minimal,
        graded: s.best_graded,
        asks: s.asks,
        steps: s.steps,
        stopped,
    }
}

/// `case` with its program edited by `f` (`None` when `f` changes nothing).
fn edit(case: &Case, f: impl FnOnce(&mut ast::Program) -> bool) -> Option<Case> {
    let mut tree = asm::parse(&case.program).ok()?;
    if !f(&mut tree) {
        return None;
    }
    let mut c = case.clone();
    c.program = asm::print(&tree);
    Some(c)
}

/// Indices of the instruction lines.
fn insn_indices(tree: &ast::Program) -> Vec<usize> {
    tree.lines
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.kind, ast::LineKind::Insn(_)))
        .map(|(i, _)| i)
        .collect()
}

fn insn_mut(tree: &mut ast::Program, line: usize) -> Option<&mut ast::InsnLine> {
    match &mut tree.lines.get_mut(line)?.kind {
        ast::LineKind::Insn(i) => Some(i),
        _ => None,
    }
}

/// For each instruction line, candidates made by `f(insn) -> edits`, each edit applied to a
/// fresh copy.
fn per_insn(case: &Case, f: impl Fn(&ast::InsnLine) -> Vec<Edit>) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in insn_indices(&tree) {
        let Some(ast::LineKind::Insn(insn)) = tree.lines.get(line).map(|l| &l.kind) else {
            continue;
        };
        for change in f(insn) {
            if let Some(c) = edit(case, |t| {
                let Some(i) = insn_mut(t, line) else {
                    return false;
                };
                let before = i.clone();
                change(i);
                *i != before
            }) {
                out.push(c);
            }
        }
    }
    out
}

/// Whether a line opens a block: a label, a subroutine label or a function.
fn opens_block(line: &ast::Line) -> bool {
    match &line.kind {
        ast::LineKind::Label(_) => true,
        ast::LineKind::Directive { name, .. } => name == "function" || name == "global_function",
        _ => false,
    }
}

/// Whole blocks of a program at once: from each label, subroutine label or function to the
/// next, and runs of consecutive instructions in halving chunks (the chunks of a
/// straight-line program too). A candidate drops the instructions of the range with the
/// labels it defines, and every instruction that names one of those labels.
fn fewer_blocks(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let n = tree.lines.len();
    let starts: Vec<usize> = (0..n).filter(|&k| opens_block(&tree.lines[k])).collect();
    let mut ranges: Vec<std::ops::Range<usize>> = starts
        .iter()
        .enumerate()
        .map(|(k, &s)| s..starts.get(k + 1).copied().unwrap_or(n))
        .collect();
    let insns = insn_indices(&tree);
    let mut chunk = insns.len() / 2;
    while chunk >= 2 {
        for c in insns.chunks(chunk) {
            ranges.push(c[0]..c[c.len() - 1] + 1);
        }
        chunk /= 2;
    }
    let mut seen = BTreeSet::new();
    ranges
        .into_iter()
        .filter(|r| seen.insert((r.start, r.end)))
        .filter_map(|r| edit(case, |t| remove_block(t, r)))
        .collect()
}

/// Removes the instructions, labels and subroutine or function openers in `range` (keeping
/// declarations, scopes and the other directives), then every instruction that names a
/// removed label. Whether anything was removed.
fn remove_block(tree: &mut ast::Program, range: std::ops::Range<usize>) -> bool {
    let mut gone = BTreeSet::new();
    let mut removed = false;
    let mut k = 0;
    tree.lines.retain(|line| {
        let inside = range.contains(&k);
        k += 1;
        if !inside {
            return true;
        }
        match &line.kind {
            ast::LineKind::Label(name) => {
                gone.insert(name.clone());
            }
            ast::LineKind::Directive { name, args } if opens_block(line) && name == "function" => {
                if let Some(a) = args.first() {
                    gone.insert(a.trim_matches('"').to_string());
                }
            }
            ast::LineKind::Insn(_) => {}
            _ if opens_block(line) => {}
            _ => return true,
        }
        removed = true;
        false
    });
    tree.lines.retain(|line| match &line.kind {
        ast::LineKind::Insn(insn) => !insn
            .operands
            .iter()
            .flat_map(label_names)
            .any(|n| gone.contains(&n)),
        _ => true,
    });
    removed
}

/// The labels and subroutine labels no instruction names, removed together.
fn unused_labels(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let all: BTreeSet<String> = tree
        .lines
        .iter()
        .filter_map(|l| match &l.kind {
            ast::LineKind::Insn(insn) => Some(insn),
            _ => None,
        })
        .flat_map(|insn| insn.operands.iter())
        .flat_map(label_names)
        .collect();
    edit(case, |t| {
        let before = t.lines.len();
        t.lines.retain(|l| match &l.kind {
            ast::LineKind::Label(name) => all.contains(name),
            ast::LineKind::Directive { name, args } if name == "function" => args
                .first()
                .is_some_and(|a| all.contains(a.trim_matches('"'))),
            _ => true,
        });
        t.lines.len() != before
    })
    .into_iter()
    .collect()
}

/// The bare names an operand holds (a label, or a SWITCHJMP table's labels).
fn label_names(op: &ast::Operand) -> Vec<String> {
    match &op.kind {
        ast::OperandKind::Name(n) => vec![n.clone()],
        ast::OperandKind::Group(items) => items.iter().flat_map(label_names).collect(),
        _ => Vec::new(),
    }
}

fn fewer_instructions(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let lines = insn_indices(&tree);
    if lines.len() < 2 {
        return Vec::new();
    }
    lines
        .iter()
        .filter_map(|&k| {
            edit(case, |t| {
                t.lines.remove(k);
                true
            })
        })
        .collect()
}

/// One lane: the channel whose destination element differs first, alone, with every
/// operand's origin moved to the element that channel reads or writes (and its predicate
/// and execution-mask bits moved to channel 0).
fn focus_lane(case: &Case, diff: Option<&Diff>) -> Vec<Case> {
    let (Some(diff), Ok(tree)) = (diff, asm::parse(&case.program)) else {
        return Vec::new();
    };
    let lines = insn_indices(&tree);
    let [line] = lines.as_slice() else {
        return Vec::new();
    };
    let decls = general_decls(&tree);
    let Some(ast::LineKind::Insn(insn)) = tree.lines.get(*line).map(|l| &l.kind) else {
        return Vec::new();
    };
    let size = insn.exec.map_or(1, |e| e.size) as usize;
    let grf = case.platform.grf_size();
    // The element of an operand's variable at (row, col) and the row length.
    let geometry = |name: &str, ty: Option<DataType>, origin: &[u32]| -> Option<(usize, usize)> {
        let ty = ty.or_else(|| decls.get(name).map(|d| d.0))?;
        let row = grf / ty.size();
        match origin {
            [r, c] => Some((*r as usize * row + *c as usize, row)),
            _ => None,
        }
    };
    let Some(ast::OperandKind::Var {
        name,
        origin,
        region: Some(ast::RegionSyntax::Dst { hstride }),
        ty,
        ..
    }) = insn.operands.first().map(|o| &o.kind)
    else {
        return Vec::new();
    };
    let (Some((first, _)), Some(lane)) = (geometry(name, *ty, origin), diff.lane) else {
        return Vec::new();
    };
    let hs = (*hstride).max(1) as usize;
    if diff.place != *name || lane < first || (lane - first) % hs != 0 {
        return Vec::new();
    }
    let ch = (lane - first) / hs;
    if ch == 0 || ch >= size {
        return Vec::new();
    }
    let mut ok = true;
    let edited = edit(case, |t| {
        let Some(i) = insn_mut(t, *line) else {
            return false;
        };
        if let Some(e) = &mut i.exec {
            e.size = 1;
        }
        for (k, op) in i.operands.iter_mut().enumerate() {
            let ast::OperandKind::Var {
                name,
                origin,
                region,
                ty,
                ..
            } = &mut op.kind
            else {
                continue;
            };
            let Some((first, row)) = geometry(name, *ty, origin) else {
                ok = false;
                continue;
            };
            let element = match region {
                Some(ast::RegionSyntax::Dst { hstride }) if k == 0 => {
                    first + ch * (*hstride).max(1) as usize
                }
                Some(ast::RegionSyntax::Src {
                    vstride,
                    width,
                    hstride,
                }) => {
                    let w = (*width).max(1) as usize;
                    let e = first + ch / w * *vstride as usize + ch % w * *hstride as usize;
                    *region = Some(SIMPLE_REGIONS[0]);
                    e
                }
                _ => {
                    ok = false;
                    continue;
                }
            };
            *origin = vec![(element / row) as u32, (element % row) as u32];
        }
        true
    });
    let Some(mut c) = edited.filter(|_| ok) else {
        return Vec::new();
    };
    // Channel `ch` read bits offset + ch of the predicate and the execution mask.
    let offset = insn.exec.and_then(|e| e.mask).map_or(0, |m| m.offset()) as usize;
    let move_bit = |mask: u32| {
        let bit = (offset + ch < 32 && mask >> (offset + ch) & 1 == 1) as u32;
        (mask & !(1 << offset)) | bit << offset
    };
    if let Some(p) = &insn.pred {
        if let Some(m) = c.init.preds.get_mut(&p.name) {
            *m = move_bit(*m);
        }
    }
    if let Some(e) = c.init.emask {
        c.init.emask = Some(move_bit(e));
    }
    vec![c]
}

fn fewer_lanes(case: &Case) -> Vec<Case> {
    per_insn(case, |insn| {
        let size = insn.exec.map_or(1, |e| e.size);
        let mut changes: Vec<Edit> = Vec::new();
        for n in [1u32, 2, 4, 8, 16].into_iter().filter(|n| *n < size) {
            // Region widths clamped to the new size, or scaled with it (which keeps a
            // region of several rows several rows).
            for scaled in [false, true] {
                changes.push(Box::new(move |i: &mut ast::InsnLine| {
                    if let Some(e) = &mut i.exec {
                        e.size = n;
                    }
                    for op in i.operands.iter_mut().skip(1) {
                        if let ast::OperandKind::Var {
                            region: Some(ast::RegionSyntax::Src { width, .. }),
                            ..
                        } = &mut op.kind
                        {
                            *width = if scaled {
                                (*width * n / size).max(1)
                            } else {
                                (*width).min(n)
                            };
                        }
                    }
                }));
            }
        }
        changes
    })
}

/// Smaller repeat counts (the last dot-separated word of `dpas.W.A.SD.RC` and
/// `dpasw.W.A.SD.RC`) and smaller LSC data shapes ([`smaller_data_shapes`]).
fn smaller_shapes(case: &Case) -> Vec<Case> {
    per_insn(case, |insn| {
        let mut changes: Vec<Edit> = Vec::new();
        if matches!(insn.opcode.as_str(), "dpas" | "dpasw") && insn.mods.len() == 4 {
            if let Ok(rc) = insn.mods[3].parse::<u32>() {
                for smaller in smaller_counts(rc) {
                    changes.push(Box::new(move |i: &mut ast::InsnLine| {
                        if let Some(m) = i.mods.get_mut(3) {
                            *m = smaller.to_string();
                        }
                    }));
                }
            }
        }
        for (k, op) in insn.operands.iter().enumerate() {
            let ast::OperandKind::Data { shape, .. } = &op.kind else {
                continue;
            };
            for smaller in smaller_data_shapes(shape) {
                changes.push(Box::new(move |i: &mut ast::InsnLine| {
                    if let Some(ast::OperandKind::Data { shape, .. }) =
                        i.operands.get_mut(k).map(|o| &mut o.kind)
                    {
                        *shape = smaller.clone();
                    }
                }));
            }
        }
        changes
    })
}

/// Counts below `n` to try, smallest first: 1, then half of `n`, then `n - 1`.
fn smaller_counts(n: u32) -> Vec<u32> {
    let mut out: Vec<u32> = [1, n / 2, n.saturating_sub(1)]
        .into_iter()
        .filter(|c| *c >= 1 && *c < n)
        .collect();
    out.dedup();
    out
}

/// Smaller versions of an LSC data operand's shape as written in the text (see
/// `reference/asm-syntax.md`): the vector size of `d32x4` or `d32x16t` (down to no vector
/// size at all); the block count, block width and block height of a block 2D shape
/// `d16.2x16x32nn` (the count of 1 omitted, each dimension halved). Shapes the spec then
/// rejects are dropped by the shrinker without asking the implementation.
fn smaller_data_shapes(shape: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((size, dims)) = shape.split_once('.') {
        let split = dims
            .find(|c: char| c.is_ascii_alphabetic() && c != 'x')
            .unwrap_or(dims.len());
        let (numbers, letters) = dims.split_at(split);
        let parsed: Option<Vec<u32>> = numbers.split('x').map(|n| n.parse().ok()).collect();
        let (blocks, width, height) = match parsed.as_deref() {
            Some([b, w, h]) => (*b, *w, *h),
            Some([w, h]) => (1, *w, *h),
            _ => return out,
        };
        let spell = |b: u32, w: u32, h: u32| {
            if b == 1 {
                format!("{size}.{w}x{h}{letters}")
            } else {
                format!("{size}.{b}x{w}x{h}{letters}")
            }
        };
        out.extend(
            smaller_counts(blocks)
                .into_iter()
                .map(|b| spell(b, width, height)),
        );
        out.extend(
            [width / 2]
                .into_iter()
                .filter(|w| *w >= 1)
                .map(|w| spell(blocks, w, height)),
        );
        out.extend(
            [height / 2]
                .into_iter()
                .filter(|h| *h >= 1)
                .map(|h| spell(blocks, width, h)),
        );
        return out;
    }
    let Some((size, rest)) = shape.split_once('x') else {
        return out;
    };
    let split = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, suffix) = rest.split_at(split);
    let Ok(vector) = digits.parse::<u32>() else {
        return out;
    };
    if vector > 1 {
        out.push(format!("{size}{suffix}"));
    }
    out.extend(
        smaller_counts(vector)
            .into_iter()
            .filter(|v| *v > 1)
            .map(|v| format!("{size}x{v}{suffix}")),
    );
    out
}

/// The case's initial memory regions: each dropped, cut to its first or second half, or
/// zeroed.
fn smaller_memory(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (k, region) in case.init.mem.iter().enumerate() {
        let mut dropped = case.clone();
        dropped.init.mem.remove(k);
        out.push(dropped);
        let half = region.bytes.len() / 2;
        if half > 0 {
            let mut first = case.clone();
            first.init.mem[k].bytes.truncate(half);
            out.push(first);
            let mut second = case.clone();
            second.init.mem[k].addr = region.addr.saturating_add(half as u64);
            second.init.mem[k].bytes.drain(..half);
            out.push(second);
        }
        if region.bytes.iter().any(|b| *b != 0) {
            let mut zeroed = case.clone();
            zeroed.init.mem[k].bytes.fill(0);
            out.push(zeroed);
        }
    }
    out
}

fn simpler_control(case: &Case) -> Vec<Case> {
    let mut out = per_insn(case, |_| {
        vec![
            Box::new(|i: &mut ast::InsnLine| i.pred = None),
            Box::new(|i: &mut ast::InsnLine| {
                if let Some(p) = &mut i.pred {
                    p.combine = ast::PredCombine::None;
                }
            }),
            Box::new(|i: &mut ast::InsnLine| {
                if let Some(p) = &mut i.pred {
                    p.invert = false;
                }
            }),
            Box::new(|i: &mut ast::InsnLine| {
                if let Some(ast::ExecSpec { mask: Some(m), .. }) = &mut i.exec {
                    m.no_mask = false;
                }
            }),
            Box::new(|i: &mut ast::InsnLine| {
                if let Some(ast::ExecSpec { mask: Some(m), .. }) = &mut i.exec {
                    m.group = 1;
                }
            }),
            Box::new(|i: &mut ast::InsnLine| i.mods.retain(|m| m != "sat")),
        ]
    });
    for id in case.errata.keys() {
        let mut c = case.clone();
        c.errata.remove(id);
        c.tags.retain(|t| t != id);
        out.push(c);
    }
    if case.init.cr0.is_some() {
        let mut c = case.clone();
        c.init.cr0 = None;
        out.push(c);
    }
    if case.init.emask.is_some() {
        let mut c = case.clone();
        c.init.emask = None;
        out.push(c);
    }
    out
}

/// Source regions from the simplest: a scalar, then one element per channel.
const SIMPLE_REGIONS: [ast::RegionSyntax; 2] = [
    ast::RegionSyntax::Src {
        vstride: 0,
        width: 1,
        hstride: 0,
    },
    ast::RegionSyntax::Src {
        vstride: 1,
        width: 1,
        hstride: 0,
    },
];

fn simpler_regions(case: &Case) -> Vec<Case> {
    per_insn(case, |insn| {
        let mut changes: Vec<Edit> = Vec::new();
        for (k, op) in insn.operands.iter().enumerate() {
            changes.push(Box::new(move |i: &mut ast::InsnLine| {
                if let Some(ast::OperandKind::Var { origin, .. }) =
                    i.operands.get_mut(k).map(|o| &mut o.kind)
                {
                    if origin.len() == 2 {
                        *origin = vec![0, 0];
                    }
                }
            }));
            if k == 0 {
                changes.push(Box::new(|i: &mut ast::InsnLine| {
                    if let Some(ast::OperandKind::Var {
                        region: Some(ast::RegionSyntax::Dst { hstride }),
                        ..
                    }) = i.operands.get_mut(0).map(|o| &mut o.kind)
                    {
                        *hstride = 1;
                    }
                }));
                continue;
            }
            // Only simpler regions than the current one, so edits never cycle.
            let current = match &op.kind {
                ast::OperandKind::Var {
                    region: Some(r @ ast::RegionSyntax::Src { .. }),
                    ..
                } => *r,
                _ => continue,
            };
            let rank = SIMPLE_REGIONS
                .iter()
                .position(|r| *r == current)
                .unwrap_or(SIMPLE_REGIONS.len());
            for r in SIMPLE_REGIONS.into_iter().take(rank) {
                changes.push(Box::new(move |i: &mut ast::InsnLine| {
                    if let Some(ast::OperandKind::Var {
                        region: Some(region @ ast::RegionSyntax::Src { .. }),
                        ..
                    }) = i.operands.get_mut(k).map(|o| &mut o.kind)
                    {
                        *region = r;
                    }
                }));
            }
        }
        changes
    })
}

fn drop_modifiers(case: &Case) -> Vec<Case> {
    per_insn(case, |insn| {
        (1..insn.operands.len())
            .map(|k| -> Edit {
                Box::new(move |i: &mut ast::InsnLine| {
                    if let Some(ast::OperandKind::Var { modifier, .. }) =
                        i.operands.get_mut(k).map(|o| &mut o.kind)
                    {
                        *modifier = None;
                    }
                })
            })
            .collect()
    })
}

/// The general declarations of a program by name: (type, num_elts, aliased or aliasing).
fn general_decls(tree: &ast::Program) -> BTreeMap<String, (DataType, u32, bool)> {
    let mut decls = BTreeMap::new();
    let mut aliased = BTreeSet::new();
    for line in &tree.lines {
        if let ast::LineKind::Decl(d) = &line.kind {
            if let Some((target, _)) = &d.alias {
                aliased.insert(target.clone());
            }
            if let (ast::VarClass::General, Some(ty)) = (d.class, d.ty) {
                decls.insert(d.name.clone(), (ty, d.num_elts, d.alias.is_some()));
            }
        }
    }
    for name in aliased {
        if let Some(d) = decls.get_mut(&name) {
            d.2 = true;
        }
    }
    decls
}

/// The element of `bytes` at `index`, little-endian, of `size` bytes (0 beyond the end).
fn element(bytes: &[u8], index: usize, size: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(src) = bytes.get(index * size..index * size + size) {
        word[..size].copy_from_slice(src);
    }
    u64::from_le_bytes(word)
}

fn immediates(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let decls = general_decls(&tree);
    let mut out = Vec::new();
    for line in insn_indices(&tree) {
        let Some(ast::LineKind::Insn(insn)) = tree.lines.get(line).map(|l| &l.kind) else {
            continue;
        };
        let size = insn.exec.map_or(1, |e| e.size);
        for (k, op) in insn.operands.iter().enumerate().skip(1) {
            let ast::OperandKind::Var {
                modifier: None,
                name,
                origin,
                region:
                    Some(ast::RegionSyntax::Src {
                        vstride, hstride, ..
                    }),
                ty,
            } = &op.kind
            else {
                continue;
            };
            let Some(&(decl_ty, _, false)) = decls.get(name) else {
                continue;
            };
            if size != 1 && (*vstride != 0 || *hstride != 0) {
                continue;
            }
            let ty = ty.unwrap_or(decl_ty);
            let (row, col) = match origin.as_slice() {
                [r, c] => (*r as usize, *c as usize),
                _ => continue,
            };
            let row_elems = case.platform.grf_size() / ty.size();
            let bytes = case.init.vars.get(name).map_or(&[][..], |b| b.as_slice());
            let bits = element(bytes, row * row_elems + col, ty.size());
            if let Some(c) = edit(case, |t| {
                let Some(i) = insn_mut(t, line) else {
                    return false;
                };
                let Some(o) = i.operands.get_mut(k) else {
                    return false;
                };
                o.kind = ast::OperandKind::Imm(ast::Immediate { bits, ty });
                true
            }) {
                out.push(c);
            }
        }
    }
    out
}

/// Names an instruction line refers to.
fn referenced(insn: &ast::InsnLine, names: &mut BTreeSet<String>) {
    if let Some(p) = &insn.pred {
        names.insert(p.name.clone());
    }
    fn walk(op: &ast::Operand, names: &mut BTreeSet<String>) {
        match &op.kind {
            ast::OperandKind::Var { name, .. }
            | ast::OperandKind::Raw { name, .. }
            | ast::OperandKind::AddrOf { name, .. }
            | ast::OperandKind::Data { name, .. }
            | ast::OperandKind::Name(name) => {
                names.insert(name.clone());
            }
            ast::OperandKind::Indirect { addr, .. } => {
                names.insert(addr.clone());
            }
            ast::OperandKind::Address { surface, terms, .. } => {
                if let Some(s) = surface {
                    walk(s, names);
                }
                for t in terms {
                    if let Some(b) = &t.base {
                        let base = b.split('(').next().unwrap_or(b);
                        names.insert(base.to_string());
                    }
                }
            }
            ast::OperandKind::Group(ops) => ops.iter().for_each(|o| walk(o, names)),
            ast::OperandKind::Imm(_) | ast::OperandKind::Number(_) | ast::OperandKind::Str(_) => {}
        }
    }
    for op in &insn.operands {
        walk(op, names);
    }
}

fn unused_vars(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let mut used = BTreeSet::new();
    for line in &tree.lines {
        match &line.kind {
            ast::LineKind::Insn(i) => referenced(i, &mut used),
            ast::LineKind::Decl(d) => {
                if let Some((target, _)) = &d.alias {
                    used.insert(target.clone());
                }
            }
            _ => {}
        }
    }
    let mut removed = Vec::new();
    let c = edit(case, |t| {
        t.lines.retain(|l| match &l.kind {
            ast::LineKind::Decl(d) if !used.contains(&d.name) => {
                removed.push(d.name.clone());
                false
            }
            _ => true,
        });
        !removed.is_empty()
    });
    match c {
        Some(mut c) => {
            for name in &removed {
                c.init.vars.remove(name);
                c.init.preds.remove(name);
            }
            vec![c]
        }
        None => Vec::new(),
    }
}

fn smaller_vars(case: &Case) -> Vec<Case> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, (ty, num_elts, aliased)) in general_decls(&tree) {
        if aliased {
            continue;
        }
        for n in (0..12).map(|k| 1u32 << k).filter(|n| *n < num_elts) {
            let Some(mut c) = edit(case, |t| {
                for line in &mut t.lines {
                    if let ast::LineKind::Decl(d) = &mut line.kind {
                        if d.name == name {
                            d.num_elts = n;
                            return true;
                        }
                    }
                }
                false
            }) else {
                continue;
            };
            if let Some(bytes) = c.init.vars.get_mut(&name) {
                bytes.truncate(n as usize * ty.size());
            }
            out.push(c);
        }
    }
    out
}

/// Element sizes of the initialised general variables.
fn init_elements(case: &Case) -> Vec<(String, DataType)> {
    let Ok(tree) = asm::parse(&case.program) else {
        return Vec::new();
    };
    let decls = general_decls(&tree);
    case.init
        .vars
        .keys()
        .map(|n| (n.clone(), decls.get(n).map_or(DataType::UB, |d| d.0)))
        .collect()
}

fn set_element(bytes: &mut [u8], index: usize, size: usize, value: u64) {
    if let Some(slot) = bytes.get_mut(index * size..index * size + size) {
        slot.copy_from_slice(&value.to_le_bytes()[..size]);
    }
}

fn zero_values(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (name, ty) in init_elements(case) {
        let Some(bytes) = case.init.vars.get(&name) else {
            continue;
        };
        let size = ty.size();
        let nonzero: Vec<usize> = (0..bytes.len() / size)
            .filter(|i| element(bytes, *i, size) != 0)
            .collect();
        let mut chunk = nonzero.len();
        while chunk > 0 {
            for part in nonzero.chunks(chunk) {
                let mut c = case.clone();
                if let Some(b) = c.init.vars.get_mut(&name) {
                    for &i in part {
                        set_element(b, i, size, 0);
                    }
                }
                out.push(c);
            }
            chunk /= 2;
        }
    }
    for (name, mask) in &case.init.preds {
        if *mask != 0 {
            let mut c = case.clone();
            c.init.preds.insert(name.clone(), 0);
            out.push(c);
        }
    }
    out
}

/// The simplicity of a value of `ty` (smaller is simpler): zero, then edge values, then
/// the rest; by magnitude within a class.
fn simplicity(ty: DataType, v: u64) -> (u8, u64) {
    let class = if v == 0 {
        0
    } else if edge_values(ty).contains(&v) {
        1
    } else {
        2
    };
    (class, magnitude(ty, v))
}

/// The magnitude of a value: |v| for signed integers, the bits without the sign for floats.
fn magnitude(ty: DataType, v: u64) -> u64 {
    let bits = ty.bits().min(64);
    if ty.is_signed_integer() || ty.is_float() {
        let sign = 1u64 << (bits - 1);
        if v & sign == 0 {
            v
        } else if ty.is_float() {
            v & !sign
        } else {
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            (!v).wrapping_add(1) & mask
        }
    } else {
        v
    }
}

/// Simpler values to try for `v` of type `ty`: 1, the nearest edge value, half the
/// magnitude (keeping the sign), each only if simpler than `v`.
fn simpler(ty: DataType, v: u64) -> Vec<u64> {
    let bits = ty.bits().min(64);
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let mut out = vec![1];
    let distance =
        |e: u64| magnitude(DataType::UQ, e.wrapping_sub(v) & mask).min(v.wrapping_sub(e) & mask);
    if let Some(edge) = edge_values(ty)
        .into_iter()
        .filter(|e| *e != v)
        .min_by_key(|e| distance(*e))
    {
        out.push(edge);
    }
    let half = if ty.is_signed_integer() && v >> (bits - 1) & 1 == 1 {
        // Negative: halve the magnitude toward zero, keep the sign.
        (mask - magnitude(ty, v) / 2).wrapping_add(1) & mask
    } else if ty.is_float() {
        let sign = v & (1 << (bits - 1));
        sign | ((v & !sign) / 2)
    } else {
        v / 2
    };
    out.push(half);
    let here = simplicity(ty, v);
    out.retain(|c| simplicity(ty, *c) < here);
    out.dedup();
    out
}

fn simpler_values(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (name, ty) in init_elements(case) {
        let Some(bytes) = case.init.vars.get(&name) else {
            continue;
        };
        let size = ty.size();
        for i in 0..bytes.len() / size {
            let v = element(bytes, i, size);
            if v == 0 {
                continue;
            }
            for s in simpler(ty, v) {
                let mut c = case.clone();
                if let Some(b) = c.init.vars.get_mut(&name) {
                    set_element(b, i, size, s);
                }
                out.push(c);
            }
        }
    }
    out
}

/// Non-zero elements moved one place down into a zero element, so that fewer lanes can
/// reach them.
fn earlier_values(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (name, ty) in init_elements(case) {
        let Some(bytes) = case.init.vars.get(&name) else {
            continue;
        };
        let size = ty.size();
        for i in 1..bytes.len() / size {
            let v = element(bytes, i, size);
            if v != 0 && element(bytes, i - 1, size) == 0 {
                let mut c = case.clone();
                if let Some(b) = c.init.vars.get_mut(&name) {
                    set_element(b, i - 1, size, v);
                    set_element(b, i, size, 0);
                }
                out.push(c);
            }
        }
    }
    out
}

fn simpler_immediates(case: &Case) -> Vec<Case> {
    per_insn(case, |insn| {
        let mut changes: Vec<Edit> = Vec::new();
        for (k, op) in insn.operands.iter().enumerate() {
            let ast::OperandKind::Imm(imm) = &op.kind else {
                continue;
            };
            if imm.ty.is_packed() {
                continue;
            }
            let mut values = vec![0];
            values.extend(simpler(imm.ty, imm.bits));
            values.retain(|v| *v != imm.bits);
            for v in values {
                changes.push(Box::new(move |i: &mut ast::InsnLine| {
                    if let Some(ast::OperandKind::Imm(imm)) =
                        i.operands.get_mut(k).map(|o| &mut o.kind)
                    {
                        imm.bits = v;
                    }
                }));
            }
        }
        changes
    })
}

fn simpler_preds(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (name, mask) in &case.init.preds {
        for bit in (0..32).filter(|b| mask >> b & 1 == 1) {
            let mut c = case.clone();
            c.init.preds.insert(name.clone(), mask & !(1 << bit));
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simpler_values_decrease() {
        assert_eq!(
            simpler(DataType::D, 0xffff_ff00),
            vec![1, 0xffff_ffff, 0xffff_ff80]
        );
        assert_eq!(simpler(DataType::UD, 1), vec![0]);
        assert_eq!(
            simpler(DataType::UD, 0x1234_5678),
            vec![1, 0x0000_0002, 0x091a_2b3c]
        );
    }

    #[test]
    fn smaller_counts_go_down_from_the_smallest() {
        assert_eq!(smaller_counts(8), vec![1, 4, 7]);
        assert_eq!(smaller_counts(2), vec![1]);
        assert_eq!(smaller_counts(1), Vec::<u32>::new());
    }

    #[test]
    fn block_2d_shapes_shrink_one_dimension_at_a_time() {
        // d16, 2 blocks of 16 elements by 32 rows, no transpose, no VNNI.
        assert_eq!(
            smaller_data_shapes("d16.2x16x32nn"),
            vec!["d16.16x32nn", "d16.2x8x32nn", "d16.2x16x16nn"]
        );
        // The count of 1 is omitted; the letters stay.
        assert_eq!(
            smaller_data_shapes("d8.16x8nt"),
            vec!["d8.8x8nt", "d8.16x4nt"]
        );
        assert_eq!(
            smaller_data_shapes("d32.4x1x1tn"),
            vec!["d32.1x1tn", "d32.2x1x1tn", "d32.3x1x1tn"]
        );
    }

    #[test]
    fn vector_shapes_shrink_towards_one_element() {
        assert_eq!(
            smaller_data_shapes("d32x16t"),
            vec!["d32t", "d32x8t", "d32x15t"]
        );
        assert_eq!(smaller_data_shapes("d64x2"), vec!["d64"]);
        assert_eq!(smaller_data_shapes("d32"), Vec::<String>::new());
        assert_eq!(
            smaller_data_shapes("d8u32x4"),
            vec!["d8u32", "d8u32x2", "d8u32x3"]
        );
    }

    fn program_case(program: &str) -> Case {
        let line = serde_json::json!({
            "format": "visa-vector/1",
            "id": "t/blocks/1",
            "platform": "xe-hpg",
            "program": program,
        })
        .to_string();
        Case::from_line(&line).expect("a well-formed case line")
    }

    #[test]
    fn a_block_goes_with_the_branches_to_its_label() {
        let program = ".decl V1 v_type=G type=d num_elts=16\n\
                       .decl P1 v_type=P num_elts=16\n\
                       (P1) goto (M1, 16) ELSE\n\
                       add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n\
                       ELSE:\n\
                       mul (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n\
                       ret (M1, 1)\n";
        let candidates = fewer_blocks(&program_case(program));
        // The block from `ELSE:` to the end: its label, the mul and the ret go, and so does
        // the goto that names ELSE; the add and the declarations stay.
        let expected = ".decl V1 v_type=G type=d num_elts=16\n\
                        .decl P1 v_type=P num_elts=16\n\
                        add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n";
        assert!(
            candidates.iter().any(|c| c.program == expected),
            "{:#?}",
            candidates.iter().map(|c| &c.program).collect::<Vec<_>>()
        );
        // Halving chunks of the 4 instructions: [goto, add] and [mul, ret].
        let chunk = ".decl V1 v_type=G type=d num_elts=16\n\
                     .decl P1 v_type=P num_elts=16\n\
                     ELSE:\n\
                     mul (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n\
                     ret (M1, 1)\n";
        assert!(candidates.iter().any(|c| c.program == chunk));
    }

    #[test]
    fn shrinking_a_kernel_keeps_only_what_fails() {
        // An implementation that fails every case whose program multiplies: the shrunk case
        // is the one multiplication, whatever control flow surrounded it.
        let program = ".decl V1 v_type=G type=d num_elts=16\n\
                       .decl P1 v_type=P num_elts=16\n\
                       L:\n\
                       add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n\
                       cmp.lt (M1, 16) P1 V1(0,0)<1;1,0> 0x4:d\n\
                       (P1) goto (M1, 16) L\n\
                       call (M1, 16) S\n\
                       ret (M1, 1)\n\
                       .function \"S\"\n\
                       mul (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n\
                       ret (M1, 16)\n";
        let case = program_case(program);
        let expect = Expect::State(crate::vector::ExpectState::default());
        let crash = || Graded::fault(super::super::runner::Fault::Crash, "crashed".into());
        let graded = crash();
        let shrunk = shrink(
            &case,
            &expect,
            &graded,
            Limits::asks(500),
            |_| Some(Expect::State(crate::vector::ExpectState::default())),
            |c, _| {
                if c.program.contains("mul ") {
                    crash()
                } else {
                    Graded::pass()
                }
            },
        );
        let insns: Vec<&str> = shrunk
            .case
            .program
            .lines()
            .filter(|l| !l.starts_with(".decl"))
            .collect();
        assert_eq!(insns.len(), 1, "{}", shrunk.case.program);
        assert!(insns[0].starts_with("mul "), "{}", shrunk.case.program);
        // Crashes are the failure shrunk: they never stop it.
        assert_eq!(shrunk.stopped, Stopped::Done);
    }

    #[test]
    fn a_foreign_fault_or_the_deadline_stops_shrinking() {
        let program = ".decl V1 v_type=G type=d num_elts=16\n\
                       add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\n\
                       mul (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x3:d\n";
        let case = program_case(program);
        let state = || Expect::State(crate::vector::ExpectState::default());
        let mismatch = Graded {
            status: super::super::grade::Status::Fail,
            failure: Some(super::super::grade::FailureInfo {
                kind: "mismatch".into(),
                message: "differs".into(),
                answer: None,
                diff: None,
            }),
            ..Graded::pass()
        };
        let timeout = || Graded::fault(Fault::Timeout, "no answer".into());
        let mut asked = 0;
        let shrunk = shrink(
            &case,
            &state(),
            &mismatch,
            Limits::asks(500),
            |_| Some(state()),
            |_, _| {
                asked += 1;
                timeout()
            },
        );
        assert_eq!(asked, 1);
        assert_eq!(
            shrunk.stopped,
            Stopped::Fault {
                kind: "timeout".into(),
                message: "no answer".into()
            }
        );
        assert_eq!(shrunk.case.program, program);
        // A deadline already past: no question at all.
        let past = Limits {
            deadline: Some(Instant::now()),
            ..Limits::asks(500)
        };
        let shrunk = shrink(
            &case,
            &state(),
            &mismatch,
            past,
            |_| Some(state()),
            |_, _| timeout(),
        );
        assert_eq!((shrunk.asks, shrunk.stopped), (0, Stopped::Time));
    }
}

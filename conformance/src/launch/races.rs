//! The race detector of a launch (docs/races.md): happens-before over barriers, fences and
//! atomics, with vector clocks, on the accesses the engines record
//! ([`visa_model::state::Access`]).
//!
//! Pure logic over events; a launch's [`super::watch::RaceWatcher`] calls it:
//! - [`Detector::new`] with each hardware thread's work-group (threads are numbered `0..n`
//!   in the launch; the group keys shared local memory, which is per work-group);
//! - [`Detector::access`] for each access a thread's instruction made, in the order the
//!   threads ran (the records of `state.mem.take_accesses()` after each step);
//! - [`Detector::sync`] when a barrier releases: `from` the threads whose arrival it waited
//!   for, `to` the threads it lets go (BARRIER, SBARRIER: every thread of the group both;
//!   NBARRIER: the producers to the consumers);
//! - [`Detector::fence`] for FENCE and LSC_FENCE ([`FenceScope::of_fence_mask`],
//!   [`FenceScope::of_lsc_fence`]);
//! - [`Detector::races`] the races found (the first [`MAX_REPORTS`], one per pair of
//!   instructions), [`Detector::found`] how many pairs; [`Race::to_error`] a `data-race`
//!   error naming both instructions.
//!
//! The order of events matters only where the documents make it matter: a barrier orders
//! whatever the schedule, so a barrier-synchronised kernel gets the same verdict under every
//! seed; an ordering through an atomic depends on which thread's atomic came first, as the
//! value the other observed does.
//!
//! ```
//! use visa_conformance::launch::races::{Detector, Options};
//! use visa_model::state::{Access, AccessKind, SLM};
//! let at = |insn, kind| Access { insn, lane: Some(0), space: SLM, addr: 0x40, len: 4, kind };
//! // Two threads of work-group 0: thread 0 writes, both reach a barrier, thread 1 reads.
//! let mut d = Detector::new(&[0, 0], Options::default());
//! d.access(0, &at(0, AccessKind::Write)).unwrap();
//! d.sync(&[0, 1], &[0, 1]).unwrap();
//! d.access(1, &at(2, AccessKind::Read)).unwrap();
//! assert!(d.races().is_empty());
//! // Without the barrier the same two accesses race.
//! let mut d = Detector::new(&[0, 0], Options::default());
//! d.access(0, &at(0, AccessKind::Write)).unwrap();
//! d.access(1, &at(2, AccessKind::Read)).unwrap();
//! assert_eq!(d.races().len(), 1);
//! ```

use std::collections::{HashMap, HashSet};

use visa_model::error::{ErrorClass, VisaError};
use visa_model::ir::lsc::Sfid;
use visa_model::ir::Program;
use visa_model::state::{Access, AccessKind, SLM};

/// The most bytes of memory whose accesses the detector remembers at once.
pub const MAX_SHADOW_BYTES: usize = 1 << 20;

/// The most entries of the detector's clocks and access stamps, over all threads and bytes.
pub const MAX_CLOCK_ENTRIES: usize = 1 << 24;

/// The most races kept for the report (each a distinct pair of instructions).
pub const MAX_REPORTS: usize = 64;

/// The spaces a fence orders, and the classes of memory the detector keeps apart: a
/// work-group's shared local memory, and global memory (every other space).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenceScope {
    pub slm: bool,
    pub global: bool,
}

impl FenceScope {
    pub const NONE: FenceScope = FenceScope {
        slm: false,
        global: false,
    };
    pub const SLM: FenceScope = FenceScope {
        slm: true,
        global: false,
    };
    pub const GLOBAL: FenceScope = FenceScope {
        slm: false,
        global: true,
    };
    pub const ALL: FenceScope = FenceScope {
        slm: true,
        global: true,
    };

    /// FENCE's Mask (instructions/FENCE.md): bit 7 a scheduling barrier only (no fence);
    /// bit 5 shared local memory only; otherwise global memory (surfaces and SVM).
    pub fn of_fence_mask(mask: u8) -> FenceScope {
        if mask & 0x80 != 0 {
            FenceScope::NONE
        } else if mask & 0x20 != 0 {
            FenceScope::SLM
        } else {
            FenceScope::GLOBAL
        }
    }

    /// LSC_FENCE's LscSFID (instructions/LSC_FENCE.md): the dataport whose accesses it
    /// waits for.
    pub fn of_lsc_fence(sfid: Sfid) -> FenceScope {
        match sfid {
            Sfid::Slm => FenceScope::SLM,
            Sfid::Ugm | Sfid::Ugml | Sfid::Tgm => FenceScope::GLOBAL,
        }
    }

    fn covers(self, class: usize) -> bool {
        if class == SLM_CLASS {
            self.slm
        } else {
            self.global
        }
    }
}

/// What a data race does to a launch (`visa-conform launch --races`, docs/races.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RacesMode {
    /// No recording, no detection.
    Off,
    /// Races are reported in the JSON and the run goes on.
    Warn,
    /// The first race ends the launch with its `data-race` error (exit 1).
    #[default]
    Error,
}

/// What a barrier orders by itself (BARRIER-MEMORY-ORDER, docs/errata.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BarrierOrders {
    /// Resolved: shared local memory (3_execution_model.md, "Shared Local Memory"); global
    /// accesses only as far as a fence before the barrier released them.
    #[default]
    Slm,
    /// Literal (BARRIER.md, "Memory ordering is also guaranteed"): every space.
    All,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub barrier_orders: BarrierOrders,
}

/// Index of the shared-local-memory class in the per-class clocks, and of global memory.
const SLM_CLASS: usize = 0;
const GLOBAL_CLASS: usize = 1;

fn class_of(space: &str) -> usize {
    if space == SLM {
        SLM_CLASS
    } else {
        GLOBAL_CLASS
    }
}

/// A sparse vector clock: `(thread, clock)` sorted by thread; a thread absent is at 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Vc(Vec<(u32, u32)>);

impl Vc {
    fn get(&self, t: u32) -> u32 {
        match self.0.binary_search_by_key(&t, |e| e.0) {
            Ok(k) => self.0.get(k).map_or(0, |e| e.1),
            Err(_) => 0,
        }
    }

    /// Raises thread `t`'s entry to at least `c`.
    fn raise(&mut self, t: u32, c: u32) {
        match self.0.binary_search_by_key(&t, |e| e.0) {
            Ok(k) => {
                if let Some(e) = self.0.get_mut(k) {
                    e.1 = e.1.max(c);
                }
            }
            Err(k) => self.0.insert(k, (t, c)),
        }
    }

    /// `self ⊔= other`.
    fn join(&mut self, other: &Vc) {
        if other.0.is_empty() {
            return;
        }
        let mut out = Vec::with_capacity(self.0.len().max(other.0.len()));
        let (mut a, mut b) = (self.0.iter().peekable(), other.0.iter().peekable());
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) if x.0 == y.0 => {
                    let e = (x.0, x.1.max(y.1));
                    a.next();
                    b.next();
                    e
                }
                (Some(x), Some(y)) if x.0 < y.0 => {
                    let e = **x;
                    a.next();
                    e
                }
                (_, Some(y)) => {
                    let e = **y;
                    b.next();
                    e
                }
                (Some(x), None) => {
                    let e = **x;
                    a.next();
                    e
                }
                (None, None) => break,
            };
            out.push(next);
        }
        self.0 = out;
    }
}

/// The clocks of one hardware thread, per class of memory.
#[derive(Clone, Debug, Default)]
struct Thread {
    group: u32,
    /// The thread's own clock: its accesses are stamped with it; it advances at every
    /// release.
    clock: u32,
    /// What the thread knows of the others: an access stamped `(t, c)` happened before the
    /// thread's next access of the class when `c <= know[class].get(t)`.
    know: [Vc; 2],
    /// What the thread's last fence of the class released (a later atomic passes it on).
    released: [Vc; 2],
    /// What the thread's atomics acquired since its last fence of the class.
    pending: [Vc; 2],
}

/// One side of a race: the thread, the instruction (its index in the program), the lane
/// and what the access did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    pub thread: u32,
    pub insn: u32,
    pub lane: Option<u32>,
    pub kind: AccessKind,
}

/// Two accesses to the same byte from different threads, at least one a write, not both
/// atomic, that happens-before does not order: `earlier` ran first in the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub space: &'static str,
    /// The work-group whose shared local memory it is (`None` for global memory).
    pub group: Option<u32>,
    /// The first byte both touch.
    pub addr: u64,
    pub earlier: Side,
    pub later: Side,
}

impl Race {
    /// The `data-race` error: both instructions by position and mnemonic, their threads
    /// (as `thread` names them), lanes and kinds, the space and address; the error's
    /// position is the later access's.
    pub fn to_error(&self, program: &Program, thread: &dyn Fn(u32) -> String) -> VisaError {
        let side = |s: &Side| {
            let insn = program.insns.get(s.insn as usize);
            let place = insn.map_or_else(
                || format!("instruction {}", s.insn),
                |i| format!("line {} `{}`", i.pos.line, i.opcode.mnemonic()),
            );
            let lane = s.lane.map_or_else(String::new, |l| format!(" lane {l}"));
            format!(
                "{} by thread {}{lane} at {place}",
                s.kind.name(),
                thread(s.thread)
            )
        };
        let memory = match self.group {
            Some(g) => format!("{}[{:#x}] of work-group {g}", self.space, self.addr),
            None => format!("{}[{:#x}]", self.space, self.addr),
        };
        let e = VisaError::new(
            ErrorClass::DataRace,
            format!(
                "data race on {memory}: {} and {} are not ordered by a barrier or by fences and an atomic",
                side(&self.earlier),
                side(&self.later)
            ),
        );
        match program.insns.get(self.later.insn as usize) {
            Some(i) => e.at(i.pos),
            None => e,
        }
    }
}

/// An access remembered in shadow memory; `lane` [`NO_LANE`] for none.
#[derive(Clone, Copy, Debug)]
struct Stamp {
    thread: u32,
    clock: u32,
    insn: u32,
    lane: u32,
}

const NO_LANE: u32 = u32::MAX;

impl Stamp {
    fn side(&self, kind: AccessKind) -> Side {
        Side {
            thread: self.thread,
            insn: self.insn,
            lane: (self.lane != NO_LANE).then_some(self.lane),
            kind,
        }
    }
}

/// A plain read or an atomic access remembered.
#[derive(Clone, Copy, Debug)]
struct Seen {
    stamp: Stamp,
    atomic: bool,
}

/// What the detector remembers of one byte (56 bytes, with its key 16 more): the last
/// plain write; the plain reads and the atomic accesses since it, the latest of each
/// thread; what atomics on the byte released (per class).
#[derive(Debug, Default)]
struct Shadow {
    write: Option<Stamp>,
    seen: Vec<Seen>,
    sync: Option<Box<[Vc; 2]>>,
}

/// A byte: its address, the work-group for shared local memory (`u32::MAX` otherwise), and
/// its space (an index into [`Detector::spaces`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Place {
    addr: u64,
    group: u32,
    space: u16,
}

/// The detector: the threads' clocks, shadow memory of the bytes touched, the races found.
#[derive(Debug)]
pub struct Detector {
    threads: Vec<Thread>,
    options: Options,
    shadow: HashMap<Place, Shadow>,
    /// The spaces named by accesses, in the order first seen.
    spaces: Vec<&'static str>,
    /// Entries of every clock and stamp held (bounded by [`MAX_CLOCK_ENTRIES`]).
    entries: usize,
    races: Vec<Race>,
    /// The instruction pairs reported (lower index first).
    pairs: HashSet<(u32, u32)>,
}

fn limit(what: &str, max: usize) -> VisaError {
    VisaError::new(
        ErrorClass::ResourceLimit,
        format!("race detection holds more than {max} {what} (docs/races.md, limits)"),
    )
}

impl Detector {
    /// A detector for threads `0..groups.len()`, thread `t` in work-group `groups[t]`.
    pub fn new(groups: &[u32], options: Options) -> Detector {
        Detector {
            threads: groups
                .iter()
                .map(|&group| Thread {
                    group,
                    clock: 1,
                    ..Thread::default()
                })
                .collect(),
            options,
            shadow: HashMap::new(),
            spaces: Vec::new(),
            entries: 0,
            races: Vec::new(),
            pairs: HashSet::new(),
        }
    }

    /// The races found, one per pair of instructions, at most [`MAX_REPORTS`].
    pub fn races(&self) -> &[Race] {
        &self.races
    }

    /// How many pairs of instructions race (the reports kept may be fewer).
    pub fn found(&self) -> usize {
        self.pairs.len()
    }

    fn thread(&self, t: u32) -> Result<&Thread, VisaError> {
        self.threads
            .get(t as usize)
            .ok_or_else(|| VisaError::model_bug(format!("race detection: no thread {t}")))
    }

    /// `thread`'s access `a` (every byte of it): checked against the accesses of other
    /// threads it is not ordered after, then remembered.
    pub fn access(&mut self, thread: u32, a: &Access) -> Result<(), VisaError> {
        let group = if a.space == SLM {
            self.thread(thread)?.group
        } else {
            u32::MAX
        };
        let class = class_of(a.space);
        let stamp = Stamp {
            thread,
            clock: self.thread(thread)?.clock,
            insn: a.insn,
            lane: a.lane.unwrap_or(NO_LANE),
        };
        let space = match self.spaces.iter().position(|s| *s == a.space) {
            Some(k) => k,
            None => {
                self.spaces.push(a.space);
                self.spaces.len() - 1
            }
        };
        let space = u16::try_from(space).map_err(|_| limit("spaces", usize::from(u16::MAX)))?;
        for i in 0..a.len {
            let place = Place {
                space,
                group,
                addr: a.addr.wrapping_add(i),
            };
            self.byte(place, class, stamp, a.kind, a.space)?;
        }
        Ok(())
    }

    /// [`Detector::access`] of each record.
    pub fn accesses(&mut self, thread: u32, records: &[Access]) -> Result<(), VisaError> {
        for a in records {
            self.access(thread, a)?;
        }
        Ok(())
    }

    fn byte(
        &mut self,
        place: Place,
        class: usize,
        now: Stamp,
        kind: AccessKind,
        space: &'static str,
    ) -> Result<(), VisaError> {
        if !self.shadow.contains_key(&place) && self.shadow.len() >= MAX_SHADOW_BYTES {
            return Err(limit("bytes of shadow memory", MAX_SHADOW_BYTES));
        }
        let Detector {
            threads,
            shadow,
            entries,
            races,
            pairs,
            ..
        } = self;
        let me = threads
            .get_mut(now.thread as usize)
            .ok_or_else(|| VisaError::model_bug("race detection: no such thread"))?;
        let s = shadow.entry(place).or_default();
        let ordered = |prior: &Stamp| {
            prior.thread == now.thread || prior.clock <= me.know[class].get(prior.thread)
        };
        // The earlier accesses this one races with: a write against everything, a read
        // against writes and atomics, an atomic against plain accesses.
        let mut racing: Vec<Side> = Vec::new();
        if let Some(w) = s.write.filter(|w| !ordered(w)) {
            racing.push(w.side(AccessKind::Write));
        }
        for seen in &s.seen {
            let conflicts = match kind {
                AccessKind::Read => seen.atomic,
                AccessKind::Write => true,
                AccessKind::Atomic => !seen.atomic,
            };
            if conflicts && !ordered(&seen.stamp) {
                let was = if seen.atomic {
                    AccessKind::Atomic
                } else {
                    AccessKind::Read
                };
                racing.push(seen.stamp.side(was));
            }
        }
        for prior in racing {
            let pair = (prior.insn.min(now.insn), prior.insn.max(now.insn));
            if pairs.insert(pair) && races.len() < MAX_REPORTS {
                races.push(Race {
                    space,
                    group: (place.group != u32::MAX).then_some(place.group),
                    addr: place.addr,
                    earlier: prior,
                    later: now.side(kind),
                });
            }
        }
        let before = s.seen.len();
        match kind {
            AccessKind::Read => keep_latest(&mut s.seen, now, false),
            AccessKind::Write => {
                // Every earlier access is ordered before this write, or reported: later
                // accesses need only be ordered after the write.
                s.write = Some(now);
                s.seen.clear();
            }
            AccessKind::Atomic => {
                keep_latest(&mut s.seen, now, true);
                // Release: the byte passes on what the thread's last fences released;
                // acquire: the thread takes what the byte's atomics released, applied at
                // its next fence (docs/races.md, fences and atomics).
                let sync = s.sync.get_or_insert_with(Box::default);
                let held = sync[0].0.len()
                    + sync[1].0.len()
                    + me.pending[0].0.len()
                    + me.pending[1].0.len();
                for k in [SLM_CLASS, GLOBAL_CLASS] {
                    sync[k].join(&me.released[k]);
                    me.pending[k].join(&sync[k]);
                }
                let now_held = sync[0].0.len()
                    + sync[1].0.len()
                    + me.pending[0].0.len()
                    + me.pending[1].0.len();
                *entries += now_held.saturating_sub(held);
            }
        }
        let after = s.seen.len();
        *entries = (*entries + after).saturating_sub(before);
        if *entries > MAX_CLOCK_ENTRIES {
            return Err(limit("clock entries", MAX_CLOCK_ENTRIES));
        }
        Ok(())
    }

    /// A fence by `thread` (FENCE, LSC_FENCE) of `scope`: for each class it covers, what the
    /// thread's atomics acquired becomes known to it (acquire), and what it knows, its own
    /// accesses so far among them, is released to its later atomics (release).
    pub fn fence(&mut self, thread: u32, scope: FenceScope) -> Result<(), VisaError> {
        if scope == FenceScope::NONE {
            return Ok(());
        }
        let Detector {
            threads, entries, ..
        } = self;
        let t = threads
            .get_mut(thread as usize)
            .ok_or_else(|| VisaError::model_bug(format!("race detection: no thread {thread}")))?;
        fence_thread(t, thread, scope, entries);
        if *entries > MAX_CLOCK_ENTRIES {
            return Err(limit("clock entries", MAX_CLOCK_ENTRIES));
        }
        Ok(())
    }

    /// A barrier released: every access of a thread of `from` before it happens before
    /// every access of a thread of `to` after it, for shared local memory; for global memory
    /// as far as a fence of the `from` thread released it (BARRIER-MEMORY-ORDER resolved),
    /// or entirely under the literal reading. The barrier is itself a fence of what it
    /// orders for every thread taking part.
    pub fn sync(&mut self, from: &[u32], to: &[u32]) -> Result<(), VisaError> {
        let scope = match self.options.barrier_orders {
            BarrierOrders::Slm => FenceScope::SLM,
            BarrierOrders::All => FenceScope::ALL,
        };
        let Detector {
            threads, entries, ..
        } = self;
        // The threads taking part, each once (a barrier's cost is its own threads', not the
        // launch's).
        let mut part: Vec<u32> = from.iter().chain(to).copied().collect();
        part.sort_unstable();
        part.dedup();
        if let Some(t) = part.iter().find(|&&t| t as usize >= threads.len()) {
            return Err(VisaError::model_bug(format!(
                "race detection: no thread {t}"
            )));
        }
        for &k in &part {
            if let Some(t) = threads.get_mut(k as usize) {
                fence_thread(t, k, scope, entries);
            }
        }
        let mut released = [Vc::default(), Vc::default()];
        for &f in from {
            if let Some(t) = threads.get(f as usize) {
                for (k, r) in released.iter_mut().enumerate() {
                    r.join(&t.released[k]);
                }
            }
        }
        for &u in to {
            if let Some(t) = threads.get_mut(u as usize) {
                for (k, r) in released.iter().enumerate() {
                    let held = t.know[k].0.len();
                    t.know[k].join(r);
                    *entries += t.know[k].0.len() - held;
                }
            }
        }
        for &k in &part {
            if let Some(t) = threads.get_mut(k as usize) {
                t.clock = t.clock.saturating_add(1);
            }
        }
        if *entries > MAX_CLOCK_ENTRIES {
            return Err(limit("clock entries", MAX_CLOCK_ENTRIES));
        }
        Ok(())
    }
}

/// Replaces `now.thread`'s read (or atomic access) in `seen` by `now`, or adds it.
fn keep_latest(seen: &mut Vec<Seen>, now: Stamp, atomic: bool) {
    match seen
        .iter_mut()
        .find(|s| s.stamp.thread == now.thread && s.atomic == atomic)
    {
        Some(s) => s.stamp = now,
        None => seen.push(Seen { stamp: now, atomic }),
    }
}

/// [`Detector::fence`] on thread `t` (numbered `id`), counting the clock entries added.
fn fence_thread(t: &mut Thread, id: u32, scope: FenceScope, entries: &mut usize) {
    for k in [SLM_CLASS, GLOBAL_CLASS] {
        if !scope.covers(k) {
            continue;
        }
        let held = t.know[k].0.len() + t.released[k].0.len();
        let pending = std::mem::take(&mut t.pending[k]);
        *entries = entries.saturating_sub(pending.0.len());
        t.know[k].join(&pending);
        let mut released = t.know[k].clone();
        released.raise(id, t.clock);
        t.released[k] = released;
        let now_held = t.know[k].0.len() + t.released[k].0.len();
        *entries = (*entries + now_held).saturating_sub(held);
    }
    t.clock = t.clock.saturating_add(1);
}

//! The race detector in a launch (`visa-conform launch --races`, docs/races.md): the
//! [`Watcher`] that (unless `off`) feeds each thread's recorded accesses and fences to a
//! [`Detector`] after every segment the thread runs, and the barrier releases the scheduler
//! reports, and in `error` mode turns the first race into the launch's `data-race` error.
//!
//! Work-groups run apart (`launch --jobs`) are watched by a [`Recorder`]: the global memory
//! each group read and wrote ([`Footprint`]), and the events its [`RaceWatcher`] is fed
//! later, in work-group order, so the detector sees what it sees when the groups run one
//! after another.

use std::collections::BTreeMap;

use visa_model::error::VisaError;
use visa_model::ir::flow::FlowCtrl;
use visa_model::ir::sync::SyncCtrl;
use visa_model::ir::{Ctrl, Program};
use visa_model::state::{coalesce, Access, AccessKind, FenceMark, MachineState, FLAT, SLM};

use super::races::{Detector, FenceScope, Options, RacesMode};
use super::sched::Watcher;

/// Watches a launch's threads for data races, and tells `inner` what it is told.
pub struct RaceWatcher<'a> {
    detector: Detector,
    /// Each thread's work-group (linear), as the detector was made with.
    group_of: Vec<u32>,
    program: &'a Program,
    mode: RacesMode,
    /// Work-groups in X, Y, Z and hardware threads per work-group, to name threads.
    groups: [u64; 3],
    per_group: u64,
    /// The private surface's bytes (each thread's slot its own, the scheduler checks):
    /// not watched.
    private: std::ops::Range<u64>,
    inner: &'a mut dyn Watcher,
}

impl std::fmt::Debug for RaceWatcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RaceWatcher")
            .field("mode", &self.mode)
            .field("found", &self.detector.found())
            .finish_non_exhaustive()
    }
}

impl<'a> RaceWatcher<'a> {
    /// A watcher of `threads` hardware threads, `per_group` to a work-group of the
    /// `groups` NDRange (threads numbered in work-group order, X fastest).
    pub fn new(
        program: &'a Program,
        mode: RacesMode,
        groups: [u64; 3],
        per_group: u64,
        threads: u64,
        inner: &'a mut dyn Watcher,
    ) -> RaceWatcher<'a> {
        let per = per_group.max(1);
        // With `off` nothing is recorded or fed: the detector knows no thread.
        let threads = if mode == RacesMode::Off { 0 } else { threads };
        let group_of: Vec<u32> = (0..threads)
            .map(|t| u32::try_from(t / per).unwrap_or(u32::MAX))
            .collect();
        RaceWatcher {
            detector: Detector::new(&group_of, Options::default()),
            group_of,
            program,
            mode,
            groups,
            per_group: per,
            private: 0..0,
            inner,
        }
    }

    /// Does not watch the flat bytes `private` (the private surface: a thread reaching
    /// into another's slot is the scheduler's error, and a slot a later work-group's thread
    /// takes over after the first ended is no race).
    pub fn skip_private(mut self, private: std::ops::Range<u64>) -> RaceWatcher<'a> {
        self.private = private;
        self
    }

    /// Forgets everything the detector was fed.
    pub fn restart(&mut self) {
        self.detector = Detector::new(&self.group_of, Options::default());
    }

    /// The detector, with the races found so far.
    pub fn detector(&self) -> &Detector {
        &self.detector
    }

    /// A thread's work-group (X, Y, Z) and index in it.
    pub fn thread_id(&self, thread: u32) -> ([u64; 3], u64) {
        let linear = u64::from(thread) / self.per_group;
        let [gx, gy, _] = self.groups.map(|g| g.max(1));
        (
            [linear % gx, (linear / gx) % gy, linear / (gx * gy)],
            u64::from(thread) % self.per_group,
        )
    }

    /// How a race's message names a thread.
    pub fn thread_name(&self, thread: u32) -> String {
        let (group, index) = self.thread_id(thread);
        format!(
            "(group [{}, {}, {}], index {index})",
            group[0], group[1], group[2]
        )
    }

    /// What fence instruction `insn` orders.
    fn scope(&self, insn: u32) -> FenceScope {
        match self.program.insns.get(insn as usize).map(|i| &i.ctrl) {
            Some(Ctrl::Flow(f)) => match &**f {
                FlowCtrl::Sync(SyncCtrl::Fence { mask }) => FenceScope::of_fence_mask(*mask),
                _ => FenceScope::ALL,
            },
            Some(Ctrl::LscFence(f)) => FenceScope::of_lsc_fence(f.sfid),
            _ => FenceScope::ALL,
        }
    }

    /// Feeds one run of a thread's records, cut by no fence: each instruction's records as
    /// a canonical set (the engines cut and order an instruction's records differently).
    fn feed(&mut self, thread: u32, records: &[Access]) -> Result<(), VisaError> {
        let mut start = 0;
        while start < records.len() {
            let insn = records[start].insn;
            let end = records[start..]
                .iter()
                .position(|r| r.insn != insn)
                .map_or(records.len(), |k| start + k);
            let shared: Vec<Access> = records[start..end]
                .iter()
                .filter(|a| !self.is_private(a))
                .copied()
                .collect();
            let one = coalesce(shared);
            self.detector.accesses(thread, &one)?;
            start = end;
        }
        Ok(())
    }

    /// Whether an access lies in the private surface.
    fn is_private(&self, a: &Access) -> bool {
        a.space == FLAT
            && a.addr >= self.private.start
            && a.end().is_some_and(|end| end <= self.private.end)
    }

    /// The first race as the launch's error, in `error` mode.
    fn verdict(&self) -> Result<(), VisaError> {
        match self.detector.races().first() {
            Some(race) if self.mode == RacesMode::Error => {
                Err(race.to_error(self.program, &|t| self.thread_name(t)))
            }
            _ => Ok(()),
        }
    }

    /// One run of `thread`: its records and the fences among them, fed to the detector
    /// (nothing with `off`); in `error` mode the first race is the error.
    pub fn segment(
        &mut self,
        thread: usize,
        records: &[Access],
        fences: &[FenceMark],
    ) -> Result<(), VisaError> {
        if self.mode == RacesMode::Off {
            return Ok(());
        }
        let t = u32::try_from(thread)
            .map_err(|_| VisaError::model_bug(format!("race detection: thread {thread}")))?;
        let mut from = 0;
        for &FenceMark { insn, after } in fences {
            let upto = after.clamp(from, records.len());
            self.feed(t, &records[from..upto])?;
            from = upto;
            let scope = self.scope(insn);
            self.detector.fence(t, scope)?;
        }
        self.feed(t, &records[from..])?;
        self.verdict()
    }

    /// Feeds what a [`Recorder`] kept, in its order; the first error (a race in `error`
    /// mode, a limit of the detector) stops it.
    pub fn replay(&mut self, events: &[Event]) -> Result<(), VisaError> {
        for e in events {
            match e {
                Event::Segment {
                    thread,
                    records,
                    fences,
                } => self.segment(*thread, records, fences)?,
                Event::Sync { from, to } => self.sync(from, to)?,
            }
        }
        Ok(())
    }
}

impl Watcher for RaceWatcher<'_> {
    fn after_segment(
        &mut self,
        thread: usize,
        state: &mut MachineState,
        records: Vec<Access>,
        fences: Vec<FenceMark>,
    ) -> Result<(), VisaError> {
        self.segment(thread, &records, &fences)?;
        self.inner.after_segment(thread, state, records, fences)
    }

    fn sync(&mut self, from: &[usize], to: &[usize]) -> Result<(), VisaError> {
        if self.mode == RacesMode::Off {
            return self.inner.sync(from, to);
        }
        let ids = |v: &[usize]| -> Vec<u32> {
            v.iter()
                .map(|&t| u32::try_from(t).unwrap_or(u32::MAX))
                .collect()
        };
        self.detector.sync(&ids(from), &ids(to))?;
        self.inner.sync(from, to)
    }
}

/// What a [`Recorder`] keeps of a work-group's run, to feed a [`RaceWatcher`] later.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A run of thread `thread` (its index in the launch): its records and fences.
    Segment {
        thread: usize,
        records: Vec<Access>,
        fences: Vec<FenceMark>,
    },
    /// A barrier released ([`Watcher::sync`]).
    Sync { from: Vec<usize>, to: Vec<usize> },
}

/// Byte ranges of memory spaces, kept disjoint and apart (two ranges that touch are one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteRanges {
    /// (space, first byte) to last byte, inclusive.
    ranges: BTreeMap<(&'static str, u64), u64>,
}

impl ByteRanges {
    /// Adds bytes `first..=last` of `space`.
    pub fn insert(&mut self, space: &'static str, first: u64, last: u64) {
        let (mut first, mut last) = (first.min(last), first.max(last));
        // The ranges that overlap or touch it start at most one past its end; walking back
        // from there, the first that ends more than one before its start ends the search
        // (the ranges are disjoint and sorted).
        let merged: Vec<(u64, u64)> = self
            .ranges
            .range((space, 0)..=(space, last.saturating_add(1)))
            .rev()
            .take_while(|(_, &end)| end.saturating_add(1) >= first)
            .map(|(&(_, start), &end)| (start, end))
            .collect();
        for (start, end) in merged {
            self.ranges.remove(&(space, start));
            first = first.min(start);
            last = last.max(end);
        }
        self.ranges.insert((space, first), last);
    }

    /// Whether some byte of `first..=last` of `space` is in the set.
    pub fn overlaps(&self, space: &'static str, first: u64, last: u64) -> bool {
        self.ranges
            .range((space, 0)..=(space, last))
            .next_back()
            .is_some_and(|(_, &end)| end >= first)
    }

    /// Whether the two sets share a byte.
    pub fn meets(&self, other: &ByteRanges) -> bool {
        other
            .iter()
            .any(|(space, first, last)| self.overlaps(space, first, last))
    }

    /// Adds every range of `other`.
    pub fn extend(&mut self, other: &ByteRanges) {
        for (space, first, last) in other.iter() {
            self.insert(space, first, last);
        }
    }

    /// (space, first, last) in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, u64, u64)> + '_ {
        self.ranges
            .iter()
            .map(|(&(space, first), &last)| (space, first, last))
    }
}

/// The global memory (every space but shared local memory) a run accessed: what it read
/// and what it wrote, an atomic access being both.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    pub read: ByteRanges,
    pub written: ByteRanges,
}

impl Footprint {
    fn note(&mut self, records: &[Access]) {
        for a in records.iter().filter(|a| a.space != SLM && a.len > 0) {
            let last = a.addr.saturating_add(a.len - 1);
            if a.kind != AccessKind::Write {
                self.read.insert(a.space, a.addr, last);
            }
            if a.kind != AccessKind::Read {
                self.written.insert(a.space, a.addr, last);
            }
        }
    }
}

/// The watcher of a work-group run apart from the others (`launch --jobs`): it notes the
/// threads' accesses in the group's [`Footprint`], and either
/// feeds the launch's [`RaceWatcher`] at once or keeps the events to replay into it when
/// the group's turn comes.
pub struct Recorder<'w, 'a> {
    live: Option<&'w mut RaceWatcher<'a>>,
    /// Whether events are kept (not with `--races off`, whose watcher takes none).
    keep: bool,
    pub events: Vec<Event>,
    pub footprint: Footprint,
}

impl std::fmt::Debug for Recorder<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recorder")
            .field("live", &self.live.is_some())
            .field("events", &self.events.len())
            .field("footprint", &self.footprint)
            .finish()
    }
}

impl<'w, 'a> Recorder<'w, 'a> {
    /// A recorder that keeps the events (when `keep`).
    pub fn keeping(keep: bool) -> Recorder<'static, 'static> {
        Recorder {
            live: None,
            keep,
            events: Vec::new(),
            footprint: Footprint::default(),
        }
    }

    /// A recorder that feeds `watcher` as the threads run.
    pub fn feeding(watcher: &'w mut RaceWatcher<'a>) -> Recorder<'w, 'a> {
        Recorder {
            live: Some(watcher),
            keep: false,
            events: Vec::new(),
            footprint: Footprint::default(),
        }
    }
}

impl Watcher for Recorder<'_, '_> {
    fn after_segment(
        &mut self,
        thread: usize,
        _state: &mut MachineState,
        records: Vec<Access>,
        fences: Vec<FenceMark>,
    ) -> Result<(), VisaError> {
        self.footprint.note(&records);
        match self.live.as_mut() {
            Some(w) => w.segment(thread, &records, &fences),
            None => {
                if self.keep {
                    self.events.push(Event::Segment {
                        thread,
                        records,
                        fences,
                    });
                }
                Ok(())
            }
        }
    }

    fn sync(&mut self, from: &[usize], to: &[usize]) -> Result<(), VisaError> {
        match self.live.as_mut() {
            Some(w) => w.sync(from, to),
            None => {
                if self.keep {
                    self.events.push(Event::Sync {
                        from: from.to_vec(),
                        to: to.to_vec(),
                    });
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::launch::sched::Unwatched;
    use visa_model::ir::lsc::{FenceOp, FenceScope as LscScope, LscFenceCtrl, Sfid};
    use visa_model::state::FLAT;

    #[test]
    fn byte_ranges_merge_what_touches_and_meet_what_overlaps() {
        let mut r = ByteRanges::default();
        r.insert(FLAT, 10, 19);
        r.insert(FLAT, 30, 39);
        r.insert(SLM, 20, 29);
        assert!(!r.overlaps(FLAT, 20, 29), "another space");
        r.insert(FLAT, 20, 29);
        assert_eq!(
            r.iter().collect::<Vec<_>>(),
            [(FLAT, 10, 39), (SLM, 20, 29)]
        );
        r.insert(FLAT, u64::MAX - 1, u64::MAX);
        assert!(r.overlaps(FLAT, u64::MAX, u64::MAX));
        assert!(r.overlaps(FLAT, 0, 10) && !r.overlaps(FLAT, 0, 9) && !r.overlaps(FLAT, 40, 41));
        let mut other = ByteRanges::default();
        other.insert(FLAT, 40, 50);
        assert!(!r.meets(&other));
        other.insert(SLM, 29, 29);
        assert!(r.meets(&other));
    }

    #[test]
    fn the_unit_of_an_lsc_fence_comes_from_the_ir() {
        let line = serde_json::json!({
            "format": "visa-vector/1",
            "id": "fences",
            "platform": "xe-hpg",
            "program": "lsc_fence.slm.none.group\nlsc_fence.tgm.evict.system\nlsc_fence.ugm.clean.sysrel\nfence_local\n",
            "init": {},
        });
        let case = crate::vector::Case::from_value(&line).expect("a case");
        let program = crate::case::compile(&case).expect("it compiles").program;
        assert_eq!(
            program.insns[1].ctrl,
            Ctrl::LscFence(LscFenceCtrl {
                sfid: Sfid::Tgm,
                op: FenceOp::Evict,
                scope: LscScope::Sysrel
            })
        );
        let mut inner = Unwatched;
        let w = RaceWatcher::new(&program, RacesMode::Warn, [1; 3], 1, 1, &mut inner);
        assert_eq!(w.scope(0), FenceScope::SLM);
        assert_eq!(w.scope(1), FenceScope::GLOBAL);
        assert_eq!(w.scope(2), FenceScope::GLOBAL);
        assert_eq!(w.scope(3), FenceScope::SLM);
    }
}

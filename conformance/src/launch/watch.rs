//! The race detector in a launch (`visa-conform launch --races`, docs/races.md): the
//! [`Watcher`] that (unless `off`) feeds each thread's recorded accesses and fences to a
//! [`Detector`] after every segment the thread runs, and the barrier releases the scheduler
//! reports, and in `error` mode turns the first race into the launch's `data-race` error.

use visa_model::error::VisaError;
use visa_model::ir::flow::FlowCtrl;
use visa_model::ir::lsc::Sfid;
use visa_model::ir::sync::SyncCtrl;
use visa_model::ir::{Ctrl, Opcode, Program};
use visa_model::state::{coalesce, Access, FenceMark, MachineState};

use super::races::{Detector, FenceScope, Options, RacesMode};
use super::sched::Watcher;

/// Watches a launch's threads for data races, and tells `inner` what it is told.
pub struct RaceWatcher<'a> {
    detector: Detector,
    program: &'a Program,
    /// The program's text, for what the IR does not keep (LSC_FENCE's unit).
    text: &'a str,
    mode: RacesMode,
    /// Work-groups in X, Y, Z and hardware threads per work-group, to name threads.
    groups: [u64; 3],
    per_group: u64,
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
        text: &'a str,
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
            program,
            text,
            mode,
            groups,
            per_group: per,
            inner,
        }
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
        let Some(i) = self.program.insns.get(insn as usize) else {
            return FenceScope::ALL;
        };
        if let Ctrl::Flow(f) = &i.ctrl {
            if let FlowCtrl::Sync(SyncCtrl::Fence { mask }) = &**f {
                return FenceScope::of_fence_mask(*mask);
            }
        }
        match i.opcode {
            Opcode::LscFence => match lsc_fence_unit(self.text, i.pos.line) {
                Some(sfid) => FenceScope::of_lsc_fence(sfid),
                None => FenceScope::ALL,
            },
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
            let one = coalesce(records[start..end].to_vec());
            self.detector.accesses(thread, &one)?;
            start = end;
        }
        Ok(())
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
}

impl Watcher for RaceWatcher<'_> {
    fn after_segment(&mut self, thread: usize, state: &mut MachineState) -> Result<(), VisaError> {
        if self.mode == RacesMode::Off {
            return self.inner.after_segment(thread, state);
        }
        let (records, fences) = state.mem.take_accesses_and_fences();
        let t = u32::try_from(thread)
            .map_err(|_| VisaError::model_bug(format!("race detection: thread {thread}")))?;
        let mut from = 0;
        for FenceMark { insn, after } in fences {
            let upto = after.clamp(from, records.len());
            self.feed(t, &records[from..upto])?;
            from = upto;
            let scope = self.scope(insn);
            self.detector.fence(t, scope)?;
        }
        self.feed(t, &records[from..])?;
        self.verdict()?;
        self.inner.after_segment(thread, state)
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

/// LSC_FENCE's unit from its line of the program's text (`lsc_fence.SFID.OP.SCOPE`): the
/// IR keeps no field of the fence.
fn lsc_fence_unit(text: &str, line: u32) -> Option<Sfid> {
    let l = text.lines().nth((line as usize).checked_sub(1)?)?;
    let at = l.find("lsc_fence.")?;
    let sfid = l[at + "lsc_fence.".len()..].split('.').next()?;
    Sfid::from_name(sfid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unit_of_an_lsc_fence_comes_from_its_line() {
        let text = "mov (M1, 1) V1(0,0)<1> 0x1:ud\n    lsc_fence.slm.none.group\n";
        assert_eq!(lsc_fence_unit(text, 2), Some(Sfid::Slm));
        assert_eq!(lsc_fence_unit(text, 1), None);
        assert_eq!(lsc_fence_unit(text, 0), None);
        assert_eq!(
            lsc_fence_unit("lsc_fence.ugm.clean.sysrel", 1),
            Some(Sfid::Ugm)
        );
    }
}

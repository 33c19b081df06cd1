//! The threads of one work-group, scheduled (docs/thread-groups.md): they share the group's
//! shared local memory and the launch's global memory, one thread runs at a time, and the
//! memory moves into the state of the thread that runs (nothing is copied).
//!
//! - The default schedule is deterministic: the runnable thread of lowest index runs until
//!   it ends or waits at a synchronisation point; then the next.
//! - A seeded schedule ([`Schedule::Seeded`]) picks the next thread with a small PRNG of its
//!   own after every memory instruction and every synchronisation point, so the same seed
//!   gives the same interleaving on both engines (they stop at the same instructions).
//! - BARRIER and SBARRIER share the group's one barrier: a signal counts the thread in the
//!   current phase; when every thread of the group has signalled, the phase completes and
//!   its waiting threads go on. BARRIER is a signal then a wait.
//! - NBARRIER: a phase of named barrier `id` completes when its producers and consumers
//!   have signalled; its consumers wait for it; the id is free again once every consumer
//!   has waited.
//! - What can never complete (a thread ended or waits elsewhere) is a `deadlock` naming the
//!   waiting threads and where they wait.
//!
//! A [`Watcher`] (the race detector) is told after each run of a thread and at each
//! release of a barrier: the happens-before edges.

use visa_model::error::{ErrorClass, Pos, VisaError};
use visa_model::ir::sync::{Outcome, Stop, SyncPoint, NBARRIER_IDS};
use visa_model::ir::Program;
use visa_model::state::{Access, AccessKind, FenceMark, MachineState, Memory, SparseMemory, SLM};

use super::private::Slots;

/// Told what the scheduler does, to order the threads' memory accesses (the race
/// detector); every method does nothing by default. An error a method returns ends the
/// group's run with it (a data race, a resource limit of the detector).
pub trait Watcher {
    /// Thread `thread` (its index in the launch) has run a segment and stopped; `state` is
    /// its state, with the memory it ran with; `records` are the accesses the segment made
    /// and `fences` the fences among them (its access log, drained).
    fn after_segment(
        &mut self,
        _thread: usize,
        _state: &mut MachineState,
        _records: Vec<Access>,
        _fences: Vec<FenceMark>,
    ) -> Result<(), VisaError> {
        Ok(())
    }
    /// A barrier released: what the threads `from` did before it happens before what the
    /// threads `to` do after it (indices in the launch).
    fn sync(&mut self, _from: &[usize], _to: &[usize]) -> Result<(), VisaError> {
        Ok(())
    }
}

/// The watcher that watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unwatched;

impl Watcher for Unwatched {}

/// How the threads of a group take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// The runnable thread of lowest index runs until it ends or waits.
    InOrder,
    /// After each memory instruction and synchronisation point, a thread drawn from a PRNG
    /// seeded with the seed (and the group) runs.
    Seeded(u64),
}

/// A small PRNG (SplitMix64): the same seed gives the same draws everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Why a thread does not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Runnable,
    /// Waits at `point` (its instruction at `pos`).
    Waiting {
        point: SyncPoint,
        pos: Pos,
    },
    Ended,
}

/// A phase of a named barrier.
#[derive(Clone, Debug)]
struct NamedPhase {
    producers: u32,
    consumers: u32,
    got_producers: u32,
    got_consumers: u32,
    /// The threads that signalled it, and whether each is a consumer that has not waited.
    signalled: Vec<(usize, bool)>,
    complete: bool,
}

/// An error of a group: the error and the thread (index in the group) it is in.
#[derive(Clone, Debug)]
pub struct GroupError {
    pub error: VisaError,
    pub thread: Option<usize>,
}

/// The threads of one work-group and what they share.
#[derive(Debug)]
pub struct Group {
    /// Each thread's state (registers; its `mem` is empty while it does not run).
    pub states: Vec<MachineState>,
    /// The group's shared local memory and its size in bytes.
    pub slm: SparseMemory,
    pub slm_bytes: u64,
    /// The launch index of the group's thread 0 (for the watcher).
    pub first_thread: usize,
    /// Each thread's name in messages (`group [X, Y, Z] thread K`).
    pub names: Vec<String>,
    /// The launch's private surface and each thread's slot of it (an empty surface: no
    /// private memory).
    pub private: Slots,
}

/// Runs the group's threads to their ends. `resume` runs thread `k` on its state until it
/// ends, reaches a synchronisation point or (with `Stop::AfterMemory`) has executed a
/// memory instruction. `mem` is the launch's global memory. An access past the group's
/// shared local memory, or into another thread's slot of private memory, ends the run with
/// `undefined-behaviour` at its instruction.
pub fn run_group(
    program: &Program,
    group: &mut Group,
    mem: &mut Memory,
    schedule: Schedule,
    resume: &mut dyn FnMut(usize, &mut MachineState, Stop) -> Result<Outcome, VisaError>,
    watcher: &mut dyn Watcher,
) -> Result<(), GroupError> {
    let n = group.states.len();
    let mut status = vec![Status::Runnable; n];
    // The group barrier (BARRIER, SBARRIER): its current phase, who signalled it, and per
    // thread the phase it signalled and has not waited for.
    let mut phase: u64 = 0;
    let mut arrived = vec![false; n];
    let mut pending: Vec<Option<u64>> = vec![None; n];
    let mut named: Vec<Option<NamedPhase>> = vec![None; NBARRIER_IDS as usize];
    let (stop, mut rng) = match schedule {
        Schedule::InOrder => (Stop::AtSync, None),
        Schedule::Seeded(seed) => (
            Stop::AfterMemory,
            Some(Rng::new(
                seed ^ (group.first_thread as u64).wrapping_mul(0x2545_F491_4F6C_DD1D),
            )),
        ),
    };
    let fail = |error: VisaError, k: usize| GroupError {
        error,
        thread: Some(k),
    };
    loop {
        let runnable: Vec<usize> = (0..n).filter(|&k| status[k] == Status::Runnable).collect();
        let Some(&first) = runnable.first() else {
            if status.iter().all(|s| *s == Status::Ended) {
                return Ok(());
            }
            return Err(deadlock(group, &status));
        };
        let k = match rng.as_mut() {
            Some(r) => runnable[r.below(runnable.len())],
            None => first,
        };
        // The thread runs with the shared memory, recording its accesses.
        let state = &mut group.states[k];
        state.mem = std::mem::take(mem);
        state.mem.record(true);
        *state.mem.space_mut(SLM) = std::mem::take(&mut group.slm);
        let outcome = resume(k, state, stop);
        let (records, fences) = state.mem.take_accesses_and_fences();
        let past = slm_out_of_bounds(program, &records, group.slm_bytes)
            .or_else(|| group.private.foreign_access(program, &records, k));
        let watched = watcher.after_segment(group.first_thread + k, state, records, fences);
        group.slm = std::mem::take(state.mem.space_mut(SLM));
        *mem = std::mem::take(&mut state.mem);
        let outcome = outcome.map_err(|e| fail(e, k))?;
        watched.map_err(|e| fail(e, k))?;
        if let Some(error) = past {
            return Err(fail(error, k));
        }
        let (point, pos) = match outcome {
            Outcome::Ended => {
                status[k] = Status::Ended;
                continue;
            }
            Outcome::Paused => continue,
            Outcome::Sync { point, pos, .. } => (point, pos),
        };
        let at = |e: VisaError| fail(e.at(pos), k);
        match point {
            SyncPoint::Barrier | SyncPoint::SbarrierSignal => {
                if arrived[k] {
                    return Err(at(VisaError::undefined(format!(
                        "`{}`: the thread signals the work-group barrier a second time before \
                         it completes",
                        point.name()
                    ))));
                }
                arrived[k] = true;
                pending[k] = Some(phase);
                if arrived.iter().all(|&a| a) {
                    // Every thread has signalled: the phase completes.
                    phase += 1;
                    arrived.iter_mut().for_each(|a| *a = false);
                    let all: Vec<usize> = (0..n).map(|t| group.first_thread + t).collect();
                    watcher.sync(&all, &all).map_err(|e| fail(e, k))?;
                    for t in 0..n {
                        if matches!(
                            status[t],
                            Status::Waiting {
                                point: SyncPoint::Barrier | SyncPoint::SbarrierWait,
                                ..
                            }
                        ) && pending[t].is_some_and(|p| p < phase)
                        {
                            status[t] = Status::Runnable;
                            pending[t] = None;
                        }
                    }
                }
                if point == SyncPoint::Barrier {
                    if pending[k].is_some_and(|p| p < phase) {
                        pending[k] = None;
                    } else {
                        status[k] = Status::Waiting { point, pos };
                    }
                }
            }
            SyncPoint::SbarrierWait => match pending[k] {
                Some(p) if p < phase => pending[k] = None,
                _ => status[k] = Status::Waiting { point, pos },
            },
            SyncPoint::NbarrierSignal {
                id,
                producer,
                consumer,
                producers,
                consumers,
            } => {
                let slot = &mut named[usize::from(id)];
                for (count, what) in [(producers, "num_producers"), (consumers, "num_consumers")] {
                    if count as usize > n {
                        return Err(at(VisaError::undefined(format!(
                            "nbarrier.signal on barrier {id}: {what} {count} passes the \
                             work-group's {n} threads (NBARRIER.md: valid values are \
                             1 to the thread group's size)"
                        ))));
                    }
                }
                let phase = match slot {
                    Some(p) if p.complete => {
                        return Err(at(VisaError::undefined(format!(
                            "nbarrier.signal on barrier {id} before every consumer of its last \
                             phase has waited: the id is not free yet"
                        ))))
                    }
                    Some(p) => {
                        if (p.producers, p.consumers) != (producers, consumers) {
                            return Err(at(VisaError::undefined(format!(
                                "nbarrier.signal on barrier {id} with {producers} producers \
                                 and {consumers} consumers, while its phase has {} and {} \
                                 (NBARRIER.md: the values must be identical)",
                                p.producers, p.consumers
                            ))));
                        }
                        p
                    }
                    None => slot.insert(NamedPhase {
                        producers,
                        consumers,
                        got_producers: 0,
                        got_consumers: 0,
                        signalled: Vec::new(),
                        complete: false,
                    }),
                };
                if phase.signalled.iter().any(|(t, _)| *t == k) {
                    return Err(at(VisaError::undefined(format!(
                        "nbarrier.signal on barrier {id} a second time in one phase"
                    ))));
                }
                phase.got_producers += u32::from(producer);
                phase.got_consumers += u32::from(consumer);
                phase.signalled.push((k, consumer));
                if phase.got_producers > phase.producers || phase.got_consumers > phase.consumers {
                    return Err(at(VisaError::undefined(format!(
                        "nbarrier.signal on barrier {id}: more signals than its {} producers \
                         and {} consumers",
                        phase.producers, phase.consumers
                    ))));
                }
                if phase.got_producers == phase.producers && phase.got_consumers == phase.consumers
                {
                    phase.complete = true;
                    let from: Vec<usize> = phase
                        .signalled
                        .iter()
                        .map(|(t, _)| group.first_thread + t)
                        .collect();
                    let to: Vec<usize> = phase
                        .signalled
                        .iter()
                        .filter(|(_, c)| *c)
                        .map(|(t, _)| group.first_thread + t)
                        .collect();
                    watcher.sync(&from, &to).map_err(|e| fail(e, k))?;
                    for (t, _) in phase.signalled.clone() {
                        if let Status::Waiting {
                            point: SyncPoint::NbarrierWait { id: w },
                            ..
                        } = status[t]
                        {
                            if w == id {
                                status[t] = Status::Runnable;
                                waited(slot, t);
                            }
                        }
                    }
                }
            }
            SyncPoint::NbarrierWait { id } => {
                let slot = &mut named[usize::from(id)];
                let Some(p) = slot.as_ref() else {
                    return Err(at(VisaError::undefined(format!(
                        "nbarrier.wait on barrier {id}, which this thread did not signal"
                    ))));
                };
                match p.signalled.iter().find(|(t, _)| *t == k) {
                    None => {
                        return Err(at(VisaError::undefined(format!(
                            "nbarrier.wait on barrier {id}, which this thread did not signal \
                             in its current phase"
                        ))))
                    }
                    Some((_, false)) => {
                        return Err(at(VisaError::undefined(format!(
                            "nbarrier.wait on barrier {id} by a producer-only thread \
                             (NBARRIER.md: only consumer threads wait)"
                        ))))
                    }
                    Some(_) if p.complete => waited(slot, k),
                    Some(_) => status[k] = Status::Waiting { point, pos },
                }
            }
        }
    }
}

/// Consumer `t` has completed its wait on a named barrier's complete phase; the id is free
/// once every consumer has.
fn waited(slot: &mut Option<NamedPhase>, t: usize) {
    if let Some(p) = slot.as_mut() {
        for s in p.signalled.iter_mut().filter(|(k, _)| *k == t) {
            s.1 = false;
        }
        if p.signalled.iter().all(|(_, c)| !c) {
            *slot = None;
        }
    }
}

/// No thread can run and some wait: the deadlock, naming where each thread waits and which
/// ended.
fn deadlock(group: &Group, status: &[Status]) -> GroupError {
    let mut waiting = Vec::new();
    let mut ended = Vec::new();
    let mut first = None;
    for (k, s) in status.iter().enumerate() {
        match s {
            Status::Waiting { point, pos } => {
                first.get_or_insert((k, *pos));
                let what = match point {
                    SyncPoint::NbarrierWait { id } => format!("`nbarrier.wait` {id}"),
                    p => format!("`{}`", p.name()),
                };
                waiting.push(format!("{} at {what} (line {})", name(group, k), pos.line));
            }
            Status::Ended => ended.push(name(group, k)),
            Status::Runnable => {}
        }
    }
    let mut message = format!(
        "deadlock: no thread of the work-group can go on; waiting: {}",
        waiting.join("; ")
    );
    if !ended.is_empty() {
        message.push_str(&format!(
            "; ended without reaching it: {}",
            ended.join("; ")
        ));
    }
    let (thread, pos) = first.unwrap_or((0, Pos::default()));
    GroupError {
        error: VisaError::new(ErrorClass::Deadlock, message).at(pos),
        thread: Some(thread),
    }
}

fn name(group: &Group, k: usize) -> String {
    group
        .names
        .get(k)
        .cloned()
        .unwrap_or_else(|| format!("thread {k}"))
}

/// The first access of `records` past the group's `size` bytes of shared local memory
/// (3_execution_model.md: an access out of bounds of SLM is undefined), as the error at
/// its instruction.
fn slm_out_of_bounds(program: &Program, records: &[Access], size: u64) -> Option<VisaError> {
    let a = records
        .iter()
        .find(|a| a.space == SLM && a.end().is_none_or(|end| end > size))?;
    let addr = a.addr.max(size);
    let what = match a.kind {
        AccessKind::Read => "a load read",
        AccessKind::Write => "a store wrote",
        AccessKind::Atomic => "an atomic operation accessed",
    };
    let lane = a.lane.map(|l| format!(" (lane {l})")).unwrap_or_default();
    let error = VisaError::undefined(format!(
        "{what} shared local memory byte {addr:#x}{lane}, past the work-group's {size} bytes \
         (out of bounds: undefined)"
    ));
    Some(match program.insns.get(a.insn as usize) {
        Some(i) => error.at(i.pos),
        None => error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use visa_model::platform::Platform;
    use visa_model::state::Vars;

    /// Runs a group whose thread `k` stops at `scripts[k]`'s points in turn, then ends;
    /// returns the order the segments ran in.
    fn scripted(
        scripts: &[&[SyncPoint]],
        schedule: Schedule,
    ) -> (Result<(), GroupError>, Vec<usize>) {
        let vars = Vars::new(Platform::XeHpg);
        let n = scripts.len();
        let mut group = Group {
            states: vec![MachineState::new(&vars); n],
            slm: SparseMemory::default(),
            slm_bytes: 0,
            first_thread: 0,
            names: (0..n).map(|k| format!("thread {k}")).collect(),
            private: Slots::default(),
        };
        let mut next = vec![0usize; n];
        let mut order = Vec::new();
        let result = run_group(
            &Program::new(Platform::XeHpg, vars, Vec::new()),
            &mut group,
            &mut Memory::default(),
            schedule,
            &mut |k, _, _| {
                order.push(k);
                let i = next[k];
                next[k] += 1;
                Ok(match scripts[k].get(i) {
                    Some(&point) => Outcome::Sync {
                        point,
                        pc: i,
                        pos: Pos {
                            line: i as u32 + 1,
                            col: 1,
                        },
                    },
                    None => Outcome::Ended,
                })
            },
            &mut Unwatched,
        );
        (result, order)
    }

    #[test]
    fn a_barrier_releases_when_every_thread_has_signalled() {
        use SyncPoint::*;
        let two: &[SyncPoint] = &[Barrier, Barrier];
        let split: &[SyncPoint] = &[SbarrierSignal, SbarrierWait, Barrier];
        let (r, order) = scripted(&[two, split, two], Schedule::InOrder);
        assert!(r.is_ok(), "{r:?}");
        // Thread 0 waits, thread 1 signals and waits, thread 2 completes the phase; each
        // then runs in order to the second barrier, which thread 2 completes again.
        assert_eq!(order, [0, 1, 1, 2, 0, 1, 2, 0, 1, 2]);
        for seed in 0..20 {
            let (r, _) = scripted(&[two, split, two], Schedule::Seeded(seed));
            assert!(r.is_ok(), "{seed}: {r:?}");
        }
    }

    #[test]
    fn threads_that_never_all_arrive_deadlock() {
        use SyncPoint::*;
        let (r, _) = scripted(&[&[Barrier], &[]], Schedule::InOrder);
        let e = r.expect_err("thread 1 ends without the barrier");
        assert_eq!(e.error.class, ErrorClass::Deadlock);
        assert!(
            e.error.message.contains("thread 0 at `barrier` (line 1)"),
            "{e:?}"
        );
        assert!(
            e.error
                .message
                .contains("ended without reaching it: thread 1"),
            "{e:?}"
        );
        // A wait with no signal before it: the barrier needs this thread's signal.
        let (r, _) = scripted(&[&[SbarrierWait], &[Barrier]], Schedule::InOrder);
        assert_eq!(r.expect_err("no signal").error.class, ErrorClass::Deadlock);
    }

    #[test]
    fn a_named_barrier_is_free_again_once_its_consumers_have_waited() {
        let signal = |producer, consumer| SyncPoint::NbarrierSignal {
            id: 7,
            producer,
            consumer,
            producers: 1,
            consumers: 1,
        };
        let wait = SyncPoint::NbarrierWait { id: 7 };
        // Two phases of barrier 7: thread 0 produces, thread 1 consumes, twice.
        let producer: &[SyncPoint] = &[signal(true, false), signal(true, false)];
        let consumer: &[SyncPoint] = &[signal(false, true), wait, signal(false, true), wait];
        let (r, _) = scripted(&[consumer, producer], Schedule::InOrder);
        assert!(r.is_ok(), "{r:?}");
        // The producer signals its second phase before the consumer has waited: undefined.
        let (r, _) = scripted(&[producer, consumer], Schedule::InOrder);
        let e = r.expect_err("the id is not free");
        assert_eq!(e.error.class, ErrorClass::UndefinedBehaviour);
        assert_eq!(e.thread, Some(0));
    }

    #[test]
    fn the_prng_is_splitmix64() {
        // SplitMix64's first outputs for seed 0.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}

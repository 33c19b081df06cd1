//! The thread-group instructions (instructions/BARRIER.md, SBARRIER.md, NBARRIER.md,
//! FENCE.md, WAIT.md, YIELD.md, CACHE_FLUSH.md) as one thread sees them. None has
//! pseudocode but WAIT; the rest is written from the Descriptions:
//!
//! - BARRIER (Description): the thread signals the group's barrier and waits until every
//!   thread of the group has executed it; "undefined if this instruction is executed in
//!   divergent control flow": a `barrier-divergence` error when some channel of the thread
//!   neither executes it nor has left the kernel.
//! - SBARRIER (Description): `.signal` notifies the others, `.wait` waits for them.
//!   Neither SBARRIER.md nor NBARRIER.md says anything of divergence: erratum
//!   SBARRIER-NBARRIER-DIVERGENCE, resolved as BARRIER (`barrier-divergence`).
//! - NBARRIER (Description): `.signal` on barrier Id as a producer-consumer (Type 0),
//!   producer (1) or consumer (2) of a phase of Num_producers producers and Num_consumers
//!   consumers (the baseline form: Num_threads of each, Type 0); `.wait` waits for the
//!   phase's completion. The operands' valid values (Id 0-31, Type 0-2, counts from 1)
//!   checked on the values read.
//! - FENCE: its Description is another message's ("Performs scattered write into
//!   `<surface>`"), erratum FENCE-DESCRIPTION; the Mask's bits flush caches and make the
//!   thread's accesses observable, which they are when each instruction ends here: no
//!   effect on the state.
//! - WAIT (Semantics): waits for the thread dependencies of the dispatch; a thread group
//!   declares none, so every TDR is invalid and WAIT has no effect.
//! - YIELD: "does not affect program correctness": no effect. CACHE_FLUSH: flushes the
//!   sampler's texture caches, which hold nothing here: no effect.
//!
//! What waiting means is the thread group's ([`crate::flow::Thread`] stops at each point
//! and its runner decides); a run of one thread is a group of one ([`LoneGroup`]).

use crate::config::ExecConfig;
use crate::errata;
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::sync::{NbarrierCounts, SyncCtrl, SyncPoint, NBARRIER_IDS};
use crate::ir::{Program, Scalar};
use crate::operand::source_bits;
use crate::state::MachineState;

/// Executes a thread-group instruction: `Some(point)` for a synchronisation point, `None`
/// for the instructions without one. `divergent`: some channel of the thread neither
/// executes the instruction nor has left the kernel.
pub fn execute(
    program: &Program,
    ctrl: &SyncCtrl,
    state: &MachineState,
    config: &ExecConfig,
    divergent: bool,
) -> Result<Option<SyncPoint>> {
    let value = |s: &Scalar, field: &str| scalar(program, state, config, s, field);
    Ok(match ctrl {
        SyncCtrl::Barrier => {
            // BARRIER.md, Description: undefined in divergent control flow.
            if divergent {
                return Err(VisaError::new(
                    ErrorClass::BarrierDivergence,
                    "barrier in divergent control flow: some channels of the thread do not \
                     execute it (BARRIER.md: the behaviour is undefined)",
                ));
            }
            Some(SyncPoint::Barrier)
        }
        // SBARRIER.md and NBARRIER.md say nothing of divergence: undefined as BARRIER
        // (SBARRIER-NBARRIER-DIVERGENCE, resolved); literally the thread's, whatever its
        // channels.
        SyncCtrl::Sbarrier { .. }
        | SyncCtrl::NbarrierWait { .. }
        | SyncCtrl::NbarrierSignal { .. }
            if divergent
                && !config
                    .readings
                    .is_literal(errata::SBARRIER_NBARRIER_DIVERGENCE) =>
        {
            let name = match ctrl {
                SyncCtrl::Sbarrier { signal: true } => "sbarrier.signal",
                SyncCtrl::Sbarrier { signal: false } => "sbarrier.wait",
                SyncCtrl::NbarrierSignal { .. } => "nbarrier.signal",
                _ => "nbarrier.wait",
            };
            return Err(VisaError::new(
                ErrorClass::BarrierDivergence,
                format!(
                    "{name} in divergent control flow: some channels of the thread do not \
                     execute it (SBARRIER-NBARRIER-DIVERGENCE: undefined, as BARRIER)"
                ),
            ));
        }
        SyncCtrl::Sbarrier { signal: true } => Some(SyncPoint::SbarrierSignal),
        SyncCtrl::Sbarrier { signal: false } => Some(SyncPoint::SbarrierWait),
        SyncCtrl::NbarrierWait { id } => Some(SyncPoint::NbarrierWait {
            id: barrier_id(value(id, "id")?)?,
        }),
        SyncCtrl::NbarrierSignal { id, counts } => {
            let id = barrier_id(value(id, "id")?)?;
            // NBARRIER.md: Type 0 producer-consumer, 1 producer only, 2 consumer only; the
            // baseline form is Type 0 with Num_threads producers and consumers.
            let (ty, producers, consumers) = match counts {
                NbarrierCounts::Baseline { num_threads } => {
                    let n = value(num_threads, "num_threads")?;
                    (0, n, n)
                }
                NbarrierCounts::General {
                    ty,
                    producers,
                    consumers,
                } => (
                    value(ty, "type")?,
                    value(producers, "num_producers")?,
                    value(consumers, "num_consumers")?,
                ),
            };
            if ty > 2 {
                return Err(VisaError::undefined(format!(
                    "NBARRIER's Type {ty} is not one of 0 (producer-consumer), 1 (producer), \
                     2 (consumer)"
                ))
                .field("type"));
            }
            for (n, field) in [(producers, "num_producers"), (consumers, "num_consumers")] {
                if n == 0 {
                    return Err(VisaError::undefined(format!(
                        "NBARRIER's {field} is 0: its valid values start at 1"
                    ))
                    .field(field));
                }
            }
            Some(SyncPoint::NbarrierSignal {
                id,
                producer: ty != 2,
                consumer: ty != 1,
                producers: producers as u32,
                consumers: consumers as u32,
            })
        }
        SyncCtrl::Wait { mask } => {
            // WAIT.md, Semantics: `TDR[i].valid = false` for the mask's bits, then a wait
            // for each valid TDR; no TDR is valid in a thread group.
            value(mask, "mask")?;
            None
        }
        SyncCtrl::Fence { .. } | SyncCtrl::Yield | SyncCtrl::CacheFlush => None,
    })
}

/// NBARRIER.md, Id: "Valid values are [0-31]".
fn barrier_id(v: u64) -> Result<u8> {
    u8::try_from(v)
        .ok()
        .filter(|&id| u32::from(id) < NBARRIER_IDS)
        .ok_or_else(|| {
            VisaError::undefined(format!("NBARRIER's Id {v} is not one of 0 to 31")).field("id")
        })
}

/// A scalar operand's value, zero-extended; an undefined one is undefined behaviour.
fn scalar(
    program: &Program,
    state: &MachineState,
    config: &ExecConfig,
    s: &Scalar,
    field: &str,
) -> Result<u64> {
    let bits = match s {
        Scalar::Imm { bits, .. } => *bits,
        Scalar::Var { .. } => source_bits(program, state, &s.to_src(), 1, &config.readings)?
            .and_then(|v| v.first().copied())
            .ok_or_else(|| VisaError::model_bug("a scalar variable read no element"))?,
    };
    if let Scalar::Var { var, row, col, ty } = s {
        let v = program.vars.get(*var);
        if let Some(off) = v.grf_offset {
            let at = off + *row as usize * program.platform.grf_size() + *col as usize * ty.size();
            if (at..at + ty.size()).any(|b| state.undefined.contains(&b)) {
                return Err(VisaError::undefined(format!(
                    "the {field} operand reads undefined bytes"
                ))
                .field(field));
            }
        }
    }
    let size = s.ty().size();
    Ok(if size >= 8 {
        bits
    } else {
        bits & ((1u64 << (8 * size)) - 1)
    })
}

/// A thread group of one thread (a run of one thread: `exec`, the vectors): BARRIER
/// completes at once; SBARRIER.wait completes when the thread signalled before it, else it
/// can never complete; NBARRIER.wait completes when the thread's own signal completed the
/// phase (one producer and/or one consumer: the counts must be the thread's), else it can
/// never complete. A point that can never complete is a `deadlock`.
#[derive(Clone, Debug, Default)]
pub struct LoneGroup {
    /// SBARRIER signalled and not yet waited for.
    signalled: bool,
    /// Per named barrier signalled and not yet waited for: whether the signal completed
    /// its phase.
    named: [Option<bool>; NBARRIER_IDS as usize],
}

impl LoneGroup {
    /// The thread reached `point`: `Ok` to go on.
    pub fn reach(&mut self, point: SyncPoint) -> Result<()> {
        let never = |why: String| Err(VisaError::new(ErrorClass::Deadlock, why));
        match point {
            SyncPoint::Barrier => Ok(()),
            SyncPoint::SbarrierSignal => {
                self.signalled = true;
                Ok(())
            }
            SyncPoint::SbarrierWait if std::mem::take(&mut self.signalled) => Ok(()),
            SyncPoint::SbarrierWait => never(
                "sbarrier.wait with no signal before it: the barrier never completes without \
                 this thread's signal"
                    .into(),
            ),
            SyncPoint::NbarrierSignal {
                id,
                producer,
                consumer,
                producers,
                consumers,
            } => {
                let complete = producers == u32::from(producer) && consumers == u32::from(consumer);
                if let Some(slot) = self.named.get_mut(usize::from(id)) {
                    *slot = Some(complete);
                }
                Ok(())
            }
            SyncPoint::NbarrierWait { id } => {
                match self.named.get_mut(usize::from(id)).and_then(Option::take) {
                    Some(true) => Ok(()),
                    Some(false) => never(format!(
                        "nbarrier.wait on barrier {id}: its phase needs other threads, and this \
                         run has one"
                    )),
                    None => never(format!(
                        "nbarrier.wait on barrier {id}, which this thread did not signal"
                    )),
                }
            }
        }
    }
}

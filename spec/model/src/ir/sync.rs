//! The thread-group instructions' fields (`FlowCtrl::Sync`): BARRIER, SBARRIER, NBARRIER,
//! FENCE, WAIT, YIELD and CACHE_FLUSH (instructions/BARRIER.md, SBARRIER.md, NBARRIER.md,
//! FENCE.md, WAIT.md, YIELD.md, CACHE_FLUSH.md), and what an engine tells the one who runs
//! a thread when the thread reaches a synchronisation point ([`SyncPoint`], [`Outcome`]).

use crate::error::Pos;
use crate::ir::operand::Scalar;

/// FENCE.md, Mask bit 0: the fence is globally observable (`.E`).
pub const FENCE_COMMIT: u8 = 1 << 0;
/// Mask bit 1: flush the instruction cache (`.I`).
pub const FENCE_INSTRUCTION: u8 = 1 << 1;
/// Mask bit 2: flush the sampler cache (`.S`).
pub const FENCE_SAMPLER: u8 = 1 << 2;
/// Mask bit 3: flush the constant cache (`.C`).
pub const FENCE_CONSTANT: u8 = 1 << 3;
/// Mask bit 4: flush the read-write cache (`.R`).
pub const FENCE_READ_WRITE: u8 = 1 << 4;
/// Mask bit 5 ({ICLLP+}): the fence applies to shared local memory only (`fence_local`).
pub const FENCE_LOCAL: u8 = 1 << 5;
/// Mask bit 6: flush the L1 read-only data cache (`.L1`).
pub const FENCE_L1: u8 = 1 << 6;
/// Mask bit 7: a scheduling barrier only, no fence instruction (`fence_sw`).
pub const FENCE_SW: u8 = 1 << 7;

/// The flags of FENCE's Text, `FENCE_{GLOBAL|LOCAL}.{E?I?S?C?R?L1?}`, in their order, with
/// their Mask bits.
pub const FENCE_FLAGS: [(&str, u8); 6] = [
    ("E", FENCE_COMMIT),
    ("I", FENCE_INSTRUCTION),
    ("S", FENCE_SAMPLER),
    ("C", FENCE_CONSTANT),
    ("R", FENCE_READ_WRITE),
    ("L1", FENCE_L1),
];

/// NBARRIER's ids: 0 to 31 (NBARRIER.md, Id).
pub const NBARRIER_IDS: u32 = 32;

/// The fields of one thread-group instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncCtrl {
    /// BARRIER: signal the group's barrier and wait for every thread of the group.
    Barrier,
    /// SBARRIER.signal (`signal`) or SBARRIER.wait.
    Sbarrier { signal: bool },
    /// NBARRIER.wait on barrier `id`.
    NbarrierWait { id: Scalar },
    /// NBARRIER.signal on barrier `id`.
    NbarrierSignal { id: Scalar, counts: NbarrierCounts },
    /// FENCE with its Mask (the bits above).
    Fence { mask: u8 },
    /// WAIT with its thread dependency clear mask.
    Wait { mask: Scalar },
    /// YIELD.
    Yield,
    /// CACHE_FLUSH.
    CacheFlush,
}

impl SyncCtrl {
    /// The scalar operands, in the text's order.
    pub fn scalars(&self) -> impl Iterator<Item = &Scalar> {
        let v: Vec<&Scalar> = match self {
            SyncCtrl::NbarrierWait { id } => vec![id],
            SyncCtrl::NbarrierSignal { id, counts } => match counts {
                NbarrierCounts::Baseline { num_threads } => vec![id, num_threads],
                NbarrierCounts::General {
                    ty,
                    producers,
                    consumers,
                } => vec![id, ty, producers, consumers],
            },
            SyncCtrl::Wait { mask } => vec![mask],
            _ => Vec::new(),
        };
        v.into_iter()
    }

    /// The scalar operands, to change in place.
    pub fn scalars_mut(&mut self) -> impl Iterator<Item = &mut Scalar> {
        let v: Vec<&mut Scalar> = match self {
            SyncCtrl::NbarrierWait { id } => vec![id],
            SyncCtrl::NbarrierSignal { id, counts } => match counts {
                NbarrierCounts::Baseline { num_threads } => vec![id, num_threads],
                NbarrierCounts::General {
                    ty,
                    producers,
                    consumers,
                } => vec![id, ty, producers, consumers],
            },
            SyncCtrl::Wait { mask } => vec![mask],
            _ => Vec::new(),
        };
        v.into_iter()
    }
}

/// NBARRIER.signal's two forms (NBARRIER.md, Text).
#[derive(Clone, Debug, PartialEq)]
pub enum NbarrierCounts {
    /// `NBARRIER.signal <id> <num_threads>`: producer-consumer threads, as many producers
    /// as consumers.
    Baseline { num_threads: Scalar },
    /// `NBARRIER.signal <id> <type> <num_producers> <num_consumers>`.
    General {
        ty: Scalar,
        producers: Scalar,
        consumers: Scalar,
    },
}

/// What a thread did at a synchronisation instruction, its operands read: the instruction
/// has executed (the program counter is past it) and the thread waits for the one who runs
/// it to say when it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncPoint {
    /// BARRIER: signalled the group's barrier and waits for its completion.
    Barrier,
    /// SBARRIER.signal: signalled the group's barrier; goes on at once.
    SbarrierSignal,
    /// SBARRIER.wait: waits for the completion of the barrier it signalled.
    SbarrierWait,
    /// NBARRIER.signal: signalled named barrier `id` as a producer and/or consumer of a
    /// phase of `producers` producers and `consumers` consumers; goes on at once.
    NbarrierSignal {
        id: u8,
        producer: bool,
        consumer: bool,
        producers: u32,
        consumers: u32,
    },
    /// NBARRIER.wait: waits for the completion of named barrier `id`'s phase.
    NbarrierWait { id: u8 },
}

impl SyncPoint {
    /// The instruction's text, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            SyncPoint::Barrier => "barrier",
            SyncPoint::SbarrierSignal => "sbarrier.signal",
            SyncPoint::SbarrierWait => "sbarrier.wait",
            SyncPoint::NbarrierSignal { .. } => "nbarrier.signal",
            SyncPoint::NbarrierWait { .. } => "nbarrier.wait",
        }
    }

    /// Whether the thread may have to wait here (the signals go on at once).
    pub fn waits(&self) -> bool {
        matches!(
            self,
            SyncPoint::Barrier | SyncPoint::SbarrierWait | SyncPoint::NbarrierWait { .. }
        )
    }
}

/// How a run of a resumable thread stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The thread ended.
    Ended,
    /// The thread reached a synchronisation point at `pos` (program point `pc`).
    Sync {
        point: SyncPoint,
        pc: usize,
        pos: Pos,
    },
    /// The thread executed a memory instruction and was asked to stop after one
    /// ([`Stop::AfterMemory`]).
    Paused,
}

/// When a run of a resumable thread stops, besides its end and its synchronisation points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Only there.
    AtSync,
    /// Also after each memory instruction (a seeded schedule switches threads there).
    AfterMemory,
}

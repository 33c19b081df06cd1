//! The log of memory accesses a thread makes, for the race detector of a launch
//! (docs/races.md).
//!
//! Recording is off by default. Switched on for a [`super::Memory`] (`mem.record(true)`),
//! every byte range an instruction reads, writes or accesses atomically is appended to its
//! log; `mem.take_accesses()` drains it. Off, noting an access is one branch on a flag and
//! the log holds no allocation.
//!
//! What is an access: a byte of memory the instruction reads or changes. A byte a load
//! reads as zero because it is out of bounds of its surface, and a byte a store drops for
//! the same reason, are not accesses of memory (the surface's bounds check stands between
//! the message and the memory). An atomic operation's read and write of its bytes are one
//! [`AccessKind::Atomic`] record.
//!
//! Both engines note the same accesses for the same instruction; the records they append
//! may be cut differently (one byte at a time, or a lane's datum at once), so two logs are
//! compared as [`coalesce`]d sets.

/// What an instruction does to a byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccessKind {
    Read,
    Write,
    /// An atomic read-modify-write (an atomic load or store among them).
    Atomic,
}

impl AccessKind {
    pub fn name(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        }
    }
}

/// One access: `len` bytes from `addr` of `space`, by instruction `insn` (its index in the
/// program's instructions) in lane `lane` (`None` where the message has no lanes of its
/// own: a block, a transposed or a block 2D access).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Access {
    pub insn: u32,
    pub lane: Option<u32>,
    pub space: &'static str,
    pub addr: u64,
    pub len: u64,
    pub kind: AccessKind,
}

impl Access {
    /// The address one past the last byte (`None` past the end of the 64-bit space: the
    /// range ends at `u64::MAX` inclusive).
    pub fn end(&self) -> Option<u64> {
        self.addr.checked_add(self.len)
    }
}

/// A fence (FENCE, LSC_FENCE) a thread executed, in the order of its accesses: the
/// fence's instruction (its index in the program) and how many of the log's records came
/// before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenceMark {
    pub insn: u32,
    pub after: usize,
}

/// The access log of a memory. It is no part of the memory's value: two memories that
/// differ only in their logs are equal.
#[derive(Debug, Default)]
pub struct AccessLog {
    on: bool,
    /// The instruction the next records are stamped with.
    insn: u32,
    records: Vec<Access>,
    fences: Vec<FenceMark>,
}

impl Clone for AccessLog {
    fn clone(&self) -> AccessLog {
        let AccessLog {
            on,
            insn,
            records,
            fences,
        } = self;
        AccessLog {
            on: *on,
            insn: *insn,
            records: records.clone(),
            fences: fences.clone(),
        }
    }

    /// Reuses the records' buffer (a state reset: both logs are usually off and empty).
    fn clone_from(&mut self, source: &AccessLog) {
        let AccessLog {
            on,
            insn,
            records,
            fences,
        } = source;
        self.on = *on;
        self.insn = *insn;
        // Usually all four are empty: nothing to copy.
        if !(self.records.is_empty() && records.is_empty()) {
            self.records.clone_from(records);
        }
        if !(self.fences.is_empty() && fences.is_empty()) {
            self.fences.clone_from(fences);
        }
    }
}

impl PartialEq for AccessLog {
    fn eq(&self, _: &AccessLog) -> bool {
        true
    }
}

impl Eq for AccessLog {}

impl AccessLog {
    #[inline]
    pub fn is_on(&self) -> bool {
        self.on
    }

    pub fn set_on(&mut self, on: bool) {
        self.on = on;
    }

    #[inline]
    pub fn set_insn(&mut self, insn: u32) {
        self.insn = insn;
    }

    /// Drains the records (and forgets the fences among them).
    pub fn take(&mut self) -> Vec<Access> {
        self.fences.clear();
        std::mem::take(&mut self.records)
    }

    /// Notes a fence by the current instruction after the records so far (the caller has
    /// recording on).
    pub fn push_fence(&mut self) {
        self.fences.push(FenceMark {
            insn: self.insn,
            after: self.records.len(),
        });
    }

    /// Drains the records and the fences among them.
    pub fn take_with_fences(&mut self) -> (Vec<Access>, Vec<FenceMark>) {
        (
            std::mem::take(&mut self.records),
            std::mem::take(&mut self.fences),
        )
    }

    pub fn records(&self) -> &[Access] {
        &self.records
    }

    /// Appends `len` bytes at `addr` of `space` (the caller has recording on), extending
    /// the last record where this one continues it.
    pub fn push(
        &mut self,
        lane: Option<u32>,
        space: &'static str,
        addr: u64,
        len: u64,
        kind: AccessKind,
    ) {
        if len == 0 {
            return;
        }
        if let Some(last) = self.records.last_mut() {
            if last.insn == self.insn
                && last.lane == lane
                && last.kind == kind
                && last.space == space
                && last.end() == Some(addr)
            {
                last.len += len;
                return;
            }
        }
        self.records.push(Access {
            insn: self.insn,
            lane,
            space,
            addr,
            len,
            kind,
        });
    }
}

/// `records` as a canonical set: sorted, and the ranges of one (instruction, lane, kind,
/// space) that overlap or touch merged into one. Two logs of the same accesses, however
/// their records were cut, coalesce to the same vector.
pub fn coalesce(mut records: Vec<Access>) -> Vec<Access> {
    records.sort_by_key(|r| (r.insn, r.kind, r.space, r.lane, r.addr, r.len));
    let mut out: Vec<Access> = Vec::with_capacity(records.len());
    for r in records {
        if let Some(last) = out.last_mut() {
            let same =
                (last.insn, last.kind, last.space, last.lane) == (r.insn, r.kind, r.space, r.lane);
            // `None`: the last range reaches the end of the space, so it holds `r`'s start.
            if same && last.end().is_none_or(|end| end >= r.addr) {
                let end = match (last.end(), r.end()) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
                last.len = match end {
                    Some(e) => e - last.addr,
                    None => u64::MAX - last.addr + 1,
                };
                continue;
            }
        }
        out.push(r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{FLAT, SLM};

    #[test]
    fn pushes_extend_the_last_record() {
        let mut log = AccessLog::default();
        log.set_on(true);
        log.set_insn(3);
        for a in 0x10..0x14 {
            log.push(Some(1), SLM, a, 1, AccessKind::Write);
        }
        log.push(Some(2), SLM, 0x14, 4, AccessKind::Write);
        assert_eq!(
            log.take(),
            vec![
                Access {
                    insn: 3,
                    lane: Some(1),
                    space: SLM,
                    addr: 0x10,
                    len: 4,
                    kind: AccessKind::Write
                },
                Access {
                    insn: 3,
                    lane: Some(2),
                    space: SLM,
                    addr: 0x14,
                    len: 4,
                    kind: AccessKind::Write
                },
            ]
        );
        assert!(log.records().is_empty());
    }

    #[test]
    fn a_fence_is_marked_after_the_records_before_it() {
        let mut log = AccessLog::default();
        log.set_on(true);
        log.set_insn(1);
        log.push(Some(0), SLM, 0, 4, AccessKind::Write);
        log.set_insn(2);
        log.push_fence();
        log.set_insn(3);
        log.push(Some(0), SLM, 8, 4, AccessKind::Read);
        let (records, fences) = log.take_with_fences();
        assert_eq!(records.len(), 2);
        assert_eq!(fences, [FenceMark { insn: 2, after: 1 }]);
        // `take` forgets the fences with the records.
        log.push_fence();
        assert!(log.take().is_empty());
        assert_eq!(log.take_with_fences(), (Vec::new(), Vec::new()));
    }

    #[test]
    fn coalesce_merges_overlaps_and_the_top_of_the_space() {
        let r = |addr, len| Access {
            insn: 0,
            lane: None,
            space: FLAT,
            addr,
            len,
            kind: AccessKind::Read,
        };
        assert_eq!(
            coalesce(vec![r(8, 4), r(0, 4), r(4, 2), r(5, 3)]),
            vec![r(0, 12)]
        );
        assert_eq!(
            coalesce(vec![r(u64::MAX - 1, 2), r(u64::MAX, 1)]),
            vec![r(u64::MAX - 1, 2)]
        );
    }
}

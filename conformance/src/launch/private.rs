//! Private memory as the driver allocates it (docs/launch.md, "Private memory"): one
//! surface in the flat space with a slot for every hardware thread the kernel can name,
//! each running thread told which slot is its own through the hardware thread id it reads.
//!
//! - The slot: the interface's bytes per work-item times the SIMD width (a `.progbin`'s
//!   `IsSimtThread`, a zebin's `is_simt_thread`), or its bytes per hardware thread
//!   (compute-runtime, shared/source/device_binary_format/zebin/zeinfo_decoder.cpp:
//!   `perHwThreadPrivateMemorySize` is the size, times `simdSize` for a SIMT allocation).
//! - The surface: the slot times the device's hardware threads (compute-runtime,
//!   shared/source/helpers/kernel_helpers.h `getPrivateSurfaceSize`, the threads from
//!   `getComputeUnitsUsedForScratch`). The launcher's device has as many hardware threads
//!   as the id IGC computes can name ([`hw_thread_ids`]), so every id has its slot.
//! - The id: IGC multiplies the thread's id by the slot and adds it to the surface's base
//!   (the kernel's `%sp`). Before Xe-HPG it reads the vISA pre-defined `%hw_id`, which the
//!   finalizer takes from r0's FFTID (intel-graphics-compiler,
//!   visa/BuildIRImpl.cpp `expandPredefinedVars`: `r0.5 & 0x1ff` before gen 10,
//!   `& 0x3ff` from it); from Xe-HPG on it reads the fields of `%sr0`'s first dword
//!   itself, squeezing out the reserved bits (IGC/Compiler/CISACodeGen/CShader.cpp
//!   `GetHWTID`). [`sr0`] lays an id out in those fields, so IGC's code gives it back.
//!
//! The launcher numbers the launch's threads in work-group order; thread t runs as hardware
//! thread t mod [`hw_thread_ids`] (a later work-group's thread takes the slot of one that
//! ended, as the hardware reuses it). A thread's slot is its own: an access by one thread
//! into another's slot is undefined ([`sched`](super::sched) reports it), and the race
//! detector does not watch the surface.

use std::ops::Range;

use visa_model::error::VisaError;
use visa_model::ir::Program;
use visa_model::platform::Platform;
use visa_model::state::{Access, AccessKind, FLAT};

/// How many hardware thread ids IGC's code can name on `platform` (the launcher's device
/// has that many hardware threads, each with its slot); `None` where the launcher does not
/// lay the id out.
///
/// - Gen9: FFTID is r0.5 bits 8..0: 512.
/// - Gen11, Xe-LP: bits 9..0: 1,024.
/// - Xe-HPG (IGC's XeHP layout): `sr0.0` bits 13..0 less reserved bits 6 and 3: 11 bits,
///   2,048.
/// - Xe-HPC: `sr0.0` bits 14..0 less reserved bits 7, 6 and 3: 12 bits, 4,096.
/// - Xe2: IGC combines `%msg0` and `%sr0` on it; not laid out.
pub fn hw_thread_ids(platform: Platform) -> Option<u64> {
    match platform {
        Platform::Gen9 => Some(1 << 9),
        Platform::Gen11 | Platform::XeLp => Some(1 << 10),
        Platform::XeHpg => Some(1 << 11),
        Platform::XeHpc => Some(1 << 12),
        Platform::Xe2 => None,
    }
}

/// `%sr0`'s first dword for hardware thread `id` (below [`hw_thread_ids`]): the thread's
/// fields where IGC reads them (CShader.cpp `GetHWTID`, EmitVISAPass.cpp's readers of the
/// EU thread id, EU id, subslice and slice).
///
/// - Gen9, Gen11, Xe-LP: the thread id in bits 2..0, the EU id in 7..4, the subslice and
///   slice from bit 8 (IGC reads `%hw_id` there, not these).
/// - Xe-HPG: the thread id in 2..0, the EU id's bits 1..0 in 5..4 and bit 2 in 7, the
///   subslice in 8, the dual subslice in 10..9, the slice in 13..11 (bits 3 and 6
///   reserved).
/// - Xe-HPC: the thread id in 2..0, the EU id's bits 1..0 in 5..4 and bit 2 in 8, the
///   subslice in 11..9, the slice in 14..12 (bits 3, 6 and 7 reserved).
///
/// So the id is the concatenation, from bit 0, of the thread id, the EU id, the subslice
/// and the slice, each as wide as its field.
pub fn sr0(platform: Platform, id: u64) -> u32 {
    let id = id as u32;
    let tid = id & 0x7;
    match platform {
        Platform::XeHpg => tid | ((id >> 3) & 0x3) << 4 | (id >> 5) << 7,
        Platform::XeHpc => tid | ((id >> 3) & 0x3) << 4 | (id >> 5) << 8,
        _ => tid | ((id >> 3) & 0xf) << 4 | (id >> 7) << 8,
    }
}

/// The launch's private memory: the surface and the slot of each hardware thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateSurface {
    /// The surface's stateless base address.
    pub base: u64,
    /// Bytes of one hardware thread's slot.
    pub slot: u64,
    /// Hardware threads of the device: slots of the surface.
    pub ids: u64,
}

impl PrivateSurface {
    /// The surface's bytes.
    pub fn range(&self) -> Range<u64> {
        self.base..self.base.saturating_add(self.slot.saturating_mul(self.ids))
    }

    /// The hardware thread id of the launch's thread `thread` (work-group order).
    pub fn id_of(&self, thread: u64) -> u64 {
        thread % self.ids.max(1)
    }

    /// Hardware thread `id`'s slot.
    pub fn slot_of(&self, id: u64) -> Range<u64> {
        let start = self.base.saturating_add(id.saturating_mul(self.slot));
        start..start.saturating_add(self.slot)
    }
}

/// The private surface as a work-group's threads see it: its bytes and each thread's own
/// slot (by the thread's index in the group).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slots {
    pub surface: Range<u64>,
    /// Each thread's hardware thread id and slot.
    pub own: Vec<(u64, Range<u64>)>,
    /// Bytes of one slot.
    pub slot: u64,
}

impl Slots {
    /// The first access of `records` (thread `k`'s) to the surface outside the thread's own
    /// slot, as the error at its instruction: private memory is the thread's alone, so
    /// reaching into another thread's slot is undefined.
    pub fn foreign_access(
        &self,
        program: &Program,
        records: &[Access],
        k: usize,
    ) -> Option<VisaError> {
        let (id, own) = self.own.get(k)?;
        let a = records.iter().find(|a| {
            let end = a.end().unwrap_or(u64::MAX);
            a.space == FLAT
                && a.len > 0
                && a.addr < self.surface.end
                && end > self.surface.start
                && !(a.addr >= own.start && end <= own.end)
        })?;
        let what = match a.kind {
            AccessKind::Read => "a load read",
            AccessKind::Write => "a store wrote",
            AccessKind::Atomic => "an atomic operation accessed",
        };
        let lane = a.lane.map(|l| format!(" (lane {l})")).unwrap_or_default();
        // The first byte outside the own slot names whose slot it is.
        let byte = if a.addr < own.start {
            a.addr
        } else {
            a.addr.max(own.end)
        };
        let whose = if byte < self.surface.start || byte >= self.surface.end {
            "past the private surface".to_string()
        } else {
            let other = (byte - self.surface.start) / self.slot.max(1);
            format!("in the slot of hardware thread {other}")
        };
        let error = VisaError::undefined(format!(
            "{what} private memory byte {byte:#x}{lane}, {whose}, not this thread's \
             (hardware thread {id}, slot {:#x}..{:#x}): private memory is not shared \
             (undefined)",
            own.start, own.end
        ));
        Some(match program.insns.get(a.insn as usize) {
            Some(i) => error.at(i.pos),
            None => error,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// IGC's `RemoveBitRange`: drops `range` bits at `bit`, the bits above move down.
    fn remove_bits(v: u32, bit: u32, range: u32) -> u32 {
        let mask = (1u32 << bit) - 1;
        (v & mask) | ((v >> range) & !mask)
    }

    #[test]
    fn igc_reads_back_every_id_from_sr0() {
        // The code of IGC's dumps (xe-hpg/recurse.visaasm: `sr0 & 0x3fff`, bit 6 then bit 3
        // removed; xe-hpc: `& 0x7fff`, bits 7..6 then bit 3) gives each id back, and two
        // ids never share an sr0.
        for id in 0..hw_thread_ids(Platform::XeHpg).unwrap_or(0) {
            let s = sr0(Platform::XeHpg, id);
            assert_eq!(s & !0x3fff, 0, "{id}");
            assert_eq!(s & (1 << 3 | 1 << 6), 0, "reserved bits: {id}");
            let t = remove_bits(remove_bits(s & 0x3fff, 6, 1), 3, 1);
            assert_eq!(u64::from(t), id);
        }
        for id in 0..hw_thread_ids(Platform::XeHpc).unwrap_or(0) {
            let s = sr0(Platform::XeHpc, id);
            assert_eq!(s & !0x7fff, 0, "{id}");
            assert_eq!(s & (1 << 3 | 3 << 6), 0, "reserved bits: {id}");
            let t = remove_bits(remove_bits(s & 0x7fff, 6, 2), 3, 1);
            assert_eq!(u64::from(t), id);
        }
        // Xe-HPC's slice field (bits 14..12, EmitVISAPass.cpp `GenISA_slice_id`) holds the
        // id's top three bits: id 0xfff is slice 7, subslice 7, EU 7, thread 7.
        assert_eq!(sr0(Platform::XeHpc, 0xfff), 0x7f37);
        // Gen9: the thread in 2..0, the EU in 7..4, the rest from bit 8: id 0x1ff is
        // thread 7, EU 15, rest 0b11.
        assert_eq!(sr0(Platform::Gen9, 0x1ff), 0x3f7);
    }

    #[test]
    fn slots_tile_the_surface() {
        // recurse.cl on xe-hpc: 4,160 bytes per work-item, SIMD16: 0x10400 per thread, as
        // the dump's `mul ... 0x10400:ud` scales the id.
        let s = PrivateSurface {
            base: 0x20000,
            slot: 4160 * 16,
            ids: 4096,
        };
        assert_eq!(s.slot_of(1), 0x30400..0x40800);
        assert_eq!(s.range().end, 0x20000 + 0x10400 * 4096);
        assert_eq!(s.id_of(4096 + 5), 5);
    }
}

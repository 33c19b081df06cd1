//! The memory of a thread: the sparse 64-bit flat space, shared local memory, the `arg`
//! space, and the surfaces of the binding table and of the two surface-state heaps
//! (instructions/LSC_UNTYPED.md, Semantics `Base = ...` and AddrType; LSC_TYPED.md).
//!
//! Readings this model takes (docs/memory.md states them for vector writers):
//! - Memory a case never wrote reads as zero: a case defines what it reads (`init.mem`).
//! - A stateful access (bti, bss, ss) reaches `Base + offset` of its surface; a byte whose
//!   offset is not below the surface's `size` is out of bounds: a load reads zero there and a
//!   store drops it (the documents name no behaviour; this is the bounds-checked surface of
//!   the hardware).
//! - The `arg` space is its own space addressed from 0: `IndirectDataBase` is its origin.
//! - SLM (`.slm`) is its own space addressed from 0.
//! - One instruction writing the same byte twice with different values leaves it undefined
//!   (the documents define no order between the lanes of one message); the same value twice
//!   is that value under every order. See [`StoreJournal`].

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::error::{ErrorClass, Result, VisaError};

/// Name of the 64-bit flat (stateless) space; surfaces live in it too.
pub const FLAT: &str = "flat";
/// Name of the shared local memory space.
pub const SLM: &str = "slm";
/// Name of the kernel argument space (`arg[...]`).
pub const ARG: &str = "arg";

/// Bytes of one page of a [`SparseMemory`]; page `n` holds addresses `n*PAGE_SIZE..`.
pub const PAGE_SIZE: usize = 4096;

/// A sparse byte-addressed memory (flat 64-bit space, SLM, `arg`). Bytes never written read
/// as zero. Bytes an instruction left undefined are listed in `undefined`; they keep a
/// value (the last one written) and a defined write removes them.
///
/// Pages are shared between copies until one of them writes (copy on write): copying a
/// memory, as every state reset does, copies no page. The pages a memory holds are few (a
/// case's regions), so they are kept in one vector sorted by page number: a reset compares
/// and copies it in place, and a lookup is a search of a few entries.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SparseMemory {
    /// (page number, bytes), sorted by page number, each number once.
    pages: Vec<(u64, Arc<[u8; PAGE_SIZE]>)>,
    pub undefined: BTreeSet<u64>,
}

impl Clone for SparseMemory {
    // Both methods destructure `Self`, so a field added later fails to compile here until it
    // is copied.
    fn clone(&self) -> SparseMemory {
        let SparseMemory { pages, undefined } = self;
        SparseMemory {
            pages: pages.clone(),
            undefined: undefined.clone(),
        }
    }

    /// Reuses the page vector, and the pages `source` shares with it (a state reset).
    fn clone_from(&mut self, source: &SparseMemory) {
        let SparseMemory { pages, undefined } = source;
        self.pages.truncate(pages.len());
        let kept = self.pages.len();
        for (d, s) in self.pages.iter_mut().zip(pages) {
            d.0 = s.0;
            if !Arc::ptr_eq(&d.1, &s.1) {
                d.1 = Arc::clone(&s.1);
            }
        }
        if let Some(rest) = pages.get(kept..) {
            self.pages.extend_from_slice(rest);
        }
        if !(self.undefined.is_empty() && undefined.is_empty()) {
            self.undefined.clone_from(undefined);
        }
    }
}

impl SparseMemory {
    /// The page `number`, created (zeroed) if absent, unshared for writing.
    fn page_mut(&mut self, number: u64) -> &mut [u8; PAGE_SIZE] {
        let k = match self.find(number) {
            Ok(k) => k,
            Err(k) => {
                self.pages.insert(k, (number, Arc::new([0; PAGE_SIZE])));
                k
            }
        };
        // `k` is in bounds: found, or just inserted there.
        let slot = &mut self.pages[k].1;
        Arc::make_mut(slot)
    }

    /// Where page `number` is in `pages` (`Err`: where it would be inserted).
    #[inline]
    fn find(&self, number: u64) -> std::result::Result<usize, usize> {
        // One or two pages in most memories: look at the first before searching.
        match self.pages.first() {
            Some((n, _)) if *n == number => Ok(0),
            _ => self.pages.binary_search_by_key(&number, |(n, _)| *n),
        }
    }

    /// The page `number` (addresses `number*PAGE_SIZE..`), `None` when never written (it
    /// reads as zero).
    #[inline]
    pub fn page(&self, number: u64) -> Option<&[u8; PAGE_SIZE]> {
        self.find(number)
            .ok()
            .and_then(|k| self.pages.get(k))
            .map(|(_, p)| &**p)
    }

    /// The page `number`, created (zeroed) if absent and unshared, for a caller that writes
    /// its bytes directly: it keeps `undefined` up to date itself.
    pub fn page_for_write(&mut self, number: u64) -> &mut [u8; PAGE_SIZE] {
        self.page_mut(number)
    }

    /// Removes the bytes `addr..=last` from `undefined`.
    fn define(&mut self, addr: u64, last: u64) {
        while let Some(&g) = self.undefined.range(addr..=last).next() {
            self.undefined.remove(&g);
        }
    }

    /// Reads `out.len()` bytes from `addr` (wrapping at the end of the 64-bit space), a page
    /// at a time.
    pub fn read(&self, addr: u64, out: &mut [u8]) {
        let mut done = 0;
        while done < out.len() {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(out.len() - done);
            match self.page(a / PAGE_SIZE as u64) {
                Some(p) => out[done..done + n].copy_from_slice(&p[in_page..in_page + n]),
                None => out[done..done + n].fill(0),
            }
            done += n;
        }
    }

    /// Writes defined bytes (removing them from `undefined`), a page at a time.
    pub fn write(&mut self, addr: u64, data: &[u8]) {
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(data.len() - done);
            let page = self.page_mut(a / PAGE_SIZE as u64);
            page[in_page..in_page + n].copy_from_slice(&data[done..done + n]);
            if !self.undefined.is_empty() {
                // The chunk stays inside one page: `a + n - 1` does not overflow.
                self.define(a, a + (n as u64 - 1));
            }
            done += n;
        }
    }

    /// Writes `data` at `addr` (wrapping at the end of the 64-bit space) and sets each
    /// byte's undefined flag to `undefined[i]`: as [`SparseMemory::write_undefined`] of the
    /// flagged bytes and [`SparseMemory::write`] of the others, with the undefined set only
    /// touched where a flag changes.
    pub fn write_flagged(&mut self, addr: u64, data: &[u8], undefined: &[bool]) {
        let mut done = 0;
        let mut changes: Vec<(u64, bool)> = Vec::new();
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(data.len() - done);
            let page = self.page_mut(a / PAGE_SIZE as u64);
            page[in_page..in_page + n].copy_from_slice(&data[done..done + n]);
            // The chunk stays inside one page: `a + n - 1` does not overflow. Merge the
            // bytes undefined now with the flags wanted.
            let flags = &undefined[done..done + n];
            let mut now = self.undefined.range(a..=a + (n as u64 - 1)).peekable();
            for (k, &want) in flags.iter().enumerate() {
                let b = a + k as u64;
                let is = now.next_if_eq(&&b).is_some();
                if is != want {
                    changes.push((b, want));
                }
            }
            done += n;
        }
        for (b, want) in changes {
            if want {
                self.undefined.insert(b);
            } else {
                self.undefined.remove(&b);
            }
        }
    }

    /// Whether any byte of `addr..=last` is undefined.
    pub fn any_undefined(&self, addr: u64, last: u64) -> bool {
        !self.undefined.is_empty() && self.undefined.range(addr..=last).next().is_some()
    }

    /// Writes one byte and marks it undefined.
    pub fn write_undefined(&mut self, addr: u64, value: u8) {
        self.put(addr, value);
        self.undefined.insert(addr);
    }

    pub fn is_undefined(&self, addr: u64) -> bool {
        self.undefined.contains(&addr)
    }

    /// Marks the `len` bytes at `addr` (wrapping at the end of the 64-bit space) undefined,
    /// keeping their contents: as [`SparseMemory::write_undefined`] of each byte's own value.
    pub fn mark_undefined(&mut self, addr: u64, len: usize) {
        let mut done = 0;
        while done < len {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(len - done);
            self.page_mut(a / PAGE_SIZE as u64);
            self.undefined.extend((0..n as u64).map(|k| a + k));
            done += n;
        }
    }

    fn put(&mut self, a: u64, b: u8) {
        self.page_mut(a / PAGE_SIZE as u64)[(a % PAGE_SIZE as u64) as usize] = b;
    }

    /// The pages holding data, as (address, bytes) runs in address order.
    pub fn pages(&self) -> impl Iterator<Item = (u64, &[u8])> {
        self.pages
            .iter()
            .map(|(p, d)| (p * PAGE_SIZE as u64, &d[..]))
    }
}

/// Which table a surface belongs to (LSC_UNTYPED.md, Semantics: `BindingTable[Surface]`,
/// `BindlessSurfaceStateHeap[Surface]`, `SurfaceStateHeap[Surface]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SurfaceHeap {
    /// The binding table, indexed by binding table index (`bti`).
    #[default]
    BindingTable,
    /// The bindless surface state heap, indexed by surface-state offset (`bss`).
    Bindless,
    /// The surface state heap, indexed by surface-state offset (`ss`).
    SurfaceState,
}

impl SurfaceHeap {
    pub const ALL: [SurfaceHeap; 3] = [
        SurfaceHeap::BindingTable,
        SurfaceHeap::Bindless,
        SurfaceHeap::SurfaceState,
    ];

    /// The name used in vectors (`init.surfaces[].heap`): `bt`, `bss`, `ss`.
    pub fn name(self) -> &'static str {
        match self {
            SurfaceHeap::BindingTable => "bt",
            SurfaceHeap::Bindless => "bss",
            SurfaceHeap::SurfaceState => "ss",
        }
    }

    pub fn from_name(s: &str) -> Option<SurfaceHeap> {
        SurfaceHeap::ALL.into_iter().find(|h| h.name() == s)
    }
}

/// A surface: an entry of the binding table or of a surface-state heap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Surface {
    /// The table holding the entry.
    pub heap: SurfaceHeap,
    /// Index of the entry in its table: the binding table index, or the surface-state offset
    /// of a `bss`/`ss` entry.
    pub bti: u32,
    /// Base address in the flat space.
    pub base: u64,
    /// Size in bytes of a linear surface: stateful accesses at or past it are out of bounds.
    pub size: u64,
    /// Width in bytes, height in rows and pitch in bytes of a 2D surface (typed accesses).
    pub width: u32,
    pub height: u32,
    pub pitch: u32,
    /// Depth in slices of a 3D typed surface (0 reads as 1); slice `R` starts
    /// `R*pitch*height` bytes after the base (LSC-TYPED-SURFACE).
    pub depth: u32,
    /// `SURF_STATEpixel_size` (LSC_TYPED.md): bytes of one pixel of a typed surface, the
    /// channels X, Y, Z, W at `v*sizeof(DataSize)` in it; 0 for an untyped surface.
    pub pixel_size: u32,
    /// `Aux_surface_address` (LSC_UNTYPED.md, AppendCounterAtomicAdd): the flat address of
    /// the surface's append counter; 0 when the surface has none.
    pub aux: u64,
}

/// The addressing model of an access (LSC_UNTYPED.md, AddrType).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddrType {
    Flat,
    Bss,
    Ss,
    Bti,
    Arg,
}

impl AddrType {
    pub const ALL: [AddrType; 5] = [
        AddrType::Flat,
        AddrType::Bss,
        AddrType::Ss,
        AddrType::Bti,
        AddrType::Arg,
    ];

    /// As written before the brackets: `flat[...]`, `bti(0x4)[...]`.
    pub fn name(self) -> &'static str {
        match self {
            AddrType::Flat => "flat",
            AddrType::Bss => "bss",
            AddrType::Ss => "ss",
            AddrType::Bti => "bti",
            AddrType::Arg => "arg",
        }
    }

    pub fn from_name(s: &str) -> Option<AddrType> {
        AddrType::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Whether the access goes through a surface (and takes a `(Surface)` operand).
    pub fn is_stateful(self) -> bool {
        matches!(self, AddrType::Bss | AddrType::Ss | AddrType::Bti)
    }
}

/// The address size (LSC_UNTYPED.md, AddrSize): addresses are computed exactly and then
/// truncated to this many bits, so a16 and a32 addresses wrap around.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddrSize {
    A16,
    A32,
    A64,
}

impl AddrSize {
    pub const ALL: [AddrSize; 3] = [AddrSize::A16, AddrSize::A32, AddrSize::A64];

    pub fn name(self) -> &'static str {
        match self {
            AddrSize::A16 => "a16",
            AddrSize::A32 => "a32",
            AddrSize::A64 => "a64",
        }
    }

    pub fn from_name(s: &str) -> Option<AddrSize> {
        AddrSize::ALL.into_iter().find(|t| t.name() == s)
    }

    pub fn bits(self) -> u32 {
        match self {
            AddrSize::A16 => 16,
            AddrSize::A32 => 32,
            AddrSize::A64 => 64,
        }
    }

    /// Size in bytes of one address in `Src0Addrs`.
    pub fn bytes(self) -> usize {
        self.bits() as usize / 8
    }

    /// An exactly computed address reduced modulo 2^bits (two's complement wrap).
    pub fn truncate(self, exact: i128) -> u64 {
        let wrapped = exact as u64;
        match self {
            AddrSize::A64 => wrapped,
            _ => wrapped & ((1u64 << self.bits()) - 1),
        }
    }
}

/// Where an access lands: a space, a base in it, and for a stateful access the surface size
/// that bounds the offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub space: &'static str,
    pub base: u64,
    /// `Some(size)`: offsets at or past `size` are out of bounds.
    pub limit: Option<u64>,
}

impl Window {
    /// The address of the byte at `offset`, or `None` when it is out of bounds.
    pub fn address(&self, offset: u64) -> Option<u64> {
        match self.limit {
            Some(size) if offset >= size => None,
            _ => Some(self.base.wrapping_add(offset)),
        }
    }
}

/// The spaces held in fixed slots of a [`Memory`], in slot order.
const FIXED: [&str; 3] = [FLAT, SLM, ARG];

/// The fixed slot of the space `name`, `None` for another name.
#[inline]
fn fixed_slot(name: &str) -> Option<usize> {
    match name {
        FLAT => Some(0),
        SLM => Some(1),
        ARG => Some(2),
        _ => None,
    }
}

/// Memory spaces and surface tables of a thread.
///
/// The spaces the instructions address ([`FLAT`], [`SLM`], [`ARG`]) are fixed slots, so a
/// reset copies and an access finds them without a map lookup; a space of any other name
/// (a vector may name one) is kept by name.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// The spaces of [`FIXED`], `None` where the space was never created.
    fixed: [Option<SparseMemory>; 3],
    /// Spaces of other names.
    others: BTreeMap<String, SparseMemory>,
    /// Entries of the binding table and of the surface-state heaps.
    pub surfaces: Vec<Surface>,
}

impl Clone for Memory {
    // Destructured like `SparseMemory`'s, for the same reason.
    fn clone(&self) -> Memory {
        let Memory {
            fixed,
            others,
            surfaces,
        } = self;
        Memory {
            fixed: fixed.clone(),
            others: others.clone(),
            surfaces: surfaces.clone(),
        }
    }

    /// Reuses the spaces present on both sides (a state reset).
    fn clone_from(&mut self, source: &Memory) {
        let Memory {
            fixed,
            others,
            surfaces,
        } = source;
        for (d, s) in self.fixed.iter_mut().zip(fixed) {
            // `Option::clone_from`: a space on both sides is reset in place.
            d.clone_from(s);
        }
        if !(self.others.is_empty() && others.is_empty()) {
            if self.others.len() == others.len() && self.others.keys().eq(others.keys()) {
                for (d, s) in self.others.values_mut().zip(others.values()) {
                    d.clone_from(s);
                }
            } else {
                self.others.clone_from(others);
            }
        }
        self.surfaces.clone_from(surfaces);
    }
}

impl Memory {
    #[inline]
    pub fn space(&self, name: &str) -> Option<&SparseMemory> {
        match fixed_slot(name) {
            Some(k) => self.fixed.get(k).and_then(Option::as_ref),
            None => self.others.get(name),
        }
    }

    /// The space `name`, created (empty) if absent.
    #[inline]
    pub fn space_mut(&mut self, name: &str) -> &mut SparseMemory {
        match fixed_slot(name).and_then(|k| self.fixed.get_mut(k)) {
            Some(slot) => slot.get_or_insert_with(SparseMemory::default),
            None => self.others.entry(name.to_string()).or_default(),
        }
    }

    /// The spaces created, by name in name order.
    pub fn spaces(&self) -> impl Iterator<Item = (&str, &SparseMemory)> {
        let mut all: Vec<(&str, &SparseMemory)> = FIXED
            .iter()
            .zip(&self.fixed)
            .filter_map(|(name, m)| m.as_ref().map(|m| (*name, m)))
            .chain(self.others.iter().map(|(name, m)| (name.as_str(), m)))
            .collect();
        all.sort_by(|a, b| a.0.cmp(b.0));
        all.into_iter()
    }

    /// The entry `index` of `heap` (the first one when a case lists it twice).
    pub fn surface(&self, heap: SurfaceHeap, index: u64) -> Option<&Surface> {
        self.surfaces
            .iter()
            .find(|s| s.heap == heap && u64::from(s.bti) == index)
    }

    /// The window of an access: `slm` for the `.slm` unit, otherwise LSC_UNTYPED.md's
    /// `Base` by address type; `surface` is the `(Surface)` operand's value.
    pub fn window(&self, slm: bool, addr_type: AddrType, surface: u64) -> Result<Window> {
        if slm {
            return match addr_type {
                AddrType::Flat => Ok(Window {
                    space: SLM,
                    base: 0,
                    limit: None,
                }),
                other => Err(VisaError::invalid(format!(
                    "shared local memory is addressed `flat`, not `{}`",
                    other.name()
                ))),
            };
        }
        let heap = match addr_type {
            AddrType::Flat => {
                return Ok(Window {
                    space: FLAT,
                    base: 0,
                    limit: None,
                })
            }
            AddrType::Arg => {
                return Ok(Window {
                    space: ARG,
                    base: 0,
                    limit: None,
                })
            }
            AddrType::Bti => SurfaceHeap::BindingTable,
            AddrType::Bss => SurfaceHeap::Bindless,
            AddrType::Ss => SurfaceHeap::SurfaceState,
        };
        let Some(s) = self.surface(heap, surface) else {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                no_surface_message(heap, surface),
            ));
        };
        Ok(Window {
            space: FLAT,
            base: s.base,
            limit: Some(s.size),
        })
    }

    /// Reads `out.len()` bytes at `offset` of the window; out-of-bounds bytes read zero.
    /// Returns the indices into `out` of the bytes that are undefined in memory.
    pub fn load(&self, w: &Window, offset: u64, out: &mut [u8]) -> Vec<usize> {
        let mut undefined = Vec::new();
        let space = self.space(w.space);
        for (i, b) in out.iter_mut().enumerate() {
            *b = 0;
            let (Some(a), Some(m)) = (w.address(offset.wrapping_add(i as u64)), space) else {
                continue;
            };
            let mut one = [0u8];
            m.read(a, &mut one);
            *b = one[0];
            if m.is_undefined(a) {
                undefined.push(i);
            }
        }
        undefined
    }
}

/// `no surface at index {index:#x} of the {heap} table (init.surfaces)`, written without
/// the formatting machinery: a case may stop on it at every run.
fn no_surface_message(heap: SurfaceHeap, index: u64) -> String {
    let mut m = String::with_capacity(64);
    m.push_str("no surface at index 0x");
    let digits = (64 - index.leading_zeros()).div_ceil(4).max(1);
    for k in (0..digits).rev() {
        let d = (index >> (4 * k)) & 0xf;
        m.push(char::from_digit(d as u32, 16).unwrap_or('0'));
    }
    m.push_str(" of the ");
    m.push_str(heap.name());
    m.push_str(" table (init.surfaces)");
    m
}

/// The stores of one instruction, applied together when it completes. A byte stored twice
/// with different values becomes undefined; out-of-bounds bytes are dropped.
#[derive(Clone, Debug, Default)]
pub struct StoreJournal {
    /// (space, address) -> (last value, whether the byte is undefined: an earlier store
    /// disagreed, or a store had no defined value). `None`: no defined value was stored,
    /// the byte keeps its contents.
    bytes: BTreeMap<(&'static str, u64), (Option<u8>, bool)>,
}

impl StoreJournal {
    pub fn store(&mut self, w: &Window, offset: u64, data: &[u8]) {
        for (i, b) in data.iter().enumerate() {
            let Some(a) = w.address(offset.wrapping_add(i as u64)) else {
                continue;
            };
            self.bytes
                .entry((w.space, a))
                .and_modify(|(v, undefined)| {
                    *undefined |= *v != Some(*b);
                    *v = Some(*b);
                })
                .or_insert((Some(*b), false));
        }
    }

    /// Stores `len` bytes with no defined value: they keep their contents and become
    /// undefined.
    pub fn store_undefined(&mut self, w: &Window, offset: u64, len: usize) {
        for i in 0..len {
            let Some(a) = w.address(offset.wrapping_add(i as u64)) else {
                continue;
            };
            self.bytes
                .entry((w.space, a))
                .and_modify(|(_, undefined)| *undefined = true)
                .or_insert((None, true));
        }
    }

    /// Whether the byte at `addr` of `space` is already stored by this instruction.
    pub fn contains(&self, space: &'static str, addr: u64) -> bool {
        self.bytes.contains_key(&(space, addr))
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Applies the stores to `mem`.
    pub fn commit(self, mem: &mut Memory) {
        for ((space, a), (v, undefined)) in self.bytes {
            let m = mem.space_mut(space);
            let value = v.unwrap_or_else(|| {
                let mut one = [0u8];
                m.read(a, &mut one);
                one[0]
            });
            if undefined {
                m.write_undefined(a, value);
            } else {
                m.write(a, &[value]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a32_and_a16_wrap() {
        // 0xffff_fff0 + 0x20 = 0x1_0000_0010 -> 0x10 modulo 2^32.
        assert_eq!(AddrSize::A32.truncate(0xffff_fff0 + 0x20), 0x10);
        // -4 modulo 2^16 = 0xfffc.
        assert_eq!(AddrSize::A16.truncate(-4), 0xfffc);
        assert_eq!(AddrSize::A64.truncate(-1), u64::MAX);
    }

    #[test]
    fn stateful_bounds_and_heaps() {
        let mut mem = Memory::default();
        mem.surfaces.push(Surface {
            heap: SurfaceHeap::BindingTable,
            bti: 4,
            base: 0x1000,
            size: 8,
            ..Surface::default()
        });
        mem.space_mut(FLAT)
            .write(0x1000, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let w = mem.window(false, AddrType::Bti, 4).expect("bti 4 exists");
        let mut out = [0xaa; 4];
        // Offsets 6, 7 are inside (bytes 7, 8); 8, 9 are past size 8: zero.
        assert!(mem.load(&w, 6, &mut out).is_empty());
        assert_eq!(out, [7, 8, 0, 0]);
        // The same index in the bindless heap is another table.
        assert_eq!(
            mem.window(false, AddrType::Bss, 4).map_err(|e| e.class),
            Err(ErrorClass::UndefinedBehaviour)
        );
        assert!(mem.window(true, AddrType::Bti, 4).is_err());
    }

    #[test]
    fn write_flagged_sets_exactly_the_flags() {
        let mut m = SparseMemory::default();
        m.write_undefined(0x0fff, 1);
        m.write_undefined(0x1001, 2);
        m.write_undefined(0x1005, 3);
        // Crosses the page boundary at 0x1000: 0x0fff..=0x1002.
        m.write_flagged(0x0fff, &[7, 8, 9, 10], &[false, true, true, false]);
        let mut out = [0; 4];
        m.read(0x0fff, &mut out);
        assert_eq!(out, [7, 8, 9, 10]);
        let u: Vec<u64> = m.undefined.iter().copied().collect();
        // 0x0fff defined again, 0x1000 and 0x1001 undefined, 0x1005 untouched.
        assert_eq!(u, vec![0x1000, 0x1001, 0x1005]);
        // The same as the byte-wise operations.
        let mut n = SparseMemory::default();
        n.write_undefined(0x0fff, 1);
        n.write_undefined(0x1001, 2);
        n.write_undefined(0x1005, 3);
        n.write(0x0fff, &[7]);
        n.write_undefined(0x1000, 8);
        n.write_undefined(0x1001, 9);
        n.write(0x1002, &[10]);
        assert_eq!(m, n);
    }

    #[test]
    fn mark_undefined_keeps_the_contents() {
        let mut m = SparseMemory::default();
        m.write(0x10, &[5, 6]);
        m.mark_undefined(0x11, 2);
        let mut n = SparseMemory::default();
        n.write(0x10, &[5, 6]);
        n.write_undefined(0x11, 6);
        n.write_undefined(0x12, 0);
        assert_eq!(m, n);
    }

    #[test]
    fn clone_from_gives_the_source_and_leaves_it_alone() {
        let mut src = Memory::default();
        src.space_mut(FLAT).write(0x2000, &[1, 2, 3]);
        src.space_mut(SLM).write_undefined(4, 9);
        let mut dst = src.clone();
        // Writes to the copy do not reach the source (copy on write).
        dst.space_mut(FLAT).write(0x2000, &[0xff]);
        dst.space_mut(FLAT).write_undefined(0x2001, 0xee);
        dst.space_mut(SLM).write(4, &[1]);
        let mut out = [0; 3];
        src.space(FLAT).expect("flat").read(0x2000, &mut out);
        assert_eq!(out, [1, 2, 3]);
        assert!(src.space(SLM).expect("slm").is_undefined(4));
        assert_ne!(dst, src);
        dst.clone_from(&src);
        assert_eq!(dst, src);
        // Other pages and spaces: the map is rebuilt.
        dst.space_mut(FLAT).write(0x9000, &[1]);
        dst.space_mut(ARG).write(0, &[1]);
        dst.clone_from(&src);
        assert_eq!(dst, src);
    }

    /// The missing-surface message as `format!` writes it.
    #[test]
    fn no_surface_message_is_the_format() {
        for heap in SurfaceHeap::ALL {
            for index in [0u64, 1, 0xf, 0x10, 0xabc, 0xffff_ffff, u64::MAX] {
                assert_eq!(
                    no_surface_message(heap, index),
                    format!(
                        "no surface at index {index:#x} of the {} table (init.surfaces)",
                        heap.name()
                    )
                );
            }
        }
    }

    /// Pages written in any order are found again and listed in address order; a reset
    /// onto a memory holding other pages, more or fewer of them, gives the source.
    #[test]
    fn pages_in_any_order() {
        let mut m = SparseMemory::default();
        // Page numbers 5, 1, 9, 0, 3, and the last page of the 64-bit space.
        for (k, page) in [5u64, 1, 9, 0, 3, u64::MAX / PAGE_SIZE as u64]
            .into_iter()
            .enumerate()
        {
            m.write(page * PAGE_SIZE as u64 + 7, &[k as u8 + 1]);
        }
        let listed: Vec<u64> = m.pages().map(|(a, _)| a / PAGE_SIZE as u64).collect();
        assert_eq!(listed, vec![0, 1, 3, 5, 9, u64::MAX / PAGE_SIZE as u64]);
        for (k, page) in [5u64, 1, 9, 0, 3].into_iter().enumerate() {
            let mut one = [0u8];
            m.read(page * PAGE_SIZE as u64 + 7, &mut one);
            assert_eq!(one[0], k as u8 + 1, "page {page}");
        }
        // Never written: page 2 reads zero and is not created by a read.
        assert!(m.page(2).is_none());
        let mut fewer = SparseMemory::default();
        fewer.write(0x2000, &[1]);
        let mut d = fewer.clone();
        d.clone_from(&m);
        assert_eq!(d, m);
        d.clone_from(&fewer);
        assert_eq!(d, fewer);
        let mut other = SparseMemory::default();
        other.write(0x7000, &[2]);
        d.clone_from(&other);
        assert_eq!(d, other);
        assert_ne!(d, fewer);
    }

    /// A space of another name than flat, slm and arg is kept by name; spaces are listed
    /// in name order; a space created empty differs from an absent one.
    #[test]
    fn spaces_by_name() {
        let mut mem = Memory::default();
        mem.space_mut("zeta").write(1, &[1]);
        mem.space_mut(SLM).write(2, &[2]);
        mem.space_mut("alpha").write(3, &[3]);
        mem.space_mut(FLAT).write(4, &[4]);
        let names: Vec<&str> = mem.spaces().map(|(n, _)| n).collect();
        assert_eq!(names, vec!["alpha", FLAT, SLM, "zeta"]);
        let mut one = [0u8];
        mem.space("zeta").expect("created").read(1, &mut one);
        assert_eq!(one, [1]);
        assert!(mem.space(ARG).is_none());
        let mut with_arg = mem.clone();
        with_arg.space_mut(ARG);
        assert_ne!(with_arg, mem);
        with_arg.clone_from(&mem);
        assert_eq!(with_arg, mem);
        let mut other = Memory::default();
        other.space_mut("beta").write(0, &[9]);
        other.clone_from(&mem);
        assert_eq!(other, mem);
    }

    #[test]
    fn conflicting_stores_are_undefined() {
        let mut mem = Memory::default();
        let w = mem.window(false, AddrType::Flat, 0).expect("flat");
        let mut j = StoreJournal::default();
        j.store(&w, 0x10, &[1, 2]);
        j.store(&w, 0x11, &[2, 3]);
        j.store(&w, 0x12, &[4]);
        j.commit(&mut mem);
        let flat = mem.space(FLAT).expect("written");
        // 0x10: one store; 0x11: 2 twice (same value); 0x12: 3 then 4.
        assert!(!flat.is_undefined(0x10));
        assert!(!flat.is_undefined(0x11));
        assert!(flat.is_undefined(0x12));
        let mut out = [0; 3];
        assert_eq!(mem.load(&w, 0x10, &mut out), vec![2]);
        // A later defined store makes it defined again.
        mem.space_mut(FLAT).write(0x12, &[9]);
        assert!(mem.load(&w, 0x10, &mut out).is_empty());
        assert_eq!(out, [1, 2, 9]);
    }
}

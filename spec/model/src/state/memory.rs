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

use std::collections::BTreeMap;
use std::sync::Arc;

use super::access::{Access, AccessKind, AccessLog, FenceMark};
use super::format::SurfaceFormat;
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
/// as zero. Bytes an instruction left undefined are flagged in their page's bitmap; they
/// keep a value (the last one written) and a defined write clears their flags.
///
/// Pages are shared between copies until one of them writes (copy on write): copying a
/// memory, as every state reset does, copies no page. The pages a memory holds are few (a
/// case's regions), so they are kept in one vector sorted by page number: a reset compares
/// and copies it in place, and a lookup is a search of a few entries. A page holds its bytes
/// and, next to them, one bit per byte saying whether it is undefined: an undefined byte is
/// always in a page (it was written, or marked in place), and the flags of a store are word
/// operations on its page.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SparseMemory {
    /// (page number, page), sorted by page number, each number once.
    pages: Vec<(u64, Arc<Page>)>,
    /// How many bytes are undefined, over all pages.
    undefined: usize,
}

/// Words of a page's undefined bitmap.
const FLAG_WORDS: usize = PAGE_SIZE / 64;

/// One page: its bytes and their undefined flags (bit `k % 64` of word `k / 64` for byte
/// `k`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Page {
    bytes: [u8; PAGE_SIZE],
    undefined: [u64; FLAG_WORDS],
}

impl Page {
    fn zeroed() -> Arc<Page> {
        Arc::new(Page {
            bytes: [0; PAGE_SIZE],
            undefined: [0; FLAG_WORDS],
        })
    }
}

/// The bits of bytes `from..from + n` of a page as (word, mask) pairs, `from + n` at most
/// `PAGE_SIZE`.
#[inline]
fn flag_words(from: usize, n: usize) -> impl Iterator<Item = (usize, u64)> {
    let end = from + n;
    let mut k = from;
    std::iter::from_fn(move || {
        if k >= end {
            return None;
        }
        let (w, b) = (k / 64, k % 64);
        let m = (end - k).min(64 - b);
        let mask = if m == 64 {
            u64::MAX
        } else {
            ((1u64 << m) - 1) << b
        };
        k += m;
        Some((w, mask))
    })
}

/// A page open for writing, for a caller that writes its bytes directly and keeps their
/// undefined flags up to date with [`PageMut::set_undefined`].
#[derive(Debug)]
pub struct PageMut<'m> {
    pub bytes: &'m mut [u8; PAGE_SIZE],
    flags: &'m mut [u64; FLAG_WORDS],
    count: &'m mut usize,
}

impl PageMut<'_> {
    /// Sets the undefined flag of bytes `from..from + n` of the page to `undefined`
    /// (`from + n` at most `PAGE_SIZE`).
    #[inline]
    pub fn set_undefined(&mut self, from: usize, n: usize, undefined: bool) {
        set_flags(self.flags, self.count, from, n, undefined);
    }

    /// Sets the undefined flag of bytes `from..from + flags.len()` of the page: byte
    /// `from + k` is undefined when `flags[k]` is not zero; where `touched` is given (as
    /// long as `flags`), only the bytes whose `touched` entry is not zero change. A word of
    /// the bitmap at a time (`from + flags.len()` at most `PAGE_SIZE`).
    pub fn set_undefined_where(&mut self, from: usize, touched: Option<&[u8]>, flags: &[u8]) {
        let mut k = 0;
        for (w, mask) in flag_words(from, flags.len()) {
            // The mask's bits are `shift..shift + n`.
            let shift = mask.trailing_zeros();
            let n = 64 - (mask.leading_zeros() + shift) as usize;
            let (Some(f), Some(word)) = (flags.get(k..k + n), self.flags.get_mut(w)) else {
                return;
            };
            let new = pack_bits(f) << shift;
            let change = match touched.and_then(|t| t.get(k..k + n)) {
                Some(t) => (pack_bits(t) << shift) & mask,
                None => mask,
            };
            let old = *word;
            let next = (old & !change) | (new & change);
            if next != old {
                *self.count += (next & !old).count_ones() as usize;
                *self.count -= (old & !next).count_ones() as usize;
                *word = next;
            }
            k += n;
        }
    }

    /// Sets the undefined flag of bytes `from..from + n` of the page (`n` at most 64,
    /// `from + n` at most `PAGE_SIZE`): byte `from + k` undefined where bit k of `bits` is
    /// set.
    pub fn set_undefined_bits(&mut self, from: usize, n: usize, bits: u64) {
        let mut k = 0;
        for (w, mask) in flag_words(from, n.min(64)) {
            let shift = mask.trailing_zeros();
            let Some(word) = self.flags.get_mut(w) else {
                return;
            };
            let new = (bits.checked_shr(k as u32).unwrap_or(0) << shift) & mask;
            let old = *word;
            let next = (old & !mask) | new;
            if next != old {
                *self.count += (next & !old).count_ones() as usize;
                *self.count -= (old & !next).count_ones() as usize;
                *word = next;
            }
            k += 64 - (mask.leading_zeros() + shift) as usize;
        }
    }

    /// Whether byte `k` of the page is undefined.
    #[inline]
    pub fn is_undefined(&self, k: usize) -> bool {
        self.flags
            .get(k / 64)
            .is_some_and(|w| w >> (k % 64) & 1 == 1)
    }
}

/// Bit k set where `bytes[k]` (at most 64 of them) is not zero, eight bytes at a time.
#[inline]
fn pack_bits(bytes: &[u8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    #[inline(always)]
    fn eight(v: u64) -> u64 {
        // The top bit of each byte set where the byte is not zero, moved to its low bit.
        let nonzero = ((((v & LOW7) + LOW7) | v) >> 7) & 0x0101_0101_0101_0101;
        // Byte i's low bit lands on bit 56 + i of the product (no carries: every partial
        // sum stays below 256).
        nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56
    }
    let mut bits = 0u64;
    let chunks = bytes.chunks_exact(8);
    let rest = chunks.remainder();
    let mut j = 0;
    for chunk in chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        bits |= eight(u64::from_le_bytes(word)) << (8 * j);
        j += 1;
    }
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        for (w, &b) in word.iter_mut().zip(rest) {
            *w = b;
        }
        bits |= eight(u64::from_le_bytes(word)) << (8 * j);
    }
    bits
}

/// Sets the flags of bytes `from..from + n` of a page's bitmap `flags` to `undefined`,
/// keeping `count` (the memory's undefined bytes) up to date.
#[inline]
fn set_flags(
    flags: &mut [u64; FLAG_WORDS],
    count: &mut usize,
    from: usize,
    n: usize,
    undefined: bool,
) {
    if !undefined && *count == 0 {
        return;
    }
    for (w, mask) in flag_words(from, n) {
        let Some(word) = flags.get_mut(w) else {
            return;
        };
        // Counted only where a flag changes (most stores change none).
        if undefined {
            let add = mask & !*word;
            if add != 0 {
                *count += add.count_ones() as usize;
                *word |= mask;
            }
        } else {
            let remove = mask & *word;
            if remove != 0 {
                *count -= remove.count_ones() as usize;
                *word &= !mask;
            }
        }
    }
}

impl Clone for SparseMemory {
    // Both methods destructure `Self`, so a field added later fails to compile here until it
    // is copied.
    fn clone(&self) -> SparseMemory {
        let SparseMemory { pages, undefined } = self;
        SparseMemory {
            pages: pages.clone(),
            undefined: *undefined,
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
        self.undefined = *undefined;
    }
}

impl SparseMemory {
    /// The page `number`, created (zeroed) if absent, unshared for writing, with the count
    /// of undefined bytes.
    fn page_mut(&mut self, number: u64) -> (&mut Page, &mut usize) {
        let k = match self.find(number) {
            Ok(k) => k,
            Err(k) => {
                self.pages.insert(k, (number, Page::zeroed()));
                k
            }
        };
        // `k` is in bounds: found, or just inserted there.
        let slot = &mut self.pages[k].1;
        (Arc::make_mut(slot), &mut self.undefined)
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
            .map(|(_, p)| &p.bytes)
    }

    /// The page `number`, created (zeroed) if absent and unshared, for a caller that writes
    /// its bytes directly: it keeps their undefined flags up to date itself
    /// ([`SparseMemory::page_with_flags`], [`SparseMemory::define`]).
    pub fn page_for_write(&mut self, number: u64) -> &mut [u8; PAGE_SIZE] {
        &mut self.page_mut(number).0.bytes
    }

    /// The page `number`, created (zeroed) if absent and unshared, with its undefined flags.
    pub fn page_with_flags(&mut self, number: u64) -> PageMut<'_> {
        let (page, count) = self.page_mut(number);
        PageMut {
            bytes: &mut page.bytes,
            flags: &mut page.undefined,
            count,
        }
    }

    /// Whether any byte is undefined.
    #[inline]
    pub fn has_undefined(&self) -> bool {
        self.undefined > 0
    }

    /// The undefined bytes, in address order.
    pub fn undefined_bytes(&self) -> impl Iterator<Item = u64> + '_ {
        self.pages.iter().flat_map(|(no, p)| {
            let base = no * PAGE_SIZE as u64;
            p.undefined.iter().enumerate().flat_map(move |(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as u64;
                    bits &= bits - 1;
                    Some(base + w as u64 * 64 + b)
                })
            })
        })
    }

    /// Sets the undefined flag of the bytes `addr..=last` (one page) to `undefined`; a page
    /// absent holds no undefined byte and is created only to flag one.
    fn set_undefined_in_page(&mut self, addr: u64, last: u64, undefined: bool) {
        let no = addr / PAGE_SIZE as u64;
        let in_page = (addr % PAGE_SIZE as u64) as usize;
        let n = (last - addr) as usize + 1;
        if undefined {
            let (page, count) = self.page_mut(no);
            set_flags(&mut page.undefined, count, in_page, n, true);
        } else if self.undefined > 0 {
            if let Ok(k) = self.find(no) {
                // Unshared only when a flag changes.
                let p = &self.pages[k].1;
                if flag_words(in_page, n).any(|(w, m)| p.undefined[w] & m != 0) {
                    let (page, count) = self.page_mut(no);
                    set_flags(&mut page.undefined, count, in_page, n, false);
                }
            }
        }
    }

    /// Makes the `len` bytes at `addr` (wrapping at the end of the 64-bit space) defined,
    /// keeping their contents.
    pub fn define(&mut self, addr: u64, len: usize) {
        if self.undefined == 0 {
            return;
        }
        let mut done = 0;
        while done < len {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(len - done);
            // The chunk stays inside one page: `a + n - 1` does not overflow.
            self.set_undefined_in_page(a, a + (n as u64 - 1), false);
            done += n;
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

    /// Writes defined bytes (clearing their undefined flags), a page at a time.
    pub fn write(&mut self, addr: u64, data: &[u8]) {
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(data.len() - done);
            let (page, count) = self.page_mut(a / PAGE_SIZE as u64);
            page.bytes[in_page..in_page + n].copy_from_slice(&data[done..done + n]);
            set_flags(&mut page.undefined, count, in_page, n, false);
            done += n;
        }
    }

    /// Writes `data` at `addr` (wrapping at the end of the 64-bit space) and sets each
    /// byte's undefined flag to `undefined[i]`: as [`SparseMemory::write_undefined`] of the
    /// flagged bytes and [`SparseMemory::write`] of the others.
    pub fn write_flagged(&mut self, addr: u64, data: &[u8], undefined: &[bool]) {
        let mut done = 0;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(data.len() - done);
            let (page, count) = self.page_mut(a / PAGE_SIZE as u64);
            page.bytes[in_page..in_page + n].copy_from_slice(&data[done..done + n]);
            for (k, &want) in undefined[done..done + n].iter().enumerate() {
                set_flags(&mut page.undefined, count, in_page + k, 1, want);
            }
            done += n;
        }
    }

    /// Whether any byte of `addr..=last` is undefined.
    pub fn any_undefined(&self, addr: u64, last: u64) -> bool {
        if self.undefined == 0 || last < addr {
            return false;
        }
        let (first_no, last_no) = (addr / PAGE_SIZE as u64, last / PAGE_SIZE as u64);
        let from = self.find(first_no).unwrap_or_else(|k| k);
        for (no, p) in self.pages.get(from..).unwrap_or(&[]) {
            if *no > last_no {
                break;
            }
            let lo = if *no == first_no {
                (addr % PAGE_SIZE as u64) as usize
            } else {
                0
            };
            let hi = if *no == last_no {
                (last % PAGE_SIZE as u64) as usize
            } else {
                PAGE_SIZE - 1
            };
            if flag_words(lo, hi - lo + 1).any(|(w, m)| p.undefined[w] & m != 0) {
                return true;
            }
        }
        false
    }

    /// Writes one byte and marks it undefined.
    pub fn write_undefined(&mut self, addr: u64, value: u8) {
        let (page, count) = self.page_mut(addr / PAGE_SIZE as u64);
        let k = (addr % PAGE_SIZE as u64) as usize;
        page.bytes[k] = value;
        set_flags(&mut page.undefined, count, k, 1, true);
    }

    pub fn is_undefined(&self, addr: u64) -> bool {
        if self.undefined == 0 {
            return false;
        }
        let k = (addr % PAGE_SIZE as u64) as usize;
        self.find(addr / PAGE_SIZE as u64)
            .ok()
            .and_then(|i| self.pages.get(i))
            .is_some_and(|(_, p)| p.undefined[k / 64] >> (k % 64) & 1 == 1)
    }

    /// Marks the `len` bytes at `addr` (wrapping at the end of the 64-bit space) undefined,
    /// keeping their contents: as [`SparseMemory::write_undefined`] of each byte's own value.
    pub fn mark_undefined(&mut self, addr: u64, len: usize) {
        let mut done = 0;
        while done < len {
            let a = addr.wrapping_add(done as u64);
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(len - done);
            self.set_undefined_in_page(a, a + (n as u64 - 1), true);
            done += n;
        }
    }

    /// The pages holding data, as (address, bytes) runs in address order.
    pub fn pages(&self) -> impl Iterator<Item = (u64, &[u8])> {
        self.pages
            .iter()
            .map(|(p, d)| (p * PAGE_SIZE as u64, &d.bytes[..]))
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
    /// The surface format of a typed surface (its pixels' channels and their conversions,
    /// [`SurfaceFormat`]); `None` for an untyped surface, and for a typed one whose accesses
    /// move raw channel bits (LSC_TYPED's `pixel_size`).
    pub format: Option<SurfaceFormat>,
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
    /// The mask that reduces an offset modulo 2^bits.
    pub fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

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
    /// The bits of an offset that address the window: all of them (`u64::MAX`), except
    /// where an engine narrows the SLM window to [`SLM_ADDRESS_MASK`] (erratum
    /// SLM-ADDRESS-HIGH-BITS, resolved reading).
    pub offset_mask: u64,
}

/// The bits of a shared-local-memory address that select a byte under erratum
/// SLM-ADDRESS-HIGH-BITS' resolved reading: bits 0-27; bits 28 and above (IGC's tag
/// `0x10000000` on SLM pointers) do not take part.
pub const SLM_ADDRESS_MASK: u64 = 0x0fff_ffff;

impl Window {
    /// The address of the byte at `offset` (its bits outside `offset_mask` dropped), or
    /// `None` when it is out of bounds.
    pub fn address(&self, offset: u64) -> Option<u64> {
        let offset = offset & self.offset_mask;
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
    /// Entries of the sampler state table (docs/sampler.md).
    pub samplers: Vec<super::sampler::SamplerState>,
    /// The accesses recorded for the race detector (off by default; no part of the
    /// memory's value).
    log: AccessLog,
}

impl Clone for Memory {
    // Destructured like `SparseMemory`'s, for the same reason.
    fn clone(&self) -> Memory {
        let Memory {
            fixed,
            others,
            surfaces,
            samplers,
            log,
        } = self;
        Memory {
            fixed: fixed.clone(),
            others: others.clone(),
            surfaces: surfaces.clone(),
            samplers: samplers.clone(),
            log: log.clone(),
        }
    }

    /// Reuses the spaces present on both sides (a state reset).
    fn clone_from(&mut self, source: &Memory) {
        let Memory {
            fixed,
            others,
            surfaces,
            samplers,
            log,
        } = source;
        self.log.clone_from(log);
        // The common reset of an ALU case: no space and no surface on either side.
        if source.is_bare() && self.is_bare() {
            self.samplers.clone_from(samplers);
            return;
        }
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
        self.samplers.clone_from(samplers);
    }
}

impl Memory {
    /// No space was created and no surface is bound.
    #[inline]
    fn is_bare(&self) -> bool {
        self.surfaces.is_empty() && self.others.is_empty() && self.fixed.iter().all(Option::is_none)
    }

    /// Switches the recording of accesses on or off (docs/races.md); records already taken
    /// stay.
    pub fn record(&mut self, on: bool) {
        self.log.set_on(on);
    }

    /// Whether accesses are recorded.
    #[inline]
    pub fn recording(&self) -> bool {
        self.log.is_on()
    }

    /// The instruction (its index in the program) the next accesses are stamped with; an
    /// engine sets it before it runs a memory instruction.
    #[inline]
    pub fn set_insn(&mut self, insn: u32) {
        self.log.set_insn(insn);
    }

    /// Drains the accesses recorded so far.
    pub fn take_accesses(&mut self) -> Vec<Access> {
        self.log.take()
    }

    /// Notes that instruction `insn`, a fence (FENCE, LSC_FENCE), executed after the
    /// accesses recorded so far, when recording.
    #[inline]
    pub fn note_fence(&mut self, insn: u32) {
        if self.log.is_on() {
            self.log.set_insn(insn);
            self.log.push_fence();
        }
    }

    /// Drains the accesses recorded so far and the fences among them (each fence says how
    /// many of the accesses came before it).
    pub fn take_accesses_and_fences(&mut self) -> (Vec<Access>, Vec<FenceMark>) {
        self.log.take_with_fences()
    }

    /// Notes an access of the in-bounds bytes of `len` bytes at `offset` of window `w`,
    /// offsets modulo `mask + 1` (the address size's mask), by `lane`, when recording.
    #[inline]
    pub fn note(
        &mut self,
        lane: Option<u32>,
        w: &Window,
        offset: u64,
        len: usize,
        mask: u64,
        kind: AccessKind,
    ) {
        if self.log.is_on() {
            note_window(&mut self.log, lane, w, offset, len, mask, kind);
        }
    }

    /// Notes an access of `len` bytes at address `addr` of `space` (bounds already
    /// checked; addresses modulo 2^64) by `lane`, when recording.
    #[inline]
    pub fn note_at(
        &mut self,
        lane: Option<u32>,
        space: &'static str,
        addr: u64,
        len: usize,
        kind: AccessKind,
    ) {
        if self.log.is_on() {
            let w = Window {
                space,
                base: 0,
                limit: None,
                offset_mask: u64::MAX,
            };
            note_window(&mut self.log, lane, &w, addr, len, u64::MAX, kind);
        }
    }

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

    /// The entry `index` of the sampler state table (the first one when a case lists it
    /// twice).
    pub fn sampler(&self, index: u32) -> Option<&super::sampler::SamplerState> {
        self.samplers.iter().find(|s| s.index == index)
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
                    offset_mask: u64::MAX,
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
                    offset_mask: u64::MAX,
                })
            }
            AddrType::Arg => {
                return Ok(Window {
                    space: ARG,
                    base: 0,
                    limit: None,
                    offset_mask: u64::MAX,
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
            offset_mask: u64::MAX,
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

/// Appends to `log` the in-bounds bytes of `len` bytes at `offset` of window `w`, offsets
/// taken modulo `mask + 1`, as runs of consecutive addresses.
fn note_window(
    log: &mut AccessLog,
    lane: Option<u32>,
    w: &Window,
    offset: u64,
    len: usize,
    mask: u64,
    kind: AccessKind,
) {
    // A run of consecutive in-bounds addresses: (first, length).
    let mut run: Option<(u64, u64)> = None;
    for i in 0..len as u64 {
        let a = w.address(offset.wrapping_add(i) & mask);
        run = match (run, a) {
            // Address 0 after `u64::MAX` starts a run of its own.
            (Some((first, n)), Some(a)) if first.wrapping_add(n) == a && a != 0 => {
                Some((first, n + 1))
            }
            (previous, a) => {
                if let Some((first, n)) = previous {
                    log.push(lane, w.space, first, n, kind);
                }
                a.map(|a| (a, 1))
            }
        };
    }
    if let Some((first, n)) = run {
        log.push(lane, w.space, first, n, kind);
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
    fn window_bytes_out_of_bounds_are_no_access() {
        let mut mem = Memory::default();
        mem.record(true);
        let w = Window {
            space: FLAT,
            base: 0x1000,
            limit: Some(6),
            offset_mask: u64::MAX,
        };
        // Offsets 4, 5 in bounds; 6, 7 past the surface.
        mem.note(None, &w, 4, 4, u64::MAX, AccessKind::Read);
        // A32: offsets 0xffff_ffff, 0, 1 wrap; the window has no limit.
        let flat = Window {
            space: FLAT,
            base: 0,
            limit: None,
            offset_mask: u64::MAX,
        };
        mem.note(
            Some(0),
            &flat,
            0xffff_ffff,
            3,
            0xffff_ffff,
            AccessKind::Write,
        );
        let at = |lane, addr, len, kind| Access {
            insn: 0,
            lane,
            space: FLAT,
            addr,
            len,
            kind,
        };
        assert_eq!(
            crate::state::coalesce(mem.take_accesses()),
            vec![
                at(None, 0x1004, 2, AccessKind::Read),
                at(Some(0), 0, 2, AccessKind::Write),
                at(Some(0), 0xffff_ffff, 1, AccessKind::Write),
            ]
        );
        // Off: nothing is noted, and the log is no part of the memory's value.
        mem.record(false);
        mem.note(None, &w, 0, 4, u64::MAX, AccessKind::Read);
        assert!(mem.take_accesses().is_empty());
        assert_eq!(mem, Memory::default());
    }

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
        let u: Vec<u64> = m.undefined_bytes().collect();
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

    /// A xorshift64 stream: `next(n)` is below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    #[test]
    fn pack_bits_is_byte_wise() {
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for _ in 0..2000 {
            let len = next(65) as usize;
            // Mostly zeros, and every value (0x80 and 0x01 among them) now and then.
            let bytes: Vec<u8> = (0..len)
                .map(|_| match next(4) {
                    0 => next(256) as u8,
                    1 => [0x80, 0x01, 0xff][next(3) as usize],
                    _ => 0,
                })
                .collect();
            let want = bytes
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, &b)| acc | u64::from(b != 0) << k);
            assert_eq!(pack_bits(&bytes), want, "{bytes:?}");
        }
    }

    /// `PageMut::set_undefined_where` and `set_undefined` against byte-wise flags, over
    /// pages holding undefined bytes; the count of undefined bytes stays the number of
    /// flags set.
    #[test]
    fn page_flags_are_byte_wise() {
        let mut next = xorshift(0x0fed_cba9_8765_4321);
        for _ in 0..500 {
            let mut m = SparseMemory::default();
            for _ in 0..next(40) {
                m.write_undefined(0x1000 + next(PAGE_SIZE as u64), 1);
            }
            m.write(0x5000, &[1]);
            let mut want: Vec<bool> = (0..PAGE_SIZE as u64)
                .map(|k| m.is_undefined(0x1000 + k))
                .collect();
            for _ in 0..4 {
                let from = next(PAGE_SIZE as u64) as usize;
                let len = next((PAGE_SIZE - from) as u64 + 1).min(200) as usize;
                let flags: Vec<u8> = (0..len).map(|_| next(3) as u8 * 0x41).collect();
                let touched: Vec<u8> = (0..len).map(|_| next(2) as u8).collect();
                let mut page = m.page_with_flags(1);
                match next(4) {
                    3 => {
                        let n = len.min(64);
                        let bits = flags[..n]
                            .iter()
                            .enumerate()
                            .fold(0u64, |acc, (k, f)| acc | u64::from(*f != 0) << k);
                        page.set_undefined_bits(from, n, bits);
                        for (k, f) in flags[..n].iter().enumerate() {
                            want[from + k] = *f != 0;
                        }
                    }
                    0 => {
                        page.set_undefined_where(from, None, &flags);
                        for (k, f) in flags.iter().enumerate() {
                            want[from + k] = *f != 0;
                        }
                    }
                    1 => {
                        page.set_undefined_where(from, Some(&touched), &flags);
                        for (k, f) in flags.iter().enumerate() {
                            if touched[k] != 0 {
                                want[from + k] = *f != 0;
                            }
                        }
                    }
                    _ => {
                        let u = next(2) == 1;
                        page.set_undefined(from, len, u);
                        want[from..from + len].fill(u);
                    }
                }
                let got: Vec<bool> = (0..PAGE_SIZE as u64)
                    .map(|k| m.is_undefined(0x1000 + k))
                    .collect();
                assert_eq!(got, want);
                assert_eq!(m.undefined, m.undefined_bytes().count());
                assert_eq!(m.undefined, want.iter().filter(|u| **u).count());
            }
        }
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

    /// A window narrowed to [`SLM_ADDRESS_MASK`] drops an offset's bits 28 and up before
    /// its bound: IGC's tagged SLM offset 0x10000004 is byte 4; the full window keeps it.
    #[test]
    fn an_offset_mask_drops_the_high_bits_before_the_bound() {
        let mut w = Window {
            space: SLM,
            base: 0,
            limit: Some(0x100),
            offset_mask: u64::MAX,
        };
        assert_eq!(w.address(0x1000_0004), None);
        w.offset_mask = SLM_ADDRESS_MASK;
        assert_eq!(w.address(0x1000_0004), Some(4));
        assert_eq!(w.address(0xf000_00ff), Some(0xff));
        assert_eq!(w.address(0x0fff_ffff), None);
        let mut mem = Memory::default();
        let mut journal = StoreJournal::default();
        journal.store(&w, 0x1000_0008, &[7]);
        journal.commit(&mut mem);
        let mut out = [0];
        mem.load(&w, 8, &mut out);
        assert_eq!(out, [7]);
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

    /// A reset between a bare memory (no space, no surface) and one holding a space of each
    /// kind or a surface, both ways.
    #[test]
    fn clone_from_to_and_from_a_bare_memory() {
        let bare = Memory::default();
        let mut fulls = Vec::new();
        for space in [FLAT, SLM, ARG, "other"] {
            let mut m = Memory::default();
            m.space_mut(space).write(8, &[1]);
            fulls.push(m);
        }
        let mut bound = Memory::default();
        bound.surfaces.push(Surface::default());
        fulls.push(bound);
        for full in &fulls {
            let mut dst = full.clone();
            dst.clone_from(&bare);
            assert_eq!(dst, bare);
            dst.clone_from(full);
            assert_eq!(&dst, full);
        }
        let mut dst = Memory::default();
        dst.clone_from(&bare);
        assert_eq!(dst, bare);
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

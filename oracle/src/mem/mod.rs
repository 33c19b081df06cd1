//! The memory family in the oracle: LSC_UNTYPED's gather/scatter loads and stores compiled
//! into [`lsc::LscPlan`]s (register offsets and address arithmetic decided once), executed
//! with page-level bulk copies where a lane's bytes are contiguous and in bounds, and byte
//! by byte only at wrap-around and surface edges. Stores go through [`store_pieces`]: the
//! lanes' byte ranges are checked for overlap once per instruction, disjoint ranges are bulk
//! copies and only overlapping clusters are resolved byte by byte.

pub(crate) mod apndctr;
pub(crate) mod block2d;
pub(crate) mod extra;
pub(crate) mod lsc;
pub(crate) mod status;
pub(crate) mod svm;
pub(crate) mod typed;
pub(crate) mod typed2d;

use visa_model::asm::ast::PredCombine;
use visa_model::state::{ByteSet, MachineState, Memory, SparseMemory, PAGE_SIZE};

/// The space `name` of `mem`, created if absent: `Memory::space_mut` (`None` never
/// happens).
#[inline]
pub(crate) fn space_mut<'m>(mem: &'m mut Memory, name: &str) -> Option<&'m mut SparseMemory> {
    Some(mem.space_mut(name))
}

/// The space `name` of `mem`: `Memory::space`.
#[inline]
pub(crate) fn space<'m>(mem: &'m Memory, name: &str) -> Option<&'m SparseMemory> {
    mem.space(name)
}

/// What a page never written holds.
static ZERO_PAGE: [u8; PAGE_SIZE] = [0; PAGE_SIZE];

/// Reads of one space through a cached page: reads inside the page last looked up are a
/// bounds check and a copy, without a page-map lookup.
pub(crate) struct PageCursor<'m> {
    mem: Option<&'m SparseMemory>,
    /// The page number cached and its bytes (`None`: never written, reads zero).
    no: u64,
    page: Option<&'m [u8; PAGE_SIZE]>,
    valid: bool,
}

impl<'m> PageCursor<'m> {
    pub(crate) fn new(mem: Option<&'m SparseMemory>) -> PageCursor<'m> {
        PageCursor {
            mem,
            no: 0,
            page: None,
            valid: false,
        }
    }

    /// The `len` bytes at `a` when they lie in one page (`None` otherwise).
    #[inline]
    pub(crate) fn slice(&mut self, a: u64, len: usize) -> Option<&'m [u8]> {
        let in_page = (a % PAGE_SIZE as u64) as usize;
        if in_page + len > PAGE_SIZE {
            return None;
        }
        let no = a / PAGE_SIZE as u64;
        if !self.valid || self.no != no {
            self.no = no;
            self.page = self.mem.and_then(|m| m.page(no));
            self.valid = true;
        }
        Some(match self.page {
            Some(p) => &p[in_page..in_page + len],
            None => &ZERO_PAGE[in_page..in_page + len],
        })
    }

    /// As [`SparseMemory::read`] (an absent space reads zero).
    #[inline]
    pub(crate) fn read(&mut self, a: u64, out: &mut [u8]) {
        match self.slice(a, out.len()) {
            Some(b) => copy_small(out, b),
            None => match self.mem {
                Some(m) => m.read(a, out),
                None => out.fill(0),
            },
        }
    }
}

/// Words of a [`FlagMap`]: it covers at most `64 * FLAG_WORDS` register bytes.
const FLAG_WORDS: usize = 32;

/// Where a load notes the undefined flags it gives register bytes (offsets from the
/// destination): a [`FlagMap`], or nowhere when the register file holds no undefined byte
/// and the load makes none ([`NoFlags`]).
pub(crate) trait Flags {
    /// Whether the flags are kept (false: `set` does nothing).
    const TRACK: bool;
    fn set(&mut self, off: usize, n: usize, undefined: bool);
}

/// Flags not kept.
pub(crate) struct NoFlags;

impl Flags for NoFlags {
    const TRACK: bool = false;
    #[inline(always)]
    fn set(&mut self, _: usize, _: usize, _: bool) {}
}

impl Flags for FlagMap {
    const TRACK: bool = true;
    #[inline(always)]
    fn set(&mut self, off: usize, n: usize, undefined: bool) {
        FlagMap::set(self, off, n, undefined)
    }
}

/// The undefined flags an instruction gives a region of register bytes, gathered as bitmaps
/// and applied to the register file's undefined set in one pass: bytes not touched keep
/// their flags.
pub(crate) struct FlagMap {
    at: usize,
    len: usize,
    touched: [u64; FLAG_WORDS],
    want: [u64; FLAG_WORDS],
}

impl FlagMap {
    /// A map of register bytes `at..at + len`; `None` when longer than it can hold.
    pub(crate) fn new(at: usize, len: usize) -> Option<FlagMap> {
        (len <= 64 * FLAG_WORDS).then_some(FlagMap {
            at,
            len,
            touched: [0; FLAG_WORDS],
            want: [0; FLAG_WORDS],
        })
    }

    /// Bytes `at + off..at + off + n` (inside the map) get the flag `undefined`.
    #[inline]
    pub(crate) fn set(&mut self, off: usize, n: usize, undefined: bool) {
        let (w, b) = (off / 64, off % 64);
        if n > 0 && n <= 64 - b {
            // Inside one word.
            let bits = (u64::MAX >> (64 - n)) << b;
            if let (Some(t), Some(u)) = (self.touched.get_mut(w), self.want.get_mut(w)) {
                *t |= bits;
                if undefined {
                    *u |= bits;
                } else {
                    *u &= !bits;
                }
            }
            return;
        }
        let (mut k, end) = (off, off + n);
        while k < end {
            let (w, b) = (k / 64, k % 64);
            let m = (end - k).min(64 - b);
            let bits = if m == 64 {
                u64::MAX
            } else {
                ((1u64 << m) - 1) << b
            };
            if let (Some(t), Some(u)) = (self.touched.get_mut(w), self.want.get_mut(w)) {
                *t |= bits;
                if undefined {
                    *u |= bits;
                } else {
                    *u &= !bits;
                }
            }
            k += m;
        }
    }

    /// Gives the bytes set their flags in `set`, touching it only where a flag changes.
    pub(crate) fn apply(&self, set: &mut ByteSet) {
        let words = self.len.div_ceil(64);
        let mut add = self.want;
        if set.is_empty() {
            if add[..words].iter().all(|w| *w == 0) {
                return;
            }
        } else {
            let mut remove = [0u64; FLAG_WORDS];
            let mut any_remove = false;
            for e in set.range(self.at..self.at + self.len) {
                let k = e - self.at;
                let (w, b) = (k / 64, 1u64 << (k % 64));
                if self.touched[w] & b != 0 {
                    if self.want[w] & b != 0 {
                        add[w] &= !b;
                    } else {
                        remove[w] |= b;
                        any_remove = true;
                    }
                }
            }
            if any_remove {
                for (w, &bits) in remove[..words].iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        set.remove(&(self.at + w * 64 + bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                    }
                }
            }
        }
        for (w, &bits) in add[..words].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                set.insert(self.at + w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// Sets the undefined flags of register bytes `at..at + flags.len()` to `flags`, touching
/// the set only where a flag changes.
pub(crate) fn set_flags(set: &mut ByteSet, at: usize, flags: &[bool]) {
    if set.is_empty() && !flags.contains(&true) {
        return;
    }
    if flags.len() > 64 {
        for (k, &want) in flags.iter().enumerate() {
            if want {
                set.insert(at + k);
            } else {
                set.remove(&(at + k));
            }
        }
        return;
    }
    // Bit k: byte `at + k` changes.
    let mut changes = 0u64;
    let mut now = set.range(at..at + flags.len()).peekable();
    for (k, &want) in flags.iter().enumerate() {
        let is = now.next_if_eq(&(at + k)).is_some();
        changes |= u64::from(is != want) << k;
    }
    while changes != 0 {
        let k = changes.trailing_zeros() as usize;
        changes &= changes - 1;
        if flags[k] {
            set.insert(at + k);
        } else {
            set.remove(&(at + k));
        }
    }
}

/// Copies `src` into `dst` (the same length), with fixed-size moves for the data sizes.
#[inline(always)]
pub(crate) fn copy_small(dst: &mut [u8], src: &[u8]) {
    match (dst.len(), src.len()) {
        (1, 1) => dst[0] = src[0],
        (2, 2) => dst[..2].copy_from_slice(&src[..2]),
        (4, 4) => dst[..4].copy_from_slice(&src[..4]),
        (8, 8) => dst[..8].copy_from_slice(&src[..8]),
        (16, 16) => dst[..16].copy_from_slice(&src[..16]),
        (32, 32) => dst[..32].copy_from_slice(&src[..32]),
        (64, 64) => dst[..64].copy_from_slice(&src[..64]),
        _ => dst.copy_from_slice(src),
    }
}

/// Zeroes `dst`, with fixed-size moves for the register element sizes.
#[inline(always)]
pub(crate) fn zero_small(dst: &mut [u8]) {
    match dst.len() {
        4 => dst[..4].copy_from_slice(&[0; 4]),
        8 => dst[..8].copy_from_slice(&[0; 8]),
        _ => dst.fill(0),
    }
}

/// One contiguous piece of an instruction's stores: `len` bytes of the data buffer from
/// `at`, stored at `addr` of the space; `addr + len - 1` does not pass `u64::MAX`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Piece {
    pub(crate) addr: u64,
    pub(crate) at: usize,
    pub(crate) len: usize,
}

impl Piece {
    fn last(&self) -> u64 {
        self.addr + (self.len as u64 - 1)
    }
}

/// Appends the piece of `len` bytes from `at` stored at `a`, split in two where it wraps
/// around 2^64.
pub(crate) fn push_run<const N: usize>(
    pieces: &mut Small<Piece, N>,
    a: u64,
    at: usize,
    len: usize,
) {
    if len == 0 {
        return;
    }
    match a.checked_add(len as u64 - 1) {
        Some(_) => pieces.push(Piece { addr: a, at, len }),
        None => {
            // Wraps around 2^64: the bytes up to the top, then the rest from 0.
            let head = (u64::MAX - a) as usize + 1;
            pieces.push(Piece {
                addr: a,
                at,
                len: head,
            });
            pieces.push(Piece {
                addr: 0,
                at: at + head,
                len: len - head,
            });
        }
    }
}

/// A vector of `Copy` items held in place up to `N` of them, and on the heap past that: the
/// buffers of one run, without an allocation in the common sizes.
pub(crate) struct Small<T: Copy + Default, const N: usize> {
    buf: [T; N],
    len: usize,
    /// Every item once more than `N` were pushed (empty before).
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Small<T, N> {
    pub(crate) fn new() -> Small<T, N> {
        Small {
            buf: [T::default(); N],
            len: 0,
            heap: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, x: T) {
        if self.heap.is_empty() {
            if let Some(slot) = self.buf.get_mut(self.len) {
                *slot = x;
                self.len += 1;
                return;
            }
            self.heap.reserve(2 * N);
            self.heap.extend_from_slice(&self.buf);
        }
        self.heap.push(x);
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0 && self.heap.is_empty()
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.heap.is_empty() {
            &self.buf[..self.len]
        } else {
            &self.heap
        }
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        if self.heap.is_empty() {
            &mut self.buf[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for Small<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

/// A zeroed byte buffer of `len` bytes: in place up to `N`, on the heap past that.
pub(crate) enum Bytes<const N: usize> {
    Stack([u8; N], usize),
    Heap(Vec<u8>),
}

impl<const N: usize> Bytes<N> {
    pub(crate) fn zeroed(len: usize) -> Bytes<N> {
        if len == 0 {
            Bytes::Heap(Vec::new())
        } else if len <= N {
            Bytes::Stack([0; N], len)
        } else {
            Bytes::Heap(vec![0; len])
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        match self {
            Bytes::Stack(b, len) => &mut b[..*len],
            Bytes::Heap(v) => v,
        }
    }
}

/// Where the bytes of one cluster of overlapping pieces come from.
#[derive(Clone, Copy, Debug, Default)]
enum Src {
    /// A lone piece: its bytes in the data buffer from here.
    #[default]
    Lone,
    /// Several pieces: their bytes resolved into `vals` (and `conflict`) from `from`;
    /// `conflict`: whether a byte of the cluster was stored twice with different values.
    Resolved { from: usize, conflict: bool },
    /// Several pieces of one address and one length (at most 64 bytes): the last one's
    /// bytes in the data buffer from the cluster's `at`; bit k set where the pieces
    /// disagree at byte k.
    Same(u64),
}

/// A cluster of pieces: first and last address, the first piece's data offset, its source.
#[derive(Clone, Copy, Debug, Default)]
struct Cluster {
    addr: u64,
    last: u64,
    at: usize,
    src: Src,
}

impl Cluster {
    fn len(&self) -> usize {
        (self.last - self.addr) as usize + 1
    }
}

/// Resolves the overlapping `members` (address and index into `pieces`, in store order) of
/// a cluster starting at `first` into `vals`, `conflict` and `seen` (zero, its length each):
/// the last value stored at each byte, 1 where two stores there disagreed, 1 where stored.
/// Returns 1 when a byte is a conflict, 0 otherwise.
fn resolve(
    data: &[u8],
    pieces: &[Piece],
    members: impl Iterator<Item = u32>,
    first: u64,
    vals: &mut [u8],
    conflict: &mut [u8],
    seen: &mut [u8],
) -> u8 {
    let mut any = 0;
    for i in members {
        let Some(p) = pieces.get(i as usize) else {
            continue;
        };
        let o = (p.addr - first) as usize;
        any |= apply_piece(p, o, data, vals, conflict, seen);
    }
    any
}

/// Piece `p` over a span's buffers from span offset `o`: each byte's last value, whether it
/// was seen, and whether it was stored twice with different values. Branch-free over the
/// piece's bytes (vectorised); a piece outside the buffers is skipped. Returns 1 when a
/// byte of the piece is a conflict (now or before), 0 otherwise.
#[inline(always)]
fn apply_piece(
    p: &Piece,
    o: usize,
    data: &[u8],
    vals: &mut [u8],
    conflict: &mut [u8],
    seen: &mut [u8],
) -> u8 {
    let (Some(d), Some(v), Some(c), Some(s)) = (
        data.get(p.at..p.at + p.len),
        vals.get_mut(o..o + p.len),
        conflict.get_mut(o..o + p.len),
        seen.get_mut(o..o + p.len),
    ) else {
        return 0;
    };
    let mut any = 0;
    for (((v, c), s), &b) in v.iter_mut().zip(c.iter_mut()).zip(s.iter_mut()).zip(d) {
        *c |= *s & u8::from(*v != b);
        *s = 1;
        *v = b;
        any |= *c;
    }
    any
}

/// Writes the clusters (disjoint, in address order) into `m`: a lone piece's bytes from
/// `data`, a resolved cluster's from `vals`, a page at a time, the page looked up again only
/// when it changes. Every byte written is defined but a resolved cluster's conflicts (a
/// non-zero `conflict` entry), which are undefined.
fn write_clusters(
    m: &mut SparseMemory,
    data: &[u8],
    clusters: &[Cluster],
    vals: &[u8],
    conflict: &[u8],
) {
    let mut cached = None;
    for c in clusters {
        let len = c.len();
        let (bytes, conflicts, bits) = match c.src {
            Src::Lone => (data.get(c.at..c.at + len), None, 0),
            Src::Resolved {
                from,
                conflict: any,
            } => (
                vals.get(from..from + len),
                if any {
                    conflict.get(from..from + len)
                } else {
                    None
                },
                0,
            ),
            Src::Same(bits) => (data.get(c.at..c.at + len), None, bits),
        };
        let Some(bytes) = bytes else {
            continue;
        };
        let mut done = 0;
        while done < bytes.len() {
            let a = c.addr + done as u64;
            let in_page = (a % PAGE_SIZE as u64) as usize;
            let n = (PAGE_SIZE - in_page).min(bytes.len() - done);
            let no = a / PAGE_SIZE as u64;
            let page = match &mut cached {
                Some((c, p)) if *c == no => p,
                _ => {
                    cached = None;
                    &mut cached.insert((no, m.page_with_flags(no))).1
                }
            };
            copy_small(
                &mut page.bytes[in_page..in_page + n],
                &bytes[done..done + n],
            );
            match conflicts.and_then(|cs| cs.get(done..done + n)) {
                Some(cs) => page.set_undefined_where(in_page, None, cs),
                // `bits` covers at most 64 bytes: `done` is below 64 where it is not zero.
                None if bits != 0 => page.set_undefined_bits(in_page, n, bits >> done),
                None => page.set_undefined(in_page, n, false),
            }
            done += n;
        }
    }
}

/// Applies the stores of one instruction to `m` under the memory model's rule
/// (`state::memory::StoreJournal`): `pieces` in the order the instruction stores them; a
/// byte stored twice with different values is undefined and keeps the last one, a byte
/// stored with one value (once or more) takes it. Pieces that overlap no other are bulk
/// copies; overlapping clusters are resolved byte by byte. The lanes of one gather shape
/// (pieces of one length, [`store_lanes`]) need no allocation; other shapes up to 64
/// pieces and 512 bytes of overlap neither.
pub(crate) fn store_pieces(m: &mut SparseMemory, data: &[u8], pieces: &[Piece]) {
    if store_lanes(m, data, pieces) || store_span(m, data, pieces) {
        return;
    }
    // (address, index) of the pieces in address order, ties in store order.
    let mut order: Small<(u64, u32), 64> = Small::new();
    for (i, p) in pieces.iter().enumerate() {
        order.push((p.addr, i as u32));
    }
    let order = order.as_mut_slice();
    if !order.is_sorted() {
        order.sort_unstable();
    }
    // The clusters of overlapping pieces, disjoint and in address order; a cluster of
    // several pieces takes `len` bytes of the resolved buffers.
    let mut clusters: Small<Cluster, 64> = Small::new();
    let mut resolved = 0usize;
    let mut k = 0;
    while k < order.len() {
        let first = pieces[order[k].1 as usize];
        let mut last = first.last();
        let mut j = k + 1;
        while j < order.len() && order[j].0 <= last {
            last = last.max(pieces[order[j].1 as usize].last());
            j += 1;
        }
        let mut c = Cluster {
            addr: first.addr,
            last,
            at: first.at,
            src: Src::Lone,
        };
        if j > k + 1 {
            c.src = Src::Resolved {
                from: resolved,
                conflict: false,
            };
            resolved += c.len();
            // The members in store order (resolved below).
            order[k..j].sort_unstable_by_key(|&(_, i)| i);
        }
        clusters.push(c);
        k = j;
    }
    let clusters = clusters.as_mut_slice();
    // The clusters' bytes: the last value stored and whether two stores disagreed (1).
    let mut vals: Bytes<512> = Bytes::zeroed(resolved);
    let vals = vals.as_mut_slice();
    let mut conflict: Bytes<512> = Bytes::zeroed(resolved);
    let conflict = conflict.as_mut_slice();
    if resolved > 0 {
        let mut seen: Bytes<512> = Bytes::zeroed(resolved);
        let seen = seen.as_mut_slice();
        // `order` holds each cluster's pieces next to each other, those of a cluster of
        // several in store order.
        let mut k = 0;
        for c in clusters.iter_mut() {
            let mut n = 1;
            while k + n < order.len() && order[k + n].0 <= c.last {
                n += 1;
            }
            if let Src::Resolved { from, .. } = c.src {
                let len = c.len();
                let any = resolve(
                    data,
                    pieces,
                    order[k..k + n].iter().map(|&(_, i)| i),
                    c.addr,
                    &mut vals[from..from + len],
                    &mut conflict[from..from + len],
                    &mut seen[from..from + len],
                );
                c.src = Src::Resolved {
                    from,
                    conflict: any != 0,
                };
            }
            k += n;
        }
    }
    write_clusters(m, data, clusters, vals, conflict);
}

/// The most pieces [`store_lanes`] takes: a SIMD32 message's lanes, or a SIMD16 one's
/// split in two (at a wrap-around) or storing four elements apart (LSC-STORE-ELEM-OFFSET).
const LANES_MAX: usize = 64;
/// The most bytes of clusters of overlapping pieces [`store_lanes`] resolves.
const RESOLVED_MAX: usize = 512;

/// [`store_pieces`] for the lanes of one scatter: at most [`LANES_MAX`] pieces. The pieces
/// are put in address order (an insertion sort, ties kept in store order), which shows the
/// clusters of overlapping pieces: a lone piece is copied straight from `data`, a cluster
/// is resolved first (at most [`RESOLVED_MAX`] bytes of them). Returns false, having
/// changed nothing, for more pieces, more overlap, or a piece empty or not in `data`.
fn store_lanes(m: &mut SparseMemory, data: &[u8], pieces: &[Piece]) -> bool {
    let count = pieces.len();
    if count > LANES_MAX {
        return false;
    }
    // Addresses ascending, each with its piece's index; equal addresses in store order.
    let mut addr = [0u64; LANES_MAX];
    let mut index = [0u8; LANES_MAX];
    for (k, p) in pieces.iter().enumerate() {
        if p.len == 0 || p.at + p.len > data.len() {
            return false;
        }
        let mut j = k;
        while j > 0 && addr[j - 1] > p.addr {
            addr[j] = addr[j - 1];
            index[j] = index[j - 1];
            j -= 1;
        }
        addr[j] = p.addr;
        index[j] = k as u8;
    }
    let addr = &addr[..count];
    let index = &mut index[..count];
    // The clusters: pieces `start..end` of the sorted order. A piece overlaps the ones
    // before it when it starts at or before the last byte they reach, so a cluster's bytes
    // are contiguous and every one of them stored.
    let mut clusters = [Cluster::default(); LANES_MAX];
    let mut bounds = [(0u8, 0u8); LANES_MAX];
    let mut n_clusters = 0;
    let mut resolved = 0;
    let mut k = 0;
    while k < count {
        let first = &pieces[index[k] as usize];
        let mut last = first.last();
        let mut j = k + 1;
        while j < count && addr[j] <= last {
            last = last.max(pieces[index[j] as usize].last());
            j += 1;
        }
        let mut c = Cluster {
            addr: addr[k],
            last,
            at: first.at,
            src: Src::Lone,
        };
        if j > k + 1 && addr[j - 1] == addr[k] && same_len(pieces, &index[k..j], first.len) {
            // One address and one length (the generators' overlapping lanes): the pieces
            // are in store order (ties kept), the last one's bytes stay, and a byte is a
            // conflict where a piece differs from the first.
            let last = &pieces[index[j - 1] as usize];
            let first_bytes = &data[first.at..first.at + first.len];
            let mut bits = 0;
            for &i in &index[k + 1..j] {
                let p = &pieces[i as usize];
                bits |= differ_bits(first_bytes, &data[p.at..p.at + p.len]);
            }
            c.at = last.at;
            c.src = Src::Same(bits);
        } else if j > k + 1 {
            c.src = Src::Resolved {
                from: resolved,
                conflict: false,
            };
            resolved += c.len();
            if resolved > RESOLVED_MAX {
                return false;
            }
        }
        clusters[n_clusters] = c;
        bounds[n_clusters] = (k as u8, j as u8);
        n_clusters += 1;
        k = j;
    }
    let clusters = &mut clusters[..n_clusters];
    if resolved == 0 {
        write_clusters(m, data, clusters, &[], &[]);
        return true;
    }
    // The clusters of several pieces, resolved (their pieces in store order) one after
    // the other into the buffers.
    let mut vals = [0u8; RESOLVED_MAX];
    let mut conflict = [0u8; RESOLVED_MAX];
    let mut seen = [0u8; RESOLVED_MAX];
    for (c, &(start, end)) in clusters.iter_mut().zip(bounds.iter()) {
        if let Src::Resolved { from, .. } = c.src {
            let span = c.len();
            let members = &mut index[start as usize..end as usize];
            members.sort_unstable();
            let any = resolve(
                data,
                pieces,
                members.iter().map(|&i| u32::from(i)),
                c.addr,
                &mut vals[from..from + span],
                &mut conflict[from..from + span],
                &mut seen[from..from + span],
            );
            c.src = Src::Resolved {
                from,
                conflict: any != 0,
            };
        }
    }
    let from = resolved;
    write_clusters(m, data, clusters, &vals[..from], &conflict[..from]);
    true
}

/// Whether the pieces `members` all have `len` bytes, at most 64.
fn same_len(pieces: &[Piece], members: &[u8], len: usize) -> bool {
    len <= 64 && members.iter().all(|&i| pieces[i as usize].len == len)
}

/// Bit k set where `a[k]` and `b[k]` (the same length, at most 64) differ, eight bytes at a
/// time.
#[inline]
fn differ_bits(a: &[u8], b: &[u8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut bits = 0u64;
    for (j, (x, y)) in a.chunks(8).zip(b.chunks(8)).enumerate() {
        let (mut wx, mut wy) = ([0u8; 8], [0u8; 8]);
        for ((dx, dy), (&sx, &sy)) in wx.iter_mut().zip(wy.iter_mut()).zip(x.iter().zip(y)) {
            *dx = sx;
            *dy = sy;
        }
        let v = u64::from_le_bytes(wx) ^ u64::from_le_bytes(wy);
        // The top bit of each byte set where the byte is not zero, moved to its low bit;
        // byte i's low bit then lands on bit 56 + i of the product (no carries).
        let nonzero = ((((v & LOW7) + LOW7) | v) >> 7) & 0x0101_0101_0101_0101;
        bits |= (nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    bits
}

/// The widest span of addresses [`store_span`] resolves.
const SPAN_MAX: u64 = 4096;

/// [`store_pieces`] when the pieces lie within [`SPAN_MAX`] bytes (a scatter into one
/// region, its lanes overlapping or not): the span's bytes are read, the pieces resolved
/// over them in store order (the last value and whether two stores disagreed, per byte,
/// branch-free), and the span written back a page at a time, only to pages holding a
/// stored byte; bytes not stored are written with the value they hold. Returns false,
/// having changed nothing, when the span is wider, a piece is empty or its data is not in
/// `data`.
fn store_span(m: &mut SparseMemory, data: &[u8], pieces: &[Piece]) -> bool {
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    for p in pieces {
        if p.len == 0 || data.get(p.at..p.at + p.len).is_none() {
            return false;
        }
        lo = lo.min(p.addr);
        hi = hi.max(p.last());
    }
    if lo > hi || hi - lo >= SPAN_MAX {
        return false;
    }
    let span = (hi - lo) as usize + 1;
    // Buffers sized to the span (each is zeroed whole).
    if span <= 320 {
        store_span_in::<320>(m, data, pieces, lo, hi);
    } else {
        store_span_in::<1024>(m, data, pieces, lo, hi);
    }
    true
}

/// [`store_span`] over the span `lo..=hi`, its buffers held in place up to `N` bytes.
fn store_span_in<const N: usize>(
    m: &mut SparseMemory,
    data: &[u8],
    pieces: &[Piece],
    lo: u64,
    hi: u64,
) {
    let span = (hi - lo) as usize + 1;
    let mut vals: Bytes<N> = Bytes::zeroed(span);
    let vals = vals.as_mut_slice();
    let mut seen: Bytes<N> = Bytes::zeroed(span);
    let seen = seen.as_mut_slice();
    let mut conflict: Bytes<N> = Bytes::zeroed(span);
    let conflict = conflict.as_mut_slice();
    m.read(lo, vals);
    let mut any_conflict = false;
    for p in pieces {
        let o = (p.addr - lo) as usize;
        any_conflict |= apply_piece(p, o, data, vals, conflict, seen) != 0;
    }
    // The span a page at a time. The span meets at most two pages (`SPAN_MAX` is at most a
    // page), the first holding `lo` and the last `hi`, both stored: every page it meets
    // holds a stored byte. Every byte stored is defined but for the conflicts.
    const _: () = assert!(SPAN_MAX as usize <= PAGE_SIZE);
    let flags = m.has_undefined() || any_conflict;
    let mut done = 0;
    while done < span {
        let a = lo + done as u64;
        let in_page = (a % PAGE_SIZE as u64) as usize;
        let n = (PAGE_SIZE - in_page).min(span - done);
        let mut page = m.page_with_flags(a / PAGE_SIZE as u64);
        page.bytes[in_page..in_page + n].copy_from_slice(&vals[done..done + n]);
        if flags {
            page.set_undefined_where(
                in_page,
                Some(&seen[done..done + n]),
                &conflict[done..done + n],
            );
        }
        done += n;
    }
}

/// ChEn of a memory instruction: lanes `0..exec_size` that the execution mask (unless
/// `no_mask`) and the predicate `(var, invert, combine)` enable, both read from `mask_offset`.
pub(crate) fn ch_en(
    state: &MachineState,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
) -> u32 {
    let full = if exec_size >= 32 {
        u32::MAX
    } else {
        (1u32 << exec_size) - 1
    };
    let mut en = if no_mask {
        full
    } else {
        state.emask.checked_shr(mask_offset).unwrap_or(0) & full
    };
    if let Some((var, invert, combine)) = pred {
        let bits = state.preds.get(var).copied().unwrap_or(0);
        let mut pm = bits.checked_shr(mask_offset).unwrap_or(0) & full;
        match combine {
            PredCombine::Any => pm = if pm != 0 { full } else { 0 },
            PredCombine::All => pm = if pm == full { full } else { 0 },
            PredCombine::None => {}
        }
        if invert {
            pm = !pm & full;
        }
        en &= pm;
    }
    en
}

#[cfg(test)]
mod tests {
    use super::*;
    use visa_model::state::{Memory, StoreJournal, Window, FLAT};

    /// A xorshift64 stream: `next(n)` is below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// `init` after `store_pieces` of `pieces` of `data` into its flat space, and `init`
    /// after the memory model's journal stored the same pieces one by one.
    fn pieces_and_journal(init: &Memory, data: &[u8], pieces: &[Piece]) -> (Memory, Memory) {
        let w = Window {
            space: FLAT,
            base: 0,
            limit: None,
        };
        let mut journal = StoreJournal::default();
        for p in pieces {
            journal.store(&w, p.addr, &data[p.at..p.at + p.len]);
        }
        let mut want = init.clone();
        journal.commit(&mut want);
        let mut got = init.clone();
        store_pieces(got.space_mut(FLAT), data, pieces);
        (got, want)
    }

    /// A flat space holding `len` bytes of `fill` at `base`, fewer than `undefined` of them
    /// (drawn at random) made undefined with the value `fill ^ 0x33`, and `data_len` data
    /// bytes below `data_max`.
    fn memory_and_data(
        next: &mut impl FnMut(u64) -> u64,
        base: u64,
        len: usize,
        fill: u8,
        undefined: u64,
        data_len: usize,
        data_max: u64,
    ) -> (Memory, Vec<u8>) {
        let mut init = Memory::default();
        let flat = init.space_mut(FLAT);
        flat.write(base, &vec![fill; len]);
        for _ in 0..next(undefined) {
            flat.write_undefined(base + next(len as u64), fill ^ 0x33);
        }
        let data = (0..data_len).map(|_| next(data_max) as u8).collect();
        (init, data)
    }

    /// `count` pieces of 1 to `max_len` bytes at `base + next(spread)`, each from anywhere
    /// in `data_len` data bytes.
    fn random_pieces(
        next: &mut impl FnMut(u64) -> u64,
        count: u64,
        base: u64,
        spread: u64,
        max_len: u64,
        data_len: usize,
    ) -> Vec<Piece> {
        (0..count)
            .map(|_| {
                let len = 1 + next(max_len) as usize;
                Piece {
                    addr: base + next(spread),
                    at: next((data_len - len) as u64) as usize,
                    len,
                }
            })
            .collect()
    }

    /// `store_pieces` against the memory model's journal on pseudo-random pieces: disjoint,
    /// adjacent, nested, equal and partly equal ranges, over memory holding undefined bytes.
    #[test]
    fn store_pieces_is_the_journal() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let (init, data) = memory_and_data(&mut next, 0xff0, 64, 0x11, 6, 256, 3);
            let count = 1 + next(8);
            let pieces = random_pieces(&mut next, count, 0xff0, 40, 12, data.len());
            let (got, want) = pieces_and_journal(&init, &data, &pieces);
            assert_eq!(got, want, "{pieces:?}");
        }
    }

    /// `store_pieces` past its in-place buffers (more than 64 pieces, more than 512 bytes
    /// of overlapping clusters) against the journal, with don't-care bytes: stored twice
    /// with different values.
    #[test]
    fn store_pieces_past_its_buffers_is_the_journal() {
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        for round in 0..200 {
            let (init, data) = memory_and_data(&mut next, 0x1f00, 0x400, 0x11, 20, 4096, 2);
            // Rounds alternate a wide spread (many lone pieces) and a narrow one (one
            // cluster longer than 512 bytes).
            let spread = if round % 2 == 0 { 0x1000 } else { 0x300 };
            let count = 60 + next(60);
            let pieces = random_pieces(&mut next, count, 0x1f00, spread, 40, data.len());
            let (got, want) = pieces_and_journal(&init, &data, &pieces);
            assert_eq!(got, want, "round {round}");
        }
    }

    /// `store_pieces` on both sides of `store_span`'s limit (a span of `SPAN_MAX` bytes is
    /// resolved over the span, one more byte takes the clusters), with overlapping,
    /// conflicting and agreeing pieces over undefined bytes, against the journal.
    #[test]
    fn store_span_limit_is_the_journal() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for extra in [0u64, 1] {
            for _ in 0..200 {
                let (init, data) = memory_and_data(&mut next, 0x3ff0, 0x20, 0x33, 8, 512, 2);
                // The first piece starts the span and the last ends it.
                let mut pieces = vec![Piece {
                    addr: 0x3ff8,
                    at: 0,
                    len: 4,
                }];
                let count = next(10);
                pieces.extend(random_pieces(
                    &mut next,
                    count,
                    0x3ff8,
                    0x20,
                    16,
                    data.len(),
                ));
                pieces.push(Piece {
                    addr: 0x3ff8 + SPAN_MAX + extra - 2,
                    at: 8,
                    len: 2,
                });
                let (got, want) = pieces_and_journal(&init, &data, &pieces);
                assert_eq!(got, want, "{extra} {pieces:?}");
            }
        }
    }

    /// `store_lanes` against the memory model's journal on scatters of up to 64 lanes: one
    /// length for every lane or mixed lengths, lanes at the same address as an earlier one
    /// (agreeing or not), lanes crossing a page, and lanes at the top of the 64-bit space,
    /// over memory holding undefined bytes. The shapes it declines (too much overlap) are
    /// counted: most are taken.
    #[test]
    fn store_lanes_is_the_journal() {
        let mut next = xorshift(0x853c_49e6_748f_ea9b);
        let mut taken = 0;
        let rounds = 3000;
        for round in 0..rounds {
            let base = if round % 5 == 4 {
                u64::MAX - 0x2ff
            } else {
                0xf00
            };
            let (init, data) = memory_and_data(&mut next, base, 0x300, 0x5a, 12, 4096, 3);
            let count = 1 + next(64);
            let uniform = next(4) != 0;
            let one_len = [1usize, 2, 3, 4, 8, 12, 16, 32, 64][next(9) as usize];
            let mut pieces: Vec<Piece> = Vec::new();
            for _ in 0..count {
                let len = if uniform {
                    one_len
                } else {
                    1 + next(24) as usize
                };
                let earlier = pieces.get(next(pieces.len() as u64 + 1) as usize).copied();
                let (addr, at) = match earlier {
                    // An earlier lane's address (every eighth lane, as the generators),
                    // where this lane's bytes stay in the region, and half of the time its
                    // data too (agreeing where the lengths match).
                    Some(p) if next(8) == 0 && p.addr - base <= 0x300 - len as u64 => {
                        let at = if next(2) == 0 && p.len == len {
                            p.at
                        } else {
                            next((data.len() - len) as u64) as usize
                        };
                        (p.addr, at)
                    }
                    _ => (
                        base + next(0x300 - len as u64 + 1),
                        next((data.len() - len) as u64) as usize,
                    ),
                };
                pieces.push(Piece { addr, at, len });
            }
            let w = Window {
                space: FLAT,
                base: 0,
                limit: None,
            };
            let mut journal = StoreJournal::default();
            for p in &pieces {
                journal.store(&w, p.addr, &data[p.at..p.at + p.len]);
            }
            let mut want = init.clone();
            journal.commit(&mut want);
            let mut got = init.clone();
            if store_lanes(got.space_mut(FLAT), &data, &pieces) {
                taken += 1;
                assert_eq!(got, want, "round {round}: {pieces:?}");
            } else {
                assert_eq!(got, init, "declined, yet changed: round {round}");
            }
        }
        assert!(taken > rounds / 2, "{taken} of {rounds}");
    }

    #[test]
    fn small_spills_to_the_heap_in_order() {
        let mut v: Small<u32, 4> = Small::new();
        assert!(v.is_empty());
        for k in 0..10 {
            v.push(k);
            assert_eq!(v.as_slice(), (0..=k).collect::<Vec<u32>>().as_slice());
        }
        if let Some(x) = v.as_mut_slice().last_mut() {
            *x = 99;
        }
        assert_eq!(v[9], 99);
        assert!(!v.is_empty());
    }

    /// `FlagMap` against the flags set byte by byte, over sets holding bytes inside and
    /// around the region, with runs crossing 64-byte words.
    #[test]
    fn flag_map_is_byte_wise() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..2000 {
            let at = next(100) as usize;
            let len = 1 + next(300) as usize;
            let mut set = ByteSet::new();
            for _ in 0..next(3) * next(40) {
                set.insert(next(500) as usize);
            }
            let mut want = set.clone();
            let mut map = FlagMap::new(at, len).expect("fits");
            for _ in 0..next(10) {
                let off = next(len as u64) as usize;
                let n = next((len - off) as u64 + 1) as usize;
                let u = next(2) == 1;
                map.set(off, n, u);
                for k in at + off..at + off + n {
                    if u {
                        want.insert(k);
                    } else {
                        want.remove(&k);
                    }
                }
            }
            map.apply(&mut set);
            assert_eq!(set, want);
        }
        assert!(FlagMap::new(0, 64 * FLAG_WORDS + 1).is_none());
    }

    #[test]
    fn page_cursor_reads_as_the_memory() {
        let mut m = SparseMemory::default();
        m.write(0xffe, &[1, 2, 3, 4]);
        m.write(u64::MAX - 1, &[5, 6]);
        let mut c = PageCursor::new(Some(&m));
        for a in [
            0xff0u64,
            0xffc,
            0xffe,
            0x1000,
            0x5000,
            u64::MAX - 2,
            u64::MAX,
        ] {
            for len in [1usize, 2, 4, 8, 16] {
                let (mut got, mut want) = ([0xaau8; 16], [0x55u8; 16]);
                c.read(a, &mut got[..len]);
                m.read(a, &mut want[..len]);
                assert_eq!(got[..len], want[..len], "{a:#x} {len}");
            }
        }
        let mut none = PageCursor::new(None);
        let mut out = [9u8; 4];
        none.read(0xfff, &mut out);
        assert_eq!(out, [0; 4]);
    }
}

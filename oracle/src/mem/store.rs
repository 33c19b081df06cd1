//! The store engine: the stores of one instruction, cut into [`Piece`]s, applied to a memory
//! space under the memory model's rule (a byte stored twice with different values is
//! undefined). [`store_pieces`] tries in turn [`store_lanes`] (at most 64 pieces, put in
//! address order to show the clusters of overlapping lanes), [`store_span`] (pieces within
//! 4 KiB, resolved branch-free over the span's bytes) and the general clustering, each held
//! to the memory model's store journal by the tests below.

use visa_model::state::{SparseMemory, PAGE_SIZE};

use super::page::copy_small;
use super::small::{Bytes, Small};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mem::tests::xorshift;
    use visa_model::state::{Memory, StoreJournal, Window, FLAT};

    /// `init` after `store_pieces` of `pieces` of `data` into its flat space, and `init`
    /// after the memory model's journal stored the same pieces one by one.
    fn pieces_and_journal(init: &Memory, data: &[u8], pieces: &[Piece]) -> (Memory, Memory) {
        let w = Window {
            space: FLAT,
            base: 0,
            limit: None,
            offset_mask: u64::MAX,
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
                offset_mask: u64::MAX,
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
}

//! A set of register-file byte offsets, kept as a bitmap: the undefined bytes of a
//! [`MachineState`](super::MachineState).

use std::fmt;
use std::ops::Range;

/// A set of byte offsets (`usize`), one bit per byte from 0 to the highest it has held (so
/// meant for offsets in the register file), with a count so that [`ByteSet::is_empty`] is
/// one load and an empty set clones without copying.
#[derive(Default)]
pub struct ByteSet {
    /// Bit `b % 64` of word `b / 64` is set when byte `b` is in the set; bytes past the
    /// last word are not.
    words: Vec<u64>,
    /// Number of bytes in the set.
    len: usize,
}

/// The bits of word `w` that stand for bytes `lo..hi`.
fn word_mask(w: usize, lo: usize, hi: usize) -> u64 {
    let first = lo.saturating_sub(w * 64).min(64);
    let end = hi.saturating_sub(w * 64).min(64);
    if end <= first {
        0
    } else {
        (u64::MAX >> (64 - (end - first))) << first
    }
}

/// The word holding all of the non-empty range `r`, and the bits of its bytes; `None` when
/// the range is empty or spans two words or more.
#[inline(always)]
fn one_word(r: &Range<usize>) -> Option<(usize, u64)> {
    let len = r
        .end
        .checked_sub(r.start)
        .filter(|l| (1..=64).contains(l))?;
    let w = r.start / 64;
    ((r.end - 1) / 64 == w).then(|| (w, (u64::MAX >> (64 - len)) << (r.start % 64)))
}

impl ByteSet {
    pub fn new() -> ByteSet {
        ByteSet::default()
    }

    /// Number of bytes in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn contains(&self, b: &usize) -> bool {
        self.words
            .get(b / 64)
            .is_some_and(|word| word >> (b % 64) & 1 == 1)
    }

    /// Adds byte `b`; `false` if it was in the set already.
    #[inline]
    pub fn insert(&mut self, b: usize) -> bool {
        let w = b / 64;
        if self.words.len() <= w {
            self.words.resize(w + 1, 0);
        }
        let bit = 1u64 << (b % 64);
        let word = &mut self.words[w];
        let new = *word & bit == 0;
        *word |= bit;
        self.len += usize::from(new);
        new
    }

    /// Removes byte `b`; `false` if it was not in the set.
    #[inline]
    pub fn remove(&mut self, b: &usize) -> bool {
        let bit = 1u64 << (b % 64);
        match self.words.get_mut(b / 64) {
            Some(word) if *word & bit != 0 => {
                *word &= !bit;
                self.len -= 1;
                true
            }
            _ => false,
        }
    }

    /// Adds bytes `r`; returns how many were not in the set.
    #[inline]
    pub fn insert_range(&mut self, r: Range<usize>) -> usize {
        if r.start >= r.end {
            return 0;
        }
        let words = r.end.div_ceil(64);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
        if let Some((w, mask)) = one_word(&r) {
            let word = &mut self.words[w];
            let added = (mask & !*word).count_ones() as usize;
            *word |= mask;
            self.len += added;
            return added;
        }
        let mut added = 0;
        for w in r.start / 64..words {
            let mask = word_mask(w, r.start, r.end);
            let word = &mut self.words[w];
            added += (mask & !*word).count_ones() as usize;
            *word |= mask;
        }
        self.len += added;
        added
    }

    /// Removes bytes `r`; returns how many were in the set.
    #[inline]
    pub fn remove_range(&mut self, r: Range<usize>) -> usize {
        if self.len == 0 {
            return 0;
        }
        if let Some((w, mask)) = one_word(&r) {
            let Some(word) = self.words.get_mut(w) else {
                return 0;
            };
            let removed = (mask & *word).count_ones() as usize;
            *word &= !mask;
            self.len -= removed;
            return removed;
        }
        let end = r.end.min(self.words.len() * 64);
        if r.start >= end {
            return 0;
        }
        let mut removed = 0;
        for w in r.start / 64..end.div_ceil(64) {
            let mask = word_mask(w, r.start, end);
            let word = &mut self.words[w];
            removed += (mask & *word).count_ones() as usize;
            *word &= !mask;
        }
        self.len -= removed;
        removed
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.words.clear();
        self.len = 0;
    }

    /// The bytes of the set in `r`, in increasing order.
    pub fn range(&self, r: Range<usize>) -> ByteSetIter<'_> {
        let end = r.end.min(self.words.len() * 64);
        let start = r.start.min(end);
        if self.len == 0 || start == end {
            return ByteSetIter {
                words: &[],
                base: 0,
                word: 0,
                end: 0,
            };
        }
        let first = start / 64;
        let words = &self.words[first..end.div_ceil(64)];
        ByteSetIter {
            words,
            base: first * 64,
            word: words[0] & word_mask(first, start, end),
            end,
        }
    }

    /// The bytes of the set in increasing order.
    pub fn iter(&self) -> ByteSetIter<'_> {
        self.range(0..usize::MAX)
    }
}

/// The bytes of a [`ByteSet`] in a range, in increasing order.
#[derive(Clone, Debug)]
pub struct ByteSetIter<'a> {
    /// The words of the range, the first one being `word` (masked to the range).
    words: &'a [u64],
    /// The byte of bit 0 of `words[0]`.
    base: usize,
    word: u64,
    /// The end of the range.
    end: usize,
}

impl Iterator for ByteSetIter<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.words = self.words.get(1..).filter(|w| !w.is_empty())?;
            self.base += 64;
            self.word = self.words[0] & word_mask(0, 0, self.end - self.base);
        }
        let b = self.base + self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(b)
    }
}

impl Clone for ByteSet {
    fn clone(&self) -> ByteSet {
        let mut set = ByteSet::new();
        set.clone_from(self);
        set
    }

    /// Reuses the bitmap; an empty source copies nothing.
    fn clone_from(&mut self, source: &ByteSet) {
        if source.len == 0 {
            self.clear();
        } else {
            self.words.clone_from(&source.words);
            self.len = source.len;
        }
    }
}

impl PartialEq for ByteSet {
    fn eq(&self, other: &ByteSet) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for ByteSet {}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Extend<usize> for ByteSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, bytes: I) {
        for b in bytes {
            self.insert(b);
        }
    }
}

impl FromIterator<usize> for ByteSet {
    fn from_iter<I: IntoIterator<Item = usize>>(bytes: I) -> ByteSet {
        let mut set = ByteSet::new();
        set.extend(bytes);
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A pseudo-random walk of inserts and removals, single and ranged, against a
    /// `BTreeSet`.
    #[test]
    fn matches_a_btreeset() {
        let mut set = ByteSet::new();
        let mut want = BTreeSet::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for step in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let lo = (seed % 700) as usize;
            let n = (seed >> 16) as usize % 140;
            match (seed >> 32) % 6 {
                0 => assert_eq!(set.insert(lo), want.insert(lo)),
                1 => assert_eq!(set.remove(&lo), want.remove(&lo)),
                2 => {
                    let added = (lo..lo + n).filter(|b| want.insert(*b)).count();
                    assert_eq!(set.insert_range(lo..lo + n), added);
                }
                3 => {
                    let removed = (lo..lo + n).filter(|b| want.remove(b)).count();
                    assert_eq!(set.remove_range(lo..lo + n), removed);
                }
                4 => {
                    let got: Vec<usize> = set.range(lo..lo + n).collect();
                    let exp: Vec<usize> = want.range(lo..lo + n).copied().collect();
                    assert_eq!(got, exp);
                }
                _ => assert_eq!(set.contains(&lo), want.contains(&lo)),
            }
            assert_eq!(set.len(), want.len());
            assert_eq!(set.is_empty(), want.is_empty());
            if step % 97 == 0 {
                assert!(set.iter().eq(want.iter().copied()));
                let mut copy = ByteSet::from_iter([3, 900]);
                copy.clone_from(&set);
                assert_eq!(copy, set);
            }
            if step % 1_000 == 999 {
                set.clear();
                want.clear();
            }
        }
    }

    #[test]
    fn equality_ignores_the_bitmap_length() {
        let mut a = ByteSet::from_iter([5, 700]);
        a.remove(&700);
        assert_eq!(a, ByteSet::from_iter([5]));
        assert_ne!(a, ByteSet::new());
        a.remove(&5);
        assert_eq!(a, ByteSet::new());
        assert_eq!(format!("{:?}", ByteSet::from_iter([2, 1])), "{1, 2}");
        // A range whose end is before its start holds nothing.
        let (start, end) = (10, 5);
        assert_eq!(ByteSet::new().range(start..end).count(), 0);
    }
}

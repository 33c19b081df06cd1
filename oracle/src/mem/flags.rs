//! The undefined flags a load gives register bytes: gathered as bitmaps ([`FlagMap`]), or not
//! kept at all when none can change ([`NoFlags`]); and [`set_flags`] for a short run.

use visa_model::state::ByteSet;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mem::tests::xorshift;

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
}

//! Reads of a memory space through a cached page ([`PageCursor`]), and the fixed-size moves
//! of the data sizes that loads and stores copy lane by lane.

use visa_model::state::{Memory, SparseMemory, PAGE_SIZE};

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

#[cfg(test)]
mod tests {
    use super::*;

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

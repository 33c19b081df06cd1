//! In-place buffers of one run: [`Small`], a vector of `Copy` items, and [`Bytes`], a zeroed
//! byte buffer, each on the heap only past its in-place size.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}

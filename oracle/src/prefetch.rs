//! Cache hints for a plan's data.
//!
//! A bench or a caller running many different plans finds each plan's data cold: read in
//! program order, its cache lines arrive one miss after another, each on the path of the
//! loads after it. [`lines`] asks for all of them at the start of a run so that the misses
//! overlap. A hint changes no result: on targets without a prefetch instruction it does
//! nothing.

/// Hints that the `len` bytes at `p` are about to be read.
#[inline(always)]
#[allow(unsafe_code)]
pub fn lines(p: *const u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        // SSE is part of the x86_64 baseline; the check is resolved at compile time there
        // and kept for the rule that every use of `std::arch` is behind a feature check.
        if std::arch::is_x86_feature_detected!("sse") {
            // From the start of the line holding the first byte to the line of the last.
            let skew = p as usize % 64;
            let first = p.wrapping_sub(skew);
            let mut off = 0;
            while off < len + skew {
                let at = first.wrapping_add(off).cast::<i8>();
                // SAFETY: `_mm_prefetch` is a hint: it never faults and never changes memory
                // or registers the program can observe, whatever the address; SSE was
                // checked above.
                unsafe {
                    std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at)
                };
                off += 64;
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (p, len);
    }
}

/// Hints that `value` (its own bytes, not what it points to) is about to be read.
#[inline(always)]
pub fn value<T>(value: &T) {
    lines((value as *const T).cast::<u8>(), std::mem::size_of::<T>());
}

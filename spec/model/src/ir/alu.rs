//! Document facts of the ALU family that validation and both engines read.

use crate::errata::{self, Readings};

/// Byte distance from the destination's origin to the high half of channel 0 (erratum
/// MADW-HIGH-HALF). Resolved: the first GRF boundary after the low halves' last byte, the
/// origin being GRF aligned. Literal ("packed"): element `exec_size` of the destination
/// region, right after the low halves. The elements are D or UD (4 bytes).
pub fn madw_high_half_offset(
    exec_size: u32,
    hstride: u32,
    grf_size: usize,
    readings: &Readings,
) -> usize {
    let (n, hs) = (exec_size as usize, hstride as usize);
    if readings.is_literal(errata::MADW_HIGH_HALF) {
        n * hs * 4
    } else {
        let low_halves = ((n - 1) * hs + 1) * 4;
        low_halves.div_ceil(grf_size) * grf_size
    }
}

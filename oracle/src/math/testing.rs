//! What the math modules' tests share: the four rounding modes and a seeded generator.

use crate::softfloat::Rounding;

/// %cr0's four rounding modes.
pub const MODES: [Rounding; 4] = [
    Rounding::NearestEven,
    Rounding::Up,
    Rounding::Down,
    Rounding::Zero,
];

/// Marsaglia's xorshift64 from a nonzero seed: reproducible draws.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

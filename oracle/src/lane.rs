//! One lane of an integer operation, the definition both forms of an ALU operation inline:
//! the buffer form of [`crate::alu`] and the fused lane loop of [`crate::fused`].

/// One lane of an integer operation: the exact result from the exact source lanes `a`, `b`,
/// `c`, `d` (the sources past `SRCS` are 0). The buffer form (`alu::map_lane`) and the fused lane
/// loop of [`crate::fused`] both inline it, so the two paths share one definition.
pub trait Lane {
    const SRCS: usize;
    /// The operation has no value where source 1 is zero (DIV, MOD): the fused loop hands a
    /// run with such a lane to the general path, which leaves the lane undefined.
    const NONZERO_SRC1: bool = false;
    fn f(a: i128, b: i128, c: i128, d: i128) -> i128;
}

/// One lane of a two-result operation: both exact results from the exact source lanes
/// (the sources past `SRCS` are 0). The buffer form (`alu::pair_buf`) and the fused loop of
/// [`crate::fused::run_two`] both inline it.
pub trait PairLane {
    const SRCS: usize;
    fn f(a: i128, b: i128, c: i128) -> (i128, i128);
}

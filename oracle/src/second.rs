//! What an instruction writes besides its destination's enabled lanes: a second destination
//! (ADDC's carry, SUBB's borrow, MADW's high halves, ADD3O's overflow predicate) and the
//! lane rules of the pair-wise and literal loops (SAD2, SAD2ADD, SUBB under SUBB-LOOP-STEP).

use visa_model::VisaError;

use crate::operand::DstStore;

type Result<T> = std::result::Result<T, VisaError>;

/// Even lanes.
const EVEN: u32 = 0x5555_5555;

/// A second destination, written after the first: register elements of `size` bytes, or a
/// predicate (`DstStore::Predicate`: lane n sets bit `offset + n`).
#[derive(Clone, Debug)]
pub struct Second {
    pub store: Box<DstStore>,
    pub size: usize,
}

/// Which lanes a loop writes, given the channel enables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// `++i`: every enabled lane.
    All,
    /// `i += 2` over independent lanes (SUBB, erratum SUBB-LOOP-STEP literal): the enabled
    /// even lanes; odd lanes are never visited.
    Even,
    /// `i += 2` over pairs (SAD2ADD; SAD2 under SAD2-LOOP-STEP resolved): an enabled even
    /// lane i is written and lane i+1 left undefined.
    Pairs,
    /// `i += 1` over pairs (SAD2 under SAD2-LOOP-STEP literal): every enabled lane i is
    /// written and lane i+1 left undefined unless it is written itself; the last lane reads
    /// past the operands.
    PairsEveryLane,
    /// A SIMD16 PLN under PLN-SIMD16-INDEX's literal reading: the enabled lanes 0 to 7 are
    /// written, the enabled lanes 8 to 15 left undefined (u[i] and v[i] past their slices).
    LowEight,
}

impl Lanes {
    /// (lanes written with a value, lanes left undefined) of an `n`-lane instruction with
    /// channel enables `chen`.
    pub fn masks(self, chen: u32, n: usize) -> Result<(u32, u32)> {
        let lanes = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        Ok(match self {
            Lanes::All => (chen, 0),
            Lanes::Even => (chen & EVEN, 0),
            Lanes::Pairs => {
                let first = chen & EVEN & lanes;
                (first, (first << 1) & lanes)
            }
            Lanes::PairsEveryLane => {
                if n == 0 || chen >> (n - 1) & 1 == 1 {
                    return Err(VisaError::undefined(format!(
                        "SAD2's channel {} reads element {n} of its sources, which they do not hold \
                         (erratum SAD2-LOOP-STEP, literal reading)",
                        n.saturating_sub(1)
                    )));
                }
                (chen, (chen << 1) & !chen & lanes)
            }
            Lanes::LowEight => (chen & 0xff, chen & !0xff & lanes),
        })
    }
}

/// Byte distance from MADW's destination origin to the high half of lane 0 (erratum
/// MADW-HIGH-HALF): resolved, the first GRF boundary after the low halves; literal
/// (`packed`), right after the last low half's stride slot.
pub fn madw_high_offset(n: usize, hstride: usize, grf: usize, packed: bool) -> usize {
    if packed {
        n * hstride * 4
    } else {
        ((n.saturating_sub(1) * hstride + 1) * 4).div_ceil(grf) * grf
    }
}

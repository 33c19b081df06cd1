//! Integer ALU lane operations: ADD3, AVG, MULH, the logic instructions, shifts, rotations,
//! bit counts and bit fields, SAD2, SAD2ADD and ADDR_ADD, and the two-result operations of
//! ADDC, SUBB, ADD3O and MADW. Each takes the exact values of up to four source lane arrays
//! (decoded by [`crate::kernel`], source modifiers applied) and leaves the exact result lanes
//! in the first array; the encode stage then clamps (`.sat`) or truncates them into the
//! destination type.
//!
//! An operation is one monomorphic function, its parameters (count mask, rotate width,
//! signedness, errata readings) fixed as const generics when the plan is compiled, so the
//! lane loops hold no dispatch. Every operation is exact on i128: the sources have at most
//! 64 bits plus a sign after a modifier, shift counts are at most 63 and MULH multiplies
//! values of at most 33 bits.

use visa_model::ir::Opcode;
use visa_model::types::DataType;
use visa_model::VisaError;

use crate::fused::FusedFn;
use crate::kernel::{Ctx, Ints, LANES};
use crate::lane::{Lane, PairLane};
use crate::mode::Literal;

type Result<T> = std::result::Result<T, VisaError>;

/// Source operands of an instruction (BFI has four).
pub const MAX_SRCS: usize = 4;
/// An integer operation on the exact lanes `0..ctx.n` of its sources (one buffer per
/// source, in order), leaving the exact result lanes in the first buffer.
pub type IntOpFn = fn(&mut [Ints], &Ctx) -> Result<()>;

// ---------------------------------------------------------------------------------------
// Lane loops: lane k of the result is computed from lane k of every source and stored in
// place of src0's lane k, so every source is read before its lane is overwritten.

fn too_few(k: usize) -> VisaError {
    VisaError::model_bug(format!(
        "an integer operation of {k} sources given fewer buffers"
    ))
}

#[inline(always)]
fn map1(s: &mut [Ints], c: &Ctx, f: impl Fn(i128) -> i128) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, ..] = s else {
        return Err(too_few(1));
    };
    a[..n].iter_mut().for_each(|a| *a = f(*a));
    Ok(())
}

#[inline(always)]
fn map2(s: &mut [Ints], c: &Ctx, f: impl Fn(i128, i128) -> i128) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, ..] = s else {
        return Err(too_few(2));
    };
    a[..n]
        .iter_mut()
        .zip(&b[..n])
        .for_each(|(a, b)| *a = f(*a, *b));
    Ok(())
}

#[inline(always)]
fn map3(s: &mut [Ints], c: &Ctx, f: impl Fn(i128, i128, i128) -> i128) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, d, ..] = s else {
        return Err(too_few(3));
    };
    a[..n]
        .iter_mut()
        .zip(&b[..n])
        .zip(&d[..n])
        .for_each(|((a, b), d)| *a = f(*a, *b, *d));
    Ok(())
}

#[inline(always)]
fn map4(s: &mut [Ints], c: &Ctx, f: impl Fn(i128, i128, i128, i128) -> i128) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, d, e, ..] = s else {
        return Err(too_few(4));
    };
    a[..n]
        .iter_mut()
        .zip(&b[..n])
        .zip(&d[..n])
        .zip(&e[..n])
        .for_each(|(((a, b), d), e)| *a = f(*a, *b, *d, *e));
    Ok(())
}

/// The buffer form of a lane operation: lanes `0..ctx.n` of the sources, result in the first.
fn map_lane<L: Lane>(s: &mut [Ints], c: &Ctx) -> Result<()> {
    match L::SRCS {
        1 => map1(s, c, |a| L::f(a, 0, 0, 0)),
        2 => map2(s, c, |a, b| L::f(a, b, 0, 0)),
        3 => map3(s, c, |a, b, d| L::f(a, b, d, 0)),
        _ => map4(s, c, L::f),
    }
}

/// An integer operation in both forms: on lane buffers, and (for the operations without
/// errors or cross-lane reads) as the fused lane loop of [`crate::fused`].
#[derive(Clone, Copy)]
pub struct IntOp {
    pub buf: IntOpFn,
    pub fused: Option<crate::fused::FusedFn>,
}

pub fn lane_op<L: Lane>() -> IntOp {
    IntOp {
        buf: map_lane::<L>,
        fused: Some(crate::fused::run::<L>),
    }
}

fn buf_op(buf: IntOpFn) -> IntOp {
    IntOp { buf, fused: None }
}

/// Declares a unit type implementing [`Lane`] over `SRCS` sources.
macro_rules! lane {
    ($(#[$m:meta])* $name:ident, $n:literal, |$a:tt, $b:tt, $c:tt, $d:tt| $body:expr) => {
        $(#[$m])*
        pub struct $name;
        impl Lane for $name {
            const SRCS: usize = $n;
            #[inline(always)]
            fn f($a: i128, $b: i128, $c: i128, $d: i128) -> i128 {
                $body
            }
        }
    };
}

/// The low 32 bits of a lane's two's-complement value.
#[inline(always)]
fn dword(v: i128) -> u32 {
    v as u32
}

/// A shift or rotate count: the low bits of the count operand's two's-complement value.
#[inline(always)]
fn count<const MASK: u32>(v: i128) -> u32 {
    (v as u32) & MASK
}

// ---------------------------------------------------------------------------------------
// Arithmetic (instructions/ADD3.md, AVG.md, MULH.md)

lane!(Add3, 3, |a, b, d, _| a + b + d);

lane!(
    /// `(src0 + src1 + 1) >> 1` on the exact sum: the floor of the half.
    Avg, 2, |a, b, _, _| (a + b + 1) >> 1
);

lane!(
    /// MUL: the exact product (sources of at most 33 bits, so it fits).
    Mul, 2, |a, b, _, _| a * b
);

lane!(
    /// MAD: the exact src0 * src1 + src2 (the Notes' multiply-then-add in the destination
    /// type leaves the same low bits, and integer MAD takes no `.sat`).
    Mad, 3, |a, b, d, _| a * b + d
);

/// DIV (`REM` false) and MOD (instructions/DIV.md, Notes): the quotient truncated toward
/// zero, or the remainder with the numerator's sign; 0 for a zero divisor, a lane the
/// callers leave undefined (erratum DIV-BY-ZERO). The one definition of both operations:
/// the fused loop inlines it and never sees a zero divisor ([`Lane::NONZERO_SRC1`]), the
/// general path maps it over lane buffers ([`divide`]).
pub struct Divide<const REM: bool>;
impl<const REM: bool> Lane for Divide<REM> {
    const SRCS: usize = 2;
    const NONZERO_SRC1: bool = true;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        // Rust's i128 `/` truncates toward zero and `%` takes the dividend's sign; the lanes
        // hold at most 65-bit values, so i128::MIN / -1 cannot occur. Both in i64 (all but
        // the 64-bit types' extremes): the narrower division, exact for the same operands
        // (i64::MIN / -1, which overflows it, excluded).
        match (i64::try_from(a), i64::try_from(b)) {
            (Ok(x), Ok(y)) if y != 0 && y != -1 => i128::from(if REM { x % y } else { x / y }),
            _ if b == 0 => 0,
            _ if REM => a % b,
            _ => a / b,
        }
    }
}

/// DIV and MOD on lane buffers (the general path): lane k of `a` becomes
/// [`Divide`]'s result for lanes `a[k]`, `b[k]` (`remainder`: MOD); returns the lanes among
/// the first `n` whose divisor is zero (their lane of `a` becomes 0).
pub fn divide(a: &mut Ints, b: &Ints, n: usize, remainder: bool) -> u32 {
    if remainder {
        divide_lanes::<true>(a, b, n)
    } else {
        divide_lanes::<false>(a, b, n)
    }
}

fn divide_lanes<const REM: bool>(a: &mut Ints, b: &Ints, n: usize) -> u32 {
    let n = n.min(LANES);
    let mut zero = 0u32;
    for (k, (a, b)) in a[..n].iter_mut().zip(&b[..n]).enumerate() {
        zero |= u32::from(*b == 0) << k;
        *a = Divide::<REM>::f(*a, *b, 0, 0);
    }
    zero
}

lane!(
    /// The high 32 bits of the exact product: floor(product / 2^32).
    Mulh, 2, |a, b, _, _| (a * b) >> 32
);

// ---------------------------------------------------------------------------------------
// Logic (instructions/AND.md, OR.md, XOR.md, NOT.md): bitwise on two's-complement values.

lane!(And, 2, |a, b, _, _| a & b);
lane!(Or, 2, |a, b, _, _| a | b);
lane!(Xor, 2, |a, b, _, _| a ^ b);
lane!(Not, 1, |a, _, _, _| !a);

lane!(
    /// BFN (instructions/BFN.md) in fused form: the fourth source is the instruction's table.
    /// Entry e is on where the bits of src0, src1 and src2 match bits 0, 1 and 2 of e: each
    /// entry as an all-ones or zero mask, src0 and src1 picking within a half of the table,
    /// src2 between the halves.
    Bfn, 4, |a, b, c, table| {
        let m = |e: u32| -((table >> e) & 1);
        let (nanb, anb, nab, ab) = (!(a | b), a & !b, !a & b, a & b);
        let low = (nanb & m(0)) | (anb & m(1)) | (nab & m(2)) | (ab & m(3));
        let high = (nanb & m(4)) | (anb & m(5)) | (nab & m(6)) | (ab & m(7));
        (!c & low) | (c & high)
    }
);

// ---------------------------------------------------------------------------------------
// Shifts (instructions/SHL.md, SHR.md, ASR.md). `M` is the count mask: 31, or 63 for a
// Q or UQ destination.

pub struct Shl<const M: u32>;
impl<const M: u32> Lane for Shl<M> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        a << count::<M>(b)
    }
}

/// SHL with `.sat` under the literal reading of erratum SHL-SAT-RANGE: an enabled lane
/// whose exact result does not fit 33 signed bits is undefined.
fn shl_sat_checked<const M: u32>(s: &mut [Ints], c: &Ctx) -> Result<()> {
    map_lane::<Shl<M>>(s, c)?;
    const RANGE: std::ops::RangeInclusive<i128> = -(1 << 32)..=(1 << 32) - 1;
    let n = c.n.min(LANES);
    let [out, ..] = s else {
        return Err(too_few(2));
    };
    for (k, v) in out[..n].iter().enumerate() {
        if (c.err_lanes >> k) & 1 == 1 && !RANGE.contains(v) {
            return Err(VisaError::undefined(format!(
                "lane {k}: the shifted value {v} does not fit 33 bits, which SHL.sat requires \
                 (erratum SHL-SAT-RANGE, literal reading)"
            )));
        }
    }
    Ok(())
}

/// Logical shift of src0's bits: `SRC_MASK` keeps the bits of the width shifted in (erratum
/// SHR-SOURCE-WIDTH: the execution type's, 32 or 64 bits; literally src0's own type's).
pub struct Shr<const SRC_MASK: u64, const M: u32>;
impl<const SRC_MASK: u64, const M: u32> Lane for Shr<SRC_MASK, M> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        (((a as u64) & SRC_MASK) >> count::<M>(b)) as i128
    }
}

/// Arithmetic shift: floor(src0 / 2^count) of src0's exact value.
pub struct Asr<const M: u32>;
impl<const M: u32> Lane for Asr<M> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        a >> count::<M>(b)
    }
}

// ---------------------------------------------------------------------------------------
// Rotations (instructions/ROL.md, ROR.md): the low `W` bits of src0, `W` the width of the
// destination type (the execution type; validation gives src0 the same size).

#[inline(always)]
fn rotate<const W: u32, const LEFT: bool>(a: i128, b: i128) -> i128 {
    let mask = u64::MAX >> (64 - W);
    let x = (a as u64) & mask;
    let k = (b as u32) & (W - 1);
    // `(W - k) % W` keeps the opposite shift in range when the count is 0.
    let back = (W - k) % W;
    let r = if LEFT {
        (x << k) | (x >> back)
    } else {
        (x >> k) | (x << back)
    };
    (r & mask) as i128
}

/// The documents' rotate expression computed exactly, without reducing to W bits (erratum
/// ROTATE-WIDTH, literal reading: W is src0's width and the destination may be wider).
fn rotate_expr<const W: u32, const LEFT: bool>(a: i128, b: i128) -> i128 {
    let x = u128::from((a as u64) & (u64::MAX >> (64 - W)));
    let k = (b as u32) & (W - 1);
    let back = (W - k) % W;
    let r = if LEFT {
        (x << k) | (x >> back)
    } else {
        (x >> k) | (x << back)
    };
    r as i128
}

/// A rotation of `W` bits, left or right; `EXPR` computes the literal reading's expression.
pub struct Rotate<const W: u32, const LEFT: bool, const EXPR: bool>;
impl<const W: u32, const LEFT: bool, const EXPR: bool> Lane for Rotate<W, LEFT, EXPR> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        if EXPR {
            rotate_expr::<W, LEFT>(a, b)
        } else {
            rotate::<W, LEFT>(a, b)
        }
    }
}

/// The documents' rotate expression on src0's signed value, `>>` arithmetic (erratum
/// ROTATE-SIGNED-SHIFT, literal reading; a signed src0): `a` is src0's exact value, below
/// 2^63 in magnitude, so neither shift leaves i128; the destination keeps the low bits.
pub struct RotateSigned<const W: u32, const LEFT: bool>;
impl<const W: u32, const LEFT: bool> Lane for RotateSigned<W, LEFT> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        let k = (b as u32) & (W - 1);
        let back = (W - k) % W;
        if LEFT {
            (a << k) | (a >> back)
        } else {
            (a >> k) | (a << back)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Bit counts (instructions/BFREV.md, CBIT.md, FBH.md, FBL.md, LZD.md)

lane!(Bfrev, 1, |a, _, _, _| dword(a).reverse_bits() as i128);

/// The set bits of src0 within its type (`SRC_MASK`).
pub struct Cbit<const SRC_MASK: u64>;
impl<const SRC_MASK: u64> Lane for Cbit<SRC_MASK> {
    const SRCS: usize = 1;
    #[inline(always)]
    fn f(a: i128, _: i128, _: i128, _: i128) -> i128 {
        ((a as u64) & SRC_MASK).count_ones() as i128
    }
}

lane!(
    /// Erratum CBIT-RESULT, literal reading: the loop leaves `val` at 0 and writes it.
    CbitLiteral, 1, |_, _, _, _| 0
);

const NO_BIT: i128 = 0xFFFF_FFFF;

lane!(
    /// Unsigned source: leading zeros; no bit set gives 0xFFFFFFFF.
    FbhUnsigned, 1, |a, _, _, _| match dword(a) {
        0 => NO_BIT,
        x => x.leading_zeros() as i128,
    }
);

/// Signed source (erratum FBH-SIGNED, resolved): the leading bits equal to the sign bit
/// (leading zeros of a non-negative value, leading ones of a negative one); 0 and -1 give
/// 0xFFFFFFFF.
pub struct FbhSigned;
impl Lane for FbhSigned {
    const SRCS: usize = 1;
    #[inline(always)]
    fn f(a: i128, _: i128, _: i128, _: i128) -> i128 {
        match dword(a) as i32 {
            0 | -1 => NO_BIT,
            x if x < 0 => (x as u32).leading_ones() as i128,
            x => x.leading_zeros() as i128,
        }
    }
}

/// Erratum FBH-SIGNED, literal reading: `(dScalar & (1 << 31)) == cval` never holds for a
/// negative value, so the count stays 0.
pub struct FbhSignedLiteral;
impl Lane for FbhSignedLiteral {
    const SRCS: usize = 1;
    #[inline(always)]
    fn f(a: i128, _: i128, _: i128, _: i128) -> i128 {
        match dword(a) as i32 {
            0 | -1 => NO_BIT,
            x if x < 0 => 0,
            x => x.leading_zeros() as i128,
        }
    }
}

lane!(
    /// Trailing zeros; no bit set gives 0xFFFFFFFF.
    Fbl, 1, |a, _, _, _| match dword(a) {
        0 => NO_BIT,
        x => x.trailing_zeros() as i128,
    }
);

lane!(
    /// Leading zeros; 0 gives 32.
    Lzd, 1, |a, _, _, _| dword(a).leading_zeros() as i128
);

// ---------------------------------------------------------------------------------------
// Bit fields (instructions/BFE.md, BFI.md), in 32 bits.

/// `x >> k` in 32 bits, arithmetic when `SIGNED`.
#[inline(always)]
fn shr32<const SIGNED: bool>(x: u32, k: u32) -> u32 {
    if SIGNED {
        ((x as i32) >> k) as u32
    } else {
        x >> k
    }
}

/// BFE: the field of `width` bits at `offset` in src2. `SIGNED` (a D destination) extends
/// the field's sign; `LITERAL` is the literal reading of erratum BFE-SIGN-EXTENSION.
pub struct Bfe<const SIGNED: bool, const LITERAL: bool>;
impl<const SIGNED: bool, const LITERAL: bool> Lane for Bfe<SIGNED, LITERAL> {
    const SRCS: usize = 3;
    #[inline(always)]
    fn f(w: i128, o: i128, v: i128, _: i128) -> i128 {
        let width = dword(w) & 0x1F;
        let offset = dword(o) & 0x1F;
        let x = dword(v);
        let field = if LITERAL {
            // `(src2 >> offset) & ((1 << width) - 1)`, C semantics: the mask zero-extends.
            shr32::<SIGNED>(x, offset) & ((1u32 << width) - 1)
        } else if width == 0 {
            0
        } else if offset + width < 32 {
            shr32::<SIGNED>(x << (32 - width - offset), 32 - width)
        } else {
            shr32::<SIGNED>(x, offset)
        };
        field as i128
    }
}

lane!(
    /// BFI: src2's low `width` bits inserted at `offset` into src3.
    Bfi, 4, |w, o, a, b| {
    let width = dword(w) & 0x1F;
    let offset = dword(o) & 0x1F;
    let bitmask = ((1u32 << width) - 1) << offset;
    (((dword(a) << offset) & bitmask) | (dword(b) & !bitmask)) as i128
}
);

// ---------------------------------------------------------------------------------------
// Pair-wise sums of absolute differences (instructions/SAD2.md, SAD2ADD.md): lane i of each
// pair receives the sum; lanes are computed in ascending order, so lane i + 1 of the
// sources is read before it is overwritten. Which lanes are stored is the plan's lane rule.

/// `|a[i] - b[i]| + |a[i+1] - b[i+1]|` for lanes i = 0, STEP, 2*STEP, ... below n - 1.
fn sad2<const STEP: usize>(s: &mut [Ints], c: &Ctx) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, ..] = s else {
        return Err(too_few(2));
    };
    for i in (0..n.saturating_sub(1)).step_by(STEP) {
        a[i] = (a[i] - b[i]).abs() + (a[i + 1] - b[i + 1]).abs();
    }
    Ok(())
}

/// SAD2 plus `d[i]` on the even lanes.
fn sad2add(s: &mut [Ints], c: &Ctx) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, d, ..] = s else {
        return Err(too_few(3));
    };
    for i in (0..n.saturating_sub(1)).step_by(2) {
        a[i] = (a[i] - b[i]).abs() + (a[i + 1] - b[i + 1]).abs() + d[i];
    }
    Ok(())
}

lane!(
    /// ADDR_ADD and ADD: the exact sum; the encode stage keeps the destination's bits (an
    /// address element's 16).
    Add, 2, |a, b, _, _| a + b
);

lane!(
    /// MIN on integers (instructions/MIN_MAX.md): the smaller value, src0 on a tie.
    Min, 2, |a, b, _, _| if b < a { b } else { a }
);

lane!(
    /// MAX on integers: the larger value, src0 on a tie.
    Max, 2, |a, b, _, _| if b > a { b } else { a }
);

/// CMP on integers into a general destination: all ones (-1, truncated to the destination's
/// bits) when the relation `REL` holds (0 ==, 1 !=, 2 >, 3 >=, 4 <, 5 <=), else 0.
pub struct CmpInt<const REL: u8>;
impl<const REL: u8> Lane for CmpInt<REL> {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128, _: i128) -> i128 {
        let holds = match REL {
            0 => a == b,
            1 => a != b,
            2 => a > b,
            3 => a >= b,
            4 => a < b,
            _ => a <= b,
        };
        -i128::from(holds)
    }
}

lane!(
    /// MOV between integer types: the value itself (the encode stage converts).
    Ident, 1, |a, _, _, _| a
);

// ---------------------------------------------------------------------------------------
// Two results per lane (instructions/ADDC.md, SUBB.md, ADD3O.md, MADW.md): the first in the
// first source buffer, the second in its own buffer.

/// An operation with two results: lanes `0..ctx.n` of the sources in, the first result in
/// the first source buffer and the second in `second`.
pub type PairOpFn = fn(&mut [Ints], &mut Ints, &Ctx) -> Result<()>;

#[inline(always)]
fn map2_pair(
    s: &mut [Ints],
    second: &mut Ints,
    c: &Ctx,
    f: impl Fn(i128, i128) -> (i128, i128),
) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, ..] = s else {
        return Err(too_few(2));
    };
    for ((a, b), r) in a[..n].iter_mut().zip(&b[..n]).zip(&mut second[..n]) {
        (*a, *r) = f(*a, *b);
    }
    Ok(())
}

#[inline(always)]
fn map3_pair(
    s: &mut [Ints],
    second: &mut Ints,
    c: &Ctx,
    f: impl Fn(i128, i128, i128) -> (i128, i128),
) -> Result<()> {
    let n = c.n.min(LANES);
    let [a, b, d, ..] = s else {
        return Err(too_few(3));
    };
    let lanes = a[..n]
        .iter_mut()
        .zip(&b[..n])
        .zip(&d[..n])
        .zip(&mut second[..n]);
    for (((a, b), d), r) in lanes {
        (*a, *r) = f(*a, *b, *d);
    }
    Ok(())
}

/// ADDC: the sum and its carry out of 32 bits (erratum ADDC-CARRY-FUNCTION).
pub struct Addc;
impl PairLane for Addc {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128) -> (i128, i128) {
        let sum = a + b;
        (sum, i128::from(sum >= 1 << 32))
    }
}

/// SUBB: the difference and the borrow `src0 < src1`.
pub struct Subb;
impl PairLane for Subb {
    const SRCS: usize = 2;
    #[inline(always)]
    fn f(a: i128, b: i128, _: i128) -> (i128, i128) {
        (a - b, i128::from(a < b))
    }
}

/// ADD3O: the sum and whether it leaves the destination range [MIN, MAX] (erratum
/// ADD3O-OVERFLOW, resolved).
pub struct Add3o<const MIN: i128, const MAX: i128>;
impl<const MIN: i128, const MAX: i128> PairLane for Add3o<MIN, MAX> {
    const SRCS: usize = 3;
    #[inline(always)]
    fn f(a: i128, b: i128, d: i128) -> (i128, i128) {
        let sum = a + b + d;
        (sum, i128::from(!(MIN..=MAX).contains(&sum)))
    }
}

/// ADD3O, erratum ADD3O-OVERFLOW literal: the carry out of the 32-bit unsigned sum of the
/// sources' low 32 bits.
pub struct Add3oCarry;
impl PairLane for Add3oCarry {
    const SRCS: usize = 3;
    #[inline(always)]
    fn f(a: i128, b: i128, d: i128) -> (i128, i128) {
        let carry = u64::from(dword(a)) + u64::from(dword(b)) + u64::from(dword(d)) >= 1 << 32;
        (a + b + d, i128::from(carry))
    }
}

/// MADW: the exact `src0 * src1 + src2` (the encode stage keeps its low 32 bits) and its
/// high part floor(r / 2^32) (whose low 32 bits are bits 63..32 of r).
pub struct Madw;
impl PairLane for Madw {
    const SRCS: usize = 3;
    #[inline(always)]
    fn f(a: i128, b: i128, d: i128) -> (i128, i128) {
        let r = a * b + d;
        (r, r >> 32)
    }
}

/// The buffer form of a two-result lane operation.
fn pair_buf<P: PairLane>(s: &mut [Ints], second: &mut Ints, c: &Ctx) -> Result<()> {
    if P::SRCS == 2 {
        map2_pair(s, second, c, |a, b| P::f(a, b, 0))
    } else {
        map3_pair(s, second, c, P::f)
    }
}

/// A two-result operation: its buffer form and its fused loop.
#[derive(Clone, Copy)]
pub struct PairOp {
    pub buf: PairOpFn,
    pub fused: FusedFn,
}

fn pair_op<P: PairLane>() -> PairOp {
    PairOp {
        buf: pair_buf::<P>,
        fused: crate::fused::run_two::<P>,
    }
}

/// The two-result operation of `opcode` into an integer destination `dst`, under the errata
/// readings `lit`; `None` for other opcodes.
pub fn pair_op_of(opcode: Opcode, dst: DataType, lit: &Literal) -> Option<PairOp> {
    Some(match opcode {
        Opcode::Addc => pair_op::<Addc>(),
        Opcode::Subb => pair_op::<Subb>(),
        Opcode::Add3o if lit.add3o_overflow => pair_op::<Add3oCarry>(),
        Opcode::Add3o => match dst {
            DataType::D => pair_op::<Add3o<{ i32::MIN as i128 }, { i32::MAX as i128 }>>(),
            DataType::UD => pair_op::<Add3o<0, { u32::MAX as i128 }>>(),
            DataType::W => pair_op::<Add3o<{ i16::MIN as i128 }, { i16::MAX as i128 }>>(),
            DataType::UW => pair_op::<Add3o<0, { u16::MAX as i128 }>>(),
            _ => return None,
        },
        Opcode::Madw => pair_op::<Madw>(),
        _ => return None,
    })
}

/// The buffer form of [`pair_op_of`].
pub fn pair_op_fn(opcode: Opcode, dst: DataType, lit: &Literal) -> Option<PairOpFn> {
    pair_op_of(opcode, dst, lit).map(|op| op.buf)
}

// ---------------------------------------------------------------------------------------
// Selection

/// The width in bytes SHR shifts src0's bits in (erratum SHR-SOURCE-WIDTH): the execution
/// type's, 8 when src0 or dst is a qword and 4 otherwise; literally src0's own size.
fn shr_width(src0: DataType, dst: DataType, lit: &Literal) -> usize {
    if lit.shr_source_width {
        src0.size()
    } else if src0.size() == 8 || dst.size() == 8 {
        8
    } else {
        4
    }
}

/// Bits of an integer type as a mask.
fn type_mask(t: DataType) -> u64 {
    u64::MAX >> (64 - t.bits().clamp(1, 64))
}

/// The operation of `opcode` for integer sources of types `srcs` (lane types) and an integer
/// destination `dst`, under the errata readings `lit`; `None` for an opcode this module does
/// not execute or a form it has no semantics for.
pub fn int_op_fn(
    opcode: Opcode,
    srcs: &[DataType],
    dst: DataType,
    sat: bool,
    lit: &Literal,
) -> Option<IntOp> {
    if !dst.is_integer() || !srcs.iter().all(|t| t.is_integer()) {
        return None;
    }
    if srcs.len() != opcode.form().num_srcs {
        return None;
    }
    let src0 = *srcs.first()?;
    let qword_dst = dst.size() == 8;
    let dword_srcs = srcs.iter().all(|t| t.size() <= 4);
    Some(match opcode {
        Opcode::Add3 => lane_op::<Add3>(),
        Opcode::Avg => lane_op::<Avg>(),
        // The product of two 33-bit values fits i128 exactly; wider ones might not.
        Opcode::Mulh if dword_srcs => lane_op::<Mulh>(),
        Opcode::Mul if dword_srcs => lane_op::<Mul>(),
        Opcode::Mad if dword_srcs => lane_op::<Mad>(),
        Opcode::And => lane_op::<And>(),
        Opcode::Or => lane_op::<Or>(),
        Opcode::Xor => lane_op::<Xor>(),
        Opcode::Not => lane_op::<Not>(),
        Opcode::Shl => match (qword_dst, sat && lit.shl_sat_range) {
            (false, false) => lane_op::<Shl<31>>(),
            (true, false) => lane_op::<Shl<63>>(),
            (false, true) => buf_op(shl_sat_checked::<31>),
            (true, true) => buf_op(shl_sat_checked::<63>),
        },
        Opcode::Shr => match (shr_width(src0, dst, lit), qword_dst) {
            (1, false) => lane_op::<Shr<0xFF, 31>>(),
            (2, false) => lane_op::<Shr<0xFFFF, 31>>(),
            (4, false) => lane_op::<Shr<0xFFFF_FFFF, 31>>(),
            (8, false) => lane_op::<Shr<{ u64::MAX }, 31>>(),
            (1, true) => lane_op::<Shr<0xFF, 63>>(),
            (2, true) => lane_op::<Shr<0xFFFF, 63>>(),
            (4, true) => lane_op::<Shr<0xFFFF_FFFF, 63>>(),
            (8, true) => lane_op::<Shr<{ u64::MAX }, 63>>(),
            _ => return None,
        },
        Opcode::Asr if qword_dst => lane_op::<Asr<63>>(),
        Opcode::Asr => lane_op::<Asr<31>>(),
        Opcode::Rol | Opcode::Ror => {
            let left = opcode == Opcode::Rol;
            // Erratum ROTATE-WIDTH: the destination's width, literally src0's.
            let width = if lit.rotate_width {
                src0.size()
            } else {
                dst.size()
            };
            // Erratum ROTATE-SIGNED-SHIFT: literally a signed src0 shifts with its sign.
            let signed = lit.rotate_signed_shift && src0.is_signed_integer();
            match (width, left) {
                (1, true) if signed => lane_op::<RotateSigned<8, true>>(),
                (2, true) if signed => lane_op::<RotateSigned<16, true>>(),
                (4, true) if signed => lane_op::<RotateSigned<32, true>>(),
                (8, true) if signed => lane_op::<RotateSigned<64, true>>(),
                (1, false) if signed => lane_op::<RotateSigned<8, false>>(),
                (2, false) if signed => lane_op::<RotateSigned<16, false>>(),
                (4, false) if signed => lane_op::<RotateSigned<32, false>>(),
                (8, false) if signed => lane_op::<RotateSigned<64, false>>(),
                (w, true) if lit.rotate_width && w != dst.size() => match w {
                    1 => lane_op::<Rotate<8, true, true>>(),
                    2 => lane_op::<Rotate<16, true, true>>(),
                    4 => lane_op::<Rotate<32, true, true>>(),
                    _ => lane_op::<Rotate<64, true, true>>(),
                },
                (w, false) if lit.rotate_width && w != dst.size() => match w {
                    1 => lane_op::<Rotate<8, false, true>>(),
                    2 => lane_op::<Rotate<16, false, true>>(),
                    4 => lane_op::<Rotate<32, false, true>>(),
                    _ => lane_op::<Rotate<64, false, true>>(),
                },
                (1, true) => lane_op::<Rotate<8, true, false>>(),
                (2, true) => lane_op::<Rotate<16, true, false>>(),
                (4, true) => lane_op::<Rotate<32, true, false>>(),
                (8, true) => lane_op::<Rotate<64, true, false>>(),
                (1, false) => lane_op::<Rotate<8, false, false>>(),
                (2, false) => lane_op::<Rotate<16, false, false>>(),
                (4, false) => lane_op::<Rotate<32, false, false>>(),
                (8, false) => lane_op::<Rotate<64, false, false>>(),
                _ => return None,
            }
        }
        Opcode::Bfrev => lane_op::<Bfrev>(),
        Opcode::Cbit if lit.cbit_result => lane_op::<CbitLiteral>(),
        Opcode::Cbit => match type_mask(src0) {
            0xFF => lane_op::<Cbit<0xFF>>(),
            0xFFFF => lane_op::<Cbit<0xFFFF>>(),
            0xFFFF_FFFF => lane_op::<Cbit<0xFFFF_FFFF>>(),
            _ => lane_op::<Cbit<{ u64::MAX }>>(),
        },
        Opcode::Fbh if !src0.is_signed_integer() => lane_op::<FbhUnsigned>(),
        Opcode::Fbh if lit.fbh_signed => lane_op::<FbhSignedLiteral>(),
        Opcode::Fbh => lane_op::<FbhSigned>(),
        Opcode::Fbl => lane_op::<Fbl>(),
        Opcode::Lzd => lane_op::<Lzd>(),
        Opcode::Bfe => match (dst.is_signed_integer(), lit.bfe_sign_extension) {
            (false, false) => lane_op::<Bfe<false, false>>(),
            (true, false) => lane_op::<Bfe<true, false>>(),
            (false, true) => lane_op::<Bfe<false, true>>(),
            (true, true) => lane_op::<Bfe<true, true>>(),
        },
        Opcode::Bfi => lane_op::<Bfi>(),
        Opcode::Sad2 if lit.sad2_loop_step => buf_op(sad2::<1>),
        Opcode::Sad2 => buf_op(sad2::<2>),
        Opcode::Sad2add => buf_op(sad2add),
        Opcode::AddrAdd => lane_op::<Add>(),
        // Every other opcode has its own kernel (or none yet).
        _ => return None,
    })
}

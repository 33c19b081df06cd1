//! Lane kernels: decode a source's raw lane bits into exact values, combine them, and encode
//! the results into the destination type. Each stage is a loop over the lanes generic over one
//! element type; a plan picks the instantiations (function pointers) once per instruction, so
//! the lane loops carry no per-lane dispatch.
//!
//! Canonical lane values: integers as exact `i128` (source modifiers applied without
//! wrapping), floats as f64 bits (every DF, F, HF, BF and VF value is exactly an f64).

use visa_model::types::DataType;
use visa_model::VisaError;

use crate::mode::{FloatMode, Literal};
use crate::near;
use crate::softfloat::{self, f64_is_nan, Format, Rounding};

/// Lanes of a SIMD instruction (largest execution size).
pub const LANES: usize = 32;
/// Raw lane bits (an element zero-extended to 64 bits) or canonical f64 bits.
pub type Raw = [u64; LANES];
/// Exact integer lane values.
pub type Ints = [i128; LANES];

type Result<T> = std::result::Result<T, VisaError>;

/// A source modifier (erratum OPERAND-MODIFIER-TABLE: the arithmetic ones are exact on
/// integers and sign-bit operations on floats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    None,
    Neg,
    Abs,
    NegAbs,
    /// `~` (logic instructions, integer sources only): the bits are complemented within the
    /// source type, then the value is extended by the type's signedness.
    Not,
}

/// What a kernel needs besides its lanes, fixed for one execution of one instruction.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Lanes computed (the execution size).
    pub n: usize,
    pub mode: FloatMode,
    pub sat: bool,
    pub lit: Literal,
    /// Rounding of integer-to-float conversions (erratum INT-TO-FLOAT-ROUNDING).
    pub int_rounding: Rounding,
    /// Lanes whose conversion may report an error (bit n: lane n).
    pub err_lanes: u32,
}

// ---------------------------------------------------------------------------------------
// Element types

/// An integer element type.
pub trait IntTy {
    const MIN: i128;
    const MAX: i128;
    const SIGNED: bool;
    const MASK: u64;
    fn decode(raw: u64) -> i128;
}

macro_rules! int_ty {
    ($($t:ty),*) => {$(
        impl IntTy for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            const SIGNED: bool = <$t>::MIN != 0;
            const MASK: u64 = u64::MAX >> (64 - <$t>::BITS);
            #[inline(always)]
            fn decode(raw: u64) -> i128 {
                raw as $t as i128
            }
        }
    )*};
}
int_ty!(u8, i8, u16, i16, u32, i32, u64, i64);

/// A float element type.
pub trait FloatTy {
    const FMT: Format;
    /// Widens raw bits to canonical f64 bits (exact).
    fn widen(raw: u64) -> u64;
}

/// DF.
#[derive(Debug)]
pub struct Df;
/// F.
#[derive(Debug)]
pub struct Sf;
/// HF.
#[derive(Debug)]
pub struct Hf;
/// BF.
#[derive(Debug)]
pub struct Bf;

#[inline(always)]
fn widen_f32(raw: u32) -> u64 {
    if raw & 0x7fff_ffff > 0x7f80_0000 {
        softfloat::to_f64_bits(raw as u64, Format::F)
    } else {
        (f32::from_bits(raw) as f64).to_bits()
    }
}

impl FloatTy for Df {
    const FMT: Format = Format::DF;
    #[inline(always)]
    fn widen(raw: u64) -> u64 {
        raw
    }
}
impl FloatTy for Sf {
    const FMT: Format = Format::F;
    #[inline(always)]
    fn widen(raw: u64) -> u64 {
        widen_f32(raw as u32)
    }
}
impl FloatTy for Hf {
    const FMT: Format = Format::HF;
    #[inline(always)]
    fn widen(raw: u64) -> u64 {
        softfloat::to_f64_bits(raw & 0xffff, Format::HF)
    }
}
impl FloatTy for Bf {
    const FMT: Format = Format::BF;
    #[inline(always)]
    fn widen(raw: u64) -> u64 {
        // A BF is the upper half of an F.
        widen_f32(((raw & 0xffff) as u32) << 16)
    }
}

// ---------------------------------------------------------------------------------------
// Decode stage

/// The instance of a lane function generic over an integer type for `ty` (`None`: not an
/// integer type).
macro_rules! by_int_type {
    ($ty:expr, $f:ident) => {
        Some(match $ty {
            DataType::UB => $f::<u8>,
            DataType::B => $f::<i8>,
            DataType::UW => $f::<u16>,
            DataType::W => $f::<i16>,
            DataType::UD => $f::<u32>,
            DataType::D => $f::<i32>,
            DataType::UQ => $f::<u64>,
            DataType::Q => $f::<i64>,
            _ => return None,
        })
    };
}

/// The instance of a lane function generic over a float type for `ty` (`None`: not a float
/// type), with the extra const arguments given.
macro_rules! by_float_type {
    ($ty:expr, $f:ident $(, $arg:ident)*) => {
        Some(match $ty {
            DataType::DF => $f::<Df $(, $arg)*>,
            DataType::F => $f::<Sf $(, $arg)*>,
            DataType::HF => $f::<Hf $(, $arg)*>,
            DataType::BF => $f::<Bf $(, $arg)*>,
            _ => return None,
        })
    };
}

/// Raw lanes of an integer source into exact values, modifier applied.
pub type DecIntFn = fn(&Raw, usize, Modifier, &mut Ints);
/// Raw lanes of a float source into canonical f64 bits: denormal inputs flushed when asked,
/// then the modifier applied to the sign.
pub type DecFloatFn = fn(&Raw, usize, Modifier, bool, &mut Raw);

fn dec_int<S: IntTy>(raw: &Raw, n: usize, m: Modifier, out: &mut Ints) {
    let (raw, out) = (&raw[..n.min(LANES)], &mut out[..n.min(LANES)]);
    match m {
        Modifier::None => raw.iter().zip(out).for_each(|(r, o)| *o = S::decode(*r)),
        Modifier::Neg => raw.iter().zip(out).for_each(|(r, o)| *o = -S::decode(*r)),
        Modifier::Abs => raw
            .iter()
            .zip(out)
            .for_each(|(r, o)| *o = S::decode(*r).abs()),
        Modifier::NegAbs => raw
            .iter()
            .zip(out)
            .for_each(|(r, o)| *o = -S::decode(*r).abs()),
        Modifier::Not => raw
            .iter()
            .zip(out)
            .for_each(|(r, o)| *o = S::decode(*r ^ S::MASK)),
    }
}

const F64_SIGN: u64 = 1 << 63;

fn dec_float<S: FloatTy>(raw: &Raw, n: usize, m: Modifier, flush: bool, out: &mut Raw) {
    let fmt = S::FMT;
    // The sign bit after a modifier: (s ^ flip) & !clear | set.
    let (flip, clear, set) = match m {
        // A plan never pairs `~` with a float source (see `Compiler::kernel`).
        Modifier::None | Modifier::Not => (0, 0, 0),
        Modifier::Neg => (F64_SIGN, 0, 0),
        Modifier::Abs => (0, F64_SIGN, 0),
        Modifier::NegAbs => (0, 0, F64_SIGN),
    };
    for (r, o) in raw[..n.min(LANES)].iter().zip(&mut out[..n.min(LANES)]) {
        let mut b = *r;
        if flush && fmt.is_denormal(b) {
            b &= fmt.sign_bit();
        }
        *o = ((S::widen(b) ^ flip) & !clear) | set;
    }
}

pub fn dec_int_fn(ty: DataType) -> Option<DecIntFn> {
    by_int_type!(ty, dec_int)
}

pub fn dec_float_fn(ty: DataType) -> Option<DecFloatFn> {
    by_float_type!(ty, dec_float)
}

// ---------------------------------------------------------------------------------------
// Encode stage

/// Exact integers into an integer type: clamped under saturation, else truncated.
pub type EncIntFn = fn(&Ints, &Ctx, &mut Raw);
/// Exact integers into a float type.
pub type EncIntFloatFn = fn(&Ints, &Ctx, &mut Raw);
/// Canonical floats into an integer type.
pub type EncFloatIntFn = fn(&Raw, &Ctx, &mut Raw) -> Result<()>;
/// Canonical floats into a float type (float-to-float conversion).
pub type EncFloatFloatFn = fn(&Raw, &Ctx, &mut Raw);
/// The sum of two canonical float lanes rounded into a float type.
pub type AddFloatFn = fn(&Raw, &Raw, bool, &Ctx, &mut Raw);
/// MUL, MAD or DIV of up to three canonical float lanes rounded into a float type; the flag
/// says every source holds an F-representable value.
pub type FloatArithFn = fn(&[Raw; 3], bool, &Ctx, &mut Raw);

fn enc_int<D: IntTy>(v: &Ints, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    if c.sat {
        v[..n]
            .iter()
            .zip(&mut out[..n])
            .for_each(|(v, o)| *o = ((*v).clamp(D::MIN, D::MAX) as u64) & D::MASK);
    } else {
        v[..n]
            .iter()
            .zip(&mut out[..n])
            .for_each(|(v, o)| *o = (*v as u64) & D::MASK);
    }
}

/// The steps after rounding into a float destination: denormal output flush, ALT mode (F),
/// saturation to [0.0, 1.0].
#[inline(always)]
pub(crate) fn post(b: u64, fmt: Format, keep: bool, alt: bool, c: &Ctx) -> u64 {
    let mut b = b;
    if !keep && fmt.is_denormal(b) {
        b &= fmt.sign_bit();
    }
    if alt && fmt.is_inf(b) {
        b = fmt.max_finite(fmt.is_neg(b));
    }
    if c.sat {
        if fmt.is_nan(b) {
            b = 0;
        } else if fmt.is_neg(b) {
            if !(c.lit.sat_negative_zero && fmt.is_zero(b)) {
                b = 0;
            }
        } else if b > fmt.one() {
            b = fmt.one();
        }
    }
    b
}

#[inline(always)]
fn post_params<D: FloatTy>(c: &Ctx) -> (bool, bool) {
    let keep = match D::FMT {
        Format::DF => c.mode.keep_df,
        Format::HF => c.mode.keep_hf,
        _ => c.mode.keep_f,
    };
    (keep, c.mode.alt && D::FMT == Format::F)
}

fn enc_int_float<D: FloatTy>(v: &Ints, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    let (keep, alt) = post_params::<D>(c);
    let rnd = c.int_rounding;
    for (v, o) in v[..n].iter().zip(&mut out[..n]) {
        let b = if rnd == Rounding::NearestEven && D::FMT == Format::F {
            (*v as f32).to_bits() as u64
        } else if rnd == Rounding::NearestEven && D::FMT == Format::DF {
            (*v as f64).to_bits()
        } else {
            // One machine word for every value but the widest.
            match u64::try_from(v.unsigned_abs()) {
                Ok(m) => softfloat::round_pack(*v < 0, m, 0, D::FMT, rnd),
                Err(_) => softfloat::round_pack(*v < 0, v.unsigned_abs(), 0, D::FMT, rnd),
            }
        };
        *o = post(b, D::FMT, keep, alt, c);
    }
}

fn enc_float_int<D: IntTy>(v: &Raw, c: &Ctx, out: &mut Raw) -> Result<()> {
    let n = c.n.min(LANES);
    let check = c.lit.float_to_uint_negative && !D::SIGNED;
    for (k, (v, o)) in v[..n].iter().zip(&mut out[..n]).enumerate() {
        let x = f64::from_bits(*v);
        if check && x <= -1.0 && (c.err_lanes >> k) & 1 == 1 {
            return Err(VisaError::undefined(format!(
                "lane {k}: {x} has no unsigned integer value (erratum FLOAT-TO-UINT-NEGATIVE, literal reading)"
            )));
        }
        // `as` truncates toward zero, saturates infinities and maps NaN to 0.
        *o = ((x as i128).clamp(D::MIN, D::MAX) as u64) & D::MASK;
    }
    Ok(())
}

fn enc_float_float<D: FloatTy>(v: &Raw, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    let (keep, alt) = post_params::<D>(c);
    let rnd = c.mode.rounding;
    for (v, o) in v[..n].iter().zip(&mut out[..n]) {
        let b = if f64_is_nan(*v) {
            softfloat::nan_to(*v, D::FMT)
        } else if D::FMT == Format::DF {
            *v
        } else if D::FMT == Format::F && rnd == Rounding::NearestEven {
            (f64::from_bits(*v) as f32).to_bits() as u64
        } else {
            softfloat::f64_to(*v, D::FMT, rnd)
        };
        *o = post(b, D::FMT, keep, alt, c);
    }
}

/// `f32_exact`: both sources hold F-representable values, so a hardware f32 addition is the
/// correctly rounded (to nearest even) F sum.
fn add_float<D: FloatTy>(a: &Raw, b: &Raw, f32_exact: bool, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    let (keep, alt) = post_params::<D>(c);
    let rnd = c.mode.rounding;
    let lanes = a[..n].iter().zip(&b[..n]).zip(&mut out[..n]);
    if rnd == Rounding::NearestEven && D::FMT == Format::F && f32_exact {
        for ((x, y), o) in lanes {
            let r = if f64_is_nan(*x) || f64_is_nan(*y) {
                softfloat::add(*x, *y, D::FMT, rnd)
            } else {
                let s = f64::from_bits(*x) as f32 + f64::from_bits(*y) as f32;
                if s.is_nan() {
                    D::FMT.default_nan()
                } else {
                    s.to_bits() as u64
                }
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    } else if rnd == Rounding::NearestEven && D::FMT == Format::DF {
        for ((x, y), o) in lanes {
            let r = if f64_is_nan(*x) || f64_is_nan(*y) {
                softfloat::add(*x, *y, D::FMT, rnd)
            } else {
                let s = f64::from_bits(*x) + f64::from_bits(*y);
                if s.is_nan() {
                    D::FMT.default_nan()
                } else {
                    s.to_bits()
                }
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    } else {
        // Directed modes, and HF and BF under any: from the hardware's sum and its error.
        for ((x, y), o) in lanes {
            let r = match near::add(*x, *y) {
                Some(n) => near::round(n, D::FMT, rnd),
                None => softfloat::add(*x, *y, D::FMT, rnd),
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    }
}

pub fn enc_int_fn(ty: DataType) -> Option<EncIntFn> {
    by_int_type!(ty, enc_int)
}

pub fn enc_float_int_fn(ty: DataType) -> Option<EncFloatIntFn> {
    by_int_type!(ty, enc_float_int)
}

pub fn enc_int_float_fn(ty: DataType) -> Option<EncIntFloatFn> {
    by_float_type!(ty, enc_int_float)
}

pub fn enc_float_float_fn(ty: DataType) -> Option<EncFloatFloatFn> {
    by_float_type!(ty, enc_float_float)
}

pub fn add_float_fn(ty: DataType) -> Option<AddFloatFn> {
    by_float_type!(ty, add_float)
}

/// Exact integer addition of two lane arrays (INT-EXTRA-PRECISION: no intermediate wraps).
pub fn add_ints(a: &Ints, b: &mut Ints, n: usize) {
    let n = n.min(LANES);
    a[..n].iter().zip(&mut b[..n]).for_each(|(a, b)| *b += *a);
}

// ---------------------------------------------------------------------------------------
// MUL, MAD, DIV on floats (instructions/MUL.md, MAD.md, DIV.md)

/// The float operation of MUL, MAD or DIV, with the erratum readings that change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Mul,
    /// One rounding of the exact src0 * src1 + src2 (erratum MAD-FUSED, resolved).
    Mad,
    /// The product converted to the destination type, then the sum (MAD-FUSED, literal).
    MadUnfused,
    /// The correctly rounded quotient (erratum DIV-FLOAT-RECIPROCAL, resolved).
    Div,
    /// src0 times the reciprocal converted to the destination type (DIV-FLOAT-RECIPROCAL,
    /// literal).
    DivReciprocal,
    /// RNDD, RNDE, RNDU, RNDZ, FRC (instructions/RNDD.md ...).
    Round(RoundOp),
    /// LRP's exact value rounded once (instructions/LRP.md; erratum LRP-ROUNDING, resolved).
    Lrp,
    /// LRP with each operation rounded, left to right (LRP-ROUNDING, literal).
    LrpRounded,
    /// PLN as two fused multiply-adds (instructions/PLN.md; PLN-ROUNDING, resolved): the
    /// sources are src0's scalars (lanes 0, 1, 3), u and v.
    Plane,
    /// PLN with each operation rounded, left to right (PLN-ROUNDING, literal).
    PlaneRounded,
}

/// The rounding instructions, one source each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundOp {
    Down,
    NearestEven,
    Up,
    TowardZero,
    Fraction,
}

const MUL: u8 = 0;
const MAD: u8 = 1;
const MAD_UNFUSED: u8 = 2;
const DIV: u8 = 3;
const DIV_RECIPROCAL: u8 = 4;
const RNDD: u8 = 5;
const RNDE: u8 = 6;
const RNDU: u8 = 7;
const RNDZ: u8 = 8;
const FRC: u8 = 9;
// LRP and PLN.
const LRP: u8 = 10;
const LRP_ROUNDED: u8 = 11;
const PLANE: u8 = 12;
const PLANE_ROUNDED: u8 = 13;

/// Whether a source of `OP` is a NaN (the hardware's own NaN rules differ from the
/// documents'). MUL and DIV read two sources: the third buffer holds stale lanes.
#[inline(always)]
fn any_nan<const OP: u8>(x: &[u64; 3]) -> bool {
    let used = if matches!(OP, MAD | MAD_UNFUSED) {
        3
    } else {
        2
    };
    x[..used].iter().any(|v| f64_is_nan(*v))
}

/// One lane of `OP` rounded into `fmt` with the slow, general path. `c0` is `c` without
/// saturation, for the intermediate conversion of the literal readings.
#[inline(always)]
fn arith_lane<const OP: u8>(
    x: [u64; 3],
    fmt: Format,
    rnd: Rounding,
    (keep, alt): (bool, bool),
    c0: &Ctx,
) -> u64 {
    let [a, b, d] = x;
    match OP {
        MUL => softfloat::mul(a, b, fmt, rnd),
        MAD => softfloat::fma(a, b, d, fmt, rnd),
        MAD_UNFUSED => {
            let p = post(softfloat::mul(a, b, fmt, rnd), fmt, keep, alt, c0);
            softfloat::add(softfloat::to_f64_bits(p, fmt), d, fmt, rnd)
        }
        DIV => softfloat::div(a, b, fmt, rnd),
        RNDD | RNDE | RNDU | RNDZ | FRC => round_lane::<OP>(a, fmt, rnd, c0),
        // LRP: a = src0, b = src1, d = src2.
        LRP => crate::lerp::lrp_fused(a, b, d, fmt, rnd),
        LRP_ROUNDED => {
            let step = |r: u64| softfloat::to_f64_bits(post(r, fmt, keep, alt, c0), fmt);
            let t0 = step(softfloat::mul(b, a, fmt, rnd));
            let t1 = step(softfloat::add(1f64.to_bits(), a ^ (1 << 63), fmt, rnd));
            let t2 = step(softfloat::mul(d, t1, fmt, rnd));
            softfloat::add(t0, t2, fmt, rnd)
        }
        _ => {
            let one = 1f64.to_bits();
            let r = post(softfloat::div(one, b, fmt, rnd), fmt, keep, alt, c0);
            softfloat::mul(a, softfloat::to_f64_bits(r, fmt), fmt, rnd)
        }
    }
}

fn float_arith<D: FloatTy, const OP: u8>(s: &[Raw; 3], f32_exact: bool, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    let params = post_params::<D>(c);
    let (keep, alt) = params;
    let rnd = c.mode.rounding;
    let c0 = Ctx { sat: false, ..*c };
    let [a, b, d] = s;
    let lanes = (0..n).map(|k| [a[k], b[k], d[k]]).zip(&mut out[..n]);
    let nearest = rnd == Rounding::NearestEven;
    if nearest && D::FMT == Format::F && f32_exact && matches!(OP, MUL | MAD | DIV) {
        // Hardware f32 operations are correctly rounded to nearest even (fma: mul_add).
        let f = |v: u64| f64::from_bits(v) as f32;
        for (x, o) in lanes {
            let r = if any_nan::<OP>(&x) {
                arith_lane::<OP>(x, D::FMT, rnd, params, &c0)
            } else {
                let v = match OP {
                    MUL => f(x[0]) * f(x[1]),
                    MAD => f(x[0]).mul_add(f(x[1]), f(x[2])),
                    _ => f(x[0]) / f(x[1]),
                };
                if v.is_nan() {
                    D::FMT.default_nan()
                } else {
                    u64::from(v.to_bits())
                }
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    } else if nearest && D::FMT == Format::DF && matches!(OP, MUL | MAD | DIV) {
        // Every source value is an f64, and f64 operations round correctly into DF.
        let f = f64::from_bits;
        for (x, o) in lanes {
            let r = if any_nan::<OP>(&x) {
                arith_lane::<OP>(x, D::FMT, rnd, params, &c0)
            } else {
                let v = match OP {
                    MUL => f(x[0]) * f(x[1]),
                    MAD => f(x[0]).mul_add(f(x[1]), f(x[2])),
                    _ => f(x[0]) / f(x[1]),
                };
                if v.is_nan() {
                    D::FMT.default_nan()
                } else {
                    v.to_bits()
                }
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    } else {
        // Directed modes, and HF and BF under any: from the hardware's result and its error
        // (MAD only where the product is exact in f64: sources of F, HF or BF).
        for (x, o) in lanes {
            let fast = match OP {
                MUL => near::mul(x[0], x[1]),
                DIV => near::div(x[0], x[1]),
                MAD if f32_exact => near::mad(x[0], x[1], x[2]),
                _ => None,
            };
            let r = match fast {
                Some(n) => near::round(n, D::FMT, rnd),
                None => arith_lane::<OP>(x, D::FMT, rnd, params, &c0),
            };
            *o = post(r, D::FMT, keep, alt, c);
        }
    }
}

/// One lane of RNDD, RNDE, RNDU, RNDZ or FRC (`OP`) on the f64 bits `a` of an F source (its
/// denormal already flushed as the F denorm mode says), rounded into `fmt`. An F value's
/// integral neighbours are F values, so f64's floor, ceil, trunc and ties-to-even rounding
/// are exact and the conversion into `fmt` does not round; FRC's subtraction rounds once in
/// `rnd` (softfloat's addition, which signs an exact zero difference -0 only downward).
#[inline(always)]
fn round_lane<const OP: u8>(a: u64, fmt: Format, rnd: Rounding, c: &Ctx) -> u64 {
    if f64_is_nan(a) {
        // Every operation returns its NaN source quieted (FRC: src0 is the first operand).
        return softfloat::nan_to(a, fmt);
    }
    let x = f64::from_bits(a);
    // The sum floor + 1 of the RNDE and RNDZ loops, at an input in (-1, 0): the literal
    // reading of RND-ZERO-SIGN keeps IEEE's +0 (-0 downward), the resolved one the sign of x.
    let zero_of_sum = |r: f64| {
        if r == 0.0 && x < 0.0 && c.lit.rnd_zero_sign {
            if rnd == Rounding::Down {
                -0.0
            } else {
                0.0
            }
        } else {
            r
        }
    };
    let r = match OP {
        RNDD => x.floor(),
        RNDE if c.lit.rnde_downward => x.floor(),
        RNDE => zero_of_sum(x.round_ties_even()),
        RNDU => x.ceil(),
        RNDZ => zero_of_sum(x.trunc()),
        _ => return softfloat::add(a, (-x.floor()).to_bits(), fmt, rnd),
    };
    softfloat::f64_to(r.to_bits(), fmt, rnd)
}

fn float_arith_for<const OP: u8>(ty: DataType) -> Option<FloatArithFn> {
    by_float_type!(ty, float_arith, OP)
}

/// PLN's lanes (`OP` PLANE or PLANE_ROUNDED): `s[0]` holds src0's elements 0 to 3 in its
/// first lanes (p, q and r are elements 0, 1 and 3), `s[1]` and `s[2]` each lane's u and v.
fn plane_arith<D: FloatTy, const OP: u8>(s: &[Raw; 3], _: bool, c: &Ctx, out: &mut Raw) {
    let n = c.n.min(LANES);
    let (keep, alt) = post_params::<D>(c);
    let rnd = c.mode.rounding;
    let c0 = Ctx { sat: false, ..*c };
    let fmt = D::FMT;
    let step = |r: u64| softfloat::to_f64_bits(post(r, fmt, keep, alt, &c0), fmt);
    let [scalars, u, v] = s;
    let (p, q, r) = (scalars[0], scalars[1], scalars[3]);
    for k in 0..n {
        let value = if OP == PLANE_ROUNDED {
            let t0 = step(softfloat::mul(p, u[k], fmt, rnd));
            let t1 = step(softfloat::mul(q, v[k], fmt, rnd));
            let t2 = step(softfloat::add(t0, t1, fmt, rnd));
            softfloat::add(t2, r, fmt, rnd)
        } else {
            let t = step(softfloat::fma(p, u[k], r, fmt, rnd));
            softfloat::fma(q, v[k], t, fmt, rnd)
        };
        out[k] = post(value, fmt, keep, alt, c);
    }
}

fn plane_arith_for<const OP: u8>(ty: DataType) -> Option<FloatArithFn> {
    by_float_type!(ty, plane_arith, OP)
}

pub fn float_arith_fn(op: FloatOp, ty: DataType) -> Option<FloatArithFn> {
    match op {
        FloatOp::Mul => float_arith_for::<MUL>(ty),
        FloatOp::Mad => float_arith_for::<MAD>(ty),
        FloatOp::MadUnfused => float_arith_for::<MAD_UNFUSED>(ty),
        FloatOp::Div => float_arith_for::<DIV>(ty),
        FloatOp::DivReciprocal => float_arith_for::<DIV_RECIPROCAL>(ty),
        FloatOp::Round(RoundOp::Down) => float_arith_for::<RNDD>(ty),
        FloatOp::Round(RoundOp::NearestEven) => float_arith_for::<RNDE>(ty),
        FloatOp::Round(RoundOp::Up) => float_arith_for::<RNDU>(ty),
        FloatOp::Round(RoundOp::TowardZero) => float_arith_for::<RNDZ>(ty),
        FloatOp::Round(RoundOp::Fraction) => float_arith_for::<FRC>(ty),
        FloatOp::Lrp => float_arith_for::<LRP>(ty),
        FloatOp::LrpRounded => float_arith_for::<LRP_ROUNDED>(ty),
        FloatOp::Plane => plane_arith_for::<PLANE>(ty),
        FloatOp::PlaneRounded => plane_arith_for::<PLANE_ROUNDED>(ty),
    }
}

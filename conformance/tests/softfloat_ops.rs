//! The oracle's float multiplication, fused multiply-add and division
//! (`visa_oracle::softfloat::{mul, fma, div}`) against the spec's exact arithmetic
//! (`visa_spec::num::{mul, fma, div}` then one `convert`), for DF, F, HF and BF destinations,
//! under all four %cr0 rounding modes with denormals kept and flushed.
//!
//! The property tests draw bit patterns biased towards edge values (zeros, infinities, NaNs
//! with payloads, quiet and signalling, denormals, the largest finite value, the smallest
//! normal, powers of two, values near 1, short significands that make exact products and
//! ties, and fma addends that cancel the product). Case counts follow `PROPTEST_CASES`
//! (default 2000 per operation and format).
//!
//! The rstest rows are hand-derived from IEEE 754 (the derivation is the comment above each
//! row); both engines must give the expected bits.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use proptest::sample::select;
use rstest::rstest;
use visa_model::errata::Readings;
use visa_model::types::DataType::{self, BF, DF, F, HF};
use visa_oracle::softfloat::{self, Format, Rounding as ORounding};
use visa_spec::num::{self, FloatMode, Rounding};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Mul,
    Fma,
    Div,
}

const DEFAULT_CASES: u32 = 2000;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig::with_cases(cases)
}

fn format(ty: DataType) -> Format {
    match ty {
        DF => Format::DF,
        F => Format::F,
        HF => Format::HF,
        BF => Format::BF,
        _ => unreachable!("not a float type: {ty}"),
    }
}

fn oracle_rounding(r: Rounding) -> ORounding {
    match r {
        Rounding::Rtne => ORounding::NearestEven,
        Rounding::Ru => ORounding::Up,
        Rounding::Rd => ORounding::Down,
        Rounding::Rtz => ORounding::Zero,
    }
}

/// The float mode with `rounding` and every denormal kept or every denormal flushed.
fn mode(rounding: Rounding, keep: bool) -> FloatMode {
    let base = FloatMode::default().with_rounding(rounding);
    if keep {
        base.keeping_all_denormals()
    } else {
        base
    }
}

/// Spec: decode each source (type `src`, nothing flushed), exact operation, one conversion.
fn spec(op: Op, src: DataType, dst: DataType, x: &[u64], rounding: Rounding, keep: bool) -> u64 {
    let mode = mode(rounding, keep);
    let v: Vec<_> = x.iter().map(|b| num::decode(*b, src)).collect();
    let exact = match op {
        Op::Mul => num::mul(&v[0], &v[1]),
        Op::Fma => num::fma(&v[0], &v[1], &v[2], &mode),
        Op::Div => num::div(&v[0], &v[1]),
    }
    .unwrap();
    num::convert(&exact, dst, false, &mode, &Readings::resolved()).unwrap()
}

/// Oracle: widen each source to f64 bits, one correctly rounded operation, then the
/// destination's denormal flush.
fn oracle(op: Op, src: DataType, dst: DataType, x: &[u64], rounding: Rounding, keep: bool) -> u64 {
    let (sf, df) = (format(src), format(dst));
    let w: Vec<_> = x.iter().map(|b| softfloat::to_f64_bits(*b, sf)).collect();
    let rnd = oracle_rounding(rounding);
    let r = match op {
        Op::Mul => softfloat::mul(w[0], w[1], df, rnd),
        Op::Fma => softfloat::fma(w[0], w[1], w[2], df, rnd),
        Op::Div => softfloat::div(w[0], w[1], df, rnd),
    };
    if !keep && df.is_denormal(r) {
        r & df.sign_bit()
    } else {
        r
    }
}

/// Both engines, every rounding mode, denormals kept and flushed.
fn agree(op: Op, src: DataType, dst: DataType, x: &[u64]) -> Result<(), TestCaseError> {
    for rounding in Rounding::ALL {
        for keep in [true, false] {
            let s = spec(op, src, dst, x, rounding, keep);
            let o = oracle(op, src, dst, x, rounding, keep);
            prop_assert_eq!(
                s,
                o,
                "{:?} {:x?} ({} -> {}) {:?} keep_denormals={}: spec {:#x}, oracle {:#x}",
                op,
                x,
                src,
                dst,
                rounding,
                keep,
                s,
                o
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Edge-biased bit patterns
// ---------------------------------------------------------------------------------------------

/// Named edge patterns of `fmt` (positive; the strategy adds a random sign).
fn edges(fmt: Format) -> Vec<u64> {
    let one = fmt.one();
    let quiet = fmt.quiet_bit();
    vec![
        0,
        fmt.inf_bits(),
        fmt.default_nan(),
        fmt.inf_bits() | quiet | 1,       // quiet NaN, lowest payload bit
        fmt.inf_bits() | 1,               // signalling NaN, lowest payload bit
        fmt.inf_bits() | (quiet >> 1),    // signalling NaN, top payload bit
        fmt.inf_bits() | fmt.frac_mask(), // quiet NaN, full payload
        1,                                // smallest denormal
        fmt.frac_mask(),                  // largest denormal
        fmt.frac_mask() + 1,              // smallest normal
        fmt.max_finite(false),            // largest finite
        fmt.max_finite(false) - 1,        // just below it
        one,                              // 1.0
        one + 1,                          // 1 + ulp
        one - 1,                          // 1 - ulp/2
        one + (1 << fmt.mbits),           // 2.0
        one - (1 << fmt.mbits),           // 0.5
        one + (1 << fmt.mbits) + quiet,   // 3.0
        one + quiet,                      // 1.5
        one + fmt.frac_mask(),            // 2 - ulp
        one + (fmt.frac_mask() / 3),      // 1.0101...b, near 4/3
    ]
}

/// One bit pattern of `fmt`: uniform, a named edge, a power of two, a short significand (few
/// leading fraction bits, so products are exact or ties), or a value near 1.
fn bits(fmt: Format) -> BoxedStrategy<u64> {
    let width = fmt.ebits + fmt.mbits + 1;
    let mask = u64::MAX >> (64 - width);
    let all_ones = fmt.exp_all_ones();
    let bias = fmt.bias() as u64;
    let mbits = fmt.mbits;
    let moderate = (bias.saturating_sub(2 * u64::from(mbits)).max(1))
        ..=(bias + 2 * u64::from(mbits)).min(all_ones - 1);
    let field = move |e: u64, f: u64| (e << mbits) | (f & fmt.frac_mask());
    let magnitude = prop_oneof![
        3 => any::<u64>().prop_map(move |x| x & mask & fmt.abs_mask()),
        3 => select(edges(fmt)),
        2 => (0..all_ones).prop_map(move |e| field(e, 0)),
        1 => (0..mbits).prop_map(|k| 1u64 << k),
        2 => (0..all_ones, 0u64..8).prop_map(move |(e, top)| field(e, top << (mbits - 3))),
        2 => (moderate, any::<u64>()).prop_map(move |(e, f)| field(e, f)),
    ];
    (magnitude, any::<bool>())
        .prop_map(move |(m, neg)| if neg { m | fmt.sign_bit() } else { m })
        .boxed()
}

/// An fma addend that (nearly) cancels `a * b`: minus the product rounded to nearest,
/// perturbed by a few units in the last place.
fn cancelling_addend(ty: DataType, a: u64, b: u64, nudge: i64) -> u64 {
    let fmt = format(ty);
    let wa = softfloat::to_f64_bits(a, fmt);
    let wb = softfloat::to_f64_bits(b, fmt);
    let p = softfloat::mul(wa, wb, fmt, ORounding::NearestEven);
    if fmt.is_nan(p) || fmt.is_inf(p) {
        return p;
    }
    let moved = (p as i64).wrapping_add(nudge) as u64 & (fmt.sign_bit() | fmt.abs_mask());
    moved ^ fmt.sign_bit()
}

fn pair(ty: DataType) -> impl Strategy<Value = (u64, u64)> {
    let fmt = format(ty);
    (bits(fmt), bits(fmt))
}

fn triple(ty: DataType) -> impl Strategy<Value = (u64, u64, u64)> {
    let fmt = format(ty);
    prop_oneof![
        2 => (bits(fmt), bits(fmt), bits(fmt)),
        1 => (bits(fmt), bits(fmt), -2i64..=2)
            .prop_map(move |(a, b, k)| (a, b, cancelling_addend(ty, a, b, k))),
    ]
}

fn any_float_type() -> impl Strategy<Value = DataType> {
    select(vec![DF, F, HF, BF])
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mul_df((a, b) in pair(DF)) { agree(Op::Mul, DF, DF, &[a, b])?; }
    #[test]
    fn mul_f((a, b) in pair(F)) { agree(Op::Mul, F, F, &[a, b])?; }
    #[test]
    fn mul_hf((a, b) in pair(HF)) { agree(Op::Mul, HF, HF, &[a, b])?; }
    #[test]
    fn mul_bf((a, b) in pair(BF)) { agree(Op::Mul, BF, BF, &[a, b])?; }

    #[test]
    fn fma_df((a, b, c) in triple(DF)) { agree(Op::Fma, DF, DF, &[a, b, c])?; }
    #[test]
    fn fma_f((a, b, c) in triple(F)) { agree(Op::Fma, F, F, &[a, b, c])?; }
    #[test]
    fn fma_hf((a, b, c) in triple(HF)) { agree(Op::Fma, HF, HF, &[a, b, c])?; }
    #[test]
    fn fma_bf((a, b, c) in triple(BF)) { agree(Op::Fma, BF, BF, &[a, b, c])?; }

    #[test]
    fn div_df((a, b) in pair(DF)) { agree(Op::Div, DF, DF, &[a, b])?; }
    #[test]
    fn div_f((a, b) in pair(F)) { agree(Op::Div, F, F, &[a, b])?; }
    #[test]
    fn div_hf((a, b) in pair(HF)) { agree(Op::Div, HF, HF, &[a, b])?; }
    #[test]
    fn div_bf((a, b) in pair(BF)) { agree(Op::Div, BF, BF, &[a, b])?; }

    /// Sources of one format rounded into another (wider sources make far overflows and
    /// underflows of a narrow destination).
    #[test]
    fn mixed_formats((src, dst, a, b, c) in mixed()) {
        agree(Op::Mul, src, dst, &[a, b])?;
        agree(Op::Fma, src, dst, &[a, b, c])?;
        agree(Op::Div, src, dst, &[a, b])?;
    }
}

/// A source type, a destination type and three source patterns.
fn mixed() -> impl Strategy<Value = (DataType, DataType, u64, u64, u64)> {
    (any_float_type(), any_float_type()).prop_flat_map(|(src, dst)| {
        let fmt = format(src);
        (Just(src), Just(dst), bits(fmt), bits(fmt), bits(fmt))
    })
}

/// The hardware f32 and f64 operations are correctly rounded to nearest even: a third,
/// independent reference for the round-to-nearest-even rows of the property tests.
#[test]
fn nearest_even_matches_hardware() {
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for _ in 0..20_000 {
        let (x, y, z) = (next(), next(), next());
        let (a, b, c) = (
            f32::from_bits(x as u32),
            f32::from_bits(y as u32),
            f32::from_bits(z as u32),
        );
        let w = |v: f32| (v as f64).to_bits();
        let rne = ORounding::NearestEven;
        let f = Format::F;
        let want = |r: f32| {
            if r.is_nan() {
                None
            } else {
                Some(u64::from(r.to_bits()))
            }
        };
        let nan_free = !(a.is_nan() || b.is_nan() || c.is_nan());
        if nan_free {
            if let Some(want) = want(a * b) {
                assert_eq!(softfloat::mul(w(a), w(b), f, rne), want, "{a:e} * {b:e}");
            }
            if let Some(want) = want(a / b) {
                assert_eq!(softfloat::div(w(a), w(b), f, rne), want, "{a:e} / {b:e}");
            }
            if let Some(want) = want(a.mul_add(b, c)) {
                assert_eq!(
                    softfloat::fma(w(a), w(b), w(c), f, rne),
                    want,
                    "fma {a:e} {b:e} {c:e}"
                );
            }
        }
        let (a, b, c) = (f64::from_bits(x), f64::from_bits(y), f64::from_bits(z));
        let d = Format::DF;
        if !(a.is_nan() || b.is_nan() || c.is_nan()) {
            for (got, r) in [
                (softfloat::mul(x, y, d, rne), a * b),
                (softfloat::div(x, y, d, rne), a / b),
                (softfloat::fma(x, y, z, d, rne), a.mul_add(b, c)),
            ] {
                if !r.is_nan() {
                    assert_eq!(got, r.to_bits(), "{a:e} {b:e} {c:e}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-derived rows
// ---------------------------------------------------------------------------------------------

const RNE: Rounding = Rounding::Rtne;
const RU: Rounding = Rounding::Ru;
const RD: Rounding = Rounding::Rd;
const RZ: Rounding = Rounding::Rtz;
const KEEP: bool = true;
const FLUSH: bool = false;

/// Checks one hand-derived row on both engines (sources and destination of type `ty`).
fn row(op: Op, ty: DataType, x: &[u64], rounding: Rounding, keep: bool, expected: u64) {
    let s = spec(op, ty, ty, x, rounding, keep);
    let o = oracle(op, ty, ty, x, rounding, keep);
    assert_eq!(s, expected, "spec: {op:?} {x:x?} {ty} {rounding:?}");
    assert_eq!(o, expected, "oracle: {op:?} {x:x?} {ty} {rounding:?}");
}

// 1/3 = 1.0101...b * 2^-2. F keeps 23 fraction bits 0101...010 = 0x2aaaaa (biased exponent
// 125: 0x3e800000); the bits dropped are .1010...b = 2/3 ulp, above half: RNE and (positive)
// RU round up to 0x3eaaaaab, RD and RZ truncate to 0x3eaaaaaa. For -1/3 RU and RZ truncate,
// RD and RNE round the magnitude up.
// DF keeps 52 fraction bits 0101...01 = 0x5555555555555 (biased exponent 1021: 0x3fd), dropping
// .0101...b = 1/3 ulp: RNE, RD and RZ truncate, RU rounds up.
// HF keeps 10 bits 0101010101 = 0x155 (biased exponent 13: 0x3400), dropping 1/3 ulp.
#[rstest]
#[case(F, 0x3f80_0000, 0x4040_0000, RNE, 0x3eaa_aaab)]
#[case(F, 0x3f80_0000, 0x4040_0000, RU, 0x3eaa_aaab)]
#[case(F, 0x3f80_0000, 0x4040_0000, RD, 0x3eaa_aaaa)]
#[case(F, 0x3f80_0000, 0x4040_0000, RZ, 0x3eaa_aaaa)]
#[case(F, 0xbf80_0000, 0x4040_0000, RNE, 0xbeaa_aaab)]
#[case(F, 0xbf80_0000, 0x4040_0000, RU, 0xbeaa_aaaa)]
#[case(F, 0xbf80_0000, 0x4040_0000, RD, 0xbeaa_aaab)]
#[case(F, 0xbf80_0000, 0x4040_0000, RZ, 0xbeaa_aaaa)]
#[case(
    DF,
    0x3ff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    RNE,
    0x3fd5_5555_5555_5555
)]
#[case(
    DF,
    0x3ff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    RU,
    0x3fd5_5555_5555_5556
)]
#[case(
    DF,
    0x3ff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    RD,
    0x3fd5_5555_5555_5555
)]
#[case(
    DF,
    0x3ff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    RZ,
    0x3fd5_5555_5555_5555
)]
#[case(HF, 0x3c00, 0x4200, RNE, 0x3555)]
#[case(HF, 0x3c00, 0x4200, RU, 0x3556)]
#[case(HF, 0x3c00, 0x4200, RZ, 0x3555)]
fn one_third(
    #[case] ty: DataType,
    #[case] a: u64,
    #[case] b: u64,
    #[case] rounding: Rounding,
    #[case] expected: u64,
) {
    row(Op::Div, ty, &[a, b], rounding, KEEP, expected);
}

// Division special values (IEEE 754 6.1, 6.2, 7.2, 7.3), F. Signs: exclusive or.
// 0x7f800001 is a signalling NaN with payload 1: quieted to 0x7fc00001. The first NaN operand
// wins. Default NaN 0x7fc00000.
#[rstest]
#[case::one_over_zero(0x3f80_0000, 0x0000_0000, 0x7f80_0000)]
#[case::minus_one_over_zero(0xbf80_0000, 0x0000_0000, 0xff80_0000)]
#[case::one_over_minus_zero(0x3f80_0000, 0x8000_0000, 0xff80_0000)]
#[case::zero_over_zero(0x0000_0000, 0x8000_0000, 0x7fc0_0000)]
#[case::inf_over_inf(0xff80_0000, 0x7f80_0000, 0x7fc0_0000)]
#[case::inf_over_two(0xff80_0000, 0x4000_0000, 0xff80_0000)]
#[case::one_over_inf(0x3f80_0000, 0x7f80_0000, 0x0000_0000)]
#[case::minus_one_over_inf(0xbf80_0000, 0x7f80_0000, 0x8000_0000)]
#[case::zero_over_minus_two(0x0000_0000, 0xc000_0000, 0x8000_0000)]
#[case::snan_over_one(0x7f80_0001, 0x3f80_0000, 0x7fc0_0001)]
#[case::one_over_negative_qnan(0x3f80_0000, 0xffc0_0005, 0xffc0_0005)]
#[case::first_nan_wins(0x7f80_0001, 0xffc0_0005, 0x7fc0_0001)]
#[case::zero_over_nan(0x0000_0000, 0x7fc0_0007, 0x7fc0_0007)]
fn div_special(#[case] a: u64, #[case] b: u64, #[case] expected: u64) {
    for rounding in Rounding::ALL {
        row(Op::Div, F, &[a, b], rounding, KEEP, expected);
    }
}

// Quotients at the edges of the range.
// HF 65504 (0x7bff) / 0.5 (0x3800) = 131008, above the largest finite HF: overflow gives inf
// (0x7c00) under RNE and RU, the largest finite value under RD and RZ.
// F smallest denormal 2^-149 (0x1) / 3 (0x40400000) = 1/3 of the denormal quantum: RNE, RD,
// RZ give +0, RU the smallest denormal. / 1.5 (0x3fc00000) = 2/3 quantum: RNE and RU round up.
// DF smallest normal 2^-1022 (0x0010...) / 2 (0x4000...) = 2^-1023, the denormal 0x0008...
// exactly; flushed (cr0 bit 6 clear) it is +0.
#[rstest]
#[case(HF, 0x7bff, 0x3800, RNE, KEEP, 0x7c00)]
#[case(HF, 0x7bff, 0x3800, RU, KEEP, 0x7c00)]
#[case(HF, 0x7bff, 0x3800, RD, KEEP, 0x7bff)]
#[case(HF, 0x7bff, 0x3800, RZ, KEEP, 0x7bff)]
#[case(F, 0x1, 0x4040_0000, RNE, KEEP, 0x0)]
#[case(F, 0x1, 0x4040_0000, RU, KEEP, 0x1)]
#[case(F, 0x1, 0x4040_0000, RD, KEEP, 0x0)]
#[case(F, 0x1, 0x4040_0000, RZ, KEEP, 0x0)]
#[case(F, 0x1, 0x3fc0_0000, RNE, KEEP, 0x1)]
#[case(F, 0x1, 0x3fc0_0000, RU, KEEP, 0x1)]
#[case(F, 0x1, 0x3fc0_0000, RD, KEEP, 0x0)]
#[case(F, 0x1, 0x3fc0_0000, RZ, KEEP, 0x0)]
#[case(
    DF,
    0x0010_0000_0000_0000,
    0x4000_0000_0000_0000,
    RNE,
    KEEP,
    0x0008_0000_0000_0000
)]
#[case(DF, 0x0010_0000_0000_0000, 0x4000_0000_0000_0000, RNE, FLUSH, 0x0)]
fn div_range_edges(
    #[case] ty: DataType,
    #[case] a: u64,
    #[case] b: u64,
    #[case] rounding: Rounding,
    #[case] keep: bool,
    #[case] expected: u64,
) {
    row(Op::Div, ty, &[a, b], rounding, keep, expected);
}

// Products at the edges of the range.
// HF 1365 (1.0101010101b * 2^10 = 0x6555) * 48 (1.1b * 2^5 = 0x5200) = 65520, exactly halfway
// between the largest finite HF 65504 (significand 2047, odd) and 65536 (2^16, beyond the
// range): RNE ties to the even significand, i.e. 2^16, and overflows to inf; RU overflows;
// RD and RZ give 65504 (0x7bff). Negated (0xe555): RNE and RD give -inf, RU and RZ -65504.
// BF 2^-100 (0x0d80) * 2^-30 (0x3080) = 2^-130 = 8 denormal quanta (2^-133): 0x0008 exactly,
// +0 when flushed (BF follows the F denorm bit).
// BF (1.5 * 2^-67 = 0x1e40)^2 = 2.25 * 2^-134 = 1.125 quanta: RNE, RD, RZ give 0x0001, RU 0x0002.
// BF (2^-67 = 0x1e00)^2 = 2^-134 = half a quantum, a tie between +0 (even) and 0x0001: RNE,
// RD, RZ give +0, RU 0x0001; with one factor negative RD gives -quantum 0x8001, the others -0.
// F largest denormal (2^23 - 1) * 2^-149 (0x007fffff) * (1 + 2^-23) (0x3f800001) =
// (2^23 - 2^-23) * 2^-149, just below the smallest normal: RNE rounds up to the normal
// 0x00800000, which flushing leaves alone; RZ gives 0x007fffff, flushed to +0.
// DF (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: the 2^-104 lies far below half an ulp (2^-53): RNE, RD,
// RZ give 1 + 2^-51 (0x3ff0000000000002), RU 0x3ff0000000000003.
#[rstest]
#[case(HF, 0x6555, 0x5200, RNE, KEEP, 0x7c00)]
#[case(HF, 0x6555, 0x5200, RU, KEEP, 0x7c00)]
#[case(HF, 0x6555, 0x5200, RD, KEEP, 0x7bff)]
#[case(HF, 0x6555, 0x5200, RZ, KEEP, 0x7bff)]
#[case(HF, 0xe555, 0x5200, RNE, KEEP, 0xfc00)]
#[case(HF, 0xe555, 0x5200, RU, KEEP, 0xfbff)]
#[case(HF, 0xe555, 0x5200, RD, KEEP, 0xfc00)]
#[case(HF, 0xe555, 0x5200, RZ, KEEP, 0xfbff)]
#[case(BF, 0x0d80, 0x3080, RNE, KEEP, 0x0008)]
#[case(BF, 0x0d80, 0x3080, RNE, FLUSH, 0x0000)]
#[case(BF, 0x1e40, 0x1e40, RNE, KEEP, 0x0001)]
#[case(BF, 0x1e40, 0x1e40, RU, KEEP, 0x0002)]
#[case(BF, 0x1e40, 0x1e40, RD, KEEP, 0x0001)]
#[case(BF, 0x1e40, 0x1e40, RZ, KEEP, 0x0001)]
#[case(BF, 0x1e00, 0x1e00, RNE, KEEP, 0x0000)]
#[case(BF, 0x1e00, 0x1e00, RU, KEEP, 0x0001)]
#[case(BF, 0x1e00, 0x1e00, RD, KEEP, 0x0000)]
#[case(BF, 0x1e00, 0x1e00, RZ, KEEP, 0x0000)]
#[case(BF, 0x9e00, 0x1e00, RNE, KEEP, 0x8000)]
#[case(BF, 0x9e00, 0x1e00, RU, KEEP, 0x8000)]
#[case(BF, 0x9e00, 0x1e00, RD, KEEP, 0x8001)]
#[case(BF, 0x9e00, 0x1e00, RZ, KEEP, 0x8000)]
#[case(F, 0x007f_ffff, 0x3f80_0001, RNE, KEEP, 0x0080_0000)]
#[case(F, 0x007f_ffff, 0x3f80_0001, RNE, FLUSH, 0x0080_0000)]
#[case(F, 0x007f_ffff, 0x3f80_0001, RZ, KEEP, 0x007f_ffff)]
#[case(F, 0x007f_ffff, 0x3f80_0001, RZ, FLUSH, 0x0000_0000)]
#[case(
    DF,
    0x3ff0_0000_0000_0001,
    0x3ff0_0000_0000_0001,
    RNE,
    KEEP,
    0x3ff0_0000_0000_0002
)]
#[case(
    DF,
    0x3ff0_0000_0000_0001,
    0x3ff0_0000_0000_0001,
    RU,
    KEEP,
    0x3ff0_0000_0000_0003
)]
#[case(
    DF,
    0x3ff0_0000_0000_0001,
    0x3ff0_0000_0000_0001,
    RD,
    KEEP,
    0x3ff0_0000_0000_0002
)]
#[case(
    DF,
    0x3ff0_0000_0000_0001,
    0x3ff0_0000_0000_0001,
    RZ,
    KEEP,
    0x3ff0_0000_0000_0002
)]
fn mul_range_edges(
    #[case] ty: DataType,
    #[case] a: u64,
    #[case] b: u64,
    #[case] rounding: Rounding,
    #[case] keep: bool,
    #[case] expected: u64,
) {
    row(Op::Mul, ty, &[a, b], rounding, keep, expected);
}

// Fused multiply-add: one rounding of the exact a * b + c.
// F (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46; + -(1 + 2^-22) (0xbf800002) leaves 2^-46 exactly
// (biased exponent 81: 0x28800000) in every mode (an unfused multiply would round the
// product to 1 + 2^-22 and give 0).
// F 1.5 * 2 + -3 = 0 exactly from operands of different signs: +0, or -0 rounding down.
// F -0 * 1 + -0: both addends are -0: -0 in every mode.
// F 0 * inf + sNaN(payload 0x123): c is the first NaN operand, quieted: 0x7fc00123.
// F inf * 1 + -inf: default NaN.
// HF 1365 * 48 + -16 = 65520 - 16 = 65504, the largest finite HF (0x7bff), exactly (rounding
// the product first would overflow to inf under RNE).
// DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 (biased exponent 919: 0x3970000000000000).
#[rstest]
#[case(F, 0x3f80_0001, 0x3f80_0001, 0xbf80_0002, RNE, 0x2880_0000)]
#[case(F, 0x3f80_0001, 0x3f80_0001, 0xbf80_0002, RU, 0x2880_0000)]
#[case(F, 0x3f80_0001, 0x3f80_0001, 0xbf80_0002, RD, 0x2880_0000)]
#[case(F, 0x3f80_0001, 0x3f80_0001, 0xbf80_0002, RZ, 0x2880_0000)]
#[case(F, 0x3fc0_0000, 0x4000_0000, 0xc040_0000, RNE, 0x0000_0000)]
#[case(F, 0x3fc0_0000, 0x4000_0000, 0xc040_0000, RU, 0x0000_0000)]
#[case(F, 0x3fc0_0000, 0x4000_0000, 0xc040_0000, RD, 0x8000_0000)]
#[case(F, 0x3fc0_0000, 0x4000_0000, 0xc040_0000, RZ, 0x0000_0000)]
#[case(F, 0x8000_0000, 0x3f80_0000, 0x8000_0000, RNE, 0x8000_0000)]
#[case(F, 0x8000_0000, 0x3f80_0000, 0x8000_0000, RU, 0x8000_0000)]
#[case(F, 0x0000_0000, 0x7f80_0000, 0x7f80_0123, RNE, 0x7fc0_0123)]
#[case(F, 0x7f80_0000, 0x3f80_0000, 0xff80_0000, RNE, 0x7fc0_0000)]
#[case(HF, 0x6555, 0x5200, 0xcc00, RNE, 0x7bff)]
#[case(
    DF,
    0x3ff0_0000_0000_0001,
    0x3ff0_0000_0000_0001,
    0xbff0_0000_0000_0002,
    RNE,
    0x3970_0000_0000_0000
)]
fn fma_rows(
    #[case] ty: DataType,
    #[case] a: u64,
    #[case] b: u64,
    #[case] c: u64,
    #[case] rounding: Rounding,
    #[case] expected: u64,
) {
    row(Op::Fma, ty, &[a, b, c], rounding, KEEP, expected);
}

// Integer division (instructions/DIV.md, Notes table): the quotient truncates toward zero and
// is negative when the signs differ; the remainder has the numerator's sign.
// 7 / 2 = 3 r 1; 7 / -2 = -3 r 1; -7 / 2 = -3 r -1; -7 / -2 = 3 r -1; 0 / -5 = 0 r 0.
#[rstest]
#[case(7, 2, 3, 1)]
#[case(7, -2, -3, 1)]
#[case(-7, 2, -3, -1)]
#[case(-7, -2, 3, -1)]
#[case(0, -5, 0, 0)]
#[case(-2147483648, -1, 2147483648, 0)]
fn int_division(#[case] n: i64, #[case] d: i64, #[case] quotient: i64, #[case] remainder: i64) {
    use num_bigint::BigInt;
    let (n, d) = (BigInt::from(n), BigInt::from(d));
    assert_eq!(num::int_div(&n, &d), Some(BigInt::from(quotient)));
    assert_eq!(num::int_rem(&n, &d), Some(BigInt::from(remainder)));
}

#[test]
fn int_division_by_zero_has_no_value() {
    use num_bigint::BigInt;
    let (n, z) = (BigInt::from(5), BigInt::from(0));
    assert_eq!(num::int_div(&n, &z), None);
    assert_eq!(num::int_rem(&n, &z), None);
    let err = num::div(&num::Value::Int(n), &num::Value::Int(z)).unwrap_err();
    assert_eq!(err.class, visa_model::ErrorClass::UndefinedBehaviour);
}

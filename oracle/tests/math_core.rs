//! The oracle's correctly rounded math core (`visa_oracle::math`): IEEE 754 special values
//! derived by hand, exact results, rounding-boundary inputs that force the exact path,
//! published hard-to-round cases, and the fast path checked bit for bit against the exact
//! path alone (every HF and BF input in every mode; a deterministic F sample, deeper with
//! VISA_MATH_EXHAUSTIVE=1).

use visa_oracle::math::{
    binary, binary_batch, binary_exact, unary, unary_batch, unary_exact, unary_lane, Binary, Path,
    Unary,
};
use visa_oracle::softfloat::{Format, Rounding};

const MODES: [Rounding; 4] = [
    Rounding::NearestEven,
    Rounding::Up,
    Rounding::Down,
    Rounding::Zero,
];
const RNE: Rounding = Rounding::NearestEven;
const RU: Rounding = Rounding::Up;
const RD: Rounding = Rounding::Down;
const RZ: Rounding = Rounding::Zero;

fn f(x: f32) -> u64 {
    u64::from(x.to_bits())
}
fn d(x: f64) -> u64 {
    x.to_bits()
}
fn uf(func: Unary, x: f32, rnd: Rounding) -> u64 {
    unary(func, f(x), Format::F, Format::F, rnd)
}

const F_NAN: u64 = 0x7fc0_0000;
const F_INF: u64 = 0x7f80_0000;
const F_NINF: u64 = 0xff80_0000;
const F_ZERO: u64 = 0;
const F_NZERO: u64 = 0x8000_0000;
const F_ONE: u64 = 0x3f80_0000;
const F_MAX: u64 = 0x7f7f_ffff;
const F_MIN_DENORM: u64 = 1;

/// Every rule of the special-value tables, in F, in every mode (none of these results
/// depends on the mode). Each expected value is IEEE 754-2019's, written out by hand.
#[test]
fn ieee_special_values() {
    let nan_in = [f32::NAN, -f32::NAN, f32::from_bits(0x7f80_0001)];
    let rows: &[(Unary, f32, u64, &str)] = &[
        (Unary::Inv, 0.0, F_INF, "1/+0 = +inf (divideByZero)"),
        (Unary::Inv, -0.0, F_NINF, "1/-0 = -inf"),
        (Unary::Inv, f32::INFINITY, F_ZERO, "1/+inf = +0"),
        (Unary::Inv, f32::NEG_INFINITY, F_NZERO, "1/-inf = -0"),
        (Unary::Sqrt, 0.0, F_ZERO, "sqrt(+0) = +0"),
        (Unary::Sqrt, -0.0, F_NZERO, "sqrt(-0) = -0"),
        (Unary::Sqrt, -1.0, F_NAN, "sqrt(x<0) invalid"),
        (
            Unary::Sqrt,
            -1e-45,
            F_NAN,
            "sqrt(negative denormal) invalid",
        ),
        (Unary::Sqrt, f32::NEG_INFINITY, F_NAN, "sqrt(-inf) invalid"),
        (Unary::Sqrt, f32::INFINITY, F_INF, "sqrt(+inf) = +inf"),
        (Unary::Rsqrt, 0.0, F_INF, "rSqrt(+0) = +inf"),
        (Unary::Rsqrt, -0.0, F_NINF, "rSqrt(-0) = -inf"),
        (Unary::Rsqrt, -4.0, F_NAN, "rSqrt(x<0) invalid"),
        (Unary::Rsqrt, f32::INFINITY, F_ZERO, "rSqrt(+inf) = +0"),
        (
            Unary::Rsqrt,
            f32::NEG_INFINITY,
            F_NAN,
            "rSqrt(-inf) invalid",
        ),
        (Unary::Log2, 0.0, F_NINF, "log2(+0) = -inf"),
        (Unary::Log2, -0.0, F_NINF, "log2(-0) = -inf"),
        (Unary::Log2, -2.0, F_NAN, "log2(x<0) invalid"),
        (Unary::Log2, f32::NEG_INFINITY, F_NAN, "log2(-inf) invalid"),
        (Unary::Log2, f32::INFINITY, F_INF, "log2(+inf) = +inf"),
        (Unary::Log2, 1.0, F_ZERO, "log2(1) = +0 in every mode"),
        (Unary::Ln, 0.0, F_NINF, "log(+0) = -inf"),
        (Unary::Ln, -0.0, F_NINF, "log(-0) = -inf"),
        (Unary::Ln, -1e-45, F_NAN, "log(negative denormal) invalid"),
        (Unary::Ln, f32::INFINITY, F_INF, "log(+inf) = +inf"),
        (Unary::Ln, 1.0, F_ZERO, "log(1) = +0"),
        (Unary::Exp2, 0.0, F_ONE, "exp2(+0) = 1"),
        (Unary::Exp2, -0.0, F_ONE, "exp2(-0) = 1"),
        (Unary::Exp2, f32::INFINITY, F_INF, "exp2(+inf) = +inf"),
        (Unary::Exp2, f32::NEG_INFINITY, F_ZERO, "exp2(-inf) = +0"),
        (Unary::Exp, 0.0, F_ONE, "exp(+0) = 1"),
        (Unary::Exp, -0.0, F_ONE, "exp(-0) = 1"),
        (Unary::Exp, f32::INFINITY, F_INF, "exp(+inf) = +inf"),
        (Unary::Exp, f32::NEG_INFINITY, F_ZERO, "exp(-inf) = +0"),
        (Unary::Sin, 0.0, F_ZERO, "sin(+0) = +0"),
        (Unary::Sin, -0.0, F_NZERO, "sin(-0) = -0"),
        (Unary::Sin, f32::INFINITY, F_NAN, "sin(+inf) invalid"),
        (Unary::Sin, f32::NEG_INFINITY, F_NAN, "sin(-inf) invalid"),
        (Unary::Cos, 0.0, F_ONE, "cos(+0) = 1"),
        (Unary::Cos, -0.0, F_ONE, "cos(-0) = 1"),
        (Unary::Cos, f32::INFINITY, F_NAN, "cos(+inf) invalid"),
        (Unary::Cos, f32::NEG_INFINITY, F_NAN, "cos(-inf) invalid"),
    ];
    for &rnd in &MODES {
        for &(func, x, want, why) in rows {
            assert_eq!(uf(func, x, rnd), want, "{why} ({rnd:?})");
            assert_eq!(
                unary_exact(func, f(x), Format::F, Format::F, rnd),
                want,
                "{why} ({rnd:?}, exact path)"
            );
        }
        // NaN in, the default NaN out (quiet, sign 0), every function.
        for func in Unary::ALL {
            for &n in &nan_in {
                assert_eq!(uf(func, n, rnd), F_NAN, "{func:?}(NaN)");
            }
        }
        // The default NaN of the other formats.
        assert_eq!(
            unary(Unary::Sqrt, 0xbc00, Format::HF, Format::HF, rnd),
            0x7e00,
            "HF sqrt(-1) = HF default NaN"
        );
        assert_eq!(
            unary(Unary::Log2, 0xbf80, Format::BF, Format::BF, rnd),
            0x7fc0,
            "BF log2(-1) = BF default NaN"
        );
        assert_eq!(
            unary(Unary::Sin, d(f64::INFINITY), Format::DF, Format::DF, rnd),
            0x7ff8_0000_0000_0000,
            "DF sin(inf) = DF default NaN"
        );
    }
}

/// IEEE 754-2019 division and pow special cases (pow on |x|).
#[test]
fn ieee_binary_special_values() {
    let div = |x: f32, y: f32| binary(Binary::Div, f(x), f(y), Format::F, Format::F, RNE);
    assert_eq!(div(0.0, 0.0), F_NAN, "0/0 invalid");
    assert_eq!(div(f32::INFINITY, -f32::INFINITY), F_NAN, "inf/inf invalid");
    assert_eq!(div(1.0, -0.0), F_NINF, "1/-0 = -inf");
    assert_eq!(div(-1.0, -0.0), F_INF, "-1/-0 = +inf");
    assert_eq!(div(-0.0, 5.0), F_NZERO, "-0/5 = -0");
    assert_eq!(div(3.0, f32::NEG_INFINITY), F_NZERO, "3/-inf = -0");
    assert_eq!(div(f32::NEG_INFINITY, 3.0), F_NINF, "-inf/3 = -inf");
    assert_eq!(div(f32::NAN, 0.0), F_NAN, "NaN/0 = NaN");

    let pw = |x: f32, y: f32, rnd| binary(Binary::PowAbs, f(x), f(y), Format::F, Format::F, rnd);
    for rnd in MODES {
        assert_eq!(pw(f32::NAN, 0.0, rnd), F_ONE, "pow(NaN, +0) = 1");
        assert_eq!(pw(f32::NAN, -0.0, rnd), F_ONE, "pow(NaN, -0) = 1");
        assert_eq!(pw(1.0, f32::NAN, rnd), F_ONE, "pow(1, NaN) = 1");
        assert_eq!(pw(-1.0, f32::NAN, rnd), F_ONE, "pow(|-1| = 1, NaN) = 1");
        assert_eq!(pw(-1.0, f32::INFINITY, rnd), F_ONE, "pow(1, inf) = 1");
        assert_eq!(pw(2.0, f32::NAN, rnd), F_NAN, "pow(2, NaN) = NaN");
        assert_eq!(pw(f32::NAN, 2.0, rnd), F_NAN, "pow(NaN, 2) = NaN");
        assert_eq!(
            pw(-0.0, -3.0, rnd),
            F_INF,
            "pow(|-0| = +0, -3) = +inf (odd rule on +0)"
        );
        assert_eq!(pw(0.0, -0.5, rnd), F_INF, "pow(+0, y<0) = +inf");
        assert_eq!(
            pw(-0.0, f32::NEG_INFINITY, rnd),
            F_INF,
            "pow(+0, -inf) = +inf"
        );
        assert_eq!(pw(-0.0, 3.0, rnd), F_ZERO, "pow(+0, 3) = +0");
        assert_eq!(pw(0.0, f32::INFINITY, rnd), F_ZERO, "pow(+0, +inf) = +0");
        assert_eq!(
            pw(f32::NEG_INFINITY, -2.0, rnd),
            F_ZERO,
            "pow(+inf, y<0) = +0"
        );
        assert_eq!(
            pw(f32::NEG_INFINITY, 0.5, rnd),
            F_INF,
            "pow(+inf, y>0) = +inf"
        );
        assert_eq!(pw(-0.5, f32::INFINITY, rnd), F_ZERO, "pow(0.5, +inf) = +0");
        assert_eq!(pw(-3.0, f32::INFINITY, rnd), F_INF, "pow(3, +inf) = +inf");
        assert_eq!(
            pw(0.5, f32::NEG_INFINITY, rnd),
            F_INF,
            "pow(0.5, -inf) = +inf"
        );
        assert_eq!(pw(3.0, f32::NEG_INFINITY, rnd), F_ZERO, "pow(3, -inf) = +0");
    }
}

/// Overflow and underflow results by mode, and denormal results kept.
#[test]
fn range_rules() {
    // exp2(128) = 2^128 > FLT_MAX: +inf to nearest and up, FLT_MAX toward zero and down.
    assert_eq!(uf(Unary::Exp2, 128.0, RNE), F_INF);
    assert_eq!(uf(Unary::Exp2, 128.0, RU), F_INF);
    assert_eq!(uf(Unary::Exp2, 128.0, RD), F_MAX);
    assert_eq!(uf(Unary::Exp2, 128.0, RZ), F_MAX);
    // exp2(-149) = 2^-149, the smallest denormal, exact in every mode.
    for rnd in MODES {
        assert_eq!(uf(Unary::Exp2, -149.0, rnd), F_MIN_DENORM);
    }
    // exp2(-150) = 2^-150: half the smallest denormal, a tie: even (0) to nearest.
    assert_eq!(uf(Unary::Exp2, -150.0, RNE), F_ZERO);
    assert_eq!(uf(Unary::Exp2, -150.0, RU), F_MIN_DENORM);
    assert_eq!(uf(Unary::Exp2, -150.0, RD), F_ZERO);
    // exp2(-200): tiny positive: +0, or the smallest denormal rounding up.
    assert_eq!(uf(Unary::Exp2, -200.0, RNE), F_ZERO);
    assert_eq!(uf(Unary::Exp2, -200.0, RU), F_MIN_DENORM);
    assert_eq!(uf(Unary::Exp2, -200.5, RZ), F_ZERO);
    // exp(89) > 2^128 (89 > 128 ln 2 = 88.72).
    assert_eq!(uf(Unary::Exp, 89.0, RNE), F_INF);
    assert_eq!(uf(Unary::Exp, 89.0, RZ), F_MAX);
    // exp(-104) < 2^-150 (104 > 150 ln 2 = 103.97).
    assert_eq!(uf(Unary::Exp, -104.0, RNE), F_ZERO);
    assert_eq!(uf(Unary::Exp, -104.0, RU), F_MIN_DENORM);
    // 1/x for x = 2^126 is 2^-126, the smallest normal; for x = 2^127 a denormal, 2^-127.
    for rnd in MODES {
        assert_eq!(uf(Unary::Inv, 2f32.powi(126), rnd), 0x0080_0000);
        assert_eq!(uf(Unary::Inv, 2f32.powi(127), rnd), 0x0040_0000);
    }
    // 1/(smallest denormal) = 2^149: overflow.
    assert_eq!(uf(Unary::Inv, f32::from_bits(1), RNE), F_INF);
    assert_eq!(uf(Unary::Inv, f32::from_bits(1), RZ), F_MAX);
    assert_eq!(uf(Unary::Inv, -f32::from_bits(1), RU), 0xff7f_ffff);
    assert_eq!(uf(Unary::Inv, -f32::from_bits(1), RD), F_NINF);
    // HF: exp2(16) = 65536 > 65504: inf to nearest; 65504 toward zero.
    assert_eq!(
        unary(Unary::Exp2, 0x4c00, Format::HF, Format::HF, RNE),
        0x7c00
    );
    assert_eq!(
        unary(Unary::Exp2, 0x4c00, Format::HF, Format::HF, RZ),
        0x7bff
    );
    // HF: exp2(-24) = 2^-24, the smallest HF denormal.
    assert_eq!(
        unary(Unary::Exp2, 0xce00, Format::HF, Format::HF, RNE),
        0x0001
    );
}

/// Results that are exactly representable, in every mode.
#[test]
fn exact_results() {
    for rnd in MODES {
        for k in -149i32..=127 {
            let x = 2f64.powi(k) as f32;
            assert_eq!(uf(Unary::Log2, x, rnd), f(k as f32), "log2(2^{k})");
            if k.abs() <= 126 {
                assert_eq!(uf(Unary::Exp2, k as f32, rnd), f(x), "exp2({k})");
            }
            if k % 2 == 0 {
                let r = 2f64.powi(k / 2) as f32;
                assert_eq!(uf(Unary::Sqrt, x, rnd), f(r), "sqrt(2^{k})");
                assert_eq!(uf(Unary::Rsqrt, x, rnd), f(1.0 / r), "rsqrt(2^{k})");
            }
        }
        for m in 1u32..3000 {
            // sqrt(m^2) = m, 1/m for powers of two, m^2 / m = m.
            let sq = (m * m) as f32;
            assert_eq!(uf(Unary::Sqrt, sq, rnd), f(m as f32), "sqrt({sq})");
            let q = binary(Binary::Div, f(sq), f(m as f32), Format::F, Format::F, rnd);
            assert_eq!(q, f(m as f32), "{sq}/{m}");
        }
        let pw = |x: f32, y: f32| binary(Binary::PowAbs, f(x), f(y), Format::F, Format::F, rnd);
        assert_eq!(pw(-3.0, 2.0), f(9.0), "|-3|^2 = 9");
        assert_eq!(pw(9.0, 0.5), f(3.0), "9^0.5 = 3");
        assert_eq!(pw(16.0, 0.25), f(2.0), "16^(1/4) = 2");
        // 81^(-1/4) = 1/3 = 1.0101...b x 2^-2: the bits past F's 23 read 1010..., above
        // half an ulp: up to nearest and up, down toward zero and down.
        let third = if matches!(rnd, RNE | RU) {
            0x3eaa_aaab
        } else {
            0x3eaa_aaaa
        };
        assert_eq!(pw(81.0, -0.25), third, "81^(-1/4) = 1/3 rounded");
        assert_eq!(pw(2.0, -149.0), F_MIN_DENORM, "2^-149");
        assert_eq!(pw(0.25, 1.5), f(0.125), "0.25^1.5 = 1/8");
        assert_eq!(pw(-7.0, 1.0), f(7.0), "|-7|^1 = 7");
        // 3^20 = 3486784401 = 13620251 * 256 + 145: F keeps 24 bits (ulp 256 here) and 145
        // is above half of 256.
        let up = matches!(rnd, RNE | RU);
        let want = if up {
            13_620_252.0 * 256.0
        } else {
            13_620_251.0 * 256.0
        };
        assert_eq!(pw(3.0, 20.0), f(want as f32), "3^20 rounded to F");
    }
}

/// Inputs built so that the result is exactly on a rounding boundary of the destination,
/// where the f64 evaluation cannot decide: the exact path must, or for 1/x, sqrt(x) and
/// 1/sqrt(x) the sign of an exact residual ([`unary_lane`]'s `Path::Fast`). A DF source lets the
/// value c = 1 + 2^-24 (exactly between 1 and the next F value 1 + 2^-23) be the result:
/// sqrt(c^2), c^2 / 1... to nearest it ties to even (1.0), up it is 1 + 2^-23.
#[test]
fn rounding_boundaries_are_decided_exactly() {
    let c = 1.0 + 2f64.powi(-24);
    let next = 0x3f80_0001u64;
    for (rnd, want) in [(RNE, F_ONE), (RU, next), (RD, F_ONE), (RZ, F_ONE)] {
        let (r, path) = unary_lane(Unary::Sqrt, d(c * c), Format::DF, Format::F, rnd, true);
        // A midpoint is a boundary to nearest only, where the sign of the exact residual
        // c^2 - r^2 (zero: the root is the midpoint) decides without the exact path;
        // directed modes see an inner point.
        assert_eq!((r, path), (want, Path::Fast), "sqrt(c^2) {rnd:?}");
        assert_eq!(
            r,
            unary_exact(Unary::Sqrt, d(c * c), Format::DF, Format::F, rnd),
            "sqrt(c^2) {rnd:?}"
        );
        let q = binary(Binary::Div, d(c), d(1.0), Format::DF, Format::F, rnd);
        assert_eq!(q, want, "c/1 {rnd:?}");
        let p = binary(Binary::PowAbs, d(c * c), d(0.5), Format::DF, Format::F, rnd);
        assert_eq!(p, want, "(c^2)^0.5 {rnd:?}");
        let p = binary(Binary::PowAbs, d(-c), d(1.0), Format::DF, Format::F, rnd);
        assert_eq!(p, want, "|-c|^1 {rnd:?}");
    }
    // A midpoint with an odd lower neighbour ties up: c = 1 + 3 2^-24 between 1 + 2^-23
    // (odd) and 1 + 2^-22 (even).
    let c = 1.0 + 3.0 * 2f64.powi(-24);
    let r = unary(Unary::Sqrt, d(c * c), Format::DF, Format::F, RNE);
    assert_eq!(r, 0x3f80_0002, "sqrt(c^2) ties to even (up)");
    // Exactly representable results in directed modes: the f64 result sits on a boundary.
    for rnd in [RU, RD, RZ] {
        let mut xs = Vec::new();
        let mut want = Vec::new();
        for k in -100i32..100 {
            xs.push(f(k as f32));
            want.push(f(2f64.powi(k) as f32));
        }
        let mut out = vec![0; xs.len()];
        let exact = batches_of_32(Unary::Exp2, rnd, &xs, &mut out);
        assert_eq!(out, want, "exp2 of integers {rnd:?}");
        // F to F, an instruction's batch reads these results off the input's bits.
        assert_eq!(exact, 0, "exp2 of integers by the bit rules ({rnd:?})");
        // A long slice (the two-pass path) takes the exact path for them.
        let exact = unary_batch(Unary::Exp2, Format::F, Format::F, rnd, &xs, &mut out);
        assert_eq!(
            (&out, exact),
            (&want, 199),
            "exp2 of integers, one slice {rnd:?}"
        );
        // One lane at a time, exp2(0) is a special value and the other 199 need the exact
        // path, which decides the boundary.
        assert_exact_lanes(Unary::Exp2, &xs, &want, rnd, 199);
        let logs: Vec<u64> = (-100i32..100).map(|k| f(2f64.powi(k) as f32)).collect();
        let exact = batches_of_32(Unary::Log2, rnd, &logs, &mut out);
        let want: Vec<u64> = (-100i32..100).map(|k| f(k as f32)).collect();
        assert_eq!(out, want, "log2 of powers of two {rnd:?}");
        assert_eq!(exact, 0, "log2 of powers of two by the bit rules ({rnd:?})");
        // log2(1) is a special value; the other powers of two need the exact path.
        assert_exact_lanes(Unary::Log2, &logs, &want, rnd, 199);
        let xs: Vec<u64> = (1u32..200).map(|m| f((m * m) as f32)).collect();
        let want: Vec<u64> = (1u32..200).map(|m| f(m as f32)).collect();
        let exact = unary_batch(Unary::Sqrt, Format::F, Format::F, rnd, &xs, &mut out);
        assert_eq!(&out[..want.len()], &want[..], "sqrt of squares {rnd:?}");
        // The residual x - r^2 = 0 says the root is exact: no exact path.
        assert_eq!(exact, 0, "sqrt of squares are decided by their residual");
    }
    // HF: sqrt of a DF square whose root is an HF midpoint: 1 + 2^-11 ties to 1.0.
    let c = 1.0 + 2f64.powi(-11);
    assert_eq!(
        unary(Unary::Sqrt, d(c * c), Format::DF, Format::HF, RNE),
        0x3c00
    );
    assert_eq!(
        unary(Unary::Sqrt, d(c * c), Format::DF, Format::HF, RU),
        0x3c01
    );
}

/// `unary_batch` of F lanes in an instruction's batches of 32; the count of exact-path
/// lanes.
fn batches_of_32(f: Unary, rnd: Rounding, xs: &[u64], out: &mut [u64]) -> usize {
    let chunks = xs.chunks(32).zip(out.chunks_mut(32));
    chunks
        .map(|(xc, oc)| unary_batch(f, Format::F, Format::F, rnd, xc, oc))
        .sum()
}

/// Lane by lane (`unary_lane`, no bit rules), `f` of `xs` is `want`, `n` of the lanes
/// taking the exact path.
fn assert_exact_lanes(f: Unary, xs: &[u64], want: &[u64], rnd: Rounding, n: usize) {
    let mut exact = 0;
    for (&x, &w) in xs.iter().zip(want) {
        let (r, path) = unary_lane(f, x, Format::F, Format::F, rnd, true);
        assert_eq!(r, w, "{f:?} {x:#x} {rnd:?}");
        exact += usize::from(path == Path::Exact);
    }
    assert_eq!(exact, n, "{f:?} lanes on the exact path ({rnd:?})");
}

/// On a sample of ordinary inputs the exact path is rare.
#[test]
fn exact_path_is_rare_on_ordinary_inputs() {
    let xs = sample_f(20_000, 0x5eed);
    let mut out = vec![0; xs.len()];
    for func in Unary::ALL {
        for rnd in MODES {
            let n = unary_batch(func, Format::F, Format::F, rnd, &xs, &mut out);
            // Only exact results (powers of two, perfect squares, integers for exp2) and
            // inputs within 16 f64 steps of a boundary (probability about 2^-24) remain.
            assert!(n <= 20, "{func:?} {rnd:?}: {n} of {} lanes exact", xs.len());
        }
    }
}

/// A deterministic xorshift sample of F bit patterns (finite and not).
fn sample_f(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s & 0xffff_ffff
        })
        .collect()
}

fn check_fast_against_exact(func: Unary, fmt: Format, xs: impl Iterator<Item = u64> + Clone) {
    let lanes: Vec<u64> = xs.collect();
    let mut batch = vec![0; lanes.len()];
    for rnd in MODES {
        // The batch entry point in an instruction's batches of 16 lanes, and lane by lane.
        for (xc, oc) in lanes.chunks(16).zip(batch.chunks_mut(16)) {
            unary_batch(func, fmt, fmt, rnd, xc, oc);
        }
        for (&x, &b) in lanes.iter().zip(&batch) {
            let fast = unary(func, x, fmt, fmt, rnd);
            let exact = unary_exact(func, x, fmt, fmt, rnd);
            assert_eq!(fast, exact, "{func:?} {rnd:?} x={x:#x}");
            assert_eq!(b, exact, "{func:?} {rnd:?} x={x:#x} (batch)");
        }
    }
}

/// Every HF input, every mode: the fast path and the exact path agree bit for bit.
#[test]
fn hf_exhaustive_fast_equals_exact() {
    for func in Unary::ALL {
        check_fast_against_exact(func, Format::HF, 0u64..0x1_0000);
    }
}

/// Every BF input, every mode.
#[test]
fn bf_exhaustive_fast_equals_exact() {
    for func in Unary::ALL {
        check_fast_against_exact(func, Format::BF, 0u64..0x1_0000);
    }
}

/// A deterministic F sample (all of F with VISA_MATH_EXHAUSTIVE=1, in release: hours).
#[test]
fn f_sample_fast_equals_exact() {
    let deep = std::env::var("VISA_MATH_EXHAUSTIVE").is_ok_and(|v| v == "1");
    let n = if deep { 2_000_000 } else { 4000 };
    let xs = sample_f(n, 0x0123_4567_89ab_cdef);
    for func in Unary::ALL {
        check_fast_against_exact(func, Format::F, xs.iter().copied());
    }
    // Two-source functions on pairs (y biased to small magnitudes for pow).
    let ys = sample_f(n, 0xfeed_f00d);
    let y_pow: Vec<u64> = ys.iter().map(|y| y & 0xc1ff_ffff).collect(); // |y| below 16
    let mut batch = vec![0; xs.len()];
    for rnd in MODES {
        for (func, ys) in [(Binary::Div, &ys), (Binary::PowAbs, &y_pow)] {
            for ((xc, yc), oc) in xs.chunks(16).zip(ys.chunks(16)).zip(batch.chunks_mut(16)) {
                binary_batch(func, Format::F, Format::F, rnd, xc, yc, oc);
            }
            for ((&x, &y), &c) in xs.iter().zip(ys).zip(&batch) {
                let a = binary(func, x, y, Format::F, Format::F, rnd);
                let b = binary_exact(func, x, y, Format::F, Format::F, rnd);
                assert_eq!(a, b, "{func:?} {rnd:?} x={x:#x} y={y:#x}");
                assert_eq!(c, b, "{func:?} {rnd:?} x={x:#x} y={y:#x} (batch)");
            }
        }
    }
}

/// F to nearest against the hardware's correctly rounded f32 operations (IEEE 754 requires
/// sqrt and division correctly rounded): an independent reference for the exact path (the
/// batch of F lanes to nearest is the hardware's operation itself).
#[test]
fn f_rne_matches_hardware_sqrt_and_div() {
    let xs = sample_f(20_000, 0xabcdef);
    let ys = sample_f(20_000, 0x123457);
    let out: Vec<u64> = xs
        .iter()
        .map(|&x| unary_exact(Unary::Sqrt, x, Format::F, Format::F, RNE))
        .collect();
    for (&x, &r) in xs.iter().zip(&out) {
        let want = f32::from_bits(x as u32).sqrt();
        let want = if want.is_nan() { F_NAN } else { f(want) };
        assert_eq!(r, want, "sqrt({x:#x})");
    }
    let out: Vec<u64> = xs
        .iter()
        .zip(&ys)
        .map(|(&x, &y)| binary_exact(Binary::Div, x, y, Format::F, Format::F, RNE))
        .collect();
    for ((&x, &y), &r) in xs.iter().zip(&ys).zip(&out) {
        let want = f32::from_bits(x as u32) / f32::from_bits(y as u32);
        let want = if want.is_nan() { F_NAN } else { f(want) };
        assert_eq!(r, want, "{x:#x} / {y:#x}");
    }
}

/// Directed sqrt and 1/x in F checked by exact products: r = RU(sqrt x) iff r^2 >= x and
/// the value below r squares to less than x (r^2 of a 24-bit r is exact in f64); likewise
/// 1/x with r x >= 1.
#[test]
fn f_directed_sqrt_and_inv_by_exact_products() {
    let xs = sample_f(20_000, 0x77);
    for &x in &xs {
        let xv = f32::from_bits(x as u32);
        if !(xv.is_finite() && xv > 0.0) {
            continue;
        }
        let x64 = f64::from(xv);
        let up = f32::from_bits(uf(Unary::Sqrt, xv, RU) as u32);
        let dn = f32::from_bits(uf(Unary::Sqrt, xv, RD) as u32);
        let (u, dd) = (f64::from(up), f64::from(dn));
        assert!(u * u >= x64, "RU sqrt({xv:e}) too small");
        let below = f64::from(f32::from_bits(up.to_bits() - 1));
        assert!(below * below < x64, "RU sqrt({xv:e}) too large");
        assert!(dd * dd <= x64, "RD sqrt({xv:e}) too large");
        let above = f64::from(f32::from_bits(dn.to_bits() + 1));
        assert!(above * above > x64, "RD sqrt({xv:e}) too small");
        let iu = f32::from_bits(uf(Unary::Inv, xv, RU) as u32);
        if iu.is_finite() && iu > 0.0 && xv > 1e-30 && xv < 1e30 {
            let v = f64::from(iu);
            assert!(v * x64 >= 1.0, "RU 1/{xv:e} too small");
            let below = f64::from(f32::from_bits(iu.to_bits() - 1));
            assert!(below * x64 < 1.0, "RU 1/{xv:e} too large");
        }
    }
}

/// DF (exact path only) against the platform's f64 functions: within one ulp for the
/// transcendental ones (the platform's documented accuracy is at most 2 ulps, so this is a
/// loose check of the exact path), equal for sqrt and division (IEEE operations).
#[test]
fn df_against_platform() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..300 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        // Arguments in a moderate range: sign, exponent -8..8, random fraction.
        let e = ((s >> 52) % 17) as i32 - 8;
        let x = (1.0 + (s & ((1 << 52) - 1)) as f64 * 2f64.powi(-52)) * 2f64.powi(e);
        let x = if s >> 63 != 0 { -x } else { x };
        let ax = x.abs();
        let cases: [(Unary, f64, f64); 8] = [
            (Unary::Sqrt, ax, ax.sqrt()),
            (Unary::Inv, x, 1.0 / x),
            (Unary::Log2, ax, ax.log2()),
            (Unary::Ln, ax, ax.ln()),
            (Unary::Exp2, x, x.exp2()),
            (Unary::Exp, x, x.exp()),
            (Unary::Sin, x, x.sin()),
            (Unary::Cos, x, x.cos()),
        ];
        for (func, arg, libm) in cases {
            let r = f64::from_bits(unary(func, d(arg), Format::DF, Format::DF, RNE));
            let tol = if matches!(func, Unary::Sqrt | Unary::Inv) {
                0
            } else {
                1
            };
            let diff = (r.to_bits() as i64 - libm.to_bits() as i64).unsigned_abs();
            assert!(diff <= tol, "{func:?}({arg:e}) = {r:e}, platform {libm:e}");
        }
    }
}

/// Published hard-to-round cases of binary64 (Lefèvre and Muller, "Some worst cases for
/// the Table Maker's Dilemma in double precision", worst cases listed on J.-M. Muller's
/// TMD page, ENS Lyon): after the 53-bit result M the exact value continues with
/// 0 0^54 1... (just above M), 0 1^52 0... (just below the midpoint), 1 0^53 1... (just
/// above the midpoint), or 1 1^60 0... (just below M + 1 ulp). M's rounding follows from
/// those bits by hand: which of M and M + 1 ulp each mode gives.
#[test]
fn published_binary64_hard_cases() {
    // exp(-1.1110100010111101101111111100110110010001010001001110b E3)
    //   = 1.1111001111100101010110001100111101001101111001010100b 0 0^54 1... E-23
    // exp(-1.0111000111100000101110000110100110110101111001111001b E2)
    //   = 1.1001010100011100011011011100010111010010010011100010b 0 1^52 0... E-9
    // exp(-1.0000001000111001001111010101100101110110011101101001b E1)
    //   = 1.0001000001100100101100101100000100000011110111011010b 1 0^53 1... E-3
    // log(110101100.01010000101101000000100111001000101011101110b)
    //   = 110.00001111010100101111001101111010111011001111110011b 1 1^60 0...
    let cases: [(Unary, u64, u64, [u64; 4]); 4] = [
        // (function, x bits, M bits, [RNE, RU, RD, RZ] as offsets from M)
        (
            Unary::Exp,
            0xc02e_8bdb_fcd9_144e,
            0x3e8f_3e55_8cf4_de54,
            [0, 1, 0, 0],
        ),
        (
            Unary::Exp,
            0xc017_1e0b_869b_5e79,
            0x3f69_51c6_dc5d_24e2,
            [0, 1, 0, 0],
        ),
        (
            Unary::Exp,
            0xc000_2393_d597_6769,
            0x3fc1_064b_2c10_3dda,
            [1, 1, 0, 0],
        ),
        (
            Unary::Ln,
            0x407a_c50b_409c_8aee,
            0x4018_3d4b_cdeb_b3f3,
            [1, 1, 0, 0],
        ),
    ];
    for (func, x, m, offsets) in cases {
        for (rnd, off) in MODES.into_iter().zip(offsets) {
            let r = unary(func, x, Format::DF, Format::DF, rnd);
            assert_eq!(r, m + off, "{func:?}({x:#x}) {rnd:?}");
        }
    }
}

/// Hand-derived values near zero: sin x rounds as x minus a little, cos x as 1 minus a
/// little, exp2 x as 1 plus or minus a little.
#[test]
fn tiny_arguments() {
    let x = 2f32.powi(-30);
    // sin(2^-30) is just below 2^-30: nearest and up give 2^-30, down and zero the float
    // below.
    assert_eq!(uf(Unary::Sin, x, RNE), f(x));
    assert_eq!(uf(Unary::Sin, x, RU), f(x));
    assert_eq!(uf(Unary::Sin, x, RD), f(x) - 1);
    assert_eq!(uf(Unary::Sin, x, RZ), f(x) - 1);
    // sin(-2^-30) is just above -2^-30: toward zero and up give the float of smaller
    // magnitude.
    assert_eq!(uf(Unary::Sin, -x, RU), f(-x) - 1);
    assert_eq!(uf(Unary::Sin, -x, RD), f(-x));
    // cos(2^-30) is just below 1: down and zero give 0x3f7fffff.
    assert_eq!(uf(Unary::Cos, x, RNE), F_ONE);
    assert_eq!(uf(Unary::Cos, x, RU), F_ONE);
    assert_eq!(uf(Unary::Cos, x, RD), 0x3f7f_ffff);
    assert_eq!(uf(Unary::Cos, -x, RZ), 0x3f7f_ffff);
    // exp2(2^-30) just above 1; exp2(-2^-30) just below.
    assert_eq!(uf(Unary::Exp2, x, RU), 0x3f80_0001);
    assert_eq!(uf(Unary::Exp2, x, RD), F_ONE);
    assert_eq!(uf(Unary::Exp2, -x, RD), 0x3f7f_ffff);
    assert_eq!(uf(Unary::Exp2, -x, RNE), F_ONE);
    assert_eq!(uf(Unary::Exp, -x, RU), F_ONE);
    // sin of the smallest denormal: 2^-149 - 2^-447/6, toward zero gives +0.
    assert_eq!(uf(Unary::Sin, f32::from_bits(1), RZ), F_ZERO);
    assert_eq!(uf(Unary::Sin, f32::from_bits(1), RNE), F_MIN_DENORM);
}

/// sin and cos at huge arguments and near multiples of pi/2, against the platform's f64
/// functions (correct to far better than an F ulp there, so the F results must match the
/// f64 value rounded to nearest whenever that value is not within 1e-6 ulp of a midpoint).
#[test]
fn trig_large_arguments() {
    let xs = [
        f32::MAX,
        1e30,
        3.0e38,
        16_777_216.0,
        102_943.7,
        std::f32::consts::PI,
        2.0 * std::f32::consts::PI,
        1e10,
        32767.0 * std::f32::consts::PI,
    ];
    for x in xs {
        for (func, libm) in [
            (Unary::Sin, f64::from(x).sin()),
            (Unary::Cos, f64::from(x).cos()),
        ] {
            let r = uf(func, x, RNE);
            let exact = unary_exact(func, f(x), Format::F, Format::F, RNE);
            assert_eq!(r, exact, "{func:?}({x:e})");
            assert_eq!(r, f(libm as f32), "{func:?}({x:e}) vs platform");
        }
    }
}

/// The batch entry point gives the lane function's bits on every lane, specials and
/// denormals included: over the whole slice (the F test 64 lanes at a time) and in an
/// instruction's short batches (the F test lane by lane).
#[test]
fn batch_equals_lanes() {
    let mut xs = sample_f(3000, 0xba7c4);
    // Specials, denormals, boundaries of the F range.
    xs.extend([
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0001,
        0x3f80_0000,
        0x4300_0000,
        0xc316_0000,
        0x42b2_0000,
    ]);
    let hf: Vec<u64> = (0u64..0x1_0000).step_by(7).collect();
    for func in Unary::ALL {
        for rnd in MODES {
            for (fmt, lanes) in [(Format::F, &xs), (Format::HF, &hf)] {
                let mut out = vec![0; lanes.len()];
                unary_batch(func, fmt, fmt, rnd, lanes, &mut out);
                let mut short = vec![0; lanes.len()];
                for (xc, oc) in lanes.chunks(13).zip(short.chunks_mut(13)) {
                    unary_batch(func, fmt, fmt, rnd, xc, oc);
                }
                for ((&x, &r), &q) in lanes.iter().zip(&out).zip(&short) {
                    let want = unary(func, x, fmt, fmt, rnd);
                    assert_eq!(r, want, "{func:?} {rnd:?} {x:#x}");
                    assert_eq!(q, want, "{func:?} {rnd:?} {x:#x} (short batches)");
                }
            }
        }
    }
}

/// Mixed type maps (an HF source into an F destination and back): the fast path decides on
/// the destination's boundaries whatever the source, and agrees with the exact path.
#[test]
fn mixed_formats_fast_equals_exact() {
    let f_lanes = sample_f(1500, 0x31415);
    for func in Unary::ALL {
        for rnd in MODES {
            for x in (0u64..0x1_0000).step_by(3) {
                let a = unary(func, x, Format::HF, Format::F, rnd);
                let b = unary_exact(func, x, Format::HF, Format::F, rnd);
                assert_eq!(a, b, "{func:?} {rnd:?} HF {x:#x} -> F");
            }
            for &x in &f_lanes {
                let a = unary(func, x, Format::F, Format::HF, rnd);
                let b = unary_exact(func, x, Format::F, Format::HF, rnd);
                assert_eq!(a, b, "{func:?} {rnd:?} F {x:#x} -> HF");
            }
        }
    }
    // An HF value into F is exact: sqrt(HF 4.0) = F 2.0, 1/HF 0.5 = F 2.0.
    assert_eq!(
        unary(Unary::Sqrt, 0x4400, Format::HF, Format::F, RU),
        f(2.0)
    );
    assert_eq!(unary(Unary::Inv, 0x3800, Format::HF, Format::F, RD), f(2.0));
    // An F value that HF cannot hold: 1/2^-20 = 2^20 overflows HF (max 65504).
    let x = f(2f32.powi(-20));
    assert_eq!(unary(Unary::Inv, x, Format::F, Format::HF, RNE), 0x7c00);
    assert_eq!(unary(Unary::Inv, x, Format::F, Format::HF, RZ), 0x7bff);
}

/// The two-source batch gives the lane function's bits.
#[test]
fn binary_batch_equals_lanes() {
    let xs = sample_f(3000, 0xd17);
    let ys: Vec<u64> = sample_f(3000, 0x7e57)
        .iter()
        .map(|y| y & 0xc1ff_ffff)
        .collect();
    for func in [Binary::Div, Binary::PowAbs] {
        for rnd in MODES {
            let mut out = vec![0; xs.len()];
            binary_batch(func, Format::F, Format::F, rnd, &xs, &ys, &mut out);
            for ((&x, &y), &r) in xs.iter().zip(&ys).zip(&out) {
                let want = binary(func, x, y, Format::F, Format::F, rnd);
                assert_eq!(r, want, "{func:?} {rnd:?} {x:#x} {y:#x}");
            }
        }
    }
}

/// Published hard-to-round binary32 cases of exp2: the inputs the CORE-MATH project's
/// correctly rounded exp2f (A. Sibidanov, src/binary32/exp2/exp2f.c) singles out because
/// its 2^-33-accurate approximation cannot decide them. It returns `a - 0x1p-25f`,
/// `a - 0x1p-26f` and `a + 0x1p-26f` for them: a quarter ulp of a on one side, so the
/// value lies within half an ulp of a on that side, and by hand the rounding is a to
/// nearest, and a or its neighbour on that side in the directed modes. They lie within
/// 2^-30 ulp of a midpoint, so to nearest the f64 evaluation cannot decide them either;
/// the double-double step (within 2^-90) does, and the exact path agrees.
#[test]
fn published_binary32_exp2_hard_cases() {
    // (x bits, a bits, side: -1 below a, +1 above a)
    let cases: [(u32, u32, i32); 3] = [
        (0x3b42_9d37, 0x3f80_4385, -1), // a = 0x1.00870ap+0
        (0xbcf3_a937, 0x3f7a_c6b1, -1), // a = 0x1.f58d62p-1
        (0xb8d3_d026, 0x3f7f_fb69, 1),  // a = 0x1.fff6d2p-1
    ];
    for (x, a, side) in cases {
        let a = u64::from(a);
        let below = if side < 0 { a - 1 } else { a };
        let above = if side < 0 { a } else { a + 1 };
        for (rnd, want) in [(RNE, a), (RU, above), (RD, below), (RZ, below)] {
            let (r, path) = unary_lane(Unary::Exp2, u64::from(x), Format::F, Format::F, rnd, true);
            assert_eq!(r, want, "exp2({x:#x}) {rnd:?}");
            if rnd == RNE {
                assert_eq!(
                    path,
                    Path::Refined,
                    "exp2({x:#x}) is decided by the double-double step"
                );
            }
            let exact = unary_exact(Unary::Exp2, u64::from(x), Format::F, Format::F, rnd);
            assert_eq!(exact, want, "exp2({x:#x}) {rnd:?} by the exact path");
        }
    }
}

/// 2^k as an f64, built from its bits (denormal for k < -1022).
fn pow2_df(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// DF exact results (the exact path's dyadic detection), every mode: log2 of powers of two
/// (denormal ones included), exp2 of integers, sqrt of squares, exact powers.
#[test]
fn df_exact_results() {
    for rnd in MODES {
        for k in [-1074i32, -1060, -1022, -1, 1, 2, 52, 1023] {
            let x = d(pow2_df(k));
            let want = d(f64::from(k));
            assert_eq!(
                unary(Unary::Log2, x, Format::DF, Format::DF, rnd),
                want,
                "log2(2^{k})"
            );
        }
        for k in [-1074i32, -1000, -3, 3, 1000, 1023] {
            let want = d(pow2_df(k));
            let got = unary(Unary::Exp2, d(f64::from(k)), Format::DF, Format::DF, rnd);
            assert_eq!(got, want, "exp2({k})");
        }
        for m in [3.0f64, 12345.0, 94_906_265.0] {
            assert_eq!(
                unary(Unary::Sqrt, d(m * m), Format::DF, Format::DF, rnd),
                d(m)
            );
        }
        let pw = |x: f64, y: f64| binary(Binary::PowAbs, d(x), d(y), Format::DF, Format::DF, rnd);
        assert_eq!(pw(-5.0, 3.0), d(125.0), "|-5|^3");
        assert_eq!(pw(6561.0, 0.125), d(3.0), "6561^(1/8) = 3");
        assert_eq!(pw(2.0, -1074.0), 1, "2^-1074, the smallest DF denormal");
    }
    // exp2(1024) overflows DF; exp2(-1075) is half the smallest denormal, a tie to 0.
    assert_eq!(
        unary(Unary::Exp2, d(1024.0), Format::DF, Format::DF, RNE),
        d(f64::INFINITY)
    );
    assert_eq!(
        unary(Unary::Exp2, d(1024.0), Format::DF, Format::DF, RZ),
        d(f64::MAX)
    );
    assert_eq!(
        unary(Unary::Exp2, d(-1075.0), Format::DF, Format::DF, RNE),
        0
    );
    assert_eq!(
        unary(Unary::Exp2, d(-1075.0), Format::DF, Format::DF, RU),
        1
    );
}

/// IEEE 754-2019 6.2 and 9.2.1: pow(x, ±0) = 1 and pow(1, y) = 1 for a quiet NaN only; a
/// signalling NaN operand gives NaN (as the spec engine's core), on the scalar and the batch
/// entry points alike. F signalling NaN 0x7f800001, quiet 0x7fc00000; HF 0x7d00, 0x7e00.
#[test]
fn pow_of_a_signalling_nan_is_nan() {
    let one = f(1.0);
    let zero = f(0.0);
    let f_nan = Format::F.default_nan();
    for (x, y) in [(0x7f80_0001, zero), (one, 0x7f80_0001)] {
        assert_eq!(
            binary(Binary::PowAbs, x, y, Format::F, Format::F, RNE),
            f_nan
        );
        let mut out = [0u64; 1];
        binary_batch(
            Binary::PowAbs,
            Format::F,
            Format::F,
            RNE,
            &[x],
            &[y],
            &mut out,
        );
        assert_eq!(out[0], f_nan);
    }
    assert_eq!(
        binary(Binary::PowAbs, 0x7fc0_0000, zero, Format::F, Format::F, RNE),
        one
    );
    assert_eq!(
        binary(Binary::PowAbs, 0x7d00, 0, Format::HF, Format::HF, RNE),
        Format::HF.default_nan()
    );
    assert_eq!(
        binary(Binary::PowAbs, 0x7e00, 0, Format::HF, Format::HF, RNE),
        0x3c00
    );
}

/// Powers past the f64 range, where the batch decides from the f64 evaluation's overflow or
/// underflow (|x|^y above 2^1023 overflows F; below 2^-1021 it rounds as a positive value
/// below half F's smallest denormal: +0, or that denormal rounding up), equal the exact
/// path's. Exponents of magnitude 2^7 to 2^31 put most pairs there; the rest are ordinary
/// lanes.
#[test]
fn pow_past_the_f64_range_equals_exact() {
    let xs = sample_f(400, 0x5eed);
    let ys: Vec<u64> = sample_f(400, 0xfa7)
        .iter()
        .map(|y| (y & 0x807f_ffff) | ((0x86 + (y >> 23) % 24) << 23))
        .collect();
    let (mut far, mut out) = (0, vec![0; xs.len()]);
    for rnd in MODES {
        binary_batch(
            Binary::PowAbs,
            Format::F,
            Format::F,
            rnd,
            &xs,
            &ys,
            &mut out,
        );
        for ((&x, &y), &r) in xs.iter().zip(&ys).zip(&out) {
            let want = binary_exact(Binary::PowAbs, x, y, Format::F, Format::F, rnd);
            assert_eq!(r, want, "{rnd:?} {x:#x} {y:#x}");
            let v = f64::from(f32::from_bits(x as u32))
                .abs()
                .powf(f64::from(f32::from_bits(y as u32)));
            far += usize::from(v.is_finite() && v != 0.0 && !v.is_normal() || v.is_infinite());
        }
    }
    assert!(far > 400, "only {far} lanes past the f64 range");
}

/// DF lanes through the batch entry points (the machine's operations to nearest, residual
/// signs in the directed modes; into F, the boundary test and the residuals) equal the
/// exact path, specials, denormals and the range's ends included.
#[test]
fn df_batch_equals_exact() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut xs: Vec<u64> = (0..600)
        .map(|_| {
            let r = next();
            // Exponents spread over the whole range, a third of them at its ends.
            let e = match r % 3 {
                0 => r >> 8 & 0x7ff,
                1 => r >> 8 & 0x3f,
                _ => 0x7ff - (r >> 8 & 0x3f),
            };
            (r & (1 << 63)) | (e << 52) | (next() & ((1 << 52) - 1))
        })
        .collect();
    xs.extend([
        0,
        1 << 63,
        0x7ff0 << 48,
        0xfff0 << 48,
        0x7ff8 << 48,
        1,
        d(4.0),
        d(0.25),
    ]);
    let ys: Vec<u64> = xs.iter().rev().copied().collect();
    let mut out = vec![0; xs.len()];
    for rnd in MODES {
        for func in [Unary::Inv, Unary::Sqrt] {
            unary_batch(func, Format::DF, Format::DF, rnd, &xs, &mut out);
            for (&x, &r) in xs.iter().zip(&out) {
                let want = unary_exact(func, x, Format::DF, Format::DF, rnd);
                assert_eq!(r, want, "{func:?} {rnd:?} {x:#x}");
            }
        }
        // DF sources into F, as the instructions pass their lanes.
        for func in [Unary::Inv, Unary::Sqrt, Unary::Rsqrt] {
            unary_batch(func, Format::DF, Format::F, rnd, &xs, &mut out);
            for (&x, &r) in xs.iter().zip(&out) {
                let want = unary_exact(func, x, Format::DF, Format::F, rnd);
                assert_eq!(r, want, "{func:?} into F {rnd:?} {x:#x}");
            }
        }
        binary_batch(Binary::Div, Format::DF, Format::DF, rnd, &xs, &ys, &mut out);
        for ((&x, &y), &r) in xs.iter().zip(&ys).zip(&out) {
            let want = binary_exact(Binary::Div, x, y, Format::DF, Format::DF, rnd);
            assert_eq!(r, want, "Div {rnd:?} {x:#x} {y:#x}");
        }
    }
}

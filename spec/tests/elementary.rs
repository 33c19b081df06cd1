//! Correctly rounded elementary functions (visa_spec::num::elementary) against independent
//! references: IEEE 754-2019's special values derived by hand, exact cases, hand-derived
//! roundings in all four modes, the published worst cases of Lefèvre and Muller for the
//! binary64 logarithm, and Rust's f64 functions (the platform libm) on every HF input (a
//! deterministic sample unless VISA_MATH_EXHAUSTIVE=1) and on a deterministic sample of F.
//!
//! The f64 reference is used only where it decides the rounding: its result r is taken to be
//! within 4 f64 ulps of the exact value (sqrt and division are correctly rounded, 1/sqrt is two
//! correctly rounded steps, the libm's exp2, exp, log2, ln, sin, cos and powf are within about
//! 1 ulp), and an input counts only when every double within 4 ulps of r rounds to the same
//! value of the narrow format under the mode; the others are skipped and counted. The
//! rounding of the double to the narrow format is computed here with f64 operations only.

use num_bigint::BigUint;
use visa_spec::num::elementary::{self, Function, UlpError};
use visa_spec::num::{ExactFloat, FloatFormat, Rounding};

const HF: FloatFormat = FloatFormat::HF;
const F: FloatFormat = FloatFormat::F;
const DF: FloatFormat = FloatFormat::DF;
const BF: FloatFormat = FloatFormat::BF;
const MODES: [Rounding; 4] = Rounding::ALL;

fn exhaustive() -> bool {
    std::env::var_os("VISA_MATH_EXHAUSTIVE").is_some_and(|v| v == "1")
}

fn f(x: f32) -> ExactFloat {
    F.decode(u64::from(x.to_bits()))
}

fn df(x: f64) -> ExactFloat {
    DF.decode(x.to_bits())
}

/// The F encoding of a result.
fn fbits(v: &ExactFloat) -> u32 {
    F.encode(v).expect("rounded to F") as u32
}

fn eval(
    function: Function,
    inputs: &[ExactFloat],
    format: FloatFormat,
    mode: Rounding,
) -> ExactFloat {
    elementary::evaluate(function, inputs, format, mode).expect("arity")
}

fn is_nan(v: &ExactFloat) -> bool {
    v.is_nan()
}

// ---------------------------------------------------------------------------------------
// (1) IEEE 754-2019 special values, each derived by hand from the clause cited.

#[test]
fn special_values() {
    let nan = f(f32::NAN);
    let snan = F.decode(0x7f80_0001);
    let (inf, ninf) = (f(f32::INFINITY), f(f32::NEG_INFINITY));
    let (zero, nzero) = (f(0.0), f(-0.0));
    let (one, two, neg) = (f(1.0), f(2.0), f(-2.0));
    let half = f(0.5);
    use Function::*;
    // (function, inputs, expected F bits or None for NaN, the rule)
    let cases: Vec<(Function, Vec<ExactFloat>, Option<u32>, &str)> = vec![
        (
            Inv,
            vec![zero.clone()],
            Some(0x7f80_0000),
            "1/+0 = +inf (7.3)",
        ),
        (
            Inv,
            vec![nzero.clone()],
            Some(0xff80_0000),
            "1/-0 = -inf (7.3)",
        ),
        (Inv, vec![inf.clone()], Some(0), "1/+inf = +0"),
        (Inv, vec![ninf.clone()], Some(0x8000_0000), "1/-inf = -0"),
        (Inv, vec![nan.clone()], None, "NaN in, NaN out"),
        (
            Div,
            vec![zero.clone(), zero.clone()],
            None,
            "0/0 invalid (7.2)",
        ),
        (
            Div,
            vec![inf.clone(), ninf.clone()],
            None,
            "inf/inf invalid (7.2)",
        ),
        (
            Div,
            vec![neg.clone(), zero.clone()],
            Some(0xff80_0000),
            "-2/+0 = -inf",
        ),
        (
            Div,
            vec![neg.clone(), nzero.clone()],
            Some(0x7f80_0000),
            "-2/-0 = +inf",
        ),
        (
            Div,
            vec![nzero.clone(), two.clone()],
            Some(0x8000_0000),
            "-0/2 = -0",
        ),
        (
            Div,
            vec![two.clone(), ninf.clone()],
            Some(0x8000_0000),
            "2/-inf = -0",
        ),
        (
            Div,
            vec![ninf.clone(), neg.clone()],
            Some(0x7f80_0000),
            "-inf/-2 = +inf",
        ),
        (Div, vec![one.clone(), nan.clone()], None, "NaN operand"),
        (
            Sqrt,
            vec![nzero.clone()],
            Some(0x8000_0000),
            "sqrt(-0) = -0 (6.3)",
        ),
        (Sqrt, vec![zero.clone()], Some(0), "sqrt(+0) = +0"),
        (
            Sqrt,
            vec![inf.clone()],
            Some(0x7f80_0000),
            "sqrt(+inf) = +inf",
        ),
        (Sqrt, vec![ninf.clone()], None, "sqrt(-inf) invalid"),
        (Sqrt, vec![neg.clone()], None, "sqrt(x < 0) invalid (7.2)"),
        (
            Sqrt,
            vec![F.decode(0x8000_0001)],
            None,
            "sqrt(-denormal) invalid",
        ),
        (
            Rsqrt,
            vec![zero.clone()],
            Some(0x7f80_0000),
            "rSqrt(+0) = +inf (9.2.1)",
        ),
        (
            Rsqrt,
            vec![nzero.clone()],
            Some(0xff80_0000),
            "rSqrt(-0) = -inf",
        ),
        (Rsqrt, vec![inf.clone()], Some(0), "rSqrt(+inf) = +0"),
        (Rsqrt, vec![neg.clone()], None, "rSqrt(x < 0) invalid"),
        (
            Log2,
            vec![zero.clone()],
            Some(0xff80_0000),
            "log2(+0) = -inf (9.2.1)",
        ),
        (
            Log2,
            vec![nzero.clone()],
            Some(0xff80_0000),
            "log2(-0) = -inf",
        ),
        (Log2, vec![neg.clone()], None, "log2(x < 0) invalid"),
        (Log2, vec![ninf.clone()], None, "log2(-inf) invalid"),
        (
            Log2,
            vec![inf.clone()],
            Some(0x7f80_0000),
            "log2(+inf) = +inf",
        ),
        (Log2, vec![one.clone()], Some(0), "log2(1) = +0 (9.2)"),
        (Ln, vec![zero.clone()], Some(0xff80_0000), "log(±0) = -inf"),
        (Ln, vec![one.clone()], Some(0), "log(1) = +0"),
        (Ln, vec![neg.clone()], None, "log(x < 0) invalid"),
        (Exp2, vec![ninf.clone()], Some(0), "exp2(-inf) = +0"),
        (
            Exp2,
            vec![inf.clone()],
            Some(0x7f80_0000),
            "exp2(+inf) = +inf",
        ),
        (Exp2, vec![nzero.clone()], Some(0x3f80_0000), "exp2(-0) = 1"),
        (Exp, vec![ninf.clone()], Some(0), "exp(-inf) = +0"),
        (
            Exp,
            vec![inf.clone()],
            Some(0x7f80_0000),
            "exp(+inf) = +inf",
        ),
        (Exp, vec![zero.clone()], Some(0x3f80_0000), "exp(+0) = 1"),
        (Sin, vec![inf.clone()], None, "sin(+inf) invalid"),
        (Sin, vec![ninf.clone()], None, "sin(-inf) invalid"),
        (Sin, vec![zero.clone()], Some(0), "sin(+0) = +0"),
        (Sin, vec![nzero.clone()], Some(0x8000_0000), "sin(-0) = -0"),
        (Cos, vec![inf.clone()], None, "cos(+inf) invalid"),
        (Cos, vec![nzero.clone()], Some(0x3f80_0000), "cos(-0) = 1"),
        (Cos, vec![snan.clone()], None, "NaN in, NaN out"),
        // pow (9.2.1) on |x|.
        (
            PowAbs,
            vec![nan.clone(), zero.clone()],
            Some(0x3f80_0000),
            "pow(qNaN, ±0) = 1",
        ),
        (
            PowAbs,
            vec![snan.clone(), zero.clone()],
            None,
            "pow(sNaN, 0): NaN",
        ),
        (
            PowAbs,
            vec![inf.clone(), nzero.clone()],
            Some(0x3f80_0000),
            "pow(inf, ±0) = 1",
        ),
        (
            PowAbs,
            vec![f(-1.0), nan.clone()],
            Some(0x3f80_0000),
            "|-1| = +1: pow(+1, qNaN) = 1",
        ),
        (
            PowAbs,
            vec![one.clone(), ninf.clone()],
            Some(0x3f80_0000),
            "pow(+1, -inf) = 1",
        ),
        (
            PowAbs,
            vec![one.clone(), snan.clone()],
            None,
            "pow(+1, sNaN): NaN",
        ),
        (PowAbs, vec![two.clone(), nan.clone()], None, "NaN operand"),
        (
            PowAbs,
            vec![nzero.clone(), f(-3.0)],
            Some(0x7f80_0000),
            "pow(+0, odd y < 0) = +inf",
        ),
        (
            PowAbs,
            vec![zero.clone(), f(-0.5)],
            Some(0x7f80_0000),
            "pow(+0, y < 0) = +inf",
        ),
        (
            PowAbs,
            vec![zero.clone(), ninf.clone()],
            Some(0x7f80_0000),
            "pow(+0, -inf) = +inf",
        ),
        (
            PowAbs,
            vec![nzero.clone(), f(3.0)],
            Some(0),
            "pow(+0, odd y > 0) = +0",
        ),
        (
            PowAbs,
            vec![zero.clone(), inf.clone()],
            Some(0),
            "pow(+0, +inf) = +0",
        ),
        (
            PowAbs,
            vec![ninf.clone(), f(-2.0)],
            Some(0),
            "pow(+inf, y < 0) = +0",
        ),
        (
            PowAbs,
            vec![ninf.clone(), f(3.0)],
            Some(0x7f80_0000),
            "pow(+inf, y > 0) = +inf",
        ),
        (
            PowAbs,
            vec![half.clone(), ninf.clone()],
            Some(0x7f80_0000),
            "pow(|x| < 1, -inf) = +inf",
        ),
        (
            PowAbs,
            vec![f(-0.5), inf.clone()],
            Some(0),
            "pow(|x| < 1, +inf) = +0",
        ),
        (
            PowAbs,
            vec![neg.clone(), ninf.clone()],
            Some(0),
            "pow(|x| > 1, -inf) = +0",
        ),
        (
            PowAbs,
            vec![neg.clone(), inf.clone()],
            Some(0x7f80_0000),
            "pow(|x| > 1, +inf) = +inf",
        ),
        (
            PowAbs,
            vec![f(-1.0), inf.clone()],
            Some(0x3f80_0000),
            "pow(+1, +inf) = 1",
        ),
    ];
    for (function, inputs, expected, rule) in cases {
        for mode in MODES {
            let got = eval(function, &inputs, F, mode);
            match expected {
                None => assert!(is_nan(&got), "{rule}: {got} under {mode:?}"),
                Some(bits) => assert_eq!(fbits(&got), bits, "{rule} under {mode:?}"),
            }
            if expected.is_none() {
                assert_eq!(got, ExactFloat::default_nan(), "{rule}: the default NaN");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// (2) Exact cases: the exact value is representable, so every mode gives it (and Ziv's loop,
// which never ends on such a value, must not be reached).

#[test]
fn exact_cases() {
    use Function::*;
    let cases: Vec<(Function, Vec<f32>, f32)> = vec![
        (Sqrt, vec![4.0], 2.0),
        (Sqrt, vec![0.0625], 0.25),
        (Sqrt, vec![2.25], 1.5),
        (Rsqrt, vec![0.25], 2.0),
        (Rsqrt, vec![16.0], 0.25),
        (Inv, vec![-4.0], -0.25),
        (Div, vec![3.0, 8.0], 0.375),
        (Log2, vec![8.0], 3.0),
        (Log2, vec![0.125], -3.0),
        (Log2, vec![f32::from_bits(1)], -149.0),
        (Exp2, vec![-3.0], 0.125),
        (Exp2, vec![10.0], 1024.0),
        (Exp2, vec![-149.0], f32::from_bits(1)),
        (Exp2, vec![127.0], f32::from_bits(0x7f00_0000)),
        (PowAbs, vec![2.0, 10.0], 1024.0),
        (PowAbs, vec![-2.0, 10.0], 1024.0),
        (PowAbs, vec![-2.0, -3.0], 0.125),
        (PowAbs, vec![3.0, 4.0], 81.0),
        (PowAbs, vec![4.0, 0.5], 2.0),
        (PowAbs, vec![16.0, 0.25], 2.0),
        (PowAbs, vec![16.0, -0.75], 0.125),
        (PowAbs, vec![0.25, 1.5], 0.125),
        (PowAbs, vec![2.25, 0.5], 1.5),
        (PowAbs, vec![9.0, 1.5], 27.0),
        (PowAbs, vec![0.5, 149.0], f32::from_bits(1)),
        (PowAbs, vec![7.0, 1.0], 7.0),
    ];
    for (function, inputs, expected) in cases {
        let inputs: Vec<_> = inputs.into_iter().map(f).collect();
        for mode in MODES {
            let got = eval(function, &inputs, F, mode);
            assert_eq!(
                fbits(&got),
                expected.to_bits(),
                "{function:?}{inputs:?} under {mode:?}"
            );
        }
    }
    // Exact zeros and ones: log2(1) = ln(1) = +0 and cos(0) = exp(0) = 1 in every mode.
    for mode in MODES {
        assert_eq!(eval(Ln, &[f(1.0)], DF, mode), ExactFloat::zero(false));
        assert_eq!(
            DF.encode(&eval(Exp, &[df(-0.0)], DF, mode)),
            Some(1f64.to_bits())
        );
    }
}

/// 2^-150 is exactly half the smallest F denormal, a tie: RTNE gives +0 (even), RU the
/// denormal, RD and RTZ +0. 2^128 is past the largest F value: RTNE and RU overflow to +inf,
/// RD and RTZ give the largest finite value 0x7F7FFFFF (IEEE 754 7.4).
#[test]
fn boundaries_of_the_range() {
    let expected = [
        (Rounding::Rtne, 0, 0x7f80_0000),
        (Rounding::Ru, 1, 0x7f80_0000),
        (Rounding::Rd, 0, 0x7f7f_ffff),
        (Rounding::Rtz, 0, 0x7f7f_ffff),
    ];
    for (mode, tie, over) in expected {
        assert_eq!(
            fbits(&elementary::exp2(&f(-150.0), F, mode)),
            tie,
            "{mode:?}"
        );
        assert_eq!(
            fbits(&elementary::pow_abs(&f(0.5), &f(150.0), F, mode)),
            tie,
            "{mode:?}"
        );
        assert_eq!(
            fbits(&elementary::exp2(&f(128.0), F, mode)),
            over,
            "{mode:?}"
        );
        assert_eq!(
            fbits(&elementary::exp2(&f(1e30), F, mode)),
            over,
            "{mode:?}"
        );
        // 2^-1e30 is positive and far below half the smallest denormal: like 2^-151.
        let far = if mode == Rounding::Ru { 1 } else { 0 };
        assert_eq!(
            fbits(&elementary::exp2(&f(-1e30), F, mode)),
            far,
            "{mode:?}"
        );
    }
}

/// Values within far less than an ulp of 1 or of x, where a double reference cannot see the
/// difference: for 0 < x < 1, 1 < 2^x < 1 + x and 1 < e^x < 1 + 2x, 1 - x < 2^-x < 1,
/// 1 - x^2/2 <= cos x < 1 and x - x^3/6 < sin x < x. With x = 2^-30 in F (ulp 2^-23 above 1,
/// 2^-24 below; 2^-30 = 0x30800000 with the ulp 2^-53 there):
/// 2^x and e^x round to 1 (0x3F800000) except under RU (0x3F800001); 2^-x, cos x round to 1
/// except under RD and RTZ (0x3F7FFFFF); sin x rounds to x except under RD and RTZ
/// (0x307FFFFF).
#[test]
fn near_one_and_near_identity() {
    let x = f(2f32.powi(-30));
    let minus_x = f(-(2f32.powi(-30)));
    let table = [
        (Rounding::Rtne, 0x3f80_0000, 0x3f80_0000, 0x3080_0000),
        (Rounding::Ru, 0x3f80_0001, 0x3f80_0000, 0x3080_0000),
        (Rounding::Rd, 0x3f80_0000, 0x3f7f_ffff, 0x307f_ffff),
        (Rounding::Rtz, 0x3f80_0000, 0x3f7f_ffff, 0x307f_ffff),
    ];
    for (mode, above, below, sine) in table {
        assert_eq!(
            fbits(&elementary::exp2(&x, F, mode)),
            above,
            "exp2 {mode:?}"
        );
        assert_eq!(fbits(&elementary::exp(&x, F, mode)), above, "exp {mode:?}");
        assert_eq!(
            fbits(&elementary::exp2(&minus_x, F, mode)),
            below,
            "exp2(-x) {mode:?}"
        );
        assert_eq!(fbits(&elementary::cos(&x, F, mode)), below, "cos {mode:?}");
        assert_eq!(fbits(&elementary::sin(&x, F, mode)), sine, "sin {mode:?}");
        // The same in DF from a DF denormal: 2^-1074 (sin is then below x by 2^-3222/6).
        let tiny = df(f64::from_bits(1));
        let expected = if matches!(mode, Rounding::Rd | Rounding::Rtz) {
            0
        } else {
            1
        };
        assert_eq!(
            DF.encode(&elementary::sin(&tiny, DF, mode)),
            Some(expected),
            "{mode:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// (5) Hand-derived roundings in all four modes.

/// sqrt(2) in F: its 24-bit significand is a = floor(sqrt(2^47)) = 11863283 = 0xB504F3, as
/// a^2 = 140737483538089 < 2^47 = 140737488355328 < (a+1)^2 = 140737507264656; and
/// (2a+1)^2 = 562949981605489 > 2^49, so sqrt(2^47) < a + 1/2: to nearest rounds down.
/// Hence 0x3FB504F3 for RTNE, RTZ and RD, 0x3FB504F4 for RU. |2|^0.5 is the same number.
#[test]
fn sqrt_two_in_every_mode() {
    let expected = [
        (Rounding::Rtne, 0x3fb5_04f3),
        (Rounding::Ru, 0x3fb5_04f4),
        (Rounding::Rd, 0x3fb5_04f3),
        (Rounding::Rtz, 0x3fb5_04f3),
    ];
    for (mode, bits) in expected {
        assert_eq!(fbits(&elementary::sqrt(&f(2.0), F, mode)), bits, "{mode:?}");
        assert_eq!(
            fbits(&elementary::pow_abs(&f(-2.0), &f(0.5), F, mode)),
            bits,
            "{mode:?}"
        );
        // 1/sqrt(1/2) = sqrt(2).
        assert_eq!(
            fbits(&elementary::rsqrt(&f(0.5), F, mode)),
            bits,
            "{mode:?}"
        );
    }
}

/// 1/3 = 0.010101...b: significand 0xAAAAAA (24 bits) and a remainder of 2/3 ulp, above half:
/// RTNE and RU give 0x3EAAAAAB, RD and RTZ 0x3EAAAAAA; -1/3 mirrors with RU and RD swapped.
#[test]
fn one_third_in_every_mode() {
    let expected = [
        (Rounding::Rtne, 0x3eaa_aaab, 0xbeaa_aaab),
        (Rounding::Ru, 0x3eaa_aaab, 0xbeaa_aaaa),
        (Rounding::Rd, 0x3eaa_aaaa, 0xbeaa_aaab),
        (Rounding::Rtz, 0x3eaa_aaaa, 0xbeaa_aaaa),
    ];
    for (mode, positive, negative) in expected {
        assert_eq!(
            fbits(&elementary::inv(&f(3.0), F, mode)),
            positive,
            "{mode:?}"
        );
        assert_eq!(
            fbits(&elementary::div(&f(-1.0), &f(3.0), F, mode)),
            negative,
            "{mode:?}"
        );
    }
}

/// BF (8 significant bits): sqrt(2) = 1.0110101|00000100... b, so 0x3FB5 for RTNE, RD, RTZ and
/// 0x3FB6 for RU (the bits after the 8th are 0000 0100 1111..., below half).
#[test]
fn bf_destination() {
    let expected = [
        (Rounding::Rtne, 0x3fb5),
        (Rounding::Ru, 0x3fb6),
        (Rounding::Rd, 0x3fb5),
        (Rounding::Rtz, 0x3fb5),
    ];
    for (mode, bits) in expected {
        let got = elementary::sqrt(&f(2.0), BF, mode);
        assert_eq!(BF.encode(&got), Some(bits), "{mode:?}");
    }
}

// ---------------------------------------------------------------------------------------
// (4) Published hard-to-round cases: V. Lefèvre and J.-M. Muller, "Worst cases for correct
// rounding of the elementary functions in double precision", ARITH 15 (2001), revised
// version of August 14, 2003: Table 4 (exp), Table 5 (ln), Table 6 (2^x), Table 8 (sin) and
// Table 10 (cos), the hardest binary64 input of each interval. Each row: the function, the
// sign, significand and exponent of x, the value's 53 significant bits as the table prints
// them (its binade is not printed; the libm result pins it), and the bits that follow.

/// The bits after the 53 significant bits, as the tables print them: the rounding bit, a run
/// of `count` equal bits, then a few more.
struct Tail(char, char, usize, &'static str);

type WorstCase = (Function, i8, &'static str, i32, &'static str, Tail);

const WORST_CASES: [WorstCase; 29] = [
    // Table 4, exp.
    (
        Function::Exp,
        -1,
        "1.1110110100110001100011101111101101100010011111101010",
        -27,
        "1.1111111111111111111111111000010010110011100111000100",
        Tail('1', '1', 59, "0001"),
    ),
    (
        Function::Exp,
        -1,
        "1.0100000000000000000000000000000000000000000000110010",
        -46,
        "1.1111111111111111111111111111111111111111111101100000",
        Tail('0', '0', 84, "1010"),
    ),
    (
        Function::Exp,
        -1,
        "1.0000000000000000000000000000000000000000000000000001",
        -51,
        "1.1111111111111111111111111111111111111111111111111100",
        Tail('0', '0', 100, "1010"),
    ),
    (
        Function::Exp,
        1,
        "1.1111111111111111111111111111111111111111111111111111",
        -53,
        "1.0000000000000000000000000000000000000000000000000000",
        Tail('1', '1', 104, "0101"),
    ),
    (
        Function::Exp,
        1,
        "1.1111111111111111111111111111111111111111111110000000",
        -46,
        "1.0000000000000000000000000000000000000000000001111111",
        Tail('1', '1', 83, "0101"),
    ),
    (
        Function::Exp,
        1,
        "1.0001111111111111111111111111111111111111111110101111",
        -45,
        "1.0000000000000000000000000000000000000000000010001111",
        Tail('1', '1', 83, "0000"),
    ),
    (
        Function::Exp,
        1,
        "110.00001111010100101111001101111010111011001111110100",
        0,
        "110101100.01010000101101000000100111001000101011101110",
        Tail('0', '0', 57, "1000"),
    ),
    // Table 5, ln.
    (
        Function::Ln,
        1,
        "1.1110101001110001110110000101110011101110000000100000",
        -509,
        "-101100000.00101001011010100110011010110100001011111111",
        Tail('1', '1', 60, "0000"),
    ),
    (
        Function::Ln,
        1,
        "1.1001010001110110111000110000010011001101011111000111",
        -384,
        "-100001001.10110110000011001010111101000111101100110101",
        Tail('1', '0', 60, "1010"),
    ),
    (
        Function::Ln,
        1,
        "1.0010011011101001110001001101001100100111100101100000",
        -232,
        "-10100000.101010110010110000100101111001101000010000100",
        Tail('0', '0', 60, "1001"),
    ),
    (
        Function::Ln,
        1,
        "1.0110000100111001010101011101110010000000001011111000",
        -35,
        "-10111.111100000010111110011011101011110110000000110101",
        Tail('0', '1', 60, "0011"),
    ),
    (
        Function::Ln,
        1,
        "1.0110001010101000100001100001001101100010100110110110",
        678,
        "111010110.01000111100111101011101001111100100101110001",
        Tail('0', '0', 64, "1110"),
    ),
    // Table 6, 2^x.
    (
        Function::Exp2,
        -1,
        "1.0010100001100011101010111010111010101111011110110010",
        -15,
        "0.11111111111111100110010100011111010001100000111101111",
        Tail('0', '0', 57, "1110"),
    ),
    (
        Function::Exp2,
        -1,
        "1.0100000101101111011011000110010001000101101011001111",
        -20,
        "0.11111111111111111111001000010011001010111010011001110",
        Tail('1', '1', 57, "0000"),
    ),
    (
        Function::Exp2,
        -1,
        "1.0000010101010110000000011100100010101011001111110001",
        -32,
        "0.11111111111111111111111111111111010010101101101100001",
        Tail('1', '1', 57, "0000"),
    ),
    (
        Function::Exp2,
        -1,
        "1.0001100001011011100011011011011011010101100000011101",
        -33,
        "0.11111111111111111111111111111111100111101101010111100",
        Tail('0', '0', 57, "1100"),
    ),
    (
        Function::Exp2,
        1,
        "1.1011111110111011110111100100010011101101111111000101",
        -25,
        "1.0000000000000000000000001001101100101100001110000101",
        Tail('0', '0', 59, "1011"),
    ),
    (
        Function::Exp2,
        1,
        "1.1110010001011001011001010010011010111111100101001101",
        -10,
        "1.0000000001010011111111000010111011000010101101010011",
        Tail('0', '1', 59, "0100"),
    ),
    // Table 8, sin.
    (
        Function::Sin,
        1,
        "1.1110000000000000000000000000000000000000000111000010",
        -20,
        "1.1101111111111111111111111111111111111111000000101110",
        Tail('0', '0', 72, "1110"),
    ),
    (
        Function::Sin,
        1,
        "1.0101100110001011101011101001111001100011001011110110",
        -7,
        "1.0101100110001010000010101110101001001000100110010110",
        Tail('0', '1', 59, "0000"),
    ),
    (
        Function::Sin,
        1,
        "1.1111111001110110011101110011100111010000111101101101",
        -2,
        "1.1110100110010101000001110011000011000100011010010101",
        Tail('1', '1', 65, "0000"),
    ),
    (
        Function::Sin,
        1,
        "1.1001001000011111101101010100010001000010110100011000",
        0,
        "0.11111111111111111111111111111111111111111111111111111",
        Tail('1', '1', 54, "0110"),
    ),
    (
        Function::Sin,
        1,
        "1.0110011101010110011101000101011101110000101001010001",
        1,
        "1.0100111111110011010100001110010000010010100000100001",
        Tail('0', '0', 54, "1010"),
    ),
    // Table 10, cos.
    (
        Function::Cos,
        1,
        "1.1000000000000000000000000000000000000000000000001001",
        -23,
        "0.11111111111111111111111111111111111111111111101110000",
        Tail('0', '0', 88, "1101"),
    ),
    (
        Function::Cos,
        1,
        "1.1000000000000000000000000000000000000000000000100100",
        -22,
        "0.11111111111111111111111111111111111111111110111000000",
        Tail('0', '0', 82, "1101"),
    ),
    (
        Function::Cos,
        1,
        "1.0010000000000000000000000000000000000000111100110000",
        -18,
        "0.11111111111111111111111111111111111101011110000000000",
        Tail('0', '0', 60, "1001"),
    ),
    (
        Function::Cos,
        1,
        "1.0000011010110101000001010101010100001110011010110010",
        -9,
        "0.11111111111111111101111001001101000111111101111111110",
        Tail('0', '0', 58, "1100"),
    ),
    (
        Function::Cos,
        1,
        "1.1001011111001100110100111101001011000100001110001111",
        -6,
        "0.11111111111010111011001101011101010000111000010101000",
        Tail('1', '1', 55, "0111"),
    ),
    (
        Function::Cos,
        1,
        "1.0110101110001010011000100111001111010111110000100001",
        0,
        "1.0011001101111111110001011011000001110010110001010010",
        Tail('1', '0', 54, "1011"),
    ),
];

/// The significant bits of a printed binary numeral `[-]int.frac` and its sign.
fn significant_bits(text: &str) -> (bool, BigUint) {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let bits: String = digits.chars().filter(|c| *c != '.').collect();
    (
        negative,
        BigUint::parse_bytes(bits.as_bytes(), 2).expect("binary digits"),
    )
}

/// The 53-bit significand of a nonzero DF value.
fn df_significand(v: &ExactFloat) -> BigUint {
    let bits = DF.encode(v).expect("DF value");
    let fraction = bits & ((1u64 << 52) - 1);
    BigUint::from(fraction | (1u64 << 52))
}

#[test]
fn lefevre_muller_worst_cases() {
    for (function, sign, input, exponent, result, tail) in WORST_CASES {
        let (_, m) = significant_bits(input);
        assert_eq!(m.bits(), 53, "{input}");
        let point = input.find('.').expect("a binary point");
        let fraction_digits = (input.len() - point - 1) as i64;
        let x = ExactFloat::finite(sign < 0, m, i64::from(exponent) - fraction_digits);
        let (negative, t) = significant_bits(result);
        assert_eq!(t.bits(), 53, "{result}");
        let Tail(first, run, count, last) = tail;
        let following = format!("{first}{}{last}", run.to_string().repeat(count));
        // Never all zeros (the value is irrational) nor exactly half: RTNE rounds the
        // magnitude up exactly when the rounding bit is 1, a directed mode when it points
        // away from zero.
        assert!(following[1..].contains('1'));
        let round_bit = first == '1';
        let x_f64 = f64::from_bits(DF.encode(&x).expect("a binary64 input"));
        let libm = reference(function, x_f64, 0.0);
        for mode in MODES {
            let magnitude_up = match mode {
                Rounding::Rtne => round_bit,
                Rounding::Rtz => false,
                Rounding::Ru => !negative,
                Rounding::Rd => negative,
            };
            let mut expected = if magnitude_up { &t + 1u32 } else { t.clone() };
            if expected.bits() == 54 {
                // Carried into the next binade.
                expected >>= 1u32;
            }
            let got = eval(function, std::slice::from_ref(&x), DF, mode);
            let label = format!("{function:?}({input} * 2^{exponent}, sign {sign}) under {mode:?}");
            assert_eq!(got.negative(), negative, "{label}");
            assert_eq!(df_significand(&got), expected, "{label}");
            // The binade: within a few ulps of the libm value.
            let got_f64 = f64::from_bits(DF.encode(&got).expect("DF value"));
            assert!(
                (got_f64 / libm - 1.0).abs() < 1e-14,
                "{label}: {got_f64:e} vs {libm:e}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// (3) The f64 reference.

/// Rounds a double to `format` under `mode` using f64 operations only: `|x| / 2^q` is exact
/// (a power-of-two scaling inside the double range) and its floor and fraction are exact.
fn round_f64(x: f64, format: FloatFormat, mode: Rounding) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let p = format.precision() as i32;
    let (emin, emax) = (format.min_exponent() as i32, format.max_exponent() as i32);
    let negative = x < 0.0;
    let a = x.abs();
    let biased = ((a.to_bits() >> 52) & 0x7ff) as i32;
    let binade = if biased == 0 { -1023 } else { biased - 1023 };
    let q = binade.max(emin) - (p - 1);
    let scaled = a * 2f64.powi(-q);
    let low = scaled.floor();
    let fraction = scaled - low;
    let up = match mode {
        Rounding::Rtne => fraction > 0.5 || (fraction == 0.5 && low % 2.0 == 1.0),
        Rounding::Rtz => false,
        Rounding::Ru => fraction > 0.0 && !negative,
        Rounding::Rd => fraction > 0.0 && negative,
    };
    let n = if up { low + 1.0 } else { low };
    let largest = (2.0 - 2f64.powi(1 - p)) * 2f64.powi(emax);
    let mut value = n * 2f64.powi(q);
    if value > largest {
        let to_infinity = match mode {
            Rounding::Rtne => true,
            Rounding::Rtz => false,
            Rounding::Ru => !negative,
            Rounding::Rd => negative,
        };
        value = if to_infinity { f64::INFINITY } else { largest };
    }
    if negative {
        -value
    } else {
        value
    }
}

/// Doubles within `ulps` units of x (both ends).
fn neighbours(x: f64, ulps: u32) -> (f64, f64) {
    let (mut lo, mut hi) = (x, x);
    for _ in 0..ulps {
        lo = lo.next_down();
        hi = hi.next_up();
    }
    (lo, hi)
}

const REFERENCE_ULPS: u32 = 4;

#[derive(Default)]
struct Tally {
    checked: u64,
    skipped: u64,
}

/// Compares one result with the f64 reference `r`; skips when r cannot decide the rounding.
/// With `finite_inputs`, an infinite r is an f64 overflow of a finite exact value beyond
/// f64::MAX, which a narrower format rounds like f64::MAX (past its overflow threshold), so
/// the rounding is decided.
fn check_against(
    tally: &mut Tally,
    label: &dyn Fn() -> String,
    r: f64,
    finite_inputs: bool,
    got: &ExactFloat,
    format: FloatFormat,
    mode: Rounding,
) {
    let overflow = finite_inputs && r.is_infinite();
    let r = if overflow { f64::MAX.copysign(r) } else { r };
    check_reference(tally, label, r, overflow, got, format, mode);
}

/// As [`check_against`]; `decided` when r is known to round like the exact value.
fn check_reference(
    tally: &mut Tally,
    label: &dyn Fn() -> String,
    r: f64,
    decided: bool,
    got: &ExactFloat,
    format: FloatFormat,
    mode: Rounding,
) {
    if r.is_nan() {
        assert!(got.is_nan(), "{}: expected NaN, got {got}", label());
        tally.checked += 1;
        return;
    }
    let expected = round_f64(r, format, mode);
    if r.is_finite() && !decided {
        let (lo, hi) = neighbours(r, REFERENCE_ULPS);
        let (a, b) = (round_f64(lo, format, mode), round_f64(hi, format, mode));
        if a.to_bits() != b.to_bits() {
            tally.skipped += 1;
            return;
        }
    }
    let expected_bits = format
        .encode(&df(expected))
        .expect("a rounded value encodes");
    assert_eq!(
        format.encode(got),
        Some(expected_bits),
        "{}: got {got}, reference {r:e} rounds to {expected:e}",
        label()
    );
    tally.checked += 1;
}

/// The f64 reference of a function.
fn reference(function: Function, x: f64, y: f64) -> f64 {
    match function {
        Function::Inv => 1.0 / x,
        Function::Div => x / y,
        Function::Sqrt => x.sqrt(),
        Function::Rsqrt => 1.0 / x.sqrt(),
        Function::Log2 => x.log2(),
        Function::Exp2 => x.exp2(),
        Function::Ln => x.ln(),
        Function::Exp => x.exp(),
        Function::Sin => x.sin(),
        Function::Cos => x.cos(),
        Function::PowAbs => x.abs().powf(y),
    }
}

/// Second operands of the two-input functions: a few fixed values of each kind.
const SECOND_OPERANDS: [f64; 8] = [3.0, -0.375, 0.5, 2.5, -7.0, 1.0 / 1024.0, 11.0, -1.75];

/// A reproducible stream of 64-bit words (SplitMix64; Steele, Lea and Flood, OOPSLA 2014).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn run_reference(
    format: FloatFormat,
    inputs: &[u64],
    to_f64: &dyn Fn(u64) -> f64,
    tally: &mut Tally,
) {
    for function in Function::ALL {
        for (i, &bits) in inputs.iter().enumerate() {
            let x = to_f64(bits);
            let y = SECOND_OPERANDS[i % SECOND_OPERANDS.len()];
            if function == Function::PowAbs && x.is_nan() {
                // NaN bases are special values, checked by hand above.
                continue;
            }
            let mut exact_inputs = vec![format.decode(bits)];
            if function.arity() == 2 {
                exact_inputs.push(df(y));
            }
            let mut r = reference(function, x, y);
            let positive_result =
                matches!(function, Function::Exp | Function::Exp2 | Function::PowAbs);
            let underflow = positive_result && r == 0.0 && x.is_finite() && x != 0.0;
            if underflow {
                // An f64 underflow of a positive value: below 2^-1074, it rounds in a
                // narrower format like the least positive double.
                r = f64::from_bits(1);
            }
            let before = tally.skipped;
            for mode in MODES {
                let got = eval(function, &exact_inputs, format, mode);
                let label = || format!("{function:?}({x:e}, {y:e}) bits {bits:#x} under {mode:?}");
                let finite_inputs = x.is_finite() && x != 0.0;
                if underflow {
                    check_reference(tally, &label, r, true, &got, format, mode);
                } else {
                    check_against(tally, &label, r, finite_inputs, &got, format, mode);
                }
            }
            if tally.skipped > before && std::env::var_os("VISA_MATH_SKIPS").is_some() {
                println!("skipped {function:?}({x:e}, {y:e}) reference {r:e}");
            }
        }
    }
}

#[test]
fn hf_against_f64() {
    let stride = if exhaustive() { 1 } else { 13 };
    let inputs: Vec<u64> = (0..=0xffffu64).step_by(stride).collect();
    let mut tally = Tally::default();
    let to_f64 = |bits: u64| half::f16::from_bits(bits as u16).to_f64();
    run_reference(HF, &inputs, &to_f64, &mut tally);
    println!(
        "HF: {} inputs, {} results checked, {} skipped (the f64 reference too close to a boundary)",
        inputs.len(),
        tally.checked,
        tally.skipped
    );
    // Skips are exact results under directed modes and rare near-boundary values.
    assert!(tally.skipped * 10 < tally.checked, "too many skips");
}

#[test]
fn f_against_f64() {
    let count = if exhaustive() { 20_000 } else { 500 };
    let mut words = SplitMix(0x7669_7361_2d6d_6174);
    let mut inputs = Vec::new();
    for i in 0..count {
        let word = words.next();
        let bits = if i % 2 == 0 {
            // Any encoding.
            word & 0xffff_ffff
        } else {
            // |x| in [2^-8, 2^8): where every function has finite, normal results.
            let exponent = 127 - 8 + (word >> 32) % 16;
            (word & 0x807f_ffff) | (exponent << 23)
        };
        inputs.push(bits);
    }
    let mut tally = Tally::default();
    let to_f64 = |bits: u64| f64::from(f32::from_bits(bits as u32));
    run_reference(F, &inputs, &to_f64, &mut tally);
    println!(
        "F: {} inputs, {} checked, {} skipped",
        inputs.len(),
        tally.checked,
        tally.skipped
    );
    assert!(tally.skipped * 10 < tally.checked, "too many skips");
}

/// Huge arguments of sin and cos need an exact range reduction: sin(2^127), cos(2^127),
/// sin(1e300), sin and cos of the largest double, against the libm (whose range reduction is
/// exact) with the same skip rule, rounded to F, BF and HF.
#[test]
fn huge_trigonometric_arguments() {
    let arguments = [
        2f64.powi(127),
        -2f64.powi(127),
        1e300,
        f64::MAX,
        1e22,
        32767.0 * std::f64::consts::PI,
    ];
    let mut tally = Tally::default();
    for x in arguments {
        for function in [Function::Sin, Function::Cos] {
            for format in [F, BF, HF] {
                let r = reference(function, x, 0.0);
                for mode in MODES {
                    let got = eval(function, &[df(x)], format, mode);
                    let label = || format!("{function:?}({x:e}) to {format:?} under {mode:?}");
                    check_against(&mut tally, &label, r, true, &got, format, mode);
                }
            }
        }
    }
    assert!(tally.checked >= 100, "{} checked", tally.checked);
    // In DF, the libm's results (within 1 ulp after its exact reduction) are within 1 ulp.
    for x in arguments {
        for function in [Function::Sin, Function::Cos] {
            let r = reference(function, x, 0.0);
            let error = elementary::error_in_ulps(function, &[df(x)], &df(r), DF).expect("arity");
            assert!(
                error.ulps < 1.0,
                "{function:?}({x:e}): libm {r:e} is {} ulp off",
                error.ulps
            );
        }
    }
}

/// DF destinations: the libm's correctly rounded sqrt and division agree exactly (RTNE), and
/// the transcendental results are within one ulp of it (error_in_ulps of the libm value).
#[test]
fn df_against_f64() {
    let mut words = SplitMix(0x6466_2d72_6566);
    for _ in 0..200 {
        let x = f64::from_bits(words.next() & 0x7fff_ffff_ffff_ffff);
        if !x.is_finite() || x == 0.0 {
            continue;
        }
        let got = elementary::sqrt(&df(x), DF, Rounding::Rtne);
        assert_eq!(DF.encode(&got), Some(x.sqrt().to_bits()), "sqrt({x:e})");
        let got = elementary::inv(&df(x), DF, Rounding::Rtne);
        assert_eq!(DF.encode(&got), Some((1.0 / x).to_bits()), "1/{x:e}");
        let small =
            f64::from_bits((words.next() & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000) * 8.0;
        for (function, r) in [
            (Function::Sin, small.sin()),
            (Function::Cos, small.cos()),
            (Function::Log2, x.log2()),
            (Function::Ln, x.ln()),
            (Function::Exp2, small.exp2()),
            (Function::Exp, small.exp()),
        ] {
            let input = match function {
                Function::Log2 | Function::Ln => df(x),
                _ => df(small),
            };
            let error = elementary::error_in_ulps(function, &[input], &df(r), DF).expect("arity");
            assert!(
                error.ulps < 1.0,
                "{function:?}: libm result {r:e} is {} ulp off",
                error.ulps
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// (6) error_in_ulps of known candidates.

#[test]
fn error_in_ulps_of_known_candidates() {
    let sqrt = |candidate: u32| {
        elementary::error_in_ulps(
            Function::Sqrt,
            &[f(2.0)],
            &F.decode(u64::from(candidate)),
            F,
        )
        .expect("arity")
    };
    // sqrt(2^47) = 11863283.2030314441111382364... (60-digit decimal arithmetic), and the
    // ulp of F in [1, 2) is 2^-23: 0x3FB504F3 is 0.20303... ulp below, 0x3FB504F4 0.79696...
    // above; absolutely 0.2030314441... * 2^-23 = 2.4203234208957938e-8.
    let below = sqrt(0x3fb5_04f3);
    assert!(
        (below.ulps - 0.203_031_444_111_138_24).abs() < 1e-12,
        "{below:?}"
    );
    assert!(
        (below.absolute - 2.420_323_420_895_794e-8).abs() < 1e-20,
        "{below:?}"
    );
    let above = sqrt(0x3fb5_04f4);
    assert!(
        (above.ulps - 0.796_968_555_888_861_8).abs() < 1e-12,
        "{above:?}"
    );
    // An exact result: 0 error.
    let exact = elementary::error_in_ulps(Function::Log2, &[f(8.0)], &f(3.0), F).expect("arity");
    assert_eq!(
        exact,
        UlpError {
            ulps: 0.0,
            absolute: 0.0
        }
    );
    // log2(8) = 3; 0x40400001 = 3 + 2^-22, one ulp of F in [2, 4) (2^(1 - 23)).
    let off = elementary::error_in_ulps(Function::Log2, &[f(8.0)], &F.decode(0x4040_0001), F)
        .expect("arity");
    assert_eq!(off.ulps, 1.0);
    assert_eq!(off.absolute, 2f64.powi(-22));
    // At an exact zero the ulp is the denormal quantum 2^-149.
    let denormal = F.decode(1);
    let zero = elementary::error_in_ulps(Function::Sin, &[f(0.0)], &denormal, F).expect("arity");
    assert_eq!(
        zero,
        UlpError {
            ulps: 1.0,
            absolute: 2f64.powi(-149)
        }
    );
    // Overflow: exp2(200) = 2^200 clamps to 2^128, where +inf sits (error 0); the largest
    // finite value (2 - 2^-23) * 2^127 is 2^104 below it, one ulp of the top binade.
    let exp2 = |candidate: &ExactFloat| {
        elementary::error_in_ulps(Function::Exp2, &[f(200.0)], candidate, F).expect("arity")
    };
    assert_eq!(exp2(&ExactFloat::inf(false)).ulps, 0.0);
    assert_eq!(
        exp2(&F.decode(0x7f7f_ffff)),
        UlpError {
            ulps: 1.0,
            absolute: 2f64.powi(104)
        }
    );
    assert_eq!(exp2(&ExactFloat::inf(true)).ulps, 2f64.powi(25));
    // NaN against NaN: 0; NaN against a number or a number against NaN: infinite.
    let nan = ExactFloat::default_nan();
    let e = elementary::error_in_ulps(Function::Sqrt, &[f(-1.0)], &nan, F).expect("arity");
    assert_eq!(e.ulps, 0.0);
    let e = elementary::error_in_ulps(Function::Sqrt, &[f(-1.0)], &f(0.0), F).expect("arity");
    assert_eq!(e.ulps, f64::INFINITY);
    let e = elementary::error_in_ulps(Function::Sqrt, &[f(4.0)], &nan, F).expect("arity");
    assert_eq!(e.ulps, f64::INFINITY);
    // An infinite exact value (log2(0) = -inf): the same infinity is exact, anything else is
    // infinitely far.
    let e = elementary::error_in_ulps(Function::Log2, &[f(0.0)], &ExactFloat::inf(true), F);
    assert_eq!(e.expect("arity").ulps, 0.0);
    let e = elementary::error_in_ulps(Function::Log2, &[f(0.0)], &F.decode(0xff7f_ffff), F);
    assert_eq!(e.expect("arity").ulps, f64::INFINITY);
    // Arity is checked.
    assert!(elementary::error_in_ulps(Function::Div, &[f(1.0)], &nan, F).is_err());
}

/// Exactness comes from the exact value, not from a distance: a correctly rounded 1 for
/// 2^(2^-110), a +0 for 2^-160 and a +inf for 2^200 are approximations, while 2^3 = 8,
/// sqrt(4) = 2, log2(1) = 0 (either zero) and 1/0 = +inf are the values themselves; a
/// quotient that is no binary fraction (1/3) is never exact.
#[test]
fn exactness_comes_from_the_exact_value() {
    let exact = |function, inputs: &[ExactFloat], candidate: &ExactFloat, format| {
        elementary::is_exact(function, inputs, candidate, format).expect("arity")
    };
    let tiny = f(f32::powi(2.0, -110));
    assert!(!exact(
        Function::Exp2,
        std::slice::from_ref(&tiny),
        &f(1.0),
        F
    ));
    assert!(!exact(
        Function::Exp2,
        &[f(-f32::powi(2.0, -110))],
        &f(1.0),
        F
    ));
    assert!(!exact(
        Function::Exp,
        std::slice::from_ref(&tiny),
        &f(1.0),
        F
    ));
    assert!(!exact(Function::Cos, &[f(f32::powi(2.0, -60))], &f(1.0), F));
    assert!(!exact(Function::PowAbs, &[f(2.0), tiny], &f(1.0), F));
    assert!(!exact(Function::Exp2, &[f(-160.0)], &f(0.0), F));
    assert!(!exact(
        Function::Exp2,
        &[f(200.0)],
        &ExactFloat::inf(false),
        F
    ));
    assert!(!exact(Function::Inv, &[f(3.0)], &F.decode(0x3eaa_aaab), F));
    assert!(exact(Function::Exp2, &[f(3.0)], &f(8.0), F));
    assert!(exact(Function::Sqrt, &[f(4.0)], &f(2.0), F));
    assert!(exact(Function::Log2, &[f(1.0)], &f(-0.0), F));
    assert!(exact(Function::Inv, &[f(0.0)], &ExactFloat::inf(false), F));
    assert!(!exact(Function::Inv, &[f(0.0)], &ExactFloat::inf(true), F));
    assert!(exact(Function::PowAbs, &[f(4.0), f(0.5)], &f(2.0), F));
    assert!(elementary::is_exact(Function::Div, &[f(1.0)], &f(1.0), F).is_err());
}

/// The measure near 1 and near 0 is at the exact value's side: 2^(-2^-110) lies just below
/// 1, in the binade whose ulp is 2^-24, so 1 - 2^-24 is one ulp (and a hair less) from it
/// and 1 itself a hair above 0; 2^-300 (F, far below the range) is measured against a
/// nonzero stand-in, so +0 is not at distance 0.
#[test]
fn shortcut_values_are_measured_on_their_side() {
    let below_one = [f(-f32::powi(2.0, -110))];
    let e = elementary::error_in_ulps(Function::Exp2, &below_one, &F.decode(0x3f7f_ffff), F)
        .expect("arity");
    assert!((e.ulps - 1.0).abs() < 1e-15, "{e:?}");
    let e = elementary::error_in_ulps(Function::Exp2, &below_one, &f(1.0), F).expect("arity");
    assert!(e.ulps > 0.0 && e.ulps < 1e-20, "{e:?}");
    let e = elementary::error_in_ulps(Function::Exp2, &[f(-300.0)], &f(0.0), F).expect("arity");
    assert!(e.absolute > 0.0 && e.ulps < 1e-20, "{e:?}");
}

// ---------------------------------------------------------------------------------------
// Timing: `cargo test --release -p visa-spec --test elementary -- --ignored --nocapture`.

#[test]
#[ignore = "timing report, not a check"]
fn time_per_call() {
    let mut words = SplitMix(42);
    // x in [0.5, 8): significands of [1, 2) scaled by 2^-1 .. 2^2.
    let inputs: Vec<ExactFloat> = (0..2000)
        .map(|_| {
            let word = words.next();
            let exponent = 126 + (word >> 40) % 4;
            f(f32::from_bits(
                (word as u32 & 0x007f_ffff) | ((exponent as u32) << 23),
            ))
        })
        .collect();
    for function in [
        Function::Sin,
        Function::Cos,
        Function::Log2,
        Function::Exp2,
        Function::Sqrt,
        Function::PowAbs,
    ] {
        for (name, format) in [("F", F), ("HF", HF), ("DF", DF)] {
            let start = std::time::Instant::now();
            for x in &inputs {
                let args = if function.arity() == 2 {
                    vec![x.clone(), f(0.7)]
                } else {
                    vec![x.clone()]
                };
                let _ = eval(function, &args, format, Rounding::Rtne);
            }
            let per_call = start.elapsed() / inputs.len() as u32;
            println!("{} to {name}: {per_call:?} per call", function.name());
        }
    }
}

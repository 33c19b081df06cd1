//! The two numeric cores of the float math instructions agree bit for bit: spec's correctly
//! rounded elementary functions (`visa_spec::num::elementary`, astro-float) and the oracle's
//! (`visa_oracle::math`, f64 with its own exact fallback), written independently. By default a
//! deterministic sample: every 97th HF and BF input, and 150 F and 40 DF inputs drawn from a
//! fixed seed with edge values mixed in, for every function, format and rounding mode;
//! `VISA_MATH_EXHAUSTIVE=1` takes every HF and BF input and 20,000 F inputs.
#![allow(clippy::unwrap_used)]

use visa_oracle::math::{self as fast, Binary, Format, Rounding as FastRounding, Unary};
use visa_spec::num::elementary::{evaluate, Function};
use visa_spec::num::{FloatFormat, Rounding};

const UNARY: [(Function, Unary); 9] = [
    (Function::Inv, Unary::Inv),
    (Function::Sqrt, Unary::Sqrt),
    (Function::Rsqrt, Unary::Rsqrt),
    (Function::Log2, Unary::Log2),
    (Function::Exp2, Unary::Exp2),
    (Function::Ln, Unary::Ln),
    (Function::Exp, Unary::Exp),
    (Function::Sin, Unary::Sin),
    (Function::Cos, Unary::Cos),
];

const BINARY: [(Function, Binary); 2] = [
    (Function::Div, Binary::Div),
    (Function::PowAbs, Binary::PowAbs),
];

const MODES: [(Rounding, FastRounding); 4] = [
    (Rounding::Rtne, FastRounding::NearestEven),
    (Rounding::Ru, FastRounding::Up),
    (Rounding::Rd, FastRounding::Down),
    (Rounding::Rtz, FastRounding::Zero),
];

fn exhaustive() -> bool {
    std::env::var_os("VISA_MATH_EXHAUSTIVE").is_some()
}

/// xorshift64*: a fixed stream of inputs.
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Spec's result as bits of `format`; NaN as `None` (each core picks its own NaN encoding).
fn spec_bits(f: Function, xs: &[u64], format: FloatFormat, rounding: Rounding) -> Option<u64> {
    let args: Vec<_> = xs.iter().map(|&x| format.decode(x)).collect();
    let r = evaluate(f, &args, format, rounding).unwrap();
    if r.is_nan() {
        return None;
    }
    Some(format.encode(&r).unwrap())
}

fn is_nan(bits: u64, format: FloatFormat) -> bool {
    format.decode(bits).is_nan()
}

/// Every function and mode on `inputs` (pairs for the two-source functions: each input with
/// the next one); the first disagreement fails the test with the operands.
fn agree(name: &str, format: FloatFormat, fast_format: Format, inputs: &[u64]) {
    let mut compared = 0usize;
    for (mode, fast_mode) in MODES {
        for (f, u) in UNARY {
            for &x in inputs {
                let want = spec_bits(f, &[x], format, mode);
                let got = fast::unary(u, x, fast_format, fast_format, fast_mode);
                match want {
                    None => assert!(
                        is_nan(got, format),
                        "{name} {f:?} {mode:?} {x:#x}: oracle {got:#x}, spec NaN"
                    ),
                    Some(w) => assert_eq!(
                        got, w,
                        "{name} {f:?} {mode:?} {x:#x}: oracle {got:#x}, spec {w:#x}"
                    ),
                }
                compared += 1;
            }
        }
        for (f, b) in BINARY {
            for pair in inputs.windows(2) {
                let (x, y) = (pair[0], pair[1]);
                let want = spec_bits(f, &[x, y], format, mode);
                let got = fast::binary(b, x, y, fast_format, fast_format, fast_mode);
                match want {
                    None => assert!(
                        is_nan(got, format),
                        "{name} {f:?} {mode:?} {x:#x} {y:#x}: oracle {got:#x}, spec NaN"
                    ),
                    Some(w) => assert_eq!(
                        got, w,
                        "{name} {f:?} {mode:?} {x:#x} {y:#x}: oracle {got:#x}, spec {w:#x}"
                    ),
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 0);
}

/// The 16-bit inputs: all of them, or every 97th (about 676, zeros, infinities, NaNs,
/// denormals and normals of both signs among them), plus the edge values.
fn sixteen_bit(edges: &[u64]) -> Vec<u64> {
    let step = if exhaustive() { 1 } else { 97 };
    let mut v: Vec<u64> = (0..=0xffffu64).step_by(step).collect();
    v.extend_from_slice(edges);
    v
}

/// `n` inputs of `width` bits from a fixed seed (half anywhere, half with a small exponent
/// near 1), plus the edge values.
fn sampled(width: u32, exp_shift: u32, n: usize, edges: &[u64], seed: u64) -> Vec<u64> {
    let mut s = Stream(seed);
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let mut v: Vec<u64> = edges.to_vec();
    for i in 0..n {
        let r = s.next() & mask;
        if i % 2 == 0 {
            v.push(r);
        } else {
            // Exponent bits near the bias: values in about [1/16, 16).
            let sign_and_frac = r & !(((1u64 << (width - 1 - exp_shift)) - 1) << exp_shift);
            let bias = (1u64 << (width - 2 - exp_shift)) - 1;
            let e = bias - 4 + (s.next() % 8);
            v.push(sign_and_frac | (e << exp_shift));
        }
    }
    v
}

#[test]
fn hf_cores_agree() {
    // ±0, ±1, ±inf, a NaN, the smallest denormal, the largest finite value, 0.5 and 2.
    let edges = [
        0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x7bff, 0x3800, 0x4000,
    ];
    agree("HF", FloatFormat::HF, Format::HF, &sixteen_bit(&edges));
}

#[test]
fn bf_cores_agree() {
    let edges = [
        0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x7f7f, 0x3f00, 0x4000,
    ];
    agree("BF", FloatFormat::BF, Format::BF, &sixteen_bit(&edges));
}

#[test]
fn f_cores_agree() {
    let n = if exhaustive() { 20_000 } else { 150 };
    let edges = [
        0x0000_0000,
        0x8000_0000,
        0x3f80_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x0000_0001,
        0x7f7f_ffff,
        0x3f00_0000,
        0x4000_0000,
        0x4b00_0000,
        0x46ff_fe00,
        0x4f00_0000,
    ];
    agree(
        "F",
        FloatFormat::F,
        Format::F,
        &sampled(32, 23, n, &edges, 0x05ee_df32),
    );
}

#[test]
fn df_cores_agree() {
    let n = if exhaustive() { 400 } else { 40 };
    let edges = [
        0,
        0x8000_0000_0000_0000,
        0x3ff0_0000_0000_0000,
        0x7ff0_0000_0000_0000,
        0x7ff8_0000_0000_0000,
        1,
        0x7fef_ffff_ffff_ffff,
        0x4330_0000_0000_0000,
    ];
    agree(
        "DF",
        FloatFormat::DF,
        Format::DF,
        &sampled(64, 52, n, &edges, 0x005e_eddf),
    );
}

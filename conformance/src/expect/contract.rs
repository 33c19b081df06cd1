//! The allowed interval of an approximated result under an accuracy contract
//! (`visa_spec::contract`, docs/math.md "Accuracy contracts"), as a `within` allowed set
//! writes it (docs/vector-format.md).
//!
//! Every bound is monotone on each side of the exact value x: the farther a candidate from x,
//! the larger its error. So each end of the interval is found by a binary search over the
//! candidates ordered by value, each candidate measured against x by spec's exact core
//! (`elementary::error_in_ulps`). Special cases allow no interval: a NaN, infinite or zero
//! input, a NaN result, and a zero result (IEEE 754 fixes those values; a contract bounds
//! only the approximation of a number).

use visa_spec::contract::{Bound, MathFn};
use visa_spec::num::elementary::{error_in_ulps, evaluate, Function};
use visa_spec::num::{mul, ExactFloat, FloatFormat, Rounding, Value};

/// The spec core's function of a contract's function, and the results' format.
fn core(f: MathFn) -> Function {
    match f {
        MathFn::Inv => Function::Inv,
        MathFn::Log2 => Function::Log2,
        MathFn::Exp2 => Function::Exp2,
        MathFn::Sqrt => Function::Sqrt,
        MathFn::Rsqrt => Function::Rsqrt,
        MathFn::Sin => Function::Sin,
        MathFn::Cos => Function::Cos,
        MathFn::Pow => Function::PowAbs,
        MathFn::Div => Function::Div,
    }
}

/// The order key of a float's bits: the integers in the order of the values (both zeros are
/// 0), so that stepping the key steps to the neighbouring float.
fn key(bits: u64, format: FloatFormat) -> i64 {
    let sign = 1u64 << (format.width() - 1);
    let magnitude = (bits & (sign - 1)) as i64;
    if bits & sign != 0 {
        -magnitude
    } else {
        magnitude
    }
}

/// The bits of an order key (a negative key is a negative float).
fn unkey(k: i64, format: FloatFormat) -> u64 {
    let sign = 1u64 << (format.width() - 1);
    if k < 0 {
        sign | k.unsigned_abs()
    } else {
        k as u64
    }
}

/// The key of +inf: the largest key a number of the format has.
fn inf_key(format: FloatFormat) -> i64 {
    let all_ones = (1u64 << format.exponent_bits()) - 1;
    (all_ones << format.fraction_bits()) as i64
}

/// The interval `(lo, hi)` (bits of `format`) of the results `bound` allows for `f` at
/// `inputs` (bits of `format`), around `result`, the correctly rounded value; `None` where
/// only `result` is allowed (an exact bound, or a special case).
pub fn interval(
    f: MathFn,
    bound: Bound,
    inputs: &[u64],
    result: u64,
    format: FloatFormat,
) -> Option<(u64, u64)> {
    let args: Vec<ExactFloat> = inputs.iter().map(|&x| format.decode(x)).collect();
    let special = |v: &ExactFloat| v.is_nan() || v.is_inf() || v.is_zero();
    let r = format.decode(result);
    if args.iter().any(special) || r.is_nan() || r.is_zero() {
        return None;
    }
    let function = core(f);
    let allowed = |bits: u64| -> bool {
        let candidate = format.decode(bits);
        if candidate.is_nan() {
            return false;
        }
        let Ok(e) = error_in_ulps(function, &args, &candidate, format) else {
            return false;
        };
        within(bound, &args, &candidate, e.ulps, e.absolute)
    };
    match bound {
        Bound::Exact => None,
        Bound::AbsoluteInRange { range, .. } if !in_range(&args[0], range) => {
            // Nothing is stated past the range: any number a sine or cosine can take.
            Some((format_one(format, true), format_one(format, false)))
        }
        Bound::PowIntel => pow_intel(&args, format),
        _ => {
            let r_key = key(result, format);
            let top = inf_key(format);
            let hi = search(r_key, top, |k| allowed(unkey(k, format)));
            let lo = -search(-r_key, top, |k| allowed(unkey(-k, format)));
            (lo != hi).then(|| (unkey(lo, format), unkey(hi, format)))
        }
    }
}

/// Whether a candidate with error `ulps` and `absolute` against the exact value is inside
/// `bound` (not [`Bound::Exact`] or [`Bound::PowIntel`], which [`interval`] settles itself).
fn within(
    bound: Bound,
    args: &[ExactFloat],
    candidate: &ExactFloat,
    ulps: f64,
    absolute: f64,
) -> bool {
    match bound {
        Bound::Exact | Bound::PowIntel => false,
        Bound::Ulps(n) => ulps <= n,
        Bound::Log2Intel => {
            if (0.5..=2.0).contains(&to_f64(&args[0])) {
                absolute <= 2f64.powi(-21)
            } else {
                // Relative to |log2 x|, at most |candidate| + absolute: lenient by a factor
                // of at most 1 + 2^-21 at the interval's ends.
                absolute <= 2f64.powi(-21) * (to_f64(candidate).abs() + absolute)
            }
        }
        Bound::AbsoluteInRange { abs, .. } => absolute <= abs,
    }
}

/// The largest k in [from, top] with `ok(k)`, `ok` true at `from` and monotone (true, then
/// false); `from` itself when no larger key is allowed.
fn search(from: i64, top: i64, ok: impl Fn(i64) -> bool) -> i64 {
    let (mut good, mut bad) = (from, top + 1);
    // Gallop first: the allowed keys lie close to `from` but for absolute bounds.
    let mut step = 1i64;
    while good + step < bad {
        if ok(good + step) {
            good += step;
            step = step.saturating_mul(2);
        } else {
            bad = good + step;
            break;
        }
    }
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    good
}

fn to_f64(v: &ExactFloat) -> f64 {
    let format = FloatFormat::DF;
    let rounded = format.round(v, Rounding::Rtne);
    format.encode(&rounded).map_or(f64::NAN, f64::from_bits)
}

fn in_range(x: &ExactFloat, range: f64) -> bool {
    to_f64(x).abs() <= range
}

/// ±1.0 in `format`.
fn format_one(format: FloatFormat, negative: bool) -> u64 {
    let bias = (1u64 << (format.exponent_bits() - 1)) - 1;
    let one = bias << format.fraction_bits();
    if negative {
        one | 1u64 << (format.width() - 1)
    } else {
        one
    }
}

/// Intel's POW: 2^(y * L), L a LOG result of |x| within [`Bound::Log2Intel`], the product
/// rounded to the format (every mode: the finalizer's MUL rounds in %cr0's mode), the power
/// an EXP result within 4 ulps. EXP is increasing, so the interval runs from the lowest EXP
/// result at the smallest product to the highest at the largest.
fn pow_intel(args: &[ExactFloat], format: FloatFormat) -> Option<(u64, u64)> {
    let (x, y) = (args.first()?.clone().abs(), args.get(1)?);
    let rounded_log = evaluate(
        Function::Log2,
        std::slice::from_ref(&x),
        format,
        Rounding::Rtne,
    )
    .ok()?;
    let log_bits = format.encode(&rounded_log)?;
    let (l_lo, l_hi) = interval(
        MathFn::Log2,
        Bound::Log2Intel,
        &[format.encode(&x)?],
        log_bits,
        format,
    )
    .unwrap_or((log_bits, log_bits));
    let mut products = Vec::new();
    for l in [l_lo, l_hi] {
        for mode in [Rounding::Rd, Rounding::Ru] {
            let exact = mul(&Value::Float(format.decode(l)), &Value::Float(y.clone())).ok()?;
            products.push(format.round(exact.as_float()?, mode));
        }
    }
    let (mut lo, mut hi): (Option<u64>, Option<u64>) = (None, None);
    for p in products {
        let pb = format.encode(&p)?;
        let e = evaluate(
            Function::Exp2,
            std::slice::from_ref(&p),
            format,
            Rounding::Rtne,
        )
        .ok()?;
        let eb = format.encode(&e)?;
        let (a, b) =
            interval(MathFn::Exp2, Bound::Ulps(4.0), &[pb], eb, format).unwrap_or((eb, eb));
        let (ka, kb) = (key(a, format), key(b, format));
        lo = Some(lo.map_or(a, |l| if ka < key(l, format) { a } else { l }));
        hi = Some(hi.map_or(b, |h| if kb > key(h, format) { b } else { h }));
    }
    Some((lo?, hi?))
}

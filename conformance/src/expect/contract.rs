//! The allowed interval of an approximated result under an accuracy contract
//! (`visa_model::contract`, docs/math.md "Accuracy contracts"), as a `within` allowed set
//! writes it (docs/vector-format.md).
//!
//! Every bound is monotone on each side of the exact value x: the farther a candidate from x,
//! the larger its error. So each end of the interval is found by a binary search over the
//! candidates ordered by value, each candidate measured against x by spec's exact core
//! (`elementary::error_in_ulps`). Special cases allow no interval: a NaN, infinite or zero
//! input and a NaN result (IEEE 754 fixes those values; a contract bounds only the
//! approximation of a number), and an exact result: one whose exact value the format
//! represents, as spec's exact core decides it (`elementary::is_exact`; but for INVM and
//! RSQTM, whose results are all approximations). Every other result is inexact and has its
//! interval, whatever the correctly rounded value: 1 for 2^x near 0, 0 or the smallest
//! denormal for an underflow, an infinity for an overflow.

use visa_model::contract::{Bound, Contract, MathFn};
use visa_model::errata::{self, Readings};
use visa_model::ir::{Dst, Opcode};
use visa_model::types::{exec_type, DataType};
use visa_spec::num::elementary::{error_in_ulps, evaluate, is_exact, Function};
use visa_spec::num::{
    convert, flush_input, mul, ExactFloat, FloatFormat, FloatMode, Rounding, Value,
};
use visa_spec::operand::{evaluate_ch_en, source_elements};

use crate::case::{compile, Compiled};
use crate::vector::{Allowed, Case, Expect, Interval, NanType, Pattern, Within};

/// The spec core's function of a contract's function.
pub fn core(f: MathFn) -> Function {
    match f {
        MathFn::Inv => Function::Inv,
        MathFn::Log2 => Function::Log2,
        MathFn::Exp2 => Function::Exp2,
        MathFn::Ln => Function::Ln,
        MathFn::Exp => Function::Exp,
        MathFn::Sqrt => Function::Sqrt,
        MathFn::Rsqrt => Function::Rsqrt,
        MathFn::Sin => Function::Sin,
        MathFn::Cos => Function::Cos,
        MathFn::Pow => Function::PowAbs,
        MathFn::Div | MathFn::Invm => Function::Div,
        MathFn::Rsqtm => Function::Rsqrt,
    }
}

/// The order key of a float's bits: the integers in the order of the values (both zeros are
/// 0), so that stepping the key steps to the neighbouring float.
pub fn key(bits: u64, format: FloatFormat) -> i64 {
    let sign = 1u64 << (format.width() - 1);
    let magnitude = (bits & (sign - 1)) as i64;
    if bits & sign != 0 {
        -magnitude
    } else {
        magnitude
    }
}

/// The bits of an order key (a negative key is a negative float).
pub fn unkey(k: i64, format: FloatFormat) -> u64 {
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
    interval_of(f, bound, &args, result, format)
}

/// [`interval`] with the inputs as exact values (of any source type).
pub fn interval_of(
    f: MathFn,
    bound: Bound,
    args: &[ExactFloat],
    result: u64,
    format: FloatFormat,
) -> Option<(u64, u64)> {
    let special = |v: &ExactFloat| v.is_nan() || v.is_inf() || v.is_zero();
    let r = format.decode(result);
    if args.iter().any(special) || r.is_nan() {
        return None;
    }
    let function = core(f);
    // A result that is the exact value is exact under every contract (docs/math.md,
    // "Accuracy contracts": the published figures bound approximations), but for the
    // early-out macros, whose every non-special result is an initial approximation
    // (MACRO-APPROXIMATION: INVM's x * (1/y) of 6/3 may be 2's neighbour). Whether it is
    // comes from the exact value, never from a distance: 2^(2^-110) rounds to 1 but is not 1.
    let approximated = matches!(f, MathFn::Invm | MathFn::Rsqtm);
    let exact = is_exact(function, args, &r, format).unwrap_or(true);
    if exact && !approximated {
        return None;
    }
    // A NaN function value has no interval, also where the destination made the result a
    // number (.sat writes 0 for a NaN).
    if evaluate(function, args, format, Rounding::Rtne).map_or(true, |v| v.is_nan()) {
        return None;
    }
    let r_key = key(result, format);
    let allowed = |bits: u64| -> bool {
        let candidate = format.decode(bits);
        if candidate.is_nan() {
            return false;
        }
        let Ok(e) = error_in_ulps(function, args, &candidate, format) else {
            return false;
        };
        // A candidate above the correctly rounded result lies at or above the exact value,
        // one below it at or below.
        let above = key(bits, format) > r_key;
        within(bound, args, &candidate, above, e.ulps, e.absolute)
    };
    match bound {
        Bound::Exact => None,
        Bound::AbsoluteInRange { range, .. } if !in_range(&args[0], range) => {
            // Nothing is stated past the range: any number a sine or cosine can take.
            Some((format_one(format, true), format_one(format, false)))
        }
        Bound::PowIntel => pow_intel(args, format),
        _ => {
            let top = inf_key(format);
            let hi = search(r_key, top, |k| allowed(unkey(k, format)));
            let lo = -search(-r_key, top, |k| allowed(unkey(-k, format)));
            (lo != hi).then(|| (unkey(lo, format), unkey(hi, format)))
        }
    }
}

/// Whether a candidate with error `ulps` and `absolute` against the exact value (`above` it
/// or below) is inside `bound` (not [`Bound::Exact`] or [`Bound::PowIntel`], which [`interval`] settles itself).
fn within(
    bound: Bound,
    args: &[ExactFloat],
    candidate: &ExactFloat,
    above: bool,
    ulps: f64,
    absolute: f64,
) -> bool {
    match bound {
        Bound::Exact | Bound::PowIntel => false,
        Bound::Ulps(n) => ulps <= n,
        // An infinity is infinitely far from a finite value, relatively.
        Bound::Relative(_) if candidate.is_inf() => false,
        Bound::Relative(rel) => {
            // The exact value is the candidate less the error above it, plus it below.
            let c = to_f64(candidate);
            let exact = if above { c - absolute } else { c + absolute };
            absolute.is_finite() && absolute <= rel * exact.abs()
        }
        Bound::Log2Intel => {
            if (0.5..=2.0).contains(&to_f64(&args[0])) {
                absolute <= 2f64.powi(-21)
            } else {
                // Relative to |log2 x|, at most |candidate| + absolute: lenient by a factor
                // of at most 1 + 2^-21 at the interval's ends.
                absolute.is_finite()
                    && absolute <= 2f64.powi(-21) * (to_f64(candidate).abs() + absolute)
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

/// `v` rounded to the nearest f64.
pub fn to_f64(v: &ExactFloat) -> f64 {
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

/// The approximated instruction of a case: its contract function, the one the readings in
/// force define (`None` for other instructions, and for a reading whose function no contract
/// bounds: POW of a signed base, the `i += 2` loops).
fn math_fn(opcode: Opcode, readings: &Readings) -> Option<MathFn> {
    let literal = |id| readings.is_literal(id);
    Some(match opcode {
        Opcode::Inv => MathFn::Inv,
        Opcode::Log if literal(errata::LOG_BASE) => MathFn::Ln,
        Opcode::Log => MathFn::Log2,
        Opcode::Exp if literal(errata::EXP_BASE) => MathFn::Exp,
        Opcode::Exp => MathFn::Exp2,
        Opcode::Sqrt if !literal(errata::SQRT_LOOP_STEP) => MathFn::Sqrt,
        Opcode::Rsqrt => MathFn::Rsqrt,
        Opcode::Sin if !literal(errata::SIN_LOOP_STEP) => MathFn::Sin,
        Opcode::Cos => MathFn::Cos,
        Opcode::Pow if !literal(errata::POW_NEGATIVE_BASE) => MathFn::Pow,
        // The early-out macros (MACRO-APPROXIMATION): the destination only, the predicate
        // destination stays exact.
        Opcode::Invm => MathFn::Invm,
        Opcode::Rsqtm => MathFn::Rsqtm,
        _ => return None,
    })
}

/// `expect` with the destination elements of an approximated math instruction (a case of
/// one INV, LOG, EXP, SQRT, RSQRT, SIN, COS, POW, INVM or RSQTM; the early-out predicate of
/// INVM and RSQTM stays exact) widened to the interval `contract`
/// allows around the correctly rounded value the expectation holds (`within`). Each enabled
/// channel's inputs are its sources as the instruction reads them: after the source
/// modifiers and denormals flushed per %cr0 (and for LOG, SQRT and RSQRT in ALT mode, the
/// absolute value of src0). The interval's ends are flushed, mapped by ALT mode and
/// saturated as the result is. Other cases are unchanged.
pub fn widen_math(case: &Case, expect: Expect, contract: Contract) -> Expect {
    let Expect::State(mut state) = expect else {
        return expect;
    };
    let Some(site) = math_site(case) else {
        return Expect::State(state);
    };
    let Some(allowed) = state.vars.get_mut(&site.insn.var) else {
        return Expect::State(state);
    };
    // The correctly rounded results: the bytes spec's run wrote, the set's first pattern.
    let Some(within) = allowed
        .patterns()
        .first()
        .and_then(|p| lanes(&site, contract, p))
    else {
        return Expect::State(state);
    };
    if !within.elements.is_empty() {
        let base = std::mem::replace(allowed, Allowed::AnyOf(Vec::new()));
        let base = match base {
            Allowed::Bytes(p) => Allowed::AnyOf(vec![p]),
            other => other,
        };
        *allowed = Allowed::Within {
            base: Box::new(base),
            within,
        };
    }
    Expect::State(state)
}

/// A generated vector file with the intervals of `contract` in place of the default's.
pub fn rewiden_file(
    mut file: crate::vector::manifest::GoldenFile,
    contract: Contract,
) -> Result<crate::vector::manifest::GoldenFile, String> {
    let mut cases = Vec::with_capacity(file.cases);
    for (n, line) in file.text.lines().enumerate() {
        let mut case =
            Case::from_line(line).map_err(|e| format!("{}:{}: {e}", file.file, n + 1))?;
        if let Some(expect) = case.expect.take() {
            case.expect = Some(widen_math(&case, narrow(expect), contract));
        }
        cases.push(case);
    }
    file.text = crate::vector::write_cases(&cases);
    Ok(file)
}

/// `expect` without the intervals of [`widen_math`]: each `within` set back to its base
/// (the exact results).
pub fn narrow(expect: Expect) -> Expect {
    let Expect::State(mut state) = expect else {
        return expect;
    };
    for allowed in state.vars.values_mut() {
        if let Allowed::Within { base, .. } = allowed {
            let base = std::mem::replace(base.as_mut(), Allowed::AnyOf(Vec::new()));
            *allowed = match base {
                Allowed::AnyOf(mut ps) if ps.len() == 1 => Allowed::Bytes(ps.remove(0)),
                other => other,
            };
        }
    }
    Expect::State(state)
}

/// One enabled channel of an approximated math instruction: the destination element it
/// writes and its inputs as the instruction reads them.
#[derive(Clone, Debug)]
pub struct Channel {
    /// Index of the destination element (in elements of the destination type).
    pub element: usize,
    pub args: Vec<ExactFloat>,
}

/// The one instruction of a case whose sources are floats, with each enabled channel's
/// inputs.
#[derive(Clone, Debug)]
pub struct FloatInsn {
    pub opcode: Opcode,
    /// The destination variable and type.
    pub var: String,
    pub ty: DataType,
    pub sat: bool,
    /// The float modes of `%cr0` (ALT mode maps the results past the range).
    pub mode: FloatMode,
    /// The case's errata readings.
    pub readings: Readings,
    pub channels: Vec<Channel>,
}

/// The approximated math instruction of a one-instruction case, as the accuracy
/// contracts see it.
#[derive(Clone, Debug)]
pub struct MathSite {
    pub f: MathFn,
    pub insn: FloatInsn,
}

/// The one instruction of a case with the float inputs of each enabled channel (after the
/// source modifiers, denormals flushed per %cr0), its destination and the case's modes and
/// readings; `None` for a case of several instructions, of a non-general destination, or
/// with a source that is not a float.
pub fn float_insn(case: &Case) -> Option<FloatInsn> {
    let Compiled {
        program,
        config,
        state,
    } = compile(case).ok()?;
    let readings = config.readings;
    let [insn] = program.insns.as_slice() else {
        return None;
    };
    let Dst::General {
        var,
        row,
        col,
        hstride,
        ty,
    } = insn.dst
    else {
        return None;
    };
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let ch_en = evaluate_ch_en(insn, &state);
    let mut srcs = Vec::new();
    for src in &insn.srcs {
        let values = source_elements(&program, &state, src, insn.exec_size, &readings).ok()?;
        srcs.push((values, exec_type(src.ty())));
    }
    let first =
        row as usize * (super::nan::row_size(&program, &readings) / ty.size()) + col as usize;
    let mut channels = Vec::new();
    for i in 0..insn.exec_size as usize {
        if ch_en >> i & 1 == 0 {
            continue;
        }
        let mut args = Vec::with_capacity(srcs.len());
        for (values, src_ty) in &srcs {
            let v = flush_input(values.get(i)?.clone(), *src_ty, &mode, &readings);
            args.push(v.as_float()?.clone());
        }
        channels.push(Channel {
            element: first + i * hstride as usize,
            args,
        });
    }
    Some(FloatInsn {
        opcode: insn.opcode,
        var: program.vars.get(var).name.clone(),
        ty,
        sat: insn.sat,
        mode,
        readings,
        channels,
    })
}

/// The case's approximated math instruction and the inputs of each enabled channel (after
/// the source modifiers and denormals flushed per %cr0); `None` for any other case.
pub fn math_site(case: &Case) -> Option<MathSite> {
    let insn = float_insn(case)?;
    let f = math_fn(insn.opcode, &insn.readings)?;
    Some(MathSite { f, insn })
}

/// The intervals of the destination's enabled elements around the results `expected`
/// holds.
fn lanes(site: &MathSite, contract: Contract, expected: &Pattern) -> Option<Within> {
    let (f, site) = (site.f, &site.insn);
    let ty = site.ty;
    let bound = contract.bound(f, ty)?;
    let nan_ty = NanType::of(ty)?;
    let format = FloatFormat::of(ty)?;
    // ALT mode (F): LOG, SQRT and RSQRT compute on |src0| (MATH-ALT-ABS), and an infinite
    // end becomes the largest finite value as the result does (`finish`).
    let alt_abs = site.mode.alt_f && matches!(f, MathFn::Log2 | MathFn::Sqrt | MathFn::Rsqrt);
    let size = ty.size();
    let mut elements = Vec::new();
    for channel in &site.channels {
        let at = channel.element * size;
        // A result the pattern does not pin (a NaN freed, an undefined byte) has no interval.
        let Some(result) = pinned(expected, at, size) else {
            continue;
        };
        // MACRO-EARLY-OUT literal: an infinite or zero result sets the early-out bit, so the
        // value is the special one (a NaN result has no interval under any reading; under the
        // resolved reading an underflow to zero is an approximation like any other).
        let early_out = matches!(f, MathFn::Invm | MathFn::Rsqtm)
            && site.readings.is_literal(errata::MACRO_EARLY_OUT)
            && (format.decode(result).is_inf() || format.decode(result).is_zero());
        if early_out {
            continue;
        }
        let abs_args;
        let args = if alt_abs {
            abs_args = channel
                .args
                .iter()
                .enumerate()
                .map(|(k, a)| if k == 0 { a.clone().abs() } else { a.clone() })
                .collect::<Vec<_>>();
            &abs_args
        } else {
            &channel.args
        };
        let Some((lo, hi)) = interval_of(f, bound, args, result, format) else {
            continue;
        };
        let (lo, hi) = finish(lo, hi, site.sat, &site.mode, ty, &site.readings, format)?;
        if lo != hi {
            elements.push(Interval {
                at: channel.element,
                lo,
                hi,
            });
        }
    }
    elements.sort_by_key(|iv| iv.at);
    elements.dedup_by_key(|iv| iv.at);
    Some(Within {
        ty: nan_ty,
        elements,
    })
}

/// The element of `size` bytes at byte `at` that `pattern` pins, as an integer.
pub fn pinned(pattern: &Pattern, at: usize, size: usize) -> Option<u64> {
    let bytes: Vec<u8> = pattern
        .0
        .get(at..at + size)
        .and_then(|b| b.iter().copied().collect())?;
    Some(le(&bytes))
}

/// The interval's ends as the destination receives them: flushed when the type's
/// denormals are, saturated to [0, 1] with `.sat` (both monotone, so the ends stay ends).
fn finish(
    lo: u64,
    hi: u64,
    sat: bool,
    mode: &FloatMode,
    ty: DataType,
    readings: &Readings,
    format: FloatFormat,
) -> Option<(u64, u64)> {
    let end = |bits: u64| -> Option<u64> {
        let v = Value::Float(format.decode(bits));
        convert(&v, ty, sat, mode, readings).ok()
    };
    Some((end(lo)?, end(hi)?))
}

/// Little-endian bytes as an integer.
fn le(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0u64, |v, &b| v << 8 | u64::from(b))
}

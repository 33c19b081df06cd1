//! The allowed interval of an approximated result under each accuracy contract
//! (`expect::contract::interval`), against ends derived by hand or in f64 arithmetic
//! independently of spec's exact core.
#![allow(clippy::unwrap_used)]

use visa_conformance::expect::contract::interval;
use visa_spec::contract::{Bound, Contract, MathFn};
use visa_spec::num::FloatFormat;
use visa_spec::types::DataType;

const F: FloatFormat = FloatFormat::F;

fn f(x: f32) -> u64 {
    u64::from(x.to_bits())
}

#[test]
fn inv_of_3_within_one_ulp() {
    // 1/3 = 0x3eaaaaaa + 2/3 ulp (ulp 2^-25 in [0.25, 0.5)); rounded to nearest: 0x3eaaaaab.
    // Within 1 ulp: 0x3eaaaaaa (2/3 away) and 0x3eaaaaab (1/3); 0x3eaaaaa9 is 5/3 away and
    // 0x3eaaaaac 4/3.
    let b = Contract::IntelHw.bound(MathFn::Inv, DataType::F).unwrap();
    assert_eq!(
        interval(MathFn::Inv, b, &[f(3.0)], 0x3eaa_aaab, F),
        Some((0x3eaa_aaaa, 0x3eaa_aaab))
    );
}

#[test]
fn sqrt_of_2_within_four_ulps() {
    // sqrt(2) = 0x3fb504f3 + 0.2030 ulp (the integer squares 11863283^2 < 2^47 <
    // 11863284^2 and 2^47 - 11863283^2 = 4817191 = 0.2030 * 2 * 11863283). Within 4 ulps:
    // 0x3fb504f0 (3.203 away) up to 0x3fb504f7 (3.797 away).
    let b = Contract::IntelHw.bound(MathFn::Sqrt, DataType::F).unwrap();
    assert_eq!(
        interval(MathFn::Sqrt, b, &[f(2.0)], 0x3fb5_04f3, F),
        Some((0x3fb5_04f0, 0x3fb5_04f7))
    );
}

#[test]
fn sqrt_of_4_reaches_into_the_binade_below_at_its_ulp() {
    // sqrt(4) = 2 exactly; ulp(2) = 2^-22. Above: 0x40000004 is 4 ulps away. Below, the floats
    // are 2^-23 apart, so 4 ulps = 8 steps: 0x3ffffff8.
    let b = Contract::IntelHw.bound(MathFn::Sqrt, DataType::F).unwrap();
    assert_eq!(
        interval(MathFn::Sqrt, b, &[f(4.0)], f(2.0), F),
        Some((0x3fff_fff8, 0x4000_0004))
    );
}

#[test]
fn special_cases_and_exact_bounds_allow_no_interval() {
    let b = Contract::IntelHw.bound(MathFn::Inv, DataType::F).unwrap();
    // 1/0 = inf, 1/inf = 0, 1/NaN = NaN: IEEE 754's values, exact.
    assert_eq!(
        interval(MathFn::Inv, b, &[f(0.0)], f(f32::INFINITY), F),
        None
    );
    assert_eq!(
        interval(MathFn::Inv, b, &[f(f32::INFINITY)], f(0.0), F),
        None
    );
    assert_eq!(
        interval(MathFn::Inv, b, &[0x7fc0_0000], 0x7fc0_0000, F),
        None
    );
    // log2(1) = +0 exactly.
    let l = Contract::IntelHw.bound(MathFn::Log2, DataType::F).unwrap();
    assert_eq!(interval(MathFn::Log2, l, &[f(1.0)], f(0.0), F), None);
    // The correctly rounded contract allows the one value.
    assert_eq!(
        interval(MathFn::Sqrt, Bound::Exact, &[f(2.0)], 0x3fb5_04f3, F),
        None
    );
}

/// The floats of `[x - d, x + d]` for x and d in f64 (x within 1e-15 relative of the exact
/// value, far less than an F step from any end in these cases).
fn f64_ends(x: f64, d: f64) -> (u64, u64) {
    let lo = (x - d) as f32;
    let lo = if f64::from(lo) < x - d {
        lo.next_up()
    } else {
        lo
    };
    let hi = (x + d) as f32;
    let hi = if f64::from(hi) > x + d {
        hi.next_down()
    } else {
        hi
    };
    (f(lo), f(hi))
}

#[test]
fn log2_is_absolute_on_half_to_two_and_relative_elsewhere() {
    let l = Contract::IntelHw.bound(MathFn::Log2, DataType::F).unwrap();
    let d = 2f64.powi(-21);
    // log2(1.5) = 0.58496250072115619: absolute 2^-21.
    let x = 1.5f64.log2();
    let r = f(x as f32);
    assert_eq!(
        interval(MathFn::Log2, l, &[f(1.5)], r, F),
        Some(f64_ends(x, d))
    );
    // log2(10) = 3.3219280948873622: relative 2^-21, an absolute 2^-21 * 3.32.
    let x = 10f64.log2();
    let r = f(x as f32);
    assert_eq!(
        interval(MathFn::Log2, l, &[f(10.0)], r, F),
        Some(f64_ends(x, d * x))
    );
}

#[test]
fn sin_is_absolute_inside_its_range_and_free_in_minus_one_to_one_beyond() {
    let s = Contract::IntelHw.bound(MathFn::Sin, DataType::F).unwrap();
    // sin(1) = 0.8414709848078965, within 0.0008.
    let x = 1f64.sin();
    assert_eq!(
        interval(MathFn::Sin, s, &[f(1.0)], f(x as f32), F),
        Some(f64_ends(x, 0.0008))
    );
    // 1e6 > 32767*pi = 102940.4...: any number in [-1, 1].
    let r = f(1e6f64.sin() as f32);
    assert_eq!(
        interval(MathFn::Sin, s, &[f(1e6)], r, F),
        Some((f(-1.0), f(1.0)))
    );
}

#[test]
fn opencl_half_sin_is_two_ulps() {
    // sin(1) in HF: 0.8414709848 in [0.5, 1), where HF is (1 + m/1024) / 2 with ulp 2^-11:
    // m = (2 * 0.8414709848 - 1) * 1024 = 699.3326, so the exact value is 0x3abb (m = 699 =
    // 0x2bb) + 0.3326 ulp. Within 2 ulps: m from 697.33 to 701.33, i.e. 698 (0x3aba, 1.33
    // away) to 701 (0x3abd, 1.67 away); 697 is 2.33 away and 702 2.67.
    let s = Contract::OpenclFull
        .bound(MathFn::Sin, DataType::HF)
        .unwrap();
    assert_eq!(
        interval(MathFn::Sin, s, &[0x3c00], 0x3abb, FloatFormat::HF),
        Some((0x3aba, 0x3abd))
    );
}

#[test]
fn pow_composes_log_and_exp() {
    // pow(2, 3) = 8: LOG(2) within 2^-21, times 3, EXP within 4 ulps: about 1.5e-6
    // relative either way, inside 2^-17 and wider than EXP's 4 ulps (4.8e-7) alone.
    let p = Contract::IntelHw.bound(MathFn::Pow, DataType::F).unwrap();
    let (lo, hi) = interval(MathFn::Pow, p, &[f(2.0), f(3.0)], f(8.0), F).unwrap();
    let (lo, hi) = (f32::from_bits(lo as u32), f32::from_bits(hi as u32));
    assert!(lo < 8.0 && hi > 8.0, "{lo} {hi}");
    assert!(f64::from(lo) >= 8.0 * (1.0 - 2f64.powi(-17)), "{lo}");
    assert!(f64::from(hi) <= 8.0 * (1.0 + 2f64.powi(-17)), "{hi}");
    assert!(f64::from(hi) - 8.0 > 8.0 * 4.0 * 2f64.powi(-23), "{hi}");
}

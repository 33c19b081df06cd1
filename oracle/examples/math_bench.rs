//! Time per F lane of the oracle's math core against the platform's libm on the same
//! inputs (f32 widened to f64, the std f64 function, cast back to f32 and stored in the
//! same u64 lanes: "libm time"), both loops alternated, best of 11 runs each.
//!
//! `cargo run --release -p visa-oracle --example math_bench`

use std::hint::black_box;
use std::time::Instant;

use visa_oracle::math::{unary_batch, Unary};
use visa_oracle::softfloat::{Format, Rounding};

const LANES: usize = 1 << 20;
const REPEATS: usize = 11;

fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed | 1;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

/// F inputs with magnitudes 2^lo .. 2^hi, random fraction, sign if `signed`.
fn inputs(lo: i32, hi: i32, signed: bool, seed: u64) -> Vec<u64> {
    let mut next = xorshift(seed);
    (0..LANES)
        .map(|_| {
            let r = next();
            let e = lo + (r >> 40) as i32 % (hi - lo);
            let frac = r & 0x7f_ffff;
            let sign = if signed && r >> 63 != 0 { 1 << 31 } else { 0 };
            sign | (((e + 127) as u64) << 23) | frac
        })
        .collect()
}

fn libm(f: Unary, x: f64) -> f64 {
    match f {
        Unary::Inv => 1.0 / x,
        Unary::Sqrt => x.sqrt(),
        Unary::Rsqrt => 1.0 / x.sqrt(),
        Unary::Log2 => x.log2(),
        Unary::Exp2 => x.exp2(),
        Unary::Ln => x.ln(),
        Unary::Exp => x.exp(),
        Unary::Sin => x.sin(),
        Unary::Cos => x.cos(),
    }
}

/// Runs the two loops alternately (so both see the same machine load) and keeps the best
/// time per lane of each, in ns.
fn best_pair(mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let (mut ta, mut tb) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..REPEATS {
        let t = Instant::now();
        a();
        ta = ta.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        b();
        tb = tb.min(t.elapsed().as_secs_f64());
    }
    let per_lane = 1e9 / LANES as f64;
    (ta * per_lane, tb * per_lane)
}

fn main() {
    let streams: [(Unary, i32, i32, bool); 6] = [
        (Unary::Sin, -8, 7, true),
        (Unary::Log2, -40, 40, false),
        (Unary::Exp2, -8, 7, true),
        (Unary::Sqrt, -40, 40, false),
        (Unary::Rsqrt, -40, 40, false),
        (Unary::Inv, -40, 40, true),
    ];
    for rnd in [Rounding::NearestEven, Rounding::Up] {
        for (i, &(f, lo, hi, signed)) in streams.iter().enumerate() {
            let xs = inputs(lo, hi, signed, 0x5eed + i as u64);
            let mut out = vec![0u64; LANES];
            let mut exact = 0;
            let mut lout = vec![0u64; LANES];
            let (oracle, lib) = best_pair(
                || {
                    exact = unary_batch(f, Format::F, Format::F, rnd, black_box(&xs), &mut out);
                    black_box(&out);
                },
                || {
                    for (o, &x) in lout.iter_mut().zip(black_box(&xs)) {
                        let v = f64::from(f32::from_bits(x as u32));
                        *o = u64::from((libm(f, v) as f32).to_bits());
                    }
                    black_box(&lout);
                },
            );
            println!(
                "{f:?} {rnd:?}: oracle {oracle:.2} ns/lane, libm {lib:.2} ns/lane, ratio={:.2}, exact lanes {exact}",
                oracle / lib
            );
        }
    }
    // DF has no wider hardware type: sqrt to nearest is the machine's operation, the other
    // functions take the exact path on every lane.
    let mut next = xorshift(0xdf);
    let xs: Vec<u64> = (0..2000)
        .map(|_| (1.0 + (next() >> 12) as f64 * 2f64.powi(-52)).to_bits())
        .collect();
    let mut out = vec![0u64; xs.len()];
    for f in [Unary::Sqrt, Unary::Log2, Unary::Exp2, Unary::Sin] {
        let t = Instant::now();
        unary_batch(
            f,
            Format::DF,
            Format::DF,
            Rounding::NearestEven,
            &xs,
            &mut out,
        );
        let ns = t.elapsed().as_secs_f64() * 1e9 / xs.len() as f64;
        let path = if f == Unary::Sqrt {
            "machine sqrt"
        } else {
            "exact path"
        };
        println!("{f:?} DF ({path}): {ns:.0} ns/lane");
    }
}

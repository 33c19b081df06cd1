//! FCVT and SRND (instructions/FCVT.md, SRND.md) computed on f64 values: each source decoded
//! to its exact value, the destination's grid (the weight of its last kept bit at the
//! value's binade) found from the value, the rounding done by scaling onto that grid, and
//! the result encoded back. Only NaNs are handled on the bits (their payloads).
//!
//! Readings (docs/math.md): FCVT rounds to nearest even whatever %cr0 says, keeps BF8 and
//! HF denormals and flushes F denormals going to TF32 (a zero of their sign), overflows to
//! ±inf, quiets NaNs keeping the leading payload bits; TF32 to F copies the bits. SRND adds
//! Src1's 13 (F to HF) or 8 (HF to BF8) bits under the destination's last kept bit
//! (SRND-DENORM-ALIGN resolved) or under Src0's own last mantissa bit (literal), truncates,
//! and overflows to ±inf.

/// One conversion of FCVT or SRND.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fp8Op {
    /// FCVT, UB (BF8) from HF.
    HfToBf8,
    /// FCVT, HF from UB (BF8).
    Bf8ToHf,
    /// FCVT, UD (TF32) from F.
    FToTf32,
    /// FCVT, F from UD (TF32).
    Tf32ToF,
    /// SRND, HF from F; `literal`: erratum SRND-DENORM-ALIGN's literal reading.
    SrndFToHf { literal: bool },
    /// SRND, UB (BF8) from HF.
    SrndHfToBf8,
}

/// 2^k for the exponents used here (|k| < 1023).
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + i64::from(k)) as u64) << 52)
}

/// floor(log2(v)) of a positive normal f64.
fn binade(v: f64) -> i32 {
    ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023
}

/// A small binary float format: exponent and fraction widths.
#[derive(Clone, Copy)]
struct Small {
    exp_bits: u32,
    frac_bits: u32,
}

const HF: Small = Small {
    exp_bits: 5,
    frac_bits: 10,
};
const BF8: Small = Small {
    exp_bits: 5,
    frac_bits: 2,
};

impl Small {
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    fn sign_bit(self) -> u64 {
        1 << (self.exp_bits + self.frac_bits)
    }
    fn inf(self) -> u64 {
        ((1 << self.exp_bits) - 1) << self.frac_bits
    }
    /// The smallest normal binade.
    fn emin(self) -> i32 {
        1 - self.bias()
    }
    /// Whether `bits` is a NaN, an infinity.
    fn nan(self, bits: u64) -> bool {
        bits & (self.sign_bit() - 1) > self.inf()
    }
    /// The exact magnitude of a finite code.
    fn magnitude(self, bits: u64) -> f64 {
        let e = ((bits >> self.frac_bits) & ((1 << self.exp_bits) - 1)) as i32;
        let f = bits & ((1 << self.frac_bits) - 1);
        if e == 0 {
            f as f64 * pow2(self.emin() - self.frac_bits as i32)
        } else {
            (f + (1 << self.frac_bits)) as f64 * pow2(e - self.bias() - self.frac_bits as i32)
        }
    }
    /// The code of a magnitude on the format's grid (or beyond its range: infinity).
    fn encode(self, v: f64) -> u64 {
        if v == 0.0 {
            return 0;
        }
        if v >= pow2(self.bias() + 1) {
            return self.inf();
        }
        let e = binade(v).max(self.emin());
        let units = (v / pow2(e - self.frac_bits as i32)) as u64;
        if binade(v) < self.emin() {
            units
        } else {
            (((e + self.bias()) as u64) << self.frac_bits) + units - (1 << self.frac_bits)
        }
    }
    /// The weight of the last kept bit for a magnitude `v` (> 0).
    fn ulp(self, v: f64) -> f64 {
        pow2(binade(v).max(self.emin()) - self.frac_bits as i32)
    }
}

/// The destination bits of `op` for the raw source lanes `a` (src0) and `b` (src1).
pub fn lane(op: Fp8Op, a: u64, b: u64) -> u64 {
    match op {
        Fp8Op::HfToBf8 => narrow_to_bf8(a as u16, None),
        Fp8Op::SrndHfToBf8 => narrow_to_bf8(a as u16, Some(b & 0xff)),
        Fp8Op::Bf8ToHf => {
            let b8 = a & 0xff;
            let sign = if b8 & BF8.sign_bit() != 0 {
                HF.sign_bit()
            } else {
                0
            };
            if BF8.nan(b8) {
                // Payload bits move up with the code; the quiet bit is set.
                return sign | HF.inf() | 0x200 | ((b8 & 0x3) << 8);
            }
            sign | HF.encode(BF8.magnitude(b8 & 0x7f))
        }
        Fp8Op::FToTf32 => {
            let x = a as u32;
            let v = f64::from(f32::from_bits(x));
            if v.is_nan() {
                return u64::from(x & 0xffff_e000 | 0x0040_0000);
            }
            let sign = u64::from(x & 0x8000_0000);
            let m = v.abs();
            if m < pow2(-126) {
                return sign;
            }
            if m.is_infinite() {
                return u64::from(x);
            }
            let ulp = pow2(binade(m) - 10);
            let rounded = (m / ulp).round_ties_even() * ulp;
            sign | u64::from((rounded as f32).to_bits())
        }
        Fp8Op::Tf32ToF => a & 0xffff_ffff,
        Fp8Op::SrndFToHf { literal } => {
            let x = a as u32;
            let r = (b & 0x1fff) as f64;
            let v = f64::from(f32::from_bits(x));
            let sign = if x >> 31 == 1 { HF.sign_bit() } else { 0 };
            if v.is_nan() {
                return sign | HF.inf() | 0x200 | u64::from((x >> 13) & 0x1ff);
            }
            let m = v.abs();
            if m.is_infinite() {
                return sign | HF.inf();
            }
            if m < pow2(-126) {
                return sign;
            }
            let ulp = HF.ulp(m);
            let truncated = if literal {
                // Src1[0] under bit 0 of F's own mantissa.
                ((m + r * pow2(binade(m) - 23)) / ulp).floor() * ulp
            } else {
                stochastic(m, ulp, r, 8192.0)
            };
            sign | HF.encode(truncated)
        }
    }
}

/// The kept units of `m` on the grid `ulp`, plus one when the dropped fraction (truncated to
/// `scale`ths) and `r` together reach a whole unit.
fn stochastic(m: f64, ulp: f64, r: f64, scale: f64) -> f64 {
    let t = m / ulp;
    let kept = t.floor();
    let dropped = ((t - kept) * scale).floor();
    (kept + ((dropped + r) / scale).floor()) * ulp
}

/// HF to BF8: to nearest even (`random` None, FCVT) or stochastically (SRND).
fn narrow_to_bf8(h: u16, random: Option<u64>) -> u64 {
    let h = u64::from(h);
    let sign = if h & HF.sign_bit() != 0 {
        BF8.sign_bit()
    } else {
        0
    };
    if HF.nan(h) {
        return sign | BF8.inf() | 0x2 | ((h >> 8) & 0x1);
    }
    let magnitude = h & 0x7fff;
    if magnitude == HF.inf() {
        return sign | BF8.inf();
    }
    let m = HF.magnitude(magnitude);
    if m == 0.0 {
        return sign;
    }
    let ulp = BF8.ulp(m);
    let v = match random {
        None => (m / ulp).round_ties_even() * ulp,
        Some(r) => stochastic(m, ulp, r as f64, 256.0),
    };
    sign | BF8.encode(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip() {
        for code in 0..0x7c00u64 {
            assert_eq!(HF.encode(HF.magnitude(code)), code, "{code:#x}");
        }
        for code in 0..0x7cu64 {
            assert_eq!(BF8.encode(BF8.magnitude(code)), code, "{code:#x}");
        }
    }
}

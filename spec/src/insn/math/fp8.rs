//! The bit-level conversions of FCVT and SRND (instructions/FCVT.md, SRND.md), on the
//! encodings: HF (IEEE 754 binary16: sign, 5 exponent bits of bias 15, 10 fraction bits), BF8
//! (E5M2, stored in a UB: sign, the same 5 exponent bits, 2 fraction bits: the high byte of
//! an HF), F (binary32) and TF32 (an F whose 13 low fraction bits are zero, stored in a UD).
//!
//! Because BF8 is HF's high byte and TF32 is F without its low 13 bits, every narrowing here
//! is "drop the low bits of the encoding, then maybe add one": the carry out of the kept
//! fraction bits moves into the exponent field, and from the largest finite code into the
//! infinity's code, as IEEE 754 wants (errata FCVT-BF8-SPECIALS, FCVT-TF32-SPECIALS,
//! SRND-SPECIALS). None of them reads %cr0: the documents fix the rounding and keep (or, for
//! TF32, flush) denormals in the instruction itself.

use crate::errata::{self, Readings};

/// HF to BF8 rounded to nearest, ties to even (FCVT).
pub(crate) fn hf_to_bf8(h: u16) -> u8 {
    let sign = h & 0x8000;
    let magnitude = h & 0x7fff;
    if magnitude > 0x7c00 {
        return hf_nan_to_bf8(h);
    }
    // ±inf (0x7c00) keeps its code: its low byte is zero.
    let kept = magnitude >> 8;
    let dropped = magnitude & 0xff;
    let up = dropped > 0x80 || (dropped == 0x80 && kept & 1 == 1);
    // The carry from 0x7b (the largest finite) is 0x7c: infinity.
    ((sign >> 8) | (kept + u16::from(up))) as u8
}

/// A NaN HF to BF8: the sign, the two leading fraction bits, the quiet bit (BF8 bit 1) set.
fn hf_nan_to_bf8(h: u16) -> u8 {
    ((h >> 8) as u8) | 0x02
}

/// BF8 to HF (FCVT): exact; a NaN is quieted (HF bit 9).
pub(crate) fn bf8_to_hf(b: u8) -> u16 {
    let h = u16::from(b) << 8;
    if h & 0x7fff > 0x7c00 {
        h | 0x0200
    } else {
        h
    }
}

/// F to TF32 (FCVT): denormals flushed to a zero of their sign, the 13 low fraction bits
/// rounded away to nearest, ties to even.
pub(crate) fn f_to_tf32(x: u32) -> u32 {
    let sign = x & 0x8000_0000;
    let magnitude = x & 0x7fff_ffff;
    let exponent = magnitude >> 23;
    if magnitude > 0x7f80_0000 {
        // NaN: sign and the 10 leading fraction bits, quiet bit (22) set.
        return (x & 0xffff_e000) | 0x0040_0000;
    }
    if exponent == 0 {
        return sign;
    }
    let kept = magnitude >> 13;
    let dropped = magnitude & 0x1fff;
    let up = dropped > 0x1000 || (dropped == 0x1000 && kept & 1 == 1);
    sign | ((kept + u32::from(up)) << 13)
}

/// F to HF by SRND: `random` (`Src1[12:0]`) added below the kept bits, then truncation.
/// Erratum SRND-DENORM-ALIGN chooses where the random bits align for denormal results.
pub(crate) fn srnd_f_to_hf(x: u32, random: u64, readings: &Readings) -> u16 {
    let sign = ((x >> 16) & 0x8000) as u16;
    let magnitude = x & 0x7fff_ffff;
    let fraction = u64::from(magnitude & 0x007f_ffff);
    let biased = i64::from(magnitude >> 23);
    if magnitude > 0x7f80_0000 {
        // NaN: sign, 10 leading fraction bits, quiet bit (9) set.
        return sign | 0x7e00 | ((magnitude >> 13) & 0x3ff) as u16;
    }
    if magnitude == 0x7f80_0000 {
        return sign | 0x7c00;
    }
    if biased == 0 {
        // Zero or an F denormal (below 2^-126): far below HF's smallest denormal 2^-24,
        // and 13 random bits under that bit never carry into it.
        return sign;
    }
    let random = random & 0x1fff;
    // x = M * 2^(e - 23) with the implicit bit.
    let m = fraction | 0x0080_0000;
    let e = biased - 127;
    // The destination's last kept bit: 2^(max(e, -14) - 10); `d` bits of M are dropped.
    let d = (13 + (-14 - e).max(0)) as u32;
    let q = if d >= 40 {
        0
    } else if readings.is_literal(errata::SRND_DENORM_ALIGN) {
        // Src1[0] under M's bit 0, whatever the result.
        (m + random) >> d
    } else {
        // Src1's 13 bits under the 13 bits just below the kept ones.
        let kept = m >> d;
        let top13 = (m & ((1u64 << d) - 1)) >> (d - 13);
        kept + ((top13 + random) >> 13)
    };
    // q counts units of 2^(max(e, -14) - 10): below 2^-14 the HF code is q itself; from
    // there the exponent field adds (e + 14) << 10 (a carry to q = 2^11 lands on the next
    // exponent's code).
    let code = if e < -14 {
        q
    } else {
        (((e + 14) as u64) << 10) + q
    };
    sign | code.min(0x7c00) as u16
}

/// HF to BF8 by SRND: `random` (`Src1[7:0]`) added to the 8 low bits, then truncation. HF and
/// BF8 share their exponent range, so the alignment is the same for every input.
pub(crate) fn srnd_hf_to_bf8(h: u16, random: u64) -> u8 {
    let sign = ((h >> 8) & 0x80) as u8;
    let magnitude = u64::from(h & 0x7fff);
    if magnitude > 0x7c00 {
        return hf_nan_to_bf8(h);
    }
    if magnitude == 0x7c00 {
        return sign | 0x7c;
    }
    let code = (magnitude + (random & 0xff)) >> 8;
    sign | code.min(0x7c) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bf8_round_trip_of_every_code() {
        for b in 0u8..=255 {
            let h = bf8_to_hf(b);
            let back = hf_to_bf8(h);
            let nan = b & 0x7f > 0x7c;
            assert_eq!(back, if nan { b | 0x02 } else { b }, "{b:#04x}");
        }
    }

    #[test]
    fn srnd_extremes_of_the_random_bits() {
        let r = Readings::default();
        // 1 + 2^-11 (F 0x3f801000): half an HF ulp above 1.
        assert_eq!(srnd_f_to_hf(0x3f80_1000, 0, &r), 0x3c00);
        assert_eq!(srnd_f_to_hf(0x3f80_1000, 0x1fff, &r), 0x3c01);
        assert_eq!(srnd_hf_to_bf8(0x3c80, 0), 0x3c);
        assert_eq!(srnd_hf_to_bf8(0x3c80, 0xff), 0x3d);
    }
}

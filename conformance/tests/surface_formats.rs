//! The surface formats' channel conversions (docs/memory.md, "Surface formats"): hand-derived
//! rows on both engines (visa-spec's exact `num::read_channel`/`write_channel`, visa-oracle's
//! `surface_format`), then the two engines against each other on every 8- and 16-bit channel
//! value and on a sweep of F bit patterns.
#![allow(clippy::unwrap_used)]

use visa_model::state::SurfaceFormat::{self, *};

fn spec_read(f: SurfaceFormat, c: u32) -> u32 {
    visa_spec::num::read_channel(f, c).unwrap()
}

fn spec_write(f: SurfaceFormat, e: u32) -> u32 {
    visa_spec::num::write_channel(f, e).unwrap()
}

/// (format, stored channel, register element it reads as, derivation).
#[rustfmt::skip]
const READS: &[(SurfaceFormat, u32, u32, &str)] = &[
    (R8Unorm, 0xFF, 0x3F80_0000, "255/255 = 1.0"),
    (R8Unorm, 0x00, 0x0000_0000, "0/255 = +0"),
    (R8Unorm, 0x80, 0x3F00_8081, "128/255 = 0.5 * (1 + 1/255); 1/255 = 0x0.010101.. so the mantissa is 0x008080 and a 1 followed by more: rounds up to 0x008081"),
    (R16Unorm, 0x8000, 0x3F00_0080, "32768/65535 = 0.5 * (1 + 1/65535); 1/65535 = 2^-16 + 2^-32 + ..: mantissa bit 16 (0x80), the rest below half an ulp"),
    (R8G8B8A8Unorm, 0x33, 0x3E4C_CCCD, "51/255 = 0.2 exactly; the F nearest 0.2 is 0x3E4CCCCD"),
    (R16Float, 0x3555, 0x3EAA_A000, "HF 0x3555 = 2^-2 * (1 + 341/1024), exact in F: exponent 125, mantissa 341 << 13"),
    (R16Float, 0x7C00, 0x7F80_0000, "HF +inf widens to F +inf"),
    (R16Float, 0x7C01, 0x7FC0_2000, "HF signalling NaN with payload 1: quieted (F's quiet bit 0x400000), the payload moved up 13 bits"),
    (R16G16B16A16Float, 0x8001, 0xB380_0000, "HF -2^-24 (the smallest denormal) is F -2^-24: exponent 103"),
    (R16Uint, 0xFFFF, 0x0000_FFFF, "zero-extended to UD"),
    (R8G8B8A8Uint, 0x80, 0x0000_0080, "zero-extended to UD"),
    (R32Sint, 0xFFFF_FFFF, 0xFFFF_FFFF, "-1 as D"),
    (R32G32Float, 0x7FC0_0001, 0x7FC0_0001, "32-bit channels are read as their bits, NaN payload included"),
];

/// (format, register element, stored channel, derivation).
#[rustfmt::skip]
const WRITES: &[(SurfaceFormat, u32, u32, &str)] = &[
    (R8G8B8A8Unorm, 0x3F00_0000, 0x80, "0.5 * 255 = 127.5, a tie: to even, 128"),
    (R8G8B8A8Unorm, 0x3E4C_CCCD, 0x33, "0.2000000030 * 255 = 51.00000077, which rounds to the F 51.0 (ulp 2^-18): 51"),
    (R8G8B8A8Unorm, 0x3FC0_0000, 0xFF, "1.5 * 255 = 382.5: saturates to 255"),
    (R8Unorm, 0xBF80_0000, 0x00, "-1.0: saturates to 0"),
    (R8Unorm, 0x7FC0_0000, 0x00, "NaN: 0 (convert_uchar_sat_rte)"),
    (R8Unorm, 0x7F80_0000, 0xFF, "+inf * 255 = +inf: saturates to 255"),
    (R16Unorm, 0x3F80_0000, 0xFFFF, "1.0 * 65535 = 65535"),
    (R16G16B16A16Unorm, 0x3F00_0000, 0x8000, "0.5 * 65535 = 32767.5, a tie: to even, 32768"),
    (R16Float, 0x3F80_0000, 0x3C00, "1.0"),
    (R16Float, 0x3F80_1000, 0x3C00, "1 + 2^-11 is halfway between 1.0 and 1 + 2^-10: to even, 1.0"),
    (R16Float, 0x3F80_3000, 0x3C02, "1 + 3 * 2^-11 is halfway between 1 + 2^-10 and 1 + 2^-9: to even, 1 + 2^-9 (mantissa 2)"),
    (R16G16B16A16Float, 0x477F_F000, 0x7C00, "65520 is halfway between 65504 (the largest HF) and 65536: to even, 65536, which overflows to +inf"),
    (R16G16B16A16Float, 0x477F_E000, 0x7BFF, "65504 is the largest finite HF"),
    (R16Uint, 0x0001_2345, 0xFFFF, "0x12345 > 65535: saturates"),
    (R16G16B16A16Uint, 0x0000_1234, 0x1234, "fits: kept"),
    (R8G8B8A8Uint, 300, 0xFF, "300 > 255: saturates"),
    (R32Uint, 0xFFFF_FFFF, 0xFFFF_FFFF, "32-bit channels take the bits"),
    (R32G32B32A32Sint, 0x8000_0000, 0x8000_0000, "32-bit channels take the bits"),
    (R32Float, 0x7FC0_0001, 0x7FC0_0001, "32-bit channels take the bits, NaN payload included"),
];

#[test]
fn hand_derived_reads_on_both_engines() {
    for &(f, c, want, why) in READS {
        assert_eq!(spec_read(f, c), want, "spec: {f} read {c:#x}: {why}");
        assert_eq!(
            visa_oracle::surface_format::read_channel(f, c),
            want,
            "oracle: {f} read {c:#x}: {why}"
        );
    }
}

#[test]
fn hand_derived_writes_on_both_engines() {
    for &(f, e, want, why) in WRITES {
        assert_eq!(spec_write(f, e), want, "spec: {f} write {e:#x}: {why}");
        assert_eq!(
            visa_oracle::surface_format::write_channel(f, e),
            want,
            "oracle: {f} write {e:#x}: {why}"
        );
    }
}

#[test]
fn the_engines_read_every_narrow_channel_alike() {
    for f in SurfaceFormat::ALL
        .into_iter()
        .filter(|f| f.channel_bits() < 32)
    {
        for c in 0..(1u32 << f.channel_bits()) {
            assert_eq!(
                spec_read(f, c),
                visa_oracle::surface_format::read_channel(f, c),
                "{f} read {c:#x}"
            );
        }
    }
}

/// F bit patterns: every 2^12-th one with its neighbours, the specials, and the values
/// around each UNORM step's midpoint.
fn sweep() -> Vec<u32> {
    let mut out = Vec::new();
    for k in 0..(1u32 << 20) {
        let b = k << 12;
        out.extend([b, b.wrapping_add(1), b.wrapping_sub(1)]);
    }
    for n in [255.0f32, 65535.0] {
        for k in 0..=255u32 {
            let mid = (k as f32 + 0.5) / n;
            let b = mid.to_bits();
            out.extend([b.wrapping_sub(1), b, b + 1]);
        }
    }
    out.extend([
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0x7F80_0001,
        0xFFFF_FFFF,
        0x8000_0000,
    ]);
    out
}

#[test]
fn the_engines_write_alike() {
    let values = sweep();
    for f in SurfaceFormat::ALL {
        // Sample the sweep for the slow exact engine: every 7th value, and every value near
        // a UNORM midpoint or special (the tail of the sweep).
        let tail = values.len() - (2 * 256 * 3 + 6);
        for (i, &e) in values.iter().enumerate() {
            if i % 7 != 0 && i < tail {
                continue;
            }
            assert_eq!(
                spec_write(f, e),
                visa_oracle::surface_format::write_channel(f, e),
                "{f} write {e:#010x}"
            );
        }
    }
}

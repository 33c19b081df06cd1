//! Hand-derived edge catalog of MUL, MAD, DIV and MOD (instructions/MUL.md, MAD.md, DIV.md,
//! MOD.md) with the conversion, rounding and saturation rules of 2_datatypes.md and the %cr0
//! fields of 4_visa_header.md. Every expected value is derived in its row's comment from the
//! documents, IEEE 754 and the errata ledger, not from running the code.
//!
//! Each row runs one lane: `OP[.sat] (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> ...` with one-element
//! variables; a row may set %cr0 and errata readings.
#![allow(clippy::unwrap_used)]

mod common;

use common::Run;
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::{self, Xe2, XeHpc, XeHpg, XeLp};
use visa_spec::types::DataType;
use visa_spec::{ErrorClass, VisaError};

// %cr0 fields (4_visa_header.md, V14(%cr0)).
const RTNE: u32 = 0b00 << 4;
const RU: u32 = 0b01 << 4;
const RD: u32 = 0b10 << 4;
const RTZ: u32 = 0b11 << 4;
const ALT: u32 = 1 << 0;
const KEEP_DF: u32 = 1 << 6;
const KEEP_F: u32 = 1 << 7;
const KEEP_HF: u32 = 1 << 10;
const KEEP_ALL: u32 = KEEP_DF | KEEP_F | KEEP_HF;

/// What one lane produced: its bits (zero-extended), and whether the instruction left them
/// undefined.
#[derive(Debug, PartialEq, Eq)]
enum Lane {
    Bits(u64),
    Undefined,
}

/// One lane of `op` on `platform` with %cr0 = `cr0` and the errata `literal` at their literal
/// reading: V1 (type `dst`, initially 0) = op(V2, V3, ...), source k of the row's type (a
/// modifier may precede it: `(-)d`) holding the row's value.
fn run(
    platform: Platform,
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    cr0: u32,
    literal: &[&str],
) -> Result<Lane, VisaError> {
    let mut decls = format!(".decl V1 v_type=G type={dst} num_elts=1\n");
    let mut operands = String::new();
    for (k, (spec, _)) in srcs.iter().enumerate() {
        let (modifier, ty) = common::split_modifier(spec);
        decls.push_str(&format!(".decl V{} v_type=G type={ty} num_elts=1\n", k + 2));
        operands.push_str(&format!(" {modifier}V{}(0,0)<0;1,0>", k + 2));
    }
    let text = format!("{decls}{op} (M1, 1) V1(0,0)<1>{operands}\n");
    let mut run = Run::new(platform, &text).cr0(cr0);
    for (k, (spec, value)) in srcs.iter().enumerate() {
        let ty: DataType = common::split_modifier(spec).1.parse().unwrap();
        run = run.var(
            ["V2", "V3", "V4"][k],
            value.to_le_bytes()[..ty.size()].to_vec(),
        );
    }
    for id in literal {
        run = run.literal(id);
    }
    let (program, state) = run.go()?;
    let v1 = program.vars.find("V1").unwrap();
    let base = program.vars.get(v1).grf_offset.unwrap();
    let bytes = state.read_var(&program.vars, v1);
    if (base..base + bytes.len()).any(|b| state.undefined.contains(&b)) {
        return Ok(Lane::Undefined);
    }
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(&bytes);
    Ok(Lane::Bits(u64::from_le_bytes(word)))
}

/// [`run`] on xe-hpg, resolved readings, expecting a value.
fn lane(op: &str, dst: &str, srcs: &[(&str, u64)], cr0: u32) -> u64 {
    match run(XeHpg, op, dst, srcs, cr0, &[]).unwrap() {
        Lane::Bits(b) => b,
        Lane::Undefined => panic!("{op} {srcs:x?}: undefined"),
    }
}

/// [`run`] on xe-hpg with `erratum` literal.
fn lane_literal(op: &str, dst: &str, srcs: &[(&str, u64)], cr0: u32, erratum: &str) -> u64 {
    match run(XeHpg, op, dst, srcs, cr0, &[erratum]).unwrap() {
        Lane::Bits(b) => b,
        Lane::Undefined => panic!("{op} {srcs:x?}: undefined"),
    }
}

// ---------------------------------------------------------------------------------------------
// MUL on integers: the exact product, then the low bits of the destination type
// ---------------------------------------------------------------------------------------------

#[rstest]
// 2^16 * 2^16 = 2^32: the low 32 bits are 0.
#[case("d", &[("d", 0x1_0000), ("d", 0x1_0000)], 0)]
// D x D -> Q (MUL.md Notes): (2^31 - 1)^2 = 2^62 - 2^32 + 1 = 0x3fffffff00000001.
#[case("q", &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], 0x3fff_ffff_0000_0001)]
// (-2^31)^2 = 2^62.
#[case("q", &[("d", 0x8000_0000), ("d", 0x8000_0000)], 0x4000_0000_0000_0000)]
// UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1 = 0xfffffffe00000001.
#[case("uq", &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_fffe_0000_0001)]
// D x UD -> Q: -1 * (2^32 - 1) = -(2^32 - 1) = 2^64 - 2^32 + 1 as 64 bits.
#[case("q", &[("d", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_ffff_0000_0001)]
// W: 32767 * 2 = 65534 = 0xfffe (-2 as W: the product wraps).
#[case("w", &[("w", 0x7fff), ("w", 2)], 0xfffe)]
// UB x UB -> UW: 255 * 255 = 65025 = 0xfe01.
#[case("uw", &[("ub", 0xff), ("ub", 0xff)], 0xfe01)]
// B x B -> D: -128 * -128 = 16384.
#[case("d", &[("b", 0x80), ("b", 0x80)], 0x4000)]
// (-)INT_MIN is +2^31 exactly (OPERAND-MODIFIER-TABLE): * 1 into Q = 0x80000000, into D the
// low 32 bits 0x80000000.
#[case("q", &[("(-)d", 0x8000_0000), ("d", 1)], 0x8000_0000)]
#[case("d", &[("(-)d", 0x8000_0000), ("d", 1)], 0x8000_0000)]
// (-)5 on UD is -5: -5 * 3 = -15 -> UD 0xfffffff1.
#[case("ud", &[("(-)ud", 5), ("ud", 3)], 0xffff_fff1)]
fn mul_int(#[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane("mul", dst, srcs, RTNE), expected, "{srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// MUL on floats: the exact product rounded once (MUL-SPECIAL-TABLE for special values)
// ---------------------------------------------------------------------------------------------

#[rstest]
// 1.5 * 2 = 3 = 1.1b * 2^1: 0x40400000.
#[case("mul", "f", &[("f", 0x3fc0_0000), ("f", 0x4000_0000)], RTNE, 0x4040_0000)]
// The largest F (2 - 2^-23) * 2^127 times 2 overflows: RNE gives +inf, RTZ the largest F,
// and ALT mode (%cr0 bit 0) turns the infinity into the largest F.
#[case("mul", "f", &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], RTNE, 0x7f80_0000)]
#[case("mul", "f", &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], RTZ, 0x7f7f_ffff)]
#[case("mul", "f", &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], RTNE | ALT, 0x7f7f_ffff)]
// -largest * 2 under RU: the result rounds toward +inf, i.e. to -largest.
#[case("mul", "f", &[("f", 0xff7f_ffff), ("f", 0x4000_0000)], RU, 0xff7f_ffff)]
// inf * 0 and 0 * -inf: invalid, the default NaN 0x7fc00000.
#[case("mul", "f", &[("f", 0x7f80_0000), ("f", 0)], RTNE, 0x7fc0_0000)]
#[case("mul", "f", &[("f", 0), ("f", 0xff80_0000)], RTNE, 0x7fc0_0000)]
// -inf * -2 = +inf (the sign is the exclusive or).
#[case("mul", "f", &[("f", 0xff80_0000), ("f", 0xc000_0000)], RTNE, 0x7f80_0000)]
// -0 * 5 = -0.
#[case("mul", "f", &[("f", 0x8000_0000), ("f", 0x40a0_0000)], RTNE, 0x8000_0000)]
// A signalling NaN with payload 5 is quieted, payload kept: 0x7fc00005; src0's NaN wins
// over src1's.
#[case("mul", "f", &[("f", 0x7f80_0005), ("f", 0x3f80_0000)], RTNE, 0x7fc0_0005)]
#[case("mul", "f", &[("f", 0xffc0_0001), ("f", 0x7fc0_0002)], RTNE, 0xffc0_0001)]
// .sat: 1.5 * 1.5 = 2.25 clamps to 1.0; -2 * 0.5 = -1 clamps to +0; NaN saturates to +0.
#[case("mul.sat", "f", &[("f", 0x3fc0_0000), ("f", 0x3fc0_0000)], RTNE, 0x3f80_0000)]
#[case("mul.sat", "f", &[("f", 0xc000_0000), ("f", 0x3f00_0000)], RTNE, 0)]
#[case("mul.sat", "f", &[("f", 0x7f80_0000), ("f", 0)], RTNE, 0)]
// Denormal input 2^-149 (0x1) times 2^23 (0x4b000000) = 2^-126, the smallest normal
// (0x00800000) when F denormals are kept (%cr0 bit 7); flushed to +0 first otherwise, so +0.
#[case("mul", "f", &[("f", 0x1), ("f", 0x4b00_0000)], KEEP_F, 0x0080_0000)]
#[case("mul", "f", &[("f", 0x1), ("f", 0x4b00_0000)], RTNE, 0)]
// A denormal product: 2^-63 * 2^-64 = 2^-127 = 0x00400000 kept; flushed to +0 otherwise.
#[case("mul", "f", &[("f", 0x2000_0000), ("f", 0x1f80_0000)], KEEP_F, 0x0040_0000)]
#[case("mul", "f", &[("f", 0x2000_0000), ("f", 0x1f80_0000)], RTNE, 0)]
// HF 1.0 * (1 + 2^-10) = 0x3c01 exactly.
#[case("mul", "hf", &[("hf", 0x3c00), ("hf", 0x3c01)], RTNE, 0x3c01)]
// HF 256 * 256 = 65536 > 65504: RNE overflows to inf (0x7c00), RTZ gives 65504 (0x7bff).
#[case("mul", "hf", &[("hf", 0x5c00), ("hf", 0x5c00)], RTNE, 0x7c00)]
#[case("mul", "hf", &[("hf", 0x5c00), ("hf", 0x5c00)], RTZ, 0x7bff)]
// HF 2^-14 (the smallest normal, 0x0400) * 0.5 = 2^-15, the denormal 0x0200 when HF
// denormals are kept (%cr0 bit 10, or every denorm bit), +0 when flushed.
#[case("mul", "hf", &[("hf", 0x0400), ("hf", 0x3800)], KEEP_HF, 0x0200)]
#[case("mul", "hf", &[("hf", 0x0400), ("hf", 0x3800)], KEEP_ALL, 0x0200)]
#[case("mul", "hf", &[("hf", 0x0400), ("hf", 0x3800)], KEEP_F | KEEP_DF, 0)]
// HF sources, F destination (the F/HF type map): 1.5 * 1.5 = 2.25 = 1.001b * 2^1: 0x40100000.
#[case("mul", "f", &[("hf", 0x3e00), ("hf", 0x3e00)], RTNE, 0x4010_0000)]
// BF (XEHP+): 1.5 * 1.5 = 2.25 = 0x4010.
#[case("mul", "bf", &[("bf", 0x3fc0), ("bf", 0x3fc0)], RTNE, 0x4010)]
// BF (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14: 7 fraction bits keep 1 + 2^-6 (0x3f82); the 2^-14 is
// below half an ulp (2^-8): RNE and RD truncate, RU rounds up to 0x3f83.
#[case("mul", "bf", &[("bf", 0x3f81), ("bf", 0x3f81)], RTNE, 0x3f82)]
#[case("mul", "bf", &[("bf", 0x3f81), ("bf", 0x3f81)], RU, 0x3f83)]
#[case("mul", "bf", &[("bf", 0x3f81), ("bf", 0x3f81)], RD, 0x3f82)]
// DF (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: RNE gives 1 + 2^-51, RU the next value up.
#[case("mul", "df", &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)], RTNE, 0x3ff0_0000_0000_0002)]
#[case("mul", "df", &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)], RU, 0x3ff0_0000_0000_0003)]
// DF 2^-1022 * 0.5 = 2^-1023, the denormal 0x0008000000000000 when DF denormals are kept
// (%cr0 bit 6), +0 when flushed.
#[case("mul", "df", &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)], KEEP_DF, 0x0008_0000_0000_0000)]
#[case("mul", "df", &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)], RTNE, 0)]
// (-)1.5 * 2 = -3.
#[case("mul", "f", &[("(-)f", 0x3fc0_0000), ("f", 0x4000_0000)], RTNE, 0xc040_0000)]
fn mul_float(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] cr0: u32,
    #[case] expected: u64,
) {
    assert_eq!(
        lane(op, dst, srcs, cr0),
        expected,
        "{op} {srcs:x?} cr0={cr0:#x}"
    );
}

// ---------------------------------------------------------------------------------------------
// MAD
// ---------------------------------------------------------------------------------------------

#[rstest]
// 3 * 4 + 5 = 17.
#[case("d", &[("d", 3), ("d", 4), ("d", 5)], 17)]
// (2^31 - 1) * 2 + 2 = 2^32: low 32 bits 0.
#[case("d", &[("d", 0x7fff_ffff), ("d", 2), ("d", 2)], 0)]
// (2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2.
#[case("ud", &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff), ("ud", 1)], 2)]
// W 32767^2 + 0 = 0x3fff0001: low 16 bits 0x0001.
#[case("w", &[("w", 0x7fff), ("w", 0x7fff), ("w", 0)], 1)]
// -1 * 5 + -7 = -12 -> 0xfffffff4.
#[case("d", &[("d", 0xffff_ffff), ("d", 5), ("d", 0xffff_fff9)], 0xffff_fff4)]
fn mad_int(#[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane("mad", dst, srcs, RTNE), expected, "{srcs:x?}");
    // The Notes' multiply-then-add translation keeps the product in the destination type:
    // the same low bits, so MAD-FUSED does not apply to integers.
    assert_eq!(
        lane_literal("mad", dst, srcs, RTNE, errata::MAD_FUSED),
        expected
    );
}

/// MAD on floats under both readings of MAD-FUSED: (resolved, literal).
#[rstest]
// (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly (0x28800000) when fused. Literal: the product
// 1 + 2^-22 + 2^-46 rounds (RNE) to 1 + 2^-22, and the sum is 0 from operands of different
// signs: +0.
#[case("mad", "f", &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)], RTNE, 0x2880_0000, 0)]
// The same under RD: fused is exact; literal truncates the product to 1 + 2^-22, and a zero
// sum of operands of different signs is -0 under round-down.
#[case("mad", "f", &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)], RD, 0x2880_0000, 0x8000_0000)]
// 0 * inf + sNaN(0x123): fused, the first NaN operand is src2, quieted: 0x7fc00123. Literal:
// the product 0 * inf is the default NaN, the first NaN of the sum: 0x7fc00000.
#[case("mad", "f", &[("f", 0), ("f", 0x7f80_0000), ("f", 0x7f80_0123)], RTNE, 0x7fc0_0123, 0x7fc0_0000)]
// HF 1365 (0x6555) * 48 (0x5200) + -16 (0xcc00) = 65504 = 0x7bff exactly. Literal: the
// product 65520 is the tie between 65504 and 65536 and rounds to even, overflowing to inf;
// inf - 16 = inf (0x7c00).
#[case("mad", "hf", &[("hf", 0x6555), ("hf", 0x5200), ("hf", 0xcc00)], RTNE, 0x7bff, 0x7c00)]
// F largest * 2 - largest = largest (0x7f7fffff) when fused. Literal with ALT: the product
// overflows to inf and ALT makes it the largest F, so the sum is largest - largest = +0.
#[case("mad", "f", &[("f", 0x7f7f_ffff), ("f", 0x4000_0000), ("f", 0xff7f_ffff)], RTNE | ALT, 0x7f7f_ffff, 0)]
// 1.5 * 2 - 3 = 0 exactly: +0, and -0 under round-down (both readings).
#[case("mad", "f", &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)], RTNE, 0, 0)]
#[case("mad", "f", &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)], RD, 0x8000_0000, 0x8000_0000)]
// -0 * 1 + -0 = -0 (both readings).
#[case("mad", "f", &[("f", 0x8000_0000), ("f", 0x3f80_0000), ("f", 0x8000_0000)], RTNE, 0x8000_0000, 0x8000_0000)]
// inf * 1 + -inf: the default NaN (both readings).
#[case("mad", "f", &[("f", 0x7f80_0000), ("f", 0x3f80_0000), ("f", 0xff80_0000)], RTNE, 0x7fc0_0000, 0x7fc0_0000)]
// .sat: 0.5 * 0.5 + 0.5 = 0.75 (0x3f400000); 2 * 2 - 5 = -1 saturates to +0.
#[case("mad.sat", "f", &[("f", 0x3f00_0000), ("f", 0x3f00_0000), ("f", 0x3f00_0000)], RTNE, 0x3f40_0000, 0x3f40_0000)]
#[case("mad.sat", "f", &[("f", 0x4000_0000), ("f", 0x4000_0000), ("f", 0xc0a0_0000)], RTNE, 0, 0)]
// DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 (0x3970000000000000) fused; literal: the product
// rounds to 1 + 2^-51 and the sum is +0.
#[case("mad", "df", &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001), ("df", 0xbff0_0000_0000_0002)], RTNE, 0x3970_0000_0000_0000, 0)]
// BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0.
#[case("mad", "bf", &[("bf", 0x3f81), ("bf", 0x3f81), ("bf", 0xbf82)], RTNE, 0x3880, 0)]
fn mad_float(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] cr0: u32,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    assert_eq!(lane(op, dst, srcs, cr0), resolved, "resolved {srcs:x?}");
    assert_eq!(
        lane_literal(op, dst, srcs, cr0, errata::MAD_FUSED),
        literal,
        "literal {srcs:x?}"
    );
}

// ---------------------------------------------------------------------------------------------
// DIV and MOD on integers (DIV.md Notes table; MOD-SIGN-TABLE)
// ---------------------------------------------------------------------------------------------

#[rstest]
// 7 / 2 = 3 r 1; -7 / 2 = -3 r -1; 7 / -2 = -3 r 1; -7 / -2 = 3 r -1 (the quotient truncates
// toward zero, the remainder has the numerator's sign).
#[case("d", ("d", 7), ("d", 2), 3, 1)]
#[case("d", ("d", 0xffff_fff9), ("d", 2), 0xffff_fffd, 0xffff_ffff)]
#[case("d", ("d", 7), ("d", 0xffff_fffe), 0xffff_fffd, 1)]
#[case("d", ("d", 0xffff_fff9), ("d", 0xffff_fffe), 3, 0xffff_ffff)]
// INT_MIN / -1 = 2^31 exactly; D keeps its low 32 bits 0x80000000. The remainder is 0.
#[case("d", ("d", 0x8000_0000), ("d", 0xffff_ffff), 0x8000_0000, 0)]
// UD: (2^32 - 1) / 2 = 2^31 - 1 r 1; / 10 = 429496729 (0x19999999) r 5.
#[case("ud", ("ud", 0xffff_ffff), ("ud", 2), 0x7fff_ffff, 1)]
#[case("ud", ("ud", 0xffff_ffff), ("ud", 10), 0x1999_9999, 5)]
// B: -128 / -1 = 128, the B bits 0x80; -128 / 3 = -42 (0xd6) r -2 (0xfe).
#[case("b", ("b", 0x80), ("b", 0xff), 0x80, 0)]
#[case("b", ("b", 0x80), ("b", 3), 0xd6, 0xfe)]
// Mixed signedness: D -1 / UD 2: -1 / 2 = 0 r -1 (the UD source is +2).
#[case("d", ("d", 0xffff_ffff), ("ud", 2), 0, 0xffff_ffff)]
// (-)7 on UD is -7: -7 / 2 = -3 -> 0xfffffffd; -7 % 2 = -1 -> 0xffffffff.
#[case("ud", ("(-)ud", 7), ("ud", 2), 0xffff_fffd, 0xffff_ffff)]
// 0 / -5 = 0 r 0.
#[case("w", ("w", 0), ("w", 0xfffb), 0, 0)]
fn div_mod_int(
    #[case] dst: &str,
    #[case] s0: (&str, u64),
    #[case] s1: (&str, u64),
    #[case] quotient: u64,
    #[case] remainder: u64,
) {
    assert_eq!(
        lane("div", dst, &[s0, s1], RTNE),
        quotient,
        "div {s0:x?} {s1:x?}"
    );
    assert_eq!(
        lane("mod", dst, &[s0, s1], RTNE),
        remainder,
        "mod {s0:x?} {s1:x?}"
    );
}

#[rstest]
// MOD.sat into UB from D: -7 % 2 = -1 clamps to 0; 300 % 1000 = 300 clamps to 255, and
// without .sat keeps its low 8 bits 300 - 256 = 44 (0x2c).
#[case("mod.sat", "ub", &[("d", 0xffff_fff9), ("d", 2)], 0)]
#[case("mod.sat", "ub", &[("d", 300), ("d", 1000)], 0xff)]
#[case("mod", "ub", &[("d", 300), ("d", 1000)], 0x2c)]
fn mod_sat(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] expected: u64,
) {
    assert_eq!(lane(op, dst, srcs, RTNE), expected, "{op} {srcs:x?}");
}

/// Erratum DIV-BY-ZERO: resolved, the lane is undefined; literal, the instruction's
/// behaviour is undefined.
#[rstest]
#[case("div", "d", ("d", 7))]
#[case("div", "ud", ("ud", 0))]
#[case("mod", "d", ("d", 0xffff_fff9))]
#[case("mod.sat", "ub", ("ub", 9))]
fn integer_division_by_zero(#[case] op: &str, #[case] dst: &str, #[case] s0: (&str, u64)) {
    let zero = (s0.0, 0);
    let srcs = [s0, zero];
    assert_eq!(
        run(XeHpg, op, dst, &srcs, RTNE, &[]).unwrap(),
        Lane::Undefined,
        "{op} {s0:x?} / 0"
    );
    let err = run(XeHpg, op, dst, &srcs, RTNE, &[errata::DIV_BY_ZERO]).unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour, "{err}");
}

#[test]
fn division_by_zero_leaves_only_its_lane_undefined() {
    // div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> with V2 = [8, 9, 10, 11],
    // V3 = [2, 0, 5, 0]: lanes 0 and 2 get 4 and 2; lanes 1 and 3 divide by zero and keep
    // their initial bytes (0x77) but are undefined. A later write of lane 1 defines it again.
    let text = ".decl V1 v_type=G type=d num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=4\n\
                div (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n\
                mov (M1, 1) V1(0,1)<1> 0x5:d\n";
    let (program, state) = Run::new(XeHpg, text)
        .var("V1", common::le32(&[0x77; 4]))
        .var("V2", common::le32(&[8, 9, 10, 11]))
        .var("V3", common::le32(&[2, 0, 5, 0]))
        .go()
        .unwrap();
    let v1 = program.vars.find("V1").unwrap();
    let base = program.vars.get(v1).grf_offset.unwrap();
    assert_eq!(
        state.read_var(&program.vars, v1),
        common::le32(&[4, 5, 2, 0x77])
    );
    let undefined: Vec<usize> = state
        .undefined
        .iter()
        .filter(|b| (base..base + 16).contains(b))
        .map(|b| b - base)
        .collect();
    assert_eq!(undefined, vec![12, 13, 14, 15]);
}

#[test]
fn disabled_lane_dividing_by_zero_is_not_undefined() {
    // (P1) div (M1, 2) with P1 = 0b01: lane 1 divides by zero but is disabled, so it is
    // neither written nor undefined, and the literal reading of DIV-BY-ZERO reports nothing.
    let text = ".decl V1 v_type=G type=d num_elts=2\n.decl V2 v_type=G type=d num_elts=2\n\
                .decl V3 v_type=G type=d num_elts=2\n.decl P1 v_type=P num_elts=2\n\
                (P1) div (M1, 2) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    for literal in [false, true] {
        let mut run = Run::new(XeHpg, text)
            .var("V1", common::le32(&[0x77, 0x77]))
            .var("V2", common::le32(&[6, 6]))
            .var("V3", common::le32(&[3, 0]))
            .pred("P1", 0b01);
        if literal {
            run = run.literal(errata::DIV_BY_ZERO);
        }
        let (program, state) = run.go().unwrap();
        let v1 = program.vars.find("V1").unwrap();
        assert_eq!(state.read_var(&program.vars, v1), common::le32(&[2, 0x77]));
        assert!(state.undefined.is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// DIV on floats (DIV-FLOAT-RECIPROCAL)
// ---------------------------------------------------------------------------------------------

#[rstest]
// 1/3 = 1.0101...b * 2^-2: F keeps 0x2aaaaa and drops 2/3 ulp: RNE and RU 0x3eaaaaab, RD and
// RTZ 0x3eaaaaaa.
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0x4040_0000)], RTNE, 0x3eaa_aaab)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0x4040_0000)], RU, 0x3eaa_aaab)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0x4040_0000)], RD, 0x3eaa_aaaa)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0x4040_0000)], RTZ, 0x3eaa_aaaa)]
// HF 1/3: 10 fraction bits 0101010101 (0x155), biased exponent 13 (0x3400), 1/3 ulp dropped:
// 0x3555.
#[case("div", "hf", &[("hf", 0x3c00), ("hf", 0x4200)], RTNE, 0x3555)]
// DF 1/3: 0x3fd5555555555555 (1/3 ulp dropped).
#[case("div", "df", &[("df", 0x3ff0_0000_0000_0000), ("df", 0x4008_0000_0000_0000)], RTNE, 0x3fd5_5555_5555_5555)]
// 1/+0 = +inf, -1/+0 = -inf, 1/-0 = -inf; with ALT the infinity is the largest F.
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0)], RTNE, 0x7f80_0000)]
#[case("div", "f", &[("f", 0xbf80_0000), ("f", 0)], RTNE, 0xff80_0000)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0x8000_0000)], RTNE, 0xff80_0000)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0)], RTNE | ALT, 0x7f7f_ffff)]
// 0/0 and inf/inf: the default NaN; 1/-inf = -0; a quiet NaN divisor propagates.
#[case("div", "f", &[("f", 0), ("f", 0)], RTNE, 0x7fc0_0000)]
#[case("div", "f", &[("f", 0x7f80_0000), ("f", 0xff80_0000)], RTNE, 0x7fc0_0000)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0xff80_0000)], RTNE, 0x8000_0000)]
#[case("div", "f", &[("f", 0x3f80_0000), ("f", 0xffc0_0abc)], RTNE, 0xffc0_0abc)]
// .sat: 3/2 = 1.5 clamps to 1.0; -1/3 clamps to +0.
#[case("div.sat", "f", &[("f", 0x4040_0000), ("f", 0x4000_0000)], RTNE, 0x3f80_0000)]
#[case("div.sat", "f", &[("f", 0xbf80_0000), ("f", 0x4040_0000)], RTNE, 0)]
// 2^-126 / 2 = 2^-127: the denormal 0x00400000 kept, +0 flushed.
#[case("div", "f", &[("f", 0x0080_0000), ("f", 0x4000_0000)], KEEP_F, 0x0040_0000)]
#[case("div", "f", &[("f", 0x0080_0000), ("f", 0x4000_0000)], RTNE, 0)]
// HF 65504 / 0.5 = 131008: overflow, inf under RNE, 65504 under RTZ.
#[case("div", "hf", &[("hf", 0x7bff), ("hf", 0x3800)], RTNE, 0x7c00)]
#[case("div", "hf", &[("hf", 0x7bff), ("hf", 0x3800)], RTZ, 0x7bff)]
fn div_float(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] cr0: u32,
    #[case] expected: u64,
) {
    assert_eq!(
        lane(op, dst, srcs, cr0),
        expected,
        "{op} {srcs:x?} cr0={cr0:#x}"
    );
}

/// DIV on floats under both readings of DIV-FLOAT-RECIPROCAL: (resolved, literal).
#[rstest]
// 5/3 = 1.101010...b: 23 fraction bits 10101010101010101010101 (0x555555), the rest is 1/3
// ulp: RNE truncates to 0x3fd55555. Literal: rn(1/3) = 0xaaaaab * 2^-25; 5 * 0xaaaaab =
// 0x3555557 (26 bits) * 2^-25; 24 bits keep 0xd55555 and drop .11b = 3/4: up to 0xd55556,
// i.e. 0x3fd55556.
#[case(&[("f", 0x40a0_0000), ("f", 0x4040_0000)], RTNE, 0x3fd5_5555, 0x3fd5_5556)]
// 1/3: rn(1/3) * 1 is rn(1/3) itself: the readings agree.
#[case(&[("f", 0x3f80_0000), ("f", 0x4040_0000)], RTNE, 0x3eaa_aaab, 0x3eaa_aaab)]
// 2^-149 / 2^-149 = 1 with F denormals kept. Literal: 1 / 2^-149 = 2^149 overflows F to +inf,
// and 2^-149 * inf = +inf.
#[case(&[("f", 0x1), ("f", 0x1)], KEEP_F, 0x3f80_0000, 0x7f80_0000)]
// Special values agree: 1/0 = inf (1 * inf), 0/0 = NaN (0 * inf), 1/inf = 0 (1 * 0).
#[case(&[("f", 0x3f80_0000), ("f", 0)], RTNE, 0x7f80_0000, 0x7f80_0000)]
#[case(&[("f", 0), ("f", 0)], RTNE, 0x7fc0_0000, 0x7fc0_0000)]
#[case(&[("f", 0x3f80_0000), ("f", 0x7f80_0000)], RTNE, 0, 0)]
fn div_reciprocal_readings(
    #[case] srcs: &[(&str, u64)],
    #[case] cr0: u32,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    assert_eq!(lane("div", "f", srcs, cr0), resolved, "resolved {srcs:x?}");
    assert_eq!(
        lane_literal("div", "f", srcs, cr0, errata::DIV_FLOAT_RECIPROCAL),
        literal,
        "literal {srcs:x?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Forms (MUL.md, MAD.md, DIV.md, MOD.md Properties and type maps) and MUL-PLATFORM-NOTES
// ---------------------------------------------------------------------------------------------

const DECLS: &str = ".decl VD v_type=G type=d num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
                     .decl VB v_type=G type=b num_elts=16\n.decl VF v_type=G type=f num_elts=16\n\
                     .decl VBF v_type=G type=bf num_elts=16\n.decl VDF v_type=G type=df num_elts=16\n";

fn validates(platform: Platform, text: &str, literal: &[&str]) -> Option<ErrorClass> {
    let program = format!("{DECLS}{text}\n");
    let mut run = Run::new(platform, &program);
    for id in literal {
        run = run.literal(id);
    }
    run.validate().err().map(|e| e.class)
}

#[rstest]
// "Saturation: only when type is float".
#[case(XeHpg, "mul.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case(XeHpg, "div.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case(
    XeHpg,
    "mad.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>"
)]
// MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.
#[case(XeHpg, "mod (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>")]
#[case(XeHpg, "div (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>")]
#[case(XeHpg, "mul (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>")]
// BF is XEHP+: not on xe-lp.
#[case(XeLp, "mul (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>")]
// DF does not mix with F.
#[case(XeHpg, "mul (M1, 8) VDF(0,0)<1> VF(0,0)<1;1,0> VDF(0,0)<1;1,0>")]
fn invalid_forms(#[case] platform: Platform, #[case] text: &str) {
    assert_eq!(
        validates(platform, text, &[]),
        Some(ErrorClass::InvalidInstruction),
        "{text}"
    );
}

#[rstest]
// Byte sources on PVC+ (xe-hpc, xe2): valid when resolved, invalid under the literal reading.
#[case(XeHpc, "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>", true)]
#[case(Xe2, "mul (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VB(0,0)<1;1,0>", true)]
// ... but valid before PVC under both.
#[case(XeHpg, "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>", false)]
// Q = D x D before xe-hpc: valid when resolved, invalid under the literal reading ...
#[case(XeLp, "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", true)]
#[case(XeHpg, "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", true)]
// ... and valid from xe-hpc on under both.
#[case(XeHpc, "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", false)]
// A DF destination is no 64-bit integer product: valid under both.
#[case(XeLp, "mul (M1, 8) VDF(0,0)<1> VDF(0,0)<1;1,0> VDF(0,0)<1;1,0>", false)]
fn mul_platform_notes(
    #[case] platform: Platform,
    #[case] text: &str,
    #[case] literal_rejects: bool,
) {
    assert_eq!(validates(platform, text, &[]), None, "resolved: {text}");
    let literal = validates(platform, text, &[errata::MUL_PLATFORM_NOTES]);
    let expected = literal_rejects.then_some(ErrorClass::InvalidInstruction);
    assert_eq!(literal, expected, "literal: {platform} {text}");
}

#[test]
fn several_lanes_of_mul_into_q() {
    // mul (M1, 4) V1(0,0)<1>:q V2(0,0)<1;1,0>:d V3(0,0)<0;1,0>:d with V2 = [1, -1, 2^31 - 1,
    // -2^31] and V3 = [-2^31]: -2^31, 2^31, -2^62 + 2^31, 2^62.
    let text = ".decl V1 v_type=G type=q num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=1\n\
                mul (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<0;1,0>\n";
    let v1 = Run::new(XeHpg, text)
        .var(
            "V2",
            common::le32(&[1, 0xffff_ffff, 0x7fff_ffff, 0x8000_0000]),
        )
        .var("V3", common::le32(&[0x8000_0000]))
        .bytes("V1")
        .unwrap();
    let expected: Vec<i64> = vec![-(1 << 31), 1 << 31, -(1 << 62) + (1 << 31), 1 << 62];
    assert_eq!(
        v1,
        common::le64(&expected.iter().map(|v| *v as u64).collect::<Vec<_>>())
    );
}

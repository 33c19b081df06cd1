//! Hand-derived edge catalog for the bit instructions of the first ALU batch: FBH, FBL, LZD,
//! CBIT, BFREV (instructions/FBH.md, FBL.md, LZD.md, CBIT.md, BFREV.md), ROL, ROR (ROL.md,
//! ROR.md) and BFE, BFI (BFE.md, BFI.md), under both readings of their errata. Every expected
//! value is derived in its row's comment from the documents and the errata ledger, not from
//! running the code.
#![allow(clippy::unwrap_used)]

mod common;

use common::{lane, lane_literal, lane_on};
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::{XeHpc, XeLp};
use visa_spec::ErrorClass;

const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
                     .decl VUW v_type=G type=uw num_elts=16\n.decl VW v_type=G type=w num_elts=16\n\
                     .decl VQ v_type=G type=q num_elts=16\n";

/// The error class of validating `text` after this catalog's declarations.
fn invalid(text: &str, literal: &[&str]) -> Option<ErrorClass> {
    common::invalid_with(DECLS, text, literal)
}

const NONE: u64 = 0xffff_ffff;

// ---------------------------------------------------------------------------------------------
// FBH (FBH-SIGNED), FBL, LZD
// ---------------------------------------------------------------------------------------------

/// FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED).
#[rstest]
// Unsigned: leading zeros; 0 has no bit set → 0xFFFFFFFF. Both readings agree.
#[case("ud", 0, NONE, NONE)]
#[case("ud", 1, 31, 31)]
#[case("ud", 0xffff_ffff, 0, 0)]
#[case("ud", 0x8000_0000, 0, 0)]
#[case("ud", 0x7fff_ffff, 1, 1)]
#[case("ud", 0x0001_0000, 15, 15)]
// Signed 0 and -1 → 0xFFFFFFFF (the final select), whatever the loop did.
#[case("d", 0, NONE, NONE)]
#[case("d", 0xffff_ffff, NONE, NONE)]
// Non-negative: leading zeros in both readings (the literal test (d & 0x80000000) == 0 holds
// exactly while bit 31 is clear): 1 → 31, INT_MAX → 1, 0x40000000 → 1.
#[case("d", 1, 31, 31)]
#[case("d", 0x7fff_ffff, 1, 1)]
#[case("d", 0x4000_0000, 1, 1)]
// Negative: resolved counts the leading ones: INT_MIN 1 (bit 30 is 0), 0xFFFFFFFE 31
// (bits 31..1), 0xC0000000 2 (bits 31, 30). Literal: (d & 0x80000000) = 0x80000000 is never
// cval = 1, so the loop does not run: 0.
#[case("d", 0x8000_0000, 1, 0)]
#[case("d", 0xffff_fffe, 31, 0)]
#[case("d", 0xc000_0000, 2, 0)]
fn fbh(#[case] ty: &str, #[case] value: u64, #[case] resolved: u64, #[case] literal: u64) {
    let src = [(ty, value)];
    assert_eq!(
        lane("fbh", "ud", &src),
        resolved,
        "resolved {ty} {value:#x}"
    );
    assert_eq!(
        lane_literal("fbh", "ud", &src, errata::FBH_SIGNED).unwrap(),
        literal,
        "literal {ty} {value:#x}"
    );
}

#[rstest]
// Trailing zeros; 0 → 0xFFFFFFFF (FBL-MISSING-BRACE: the else branch is the count).
#[case(0, NONE)]
#[case(1, 0)]
#[case(0x8000_0000, 31)]
#[case(0xffff_ffff, 0)]
#[case(0x7fff_ffff, 0)]
#[case(0x0001_0000, 16)]
#[case(0xf0, 4)]
fn fbl(#[case] value: u64, #[case] expected: u64) {
    assert_eq!(lane("fbl", "ud", &[("ud", value)]), expected, "{value:#x}");
}

#[rstest]
// Leading zeros; 0 → the loop stops at cnt = 32.
#[case(0, 32)]
#[case(1, 31)]
#[case(0xffff_ffff, 0)]
#[case(0x8000_0000, 0)]
#[case(0x7fff_ffff, 1)]
#[case(0x0001_0000, 15)]
fn lzd(#[case] value: u64, #[case] expected: u64) {
    assert_eq!(lane("lzd", "ud", &[("ud", value)]), expected, "{value:#x}");
    // LZD-SAT resolved: .sat is accepted and cannot change a count of at most 32.
    assert_eq!(
        lane("lzd.sat", "ud", &[("ud", value)]),
        expected,
        "{value:#x}"
    );
}

// ---------------------------------------------------------------------------------------------
// CBIT (CBIT-RESULT), BFREV
// ---------------------------------------------------------------------------------------------

/// CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop.
#[rstest]
#[case("ud", 0, 0)]
#[case("ud", 1, 1)]
#[case("ud", 0xffff_ffff, 32)]
#[case("ud", 0x8000_0000, 1)]
#[case("ud", 0x7fff_ffff, 31)]
#[case("ud", 0x0101_0101, 4)]
// Each source within its own width: UB 0xff → 8, UW 0xffff → 16, UW 0x8001 → 2.
#[case("ub", 0xff, 8)]
#[case("uw", 0xffff, 16)]
#[case("uw", 0x8001, 2)]
fn cbit(#[case] ty: &str, #[case] value: u64, #[case] count: u64) {
    assert_eq!(lane("cbit", "ud", &[(ty, value)]), count, "{ty} {value:#x}");
    assert_eq!(
        lane_literal("cbit", "ud", &[(ty, value)], errata::CBIT_RESULT).unwrap(),
        0,
        "literal {ty} {value:#x}"
    );
}

#[rstest]
// dst[idx] = src0[31 - idx].
#[case(0, 0)]
#[case(1, 0x8000_0000)]
#[case(0x8000_0000, 1)]
#[case(0xffff_ffff, 0xffff_ffff)]
#[case(0x0000_ffff, 0xffff_0000)]
// 0001 0010 0011 0100 0101 0110 0111 1000 reversed is
// 0001 1110 0110 1010 0010 1100 0100 1000 = 0x1E6A2C48.
#[case(0x1234_5678, 0x1e6a_2c48)]
fn bfrev(#[case] value: u64, #[case] expected: u64) {
    assert_eq!(
        lane("bfrev", "ud", &[("ud", value)]),
        expected,
        "{value:#x}"
    );
}

// ---------------------------------------------------------------------------------------------
// ROL, ROR: width w = the destination's bits, count = src1 & (w - 1) (ROTATE-WIDTH)
// ---------------------------------------------------------------------------------------------

#[rstest]
// UD 0x80000001: rol 0 → unchanged; rol 1 → bit 31 wraps to bit 0: 0x00000003;
// rol 31 = ror 1 → 0xC0000000; rol 32 (& 31 = 0) → unchanged; rol 33 (& 31 = 1) → 3.
#[case("rol", "ud", &[("ud", 0x8000_0001), ("ud", 0)], 0x8000_0001)]
#[case("rol", "ud", &[("ud", 0x8000_0001), ("ud", 1)], 0x0000_0003)]
#[case("rol", "ud", &[("ud", 0x8000_0001), ("ud", 31)], 0xc000_0000)]
#[case("rol", "ud", &[("ud", 0x8000_0001), ("ud", 32)], 0x8000_0001)]
#[case("rol", "ud", &[("ud", 0x8000_0001), ("ud", 33)], 0x0000_0003)]
// ror 1 → bit 0 wraps to bit 31: 0xC0000000; ror 31 = rol 1 → 3; ror 32 → unchanged.
#[case("ror", "ud", &[("ud", 0x8000_0001), ("ud", 0)], 0x8000_0001)]
#[case("ror", "ud", &[("ud", 0x8000_0001), ("ud", 1)], 0xc000_0000)]
#[case("ror", "ud", &[("ud", 0x8000_0001), ("ud", 31)], 0x0000_0003)]
#[case("ror", "ud", &[("ud", 0x8000_0001), ("ud", 32)], 0x8000_0001)]
// UW 0x8001 (w = 16): rol 1 → 0x0003; rol 15 = ror 1 → 0xC000; rol 16 (& 15 = 0) → unchanged;
// rol 17 → 0x0003; ror 1 → 0xC000.
#[case("rol", "uw", &[("uw", 0x8001), ("uw", 1)], 0x0003)]
#[case("rol", "uw", &[("uw", 0x8001), ("uw", 15)], 0xc000)]
#[case("rol", "uw", &[("uw", 0x8001), ("uw", 16)], 0x8001)]
#[case("rol", "uw", &[("uw", 0x8001), ("uw", 17)], 0x0003)]
#[case("ror", "uw", &[("uw", 0x8001), ("uw", 1)], 0xc000)]
// A UW count for a UD rotation: 16 & 31 = 16 swaps the halves: 0x12345678 → 0x56781234.
#[case("rol", "ud", &[("ud", 0x1234_5678), ("uw", 16)], 0x5678_1234)]
// Signed types rotate their bits, no sign extension: D INT_MIN rol 1 → 1; D -2 ror 1 →
// 0x7FFFFFFF; W 0x8000 rol 1 → 1.
#[case("rol", "d", &[("d", 0x8000_0000), ("d", 1)], 0x0000_0001)]
#[case("ror", "d", &[("d", 0xffff_fffe), ("d", 1)], 0x7fff_ffff)]
#[case("rol", "w", &[("w", 0x8000), ("w", 1)], 0x0001)]
// A negative count: D -1 & 31 = 31 and -(-1) & 31 = 1: (1 << 31) | (1 >> 1) = 0x80000000,
// i.e. rol -1 = ror 1.
#[case("rol", "ud", &[("ud", 1), ("d", 0xffff_ffff)], 0x8000_0000)]
#[case("ror", "ud", &[("ud", 1), ("d", 0xffff_ffff)], 0x0000_0002)]
fn rotate(
    #[case] op: &str,
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] expected: u64,
) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

/// ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved,
/// literal). Literally the document's `(src0 << n) | (src0 >> m)` runs on the signed value of a
/// signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones.
#[rstest]
// D INT_MIN rol 1: resolved bit 31 wraps to bit 0 → 1. Literal: x << 1 = -2^32, low 32 bits 0;
// x >> (-1 & 31 = 31) = floor(-2^31 / 2^31) = -1 → 0xFFFFFFFF; OR → 0xFFFFFFFF.
#[case("rol", "d", 0x8000_0000, 1, 0x0000_0001, 0xffff_ffff)]
// W 0x8002 (-32766) ror 1: resolved bit 0 (0) to bit 15, the rest down one → 0x4001. Literal:
// x >> 1 = -16383 = 0x...C001; x << 15 has its low 15 bits 0 and bit 15 = bit 0 of x = 0;
// OR → 0xC001.
#[case("ror", "w", 0x8002, 1, 0x4001, 0xc001)]
// D -2 rol 4: resolved 0xFFFFFFE0 | 0xF (the top four ones wrap) = 0xFFFFFFEF. Literal:
// x << 4 = -32 = 0xFFFFFFE0; x >> 28 = floor(-2 / 2^28) = -1; OR → 0xFFFFFFFF.
#[case("rol", "d", 0xffff_fffe, 4, 0xffff_ffef, 0xffff_ffff)]
// D 0x80000001 ror 4: resolved 0x08000000 | (0x1 << 28) = 0x18000000. Literal:
// x >> 4 = floor(-2147483647 / 16) = -134217728 = 0xF8000000; x << 28 keeps bit 0 of x at
// bit 28: 0x10000000; OR → 0xF8000000 (the top four bits forced to one).
#[case("ror", "d", 0x8000_0001, 4, 0x1800_0000, 0xf800_0000)]
// D INT_MIN rol -1: count -1 & 31 = 31, the other shift -(-1) & 31 = 1. Resolved rol 31 =
// ror 1 → 0x40000000. Literal: x << 31 has low 32 bits 0 (bit 0 of x is 0); x >> 1 = -2^30 =
// 0xC0000000.
#[case("rol", "d", 0x8000_0000, 0xffff_ffff, 0x4000_0000, 0xc000_0000)]
// Both readings agree: a count of 0 ((x << 0) | (x >> 0) = x); a non-negative src0 (the
// arithmetic shift of a value with bit w-1 clear brings in zeros: D 0x40000001 rol 1 →
// 0x80000002); an unsigned src0 (UD 0x80000000 rol 1 → 1, `>>` is logical).
#[case("rol", "d", 0x8000_0000, 0, 0x8000_0000, 0x8000_0000)]
#[case("rol", "d", 0x4000_0001, 1, 0x8000_0002, 0x8000_0002)]
#[case("rol", "ud", 0x8000_0000, 1, 0x0000_0001, 0x0000_0001)]
#[case("ror", "uw", 0x8002, 1, 0x4001, 0x4001)]
fn rotate_signed_shift(
    #[case] op: &str,
    #[case] ty: &str,
    #[case] value: u64,
    #[case] count: u64,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    let srcs = [(ty, value), (ty, count)];
    assert_eq!(lane(op, ty, &srcs), resolved, "resolved {op} {srcs:x?}");
    assert_eq!(
        lane_literal(op, ty, &srcs, errata::ROTATE_SIGNED_SHIFT).unwrap(),
        literal,
        "literal {op} {srcs:x?}"
    );
}

#[test]
fn rotate_signed_shift_qwords() {
    // Q INT64_MIN rol 1 on PVC: resolved → 1; literal: x << 1 has low 64 bits 0 and
    // x >> 63 = -1 → all ones.
    let src = [("q", 0x8000_0000_0000_0000), ("q", 1)];
    assert_eq!(lane_on(XeHpc, "rol", "q", &src, &[]).unwrap(), 1);
    assert_eq!(
        lane_on(XeHpc, "rol", "q", &src, &[errata::ROTATE_SIGNED_SHIFT]).unwrap(),
        u64::MAX
    );
}

#[test]
fn rotate_qwords_from_pvc_on() {
    // UQ 0x8000000000000001 rol 1 → 3; rol 64 (& 63 = 0) → unchanged; ror 1 → 0xC000...0.
    let src = |n: u64| [("uq", 0x8000_0000_0000_0001), ("uq", n)];
    assert_eq!(lane_on(XeHpc, "rol", "uq", &src(1), &[]).unwrap(), 3);
    assert_eq!(
        lane_on(XeHpc, "rol", "uq", &src(64), &[]).unwrap(),
        0x8000_0000_0000_0001
    );
    assert_eq!(
        lane_on(XeHpc, "ror", "uq", &src(1), &[]).unwrap(),
        0xc000_0000_0000_0000
    );
    // ... and before PVC, Q is not a rotation type.
    let err = lane_on(XeLp, "rol", "uq", &src(1), &[]).unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction);
}

// ---------------------------------------------------------------------------------------------
// BFE (BFE-SIGN-EXTENSION), BFI: width = src0 & 0x1F, offset = src1 & 0x1F
// ---------------------------------------------------------------------------------------------

/// BFE with (width, offset, src2) of type `ty` (the destination's): (resolved, literal).
#[rstest]
// Width 0 → 0 (resolved: the special case; literal: mask (1 << 0) - 1 = 0).
#[case("ud", 0, 0, 0xffff_ffff, 0, 0)]
#[case("d", 0, 0, 0xffff_ffff, 0, 0)]
// 8 bits at 4 of 0xFF0 = 0xFF. UD: both readings 0xFF. D: the field's top bit is set, so the
// resolved reading sign-extends to 0xFFFFFFFF; the literal mask keeps 0xFF.
#[case("ud", 8, 4, 0x0000_0ff0, 0xff, 0xff)]
#[case("d", 8, 4, 0x0000_0ff0, 0xffff_ffff, 0xff)]
// 8 bits at 4 of 0x7F0 = 0x7F, top bit clear: 0x7F in both readings and types.
#[case("d", 8, 4, 0x0000_07f0, 0x7f, 0x7f)]
// offset 31, width 1 (offset + width = 32): UD 0x80000000 → src2 >> 31 = 1 (both).
// D: resolved src2 >> 31 arithmetic = -1; literal (-1) & 1 = 1.
#[case("ud", 1, 31, 0x8000_0000, 1, 1)]
#[case("d", 1, 31, 0x8000_0000, 0xffff_ffff, 1)]
// offset 28, width 4 (sum 32): D 0x70000000 → 7 in both; D 0xF0000000 → resolved -1,
// literal (0xF0000000 >> 28 = -1) & 0xF = 0xF.
#[case("d", 4, 28, 0x7000_0000, 7, 7)]
#[case("d", 4, 28, 0xf000_0000, 0xffff_ffff, 0xf)]
// offset 31, width 31 (sum 62 > 32): UD 0x80000000 → 1 both. D: resolved src2 >> 31 = -1;
// literal -1 & 0x7FFFFFFF = 0x7FFFFFFF.
#[case("ud", 31, 31, 0x8000_0000, 1, 1)]
#[case("d", 31, 31, 0x8000_0000, 0xffff_ffff, 0x7fff_ffff)]
// offset 27, width 4 (sum 31 < 32): bits 30..27 of 0x78000000 are 1111. D resolved:
// (0x78000000 << 1) >> 28 = 0xF0000000 >> 28 (arithmetic) = -1; literal (>> 27) & 0xF = 0xF.
#[case("d", 4, 27, 0x7800_0000, 0xffff_ffff, 0xf)]
#[case("ud", 4, 27, 0x7800_0000, 0xf, 0xf)]
// width 31 at 0 of -1: UD 0x7FFFFFFF both; D resolved (x << 1) >> 1 arithmetic = -1,
// literal 0x7FFFFFFF.
#[case("ud", 31, 0, 0xffff_ffff, 0x7fff_ffff, 0x7fff_ffff)]
#[case("d", 31, 0, 0xffff_ffff, 0xffff_ffff, 0x7fff_ffff)]
// Masking: width 33 & 0x1F = 1, offset 32 & 0x1F = 0: bit 0 of 3 → 1.
#[case("ud", 33, 32, 3, 1, 1)]
fn bfe(
    #[case] ty: &str,
    #[case] width: u64,
    #[case] offset: u64,
    #[case] value: u64,
    #[case] resolved: u64,
    #[case] literal: u64,
) {
    let srcs = [(ty, width), (ty, offset), (ty, value)];
    assert_eq!(lane("bfe", ty, &srcs), resolved, "resolved {srcs:x?}");
    assert_eq!(
        lane_literal("bfe", ty, &srcs, errata::BFE_SIGN_EXTENSION).unwrap(),
        literal,
        "literal {srcs:x?}"
    );
}

/// BFI with (width, offset, src2, src3): bitmask = ((1 << width) - 1) << offset in 32 bits.
#[rstest]
// Width 0: bitmask 0 → src3.
#[case("ud", 0, 5, 0xffff_ffff, 0x1234_5678, 0x1234_5678)]
// 8 bits at 8: bitmask 0xFF00: (0xAB00 & 0xFF00) | (0xFFFFFFFF & 0xFFFF00FF) = 0xFFFFABFF.
#[case("ud", 8, 8, 0xab, 0xffff_ffff, 0xffff_abff)]
// 1 bit at 31: bitmask 0x80000000: 0x80000000 | 0 = 0x80000000.
#[case("ud", 1, 31, 1, 0, 0x8000_0000)]
// 4 bits at 28 (sum 32): bitmask 0xF0000000: 0xA0000000 | (0x0FFFFFFF & 0x0FFFFFFF).
#[case("ud", 4, 28, 0xa, 0x0fff_ffff, 0xafff_ffff)]
// 4 bits at 30 (sum 34): bitmask 0xF << 30 keeps 0xC0000000 in 32 bits; 0xF << 30 →
// 0xC0000000: the field's upper bits fall off.
#[case("ud", 4, 30, 0xf, 0, 0xc000_0000)]
// 31 bits at 31: bitmask 0x7FFFFFFF << 31 → 0x80000000; (1 << 31) | 0x7FFFFFFF = 0xFFFFFFFF.
#[case("ud", 31, 31, 1, 0x7fff_ffff, 0xffff_ffff)]
// Masking: width 36 & 0x1F = 4, offset 33 & 0x1F = 1: bitmask 0x1E: (0xF << 1) & 0x1E = 0x1E.
#[case("ud", 36, 33, 0xf, 0, 0x1e)]
// D: the same bits: 8 bits at 0 of -1 into 0 → 0xFF (no sign extension in BFI).
#[case("d", 8, 0, 0xffff_ffff, 0, 0xff)]
fn bfi(
    #[case] ty: &str,
    #[case] width: u64,
    #[case] offset: u64,
    #[case] insert: u64,
    #[case] base: u64,
    #[case] expected: u64,
) {
    let srcs = [(ty, width), (ty, offset), (ty, insert), (ty, base)];
    assert_eq!(lane("bfi", ty, &srcs), expected, "{srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// Forms and validation errata
// ---------------------------------------------------------------------------------------------

#[rstest]
// ROTATE-WIDTH: src0 has the destination's size.
#[case("rol (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
#[case("ror (M1, 8) VW(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
// Rotations take no modifier and no .sat.
#[case("rol (M1, 8) VUD(0,0)<1> (-)VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
#[case("rol.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
// BFE, BFI: execution size 2 is invalid (Notes, Restriction).
#[case("bfe (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
#[case("bfi (M1, 2) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
// BFE: D and UD do not mix.
#[case("bfe (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
// CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.
#[case("cbit (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0>")]
#[case("fbh (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0>")]
#[case("fbl (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0>")]
// Bit instructions take no source modifier and (but LZD) no .sat.
#[case("bfrev (M1, 8) VUD(0,0)<1> ~VUD(0,0)<1;1,0>")]
#[case("cbit.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>")]
fn invalid_forms(#[case] text: &str) {
    assert_eq!(
        invalid(text, &[]),
        Some(ErrorClass::InvalidInstruction),
        "{text}"
    );
}

#[rstest]
// LZD-SAT: .sat is valid under the resolved reading (Text form), not the literal one.
#[case("lzd.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>", errata::LZD_SAT)]
// BFE-BFI-ALIGNMENT: VUD(0,1) starts at byte 4, not 16-byte aligned, with exec size 4.
#[case(
    "bfe (M1, 4) VUD(0,1)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
    errata::BFE_BFI_ALIGNMENT
)]
#[case(
    "bfi (M1, 4) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0> VUD(0,2)<1;1,0> VUD(0,0)<1;1,0>",
    errata::BFE_BFI_ALIGNMENT
)]
fn validation_errata(#[case] text: &str, #[case] erratum: &str) {
    assert_eq!(invalid(text, &[]), None, "resolved: {text}");
    assert_eq!(
        invalid(text, &[erratum]),
        Some(ErrorClass::InvalidInstruction),
        "literal {erratum}: {text}"
    );
}

#[test]
fn bitfield_alignment_exemptions() {
    // Execution size 1 is exempt, and VUD(0,4) starts at byte 16: both valid under the literal
    // reading of BFE-BFI-ALIGNMENT.
    let one = "bfe (M1, 1) VUD(0,1)<1> VUD(0,3)<0;1,0> VUD(0,0)<0;1,0> VUD(0,0)<0;1,0>";
    let aligned = "bfe (M1, 4) VUD(0,4)<1> VUD(0,0)<1;1,0> 0x3:ud VUD(1,0)<1;1,0>";
    assert_eq!(invalid(one, &[errata::BFE_BFI_ALIGNMENT]), None);
    assert_eq!(invalid(aligned, &[errata::BFE_BFI_ALIGNMENT]), None);
}

//! Hand-derived edge catalog for the arithmetic, logic and shift instructions of the first
//! ALU batch: ADD3, AVG, MULH (instructions/ADD3.md, AVG.md, MULH.md), AND, OR, XOR, NOT
//! (AND.md, OR.md, XOR.md, NOT.md) and SHL, SHR, ASR (SHL.md, SHR.md, ASR.md), with the
//! conversion and saturation rules of 2_datatypes.md. Every expected value is derived in its
//! row's comment from the documents and the errata ledger, not from running the code.
#![allow(clippy::unwrap_used)]

mod common;

use common::{lane, lane_literal, Run};
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::{self, XeHpg};
use visa_spec::ErrorClass;

const HPG: Platform = XeHpg;

const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
                     .decl VUW v_type=G type=uw num_elts=16\n.decl VB v_type=G type=b num_elts=16\n\
                     .decl VQ v_type=G type=q num_elts=16\n";

/// The error class of validating `text` after this catalog's declarations.
fn invalid(text: &str, literal: &[&str]) -> Option<ErrorClass> {
    common::invalid_with(DECLS, text, literal)
}

// ---------------------------------------------------------------------------------------------
// ADD3
// ---------------------------------------------------------------------------------------------

#[rstest]
// 1 + 2 + 3 = 6.
#[case("add3", "d", &[("d", 1), ("d", 2), ("d", 3)], 6)]
// INT_MAX + 1 + 0 = 2^31: .sat clamps to INT_MAX ...
#[case("add3.sat", "d", &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)], 0x7fff_ffff)]
// ... and without .sat the low 32 bits of 2^31 are 0x80000000.
#[case("add3", "d", &[("d", 0x7fff_ffff), ("d", 1), ("d", 0)], 0x8000_0000)]
// INT_MIN + -1 + -1 = -2^31 - 2: .sat → INT_MIN; else -2^31 - 2 + 2^32 = 0x7ffffffe.
#[case("add3.sat", "d", &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0x8000_0000)]
#[case("add3", "d", &[("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0x7fff_fffe)]
// UW: 65535 + 1 + 1 = 65537: .sat → 0xffff; else 65537 - 65536 = 1.
#[case("add3.sat", "uw", &[("uw", 0xffff), ("uw", 1), ("uw", 1)], 0xffff)]
#[case("add3", "uw", &[("uw", 0xffff), ("uw", 1), ("uw", 1)], 1)]
// UW from D: -1 + 0 + 0 = -1: .sat → 0 (UW minimum); else the low 16 bits 0xffff.
#[case("add3.sat", "uw", &[("d", 0xffff_ffff), ("d", 0), ("d", 0)], 0)]
#[case("add3", "uw", &[("d", 0xffff_ffff), ("d", 0), ("d", 0)], 0xffff)]
// W: 3 * 32767 = 98301: .sat → 0x7fff; else 98301 - 65536 = 32765 = 0x7ffd.
#[case("add3.sat", "w", &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)], 0x7fff)]
#[case("add3", "w", &[("w", 0x7fff), ("w", 0x7fff), ("w", 0x7fff)], 0x7ffd)]
// -(INT_MIN) is +2^31 exactly (OPERAND-MODIFIER-TABLE); 2^31 + 0 + -1 = INT_MAX, no clamping.
#[case("add3.sat", "d", &[("(-)d", 0x8000_0000), ("d", 0), ("d", 0xffff_ffff)], 0x7fff_ffff)]
fn add3(#[case] op: &str, #[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// AVG: (src0 + src1 + 1) >> 1 on the exact sum, the shift a floor division (AVG-NEGATIVE-SHIFT)
// ---------------------------------------------------------------------------------------------

#[rstest]
// (1 + 2 + 1) >> 1 = 4 / 2 = 2: the half rounds up.
#[case("avg", "d", &[("d", 1), ("d", 2)], 2)]
// (-1 + -2 + 1) >> 1 = floor(-2 / 2) = -1.
#[case("avg", "d", &[("d", 0xffff_ffff), ("d", 0xffff_fffe)], 0xffff_ffff)]
// (-1 + -1 + 1) >> 1 = floor(-1 / 2) = -1.
#[case("avg", "d", &[("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0xffff_ffff)]
// (0 + -1 + 1) >> 1 = 0.
#[case("avg", "d", &[("d", 0), ("d", 0xffff_ffff)], 0)]
// D max + max: (2^32 - 2 + 1) >> 1 = floor((2^32 - 1) / 2) = 2^31 - 1, with or without .sat.
#[case("avg", "d", &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], 0x7fff_ffff)]
#[case("avg.sat", "d", &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], 0x7fff_ffff)]
// UD max + max: (2^33 - 2 + 1) >> 1 = 2^32 - 1: extra precision, no wrap.
#[case("avg", "ud", &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_ffff)]
#[case("avg.sat", "ud", &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_ffff)]
// INT_MIN + INT_MIN: (-2^32 + 1) >> 1 = floor(-2^31 + 1/2) = -2^31.
#[case("avg", "d", &[("d", 0x8000_0000), ("d", 0x8000_0000)], 0x8000_0000)]
// B max + max: (254 + 1) >> 1 = 127.
#[case("avg", "b", &[("b", 0x7f), ("b", 0x7f)], 0x7f)]
// UB from UD: (2^32 - 1 + 1 + 1) >> 1 = 2^31: .sat → 255; else 2^31 mod 256 = 0.
#[case("avg.sat", "ub", &[("ud", 0xffff_ffff), ("ud", 1)], 0xff)]
#[case("avg", "ub", &[("ud", 0xffff_ffff), ("ud", 1)], 0)]
fn avg(#[case] op: &str, #[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// MULH: floor(src0 * src1 / 2^32), low 32 bits (MULH-HIGH-DWORD)
// ---------------------------------------------------------------------------------------------

#[rstest]
// (2^32 - 1)^2 = 2^64 - 2^33 + 1; / 2^32 → 2^32 - 2 (the remainder 1 is dropped) = 0xfffffffe.
#[case("ud", &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], 0xffff_fffe)]
// -1 * -1 = 1: floor(1 / 2^32) = 0.
#[case("d", &[("d", 0xffff_ffff), ("d", 0xffff_ffff)], 0)]
// (-2^31)^2 = 2^62: / 2^32 = 2^30 = 0x40000000.
#[case("d", &[("d", 0x8000_0000), ("d", 0x8000_0000)], 0x4000_0000)]
// -1 * 1 = -1: floor(-1 / 2^32) = -1 → 0xffffffff (the high half of a negative product).
#[case("d", &[("d", 0xffff_ffff), ("d", 1)], 0xffff_ffff)]
// 2^31 * 2 = 2^32: high half 1.
#[case("ud", &[("ud", 0x8000_0000), ("ud", 2)], 1)]
// -2^31 * (2^31 - 1) = -2^62 + 2^31: / 2^32 = -2^30 + 1/2 → floor -2^30 = 0xc0000000.
#[case("d", &[("d", 0x8000_0000), ("d", 0x7fff_ffff)], 0xc000_0000)]
// (-)1 on UD is the exact -1; -1 * 1 = -1 → 0xffffffff.
#[case("ud", &[("(-)ud", 1), ("ud", 1)], 0xffff_ffff)]
// (-)INT_MIN = +2^31; 2^31 * -2^31 = -2^62 → -2^30 = 0xc0000000.
#[case("d", &[("(-)d", 0x8000_0000), ("d", 0x8000_0000)], 0xc000_0000)]
// 0 * anything = 0.
#[case("ud", &[("ud", 0), ("ud", 0xffff_ffff)], 0)]
fn mulh(#[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane("mulh", dst, srcs), expected, "{srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// AND, OR, XOR, NOT on exact two's complement values (LOGIC-MIXED-WIDTH)
// ---------------------------------------------------------------------------------------------

#[rstest]
// Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.
#[case("and", "ud", &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], 0xf000_f000)]
#[case("or", "ud", &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], 0xfff0_fff0)]
#[case("xor", "ud", &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)], 0x0ff0_0ff0)]
// B 0x80 is -128, sign-extended: ...ffff80 & 0xffffffff = 0xffffff80.
#[case("and", "ud", &[("b", 0x80), ("ud", 0xffff_ffff)], 0xffff_ff80)]
// UB 0x80 is 128, zero-extended: 0x80 & 0xffffffff = 0x80.
#[case("and", "ud", &[("ub", 0x80), ("ud", 0xffff_ffff)], 0x80)]
// W 0x8000 is -32768 = ...ffff8000; | 1 = ...ffff8001 → 0xffff8001.
#[case("or", "ud", &[("w", 0x8000), ("uw", 1)], 0xffff_8001)]
// 0x12345678 ^ 0x0000ffff = 0x1234a987; a UW destination keeps 0xa987.
#[case("xor", "uw", &[("d", 0x1234_5678), ("d", 0xffff)], 0xa987)]
// ~ complements within the source type: ~UB 0x0f = 0xf0 (240); 240 & 0xffffffff = 0xf0.
#[case("and", "ud", &[("~ub", 0x0f), ("ud", 0xffff_ffff)], 0xf0)]
// ~B 0x0f = 0xf0 = -16 as B; sign-extended: 0xfffffff0.
#[case("and", "ud", &[("~b", 0x0f), ("ud", 0xffff_ffff)], 0xffff_fff0)]
// ~D 0 = -1; -1 | 0 = -1 → 0xffffffff.
#[case("or", "d", &[("~d", 0), ("d", 0)], 0xffff_ffff)]
// ~UD 0 = 0xffffffff; ^ 0 = 0xffffffff; a UB destination keeps 0xff.
#[case("xor", "ub", &[("~ud", 0), ("ud", 0)], 0xff)]
// Both complemented: ~0x0f & ~0xf0 (UB) = 0xf0 & 0x0f = 0.
#[case("and", "ub", &[("~ub", 0x0f), ("~ub", 0xf0)], 0)]
fn logic(#[case] op: &str, #[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

#[rstest]
// ~0 = -1 → 0xffffffff.
#[case("ud", "ud", 0, 0xffff_ffff)]
// ~15 = -16 exactly; into UD: 0xfffffff0 (the complement is not confined to UB's 8 bits).
#[case("ud", "ub", 0x0f, 0xffff_fff0)]
// ~15 = -16 into UB: the low 8 bits 0xf0.
#[case("ub", "ub", 0x0f, 0xf0)]
// ~INT_MIN = -(-2^31) - 1 = INT_MAX.
#[case("d", "d", 0x8000_0000, 0x7fff_ffff)]
// ~INT_MAX = INT_MIN.
#[case("d", "d", 0x7fff_ffff, 0x8000_0000)]
// ~(~x) = x: the ~ modifier then NOT.
#[case("ud", "~ud", 0x1234_5678, 0x1234_5678)]
// W -1 → ~(-1) = 0 → 0.
#[case("uw", "w", 0xffff, 0)]
fn not(#[case] dst: &str, #[case] src: &str, #[case] value: u64, #[case] expected: u64) {
    assert_eq!(
        lane("not", dst, &[(src, value)]),
        expected,
        "{src} {value:#x}"
    );
}

// ---------------------------------------------------------------------------------------------
// SHL: count = src1 & 31 (& 63 for Q/UQ), exact shift, then .sat or truncation
// ---------------------------------------------------------------------------------------------

#[rstest]
// 1 << 0 = 1; 1 << 1 = 2; 1 << 31 = 0x80000000.
#[case("shl", "ud", &[("ud", 1), ("ud", 0)], 1)]
#[case("shl", "ud", &[("ud", 1), ("ud", 1)], 2)]
#[case("shl", "ud", &[("ud", 1), ("ud", 31)], 0x8000_0000)]
// 32 & 31 = 0: unchanged; 33 & 31 = 1; 63 & 31 = 31; 64 & 31 = 0.
#[case("shl", "ud", &[("ud", 1), ("ud", 32)], 1)]
#[case("shl", "ud", &[("ud", 1), ("ud", 33)], 2)]
#[case("shl", "ud", &[("ud", 1), ("ud", 63)], 0x8000_0000)]
#[case("shl", "ud", &[("ud", 1), ("ud", 64)], 1)]
// A D count of -1 has low 5 bits 11111 = 31.
#[case("shl", "ud", &[("ud", 1), ("d", 0xffff_ffff)], 0x8000_0000)]
// 0xffffffff << 1 = 0x1fffffffe; truncated: 0xfffffffe; .sat: clamped to 0xffffffff.
#[case("shl", "ud", &[("ud", 0xffff_ffff), ("ud", 1)], 0xffff_fffe)]
#[case("shl.sat", "ud", &[("ud", 0xffff_ffff), ("ud", 1)], 0xffff_ffff)]
// D: 1 << 31 = 2^31: truncated 0x80000000; .sat → INT_MAX.
#[case("shl", "d", &[("d", 1), ("d", 31)], 0x8000_0000)]
#[case("shl.sat", "d", &[("d", 1), ("d", 31)], 0x7fff_ffff)]
// D: -1 << 31 = -2^31 fits: 0x80000000 with or without .sat.
#[case("shl.sat", "d", &[("d", 0xffff_ffff), ("d", 31)], 0x8000_0000)]
// UW: the count is masked with 31, not 15: 1 << 16 = 0x10000 → low 16 bits 0; .sat 0xffff.
#[case("shl", "uw", &[("uw", 1), ("uw", 16)], 0)]
#[case("shl.sat", "uw", &[("uw", 1), ("uw", 16)], 0xffff)]
// UW: 1 << 15 = 0x8000.
#[case("shl", "uw", &[("uw", 1), ("uw", 15)], 0x8000)]
// UB: 1 << 8 = 256 → 0.
#[case("shl", "ub", &[("ub", 1), ("ub", 8)], 0)]
// (-)1 on D: -1 << 4 = -16 → 0xfffffff0.
#[case("shl", "d", &[("(-)d", 1), ("d", 4)], 0xffff_fff0)]
// A B source is sign-extended before the shift: -128 << 1 = -256 → UD 0xffffff00.
#[case("shl", "ud", &[("b", 0x80), ("ud", 1)], 0xffff_ff00)]
fn shl(#[case] op: &str, #[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

/// SHL.sat under both readings of SHL-SAT-RANGE: `None` is undefined-behaviour.
#[rstest]
// 0x7fffffff << 1 = 2^32 - 2 < 2^32: within signed 33 bits; .sat UD keeps 0xfffffffe.
#[case("ud", &[("ud", 0x7fff_ffff), ("ud", 1)], Some(0xffff_fffe), 0xffff_fffe)]
// 0x80000000 << 1 = 2^32: one past the signed 33-bit maximum 2^32 - 1 → literal undefined;
// resolved clamps to 0xffffffff.
#[case("ud", &[("ud", 0x8000_0000), ("ud", 1)], None, 0xffff_ffff)]
// 0xffffffff << 1 = 2^33 - 2: beyond 33 bits.
#[case("ud", &[("ud", 0xffff_ffff), ("ud", 1)], None, 0xffff_ffff)]
// -2^31 << 1 = -2^32: exactly the signed 33-bit minimum: defined; .sat D → INT_MIN.
#[case("d", &[("d", 0x8000_0000), ("d", 1)], Some(0x8000_0000), 0x8000_0000)]
// -2^31 << 2 = -2^33: beyond 33 bits → literal undefined; resolved INT_MIN.
#[case("d", &[("d", 0x8000_0000), ("d", 2)], None, 0x8000_0000)]
// 1 << 31 = 2^31: within 33 bits → .sat D clamps to INT_MAX in both readings.
#[case("d", &[("d", 1), ("d", 31)], Some(0x7fff_ffff), 0x7fff_ffff)]
fn shl_sat_range_readings(
    #[case] dst: &str,
    #[case] srcs: &[(&str, u64)],
    #[case] literal: Option<u64>,
    #[case] resolved: u64,
) {
    assert_eq!(lane("shl.sat", dst, srcs), resolved, "resolved {srcs:x?}");
    let got = lane_literal("shl.sat", dst, srcs, errata::SHL_SAT_RANGE);
    match literal {
        Some(v) => assert_eq!(got.unwrap(), v, "literal {srcs:x?}"),
        None => assert_eq!(got.unwrap_err().class, ErrorClass::UndefinedBehaviour),
    }
    // Without .sat the note does not apply: the literal reading truncates like the resolved.
    assert_eq!(
        lane_literal("shl", dst, srcs, errata::SHL_SAT_RANGE).unwrap(),
        lane("shl", dst, srcs)
    );
}

// ---------------------------------------------------------------------------------------------
// SHR: logical, src0 read as an unsigned number of its type
// ---------------------------------------------------------------------------------------------

#[rstest]
// 0x80000000 >> 0, 1, 31 = 0x80000000, 0x40000000 (no sign extension), 1.
#[case("shr", "ud", &[("ud", 0x8000_0000), ("ud", 0)], 0x8000_0000)]
#[case("shr", "ud", &[("ud", 0x8000_0000), ("ud", 1)], 0x4000_0000)]
#[case("shr", "ud", &[("ud", 0x8000_0000), ("ud", 31)], 1)]
// 32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.
#[case("shr", "ud", &[("ud", 0x8000_0000), ("ud", 32)], 0x8000_0000)]
#[case("shr", "ud", &[("ud", 0xffff_ffff), ("ud", 63)], 1)]
#[case("shr", "ud", &[("ud", 0xffff_ffff), ("ud", 64)], 0xffff_ffff)]
// A D count (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31.
#[case("shr", "ud", &[("ud", 0x8000_0000), ("d", 0xffff_ffff)], 1)]
// UB 0x80 >> 7 = 1 into UD.
#[case("shr", "ud", &[("ub", 0x80), ("ub", 7)], 1)]
// UW: count 16 is not masked to 15: 0xffff >> 16 = 0.
#[case("shr", "uw", &[("uw", 0xffff), ("uw", 16)], 0)]
// (-)1 on UD is -1, read as UD 0xffffffff: >> 28 = 0xf.
#[case("shr", "ud", &[("(-)ud", 1), ("ud", 28)], 0xf)]
// 0x100 >> 0 = 256 into UB: .sat → 255; truncated → 0.
#[case("shr.sat", "ub", &[("ud", 0x100), ("ud", 0)], 0xff)]
#[case("shr", "ub", &[("ud", 0x100), ("ud", 0)], 0)]
fn shr(#[case] op: &str, #[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane(op, dst, srcs), expected, "{op} {srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// ASR: floor(src0 / 2^count) on src0's exact value; count & 31, or & 63 for a Q/UQ destination
// ---------------------------------------------------------------------------------------------

#[rstest]
// INT_MIN >> 31 = floor(-2^31 / 2^31) = -1; -1 >> 31 = -1.
#[case("d", &[("d", 0x8000_0000), ("d", 31)], 0xffff_ffff)]
#[case("d", &[("d", 0xffff_ffff), ("d", 31)], 0xffff_ffff)]
// Count 32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.
#[case("d", &[("d", 0x8000_0000), ("d", 32)], 0x8000_0000)]
#[case("d", &[("d", 0x8000_0000), ("d", 63)], 0xffff_ffff)]
#[case("d", &[("d", 0x8000_0000), ("d", 64)], 0x8000_0000)]
// INT_MAX >> 30 = 1.
#[case("d", &[("d", 0x7fff_ffff), ("d", 30)], 1)]
// -5 >> 1 = floor(-2.5) = -3 → 0xfffffffd.
#[case("d", &[("d", 0xffff_fffb), ("d", 1)], 0xffff_fffd)]
// W: -32768 >> 15 = -1 → 0xffff; count 16 (& 31 = 16) → floor(-32768 / 65536) = -1.
#[case("w", &[("w", 0x8000), ("w", 15)], 0xffff)]
#[case("w", &[("w", 0x8000), ("w", 16)], 0xffff)]
// An unsigned src0 is its non-negative value (ASR-SIGNED-OPERANDS resolved): 2^31 >> 31 = 1.
#[case("d", &[("ud", 0x8000_0000), ("d", 31)], 1)]
// Q destination: count & 63. D src0 INT_MAX >> 32 = floor((2^31 - 1) / 2^32) = 0 ...
#[case("q", &[("d", 0x7fff_ffff), ("d", 32)], 0)]
// ... while a D destination masks 32 to 0: unchanged.
#[case("d", &[("d", 0x7fff_ffff), ("d", 32)], 0x7fff_ffff)]
// Q destination: -2^31 >> 63 = -1 (sign-extended to 64 bits); count 64 & 63 = 0: -2^31.
#[case("q", &[("d", 0x8000_0000), ("d", 63)], 0xffff_ffff_ffff_ffff)]
#[case("q", &[("d", 0x8000_0000), ("d", 64)], 0xffff_ffff_8000_0000)]
// D destination from a Q source (third type map), count & 31: 2^32 >> 1 = 2^31 → 0x80000000.
#[case("d", &[("q", 0x1_0000_0000), ("q", 1)], 0x8000_0000)]
// Q source -2^63 >> 31 = -2^32: low 32 bits 0.
#[case("d", &[("q", 0x8000_0000_0000_0000), ("q", 31)], 0)]
// A D count for a Q source (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31; -2^62 >> 31 = -2^31.
#[case("d", &[("q", 0xc000_0000_0000_0000), ("d", 0xffff_ffff)], 0x8000_0000)]
fn asr(#[case] dst: &str, #[case] srcs: &[(&str, u64)], #[case] expected: u64) {
    assert_eq!(lane("asr", dst, srcs), expected, "{srcs:x?}");
}

// ---------------------------------------------------------------------------------------------
// Forms and validation errata
// ---------------------------------------------------------------------------------------------

#[rstest]
// Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).
#[case("and (M1, 8) VD(0,0)<1> (-)VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case("and.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case("not.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0>")]
// Arithmetic instructions take no `~`.
#[case("shl (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case("avg (M1, 8) VD(0,0)<1> ~VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
// MULH: dst and sources of one type (MULH.md, Description); no .sat; no W.
#[case("mulh (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case("mulh.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
#[case("mulh (M1, 8) VUW(0,0)<1> VUW(0,0)<1;1,0> VUW(0,0)<1;1,0>")]
// ASR takes no .sat.
#[case("asr.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>")]
// SHR: dst and src0 unsigned.
#[case("shr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
#[case("shr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>")]
// ADD3 has no B type.
#[case("add3 (M1, 8) VB(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> VB(0,0)<1;1,0>")]
// ASR: a Q src0 with a B destination is in no type map.
#[case("asr (M1, 8) VB(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>")]
fn invalid_forms(#[case] text: &str) {
    assert_eq!(
        invalid(text, &[]),
        Some(ErrorClass::InvalidInstruction),
        "{text}"
    );
}

#[rstest]
// SHIFT-COUNT-TYPE: a signed SHR count is valid (resolved), not under the literal type map.
#[case(
    "shr (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    errata::SHIFT_COUNT_TYPE
)]
// ... and a D count for a Q-source ASR (third map lists UQ, Q only).
#[case(
    "asr (M1, 8) VD(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>",
    errata::SHIFT_COUNT_TYPE
)]
// ASR-SIGNED-OPERANDS: an unsigned dst or src0 is valid by the type maps, not by the Notes.
#[case(
    "asr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    errata::ASR_SIGNED_OPERANDS
)]
#[case(
    "asr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
    errata::ASR_SIGNED_OPERANDS
)]
// ADD3-IMMEDIATE-WIDTH: a D immediate is valid (resolved), not an immediate16 (literal) ...
#[case(
    "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x12345:d VD(0,0)<1;1,0>",
    errata::ADD3_IMMEDIATE_WIDTH
)]
// QWORD-TYPEMAP-GAP: Q and UQ are in the logic instructions' and SHL's Supported Types; the
// resolved reading admits them, the literal one keeps the type maps.
#[case(
    "and (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>",
    errata::QWORD_TYPEMAP_GAP
)]
#[case(
    "shl (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VD(0,0)<1;1,0>",
    errata::QWORD_TYPEMAP_GAP
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
fn add3_immediate16_under_the_literal_reading() {
    // ... while a W immediate is valid under both readings.
    let text = "add3 (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> 0x1234:w VD(0,0)<1;1,0>";
    assert_eq!(invalid(text, &[]), None);
    assert_eq!(invalid(text, &[errata::ADD3_IMMEDIATE_WIDTH]), None);
    // The literal reading of ASR-SIGNED-OPERANDS keeps signed forms valid.
    let text = "asr (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>";
    assert_eq!(invalid(text, &[errata::ASR_SIGNED_OPERANDS]), None);
}

#[test]
fn several_lanes_with_predication() {
    // SIMD4 SHL of 1 by the lanes' counts 0, 1, 2, 3 from a UV immediate 0x3210 (elements 0..3),
    // lanes 1 and 3 disabled by (P1) = 0b0101: lanes 0, 2 get 1, 4; lanes 1, 3 keep 0x77.
    let text = ".decl V1 v_type=G type=ud num_elts=4\n.decl P1 v_type=P num_elts=4\n\
                (P1) shl (M1, 4) V1(0,0)<1> 0x1:ud 0x3210:uv\n";
    let out = Run::new(HPG, text)
        .var("V1", common::le32(&[0x77; 4]))
        .pred("P1", 0b0101)
        .u32s("V1")
        .unwrap();
    assert_eq!(out, vec![1, 0x77, 4, 0x77]);
}

//! Hand-derived edge catalog for MOV and ADD (instructions/MOV.md, instructions/ADD.md) and
//! the conversion, saturation and modifier rules of 2_datatypes.md they exercise. Every
//! expected value is derived in its row's comment from the documents, not from running the
//! code.
#![allow(clippy::unwrap_used)]

mod common;

use common::{le16, le32, le64, Run};
use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform::{self, XeHpc, XeHpg, XeLp};
use visa_spec::ErrorClass;

const HPG: Platform = XeHpg;

/// One-lane ADD on D with a modified register source and an immediate.
fn add_d(modifier: &str, sat: bool, src0: u32, imm: &str) -> u32 {
    let text = format!(
        ".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=1\n\
         add{} (M1, 1) V1(0,0)<1> {modifier}V2(0,0)<0;1,0> {imm}\n",
        if sat { ".sat" } else { "" }
    );
    Run::new(HPG, &text)
        .var("V2", le32(&[src0]))
        .u32s("V1")
        .unwrap()[0]
}

#[rstest]
// -(INT_MIN) is +2^31 with extra precision; .sat clamps to INT_MAX.
#[case("(-)", true, 0x8000_0000, "0x0:d", 0x7fff_ffff)]
// Without .sat, 2^31 truncates to 32 bits: 0x80000000.
#[case("(-)", false, 0x8000_0000, "0x0:d", 0x8000_0000)]
// |INT_MIN| = 2^31 saturates to INT_MAX.
#[case("(abs)", true, 0x8000_0000, "0x0:d", 0x7fff_ffff)]
// |INT_MIN| + (-1) = 2^31 - 1 fits: no clamping needed.
#[case("(abs)", true, 0x8000_0000, "0xffffffff:d", 0x7fff_ffff)]
// -|INT_MIN| + (-1) = -2^31 - 1 saturates to INT_MIN.
#[case("(-abs)", true, 0x8000_0000, "0xffffffff:d", 0x8000_0000)]
// ... and wraps to INT_MAX without .sat.
#[case("(-abs)", false, 0x8000_0000, "0xffffffff:d", 0x7fff_ffff)]
// -(5) + 7 = 2.
#[case("(-)", false, 5, "0x7:d", 2)]
fn add_modifiers_extra_precision(
    #[case] modifier: &str,
    #[case] sat: bool,
    #[case] src0: u32,
    #[case] imm: &str,
    #[case] expected: u32,
) {
    assert_eq!(add_d(modifier, sat, src0, imm), expected);
}

/// One-lane integer ADD: dst type, sources, saturation.
#[rstest]
// UD: 0xffffffff + 1 = 2^32 wraps to 0 ...
#[case("ud", "ud", 0xffff_ffff, "0x1:ud", false, 0)]
// ... and saturates to UD max.
#[case("ud", "ud", 0xffff_ffff, "0x1:ud", true, 0xffff_ffff)]
// UB dst from D: 200 + 100 = 300 → UB max 255 with .sat, 300 mod 256 = 44 without.
#[case("ub", "d", 200, "0x64:d", true, 255)]
#[case("ub", "d", 200, "0x64:d", false, 44)]
// -5 + 0 saturates to UB's 0.
#[case("ub", "d", (-5i32) as u32, "0x0:d", true, 0)]
// W: 0x7fff + 1 → sat W max 0x7fff; else 0x8000.
#[case("w", "w", 0x7fff, "0x1:w", true, 0x7fff)]
#[case("w", "w", 0x7fff, "0x1:w", false, 0x8000)]
// B: -128 + -1 → sat -128 (0x80); else 127 (0x7f).
#[case("b", "b", 0x80, "0xff:b", true, 0x80)]
#[case("b", "b", 0x80, "0xff:b", false, 0x7f)]
// Mixed sources: UW 65535 + D -65535 = 0.
#[case("d", "uw", 0xffff, "0xffff0001:d", false, 0)]
fn add_integer(
    #[case] dst_ty: &str,
    #[case] src_ty: &str,
    #[case] src0: u32,
    #[case] imm: &str,
    #[case] sat: bool,
    #[case] expected: u32,
) {
    let text = format!(
        ".decl V1 v_type=G type={dst_ty} num_elts=1\n.decl V2 v_type=G type={src_ty} num_elts=1\n\
         add{} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> {imm}\n",
        if sat { ".sat" } else { "" }
    );
    let size = visa_spec::types::DataType::UD.size();
    let src_bytes: Vec<u8> =
        src0.to_le_bytes()[..src_ty.parse::<visa_spec::types::DataType>().unwrap().size()].to_vec();
    let out = Run::new(HPG, &text)
        .var("V2", src_bytes)
        .bytes("V1")
        .unwrap();
    let mut word = [0u8; 4];
    word[..out.len().min(size)].copy_from_slice(&out);
    assert_eq!(u32::from_le_bytes(word), expected);
}

/// One-lane F ADD with %cr0 and optional saturation: (src0 bits, immediate, cr0, sat) → bits.
fn add_f(src0: u32, imm: u32, cr0: u32, sat: bool, literal: Option<&str>) -> u32 {
    let text = format!(
        ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
         add{} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x{imm:x}:f\n",
        if sat { ".sat" } else { "" }
    );
    let mut run = Run::new(HPG, &text).var("V2", le32(&[src0])).cr0(cr0);
    if let Some(id) = literal {
        run = run.literal(id);
    }
    run.u32s("V1").unwrap()[0]
}

#[rstest]
// 1 + 2^-24: exactly half an ulp of 1.0 (ulp 2^-23) → tie → even mantissa: 1.0.
#[case(0x3f80_0000, 0x3380_0000, 0x00, 0x3f80_0000)]
// Round up (cr0 bits 4-5 = 01): 1 + 2^-23 = 0x3f800001.
#[case(0x3f80_0000, 0x3380_0000, 0x10, 0x3f80_0001)]
// Round down (10) and toward zero (11): 1.0.
#[case(0x3f80_0000, 0x3380_0000, 0x20, 0x3f80_0000)]
#[case(0x3f80_0000, 0x3380_0000, 0x30, 0x3f80_0000)]
// -1 - 2^-24 rounded down (toward -inf): -(1 + 2^-23) = 0xbf800001.
#[case(0xbf80_0000, 0xb380_0000, 0x20, 0xbf80_0001)]
// +inf + -inf: invalid → default NaN 0x7fc00000.
#[case(0x7f80_0000, 0xff80_0000, 0x00, 0x7fc0_0000)]
// sNaN payload 1 in src0 propagates quieted: 0x7fc00001.
#[case(0x7f80_0001, 0x3f80_0000, 0x00, 0x7fc0_0001)]
// src0 NaN takes priority over src1 NaN.
#[case(0xffc0_0002, 0x7fc0_0003, 0x00, 0xffc0_0002)]
// x + (-x) = +0 under RTNE, -0 under round-down.
#[case(0x3f80_0000, 0xbf80_0000, 0x00, 0x0000_0000)]
#[case(0x3f80_0000, 0xbf80_0000, 0x20, 0x8000_0000)]
// -0 + -0 = -0.
#[case(0x8000_0000, 0x8000_0000, 0x00, 0x8000_0000)]
// Min denormal + 0: cr0 bit 7 = 0 flushes the input → +0; bit 7 = 1 keeps it.
#[case(0x0000_0001, 0x0000_0000, 0x00, 0x0000_0000)]
#[case(0x0000_0001, 0x0000_0000, 0x80, 0x0000_0001)]
// max + max overflows: RTNE → +inf; RTZ → max finite.
#[case(0x7f7f_ffff, 0x7f7f_ffff, 0x00, 0x7f80_0000)]
#[case(0x7f7f_ffff, 0x7f7f_ffff, 0x30, 0x7f7f_ffff)]
// ALT mode (cr0 bit 0): an infinite result becomes the largest finite value.
#[case(0x7f7f_ffff, 0x7f7f_ffff, 0x01, 0x7f7f_ffff)]
fn add_float(#[case] a: u32, #[case] b: u32, #[case] cr0: u32, #[case] expected: u32) {
    assert_eq!(
        add_f(a, b, cr0, false, None),
        expected,
        "{a:#x} + {b:#x} cr0={cr0:#x}"
    );
}

#[rstest]
// 0.75 + 0.5 = 1.25 → 1.0.
#[case(0x3f40_0000, 0x3f00_0000, None, 0x3f80_0000)]
// -0.5 + 0.25 = -0.25 → +0.
#[case(0xbf00_0000, 0x3e80_0000, None, 0x0000_0000)]
// NaN → +0.
#[case(0x7fc0_0000, 0x3f80_0000, None, 0x0000_0000)]
// -0 + -0 = -0: resolved saturates the sign away, literal keeps -0.
#[case(0x8000_0000, 0x8000_0000, None, 0x0000_0000)]
#[case(0x8000_0000, 0x8000_0000, Some(errata::SAT_NEGATIVE_ZERO), 0x8000_0000)]
// 0.25 + 0.25 = 0.5 stays.
#[case(0x3e80_0000, 0x3e80_0000, None, 0x3f00_0000)]
// +inf → 1.0.
#[case(0x7f80_0000, 0x3f80_0000, None, 0x3f80_0000)]
fn add_float_sat(
    #[case] a: u32,
    #[case] b: u32,
    #[case] literal: Option<&str>,
    #[case] expected: u32,
) {
    assert_eq!(add_f(a, b, 0, true, literal), expected);
}

#[test]
fn add_half_and_double() {
    // HF: 1.0 (0x3c00) + 1.0 = 2.0 (0x4000).
    let text = ".decl V1 v_type=G type=hf num_elts=1\n.decl V2 v_type=G type=hf num_elts=1\n\
                add (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3c00:hf\n";
    assert_eq!(
        Run::new(HPG, text)
            .var("V2", le16(&[0x3c00]))
            .u16s("V1")
            .unwrap(),
        vec![0x4000]
    );
    // DF: 1 + 2^-53 is a tie at half an ulp (2^-52) → even: 1.0 = 0x3ff0000000000000.
    let text = ".decl V1 v_type=G type=df num_elts=1\n.decl V2 v_type=G type=df num_elts=1\n\
                add (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3ca0000000000000:df\n";
    let out = Run::new(HPG, text)
        .var("V2", le64(&[0x3ff0_0000_0000_0000]))
        .bytes("V1")
        .unwrap();
    assert_eq!(out, le64(&[0x3ff0_0000_0000_0000]));
}

/// One-lane MOV from a register of `src_ty` to `dst_ty`.
fn mov(
    dst_ty: &str,
    src_ty: &str,
    src: u64,
    sat: bool,
    cr0: u32,
    literal: &[&str],
) -> Result<u64, visa_spec::VisaError> {
    let text = format!(
        ".decl V1 v_type=G type={dst_ty} num_elts=1\n.decl V2 v_type=G type={src_ty} num_elts=1\n\
         mov{} (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n",
        if sat { ".sat" } else { "" }
    );
    let size = src_ty.parse::<visa_spec::types::DataType>().unwrap().size();
    let mut run = Run::new(HPG, &text)
        .var("V2", src.to_le_bytes()[..size].to_vec())
        .cr0(cr0);
    for id in literal {
        run = run.literal(id);
    }
    let out = run.bytes("V1")?;
    let mut word = [0u8; 8];
    word[..out.len()].copy_from_slice(&out);
    Ok(u64::from_le_bytes(word))
}

#[rstest]
// Float to integer truncates toward zero: 2.9 → 2, -2.9 → -2.
#[case("d", "f", 0x4039_9999, 2)]
#[case("d", "f", 0xc039_9999, 0xffff_fffe)]
// NaN → 0; 3e9 > INT_MAX → INT_MAX; -inf → INT_MIN.
#[case("d", "f", 0x7fc0_0000, 0)]
#[case("d", "f", 0x4f32_d05e, 0x7fff_ffff)]
#[case("d", "f", 0xff80_0000, 0x8000_0000)]
// 2^31 exactly (0x4f000000) is one past INT_MAX → INT_MAX.
#[case("d", "f", 0x4f00_0000, 0x7fff_ffff)]
// Negative to unsigned → 0 (resolved FLOAT-TO-UINT-NEGATIVE); +inf → UD max.
#[case("ud", "f", 0xbf80_0000, 0)]
#[case("ud", "f", 0x7f80_0000, 0xffff_ffff)]
// -0.5 truncates to -0 → 0 for unsigned under either reading.
#[case("ud", "f", 0xbf00_0000, 0)]
// 300.0 → UB saturates to 255.
#[case("ub", "f", 0x4396_0000, 255)]
// Integer to float, round to nearest even: 2^24+1 → 2^24 (0x4b800000), 2^24+3 → 2^24+4 (0x4b800002).
#[case("f", "d", 16_777_217, 0x4b80_0000)]
#[case("f", "d", 16_777_219, 0x4b80_0002)]
// UD max 2^32-1 → 2^32 = 0x4f800000.
#[case("f", "ud", 0xffff_ffff, 0x4f80_0000)]
// Sign extension B → UD: 0xff (-1) → 0xffffffff; zero extension UB → UD: 0xff → 0xff.
#[case("ud", "b", 0xff, 0xffff_ffff)]
#[case("ud", "ub", 0xff, 0xff)]
// Narrowing keeps the low bits: 0x12345678 → UB 0x78, W 0x5678.
#[case("ub", "d", 0x1234_5678, 0x78)]
#[case("w", "d", 0x1234_5678, 0x5678)]
// F → HF: 65520 is halfway between 65504 (0x7bff, odd) and 65536 (overflow, "even") → +inf 0x7c00.
#[case("hf", "f", 0x477f_f000, 0x7c00)]
// F → HF: 1 + 2^-11 is a tie between 1.0 and 1 + 2^-10 → even 1.0 (0x3c00).
#[case("hf", "f", 0x3f80_1000, 0x3c00)]
// F → BF: 0x3f808000 (1 + 2^-8) ties → even 0x3f80; 0x3f818000 ties → up to 0x3f82.
#[case("bf", "f", 0x3f80_8000, 0x3f80)]
#[case("bf", "f", 0x3f81_8000, 0x3f82)]
// BF → F widens exactly: 0x3fc0 (1.5) → 0x3fc00000.
#[case("f", "bf", 0x3fc0, 0x3fc0_0000)]
// DF → F: 1/3 (0x3fd5555555555555) rounds to 0x3eaaaaab.
#[case("f", "df", 0x3fd5_5555_5555_5555, 0x3eaa_aaab)]
// F → DF exact: 1.5 → 0x3ff8000000000000.
#[case("df", "f", 0x3fc0_0000, 0x3ff8_0000_0000_0000)]
// NaN payload carried and quieted: F sNaN 0x7f802000 → HF: frac>>13 = 1, | quiet 0x200 → 0x7e01.
#[case("hf", "f", 0x7f80_2000, 0x7e01)]
// Same-type MOV copies bits, even an sNaN (MOV-RAW-COPY resolved).
#[case("f", "f", 0x7f80_0001, 0x7f80_0001)]
// ... and a denormal under flush mode.
#[case("f", "f", 0x0000_0001, 0x0000_0001)]
fn mov_conversions(#[case] dst: &str, #[case] src: &str, #[case] bits: u64, #[case] expected: u64) {
    assert_eq!(
        mov(dst, src, bits, false, 0, &[]).unwrap(),
        expected,
        "{src} {bits:#x} → {dst}"
    );
}

#[rstest]
// F.sat: 2.0 → 1.0, NaN → 0, -3 → 0.
#[case("f", "f", 0x4000_0000, 0x3f80_0000)]
#[case("f", "f", 0x7fc0_0000, 0)]
#[case("f", "f", 0xc040_0000, 0)]
// HF.sat from F: 0.5 → 0x3800.
#[case("hf", "f", 0x3f00_0000, 0x3800)]
// D → UB sat 300 → 255; D → B sat -300 → -128 = 0x80.
#[case("ub", "d", 300, 255)]
#[case("b", "d", (-300i32) as u32 as u64, 0x80)]
// D → UW sat -1 → 0; UD → W sat 0xffffffff → 0x7fff.
#[case("uw", "d", 0xffff_ffff, 0)]
#[case("w", "ud", 0xffff_ffff, 0x7fff)]
// Q → UQ sat -1 → 0; UQ → Q sat max → Q max.
#[case("uq", "q", u64::MAX, 0)]
#[case("q", "uq", u64::MAX, 0x7fff_ffff_ffff_ffff)]
fn mov_saturation(#[case] dst: &str, #[case] src: &str, #[case] bits: u64, #[case] expected: u64) {
    assert_eq!(mov(dst, src, bits, true, 0, &[]).unwrap(), expected);
}

#[test]
fn mov_errata_readings() {
    // FLOAT-TO-UINT-NEGATIVE literal: -1.0 to UD has no integer result.
    let err = mov(
        "ud",
        "f",
        0xbf80_0000,
        false,
        0,
        &[errata::FLOAT_TO_UINT_NEGATIVE],
    )
    .unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour);
    // INT-TO-FLOAT-ROUNDING: 2^24+3 under round-toward-zero (cr0 0x30): resolved → 2^24+2
    // (0x4b800001); literal → always nearest even → 0x4b800002.
    assert_eq!(
        mov("f", "d", 16_777_219, false, 0x30, &[]).unwrap(),
        0x4b80_0001
    );
    assert_eq!(
        mov(
            "f",
            "d",
            16_777_219,
            false,
            0x30,
            &[errata::INT_TO_FLOAT_ROUNDING]
        )
        .unwrap(),
        0x4b80_0002
    );
    // MOV-RAW-COPY literal: a same-type F move converts, quieting the sNaN: 0x7fc00001.
    assert_eq!(
        mov("f", "f", 0x7f80_0001, false, 0, &[errata::MOV_RAW_COPY]).unwrap(),
        0x7fc0_0001
    );
    // HF min denormal 2^-24 to F: cr0 bit 10 = 0 flushes → +0; with bit 10 set → 2^-24 = 0x33800000.
    assert_eq!(mov("f", "hf", 0x0001, false, 0, &[]).unwrap(), 0);
    assert_eq!(
        mov("f", "hf", 0x0001, false, 0x400, &[]).unwrap(),
        0x3380_0000
    );
    // HF-DENORM-FLUSH literal: flushed whatever cr0 says.
    assert_eq!(
        mov("f", "hf", 0x0001, false, 0x400, &[errata::HF_DENORM_FLUSH]).unwrap(),
        0
    );
    // FLOAT-CONVERT-DENORM literal: widening keeps the denormal even in flush mode.
    assert_eq!(
        mov("f", "hf", 0x0001, false, 0, &[errata::FLOAT_CONVERT_DENORM]).unwrap(),
        0x3380_0000
    );
    // F round-down/up narrowing to HF: 1 + 2^-11 → RU 0x3c01, RD 0x3c00.
    assert_eq!(
        mov("hf", "f", 0x3f80_1000, false, 0x10, &[]).unwrap(),
        0x3c01
    );
    assert_eq!(
        mov("hf", "f", 0x3f80_1000, false, 0x20, &[]).unwrap(),
        0x3c00
    );
    // HF overflow under RTZ → max finite 0x7bff.
    assert_eq!(
        mov("hf", "f", 0x477f_f000, false, 0x30, &[]).unwrap(),
        0x7bff
    );
}

#[test]
fn mov_source_modifier_and_packed_immediates() {
    // (-)1.0 → -1.0.
    let text = ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> (-)V2(0,0)<0;1,0>\n";
    assert_eq!(
        Run::new(HPG, text)
            .var("V2", le32(&[0x3f80_0000]))
            .u32s("V1")
            .unwrap(),
        vec![0xbf80_0000]
    );
    // V 0x76543210: element k = nibble k → 0..7; 0xfedcba98 → nibbles 8..15 as signed → -8..-1.
    let text = ".decl V1 v_type=G type=w num_elts=16\n\
                mov (M1, 8) V1(0,0)<1> 0x76543210:v\nmov (M1, 8) V1(0,8)<1> 0xfedcba98:v\n";
    let out = Run::new(HPG, text).u16s("V1").unwrap();
    let expect: Vec<u16> = (0..8).chain(-8..0).map(|x: i16| x as u16).collect();
    assert_eq!(out, expect);
    // VF bytes 0x80 (-0), 0x00 (0), 0x30 (e=3,m=0 → 1.0), 0x7f (e=7,m=15 → 16*31/16 = 31).
    let text = ".decl V1 v_type=G type=f num_elts=4\nmov (M1, 4) V1(0,0)<1> 0x7f300080:vf\n";
    assert_eq!(
        Run::new(HPG, text).u32s("V1").unwrap(),
        vec![0x8000_0000, 0, 0x3f80_0000, 0x41f8_0000]
    );
    // A V immediate with execution size 16 has no elements 8..15 (PACKED-IMM-EXEC-SIZE).
    let text = ".decl V1 v_type=G type=w num_elts=16\nmov (M1, 16) V1(0,0)<1> 0x76543210:v\n";
    assert_eq!(
        Run::new(HPG, text).validate().unwrap_err().class,
        ErrorClass::InvalidInstruction
    );
}

const SRC16: &str = ".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=32\n";

fn region(platform: Platform, insn: &str) -> Vec<u32> {
    let text = format!("{SRC16}{insn}\n");
    let src: Vec<u32> = (0..32).collect();
    Run::new(platform, &text)
        .var("V2", le32(&src))
        .u32s("V1")
        .unwrap()
}

#[rstest]
// <0;1,0> broadcasts element 0 to all 8 lanes.
#[case(HPG, "mov (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0>", &[0, 0, 0, 0, 0, 0, 0, 0])]
// <4;2,1>: lane (i,j) reads i*4 + j → 0,1,4,5,8,9,12,13.
#[case(HPG, "mov (M1, 8) V1(0,0)<1> V2(0,0)<4;2,1>", &[0, 1, 4, 5, 8, 9, 12, 13])]
// <8;4,2>: i*8 + 2j → 0,2,4,6,8,10,12,14.
#[case(HPG, "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;4,2>", &[0, 2, 4, 6, 8, 10, 12, 14])]
// <1;1,0> is contiguous: lane i reads i, starting at column 3.
#[case(HPG, "mov (M1, 4) V1(0,0)<1> V2(0,3)<1;1,0>", &[3, 4, 5, 6])]
// Row 1 on a 32-byte GRF starts at D element 8 ...
#[case(HPG, "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>", &[8, 9, 10, 11])]
// ... and on a 64-byte GRF at element 16.
#[case(XeHpc, "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>", &[16, 17, 18, 19])]
// <16;8,1> over two rows of 8 on a 32-byte GRF with exec size 16: 0..7, 16..23.
#[case(XeLp, "mov (M1, 16) V1(0,0)<1> V2(0,0)<16;8,1>", &[0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23])]
fn source_regions(#[case] platform: Platform, #[case] insn: &str, #[case] prefix: &[u32]) {
    let out = region(platform, insn);
    assert_eq!(&out[..prefix.len()], prefix);
    assert!(out[prefix.len()..].iter().all(|x| *x == 0), "{out:?}");
}

#[test]
fn destination_stride_and_row() {
    // <2> writes every other element: lanes 0..3 → elements 0,2,4,6.
    let out = region(HPG, "mov (M1, 4) V1(0,0)<2> V2(0,4)<1;1,0>");
    assert_eq!(&out[..8], &[4, 0, 5, 0, 6, 0, 7, 0]);
    // Destination row 1 on xe-hpg: element 8.
    let out = region(HPG, "mov (M1, 2) V1(1,0)<1> V2(0,0)<1;1,0>");
    assert_eq!(&out[8..10], &[0, 1]);
    // GRF-ROW-SIZE literal: rows are 32 bytes even on xe-hpc, so V2(1,0) is element 8.
    let text = format!("{SRC16}mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>\n");
    let src: Vec<u32> = (0..32).collect();
    let out = Run::new(XeHpc, &text)
        .var("V2", le32(&src))
        .literal(errata::GRF_ROW_SIZE)
        .u32s("V1")
        .unwrap();
    assert_eq!(&out[..4], &[8, 9, 10, 11]);
}

fn predicated(pred: &str, mask: &str, emask: u32, p1: u32) -> Vec<u32> {
    let text = format!(
        ".decl V1 v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=32\n\
         {pred} mov ({mask}, 8) V1(0,0)<1> 0x1:d\n"
    );
    Run::new(HPG, &text)
        .pred("P1", p1)
        .emask(emask)
        .u32s("V1")
        .unwrap()
}

#[rstest]
// P1 = 0x00f0: lanes 4..7 enabled.
#[case("(P1)", "M1", u32::MAX, 0x00f0, 0xf0)]
// Inverted: lanes 0..3.
#[case("(!P1)", "M1", u32::MAX, 0x00f0, 0x0f)]
// any: one bit set among lanes 0..7 → all lanes.
#[case("(P1.any)", "M1", u32::MAX, 0x0010, 0xff)]
// all: not all of lanes 0..7 set → none; inverted → all.
#[case("(P1.all)", "M1", u32::MAX, 0x00f0, 0x00)]
#[case("(!P1.all)", "M1", u32::MAX, 0x00f0, 0xff)]
// M5 (offset 16): PMask[n] = P1[n+16], ChEn[n] = EM[n+16]: P1 bits 16..23 = 0xff, EM bits 16..19.
#[case("(P1)", "M5", 0x000f_0000, 0x00ff_0000, 0x0f)]
// M5 with P1's low byte only set → nothing (the offset is not ignored).
#[case("(P1)", "M5", u32::MAX, 0x0000_00ff, 0x00)]
// NoMask ignores EM = 0, still predicated.
#[case("(P1)", "M1_NM", 0, 0x0003, 0x03)]
// Without NoMask, EM = 0 disables everything.
#[case("(P1)", "M1", 0, 0x00ff, 0x00)]
// No predicate, EM bits 0..7 = 0xa5.
#[case("", "M1", 0xa5, 0, 0xa5)]
fn predication(
    #[case] pred: &str,
    #[case] mask: &str,
    #[case] emask: u32,
    #[case] p1: u32,
    #[case] lanes: u32,
) {
    let out = predicated(pred, mask, emask, p1);
    let written: u32 = out
        .iter()
        .enumerate()
        .filter(|(_, v)| **v == 1)
        .fold(0, |m, (i, _)| m | 1 << i);
    assert_eq!(
        written, lanes,
        "{pred} ({mask}) EM={emask:#x} P1={p1:#x}: {out:?}"
    );
}

#[rstest]
// M2 is offset 4: not a multiple of exec size 8.
#[case("mov (M2, 8) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
// M8 (28) + 8 > 32.
#[case("mov (M8, 8) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
// Execution size 3 does not exist.
#[case("mov (M1, 3) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
// Width 3, vertical stride 3, horizontal stride 3 are not legal values.
#[case(
    "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;3,1>",
    ErrorClass::InvalidInstruction
)]
#[case(
    "mov (M1, 8) V1(0,0)<1> V2(0,0)<3;1,0>",
    ErrorClass::InvalidInstruction
)]
#[case(
    "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;8,3>",
    ErrorClass::InvalidInstruction
)]
// Width larger than exec size.
#[case(
    "mov (M1, 4) V1(0,0)<1> V2(0,0)<8;8,1>",
    ErrorClass::InvalidInstruction
)]
// Destination stride 0.
#[case("mov (M1, 8) V1(0,0)<0> 0x1:d", ErrorClass::InvalidInstruction)]
// Column 8 of D on a 32-byte row crosses the row.
#[case("mov (M1, 1) V1(0,8)<1> 0x1:d", ErrorClass::InvalidInstruction)]
// 16 D elements from V2(3,0) = element 24 reach element 39 of a 32-element variable.
#[case(
    "mov (M1, 16) V1(0,0)<1> V2(3,0)<1;1,0>",
    ErrorClass::UndefinedBehaviour
)]
// Undeclared variable, unknown opcode, documented but not yet executed opcode.
#[case("mov (M1, 8) V9(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
#[case("frobnicate (M1, 8) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
#[case("frc (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>", ErrorClass::Unsupported)]
// Type maps: ADD D + F mixes integer and float; HF + F is not an ADD type map.
#[case(
    "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x3f800000:f",
    ErrorClass::InvalidInstruction
)]
// ~ is for logic instructions.
#[case(
    "mov (M1, 8) V1(0,0)<1> ~V2(0,0)<1;1,0>",
    ErrorClass::InvalidInstruction
)]
// Wrong operand count.
#[case(
    "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>",
    ErrorClass::InvalidInstruction
)]
fn invalid_programs(#[case] insn: &str, #[case] class: ErrorClass) {
    let text = format!("{SRC16}{insn}\n");
    let err = Run::new(HPG, &text).validate().unwrap_err();
    assert_eq!(err.class, class, "{insn}: {err}");
    assert_eq!(err.pos.map(|p| p.line), Some(3), "{err}");
}

#[test]
fn emask_bound_readings() {
    // M1 with 32 channels: 0 + 32 = 32 is allowed (resolved) but not under the literal ">=".
    let text = ".decl V1 v_type=G type=d num_elts=32\nmov (M1, 32) V1(0,0)<1> 0x1:d\n";
    assert!(Run::new(HPG, text).validate().is_ok());
    let err = Run::new(HPG, text)
        .literal(errata::EMASK_OFFSET_BOUND)
        .validate()
        .unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction);
    // REGION-TWO-GRF-SPAN literal: 32 D elements = 128 bytes = 4 GRFs on xe-hpg.
    let err = Run::new(HPG, text)
        .literal(errata::REGION_TWO_GRF_SPAN)
        .validate()
        .unwrap_err();
    assert_eq!(err.class, ErrorClass::InvalidInstruction);
}

#[test]
fn type_maps_by_platform() {
    // BF exists from XEHP on: MOV F → BF is valid on xe-hpg, not on xe-lp.
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    assert!(Run::new(HPG, text).validate().is_ok());
    assert!(Run::new(XeLp, text).validate().is_err());
    // BF ↔ D is not in MOV's type map.
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=d num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    assert!(Run::new(HPG, text).validate().is_err());
    // ADD Q: valid under ADD-QWORD-TYPEMAP resolved, invalid under literal.
    let text = ".decl V1 v_type=G type=q num_elts=1\nadd (M1, 1) V1(0,0)<1> 0x1:q 0x2:q\n";
    assert!(Run::new(HPG, text).validate().is_ok());
    assert!(Run::new(HPG, text)
        .literal(errata::ADD_QWORD_TYPEMAP)
        .validate()
        .is_err());
}

#[test]
fn mov_from_predicate_and_indirect() {
    // A 16-element predicate moved to UW reads as the integer mask.
    let text = ".decl V1 v_type=G type=uw num_elts=1\n.decl P1 v_type=P num_elts=16\nmov (M1, 1) V1(0,0)<1> P1\n";
    assert_eq!(
        Run::new(HPG, text).pred("P1", 0xbeef).u16s("V1").unwrap(),
        vec![0xbeef]
    );
    // Indirect: A0 holds &V2+8 (element 2 of V2); r[A0(0),4]<1;1,0>:d reads from byte 12 of V2 → element 3.
    let text = ".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=8\n\
                .decl A0 v_type=A num_elts=1\nmov (M1, 1) V1(0,0)<1> r[A0(0),4]<0;1,0>:d\n";
    let (program, _) = Run::new(HPG, text).go().unwrap();
    let v2 = program
        .vars
        .get(program.vars.find("V2").unwrap())
        .grf_offset
        .unwrap() as u16;
    let out = Run::new(HPG, text)
        .var("V2", le32(&[10, 11, 12, 13, 14, 15, 16, 17]))
        .var("A0", le16(&[v2 + 8]))
        .u32s("V1")
        .unwrap();
    assert_eq!(out, vec![13]);
    // An address past the register file is undefined behaviour.
    let err = Run::new(HPG, text)
        .var("A0", le16(&[0xfff0]))
        .go()
        .unwrap_err();
    assert_eq!(err.class, ErrorClass::UndefinedBehaviour);
}

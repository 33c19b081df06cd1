//! FCVT (instructions/FCVT.md): hand-derived rows, each with its derivation. HF is binary16
//! (sign, 5 exponent bits of bias 15, 10 fraction bits), BF8 is E5M2 in a UB (sign, the same
//! 5 exponent bits, 2 fraction bits: an HF's high byte), TF32 is an F (sign, 8 exponent
//! bits, 23 fraction bits) whose 13 low fraction bits are zero, in a UD. Readings:
//! FCVT-BF8-SPECIALS, FCVT-TF32-SPECIALS, FP8-CONVERT-PLATFORMS.

use visa_model::errata;
use visa_model::platform::Platform::{self, Xe2, XeHpc, XeHpg, XeLp};
use visa_model::types::DataType::{F, HF, UB, UD};

use super::fp8_rows::{form, lanes};
use super::{KEEP_F, KEEP_HF, RD, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "fcvt", file: "catalog/math/fcvt.jsonl", rows: add };

fn add(rows: &mut Rows) {
    bf8_to_hf(rows);
    hf_to_bf8(rows);
    tf32(rows);
    forms(rows);
}

/// Every BF8 code to HF, 32 codes a row.
#[rustfmt::skip]
fn bf8_to_hf(rows: &mut Rows) {
    let d = "BF8 to HF is exact (the Description): a BF8 code is an HF's high byte with the same sign, exponent field and leading 2 fraction bits, so HF = code << 8 (0x01 = 2^-16 gives 0x0100, 0x3c = 1.0 gives 0x3c00, 0x7b = 57344 gives 0x7b00, 0x7c = +inf gives 0x7c00, 0x80 = -0 gives 0x8000). The NaN codes 0x7d, 0x7e, 0x7f and 0xfd, 0xfe, 0xff (exponent 11111, fraction not 00) keep sign and fraction and get HF's quiet bit 0x0200 (FCVT-BF8-SPECIALS): 0x7d00 | 0x0200 = 0x7f00, 0x7e00, 0x7f00, 0xff00, 0xfe00, 0xff00.";
    for chunk in 0..8u64 {
        let codes: Vec<u64> = (chunk * 32..chunk * 32 + 32).collect();
        let expected: Vec<u64> = codes.iter().map(|&c| if c & 0x7f > 0x7c { (c << 8) | 0x0200 } else { c << 8 }).collect();
        let platform = if chunk % 2 == 0 { XeHpc } else { Xe2 };
        rows.add("bf8-to-hf", lanes(platform, "fcvt", "M1", HF, &[(UB, &codes)], &expected).tag(errata::FCVT_BF8_SPECIALS).derived(d));
    }
}

/// HF to BF8: ties to even, denormals kept, overflow, specials; %cr0 ignored.
#[rustfmt::skip]
fn hf_to_bf8(rows: &mut Rows) {
    // (HF source, BF8 result)
    let cases: [(u64, u64); 24] = [
        (0x3c00, 0x3c),
        (0x3c80, 0x3c),
        (0x3d80, 0x3e),
        (0x3c81, 0x3d),
        (0x3c7f, 0x3c),
        (0xbd80, 0xbe),
        (0x0180, 0x02),
        (0x0080, 0x00),
        (0x0081, 0x01),
        (0x03ff, 0x04),
        (0x7b7f, 0x7b),
        (0x7b80, 0x7c),
        (0x7bff, 0x7c),
        (0xfb80, 0xfc),
        (0x7c00, 0x7c),
        (0xfc00, 0xfc),
        (0x0000, 0x00),
        (0x8000, 0x80),
        (0x7e00, 0x7e),
        (0x7c01, 0x7e),
        (0x7d00, 0x7f),
        (0xfd55, 0xff),
        (0x3bff, 0x3c),
        (0x3b80, 0x3c),
    ];
    let src: Vec<u64> = cases.iter().map(|c| c.0).collect();
    let expected: Vec<u64> = cases.iter().map(|c| c.1).collect();
    let d = "HF to BF8 keeps the HF's high byte and rounds its low byte (the 8 dropped fraction bits) to nearest, ties to even (FCVT-BF8-SPECIALS): 0x3c00 (1.0) -> 0x3c exactly; 0x3c80 (1.125: kept 0x3c, dropped 0x80 = half, 0x3c even) -> 0x3c; 0x3d80 (1.375: kept 0x3d odd, tie) -> 0x3e (1.5); 0x3c81 (dropped 0x81 > half) -> 0x3d; 0x3c7f (0x7f < half) -> 0x3c; 0xbd80 -> 0xbe (the magnitude rounds, the sign stays); denormals are kept: 0x0180 (1.5 x 2^-16, kept 0x01 odd, tie) -> 0x02 (2^-15), 0x0080 (2^-17, half of BF8's smallest denormal, kept 0x00 even) -> 0x00, 0x0081 -> 0x01, 0x03ff (1023 x 2^-24, dropped 0xff) -> 0x04 (2^-14, BF8's smallest normal); 0x7b7f (61408, dropped 0x7f) -> 0x7b (57344, BF8's largest finite); 0x7b80 (61440, the midpoint between 57344 and 2^16; kept 0x7b odd) -> 0x7c = +inf, and 0x7bff (65504) -> 0x7c: IEEE 754 overflow under roundTiesToEven; 0xfb80 -> 0xfc (-inf); ±inf 0x7c00/0xfc00 -> 0x7c/0xfc; ±0 -> 0x00/0x80; NaNs keep sign and the 2 leading fraction bits and set BF8's quiet bit 0x02: 0x7e00 -> 0x7e, 0x7c01 (signalling, payload only in the dropped bits) -> 0x7e, 0x7d00 (fraction 01 0000 0000) -> 0x7f, 0xfd55 -> 0xff; 0x3bff (dropped 0xff, kept 0x3b) -> 0x3c (the carry moves into the exponent: 1.0); 0x3b80 (0.9375: kept 0x3b odd, tie) -> 0x3c. The Description fixes round-to-nearest-even and kept denormals in the instruction: %cr0 (rounding mode, HF denorm mode) changes nothing.";
    for (platform, cr0, what) in [
        (XeHpc, 0, "%cr0 = 0 (to nearest; HF denormals flushed by the denorm mode, which FCVT does not read)"),
        (Xe2, RTZ | KEEP_HF, "%cr0 toward zero, HF denormals kept"),
        (XeHpc, RU, "%cr0 up"),
        (XeHpc, RD | KEEP_F, "%cr0 down"),
    ] {
        let row = lanes(platform, "fcvt", "M1_NM", UB, &[(HF, &src)], &expected).cr0(cr0).tag(errata::FCVT_BF8_SPECIALS);
        rows.add("hf-to-bf8", row.derived(&format!("{d} Here: {what}.")));
    }
    let d = "HF-DENORM-FLUSH at its literal reading flushes HF denormals of mathematical operations; FCVT's own Description keeps them (FCVT-BF8-SPECIALS): 0x0180 (1.5 x 2^-16) -> 0x02, 0x03ff -> 0x04, 0x0081 -> 0x01, 0x8001 (-2^-24, far below half of 2^-16) -> 0x80.";
    rows.add("hf-to-bf8", lanes(XeHpc, "fcvt", "M1_NM", UB, &[(HF, &[0x0180, 0x03ff, 0x0081, 0x8001])], &[0x02, 0x04, 0x01, 0x80]).literal(errata::HF_DENORM_FLUSH)
        .derived(d));
}

/// F to TF32 and TF32 to F (`{PVC_XT+}`: xe-hpc and xe2).
#[rustfmt::skip]
fn tf32(rows: &mut Rows) {
    let cases: [(u64, u64); 16] = [(0x3f80_1000, 0x3f80_0000), (0x3f80_3000, 0x3f80_4000), (0x3f80_1001, 0x3f80_2000), (0x3f80_0fff, 0x3f80_0000),
        (0xbf80_3000, 0xbf80_4000), (0x7f7f_ffff, 0x7f80_0000), (0x7f7f_f000, 0x7f80_0000), (0x7f7f_efff, 0x7f7f_e000), (0x0000_0001, 0x0000_0000),
        (0x807f_ffff, 0x8000_0000), (0x0080_0000, 0x0080_0000), (0x7f80_0001, 0x7fc0_0000), (0xffc0_0001, 0xffc0_0000), (0x7fbf_ffff, 0x7fff_e000),
        (0xff80_0000, 0xff80_0000), (0x8000_0000, 0x8000_0000)];
    let src: Vec<u64> = cases.iter().map(|c| c.0).collect();
    let expected: Vec<u64> = cases.iter().map(|c| c.1).collect();
    let d = "F to TF32 rounds the 13 low fraction bits away to nearest, ties to even, and flushes denormals (the Description; FCVT-TF32-SPECIALS): 0x3f801000 (1 + 2^-11: kept fraction 0, dropped 0x1000 = half, kept bits even) -> 0x3f800000; 0x3f803000 (kept bit 13 set: odd, tie) -> 0x3f804000; 0x3f801001 (above half) -> 0x3f802000; 0x3f800fff (below half) -> 0x3f800000; 0xbf803000 -> 0xbf804000; 0x7f7fffff (F's largest, dropped 0x1fff) carries from 0x7f7fe000 into exponent 0xff: 0x7f800000 = +inf; 0x7f7ff000 (the midpoint above TF32's largest 0x7f7fe000, kept bits 0x3fbff odd) -> +inf; 0x7f7fefff -> 0x7f7fe000; the denormals 0x00000001 and 0x807fffff -> 0x00000000 and 0x80000000 (a zero of their sign); 0x00800000 (2^-126, normal) stays; NaNs keep sign and the 10 leading fraction bits with the quiet bit 22 set: 0x7f800001 -> 0x7fc00000, 0xffc00001 -> 0xffc00000, 0x7fbfffff -> 0x7fffe000; -inf and -0 stay. %cr0 changes nothing (the Description fixes RTE and the flush).";
    for (platform, cr0, what) in [(XeHpc, 0, "%cr0 = 0"), (Xe2, RTZ | KEEP_F, "%cr0 toward zero with F denormals kept")] {
        rows.add("f-to-tf32", lanes(platform, "fcvt", "M1", UD, &[(F, &src)], &expected).cr0(cr0).tag(errata::FCVT_TF32_SPECIALS).derived(&format!("{d} Here: {what}.")));
    }
    let src = [0x3f80_1234u64, 0x0000_0001, 0x7f80_0001, 0xffff_ffff];
    let d = "TF32 to F \"is noop as TF32 is a valid F type\" (FCVT-TF32-SPECIALS): the UD's 32 bits are copied, low bits included (0x3f801234), the denormal 0x00000001 unflushed though %cr0 = 0 flushes F denormals elsewhere, the signalling NaN 0x7f800001 and 0xffffffff unquieted.";
    rows.add("tf32-to-f", lanes(XeHpc, "fcvt", "M1", F, &[(UD, &src)], &src).tag(errata::FCVT_TF32_SPECIALS).derived(d));
}

#[rustfmt::skip]
fn forms(rows: &mut Rows) {
    let hf_bf8 = "fcvt (M1_NM, 8) VUB(0,0)<1> VHF(0,0)<1;1,0>";
    for platform in Platform::ALL {
        let exists = matches!(platform, XeHpc | Xe2);
        let what = if exists { "runs from the zeroed state" } else { "is invalid (field opcode)" };
        let d = format!("FP8-CONVERT-PLATFORMS, resolved: FCVT exists on xe-hpc and xe2 only (IGC's instruction table: Xe_PVC first); on {} it {what}.", platform.name());
        rows.add("platforms", form(platform, hf_bf8, (!exists).then_some("opcode")).tag(errata::FP8_CONVERT_PLATFORMS).derived(&d));
        let d = "FP8-CONVERT-PLATFORMS, literal reading: the per-platform appendix's FCVT row marks no platform, so every modelled platform rejects it (field opcode).";
        rows.add("platforms", form(platform, hf_bf8, Some("opcode")).literal(errata::FP8_CONVERT_PLATFORMS).derived(d));
    }
    let valid = |rows: &mut Rows, text: &str, d: &str| rows.add("forms", form(XeHpc, text, None).derived(d));
    let invalid = |rows: &mut Rows, text: &str, field: &str, d: &str| rows.add("forms", form(XeHpc, text, Some(field)).derived(d));
    valid(rows, "fcvt (M1, 16) VHF(0,0)<1> VUB(0,0)<1;1,0>", "Notes: Dst HF takes Src0 UB (BF8); any mask control.");
    valid(rows, "fcvt (M1, 16) VUD(0,0)<1> VF(0,0)<1;1,0>", "{PVC_XT+} Notes: Dst UD (TF32) takes Src0 F.");
    valid(rows, "fcvt (M5, 16) VF(0,0)<1> VUD(0,0)<1;1,0>", "{PVC_XT+} Notes: Dst F takes Src0 UD (TF32).");
    invalid(rows, "fcvt (M1, 8) VUB(0,0)<1> VHF(0,0)<1;1,0>", "exec_size", "Notes: with a UB (BF8) destination NoMask must be used; M1 is not NoMask.");
    for (text, d) in [
        ("fcvt (M1_NM, 8) VHF(0,0)<1> VHF(0,0)<1;1,0>", "HF from HF: not a pair of the Notes."),
        ("fcvt (M1_NM, 8) VB(0,0)<1> VHF(0,0)<1;1,0>", "B (HF8) is in the Supported Types, but no Note pairs it: the document defines no HF8 conversion."),
        ("fcvt (M1_NM, 8) VUD(0,0)<1> VHF(0,0)<1;1,0>", "UD (TF32) takes an F source only."),
        ("fcvt (M1_NM, 8) VUB(0,0)<1> VF(0,0)<1;1,0>", "UB (BF8) takes an HF source only."),
        ("fcvt (M1_NM, 8) VF(0,0)<1> VHF(0,0)<1;1,0>", "F takes a UD (TF32) source only."),
    ] {
        invalid(rows, text, "dst", &format!("{d} Type pairs outside the Notes fail the type maps (field dst)."));
    }
    invalid(rows, "(P1) fcvt (M1, 8) VHF(0,0)<1> VUB(0,0)<1;1,0>", "pred", "FCVT's Format and Text form have no predicate.");
    invalid(rows, "fcvt.sat (M1, 8) VHF(0,0)<1> VUB(0,0)<1;1,0>", "opcode", "FCVT's Format has no saturation.");
    invalid(rows, "fcvt (M1, 8) VUD(0,0)<1> (-)VF(0,0)<1;1,0>", "src0", "Properties: Source Modifier false.");
    invalid(rows, "fcvt (M1, 1) VHF(0,0)<1> 0x3c:ub", "src0", "Src0's operand class is general: no immediate.");
    let d = "FP8-CONVERT-PLATFORMS: on xe-hpg the TF32 pair is refused with the instruction itself (field opcode), before its {PVC_XT+} map.";
    rows.add("forms", form(XeHpg, "fcvt (M1, 8) VUD(0,0)<1> VF(0,0)<1;1,0>", Some("opcode")).tag(errata::FP8_CONVERT_PLATFORMS).derived(d));
    let d = "FP8-CONVERT-PLATFORMS: xe-lp has no FCVT (field opcode).";
    rows.add("forms", form(XeLp, "fcvt (M1, 8) VHF(0,0)<1> VUB(0,0)<1;1,0>", Some("opcode")).tag(errata::FP8_CONVERT_PLATFORMS).derived(d));
}

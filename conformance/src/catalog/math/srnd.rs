//! SRND (instructions/SRND.md): hand-derived rows, each with its derivation. F is binary32
//! (sign, 8 exponent bits of bias 127, 23 fraction bits; M = the 24-bit significand with its
//! implicit bit), HF binary16, BF8 E5M2 in a UB (an HF's high byte). SRND adds `Src1[12:0]`
//! (F to HF) or `Src1[7:0]` (HF to BF8) below the bits the destination keeps and truncates:
//! the result rounds up exactly when the dropped bits plus the random bits carry. Readings:
//! SRND-TYPES, SRND-NO-MASK, SRND-DENORM-ALIGN, SRND-SPECIALS, FP8-CONVERT-PLATFORMS.

use visa_model::errata;
use visa_model::platform::Platform::{self, Xe2, XeHpc};
use visa_model::types::DataType::{F, HF, UB, UW};

use super::fp8_rows::{form, lanes};
use super::{KEEP_F, KEEP_HF, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "srnd", file: "catalog/math/srnd.jsonl", rows: add };

fn add(rows: &mut Rows) {
    f_to_hf(rows);
    denormal_alignment(rows);
    hf_to_bf8(rows);
    mask_rows(rows);
    forms(rows);
}

/// F to HF in HF's normal range, the random bits' extremes, overflow and the specials.
#[rustfmt::skip]
fn f_to_hf(rows: &mut Rows) {
    // (F source, UW random bits, HF result)
    let cases: [(u64, u64, u64); 24] = [
        (0x3f80_1000, 0x0000, 0x3c00),
        (0x3f80_1000, 0x1fff, 0x3c01),
        (0x3f80_1000, 0x1000, 0x3c01),
        (0x3f80_1000, 0x0fff, 0x3c00),
        (0x3f80_1000, 0xe000, 0x3c00),
        (0x3f80_1000, 0xffff, 0x3c01),
        (0x3f80_0000, 0x1fff, 0x3c00),
        (0x3f80_1fff, 0x0001, 0x3c01),
        (0x3f80_1fff, 0x0000, 0x3c00),
        (0xbf80_1fff, 0x0001, 0xbc01),
        (0x477f_e000, 0x1fff, 0x7bff),
        (0x477f_efff, 0x0000, 0x7bff),
        (0x477f_efff, 0x1001, 0x7c00),
        (0x4780_0000, 0x0000, 0x7c00),
        (0x7f80_0000, 0x1fff, 0x7c00),
        (0xff80_0000, 0x0000, 0xfc00),
        (0x8000_0000, 0x1fff, 0x8000),
        (0x7fc0_0000, 0x1fff, 0x7e00),
        (0x7f80_0001, 0x1fff, 0x7e00),
        (0xffc0_1234, 0x0000, 0xfe00),
        (0x0000_0001, 0x1fff, 0x0000),
        (0x807f_ffff, 0x1fff, 0x8000),
        (0x3880_0000, 0x1fff, 0x0400),
        (0x3f7f_f000, 0x1000, 0x3c00),
    ];
    let x: Vec<u64> = cases.iter().map(|c| c.0).collect();
    let r: Vec<u64> = cases.iter().map(|c| c.1).collect();
    let expected: Vec<u64> = cases.iter().map(|c| c.2).collect();
    let d = "F to HF keeps M's 11 high bits (HF's implicit bit and 10 fraction bits) and drops its 13 low bits D; Src1[12:0] = R is added to D and a carry out of 13 bits adds one to the kept bits. 0x3f801000 (1 + 2^-11: kept 0x3c00, D = 0x1000): R = 0 -> 0x1000, no carry: 0x3c00; R = 0x1fff -> 0x2fff carries: 0x3c01; R = 0x1000 -> 0x2000 carries: 0x3c01; R = 0x0fff -> 0x1fff: 0x3c00; R = 0xe000 (Src1[12:0] = 0) -> 0x3c00; R = 0xffff (Src1[12:0] = 0x1fff) -> 0x3c01. 0x3f800000 (1.0, D = 0) never moves: 0x3c00 even with R = 0x1fff. 0x3f801fff (D = 0x1fff): R = 1 carries -> 0x3c01, R = 0 -> 0x3c00; 0xbf801fff with R = 1 -> 0xbc01 (the magnitude rounds, the sign stays). 0x477fe000 (65504, HF 0x7bff, D = 0) -> 0x7bff; 0x477fefff (kept 0x7bff, D = 0x0fff): R = 0 -> 0x7bff, R = 0x1001 -> 0x2000 carries past the largest finite into exponent 11111: +inf 0x7c00 (SRND-SPECIALS); 0x47800000 (2^16, beyond HF) -> +inf. SRND-SPECIALS: ±inf -> 0x7c00/0xfc00 and -0 -> 0x8000 whatever R; NaNs keep sign and F's 10 leading fraction bits with HF's quiet bit 0x0200: 0x7fc00000 -> 0x7e00, 0x7f800001 (payload below the kept bits) -> 0x7e00, 0xffc01234 (fraction bits 22..13 = 10 0000 0000) -> 0xfe00; the F denormals 0x00000001 and 0x807fffff (below 2^-126, far under HF's smallest denormal 2^-24) -> 0x0000 and 0x8000 even with R = 0x1fff. 0x38800000 (2^-14, HF's smallest normal 0x0400, D = 0) -> 0x0400. 0x3f7ff000 (1 - 2^-12: exponent -1, kept 0x3bff, D = 0x1000) with R = 0x1000 carries: 0x3bff + 1 = 0x3c00 (into the exponent).";
    for (platform, cr0, what) in [(XeHpc, 0, "%cr0 = 0"), (Xe2, RTZ | KEEP_F | KEEP_HF, "%cr0 toward zero, denormals kept: SRND reads neither"), (XeHpc, RU, "%cr0 up")] {
        let row = lanes(platform, "srnd", "M1_NM", HF, &[(F, &x), (UW, &r)], &expected).cr0(cr0).tag(errata::SRND_SPECIALS);
        rows.add("f-to-hf", row.derived(&format!("{d} Here: {what}.")));
    }
}

/// F to HF with denormal results, under both readings of SRND-DENORM-ALIGN.
#[rustfmt::skip]
fn denormal_alignment(rows: &mut Rows) {
    // (F source, random bits, resolved, literal)
    let cases: [(u64, u64, u64, u64); 8] = [
        (0x3300_0000, 0x1000, 0x0001, 0x0000),
        (0x3300_0000, 0x0fff, 0x0000, 0x0000),
        (0x3800_2000, 0x1000, 0x0201, 0x0200),
        (0x3800_2000, 0x0fff, 0x0200, 0x0200),
        (0x387f_e000, 0x1fff, 0x0400, 0x03ff),
        (0x3380_0000, 0x1fff, 0x0001, 0x0001),
        (0x3880_1000, 0x1000, 0x0401, 0x0401),
        (0xb800_2000, 0x1fff, 0x8201, 0x8200),
    ];
    let x: Vec<u64> = cases.iter().map(|c| c.0).collect();
    let r: Vec<u64> = cases.iter().map(|c| c.1).collect();
    let resolved: Vec<u64> = cases.iter().map(|c| c.2).collect();
    let literal: Vec<u64> = cases.iter().map(|c| c.3).collect();
    let d = "Below 2^-14 HF's grid is 2^-24, so an F of exponent e < -14 drops d = 13 + (-14 - e) bits of M. SRND-DENORM-ALIGN resolved: R meets the 13 dropped bits just below the kept ones (the rest are shifted out); literal: R is added at M's bit 0. 0x33000000 (2^-25, e = -25, d = 24, half of HF's smallest denormal): resolved, the 13 bits below 2^-24 are 0x1000, so R = 0x1000 carries -> 0x0001 and R = 0x0fff does not -> 0x0000; literal, M + R = 0x800000 + R stays below 2^24 -> 0x0000. 0x38002000 (2^-15 + 2^-25, e = -15, d = 14: 512.5 units of 2^-24, kept 0x0200): resolved, the 13 bits are 0x1000: R = 0x1000 -> 0x0201, R = 0x0fff -> 0x0200; literal, M = 0x802000 and M + R < 0x804000 for any R: 0x0200. 0x387fe000 (1023.5 units, kept 0x03ff): R = 0x1fff carries into HF's smallest normal 0x0400 (resolved), literally 0xffe000 + 0x1fff = 0xffffff stays below 0x1000000: 0x03ff. 0x33800000 (2^-24 exactly, dropped bits zero) -> 0x0001 under both. 0x38801000 (2^-14 (1 + 2^-11), normal range, d = 13): both readings add R at M's bit 0 -> 0x0401 for R = 0x1000. 0xb8002000 with R = 0x1fff: resolved 0x8201, literal 0x8200 (the sign stays).";
    rows.add("denormal-alignment", lanes(XeHpc, "srnd", "M1_NM", HF, &[(F, &x), (UW, &r)], &resolved).tag(errata::SRND_DENORM_ALIGN).derived(d));
    rows.add("denormal-alignment", lanes(XeHpc, "srnd", "M1_NM", HF, &[(F, &x), (UW, &r)], &literal).literal(errata::SRND_DENORM_ALIGN).derived(d));
}

/// HF to BF8.
#[rustfmt::skip]
fn hf_to_bf8(rows: &mut Rows) {
    // (HF source, UB random bits, BF8 result)
    let cases: [(u64, u64, u64); 20] = [
        (0x3c80, 0x00, 0x3c),
        (0x3c80, 0x7f, 0x3c),
        (0x3c80, 0x80, 0x3d),
        (0x3c80, 0xff, 0x3d),
        (0x3c00, 0xff, 0x3c),
        (0x7bff, 0x00, 0x7b),
        (0x7bff, 0x01, 0x7c),
        (0x7b00, 0xff, 0x7b),
        (0x0001, 0xff, 0x01),
        (0x0001, 0xfe, 0x00),
        (0x03ff, 0x01, 0x04),
        (0xbc80, 0x80, 0xbd),
        (0x7c00, 0xff, 0x7c),
        (0xfc00, 0x00, 0xfc),
        (0x8000, 0xff, 0x80),
        (0x7e00, 0xff, 0x7e),
        (0x7d00, 0x00, 0x7f),
        (0x7c01, 0xff, 0x7e),
        (0x3bff, 0x01, 0x3c),
        (0x0000, 0xff, 0x00),
    ];
    let x: Vec<u64> = cases.iter().map(|c| c.0).collect();
    let r: Vec<u64> = cases.iter().map(|c| c.1).collect();
    let expected: Vec<u64> = cases.iter().map(|c| c.2).collect();
    let d = "HF to BF8 keeps the HF's high byte and drops its low byte D; Src1[7:0] = R is added to D and a carry out of 8 bits adds one. HF and BF8 share their exponent range, so denormals align like normals (SRND-DENORM-ALIGN gives the same under both readings). 0x3c80 (1.125: kept 0x3c, D = 0x80): R = 0 or 0x7f -> 0x3c, R = 0x80 or 0xff -> 0x3d (1.25); 0x3c00 (D = 0) -> 0x3c whatever R; 0x7bff (65504, D = 0xff): R = 0 -> 0x7b (57344), R = 1 carries past the largest finite: +inf 0x7c (SRND-SPECIALS); 0x7b00 -> 0x7b; 0x0001 (2^-24, D = 0x01): R = 0xff -> 0x01 (2^-16), R = 0xfe -> 0x00; 0x03ff (D = 0xff) with R = 1 -> 0x04 (2^-14); 0xbc80 with R = 0x80 -> 0xbd; ±inf, ±0 keep their code, NaNs keep sign and the 2 leading fraction bits with BF8's quiet bit 0x02: 0x7e00 -> 0x7e, 0x7d00 -> 0x7f, 0x7c01 -> 0x7e; 0x3bff (D = 0xff) with R = 1 carries into the exponent: 0x3c.";
    rows.add("hf-to-bf8", lanes(XeHpc, "srnd", "M1_NM", UB, &[(HF, &x), (UB, &r)], &expected).tag(errata::SRND_SPECIALS).derived(d));
    rows.add("hf-to-bf8", lanes(Xe2, "srnd", "M1_NM", UB, &[(HF, &x), (UB, &r)], &expected).literal(errata::SRND_DENORM_ALIGN).derived(d));
    let d = "Src1 is general or immediate: the immediate 0x80:ub is every lane's R. 0x3c80 (D = 0x80) + 0x80 carries -> 0x3d; 0x3c7f (D = 0x7f) + 0x80 = 0xff -> 0x3c.";
    let text = ".decl V1 v_type=G type=ub num_elts=2\n.decl V2 v_type=G type=hf num_elts=2\nsrnd (M1_NM, 2) V1(0,0)<1> V2(0,0)<1;1,0> 0x80:ub\n";
    rows.add("hf-to-bf8", Row::new(XeHpc, text).var("V2", vec![0x80, 0x3c, 0x7f, 0x3c]).expect_lanes("V1", UB, &[0x3d, 0x3c]).derived(d));
}

/// SRND-NO-MASK: NoMask required (resolved), any mask with every channel written (literal).
#[rustfmt::skip]
fn mask_rows(rows: &mut Rows) {
    let text = |mask: &str| format!(".decl V1 v_type=G type=hf num_elts=8\n.decl V2 v_type=G type=f num_elts=8\nsrnd ({mask}, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x0:uw\n");
    let one = 0x3f80_0000u32.to_le_bytes().repeat(8);
    let d = "SRND-NO-MASK, resolved: the Notes' \"no mask\" requires a NoMask control; M1 is not one (field exec_size).";
    rows.add("mask", Row::new(XeHpc, text("M1")).expect_invalid("exec_size").tag(errata::SRND_NO_MASK).derived(d));
    let d = "SRND-NO-MASK: with M1_NM every channel runs whatever the execution mask (0x0000000f here): 1.0 (0x3f800000, nothing dropped) -> 0x3c00 in all 8 lanes.";
    rows.add("mask", Row::new(XeHpc, text("M1_NM")).var("V2", one.clone()).emask(0x0000_000f).expect_lanes("V1", HF, &[0x3c00; 8]).tag(errata::SRND_NO_MASK).derived(d));
    let d = "SRND-NO-MASK, literal reading: SRND has no channel mask: M1 is accepted and the loop, which has no ChEn test, writes all 8 lanes though the execution mask enables 4: 0x3c00 in each.";
    rows.add("mask", Row::new(XeHpc, text("M1")).var("V2", one).emask(0x0000_000f).expect_lanes("V1", HF, &[0x3c00; 8]).literal(errata::SRND_NO_MASK).derived(d));
}

#[rustfmt::skip]
fn forms(rows: &mut Rows) {
    let f_hf = "srnd (M1_NM, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VUW(0,0)<1;1,0>";
    let hf_bf8 = "srnd (M1_NM, 16) VUB(0,0)<1> VHF(0,0)<1;1,0> VUB(0,0)<1;1,0>";
    for platform in Platform::ALL {
        let exists = matches!(platform, XeHpc | Xe2);
        let what = if exists { "runs from the zeroed state" } else { "is invalid (field opcode)" };
        let d = format!("FP8-CONVERT-PLATFORMS, resolved: SRND exists on xe-hpc and xe2 only (IGC's instruction table: Xe_PVCXT first); on {} it {what}.", platform.name());
        rows.add("platforms", form(platform, f_hf, (!exists).then_some("opcode")).tag(errata::FP8_CONVERT_PLATFORMS).derived(&d));
    }
    let d = "FP8-CONVERT-PLATFORMS, literal reading: the appendix's SRND row marks no platform (field opcode).";
    rows.add("platforms", form(XeHpc, f_hf, Some("opcode")).literal(errata::FP8_CONVERT_PLATFORMS).derived(d));
    let d = "SRND-TYPES, resolved: the Description's F to HF with the Notes' UW Src1 runs from the zeroed state (0 -> 0).";
    rows.add("types", form(XeHpc, f_hf, None).tag(errata::SRND_TYPES).derived(d));
    let d = "SRND-TYPES, resolved: HF to BF8 (UB) with the Notes' UB Src1 runs.";
    rows.add("types", form(Xe2, hf_bf8, None).tag(errata::SRND_TYPES).derived(d));
    for text in [f_hf, hf_bf8] {
        let d = "SRND-TYPES, literal reading: the type maps list no source type, so no SRND form is valid (field dst).";
        rows.add("types", form(XeHpc, text, Some("dst")).literal(errata::SRND_TYPES).derived(d));
    }
    for (text, field, d) in [
        ("srnd (M1_NM, 16) VB(0,0)<1> VHF(0,0)<1;1,0> VUB(0,0)<1;1,0>", "dst", "B (HF8) destination: the Supported Types list B, the supported roundings do not (SRND-TYPES)."),
        ("srnd (M1_NM, 16) VUB(0,0)<1> VBF(0,0)<1;1,0> VUB(0,0)<1;1,0>", "dst", "BF source: not one of the supported roundings (SRND-TYPES)."),
        ("srnd (M1_NM, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VUB(0,0)<1;1,0>", "dst", "F to HF takes a UW Src1 (Notes), not UB."),
        ("srnd (M1_NM, 16) VUB(0,0)<1> VHF(0,0)<1;1,0> VUW(0,0)<1;1,0>", "dst", "HF to BF8 takes a UB Src1 (Notes), not UW."),
        ("srnd (M1_NM, 8) VHF(0,0)<1> VHF(0,0)<1;1,0> VUW(0,0)<1;1,0>", "dst", "HF to HF is not a supported rounding."),
        ("(P1) srnd (M1_NM, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VUW(0,0)<1;1,0>", "pred", "Notes: no predicate."),
        ("srnd.sat (M1_NM, 8) VHF(0,0)<1> VF(0,0)<1;1,0> VUW(0,0)<1;1,0>", "opcode", "Notes: no saturation."),
        ("srnd (M1_NM, 8) VHF(0,0)<1> (-)VF(0,0)<1;1,0> VUW(0,0)<1;1,0>", "src0", "Notes: no source modifier."),
        ("srnd (M1_NM, 1) VHF(0,0)<1> 0x3f800000:f VUW(0,0)<0;1,0>", "src0", "Src0's operand class is general: no immediate."),
    ] {
        rows.add("forms", form(XeHpc, text, Some(field)).derived(d));
    }
    let d = "Src1's operand class is general or immediate: an immediate UW Src1 is valid.";
    rows.add("forms", form(XeHpc, "srnd (M1_NM, 8) VHF(0,0)<1> VF(0,0)<1;1,0> 0x1fff:uw", None).derived(d));
}

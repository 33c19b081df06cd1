//! INVM (instructions/INVM.md): hand-derived rows, each with its derivation. Every row
//! checks the early-out bit of the predicate destination P2 (bit 0 for channel 0 under M1).
//! Special results (the bit set) are exact under every contract; a quotient where the bit
//! is clear is an approximation (erratum MACRO-APPROXIMATION), so a row expecting its
//! correctly rounded value carries [`STRICT`], and the rows that pin the bit alone hold for
//! every conforming implementation.

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;

use super::How::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "invm", file: "catalog/math/invm.jsonl", rows: add };

#[rustfmt::skip]
const DECLS: &str = ".decl VF v_type=G type=f num_elts=8\n.decl VHF v_type=G type=hf num_elts=8\n\
                     .decl VDF v_type=G type=df num_elts=8\n.decl P2 v_type=P num_elts=32\n\
                     .decl P3 v_type=P num_elts=4\n";

const F_TWO: u64 = 0x4000_0000;
const F_THREE: u64 = 0x4040_0000;
const F_HALF: u64 = 0x3f00_0000;
/// 2^126 and 2^-125.
const F_2P126: u64 = 0x7e80_0000;
const F_2M125: u64 = 0x0100_0000;
const DF_ONE: u64 = 0x3ff0_0000_0000_0000;
const DF_THREE: u64 = 0x4008_0000_0000_0000;
const DF_MAX: u64 = 0x7fef_ffff_ffff_ffff;
const DF_HALF: u64 = 0x3fe0_0000_0000_0000;

fn add(rows: &mut Rows) {
    early_out_rows(rows, "invm", ROWS);
    channels(rows);
    platforms_and_forms(rows);
}

/// Predication and the mask control's offset.
#[rustfmt::skip]
fn channels(rows: &mut Rows) {
    let d = "Predication: (P1) with P1 clear disables channel 0, so neither V1 (0x11111111 before) nor P2's bit 0 (set before) changes, although 1/0 would set it.";
    let text = ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
                .decl V3 v_type=G type=f num_elts=1\n.decl P1 v_type=P num_elts=32\n\
                .decl P2 v_type=P num_elts=32\n\
                (P1) invm (M1, 1) V1(0,0)<1> P2 V2(0,0)<0;1,0> V3(0,0)<0;1,0>\n";
    rows.add("channels", Row::new(XeHpg, text).var("V1", bytes(DataType::F, &[0x1111_1111])).var("V2", bytes(DataType::F, &[F_ONE]))
        .var("V3", bytes(DataType::F, &[F_ZERO])).pred("P1", 0).pred("P2", 0x0000_0001).expect_lane("V1", DataType::F, 0x1111_1111).expect_pred("P2", 0x0000_0001)
        .derived(d));
    let d = "Mask control M5 (channel offset 16): channel i writes P2 bit 16 + i, as CMP's predicate destination; lanes 1/0 (+inf, set), 1/3 (clear), 0/3 (+0, set), NaN/1 (set): bits 16..19 = 1,0,1,1 -> 0x000d0000 over P2's 0xfff0ffff kept elsewhere, bits 16..19 cleared first.";
    let text = ".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n\
                .decl V3 v_type=G type=f num_elts=4\n.decl P2 v_type=P num_elts=32\n\
                invm (M5, 4) V1(0,0)<1> P2 V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    rows.add("channels", Row::new(XeHpg, text).var("V2", bytes(DataType::F, &[F_ONE, F_ONE, F_ZERO, F_NAN]))
        .var("V3", bytes(DataType::F, &[F_ZERO, F_THREE, F_THREE, F_ONE])).pred("P2", 0xffff_ffff).expect_pred("P2", 0xfff0_ffff | 0x000d_0000).derived(d));
}

/// IEEE-MACRO-PLATFORMS, and the forms the document allows and refuses.
#[rustfmt::skip]
fn platforms_and_forms(rows: &mut Rows) {
    let d = "1/+0 = +inf with the bit set, on every modelled platform (IEEE-MACRO-PLATFORMS, resolved: INVM exists on all of them).";
    for platform in Platform::ALL {
        rows.add(
            "platforms",
            early_out_lane(platform, "invm", "f", &[("f", F_ONE), ("f", F_ZERO)], RTNE, Some(F_INF), true).tag(errata::IEEE_MACRO_PLATFORMS).derived(d),
        );
    }
    let d = "IEEE-MACRO-PLATFORMS, literal reading: the per-platform appendix lists INVM on SKL only: gen9 (SKL) runs it, every other modelled platform rejects it (field opcode).";
    for platform in Platform::ALL {
        let row = Row::new(platform, format!("{DECLS}invm (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0> VF(0,0)<1;1,0>\n")).literal(errata::IEEE_MACRO_PLATFORMS);
        let row = if platform == Platform::Gen9 { row.expect_validation(None) } else { row.expect_invalid("opcode") };
        rows.add("platforms", row.derived(d));
    }
    let form = |rows: &mut Rows, text: &str, field: Option<&str>, d: &str| {
        let row = Row::new(XeHpg, format!("{DECLS}{text}\n"));
        let row = match field {
            Some(field) => row.expect_invalid(field),
            None => row.expect_validation(None),
        };
        rows.add("forms", row.derived(d));
    };
    form(rows, "invm (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0> VF(0,0)<1;1,0>", None,
        "Supported Types F: dst, preddst (a predicate), src0, src1; runs from the zeroed state.");
    form(rows, "invm (M1, 4) VDF(0,0)<1> P2 (-)VDF(0,0)<1;1,0> (abs)VDF(0,0)<1;1,0>", None,
        "Supported Types DF, and the arithmetic source modifiers on both sources.");
    form(rows, "invm (M1, 1) VF(0,0)<1> P2 0x40400000:f 0x3f800000:f", None, "Src0 and Src1's operand classes include immediate.");
    form(rows, "invm.sat (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("opcode"),
        "Notes: saturation is not supported; validation names the instruction's modifiers (field opcode), as for every form without .sat.");
    form(rows, "invm (M1, 8) VHF(0,0)<1> P2 VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>", Some("dst"), "Supported Types DF and F: HF has no map (field dst).");
    form(rows, "invm (M1, 8) VF(0,0)<1> VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("preddst"),
        "PredDst's operand class is predicate: a general variable is refused (field preddst).");
    form(rows, "invm (M1, 8) VF(0,0)<1> P3 VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("preddst"), "P3 has 4 elements and 8 channels write bits 0..7 (field preddst).");
    form(rows, "invm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("operands"), "Text: <dst> <preddst> <src0> <src1>, four operands; three are too few.");
    form(rows, "invm (M1, 8) P2 P2 VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("dst"), "Dst's operand class is general or indirect: a predicate dst is refused.");
}

#[rustfmt::skip]
const ROWS: &[EarlyOut] = &[
    // IEEE 754-2019 division's special cases: the operands fix the result, the bit is set under
    // both readings of MACRO-EARLY-OUT (the written value is special too).
    EarlyOut { g: "special", ty: "f", src: &[("f", F_ZERO), ("f", F_ZERO)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Plain,
            d: "IEEE 754-2019 7.2: 0/0 is invalid, the default NaN 0x7fc00000 (MATH-NAN-RESULT: no NaN source); an operand is zero, so the early-out bit is set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_INF), ("f", F_NINF)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Plain,
            d: "IEEE 754-2019 7.2: inf/inf is invalid, the default NaN; infinite operands set the early-out bit." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_ONE), ("f", F_NZERO)], cr0: RTNE, want: Some(F_NINF), eo: true, how: Plain,
            d: "IEEE 754-2019 7.3: 1/-0 divides by zero, -inf (the sign is the XOR of the operands' signs, 6.3); the bit is set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_ONE), ("f", F_INF)], cr0: RTNE, want: Some(F_ZERO), eo: true, how: Plain,
            d: "IEEE 754-2019 6.1: 1/+inf = +0 exactly; the bit is set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_NINF), ("f", F_TWO)], cr0: RTNE, want: Some(F_NINF), eo: true, how: Plain,
            d: "IEEE 754-2019 6.1: -inf/2 = -inf exactly; the bit is set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_NZERO), ("f", F_TWO)], cr0: RTNE, want: Some(F_NZERO), eo: true, how: Plain,
            d: "IEEE 754-2019 6.3: -0/2 = -0 (signs differ); the bit is set." },
    EarlyOut { g: "nan", ty: "f", src: &[("f", 0x7f80_0002), ("f", F_ONE)], cr0: RTNE, want: Some(0x7fc0_0002), eo: true, how: Plain,
            d: "MATH-NAN-RESULT: the first NaN source quieted: src0 0x7f800002 (signalling) -> 0x7fc00002; a NaN operand sets the bit." },
    EarlyOut { g: "nan", ty: "f", src: &[("f", F_ONE), ("f", 0xffc0_0003)], cr0: RTNE, want: Some(0xffc0_0003), eo: true, how: Plain,
            d: "MATH-NAN-RESULT: src1's NaN 0xffc00003 (quiet, negative) is the first NaN source and is written as it is; the bit is set." },
    EarlyOut { g: "denormal", ty: "f", src: &[("f", 0x0000_0001), ("f", F_ONE)], cr0: RTNE, want: Some(F_ZERO), eo: true, how: Plain,
            d: "Denorm mode (2_datatypes.md, Floating Point Mode; %cr0 bit 7 clear): src0 2^-149 (0x00000001) is flushed to +0 before the division: +0/1 = +0, and \
            a zero operand sets the bit." },
    EarlyOut { g: "denormal", ty: "f", src: &[("f", F_ONE), ("f", 0x0000_0001)], cr0: RTNE, want: Some(F_INF), eo: true, how: Plain,
            d: "Denorm mode flush: src1 2^-149 reads as +0, 1/+0 = +inf (7.3), the bit set." },
    EarlyOut { g: "denormal", ty: "f", src: &[("f", 0x0000_0001), ("f", F_ONE)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Plain,
            d: "Denormals kept (%cr0 bit 7): src0 2^-149 is a finite nonzero operand and 1 too: no special case, the bit is clear (the quotient is an \
            approximation)." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 0), ("df", 0)], cr0: RTNE, want: Some(0x7ff8_0000_0000_0000), eo: true, how: Plain,
            d: "DF, IEEE 754-2019 7.2: 0/0 is the DF default NaN 0x7ff8000000000000; the bit set." },
    EarlyOut { g: "df", ty: "df", src: &[("df", DF_ONE), ("df", 1 << 63)], cr0: RTNE, want: Some(0xfff0_0000_0000_0000), eo: true, how: Plain,
            d: "DF, 7.3: 1/-0 = -inf 0xfff0000000000000; the bit set." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 1), ("df", DF_ONE)], cr0: RTNE, want: Some(0), eo: true, how: Plain, d: "DF denorm mode (%cr0 bit 6 clear): 2^-1074 \
            (0x1) reads as +0, +0/1 = +0, the bit set; with bit 6 set it is a finite nonzero operand and the bit is clear." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 1), ("df", DF_ONE)], cr0: RTNE | KEEP_DF, want: None, eo: false, how: Plain, d: "DF denorm mode (%cr0 bit 6 clear): \
            2^-1074 (0x1) reads as +0, +0/1 = +0, the bit set; with bit 6 set it is a finite nonzero operand and the bit is clear." },
    // Finite nonzero operands whose quotient is in range: the bit is clear under both readings;
    // the value is an approximation, so the correctly rounded one is a strict expectation.
    EarlyOut { g: "approximation", ty: "f", src: &[("f", F_ONE), ("f", F_THREE)], cr0: RTNE, want: None, eo: false, how: Plain,
            d: "1/3: finite nonzero operands, the bit clear. The quotient 1.0101...b x 2^-2 rounds to nearest to 0x3eaaaaab (2/3 ulp dropped rounds up); an \
            approximation: strict." },
    EarlyOut { g: "approximation", ty: "f", src: &[("f", F_ONE), ("f", F_THREE)], cr0: RTNE, want: Some(0x3eaa_aaab), eo: false, how: Tag(STRICT),
            d: "1/3: finite nonzero operands, the bit clear. The quotient 1.0101...b x 2^-2 rounds to nearest to 0x3eaaaaab (2/3 ulp dropped rounds up); an \
            approximation: strict." },
    EarlyOut { g: "approximation", ty: "f", src: &[("f", 0x40c0_0000), ("f", F_THREE)], cr0: RTNE, want: Some(0x4000_0000), eo: false, how: Tag(STRICT),
            d: "6/3 = 2 (0x40000000) is representable, but INVM's result is an initial approximation (MACRO-APPROXIMATION): exact under the strict contract only; \
            the bit is clear." },
    EarlyOut { g: "df", ty: "df", src: &[("df", DF_ONE), ("df", DF_THREE)], cr0: RTNE, want: Some(0x3fd5_5555_5555_5555), eo: false, how: Tag(STRICT),
            d: "DF 1/3: floor(2^54/3) = 0x15555555555555 remainder 1: to nearest 0x3fd5555555555555 (strict); the bit clear." },
    // Erratum MACRO-EARLY-OUT: finite nonzero operands whose quotient overflows or underflows.
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_MAX), ("f", F_HALF)], cr0: RTNE, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "0x7f7fffff / 0.5 = 2 x (2 - 2^-23) x 2^127, past the largest finite F: to nearest it overflows to +inf (IEEE 754-2019 7.4). Resolved: finite \
            nonzero operands, the bit clear (the quotient is an approximation). Literal: the written value +inf is special, the bit set." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_MAX), ("f", F_HALF)], cr0: RTNE, want: Some(F_INF), eo: true, how: Literal(errata::MACRO_EARLY_OUT),
            d: "0x7f7fffff / 0.5 = 2 x (2 - 2^-23) x 2^127, past the largest finite F: to nearest it overflows to +inf (IEEE 754-2019 7.4). Resolved: finite \
            nonzero operands, the bit clear (the quotient is an approximation). Literal: the written value +inf is special, the bit set." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_MAX), ("f", F_HALF)], cr0: RTZ, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "The same quotient toward zero rounds to the largest finite F 0x7f7fffff (7.4): not special, the bit clear under both readings." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_MAX), ("f", F_HALF)], cr0: RTZ, want: None, eo: false, how: Literal(errata::MACRO_EARLY_OUT),
            d: "The same quotient toward zero rounds to the largest finite F 0x7f7fffff (7.4): not special, the bit clear under both readings." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", F_2P126)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "2^-125 / 2^126 = 2^-251, far below half the smallest denormal 2^-150: to nearest +0. Resolved: the bit clear. Literal: the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", F_2P126)], cr0: RTNE | KEEP_F, want: Some(F_ZERO), eo: true, how: Literal(errata::MACRO_EARLY_OUT), d: "2^-125 / 2^126 = 2^-251, far below half the smallest denormal 2^-150: to nearest +0. Resolved: the bit clear. Literal: the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", 0x4100_0000)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "2^-125 / 8 = 2^-128, an F denormal (0x00200000). Denormals kept: the written value is not special, the bit clear under both readings. Flushed (%cr0 \
            bit 7 clear): the result is flushed to +0; resolved, the bit stays clear, literally the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", 0x4100_0000)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Literal(errata::MACRO_EARLY_OUT),
            d: "2^-125 / 8 = 2^-128, an F denormal (0x00200000). Denormals kept: the written value is not special, the bit clear under both readings. Flushed (%cr0 \
            bit 7 clear): the result is flushed to +0; resolved, the bit stays clear, literally the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", 0x4100_0000)], cr0: RTNE, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "2^-125 / 8 = 2^-128, an F denormal (0x00200000). Denormals kept: the written value is not special, the bit clear under both readings. Flushed (%cr0 \
            bit 7 clear): the result is flushed to +0; resolved, the bit stays clear, literally the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", F_2M125), ("f", 0x4100_0000)], cr0: RTNE, want: Some(F_ZERO), eo: true, how: Literal(errata::MACRO_EARLY_OUT),
            d: "2^-125 / 8 = 2^-128, an F denormal (0x00200000). Denormals kept: the written value is not special, the bit clear under both readings. Flushed (%cr0 \
            bit 7 clear): the result is flushed to +0; resolved, the bit stays clear, literally the written +0 sets it." },
    EarlyOut { g: "early-out", ty: "df", src: &[("df", DF_MAX), ("df", DF_HALF)], cr0: RTNE, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "DF: 0x7fefffffffffffff / 0.5 overflows to +inf to nearest. Resolved: the bit clear; literal: +inf written, the bit set." },
    EarlyOut { g: "early-out", ty: "df", src: &[("df", DF_MAX), ("df", DF_HALF)], cr0: RTNE, want: Some(0x7ff0_0000_0000_0000), eo: true, how: Literal(errata::MACRO_EARLY_OUT), d: "DF: 0x7fefffffffffffff / 0.5 overflows to +inf to nearest. Resolved: the bit clear; literal: +inf written, the bit set." },
    // Source modifiers (Properties: arithmetic).
    EarlyOut { g: "modifiers", ty: "f", src: &[("f", F_ONE), ("(abs)f", F_NZERO)], cr0: RTNE, want: Some(F_INF), eo: true, how: Plain,
            d: "Source modifier (abs) on src1 -0: |-0| = +0, and 1/+0 = +inf (7.3); the bit set." },
    EarlyOut { g: "modifiers", ty: "f", src: &[("(-)f", F_TWO), ("f", F_INF)], cr0: RTNE, want: Some(F_NZERO), eo: true, how: Plain,
            d: "Source modifier (-) on src0 2: -2 / +inf = -0 (6.1, signs differ); the bit set." },
];

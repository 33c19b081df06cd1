//! RSQTM (instructions/RSQTM.md): hand-derived rows, each with its derivation. Every row
//! checks the early-out bit of P2 (bit 0 for channel 0); special results are exact, an
//! in-range 1/sqrt is an approximation (erratum MACRO-APPROXIMATION): its correctly rounded
//! value is a [`STRICT`] expectation.

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::platform::Platform::XeHpg;

use super::How::*;
use super::*;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "rsqtm", file: "catalog/math/rsqtm.jsonl", rows: add };

#[rustfmt::skip]
const DECLS: &str = ".decl VF v_type=G type=f num_elts=8\n.decl VHF v_type=G type=hf num_elts=8\n\
                     .decl VDF v_type=G type=df num_elts=8\n.decl P2 v_type=P num_elts=32\n";

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    early_out_rows(rows, "rsqtm", ROWS);
    let d = "rSqrt(+0) = +inf with the bit set on every modelled platform (IEEE-MACRO-PLATFORMS, resolved).";
    for platform in Platform::ALL {
        rows.add("platforms", early_out_lane(platform, "rsqtm", "f", &[("f", F_ZERO)], RTNE, Some(F_INF), true).tag(errata::IEEE_MACRO_PLATFORMS).derived(d));
    }
    let d = "IEEE-MACRO-PLATFORMS, literal reading: the appendix lists RSQTM on SKL only: gen9 (SKL) runs it, every other modelled platform rejects it (field opcode).";
    for platform in Platform::ALL {
        let row = Row::new(platform, format!("{DECLS}rsqtm (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0>\n")).literal(errata::IEEE_MACRO_PLATFORMS);
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
    form(rows, "rsqtm (M1, 4) VDF(0,0)<1> P2 (-abs)VDF(0,0)<1;1,0>", None, "Supported Types DF with an arithmetic modifier; runs from the zeroed state.");
    form(rows, "rsqtm.sat (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0>", Some("opcode"), "Notes: saturation is not supported (field opcode).");
    form(rows, "rsqtm (M1, 8) VHF(0,0)<1> P2 VHF(0,0)<1;1,0>", Some("dst"), "Supported Types DF and F: HF has no map (field dst).");
    form(rows, "rsqtm (M1, 8) VF(0,0)<1> VF(0,0)<1> VF(0,0)<1;1,0>", Some("preddst"), "PredDst's operand class is predicate (field preddst).");
    form(rows, "rsqtm (M1, 8) VF(0,0)<1> P2 VF(0,0)<1;1,0> VF(0,0)<1;1,0>", Some("operands"),
        "Text: <dst> <preddst> <src0>: one source, so four operands are too many.");
}

#[rustfmt::skip]
const ROWS: &[EarlyOut] = &[
    EarlyOut { g: "special", ty: "f", src: &[("f", F_ZERO)], cr0: RTNE, want: Some(F_INF), eo: true, how: Plain, d: "IEEE 754-2019 9.2 rSqrt(+0) = +inf \
            (divideByZero, 7.3); a zero operand sets the bit." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_NZERO)], cr0: RTNE, want: Some(F_NINF), eo: true, how: Plain, d: "9.2: rSqrt(-0) = -inf; the bit set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_INF)], cr0: RTNE, want: Some(F_ZERO), eo: true, how: Plain, d: "9.2: rSqrt(+inf) = +0; the bit set." },
    EarlyOut { g: "special", ty: "f", src: &[("f", F_NINF)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Plain, d: "9.2 and 7.2: rSqrt of a value below zero is \
            invalid: -inf gives the default NaN 0x7fc00000; the bit set." },
    EarlyOut { g: "nan", ty: "f", src: &[("f", 0x7f80_0002)], cr0: RTNE, want: Some(0x7fc0_0002), eo: true, how: Plain, d: "MATH-NAN-RESULT: the NaN source \
            0x7f800002 quieted, 0x7fc00002; the bit set." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", 0xbf80_0000)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Tag(errata::MACRO_EARLY_OUT),
            d: "rSqrt(-1) is invalid (7.2): the default NaN. Both readings of MACRO-EARLY-OUT set the bit: the operand is below zero (resolved) and the written \
            value is a NaN (literal)." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", 0xbf80_0000)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Literal(errata::MACRO_EARLY_OUT),
            d: "rSqrt(-1) is invalid (7.2): the default NaN. Both readings of MACRO-EARLY-OUT set the bit: the operand is below zero (resolved) and the written \
            value is a NaN (literal)." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", 0x0000_0001)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Tag(errata::MACRO_EARLY_OUT),
            d: "1/sqrt(2^-149) = 2^74.5, inside F's range: with denormals kept (%cr0 bit 7) neither reading sets the bit (no 1/sqrt of a finite positive F \
            overflows or underflows)." },
    EarlyOut { g: "early-out", ty: "f", src: &[("f", 0x0000_0001)], cr0: RTNE | KEEP_F, want: None, eo: false, how: Literal(errata::MACRO_EARLY_OUT),
            d: "1/sqrt(2^-149) = 2^74.5, inside F's range: with denormals kept (%cr0 bit 7) neither reading sets the bit (no 1/sqrt of a finite positive F \
            overflows or underflows)." },
    EarlyOut { g: "denormal", ty: "f", src: &[("f", 0x0000_0001)], cr0: RTNE | KEEP_F, want: Some(0x64b5_04f3), eo: false, how: Tag(STRICT),
            d: "Denormals kept: 2^74.5 = sqrt(2) x 2^74; sqrt(2) to nearest in F is 0x3fb504f3 (1.0110101000001001111001100110011...b, the dropped bits 0011... \
            below half), so 2^74.5 rounds to 0x3fb504f3 + (74 << 23) = 0x64b504f3 (strict: an approximation)." },
    EarlyOut { g: "denormal", ty: "f", src: &[("f", 0x0000_0001)], cr0: RTNE, want: Some(F_INF), eo: true, how: Plain, d: "Denorm mode flush (%cr0 bit 7 clear): \
            2^-149 reads as +0, rSqrt(+0) = +inf, the bit set." },
    EarlyOut { g: "approximation", ty: "f", src: &[("f", 0x4080_0000)], cr0: RTNE, want: None, eo: false, how: Plain, d: "1/sqrt(4) = 0.5 (0x3f000000): \
            representable, but an initial approximation (MACRO-APPROXIMATION): strict; a finite positive operand, the bit clear." },
    EarlyOut { g: "approximation", ty: "f", src: &[("f", 0x4080_0000)], cr0: RTNE, want: Some(0x3f00_0000), eo: false, how: Tag(STRICT),
            d: "1/sqrt(4) = 0.5 (0x3f000000): representable, but an initial approximation (MACRO-APPROXIMATION): strict; a finite positive operand, the bit \
            clear." },
    EarlyOut { g: "approximation", ty: "f", src: &[("f", 0x4000_0000)], cr0: RTNE, want: Some(0x3f35_04f3), eo: false, how: Tag(STRICT),
            d: "1/sqrt(2) = sqrt(2)/2: sqrt(2) to nearest is 0x3fb504f3, halving is exact: 0x3f3504f3 (strict); the bit clear." },
    EarlyOut { g: "modifiers", ty: "f", src: &[("(abs)f", 0xc080_0000)], cr0: RTNE, want: None, eo: false, how: Plain, d: "Source modifier (abs): |-4| = 4, a \
            finite positive operand: the bit clear." },
    EarlyOut { g: "modifiers", ty: "f", src: &[("(-)f", 0x4080_0000)], cr0: RTNE, want: Some(F_NAN), eo: true, how: Plain, d: "Source modifier (-): -(4) = -4 < 0 \
            is invalid (7.2): the default NaN, the bit set." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 1 << 63)], cr0: RTNE, want: Some(0xfff0_0000_0000_0000), eo: true, how: Plain,
            d: "DF: rSqrt(-0) = -inf 0xfff0000000000000 (9.2), the bit set; rSqrt(4) = 0.5 0x3fe0000000000000 (strict), the bit clear." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 0x4010_0000_0000_0000)], cr0: RTNE, want: Some(0x3fe0_0000_0000_0000), eo: false, how: Tag(STRICT),
            d: "DF: rSqrt(-0) = -inf 0xfff0000000000000 (9.2), the bit set; rSqrt(4) = 0.5 0x3fe0000000000000 (strict), the bit clear." },
    EarlyOut { g: "df", ty: "df", src: &[("df", 1)], cr0: RTNE, want: Some(0x7ff0_0000_0000_0000), eo: true, how: Plain, d: "DF denorm mode: 2^-1074 (0x1) flushed \
            with %cr0 bit 6 clear reads as +0: +inf, the bit set." },
];

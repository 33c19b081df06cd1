//! MAD (instructions/MAD.md): hand-derived rows, each with its derivation.

use super::simd::{self, FloatSat8, MadFloat8, Simd8, *};
use super::{form_on, grouped, table, Group, LaneCr0Readings, ALT, MULDIV_DECLS, RD, RTNE};
use crate::catalog::doc::{Doc, Rows};
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "mad", file: "catalog/alu/mad.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "int", INT);
    grouped(rows, "float", FLOAT);
    form_on(rows, "forms", "\"Saturation: only when type is float\".",
        XeHpg, MULDIV_DECLS, "mad.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, FLOAT_SAT8);
    table(rows, MAD_FLOAT8);
    simd_programs(rows);
}

#[rustfmt::skip]
const INT: &[Group<LaneCr0Readings>] = &[
    Group { d: "3 * 4 + 5 = 17.",
        rows: &[LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "d", srcs: &[("d", 3), ("d", 4), ("d", 5)], cr0: RTNE, resolved: 17, literal: 17 }] },
    Group { d: "(2^31 - 1) * 2 + 2 = 2^32: low 32 bits 0.",
        rows: &[LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "d", srcs: &[("d", 0x7fff_ffff), ("d", 2), ("d", 2)], cr0: RTNE, resolved: 0, literal: 0 }] },
    Group { d: "(2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "ud", srcs: &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff), ("ud", 1)], cr0: RTNE, resolved: 2, literal: 2 },
    ] },
    Group { d: "W 32767^2 + 0 = 0x3fff0001: low 16 bits 0x0001.",
        rows: &[LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "w", srcs: &[("w", 0x7fff), ("w", 0x7fff), ("w", 0)], cr0: RTNE, resolved: 1, literal: 1 }] },
    Group { d: "-1 * 5 + -7 = -12 -> 0xfffffff4.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "d", srcs: &[("d", 0xffff_ffff), ("d", 5), ("d", 0xffff_fff9)], cr0: RTNE, resolved: 0xffff_fff4,
            literal: 0xffff_fff4 },
    ] },
];

#[rustfmt::skip]
const FLOAT: &[Group<LaneCr0Readings>] = &[
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly (0x28800000) when fused. Literal: the \
        product 1 + 2^-22 + 2^-46 rounds (RNE) to 1 + 2^-22, and the sum is 0 from operands of different signs: +0.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)], cr0: RTNE,
            resolved: 0x2880_0000, literal: 0 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). The same under RD: fused is exact; literal truncates the product to 1 + 2^-22, \
        and a zero sum of operands of different signs is -0 under round-down.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)], cr0: RD,
            resolved: 0x2880_0000, literal: 0x8000_0000 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). 0 * inf + sNaN(0x123): fused, the first NaN operand is src2, quieted: 0x7fc00123. \
        Literal: the product 0 * inf is the default NaN, the first NaN of the sum: 0x7fc00000.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0), ("f", 0x7f80_0000), ("f", 0x7f80_0123)], cr0: RTNE, resolved: 0x7fc0_0123,
            literal: 0x7fc0_0000 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). HF 1365 (0x6555) * 48 (0x5200) + -16 (0xcc00) = 65504 = 0x7bff exactly. Literal: \
        the product 65520 is the tie between 65504 and 65536 and rounds to even, overflowing to inf; inf - 16 = inf (0x7c00).", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "hf", srcs: &[("hf", 0x6555), ("hf", 0x5200), ("hf", 0xcc00)], cr0: RTNE, resolved: 0x7bff, literal: 0x7c00 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). F largest * 2 - largest = largest (0x7f7fffff) when fused. Literal with ALT: the \
        product overflows to inf and ALT makes it the largest F, so the sum is largest - largest = +0.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x7f7f_ffff), ("f", 0x4000_0000), ("f", 0xff7f_ffff)], cr0: RTNE | ALT,
            resolved: 0x7f7f_ffff, literal: 0 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). 1.5 * 2 - 3 = 0 exactly: +0, and -0 under round-down (both readings).", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)], cr0: RTNE, resolved: 0, literal: 0 },
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)], cr0: RD,
            resolved: 0x8000_0000, literal: 0x8000_0000 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). -0 * 1 + -0 = -0 (both readings).", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x8000_0000), ("f", 0x3f80_0000), ("f", 0x8000_0000)], cr0: RTNE,
            resolved: 0x8000_0000, literal: 0x8000_0000 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). inf * 1 + -inf: the default NaN (both readings).", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "f", srcs: &[("f", 0x7f80_0000), ("f", 0x3f80_0000), ("f", 0xff80_0000)], cr0: RTNE,
            resolved: 0x7fc0_0000, literal: 0x7fc0_0000 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). .sat: 0.5 * 0.5 + 0.5 = 0.75 (0x3f400000); 2 * 2 - 5 = -1 saturates to +0.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad.sat", dst: "f", srcs: &[("f", 0x3f00_0000), ("f", 0x3f00_0000), ("f", 0x3f00_0000)], cr0: RTNE,
            resolved: 0x3f40_0000, literal: 0x3f40_0000 },
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad.sat", dst: "f", srcs: &[("f", 0x4000_0000), ("f", 0x4000_0000), ("f", 0xc0a0_0000)], cr0: RTNE, resolved: 0, literal: 0 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 (0x3970000000000000) fused; literal: the \
        product rounds to 1 + 2^-51 and the sum is +0.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "df",
            srcs: &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001), ("df", 0xbff0_0000_0000_0002)], cr0: RTNE, resolved: 0x3970_0000_0000_0000, literal: 0 },
    ] },
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal). BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0.", rows: &[
        LaneCr0Readings { erratum: errata::MAD_FUSED, op: "mad", dst: "bf", srcs: &[("bf", 0x3f81), ("bf", 0x3f81), ("bf", 0xbf82)], cr0: RTNE, resolved: 0x3880, literal: 0 },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "MUL and MAD on integers: the exact result, then the low bits of DT (no integer `.sat`).", rows: &[
        Simd8 { case: "mad", op: "mad", dst: D, srcs: &[o(D, 3), o(D, 4), o(D, 5)], want: 17, note: "3 * 4 + 5 = 17" },
        Simd8 { case: "mad_ud_wraps", op: "mad", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF), o(UD, 1)], want: 2,
            note: "(2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2" },
        Simd8 { case: "mad_negative", op: "mad", dst: D, srcs: &[o(D, 0xFFFF_FFFF), o(D, 5), o(D, 0xFFFF_FFF9)], want: 0xFFFF_FFF4, note: "-1 * 5 + -7 = -12" },
    ] },
];

#[rustfmt::skip]
const FLOAT_SAT8: &[Group<FloatSat8>] = &[
    Group { d: ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.",
        rows: &[FloatSat8 { case: "mad", op: "mad", srcs: &[(F, 0x3F00_0000), (F, 0x3F00_0000), (F, 0x3F00_0000)], want: 0x3F40_0000, note: "" }] },
];

#[rustfmt::skip]
const MAD_FLOAT8: &[Group<MadFloat8>] = &[
    Group { d: "MAD on floats under both readings of MAD-FUSED: (resolved, literal).", rows: &[
        MadFloat8 { case: "cancel", dst: F, srcs: &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)], cr0: RNE, resolved: 0x2880_0000, literal: 0,
            note: "(1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 fused; literal: the product rounds to 1 + 2^-22, sum +0" },
        MadFloat8 { case: "cancel_rd", dst: F, srcs: &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)], cr0: RD, resolved: 0x2880_0000, literal: 0x8000_0000,
            note: "the same under RD: literal gives -0 (a zero sum of opposite signs rounding down)" },
        MadFloat8 { case: "nan_order", dst: F, srcs: &[(F, 0), (F, 0x7F80_0000), (F, 0x7F80_0123)], cr0: RNE, resolved: 0x7FC0_0123, literal: 0x7FC0_0000,
            note: "0 * inf + sNaN(0x123): fused keeps src2's payload; literal: the product is the default NaN" },
        MadFloat8 { case: "hf_overflow", dst: HF, srcs: &[(HF, 0x6555), (HF, 0x5200), (HF, 0xCC00)], cr0: RNE, resolved: 0x7BFF, literal: 0x7C00,
            note: "HF 1365 * 48 - 16 = 65504 fused; literal: 65520 ties to even = 65536, overflows to inf" },
        MadFloat8 { case: "alt", dst: F, srcs: &[(F, 0x7F7F_FFFF), (F, 0x4000_0000), (F, 0xFF7F_FFFF)], cr0: RNE | ALT, resolved: 0x7F7F_FFFF, literal: 0,
            note: "F largest * 2 - largest = largest fused; literal with ALT: the product becomes largest, sum +0" },
        MadFloat8 { case: "df", dst: DF, srcs: &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001), (DF, 0xBFF0_0000_0000_0002)], cr0: RNE,
            resolved: 0x3970_0000_0000_0000, literal: 0, note: "DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 fused; literal +0" },
        MadFloat8 { case: "bf", dst: BF, srcs: &[(BF, 0x3F81), (BF, 0x3F81), (BF, 0xBF82)], cr0: RNE, resolved: 0x3880, literal: 0,
            note: "BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0" },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl A v_type=G type=f num_elts=16\n.decl B v_type=G type=f num_elts=1\n\
                .decl C v_type=G type=f num_elts=16\n.decl R v_type=G type=f num_elts=16\n\
                mad (M1, 16) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<0;1,0> C(0,0)<1;1,0>\n";
    let lanes: Vec<f32> = (0..16u8).map(f32::from).collect();
    let want: Vec<f32> = (0..16u8).map(|n| f32::from(n) * 0.5 + 0.25).collect();
    let d = "mad (M1, 16) R:f A<1;1,0>:f B<0;1,0>:f C<1;1,0>:f with A[n] = n, B = 0.5, C = 0.25 under RNE and RZ: R[n] = n * 0.5 + 0.25 exactly in both.";
    for cr0 in [simd::RNE, simd::RZ] {
        let row = simd::text_row(text)
            .var("A", simd::f32s(&lanes))
            .var("B", simd::f32s(&[0.5]))
            .var("C", simd::f32s(&[0.25; 16]))
            .cr0(cr0)
            .expect_bytes("R", simd::f32s(&want));
        rows.add("simd16", row.derived(&format!("{d} Here %cr0 = {cr0:#x}.")));
    }
}

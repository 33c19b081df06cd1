//! MUL (instructions/MUL.md): hand-derived rows, each with its derivation.

use super::simd::{self, FloatSat8, MulDivFloat8, Simd8, *};
use super::{
    grouped, table, FormOn, Group, Lane, LaneCr0, PlatformNotes, ALT, KEEP_ALL, KEEP_DF, KEEP_F,
    KEEP_HF, MULDIV_DECLS, RD, RTNE, RTZ, RU,
};
use crate::catalog::build::{le32, le64};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{Xe2, XeHpc, XeHpg, XeLp};
use visa_model::types::DataType::*;
use visa_model::ErrorClass;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "mul", file: "catalog/alu/mul.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "int", INT);
    grouped(rows, "float", FLOAT);
    grouped(rows, "forms", FORMS);
    table(rows, PLATFORM_NOTES);
    let text = ".decl V1 v_type=G type=q num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=1\n\
                mul (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<0;1,0>\n";
    let expected: Vec<i64> = vec![-(1 << 31), 1 << 31, -(1 << 62) + (1 << 31), 1 << 62];
    let d = "mul (M1, 4) V1(0,0)<1>:q V2(0,0)<1;1,0>:d V3(0,0)<0;1,0>:d with V2 = [1, -1, 2^31 - 1, -2^31] and V3 = [-2^31]: -2^31, 2^31, -2^62 + 2^31, 2^62.";
    let row = Row::new(XeHpg, text).var("V2", le32(&[1, 0xffff_ffff, 0x7fff_ffff, 0x8000_0000])).var("V3", le32(&[0x8000_0000]))
        .expect_bytes("V1", le64(&expected.iter().map(|v| *v as u64).collect::<Vec<_>>())).derived(d);
    rows.add("int", row);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, MUL_DIV_FLOAT8);
    table(rows, FLOAT_SAT8);
    simd_programs(rows);
}

#[rustfmt::skip]
const INT: &[Group<Lane>] = &[
    Group { d: "2^16 * 2^16 = 2^32: the low 32 bits are 0.", rows: &[Lane { op: "mul", dst: "d", srcs: &[("d", 0x1_0000), ("d", 0x1_0000)], want: 0 }] },
    Group { d: "D x D -> Q (MUL.md Notes): (2^31 - 1)^2 = 2^62 - 2^32 + 1 = 0x3fffffff00000001.",
        rows: &[Lane { op: "mul", dst: "q", srcs: &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], want: 0x3fff_ffff_0000_0001 }] },
    Group { d: "(-2^31)^2 = 2^62.", rows: &[Lane { op: "mul", dst: "q", srcs: &[("d", 0x8000_0000), ("d", 0x8000_0000)], want: 0x4000_0000_0000_0000 }] },
    Group { d: "UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1 = 0xfffffffe00000001.",
        rows: &[Lane { op: "mul", dst: "uq", srcs: &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_fffe_0000_0001 }] },
    Group { d: "D x UD -> Q: -1 * (2^32 - 1) = -(2^32 - 1) = 2^64 - 2^32 + 1 as 64 bits.",
        rows: &[Lane { op: "mul", dst: "q", srcs: &[("d", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_ffff_0000_0001 }] },
    Group { d: "W: 32767 * 2 = 65534 = 0xfffe (-2 as W: the product wraps).", rows: &[Lane { op: "mul", dst: "w", srcs: &[("w", 0x7fff), ("w", 2)], want: 0xfffe }] },
    Group { d: "UB x UB -> UW: 255 * 255 = 65025 = 0xfe01.", rows: &[Lane { op: "mul", dst: "uw", srcs: &[("ub", 0xff), ("ub", 0xff)], want: 0xfe01 }] },
    Group { d: "B x B -> D: -128 * -128 = 16384.", rows: &[Lane { op: "mul", dst: "d", srcs: &[("b", 0x80), ("b", 0x80)], want: 0x4000 }] },
    Group { d: "(-)INT_MIN is +2^31 exactly (OPERAND-MODIFIER-TABLE): * 1 into Q = 0x80000000, into D the low 32 bits 0x80000000.", rows: &[
        Lane { op: "mul", dst: "q", srcs: &[("(-)d", 0x8000_0000), ("d", 1)], want: 0x8000_0000 },
        Lane { op: "mul", dst: "d", srcs: &[("(-)d", 0x8000_0000), ("d", 1)], want: 0x8000_0000 },
    ] },
    Group { d: "(-)5 on UD is -5: -5 * 3 = -15 -> UD 0xfffffff1.", rows: &[Lane { op: "mul", dst: "ud", srcs: &[("(-)ud", 5), ("ud", 3)], want: 0xffff_fff1 }] },
];

#[rustfmt::skip]
const FLOAT: &[Group<LaneCr0>] = &[
    Group { d: "1.5 * 2 = 3 = 1.1b * 2^1: 0x40400000.",
        rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x3fc0_0000), ("f", 0x4000_0000)], cr0: RTNE, want: 0x4040_0000 }] },
    Group { d: "The largest F (2 - 2^-23) * 2^127 times 2 overflows: RNE gives +inf, RTZ the largest F, and ALT mode (%cr0 bit 0) turns the infinity into the largest \
        F.", rows: &[
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], cr0: RTNE, want: 0x7f80_0000 },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], cr0: RTZ, want: 0x7f7f_ffff },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)], cr0: RTNE | ALT, want: 0x7f7f_ffff },
    ] },
    Group { d: "-largest * 2 under RU: the result rounds toward +inf, i.e. to -largest.",
        rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0xff7f_ffff), ("f", 0x4000_0000)], cr0: RU, want: 0xff7f_ffff }] },
    Group { d: "inf * 0 and 0 * -inf: invalid, the default NaN 0x7fc00000.", rows: &[
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x7f80_0000), ("f", 0)], cr0: RTNE, want: 0x7fc0_0000 },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0), ("f", 0xff80_0000)], cr0: RTNE, want: 0x7fc0_0000 },
    ] },
    Group { d: "-inf * -2 = +inf (the sign is the exclusive or).",
        rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0xff80_0000), ("f", 0xc000_0000)], cr0: RTNE, want: 0x7f80_0000 }] },
    Group { d: "-0 * 5 = -0.", rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x8000_0000), ("f", 0x40a0_0000)], cr0: RTNE, want: 0x8000_0000 }] },
    Group { d: "A signalling NaN with payload 5 is quieted, payload kept: 0x7fc00005; src0's NaN wins over src1's.", rows: &[
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x7f80_0005), ("f", 0x3f80_0000)], cr0: RTNE, want: 0x7fc0_0005 },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0xffc0_0001), ("f", 0x7fc0_0002)], cr0: RTNE, want: 0xffc0_0001 },
    ] },
    Group { d: ".sat: 1.5 * 1.5 = 2.25 clamps to 1.0; -2 * 0.5 = -1 clamps to +0; NaN saturates to +0.", rows: &[
        LaneCr0 { op: "mul.sat", dst: "f", srcs: &[("f", 0x3fc0_0000), ("f", 0x3fc0_0000)], cr0: RTNE, want: 0x3f80_0000 },
        LaneCr0 { op: "mul.sat", dst: "f", srcs: &[("f", 0xc000_0000), ("f", 0x3f00_0000)], cr0: RTNE, want: 0 },
        LaneCr0 { op: "mul.sat", dst: "f", srcs: &[("f", 0x7f80_0000), ("f", 0)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "Denormal input 2^-149 (0x1) times 2^23 (0x4b000000) = 2^-126, the smallest normal (0x00800000) when F denormals are kept (%cr0 bit 7); flushed to +0 \
        first otherwise, so +0.", rows: &[
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x1), ("f", 0x4b00_0000)], cr0: KEEP_F, want: 0x0080_0000 },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x1), ("f", 0x4b00_0000)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "A denormal product: 2^-63 * 2^-64 = 2^-127 = 0x00400000 kept; flushed to +0 otherwise.", rows: &[
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x2000_0000), ("f", 0x1f80_0000)], cr0: KEEP_F, want: 0x0040_0000 },
        LaneCr0 { op: "mul", dst: "f", srcs: &[("f", 0x2000_0000), ("f", 0x1f80_0000)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "HF 1.0 * (1 + 2^-10) = 0x3c01 exactly.", rows: &[LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x3c00), ("hf", 0x3c01)], cr0: RTNE, want: 0x3c01 }] },
    Group { d: "HF 256 * 256 = 65536 > 65504: RNE overflows to inf (0x7c00), RTZ gives 65504 (0x7bff).", rows: &[
        LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x5c00), ("hf", 0x5c00)], cr0: RTNE, want: 0x7c00 },
        LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x5c00), ("hf", 0x5c00)], cr0: RTZ, want: 0x7bff },
    ] },
    Group { d: "HF 2^-14 (the smallest normal, 0x0400) * 0.5 = 2^-15, the denormal 0x0200 when HF denormals are kept (%cr0 bit 10, or every denorm bit), +0 when \
        flushed.", rows: &[
        LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x0400), ("hf", 0x3800)], cr0: KEEP_HF, want: 0x0200 },
        LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x0400), ("hf", 0x3800)], cr0: KEEP_ALL, want: 0x0200 },
        LaneCr0 { op: "mul", dst: "hf", srcs: &[("hf", 0x0400), ("hf", 0x3800)], cr0: KEEP_F | KEEP_DF, want: 0 },
    ] },
    Group { d: "HF sources, F destination (the F/HF type map): 1.5 * 1.5 = 2.25 = 1.001b * 2^1: 0x40100000.",
        rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("hf", 0x3e00), ("hf", 0x3e00)], cr0: RTNE, want: 0x4010_0000 }] },
    Group { d: "BF (XEHP+): 1.5 * 1.5 = 2.25 = 0x4010.", rows: &[LaneCr0 { op: "mul", dst: "bf", srcs: &[("bf", 0x3fc0), ("bf", 0x3fc0)], cr0: RTNE, want: 0x4010 }] },
    Group { d: "BF (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14: 7 fraction bits keep 1 + 2^-6 (0x3f82); the 2^-14 is below half an ulp (2^-8): RNE and RD truncate, RU rounds up \
        to 0x3f83.", rows: &[
        LaneCr0 { op: "mul", dst: "bf", srcs: &[("bf", 0x3f81), ("bf", 0x3f81)], cr0: RTNE, want: 0x3f82 },
        LaneCr0 { op: "mul", dst: "bf", srcs: &[("bf", 0x3f81), ("bf", 0x3f81)], cr0: RU, want: 0x3f83 },
        LaneCr0 { op: "mul", dst: "bf", srcs: &[("bf", 0x3f81), ("bf", 0x3f81)], cr0: RD, want: 0x3f82 },
    ] },
    Group { d: "DF (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: RNE gives 1 + 2^-51, RU the next value up.", rows: &[
        LaneCr0 { op: "mul", dst: "df", srcs: &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)], cr0: RTNE, want: 0x3ff0_0000_0000_0002 },
        LaneCr0 { op: "mul", dst: "df", srcs: &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)], cr0: RU, want: 0x3ff0_0000_0000_0003 },
    ] },
    Group { d: "DF 2^-1022 * 0.5 = 2^-1023, the denormal 0x0008000000000000 when DF denormals are kept (%cr0 bit 6), +0 when flushed.", rows: &[
        LaneCr0 { op: "mul", dst: "df", srcs: &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)], cr0: KEEP_DF, want: 0x0008_0000_0000_0000 },
        LaneCr0 { op: "mul", dst: "df", srcs: &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)], cr0: RTNE, want: 0 },
    ] },
    Group { d: "(-)1.5 * 2 = -3.", rows: &[LaneCr0 { op: "mul", dst: "f", srcs: &[("(-)f", 0x3fc0_0000), ("f", 0x4000_0000)], cr0: RTNE, want: 0xc040_0000 }] },
];

#[rustfmt::skip]
const FORMS: &[Group<FormOn>] = &[
    Group { d: "\"Saturation: only when type is float\".",
        rows: &[FormOn { platform: XeHpg, decls: MULDIV_DECLS, text: "mul.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.",
        rows: &[FormOn { platform: XeHpg, decls: MULDIV_DECLS, text: "mul (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "BF is XEHP+: not on xe-lp.",
        rows: &[FormOn { platform: XeLp, decls: MULDIV_DECLS, text: "mul (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "DF does not mix with F.",
        rows: &[FormOn { platform: XeHpg, decls: MULDIV_DECLS, text: "mul (M1, 8) VDF(0,0)<1> VF(0,0)<1;1,0> VDF(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const PLATFORM_NOTES: &[Group<PlatformNotes>] = &[
    Group { d: "Byte sources on PVC+ (xe-hpc, xe2): valid when resolved, invalid under the literal reading.", rows: &[
        PlatformNotes { platform: XeHpc, text: "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>", literal_rejects: true },
        PlatformNotes { platform: Xe2, text: "mul (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VB(0,0)<1;1,0>", literal_rejects: true },
    ] },
    Group { d: "... but valid before PVC under both.",
        rows: &[PlatformNotes { platform: XeHpg, text: "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>", literal_rejects: false }] },
    Group { d: "Q = D x D before xe-hpc: valid when resolved, invalid under the literal reading ...", rows: &[
        PlatformNotes { platform: XeLp, text: "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", literal_rejects: true },
        PlatformNotes { platform: XeHpg, text: "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", literal_rejects: true },
    ] },
    Group { d: "... and valid from xe-hpc on under both.",
        rows: &[PlatformNotes { platform: XeHpc, text: "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", literal_rejects: false }] },
    Group { d: "A DF destination is no 64-bit integer product: valid under both.",
        rows: &[PlatformNotes { platform: XeLp, text: "mul (M1, 8) VDF(0,0)<1> VDF(0,0)<1;1,0> VDF(0,0)<1;1,0>", literal_rejects: false }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "MUL and MAD on integers: the exact result, then the low bits of DT (no integer `.sat`).", rows: &[
        Simd8 { case: "mul_wraps", op: "mul", dst: D, srcs: &[o(D, 0x1_0000), o(D, 0x1_0000)], want: 0, note: "2^16 * 2^16 = 2^32: low 32 bits 0" },
        Simd8 { case: "mul_q", op: "mul", dst: Q, srcs: &[o(D, 0x7FFF_FFFF), o(D, 0x7FFF_FFFF)], want: 0x3FFF_FFFF_0000_0001, note: "D x D -> Q: (2^31 - 1)^2 = 2^62 - 2^32 + 1" },
        Simd8 { case: "mul_uq", op: "mul", dst: UQ, srcs: &[o(UD, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFE_0000_0001,
            note: "UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1" },
        Simd8 { case: "mul_mixed_q", op: "mul", dst: Q, srcs: &[o(D, 0xFFFF_FFFF), o(UD, 0xFFFF_FFFF)], want: 0xFFFF_FFFF_0000_0001,
            note: "D x UD -> Q: -1 * (2^32 - 1), two's complement in 64 bits" },
        Simd8 { case: "mul_b", op: "mul", dst: W, srcs: &[o(B, 0x80), o(B, 0x80)], want: 0x4000, note: "B x B -> W: -128 * -128 = 16384" },
    ] },
];

#[rustfmt::skip]
const MUL_DIV_FLOAT8: &[Group<MulDivFloat8>] = &[
    Group { d: "MUL and DIV on floats, one rounding into DT under %cr0.", rows: &[
        MulDivFloat8 { case: "mul", op: "mul", dst: F, srcs: &[(F, 0x3FC0_0000), (F, 0x4000_0000)], cr0: RNE, want: 0x4040_0000, note: "1.5 * 2 = 3" },
        MulDivFloat8 { case: "mul_overflow_rne", op: "mul", dst: F, srcs: &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], cr0: RNE, want: 0x7F80_0000,
            note: "largest F * 2 overflows: RNE inf, RZ largest, ALT largest" },
        MulDivFloat8 { case: "mul_overflow_rz", op: "mul", dst: F, srcs: &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], cr0: RZ, want: 0x7F7F_FFFF,
            note: "largest F * 2 overflows: RNE inf, RZ largest, ALT largest" },
        MulDivFloat8 { case: "mul_overflow_alt", op: "mul", dst: F, srcs: &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)], cr0: RNE | ALT, want: 0x7F7F_FFFF,
            note: "largest F * 2 overflows: RNE inf, RZ largest, ALT largest" },
        MulDivFloat8 { case: "mul_invalid", op: "mul", dst: F, srcs: &[(F, 0x7F80_0000), (F, 0)], cr0: RNE, want: 0x7FC0_0000, note: "inf * 0 = default NaN; sNaN payload 5 quieted" },
        MulDivFloat8 { case: "mul_snan", op: "mul", dst: F, srcs: &[(F, 0x7F80_0005), (F, 0x3F80_0000)], cr0: RNE, want: 0x7FC0_0005,
            note: "inf * 0 = default NaN; sNaN payload 5 quieted" },
        MulDivFloat8 { case: "mul_bf_rne", op: "mul", dst: BF, srcs: &[(BF, 0x3F81), (BF, 0x3F81)], cr0: RNE, want: 0x3F82,
            note: "(1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 in BF: RNE 0x3F82, RU 0x3F83" },
        MulDivFloat8 { case: "mul_bf_ru", op: "mul", dst: BF, srcs: &[(BF, 0x3F81), (BF, 0x3F81)], cr0: RU, want: 0x3F83,
            note: "(1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 in BF: RNE 0x3F82, RU 0x3F83" },
        MulDivFloat8 { case: "mul_hf_rne", op: "mul", dst: HF, srcs: &[(HF, 0x5C00), (HF, 0x5C00)], cr0: RNE, want: 0x7C00, note: "HF 256 * 256 = 65536: RNE inf, RZ 65504" },
        MulDivFloat8 { case: "mul_hf_rz", op: "mul", dst: HF, srcs: &[(HF, 0x5C00), (HF, 0x5C00)], cr0: RZ, want: 0x7BFF, note: "HF 256 * 256 = 65536: RNE inf, RZ 65504" },
        MulDivFloat8 { case: "mul_df_rne", op: "mul", dst: DF, srcs: &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)], cr0: RNE, want: 0x3FF0_0000_0000_0002,
            note: "DF (1 + 2^-52)^2: RNE 1 + 2^-51, RU one more ulp" },
        MulDivFloat8 { case: "mul_df_ru", op: "mul", dst: DF, srcs: &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)], cr0: RU, want: 0x3FF0_0000_0000_0003,
            note: "DF (1 + 2^-52)^2: RNE 1 + 2^-51, RU one more ulp" },
        MulDivFloat8 { case: "mul_df_denormal", op: "mul", dst: DF, srcs: &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)], cr0: KEEP_DF,
            want: 0x0008_0000_0000_0000, note: "2^-1022 * 0.5 = 2^-1023: kept denormal, or +0 flushed" },
        MulDivFloat8 { case: "mul_df_flushed", op: "mul", dst: DF, srcs: &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)], cr0: RNE, want: 0,
            note: "2^-1022 * 0.5 = 2^-1023: kept denormal, or +0 flushed" },
    ] },
];

#[rustfmt::skip]
const FLOAT_SAT8: &[Group<FloatSat8>] = &[
    Group { d: ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.",
        rows: &[FloatSat8 { case: "mul", op: "mul", srcs: &[(F, 0x3FC0_0000), (F, 0x3FC0_0000)], want: 0x3F80_0000, note: "" }] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl A v_type=G type=f num_elts=4\n.decl B v_type=G type=f num_elts=4\n\
                .decl R v_type=G type=f num_elts=4\n\
                mul (M1, 4) R(0,0)<1> (-)A(0,0)<1;1,0> (abs)B(0,0)<1;1,0>\n";
    let le32 = crate::catalog::build::le32;
    let row = simd::text_row(text).var("A", le32(&[0x3FC0_0000, 0xC000_0000, 0, 0xFFC0_0001])).var("B", le32(&[0xC000_0000, 0x4040_0000, 0xBF80_0000, 0x3F80_0000]))
        .expect_bytes("R", le32(&[0xC040_0000, 0x40C0_0000, 0x8000_0000, 0x7FC0_0001]));
    let d = "mul (M1, 4) R(0,0)<1>:f (-)A(0,0)<1;1,0>:f (abs)B(0,0)<1;1,0>:f with A = [1.5, -2, 0, nan] and B = [-2, 3, -1, 1]: -1.5 * 2 = -3, 2 * 3 = 6, -0 * 1 = \
        -0, and the NaN's sign flipped by (-): 0xFFC00001 -> 0x7FC00001.";
    rows.add("modifiers", row.derived(d));
}

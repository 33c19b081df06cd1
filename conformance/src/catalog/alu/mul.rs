//! MUL (instructions/MUL.md): hand-derived rows, each with its derivation.

use visa_spec::platform::Platform::Xe2;
use visa_spec::platform::Platform::XeHpc;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::platform::Platform::XeLp;
use visa_spec::ErrorClass;

use super::{
    form_on, one, one_cr0, platform_notes, ALT, KEEP_ALL, KEEP_DF, KEEP_F, KEEP_HF, MULDIV_DECLS,
    RD, RTNE, RTZ, RU,
};
use crate::catalog::build::{le32, le64};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mul",
    file: "catalog/alu/mul.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "2^16 * 2^16 = 2^32: the low 32 bits are 0.";
    one(
        rows,
        "int",
        d,
        "mul",
        "d",
        &[("d", 0x1_0000), ("d", 0x1_0000)],
        0,
    );
    let d = "D x D -> Q (MUL.md Notes): (2^31 - 1)^2 = 2^62 - 2^32 + 1 = 0x3fffffff00000001.";
    one(
        rows,
        "int",
        d,
        "mul",
        "q",
        &[("d", 0x7fff_ffff), ("d", 0x7fff_ffff)],
        0x3fff_ffff_0000_0001,
    );
    let d = "(-2^31)^2 = 2^62.";
    one(
        rows,
        "int",
        d,
        "mul",
        "q",
        &[("d", 0x8000_0000), ("d", 0x8000_0000)],
        0x4000_0000_0000_0000,
    );
    let d = "UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1 = 0xfffffffe00000001.";
    one(
        rows,
        "int",
        d,
        "mul",
        "uq",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_fffe_0000_0001,
    );
    let d = "D x UD -> Q: -1 * (2^32 - 1) = -(2^32 - 1) = 2^64 - 2^32 + 1 as 64 bits.";
    one(
        rows,
        "int",
        d,
        "mul",
        "q",
        &[("d", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_ffff_0000_0001,
    );
    let d = "W: 32767 * 2 = 65534 = 0xfffe (-2 as W: the product wraps).";
    one(
        rows,
        "int",
        d,
        "mul",
        "w",
        &[("w", 0x7fff), ("w", 2)],
        0xfffe,
    );
    let d = "UB x UB -> UW: 255 * 255 = 65025 = 0xfe01.";
    one(
        rows,
        "int",
        d,
        "mul",
        "uw",
        &[("ub", 0xff), ("ub", 0xff)],
        0xfe01,
    );
    let d = "B x B -> D: -128 * -128 = 16384.";
    one(
        rows,
        "int",
        d,
        "mul",
        "d",
        &[("b", 0x80), ("b", 0x80)],
        0x4000,
    );
    let d = "(-)INT_MIN is +2^31 exactly (OPERAND-MODIFIER-TABLE): * 1 into Q = 0x80000000, into D the low 32 bits 0x80000000.";
    one(
        rows,
        "int",
        d,
        "mul",
        "q",
        &[("(-)d", 0x8000_0000), ("d", 1)],
        0x8000_0000,
    );
    one(
        rows,
        "int",
        d,
        "mul",
        "d",
        &[("(-)d", 0x8000_0000), ("d", 1)],
        0x8000_0000,
    );
    let d = "(-)5 on UD is -5: -5 * 3 = -15 -> UD 0xfffffff1.";
    one(
        rows,
        "int",
        d,
        "mul",
        "ud",
        &[("(-)ud", 5), ("ud", 3)],
        0xffff_fff1,
    );
    let d = "1.5 * 2 = 3 = 1.1b * 2^1: 0x40400000.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x3fc0_0000), ("f", 0x4000_0000)],
        RTNE,
        0x4040_0000,
    );
    let d = "The largest F (2 - 2^-23) * 2^127 times 2 overflows: RNE gives +inf, RTZ the largest F, and ALT mode (%cr0 bit 0) turns the infinity into the largest F.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)],
        RTNE,
        0x7f80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)],
        RTZ,
        0x7f7f_ffff,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x7f7f_ffff), ("f", 0x4000_0000)],
        RTNE | ALT,
        0x7f7f_ffff,
    );
    let d = "-largest * 2 under RU: the result rounds toward +inf, i.e. to -largest.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0xff7f_ffff), ("f", 0x4000_0000)],
        RU,
        0xff7f_ffff,
    );
    let d = "inf * 0 and 0 * -inf: invalid, the default NaN 0x7fc00000.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x7f80_0000), ("f", 0)],
        RTNE,
        0x7fc0_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0), ("f", 0xff80_0000)],
        RTNE,
        0x7fc0_0000,
    );
    let d = "-inf * -2 = +inf (the sign is the exclusive or).";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0xff80_0000), ("f", 0xc000_0000)],
        RTNE,
        0x7f80_0000,
    );
    let d = "-0 * 5 = -0.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x8000_0000), ("f", 0x40a0_0000)],
        RTNE,
        0x8000_0000,
    );
    let d = "A signalling NaN with payload 5 is quieted, payload kept: 0x7fc00005; src0's NaN wins over src1's.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x7f80_0005), ("f", 0x3f80_0000)],
        RTNE,
        0x7fc0_0005,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0xffc0_0001), ("f", 0x7fc0_0002)],
        RTNE,
        0xffc0_0001,
    );
    let d =
        ".sat: 1.5 * 1.5 = 2.25 clamps to 1.0; -2 * 0.5 = -1 clamps to +0; NaN saturates to +0.";
    one_cr0(
        rows,
        "float",
        d,
        "mul.sat",
        "f",
        &[("f", 0x3fc0_0000), ("f", 0x3fc0_0000)],
        RTNE,
        0x3f80_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul.sat",
        "f",
        &[("f", 0xc000_0000), ("f", 0x3f00_0000)],
        RTNE,
        0,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul.sat",
        "f",
        &[("f", 0x7f80_0000), ("f", 0)],
        RTNE,
        0,
    );
    let d = "Denormal input 2^-149 (0x1) times 2^23 (0x4b000000) = 2^-126, the smallest normal (0x00800000) when F denormals are kept (%cr0 bit 7); flushed to +0 first otherwise, so +0.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x1), ("f", 0x4b00_0000)],
        KEEP_F,
        0x0080_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x1), ("f", 0x4b00_0000)],
        RTNE,
        0,
    );
    let d =
        "A denormal product: 2^-63 * 2^-64 = 2^-127 = 0x00400000 kept; flushed to +0 otherwise.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x2000_0000), ("f", 0x1f80_0000)],
        KEEP_F,
        0x0040_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("f", 0x2000_0000), ("f", 0x1f80_0000)],
        RTNE,
        0,
    );
    let d = "HF 1.0 * (1 + 2^-10) = 0x3c01 exactly.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x3c00), ("hf", 0x3c01)],
        RTNE,
        0x3c01,
    );
    let d =
        "HF 256 * 256 = 65536 > 65504: RNE overflows to inf (0x7c00), RTZ gives 65504 (0x7bff).";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x5c00), ("hf", 0x5c00)],
        RTNE,
        0x7c00,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x5c00), ("hf", 0x5c00)],
        RTZ,
        0x7bff,
    );
    let d = "HF 2^-14 (the smallest normal, 0x0400) * 0.5 = 2^-15, the denormal 0x0200 when HF denormals are kept (%cr0 bit 10, or every denorm bit), +0 when flushed.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x0400), ("hf", 0x3800)],
        KEEP_HF,
        0x0200,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x0400), ("hf", 0x3800)],
        KEEP_ALL,
        0x0200,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "hf",
        &[("hf", 0x0400), ("hf", 0x3800)],
        KEEP_F | KEEP_DF,
        0,
    );
    let d = "HF sources, F destination (the F/HF type map): 1.5 * 1.5 = 2.25 = 1.001b * 2^1: 0x40100000.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("hf", 0x3e00), ("hf", 0x3e00)],
        RTNE,
        0x4010_0000,
    );
    let d = "BF (XEHP+): 1.5 * 1.5 = 2.25 = 0x4010.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "bf",
        &[("bf", 0x3fc0), ("bf", 0x3fc0)],
        RTNE,
        0x4010,
    );
    let d = "BF (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14: 7 fraction bits keep 1 + 2^-6 (0x3f82); the 2^-14 is below half an ulp (2^-8): RNE and RD truncate, RU rounds up to 0x3f83.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "bf",
        &[("bf", 0x3f81), ("bf", 0x3f81)],
        RTNE,
        0x3f82,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "bf",
        &[("bf", 0x3f81), ("bf", 0x3f81)],
        RU,
        0x3f83,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "bf",
        &[("bf", 0x3f81), ("bf", 0x3f81)],
        RD,
        0x3f82,
    );
    let d = "DF (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104: RNE gives 1 + 2^-51, RU the next value up.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "df",
        &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)],
        RTNE,
        0x3ff0_0000_0000_0002,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "df",
        &[("df", 0x3ff0_0000_0000_0001), ("df", 0x3ff0_0000_0000_0001)],
        RU,
        0x3ff0_0000_0000_0003,
    );
    let d = "DF 2^-1022 * 0.5 = 2^-1023, the denormal 0x0008000000000000 when DF denormals are kept (%cr0 bit 6), +0 when flushed.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "df",
        &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)],
        KEEP_DF,
        0x0008_0000_0000_0000,
    );
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "df",
        &[("df", 0x0010_0000_0000_0000), ("df", 0x3fe0_0000_0000_0000)],
        RTNE,
        0,
    );
    let d = "(-)1.5 * 2 = -3.";
    one_cr0(
        rows,
        "float",
        d,
        "mul",
        "f",
        &[("(-)f", 0x3fc0_0000), ("f", 0x4000_0000)],
        RTNE,
        0xc040_0000,
    );
    let d = "\"Saturation: only when type is float\".";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mul.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "MOD is integer only; DIV has no BF; MUL's Q destination takes only D and UD sources.";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mul (M1, 8) VQ(0,0)<1> VQ(0,0)<1;1,0> VQ(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "BF is XEHP+: not on xe-lp.";
    form_on(
        rows,
        "forms",
        d,
        XeLp,
        MULDIV_DECLS,
        "mul (M1, 8) VBF(0,0)<1> VBF(0,0)<1;1,0> VBF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "DF does not mix with F.";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mul (M1, 8) VDF(0,0)<1> VF(0,0)<1;1,0> VDF(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Byte sources on PVC+ (xe-hpc, xe2): valid when resolved, invalid under the literal reading.";
    platform_notes(
        rows,
        d,
        XeHpc,
        "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>",
        true,
    );
    platform_notes(
        rows,
        d,
        Xe2,
        "mul (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VB(0,0)<1;1,0>",
        true,
    );
    let d = "... but valid before PVC under both.";
    platform_notes(
        rows,
        d,
        XeHpg,
        "mul (M1, 8) VD(0,0)<1> VB(0,0)<1;1,0> VD(0,0)<1;1,0>",
        false,
    );
    let d = "Q = D x D before xe-hpc: valid when resolved, invalid under the literal reading ...";
    platform_notes(
        rows,
        d,
        XeLp,
        "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        true,
    );
    platform_notes(
        rows,
        d,
        XeHpg,
        "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        true,
    );
    let d = "... and valid from xe-hpc on under both.";
    platform_notes(
        rows,
        d,
        XeHpc,
        "mul (M1, 8) VQ(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        false,
    );
    let d = "A DF destination is no 64-bit integer product: valid under both.";
    platform_notes(
        rows,
        d,
        XeLp,
        "mul (M1, 8) VDF(0,0)<1> VDF(0,0)<1;1,0> VDF(0,0)<1;1,0>",
        false,
    );
    let d = "mul (M1, 4) V1(0,0)<1>:q V2(0,0)<1;1,0>:d V3(0,0)<0;1,0>:d with V2 = [1, -1, 2^31 - \
             1, -2^31] and V3 = [-2^31]: -2^31, 2^31, -2^62 + 2^31, 2^62.";
    let text = ".decl V1 v_type=G type=q num_elts=4\n.decl V2 v_type=G type=d num_elts=4\n\
                .decl V3 v_type=G type=d num_elts=1\n\
                mul (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<0;1,0>\n";
    let expected: Vec<i64> = vec![-(1 << 31), 1 << 31, -(1 << 62) + (1 << 31), 1 << 62];
    let row = Row::new(XeHpg, text)
        .var("V2", le32(&[1, 0xffff_ffff, 0x7fff_ffff, 0x8000_0000]))
        .var("V3", le32(&[0x8000_0000]))
        .expect_bytes(
            "V1",
            le64(&expected.iter().map(|v| *v as u64).collect::<Vec<_>>()),
        )
        .derived(d);
    rows.add("int", row);
    simd_tables(rows);
    simd_programs(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d =
        "MUL and MAD on integers: the exact result, then the low bits of DT (no integer `.sat`).";
    simd::mul_mad_int(
        rows,
        &why(d, "mul_wraps", "2^16 * 2^16 = 2^32: low 32 bits 0"),
        "mul",
        D,
        &[(D, 0x1_0000), (D, 0x1_0000)],
        0,
    );
    simd::mul_mad_int(
        rows,
        &why(d, "mul_q", "D x D -> Q: (2^31 - 1)^2 = 2^62 - 2^32 + 1"),
        "mul",
        Q,
        &[(D, 0x7FFF_FFFF), (D, 0x7FFF_FFFF)],
        0x3FFF_FFFF_0000_0001,
    );
    simd::mul_mad_int(
        rows,
        &why(d, "mul_uq", "UD x UD -> UQ: (2^32 - 1)^2 = 2^64 - 2^33 + 1"),
        "mul",
        UQ,
        &[(UD, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF)],
        0xFFFF_FFFE_0000_0001,
    );
    simd::mul_mad_int(
        rows,
        &why(
            d,
            "mul_mixed_q",
            "D x UD -> Q: -1 * (2^32 - 1), two's complement in 64 bits",
        ),
        "mul",
        Q,
        &[(D, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF)],
        0xFFFF_FFFF_0000_0001,
    );
    simd::mul_mad_int(
        rows,
        &why(d, "mul_b", "B x B -> W: -128 * -128 = 16384"),
        "mul",
        W,
        &[(B, 0x80), (B, 0x80)],
        0x4000,
    );
    let d = "MUL and DIV on floats, one rounding into DT under %cr0.";
    simd::mul_div_float(
        rows,
        &why(d, "mul", "1.5 * 2 = 3"),
        "mul",
        F,
        &[(F, 0x3FC0_0000), (F, 0x4000_0000)],
        RNE,
        0x4040_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_overflow_rne",
            "largest F * 2 overflows: RNE inf, RZ largest, ALT largest",
        ),
        "mul",
        F,
        &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)],
        RNE,
        0x7F80_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_overflow_rz",
            "largest F * 2 overflows: RNE inf, RZ largest, ALT largest",
        ),
        "mul",
        F,
        &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)],
        RZ,
        0x7F7F_FFFF,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_overflow_alt",
            "largest F * 2 overflows: RNE inf, RZ largest, ALT largest",
        ),
        "mul",
        F,
        &[(F, 0x7F7F_FFFF), (F, 0x4000_0000)],
        RNE | ALT,
        0x7F7F_FFFF,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_invalid",
            "inf * 0 = default NaN; sNaN payload 5 quieted",
        ),
        "mul",
        F,
        &[(F, 0x7F80_0000), (F, 0)],
        RNE,
        0x7FC0_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_snan",
            "inf * 0 = default NaN; sNaN payload 5 quieted",
        ),
        "mul",
        F,
        &[(F, 0x7F80_0005), (F, 0x3F80_0000)],
        RNE,
        0x7FC0_0005,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_bf_rne",
            "(1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 in BF: RNE 0x3F82, RU 0x3F83",
        ),
        "mul",
        BF,
        &[(BF, 0x3F81), (BF, 0x3F81)],
        RNE,
        0x3F82,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_bf_ru",
            "(1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 in BF: RNE 0x3F82, RU 0x3F83",
        ),
        "mul",
        BF,
        &[(BF, 0x3F81), (BF, 0x3F81)],
        RU,
        0x3F83,
    );
    simd::mul_div_float(
        rows,
        &why(d, "mul_hf_rne", "HF 256 * 256 = 65536: RNE inf, RZ 65504"),
        "mul",
        HF,
        &[(HF, 0x5C00), (HF, 0x5C00)],
        RNE,
        0x7C00,
    );
    simd::mul_div_float(
        rows,
        &why(d, "mul_hf_rz", "HF 256 * 256 = 65536: RNE inf, RZ 65504"),
        "mul",
        HF,
        &[(HF, 0x5C00), (HF, 0x5C00)],
        RZ,
        0x7BFF,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_df_rne",
            "DF (1 + 2^-52)^2: RNE 1 + 2^-51, RU one more ulp",
        ),
        "mul",
        DF,
        &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)],
        RNE,
        0x3FF0_0000_0000_0002,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_df_ru",
            "DF (1 + 2^-52)^2: RNE 1 + 2^-51, RU one more ulp",
        ),
        "mul",
        DF,
        &[(DF, 0x3FF0_0000_0000_0001), (DF, 0x3FF0_0000_0000_0001)],
        RU,
        0x3FF0_0000_0000_0003,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_df_denormal",
            "2^-1022 * 0.5 = 2^-1023: kept denormal, or +0 flushed",
        ),
        "mul",
        DF,
        &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)],
        KEEP_DF,
        0x0008_0000_0000_0000,
    );
    simd::mul_div_float(
        rows,
        &why(
            d,
            "mul_df_flushed",
            "2^-1022 * 0.5 = 2^-1023: kept denormal, or +0 flushed",
        ),
        "mul",
        DF,
        &[(DF, 0x0010_0000_0000_0000), (DF, 0x3FE0_0000_0000_0000)],
        RNE,
        0,
    );
    let d =
        ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.";
    simd::float_sat(
        rows,
        &why(d, "mul", ""),
        "mul",
        &[(F, 0x3FC0_0000), (F, 0x3FC0_0000)],
        0x3F80_0000,
    );
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;

    let d =
        "mul (M1, 4) R(0,0)<1>:f (-)A(0,0)<1;1,0>:f (abs)B(0,0)<1;1,0>:f with A = [1.5, -2, 0, \
             nan] and B = [-2, 3, -1, 1]: -1.5 * 2 = -3, 2 * 3 = 6, -0 * 1 = -0, and the NaN's \
             sign flipped by (-): 0xFFC00001 -> 0x7FC00001.";
    let text = ".decl A v_type=G type=f num_elts=4\n.decl B v_type=G type=f num_elts=4\n\
                .decl R v_type=G type=f num_elts=4\n\
                mul (M1, 4) R(0,0)<1> (-)A(0,0)<1;1,0> (abs)B(0,0)<1;1,0>\n";
    let le32 = crate::catalog::build::le32;
    let row = simd::text_row(text)
        .var("A", le32(&[0x3FC0_0000, 0xC000_0000, 0, 0xFFC0_0001]))
        .var(
            "B",
            le32(&[0xC000_0000, 0x4040_0000, 0xBF80_0000, 0x3F80_0000]),
        )
        .expect_bytes(
            "R",
            le32(&[0xC040_0000, 0x40C0_0000, 0x8000_0000, 0x7FC0_0001]),
        );
    rows.add("modifiers", row.derived(d));
}

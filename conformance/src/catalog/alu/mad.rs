//! MAD (instructions/MAD.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use super::{both_cr0, form_on, ALT, MULDIV_DECLS, RD, RTNE};

use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mad",
    file: "catalog/alu/mad.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "3 * 4 + 5 = 17.";
    both_cr0(
        rows,
        "int",
        d,
        errata::MAD_FUSED,
        "mad",
        "d",
        &[("d", 3), ("d", 4), ("d", 5)],
        RTNE,
        17,
        17,
    );
    let d = "(2^31 - 1) * 2 + 2 = 2^32: low 32 bits 0.";
    both_cr0(
        rows,
        "int",
        d,
        errata::MAD_FUSED,
        "mad",
        "d",
        &[("d", 0x7fff_ffff), ("d", 2), ("d", 2)],
        RTNE,
        0,
        0,
    );
    let d = "(2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2.";
    both_cr0(
        rows,
        "int",
        d,
        errata::MAD_FUSED,
        "mad",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff), ("ud", 1)],
        RTNE,
        2,
        2,
    );
    let d = "W 32767^2 + 0 = 0x3fff0001: low 16 bits 0x0001.";
    both_cr0(
        rows,
        "int",
        d,
        errata::MAD_FUSED,
        "mad",
        "w",
        &[("w", 0x7fff), ("w", 0x7fff), ("w", 0)],
        RTNE,
        1,
        1,
    );
    let d = "-1 * 5 + -7 = -12 -> 0xfffffff4.";
    both_cr0(
        rows,
        "int",
        d,
        errata::MAD_FUSED,
        "mad",
        "d",
        &[("d", 0xffff_ffff), ("d", 5), ("d", 0xffff_fff9)],
        RTNE,
        0xffff_fff4,
        0xffff_fff4,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly (0x28800000) when fused. Literal: the product 1 + 2^-22 + 2^-46 rounds (RNE) to 1 + 2^-22, and the sum is 0 from operands of different signs: +0.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)],
        RTNE,
        0x2880_0000,
        0,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). The same under RD: fused is exact; literal truncates the product to 1 + 2^-22, and a zero sum of operands of different signs is -0 under round-down.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x3f80_0001), ("f", 0x3f80_0001), ("f", 0xbf80_0002)],
        RD,
        0x2880_0000,
        0x8000_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). 0 * inf + sNaN(0x123): fused, the first NaN operand is src2, quieted: 0x7fc00123. Literal: the product 0 * inf is the default NaN, the first NaN of the sum: 0x7fc00000.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0), ("f", 0x7f80_0000), ("f", 0x7f80_0123)],
        RTNE,
        0x7fc0_0123,
        0x7fc0_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). HF 1365 (0x6555) * 48 (0x5200) + -16 (0xcc00) = 65504 = 0x7bff exactly. Literal: the product 65520 is the tie between 65504 and 65536 and rounds to even, overflowing to inf; inf - 16 = inf (0x7c00).";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "hf",
        &[("hf", 0x6555), ("hf", 0x5200), ("hf", 0xcc00)],
        RTNE,
        0x7bff,
        0x7c00,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). F largest * 2 - largest = largest (0x7f7fffff) when fused. Literal with ALT: the product overflows to inf and ALT makes it the largest F, so the sum is largest - largest = +0.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x7f7f_ffff), ("f", 0x4000_0000), ("f", 0xff7f_ffff)],
        RTNE | ALT,
        0x7f7f_ffff,
        0,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). 1.5 * 2 - 3 = 0 exactly: +0, and -0 under round-down (both readings).";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)],
        RTNE,
        0,
        0,
    );
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x3fc0_0000), ("f", 0x4000_0000), ("f", 0xc040_0000)],
        RD,
        0x8000_0000,
        0x8000_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). -0 * 1 + -0 = -0 (both readings).";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x8000_0000), ("f", 0x3f80_0000), ("f", 0x8000_0000)],
        RTNE,
        0x8000_0000,
        0x8000_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). inf * 1 + -inf: the default NaN (both readings).";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "f",
        &[("f", 0x7f80_0000), ("f", 0x3f80_0000), ("f", 0xff80_0000)],
        RTNE,
        0x7fc0_0000,
        0x7fc0_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). .sat: 0.5 * 0.5 + 0.5 = 0.75 (0x3f400000); 2 * 2 - 5 = -1 saturates to +0.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad.sat",
        "f",
        &[("f", 0x3f00_0000), ("f", 0x3f00_0000), ("f", 0x3f00_0000)],
        RTNE,
        0x3f40_0000,
        0x3f40_0000,
    );
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad.sat",
        "f",
        &[("f", 0x4000_0000), ("f", 0x4000_0000), ("f", 0xc0a0_0000)],
        RTNE,
        0,
        0,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 (0x3970000000000000) fused; literal: the product rounds to 1 + 2^-51 and the sum is +0.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "df",
        &[
            ("df", 0x3ff0_0000_0000_0001),
            ("df", 0x3ff0_0000_0000_0001),
            ("df", 0xbff0_0000_0000_0002),
        ],
        RTNE,
        0x3970_0000_0000_0000,
        0,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal). BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0.";
    both_cr0(
        rows,
        "float",
        d,
        errata::MAD_FUSED,
        "mad",
        "bf",
        &[("bf", 0x3f81), ("bf", 0x3f81), ("bf", 0xbf82)],
        RTNE,
        0x3880,
        0,
    );
    let d = "\"Saturation: only when type is float\".";
    form_on(
        rows,
        "forms",
        d,
        XeHpg,
        MULDIV_DECLS,
        "mad.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
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
        &why(d, "mad", "3 * 4 + 5 = 17"),
        "mad",
        D,
        &[(D, 3), (D, 4), (D, 5)],
        17,
    );
    simd::mul_mad_int(
        rows,
        &why(
            d,
            "mad_ud_wraps",
            "(2^32 - 1)^2 + 1 = 2^64 - 2^33 + 2: low 32 bits 2",
        ),
        "mad",
        UD,
        &[(UD, 0xFFFF_FFFF), (UD, 0xFFFF_FFFF), (UD, 1)],
        2,
    );
    simd::mul_mad_int(
        rows,
        &why(d, "mad_negative", "-1 * 5 + -7 = -12"),
        "mad",
        D,
        &[(D, 0xFFFF_FFFF), (D, 5), (D, 0xFFFF_FFF9)],
        0xFFFF_FFF4,
    );
    let d =
        ".sat: 1.5 * 1.5 = 2.25 -> 1.0; 3 / 2 = 1.5 -> 1.0; -1 / 3 -> +0; 0.5 * 0.5 + 0.5 = 0.75.";
    simd::float_sat(
        rows,
        &why(d, "mad", ""),
        "mad",
        &[(F, 0x3F00_0000), (F, 0x3F00_0000), (F, 0x3F00_0000)],
        0x3F40_0000,
    );
    let d = "MAD on floats under both readings of MAD-FUSED: (resolved, literal).";
    simd::mad_float(rows, &why(d, "cancel", "(1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 fused; literal: the product rounds to 1 + 2^-22, sum +0"), F, &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)], RNE, 0x2880_0000, 0);
    simd::mad_float(
        rows,
        &why(
            d,
            "cancel_rd",
            "the same under RD: literal gives -0 (a zero sum of opposite signs rounding down)",
        ),
        F,
        &[(F, 0x3F80_0001), (F, 0x3F80_0001), (F, 0xBF80_0002)],
        RD,
        0x2880_0000,
        0x8000_0000,
    );
    simd::mad_float(rows, &why(d, "nan_order", "0 * inf + sNaN(0x123): fused keeps src2's payload; literal: the product is the default NaN"), F, &[(F, 0), (F, 0x7F80_0000), (F, 0x7F80_0123)], RNE, 0x7FC0_0123, 0x7FC0_0000);
    simd::mad_float(rows, &why(d, "hf_overflow", "HF 1365 * 48 - 16 = 65504 fused; literal: 65520 ties to even = 65536, overflows to inf"), HF, &[(HF, 0x6555), (HF, 0x5200), (HF, 0xCC00)], RNE, 0x7BFF, 0x7C00);
    simd::mad_float(rows, &why(d, "alt", "F largest * 2 - largest = largest fused; literal with ALT: the product becomes largest, sum +0"), F, &[(F, 0x7F7F_FFFF), (F, 0x4000_0000), (F, 0xFF7F_FFFF)], RNE | ALT, 0x7F7F_FFFF, 0);
    simd::mad_float(
        rows,
        &why(
            d,
            "df",
            "DF (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 fused; literal +0",
        ),
        DF,
        &[
            (DF, 0x3FF0_0000_0000_0001),
            (DF, 0x3FF0_0000_0000_0001),
            (DF, 0xBFF0_0000_0000_0002),
        ],
        RNE,
        0x3970_0000_0000_0000,
        0,
    );
    simd::mad_float(
        rows,
        &why(
            d,
            "bf",
            "BF (1 + 2^-7)^2 - (1 + 2^-6) = 2^-14 (0x3880) fused; literal +0",
        ),
        BF,
        &[(BF, 0x3F81), (BF, 0x3F81), (BF, 0xBF82)],
        RNE,
        0x3880,
        0,
    );
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;

    let d = "mad (M1, 16) R:f A<1;1,0>:f B<0;1,0>:f C<1;1,0>:f with A[n] = n, B = 0.5, C = 0.25 \
             under RNE and RZ: R[n] = n * 0.5 + 0.25 exactly in both.";
    let text = ".decl A v_type=G type=f num_elts=16\n.decl B v_type=G type=f num_elts=1\n\
                .decl C v_type=G type=f num_elts=16\n.decl R v_type=G type=f num_elts=16\n\
                mad (M1, 16) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<0;1,0> C(0,0)<1;1,0>\n";
    let lanes: Vec<f32> = (0..16u8).map(f32::from).collect();
    let want: Vec<f32> = (0..16u8).map(|n| f32::from(n) * 0.5 + 0.25).collect();
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

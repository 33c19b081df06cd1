//! DIVM (instructions/DIVM.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "divm",
    file: "catalog/math/divm.jsonl",
    rows: add,
};

const DECLS: &str = ".decl VF v_type=G type=f num_elts=8\n.decl VHF v_type=G type=hf num_elts=8\n\
                     .decl VDF v_type=G type=df num_elts=8\n";

fn add(rows: &mut Rows) {
    let d = "6 / 3 = 2 exactly (F 0x40000000), on every platform (IEEE-MACRO-PLATFORMS, resolved).";
    for platform in Platform::ALL {
        rows.add(
            "exact",
            lane(
                platform,
                "divm",
                "f",
                &[0x40c0_0000, 0x4040_0000],
                RTNE,
                0x4000_0000,
            )
            .tag(errata::IEEE_MACRO_PLATFORMS)
            .derived(d),
        );
    }
    let d = "1/3 = 1.010101...b x 2^-2 (long division): 23 fraction bits 0x2aaaaa, 2/3 ulp dropped: to nearest and up 0x3eaaaaab, down and toward zero 0x3eaaaaaa. DIVM is IEEE division: the correctly rounded quotient is its only result.";
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[F_ONE, 0x4040_0000],
        RTNE,
        0x3eaa_aaab,
    );
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[F_ONE, 0x4040_0000],
        RU,
        0x3eaa_aaab,
    );
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[F_ONE, 0x4040_0000],
        RD,
        0x3eaa_aaaa,
    );
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[F_ONE, 0x4040_0000],
        RTZ,
        0x3eaa_aaaa,
    );
    let d = "-1/3: the same significand, negative: to nearest 0xbeaaaaab; down (toward -inf) 0xbeaaaaab; up and toward zero 0xbeaaaaaa.";
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[0xbf80_0000, 0x4040_0000],
        RD,
        0xbeaa_aaab,
    );
    f(
        rows,
        "rounded",
        d,
        "divm",
        &[0xbf80_0000, 0x4040_0000],
        RU,
        0xbeaa_aaaa,
    );
    let d = "DF 1/3: floor(2^54 / 3) = 0x15555555555555 remainder 1 (1/3 ulp): to nearest 0x3fd5555555555555, up 0x3fd5555555555556.";
    rows.add(
        "df",
        lane(
            XeHpg,
            "divm",
            "df",
            &[0x3ff0_0000_0000_0000, 0x4008_0000_0000_0000],
            RTNE,
            0x3fd5_5555_5555_5555,
        )
        .derived(d),
    );
    rows.add(
        "df",
        lane(
            XeHpg,
            "divm",
            "df",
            &[0x3ff0_0000_0000_0000, 0x4008_0000_0000_0000],
            RU,
            0x3fd5_5555_5555_5556,
        )
        .derived(d),
    );
    let d = "IEEE 754 division (5.4.1, 7.2, 7.3): 0/0 and inf/inf are invalid (the default NaN); 1/-0 = -inf; 1/+inf = +0; -0/2 = -0.";
    f(rows, "special", d, "divm", &[F_ZERO, F_ZERO], RTNE, F_NAN);
    f(rows, "special", d, "divm", &[F_INF, F_NINF], RTNE, F_NAN);
    f(rows, "special", d, "divm", &[F_ONE, F_NZERO], RTNE, F_NINF);
    f(rows, "special", d, "divm", &[F_ONE, F_INF], RTNE, F_ZERO);
    f(
        rows,
        "special",
        d,
        "divm",
        &[F_NZERO, 0x4000_0000],
        RTNE,
        F_NZERO,
    );
    let d = "MATH-NAN-RESULT: the first NaN source quieted: src0 0x7f800002 -> 0x7fc00002 over src1's 0x7fc00003.";
    f(
        rows,
        "nan",
        d,
        "divm",
        &[0x7f80_0002, 0x7fc0_0003],
        RTNE,
        0x7fc0_0002,
    );
    let d = "Denormals per the denorm mode (Notes: IEEE compliance needs them kept): 2^-126 / 4 = 2^-128 = 0x00200000 with %cr0 bit 7, flushed to +0 without; a denormal divisor 2^-149 flushed is a zero: 1/+0 = +inf, kept 2^149 overflows to +inf too, 0x7f7fffff toward zero.";
    f(
        rows,
        "denormal",
        d,
        "divm",
        &[0x0080_0000, 0x4080_0000],
        RTNE | KEEP_F,
        0x0020_0000,
    );
    f(
        rows,
        "denormal",
        d,
        "divm",
        &[0x0080_0000, 0x4080_0000],
        RTNE,
        F_ZERO,
    );
    f(
        rows,
        "denormal",
        d,
        "divm",
        &[F_ONE, 0x0000_0001],
        RTZ,
        F_INF,
    );
    f(
        rows,
        "denormal",
        d,
        "divm",
        &[F_ONE, 0x0000_0001],
        RTZ | KEEP_F,
        F_MAX,
    );
    let d = "Saturation: divm.sat(1, 0.5) = 2 -> 1.0; divm.sat(-1, 2) = -0.5 -> +0.";
    f(
        rows,
        "sat",
        d,
        "divm.sat",
        &[F_ONE, 0x3f00_0000],
        RTNE,
        F_ONE,
    );
    f(
        rows,
        "sat",
        d,
        "divm.sat",
        &[0xbf80_0000, 0x4000_0000],
        RTNE,
        F_ZERO,
    );
    let d = "IEEE-MACRO-PLATFORMS, literal reading: the per-platform appendix lists DIVM on SKL only, so every modelled platform rejects it (field opcode).";
    for platform in Platform::ALL {
        rows.add(
            "platforms",
            Row::new(
                platform,
                format!("{DECLS}divm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>\n"),
            )
            .literal(errata::IEEE_MACRO_PLATFORMS)
            .expect_invalid("opcode")
            .derived(d),
        );
    }
    let d = "Supported Types DF and F with no type map: an HF destination has no map (field dst); the Properties list no source modifier (field src1).";
    rows.add(
        "forms",
        Row::new(
            XeHpg,
            format!("{DECLS}divm (M1, 8) VHF(0,0)<1> VHF(0,0)<1;1,0> VHF(0,0)<1;1,0>\n"),
        )
        .expect_invalid("dst")
        .derived(d),
    );
    rows.add(
        "forms",
        Row::new(
            XeHpg,
            format!("{DECLS}divm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> (-)VF(0,0)<1;1,0>\n"),
        )
        .expect_invalid("src1")
        .derived(d),
    );
}

//! INV (instructions/INV.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "inv",
    file: "catalog/math/inv.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "inv(2) = 1/2 = 0.5 exactly: F 0x3f000000, HF 0x3800 (exponent -1, fraction 0).";
    f_and_hf(
        rows,
        "exact",
        d,
        "inv",
        (&[0x4000_0000], 0x3f00_0000),
        (&[0x4000], 0x3800),
        RTNE,
    );
    let d = "inv(-4) = -0.25 exactly: F 0xbe800000, HF 0xb400; inv(0.125) = 8: F 0x41000000, HF 0x4800.";
    f_and_hf(
        rows,
        "exact",
        d,
        "inv",
        (&[0xc080_0000], 0xbe80_0000),
        (&[0xc400], 0xb400),
        RTNE,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "inv",
        (&[0x3e00_0000], 0x4100_0000),
        (&[0x3000], 0x4800),
        RU,
    );
    let d = "IEEE 754 division of 1 (5.4.1, 7.3): 1/+0 = +inf, 1/-0 = -inf (division by zero); 1/+inf = +0, 1/-inf = -0.";
    f_and_hf(
        rows,
        "special",
        d,
        "inv",
        (&[F_ZERO], F_INF),
        (&[H_ZERO], H_INF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "inv",
        (&[F_NZERO], F_NINF),
        (&[H_NZERO], H_NINF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "inv",
        (&[F_INF], F_ZERO),
        (&[H_INF], H_ZERO),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "inv",
        (&[F_NINF], F_NZERO),
        (&[H_NINF], H_NZERO),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted, sign and payload kept: F quiet 0xffc00001 stays, signalling 0x7f800001 becomes 0x7fc00001; HF signalling 0x7d55 becomes 0x7f55.";
    f(rows, "nan", d, "inv", &[0xffc0_0001], RTNE, 0xffc0_0001);
    f(rows, "nan", d, "inv", &[0x7f80_0001], RTNE, 0x7fc0_0001);
    hf(rows, "nan", d, "inv", &[0x7d55], RTNE, 0x7f55);
    let d = "Denormal input 2^-149 (F 0x00000001): flushed to +0 by default (%cr0 bit 7 = 0), so 1/+0 = +inf; kept (bit 7 = 1), 1/2^-149 = 2^149 overflows F: +inf to nearest, the largest finite 0x7f7fffff toward zero.";
    f(rows, "denormal", d, "inv", &[0x0000_0001], RTNE, F_INF);
    f(
        rows,
        "denormal",
        d,
        "inv",
        &[0x0000_0001],
        RTNE | KEEP_F,
        F_INF,
    );
    f(
        rows,
        "denormal",
        d,
        "inv",
        &[0x0000_0001],
        RTZ | KEEP_F,
        F_MAX,
    );
    let d = "inv(2^127) = 2^-127, an F denormal (2^22 quanta of 2^-149: 0x00400000): kept when %cr0 bit 7 is set, flushed to +0 otherwise.";
    f(
        rows,
        "denormal",
        d,
        "inv",
        &[0x7f00_0000],
        RTNE | KEEP_F,
        0x0040_0000,
    );
    f(rows, "denormal", d, "inv", &[0x7f00_0000], RTNE, F_ZERO);
    let d = "HF denormal result: inv(2^15) = 2^-15 = HF 0x0200, kept with %cr0 bit 10; flushed (+0) without it, and always under HF-DENORM-FLUSH's literal reading.";
    hf(
        rows,
        "denormal",
        d,
        "inv",
        &[0x7800],
        RTNE | KEEP_HF,
        0x0200,
    );
    hf(rows, "denormal", d, "inv", &[0x7800], RTNE, H_ZERO);
    rows.add(
        "denormal",
        lane(XeHpg, "inv", "hf", &[0x7800], RTNE | KEEP_HF, H_ZERO)
            .literal(errata::HF_DENORM_FLUSH)
            .derived(d),
    );
    let d = "1/3 = 1.010101...b x 2^-2 by long division: F keeps 23 fraction bits 0x2aaaaa and drops 0.1010...b = 2/3 ulp: to nearest and up 0x3eaaaaab, down and toward zero 0x3eaaaaaa (exponent 125: 0x3e800000).";
    f_strict(rows, "rounded", d, "inv", &[0x4040_0000], RTNE, 0x3eaa_aaab);
    f_strict(rows, "rounded", d, "inv", &[0x4040_0000], RU, 0x3eaa_aaab);
    f_strict(rows, "rounded", d, "inv", &[0x4040_0000], RD, 0x3eaa_aaaa);
    f_strict(rows, "rounded", d, "inv", &[0x4040_0000], RTZ, 0x3eaa_aaaa);
    let d = "1/3 in HF: 1.0101010101|0101...b x 2^-2 keeps 10 fraction bits 0x155 and drops 1/3 ulp: to nearest 0x3555 (exponent 13: 0x3400).";
    rows.add(
        "rounded",
        lane(XeHpg, "inv", "hf", &[0x4200], RTNE, 0x3555)
            .tag(STRICT)
            .derived(d),
    );
    let d = "1/10 = 1.100110011...b x 2^-4: 23 fraction bits 0x4ccccc, the rest 0.1100...b = 0.8 ulp rounds up to nearest: 0x3dcccccd (exponent 123).";
    f_strict(rows, "rounded", d, "inv", &[0x4120_0000], RTNE, 0x3dcc_cccd);
    let d = "DF: inv(2) = 0.5 (0x3fe0000000000000); 1/3: floor(2^54 / 3) = 0x15555555555555 remainder 1 (1/3 ulp): to nearest 0x3fd5555555555555, up 0x3fd5555555555556.";
    for platform in visa_spec::platform::Platform::ALL {
        rows.add(
            "df",
            lane(
                platform,
                "inv",
                "df",
                &[0x4000_0000_0000_0000],
                RTNE,
                0x3fe0_0000_0000_0000,
            )
            .derived(d),
        );
    }
    rows.add(
        "df",
        lane(
            XeHpg,
            "inv",
            "df",
            &[0x4008_0000_0000_0000],
            RTNE,
            0x3fd5_5555_5555_5555,
        )
        .tag(STRICT)
        .derived(d),
    );
    rows.add(
        "df",
        lane(
            XeHpg,
            "inv",
            "df",
            &[0x4008_0000_0000_0000],
            RU,
            0x3fd5_5555_5555_5556,
        )
        .tag(STRICT)
        .derived(d),
    );
    let d = "Source modifiers, then the reciprocal: inv((-)2) = -0.5 (0xbf000000); inv((abs)-4) = 0.25 (0x3e800000).";
    rows.add(
        "modifier",
        crate::catalog::build::lane_on(XeHpg, "inv", "f", &[("(-)f", 0x4000_0000)], 0xbf00_0000)
            .derived(d),
    );
    rows.add(
        "modifier",
        crate::catalog::build::lane_on(XeHpg, "inv", "f", &[("(abs)f", 0xc080_0000)], 0x3e80_0000)
            .derived(d),
    );
    let d = "Mixed F/HF type map: an HF source 2 (0x4000) into an F destination: 0.5 = 0x3f000000; an F source 4 into HF: 0.25 = 0x3400.";
    rows.add(
        "types",
        crate::catalog::build::lane_on(XeHpg, "inv", "f", &[("hf", 0x4000)], 0x3f00_0000)
            .derived(d),
    );
    rows.add(
        "types",
        crate::catalog::build::lane_on(XeHpg, "inv", "hf", &[("f", 0x4080_0000)], 0x3400)
            .derived(d),
    );
    let d = "Saturation clamps to [0.0, 1.0] after the rounding: inv.sat(0.5) = 2 -> 1.0 (0x3f800000); inv.sat(-2) = -0.5 -> +0.";
    f(rows, "sat", d, "inv.sat", &[0x3f00_0000], RTNE, F_ONE);
    f(rows, "sat", d, "inv.sat", &[0xc000_0000], RTNE, F_ZERO);
    let d = "ALT mode (%cr0 bit 0): an infinite F result becomes the largest finite value: inv(+0) = 0x7f7fffff.";
    f(rows, "alt", d, "inv", &[F_ZERO], RTNE | ALT, F_MAX);
    let d = "The type maps: F/HF or DF; an F destination with a DF source has no map (field dst).";
    rows.add(
        "forms",
        Row::new(
            XeHpg,
            ".decl VF v_type=G type=f num_elts=8\n.decl VDF v_type=G type=df num_elts=8\n\
             inv (M1, 8) VF(0,0)<1> VDF(0,0)<1;1,0>\n",
        )
        .expect_invalid("dst")
        .derived(d),
    );
}

//! SQRTM (instructions/SQRTM.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "sqrtm",
    file: "catalog/math/sqrtm.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d =
        "sqrt(4) = 2 exactly (F 0x40000000), on every platform (IEEE-MACRO-PLATFORMS, resolved).";
    for platform in Platform::ALL {
        rows.add(
            "exact",
            lane(platform, "sqrtm", "f", &[0x4080_0000], RTNE, 0x4000_0000)
                .tag(errata::IEEE_MACRO_PLATFORMS)
                .derived(d),
        );
    }
    let d = "sqrt(2) by integer squares: 11863283^2 < 2^47 < 11863283.5^2, so sqrt(2) x 2^23 is in (11863283, 11863283.5): to nearest, down and toward zero 0x3fb504f3, up 0x3fb504f4.";
    f(
        rows,
        "rounded",
        d,
        "sqrtm",
        &[0x4000_0000],
        RTNE,
        0x3fb5_04f3,
    );
    f(
        rows,
        "rounded",
        d,
        "sqrtm",
        &[0x4000_0000],
        RTZ,
        0x3fb5_04f3,
    );
    f(rows, "rounded", d, "sqrtm", &[0x4000_0000], RU, 0x3fb5_04f4);
    let d = "DF sqrt(2): r = floor(sqrt(2 x 2^104)) = 0x16a09e667f3bcc, and (2r + 1)^2 < 8 x 2^104, so sqrt(2) x 2^52 > r + 1/2: to nearest 0x3ff6a09e667f3bcd, toward zero 0x3ff6a09e667f3bcc.";
    rows.add(
        "df",
        lane(
            XeHpg,
            "sqrtm",
            "df",
            &[0x4000_0000_0000_0000],
            RTNE,
            0x3ff6_a09e_667f_3bcd,
        )
        .derived(d),
    );
    rows.add(
        "df",
        lane(
            XeHpg,
            "sqrtm",
            "df",
            &[0x4000_0000_0000_0000],
            RTZ,
            0x3ff6_a09e_667f_3bcc,
        )
        .derived(d),
    );
    let d = "IEEE 754 squareRoot: sqrt(-0) = -0, sqrt(+inf) = +inf, sqrt(-1) invalid (the default NaN).";
    f(rows, "special", d, "sqrtm", &[F_NZERO], RTNE, F_NZERO);
    f(rows, "special", d, "sqrtm", &[F_INF], RTNE, F_INF);
    f(rows, "special", d, "sqrtm", &[0xbf80_0000], RTNE, F_NAN);
    let d = "Denormals per the denorm mode: sqrt(2^-148) = 2^-74 (0x1a800000) with %cr0 bit 7; flushed, sqrt(+0) = +0.";
    f(
        rows,
        "denormal",
        d,
        "sqrtm",
        &[0x0000_0002],
        RTNE | KEEP_F,
        0x1a80_0000,
    );
    f(rows, "denormal", d, "sqrtm", &[0x0000_0002], RTNE, F_ZERO);
    let d = "DF denormal 2^-1074: sqrt = 2^-537 = exponent 486 (0x1e60000000000000) with %cr0 bit 6; flushed, +0.";
    rows.add(
        "denormal",
        lane(
            XeHpg,
            "sqrtm",
            "df",
            &[1],
            RTNE | KEEP_DF,
            0x1e60_0000_0000_0000,
        )
        .derived(d),
    );
    rows.add(
        "denormal",
        lane(XeHpg, "sqrtm", "df", &[1], RTNE, 0).derived(d),
    );
    let d = "SQRTM-LOOP-STEP: sqrtm (M1, 4) of [4, 9, 16, 64]: resolved, every lane: [2, 3, 4, 8]; literally (i += 2), lanes 1 and 3 keep V1's 0x77777777.";
    loop_step(
        rows,
        d,
        errata::SQRTM_LOOP_STEP,
        "sqrtm",
        [0x4080_0000, 0x4110_0000, 0x4180_0000, 0x4280_0000],
        [0x4000_0000, 0x4040_0000, 0x4080_0000, 0x4100_0000],
    );
    let d = "IEEE-MACRO-PLATFORMS, literal reading: the per-platform appendix lists SQRTM on SKL only, so every modelled platform rejects it (field opcode).";
    for platform in Platform::ALL {
        rows.add(
            "platforms",
            Row::new(
                platform,
                ".decl VF v_type=G type=f num_elts=8\nsqrtm (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0>\n",
            )
            .literal(errata::IEEE_MACRO_PLATFORMS)
            .expect_invalid("opcode")
            .derived(d),
        );
    }
}

//! FRC (instructions/FRC.md): hand-derived rows, each with its derivation. The loop is
//! `src0 - floor(src0)`: the floor exact, the subtraction one IEEE subtraction rounded into F
//! in %cr0's mode (erratum FRC-SPECIAL-TABLE for the special values).

use visa_spec::platform::Platform;

use super::{platform_rows, type_rows, DECLS};
use crate::catalog::alu::{one, one_cr0, KEEP_F, RD, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "frc",
    file: "catalog/math/frc.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let f = |rows: &mut Rows, group: &str, d: &str, src: u64, expected: u64| {
        one(rows, group, d, "frc", "f", &[("f", src)], expected);
    };
    f(
        rows,
        "values",
        "2.75 (0x40300000) - floor 2 = 0.75 (0x3f400000), exact.",
        0x4030_0000,
        0x3f40_0000,
    );
    f(
        rows,
        "values",
        "-2.75 (0xc0300000) - floor -3 = 0.25 (0x3e800000), exact.",
        0xc030_0000,
        0x3e80_0000,
    );
    f(
        rows,
        "values",
        "-0.5 - (-1) = 0.5 (0x3f000000).",
        0xbf00_0000,
        0x3f00_0000,
    );
    f(
        rows,
        "values",
        "0.1 (0x3dcccccd) - 0 = 0.1 unchanged.",
        0x3dcc_cccd,
        0x3dcc_cccd,
    );
    f(rows, "values", "-0.1 (0xbdcccccd = -13421773 * 2^-27): 1 - 13421773 * 2^-27 = 120795955 * 2^-27, 27 bits; to 24 bits: 15099494.375 -> 15099494 to nearest = 0x3f666666.", 0xbdcc_cccd, 0x3f66_6666);
    f(
        rows,
        "values",
        "8388607.5 (0x4affffff) - 8388607 = 0.5.",
        0x4aff_ffff,
        0x3f00_0000,
    );
    f(
        rows,
        "values",
        "3.0 - 3 = +0 (IEEE's exact zero difference, to nearest).",
        0x4040_0000,
        0,
    );
    f(
        rows,
        "values",
        "2^23 (0x4b000000) is integral: +0.",
        0x4b00_0000,
        0,
    );
    f(
        rows,
        "values",
        "The largest finite F is integral: +0.",
        0x7f7f_ffff,
        0,
    );
    f(rows, "values", "-2^-126 (0x80800000, normal, never flushed): 1 - 2^-126 needs 126 bits; to nearest it is 1.0 (0x3f800000), outside [0, 1) (FRC-SPECIAL-TABLE).", 0x8080_0000, 0x3f80_0000);
    f(rows, "special", "+0 - floor(+0) = +0 - +0 = +0.", 0, 0);
    f(
        rows,
        "special",
        "-0 - floor(-0) = -0 - -0 = -0 + +0 = +0 to nearest.",
        0x8000_0000,
        0,
    );
    f(
        rows,
        "special",
        "+inf - floor(+inf) = inf - inf: the default NaN (0x7fc00000; any quiet NaN).",
        0x7f80_0000,
        0x7fc0_0000,
    );
    f(
        rows,
        "special",
        "-inf - floor(-inf) = -inf + inf: the default NaN.",
        0xff80_0000,
        0x7fc0_0000,
    );
    f(
        rows,
        "special",
        "A NaN source is the first NaN operand: 0x7fc00001 (any quiet NaN).",
        0x7fc0_0001,
        0x7fc0_0001,
    );
    f(
        rows,
        "special",
        "A signalling NaN (0xff800001) is quieted: 0xffc00001 (any quiet NaN).",
        0xff80_0001,
        0xffc0_0001,
    );
    let cr0 = |rows: &mut Rows, group: &str, d: &str, src: u64, cr0: u32, expected: u64| {
        one_cr0(rows, group, d, "frc", "f", &[("f", src)], cr0, expected);
    };
    cr0(rows, "denormals", "-2^-149 (0x80000001) kept: -2^-149 - (-1) = 1 - 2^-149, which rounds to nearest to 1.0 (0x3f800000): outside [0, 1).", 0x8000_0001, KEEP_F, 0x3f80_0000);
    cr0(
        rows,
        "denormals",
        "-2^-149 kept, toward zero: 1 - 2^-149 -> 1 - 2^-24 = 0x3f7fffff.",
        0x8000_0001,
        KEEP_F | RTZ,
        0x3f7f_ffff,
    );
    cr0(
        rows,
        "denormals",
        "-2^-149 kept, round down: 0x3f7fffff.",
        0x8000_0001,
        KEEP_F | RD,
        0x3f7f_ffff,
    );
    cr0(
        rows,
        "denormals",
        "-2^-149 kept, round up: 1.0.",
        0x8000_0001,
        KEEP_F | RU,
        0x3f80_0000,
    );
    cr0(
        rows,
        "denormals",
        "-2^-149 flushed: read as -0, -0 - -0 = +0.",
        0x8000_0001,
        0,
        0,
    );
    cr0(
        rows,
        "denormals",
        "2^-149 (0x00000001) kept: 2^-149 - 0 = 2^-149, a denormal result kept: 0x00000001.",
        1,
        KEEP_F,
        1,
    );
    cr0(
        rows,
        "denormals",
        "2^-149 flushed: read as +0: +0.",
        1,
        0,
        0,
    );
    cr0(
        rows,
        "modes",
        "3.0 in round-down mode: 3 - 3 is IEEE's exact zero difference, -0 downward (0x80000000).",
        0x4040_0000,
        RD,
        0x8000_0000,
    );
    cr0(
        rows,
        "modes",
        "-0 in round-down mode: -0 + +0 = -0.",
        0x8000_0000,
        RD,
        0x8000_0000,
    );
    cr0(
        rows,
        "modes",
        "-0.1 rounded up: 15099494.375 -> 15099495 = 0x3f666667.",
        0xbdcc_cccd,
        RU,
        0x3f66_6667,
    );
    cr0(
        rows,
        "modes",
        "-0.1 toward zero: 0x3f666666.",
        0xbdcc_cccd,
        RTZ,
        0x3f66_6666,
    );
    one(
        rows,
        "modifiers",
        "(-)2.75 = -2.75: 0.25.",
        "frc",
        "f",
        &[("(-)f", 0x4030_0000)],
        0x3e80_0000,
    );
    one(
        rows,
        "modifiers",
        "(abs)-2.75 = 2.75: 0.75.",
        "frc",
        "f",
        &[("(abs)f", 0xc030_0000)],
        0x3f40_0000,
    );
    rows.add(
        "types",
        Row::new(
            Platform::XeHpg,
            format!("{DECLS}frc.sat (M1, 8) VF(0,0)<1> VF(1,0)<1;1,0>\n"),
        )
        .expect_invalid("opcode")
        .derived("FRC's Properties list no saturation and its Text form has no .sat: invalid."),
    );
    type_rows(rows, "frc");
    platform_rows(rows, "frc");
}

//! FRC (instructions/FRC.md): hand-derived rows, each with its derivation. The loop is
//! `src0 - floor(src0)`: the floor exact, the subtraction one IEEE subtraction rounded into F
//! in %cr0's mode (erratum FRC-SPECIAL-TABLE for the special values).

use super::Unary::*;
use super::{platform_rows, type_rows, unary, Unary};
use super::{KEEP_F, RD, RTZ, RU};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "math", instruction: "frc", file: "catalog/math/frc.jsonl", rows: add };

fn add(rows: &mut Rows) {
    unary(rows, ROWS);
    type_rows(rows, "frc");
    platform_rows(rows, "frc");
}

#[rustfmt::skip]
const ROWS: &[Unary] = &[
    One { g: "values", op: "frc", src: ("f", 0x4030_0000), cr0: 0, want: 0x3f40_0000, d: "2.75 (0x40300000) - floor 2 = 0.75 (0x3f400000), exact." },
    One { g: "values", op: "frc", src: ("f", 0xc030_0000), cr0: 0, want: 0x3e80_0000, d: "-2.75 (0xc0300000) - floor -3 = 0.25 (0x3e800000), exact." },
    One { g: "values", op: "frc", src: ("f", 0xbf00_0000), cr0: 0, want: 0x3f00_0000, d: "-0.5 - (-1) = 0.5 (0x3f000000)." },
    One { g: "values", op: "frc", src: ("f", 0x3dcc_cccd), cr0: 0, want: 0x3dcc_cccd, d: "0.1 (0x3dcccccd) - 0 = 0.1 unchanged." },
    One { g: "values", op: "frc", src: ("f", 0xbdcc_cccd), cr0: 0, want: 0x3f66_6666, d: "-0.1 (0xbdcccccd = -13421773 * 2^-27): 1 - 13421773 * 2^-27 = 120795955 * \
            2^-27, 27 bits; to 24 bits: 15099494.375 -> 15099494 to nearest = 0x3f666666." },
    One { g: "values", op: "frc", src: ("f", 0x4aff_ffff), cr0: 0, want: 0x3f00_0000, d: "8388607.5 (0x4affffff) - 8388607 = 0.5." },
    One { g: "values", op: "frc", src: ("f", 0x4040_0000), cr0: 0, want: 0, d: "3.0 - 3 = +0 (IEEE's exact zero difference, to nearest)." },
    One { g: "values", op: "frc", src: ("f", 0x4b00_0000), cr0: 0, want: 0, d: "2^23 (0x4b000000) is integral: +0." },
    One { g: "values", op: "frc", src: ("f", 0x7f7f_ffff), cr0: 0, want: 0, d: "The largest finite F is integral: +0." },
    One { g: "values", op: "frc", src: ("f", 0x8080_0000), cr0: 0, want: 0x3f80_0000, d: "-2^-126 (0x80800000, normal, never flushed): 1 - 2^-126 needs 126 bits; \
            to nearest it is 1.0 (0x3f800000), outside [0, 1) (FRC-SPECIAL-TABLE)." },
    One { g: "special", op: "frc", src: ("f", 0), cr0: 0, want: 0, d: "+0 - floor(+0) = +0 - +0 = +0." },
    One { g: "special", op: "frc", src: ("f", 0x8000_0000), cr0: 0, want: 0, d: "-0 - floor(-0) = -0 - -0 = -0 + +0 = +0 to nearest." },
    One { g: "special", op: "frc", src: ("f", 0x7f80_0000), cr0: 0, want: 0x7fc0_0000, d: "+inf - floor(+inf) = inf - inf: the default NaN (0x7fc00000; any quiet \
            NaN)." },
    One { g: "special", op: "frc", src: ("f", 0xff80_0000), cr0: 0, want: 0x7fc0_0000, d: "-inf - floor(-inf) = -inf + inf: the default NaN." },
    One { g: "special", op: "frc", src: ("f", 0x7fc0_0001), cr0: 0, want: 0x7fc0_0001, d: "A NaN source is the first NaN operand: 0x7fc00001 (any quiet NaN)." },
    One { g: "special", op: "frc", src: ("f", 0xff80_0001), cr0: 0, want: 0xffc0_0001, d: "A signalling NaN (0xff800001) is quieted: 0xffc00001 (any quiet NaN)." },
    One { g: "denormals", op: "frc", src: ("f", 0x8000_0001), cr0: KEEP_F, want: 0x3f80_0000, d: "-2^-149 (0x80000001) kept: -2^-149 - (-1) = 1 - 2^-149, which \
            rounds to nearest to 1.0 (0x3f800000): outside [0, 1)." },
    One { g: "denormals", op: "frc", src: ("f", 0x8000_0001), cr0: KEEP_F | RTZ, want: 0x3f7f_ffff, d: "-2^-149 kept, toward zero: 1 - 2^-149 -> 1 - 2^-24 = \
            0x3f7fffff." },
    One { g: "denormals", op: "frc", src: ("f", 0x8000_0001), cr0: KEEP_F | RD, want: 0x3f7f_ffff, d: "-2^-149 kept, round down: 0x3f7fffff." },
    One { g: "denormals", op: "frc", src: ("f", 0x8000_0001), cr0: KEEP_F | RU, want: 0x3f80_0000, d: "-2^-149 kept, round up: 1.0." },
    One { g: "denormals", op: "frc", src: ("f", 0x8000_0001), cr0: 0, want: 0, d: "-2^-149 flushed: read as -0, -0 - -0 = +0." },
    One { g: "denormals", op: "frc", src: ("f", 1), cr0: KEEP_F, want: 1, d: "2^-149 (0x00000001) kept: 2^-149 - 0 = 2^-149, a denormal result kept: 0x00000001." },
    One { g: "denormals", op: "frc", src: ("f", 1), cr0: 0, want: 0, d: "2^-149 flushed: read as +0: +0." },
    One { g: "modes", op: "frc", src: ("f", 0x4040_0000), cr0: RD, want: 0x8000_0000, d: "3.0 in round-down mode: 3 - 3 is IEEE's exact zero difference, -0 \
            downward (0x80000000)." },
    One { g: "modes", op: "frc", src: ("f", 0x8000_0000), cr0: RD, want: 0x8000_0000, d: "-0 in round-down mode: -0 + +0 = -0." },
    One { g: "modes", op: "frc", src: ("f", 0xbdcc_cccd), cr0: RU, want: 0x3f66_6667, d: "-0.1 rounded up: 15099494.375 -> 15099495 = 0x3f666667." },
    One { g: "modes", op: "frc", src: ("f", 0xbdcc_cccd), cr0: RTZ, want: 0x3f66_6666, d: "-0.1 toward zero: 0x3f666666." },
    One { g: "modifiers", op: "frc", src: ("(-)f", 0x4030_0000), cr0: 0, want: 0x3e80_0000, d: "(-)2.75 = -2.75: 0.25." },
    One { g: "modifiers", op: "frc", src: ("(abs)f", 0xc030_0000), cr0: 0, want: 0x3f40_0000, d: "(abs)-2.75 = 2.75: 0.75." },
    Invalid { g: "types", text: "frc.sat (M1, 8) VF(0,0)<1> VF(1,0)<1;1,0>", field: "opcode", d: "FRC's Properties list no saturation and its Text form has no \
            .sat: invalid." },
];

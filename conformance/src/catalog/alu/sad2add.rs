//! SAD2ADD (instructions/SAD2ADD.md): SAD2's sums added to src2, lane i + 1 left undefined.

use visa_spec::platform::Platform::XeHpg;
use visa_spec::ErrorClass;

use super::sad2_pair;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "sad2add",
    file: "catalog/alu/sad2add.jsonl",
    rows: add,
};

fn sad2(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: &str,
    src: (&str, [u8; 2], [u8; 2]),
    src2: Option<(&str, u16)>,
    expected: u16,
) {
    rows.add("values", sad2_pair(op, dst, src, src2, expected).derived(d));
}

fn sad2_invalid(rows: &mut Rows, d: &str, text: &str) {
    let decls = ".decl VW v_type=G type=w num_elts=16\n.decl VB v_type=G type=b num_elts=32\n";
    let row =
        Row::new(XeHpg, format!("{decls}{text}\n")).expect_error(ErrorClass::InvalidInstruction);
    rows.add("invalid", row.derived(d));
}

fn add(rows: &mut Rows) {
    let d = "SAD2ADD, W: 510 + 32767 = 33277: .sat clamps to 0x7FFF; without it 33277 - 65536 = -32259 = 0x81FD.";
    sad2(
        rows,
        d,
        "sad2add.sat",
        "w",
        ("b", [0x80, 0x7f], [0x7f, 0x80]),
        Some(("w", 0x7fff)),
        0x7fff,
    );
    sad2(
        rows,
        d,
        "sad2add",
        "w",
        ("b", [0x80, 0x7f], [0x7f, 0x80]),
        Some(("w", 0x7fff)),
        0x81fd,
    );
    let d = "SAD2ADD, UW: 510 + 65535 = 66045: .sat → 0xFFFF; else 66045 - 65536 = 509 = 0x1FD.";
    sad2(
        rows,
        d,
        "sad2add.sat",
        "uw",
        ("ub", [0xff, 0x00], [0x00, 0xff]),
        Some(("uw", 0xffff)),
        0xffff,
    );
    sad2(
        rows,
        d,
        "sad2add",
        "uw",
        ("ub", [0xff, 0x00], [0x00, 0xff]),
        Some(("uw", 0xffff)),
        0x01fd,
    );
    let d = "SAD2ADD with a negative W addend: 510 + -1000 = -490: UW.sat → 0; W → 0xFE16 (-490).";
    sad2(
        rows,
        d,
        "sad2add.sat",
        "uw",
        ("b", [0x80, 0x7f], [0x7f, 0x80]),
        Some(("w", 0xfc18)),
        0,
    );
    sad2(
        rows,
        d,
        "sad2add",
        "w",
        ("b", [0x80, 0x7f], [0x7f, 0x80]),
        Some(("w", 0xfc18)),
        0xfe16,
    );
    let d = "SAD2-EXEC-SIZE: a pair needs two channels.";
    sad2_invalid(
        rows,
        d,
        "sad2add (M1, 1) VW(0,0)<1> VB(0,0)<0;1,0> VB(0,0)<0;1,0> 0x0:w",
    );
    let d = "The sources are bytes, SAD2ADD's src2 a word.";
    sad2_invalid(
        rows,
        d,
        "sad2add (M1, 2) VW(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:d",
    );
    let d = "SAD2ADD takes no source modifier (its Properties list none), SAD2 does.";
    sad2_invalid(
        rows,
        d,
        "sad2add (M1, 2) VW(0,0)<1> (-)VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:w",
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "sad2add[.sat] (M1, 4) R(0,0)<1>:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub src2:w (instructions/SAD2ADD.md) with S0 = [4, 6, 14, 16], S1 = 0, R starting at 0xBEEF: lane i (even) gets the pair's sum of absolute differences plus src2; lane i+1 is undefined (any bytes).";
    simd::sad2_lanes(
        rows,
        &why(
            d,
            "",
            "SAD2ADD with -100: 10 - 100 = -90: UW.sat → 0; 30 - 100 = -70 → 0.",
        ),
        "sad2add",
        Some(-100),
        true,
        0xF,
        false,
        [0, 0xBEEF, 0, 0xBEEF],
        &[1, 3],
    );
    simd::sad2_lanes(
        rows,
        &why(d, "", "Without .sat: -90 → 0xFFA6, -70 → 0xFFBA."),
        "sad2add",
        Some(-100),
        false,
        0xF,
        false,
        [0xFFA6, 0xBEEF, 0xFFBA, 0xBEEF],
        &[1, 3],
    );
}

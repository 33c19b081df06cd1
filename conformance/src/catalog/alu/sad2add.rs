//! SAD2ADD (instructions/SAD2ADD.md): SAD2's sums added to src2, lane i + 1 left undefined.

use super::simd::Sad2Lanes8;
use super::{table, Group, Sad2, Sad2Invalid};
use crate::catalog::doc::{Doc, Rows};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "sad2add", file: "catalog/alu/sad2add.jsonl", rows: add };

fn add(rows: &mut Rows) {
    table(rows, SAD2);
    table(rows, SAD2_INVALID);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SAD2_LANES8);
    super::sad2::platforms(rows, "sad2add", " 0x0:w");
}

#[rustfmt::skip]
const SAD2: &[Group<Sad2>] = &[
    Group { d: "SAD2ADD, W: 510 + 32767 = 33277: .sat clamps to 0x7FFF; without it 33277 - 65536 = -32259 = 0x81FD.", rows: &[
        Sad2 { op: "sad2add.sat", dst: "w", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: Some(("w", 0x7fff)), want: 0x7fff },
        Sad2 { op: "sad2add", dst: "w", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: Some(("w", 0x7fff)), want: 0x81fd },
    ] },
    Group { d: "SAD2ADD, UW: 510 + 65535 = 66045: .sat → 0xFFFF; else 66045 - 65536 = 509 = 0x1FD.", rows: &[
        Sad2 { op: "sad2add.sat", dst: "uw", src: ("ub", [0xff, 0x00], [0x00, 0xff]), src2: Some(("uw", 0xffff)), want: 0xffff },
        Sad2 { op: "sad2add", dst: "uw", src: ("ub", [0xff, 0x00], [0x00, 0xff]), src2: Some(("uw", 0xffff)), want: 0x01fd },
    ] },
    Group { d: "SAD2ADD with a negative W addend: 510 + -1000 = -490: UW.sat → 0; W → 0xFE16 (-490).", rows: &[
        Sad2 { op: "sad2add.sat", dst: "uw", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: Some(("w", 0xfc18)), want: 0 },
        Sad2 { op: "sad2add", dst: "w", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: Some(("w", 0xfc18)), want: 0xfe16 },
    ] },
];

#[rustfmt::skip]
const SAD2_INVALID: &[Group<Sad2Invalid>] = &[
    Group { d: "SAD2-EXEC-SIZE: a pair needs two channels.", rows: &[Sad2Invalid { text: "sad2add (M1, 1) VW(0,0)<1> VB(0,0)<0;1,0> VB(0,0)<0;1,0> 0x0:w" }] },
    Group { d: "The sources are bytes, SAD2ADD's src2 a word.", rows: &[Sad2Invalid { text: "sad2add (M1, 2) VW(0,0)<1> VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:d" }] },
    Group { d: "SAD2ADD takes no source modifier (its Properties list none), SAD2 does.",
        rows: &[Sad2Invalid { text: "sad2add (M1, 2) VW(0,0)<1> (-)VB(0,0)<1;1,0> VB(0,0)<1;1,0> 0x0:w" }] },
];

#[rustfmt::skip]
const SAD2_LANES8: &[Group<Sad2Lanes8>] = &[
    Group { d: "sad2add[.sat] (M1, 4) R(0,0)<1>:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub src2:w (instructions/SAD2ADD.md) with S0 = [4, 6, 14, 16], S1 = 0, R starting \
        at 0xBEEF: lane i (even) gets the pair's sum of absolute differences plus src2; lane i+1 is undefined (any bytes).", rows: &[
        Sad2Lanes8 { case: "", op: "sad2add", src2: Some(-100), saturate: true, emask: 0xF, literal: false, want: [0, 0xBEEF, 0, 0xBEEF], undefined: &[1, 3],
            note: "SAD2ADD with -100: 10 - 100 = -90: UW.sat → 0; 30 - 100 = -70 → 0." },
        Sad2Lanes8 { case: "", op: "sad2add", src2: Some(-100), saturate: false, emask: 0xF, literal: false, want: [0xFFA6, 0xBEEF, 0xFFBA, 0xBEEF], undefined: &[1, 3],
            note: "Without .sat: -90 → 0xFFA6, -70 → 0xFFBA." },
    ] },
];

//! OR (instructions/OR.md): hand-derived rows, each with its derivation.

use super::one;

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "or",
    file: "catalog/alu/or.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.";
    one(
        rows,
        "values",
        d,
        "or",
        "ud",
        &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)],
        0xfff0_fff0,
    );
    let d = "W 0x8000 is -32768 = ...ffff8000; | 1 = ...ffff8001 → 0xffff8001.";
    one(
        rows,
        "values",
        d,
        "or",
        "ud",
        &[("w", 0x8000), ("uw", 1)],
        0xffff_8001,
    );
    let d = "~D 0 = -1; -1 | 0 = -1 → 0xffffffff.";
    one(
        rows,
        "values",
        d,
        "or",
        "d",
        &[("~d", 0), ("d", 0)],
        0xffff_ffff,
    );
}

//! XOR (instructions/XOR.md): hand-derived rows, each with its derivation.

use super::one;

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "xor",
    file: "catalog/alu/xor.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Same types: 0xf0f0f0f0 & 0xff00ff00 = 0xf000f000; | = 0xfff0fff0; ^ = 0x0ff00ff0.";
    one(
        rows,
        "values",
        d,
        "xor",
        "ud",
        &[("ud", 0xf0f0_f0f0), ("ud", 0xff00_ff00)],
        0x0ff0_0ff0,
    );
    let d = "0x12345678 ^ 0x0000ffff = 0x1234a987; a UW destination keeps 0xa987.";
    one(
        rows,
        "values",
        d,
        "xor",
        "uw",
        &[("d", 0x1234_5678), ("d", 0xffff)],
        0xa987,
    );
    let d = "~UD 0 = 0xffffffff; ^ 0 = 0xffffffff; a UB destination keeps 0xff.";
    one(
        rows,
        "values",
        d,
        "xor",
        "ub",
        &[("~ud", 0), ("ud", 0)],
        0xff,
    );
}

//! MULH (instructions/MULH.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, ARITH_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mulh",
    file: "catalog/alu/mulh.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "(2^32 - 1)^2 = 2^64 - 2^33 + 1; / 2^32 → 2^32 - 2 (the remainder 1 is dropped) = 0xfffffffe.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 0xffff_ffff)],
        0xffff_fffe,
    );
    let d = "-1 * -1 = 1: floor(1 / 2^32) = 0.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0xffff_ffff), ("d", 0xffff_ffff)],
        0,
    );
    let d = "(-2^31)^2 = 2^62: / 2^32 = 2^30 = 0x40000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0x8000_0000), ("d", 0x8000_0000)],
        0x4000_0000,
    );
    let d =
        "-1 * 1 = -1: floor(-1 / 2^32) = -1 → 0xffffffff (the high half of a negative product).";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0xffff_ffff), ("d", 1)],
        0xffff_ffff,
    );
    let d = "2^31 * 2 = 2^32: high half 1.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 2)],
        1,
    );
    let d = "-2^31 * (2^31 - 1) = -2^62 + 2^31: / 2^32 = -2^30 + 1/2 → floor -2^30 = 0xc0000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("d", 0x8000_0000), ("d", 0x7fff_ffff)],
        0xc000_0000,
    );
    let d = "(-)1 on UD is the exact -1; -1 * 1 = -1 → 0xffffffff.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("(-)ud", 1), ("ud", 1)],
        0xffff_ffff,
    );
    let d = "(-)INT_MIN = +2^31; 2^31 * -2^31 = -2^62 → -2^30 = 0xc0000000.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "d",
        &[("(-)d", 0x8000_0000), ("d", 0x8000_0000)],
        0xc000_0000,
    );
    let d = "0 * anything = 0.";
    one(
        rows,
        "values",
        d,
        "mulh",
        "ud",
        &[("ud", 0), ("ud", 0xffff_ffff)],
        0,
    );
    let d = "MULH: dst and sources of one type (MULH.md, Description); no .sat; no W.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "mulh (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "mulh.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "mulh (M1, 8) VUW(0,0)<1> VUW(0,0)<1;1,0> VUW(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
}

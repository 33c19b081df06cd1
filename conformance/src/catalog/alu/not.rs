//! NOT (instructions/NOT.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, ARITH_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "not",
    file: "catalog/alu/not.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "~0 = -1 → 0xffffffff.";
    one(rows, "values", d, "not", "ud", &[("ud", 0)], 0xffff_ffff);
    let d =
        "~15 = -16 exactly; into UD: 0xfffffff0 (the complement is not confined to UB's 8 bits).";
    one(rows, "values", d, "not", "ud", &[("ub", 0x0f)], 0xffff_fff0);
    let d = "~15 = -16 into UB: the low 8 bits 0xf0.";
    one(rows, "values", d, "not", "ub", &[("ub", 0x0f)], 0xf0);
    let d = "~INT_MIN = -(-2^31) - 1 = INT_MAX.";
    one(
        rows,
        "values",
        d,
        "not",
        "d",
        &[("d", 0x8000_0000)],
        0x7fff_ffff,
    );
    let d = "~INT_MAX = INT_MIN.";
    one(
        rows,
        "values",
        d,
        "not",
        "d",
        &[("d", 0x7fff_ffff)],
        0x8000_0000,
    );
    let d = "~(~x) = x: the ~ modifier then NOT.";
    one(
        rows,
        "values",
        d,
        "not",
        "ud",
        &[("~ud", 0x1234_5678)],
        0x1234_5678,
    );
    let d = "W -1 → ~(-1) = 0 → 0.";
    one(rows, "values", d, "not", "uw", &[("w", 0xffff)], 0);
    let d = "Logic instructions take no arithmetic modifier and no .sat (AND.md Properties).";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "not.sat (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
}

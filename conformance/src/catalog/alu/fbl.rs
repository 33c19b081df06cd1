//! FBL (instructions/FBL.md): hand-derived rows, each with its derivation.

use visa_spec::ErrorClass;

use super::{form_row, one, BITS_DECLS, NONE};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "fbl",
    file: "catalog/alu/fbl.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Trailing zeros; 0 → 0xFFFFFFFF (FBL-MISSING-BRACE: the else branch is the count).";
    one(rows, "values", d, "fbl", "ud", &[("ud", 0)], NONE);
    one(rows, "values", d, "fbl", "ud", &[("ud", 1)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x8000_0000)], 31);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0xffff_ffff)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x7fff_ffff)], 0);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0x0001_0000)], 16);
    one(rows, "values", d, "fbl", "ud", &[("ud", 0xf0)], 4);
    let d = "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "fbl (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
}

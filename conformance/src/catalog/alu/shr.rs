//! SHR (instructions/SHR.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, form_row, one, qword_forms, qword_forms_literal, ARITH_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "shr",
    file: "catalog/alu/shr.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "0x80000000 >> 0, 1, 31 = 0x80000000, 0x40000000 (no sign extension), 1.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 0)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 1)],
        0x4000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 31)],
        1,
    );
    let d = "32 & 31 = 0: unchanged; 63 & 31 = 31; 64 & 31 = 0.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 32)],
        0x8000_0000,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 63)],
        1,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0xffff_ffff), ("ud", 64)],
        0xffff_ffff,
    );
    let d = "A D count (SHIFT-COUNT-TYPE resolved): -1 & 31 = 31.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ud", 0x8000_0000), ("d", 0xffff_ffff)],
        1,
    );
    let d = "UB 0x80 >> 7 = 1 into UD.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("ub", 0x80), ("ub", 7)],
        1,
    );
    let d = "UW: count 16 is not masked to 15: 0xffff >> 16 = 0.";
    one(
        rows,
        "values",
        d,
        "shr",
        "uw",
        &[("uw", 0xffff), ("uw", 16)],
        0,
    );
    let d = "(-)1 on UD is -1, read as UD 0xffffffff: >> 28 = 0xf.";
    one(
        rows,
        "values",
        d,
        "shr",
        "ud",
        &[("(-)ud", 1), ("ud", 28)],
        0xf,
    );
    let d = "0x100 >> 0 = 256 into UB: .sat → 255; truncated → 0.";
    one(
        rows,
        "values",
        d,
        "shr.sat",
        "ub",
        &[("ud", 0x100), ("ud", 0)],
        0xff,
    );
    one(
        rows,
        "values",
        d,
        "shr",
        "ub",
        &[("ud", 0x100), ("ud", 0)],
        0,
    );
    let d = "SHR: dst and src0 unsigned.";
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "shr (M1, 8) VUD(0,0)<1> VD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        "shr (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d =
        "SHIFT-COUNT-TYPE: a signed SHR count is valid (resolved), not under the literal type map.";
    form_both(
        rows,
        "forms",
        d,
        ARITH_DECLS,
        errata::SHIFT_COUNT_TYPE,
        "shr (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "UQ 0x8000000000000000 >> 63 = 1.";
    qword_forms(
        rows,
        d,
        "shr (M1, 1) VS(0,0)<1> 0x8000000000000000:uq 0x3f:uq",
        "VS",
        "0100000000000000",
    );
    let d = "The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.";
    qword_forms_literal(rows, d, "shr (M1, 1) VS(0,0)<1> 0x1:uq 0x1:uq");
}

//! CBIT (instructions/CBIT.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{both, form_row, BITS_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "cbit",
    file: "catalog/alu/cbit.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d =
        "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop.";
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0)],
        0,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 1)],
        1,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0xffff_ffff)],
        32,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x8000_0000)],
        1,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x7fff_ffff)],
        31,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ud", 0x0101_0101)],
        4,
        0,
    );
    let d = "CBIT of `value` read as `ty`: resolved writes cnt; literal writes val, 0 after the loop. Each source within its own width: UB 0xff → 8, UW 0xffff → 16, UW 0x8001 → 2.";
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("ub", 0xff)],
        8,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("uw", 0xffff)],
        16,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::CBIT_RESULT,
        "cbit",
        "ud",
        &[("uw", 0x8001)],
        2,
        0,
    );
    let d = "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "cbit (M1, 8) VD(0,0)<1> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Bit instructions take no source modifier and (but LZD) no .sat.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "cbit.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
}

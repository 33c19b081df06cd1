//! LZD (instructions/LZD.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{form_both, lzd, BITS_DECLS};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "lzd",
    file: "catalog/alu/lzd.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Leading zeros; 0 → the loop stops at cnt = 32.";
    lzd(rows, d, 0, 32);
    lzd(rows, d, 1, 31);
    lzd(rows, d, 0xffff_ffff, 0);
    lzd(rows, d, 0x8000_0000, 0);
    lzd(rows, d, 0x7fff_ffff, 1);
    lzd(rows, d, 0x0001_0000, 15);
    let d = "LZD-SAT: .sat is valid under the resolved reading (Text form), not the literal one.";
    form_both(
        rows,
        "forms",
        d,
        BITS_DECLS,
        errata::LZD_SAT,
        "lzd.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0>",
        None,
        Some(ErrorClass::InvalidInstruction),
    );
}

//! FBH (instructions/FBH.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{both, form_row, BITS_DECLS, NONE};

use crate::catalog::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "fbh",
    file: "catalog/alu/fbh.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Unsigned: leading zeros; 0 has no bit set → 0xFFFFFFFF. Both readings agree.";
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 0)],
        NONE,
        NONE,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 1)],
        31,
        31,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 0xffff_ffff)],
        0,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 0x8000_0000)],
        0,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 0x7fff_ffff)],
        1,
        1,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("ud", 0x0001_0000)],
        15,
        15,
    );
    let d = "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Signed 0 and -1 → 0xFFFFFFFF (the final select), whatever the loop did.";
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0)],
        NONE,
        NONE,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0xffff_ffff)],
        NONE,
        NONE,
    );
    let d = "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Non-negative: leading zeros in both readings (the literal test (d & 0x80000000) == 0 holds exactly while bit 31 is clear): 1 → 31, INT_MAX → 1, 0x40000000 → 1.";
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 1)],
        31,
        31,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0x7fff_ffff)],
        1,
        1,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0x4000_0000)],
        1,
        1,
    );
    let d = "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Negative: resolved counts the leading ones: INT_MIN 1 (bit 30 is 0), 0xFFFFFFFE 31 (bits 31..1), 0xC0000000 2 (bits 31, 30). Literal: (d & 0x80000000) = 0x80000000 is never cval = 1, so the loop does not run: 0.";
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0x8000_0000)],
        1,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0xffff_fffe)],
        31,
        0,
    );
    both(
        rows,
        "values",
        d,
        errata::FBH_SIGNED,
        "fbh",
        "ud",
        &[("d", 0xc000_0000)],
        2,
        0,
    );
    let d = "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "fbh (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
}

//! FBH (instructions/FBH.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::ErrorClass;

use super::{both, form_row, BITS_DECLS, NONE};

use crate::catalog::doc::{Doc, Rows};

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
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud Unsigned source (instructions/FBH.md): the leading zeros; no bit set gives 0xFFFFFFFF.";
    simd::fbh_unsigned(
        rows,
        &why(d, "zero", "no bit set"),
        0x0000_0000,
        0xFFFF_FFFF,
    );
    simd::fbh_unsigned(rows, &why(d, "all_ones", "bit 31 set"), 0xFFFF_FFFF, 0);
    simd::fbh_unsigned(rows, &why(d, "int_min", "bit 31 set"), 0x8000_0000, 0);
    simd::fbh_unsigned(
        rows,
        &why(d, "int_max", "bit 30 is the highest set"),
        0x7FFF_FFFF,
        1,
    );
    simd::fbh_unsigned(
        rows,
        &why(d, "one", "31 zeros above bit 0"),
        0x0000_0001,
        31,
    );
    simd::fbh_unsigned(
        rows,
        &why(d, "bit_16", "bits 31..17 clear"),
        0x0001_0000,
        15,
    );
    simd::fbh_unsigned(
        rows,
        &why(d, "bit_15", "bits 31..16 clear"),
        0x0000_8000,
        16,
    );
    let d = "fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:d Signed source, resolved FBH-SIGNED: the leading bits equal to the sign bit (zeros of a non-negative value, ones of a negative one); 0 and -1 give 0xFFFFFFFF. Literal: the test `(dScalar & (1 << 31)) == cval` compares 0x80000000 with 1 and never holds for a negative value, so its count is 0; 0 and -1 still give 0xFFFFFFFF.";
    simd::fbh_signed(rows, &why(d, "zero", ""), 0, 0xFFFF_FFFF, 0xFFFF_FFFF);
    simd::fbh_signed(rows, &why(d, "minus_one", ""), -1, 0xFFFF_FFFF, 0xFFFF_FFFF);
    simd::fbh_signed(
        rows,
        &why(d, "int_min", "1000..: one leading one"),
        INT_MIN,
        1,
        0,
    );
    simd::fbh_signed(
        rows,
        &why(d, "int_max", "0111..: one leading zero"),
        INT_MAX,
        1,
        1,
    );
    simd::fbh_signed(rows, &why(d, "one", "31 leading zeros"), 1, 31, 31);
    simd::fbh_signed(
        rows,
        &why(d, "minus_two", "0xFFFFFFFE: 31 leading ones"),
        -2,
        31,
        0,
    );
    simd::fbh_signed(
        rows,
        &why(d, "bit_30", "0100..: one leading zero"),
        0x4000_0000,
        1,
        1,
    );
    simd::fbh_signed(
        rows,
        &why(d, "top_two_bits", "1100..: two leading ones"),
        0xC000_0000,
        2,
        0,
    );
    simd::fbh_signed(
        rows,
        &why(d, "bit_16", "15 leading zeros"),
        0x0001_0000,
        15,
        15,
    );
    simd::fbh_signed(
        rows,
        &why(d, "minus_2_pow_16", "0xFFFF0000: 16 leading ones"),
        -0x1_0000,
        16,
        0,
    );
}

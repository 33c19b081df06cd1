//! FBH (instructions/FBH.md): hand-derived rows, each with its derivation.

use super::simd::{FbhSigned8, Simd8, *};
use super::{form_row, grouped, table, Group, LaneReadings, BITS_DECLS, NONE};
use crate::catalog::doc::{Doc, Rows};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "fbh", file: "catalog/alu/fbh.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    form_row(rows, "forms", "CBIT writes UD only; FBH reads D or UD only; BFREV, FBL, LZD are UD.",
        BITS_DECLS, "fbh (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, FBH_SIGNED8);
}

#[rustfmt::skip]
const VALUES: &[Group<LaneReadings>] = &[
    Group { d: "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Unsigned: leading zeros; 0 has no bit set → 0xFFFFFFFF. Both readings agree.", rows: &[
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 0)], resolved: NONE, literal: NONE },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 1)], resolved: 31, literal: 31 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 0xffff_ffff)], resolved: 0, literal: 0 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 0x8000_0000)], resolved: 0, literal: 0 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 0x7fff_ffff)], resolved: 1, literal: 1 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("ud", 0x0001_0000)], resolved: 15, literal: 15 },
    ] },
    Group { d: "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Signed 0 and -1 → 0xFFFFFFFF (the final select), whatever the loop did.", rows: &[
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0)], resolved: NONE, literal: NONE },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0xffff_ffff)], resolved: NONE, literal: NONE },
    ] },
    Group { d: "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Non-negative: leading zeros in both readings (the literal test (d & 0x80000000) == 0 \
        holds exactly while bit 31 is clear): 1 → 31, INT_MAX → 1, 0x40000000 → 1.", rows: &[
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 1)], resolved: 31, literal: 31 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0x7fff_ffff)], resolved: 1, literal: 1 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0x4000_0000)], resolved: 1, literal: 1 },
    ] },
    Group { d: "FBH of `value` read as `ty`: (resolved, literal FBH-SIGNED). Negative: resolved counts the leading ones: INT_MIN 1 (bit 30 is 0), 0xFFFFFFFE 31 (bits \
        31..1), 0xC0000000 2 (bits 31, 30). Literal: (d & 0x80000000) = 0x80000000 is never cval = 1, so the loop does not run: 0.", rows: &[
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0x8000_0000)], resolved: 1, literal: 0 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0xffff_fffe)], resolved: 31, literal: 0 },
        LaneReadings { erratum: errata::FBH_SIGNED, op: "fbh", dst: "ud", srcs: &[("d", 0xc000_0000)], resolved: 2, literal: 0 },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:ud Unsigned source (instructions/FBH.md): the leading zeros; no bit set gives 0xFFFFFFFF.", rows: &[
        Simd8 { case: "zero", op: "fbh", dst: UD, srcs: &[o(UD, 0x0000_0000)], want: 0xFFFF_FFFF, note: "no bit set" },
        Simd8 { case: "all_ones", op: "fbh", dst: UD, srcs: &[o(UD, 0xFFFF_FFFF)], want: 0, note: "bit 31 set" },
        Simd8 { case: "int_min", op: "fbh", dst: UD, srcs: &[o(UD, 0x8000_0000)], want: 0, note: "bit 31 set" },
        Simd8 { case: "int_max", op: "fbh", dst: UD, srcs: &[o(UD, 0x7FFF_FFFF)], want: 1, note: "bit 30 is the highest set" },
        Simd8 { case: "one", op: "fbh", dst: UD, srcs: &[o(UD, 0x0000_0001)], want: 31, note: "31 zeros above bit 0" },
        Simd8 { case: "bit_16", op: "fbh", dst: UD, srcs: &[o(UD, 0x0001_0000)], want: 15, note: "bits 31..17 clear" },
        Simd8 { case: "bit_15", op: "fbh", dst: UD, srcs: &[o(UD, 0x0000_8000)], want: 16, note: "bits 31..16 clear" },
    ] },
];

#[rustfmt::skip]
const FBH_SIGNED8: &[Group<FbhSigned8>] = &[
    Group { d: "fbh (M1, 8) R(0,0)<1>:ud S0(0,0)<0;1,0>:d Signed source, resolved FBH-SIGNED: the leading bits equal to the sign bit (zeros of a non-negative value, \
        ones of a negative one); 0 and -1 give 0xFFFFFFFF. Literal: the test `(dScalar & (1 << 31)) == cval` compares 0x80000000 with 1 and never holds for a \
        negative value, so its count is 0; 0 and -1 still give 0xFFFFFFFF.", rows: &[
        FbhSigned8 { case: "zero", s0: 0, resolved: 0xFFFF_FFFF, literal: 0xFFFF_FFFF, note: "" },
        FbhSigned8 { case: "minus_one", s0: -1, resolved: 0xFFFF_FFFF, literal: 0xFFFF_FFFF, note: "" },
        FbhSigned8 { case: "int_min", s0: INT_MIN, resolved: 1, literal: 0, note: "1000..: one leading one" },
        FbhSigned8 { case: "int_max", s0: INT_MAX, resolved: 1, literal: 1, note: "0111..: one leading zero" },
        FbhSigned8 { case: "one", s0: 1, resolved: 31, literal: 31, note: "31 leading zeros" },
        FbhSigned8 { case: "minus_two", s0: -2, resolved: 31, literal: 0, note: "0xFFFFFFFE: 31 leading ones" },
        FbhSigned8 { case: "bit_30", s0: 0x4000_0000, resolved: 1, literal: 1, note: "0100..: one leading zero" },
        FbhSigned8 { case: "top_two_bits", s0: 0xC000_0000, resolved: 2, literal: 0, note: "1100..: two leading ones" },
        FbhSigned8 { case: "bit_16", s0: 0x0001_0000, resolved: 15, literal: 15, note: "15 leading zeros" },
        FbhSigned8 { case: "minus_2_pow_16", s0: -0x1_0000, resolved: 16, literal: 0, note: "0xFFFF0000: 16 leading ones" },
    ] },
];

//! ROR (instructions/ROR.md): hand-derived rows, each with its derivation.

use super::simd::{RotateQword8, Simd8, *};
use super::{
    form_row, grouped, table, Group, Lane, LaneReadings, RotateSignedShiftBothReadings,
    RotateWidthLiteral, BITS_DECLS,
};
use crate::catalog::build::lane_on;
use crate::catalog::doc::{Doc, Rows};
use visa_model::platform::Platform::XeHpc;
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "ror", file: "catalog/alu/ror.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "signed-shift", SIGNED_SHIFT);
    form_row(rows, "forms", "ROTATE-WIDTH: src0 has the destination's size.",
        BITS_DECLS, "ror (M1, 8) VW(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0>", Some(ErrorClass::InvalidInstruction));
    table(rows, ROTATE_SIGNED_SHIFT_BOTH_READINGS);
    table(rows, ROTATE_WIDTH_LITERAL);
    let src = [("uq", 0x8000_0000_0000_0001), ("uq", 1)];
    let d = "UQ 0x8000000000000001 ror 1 → 0xC000...0 (rotations of qwords from PVC on).";
    rows.add("qwords", lane_on(XeHpc, "ror", "uq", &src, 0xc000_0000_0000_0000).derived(d));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, ROTATE_QWORD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "ror 1 → bit 0 wraps to bit 31: 0xC0000000; ror 31 = rol 1 → 3; ror 32 → unchanged.", rows: &[
        Lane { op: "ror", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 0)], want: 0x8000_0001 },
        Lane { op: "ror", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 1)], want: 0xc000_0000 },
        Lane { op: "ror", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 31)], want: 0x0000_0003 },
        Lane { op: "ror", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 32)], want: 0x8000_0001 },
    ] },
    Group { d: "UW 0x8001 (w = 16): rol 1 → 0x0003; rol 15 = ror 1 → 0xC000; rol 16 (& 15 = 0) → unchanged; rol 17 → 0x0003; ror 1 → 0xC000.",
        rows: &[Lane { op: "ror", dst: "uw", srcs: &[("uw", 0x8001), ("uw", 1)], want: 0xc000 }] },
    Group { d: "Signed types rotate their bits, no sign extension: D INT_MIN rol 1 → 1; D -2 ror 1 → 0x7FFFFFFF; W 0x8000 rol 1 → 1.",
        rows: &[Lane { op: "ror", dst: "d", srcs: &[("d", 0xffff_fffe), ("d", 1)], want: 0x7fff_ffff }] },
    Group { d: "A negative count: D -1 & 31 = 31 and -(-1) & 31 = 1: (1 << 31) | (1 >> 1) = 0x80000000, i.e. rol -1 = ror 1.",
        rows: &[Lane { op: "ror", dst: "ud", srcs: &[("ud", 1), ("d", 0xffff_ffff)], want: 0x0000_0002 }] },
];

#[rustfmt::skip]
const SIGNED_SHIFT: &[Group<LaneReadings>] = &[
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. W 0x8002 (-32766) ror 1: resolved \
        bit 0 (0) to bit 15, the rest down one → 0x4001. Literal: x >> 1 = -16383 = 0x...C001; x << 15 has its low 15 bits 0 and bit 15 = bit 0 of x = 0; OR → 0xC001.",
        rows: &[LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "ror", dst: "w", srcs: &[("w", 0x8002), ("w", 1)], resolved: 0x4001, literal: 0xc001 }] },
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D 0x80000001 ror 4: resolved \
        0x08000000 | (0x1 << 28) = 0x18000000. Literal: x >> 4 = floor(-2147483647 / 16) = -134217728 = 0xF8000000; x << 28 keeps bit 0 of x at bit 28: 0x10000000; \
        OR → 0xF8000000 (the top four bits forced to one).",
        rows: &[LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "ror", dst: "d", srcs: &[("d", 0x8000_0001), ("d", 4)], resolved: 0x1800_0000, literal: 0xf800_0000 }] },
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. Both readings agree: a count of 0 \
        ((x << 0) | (x >> 0) = x); a non-negative src0 (the arithmetic shift of a value with bit w-1 clear brings in zeros: D 0x40000001 rol 1 → 0x80000002); an \
        unsigned src0 (UD 0x80000000 rol 1 → 1, `>>` is logical).",
        rows: &[LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "ror", dst: "uw", srcs: &[("uw", 0x8002), ("uw", 1)], resolved: 0x4001, literal: 0x4001 }] },
];

#[rustfmt::skip]
const ROTATE_SIGNED_SHIFT_BOTH_READINGS: &[Group<RotateSignedShiftBothReadings>] = &[
    Group { d: "Erratum ROTATE-SIGNED-SHIFT on both engines: (resolved, literal) results, and with ROTATE-WIDTH literal too where src0 is narrower than the \
        destination. SD = 0x80000000, SW = 0x8002 (-32766). W 0x8002 ror 1: resolved 0x4001; literal (x >> 1) | (x << 15) = 0x...C001 | 0x...0000 = 0xC001.",
        rows: &[RotateSignedShiftBothReadings { insn: "ror (M1, 1) RW(0,0)<1> SW(0,0)<0;1,0> 0x1:w", var: "RW", resolved: "0140", literal: "01c0", also: &[] }] },
    Group { d: "Erratum ROTATE-SIGNED-SHIFT on both engines: (resolved, literal) results, and with ROTATE-WIDTH literal too where src0 is narrower than the \
        destination. SD = 0x80000000, SW = 0x8002 (-32766). W 0x8002 ror 1 into D under ROTATE-WIDTH literal (RotateMask 15 from src0): resolved shift, the unsigned \
        0x8002: 0x4001 | (0x8002 << 15 = 0x40010000) = 0x40014001; literal shift: x >> 1 = -16383 = 0xFFFFC001, x << 15 = -0x3FFF0000 = 0xC0010000 in 32 bits; OR → \
        0xFFFFC001: the copied sign fills the upper half of the destination.", rows: &[
        RotateSignedShiftBothReadings { insn: "ror (M1, 1) RD(0,0)<1> SW(0,0)<0;1,0> 0x1:w", var: "RD", resolved: "01400140", literal: "01c0ffff", also: &[errata::ROTATE_WIDTH] },
    ] },
];

#[rustfmt::skip]
const ROTATE_WIDTH_LITERAL: &[Group<RotateWidthLiteral>] = &[
    Group { d: "Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask = sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), computed exactly, \
        then the low destination bits written. UD 0x12345678, count 4: (x >> 4) | (x << 28) = 0x01234567 | 0x1234567800000000; the low 16 bits into UW: 0x4567.",
        rows: &[RotateWidthLiteral { insn: "ror (M1, 1) RUW(0,0)<1> VUD(0,0)<0;1,0> 0x4:ud", var: "RUW", want: "6745" }] },
    Group { d: "Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask = sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), computed exactly, \
        then the low destination bits written. UW 0x8001, count 17 & 15 = 1: (0x8001 >> 1) | (0x8001 << (-17 & 15 = 15)) = 0x4000 | 0x40008000 = 0x4000C000 in UD.",
        rows: &[RotateWidthLiteral { insn: "ror (M1, 1) RUD(0,0)<1> VUW(0,0)<0;1,0> 0x11:ud", var: "RUD", want: "00c00040" }] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "rol|ror (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:DT S1(0,0)<0;1,0>:T1 instructions/ROL.md, ROR.md: w = the destination's width; count = src1 & (w - 1); the \
        low w bits of src0 rotated.", rows: &[
        Simd8 { case: "ror_by_1", op: "ror", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 1)], want: 0xC000_0000, note: "" },
        Simd8 { case: "ror_by_31", op: "ror", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 31)], want: 0x0000_0003, note: "" },
        Simd8 { case: "ror_by_32_masked_to_0", op: "ror", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 32)], want: 0x8000_0001, note: "" },
        Simd8 { case: "ror_w_by_1", op: "ror", dst: W, srcs: &[o(W, 0x8001), o(W, 1)], want: 0xC000, note: "" },
    ] },
];

#[rustfmt::skip]
const ROTATE_QWORD8: &[Group<RotateQword8>] = &[
    Group { d: "rol|ror (M1, 8) R(0,0)<1>:uq S0(0,0)<0;1,0>:uq S1(0,0)<0;1,0>:uq on Xe-HPC ({PVC+} Q, UQ): w = 64, count = src1 & 63.", rows: &[
        RotateQword8 { case: "ror_by_1", op: "ror", s1: 1, want: 0xC000_0000_0000_0000, note: "" },
        RotateQword8 { case: "ror_by_63", op: "ror", s1: 63, want: 0x3, note: "" },
    ] },
];

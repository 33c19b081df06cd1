//! ROL (instructions/ROL.md): hand-derived rows, each with its derivation.

use super::simd::{RotateQword8, Simd8, *};
use super::{
    grouped, rotate_signed_shift_both_readings, rotate_width_literal, table, Form, Group, Lane,
    LaneReadings, BITS_DECLS,
};
use crate::catalog::build::lane_on;
use crate::catalog::doc::{Doc, Rows};
use visa_model::platform::Platform::{XeHpc, XeLp};
use visa_model::types::DataType::*;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "rol", file: "catalog/alu/rol.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "values", VALUES);
    grouped(rows, "signed-shift", SIGNED_SHIFT);
    grouped(rows, "forms", FORMS);
    rotate_signed_shift_both_readings(rows, "Erratum ROTATE-SIGNED-SHIFT on both engines: (resolved, literal) results, and with ROTATE-WIDTH literal too where src0 is \
        narrower than the destination. SD = 0x80000000, SW = 0x8002 (-32766). D INT_MIN rol 1: resolved 0x00000001; literal (x << 1) | (x >> 31) = 0 | -1 = \
        0xFFFFFFFF.",
        "rol (M1, 1) RD(0,0)<1> SD(0,0)<0;1,0> 0x1:d", "RD", "01000000", "ffffffff", &[]);
    rotate_width_literal(rows, "Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask = sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), \
        computed exactly, then the low destination bits written. UW 0x8001, count 1: (0x8001 << 1) | (0x8001 >> (-1 & 15 = 15)) = 0x10002 | 1 = 0x10003 in UD.",
        "rol (M1, 1) RUD(0,0)<1> VUW(0,0)<0;1,0> 0x1:uw", "RUD", "03000100");
    let src = [("q", 0x8000_0000_0000_0000), ("q", 1)];
    let d = "ROTATE-SIGNED-SHIFT: Q INT64_MIN rol 1 on PVC: resolved → 1; literal: x << 1 has low 64 bits 0 and x >> 63 = -1 → all ones.";
    rows.add("signed-shift", lane_on(XeHpc, "rol", "q", &src, 1).tag(errata::ROTATE_SIGNED_SHIFT).derived(d));
    let row = lane_on(XeHpc, "rol", "q", &src, u64::MAX).literal(errata::ROTATE_SIGNED_SHIFT);
    rows.add("signed-shift", row.derived(d));
    let src = |n: u64| [("uq", 0x8000_0000_0000_0001), ("uq", n)];
    let d = "UQ 0x8000000000000001 rol 1 → 3; rol 64 (& 63 = 0) → unchanged (rotations of qwords from PVC on).";
    rows.add("qwords", lane_on(XeHpc, "rol", "uq", &src(1), 3).derived(d));
    rows.add("qwords", lane_on(XeHpc, "rol", "uq", &src(64), 0x8000_0000_0000_0001).derived(d));
    let row = lane_on(XeLp, "rol", "uq", &src(1), 0).expect_error(ErrorClass::InvalidInstruction);
    let d = "Before PVC, Q is not a rotation type: rol of UQ on xe-lp is invalid.";
    rows.add("qwords", row.derived(d));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SIMD8);
    table(rows, ROTATE_QWORD8);
}

#[rustfmt::skip]
const VALUES: &[Group<Lane>] = &[
    Group { d: "UD 0x80000001: rol 0 → unchanged; rol 1 → bit 31 wraps to bit 0: 0x00000003; rol 31 = ror 1 → 0xC0000000; rol 32 (& 31 = 0) → unchanged; rol 33 (& 31 \
        = 1) → 3.", rows: &[
        Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 0)], want: 0x8000_0001 },
        Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 1)], want: 0x0000_0003 },
        Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 31)], want: 0xc000_0000 },
        Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 32)], want: 0x8000_0001 },
        Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0001), ("ud", 33)], want: 0x0000_0003 },
    ] },
    Group { d: "UW 0x8001 (w = 16): rol 1 → 0x0003; rol 15 = ror 1 → 0xC000; rol 16 (& 15 = 0) → unchanged; rol 17 → 0x0003; ror 1 → 0xC000.", rows: &[
        Lane { op: "rol", dst: "uw", srcs: &[("uw", 0x8001), ("uw", 1)], want: 0x0003 },
        Lane { op: "rol", dst: "uw", srcs: &[("uw", 0x8001), ("uw", 15)], want: 0xc000 },
        Lane { op: "rol", dst: "uw", srcs: &[("uw", 0x8001), ("uw", 16)], want: 0x8001 },
        Lane { op: "rol", dst: "uw", srcs: &[("uw", 0x8001), ("uw", 17)], want: 0x0003 },
    ] },
    Group { d: "A UW count for a UD rotation: 16 & 31 = 16 swaps the halves: 0x12345678 → 0x56781234.",
        rows: &[Lane { op: "rol", dst: "ud", srcs: &[("ud", 0x1234_5678), ("uw", 16)], want: 0x5678_1234 }] },
    Group { d: "Signed types rotate their bits, no sign extension: D INT_MIN rol 1 → 1; D -2 ror 1 → 0x7FFFFFFF; W 0x8000 rol 1 → 1.", rows: &[
        Lane { op: "rol", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 1)], want: 0x0000_0001 },
        Lane { op: "rol", dst: "w", srcs: &[("w", 0x8000), ("w", 1)], want: 0x0001 },
    ] },
    Group { d: "A negative count: D -1 & 31 = 31 and -(-1) & 31 = 1: (1 << 31) | (1 >> 1) = 0x80000000, i.e. rol -1 = ror 1.",
        rows: &[Lane { op: "rol", dst: "ud", srcs: &[("ud", 1), ("d", 0xffff_ffff)], want: 0x8000_0000 }] },
];

#[rustfmt::skip]
const SIGNED_SHIFT: &[Group<LaneReadings>] = &[
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D INT_MIN rol 1: resolved bit 31 \
        wraps to bit 0 → 1. Literal: x << 1 = -2^32, low 32 bits 0; x >> (-1 & 31 = 31) = floor(-2^31 / 2^31) = -1 → 0xFFFFFFFF; OR → 0xFFFFFFFF.",
        rows: &[LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 1)], resolved: 0x0000_0001, literal: 0xffff_ffff }] },
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D -2 rol 4: resolved 0xFFFFFFE0 | \
        0xF (the top four ones wrap) = 0xFFFFFFEF. Literal: x << 4 = -32 = 0xFFFFFFE0; x >> 28 = floor(-2 / 2^28) = -1; OR → 0xFFFFFFFF.",
        rows: &[LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "d", srcs: &[("d", 0xffff_fffe), ("d", 4)], resolved: 0xffff_ffef, literal: 0xffff_ffff }] },
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D INT_MIN rol -1: count -1 & 31 = \
        31, the other shift -(-1) & 31 = 1. Resolved rol 31 = ror 1 → 0x40000000. Literal: x << 31 has low 32 bits 0 (bit 0 of x is 0); x >> 1 = -2^30 = 0xC0000000.", rows: &[
        LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0xffff_ffff)], resolved: 0x4000_0000, literal: 0xc000_0000 },
    ] },
    Group { d: "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` \
        runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. Both readings agree: a count of 0 \
        ((x << 0) | (x >> 0) = x); a non-negative src0 (the arithmetic shift of a value with bit w-1 clear brings in zeros: D 0x40000001 rol 1 → 0x80000002); an \
        unsigned src0 (UD 0x80000000 rol 1 → 1, `>>` is logical).", rows: &[
        LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "d", srcs: &[("d", 0x8000_0000), ("d", 0)], resolved: 0x8000_0000, literal: 0x8000_0000 },
        LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "d", srcs: &[("d", 0x4000_0001), ("d", 1)], resolved: 0x8000_0002, literal: 0x8000_0002 },
        LaneReadings { erratum: errata::ROTATE_SIGNED_SHIFT, op: "rol", dst: "ud", srcs: &[("ud", 0x8000_0000), ("ud", 1)], resolved: 0x0000_0001, literal: 0x0000_0001 },
    ] },
];

#[rustfmt::skip]
const FORMS: &[Group<Form>] = &[
    Group { d: "ROTATE-WIDTH: src0 has the destination's size.",
        rows: &[Form { decls: BITS_DECLS, text: "rol (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Rotations take no modifier and no .sat.", rows: &[
        Form { decls: BITS_DECLS, text: "rol (M1, 8) VUD(0,0)<1> (-)VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
        Form { decls: BITS_DECLS, text: "rol.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) },
    ] },
];

#[rustfmt::skip]
const SIMD8: &[Group<Simd8>] = &[
    Group { d: "rol|ror (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:DT S1(0,0)<0;1,0>:T1 instructions/ROL.md, ROR.md: w = the destination's width; count = src1 & (w - 1); the \
        low w bits of src0 rotated.", rows: &[
        Simd8 { case: "rol_by_0", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 0)], want: 0x8000_0001, note: "" },
        Simd8 { case: "rol_by_1", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 1)], want: 0x0000_0003, note: "" },
        Simd8 { case: "rol_by_31", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 31)], want: 0xC000_0000, note: "" },
        Simd8 { case: "rol_by_32_masked_to_0", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 32)], want: 0x8000_0001, note: "" },
        Simd8 { case: "rol_by_33_masked_to_1", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(UD, 33)], want: 0x0000_0003, note: "" },
        Simd8 { case: "rol_by_minus_one", op: "rol", dst: UD, srcs: &[o(UD, 0x8000_0001), o(D, -1)], want: 0xC000_0000, note: "-1 & 31 = 31" },
        Simd8 { case: "rol_d", op: "rol", dst: D, srcs: &[o(D, INT_MIN), o(D, 1)], want: 1, note: "a D source rotates its bits, with no sign extension: 0x80000000 rol 1 = 1" },
        Simd8 { case: "rol_uw_by_1", op: "rol", dst: UW, srcs: &[o(UW, 0x8001), o(UW, 1)], want: 0x0003, note: "" },
        Simd8 { case: "rol_uw_by_15", op: "rol", dst: UW, srcs: &[o(UW, 0x8001), o(UW, 15)], want: 0xC000, note: "" },
        Simd8 { case: "rol_uw_by_16_masked_to_0", op: "rol", dst: UW, srcs: &[o(UW, 0x8001), o(UW, 16)], want: 0x8001, note: "" },
        Simd8 { case: "rol_uw_by_17_masked_to_1", op: "rol", dst: UW, srcs: &[o(UW, 0x8001), o(UW, 17)], want: 0x0003, note: "" },
    ] },
];

#[rustfmt::skip]
const ROTATE_QWORD8: &[Group<RotateQword8>] = &[
    Group { d: "rol|ror (M1, 8) R(0,0)<1>:uq S0(0,0)<0;1,0>:uq S1(0,0)<0;1,0>:uq on Xe-HPC ({PVC+} Q, UQ): w = 64, count = src1 & 63.", rows: &[
        RotateQword8 { case: "rol_by_1", op: "rol", s1: 1, want: 0x3, note: "" },
        RotateQword8 { case: "rol_by_63", op: "rol", s1: 63, want: 0xC000_0000_0000_0000, note: "" },
        RotateQword8 { case: "rol_by_64_masked_to_0", op: "rol", s1: 64, want: 0x8000_0000_0000_0001, note: "" },
        RotateQword8 { case: "rol_by_65_masked_to_1", op: "rol", s1: 65, want: 0x3, note: "" },
    ] },
];

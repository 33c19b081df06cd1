//! ROL (instructions/ROL.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpc;
use visa_spec::platform::Platform::XeLp;
use visa_spec::ErrorClass;

use super::{
    both, form_row, one, rotate_signed_shift_both_readings, rotate_width_literal, BITS_DECLS,
};
use crate::catalog::build::lane_on;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "rol",
    file: "catalog/alu/rol.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "UD 0x80000001: rol 0 → unchanged; rol 1 → bit 31 wraps to bit 0: 0x00000003; rol 31 = ror 1 → 0xC0000000; rol 32 (& 31 = 0) → unchanged; rol 33 (& 31 = 1) → 3.";
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x8000_0001), ("ud", 0)],
        0x8000_0001,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x8000_0001), ("ud", 1)],
        0x0000_0003,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x8000_0001), ("ud", 31)],
        0xc000_0000,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x8000_0001), ("ud", 32)],
        0x8000_0001,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x8000_0001), ("ud", 33)],
        0x0000_0003,
    );
    let d = "UW 0x8001 (w = 16): rol 1 → 0x0003; rol 15 = ror 1 → 0xC000; rol 16 (& 15 = 0) → unchanged; rol 17 → 0x0003; ror 1 → 0xC000.";
    one(
        rows,
        "values",
        d,
        "rol",
        "uw",
        &[("uw", 0x8001), ("uw", 1)],
        0x0003,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "uw",
        &[("uw", 0x8001), ("uw", 15)],
        0xc000,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "uw",
        &[("uw", 0x8001), ("uw", 16)],
        0x8001,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "uw",
        &[("uw", 0x8001), ("uw", 17)],
        0x0003,
    );
    let d = "A UW count for a UD rotation: 16 & 31 = 16 swaps the halves: 0x12345678 → 0x56781234.";
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 0x1234_5678), ("uw", 16)],
        0x5678_1234,
    );
    let d = "Signed types rotate their bits, no sign extension: D INT_MIN rol 1 → 1; D -2 ror 1 → 0x7FFFFFFF; W 0x8000 rol 1 → 1.";
    one(
        rows,
        "values",
        d,
        "rol",
        "d",
        &[("d", 0x8000_0000), ("d", 1)],
        0x0000_0001,
    );
    one(
        rows,
        "values",
        d,
        "rol",
        "w",
        &[("w", 0x8000), ("w", 1)],
        0x0001,
    );
    let d = "A negative count: D -1 & 31 = 31 and -(-1) & 31 = 1: (1 << 31) | (1 >> 1) = 0x80000000, i.e. rol -1 = ror 1.";
    one(
        rows,
        "values",
        d,
        "rol",
        "ud",
        &[("ud", 1), ("d", 0xffff_ffff)],
        0x8000_0000,
    );
    let d = "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D INT_MIN rol 1: resolved bit 31 wraps to bit 0 → 1. Literal: x << 1 = -2^32, low 32 bits 0; x >> (-1 & 31 = 31) = floor(-2^31 / 2^31) = -1 → 0xFFFFFFFF; OR → 0xFFFFFFFF.";
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "d",
        &[("d", 0x8000_0000), ("d", 1)],
        0x0000_0001,
        0xffff_ffff,
    );
    let d = "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D -2 rol 4: resolved 0xFFFFFFE0 | 0xF (the top four ones wrap) = 0xFFFFFFEF. Literal: x << 4 = -32 = 0xFFFFFFE0; x >> 28 = floor(-2 / 2^28) = -1; OR → 0xFFFFFFFF.";
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "d",
        &[("d", 0xffff_fffe), ("d", 4)],
        0xffff_ffef,
        0xffff_ffff,
    );
    let d = "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. D INT_MIN rol -1: count -1 & 31 = 31, the other shift -(-1) & 31 = 1. Resolved rol 31 = ror 1 → 0x40000000. Literal: x << 31 has low 32 bits 0 (bit 0 of x is 0); x >> 1 = -2^30 = 0xC0000000.";
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "d",
        &[("d", 0x8000_0000), ("d", 0xffff_ffff)],
        0x4000_0000,
        0xc000_0000,
    );
    let d = "ROTATE-SIGNED-SHIFT: `value` of type `ty` rotated by `count` (same type), (resolved, literal). Literally the document's `(src0 << n) | (src0 >> m)` runs on the signed value of a signed src0 and `>>` is arithmetic, so for a negative src0 the right shift brings in ones. Both readings agree: a count of 0 ((x << 0) | (x >> 0) = x); a non-negative src0 (the arithmetic shift of a value with bit w-1 clear brings in zeros: D 0x40000001 rol 1 → 0x80000002); an unsigned src0 (UD 0x80000000 rol 1 → 1, `>>` is logical).";
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "d",
        &[("d", 0x8000_0000), ("d", 0)],
        0x8000_0000,
        0x8000_0000,
    );
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "d",
        &[("d", 0x4000_0001), ("d", 1)],
        0x8000_0002,
        0x8000_0002,
    );
    both(
        rows,
        "signed-shift",
        d,
        errata::ROTATE_SIGNED_SHIFT,
        "rol",
        "ud",
        &[("ud", 0x8000_0000), ("ud", 1)],
        0x0000_0001,
        0x0000_0001,
    );
    let d = "ROTATE-WIDTH: src0 has the destination's size.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "rol (M1, 8) VUD(0,0)<1> VUW(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Rotations take no modifier and no .sat.";
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "rol (M1, 8) VUD(0,0)<1> (-)VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    form_row(
        rows,
        "forms",
        d,
        BITS_DECLS,
        "rol.sat (M1, 8) VUD(0,0)<1> VUD(0,0)<1;1,0> VUD(0,0)<1;1,0>",
        Some(ErrorClass::InvalidInstruction),
    );
    let d = "Erratum ROTATE-SIGNED-SHIFT on both engines: (resolved, literal) results, and with ROTATE-WIDTH literal too where src0 is narrower than the destination. SD = 0x80000000, SW = 0x8002 (-32766). D INT_MIN rol 1: resolved 0x00000001; literal (x << 1) | (x >> 31) = 0 | -1 = 0xFFFFFFFF.";
    rotate_signed_shift_both_readings(
        rows,
        d,
        "rol (M1, 1) RD(0,0)<1> SD(0,0)<0;1,0> 0x1:d",
        "RD",
        "01000000",
        "ffffffff",
        &[],
    );
    let d = "Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask = sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), computed exactly, then the low destination bits written. UW 0x8001, count 1: (0x8001 << 1) | (0x8001 >> (-1 & 15 = 15)) = 0x10002 | 1 = 0x10003 in UD.";
    rotate_width_literal(
        rows,
        d,
        "rol (M1, 1) RUD(0,0)<1> VUW(0,0)<0;1,0> 0x1:uw",
        "RUD",
        "03000100",
    );
    let d = "ROTATE-SIGNED-SHIFT: Q INT64_MIN rol 1 on PVC: resolved → 1; literal: x << 1 has low \
             64 bits 0 and x >> 63 = -1 → all ones.";
    let src = [("q", 0x8000_0000_0000_0000), ("q", 1)];
    rows.add(
        "signed-shift",
        lane_on(XeHpc, "rol", "q", &src, 1)
            .tag(errata::ROTATE_SIGNED_SHIFT)
            .derived(d),
    );
    let row = lane_on(XeHpc, "rol", "q", &src, u64::MAX).literal(errata::ROTATE_SIGNED_SHIFT);
    rows.add("signed-shift", row.derived(d));
    let d = "UQ 0x8000000000000001 rol 1 → 3; rol 64 (& 63 = 0) → unchanged (rotations of \
             qwords from PVC on).";
    let src = |n: u64| [("uq", 0x8000_0000_0000_0001), ("uq", n)];
    rows.add("qwords", lane_on(XeHpc, "rol", "uq", &src(1), 3).derived(d));
    rows.add(
        "qwords",
        lane_on(XeHpc, "rol", "uq", &src(64), 0x8000_0000_0000_0001).derived(d),
    );
    let d = "Before PVC, Q is not a rotation type: rol of UQ on xe-lp is invalid.";
    let row = lane_on(XeLp, "rol", "uq", &src(1), 0).expect_error(ErrorClass::InvalidInstruction);
    rows.add("qwords", row.derived(d));
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "rol|ror (M1, 8) R(0,0)<1>:DT S0(0,0)<0;1,0>:DT S1(0,0)<0;1,0>:T1 instructions/ROL.md, ROR.md: w = the destination's width; count = src1 & (w - 1); the low w bits of src0 rotated.";
    simd::rotate(
        rows,
        &why(d, "rol_by_0", ""),
        "rol",
        UD,
        0x8000_0001,
        o(UD, 0),
        0x8000_0001,
    );
    simd::rotate(
        rows,
        &why(d, "rol_by_1", ""),
        "rol",
        UD,
        0x8000_0001,
        o(UD, 1),
        0x0000_0003,
    );
    simd::rotate(
        rows,
        &why(d, "rol_by_31", ""),
        "rol",
        UD,
        0x8000_0001,
        o(UD, 31),
        0xC000_0000,
    );
    simd::rotate(
        rows,
        &why(d, "rol_by_32_masked_to_0", ""),
        "rol",
        UD,
        0x8000_0001,
        o(UD, 32),
        0x8000_0001,
    );
    simd::rotate(
        rows,
        &why(d, "rol_by_33_masked_to_1", ""),
        "rol",
        UD,
        0x8000_0001,
        o(UD, 33),
        0x0000_0003,
    );
    simd::rotate(
        rows,
        &why(d, "rol_by_minus_one", "-1 & 31 = 31"),
        "rol",
        UD,
        0x8000_0001,
        o(D, -1),
        0xC000_0000,
    );
    simd::rotate(
        rows,
        &why(
            d,
            "rol_d",
            "a D source rotates its bits, with no sign extension: 0x80000000 rol 1 = 1",
        ),
        "rol",
        D,
        INT_MIN,
        o(D, 1),
        1,
    );
    simd::rotate(
        rows,
        &why(d, "rol_uw_by_1", ""),
        "rol",
        UW,
        0x8001,
        o(UW, 1),
        0x0003,
    );
    simd::rotate(
        rows,
        &why(d, "rol_uw_by_15", ""),
        "rol",
        UW,
        0x8001,
        o(UW, 15),
        0xC000,
    );
    simd::rotate(
        rows,
        &why(d, "rol_uw_by_16_masked_to_0", ""),
        "rol",
        UW,
        0x8001,
        o(UW, 16),
        0x8001,
    );
    simd::rotate(
        rows,
        &why(d, "rol_uw_by_17_masked_to_1", ""),
        "rol",
        UW,
        0x8001,
        o(UW, 17),
        0x0003,
    );
    let d = "rol|ror (M1, 8) R(0,0)<1>:uq S0(0,0)<0;1,0>:uq S1(0,0)<0;1,0>:uq on Xe-HPC ({PVC+} Q, UQ): w = 64, count = src1 & 63.";
    simd::rotate_qword(rows, &why(d, "rol_by_1", ""), "rol", 1, 0x3);
    simd::rotate_qword(
        rows,
        &why(d, "rol_by_63", ""),
        "rol",
        63,
        0xC000_0000_0000_0000,
    );
    simd::rotate_qword(
        rows,
        &why(d, "rol_by_64_masked_to_0", ""),
        "rol",
        64,
        0x8000_0000_0000_0001,
    );
    simd::rotate_qword(rows, &why(d, "rol_by_65_masked_to_1", ""), "rol", 65, 0x3);
}

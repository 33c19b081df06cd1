//! SUBB (instructions/SUBB.md): the difference and the borrow, .sat under both readings of
//! SUBB-SAT, and the loop step under both readings of SUBB-LOOP-STEP.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use super::{four_lanes, two_results, OLD};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "subb",
    file: "catalog/alu/subb.jsonl",
    rows: add,
};

fn subb(rows: &mut Rows, d: &str, op: &str, a: u32, b: u32, diff: u32, borrow: u32) {
    rows.add(
        "values",
        two_results(XeHpg, op, a, b, diff, borrow).derived(d),
    );
}

fn add(rows: &mut Rows) {
    let d = "x - x = 0, no borrow.";
    subb(rows, d, "subb", 5, 5, 0, 0);
    let d = "0 - 1 = -1: low 32 bits 0xFFFFFFFF, borrow 1 (0 < 1).";
    subb(rows, d, "subb", 0, 1, 0xffff_ffff, 1);
    let d = "0 - 0xFFFFFFFF = -(2^32 - 1) ≡ 1 (mod 2^32), borrow 1.";
    subb(rows, d, "subb", 0, 0xffff_ffff, 1, 1);
    let d = "0xFFFFFFFF - 0 = 0xFFFFFFFF, no borrow.";
    subb(rows, d, "subb", 0xffff_ffff, 0, 0xffff_ffff, 0);
    let d = "2^31 - (2^31 - 1) = 1.";
    subb(rows, d, "subb", 0x8000_0000, 0x7fff_ffff, 1, 0);
    let d = "SUBB-SAT: .sat clamps -1 into UD: 0; the borrow is still 1 (src0 < src1).";
    subb(rows, d, "subb.sat", 0, 1, 0, 1);
    let d = ".sat with a difference in range changes nothing: 5 - 3 = 2.";
    subb(rows, d, "subb.sat", 5, 3, 2, 0);
    let d = ".sat: 0 - 0xFFFFFFFF = -(2^32 - 1) clamps to 0, borrow 1.";
    subb(rows, d, "subb.sat", 0, 0xffff_ffff, 0, 1);
    let d = "SUBB-SAT, literal: the Text form has no .sat, so subb.sat is invalid-instruction.";
    let row =
        two_results(XeHpg, "subb.sat", 0, 1, 0, 0).expect_error(ErrorClass::InvalidInstruction);
    rows.add("sat", row.literal(errata::SUBB_SAT).derived(d));
    let d = "SUBB-SAT, literal: without .sat both readings agree: 0 - 1 = 0xFFFFFFFF, borrow 1.";
    let row = two_results(XeHpg, "subb", 0, 1, 0xffff_ffff, 1);
    rows.add("sat", row.literal(errata::SUBB_SAT).derived(d));

    let (a, b) = ([5, 0, 7, 1], [3, 1, 7, 2]);
    let d = "Resolved (++i): 5-3 = 2; 0-1 = -1 → 0xFFFFFFFF, borrow; 7-7 = 0; 1-2 = -1, borrow.";
    let row = four_lanes("", "subb", a, b, 0)
        .expect_lanes("V1", DataType::UD, &[2, 0xffff_ffff, 0, 0xffff_ffff])
        .expect_lanes("C1", DataType::UD, &[0, 1, 0, 1])
        .tag(errata::SUBB_LOOP_STEP);
    rows.add("loop-step", row.derived(d));
    let d = "SUBB-SAT resolved: the same with .sat clamps the two negative differences to 0.";
    let row = four_lanes("", "subb.sat", a, b, 0)
        .expect_lanes("V1", DataType::UD, &[2, 0, 0, 0])
        .expect_lanes("C1", DataType::UD, &[0, 1, 0, 1])
        .tag(errata::SUBB_SAT);
    rows.add("loop-step", row.derived(d));
    let d = "SUBB-LOOP-STEP, literal (i += 2): channels 1 and 3 are never visited and keep OLD \
             (0xDEADBEEF); 5-3 = 2, 7-7 = 0.";
    let old = u64::from(OLD);
    let row = four_lanes("", "subb", a, b, 0)
        .expect_lanes("V1", DataType::UD, &[2, old, 0, old])
        .expect_lanes("C1", DataType::UD, &[0, old, 0, old])
        .literal(errata::SUBB_LOOP_STEP);
    rows.add("loop-step", row.derived(d));
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};

    let d = "subb[.sat] (M1, 4) R(0,0)<1>:ud C(0,0)<1>:ud S0(0,0)<1;1,0>:ud S1(0,0)<1;1,0>:ud (instructions/SUBB.md) with S0 = [5, 0, 7, 0], S1 = [3, 1, 7, 0xFFFFFFFF], R and C starting at 0xDEADBEEF: R = src0 - src1 mod 2^32, C = 1 where src0 < src1.";
    simd::subb_readings(
        rows,
        &why(
            d,
            "",
            "++i: 5-3 = 2; 0-1 → 0xFFFFFFFF, borrow; 7-7 = 0; 0 - 0xFFFFFFFF ≡ 1, borrow.",
        ),
        false,
        &[],
        [2, 0xFFFF_FFFF, 0, 1],
        [0, 1, 0, 1],
    );
    simd::subb_readings(
        rows,
        &why(
            d,
            "",
            ".sat (SUBB-SAT resolved): the negative differences clamp to 0; borrows unchanged.",
        ),
        true,
        &[],
        [2, 0, 0, 0],
        [0, 1, 0, 1],
    );
    simd::subb_readings(
        rows,
        &why(
            d,
            "",
            "SUBB-LOOP-STEP literal: i += 2 never visits lanes 1 and 3.",
        ),
        false,
        &[visa_spec::errata::SUBB_LOOP_STEP],
        [2, OLD, 0, OLD],
        [0, OLD, 0, OLD],
    );
}

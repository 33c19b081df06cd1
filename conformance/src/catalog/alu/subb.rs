//! SUBB (instructions/SUBB.md): the difference and the borrow, .sat under both readings of
//! SUBB-SAT, and the loop step under both readings of SUBB-LOOP-STEP.

use super::simd::SubbReadings8;
use super::{four_lanes, table, two_results, Group, Shape, OLD};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{self, XeHpg};
use visa_model::types::DataType::{self};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "subb", file: "catalog/alu/subb.jsonl", rows: add };

#[derive(Debug)]
#[rustfmt::skip]
struct Subb { op: &'static str, a: u32, b: u32, diff: u32, borrow: u32 }

impl Shape for Subb {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, a, b, diff) = (self.op, self.a, self.b, self.diff);
        let borrow = self.borrow;
        rows.add("values", two_results(XeHpg, op, a, b, diff, borrow).derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, SUBB);
    packed_uv(rows);
    let row = two_results(XeHpg, "subb.sat", 0, 1, 0, 0).expect_error(ErrorClass::InvalidInstruction);
    let d = "SUBB-SAT, literal: the Text form has no .sat, so subb.sat is invalid-instruction.";
    rows.add("sat", row.literal(errata::SUBB_SAT).derived(d));
    let row = two_results(XeHpg, "subb", 0, 1, 0xffff_ffff, 1);
    let d = "SUBB-SAT, literal: without .sat both readings agree: 0 - 1 = 0xFFFFFFFF, borrow 1.";
    rows.add("sat", row.literal(errata::SUBB_SAT).derived(d));
    let (a, b) = ([5, 0, 7, 1], [3, 1, 7, 2]);
    let row = four_lanes("", "subb", a, b, 0).expect_lanes("V1", DataType::UD, &[2, 0xffff_ffff, 0, 0xffff_ffff]).expect_lanes("C1", DataType::UD, &[0, 1, 0, 1])
        .tag(errata::SUBB_LOOP_STEP);
    let d = "Resolved (++i): 5-3 = 2; 0-1 = -1 → 0xFFFFFFFF, borrow; 7-7 = 0; 1-2 = -1, borrow.";
    rows.add("loop-step", row.derived(d));
    let row = four_lanes("", "subb.sat", a, b, 0).expect_lanes("V1", DataType::UD, &[2, 0, 0, 0]).expect_lanes("C1", DataType::UD, &[0, 1, 0, 1]).tag(errata::SUBB_SAT);
    let d = "SUBB-SAT resolved: the same with .sat clamps the two negative differences to 0.";
    rows.add("loop-step", row.derived(d));
    let old = u64::from(OLD);
    let row = four_lanes("", "subb", a, b, 0).expect_lanes("V1", DataType::UD, &[2, old, 0, old]).expect_lanes("C1", DataType::UD, &[0, old, 0, old])
        .literal(errata::SUBB_LOOP_STEP);
    let d = "SUBB-LOOP-STEP, literal (i += 2): channels 1 and 3 are never visited and keep OLD (0xDEADBEEF); 5-3 = 2, 7-7 = 0.";
    rows.add("loop-step", row.derived(d));
    // The multi-lane rows (built with `super::simd`).
    table(rows, SUBB_READINGS8);
}

#[rustfmt::skip]
const SUBB: &[Group<Subb>] = &[
    Group { d: "x - x = 0, no borrow.", rows: &[Subb { op: "subb", a: 5, b: 5, diff: 0, borrow: 0 }] },
    Group { d: "0 - 1 = -1: low 32 bits 0xFFFFFFFF, borrow 1 (0 < 1).", rows: &[Subb { op: "subb", a: 0, b: 1, diff: 0xffff_ffff, borrow: 1 }] },
    Group { d: "0 - 0xFFFFFFFF = -(2^32 - 1) ≡ 1 (mod 2^32), borrow 1.", rows: &[Subb { op: "subb", a: 0, b: 0xffff_ffff, diff: 1, borrow: 1 }] },
    Group { d: "0xFFFFFFFF - 0 = 0xFFFFFFFF, no borrow.", rows: &[Subb { op: "subb", a: 0xffff_ffff, b: 0, diff: 0xffff_ffff, borrow: 0 }] },
    Group { d: "2^31 - (2^31 - 1) = 1.", rows: &[Subb { op: "subb", a: 0x8000_0000, b: 0x7fff_ffff, diff: 1, borrow: 0 }] },
    Group { d: "SUBB-SAT: .sat clamps -1 into UD: 0; the borrow is still 1 (src0 < src1).", rows: &[Subb { op: "subb.sat", a: 0, b: 1, diff: 0, borrow: 1 }] },
    Group { d: ".sat with a difference in range changes nothing: 5 - 3 = 2.", rows: &[Subb { op: "subb.sat", a: 5, b: 3, diff: 2, borrow: 0 }] },
    Group { d: ".sat: 0 - 0xFFFFFFFF = -(2^32 - 1) clamps to 0, borrow 1.", rows: &[Subb { op: "subb.sat", a: 0, b: 0xffff_ffff, diff: 0, borrow: 1 }] },
];

#[rustfmt::skip]
const SUBB_READINGS8: &[Group<SubbReadings8>] = &[
    Group { d: "subb[.sat] (M1, 4) R(0,0)<1>:ud C(0,0)<1>:ud S0(0,0)<1;1,0>:ud S1(0,0)<1;1,0>:ud (instructions/SUBB.md) with S0 = [5, 0, 7, 0], S1 = [3, 1, 7, \
        0xFFFFFFFF], R and C starting at 0xDEADBEEF: R = src0 - src1 mod 2^32, C = 1 where src0 < src1.", rows: &[
        SubbReadings8 { case: "", saturate: false, literal: &[], diff: [2, 0xFFFF_FFFF, 0, 1], borrow: [0, 1, 0, 1],
            note: "++i: 5-3 = 2; 0-1 → 0xFFFFFFFF, borrow; 7-7 = 0; 0 - 0xFFFFFFFF ≡ 1, borrow." },
        SubbReadings8 { case: "", saturate: true, literal: &[], diff: [2, 0, 0, 0], borrow: [0, 1, 0, 1],
            note: ".sat (SUBB-SAT resolved): the negative differences clamp to 0; borrows unchanged." },
        SubbReadings8 { case: "", saturate: false, literal: &[visa_model::errata::SUBB_LOOP_STEP], diff: [2, OLD, 0, OLD], borrow: [0, OLD, 0, OLD],
            note: "SUBB-LOOP-STEP literal: i += 2 never visits lanes 1 and 3." },
    ] },
];

/// ADDC-SUBB-PACKED-UV: a `uv` immediate subtracted from a UD source, on xe-lp.
#[rustfmt::skip]
fn packed_uv(rows: &mut Rows) {
    let e = errata::ADDC_SUBB_PACKED_UV;
    let text = ".decl R v_type=G type=ud num_elts=2\n.decl C v_type=G type=ud num_elts=2\n.decl S0 v_type=G type=ud num_elts=1\n\
                subb (M1, 2) R(0,0)<1> C(0,0)<1> S0(0,0)<0;1,0> 0x40:uv\n";
    let row = Row::new(Platform::XeLp, text).var("S0", le32(&[2])).tag(e).expect_bytes("R", le32(&[2, 0xFFFF_FFFE])).expect_bytes("C", le32(&[0, 1]));
    let d = "ADDC-SUBB-PACKED-UV resolved: 0x40:uv has element 0 = 0 and element 1 = 4. Channel 0: 2 - 0 = 2, borrow 0; channel 1: 2 - 4 = -2: 0xFFFFFFFE, \
        borrow 1.";
    rows.add("packed-uv", row.derived(d));
    let row = Row::new(Platform::XeLp, text).var("S0", le32(&[2])).literal(e).expect_invalid("dst");
    let d = "ADDC-SUBB-PACKED-UV literal: the type map's sources are UD, so the UV immediate is invalid-instruction.";
    rows.add("packed-uv", row.derived(d));
}

//! ADDC (instructions/ADDC.md): the sum and the carry out, one lane and four lanes under
//! predication.

use super::{four_lanes, simd, table, two_results, Group, Shape, OLD};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::errata;
use visa_model::platform::Platform::{self, XeHpg};
use visa_model::types::DataType;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "addc", file: "catalog/alu/addc.jsonl", rows: add };

#[derive(Debug)]
#[rustfmt::skip]
struct Addc { a: u32, b: u32, sum: u32, carry: u32 }

impl Shape for Addc {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (a, b, sum, carry) = (self.a, self.b, self.sum, self.carry);
        rows.add("values", two_results(XeHpg, "addc", a, b, sum, carry).derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, ADDC);
    let a = [0xffff_ffff, 0xffff_ffff, 2, 9];
    let b = [1, 1, 2, 9];
    let row = four_lanes("(P1) ", "addc", a, b, 0b0101).expect_lanes("V1", DataType::UD, &[0, OLD.into(), 4, OLD.into()])
        .expect_lanes("C1", DataType::UD, &[1, OLD.into(), 0, OLD.into()]);
    let d = "(P1) with P1 = 0b0101: channels 0 and 2 run; 1 and 3 keep OLD (0xDEADBEEF) in dst and carry. Channel 0: 0xFFFFFFFF + 1 = 2^32 → 0, carry 1; channel 2: \
        2 + 2 = 4, carry 0.";
    rows.add("predication", row.derived(d));
    simd_programs(rows);
    packed_uv(rows);
}

/// ADDC-SUBB-PACKED-UV: IGC's `0x40:uv` (elements 0 and 4: bits [3:0] and [7:4]) added to
/// the low half of an address, on xe-lp.
#[rustfmt::skip]
fn packed_uv(rows: &mut Rows) {
    let e = errata::ADDC_SUBB_PACKED_UV;
    let text = ".decl R v_type=G type=ud num_elts=2\n.decl C v_type=G type=ud num_elts=2\n.decl S0 v_type=G type=ud num_elts=1\n\
                addc (M1, 2) R(0,0)<1> C(0,0)<1> S0(0,0)<0;1,0> 0x40:uv\n";
    let row = Row::new(Platform::XeLp, text).var("S0", le32(&[0xFFFF_FFFC])).tag(e).expect_bytes("R", le32(&[0xFFFF_FFFC, 0]))
        .expect_bytes("C", le32(&[0, 1]));
    let d = "ADDC-SUBB-PACKED-UV resolved: 0x40:uv has element 0 = 0 and element 1 = 4. Channel 0: 0xFFFFFFFC + 0 = 0xFFFFFFFC, carry 0; channel 1: 0xFFFFFFFC + 4 = 2^32: 0, \
        carry 1.";
    rows.add("packed-uv", row.derived(d));
    let row = Row::new(Platform::XeLp, text).var("S0", le32(&[0xFFFF_FFFC])).literal(e).expect_invalid("dst");
    let d = "ADDC-SUBB-PACKED-UV literal: the type map's sources are UD, so the UV immediate is invalid-instruction.";
    rows.add("packed-uv", row.derived(d));
}

#[rustfmt::skip]
const ADDC: &[Group<Addc>] = &[
    Group { d: "0xFFFFFFFF + 1 = 2^32: low 32 bits 0, carry out 1.", rows: &[Addc { a: 0xffff_ffff, b: 1, sum: 0, carry: 1 }] },
    Group { d: "0 + 0 = 0: no carry.", rows: &[Addc { a: 0, b: 0, sum: 0, carry: 0 }] },
    Group { d: "1 + 2 = 3.", rows: &[Addc { a: 1, b: 2, sum: 3, carry: 0 }] },
    Group { d: "0xFFFFFFFF + 0xFFFFFFFF = 2^33 - 2 = 0x1_FFFFFFFE: low 0xFFFFFFFE, carry 1 (never 2).",
        rows: &[Addc { a: 0xffff_ffff, b: 0xffff_ffff, sum: 0xffff_fffe, carry: 1 }] },
    Group { d: "2^31 + 2^31 = 2^32: 0, carry 1.", rows: &[Addc { a: 0x8000_0000, b: 0x8000_0000, sum: 0, carry: 1 }] },
    Group { d: "0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF fits: carry 0.", rows: &[Addc { a: 0x7fff_ffff, b: 0x8000_0000, sum: 0xffff_ffff, carry: 0 }] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl R v_type=G type=ud num_elts=4\n.decl C v_type=G type=ud num_elts=4\n\
                .decl S0 v_type=G type=ud num_elts=4\n.decl S1 v_type=G type=ud num_elts=4\n\
                addc (M1, 4) R(0,0)<1> C(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>\n";
    let row = simd::text_row(text).var("R", le32(&[OLD; 4])).var("C", le32(&[OLD; 4])).var("S0", le32(&[0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0x7FFF_FFFF]))
        .var("S1", le32(&[1, 0, 0xFFFF_FFFF, 0x8000_0000])).expect_bytes("R", le32(&[0, 0, 0xFFFF_FFFE, 0xFFFF_FFFF])).expect_bytes("C", le32(&[1, 0, 1, 0]));
    let d = "addc (M1, 4) R(0,0)<1>:ud C(0,0)<1>:ud S0(0,0)<1;1,0>:ud S1(0,0)<1;1,0>:ud, R and C starting at 0xDEADBEEF: 0xFFFFFFFF + 1 = 2^32: 0, carry 1. 0 + 0: \
        0, 0. 0xFFFFFFFF + 0xFFFFFFFF = 0x1_FFFFFFFE: carry 1. 0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF: carry 0.";
    rows.add("four-lanes", row.derived(d));
    let text = ".decl R v_type=G type=ud num_elts=4\n.decl C v_type=G type=ud num_elts=4\n\
                .decl S0 v_type=G type=d num_elts=1\n.decl P v_type=P num_elts=4\n\
                .decl M v_type=G type=d num_elts=16\n\
                (!P) addc (M1, 4) R(0,0)<1> C(0,0)<1> 0xffffffff:ud 0x1:ud\n\
                madw (M1, 1) M(0,0)<1> (-)S0(0,0)<0;1,0> 0x2:d 0x0:d\n";
    let mut m = [0u32; 16];
    m[8] = 1;
    let row = simd::text_row(text).var("R", le32(&[OLD; 4])).var("C", le32(&[OLD; 4])).var("S0", simd::i32s(&[i32::MIN])).pred("P", 0b0110)
        .expect_bytes("R", le32(&[0, OLD, OLD, 0])).expect_bytes("C", le32(&[1, OLD, OLD, 1])).expect_bytes("M", le32(&m));
    let d = "(!P) addc (M1, 4) R C 0xFFFFFFFF:ud 0x1:ud with P = 0b0110: channels 0 and 3 run: 2^32 → 0, carry 1; channels 1 and 2 keep 0xDEADBEEF. Then madw (M1, \
        1) M(0,0)<1>:d (-)S0(0,0)<0;1,0>:d 0x2:d 0x0:d with S0 = INT_MIN: (-)INT_MIN = +2^31 exactly (OPERAND-MODIFIER-TABLE); 2^31 * 2 + 0 = 2^32: low half 0, \
        high half 1 one GRF later (M's element 8 on 32-byte GRFs).";
    rows.add("four-lanes", row.derived(d));
}

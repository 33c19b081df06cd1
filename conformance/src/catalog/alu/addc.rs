//! ADDC (instructions/ADDC.md): the sum and the carry out, one lane and four lanes under
//! predication.

use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;

use super::{four_lanes, two_results, OLD};
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "addc",
    file: "catalog/alu/addc.jsonl",
    rows: add,
};

fn addc(rows: &mut Rows, d: &str, a: u32, b: u32, sum: u32, carry: u32) {
    rows.add(
        "values",
        two_results(XeHpg, "addc", a, b, sum, carry).derived(d),
    );
}

fn add(rows: &mut Rows) {
    let d = "0xFFFFFFFF + 1 = 2^32: low 32 bits 0, carry out 1.";
    addc(rows, d, 0xffff_ffff, 1, 0, 1);
    let d = "0 + 0 = 0: no carry.";
    addc(rows, d, 0, 0, 0, 0);
    let d = "1 + 2 = 3.";
    addc(rows, d, 1, 2, 3, 0);
    let d = "0xFFFFFFFF + 0xFFFFFFFF = 2^33 - 2 = 0x1_FFFFFFFE: low 0xFFFFFFFE, carry 1 (never 2).";
    addc(rows, d, 0xffff_ffff, 0xffff_ffff, 0xffff_fffe, 1);
    let d = "2^31 + 2^31 = 2^32: 0, carry 1.";
    addc(rows, d, 0x8000_0000, 0x8000_0000, 0, 1);
    let d = "0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF fits: carry 0.";
    addc(rows, d, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0);
    let d = "(P1) with P1 = 0b0101: channels 0 and 2 run; 1 and 3 keep OLD (0xDEADBEEF) in dst \
             and carry. Channel 0: 0xFFFFFFFF + 1 = 2^32 → 0, carry 1; channel 2: 2 + 2 = 4, \
             carry 0.";
    let a = [0xffff_ffff, 0xffff_ffff, 2, 9];
    let b = [1, 1, 2, 9];
    let row = four_lanes("(P1) ", "addc", a, b, 0b0101)
        .expect_lanes("V1", DataType::UD, &[0, OLD.into(), 4, OLD.into()])
        .expect_lanes("C1", DataType::UD, &[1, OLD.into(), 0, OLD.into()]);
    rows.add("predication", row.derived(d));
    simd_programs(rows);
}

/// Multi-lane rows written out as text.
fn simd_programs(rows: &mut Rows) {
    use super::simd;
    use crate::catalog::build::le32;
    use simd::OLD;

    let d = "addc (M1, 4) R(0,0)<1>:ud C(0,0)<1>:ud S0(0,0)<1;1,0>:ud S1(0,0)<1;1,0>:ud, R and C \
             starting at 0xDEADBEEF: 0xFFFFFFFF + 1 = 2^32: 0, carry 1. 0 + 0: 0, 0. 0xFFFFFFFF \
             + 0xFFFFFFFF = 0x1_FFFFFFFE: carry 1. 0x7FFFFFFF + 0x80000000 = 0xFFFFFFFF: carry 0.";
    let text = ".decl R v_type=G type=ud num_elts=4\n.decl C v_type=G type=ud num_elts=4\n\
                .decl S0 v_type=G type=ud num_elts=4\n.decl S1 v_type=G type=ud num_elts=4\n\
                addc (M1, 4) R(0,0)<1> C(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>\n";
    let row = simd::text_row(text)
        .var("R", le32(&[OLD; 4]))
        .var("C", le32(&[OLD; 4]))
        .var("S0", le32(&[0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0x7FFF_FFFF]))
        .var("S1", le32(&[1, 0, 0xFFFF_FFFF, 0x8000_0000]))
        .expect_bytes("R", le32(&[0, 0, 0xFFFF_FFFE, 0xFFFF_FFFF]))
        .expect_bytes("C", le32(&[1, 0, 1, 0]));
    rows.add("four-lanes", row.derived(d));

    let d =
        "(!P) addc (M1, 4) R C 0xFFFFFFFF:ud 0x1:ud with P = 0b0110: channels 0 and 3 run: 2^32 \
             → 0, carry 1; channels 1 and 2 keep 0xDEADBEEF. Then madw (M1, 1) M(0,0)<1>:d \
             (-)S0(0,0)<0;1,0>:d 0x2:d 0x0:d with S0 = INT_MIN: (-)INT_MIN = +2^31 exactly \
             (OPERAND-MODIFIER-TABLE); 2^31 * 2 + 0 = 2^32: low half 0, high half 1 one GRF later \
             (M's element 8 on 32-byte GRFs).";
    let text = ".decl R v_type=G type=ud num_elts=4\n.decl C v_type=G type=ud num_elts=4\n\
                .decl S0 v_type=G type=d num_elts=1\n.decl P v_type=P num_elts=4\n\
                .decl M v_type=G type=d num_elts=16\n\
                (!P) addc (M1, 4) R(0,0)<1> C(0,0)<1> 0xffffffff:ud 0x1:ud\n\
                madw (M1, 1) M(0,0)<1> (-)S0(0,0)<0;1,0> 0x2:d 0x0:d\n";
    let mut m = [0u32; 16];
    m[8] = 1;
    let row = simd::text_row(text)
        .var("R", le32(&[OLD; 4]))
        .var("C", le32(&[OLD; 4]))
        .var("S0", simd::i32s(&[i32::MIN]))
        .pred("P", 0b0110)
        .expect_bytes("R", le32(&[0, OLD, OLD, 0]))
        .expect_bytes("C", le32(&[1, OLD, OLD, 1]))
        .expect_bytes("M", le32(&m));
    rows.add("four-lanes", row.derived(d));
}

//! ADDC (instructions/ADDC.md): the sum and the carry out, one lane and four lanes under
//! predication.

use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;

use super::{four_lanes, two_results, OLD};
use crate::catalog::{Doc, Rows};

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
}

//! SVM_GATHER (instructions/SVM_GATHER.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_gather", file: "catalog/svm/svm_gather.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "4-byte blocks, SIMD4: dst[i] = *(Addresses[i]); addresses 0x10c, 0x108, 0x104, 0x100 read ramp words 3, 2, 1, 0.";
    rows.add("rows", check(case("svm_gather.4.1 (M1, 4) VA.0 VD.0").var("VA", le64(&[0x10c, 0x108, 0x104, 0x100])).mem(0x100, ramp(0, 16)),
        Want::Reg("VD", 0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3]))).derived(d));
    let d = "4-byte blocks x2, SIMD8, lane i at 0x100 + 8i: dst[j*8+i] = *(0x100 + 8i + 4j). Element 8 (j=1, i=0) is the word at 0x104: ramp 4..8; element 9 (j=1, i=1) at 0x10c: ramp 12..16.";
    rows.add("rows", check(case("svm_gather.4.2 (M1, 8) VA.0 VD.0").var("VA", le64(&[0x100, 0x108, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138]))
        .mem(0x100, ramp(0, 64)), Want::Reg("VD", 32, some(&[4, 5, 6, 7, 12, 13, 14, 15]))).derived(d));
    let d = "4-byte blocks x8 (SIMD8 only): element 7*8 + 0 = 56 (register byte 224) is lane 0's block 7 at 0x100 + 28: ramp 28..32.";
    rows.add("rows", check(case("svm_gather.4.8 (M1, 8) VA.0 VD.0").var("VA", le64(&[0x100, 0x140, 0x180, 0x1c0, 0x200, 0x240, 0x280, 0x2c0]))
        .mem(0x100, ramp(0, 64)), Want::Reg("VD", 224, some(&[28, 29, 30, 31]))).derived(d));
    let d = "8-byte blocks x2, SIMD8, lane i at 0x100 + 16i: element 8 (j=1, i=0) is the qword at 0x108 (ramp 8..16) at register byte 64; element 1 (j=0, i=1) at 0x110 (ramp 16..24) at byte 8.";
    rows.add("rows", check(case("svm_gather.8.2 (M1, 8) VA.0 VQ.0").var("VA", le64(&[0x100, 0x110, 0x120, 0x130, 0x140, 0x150, 0x160, 0x170]))
        .mem(0x100, ramp(0, 128)), Want::Reg("VQ", 64, some(&ramp(8, 8)))).derived(d));
    rows.add("rows", check(case("svm_gather.8.2 (M1, 8) VA.0 VQ.0").var("VA", le64(&[0x100, 0x110, 0x120, 0x130, 0x140, 0x150, 0x160, 0x170]))
        .mem(0x100, ramp(0, 128)), Want::Reg("VQ", 8, some(&ramp(16, 8)))).derived(d));
    let d = "1-byte blocks x2, SIMD8: min_block_size 4; dst[i*4+j] = *(Addresses[i] + j) for j < 2, bytes 2, 3 of each lane undefined. Lane 0 at 0x100 (ramp 0, 1), lane 1 at 0x105 (5, 6).";
    rows.add("rows", check(case("svm_gather.1.2 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x100, 0x105, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138]))
        .mem(0x100, ramp(0, 64)), Want::Reg("VB", 0, vec![Some(0), Some(1), None, None, Some(5), Some(6), None, None])).derived(d));
    let d = "1-byte blocks x1, SIMD1: dst[0] = *(0x107) = 7; bytes 1..4 undefined.";
    rows.add("rows", check(case("svm_gather.1.1 (M1, 1) VA.0 VB.0").var("VA", le64(&[0x107])).mem(0x100, ramp(0, 16)),
        Want::Reg("VB", 0, vec![Some(7), None, None, None])).derived(d));
    let d = "1-byte blocks x4, SIMD8: lane 1 at 0x109 fills dst[4..8] with ramp 9..13.";
    rows.add("rows", check(case("svm_gather.1.4 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x100, 0x109, 0x110, 0x118, 0x120, 0x128, 0x130, 0x138]))
        .mem(0x100, ramp(0, 64)), Want::Reg("VB", 0, some(&[0, 1, 2, 3, 9, 10, 11, 12]))).derived(d));
    let d = "Predicate 0b10: lane 0 is off and keeps VD's 0xee bytes; lane 1 reads 0x104 (ramp 4..8).";
    rows.add("rows", check(case("(P1) svm_gather.4.1 (M1, 2) VA.0 VD.0").var("VA", le64(&[0x100, 0x104])).var("VD", vec![0xee; 8]).mem(0x100, ramp(0, 8)).pred(0b10),
        Want::Reg("VD", 0, some(&[0xee, 0xee, 0xee, 0xee, 4, 5, 6, 7]))).derived(d));
    let d = "A 4-byte block at 0x102 is misaligned.";
    rows.add("rows", check(case("svm_gather.4.1 (M1, 1) VA.0 VD.0").var("VA", le64(&[0x102])), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "Wrap-around: 0xffff_ffff_ffff_fffc + 4*1 for block 1 is 0x0: the word at 0 (ramp 0..4) lands in element 1*1 + 0 = 1 ... SIMD8 needed for 2 blocks: lane 0 only enabled (pred 1).";
    rows.add("rows", check(case("(P1) svm_gather.4.2 (M1, 8) VA.0 VD.0").var("VA", le64(&[0xffff_ffff_ffff_fffc])).mem(0, ramp(0, 4)).pred(1),
        Want::Reg("VD", 32, some(&[0, 1, 2, 3]))).derived(d));
}

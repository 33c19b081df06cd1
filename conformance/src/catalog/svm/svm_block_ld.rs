//! SVM_BLOCK_LD (instructions/SVM_BLOCK_LD.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_block_ld", file: "catalog/svm/svm_block_ld.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "One oword at 0x100: dst[0] = *(0x100): the 16 ramp bytes 0..16.";
    rows.add("block", check(case("svm_block_ld (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 32)), Want::Reg("VD", 0, some(&ramp(0, 16))))
        .derived(d));
    let d = "Two owords: dst[1] = *(0x100 + 16): ramp bytes 16..32 at register bytes 16..32.";
    rows.add("block", check(case("svm_block_ld (2) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x100])).mem(0x100, ramp(0, 32)), Want::Reg("VD", 16, some(&ramp(16, 16))))
        .derived(d));
    let d = "`.unaligned` at 0x104 (dword aligned): bytes 0x104.. are ramp 4..20.";
    rows.add("block", check(case("svm_block_ld.unaligned (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x104])).mem(0x100, ramp(0, 32)),
        Want::Reg("VD", 0, some(&ramp(4, 16)))).derived(d));
    let d = "Without `.unaligned` 0x104 is not oword aligned: undefined (SVM-ADDRESS-ALIGNMENT).";
    rows.add("block", check(case("svm_block_ld (1) VA(0,0)<0;1,0> VD.0").var("VA", le64(&[0x104])), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "Immediate address: 0x20 + i*16 for 4 owords reads ramp 0..64 from 0x20; the last oword (register bytes 48..64) is ramp 48..64.";
    rows.add("block", check(case("svm_block_ld (4) 0x20:uq VD.0").mem(0x20, ramp(0, 64)), Want::Reg("VD", 48, some(&ramp(48, 16)))).derived(d));
}

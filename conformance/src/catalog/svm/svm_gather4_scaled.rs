//! SVM_GATHER4_SCALED (instructions/SVM_GATHER4_SCALED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_gather4_scaled", file: "catalog/svm/svm_gather4_scaled.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "Gather4 RB, SIMD8, xe-hpg: R of lane 1 = *(0x1000 + 16 + 0) = 0x11111111 at dst[1]; B of lane 1 = *(0x1000 + 16 + 8) at dst[8 + 1] (ch_pos 1 starts at max(8, 8) = 8).";
    rows.add("rows", check(case("svm_gather4scaled.RB (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1010, le32(&[0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444])), Want::Reg("VD", 4, some(&le32(&[0x1111_1111])))).derived(d));
    rows.add("rows", check(case("svm_gather4scaled.RB (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1010, le32(&[0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444])), Want::Reg("VD", 36, some(&le32(&[0x3333_3333])))).derived(d));
    let d = "xe2 (64-byte GRF), SIMD8: a channel takes max(8, 16) = 16 elements, so G (ch_pos 1) of lane 0 = *(0x1000 + 4) lands at dst[16] (byte 64); dst[8..16] (bytes 32..64) are undefined.";
    rows.add("rows", check(case("svm_gather4scaled.RG (M1, 8) 0x1000:uq VO.0 VD.0").on(Platform::Xe2).var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112]))
        .mem(0x1000, le32(&[0xaaaa_aaaa, 0xbbbb_bbbb])), Want::Reg("VD", 64, some(&le32(&[0xbbbb_bbbb])))).derived(d));
    rows.add("rows", check(case("svm_gather4scaled.RG (M1, 8) 0x1000:uq VO.0 VD.0").on(Platform::Xe2).var("VO", le64(&[0, 16, 32, 48, 64, 80, 96, 112])),
        Want::Reg("VD", 60, vec![None; 4])).derived(d));
    let d = "Address + offset not dword aligned: 0x1000 + 2.";
    rows.add("rows", check(case("svm_gather4scaled.R (M1, 8) 0x1000:uq VO.0 VD.0").var("VO", le64(&[2, 0, 0, 0, 0, 0, 0, 0])),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
}

//! SVM_SCATTER (instructions/SVM_SCATTER.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_scatter", file: "catalog/svm/svm_scatter.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "Scatter 4-byte x2, SIMD8, lane i at 0x400 + 8i: *(0x400 + 8i + 4j) = src[j*8+i]: memory 0x400.. holds src words 0, 8, 1, 9: VS ramp bytes 0..4, 32..36, 4..8, 36..40.";
    rows.add("rows", check(case("svm_scatter.4.2 (M1, 8) VA.0 VS.0").var("VA", le64(&[0x400, 0x408, 0x410, 0x418, 0x420, 0x428, 0x430, 0x438]))
        .var("VS", ramp(0, 64)), Want::Mem(0x400, some(&[0, 1, 2, 3, 32, 33, 34, 35, 4, 5, 6, 7, 36, 37, 38, 39]))).derived(d));
    let d = "Scatter 1-byte x2: lane 0 writes src[0], src[1] to 0x400, 0x401; src[2..4] ignored, so 0x402 keeps its 0xff.";
    rows.add("rows", check(case("svm_scatter.1.2 (M1, 8) VA.0 VB.0").var("VA", le64(&[0x400, 0x408, 0x410, 0x418, 0x420, 0x428, 0x430, 0x438]))
        .var("VB", ramp(0x50, 32)).mem(0x400, vec![0xff; 4]), Want::Mem(0x400, some(&[0x50, 0x51, 0xff, 0xff]))).derived(d));
    let d = "SVM-BYTE-BLOCKS-EXEC-SIZE resolved: 1-byte blocks x4 at SIMD1 (IGC's uniform store of four bytes on xe-lp): lane 0 writes src[0*4 + j] to 0x401 + j for j < 4: ramp 0x50..0x54; 0x400 and 0x405 keep 0xff.";
    rows.add("byte-blocks", check(case("svm_scatter.1.4 (M1, 1) VA.0 VB.0").var("VA", le64(&[0x401])).var("VB", ramp(0x50, 4)).mem(0x400, vec![0xff; 6])
        .tag(errata::SVM_BYTE_BLOCKS_EXEC_SIZE).on(Platform::XeLp), Want::Mem(0x400, some(&[0xff, 0x50, 0x51, 0x52, 0x53, 0xff]))).derived(d));
    let d = "SVM-BYTE-BLOCKS-EXEC-SIZE literal: the Notes' 'When num_blocks > 1, exec_size must >= 8' rejects 4 blocks at SIMD1.";
    rows.add("byte-blocks", check(case("svm_scatter.1.4 (M1, 1) VA.0 VB.0").var("VA", le64(&[0x401])).literal(errata::SVM_BYTE_BLOCKS_EXEC_SIZE).on(Platform::XeLp),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "exec_size")).derived(d));
    let d = "4-byte blocks x2 at SIMD1 stay invalid under both readings (SVM-BYTE-BLOCKS-EXEC-SIZE exempts 1-byte blocks only: the loop's src[j*exec_size+i] and the SIMD8 message's register per block differ).";
    rows.add("byte-blocks", check(case("svm_scatter.4.2 (M1, 1) VA.0 VS.0").var("VA", le64(&[0x400])), Want::ErrorAt(ErrorClass::InvalidInstruction, "exec_size")).derived(d));
    let d = "Scatter 8-byte x1, SIMD2, both lanes at 0x400 with different qwords: the bytes are stored twice with different values: undefined.";
    rows.add("rows", check(case("svm_scatter.8.1 (M1, 2) VA.0 VSQ.0").var("VA", le64(&[0x400, 0x400])).var("VSQ", le64(&[1, 2])),
        Want::Mem(0x400, vec![None, Some(0), Some(0), Some(0), Some(0), Some(0), Some(0), Some(0)])).derived(d));
}

//! SVM_ATOMIC (instructions/SVM_ATOMIC.md): hand-derived rows, each with its derivation.

use super::*;

pub const DOC: Doc = Doc {
    family: "svm",
    instruction: "svm_atomic",
    file: "catalog/svm/svm_atomic.jsonl",
    rows: add,
};

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). ADD: 5 + 3 = 8; returns 5.";
    atomic_rows(rows, d, case("svm_atomic.add (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[3])), le32(&[5]), le32(&[5]), le32(&[8]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). SUB: 5 - 7 wraps to 0xffff_fffe.";
    atomic_rows(rows, d, case("svm_atomic.sub (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[7])), le32(&[5]), le32(&[5]), le32(&[0xffff_fffe]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). INC: 0xffff_ffff + 1 wraps to 0.";
    atomic_rows(rows, d, case("svm_atomic.inc (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[F]), le32(&[F]), le32(&[0]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). DEC: 0 - 1 wraps to 0xffff_ffff.";
    atomic_rows(rows, d, case("svm_atomic.dec (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[0]), le32(&[0]), le32(&[F]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). MIN (unsigned): min(5, 0xffff_fff0) = 5.";
    atomic_rows(rows, d, case("svm_atomic.min (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0xffff_fff0])), le32(&[5]), le32(&[5]), le32(&[5]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). MAX (unsigned): max(5, 0xffff_fff0) = 0xffff_fff0.";
    atomic_rows(rows, d, case("svm_atomic.max (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0xffff_fff0])), le32(&[5]), le32(&[5]), le32(&[0xffff_fff0]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). XCHG: new = src0 = 9.";
    atomic_rows(rows, d, case("svm_atomic.xchg (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[9])).tag(errata::SVM_ATOMIC_OPERAND_ORDER), le32(&[5]), le32(&[5]),
        le32(&[9]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). CMPXCHG: old == src1 (5): new = src0 = 9.";
    atomic_rows(rows, d, case("svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0").var("VS", le32(&[9])).var("VS1", le32(&[5])), le32(&[5]), le32(&[5]), le32(&[9]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). CMPXCHG: old (5) != src1 (6): unchanged.";
    atomic_rows(rows, d, case("svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0").var("VS", le32(&[9])).var("VS1", le32(&[6])), le32(&[5]), le32(&[5]), le32(&[5]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). AND: 0b1100 & 0b1010 = 0b1000.";
    atomic_rows(rows, d, case("svm_atomic.and (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b1000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). OR: 0b1100 | 0b1010 = 0b1110.";
    atomic_rows(rows, d, case("svm_atomic.or (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b1110]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). XOR: 0b1100 ^ 0b1010 = 0b0110.";
    atomic_rows(rows, d, case("svm_atomic.xor (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VS", le32(&[0b1010])), le32(&[0b1100]), le32(&[0b1100]), le32(&[0b0110]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). IMIN (signed): min(5, -3) = -3 = 0xffff_fffd.";
    atomic_rows(rows, d, case("svm_atomic.imin (M1, 1) VA.0 VDD.0 VSD.0 %null.0").var("VSD", le32(&[0xffff_fffd])), le32(&[5]), le32(&[5]), le32(&[0xffff_fffd]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). IMAX (signed): max(-5, 3) = 3.";
    atomic_rows(rows, d, case("svm_atomic.imax (M1, 1) VA.0 VDD.0 VSD.0 %null.0").var("VSD", le32(&[3])), le32(&[0xffff_fffb]), le32(&[0xffff_fffb]), le32(&[3]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). PREDEC: 5 - 1 = 4, and the new value 4 is returned (SVM-ATOMIC-PREDEC resolved).";
    atomic_rows(rows, d, case("svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0"), le32(&[5]), le32(&[4]), le32(&[4]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). ... literal: the loop returns the old value 5.";
    atomic_rows(rows, d, case("svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0").literal(errata::SVM_ATOMIC_PREDEC), le32(&[5]), le32(&[5]), le32(&[4]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FMAX: max(1.0, 2.0) = 2.0 (0x4000_0000); returns 1.0 (0x3f80_0000).";
    atomic_rows(rows, d, case("svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]),
        le32(&[0x4000_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FMIN: min(1.0, 2.0) = 1.0.";
    atomic_rows(rows, d, case("svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]),
        le32(&[0x3f80_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FMIN with -0 in memory and +0 from src0: -0 orders below +0: memory keeps -0.";
    atomic_rows(rows, d, case("svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0])), le32(&[0x8000_0000]), le32(&[0x8000_0000]),
        le32(&[0x8000_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FMAX with a quiet NaN in memory: the other operand 2.0.";
    atomic_rows(rows, d, case("svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0").var("VSF", le32(&[0x4000_0000])), le32(&[0x7fc0_0001]), le32(&[0x7fc0_0001]),
        le32(&[0x4000_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FCMPWR: src0 (+0) == old (-0) as floats: new = src1 = 2.0.";
    atomic_rows(rows, d, case("svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 VS1F.0").var("VSF", le32(&[0])).var("VS1F", le32(&[0x4000_0000])), le32(&[0x8000_0000]),
        le32(&[0x8000_0000]), le32(&[0x4000_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). FCMPWR: 1.0 != 3.0: unchanged.";
    atomic_rows(rows, d, case("svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 VS1F.0").var("VSF", le32(&[0x4040_0000])).var("VS1F", le32(&[0x4000_0000])),
        le32(&[0x3f80_0000]), le32(&[0x3f80_0000]), le32(&[0x3f80_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). 64-bit ADD: 0xffff_ffff + 1 = 0x1_0000_0000 (no wrap at 32 bits).";
    atomic_rows(rows, d, case("svm_atomic.add.64 (M1, 1) VA.0 VQ.0 VSQ.0 %null.0").var("VSQ", le64(&[1])), le64(&[0xffff_ffff]), le64(&[0xffff_ffff]),
        le64(&[0x1_0000_0000]));
    let d = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned). SVM-ATOMIC-OPERAND-ORDER literal: `<addresses> <src0> <src1> <dst>`: XCHG with src0 VS (9) and dst VD: the same effect as the resolved row above.";
    atomic_rows(rows, d, case("svm_atomic.xchg (M1, 1) VA.0 VS.0 %null.0 VD.0").var("VS", le32(&[9])).literal(errata::SVM_ATOMIC_OPERAND_ORDER), le32(&[5]),
        le32(&[5]), le32(&[9]));
    let d = "16-bit ADD (SVM_ATOMIC.md, Notes): the word at 0x40 is 0xffff; src0's dword 0x0001_0002 \
             contributes its lower word 2: 0xffff + 2 wraps to 0x0001; the byte at 0x42 (0xab) is \
             not touched. The returned dword holds 0xffff in its lower word and an undefined upper \
             word (SVM-ATOMIC-16BIT-WRITEBACK).";
    let c = case("svm_atomic.add.16 (M1, 1) VA.0 VD.0 VS.0 %null.0").var("VA", le64(&[0x40])).var("VS", le32(&[0x0001_0002])).mem(0x40, vec![0xff, 0xff, 0xab]);
    let row = c.observe(vec![Want::Reg("VD", 0, vec![Some(0xff), Some(0xff), None, None]), Want::Mem(0x40, some(&[0x01, 0x00, 0xab]))]);
    rows.add("16bit", row.derived(d));
    let d = "SIMD4 INC on four distinct words, lane 2 disabled by the predicate: words 0x40, 0x44, \
             0x4c go 7 -> 8; 0x48 keeps 7; the returned dwords are 7 (lane 2's keeps VD's 0xee \
             bytes).";
    let c = case("(P1) svm_atomic.inc (M1, 4) VA.0 VD.0 %null.0 %null.0").var("VA", le64(&[0x40, 0x44, 0x48, 0x4c])).var("VD", vec![0xee; 16])
        .mem(0x40, le32(&[7, 7, 7, 7])).pred(0b1011);
    let row = c.observe(vec![Want::Mem(0x40, some(&le32(&[8, 8, 7, 8]))), Want::Reg("VD", 0, some(&le32(&[7, 7, 0xeeee_eeee, 7])))]);
    rows.add("predicated", row.derived(d));
    signed_types(rows);
}

/// D operands on an operation typed UD, as IGC writes OpenCL's signed atomic_add (erratum
/// SVM-ATOMIC-SIGNED-TYPES).
#[rustfmt::skip]
fn signed_types(rows: &mut Rows) {
    let c = || case("svm_atomic.add (M1, 1) VA.0 VDD.0 VSD.0 %null.0").var("VSD", le32(&[0xffff_fffd])).var("VA", le64(&[0x40])).mem(0x40, le32(&[5]));
    let d = "SVM-ATOMIC-SIGNED-TYPES resolved: ADD on D operands acts on their bits as on UD: old 5 at 0x40, src0 -3 (0xfffffffd): 5 + 0xfffffffd = 2 modulo 2^32 is stored; the old 5 is returned in VDD.";
    let row = c().observe(vec![Want::Reg("VDD", 0, some(&le32(&[5]))), Want::Mem(0x40, some(&le32(&[2])))]);
    rows.add("signed", row.derived(d));
    let d = "SVM-ATOMIC-SIGNED-TYPES literal: SVM_ATOMIC.md types ADD's operands UD, so the D src0 is invalid-instruction.";
    let row = c().literal(errata::SVM_ATOMIC_SIGNED_TYPES).observe(vec![Want::ErrorAt(ErrorClass::InvalidInstruction, "src0")]);
    rows.add("signed", row.derived(d));
}

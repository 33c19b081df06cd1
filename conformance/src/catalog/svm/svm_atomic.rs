//! SVM_ATOMIC (instructions/SVM_ATOMIC.md): hand-derived rows, each with its derivation.

use super::*;
use crate::catalog::build::How::{self, *};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_atomic", file: "catalog/svm/svm_atomic.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    for &Op { text, srcs, how, old, dst, mem, d } in OPS {
        let mut c = case(text);
        for &(var, value) in srcs {
            c = c.var(var, le32(&[value]));
        }
        let c = match how {
            How::Plain => c,
            How::Tag(tag) => c.tag(tag),
            How::Literal(erratum) => c.literal(erratum),
        };
        atomic_rows(rows, &format!("{OP} {d}"), c, le32(&[old]), le32(&[dst]), le32(&[mem]));
    }
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

/// A SIMD1 atomic of [`DECLS`]'s variables at 0x40 holding `old`: `text` with its sources
/// (`(variable, d32)`), `how` it stands to the errata, `dst` the returned dword and `mem` the
/// dword left at 0x40. `d` follows [`OP`] in the derivation.
#[derive(Debug)]
struct Op {
    text: &'static str,
    srcs: &'static [(&'static str, u32)],
    how: How,
    old: u32,
    dst: u32,
    mem: u32,
    d: &'static str,
}

/// What every [`Op`] row's derivation starts with.
const OP: &str = "One SIMD1 atomic at 0x40 holding `old`; `dst` is the returned register bytes, `mem` the bytes at 0x40 afterwards (DWORD_ATOMIC_OP: new from old, src0, src1; old returned).";

#[rustfmt::skip]
const OPS: &[Op] = &[
    Op { text: "svm_atomic.add (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 3)], how: Plain, old: 5, dst: 5, mem: 8, d: "ADD: 5 + 3 = 8; returns 5." },
    Op { text: "svm_atomic.sub (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 7)], how: Plain, old: 5, dst: 5, mem: 0xffff_fffe,
            d: "SUB: 5 - 7 wraps to 0xffff_fffe." },
    Op { text: "svm_atomic.inc (M1, 1) VA.0 VD.0 %null.0 %null.0", srcs: &[], how: Plain, old: F, dst: F, mem: 0, d: "INC: 0xffff_ffff + 1 wraps to 0." },
    Op { text: "svm_atomic.dec (M1, 1) VA.0 VD.0 %null.0 %null.0", srcs: &[], how: Plain, old: 0, dst: 0, mem: F, d: "DEC: 0 - 1 wraps to 0xffff_ffff." },
    Op { text: "svm_atomic.min (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 0xffff_fff0)], how: Plain, old: 5, dst: 5, mem: 5,
            d: "MIN (unsigned): min(5, 0xffff_fff0) = 5." },
    Op { text: "svm_atomic.max (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 0xffff_fff0)], how: Plain, old: 5, dst: 5, mem: 0xffff_fff0,
            d: "MAX (unsigned): max(5, 0xffff_fff0) = 0xffff_fff0." },
    Op { text: "svm_atomic.xchg (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 9)], how: Tag(errata::SVM_ATOMIC_OPERAND_ORDER), old: 5, dst: 5, mem: 9,
            d: "XCHG: new = src0 = 9." },
    Op { text: "svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0", srcs: &[("VS", 9), ("VS1", 5)], how: Plain, old: 5, dst: 5, mem: 9,
            d: "CMPXCHG: old == src1 (5): new = src0 = 9." },
    Op { text: "svm_atomic.cmpxchg (M1, 1) VA.0 VD.0 VS.0 VS1.0", srcs: &[("VS", 9), ("VS1", 6)], how: Plain, old: 5, dst: 5, mem: 5,
            d: "CMPXCHG: old (5) != src1 (6): unchanged." },
    Op { text: "svm_atomic.and (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 0b1010)], how: Plain, old: 0b1100, dst: 0b1100, mem: 0b1000,
            d: "AND: 0b1100 & 0b1010 = 0b1000." },
    Op { text: "svm_atomic.or (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 0b1010)], how: Plain, old: 0b1100, dst: 0b1100, mem: 0b1110,
            d: "OR: 0b1100 | 0b1010 = 0b1110." },
    Op { text: "svm_atomic.xor (M1, 1) VA.0 VD.0 VS.0 %null.0", srcs: &[("VS", 0b1010)], how: Plain, old: 0b1100, dst: 0b1100, mem: 0b0110,
            d: "XOR: 0b1100 ^ 0b1010 = 0b0110." },
    Op { text: "svm_atomic.imin (M1, 1) VA.0 VDD.0 VSD.0 %null.0", srcs: &[("VSD", 0xffff_fffd)], how: Plain, old: 5, dst: 5, mem: 0xffff_fffd,
            d: "IMIN (signed): min(5, -3) = -3 = 0xffff_fffd." },
    Op { text: "svm_atomic.imax (M1, 1) VA.0 VDD.0 VSD.0 %null.0", srcs: &[("VSD", 3)], how: Plain, old: 0xffff_fffb, dst: 0xffff_fffb, mem: 3,
            d: "IMAX (signed): max(-5, 3) = 3." },
    Op { text: "svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0", srcs: &[], how: Plain, old: 5, dst: 4, mem: 4, d: "PREDEC: 5 - 1 = 4, and the new value 4 is \
            returned (SVM-ATOMIC-PREDEC resolved)." },
    Op { text: "svm_atomic.predec (M1, 1) VA.0 VD.0 %null.0 %null.0", srcs: &[], how: Literal(errata::SVM_ATOMIC_PREDEC), old: 5, dst: 5, mem: 4,
            d: "... literal: the loop returns the old value 5." },
    Op { text: "svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0", srcs: &[("VSF", 0x4000_0000)], how: Plain, old: 0x3f80_0000, dst: 0x3f80_0000, mem: 0x4000_0000,
            d: "FMAX: max(1.0, 2.0) = 2.0 (0x4000_0000); returns 1.0 (0x3f80_0000)." },
    Op { text: "svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0", srcs: &[("VSF", 0x4000_0000)], how: Plain, old: 0x3f80_0000, dst: 0x3f80_0000, mem: 0x3f80_0000,
            d: "FMIN: min(1.0, 2.0) = 1.0." },
    Op { text: "svm_atomic.fmin (M1, 1) VA.0 VDF.0 VSF.0 %null.0", srcs: &[("VSF", 0)], how: Plain, old: 0x8000_0000, dst: 0x8000_0000, mem: 0x8000_0000,
            d: "FMIN with -0 in memory and +0 from src0: -0 orders below +0: memory keeps -0." },
    Op { text: "svm_atomic.fmax (M1, 1) VA.0 VDF.0 VSF.0 %null.0", srcs: &[("VSF", 0x4000_0000)], how: Plain, old: 0x7fc0_0001, dst: 0x7fc0_0001, mem: 0x4000_0000,
            d: "FMAX with a quiet NaN in memory: the other operand 2.0." },
    Op { text: "svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 \
            VS1F.0", srcs: &[("VSF", 0), ("VS1F", 0x4000_0000)], how: Plain, old: 0x8000_0000, dst: 0x8000_0000, mem: 0x4000_0000, d: "FCMPWR: src0 (+0) == old \
            (-0) as floats: new = src1 = 2.0." },
    Op { text: "svm_atomic.fcmpwr (M1, 1) VA.0 VDF.0 VSF.0 \
            VS1F.0", srcs: &[("VSF", 0x4040_0000), ("VS1F", 0x4000_0000)], how: Plain, old: 0x3f80_0000, dst: 0x3f80_0000, mem: 0x3f80_0000, d: "FCMPWR: 1.0 != \
            3.0: unchanged." },
];

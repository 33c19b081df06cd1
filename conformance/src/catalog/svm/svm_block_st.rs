//! SVM_BLOCK_ST (instructions/SVM_BLOCK_ST.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "svm", instruction: "svm_block_st", file: "catalog/svm/svm_block_st.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "Block store of 2 owords from VS (ramp 0x10..0x30) to 0x200: memory 0x200..0x220.";
    rows.add("block", check(case("svm_block_st (2) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x200])).var("VS", ramp(0x10, 32)),
        Want::Mem(0x200, some(&ramp(0x10, 32)))).derived(d));
    let d = "Eight owords: the last lands at 0x200 + 7*16 = 0x270 from register bytes 112..128.";
    rows.add("block", check(case("svm_block_st (8) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x200])).var("VS", ramp(0, 128)), Want::Mem(0x270, some(&ramp(112, 16))))
        .derived(d));
    let d = "Block store at 0x208: not oword aligned.";
    rows.add("block", check(case("svm_block_st (1) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x208])), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    extent(rows);
}

/// One OWord from an 8-byte variable, as IGC's stack-call code writes it on xe-lp (erratum
/// SVM-BLOCK-ST-EXTENT).
#[rustfmt::skip]
fn extent(rows: &mut Rows) {
    let c = || {
        case(".decl W8 v_type=G type=uq num_elts=1\nsvm_block_st (1) VA(0,0)<0;1,0> W8.0")
            .var("VA", le64(&[0x200]))
            .var("W8", ramp(0x40, 8))
            .mem(0x200, vec![0xee; 16])
    };
    let d = "SVM-BLOCK-ST-EXTENT resolved: src[0] is W8's 8 bytes (ramp 0x40..0x47) and 8 bytes past it, which are undefined: memory 0x200..0x208 = 40..47, 0x208..0x210 undefined (any byte).";
    let mut want = some(&ramp(0x40, 8));
    want.extend([None; 8]);
    rows.add("extent", check(c(), Want::Mem(0x200, want)).derived(d));
    let d = "SVM-BLOCK-ST-EXTENT literal: src[0] is 16 bytes and W8 holds 8: invalid-instruction in src.";
    rows.add("extent", check(c().literal(errata::SVM_BLOCK_ST_EXTENT), Want::ErrorAt(ErrorClass::InvalidInstruction, "src")).derived(d));
}

//! SVM_BLOCK_ST (instructions/SVM_BLOCK_ST.md): hand-derived rows, each with its derivation.

use super::*;

pub const DOC: Doc = Doc {
    family: "svm",
    instruction: "svm_block_st",
    file: "catalog/svm/svm_block_st.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Block store of 2 owords from VS (ramp 0x10..0x30) to 0x200: memory 0x200..0x220.";
    rows.add(
        "block",
        check(
            case("svm_block_st (2) VA(0,0)<0;1,0> VS.0")
                .var("VA", le64(&[0x200]))
                .var("VS", ramp(0x10, 32)),
            Want::Mem(0x200, some(&ramp(0x10, 32))),
        )
        .derived(d),
    );
    let d = "Eight owords: the last lands at 0x200 + 7*16 = 0x270 from register bytes 112..128.";
    rows.add(
        "block",
        check(
            case("svm_block_st (8) VA(0,0)<0;1,0> VS.0")
                .var("VA", le64(&[0x200]))
                .var("VS", ramp(0, 128)),
            Want::Mem(0x270, some(&ramp(112, 16))),
        )
        .derived(d),
    );
    let d = "Block store at 0x208: not oword aligned.";
    rows.add(
        "block",
        check(
            case("svm_block_st (1) VA(0,0)<0;1,0> VS.0").var("VA", le64(&[0x208])),
            Want::Error(ErrorClass::UndefinedBehaviour),
        )
        .derived(d),
    );
}

//! Every instruction document of the vISA specification (its `instructions/` directory, 127
//! files) and what the project does with it: executed by both engines, executed through
//! another document's rows, or declared not executable with the reason.
//!
//! A document is **executed** when some row of the opcode [`TABLE`]
//! names it: every row has validation, spec semantics and the oracle's plan. The other two
//! statuses are listed here by hand, and a test keeps the three apart: a document that gains
//! a row must leave [`THROUGH`] and [`DECLARED`].
//!
//! ```
//! use visa_model::documents::{status, Status};
//!
//! assert_eq!(status("ADD.md"), Some(Status::Executed));
//! assert_eq!(status("SVM.md"), Some(Status::Through("SVM_GATHER.md")));
//! assert!(matches!(status("VME_IME.md"), Some(Status::Declared(_))));
//! assert_eq!(status("NO_SUCH.md"), None);
//! ```

use crate::opcode::TABLE;

/// The file names of the specification's `instructions/` directory, in its sorted order.
pub const DOCUMENTS: [&str; 127] = [
    "3D_LOAD.md",
    "3D_SAMPLE.md",
    "3D_SAMPLE4.md",
    "ADD.md",
    "ADD3.md",
    "ADD3O.md",
    "ADDC.md",
    "ADDR_ADD.md",
    "AND.md",
    "ASR.md",
    "AVG.md",
    "AVS.md",
    "BARRIER.md",
    "BFE.md",
    "BFI.md",
    "BFN.md",
    "BFREV.md",
    "CACHE_FLUSH.md",
    "CALL.md",
    "CBIT.md",
    "CMP.md",
    "COS.md",
    "DIV.md",
    "DIVM.md",
    "DP4A.md",
    "DPAS.md",
    "DPASW.md",
    "DWORD_ATOMIC.md",
    "EXP.md",
    "FADDR.md",
    "FBH.md",
    "FBL.md",
    "FCALL.md",
    "FCCALL.md",
    "FCVT.md",
    "FENCE.md",
    "FILE.md",
    "FRC.md",
    "FRET.md",
    "GATHER.md",
    "GATHER4_SCALED.md",
    "GATHER4_TYPED.md",
    "GATHER_SCALED.md",
    "GOTO.md",
    "IFCALL.md",
    "INFO.md",
    "INV.md",
    "INVM.md",
    "JMP.md",
    "LABEL.md",
    "LIFETIME.md",
    "LOC.md",
    "LOG.md",
    "LRP.md",
    "LSC_FENCE.md",
    "LSC_TYPED.md",
    "LSC_UNTYPED.md",
    "LZD.md",
    "MAD.md",
    "MADW.md",
    "MEDIA_LD.md",
    "MEDIA_ST.md",
    "MIN_MAX.md",
    "MOD.md",
    "MOV.md",
    "MOVS.md",
    "MUL.md",
    "MULH.md",
    "NBARRIER.md",
    "NOT.md",
    "OR.md",
    "OWORD_LD.md",
    "OWORD_LD_UNALIGNED.md",
    "OWORD_ST.md",
    "PLN.md",
    "POW.md",
    "QW_GATHER.md",
    "QW_SCATTER.md",
    "RAW_SEND.md",
    "RAW_SENDS.md",
    "RET.md",
    "RNDD.md",
    "RNDE.md",
    "RNDU.md",
    "RNDZ.md",
    "ROL.md",
    "ROR.md",
    "RSQRT.md",
    "RSQTM.md",
    "RT_READ.md",
    "RT_WRITE.md",
    "SAD2.md",
    "SAD2ADD.md",
    "SAMPLE_UNORM.md",
    "SBARRIER.md",
    "SCATTER.md",
    "SCATTER4_SCALED.md",
    "SCATTER4_TYPED.md",
    "SCATTER_SCALED.md",
    "SEL.md",
    "SETP.md",
    "SHL.md",
    "SHR.md",
    "SIN.md",
    "SQRT.md",
    "SQRTM.md",
    "SRND.md",
    "SUBB.md",
    "SUBROUTINE.md",
    "SVM.md",
    "SVM_ATOMIC.md",
    "SVM_BLOCK_LD.md",
    "SVM_BLOCK_ST.md",
    "SVM_GATHER.md",
    "SVM_GATHER4_SCALED.md",
    "SVM_SCATTER.md",
    "SVM_SCATTER4_SCALED.md",
    "SWITCHJMP.md",
    "TYPED_ATOMIC.md",
    "URB_WRITE.md",
    "VME_FBR.md",
    "VME_IDM.md",
    "VME_IME.md",
    "VME_SIC.md",
    "WAIT.md",
    "XOR.md",
    "YIELD.md",
];

/// Documents without a row of their own whose content executes through other documents'
/// rows: (document, the document whose rows execute it).
pub const THROUGH: &[(&str, &str)] = &[
    // Labels are the program's structure: the reader resolves them and every branch row
    // (GOTO, JMP, CALL, ...) executes against them.
    ("LABEL.md", "GOTO.md"),
    // The typed unit's messages are forms of the LSC rows (`.tgm`), validated and executed
    // by the LSC family with LSC_TYPED.md's surfaces and sub-ops.
    ("LSC_TYPED.md", "LSC_UNTYPED.md"),
    // The umbrella page of the SVM messages: each of its sub-opcodes has its own document
    // and row.
    ("SVM.md", "SVM_GATHER.md"),
];

/// Documents no engine executes: (document, why). Their text forms parse, print and
/// validate to the error class `unsupported`.
pub const DECLARED: &[(&str, &str)] = &[
    (
        "3D_SAMPLE4.md",
        "not executed yet: gather4 returns the linear filter's four texels of one channel; its opcode row and text forms are not modelled",
    ),
    (
        "AVS.md",
        "drives the video scaler, whose filter coefficients and results the documents do not define",
    ),
    (
        "RT_READ.md",
        "reads a render target of the 3D pipeline, which a compute launch does not have",
    ),
    (
        "RT_WRITE.md",
        "writes a render target through the 3D pipeline's blending and output merger, which the documents do not define",
    ),
    (
        "SAMPLE_UNORM.md",
        "not executed yet: the media sampler's bilinear unorm filtering and output formats are not modelled",
    ),
    (
        "URB_WRITE.md",
        "writes the unified return buffer of the 3D pipeline's fixed-function stages, which a compute launch does not have",
    ),
    (
        "VME_FBR.md",
        "drives the video motion-estimation unit, whose search results the documents do not define",
    ),
    (
        "VME_IDM.md",
        "drives the video motion-estimation unit, whose distortion results the documents do not define",
    ),
    (
        "VME_IME.md",
        "drives the video motion-estimation unit, whose search results the documents do not define",
    ),
    (
        "VME_SIC.md",
        "drives the video motion-estimation unit, whose intra and skip checks the documents do not define",
    ),
];

/// What the project does with one document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Some row of the opcode table transcribes it: both engines execute it.
    Executed,
    /// It executes through the rows of the named document.
    Through(&'static str),
    /// No engine executes it, for the reason given.
    Declared(&'static str),
}

/// The status of `document` (a file name of the specification's `instructions/`), or `None`
/// for a name that is not one of the [`DOCUMENTS`].
pub fn status(document: &str) -> Option<Status> {
    if !DOCUMENTS.contains(&document) {
        return None;
    }
    if has_row(document) {
        return Some(Status::Executed);
    }
    if let Some(&(_, other)) = THROUGH.iter().find(|(d, _)| *d == document) {
        return Some(Status::Through(other));
    }
    DECLARED
        .iter()
        .find(|(d, _)| *d == document)
        .map(|&(_, why)| Status::Declared(why))
}

/// Whether a row of the opcode table names `document`.
pub fn has_row(document: &str) -> bool {
    TABLE
        .iter()
        .any(|f| f.document.strip_prefix("instructions/") == Some(document))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_document_has_exactly_one_status() {
        for doc in DOCUMENTS {
            let through = THROUGH.iter().filter(|(d, _)| *d == doc).count();
            let declared = DECLARED.iter().filter(|(d, _)| *d == doc).count();
            let row = usize::from(has_row(doc));
            assert_eq!(
                row + through + declared,
                1,
                "{doc}: row {row}, through {through}, declared {declared}"
            );
        }
    }

    #[test]
    fn the_lists_name_only_documents_and_executed_targets() {
        for (doc, other) in THROUGH {
            assert!(DOCUMENTS.contains(doc), "{doc}");
            assert!(
                has_row(other),
                "{doc} executes through {other}, which has no row"
            );
        }
        for (doc, why) in DECLARED {
            assert!(DOCUMENTS.contains(doc), "{doc}");
            assert!(!why.is_empty(), "{doc}");
        }
        // Every row names one of the documents.
        for f in &TABLE {
            let doc = f.document.strip_prefix("instructions/");
            assert!(
                doc.is_some_and(|d| DOCUMENTS.contains(&d)),
                "{:?}: {}",
                f.opcode,
                f.document
            );
        }
    }

    #[test]
    fn the_documents_are_sorted_and_distinct() {
        assert!(DOCUMENTS.windows(2).all(|w| w[0] < w[1]));
    }
}

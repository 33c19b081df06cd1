//! The DPAS family (instructions/DPAS.md, DPASW.md, DP4A.md): one module per document.

pub mod dp4a;
// One module per document: DPAS.md is `insn::dpas::dpas`.
#[allow(clippy::module_inception)]
pub mod dpas;
pub mod dpasw;

//! The DPAS family (instructions/DPAS.md, DPASW.md, DP4A.md). Not executed yet
//! (`Opcode::is_executed` is false): `dpas` transcribes integer DPAS; float DPAS (numeric
//! profiles), DPASW and DP4A are the rest of issue 4.

// One module per document: DPAS.md is `insn::dpas::dpas`.
#[allow(clippy::module_inception)]
pub mod dpas;

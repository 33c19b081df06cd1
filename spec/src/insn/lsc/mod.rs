//! The memory family: LSC_UNTYPED (instructions/LSC_UNTYPED.md). `lsc_untyped` transcribes
//! the LOAD and STORE (STORE_UNCOMPRESSED) loops of its Semantics; the other sub-ops
//! validate and report `unsupported` (docs/memory.md).

pub mod lsc_untyped;

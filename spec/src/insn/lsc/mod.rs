//! The memory family: LSC_UNTYPED (instructions/LSC_UNTYPED.md). `lsc_untyped` transcribes
//! the LOAD, LOAD_STRIDED, LOAD_QUAD, STORE (STORE_UNCOMPRESSED), STORE_STRIDED and
//! STORE_QUAD loops of its Semantics; `lsc_atomic` writes the atomics from the prose and the
//! sub-op table (the document has no loop for them). See docs/memory.md.

pub mod lsc_apndctr;
pub mod lsc_atomic;
pub mod lsc_block2d;
pub mod lsc_load_status;
pub mod lsc_typed;
pub mod lsc_untyped;

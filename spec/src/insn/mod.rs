//! One module per instruction document of the vISA specification, grouped by family.
//! Each `execute` transcribes its document's Semantics block: legality was checked by
//! [`crate::validate`], so the body is the document's loop over `exec_size` channels.

pub mod alu;
pub(crate) mod atomic_float;
pub(crate) mod ctrl;
pub mod dataport;
pub mod dpas;
pub mod lsc;
pub mod math;
pub mod sampler;
pub mod send;
pub mod svm;
pub mod sync;

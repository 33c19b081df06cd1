//! The memory family in the oracle: LSC_UNTYPED's gather/scatter loads and stores compiled
//! into [`lsc::LscPlan`]s (register offsets and address arithmetic decided once), executed
//! with page-level bulk copies where a lane's bytes are contiguous and in bounds, and byte
//! by byte only at wrap-around, surface edges and overlapping stores.

pub(crate) mod apndctr;
pub(crate) mod block2d;
pub(crate) mod extra;
pub(crate) mod lsc;
pub(crate) mod status;
pub(crate) mod svm;
pub(crate) mod typed;

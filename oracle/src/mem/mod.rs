//! The memory instructions in the oracle: one plan per family, compiled once with register
//! offsets and address arithmetic decided, chosen by [`dispatch`]:
//! - [`lsc`]: LSC_UNTYPED's loads, stores (plain, strided, quad) and atomics, and LSC_TYPED's
//!   atomics and uncompressed store;
//! - [`block2d`]: LSC_UNTYPED's block 2D load and store; [`typed2d`]: LSC_TYPED's;
//! - [`typed`]: LSC_TYPED's quad load and store; [`status`]: LOAD_STATUS; [`apndctr`]: the
//!   append-counter atomics;
//! - [`svm`]: the SVM gathers, scatters, block accesses and atomics.
//!
//! They share [`page`] (reads through a cached page, fixed-size moves), [`flags`] (the
//! undefined flags a load gives register bytes), [`small`] (in-place buffers), [`store`] (the
//! store engine: an instruction's stores applied under the memory model's rule) and
//! [`ch_en`].

pub(crate) mod apndctr;
pub(crate) mod block2d;
pub(crate) mod dispatch;
pub(crate) mod flags;
pub(crate) mod lsc;
pub(crate) mod page;
pub(crate) mod small;
pub(crate) mod status;
pub(crate) mod store;
pub(crate) mod svm;
pub(crate) mod typed;
pub(crate) mod typed2d;

pub(crate) use dispatch::MemPlan;
pub(crate) use flags::{set_flags, FlagMap, Flags, NoFlags};
pub(crate) use page::{copy_small, space, space_mut, zero_small, PageCursor};
pub(crate) use small::{Bytes, Small};
pub(crate) use store::{push_run, store_pieces, Piece};

use visa_model::asm::ast::PredCombine;
use visa_model::state::MachineState;

/// ChEn of a memory instruction: lanes `0..exec_size` that the execution mask (unless
/// `no_mask`) and the predicate `(var, invert, combine)` enable, both read from `mask_offset`.
pub(crate) fn ch_en(
    state: &MachineState,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
) -> u32 {
    let full = if exec_size >= 32 {
        u32::MAX
    } else {
        (1u32 << exec_size) - 1
    };
    let mut en = if no_mask {
        full
    } else {
        state.emask.checked_shr(mask_offset).unwrap_or(0) & full
    };
    if let Some((var, invert, combine)) = pred {
        let bits = state.preds.get(var).copied().unwrap_or(0);
        let mut pm = bits.checked_shr(mask_offset).unwrap_or(0) & full;
        match combine {
            PredCombine::Any => pm = if pm != 0 { full } else { 0 },
            PredCombine::All => pm = if pm == full { full } else { 0 },
            PredCombine::None => {}
        }
        if invert {
            pm = !pm & full;
        }
        en &= pm;
    }
    en
}

#[cfg(test)]
pub(crate) mod tests {
    /// A xorshift64 stream: `next(n)` is below `n`.
    pub(crate) fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }
}

//! ChEn of a memory instruction: the channels its execution mask and predicate enable.

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

//! LSC_TYPED vocabulary (instructions/LSC_TYPED.md): the sub-ops that take the typed unit,
//! the largest typed ExecSize, and the typed block 2D shape `BlockWidth x BlockHeight` with
//! its register pitch and the Notes' limits. The checks of the text forms are in
//! `validate::lsc::typed`.

use super::lsc::UntypedKind;
use crate::error::{Result, VisaError};
use crate::platform::Platform;

/// The sub-ops of LSC_TYPED's first Format table that execute with a typed unit.
pub fn is_typed_form(kind: UntypedKind, mnemonic: &str) -> bool {
    match kind {
        UntypedKind::LoadQuad | UntypedKind::StoreQuad | UntypedKind::Atomic(_) => true,
        UntypedKind::Store => mnemonic == "lsc_store_uncompressed",
        _ => false,
    }
}

/// LSC_TYPED's sub-op 0x1E "load surface information": listed in the Format's first
/// CONDITION and the LscSubOp table, with no Text form and no result layout in any document.
pub const READ_SURFACE_INFO: &str = "lsc_read_surface_info";

/// The largest ExecSize of a typed message (ExecSize: SIMD8 on DG2, SIMD16 on PVC; xe2
/// takes PVC's).
pub fn max_exec_size(platform: Platform) -> u32 {
    if platform == Platform::XeHpg {
        8
    } else {
        16
    }
}

/// The typed block 2D shape `BlockWidth x BlockHeight` (LSC_TYPED.md, Text and Examples:
/// `VDATA:64x2`): BlockWidth in bytes, BlockHeight in rows (LSC-TYPED-BLOCK2D-TEXT).
pub fn parse_block2d_shape(s: &str) -> Result<(u32, u32)> {
    let bad = |why: &str| {
        VisaError::invalid(format!(
            "typed block 2D shape `{s}`: {why} (expected `BlockWidth x BlockHeight`, e.g. `64x2`)"
        ))
    };
    let (w, h) = s.split_once('x').ok_or_else(|| bad("no `x`"))?;
    let num = |t: &str| {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 5 {
            Err(bad("the counts are decimal numbers"))
        } else {
            t.parse::<u32>()
                .map_err(|_| bad("the counts are decimal numbers"))
        }
    };
    Ok((num(w)?, num(h)?))
}

/// The register pitch of a typed block 2D row: `BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth)`
/// bytes (LSC_TYPED.md, Semantics and the Notes' table).
pub fn block2d_reg_pitch(block_width: u32) -> usize {
    (block_width as usize).max(4).next_power_of_two()
}

/// The legal width/height pairs of the Notes' table, with 64 bytes added to its last row
/// (BlockWidth's range is 1 to 64 and the Example loads `64x2`; LSC-TYPED-BLOCK2D-TEXT):
/// `BlockHeight * reg_pitch` is at most 256 bytes. The platforms, xe-hpc and xe2 as for the
/// untyped forms, are the opcodes' forms rows.
pub fn check_block2d_shape(width: u32, height: u32) -> Result<()> {
    if !(1..=64).contains(&width) {
        return Err(VisaError::invalid(format!(
            "typed block 2D BlockWidth {width}: 1 to 64 bytes"
        )));
    }
    let max_height = 256 / block2d_reg_pitch(width) as u32;
    if !(1..=max_height).contains(&height) {
        return Err(VisaError::invalid(format!(
            "typed block 2D BlockHeight {height}: 1 to {max_height} rows for a {width}-byte width (LSC_TYPED.md, Notes)"
        )));
    }
    Ok(())
}

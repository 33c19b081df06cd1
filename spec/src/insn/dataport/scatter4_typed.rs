//! SCATTER4_TYPED (instructions/SCATTER4_TYPED.md), Semantics: for each enabled channel `c`
//! of RGBA (`ch_mask`), in order, each enabled lane `i` writes `src[ch_start+i]` to channel
//! `c` of the pixel `surface[u][v][r]` ("one pixel, with type conversion"),
//! `ch_start = ch_pos * max(exec_size, GRF_SIZE / 4)`. The pixel, its bounds and the
//! conversions are `typed`'s (TYPED-SURFACE-LAYOUT, TYPED-CONVERSION-TYPES; Notes: the
//! write conversion table). Properties, Out-of-bound Access: "data is dropped". A channel
//! the format lacks is not written. Notes: "The behavior is undefined if more than one
//! channel writes to the same address": the stores land together through the memory
//! model's journal, so a byte written twice with different values is undefined.

use super::typed::{
    channel_bytes, check_conversion_type, coordinate, ctrl, pixel, typed_surface, FLAT_SPACE,
};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::svm::raw;
use crate::ir::dataport_typed::TypedCtrl;
use crate::ir::{Instruction, Program};
use crate::num::write_channel;
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let TypedCtrl::Scatter4Typed {
        ch_mask,
        surface,
        u,
        v,
        r,
        lod,
        src,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("SCATTER4_TYPED without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    let GRF_SIZE = program.platform.grf_size();
    let ChEn = evaluate_ch_en(insn, state);
    let (surface, format) = typed_surface(program, state, surface)?;
    check_conversion_type(&config.readings, format, src.ty)?;
    let src_at = raw(program, &src)?;
    let mut journal = StoreJournal::default();
    let mut ch_pos = 0usize;
    for c in 0..4u32 {
        if ch_mask >> c & 1 == 1 {
            for i in 0..exec_size {
                if ChEn >> i & 1 == 1 {
                    let ch_start = ch_pos * exec_size.max(GRF_SIZE / 4);
                    // *(&surface[u][v][r] + c) = src[ch_start+i]; //one pixel, with type conversion
                    let Some(p) = pixel(
                        &surface,
                        format,
                        coordinate(program, state, Some(u), i)?,
                        coordinate(program, state, v, i)?,
                        coordinate(program, state, r, i)?,
                        coordinate(program, state, lod, i)?,
                    ) else {
                        continue; // out of bounds: dropped
                    };
                    if c >= format.channels() {
                        continue; // the format has no such channel
                    }
                    let at = src_at + 4 * (ch_start + i);
                    let element = super::ud(state, at)?;
                    let (addr, len) = channel_bytes(format, p, c);
                    let bits = write_channel(format, element)?.to_le_bytes();
                    journal.store(&FLAT_SPACE, addr, &bits[..len]);
                    state.mem.note(
                        Some(i as u32),
                        &FLAT_SPACE,
                        addr,
                        len,
                        u64::MAX,
                        AccessKind::Write,
                    );
                }
            }
            ch_pos += 1;
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

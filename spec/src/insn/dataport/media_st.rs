//! MEDIA_ST (instructions/MEDIA_ST.md), Semantics: a block `block_width` bytes wide and
//! `block_height` rows high to the 2D surface, row `i` from the source at `i*reg_pitch`
//! (MEDIA-BLOCK-RANGES: the document's `row+id` read as MEDIA_LD's `row_id`), one byte at a
//! time: `surface[y_offset+i][x_offset+j] = src[i*reg_pitch+j]`. No format conversion.
//!
//! Readings: X_offset "must be dword-aligned" (a register X that is not is undefined
//! behaviour; validation refuses such an immediate). Properties, Out-of-bound Access: "data
//! is dropped", byte by byte, outside the surface's whole pixels and its field's rows
//! (MEDIA-OUT-OF-BOUNDS: X and Y signed; literal: unsigned). MEDIA-FIELD-ROWS as MEDIA_LD's.
//! The bytes land together through the memory model's journal.

use super::media_ld::{block_origin, ctrl, field, surface_byte};
use super::typed::FLAT_SPACE;
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::svm::{raw, read_grf};
use crate::ir::{Instruction, Program};
use crate::state::{AccessKind, MachineState, StoreJournal};

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let c = ctrl(insn)?;
    let readings = &config.readings;
    let (surface, format, x_offset, y_offset) = block_origin(program, state, &c, readings)?;
    if x_offset.rem_euclid(4) != 0 {
        return Err(VisaError::undefined(format!(
            "MEDIA_ST's X offset {x_offset} is not dword-aligned"
        )));
    }
    let modifier = field(&c, readings);
    let Some(src_payload) = c.src else {
        return Err(VisaError::model_bug("MEDIA_ST without its Src"));
    };
    let src = raw(program, &src_payload)?;
    let block_width = i64::from(c.block_width);
    let block_height = i64::from(c.block_height);
    // UD reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width);
    let reg_pitch = if block_width < 4 {
        4
    } else {
        (block_width as u64).next_power_of_two() as i64
    };
    let mut journal = StoreJournal::default();
    for i in 0..block_height {
        for j in 0..block_width {
            // surface[y_offset+i][x_offset+j] = src[i*reg_pitch+j]; // one byte
            let Some(addr) = surface_byte(&surface, format, modifier, y_offset + i, x_offset + j)
            else {
                continue; // out of bounds: dropped
            };
            let byte = read_grf(state, src + (i * reg_pitch + j) as usize, 1)?[0];
            journal.store(&FLAT_SPACE, addr, &[byte]);
            state
                .mem
                .note(None, &FLAT_SPACE, addr, 1, u64::MAX, AccessKind::Write);
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

//! MEDIA_LD (instructions/MEDIA_LD.md), Semantics: a block `block_width` bytes wide and
//! `block_height` rows high from the 2D surface, row `i` into the destination at
//! `i*reg_pitch` (`reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)`), one byte
//! at a time: `dst[i*reg_pitch+j] = surface[y_offset+i][x_offset+j]`. The bytes between
//! a row's `block_width` and its pitch are not written. No format conversion: the block
//! moves the surface's bytes.
//!
//! Readings:
//! - MEDIA-BLOCK-RANGES: the block sizes validation admits (the Notes' table).
//! - MEDIA-OUT-OF-BOUNDS: X (bytes) and Y (rows) are signed; a byte outside the surface
//!   reads the same byte of the nearest edge pixel (literal: unsigned offsets, and a block
//!   that leaves the surface is undefined behaviour).
//! - MEDIA-FIELD-ROWS: `top` and `bottom` read field row `y`, surface row `2y` or `2y+1`
//!   (literal: the modifiers change nothing).
//! - The surface is the binding-table entry the surface variable names, with a format
//!   (its pixel size, TYPED-SURFACE-LAYOUT's rows: row `r` at `base + r*pitch`); a plane
//!   other than 0 on these formats, which have no planes, is undefined behaviour.

use super::offset_value;
use super::typed::{typed_surface, FLAT_SPACE};
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::insn::svm::{apply_writes, load, raw_dst};
use crate::ir::media::{MediaCtrl, MediaModifier};
use crate::ir::{Ctrl, Instruction, Program};
use crate::state::{AccessKind, MachineState, Surface, SurfaceFormat};

/// The fields and operands of a media block message.
pub(super) fn ctrl(insn: &Instruction) -> Result<MediaCtrl> {
    match insn.ctrl {
        Ctrl::Media(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "a media block message without its control field",
        )),
    }
}

/// The 2D surface of a media block message, its format, and its X and Y offsets as the
/// reading in force takes them (MEDIA-OUT-OF-BOUNDS: signed; literal: unsigned).
pub(super) fn block_origin(
    program: &Program,
    state: &MachineState,
    c: &MediaCtrl,
    readings: &Readings,
) -> Result<(Surface, SurfaceFormat, i64, i64)> {
    let (surface, format) = typed_surface(program, state, c.surface)?;
    if c.plane != 0 {
        return Err(VisaError::undefined(format!(
            "plane {} of a {format} surface: the format has no planes",
            c.plane
        )));
    }
    let x = offset_value(program, state, &c.x_offset)?;
    let y = offset_value(program, state, &c.y_offset)?;
    let (x, y) = if readings.is_literal(errata::MEDIA_OUT_OF_BOUNDS) {
        (i64::from(x), i64::from(y))
    } else {
        (i64::from(x as i32), i64::from(y as i32))
    };
    Ok((surface, format, x, y))
}

/// The modifier the rows follow (MEDIA-FIELD-ROWS; literal: every row).
pub(super) fn field(c: &MediaCtrl, readings: &Readings) -> MediaModifier {
    if readings.is_literal(errata::MEDIA_FIELD_ROWS) {
        MediaModifier::None
    } else {
        c.modifier
    }
}

/// The flat address of byte `surface[y][x]` (row `y` of the modifier's field, byte `x` of
/// the row), `None` when it lies outside the surface: past its whole pixels or its field's
/// rows.
pub(super) fn surface_byte(
    s: &Surface,
    format: SurfaceFormat,
    modifier: MediaModifier,
    y: i64,
    x: i64,
) -> Option<u64> {
    let bpp = i64::from(format.pixel_bytes());
    let row_bytes = i64::from(s.width) / bpp * bpp;
    let rows = i64::from(modifier.field_rows(s.height.max(1)));
    if !(0..row_bytes).contains(&x) || !(0..rows).contains(&y) {
        return None;
    }
    Some(row_address(s, modifier, y) + x as u64)
}

/// The flat address where field row `y` starts.
fn row_address(s: &Surface, modifier: MediaModifier, y: i64) -> u64 {
    let row = modifier.surface_row(y) as u64;
    s.base.wrapping_add(row.wrapping_mul(u64::from(s.pitch)))
}

/// MEDIA-OUT-OF-BOUNDS, resolved: the address of byte `x` of row `y` clamped to the
/// nearest edge pixel (the row to the field's rows, the pixel `x / pixel_size` to the
/// row's pixels, the byte within the pixel kept). `None` when the surface has no pixel.
fn clamped_byte(
    s: &Surface,
    format: SurfaceFormat,
    modifier: MediaModifier,
    y: i64,
    x: i64,
) -> Option<u64> {
    let bpp = i64::from(format.pixel_bytes());
    let pixels = i64::from(s.width) / bpp;
    let rows = i64::from(modifier.field_rows(s.height.max(1)));
    if pixels == 0 || rows == 0 {
        return None;
    }
    let pixel = x.div_euclid(bpp).clamp(0, pixels - 1);
    let byte = x.rem_euclid(bpp);
    let y = y.clamp(0, rows - 1);
    Some(row_address(s, modifier, y) + (pixel * bpp + byte) as u64)
}

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let c = ctrl(insn)?;
    let readings = &config.readings;
    let (surface, format, x_offset, y_offset) = block_origin(program, state, &c, readings)?;
    let modifier = field(&c, readings);
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug("MEDIA_LD without a destination"));
    };
    let block_width = i64::from(c.block_width);
    let block_height = i64::from(c.block_height);
    // UD reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width);
    let reg_pitch = if block_width < 4 {
        4
    } else {
        (block_width as u64).next_power_of_two() as i64
    };
    let mut writes = Vec::new();
    for i in 0..block_height {
        for j in 0..block_width {
            // dst[i*reg_pitch+j] = surface[y_offset+i][x_offset+j]; // one byte
            let (y, x) = (y_offset + i, x_offset + j);
            let addr = match surface_byte(&surface, format, modifier, y, x) {
                Some(a) => a,
                None if readings.is_literal(errata::MEDIA_OUT_OF_BOUNDS) => {
                    return Err(VisaError::undefined(format!(
                        "MEDIA_LD reads byte ({x}, row {y}) outside the {}x{}-byte surface (MEDIA-OUT-OF-BOUNDS, literal)",
                        surface.width, surface.height
                    )));
                }
                None => clamped_byte(&surface, format, modifier, y, x).ok_or_else(|| {
                    VisaError::undefined(
                        "MEDIA_LD on a surface with no pixel in the block's field (MEDIA-OUT-OF-BOUNDS)",
                    )
                })?,
            };
            let (bytes, undefined) = load(state, (None, AccessKind::Read), &FLAT_SPACE, addr, 1);
            let at = dst + (i * reg_pitch + j) as usize;
            writes.push((at, bytes[0], !undefined[0]));
        }
    }
    apply_writes(state, writes)
}

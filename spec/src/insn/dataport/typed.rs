//! What the typed legacy dataport messages (instructions/GATHER4_TYPED.md,
//! SCATTER4_TYPED.md) share: the typed surface behind a surface variable, the pixel
//! `surface[u,v,r]` and its bounds, the channels' conversions by the surface's format. See
//! docs/memory.md, section "Typed surfaces of the legacy dataport".
//!
//! Readings:
//! - TYPED-SURFACE-LAYOUT: pixel (U, V, R) of LOD 0 lies at
//!   `base + R*pitch*height + V*pitch + U*pixel_size` (`pixel_size` the format's), inside
//!   when `(U+1)*pixel_size <= width`, `V < height`, `R < depth` (0 read as 1); any other
//!   LOD is out of bounds. A 1D array takes its index in V, a 2D array in R.
//! - Conversions (docs/memory.md, "Surface formats"): `num::surface_format`'s
//!   `read_channel` and `write_channel`; a channel the format lacks reads as the format's
//!   `missing_channel` and is not written.
//! - TYPED-CONVERSION-TYPES: the format alone decides the conversion (literal: the data
//!   operand's type must be the format's register type, else undefined behaviour).
//! - A stored channel with an undefined byte reads as undefined as a whole (all four bytes
//!   of its register element); a store takes the register's bytes as they are, as the
//!   other dataport stores do.

use crate::errata::{self, Readings};
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::dataport_typed::TypedCtrl;
use crate::ir::{Ctrl, Instruction, Payload, Program};
use crate::state::{MachineState, Surface, SurfaceFormat, SurfaceHeap, VarId, Window, FLAT};
use crate::types::DataType;

/// The fields and operands of a typed message.
pub(super) fn ctrl(insn: &Instruction) -> Result<TypedCtrl> {
    match insn.ctrl {
        Ctrl::DataportTyped(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "a typed dataport message without its control field",
        )),
    }
}

/// The whole flat space as a window: pixel addresses are absolute.
pub(super) const FLAT_SPACE: Window = Window {
    space: FLAT,
    base: 0,
    limit: None,
    offset_mask: u64::MAX,
};

/// The typed surface the surface variable's binding-table index names, with its format.
pub(super) fn typed_surface(
    program: &Program,
    state: &MachineState,
    surface: VarId,
) -> Result<(Surface, SurfaceFormat)> {
    let Some(&bti) = state.handle(&program.vars, surface).first() else {
        return Err(VisaError::model_bug("a surface variable without elements"));
    };
    let s = state
        .mem
        .surface(SurfaceHeap::BindingTable, u64::from(bti))
        .ok_or_else(|| {
            VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!("no surface at index {bti:#x} of the bt table (init.surfaces)"),
            )
        })?;
    let Some(format) = s.format else {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "surface {bti:#x} of the bt table has no format: a typed message needs a typed surface (TYPED-SURFACE-LAYOUT)"
            ),
        ));
    };
    Ok((s.clone(), format))
}

/// TYPED-CONVERSION-TYPES, literal reading: the data operand's type must be the format's
/// register type (the table's rows: F with FLOAT and UNORM, D with SINT, UD with UINT).
pub(super) fn check_conversion_type(
    readings: &Readings,
    format: SurfaceFormat,
    ty: DataType,
) -> Result<()> {
    if readings.is_literal(errata::TYPED_CONVERSION_TYPES) && ty != format.register_type() {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "a {ty} operand on a {format} surface is not a row of the conversion table (TYPED-CONVERSION-TYPES, literal)"
            ),
        ));
    }
    Ok(())
}

/// Lane `i`'s coordinate from a raw operand of UD elements (V0, `None`, reads 0).
pub(super) fn coordinate(
    program: &Program,
    state: &MachineState,
    p: Option<Payload>,
    i: usize,
) -> Result<u32> {
    match p {
        None => Ok(0),
        Some(p) => {
            let at = crate::insn::svm::raw(program, &p)?;
            super::ud(state, at + 4 * i)
        }
    }
}

/// The flat address of `surface[u,v,r]` at LOD `lod`, `None` out of bounds
/// (TYPED-SURFACE-LAYOUT).
pub(super) fn pixel(
    s: &Surface,
    format: SurfaceFormat,
    u: u32,
    v: u32,
    r: u32,
    lod: u32,
) -> Option<u64> {
    let pixel_size = u128::from(format.pixel_bytes());
    let height = u128::from(s.height.max(1));
    let depth = u128::from(s.depth.max(1));
    let (u, v, r) = (u128::from(u), u128::from(v), u128::from(r));
    let inside =
        lod == 0 && u * pixel_size + pixel_size <= u128::from(s.width) && v < height && r < depth;
    if !inside {
        return None;
    }
    let offset = r * u128::from(s.pitch) * height + v * u128::from(s.pitch) + u * pixel_size;
    Some((u128::from(s.base) + offset) as u64)
}

/// The bytes of channel `c` of the pixel at `pixel`: its flat address and length.
pub(super) fn channel_bytes(format: SurfaceFormat, pixel: u64, c: u32) -> (u64, usize) {
    let len = format.channel_bits() / 8;
    (pixel.wrapping_add(u64::from(c * len)), len as usize)
}

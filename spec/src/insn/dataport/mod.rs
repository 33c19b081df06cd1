//! The legacy dataport messages on surfaces (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md): one module per document transcribes its Semantics loop; this module
//! holds what they share: the surface as the memory model's window, the lane addresses and
//! the scalar `Offset`. See docs/memory.md, section "The legacy dataport".
//!
//! The surface (`ir::dataport::DataportSurface`): `T0` is shared local memory from 0, `T5`
//! (`T255`) the flat space from 0, both without bounds; a surface variable's first element
//! is a binding-table index whose entry (`init.surfaces`) gives the base and the size. A
//! byte at or past the size reads zero and is not written, as the documents' "Out-of-bound
//! Access" property says (reads zeros, writes dropped); the bound is checked byte by byte,
//! as for every surface of the memory model (DATAPORT-BOUNDS-LANE; literal: a channel with
//! any byte out of bounds is out of bounds as a whole). A binding-table index with no entry
//! is undefined behaviour.
//!
//! Addresses: `offset + element_offset[i] + k` for byte `k` of lane `i`, computed exactly
//! and truncated to 32 bits (both operands are UD: the messages address a 32-bit space).

pub mod gather_scaled;
pub mod scatter_scaled;

use crate::error::{Result, VisaError};
use crate::ir::dataport::{DataportCtrl, DataportSurface};
use crate::ir::{Ctrl, Instruction, Program, Scalar};
use crate::state::{AddrSize, AddrType, MachineState, Window};

/// The fields and operands of a dataport message.
pub(crate) fn ctrl(insn: &Instruction) -> Result<DataportCtrl> {
    match insn.ctrl {
        Ctrl::Dataport(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "a dataport message without its control field",
        )),
    }
}

/// The surface as a window of the memory model.
pub(super) fn surface_window(
    program: &Program,
    state: &MachineState,
    surface: DataportSurface,
) -> Result<Window> {
    match surface {
        DataportSurface::Slm => state.mem.window(true, AddrType::Flat, 0),
        DataportSurface::Stateless => state.mem.window(false, AddrType::Flat, 0),
        DataportSurface::Var(v) => {
            let Some(&bti) = state.handle(&program.vars, v).first() else {
                return Err(VisaError::model_bug("a surface variable without elements"));
            };
            state.mem.window(false, AddrType::Bti, u64::from(bti))
        }
    }
}

/// The value of the UD scalar `Offset`: an immediate or the element `(row, col)`.
pub(super) fn offset_value(program: &Program, state: &MachineState, s: &Scalar) -> Result<u32> {
    match *s {
        Scalar::Imm { bits, .. } => Ok(bits as u32),
        Scalar::Var { var, row, col, ty } => {
            let at = super::svm::raw(program, &crate::ir::Payload { var, row, col, ty })?;
            ud(state, at)
        }
    }
}

/// The UD element at register byte `at`.
pub(super) fn ud(state: &MachineState, at: usize) -> Result<u32> {
    let b = super::svm::read_grf(state, at, 4)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// `offset + element_offset + k`, exact then truncated to the 32-bit address.
pub(super) fn address(offset: u32, element_offset: u32, k: usize) -> u64 {
    AddrSize::A32.truncate(i128::from(offset) + i128::from(element_offset) + k as i128)
}

/// DATAPORT-BOUNDS-LANE, literal reading: whether a channel's `num_blocks` bytes from
/// `offset + element_offset` pass the surface's size anywhere (never on an unbounded
/// surface).
pub(super) fn lane_out_of_bounds(
    surface: &Window,
    offset: u32,
    element_offset: u32,
    num_blocks: usize,
) -> bool {
    (0..num_blocks).any(|k| {
        surface
            .address(address(offset, element_offset, k))
            .is_none()
    })
}

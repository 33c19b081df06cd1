//! The legacy dataport messages on surfaces (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md, GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md,
//! OWORD_LD_UNALIGNED.md, OWORD_ST.md, DWORD_ATOMIC.md, GATHER.md, SCATTER.md,
//! QW_GATHER.md, QW_SCATTER.md; MEDIA_LD.md and MEDIA_ST.md): one module per document transcribes its Semantics
//! loop; this module holds what they share: the surface as the memory model's window, the
//! lane addresses and the scalar `Offset`. See docs/memory.md, section "The legacy
//! dataport".
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
//! Addresses: `offset + element_offset[i] + k` for byte `k` of lane `i` (and each
//! document's own expression for the other forms), computed exactly and truncated to 32
//! bits (the operands are UD: the messages address a 32-bit space).

pub mod dword_atomic;
pub mod gather;
pub mod gather4_scaled;
pub mod gather_scaled;
pub mod oword_ld;
pub mod oword_ld_unaligned;
pub mod oword_st;
pub mod qw_gather;
pub mod qw_scatter;
pub mod scatter;
pub mod scatter4_scaled;
pub mod scatter_scaled;
// The typed messages (GATHER4_TYPED.md, SCATTER4_TYPED.md, TYPED_ATOMIC.md) and what they
// share.
pub mod gather4_typed;
pub mod scatter4_typed;
mod typed;
pub mod typed_atomic;
// The media block messages (MEDIA_LD.md, MEDIA_ST.md) on 2D surfaces.
pub mod media_ld;
pub mod media_st;

use crate::errata::Readings;
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::dataport::{DataportCtrl, DataportSurface};
use crate::ir::{Ctrl, Instruction, Program, Scalar};
use crate::state::{AccessKind, AddrSize, AddrType, MachineState, StoreJournal, Window};

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
    readings: &Readings,
) -> Result<Window> {
    match surface {
        // The SLM surface (T0) takes the address bits of SLM-ADDRESS-HIGH-BITS.
        DataportSurface::Slm => {
            let mut window = state.mem.window(true, AddrType::Flat, 0)?;
            window.offset_mask = super::lsc::lsc_untyped::slm_offset_mask(readings);
            Ok(window)
        }
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

/// A byte address computed exactly, truncated to the 32-bit address.
pub(super) fn a32(exact: i128) -> u64 {
    AddrSize::A32.truncate(exact)
}

/// DATAPORT-BOUNDS-LANE, literal reading: whether any of the `len` bytes from the exact
/// byte address `start` passes the surface's size (never on an unbounded surface).
pub(super) fn element_out_of_bounds(surface: &Window, start: i128, len: usize) -> bool {
    (0..len).any(|k| surface.address(a32(start + k as i128)).is_none())
}

/// A misaligned address where the document requires alignment: undefined behaviour.
pub(super) fn misaligned(what: &str, address: u64, align: u64, erratum: &str) -> VisaError {
    VisaError::new(
        ErrorClass::UndefinedBehaviour,
        format!("{what} {address:#x} is not a multiple of {align} ({erratum})"),
    )
}

/// Reads `len` bytes from the exact byte address `start` (each byte truncated to 32 bits)
/// into `dst` at register byte `at`: out of bounds reads zero, byte by byte, or as a whole
/// when `whole` (DATAPORT-BOUNDS-LANE literal). The bytes read are `lane`'s reads
/// (docs/races.md; `None` for a block message).
#[allow(clippy::too_many_arguments)]
pub(super) fn read_element(
    state: &mut MachineState,
    lane: Option<u32>,
    surface: &Window,
    start: i128,
    len: usize,
    at: usize,
    whole: bool,
    writes: &mut Vec<(usize, u8, bool)>,
) {
    let out = whole && element_out_of_bounds(surface, start, len);
    for k in 0..len {
        let (bytes, undefined) = if out {
            (vec![0], vec![false])
        } else {
            super::svm::load(
                state,
                (lane, AccessKind::Read),
                surface,
                a32(start + k as i128),
                1,
            )
        };
        writes.push((at + k, bytes[0], !undefined[0]));
    }
}

/// Stores `len` register bytes from `at` to the exact byte address `start` (each byte
/// truncated to 32 bits): out of bounds is dropped, byte by byte, or as a whole when
/// `whole` (DATAPORT-BOUNDS-LANE literal). The bytes stored are `lane`'s writes
/// (docs/races.md; `None` for a block message).
#[allow(clippy::too_many_arguments)]
pub(super) fn write_element(
    state: &mut MachineState,
    lane: Option<u32>,
    surface: &Window,
    start: i128,
    len: usize,
    at: usize,
    whole: bool,
    journal: &mut StoreJournal,
) -> Result<()> {
    if whole && element_out_of_bounds(surface, start, len) {
        return Ok(()); // the whole element is dropped
    }
    for k in 0..len {
        let byte = super::svm::read_grf(state, at + k, 1)?;
        let to = a32(start + k as i128);
        journal.store(surface, to, byte);
        state
            .mem
            .note(lane, surface, to, 1, u64::MAX, AccessKind::Write);
    }
    Ok(())
}

//! DWORD_ATOMIC (instructions/DWORD_ATOMIC.md), Semantics: for each enabled lane `i` in
//! order, with `offset = element_offset[i]` (bytes), `dst[i] = surface[offset]` and
//! `surface[offset] = op(surface[offset], src0, src1)`, the DWORD_ATOMIC_OP table's
//! operation on 32 bits, or on the low 16 bits of each dword with `.16` (the same `new`
//! as SVM_ATOMIC: `insn::svm::svm_atomic::new_value`).
//!
//! Readings: SVM-ATOMIC-CMPXCHG-ROLES (src0 and src1 are element `i`); SVM-ATOMIC-PREDEC
//! (resolved: PREDEC returns the new value); SVM-ATOMIC-16BIT-WRITEBACK (the upper word of
//! a returned dword is undefined); SVM-ATOMIC-FLOAT-MINMAX; DWORD-ATOMIC-ALIGNMENT
//! (resolved: an offset not a multiple of the access width is undefined behaviour;
//! literal: the access at that byte); DWORD-ATOMIC-LANE-ORDER (the loop's order, each lane
//! seeing the writes of the lanes before it); Out-of-bound Access: the bytes past a
//! binding-table surface's end read zero and are not written (DATAPORT-BOUNDS-LANE;
//! literal: an access with any byte out of bounds reads zero and writes none).

use super::{a32, ctrl, element_out_of_bounds, misaligned, surface_window, ud};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{Result, VisaError};
use crate::insn::svm::svm_atomic::new_value;
use crate::insn::svm::{apply_writes, raw, raw_dst, read_grf};
use crate::ir::dataport::DataportCtrl;
use crate::ir::svm::AtomicOp;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal};

/// The low `bytes` bytes of the dword at register byte `at`; 0 for V0.
pub(super) fn element(state: &MachineState, at: Option<usize>, bytes: usize) -> Result<u64> {
    let Some(at) = at else { return Ok(0) };
    let b = read_grf(state, at, bytes)?;
    let mut w = [0u8; 8];
    w[..bytes].copy_from_slice(b);
    Ok(u64::from_le_bytes(w))
}

/// Writes returning a lane's value to its Dst dword at register byte `at`: the low `bytes`
/// bytes of `value` (undefined where memory was), the upper word of a 16-bit result
/// undefined (SVM-ATOMIC-16BIT-WRITEBACK).
pub(super) fn returned_dword(
    state: &MachineState,
    at: usize,
    bytes: usize,
    value: [u8; 8],
    undefined: &[bool; 8],
    writes: &mut Vec<(usize, u8, bool)>,
) -> Result<()> {
    for k in 0..4 {
        if k < bytes {
            writes.push((at + k, value[k], !undefined[k]));
        } else {
            let keep = read_grf(state, at + k, 1)?[0];
            writes.push((at + k, keep, false));
        }
    }
    Ok(())
}

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let DataportCtrl::DwordAtomic {
        op,
        width,
        surface,
        element_offset,
        src0,
        src1,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("DWORD_ATOMIC without its fields"));
    };
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    // 2 or 4 bytes per access; each lane's data sits in a dword of the register operands.
    let bytes = (width / 8) as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let surface = surface_window(program, state, surface, &config.readings)?;
    let element_offset = raw(program, &element_offset)?;
    let src0 = src0.map(|p| raw(program, &p)).transpose()?;
    let src1 = src1.map(|p| raw(program, &p)).transpose()?;
    let dst = raw_dst(program, insn)?;
    let whole = readings.is_literal(errata::DATAPORT_BOUNDS_LANE);
    let any_byte = readings.is_literal(errata::DWORD_ATOMIC_ALIGNMENT);
    // DWORD-ATOMIC-ALIGNMENT, resolved: every enabled lane's offset is checked first.
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let offset = u64::from(ud(state, element_offset + 4 * i)?);
            if !any_byte && !offset.is_multiple_of(bytes as u64) {
                return Err(misaligned(
                    "a lane's offset",
                    offset,
                    bytes as u64,
                    errata::DWORD_ATOMIC_ALIGNMENT,
                ));
            }
        }
    }
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // UD offset = element_offset[i];
            let offset = i128::from(ud(state, element_offset + 4 * i)?);
            let out = whole && element_out_of_bounds(&surface, offset, bytes);
            // dst[i] = surface[offset];
            let mut old = [0u8; 8];
            let mut undefined = [false; 8];
            if !out {
                for k in 0..bytes {
                    let mut b = [0u8];
                    let u = state.mem.load(&surface, a32(offset + k as i128), &mut b);
                    old[k] = b[0];
                    undefined[k] = !u.is_empty();
                }
                // The read and the write of the lane's element: one atomic access
                // (docs/races.md), its bytes inside the bound.
                let lane = Some(i as u32);
                let start = a32(offset);
                state.mem.note(
                    lane,
                    &surface,
                    start,
                    bytes,
                    0xFFFF_FFFF,
                    AccessKind::Atomic,
                );
            }
            let old = u64::from_le_bytes(old);
            // surface[offset] = op(surface[offset], src0, src1);
            let s0 = element(state, src0.map(|s| s + 4 * i), bytes)?;
            let s1 = element(state, src1.map(|s| s + 4 * i), bytes)?;
            let new = new_value(op, width, old, s0, s1)?;
            if !out {
                let mut journal = StoreJournal::default();
                let new_bytes = new.to_le_bytes();
                let unknown = undefined.iter().any(|u| *u);
                for (k, b) in new_bytes.iter().enumerate().take(bytes) {
                    let a = a32(offset + k as i128);
                    journal.store(&surface, a, &[*b]);
                    if unknown {
                        journal.store_undefined(&surface, a, 1);
                    }
                }
                // The lanes run in the loop's order (DWORD-ATOMIC-LANE-ORDER).
                journal.commit(&mut state.mem);
            }
            let returned =
                if op == AtomicOp::Predec && !readings.is_literal(errata::SVM_ATOMIC_PREDEC) {
                    new.to_le_bytes()
                } else {
                    old.to_le_bytes()
                };
            if let Some(d) = dst {
                returned_dword(state, d + 4 * i, bytes, returned, &undefined, &mut writes)?;
            }
        }
    }
    apply_writes(state, writes)
}

//! The SVM instructions (instructions/SVM.md and the SVM_*.md documents): shared virtual
//! memory accesses at flat 64-bit byte addresses. One module per document transcribes its
//! Semantics loop; this module holds what they share: operand access, the flat window of the
//! memory model (`state::memory`), alignment (SVM-ADDRESS-ALIGNMENT) and the register
//! writes applied when an instruction completes. See docs/memory.md, section SVM.
//!
//! Addresses are flat: `address + offset` wraps around modulo 2^64; memory no case wrote reads
//! as zero (LSC-UNWRITTEN-MEMORY). Stores of one instruction land together through the
//! memory model's store journal: a byte two lanes store with different values is undefined.

pub mod svm_atomic;
pub mod svm_block_ld;
pub mod svm_block_st;
pub mod svm_gather;
pub mod svm_gather4_scaled;
pub mod svm_scatter;
pub mod svm_scatter4_scaled;

use crate::error::{Result, VisaError};
use crate::ir::svm::raw_byte_offset as svm_raw_byte_offset;
use crate::ir::{Dst, Instruction, Payload, Program, Scalar};
use crate::state::{AccessKind, AddrType, MachineState, VarId, Window};
use crate::types::DataType;

/// The flat address space as a window (no base, no bounds).
pub(super) fn flat(state: &MachineState) -> Result<Window> {
    state.mem.window(false, AddrType::Flat, 0)
}

/// The register-file byte of element `(row, col)` of type `ty` of variable `var`.
fn place(program: &Program, var: VarId, row: u32, col: u32, ty: DataType) -> Result<usize> {
    let base = program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an SVM operand has no register-file storage"))?;
    Ok(base + svm_raw_byte_offset(program.platform, row, col, ty))
}

/// The register-file byte where a raw destination operand `V.OFFSET` starts (`None` for
/// `%null`).
pub(super) fn raw_dst(program: &Program, insn: &Instruction) -> Result<Option<usize>> {
    match insn.dst {
        Dst::General {
            var, row, col, ty, ..
        } => place(program, var, row, col, ty).map(Some),
        Dst::Null { .. } => Ok(None),
        _ => Err(VisaError::model_bug("an SVM destination of another kind")),
    }
}

/// The register-file byte just past variable `var`'s last byte.
pub(super) fn var_end(program: &Program, var: VarId) -> Result<usize> {
    let v = program.vars.get(var);
    let base = v
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an SVM operand has no register-file storage"))?;
    Ok(base + v.byte_size())
}

/// The register-file byte where a raw source operand `V.OFFSET` starts.
pub(super) fn raw(program: &Program, p: &Payload) -> Result<usize> {
    place(program, p.var, p.row, p.col, p.ty)
}

/// The value of a scalar operand (`Address`): an immediate or the UQ element `(row, col)`.
pub(super) fn scalar(program: &Program, state: &MachineState, s: &Scalar) -> Result<u64> {
    match *s {
        Scalar::Imm { bits, .. } => Ok(bits),
        Scalar::Var { var, row, col, ty } => uq(state, place(program, var, row, col, ty)?),
    }
}

pub(super) fn read_grf(state: &MachineState, at: usize, len: usize) -> Result<&[u8]> {
    state
        .grf
        .get(at..at + len)
        .ok_or_else(|| VisaError::model_bug("an SVM operand lies outside the register file"))
}

/// The UQ element at register byte `at`.
pub(super) fn uq(state: &MachineState, at: usize) -> Result<u64> {
    let b = read_grf(state, at, 8)?;
    let mut w = [0u8; 8];
    w.copy_from_slice(b);
    Ok(u64::from_le_bytes(w))
}

/// SVM-ADDRESS-ALIGNMENT: a misaligned address makes the instruction undefined.
pub(super) fn aligned(addr: u64, align: u64, what: &str) -> Result<()> {
    if addr.is_multiple_of(align) {
        Ok(())
    } else {
        Err(VisaError::undefined(format!(
            "{what} {addr:#x} is not aligned to {align} bytes (SVM-ADDRESS-ALIGNMENT)"
        ))
        .field("addresses"))
    }
}

/// `*(addr)` for `len` bytes: the bytes and which of them memory holds undefined. The bytes
/// are noted as an access of `kind` by `lane` (docs/races.md).
pub(super) fn load(
    state: &mut MachineState,
    (lane, kind): (Option<u32>, AccessKind),
    w: &Window,
    addr: u64,
    len: usize,
) -> (Vec<u8>, Vec<bool>) {
    let mut out = vec![0u8; len];
    let undefined = state.mem.load(w, addr, &mut out);
    state.mem.note(lane, w, addr, len, u64::MAX, kind);
    let mut flags = vec![false; len];
    for i in undefined {
        if let Some(f) = flags.get_mut(i) {
            *f = true;
        }
    }
    (out, flags)
}

/// Register writes `(byte, value, defined)` applied together when the loop completes.
pub(super) fn apply_writes(state: &mut MachineState, writes: Vec<(usize, u8, bool)>) -> Result<()> {
    for (at, value, defined) in writes {
        let Some(slot) = state.grf.get_mut(at) else {
            return Err(VisaError::model_bug(
                "an SVM destination lies outside the register file",
            ));
        };
        *slot = value;
        if defined {
            state.undefined.remove(&at);
        } else {
            state.undefined.insert(at);
        }
    }
    Ok(())
}

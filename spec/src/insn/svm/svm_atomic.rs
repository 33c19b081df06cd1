//! SVM_ATOMIC (instructions/SVM_ATOMIC.md), Semantics: for each enabled lane `i` in order,
//! `dst[i] = *(addresses[i])` and `*(addresses[i]) = op(*(addresses[i]), src0, src1)`, the
//! operations of DWORD_ATOMIC.md's DWORD_ATOMIC_OP table on 16, 32 or 64 bits.
//!
//! Readings: SVM-ATOMIC-OPERAND-ORDER (validation places dst, src0, src1);
//! SVM-ATOMIC-CMPXCHG-ROLES (src0 and src1 are element `i`; CMPXCHG compares with src1,
//! FCMPWR with src0); SVM-ATOMIC-PREDEC (resolved: PREDEC returns the new value);
//! SVM-ATOMIC-16BIT-WRITEBACK (16-bit: the lower word of each dword, the upper word of a
//! returned dword undefined); SVM-ATOMIC-FLOAT-MINMAX; SVM-ADDRESS-ALIGNMENT (each address
//! aligned to the access). The lanes run in the loop's order, each seeing the writes of the
//! lanes before it.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::svm_gather::lane_addresses;
use super::{apply_writes, flat, load, raw, raw_dst, read_grf};
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::insn::atomic_float::{float_min_max, float_value};
use crate::insn::ctrl;
use crate::ir::svm::{AtomicOp, SvmCtrl};
use crate::ir::{Instruction, Program};
use crate::num;
use crate::state::{AccessKind, MachineState, StoreJournal};
use crate::types::DataType;

/// `op(old, src0, src1)` on `width` bits (DWORD_ATOMIC_OP's `new`).
pub(crate) fn new_value(op: AtomicOp, width: u32, old: u64, src0: u64, src1: u64) -> Result<u64> {
    let unsigned = |bits: u64| BigInt::from(bits);
    let signed = |bits: u64| {
        let b = BigInt::from(bits);
        if bits >> (width - 1) & 1 == 1 {
            b - (BigInt::from(1u8) << width)
        } else {
            b
        }
    };
    // Exact integer results truncated to the width at the end.
    let truncate = |n: BigInt| num::unsigned_bits(&n, width).to_u64().unwrap_or(0);
    let float_ty = if width == 16 {
        DataType::HF
    } else {
        DataType::F
    };
    Ok(match op {
        AtomicOp::Add => truncate(unsigned(old) + unsigned(src0)),
        AtomicOp::Sub => truncate(unsigned(old) - unsigned(src0)),
        AtomicOp::Inc => truncate(unsigned(old) + 1),
        AtomicOp::Dec | AtomicOp::Predec => truncate(unsigned(old) - 1),
        AtomicOp::Min => old.min(src0),
        AtomicOp::Max => old.max(src0),
        AtomicOp::Xchg => src0,
        // new = (old==src1) ? src0 : old
        AtomicOp::Cmpxchg => {
            if old == src1 {
                src0
            } else {
                old
            }
        }
        AtomicOp::And => old & src0,
        AtomicOp::Or => old | src0,
        AtomicOp::Xor => old ^ src0,
        AtomicOp::Imin => {
            if signed(src0) < signed(old) {
                src0
            } else {
                old
            }
        }
        AtomicOp::Imax => {
            if signed(src0) > signed(old) {
                src0
            } else {
                old
            }
        }
        AtomicOp::Fmax => float_min_max(old, src0, float_ty, false)?,
        AtomicOp::Fmin => float_min_max(old, src0, float_ty, true)?,
        // new = (src0 == old) ? src1 : old, compared as floats
        AtomicOp::Fcmpwr => {
            let equal = float_value(src0, float_ty)?.compare(&float_value(old, float_ty)?)
                == Some(Ordering::Equal);
            if equal {
                src1
            } else {
                old
            }
        }
    })
}

fn element(
    state: &MachineState,
    base: Option<usize>,
    i: usize,
    reg: usize,
    bytes: usize,
) -> Result<u64> {
    let Some(base) = base else { return Ok(0) };
    let b = read_grf(state, base + i * reg, bytes)?;
    let mut w = [0u8; 8];
    w[..bytes].copy_from_slice(b);
    Ok(u64::from_le_bytes(w))
}

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let SvmCtrl::Atomic {
        op,
        width,
        addresses,
        src0,
        src1,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug("SVM_ATOMIC without its fields"));
    };
    let exec_size = insn.exec_size as usize;
    // Bytes of one access, and of one register element (16-bit data sits in a dword).
    let bytes = (width / 8) as usize;
    let reg = if width == 64 { 8 } else { 4 };
    let addresses = lane_addresses(program, insn, state, &addresses, bytes as u64)?;
    let dst = raw_dst(program, insn)?;
    // Src0 and Src1 are V0 (`None`) where the operation reads none.
    let src0 = src0.map(|p| raw(program, &p)).transpose()?;
    let src1 = src1.map(|p| raw(program, &p)).transpose()?;
    let w = flat(state)?;
    let mut writes = Vec::new();
    for (i, address) in addresses.iter().enumerate().take(exec_size) {
        let Some(address) = *address else {
            continue; // ChEn[i] is 0
        };
        // dst[i] = *(addresses[i])
        // The read and the write are one atomic access (docs/races.md).
        let lane = (Some(i as u32), AccessKind::Atomic);
        let (old_bytes, undefined) = load(state, lane, &w, address, bytes);
        let mut word = [0u8; 8];
        word[..bytes].copy_from_slice(&old_bytes);
        let old = u64::from_le_bytes(word);
        // *(addresses[i]) = op(*(addresses[i]), src0, src1)
        let s0 = element(state, src0, i, reg, bytes)?;
        let s1 = element(state, src1, i, reg, bytes)?;
        let new = new_value(op, width, old, s0, s1)?;
        let returned = if op == AtomicOp::Predec && !readings.is_literal(errata::SVM_ATOMIC_PREDEC)
        {
            new.to_le_bytes()
        } else {
            old.to_le_bytes()
        };
        let returned_defined = |k: usize| !undefined.get(k).copied().unwrap_or(false);
        if let Some(d) = dst {
            for k in 0..reg {
                let at = d + i * reg + k;
                if k < bytes {
                    writes.push((at, returned[k], returned_defined(k)));
                } else {
                    // SVM-ATOMIC-16BIT-WRITEBACK: the upper word is undefined.
                    let keep = read_grf(state, at, 1)?[0];
                    writes.push((at, keep, false));
                }
            }
        }
        // Lane by lane, in the loop's order.
        let mut journal = StoreJournal::default();
        journal.store(&w, address, &new.to_le_bytes()[..bytes]);
        if undefined.iter().any(|u| *u) {
            journal.store_undefined(&w, address, bytes);
        }
        journal.commit(&mut state.mem);
    }
    apply_writes(state, writes)
}

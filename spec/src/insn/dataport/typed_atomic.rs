//! TYPED_ATOMIC (instructions/TYPED_ATOMIC.md). The document's Semantics are one line
//! ("word or dword atomic" read-modify-write); its operations are DWORD_ATOMIC's
//! (TYPED-ATOMIC-OP-TABLE, resolved): for each enabled lane `i` in order, with `p` the R
//! channel of the pixel `surface[u,v,r]` (`typed`'s layout, TYPED-SURFACE-LAYOUT),
//! `dst[i] = *p` and `*p = op(*p, src0[i], src1[i])` on 32 bits, or on 16 bits with `.16`
//! (the same `new` as DWORD_ATOMIC and SVM_ATOMIC: `insn::svm::svm_atomic::new_value`).
//! The channel is a raw integer of the operation's width: no format conversion, and a
//! format whose channels are not of that width is undefined behaviour.
//!
//! Readings: TYPED-ATOMIC-OP-TABLE (literal: the operations are undefined, so executing
//! the instruction is undefined behaviour); TYPED-ATOMIC-OPERANDS (validation's: which
//! sources an operation reads; a V0 source reads 0); SVM-ATOMIC-CMPXCHG-ROLES;
//! SVM-ATOMIC-PREDEC (resolved: PREDEC returns the new value); SVM-ATOMIC-16BIT-WRITEBACK
//! (the upper word of a returned dword is undefined). Properties, Out-of-bound Access: "On
//! read: zeros are returned. On write: data is dropped": an out-of-bounds lane returns
//! zero and writes nothing.

use super::dword_atomic::{element, returned_dword};
use super::typed::{channel_bytes, coordinate, ctrl, pixel, typed_surface, FLAT_SPACE};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::svm::svm_atomic::new_value;
use crate::insn::svm::{apply_writes, load, raw, raw_dst};
use crate::ir::dataport_typed::TypedCtrl;
use crate::ir::svm::AtomicOp;
use crate::ir::{Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let TypedCtrl::TypedAtomic {
        op,
        width,
        surface,
        u,
        v,
        r,
        lod,
        src0,
        src1,
    } = ctrl(insn)?
    else {
        return Err(VisaError::model_bug("TYPED_ATOMIC without its fields"));
    };
    let readings = &config.readings;
    if readings.is_literal(errata::TYPED_ATOMIC_OP_TABLE) {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            "TYPED_ATOMIC's document does not say what its operations compute (TYPED-ATOMIC-OP-TABLE, literal)",
        ));
    }
    let exec_size = insn.exec_size as usize;
    // 2 or 4 bytes per access; each lane's data sits in a dword of the register operands.
    let bytes = (width / 8) as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let (surface, format) = typed_surface(program, state, surface)?;
    if format.channel_bits() != width {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "a {width}-bit atomic on a {format} surface, whose channels are {} bits (TYPED-ATOMIC-OP-TABLE)",
                format.channel_bits()
            ),
        ));
    }
    let src0 = src0.map(|p| raw(program, &p)).transpose()?;
    let src1 = src1.map(|p| raw(program, &p)).transpose()?;
    let dst = raw_dst(program, insn)?;
    let mut writes = Vec::new();
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let p = pixel(
                &surface,
                format,
                coordinate(program, state, Some(u), i)?,
                coordinate(program, state, v, i)?,
                coordinate(program, state, r, i)?,
                coordinate(program, state, lod, i)?,
            );
            // dst[i] = *p; out of bounds: zeros are returned.
            let mut old = [0u8; 8];
            let mut undefined = [false; 8];
            let at = p.map(|p| channel_bytes(format, p, 0).0);
            if let Some(addr) = at {
                let (b, u) = load(
                    state,
                    (Some(i as u32), AccessKind::Atomic),
                    &FLAT_SPACE,
                    addr,
                    bytes,
                );
                old[..bytes].copy_from_slice(&b);
                undefined[..bytes].copy_from_slice(&u);
            }
            let old = u64::from_le_bytes(old);
            // *p = op(*p, src0, src1); out of bounds: the data is dropped.
            let s0 = element(state, src0.map(|s| s + 4 * i), bytes)?;
            let s1 = element(state, src1.map(|s| s + 4 * i), bytes)?;
            let new = new_value(op, width, old, s0, s1)?;
            if let Some(addr) = at {
                let mut journal = StoreJournal::default();
                journal.store(&FLAT_SPACE, addr, &new.to_le_bytes()[..bytes]);
                if undefined.iter().any(|u| *u) {
                    journal.store_undefined(&FLAT_SPACE, addr, bytes);
                }
                // The lanes run in order, each seeing the writes of those before it.
                journal.commit(&mut state.mem);
            }
            let returned = match at {
                None => [0u8; 8],
                Some(_)
                    if op == AtomicOp::Predec
                        && !readings.is_literal(errata::SVM_ATOMIC_PREDEC) =>
                {
                    new.to_le_bytes()
                }
                Some(_) => old.to_le_bytes(),
            };
            if let Some(d) = dst {
                returned_dword(state, d + 4 * i, bytes, returned, &undefined, &mut writes)?;
            }
        }
    }
    apply_writes(state, writes)
}

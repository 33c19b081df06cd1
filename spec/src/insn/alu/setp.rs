//! SETP (instructions/SETP.md): sets a predicate from the bits of src0.
//!
//! Readings: SETP-BIT-TEST (what the scalar branch's `src0 & (1 << i)` writes into a
//! one-bit element), SETP-MASK-CONTROL (validation). Channel i writes element i + the mask
//! control's offset, so M5 writes the upper half of a 32-element predicate.

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program, Region, Src};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let literal = readings.is_literal(errata::SETP_BIT_TEST);
    let mut dst = DstElements::with_mask_offset(
        program,
        state,
        &insn.dst,
        insn.exec_size,
        insn.mask.offset(),
        readings,
    )?;
    for i in 0..exec_size {
        if is_scalar(&insn.srcs[0]) {
            // Every lane reads the same element: the scalar src0.
            let scalar = u64::from(num::ud_scalar(&src0[0])?);
            if literal {
                // dst[i] = src0 & (1 << i); the one-bit element keeps bit 0.
                dst.set(i, scalar & (1 << i));
            } else {
                // Bit i of src0 (Notes).
                dst.set(i, (scalar >> i) & 1);
            }
        } else if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] & 1;
            dst.set(i, u64::from(num::ud_scalar(&src0[i])? & 1));
        }
    }
    dst.commit(state);
    Ok(())
}

/// A scalar src0: an immediate that is not a packed vector, or a region whose channels all
/// read one element: vertical stride 0 and width 1 or horizontal stride 0 (`<0;1,0>`,
/// `<0;4,0>`; the finalizer's test, IGC visa/G4_Operand.h, RegionDesc::isScalar). A packed V
/// or UV immediate gives element i to channel i, so it is a vector source.
pub fn is_scalar(src: &Src) -> bool {
    let one_element = |r: &Region| r.vstride == 0 && (r.width == 1 || r.hstride == 0);
    match src {
        Src::Imm { ty, .. } => !ty.is_packed(),
        Src::General { region, .. } => one_element(region),
        Src::Indirect { region, multi, .. } => !multi && one_element(region),
        _ => false,
    }
}

//! BFE (instructions/BFE.md): component-wise extraction of a bit field of src2, of width
//! src0 and offset src1; a D destination receives it sign-extended (Notes).
//!
//! Readings: BFE-SIGN-EXTENSION (the resolved reading extends the field's top bit for D; the
//! literal reading runs the Semantics' mask, which never does). Execution size 2 is invalid
//! (validation; erratum BFE-BFI-ALIGNMENT for the alignment rule of the same Restriction).

use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::DataType;

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
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let signed = insn.dst.ty() == DataType::D;
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // UD width = src0[i] & 1F; UD offset = src1[i] & 1F (`1F`: the mask 0x1F).
            let width = num::ud_scalar(&src0[i])? & 0x1F;
            let offset = num::ud_scalar(&src1[i])? & 0x1F;
            let field = num::ud_scalar(&src2[i])?;
            let result = if readings.is_literal(errata::BFE_SIGN_EXTENSION) {
                literal_field(field, width, offset, signed)
            } else {
                resolved_field(field, width, offset, signed)
            };
            dst.set(i, u64::from(result));
        }
    }
    dst.commit(state);
    Ok(())
}

/// `dst[i] = (src2[i] >> offset) & ((1 << width) - 1)` in 32 bits, the shift arithmetic when
/// src2 is D (C's `>>` on a signed value).
fn literal_field(src2: u32, width: u32, offset: u32, signed: bool) -> u32 {
    let shifted = if signed {
        (src2 as i32 >> offset) as u32
    } else {
        src2 >> offset
    };
    shifted & ((1 << width) - 1)
}

/// The field of `width` bits at `offset`, moved to bit 0: shifted up so its top bit is bit
/// 31, then down, arithmetically for D; a field that reaches bit 31 only shifts down.
fn resolved_field(src2: u32, width: u32, offset: u32, signed: bool) -> u32 {
    let shift_right = |x: u32, n: u32| {
        if signed {
            (x as i32 >> n) as u32
        } else {
            x >> n
        }
    };
    if width == 0 {
        0
    } else if offset + width < 32 {
        shift_right(src2 << (32 - width - offset), 32 - width)
    } else {
        shift_right(src2, offset)
    }
}

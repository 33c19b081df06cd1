//! MADW (instructions/MADW.md): component-wise `src0 * src1 + src2` of 32-bit integers with
//! the full 64-bit result: the low 32 bits of every channel in the lower GRFs of `<dst>`,
//! the high 32 bits in the GRFs after them (SOA layout, Description and Notes).
//!
//! Readings: MADW-HIGH-HALF (where the high halves start; [`madw_high_half_offset`]),
//! INT-EXTRA-PRECISION and OPERAND-MODIFIER-TABLE (the result is exact; the destination
//! keeps its low 64 bits). Validation checks the execution size, the GRF-aligned
//! destination and that both halves lie inside the destination variable.

use crate::config::ExecConfig;
use crate::errata::Readings;
use crate::error::{Result, VisaError};
use crate::ir::alu::madw_high_half_offset;
use crate::ir::{Dst, Instruction, Program};
use crate::num;
use crate::operand::{evaluate_ch_en, grf_size_in_bytes, source_elements, DstElements};
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
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let src2 = source_elements(program, state, &insn.srcs[2], insn.exec_size, readings)?;
    let grf_size = program.platform.grf_size();
    let dst_ty = insn.dst.ty();
    // dst0: the low halves, at the destination operand; dst1: the high halves.
    let high = match &insn.dst {
        Dst::General { hstride, .. } | Dst::Indirect { hstride, .. } => {
            madw_high_half_offset(insn.exec_size, *hstride, grf_size, readings)
        }
        // `%null` discards both halves.
        _ => 0,
    };
    let high_dst = shifted(program, &insn.dst, high, readings)?;
    let mut dst0 = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    let mut dst1 = DstElements::new(program, state, &high_dst, insn.exec_size, readings)?;
    check_indirect_alignment(program, state, &insn.dst, grf_size)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            // dst[i] = src0[i] * src1[i] + src2[i], exact.
            let r = num::int_of(&src0[i])? * num::int_of(&src1[i])? + num::int_of(&src2[i])?;
            // dst0[i] = Low32(dst[i]), dst1[i] = High32(dst[i]).
            dst0.set(i, num::convert_int(&r, dst_ty, false)?);
            dst1.set(
                i,
                num::convert_int(&num::shift_right(&r, 32), dst_ty, false)?,
            );
        }
    }
    dst0.commit(state);
    dst1.commit(state);
    Ok(())
}

/// The destination operand moved `bytes` further in the register file.
fn shifted(program: &Program, dst: &Dst, bytes: usize, readings: &Readings) -> Result<Dst> {
    Ok(match dst {
        Dst::General {
            var,
            row,
            col,
            hstride,
            ty,
        } => {
            let row_elems = grf_size_in_bytes(program, readings) / ty.size();
            let element = *row as usize * row_elems + *col as usize + bytes / ty.size();
            Dst::General {
                var: *var,
                row: (element / row_elems) as u32,
                col: (element % row_elems) as u32,
                hstride: *hstride,
                ty: *ty,
            }
        }
        Dst::Indirect {
            addr,
            addr_sub,
            imm_offset,
            hstride,
            ty,
        } => Dst::Indirect {
            addr: *addr,
            addr_sub: *addr_sub,
            imm_offset: i32::try_from(bytes)
                .ok()
                .and_then(|b| imm_offset.checked_add(b))
                .ok_or_else(|| VisaError::model_bug("MADW's high half offset overflows"))?,
            hstride: *hstride,
            ty: *ty,
        },
        other => other.clone(),
    })
}

/// instructions/MADW.md, Dst: "Must be GRF aligned"; an indirect destination's address is
/// known only now (validation checks a general one).
fn check_indirect_alignment(
    program: &Program,
    state: &MachineState,
    dst: &Dst,
    grf_size: usize,
) -> Result<()> {
    let Dst::Indirect {
        addr,
        addr_sub,
        imm_offset,
        ..
    } = dst
    else {
        return Ok(());
    };
    let a = state
        .addr(&program.vars, *addr)
        .get(*addr_sub as usize)
        .ok_or_else(|| VisaError::model_bug("MADW's address element is missing"))?;
    let origin = i64::from(*a) + i64::from(*imm_offset);
    if origin.rem_euclid(grf_size as i64) != 0 {
        return Err(VisaError::undefined(format!(
            "MADW's indirect destination starts at register byte {origin}, which is not GRF aligned ({grf_size}-byte GRFs) ({})",
            program.vars.get(*addr).name
        )));
    }
    Ok(())
}

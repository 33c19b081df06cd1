//! MIN and MAX (instructions/MIN_MAX.md): component-wise minimum or maximum of two sources.
//!
//! Integers compare by exact value (mixed signedness included). Floats follow the Notes:
//! IEEE min/max where one NaN source gives the other source and two NaN sources give src1.
//! Readings: MIN-MAX-ZERO-SIGN (how -0 and +0 order), MIN-MAX-NAN (whether the NaN src1 is
//! quieted), INT-EXTRA-PRECISION (modified sources are exact; the result is saturated or
//! truncated once). Float inputs are flushed per the %cr0 denorm modes.

use std::cmp::Ordering;

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::{Instruction, Opcode, Program};
use crate::num::{self, FloatFormat, FloatMode, Value};
use crate::operand::{evaluate_ch_en, source_elements, DstElements};
use crate::state::MachineState;
use crate::types::exec_type;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let exec_size = insn.exec_size as usize;
    let mode = FloatMode::from_cr0(state.cr0(&program.vars));
    let is_max = insn.opcode == Opcode::Max;
    let ChEn = evaluate_ch_en(insn, state);
    let src0 = source_elements(program, state, &insn.srcs[0], insn.exec_size, readings)?;
    let src1 = source_elements(program, state, &insn.srcs[1], insn.exec_size, readings)?;
    let (src0_ty, src1_ty) = (exec_type(insn.srcs[0].ty()), exec_type(insn.srcs[1].ty()));
    let dst_ty = insn.dst.ty();
    let mut dst = DstElements::new(program, state, &insn.dst, insn.exec_size, readings)?;
    for i in 0..exec_size {
        if ChEn >> i & 1 == 1 {
            let a = num::flush_input(src0[i].clone(), src0_ty, &mode, readings);
            let b = num::flush_input(src1[i].clone(), src1_ty, &mode, readings);
            // dst[i] = min/max(src0[i], src1[i]);
            let result = min_max(is_max, &a, &b, readings);
            let bits = match signalling_src1(result, src1_ty, insn, readings) {
                Some(bits) => bits,
                None => num::convert(result, dst_ty, insn.sat, &mode, readings)?,
            };
            dst.set(i, bits);
        }
    }
    dst.commit(state);
    Ok(())
}

/// min(a, b) or max(a, b) of two exact values: the chosen operand itself.
fn min_max<'v>(is_max: bool, a: &'v Value, b: &'v Value, readings: &Readings) -> &'v Value {
    // Notes: one NaN source gives the other source; two give source1.
    match (a.is_nan(), b.is_nan()) {
        (true, _) => return b,
        (false, true) => return a,
        (false, false) => {}
    }
    let order = match a.compare(b) {
        // Erratum MIN-MAX-ZERO-SIGN, resolved: -0 is below +0.
        Some(Ordering::Equal)
            if is_zero(a) && is_zero(b) && !readings.is_literal(errata::MIN_MAX_ZERO_SIGN) =>
        {
            a.negative().cmp(&b.negative()).reverse()
        }
        Some(order) => order,
        None => Ordering::Equal,
    };
    // Equal values (and, literally, -0 and +0) give src0.
    match (is_max, order) {
        (false, Ordering::Greater) | (true, Ordering::Less) => b,
        _ => a,
    }
}

fn is_zero(v: &Value) -> bool {
    v.as_float().is_some_and(|f| f.is_zero())
}

/// Erratum MIN-MAX-NAN, literal reading: two NaN sources give src1 unchanged, so with a
/// destination of src1's type and no saturation its bits (a signalling NaN included) are
/// written as they are. `None`: the result goes through the destination conversion, which
/// quiets a NaN (the resolved reading, and every other case).
fn signalling_src1(
    result: &Value,
    src1_ty: crate::types::DataType,
    insn: &Instruction,
    readings: &Readings,
) -> Option<u64> {
    let literal = readings.is_literal(errata::MIN_MAX_NAN);
    if !literal || insn.sat || src1_ty != insn.dst.ty() {
        return None;
    }
    let nan = result.as_float().filter(|f| f.is_nan())?;
    FloatFormat::of(src1_ty)?.encode(nan)
}

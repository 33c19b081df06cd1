//! LSC_UNTYPED (instructions/LSC_UNTYPED.md), Semantics LOAD_STATUS, for `lsc_load_status`
//! and LSC_TYPED's `lsc_load_status.tgm` (its sub-op table, 0x1B): bit `n` of `dest` is
//! `MsgChEn[n] & s`, `s` cleared by the first element address of lane `n` that
//! `IsTRTT_VALID_PAGE` rejects.
//!
//! LSC-LOAD-STATUS-TRTT: `IsTRTT_VALID_PAGE` (the tiled-resource translation table) is
//! defined by no document and the memory model has no such table: resolved, every page is
//! valid, so `dest` is the lanes' ChEn; literal, calling the undefined function is undefined
//! behaviour. `dest` is DstData's first 32-bit word (one bit a lane, up to SIMD32); the rest
//! of DstData keeps its bytes.

use crate::config::ExecConfig;
use crate::errata;
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::ctrl;
use crate::ir::{Dst, Instruction, Program};
use crate::operand::evaluate_ch_en;
use crate::state::MachineState;

use super::lsc_untyped::{base_window, start};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    // `Base`: the surface must exist (a stateful access without one is undefined).
    base_window(program, &c, &ops, state, &config.readings)?;
    let literal = config.readings.is_literal(errata::LSC_LOAD_STATUS_TRTT);
    let IsTRTT_VALID_PAGE = || -> Result<bool> {
        if literal {
            Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                "LOAD_STATUS calls IsTRTT_VALID_PAGE, which no document defines (LSC-LOAD-STATUS-TRTT literal)",
            ))
        } else {
            // No tiled-resource translation table: every page is valid.
            Ok(true)
        }
    };
    let mut dest: u32 = 0;
    for n in 0..ExecSize {
        let mut s = true;
        if ChEn >> n & 1 == 1 {
            // for (v = 0; v < vect_size; v++) if (s) s = IsTRTT_VALID_PAGE(addr.elems[v])
            for _v in 0..vect_size {
                if s {
                    s = IsTRTT_VALID_PAGE()?;
                }
            }
        }
        if ChEn >> n & 1 == 1 && s {
            dest |= 1 << n;
        }
    }
    let Dst::General { var, .. } = insn.dst else {
        return Ok(());
    };
    let at = start(program, var)?;
    let Some(slot) = state.grf.get_mut(at..at + 4) else {
        return Err(VisaError::model_bug(
            "DstData lies outside the register file",
        ));
    };
    slot.copy_from_slice(&dest.to_le_bytes());
    for k in at..at + 4 {
        state.undefined.remove(&k);
    }
    Ok(())
}

//! DPASW (instructions/DPASW.md, Semantics): DPAS whose Src2 registers come from both
//! threads of a fused pair (EU0, EU1). This thread is EU0; the partner's registers are
//! [`MachineState::partner_grf`] (absent: the partner holds the same bytes as this thread).
//! Once Src2 is assembled, the DPAS loop runs unchanged (`super::dpas::systolic`).
//!
//! Readings: DPASW-SPLIT (the Semantics formula, resolved; the Description table, literal:
//! it keeps both registers on EU0 for 16-byte rows at RC 3 and 4), and the DPAS readings.

use super::dpas::{systolic, Layout};
use crate::config::ExecConfig;
use crate::errata;
use crate::error::Result;
use crate::ir::{Instruction, Program};
use crate::state::MachineState;

/// DPASW.md fixes the register of the split at 32 bytes (DPASW exists on xe-hpg only, whose
/// GRF is 32 bytes, so this is also the platform's GRF).
const GRF_BYTES: usize = 32;

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let layout = Layout::of(program, insn, config)?;
    let at = layout.src2_at;
    let Src2PrecisionInBits = layout.A.bits() as usize;
    let OPS_PER_CHAN = layout.OPS_PER_CHAN as usize;
    let RC = layout.RC as usize;
    // Src2SizeInBytes = (Src2PrecisionInBits * OPS_PER_CHAN) * RC
    let Src2SizeInBytes = (Src2PrecisionInBits * OPS_PER_CHAN) * RC;
    let NGrf = Src2SizeInBytes.div_ceil(GRF_BYTES);
    let mut NGrf_EU0 = NGrf.div_ceil(2);
    if config.readings.is_literal(errata::DPASW_SPLIT)
        && Src2PrecisionInBits * OPS_PER_CHAN == 16
        && (RC == 3 || RC == 4)
    {
        // The Description table: both registers from EU0 in this column at RC 3 and 4.
        NGrf_EU0 = NGrf;
    }
    let NGrf_EU1 = NGrf - NGrf_EU0;
    let eu0 = |b: usize| state.grf.get(at + b).copied().unwrap_or(0);
    let eu1 = |b: usize| match &state.partner_grf {
        Some(partner) => partner.get(at + b).copied().unwrap_or(0),
        None => eu0(b),
    };
    let mut Src2 = vec![0u8; NGrf * GRF_BYTES];
    for i in 0..NGrf_EU0 {
        for b in 0..GRF_BYTES {
            Src2[i * GRF_BYTES + b] = eu0(i * GRF_BYTES + b);
        }
    }
    for i in 0..NGrf_EU1 {
        for b in 0..GRF_BYTES {
            Src2[(NGrf_EU0 + i) * GRF_BYTES + b] = eu1(i * GRF_BYTES + b);
        }
    }
    Src2.truncate(layout.src2_bytes);
    systolic(state, config, &layout, &Src2)
}

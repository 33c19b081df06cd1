//! SVM_GATHER4_SCALED (instructions/SVM_GATHER4_SCALED.md), Semantics: for each enabled
//! channel `c` of RGBA (`ch_mask`), in order, each enabled lane `i` reads the dword at
//! `address + element_offset[i] + c*4` into `dst[ch_start+i]`, with
//! `ch_start = ch_pos * max(exec_size, GRF_SIZE/4)`: each channel starts a register.
//! Dst: where a channel's data does not fill its register (exec size 8 on a 64-byte GRF) the
//! rest of that register is undefined, as far as the variable reaches. The final address
//! is dword aligned (SVM-ADDRESS-ALIGNMENT); `Scale` is ignored (always zero).

use super::{aligned, apply_writes, flat, load, raw, raw_dst, read_grf, scalar, uq};
use crate::config::ExecConfig;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Dst, Instruction, Payload, Program, Scalar};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState};

/// The dword addresses `address + element_offset[i] + c*4` of every enabled channel and
/// lane, in the loop's order: `(ch_pos, c, i, address)`; checked for alignment first.
#[allow(non_snake_case)]
pub(super) fn channel_addresses(
    program: &Program,
    insn: &Instruction,
    state: &MachineState,
    ch_mask: u8,
    address: &Scalar,
    element_offset: &Payload,
) -> Result<Vec<(usize, u64, usize, u64)>> {
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let address = scalar(program, state, address)?;
    let offsets = raw(program, element_offset)?;
    let mut out = Vec::new();
    let mut ch_pos = 0usize;
    for c in 0..4u64 {
        if ch_mask >> c & 1 == 1 {
            for i in 0..exec_size {
                if ChEn >> i & 1 == 1 {
                    let element_offset = uq(state, offsets + 8 * i)?;
                    let a = address.wrapping_add(element_offset).wrapping_add(c * 4);
                    aligned(a, 4, "a channel address")?;
                    out.push((ch_pos, c, i, a));
                }
            }
            ch_pos += 1;
        }
    }
    Ok(out)
}

/// `max(exec_size, GRF_SIZE / 4)`: the elements one channel takes.
pub(super) fn channel_elements(program: &Program, insn: &Instruction) -> usize {
    (insn.exec_size as usize).max(program.platform.grf_size() / 4)
}

pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let SvmCtrl::Gather4Scaled {
        ch_mask,
        address,
        element_offset,
    } = ctrl::svm(insn)?
    else {
        return Err(VisaError::model_bug(
            "SVM_GATHER4_SCALED without its fields",
        ));
    };
    let exec_size = insn.exec_size as usize;
    let lanes = channel_addresses(program, insn, state, ch_mask, &address, &element_offset)?;
    let Some(dst) = raw_dst(program, insn)? else {
        return Err(VisaError::model_bug(
            "SVM_GATHER4_SCALED without a destination",
        ));
    };
    let per_channel = channel_elements(program, insn);
    let w = flat(state)?;
    let mut writes = Vec::new();
    for (ch_pos, _c, i, a) in lanes {
        let ch_start = ch_pos * per_channel;
        // dst[ch_start+i] = *(address + element_offset[i] + (c * 4))
        let (bytes, undefined) = load(state, (Some(i as u32), AccessKind::Read), &w, a, 4);
        for k in 0..4 {
            writes.push((dst + (ch_start + i) * 4 + k, bytes[k], !undefined[k]));
        }
    }
    // Dst: the rest of each channel's register is undefined.
    let var_end = match insn.dst {
        Dst::General { var, .. } => {
            let v = program.vars.get(var);
            v.grf_offset.map_or(0, |s| s + v.byte_size())
        }
        _ => 0,
    };
    for ch_pos in 0..ch_mask.count_ones() as usize {
        for e in exec_size..per_channel {
            for k in 0..4 {
                let at = dst + (ch_pos * per_channel + e) * 4 + k;
                if at < var_end {
                    let keep = read_grf(state, at, 1)?[0];
                    writes.push((at, keep, false));
                }
            }
        }
    }
    apply_writes(state, writes)
}

//! LSC_UNTYPED (instructions/LSC_UNTYPED.md), Semantics AppendCounterAtomicAdd and
//! AppendCounterAtomicSub: `ctr_address = SURFACE_STATE[state_offset].Aux_surface_address`;
//! lane by lane in order, `old` is the counter, the counter becomes `old + src0Data[0]
//! .data_size[n]` (or `-`), and `dest[0].data_size[n] = old`.
//!
//! Readings (docs/memory.md): the surface's `aux` field is `Aux_surface_address`, a flat
//! address holding the d32 counter (0: the surface has no counter, undefined behaviour);
//! the counter wraps modulo 2^32; a counter whose bytes are undefined leaves every old value
//! and the final counter undefined.

use crate::config::ExecConfig;
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::ctrl;
use crate::ir::{Dst, Instruction, Opcode, Program};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, AddrType, MachineState, SurfaceHeap, Window, FLAT};

use super::lsc_untyped::{read_grf, scalar_ud, start};

#[allow(non_snake_case)]
pub fn execute(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let (c, ops) = ctrl::apndctr(insn)?;
    let ExecSize = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let state_offset = scalar_ud(program, state, &ops.surface)?;
    let heap = match c.addr_type {
        AddrType::Bti => SurfaceHeap::BindingTable,
        AddrType::Bss => SurfaceHeap::Bindless,
        AddrType::Ss => SurfaceHeap::SurfaceState,
        _ => return Err(VisaError::model_bug("an append counter without a surface")),
    };
    let Some(SURFACE_STATE) = state.mem.surface(heap, state_offset) else {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "no surface at index {state_offset:#x} of the {} table (init.surfaces)",
                heap.name()
            ),
        ));
    };
    let ctr_address = SURFACE_STATE.aux;
    if ctr_address == 0 {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!("surface {state_offset:#x} has no append counter (aux 0)"),
        ));
    }
    let src0Data = start(program, ops.src0_data.var)?;
    let dest = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        _ => None,
    };
    let sub = insn.opcode == Opcode::LscApndctrAtomicSub;
    let memory = state.mem.space(FLAT);
    let mut counter = [0u8; 4];
    let mut undefined = false;
    if let Some(m) = memory {
        m.read(ctr_address, &mut counter);
        undefined = (0..4).any(|i| m.is_undefined(ctr_address.wrapping_add(i)));
    }
    let mut counter = u32::from_le_bytes(counter);
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            // Each lane's update of the counter is one atomic access (docs/races.md).
            let counter_window = Window {
                space: FLAT,
                base: ctr_address,
                limit: None,
                offset_mask: u64::MAX,
            };
            let lane = Some(n as u32);
            state
                .mem
                .note(lane, &counter_window, 0, 4, u64::MAX, AccessKind::Atomic);
            let old = counter;
            let b = read_grf(state, src0Data + 4 * n, 4)?;
            let operand = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            counter = if sub {
                old.wrapping_sub(operand)
            } else {
                old.wrapping_add(operand)
            };
            if let Some(d) = dest {
                let at = d + 4 * n;
                let Some(slot) = state.grf.get_mut(at..at + 4) else {
                    return Err(VisaError::model_bug(
                        "DstData lies outside the register file",
                    ));
                };
                slot.copy_from_slice(&old.to_le_bytes());
                for k in at..at + 4 {
                    if undefined {
                        state.undefined.insert(k);
                    } else {
                        state.undefined.remove(&k);
                    }
                }
            }
        }
    }
    if ChEn != 0 {
        let m = state.mem.space_mut(FLAT);
        m.write(ctr_address, &counter.to_le_bytes());
        if undefined {
            for (i, b) in counter.to_le_bytes().into_iter().enumerate() {
                m.write_undefined(ctr_address.wrapping_add(i as u64), b);
            }
        }
    }
    Ok(())
}

//! LSC_UNTYPED (instructions/LSC_UNTYPED.md), Semantics: the LOAD loop (`lsc_load`) and the
//! STORE / STORE_UNCOMPRESSED loop (`lsc_store`, `lsc_store_uncompressed`).
//!
//! Readings: LSC-ADDR-SCALE-BASE (today's `Base + AddrScale*Src0Addrs[n] + AddrImmOffset`),
//! LSC-ADDR-WRAP (each byte's offset computed exactly, then truncated to AddrSize; Base added
//! after), LSC-SURFACE-BOUNDS and LSC-UNWRITTEN-MEMORY (the memory model,
//! `state::memory`), LSC-DATA-U32 (the widened data sizes), LSC-STORE-DSTDATA and
//! LSC-STORE-ELEM-OFFSET (the store loop). Stores of one instruction land together: a byte
//! two lanes store with different values is undefined (`StoreJournal`).

use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::exec::ExecConfig;
use crate::ir::{Ctrl, Dst, Instruction, LscCtrl, Program, Src};
use crate::lsc::{DataSize, Sfid};
use crate::operand::evaluate_ch_en;
use crate::state::{MachineState, StoreJournal, VarId, Window};

/// The register-file start of a general variable.
fn start(program: &Program, var: VarId) -> Result<usize> {
    program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an LSC operand has no register-file storage"))
}

fn read_grf(state: &MachineState, at: usize, len: usize) -> Result<&[u8]> {
    state
        .grf
        .get(at..at + len)
        .ok_or_else(|| VisaError::model_bug("an LSC operand lies outside the register file"))
}

fn ctrl(insn: &Instruction) -> Result<LscCtrl> {
    match insn.ctrl {
        Ctrl::Lsc(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "an LSC instruction without its fields",
        )),
    }
}

/// `Base` (Semantics, `Base = AddrType == flat ? 0 : ...`) as a window of memory: the
/// `(Surface)` operand selects the binding-table or surface-state entry.
#[allow(non_snake_case)]
fn base_window(program: &Program, insn: &Instruction, state: &MachineState) -> Result<Window> {
    let c = ctrl(insn)?;
    let Surface = match insn.srcs.first() {
        Some(Src::Imm { bits, .. }) => *bits,
        Some(Src::General { var, .. }) => {
            let b = read_grf(state, start(program, *var)?, 4)?;
            u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        }
        _ => {
            return Err(VisaError::model_bug(
                "an LSC surface operand of another kind",
            ))
        }
    };
    state.mem.window(c.sfid == Sfid::Slm, c.addr_type, Surface)
}

/// `Src0Addrs[n]`: `exec_size` unsigned addresses of AddrSize packed in the register.
#[allow(non_snake_case)]
fn src0_addrs(program: &Program, insn: &Instruction, state: &MachineState) -> Result<Vec<u64>> {
    let c = ctrl(insn)?;
    let Some(Src::General { var, .. }) = insn.srcs.get(1) else {
        return Err(VisaError::model_bug("Src0Addrs is not a general operand"));
    };
    let at = start(program, *var)?;
    let size = c.addr_size.bytes();
    let lanes = if c.data.transposed {
        1
    } else {
        insn.exec_size as usize
    };
    let mut Src0Addrs = Vec::with_capacity(lanes);
    for n in 0..lanes {
        let b = read_grf(state, at + n * size, size)?;
        let mut word = [0u8; 8];
        word[..size].copy_from_slice(b);
        Src0Addrs.push(u64::from_le_bytes(word));
    }
    Ok(Src0Addrs)
}

/// The offset (from Base) of byte `byte` of element `v` at lane address `Src0Addrs[n]`:
/// `AddrScale*Src0Addrs[n] + AddrImmOffset + v*sizeof(DataSize) + byte`, exact, then
/// truncated to AddrSize (LSC-ADDR-WRAP).
#[allow(non_snake_case)]
fn byte_offset(c: &LscCtrl, Src0Addr: u64, v: usize, byte: usize) -> u64 {
    let AddrScale = i128::from(c.scale);
    let AddrImmOffset = i128::from(c.imm_offset);
    let elem = (v * c.data.size.mem_bytes() + byte) as i128;
    c.addr_size
        .truncate(AddrScale * i128::from(Src0Addr) + AddrImmOffset + elem)
}

/// Where a datum of the register element sits (LSC-DATA-U32): the byte range of the
/// register element holding the memory datum.
fn datum_bytes(size: DataSize) -> std::ops::Range<usize> {
    match size {
        DataSize::D16u32h => 2..4,
        other => 0..other.mem_bytes(),
    }
}

/// LOAD: `DstData[v].elems[n]` (or `DstData[n].elems[v]` transposed) takes `src.elems[v]`
/// of `src = Base + AddrScale*Src0Addrs[n] + AddrImmOffset`.
#[allow(non_snake_case)]
pub fn load(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let c = ctrl(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, insn, state)?;
    let Src0Addrs = src0_addrs(program, insn, state)?;
    let grf = program.platform.grf_size();
    let reg_bytes = c.data.size.reg_bytes();
    let in_reg = datum_bytes(c.data.size);
    let DstData = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        // A prefetch: the load stops at the cache.
        _ => None,
    };
    // (register byte, value, defined) writes, applied when the loop completes.
    let mut writes: Vec<(usize, u8, bool)> = Vec::new();
    let lanes = if c.data.transposed { 1 } else { ExecSize };
    for n in 0..lanes {
        if ChEn >> n & 1 == 1 {
            for v in 0..vect_size {
                // datum = src.elems[v]
                let mut datum = vec![0u8; c.data.size.mem_bytes()];
                let mut undefined = vec![false; datum.len()];
                for (byte, d) in datum.iter_mut().enumerate() {
                    let offset = byte_offset(&c, Src0Addrs[n], v, byte);
                    let mut one = [0u8];
                    undefined[byte] = !state.mem.load(&window, offset, &mut one).is_empty();
                    *d = one[0];
                }
                let Some(dst) = DstData else { continue };
                // DstData[n].elems[v] transposed, DstData[v].elems[n] otherwise.
                let at = dst + c.data.reg_offset(insn.exec_size, grf, n, v);
                for k in 0..reg_bytes {
                    if in_reg.contains(&k) {
                        let i = k - in_reg.start;
                        writes.push((at + k, datum[i], !undefined[i]));
                    } else if readings.is_literal(errata::LSC_DATA_U32) {
                        let keep = read_grf(state, at + k, 1)?[0];
                        writes.push((at + k, keep, false));
                    } else {
                        writes.push((at + k, 0, true));
                    }
                }
            }
        }
    }
    for (at, value, defined) in writes {
        let Some(slot) = state.grf.get_mut(at) else {
            return Err(VisaError::model_bug(
                "DstData lies outside the register file",
            ));
        };
        *slot = value;
        if defined {
            state.undefined.remove(&at);
        } else {
            state.undefined.insert(at);
        }
    }
    Ok(())
}

/// STORE, STORE_UNCOMPRESSED: `*addr = Src1Data[v].elems[n]` (transposed
/// `Src1Data[n].elems[v]`) at `addr = Base + AddrScale*Src0Addrs[n] + AddrImmOffset`, element
/// `v` at `v*sizeof(DataSize)` after it (LSC-STORE-DSTDATA, LSC-STORE-ELEM-OFFSET).
#[allow(non_snake_case)]
pub fn store(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let c = ctrl(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, insn, state)?;
    let Src0Addrs = src0_addrs(program, insn, state)?;
    let grf = program.platform.grf_size();
    let in_reg = datum_bytes(c.data.size);
    let Some(Src::General { var, .. }) = insn.srcs.get(2) else {
        return Err(VisaError::model_bug("Src1Data is not a general operand"));
    };
    let Src1Data = start(program, *var)?;
    let dst_data = readings.is_literal(errata::LSC_STORE_DSTDATA);
    let same_addr = readings.is_literal(errata::LSC_STORE_ELEM_OFFSET);
    let mut journal = StoreJournal::default();
    let lanes = if c.data.transposed { 1 } else { ExecSize };
    for n in 0..lanes {
        if ChEn >> n & 1 == 1 {
            for v in 0..vect_size {
                // addr = Base + AddrScale*Src0Addrs[n] + AddrImmOffset; element v after it.
                let elem = if same_addr { 0 } else { v };
                let at = Src1Data + c.data.reg_offset(insn.exec_size, grf, n, v);
                let datum = read_grf(state, at + in_reg.start, in_reg.len())?;
                for (byte, value) in datum.iter().enumerate() {
                    let offset = byte_offset(&c, Src0Addrs[n], elem, byte);
                    if dst_data {
                        // The loop's DstData: a store has none.
                        journal.store_undefined(&window, offset, 1);
                    } else {
                        journal.store(&window, offset, &[*value]);
                    }
                }
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

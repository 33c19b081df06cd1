//! LSC_UNTYPED (instructions/LSC_UNTYPED.md), Semantics: the LOAD loop (`lsc_load`) and the
//! STORE / STORE_UNCOMPRESSED loop (`lsc_store`, `lsc_store_uncompressed`).
//!
//! Readings: LSC-ADDR-SCALE-BASE (today's `Base + AddrScale*Src0Addrs[n] + AddrImmOffset`),
//! LSC-ADDR-WRAP (each byte's offset computed exactly, then truncated to AddrSize; Base added
//! after), LSC-SURFACE-BOUNDS and LSC-UNWRITTEN-MEMORY (the memory model,
//! `state::memory`), LSC-DATA-U32 (the widened data sizes), LSC-STORE-DSTDATA and
//! LSC-STORE-ELEM-OFFSET (the store loop). Stores of one instruction land together: a byte
//! two lanes store with different values is undefined (`StoreJournal`).

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::ErrorClass;
use crate::error::{Result, VisaError};
use crate::insn::ctrl;
use crate::ir::lsc::{DataSize, MessageOperands, Sfid};
use crate::ir::{Dst, Instruction, LscCtrl, Opcode, Program, Scalar};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal, VarId, Window, SLM_ADDRESS_MASK};
use crate::types::DataType;

/// The register-file start of a general variable.
pub(super) fn start(program: &Program, var: VarId) -> Result<usize> {
    program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an LSC operand has no register-file storage"))
}

pub(super) fn read_grf(state: &MachineState, at: usize, len: usize) -> Result<&[u8]> {
    state
        .grf
        .get(at..at + len)
        .ok_or_else(|| VisaError::model_bug("an LSC operand lies outside the register file"))
}

/// The unsigned little-endian value of the `size` (at most 8) register bytes at `at`: one
/// address of `Src0Addrs`.
pub(super) fn read_word(state: &MachineState, at: usize, size: usize) -> Result<u64> {
    let b = read_grf(state, at, size)?;
    let mut word = [0u8; 8];
    word[..size].copy_from_slice(b);
    Ok(u64::from_le_bytes(word))
}

/// The UD a scalar operand holds: the immediate, or its variable's first UD (validation puts
/// a scalar at its variable's start).
/// The register-file byte of element `(row, col)` of type `ty` of `var` (a scalar operand
/// `V`, `V.C` or `V(R,C)`).
fn element(program: &Program, var: VarId, row: u32, col: u32, ty: DataType) -> Result<usize> {
    Ok(
        start(program, var)?
            + row as usize * program.platform.grf_size()
            + col as usize * ty.size(),
    )
}

pub(super) fn scalar_ud(program: &Program, state: &MachineState, s: &Scalar) -> Result<u64> {
    Ok(match *s {
        Scalar::Imm { bits, .. } => bits,
        Scalar::Var { var, row, col, ty } => {
            let b = read_grf(state, element(program, var, row, col, ty)?, 4)?;
            u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        }
    })
}

/// The signed D a scalar operand holds: the immediate's low 32 bits, or its variable's first
/// D.
pub(super) fn scalar_d(program: &Program, state: &MachineState, s: &Scalar) -> Result<i64> {
    Ok(match *s {
        Scalar::Imm { bits, .. } => i64::from(bits as u32 as i32),
        Scalar::Var { var, row, col, ty } => {
            let b = read_grf(state, element(program, var, row, col, ty)?, 4)?;
            i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        }
    })
}

/// `Base` (Semantics, `Base = AddrType == flat ? 0 : ...`) as a window of memory: the
/// `(Surface)` operand selects the binding-table or surface-state entry (a stateless
/// address has none: index 0); an SLM window takes the address bits of
/// SLM-ADDRESS-HIGH-BITS.
#[allow(non_snake_case)]
pub(super) fn base_window(
    program: &Program,
    c: &LscCtrl,
    ops: &MessageOperands,
    state: &MachineState,
    readings: &Readings,
) -> Result<Window> {
    let Surface = match &ops.surface {
        Some(s) => scalar_ud(program, state, s)?,
        None => 0,
    };
    let mut window = state
        .mem
        .window(c.sfid == Sfid::Slm, c.addr_type, Surface)?;
    if c.sfid == Sfid::Slm {
        window.offset_mask = slm_offset_mask(readings);
    }
    Ok(window)
}

/// The bits of an SLM address that select a byte: all of them under SLM-ADDRESS-HIGH-BITS'
/// literal reading, bits 0-27 under its resolved one (IGC's tag 0x10000000 ignored).
pub(crate) fn slm_offset_mask(readings: &Readings) -> u64 {
    if readings.is_literal(errata::SLM_ADDRESS_HIGH_BITS) {
        u64::MAX
    } else {
        SLM_ADDRESS_MASK
    }
}

/// `Src0Addrs[n]`: `exec_size` unsigned addresses of AddrSize packed in the register.
#[allow(non_snake_case)]
pub(super) fn src0_addrs(
    program: &Program,
    insn: &Instruction,
    c: &LscCtrl,
    ops: &MessageOperands,
    state: &MachineState,
) -> Result<Vec<u64>> {
    let at = start(program, ops.src0_addrs.var)?;
    let size = c.addr_size.bytes();
    // A transposed access has one address, and so has a strided one (Src0AddrBase).
    let strided = matches!(
        insn.opcode,
        Opcode::LscLoadStrided | Opcode::LscStoreStrided
    );
    let lanes = if c.data.transposed || strided {
        1
    } else {
        insn.exec_size as usize
    };
    let mut Src0Addrs = Vec::with_capacity(lanes);
    for n in 0..lanes {
        Src0Addrs.push(read_word(state, at + n * size, size)?);
    }
    Ok(Src0Addrs)
}

/// `Src1Data` of a store: the register-file start of its variable.
#[allow(non_snake_case)]
fn src1_data(program: &Program, ops: &MessageOperands) -> Result<usize> {
    let Some(Src1Data) = ops.src1_data else {
        return Err(VisaError::model_bug("a store without Src1Data"));
    };
    start(program, Src1Data.var)
}

/// The offset (from Base) of byte `byte` of element `v` at lane address `Src0Addrs[n]`:
/// `AddrScale*Src0Addrs[n] + AddrImmOffset + v*sizeof(DataSize) + byte`, exact, then
/// truncated to AddrSize (LSC-ADDR-WRAP).
#[allow(non_snake_case)]
pub(super) fn byte_offset(c: &LscCtrl, Src0Addr: u64, v: usize, byte: usize) -> u64 {
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
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0Addrs = src0_addrs(program, insn, &c, &ops, state)?;
    let grf = program.platform.grf_size();
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
                let (datum, undefined) = load_datum(
                    state,
                    &window,
                    &c,
                    (lane_of(&c, n), DstData.is_none()),
                    |byte| byte_offset(&c, Src0Addrs[n], v, byte),
                );
                let Some(dst) = DstData else { continue };
                // DstData[n].elems[v] transposed, DstData[v].elems[n] otherwise.
                let at = dst + c.data.reg_offset(insn.exec_size, grf, n, v);
                datum_writes(
                    readings,
                    state,
                    c.data.size,
                    at,
                    &datum,
                    &undefined,
                    &mut writes,
                )?;
            }
        }
    }
    apply_writes(state, writes)
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
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0Addrs = src0_addrs(program, insn, &c, &ops, state)?;
    let grf = program.platform.grf_size();
    let in_reg = datum_bytes(c.data.size);
    let Src1Data = src1_data(program, &ops)?;
    let dst_data = readings.is_literal(errata::LSC_STORE_DSTDATA);
    let same_addr = readings.is_literal(errata::LSC_STORE_ELEM_OFFSET);
    let mut journal = StoreJournal::default();
    // (lane, offset) of each byte stored, noted as accesses when recording (docs/races.md).
    let recording = state.mem.recording();
    let mut written = Vec::new();
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
                    if recording {
                        written.push((lane_of(&c, n), offset));
                    }
                }
            }
        }
    }
    journal.commit(&mut state.mem);
    note_writes(state, &window, written);
    Ok(())
}

/// `Src0AddrPitch` of a strided form: the written immediate or variable (a D), or the
/// default `vect_size*sizeof(DataSize)` that makes a packed block (Description of
/// Src0AddrPitch; STORE_STRIDED's comment).
#[allow(non_snake_case)]
fn src0_addr_pitch(
    program: &Program,
    ops: &MessageOperands,
    state: &MachineState,
) -> Result<Option<i64>> {
    ops.src0_addr_pitch
        .map(|Src0AddrPitch| scalar_d(program, state, &Src0AddrPitch))
        .transpose()
}

/// The strided forms' offset (from Base) of byte `byte` of element `v` of lane `n`:
/// `AddrScale*Src0AddrBase + AddrImmOffset + n*Src0AddrPitch + v*sizeof(DataSize) + byte`
/// (LSC-STRIDED-ADDR resolved). The literal LOAD_STRIDED formula
/// `AddrScale*(Base + offset + Src0Addrs) + n*Src0AddrPitch + AddrImmOffset` scales Base
/// too: as an offset from Base that adds `(AddrScale - 1)*Base` (`offset` read as 0).
#[allow(non_snake_case, clippy::too_many_arguments)]
fn strided_offset(
    c: &LscCtrl,
    Base: u64,
    scale_base: bool,
    Src0AddrBase: u64,
    n: usize,
    Src0AddrPitch: i64,
    v: usize,
    byte: usize,
) -> u64 {
    let AddrScale = i128::from(c.scale);
    let mut exact = AddrScale * i128::from(Src0AddrBase)
        + i128::from(c.imm_offset)
        + n as i128 * i128::from(Src0AddrPitch)
        + (v * c.data.size.mem_bytes() + byte) as i128;
    if scale_base {
        exact += (AddrScale - 1) * i128::from(Base);
    }
    c.addr_size.truncate(exact)
}

/// The register bytes a load writes for one datum: the datum where [`datum_bytes`] puts it,
/// the other bytes of a widened element zero (undefined under LSC-DATA-U32's literal reading).
pub(super) fn datum_writes(
    readings: &Readings,
    state: &MachineState,
    size: DataSize,
    at: usize,
    datum: &[u8],
    undefined: &[bool],
    writes: &mut Vec<(usize, u8, bool)>,
) -> Result<()> {
    let in_reg = datum_bytes(size);
    for k in 0..size.reg_bytes() {
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
    Ok(())
}

pub(super) fn apply_writes(state: &mut MachineState, writes: Vec<(usize, u8, bool)>) -> Result<()> {
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

/// Reads one datum at `offset..` of the window for `lane`, with which of its bytes are
/// undefined; the bytes read are noted as accesses (docs/races.md), unless the load is a
/// `prefetch` (it stops at the cache: no access of memory).
fn load_datum(
    state: &mut MachineState,
    window: &Window,
    c: &LscCtrl,
    (lane, prefetch): (Option<u32>, bool),
    offset: impl Fn(usize) -> u64,
) -> (Vec<u8>, Vec<bool>) {
    let mut datum = vec![0u8; c.data.size.mem_bytes()];
    let mut undefined = vec![false; datum.len()];
    for (byte, d) in datum.iter_mut().enumerate() {
        let mut one = [0u8];
        undefined[byte] = !state.mem.load(window, offset(byte), &mut one).is_empty();
        *d = one[0];
        if !prefetch {
            state
                .mem
                .note(lane, window, offset(byte), 1, u64::MAX, AccessKind::Read);
        }
    }
    (datum, undefined)
}

/// Notes the bytes a store wrote, each `(lane, offset)` of the window.
pub(super) fn note_writes(
    state: &mut MachineState,
    window: &Window,
    written: Vec<(Option<u32>, u64)>,
) {
    for (lane, offset) in written {
        state
            .mem
            .note(lane, window, offset, 1, u64::MAX, AccessKind::Write);
    }
}

/// The lane an access of lane `n` is noted for: none for a transposed message (one address
/// for the whole message).
pub(super) fn lane_of(c: &LscCtrl, n: usize) -> Option<u32> {
    (!c.data.transposed).then_some(n as u32)
}

/// LOAD_STRIDED: lane `n` reads its vector at `Base + AddrScale*Src0AddrBase +
/// AddrImmOffset + n*Src0AddrPitch` into `DstData[v].elems[n]` (transposed
/// `DstData[n].elems[v]`), LSC-STRIDED-ADDR.
#[allow(non_snake_case)]
pub fn load_strided(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0AddrBase = src0_addrs(program, insn, &c, &ops, state)?[0];
    let Src0AddrPitch = src0_addr_pitch(program, &ops, state)?
        .unwrap_or((vect_size * c.data.size.mem_bytes()) as i64);
    let scale_base = readings.is_literal(errata::LSC_STRIDED_ADDR);
    let grf = program.platform.grf_size();
    let DstData = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        _ => None,
    };
    let mut writes = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            for v in 0..vect_size {
                let (datum, undefined) = load_datum(
                    state,
                    &window,
                    &c,
                    (lane_of(&c, n), DstData.is_none()),
                    |byte| {
                        strided_offset(
                            &c,
                            window.base,
                            scale_base,
                            Src0AddrBase,
                            n,
                            Src0AddrPitch,
                            v,
                            byte,
                        )
                    },
                );
                let Some(dst) = DstData else { continue };
                let at = dst + c.data.reg_offset(insn.exec_size, grf, n, v);
                datum_writes(
                    readings,
                    state,
                    c.data.size,
                    at,
                    &datum,
                    &undefined,
                    &mut writes,
                )?;
            }
        }
    }
    apply_writes(state, writes)
}

/// STORE_STRIDED: `addr.elems[v] = Src1Data[v].elems[n]` (transposed
/// `Src1Data[n].elems[v]`) at lane `n`'s address of `strided_offset`. LSC-STORE-STRIDED-V
/// literal: the default pitch `v*DataSize` reads `v` before the loop defines it (undefined
/// behaviour), and a written pitch adds to each lane's own `Src0Addrs[n]`.
#[allow(non_snake_case)]
pub fn store_strided(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let vect_size = c.data.vect_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let literal_v = readings.is_literal(errata::LSC_STORE_STRIDED_V);
    let written = src0_addr_pitch(program, &ops, state)?;
    let Src0AddrPitch = match (written, literal_v) {
        (Some(p), _) => p,
        (None, false) => (vect_size * c.data.size.mem_bytes()) as i64,
        (None, true) => {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                "STORE_STRIDED's default pitch `v*DataSize` reads `v` before it is defined (LSC-STORE-STRIDED-V literal)",
            ))
        }
    };
    // Src0Addrs[n]: lane n's own address under the literal reading, read inside the loop as
    // the document does, Src0AddrBase otherwise.
    let var = ops.src0_addrs.var;
    let addrs_at = start(program, var)?;
    let size = c.addr_size.bytes();
    let held = program.vars.get(var).byte_size() / size;
    let Src0Addrs = |n: usize| -> Result<u64> {
        let lane = if literal_v { n } else { 0 };
        if lane >= held {
            return Err(VisaError::undefined(format!(
                "lane {n} reads Src0Addrs[{n}], past the {held} address(es) of `{}` (LSC-STORE-STRIDED-V literal)",
                program.vars.get(var).name
            ))
            .field("src0"));
        }
        read_word(state, addrs_at + lane * size, size)
    };
    let grf = program.platform.grf_size();
    let in_reg = datum_bytes(c.data.size);
    let Src1Data = src1_data(program, &ops)?;
    let mut journal = StoreJournal::default();
    // (lane, offset) of each byte stored, noted as accesses when recording (docs/races.md).
    let recording = state.mem.recording();
    let mut written = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let Src0Addr = Src0Addrs(n)?;
            for v in 0..vect_size {
                let at = Src1Data + c.data.reg_offset(insn.exec_size, grf, n, v);
                let datum = read_grf(state, at + in_reg.start, in_reg.len())?;
                for (byte, value) in datum.iter().enumerate() {
                    let offset =
                        strided_offset(&c, window.base, false, Src0Addr, n, Src0AddrPitch, v, byte);
                    journal.store(&window, offset, &[*value]);
                    if recording {
                        written.push((lane_of(&c, n), offset));
                    }
                }
            }
        }
    }
    journal.commit(&mut state.mem);
    note_writes(state, &window, written);
    Ok(())
}

/// LOAD_QUAD: for each channel `v` of X, Y, Z, W that ChMask enables, in order,
/// `DstData[m].elems[n] = src.elems[v]` with `m` counting the enabled channels.
#[allow(non_snake_case)]
pub fn load_quad(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let ChMask = c.ch_mask;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0Addrs = src0_addrs(program, insn, &c, &ops, state)?;
    let grf = program.platform.grf_size();
    let DstData = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        _ => None,
    };
    let mut writes = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let mut m = 0;
            for v in 0..4 {
                if ChMask >> v & 1 == 1 {
                    let (datum, undefined) = load_datum(
                        state,
                        &window,
                        &c,
                        (lane_of(&c, n), DstData.is_none()),
                        |byte| byte_offset(&c, Src0Addrs[n], v, byte),
                    );
                    if let Some(dst) = DstData {
                        let at = dst + c.data.reg_offset(insn.exec_size, grf, n, m);
                        datum_writes(
                            readings,
                            state,
                            c.data.size,
                            at,
                            &datum,
                            &undefined,
                            &mut writes,
                        )?;
                    }
                    m += 1;
                }
            }
        }
    }
    apply_writes(state, writes)
}

/// STORE_QUAD: `(*addr).elems[v] = Src1Data[m].elems[n]` for each enabled channel `v`.
#[allow(non_snake_case)]
pub fn store_quad(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let ChMask = c.ch_mask;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0Addrs = src0_addrs(program, insn, &c, &ops, state)?;
    let grf = program.platform.grf_size();
    let in_reg = datum_bytes(c.data.size);
    let Src1Data = src1_data(program, &ops)?;
    let mut journal = StoreJournal::default();
    // (lane, offset) of each byte stored, noted as accesses when recording (docs/races.md).
    let recording = state.mem.recording();
    let mut written = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let mut m = 0;
            for v in 0..4 {
                if ChMask >> v & 1 == 1 {
                    let at = Src1Data + c.data.reg_offset(insn.exec_size, grf, n, m);
                    let datum = read_grf(state, at + in_reg.start, in_reg.len())?;
                    for (byte, value) in datum.iter().enumerate() {
                        let offset = byte_offset(&c, Src0Addrs[n], v, byte);
                        journal.store(&window, offset, &[*value]);
                        if recording {
                            written.push((Some(n as u32), offset));
                        }
                    }
                    m += 1;
                }
            }
        }
    }
    journal.commit(&mut state.mem);
    note_writes(state, &window, written);
    Ok(())
}

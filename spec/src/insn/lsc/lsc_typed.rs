//! LSC_TYPED (instructions/LSC_TYPED.md), Semantics: `lsc_load_quad` and `lsc_store_quad`
//! are "the LSC_UNTYPED versions, except the address calculation uses surface state and the
//! U, V, R, and LOD coordinates". The loops below are LSC_UNTYPED's LOAD_QUAD and STORE_QUAD
//! (`lsc_untyped::load_quad`, `store_quad`) with lane `n`'s address the pixel
//! `(Src0AddrsU[n], Src0AddrsV[n], Src0AddrsR[n])` of LOD `Src0AddrsLOD[n]`.
//!
//! The atomics and `lsc_store_uncompressed` of LSC_TYPED are "identical in behavior to
//! LSC_UNTYPED with a scale of 1 and immediate offset of 0": they run `lsc_atomic::atomic`
//! and `lsc_untyped::store` unchanged (LSC-TYPED-ATOMIC-ADDRESS).
//!
//! Readings (LSC-TYPED-SURFACE; the documents leave the surface state's layout to "external
//! documentation"): the surface state holds `width` (bytes), `height` (rows), `depth`
//! (slices), `pitch` (bytes) and `SURF_STATEpixel_size`; pixel (U, V, R) of LOD 0 starts at
//! `Base + R*pitch*height + V*pitch + U*pixel_size` and channel `v` (X, Y, Z, W) lies
//! `v*sizeof(DataSize)` into it. A pixel outside `U*pixel_size + pixel_size <= width`,
//! `V < height`, `R < depth` (0 read as 1) or of a LOD other than 0 is out of bounds: a load
//! reads zero in every channel, a store drops it. A channel past the pixel (the data type
//! not matching the surface state, which the Semantics requires) is undefined behaviour.
//!
//! LOAD_BLOCK2D and STORE_BLOCK2D of LSC_TYPED (`lsc_load_block2d.tgm`,
//! `lsc_store_block2d.tgm`): [`load_block2d`] and [`store_block2d`] transcribe the two loops
//! with `2D_TILER`, `SURF_STATEpixel_size` and `SURF_STATEDATA_TYPE` read as LSC-TYPED-BLOCK2D
//! says and the register index as LSC-TYPED-BLOCK2D-INDEX says.
//!
//! Sub-op 0x1E, `lsc_read_surface_info`, has no loop here: the Semantics have no case for it
//! and no document gives its result layout, so the validator checks its operands as the typed
//! load form and reports `unsupported` (LSC-TYPED-SURFACE-INFO, `visa_model::validate`).

use crate::config::ExecConfig;
use crate::errata;
use crate::errata::Readings;
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::ctrl;
use crate::ir::lsc::{MessageOperands, Sfid};
use crate::ir::{Block2dCtrl, Dst, Instruction, LscCtrl, Payload, Program, Scalar};
use crate::operand::evaluate_ch_en;
use crate::state::{
    AccessKind, AddrSize, AddrType, MachineState, StoreJournal, Surface, SurfaceHeap, Window, FLAT,
};

use super::lsc_untyped::{
    apply_writes, datum_writes, read_grf, read_word, scalar_d, scalar_ud, start,
};

/// Whether `insn` is one of LSC_TYPED's quad forms (unit `.tgm`).
pub fn is_typed_quad(insn: &Instruction) -> bool {
    matches!(
        insn.opcode,
        crate::ir::Opcode::LscLoadQuad | crate::ir::Opcode::LscStoreQuad
    ) && ctrl::lsc(insn).is_ok_and(|c| c.sfid == Sfid::Tgm)
}

/// `SURF_STATE_TABLE[Surface]`: the surface-state entry of index `Surface` (the `(Surface)`
/// operand's value).
#[allow(non_snake_case)]
fn surface_state(state: &MachineState, Surface: u64, addr_type: AddrType) -> Result<&Surface> {
    let heap = match addr_type {
        AddrType::Bti => SurfaceHeap::BindingTable,
        AddrType::Bss => SurfaceHeap::Bindless,
        AddrType::Ss => SurfaceHeap::SurfaceState,
        other => {
            return Err(VisaError::model_bug(format!(
                "a typed access addressed `{}`",
                other.name()
            )))
        }
    };
    let s = state.mem.surface(heap, Surface).ok_or_else(|| {
        VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "no surface at index {Surface:#x} of the {} table (init.surfaces)",
                heap.name()
            ),
        )
    })?;
    if s.pixel_size == 0 {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "surface {Surface:#x} of the {} table has no pixel_size: not a typed surface",
                heap.name()
            ),
        ));
    }
    Ok(s)
}

/// One coordinate register (`Src0AddrsU`, `V`, `R`, `LOD`): `exec_size` unsigned values of
/// AddrSize; `%null` (`None`) reads 0 in every lane.
fn coordinates(
    program: &Program,
    insn: &Instruction,
    state: &MachineState,
    c: &LscCtrl,
    coordinate: Option<Payload>,
) -> Result<Vec<u64>> {
    let lanes = insn.exec_size as usize;
    let Some(coordinate) = coordinate else {
        return Ok(vec![0; lanes]);
    };
    let at = start(program, coordinate.var)?;
    let size = c.addr_size.bytes();
    let mut out = Vec::with_capacity(lanes);
    for n in 0..lanes {
        out.push(read_word(state, at + n * size, size)?);
    }
    Ok(out)
}

/// The flat address of pixel `(U, V, R)` of LOD `LOD`, `None` when it is out of bounds
/// (LSC-TYPED-SURFACE).
#[allow(non_snake_case)]
fn pixel_address(s: &Surface, U: u64, V: u64, R: u64, LOD: u64) -> Option<u64> {
    let pixel_size = u128::from(s.pixel_size);
    let height = u128::from(s.height.max(1));
    let depth = u128::from(s.depth.max(1));
    let (U, V, R) = (u128::from(U), u128::from(V), u128::from(R));
    let inside =
        LOD == 0 && U * pixel_size + pixel_size <= u128::from(s.width) && V < height && R < depth;
    if !inside {
        return None;
    }
    let offset = R * u128::from(s.pitch) * height + V * u128::from(s.pitch) + U * pixel_size;
    Some((u128::from(s.base) + offset) as u64)
}

/// The lanes' pixel addresses and the checked channel layout.
#[allow(non_snake_case)]
fn lane_pixels(
    program: &Program,
    insn: &Instruction,
    state: &MachineState,
    c: &LscCtrl,
    ops: &MessageOperands,
) -> Result<Vec<Option<u64>>> {
    let Surface = match &ops.surface {
        Some(surface) => scalar_ud(program, state, surface)?,
        None => 0,
    };
    let s = surface_state(state, Surface, c.addr_type)?;
    // The highest enabled channel must lie inside the pixel.
    let top = (0..4).rev().find(|v| c.ch_mask >> v & 1 == 1).unwrap_or(0);
    let need = (top + 1) * c.data.size.mem_bytes();
    if need > s.pixel_size as usize {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "channel {} of {} data lies past the surface's {}-byte pixel: the data type does not match the surface state",
                ["X", "Y", "Z", "W"][top],
                c.data.size.name(),
                s.pixel_size
            ),
        ));
    }
    let U = coordinates(program, insn, state, c, Some(ops.src0_addrs))?;
    let V = coordinates(program, insn, state, c, ops.src0_addrs_v)?;
    let R = coordinates(program, insn, state, c, ops.src0_addrs_r)?;
    let LOD = coordinates(program, insn, state, c, ops.src0_addrs_lod)?;
    Ok((0..insn.exec_size as usize)
        .map(|n| pixel_address(s, U[n], V[n], R[n], LOD[n]))
        .collect())
}

/// The whole flat space as a window: pixel addresses are absolute.
const FLAT_SPACE: Window = Window {
    space: FLAT,
    base: 0,
    limit: None,
    offset_mask: u64::MAX,
};

/// LOAD_QUAD of LSC_TYPED: for each channel `v` of X, Y, Z, W that ChMask enables, in order,
/// `DstData[m].elems[n]` takes channel `v` of lane `n`'s pixel (zero out of bounds).
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
    let pixels = lane_pixels(program, insn, state, &c, &ops)?;
    let grf = program.platform.grf_size();
    let DstData = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        _ => None,
    };
    let size = c.data.size.mem_bytes();
    let mut writes = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let mut m = 0;
            for v in 0..4 {
                if ChMask >> v & 1 == 1 {
                    let mut datum = vec![0u8; size];
                    let mut undefined = vec![false; size];
                    if let Some(pixel) = pixels[n] {
                        for (byte, d) in datum.iter_mut().enumerate() {
                            let mut one = [0u8];
                            let at = (v * size + byte) as u64;
                            undefined[byte] = !state
                                .mem
                                .load(&FLAT_SPACE, pixel.wrapping_add(at), &mut one)
                                .is_empty();
                            *d = one[0];
                        }
                        // A prefetch (no DstData) is no access of memory.
                        if DstData.is_some() {
                            let at = pixel.wrapping_add((v * size) as u64);
                            let lane = Some(n as u32);
                            state
                                .mem
                                .note(lane, &FLAT_SPACE, at, size, u64::MAX, AccessKind::Read);
                        }
                    }
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

/// STORE_QUAD of LSC_TYPED: channel `v` of lane `n`'s pixel takes `Src1Data[m].elems[n]`
/// for each enabled channel; a pixel out of bounds is dropped.
#[allow(non_snake_case)]
pub fn store_quad(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    _config: &ExecConfig,
) -> Result<()> {
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let ChMask = c.ch_mask;
    let ChEn = evaluate_ch_en(insn, state);
    let pixels = lane_pixels(program, insn, state, &c, &ops)?;
    let grf = program.platform.grf_size();
    let size = c.data.size.mem_bytes();
    // Where the datum sits in its register element (d16u32h: the upper half).
    let in_reg = if c.data.size == crate::ir::lsc::DataSize::D16u32h {
        2
    } else {
        0
    };
    let Some(Src1Data) = ops.src1_data else {
        return Err(VisaError::model_bug("a store without Src1Data"));
    };
    let Src1Data = start(program, Src1Data.var)?;
    let mut journal = StoreJournal::default();
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let mut m = 0;
            for v in 0..4 {
                if ChMask >> v & 1 == 1 {
                    let at = Src1Data + c.data.reg_offset(insn.exec_size, grf, n, m);
                    let datum = read_grf(state, at + in_reg, size)?;
                    if let Some(pixel) = pixels[n] {
                        let addr = pixel.wrapping_add((v * size) as u64);
                        journal.store(&FLAT_SPACE, addr, datum);
                        let lane = Some(n as u32);
                        state
                            .mem
                            .note(lane, &FLAT_SPACE, addr, size, u64::MAX, AccessKind::Write);
                    }
                    m += 1;
                }
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

/// The message's block and the surface state's fields a typed block 2D uses.
#[allow(non_snake_case)]
struct Block2dMessage {
    BlockWidth: usize,
    BlockHeight: usize,
    reg_pitch: usize,
    pixel_size: usize,
    /// Src0AddrX (bytes) and Src0AddrY (rows), signed.
    X: i128,
    Y: i128,
    base: i128,
    width: i128,
    height: i128,
    pitch: i128,
    /// LSC-TYPED-BLOCK2D-INDEX literal: the register index counts pixels.
    index_in_pixels: bool,
}

#[allow(non_snake_case)]
fn block2d_message(
    program: &Program,
    c: &Block2dCtrl,
    surface: &Scalar,
    state: &MachineState,
    config: &ExecConfig,
) -> Result<Block2dMessage> {
    let Surface = scalar_ud(program, state, surface)?;
    let SURF_STATE = surface_state(state, Surface, c.addr_type)?;
    let BlockWidth = c.shape.width as usize;
    Ok(Block2dMessage {
        BlockWidth,
        BlockHeight: c.shape.height as usize,
        // reg_pitch = BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth)
        reg_pitch: crate::ir::lsc_typed::block2d_reg_pitch(c.shape.width),
        pixel_size: SURF_STATE.pixel_size as usize,
        X: i128::from(scalar_d(program, state, &c.operands.x)?),
        Y: i128::from(scalar_d(program, state, &c.operands.y)?),
        base: i128::from(SURF_STATE.base),
        width: i128::from(SURF_STATE.width),
        height: i128::from(SURF_STATE.height.max(1)),
        pitch: i128::from(SURF_STATE.pitch),
        index_in_pixels: config.readings.is_literal(errata::LSC_TYPED_BLOCK2D_INDEX),
    })
}

impl Block2dMessage {
    /// `2D_TILER(SURF_STATE, u, v)`: the flat address of pixel `v` of block row `u`, `None`
    /// out of bounds (LSC-TYPED-BLOCK2D).
    fn tiler(&self, u: usize, v: usize) -> Option<u64> {
        let row = self.Y + u as i128;
        let byte = self.X + (v * self.pixel_size) as i128;
        let inside = row >= 0
            && row < self.height
            && byte >= 0
            && byte + self.pixel_size as i128 <= self.width;
        inside.then(|| AddrSize::A64.truncate(self.base + row * self.pitch + byte))
    }

    /// The register byte of `dest[u*reg_pitch + v]` (LSC-TYPED-BLOCK2D-INDEX).
    fn reg_byte(&self, u: usize, v: usize) -> usize {
        if self.index_in_pixels {
            (u * self.reg_pitch + v) * self.pixel_size
        } else {
            u * self.reg_pitch + v * self.pixel_size
        }
    }
}

fn block2d_overflow(what: &str) -> VisaError {
    VisaError::new(
        ErrorClass::UndefinedBehaviour,
        format!("the typed block 2D {what} lies past its variable under the reading in force"),
    )
}

/// LOAD_BLOCK2D of LSC_TYPED: `dest[u*reg_pitch + v] = *2D_TILER(SURF_STATE, u, v)` for the
/// `BlockWidth/pixel_size` pixels of each of the BlockHeight rows (zero out of bounds); the
/// bytes of the `BlockHeight*reg_pitch` span the loop does not write are undefined.
#[allow(non_snake_case)]
pub fn load_block2d(
    program: &Program,
    insn: &Instruction,
    c: &Block2dCtrl,
    surface: &Scalar,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let m = block2d_message(program, c, surface, state, config)?;
    let Dst::General { var, .. } = insn.dst else {
        // A prefetch: nothing reaches the registers.
        return Ok(());
    };
    let dest = start(program, var)?;
    let dest_len = program.vars.get(var).byte_size();
    let pixel_size = m.pixel_size;
    // (register byte, pixel bytes, undefined flags) in the loop's order.
    let mut writes: Vec<(usize, Vec<u8>, Vec<bool>)> = Vec::new();
    for u in 0..m.BlockHeight {
        for v in 0..m.BlockWidth / pixel_size {
            let mut value = vec![0u8; pixel_size];
            let mut undefined = vec![false; pixel_size];
            if let Some(a) = m.tiler(u, v) {
                for (k, byte) in value.iter_mut().enumerate() {
                    let mut one = [0u8];
                    undefined[k] = !state
                        .mem
                        .load(&FLAT_SPACE, a.wrapping_add(k as u64), &mut one)
                        .is_empty();
                    *byte = one[0];
                }
                state
                    .mem
                    .note(None, &FLAT_SPACE, a, pixel_size, u64::MAX, AccessKind::Read);
            }
            writes.push((m.reg_byte(u, v), value, undefined));
        }
    }
    if writes.iter().any(|(at, _, _)| at + pixel_size > dest_len) {
        return Err(block2d_overflow("DstData"));
    }
    // The block's span: undefined where the loop does not write.
    let span = (m.BlockHeight * m.reg_pitch).min(dest_len);
    for byte in dest..dest + span {
        state.undefined.insert(byte);
    }
    for (at, value, undefined) in writes {
        for (k, (b, u)) in value.iter().zip(&undefined).enumerate() {
            let byte = dest + at + k;
            let slot = state
                .grf
                .get_mut(byte)
                .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
            *slot = *b;
            if *u {
                state.undefined.insert(byte);
            } else {
                state.undefined.remove(&byte);
            }
        }
    }
    Ok(())
}

/// STORE_BLOCK2D of LSC_TYPED: `*2D_TILER(SURF_STATE, u, v) = Src1Data[u*reg_pitch + v]` for
/// the `BlockWidth/pixel_size` pixels of each row; pixels out of bounds are dropped.
#[allow(non_snake_case)]
pub fn store_block2d(
    program: &Program,
    c: &Block2dCtrl,
    surface: &Scalar,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let m = block2d_message(program, c, surface, state, config)?;
    let Some(data) = c.operands.data else {
        return Err(VisaError::model_bug("a store without Src1Data"));
    };
    let Src1Data = start(program, data.var)?;
    let src_len = program.vars.get(data.var).byte_size();
    let mut journal = StoreJournal::default();
    for u in 0..m.BlockHeight {
        for v in 0..m.BlockWidth / m.pixel_size {
            let at = m.reg_byte(u, v);
            if at + m.pixel_size > src_len {
                return Err(block2d_overflow("Src1Data"));
            }
            let value = read_grf(state, Src1Data + at, m.pixel_size)?;
            if let Some(a) = m.tiler(u, v) {
                journal.store(&FLAT_SPACE, a, value);
                state.mem.note(
                    None,
                    &FLAT_SPACE,
                    a,
                    m.pixel_size,
                    u64::MAX,
                    AccessKind::Write,
                );
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}

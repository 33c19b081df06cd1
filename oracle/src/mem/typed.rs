//! LSC_TYPED's quad forms (`lsc_load_quad.tgm`, `lsc_store_quad.tgm`;
//! instructions/LSC_TYPED.md) as compiled plans. The typed atomics and
//! `lsc_store_uncompressed.tgm` are LSC_UNTYPED's with scale 1 and offset 0 and run as
//! [`super::lsc::LscPlan`]s.
//!
//! Compiled once: the register bytes of the four coordinate registers, of every (lane,
//! channel) datum, and the channel offsets. At run time each enabled lane's pixel is found
//! from the surface state (docs/memory.md, LSC-TYPED-SURFACE): `base + R*pitch*height +
//! V*pitch + U*pixel_size` inside `width x height x depth` at LOD 0, or none (loads read
//! zero, stores drop); each channel is one page-level copy.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::lsc::{DataSize, LscOperands, Sfid};
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Program, Scalar};
use visa_model::state::{
    AccessKind, AddrType, MachineState, StoreJournal, SurfaceHeap, Window, FLAT,
};
use visa_model::{ErrorClass, VisaError};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Debug)]
enum SurfaceSrc {
    Imm(u64),
    Reg(usize),
}

/// One typed quad load or store, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct TypedPlan {
    pub(crate) pos: Pos,
    store: bool,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    heap: SurfaceHeap,
    surface: SurfaceSrc,
    /// Register bytes of U, V, R, LOD (`None`: `%null`, 0 in every lane).
    coords: [Option<usize>; 4],
    addr_bytes: usize,
    /// DstData (`None`: a prefetch) or Src1Data.
    data: Option<usize>,
    /// The enabled channels v (X=0 .. W=3) in order.
    channels: Vec<usize>,
    /// Register offset from `data` of lane n's m-th channel at `n * channels + m`.
    reg_offsets: Vec<usize>,
    mem_bytes: usize,
    reg_bytes: usize,
    datum_at: usize,
    lit_u32: bool,
}

fn grf_start(program: &Program, var: visa_model::state::VarId) -> Result<usize> {
    program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an LSC operand has no register-file storage"))
}

/// Whether `insn` is compiled by [`TypedPlan::compile`].
pub(crate) fn is_typed(insn: &Instruction) -> bool {
    matches!(insn.opcode, Opcode::LscLoadQuad | Opcode::LscStoreQuad)
        && matches!(insn.ctrl, Ctrl::Lsc(c) if c.sfid == Sfid::Tgm)
}

fn ub(message: String) -> VisaError {
    VisaError::new(ErrorClass::UndefinedBehaviour, message)
}

impl TypedPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<TypedPlan> {
        let Ctrl::Lsc(c) = insn.ctrl else {
            return Err(VisaError::model_bug(
                "an LSC instruction without its fields",
            ));
        };
        let LscOperands::Message(ops) = c.operands else {
            return Err(VisaError::model_bug(
                "an LSC message with an append counter's operands",
            ));
        };
        let store = insn.opcode == Opcode::LscStoreQuad;
        // A typed access has a surface (validation); none reads index 0.
        let surface = match ops.surface {
            Some(Scalar::Imm { bits, .. }) => SurfaceSrc::Imm(bits),
            Some(Scalar::Var { var, row, col, ty }) => {
                SurfaceSrc::Reg(super::lsc::element_at(program, var, row, col, ty)?)
            }
            None => SurfaceSrc::Imm(0),
        };
        let reg = |p: Option<Payload>| -> Result<Option<usize>> {
            p.map(|p| grf_start(program, p.var)).transpose()
        };
        let coords = [
            reg(Some(ops.src0_addrs))?,
            reg(ops.src0_addrs_v)?,
            reg(ops.src0_addrs_r)?,
            reg(ops.src0_addrs_lod)?,
        ];
        let data = match (store, &insn.dst) {
            (false, Dst::General { var, .. }) => Some(grf_start(program, *var)?),
            (false, _) => None,
            (true, _) => Some(
                reg(ops.src1_data)?
                    .ok_or_else(|| VisaError::model_bug("a store without Src1Data"))?,
            ),
        };
        let heap = match c.addr_type {
            AddrType::Bti => SurfaceHeap::BindingTable,
            AddrType::Bss => SurfaceHeap::Bindless,
            AddrType::Ss => SurfaceHeap::SurfaceState,
            _ => return Err(VisaError::model_bug("a typed access without a surface")),
        };
        let exec_size = insn.exec_size as usize;
        let channels: Vec<usize> = (0..4).filter(|v| c.ch_mask >> v & 1 == 1).collect();
        let reg_bytes = c.data.size.reg_bytes();
        let grf = program.platform.grf_size();
        // DstData[m].elems[n]: one GRF-aligned block of exec_size data per enabled channel.
        let block = (exec_size * reg_bytes).div_ceil(grf) * grf;
        let mut reg_offsets = Vec::with_capacity(exec_size * channels.len());
        for n in 0..exec_size {
            for m in 0..channels.len() {
                reg_offsets.push(m * block + n * reg_bytes);
            }
        }
        Ok(TypedPlan {
            pos: insn.pos,
            store,
            exec_size,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            heap,
            surface,
            coords,
            addr_bytes: c.addr_size.bytes(),
            data,
            channels,
            reg_offsets,
            mem_bytes: c.data.size.mem_bytes(),
            reg_bytes,
            datum_at: if c.data.size == DataSize::D16u32h {
                2
            } else {
                0
            },
            lit_u32: readings.is_literal(errata::LSC_DATA_U32),
        })
    }

    fn ch_en(&self, state: &MachineState) -> u32 {
        super::enable::ch_en(
            state,
            self.exec_size,
            self.no_mask,
            self.mask_offset,
            self.pred,
        )
    }

    fn grf<'s>(&self, state: &'s MachineState, at: usize, len: usize) -> Result<&'s [u8]> {
        state
            .grf
            .get(at..at + len)
            .ok_or_else(|| VisaError::model_bug("an LSC operand lies outside the register file"))
    }

    /// Lane n's coordinate k (U, V, R, LOD).
    fn coord(&self, state: &MachineState, k: usize, n: usize) -> Result<u64> {
        let Some(at) = self.coords[k] else {
            return Ok(0);
        };
        let b = self.grf(state, at + n * self.addr_bytes, self.addr_bytes)?;
        let mut word = [0u8; 8];
        word[..b.len()].copy_from_slice(b);
        Ok(u64::from_le_bytes(word))
    }

    /// The pixel of every enabled lane in bounds (`None` otherwise or disabled).
    fn pixels(&self, state: &MachineState, en: u32) -> Result<Vec<Option<u64>>> {
        let index = match self.surface {
            SurfaceSrc::Imm(s) => s,
            SurfaceSrc::Reg(at) => {
                let b = self.grf(state, at, 4)?;
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
        };
        let s = state.mem.surface(self.heap, index).ok_or_else(|| {
            ub(format!(
                "no surface at index {index:#x} of the {} table (init.surfaces)",
                self.heap.name()
            ))
        })?;
        let px = u64::from(s.pixel_size);
        if px == 0 {
            return Err(ub(format!(
                "surface {index:#x} is not a typed surface (pixel_size 0)"
            )));
        }
        let last = self.channels.last().copied().unwrap_or(0);
        if ((last + 1) * self.mem_bytes) as u64 > px {
            return Err(ub(format!(
                "channel {last} lies past the {px}-byte pixel: the data type does not match the surface state"
            )));
        }
        let (width, height, depth) = (
            u64::from(s.width),
            u64::from(s.height.max(1)),
            u64::from(s.depth.max(1)),
        );
        let pitch = u64::from(s.pitch);
        let mut out = Vec::with_capacity(self.exec_size);
        for n in 0..self.exec_size {
            if en >> n & 1 == 0 {
                out.push(None);
                continue;
            }
            let (u, v, r, lod) = (
                self.coord(state, 0, n)?,
                self.coord(state, 1, n)?,
                self.coord(state, 2, n)?,
                self.coord(state, 3, n)?,
            );
            // U < width/px without overflow: (u + 1) * px <= width.
            let u_in = u < width / px;
            out.push((lod == 0 && u_in && v < height && r < depth).then(|| {
                s.base
                    .wrapping_add(r.wrapping_mul(pitch).wrapping_mul(height))
                    .wrapping_add(v.wrapping_mul(pitch))
                    .wrapping_add(u.wrapping_mul(px))
            }));
        }
        Ok(out)
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = self.ch_en(state);
        let pixels = self.pixels(state, en)?;
        let Some(data) = self.data else {
            return Ok(());
        };
        let mb = self.mem_bytes;
        let nch = self.channels.len();
        if state.mem.recording() {
            // Each enabled channel of a lane's pixel (docs/races.md).
            let kind = if self.store {
                AccessKind::Write
            } else {
                AccessKind::Read
            };
            for (n, p) in pixels.iter().enumerate() {
                let Some(p) = *p else { continue };
                for v in &self.channels {
                    let a = p.wrapping_add((v * mb) as u64);
                    state.mem.note_at(Some(n as u32), FLAT, a, mb, kind);
                }
            }
        }
        if self.store {
            let w = Window {
                space: FLAT,
                base: 0,
                limit: None,
                offset_mask: u64::MAX,
            };
            let mut journal = StoreJournal::default();
            for (n, p) in pixels.iter().enumerate() {
                let Some(p) = *p else { continue };
                for (m, v) in self.channels.iter().enumerate() {
                    let at = data + self.reg_offsets[n * nch + m] + self.datum_at;
                    let bytes = self.grf(state, at, mb)?;
                    journal.store(&w, p.wrapping_add((v * mb) as u64), bytes);
                }
            }
            journal.commit(&mut state.mem);
            return Ok(());
        }
        let mut buf = [0u8; 8];
        for (n, p) in pixels.iter().enumerate() {
            if en >> n & 1 == 0 {
                continue;
            }
            for (m, v) in self.channels.iter().enumerate() {
                let mut und = [false; 8];
                buf[..mb].fill(0);
                if let (Some(p), Some(space)) = (*p, state.mem.space(FLAT)) {
                    let a = p.wrapping_add((v * mb) as u64);
                    space.read(a, &mut buf[..mb]);
                    for (j, u) in und.iter_mut().enumerate().take(mb) {
                        *u = space.is_undefined(a.wrapping_add(j as u64));
                    }
                }
                let at = data + self.reg_offsets[n * nch + m];
                let slot = state.grf.get_mut(at..at + self.reg_bytes).ok_or_else(|| {
                    VisaError::model_bug("DstData lies outside the register file")
                })?;
                if !self.lit_u32 {
                    slot.fill(0);
                }
                slot[self.datum_at..self.datum_at + mb].copy_from_slice(&buf[..mb]);
                for k in 0..self.reg_bytes {
                    let u = if k >= self.datum_at && k < self.datum_at + mb {
                        und[k - self.datum_at]
                    } else {
                        self.lit_u32
                    };
                    if u {
                        state.undefined.insert(at + k);
                    } else {
                        state.undefined.remove(&(at + k));
                    }
                }
            }
        }
        Ok(())
    }
}

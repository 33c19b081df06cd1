//! The legacy dataport messages (instructions/GATHER_SCALED.md, SCATTER_SCALED.md) as
//! compiled plans: register offsets, the surface kind and the block count decided once. At
//! run time the surface is resolved to a space, a base and a bound; each enabled lane's
//! 32-bit address is `offset + element_offset[i]` (wrapping), and its 1, 2 or 4 bytes are
//! read in one run when they stay inside the bound and do not wrap, byte by byte otherwise.
//! Scatters hand their pieces to the store engine.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::dataport::{DataportCtrl, DataportSurface};
use visa_model::ir::{Ctrl, Dst, Instruction, Payload, Program, Scalar};
use visa_model::state::{AccessKind, MachineState, SurfaceHeap, FLAT, SLM};
use visa_model::{ErrorClass, VisaError};

use super::enable::ch_en;
use super::store::{store_pieces, Piece};

type Result<T> = std::result::Result<T, VisaError>;

fn bug(m: &str) -> VisaError {
    VisaError::model_bug(m.to_string())
}

#[derive(Clone, Copy, Debug)]
enum Offset {
    Imm(u32),
    Reg(usize),
}

#[derive(Clone, Copy, Debug)]
enum Surface {
    Slm,
    Flat,
    /// The register-file element holding a binding-table index.
    Bti(usize),
}

/// One GATHER_SCALED or SCATTER_SCALED, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct DataportPlan {
    pub(crate) pos: Pos,
    store: bool,
    nb: usize,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    surface: Surface,
    offset: Offset,
    /// Register byte of Element_offset.
    offsets: usize,
    /// Register byte of Dst (gather) or Src (scatter).
    data: usize,
    /// DATAPORT-BOUNDS-LANE literal: a lane with a byte past the bound is out as a whole.
    whole_lane: bool,
}

pub(crate) fn is_dataport(insn: &Instruction) -> bool {
    matches!(insn.ctrl, Ctrl::Dataport(_))
}

/// The space, base and bound (`None`: unbounded) of a resolved surface.
struct Resolved {
    space: &'static str,
    base: u64,
    size: Option<u64>,
}

impl DataportPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<DataportPlan> {
        let Ctrl::Dataport(c) = insn.ctrl else {
            return Err(bug("a dataport message without its fields"));
        };
        let grf = program.platform.grf_size();
        let place = |p: Payload| -> Result<usize> {
            let base = program
                .vars
                .get(p.var)
                .grf_offset
                .ok_or_else(|| bug("a dataport operand has no register-file storage"))?;
            Ok(base + p.row as usize * grf + p.col as usize * p.ty.size())
        };
        let (store, nb, surface, offset, offsets, data) = match c {
            DataportCtrl::GatherScaled {
                num_blocks,
                surface,
                offset,
                element_offset,
            } => {
                let Dst::General {
                    var, row, col, ty, ..
                } = insn.dst
                else {
                    return Err(bug("GATHER_SCALED without a destination"));
                };
                let dst = place(Payload { var, row, col, ty })?;
                (false, num_blocks, surface, offset, element_offset, dst)
            }
            DataportCtrl::ScatterScaled {
                num_blocks,
                surface,
                offset,
                element_offset,
                src,
            } => (
                true,
                num_blocks,
                surface,
                offset,
                element_offset,
                place(src)?,
            ),
        };
        let surface = match surface {
            DataportSurface::Slm => Surface::Slm,
            DataportSurface::Stateless => Surface::Flat,
            DataportSurface::Var(v) => {
                let first = program
                    .vars
                    .get(v)
                    .slot
                    .ok_or_else(|| bug("a surface variable without elements"))?;
                Surface::Bti(first)
            }
        };
        let offset = match offset {
            Scalar::Imm { bits, .. } => Offset::Imm(bits as u32),
            Scalar::Var { var, row, col, ty } => Offset::Reg(place(Payload { var, row, col, ty })?),
        };
        Ok(DataportPlan {
            pos: insn.pos,
            store,
            nb: nb as usize,
            exec_size: insn.exec_size as usize,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            surface,
            offset,
            offsets: place(offsets)?,
            data,
            whole_lane: readings.is_literal(errata::DATAPORT_BOUNDS_LANE),
        })
    }

    fn resolve(&self, state: &MachineState) -> Result<Resolved> {
        Ok(match self.surface {
            Surface::Slm => Resolved {
                space: SLM,
                base: 0,
                size: None,
            },
            Surface::Flat => Resolved {
                space: FLAT,
                base: 0,
                size: None,
            },
            Surface::Bti(k) => {
                let bti = *state
                    .handles
                    .get(k)
                    .ok_or_else(|| bug("a surface variable outside the state"))?;
                let Some(s) = state.mem.surface(SurfaceHeap::BindingTable, u64::from(bti)) else {
                    return Err(VisaError::new(
                        ErrorClass::UndefinedBehaviour,
                        format!("no surface at index {bti:#x} of the bt table (init.surfaces)"),
                    ));
                };
                Resolved {
                    space: FLAT,
                    base: s.base,
                    size: Some(s.size),
                }
            }
        })
    }

    fn ud(state: &MachineState, at: usize) -> Result<u32> {
        let b = state
            .grf
            .get(at..at + 4)
            .ok_or_else(|| bug("a dataport operand lies outside the register file"))?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = ch_en(
            state,
            self.exec_size,
            self.no_mask,
            self.mask_offset,
            self.pred,
        );
        let r = self.resolve(state)?;
        let off = match self.offset {
            Offset::Imm(v) => v,
            Offset::Reg(at) => Self::ud(state, at)?,
        };
        if self.store {
            self.scatter(state, en, &r, off)
        } else {
            self.gather(state, en, &r, off)
        }
    }

    /// Whether every byte of the lane at 32-bit address `a` is inside the bound.
    fn lane_inside(&self, a: u32, r: &Resolved) -> bool {
        (0..self.nb as u32).all(|k| r.size.is_none_or(|s| u64::from(a.wrapping_add(k)) < s))
    }

    fn gather(&self, state: &mut MachineState, en: u32, r: &Resolved, off: u32) -> Result<()> {
        let nb = self.nb;
        let end = self.data + 4 * self.exec_size;
        if state.grf.len() < end || state.grf.len() < self.offsets + 4 * self.exec_size {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        for i in 0..self.exec_size {
            if en >> i & 1 == 0 {
                continue;
            }
            let a = off.wrapping_add(Self::ud(state, self.offsets + 4 * i)?);
            let at = self.data + 4 * i;
            let mut bytes = [0u8; 4];
            let mut undefined = [false; 4];
            let whole = a.checked_add(nb as u32 - 1).is_some()
                && r.size.is_none_or(|s| u64::from(a) + nb as u64 <= s);
            let dropped = self.whole_lane && r.size.is_some() && !self.lane_inside(a, r);
            if !dropped && state.mem.recording() {
                // The lane's bytes inside the bound (docs/races.md).
                for k in 0..nb {
                    let ak = a.wrapping_add(k as u32);
                    if r.size.is_none_or(|s| u64::from(ak) < s) {
                        let abs = r.base.wrapping_add(u64::from(ak));
                        state
                            .mem
                            .note_at(Some(i as u32), r.space, abs, 1, AccessKind::Read);
                    }
                }
            }
            let space = state.mem.space(r.space);
            if let (Some(m), false) = (space, dropped) {
                if whole {
                    let abs = r.base.wrapping_add(u64::from(a));
                    m.read(abs, &mut bytes[..nb]);
                    if m.any_undefined(abs, abs.wrapping_add(nb as u64 - 1))
                        || abs.checked_add(nb as u64 - 1).is_none()
                    {
                        for (k, u) in undefined.iter_mut().enumerate().take(nb) {
                            *u = m.is_undefined(abs.wrapping_add(k as u64));
                        }
                    }
                } else {
                    for k in 0..nb {
                        let ak = a.wrapping_add(k as u32);
                        if r.size.is_some_and(|s| u64::from(ak) >= s) {
                            continue; // out of bounds: zero
                        }
                        let abs = r.base.wrapping_add(u64::from(ak));
                        m.read(abs, &mut bytes[k..k + 1]);
                        undefined[k] = m.is_undefined(abs);
                    }
                }
            }
            state.grf[at..at + nb].copy_from_slice(&bytes[..nb]);
            for (k, u) in undefined.iter().enumerate().take(nb) {
                if *u {
                    state.undefined.insert(at + k);
                } else {
                    state.undefined.remove(&(at + k));
                }
            }
            // The upper bytes of a 1- or 2-byte read are undefined; they keep their value.
            if nb < 4 {
                state.undefined.insert_range(at + nb..at + 4);
            }
        }
        Ok(())
    }

    fn scatter(&self, state: &mut MachineState, en: u32, r: &Resolved, off: u32) -> Result<()> {
        let nb = self.nb;
        if state.grf.len() < self.data + 4 * self.exec_size
            || state.grf.len() < self.offsets + 4 * self.exec_size
        {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        let mut data = Vec::with_capacity(nb * self.exec_size);
        let mut pieces: Vec<Piece> = Vec::with_capacity(self.exec_size);
        for i in 0..self.exec_size {
            if en >> i & 1 == 0 {
                continue;
            }
            let a = off.wrapping_add(Self::ud(state, self.offsets + 4 * i)?);
            if self.whole_lane && !self.lane_inside(a, r) {
                continue; // the whole lane is dropped
            }
            for k in 0..nb {
                let ak = a.wrapping_add(k as u32);
                if r.size.is_some_and(|s| u64::from(ak) >= s) {
                    continue; // out of bounds: dropped
                }
                let abs = r.base.wrapping_add(u64::from(ak));
                state
                    .mem
                    .note_at(Some(i as u32), r.space, abs, 1, AccessKind::Write);
                let at = data.len();
                data.push(state.grf[self.data + 4 * i + k]);
                match pieces.last_mut() {
                    Some(p)
                        if p.at + p.len == at && p.addr.checked_add(p.len as u64) == Some(abs) =>
                    {
                        p.len += 1
                    }
                    _ => pieces.push(Piece {
                        addr: abs,
                        at,
                        len: 1,
                    }),
                }
            }
        }
        if pieces.is_empty() {
            return Ok(());
        }
        let m = state.mem.space_mut(r.space);
        store_pieces(m, &data, &pieces);
        Ok(())
    }
}

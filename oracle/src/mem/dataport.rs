//! The legacy dataport messages (instructions/GATHER_SCALED.md, SCATTER_SCALED.md,
//! GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md, OWORD_LD_UNALIGNED.md, OWORD_ST.md,
//! DWORD_ATOMIC.md, GATHER.md, SCATTER.md, QW_GATHER.md, QW_SCATTER.md) as compiled plans:
//! register offsets, the surface kind and the block count, element size, channel mask or
//! oword count decided once. At run time the surface is resolved to a space, a base and
//! a bound; each enabled lane's 32-bit address is `offset + element_offset[i]` (wrapping;
//! times the element size for GATHER and SCATTER, whose offsets count elements), a QW
//! lane's block `j` is at `offset[i] + 8*j`, and each oword's `offset*16 + 16*i` (or
//! `offset + 16*i` unaligned), and an element's
//! bytes are read in one run when they stay inside the bound and do not wrap, byte by byte
//! otherwise. Stores hand their pieces to the store engine.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::dataport::{DataportCtrl, DataportSurface};
use visa_model::ir::svm::AtomicOp;
use visa_model::ir::{Ctrl, Dst, Instruction, Payload, Program, Scalar};
use visa_model::state::{AccessKind, MachineState, SurfaceHeap, FLAT, SLM, SLM_ADDRESS_MASK};
use visa_model::types::DataType;
use visa_model::{ErrorClass, VisaError};

use super::enable::ch_en;
use super::place::{apply_returned, payload_at, push_returned, var_end};
use super::small::Small;
use super::store::{store_pieces, Piece};
use super::svm::apply_op;

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

/// What a message moves per lane.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// GATHER_SCALED, SCATTER_SCALED: `nb` bytes at `offset + element_offset[i]`;
    /// GATHER, SCATTER: `nb` bytes at `(offset + element_offset[i]) * nb` (`elements`).
    Scaled { elements: bool },
    /// QW_GATHER, QW_SCATTER: `blocks` qwords at `offset[i] + 8*j`, block `j` of lane `i`
    /// at register qword `j*exec_size + i`.
    Qw { blocks: usize },
    /// GATHER4_SCALED, SCATTER4_SCALED: the enabled channels' dwords at
    /// `(address & !3) + 4*c`, channel `ch_pos` at register element `ch_pos * per_channel`;
    /// `floor`: DATAPORT4-DWORD-ADDRESS literal (a misaligned address drops its low bits).
    Four {
        ch_mask: u8,
        per_channel: usize,
        floor: bool,
    },
    /// The oword forms: `n` owords from byte `offset * unit` (16 for OWORD_LD and OWORD_ST,
    /// 1 for OWORD_LD_UNALIGNED, whose offset must be a multiple of `align`).
    Oword { n: usize, unit: u32, align: u32 },
    /// DWORD_ATOMIC: `op` on `width` bits at each enabled lane's byte offset, lane after
    /// lane; the register bytes of Src0, Src1 and Dst (`None`: V0); `any_byte`:
    /// DWORD-ATOMIC-ALIGNMENT literal; `old_predec`: SVM-ATOMIC-PREDEC literal.
    Atomic {
        op: AtomicOp,
        width: u32,
        src0: Option<usize>,
        src1: Option<usize>,
        dst: Option<usize>,
        any_byte: bool,
        old_predec: bool,
    },
}

/// One legacy dataport message, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct DataportPlan {
    pub(crate) pos: Pos,
    shape: Shape,
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
    /// The bits of an SLM address that select a byte (SLM-ADDRESS-HIGH-BITS).
    slm_mask: u32,
    /// The register byte where a load's destination variable ends.
    var_end: usize,
}

pub(crate) fn is_dataport(insn: &Instruction) -> bool {
    matches!(insn.ctrl, Ctrl::Dataport(_))
}

/// The space, base and bound (`None`: unbounded) of a resolved surface.
struct Resolved {
    space: &'static str,
    base: u64,
    size: Option<u64>,
    /// The bits of a 32-bit address that select a byte: all, or bits 0-27 of an SLM
    /// address under SLM-ADDRESS-HIGH-BITS' resolved reading.
    mask: u32,
}

impl Resolved {
    /// The flat address of the byte at 32-bit surface address `a`.
    #[inline(always)]
    fn at(&self, a: u32) -> u64 {
        self.base.wrapping_add(u64::from(a & self.mask))
    }

    /// Whether the `len` bytes from `a` are consecutive (no wrap of the address bits).
    #[inline(always)]
    fn fits(&self, a: u32, len: usize) -> bool {
        u64::from(a & self.mask) + len as u64 <= u64::from(self.mask) + 1
    }
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
        let place = |p: Payload| payload_at(program, &p, "a dataport");
        let dst = || -> Result<usize> {
            let Dst::General {
                var, row, col, ty, ..
            } = insn.dst
            else {
                return Err(bug("a dataport load without a destination"));
            };
            place(Payload { var, row, col, ty })
        };
        let zero = Scalar::Imm {
            bits: 0,
            ty: DataType::UD,
        };
        let (store, nb, surface, offset, offsets, data) = match c {
            DataportCtrl::GatherScaled {
                num_blocks,
                surface,
                offset,
                element_offset,
            } => (
                false,
                num_blocks,
                surface,
                offset,
                place(element_offset)?,
                dst()?,
            ),
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
                place(element_offset)?,
                place(src)?,
            ),
            DataportCtrl::Gather4Scaled {
                surface,
                offset,
                element_offset,
                ..
            } => (false, 4, surface, offset, place(element_offset)?, dst()?),
            DataportCtrl::Scatter4Scaled {
                surface,
                offset,
                element_offset,
                src,
                ..
            } => (
                true,
                4,
                surface,
                offset,
                place(element_offset)?,
                place(src)?,
            ),
            DataportCtrl::OwordLd {
                surface, offset, ..
            }
            | DataportCtrl::OwordLdUnaligned {
                surface, offset, ..
            } => (false, 16, surface, offset, 0, dst()?),
            DataportCtrl::OwordSt {
                surface,
                offset,
                src,
                ..
            } => (true, 16, surface, offset, 0, place(src)?),
            DataportCtrl::DwordAtomic {
                width,
                surface,
                element_offset,
                ..
            } => (false, width / 8, surface, zero, place(element_offset)?, 0),
            DataportCtrl::Gather {
                elt_size,
                surface,
                global_offset,
                element_offset,
            } => (
                false,
                elt_size,
                surface,
                global_offset,
                place(element_offset)?,
                dst()?,
            ),
            DataportCtrl::Scatter {
                elt_size,
                surface,
                global_offset,
                element_offset,
                src,
            } => (
                true,
                elt_size,
                surface,
                global_offset,
                place(element_offset)?,
                place(src)?,
            ),
            DataportCtrl::QwGather {
                surface, offset, ..
            } => (false, 8, surface, zero, place(offset)?, dst()?),
            DataportCtrl::QwScatter {
                surface,
                offset,
                src,
                ..
            } => (true, 8, surface, zero, place(offset)?, place(src)?),
        };
        let var_end = match insn.dst {
            Dst::General { var, .. } => var_end(program, var),
            _ => 0,
        };
        let shape = match c {
            DataportCtrl::Gather4Scaled { ch_mask, .. }
            | DataportCtrl::Scatter4Scaled { ch_mask, .. } => Shape::Four {
                ch_mask,
                per_channel: (insn.exec_size as usize).max(program.platform.grf_size() / 4),
                floor: readings.is_literal(errata::DATAPORT4_DWORD_ADDRESS),
            },
            DataportCtrl::OwordLd { num_owords, .. } | DataportCtrl::OwordSt { num_owords, .. } => {
                Shape::Oword {
                    n: num_owords as usize,
                    unit: 16,
                    align: 1,
                }
            }
            DataportCtrl::OwordLdUnaligned { num_owords, .. } => {
                if readings.is_literal(errata::OWORD_LD_UNALIGNED_OFFSET) {
                    Shape::Oword {
                        n: num_owords as usize,
                        unit: 16,
                        align: 1,
                    }
                } else {
                    Shape::Oword {
                        n: num_owords as usize,
                        unit: 1,
                        align: 4,
                    }
                }
            }
            DataportCtrl::DwordAtomic {
                op,
                width,
                src0,
                src1,
                ..
            } => Shape::Atomic {
                op,
                width,
                src0: src0.map(place).transpose()?,
                src1: src1.map(place).transpose()?,
                dst: match insn.dst {
                    Dst::General { .. } => Some(dst()?),
                    _ => None,
                },
                any_byte: readings.is_literal(errata::DWORD_ATOMIC_ALIGNMENT),
                old_predec: readings.is_literal(errata::SVM_ATOMIC_PREDEC),
            },
            DataportCtrl::QwGather { num_blocks, .. }
            | DataportCtrl::QwScatter { num_blocks, .. } => Shape::Qw {
                blocks: num_blocks as usize,
            },
            DataportCtrl::Gather { .. } | DataportCtrl::Scatter { .. } => {
                Shape::Scaled { elements: true }
            }
            _ => Shape::Scaled { elements: false },
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
            shape,
            store,
            nb: nb as usize,
            exec_size: insn.exec_size as usize,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            surface,
            offset,
            offsets,
            data,
            whole_lane: readings.is_literal(errata::DATAPORT_BOUNDS_LANE),
            slm_mask: if readings.is_literal(errata::SLM_ADDRESS_HIGH_BITS) {
                u32::MAX
            } else {
                SLM_ADDRESS_MASK as u32
            },
            var_end,
        })
    }

    fn resolve(&self, state: &MachineState) -> Result<Resolved> {
        Ok(match self.surface {
            Surface::Slm => Resolved {
                space: SLM,
                base: 0,
                size: None,
                mask: self.slm_mask,
            },
            Surface::Flat => Resolved {
                space: FLAT,
                base: 0,
                size: None,
                mask: u32::MAX,
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
                    mask: u32::MAX,
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
        match (self.shape, self.store) {
            (Shape::Scaled { .. }, true) => self.scatter(state, en, &r, off),
            (Shape::Scaled { .. }, false) => self.gather(state, en, &r, off),
            (Shape::Qw { blocks }, _) => self.qw(state, en, &r, blocks),
            (Shape::Four { .. }, _) => self.four(state, en, &r, off),
            (Shape::Oword { .. }, _) => self.oword(state, &r, off),
            (Shape::Atomic { .. }, _) => self.atomic(state, en, &r),
        }
    }

    /// The 32-bit address of a scaled lane: `offset + element_offset`, times the element
    /// size for GATHER and SCATTER (their offsets count elements).
    #[inline(always)]
    fn lane_address(&self, off: u32, element_offset: u32) -> u32 {
        let index = off.wrapping_add(element_offset);
        match self.shape {
            Shape::Scaled { elements: true } => index.wrapping_mul(self.nb as u32),
            _ => index,
        }
    }

    /// QW_GATHER and QW_SCATTER: `blocks` qwords per lane, block by block.
    fn qw(&self, state: &mut MachineState, en: u32, r: &Resolved, blocks: usize) -> Result<()> {
        let es = self.exec_size;
        if state.grf.len() < self.data + 8 * es * blocks || state.grf.len() < self.offsets + 4 * es
        {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        let kind = if self.store {
            AccessKind::Write
        } else {
            AccessKind::Read
        };
        let mut pieces: Small<Piece, 64> = Small::new();
        for i in 0..es {
            if en >> i & 1 == 0 {
                continue;
            }
            let offset = Self::ud(state, self.offsets + 4 * i)?;
            for j in 0..blocks {
                let a = offset.wrapping_add(8 * j as u32);
                let at = self.data + 8 * (j * es + i);
                if self.store {
                    lane_pieces(&mut pieces, at, a, 8, r, self.whole_lane);
                } else {
                    load_run(state, r, a, at, 8, self.whole_lane);
                }
                if state.mem.recording() {
                    note_run(state, r, a, 8, self.whole_lane, Some(i as u32), kind);
                }
            }
        }
        if !pieces.is_empty() {
            let MachineState { grf, mem, .. } = state;
            store_pieces(mem.space_mut(r.space), grf, &pieces);
        }
        Ok(())
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
            let a = self.lane_address(off, Self::ud(state, self.offsets + 4 * i)?);
            let at = self.data + 4 * i;
            let mut bytes = [0u8; 4];
            let mut undefined = [false; 4];
            let whole = r.fits(a, nb) && r.size.is_none_or(|s| u64::from(a) + nb as u64 <= s);
            let dropped = self.whole_lane && r.size.is_some() && !self.lane_inside(a, r);
            if !dropped && state.mem.recording() {
                // The lane's bytes inside the bound (docs/races.md).
                for k in 0..nb {
                    let ak = a.wrapping_add(k as u32);
                    if r.size.is_none_or(|s| u64::from(ak) < s) {
                        let abs = r.at(ak);
                        state
                            .mem
                            .note_at(Some(i as u32), r.space, abs, 1, AccessKind::Read);
                    }
                }
            }
            let space = state.mem.space(r.space);
            if let (Some(m), false) = (space, dropped) {
                if whole {
                    let abs = r.at(a);
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
                        let abs = r.at(ak);
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
        // The pieces point into the register file: each lane's low `nb` bytes of Src.
        let mut pieces: Small<Piece, 64> = Small::new();
        for i in 0..self.exec_size {
            if en >> i & 1 == 0 {
                continue;
            }
            let a = self.lane_address(off, Self::ud(state, self.offsets + 4 * i)?);
            lane_pieces(&mut pieces, self.data + 4 * i, a, nb, r, self.whole_lane);
            if state.mem.recording() {
                note_run(
                    state,
                    r,
                    a,
                    nb,
                    self.whole_lane,
                    Some(i as u32),
                    AccessKind::Write,
                );
            }
        }
        if pieces.is_empty() {
            return Ok(());
        }
        let MachineState { grf, mem, .. } = state;
        store_pieces(mem.space_mut(r.space), grf, &pieces);
        Ok(())
    }

    /// GATHER4_SCALED and SCATTER4_SCALED: channel by channel, lane by lane.
    fn four(&self, state: &mut MachineState, en: u32, r: &Resolved, off: u32) -> Result<()> {
        let Shape::Four {
            ch_mask,
            per_channel,
            floor,
        } = self.shape
        else {
            return Err(bug("a 4-channel plan without its channels"));
        };
        let es = self.exec_size;
        let channels = ch_mask.count_ones() as usize;
        let data_end = self.data + 4 * ((channels - 1) * per_channel + es);
        if state.grf.len() < data_end || state.grf.len() < self.offsets + 4 * es {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        // The lanes' dword addresses, checked before anything moves.
        let mut addrs = [0u32; 32];
        for (i, a) in addrs.iter_mut().enumerate().take(es) {
            if en >> i & 1 == 0 {
                continue;
            }
            let address = off.wrapping_add(Self::ud(state, self.offsets + 4 * i)?);
            if address & 3 != 0 && !floor {
                return Err(VisaError::new(
                    ErrorClass::UndefinedBehaviour,
                    format!(
                        "a lane's address {address:#x} is not a multiple of 4 ({})",
                        errata::DATAPORT4_DWORD_ADDRESS
                    ),
                ));
            }
            *a = address & !3;
        }
        if self.store {
            let mut pieces: Small<Piece, 64> = Small::new();
            let mut ch_pos = 0;
            for c in 0..4u32 {
                if ch_mask >> c & 1 == 0 {
                    continue;
                }
                for (i, a) in addrs.iter().enumerate().take(es) {
                    if en >> i & 1 == 1 {
                        let at = self.data + 4 * (ch_pos * per_channel + i);
                        let a = a.wrapping_add(4 * c);
                        lane_pieces(&mut pieces, at, a, 4, r, self.whole_lane);
                    }
                }
                ch_pos += 1;
            }
            if !pieces.is_empty() {
                let MachineState { grf, mem, .. } = state;
                store_pieces(mem.space_mut(r.space), grf, &pieces);
            }
            if state.mem.recording() {
                // The lanes' stores, as the pieces hold them (docs/races.md).
                for c in (0..4u32).filter(|c| ch_mask >> c & 1 == 1) {
                    for (i, a) in addrs.iter().enumerate().take(es) {
                        if en >> i & 1 == 1 {
                            let (a, lane) = (a.wrapping_add(4 * c), Some(i as u32));
                            note_run(state, r, a, 4, self.whole_lane, lane, AccessKind::Write);
                        }
                    }
                }
            }
        } else {
            let mut ch_pos = 0;
            for c in 0..4u32 {
                if ch_mask >> c & 1 == 0 {
                    continue;
                }
                for (i, a) in addrs.iter().enumerate().take(es) {
                    if en >> i & 1 == 1 {
                        let at = self.data + 4 * (ch_pos * per_channel + i);
                        let a = a.wrapping_add(4 * c);
                        load_run(state, r, a, at, 4, self.whole_lane);
                    }
                }
                ch_pos += 1;
            }
            if state.mem.recording() {
                // The lanes' reads, as `load_run` made them (docs/races.md).
                for c in (0..4u32).filter(|c| ch_mask >> c & 1 == 1) {
                    for (i, a) in addrs.iter().enumerate().take(es) {
                        if en >> i & 1 == 1 {
                            let (a, lane) = (a.wrapping_add(4 * c), Some(i as u32));
                            note_run(state, r, a, 4, self.whole_lane, lane, AccessKind::Read);
                        }
                    }
                }
            }
            // The rest of each channel's register is undefined, within the variable.
            if per_channel > es {
                let end = self.var_end.min(state.grf.len());
                for ch_pos in 0..channels {
                    let from = self.data + 4 * (ch_pos * per_channel + es);
                    let to = (self.data + 4 * (ch_pos + 1) * per_channel).min(end);
                    if from < to {
                        state.undefined.insert_range(from..to);
                    }
                }
            }
        }
        Ok(())
    }

    /// OWORD_LD, OWORD_LD_UNALIGNED and OWORD_ST: one run of owords.
    fn oword(&self, state: &mut MachineState, r: &Resolved, off: u32) -> Result<()> {
        let Shape::Oword { n, unit, align } = self.shape else {
            return Err(bug("an oword plan without its size"));
        };
        if !off.is_multiple_of(align) {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!(
                    "the offset {off:#x} is not a multiple of {align} ({})",
                    errata::OWORD_LD_UNALIGNED_OFFSET
                ),
            ));
        }
        if state.grf.len() < self.data + 16 * n {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        let start = off.wrapping_mul(unit);
        if self.store {
            let mut pieces: Small<Piece, 64> = Small::new();
            for i in 0..n {
                let a = start.wrapping_add(16 * i as u32);
                lane_pieces(&mut pieces, self.data + 16 * i, a, 16, r, self.whole_lane);
                if state.mem.recording() {
                    note_run(state, r, a, 16, self.whole_lane, None, AccessKind::Write);
                }
            }
            if !pieces.is_empty() {
                let MachineState { grf, mem, .. } = state;
                store_pieces(mem.space_mut(r.space), grf, &pieces);
            }
        } else {
            for i in 0..n {
                let a = start.wrapping_add(16 * i as u32);
                load_run(state, r, a, self.data + 16 * i, 16, self.whole_lane);
            }
            if state.mem.recording() {
                for i in 0..n {
                    let a = start.wrapping_add(16 * i as u32);
                    note_run(state, r, a, 16, self.whole_lane, None, AccessKind::Read);
                }
            }
        }
        Ok(())
    }
}

impl DataportPlan {
    /// DWORD_ATOMIC: each enabled lane in order reads its old value, writes the
    /// operation's result, and returns the old value (PREDEC the new one).
    fn atomic(&self, state: &mut MachineState, en: u32, r: &Resolved) -> Result<()> {
        let Shape::Atomic {
            op,
            width,
            src0,
            src1,
            dst,
            any_byte,
            old_predec,
        } = self.shape
        else {
            return Err(bug("an atomic plan without its operation"));
        };
        let es = self.exec_size;
        let bytes = (width / 8) as usize;
        let mask = (1u64 << width) - 1;
        let end = 4 * es;
        let fits = |at: Option<usize>| at.is_none_or(|at| at + end <= state.grf.len());
        if !fits(Some(self.offsets)) || !fits(src0) || !fits(src1) || !fits(dst) {
            return Err(bug("a dataport operand lies outside the register file"));
        }
        let mut offsets = [0u32; 32];
        for (i, o) in offsets.iter_mut().enumerate().take(es) {
            if en >> i & 1 == 1 {
                *o = Self::ud(state, self.offsets + 4 * i)?;
                if !any_byte && *o % bytes as u32 != 0 {
                    return Err(VisaError::new(
                        ErrorClass::UndefinedBehaviour,
                        format!(
                            "a lane's offset {:#x} is not a multiple of {bytes} ({})",
                            *o,
                            errata::DWORD_ATOMIC_ALIGNMENT
                        ),
                    ));
                }
            }
        }
        let operand = |state: &MachineState, at: Option<usize>, i: usize| -> u64 {
            at.map_or(0, |at| {
                let b = &state.grf[at + 4 * i..at + 4 * i + 4];
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])) & mask
            })
        };
        // (register byte, value, defined), applied when every lane has run.
        let mut returned: Vec<(usize, u8, bool)> = Vec::new();
        for (i, &a) in offsets.iter().enumerate().take(es) {
            if en >> i & 1 == 0 {
                continue;
            }
            let outside = |k: usize| {
                r.size
                    .is_some_and(|s| u64::from(a.wrapping_add(k as u32)) >= s)
            };
            let dropped = self.whole_lane && (0..bytes).any(outside);
            let mut old = [0u8; 8];
            let mut undefined = [false; 4];
            if !dropped {
                if let Some(m) = state.mem.space(r.space) {
                    for k in 0..bytes {
                        if outside(k) {
                            continue;
                        }
                        let abs = r.at(a.wrapping_add(k as u32));
                        m.read(abs, &mut old[k..k + 1]);
                        undefined[k] = m.is_undefined(abs);
                    }
                }
            }
            if !dropped && state.mem.recording() {
                // The lane's element inside the bound, one atomic access (docs/races.md).
                for k in (0..bytes).filter(|&k| !outside(k)) {
                    let abs = r.at(a.wrapping_add(k as u32));
                    state
                        .mem
                        .note_at(Some(i as u32), r.space, abs, 1, AccessKind::Atomic);
                }
            }
            let old = u64::from_le_bytes(old);
            let (s0, s1) = (operand(state, src0, i), operand(state, src1, i));
            let new = apply_op(op, width, mask, old, s0, s1);
            if !dropped {
                let unknown = undefined.iter().any(|u| *u);
                let m = state.mem.space_mut(r.space);
                for (k, b) in new.to_le_bytes().iter().enumerate().take(bytes) {
                    if outside(k) {
                        continue;
                    }
                    let abs = r.at(a.wrapping_add(k as u32));
                    if unknown {
                        m.write_undefined(abs, *b);
                    } else {
                        m.write(abs, &[*b]);
                    }
                }
            }
            if let Some(d) = dst {
                let value = if op == AtomicOp::Predec && !old_predec {
                    new
                } else {
                    old
                };
                push_returned(state, d + 4 * i, bytes, value, &undefined, &mut returned);
            }
        }
        apply_returned(state, returned);
        Ok(())
    }
}

/// Reads the `len` bytes at the 32-bit surface address `a` (wrapping byte by byte) into
/// register bytes `at..at + len`: zeros out of bounds, byte by byte, or for the whole
/// element when `whole` (DATAPORT-BOUNDS-LANE literal); undefined memory bytes make their
/// register bytes undefined.
fn load_run(state: &mut MachineState, r: &Resolved, a: u32, at: usize, len: usize, whole: bool) {
    let fits = r.fits(a, len);
    let inside = r.size.is_none_or(|s| u64::from(a) + len as u64 <= s);
    let MachineState {
        grf,
        undefined,
        mem,
        ..
    } = state;
    let out = &mut grf[at..at + len];
    let Some(m) = mem.space(r.space) else {
        out.fill(0);
        undefined.remove_range(at..at + len);
        return;
    };
    if fits && inside {
        let abs = r.at(a);
        m.read(abs, out);
        let last = abs.wrapping_add(len as u64 - 1);
        if last >= abs && !m.any_undefined(abs, last) {
            undefined.remove_range(at..at + len);
            return;
        }
    } else if whole && r.size.is_some() {
        let s = r.size.unwrap_or(0);
        if (0..len as u32).any(|k| u64::from(a.wrapping_add(k)) >= s) {
            out.fill(0);
            undefined.remove_range(at..at + len);
            return;
        }
    }
    for k in 0..len {
        let ak = a.wrapping_add(k as u32);
        let abs = r.at(ak);
        if r.size.is_some_and(|s| u64::from(ak) >= s) {
            out[k] = 0;
            undefined.remove(&(at + k));
            continue;
        }
        m.read(abs, &mut out[k..k + 1]);
        if m.is_undefined(abs) {
            undefined.insert(at + k);
        } else {
            undefined.remove(&(at + k));
        }
    }
}

/// Notes `lane`'s access of the `len` bytes at the 32-bit surface address `a` that
/// [`load_run`] reads or [`lane_pieces`] stores: those inside the bound, none when `whole`
/// and one is outside.
fn note_run(
    state: &mut MachineState,
    r: &Resolved,
    a: u32,
    len: usize,
    whole: bool,
    lane: Option<u32>,
    kind: AccessKind,
) {
    let outside = |k: usize| {
        r.size
            .is_some_and(|s| u64::from(a.wrapping_add(k as u32)) >= s)
    };
    if whole && (0..len).any(outside) {
        return;
    }
    for k in (0..len).filter(|&k| !outside(k)) {
        // The byte the access reaches: the SLM surface's address bits
        // (SLM-ADDRESS-HIGH-BITS), as the store and the atomic address it.
        let abs = r.at(a.wrapping_add(k as u32));
        state.mem.note_at(lane, r.space, abs, 1, kind);
    }
}

/// Queues the store of the `len` register bytes from `at` to the 32-bit surface address
/// `a` (wrapping byte by byte) as pieces pointing into the register file: the bytes out of
/// bounds are dropped, or the whole element when `whole` (DATAPORT-BOUNDS-LANE literal).
fn lane_pieces(
    pieces: &mut Small<Piece, 64>,
    at: usize,
    a: u32,
    len: usize,
    r: &Resolved,
    whole: bool,
) {
    if r.fits(a, len) {
        // No wrap: the bytes inside the bound are a prefix of the element.
        let inside = match r.size {
            None => len,
            Some(s) => s.saturating_sub(u64::from(a)).min(len as u64) as usize,
        };
        if inside == 0 || (whole && inside < len) {
            return;
        }
        let abs = r.at(a);
        if abs.checked_add(inside as u64 - 1).is_some() {
            pieces.push(Piece {
                addr: abs,
                at,
                len: inside,
            });
            return;
        }
    }
    if whole {
        if let Some(s) = r.size {
            if (0..len as u32).any(|k| u64::from(a.wrapping_add(k)) >= s) {
                return; // the whole element is dropped
            }
        }
    }
    for k in 0..len {
        let ak = a.wrapping_add(k as u32);
        if r.size.is_some_and(|s| u64::from(ak) >= s) {
            continue; // out of bounds: dropped
        }
        pieces.push(Piece {
            addr: r.at(ak),
            at: at + k,
            len: 1,
        });
    }
}

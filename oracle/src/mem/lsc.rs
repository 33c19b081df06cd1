//! `lsc_load`, `lsc_store` and `lsc_store_uncompressed` (instructions/LSC_UNTYPED.md) as
//! compiled plans.
//!
//! Compiled once: the register offset of every (lane, element) datum, the address
//! arithmetic (`AddrScale`, `AddrImmOffset`, the AddrSize mask) and the errata switches.
//! At run time each enabled lane's offset is computed once (the address stream); a lane
//! whose `vect_size * sizeof(DataSize)` bytes neither wrap around the address size nor
//! cross the surface's size is one bulk page copy, the rest goes byte by byte. Stores
//! whose lanes overlap, or that an erratum's literal reading makes undefined, go through
//! the memory model's store journal (the byte-conflict rule of `state::memory`).

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::lsc::{AtomicOp, DataSize, LscOperands, Sfid};
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Program, Scalar};
use visa_model::state::{
    AccessKind, AddrSize, AddrType, ByteSet, MachineState, Memory, StoreJournal, Window,
    SLM_ADDRESS_MASK,
};
use visa_model::VisaError;

use super::flags::{set_flags, FlagMap, Flags, NoFlags};
use super::page::{copy_small, space_mut, zero_small, PageCursor};
use super::small::{Bytes, Small};
use super::store::{push_run, store_pieces, Piece};
use crate::softfloat::{self, to_f64_bits, Format, Rounding};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Debug)]
enum SurfaceSrc {
    Imm(u64),
    /// The register-file byte of a general variable's first UD.
    Reg(usize),
}

#[derive(Clone, Copy, Debug)]
struct PredPlan {
    var: usize,
    invert: bool,
    combine: PredCombine,
}

/// One LSC_UNTYPED load or store, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct LscPlan {
    pub(crate) pos: Pos,
    store: bool,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<PredPlan>,
    slm: bool,
    addr_type: AddrType,
    surface: SurfaceSrc,
    /// Register-file byte of `Src0Addrs`, and the bytes of one address.
    addrs: usize,
    addr_bytes: usize,
    /// `2^bits - 1` of the address size.
    addr_mask: u64,
    scale: u64,
    imm: i64,
    /// DstData (a load; `None` for a prefetch) or Src1Data (a store).
    data: Option<usize>,
    vect: usize,
    mem_bytes: usize,
    reg_bytes: usize,
    /// Where the datum sits in its register element (2 for d16u32h).
    datum_at: usize,
    /// Register offset, from `data`, of datum (n, v) at `n * vect + v`.
    reg_offsets: Vec<usize>,
    /// Not transposed: datum (n, v) at `v * block + n * reg_bytes` (a GRF-aligned block of
    /// `exec_size` data per `v`); `None` when transposed.
    block: Option<usize>,
    /// One address, data not widened and held transposed (DstData[0].elems[v]): a lane's
    /// run lands in consecutive register bytes.
    packed: bool,
    /// One past the last register byte, from `data`, a datum occupies.
    reg_span: usize,
    lit_u32: bool,
    lit_dstdata: bool,
    lit_same_addr: bool,
    kind: Kind,
    /// LSC-ATOMIC-OPERANDS literal: Src1Data the new value, Src2Data the compare value.
    lit_cas: bool,
    /// Addresses in Src0Addrs: `lanes`, or 1 for the strided forms.
    addr_lanes: usize,
    /// The window of a stateless access (flat, arg, SLM), which no state changes; `None`
    /// for a stateful one (its surface is looked up on every run) or an invalid one.
    fixed_window: Option<Window>,
}

/// The address stream of one run: lane n's offset when bit n of `en` is set, for lanes
/// `0..count`.
struct Offsets {
    lanes: [u64; 32],
    en: u32,
    count: usize,
}

impl Offsets {
    /// Lane n's offset, `None` for a disabled lane.
    #[inline(always)]
    fn get(&self, n: usize) -> Option<u64> {
        (self.en >> n & 1 == 1).then(|| self.lanes[n])
    }

    fn len(&self) -> usize {
        self.count
    }

    /// Every lane's offset in lane order, `None` for a disabled lane.
    #[inline(always)]
    fn iter(&self) -> impl Iterator<Item = Option<u64>> + '_ {
        (0..self.count).map(|n| self.get(n))
    }
}

fn grf_start(program: &Program, var: visa_model::state::VarId) -> Result<usize> {
    program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an LSC operand has no register-file storage"))
}

/// The register-file byte of element `(row, col)` of type `ty` of `var`: a scalar operand
/// written `V`, `V.C` or `V(R,C)`.
pub(crate) fn element_at(
    program: &Program,
    var: visa_model::state::VarId,
    row: u32,
    col: u32,
    ty: visa_model::types::DataType,
) -> Result<usize> {
    Ok(grf_start(program, var)?
        + row as usize * program.platform.grf_size()
        + col as usize * ty.size())
}

/// Whether `insn` is compiled by [`LscPlan::compile`].
pub(crate) fn is_lsc(insn: &Instruction) -> bool {
    matches!(
        insn.opcode,
        Opcode::LscLoad
            | Opcode::LscStore
            | Opcode::LscStoreUncompressed
            | Opcode::LscLoadStrided
            | Opcode::LscStoreStrided
            | Opcode::LscLoadQuad
            | Opcode::LscStoreQuad
    ) || insn.opcode.lsc_atomic().is_some()
}

/// How a plan's lanes find their data beyond the plain gather/scatter.
#[derive(Clone, Debug)]
enum Kind {
    Gather,
    /// One base address, lane n `n*pitch` after it (`None`: the default pitch).
    Strided {
        pitch: Option<SurfaceSrc>,
        lit_scale_base: bool,
        lit_v: bool,
        /// The addresses Src0AddrBase's variable holds, and its name: under
        /// LSC-STORE-STRIDED-V literal an enabled lane past them is undefined behaviour.
        held: (usize, String),
    },
    /// The channels of ChMask, each a register block.
    Quad {
        ch_mask: u8,
    },
    Atomic {
        op: AtomicOp,
        src1: Option<usize>,
        src2: Option<usize>,
    },
}

impl LscPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<LscPlan> {
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
        let store = matches!(
            insn.opcode,
            Opcode::LscStore
                | Opcode::LscStoreUncompressed
                | Opcode::LscStoreStrided
                | Opcode::LscStoreQuad
        );
        let scalar = |s: &Scalar| -> Result<SurfaceSrc> {
            Ok(match *s {
                Scalar::Imm { bits, .. } => SurfaceSrc::Imm(bits),
                Scalar::Var { var, row, col, ty } => {
                    SurfaceSrc::Reg(element_at(program, var, row, col, ty)?)
                }
            })
        };
        let payload = |p: Option<Payload>| -> Result<Option<usize>> {
            p.map(|p| grf_start(program, p.var)).transpose()
        };
        let kind = match insn.opcode {
            Opcode::LscLoadStrided | Opcode::LscStoreStrided => Kind::Strided {
                pitch: ops.src0_addr_pitch.as_ref().map(scalar).transpose()?,
                lit_scale_base: readings.is_literal(errata::LSC_STRIDED_ADDR),
                lit_v: readings.is_literal(errata::LSC_STORE_STRIDED_V),
                held: {
                    let info = program.vars.get(ops.src0_addrs.var);
                    (
                        info.byte_size() / c.addr_size.bytes(),
                        info.name.to_string(),
                    )
                },
            },
            Opcode::LscLoadQuad | Opcode::LscStoreQuad => Kind::Quad { ch_mask: c.ch_mask },
            op => match op.lsc_atomic() {
                Some(op) => Kind::Atomic {
                    op,
                    src1: payload(ops.src1_data)?,
                    src2: payload(ops.src2_data)?,
                },
                None => Kind::Gather,
            },
        };
        // A stateless address has no surface: index 0.
        let surface = match &ops.surface {
            Some(s) => scalar(s)?,
            None => SurfaceSrc::Imm(0),
        };
        let data = match (store, &insn.dst) {
            (false, Dst::General { var, .. }) => Some(grf_start(program, *var)?),
            (false, _) => None,
            (true, _) => payload(ops.src1_data)?,
        };
        let strided = matches!(kind, Kind::Strided { .. });
        let exec_size = insn.exec_size as usize;
        let vect = c.data.vect_size as usize;
        let lanes = if c.data.transposed { 1 } else { exec_size };
        let addr_lanes = if strided { 1 } else { lanes };
        let reg_bytes = c.data.size.reg_bytes();
        let grf = program.platform.grf_size();
        // Transposed: DstData[n].elems[v]; otherwise DstData[v].elems[n], each DstData[v] a
        // GRF-aligned block of exec_size data.
        let block = (exec_size * reg_bytes).div_ceil(grf) * grf;
        let mut reg_offsets = Vec::with_capacity(lanes * vect);
        for n in 0..lanes {
            for v in 0..vect {
                reg_offsets.push(if c.data.transposed {
                    (n * vect + v) * reg_bytes
                } else {
                    v * block + n * reg_bytes
                });
            }
        }
        Ok(LscPlan {
            pos: insn.pos,
            store,
            exec_size,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| PredPlan {
                var: p.var.0 as usize,
                invert: p.invert,
                combine: p.combine,
            }),
            slm: c.sfid == Sfid::Slm,
            addr_type: c.addr_type,
            surface,
            addrs: grf_start(program, ops.src0_addrs.var)?,
            addr_bytes: c.addr_size.bytes(),
            // SLM-ADDRESS-HIGH-BITS resolved: an SLM address keeps its bits 0-27.
            addr_mask: match c.addr_size {
                AddrSize::A64 => u64::MAX,
                other => (1u64 << other.bits()) - 1,
            } & if c.sfid == Sfid::Slm
                && !readings.is_literal(errata::SLM_ADDRESS_HIGH_BITS)
            {
                SLM_ADDRESS_MASK
            } else {
                u64::MAX
            },
            scale: u64::from(c.scale),
            imm: i64::from(c.imm_offset),
            data,
            vect,
            mem_bytes: c.data.size.mem_bytes(),
            reg_bytes,
            datum_at: if c.data.size == DataSize::D16u32h {
                2
            } else {
                0
            },
            reg_span: reg_offsets.iter().max().map_or(0, |r| r + reg_bytes),
            block: (!c.data.transposed).then_some(block),
            packed: addr_lanes == 1
                && reg_bytes == c.data.size.mem_bytes()
                && reg_offsets
                    .iter()
                    .enumerate()
                    .all(|(k, r)| *r == k * reg_bytes),
            reg_offsets,
            lit_u32: readings.is_literal(errata::LSC_DATA_U32),
            lit_dstdata: readings.is_literal(errata::LSC_STORE_DSTDATA),
            lit_same_addr: readings.is_literal(errata::LSC_STORE_ELEM_OFFSET),
            kind,
            lit_cas: readings.is_literal(errata::LSC_ATOMIC_OPERANDS),
            addr_lanes,
            fixed_window: if c.addr_type.is_stateful() {
                None
            } else {
                Memory::default()
                    .window(c.sfid == Sfid::Slm, c.addr_type, 0)
                    .ok()
            },
        })
    }

    /// `reg_offsets[n * vect + v]` computed: the hot paths do not read the table (one
    /// memory access fewer on a plan's first run).
    #[inline(always)]
    fn reg_offset(&self, n: usize, v: usize) -> usize {
        match self.block {
            Some(block) => v * block + n * self.reg_bytes,
            None => (n * self.vect + v) * self.reg_bytes,
        }
    }

    fn ch_en(&self, state: &MachineState) -> u32 {
        super::enable::ch_en(
            state,
            self.exec_size,
            self.no_mask,
            self.mask_offset,
            self.pred.map(|p| (p.var, p.invert, p.combine)),
        )
    }

    fn grf<'s>(&self, state: &'s MachineState, at: usize, len: usize) -> Result<&'s [u8]> {
        state
            .grf
            .get(at..at + len)
            .ok_or_else(|| VisaError::model_bug("an LSC operand lies outside the register file"))
    }

    /// The offset of every enabled lane (the address stream).
    fn offsets(&self, state: &MachineState, en: u32) -> Result<Offsets> {
        let mut out = Offsets {
            lanes: [0; 32],
            en: 0,
            count: 0,
        };
        self.fill_offsets(state, en, &mut out)?;
        Ok(out)
    }

    /// [`LscPlan::offsets`] into `out`.
    #[inline(always)]
    fn fill_offsets(&self, state: &MachineState, en: u32, out: &mut Offsets) -> Result<()> {
        let raw = self.grf(state, self.addrs, self.addr_lanes * self.addr_bytes)?;
        let count = self.addr_lanes.min(32);
        // The address size decided once: each address a fixed-size read.
        match self.addr_bytes {
            2 => self.fill_addresses::<2>(raw, count, out),
            4 => self.fill_addresses::<4>(raw, count, out),
            8 => self.fill_addresses::<8>(raw, count, out),
            _ => return Err(VisaError::model_bug("an LSC address of another size")),
        }
        out.count = count;
        out.en = if count >= 32 {
            en
        } else {
            en & ((1u32 << count) - 1)
        };
        Ok(())
    }

    /// The offsets of the first `count` addresses of `raw`, `B` bytes each.
    #[inline(always)]
    fn fill_addresses<const B: usize>(&self, raw: &[u8], count: usize, out: &mut Offsets) {
        for (slot, b) in out.lanes.iter_mut().zip(raw.chunks_exact(B).take(count)) {
            let mut word = [0u8; 8];
            word[..B].copy_from_slice(b);
            let a = u64::from_le_bytes(word);
            *slot = self.scale.wrapping_mul(a).wrapping_add(self.imm as u64) & self.addr_mask;
        }
    }

    fn window(&self, state: &MachineState) -> Result<Window> {
        let surface = match self.surface {
            SurfaceSrc::Imm(s) => s,
            SurfaceSrc::Reg(at) => {
                let b = self.grf(state, at, 4)?;
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
        };
        state.mem.window(self.slm, self.addr_type, surface)
    }

    /// The flat address of a whole run of `len` bytes at `off` when it neither wraps around
    /// the address size or the 64-bit space nor leaves the surface.
    fn run(&self, w: &Window, off: u64, len: usize) -> Option<u64> {
        let last = off.checked_add(len as u64 - 1)?;
        if last > self.addr_mask {
            return None;
        }
        if let Some(size) = w.limit {
            if last >= size {
                return None;
            }
        }
        let a = w.base.checked_add(off)?;
        a.checked_add(len as u64 - 1)?;
        Some(a)
    }

    /// The lane lane `n`'s accesses are noted for: none for a transposed message (one
    /// address for the whole message; such a plan has no register block per datum).
    fn lane(&self, n: usize) -> Option<u32> {
        self.block.map(|_| n as u32)
    }

    /// What a load or store does to the bytes it reaches, when its accesses are recorded
    /// (`None` when recording is off, and for a prefetch, which reaches no byte).
    #[inline(always)]
    fn noted(&self, state: &MachineState) -> Option<AccessKind> {
        if !state.mem.recording() {
            return None;
        }
        match (self.store, self.data) {
            (true, _) => Some(AccessKind::Write),
            (false, Some(_)) => Some(AccessKind::Read),
            (false, None) => None,
        }
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = self.ch_en(state);
        let w = match &self.fixed_window {
            Some(w) => w.clone(),
            None => self.window(state)?,
        };
        match &self.kind {
            Kind::Gather => {}
            Kind::Strided { .. } => return self.exec_strided(state, &w, en),
            Kind::Quad { ch_mask } => return self.exec_quad(state, &w, en, *ch_mask),
            Kind::Atomic { op, src1, src2 } => {
                return self.exec_atomic(state, &w, en, *op, *src1, *src2)
            }
        }
        let mut offsets = Offsets {
            lanes: [0; 32],
            en: 0,
            count: 0,
        };
        self.fill_offsets(state, en, &mut offsets)?;
        if let Some(kind) = self.noted(state) {
            // Each lane's run (docs/races.md); LSC-STORE-ELEM-OFFSET literal: every element
            // at the lane's address.
            let len = if self.store && self.lit_same_addr {
                self.mem_bytes
            } else {
                self.vect * self.mem_bytes
            };
            for (n, off) in offsets.iter().enumerate() {
                let Some(off) = off else { continue };
                state
                    .mem
                    .note(self.lane(n), &w, off, len, self.addr_mask, kind);
            }
        }
        if self.store {
            self.store(state, &w, &offsets)
        } else {
            self.load(state, &w, &offsets)
        }
    }

    fn load(&self, state: &mut MachineState, w: &Window, offsets: &Offsets) -> Result<()> {
        let Some(dst) = self.data else {
            // A prefetch writes nothing.
            return Ok(());
        };
        let run_len = self.vect * self.mem_bytes;
        let widened = self.reg_bytes != self.mem_bytes;
        // Transposed and not widened: the run lands in consecutive register bytes.
        let packed = self.packed;
        let MachineState {
            grf,
            mem,
            undefined: reg_undefined,
            ..
        } = &mut *state;
        let space = super::page::space(mem, w.space);
        if space.is_none_or(|m| !m.has_undefined()) {
            // No byte of the space is undefined: every loaded byte is defined.
            // Register flags change only when some are set or the widened bytes become
            // undefined; otherwise the set stays empty.
            let track = !reg_undefined.is_empty() || (widened && self.lit_u32);
            if !track {
                return self.load_defined(grf, space, w, offsets, dst, &mut NoFlags);
            }
            if let Some(mut flags) = FlagMap::new(dst, self.reg_span) {
                self.load_defined(grf, space, w, offsets, dst, &mut flags)?;
                flags.apply(reg_undefined);
                return Ok(());
            }
        }
        // At most 64 elements of 8 bytes (LSC_UNTYPED.md, the vector sizes).
        let mut buf_store = [0u8; 512];
        let mut undefined_store = [false; 512];
        let (Some(buf), Some(undefined)) = (
            buf_store.get_mut(..run_len),
            undefined_store.get_mut(..run_len),
        ) else {
            return Err(VisaError::model_bug("an LSC vector of more than 512 bytes"));
        };
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            let fast = self.run(w, off, run_len);
            let any_u = match (fast, space) {
                (Some(a), Some(m)) if !m.any_undefined(a, a + (run_len as u64 - 1)) => {
                    if packed {
                        let at = dst + self.reg_offset(0, 0);
                        let slot = grf.get_mut(at..at + run_len).ok_or_else(|| {
                            VisaError::model_bug("DstData lies outside the register file")
                        })?;
                        m.read(a, slot);
                        define(reg_undefined, at, run_len);
                        continue;
                    }
                    m.read(a, buf);
                    false
                }
                (Some(_), None) => {
                    buf.fill(0);
                    false
                }
                _ => {
                    let mut any = false;
                    for (j, (b, u)) in buf.iter_mut().zip(undefined.iter_mut()).enumerate() {
                        let o = off.wrapping_add(j as u64) & self.addr_mask;
                        *b = 0;
                        *u = false;
                        if let (Some(a), Some(m)) = (w.address(o), space) {
                            let mut one = [0u8];
                            m.read(a, &mut one);
                            *b = one[0];
                            *u = m.is_undefined(a);
                            any |= *u;
                        }
                    }
                    any
                }
            };
            if !widened && !any_u {
                // Each datum fills its register element: copies, and the elements defined.
                for (v, datum) in buf.chunks_exact(self.mem_bytes).enumerate() {
                    let r = self.reg_offset(n, v);
                    let at = dst + r;
                    let slot = grf.get_mut(at..at + self.mem_bytes).ok_or_else(|| {
                        VisaError::model_bug("DstData lies outside the register file")
                    })?;
                    copy_small(slot, datum);
                }
                if !reg_undefined.is_empty() {
                    for v in 0..self.vect {
                        let r = self.reg_offset(n, v);
                        define(reg_undefined, dst + r, self.reg_bytes);
                    }
                }
                continue;
            }
            for v in 0..self.vect {
                let at = dst + self.reg_offset(n, v);
                let slot = grf.get_mut(at..at + self.reg_bytes).ok_or_else(|| {
                    VisaError::model_bug("DstData lies outside the register file")
                })?;
                let datum = &buf[v * self.mem_bytes..(v + 1) * self.mem_bytes];
                if widened && !self.lit_u32 {
                    slot.fill(0);
                }
                slot[self.datum_at..self.datum_at + self.mem_bytes].copy_from_slice(datum);
                let udatum = &undefined[v * self.mem_bytes..(v + 1) * self.mem_bytes];
                if (any_u && udatum.iter().any(|u| *u)) || (widened && self.lit_u32) {
                    let mut flags = [false; 8];
                    for (k, f) in flags.iter_mut().enumerate().take(self.reg_bytes) {
                        let in_datum = k >= self.datum_at && k < self.datum_at + self.mem_bytes;
                        *f = if in_datum {
                            any_u && udatum[k - self.datum_at]
                        } else {
                            self.lit_u32
                        };
                    }
                    set_flags(reg_undefined, at, &flags[..self.reg_bytes]);
                } else {
                    define(reg_undefined, at, self.reg_bytes);
                }
            }
        }
        Ok(())
    }

    /// The loads of [`LscPlan::load`] from a space holding no undefined byte: page copies
    /// through a cached page, the register flags set in `flags`.
    #[inline(always)]
    fn load_defined<F: Flags>(
        &self,
        grf: &mut [u8],
        space: Option<&visa_model::state::SparseMemory>,
        w: &Window,
        offsets: &Offsets,
        dst: usize,
        flags: &mut F,
    ) -> Result<()> {
        let run_len = self.vect * self.mem_bytes;
        let widened = self.reg_bytes != self.mem_bytes;
        let mut cursor = PageCursor::new(space);
        let mut slow: Option<[u8; 512]> = None;
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            let bytes: &[u8] = match self
                .run(w, off, run_len)
                .and_then(|a| cursor.slice(a, run_len))
            {
                Some(b) => b,
                None => {
                    let b = slow
                        .get_or_insert([0; 512])
                        .get_mut(..run_len)
                        .ok_or_else(|| {
                            VisaError::model_bug("an LSC vector of more than 512 bytes")
                        })?;
                    read_segments(w, off, self.addr_mask, &mut cursor, b);
                    b
                }
            };
            if self.packed {
                let r = self.reg_offset(0, 0);
                let slot = grf.get_mut(dst + r..dst + r + run_len).ok_or_else(|| {
                    VisaError::model_bug("DstData lies outside the register file")
                })?;
                slot.copy_from_slice(bytes);
                flags.set(r, run_len, false);
                continue;
            }
            // Datum v of the lane at register offset `r0 + v * stride` (a GRF-aligned block
            // per v, or consecutive elements when transposed).
            let stride = self.block.unwrap_or(self.reg_bytes);
            let r0 = self.reg_offset(n, 0);
            let at = dst + r0;
            if !widened {
                match self.mem_bytes {
                    1 => put_lane::<1>(grf, at, stride, bytes)?,
                    2 => put_lane::<2>(grf, at, stride, bytes)?,
                    4 => put_lane::<4>(grf, at, stride, bytes)?,
                    8 => put_lane::<8>(grf, at, stride, bytes)?,
                    _ => return Err(VisaError::model_bug("an LSC datum of another size")),
                }
                if F::TRACK {
                    for v in 0..self.vect {
                        flags.set(r0 + v * stride, self.reg_bytes, false);
                    }
                }
                continue;
            }
            if self.reg_bytes == 4 {
                // A widened datum (d8u32, d16u32, d16u32h) in a 4-byte element.
                let w = Widen {
                    at,
                    stride,
                    datum_at: self.datum_at,
                    keep: self.lit_u32,
                };
                match self.mem_bytes {
                    1 => put_lane_widened::<1, F>(grf, &w, r0, bytes, flags)?,
                    2 => put_lane_widened::<2, F>(grf, &w, r0, bytes, flags)?,
                    _ => return Err(VisaError::model_bug("an LSC datum of another size")),
                }
                continue;
            }
            for (v, datum) in bytes.chunks_exact(self.mem_bytes).enumerate() {
                let r = self.reg_offset(n, v);
                let at = dst + r;
                let slot = grf.get_mut(at..at + self.reg_bytes).ok_or_else(|| {
                    VisaError::model_bug("DstData lies outside the register file")
                })?;
                if widened {
                    if !self.lit_u32 {
                        zero_small(slot);
                    }
                    copy_small(
                        &mut slot[self.datum_at..self.datum_at + self.mem_bytes],
                        datum,
                    );
                    // LSC-DATA-U32 literal: the widened bytes are undefined.
                    flags.set(r, self.reg_bytes, self.lit_u32);
                    flags.set(r + self.datum_at, self.mem_bytes, false);
                } else {
                    copy_small(slot, datum);
                    flags.set(r, self.reg_bytes, false);
                }
            }
        }
        Ok(())
    }

    fn store(&self, state: &mut MachineState, w: &Window, offsets: &Offsets) -> Result<()> {
        let Some(src) = self.data else {
            return Err(VisaError::model_bug("a store without Src1Data"));
        };
        let run_len = self.vect * self.mem_bytes;
        // The lanes' data, gathered from Src1Data into memory order, one run per enabled
        // lane, and where each run's bytes land.
        let mut data: Bytes<512> = Bytes::zeroed(offsets.len() * run_len);
        let data = data.as_mut_slice();
        let mut pieces: Small<Piece, 32> = Small::new();
        // LSC-STORE-ELEM-OFFSET literal: every element at the lane's address.
        let same_addr = self.lit_same_addr && self.vect > 1;
        let mut at = 0;
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            let run = &mut data[at..at + run_len];
            match (self.packed, self.block) {
                (true, _) => run.copy_from_slice(self.grf(
                    state,
                    src + self.reg_offset(0, 0) + self.datum_at,
                    run_len,
                )?),
                (false, Some(block)) if self.reg_bytes == self.mem_bytes => {
                    // Datum v of lane n at `v * block + n * mem_bytes`.
                    let at = src + n * self.mem_bytes;
                    match self.mem_bytes {
                        1 => get_lane::<1>(&state.grf, at, block, run)?,
                        2 => get_lane::<2>(&state.grf, at, block, run)?,
                        4 => get_lane::<4>(&state.grf, at, block, run)?,
                        8 => get_lane::<8>(&state.grf, at, block, run)?,
                        _ => return Err(VisaError::model_bug("an LSC datum of another size")),
                    }
                }
                _ => {
                    for (v, datum) in run.chunks_exact_mut(self.mem_bytes).enumerate() {
                        let r = self.reg_offset(n, v);
                        copy_small(
                            datum,
                            self.grf(state, src + r + self.datum_at, self.mem_bytes)?,
                        );
                    }
                }
            }
            match self.run(w, off, run_len) {
                Some(a) if !same_addr => pieces.push(Piece {
                    addr: a,
                    at,
                    len: run_len,
                }),
                _ if same_addr => {
                    // LSC-STORE-ELEM-OFFSET literal: each element at the lane's offsets, one
                    // piece each where the element's bytes are a whole run.
                    let whole = self.run(w, off, self.mem_bytes);
                    for v in 0..self.vect {
                        let from = at + v * self.mem_bytes;
                        match whole {
                            Some(a) => pieces.push(Piece {
                                addr: a,
                                at: from,
                                len: self.mem_bytes,
                            }),
                            None => push_segments(
                                &mut pieces,
                                w,
                                off,
                                self.addr_mask,
                                from,
                                self.mem_bytes,
                            ),
                        }
                    }
                }
                // Wrap-around or the surface's edge: a segment at a time, out-of-bounds
                // bytes dropped.
                _ => push_segments(&mut pieces, w, off, self.addr_mask, at, run_len),
            }
            at += run_len;
        }
        if pieces.is_empty() {
            // As the journal: no byte stored, no space created.
            return Ok(());
        }
        let m = space_mut(&mut state.mem, w.space)
            .ok_or_else(|| VisaError::model_bug("a memory space not created"))?;
        if self.lit_dstdata {
            // LSC-STORE-DSTDATA literal: the stored bytes have no defined value.
            for p in pieces.iter() {
                m.mark_undefined(p.addr, p.len);
            }
            return Ok(());
        }
        store_pieces(m, data, &pieces);
        Ok(())
    }
}

/// Where [`put_lane_widened`] puts a lane's data: datum v in the 4-byte element at
/// register byte `at + v * stride`, from byte `datum_at` of it; `keep`: the element's other
/// bytes keep their contents and become undefined (LSC-DATA-U32 literal), otherwise they
/// are zero.
struct Widen {
    at: usize,
    stride: usize,
    datum_at: usize,
    keep: bool,
}

/// The widened data of a lane (`M` bytes each) into their 4-byte register elements as
/// [`Widen`] says, their flags set in `flags` from register offset `r0` (`at - r0` is the
/// destination's first byte).
#[inline(always)]
fn put_lane_widened<const M: usize, F: Flags>(
    grf: &mut [u8],
    w: &Widen,
    r0: usize,
    bytes: &[u8],
    flags: &mut F,
) -> Result<()> {
    for (v, datum) in bytes.chunks_exact(M).enumerate() {
        let a = w.at + v * w.stride;
        let slot: &mut [u8; 4] = grf
            .get_mut(a..a + 4)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
        let mut word = if w.keep { *slot } else { [0; 4] };
        let place = word
            .get_mut(w.datum_at..w.datum_at + M)
            .ok_or_else(|| VisaError::model_bug("a widened datum past its element"))?;
        place.copy_from_slice(datum);
        *slot = word;
        if F::TRACK {
            let r = r0 + v * w.stride;
            flags.set(r, 4, w.keep);
            flags.set(r + w.datum_at, M, false);
        }
    }
    Ok(())
}

/// The `len` bytes of the window at offsets `off, off + 1, ...` reduced modulo the
/// address size (`mask`) as segments: `f(j, address, n)` for bytes `j..j + n` of the run,
/// `address` the flat address of byte `j` (the next ones follow it, wrapping at 2^64) or
/// `None` when the segment is past the surface's size. A segment ends where the offset
/// wraps around the address size or passes the surface's size; byte by byte, byte `j` is
/// at `w.address((off + j) & mask)`.
#[inline(always)]
fn for_segments(
    w: &Window,
    off: u64,
    mask: u64,
    len: usize,
    mut f: impl FnMut(usize, Option<u64>, usize),
) {
    let mut j = 0;
    while j < len {
        let o = off.wrapping_add(j as u64) & mask;
        // Offsets o..=mask follow each other without a wrap.
        let to_wrap = usize::try_from(mask - o).map_or(usize::MAX, |k| k.saturating_add(1));
        let mut n = (len - j).min(to_wrap);
        let address = match w.limit {
            // Every offset of the segment is past the surface's size.
            Some(size) if o >= size => None,
            Some(size) => {
                n = n.min(usize::try_from(size - o).unwrap_or(usize::MAX));
                Some(w.base.wrapping_add(o))
            }
            None => Some(w.base.wrapping_add(o)),
        };
        f(j, address, n);
        j += n;
    }
}

/// The `out.len()` bytes of the window at offsets `off, off + 1, ...` reduced modulo the
/// address size (`mask`), as `w.address` and `cursor` give them byte by byte (zero out of
/// bounds), read a segment at a time ([`for_segments`]).
#[inline(never)]
fn read_segments(w: &Window, off: u64, mask: u64, cursor: &mut PageCursor<'_>, out: &mut [u8]) {
    for_segments(w, off, mask, out.len(), |j, address, n| {
        if let Some(seg) = out.get_mut(j..j + n) {
            match address {
                Some(a) => cursor.read(a, seg),
                None => seg.fill(0),
            }
        }
    });
}

/// The pieces of a store of `len` data bytes from `at` at offsets `off, off + 1, ...`
/// reduced modulo the address size (`mask`), a segment at a time ([`for_segments`]):
/// bytes past the surface's size are dropped.
#[inline(never)]
fn push_segments<const N: usize>(
    pieces: &mut Small<Piece, N>,
    w: &Window,
    off: u64,
    mask: u64,
    at: usize,
    len: usize,
) {
    for_segments(w, off, mask, len, |j, address, n| {
        if let Some(a) = address {
            push_run(pieces, a, at + j, n);
        }
    });
}

/// Datum v of `bytes` (`N` bytes each) into register bytes `at + v * block..`.
#[inline(always)]
fn put_lane<const N: usize>(grf: &mut [u8], at: usize, block: usize, bytes: &[u8]) -> Result<()> {
    for (v, datum) in bytes.chunks_exact(N).enumerate() {
        let a = at + v * block;
        let slot = grf
            .get_mut(a..a + N)
            .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
        slot.copy_from_slice(datum);
    }
    Ok(())
}

/// Datum v of `run` (`N` bytes each) from register bytes `at + v * block..`: the inverse
/// of [`put_lane`].
#[inline(always)]
fn get_lane<const N: usize>(grf: &[u8], at: usize, block: usize, run: &mut [u8]) -> Result<()> {
    for (v, datum) in run.chunks_exact_mut(N).enumerate() {
        let a = at + v * block;
        let slot = grf
            .get(a..a + N)
            .ok_or_else(|| VisaError::model_bug("Src1Data lies outside the register file"))?;
        datum.copy_from_slice(slot);
    }
    Ok(())
}

/// Removes register bytes `at..at + len` from the undefined set.
fn define(undefined: &mut ByteSet, at: usize, len: usize) {
    if undefined.is_empty() {
        return;
    }
    undefined.remove_range(at..at + len);
}

/// One byte of the window at `off` (already reduced to the address size): its value and
/// whether memory holds it undefined; out-of-bounds bytes read zero.
fn byte_at(state: &MachineState, w: &Window, off: u64) -> (u8, bool) {
    match (w.address(off), state.mem.space(w.space)) {
        (Some(a), Some(m)) => {
            let mut one = [0u8];
            m.read(a, &mut one);
            (one[0], m.is_undefined(a))
        }
        _ => (0, false),
    }
}

fn le_word(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    u64::from_le_bytes(word)
}

/// IEEE minNum/maxNum of two F or DF values (LSC-ATOMIC-FLOAT): a NaN yields the other
/// operand, two NaNs the default NaN, -0 orders below +0.
fn float_min_max(a: u64, b: u64, fmt: Format, min: bool) -> u64 {
    let (fa, fb) = (
        f64::from_bits(to_f64_bits(a, fmt)),
        f64::from_bits(to_f64_bits(b, fmt)),
    );
    match (fa.is_nan(), fb.is_nan()) {
        (true, true) => fmt.default_nan(),
        (true, false) => b,
        (false, true) => a,
        _ => {
            let a_first = if fa == 0.0 && fb == 0.0 {
                // -0 below +0: a is the min when it is negative or b is positive.
                let (an, bn) = (fa.is_sign_negative(), fb.is_sign_negative());
                if min {
                    an || !bn
                } else {
                    !an || bn
                }
            } else if min {
                fa <= fb
            } else {
                fa >= fb
            };
            if a_first {
                a
            } else {
                b
            }
        }
    }
}

impl LscPlan {
    /// Writes one loaded datum into its register element (zero-extended; the widened bytes
    /// undefined under LSC-DATA-U32 literal).
    fn put_datum(
        &self,
        state: &mut MachineState,
        at: usize,
        datum: &[u8],
        undefined: &[bool],
    ) -> Result<()> {
        let slot = state
            .grf
            .get_mut(at..at + self.reg_bytes)
            .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
        if !self.lit_u32 {
            slot.fill(0);
        }
        slot[self.datum_at..self.datum_at + self.mem_bytes].copy_from_slice(datum);
        for k in 0..self.reg_bytes {
            let u = if k >= self.datum_at && k < self.datum_at + self.mem_bytes {
                undefined[k - self.datum_at]
            } else {
                self.lit_u32
            };
            if u {
                state.undefined.insert(at + k);
            } else {
                state.undefined.remove(&(at + k));
            }
        }
        Ok(())
    }

    fn pitch_value(&self, state: &MachineState, src: &SurfaceSrc) -> Result<i64> {
        Ok(match src {
            SurfaceSrc::Imm(bits) => i64::from(*bits as u32 as i32),
            SurfaceSrc::Reg(at) => {
                let b = self.grf(state, *at, 4)?;
                i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
        })
    }

    /// lsc_load_strided / lsc_store_strided: lane n's vector at
    /// `AddrScale*Src0AddrBase + AddrImmOffset + n*pitch` (LSC-STRIDED-ADDR,
    /// LSC-STORE-STRIDED-V).
    fn exec_strided(&self, state: &mut MachineState, w: &Window, en: u32) -> Result<()> {
        let Kind::Strided {
            pitch,
            lit_scale_base,
            lit_v,
            held,
        } = &self.kind
        else {
            return Err(VisaError::model_bug("a strided plan of another kind"));
        };
        let run_len = (self.vect * self.mem_bytes) as u64;
        let pitch = match (pitch, self.store && *lit_v) {
            (Some(p), _) => self.pitch_value(state, p)?,
            (None, false) => run_len as i64,
            (None, true) => {
                return Err(VisaError::new(
                    visa_model::ErrorClass::UndefinedBehaviour,
                    "STORE_STRIDED's default pitch reads `v` before it is defined (LSC-STORE-STRIDED-V literal)",
                ))
            }
        };
        let per_lane = self.store && *lit_v;
        let mut bases = Vec::with_capacity(self.exec_size);
        for n in 0..self.exec_size {
            let lane = if per_lane { n } else { 0 };
            if per_lane && en >> n & 1 == 0 {
                // The document reads Src0Addrs[n] only for an enabled lane.
                bases.push(0);
                continue;
            }
            if lane >= held.0 {
                return Err(VisaError::undefined(format!(
                    "lane {n} reads Src0Addrs[{n}], past the {} address(es) of `{}` (LSC-STORE-STRIDED-V literal)",
                    held.0, held.1
                ))
                .field("src0"));
            }
            bases.push(le_word(self.grf(
                state,
                self.addrs + lane * self.addr_bytes,
                self.addr_bytes,
            )?));
        }
        let extra = if *lit_scale_base && !self.store {
            self.scale.wrapping_sub(1).wrapping_mul(w.base)
        } else {
            0
        };
        let lane_off = |n: usize| {
            self.scale
                .wrapping_mul(bases[n])
                .wrapping_add(self.imm as u64)
                .wrapping_add((n as i64).wrapping_mul(pitch) as u64)
                .wrapping_add(extra)
        };
        let Some(data) = self.data else {
            return Ok(());
        };
        if let Some(kind) = self.noted(state) {
            for n in (0..self.exec_size).filter(|n| en >> n & 1 == 1) {
                let len = self.vect * self.mem_bytes;
                state
                    .mem
                    .note(self.lane(n), w, lane_off(n), len, self.addr_mask, kind);
            }
        }
        if self.store {
            let mut journal = StoreJournal::default();
            for n in 0..self.exec_size {
                if en >> n & 1 == 0 {
                    continue;
                }
                let off = lane_off(n);
                for v in 0..self.vect {
                    let at = data + self.reg_offsets[n * self.vect + v] + self.datum_at;
                    let bytes = self.grf(state, at, self.mem_bytes)?.to_vec();
                    for (j, b) in bytes.iter().enumerate() {
                        let o = off.wrapping_add((v * self.mem_bytes + j) as u64) & self.addr_mask;
                        journal.store(w, o, &[*b]);
                    }
                }
            }
            journal.commit(&mut state.mem);
            return Ok(());
        }
        let mut buf = vec![0u8; self.mem_bytes];
        let mut und = vec![false; self.mem_bytes];
        for n in 0..self.exec_size {
            if en >> n & 1 == 0 {
                continue;
            }
            let off = lane_off(n);
            for v in 0..self.vect {
                for j in 0..self.mem_bytes {
                    let o = off.wrapping_add((v * self.mem_bytes + j) as u64) & self.addr_mask;
                    (buf[j], und[j]) = byte_at(state, w, o);
                }
                let at = data + self.reg_offsets[n * self.vect + v];
                self.put_datum(state, at, &buf, &und)?;
            }
        }
        Ok(())
    }

    /// lsc_load_quad / lsc_store_quad: channel v of ChMask at `v*sizeof(DataSize)` after the
    /// lane's address, register block m for the m-th enabled channel.
    fn exec_quad(&self, state: &mut MachineState, w: &Window, en: u32, ch_mask: u8) -> Result<()> {
        let offsets = self.offsets(state, en)?;
        let Some(data) = self.data else {
            return Ok(());
        };
        if let Some(kind) = self.noted(state) {
            for (n, off) in offsets.iter().enumerate() {
                let Some(off) = off else { continue };
                for v in (0..4).filter(|v| ch_mask >> v & 1 == 1) {
                    let first = off.wrapping_add((v * self.mem_bytes) as u64);
                    state
                        .mem
                        .note(self.lane(n), w, first, self.mem_bytes, self.addr_mask, kind);
                }
            }
        }
        let mut journal = StoreJournal::default();
        let mut buf = vec![0u8; self.mem_bytes];
        let mut und = vec![false; self.mem_bytes];
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            for (m, v) in (0..4).filter(|v| ch_mask >> v & 1 == 1).enumerate() {
                let at = data + self.reg_offsets[n * self.vect + m];
                let first = off.wrapping_add((v * self.mem_bytes) as u64);
                if self.store {
                    let bytes = self
                        .grf(state, at + self.datum_at, self.mem_bytes)?
                        .to_vec();
                    for (j, b) in bytes.iter().enumerate() {
                        journal.store(w, first.wrapping_add(j as u64) & self.addr_mask, &[*b]);
                    }
                } else {
                    for j in 0..self.mem_bytes {
                        (buf[j], und[j]) =
                            byte_at(state, w, first.wrapping_add(j as u64) & self.addr_mask);
                    }
                    self.put_datum(state, at, &buf, &und)?;
                }
            }
        }
        if self.store {
            journal.commit(&mut state.mem);
        }
        Ok(())
    }

    /// The atomics: lanes in order, each a read-modify-write (LSC-ATOMIC-ORDER,
    /// LSC-ATOMIC-OPERANDS, LSC-ATOMIC-FLOAT).
    fn exec_atomic(
        &self,
        state: &mut MachineState,
        w: &Window,
        en: u32,
        op: AtomicOp,
        src1: Option<usize>,
        src2: Option<usize>,
    ) -> Result<()> {
        let offsets = self.offsets(state, en)?;
        let mb = self.mem_bytes;
        let mut count: std::collections::HashMap<u64, usize> = Default::default();
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            let address = w.base.wrapping_add(off);
            if address % mb as u64 != 0 {
                return Err(VisaError::new(
                    visa_model::ErrorClass::UndefinedBehaviour,
                    format!("lane {n}'s atomic address {address:#x} is not aligned to its {mb}-byte data"),
                ));
            }
            *count.entry(off).or_default() += 1;
        }
        let width = mb * 8;
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let sext = |x: u64| ((x << (64 - width)) as i64) >> (64 - width);
        let fmt = if mb == 8 { Format::DF } else { Format::F };
        let lit_cas = self.lit_cas;
        let mut undefined_after = Vec::new();
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = off else { continue };
            // The read and the write are one atomic access (docs/races.md).
            let lane = Some(n as u32);
            state
                .mem
                .note(lane, w, off, mb, self.addr_mask, AccessKind::Atomic);
            let mut raw = [0u8; 8];
            let mut und_old = false;
            for (j, r) in raw.iter_mut().enumerate().take(mb) {
                let (b, u) = byte_at(state, w, off.wrapping_add(j as u64) & self.addr_mask);
                *r = b;
                und_old |= u;
            }
            let old = u64::from_le_bytes(raw);
            let reg = |src: Option<usize>| -> Result<u64> {
                match src {
                    Some(s) => Ok(le_word(self.grf(state, s + self.reg_offsets[n], mb)?)),
                    None => Ok(0),
                }
            };
            let (s1, s2) = (reg(src1)?, reg(src2)?);
            let (cmp, new) = if lit_cas { (s2, s1) } else { (s1, s2) };
            let result = match op {
                AtomicOp::Load => None,
                AtomicOp::Store => Some(s1),
                AtomicOp::Iinc => Some(old.wrapping_add(1) & mask),
                AtomicOp::Idec => Some(old.wrapping_sub(1) & mask),
                AtomicOp::Iadd => Some(old.wrapping_add(s1) & mask),
                AtomicOp::Isub => Some(old.wrapping_sub(s1) & mask),
                AtomicOp::Smin => Some(if sext(s1) < sext(old) { s1 } else { old }),
                AtomicOp::Smax => Some(if sext(s1) > sext(old) { s1 } else { old }),
                AtomicOp::Umin => Some(old.min(s1)),
                AtomicOp::Umax => Some(old.max(s1)),
                AtomicOp::And => Some(old & s1),
                AtomicOp::Or => Some(old | s1),
                AtomicOp::Xor => Some(old ^ s1),
                AtomicOp::Icas => (old == cmp).then_some(new),
                AtomicOp::Fadd | AtomicOp::Fsub => {
                    let b = if op == AtomicOp::Fsub {
                        s1 ^ (1u64 << (width - 1))
                    } else {
                        s1
                    };
                    Some(softfloat::add(
                        to_f64_bits(old, fmt),
                        to_f64_bits(b, fmt),
                        fmt,
                        Rounding::NearestEven,
                    ))
                }
                AtomicOp::Fmin => Some(float_min_max(old, s1, fmt, true)),
                AtomicOp::Fmax => Some(float_min_max(old, s1, fmt, false)),
                AtomicOp::Fcas => {
                    let eq = f64::from_bits(to_f64_bits(old, fmt))
                        == f64::from_bits(to_f64_bits(cmp, fmt));
                    eq.then_some(new)
                }
            };
            if let Some(v) = result {
                let mut journal = StoreJournal::default();
                journal.store(w, off, &v.to_le_bytes()[..mb]);
                journal.commit(&mut state.mem);
            }
            let shared = count.get(&off).copied().unwrap_or(0) > 1;
            if shared && !op.commutes() {
                undefined_after.push(off);
            }
            if let Some(dst) = self.data {
                let u = und_old || (shared && op != AtomicOp::Load);
                self.put_datum(state, dst + self.reg_offsets[n], &raw[..mb], &[u; 8][..mb])?;
            }
        }
        for off in undefined_after {
            let mut journal = StoreJournal::default();
            journal.store_undefined(w, off, mb);
            journal.commit(&mut state.mem);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use visa_model::state::{SparseMemory, FLAT};

    /// `read_segments` and `push_segments` against the window read and stored byte by byte
    /// (each offset reduced modulo the address size, zero or dropped past the surface's
    /// size), over runs wrapping around a16, a32 and
    /// a64, crossing a page and the top of the 64-bit space, and crossing the surface's end.
    #[test]
    fn read_segments_is_byte_wise() {
        let mut m = SparseMemory::default();
        let fill: Vec<u8> = (0..0x3000u32).map(|k| (k * 7 + 1) as u8).collect();
        m.write(0, &fill);
        m.write(0xffff_f000, &fill[..0x1000]);
        m.write(u64::MAX - 0x7ff, &fill[..0x800]);
        m.write(0x1_0000_0000, &fill[..0x40]);
        let masks = [0xffffu64, 0xffff_ffff, u64::MAX];
        let windows = [
            (0u64, None),
            (0x100, Some(0x40u64)),
            (0xff0, Some(0x1f)),
            (u64::MAX - 0x20, None),
            (u64::MAX - 0x20, Some(0x30)),
            (0xffff_f000, Some(0x2000)),
        ];
        for mask in masks {
            for (base, limit) in windows {
                let w = Window {
                    space: FLAT,
                    base,
                    limit,
                    offset_mask: u64::MAX,
                };
                for off in [
                    0u64,
                    0x10,
                    0x3c,
                    0xffc,
                    0xfff0,
                    0xfffe,
                    0xffff_fffa,
                    u64::MAX - 3,
                ] {
                    let off = off & mask;
                    for len in [1usize, 3, 8, 64, 200] {
                        let mut want = vec![0u8; len];
                        for (j, x) in want.iter_mut().enumerate() {
                            let o = off.wrapping_add(j as u64) & mask;
                            if let Some(a) = w.address(o) {
                                let mut one = [0u8];
                                m.read(a, &mut one);
                                *x = one[0];
                            }
                        }
                        let mut got = vec![0xa5u8; len];
                        let mut cursor = PageCursor::new(Some(&m));
                        read_segments(&w, off, mask, &mut cursor, &mut got);
                        assert_eq!(got, want, "{mask:#x} {base:#x} {limit:?} {off:#x} {len}");
                        // The store's pieces, byte by byte: (address, data byte) of each
                        // byte in bounds, in order, from data byte 3.
                        let want_bytes: Vec<(u64, usize)> = (0..len)
                            .filter_map(|j| {
                                w.address(off.wrapping_add(j as u64) & mask)
                                    .map(|a| (a, 3 + j))
                            })
                            .collect();
                        let mut pieces: Small<Piece, 4> = Small::new();
                        push_segments(&mut pieces, &w, off, mask, 3, len);
                        let got_bytes: Vec<(u64, usize)> = pieces
                            .iter()
                            .flat_map(|p| {
                                assert!(p.addr.checked_add(p.len as u64 - 1).is_some());
                                (0..p.len).map(move |k| (p.addr + k as u64, p.at + k))
                            })
                            .collect();
                        assert_eq!(got_bytes, want_bytes, "{mask:#x} {base:#x} {off:#x} {len}");
                    }
                }
            }
        }
    }
}

//! The SVM instructions (instructions/SVM_*.md) as compiled plans: operand register offsets,
//! the channel layout of the 4-channel forms and the errata switches decided once. At run
//! time the enabled lanes' flat addresses are computed once (the address stream); block
//! loads and stores are one bulk copy of `16*num_owords` bytes, each gather block one bulk
//! page read; stores write straight into the page memory unless two lanes' byte ranges
//! overlap (or wrap around 2^64), where the memory model's store journal decides.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::svm::raw_byte_offset as svm_raw_byte_offset;
use visa_model::ir::svm::{AtomicOp, SvmCtrl};
use visa_model::ir::{Ctrl, Dst, Instruction, Payload, Program, Scalar};
use visa_model::state::{
    AccessKind, ByteSet, MachineState, SparseMemory, StoreJournal, Window, FLAT,
};
use visa_model::VisaError;

use super::flags::{set_flags, FlagMap, Flags, NoFlags};
use super::page::{copy_small, space_mut, PageCursor};
use super::small::{Bytes, Small};
use super::store::{push_run, store_pieces, Piece};
use crate::softfloat::{to_f64_bits, Format};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Copy, Debug)]
enum Kind {
    BlockLd {
        bytes: usize,
        align: u64,
    },
    BlockSt {
        bytes: usize,
        src: usize,
        /// Bytes of the block inside src's variable; the rest are undefined
        /// (SVM-BLOCK-ST-EXTENT).
        defined: usize,
    },
    Gather {
        bs: usize,
        nb: usize,
    },
    Scatter {
        bs: usize,
        nb: usize,
        src: usize,
    },
    Gather4 {
        ch_mask: u8,
        per_channel: usize,
    },
    Scatter4 {
        ch_mask: u8,
        per_channel: usize,
        src: usize,
    },
    Atomic {
        op: AtomicOp,
        width: u32,
    },
}

/// The scalar `Address`: an immediate, or the register byte of its UQ element.
#[derive(Clone, Copy, Debug)]
enum Address {
    Imm(u64),
    Reg(usize),
}

/// One SVM instruction, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct SvmPlan {
    pub(crate) pos: Pos,
    kind: Kind,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    /// The scalar `Address` of the block and 4-channel forms.
    address: Address,
    /// Register byte of `Addresses` (or `Element_offset`).
    addrs: usize,
    /// Register byte of the destination (loads, atomics; `None` for `%null`). A store's
    /// `Src` is in its [`Kind`].
    dst: Option<usize>,
    src0: Option<usize>,
    src1: Option<usize>,
    /// One past the last register byte of the destination variable.
    var_end: usize,
    lit_predec: bool,
}

pub(crate) fn is_svm(insn: &Instruction) -> bool {
    insn.opcode.is_svm()
}

/// The enabled lanes and their addresses, in lane order.
struct Lanes {
    lanes: [(usize, u64); 32],
    count: usize,
}

impl std::ops::Deref for Lanes {
    type Target = [(usize, u64)];
    fn deref(&self) -> &[(usize, u64)] {
        &self.lanes[..self.count]
    }
}

fn bug(m: &str) -> VisaError {
    VisaError::model_bug(m.to_string())
}

impl SvmPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<SvmPlan> {
        let Ctrl::Svm(c) = insn.ctrl else {
            return Err(bug("an SVM instruction without its fields"));
        };
        let grf = program.platform.grf_size();
        let place = |var, row, col, ty| -> Result<usize> {
            let base = program
                .vars
                .get(var)
                .grf_offset
                .ok_or_else(|| bug("an SVM operand has no register-file storage"))?;
            Ok(base + svm_raw_byte_offset(program.platform, row, col, ty))
        };
        let raw = |p: Payload| place(p.var, p.row, p.col, p.ty);
        let scalar = |s: Scalar| -> Result<Address> {
            Ok(match s {
                Scalar::Imm { bits, .. } => Address::Imm(bits),
                Scalar::Var { var, row, col, ty } => Address::Reg(place(var, row, col, ty)?),
            })
        };
        let (dst_at, var_end) = match insn.dst {
            Dst::General {
                var, row, col, ty, ..
            } => {
                let v = program.vars.get(var);
                (
                    Some(place(var, row, col, ty)?),
                    v.grf_offset.map_or(0, |s| s + v.byte_size()),
                )
            }
            _ => (None, 0),
        };
        let per_channel = (insn.exec_size as usize).max(grf / 4);
        // (kind, Address, Addresses or Element_offset, Src0, Src1).
        let (kind, address, addrs, src0, src1) = match c {
            SvmCtrl::BlockLd {
                num_owords,
                unaligned,
                address,
            } => (
                Kind::BlockLd {
                    bytes: 16 * num_owords as usize,
                    align: if unaligned { 4 } else { 16 },
                },
                scalar(address)?,
                0,
                None,
                None,
            ),
            SvmCtrl::BlockSt {
                num_owords,
                address,
                src,
            } => (
                {
                    let at = raw(src)?;
                    let v = program.vars.get(src.var);
                    let end = v.grf_offset.map_or(0, |b| b + v.byte_size());
                    let bytes = 16 * num_owords as usize;
                    Kind::BlockSt {
                        bytes,
                        src: at,
                        defined: end.saturating_sub(at).min(bytes),
                    }
                },
                scalar(address)?,
                0,
                None,
                None,
            ),
            SvmCtrl::Gather {
                block_size,
                num_blocks,
                addresses,
            } => (
                Kind::Gather {
                    bs: block_size as usize,
                    nb: num_blocks as usize,
                },
                Address::Imm(0),
                raw(addresses)?,
                None,
                None,
            ),
            SvmCtrl::Scatter {
                block_size,
                num_blocks,
                addresses,
                src,
            } => (
                Kind::Scatter {
                    bs: block_size as usize,
                    nb: num_blocks as usize,
                    src: raw(src)?,
                },
                Address::Imm(0),
                raw(addresses)?,
                None,
                None,
            ),
            SvmCtrl::Gather4Scaled {
                ch_mask,
                address,
                element_offset,
            } => (
                Kind::Gather4 {
                    ch_mask,
                    per_channel,
                },
                scalar(address)?,
                raw(element_offset)?,
                None,
                None,
            ),
            SvmCtrl::Scatter4Scaled {
                ch_mask,
                address,
                element_offset,
                src,
            } => (
                Kind::Scatter4 {
                    ch_mask,
                    per_channel,
                    src: raw(src)?,
                },
                scalar(address)?,
                raw(element_offset)?,
                None,
                None,
            ),
            SvmCtrl::Atomic {
                op,
                width,
                addresses,
                src0,
                src1,
            } => (
                Kind::Atomic { op, width },
                Address::Imm(0),
                raw(addresses)?,
                src0.map(raw).transpose()?,
                src1.map(raw).transpose()?,
            ),
        };
        Ok(SvmPlan {
            pos: insn.pos,
            kind,
            exec_size: insn.exec_size as usize,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            address,
            addrs,
            dst: dst_at,
            src0,
            src1,
            var_end,
            lit_predec: readings.is_literal(errata::SVM_ATOMIC_PREDEC),
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

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        match self.kind {
            Kind::BlockLd { bytes, align } => {
                let a = self.scalar(state)?;
                check_align(a, align)?;
                let dst = self.dst.ok_or_else(|| bug("SVM_BLOCK_LD without dst"))?;
                state.mem.note_at(None, FLAT, a, bytes, AccessKind::Read);
                let mut writes = Writes::default();
                read_into(state, a, bytes, dst, &mut writes);
                writes.apply(state)
            }
            Kind::BlockSt {
                bytes,
                src,
                defined,
            } => {
                let a = self.scalar(state)?;
                check_align(a, 16)?;
                state.mem.note_at(None, FLAT, a, bytes, AccessKind::Write);
                let data = grf(state, src, defined)?.to_vec();
                store_all(state, vec![(a, data)]);
                // The block's bytes past src's variable are stored undefined.
                let m = state.mem.space_mut(FLAT);
                for k in defined..bytes {
                    m.write_undefined(a.wrapping_add(k as u64), 0);
                }
                Ok(())
            }
            Kind::Gather { bs, nb } => self.gather(state, bs, nb),
            Kind::Scatter { bs, nb, src } => self.scatter(state, bs, nb, src),
            Kind::Gather4 {
                ch_mask,
                per_channel,
            } => self.gather4(state, ch_mask, per_channel),
            Kind::Scatter4 {
                ch_mask,
                per_channel,
                src,
            } => {
                let stream = self.channel_stream(state, ch_mask)?;
                note_stream(state, &stream, AccessKind::Write);
                let mut stores = Vec::with_capacity(stream.len());
                for (pos, i, a) in stream {
                    let at = src + (pos * per_channel + i) * 4;
                    stores.push((a, grf(state, at, 4)?.to_vec()));
                }
                store_all(state, stores);
                Ok(())
            }
            Kind::Atomic { op, width } => self.atomic(state, op, width),
        }
    }

    fn scalar(&self, state: &MachineState) -> Result<u64> {
        match self.address {
            Address::Imm(v) => Ok(v),
            Address::Reg(at) => le(grf(state, at, 8)?),
        }
    }

    /// The enabled lanes' addresses, each aligned to `align`.
    #[inline(always)]
    fn lanes(&self, state: &MachineState, align: u64) -> Result<Lanes> {
        let en = self.ch_en(state);
        let raw = grf(state, self.addrs, 8 * self.exec_size)?;
        let mut out = Lanes {
            lanes: [(0, 0); 32],
            count: 0,
        };
        // A power-of-two alignment is a mask test (no division per lane).
        let mask = align.is_power_of_two().then(|| align - 1);
        for (i, chunk) in raw.chunks_exact(8).enumerate().take(32) {
            if en >> i & 1 == 1 {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                let a = u64::from_le_bytes(w);
                if mask.is_none_or(|m| a & m != 0) {
                    check_align(a, align)?;
                }
                out.lanes[out.count] = (i, a);
                out.count += 1;
            }
        }
        Ok(out)
    }

    /// Notes the blocks of every lane of a gather or scatter (docs/races.md): `nb` bytes
    /// at the lane's address for one-byte blocks, otherwise `nb` blocks of `bs` bytes.
    fn note_blocks(
        state: &mut MachineState,
        lanes: &Lanes,
        bs: usize,
        nb: usize,
        kind: AccessKind,
    ) {
        if !state.mem.recording() {
            return;
        }
        for &(i, a) in lanes.iter() {
            let lane = Some(i as u32);
            if bs == 1 {
                state.mem.note_at(lane, FLAT, a, nb, kind);
            } else {
                for j in 0..nb {
                    let at = a.wrapping_add((j * bs) as u64);
                    state.mem.note_at(lane, FLAT, at, bs, kind);
                }
            }
        }
    }

    fn gather(&self, state: &mut MachineState, bs: usize, nb: usize) -> Result<()> {
        let lanes = self.lanes(state, bs as u64)?;
        Self::note_blocks(state, &lanes, bs, nb, AccessKind::Read);
        let dst = self.dst.ok_or_else(|| bug("SVM_GATHER without dst"))?;
        // The addresses are read: the destination is written in place.
        let MachineState {
            grf,
            mem,
            undefined,
            ..
        } = state;
        let flat = super::page::space(mem, FLAT);
        let stride = nb.max(4);
        let span = if bs == 1 {
            self.exec_size * stride
        } else {
            nb * self.exec_size * bs
        };
        // Register flags change only when some are set or the padding becomes undefined;
        // otherwise the set stays empty.
        let track = !undefined.is_empty() || (bs == 1 && stride > nb);
        if flat.is_none_or(|m| !m.has_undefined()) {
            // No byte of memory is undefined: the lanes' bytes are copies through a cached
            // page and their register flags are set once.
            if !track {
                return self.gather_defined(grf, flat, &lanes, dst, bs, nb, &mut NoFlags);
            }
            if let Some(mut flags) = FlagMap::new(dst, span) {
                self.gather_defined(grf, flat, &lanes, dst, bs, nb, &mut flags)?;
                flags.apply(undefined);
                return Ok(());
            }
        }
        if bs == 1 {
            for &(i, a) in lanes.iter() {
                // A lane's bytes are contiguous in memory and in the register.
                read_direct(grf, flat, undefined, a, nb, dst + i * stride)?;
                if stride > nb {
                    set_flags(undefined, dst + i * stride + nb, &[true; 4][..stride - nb]);
                }
            }
        } else {
            for &(i, a) in lanes.iter() {
                for j in 0..nb {
                    let at = dst + (j * self.exec_size + i) * bs;
                    read_direct(
                        grf,
                        flat,
                        undefined,
                        a.wrapping_add((j * bs) as u64),
                        bs,
                        at,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The reads of [`SvmPlan::gather`] from memory holding no undefined byte, the register
    /// flags noted in `flags`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn gather_defined<F: Flags>(
        &self,
        grf: &mut [u8],
        flat: Option<&SparseMemory>,
        lanes: &Lanes,
        dst: usize,
        bs: usize,
        nb: usize,
        flags: &mut F,
    ) -> Result<()> {
        let stride = nb.max(4);
        let mut cursor = PageCursor::new(flat);
        // The usual block sizes and counts as fixed-size reads (no copy of a variable
        // length per block).
        // gather_fixed::<W>(reads per lane, register stride of a lane, register stride of a
        // read): a lane's 1, 2 or 4 one-byte blocks as one W-byte read into its slot, wider
        // blocks one read each, block j of every lane in its own register block.
        macro_rules! fixed {
            ($w:literal, $count:expr, $pitch:expr, $blocks:expr) => {
                Some(gather_fixed::<$w, F>(
                    grf,
                    &mut cursor,
                    lanes,
                    dst,
                    $count,
                    $pitch,
                    $blocks,
                    flags,
                ))
            };
        }
        let fixed = match (bs, nb) {
            (1, 1) => fixed!(1, 1, stride, 1),
            (1, 2) => fixed!(2, 1, stride, 1),
            (1, 4) => fixed!(4, 1, stride, 1),
            (4, _) => fixed!(4, nb, 4, self.exec_size * 4),
            (8, _) => fixed!(8, nb, 8, self.exec_size * 8),
            _ => None,
        };
        if let Some(r) = fixed {
            r?;
            if bs == 1 && F::TRACK {
                for &(i, _) in lanes.iter() {
                    flags.set(i * stride + nb, stride - nb, true);
                }
            }
            return Ok(());
        }
        let mut read = |off: usize, a: u64, len: usize| -> Result<()> {
            let slot = grf
                .get_mut(dst + off..dst + off + len)
                .ok_or_else(|| bug("an SVM destination lies outside the register file"))?;
            cursor.read(a, slot);
            flags.set(off, len, false);
            Ok(())
        };
        if bs == 1 {
            for &(i, a) in lanes.iter() {
                read(i * stride, a, nb)?;
            }
            if F::TRACK {
                for &(i, _) in lanes.iter() {
                    flags.set(i * stride + nb, stride - nb, true);
                }
            }
        } else {
            for &(i, a) in lanes.iter() {
                for j in 0..nb {
                    let off = (j * self.exec_size + i) * bs;
                    read(off, a.wrapping_add((j * bs) as u64), bs)?;
                }
            }
        }
        Ok(())
    }

    fn scatter(&self, state: &mut MachineState, bs: usize, nb: usize, src: usize) -> Result<()> {
        let lanes = self.lanes(state, bs as u64)?;
        Self::note_blocks(state, &lanes, bs, nb, AccessKind::Write);
        // (address, register byte, length) of every block.
        let mut stores: Small<(u64, usize, usize), 64> = Small::new();
        if bs == 1 {
            let stride = nb.max(4);
            for &(i, a) in lanes.iter() {
                stores.push((a, src + i * stride, nb));
            }
        } else if nb == 1 {
            for &(i, a) in lanes.iter() {
                stores.push((a, src + i * bs, bs));
            }
        } else {
            // A lane's blocks are consecutive in memory: gathered from their register
            // blocks into one run each, stored in lane order as the blocks were.
            let run = nb * bs;
            let mut data: Bytes<1024> = Bytes::zeroed(lanes.len() * run);
            let data = data.as_mut_slice();
            let mut pieces: Small<Piece, 64> = Small::new();
            for (k, &(i, a)) in lanes.iter().enumerate() {
                let lane = &mut data[k * run..(k + 1) * run];
                for (j, block) in lane.chunks_exact_mut(bs).enumerate() {
                    copy_small(block, grf(state, src + (j * self.exec_size + i) * bs, bs)?);
                }
                push_run(&mut pieces, a, k * run, run);
            }
            if pieces.is_empty() {
                // As the journal: no byte stored, no space created.
                return Ok(());
            }
            let MachineState { mem, .. } = state;
            let m = space_mut(mem, FLAT).ok_or_else(|| bug("a memory space not created"))?;
            store_pieces(m, data, &pieces);
            return Ok(());
        }
        store_from_grf(state, &stores)
    }

    /// `(ch_pos, lane, address)` of every enabled channel and lane.
    fn channel_stream(
        &self,
        state: &MachineState,
        ch_mask: u8,
    ) -> Result<Vec<(usize, usize, u64)>> {
        let base = self.scalar(state)?;
        let en = self.ch_en(state);
        let raw = grf(state, self.addrs, 8 * self.exec_size)?;
        let mut offs = Vec::with_capacity(self.exec_size);
        for (i, chunk) in raw.chunks_exact(8).enumerate() {
            if en >> i & 1 == 1 {
                offs.push((i, base.wrapping_add(le(chunk)?)));
            }
        }
        let mut out = Vec::with_capacity(offs.len() * 4);
        let mut pos = 0;
        for c in 0..4u64 {
            if ch_mask >> c & 1 == 0 {
                continue;
            }
            for &(i, a) in &offs {
                let a = a.wrapping_add(4 * c);
                check_align(a, 4)?;
                out.push((pos, i, a));
            }
            pos += 1;
        }
        Ok(out)
    }

    fn gather4(&self, state: &mut MachineState, ch_mask: u8, per_channel: usize) -> Result<()> {
        let stream = self.channel_stream(state, ch_mask)?;
        let dst = self
            .dst
            .ok_or_else(|| bug("SVM_GATHER4_SCALED without dst"))?;
        note_stream(state, &stream, AccessKind::Read);
        let mut writes = Writes::default();
        for (pos, i, a) in stream {
            read_into(state, a, 4, dst + (pos * per_channel + i) * 4, &mut writes);
        }
        // The rest of each channel's register (exec size 8 on a 64-byte GRF) is undefined.
        let channels = ch_mask.count_ones() as usize;
        for pos in 0..channels {
            let from = dst + (pos * per_channel + self.exec_size) * 4;
            let to = (dst + (pos + 1) * per_channel * 4).min(self.var_end);
            for at in from..to {
                writes.undefined(state, at)?;
            }
        }
        writes.apply(state)
    }

    fn atomic(&self, state: &mut MachineState, op: AtomicOp, width: u32) -> Result<()> {
        let bytes = (width / 8) as usize;
        let reg = if width == 64 { 8 } else { 4 };
        let lanes = self.lanes(state, bytes as u64)?;
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let mut writes = Writes::default();
        for &(i, a) in lanes.iter() {
            // The read and the write are one atomic access (docs/races.md).
            let lane = Some(i as u32);
            state.mem.note_at(lane, FLAT, a, bytes, AccessKind::Atomic);
            let mut buf = [0u8; 8];
            let (undef, flags) = read_mem(state, a, &mut buf[..bytes]);
            let old = u64::from_le_bytes(buf);
            let operand = |at: Option<usize>| -> Result<u64> {
                match at {
                    Some(at) => Ok(le(grf(state, at + i * reg, reg)?)? & mask),
                    None => Ok(0),
                }
            };
            let (s0, s1) = (operand(self.src0)?, operand(self.src1)?);
            let new = apply_op(op, width, mask, old, s0, s1);
            if let Some(d) = self.dst {
                let ret = if op == AtomicOp::Predec && !self.lit_predec {
                    new
                } else {
                    old
                };
                let rb = ret.to_le_bytes();
                for (k, b) in rb.iter().enumerate().take(reg) {
                    let at = d + i * reg + k;
                    if k < bytes {
                        writes.push(at, *b, !flags.get(k).copied().unwrap_or(false));
                    } else {
                        writes.undefined(state, at)?;
                    }
                }
            }
            let nb = new.to_le_bytes();
            let m = state.mem.space_mut(FLAT);
            if undef {
                for (k, b) in nb[..bytes].iter().enumerate() {
                    m.write_undefined(a.wrapping_add(k as u64), *b);
                }
            } else {
                m.write(a, &nb[..bytes]);
            }
        }
        writes.apply(state)
    }
}

/// Notes the 4 bytes of every `(ch_pos, lane, address)` of a channel stream.
fn note_stream(state: &mut MachineState, stream: &[(usize, usize, u64)], kind: AccessKind) {
    if state.mem.recording() {
        for &(_, i, a) in stream {
            state.mem.note_at(Some(i as u32), FLAT, a, 4, kind);
        }
    }
}

pub(crate) fn apply_op(op: AtomicOp, width: u32, mask: u64, old: u64, s0: u64, s1: u64) -> u64 {
    let sign = |v: u64| -> i64 {
        let sh = 64 - width;
        ((v << sh) as i64) >> sh
    };
    let fmt = if width == 16 { Format::HF } else { Format::F };
    match op {
        AtomicOp::Add => old.wrapping_add(s0) & mask,
        AtomicOp::Sub => old.wrapping_sub(s0) & mask,
        AtomicOp::Inc => old.wrapping_add(1) & mask,
        AtomicOp::Dec | AtomicOp::Predec => old.wrapping_sub(1) & mask,
        AtomicOp::Min => old.min(s0),
        AtomicOp::Max => old.max(s0),
        AtomicOp::Xchg => s0,
        AtomicOp::Cmpxchg => {
            if old == s1 {
                s0
            } else {
                old
            }
        }
        AtomicOp::And => old & s0,
        AtomicOp::Or => old | s0,
        AtomicOp::Xor => old ^ s0,
        AtomicOp::Imin => {
            if sign(s0) < sign(old) {
                s0
            } else {
                old
            }
        }
        AtomicOp::Imax => {
            if sign(s0) > sign(old) {
                s0
            } else {
                old
            }
        }
        AtomicOp::Fmin => fminmax(old, s0, fmt, true),
        AtomicOp::Fmax => fminmax(old, s0, fmt, false),
        AtomicOp::Fcmpwr => {
            let (x, y) = (
                f64::from_bits(to_f64_bits(s0, fmt)),
                f64::from_bits(to_f64_bits(old, fmt)),
            );
            if x == y {
                s1
            } else {
                old
            }
        }
    }
}

/// minNum / maxNum with -0 below +0 (SVM-ATOMIC-FLOAT-MINMAX).
fn fminmax(old: u64, s0: u64, fmt: Format, min: bool) -> u64 {
    let (x, y) = (
        f64::from_bits(to_f64_bits(old, fmt)),
        f64::from_bits(to_f64_bits(s0, fmt)),
    );
    match (x.is_nan(), y.is_nan()) {
        (true, true) => fmt.default_nan(),
        (true, false) => s0,
        (false, true) => old,
        _ => {
            let (xk, yk) = (key(x), key(y));
            let old_wins = if min { xk <= yk } else { xk >= yk };
            if old_wins {
                old
            } else {
                s0
            }
        }
    }
}

/// A total order key for non-NaN doubles placing -0 below +0.
fn key(x: f64) -> (f64, i8) {
    if x == 0.0 {
        (0.0, if x.is_sign_negative() { -1 } else { 1 })
    } else {
        (x, 0)
    }
}

/// The reads of [`SvmPlan::gather_defined`] when each is `N` bytes: lane `i` reads `count`
/// runs of `N` bytes, run `j` at its address plus `j * N` into register bytes
/// `dst + i * lane_stride + j * run_stride..`, their flags noted (offsets from `dst`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn gather_fixed<const N: usize, F: Flags>(
    grf: &mut [u8],
    cursor: &mut PageCursor<'_>,
    lanes: &Lanes,
    dst: usize,
    count: usize,
    lane_stride: usize,
    run_stride: usize,
    flags: &mut F,
) -> Result<()> {
    for &(i, a) in lanes.iter() {
        for j in 0..count {
            let off = i * lane_stride + j * run_stride;
            let slot = grf
                .get_mut(dst + off..dst + off + N)
                .ok_or_else(|| bug("an SVM destination lies outside the register file"))?;
            let a = a.wrapping_add((j * N) as u64);
            match cursor.slice(a, N) {
                Some(b) => slot.copy_from_slice(b),
                None => cursor.read(a, slot),
            }
            flags.set(off, N, false);
        }
    }
    Ok(())
}

fn check_align(a: u64, align: u64) -> Result<()> {
    if a.is_multiple_of(align) {
        Ok(())
    } else {
        Err(VisaError::undefined(format!(
            "address {a:#x} is not aligned to {align} bytes (SVM-ADDRESS-ALIGNMENT)"
        ))
        .field("addresses"))
    }
}

fn grf(state: &MachineState, at: usize, len: usize) -> Result<&[u8]> {
    state
        .grf
        .get(at..at + len)
        .ok_or_else(|| bug("an SVM operand lies outside the register file"))
}

fn le(b: &[u8]) -> Result<u64> {
    let mut w = [0u8; 8];
    let n = b.len().min(8);
    w[..n].copy_from_slice(&b[..n]);
    Ok(u64::from_le_bytes(w))
}

/// Bulk read of flat memory; `(any byte undefined, per-byte flags when some are)`.
fn read_mem(state: &MachineState, a: u64, out: &mut [u8]) -> (bool, Vec<bool>) {
    let Some(m) = state.mem.space(FLAT) else {
        out.fill(0);
        return (false, Vec::new());
    };
    m.read(a, out);
    if !m.has_undefined() {
        return (false, Vec::new());
    }
    let flags: Vec<bool> = (0..out.len() as u64)
        .map(|k| m.is_undefined(a.wrapping_add(k)))
        .collect();
    (flags.iter().any(|f| *f), flags)
}

/// Reads `len` bytes at `a` straight into register bytes `at..at+len` (a bulk page copy),
/// keeping the register's undefined set in step with memory's.
fn read_direct(
    grf: &mut [u8],
    flat: Option<&SparseMemory>,
    undefined: &mut ByteSet,
    a: u64,
    len: usize,
    at: usize,
) -> Result<()> {
    let slot = grf
        .get_mut(at..at + len)
        .ok_or_else(|| bug("an SVM destination lies outside the register file"))?;
    match flat {
        Some(m) => {
            m.read(a, slot);
            let clean = len == 0
                || a.checked_add(len as u64 - 1)
                    .is_some_and(|last| !m.any_undefined(a, last));
            if !clean {
                for k in 0..len {
                    if m.is_undefined(a.wrapping_add(k as u64)) {
                        undefined.insert(at + k);
                    } else {
                        undefined.remove(&(at + k));
                    }
                }
                return Ok(());
            }
        }
        None => slot.fill(0),
    }
    undefined.remove_range(at..at + len);
    Ok(())
}

/// Reads `len` bytes at `a` into register byte `at` onwards.
fn read_into(state: &MachineState, a: u64, len: usize, at: usize, writes: &mut Writes) {
    let mut buf = vec![0u8; len];
    let (_, flags) = read_mem(state, a, &mut buf);
    for (k, b) in buf.into_iter().enumerate() {
        writes.push(at + k, b, !flags.get(k).copied().unwrap_or(false));
    }
}

/// Applies stores `(address, register byte, length)` from the register file under the
/// byte-conflict rule ([`store_pieces`]): bulk copies where no two ranges overlap.
fn store_from_grf(state: &mut MachineState, stores: &[(u64, usize, usize)]) -> Result<()> {
    let mut pieces: Small<Piece, 64> = Small::new();
    for &(a, at, len) in stores {
        grf(state, at, len)?;
        push_run(&mut pieces, a, at, len);
    }
    if pieces.is_empty() {
        // As the journal: no byte stored, no space created.
        return Ok(());
    }
    let MachineState { grf, mem, .. } = state;
    let m = space_mut(mem, FLAT).ok_or_else(|| bug("a memory space not created"))?;
    store_pieces(m, grf, &pieces);
    Ok(())
}

/// Applies stores `(address, bytes)`: straight into the pages when no two ranges overlap
/// or wrap, else through the store journal.
fn store_all(state: &mut MachineState, stores: Vec<(u64, Vec<u8>)>) {
    if stores.is_empty() {
        // As the journal: no byte stored, no space created.
        return;
    }
    let mut ranges: Vec<(u64, u64)> = Vec::with_capacity(stores.len());
    let mut simple = true;
    for (a, d) in &stores {
        match a.checked_add(d.len() as u64 - 1) {
            Some(last) => ranges.push((*a, last)),
            None => simple = false,
        }
    }
    if simple {
        ranges.sort_unstable();
        simple = ranges.windows(2).all(|w| w[0].1 < w[1].0);
    }
    if simple {
        let m = state.mem.space_mut(FLAT);
        for (a, d) in &stores {
            m.write(*a, d);
        }
        return;
    }
    let w = Window {
        space: FLAT,
        base: 0,
        limit: None,
        offset_mask: u64::MAX,
    };
    let mut journal = StoreJournal::default();
    for (a, d) in &stores {
        journal.store(&w, *a, d);
    }
    journal.commit(&mut state.mem);
}

/// Register writes applied when the instruction completes.
#[derive(Default)]
struct Writes(Vec<(usize, u8, bool)>);

impl Writes {
    fn push(&mut self, at: usize, v: u8, defined: bool) {
        self.0.push((at, v, defined));
    }
    fn undefined(&mut self, state: &MachineState, at: usize) -> Result<()> {
        let keep = grf(state, at, 1)?[0];
        self.0.push((at, keep, false));
        Ok(())
    }
    fn apply(self, state: &mut MachineState) -> Result<()> {
        for (at, v, defined) in self.0 {
            let slot = state
                .grf
                .get_mut(at)
                .ok_or_else(|| bug("an SVM destination lies outside the register file"))?;
            *slot = v;
            if defined {
                state.undefined.remove(&at);
            } else {
                state.undefined.insert(at);
            }
        }
        Ok(())
    }
}

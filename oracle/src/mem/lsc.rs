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

use visa_spec::asm::ast::PredCombine;
use visa_spec::errata::{self, Readings};
use visa_spec::error::Pos;
use visa_spec::ir::{Ctrl, Dst, Instruction, Opcode, Program, Src};
use visa_spec::lsc::{DataSize, Sfid};
use visa_spec::state::{AddrSize, AddrType, MachineState, StoreJournal, Window};
use visa_spec::VisaError;

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
    /// Lanes with an address: `exec_size`, or 1 when transposed.
    lanes: usize,
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
    lit_u32: bool,
    lit_dstdata: bool,
    lit_same_addr: bool,
}

fn grf_start(program: &Program, var: visa_spec::state::VarId) -> Result<usize> {
    program
        .vars
        .get(var)
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("an LSC operand has no register-file storage"))
}

/// Whether `insn` is compiled by [`LscPlan::compile`].
pub(crate) fn is_lsc(insn: &Instruction) -> bool {
    matches!(
        insn.opcode,
        Opcode::LscLoad | Opcode::LscStore | Opcode::LscStoreUncompressed
    )
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
        let store = insn.opcode != Opcode::LscLoad;
        let [surface, addrs, data] = insn.srcs.as_slice() else {
            return Err(VisaError::model_bug(
                "an LSC instruction without three sources",
            ));
        };
        let surface = match surface {
            Src::Imm { bits, .. } => SurfaceSrc::Imm(*bits),
            Src::General { var, .. } => SurfaceSrc::Reg(grf_start(program, *var)?),
            _ => return Err(VisaError::model_bug("an LSC surface of another kind")),
        };
        let Src::General { var: addr_var, .. } = addrs else {
            return Err(VisaError::model_bug("Src0Addrs is not a general operand"));
        };
        let data = match (store, &insn.dst, data) {
            (false, Dst::General { var, .. }, _) => Some(grf_start(program, *var)?),
            (false, _, _) => None,
            (true, _, Src::General { var, .. }) => Some(grf_start(program, *var)?),
            (true, _, _) => return Err(VisaError::model_bug("Src1Data is not a general operand")),
        };
        let exec_size = insn.exec_size as usize;
        let vect = c.data.vect_size as usize;
        let lanes = if c.data.transposed { 1 } else { exec_size };
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
            lanes,
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
            addrs: grf_start(program, *addr_var)?,
            addr_bytes: c.addr_size.bytes(),
            addr_mask: match c.addr_size {
                AddrSize::A64 => u64::MAX,
                other => (1u64 << other.bits()) - 1,
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
            reg_offsets,
            lit_u32: readings.is_literal(errata::LSC_DATA_U32),
            lit_dstdata: readings.is_literal(errata::LSC_STORE_DSTDATA),
            lit_same_addr: readings.is_literal(errata::LSC_STORE_ELEM_OFFSET),
        })
    }

    fn ch_en(&self, state: &MachineState) -> u32 {
        let full = if self.exec_size == 32 {
            u32::MAX
        } else {
            (1u32 << self.exec_size) - 1
        };
        let mut en = if self.no_mask {
            full
        } else {
            (state.emask >> self.mask_offset) & full
        };
        if let Some(p) = self.pred {
            let bits = state.preds.get(p.var).copied().unwrap_or(0);
            let mut pm = (bits >> self.mask_offset) & full;
            match p.combine {
                PredCombine::Any => pm = if pm != 0 { full } else { 0 },
                PredCombine::All => pm = if pm == full { full } else { 0 },
                PredCombine::None => {}
            }
            if p.invert {
                pm = !pm & full;
            }
            en &= pm;
        }
        en
    }

    fn grf<'s>(&self, state: &'s MachineState, at: usize, len: usize) -> Result<&'s [u8]> {
        state
            .grf
            .get(at..at + len)
            .ok_or_else(|| VisaError::model_bug("an LSC operand lies outside the register file"))
    }

    /// The offset of every enabled lane (the address stream), `None` for disabled lanes.
    fn offsets(&self, state: &MachineState, en: u32) -> Result<Vec<Option<u64>>> {
        let raw = self.grf(state, self.addrs, self.lanes * self.addr_bytes)?;
        Ok(raw
            .chunks_exact(self.addr_bytes)
            .enumerate()
            .map(|(n, b)| {
                (en >> n & 1 == 1).then(|| {
                    let mut word = [0u8; 8];
                    word[..b.len()].copy_from_slice(b);
                    let a = u64::from_le_bytes(word);
                    self.scale.wrapping_mul(a).wrapping_add(self.imm as u64) & self.addr_mask
                })
            })
            .collect())
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

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = self.ch_en(state);
        let w = self.window(state)?;
        let offsets = self.offsets(state, en)?;
        if self.store {
            self.store(state, &w, &offsets)
        } else {
            self.load(state, &w, &offsets)
        }
    }

    fn load(&self, state: &mut MachineState, w: &Window, offsets: &[Option<u64>]) -> Result<()> {
        let Some(dst) = self.data else {
            // A prefetch writes nothing.
            return Ok(());
        };
        let run_len = self.vect * self.mem_bytes;
        let mut buf = vec![0u8; run_len];
        let mut undefined = vec![false; run_len];
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = *off else { continue };
            let space = state.mem.space(w.space);
            let fast = self.run(w, off, run_len);
            match (fast, space) {
                (Some(a), Some(m)) if !m.any_undefined(a, a + (run_len as u64 - 1)) => {
                    m.read(a, &mut buf);
                    undefined.fill(false);
                }
                (Some(_), None) => {
                    buf.fill(0);
                    undefined.fill(false);
                }
                _ => {
                    for (j, (b, u)) in buf.iter_mut().zip(undefined.iter_mut()).enumerate() {
                        let o = off.wrapping_add(j as u64) & self.addr_mask;
                        *b = 0;
                        *u = false;
                        if let (Some(a), Some(m)) = (w.address(o), space) {
                            let mut one = [0u8];
                            m.read(a, &mut one);
                            *b = one[0];
                            *u = m.is_undefined(a);
                        }
                    }
                }
            }
            for v in 0..self.vect {
                let at = dst + self.reg_offsets[n * self.vect + v];
                let slot = state.grf.get_mut(at..at + self.reg_bytes).ok_or_else(|| {
                    VisaError::model_bug("DstData lies outside the register file")
                })?;
                let datum = &buf[v * self.mem_bytes..(v + 1) * self.mem_bytes];
                let widened = self.reg_bytes != self.mem_bytes;
                if widened && !self.lit_u32 {
                    slot.fill(0);
                }
                slot[self.datum_at..self.datum_at + self.mem_bytes].copy_from_slice(datum);
                let udatum = &undefined[v * self.mem_bytes..(v + 1) * self.mem_bytes];
                let any_u = udatum.iter().any(|u| *u);
                if !state.undefined.is_empty() || any_u || (widened && self.lit_u32) {
                    for k in 0..self.reg_bytes {
                        let in_datum = k >= self.datum_at && k < self.datum_at + self.mem_bytes;
                        let u = if in_datum {
                            udatum[k - self.datum_at]
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
        }
        Ok(())
    }

    fn store(&self, state: &mut MachineState, w: &Window, offsets: &[Option<u64>]) -> Result<()> {
        let Some(src) = self.data else {
            return Err(VisaError::model_bug("a store without Src1Data"));
        };
        let run_len = self.vect * self.mem_bytes;
        // The lanes' data, gathered from Src1Data into memory order.
        let mut runs: Vec<(u64, Vec<u8>)> = Vec::with_capacity(offsets.len());
        for (n, off) in offsets.iter().enumerate() {
            let Some(off) = *off else { continue };
            let mut data = Vec::with_capacity(run_len);
            for v in 0..self.vect {
                let at = src + self.reg_offsets[n * self.vect + v] + self.datum_at;
                data.extend_from_slice(self.grf(state, at, self.mem_bytes)?);
            }
            runs.push((off, data));
        }
        let literal = self.lit_dstdata || (self.lit_same_addr && self.vect > 1);
        let mut direct: Vec<(u64, &[u8])> = Vec::with_capacity(runs.len());
        let mut all_direct = !literal;
        if all_direct {
            for (off, data) in &runs {
                match self.run(w, *off, run_len) {
                    Some(a) => direct.push((a, data)),
                    None => {
                        all_direct = false;
                        break;
                    }
                }
            }
        }
        if all_direct {
            // Lanes that do not overlap store in any order.
            let mut sorted: Vec<(u64, u64)> = direct
                .iter()
                .map(|(a, d)| (*a, *a + d.len() as u64))
                .collect();
            sorted.sort_unstable();
            if sorted.windows(2).all(|p| p[0].1 <= p[1].0) {
                let m = state.mem.space_mut(w.space);
                for (a, d) in direct {
                    m.write(a, d);
                }
                return Ok(());
            }
        }
        let mut journal = StoreJournal::default();
        for (off, data) in &runs {
            for (j, b) in data.iter().enumerate() {
                // LSC-STORE-ELEM-OFFSET literal: every element at the lane's address.
                let j = if self.lit_same_addr {
                    j % self.mem_bytes
                } else {
                    j
                };
                let o = off.wrapping_add(j as u64) & self.addr_mask;
                if self.lit_dstdata {
                    journal.store_undefined(w, o, 1);
                } else {
                    journal.store(w, o, &[*b]);
                }
            }
        }
        journal.commit(&mut state.mem);
        Ok(())
    }
}

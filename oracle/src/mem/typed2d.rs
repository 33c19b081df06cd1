//! LSC_TYPED's block 2D forms (`lsc_load_block2d.tgm`, `lsc_store_block2d.tgm`;
//! instructions/LSC_TYPED.md) as compiled plans (docs/memory.md; LSC-TYPED-BLOCK2D,
//! LSC-TYPED-BLOCK2D-INDEX). Compiled once: the operands' register bytes, the block's
//! width, height and register pitch. At run time the surface state gives the pixel size and
//! bounds; each block row's in-bounds pixels are one contiguous run in memory and in the
//! registers (under both index readings), copied at once; the rest of the row's pixels are
//! zeros (load) or dropped (store).

use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::{Block2dCtrl, Dst, Instruction, Opcode, Program, Scalar};
use visa_model::state::{
    AccessKind, AddrType, MachineState, StoreJournal, SurfaceHeap, Window, FLAT,
};
use visa_model::{ErrorClass, VisaError};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Copy, Debug)]
enum Operand {
    Imm(u64),
    Reg(usize),
}

/// One typed block 2D load or store, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct Typed2dPlan {
    pub(crate) pos: Pos,
    store: bool,
    heap: SurfaceHeap,
    surface: Operand,
    x: Operand,
    y: Operand,
    width: usize,
    height: usize,
    reg_pitch: usize,
    /// DstData (load, `None`: prefetch) or Src1Data (store): start and bytes.
    data: Option<(usize, usize)>,
    /// LSC-TYPED-BLOCK2D-INDEX literal: the register index counts pixels.
    lit_index: bool,
}

fn ub(message: String) -> VisaError {
    VisaError::new(ErrorClass::UndefinedBehaviour, message)
}

fn reg_start(program: &Program, var: visa_model::state::VarId) -> Result<(usize, usize)> {
    let info = program.vars.get(var);
    let at = info
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("a block 2D operand has no register storage"))?;
    Ok((at, info.byte_size()))
}

impl Typed2dPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        c: &Block2dCtrl,
        surface: &Scalar,
        readings: &Readings,
    ) -> Result<Typed2dPlan> {
        let store = insn.opcode == Opcode::LscStoreBlock2d;
        let operand = |s: &Scalar| -> Result<Operand> {
            match *s {
                Scalar::Imm { bits, .. } => Ok(Operand::Imm(bits)),
                Scalar::Var { var, row, col, ty } => Ok(Operand::Reg(super::lsc::element_at(
                    program, var, row, col, ty,
                )?)),
            }
        };
        let data = match (store, &insn.dst, &c.operands.data) {
            (false, Dst::General { var, .. }, _) => Some(reg_start(program, *var)?),
            (false, _, _) => None,
            (true, _, Some(data)) => Some(reg_start(program, data.var)?),
            (true, _, None) => return Err(VisaError::model_bug("a store without Src1Data")),
        };
        let heap = match c.addr_type {
            AddrType::Bti => SurfaceHeap::BindingTable,
            AddrType::Bss => SurfaceHeap::Bindless,
            AddrType::Ss => SurfaceHeap::SurfaceState,
            _ => return Err(VisaError::model_bug("a typed access without a surface")),
        };
        let width = c.shape.width as usize;
        Ok(Typed2dPlan {
            pos: insn.pos,
            store,
            heap,
            surface: operand(surface)?,
            x: operand(&c.operands.x)?,
            y: operand(&c.operands.y)?,
            width,
            height: c.shape.height as usize,
            reg_pitch: width.max(4).next_power_of_two(),
            data,
            lit_index: readings.is_literal(errata::LSC_TYPED_BLOCK2D_INDEX),
        })
    }

    fn word(state: &MachineState, op: Operand) -> Result<u32> {
        match op {
            Operand::Imm(b) => Ok(b as u32),
            Operand::Reg(at) => {
                let b = state.grf.get(at..at + 4).ok_or_else(|| {
                    VisaError::model_bug("a block 2D operand lies outside the register file")
                })?;
                Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
        }
    }

    /// Register byte of pixel `v` of row `u`.
    fn reg_byte(&self, u: usize, v: usize, px: usize) -> usize {
        if self.lit_index {
            (u * self.reg_pitch + v) * px
        } else {
            u * self.reg_pitch + v * px
        }
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let index = u64::from(Self::word(state, self.surface)?);
        let s = state.mem.surface(self.heap, index).ok_or_else(|| {
            ub(format!(
                "no surface at index {index:#x} of the {} table (init.surfaces)",
                self.heap.name()
            ))
        })?;
        let px = s.pixel_size as usize;
        if px == 0 {
            return Err(ub(format!(
                "surface {index:#x} is not a typed surface (pixel_size 0)"
            )));
        }
        let (base, sw, sh, pitch) = (
            i128::from(s.base),
            i128::from(s.width),
            i128::from(s.height.max(1)),
            i128::from(s.pitch),
        );
        let Some((data, len)) = self.data else {
            return Ok(());
        };
        let x = i128::from(Self::word(state, self.x)? as i32);
        let y = i128::from(Self::word(state, self.y)? as i32);
        let nv = self.width / px;
        if nv > 0 && self.height > 0 && self.reg_byte(self.height - 1, nv - 1, px) + px > len {
            return Err(ub(format!(
                "the typed block 2D {} lies past its variable under the reading in force",
                if self.store { "Src1Data" } else { "DstData" }
            )));
        }
        // In-bounds pixels of a row: X + v*px >= 0 and X + (v+1)*px <= width.
        let pxi = px as i128;
        let v_lo = if x >= 0 {
            0
        } else {
            ((-x + pxi - 1) / pxi).min(nv as i128) as usize
        };
        let v_hi = if sw - x >= pxi {
            ((sw - x) / pxi).min(nv as i128) as usize
        } else {
            0
        };
        let run = |u: usize| -> Option<(u64, usize, usize)> {
            let row = y + u as i128;
            if row < 0 || row >= sh || v_lo >= v_hi {
                return None;
            }
            let a = base + row * pitch + x + (v_lo * px) as i128;
            Some((a as u64, v_lo, v_hi))
        };
        if state.mem.recording() {
            // The in-bounds pixels of each row (docs/races.md).
            let kind = if self.store {
                AccessKind::Write
            } else {
                AccessKind::Read
            };
            for u in 0..self.height {
                if let Some((a, lo, hi)) = run(u) {
                    state.mem.note_at(None, FLAT, a, (hi - lo) * px, kind);
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
            for u in 0..self.height {
                if let Some((a, lo, hi)) = run(u) {
                    let at = data + self.reg_byte(u, lo, px);
                    let n = (hi - lo) * px;
                    let bytes = state.grf.get(at..at + n).ok_or_else(|| {
                        VisaError::model_bug("Src1Data lies outside the register file")
                    })?;
                    journal.store(&w, a, bytes);
                }
            }
            journal.commit(&mut state.mem);
            return Ok(());
        }
        let span = (self.height * self.reg_pitch).min(len);
        for b in data..data + span {
            state.undefined.insert(b);
        }
        if nv == 0 {
            // No whole pixel a row: the loop writes nothing.
            return Ok(());
        }
        let space = state.mem.space(FLAT);
        let mut buf = vec![0u8; nv * px];
        let mut und = vec![false; nv * px];
        for u in 0..self.height {
            buf.fill(0);
            und.fill(false);
            if let (Some((a, lo, hi)), Some(space)) = (run(u), space) {
                let (from, to) = (lo * px, hi * px);
                space.read(a, &mut buf[from..to]);
                if space.has_undefined() {
                    for (k, f) in und[from..to].iter_mut().enumerate() {
                        *f = space.is_undefined(a.wrapping_add(k as u64));
                    }
                }
            }
            // The row's pixels are contiguous in the registers under both readings.
            let at = data + self.reg_byte(u, 0, px);
            let slot = state
                .grf
                .get_mut(at..at + nv * px)
                .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
            slot.copy_from_slice(&buf);
            for (k, f) in und.iter().enumerate() {
                if *f {
                    state.undefined.insert(at + k);
                } else {
                    state.undefined.remove(&(at + k));
                }
            }
        }
        Ok(())
    }
}

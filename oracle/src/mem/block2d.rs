//! `lsc_load_block2d` and `lsc_store_block2d` (instructions/LSC_UNTYPED.md) as compiled
//! plans. Compiled once: the register layout as a table from each register element to the
//! index of the tile element (row, column) it holds, or zero padding (the last writer of each
//! element in the document's loop order). At run time the columns of each tile row inside the
//! surface are read from memory in one copy (zero outside), then the table moves the
//! elements to registers with fixed-size copies.

use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::block2d::FlatSurface;
use visa_model::ir::{Block2dCtrl, Ctrl, Dst, Instruction, Opcode, Program, Scalar};
use visa_model::state::{AccessKind, MachineState, FLAT};
use visa_model::{ErrorClass, VisaError};

use super::page::space_mut;
use super::small::Small;
use super::store::{push_run, store_pieces, Piece};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Copy, Debug)]
enum Operand {
    Imm(u64),
    Reg(usize),
}

#[derive(Clone, Debug)]
pub(crate) struct Block2dPlan {
    pub(crate) pos: Pos,
    store: bool,
    /// Base, width-1, height-1, pitch(-1), X, Y.
    ops: [Operand; 6],
    x_off: i64,
    y_off: i64,
    elem: usize,
    /// DstData (load, `None`: prefetch) or Src1Data (store), and its variable's bytes.
    data: Option<(usize, usize)>,
    /// Load: register element -> tile element `row * cols + column`, or [`ZERO`] for zero
    /// padding.
    table: Vec<u32>,
    /// Tile rows and columns the table reads.
    rows: usize,
    cols: usize,
    /// Store: (register element, block row n, element v) in order.
    stores: Vec<(usize, usize, usize)>,
    lit_pitch: bool,
    lit_row_y: bool,
    lit_store: bool,
    /// BLOCK2D-STRADDLE literal: an element is inside when its first byte is.
    element_first: bool,
    /// BLOCK2D-LIMITS literal: any surface executes.
    lit_limits: bool,
}

/// A register element of the load table that holds zero padding.
const ZERO: u32 = u32::MAX;

/// The fields of a block 2D message (untyped or typed), `None` for another instruction.
pub(crate) fn block2d(insn: &Instruction) -> Option<&Block2dCtrl> {
    match (insn.opcode, &insn.ctrl) {
        (Opcode::LscLoadBlock2d | Opcode::LscStoreBlock2d, Ctrl::Block2d(c)) => Some(c.as_ref()),
        _ => None,
    }
}

fn reg_start(program: &Program, var: visa_model::state::VarId) -> Result<(usize, usize)> {
    let info = program.vars.get(var);
    let at = info
        .grf_offset
        .ok_or_else(|| VisaError::model_bug("a block 2D operand has no register storage"))?;
    Ok((at, info.byte_size()))
}

impl Block2dPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        c: &Block2dCtrl,
        surface: &FlatSurface,
        readings: &Readings,
    ) -> Result<Block2dPlan> {
        let store = insn.opcode == Opcode::LscStoreBlock2d;
        let operand = |s: &Scalar| -> Result<Operand> {
            match *s {
                Scalar::Imm { bits, .. } => Ok(Operand::Imm(bits)),
                // The element (row, col): a payload field for `flat[V+(X,Y)]`.
                Scalar::Var { var, row, col, ty } => Ok(Operand::Reg(
                    reg_start(program, var)?.0
                        + row as usize * program.platform.grf_size()
                        + col as usize * ty.size(),
                )),
            }
        };
        let ops = [
            operand(&surface.base)?,
            operand(&surface.width)?,
            operand(&surface.height)?,
            operand(&surface.pitch)?,
            operand(&c.operands.x)?,
            operand(&c.operands.y)?,
        ];
        let data = match (store, &insn.dst, &c.operands.data) {
            (false, Dst::General { var, .. }, _) => Some(reg_start(program, *var)?),
            (false, _, _) => None,
            (true, _, Some(data)) => Some(reg_start(program, data.var)?),
            (true, _, None) => return Err(VisaError::model_bug("a store without Src1Data")),
        };
        let (mut b, mut w, mut h) = (
            c.shape.blocks as usize,
            c.shape.width as usize,
            c.shape.height as usize,
        );
        if readings.is_literal(errata::BLOCK2D_TEXT_SWAP) {
            std::mem::swap(&mut w, &mut h);
        }
        if readings.is_literal(errata::BLOCK2D_MINUS_ONE) {
            b += 1;
            w += 1;
            h += 1;
        }
        let elem = c.shape.size.mem_bytes();
        let lit_store = readings.is_literal(errata::BLOCK2D_STORE_INDEX);
        let mut table: Vec<Option<(u32, u32)>> = Vec::new();
        let mut stores = Vec::new();
        let (mut rows, mut cols) = (0usize, 0usize);
        if store {
            for n in 0..h {
                for v in 0..w {
                    let index = if lit_store {
                        v * h.next_power_of_two() + n
                    } else {
                        n * w.next_power_of_two() + v
                    };
                    stores.push((index, n, v));
                }
            }
        } else {
            // The register image, element by element, in the loop's write order.
            let tr = c.shape.transpose;
            let vnni = c.shape.vnni;
            let per_dword = (4 / elem).max(1);
            let per_reg = program.platform.grf_size() / elem;
            let row_pitch = (if tr { h } else { w }).next_power_of_two();
            let block_size = row_pitch * if tr { w } else { h };
            let block_pitch = block_size.div_ceil(per_reg) * per_reg;
            let mut set = |at: usize, v: Option<(usize, usize)>| {
                if table.len() <= at {
                    table.resize(at + 1, None);
                }
                table[at] = v.map(|(y, x)| (y as u32, x as u32));
                if let Some((y, x)) = v {
                    rows = rows.max(y + 1);
                    cols = cols.max(x + 1);
                }
            };
            for blk in 0..b {
                let base = blk * block_pitch;
                let col = |x: usize| blk * w + x;
                match (tr, vnni) {
                    (false, false) => {
                        for y in 0..h {
                            for x in 0..w {
                                set(base + y * row_pitch + x, Some((y, col(x))));
                            }
                            for z in w..row_pitch {
                                set(base + y * row_pitch + z, None);
                            }
                        }
                    }
                    (false, true) => {
                        for y in (0..h).step_by(per_dword) {
                            for x in 0..w {
                                for i in 0..per_dword {
                                    set(
                                        base + y * row_pitch + x * per_dword + i,
                                        Some((y + i, col(x))),
                                    );
                                }
                            }
                            for z in 0..per_dword * (row_pitch - w) {
                                set(base + y * row_pitch + w * per_dword + z, None);
                            }
                        }
                    }
                    (true, false) => {
                        for x in 0..w {
                            for i in 0..h {
                                set(base + x * row_pitch + i, Some((i, col(x))));
                            }
                            for z in h..row_pitch {
                                set(base + x * row_pitch + z, None);
                            }
                        }
                    }
                    (true, true) => {
                        for x in (0..w).step_by(per_dword) {
                            for y in 0..h {
                                for i in 0..per_dword {
                                    set(
                                        base + x * row_pitch + y * per_dword + i,
                                        Some((y, col(x + i))),
                                    );
                                }
                            }
                            for z in 0..per_dword * (row_pitch - h) {
                                set(base + x * row_pitch + h * per_dword + z, None);
                            }
                        }
                    }
                }
                for z in block_size..block_pitch {
                    set(base + z, None);
                }
            }
        }
        // The (row, column) of each register element as the index of its tile element.
        let table = table
            .into_iter()
            .map(|e| e.map_or(ZERO, |(y, x)| y * cols as u32 + x))
            .collect();
        Ok(Block2dPlan {
            pos: insn.pos,
            store,
            ops,
            x_off: i64::from(c.x_offset),
            y_off: i64::from(c.y_offset),
            elem,
            data,
            table,
            rows,
            cols,
            stores,
            lit_pitch: readings.is_literal(errata::BLOCK2D_SURFACE_MINUS_ONE),
            lit_row_y: readings.is_literal(errata::BLOCK2D_ROW_Y),
            lit_store,
            element_first: readings.is_literal(errata::BLOCK2D_STRADDLE),
            lit_limits: readings.is_literal(errata::BLOCK2D_LIMITS),
        })
    }

    fn value(&self, state: &MachineState, k: usize) -> Result<i128> {
        let raw = match self.ops[k] {
            Operand::Imm(bits) => bits,
            Operand::Reg(at) => {
                let n = if k == 0 { 8 } else { 4 };
                let b = state.grf.get(at..at + n).ok_or_else(|| {
                    VisaError::model_bug("an operand lies outside the register file")
                })?;
                let mut w = [0u8; 8];
                w[..n].copy_from_slice(b);
                u64::from_le_bytes(w)
            }
        };
        Ok(match k {
            0 => i128::from(raw),
            1..=3 => i128::from(raw as u32),
            _ => i128::from(raw as u32 as i32),
        })
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let base = self.value(state, 0)?;
        let width = self.value(state, 1)? + 1;
        let height = self.value(state, 2)? + 1;
        let pitch = self.value(state, 3)? + i128::from(!self.lit_pitch);
        let x0 = self.value(state, 4)? + i128::from(self.x_off);
        let y0 = self.value(state, 5)? + i128::from(self.y_off);
        let elem = self.elem as i128;
        if !self.lit_limits {
            visa_model::ir::block2d::block2d_surface_limits(base, width, height, pitch, elem)
                .map_err(|why| {
                    VisaError::new(
                        ErrorClass::UndefinedBehaviour,
                        format!("block 2D surface: {why} (BLOCK2D-LIMITS)"),
                    )
                })?;
        }
        // The columns of a row inside the width: `column * elem + last < width`, `last` the
        // element's last byte (its first under BLOCK2D-STRADDLE's literal reading).
        let last = if self.element_first { 0 } else { elem - 1 };
        let row_of = |y: usize| {
            if self.lit_row_y {
                y as i128
            } else {
                y0 + y as i128
            }
        };
        // The surface address of (row, column), None outside the surface.
        let address = |row: i128, column: i128| -> Option<u64> {
            (row >= 0 && row < height && column >= 0 && column * elem + last < width)
                .then(|| (base + row * pitch + column * elem) as u64)
        };
        let Some((data, data_len)) = self.data else {
            return Ok(());
        };
        if self.store {
            // The stored elements as pieces of the store engine (`mem::store`), adjacent
            // ones merged into runs: the same bytes as the document's loop stores one by
            // one, a byte stored twice with two values left undefined.
            let mut pieces: Small<Piece, 64> = Small::new();
            let mut run: Option<Piece> = None;
            for &(index, n, v) in &self.stores {
                if (index + 1) * self.elem > data_len {
                    return Err(VisaError::new(
                        ErrorClass::UndefinedBehaviour,
                        "the block 2D Src1Data lies past its variable under the reading in force",
                    ));
                }
                let at = index * self.elem;
                if state.grf.len() < data + at + self.elem {
                    return Err(VisaError::model_bug(
                        "Src1Data lies outside the register file",
                    ));
                }
                let a = if self.lit_store {
                    Some((base + y0 + n as i128 * pitch + x0 + (v * self.elem) as i128) as u64)
                } else {
                    address(row_of(n), x0 + v as i128)
                };
                let Some(a) = a else { continue };
                state
                    .mem
                    .note_at(None, FLAT, a, self.elem, AccessKind::Write);
                run = match run {
                    Some(r)
                        if r.at + r.len == at
                            && r.addr.checked_add(r.len as u64) == Some(a)
                            && a.checked_add(self.elem as u64 - 1).is_some() =>
                    {
                        Some(Piece {
                            len: r.len + self.elem,
                            ..r
                        })
                    }
                    Some(r) => {
                        push_run(&mut pieces, r.addr, r.at, r.len);
                        Some(Piece {
                            addr: a,
                            at,
                            len: self.elem,
                        })
                    }
                    None => Some(Piece {
                        addr: a,
                        at,
                        len: self.elem,
                    }),
                };
            }
            if let Some(r) = run {
                push_run(&mut pieces, r.addr, r.at, r.len);
            }
            if pieces.is_empty() {
                // No byte stored, no space created.
                return Ok(());
            }
            let bytes = state
                .grf
                .get(data..data + data_len.min(state.grf.len().saturating_sub(data)))
                .ok_or_else(|| VisaError::model_bug("Src1Data lies outside the register file"))?;
            let m = space_mut(&mut state.mem, FLAT)
                .ok_or_else(|| VisaError::model_bug("a memory space not created"))?;
            store_pieces(m, bytes, &pieces);
            return Ok(());
        }
        if self.table.len() * self.elem > data_len {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                "the block 2D DstData lies past its variable under the reading in force",
            ));
        }
        // The tile: rows x cols elements, one copy per row where it is inside the surface.
        let row_bytes = self.cols * self.elem;
        let mut tile = vec![0u8; self.rows * row_bytes];
        let mut undefined: Vec<bool> = Vec::new();
        if state.mem.recording() {
            // The tile's rows inside the surface (docs/races.md).
            for y in 0..self.rows {
                let row = row_of(y);
                for c in 0..self.cols {
                    if let Some(a) = address(row, x0 + c as i128) {
                        state
                            .mem
                            .note_at(None, FLAT, a, self.elem, AccessKind::Read);
                    }
                }
            }
        }
        if let Some(m) = state.mem.space(FLAT) {
            let elem = self.elem as i128;
            // The tile columns inside the surface: `0 <= x0 + c` and `(x0 + c) * elem + last <
            // width`, the same in every row.
            let lo = (-x0).clamp(0, self.cols as i128) as usize;
            let inside = if width > last {
                (width - last + elem - 1) / elem
            } else {
                0
            };
            let hi = (inside - x0).clamp(0, self.cols as i128) as usize;
            for y in 0..self.rows {
                let row = row_of(y);
                if lo >= hi || row < 0 || row >= height {
                    continue;
                }
                // One read of the row's inside columns: their addresses are consecutive
                // (modulo 2^64, as the reads wrap).
                let Some(out) =
                    tile.get_mut(y * row_bytes + lo * self.elem..y * row_bytes + hi * self.elem)
                else {
                    return Err(VisaError::model_bug("a block 2D tile row out of range"));
                };
                let a = (base + row * pitch + (x0 + lo as i128) * elem) as u64;
                m.read(a, out);
                if m.has_undefined() {
                    for c in lo..hi {
                        let ea = a.wrapping_add(((c - lo) * self.elem) as u64);
                        let last = ea.wrapping_add(self.elem as u64 - 1);
                        let any = if last >= ea {
                            m.any_undefined(ea, last)
                        } else {
                            // The element wraps around 2^64.
                            m.any_undefined(ea, u64::MAX) || m.any_undefined(0, last)
                        };
                        if any {
                            if undefined.is_empty() {
                                undefined = vec![false; self.rows * self.cols];
                            }
                            undefined[y * self.cols + c] = true;
                        }
                    }
                }
            }
        }
        let dst = state
            .grf
            .get_mut(data..data + self.table.len() * self.elem)
            .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
        match self.elem {
            1 => gather::<1>(dst, &tile, &self.table),
            2 => gather::<2>(dst, &tile, &self.table),
            4 => gather::<4>(dst, &tile, &self.table),
            8 => gather::<8>(dst, &tile, &self.table),
            _ => return Err(VisaError::model_bug("a block 2D element of another size")),
        }
        if !state.undefined.is_empty() || !undefined.is_empty() {
            for (e, &src) in self.table.iter().enumerate() {
                let u = src != ZERO && undefined.get(src as usize).copied().unwrap_or(false);
                for k in 0..self.elem {
                    let byte = data + e * self.elem + k;
                    if u {
                        state.undefined.insert(byte);
                    } else {
                        state.undefined.remove(&byte);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Register element `e` (`N` bytes at `e * N` of `dst`) gets tile element `table[e]`, or zero
/// for [`ZERO`]: fixed-size copies.
fn gather<const N: usize>(dst: &mut [u8], tile: &[u8], table: &[u32]) {
    for (out, &src) in dst.chunks_exact_mut(N).zip(table) {
        let t = src as usize * N;
        match tile.get(t..t + N) {
            Some(b) if src != ZERO => out.copy_from_slice(b),
            _ => out.fill(0),
        }
    }
}

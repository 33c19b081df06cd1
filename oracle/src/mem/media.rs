//! The media block messages (instructions/MEDIA_LD.md, MEDIA_ST.md) as compiled plans: the
//! register bytes of the offsets and the data, the block's shape, its register pitch and
//! the readings decided once. At run time the surface variable's binding-table entry gives
//! the 2D surface and its pixel size; each of the block's rows is one run of bytes.
//!
//! A load row inside the surface is one copy; a row that leaves it takes each byte from the
//! nearest edge pixel (the row clamped to the field's rows, the pixel to the row's whole
//! pixels, the byte within the pixel kept: MEDIA-OUT-OF-BOUNDS; literal: undefined
//! behaviour, the offsets unsigned). A store row keeps its bytes inside the surface, one
//! run, and drops the others. `top` and `bottom` address rows `2y` and `2y+1`
//! (MEDIA-FIELD-ROWS; literal: every row). The bytes move as they are: no conversion.

use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::media::MediaModifier;
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Program, Scalar};
use visa_model::state::{AccessKind, MachineState, Surface, SurfaceHeap, FLAT};
use visa_model::{ErrorClass, VisaError};

use super::small::Small;
use super::store::{push_run, store_pieces, Piece};

type Result<T> = std::result::Result<T, VisaError>;

fn bug(m: &str) -> VisaError {
    VisaError::model_bug(m.to_string())
}

fn undefined(m: String) -> VisaError {
    VisaError::new(ErrorClass::UndefinedBehaviour, m)
}

/// X_offset or Y_offset: an immediate, or the register byte of a UD element.
#[derive(Clone, Copy, Debug)]
enum Offset {
    Imm(u32),
    Reg(usize),
}

/// One media block message, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct MediaPlan {
    pub(crate) pos: Pos,
    store: bool,
    /// The register-file element holding the binding-table index.
    bti_slot: usize,
    plane: u8,
    width: usize,
    height: usize,
    pitch: usize,
    x: Offset,
    y: Offset,
    /// Register byte of Dst (load) or Src (store).
    data: usize,
    /// The rows the block addresses (`None`: every row; MEDIA-FIELD-ROWS).
    field: MediaModifier,
    /// MEDIA-OUT-OF-BOUNDS literal: unsigned offsets, a load leaving the surface undefined.
    strict_bounds: bool,
}

pub(crate) fn is_media(insn: &Instruction) -> bool {
    matches!(insn.ctrl, Ctrl::Media(_))
}

impl MediaPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<MediaPlan> {
        let Ctrl::Media(c) = insn.ctrl else {
            return Err(bug("a media block message without its fields"));
        };
        let grf = program.platform.grf_size();
        let place = |var: visa_model::state::VarId, row: u32, col: u32, size: usize| {
            program
                .vars
                .get(var)
                .grf_offset
                .map(|base| base + row as usize * grf + col as usize * size)
                .ok_or_else(|| bug("a media block operand has no register-file storage"))
        };
        let offset = |s: Scalar| -> Result<Offset> {
            Ok(match s {
                Scalar::Imm { bits, .. } => Offset::Imm(bits as u32),
                Scalar::Var { var, row, col, ty } => Offset::Reg(place(var, row, col, ty.size())?),
            })
        };
        let store = insn.opcode == Opcode::MediaSt;
        let data = match (c.src, &insn.dst) {
            (Some(p), _) => place(p.var, p.row, p.col, p.ty.size())?,
            (
                None,
                &Dst::General {
                    var, row, col, ty, ..
                },
            ) => place(var, row, col, ty.size())?,
            (None, _) => return Err(bug("MEDIA_LD without a destination")),
        };
        let bti_slot = program
            .vars
            .get(c.surface)
            .slot
            .ok_or_else(|| bug("a surface variable without elements"))?;
        let field = if readings.is_literal(errata::MEDIA_FIELD_ROWS) {
            MediaModifier::None
        } else {
            c.modifier
        };
        Ok(MediaPlan {
            pos: insn.pos,
            store,
            bti_slot,
            plane: c.plane,
            width: usize::from(c.block_width),
            height: usize::from(c.block_height),
            pitch: usize::from(c.block_width).max(4).next_power_of_two(),
            x: offset(c.x_offset)?,
            y: offset(c.y_offset)?,
            data,
            field,
            strict_bounds: readings.is_literal(errata::MEDIA_OUT_OF_BOUNDS),
        })
    }

    fn value(&self, state: &MachineState, o: Offset) -> Result<i64> {
        let v = match o {
            Offset::Imm(v) => v,
            Offset::Reg(at) => {
                let b = state
                    .grf
                    .get(at..at + 4)
                    .ok_or_else(|| bug("a media block offset lies outside the register file"))?;
                u32::from_le_bytes([b[0], b[1], b[2], b[3]])
            }
        };
        Ok(if self.strict_bounds {
            i64::from(v)
        } else {
            i64::from(v as i32)
        })
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let bti = *state
            .handles
            .get(self.bti_slot)
            .ok_or_else(|| bug("a surface variable outside the state"))?;
        let Some(s) = state.mem.surface(SurfaceHeap::BindingTable, u64::from(bti)) else {
            return Err(undefined(format!(
                "no surface at index {bti:#x} of the bt table (init.surfaces)"
            )));
        };
        let Some(format) = s.format else {
            return Err(undefined(format!(
                "surface {bti:#x} of the bt table has no format: a media block message needs a 2D surface"
            )));
        };
        if self.plane != 0 {
            return Err(undefined(format!(
                "plane {} of a {format} surface, which has no planes",
                self.plane
            )));
        }
        let s = s.clone();
        let x = self.value(state, self.x)?;
        let y = self.value(state, self.y)?;
        let bpp = i64::from(format.pixel_bytes());
        let end = self.data + (self.height - 1) * self.pitch + self.width;
        if state.grf.len() < end {
            return Err(bug("a media block operand lies outside the register file"));
        }
        if self.store {
            self.store(state, &s, bpp, x, y)
        } else {
            self.load(state, &s, bpp, x, y)
        }
    }

    /// The flat address of field row `row` (inside the field).
    fn row_base(&self, s: &Surface, row: i64) -> u64 {
        let r = match self.field {
            MediaModifier::None => row,
            MediaModifier::TopField => 2 * row,
            MediaModifier::BottomField => 2 * row + 1,
        } as u64;
        s.base.wrapping_add(r.wrapping_mul(u64::from(s.pitch)))
    }

    fn field_rows(&self, s: &Surface) -> i64 {
        let h = i64::from(s.height.max(1));
        match self.field {
            MediaModifier::None => h,
            MediaModifier::TopField => (h + 1) / 2,
            MediaModifier::BottomField => h / 2,
        }
    }

    fn load(&self, state: &mut MachineState, s: &Surface, bpp: i64, x: i64, y: i64) -> Result<()> {
        let row_bytes = i64::from(s.width) / bpp * bpp;
        let rows = self.field_rows(s);
        let w = self.width as i64;
        let inside = x >= 0 && x + w <= row_bytes && y >= 0 && y + self.height as i64 <= rows;
        if !inside && self.strict_bounds {
            return Err(undefined(format!(
                "MEDIA_LD's {}x{} block at ({x}, row {y}) leaves the {}x{}-byte surface (MEDIA-OUT-OF-BOUNDS, literal)",
                self.width, self.height, s.width, s.height
            )));
        }
        if row_bytes == 0 || rows == 0 {
            return Err(undefined(
                "MEDIA_LD on a surface with no pixel in the block's field (MEDIA-OUT-OF-BOUNDS)"
                    .to_string(),
            ));
        }
        let recording = state.mem.recording();
        let mut row_buf = [0u8; 64];
        let mut row_undef = [false; 64];
        for i in 0..self.height {
            let row = (y + i as i64).clamp(0, rows - 1);
            let base = self.row_base(s, row);
            let bytes = &mut row_buf[..self.width];
            let flags = &mut row_undef[..self.width];
            if x >= 0 && x + w <= row_bytes {
                // The whole row inside: one run.
                let a = base.wrapping_add(x as u64);
                read_run(state, a, bytes, flags);
                if recording {
                    state
                        .mem
                        .note_at(None, FLAT, a, self.width, AccessKind::Read);
                }
            } else {
                let pixels = row_bytes / bpp;
                for j in 0..self.width {
                    let xj = x + j as i64;
                    let px = xj.div_euclid(bpp).clamp(0, pixels - 1);
                    let a = base.wrapping_add((px * bpp + xj.rem_euclid(bpp)) as u64);
                    read_run(
                        state,
                        a,
                        std::slice::from_mut(&mut bytes[j]),
                        std::slice::from_mut(&mut flags[j]),
                    );
                    if recording {
                        state.mem.note_at(None, FLAT, a, 1, AccessKind::Read);
                    }
                }
            }
            let at = self.data + i * self.pitch;
            state.grf[at..at + self.width].copy_from_slice(bytes);
            for (k, &u) in flags.iter().enumerate() {
                if u {
                    state.undefined.insert_range(at + k..at + k + 1);
                } else {
                    state.undefined.remove_range(at + k..at + k + 1);
                }
            }
        }
        Ok(())
    }

    fn store(&self, state: &mut MachineState, s: &Surface, bpp: i64, x: i64, y: i64) -> Result<()> {
        if x.rem_euclid(4) != 0 {
            return Err(undefined(format!(
                "MEDIA_ST's X offset {x} is not dword-aligned"
            )));
        }
        let row_bytes = i64::from(s.width) / bpp * bpp;
        let rows = self.field_rows(s);
        // The block's bytes inside the surface: the same columns in every row.
        let first = x.max(0);
        let last = (x + self.width as i64).min(row_bytes);
        if first >= last {
            return Ok(());
        }
        let (skip, len) = ((first - x) as usize, (last - first) as usize);
        let mut data = [0u8; 256];
        let mut pieces: Small<Piece, 64> = Small::new();
        let mut used = 0usize;
        for i in 0..self.height {
            let row = y + i as i64;
            if !(0..rows).contains(&row) {
                continue;
            }
            let a = self.row_base(s, row).wrapping_add(first as u64);
            let from = self.data + i * self.pitch + skip;
            data[used..used + len].copy_from_slice(&state.grf[from..from + len]);
            push_run(&mut pieces, a, used, len);
            if state.mem.recording() {
                state.mem.note_at(None, FLAT, a, len, AccessKind::Write);
            }
            used += len;
        }
        if !pieces.is_empty() {
            store_pieces(state.mem.space_mut(FLAT), &data[..used], pieces.as_slice());
        }
        Ok(())
    }
}

/// Reads `out.len()` bytes at `a` of the flat space and their undefined flags (a byte the
/// space never held reads zero, defined).
fn read_run(state: &MachineState, a: u64, out: &mut [u8], undefined: &mut [bool]) {
    let Some(m) = state.mem.space(FLAT) else {
        out.fill(0);
        undefined.fill(false);
        return;
    };
    m.read(a, out);
    let last = a.wrapping_add(out.len() as u64 - 1);
    if last >= a && !m.any_undefined(a, last) {
        undefined.fill(false);
        return;
    }
    for (k, u) in undefined.iter_mut().enumerate() {
        *u = m.is_undefined(a.wrapping_add(k as u64));
    }
}

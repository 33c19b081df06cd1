//! The typed legacy dataport messages (instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md) as
//! compiled plans: register offsets, the channel mask and the readings decided once. At run
//! time the surface variable's binding-table entry gives the typed surface and its format;
//! each enabled lane's pixel address is computed once (`base + R*pitch*height + V*pitch +
//! U*pixel_size`, out of bounds past the width in bytes, the height, the depth or at a LOD
//! other than 0), then the enabled channels move through the format's conversions
//! (`crate::surface_format`). A gather's out-of-bounds pixel reads zeros and a one in alpha;
//! a scatter's is dropped, and its converted channels go to the store engine.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::{Ctrl, Dst, Instruction, Payload, Program};
use visa_model::state::{AccessKind, MachineState, SurfaceFormat, SurfaceHeap, FLAT};
use visa_model::types::DataType;
use visa_model::{ErrorClass, VisaError};

use super::enable::ch_en;
use super::small::Small;
use super::store::{push_run, store_pieces, Piece};
use crate::surface_format::{read_channel, write_channel};

type Result<T> = std::result::Result<T, VisaError>;

fn bug(m: &str) -> VisaError {
    VisaError::model_bug(m.to_string())
}

/// One typed message, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct TypedDataportPlan {
    pub(crate) pos: Pos,
    store: bool,
    ch_mask: u8,
    exec_size: usize,
    per_channel: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    /// The register-file element holding the binding-table index.
    bti_slot: usize,
    /// Register bytes of U, V, R and LOD (`None`: V0, zero).
    coords: [Option<usize>; 4],
    /// Register byte of Dst (gather) or Src (scatter), and its declared type.
    data: usize,
    data_ty: DataType,
    /// The register byte where a gather's destination variable ends.
    var_end: usize,
    /// TYPED-OOB-ALPHA literal: alpha out of bounds is the integer 1.
    alpha_int: bool,
    /// TYPED-CONVERSION-TYPES literal: the data type must be the format's register type.
    strict_types: bool,
}

pub(crate) fn is_dataport_typed(insn: &Instruction) -> bool {
    matches!(insn.ctrl, Ctrl::DataportTyped(_))
}

impl TypedDataportPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<TypedDataportPlan> {
        let Ctrl::DataportTyped(c) = insn.ctrl else {
            return Err(bug("a typed dataport message without its fields"));
        };
        let grf = program.platform.grf_size();
        let place = |p: Payload| -> Result<usize> {
            let base = program
                .vars
                .get(p.var)
                .grf_offset
                .ok_or_else(|| bug("a typed dataport operand has no register-file storage"))?;
            Ok(base + p.row as usize * grf + p.col as usize * p.ty.size())
        };
        let k = c.coordinates();
        let coords = [
            Some(place(k.u)?),
            k.v.map(place).transpose()?,
            k.r.map(place).transpose()?,
            k.lod.map(place).transpose()?,
        ];
        let (data, data_ty, var_end) = match (c.src(), &insn.dst) {
            (Some(src), _) => (place(src)?, src.ty, 0),
            (
                None,
                &Dst::General {
                    var, row, col, ty, ..
                },
            ) => {
                let v = program.vars.get(var);
                let end = v.grf_offset.map_or(0, |s| s + v.byte_size());
                (place(Payload { var, row, col, ty })?, ty, end)
            }
            (None, _) => return Err(bug("a typed gather without a destination")),
        };
        let bti_slot = program
            .vars
            .get(c.surface())
            .slot
            .ok_or_else(|| bug("a surface variable without elements"))?;
        Ok(TypedDataportPlan {
            pos: insn.pos,
            store: c.is_store(),
            ch_mask: c.ch_mask(),
            exec_size: insn.exec_size as usize,
            per_channel: (insn.exec_size as usize).max(grf / 4),
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            bti_slot,
            coords,
            data,
            data_ty,
            var_end,
            alpha_int: readings.is_literal(errata::TYPED_OOB_ALPHA),
            strict_types: readings.is_literal(errata::TYPED_CONVERSION_TYPES),
        })
    }

    fn ud(state: &MachineState, at: usize) -> Result<u32> {
        let b = state
            .grf
            .get(at..at + 4)
            .ok_or_else(|| bug("a typed dataport operand lies outside the register file"))?;
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
        let bti = *state
            .handles
            .get(self.bti_slot)
            .ok_or_else(|| bug("a surface variable outside the state"))?;
        let Some(s) = state.mem.surface(SurfaceHeap::BindingTable, u64::from(bti)) else {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!("no surface at index {bti:#x} of the bt table (init.surfaces)"),
            ));
        };
        let Some(format) = s.format else {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!("surface {bti:#x} of the bt table has no format (TYPED-SURFACE-LAYOUT)"),
            ));
        };
        if self.strict_types && self.data_ty != format.register_type() {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!(
                    "a {} operand on a {format} surface (TYPED-CONVERSION-TYPES, literal)",
                    self.data_ty
                ),
            ));
        }
        let (base, width, height, depth, pitch) = (
            u128::from(s.base),
            u128::from(s.width),
            u128::from(s.height.max(1)),
            u128::from(s.depth.max(1)),
            u128::from(s.pitch),
        );
        let pixel_size = u128::from(format.pixel_bytes());
        // The enabled lanes' pixel addresses (`None`: out of bounds).
        let mut pixels = [None::<u64>; 32];
        for (i, px) in pixels.iter_mut().enumerate().take(self.exec_size) {
            if en >> i & 1 == 0 {
                continue;
            }
            let mut xyzl = [0u32; 4];
            for (k, at) in self.coords.iter().enumerate() {
                if let Some(at) = at {
                    xyzl[k] = Self::ud(state, at + 4 * i)?;
                }
            }
            let [u, v, r, lod] = xyzl.map(u128::from);
            if lod == 0 && (u + 1) * pixel_size <= width && v < height && r < depth {
                *px = Some((base + r * pitch * height + v * pitch + u * pixel_size) as u64);
            }
        }
        if self.store {
            self.scatter(state, en, format, &pixels)
        } else {
            self.gather(state, en, format, &pixels)
        }
    }

    fn gather(
        &self,
        state: &mut MachineState,
        en: u32,
        format: SurfaceFormat,
        pixels: &[Option<u64>; 32],
    ) -> Result<()> {
        let channels = self.ch_mask.count_ones() as usize;
        let end = self.data + 4 * ((channels - 1) * self.per_channel + self.exec_size);
        if state.grf.len() < end {
            return Err(bug(
                "a typed dataport operand lies outside the register file",
            ));
        }
        let cb = (format.channel_bits() / 8) as usize;
        let have = format.channels();
        let alpha = if self.alpha_int {
            1
        } else {
            format.missing_channel(3)
        };
        let mut ch_pos = 0;
        for c in 0..4u32 {
            if self.ch_mask >> c & 1 == 0 {
                continue;
            }
            let row = self.data + 4 * ch_pos * self.per_channel;
            for (i, px) in pixels.iter().enumerate().take(self.exec_size) {
                if en >> i & 1 == 0 {
                    continue;
                }
                let at = row + 4 * i;
                let (value, undefined) = match *px {
                    None => (if c == 3 { alpha } else { 0 }, false),
                    Some(_) if c >= have => (format.missing_channel(c), false),
                    Some(p) => {
                        let a = p.wrapping_add(c as u64 * cb as u64);
                        if state.mem.recording() {
                            state
                                .mem
                                .note_at(Some(i as u32), FLAT, a, cb, AccessKind::Read);
                        }
                        let mut bits = [0u8; 4];
                        let mut undefined = false;
                        if let Some(m) = state.mem.space(FLAT) {
                            match a.checked_add(cb as u64 - 1) {
                                Some(last) => {
                                    m.read(a, &mut bits[..cb]);
                                    undefined = m.any_undefined(a, last);
                                }
                                None => {
                                    for (k, b) in bits.iter_mut().enumerate().take(cb) {
                                        let ak = a.wrapping_add(k as u64);
                                        m.read(ak, std::slice::from_mut(b));
                                        undefined |= m.is_undefined(ak);
                                    }
                                }
                            }
                        }
                        (read_channel(format, u32::from_le_bytes(bits)), undefined)
                    }
                };
                state.grf[at..at + 4].copy_from_slice(&value.to_le_bytes());
                if undefined {
                    state.undefined.insert_range(at..at + 4);
                } else {
                    state.undefined.remove_range(at..at + 4);
                }
            }
            // The rest of the channel's register is undefined (as far as the variable goes).
            let rest = (row + 4 * self.exec_size)..(row + 4 * self.per_channel).min(self.var_end);
            if !rest.is_empty() {
                state.undefined.insert_range(rest);
            }
            ch_pos += 1;
        }
        Ok(())
    }

    fn scatter(
        &self,
        state: &mut MachineState,
        en: u32,
        format: SurfaceFormat,
        pixels: &[Option<u64>; 32],
    ) -> Result<()> {
        let channels = self.ch_mask.count_ones() as usize;
        let end = self.data + 4 * ((channels - 1) * self.per_channel + self.exec_size);
        if state.grf.len() < end {
            return Err(bug(
                "a typed dataport operand lies outside the register file",
            ));
        }
        let cb = (format.channel_bits() / 8) as usize;
        let have = format.channels();
        // The converted channels, 4 bytes a slot, and the pieces that store them.
        let mut data = [0u8; 4 * 4 * 32];
        let mut pieces: Small<Piece, 64> = Small::new();
        let mut slot = 0usize;
        let mut ch_pos = 0;
        for c in 0..4u32 {
            if self.ch_mask >> c & 1 == 0 {
                continue;
            }
            let row = self.data + 4 * ch_pos * self.per_channel;
            ch_pos += 1;
            if c >= have {
                continue; // the format has no such channel
            }
            for (i, px) in pixels.iter().enumerate().take(self.exec_size) {
                let (true, Some(p)) = (en >> i & 1 == 1, *px) else {
                    continue;
                };
                let element = Self::ud(state, row + 4 * i)?;
                let bits = write_channel(format, element).to_le_bytes();
                data[4 * slot..4 * slot + 4].copy_from_slice(&bits);
                let a = p.wrapping_add(c as u64 * cb as u64);
                push_run(&mut pieces, a, 4 * slot, cb);
                if state.mem.recording() {
                    state
                        .mem
                        .note_at(Some(i as u32), FLAT, a, cb, AccessKind::Write);
                }
                slot += 1;
            }
        }
        if !pieces.is_empty() {
            store_pieces(state.mem.space_mut(FLAT), &data, pieces.as_slice());
        }
        Ok(())
    }
}

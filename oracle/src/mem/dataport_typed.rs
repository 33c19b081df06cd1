//! The typed legacy dataport messages (instructions/GATHER4_TYPED.md, SCATTER4_TYPED.md,
//! TYPED_ATOMIC.md) as compiled plans: register offsets, the channel mask or the atomic
//! operation and the readings decided once. At run time the surface variable's
//! binding-table entry gives the typed surface and its format; each enabled lane's pixel
//! address is computed once (`base + R*pitch*height + V*pitch + U*pixel_size`, out of
//! bounds past the width in bytes, the height, the depth or at a LOD other than 0), then
//! the enabled channels move through the format's conversions (`crate::surface_format`). A
//! gather's out-of-bounds pixel reads zeros and a one in alpha; a scatter's is dropped, and
//! its converted channels go to the store engine. The atomic runs its lanes in order on
//! the raw bits of each pixel's R channel (as wide as the operation, else undefined
//! behaviour) with the SVM atomics' operation table (`super::svm::apply_op`); an
//! out-of-bounds lane returns zero and writes nothing.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::dataport_typed::TypedCtrl;
use visa_model::ir::svm::AtomicOp;
use visa_model::ir::{Ctrl, Dst, Instruction, Payload, Program};
use visa_model::state::{AccessKind, MachineState, SurfaceFormat, SurfaceHeap, FLAT};
use visa_model::types::DataType;
use visa_model::{ErrorClass, VisaError};

use super::enable::ch_en;
use super::place::{apply_returned, payload_at, push_returned, var_end};
use super::small::Small;
use super::store::{push_run, store_pieces, Piece};
use super::svm::apply_op;
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
    /// TYPED_ATOMIC's operation and operands (`None` for the gather and the scatter).
    atomic: Option<Atomic>,
}

/// The operation and operands of a typed atomic.
#[derive(Clone, Copy, Debug)]
struct Atomic {
    op: AtomicOp,
    width: u32,
    /// Register bytes of Src0, Src1 and Dst (`None`: V0).
    src0: Option<usize>,
    src1: Option<usize>,
    dst: Option<usize>,
    /// SVM-ATOMIC-PREDEC literal: PREDEC returns the old value.
    old_predec: bool,
    /// TYPED-ATOMIC-OP-TABLE literal: the operations are undefined.
    undefined_ops: bool,
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
        let place = |p: Payload| payload_at(program, &p, "a typed dataport");
        let k = c.coordinates();
        let coords = [
            Some(place(k.u)?),
            k.v.map(place).transpose()?,
            k.r.map(place).transpose()?,
            k.lod.map(place).transpose()?,
        ];
        let dst = match insn.dst {
            Dst::General {
                var, row, col, ty, ..
            } => Some((
                place(Payload { var, row, col, ty })?,
                ty,
                var_end(program, var),
            )),
            _ => None,
        };
        let (data, data_ty, var_end, atomic) = match (c, c.src(), dst) {
            (
                TypedCtrl::TypedAtomic {
                    op,
                    width,
                    src0,
                    src1,
                    ..
                },
                _,
                _,
            ) => {
                let atomic = Atomic {
                    op,
                    width,
                    src0: src0.map(place).transpose()?,
                    src1: src1.map(place).transpose()?,
                    dst: dst.map(|d| d.0),
                    old_predec: readings.is_literal(errata::SVM_ATOMIC_PREDEC),
                    undefined_ops: readings.is_literal(errata::TYPED_ATOMIC_OP_TABLE),
                };
                (0, DataType::UD, 0, Some(atomic))
            }
            (_, Some(src), _) => (place(src)?, src.ty, 0, None),
            (_, None, Some((at, ty, end))) => (at, ty, end, None),
            (_, None, None) => return Err(bug("a typed gather without a destination")),
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
            strict_types: atomic.is_none() && readings.is_literal(errata::TYPED_CONVERSION_TYPES),
            atomic,
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
        if self.atomic.is_some_and(|a| a.undefined_ops) {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                "the typed atomic operations are undefined (TYPED-ATOMIC-OP-TABLE, literal)",
            ));
        }
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
        if let Some(a) = self.atomic {
            self.atomic(state, en, format, &pixels, a)
        } else if self.store {
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

    /// TYPED_ATOMIC: each enabled lane in order reads its pixel's R channel, writes the
    /// operation's result and returns the old value (PREDEC the new one); out of bounds,
    /// zero and no write.
    fn atomic(
        &self,
        state: &mut MachineState,
        en: u32,
        format: SurfaceFormat,
        pixels: &[Option<u64>; 32],
        a: Atomic,
    ) -> Result<()> {
        if format.channel_bits() != a.width {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!(
                    "a {}-bit atomic on a {format} surface (TYPED-ATOMIC-OP-TABLE)",
                    a.width
                ),
            ));
        }
        let es = self.exec_size;
        let bytes = (a.width / 8) as usize;
        let mask = (1u64 << a.width) - 1;
        let fits = |at: Option<usize>| at.is_none_or(|at| at + 4 * es <= state.grf.len());
        if !fits(a.src0) || !fits(a.src1) || !fits(a.dst) {
            return Err(bug(
                "a typed dataport operand lies outside the register file",
            ));
        }
        let operand = |state: &MachineState, at: Option<usize>, i: usize| -> u64 {
            at.map_or(0, |at| {
                let b = &state.grf[at + 4 * i..at + 4 * i + 4];
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])) & mask
            })
        };
        // (register byte, value, defined), applied when every lane has run.
        let mut returned: Vec<(usize, u8, bool)> = Vec::new();
        for (i, px) in pixels.iter().enumerate().take(es) {
            if en >> i & 1 == 0 {
                continue;
            }
            let mut old = [0u8; 8];
            let mut undefined = [false; 4];
            if let Some(p) = *px {
                if state.mem.recording() {
                    state
                        .mem
                        .note_at(Some(i as u32), FLAT, p, bytes, AccessKind::Atomic);
                }
                if let Some(m) = state.mem.space(FLAT) {
                    for k in 0..bytes {
                        let ak = p.wrapping_add(k as u64);
                        m.read(ak, &mut old[k..k + 1]);
                        undefined[k] = m.is_undefined(ak);
                    }
                }
            }
            let old = u64::from_le_bytes(old);
            let new = apply_op(
                a.op,
                a.width,
                mask,
                old,
                operand(state, a.src0, i),
                operand(state, a.src1, i),
            );
            if let Some(p) = *px {
                let unknown = undefined.iter().any(|u| *u);
                let m = state.mem.space_mut(FLAT);
                for (k, b) in new.to_le_bytes().iter().enumerate().take(bytes) {
                    let ak = p.wrapping_add(k as u64);
                    if unknown {
                        m.write_undefined(ak, *b);
                    } else {
                        m.write(ak, &[*b]);
                    }
                }
            }
            if let Some(d) = a.dst {
                let value = match *px {
                    None => 0,
                    Some(_) if a.op == AtomicOp::Predec && !a.old_predec => new,
                    Some(_) => old,
                };
                push_returned(state, d + 4 * i, bytes, value, &undefined, &mut returned);
            }
        }
        apply_returned(state, returned);
        Ok(())
    }
}

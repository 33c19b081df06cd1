//! The sampler messages (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md): one module per
//! document; this module holds what they share: the typed surface a surface variable's
//! binding-table index selects, a texel read through the surface format, the sampler state
//! a sampler variable selects, the parameters by name and the Notes' return layout. The
//! documents' Semantics blocks are one sentence each, so the modules write the semantics
//! from the Description, the Notes and the errata named in docs/sampler.md.
//!
//! A surface (SAMPLER-SURFACE-TYPE) is 2D, or 3D when its depth is 2 or more; its width in
//! texels is `width / pixel_size` (the surface's `width` is in bytes), its height and depth
//! 0 read as 1. Texel `(x, y, z)` is the pixel at `base + z*pitch*height + y*pitch +
//! x*pixel_size`, read byte by byte through the surface's window (a byte at or past its
//! size reads zero), each channel converted by the format's read rule (docs/memory.md,
//! "Surface formats"); a channel with an undefined byte is undefined.

pub mod info;
pub mod load_3d;
pub mod sample_3d;

use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::svm::{load, read_grf};
use crate::ir::sampler::SamplerCtrl;
use crate::ir::{Ctrl, Instruction, Program};
use crate::num::{read_channel, FloatFormat};
use crate::state::{
    AccessKind, AddrType, MachineState, SamplerState, Surface, SurfaceFormat, SurfaceHeap, VarId,
    Window,
};
use crate::types::DataType;

/// The fields and operands of a sampler message.
pub(crate) fn ctrl(insn: &Instruction) -> Result<&SamplerCtrl> {
    match &insn.ctrl {
        Ctrl::Sampler(c) => Ok(c),
        _ => Err(VisaError::model_bug(
            "a sampler message without its control field",
        )),
    }
}

/// The surface a surface variable's first element (a binding-table index) selects, and
/// its window.
pub(super) fn surface(
    program: &Program,
    state: &MachineState,
    var: VarId,
) -> Result<(Surface, Window)> {
    let Some(&bti) = state.handle(&program.vars, var).first() else {
        return Err(VisaError::model_bug("a surface variable without elements"));
    };
    let window = state.mem.window(false, AddrType::Bti, u64::from(bti))?;
    let Some(s) = state.mem.surface(SurfaceHeap::BindingTable, u64::from(bti)) else {
        return Err(VisaError::model_bug("a window without its surface"));
    };
    Ok((s.clone(), window))
}

/// The surface's format: the sampler converts every texel through it.
pub(super) fn format(s: &Surface) -> Result<SurfaceFormat> {
    s.format.ok_or_else(|| {
        VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "the sampler reads surface {:#x}, which has no surface format (init.surfaces[].format)",
                s.bti
            ),
        )
    })
}

/// The surface's size in texels per axis: width (`width / pixel_size`), height and depth
/// (0 reads as 1).
pub(super) fn dimensions(s: &Surface) -> [u64; 3] {
    let width = s.width.checked_div(s.pixel_size).map_or(0, u64::from);
    [width, u64::from(s.height.max(1)), u64::from(s.depth.max(1))]
}

/// Whether the surface is 3D (SAMPLER-SURFACE-TYPE): a depth of 2 or more.
pub(super) fn is_3d(s: &Surface) -> bool {
    s.depth >= 2
}

/// The sampler state a sampler variable's first element selects.
pub(super) fn sampler_state(
    program: &Program,
    state: &MachineState,
    var: VarId,
) -> Result<SamplerState> {
    let Some(&index) = state.handle(&program.vars, var).first() else {
        return Err(VisaError::model_bug("a sampler variable without elements"));
    };
    let Some(s) = state.mem.sampler(index) else {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!("no sampler state at index {index:#x} (init.samplers)"),
        ));
    };
    if let Some(why) = s.invalid() {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!("sampler state {index:#x}: {why}"),
        ));
    }
    Ok(s.clone())
}

/// One returned channel: its register bits, or `None` where it is undefined.
pub(super) type Channel = Option<u32>;

/// The four channels of texel `(x, y, z)` of the surface, R first: each stored channel
/// read by the format's rule, the others the format's missing-channel value. The bytes
/// read are `lane`'s reads (docs/races.md).
pub(super) fn read_texel(
    state: &mut MachineState,
    lane: u32,
    s: &Surface,
    window: &Window,
    format: SurfaceFormat,
    [x, y, z]: [u64; 3],
) -> [Channel; 4] {
    let height = u64::from(s.height.max(1));
    let pitch = u64::from(s.pitch);
    let pixel = z * pitch * height + y * pitch + x * u64::from(s.pixel_size);
    let channel_bytes = (format.channel_bits() / 8) as u64;
    let mut out = [None; 4];
    for (c, slot) in out.iter_mut().enumerate() {
        let c = c as u32;
        if c >= format.channels() {
            *slot = Some(format.missing_channel(c));
            continue;
        }
        let (bytes, undefined) = load(
            state,
            (Some(lane), AccessKind::Read),
            window,
            pixel + u64::from(c) * channel_bytes,
            channel_bytes as usize,
        );
        if undefined.iter().any(|&u| u) {
            continue;
        }
        let mut bits = 0u32;
        for (k, b) in bytes.iter().enumerate() {
            bits |= u32::from(*b) << (8 * k);
        }
        *slot = read_channel(format, bits).ok();
    }
    out
}

/// The four channels of a texel outside the surface, with `stored` for every channel the
/// format stores (zero for 3D_LOAD, the border colour for 3D_SAMPLE's clamp) and the
/// format's missing-channel value for the others.
pub(super) fn outside_texel(format: SurfaceFormat, stored: [u32; 4]) -> [Channel; 4] {
    let mut out = [None; 4];
    for (c, slot) in out.iter_mut().enumerate() {
        let c32 = c as u32;
        *slot = Some(if c32 < format.channels() {
            stored[c]
        } else {
            format.missing_channel(c32)
        });
    }
    out
}

/// Parameter `name` of lane `i` as its raw bits (a missing trailing parameter is 0: the
/// documents' "the missing parameters will have the value of 0").
pub(super) fn param_bits(
    program: &Program,
    state: &MachineState,
    insn: &Instruction,
    name: &str,
    i: usize,
) -> Result<(u32, DataType)> {
    let c = ctrl(insn)?;
    let Some(p) = c.param(insn.opcode, name) else {
        let ty = c.params.first().map_or(DataType::UD, |p| p.ty);
        return Ok((0, ty));
    };
    let at = crate::insn::svm::raw(program, &p)? + i * p.ty.size();
    let b = read_grf(state, at, p.ty.size())?;
    let mut bits = 0u32;
    for (k, byte) in b.iter().enumerate() {
        bits |= u32::from(*byte) << (8 * k);
    }
    Ok((bits, p.ty))
}

/// A float parameter (F or HF) of lane `i`, exactly.
pub(super) fn float_param(
    program: &Program,
    state: &MachineState,
    insn: &Instruction,
    name: &str,
    i: usize,
) -> Result<crate::num::ExactFloat> {
    let (bits, ty) = param_bits(program, state, insn, name, i)?;
    let format = if ty == DataType::HF {
        FloatFormat::HF
    } else {
        FloatFormat::F
    };
    Ok(format.decode(u64::from(bits)))
}

/// Writes the returned channels: for each enabled channel `c` of `ch_mask`, its block of
/// Dst starts in the next register (3D_LOAD.md and 3D_SAMPLE.md, Notes: "Each channel's
/// return data start in the next GRF"), lane `i` at element `i` of it, for the enabled
/// lanes only; the rest of a block's register is undefined ("the remaining portions of the
/// register have undefined values"), as far as the variable reaches.
pub(super) fn write_channels(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    texels: &[Option<[Channel; 4]>],
) -> Result<()> {
    let c = ctrl(insn)?;
    let Some(dst) = crate::insn::svm::raw_dst(program, insn)? else {
        return Err(VisaError::model_bug(
            "a sampler message without a destination",
        ));
    };
    let var_end = match insn.dst {
        crate::ir::Dst::General { var, .. } => crate::insn::svm::var_end(program, var)?,
        _ => 0,
    };
    let exec_size = insn.exec_size as usize;
    let block = visa_model::validate::sampler_channel_block(program.platform, insn.exec_size);
    let mut writes = Vec::new();
    let mut ch_pos = 0usize;
    for ch in 0..4 {
        if c.ch_mask >> ch & 1 == 0 {
            continue;
        }
        let start = dst + ch_pos * block;
        for (i, texel) in texels.iter().enumerate().take(exec_size) {
            let Some(texel) = texel else { continue };
            let at = start + 4 * i;
            match texel[ch] {
                Some(bits) => {
                    for (k, b) in bits.to_le_bytes().into_iter().enumerate() {
                        writes.push((at + k, b, true));
                    }
                }
                None => {
                    for k in 0..4 {
                        let keep = read_grf(state, at + k, 1)?[0];
                        writes.push((at + k, keep, false));
                    }
                }
            }
        }
        for at in start + 4 * exec_size..(start + block).min(var_end) {
            let keep = read_grf(state, at, 1)?[0];
            writes.push((at, keep, false));
        }
        ch_pos += 1;
    }
    crate::insn::svm::apply_writes(state, writes)
}

//! Validation of the media block messages (instructions/MEDIA_LD.md, MEDIA_ST.md): the text
//! forms as IGC's assembler writes them to the IR, then every rule of the documents on the
//! IR ([`rules`], which `check_program` runs again).
//!
//! Text (the documents' Text; IGC's printer, visa/IsaDisassembly.cpp, writes the modifier's
//! name and the plane as a bare number):
//! `media_ld.<mods> (<block_width>,<block_height>) <surface> <plane> <x_offset> <y_offset> <dst>`
//! and `media_st` with `<src>` last, e.g.
//! `media_ld.nomod (32,1) T6 0 V0040(0,0)<0;1,0> V0042(0,0)<0;1,0> V0038.0`; `<mods>` is
//! `nomod`, `top` or `bottom` (Modifiers 0b000, 0b010, 0b011); `<surface>` a surface
//! variable (not T0, not T5); the offsets UD (or D, MEDIA-OFFSET-TYPES) scalars (an
//! immediate or `V(R,C)<0;1,0>`);
//! the data a raw operand `V.OFFSET`. No predicate, no execution size.
//!
//! IR shape: `ctrl` is [`Ctrl::Media`] ([`MediaCtrl`]), `srcs` is empty, execution size 1
//! under NoMask; `dst` is MEDIA_LD's raw destination, `Dst::Null` for MEDIA_ST.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use super::svm::check_in_var;
use crate::asm::ast::{InsnLine, MaskControl, Operand, OperandKind, VarClass};
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::dataport::predefined_surface;
use crate::ir::media::{max_block_height, MediaCtrl, MediaModifier};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Scalar};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a media block line, then checks it with [`rules`].
    pub(crate) fn media_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let [m] = &line.mods[..] else {
            return Err(invalid(
                "modifiers",
                format!("`{name}` takes one modifier `.nomod`, `.top` or `.bottom`"),
            ));
        };
        let modifier = MediaModifier::from_name(m).ok_or_else(|| {
            invalid(
                "modifiers",
                format!(
                    "modifier `{m}`: the document lists nomod (0b000), top (0b010) and bottom (0b011)"
                ),
            )
        })?;
        if line.pred.is_some() {
            return Err(invalid("pred", format!("`{name}` takes no predicate")));
        }
        if line.exec.is_some() {
            return Err(invalid(
                "exec_size",
                format!("`{name}` takes no execution size: `(<block_width>,<block_height>)`"),
            ));
        }
        let data = if opcode == Opcode::MediaLd {
            "dst"
        } else {
            "src"
        };
        let [size, surface, plane, x, y, payload] = &line.operands[..] else {
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes (block_width,block_height) and 5 operands (surface, plane, x_offset, y_offset, {data}), {} given",
                    line.operands.len()
                ),
            ));
        };
        let (block_width, block_height) = block_size(size)?;
        let surface = self.media_surface(surface)?;
        let plane = match plane.kind {
            OperandKind::Number(n) => u8::try_from(n)
                .map_err(|_| invalid_at(plane.pos, "plane", format!("plane {n} is not a byte")))?,
            _ => {
                return Err(invalid_at(
                    plane.pos,
                    "plane",
                    "the plane is a number (`0`)",
                ))
            }
        };
        let x_offset = self.svm_scalar(x, "x_offset")?;
        let y_offset = self.svm_scalar(y, "y_offset")?;
        let (src, dst) = if opcode == Opcode::MediaLd {
            (None, self.svm_raw_dst(payload, "dst", false)?)
        } else {
            (
                Some(self.svm_payload(payload, "src")?),
                Dst::Null { ty: DataType::UB },
            )
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred: None,
            mask: MaskControl {
                group: 1,
                no_mask: true,
            },
            exec_size: 1,
            sat: false,
            ctrl: Ctrl::Media(MediaCtrl {
                modifier,
                surface,
                plane,
                block_width,
                block_height,
                x_offset,
                y_offset,
                src,
            }),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// Surface: "Index of the surface variable. It must be a 2D surface"; T0 (SLM) and T5
    /// (stateless) are not.
    fn media_surface(&mut self, op: &Operand) -> Result<VarId> {
        let name = match &op.kind {
            OperandKind::Name(n) => n.as_str(),
            OperandKind::Var { name, origin, .. } if origin.is_empty() => name.as_str(),
            _ => {
                return Err(invalid_at(
                    op.pos,
                    "surface",
                    "the surface is a surface variable's name (`T6`)",
                ))
            }
        };
        if predefined_surface(name).is_some() {
            return Err(invalid_at(
                op.pos,
                "surface",
                format!("`{name}` is a pre-defined surface; a media block message takes a 2D surface variable (T0: no, T5: no)"),
            ));
        }
        let id = self.var(name, op.pos, "surface")?;
        if self.vars.get(id).class != VarClass::Surface {
            return Err(invalid_at(
                op.pos,
                "surface",
                format!("`{name}` is not a surface variable"),
            ));
        }
        Ok(id)
    }
}

/// `(<block_width>,<block_height>)`: two numbers that fit a byte (Block_width and
/// Block_height are `ub` fields); their ranges are [`rules`]'.
fn block_size(op: &Operand) -> Result<(u8, u8)> {
    let OperandKind::Group(items) = &op.kind else {
        return Err(invalid_at(
            op.pos,
            "block_width",
            "the block size is `(<block_width>,<block_height>)`",
        ));
    };
    let field = |item: &Operand, f: &str| -> Result<u8> {
        match item.kind {
            OperandKind::Number(n) => u8::try_from(n)
                .map_err(|_| invalid_at(item.pos, f, format!("{f} {n} is not a byte (ub)"))),
            _ => Err(invalid_at(item.pos, f, format!("{f} is a number"))),
        }
    };
    match &items[..] {
        [w, h] => Ok((field(w, "block_width")?, field(h, "block_height")?)),
        _ => Err(invalid_at(
            op.pos,
            "block_width",
            "the block size is `(<block_width>,<block_height>)`",
        )),
    }
}

/// Every rule of the media documents on the IR, in the documents' order: execution, the
/// modifiers, surface, plane, block width and height, the offsets, the data operand.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::Media(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "a media block message needs its control field",
        ));
    };
    if insn.exec_size != 1 || !insn.mask.no_mask || insn.mask.group != 1 || insn.pred.is_some() {
        return Err(invalid(
            "exec_size",
            "a media block message runs once under NoMask, unpredicated",
        ));
    }
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "the media block messages name their sources in their control field: `srcs` is empty",
        ));
    }
    let data = match (insn.opcode, ctrl.src, &insn.dst) {
        (Opcode::MediaSt, Some(src), Dst::Null { .. }) => (src, "src"),
        (Opcode::MediaSt, _, _) => {
            return Err(invalid("dst", "MEDIA_ST has a Src and no destination"))
        }
        (
            Opcode::MediaLd,
            None,
            Dst::General {
                var, row, col, ty, ..
            },
        ) => (
            Payload {
                var: *var,
                row: *row,
                col: *col,
                ty: *ty,
            },
            "dst",
        ),
        (Opcode::MediaLd, _, _) => {
            return Err(invalid(
                "dst",
                "MEDIA_LD has a raw general destination and no Src",
            ))
        }
        (op, _, _) => {
            return Err(invalid(
                "opcode",
                format!("{} does not take this control", op.mnemonic()),
            ))
        }
    };
    let surface = ctrl.surface;
    if surface.0 as usize >= vars.len() || vars.get(surface).class != VarClass::Surface {
        return Err(invalid("surface", "the surface is not a surface variable"));
    }
    let literal = readings.is_literal(errata::MEDIA_BLOCK_RANGES);
    // Plane: "Valid values are [0], [3]" (MEDIA-BLOCK-RANGES: 0 to 3).
    let plane_ok = if literal {
        matches!(ctrl.plane, 0 | 3)
    } else {
        ctrl.plane <= 3
    };
    if !plane_ok {
        let valid = if literal { "0 or 3" } else { "0 to 3" };
        return Err(invalid(
            "plane",
            format!("plane {} is not {valid} (MEDIA-BLOCK-RANGES)", ctrl.plane),
        ));
    }
    // Block_width and Block_height: "[1], [64]" (MEDIA-BLOCK-RANGES: 1 to 64), within the
    // Notes' table of legal combinations.
    let (w, h) = (u32::from(ctrl.block_width), u32::from(ctrl.block_height));
    let written = |v: u32| {
        if literal {
            matches!(v, 1 | 64)
        } else {
            (1..=64).contains(&v)
        }
    };
    if !written(w) {
        let valid = if literal { "1 or 64" } else { "1 to 64" };
        return Err(invalid(
            "block_width",
            format!("block width {w} is not {valid} bytes (MEDIA-BLOCK-RANGES)"),
        ));
    }
    if !written(h) {
        let valid = if literal { "1 or 64" } else { "1 to 64" };
        return Err(invalid(
            "block_height",
            format!("block height {h} is not {valid} rows (MEDIA-BLOCK-RANGES)"),
        ));
    }
    match max_block_height(w) {
        Some(max) if h <= max => {}
        Some(max) => {
            return Err(invalid(
                "block_height",
                format!(
                    "a block {w} bytes wide is at most {max} rows high (the Notes' table), not {h}"
                ),
            ))
        }
        None => {
            return Err(invalid(
                "block_width",
                format!("block width {w} is not in the Notes' table"),
            ))
        }
    }
    // X_offset, Y_offset: "Must have type UD" (MEDIA-OFFSET-TYPES: also D); MEDIA_ST's X
    // "must be dword-aligned".
    let offset_types: &[DataType] = if readings.is_literal(errata::MEDIA_OFFSET_TYPES) {
        &[DataType::UD]
    } else {
        &[DataType::UD, DataType::D]
    };
    for (field, s) in [("x_offset", &ctrl.x_offset), ("y_offset", &ctrl.y_offset)] {
        if !offset_types.contains(&s.ty()) {
            let valid = if offset_types.len() == 1 {
                "UD"
            } else {
                "UD or D"
            };
            return Err(invalid(
                field,
                format!(
                    "{field} has type {}, not {valid} (MEDIA-OFFSET-TYPES)",
                    s.ty()
                ),
            ));
        }
        if let Scalar::Var { var, row, col, ty } = *s {
            check_in_var(vars, platform, &Payload { var, row, col, ty }, 4, field)?;
        }
    }
    if let (Opcode::MediaSt, Scalar::Imm { bits, .. }) = (insn.opcode, ctrl.x_offset) {
        if bits % 4 != 0 {
            return Err(invalid(
                "x_offset",
                format!("MEDIA_ST's X offset {bits} is not dword-aligned"),
            ));
        }
    }
    // Dst and Src: row `i` at `i * reg_pitch`, `block_width` bytes each.
    let (data, field) = data;
    check_in_var(vars, platform, &data, ctrl.register_bytes(), field)
}

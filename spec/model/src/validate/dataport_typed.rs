//! Validation of the typed legacy dataport messages (instructions/GATHER4_TYPED.md,
//! SCATTER4_TYPED.md): the text forms as IGC's assembler writes them to the IR, then every
//! rule of the documents on the IR ([`rules`], which `check_program` runs again).
//!
//! Text (the documents' Text, IGC's spelling):
//! `[(P)] gather4_typed.<channels> (<mask>, <exec_size>) <surface> <u> <v> <r> <lod> <dst>`
//! and `scatter4_typed` with `<src>` last, e.g.
//! `scatter4_typed.RGBA (M1, 8) T6 V0050.0 V0057.0 %null.0 %null.0 V0077.0`; `<channels>`
//! the enabled channels' letters in RGBA order; `<surface>` a surface variable (not T0, not
//! T5); the others raw operands `V.OFFSET`, V, R and LOD `%null.0` for V0.
//!
//! IR shape: `ctrl` is [`Ctrl::DataportTyped`] ([`TypedCtrl`]), `srcs` is empty; `dst` is
//! the gather's raw destination, `Dst::Null` for the scatter.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use super::svm::{check_in_var, mask_and_predicate};
use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::dataport::predefined_surface;
use crate::ir::dataport_typed::{exec_sizes, TypedCtrl, DATA_TYPES};
use crate::ir::svm::parse_channels;
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a typed dataport line, then checks it with [`rules`].
    pub(crate) fn dataport_typed_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let [ch] = &line.mods[..] else {
            return Err(invalid(
                "channels",
                format!("`{name}` takes one channel mask `.RGBA` (R, G, B, A in order)"),
            ));
        };
        let ch_mask = parse_channels(ch).ok_or_else(|| {
            invalid(
                "channels",
                format!(
                    "channel mask `{ch}`: letters R, G, B, A at most once each, in that order, at least one"
                ),
            )
        })?;
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        if line.operands.len() != 6 {
            let data = if opcode == Opcode::Gather4Typed {
                "dst"
            } else {
                "src"
            };
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes 6 operands (surface, u, v, r, lod, {data}), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.typed_surface(&ops[0])?;
        let u = self.svm_payload(&ops[1], "u")?;
        let v = self.svm_raw(&ops[2], "v", true)?;
        let r = self.svm_raw(&ops[3], "r", true)?;
        let lod = self.svm_raw(&ops[4], "lod", true)?;
        let (ctrl, dst) = if opcode == Opcode::Gather4Typed {
            let dst = self.svm_raw_dst(&ops[5], "dst", false)?;
            let ctrl = TypedCtrl::Gather4Typed {
                ch_mask,
                surface,
                u,
                v,
                r,
                lod,
            };
            (ctrl, dst)
        } else {
            let src = self.svm_payload(&ops[5], "src")?;
            let ctrl = TypedCtrl::Scatter4Typed {
                ch_mask,
                surface,
                u,
                v,
                r,
                lod,
                src,
            };
            (ctrl, Dst::Null { ty: DataType::UD })
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::DataportTyped(ctrl),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// Surface: "Index of the surface variable. It must be a 1D, 2D, or 3D surface";
    /// T0 (SLM) and T5 (stateless) are not.
    fn typed_surface(&mut self, op: &Operand) -> Result<VarId> {
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
                format!("`{name}` is a pre-defined surface; a typed message takes a typed surface variable (T0: no, T5: no)"),
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

/// Every rule of the typed documents on the IR, in the documents' order: mask and
/// predicate, destination and sources, execution size, channel mask, surface, the operand
/// types, the operands' extents.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::DataportTyped(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "a typed dataport message needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    let opcode = match ctrl {
        TypedCtrl::Gather4Typed { .. } => Opcode::Gather4Typed,
        TypedCtrl::Scatter4Typed { .. } => Opcode::Scatter4Typed,
    };
    if opcode != insn.opcode {
        return Err(invalid(
            "opcode",
            format!("{} does not take this control", insn.opcode.mnemonic()),
        ));
    }
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "the typed messages name their sources in their control field: `srcs` is empty",
        ));
    }
    let data = match (ctrl.src(), &insn.dst) {
        (Some(src), Dst::Null { .. }) => (src, "src"),
        (Some(_), _) => return Err(invalid("dst", "a store has no destination")),
        (
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
        (None, _) => return Err(invalid("dst", "the destination is a raw general operand")),
    };
    // Exec_size bits 2..0: 0b011, 8 elements (TYPED-EXEC-SIZE: 16 with 64-byte registers).
    let es = insn.exec_size;
    let grf = platform.grf_size();
    let sizes = exec_sizes(grf, readings.is_literal(errata::TYPED_EXEC_SIZE));
    if !sizes.contains(&es) {
        return Err(invalid(
            "exec_size",
            format!(
                "execution size {es} is not {} on {} (TYPED-EXEC-SIZE)",
                sizes
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" or "),
                platform.name()
            ),
        ));
    }
    // Channels bits 3..0: "0000" is not allowed.
    let ch_mask = ctrl.ch_mask();
    if ch_mask == 0 || ch_mask > 0xf {
        return Err(invalid(
            "channels",
            format!("channel mask {ch_mask:#06b} enables no channel or names a fifth"),
        ));
    }
    let surface = ctrl.surface();
    if surface.0 as usize >= vars.len() || vars.get(surface).class != VarClass::Surface {
        return Err(invalid("surface", "the surface is not a surface variable"));
    }
    // U, V, R, LOD: "Restriction: type UD" (TYPED-COORDINATE-TYPES: also D).
    let coordinate_types: &[DataType] = if readings.is_literal(errata::TYPED_COORDINATE_TYPES) {
        &[DataType::UD]
    } else {
        &[DataType::UD, DataType::D]
    };
    let c = ctrl.coordinates();
    for (field, p) in [("u", Some(c.u)), ("v", c.v), ("r", c.r), ("lod", c.lod)] {
        let Some(p) = p else { continue };
        if !coordinate_types.contains(&p.ty) {
            return Err(invalid(
                field,
                format!(
                    "{field} has type {}, not {} (TYPED-COORDINATE-TYPES)",
                    p.ty,
                    coordinate_types
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            ));
        }
        check_in_var(vars, platform, &p, 4 * es as usize, field)?;
    }
    // Dst and Src: "UD, D, F".
    let (data, field) = data;
    if !DATA_TYPES.contains(&data.ty) {
        return Err(invalid(
            field,
            format!("{field} has type {}, not UD, D or F", data.ty),
        ));
    }
    // Each enabled channel starts a register; the last one covers its exec_size dwords.
    let n = ch_mask.count_ones() as usize;
    let bytes = (n - 1) * (es as usize).max(grf / 4) * 4 + 4 * es as usize;
    check_in_var(vars, platform, &data, bytes, field)
}

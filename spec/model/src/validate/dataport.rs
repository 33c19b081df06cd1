//! Validation of the legacy dataport messages (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md): the text forms as IGC's assembler writes them to the IR, then every
//! rule of the documents on the IR ([`rules`], which `check_program` runs again).
//!
//! Text (the documents' Text, IGC's spelling):
//! `[(P)] gather_scaled.<num_blocks> (<mask>, <exec_size>) <surface> <offset> <element_offset> <dst>`
//! and `scatter_scaled` with `<src>` last, e.g.
//! `gather_scaled.2 (M1, 16) T6 0x0:ud V79.0 V83.0`. `<num_blocks>` is the byte count 1, 2
//! or 4; `<surface>` a pre-defined surface (`T0`/`%slm`, `T5`/`T255`/`%scratch`) or a
//! surface variable; `<offset>` a UD immediate or `V(R,C)<0;1,0>`; the others raw operands
//! `V.OFFSET`.
//!
//! IR shape: `ctrl` is [`Ctrl::Dataport`] ([`DataportCtrl`]), `srcs` is empty; `dst` is the
//! gather's raw destination, `Dst::Null` for the scatter.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use super::svm::{check_in_var, mask_and_predicate};
use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::errata::Readings;
use crate::error::{Result, VisaError};
use crate::ir::dataport::{predefined_surface, DataportCtrl, DataportSurface, DATA_TYPES};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Scalar};
use crate::platform::Platform;
use crate::state::Vars;
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a dataport line, then checks it with [`rules`].
    pub(crate) fn dataport_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let num_blocks = match line.mods.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["1"] => 1,
            ["2"] => 2,
            ["4"] => 4,
            _ => {
                return Err(invalid(
                    "num_blocks",
                    format!("`{name}` takes `.<num_blocks>`: 1, 2 or 4 bytes (`{name}.4`)"),
                ))
            }
        };
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        if line.operands.len() != 4 {
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes 4 operands (surface, offset, element offset, data), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.dataport_surface(&ops[0])?;
        let offset = self.svm_scalar(&ops[1], "offset")?;
        let element_offset = self.svm_payload(&ops[2], "element_offset")?;
        let (dst, ctrl) = if opcode == Opcode::GatherScaled {
            let dst = self.svm_raw_dst(&ops[3], "dst", false)?;
            (
                dst,
                DataportCtrl::GatherScaled {
                    num_blocks,
                    surface,
                    offset,
                    element_offset,
                },
            )
        } else {
            let src = self.svm_payload(&ops[3], "src")?;
            (
                Dst::Null { ty: DataType::UD },
                DataportCtrl::ScatterScaled {
                    num_blocks,
                    surface,
                    offset,
                    element_offset,
                    src,
                },
            )
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Dataport(ctrl),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// The surface operand: a pre-defined surface's name or a declared surface variable.
    fn dataport_surface(&mut self, op: &Operand) -> Result<DataportSurface> {
        let name = match &op.kind {
            OperandKind::Name(n) => n.as_str(),
            OperandKind::Var { name, origin, .. } if origin.is_empty() => name.as_str(),
            _ => {
                return Err(invalid_at(
                    op.pos,
                    "surface",
                    "the surface is a surface variable's name (`T6`, `%slm`)",
                ))
            }
        };
        match predefined_surface(name) {
            Some(Some(s)) => return Ok(s),
            Some(None) => {
                return Err(VisaError::unsupported(format!(
                    "the pre-defined surface `{name}` is not modelled: the dataport messages here address `%slm` (T0), `%scratch` (T5, T255) and binding-table surfaces"
                ))
                .field("surface"))
            }
            None => {}
        }
        let id = self.var(name, op.pos, "surface")?;
        if self.vars.get(id).class != VarClass::Surface {
            return Err(invalid_at(
                op.pos,
                "surface",
                format!("`{name}` is not a surface variable"),
            ));
        }
        Ok(DataportSurface::Var(id))
    }
}

/// Every rule of GATHER_SCALED.md and SCATTER_SCALED.md on the IR, in the documents' order:
/// mask and predicate, destination and sources, the fields, the operand types, the
/// operands' extents.
pub fn rules(insn: &Instruction, vars: &Vars, platform: Platform, _: &Readings) -> Result<()> {
    let Ctrl::Dataport(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "a dataport message needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    let gather = matches!(ctrl, DataportCtrl::GatherScaled { .. });
    if gather != (insn.opcode == Opcode::GatherScaled)
        || !matches!(insn.opcode, Opcode::GatherScaled | Opcode::ScatterScaled)
    {
        return Err(invalid(
            "opcode",
            format!("{} does not take this control", insn.opcode.mnemonic()),
        ));
    }
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "the dataport messages name their sources in their control field: `srcs` is empty",
        ));
    }
    // Exec_size bits 2..0: 1, 2, 4, 8, 16 or 32 elements.
    let es = insn.exec_size;
    if ![1, 2, 4, 8, 16, 32].contains(&es) {
        return Err(invalid(
            "exec_size",
            format!("execution size {es} is not 1, 2, 4, 8, 16 or 32"),
        ));
    }
    // Num_blocks bits 1..0: 1, 2 or 4 blocks of one byte.
    if ![1, 2, 4].contains(&ctrl.num_blocks()) {
        return Err(invalid(
            "num_blocks",
            format!("{} blocks: 1, 2 or 4", ctrl.num_blocks()),
        ));
    }
    if let DataportSurface::Var(v) = ctrl.surface() {
        if v.0 as usize >= vars.len() || vars.get(v).class != VarClass::Surface {
            return Err(invalid("surface", "the surface is not a surface variable"));
        }
    }
    let data_bytes = 4 * es as usize;
    let (offset, element_offset, data, field) = match *ctrl {
        DataportCtrl::GatherScaled {
            offset,
            element_offset,
            ..
        } => {
            let Dst::General {
                var, row, col, ty, ..
            } = insn.dst
            else {
                return Err(invalid("dst", "the destination is a raw general operand"));
            };
            (offset, element_offset, Payload { var, row, col, ty }, "dst")
        }
        DataportCtrl::ScatterScaled {
            offset,
            element_offset,
            src,
            ..
        } => {
            if !matches!(insn.dst, Dst::Null { .. }) {
                return Err(invalid("dst", "a store has no destination"));
            }
            (offset, element_offset, src, "src")
        }
    };
    // Offset: "Must have type UD"; Element_offset: UD; Dst and Src: UD, D or F.
    if offset.ty() != DataType::UD {
        return Err(invalid(
            "offset",
            format!("the offset has type {}, not UD", offset.ty()),
        ));
    }
    if element_offset.ty != DataType::UD {
        return Err(invalid(
            "element_offset",
            format!(
                "the element offsets have type {}, not UD",
                element_offset.ty
            ),
        ));
    }
    if !DATA_TYPES.contains(&data.ty) {
        return Err(invalid(
            field,
            format!("{field} has type {}, not UD, D or F", data.ty),
        ));
    }
    check_in_var(
        vars,
        platform,
        &element_offset,
        data_bytes,
        "element_offset",
    )?;
    check_in_var(vars, platform, &data, data_bytes, field)?;
    if let Scalar::Var { var, row, col, ty } = offset {
        check_in_var(vars, platform, &Payload { var, row, col, ty }, 4, "offset")?;
    }
    Ok(())
}

//! Validation of the legacy dataport messages (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md, GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md,
//! OWORD_LD_UNALIGNED.md, OWORD_ST.md, DWORD_ATOMIC.md, GATHER.md, SCATTER.md, QW_GATHER.md,
//! QW_SCATTER.md): the text forms as IGC's assembler writes them to the IR, then every rule
//! of the documents on the IR ([`rules`], which `check_program` runs again).
//!
//! Text (the documents' Text, IGC's spelling):
//! - `[(P)] gather_scaled.<num_blocks> (<mask>, <exec_size>) <surface> <offset> <element_offset> <dst>`
//!   and `scatter_scaled` with `<src>` last, e.g. `gather_scaled.2 (M1, 16) T6 0x0:ud V79.0 V83.0`;
//!   `<num_blocks>` is the byte count 1, 2 or 4;
//! - `[(P)] gather4_scaled.<channels> (<mask>, <exec_size>) <surface> <offset> <element_offset> <dst>`
//!   and `scatter4_scaled` with `<src>` last, e.g. `gather4_scaled.R (M5, 16) T6 0x0:ud V56.0 V58.0`;
//!   `<channels>` the enabled channels' letters in RGBA order;
//! - `[(P)] dword_atomic.<op>[.16] (<mask>, <exec_size>) <surface> <element_offset> <src0> <src1> <dst>`,
//!   e.g. `dword_atomic.inc (M1, 16) %slm V76.0 %null.0 %null.0 %null.0` (`%null` for V0);
//! - `oword_ld (<size>) <surface> <offset> <dst>`, `oword_ld_unaligned` and `oword_st` (with
//!   `<src>`) alike, e.g. `oword_ld_unaligned (4) T6 V42(0,0)<0;1,0> V41.0`: `<size>` the
//!   oword count, no mask control and no predicate (the documents: "The execution mask is
//!   set to 'NoMask'");
//! - `gather.<elt_size> (<mask>, <num_elts>) <surface> <global_offset> <element_offset> <dst>`
//!   and `scatter` with `<src>` last, e.g. `gather.4 (M1, 16) T0 0x0:ud V5.0 V6.0`: no
//!   predicate, `<elt_size>` 1, 2 or 4 bytes, `<num_elts>` 1, 8 or 16, both offsets in
//!   elements (GATHER-SCATTER-TEXT: IGC's form, not the documents');
//! - `[(P)] qw_gather.<num_blocks> (<mask>, <exec_size>) <surface> <offset> <dst>` and
//!   `qw_scatter` with `<src>` last, e.g. `qw_gather.1 (M1, 8) T6 V7.0 V8.0`: `<offset>` the
//!   raw operand of the lanes' byte offsets.
//!
//! `<surface>` is a pre-defined surface (`T0`/`%slm`, `T5`/`T255`/`%scratch`) or a surface
//! variable; `<offset>` a UD immediate or `V(R,C)<0;1,0>`; the others raw operands
//! `V.OFFSET`.
//!
//! IR shape: `ctrl` is [`Ctrl::Dataport`] ([`DataportCtrl`]), `srcs` is empty; `dst` is the
//! gather's raw destination, `Dst::Null` for the scatter.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use super::svm::{check_in_var, mask_and_predicate};
use crate::asm::ast::{InsnLine, MaskControl, Operand, OperandKind, VarClass};
use crate::errata::{self, Readings};
use crate::error::{Pos, Result, VisaError};
use crate::ir::dataport::{
    predefined_surface, DataportCtrl, DataportSurface, DATA_TYPES, ELT_SIZES, NUM_BLOCKS,
    NUM_OWORDS, QW_DATA_TYPES, QW_NUM_BLOCKS,
};
use crate::ir::svm::{parse_channels, AtomicOp};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Predicate, Scalar};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a dataport line, then checks it with [`rules`].
    pub(crate) fn dataport_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let oword = matches!(
            opcode,
            Opcode::OwordLd | Opcode::OwordLdUnaligned | Opcode::OwordSt
        );
        let mods: Vec<&str> = line.mods.iter().map(String::as_str).collect();
        // The scaled forms' `.<num_blocks>`, the 4-channel forms' `.<channels>`.
        let field = match opcode {
            Opcode::GatherScaled | Opcode::ScatterScaled => match mods[..] {
                ["1"] => 1,
                ["2"] => 2,
                ["4"] => 4,
                _ => {
                    return Err(invalid(
                        "num_blocks",
                        format!("`{name}` takes `.<num_blocks>`: 1, 2 or 4 bytes (`{name}.4`)"),
                    ))
                }
            },
            Opcode::Gather4Scaled | Opcode::Scatter4Scaled => {
                u32::from(channel_mask(name, &line.mods)?)
            }
            Opcode::DwordAtomic => 0,
            Opcode::Gather | Opcode::Scatter | Opcode::QwGather | Opcode::QwScatter => {
                let qw = matches!(opcode, Opcode::QwGather | Opcode::QwScatter);
                let (field, what) = if qw {
                    ("num_blocks", "qwords per lane")
                } else {
                    ("elt_size", "bytes per element")
                };
                match mods[..] {
                    ["1"] => 1,
                    ["2"] => 2,
                    ["4"] => 4,
                    _ => {
                        return Err(invalid(
                            field,
                            format!("`{name}` takes `.<{field}>`: 1, 2 or 4 {what} (`{name}.4`)"),
                        ))
                    }
                }
            }
            _ => {
                if !mods.is_empty() {
                    return Err(invalid("size", format!("`{name}` takes no `.` modifier")));
                }
                0
            }
        };
        if opcode == Opcode::DwordAtomic {
            return self.dword_atomic(line, &mods);
        }
        if matches!(
            opcode,
            Opcode::Gather | Opcode::Scatter | Opcode::QwGather | Opcode::QwScatter
        ) {
            return self.element_message(line, opcode, field);
        }
        let (mask, exec_size, field) = if oword {
            // `(<size>)` is the number of owords (OWORD_LD.md, Text).
            let Some(exec) = line.exec else {
                return Err(invalid("size", "missing oword count `(<size>)`"));
            };
            if exec.mask.is_some() {
                return Err(invalid(
                    "size",
                    format!("`{name}` takes only an oword count `(<size>)`, no mask control"),
                ));
            }
            let no_mask = MaskControl {
                group: 1,
                no_mask: true,
            };
            (no_mask, 1, exec.size)
        } else {
            let (mask, exec_size) = self.exec(line.exec)?;
            (mask, exec_size, field)
        };
        let pred = match &line.pred {
            Some(_) if oword => {
                return Err(invalid("pred", format!("`{name}` takes no predicate")));
            }
            _ => self.optional_predicate(line, mask, exec_size)?,
        };
        let want = if oword { 3 } else { 4 };
        if line.operands.len() != want {
            let names = if oword {
                "surface, offset, data"
            } else {
                "surface, offset, element offset, data"
            };
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes {want} operands ({names}), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.dataport_surface(&ops[0])?;
        let offset = self.svm_scalar(&ops[1], "offset")?;
        let null = Dst::Null { ty: DataType::UD };
        let (dst, ctrl) = match opcode {
            Opcode::GatherScaled | Opcode::Gather4Scaled => {
                let element_offset = self.svm_payload(&ops[2], "element_offset")?;
                let dst = self.svm_raw_dst(&ops[3], "dst", false)?;
                let ctrl = if opcode == Opcode::GatherScaled {
                    DataportCtrl::GatherScaled {
                        num_blocks: field,
                        surface,
                        offset,
                        element_offset,
                    }
                } else {
                    DataportCtrl::Gather4Scaled {
                        ch_mask: field as u8,
                        surface,
                        offset,
                        element_offset,
                    }
                };
                (dst, ctrl)
            }
            Opcode::ScatterScaled | Opcode::Scatter4Scaled => {
                let element_offset = self.svm_payload(&ops[2], "element_offset")?;
                let src = self.svm_payload(&ops[3], "src")?;
                let ctrl = if opcode == Opcode::ScatterScaled {
                    DataportCtrl::ScatterScaled {
                        num_blocks: field,
                        surface,
                        offset,
                        element_offset,
                        src,
                    }
                } else {
                    DataportCtrl::Scatter4Scaled {
                        ch_mask: field as u8,
                        surface,
                        offset,
                        element_offset,
                        src,
                    }
                };
                (null, ctrl)
            }
            Opcode::OwordLd => (
                self.svm_raw_dst(&ops[2], "dst", false)?,
                DataportCtrl::OwordLd {
                    num_owords: field,
                    surface,
                    offset,
                },
            ),
            Opcode::OwordLdUnaligned => (
                self.svm_raw_dst(&ops[2], "dst", false)?,
                DataportCtrl::OwordLdUnaligned {
                    num_owords: field,
                    surface,
                    offset,
                },
            ),
            _ => (
                null,
                DataportCtrl::OwordSt {
                    num_owords: field,
                    surface,
                    offset,
                    src: self.svm_payload(&ops[2], "src")?,
                },
            ),
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

    /// DWORD_ATOMIC.md, Text: `[(P)] dword_atomic.<op>[.16] (<mask>, <n>) <surface>
    /// <element_offset> <src0> <src1> <dst>`, `%null` where an operand is V0.
    fn dword_atomic(&mut self, line: &InsnLine, mods: &[&str]) -> Result<Instruction> {
        let (op, width) = atomic_op("dword_atomic", mods)?;
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = self.optional_predicate(line, mask, exec_size)?;
        if line.operands.len() != 5 {
            return Err(invalid(
                "operands",
                format!(
                    "`dword_atomic` takes 5 operands (surface, element offset, src0, src1, dst), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.dataport_surface(&ops[0])?;
        let element_offset = self.svm_payload(&ops[1], "element_offset")?;
        let src0 = self.svm_raw(&ops[2], "src0", true)?;
        let src1 = self.svm_raw(&ops[3], "src1", true)?;
        let dst = self.svm_raw_dst(&ops[4], "dst", true)?;
        Ok(Instruction {
            pos: self.pos,
            opcode: Opcode::DwordAtomic,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Dataport(DataportCtrl::DwordAtomic {
                op,
                width,
                surface,
                element_offset,
                src0,
                src1,
            }),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// GATHER.md, SCATTER.md (IGC's text, GATHER-SCATTER-TEXT): `gather.<elt_size> (<mask>,
    /// <num_elts>) <surface> <global_offset> <element_offset> <dst>`, no predicate;
    /// QW_GATHER.md, QW_SCATTER.md: `[(P)] qw_gather.<num_blocks> (<mask>, <exec_size>)
    /// <surface> <offset> <dst>`. `field` is the element size or the block count.
    fn element_message(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
        field: u32,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let qw = matches!(opcode, Opcode::QwGather | Opcode::QwScatter);
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(_) if !qw => {
                return Err(invalid("pred", format!("`{name}` takes no predicate")));
            }
            _ => self.optional_predicate(line, mask, exec_size)?,
        };
        let (want, names) = if qw {
            (3, "surface, offset, data")
        } else {
            (4, "surface, global offset, element offset, data")
        };
        if line.operands.len() != want {
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes {want} operands ({names}), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.dataport_surface(&ops[0])?;
        let null = Dst::Null { ty: DataType::UD };
        let (dst, ctrl) = match opcode {
            Opcode::Gather => (
                self.svm_raw_dst(&ops[3], "dst", false)?,
                DataportCtrl::Gather {
                    elt_size: field,
                    surface,
                    global_offset: self.svm_scalar(&ops[1], "global_offset")?,
                    element_offset: self.svm_payload(&ops[2], "element_offset")?,
                },
            ),
            Opcode::Scatter => (
                null,
                DataportCtrl::Scatter {
                    elt_size: field,
                    surface,
                    global_offset: self.svm_scalar(&ops[1], "global_offset")?,
                    element_offset: self.svm_payload(&ops[2], "element_offset")?,
                    src: self.svm_payload(&ops[3], "src")?,
                },
            ),
            Opcode::QwGather => (
                self.svm_raw_dst(&ops[2], "dst", false)?,
                DataportCtrl::QwGather {
                    num_blocks: field,
                    surface,
                    offset: self.svm_payload(&ops[1], "offset")?,
                },
            ),
            _ => (
                null,
                DataportCtrl::QwScatter {
                    num_blocks: field,
                    surface,
                    offset: self.svm_payload(&ops[1], "offset")?,
                    src: self.svm_payload(&ops[2], "src")?,
                },
            ),
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
        let name = surface_name(op, "`T6`, `%slm`")?;
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
        Ok(DataportSurface::Var(self.surface_var(name, op.pos)?))
    }

    /// A declared surface variable by its name.
    pub(super) fn surface_var(&mut self, name: &str, pos: Pos) -> Result<VarId> {
        let id = self.var(name, pos, "surface")?;
        if self.vars.get(id).class != VarClass::Surface {
            return Err(invalid_at(
                pos,
                "surface",
                format!("`{name}` is not a surface variable"),
            ));
        }
        Ok(id)
    }

    /// The predicate `(<P>)` of a line that may have one.
    pub(super) fn optional_predicate(
        &mut self,
        line: &InsnLine,
        mask: MaskControl,
        exec_size: u32,
    ) -> Result<Option<Predicate>> {
        line.pred
            .as_ref()
            .map(|p| self.predicate(p, mask, exec_size))
            .transpose()
    }
}

/// The surface operand's name: a pre-defined surface's or a surface variable's
/// (`examples` in the message).
pub(super) fn surface_name<'a>(op: &'a Operand, examples: &str) -> Result<&'a str> {
    match &op.kind {
        OperandKind::Name(n) => Ok(n.as_str()),
        OperandKind::Var { name, origin, .. } if origin.is_empty() => Ok(name.as_str()),
        _ => Err(invalid_at(
            op.pos,
            "surface",
            format!("the surface is a surface variable's name ({examples})"),
        )),
    }
}

/// The one channel mask `.RGBA` of a 4-channel message's text.
pub(super) fn channel_mask(name: &str, mods: &[String]) -> Result<u8> {
    let [ch] = mods else {
        return Err(invalid(
            "channels",
            format!("`{name}` takes one channel mask `.RGBA` (R, G, B, A in order)"),
        ));
    };
    parse_channels(ch).ok_or_else(|| {
        invalid(
            "channels",
            format!(
                "channel mask `{ch}`: letters R, G, B, A at most once each, in that order, at least one"
            ),
        )
    })
}

/// An atomic message's `.<op>[.16]`: the operation and its width (DWORD_ATOMIC.md and
/// TYPED_ATOMIC.md, Op bits 4..0 and bit 5).
pub(super) fn atomic_op<S: AsRef<str>>(name: &str, mods: &[S]) -> Result<(AtomicOp, u32)> {
    let (op, width) = match mods {
        [op] => (op.as_ref(), 32),
        [op, w] if w.as_ref() == "16" => (op.as_ref(), 16),
        _ => {
            return Err(invalid(
                "op",
                format!("`{name}` takes `.<op>` and an optional `.16` (`{name}.add`)"),
            ))
        }
    };
    let op = AtomicOp::from_name(op).ok_or_else(|| {
        invalid(
            "op",
            format!("`{op}` is not an operation of the DWORD_ATOMIC_OP table"),
        )
    })?;
    Ok((op, width))
}

/// A surface variable of the IR: a declared variable of class surface.
pub(super) fn check_surface_var(vars: &Vars, v: VarId) -> Result<()> {
    if v.0 as usize >= vars.len() || vars.get(v).class != VarClass::Surface {
        return Err(invalid("surface", "the surface is not a surface variable"));
    }
    Ok(())
}

/// The data operand of a load or a store: the store's Src (its Dst `%null`), or the
/// load's raw general Dst; with its field's name.
pub(super) fn data_operand(src: Option<Payload>, dst: &Dst) -> Result<(Payload, &'static str)> {
    match (src, dst) {
        (Some(src), Dst::Null { .. }) => Ok((src, "src")),
        (Some(_), _) => Err(invalid("dst", "a store has no destination")),
        (
            None,
            Dst::General {
                var, row, col, ty, ..
            },
        ) => Ok((
            Payload {
                var: *var,
                row: *row,
                col: *col,
                ty: *ty,
            },
            "dst",
        )),
        (None, _) => Err(invalid("dst", "the destination is a raw general operand")),
    }
}

/// The opcode each control variant belongs to.
fn opcode_of(ctrl: &DataportCtrl) -> Opcode {
    match ctrl {
        DataportCtrl::GatherScaled { .. } => Opcode::GatherScaled,
        DataportCtrl::ScatterScaled { .. } => Opcode::ScatterScaled,
        DataportCtrl::Gather4Scaled { .. } => Opcode::Gather4Scaled,
        DataportCtrl::Scatter4Scaled { .. } => Opcode::Scatter4Scaled,
        DataportCtrl::OwordLd { .. } => Opcode::OwordLd,
        DataportCtrl::OwordLdUnaligned { .. } => Opcode::OwordLdUnaligned,
        DataportCtrl::OwordSt { .. } => Opcode::OwordSt,
        DataportCtrl::DwordAtomic { .. } => Opcode::DwordAtomic,
        DataportCtrl::Gather { .. } => Opcode::Gather,
        DataportCtrl::Scatter { .. } => Opcode::Scatter,
        DataportCtrl::QwGather { .. } => Opcode::QwGather,
        DataportCtrl::QwScatter { .. } => Opcode::QwScatter,
    }
}

/// Every rule of the dataport documents on the IR, in the documents' order: mask and
/// predicate, destination and sources, the fields (execution size, block count, channel
/// mask or oword count, surface), the operand types, the operands' extents.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::Dataport(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "a dataport message needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    if opcode_of(ctrl) != insn.opcode {
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
    match ctrl {
        DataportCtrl::DwordAtomic { .. } => {
            return atomic_rules(insn, ctrl, vars, platform, readings)
        }
        DataportCtrl::Gather { .. }
        | DataportCtrl::Scatter { .. }
        | DataportCtrl::QwGather { .. }
        | DataportCtrl::QwScatter { .. } => {
            return element_rules(insn, ctrl, vars, platform, readings)
        }
        _ => {}
    }
    let data = match (ctrl.is_store(), &insn.dst) {
        (true, Dst::Null { .. }) => None,
        (true, _) => return Err(invalid("dst", "a store has no destination")),
        (false, dst) => Some(data_operand(None, dst)?.0),
    };
    if let DataportSurface::Var(v) = ctrl.surface() {
        check_surface_var(vars, v)?;
    }
    let es = insn.exec_size;
    let grf = platform.grf_size();
    // The data operand (Dst or Src), its field's name and the bytes it covers.
    let (data, field, data_bytes) = match *ctrl {
        DataportCtrl::GatherScaled { num_blocks, .. }
        | DataportCtrl::ScatterScaled { num_blocks, .. } => {
            // Exec_size bits 2..0: 1, 2, 4, 8, 16 or 32 elements.
            if ![1, 2, 4, 8, 16, 32].contains(&es) {
                return Err(invalid(
                    "exec_size",
                    format!("execution size {es} is not 1, 2, 4, 8, 16 or 32"),
                ));
            }
            // Num_blocks bits 1..0: 1, 2 or 4 blocks of one byte.
            if !NUM_BLOCKS.contains(&num_blocks) {
                return Err(invalid(
                    "num_blocks",
                    format!("{num_blocks} blocks: 1, 2 or 4"),
                ));
            }
            scaled_data(ctrl, data, 4 * es as usize)?
        }
        DataportCtrl::Gather4Scaled { ch_mask, .. }
        | DataportCtrl::Scatter4Scaled { ch_mask, .. } => {
            // Exec_size bits 2..0: 8 or 16 elements.
            if ![8, 16].contains(&es) {
                return Err(invalid(
                    "exec_size",
                    format!("execution size {es} is not 8 or 16"),
                ));
            }
            check_channel_mask(ch_mask)?;
            scaled_data(ctrl, data, channels_bytes(es, grf, ch_mask))?
        }
        DataportCtrl::OwordLd {
            num_owords,
            surface,
            ..
        }
        | DataportCtrl::OwordLdUnaligned {
            num_owords,
            surface,
            ..
        }
        | DataportCtrl::OwordSt {
            num_owords,
            surface,
            ..
        } => {
            // "The execution mask is set to 'NoMask'": one channel, unpredicated.
            if es != 1 || !insn.mask.no_mask || insn.mask.group != 1 || insn.pred.is_some() {
                return Err(invalid(
                    "exec_size",
                    "the oword forms run once under NoMask, unpredicated",
                ));
            }
            // Size bits 2..0: 1, 2, 4 or 8 owords; {XEHP+} 16, "only when surface is T0".
            if !NUM_OWORDS.contains(&num_owords) {
                return Err(invalid(
                    "size",
                    format!("{num_owords} owords: 1, 2, 4, 8 or 16"),
                ));
            }
            // Surface: "T0 (SLM): {ICLLP+} Yes. No for earlier platforms".
            if surface == DataportSurface::Slm && !platform.is_icllp_plus() {
                return Err(invalid(
                    "surface",
                    format!(
                        "the oword forms reach T0 (SLM) from ICLLP (gen11) on, not on {}",
                        platform.name()
                    ),
                ));
            }
            if num_owords == 16 && !(platform.is_xehp_plus() && surface == DataportSurface::Slm) {
                return Err(invalid(
                    "size",
                    "16 owords need an XEHP+ platform and the surface T0 (SLM)",
                ));
            }
            let bytes = 16 * num_owords as usize;
            match (*ctrl, data) {
                (DataportCtrl::OwordSt { src, .. }, _) => (src, "src", bytes),
                (_, Some(dst)) => (dst, "dst", bytes),
                (_, None) => return Err(invalid("dst", "a load needs its destination")),
            }
        }
        DataportCtrl::DwordAtomic { .. }
        | DataportCtrl::Gather { .. }
        | DataportCtrl::Scatter { .. }
        | DataportCtrl::QwGather { .. }
        | DataportCtrl::QwScatter { .. } => {
            return Err(invalid("opcode", "this message has its own rules"));
        }
    };
    let offset = match *ctrl {
        DataportCtrl::GatherScaled { offset, .. }
        | DataportCtrl::ScatterScaled { offset, .. }
        | DataportCtrl::Gather4Scaled { offset, .. }
        | DataportCtrl::Scatter4Scaled { offset, .. }
        | DataportCtrl::OwordLd { offset, .. }
        | DataportCtrl::OwordLdUnaligned { offset, .. }
        | DataportCtrl::OwordSt { offset, .. } => offset,
        _ => {
            return Err(invalid("opcode", "this message has its own rules"));
        }
    };
    // Offset: "Must have type UD".
    if offset.ty() != DataType::UD {
        return Err(invalid(
            "offset",
            format!("the offset has type {}, not UD", offset.ty()),
        ));
    }
    if let Some(element_offset) = element_offset(ctrl) {
        // Element_offset: "Must have type UD".
        if element_offset.ty != DataType::UD {
            return Err(invalid(
                "element_offset",
                format!(
                    "the element offsets have type {}, not UD",
                    element_offset.ty
                ),
            ));
        }
        // Dst and Src: "Must have type UD,D,F".
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
            4 * es as usize,
            "element_offset",
        )?;
    }
    check_in_var(vars, platform, &data, data_bytes, field)?;
    if let Scalar::Var { var, row, col, ty } = offset {
        check_in_var(vars, platform, &Payload { var, row, col, ty }, 4, "offset")?;
    }
    Ok(())
}

/// The element offsets of the scaled and 4-channel forms.
fn element_offset(ctrl: &DataportCtrl) -> Option<Payload> {
    match *ctrl {
        DataportCtrl::GatherScaled { element_offset, .. }
        | DataportCtrl::ScatterScaled { element_offset, .. }
        | DataportCtrl::Gather4Scaled { element_offset, .. }
        | DataportCtrl::Scatter4Scaled { element_offset, .. } => Some(element_offset),
        _ => None,
    }
}

/// The data operand of a scaled or 4-channel form: the load's Dst or the store's Src.
fn scaled_data(
    ctrl: &DataportCtrl,
    dst: Option<Payload>,
    bytes: usize,
) -> Result<(Payload, &'static str, usize)> {
    match (*ctrl, dst) {
        (DataportCtrl::ScatterScaled { src, .. }, _)
        | (DataportCtrl::Scatter4Scaled { src, .. }, _) => Ok((src, "src", bytes)),
        (_, Some(dst)) => Ok((dst, "dst", bytes)),
        (_, None) => Err(invalid("dst", "a load needs its destination")),
    }
}

/// GATHER.md, SCATTER.md, QW_GATHER.md and QW_SCATTER.md: the predicate, the element size
/// or block count, the surface, the operand types and the operands' extents (the execution
/// sizes are the opcode table's).
fn element_rules(
    insn: &Instruction,
    ctrl: &DataportCtrl,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let es = insn.exec_size as usize;
    let name = insn.opcode.mnemonic();
    // (data bytes per lane, Element_offset or Offset, Global_offset, Src, data types)
    let (lane_bytes, offsets, global, src, types): (
        usize,
        Payload,
        Option<Scalar>,
        _,
        &[DataType],
    ) = match *ctrl {
        DataportCtrl::Gather {
            elt_size,
            global_offset,
            element_offset,
            ..
        }
        | DataportCtrl::Scatter {
            elt_size,
            global_offset,
            element_offset,
            ..
        } => {
            // No Pred field in the Format; IGC's grammar has no predicate.
            if insn.pred.is_some() {
                return Err(invalid("pred", format!("`{name}` takes no predicate")));
            }
            // Elt_size bits 1..0: 1, 2 or 4 bytes.
            if !ELT_SIZES.contains(&elt_size) {
                return Err(invalid(
                    "elt_size",
                    format!("element size {elt_size}: 1, 2 or 4 bytes"),
                ));
            }
            let src = match *ctrl {
                DataportCtrl::Scatter { src, .. } => Some(src),
                _ => None,
            };
            (4, element_offset, Some(global_offset), src, &DATA_TYPES)
        }
        DataportCtrl::QwGather {
            num_blocks, offset, ..
        }
        | DataportCtrl::QwScatter {
            num_blocks, offset, ..
        } => {
            // Num_blocks: 1 block (QW-GATHER-BLOCKS resolved: 1, 2 or 4).
            let literal = readings.is_literal(errata::QW_GATHER_BLOCKS);
            if !QW_NUM_BLOCKS.contains(&num_blocks) || (literal && num_blocks != 1) {
                return Err(invalid(
                    "num_blocks",
                    if literal {
                        format!("{num_blocks} blocks: Num_blocks encodes 1 block (QW-GATHER-BLOCKS, literal)")
                    } else {
                        format!("{num_blocks} blocks: 1, 2 or 4")
                    },
                ));
            }
            let src = match *ctrl {
                DataportCtrl::QwScatter { src, .. } => Some(src),
                _ => None,
            };
            (8 * num_blocks as usize, offset, None, src, &QW_DATA_TYPES)
        }
        _ => return Err(invalid("opcode", "not a GATHER, SCATTER or QW form")),
    };
    // Surface: GATHER and SCATTER list T0 and T255 (GATHER-SCATTER-SURFACES: also a
    // binding-table buffer); QW_GATHER: any surface, T0 among them.
    if let DataportSurface::Var(v) = ctrl.surface() {
        if global.is_some() && readings.is_literal(errata::GATHER_SCATTER_SURFACES) {
            return Err(invalid(
                "surface",
                format!("`{name}`'s surface is T0 or T255 (GATHER-SCATTER-SURFACES, literal)"),
            ));
        }
        check_surface_var(vars, v)?;
    }
    let (data, field) = data_operand(src, &insn.dst)?;
    // Global_offset: "Must have type UD".
    if let Some(g) = global {
        if g.ty() != DataType::UD {
            return Err(invalid(
                "global_offset",
                format!("the global offset has type {}, not UD", g.ty()),
            ));
        }
        if let Scalar::Var { var, row, col, ty } = g {
            let p = Payload { var, row, col, ty };
            check_in_var(vars, platform, &p, 4, "global_offset")?;
        }
    }
    // Element_offset (Offset): "Must have type UD".
    let offsets_field = if global.is_some() {
        "element_offset"
    } else {
        "offset"
    };
    if offsets.ty != DataType::UD {
        return Err(invalid(
            offsets_field,
            format!("the offsets have type {}, not UD", offsets.ty),
        ));
    }
    // Dst and Src: UD, D, F (GATHER, SCATTER); Q, UQ, DF (QW_GATHER, QW_SCATTER).
    if !types.contains(&data.ty) {
        return Err(invalid(
            field,
            format!("{field} has type {}, not {}", data.ty, type_names(types)),
        ));
    }
    check_in_var(vars, platform, &offsets, 4 * es, offsets_field)?;
    check_in_var(vars, platform, &data, lane_bytes * es, field)
}

/// DWORD_ATOMIC.md: the operation and its width, the execution size, the surface, the
/// sources the operation reads (V0 for the others), the operand types of the Notes and the
/// operands' extents.
fn atomic_rules(
    insn: &Instruction,
    ctrl: &DataportCtrl,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let DataportCtrl::DwordAtomic {
        op,
        width,
        surface,
        element_offset,
        src0,
        src1,
    } = *ctrl
    else {
        return Err(invalid("opcode", "DWORD_ATOMIC without its fields"));
    };
    // Exec_size bits 2..0: 1, 2, 4, 8 or 16 elements.
    let es = insn.exec_size;
    if ![1, 2, 4, 8, 16].contains(&es) {
        return Err(invalid(
            "exec_size",
            format!("execution size {es} is not 1, 2, 4, 8 or 16"),
        ));
    }
    // Op bits 4..0 and {TGLLP+} bit 5: 32-bit, or 16-bit with `.16`.
    if ![16, 32].contains(&width) {
        return Err(invalid("op", format!("atomic width {width}: 32 or 16")));
    }
    // Surface: T0 and T255 (DWORD-ATOMIC-SURFACES: also a binding-table buffer).
    if let DataportSurface::Var(v) = surface {
        if readings.is_literal(errata::DWORD_ATOMIC_SURFACES) {
            return Err(invalid(
                "surface",
                "DWORD_ATOMIC's surface is T0 or T255 (DWORD-ATOMIC-SURFACES, literal)",
            ));
        }
        check_surface_var(vars, v)?;
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
    // Notes: IMIN, IMAX D; FMAX, FMIN, FCMPWR F; the others UD (and D under
    // SVM-ATOMIC-SIGNED-TYPES, resolved); the 16-bit forms keep the 32-bit types.
    let types = signed_types(op.types(32), readings);
    // Src0: V0 for INC and DEC (and PREDEC); Src1: V0 but for CMPXCHG and FCMPWR.
    let reads = [op.num_srcs() > 0, op.num_srcs() > 1];
    atomic_operands(insn, op, reads, &types, [src0, src1], vars, platform)?;
    check_in_var(
        vars,
        platform,
        &element_offset,
        4 * es as usize,
        "element_offset",
    )
}

/// An atomic's operand types with D beside UD where SVM-ATOMIC-SIGNED-TYPES' resolved
/// reading admits it.
pub(super) fn signed_types(types: &[DataType], readings: &Readings) -> Vec<DataType> {
    let mut types = types.to_vec();
    if !readings.is_literal(errata::SVM_ATOMIC_SIGNED_TYPES) && types == [DataType::UD] {
        types.push(DataType::D);
    }
    types
}

/// The sources and destination of an atomic message (DWORD_ATOMIC.md, TYPED_ATOMIC.md):
/// Src0 and Src1 where the operation reads them (`reads`), V0 (`%null`) otherwise; Dst a
/// raw operand or `%null`; Dst, Src0 and Src1 of one type of `types`; each covering one
/// dword per lane.
pub(super) fn atomic_operands(
    insn: &Instruction,
    op: AtomicOp,
    reads: [bool; 2],
    types: &[DataType],
    srcs: [Option<Payload>; 2],
    vars: &Vars,
    platform: Platform,
) -> Result<()> {
    let es = insn.exec_size as usize;
    let mut seen: Option<DataType> = None;
    for ((field, src), used) in ["src0", "src1"].into_iter().zip(srcs).zip(reads) {
        match src {
            None if used => {
                return Err(invalid(
                    field,
                    format!("`{}` reads {field}: it cannot be `%null`", op.name()),
                ))
            }
            Some(_) if !used => {
                return Err(invalid(
                    field,
                    format!("`{}` takes no {field}: it must be `%null`", op.name()),
                ))
            }
            Some(p) => {
                if !types.contains(&p.ty) || seen.is_some_and(|t| t != p.ty) {
                    return Err(invalid(
                        field,
                        format!(
                            "`{}` operands have one type of {}, not {}",
                            op.name(),
                            type_names(types),
                            p.ty
                        ),
                    ));
                }
                seen = Some(p.ty);
                check_in_var(vars, platform, &p, 4 * es, field)?;
            }
            None => {}
        }
    }
    match insn.dst {
        Dst::Null { .. } => Ok(()),
        Dst::General {
            var, row, col, ty, ..
        } => {
            if !types.contains(&ty) || seen.is_some_and(|t| t != ty) {
                return Err(invalid(
                    "dst",
                    format!(
                        "`{}` operands have one type of {}, not {ty}",
                        op.name(),
                        type_names(types)
                    ),
                ));
            }
            let p = Payload { var, row, col, ty };
            check_in_var(vars, platform, &p, 4 * es, "dst")
        }
        _ => Err(invalid(
            "dst",
            "the destination is a raw operand or `%null`",
        )),
    }
}

/// Channels bits 3..0 of the 4-channel messages: "0000" is not allowed.
pub(super) fn check_channel_mask(ch_mask: u8) -> Result<()> {
    if ch_mask == 0 || ch_mask > 0xf {
        return Err(invalid(
            "channels",
            format!("channel mask {ch_mask:#06b} enables no channel or names a fifth"),
        ));
    }
    Ok(())
}

/// The register bytes of a 4-channel message's data: each enabled channel starts a
/// register (`max(exec_size, GRF_SIZE / 4)` dwords on), the last one covers its
/// exec_size dwords.
pub(super) fn channels_bytes(es: u32, grf: usize, ch_mask: u8) -> usize {
    let n = ch_mask.count_ones() as usize;
    (n - 1) * (es as usize).max(grf / 4) * 4 + 4 * es as usize
}

/// A list of types as the messages write it (`UD, D`).
pub(super) fn type_names(types: &[DataType]) -> String {
    types
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

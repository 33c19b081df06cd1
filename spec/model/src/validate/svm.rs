//! Validation of the SVM instructions (instructions/SVM_BLOCK_LD.md, SVM_BLOCK_ST.md,
//! SVM_GATHER.md, SVM_SCATTER.md, SVM_GATHER4_SCALED.md, SVM_SCATTER4_SCALED.md,
//! SVM_ATOMIC.md): the text forms of ../reference/asm-syntax.md to the IR, then every rule of
//! the documents on the IR ([`rules`], which `check_program` runs again).
//!
//! IR shape (`ctrl` is [`Ctrl::Svm`]):
//! - a scalar operand (`Address(scalar)`, `V(0,0)<0;1,0>` or an immediate) is a `General`
//!   source with region `<0;1,0>` (or `Imm`), of type UQ;
//! - a raw operand `V.OFFSET` is a `General` operand whose byte offset in the variable is
//!   `row * GRF size + col * element size` ([`raw_byte_offset`]); its region is unused;
//! - `%null` is `Dst::Null` as a destination and `Src::Imm { bits: 0 }` as a source.
//!
//! Sources by opcode: SVM_BLOCK_LD `[address]`; SVM_BLOCK_ST `[address, src]`; SVM_GATHER
//! `[addresses]`; SVM_SCATTER `[addresses, src]`; SVM_GATHER4_SCALED `[address,
//! element_offset]`; SVM_SCATTER4_SCALED `[address, element_offset, src]`; SVM_ATOMIC
//! `[addresses, src0, src1]`. Stores have a `Dst::Null` destination.
//!
//! The block forms have no execution size in their text (`(<size>)` is the oword count):
//! their IR has execution size 1 and mask control `M1_NM` (the documents' "NoMask").

use super::{invalid, invalid_at, Cx};
use crate::asm::ast::{InsnLine, MaskControl, Operand, OperandKind, RegionSyntax, VarClass};
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::svm::{parse_channels, raw_byte_offset, AtomicOp, SvmCtrl};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Region, Src};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

/// Parses the modifiers of an SVM text form into its control field.
pub fn svm_ctrl(opcode: Opcode, mods: &[String]) -> Result<SvmCtrl> {
    let name = opcode.mnemonic();
    let mods: Vec<&str> = mods.iter().map(String::as_str).collect();
    match opcode {
        // SVM_BLOCK_LD.md, Text: `[.unaligned]`; IGC also prints `.aligned`.
        Opcode::SvmBlockLd | Opcode::SvmBlockSt => {
            let unaligned = match mods.as_slice() {
                [] | ["aligned"] => false,
                ["unaligned"] if opcode == Opcode::SvmBlockLd => true,
                ["unaligned"] => {
                    return Err(invalid(
                        "mods",
                        "SVM_BLOCK_ST's address must be oword aligned: no `.unaligned` form",
                    ))
                }
                _ => {
                    return Err(invalid(
                        "mods",
                        format!("`{name}` takes only `.aligned` or `.unaligned`"),
                    ))
                }
            };
            // The oword count comes from `(<size>)`: filled in by the caller.
            Ok(SvmCtrl::Block {
                num_owords: 0,
                unaligned,
            })
        }
        // SVM_GATHER.md, Text: `.<block_size>.<num_blocks>` in bytes and blocks.
        Opcode::SvmGather | Opcode::SvmScatter => {
            let [bs, nb] = mods.as_slice() else {
                return Err(invalid(
                    "mods",
                    format!("`{name}` takes `.<block_size>.<num_blocks>` (`{name}.4.1`)"),
                ));
            };
            let block_size = match *bs {
                "1" => 1,
                "4" => 4,
                "8" => 8,
                _ => {
                    return Err(invalid(
                        "block_size",
                        format!("block size `{bs}` is not 1, 4 or 8 bytes"),
                    ))
                }
            };
            let num_blocks = match *nb {
                "1" => 1,
                "2" => 2,
                "4" => 4,
                "8" => 8,
                _ => {
                    return Err(invalid(
                        "num_blocks",
                        format!("block count `{nb}` is not 1, 2, 4 or 8"),
                    ))
                }
            };
            Ok(SvmCtrl::Blocks {
                block_size,
                num_blocks,
            })
        }
        // SVM_GATHER4_SCALED.md, Text: `.<channels>` as RGBA letters.
        Opcode::SvmGather4Scaled | Opcode::SvmScatter4Scaled => {
            let [ch] = mods.as_slice() else {
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
            Ok(SvmCtrl::Channels { ch_mask })
        }
        // SVM_ATOMIC.md, Text: `.<op>[.16|.64]`.
        Opcode::SvmAtomic => {
            let (op, width) = match mods.as_slice() {
                [op] => (*op, 32),
                [op, "16"] => (*op, 16),
                [op, "64"] => (*op, 64),
                [_, w] => {
                    return Err(invalid(
                        "width",
                        format!("atomic width `.{w}` is not `.16` or `.64`"),
                    ))
                }
                _ => {
                    return Err(invalid(
                        "op",
                        "SVM_ATOMIC takes `.<op>[.16|.64]` (`svm_atomic.add`)",
                    ))
                }
            };
            let op = AtomicOp::from_name(op)
                .ok_or_else(|| invalid("op", format!("`{op}` is not an SVM atomic operation")))?;
            Ok(SvmCtrl::Atomic { op, width })
        }
        _ => Err(VisaError::model_bug(format!(
            "{name} is not an SVM instruction"
        ))),
    }
}

impl Cx<'_> {
    /// Builds the IR of an SVM line, then checks it with [`rules`].
    pub(crate) fn svm_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let mut ctrl = svm_ctrl(opcode, &line.mods)?;
        let block = matches!(opcode, Opcode::SvmBlockLd | Opcode::SvmBlockSt);
        let (mask, exec_size) = if block {
            // `(<size>)` is the number of owords (SVM_BLOCK_LD.md, Text and Properties).
            let Some(exec) = line.exec else {
                return Err(invalid("size", "missing oword count `(<size>)`"));
            };
            if exec.mask.is_some() {
                return Err(invalid(
                    "size",
                    "the block forms take only an oword count `(<size>)`, no mask control",
                ));
            }
            if let SvmCtrl::Block { num_owords, .. } = &mut ctrl {
                *num_owords = exec.size;
            }
            (
                MaskControl {
                    group: 1,
                    no_mask: true,
                },
                1,
            )
        } else {
            self.exec(line.exec)?
        };
        let pred = match &line.pred {
            Some(_) if block => {
                return Err(invalid(
                    "pred",
                    format!("{} takes no predicate", opcode.mnemonic()),
                ))
            }
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let want = match opcode {
            Opcode::SvmBlockLd | Opcode::SvmBlockSt | Opcode::SvmGather | Opcode::SvmScatter => 2,
            Opcode::SvmGather4Scaled | Opcode::SvmScatter4Scaled => 3,
            _ => 4,
        };
        if line.operands.len() != want {
            return Err(invalid(
                "operands",
                format!(
                    "`{}` takes {want} operands, {} given",
                    opcode.mnemonic(),
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let null_dst = Dst::Null { ty: DataType::UD };
        let (dst, srcs) = match opcode {
            Opcode::SvmBlockLd => (
                self.svm_raw_dst(&ops[1], "dst", false)?,
                vec![self.svm_scalar(&ops[0], "address")?],
            ),
            Opcode::SvmBlockSt => (
                null_dst,
                vec![
                    self.svm_scalar(&ops[0], "address")?,
                    self.svm_raw_src(&ops[1], "src", false)?,
                ],
            ),
            Opcode::SvmGather => (
                self.svm_raw_dst(&ops[1], "dst", false)?,
                vec![self.svm_raw_src(&ops[0], "addresses", false)?],
            ),
            Opcode::SvmScatter => (
                null_dst,
                vec![
                    self.svm_raw_src(&ops[0], "addresses", false)?,
                    self.svm_raw_src(&ops[1], "src", false)?,
                ],
            ),
            Opcode::SvmGather4Scaled => (
                self.svm_raw_dst(&ops[2], "dst", false)?,
                vec![
                    self.svm_scalar(&ops[0], "address")?,
                    self.svm_raw_src(&ops[1], "element_offset", false)?,
                ],
            ),
            Opcode::SvmScatter4Scaled => (
                null_dst,
                vec![
                    self.svm_scalar(&ops[0], "address")?,
                    self.svm_raw_src(&ops[1], "element_offset", false)?,
                    self.svm_raw_src(&ops[2], "src", false)?,
                ],
            ),
            _ => {
                // SVM_ATOMIC.md, Text: `<addresses> <dst> <src0> <src1>`; under the literal
                // reading of SVM-ATOMIC-OPERAND-ORDER the text's operands follow the Format
                // table's order `Addresses Src0 Src1 Dst`.
                let format_order = self.readings.is_literal(errata::SVM_ATOMIC_OPERAND_ORDER);
                let (d, s0, s1) = if format_order { (3, 1, 2) } else { (1, 2, 3) };
                (
                    self.svm_raw_dst(&ops[d], "dst", true)?,
                    vec![
                        self.svm_raw_src(&ops[0], "addresses", false)?,
                        self.svm_raw_src(&ops[s0], "src0", true)?,
                        self.svm_raw_src(&ops[s1], "src1", true)?,
                    ],
                )
            }
        };
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Svm(ctrl),
            dst,
            dst2: None,
            srcs,
        };
        Ok(insn)
    }

    /// A raw operand `V.OFFSET` or `%null.0`: its variable and byte offset.
    fn svm_raw(
        &mut self,
        op: &Operand,
        f: &str,
        null_ok: bool,
    ) -> Result<Option<(VarId, DataType, u32, u32)>> {
        let OperandKind::Raw { name, offset } = &op.kind else {
            return Err(invalid_at(
                op.pos,
                f,
                "this operand is a raw operand `NAME.OFFSET`",
            ));
        };
        if name == "%null" {
            if !null_ok {
                return Err(invalid_at(op.pos, f, "this operand cannot be `%null`"));
            }
            if *offset != 0 {
                return Err(invalid_at(op.pos, f, "`%null` takes offset 0"));
            }
            return Ok(None);
        }
        let id = self.var(name, op.pos, f)?;
        let info = self.vars.get(id);
        if info.class != VarClass::General {
            return Err(invalid_at(
                op.pos,
                f,
                format!("`{name}` is not a general variable"),
            ));
        }
        let ty = info.ty;
        if !offset.is_multiple_of(ty.size() as u32) {
            return Err(invalid_at(
                op.pos,
                f,
                format!(
                    "offset {offset} is not a multiple of the element size {} of `{name}`",
                    ty.size()
                ),
            ));
        }
        let grf = self.platform.grf_size() as u32;
        Ok(Some((
            id,
            ty,
            offset / grf,
            (offset % grf) / ty.size() as u32,
        )))
    }

    fn svm_raw_dst(&mut self, op: &Operand, f: &str, null_ok: bool) -> Result<Dst> {
        Ok(match self.svm_raw(op, f, null_ok)? {
            None => Dst::Null { ty: DataType::UD },
            Some((var, ty, row, col)) => Dst::General {
                var,
                row,
                col,
                hstride: 1,
                ty,
            },
        })
    }

    fn svm_raw_src(&mut self, op: &Operand, f: &str, null_ok: bool) -> Result<Src> {
        Ok(match self.svm_raw(op, f, null_ok)? {
            None => Src::Imm {
                bits: 0,
                ty: DataType::UD,
            },
            Some((var, ty, row, col)) => Src::General {
                var,
                row,
                col,
                region: Region::SCALAR,
                modifier: None,
                ty,
            },
        })
    }

    /// A scalar operand: `V(R,C)<0;1,0>` (region optional) or an immediate.
    fn svm_scalar(&mut self, op: &Operand, f: &str) -> Result<Src> {
        match &op.kind {
            OperandKind::Imm(imm) => Ok(Src::Imm {
                bits: imm.bits,
                ty: imm.ty,
            }),
            OperandKind::Var {
                modifier,
                name,
                origin,
                region,
                ty,
            } => {
                if modifier.is_some() {
                    return Err(invalid_at(op.pos, f, "a scalar address takes no modifier"));
                }
                let id = self.var(name, op.pos, f)?;
                let info = self.vars.get(id);
                if info.class != VarClass::General {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        format!("`{name}` is not a general variable"),
                    ));
                }
                let [row, col] = origin.as_slice() else {
                    return Err(invalid_at(op.pos, f, "a scalar operand is `V(R,C)<0;1,0>`"));
                };
                match region {
                    None
                    | Some(RegionSyntax::Src {
                        vstride: 0,
                        width: 1,
                        hstride: 0,
                    }) => {}
                    Some(_) => {
                        return Err(invalid_at(op.pos, f, "a scalar operand has region <0;1,0>"))
                    }
                }
                if ty.is_some_and(|t| t != info.ty) {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        format!("`{name}` is declared with type {}", info.ty),
                    ));
                }
                Ok(Src::General {
                    var: id,
                    row: *row,
                    col: *col,
                    region: Region::SCALAR,
                    modifier: None,
                    ty: info.ty,
                })
            }
            _ => Err(invalid_at(
                op.pos,
                f,
                "this operand is a scalar `V(R,C)<0;1,0>` or an immediate",
            )),
        }
    }
}

/// The byte extent a raw operand covers from its offset, for each operand of `insn`:
/// `(operand index, field, bytes)` with index 0 the destination and k+1 source k.
pub fn extents(insn: &Instruction, platform: Platform) -> Vec<(usize, &'static str, usize)> {
    let es = insn.exec_size as usize;
    let grf = platform.grf_size();
    match (insn.opcode, insn.ctrl.clone()) {
        (Opcode::SvmBlockLd, Ctrl::Svm(SvmCtrl::Block { num_owords, .. })) => {
            vec![(0, "dst", 16 * num_owords as usize)]
        }
        (Opcode::SvmBlockSt, Ctrl::Svm(SvmCtrl::Block { num_owords, .. })) => {
            vec![(2, "src", 16 * num_owords as usize)]
        }
        (
            Opcode::SvmGather | Opcode::SvmScatter,
            Ctrl::Svm(SvmCtrl::Blocks {
                block_size,
                num_blocks,
            }),
        ) => {
            let (bs, nb) = (block_size as usize, num_blocks as usize);
            let data = if bs == 1 {
                es * nb.max(4)
            } else {
                nb * es * bs
            };
            let data_at = if insn.opcode == Opcode::SvmGather {
                (0, "dst")
            } else {
                (2, "src")
            };
            vec![(1, "addresses", es * 8), (data_at.0, data_at.1, data)]
        }
        (
            Opcode::SvmGather4Scaled | Opcode::SvmScatter4Scaled,
            Ctrl::Svm(SvmCtrl::Channels { ch_mask }),
        ) => {
            let n = ch_mask.count_ones() as usize;
            let data = (n - 1) * es.max(grf / 4) * 4 + es * 4;
            let data_at = if insn.opcode == Opcode::SvmGather4Scaled {
                (0, "dst")
            } else {
                (3, "src")
            };
            vec![(2, "element_offset", es * 8), (data_at.0, data_at.1, data)]
        }
        (Opcode::SvmAtomic, Ctrl::Svm(SvmCtrl::Atomic { width, .. })) => {
            let data = es * if width == 64 { 8 } else { 4 };
            vec![
                (1, "addresses", es * 8),
                (0, "dst", data),
                (2, "src0", data),
                (3, "src1", data),
            ]
        }
        _ => Vec::new(),
    }
}

/// Every rule of the SVM documents on an SVM instruction's IR, in the documents' order:
/// mask and predicate, destination and source count, the control fields, the operand types,
/// then the operands' extents.
pub fn rules(insn: &Instruction, vars: &Vars, platform: Platform, _: &Readings) -> Result<()> {
    let Ctrl::Svm(ctrl) = insn.ctrl else {
        return Err(invalid(
            "opcode",
            "an SVM instruction needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    destination_and_sources(insn)?;
    let es = insn.exec_size;
    match (insn.opcode, ctrl) {
        (
            Opcode::SvmBlockLd | Opcode::SvmBlockSt,
            SvmCtrl::Block {
                num_owords,
                unaligned,
            },
        ) => block_fields(insn, num_owords, unaligned)?,
        (
            Opcode::SvmGather | Opcode::SvmScatter,
            SvmCtrl::Blocks {
                block_size,
                num_blocks,
            },
        ) => gather_fields(es, block_size, num_blocks)?,
        (Opcode::SvmGather4Scaled | Opcode::SvmScatter4Scaled, SvmCtrl::Channels { ch_mask }) => {
            channel_fields(es, ch_mask)?
        }
        (Opcode::SvmAtomic, SvmCtrl::Atomic { op, width }) => atomic_fields(insn, op, width)?,
        _ => {
            return Err(invalid(
                "opcode",
                format!("{} does not take this control", insn.opcode.mnemonic()),
            ))
        }
    }
    operand_types(insn, ctrl)?;
    operand_extents(insn, vars, platform)
}

/// Mask control and predicate (3_execution_model.md): the generic rules of check_program.
fn mask_and_predicate(insn: &Instruction, vars: &Vars) -> Result<()> {
    let es = insn.exec_size;
    if !(1..=8).contains(&insn.mask.group)
        || es == 0
        || !insn.mask.offset().is_multiple_of(es)
        || insn.mask.offset() + es > 32
    {
        return Err(invalid(
            "mask",
            format!(
                "execution size {es} with mask control M{} is not valid",
                insn.mask.group
            ),
        ));
    }
    if let Some(p) = &insn.pred {
        if p.var.0 as usize >= vars.len() || vars.get(p.var).class != VarClass::Predicate {
            return Err(invalid("pred", "the predicate is not a predicate variable"));
        }
    }
    Ok(())
}

/// Loads write a general destination, stores none; the source count of each form.
fn destination_and_sources(insn: &Instruction) -> Result<()> {
    let load = matches!(
        insn.opcode,
        Opcode::SvmBlockLd | Opcode::SvmGather | Opcode::SvmGather4Scaled
    );
    let store = matches!(
        insn.opcode,
        Opcode::SvmBlockSt | Opcode::SvmScatter | Opcode::SvmScatter4Scaled
    );
    if load && !matches!(insn.dst, Dst::General { .. }) {
        return Err(invalid("dst", "the destination is a raw general operand"));
    }
    if store && !matches!(insn.dst, Dst::Null { .. }) {
        return Err(invalid("dst", "a store has no destination"));
    }
    if insn.opcode == Opcode::SvmAtomic
        && !matches!(insn.dst, Dst::General { .. } | Dst::Null { .. })
    {
        return Err(invalid(
            "dst",
            "the destination is a raw general operand or V0",
        ));
    }
    let want_srcs = match insn.opcode {
        Opcode::SvmBlockLd | Opcode::SvmGather => 1,
        Opcode::SvmBlockSt | Opcode::SvmScatter | Opcode::SvmGather4Scaled => 2,
        _ => 3,
    };
    if insn.srcs.len() != want_srcs {
        return Err(invalid(
            "operands",
            format!("{} has {want_srcs} sources", insn.opcode.mnemonic()),
        ));
    }
    Ok(())
}

/// SVM_BLOCK_LD and SVM_BLOCK_ST: the oword count, `.unaligned`, one NoMask channel.
fn block_fields(insn: &Instruction, num_owords: u32, unaligned: bool) -> Result<()> {
    let es = insn.exec_size;
    // Properties bits 2..0: 1, 2, 4 or 8 owords.
    if ![1, 2, 4, 8].contains(&num_owords) {
        return Err(invalid(
            "size",
            format!("{num_owords} owords: the block forms move 1, 2, 4 or 8"),
        ));
    }
    if unaligned && insn.opcode == Opcode::SvmBlockSt {
        return Err(invalid("mods", "SVM_BLOCK_ST has no `.unaligned` form"));
    }
    if es != 1 || !insn.mask.no_mask || insn.pred.is_some() {
        return Err(invalid(
            "exec_size",
            "the block forms run once under NoMask, unpredicated",
        ));
    }
    Ok(())
}

/// SVM_GATHER and SVM_SCATTER: execution size, block size and block count.
fn gather_fields(es: u32, block_size: u32, num_blocks: u32) -> Result<()> {
    // Exec_size bits 2..0: 1, 2, 4, 8 or 16 elements.
    if ![1, 2, 4, 8, 16].contains(&es) {
        return Err(invalid(
            "exec_size",
            format!("execution size {es} is not 1, 2, 4, 8 or 16"),
        ));
    }
    if ![1, 4, 8].contains(&block_size) {
        return Err(invalid(
            "block_size",
            format!("block size {block_size} is not 1, 4 or 8 bytes"),
        ));
    }
    if ![1, 2, 4, 8].contains(&num_blocks) {
        return Err(invalid(
            "num_blocks",
            format!("block count {num_blocks} is not 1, 2, 4 or 8"),
        ));
    }
    // Num_blocks 0b11: "only valid for 4 byte blocks and execution size 8".
    if num_blocks == 8 && (block_size != 4 || es != 8) {
        return Err(invalid(
            "num_blocks",
            "8 blocks need 4-byte blocks and execution size 8",
        ));
    }
    // Notes: "When num_blocks > 1, exec_size must >= 8".
    if num_blocks > 1 && es < 8 {
        return Err(invalid(
            "exec_size",
            format!("{num_blocks} blocks need execution size 8 or more, not {es}"),
        ));
    }
    Ok(())
}

/// SVM_GATHER4_SCALED and SVM_SCATTER4_SCALED: execution size and channel mask.
fn channel_fields(es: u32, ch_mask: u8) -> Result<()> {
    // Exec_size bits 2..0: 8 or 16 elements.
    if ![8, 16].contains(&es) {
        return Err(invalid(
            "exec_size",
            format!("execution size {es} is not 8 or 16"),
        ));
    }
    // Channels: "0000" is not allowed.
    if ch_mask == 0 || ch_mask > 0xf {
        return Err(invalid(
            "channels",
            format!("channel mask {ch_mask:#06b} enables no channel or names a fifth"),
        ));
    }
    Ok(())
}

/// SVM_ATOMIC: execution size, width, the operation's sources and operand types.
fn atomic_fields(insn: &Instruction, op: AtomicOp, width: u32) -> Result<()> {
    let es = insn.exec_size;
    // Exec_size bits 2..0: 1, 2, 4 or 8 elements.
    if ![1, 2, 4, 8].contains(&es) {
        return Err(invalid(
            "exec_size",
            format!("execution size {es} is not 1, 2, 4 or 8"),
        ));
    }
    if ![16, 32, 64].contains(&width) {
        return Err(invalid("width", format!("atomic width {width}")));
    }
    let types = op.types(width);
    if types.is_empty() {
        return Err(invalid(
            "width",
            format!(
                "`{}` has no {width}-bit form (SVM_ATOMIC.md, Notes: type F only)",
                op.name()
            ),
        ));
    }
    // Src0: V0 for INC and DEC; Src1: V0 except for CMPXCHG and FCMPWR.
    for (k, field) in [(1usize, "src0"), (2, "src1")] {
        let null = matches!(insn.srcs[k], Src::Imm { bits: 0, .. });
        let used = op.num_srcs() >= k;
        if used && null {
            return Err(invalid(
                field,
                format!("`{}` reads {field}: it cannot be `%null`", op.name()),
            ));
        }
        if !used && !null {
            return Err(invalid(
                field,
                format!("`{}` takes no {field}: it must be `%null`", op.name()),
            ));
        }
        if used && !types.contains(&insn.srcs[k].ty()) {
            return Err(invalid(
                field,
                format!(
                    "`{}.{width}` operands have type {}, not {}",
                    op.name(),
                    names(types),
                    insn.srcs[k].ty()
                ),
            ));
        }
    }
    if !matches!(insn.dst, Dst::Null { .. }) && !types.contains(&insn.dst.ty()) {
        return Err(invalid(
            "dst",
            format!(
                "`{}.{width}` operands have type {}, not {}",
                op.name(),
                names(types),
                insn.dst.ty()
            ),
        ));
    }
    Ok(())
}

/// The operand types the documents name: UQ addresses, the block size's type, UD, D or F
/// channels.
fn operand_types(insn: &Instruction, ctrl: SvmCtrl) -> Result<()> {
    let ty_of_src = |k: usize| insn.srcs.get(k).map(Src::ty);
    let addresses_uq = |k: usize, field: &str| -> Result<()> {
        match ty_of_src(k) {
            Some(DataType::UQ) => Ok(()),
            Some(t) => Err(invalid(
                field,
                format!("{field} must have type UQ, not {t}"),
            )),
            None => Err(invalid(field, format!("{field} is missing"))),
        }
    };
    match insn.opcode {
        Opcode::SvmBlockLd | Opcode::SvmBlockSt => addresses_uq(0, "address")?,
        Opcode::SvmGather | Opcode::SvmScatter | Opcode::SvmAtomic => addresses_uq(0, "addresses")?,
        _ => {
            addresses_uq(0, "address")?;
            addresses_uq(1, "element_offset")?;
        }
    }
    // SVM_GATHER.md, Notes: "The operand's type must be the same size as <block_size>".
    if let SvmCtrl::Blocks { block_size, .. } = ctrl {
        let (field, ty) = if insn.opcode == Opcode::SvmGather {
            ("dst", insn.dst.ty())
        } else {
            ("src", insn.srcs[1].ty())
        };
        if ty.size() != block_size as usize {
            return Err(invalid(
                field,
                format!(
                    "{field} has type {ty} ({} bytes); {block_size}-byte blocks need a {block_size}-byte type",
                    ty.size()
                ),
            ));
        }
    }
    // SVM_GATHER4_SCALED.md, Dst / Src: "Must have type UD,D,F".
    if let SvmCtrl::Channels { .. } = ctrl {
        let (field, ty) = if insn.opcode == Opcode::SvmGather4Scaled {
            ("dst", insn.dst.ty())
        } else {
            ("src", insn.srcs[2].ty())
        };
        if ![DataType::UD, DataType::D, DataType::F].contains(&ty) {
            return Err(invalid(
                field,
                format!("{field} has type {ty}, not UD, D or F"),
            ));
        }
    }
    Ok(())
}

/// Operands are general variables (or `%null` where allowed) and raw extents fit; scalar
/// address operands are one element inside their variable.
fn operand_extents(insn: &Instruction, vars: &Vars, platform: Platform) -> Result<()> {
    // Operands are general variables (or %null where allowed) and raw extents fit.
    for (k, field, bytes) in extents(insn, platform) {
        let (var, row, col, ty) = match k {
            0 => match insn.dst {
                Dst::General {
                    var, row, col, ty, ..
                } => (var, row, col, ty),
                Dst::Null { .. } => continue,
                _ => return Err(invalid(field, format!("{field} is a raw general operand"))),
            },
            k => match insn.srcs.get(k - 1) {
                Some(Src::General {
                    var, row, col, ty, ..
                }) => (*var, *row, *col, *ty),
                Some(Src::Imm { bits: 0, .. }) if insn.opcode == Opcode::SvmAtomic => continue,
                _ => return Err(invalid(field, format!("{field} is a raw general operand"))),
            },
        };
        check_in_var(vars, platform, var, row, col, ty, bytes, field)?;
    }
    // Scalar address operands: one element inside the variable.
    for (k, field) in [(0usize, "address"), (1, "element_offset")] {
        let scalar = matches!(
            insn.opcode,
            Opcode::SvmBlockLd
                | Opcode::SvmBlockSt
                | Opcode::SvmGather4Scaled
                | Opcode::SvmScatter4Scaled
        ) && k == 0;
        if !scalar {
            continue;
        }
        match &insn.srcs[k] {
            Src::General {
                var, row, col, ty, ..
            } => check_in_var(vars, platform, *var, *row, *col, *ty, ty.size(), field)?,
            Src::Imm { .. } => {}
            _ => return Err(invalid(field, format!("{field} is a scalar operand"))),
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn check_in_var(
    vars: &Vars,
    platform: Platform,
    var: VarId,
    row: u32,
    col: u32,
    ty: DataType,
    bytes: usize,
    field: &str,
) -> Result<()> {
    if var.0 as usize >= vars.len() {
        return Err(invalid(field, format!("{field} names no variable")));
    }
    let info = vars.get(var);
    if info.class != VarClass::General || info.ty != ty {
        return Err(invalid(
            field,
            format!("{field} is not a general variable of its type"),
        ));
    }
    let start = raw_byte_offset(platform, row, col, ty);
    if start + bytes > info.byte_size() {
        return Err(invalid(
            field,
            format!(
                "{field} covers bytes {start}..{} of `{}`, which has {} bytes",
                start + bytes,
                info.name,
                info.byte_size()
            ),
        ));
    }
    Ok(())
}

fn names(types: &[DataType]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

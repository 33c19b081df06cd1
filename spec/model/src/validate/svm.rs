//! Validation of the SVM instructions (instructions/SVM_BLOCK_LD.md, SVM_BLOCK_ST.md,
//! SVM_GATHER.md, SVM_SCATTER.md, SVM_GATHER4_SCALED.md, SVM_SCATTER4_SCALED.md,
//! SVM_ATOMIC.md): the text forms of ../reference/asm-syntax.md to the IR, then every rule of
//! the documents on the IR ([`rules`], which `check_program` runs again).
//!
//! IR shape: `ctrl` is [`Ctrl::Svm`], whose [`SvmCtrl`] variant holds the document's fields
//! and its operands by name; `srcs` is empty.
//! - a scalar operand (`Address`: `V(0,0)<0;1,0>` or an immediate) is a [`Scalar`] of type
//!   UQ;
//! - a raw operand `V.OFFSET` is a [`Payload`] whose byte offset in the variable is
//!   `row * GRF size + col * element size` ([`raw_payload_offset`]);
//! - `%null` is `Dst::Null` as a destination and `None` as an atomic source.
//!
//! Loads and SVM_ATOMIC write the instruction's `dst`; stores have a `Dst::Null` destination.
//!
//! The block forms have no execution size in their text (`(<size>)` is the oword count):
//! their IR has execution size 1 and mask control `M1_NM` (the documents' "NoMask").

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use crate::asm::ast::{InsnLine, MaskControl, Operand, OperandKind, RegionSyntax, VarClass};
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::svm::{parse_channels, raw_payload_offset, AtomicOp, SvmCtrl};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Scalar};
use crate::platform::Platform;
use crate::state::Vars;
use crate::types::DataType;

/// The control fields an SVM text form writes as modifiers (and, for the block forms, as
/// `(<size>)`).
#[derive(Clone, Copy, Debug)]
enum Mods {
    Block { num_owords: u32, unaligned: bool },
    Blocks { block_size: u32, num_blocks: u32 },
    Channels { ch_mask: u8 },
    Atomic { op: AtomicOp, width: u32 },
}

/// Parses the modifiers of an SVM text form into its control fields.
fn svm_mods(opcode: Opcode, mods: &[String]) -> Result<Mods> {
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
            Ok(Mods::Block {
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
            Ok(Mods::Blocks {
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
            Ok(Mods::Channels { ch_mask })
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
            Ok(Mods::Atomic { op, width })
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
        let mut mods = svm_mods(opcode, &line.mods)?;
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
            if let Mods::Block { num_owords, .. } = &mut mods {
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
        let load = matches!(
            opcode,
            Opcode::SvmBlockLd | Opcode::SvmGather | Opcode::SvmGather4Scaled
        );
        // A load checks its destination first, then the operands in the text's order.
        let (dst, ctrl) = match mods {
            Mods::Block {
                num_owords,
                unaligned,
            } if load => {
                let dst = self.svm_raw_dst(&ops[1], "dst", false)?;
                let address = self.svm_scalar(&ops[0], "address")?;
                (
                    dst,
                    SvmCtrl::BlockLd {
                        num_owords,
                        unaligned,
                        address,
                    },
                )
            }
            Mods::Block { num_owords, .. } => (
                null_dst,
                SvmCtrl::BlockSt {
                    num_owords,
                    address: self.svm_scalar(&ops[0], "address")?,
                    src: self.svm_payload(&ops[1], "src")?,
                },
            ),
            Mods::Blocks {
                block_size,
                num_blocks,
            } if load => {
                let dst = self.svm_raw_dst(&ops[1], "dst", false)?;
                let addresses = self.svm_payload(&ops[0], "addresses")?;
                (
                    dst,
                    SvmCtrl::Gather {
                        block_size,
                        num_blocks,
                        addresses,
                    },
                )
            }
            Mods::Blocks {
                block_size,
                num_blocks,
            } => (
                null_dst,
                SvmCtrl::Scatter {
                    block_size,
                    num_blocks,
                    addresses: self.svm_payload(&ops[0], "addresses")?,
                    src: self.svm_payload(&ops[1], "src")?,
                },
            ),
            Mods::Channels { ch_mask } if load => {
                let dst = self.svm_raw_dst(&ops[2], "dst", false)?;
                let address = self.svm_scalar(&ops[0], "address")?;
                let element_offset = self.svm_payload(&ops[1], "element_offset")?;
                (
                    dst,
                    SvmCtrl::Gather4Scaled {
                        ch_mask,
                        address,
                        element_offset,
                    },
                )
            }
            Mods::Channels { ch_mask } => (
                null_dst,
                SvmCtrl::Scatter4Scaled {
                    ch_mask,
                    address: self.svm_scalar(&ops[0], "address")?,
                    element_offset: self.svm_payload(&ops[1], "element_offset")?,
                    src: self.svm_payload(&ops[2], "src")?,
                },
            ),
            Mods::Atomic { op, width } => {
                // SVM_ATOMIC.md, Text: `<addresses> <dst> <src0> <src1>`; under the literal
                // reading of SVM-ATOMIC-OPERAND-ORDER the text's operands follow the Format
                // table's order `Addresses Src0 Src1 Dst`.
                let format_order = self.readings.is_literal(errata::SVM_ATOMIC_OPERAND_ORDER);
                let (d, s0, s1) = if format_order { (3, 1, 2) } else { (1, 2, 3) };
                (
                    self.svm_raw_dst(&ops[d], "dst", true)?,
                    SvmCtrl::Atomic {
                        op,
                        width,
                        addresses: self.svm_payload(&ops[0], "addresses")?,
                        src0: self.svm_raw(&ops[s0], "src0", true)?,
                        src1: self.svm_raw(&ops[s1], "src1", true)?,
                    },
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
            srcs: Vec::new(),
        };
        Ok(insn)
    }

    /// A raw operand `V.OFFSET` (its variable from the origin the offset names), or `None`
    /// for `%null.0` where `null_ok`.
    pub(super) fn svm_raw(
        &mut self,
        op: &Operand,
        f: &str,
        null_ok: bool,
    ) -> Result<Option<Payload>> {
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
        Ok(Some(Payload {
            var: id,
            row: offset / grf,
            col: (offset % grf) / ty.size() as u32,
            ty,
        }))
    }

    /// A raw operand the document does not let be `%null`.
    pub(super) fn svm_payload(&mut self, op: &Operand, f: &str) -> Result<Payload> {
        self.svm_raw(op, f, false)?
            .ok_or_else(|| invalid_at(op.pos, f, "this operand cannot be `%null`"))
    }

    pub(super) fn svm_raw_dst(&mut self, op: &Operand, f: &str, null_ok: bool) -> Result<Dst> {
        Ok(match self.svm_raw(op, f, null_ok)? {
            None => Dst::Null { ty: DataType::UD },
            Some(p) => Dst::General {
                var: p.var,
                row: p.row,
                col: p.col,
                hstride: 1,
                ty: p.ty,
            },
        })
    }

    /// A scalar operand: `V(R,C)<0;1,0>` (region optional) or an immediate.
    pub(super) fn svm_scalar(&mut self, op: &Operand, f: &str) -> Result<Scalar> {
        match &op.kind {
            OperandKind::Imm(imm) => Ok(Scalar::Imm {
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
                Ok(Scalar::Var {
                    var: id,
                    row: *row,
                    col: *col,
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

/// One raw operand's extent: the field, where it starts (`None`: the `%null` destination or
/// source, which covers nothing) and how many bytes it covers from its offset.
struct Extent {
    field: &'static str,
    at: Option<Payload>,
    bytes: usize,
}

/// The byte extent each raw operand of `insn` covers from its offset, in the order the rules
/// check them. `Err` when the destination is neither a raw general operand nor `%null`.
fn extents(insn: &Instruction, ctrl: &SvmCtrl, platform: Platform) -> Result<Vec<Extent>> {
    let es = insn.exec_size as usize;
    let grf = platform.grf_size();
    let dst = || -> Result<Option<Payload>> {
        match insn.dst {
            Dst::General {
                var, row, col, ty, ..
            } => Ok(Some(Payload { var, row, col, ty })),
            Dst::Null { .. } => Ok(None),
            _ => Err(invalid("dst", "dst is a raw general operand")),
        }
    };
    let ext = |field, at, bytes| Extent { field, at, bytes };
    Ok(match *ctrl {
        SvmCtrl::BlockLd { num_owords, .. } => vec![ext("dst", dst()?, 16 * num_owords as usize)],
        SvmCtrl::BlockSt {
            num_owords, src, ..
        } => vec![ext("src", Some(src), 16 * num_owords as usize)],
        SvmCtrl::Gather {
            block_size,
            num_blocks,
            addresses,
        } => vec![
            ext("addresses", Some(addresses), es * 8),
            ext("dst", dst()?, blocks_bytes(es, block_size, num_blocks)),
        ],
        SvmCtrl::Scatter {
            block_size,
            num_blocks,
            addresses,
            src,
        } => vec![
            ext("addresses", Some(addresses), es * 8),
            ext("src", Some(src), blocks_bytes(es, block_size, num_blocks)),
        ],
        SvmCtrl::Gather4Scaled {
            ch_mask,
            element_offset,
            ..
        } => vec![
            ext("element_offset", Some(element_offset), es * 8),
            ext("dst", dst()?, channels_bytes(es, grf, ch_mask)),
        ],
        SvmCtrl::Scatter4Scaled {
            ch_mask,
            element_offset,
            src,
            ..
        } => vec![
            ext("element_offset", Some(element_offset), es * 8),
            ext("src", Some(src), channels_bytes(es, grf, ch_mask)),
        ],
        SvmCtrl::Atomic {
            width,
            addresses,
            src0,
            src1,
            ..
        } => {
            let data = es * if width == 64 { 8 } else { 4 };
            vec![
                ext("addresses", Some(addresses), es * 8),
                ext("dst", dst()?, data),
                ext("src0", src0, data),
                ext("src1", src1, data),
            ]
        }
    })
}

/// The bytes of SVM_GATHER's Dst and SVM_SCATTER's Src: `exec_size * max(num_blocks, 4)`
/// for one-byte blocks, `num_blocks * exec_size * block_size` otherwise.
fn blocks_bytes(es: usize, block_size: u32, num_blocks: u32) -> usize {
    let (bs, nb) = (block_size as usize, num_blocks as usize);
    if bs == 1 {
        es * nb.max(4)
    } else {
        nb * es * bs
    }
}

/// The bytes of the 4-channel forms' Dst and Src: each enabled channel but the last takes
/// `max(exec_size, GRF_SIZE/4)` dwords, the last `exec_size`.
fn channels_bytes(es: usize, grf: usize, ch_mask: u8) -> usize {
    let n = ch_mask.count_ones() as usize;
    n.saturating_sub(1) * es.max(grf / 4) * 4 + es * 4
}

/// Every rule of the SVM documents on an SVM instruction's IR, in the documents' order:
/// mask and predicate, destination and sources, the control fields, the operand types, then
/// the operands' extents.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::Svm(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "an SVM instruction needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    destination_and_sources(insn)?;
    if ctrl.opcode() != insn.opcode {
        return Err(invalid(
            "opcode",
            format!("{} does not take this control", insn.opcode.mnemonic()),
        ));
    }
    let es = insn.exec_size;
    match *ctrl {
        SvmCtrl::BlockLd { num_owords, .. } | SvmCtrl::BlockSt { num_owords, .. } => {
            block_fields(insn, num_owords)?
        }
        SvmCtrl::Gather {
            block_size,
            num_blocks,
            ..
        }
        | SvmCtrl::Scatter {
            block_size,
            num_blocks,
            ..
        } => {
            let byte_blocks_any_size = !readings.is_literal(errata::SVM_BYTE_BLOCKS_EXEC_SIZE);
            gather_fields(es, block_size, num_blocks, byte_blocks_any_size)?
        }
        SvmCtrl::Gather4Scaled { ch_mask, .. } | SvmCtrl::Scatter4Scaled { ch_mask, .. } => {
            channel_fields(es, ch_mask)?
        }
        SvmCtrl::Atomic {
            op,
            width,
            src0,
            src1,
            ..
        } => {
            let signed = !readings.is_literal(errata::SVM_ATOMIC_SIGNED_TYPES);
            atomic_fields(insn, op, width, [src0, src1], signed)?
        }
    }
    operand_types(insn, ctrl)?;
    let literal_extent = readings.is_literal(errata::SVM_BLOCK_ST_EXTENT);
    operand_extents(insn, ctrl, vars, platform, literal_extent)
}

/// Mask control and predicate (3_execution_model.md): the generic rules of check_program.
pub(super) fn mask_and_predicate(insn: &Instruction, vars: &Vars) -> Result<()> {
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

/// Loads write a general destination, stores none; the sources are named in the control
/// field, so `srcs` is empty.
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
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            format!(
                "{} names its sources in its control field: `srcs` is empty",
                insn.opcode.mnemonic()
            ),
        ));
    }
    Ok(())
}

/// SVM_BLOCK_LD and SVM_BLOCK_ST: the oword count, one NoMask channel.
fn block_fields(insn: &Instruction, num_owords: u32) -> Result<()> {
    let es = insn.exec_size;
    // Properties bits 2..0: 1, 2, 4 or 8 owords.
    if ![1, 2, 4, 8].contains(&num_owords) {
        return Err(invalid(
            "size",
            format!("{num_owords} owords: the block forms move 1, 2, 4 or 8"),
        ));
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
fn gather_fields(
    es: u32,
    block_size: u32,
    num_blocks: u32,
    byte_blocks_any_size: bool,
) -> Result<()> {
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
    // Notes: "When num_blocks > 1, exec_size must >= 8"; erratum SVM-BYTE-BLOCKS-EXEC-SIZE,
    // resolved: 1-byte blocks are exempt.
    if num_blocks > 1 && es < 8 && (block_size != 1 || !byte_blocks_any_size) {
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

/// SVM_ATOMIC: execution size, width, the operation's sources and operand types; with
/// `signed` (erratum SVM-ATOMIC-SIGNED-TYPES resolved) the operations typed UD/UQ also take
/// D/Q operands.
fn atomic_fields(
    insn: &Instruction,
    op: AtomicOp,
    width: u32,
    srcs: [Option<Payload>; 2],
    signed: bool,
) -> Result<()> {
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
    let mut types = op.types(width).to_vec();
    if signed && types == [DataType::UD] {
        types.push(DataType::D);
    } else if signed && types == [DataType::UQ] {
        types.push(DataType::Q);
    }
    let types = types.as_slice();
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
    for (k, (field, src)) in ["src0", "src1"].into_iter().zip(srcs).enumerate() {
        let used = op.num_srcs() > k;
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
            Some(p) if !types.contains(&p.ty) => {
                return Err(invalid(
                    field,
                    format!(
                        "`{}.{width}` operands have type {}, not {}",
                        op.name(),
                        names(types),
                        p.ty
                    ),
                ))
            }
            _ => {}
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
fn operand_types(insn: &Instruction, ctrl: &SvmCtrl) -> Result<()> {
    let uq = |ty: DataType, field: &str| -> Result<()> {
        if ty == DataType::UQ {
            Ok(())
        } else {
            Err(invalid(
                field,
                format!("{field} must have type UQ, not {ty}"),
            ))
        }
    };
    match ctrl {
        SvmCtrl::BlockLd { address, .. } | SvmCtrl::BlockSt { address, .. } => {
            uq(address.ty(), "address")?
        }
        SvmCtrl::Gather { addresses, .. }
        | SvmCtrl::Scatter { addresses, .. }
        | SvmCtrl::Atomic { addresses, .. } => uq(addresses.ty, "addresses")?,
        SvmCtrl::Gather4Scaled {
            address,
            element_offset,
            ..
        }
        | SvmCtrl::Scatter4Scaled {
            address,
            element_offset,
            ..
        } => {
            uq(address.ty(), "address")?;
            uq(element_offset.ty, "element_offset")?;
        }
    }
    // SVM_GATHER.md, Notes: "The operand's type must be the same size as <block_size>".
    let blocks = match ctrl {
        SvmCtrl::Gather { block_size, .. } => Some(("dst", insn.dst.ty(), *block_size)),
        SvmCtrl::Scatter {
            block_size, src, ..
        } => Some(("src", src.ty, *block_size)),
        _ => None,
    };
    if let Some((field, ty, block_size)) = blocks {
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
    let channels = match ctrl {
        SvmCtrl::Gather4Scaled { .. } => Some(("dst", insn.dst.ty())),
        SvmCtrl::Scatter4Scaled { src, .. } => Some(("src", src.ty)),
        _ => None,
    };
    if let Some((field, ty)) = channels {
        if ![DataType::UD, DataType::D, DataType::F].contains(&ty) {
            return Err(invalid(
                field,
                format!("{field} has type {ty}, not UD, D or F"),
            ));
        }
    }
    Ok(())
}

/// Operands are general variables of their type (or `%null` where allowed) and raw extents
/// fit; scalar address operands are one element inside their variable.
fn operand_extents(
    insn: &Instruction,
    ctrl: &SvmCtrl,
    vars: &Vars,
    platform: Platform,
    literal_extent: bool,
) -> Result<()> {
    for Extent { field, at, bytes } in extents(insn, ctrl, platform)? {
        if let Some(p) = at {
            // SVM-BLOCK-ST-EXTENT resolved: SVM_BLOCK_ST's source needs only to start
            // inside its variable; the bytes past it are undefined.
            let short = matches!(ctrl, SvmCtrl::BlockSt { .. }) && !literal_extent;
            check_in_var(vars, platform, &p, if short { 1 } else { bytes }, field)?;
        }
    }
    // Scalar address operands: one element inside the variable.
    let address = match ctrl {
        SvmCtrl::BlockLd { address, .. }
        | SvmCtrl::BlockSt { address, .. }
        | SvmCtrl::Gather4Scaled { address, .. }
        | SvmCtrl::Scatter4Scaled { address, .. } => Some(address),
        _ => None,
    };
    if let Some(&Scalar::Var { var, row, col, ty }) = address {
        let p = Payload { var, row, col, ty };
        check_in_var(vars, platform, &p, ty.size(), "address")?;
    }
    Ok(())
}

pub(super) fn check_in_var(
    vars: &Vars,
    platform: Platform,
    p: &Payload,
    bytes: usize,
    field: &str,
) -> Result<()> {
    if p.var.0 as usize >= vars.len() {
        return Err(invalid(field, format!("{field} names no variable")));
    }
    let info = vars.get(p.var);
    if info.class != VarClass::General || info.ty != p.ty {
        return Err(invalid(
            field,
            format!("{field} is not a general variable of its type"),
        ));
    }
    let start = raw_payload_offset(platform, p);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::error::ErrorClass;
    use crate::ir::{Program, Src};
    use crate::state::VarId;

    const DECLS: &str = "\
.decl ADDR v_type=G type=uq num_elts=1
.decl ADDRS v_type=G type=uq num_elts=8
.decl DATA v_type=G type=ud num_elts=64
.decl DATA2 v_type=G type=ud num_elts=64
";

    fn program(line: &str) -> Program {
        let ast = crate::asm::parse(&format!("{DECLS}{line}\n")).unwrap();
        super::super::validate_with(&ast, Platform::XeHpg, &Readings::resolved()).unwrap()
    }

    fn sources(line: &str) -> Vec<Src> {
        let p = program(line);
        assert!(p.insns[0].srcs.is_empty(), "{line}: srcs is empty");
        p.insns[0].sources().map(|s| s.into_owned()).collect()
    }

    /// The IR's rules on `program` after `edit`: the class and field of the error.
    fn reject(line: &str, edit: impl FnOnce(&mut Instruction)) -> (ErrorClass, String) {
        let mut p = program(line);
        edit(&mut p.insns[0]);
        let e = super::super::check_program(&p, &Readings::resolved()).unwrap_err();
        (e.class, e.field.unwrap_or_default())
    }

    fn ctrl(insn: &mut Instruction) -> &mut SvmCtrl {
        match &mut insn.ctrl {
            Ctrl::Svm(c) => c,
            _ => panic!("not an SVM instruction"),
        }
    }

    #[test]
    fn sources_follow_the_text() {
        let tys = |line: &str| -> Vec<DataType> { sources(line).iter().map(Src::ty).collect() };
        assert_eq!(
            tys("svm_block_st (2) ADDR(0,0)<0;1,0> DATA.32"),
            [DataType::UQ, DataType::UD]
        );
        assert_eq!(
            tys("svm_scatter4scaled.RB (M1, 8) 0x1000:uq ADDRS.0 DATA.0"),
            [DataType::UQ, DataType::UQ, DataType::UD]
        );
        // `%null` sources of an atomic show as the immediate 0:ud.
        let inc = sources("svm_atomic.inc (M1, 8) ADDRS.0 DATA.0 %null.0 %null.0");
        assert_eq!(
            inc[1..],
            [
                Src::Imm {
                    bits: 0,
                    ty: DataType::UD
                },
                Src::Imm {
                    bits: 0,
                    ty: DataType::UD
                }
            ]
        );
        // A raw operand is its variable at the origin its byte offset names (32-byte GRF).
        let st = sources("svm_scatter.4.1 (M1, 8) ADDRS.0 DATA.36");
        assert!(
            matches!(st[1], Src::General { row: 1, col: 1, .. }),
            "{:?}",
            st[1]
        );
    }

    #[test]
    fn check_program_rejects_malformed_named_operands() {
        let invalid = |f: &str| (ErrorClass::InvalidInstruction, f.to_string());
        let gather = "svm_gather.4.1 (M1, 8) ADDRS.0 DATA.0";
        let atomic = "svm_atomic.add (M1, 8) ADDRS.0 DATA.0 DATA2.0 %null.0";
        let block = "svm_block_ld (2) ADDR(0,0)<0;1,0> DATA.0";
        // Sources by position as well as by name.
        assert_eq!(
            reject(gather, |i| i.srcs.push(Src::Imm {
                bits: 0,
                ty: DataType::UQ
            })),
            invalid("operands")
        );
        // Another document's variant.
        assert_eq!(
            reject(gather, |i| i.opcode = Opcode::SvmScatter),
            invalid("dst")
        );
        assert_eq!(
            reject(gather, |i| i.opcode = Opcode::SvmAtomic),
            invalid("opcode")
        );
        // Named operands outside their variables, of another type or of no variable.
        assert_eq!(
            reject(gather, |i| {
                if let SvmCtrl::Gather { addresses, .. } = ctrl(i) {
                    addresses.var = VarId(99);
                }
            }),
            invalid("addresses")
        );
        assert_eq!(
            reject(gather, |i| {
                if let SvmCtrl::Gather { addresses, .. } = ctrl(i) {
                    addresses.row = 1;
                }
            }),
            invalid("addresses")
        );
        assert_eq!(
            reject(atomic, |i| {
                if let SvmCtrl::Atomic { addresses, .. } = ctrl(i) {
                    addresses.ty = DataType::UD;
                }
            }),
            invalid("addresses")
        );
        assert_eq!(
            reject(atomic, |i| if let SvmCtrl::Atomic { src0, .. } = ctrl(i) {
                *src0 = None;
            }),
            invalid("src0")
        );
        assert_eq!(
            reject(atomic, |i| {
                if let SvmCtrl::Atomic { src1, src0, .. } = ctrl(i) {
                    *src1 = *src0;
                }
            }),
            invalid("src1")
        );
        assert_eq!(
            reject(block, |i| {
                if let SvmCtrl::BlockLd { address, .. } = ctrl(i) {
                    *address = Scalar::Var {
                        var: VarId(999),
                        row: 0,
                        col: 0,
                        ty: DataType::UQ,
                    };
                }
            }),
            invalid("address")
        );
    }
}

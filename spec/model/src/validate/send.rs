//! RAW_SEND and RAW_SENDS (instructions/RAW_SEND.md, RAW_SENDS.md): the text form to the IR
//! ([`RawSendCtrl`]), the descriptors decoded ([`crate::ir::send::decode`]) into the
//! instruction of the document that executes the same message, and [`rules`] on any IR.
//!
//! Text forms (the documents' Text sections, IGC's spelling):
//! - `[(P)] raw_send[c] (M1, 16) ExMsgDesc NumSrc NumDst Desc Src Dst`, the shared function in
//!   `ExMsgDesc[3:0]`;
//! - `[(P)] raw_sends[c][_eot].SFID.NumSrc0.NumSrc1.NumDst (M1, 16) ExMsgDesc Desc Src0 Src1
//!   Dst`.
//!
//! The register counts are checked against the descriptor (NumSrc0 is `Desc[28:25]`, NumDst
//! `Desc[24:20]`) and against the decoded message's needs (the address payload's registers,
//! the data's), and each raw operand must reach into the last register it counts. A
//! descriptor outside the decoded set, or one held in a variable (read at run time), is
//! `unsupported` with the fields decoded so far.

use super::context::Cx;
use super::errors::invalid;
use crate::asm::ast::{InsnLine, OperandKind, VarClass};
use crate::error::{Result, VisaError};
use crate::ir::dataport::{DataportCtrl, DataportSurface};
use crate::ir::lsc::{LscOperands, MessageOperands};
use crate::ir::send::{self, LscMessage, LscOp, Message};
use crate::ir::send_legacy::{HdcMessage, HdcOp, HdcSurface, OwordKind};
use crate::ir::{Ctrl, Dst, Instruction, LscCtrl, Opcode, Payload, RawSendCtrl, Scalar};
use crate::platform::Platform;
use crate::state::Vars;
use crate::types::DataType;

/// The operands of a raw send as the lowering reads them: the payload registers (each
/// `None` for `%null`), the regions a payload holds after its first message part (the data
/// of an unsplit send after the addresses, an atomic compare-exchange's second source), and
/// the destination.
struct Parts {
    src0: Option<Payload>,
    /// The data an unsplit RAW_SEND carries after the address registers.
    src0_data: Option<Payload>,
    src1: Option<Payload>,
    /// The second data source of `atomic_icas`/`atomic_fcas`, after the first.
    src2: Option<Payload>,
    dst: Dst,
}

/// A raw operand `V.OFFSET` or `%null`.
struct RawName {
    name: String,
    offset: u32,
}

impl RawName {
    fn is_null(&self) -> bool {
        self.name == crate::state::NULL
    }

    /// The text `payload_var` reads: `V` at offset 0, `V.OFFSET` otherwise.
    fn at(&self, extra: u32) -> String {
        let offset = self.offset + extra;
        if offset == 0 {
            self.name.clone()
        } else {
            format!("{}.{offset}", self.name)
        }
    }
}

impl Cx<'_> {
    /// Builds the IR of a `raw_send` or `raw_sends` line.
    pub(crate) fn raw_send_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let split = opcode == Opcode::RawSends;
        let sendc = line.opcode.starts_with("raw_sendc") || line.opcode.starts_with("raw_sendsc");
        let eot = line.opcode.ends_with("_eot");
        let ops = &line.operands;
        let (sfid, num_src0, num_src1, num_dst, exdesc, desc, names) = if split {
            let [sfid, n0, n1, nd] = line.mods.as_slice() else {
                return Err(invalid(
                    "opcode",
                    "expected `raw_sends.SFID.NumSrc0.NumSrc1.NumDst`",
                ));
            };
            let [exdesc, desc, src0, src1, dst] = ops.as_slice() else {
                return Err(invalid(
                    "operands",
                    "raw_sends takes ExMsgDesc Desc Src0 Src1 Dst",
                ));
            };
            let sfid = mod_number(sfid, "sfid", 15)?;
            (
                sfid,
                mod_number(n0, "NumSrc0", 15)?,
                mod_number(n1, "NumSrc1", 31)?,
                mod_number(nd, "NumDst", 31)?,
                self.descriptor(&exdesc.kind, "ExMsgDesc")?,
                self.descriptor(&desc.kind, "Desc")?,
                [
                    raw_name(&src0.kind, "src0")?,
                    raw_name(&src1.kind, "src1")?,
                    raw_name(&dst.kind, "dst")?,
                ],
            )
        } else {
            if !line.mods.is_empty() {
                return Err(invalid("opcode", "raw_send takes no modifiers"));
            }
            let [exdesc, nsrc, ndst, desc, src, dst] = ops.as_slice() else {
                return Err(invalid(
                    "operands",
                    "raw_send takes ExMsgDesc NumSrc NumDst Desc Src Dst",
                ));
            };
            let exdesc = self.descriptor(&exdesc.kind, "ExMsgDesc")?;
            let Scalar::Imm { bits, .. } = exdesc else {
                return Err(invalid(
                    "ExMsgDesc",
                    "RAW_SEND's ExMsgDesc is an immediate ud",
                ));
            };
            let null = RawName {
                name: crate::state::NULL.to_string(),
                offset: 0,
            };
            (
                (bits & 0xf) as u8,
                number(&nsrc.kind, "NumSrc", 15)?,
                0,
                number(&ndst.kind, "NumDst", 16)?,
                exdesc,
                self.descriptor(&desc.kind, "Desc")?,
                [
                    raw_name(&src.kind, "src0")?,
                    null,
                    raw_name(&dst.kind, "dst")?,
                ],
            )
        };
        if !split && !(1..=15).contains(&num_src0) {
            return Err(invalid("NumSrc", "NumSrc is 1 to 15 (RAW_SEND.md)"));
        }
        let [src0_name, src1_name, dst_name] = names;
        let src0 = self.send_payload(&src0_name, 0, "src0")?;
        let src1 = self.send_payload(&src1_name, 0, "src1")?;
        let dst = match self.send_payload(&dst_name, 0, "dst")? {
            None => Dst::Null { ty: DataType::UB },
            Some(p) => Dst::General {
                var: p.var,
                row: 0,
                col: 0,
                hstride: 1,
                ty: p.ty,
            },
        };
        let (Scalar::Imm { bits: ex, .. }, Scalar::Imm { bits: d, .. }) = (exdesc, desc) else {
            return Err(VisaError::unsupported(
                "a raw send's descriptor held in a variable is read at run time and not decoded",
            )
            .field("Desc"));
        };
        let message = send::decode(self.platform, sfid, ex as u32, d as u32).map_err(|u| {
            VisaError::unsupported(format!("raw send descriptor not decoded: {u}")).field("Desc")
        })?;
        if let Message::Block2d(b) = message {
            // The block's shape (width, height, array length) is in the address payload's
            // dword 7, known at run time only: the block 2D instruction it would lower to
            // takes the shape as immediates.
            let name = if b.store {
                "store_block2d"
            } else {
                "load_block2d"
            };
            return Err(VisaError::unsupported(format!(
                "block 2D raw send ({name}) decoded as {}, not executed: the block shape is \
                 in the address payload, read at run time",
                b.text()
            ))
            .field("Desc"));
        }
        // The regions after a payload's first part, named as the LSC payloads are.
        let grf = self.platform.grf_size() as u32;
        let (src0_data, src2) = match message {
            Message::Lsc(m) => {
                let addr = send::address_registers(&m, exec_size, grf as usize);
                let data = send::data_registers(&m, exec_size, grf as usize);
                let sources = data_sources(&m);
                let src0_data = if !split && sources > 0 && !src0_name.is_null() {
                    self.send_payload(&src0_name, addr * grf, "src0")?
                } else {
                    None
                };
                let second = |s: &RawName, at: u32| (sources == 2 && !s.is_null()).then_some(at);
                let src2 = match (split, &src0_data) {
                    (true, _) => match second(&src1_name, data * grf) {
                        Some(at) => self.send_payload(&src1_name, at, "src1")?,
                        None => None,
                    },
                    (false, Some(_)) => match second(&src0_name, (addr + data) * grf) {
                        Some(at) => self.send_payload(&src0_name, at, "src0")?,
                        None => None,
                    },
                    (false, None) => None,
                };
                (src0_data, src2)
            }
            Message::Fence(_) | Message::Hdc(_) | Message::Block2d(_) => (None, None),
        };
        let parts = Parts {
            src0,
            src0_data,
            src1,
            src2,
            dst: dst.clone(),
        };
        let head = Head {
            pos: self.pos,
            pred,
            mask,
            exec_size,
        };
        let lowered = match message {
            Message::Hdc(h) => {
                self.lower_hdc(&h, &head, split, [&src0_name, &src1_name, &dst_name])?
            }
            _ => lower(&head, &message, &parts, split)?,
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::RawSend(Box::new(RawSendCtrl {
                split,
                sendc,
                eot,
                sfid,
                num_src0,
                num_src1,
                num_dst,
                exdesc,
                desc,
                src0,
                src1,
                message,
                lowered,
            })),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// The payload at `extra` bytes past a raw operand's offset, seen as elements of `ty`
    /// (an alias of that type from there, unless the variable is of that type, or of one of
    /// the types `also` the instruction takes as well, from its start); `None` for `%null`.
    fn typed_payload(
        &mut self,
        raw: &RawName,
        extra: u32,
        (ty, also): (DataType, &[DataType]),
        field: &str,
    ) -> Result<Option<Payload>> {
        if raw.is_null() {
            return Ok(None);
        }
        let grf = self.platform.grf_size() as u32;
        let offset = raw.offset + extra;
        if !offset.is_multiple_of(grf) {
            return Err(invalid(
                field,
                format!(
                    "a raw send's payload starts at a register: byte {} of `{}`",
                    raw.offset, raw.name
                ),
            ));
        }
        let base = self.var(&raw.name, self.pos, field)?;
        let info = self.vars.get(base).clone();
        if info.class != VarClass::General || offset as usize >= info.byte_size() {
            return Err(invalid(
                field,
                format!(
                    "byte {offset} is not inside the general variable `{}`",
                    raw.name
                ),
            ));
        }
        if (info.ty == ty || also.contains(&info.ty)) && offset == 0 {
            return Ok(Some(Payload::whole(base, info.ty)));
        }
        let name = format!("{}.{offset}:{ty}", raw.name);
        let id = match self.vars.find(&name) {
            Some(id) => id,
            None => {
                let elts = ((info.byte_size() - offset as usize) / ty.size()) as u32;
                self.vars
                    .declare(&name, VarClass::General, ty, elts, 1, Some((base, offset)))
                    .map_err(|e| e.field(field.to_string()))?
            }
        };
        Ok(Some(Payload::whole(id, ty)))
    }

    /// The legacy dataport instruction of a decoded DC0 or DC1 message
    /// (`ir::send_legacy`): its fields from the descriptor, its operands the raw send's
    /// payload registers (the offsets, then the data blocks in Src1 or after the offsets),
    /// its surface the descriptor's SLM or stateless index.
    fn lower_hdc(
        &mut self,
        h: &HdcMessage,
        head: &Head,
        split: bool,
        names: [&RawName; 3],
    ) -> Result<Instruction> {
        let [src0, src1, dst_name] = names;
        let grf = self.platform.grf_size() as u32;
        let addr = h.address_registers(grf as usize);
        let data = h.data_registers(grf as usize);
        // Where data block `k` starts: Src1's registers, or those after the addresses.
        let block = |k: u32| {
            if split {
                (src1, k * data * grf)
            } else {
                (src0, (addr + k * data) * grf)
            }
        };
        let surface = match h.surface {
            HdcSurface::Slm => DataportSurface::Slm,
            HdcSurface::Stateless { .. } => DataportSurface::Stateless,
        };
        let zero = Scalar::Imm {
            bits: 0,
            ty: DataType::UD,
        };
        let needed = |p: Option<Payload>, field: &str| {
            p.ok_or_else(|| invalid(field, "the message's payload is `%null`"))
        };
        let general = |p: Payload| Dst::General {
            var: p.var,
            row: 0,
            col: 0,
            hstride: 1,
            ty: p.ty,
        };
        let mut insn = Instruction {
            pos: head.pos,
            opcode: Opcode::GatherScaled,
            pred: head.pred,
            mask: head.mask,
            exec_size: head.exec_size,
            sat: false,
            ctrl: Ctrl::None,
            dst: Dst::Null { ty: DataType::UD },
            dst2: None,
            srcs: Vec::new(),
        };
        if let HdcOp::OwordBlock { kind, owords } = h.op {
            // The block messages run once under NoMask; the header's third dword is the
            // offset (IGC's translation of OWORD_LD, OWORD_LD_UNALIGNED and OWORD_ST).
            if head.pred.is_some() {
                return Err(invalid("pred", "an oword block message takes no predicate"));
            }
            let header = needed(
                self.typed_payload(src0, 0, (DataType::UD, &[]), "src0")?,
                "src0",
            )?;
            let offset = Scalar::Var {
                var: header.var,
                row: 0,
                col: 2,
                ty: DataType::UD,
            };
            insn.pred = None;
            insn.exec_size = 1;
            insn.mask = crate::asm::ast::MaskControl {
                group: 1,
                no_mask: true,
            };
            let (opcode, ctrl) = match kind {
                OwordKind::Read | OwordKind::UnalignedRead => {
                    let d = needed(self.send_payload(dst_name, 0, "dst")?, "dst")?;
                    insn.dst = general(d);
                    if kind == OwordKind::Read {
                        (
                            Opcode::OwordLd,
                            DataportCtrl::OwordLd {
                                num_owords: owords,
                                surface,
                                offset,
                            },
                        )
                    } else {
                        (
                            Opcode::OwordLdUnaligned,
                            DataportCtrl::OwordLdUnaligned {
                                num_owords: owords,
                                surface,
                                offset,
                            },
                        )
                    }
                }
                OwordKind::Write => {
                    let (raw, at) = block(0);
                    let src = needed(self.send_payload(raw, at, "src1")?, "src1")?;
                    (
                        Opcode::OwordSt,
                        DataportCtrl::OwordSt {
                            num_owords: owords,
                            surface,
                            offset,
                            src,
                        },
                    )
                }
            };
            insn.opcode = opcode;
            insn.ctrl = Ctrl::Dataport(ctrl);
            return Ok(insn);
        }
        if head.exec_size != h.simd {
            return Err(invalid(
                "exec_size",
                format!(
                    "`{}` is a SIMD{} message; the raw send's execution size is {}",
                    h.text(),
                    h.simd,
                    head.exec_size
                ),
            ));
        }
        let element_offset = needed(
            self.typed_payload(src0, 0, (DataType::UD, &[]), "src0")?,
            "src0",
        )?;
        // The data's type: UD (D and F too: the dataport documents' Src and Dst types), an
        // atomic's operation's own (D for IMIN and IMAX).
        let ty: (DataType, &[DataType]) = match h.op {
            HdcOp::UntypedAtomic { op, .. } => match op.types(32) {
                [DataType::UD] => (DataType::UD, &[DataType::D]),
                types => (types.first().copied().unwrap_or(DataType::UD), &[]),
            },
            _ => (DataType::UD, &[DataType::D, DataType::F]),
        };
        let data_block = |cx: &mut Self, k: u32| -> Result<Option<Payload>> {
            let (raw, at) = block(k);
            cx.typed_payload(raw, at, ty, if split { "src1" } else { "src0" })
        };
        let (opcode, ctrl) = match h.op {
            HdcOp::ByteScattered { store, bytes } => {
                if store {
                    let src = needed(data_block(self, 0)?, "src1")?;
                    (
                        Opcode::ScatterScaled,
                        DataportCtrl::ScatterScaled {
                            num_blocks: bytes,
                            surface,
                            offset: zero,
                            element_offset,
                            src,
                        },
                    )
                } else {
                    (
                        Opcode::GatherScaled,
                        DataportCtrl::GatherScaled {
                            num_blocks: bytes,
                            surface,
                            offset: zero,
                            element_offset,
                        },
                    )
                }
            }
            HdcOp::UntypedSurface { store, ch_mask } => {
                if store {
                    let src = needed(data_block(self, 0)?, "src1")?;
                    (
                        Opcode::Scatter4Scaled,
                        DataportCtrl::Scatter4Scaled {
                            ch_mask,
                            surface,
                            offset: zero,
                            element_offset,
                            src,
                        },
                    )
                } else {
                    (
                        Opcode::Gather4Scaled,
                        DataportCtrl::Gather4Scaled {
                            ch_mask,
                            surface,
                            offset: zero,
                            element_offset,
                        },
                    )
                }
            }
            HdcOp::UntypedAtomic { op, .. } => {
                let sources = op.num_srcs() as u32;
                let src0 = if sources > 0 {
                    Some(needed(data_block(self, 0)?, "src1")?)
                } else {
                    None
                };
                let src1 = if sources > 1 {
                    Some(needed(data_block(self, 1)?, "src1")?)
                } else {
                    None
                };
                (
                    Opcode::DwordAtomic,
                    DataportCtrl::DwordAtomic {
                        op,
                        width: 32,
                        surface,
                        element_offset,
                        src0,
                        src1,
                    },
                )
            }
            HdcOp::OwordBlock { .. } => {
                return Err(VisaError::model_bug("an oword block past its lowering"))
            }
        };
        if h.is_load() {
            if let Some(d) = self.typed_payload(dst_name, 0, ty, "dst")? {
                insn.dst = general(d);
            }
        }
        insn.opcode = opcode;
        insn.ctrl = Ctrl::Dataport(ctrl);
        Ok(insn)
    }

    /// ExMsgDesc or Desc: an immediate (its low 32 bits) or a UD element of a general
    /// variable.
    fn descriptor(&mut self, kind: &OperandKind, field: &str) -> Result<Scalar> {
        match kind {
            OperandKind::Imm(i) => Ok(Scalar::Imm {
                bits: i.bits & 0xffff_ffff,
                ty: DataType::UD,
            }),
            OperandKind::Number(n) => u32::try_from(*n)
                .map(|b| Scalar::Imm {
                    bits: u64::from(b),
                    ty: DataType::UD,
                })
                .map_err(|_| invalid(field, format!("{field} {n} is not a ud value"))),
            other => self
                .surface_scalar(other)
                .map_err(|e| invalid(field, format!("{field}: {}", e.message))),
        }
    }

    /// The payload at `extra` bytes past a raw operand's offset: the variable aliasing it
    /// from there (`V.OFFSET`, [`Cx::payload_var`]); `None` for `%null`.
    fn send_payload(&mut self, raw: &RawName, extra: u32, field: &str) -> Result<Option<Payload>> {
        if raw.is_null() {
            return Ok(None);
        }
        let grf = self.platform.grf_size() as u32;
        if !(raw.offset + extra).is_multiple_of(grf) {
            return Err(invalid(
                field,
                format!(
                    "a raw send's payload starts at a register: byte {} of `{}`",
                    raw.offset, raw.name
                ),
            ));
        }
        let id = self.payload_var(&raw.at(extra), field)?;
        Ok(Some(self.payload(id)))
    }
}

/// The predicate, mask, execution size and position the lowered instruction takes from the
/// raw send.
struct Head {
    pos: crate::error::Pos,
    pred: Option<crate::ir::Predicate>,
    mask: crate::asm::ast::MaskControl,
    exec_size: u32,
}

/// A raw operand: `V.OFFSET` (a variable at a byte offset) or `%null` (`%null.0`).
fn raw_name(kind: &OperandKind, field: &str) -> Result<RawName> {
    match kind {
        OperandKind::Raw { name, offset } => Ok(RawName {
            name: name.clone(),
            offset: *offset,
        }),
        OperandKind::Name(name) => Ok(RawName {
            name: name.clone(),
            offset: 0,
        }),
        _ => Err(invalid(
            field,
            "a raw send's operand is a raw operand `V.OFFSET` or `%null`",
        )),
    }
}

/// A count written as a modifier (`raw_sends.15.1.0.1`): decimal or `0x` hex, at most `max`.
fn mod_number(word: &str, field: &str, max: u8) -> Result<u8> {
    let value = match word.strip_prefix("0x") {
        Some(hex) => u8::from_str_radix(hex, 16).ok(),
        None => word.parse::<u8>().ok(),
    };
    value.filter(|v| *v <= max).ok_or_else(|| {
        invalid(
            field,
            format!("{field} `{word}` is not a number 0 to {max}"),
        )
    })
}

/// A count written as an operand (RAW_SEND's NumSrc, NumDst).
fn number(kind: &OperandKind, field: &str, max: u8) -> Result<u8> {
    match kind {
        OperandKind::Number(n) => u8::try_from(*n)
            .ok()
            .filter(|v| *v <= max)
            .ok_or_else(|| invalid(field, format!("{field} {n} is not 0 to {max}"))),
        OperandKind::Imm(i) => u8::try_from(i.bits)
            .ok()
            .filter(|v| *v <= max)
            .ok_or_else(|| invalid(field, format!("{field} is not 0 to {max}"))),
        _ => Err(invalid(field, format!("{field} is a number"))),
    }
}

/// The data sources an LSC message reads from the payload: a store's data, an atomic's one
/// or two sources.
fn data_sources(m: &LscMessage) -> u32 {
    match m.op {
        LscOp::Store | LscOp::StoreQuad => 1,
        LscOp::Atomic(op) => op.sources() as u32,
        LscOp::Load | LscOp::LoadQuad | LscOp::Fence => 0,
    }
}

/// The opcode of the named LSC instruction that sends `op`.
fn lsc_opcode(op: LscOp) -> Result<Opcode> {
    Ok(match op {
        LscOp::Load => Opcode::LscLoad,
        LscOp::LoadQuad => Opcode::LscLoadQuad,
        LscOp::Store => Opcode::LscStore,
        LscOp::StoreQuad => Opcode::LscStoreQuad,
        LscOp::Fence => Opcode::LscFence,
        LscOp::Atomic(a) => Opcode::ALL
            .into_iter()
            .find(|o| o.lsc_atomic() == Some(a))
            .ok_or_else(|| VisaError::model_bug("an LSC atomic without its opcode"))?,
    })
}

/// The register counts the message needs: (Src0, Src1, Dst), for the split or the unsplit
/// send.
fn needed(m: &Message, exec_size: u32, grf: usize, split: bool, dst_null: bool) -> (u32, u32, u32) {
    match m {
        Message::Lsc(m) => {
            let addr = send::address_registers(m, exec_size, grf);
            let data = send::data_registers(m, exec_size, grf);
            let payload = data * data_sources(m);
            let ret = if m.op.is_load() && !dst_null { data } else { 0 };
            if split {
                (addr, payload, ret)
            } else {
                (addr + payload, 0, ret)
            }
        }
        // The fence's payload is one register whose content it ignores; it may write one
        // register back (LSC_FENCE's Dest), which the raw send's Dst then names.
        Message::Fence(f) => (1, 0, f.rlen.min(1)),
        // Its one address register and what the descriptor says returns.
        Message::Block2d(b) => (b.mlen, 0, if dst_null { 0 } else { b.rlen }),
        // The header or the offsets, the data blocks, what returns.
        Message::Hdc(h) => {
            let addr = h.address_registers(grf);
            let data = h.data_registers(grf);
            let payload = data * h.data_sources();
            let ret = if h.is_load() && !dst_null { data } else { 0 };
            if split {
                (addr, payload, ret)
            } else {
                (addr + payload, 0, ret)
            }
        }
    }
}

/// The named instruction the message is: its fields from the decoded descriptor, its
/// operands from the raw send's payloads.
fn lower(head: &Head, m: &Message, parts: &Parts, split: bool) -> Result<Instruction> {
    let mut insn = Instruction {
        pos: head.pos,
        opcode: Opcode::LscFence,
        pred: head.pred,
        mask: head.mask,
        exec_size: head.exec_size,
        sat: false,
        ctrl: Ctrl::None,
        dst: Dst::Null { ty: DataType::UB },
        dst2: None,
        srcs: Vec::new(),
    };
    let m = match m {
        Message::Fence(_) => {
            insn.pred = None;
            return Ok(insn);
        }
        Message::Lsc(m) => m,
        Message::Hdc(_) => {
            return Err(VisaError::model_bug(
                "a legacy dataport message is lowered by `lower_hdc`",
            ))
        }
        Message::Block2d(_) => {
            return Err(VisaError::unsupported("a block 2D raw send is not lowered"))
        }
    };
    insn.opcode = lsc_opcode(m.op)?;
    let Some(src0_addrs) = parts.src0 else {
        return Err(invalid("src0", "the message's address payload is `%null`"));
    };
    let data = if split { parts.src1 } else { parts.src0_data };
    let (src1_data, src2_data) = match data_sources(m) {
        0 => (None, None),
        1 => (data, None),
        _ => (data, parts.src2),
    };
    if m.op.is_load() {
        insn.dst = parts.dst.clone();
    }
    insn.ctrl = Ctrl::Lsc(LscCtrl {
        sfid: m.unit,
        l1: m.l1,
        l3: m.l3,
        data: m.data,
        addr_type: m.addr_type,
        addr_size: m.addr_size,
        scale: 1,
        imm_offset: 0,
        ch_mask: m.ch_mask,
        operands: LscOperands::Message(MessageOperands {
            surface: m.bti.map(|b| Scalar::Imm {
                bits: u64::from(b),
                ty: DataType::UD,
            }),
            src0_addrs,
            src0_addr_pitch: None,
            src1_data,
            src2_data,
            src0_addrs_v: None,
            src0_addrs_r: None,
            src0_addrs_lod: None,
        }),
    });
    Ok(insn)
}

/// The rules of RAW_SEND and RAW_SENDS on the IR: the descriptors decode to the message
/// held, the register counts agree with the descriptor, the message's needs and the
/// operands, and the lowered instruction is that message with the raw send's operands. The
/// lowered instruction's own family rules run after these (`validate::family_rules`).
pub fn rules(insn: &Instruction, vars: &Vars, platform: Platform) -> Result<()> {
    let Ctrl::RawSend(c) = &insn.ctrl else {
        return Err(invalid("opcode", "a raw send needs its fields"));
    };
    if c.split != (insn.opcode == Opcode::RawSends) || insn.sat || insn.dst2.is_some() {
        return Err(invalid(
            "opcode",
            "the raw send's fields do not fit its opcode",
        ));
    }
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "a raw send names its operands in its fields",
        ));
    }
    let (Scalar::Imm { bits: ex, .. }, Scalar::Imm { bits: d, .. }) = (c.exdesc, c.desc) else {
        return Err(VisaError::unsupported(
            "a raw send's descriptor held in a variable is read at run time and not decoded",
        )
        .field("Desc"));
    };
    let sfid = if c.split { c.sfid } else { (ex & 0xf) as u8 };
    let message = send::decode(platform, sfid, ex as u32, d as u32).map_err(|u| {
        VisaError::unsupported(format!("raw send descriptor not decoded: {u}")).field("Desc")
    })?;
    if message != c.message || sfid != c.sfid {
        return Err(invalid(
            "Desc",
            "the decoded message is not the descriptor's",
        ));
    }
    let grf = platform.grf_size();
    let (mlen, rlen) = message.lengths();
    let name = if c.split { "NumSrc0" } else { "NumSrc" };
    if u32::from(c.num_src0) != mlen {
        return Err(invalid(
            name,
            format!(
                "{name} is {}, the descriptor's Desc[28:25] (mlen) {mlen}",
                c.num_src0
            ),
        ));
    }
    if u32::from(c.num_dst) != rlen {
        return Err(invalid(
            "NumDst",
            format!(
                "NumDst is {}, the descriptor's Desc[24:20] (rlen) {rlen}",
                c.num_dst
            ),
        ));
    }
    if c.split {
        let exmlen = (ex >> 6) & 0x1f;
        if exmlen != 0 && exmlen != u64::from(c.num_src1) {
            return Err(invalid(
                "NumSrc1",
                format!("NumSrc1 is {}, ExMsgDesc[10:6] {exmlen}", c.num_src1),
            ));
        }
    }
    let dst_null = matches!(insn.dst, Dst::Null { .. });
    let (n0, n1, nd) = needed(&message, insn.exec_size, grf, c.split, dst_null);
    let text = message.text();
    for (field, have, need) in [
        (name, u32::from(c.num_src0), n0),
        ("NumSrc1", u32::from(c.num_src1), n1),
        ("NumDst", u32::from(c.num_dst), nd),
    ] {
        if have != need {
            return Err(invalid(
                field,
                format!(
                    "{field} is {have}; `{text}` at SIMD{} needs {need} registers",
                    insn.exec_size
                ),
            ));
        }
    }
    let dst_payload = match insn.dst {
        Dst::Null { .. } => None,
        Dst::General {
            var,
            row: 0,
            col: 0,
            ty,
            ..
        } => Some(Payload::whole(var, ty)),
        _ => {
            return Err(invalid(
                "dst",
                "a raw send's Dst is a raw operand or `%null`",
            ))
        }
    };
    for (field, operand, count) in [
        ("src0", c.src0, c.num_src0),
        ("src1", c.src1, c.num_src1),
        ("dst", dst_payload, c.num_dst),
    ] {
        registers(vars, operand, u32::from(count), grf, field)?;
    }
    lowered_operands(insn, c, &message, vars, grf)
}

/// An operand that counts `count` registers: `%null` for none, else a general variable
/// that reaches into the last of them.
fn registers(vars: &Vars, p: Option<Payload>, count: u32, grf: usize, field: &str) -> Result<()> {
    match p {
        None if count == 0 => Ok(()),
        None => Err(invalid(
            field,
            format!("{field} is `%null` but counts {count} registers"),
        )),
        Some(_) if count == 0 => Err(invalid(
            field,
            format!("{field} counts no registers: `%null`"),
        )),
        Some(p) => {
            if (p.var.0 as usize) >= vars.len() {
                return Err(invalid(field, "the variable id is out of range"));
            }
            let info = vars.get(p.var);
            if info.class != VarClass::General
                || info.grf_offset.is_none()
                || p.row != 0
                || p.col != 0
            {
                return Err(invalid(
                    field,
                    format!("`{}` is not a general variable from its start", info.name),
                ));
            }
            if info.byte_size() <= (count as usize - 1) * grf {
                return Err(invalid(
                    field,
                    format!(
                        "`{}` has {} bytes: it does not reach register {count} of the {count} counted",
                        info.name,
                        info.byte_size()
                    ),
                ));
            }
            Ok(())
        }
    }
}

/// The lowered instruction is the message with the raw send's operands: its opcode and
/// fields are the decoded message's, its address payload Src0, its data Src1 (or the
/// registers after the addresses of an unsplit send), its destination Dst.
fn lowered_operands(
    insn: &Instruction,
    c: &RawSendCtrl,
    message: &Message,
    vars: &Vars,
    grf: usize,
) -> Result<()> {
    let low = &c.lowered;
    let head_ok = low.pos == insn.pos && low.mask == insn.mask && low.srcs.is_empty();
    let m = match message {
        Message::Fence(_) => {
            return if head_ok && low.opcode == Opcode::LscFence && low.exec_size == insn.exec_size {
                Ok(())
            } else {
                Err(invalid(
                    "Desc",
                    "the lowered instruction is not the decoded fence",
                ))
            };
        }
        Message::Lsc(m) => m,
        Message::Hdc(h) => return hdc_lowered_operands(insn, c, h, vars, grf),
        Message::Block2d(_) => {
            return Err(invalid("Desc", "a block 2D raw send is not lowered"));
        }
    };
    let mismatch = || invalid("Desc", "the lowered instruction is not the decoded message");
    let Ctrl::Lsc(l) = &low.ctrl else {
        return Err(mismatch());
    };
    let LscOperands::Message(ops) = l.operands else {
        return Err(mismatch());
    };
    let fields_ok = head_ok
        && low.pred == insn.pred
        && low.exec_size == insn.exec_size
        && low.opcode == lsc_opcode(m.op)?
        && (l.sfid, l.l1, l.l3, l.data, l.addr_type, l.addr_size)
            == (m.unit, m.l1, m.l3, m.data, m.addr_type, m.addr_size)
        && (l.scale, l.imm_offset, l.ch_mask) == (1, 0, m.ch_mask)
        && ops.surface.map(|s| s.to_src())
            == m.bti.map(|b| {
                Scalar::Imm {
                    bits: u64::from(b),
                    ty: DataType::UD,
                }
                .to_src()
            })
        && Some(ops.src0_addrs) == c.src0
        && ops.src0_addr_pitch.is_none()
        && ops.coordinates().iter().all(Option::is_none)
        && (low.dst == insn.dst || !m.op.is_load() && matches!(low.dst, Dst::Null { .. }));
    if !fields_ok {
        return Err(mismatch());
    }
    // The data regions: Src1 from its start (split), or the registers after Src0's
    // addresses (unsplit); an atomic's second source after its first.
    let exec_size = insn.exec_size;
    let addr = send::address_registers(m, exec_size, grf) as usize;
    let data = send::data_registers(m, exec_size, grf) as usize;
    let start = |p: Option<Payload>| p.and_then(|p| vars.get(p.var).grf_offset);
    let (base, first) = if c.split {
        (start(c.src1), 0)
    } else {
        (start(c.src0), addr * grf)
    };
    let sources = data_sources(m);
    let expect = |k: usize| base.map(|b| b + first + k * data * grf);
    let at = |p: Option<Payload>| start(p);
    let data_ok = match sources {
        0 => ops.src1_data.is_none() && ops.src2_data.is_none(),
        1 => at(ops.src1_data) == expect(0) && ops.src2_data.is_none(),
        _ => at(ops.src1_data) == expect(0) && at(ops.src2_data) == expect(1),
    };
    if !data_ok || (sources > 0 && base.is_none()) {
        return Err(invalid(
            "src1",
            "the message's data is not the registers the raw send's payload holds",
        ));
    }
    Ok(())
}

/// The lowered instruction of a legacy dataport message is the document's instruction of
/// that message (`Cx::lower_hdc`): its fields the descriptor's, its offsets Src0's first
/// register (an oword block's offset the header's third dword), its data blocks in Src1
/// or after the offsets, its destination Dst.
fn hdc_lowered_operands(
    insn: &Instruction,
    c: &RawSendCtrl,
    h: &HdcMessage,
    vars: &Vars,
    grf: usize,
) -> Result<()> {
    let mismatch = || invalid("Desc", "the lowered instruction is not the decoded message");
    let low = &c.lowered;
    let Ctrl::Dataport(d) = &low.ctrl else {
        return Err(mismatch());
    };
    let start = |v: crate::state::VarId| {
        ((v.0 as usize) < vars.len())
            .then(|| vars.get(v).grf_offset)
            .flatten()
    };
    let at = |p: Option<Payload>| p.and_then(|p| start(p.var));
    let dst_at = |dst: &Dst| match dst {
        Dst::General {
            var,
            row: 0,
            col: 0,
            ..
        } => start(*var),
        _ => None,
    };
    let src0 = at(c.src0);
    let addr = h.address_registers(grf) as usize;
    let data = h.data_registers(grf) as usize;
    let base = if c.split {
        at(c.src1)
    } else {
        src0.map(|s| s + addr * grf)
    };
    let block = |k: usize| base.map(|b| b + k * data * grf);
    let surface = match h.surface {
        HdcSurface::Slm => DataportSurface::Slm,
        HdcSurface::Stateless { .. } => DataportSurface::Stateless,
    };
    let zero = Scalar::Imm {
        bits: 0,
        ty: DataType::UD,
    };
    let lanes_ok = low.pred == insn.pred
        && low.mask == insn.mask
        && low.exec_size == insn.exec_size
        && insn.exec_size == h.simd;
    let load_dst_ok = dst_at(&low.dst).is_some() && dst_at(&low.dst) == dst_at(&insn.dst);
    let null_dst = matches!(low.dst, Dst::Null { .. });
    let ok = low.pos == insn.pos
        && low.srcs.is_empty()
        && d.surface() == surface
        && match (h.op, *d) {
            (
                HdcOp::ByteScattered {
                    store: false,
                    bytes,
                },
                DataportCtrl::GatherScaled {
                    num_blocks,
                    offset,
                    element_offset,
                    ..
                },
            ) => {
                low.opcode == Opcode::GatherScaled
                    && lanes_ok
                    && num_blocks == bytes
                    && offset == zero
                    && at(Some(element_offset)) == src0
                    && load_dst_ok
            }
            (
                HdcOp::ByteScattered { store: true, bytes },
                DataportCtrl::ScatterScaled {
                    num_blocks,
                    offset,
                    element_offset,
                    src,
                    ..
                },
            ) => {
                low.opcode == Opcode::ScatterScaled
                    && lanes_ok
                    && num_blocks == bytes
                    && offset == zero
                    && at(Some(element_offset)) == src0
                    && at(Some(src)) == block(0)
                    && null_dst
            }
            (
                HdcOp::UntypedSurface {
                    store: false,
                    ch_mask: m,
                },
                DataportCtrl::Gather4Scaled {
                    ch_mask,
                    offset,
                    element_offset,
                    ..
                },
            ) => {
                low.opcode == Opcode::Gather4Scaled
                    && lanes_ok
                    && ch_mask == m
                    && offset == zero
                    && at(Some(element_offset)) == src0
                    && load_dst_ok
            }
            (
                HdcOp::UntypedSurface {
                    store: true,
                    ch_mask: m,
                },
                DataportCtrl::Scatter4Scaled {
                    ch_mask,
                    offset,
                    element_offset,
                    src,
                    ..
                },
            ) => {
                low.opcode == Opcode::Scatter4Scaled
                    && lanes_ok
                    && ch_mask == m
                    && offset == zero
                    && at(Some(element_offset)) == src0
                    && at(Some(src)) == block(0)
                    && null_dst
            }
            (
                HdcOp::UntypedAtomic { op: o, ret },
                DataportCtrl::DwordAtomic {
                    op,
                    width,
                    element_offset,
                    src0: s0,
                    src1: s1,
                    ..
                },
            ) => {
                let n = o.num_srcs();
                low.opcode == Opcode::DwordAtomic
                    && lanes_ok
                    && (op, width) == (o, 32)
                    && at(Some(element_offset)) == src0
                    && (if n > 0 {
                        at(s0) == block(0)
                    } else {
                        s0.is_none()
                    })
                    && (if n > 1 {
                        at(s1) == block(1)
                    } else {
                        s1.is_none()
                    })
                    && (if ret { load_dst_ok } else { null_dst })
            }
            (HdcOp::OwordBlock { kind, owords }, ctrl) => {
                let block_lane = low.pred.is_none()
                    && insn.pred.is_none()
                    && low.exec_size == 1
                    && low.mask.no_mask
                    && low.mask.group == 1;
                let header = |offset: Scalar| match offset {
                    Scalar::Var {
                        var,
                        row: 0,
                        col: 2,
                        ty: DataType::UD,
                    } => start(var).is_some() && start(var) == src0,
                    _ => false,
                };
                block_lane
                    && match (kind, ctrl) {
                        (
                            OwordKind::Read,
                            DataportCtrl::OwordLd {
                                num_owords, offset, ..
                            },
                        ) => {
                            low.opcode == Opcode::OwordLd
                                && num_owords == owords
                                && header(offset)
                                && load_dst_ok
                        }
                        (
                            OwordKind::UnalignedRead,
                            DataportCtrl::OwordLdUnaligned {
                                num_owords, offset, ..
                            },
                        ) => {
                            low.opcode == Opcode::OwordLdUnaligned
                                && num_owords == owords
                                && header(offset)
                                && load_dst_ok
                        }
                        (
                            OwordKind::Write,
                            DataportCtrl::OwordSt {
                                num_owords,
                                offset,
                                src,
                                ..
                            },
                        ) => {
                            low.opcode == Opcode::OwordSt
                                && num_owords == owords
                                && header(offset)
                                && at(Some(src)) == block(0)
                                && null_dst
                        }
                        _ => false,
                    }
            }
            _ => false,
        };
    if ok {
        Ok(())
    } else {
        Err(mismatch())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_in_decimal_and_hex() {
        assert_eq!(mod_number("15", "sfid", 15).ok(), Some(15));
        assert_eq!(mod_number("0xf", "sfid", 15).ok(), Some(15));
        assert!(mod_number("16", "sfid", 15).is_err());
    }
}

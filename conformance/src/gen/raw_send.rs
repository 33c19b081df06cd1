//! Generated RAW_SEND and RAW_SENDS cases: a generated LSC message on UGM or SLM
//! ([`super::lsc`]) rewritten as the raw send of the same message, its descriptors encoded
//! from the message's fields (`visa_model::ir::send::encode_lsc`) and its payloads the
//! named instruction's operands. [`from_named`] gives the pair: the raw send and its named
//! instruction must leave the same state (conformance/tests/lsc_cross_check.rs).
//!
//! The drawn messages are those a raw send's registers can carry as the named instruction
//! writes them: scale 1, no immediate offset, a flat or `bti` address with an immediate
//! index, no strided or compare-exchange forms (their data would have to share one
//! variable), caching pairs of the descriptor's table; RAW_SEND (one payload) carries the
//! loads and the atomics that read no data.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::asm::ast::{Immediate, InsnLine, LineKind, Operand, OperandKind};
use visa_model::errata::Readings;
use visa_model::ir::lsc::{LscOperands, Sfid};
use visa_model::ir::send::{self, LscMessage, LscOp};
use visa_model::ir::{Ctrl, Dst, Opcode, Scalar};
use visa_model::platform::Platform;
use visa_model::state::AddrType;
use visa_model::types::DataType;

use super::GenCase;

/// The platforms whose LSC descriptors the model decodes.
pub const PLATFORMS: [Platform; 2] = [Platform::XeHpg, Platform::XeHpc];

/// The named LSC instructions a raw send is drawn as (`split`: RAW_SENDS; else RAW_SEND,
/// one payload, which carries no data).
pub fn named_ops(split: bool) -> Vec<Opcode> {
    let mut ops = vec![Opcode::LscLoad, Opcode::LscLoadQuad];
    if split {
        ops.extend([Opcode::LscStore, Opcode::LscStoreQuad]);
    }
    ops.extend(Opcode::ALL.into_iter().filter(|o| {
        o.lsc_atomic()
            .is_some_and(|a| a.sources() < 2 && (split || a.sources() == 0))
    }));
    ops
}

/// A valid case of `raw_send` or `raw_sends`, with its named instruction.
pub fn pair(split: bool) -> BoxedStrategy<(GenCase, GenCase)> {
    (select(named_ops(split)), select(PLATFORMS.to_vec()))
        .prop_flat_map(|(op, platform)| {
            super::lsc::case_on(op, platform).unwrap_or_else(|| Just(unreachable_case()).boxed())
        })
        .prop_filter_map("an LSC message a raw send carries", move |named| {
            from_named(&named, split).map(|raw| (raw, named))
        })
        .boxed()
}

/// A placeholder no filter accepts (every drawn opcode has an LSC generator).
fn unreachable_case() -> GenCase {
    GenCase {
        platform: Platform::Gen9,
        literal: Vec::new(),
        text: String::new(),
        vars: Vec::new(),
        preds: Vec::new(),
        cr0: 0,
        emask: 0,
        tags: Vec::new(),
        partner: Vec::new(),
        mem: Vec::new(),
        surfaces: Vec::new(),
        samplers: Vec::new(),
        profile: None,
    }
}

/// The registry's generator of RAW_SEND's and RAW_SENDS's cases.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    let split = match op {
        Opcode::RawSend => false,
        Opcode::RawSends => true,
        _ => return None,
    };
    Some(pair(split).prop_map(|(raw, _)| raw).boxed())
}

/// The raw send of a generated LSC case's message, with the same initial state; `None` when
/// the message is not one a raw send's registers carry ([the module doc](self)).
pub fn from_named(named: &GenCase, split: bool) -> Option<GenCase> {
    if !PLATFORMS.contains(&named.platform) {
        return None;
    }
    let ast = visa_model::asm::parse(&named.text).ok()?;
    let mut readings = Readings::resolved();
    for id in &named.literal {
        readings
            .set(id, visa_model::errata::Reading::Literal)
            .ok()?;
    }
    let program = visa_model::validate::validate_with(&ast, named.platform, &readings).ok()?;
    let insn = program.insns.last()?;
    let Ctrl::Lsc(l) = &insn.ctrl else {
        return None;
    };
    let LscOperands::Message(ops) = l.operands else {
        return None;
    };
    let op = match insn.opcode {
        Opcode::LscLoad => LscOp::Load,
        Opcode::LscLoadQuad => LscOp::LoadQuad,
        Opcode::LscStore => LscOp::Store,
        Opcode::LscStoreQuad => LscOp::StoreQuad,
        o => LscOp::Atomic(o.lsc_atomic()?),
    };
    let carried = matches!(l.sfid, Sfid::Ugm | Sfid::Slm)
        && (l.scale, l.imm_offset) == (1, 0)
        && matches!(l.addr_type, AddrType::Flat | AddrType::Bti)
        && ops.src0_addr_pitch.is_none()
        && ops.src2_data.is_none()
        && (split || ops.src1_data.is_none());
    if !carried {
        return None;
    }
    let bti = match ops.surface {
        None => None,
        Some(Scalar::Imm { bits, .. }) => Some(u32::try_from(bits).ok().filter(|b| *b < 256)?),
        Some(Scalar::Var { .. }) => return None,
    };
    let grf = named.platform.grf_size();
    let mut m = LscMessage {
        unit: l.sfid,
        op,
        addr_type: l.addr_type,
        addr_size: l.addr_size,
        data: l.data,
        ch_mask: l.ch_mask,
        l1: l.l1,
        l3: l.l3,
        bti,
        mlen: 0,
        rlen: 0,
    };
    let data = send::data_registers(&m, insn.exec_size, grf);
    m.mlen = send::address_registers(&m, insn.exec_size, grf);
    m.rlen = if op.is_load() && !matches!(insn.dst, Dst::Null { .. }) {
        data
    } else {
        0
    };
    let (exdesc, desc) = send::encode_lsc(&m)?;
    let name = |id: visa_model::state::VarId| program.vars.get(id).name.clone();
    let raw = |var: Option<String>| -> Operand {
        let (name, offset) = match var {
            None => (visa_model::state::NULL.to_string(), 0),
            Some(n) => match n.rsplit_once('.') {
                Some((base, off)) => match off.parse::<u32>() {
                    Ok(o) => (base.to_string(), o),
                    Err(_) => (n, 0),
                },
                None => (n, 0),
            },
        };
        Operand {
            pos: Default::default(),
            kind: OperandKind::Raw { name, offset },
        }
    };
    let imm = |bits: u32| Operand {
        pos: Default::default(),
        kind: OperandKind::Imm(Immediate {
            bits: u64::from(bits),
            ty: DataType::UD,
        }),
    };
    let dst = match insn.dst {
        Dst::General { var, .. } => Some(name(var)),
        _ => None,
    };
    let src0 = Some(name(ops.src0_addrs.var));
    let src1 = ops.src1_data.map(|p| name(p.var));
    let sfid = if l.sfid == Sfid::Slm {
        send::sfid::SLM
    } else {
        send::sfid::UGM
    };
    let n1 = if src1.is_some() { data } else { 0 };
    let line = ast.lines.iter().rev().find_map(|l| match &l.kind {
        LineKind::Insn(i) => Some(i.clone()),
        _ => None,
    })?;
    let raw_line = if split {
        InsnLine {
            pred: line.pred,
            opcode: "raw_sends".to_string(),
            mods: [u32::from(sfid), m.mlen, n1, m.rlen]
                .map(|n| n.to_string())
                .to_vec(),
            exec: line.exec,
            operands: vec![imm(exdesc), imm(desc), raw(src0), raw(src1), raw(dst)],
        }
    } else {
        InsnLine {
            pred: line.pred,
            opcode: "raw_send".to_string(),
            mods: Vec::new(),
            exec: line.exec,
            operands: vec![
                imm(exdesc | u32::from(sfid)),
                Operand {
                    pos: Default::default(),
                    kind: OperandKind::Number(i64::from(m.mlen)),
                },
                Operand {
                    pos: Default::default(),
                    kind: OperandKind::Number(i64::from(m.rlen)),
                },
                imm(desc),
                raw(src0),
                raw(dst),
            ],
        }
    };
    let text_line = visa_model::asm::print_insn(&raw_line);
    let mut lines: Vec<&str> = named.text.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    lines[last] = &text_line;
    let text = format!("{}\n", lines.join("\n"));
    // The raw send must validate to the same message under the same readings.
    let raw_ast = visa_model::asm::parse(&text).ok()?;
    visa_model::validate::validate_with(&raw_ast, named.platform, &readings).ok()?;
    let mut tags = named.tags.clone();
    tags.push(format!("decoded:{}", m.text()));
    Some(GenCase {
        text,
        tags,
        ..named.clone()
    })
}

/// The platforms whose legacy dataport descriptors the model decodes.
pub const LEGACY_PLATFORMS: [Platform; 3] = [Platform::Gen9, Platform::Gen11, Platform::XeLp];

/// The legacy dataport instructions a raw send is drawn as (`split`: RAW_SENDS; else
/// RAW_SEND, whose one payload carries no data).
pub fn legacy_named_ops(split: bool) -> Vec<Opcode> {
    let mut ops = vec![
        Opcode::GatherScaled,
        Opcode::Gather4Scaled,
        Opcode::DwordAtomic,
    ];
    if split {
        ops.extend([Opcode::ScatterScaled, Opcode::Scatter4Scaled]);
    }
    ops
}

/// A valid raw send of a legacy dataport message on gen9, gen11 or xe-lp, with its named
/// instruction ([`legacy_from_named`]).
pub fn legacy_pair(split: bool) -> BoxedStrategy<(GenCase, GenCase)> {
    (
        select(legacy_named_ops(split)),
        select(LEGACY_PLATFORMS.to_vec()),
    )
        .prop_flat_map(|(op, platform)| {
            super::dataport::case_on(op, platform)
                .unwrap_or_else(|| Just(unreachable_case()).boxed())
        })
        .prop_filter_map("a legacy message a raw send carries", move |named| {
            legacy_from_named(&named, split)
        })
        .boxed()
}

/// A generated legacy dataport case rewritten as the pair (raw send, named instruction) of
/// one message: the named instruction's `Offset` folded into its element offsets (a raw
/// send's headerless message has none; the 32-bit sums are the same), then the raw send of
/// that message, its descriptor encoded from the fields (`visa_model::ir::send_legacy::encode`).
/// `None` for what a raw send does not carry: a binding-table surface (only SLM and
/// stateless are decoded), execution sizes other than the message's SIMD8 and SIMD16,
/// DWORD_ATOMIC's 16-bit and float operations, and the data sources RAW_SEND's one payload
/// or RAW_SENDS's Src1 cannot hold as the named instruction's separate variables.
pub fn legacy_from_named(named: &GenCase, split: bool) -> Option<(GenCase, GenCase)> {
    use visa_model::ir::dataport::{DataportCtrl, DataportSurface};
    use visa_model::ir::send_legacy::{self, HdcMessage, HdcOp, HdcSurface};
    if !LEGACY_PLATFORMS.contains(&named.platform) {
        return None;
    }
    let mut readings = Readings::resolved();
    for id in &named.literal {
        readings
            .set(id, visa_model::errata::Reading::Literal)
            .ok()?;
    }
    let ast = visa_model::asm::parse(&named.text).ok()?;
    let program = visa_model::validate::validate_with(&ast, named.platform, &readings).ok()?;
    let insn = program.insns.last()?;
    let Ctrl::Dataport(d) = &insn.ctrl else {
        return None;
    };
    let es = insn.exec_size;
    if ![8, 16].contains(&es) {
        return None;
    }
    let surface = match d.surface() {
        DataportSurface::Slm => HdcSurface::Slm,
        DataportSurface::Stateless => HdcSurface::Stateless { coherent: true },
        DataportSurface::Var(_) => return None,
    };
    let grf = named.platform.grf_size();
    let name = |id: visa_model::state::VarId| program.vars.get(id).name.clone();
    let whole = |p: visa_model::ir::Payload| (p.row, p.col) == (0, 0);
    // The fields, the offset to fold, the element offsets, the data source.
    let (op, offset, element_offset, data) = match *d {
        DataportCtrl::GatherScaled {
            num_blocks,
            offset,
            element_offset,
            ..
        } => (
            HdcOp::ByteScattered {
                store: false,
                bytes: num_blocks,
            },
            Some(offset),
            element_offset,
            None,
        ),
        DataportCtrl::ScatterScaled {
            num_blocks,
            offset,
            element_offset,
            src,
            ..
        } => (
            HdcOp::ByteScattered {
                store: true,
                bytes: num_blocks,
            },
            Some(offset),
            element_offset,
            Some(src),
        ),
        DataportCtrl::Gather4Scaled {
            ch_mask,
            offset,
            element_offset,
            ..
        } => (
            HdcOp::UntypedSurface {
                store: false,
                ch_mask,
            },
            Some(offset),
            element_offset,
            None,
        ),
        DataportCtrl::Scatter4Scaled {
            ch_mask,
            offset,
            element_offset,
            src,
            ..
        } => (
            HdcOp::UntypedSurface {
                store: true,
                ch_mask,
            },
            Some(offset),
            element_offset,
            Some(src),
        ),
        DataportCtrl::DwordAtomic {
            op,
            width: 32,
            element_offset,
            src0,
            src1: None,
            ..
        } => {
            send_legacy::atomic_code(op)?;
            (
                HdcOp::UntypedAtomic {
                    op,
                    ret: !matches!(insn.dst, Dst::Null { .. }),
                },
                None,
                element_offset,
                src0,
            )
        }
        _ => return None,
    };
    if !whole(element_offset) || data.is_some_and(|p| !whole(p)) || (!split && data.is_some()) {
        return None;
    }
    // Fold the offset into the element offsets.
    let offset = match offset {
        None | Some(Scalar::Imm { bits: 0, .. }) => 0,
        Some(Scalar::Imm { bits, .. }) => bits as u32,
        Some(Scalar::Var { var, row, col, ty }) => {
            let bytes = &named.vars.iter().find(|(n, _)| *n == name(var))?.1;
            let at = row as usize * grf + col as usize * ty.size();
            u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?)
        }
    };
    let eo_name = name(element_offset.var);
    let mut vars = named.vars.clone();
    let eo = &mut vars.iter_mut().find(|(n, _)| *n == eo_name)?.1;
    for lane in eo.chunks_exact_mut(4) {
        let v = u32::from_le_bytes(lane.try_into().ok()?).wrapping_add(offset);
        lane.copy_from_slice(&v.to_le_bytes());
    }
    let mut line = ast.lines.iter().rev().find_map(|l| match &l.kind {
        LineKind::Insn(i) => Some(i.clone()),
        _ => None,
    })?;
    if matches!(d, DataportCtrl::DwordAtomic { .. }) {
        // No offset operand.
    } else {
        line.operands.get_mut(1)?.kind = OperandKind::Imm(Immediate {
            bits: 0,
            ty: DataType::UD,
        });
    }
    let mut m = HdcMessage {
        sfid: if matches!(op, HdcOp::ByteScattered { .. }) {
            send_legacy::DC0
        } else {
            send_legacy::DC1
        },
        op,
        surface,
        simd: es,
        header: false,
        mlen: 0,
        rlen: 0,
    };
    let data_regs = m.data_registers(grf);
    let sources = m.data_sources();
    m.mlen = m.address_registers(grf) + if split { 0 } else { data_regs * sources };
    m.rlen = if m.is_load() { data_regs } else { 0 };
    let desc = send_legacy::encode(&m)?;
    let raw = |var: Option<String>| Operand {
        pos: Default::default(),
        kind: OperandKind::Raw {
            name: var.unwrap_or_else(|| visa_model::state::NULL.to_string()),
            offset: 0,
        },
    };
    let imm = |bits: u32| Operand {
        pos: Default::default(),
        kind: OperandKind::Imm(Immediate {
            bits: u64::from(bits),
            ty: DataType::UD,
        }),
    };
    let number = |n: u32| Operand {
        pos: Default::default(),
        kind: OperandKind::Number(i64::from(n)),
    };
    let dst = match insn.dst {
        Dst::General { var, .. } if m.is_load() => Some(name(var)),
        _ => None,
    };
    let src0 = Some(eo_name);
    let src1 = data.map(|p| name(p.var));
    let raw_line = if split {
        InsnLine {
            pred: line.pred.clone(),
            opcode: "raw_sends".to_string(),
            mods: [u32::from(m.sfid), m.mlen, data_regs * sources, m.rlen]
                .map(|n| n.to_string())
                .to_vec(),
            exec: line.exec,
            operands: vec![imm(0), imm(desc), raw(src0), raw(src1), raw(dst)],
        }
    } else {
        InsnLine {
            pred: line.pred.clone(),
            opcode: "raw_send".to_string(),
            mods: Vec::new(),
            exec: line.exec,
            operands: vec![
                imm(u32::from(m.sfid)),
                number(m.mlen),
                number(m.rlen),
                imm(desc),
                raw(src0),
                raw(dst),
            ],
        }
    };
    let replace = |text_line: &str| -> Option<String> {
        let mut lines: Vec<&str> = named.text.lines().collect();
        let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
        lines[last] = text_line;
        Some(format!("{}\n", lines.join("\n")))
    };
    let named_text = replace(&visa_model::asm::print_insn(&line))?;
    let raw_text = replace(&visa_model::asm::print_insn(&raw_line))?;
    // Both validate under the same readings.
    for text in [&named_text, &raw_text] {
        let ast = visa_model::asm::parse(text).ok()?;
        visa_model::validate::validate_with(&ast, named.platform, &readings).ok()?;
    }
    let named = GenCase {
        text: named_text,
        vars,
        ..named.clone()
    };
    let mut tags = named.tags.clone();
    tags.push(format!("decoded:{}", m.text()));
    let raw = GenCase {
        text: raw_text,
        tags,
        ..named.clone()
    };
    Some((raw, named))
}

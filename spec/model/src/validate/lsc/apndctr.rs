//! Validation of LSC_UNTYPED's append-counter atomics `lsc_apndctr_atomic_add` and
//! `lsc_apndctr_atomic_sub` (instructions/LSC_UNTYPED.md, the first Format table, Text
//! `lsc_apndctr_atomic_*.SFID [.CachingL1 [.CachingL3]] (ExecSize) DstData AddrType[(Surface)]
//! Src0Data`, Examples): a stateful surface and no address payload, `DstData` (or `%null`) and
//! `Src0Data` of one d32 a lane.
//!
//! IR: `Ctrl::Lsc` with the data shape `d32`, scale 1, offset 0 (unused) and the operands
//! [`ApndctrOperands`] (the surface and `Src0Data`); `srcs` is empty.

use super::operand::{scalar, stateful_address, whole_var};
use super::untyped::unit_and_caching;
use crate::asm::ast::{InsnLine, OperandKind};
use crate::error::Result;
use crate::forms::Builder;
use crate::ir::lsc::{caching_allowed, ApndctrOperands, DataShape, DataSize, LscOperands, Sfid};
use crate::ir::{Ctrl, Dst, Instruction, LscCtrl, Opcode};
use crate::platform::Platform;
use crate::state::{AddrSize, Vars, NULL};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

/// Whether `opcode` is an append-counter atomic (its builder, [`crate::opcode::Form::builder`]).
pub fn is_apndctr(opcode: Opcode) -> bool {
    opcode.form().builder == Builder::LscApndctr
}

/// The counter is a d32 (the Examples' `VDATA:d32`), one per lane in DstData and Src0Data.
const SHAPE: DataShape = DataShape {
    size: DataSize::D32,
    vect_size: 1,
    transposed: false,
};

fn check_exec(insn_exec: u32, group: u32, offset: u32) -> Result<()> {
    if ![1, 2, 4, 8, 16, 32].contains(&insn_exec)
        || !(1..=8).contains(&group)
        || !offset.is_multiple_of(insn_exec)
        || offset + insn_exec > 32
    {
        return Err(invalid(
            "exec_size",
            format!("execution size {insn_exec} with mask control M{group} is not valid"),
        ));
    }
    Ok(())
}

impl Cx<'_> {
    pub(crate) fn apndctr_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let (sfid, l1, l3) = unit_and_caching(&line.mods)?;
        if sfid == Sfid::Slm {
            return Err(invalid(
                "sfid",
                "an append counter lives in a surface: `.ugm` or `.ugml`",
            ));
        }
        if !(caching_allowed(l1, l3, true) || caching_allowed(l1, l3, false)) {
            return Err(invalid(
                "caching",
                "the caching pair is not in the CachingL1 table",
            ));
        }
        let [dst, addr, src0] = line.operands.as_slice() else {
            return Err(invalid(
                "operands",
                format!("`{}` takes DstData, the surface and Src0Data", line.opcode),
            ));
        };
        let data = |op: &crate::asm::ast::Operand, field: &str| -> Result<String> {
            let OperandKind::Data {
                name,
                offset,
                shape,
            } = &op.kind
            else {
                return Err(invalid(field, "expected a data operand `V:d32`"));
            };
            if shape != "d32" {
                return Err(invalid(
                    field,
                    format!("the append counter is a d32, not `{shape}`"),
                ));
            }
            Ok(super::untyped::payload_text(name, *offset))
        };
        let dst_name = data(dst, "dst")?;
        let src_name = data(src0, "src0")?;
        let (addr_type, surface, terms) = stateful_address(
            &addr.kind,
            "the surface `bti(INDEX)`, `bss(V)` or `ss(V)` with no address",
            "the append counter's surface is",
        )?;
        if !terms.is_empty() {
            return Err(invalid(
                "address",
                "append counter atomics have no address payload",
            ));
        }
        let surface = self.surface_scalar(&surface.kind)?;
        let dst = if dst_name == NULL {
            Dst::Null { ty: DataType::UD }
        } else {
            let id = self.payload_var(&dst_name, "dst")?;
            Dst::General {
                var: id,
                row: 0,
                col: 0,
                hstride: 1,
                ty: self.vars.get(id).ty,
            }
        };
        let src_id = self.payload_var(&src_name, "src0")?;
        let src0_data = self.payload(src_id);
        let ctrl = LscCtrl {
            sfid,
            l1,
            l3,
            data: SHAPE,
            addr_type,
            addr_size: AddrSize::A32,
            scale: 1,
            imm_offset: 0,
            ch_mask: 0,
            operands: LscOperands::Apndctr(ApndctrOperands { surface, src0_data }),
        };
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Lsc(ctrl),
            dst,
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }
}

/// The rules of the append-counter atomics on the IR.
pub fn rules(insn: &Instruction, c: LscCtrl, vars: &Vars, platform: Platform) -> Result<()> {
    let name = insn.opcode.mnemonic();
    if insn.sat || insn.dst2.is_some() {
        return Err(invalid(
            "opcode",
            format!("`{name}` takes no `.sat` or second destination"),
        ));
    }
    check_exec(
        insn.exec_size,
        u32::from(insn.mask.group),
        insn.mask.offset(),
    )?;
    if let Some(p) = &insn.pred {
        let ok = (p.var.0 as usize) < vars.len()
            && vars.get(p.var).class == crate::asm::ast::VarClass::Predicate
            && vars.get(p.var).num_elts >= insn.mask.offset() + insn.exec_size;
        if !ok {
            return Err(invalid("pred", "the predicate does not cover the channels"));
        }
    }
    if c.sfid == Sfid::Slm || c.sfid == Sfid::Tgm || !c.addr_type.is_stateful() {
        return Err(invalid(
            "address",
            "an append counter lives in a surface (bti, bss, ss) of `.ugm` or `.ugml`",
        ));
    }
    if c.data != SHAPE || c.scale != 1 || c.imm_offset != 0 || c.ch_mask != 0 {
        return Err(invalid("data", "the append counter is one d32 a lane"));
    }
    if !(caching_allowed(c.l1, c.l3, true) || caching_allowed(c.l1, c.l3, false)) {
        return Err(invalid(
            "caching",
            "the caching pair is not in the CachingL1 table",
        ));
    }
    let span = SHAPE.reg_span(insn.exec_size, platform.grf_size());
    let LscOperands::Apndctr(ops) = c.operands else {
        return Err(invalid(
            "operands",
            format!("`{name}` takes the surface and Src0Data, not a message's operands"),
        ));
    };
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            format!("`{name}` names its operands in its LSC fields: no positional sources"),
        ));
    }
    scalar(vars, ops.surface, 4, "surface")?;
    whole_var(
        vars,
        ops.src0_data.var,
        ops.src0_data.row,
        ops.src0_data.col,
        span,
        "src0",
    )?;
    match &insn.dst {
        Dst::Null { .. } => Ok(()),
        Dst::General { var, row, col, .. } => whole_var(vars, *var, *row, *col, span, "dst"),
        _ => Err(invalid("dst", "DstData is a general variable or `%null`")),
    }
}

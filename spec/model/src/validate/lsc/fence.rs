//! LSC_FENCE (instructions/LSC_FENCE.md): `lsc_fence.SFID.OP.SCOPE` to the IR, and
//! [`fence_rules`] on any IR.

use crate::asm::ast::InsnLine;
use crate::error::Result;
use crate::ir::lsc::{FenceOp, FenceScope, LscFenceCtrl, Sfid};
use crate::ir::{Ctrl, Dst, Instruction, Opcode};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

impl Cx<'_> {
    /// `lsc_fence.SFID.OP.SCOPE`, optionally with `(M1_NM, 1)`: no operands.
    pub(crate) fn fence_instruction(&mut self, line: &InsnLine) -> Result<Instruction> {
        let (mask, exec_size) = match line.exec {
            Some(_) => self.exec(line.exec)?,
            None => (
                crate::asm::ast::MaskControl {
                    group: 1,
                    no_mask: true,
                },
                1,
            ),
        };
        if line.pred.is_some() {
            return Err(invalid("pred", "a fence takes no predicate"));
        }
        let [sfid, op, scope] = line.mods.as_slice() else {
            return Err(invalid(
                "opcode",
                "expected `lsc_fence.SFID.FENCEOP.SCOPE` (e.g. `lsc_fence.ugm.clean.sysrel`)",
            ));
        };
        // LscSFID: the untyped units and the typed one.
        let sfid = match sfid.as_str() {
            "tgm" => Some(Sfid::Tgm),
            s => Sfid::from_name(s),
        }
        .ok_or_else(|| invalid("sfid", format!("`.{sfid}` is not one of ugm ugml tgm slm")))?;
        let op = FenceOp::from_name(op).ok_or_else(|| {
            invalid(
                "opcode",
                format!("`.{op}` is not a fence operation of the LSC_FENCE_OP table"),
            )
        })?;
        // The scope 0x5 is `.sysrel` as vISA's parser spells it; the table's `system` is
        // accepted too (LSC-FENCE-SYSREL).
        let scope = FenceScope::from_name(scope).ok_or_else(|| {
            invalid(
                "opcode",
                format!("`.{scope}` is not a scope of the LSC_SCOPE table"),
            )
        })?;
        if !line.operands.is_empty() {
            return Err(invalid("operands", "a fence takes no operands"));
        }
        let insn = Instruction {
            pos: self.pos,
            opcode: Opcode::LscFence,
            pred: None,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::LscFence(LscFenceCtrl { sfid, op, scope }),
            dst: Dst::Null { ty: DataType::UB },
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }
}

/// LSC_FENCE on the IR: SIMD1, no predicate or operands, its fields (its platforms are its
/// forms row's, checked before the family).
pub fn fence_rules(insn: &Instruction) -> Result<()> {
    let plain = insn.exec_size == 1
        && (1..=8).contains(&insn.mask.group)
        && insn.pred.is_none()
        && !insn.sat
        && insn.dst2.is_none()
        && insn.srcs.is_empty()
        && matches!(insn.dst, Dst::Null { .. })
        && matches!(insn.ctrl, Ctrl::LscFence(_));
    if plain {
        Ok(())
    } else {
        Err(invalid(
            "exec_size",
            "`lsc_fence` is SIMD1 with no operands",
        ))
    }
}

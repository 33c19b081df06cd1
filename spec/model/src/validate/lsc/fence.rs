//! LSC_FENCE (instructions/LSC_FENCE.md): `lsc_fence.SFID.OP.SCOPE` to the IR, and
//! [`fence_rules`] on any IR.

use crate::asm::ast::InsnLine;
use crate::error::Result;
use crate::ir::{Ctrl, Dst, Instruction, Opcode};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

/// LSC_FENCE's units, fence operations and scopes (instructions/LSC_FENCE.md, the LSC_SFID,
/// LSC_FENCE_OP and LSC_SCOPE tables). The scope 0x5 is `.sysrel` as vISA's parser spells it;
/// the table's `system` is accepted too (LSC-FENCE-SYSREL).
const FENCE_SFIDS: [&str; 4] = ["ugm", "ugml", "tgm", "slm"];
const FENCE_OPS: [&str; 6] = ["none", "evict", "invalidate", "discard", "clean", "flushl3"];
const FENCE_SCOPES: [&str; 8] = [
    "group", "local", "tile", "gpu", "gpus", "sysrel", "system", "sysacq",
];

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
        if !FENCE_SFIDS.contains(&sfid.as_str()) {
            return Err(invalid(
                "sfid",
                format!("`.{sfid}` is not one of ugm ugml tgm slm"),
            ));
        }
        if !FENCE_OPS.contains(&op.as_str()) {
            return Err(invalid(
                "opcode",
                format!("`.{op}` is not a fence operation of the LSC_FENCE_OP table"),
            ));
        }
        if !FENCE_SCOPES.contains(&scope.as_str()) {
            return Err(invalid(
                "opcode",
                format!("`.{scope}` is not a scope of the LSC_SCOPE table"),
            ));
        }
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
            ctrl: Ctrl::None,
            dst: Dst::Null { ty: DataType::UB },
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }
}

/// LSC_FENCE on the IR: SIMD1, no predicate, operands or fields (its platforms are its
/// forms row's, checked before the family).
pub fn fence_rules(insn: &Instruction) -> Result<()> {
    let plain = insn.exec_size == 1
        && (1..=8).contains(&insn.mask.group)
        && insn.pred.is_none()
        && !insn.sat
        && insn.dst2.is_none()
        && insn.srcs.is_empty()
        && matches!(insn.dst, Dst::Null { .. })
        && insn.ctrl == Ctrl::None;
    if plain {
        Ok(())
    } else {
        Err(invalid(
            "exec_size",
            "`lsc_fence` is SIMD1 with no operands",
        ))
    }
}

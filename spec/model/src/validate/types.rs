//! Types: each instruction's type maps (its document's Operand type maps, [`forms`]),
//! saturation and MOV's predicate source.

use super::context::Env;
use super::errors::invalid;
use super::operands::is_logic;
use crate::errata;
use crate::error::Result;
use crate::forms;
use crate::ir::{Dst, Instruction, Opcode, Src};
use crate::types::{exec_type, DataType};

impl Env<'_> {
    /// The instruction's type maps (its document's Operand type maps, [`forms`]), and MOV's
    /// predicate source (instructions/MOV.md, Notes).
    pub(super) fn types(&self, insn: &Instruction) -> Result<()> {
        let dst = insn.dst.ty();
        if is_logic(insn.opcode) && matches!(insn.dst, Dst::Predicate { .. }) {
            // The predicate-operand form (checked by operand_classes).
            return Ok(());
        }
        if let [Src::Predicate { var }] = insn.srcs.as_slice() {
            // Only MOV gets here (operand_classes admits a predicate source to MOV and to the
            // logic instructions' predicate-operand form, which returned above).
            let bits = self.vars.get(*var).num_elts;
            if insn.exec_size != 1 || insn.pred.is_some() || insn.sat {
                return Err(invalid(
                    "src0",
                    "MOV from a predicate has execution size 1, no predicate and no saturation",
                ));
            }
            if !matches!(dst, DataType::UB | DataType::UW | DataType::UD) || dst.bits() < bits {
                return Err(invalid("dst", format!(
                    "MOV from a {bits}-element predicate needs a UB, UW or UD destination of at least {bits} bits"
                )));
            }
            return Ok(());
        }
        let form = insn.opcode.form();
        // Erratum ADDC-SUBB-PACKED-UV, resolved: a UV immediate of ADDC or SUBB takes part
        // as UD (its elements, zero-extended).
        let packed_uv_as_ud = matches!(insn.opcode, Opcode::Addc | Opcode::Subb)
            && !self.readings.is_literal(errata::ADDC_SUBB_PACKED_UV);
        let srcs: Vec<DataType> = insn
            .srcs
            .iter()
            .map(|s| match s {
                Src::Imm { .. } if packed_uv_as_ud && s.ty() == DataType::UV => DataType::UD,
                _ => exec_type(s.ty()),
            })
            .collect();
        if insn.sat && form.sat == forms::Sat::FloatOnly && !dst.is_float() {
            return Err(invalid(
                "opcode",
                format!(
                    "{} saturates only a float destination",
                    insn.opcode.mnemonic()
                ),
            ));
        }
        if let Some(carry) = &insn.dst2 {
            if carry.is_register() && carry.ty() != DataType::UD {
                return Err(invalid(
                    "dst",
                    format!(
                        "{}'s second destination has type UD, not {}",
                        insn.opcode.mnemonic().to_ascii_uppercase(),
                        carry.ty()
                    ),
                ));
            }
        }
        // CMP into a predicate: the sources of any of its maps (instructions/CMP.md).
        let admitted = if matches!(insn.dst, Dst::Predicate { .. }) && insn.opcode == Opcode::Cmp {
            form.admits_sources(self.platform, self.readings, &srcs)
        } else {
            form.admits(self.platform, self.readings, dst, &srcs)
        };
        if admitted {
            return self.instruction_rules(insn, &srcs);
        }
        let list: Vec<String> = srcs.iter().map(|t| t.to_string()).collect();
        Err(invalid(
            "dst",
            format!(
                "{} has no type map for sources {} and destination {dst} on {}",
                insn.opcode.mnemonic().to_ascii_uppercase(),
                list.join(", "),
                self.platform
            ),
        ))
    }
}

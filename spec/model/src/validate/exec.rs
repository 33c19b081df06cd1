//! Execution size, mask control and predication (3_execution_model.md, Execution Mask;
//! 5_operands.md, Predication).

use super::context::{Cx, Env};
use super::errors::invalid;
use crate::asm::ast::{self, ExecSpec, MaskControl, VarClass};
use crate::errata;
use crate::error::Result;
use crate::ir::{Dst, Predicate};
use crate::state::VarId;

impl Cx<'_> {
    /// Execution size and mask control (3_execution_model.md, Execution Mask).
    pub(super) fn exec(&self, exec: Option<ExecSpec>) -> Result<(MaskControl, u32)> {
        let Some(exec) = exec else {
            return Err(invalid("exec_size", "missing execution size `(M1, N)`"));
        };
        let size = exec.size;
        if ![1, 2, 4, 8, 16, 32].contains(&size) {
            return Err(invalid(
                "exec_size",
                format!("execution size {size} is not one of 1, 2, 4, 8, 16, 32"),
            ));
        }
        let mask = exec.mask.unwrap_or(MaskControl::M1);
        if !(1..=8).contains(&mask.group) {
            return Err(invalid(
                "exec_size",
                format!("mask control M{} does not exist", mask.group),
            ));
        }
        let offset = mask.offset();
        if offset % size != 0 {
            return Err(invalid(
                "exec_size",
                format!(
                "mask control M{} (offset {offset}) is not aligned to the execution size {size}",
                mask.group
            ),
            ));
        }
        // Erratum EMASK-OFFSET-BOUND: the text's ">=" would forbid M1 SIMD32.
        let too_far = if self.readings.is_literal(errata::EMASK_OFFSET_BOUND) {
            offset + size >= 32
        } else {
            offset + size > 32
        };
        if too_far {
            return Err(invalid(
                "exec_size",
                format!("mask offset {offset} plus execution size {size} passes the 32 channels"),
            ));
        }
        Ok((mask, size))
    }

    pub(super) fn predicate(
        &mut self,
        p: &ast::PredRef,
        mask: MaskControl,
        exec_size: u32,
    ) -> Result<Predicate> {
        let id = self.var(&p.name, self.pos, "pred")?;
        let info = self.vars.get(id);
        if info.class != VarClass::Predicate {
            return Err(invalid(
                "pred",
                format!("`{}` is not a predicate variable", p.name),
            ));
        }
        if info.num_elts < mask.offset() + exec_size {
            return Err(invalid(
                "pred",
                format!(
                    "predicate `{}` has {} elements; the instruction reads elements {}..{}",
                    p.name,
                    info.num_elts,
                    mask.offset(),
                    mask.offset() + exec_size
                ),
            ));
        }
        Ok(Predicate {
            var: id,
            invert: p.invert,
            combine: p.combine,
        })
    }

    /// ADD3O's `(<P>)`: a plain predicate variable receiving the overflow bits.
    pub(super) fn overflow_predicate(
        &mut self,
        p: &ast::PredRef,
        mask: MaskControl,
        exec_size: u32,
    ) -> Result<Dst> {
        let id = self.var(&p.name, self.pos, "pred")?;
        if self.vars.get(id).class != VarClass::Predicate {
            return Err(invalid(
                "pred",
                format!("`{}` is not a predicate variable", p.name),
            ));
        }
        if p.invert || p.combine != ast::PredCombine::None {
            return Err(invalid(
                "pred",
                "ADD3O's overflow predicate is written `(P)`, without `!`, `.any` or `.all`",
            ));
        }
        self.env().predicate_elements(id, mask, exec_size, "pred")?;
        Ok(Dst::Predicate { var: id })
    }
}

impl Env<'_> {
    /// A predicate variable covering channels `mask offset .. mask offset + exec_size`.
    pub(super) fn predicate_elements(
        &self,
        id: VarId,
        mask: MaskControl,
        exec_size: u32,
        f: &str,
    ) -> Result<()> {
        let info = self.vars.get(id);
        if info.num_elts < mask.offset() + exec_size {
            return Err(invalid(
                f,
                format!(
                    "predicate `{}` has {} elements; the instruction uses elements {}..{}",
                    info.name,
                    info.num_elts,
                    mask.offset(),
                    mask.offset() + exec_size
                ),
            ));
        }
        Ok(())
    }
}

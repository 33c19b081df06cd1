//! LRP and PLN (instructions/LRP.md, PLN.md): the rules of their Notes and
//! Exec_size fields beyond the forms row, with the errata LRP-PLN-PLATFORMS, LRP-REGION and
//! LRP-PLN-ALIGNMENT.

use super::context::Env;
use super::errors::{invalid, src_field};
use crate::errata;
use crate::error::Result;
use crate::ir::{Dst, Instruction, Opcode, Region, Src};
use crate::state::VarId;
use crate::types::DataType;

/// The element each of the `n` lanes of a region reads, relative to the origin.
fn lane_elements(region: &Region, n: u32) -> Vec<u32> {
    let width = region.width.max(1);
    (0..n)
        .map(|k| (k / width) * region.vstride + (k % width) * region.hstride)
        .collect()
}

/// Whether every lane of the region reads the origin (instructions/LRP.md, Notes: the
/// scalar region, whose value is broadcast).
pub fn is_scalar_region(region: &Region, n: u32) -> bool {
    lane_elements(region, n).iter().all(|e| *e == 0)
}

/// Whether lane k of the region reads element k.
pub fn is_contiguous_region(region: &Region, n: u32) -> bool {
    lane_elements(region, n)
        .iter()
        .enumerate()
        .all(|(k, e)| *e as usize == k)
}

impl Env<'_> {
    /// Register byte of the first element of `V(row, col)` of type `ty`.
    fn origin_byte(&self, var: VarId, row: u32, col: u32, ty: DataType) -> usize {
        let base = self.vars.get(var).grf_offset.unwrap_or(0);
        base + (row as usize * (self.row_size() / ty.size()) + col as usize) * ty.size()
    }

    /// The rules of LRP and PLN.
    pub(super) fn lrp_pln_rules(&self, insn: &Instruction) -> Result<()> {
        let name = insn.opcode.mnemonic().to_ascii_uppercase();
        if insn.opcode == Opcode::Lrp {
            self.lrp_rules(insn, &name)
        } else {
            self.pln_rules(insn, &name)
        }
    }

    /// instructions/LRP.md, Notes: contiguous operands (erratum LRP-REGION), inside their
    /// variables, 16-byte aligned but for scalar sources (erratum LRP-PLN-ALIGNMENT).
    fn lrp_rules(&self, insn: &Instruction, name: &str) -> Result<()> {
        let n = insn.exec_size;
        let strict_region = !self.readings.is_literal(errata::LRP_REGION);
        let aligned = self.readings.is_literal(errata::LRP_PLN_ALIGNMENT);
        let contiguous = 0..n;
        match &insn.dst {
            Dst::General {
                var,
                row,
                col,
                hstride,
                ty,
            } => {
                if strict_region && n > 1 && *hstride != 1 {
                    return Err(invalid("dst", format!(
                        "{name} writes contiguous elements: the destination stride must be 1 (erratum {})",
                        errata::LRP_REGION
                    )));
                }
                self.check_general_bounds(
                    *var,
                    *row,
                    *col,
                    *ty,
                    contiguous.clone(),
                    self.pos,
                    "dst",
                )?;
                if aligned && !self.origin_byte(*var, *row, *col, *ty).is_multiple_of(16) {
                    return Err(invalid("dst", format!(
                        "{name}'s destination must be 16-byte aligned (erratum {}, literal reading)",
                        errata::LRP_PLN_ALIGNMENT
                    )));
                }
            }
            Dst::Indirect { hstride, .. } if strict_region && n > 1 && *hstride != 1 => {
                return Err(invalid("dst", format!(
                    "{name} writes contiguous elements: the destination stride must be 1 (erratum {})",
                    errata::LRP_REGION
                )));
            }
            _ => {}
        }
        for (k, src) in insn.srcs.iter().enumerate() {
            let field = src_field(k);
            let (region, multi) = match src {
                Src::General { region, .. } => (region, false),
                Src::Indirect { region, multi, .. } => (region, *multi),
                _ => continue,
            };
            let scalar = !multi && is_scalar_region(region, n);
            if strict_region && !scalar && (multi || !is_contiguous_region(region, n)) {
                return Err(invalid(&field, format!(
                    "{name} reads a scalar or the {n} contiguous elements from the origin: {field}'s region is neither (erratum {})",
                    errata::LRP_REGION
                )));
            }
            if let Src::General {
                var, row, col, ty, ..
            } = src
            {
                if !scalar {
                    self.check_general_bounds(
                        *var,
                        *row,
                        *col,
                        *ty,
                        contiguous.clone(),
                        self.pos,
                        &field,
                    )?;
                    if aligned && !self.origin_byte(*var, *row, *col, *ty).is_multiple_of(16) {
                        return Err(invalid(&field, format!(
                            "{name}'s non-scalar sources must be 16-byte aligned (erratum {}, literal reading)",
                            errata::LRP_PLN_ALIGNMENT
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// instructions/PLN.md: execution size 8 or 16 (Exec_size), general or indirect sources
    /// (operand class), src0's four elements and src1's 2 * exec_size elements inside their
    /// variables, src0 16-byte and src1 GRF aligned (erratum LRP-PLN-ALIGNMENT).
    fn pln_rules(&self, insn: &Instruction, name: &str) -> Result<()> {
        let n = insn.exec_size;
        if n != 8 && n != 16 {
            return Err(invalid(
                "exec_size",
                format!("{name}'s execution size is 8 or 16, not {n}"),
            ));
        }
        let aligned = self.readings.is_literal(errata::LRP_PLN_ALIGNMENT);
        for (k, src) in insn.srcs.iter().enumerate() {
            let field = src_field(k);
            // src0 holds p, q and r in its elements 0, 1 and 3; src1 holds u and v.
            let (elements, alignment) = if k == 0 {
                (4, 16)
            } else {
                (2 * n, self.platform.grf_size())
            };
            match src {
                Src::Imm { .. } => {
                    return Err(invalid(
                        &field,
                        format!(
                            "{name}'s {field} is a general or indirect operand, not an immediate"
                        ),
                    ))
                }
                Src::General {
                    var, row, col, ty, ..
                } => {
                    self.check_general_bounds(
                        *var,
                        *row,
                        *col,
                        *ty,
                        0..elements,
                        self.pos,
                        &field,
                    )?;
                    if aligned
                        && !self
                            .origin_byte(*var, *row, *col, *ty)
                            .is_multiple_of(alignment)
                    {
                        return Err(invalid(&field, format!(
                            "{name}'s {field} must be {alignment}-byte aligned (erratum {}, literal reading)",
                            errata::LRP_PLN_ALIGNMENT
                        )));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

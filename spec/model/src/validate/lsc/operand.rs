//! The operand checks every LSC message shares: a surface's address, a whole general
//! variable, a scalar, and the bytes a data operand spans.

use crate::asm::ast::{AddrTerm, Operand, OperandKind, VarClass};
use crate::error::Result;
use crate::ir::lsc::DataShape;
use crate::ir::Scalar;
use crate::state::{AddrType, VarId, Vars};
use crate::validate::errors::invalid;

/// The surface operand and the address terms of an access through a surface,
/// `AddrType(Surface)[terms]` with bti, bss or ss and no address size. `expected` names the
/// form in the message when the operand is not of that shape; `what` the access in the
/// message's lead when the address type is not a surface's (`{what} bti, bss or ss`).
pub(crate) fn stateful_address<'a>(
    kind: &'a OperandKind,
    expected: &str,
    what: &str,
) -> Result<(AddrType, &'a Operand, &'a [AddrTerm])> {
    let OperandKind::Address {
        space,
        surface: Some(surface),
        terms,
        size: None,
    } = kind
    else {
        return Err(invalid("address", format!("expected {expected}")));
    };
    let addr_type = AddrType::from_name(space)
        .filter(|t| t.is_stateful())
        .ok_or_else(|| invalid("address", format!("{what} bti, bss or ss, not `{space}`")))?;
    Ok((addr_type, surface, terms))
}

/// The register bytes a data operand of `shape` must hold for `exec_size` lanes on a
/// `grf`-byte GRF. Non-transposed, each of the vector's elements is a GRF-aligned block of
/// `exec_size` data (LSC_UNTYPED.md, Semantics `DstData[v].elems[n]`): under the literal
/// reading of LSC-PAYLOAD-EXTENT the operand spans every block whole; under the resolved
/// one it ends with the last datum the instruction reads or writes (a SIMD1 d32 in 4
/// bytes).
pub(crate) fn data_extent(shape: DataShape, exec_size: u32, grf: usize, literal: bool) -> usize {
    let span = shape.reg_span(exec_size, grf);
    if literal || shape.transposed {
        return span;
    }
    let datum = shape.size.reg_bytes();
    let block = (exec_size as usize * datum).div_ceil(grf) * grf;
    span - block + exec_size as usize * datum
}

/// The `General` variable of an operand at (0,0) with at least `bytes` bytes.
pub(crate) fn whole_var(
    vars: &Vars,
    var: VarId,
    row: u32,
    col: u32,
    bytes: usize,
    field: &str,
) -> Result<()> {
    if (var.0 as usize) >= vars.len() {
        return Err(invalid(field, "the variable id is out of range"));
    }
    let info = vars.get(var);
    if info.class != VarClass::General || info.grf_offset.is_none() {
        return Err(invalid(
            field,
            format!("`{}` is not a general variable", info.name),
        ));
    }
    if row != 0 || col != 0 {
        return Err(invalid(
            field,
            "an LSC operand starts at its variable's origin",
        ));
    }
    if info.byte_size() < bytes {
        return Err(invalid(
            field,
            format!(
                "`{}` has {} bytes; the operand spans {bytes}",
                info.name,
                info.byte_size()
            ),
        ));
    }
    Ok(())
}

/// A scalar operand: an immediate, or `bytes` bytes of a general variable from its element
/// `(row, col)` of the operand's type (CISA.y `LscVectorOpReg`: `V`, `V.C`, `V(R,C)`).
pub(crate) fn scalar(vars: &Vars, s: Scalar, bytes: usize, field: &str) -> Result<()> {
    match s {
        Scalar::Imm { .. } => Ok(()),
        Scalar::Var { var, row, col, ty } => {
            whole_var(vars, var, 0, 0, bytes, field)?;
            let at = row as usize * vars.platform.grf_size() + col as usize * ty.size();
            let size = vars.get(var).byte_size();
            if at + bytes > size {
                return Err(invalid(
                    field,
                    format!(
                        "element ({row},{col}) of `{}` is past its {size} bytes",
                        vars.get(var).name
                    ),
                ));
            }
            Ok(())
        }
    }
}

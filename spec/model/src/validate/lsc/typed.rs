//! LSC_TYPED's text forms (instructions/LSC_TYPED.md, Format, operand descriptions, Text):
//! `lsc_load_quad.tgm`, `lsc_store_quad.tgm` with the coordinates `[U, V, R, LOD]`, and the
//! forms the document makes "identical in behavior to LSC_UNTYPED with a scale of 1 and
//! immediate offset of 0": the `lsc_atomic_*.tgm` sub-ops and `lsc_store_uncompressed.tgm`
//! with one address `[Src0AddrsU]` (LSC-TYPED-ATOMIC-ADDRESS).
//!
//! A typed line is checked by [`check_untyped`] on the same line read with the untyped unit
//! (the data operand, ChMask, caching and `Src0AddrsU` rules are LSC_UNTYPED's: "Same as in
//! LSC_UNTYPED"), then by the typed rules: a stateful surface, at most SIMD8 on xe-hpg and
//! SIMD16 after it (ExecSize), no scale or offset, and for the quad forms up to four
//! coordinates.

use super::untyped::{check_untyped, general_var, UntypedForm};
use crate::asm::ast::{AddrTerm, InsnLine, OperandKind};
use crate::error::Result;
use crate::ir::lsc::{Sfid, UntypedKind};
use crate::ir::lsc_typed::{is_typed_form, max_exec_size, READ_SURFACE_INFO};
use crate::platform::Platform;
use crate::state::{Vars, NULL};
use crate::validate::errors::invalid;

/// Checks an `lsc_read_surface_info` line as far as the documents go: the unit is `.tgm` (the
/// sub-op is LSC_TYPED's only) and the operands are the first Format table's, read as the
/// typed load form `DstData:SHAPE AddrType(Surface)[U, V, R, LOD]:AddrSize` (the operand
/// rules "Same as in LSC_UNTYPED"). The caller then reports `unsupported`. The reading is
/// the ledger's `LSC-TYPED-SURFACE-INFO` (not executable: no result layout to assert).
pub fn check_read_surface_info(
    line: &InsnLine,
    exec_size: u32,
    vars: &Vars,
    platform: Platform,
) -> Result<TypedForm> {
    if !is_typed_line(line) {
        return Err(invalid(
            "sfid",
            "`lsc_read_surface_info` is an LSC_TYPED sub-op: its unit is `.tgm`",
        ));
    }
    check_typed(line, exec_size, vars, platform)
}

/// Whether a line's unit is the typed one (`.tgm`).
pub fn is_typed_line(line: &InsnLine) -> bool {
    line.mods.first().is_some_and(|m| m == "tgm")
}

/// A checked typed line: the untyped form (unit [`Sfid::Tgm`], `address.addrs` holding
/// `Src0AddrsU`) and, for the quad forms, `Src0AddrsV`, `Src0AddrsR`, `Src0AddrsLOD` as
/// written (`%null` when left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedForm {
    pub form: UntypedForm,
    pub coords: [String; 3],
}

/// Validates an LSC_TYPED line whose execution size `exec_size` is already checked.
pub fn check_typed(
    line: &InsnLine,
    exec_size: u32,
    vars: &Vars,
    platform: Platform,
) -> Result<TypedForm> {
    // lsc_load_status and lsc_read_surface_info take lsc_load's data operand and the quad
    // forms' coordinates.
    let status = line.opcode == "lsc_load_status" || line.opcode == READ_SURFACE_INFO;
    let kind = if status {
        Some(UntypedKind::Load)
    } else {
        UntypedKind::of(&line.opcode).filter(|k| is_typed_form(*k, &line.opcode))
    };
    let Some(kind) = kind else {
        return Err(invalid(
            "sfid",
            format!(
                "`{}.tgm`: the typed unit takes the LSC_TYPED forms (lsc_load_quad, lsc_store_quad, lsc_load_status, lsc_store_uncompressed, lsc_atomic_*)",
                line.opcode
            ),
        ));
    };
    let max = max_exec_size(platform);
    if exec_size > max {
        return Err(invalid(
            "exec_size",
            format!(
                "a typed message is at most SIMD{max} on {}, not SIMD{exec_size}",
                platform.name()
            ),
        ));
    }
    let quad = status || matches!(kind, UntypedKind::LoadQuad | UntypedKind::StoreQuad);
    let addr_at = if kind.is_load() { 1 } else { 0 };
    // The line as LSC_UNTYPED reads it: unit `.ugm`, the quad forms' first coordinate only.
    let mut untyped = line.clone();
    if status {
        untyped.opcode = "lsc_load".to_string();
    }
    if let Some(unit) = untyped.mods.first_mut() {
        *unit = "ugm".to_string();
    }
    let mut rest: Vec<AddrTerm> = Vec::new();
    if let Some(op) = untyped.operands.get_mut(addr_at) {
        let OperandKind::Address { terms, .. } = &mut op.kind else {
            return Err(invalid(
                "address",
                "expected an address `TYPE(SURFACE)[U, V, R, LOD]:SIZE`",
            ));
        };
        if quad {
            if terms.is_empty() || terms.len() > 4 {
                return Err(invalid(
                    "address",
                    "a typed quad or status form takes 1 to 4 coordinates `[U, V, R, LOD]`",
                ));
            }
            rest = terms.split_off(1);
        } else if terms.len() != 1 {
            return Err(invalid(
                "address",
                format!(
                    "`{}.tgm` takes one address `[Src0AddrsU]` (LSC_TYPED.md, Text)",
                    line.opcode
                ),
            ));
        }
        if terms
            .iter()
            .chain(&rest)
            .any(|t| t.scale.is_some() || t.offset != 0)
        {
            return Err(invalid(
                "address",
                "a typed address takes no scale or offset (scale 1, immediate offset 0)",
            ));
        }
    }
    let mut form = check_untyped(&untyped, exec_size, vars, platform)?;
    if !form.address.addr_type.is_stateful() {
        return Err(invalid(
            "address",
            format!(
                "a typed access goes through a surface: bti, bss or ss, not `{}`",
                form.address.addr_type.name()
            ),
        ));
    }
    if form.shape.transposed {
        return Err(invalid("data", "a typed access is not transposed"));
    }
    form.sfid = Sfid::Tgm;
    let lanes_bytes = exec_size as usize * form.address.addr_size.bytes();
    let mut coords = [NULL.to_string(), NULL.to_string(), NULL.to_string()];
    for (k, term) in rest.iter().enumerate() {
        let Some(name) = &term.base else {
            return Err(invalid("address", "a coordinate is a variable or `%null`"));
        };
        general_var(vars, name, lanes_bytes, true, "src0")?;
        coords[k] = name.clone();
    }
    Ok(TypedForm { form, coords })
}

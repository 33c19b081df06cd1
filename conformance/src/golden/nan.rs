//! NaN encodings the documents leave open, as `any_nan` allowed sets (docs/vector-format.md,
//! "Allowed sets"; DESIGN.md "Numeric profiles and allowed sets").
//!
//! Float DPAS: DPAS.md and DPASW.md say nothing of how a NaN result is encoded (erratum
//! DPAS-FLOAT-ROUNDING; docs/dpas.md, "Numeric profiles"). The engines write the
//! destination type's default quiet NaN; an expectation accepts any NaN of the type in
//! every destination element the instruction writes where the expected value is a NaN,
//! and nowhere else (an element the instruction does not write keeps its bytes exactly,
//! NaN or not).

use std::collections::BTreeSet;

use visa_spec::errata;
use visa_spec::ir::{Ctrl, Dst, Opcode};
use visa_spec::{asm, validate};

use crate::vector::{Allowed, Case, Expect, NanFree, NanType};

/// The destination elements a float DPAS or DPASW of `case` writes: its variable's name,
/// the destination type and the element indices in the variable. `None` when the case has
/// no float DPAS or does not validate.
fn dpas_written(case: &Case) -> Option<(String, NanType, BTreeSet<usize>)> {
    if !case.program.contains("dpas") {
        return None;
    }
    let readings = case.readings().ok()?;
    let ast = asm::parse(&case.program).ok()?;
    let program = validate::validate_with(&ast, case.platform, &readings).ok()?;
    let insn = program
        .insns
        .iter()
        .find(|i| matches!(i.opcode, Opcode::Dpas | Opcode::Dpasw))?;
    let Ctrl::Dpas(ctrl) = insn.ctrl else {
        return None;
    };
    let Dst::General {
        var, row, col, ty, ..
    } = insn.dst
    else {
        return None;
    };
    let nan = NanType::of(ty).filter(|_| ctrl.w.is_float())?;
    let size = ty.size();
    // The loop's rows (DPAS-RC-LOOP: row 0 only, literally), each `Exec_size` elements,
    // `row_advance` bytes apart (DPAS-DST-ADVANCE), from the operand's origin (GRF-ROW-SIZE).
    let ext = validate::dpas_extents(ctrl, insn.exec_size, ty, program.platform, &readings).ok()?;
    let rows = if readings.is_literal(errata::DPAS_RC_LOOP) {
        1
    } else {
        ctrl.rc as usize
    };
    let row_size = if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        program.platform.grf_size()
    };
    let origin = row as usize * row_size + col as usize * size;
    let elements = (0..rows)
        .flat_map(|r| {
            (0..insn.exec_size as usize)
                .map(move |c| (origin + r * ext.row_advance + c * size) / size)
        })
        .collect();
    Some((program.vars.get(var).name.clone(), nan, elements))
}

/// `expect` with the elements of `case`'s destination whose NaN encoding the documents leave
/// open (the float DPAS destination elements the instruction writes) and that hold a NaN in
/// some alternative freed of their encoding (`any_nan`); unchanged for other cases.
pub fn free_nans(case: &Case, expect: Expect) -> Expect {
    let Expect::State(mut state) = expect else {
        return expect;
    };
    if let Some((name, ty, written)) = dpas_written(case) {
        if let Some(allowed) = state.vars.get_mut(&name) {
            free_elements(allowed, ty, &written);
        }
    }
    Expect::State(state)
}

/// Frees the elements of `written` that some alternative of `allowed` gives as a NaN.
fn free_elements(allowed: &mut Allowed, ty: NanType, written: &BTreeSet<usize>) {
    let patterns = allowed.patterns().to_vec();
    let mut elements: BTreeSet<usize> = allowed
        .nan()
        .filter(|n| n.ty == ty)
        .map(|n| n.elements.iter().copied().collect())
        .unwrap_or_default();
    for &k in written {
        if patterns.iter().any(|p| p.is_nan_at(k * ty.size(), ty)) {
            elements.insert(k);
        }
    }
    if !elements.is_empty() {
        *allowed = Allowed::AnyNan {
            nan: NanFree {
                ty,
                elements: elements.into_iter().collect(),
            },
            patterns,
        };
    }
}

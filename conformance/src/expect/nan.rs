//! NaN encodings the documents leave open, as `any_nan` allowed sets (docs/vector-format.md,
//! "Allowed sets"; DESIGN.md "Numeric profiles and allowed sets"). An expectation accepts
//! any NaN of the destination type in each destination element the instruction writes
//! where the expected value is a NaN, and nowhere else: an element the instruction does not
//! write keeps its bytes exactly, NaN or not.
//!
//! - Float DPAS and DPASW: the documents say nothing of how a NaN result is encoded
//!   (erratum DPAS-FLOAT-ROUNDING; docs/dpas.md, "Numeric profiles"): any NaN.
//! - ADD, MUL, MAD, DIV on floats and MOV from one float type to another: the instruction
//!   documents give no NaN rule, and 2_datatypes.md ("Type Conversion", the float to float
//!   tables) maps a NaN to "NaN" without an encoding. The engines propagate the first NaN
//!   operand's payload and write the default NaN otherwise (FLOAT-SPECIAL-TABLE,
//!   MUL-SPECIAL-TABLE, MAD-FUSED, DIV-FLOAT-RECIPROCAL: docs/alu.md), which IEEE 754 leaves
//!   to the implementation too; but IEEE 754, which the IEEE mode honours
//!   (2_datatypes.md), delivers a quiet NaN: any quiet NaN. RNDD, RNDE, RNDU, RNDZ and FRC
//!   likewise (RND-SPECIAL-TABLE, FRC-SPECIAL-TABLE: their rules are missing). MIN and MAX are not freed
//!   (MIN_MAX.md names the NaN returned: source1, MIN-MAX-NAN), nor SEL, CMP or a MOV
//!   between equal types (a copy of the bits, MOV-RAW-COPY).

use std::collections::BTreeSet;

use visa_model::errata::{self, Readings};
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Program};
use visa_model::opcode::Class;
use visa_spec::operand::evaluate_ch_en;

use crate::case::compile;
use crate::vector::{Allowed, Case, Expect, NanFree, NanType};

/// The destination elements whose NaN encoding is free: the variable's name, the NaN type,
/// whether only quiet NaNs are accepted, and the element indices in the variable.
struct Written {
    var: String,
    ty: NanType,
    quiet: bool,
    elements: BTreeSet<usize>,
}

/// The program of `case` as validated under its readings (`None` when the case does not
/// compile).
pub(crate) fn program_of(case: &Case) -> Option<(Program, Readings)> {
    let compiled = compile(case).ok()?;
    Some((compiled.program, compiled.config.readings))
}

/// Bytes from one register row to the next in operand text (GRF-ROW-SIZE).
pub(crate) fn row_size(program: &Program, readings: &Readings) -> usize {
    if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        program.platform.grf_size()
    }
}

/// Whether the instruction's float result may be a NaN the documents do not encode.
fn frees_nan(insn: &Instruction) -> bool {
    let float = |t: visa_model::types::DataType| NanType::of(t).is_some();
    match (insn.opcode, insn.opcode.form().class) {
        (Opcode::Add | Opcode::Mul | Opcode::Mad | Opcode::Div, _) => float(insn.dst.ty()),
        // The rounding instructions (RND-SPECIAL-TABLE, FRC-SPECIAL-TABLE), the math
        // functions (MATH-NAN-RESULT leaves the encoding open), LRP and PLN (NaN rules as
        // MAD's: LRP-ROUNDING, PLN-ROUNDING).
        (_, Class::Rounding | Class::Math | Class::Interpolation) => float(insn.dst.ty()),
        (Opcode::Mov, _) => {
            let src = insn.srcs.first().map(|s| s.ty());
            float(insn.dst.ty()) && src.is_some_and(|t| float(t) && t != insn.dst.ty())
        }
        _ => false,
    }
}

/// The elements a one-instruction ALU case of [`frees_nan`] writes: each enabled channel's
/// element of a general destination (5_operands.md, "Predication" and the destination
/// region: element `row * (row size / size) + col + i * hstride`).
fn alu_written(case: &Case) -> Option<Written> {
    let compiled = compile(case).ok()?;
    let (program, readings, state) = (
        &compiled.program,
        &compiled.config.readings,
        &compiled.state,
    );
    let [insn] = program.insns.as_slice() else {
        return None;
    };
    if !frees_nan(insn) {
        return None;
    }
    let Dst::General {
        var,
        row,
        col,
        hstride,
        ty,
        ..
    } = insn.dst
    else {
        return None;
    };
    let nan = NanType::of(ty)?;
    let ch_en = evaluate_ch_en(insn, state);
    let first = row as usize * (row_size(program, readings) / ty.size()) + col as usize;
    // SIN, SQRT and SQRTM step `i += 2` under their LOOP-STEP errata's literal reading:
    // only the even channels write (the opcode table's `even_channels`).
    let every_other = insn.opcode.form().writes_even_channels_only(readings);
    // LRP writes contiguous elements whatever the stride (instructions/LRP.md, Notes).
    let stride = if insn.opcode == Opcode::Lrp {
        1
    } else {
        hstride as usize
    };
    let elements = (0..insn.exec_size as usize)
        .filter(|i| ch_en >> i & 1 == 1 && !(every_other && i % 2 == 1))
        .map(|i| first + i * stride)
        .collect();
    Some(Written {
        var: program.vars.get(var).name.clone(),
        ty: nan,
        quiet: true,
        elements,
    })
}

/// The destination elements a float DPAS or DPASW of `case` writes. `None` when the case
/// has no float DPAS or does not validate.
fn dpas_written(case: &Case) -> Option<Written> {
    if !case.program.contains("dpas") {
        return None;
    }
    let (program, readings) = program_of(case)?;
    let insn = program
        .insns
        .iter()
        .find(|i| matches!(i.opcode, Opcode::Dpas | Opcode::Dpasw))?;
    let Ctrl::Dpas(ctrl) = insn.ctrl else {
        return None;
    };
    let visa_model::ir::Payload { var, row, col, ty } = ctrl.operands.dst;
    let nan = NanType::of(ty).filter(|_| ctrl.w.is_float())?;
    let size = ty.size();
    // The loop's rows (DPAS-RC-LOOP: row 0 only, literally), each `Exec_size` elements,
    // `row_advance` bytes apart (DPAS-DST-ADVANCE), from the operand's origin (GRF-ROW-SIZE).
    let ext = visa_model::ir::dpas::extents(ctrl, insn.exec_size, ty, program.platform, &readings)
        .ok()?;
    let rows = if readings.is_literal(errata::DPAS_RC_LOOP) {
        1
    } else {
        ctrl.rc as usize
    };
    let origin = row as usize * row_size(&program, &readings) + col as usize * size;
    let elements = (0..rows)
        .flat_map(|r| {
            (0..insn.exec_size as usize)
                .map(move |c| (origin + r * ext.row_advance + c * size) / size)
        })
        .collect();
    Some(Written {
        var: program.vars.get(var).name.clone(),
        ty: nan,
        quiet: false,
        elements,
    })
}

/// `expect` with the elements of `case`'s destination whose NaN encoding the documents leave
/// open (module docs) and that hold a NaN in some alternative freed of their encoding
/// (`any_nan`); unchanged for other cases.
pub fn free_nans(case: &Case, expect: Expect) -> Expect {
    let Expect::State(mut state) = expect else {
        return expect;
    };
    if let Some(w) = dpas_written(case).or_else(|| alu_written(case)) {
        if let Some(allowed) = state.vars.get_mut(&w.var) {
            free_elements(allowed, &w);
        }
    }
    Expect::State(state)
}

/// Frees the elements of `w` that some alternative of `allowed` gives as a NaN.
fn free_elements(allowed: &mut Allowed, w: &Written) {
    let patterns = allowed.patterns().to_vec();
    let mut elements: BTreeSet<usize> = allowed
        .nan()
        .filter(|n| n.ty == w.ty)
        .map(|n| n.elements.iter().copied().collect())
        .unwrap_or_default();
    for &k in &w.elements {
        if patterns.iter().any(|p| p.is_nan_at(k * w.ty.size(), w.ty)) {
            elements.insert(k);
        }
    }
    if !elements.is_empty() {
        *allowed = Allowed::AnyNan {
            nan: NanFree {
                ty: w.ty,
                elements: elements.into_iter().collect(),
                quiet: w.quiet,
            },
            patterns,
        };
    }
}

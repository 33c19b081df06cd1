//! Control flow (3_execution_model.md, "Control Flow"; instructions/GOTO.md, JMP.md, CALL.md,
//! RET.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md, SWITCHJMP.md, SUBROUTINE.md, LABEL.md) and
//! the annotations (LOC.md, FILE.md, LIFETIME.md): labels and units as the text declares
//! them, each instruction's fields, and the rules that tie them together on the IR.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use crate::asm::ast::{InsnLine, OperandKind};
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::flow::{FlowCtrl, LabelId, LabelKind, UnitKind};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Program, Scalar, Src};
use crate::platform::Platform;
use crate::state::Vars;
use crate::types::DataType;

impl Cx<'_> {
    /// One control-flow or annotation instruction.
    pub(super) fn flow_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let annotation = matches!(
            opcode,
            Opcode::Loc | Opcode::File | Opcode::Lifetime | Opcode::Subroutine | Opcode::Faddr
        );
        let (mask, exec_size) = if annotation {
            if line.exec.is_some() {
                return Err(invalid(
                    "exec_size",
                    format!("`{}` takes no execution size", opcode.mnemonic()),
                ));
            }
            (
                crate::asm::ast::MaskControl {
                    group: 1,
                    no_mask: true,
                },
                1,
            )
        } else {
            self.exec(line.exec)?
        };
        let pred = match &line.pred {
            Some(_) if matches!(opcode, Opcode::Switchjmp) || annotation => {
                return Err(invalid(
                    "pred",
                    format!("`{}` takes no predicate", opcode.mnemonic()),
                ))
            }
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let lifetime_start = match (opcode, line.mods.as_slice()) {
            (Opcode::Lifetime, [m]) if m == "start" => Some(true),
            (Opcode::Lifetime, [m]) if m == "end" => Some(false),
            (Opcode::Lifetime, _) => {
                return Err(invalid(
                    "opcode",
                    "expected `lifetime.start` or `lifetime.end`",
                ))
            }
            (Opcode::Ifcall, []) | (Opcode::Ifcall, [_]) => None,
            (_, []) => None,
            _ => {
                return Err(invalid(
                    "opcode",
                    format!("`{}` takes no `.` modifier", opcode.mnemonic()),
                ))
            }
        };
        let ops = &line.operands;
        let count = |n: usize| -> Result<()> {
            if ops.len() == n {
                Ok(())
            } else {
                Err(invalid(
                    "operands",
                    format!(
                        "`{}` takes {n} operand{}, not {}",
                        opcode.mnemonic(),
                        if n == 1 { "" } else { "s" },
                        ops.len()
                    ),
                ))
            }
        };
        let mut dst = Dst::Null { ty: DataType::UD };
        let ctrl = match opcode {
            Opcode::Goto | Opcode::Jmp | Opcode::Call | Opcode::Subroutine => {
                count(1)?;
                let label = self.label_operand(&ops[0])?;
                if opcode == Opcode::Subroutine {
                    // SUBROUTINE.md: the instruction marks its label here.
                    let name = self.flow.labels[label.0 as usize].name.clone();
                    if self.flow.defined[label.0 as usize].is_none() {
                        self.flow
                            .define(&name, LabelKind::Subroutine, self.at, self.pos)?;
                    }
                }
                match opcode {
                    Opcode::Goto => FlowCtrl::Goto(label),
                    Opcode::Jmp => FlowCtrl::Jmp(label),
                    Opcode::Call => FlowCtrl::Call(label),
                    _ => FlowCtrl::Subroutine(label),
                }
            }
            Opcode::Fccall => {
                // FCCALL.md: the label is resolved by the FC linker, maybe outside the unit:
                // not a reference that must be defined here (resolved by name at the end).
                count(1)?;
                let label = match &ops[0].kind {
                    OperandKind::Name(name) | OperandKind::Str(name) => name.clone(),
                    _ => return Err(invalid_at(ops[0].pos, "label", "expected a label name")),
                };
                FlowCtrl::Fccall {
                    label,
                    target: None,
                }
            }
            Opcode::Ret | Opcode::Fret => {
                count(0)?;
                if opcode == Opcode::Ret {
                    FlowCtrl::Ret
                } else {
                    FlowCtrl::Fret
                }
            }
            Opcode::Fcall => {
                count(3)?;
                let name = self.function_name(&ops[0])?;
                FlowCtrl::Fcall {
                    name,
                    callee: None,
                    arg_size: number(&ops[1], "arg_size")?,
                    ret_size: number(&ops[2], "return_size")?,
                }
            }
            Opcode::Ifcall => {
                count(3)?;
                let uniform = match line.mods.as_slice() {
                    [] => false,
                    [m] if m == "uniform" => true,
                    _ => return Err(invalid("opcode", "IFCALL's one modifier is `.uniform`")),
                };
                FlowCtrl::Ifcall {
                    uniform,
                    addr: self.flow_scalar(&ops[0], opcode, "func_addr")?,
                    arg_size: number(&ops[1], "arg_size")?,
                    ret_size: number(&ops[2], "return_size")?,
                }
            }
            Opcode::Faddr => {
                count(2)?;
                let name = self.function_name(&ops[0])?;
                dst = self.dst(&ops[1], 1, opcode, crate::asm::ast::MaskControl::M1)?;
                FlowCtrl::Faddr { name, callee: None }
            }
            Opcode::Switchjmp => {
                count(2)?;
                let index = self.flow_scalar(&ops[0], opcode, "index")?;
                let OperandKind::Group(items) = &ops[1].kind else {
                    return Err(invalid_at(
                        ops[1].pos,
                        "labels",
                        "expected the label table `(L0, L1, ...)`",
                    ));
                };
                let targets = items
                    .iter()
                    .map(|op| self.label_operand(op))
                    .collect::<Result<Vec<_>>>()?;
                FlowCtrl::Switchjmp { index, targets }
            }
            Opcode::Loc => {
                count(1)?;
                FlowCtrl::Loc(number(&ops[0], "line_number")?)
            }
            Opcode::File => {
                count(1)?;
                let OperandKind::Str(name) = &ops[0].kind else {
                    return Err(invalid_at(
                        ops[0].pos,
                        "file_name",
                        "expected the file name as a string `\"...\"`",
                    ));
                };
                FlowCtrl::File(name.clone())
            }
            Opcode::Lifetime => {
                count(1)?;
                let OperandKind::Name(name) = &ops[0].kind else {
                    return Err(invalid_at(
                        ops[0].pos,
                        "variable",
                        "expected a variable name",
                    ));
                };
                let var = self.var(name, ops[0].pos, "variable")?;
                FlowCtrl::Lifetime {
                    start: lifetime_start.unwrap_or(true),
                    var,
                }
            }
            _ => return Err(VisaError::model_bug("a flow builder for a non-flow opcode")),
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Flow(Box::new(ctrl)),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// A label operand: a bare name, or a string (CISA.y `IdentOrStringLit`: a label whose
    /// name is not an identifier).
    fn label_operand(&mut self, op: &crate::asm::ast::Operand) -> Result<LabelId> {
        match &op.kind {
            OperandKind::Name(name) | OperandKind::Str(name) => {
                Ok(self.flow.reference(name, op.pos))
            }
            _ => Err(invalid_at(op.pos, "label", "expected a label name")),
        }
    }

    /// A function name: a bare name or a string.
    fn function_name(&mut self, op: &crate::asm::ast::Operand) -> Result<String> {
        match &op.kind {
            OperandKind::Name(name) | OperandKind::Str(name) => Ok(name.clone()),
            _ => Err(invalid_at(op.pos, "func_name", "expected a function name")),
        }
    }

    /// A scalar source: an immediate or one element of a general variable.
    fn flow_scalar(
        &mut self,
        op: &crate::asm::ast::Operand,
        opcode: Opcode,
        field: &str,
    ) -> Result<Scalar> {
        let src = self.src(op, 1, opcode, 0).map_err(|e| VisaError {
            field: Some(field.to_string()),
            ..e
        })?;
        match src {
            Src::Imm { bits, ty } => Ok(Scalar::Imm { bits, ty }),
            Src::General {
                var,
                row,
                col,
                modifier: None,
                ty,
                ..
            } => Ok(Scalar::Var { var, row, col, ty }),
            _ => Err(invalid_at(
                op.pos,
                field,
                "expected a scalar: an immediate or a general variable's element",
            )),
        }
    }
}

/// A bare non-negative number operand.
fn number(op: &crate::asm::ast::Operand, field: &str) -> Result<u32> {
    match &op.kind {
        OperandKind::Number(n) => {
            u32::try_from(*n).map_err(|_| invalid_at(op.pos, field, format!("{n} is out of range")))
        }
        OperandKind::Imm(imm) => u32::try_from(imm.bits)
            .map_err(|_| invalid_at(op.pos, field, "the value is out of range")),
        _ => Err(invalid_at(op.pos, field, "expected a number")),
    }
}

/// The GRFs `%arg` and `%retval` span (4_visa_header.md, pre-defined variables; UD
/// elements).
fn grfs(platform: Platform) -> (u32, u32) {
    let grfs = |elements: u32| (elements as usize * 4 / platform.grf_size()) as u32;
    (
        grfs(platform.arg_elements()),
        grfs(platform.retval_elements()),
    )
}

/// The rules of one control-flow instruction on the IR (its own fields; labels and units
/// are [`program_rules`]'s).
pub(super) fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::Flow(f) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            format!(
                "`{}` without its control-flow fields",
                insn.opcode.mnemonic()
            ),
        ));
    };
    let matches_opcode = matches!(
        (insn.opcode, f.as_ref()),
        (Opcode::Goto, FlowCtrl::Goto(_))
            | (Opcode::Jmp, FlowCtrl::Jmp(_))
            | (Opcode::Call, FlowCtrl::Call(_))
            | (Opcode::Fccall, FlowCtrl::Fccall { .. })
            | (Opcode::Ret, FlowCtrl::Ret)
            | (Opcode::Fcall, FlowCtrl::Fcall { .. })
            | (Opcode::Ifcall, FlowCtrl::Ifcall { .. })
            | (Opcode::Fret, FlowCtrl::Fret)
            | (Opcode::Faddr, FlowCtrl::Faddr { .. })
            | (Opcode::Switchjmp, FlowCtrl::Switchjmp { .. })
            | (Opcode::Subroutine, FlowCtrl::Subroutine(_))
            | (Opcode::Loc, FlowCtrl::Loc(_))
            | (Opcode::File, FlowCtrl::File(_))
            | (Opcode::Lifetime, FlowCtrl::Lifetime { .. })
    );
    if !matches_opcode {
        return Err(invalid(
            "opcode",
            format!(
                "`{}` with another instruction's fields",
                insn.opcode.mnemonic()
            ),
        ));
    }
    if insn.sat || insn.dst2.is_some() || !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "a control-flow instruction has no saturation, second destination or positional source",
        ));
    }
    if insn.opcode != Opcode::Faddr && !matches!(insn.dst, Dst::Null { .. }) {
        return Err(invalid("dst", "only FADDR writes a destination"));
    }
    // CALL.md, RET.md, FCALL.md, FRET.md, IFCALL.md: "Scalar calls must be marked with
    // {NoMask}" (erratum CF-SCALAR-NOMASK: IGC writes `(M1, 1)`).
    let scalar_call = matches!(
        insn.opcode,
        Opcode::Call | Opcode::Fccall | Opcode::Ret | Opcode::Fcall | Opcode::Fret | Opcode::Ifcall
    );
    if scalar_call
        && insn.exec_size == 1
        && !insn.mask.no_mask
        && readings.is_literal(errata::CF_SCALAR_NOMASK)
    {
        return Err(invalid(
            "exec_size",
            format!(
                "a scalar `{}` must be marked NoMask (`M1_NM`)",
                insn.opcode.mnemonic()
            ),
        ));
    }
    match f.as_ref() {
        FlowCtrl::Fcall {
            arg_size, ret_size, ..
        }
        | FlowCtrl::Ifcall {
            arg_size, ret_size, ..
        } => {
            let (args, rets) = grfs(platform);
            if *arg_size > args {
                return Err(invalid(
                    "arg_size",
                    format!("arg_size {arg_size} passes %arg's {args} GRFs"),
                ));
            }
            if *ret_size > rets {
                return Err(invalid(
                    "return_size",
                    format!("return_size {ret_size} passes %retval's {rets} GRFs"),
                ));
            }
            if let FlowCtrl::Ifcall { addr, .. } = f.as_ref() {
                // IFCALL.md: UD; FADDR.md writes UD or UQ (erratum IFCALL-ADDRESS-TYPE).
                let ok: &[DataType] = if readings.is_literal(errata::IFCALL_ADDRESS_TYPE) {
                    &[DataType::UD]
                } else {
                    &[DataType::UD, DataType::UQ]
                };
                scalar_ok(vars, addr, ok, "func_addr")?;
            }
        }
        FlowCtrl::Faddr { .. } => match insn.dst {
            Dst::General { ty, .. } if [DataType::UD, DataType::UQ].contains(&ty) => {}
            _ => {
                return Err(invalid(
                    "dst",
                    "FADDR's destination is a UD or UQ element of a general variable",
                ))
            }
        },
        FlowCtrl::Switchjmp { index, targets } => {
            if !(1..=32).contains(&targets.len()) {
                return Err(invalid(
                    "labels",
                    format!("SWITCHJMP takes 1 to 32 labels, not {}", targets.len()),
                ));
            }
            // SWITCHJMP.md, Index: "unsigned integer type" and "Must have type UB"
            // (erratum SWITCHJMP-INDEX-TYPE).
            let ok: &[DataType] = if readings.is_literal(errata::SWITCHJMP_INDEX_TYPE) {
                &[DataType::UB]
            } else {
                &[DataType::UB, DataType::UW, DataType::UD]
            };
            scalar_ok(vars, index, ok, "index")?;
        }
        FlowCtrl::Lifetime { var, .. } if var.0 as usize >= vars.len() => {
            return Err(invalid("variable", "the variable is not declared"));
        }
        _ => {}
    }
    Ok(())
}

/// A scalar operand of one of `types`, in its variable.
fn scalar_ok(vars: &Vars, s: &Scalar, types: &[DataType], field: &str) -> Result<()> {
    if !types.contains(&s.ty()) {
        let names: Vec<&str> = types.iter().map(|t| t.text()).collect();
        return Err(invalid(
            field,
            format!(
                "the operand is a {}, not one of {}",
                s.ty().text(),
                names.join(", ")
            ),
        ));
    }
    if let Scalar::Var { var, row, col, ty } = *s {
        if var.0 as usize >= vars.len() {
            return Err(invalid(field, "the variable is not declared"));
        }
        super::lsc::operand::scalar(vars, Scalar::Var { var, row, col, ty }, ty.size(), field)?;
    }
    Ok(())
}

/// The rules that tie labels, units and instructions together: every unit a range of the
/// instructions, in order; every label in its unit; GOTO, JMP and SWITCHJMP to block labels
/// of the same subroutine (GOTO.md, JMP.md Notes), CALL to subroutine labels; FCALL and
/// FADDR to functions.
pub(super) fn program_rules(program: &Program, readings: &Readings) -> Result<()> {
    let n = program.insns.len();
    let mut next = 0;
    for (k, u) in program.units.iter().enumerate() {
        let kind_ok = (k == 0) == (u.kind == UnitKind::Kernel);
        if u.entry != next || u.end < u.entry || u.end > n || !kind_ok {
            return Err(invalid(
                "unit",
                format!(
                    "unit {k} (`{}`) does not continue the program's ranges",
                    u.name
                ),
            ));
        }
        next = u.end;
    }
    if next != n || program.units.is_empty() {
        return Err(invalid("unit", "the units do not cover the program"));
    }
    for label in &program.labels {
        let unit = program.units.get(label.unit.0 as usize);
        if !unit.is_some_and(|u| (u.entry..=u.end).contains(&label.at)) {
            return Err(invalid(
                "label",
                format!("label `{}` is not in its unit", label.name),
            ));
        }
    }
    let region = region_of(program);
    // The units are consecutive ranges covering the program (checked above): the unit of
    // each instruction is found walking them alongside.
    let mut unit = 0;
    for (at, insn) in program.insns.iter().enumerate() {
        while program.units.get(unit).is_some_and(|u| u.end <= at) {
            unit += 1;
        }
        let Ctrl::Flow(f) = &insn.ctrl else { continue };
        let fail = |field: &str, msg: String| Err(invalid_at(insn.pos, field, msg));
        for target in f.targets() {
            let Some(label) = program.labels.get(target.0 as usize) else {
                return fail("label", format!("label {} does not exist", target.0));
            };
            let want = match f.as_ref() {
                FlowCtrl::Call(_) | FlowCtrl::Fccall { .. } | FlowCtrl::Subroutine(_) => {
                    LabelKind::Subroutine
                }
                _ => LabelKind::Block,
            };
            if label.kind != want {
                let (what, kind) = match want {
                    LabelKind::Subroutine => ("CALL's target", "a subroutine label (`.function`)"),
                    LabelKind::Block => ("a branch target", "a block label (`NAME:`)"),
                };
                return fail("label", format!("{what} `{}` must be {kind}", label.name));
            }
            let here = region(unit, at);
            if want == LabelKind::Block && region(label.unit.0 as usize, label.at) != here {
                return fail(
                    "label",
                    format!(
                        "label `{}` is outside the kernel, function or subroutine of the branch",
                        label.name
                    ),
                );
            }
        }
        // FCCALL.md: the label "must be a kernel label that is absent in the current
        // compilation unit" (erratum FCCALL-CALL-ALIAS, literal reading).
        if let FlowCtrl::Fccall {
            label,
            target: Some(_),
        } = f.as_ref()
        {
            if readings.is_literal(errata::FCCALL_CALL_ALIAS) {
                return fail(
                    "label",
                    format!(
                        "FCCALL's label `{label}` is defined in its own kernel or function; \
                         FCCALL.md asks for a label absent from it, resolved by the FC linker \
                         (FCCALL-CALL-ALIAS, literal reading)"
                    ),
                );
            }
        }
        if let FlowCtrl::Fcall {
            callee: Some(u), ..
        }
        | FlowCtrl::Faddr {
            callee: Some(u), ..
        } = f.as_ref()
        {
            if !program
                .units
                .get(u.0 as usize)
                .is_some_and(|u| u.kind == UnitKind::Function)
            {
                return fail(
                    "func_name",
                    "the callee is not a function of the program".into(),
                );
            }
        }
    }
    Ok(())
}

/// For a program point of a unit, which code region holds it: the unit, and the
/// subroutine label that opens the subroutine it is in (SUBROUTINE.md, Notes: a subroutine
/// runs to the next subroutine label or the end of its unit).
fn region_of(program: &Program) -> impl Fn(usize, usize) -> (usize, Option<usize>) {
    // Each unit's subroutine labels, by program point.
    let mut subroutines: Vec<Vec<usize>> = vec![Vec::new(); program.units.len()];
    for l in &program.labels {
        if l.kind == LabelKind::Subroutine {
            if let Some(points) = subroutines.get_mut(l.unit.0 as usize) {
                points.push(l.at);
            }
        }
    }
    for points in &mut subroutines {
        points.sort_unstable();
    }
    move |unit: usize, at: usize| {
        let sub = subroutines.get(unit).and_then(|points| {
            let after = points.partition_point(|&s| s <= at);
            after.checked_sub(1).and_then(|k| points.get(k).copied())
        });
        (unit, sub)
    }
}

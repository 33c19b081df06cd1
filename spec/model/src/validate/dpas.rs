//! Validation of DPAS and DPASW (instructions/DPAS.md, DPASW.md): the text form
//! `dpas.W.A.SD.RC (M1, N) DST.0 SRC0.0 SRC1.0 SRC2(0,0)` to the IR, then every rule of the
//! documents' tables on the IR ([`rules`], which `check_program` runs again).
//!
//! IR shape: `ctrl` is [`Ctrl::Dpas`], whose [`DpasOperands`] name the operands as payloads:
//! Dst, Src0 and Src1 (raw operands `V.off`) at the row of the raw byte offset (always a
//! whole GRF, so column 0), Src2 (`V(r,c)`) at its origin; a `%null` Src0 ("a null operand,
//! meaning it is zero") is `None`. `srcs` is empty, and `dst` is Dst as a general operand
//! (stride 1): the document's loop addresses whole GRFs, not regions.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::errata;
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::dpas::{extents, row_types, DpasOperands, Extents, PRECISIONS};
use crate::ir::{Ctrl, DpasCtrl, Instruction, Opcode, Payload};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::{DataType, Precision};

impl Cx<'_> {
    /// Builds the IR of a DPAS or DPASW line, then checks it with [`rules`].
    pub(crate) fn dpas_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic().to_ascii_uppercase();
        let (w, a, sd, rc) = dpas_fields(&line.mods, &name)?;
        let (mask, exec_size) = self.exec(line.exec)?;
        if line.pred.is_some() {
            // DPAS.md, Format and Text: no predicate field.
            return Err(invalid("pred", format!("{name} takes no predicate")));
        }
        if line.operands.len() != 4 {
            return Err(invalid(
                "operands",
                format!(
                    "`{}` takes 4 operands (dst, src0, src1, src2), {} given",
                    opcode.mnemonic(),
                    line.operands.len()
                ),
            ));
        }
        let (dst_var, dst_off) = self.raw(&line.operands[0], "dst", false)?;
        let Some(dst_var) = dst_var else {
            return Err(invalid_at(
                line.operands[0].pos,
                "dst",
                format!("{name}'s Dst cannot be `%null`"),
            ));
        };
        let dst = self.raw_payload(dst_var, dst_off);
        let src0 = match self.raw(&line.operands[1], "src0", true)? {
            (None, _) => None,
            (Some(var), off) => Some(self.raw_payload(var, off)),
        };
        let src1 = match self.raw(&line.operands[2], "src1", false)? {
            (Some(var), off) => self.raw_payload(var, off),
            (None, _) => {
                return Err(invalid_at(
                    line.operands[2].pos,
                    "src1",
                    format!("{name}'s Src1 cannot be `%null`"),
                ))
            }
        };
        let src2 = self.dpas_src2(&line.operands[3])?;
        let operands = DpasOperands {
            dst,
            src0,
            src1,
            src2,
        };
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred: None,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Dpas(DpasCtrl {
                w,
                a,
                sd,
                rc,
                operands,
            }),
            dst: operands.dst_operand(),
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }

    /// A raw operand `V.off` (or `%null.0` where `null_ok`): its variable (`None` for
    /// `%null`) and byte offset.
    fn raw(&mut self, op: &Operand, f: &str, null_ok: bool) -> Result<(Option<VarId>, u32)> {
        let OperandKind::Raw { name, offset } = &op.kind else {
            return Err(invalid_at(
                op.pos,
                f,
                "a DPAS operand here is a raw operand `NAME.OFFSET`",
            ));
        };
        if name == "%null" {
            if !null_ok {
                return Err(invalid_at(op.pos, f, "this operand cannot be `%null`"));
            }
            if *offset != 0 {
                return Err(invalid_at(op.pos, f, "`%null` takes offset 0"));
            }
            return Ok((None, 0));
        }
        let id = self.var(name, op.pos, f)?;
        if self.vars.get(id).class != VarClass::General {
            return Err(invalid_at(
                op.pos,
                f,
                format!("`{name}` is not a general variable"),
            ));
        }
        let grf = self.platform.grf_size() as u32;
        if !offset.is_multiple_of(grf) {
            // DPAS.md, Notes, Alignment: Dst, Src0 and Src1 are GRF aligned.
            return Err(invalid_at(
                op.pos,
                f,
                format!("offset {offset} is not a multiple of the GRF size {grf}"),
            ));
        }
        Ok((Some(id), *offset))
    }

    fn raw_row(&self, offset: u32) -> u32 {
        offset / self.env().row_size() as u32
    }

    /// A raw operand's payload: the row of its byte offset, column 0, the variable's type.
    fn raw_payload(&self, var: VarId, offset: u32) -> Payload {
        Payload {
            var,
            row: self.raw_row(offset),
            col: 0,
            ty: self.vars.get(var).ty,
        }
    }

    /// Src2, a general operand `V(r,c)` without region or modifier (DPAS.md, Src2:
    /// vec_operand of class general).
    fn dpas_src2(&mut self, op: &Operand) -> Result<Payload> {
        let f = "src2";
        let OperandKind::Var {
            modifier,
            name,
            origin,
            region,
            ty,
        } = &op.kind
        else {
            return Err(invalid_at(
                op.pos,
                f,
                "Src2 is a general operand `V(ROW,COLUMN)`",
            ));
        };
        if modifier.is_some() {
            return Err(invalid_at(op.pos, f, "DPAS takes no source modifier"));
        }
        if region.is_some() {
            return Err(invalid_at(op.pos, f, "DPAS's Src2 takes no region"));
        }
        let id = self.var(name, op.pos, f)?;
        let ty = self.general_type(id, *ty, op.pos, f)?;
        let (row, col) = self.env().origin(id, origin, op.pos, f)?;
        Ok(Payload {
            var: id,
            row,
            col,
            ty,
        })
    }
}

/// `W.A.SD.RC`: two precisions and two numbers.
fn dpas_fields(mods: &[String], name: &str) -> Result<(Precision, Precision, u32, u32)> {
    let [w, a, sd, rc] = mods else {
        return Err(invalid(
            "opcode",
            format!(
                "{name} is written `{}.W.A.SD.RC`, e.g. `{}.s8.s8.8.8`",
                name.to_ascii_lowercase(),
                name.to_ascii_lowercase()
            ),
        ));
    };
    let precision = |s: &str, which: &str| -> Result<Precision> {
        match s.parse::<Precision>() {
            Ok(p) if PRECISIONS.contains(&p) => Ok(p),
            Ok(p) => Err(invalid(
                "opcode",
                format!("precision {p} is not in DPAS.md's legal-combination table ({which})"),
            )),
            Err(_) => Err(invalid(
                "opcode",
                format!("`{s}` is not a DPAS precision ({which})"),
            )),
        }
    };
    let number = |s: &str, which: &str| -> Result<u32> {
        s.parse::<u32>()
            .map_err(|_| invalid("opcode", format!("{which} `{s}` is not a number")))
    };
    Ok((
        precision(w, "W")?,
        precision(a, "A")?,
        number(sd, "SD")?,
        number(rc, "RC")?,
    ))
}

/// Every rule of DPAS.md and DPASW.md on a DPAS or DPASW instruction's IR.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &errata::Readings,
) -> Result<()> {
    let name = insn.opcode.mnemonic().to_ascii_uppercase();
    let Ctrl::Dpas(ctrl) = insn.ctrl else {
        return Err(invalid(
            "opcode",
            format!("{name} needs its W.A.SD.RC fields"),
        ));
    };
    let types = fields(insn, ctrl, platform, &name)?;
    let ops = ctrl.operands;
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            format!("{name} names its operands in its fields: `srcs` is empty"),
        ));
    }
    let Payload {
        var: dst_var,
        row: dst_row,
        col: 0,
        ty: dst_ty,
    } = ops.dst
    else {
        return Err(invalid(
            "dst",
            format!("{name}'s Dst is a GRF-aligned raw operand"),
        ));
    };
    if insn.dst != ops.dst_operand() {
        return Err(invalid(
            "dst",
            format!("{name}'s destination is its named Dst, a general operand of stride 1"),
        ));
    }
    let dst_types: &[DataType] = if insn.opcode == Opcode::Dpasw {
        // DPASW.md, Dst: D, UD or F.
        &[DataType::D, DataType::UD, DataType::F]
    } else {
        types
    };
    let row_size = if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        platform.grf_size()
    };
    let raw = Raw {
        vars,
        name: &name,
        row_size,
        grf: platform.grf_size(),
    };
    if !raw.in_var(dst_var) || vars.get(dst_var).class != VarClass::General {
        return Err(invalid(
            "dst",
            format!("{name}'s Dst is a general variable"),
        ));
    }
    if !types.contains(&dst_ty) || !dst_types.contains(&dst_ty) {
        return Err(invalid(
            "dst",
            format!(
                "Dst type {dst_ty} is not allowed with W={} A={} (allowed: {})",
                ctrl.w,
                ctrl.a,
                list(types)
            ),
        ));
    }
    let ext = extents(ctrl, insn.exec_size, dst_ty, platform, readings)?;
    raw.check(
        "dst",
        dst_var,
        dst_row,
        dst_ty,
        ext.rows_bytes(ctrl.rc, insn.exec_size, dst_ty),
    )?;
    check_src0(insn, ops.src0, ctrl, types, dst_ty, &ext, &raw)?;
    check_src1(ops.src1, &ext, &raw)?;
    check_src2(ops.src2, ctrl, &ext, &raw)
}

/// The fields W, A, SD and RC, the platform and the execution size; the legal-combination
/// table's operand types for (W, A).
fn fields(
    insn: &Instruction,
    ctrl: DpasCtrl,
    platform: Platform,
    name: &str,
) -> Result<&'static [DataType]> {
    // The platforms are the forms row's (checked before the family); the execution size is
    // the platform's (DPAS.md, Exec_size).
    let Some(n) = platform.dpas_exec_size() else {
        return Err(invalid(
            "opcode",
            format!("{name} does not exist on {}", platform.name()),
        ));
    };
    if insn.pred.is_some() || insn.sat || insn.dst2.is_some() {
        return Err(invalid(
            "opcode",
            format!("{name} takes no predicate, `.sat` or second destination"),
        ));
    }
    // DPAS.md, Exec_size and Notes: 8 before PVC, 16 from PVC on.
    if insn.exec_size != n {
        return Err(invalid(
            "exec_size",
            format!(
                "{name}'s execution size is {n} on {}, not {}",
                platform.name(),
                insn.exec_size
            ),
        ));
    }
    for (p, which) in [(ctrl.w, "W"), (ctrl.a, "A")] {
        if !PRECISIONS.contains(&p) {
            return Err(invalid(
                "opcode",
                format!("precision {p} ({which}) is not in DPAS.md's legal-combination table"),
            ));
        }
    }
    // DPAS.md, Description: "SD can be encoded as 1, 2, 4, and 8. XEHP+ only supports a
    // systolic depth of 8"; every DPAS platform is XEHP+.
    if ![1, 2, 4, 8].contains(&ctrl.sd) {
        return Err(invalid(
            "opcode",
            format!("systolic depth {} is not 1, 2, 4 or 8", ctrl.sd),
        ));
    }
    if ctrl.sd != 8 {
        return Err(invalid(
            "opcode",
            format!(
                "systolic depth {} is not supported on {}: XEHP+ supports only 8",
                ctrl.sd,
                platform.name()
            ),
        ));
    }
    // Repeat count M: 1..8 (the matrix has at most 8 rows; the Format's RC field).
    if !(1..=8).contains(&ctrl.rc) {
        return Err(invalid(
            "opcode",
            format!("repeat count {} is not in 1..=8", ctrl.rc),
        ));
    }
    let Some(types) = row_types(ctrl.w, ctrl.a) else {
        return Err(invalid(
            "opcode",
            format!(
                "W={} with A={} is not a row of DPAS.md's legal-combination table",
                ctrl.w, ctrl.a
            ),
        ));
    };
    Ok(types)
}

/// What the raw operand checks read: the variables, the mnemonic for messages, the row size
/// and the GRF size.
struct Raw<'a> {
    vars: &'a Vars,
    name: &'a str,
    row_size: usize,
    grf: usize,
}

impl Raw<'_> {
    fn in_var(&self, id: VarId) -> bool {
        (id.0 as usize) < self.vars.len()
    }

    /// A raw operand: a whole-GRF offset inside a general variable of the right type, and
    /// the bytes it touches inside the variable.
    fn check(&self, field: &str, var: VarId, row: u32, ty: DataType, bytes: usize) -> Result<()> {
        let name = self.name;
        if !self.in_var(var) || self.vars.get(var).class != VarClass::General {
            return Err(invalid(
                field,
                format!("{name}'s {field} is a general variable"),
            ));
        }
        let info = self.vars.get(var);
        if info.ty != ty {
            return Err(invalid(
                field,
                format!("`{}` has type {}, not {ty}", info.name, info.ty),
            ));
        }
        let offset = row as usize * self.row_size;
        if !(info.grf_offset.unwrap_or(0) + offset).is_multiple_of(self.grf) {
            return Err(invalid(
                field,
                format!("{name}'s {field} must be GRF aligned"),
            ));
        }
        inside(field, &info.name, offset, bytes, info.byte_size())
    }
}

/// Src0: `%null.0`, or a raw operand of the table's types (DPASW: Dst's).
fn check_src0(
    insn: &Instruction,
    src0: Option<Payload>,
    ctrl: DpasCtrl,
    types: &[DataType],
    dst_ty: DataType,
    ext: &Extents,
    raw: &Raw,
) -> Result<()> {
    let name = raw.name;
    let Some(src0) = src0 else {
        return Ok(());
    };
    let Payload {
        var,
        row,
        col: 0,
        ty,
    } = src0
    else {
        return Err(invalid(
            "src0",
            format!("{name}'s Src0 is a GRF-aligned raw operand or `%null.0`"),
        ));
    };
    let src0_types: &[DataType] = if insn.opcode == Opcode::Dpasw {
        // DPASW.md, Src0: D, UD or F, "the same as Dst's".
        std::slice::from_ref(&dst_ty)
    } else {
        types
    };
    if !src0_types.contains(&ty) {
        return Err(invalid(
            "src0",
            format!(
                "Src0 type {ty} is not allowed with W={} A={} (allowed: {})",
                ctrl.w,
                ctrl.a,
                list(src0_types)
            ),
        ));
    }
    raw.check(
        "src0",
        var,
        row,
        ty,
        ext.rows_bytes(ctrl.rc, insn.exec_size, ty),
    )
}

/// Src1: a raw D or UD operand of `src1_bytes`.
fn check_src1(src1: Payload, ext: &Extents, raw: &Raw) -> Result<()> {
    let name = raw.name;
    let Payload {
        var: s1,
        row: s1_row,
        col: 0,
        ty: s1_ty,
    } = src1
    else {
        return Err(invalid(
            "src1",
            format!("{name}'s Src1 is a GRF-aligned raw operand"),
        ));
    };
    if !matches!(s1_ty, DataType::D | DataType::UD) {
        return Err(invalid(
            "src1",
            format!("Src1 has type {s1_ty}; it must be D or UD"),
        ));
    }
    raw.check("src1", s1, s1_row, s1_ty, ext.src1_bytes)
}

/// Src2: a D or UD operand `V(r,c)` of a general variable, aligned as A asks, inside its
/// variable.
fn check_src2(src2: Payload, ctrl: DpasCtrl, ext: &Extents, raw: &Raw) -> Result<()> {
    let (name, vars, row_size) = (raw.name, raw.vars, raw.row_size);
    let Payload {
        var: s2,
        row: s2_row,
        col: s2_col,
        ty: s2_ty,
    } = src2;
    if !raw.in_var(s2) || vars.get(s2).class != VarClass::General {
        return Err(invalid(
            "src2",
            format!("{name}'s Src2 is a general variable"),
        ));
    }
    let info = vars.get(s2);
    if !matches!(s2_ty, DataType::D | DataType::UD) || info.ty != s2_ty {
        return Err(invalid(
            "src2",
            format!("Src2 has type {s2_ty}; it must be D or UD"),
        ));
    }
    let offset = s2_row as usize * row_size + s2_col as usize * 4;
    if s2_col as usize * 4 >= row_size {
        return Err(invalid("src2", format!("column {s2_col} crosses the row")));
    }
    if !(info.grf_offset.unwrap_or(0) + offset).is_multiple_of(ext.src2_align) {
        return Err(invalid(
            "src2",
            format!(
                "Src2 must be {} DWORD aligned for A={} (DPAS.md, Notes)",
                ext.src2_align / 4,
                ctrl.a
            ),
        ));
    }
    inside("src2", &info.name, offset, ext.src2_bytes, info.byte_size())
}

/// The operand's bytes `offset..offset+bytes` lie inside its variable; beyond is undefined
/// (5_operands.md), the class region checks use.
fn inside(field: &str, var: &str, offset: usize, bytes: usize, size: usize) -> Result<()> {
    if offset + bytes > size {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "the operand reaches byte {} of `{var}`, which has {size} bytes",
                offset + bytes - 1
            ),
        )
        .field(field.to_string()));
    }
    Ok(())
}

fn list(types: &[DataType]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

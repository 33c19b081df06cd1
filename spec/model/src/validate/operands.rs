//! Operands and regions (5_operands.md): general, indirect, immediate, predicate, address
//! and state operands from the text, their regions (General Restrictions on Region
//! Parameters) and bounds; and the same checks on the operands of any IR instruction.

use super::context::{Cx, Env};
use super::errors::invalid_at;
use crate::asm::ast::{MaskControl, Operand, OperandKind, RegionSyntax, SrcModifier, VarClass};
use crate::errata;
use crate::error::{ErrorClass, Pos, Result, VisaError};
use crate::forms;
use crate::ir::{Dst, Instruction, Opcode, Region, Src};
use crate::state::{VarId, MSG0, NULL};
use crate::types::DataType;

/// AND, OR, XOR and NOT: the instructions with a predicate-operand form.
pub fn is_logic(op: Opcode) -> bool {
    matches!(op, Opcode::And | Opcode::Or | Opcode::Xor | Opcode::Not)
}

impl Cx<'_> {
    pub(super) fn var(&mut self, name: &str, pos: Pos, field: &str) -> Result<VarId> {
        // PREDEFINED-MSG0 literal: the documents' table has no `%msg0`.
        if name == MSG0 && self.readings.is_literal(errata::PREDEFINED_MSG0) {
            return Err(invalid_at(
                pos,
                field,
                "`%msg0` is not one of the pre-defined variables of 4_visa_header.md",
            ));
        }
        self.vars
            .lookup(name)
            .ok_or_else(|| invalid_at(pos, field, format!("`{name}` is not declared")))
    }

    pub(super) fn dst(
        &mut self,
        op: &Operand,
        exec_size: u32,
        opcode: Opcode,
        mask: MaskControl,
    ) -> Result<Dst> {
        let f = "dst";
        if let Some(dst) = self.variable_dst(op, exec_size, opcode, mask)? {
            return Ok(dst);
        }
        match &op.kind {
            OperandKind::Var {
                modifier,
                name,
                origin,
                region,
                ty,
            } => {
                if modifier.is_some() {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        "a destination takes no source modifier",
                    ));
                }
                let hstride = dst_hstride(region, op.pos)?;
                let id = self.var(name, op.pos, f)?;
                if name == NULL {
                    return Ok(Dst::Null {
                        ty: ty.unwrap_or(DataType::UD),
                    });
                }
                let (row, col) = self.env().origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                let info = self.vars.get(id);
                if info.read_only {
                    return Err(invalid_at(op.pos, f, format!("`{name}` is read-only")));
                }
                let offsets = (0..exec_size).map(|n| n * hstride);
                self.env()
                    .check_general_bounds(id, row, col, var_ty, offsets, op.pos, f)?;
                Ok(Dst::General {
                    var: id,
                    row,
                    col,
                    hstride,
                    ty: var_ty,
                })
            }
            OperandKind::Indirect {
                modifier,
                addr,
                addr_sub,
                imm_offset,
                region,
                ty,
            } => {
                if modifier.is_some() {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        "a destination takes no source modifier",
                    ));
                }
                if matches!(region, Some(RegionSyntax::MultiAddr { .. })) {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        "a multi-address indirect operand cannot be a destination",
                    ));
                }
                let hstride = dst_hstride(region, op.pos)?;
                let (addr, ty) = self.indirect(addr, *addr_sub, *imm_offset, *ty, op.pos, f)?;
                Ok(Dst::Indirect {
                    addr,
                    addr_sub: *addr_sub,
                    imm_offset: *imm_offset,
                    hstride,
                    ty,
                })
            }
            _ => Err(invalid_at(
                op.pos,
                f,
                "the destination must be a general operand `V(R,C)<HS>` or an indirect operand",
            )),
        }
    }

    pub(super) fn src(
        &mut self,
        op: &Operand,
        exec_size: u32,
        opcode: Opcode,
        k: usize,
    ) -> Result<Src> {
        let f = "src";
        if let Some(src) = self.variable_src(op, exec_size, opcode, k)? {
            return Ok(src);
        }
        match &op.kind {
            OperandKind::Var {
                modifier,
                name,
                origin,
                region,
                ty,
            } => {
                let id = self.var(name, op.pos, f)?;
                if self.vars.get(id).class == VarClass::Predicate && origin.is_empty() {
                    return self.pred_src(id, op, opcode);
                }
                check_modifier(*modifier, op.pos, opcode.form().modifiers)?;
                let region = src_region(region, exec_size, op.pos)?;
                let (row, col) = self.env().origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                let offsets = lanes(exec_size, region);
                self.env()
                    .check_general_bounds(id, row, col, var_ty, offsets, op.pos, f)?;
                Ok(Src::General {
                    var: id,
                    row,
                    col,
                    region,
                    modifier: *modifier,
                    ty: var_ty,
                })
            }
            OperandKind::Name(name) => {
                let id = self.var(name, op.pos, f)?;
                if self.vars.get(id).class == VarClass::Predicate {
                    return self.pred_src(id, op, opcode);
                }
                Err(invalid_at(
                    op.pos,
                    f,
                    format!("`{name}` needs a region: `{name}(0,0)<1;1,0>`"),
                ))
            }
            OperandKind::Indirect {
                modifier,
                addr,
                addr_sub,
                imm_offset,
                region,
                ty,
            } => {
                check_modifier(*modifier, op.pos, opcode.form().modifiers)?;
                let (region, multi) = match region {
                    Some(RegionSyntax::MultiAddr { width, hstride }) => {
                        let r = Region {
                            vstride: 0,
                            width: *width,
                            hstride: *hstride,
                        };
                        check_src_region(r, exec_size, op.pos)?;
                        (r, true)
                    }
                    other => (src_region(other, exec_size, op.pos)?, false),
                };
                let (addr, ty) = self.indirect(addr, *addr_sub, *imm_offset, *ty, op.pos, f)?;
                if multi {
                    let rows = exec_size / region.width;
                    let elts = self.vars.get(addr).num_elts;
                    if addr_sub.checked_add(rows).is_none_or(|end| end > elts) {
                        return Err(invalid_at(
                            op.pos,
                            f,
                            format!("the multi-address operand needs {rows} address elements from {addr_sub}; the variable has {elts}"),
                        ));
                    }
                }
                Ok(Src::Indirect {
                    addr,
                    addr_sub: *addr_sub,
                    imm_offset: *imm_offset,
                    region,
                    multi,
                    modifier: *modifier,
                    ty,
                })
            }
            OperandKind::Imm(imm) => {
                // Erratum PACKED-IMM-EXEC-SIZE: a packed vector has 8 (V, UV) or 4 (VF) elements.
                let limit = match imm.ty {
                    DataType::V | DataType::UV => 8,
                    DataType::VF => 4,
                    DataType::BOOL => {
                        return Err(invalid_at(op.pos, f, "an immediate cannot have type bool"))
                    }
                    _ => 32,
                };
                if exec_size > limit {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        format!(
                            "a {} immediate holds {limit} elements; the execution size is {exec_size}",
                            imm.ty
                        ),
                    ));
                }
                Ok(Src::Imm {
                    bits: imm.bits,
                    ty: imm.ty,
                })
            }
            _ => Err(invalid_at(
                op.pos,
                f,
                "a source must be a general, indirect or immediate operand",
            )),
        }
    }

    /// The declared class of the variable an operand names, when it names one.
    pub(super) fn class_of(&mut self, op: &Operand) -> Option<(VarId, VarClass)> {
        let name = match &op.kind {
            OperandKind::Var { name, .. } | OperandKind::Name(name) => name,
            _ => return None,
        };
        if name == MSG0 && self.readings.is_literal(errata::PREDEFINED_MSG0) {
            return None;
        }
        let id = self.vars.lookup(name)?;
        Some((id, self.vars.get(id).class))
    }

    /// `A(sub)` or `T(sub)`: the element origin of an address or state operand, and that
    /// `exec_size` elements from it exist.
    pub(super) fn element_origin(
        &self,
        id: VarId,
        op: &Operand,
        exec_size: u32,
        f: &str,
    ) -> Result<u32> {
        let info = self.vars.get(id);
        let sub = match &op.kind {
            OperandKind::Var {
                origin, modifier, ..
            } if modifier.is_none() => match origin.as_slice() {
                [sub] => *sub,
                _ => {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        format!(
                            "`{}` takes one element index: `{}(0)`",
                            info.name, info.name
                        ),
                    ))
                }
            },
            OperandKind::Name(_) => 0,
            _ => {
                return Err(invalid_at(
                    op.pos,
                    f,
                    format!("`{}` is written `{}(INDEX)`", info.name, info.name),
                ))
            }
        };
        if sub
            .checked_add(exec_size)
            .is_none_or(|end| end > info.num_elts)
        {
            return Err(invalid_at(
                op.pos,
                f,
                format!(
                    "`{}` has {} elements; the instruction uses elements {sub}..{}",
                    info.name,
                    info.num_elts,
                    u64::from(sub) + u64::from(exec_size)
                ),
            ));
        }
        Ok(sub)
    }

    /// A predicate, address or state destination (CMP and SETP, ADDR_ADD, MOVS); `None`
    /// for a register-file destination.
    pub(super) fn variable_dst(
        &mut self,
        op: &Operand,
        exec_size: u32,
        opcode: Opcode,
        mask: MaskControl,
    ) -> Result<Option<Dst>> {
        let f = "dst";
        let Some((id, class)) = self.class_of(op) else {
            return Ok(None);
        };
        let name = self.vars.get(id).name.clone();
        let refuse = |what: &str| {
            Err(invalid_at(
                op.pos,
                f,
                format!(
                    "{} cannot write {what} `{name}`",
                    opcode.mnemonic().to_ascii_uppercase()
                ),
            ))
        };
        match class {
            VarClass::General => Ok(None),
            VarClass::Predicate => {
                if !(matches!(opcode, Opcode::Cmp | Opcode::Setp) || is_logic(opcode)) {
                    return refuse("the predicate");
                }
                self.plain_predicate(op, id, exec_size, mask, f).map(Some)
            }
            VarClass::Address if opcode == Opcode::AddrAdd => {
                let sub = self.element_origin(id, op, exec_size, f)?;
                Ok(Some(Dst::Address { var: id, sub }))
            }
            VarClass::Surface | VarClass::Sampler if opcode == Opcode::Movs => {
                let sub = self.element_origin(id, op, exec_size, f)?;
                Ok(Some(Dst::State { var: id, sub }))
            }
            VarClass::Address => refuse("the address variable"),
            VarClass::Surface | VarClass::Sampler => refuse("the state variable"),
        }
    }

    /// A predicate destination written as its bare name `P`, covering the channels of the
    /// mask control; errors name `f`.
    fn plain_predicate(
        &self,
        op: &Operand,
        id: VarId,
        exec_size: u32,
        mask: MaskControl,
        f: &str,
    ) -> Result<Dst> {
        let name = &self.vars.get(id).name;
        if matches!(&op.kind, OperandKind::Var { origin, region, modifier, ty, .. }
            if !origin.is_empty() || region.is_some() || modifier.is_some() || ty.is_some())
        {
            return Err(invalid_at(
                op.pos,
                f,
                format!("a predicate destination is written `{name}`"),
            ));
        }
        self.env().predicate_elements(id, mask, exec_size, f)?;
        Ok(Dst::Predicate { var: id })
    }

    /// A second destination whose operand class is predicate (INVM's and RSQTM's
    /// `<preddst>`): a predicate variable covering the channels; errors name `f`.
    pub(super) fn predicate_dst(
        &mut self,
        op: &Operand,
        exec_size: u32,
        opcode: Opcode,
        mask: MaskControl,
        f: &str,
    ) -> Result<Dst> {
        let upper = opcode.mnemonic().to_ascii_uppercase();
        let not_predicate = || {
            invalid_at(
                op.pos,
                f,
                format!("{upper} writes its {f} to a predicate variable `P`"),
            )
        };
        let Some((id, class)) = self.class_of(op) else {
            if let OperandKind::Var { name, .. } | OperandKind::Name(name) = &op.kind {
                self.var(name, op.pos, f)?;
            }
            return Err(not_predicate());
        };
        if class != VarClass::Predicate {
            return Err(not_predicate());
        }
        self.plain_predicate(op, id, exec_size, mask, f)
    }

    /// ADDR_ADD's src0 (address, address-of or a general operand `V(R,C)<0;1,0>`, whose
    /// byte address it takes) and MOVS's state source; `None` for the other operands.
    pub(super) fn variable_src(
        &mut self,
        op: &Operand,
        exec_size: u32,
        opcode: Opcode,
        k: usize,
    ) -> Result<Option<Src>> {
        let f = "src";
        if let OperandKind::AddrOf { name, offset } = &op.kind {
            if !(opcode == Opcode::AddrAdd && k == 0) {
                return Err(invalid_at(
                    op.pos,
                    f,
                    "only ADDR_ADD's src0 takes an address `&V`",
                ));
            }
            let id = self.var(name, op.pos, f)?;
            let info = self.vars.get(id);
            if info.class != VarClass::General {
                return Err(invalid_at(
                    op.pos,
                    f,
                    format!("`{name}` is not a general variable"),
                ));
            }
            let offset = u32::try_from(*offset).map_err(|_| {
                invalid_at(
                    op.pos,
                    f,
                    format!("address offset {offset} is negative or too large"),
                )
            })?;
            return Ok(Some(Src::AddrOf { var: id, offset }));
        }
        let Some((id, class)) = self.class_of(op) else {
            return Ok(None);
        };
        match (class, opcode, k) {
            (VarClass::Address, Opcode::AddrAdd, 0) => {
                let sub = self.element_origin(id, op, exec_size, f)?;
                Ok(Some(Src::Address { var: id, sub }))
            }
            (VarClass::General, Opcode::AddrAdd, 0) => {
                let OperandKind::Var { origin, region, modifier: None, ty, .. } = &op.kind else {
                    return Err(invalid_at(op.pos, f, "ADDR_ADD's general src0 is `V(R,C)<0;1,0>`"));
                };
                let region = src_region(region, exec_size, op.pos)?;
                if region != Region::SCALAR {
                    return Err(invalid_at(op.pos, f, "ADDR_ADD's general src0 has region <0;1,0> (instructions/ADDR_ADD.md, Notes)"));
                }
                let (row, col) = self.env().origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                // The element's byte offset must lie inside the variable.
                let bytes = self.vars.get(id).byte_size();
                let offset = (row as usize)
                    .checked_mul(self.env().row_size())
                    .and_then(|r| r.checked_add(col as usize * var_ty.size()))
                    .filter(|o| *o < bytes)
                    .and_then(|o| u32::try_from(o).ok())
                    .ok_or_else(|| {
                        invalid_at(op.pos, f, format!("origin ({row},{col}) lies outside the variable's {bytes} bytes"))
                    })?;
                Ok(Some(Src::AddrOf { var: id, offset }))
            }
            (VarClass::Surface | VarClass::Sampler, Opcode::AddrAdd, 0) => Err(VisaError::unsupported(
                "ADDR_ADD of a state variable's address: state variables have no register-file address in this model",
            )
            .at(op.pos)
            .field(f)),
            (VarClass::Surface | VarClass::Sampler, Opcode::Movs, 0) => {
                let sub = self.element_origin(id, op, exec_size, f)?;
                Ok(Some(Src::State { var: id, sub }))
            }
            (VarClass::Address | VarClass::Surface | VarClass::Sampler, _, _) => Err(invalid_at(
                op.pos,
                f,
                format!(
                    "{} cannot read `{}` as src{k}",
                    opcode.mnemonic().to_ascii_uppercase(),
                    self.vars.get(id).name
                ),
            )),
            _ => Ok(None),
        }
    }

    pub(super) fn pred_src(&mut self, id: VarId, op: &Operand, opcode: Opcode) -> Result<Src> {
        if !(opcode == Opcode::Mov || is_logic(opcode)) {
            return Err(invalid_at(
                op.pos,
                "src",
                "only MOV and the logic instructions read a predicate as a source",
            ));
        }
        Ok(Src::Predicate { var: id })
    }

    /// The type of a general operand: its variable's, which a written `:type` must repeat.
    pub(super) fn general_type(
        &self,
        id: VarId,
        written: Option<DataType>,
        pos: Pos,
        f: &str,
    ) -> Result<DataType> {
        let info = self.vars.get(id);
        if info.class != VarClass::General {
            return Err(invalid_at(
                pos,
                f,
                format!("`{}` is not a general variable", info.name),
            ));
        }
        match written {
            Some(t) if t != info.ty => Err(invalid_at(
                pos,
                f,
                format!("`{}` has type {}, not {t}", info.name, info.ty),
            )),
            _ => Ok(info.ty),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn indirect(
        &mut self,
        addr: &str,
        addr_sub: u32,
        imm_offset: i32,
        ty: Option<DataType>,
        pos: Pos,
        f: &str,
    ) -> Result<(VarId, DataType)> {
        let id = self.var(addr, pos, f)?;
        let info = self.vars.get(id);
        if info.class != VarClass::Address {
            return Err(invalid_at(
                pos,
                f,
                format!("`{addr}` is not an address variable"),
            ));
        }
        if addr_sub >= info.num_elts {
            return Err(invalid_at(
                pos,
                f,
                format!(
                    "`{addr}` has {} elements; element {addr_sub} does not exist",
                    info.num_elts
                ),
            ));
        }
        if !(-512..=511).contains(&imm_offset) {
            return Err(invalid_at(
                pos,
                f,
                format!("indirect offset {imm_offset} is outside [-512, 511]"),
            ));
        }
        let Some(ty) = ty else {
            return Err(invalid_at(
                pos,
                f,
                "an indirect operand needs a type: `r[A0(0),0]<1;1,0>:d`",
            ));
        };
        if !DataType::SCALARS.contains(&ty) {
            return Err(invalid_at(
                pos,
                f,
                format!("an indirect operand cannot have type {ty}"),
            ));
        }
        Ok((id, ty))
    }
}

impl Env<'_> {
    /// `(R,C)` of a general operand: the column may not leave the row
    /// (5_operands.md, General Operands).
    pub(super) fn origin(
        &self,
        id: VarId,
        origin: &[u32],
        pos: Pos,
        f: &str,
    ) -> Result<(u32, u32)> {
        let &[row, col] = origin else {
            return Err(invalid_at(
                pos,
                f,
                "a general operand's origin is `(ROW,COLUMN)`",
            ));
        };
        let ty = self.vars.get(id).ty;
        let row_elems = (self.row_size() / ty.size()) as u32;
        if col >= row_elems {
            return Err(invalid_at(
                pos,
                f,
                format!("column {col} crosses the row: a row holds {row_elems} {ty} elements"),
            ));
        }
        Ok((row, col))
    }

    pub(super) fn row_size(&self) -> usize {
        if self.readings.is_literal(errata::GRF_ROW_SIZE) {
            32
        } else {
            self.platform.grf_size()
        }
    }

    /// Every element a general operand touches lies inside its variable (5_operands.md:
    /// out-of-bound access is undefined) and, under the literal reading of
    /// REGION-TWO-GRF-SPAN, within two adjacent GRFs.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_general_bounds(
        &self,
        id: VarId,
        row: u32,
        col: u32,
        ty: DataType,
        offsets: impl Iterator<Item = u32>,
        pos: Pos,
        f: &str,
    ) -> Result<()> {
        let info = self.vars.get(id);
        let size = ty.size() as u64;
        let first = row as u64 * (self.row_size() as u64 / size) + col as u64;
        let (mut lo, mut hi) = (u64::MAX, 0u64);
        for k in offsets {
            let byte = (first + k as u64) * size;
            lo = lo.min(byte);
            hi = hi.max(byte + size);
        }
        if hi > info.byte_size() as u64 {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                format!(
                    "the region reaches byte {} of `{}`, which has {} bytes",
                    hi - 1,
                    info.name,
                    info.byte_size()
                ),
            )
            .at(pos)
            .field(f.to_string()));
        }
        if self.readings.is_literal(errata::REGION_TWO_GRF_SPAN) {
            let grf = self.platform.grf_size() as u64;
            let base = info.grf_offset.unwrap_or(0) as u64;
            if (base + hi - 1) / grf - (base + lo) / grf > 1 {
                return Err(invalid_at(
                    pos,
                    f,
                    "the region spans more than two adjacent GRFs",
                ));
            }
        }
        Ok(())
    }

    /// Whether `id` names one of the variables.
    pub(super) fn in_range(&self, id: VarId) -> bool {
        (id.0 as usize) < self.vars.len()
    }

    /// Elements `sub .. sub + exec_size` of an address variable (`address`), or of a
    /// surface or sampler variable.
    fn elements_in(&self, var: VarId, sub: u32, exec_size: u32, address: bool) -> bool {
        let want = if address {
            [VarClass::Address, VarClass::Address]
        } else {
            [VarClass::Surface, VarClass::Sampler]
        };
        self.in_range(var)
            && want.contains(&self.vars.get(var).class)
            && sub
                .checked_add(exec_size)
                .is_some_and(|end| end <= self.vars.get(var).num_elts)
    }

    /// The destinations of an IR instruction: variables of their class and type, legal
    /// strides, inside their variables.
    pub(super) fn ir_dsts(&self, insn: &Instruction) -> Result<()> {
        let vars = self.vars;
        let in_range = |id: VarId| self.in_range(id);
        let fail = |m: String| Err(VisaError::invalid(m).at(insn.pos));
        let elements_in = |var: VarId, sub: u32, address: bool| {
            self.elements_in(var, sub, insn.exec_size, address)
        };
        for dst in std::iter::once(&insn.dst).chain(insn.dst2.as_ref()) {
            match dst {
                Dst::General {
                    var,
                    row,
                    col,
                    hstride,
                    ty,
                } => {
                    if !in_range(*var)
                        || vars.get(*var).class != VarClass::General
                        || vars.get(*var).ty != *ty
                    {
                        return fail(
                            "the destination is not a general variable of its type".to_string(),
                        );
                    }
                    if ![1, 2, 4].contains(hstride) {
                        return fail(format!("destination stride {hstride}"));
                    }
                    self.origin(*var, &[*row, *col], insn.pos, "dst")?;
                    let offsets = (0..insn.exec_size).map(|n| n * hstride);
                    self.check_general_bounds(*var, *row, *col, *ty, offsets, insn.pos, "dst")?;
                }
                Dst::Indirect {
                    addr,
                    addr_sub,
                    hstride,
                    ty,
                    ..
                } => {
                    if !in_range(*addr)
                        || vars.get(*addr).class != VarClass::Address
                        || *addr_sub >= vars.get(*addr).num_elts
                        || ![1, 2, 4].contains(hstride)
                        || !DataType::SCALARS.contains(ty)
                    {
                        return fail("the indirect destination is malformed".to_string());
                    }
                }
                Dst::Null { ty } => {
                    if !DataType::SCALARS.contains(ty) {
                        return fail(format!("a destination cannot have type {ty}"));
                    }
                }
                Dst::Predicate { var } => {
                    if !in_range(*var) || vars.get(*var).class != VarClass::Predicate {
                        return fail(
                            "the predicate destination is not a predicate variable".to_string(),
                        );
                    }
                    self.predicate_elements(*var, insn.mask, insn.exec_size, "dst")?;
                }
                Dst::Address { var, sub } | Dst::State { var, sub } => {
                    let address = matches!(dst, Dst::Address { .. });
                    if !elements_in(*var, *sub, address) {
                        return fail("the address or state destination is malformed".to_string());
                    }
                }
            }
        }
        Ok(())
    }

    /// The sources of an IR instruction: modifiers its form allows, variables of their
    /// class and type, legal regions inside their variables, immediates that fit.
    pub(super) fn ir_srcs(&self, insn: &Instruction, form: &crate::opcode::Form) -> Result<()> {
        let vars = self.vars;
        let in_range = |id: VarId| self.in_range(id);
        let fail = |m: String| Err(VisaError::invalid(m).at(insn.pos));
        let elements_in = |var: VarId, sub: u32, address: bool| {
            self.elements_in(var, sub, insn.exec_size, address)
        };
        for src in &insn.srcs {
            check_modifier(src.modifier(), insn.pos, form.modifiers)?;
            match src {
                Src::General {
                    var,
                    row,
                    col,
                    region,
                    ty,
                    ..
                } => {
                    if !in_range(*var)
                        || vars.get(*var).class != VarClass::General
                        || vars.get(*var).ty != *ty
                    {
                        return fail("a source is not a general variable of its type".to_string());
                    }
                    check_src_region(*region, insn.exec_size, insn.pos)?;
                    self.origin(*var, &[*row, *col], insn.pos, "src")?;
                    let offsets = lanes(insn.exec_size, *region);
                    self.check_general_bounds(*var, *row, *col, *ty, offsets, insn.pos, "src")?;
                }
                Src::Indirect {
                    addr,
                    addr_sub,
                    region,
                    multi,
                    ty,
                    ..
                } => {
                    check_src_region(*region, insn.exec_size, insn.pos)?;
                    let rows = if *multi {
                        insn.exec_size / region.width
                    } else {
                        1
                    };
                    if !in_range(*addr)
                        || vars.get(*addr).class != VarClass::Address
                        || addr_sub
                            .checked_add(rows)
                            .is_none_or(|end| end > vars.get(*addr).num_elts)
                        || !DataType::SCALARS.contains(ty)
                    {
                        return fail("an indirect source is malformed".to_string());
                    }
                }
                Src::Imm { ty, .. } => {
                    let limit = match ty {
                        DataType::V | DataType::UV => 8,
                        DataType::VF => 4,
                        DataType::BOOL => 0,
                        _ => 32,
                    };
                    if insn.exec_size > limit {
                        return fail(format!(
                            "a {ty} immediate with execution size {}",
                            insn.exec_size
                        ));
                    }
                }
                Src::Predicate { var } => {
                    if !in_range(*var) || vars.get(*var).class != VarClass::Predicate {
                        return fail("a predicate source is not a predicate variable".to_string());
                    }
                }
                Src::Address { var, sub } | Src::State { var, sub } => {
                    let address = matches!(src, Src::Address { .. });
                    if !elements_in(*var, *sub, address) {
                        return fail("an address or state source is malformed".to_string());
                    }
                }
                Src::AddrOf { var, .. } => {
                    if !in_range(*var) || vars.get(*var).class != VarClass::General {
                        return fail("an address-of source is not a general variable".to_string());
                    }
                }
            }
        }
        Ok(())
    }
}

/// A source modifier the instruction's Properties allow ("Source Modifier").
pub(super) fn check_modifier(
    m: Option<SrcModifier>,
    pos: Pos,
    allowed: forms::Modifiers,
) -> Result<()> {
    let ok = match (m, allowed) {
        (None, _) => true,
        (Some(SrcModifier::Not), forms::Modifiers::Logic) => true,
        (Some(SrcModifier::Not), _) => false,
        (Some(_), forms::Modifiers::Arithmetic) => true,
        (Some(_), _) => false,
    };
    if !ok {
        return Err(invalid_at(
            pos,
            "src",
            match allowed {
                forms::Modifiers::None => "this instruction takes no source modifier",
                forms::Modifiers::Logic => "this instruction takes only the `~` modifier",
                forms::Modifiers::Arithmetic => "the `~` modifier belongs to logic instructions",
            },
        ));
    }
    Ok(())
}

pub(super) fn dst_hstride(region: &Option<RegionSyntax>, pos: Pos) -> Result<u32> {
    match region {
        Some(RegionSyntax::Dst { hstride }) => match hstride {
            1 | 2 | 4 => Ok(*hstride),
            _ => Err(invalid_at(
                pos,
                "dst",
                format!("destination horizontal stride {hstride} is not one of 1, 2, 4"),
            )),
        },
        _ => Err(invalid_at(pos, "dst", "a destination region is `<HS>`")),
    }
}

pub(super) fn src_region(
    region: &Option<RegionSyntax>,
    exec_size: u32,
    pos: Pos,
) -> Result<Region> {
    let Some(RegionSyntax::Src {
        vstride,
        width,
        hstride,
    }) = *region
    else {
        return Err(invalid_at(pos, "src", "a source region is `<VS;W,HS>`"));
    };
    let r = Region {
        vstride,
        width,
        hstride,
    };
    check_src_region(r, exec_size, pos)?;
    Ok(r)
}

/// 5_operands.md, General Restrictions on Region Parameters, rules 1-4.
pub(super) fn check_src_region(r: Region, exec_size: u32, pos: Pos) -> Result<()> {
    let bad = |m: String| Err(invalid_at(pos, "src", m));
    if ![1, 2, 4, 8, 16].contains(&r.width) {
        return bad(format!(
            "region width {} is not one of 1, 2, 4, 8, 16",
            r.width
        ));
    }
    if ![0, 1, 2, 4, 8, 16, 32].contains(&r.vstride) {
        return bad(format!(
            "vertical stride {} is not one of 0, 1, 2, 4, 8, 16, 32",
            r.vstride
        ));
    }
    if ![0, 1, 2, 4].contains(&r.hstride) {
        return bad(format!(
            "horizontal stride {} is not one of 0, 1, 2, 4",
            r.hstride
        ));
    }
    if exec_size < r.width {
        return bad(format!(
            "region width {} exceeds the execution size {exec_size}",
            r.width
        ));
    }
    Ok(())
}

/// Element offsets (from the origin) of each lane of a source region, in lane order.
pub(super) fn lanes(exec_size: u32, r: Region) -> impl Iterator<Item = u32> {
    (0..exec_size / r.width)
        .flat_map(move |i| (0..r.width).map(move |j| i * r.vstride + j * r.hstride))
}

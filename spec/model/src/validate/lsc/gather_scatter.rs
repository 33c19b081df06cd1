//! Validation of LSC_UNTYPED's executed gather/scatter forms (`lsc_load`, `lsc_store`,
//! `lsc_store_uncompressed`; instructions/LSC_UNTYPED.md): the text form is checked by
//! [`check_untyped`], then turned into the IR shape [`LscCtrl`] describes, and
//! [`rules`] checks that shape again on any IR (`check_program`).

use super::operand::{data_extent, scalar, whole_var};
use super::typed::TypedForm;
use super::untyped::{check_untyped, Pitch, UntypedForm};
use crate::asm::ast::{InsnLine, OperandKind, VarClass};
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::forms::Builder;
use crate::ir::lsc::{
    caching_allowed, CacheOpt, DataShape, LscOperands, MessageOperands, Sfid, VECT_SIZES,
};
use crate::ir::lsc_typed;
use crate::ir::{Ctrl, Dst, Instruction, LscCtrl, Opcode, Payload, Scalar};
use crate::platform::Platform;
use crate::state::{AddrType, VarId, Vars, NULL};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

/// Whether `opcode` is one of the executed gather/scatter forms or atomics (its
/// builder, [`crate::opcode::Form::builder`]).
pub fn is_lsc(opcode: Opcode) -> bool {
    opcode.form().builder == Builder::LscGatherScatter
}

fn is_quad(opcode: Opcode) -> bool {
    matches!(opcode, Opcode::LscLoadQuad | Opcode::LscStoreQuad)
}

/// Whether the form takes LSC_TYPED's coordinates `[U, V, R, LOD]` with the unit `.tgm`.
fn has_coords(opcode: Opcode) -> bool {
    is_quad(opcode) || opcode == Opcode::LscLoadStatus
}

/// Whether the opcode's data operand is `DstData` (a load or an atomic).
pub fn is_load(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::LscLoad | Opcode::LscLoadStrided | Opcode::LscLoadQuad | Opcode::LscLoadStatus
    ) || opcode.lsc_atomic().is_some()
}

/// LSC messages exist from Xe-HPG (DG2) on (as the forms rows of the LSC opcodes say): for
/// `lsc_read_surface_info`, which has no opcode.
pub(crate) fn check_platform(platform: Platform, name: &str) -> Result<()> {
    if platform.is_xehp_plus() {
        Ok(())
    } else {
        Err(invalid(
            "opcode",
            format!(
                "`{name}` is an LSC message: from xe-hpg on, not on {}",
                platform.name()
            ),
        ))
    }
}

impl Cx<'_> {
    /// Builds the IR of a gather/scatter, strided, quad, atomic or status line, untyped or
    /// typed (`.tgm`).
    pub(crate) fn lsc_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let (form, typed) = self.checked_form(line, opcode, exec_size)?;
        let load = is_load(opcode);
        let addr_op = if load {
            &line.operands[1]
        } else {
            &line.operands[0]
        };
        let surface = match &addr_op.kind {
            OperandKind::Address {
                surface: Some(s), ..
            } => Some(self.surface_scalar(&s.kind)?),
            _ => None,
        };
        let addrs_id = self.payload_var(&form.address.addrs, "src0")?;
        let (dst, src1_data) = if load {
            let dst = if form.data == NULL {
                Dst::Null { ty: DataType::UB }
            } else {
                let id = self.payload_var(&form.data, "dst")?;
                Dst::General {
                    var: id,
                    row: 0,
                    col: 0,
                    hstride: 1,
                    ty: self.vars.get(id).ty,
                }
            };
            (dst, None)
        } else {
            let id = self.payload_var(&form.data, "src1")?;
            (Dst::Null { ty: DataType::UB }, Some(self.payload(id)))
        };
        let mut operands = MessageOperands {
            surface,
            src0_addrs: self.payload(addrs_id),
            src0_addr_pitch: self.pitch_source(&form)?,
            src1_data,
            src2_data: None,
            src0_addrs_v: None,
            src0_addrs_r: None,
            src0_addrs_lod: None,
        };
        if opcode.lsc_atomic().is_some() {
            self.atomic_data_sources(&form, &mut operands)?;
        }
        if let Some(t) = typed.as_ref().filter(|_| has_coords(opcode)) {
            self.coordinate_sources(t, &mut operands)?;
        }
        let scale = u32::try_from(form.address.scale)
            .map_err(|_| invalid("address", "AddrScale is outside 1..=0xffff"))?;
        let imm_offset = i32::try_from(form.address.imm_offset)
            .map_err(|_| invalid("address", "AddrImmOffset does not fit a d field"))?;
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Lsc(LscCtrl {
                sfid: form.sfid,
                l1: form.l1,
                l3: form.l3,
                data: form.shape,
                addr_type: form.address.addr_type,
                addr_size: form.address.addr_size,
                scale,
                imm_offset,
                ch_mask: form.ch_mask,
                operands: LscOperands::Message(operands),
            }),
            dst,
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }

    /// The text checks of the line: LSC_TYPED's (`.tgm`: the same IR with unit Tgm and the
    /// quad and status forms' V, R, LOD coordinates) or LSC_UNTYPED's.
    fn checked_form(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
        exec_size: u32,
    ) -> Result<(UntypedForm, Option<TypedForm>)> {
        let typed = if super::typed::is_typed_line(line) {
            Some(super::typed::check_typed(
                line,
                exec_size,
                self.vars,
                self.platform,
            )?)
        } else {
            None
        };
        let form = match &typed {
            Some(t) => t.form.clone(),
            // LOAD_STATUS takes lsc_load's operands (LSC_UNTYPED.md, Format: one table).
            None if opcode == Opcode::LscLoadStatus => {
                let mut as_load = line.clone();
                as_load.opcode = "lsc_load".to_string();
                check_untyped(&as_load, exec_size, self.vars, self.platform)?
            }
            None => check_untyped(line, exec_size, self.vars, self.platform)?,
        };
        Ok((form, typed))
    }

    /// A variable named by a checked form, at the line's position.
    fn var_here(&mut self, name: &str, field: &str) -> Result<VarId> {
        self.var(name, self.pos, field)
    }

    /// The strided forms' `Src0AddrPitch` when written: an immediate D or a variable's first
    /// D.
    fn pitch_source(&mut self, form: &UntypedForm) -> Result<Option<Scalar>> {
        Ok(match &form.pitch {
            Some(Pitch::Imm(i)) => {
                let bits = i32::try_from(*i)
                    .map_err(|_| invalid("address", "Src0AddrPitch does not fit a d value"))?;
                Some(Scalar::Imm {
                    bits: u64::from(bits as u32),
                    ty: DataType::D,
                })
            }
            Some(Pitch::Var(v)) => {
                let id = self.var_here(v, "src0")?;
                Some(Scalar::Var {
                    var: id,
                    row: 0,
                    col: 0,
                    ty: DataType::D,
                })
            }
            None => None,
        })
    }

    /// The atomics' Src1Data and Src2Data, `None` for `%null`.
    fn atomic_data_sources(
        &mut self,
        form: &UntypedForm,
        operands: &mut MessageOperands,
    ) -> Result<()> {
        for (k, name) in form.atomic_srcs.iter().enumerate() {
            let data = if name == NULL {
                None
            } else {
                let id = self.payload_var(name, &format!("src{}", k + 1))?;
                Some(self.payload(id))
            };
            if k == 0 {
                operands.src1_data = data;
            } else {
                operands.src2_data = data;
            }
        }
        Ok(())
    }

    /// The typed quad and status forms' V, R and LOD coordinates, `None` for `%null`.
    fn coordinate_sources(&mut self, t: &TypedForm, operands: &mut MessageOperands) -> Result<()> {
        let mut coords = [None; 3];
        for (slot, name) in coords.iter_mut().zip(&t.coords) {
            if name != NULL {
                let id = self.var_here(name, "src0")?;
                *slot = Some(self.payload(id));
            }
        }
        [
            operands.src0_addrs_v,
            operands.src0_addrs_r,
            operands.src0_addrs_lod,
        ] = coords;
        Ok(())
    }

    /// The variable of a payload the text names `V` or `V.OFFSET`
    /// ([`super::untyped::payload_name`]): `V` itself, or the variable aliasing `V` from
    /// byte OFFSET to its end, named `V.OFFSET` (declared on first use, in V's type when the
    /// offset is a multiple of its size, else UB), so that both engines, which read a
    /// payload from its variable's start, read the raw operand's bytes.
    pub(crate) fn payload_var(&mut self, name: &str, field: &str) -> Result<VarId> {
        let (base, offset) = super::untyped::payload_name(name);
        let id = self.var(base, self.pos, field)?;
        if offset == 0 {
            return Ok(id);
        }
        if let Some(alias) = self.vars.find(name) {
            return Ok(alias);
        }
        let info = self.vars.get(id).clone();
        let bytes = info.byte_size();
        if info.class != VarClass::General || offset as usize >= bytes {
            return Err(invalid(
                field,
                format!("byte {offset} is not inside the general variable `{base}`"),
            ));
        }
        let ty = if (offset as usize).is_multiple_of(info.ty.size()) {
            info.ty
        } else {
            DataType::UB
        };
        let num_elts = ((bytes - offset as usize) / ty.size()) as u32;
        self.vars
            .declare(name, VarClass::General, ty, num_elts, 1, Some((id, offset)))
            .map_err(|e| e.field(field.to_string()))
    }

    /// A whole general variable as a payload from its start, in its own type.
    pub(crate) fn payload(&self, id: VarId) -> Payload {
        Payload::whole(id, self.vars.get(id).ty)
    }

    /// The `(Surface)` operand: an immediate index, or a UD element of a general variable
    /// (`bss(V1)`, `bss(BSSO(0,0))`, `bss(V1.2)`, `bss(V1(1,2))`).
    pub(crate) fn surface_scalar(&mut self, kind: &OperandKind) -> Result<Scalar> {
        let name = match kind {
            OperandKind::Number(n) => {
                let bits = u32::try_from(*n).map_err(|_| {
                    invalid("surface", format!("surface index {n} is not a ud value"))
                })?;
                return Ok(Scalar::Imm {
                    bits: u64::from(bits),
                    ty: DataType::UD,
                });
            }
            OperandKind::Name(n) => (n, 0, 0),
            OperandKind::Var {
                name,
                origin,
                region: None,
                ty: None,
                modifier: None,
            } if origin.len() == 2 => (name, origin[0], origin[1]),
            _ => {
                return Err(invalid(
                    "surface",
                    "the surface is an immediate index or a general variable's element",
                ))
            }
        };
        let (name, row, col) = name;
        let id = self.var(name, self.pos, "surface")?;
        let info = self.vars.get(id);
        if info.class != VarClass::General || info.byte_size() < 4 {
            return Err(invalid(
                "surface",
                format!("`{name}` is not a general variable of at least one ud"),
            ));
        }
        // Past the origin, the element is one of the variable's own (D or UD) elements.
        if (row, col) != (0, 0) && info.ty.size() != 4 {
            return Err(invalid(
                "surface",
                format!(
                    "`{name}({row},{col})` names a {} element, not a ud",
                    info.ty
                ),
            ));
        }
        let surface = Scalar::Var {
            var: id,
            row,
            col,
            ty: DataType::UD,
        };
        scalar(self.vars, surface, 4, "surface")?;
        Ok(surface)
    }
}

/// The rules of LSC_UNTYPED's executed forms on the IR: the fields of [`LscCtrl`] and the
/// operands' classes and extents (the checks of `check_untyped`).
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let name = insn.opcode.mnemonic();
    let Ctrl::Lsc(c) = insn.ctrl else {
        return Err(invalid("opcode", format!("`{name}` needs its LSC fields")));
    };
    if super::apndctr::is_apndctr(insn.opcode) {
        return super::apndctr::rules(insn, c, vars, platform);
    }
    if !is_lsc(insn.opcode) {
        return Err(invalid("opcode", format!("`{name}` takes no LSC fields")));
    }
    if c.sfid == Sfid::Tgm {
        return typed_rules(insn, c, vars, platform, readings);
    }
    exec_and_predicate(insn, vars, name)?;
    fields(insn, c, name, readings)?;
    operands(insn, c, vars, platform, readings, name)
}

/// No `.sat` or second destination; execution size, mask control and a predicate covering
/// the channels.
fn exec_and_predicate(insn: &Instruction, vars: &Vars, name: &str) -> Result<()> {
    if insn.sat || insn.dst2.is_some() {
        return Err(invalid(
            "opcode",
            format!("`{name}` takes no `.sat` or second destination"),
        ));
    }
    let exec_size = insn.exec_size;
    if ![1, 2, 4, 8, 16, 32].contains(&exec_size)
        || !(1..=8).contains(&insn.mask.group)
        || !insn.mask.offset().is_multiple_of(exec_size)
        || insn.mask.offset() + exec_size > 32
    {
        return Err(invalid(
            "exec_size",
            format!(
                "execution size {exec_size} with mask control M{} is not valid",
                insn.mask.group
            ),
        ));
    }
    if let Some(p) = &insn.pred {
        let ok = (p.var.0 as usize) < vars.len()
            && vars.get(p.var).class == VarClass::Predicate
            && vars.get(p.var).num_elts >= insn.mask.offset() + exec_size;
        if !ok {
            return Err(invalid("pred", "the predicate does not cover the channels"));
        }
    }
    Ok(())
}

/// The fields of [`LscCtrl`]: the data shape, AddrScale, the unit's address type, the
/// caching pair, the quad forms' ChMask, the atomics' data size.
fn fields(insn: &Instruction, c: LscCtrl, name: &str, readings: &Readings) -> Result<()> {
    let exec_size = insn.exec_size;
    let shape: DataShape = c.data;
    if !VECT_SIZES.contains(&shape.vect_size) {
        return Err(invalid(
            "data",
            "the vector size is not one of 1 2 3 4 8 16 32 64",
        ));
    }
    if shape.transposed && exec_size != 1 {
        return Err(invalid("exec_size", "a transposed access is SIMD1"));
    }
    if !(1..=0xffff).contains(&c.scale) {
        return Err(invalid("address", "AddrScale is outside 1..=0xffff"));
    }
    if c.sfid == Sfid::Slm && c.addr_type != AddrType::Flat {
        return Err(invalid(
            "address",
            "shared local memory is addressed `flat`",
        ));
    }
    let load = is_load(insn.opcode);
    let atomic = insn.opcode.lsc_atomic();
    let quad = matches!(insn.opcode, Opcode::LscLoadQuad | Opcode::LscStoreQuad);
    let cached = match atomic {
        Some(_) => caching_allowed(c.l1, c.l3, true) || caching_allowed(c.l1, c.l3, false),
        None => caching_allowed(c.l1, c.l3, load),
    };
    if !cached {
        return Err(invalid(
            "caching",
            "the caching pair is not in the CachingL1 table",
        ));
    }
    // LSC-SLM-CACHING literal: SLM takes only `.df` (LSC_UNTYPED.md, CachingL1); resolved,
    // any pair of the table, which has no effect on shared local memory.
    if c.sfid == Sfid::Slm
        && (c.l1, c.l3) != (CacheOpt::Df, CacheOpt::Df)
        && readings.is_literal(errata::LSC_SLM_CACHING)
    {
        return Err(invalid(
            "caching",
            "SLM accesses take the default caching `.df`",
        ));
    }
    if quad {
        if c.ch_mask == 0 || c.ch_mask > 0xf || c.ch_mask.count_ones() != shape.vect_size {
            return Err(invalid(
                "data",
                "a quad form's ChMask names 1 to 4 channels, one register block each",
            ));
        }
        if shape.transposed {
            return Err(invalid("data", "a quad form is not transposed"));
        }
    } else if c.ch_mask != 0 {
        return Err(invalid("data", "only the quad forms take a ChMask"));
    }
    if insn.opcode == Opcode::LscLoadStatus && shape.transposed {
        return Err(invalid("data", "LOAD_STATUS has no transposed form"));
    }
    if let Some(op) = atomic {
        if shape.transposed || shape.vect_size != 1 || !op.admits(shape.size) {
            return Err(invalid(
                "data",
                format!("`{name}` takes one untransposed element of an admitted data size"),
            ));
        }
    }
    Ok(())
}

/// A payload operand: a whole general variable from its start of at least `bytes` bytes.
fn payload(vars: &Vars, p: Payload, bytes: usize, field: &str) -> Result<()> {
    whole_var(vars, p.var, p.row, p.col, bytes, field)
}

/// The operands ([`MessageOperands`]): the surface of a stateful address, Src0Addrs, the
/// strided forms' pitch, the data operands and DstData, each a whole general variable of
/// the bytes the shape spans; no typed coordinates (checked by [`typed_rules`]).
fn operands(
    insn: &Instruction,
    c: LscCtrl,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
    name: &str,
) -> Result<()> {
    let LscOperands::Message(ops) = c.operands else {
        return Err(invalid(
            "operands",
            format!("`{name}` takes a message's operands, not an append counter's"),
        ));
    };
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            format!("`{name}` names its operands in its LSC fields: no positional sources"),
        ));
    }
    let exec_size = insn.exec_size;
    let shape: DataShape = c.data;
    let load = is_load(insn.opcode);
    let atomic = insn.opcode.lsc_atomic();
    let strided = matches!(
        insn.opcode,
        Opcode::LscLoadStrided | Opcode::LscStoreStrided
    );
    match ops.surface {
        None if c.addr_type.is_stateful() => {
            return Err(invalid("surface", "a stateful address needs its surface"))
        }
        Some(_) if !c.addr_type.is_stateful() => {
            return Err(invalid("surface", "a stateless address takes no surface"))
        }
        Some(s) => scalar(vars, s, 4, "surface")?,
        None => {}
    }
    if ops.coordinates().iter().any(Option::is_some) {
        return Err(invalid(
            "src0",
            "only LSC_TYPED's quad and status forms take the coordinates V, R, LOD",
        ));
    }
    let grf = platform.grf_size();
    let lanes = if shape.transposed || strided {
        1
    } else {
        exec_size as usize
    };
    payload(vars, ops.src0_addrs, lanes * c.addr_size.bytes(), "src0")?;
    match ops.src0_addr_pitch {
        Some(_) if !strided => {
            return Err(invalid("src0", format!("`{name}` takes no Src0AddrPitch")))
        }
        Some(p) => scalar(vars, p, 4, "src0")?,
        None => {}
    }
    let literal = readings.is_literal(errata::LSC_PAYLOAD_EXTENT);
    let span = data_extent(shape, exec_size, grf, literal);
    if let Some(op) = atomic {
        // Src1Data and Src2Data: a general variable for each source the operation reads,
        // `None` for the others.
        for (k, data) in [ops.src1_data, ops.src2_data].into_iter().enumerate() {
            let field = format!("src{}", k + 1);
            match data {
                Some(d) if k < op.sources() => payload(vars, d, span, &field)?,
                None if k >= op.sources() => {}
                _ => {
                    return Err(invalid(
                        &field,
                        format!("`{name}` reads {} data sources", op.sources()),
                    ))
                }
            }
        }
        return match &insn.dst {
            Dst::Null { .. } => Ok(()),
            Dst::General { var, row, col, .. } => whole_var(vars, *var, *row, *col, span, "dst"),
            _ => Err(invalid("dst", "DstData is a general variable or `%null`")),
        };
    }
    if ops.src2_data.is_some() {
        return Err(invalid("src2", format!("`{name}` takes no Src2Data")));
    }
    match (load, &insn.dst, ops.src1_data) {
        (true, Dst::Null { .. }, None) => {}
        (true, Dst::General { var, row, col, .. }, None) => {
            whole_var(vars, *var, *row, *col, span, "dst")?
        }
        (false, Dst::Null { .. }, Some(data)) => payload(vars, data, span, "src1")?,
        _ => {
            return Err(invalid(
                "operands",
                format!("`{name}`'s DstData and Src1Data do not fit the operation"),
            ))
        }
    }
    Ok(())
}

/// LSC_TYPED's rules on the IR (the checks of [`super::typed::check_typed`]): a typed
/// form through a surface, scale 1 and offset 0, the ExecSize limit, the quad and status
/// forms' coordinates V, R, LOD (each `None` or a whole variable of one address a lane); the
/// rest is LSC_UNTYPED's [`rules`] on the same instruction read with
/// the untyped unit.
fn typed_rules(
    insn: &Instruction,
    c: LscCtrl,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let name = insn.opcode.mnemonic();
    let form_ok = has_coords(insn.opcode)
        || insn.opcode == Opcode::LscStoreUncompressed
        || insn.opcode.lsc_atomic().is_some();
    if !form_ok {
        return Err(invalid(
            "opcode",
            format!("`{name}` is not an executed LSC_TYPED form"),
        ));
    }
    if !c.addr_type.is_stateful() {
        return Err(invalid(
            "address",
            "a typed access goes through a surface: bti, bss or ss",
        ));
    }
    let max = lsc_typed::max_exec_size(platform);
    if insn.exec_size > max {
        return Err(invalid(
            "exec_size",
            format!(
                "a typed message is at most SIMD{max} on {}",
                platform.name()
            ),
        ));
    }
    if c.scale != 1 || c.imm_offset != 0 || c.data.transposed {
        return Err(invalid(
            "address",
            "a typed access has scale 1, immediate offset 0 and no transpose",
        ));
    }
    let LscOperands::Message(ops) = c.operands else {
        return Err(invalid(
            "operands",
            format!("`{name}.tgm` takes a message's operands"),
        ));
    };
    let mut untyped_ops = ops;
    if has_coords(insn.opcode) {
        let bytes = insn.exec_size as usize * c.addr_size.bytes();
        for coord in ops.coordinates().into_iter().flatten() {
            payload(vars, coord, bytes, "src0")?;
        }
        untyped_ops.src0_addrs_v = None;
        untyped_ops.src0_addrs_r = None;
        untyped_ops.src0_addrs_lod = None;
    }
    let mut untyped = insn.clone();
    untyped.ctrl = Ctrl::Lsc(LscCtrl {
        sfid: Sfid::Ugm,
        operands: LscOperands::Message(untyped_ops),
        ..c
    });
    rules(&untyped, vars, platform, readings)
}

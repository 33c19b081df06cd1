//! Validation of LSC_UNTYPED's block 2D forms `lsc_load_block2d` and `lsc_store_block2d`
//! (instructions/LSC_UNTYPED.md, Format, Text, Examples; the platform's shape limits in
//! [`Block2dShape::check_limits`]), and [`rules`] for the same checks on any IR.

use super::untyped::unit_and_caching;
use crate::asm::ast::{AddrTerm, InsnLine, Operand, OperandKind};
use crate::errata;
use crate::error::Result;
use crate::forms::Builder;
use crate::ir::block2d::{Block2dOperands, Block2dShape, Block2dSurface, FlatSurface};
use crate::ir::lsc::{caching_allowed, DataSize, Sfid};
use crate::ir::lsc_typed;
use crate::ir::{Block2dCtrl, Ctrl, Dst, Instruction, Opcode, Payload, Scalar};
use crate::platform::Platform;
use crate::state::{VarId, Vars, NULL};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

/// The six address operands' names, in order, with their types.
const ADDRESS: [(&str, DataType); 6] = [
    ("SurfaceBaseAddr", DataType::UQ),
    ("SurfaceWidth", DataType::UD),
    ("SurfaceHeight", DataType::UD),
    ("SurfacePitch", DataType::UD),
    ("Src0AddrX", DataType::D),
    ("Src0AddrY", DataType::D),
];

/// Whether `opcode` is a block 2D form (its builder, [`crate::opcode::Form::builder`]).
pub fn is_block2d(opcode: Opcode) -> bool {
    opcode.form().builder == Builder::LscBlock2d
}

/// Register bytes a block 2D operand spans: `Blocks` blocks of `grf_block_pitch` elements.
pub fn reg_bytes(shape: &Block2dShape, platform: Platform) -> usize {
    let layout = shape.layout(
        (shape.blocks, shape.width, shape.height),
        platform.grf_size(),
    );
    shape.blocks as usize * layout.grf_block_pitch * shape.size.mem_bytes()
}

impl Cx<'_> {
    pub(crate) fn block2d_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        if super::typed::is_typed_line(line) {
            return self.typed_block2d_instruction(line, opcode);
        }
        let store = opcode == Opcode::LscStoreBlock2d;
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let (sfid, l1, l3) = unit_and_caching(&line.mods)?;
        let (name, shape, data_field, addr) =
            block2d_operands(line, store, &line.opcode, "V:SHAPE")?;
        let shape = Block2dShape::parse(shape).map_err(|e| e.field(data_field))?;
        let OperandKind::Address {
            space,
            surface: None,
            terms,
            size: None,
        } = &addr.kind
        else {
            return Err(invalid(
                "address",
                "expected `flat[BASE,WIDTH,HEIGHT,PITCH,X,Y]`",
            ));
        };
        if space != "flat" {
            return Err(invalid("address", "block 2D addresses are `flat`"));
        }
        let (surface, x, y, x_offset, y_offset) = match terms.as_slice() {
            [AddrTerm {
                block_offsets: Some(offsets),
                ..
            }] => self.block2d_payload(&terms[0], *offsets)?,
            [base, width, height, pitch, x, y] => {
                // Src0AddrX and Src0AddrY take an immediate offset (`[..., VX+2, VY-1]`).
                let mut address = |term: &AddrTerm, k: usize| {
                    let (what, ty) = ADDRESS[k];
                    self.block2d_address(term, what, ty, k >= 4)
                };
                let (base, _) = address(base, 0)?;
                let (width, _) = address(width, 1)?;
                let (height, _) = address(height, 2)?;
                let (pitch, _) = address(pitch, 3)?;
                let (x, x_offset) = address(x, 4)?;
                let (y, y_offset) = address(y, 5)?;
                let surface = FlatSurface {
                    base,
                    width,
                    height,
                    pitch,
                };
                (surface, x, y, x_offset, y_offset)
            }
            _ => {
                return Err(invalid(
                    "address",
                    "expected six address operands `[BASE,WIDTH,HEIGHT,PITCH,X,Y]` or a \
                     payload `[V+(X,Y)]`",
                ))
            }
        };
        let (dst, data) = self.block2d_data(&name, store)?;
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Block2d(Box::new(Block2dCtrl {
                sfid,
                addr_type: crate::state::AddrType::Flat,
                l1,
                l3,
                shape,
                x_offset,
                y_offset,
                operands: Block2dOperands {
                    surface: Block2dSurface::Flat(surface),
                    x,
                    y,
                    data,
                },
            })),
            dst,
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }
}

impl Cx<'_> {
    /// IGC's `flat[V+(X,Y)]` (BLOCK2D-ADDRESS-PAYLOAD): the six address operands as the
    /// elements of the payload V at their bytes (base UQ 0, width UD 2, height UD 3, pitch
    /// UD 4, X D 5, Y D 6), the immediate X and Y as Src0AddrX's and Src0AddrY's offsets.
    /// Unsupported under the literal reading.
    fn block2d_payload(
        &mut self,
        term: &AddrTerm,
        (ox, oy): (i64, i64),
    ) -> Result<(FlatSurface, Scalar, Scalar, i32, i32)> {
        if self.readings.is_literal(errata::BLOCK2D_ADDRESS_PAYLOAD) {
            return Err(invalid(
                "address",
                "a block 2D address held in one payload variable, `flat[V+(X,Y)]`: the \
                 documents' form has six address operands (BLOCK2D-ADDRESS-PAYLOAD literal)",
            ));
        }
        let Some(name) = &term.base else {
            return Err(invalid("address", "`[V+(X,Y)]` needs a payload variable V"));
        };
        if term.scale.is_some() || term.offset != 0 {
            return Err(invalid(
                "address",
                "`[V+(X,Y)]` takes no scale or other offset",
            ));
        }
        let offset = |v: i64, what: &str| {
            i32::try_from(v)
                .map_err(|_| invalid("address", format!("the {what} offset {v} does not fit a d")))
        };
        let (x_offset, y_offset) = (offset(ox, "X")?, offset(oy, "Y")?);
        let var = self.var(name, self.pos, "address")?;
        payload_ok(self.vars, var, self.platform)?;
        let [base, width, height, pitch, x, y] = payload_scalars(var);
        let surface = FlatSurface {
            base,
            width,
            height,
            pitch,
        };
        Ok((surface, x, y, x_offset, y_offset))
    }
}

/// The columns of the six address operands in a 2D block address payload, each in its
/// operand's type (BLOCK2D-ADDRESS-PAYLOAD: bytes 0, 8, 12, 16, 20, 24).
const PAYLOAD_COLS: [u32; 6] = [0, 2, 3, 4, 5, 6];

/// Bytes a 2D block address payload spans (BLOCK2D-ADDRESS-PAYLOAD).
const PAYLOAD_BYTES: usize = 32;

/// The six address operands as elements of the payload `var`.
fn payload_scalars(var: VarId) -> [Scalar; 6] {
    std::array::from_fn(|k| Scalar::Var {
        var,
        row: 0,
        col: PAYLOAD_COLS[k],
        ty: ADDRESS[k].1,
    })
}

/// The payload variable of `flat[V+(X,Y)]`: a general variable of at least 32 bytes whose
/// origin is GRF-aligned.
fn payload_ok(vars: &Vars, var: VarId, platform: Platform) -> Result<()> {
    super::operand::whole_var(vars, var, 0, 0, PAYLOAD_BYTES, "address").map_err(|e| {
        invalid(
            "address",
            format!("the 2D block address payload: {}", e.message),
        )
    })?;
    let info = vars.get(var);
    match info.grf_offset {
        Some(at) if at % platform.grf_size() == 0 => Ok(()),
        _ => Err(invalid(
            "address",
            format!(
                "the 2D block address payload `{}` does not start at a GRF boundary",
                info.name
            ),
        )),
    }
}

/// A block 2D line's two operands (untyped and typed forms, `mnemonic` as written): the data
/// operand's variable and shape text (`hint` its form for the message), its field (`src1`
/// for a store's Src1Data, `dst` for a load's DstData) and the address operand.
pub(crate) fn block2d_operands<'l>(
    line: &'l InsnLine,
    store: bool,
    mnemonic: &str,
    hint: &str,
) -> Result<(String, &'l str, &'static str, &'l Operand)> {
    if line.operands.len() != 2 {
        return Err(invalid(
            "operands",
            format!("`{mnemonic}` takes 2 operands"),
        ));
    }
    let (data, addr) = if store {
        (&line.operands[1], &line.operands[0])
    } else {
        (&line.operands[0], &line.operands[1])
    };
    let data_field = if store { "src1" } else { "dst" };
    let OperandKind::Data {
        name,
        offset,
        shape,
    } = &data.kind
    else {
        return Err(invalid(
            data_field,
            format!("expected a data operand `{hint}`"),
        ));
    };
    Ok((
        super::untyped::payload_text(name, *offset),
        shape,
        data_field,
        addr,
    ))
}

impl Cx<'_> {
    /// A block 2D message's data operand `name` (untyped and typed forms): a load's DstData
    /// (`%null` for a prefetch) as the destination, or a store's Src1Data, the whole
    /// variable, as the data payload.
    pub(crate) fn block2d_data(
        &mut self,
        name: &str,
        store: bool,
    ) -> Result<(Dst, Option<Payload>)> {
        if store {
            let id = self.payload_var(name, "src1")?;
            Ok((Dst::Null { ty: DataType::UB }, Some(self.payload(id))))
        } else if name == NULL {
            Ok((Dst::Null { ty: DataType::UB }, None))
        } else {
            let id = self.payload_var(name, "dst")?;
            let dst = Dst::General {
                var: id,
                row: 0,
                col: 0,
                hstride: 1,
                ty: self.vars.get(id).ty,
            };
            Ok((dst, None))
        }
    }

    /// One block 2D address operand as written (untyped and typed forms): `[V]`, `[V+off]` or
    /// `[imm]`, `what` its name in the document, `ty` its type. Returns the scalar and the
    /// immediate offset of `V+off`, which only an operand that `takes_offset` may have;
    /// errors name the field `address` and the operand.
    pub(crate) fn block2d_address(
        &mut self,
        term: &AddrTerm,
        what: &str,
        ty: DataType,
        takes_offset: bool,
    ) -> Result<(Scalar, i32)> {
        if term.scale.is_some() {
            return Err(invalid("address", format!("{what} takes no scale")));
        }
        if term.block_offsets.is_some() {
            return Err(invalid("address", format!("{what} takes no `+ (X, Y)`")));
        }
        match &term.base {
            Some(v) => {
                let mut offset = 0;
                if term.offset != 0 {
                    if !takes_offset {
                        return Err(invalid(
                            "address",
                            format!("{what} takes no immediate offset"),
                        ));
                    }
                    offset = i32::try_from(term.offset).map_err(|_| {
                        invalid("address", format!("{what}'s offset does not fit a d"))
                    })?;
                }
                let var = self.var(v, self.pos, "address")?;
                Ok((
                    Scalar::Var {
                        var,
                        row: 0,
                        col: 0,
                        ty,
                    },
                    offset,
                ))
            }
            None => {
                // The immediate as the operand's type holds it.
                let (fits, bits) = match ty {
                    DataType::UQ => (term.offset >= 0, term.offset as u64),
                    DataType::UD => (u32::try_from(term.offset).is_ok(), term.offset as u64),
                    _ => (
                        i32::try_from(term.offset).is_ok(),
                        term.offset as u64 & 0xffff_ffff,
                    ),
                };
                if !fits {
                    let field = if ty == DataType::D {
                        "a d"
                    } else {
                        "its field"
                    };
                    return Err(invalid(
                        "address",
                        format!("{what} {} does not fit {field}", term.offset),
                    ));
                }
                Ok((Scalar::Imm { bits, ty }, 0))
            }
        }
    }
}

/// The address operands of a block 2D message on the IR: `scalars[k]` is an immediate or the
/// first element of a general variable of at least the bytes `operands[k]` gives, in the
/// type it gives; an error names the operand's field and, first in its message, its name in
/// the document.
pub(crate) fn address_ok(
    vars: &Vars,
    scalars: impl IntoIterator<Item = Scalar>,
    operands: &[(&str, DataType, &str)],
) -> Result<()> {
    for (s, &(what, ty, field)) in scalars.into_iter().zip(operands) {
        scalar_ok(vars, s, ty, field)
            .map_err(|e| invalid(field, format!("{what}: {}", e.message)))?;
    }
    Ok(())
}

/// A scalar address operand: of type `ty`, an immediate or a general variable at its origin
/// holding at least one `ty`.
fn scalar_ok(vars: &Vars, s: Scalar, ty: DataType, field: &str) -> Result<()> {
    if s.ty() != ty {
        return Err(invalid(
            field,
            format!("the operand is a {}, not a {}", s.ty().text(), ty.text()),
        ));
    }
    match s {
        Scalar::Imm { .. } => Ok(()),
        Scalar::Var { var, row, col, .. } => var_ok(vars, var, (row, col), ty.size(), field),
    }
}

/// `var` from `(row, col)`: a general variable with register storage of at least `bytes`
/// bytes, the operand at its origin.
pub(crate) fn var_ok(
    vars: &Vars,
    var: VarId,
    origin: (u32, u32),
    bytes: usize,
    field: &str,
) -> Result<()> {
    if origin != (0, 0) || (var.0 as usize) >= vars.len() {
        return Err(invalid(
            field,
            "expected an immediate or a general variable at its origin",
        ));
    }
    super::operand::whole_var(vars, var, 0, 0, bytes, field)
}

/// The rules of the block 2D forms on the IR: the shape within the documents' limits, and
/// within Intel's published ones unless BLOCK2D-LIMITS is read literally.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &errata::Readings,
) -> Result<()> {
    let name = insn.opcode.mnemonic();
    let Ctrl::Block2d(c) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            format!("`{name}` needs its block 2D fields"),
        ));
    };
    if !is_block2d(insn.opcode) {
        return Err(invalid(
            "opcode",
            format!("`{name}` takes no block 2D fields"),
        ));
    }
    let surface = match &c.operands.surface {
        Block2dSurface::Typed { surface } => return typed_rules(insn, c, *surface, vars),
        Block2dSurface::Flat(f) => f,
    };
    let store = insn.opcode == Opcode::LscStoreBlock2d;
    if c.addr_type != crate::state::AddrType::Flat {
        return Err(invalid("address", "block 2D addresses are `flat`"));
    }
    let limits = if readings.is_literal(errata::BLOCK2D_LIMITS) {
        Block2dShape::check_limits
    } else {
        Block2dShape::check_published_limits
    };
    limits(&c.shape, store).map_err(|e| e.field(if store { "src1" } else { "dst" }))?;
    if insn.sat || insn.dst2.is_some() || insn.pred.is_some() {
        return Err(invalid(
            "opcode",
            format!("`{name}` takes no `.sat`, predicate or second destination"),
        ));
    }
    // Block operations are SIMD1 (ExecSize's description).
    if insn.exec_size != 1 || !(1..=8).contains(&insn.mask.group) {
        return Err(invalid(
            "exec_size",
            "a block 2D message is SIMD1: `(M1_NM, 1)`",
        ));
    }
    if c.sfid != Sfid::Ugm {
        return Err(invalid("sfid", "block 2D messages go to `.ugm`"));
    }
    if !caching_allowed(c.l1, c.l3, !store) {
        return Err(invalid(
            "caching",
            "the caching pair is not in the CachingL1 table",
        ));
    }
    let want = if store { 7 } else { 6 };
    if !insn.srcs.is_empty() || c.operands.data.is_some() != store {
        return Err(invalid("operands", format!("`{name}` has {want} sources")));
    }
    let scalars = [
        surface.base,
        surface.width,
        surface.height,
        surface.pitch,
        c.operands.x,
        c.operands.y,
    ];
    match scalars[0] {
        // The lowering of `flat[V+(X,Y)]` (BLOCK2D-ADDRESS-PAYLOAD).
        Scalar::Var { var, .. }
            if (var.0 as usize) < vars.len() && scalars == payload_scalars(var) =>
        {
            if readings.is_literal(errata::BLOCK2D_ADDRESS_PAYLOAD) {
                return Err(invalid(
                    "address",
                    "a block 2D address held in one payload variable: the documents' form \
                     has six address operands (BLOCK2D-ADDRESS-PAYLOAD literal)",
                ));
            }
            payload_ok(vars, var, platform)?;
        }
        _ => address_ok(
            vars,
            scalars,
            &ADDRESS.map(|(what, ty)| (what, ty, "address")),
        )?,
    }
    let bytes = reg_bytes(&c.shape, platform);
    data_ok(vars, insn, store, c.operands.data, bytes)
}

/// A block 2D message's data operand (untyped and typed): a store's Src1Data, a load's DstData
/// (a general variable at its origin, or `%null`), each holding `bytes` register bytes.
pub(crate) fn data_ok(
    vars: &Vars,
    insn: &Instruction,
    store: bool,
    src1: Option<Payload>,
    bytes: usize,
) -> Result<()> {
    match (store, &insn.dst) {
        (true, Dst::Null { .. }) => match src1 {
            Some(p) => var_ok(vars, p.var, (p.row, p.col), bytes, "src1"),
            None => Err(invalid("src1", "Src1Data is a general variable")),
        },
        (false, Dst::Null { .. }) => Ok(()),
        (
            false,
            Dst::General {
                var,
                row: 0,
                col: 0,
                ..
            },
        ) => var_ok(vars, *var, (0, 0), bytes, "dst"),
        _ => Err(invalid(
            "dst",
            "DstData is a general variable at its origin or `%null`",
        )),
    }
}

/// Register bytes a typed block's rows span: `BlockHeight * reg_pitch`.
pub fn typed_reg_bytes(width: u32, height: u32) -> usize {
    height as usize * lsc_typed::block2d_reg_pitch(width)
}

/// The rules of the typed block 2D forms on the IR (a typed surface, `surface` its operand).
pub fn typed_rules(
    insn: &Instruction,
    c: &Block2dCtrl,
    surface: Scalar,
    vars: &Vars,
) -> Result<()> {
    let name = insn.opcode.mnemonic();
    let store = insn.opcode == Opcode::LscStoreBlock2d;
    let data_field = if store { "src1" } else { "dst" };
    if c.sfid != Sfid::Tgm {
        return Err(invalid("sfid", "a typed block 2D message goes to `.tgm`"));
    }
    let s = c.shape;
    if s.size != DataSize::D8 || s.blocks != 1 || s.transpose || s.vnni {
        return Err(invalid(
            data_field,
            "a typed block 2D shape is `BlockWidth x BlockHeight` in bytes and rows",
        ));
    }
    lsc_typed::check_block2d_shape(s.width, s.height).map_err(|e| e.field(data_field))?;
    if c.x_offset != 0 || c.y_offset != 0 {
        return Err(invalid(
            "address",
            "Src0AddrX and Src0AddrY take no immediate offset",
        ));
    }
    if insn.sat || insn.dst2.is_some() || insn.pred.is_some() {
        return Err(invalid(
            "opcode",
            format!("`{name}.tgm` takes no `.sat`, predicate or second destination"),
        ));
    }
    if insn.exec_size != 1 || !(1..=8).contains(&insn.mask.group) {
        return Err(invalid(
            "exec_size",
            "a block 2D message is SIMD1: `(M1_NM, 1)`",
        ));
    }
    if !c.addr_type.is_stateful() {
        return Err(invalid(
            "address",
            "a typed block 2D access goes through a surface: bti, bss or ss",
        ));
    }
    if !caching_allowed(c.l1, c.l3, !store) {
        return Err(invalid(
            "caching",
            "the caching pair is not in the CachingL1 table",
        ));
    }
    let want = if store { 4 } else { 3 };
    if !insn.srcs.is_empty() || c.operands.data.is_some() != store {
        return Err(invalid(
            "operands",
            format!("`{name}.tgm` has {want} sources"),
        ));
    }
    address_ok(
        vars,
        [surface, c.operands.x, c.operands.y],
        &[
            ("Surface", DataType::UD, "surface"),
            ("Src0AddrX", DataType::D, "address"),
            ("Src0AddrY", DataType::D, "address"),
        ],
    )?;
    let bytes = typed_reg_bytes(s.width, s.height);
    data_ok(vars, insn, store, c.operands.data, bytes)
}

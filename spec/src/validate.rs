//! Validation: from the syntax tree to the IR. Names are resolved against the declarations,
//! and every rule of the documents that can be checked before execution is checked here:
//! declarations (4_visa_header.md), execution sizes and mask controls
//! (3_execution_model.md), regions (5_operands.md, "Region Restrictions") and each
//! instruction's operand classes and type maps (its document's Properties).
//!
//! Both engines execute only validated programs, so they classify invalid programs
//! identically.

use crate::asm::ast::{
    self, Decl, ExecSpec, InsnLine, LineKind, MaskControl, Operand, OperandKind, RegionSyntax,
    SrcModifier, VarClass,
};
use crate::errata::{self, Readings};
use crate::error::{ErrorClass, Pos, Result, VisaError};
use crate::forms;
use crate::ir::{Dst, Instruction, Opcode, Predicate, Program, Region, Src};
use crate::platform::Platform;
use crate::state::{MachineState, VarId, Vars, NULL};
use crate::types::DataType;

/// Validates a program for `platform` with every erratum at its resolved reading.
pub fn validate(program: &ast::Program, platform: Platform) -> Result<Program> {
    validate_with(program, platform, &Readings::resolved())
}

/// Validates a program for `platform` under the given errata readings.
pub fn validate_with(
    program: &ast::Program,
    platform: Platform,
    readings: &Readings,
) -> Result<Program> {
    let mut vars = Vars::new(platform);
    let mut insns = Vec::new();
    for line in &program.lines {
        match &line.kind {
            LineKind::Decl(decl) => declare(&mut vars, decl).map_err(|e| e.at(line.pos))?,
            LineKind::Directive { .. } | LineKind::Label(_) => {}
            LineKind::Insn(insn) => {
                let mut cx = Cx {
                    vars: &mut vars,
                    platform,
                    readings,
                    pos: line.pos,
                };
                insns.push(cx.instruction(insn).map_err(|e| e.at(line.pos))?);
            }
        }
    }
    Ok(Program {
        platform,
        vars,
        insns,
    })
}

/// Byte alignment named by `align=` (4_visa_header.md, variable alignment).
fn align_bytes(align: &str, platform: Platform) -> Option<u32> {
    Some(match align.to_ascii_lowercase().as_str() {
        "byte" => 1,
        "word" => 2,
        "dword" => 4,
        "qword" => 8,
        "oword" => 16,
        "hword" => 32,
        "wordx32" => 64,
        "grf" => platform.grf_size() as u32,
        "2grf" => 2 * platform.grf_size() as u32,
        _ => return None,
    })
}

fn declare(vars: &mut Vars, decl: &Decl) -> Result<()> {
    let field = |f: &str| format!(".decl {} {f}", decl.name);
    if decl.name.starts_with('%') {
        return Err(
            VisaError::invalid(format!("`{}` is a pre-defined variable name", decl.name))
                .field(field("name")),
        );
    }
    let ty = match decl.class {
        VarClass::General => match decl.ty {
            Some(t) if DataType::SCALARS.contains(&t) => t,
            Some(t) => {
                return Err(
                    VisaError::invalid(format!("a general variable cannot have type {t}"))
                        .field(field("type")),
                )
            }
            None => {
                return Err(
                    VisaError::invalid("a general variable needs `type=`").field(field("type"))
                )
            }
        },
        VarClass::Predicate => {
            if decl.num_elts > 32 {
                return Err(VisaError::invalid(format!(
                    "a predicate variable has at most 32 elements, not {}",
                    decl.num_elts
                ))
                .field(field("num_elts")));
            }
            DataType::BOOL
        }
        VarClass::Address => {
            if decl.num_elts > 16 {
                return Err(VisaError::invalid(format!(
                    "an address variable has at most 16 elements, not {}",
                    decl.num_elts
                ))
                .field(field("num_elts")));
            }
            DataType::UW
        }
        VarClass::Surface | VarClass::Sampler => DataType::UD,
    };
    if decl.class != VarClass::General && (decl.alias.is_some() || decl.ty.is_some()) {
        return Err(
            VisaError::invalid("only general variables take `type=` and `alias=`")
                .field(field("v_type")),
        );
    }
    let size = decl.num_elts as usize * ty.size();
    if decl.class == VarClass::General && size > 4096 {
        return Err(VisaError::invalid(format!(
            "`{}` is {size} bytes; a variable holds at most 4096",
            decl.name
        ))
        .field(field("num_elts")));
    }
    let align = match &decl.align {
        None => ty.size() as u32,
        Some(a) => align_bytes(a, vars.platform).ok_or_else(|| {
            VisaError::invalid(format!("unknown alignment `{a}`")).field(field("align"))
        })?,
    };
    let alias = match &decl.alias {
        None => None,
        Some((base, offset)) => {
            let id = vars.lookup(base).ok_or_else(|| {
                VisaError::invalid(format!("alias base `{base}` is not declared"))
                    .field(field("alias"))
            })?;
            Some((id, *offset))
        }
    };
    vars.declare(&decl.name, decl.class, ty, decl.num_elts, align, alias)
        .map(|_| ())
        .map_err(|e| e.field(field("")))
}

/// Every mnemonic of the instruction documents' Text forms (in IGC's spelling), so an
/// unknown opcode is told apart from a documented one that is not executed yet.
const DOCUMENTED: &[&str] = &[
    "load_3d",
    "load_lz",
    "load_mcs",
    "load_2dms_w",
    "sample_3d",
    "sample_b",
    "sample_l",
    "sample_c",
    "sample_d",
    "sample_b_c",
    "sample_l_c",
    "lod",
    "sample_d_c",
    "sample_lz",
    "sample_c_lz",
    "sample4",
    "sample4_c",
    "sample4_po",
    "sample4_po_c",
    "sample4_b",
    "sample4_l",
    "sample4_i",
    "add3",
    "add3o",
    "addc",
    "addr_add",
    "and",
    "asr",
    "avg",
    "avs",
    "barrier",
    "bfe",
    "bfi",
    "bfn",
    "bfrev",
    "cache_flush",
    "call",
    "cbit",
    "cmp",
    "cos",
    "div",
    "divm",
    "dp4a",
    "dpas",
    "dpasw",
    "dword_atomic",
    "exp",
    "faddr",
    "fbh",
    "fbl",
    "fcall",
    "fccall",
    "fcvt",
    "fence_global",
    "fence_local",
    "fence_sw",
    "file",
    "frc",
    "fret",
    "gather",
    "gather4_scaled",
    "gather4_typed",
    "gather_scaled",
    "goto",
    "ifcall",
    "resinfo",
    "sampleinfo",
    "inv",
    "invm",
    "jmp",
    "label",
    "lifetime",
    "loc",
    "log",
    "lrp",
    "lsc_fence",
    "lsc_load",
    "lsc_load_strided",
    "lsc_load_quad",
    "lsc_load_block2d",
    "lsc_load_status",
    "lsc_store",
    "lsc_store_strided",
    "lsc_store_quad",
    "lsc_store_block2d",
    "lsc_store_uncompressed",
    "lsc_apndctr_atomic_add",
    "lsc_apndctr_atomic_sub",
    "lsc_apndctr_atomic_store",
    "lzd",
    "mad",
    "madw",
    "media_ld",
    "media_st",
    "min",
    "max",
    "mod",
    "movs",
    "mul",
    "mulh",
    "nbarrier",
    "not",
    "or",
    "oword_ld",
    "oword_ld_unaligned",
    "oword_st",
    "plane",
    "pln",
    "pow",
    "qw_gather",
    "qw_scatter",
    "raw_send",
    "raw_sendc",
    "raw_sends",
    "raw_sendsc",
    "raw_sends_eot",
    "raw_sendsc_eot",
    "ret",
    "rndd",
    "rnde",
    "rndu",
    "rndz",
    "rol",
    "ror",
    "rsqrt",
    "rsqtm",
    "rt_read",
    "rt_write",
    "sad2",
    "sad2add",
    "sample_unorm",
    "sbarrier",
    "scatter",
    "scatter4_scaled",
    "scatter4_typed",
    "scatter_scaled",
    "sel",
    "setp",
    "shl",
    "shr",
    "sin",
    "sqrt",
    "sqrtm",
    "srnd",
    "subb",
    "subroutine",
    "svm_atomic",
    "svm_block_ld",
    "svm_block_st",
    "svm_gather",
    "svm_gather4scaled",
    "svm_gather4_scaled",
    "svm_scatter",
    "svm_scatter4scaled",
    "svm_scatter4_scaled",
    "switchjmp",
    "typed_atomic",
    "urb_write",
    "vme_fbr",
    "vme_idm",
    "vme_ime",
    "vme_sic",
    "wait",
    "xor",
    "yield",
];

/// Whether `mnemonic` is an instruction of the documents (executed or not).
pub fn is_documented(mnemonic: &str) -> bool {
    Opcode::from_mnemonic(mnemonic).is_some()
        || DOCUMENTED.contains(&mnemonic)
        || mnemonic.starts_with("lsc_atomic_")
}

/// Validation context of one instruction.
struct Cx<'a> {
    vars: &'a mut Vars,
    platform: Platform,
    readings: &'a Readings,
    pos: Pos,
}

fn invalid_at(pos: Pos, field: &str, message: impl Into<String>) -> VisaError {
    VisaError::invalid(message).at(pos).field(field.to_string())
}

fn src_field(i: usize) -> String {
    format!("src{i}")
}

impl Cx<'_> {
    fn instruction(&mut self, line: &InsnLine) -> Result<Instruction> {
        let opcode = Opcode::from_mnemonic(&line.opcode).filter(|o| o.is_executed());
        let Some(opcode) = opcode else {
            return Err(if is_documented(&line.opcode) {
                VisaError::unsupported(format!(
                    "`{}` is a documented instruction that this version does not execute",
                    line.opcode
                ))
                .field("opcode")
            } else {
                VisaError::invalid(format!("unknown opcode `{}`", line.opcode)).field("opcode")
            });
        };
        let form = forms::form(opcode);
        let sat = self.modifiers(line, &form)?;
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = line
            .pred
            .as_ref()
            .map(|p| self.predicate(p, mask, exec_size))
            .transpose()?;
        let want = 1 + opcode.num_srcs();
        if line.operands.len() != want {
            return Err(VisaError::invalid(format!(
                "`{}` takes {want} operands (dst and {} sources), {} given",
                opcode.mnemonic(),
                opcode.num_srcs(),
                line.operands.len()
            ))
            .field("operands"));
        }
        let dst = self.dst(&line.operands[0], exec_size)?;
        let mut srcs = Vec::new();
        for (i, op) in line.operands[1..].iter().enumerate() {
            let src = self
                .src(op, exec_size, opcode)
                .map_err(|e| e.field(src_field(i)))?;
            srcs.push(src);
        }
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat,
            dst,
            srcs,
        };
        self.types(&insn)?;
        Ok(insn)
    }

    /// `.sat` is the only instruction modifier of the executed instructions.
    fn modifiers(&self, line: &InsnLine, form: &forms::Form) -> Result<bool> {
        let mut sat = false;
        for m in &line.mods {
            match m.as_str() {
                "sat" if !sat && form.takes_sat(self.readings) => sat = true,
                _ => {
                    return Err(VisaError::invalid(format!(
                        "`{}` does not take the modifier `.{m}`",
                        line.opcode
                    ))
                    .field("opcode"))
                }
            }
        }
        Ok(sat)
    }

    /// Execution size and mask control (3_execution_model.md, Execution Mask).
    fn exec(&self, exec: Option<ExecSpec>) -> Result<(MaskControl, u32)> {
        let Some(exec) = exec else {
            return Err(VisaError::invalid("missing execution size `(M1, N)`").field("exec_size"));
        };
        let size = exec.size;
        if ![1, 2, 4, 8, 16, 32].contains(&size) {
            return Err(VisaError::invalid(format!(
                "execution size {size} is not one of 1, 2, 4, 8, 16, 32"
            ))
            .field("exec_size"));
        }
        let mask = exec.mask.unwrap_or(MaskControl::M1);
        if !(1..=8).contains(&mask.group) {
            return Err(
                VisaError::invalid(format!("mask control M{} does not exist", mask.group))
                    .field("exec_size"),
            );
        }
        let offset = mask.offset();
        if offset % size != 0 {
            return Err(VisaError::invalid(format!(
                "mask control M{} (offset {offset}) is not aligned to the execution size {size}",
                mask.group
            ))
            .field("exec_size"));
        }
        // Erratum EMASK-OFFSET-BOUND: the text's ">=" would forbid M1 SIMD32.
        let too_far = if self.readings.is_literal(errata::EMASK_OFFSET_BOUND) {
            offset + size >= 32
        } else {
            offset + size > 32
        };
        if too_far {
            return Err(VisaError::invalid(format!(
                "mask offset {offset} plus execution size {size} passes the 32 channels"
            ))
            .field("exec_size"));
        }
        Ok((mask, size))
    }

    fn var(&mut self, name: &str, pos: Pos, field: &str) -> Result<VarId> {
        self.vars
            .lookup(name)
            .ok_or_else(|| invalid_at(pos, field, format!("`{name}` is not declared")))
    }

    fn predicate(
        &mut self,
        p: &ast::PredRef,
        mask: MaskControl,
        exec_size: u32,
    ) -> Result<Predicate> {
        let id = self.var(&p.name, self.pos, "pred")?;
        let info = self.vars.get(id);
        if info.class != VarClass::Predicate {
            return Err(
                VisaError::invalid(format!("`{}` is not a predicate variable", p.name))
                    .field("pred"),
            );
        }
        if info.num_elts < mask.offset() + exec_size {
            return Err(VisaError::invalid(format!(
                "predicate `{}` has {} elements; the instruction reads elements {}..{}",
                p.name,
                info.num_elts,
                mask.offset(),
                mask.offset() + exec_size
            ))
            .field("pred"));
        }
        Ok(Predicate {
            var: id,
            invert: p.invert,
            combine: p.combine,
        })
    }

    fn dst(&mut self, op: &Operand, exec_size: u32) -> Result<Dst> {
        let f = "dst";
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
                let (row, col) = self.origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                let info = self.vars.get(id);
                if info.read_only {
                    return Err(invalid_at(op.pos, f, format!("`{name}` is read-only")));
                }
                let offsets = (0..exec_size).map(|n| n * hstride);
                self.check_general_bounds(id, row, col, var_ty, offsets, op.pos, f)?;
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

    fn src(&mut self, op: &Operand, exec_size: u32, opcode: Opcode) -> Result<Src> {
        let f = "src";
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
                check_modifier(*modifier, op.pos, forms::form(opcode).modifiers)?;
                let region = src_region(region, exec_size, op.pos)?;
                let (row, col) = self.origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                let offsets = lanes(exec_size, region);
                self.check_general_bounds(id, row, col, var_ty, offsets, op.pos, f)?;
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
                check_modifier(*modifier, op.pos, forms::form(opcode).modifiers)?;
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
                    if addr_sub + rows > elts {
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

    fn pred_src(&mut self, id: VarId, op: &Operand, opcode: Opcode) -> Result<Src> {
        if opcode != Opcode::Mov {
            return Err(invalid_at(
                op.pos,
                "src",
                "only MOV reads a predicate as a source",
            ));
        }
        Ok(Src::Predicate { var: id })
    }

    /// `(R,C)` of a general operand: the column may not leave the row
    /// (5_operands.md, General Operands).
    fn origin(&self, id: VarId, origin: &[u32], pos: Pos, f: &str) -> Result<(u32, u32)> {
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

    fn row_size(&self) -> usize {
        if self.readings.is_literal(errata::GRF_ROW_SIZE) {
            32
        } else {
            self.platform.grf_size()
        }
    }

    /// The type of a general operand: its variable's, which a written `:type` must repeat.
    fn general_type(
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

    /// Every element a general operand touches lies inside its variable (5_operands.md:
    /// out-of-bound access is undefined) and, under the literal reading of
    /// REGION-TWO-GRF-SPAN, within two adjacent GRFs.
    #[allow(clippy::too_many_arguments)]
    fn check_general_bounds(
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

    #[allow(clippy::too_many_arguments)]
    fn indirect(
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

    /// The instruction's type maps (its document's Operand type maps, [`forms`]), and MOV's
    /// predicate source (instructions/MOV.md, Notes).
    fn types(&self, insn: &Instruction) -> Result<()> {
        let dst = insn.dst.ty();
        if let [Src::Predicate { var }] = insn.srcs.as_slice() {
            let bits = self.vars.get(*var).num_elts;
            if insn.opcode != Opcode::Mov {
                return Err(
                    VisaError::invalid("only MOV reads a predicate as a source").field("src0")
                );
            }
            if insn.exec_size != 1 || insn.pred.is_some() || insn.sat {
                return Err(VisaError::invalid(
                    "MOV from a predicate has execution size 1, no predicate and no saturation",
                )
                .field("src0"));
            }
            if !matches!(dst, DataType::UB | DataType::UW | DataType::UD) || dst.bits() < bits {
                return Err(VisaError::invalid(format!(
                    "MOV from a {bits}-element predicate needs a UB, UW or UD destination of at least {bits} bits"
                ))
                .field("dst"));
            }
            return Ok(());
        }
        if insn.srcs.iter().any(|s| matches!(s, Src::Predicate { .. })) {
            return Err(VisaError::invalid("only MOV reads a predicate as a source").field("src"));
        }
        let form = forms::form(insn.opcode);
        let srcs: Vec<DataType> = insn.srcs.iter().map(|s| exec_type(s.ty())).collect();
        if insn.sat && form.sat == forms::Sat::FloatOnly && !dst.is_float() {
            return Err(VisaError::invalid(format!(
                "{} saturates only a float destination",
                insn.opcode.mnemonic()
            ))
            .field("opcode"));
        }
        if forms::admits(&form, self.platform, self.readings, dst, &srcs) {
            return self.instruction_rules(insn, &srcs);
        }
        let list: Vec<String> = srcs.iter().map(|t| t.to_string()).collect();
        Err(VisaError::invalid(format!(
            "{} has no type map for sources {} and destination {dst} on {}",
            insn.opcode.mnemonic().to_ascii_uppercase(),
            list.join(", "),
            self.platform
        ))
        .field("dst"))
    }
}

impl Cx<'_> {
    /// Legality rules of single instructions beyond their forms (each document's Notes).
    fn instruction_rules(&self, insn: &Instruction, srcs: &[DataType]) -> Result<()> {
        let dst = insn.dst.ty();
        // The operand count was checked before: every instruction here has a src0.
        let src0 = srcs.first().copied().unwrap_or(dst);
        let name = insn.opcode.mnemonic().to_ascii_uppercase();
        match insn.opcode {
            // Erratum ROTATE-WIDTH: the rotation width is the destination's; src0 has its size.
            Opcode::Rol | Opcode::Ror if src0.size() != dst.size() => {
                Err(VisaError::invalid(format!(
                    "{name} rotates within its destination type {dst}: src0 ({src0}) must have the same size (erratum {})",
                    errata::ROTATE_WIDTH
                ))
                .field("src0"))
            }
            // instructions/BFE.md, BFI.md, Notes (Restriction).
            Opcode::Bfe | Opcode::Bfi if insn.exec_size == 2 => Err(VisaError::invalid(format!(
                "{name} does not take execution size 2"
            ))
            .field("exec_size")),
            Opcode::Bfe | Opcode::Bfi => self.bitfield_alignment(insn, &name),
            // Erratum ASR-SIGNED-OPERANDS, literal reading: the Notes' signed dst and src0.
            Opcode::Asr
                if self.readings.is_literal(errata::ASR_SIGNED_OPERANDS)
                    && !(dst.is_signed_integer() && src0.is_signed_integer()) =>
            {
                Err(VisaError::invalid(format!(
                    "ASR takes a signed dst and src0 (erratum {}, literal reading)",
                    errata::ASR_SIGNED_OPERANDS
                ))
                .field("dst"))
            }
            // Erratum ADD3-IMMEDIATE-WIDTH, literal reading: immediate16 operands.
            Opcode::Add3 if self.readings.is_literal(errata::ADD3_IMMEDIATE_WIDTH) => {
                match insn.srcs.iter().position(|s| {
                    matches!(s, Src::Imm { .. }) && exec_type(s.ty()).size() != 2
                }) {
                    Some(k) => Err(VisaError::invalid(format!(
                        "ADD3 immediates are 16-bit (erratum {}, literal reading)",
                        errata::ADD3_IMMEDIATE_WIDTH
                    ))
                    .field(src_field(k))),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// Erratum BFE-BFI-ALIGNMENT, literal reading: with an execution size above 1, every
    /// register operand starts 16-byte aligned in the register file.
    fn bitfield_alignment(&self, insn: &Instruction, name: &str) -> Result<()> {
        if insn.exec_size == 1 || !self.readings.is_literal(errata::BFE_BFI_ALIGNMENT) {
            return Ok(());
        }
        let start = |var: VarId, row: u32, col: u32, ty: DataType| {
            let base = self.vars.get(var).grf_offset.unwrap_or(0);
            base + (row as usize * (self.row_size() / ty.size()) + col as usize) * ty.size()
        };
        let mut operands = Vec::new();
        if let Dst::General {
            var, row, col, ty, ..
        } = &insn.dst
        {
            operands.push(("dst".to_string(), start(*var, *row, *col, *ty)));
        }
        for (k, src) in insn.srcs.iter().enumerate() {
            if let Src::General {
                var, row, col, ty, ..
            } = src
            {
                operands.push((src_field(k), start(*var, *row, *col, *ty)));
            }
        }
        match operands.into_iter().find(|(_, at)| at % 16 != 0) {
            Some((field, at)) => Err(VisaError::invalid(format!(
                "{name} operands start 16-byte aligned; {field} starts at register byte {at} (erratum {}, literal reading)",
                errata::BFE_BFI_ALIGNMENT
            ))
            .field(field)),
            None => Ok(()),
        }
    }
}

/// The type an operand takes part in execution with: packed immediates count as their
/// element type (2_datatypes.md, Type Conversion).
pub fn exec_type(t: DataType) -> DataType {
    match t {
        DataType::V => DataType::W,
        DataType::UV => DataType::UW,
        DataType::VF => DataType::F,
        other => other,
    }
}

/// A source modifier the instruction's Properties allow ("Source Modifier").
fn check_modifier(m: Option<SrcModifier>, pos: Pos, allowed: forms::Modifiers) -> Result<()> {
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

fn dst_hstride(region: &Option<RegionSyntax>, pos: Pos) -> Result<u32> {
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

fn src_region(region: &Option<RegionSyntax>, exec_size: u32, pos: Pos) -> Result<Region> {
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
fn check_src_region(r: Region, exec_size: u32, pos: Pos) -> Result<()> {
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
fn lanes(exec_size: u32, r: Region) -> impl Iterator<Item = u32> {
    (0..exec_size / r.width)
        .flat_map(move |i| (0..r.width).map(move |j| i * r.vstride + j * r.hstride))
}

/// Checks the invariants [`validate`] establishes on an IR program built by other means
/// (by hand, by a fuzzer): variable ids in range and of the right class, execution size and
/// mask control, legal regions inside their variables, and the instruction's type map.
/// Both engines call it before executing, so neither ever sees a malformed program.
pub fn check_program(program: &Program, readings: &Readings) -> Result<()> {
    let vars = &program.vars;
    let in_range = |id: VarId| (id.0 as usize) < vars.len();
    for insn in &program.insns {
        let fail = |m: String| Err(VisaError::invalid(m).at(insn.pos));
        if !insn.opcode.is_executed() {
            return Err(VisaError::unsupported(format!(
                "`{}` is a documented instruction that this version does not execute",
                insn.opcode.mnemonic()
            ))
            .at(insn.pos));
        }
        if insn.srcs.len() != insn.opcode.num_srcs() {
            return fail(format!(
                "{} has {} sources",
                insn.opcode.mnemonic(),
                insn.srcs.len()
            ));
        }
        if ![1, 2, 4, 8, 16, 32].contains(&insn.exec_size)
            || !(1..=8).contains(&insn.mask.group)
            || insn.mask.offset() % insn.exec_size != 0
            || insn.mask.offset() + insn.exec_size > 32
        {
            return fail(format!(
                "execution size {} with mask control M{} is not valid",
                insn.exec_size, insn.mask.group
            ));
        }
        if let Some(p) = &insn.pred {
            if !in_range(p.var) || vars.get(p.var).class != VarClass::Predicate {
                return fail("the predicate is not a predicate variable".to_string());
            }
        }
        let cx = Cx {
            vars: &mut vars.clone(),
            platform: program.platform,
            readings,
            pos: insn.pos,
        };
        match &insn.dst {
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
                cx.origin(*var, &[*row, *col], insn.pos, "dst")?;
                let offsets = (0..insn.exec_size).map(|n| n * hstride);
                cx.check_general_bounds(*var, *row, *col, *ty, offsets, insn.pos, "dst")?;
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
        }
        let form = forms::form(insn.opcode);
        if insn.sat && !form.takes_sat(readings) {
            return fail(format!("{} does not saturate", insn.opcode.mnemonic()));
        }
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
                    cx.origin(*var, &[*row, *col], insn.pos, "src")?;
                    let offsets = lanes(insn.exec_size, *region);
                    cx.check_general_bounds(*var, *row, *col, *ty, offsets, insn.pos, "src")?;
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
                        || addr_sub + rows > vars.get(*addr).num_elts
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
            }
        }
        cx.types(insn).map_err(|e| e.at(insn.pos))?;
    }
    Ok(())
}

/// The state must have been made for the program's variables ([`MachineState::new`]).
pub fn check_state(program: &Program, state: &MachineState) -> Result<()> {
    let n = program.vars.len();
    if state.grf.len() < program.vars.grf_bytes()
        || state.preds.len() < n
        || state.addrs.len() < n
        || state.handles.len() < n
    {
        return Err(VisaError::invalid(
            "the machine state was not made for this program's variables (MachineState::new)",
        ));
    }
    Ok(())
}

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
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Predicate, Program, Region, RelOp, Src};
use crate::platform::Platform;
use crate::state::{MachineState, VarId, Vars, NULL};
use crate::types::{exec_type, DataType};

mod dpas;
pub(crate) mod lsc;
mod svm;
pub use dpas::rules as dpas_rules;
pub use lsc::block2d::is_block2d;
pub use lsc::gather_scatter::is_lsc as lsc_forms_is_lsc;
pub use lsc::gather_scatter::rules as lsc_rules;
pub use svm::{extents as svm_extents, rules as svm_rules, svm_ctrl};

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
    "lsc_store",
    "lsc_store_strided",
    "lsc_store_quad",
    "lsc_store_block2d",
    "lsc_store_uncompressed",
    "lsc_apndctr_atomic_store",
    "lsc_read_surface_info",
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

/// The one error helper of validation: an `invalid-instruction` error in `field`.
pub(crate) fn invalid(field: &str, message: impl Into<String>) -> VisaError {
    VisaError::invalid(message).field(field.to_string())
}

fn invalid_at(pos: Pos, field: &str, message: impl Into<String>) -> VisaError {
    invalid(field, message).at(pos)
}

fn src_field(i: usize) -> String {
    format!("src{i}")
}

impl Cx<'_> {
    fn instruction(&mut self, line: &InsnLine) -> Result<Instruction> {
        let Some(opcode) = Opcode::from_mnemonic(&line.opcode) else {
            // LSC_TYPED's `lsc_read_surface_info` (sub-op 0x1E) has operands but no result
            // layout in any document: the typed load form is checked, then `unsupported`.
            if line.opcode == crate::ir::lsc_typed::READ_SURFACE_INFO {
                let (mask, exec_size) = self.exec(line.exec)?;
                if let Some(p) = &line.pred {
                    self.predicate(p, mask, exec_size)?;
                }
                lsc::gather_scatter::check_platform(self.platform, &line.opcode)?;
                lsc::typed::check_read_surface_info(line, exec_size, self.vars, self.platform)?;
            }
            // LSC gather/scatter forms validate fully, then report `unsupported`.
            if lsc::untyped::is_checked_untyped(&line.opcode) {
                let (mask, exec_size) = self.exec(line.exec)?;
                if let Some(p) = &line.pred {
                    self.predicate(p, mask, exec_size)?;
                }
                lsc::untyped::check_untyped(line, exec_size, self.vars, self.platform)?;
            }
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
        if lsc::block2d::is_block2d(opcode) {
            return self.block2d_instruction(line, opcode);
        }
        if opcode == Opcode::LscFence {
            return self.fence_instruction(line);
        }
        if opcode.is_svm() {
            return self.svm_instruction(line, opcode);
        }
        if lsc::apndctr::is_apndctr(opcode) {
            return self.apndctr_instruction(line, opcode);
        }
        if lsc::gather_scatter::is_lsc(opcode) {
            return self.lsc_instruction(line, opcode);
        }
        if matches!(opcode, Opcode::Dpas | Opcode::Dpasw) {
            return self.dpas_instruction(line, opcode);
        }
        let form = forms::form(opcode);
        let (sat, ctrl) = self.modifiers(line, &form)?;
        let (mask, exec_size) = self.exec(line.exec)?;
        // ADD3O's `(<P>)` is its overflow destination (instructions/ADD3O.md, Pred); CMP,
        // SETP, ADDR_ADD and MOVS take no predication (their Notes and Text forms).
        let mut dst2 = None;
        let pred = match (&line.pred, opcode) {
            (None, Opcode::Add3o) => {
                return Err(VisaError::invalid(
                    "ADD3O writes its overflow bits to `(<P>)`, which is missing",
                )
                .field("pred"))
            }
            (Some(p), Opcode::Add3o) => {
                dst2 = Some(self.overflow_predicate(p, mask, exec_size)?);
                None
            }
            (Some(_), Opcode::Cmp | Opcode::Setp | Opcode::AddrAdd | Opcode::Movs) => {
                return Err(VisaError::invalid(format!(
                    "{} takes no predicate",
                    opcode.mnemonic().to_ascii_uppercase()
                ))
                .field("pred"))
            }
            // instructions/MIN_MAX.md: neither the Format nor the Text form has a predicate.
            (Some(_), Opcode::Min | Opcode::Max) => {
                return Err(VisaError::invalid(format!(
                    "{} takes no predicate",
                    opcode.mnemonic().to_ascii_uppercase()
                ))
                .field("pred"))
            }
            (Some(p), _) => Some(self.predicate(p, mask, exec_size)?),
            (None, _) => None,
        };
        let num_dsts = if matches!(opcode, Opcode::Addc | Opcode::Subb) {
            2
        } else {
            1
        };
        let want = num_dsts + opcode.num_srcs();
        if line.operands.len() != want {
            return Err(VisaError::invalid(format!(
                "`{}` takes {want} operands ({} and {} sources), {} given",
                opcode.mnemonic(),
                if num_dsts == 2 {
                    "dst, a second destination"
                } else {
                    "dst"
                },
                opcode.num_srcs(),
                line.operands.len()
            ))
            .field("operands"));
        }
        let dst = self.dst(&line.operands[0], exec_size, opcode, mask)?;
        if num_dsts == 2 {
            let field = if opcode == Opcode::Addc {
                "carry"
            } else {
                "borrow"
            };
            let carry = self
                .dst(&line.operands[1], exec_size, opcode, mask)
                .map_err(|e| e.field(field))?;
            dst2 = Some(carry);
        }
        let mut srcs = Vec::new();
        for (i, op) in line.operands[num_dsts..].iter().enumerate() {
            let src = self.src(op, exec_size, opcode, i).map_err(|mut e| {
                // Name the source: `src0`, not the generic `src` of the operand checks.
                if e.field.as_deref().is_none_or(|f| f == "src") {
                    e.field = Some(src_field(i));
                }
                e
            })?;
            srcs.push(src);
        }
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat,
            ctrl,
            dst,
            dst2,
            srcs,
        };
        operand_classes(&insn, self.vars)?;
        self.types(&insn)?;
        Ok(insn)
    }

    /// `.sat`, CMP's relational operator (`cmp.eq`) and BFN's function (`bfn.xd8`).
    fn modifiers(&self, line: &InsnLine, form: &forms::Form) -> Result<(bool, Ctrl)> {
        let mut sat = false;
        let mut ctrl = Ctrl::None;
        let opcode = form.opcode;
        for m in &line.mods {
            let rel = RelOp::from_name(m).filter(|_| opcode == Opcode::Cmp);
            let bfn = m
                .strip_prefix('x')
                .filter(|_| opcode == Opcode::Bfn)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            match (m.as_str(), rel, bfn) {
                ("sat", _, _) if !sat && form.takes_sat(self.readings) => sat = true,
                (_, Some(r), _) if ctrl == Ctrl::None => ctrl = Ctrl::Rel(r),
                (_, _, Some(x)) if ctrl == Ctrl::None => ctrl = Ctrl::Bfn(x),
                _ => {
                    return Err(VisaError::invalid(format!(
                        "`{}` does not take the modifier `.{m}`",
                        line.opcode
                    ))
                    .field("opcode"))
                }
            }
        }
        match (opcode, ctrl) {
            (Opcode::Cmp, Ctrl::None) => Err(VisaError::invalid(
                "CMP needs a relational operator: `cmp.eq`, `.ne`, `.gt`, `.ge`, `.lt` or `.le`",
            )
            .field("opcode")),
            (Opcode::Bfn, Ctrl::None) => Err(VisaError::invalid(
                "BFN needs its function table: `bfn.x<HEX>`, e.g. `bfn.xd8`",
            )
            .field("opcode")),
            _ => Ok((sat, ctrl)),
        }
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

    fn dst(
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

    fn src(&mut self, op: &Operand, exec_size: u32, opcode: Opcode, k: usize) -> Result<Src> {
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

    /// The declared class of the variable an operand names, when it names one.
    fn class_of(&mut self, op: &Operand) -> Option<(VarId, VarClass)> {
        let name = match &op.kind {
            OperandKind::Var { name, .. } | OperandKind::Name(name) => name,
            _ => return None,
        };
        let id = self.vars.lookup(name)?;
        Some((id, self.vars.get(id).class))
    }

    /// `A(sub)` or `T(sub)`: the element origin of an address or state operand, and that
    /// `exec_size` elements from it exist.
    fn element_origin(&self, id: VarId, op: &Operand, exec_size: u32, f: &str) -> Result<u32> {
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
        if sub + exec_size > info.num_elts {
            return Err(invalid_at(
                op.pos,
                f,
                format!(
                    "`{}` has {} elements; the instruction uses elements {sub}..{}",
                    info.name,
                    info.num_elts,
                    sub + exec_size
                ),
            ));
        }
        Ok(sub)
    }

    /// A predicate, address or state destination (CMP and SETP, ADDR_ADD, MOVS); `None`
    /// for a register-file destination.
    fn variable_dst(
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
                if matches!(&op.kind, OperandKind::Var { origin, region, modifier, ty, .. }
                    if !origin.is_empty() || region.is_some() || modifier.is_some() || ty.is_some())
                {
                    return Err(invalid_at(
                        op.pos,
                        f,
                        format!("a predicate destination is written `{name}`"),
                    ));
                }
                self.predicate_elements(id, mask, exec_size, f)?;
                Ok(Some(Dst::Predicate { var: id }))
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

    /// ADDR_ADD's src0 (address, address-of or a general operand `V(R,C)<0;1,0>`, whose
    /// byte address it takes) and MOVS's state source; `None` for the other operands.
    fn variable_src(
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
                let (row, col) = self.origin(id, origin, op.pos, f)?;
                let var_ty = self.general_type(id, *ty, op.pos, f)?;
                // The element's byte offset must lie inside the variable.
                let bytes = self.vars.get(id).byte_size();
                let offset = (row as usize)
                    .checked_mul(self.row_size())
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

    /// A predicate variable covering channels `mask offset .. mask offset + exec_size`.
    fn predicate_elements(
        &self,
        id: VarId,
        mask: MaskControl,
        exec_size: u32,
        f: &str,
    ) -> Result<()> {
        let info = self.vars.get(id);
        if info.num_elts < mask.offset() + exec_size {
            return Err(VisaError::invalid(format!(
                "predicate `{}` has {} elements; the instruction uses elements {}..{}",
                info.name,
                info.num_elts,
                mask.offset(),
                mask.offset() + exec_size
            ))
            .field(f));
        }
        Ok(())
    }

    /// ADD3O's `(<P>)`: a plain predicate variable receiving the overflow bits.
    fn overflow_predicate(
        &mut self,
        p: &ast::PredRef,
        mask: MaskControl,
        exec_size: u32,
    ) -> Result<Dst> {
        let id = self.var(&p.name, self.pos, "pred")?;
        if self.vars.get(id).class != VarClass::Predicate {
            return Err(
                VisaError::invalid(format!("`{}` is not a predicate variable", p.name))
                    .field("pred"),
            );
        }
        if p.invert || p.combine != ast::PredCombine::None {
            return Err(VisaError::invalid(
                "ADD3O's overflow predicate is written `(P)`, without `!`, `.any` or `.all`",
            )
            .field("pred"));
        }
        self.predicate_elements(id, mask, exec_size, "pred")?;
        Ok(Dst::Predicate { var: id })
    }

    fn pred_src(&mut self, id: VarId, op: &Operand, opcode: Opcode) -> Result<Src> {
        if !(opcode == Opcode::Mov || is_logic(opcode)) {
            return Err(invalid_at(
                op.pos,
                "src",
                "only MOV and the logic instructions read a predicate as a source",
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
        if is_logic(insn.opcode) && matches!(insn.dst, Dst::Predicate { .. }) {
            // The predicate-operand form (checked by operand_classes).
            return Ok(());
        }
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
            return Err(VisaError::invalid(
                "only MOV and the logic instructions (with a predicate destination) read a predicate as a source",
            )
            .field("src"));
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
        if let Some(carry) = &insn.dst2 {
            if carry.is_register() && carry.ty() != DataType::UD {
                return Err(VisaError::invalid(format!(
                    "{}'s second destination has type UD, not {}",
                    insn.opcode.mnemonic().to_ascii_uppercase(),
                    carry.ty()
                ))
                .field("dst"));
            }
        }
        // CMP into a predicate: the sources of any of its maps (instructions/CMP.md).
        let admitted = if matches!(insn.dst, Dst::Predicate { .. }) && insn.opcode == Opcode::Cmp {
            forms::admits_sources(&form, self.platform, self.readings, &srcs)
        } else {
            forms::admits(&form, self.platform, self.readings, dst, &srcs)
        };
        if admitted {
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
            // Erratum ROTATE-WIDTH: the rotation width is the destination's; src0 has its size
            // (the literal reading takes src0's width and any sizes).
            Opcode::Rol | Opcode::Ror
                if src0.size() != dst.size()
                    && !self.readings.is_literal(errata::ROTATE_WIDTH) =>
            {
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
            // instructions/ADD3O.md: src2 alone is immediate16 (erratum ADD3-IMMEDIATE-WIDTH).
            Opcode::Add3o if self.readings.is_literal(errata::ADD3_IMMEDIATE_WIDTH) => {
                match insn.srcs.get(2) {
                    Some(s @ Src::Imm { .. }) if exec_type(s.ty()).size() != 2 => {
                        Err(VisaError::invalid(format!(
                            "ADD3O's src2 immediate is 16-bit (erratum {}, literal reading)",
                            errata::ADD3_IMMEDIATE_WIDTH
                        ))
                        .field("src2"))
                    }
                    _ => Ok(()),
                }
            }
            Opcode::Madw => self.madw_rules(insn),
            // Erratum SAD2-EXEC-SIZE: the pair (0, 1) needs two channels.
            Opcode::Sad2 | Opcode::Sad2add if insn.exec_size == 1 => {
                Err(VisaError::invalid(format!(
                    "{name} works on pairs of channels: execution size 1 is invalid (erratum {})",
                    errata::SAD2_EXEC_SIZE
                ))
                .field("exec_size"))
            }
            Opcode::AddrAdd => self.addr_add_rules(insn),
            Opcode::Movs => movs_rules(insn),
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
            // instructions/CMP.md, Notes: with float sources a general destination has their
            // type.
            Opcode::Cmp
                if insn.dst.is_register()
                    && srcs.iter().any(|t| t.is_float())
                    && srcs.iter().any(|t| *t != dst) =>
            {
                Err(VisaError::invalid(format!(
                    "CMP of float sources writes a general destination of their type, not {dst}"
                ))
                .field("dst"))
            }
            // Erratum SETP-MASK-CONTROL, literal reading: the Notes' mask controls.
            Opcode::Setp
                if self.readings.is_literal(errata::SETP_MASK_CONTROL)
                    && !(insn.mask.no_mask
                        && (insn.mask.group == 1
                            || (insn.mask.group == 5 && insn.exec_size < 32))) =>
            {
                Err(VisaError::invalid(format!(
                    "SETP runs under M1_NM, or M5_NM below execution size 32 (erratum {}, literal reading)",
                    errata::SETP_MASK_CONTROL
                ))
                .field("exec_size"))
            }
            // Erratum BFN-IMMEDIATE-WIDTH, literal reading: immediate16 operands.
            Opcode::Bfn if self.readings.is_literal(errata::BFN_IMMEDIATE_WIDTH) => {
                match insn.srcs.iter().position(|s| {
                    matches!(s, Src::Imm { .. }) && exec_type(s.ty()).size() != 2
                }) {
                    Some(k) => Err(VisaError::invalid(format!(
                        "BFN immediates are 16-bit (erratum {}, literal reading)",
                        errata::BFN_IMMEDIATE_WIDTH
                    ))
                    .field(src_field(k))),
                    None => Ok(()),
                }
            }
            // Erratum MUL-PLATFORM-NOTES, literal reading: the Notes' platform limits.
            Opcode::Mul if self.readings.is_literal(errata::MUL_PLATFORM_NOTES) => {
                let byte_source = srcs.iter().position(|t| t.size() == 1);
                match byte_source {
                    Some(k) if self.platform.is_pvc_plus() => Err(VisaError::invalid(format!(
                        "MUL takes no byte source on {} (erratum {}, literal reading)",
                        self.platform,
                        errata::MUL_PLATFORM_NOTES
                    ))
                    .field(src_field(k))),
                    _ if matches!(dst, DataType::Q | DataType::UQ) && !self.platform.is_pvc_plus() => {
                        Err(VisaError::invalid(format!(
                            "MUL has no 64-bit product on {} (erratum {}, literal reading)",
                            self.platform,
                            errata::MUL_PLATFORM_NOTES
                        ))
                        .field("dst"))
                    }
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// instructions/MADW.md: execution sizes up to 16 (16 from PVC on), a GRF-aligned
    /// destination, and both halves of the result inside the destination variable (erratum
    /// MADW-HIGH-HALF places the high halves).
    fn madw_rules(&self, insn: &Instruction) -> Result<()> {
        let n = insn.exec_size;
        if n > 16 || (n == 16 && !self.platform.is_pvc_plus()) {
            return Err(VisaError::invalid(format!(
                "MADW's execution size is at most {} on {}",
                if self.platform.is_pvc_plus() { 16 } else { 8 },
                self.platform
            ))
            .field("exec_size"));
        }
        let Dst::General {
            var,
            row,
            col,
            hstride,
            ty,
        } = &insn.dst
        else {
            // An indirect destination's alignment is checked when its address is known.
            return Ok(());
        };
        let grf = self.platform.grf_size();
        let base = self.vars.get(*var).grf_offset.unwrap_or(0);
        let origin = base + *row as usize * self.row_size() + *col as usize * ty.size();
        if !origin.is_multiple_of(grf) {
            return Err(VisaError::invalid(format!(
                "MADW's destination must be GRF aligned; it starts at register byte {origin} ({grf}-byte GRFs)"
            ))
            .field("dst"));
        }
        let high = crate::ir::alu::madw_high_half_offset(n, *hstride, grf, self.readings);
        let first = (high / ty.size()) as u32;
        let offsets = (0..n).map(|i| first + i * hstride);
        self.check_general_bounds(*var, *row, *col, *ty, offsets, self.pos, "dst")
    }

    /// instructions/ADDR_ADD.md: src1 is a general or immediate operand; src0 is not a
    /// pre-defined variable, except the two the Notes name (erratum ADDR-ADD-PREDEFINED).
    fn addr_add_rules(&self, insn: &Instruction) -> Result<()> {
        if matches!(insn.srcs.get(1), Some(Src::Indirect { .. })) {
            return Err(
                VisaError::invalid("ADDR_ADD's src1 is a general or immediate operand")
                    .field("src1"),
            );
        }
        let Some(Src::AddrOf { var, .. }) = insn.srcs.first() else {
            return Ok(());
        };
        let info = self.vars.get(*var);
        if !info.predefined {
            return Ok(());
        }
        let exceptions: [&str; 2] = if self.readings.is_literal(errata::ADDR_ADD_PREDEFINED) {
            // V13 and V14 of 4_visa_header.md's table.
            ["%sr0", "%cr0"]
        } else {
            ["%arg", "%retval"]
        };
        if exceptions.contains(&info.name.as_str()) {
            return Ok(());
        }
        Err(VisaError::invalid(format!(
            "ADDR_ADD's src0 cannot be the pre-defined variable `{}` (only {} and {}; erratum {})",
            info.name,
            exceptions[0],
            exceptions[1],
            errata::ADDR_ADD_PREDEFINED
        ))
        .field("src0"))
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

/// AND, OR, XOR and NOT: the instructions with a predicate-operand form.
pub fn is_logic(op: Opcode) -> bool {
    matches!(op, Opcode::And | Opcode::Or | Opcode::Xor | Opcode::Not)
}

/// instructions/MOVS.md, Notes: exec_size contiguous elements are copied, so a general or
/// indirect operand addresses exactly the elements from its origin (erratum
/// MOVS-CONTIGUOUS); the destination is a state or general operand.
fn movs_rules(insn: &Instruction) -> Result<()> {
    let n = insn.exec_size;
    let contiguous = |r: &Region| lanes(n, *r).zip(0..n).all(|(o, k)| o == k);
    let bad = |field: &str, what: &str| {
        Err(VisaError::invalid(format!(
            "MOVS copies {n} contiguous elements: {what} (erratum {})",
            errata::MOVS_CONTIGUOUS
        ))
        .field(field.to_string()))
    };
    match &insn.dst {
        Dst::Indirect { .. } => {
            return Err(
                VisaError::invalid("MOVS's destination is a state or general operand").field("dst"),
            )
        }
        Dst::General { hstride, .. } if n > 1 && *hstride != 1 => {
            return bad("dst", "the destination stride must be 1")
        }
        _ => {}
    }
    match insn.srcs.first() {
        Some(Src::General { region, .. })
        | Some(Src::Indirect {
            region,
            multi: false,
            ..
        }) if !contiguous(region) => bad(
            "src0",
            "the source region must read elements 0, 1, ... in order",
        ),
        Some(Src::Indirect { multi: true, .. }) if n > 1 => {
            bad("src0", "a multi-address source is not contiguous")
        }
        _ => Ok(()),
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
        // Elements `sub .. sub + exec_size` of an address variable, or of a surface or
        // sampler variable.
        let elements_in = |var: VarId, sub: u32, address: bool| {
            let want = if address {
                [VarClass::Address, VarClass::Address]
            } else {
                [VarClass::Surface, VarClass::Sampler]
            };
            in_range(var)
                && want.contains(&vars.get(var).class)
                && sub + insn.exec_size <= vars.get(var).num_elts
        };
        if insn.opcode.is_svm() {
            svm::rules(insn, vars, program.platform, readings).map_err(|e| e.at(insn.pos))?;
            continue;
        }
        if matches!(insn.opcode, Opcode::Dpas | Opcode::Dpasw) {
            dpas::rules(insn, vars, program.platform, readings).map_err(|e| e.at(insn.pos))?;
            continue;
        }
        if insn.opcode == Opcode::LscFence {
            lsc::fence::fence_rules(insn, program.platform).map_err(|e| e.at(insn.pos))?;
            continue;
        }
        if lsc::block2d::is_block2d(insn.opcode) || matches!(insn.ctrl, Ctrl::Block2d(_)) {
            lsc::block2d::rules(insn, vars, program.platform, readings)
                .map_err(|e| e.at(insn.pos))?;
            continue;
        }
        if lsc::gather_scatter::is_lsc(insn.opcode) || matches!(insn.ctrl, Ctrl::Lsc(_)) {
            lsc::gather_scatter::rules(insn, vars, program.platform).map_err(|e| e.at(insn.pos))?;
            continue;
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
                Dst::Predicate { var } => {
                    if !in_range(*var) || vars.get(*var).class != VarClass::Predicate {
                        return fail(
                            "the predicate destination is not a predicate variable".to_string(),
                        );
                    }
                    cx.predicate_elements(*var, insn.mask, insn.exec_size, "dst")?;
                }
                Dst::Address { var, sub } | Dst::State { var, sub } => {
                    let address = matches!(dst, Dst::Address { .. });
                    if !elements_in(*var, *sub, address) {
                        return fail("the address or state destination is malformed".to_string());
                    }
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
        operand_classes(insn, vars).map_err(|e| e.at(insn.pos))?;
        cx.types(insn).map_err(|e| e.at(insn.pos))?;
    }
    Ok(())
}

/// Which operand kinds an instruction takes (each document's operand classes and Notes):
/// predicate destinations for CMP and SETP, ADD3O's overflow predicate, ADDC's carry and
/// SUBB's borrow, ADDR_ADD's address operands, MOVS's state operands, MOV's predicate
/// source, CMP's relational operator and BFN's table.
fn operand_classes(insn: &Instruction, vars: &Vars) -> Result<()> {
    let op = insn.opcode;
    let name = op.mnemonic().to_ascii_uppercase();
    let bad = |field: &str, m: String| Err(VisaError::invalid(m).field(field.to_string()));
    let register = |d: &Dst| d.is_register();
    let dst_ok = match (&insn.dst, op) {
        (Dst::Predicate { .. }, Opcode::Cmp | Opcode::Setp) => true,
        (Dst::Predicate { .. }, _) if is_logic(op) => true,
        (_, Opcode::Setp) => false,
        (Dst::Address { .. }, Opcode::AddrAdd) => true,
        (_, Opcode::AddrAdd) => false,
        (Dst::State { .. }, Opcode::Movs) => true,
        (d, _) => register(d),
    };
    if !dst_ok {
        return bad(
            "dst",
            format!("{name} cannot write this kind of destination"),
        );
    }
    match (&insn.dst2, op) {
        (Some(Dst::Predicate { .. }), Opcode::Add3o) => {}
        (Some(d), Opcode::Addc | Opcode::Subb) if register(d) => {}
        (None, Opcode::Add3o | Opcode::Addc | Opcode::Subb) => {
            return bad("dst", format!("{name} needs its second destination"))
        }
        (None, _) => {}
        (Some(_), _) => return bad("dst", format!("{name} has one destination")),
    }
    if insn.pred.is_some()
        && matches!(
            op,
            Opcode::Cmp | Opcode::Setp | Opcode::AddrAdd | Opcode::Movs | Opcode::Add3o
        )
    {
        return bad("pred", format!("{name} takes no predicate"));
    }
    if insn.pred.is_some() && matches!(op, Opcode::Min | Opcode::Max) {
        return bad("pred", format!("{name} takes no predicate"));
    }
    for (k, src) in insn.srcs.iter().enumerate() {
        let ok = match src {
            Src::Address { .. } | Src::AddrOf { .. } => op == Opcode::AddrAdd && k == 0,
            Src::State { .. } => op == Opcode::Movs,
            Src::Predicate { .. } => op == Opcode::Mov || is_logic(op),
            _ => !(op == Opcode::AddrAdd && k == 0),
        };
        if !ok {
            return bad(
                &src_field(k),
                format!("{name} cannot take this kind of src{k}"),
            );
        }
    }
    // instructions/AND.md (OR, XOR, NOT), Notes: in the predicate-operand form every
    // operand is a predicate and there is no predication.
    let pred_dst = matches!(insn.dst, Dst::Predicate { .. });
    if is_logic(op) {
        let pred_srcs = insn
            .srcs
            .iter()
            .filter(|s| matches!(s, Src::Predicate { .. }))
            .count();
        if pred_dst || pred_srcs > 0 {
            if !pred_dst || pred_srcs != insn.srcs.len() {
                return bad(
                    "dst",
                    format!("{name} on predicates takes predicates for every operand"),
                );
            }
            if insn.pred.is_some() {
                return bad("pred", format!("{name} on predicates takes no predicate"));
            }
            for (k, src) in insn.srcs.iter().enumerate() {
                if let Src::Predicate { var } = src {
                    let info = vars.get(*var);
                    if info.num_elts < insn.mask.offset() + insn.exec_size {
                        return bad(
                            &src_field(k),
                            format!(
                                "predicate `{}` has {} elements; the instruction reads elements {}..{}",
                                info.name,
                                info.num_elts,
                                insn.mask.offset(),
                                insn.mask.offset() + insn.exec_size
                            ),
                        );
                    }
                }
            }
        }
    }
    // instructions/MOVS.md, Notes: one side at least is a state operand; two state
    // operands have the same storage class.
    if op == Opcode::Movs {
        match (&insn.dst, insn.srcs.first()) {
            (Dst::State { var: d, .. }, Some(Src::State { var: s, .. }))
                if vars.get(*d).class != vars.get(*s).class =>
            {
                return bad(
                    "src0",
                    "MOVS between state variables of different classes".to_string(),
                )
            }
            (Dst::State { .. }, _) | (_, Some(Src::State { .. })) => {}
            _ => return bad("dst", "MOVS moves to or from a state variable".to_string()),
        }
    }
    match (insn.ctrl, op) {
        (Ctrl::Rel(_), Opcode::Cmp)
        | (Ctrl::Bfn(_), Opcode::Bfn)
        | (Ctrl::Dpas(_), Opcode::Dpas | Opcode::Dpasw)
        | (Ctrl::None, _) => {}
        _ => return bad("opcode", format!("{name} does not take this control")),
    }
    if matches!((insn.ctrl, op), (Ctrl::None, Opcode::Cmp | Opcode::Bfn)) {
        return bad("opcode", format!("{name} needs its control field"));
    }
    Ok(())
}

/// The state must have been made for the program's variables ([`MachineState::new`]).
pub fn check_state(program: &Program, state: &MachineState) -> Result<()> {
    let n = program.vars.len();
    if state.grf.len() < program.vars.grf_bytes()
        || state.preds.len() < n
        || state.addrs.len() < program.vars.addr_elts()
        || state.handles.len() < program.vars.handle_elts()
    {
        return Err(VisaError::invalid(
            "the machine state was not made for this program's variables (MachineState::new)",
        ));
    }
    Ok(())
}

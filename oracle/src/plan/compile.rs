//! Compilation: a validated program into a [`Plan`], each instruction into the step of its
//! family (an ALU [`InsnPlan`] with its operands resolved and its kernel and fused loop
//! chosen, predicate logic, DPAS, a memory plan) or a step that reports why it cannot run.

use visa_model::asm::ast::{MaskControl, SrcModifier, VarClass};
use visa_model::config::ExecConfig;
use visa_model::errata;
use visa_model::error::ErrorClass;
use visa_model::ir::flow::{unit_address, FlowCtrl};
use visa_model::ir::sync::{NbarrierCounts, SyncCtrl};
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Program, RelOp, Scalar, Src};
use visa_model::opcode::Class;
use visa_model::state::{VarId, VarInfo, Vars, CR0};
use visa_model::types::DataType;
use visa_model::validate;
use visa_model::VisaError;

use super::flow;
use super::{
    lane_mask, Channels, FlowOp, FlowPlan, FlowStep, InsnPlan, Kernel, Plan, PredLogic, PredPlan,
    Result, ScalarAt, Source, Step, SyncOp,
};
use crate::alu::{self, MAX_SRCS};
use crate::fused::{FusedFn, FusedInt, SrcIn};
use crate::kernel::{self, FloatOp, Modifier, LANES};
use crate::mem::MemPlan;
use crate::mode::Literal;
use crate::operand::{load_any, DstStore, Indirect, Region, SrcLoad};
use crate::second::{madw_high_offset, Lanes, Second};
use crate::select::{self, SelectKernel, WriteMask};

fn var_info(vars: &Vars, id: VarId) -> Result<&VarInfo> {
    if (id.0 as usize) < vars.len() {
        Ok(vars.get(id))
    } else {
        Err(VisaError::model_bug(format!(
            "variable id {} is not declared",
            id.0
        )))
    }
}

/// Where the elements of address variable `info` start in the state's `addrs`.
fn address_slot(info: &VarInfo) -> Result<usize> {
    match (info.class, info.slot) {
        (VarClass::Address, Some(slot)) => Ok(slot),
        _ => Err(VisaError::model_bug(format!(
            "`{}` is not an address variable",
            info.name
        ))),
    }
}

fn modifier(m: Option<SrcModifier>) -> Modifier {
    match m {
        None => Modifier::None,
        Some(SrcModifier::Neg) => Modifier::Neg,
        Some(SrcModifier::Abs) => Modifier::Abs,
        Some(SrcModifier::NegAbs) => Modifier::NegAbs,
        Some(SrcModifier::Not) => Modifier::Not,
    }
}

fn is_scalar(ty: DataType) -> bool {
    ty.is_integer() || ty.is_float()
}

/// The restricted 8-bit float of a VF element as F bits (erratum VF-ENCODING, resolved):
/// sign:1 exponent:3 mantissa:4, bias 3, exponent and mantissa 0 is zero.
fn vf_to_f(byte: u8) -> u64 {
    let sign = ((byte >> 7) as u64) << 31;
    let e = ((byte >> 4) & 7) as u64;
    let m = (byte & 15) as u64;
    if e == 0 && m == 0 {
        return sign;
    }
    sign | ((e + 124) << 23) | (m << 19)
}

/// Lanes' byte offsets of a general operand: element FirstElementIndex + i*vstride + j*hstride
/// of lane n = i*width + j.
#[allow(clippy::too_many_arguments)]
fn general_offsets(
    info: &VarInfo,
    base: usize,
    row: u32,
    col: u32,
    (vstride, width, hstride): (u32, u32, u32),
    ty: DataType,
    n: usize,
    row_bytes: usize,
) -> Result<([u32; LANES], usize)> {
    let size = ty.size() as u64;
    if width == 0 || !n.is_multiple_of(width as usize) {
        return Err(VisaError::model_bug(format!(
            "region width {width} does not divide the execution size {n} (operand on `{}`)",
            info.name
        )));
    }
    let first = row as u64 * (row_bytes as u64 / size) + col as u64;
    let mut offs = [0u32; LANES];
    let mut extent = 0u64;
    for (k, o) in offs.iter_mut().enumerate().take(n) {
        let (i, j) = ((k / width as usize) as u64, (k % width as usize) as u64);
        let byte = base as u64 + (first + i * vstride as u64 + j * hstride as u64) * size;
        *o = u32::try_from(byte).map_err(|_| {
            VisaError::model_bug(format!("operand on `{}` reaches byte {byte}", info.name))
        })?;
        extent = extent.max(byte + size);
    }
    Ok((offs, extent as usize))
}

fn contiguous(offs: &[u32; LANES], n: usize, size: usize) -> Option<usize> {
    let base = offs[0] as usize;
    offs[..n]
        .iter()
        .enumerate()
        .all(|(k, o)| *o as usize == base + k * size)
        .then_some(base)
}

pub(super) struct Compiler<'a> {
    pub(super) vars: &'a Vars,
    lit: Literal,
    row_bytes: usize,
    grf_size: usize,
}

impl Compiler<'_> {
    /// The step of one instruction: a memory plan, predicate logic, DPAS or an ALU plan; an
    /// instruction that cannot be compiled becomes a step that reports why when run.
    pub(super) fn step(&self, program: &Program, insn: &Instruction, config: &ExecConfig) -> Step {
        if insn.opcode.is_flow() {
            return self.flow_step(program, insn, config);
        }
        let step = if let Some(mem) = MemPlan::compile(program, insn, &config.readings) {
            mem.map(|p| Step::Mem(Box::new(p)))
        } else if let Some(p) = PredLogic::compile(insn) {
            Ok(Step::PredLogic(p))
        } else if matches!(insn.opcode, Opcode::Dpas | Opcode::Dpasw) {
            crate::dpas::compile(program, insn, config).map(|p| Step::Dpas(Box::new(p)))
        } else {
            self.insn(insn).map(Step::Insn)
        };
        step.unwrap_or_else(|e| Step::Fail(e.at(insn.pos)))
    }

    pub(super) fn src(&self, src: &Src, n: usize, extent: &mut usize) -> Result<Source> {
        match src {
            Src::General {
                var,
                row,
                col,
                region,
                modifier: m,
                ty,
            } => {
                let info = var_info(self.vars, *var)?;
                if !is_scalar(*ty) {
                    return Err(VisaError::model_bug(format!("general source of type {ty}")));
                }
                let size = ty.size();
                let load = match info.grf_offset {
                    // %null reads as zeros.
                    None => SrcLoad::Splat { bits: 0 },
                    Some(base) => {
                        let (offs, ext) = general_offsets(
                            info,
                            base,
                            *row,
                            *col,
                            (region.vstride, region.width, region.hstride),
                            *ty,
                            n,
                            self.row_bytes,
                        )?;
                        *extent = (*extent).max(ext);
                        match contiguous(&offs, n, size) {
                            Some(base) => SrcLoad::Contig { base },
                            None if offs[..n].iter().all(|o| *o == offs[0]) => SrcLoad::Scalar {
                                at: offs[0] as usize,
                            },
                            None => {
                                let stride = |s: u32| {
                                    u32::try_from(s as usize * size).map_err(|_| {
                                        VisaError::model_bug(format!("region stride {s}"))
                                    })
                                };
                                SrcLoad::Region(Region {
                                    base: offs[0],
                                    vs: stride(region.vstride)?,
                                    hs: stride(region.hstride)?,
                                    width: region.width,
                                })
                            }
                        }
                    }
                };
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load,
                    size,
                    ty: *ty,
                    modifier: modifier(*m),
                })
            }
            Src::Indirect {
                addr,
                addr_sub,
                imm_offset,
                region,
                multi,
                modifier: m,
                ty,
            } => {
                let info = var_info(self.vars, *addr)?;
                if !is_scalar(*ty) {
                    return Err(VisaError::model_bug(format!(
                        "indirect source of type {ty}"
                    )));
                }
                let size = ty.size() as i64;
                let width = region.width as usize;
                if width == 0 || !n.is_multiple_of(width) {
                    return Err(VisaError::model_bug(format!(
                        "region width {width} does not divide the execution size {n}"
                    )));
                }
                let mut rel = [0i64; LANES];
                for (k, r) in rel.iter_mut().enumerate().take(n) {
                    let (i, j) = ((k / width) as i64, (k % width) as i64);
                    *r = (i * region.vstride as i64 + j * region.hstride as i64) * size;
                }
                let at = Indirect {
                    addr: address_slot(info)?,
                    addr_sub: *addr_sub,
                    num_elts: info.num_elts,
                    imm: *imm_offset,
                    rel,
                };
                let load = if *multi {
                    SrcLoad::IndirectMulti {
                        at: Box::new(at),
                        width,
                        hs_bytes: region.hstride as i64 * size,
                    }
                } else {
                    SrcLoad::Indirect(Box::new(at))
                };
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load,
                    size: ty.size(),
                    ty: *ty,
                    modifier: modifier(*m),
                })
            }
            Src::Imm { bits, ty } => {
                let mut lanes = [0u64; LANES];
                let lane_ty = match ty {
                    DataType::V | DataType::UV => {
                        if n > 8 {
                            return Err(VisaError::model_bug(format!(
                                "{ty} immediate with execution size {n}"
                            )));
                        }
                        for (k, l) in lanes.iter_mut().enumerate().take(n) {
                            let nib = (bits >> (4 * k)) & 0xf;
                            *l = if *ty == DataType::V {
                                ((((nib as u8) << 4) as i8 >> 4) as u16) as u64
                            } else {
                                nib
                            };
                        }
                        if *ty == DataType::V {
                            DataType::W
                        } else {
                            DataType::UW
                        }
                    }
                    DataType::VF => {
                        if n > 4 {
                            return Err(VisaError::model_bug(format!(
                                "vf immediate with execution size {n}"
                            )));
                        }
                        for (k, l) in lanes.iter_mut().enumerate().take(n) {
                            *l = vf_to_f((bits >> (8 * k)) as u8);
                        }
                        DataType::F
                    }
                    t if is_scalar(*t) => {
                        let mask = if t.size() == 8 {
                            u64::MAX
                        } else {
                            (1u64 << (8 * t.size())) - 1
                        };
                        lanes.fill(bits & mask);
                        *t
                    }
                    t => return Err(VisaError::model_bug(format!("immediate of type {t}"))),
                };
                let load = if lanes[..n].iter().all(|l| *l == lanes[0]) {
                    SrcLoad::Splat { bits: lanes[0] }
                } else {
                    SrcLoad::Const {
                        lanes: Box::new(lanes),
                    }
                };
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load,
                    size: lane_ty.size(),
                    ty: lane_ty,
                    modifier: Modifier::None,
                })
            }
            // ADDR_ADD's src0: address elements, or a variable's register-file address.
            Src::Address { var, sub } => Ok(Source {
                fetch: load_any,
                fused: None,
                load: SrcLoad::Addr {
                    first: self.elements_of(*var, *sub, n, VarClass::Address)?,
                },
                size: 2,
                ty: DataType::UW,
                modifier: Modifier::None,
            }),
            Src::AddrOf { var, offset } => {
                let base = var_info(self.vars, *var)?.grf_offset.unwrap_or(0) as u64;
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load: SrcLoad::Splat {
                        bits: base + u64::from(*offset),
                    },
                    size: 8,
                    ty: DataType::UQ,
                    modifier: Modifier::None,
                })
            }
            // MOVS's state source: UD index values.
            Src::State { var, sub } => {
                let info = var_info(self.vars, *var)?;
                if !matches!(info.class, VarClass::Surface | VarClass::Sampler) {
                    return Err(VisaError::model_bug(format!(
                        "`{}` read as a state variable",
                        info.name
                    )));
                }
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load: SrcLoad::Handle {
                        first: self.elements_of(*var, *sub, n, info.class)?,
                    },
                    size: 4,
                    ty: DataType::UD,
                    modifier: Modifier::None,
                })
            }
            Src::Predicate { var } => {
                let info = var_info(self.vars, *var)?;
                if info.class != VarClass::Predicate {
                    return Err(VisaError::model_bug(format!(
                        "`{}` read as a predicate",
                        info.name
                    )));
                }
                Ok(Source {
                    fetch: load_any,
                    fused: None,
                    load: SrcLoad::Pred {
                        var: var.0 as usize,
                        num_elts: info.num_elts,
                    },
                    size: 4,
                    ty: DataType::UD,
                    modifier: Modifier::None,
                })
            }
        }
    }

    fn dst(&self, dst: &Dst, n: usize, extent: &mut usize) -> Result<(DstStore, DataType)> {
        match dst {
            Dst::General {
                var,
                row,
                col,
                hstride,
                ty,
            } => {
                let info = var_info(self.vars, *var)?;
                if !is_scalar(*ty) {
                    return Err(VisaError::model_bug(format!("destination of type {ty}")));
                }
                let Some(base) = info.grf_offset else {
                    return Ok((DstStore::Discard, *ty));
                };
                let (offs, ext) = general_offsets(
                    info,
                    base,
                    *row,
                    *col,
                    (0, n as u32, *hstride),
                    *ty,
                    n,
                    self.row_bytes,
                )?;
                *extent = (*extent).max(ext);
                let store = match contiguous(&offs, n, ty.size()) {
                    Some(base) => DstStore::Contig { base },
                    None => DstStore::Table { offs },
                };
                Ok((store, *ty))
            }
            Dst::Indirect {
                addr,
                addr_sub,
                imm_offset,
                hstride,
                ty,
            } => {
                let info = var_info(self.vars, *addr)?;
                if !is_scalar(*ty) {
                    return Err(VisaError::model_bug(format!(
                        "indirect destination of type {ty}"
                    )));
                }
                let mut rel = [0i64; LANES];
                for (k, r) in rel.iter_mut().enumerate() {
                    *r = k as i64 * *hstride as i64 * ty.size() as i64;
                }
                let at = Indirect {
                    addr: address_slot(info)?,
                    addr_sub: *addr_sub,
                    num_elts: info.num_elts,
                    imm: *imm_offset,
                    rel,
                };
                Ok((DstStore::Indirect(Box::new(at)), *ty))
            }
            Dst::Null { ty } => Ok((DstStore::Discard, *ty)),
            Dst::Address { var, sub } => Ok((
                DstStore::Addr {
                    first: self.elements_of(*var, *sub, n, VarClass::Address)?,
                },
                DataType::UW,
            )),
            Dst::State { var, sub } => {
                let class = var_info(self.vars, *var)?.class;
                if !matches!(class, VarClass::Surface | VarClass::Sampler) {
                    return Err(VisaError::model_bug("a state destination of another class"));
                }
                Ok((
                    DstStore::Handle {
                        first: self.elements_of(*var, *sub, n, class)?,
                    },
                    DataType::UD,
                ))
            }
            Dst::Predicate { .. } => Err(VisaError::unsupported(
                "this destination kind is not executed by the oracle yet",
            )),
        }
    }

    /// The index in the state's `addrs` or `handles` of element `sub` of variable `var` of
    /// class `class`, which holds elements `sub .. sub + n`.
    fn elements_of(&self, var: VarId, sub: u32, n: usize, class: VarClass) -> Result<usize> {
        let info = var_info(self.vars, var)?;
        if info.class != class || sub as usize + n > info.num_elts as usize {
            return Err(VisaError::model_bug(format!(
                "elements {sub}..{} of `{}`",
                sub as usize + n,
                info.name
            )));
        }
        let slot = info
            .slot
            .ok_or_else(|| VisaError::model_bug(format!("`{}` has no elements", info.name)))?;
        Ok(slot + sub as usize)
    }

    /// The second destination of ADDC, SUBB (a register), ADD3O (a predicate) and MADW
    /// (the high halves: the destination moved past the low halves, erratum MADW-HIGH-HALF).
    fn second(
        &self,
        insn: &Instruction,
        dst: &DstStore,
        n: usize,
        extent: &mut usize,
    ) -> Result<Option<Second>> {
        if insn.opcode == Opcode::Madw {
            let high = match &insn.dst {
                Dst::General { hstride, .. } | Dst::Indirect { hstride, .. } => {
                    madw_high_offset(n, *hstride as usize, self.grf_size, self.lit.madw_high_half)
                }
                _ => 0,
            };
            let store = dst.shifted(high)?;
            if let (DstStore::Contig { .. } | DstStore::Table { .. }, Some(last)) =
                (&store, store.lane_offset(4, n - 1, &[0; LANES]))
            {
                *extent = (*extent).max(last + 4);
            }
            return Ok(Some(Second {
                store: Box::new(store),
                size: 4,
            }));
        }
        match &insn.dst2 {
            None => Ok(None),
            // ADD3O's overflow predicate: lane k sets bit k + the mask control's offset.
            Some(Dst::Predicate { var }) => Ok(Some(Second {
                store: Box::new(self.pred_dst(*var, insn.mask)?),
                size: 1,
            })),
            Some(d) => {
                let (store, ty) = self.dst(d, n, extent)?;
                Ok(Some(Second {
                    store: Box::new(store),
                    size: ty.size(),
                }))
            }
        }
    }

    fn pred_dst(&self, var: VarId, mask: MaskControl) -> Result<DstStore> {
        let info = var_info(self.vars, var)?;
        if info.class != VarClass::Predicate {
            return Err(VisaError::model_bug(format!(
                "`{}` written as a predicate",
                info.name
            )));
        }
        Ok(DstStore::Predicate {
            var: var.0 as usize,
            offset: mask.offset(),
        })
    }

    fn kernel(
        &self,
        insn: &Instruction,
        srcs: &[Option<Source>; MAX_SRCS],
        dst: DataType,
    ) -> Result<Kernel> {
        let bug = || {
            VisaError::model_bug(format!(
                "{} with source types {} and destination type {dst} has no semantics",
                insn.opcode.mnemonic(),
                srcs.iter()
                    .flatten()
                    .map(|s| s.ty.text())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        let int = |t: DataType| kernel::dec_int_fn(t).ok_or_else(bug);
        let flt = |t: DataType| kernel::dec_float_fn(t).ok_or_else(bug);
        // `~` complements integer bits; no float kernel has a meaning for it.
        let not_on_float = srcs
            .iter()
            .flatten()
            .any(|s| s.modifier == Modifier::Not && !s.ty.is_integer());
        if not_on_float {
            return Err(bug());
        }
        match (insn.opcode, srcs) {
            (Opcode::Mov, [Some(s), None, None, None]) => {
                let t = s.ty;
                if t == dst
                    && s.modifier == Modifier::None
                    && !insn.sat
                    && (!self.lit.mov_raw_copy || t.is_integer())
                {
                    Ok(Kernel::Copy)
                } else if t.is_integer() && dst.is_integer() {
                    Ok(Kernel::MovIntInt {
                        dec: int(t)?,
                        enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    })
                } else if t.is_integer() && dst.is_float() {
                    Ok(Kernel::MovIntFloat {
                        dec: int(t)?,
                        enc: kernel::enc_int_float_fn(dst).ok_or_else(bug)?,
                    })
                } else if t.is_float() && dst.is_integer() {
                    Ok(Kernel::MovFloatInt {
                        dec: flt(t)?,
                        enc: kernel::enc_float_int_fn(dst).ok_or_else(bug)?,
                        src_ty: t,
                    })
                } else if t.is_float() && dst.is_float() {
                    Ok(Kernel::MovFloatFloat {
                        dec: flt(t)?,
                        enc: kernel::enc_float_float_fn(dst).ok_or_else(bug)?,
                        src_ty: t,
                        narrowing: dst.size() < t.size(),
                    })
                } else {
                    Err(bug())
                }
            }
            (Opcode::Add, [Some(a), Some(b), None, None]) => {
                if a.ty.is_integer() && b.ty.is_integer() && dst.is_integer() {
                    Ok(Kernel::AddInt {
                        dec: [int(a.ty)?, int(b.ty)?],
                        enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    })
                } else if a.ty.is_float() && b.ty.is_float() && dst.is_float() {
                    Ok(Kernel::AddFloat {
                        dec: [flt(a.ty)?, flt(b.ty)?],
                        add: kernel::add_float_fn(dst).ok_or_else(bug)?,
                        src_tys: [a.ty, b.ty],
                        f32_exact: a.ty != DataType::DF && b.ty != DataType::DF,
                    })
                } else {
                    Err(bug())
                }
            }
            (
                Opcode::Cmp | Opcode::Sel | Opcode::Min | Opcode::Max | Opcode::Setp | Opcode::Bfn,
                _,
            ) => {
                let tys: Vec<DataType> = srcs.iter().flatten().map(|s| s.ty).collect();
                let mods: Vec<Modifier> = srcs.iter().flatten().map(|s| s.modifier).collect();
                select::compile(insn, &tys, &mods, dst, &self.lit)
                    .map(Kernel::Select)
                    .ok_or_else(bug)
            }
            (Opcode::Mul | Opcode::Mad | Opcode::Div, _)
                if dst.is_float() && srcs.iter().flatten().all(|s| s.ty.is_float()) =>
            {
                let op = match insn.opcode {
                    Opcode::Mul => FloatOp::Mul,
                    Opcode::Mad if self.lit.mad_fused => FloatOp::MadUnfused,
                    Opcode::Mad => FloatOp::Mad,
                    _ if self.lit.div_float_reciprocal => FloatOp::DivReciprocal,
                    _ => FloatOp::Div,
                };
                let mut dec = [None; 3];
                let mut src_tys = [dst; 3];
                for (k, s) in srcs.iter().flatten().enumerate().take(3) {
                    dec[k] = Some(flt(s.ty)?);
                    src_tys[k] = s.ty;
                }
                Ok(Kernel::FloatArith {
                    dec,
                    src_tys,
                    op: kernel::float_arith_fn(op, dst).ok_or_else(bug)?,
                    f32_exact: srcs.iter().flatten().all(|s| s.ty != DataType::DF),
                })
            }
            // LRP and PLN: three float sources (PLN's: src0's scalars,
            // u and v, crate::lerp::reshape).
            (Opcode::Lrp | Opcode::Pln, [Some(a), Some(b), Some(c), None])
                if dst.is_float() && [a, b, c].iter().all(|s| s.ty.is_float()) =>
            {
                let op = match insn.opcode {
                    Opcode::Lrp if self.lit.lrp_rounding => FloatOp::LrpRounded,
                    Opcode::Lrp => FloatOp::Lrp,
                    _ if self.lit.pln_rounding => FloatOp::PlaneRounded,
                    _ => FloatOp::Plane,
                };
                Ok(Kernel::FloatArith {
                    dec: [Some(flt(a.ty)?), Some(flt(b.ty)?), Some(flt(c.ty)?)],
                    src_tys: [a.ty, b.ty, c.ty],
                    op: kernel::float_arith_fn(op, dst).ok_or_else(bug)?,
                    f32_exact: false,
                })
            }
            // The rounding instructions: RNDD, RNDE, RNDU, RNDZ, FRC on F.
            (
                Opcode::Rndd | Opcode::Rnde | Opcode::Rndu | Opcode::Rndz | Opcode::Frc,
                [Some(s), None, None, None],
            ) if dst.is_float() && s.ty.is_float() => {
                let op = match insn.opcode {
                    Opcode::Rndd => kernel::RoundOp::Down,
                    Opcode::Rnde => kernel::RoundOp::NearestEven,
                    Opcode::Rndu => kernel::RoundOp::Up,
                    Opcode::Rndz => kernel::RoundOp::TowardZero,
                    _ => kernel::RoundOp::Fraction,
                };
                Ok(Kernel::FloatArith {
                    dec: [Some(flt(s.ty)?), None, None],
                    src_tys: [s.ty, dst, dst],
                    op: kernel::float_arith_fn(FloatOp::Round(op), dst).ok_or_else(bug)?,
                    f32_exact: s.ty != DataType::DF,
                })
            }
            // The math functions (their class in the opcode table).
            (op, _) if op.form().class == Class::Math => {
                use crate::math::Unary;
                use crate::mathop::{EarlyOut, MathOp};
                let lit = &self.lit;
                let op = match insn.opcode {
                    Opcode::Inv => MathOp::Unary(Unary::Inv),
                    Opcode::Log if lit.log_base => MathOp::Unary(Unary::Ln),
                    Opcode::Log => MathOp::Unary(Unary::Log2),
                    Opcode::Exp if lit.exp_base => MathOp::Unary(Unary::Exp),
                    Opcode::Exp => MathOp::Unary(Unary::Exp2),
                    Opcode::Sqrt | Opcode::Sqrtm => MathOp::Unary(Unary::Sqrt),
                    Opcode::Rsqrt | Opcode::Rsqtm => MathOp::Unary(Unary::Rsqrt),
                    Opcode::Sin => MathOp::Unary(Unary::Sin),
                    Opcode::Cos => MathOp::Unary(Unary::Cos),
                    Opcode::Pow if lit.pow_negative_base => MathOp::PowSigned,
                    Opcode::Pow => MathOp::PowAbs,
                    _ => MathOp::Div,
                };
                let mut dec = [None; 2];
                let mut src_tys = [dst; 2];
                let mut k = 0;
                for s in srcs.iter().flatten() {
                    if k >= op.arity() {
                        return Err(bug());
                    }
                    dec[k] = Some(flt(s.ty)?);
                    src_tys[k] = s.ty;
                    k += 1;
                }
                if k != op.arity() {
                    return Err(bug());
                }
                Ok(Kernel::Math {
                    dec,
                    src_tys,
                    op,
                    dst: crate::mathop::format_of(dst).ok_or_else(bug)?,
                    alt_abs: matches!(insn.opcode, Opcode::Log | Opcode::Sqrt | Opcode::Rsqrt),
                    early_out: match insn.opcode {
                        Opcode::Invm => Some(EarlyOut::Quotient {
                            literal: lit.macro_early_out,
                        }),
                        Opcode::Rsqtm => Some(EarlyOut::RecipSqrt {
                            literal: lit.macro_early_out,
                        }),
                        _ => None,
                    },
                })
            }
            // The conversions: FCVT and SRND on raw bits.
            (Opcode::Fcvt | Opcode::Srnd, [Some(a), b, None, None]) => {
                use crate::fp8::Fp8Op;
                let op = match (insn.opcode, dst, a.ty) {
                    (Opcode::Fcvt, DataType::UB, DataType::HF) => Fp8Op::HfToBf8,
                    (Opcode::Fcvt, DataType::HF, DataType::UB) => Fp8Op::Bf8ToHf,
                    (Opcode::Fcvt, DataType::UD, DataType::F) => Fp8Op::FToTf32,
                    (Opcode::Fcvt, DataType::F, DataType::UD) => Fp8Op::Tf32ToF,
                    (Opcode::Srnd, DataType::HF, DataType::F) if b.is_some() => Fp8Op::SrndFToHf {
                        literal: self.lit.srnd_denorm_align,
                    },
                    (Opcode::Srnd, DataType::UB, DataType::HF) if b.is_some() => Fp8Op::SrndHfToBf8,
                    _ => return Err(bug()),
                };
                Ok(Kernel::Fp8 {
                    op,
                    every_lane: insn.opcode == Opcode::Srnd,
                })
            }
            (Opcode::Div | Opcode::Mod, [Some(a), Some(b), None, None])
                if dst.is_integer() && a.ty.is_integer() && b.ty.is_integer() =>
            {
                Ok(Kernel::IntDivide {
                    dec: [int(a.ty)?, int(b.ty)?],
                    enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    remainder: insn.opcode == Opcode::Mod,
                })
            }
            // MOVS copies UD index values.
            (Opcode::Movs, [Some(s), None, None, None]) if s.modifier == Modifier::None => {
                Ok(Kernel::Copy)
            }
            (Opcode::Addc | Opcode::Subb | Opcode::Add3o | Opcode::Madw, _) => {
                let mut dec = [None; MAX_SRCS];
                for (d, s) in dec.iter_mut().zip(srcs.iter().flatten()) {
                    *d = Some(int(s.ty)?);
                }
                // The second result: a UD carry or borrow, an overflow bit, a high half.
                let second = if insn.opcode == Opcode::Madw {
                    dst
                } else {
                    DataType::UD
                };
                Ok(Kernel::Pair {
                    dec,
                    op: alu::pair_op_fn(insn.opcode, dst, &self.lit).ok_or_else(bug)?,
                    enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    enc2: kernel::enc_int_fn(second).ok_or_else(bug)?,
                })
            }
            (Opcode::Dp4a, _) => {
                let mut dec = [None; MAX_SRCS];
                let mut tys = [DataType::UD; MAX_SRCS];
                for (k, s) in srcs.iter().flatten().enumerate().take(3) {
                    dec[k] = Some(int(s.ty)?);
                    tys[k] = s.ty;
                }
                Ok(Kernel::Int {
                    dec,
                    op: crate::dpas::dp4a_op_fn(&tys[..3]).ok_or_else(bug)?,
                    enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    fused: None,
                })
            }
            (Opcode::Mov | Opcode::Add | Opcode::Movs, _) => Err(VisaError::model_bug(format!(
                "{} with {} source operands",
                insn.opcode.mnemonic(),
                insn.srcs.len()
            ))),
            (opcode, _) => {
                // The integer ALU batch: the sources fill the first slots.
                let mut dec = [None; MAX_SRCS];
                let mut tys = [DataType::UD; MAX_SRCS];
                let mut k = 0;
                for s in srcs.iter().flatten() {
                    dec[k] = Some(int(s.ty)?);
                    tys[k] = s.ty;
                    k += 1;
                }
                let op =
                    alu::int_op_fn(opcode, &tys[..k], dst, insn.sat, &self.lit).ok_or_else(bug)?;
                Ok(Kernel::Int {
                    dec,
                    op: op.buf,
                    enc: kernel::enc_int_fn(dst).ok_or_else(bug)?,
                    fused: op.fused,
                })
            }
        }
    }

    fn insn(&self, insn: &Instruction) -> Result<InsnPlan> {
        let n = insn.exec_size as usize;
        if n == 0 || n > LANES {
            return Err(VisaError::model_bug(format!("execution size {n}")));
        }
        if insn.mask.group == 0 || insn.mask.group > 8 {
            return Err(VisaError::model_bug(format!(
                "mask control M{}",
                insn.mask.group
            )));
        }
        if insn.srcs.len() != insn.opcode.form().num_srcs || insn.srcs.len() > MAX_SRCS {
            return Err(VisaError::model_bug(format!(
                "{} with {} source operands",
                insn.opcode.mnemonic(),
                insn.srcs.len()
            )));
        }
        let pred = match insn.pred {
            None => None,
            Some(p) => {
                let info = var_info(self.vars, p.var)?;
                if info.class != VarClass::Predicate {
                    return Err(VisaError::model_bug(format!(
                        "`{}` used as a predicate",
                        info.name
                    )));
                }
                Some(PredPlan {
                    var: p.var.0 as usize,
                    invert: p.invert,
                    combine: p.combine,
                })
            }
        };
        // LRP and PLN: the operands as their Notes shape them.
        let reshaped;
        let insn = if matches!(insn.opcode, Opcode::Lrp | Opcode::Pln) {
            reshaped = crate::lerp::reshape(insn);
            &reshaped
        } else {
            insn
        };
        let mut extent = 0;
        let mut srcs: [Option<Source>; MAX_SRCS] = [None, None, None, None];
        for (slot, src) in srcs.iter_mut().zip(&insn.srcs) {
            let mut s = self.src(src, n, &mut extent)?;
            s.fetch = s.load.load_fn(s.size);
            *slot = Some(s);
        }
        let (dst, dst_ty) = match &insn.dst {
            // CMP's and SETP's predicate: channel k is bit k + the mask control's offset.
            Dst::Predicate { var } => (self.pred_dst(*var, insn.mask)?, DataType::BOOL),
            other => self.dst(other, n, &mut extent)?,
        };
        let second = self.second(insn, &dst, n, &mut extent)?;
        let lanes = match insn.opcode {
            Opcode::Subb if self.lit.subb_loop_step => Lanes::Even,
            // Errata SIN-LOOP-STEP, SQRT-LOOP-STEP, SQRTM-LOOP-STEP (literal): `i += 2`.
            Opcode::Sin if self.lit.sin_loop_step => Lanes::Even,
            Opcode::Sqrt if self.lit.sqrt_loop_step => Lanes::Even,
            Opcode::Sqrtm if self.lit.sqrtm_loop_step => Lanes::Even,
            Opcode::Sad2 if self.lit.sad2_loop_step => Lanes::PairsEveryLane,
            Opcode::Sad2 | Opcode::Sad2add => Lanes::Pairs,
            // Erratum PLN-SIMD16-INDEX (literal): u[i] and v[i] past their slices.
            Opcode::Pln if self.lit.pln_simd16_index && n == 16 => Lanes::LowEight,
            _ => Lanes::All,
        };
        let grf_aligned = (insn.opcode == Opcode::Madw && matches!(insn.dst, Dst::Indirect { .. }))
            .then_some(self.grf_size);
        let kernel = self.kernel(insn, &srcs, dst_ty)?;
        if let Kernel::Int { dec, .. } | Kernel::Pair { dec, .. } = &kernel {
            for (src, d) in srcs.iter_mut().zip(dec) {
                if let (Some(src), Some(_)) = (src, d) {
                    src.fused = src.load.load_int_fn(src.ty);
                }
            }
        }
        let float_mode = dst_ty.is_float() || srcs.iter().flatten().any(|s| s.ty.is_float());
        let index_undefined = self.lit.dst_channel_index
            && matches!(
                insn.opcode,
                Opcode::Lzd | Opcode::Mul | Opcode::Mulh | Opcode::Mad | Opcode::Mod
            );
        let mut plan = InsnPlan {
            idle: false,
            pos: insn.pos,
            exec_size: n,
            mask: insn.mask,
            pred,
            sat: insn.sat,
            srcs,
            num_srcs: insn.srcs.len(),
            put: dst.store_fn(dst_ty.size()),
            dst,
            dst_size: dst_ty.size(),
            second,
            lanes,
            index_undefined,
            grf_aligned,
            kernel,
            float_mode,
            extent,
            fused: None,
        };
        plan.fused = self.fused(insn, &plan, dst_ty);
        // SRND's loop writes every channel, enabled or not (erratum SRND-NO-MASK).
        plan.idle = plan.runs_idle() && insn.opcode != Opcode::Srnd;
        Ok(plan)
    }

    /// The fused loop of `kernel`, if the operation has one: one result per lane, the pairs
    /// of SAD2 and SAD2ADD, or two results per lane.
    fn fused_loop(
        &self,
        insn: &Instruction,
        kernel: &Kernel,
        lanes: Lanes,
        dst_ty: DataType,
    ) -> Option<FusedFn> {
        match *kernel {
            Kernel::Int { .. } if lanes == Lanes::Pairs => Some(match insn.opcode {
                Opcode::Sad2add => crate::fused::run_pairs::<true>,
                _ => crate::fused::run_pairs::<false>,
            }),
            Kernel::Int { fused, .. } => fused,
            Kernel::Pair { .. } => {
                alu::pair_op_of(insn.opcode, dst_ty, &self.lit).map(|op| op.fused)
            }
            Kernel::AddInt { .. } => alu::lane_op::<alu::Add>().fused,
            // A run with a zero divisor takes the general path (`Lane::NONZERO_SRC1`).
            Kernel::IntDivide {
                remainder: false, ..
            } => alu::lane_op::<alu::Divide<false>>().fused,
            Kernel::IntDivide {
                remainder: true, ..
            } => alu::lane_op::<alu::Divide<true>>().fused,
            Kernel::MovIntInt { .. } => alu::lane_op::<alu::Ident>().fused,
            Kernel::Select(SelectKernel::MinMaxInt { max: true, .. }) => {
                alu::lane_op::<alu::Max>().fused
            }
            Kernel::Select(SelectKernel::MinMaxInt { max: false, .. }) => {
                alu::lane_op::<alu::Min>().fused
            }
            Kernel::Select(SelectKernel::Bfn { .. }) => alu::lane_op::<alu::Bfn>().fused,
            // A true channel writes all ones of an integer destination (its truth value
            // `u64::MAX` truncated); no `.sat` to clamp the -1.
            Kernel::Select(SelectKernel::CmpInt { rel, truth, .. })
                if !insn.sat
                    && dst_ty.is_integer()
                    && truth == u64::MAX >> (64 - 8 * dst_ty.size() as u32) =>
            {
                Some(match rel {
                    RelOp::Eq => crate::fused::run::<alu::CmpInt<0>>,
                    RelOp::Ne => crate::fused::run::<alu::CmpInt<1>>,
                    RelOp::Gt => crate::fused::run::<alu::CmpInt<2>>,
                    RelOp::Ge => crate::fused::run::<alu::CmpInt<3>>,
                    RelOp::Lt => crate::fused::run::<alu::CmpInt<4>>,
                    RelOp::Le => crate::fused::run::<alu::CmpInt<5>>,
                })
            }
            _ => None,
        }
    }

    /// The fused form of plan `p` of `insn` (its destination of type `dst_ty`), if its
    /// operation has a fused loop, its lanes are all or the pairs, and every operand has a
    /// fused form.
    fn fused(&self, insn: &Instruction, p: &InsnPlan, dst_ty: DataType) -> Option<FusedInt> {
        let run = self.fused_loop(insn, &p.kernel, p.lanes, dst_ty)?;
        if !matches!(p.lanes, Lanes::All | Lanes::Pairs)
            || p.index_undefined
            || (p.second.is_some() && !matches!(p.kernel, Kernel::Pair { .. }))
            || p.grf_aligned.is_some()
        {
            return None;
        }
        let bfn_table = match &p.kernel {
            Kernel::Select(SelectKernel::Bfn { table, .. }) => Some(SrcLoad::Splat {
                bits: u64::from(*table),
            }),
            _ => None,
        };
        let mut ins: Vec<SrcIn> = p
            .srcs
            .iter()
            .flatten()
            .map(|s| SrcIn {
                load: &s.load,
                ty: s.ty,
                modifier: s.modifier,
            })
            .collect();
        // BFN's table, as a fourth source of the same bits in every lane.
        if let Some(table) = &bfn_table {
            ins.push(SrcIn {
                load: table,
                ty: DataType::UD,
                modifier: Modifier::None,
            });
        }
        let fused = FusedInt::compile(run, p.exec_size, &ins, &p.dst, dst_ty, insn.sat);
        match (&p.second, &p.kernel) {
            // The second result: MADW's high halves in the destination's type, the others a
            // UD carry, borrow or overflow bit.
            (Some(Second { store, size }), Kernel::Pair { .. }) => {
                let ty = if insn.opcode == Opcode::Madw {
                    dst_ty
                } else {
                    DataType::UD
                };
                fused.and_then(|f| f.with_second(store, ty, *size))
            }
            _ => fused,
        }
    }
}

impl InsnPlan {
    /// A run with no enabled channel has no effect and cannot fail: no operand is indirect
    /// (their addresses are checked in every lane), every destination is a register region,
    /// `%null` or a predicate, and every write is under ChEn.
    fn runs_idle(&self) -> bool {
        self.srcs.iter().flatten().all(|s| {
            matches!(
                s.load,
                SrcLoad::Contig { .. }
                    | SrcLoad::Scalar { .. }
                    | SrcLoad::Region(_)
                    | SrcLoad::Splat { .. }
                    | SrcLoad::Const { .. }
                    | SrcLoad::Pred { .. }
            )
        }) && [Some(&self.dst), self.second.as_ref().map(|s| &*s.store)]
            .into_iter()
            .flatten()
            .all(|d| {
                matches!(
                    d,
                    DstStore::Discard
                        | DstStore::Contig { .. }
                        | DstStore::Table { .. }
                        | DstStore::Predicate { .. }
                )
            })
            && self.grf_aligned.is_none()
            && match &self.kernel {
                Kernel::Select(k) => matches!(k.write_mask(), WriteMask::ChEn),
                _ => true,
            }
    }
}

impl Plan {
    /// Compiles every instruction of `program` under the errata readings of `config`.
    ///
    /// Fails (invalid-instruction, with the instruction's position) when the program breaks
    /// an IR invariant ([`visa_model::validate::check_program`]), as the spec engine does
    /// before executing anything. An instruction that passes but that the engine still
    /// cannot execute becomes a step reporting a model bug when run, so the instructions
    /// before it still execute.
    pub fn compile(program: &Program, config: &ExecConfig) -> Result<Plan> {
        Plan::compile_with(program, config, false)
    }

    /// [`Plan::compile`] for threads that stop and resume ([`Plan::thread`]): the flow
    /// driver's plan, whatever the program.
    pub fn compile_resumable(program: &Program, config: &ExecConfig) -> Result<Plan> {
        Plan::compile_with(program, config, true)
    }

    fn compile_with(program: &Program, config: &ExecConfig, resumable: bool) -> Result<Plan> {
        // The shared IR invariants (ids, classes, regions in bounds, type maps under the
        // readings in force), checked exactly as the spec engine checks them.
        validate::check_program(program, &config.readings)?;
        let lit = Literal::from_config(config);
        let row_bytes = if lit.grf_row_size {
            32
        } else {
            program.platform.grf_size()
        };
        let compiler = Compiler {
            vars: &program.vars,
            lit,
            row_bytes,
            grf_size: program.platform.grf_size(),
        };
        let driver = resumable || flow::needs_driver(program);
        // Straight-line code runs every instruction once, in order: the instruction the step
        // limit stops at, or whose cost would take the run past the cost budget
        // (visa_model::cost), reports it instead, and no step is compiled after it.
        let stop = if driver {
            None
        } else {
            straight_line_stop(program, config)
        };
        let compiled = stop.as_ref().map_or(program.insns.len(), |(k, _)| *k);
        // One step per instruction, each compiled once into its place: a plan's memory is
        // its steps, never two copies of them.
        let mut steps = program
            .insns
            .get(..compiled)
            .unwrap_or(&[])
            .iter()
            .map(|insn| compiler.step(program, insn, config))
            .chain(stop.map(|(_, e)| Step::Fail(e)));
        let first = steps.next();
        let rest: Vec<Step> = steps.collect();
        let flow = if driver {
            Some(Box::new(FlowPlan::compile(program, config)?))
        } else {
            None
        };
        let cr0 = program
            .vars
            .find(CR0)
            .and_then(|id| program.vars.get(id).grf_offset);
        let max_srcs = first
            .iter()
            .chain(&rest)
            .map(|step| match step {
                Step::Insn(insn) => insn.num_srcs,
                Step::PredLogic(_)
                | Step::Dpas(_)
                | Step::Fail(_)
                | Step::Mem(_)
                | Step::Flow(_) => 0,
            })
            .max()
            .unwrap_or(0);
        Ok(Plan {
            first,
            rest,
            lit,
            cr0,
            num_vars: program.vars.len(),
            grf_bytes: program.vars.grf_bytes(),
            addr_elts: program.vars.addr_elts() as u32,
            handle_elts: program.vars.handle_elts() as u32,
            max_srcs,
            flow,
        })
    }
}

/// Where straight-line code stops short of its end: the first instruction past the step
/// limit, or whose cost ([`visa_model::cost`]) would take the run past the cost budget, with
/// the error it reports (the step limit first, as the spec engine checks it first).
fn straight_line_stop(program: &Program, config: &ExecConfig) -> Option<(usize, VisaError)> {
    let mut spent: u64 = 0;
    let costs = visa_model::cost::program(program);
    program
        .insns
        .iter()
        .zip(costs)
        .enumerate()
        .find_map(|(k, (insn, c))| {
            if k as u64 >= config.step_limit {
                let e = VisaError::new(
                    ErrorClass::StepLimit,
                    format!(
                        "the program did not end within {} instructions",
                        config.step_limit
                    ),
                );
                return Some((k, e.at(insn.pos)));
            }
            spent = spent.saturating_add(c);
            (spent > config.cost_limit).then(|| {
                let e = VisaError::new(
                    ErrorClass::CostLimit,
                    format!(
                        "the program did not end within the cost limit of {} units",
                        config.cost_limit
                    ),
                );
                (k, e.at(insn.pos))
            })
        })
}

impl PredLogic {
    fn compile(insn: &Instruction) -> Option<PredLogic> {
        let Dst::Predicate { var } = insn.dst else {
            return None;
        };
        if !validate::is_logic(insn.opcode) {
            return None;
        }
        let mut srcs = [0usize; 2];
        for (slot, src) in srcs.iter_mut().zip(&insn.srcs) {
            let Src::Predicate { var } = src else {
                return None;
            };
            *slot = var.0 as usize;
        }
        Some(PredLogic {
            pos: insn.pos,
            opcode: insn.opcode,
            dst: var.0 as usize,
            srcs,
            lanes: lane_mask(insn.exec_size as usize) as u64,
            offset: insn.mask.offset(),
            no_mask: insn.mask.no_mask,
        })
    }
}

impl Compiler<'_> {
    /// The driver's step of a control-flow or annotation instruction.
    pub(super) fn flow_step(
        &self,
        program: &Program,
        insn: &Instruction,
        config: &ExecConfig,
    ) -> Step {
        let op = match &insn.ctrl {
            Ctrl::Flow(f) => self.flow_op(program, insn, f, config),
            _ => Err(VisaError::model_bug(format!(
                "`{}` without its control-flow fields",
                insn.opcode.mnemonic()
            ))),
        };
        match op {
            Ok(op) => Step::Flow(Box::new(FlowStep { pos: insn.pos, op })),
            Err(e) => Step::Fail(e.at(insn.pos)),
        }
    }

    fn flow_op(
        &self,
        program: &Program,
        insn: &Instruction,
        f: &FlowCtrl,
        config: &ExecConfig,
    ) -> Result<FlowOp> {
        let label_at = |l: &visa_model::ir::flow::LabelId| -> Result<usize> {
            program
                .labels
                .get(l.0 as usize)
                .map(|l| l.at)
                .ok_or_else(|| VisaError::model_bug(format!("label {} does not exist", l.0)))
        };
        let ch = self.channels(insn)?;
        let missing = |name: &str| {
            VisaError::unsupported(format!("function `{name}` is not in this program"))
                .field("func_name")
                .at(insn.pos)
        };
        Ok(match f {
            FlowCtrl::Goto(l) => FlowOp::Goto {
                target: label_at(l)?,
                ch,
            },
            FlowCtrl::Jmp(l) => FlowOp::Jmp {
                target: label_at(l)?,
                ch,
            },
            FlowCtrl::Switchjmp { index, targets } => FlowOp::Switchjmp {
                index: Box::new(self.scalar(index)?),
                targets: targets.iter().map(label_at).collect::<Result<_>>()?,
            },
            FlowCtrl::Call(l) => FlowOp::Call {
                label: l.0,
                name: program
                    .labels
                    .get(l.0 as usize)
                    .map(|l| l.name.clone())
                    .unwrap_or_default(),
                target: label_at(l)?,
                ch,
            },
            // FCCALL.md: CALL's alias (erratum FCCALL-CALL-ALIAS).
            FlowCtrl::Fccall { label, target } => match target {
                None => FlowOp::Fail(
                    VisaError::unsupported(format!(
                        "FCCALL's label `{label}` is not in this program: the FC linker resolves it"
                    ))
                    .field("label")
                    .at(insn.pos),
                ),
                Some(l) => FlowOp::Call {
                    label: l.0,
                    name: label.clone(),
                    target: label_at(l)?,
                    ch,
                },
            },
            FlowCtrl::Fcall {
                name,
                callee,
                arg_size,
                ret_size,
            } => match callee {
                None => FlowOp::Fail(missing(name)),
                Some(u) => FlowOp::Fcall {
                    callee: u.0 as usize,
                    arg_size: *arg_size,
                    ret_size: *ret_size,
                    ch,
                },
            },
            FlowCtrl::Ifcall {
                addr,
                arg_size,
                ret_size,
                ..
            } => FlowOp::Ifcall {
                addr: Box::new(self.scalar(addr)?),
                arg_size: *arg_size,
                ret_size: *ret_size,
                ch,
            },
            FlowCtrl::Ret | FlowCtrl::Fret => FlowOp::Ret {
                function: matches!(f, FlowCtrl::Fret),
                ch,
            },
            FlowCtrl::Faddr { name, callee } => match callee {
                None => FlowOp::Fail(missing(name)),
                Some(u) => {
                    // The address as a NoMask move of one element (FADDR.md: the function's
                    // address into Dst), in the destination's own type.
                    let ty = match insn.dst {
                        Dst::General { ty, .. } => ty,
                        _ => DataType::UQ,
                    };
                    let mov = Instruction {
                        pos: insn.pos,
                        opcode: Opcode::Mov,
                        pred: None,
                        mask: MaskControl {
                            group: 1,
                            no_mask: true,
                        },
                        exec_size: 1,
                        sat: false,
                        ctrl: Ctrl::None,
                        dst: insn.dst.clone(),
                        dst2: None,
                        srcs: vec![Src::Imm {
                            bits: unit_address(*u),
                            ty,
                        }],
                    };
                    FlowOp::Faddr(Box::new(self.step(program, &mov, config)))
                }
            },
            FlowCtrl::Lifetime { start: true, var }
                if !config.readings.is_literal(errata::LIFETIME_CONTENTS) =>
            {
                let v = program.vars.get(*var);
                match v.grf_offset {
                    Some(off) => FlowOp::Undefine(off..off + v.byte_size()),
                    None => FlowOp::Nop,
                }
            }
            FlowCtrl::Lifetime { .. }
            | FlowCtrl::Subroutine(_)
            | FlowCtrl::Loc(_)
            | FlowCtrl::File(_) => FlowOp::Nop,
            FlowCtrl::Sync(s) => FlowOp::Sync(Box::new(
                self.sync_op(s, program.index_of(insn).unwrap_or(u32::MAX))?,
            )),
        })
    }

    /// A thread-group instruction (`insn` its index in the program): its scalar operands
    /// as register bytes.
    fn sync_op(&self, s: &SyncCtrl, insn: u32) -> Result<SyncOp> {
        let at = |x: &Scalar| -> Result<ScalarAt> {
            match *x {
                Scalar::Imm { bits, ty } => Ok(ScalarAt::Imm(if ty.size() >= 8 {
                    bits
                } else {
                    bits & ((1u64 << (8 * ty.size())) - 1)
                })),
                Scalar::Var { var, row, col, ty } => {
                    let off =
                        self.vars.get(var).grf_offset.ok_or_else(|| {
                            VisaError::model_bug("a scalar outside the registers")
                        })?;
                    let at = off + row as usize * self.grf_size + col as usize * ty.size();
                    Ok(ScalarAt::Reg(at..at + ty.size()))
                }
            }
        };
        Ok(match s {
            SyncCtrl::Barrier => SyncOp::Barrier,
            SyncCtrl::Sbarrier { signal } => SyncOp::Sbarrier { signal: *signal },
            SyncCtrl::NbarrierWait { id } => SyncOp::NbarrierWait { id: at(id)? },
            SyncCtrl::NbarrierSignal { id, counts } => match counts {
                NbarrierCounts::Baseline { num_threads } => SyncOp::NbarrierSignal {
                    id: at(id)?,
                    ty: None,
                    producers: at(num_threads)?,
                    consumers: at(num_threads)?,
                },
                NbarrierCounts::General {
                    ty,
                    producers,
                    consumers,
                } => SyncOp::NbarrierSignal {
                    id: at(id)?,
                    ty: Some(at(ty)?),
                    producers: at(producers)?,
                    consumers: at(consumers)?,
                },
            },
            SyncCtrl::Wait { mask } => SyncOp::Wait(at(mask)?),
            SyncCtrl::Fence { .. } => SyncOp::Fence { insn },
            SyncCtrl::Yield | SyncCtrl::CacheFlush => SyncOp::Nop,
        })
    }

    fn channels(&self, insn: &Instruction) -> Result<Channels> {
        let pred = match insn.pred {
            None => None,
            Some(p) => {
                if p.var.0 as usize >= self.vars.len() {
                    return Err(VisaError::model_bug("predicate variable not declared"));
                }
                Some(PredPlan {
                    var: p.var.0 as usize,
                    invert: p.invert,
                    combine: p.combine,
                })
            }
        };
        Ok(Channels {
            exec_size: insn.exec_size,
            offset: insn.mask.offset(),
            no_mask: insn.mask.no_mask,
            pred,
            call: matches!(
                insn.opcode,
                Opcode::Call | Opcode::Fccall | Opcode::Fcall | Opcode::Ifcall
            ),
        })
    }

    /// A scalar operand (SWITCHJMP's index, IFCALL's address) as a one-lane source.
    fn scalar(&self, s: &Scalar) -> Result<Source> {
        let mut extent = 0;
        let mut src = self.src(&s.to_src(), 1, &mut extent)?;
        src.fetch = src.load.load_fn(src.size);
        Ok(src)
    }
}

//! A program compiled once into an execution plan: operands resolved to byte offsets, the
//! channel-enable inputs and the lane kernels chosen per type, so that executing an
//! instruction is a handful of lane loops with no decoding and no allocation.

use visa_model::asm::ast::{MaskControl, PredCombine, SrcModifier, VarClass};
use visa_model::config::ExecConfig;
use visa_model::error::Pos;
use visa_model::ir::{Dst, Instruction, Opcode, Program, RelOp, Src};
use visa_model::state::{MachineState, VarId, VarInfo, Vars, CR0};
use visa_model::types::DataType;
use visa_model::validate;
use visa_model::VisaError;

use crate::alu::{self, MAX_SRCS};
use crate::fused::{FusedFn, FusedInt, SrcIn};
use crate::kernel::{self, Ctx, FloatOp, Ints, Modifier, Raw, LANES};
use crate::mode::{FloatMode, Literal};
use crate::operand::{load_any, DstStore, Indirect, LoadFn, LoadIntFn, Region, SrcLoad, StoreFn};
use crate::second::{madw_high_offset, Lanes, Second};
use crate::select::{self, SelectKernel, WriteMask};
use crate::softfloat::Rounding;

type Result<T> = std::result::Result<T, VisaError>;

/// A program compiled for repeated execution.
///
/// ```
/// # use visa_model::{asm::ast::{MaskControl, VarClass}, config::ExecConfig, ir::*, platform::Platform,
/// #     state::{MachineState, Vars}, types::DataType, error::Pos};
/// let mut vars = Vars::new(Platform::XeHpg);
/// let v1 = vars.declare("V1", VarClass::General, DataType::D, 8, 4, None).unwrap();
/// let insn = Instruction {
///     pos: Pos::default(), opcode: Opcode::Mov, pred: None, mask: MaskControl::M1, exec_size: 8,
///     sat: false, ctrl: Ctrl::None, dst2: None,
///     dst: Dst::General { var: v1, row: 0, col: 0, hstride: 1, ty: DataType::D },
///     srcs: vec![Src::Imm { bits: 7, ty: DataType::D }],
/// };
/// let program = Program { platform: Platform::XeHpg, vars, insns: vec![insn] };
/// let plan = visa_oracle::Plan::compile(&program, &ExecConfig::default()).unwrap();
/// let mut state = MachineState::new(&program.vars);
/// plan.run(&mut state).unwrap();
/// let v1 = program.vars.find("V1").unwrap();
/// assert_eq!(&state.read_var(&program.vars, v1)[28..32], &7i32.to_le_bytes());
/// ```
#[derive(Clone, Debug)]
#[repr(C)]
pub struct Plan {
    /// Variables of the program and bytes of register file they need: a state must have
    /// been made for them.
    num_vars: usize,
    grf_bytes: usize,
    /// Elements of the address variables, of the surface and sampler variables.
    addr_elts: u32,
    handle_elts: u32,
    /// Most source operands of an instruction: picks the scratch buffers of a run.
    max_srcs: usize,
    /// The first instruction's step, held in the plan itself (most programs have one
    /// instruction: a run then follows no pointer to reach its step), and the others.
    /// The fields a run reads first come first, so that a cold plan's lines are few (the
    /// fused path reads neither `cr0` nor `lit`).
    rest: Vec<Step>,
    first: Option<Step>,
    /// Byte offset of %cr0 in the register file.
    cr0: Option<usize>,
    lit: Literal,
}

// An ALU step is held unboxed (in the plan for a first instruction): a run reaches its
// operands without following a pointer. The other kinds are boxed. The tag comes first
// (`repr(u8)`), in the line of the fields a run reads first.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
#[repr(u8)]
enum Step {
    Insn(InsnPlan),
    /// AND, OR, XOR or NOT on predicates: whole masks at once.
    PredLogic(PredLogic),
    /// DPAS or DPASW: dense matrix kernels (crate::dpas).
    Dpas(Box<crate::dpas::DpasPlan>),
    /// An instruction the engine cannot execute; running it reports the error.
    Fail(VisaError),
    /// A memory instruction (LSC_UNTYPED load or store), `crate::mem`.
    Mem(Box<crate::mem::lsc::LscPlan>),
    Block2d(Box<crate::mem::block2d::Block2dPlan>),
    /// LSC_FENCE: no effect on the thread's state.
    Fence,
    /// An SVM instruction, `crate::mem::svm`.
    Svm(Box<crate::mem::svm::SvmPlan>),
    /// An LSC_TYPED quad load or store or a LOAD_STATUS, `crate::mem::extra`.
    Typed(Box<crate::mem::extra::ExtraPlan>),
}

/// The fields the fused path reads come first, in a few adjacent cache lines.
#[derive(Clone, Debug)]
#[repr(C)]
struct InsnPlan {
    /// Register-file bytes the general operands need.
    extent: usize,
    exec_size: usize,
    /// The sources in their slots (`srcs[..num_srcs]`): a run reads no slot past them.
    num_srcs: usize,
    pred: Option<PredPlan>,
    mask: MaskControl,
    sat: bool,
    /// The lanes the instruction's loop writes (pairs, literal loop steps).
    lanes: Lanes,
    /// A run with no enabled channel has no effect and cannot fail: no operand is indirect
    /// (indirect addresses are checked in every lane) and every write is under ChEn.
    idle: bool,
    /// The fused form of an integer instruction of a common shape ([`crate::fused`]); the
    /// general path still runs it on a state holding undefined bytes.
    fused: Option<FusedInt>,
    pos: Pos,
    srcs: [Option<Source>; MAX_SRCS],
    dst: DstStore,
    dst_size: usize,
    /// `dst`'s store instance for its kind and size.
    put: StoreFn,
    /// ADDC's carry, SUBB's borrow, MADW's high halves, ADD3O's overflow bits.
    second: Option<Second>,
    /// The loop writes `dst[n]`, `n` undefined (erratum DST-CHANNEL-INDEX, literal reading):
    /// once a channel writes, the whole destination region is undefined.
    index_undefined: bool,
    /// MADW: an indirect destination must start on a GRF boundary of this size.
    grf_aligned: Option<usize>,
    kernel: Kernel,
    /// A source or destination holds floats: the run decodes %cr0's float mode (integer
    /// kernels never read it).
    float_mode: bool,
}

#[derive(Clone, Copy, Debug)]
struct PredPlan {
    var: usize,
    invert: bool,
    combine: PredCombine,
}

#[derive(Clone, Debug)]
struct Source {
    load: SrcLoad,
    /// `load`'s instance for its kind and size.
    fetch: LoadFn,
    /// The load fused with the integer decode of an integer kernel ([`Kernel::Int`],
    /// [`Kernel::Pair`]): the source skips the raw lanes.
    fused: Option<LoadIntFn>,
    size: usize,
    /// The type the lanes hold (V as W, UV as UW, VF as F, a predicate as UD).
    ty: DataType,
    modifier: Modifier,
}

/// The lane computation of an instruction, instantiated for its types.
#[derive(Clone, Copy, Debug)]
enum Kernel {
    /// MOV of equal types: the bits are copied (erratum MOV-RAW-COPY, resolved reading).
    Copy,
    MovIntInt {
        dec: kernel::DecIntFn,
        enc: kernel::EncIntFn,
    },
    MovIntFloat {
        dec: kernel::DecIntFn,
        enc: kernel::EncIntFloatFn,
    },
    MovFloatInt {
        dec: kernel::DecFloatFn,
        enc: kernel::EncFloatIntFn,
        src_ty: DataType,
    },
    MovFloatFloat {
        dec: kernel::DecFloatFn,
        enc: kernel::EncFloatFloatFn,
        src_ty: DataType,
        narrowing: bool,
    },
    AddInt {
        dec: [kernel::DecIntFn; 2],
        enc: kernel::EncIntFn,
    },
    AddFloat {
        dec: [kernel::DecFloatFn; 2],
        add: kernel::AddFloatFn,
        src_tys: [DataType; 2],
        f32_exact: bool,
    },
    /// MUL, MAD and DIV on floats: every source decoded to f64 lanes (denormals flushed per
    /// its type's mode), one operation rounded into the destination.
    FloatArith {
        dec: [Option<kernel::DecFloatFn>; 3],
        src_tys: [DataType; 3],
        op: kernel::FloatArithFn,
        f32_exact: bool,
    },
    /// DIV and MOD on integers: a zero divisor leaves its lane undefined (erratum DIV-BY-ZERO).
    IntDivide {
        dec: [kernel::DecIntFn; 2],
        enc: kernel::EncIntFn,
        remainder: bool,
    },
    /// The integer ALU batch: every source decoded to exact lanes, one operation, encoded.
    Int {
        dec: [Option<kernel::DecIntFn>; MAX_SRCS],
        op: alu::IntOpFn,
        enc: kernel::EncIntFn,
        /// The operation's fused lane loop, if it has one.
        fused: Option<FusedFn>,
    },
    /// Two results per lane (ADDC, SUBB, ADD3O, MADW): the first encoded into the
    /// destination, the second into the second destination.
    Pair {
        dec: [Option<kernel::DecIntFn>; MAX_SRCS],
        op: alu::PairOpFn,
        enc: kernel::EncIntFn,
        enc2: kernel::EncIntFn,
    },
    /// CMP, SEL, MIN, MAX, SETP and BFN ([`crate::select`]).
    Select(SelectKernel),
}

/// Lane buffers of instructions of at most `S` sources (about 4 KiB for 2 sources, 5.5 KiB
/// for 4), kept per thread and reused by every run. A plan of one- and two-source
/// instructions uses the smaller set.
struct Scratch<const S: usize> {
    raw: [Raw; S],
    /// Exact integer lanes of each source; an integer operation leaves its result in the
    /// first.
    ints: [Ints; S],
    floats: [Raw; 3],
    out: Raw,
    offs: [usize; LANES],
    dst_offs: [usize; LANES],
    /// The second result of a two-result operation: exact lanes, encoded lanes, offsets.
    ints2: Ints,
    out2: Raw,
    dst2_offs: [usize; LANES],
    select: select::Work,
}

thread_local! {
    static SCRATCH2: std::cell::RefCell<Box<Scratch<2>>> =
        std::cell::RefCell::new(Box::new(Scratch::new()));
    static SCRATCH4: std::cell::RefCell<Box<Scratch<MAX_SRCS>>> =
        std::cell::RefCell::new(Box::new(Scratch::new()));
}

impl<const S: usize> Scratch<S> {
    fn new() -> Scratch<S> {
        Scratch {
            raw: [[0; LANES]; S],
            ints: [[0; LANES]; S],
            floats: [[0; LANES]; 3],
            out: [0; LANES],
            offs: [0; LANES],
            dst_offs: [0; LANES],
            ints2: [0; LANES],
            out2: [0; LANES],
            dst2_offs: [0; LANES],
            select: select::Work::new(),
        }
    }
}

/// The lanes of source 0, where an integer operation leaves its result.
fn first_source(ints: &[Ints]) -> Result<&Ints> {
    ints.first()
        .ok_or_else(|| VisaError::model_bug("an integer operation without sources"))
}

fn lane_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

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

struct Compiler<'a> {
    vars: &'a Vars,
    lit: Literal,
    row_bytes: usize,
    grf_size: usize,
}

impl Compiler<'_> {
    fn src(&self, src: &Src, n: usize, extent: &mut usize) -> Result<Source> {
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
        if insn.srcs.len() != insn.opcode.num_srcs() || insn.srcs.len() > MAX_SRCS {
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
            Opcode::Sad2 if self.lit.sad2_loop_step => Lanes::PairsEveryLane,
            Opcode::Sad2 | Opcode::Sad2add => Lanes::Pairs,
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
        // The fused loop: one result per lane, every lane stored, nothing undefined.
        let fused_fn = match kernel {
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
        };
        let bfn_table = match &kernel {
            Kernel::Select(SelectKernel::Bfn { table, .. }) => Some(SrcLoad::Splat {
                bits: u64::from(*table),
            }),
            _ => None,
        };
        let fused = match fused_fn {
            Some(run)
                if matches!(lanes, Lanes::All | Lanes::Pairs)
                    && !index_undefined
                    && (second.is_none() || matches!(kernel, Kernel::Pair { .. }))
                    && grf_aligned.is_none() =>
            {
                let mut ins: Vec<SrcIn> = srcs
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
                let fused = FusedInt::compile(run, n, &ins, &dst, dst_ty, insn.sat);
                match (&second, &kernel) {
                    // The second result: MADW's high halves in the destination's type, the
                    // others a UD carry, borrow or overflow bit.
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
            _ => None,
        };
        let idle = srcs.iter().flatten().all(|s| {
            matches!(
                s.load,
                SrcLoad::Contig { .. }
                    | SrcLoad::Scalar { .. }
                    | SrcLoad::Region(_)
                    | SrcLoad::Splat { .. }
                    | SrcLoad::Const { .. }
                    | SrcLoad::Pred { .. }
            )
        }) && [Some(&dst), second.as_ref().map(|s| &*s.store)]
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
            && grf_aligned.is_none()
            && match &kernel {
                Kernel::Select(k) => matches!(k.write_mask(), WriteMask::ChEn),
                _ => true,
            };
        Ok(InsnPlan {
            idle,
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
            fused,
        })
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
        let mut steps: Vec<Step> = program
            .insns
            .iter()
            .map(|insn| match PredLogic::compile(insn) {
                _ if crate::mem::svm::is_svm(insn) => {
                    match crate::mem::svm::SvmPlan::compile(program, insn, &config.readings) {
                        Ok(p) => Step::Svm(Box::new(p)),
                        Err(e) => Step::Fail(e.at(insn.pos)),
                    }
                }
                _ if insn.opcode == visa_model::ir::Opcode::LscFence => Step::Fence,
                _ if crate::mem::block2d::is_block2d(insn) => {
                    match crate::mem::block2d::Block2dPlan::compile(program, insn, &config.readings)
                    {
                        Ok(p) => Step::Block2d(Box::new(p)),
                        Err(e) => Step::Fail(e.at(insn.pos)),
                    }
                }
                _ if crate::mem::extra::is_extra(insn) => {
                    match crate::mem::extra::ExtraPlan::compile(program, insn, &config.readings) {
                        Ok(p) => Step::Typed(Box::new(p)),
                        Err(e) => Step::Fail(e.at(insn.pos)),
                    }
                }
                _ if crate::mem::lsc::is_lsc(insn) => {
                    match crate::mem::lsc::LscPlan::compile(program, insn, &config.readings) {
                        Ok(p) => Step::Mem(Box::new(p)),
                        Err(e) => Step::Fail(e.at(insn.pos)),
                    }
                }
                Some(p) => Step::PredLogic(p),
                None if matches!(insn.opcode, Opcode::Dpas | Opcode::Dpasw) => {
                    match crate::dpas::compile(program, insn, config) {
                        Ok(p) => Step::Dpas(Box::new(p)),
                        Err(e) => Step::Fail(e.at(insn.pos)),
                    }
                }
                None => match compiler.insn(insn) {
                    Ok(p) => Step::Insn(p),
                    Err(e) => Step::Fail(e.at(insn.pos)),
                },
            })
            .collect();
        let cr0 = program
            .vars
            .find(CR0)
            .and_then(|id| program.vars.get(id).grf_offset);
        let max_srcs = steps
            .iter()
            .map(|step| match step {
                Step::Insn(insn) => insn.num_srcs,
                Step::PredLogic(_)
                | Step::Dpas(_)
                | Step::Fail(_)
                | Step::Mem(_)
                | Step::Block2d(_)
                | Step::Svm(_)
                | Step::Typed(_)
                | Step::Fence => 0,
            })
            .max()
            .unwrap_or(0);
        let rest = if steps.is_empty() {
            Vec::new()
        } else {
            steps.split_off(1)
        };
        Ok(Plan {
            first: steps.pop(),
            rest,
            lit,
            cr0,
            num_vars: program.vars.len(),
            grf_bytes: program.vars.grf_bytes(),
            addr_elts: program.vars.addr_elts() as u32,
            handle_elts: program.vars.handle_elts() as u32,
            max_srcs,
        })
    }

    /// Number of instructions in the plan.
    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    fn steps(&self) -> impl Iterator<Item = &Step> {
        self.first.iter().chain(&self.rest)
    }

    /// Instructions that run through the fused integer lane loop (`crate::fused`) when
    /// the state holds no undefined bytes (for tests and profiles of the two paths).
    pub fn fused_steps(&self) -> usize {
        self.steps()
            .filter(|s| matches!(s, Step::Insn(i) if i.fused.is_some()))
            .count()
    }

    /// The same plan with every fused step on the general path (for tests of the two paths).
    pub fn without_fused(&self) -> Plan {
        let mut plan = self.clone();
        for step in plan.first.iter_mut().chain(&mut plan.rest) {
            if let Step::Insn(i) = step {
                i.fused = None;
            }
        }
        plan
    }

    /// Executes the plan on `state`. Errors carry the failing instruction's position; the
    /// state then holds the effects of the instructions before it (the failing one writes
    /// nothing).
    pub fn run(&self, state: &mut MachineState) -> Result<()> {
        // The condition of `validate::check_state`, for a plan that no longer holds its program.
        let n = self.num_vars;
        if state.grf.len() < self.grf_bytes
            || state.preds.len() < n
            || state.addrs.len() < self.addr_elts as usize
            || state.handles.len() < self.handle_elts as usize
        {
            return Err(VisaError::invalid(
                "the machine state was not made for this program's variables (MachineState::new)",
            ));
        }
        // The lane buffers are reused from run to run on each thread: a run never reads a
        // lane it has not written, so they need no clearing.
        if self.max_srcs <= 2 {
            SCRATCH2.with(|cell| match cell.try_borrow_mut() {
                Ok(mut scratch) => self.run_steps(state, &mut scratch),
                Err(_) => self.run_fresh::<2>(state),
            })
        } else {
            SCRATCH4.with(|cell| match cell.try_borrow_mut() {
                Ok(mut scratch) => self.run_steps(state, &mut scratch),
                Err(_) => self.run_fresh::<MAX_SRCS>(state),
            })
        }
    }

    /// A run with buffers of its own (the thread's are in use: a run inside a run). Kept
    /// out of line so that `run`'s frame does not hold the 4 KiB of buffers.
    #[cold]
    #[inline(never)]
    fn run_fresh<const S: usize>(&self, state: &mut MachineState) -> Result<()> {
        self.run_steps(state, &mut Box::new(Scratch::<S>::new()))
    }

    fn run_steps<const S: usize>(
        &self,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
    ) -> Result<()> {
        if let Some(step) = &self.first {
            self.run_step(step, state, scratch)?;
            for step in &self.rest {
                self.run_step(step, state, scratch)?;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn run_step<const S: usize>(
        &self,
        step: &Step,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
    ) -> Result<()> {
        match step {
            Step::Insn(insn) => insn.exec(self, state, scratch).map_err(|e| e.at(insn.pos)),
            Step::PredLogic(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Step::Dpas(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Step::Fail(e) => Err(e.clone()),
            Step::Mem(m) => m.exec(state).map_err(|e| e.at(m.pos)),
            Step::Block2d(m) => m.exec(state).map_err(|e| e.at(m.pos)),
            Step::Fence => Ok(()),
            Step::Svm(m) => m.exec(state).map_err(|e| e.at(m.pos)),
            Step::Typed(m) => m.exec(state).map_err(|e| e.at(m.pos())),
        }
    }

    fn cr0(&self, state: &MachineState) -> Result<u32> {
        let Some(off) = self.cr0 else { return Ok(0) };
        let b = state
            .grf
            .get(off..off + 4)
            .ok_or_else(|| VisaError::model_bug("%cr0 lies outside the register file"))?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

impl InsnPlan {
    /// Under the literal reading of DST-CHANNEL-INDEX each enabled channel writes an
    /// element whose index is undefined: if any channel writes, every lane's bytes become
    /// undefined.
    fn write_anywhere(
        &self,
        written: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) -> Result<()> {
        if written != 0 {
            let all = lane_mask(self.exec_size);
            self.dst
                .mark_undefined(self.dst_size, self.exec_size, all, state, offs);
        }
        Ok(())
    }

    /// EvaluateChEn (5_operands.md, "Predication").
    #[inline(always)]
    fn channel_enables(&self, state: &MachineState) -> Result<u32> {
        let lanes = lane_mask(self.exec_size) as u64;
        let offset = self.mask.offset();
        let mut chen = if self.mask.no_mask {
            lanes
        } else {
            (state.emask as u64 >> offset) & lanes
        };
        if let Some(p) = self.pred {
            let bits = *state
                .preds
                .get(p.var)
                .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))?;
            let mut pmask = (bits as u64 >> offset) & lanes;
            match p.combine {
                PredCombine::None => {}
                PredCombine::Any => pmask = if pmask != 0 { lanes } else { 0 },
                PredCombine::All => pmask = if pmask == lanes { lanes } else { 0 },
            }
            if p.invert {
                pmask = !pmask & lanes;
            }
            chen &= pmask;
        }
        Ok(chen as u32)
    }

    /// SEL's write enables and selection mask (erratum SEL-RAW-MASKS). Resolved: EvaluateChEn
    /// without the predicate, and the evaluated predicate mask (all ones without one).
    /// Literal (`raw`): bit k of EM and of the predicate variable.
    fn sel_masks(&self, state: &MachineState, raw: bool) -> Result<(u32, u32)> {
        let lanes = lane_mask(self.exec_size);
        let bits = match self.pred {
            None => None,
            Some(p) => Some(*state.preds.get(p.var).ok_or_else(|| {
                VisaError::model_bug("predicate variable missing from the state")
            })?),
        };
        if raw {
            return Ok((state.emask & lanes, bits.map_or(lanes, |b| b & lanes)));
        }
        let offset = self.mask.offset();
        let write = if self.mask.no_mask {
            lanes
        } else {
            ((state.emask as u64 >> offset) as u32) & lanes
        };
        let pick = match (self.pred, bits) {
            (Some(p), Some(b)) => {
                let mut pmask = ((b as u64 >> offset) as u32) & lanes;
                match p.combine {
                    PredCombine::None => {}
                    PredCombine::Any => pmask = if pmask != 0 { lanes } else { 0 },
                    PredCombine::All => pmask = if pmask == lanes { lanes } else { 0 },
                }
                if p.invert {
                    pmask = !pmask & lanes;
                }
                pmask
            }
            _ => lanes,
        };
        Ok((write, pick))
    }

    /// The exact integer lanes of every source, in the first `num_srcs` buffers of `ints`
    /// (an integer operation leaves its result in the first).
    #[inline(always)]
    fn decode_ints<'s, const S: usize>(
        &self,
        state: &MachineState,
        dec: &[Option<kernel::DecIntFn>; MAX_SRCS],
        raw: &[Raw; S],
        ints: &'s mut [Ints; S],
    ) -> Result<&'s mut [Ints]> {
        // One call site per slot, so that each predicts its own decoder.
        macro_rules! decode_slot {
            ($k:literal) => {
                if $k >= self.num_srcs {
                    // No source in this slot nor the next.
                } else if let (Some(d), Some(src), Some(raw), Some(ints)) =
                    (dec[$k], &self.srcs[$k], raw.get($k), ints.get_mut($k))
                {
                    match src.fused {
                        Some(f) => f(&src.load, state, self.exec_size, src.modifier, ints)?,
                        None => d(raw, self.exec_size, src.modifier, ints),
                    }
                }
            };
        }
        decode_slot!(0);
        decode_slot!(1);
        decode_slot!(2);
        decode_slot!(3);
        // `Plan::run` picks buffers for the plan's widest instruction.
        ints.get_mut(..self.num_srcs).ok_or_else(|| {
            VisaError::model_bug(format!("no buffers for {} sources", self.num_srcs))
        })
    }

    fn exec<const S: usize>(
        &self,
        plan: &Plan,
        state: &mut MachineState,
        s: &mut Scratch<S>,
    ) -> Result<()> {
        if state.grf.len() < self.extent {
            return Err(VisaError::model_bug(format!(
                "the register file has {} bytes, the instruction reaches byte {}",
                state.grf.len(),
                self.extent
            )));
        }
        let n = self.exec_size;
        let chen = self.channel_enables(state)?;
        if chen == 0 && self.idle {
            return Ok(());
        }
        if let Some(f) = &self.fused {
            if state.undefined.is_empty() && self.lanes == Lanes::All {
                if f.exec(state, chen, &mut s.raw)? {
                    return Ok(());
                }
            } else if f.exec(state, chen, &mut s.raw)? {
                // The stored lanes leave the undefined set, the pairs' second lanes join it
                // (a fused plan's destination is direct: no lane offsets to resolve).
                let (written, undefined) = self.lanes.masks(chen, n)?;
                self.dst
                    .settle(self.dst_size, n, written, undefined, state, &s.dst_offs);
                if let Some(Second { store, size }) = &self.second {
                    store.settle(*size, n, written, 0, state, &s.dst2_offs);
                }
                return Ok(());
            }
        }
        let mode = if self.float_mode {
            FloatMode::from_cr0(plan.cr0(state)?, &plan.lit)
        } else {
            FloatMode::from_cr0(0, &plan.lit)
        };
        let ctx = Ctx {
            n,
            mode,
            sat: self.sat,
            lit: plan.lit,
            int_rounding: if plan.lit.int_to_float_rounding {
                Rounding::NearestEven
            } else {
                mode.rounding
            },
            // The documents' loops convert only under `if (ChEn[i])`: a lane that is not
            // enabled cannot fail (indirect addresses are still checked in every lane).
            err_lanes: chen,
        };
        // All sources of all lanes are read before anything is written.
        // One call site per slot, so that each predicts its own kind of load.
        macro_rules! load_slot {
            ($k:literal) => {
                if $k >= self.num_srcs {
                    // No source in this slot nor the next.
                } else if let (Some(src), Some(raw)) = (&self.srcs[$k], s.raw.get_mut($k)) {
                    if src.fused.is_none() {
                        (src.fetch)(&src.load, src.size, n, state, &mut s.offs, raw)?;
                    }
                }
            };
        }
        load_slot!(0);
        load_slot!(1);
        load_slot!(2);
        load_slot!(3);
        self.dst.prepare(self.dst_size, n, state, &mut s.dst_offs)?;
        if let Some(Second { store, size }) = &self.second {
            store.prepare(*size, n, state, &mut s.dst2_offs)?;
        }
        if let Some(grf) = self.grf_aligned {
            // instructions/MADW.md, Dst: "Must be GRF aligned".
            if !s.dst_offs[0].is_multiple_of(grf) {
                return Err(VisaError::undefined(format!(
                    "MADW's indirect destination starts at register byte {}, which is not GRF aligned",
                    s.dst_offs[0]
                )));
            }
        }
        let [src0, src1, ..] = &self.srcs;
        let (m0, m1) = (
            src0.as_ref().map_or(Modifier::None, |x| x.modifier),
            src1.as_ref().map_or(Modifier::None, |x| x.modifier),
        );
        let (raw0, raw1) = match &s.raw[..] {
            [raw0, raw1, ..] => (raw0, raw1),
            _ => {
                return Err(VisaError::model_bug(
                    "scratch buffers for fewer than 2 sources",
                ))
            }
        };
        let mut en = chen;
        match self.kernel {
            Kernel::Copy => s.out[..n].copy_from_slice(&raw0[..n]),
            Kernel::MovIntInt { dec, enc } => {
                dec(raw0, n, m0, &mut s.ints[0]);
                enc(&s.ints[0], &ctx, &mut s.out);
            }
            Kernel::MovIntFloat { dec, enc } => {
                dec(raw0, n, m0, &mut s.ints[0]);
                enc(&s.ints[0], &ctx, &mut s.out);
            }
            Kernel::MovFloatInt { dec, enc, src_ty } => {
                dec(raw0, n, m0, !mode.keeps_denormals(src_ty), &mut s.floats[0]);
                enc(&s.floats[0], &ctx, &mut s.out)?;
            }
            Kernel::MovFloatFloat {
                dec,
                enc,
                src_ty,
                narrowing,
            } => {
                // Erratum FLOAT-CONVERT-DENORM: literally, narrowing flushes denormal inputs
                // and widening keeps them, whatever the mode.
                let flush = if plan.lit.float_convert_denorm {
                    narrowing
                } else {
                    !mode.keeps_denormals(src_ty)
                };
                dec(raw0, n, m0, flush, &mut s.floats[0]);
                enc(&s.floats[0], &ctx, &mut s.out);
            }
            Kernel::AddInt { dec: [d0, d1], enc } => {
                let [a, b, ..] = &mut s.ints[..] else {
                    return Err(VisaError::model_bug("ADD run without two integer buffers"));
                };
                d0(raw0, n, m0, a);
                d1(raw1, n, m1, b);
                kernel::add_ints(a, b, n);
                enc(b, &ctx, &mut s.out);
            }
            Kernel::AddFloat {
                dec: [d0, d1],
                add,
                src_tys: [t0, t1],
                f32_exact,
            } => {
                d0(raw0, n, m0, !mode.keeps_denormals(t0), &mut s.floats[0]);
                d1(raw1, n, m1, !mode.keeps_denormals(t1), &mut s.floats[1]);
                add(&s.floats[0], &s.floats[1], f32_exact, &ctx, &mut s.out);
            }
            Kernel::FloatArith {
                dec,
                src_tys,
                op,
                f32_exact,
            } => {
                let lanes = dec.iter().zip(&src_tys).zip(&self.srcs).zip(&s.raw);
                for ((((d, ty), src), raw), out) in lanes.zip(&mut s.floats).take(self.num_srcs) {
                    if let (Some(d), Some(src)) = (d, src) {
                        d(raw, n, src.modifier, !mode.keeps_denormals(*ty), out);
                    }
                }
                op(&s.floats, f32_exact, &ctx, &mut s.out);
            }
            Kernel::IntDivide {
                dec: [d0, d1],
                enc,
                remainder,
            } => {
                let [a, b, ..] = &mut s.ints[..] else {
                    return Err(VisaError::model_bug("DIV run without two integer buffers"));
                };
                d0(raw0, n, m0, a);
                d1(raw1, n, m1, b);
                let zero = alu::divide(a, b, n, remainder) & chen;
                if zero != 0 && plan.lit.div_by_zero {
                    return Err(VisaError::undefined(format!(
                        "{}: channel {} divides by zero (erratum {}, literal reading)",
                        if remainder { "MOD" } else { "DIV" },
                        zero.trailing_zeros(),
                        visa_model::errata::DIV_BY_ZERO
                    )));
                }
                enc(a, &ctx, &mut s.out);
                if self.index_undefined {
                    return self.write_anywhere(chen, state, &s.dst_offs);
                }
                self.dst
                    .settle(self.dst_size, n, chen & !zero, zero, state, &s.dst_offs);
                return self
                    .dst
                    .write(self.dst_size, n, chen & !zero, state, &s.dst_offs, &s.out);
            }
            Kernel::Int { dec, op, enc, .. } => {
                let ints = self.decode_ints(state, &dec, &s.raw, &mut s.ints)?;
                op(ints, &ctx)?;
                enc(first_source(ints)?, &ctx, &mut s.out);
            }
            Kernel::Pair { dec, op, enc, enc2 } => {
                let ints = self.decode_ints(state, &dec, &s.raw, &mut s.ints)?;
                op(ints, &mut s.ints2, &ctx)?;
                enc(first_source(ints)?, &ctx, &mut s.out);
                enc2(&s.ints2, &ctx, &mut s.out2);
            }
            Kernel::Select(k) => {
                let (write, pick) = match k.write_mask() {
                    WriteMask::ChEn => (chen, 0),
                    WriteMask::All => (lane_mask(n), 0),
                    WriteMask::Sel { raw } => self.sel_masks(state, raw)?,
                };
                let mut mods = [Modifier::None; MAX_SRCS];
                for (m, src) in mods.iter_mut().zip(&self.srcs).take(self.num_srcs) {
                    *m = src.as_ref().map_or(Modifier::None, |x| x.modifier);
                }
                let raw = s.raw.get(..self.num_srcs).ok_or_else(|| {
                    VisaError::model_bug(format!("no buffers for {} sources", self.num_srcs))
                })?;
                k.run(
                    raw,
                    &mods[..self.num_srcs],
                    pick,
                    &ctx,
                    &mut s.select,
                    &mut s.out,
                )?;
                en = write;
            }
        }
        if self.index_undefined {
            return self.write_anywhere(en, state, &s.dst_offs);
        }
        let (written, undefined) = match self.lanes {
            Lanes::All => (en, 0),
            lanes => lanes.masks(en, n)?,
        };
        if undefined != 0 {
            self.dst
                .settle(self.dst_size, n, written, undefined, state, &s.dst_offs);
            self.dst
                .write(self.dst_size, n, written, state, &s.dst_offs, &s.out)?;
        } else {
            (self.put)(
                &self.dst,
                self.dst_size,
                n,
                written,
                state,
                &s.dst_offs,
                &s.out,
            )?;
        }
        match &self.second {
            None => Ok(()),
            Some(Second { store, size }) => {
                store.store(*size, n, written, state, &s.dst2_offs, &s.out2)
            }
        }
    }
}

/// The predicate-operand form of AND, OR, XOR and NOT (instructions/AND.md, Notes): channel
/// n works on bit `offset + n` of each predicate, with no predication.
#[derive(Clone, Debug)]
struct PredLogic {
    pos: Pos,
    opcode: Opcode,
    dst: usize,
    srcs: [usize; 2],
    lanes: u64,
    offset: u32,
    no_mask: bool,
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

    fn exec(&self, state: &mut MachineState) -> Result<()> {
        let read = |k: usize| -> Result<u64> {
            state
                .preds
                .get(k)
                .map(|p| (*p as u64 >> self.offset) & self.lanes)
                .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))
        };
        let a = read(self.srcs[0])?;
        let b = read(self.srcs[1])?;
        let r = match self.opcode {
            Opcode::And => a & b,
            Opcode::Or => a | b,
            Opcode::Xor => a ^ b,
            _ => !a,
        } & self.lanes;
        let en = if self.no_mask {
            self.lanes
        } else {
            (state.emask as u64 >> self.offset) & self.lanes
        };
        let dst = state
            .preds
            .get_mut(self.dst)
            .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))?;
        let keep = !(en << self.offset);
        *dst = ((*dst as u64 & keep) | ((r & en) << self.offset)) as u32;
        Ok(())
    }
}

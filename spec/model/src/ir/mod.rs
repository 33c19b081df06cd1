//! The validated instruction IR shared by every engine: names resolved to variables, types
//! known, regions checked against 5_operands.md. Built by [`crate::validate`].

pub mod alu;
pub mod block2d;
pub mod dataport;
pub mod dataport_typed;
pub mod dpas;
pub mod flow;
pub mod lsc;
pub mod lsc_typed;
pub mod media;
pub mod operand;
pub mod sampler;
pub mod send;
pub mod send_legacy;
pub mod svm;
pub mod sync;

pub use crate::opcode::Opcode;
pub use dpas::DpasCtrl;
pub use operand::{Dst, OperandMut, Payload, Region, Scalar, Src};

use std::borrow::Cow;

use crate::asm::ast::{MaskControl, PredCombine};
use crate::error::Pos;
use crate::platform::Platform;
use crate::state::{VarId, Vars};

/// A validated program: its platform, its variables, its instructions, its labels and its
/// units (the kernel, then the functions FCALL may call; [`flow`]).
#[derive(Clone, Debug)]
pub struct Program {
    pub platform: Platform,
    pub vars: Vars,
    pub insns: Vec<Instruction>,
    /// Every label, indexed by [`flow::LabelId`].
    pub labels: Vec<flow::Label>,
    /// The kernel (unit 0) and the functions, indexed by [`flow::UnitId`]; their
    /// instruction ranges are consecutive and cover `insns`.
    pub units: Vec<flow::Unit>,
}

impl Program {
    /// A program of one kernel without labels: straight-line code.
    pub fn new(platform: Platform, vars: Vars, insns: Vec<Instruction>) -> Program {
        let end = insns.len();
        Program {
            platform,
            vars,
            insns,
            labels: Vec::new(),
            units: vec![flow::Unit {
                name: String::new(),
                kind: flow::UnitKind::Kernel,
                entry: 0,
                end,
            }],
        }
    }

    /// The index in `insns` of `insn`, an element of `insns` (`None` for an instruction held
    /// elsewhere): what an engine stamps the accesses of the instruction with.
    pub fn index_of(&self, insn: &Instruction) -> Option<u32> {
        let size = std::mem::size_of::<Instruction>().max(1);
        let first = self.insns.as_ptr() as usize;
        let k = (insn as *const Instruction as usize).checked_sub(first)? / size;
        let found = self.insns.get(k)?;
        if std::ptr::eq(found, insn) {
            u32::try_from(k).ok()
        } else {
            None
        }
    }

    /// Whether any instruction transfers control (the program is not straight-line code).
    pub fn has_control_flow(&self) -> bool {
        self.insns
            .iter()
            .any(|i| i.opcode.is_flow() && i.opcode.transfers_control())
    }
}

impl Opcode {
    /// The operation of an `lsc_atomic_*` opcode.
    pub fn lsc_atomic(self) -> Option<lsc::AtomicOp> {
        use lsc::AtomicOp;
        Some(match self {
            Opcode::LscAtomicIinc => AtomicOp::Iinc,
            Opcode::LscAtomicIdec => AtomicOp::Idec,
            Opcode::LscAtomicLoad => AtomicOp::Load,
            Opcode::LscAtomicStore => AtomicOp::Store,
            Opcode::LscAtomicIadd => AtomicOp::Iadd,
            Opcode::LscAtomicIsub => AtomicOp::Isub,
            Opcode::LscAtomicSmin => AtomicOp::Smin,
            Opcode::LscAtomicSmax => AtomicOp::Smax,
            Opcode::LscAtomicUmin => AtomicOp::Umin,
            Opcode::LscAtomicUmax => AtomicOp::Umax,
            Opcode::LscAtomicIcas => AtomicOp::Icas,
            Opcode::LscAtomicFadd => AtomicOp::Fadd,
            Opcode::LscAtomicFsub => AtomicOp::Fsub,
            Opcode::LscAtomicFmin => AtomicOp::Fmin,
            Opcode::LscAtomicFmax => AtomicOp::Fmax,
            Opcode::LscAtomicFcas => AtomicOp::Fcas,
            Opcode::LscAtomicAnd => AtomicOp::And,
            Opcode::LscAtomicOr => AtomicOp::Or,
            Opcode::LscAtomicXor => AtomicOp::Xor,
            _ => return None,
        })
    }
}

/// One validated instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// Where the instruction stands in the text.
    pub pos: Pos,
    pub opcode: Opcode,
    pub pred: Option<Predicate>,
    pub mask: MaskControl,
    pub exec_size: u32,
    pub sat: bool,
    /// The instruction's own control field: CMP's relational operator, BFN's function.
    pub ctrl: Ctrl,
    pub dst: Dst,
    /// The second destination: ADDC's `<carry>`, SUBB's `<borrow>` (general operands) and
    /// ADD3O's overflow predicate `(<P>)` ([`Dst::Predicate`]).
    pub dst2: Option<Dst>,
    /// The sources by position; empty for the families that name their operands in `ctrl`
    /// (block 2D: [`Block2dCtrl::operands`]; LSC messages: [`LscCtrl::operands`]; SVM:
    /// [`svm::SvmCtrl`]; DPAS and DPASW: [`DpasCtrl::operands`]).
    pub srcs: Vec<Src>,
}

impl Instruction {
    /// Every source operand: `srcs`, then the operands a family names in `ctrl` in the text's
    /// order (block 2D's surface, X, Y and Src1Data; an LSC message's surface, address terms
    /// and data sources; an SVM instruction's [`svm::SvmCtrl::sources`]; DPAS's Src0, Src1
    /// and Src2). Generic passes over operands walk this. The named operands, held in the
    /// narrow kinds of [`operand`], come as owned sources.
    pub fn sources(&self) -> impl Iterator<Item = Cow<'_, Src>> {
        let named: Vec<Cow<'_, Src>> = match &self.ctrl {
            Ctrl::Block2d(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Lsc(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Svm(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Dataport(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::DataportTyped(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Media(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Sampler(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Dpas(c) => c.operands.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::RawSend(c) => c.sources().into_iter().map(Cow::Owned).collect(),
            Ctrl::Flow(f) => match f.as_ref() {
                flow::FlowCtrl::Ifcall { addr, .. } => vec![Cow::Owned(addr.to_src())],
                flow::FlowCtrl::Switchjmp { index, .. } => vec![Cow::Owned(index.to_src())],
                flow::FlowCtrl::Sync(s) => s.scalars().map(|x| Cow::Owned(x.to_src())).collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        self.srcs.iter().map(Cow::Borrowed).chain(named)
    }

    /// Every source operand, positional and named, to change in place (the destination is
    /// `dst`, and DPAS's named Dst is among them).
    pub fn operands_mut(&mut self) -> Vec<OperandMut<'_>> {
        use OperandMut as O;
        let mut out: Vec<OperandMut<'_>> = self.srcs.iter_mut().map(O::Src).collect();
        match &mut self.ctrl {
            Ctrl::Block2d(c) => {
                let ops = &mut c.operands;
                match &mut ops.surface {
                    block2d::Block2dSurface::Flat(f) => out.extend(
                        [&mut f.base, &mut f.width, &mut f.height, &mut f.pitch].map(O::Scalar),
                    ),
                    block2d::Block2dSurface::Typed { surface } => out.push(O::Scalar(surface)),
                }
                out.extend([
                    O::Scalar(&mut ops.x),
                    O::Scalar(&mut ops.y),
                    O::OptPayload(&mut ops.data),
                ]);
            }
            Ctrl::Lsc(c) => match &mut c.operands {
                lsc::LscOperands::Message(m) => out.extend([
                    O::OptScalar(&mut m.surface),
                    O::Payload(&mut m.src0_addrs),
                    O::OptScalar(&mut m.src0_addr_pitch),
                    O::OptPayload(&mut m.src1_data),
                    O::OptPayload(&mut m.src2_data),
                    O::OptPayload(&mut m.src0_addrs_v),
                    O::OptPayload(&mut m.src0_addrs_r),
                    O::OptPayload(&mut m.src0_addrs_lod),
                ]),
                lsc::LscOperands::Apndctr(a) => {
                    out.extend([O::Scalar(&mut a.surface), O::Payload(&mut a.src0_data)])
                }
            },
            Ctrl::Svm(c) => c.operands_mut(&mut out),
            Ctrl::Dataport(c) => c.operands_mut(&mut out),
            Ctrl::DataportTyped(c) => c.operands_mut(&mut out),
            Ctrl::Media(c) => c.operands_mut(&mut out),
            Ctrl::Sampler(c) => c.operands_mut(&mut out),
            Ctrl::Dpas(c) => {
                let ops = &mut c.operands;
                out.extend([
                    O::Payload(&mut ops.dst),
                    O::OptPayload(&mut ops.src0),
                    O::Payload(&mut ops.src1),
                    O::Payload(&mut ops.src2),
                ]);
            }
            Ctrl::Flow(f) => match f.as_mut() {
                flow::FlowCtrl::Ifcall { addr, .. } => out.push(O::Scalar(addr)),
                flow::FlowCtrl::Switchjmp { index, .. } => out.push(O::Scalar(index)),
                flow::FlowCtrl::Sync(s) => out.extend(s.scalars_mut().map(O::Scalar)),
                _ => {}
            },
            Ctrl::RawSend(c) => {
                out.extend([O::Scalar(&mut c.exdesc), O::Scalar(&mut c.desc)]);
                out.extend([&mut c.src0, &mut c.src1].map(O::OptPayload));
            }
            Ctrl::None | Ctrl::Rel(_) | Ctrl::Bfn(_) | Ctrl::LscFence(_) => {}
        }
        out
    }
}

/// CMP's `Rel_op` (instructions/CMP.md, Rel_op bits 2..0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RelOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl RelOp {
    pub const ALL: [RelOp; 6] = [
        RelOp::Eq,
        RelOp::Ne,
        RelOp::Gt,
        RelOp::Ge,
        RelOp::Lt,
        RelOp::Le,
    ];

    /// The modifier as written (`cmp.eq`).
    pub fn name(self) -> &'static str {
        match self {
            RelOp::Eq => "eq",
            RelOp::Ne => "ne",
            RelOp::Gt => "gt",
            RelOp::Ge => "ge",
            RelOp::Lt => "lt",
            RelOp::Le => "le",
        }
    }

    pub fn from_name(s: &str) -> Option<RelOp> {
        RelOp::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// An instruction's control field beyond `.sat`.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Ctrl {
    #[default]
    None,
    /// CMP's relational operator.
    Rel(RelOp),
    /// BFN's `BooleanFuncCtrl` lookup table (`bfn.x<HEX>`).
    Bfn(u8),
    /// DPAS's and DPASW's `W`, `A`, `SD` and `RC` fields (`dpas.W.A.SD.RC`) and operands.
    Dpas(DpasCtrl),
    /// The SVM instructions' sizes, channel mask or atomic operation, and their operands.
    Svm(crate::ir::svm::SvmCtrl),
    /// The legacy dataport messages' block count and surface, and their operands.
    Dataport(dataport::DataportCtrl),
    /// The typed legacy dataport messages' channel mask, surface and operands.
    DataportTyped(dataport_typed::TypedCtrl),
    /// The media block messages' modifiers, surface, plane, block size and operands.
    Media(media::MediaCtrl),
    /// The sampler messages' channel mask, offsets, sampler, surface and parameters.
    Sampler(Box<sampler::SamplerCtrl>),
    /// LSC_UNTYPED's and LSC_TYPED's message fields: unit, caching, data shape, address and
    /// the operands.
    Lsc(LscCtrl),
    /// The block 2D fields (LSC_UNTYPED and LSC_TYPED): unit, caching, shape, the X/Y
    /// immediate offsets and the operands.
    Block2d(Box<Block2dCtrl>),
    /// The control-flow and annotation instructions' fields ([`flow::FlowCtrl`]).
    Flow(Box<flow::FlowCtrl>),
    /// RAW_SEND's and RAW_SENDS's fields and operands, and the instruction their
    /// descriptors decode to.
    RawSend(Box<RawSendCtrl>),
    /// LSC_FENCE's unit, operation and scope.
    LscFence(lsc::LscFenceCtrl),
}

/// The fields of `raw_send[c]` and `raw_sends[c][_eot]` (instructions/RAW_SEND.md,
/// RAW_SENDS.md, Format) and their operands, with the message the descriptors decode to
/// ([`send::decode`]) as the instruction of the document that executes it.
///
/// IR shape: `srcs` is empty; `dst` is `Dst` (`General` at the start of the variable a raw
/// operand `V.OFFSET` names, see below, or `Null`). The raw operands `V.OFFSET` are held as
/// the variable that aliases `V` from byte OFFSET (named `V.OFFSET`, declared by validation
/// as the LSC payloads are), so a [`Payload`] starts at its variable's origin.
#[derive(Clone, Debug, PartialEq)]
pub struct RawSendCtrl {
    /// RAW_SENDS (the split send: Src0 and Src1); RAW_SEND otherwise.
    pub split: bool,
    /// Modifiers bit 0: `sendc`.
    pub sendc: bool,
    /// RAW_SENDS's Modifiers bit 1: `_eot`.
    pub eot: bool,
    /// RAW_SENDS's `SFID`; RAW_SEND's is `ExMsgDesc[3:0]`.
    pub sfid: u8,
    /// `NumSrc` (RAW_SEND) or `NumSrc0`, `NumSrc1`, and `NumDst`: registers.
    pub num_src0: u8,
    pub num_src1: u8,
    pub num_dst: u8,
    /// `ExMsgDesc` and `Desc` (UD).
    pub exdesc: Scalar,
    pub desc: Scalar,
    /// `Src` or `Src0`; `None` for `%null`.
    pub src0: Option<Payload>,
    /// RAW_SENDS's `Src1`; `None` for `%null` and for RAW_SEND.
    pub src1: Option<Payload>,
    /// The decoded message.
    pub message: send::Message,
    /// The instruction of the document that executes the message, with the raw send's
    /// predicate, mask and execution size and its operands built from the payloads.
    pub lowered: Instruction,
}

impl RawSendCtrl {
    /// The operands in the text's order: ExMsgDesc, Desc, Src0, Src1 (`%null` left out).
    pub fn sources(&self) -> Vec<Src> {
        let mut out = vec![self.exdesc.to_src(), self.desc.to_src()];
        out.extend([self.src0, self.src1].iter().flatten().map(Payload::to_src));
        out
    }
}

/// The fields of `lsc_load_block2d` and `lsc_store_block2d` (instructions/LSC_UNTYPED.md,
/// Format: DataSize, DataOrder, Blocks, BlockWidth, BlockHeight, VNNI) and their operands.
///
/// IR shape: the operands are [`Block2dCtrl::operands`], by name; `srcs` is empty (generic
/// passes walk [`Instruction::sources`]); `dst` is `DstData` (or `Null`) for a load.
///
/// LSC_TYPED's block 2D forms (a [`block2d::Block2dSurface::Typed`] surface, `sfid` Tgm,
/// instructions/LSC_TYPED.md) use the same opcodes: `shape` is d8, one block, `width`
/// BlockWidth in bytes, `height` BlockHeight in rows, no transpose or VNNI; `addr_type` bti,
/// bss or ss (Flat for the untyped forms); no immediate offsets.
#[derive(Clone, Debug, PartialEq)]
pub struct Block2dCtrl {
    pub sfid: lsc::Sfid,
    pub addr_type: crate::state::AddrType,
    pub l1: lsc::CacheOpt,
    pub l3: lsc::CacheOpt,
    pub shape: block2d::Block2dShape,
    /// The immediate offsets written after Src0AddrX and Src0AddrY (`X+2`).
    pub x_offset: i32,
    pub y_offset: i32,
    pub operands: block2d::Block2dOperands,
}

/// The fields of an LSC_UNTYPED gather/scatter message (instructions/LSC_UNTYPED.md, Format:
/// LscSFID, CachingL1, CachingL3, AddrType, AddrScale, AddrImmOffset, AddrSize, DataSize,
/// DataOrder, DataElemsPerAddr) and its operands; LSC_TYPED's executed non-block-2D forms
/// (unit [`lsc::Sfid::Tgm`]) and the append-counter atomics use the same fields.
///
/// IR shape: the operands are [`LscCtrl::operands`], by name ([`lsc::MessageOperands`], or
/// [`lsc::ApndctrOperands`] for `lsc_apndctr_atomic_*`); `srcs` is empty (generic passes walk
/// [`Instruction::sources`]); `dst` is `DstData` (`General` at its start, or `Null` for a
/// store or a prefetch). Regions are unused: the documents' loops address whole registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LscCtrl {
    pub sfid: lsc::Sfid,
    pub l1: lsc::CacheOpt,
    pub l3: lsc::CacheOpt,
    pub data: lsc::DataShape,
    pub addr_type: crate::state::AddrType,
    pub addr_size: crate::state::AddrSize,
    /// `AddrScale` (a `uw` field, 1 when omitted).
    pub scale: u32,
    /// `AddrImmOffset` (a `d` field).
    pub imm_offset: i32,
    /// `ChMask` of the quad forms (x=1, y=2, z=4, w=8; `data.vect_size` is its channel
    /// count); 0 for the other forms.
    pub ch_mask: u8,
    pub operands: lsc::LscOperands,
}

/// The predicate control of an instruction (5_operands.md, "Predication").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Predicate {
    pub var: VarId,
    pub invert: bool,
    pub combine: PredCombine,
}

impl svm::SvmCtrl {
    /// The opcode whose document the variant transcribes.
    pub fn opcode(&self) -> Opcode {
        match self {
            svm::SvmCtrl::BlockLd { .. } => Opcode::SvmBlockLd,
            svm::SvmCtrl::BlockSt { .. } => Opcode::SvmBlockSt,
            svm::SvmCtrl::Gather { .. } => Opcode::SvmGather,
            svm::SvmCtrl::Scatter { .. } => Opcode::SvmScatter,
            svm::SvmCtrl::Gather4Scaled { .. } => Opcode::SvmGather4Scaled,
            svm::SvmCtrl::Scatter4Scaled { .. } => Opcode::SvmScatter4Scaled,
            svm::SvmCtrl::Atomic { .. } => Opcode::SvmAtomic,
        }
    }
}

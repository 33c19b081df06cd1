//! A program compiled once into an execution plan: operands resolved to byte offsets, the
//! channel-enable inputs and the lane kernels chosen per type, so that executing an
//! instruction is a handful of lane loops with no decoding and no allocation.
//!
//! This module holds the plan's types; [`compile`] builds a plan from a validated program
//! and [`run`] executes it.

use std::ops::Range;

use visa_model::asm::ast::{MaskControl, PredCombine};
use visa_model::error::Pos;
use visa_model::ir::Opcode;
use visa_model::types::DataType;
use visa_model::VisaError;

use crate::alu::{self, MAX_SRCS};
use crate::fused::{FusedFn, FusedInt};
use crate::kernel::{self, Modifier};
use crate::mode::Literal;
use crate::operand::{DstStore, LoadFn, LoadIntFn, SrcLoad, StoreFn};
use crate::second::{Lanes, Second};
use crate::select::SelectKernel;

mod compile;
mod flow;
mod run;

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
/// let program = Program::new(Platform::XeHpg, vars, vec![insn]);
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
    /// A program with control flow, annotations, functions or `%ce0`: its blocks and the
    /// divergence driver's tables ([`flow`]). `None`: straight-line code, whose steps run in
    /// order. Read first by every run: in the plan's first line.
    flow: Option<Box<FlowPlan>>,
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
    /// A memory instruction, compiled by its family's plan ([`crate::mem::dispatch`]).
    Mem(Box<crate::mem::MemPlan>),
    /// A control-flow or annotation instruction, run by the flow driver ([`flow`]).
    Flow(Box<FlowStep>),
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
    /// The fused form of an integer instruction of a common shape ([`crate::fused`]), run
    /// on any state (the undefined set settled after its store); a run it declines (a zero
    /// divisor) takes the general path.
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
    /// The math instructions ([`crate::mathop`]): every source decoded to f64 lanes
    /// (denormals flushed per its type's mode), the function rounded into the destination.
    Math {
        dec: [Option<kernel::DecFloatFn>; 2],
        src_tys: [DataType; 2],
        op: crate::mathop::MathOp,
        dst: crate::softfloat::Format,
        alt_abs: bool,
        /// INVM's and RSQTM's early-out bit, into the second results.
        early_out: Option<crate::mathop::EarlyOut>,
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
    /// FCVT and SRND ([`crate::fp8`]): raw source bits to raw destination bits;
    /// `every_lane`: SRND's loop writes every channel (no ChEn test).
    Fp8 {
        op: crate::fp8::Fp8Op,
        every_lane: bool,
    },
}

// The control-flow steps and the flow driver's tables (built and run by [`flow`]).

/// The errata readings the driver reads, decided once.
#[derive(Clone, Copy, Debug)]
struct FlowLiteral {
    /// CF-SCALAR-NOMASK: a scalar transfer without NoMask reads its EM bit.
    scalar_nomask: bool,
    /// CF-SCALAR-PRED-BIT: a scalar transfer reads predicate element 0.
    scalar_pred_bit: bool,
    /// CF-ANY-ALL-WIDTH: a scalar transfer's any/all reduces one element.
    any_all_width: bool,
    /// CF-SCALAR-CALL-MASK: a scalar call enters with all 32 channels.
    scalar_call_mask: bool,
    /// CF-PARTIAL-CHANNELS: a transfer covering only some active channels is undefined.
    partial_channels: bool,
    /// SBARRIER-NBARRIER-DIVERGENCE: SBARRIER and NBARRIER run in divergent control flow.
    split_barrier_divergence: bool,
}

/// How a control-flow instruction picks its channels: its execution size, mask control and
/// predicate.
#[derive(Clone, Copy, Debug)]
struct Channels {
    exec_size: u32,
    offset: u32,
    no_mask: bool,
    pred: Option<PredPlan>,
    /// CALL, FCALL or IFCALL (a scalar call may enter with every channel).
    call: bool,
}

/// A control-flow or annotation instruction compiled for the driver.
#[derive(Clone, Debug)]
struct FlowStep {
    pos: Pos,
    op: FlowOp,
}

#[derive(Clone, Debug)]
enum FlowOp {
    Goto {
        target: usize,
        ch: Channels,
    },
    Jmp {
        target: usize,
        ch: Channels,
    },
    Switchjmp {
        index: Box<Source>,
        targets: Vec<usize>,
    },
    Call {
        label: u32,
        name: String,
        target: usize,
        ch: Channels,
    },
    /// FCALL to a function of the program.
    Fcall {
        callee: usize,
        arg_size: u32,
        ret_size: u32,
        ch: Channels,
    },
    Ifcall {
        addr: Box<Source>,
        arg_size: u32,
        ret_size: u32,
        ch: Channels,
    },
    /// RET (`function` false) or FRET.
    Ret {
        function: bool,
        ch: Channels,
    },
    /// FADDR: the address written as a one-element NoMask move into the destination.
    Faddr(Box<Step>),
    /// LIFETIME.start under the resolved LIFETIME-CONTENTS: the variable's bytes become
    /// undefined.
    Undefine(Range<usize>),
    /// An instruction that fails when it runs (FCALL or FADDR of a function that is not in
    /// the program).
    Fail(VisaError),
    /// BARRIER, SBARRIER, NBARRIER, FENCE, WAIT, YIELD, CACHE_FLUSH.
    Sync(Box<SyncOp>),
    /// SUBROUTINE, LOC, FILE, LIFETIME.end, LIFETIME.start under the literal reading.
    Nop,
}

/// What a call saved, restored by its return.
#[derive(Debug)]
pub(super) struct Frame {
    pub(super) function: bool,
    /// CALL's subroutine label (recursion of subroutines is refused).
    pub(super) subroutine: Option<u32>,
    pub(super) resume: usize,
    pub(super) call_mask: u32,
    pub(super) entered: u32,
    pub(super) waiting: Vec<(usize, u32)>,
    pub(super) ret_size: u32,
    pub(super) unit: usize,
    /// FCALL and IFCALL: the callee's variable bytes, and which of them were undefined (bit
    /// `i % 64` of word `i / 64` for byte `i` of `saved`).
    pub(super) saved: Vec<u8>,
    pub(super) saved_undefined: Vec<u64>,
}

/// The divergence state of a run.
#[derive(Debug)]
pub(super) struct Machine {
    pub(super) pc: usize,
    pub(super) active: u32,
    /// Sorted by decreasing point: the smallest point last.
    pub(super) waiting: Vec<(usize, u32)>,
    pub(super) call_mask: u32,
    pub(super) frames: Vec<Frame>,
    pub(super) unit: usize,
    pub(super) unit_end: usize,
    pub(super) steps: u64,
    /// The cost spent so far ([`visa_model::cost`]), never past the budget.
    pub(super) cost: u64,
    /// The bytes the frames keep (their `saved`).
    pub(super) frame_bytes: u64,
}

/// A hardware thread of a plan that runs until it ends or reaches a synchronisation point
/// and resumes from there ([`Plan::thread`], [`Plan::resume`]): its divergence state, its
/// call frames, its steps and cost.
#[derive(Debug)]
pub struct Thread {
    m: Machine,
    dispatch: u32,
    ended: bool,
}

/// A thread-group instruction (instructions/BARRIER.md ... CACHE_FLUSH.md).
#[derive(Clone, Debug)]
enum SyncOp {
    Barrier,
    Sbarrier {
        signal: bool,
    },
    NbarrierWait {
        id: ScalarAt,
    },
    /// `ty`: `None` for the baseline form (producer-consumer, `producers` = `consumers`).
    NbarrierSignal {
        id: ScalarAt,
        ty: Option<ScalarAt>,
        producers: ScalarAt,
        consumers: ScalarAt,
    },
    /// WAIT: its mask is read (an undefined one is undefined behaviour), nothing waits.
    Wait(ScalarAt),
    /// FENCE (instruction `insn` of the program): an ordering point for the race
    /// detector, noted in the access log when recording (docs/races.md).
    Fence {
        insn: u32,
    },
    /// YIELD, CACHE_FLUSH.
    Nop,
}

/// A scalar operand of a thread-group instruction: an immediate, or the register bytes of
/// one element.
#[derive(Clone, Debug)]
enum ScalarAt {
    Imm(u64),
    Reg(Range<usize>),
}

/// The tables of the flow driver.
#[derive(Clone, Debug)]
struct FlowPlan {
    /// For each point: the end of the block of plain steps starting there (the next leader
    /// or control-flow instruction); a control-flow instruction's is its own point.
    run_end: Vec<u32>,
    /// The units' instruction ranges, the kernel first.
    units: Vec<(usize, usize)>,
    /// Per unit, the register bytes of its own variables, kept per activation of a
    /// function (not pre-defined, not aliases).
    unit_vars: Vec<Vec<Range<usize>>>,
    /// Each instruction's position (errors of the driver name the point they stop at).
    pos: Vec<Pos>,
    ce0: Option<usize>,
    arg: Option<Range<usize>>,
    retval: Option<Range<usize>>,
    /// Per unit, the bytes of `unit_vars`: what a call of it keeps.
    unit_bytes: Vec<u64>,
    /// The cost of the instructions before each point (`cost_before[pc + 1] -
    /// cost_before[pc]` is the cost of the instruction at `pc`, [`visa_model::cost`]): a
    /// block's cost is one subtraction.
    cost_before: Vec<u64>,
    grf_size: usize,
    step_limit: u64,
    cost_limit: u64,
    call_depth_limit: u32,
    frame_bytes_limit: u64,
    lit: FlowLiteral,
    /// Per point: whether the instruction is a memory message (a seeded schedule stops
    /// after each, `Stop::AfterMemory`).
    memory: Vec<bool>,
}

fn lane_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
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

impl Plan {
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

    /// Instructions that run through a fused integer lane loop (`crate::fused`), on any
    /// state (for tests and profiles of the two paths).
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
}

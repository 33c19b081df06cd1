//! `visa-conform bench`: throughput of the engines on deterministic streams of generated cases.
//!
//! A **stream** is a named case generator from [`STREAMS`] (a family, or a slice of one such as
//! its SIMD16 cases). For each stream selected, the bench draws `--cases` cases from a seeded
//! proptest runner, parses and validates them, builds their initial states and compiles their
//! oracle plans, all before any timing. It then checks, outside timing, that the spec and the
//! oracle end every case in the same state (a bench on diverging engines measures nothing), and
//! times, each for at least `--min-time-ms` by repeating the stream:
//!
//! - `spec`: [`visa_spec::exec::run`] on every case;
//! - `oracle`: [`visa_oracle::Plan::run`] on plans compiled beforehand, the figure the oracle's
//!   design is judged by. These two are timed in `--rounds` alternating rounds (default 5,
//!   each engine first in every other round, each round a `1/rounds` share of the time): the
//!   `ratio` is the median of the rounds' ratios, so that the machine's load changing during
//!   the run moves both engines alike instead of the one timed at that moment;
//! - `oracle-run`: [`visa_oracle::run`] (compiles the plan on every call);
//! - `oracle-batch`: [`visa_oracle::run_batch`] on the same plans, over every core;
//! - `reset`: the copy of the initial state alone.
//!
//! Each case's state is copied from its initial state once per pass, and its program then
//! runs `--repeat` times in a row on that state (default 8), as its instruction would inside
//! a longer stream; the copy is part of the time (`reset` shows its rate alone). Most cases
//! are one instruction, so instructions per second are runs per second; lanes per second
//! count `exec_size` lanes per instruction, enabled or not. The `kernels` stream runs whole
//! kernels with control flow: its instructions are those a run executes (counted once by
//! [`visa_oracle::Plan::run_counted`], outside timing), its lanes that count times the
//! kernel's mean execution size.
//!
//! The output holds, per stream, lines of the form
//!
//! ```text
//! bench alu spec=158711/s oracle=1309447/s ratio=8.3
//! bench alu rounds=5 ratio-min=7.9 ratio-max=8.6
//! bench alu oracle-run=487474/s oracle=1309447/s oracle-batch=2281923/s threads=2
//! bench alu spec-lanes=1729868/s oracle-lanes=14272316/s reset=9061904/s
//! ```
//!
//! The first line compares the spec with the precompiled oracle (rates over every round, the
//! median ratio); the second gives the spread of the rounds' ratios; the third the oracle's entry
//! points (one core for `oracle-run` and `oracle`, every core for `oracle-batch`); the fourth
//! the same runs in lanes, and the rate of the state copy every figure includes. The `math`
//! streams add the platform's libm on the same lanes (whole instructions against libm) and,
//! for the F lanes of the approximated functions, the oracle's numeric core against libm's
//! f32 functions (`f-libm-lanes`, `f-core-lanes`, `core/libm`, the exact-path lane count).
//!
//! The `launch` stream, last, launches a kernel of many work-groups on the oracle with 1
//! and 2 jobs (`visa-conform launch --jobs`), with and without race detection, and prints
//! work-groups and instructions per second and the speedup of 2 jobs over 1.

use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use clap::Args;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rayon::prelude::*;
use visa_model::ir::{Ctrl, Program};
use visa_model::state::MachineState;
use visa_model::types::Precision;
use visa_model::VisaError;
use visa_oracle::Plan;
use visa_spec::exec::ExecConfig;

use crate::case::{compile, Compiled};
use crate::exit::{EXIT_FAIL, EXIT_INPUT, EXIT_OK};
use crate::gen::{self, GenCase, Opcode};
use crate::registry;
use visa_model::opcode::Family;

/// The arguments of `visa-conform bench`.
#[derive(Clone, Debug, Args)]
pub struct BenchArgs {
    /// Seed of the case generator: the same seed draws the same cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Cases per stream.
    #[arg(long, default_value_t = 2000)]
    pub cases: usize,
    /// Minimum time of each measurement, in milliseconds (the stream repeats until it is
    /// reached; it runs at least once).
    #[arg(long, default_value_t = 1000)]
    pub min_time_ms: u64,
    /// Run only the streams whose name contains PATTERN.
    #[arg(long, value_name = "PATTERN")]
    pub only: Option<String>,
    /// Runs of each case's instruction(s) per state reset: the state is copied from the
    /// case's initial state once, then the program runs R times in a row on it, as it would
    /// inside a longer instruction stream (1: every run starts from a fresh copy).
    #[arg(long, value_name = "R", default_value_t = 8)]
    pub repeat: u32,
    /// Rounds of the spec-against-oracle comparison: the two are timed in K alternating
    /// rounds of `--min-time-ms / K` each, and the ratio is the median of the K rounds'
    /// ratios, so that a change of the machine's load during the run moves both engines.
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub rounds: u32,
}

impl Default for BenchArgs {
    /// The command line's defaults.
    fn default() -> BenchArgs {
        BenchArgs {
            seed: 1,
            cases: 2000,
            min_time_ms: 1000,
            only: None,
            repeat: 8,
            rounds: 5,
        }
    }
}

/// A named, deterministic stream of generated cases.
#[derive(Clone, Copy, Debug)]
pub struct Stream {
    /// The name printed after `bench` and matched by `--only`.
    pub name: &'static str,
    /// The generator the cases are drawn from.
    pub cases: Cases,
    /// Which drawn cases the stream keeps.
    pub keep: fn(&GenCase) -> bool,
}

/// Where a stream's cases come from.
#[derive(Clone, Copy, Debug)]
pub enum Cases {
    /// Every instruction of a family in equal parts ([`registry::family_case`]).
    Family(Family),
    /// One instruction, by mnemonic ([`registry::case`]).
    Instruction(&'static str),
    /// A fixed shape of one instruction, or whole kernels.
    Shape(fn() -> BoxedStrategy<GenCase>),
}

impl Cases {
    /// The strategy the stream draws from; `None` for a mnemonic the opcode table lacks.
    pub fn strategy(self) -> Option<BoxedStrategy<GenCase>> {
        match self {
            Cases::Family(f) => Some(registry::family_case(f)),
            Cases::Instruction(m) => Opcode::from_mnemonic(m).map(registry::case),
            Cases::Shape(f) => Some(f()),
        }
    }
}

/// Every stream, in output order. Each draws from the registry's generators
/// ([`registry::case`], [`registry::family_case`]) or from a fixed shape of one
/// ([`gen::dpas::bench_case`], [`gen::lsc::block2d_loads`]).
pub const STREAMS: &[Stream] = &[
    Stream {
        name: "alu",
        cases: Cases::Family(Family::Alu),
        keep: every_case,
    },
    Stream {
        name: "alu-simd16",
        cases: Cases::Family(Family::Alu),
        keep: is_simd16,
    },
    // DPAS at repeat count 8 on 16 lanes (xe-hpc), one precision pair each, default profile;
    // a fourth line gives multiply-accumulates per second.
    Stream {
        name: "dpas-s8s8",
        cases: Cases::Shape(dpas_s8s8),
        keep: every_case,
    },
    Stream {
        name: "dpas-u4s4",
        cases: Cases::Shape(dpas_u4s4),
        keep: every_case,
    },
    Stream {
        name: "dpas-bfbf",
        cases: Cases::Shape(dpas_bfbf),
        keep: every_case,
    },
    Stream {
        name: "dpas-hf8hf8",
        cases: Cases::Shape(dpas_hf8hf8),
        keep: every_case,
    },
    Stream {
        name: "lsc-gather16",
        cases: Cases::Instruction("lsc_load"),
        keep: is_simd16,
    },
    Stream {
        name: "lsc-scatter16",
        cases: Cases::Instruction("lsc_store"),
        keep: is_simd16,
    },
    Stream {
        name: "lsc-transposed-load",
        cases: Cases::Instruction("lsc_load"),
        keep: is_transposed,
    },
    Stream {
        name: "block2d-32x32-d16-vnni",
        cases: Cases::Shape(block2d_32x32_d16_vnni),
        keep: every_case,
    },
    Stream {
        name: "svm-gather16",
        cases: Cases::Instruction("svm_gather"),
        keep: is_simd16,
    },
    Stream {
        name: "svm-scatter16",
        cases: Cases::Instruction("svm_scatter"),
        keep: is_simd16,
    },
    // The legacy dataport's SIMD16 gathers and scatters (binding-table, SLM and stateless
    // surfaces; the 4-channel forms with every channel mask).
    Stream {
        name: "dataport-gather16",
        cases: Cases::Instruction("gather_scaled"),
        keep: is_simd16,
    },
    Stream {
        name: "dataport-scatter16",
        cases: Cases::Instruction("scatter_scaled"),
        keep: is_simd16,
    },
    Stream {
        name: "dataport-gather4-16",
        cases: Cases::Instruction("gather4_scaled"),
        keep: is_simd16_aligned,
    },
    Stream {
        name: "dataport-scatter4-16",
        cases: Cases::Instruction("scatter4_scaled"),
        keep: is_simd16_aligned,
    },
    // The float math family, mixed and one stream per approximated function:
    // edge-biased operands, so the exact fallbacks are exercised as well as the fast paths.
    Stream {
        name: "math",
        cases: Cases::Family(Family::Math),
        keep: every_case,
    },
    Stream {
        name: "math-inv",
        cases: Cases::Instruction("inv"),
        keep: every_case,
    },
    Stream {
        name: "math-log",
        cases: Cases::Instruction("log"),
        keep: every_case,
    },
    Stream {
        name: "math-exp",
        cases: Cases::Instruction("exp"),
        keep: every_case,
    },
    Stream {
        name: "math-sqrt",
        cases: Cases::Instruction("sqrt"),
        keep: every_case,
    },
    Stream {
        name: "math-rsqrt",
        cases: Cases::Instruction("rsqrt"),
        keep: every_case,
    },
    Stream {
        name: "math-sin",
        cases: Cases::Instruction("sin"),
        keep: every_case,
    },
    Stream {
        name: "math-cos",
        cases: Cases::Instruction("cos"),
        keep: every_case,
    },
    Stream {
        name: "math-pow",
        cases: Cases::Instruction("pow"),
        keep: every_case,
    },
    // Whole kernels with control flow, each run counting the instructions it executes.
    Stream {
        name: "kernels",
        cases: Cases::Shape(kernel_cases),
        keep: every_case,
    },
];

fn dpas_s8s8() -> BoxedStrategy<GenCase> {
    gen::dpas::bench_case(Precision::S8, Precision::S8)
}

fn dpas_u4s4() -> BoxedStrategy<GenCase> {
    gen::dpas::bench_case(Precision::U4, Precision::S4)
}

fn dpas_bfbf() -> BoxedStrategy<GenCase> {
    gen::dpas::bench_case(Precision::BF, Precision::BF)
}

fn dpas_hf8hf8() -> BoxedStrategy<GenCase> {
    gen::dpas::bench_case(Precision::HF8, Precision::HF8)
}

/// Multiply-accumulates of a program's DPAS and DPASW instructions: RC rows x Exec_size
/// columns x SD * OPS_PER_CHAN depth each.
fn macs(program: &Program) -> u64 {
    program
        .insns
        .iter()
        .filter_map(|i| match i.ctrl {
            Ctrl::Dpas(c) => Some(
                u64::from(c.rc)
                    * u64::from(i.exec_size)
                    * u64::from(c.sd)
                    * u64::from(visa_model::ir::dpas::ops_per_chan(c.w, c.a, false)),
            ),
            _ => None,
        })
        .sum()
}

fn is_transposed(case: &GenCase) -> bool {
    case.tags.iter().any(|t| t == "transposed")
}

/// `lsc_load_block2d` of one 32x32 block of d16 with the VNNI transform.
fn block2d_32x32_d16_vnni() -> BoxedStrategy<GenCase> {
    gen::lsc::block2d_loads(visa_model::ir::block2d::Block2dShape {
        size: visa_model::ir::lsc::DataSize::D16,
        blocks: 1,
        width: 32,
        height: 32,
        transpose: false,
        vnni: true,
    })
}

/// Whole kernels with control flow, in equal parts, on random data: a SIMD16 loop whose
/// channels leave after their own trip counts, a reduction of memory through a loop of LSC
/// loads, and a tiled integer DPAS GEMM with block 2D loads and stores (xe-hpc). Every
/// kernel starts from its inputs, so that the runs repeated on one state execute the same
/// instructions.
fn kernel_cases() -> BoxedStrategy<GenCase> {
    prop_oneof![loop_exits_kernel(), reduction_kernel(), gemm_kernel()].boxed()
}

/// A case of `text` with no errata at their literal reading, every channel of a SIMD16
/// dispatch, and its variables and memory.
fn kernel_case(
    platform: visa_model::platform::Platform,
    tag: &str,
    text: &str,
    vars: Vec<(String, Vec<u8>)>,
    mem: Vec<crate::vector::MemRegion>,
) -> GenCase {
    GenCase {
        platform,
        literal: Vec::new(),
        text: text.to_string(),
        vars,
        preds: Vec::new(),
        cr0: 0,
        emask: 0xffff,
        tags: vec![tag.to_string()],
        partner: Vec::new(),
        mem,
        surfaces: Vec::new(),
        samplers: Vec::new(),
        profile: None,
    }
}

/// Each channel iterates x -> x / 2 (even) or 3x + 1 (odd) until x <= 1 or 64 steps: a
/// loop with a divergent exit and an if/else in its body (GOTO forward and backward).
fn loop_exits_kernel() -> BoxedStrategy<GenCase> {
    const TEXT: &str = ".kernel \"collatz\"
.decl X0 v_type=G type=ud num_elts=16
.decl X v_type=G type=ud num_elts=16
.decl N v_type=G type=ud num_elts=16
.decl T v_type=G type=ud num_elts=16
.decl P1 v_type=P num_elts=16
.decl P2 v_type=P num_elts=16
mov (M1, 16) X(0,0)<1> X0(0,0)<1;1,0>
mov (M1, 16) N(0,0)<1> 0x0:ud
LOOP:
cmp.le (M1, 16) P1 X(0,0)<1;1,0> 0x1:ud
(P1) goto (M1, 16) DONE
and (M1, 16) T(0,0)<1> X(0,0)<1;1,0> 0x1:ud
cmp.eq (M1, 16) P2 T(0,0)<1;1,0> 0x0:ud
(!P2) goto (M1, 16) ODD
shr (M1, 16) X(0,0)<1> X(0,0)<1;1,0> 0x1:ud
goto (M1, 16) NEXT
ODD:
mul (M1, 16) X(0,0)<1> X(0,0)<1;1,0> 0x3:ud
add (M1, 16) X(0,0)<1> X(0,0)<1;1,0> 0x1:ud
NEXT:
add (M1, 16) N(0,0)<1> N(0,0)<1;1,0> 0x1:ud
cmp.lt (M1, 16) P1 N(0,0)<1;1,0> 0x40:ud
(P1) goto (M1, 16) LOOP
DONE:
";
    prop::collection::vec(1u32..200, 16)
        .prop_map(|xs| {
            let x = xs.iter().flat_map(|v| v.to_le_bytes()).collect();
            kernel_case(
                visa_model::platform::Platform::XeHpg,
                "kernel-loop-exits",
                TEXT,
                vec![("X0".to_string(), x)],
                Vec::new(),
            )
        })
        .boxed()
}

/// Sums 256 dwords of memory: 16 trips of a SIMD16 LSC load and add (a uniform loop
/// through a scalar GOTO), then a tree of narrowing adds.
fn reduction_kernel() -> BoxedStrategy<GenCase> {
    const TEXT: &str = ".kernel \"reduce\"
.decl VB v_type=G type=uq num_elts=16
.decl VA v_type=G type=uq num_elts=16
.decl VD v_type=G type=d num_elts=16
.decl S v_type=G type=d num_elts=16
.decl K v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=1
mov (M1, 16) VA(0,0)<1> VB(0,0)<1;1,0>
mov (M1, 16) S(0,0)<1> 0x0:d
mov (M1_NM, 1) K(0,0)<1> 0x0:ud
LOOP:
lsc_load.ugm (M1, 16) VD:d32 flat[VA]:a64
add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> VD(0,0)<1;1,0>
add (M1, 16) VA(0,0)<1> VA(0,0)<1;1,0> 0x40:uq
add (M1_NM, 1) K(0,0)<1> K(0,0)<0;1,0> 0x1:ud
cmp.lt (M1_NM, 1) P1 K(0,0)<0;1,0> 0x10:ud
(P1) goto (M1, 1) LOOP
add (M1, 8) S(0,0)<1> S(0,0)<1;1,0> S(1,0)<1;1,0>
add (M1, 4) S(0,0)<1> S(0,0)<1;1,0> S(0,4)<1;1,0>
add (M1, 2) S(0,0)<1> S(0,0)<1;1,0> S(0,2)<1;1,0>
add (M1, 1) S(0,0)<1> S(0,0)<0;1,0> S(0,1)<0;1,0>
";
    prop::collection::vec(any::<u8>(), 1024)
        .prop_map(|bytes| {
            let base = 0x10000u64;
            let va = (0..16u64)
                .flat_map(|k| (base + 4 * k).to_le_bytes())
                .collect();
            kernel_case(
                visa_model::platform::Platform::XeHpg,
                "kernel-reduction",
                TEXT,
                vec![("VB".to_string(), va)],
                vec![crate::vector::MemRegion {
                    space: "flat".to_string(),
                    addr: base,
                    bytes,
                }],
            )
        })
        .boxed()
}

/// C (8 x 32 dwords) = A (8 x 128 s8) x B (128 x 32 s8, VNNI-packed), two 8x16 tiles of C
/// per step of K (32), four steps: block 2D loads of A and of both B tiles, two DPAS, a
/// uniform loop through JMP; then C stored with block 2D stores.
fn gemm_kernel() -> BoxedStrategy<GenCase> {
    const TEXT: &str = ".kernel \"gemm\"
.decl A v_type=G type=d num_elts=64
.decl B0 v_type=G type=d num_elts=128
.decl B1 v_type=G type=d num_elts=128
.decl C0 v_type=G type=d num_elts=128
.decl C1 v_type=G type=d num_elts=128
.decl KX v_type=G type=d num_elts=1
.decl BY v_type=G type=d num_elts=1
.decl K v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=1
mov (M1_NM, 32) C0(0,0)<1> 0x0:d
mov (M1_NM, 32) C0(2,0)<1> 0x0:d
mov (M1_NM, 32) C0(4,0)<1> 0x0:d
mov (M1_NM, 32) C0(6,0)<1> 0x0:d
mov (M1_NM, 32) C1(0,0)<1> 0x0:d
mov (M1_NM, 32) C1(2,0)<1> 0x0:d
mov (M1_NM, 32) C1(4,0)<1> 0x0:d
mov (M1_NM, 32) C1(6,0)<1> 0x0:d
mov (M1_NM, 1) KX(0,0)<1> 0x0:d
mov (M1_NM, 1) BY(0,0)<1> 0x0:d
mov (M1_NM, 1) K(0,0)<1> 0x0:ud
LOOP:
lsc_load_block2d.ugm (M1_NM, 1) A:d32.1x8x8nn flat[0x10000,0x7f,0x7,0x7f,KX,0x0]
lsc_load_block2d.ugm (M1_NM, 1) B0:d32.1x16x8nn flat[0x20000,0x7f,0x1f,0x7f,0x0,BY]
lsc_load_block2d.ugm (M1_NM, 1) B1:d32.1x16x8nn flat[0x20000,0x7f,0x1f,0x7f,0x10,BY]
dpas.s8.s8.8.8 (M1, 16) C0.0 C0.0 B0.0 A(0,0)
dpas.s8.s8.8.8 (M1, 16) C1.0 C1.0 B1.0 A(0,0)
add (M1_NM, 1) KX(0,0)<1> KX(0,0)<0;1,0> 0x8:d
add (M1_NM, 1) BY(0,0)<1> BY(0,0)<0;1,0> 0x8:d
add (M1_NM, 1) K(0,0)<1> K(0,0)<0;1,0> 0x1:ud
cmp.lt (M1_NM, 1) P1 K(0,0)<0;1,0> 0x4:ud
(P1) jmp (M1, 1) LOOP
lsc_store_block2d.ugm (M1_NM, 1) flat[0x30000,0x7f,0x7,0x7f,0x0,0x0] C0:d32.1x16x8nn
lsc_store_block2d.ugm (M1_NM, 1) flat[0x30000,0x7f,0x7,0x7f,0x10,0x0] C1:d32.1x16x8nn
";
    (
        prop::collection::vec(any::<u8>(), 8 * 128),
        prop::collection::vec(any::<u8>(), 32 * 128),
    )
        .prop_map(|(a, b)| {
            let region = |addr: u64, bytes: Vec<u8>| crate::vector::MemRegion {
                space: "flat".to_string(),
                addr,
                bytes,
            };
            kernel_case(
                visa_model::platform::Platform::XeHpc,
                "kernel-gemm",
                TEXT,
                Vec::new(),
                vec![region(0x10000, a), region(0x20000, b)],
            )
        })
        .boxed()
}

fn every_case(_: &GenCase) -> bool {
    true
}

/// Cases of execution size 16 (the instruction's text holds `(M.., 16)`).
fn is_simd16(case: &GenCase) -> bool {
    case.text.contains(", 16)")
}

/// SIMD16 cases that run to their end (no lane misaligned on purpose).
fn is_simd16_aligned(case: &GenCase) -> bool {
    is_simd16(case) && !case.tags.iter().any(|t| t == "misaligned")
}

/// Draws at most this many cases per case kept before giving up on a stream whose `keep`
/// rejects nearly everything.
const DRAWS_PER_CASE: usize = 100;

/// The cases of a stream ready to run: everything but the execution done.
///
/// Each part is an array in case order, so that a timed pass reads only what its engine
/// needs (the spec its programs, the oracle its plans, both the initial states), from
/// consecutive addresses as the instructions of one program would be, and the generated
/// cases, which only the reports read, share no cache line with them.
#[derive(Debug, Default)]
struct Prepared {
    /// The generated cases: a report names a failing one as a vector line.
    cases: Vec<GenCase>,
    /// Each case's validated program and configuration, the spec's input.
    programs: Vec<(Program, ExecConfig)>,
    /// Each case's initial state, restored before its runs.
    inits: Vec<MachineState>,
    /// Each case's compiled plan, the oracle's input.
    plans: Vec<Plan>,
    /// Instructions, lanes (`exec_size` per instruction) and DPAS multiply-accumulates of
    /// one run of every case.
    insns: u64,
    lanes: u64,
    macs: u64,
}

/// Why a stream could not be benchmarked.
#[derive(Debug)]
enum Failure {
    /// `run_batch` panicked where no single run of a case does: a bug of the oracle.
    Batch(String),
    /// The engines end a case differently: a bug of one of them.
    Disagree { case: usize, detail: String },
}

/// Runs the bench and writes its report to `out`; returns the exit status: [`EXIT_OK`],
/// [`EXIT_FAIL`] when a stream cannot be prepared or the engines disagree, [`EXIT_INPUT`]
/// for bad arguments.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> io::Result<u8> {
    if args.cases == 0 || args.repeat == 0 || args.rounds == 0 {
        writeln!(
            out,
            "bench: --cases, --repeat and --rounds must be at least 1"
        )?;
        return Ok(EXIT_INPUT);
    }
    let streams: Vec<&Stream> = STREAMS
        .iter()
        .filter(|s| {
            args.only
                .as_ref()
                .is_none_or(|p| s.name.contains(p.as_str()))
        })
        .collect();
    if streams.is_empty() && !launch_selected(args) {
        let mut names: Vec<&str> = STREAMS.iter().map(|s| s.name).collect();
        names.push("launch");
        writeln!(
            out,
            "bench: no stream matches `{}` (streams: {})",
            args.only.as_deref().unwrap_or_default(),
            names.join(", ")
        )?;
        return Ok(EXIT_INPUT);
    }
    let min_time = Duration::from_millis(args.min_time_ms);
    for stream in streams {
        let cases = match prepare(stream, args.seed, args.cases) {
            Ok(cases) => cases,
            Err(message) => {
                writeln!(out, "bench {}: {message}", stream.name)?;
                return Ok(EXIT_FAIL);
            }
        };
        match verify(&cases) {
            Ok(()) => {}
            Err(Failure::Batch(message)) => {
                writeln!(out, "bench {}: {message}", stream.name)?;
                return Ok(EXIT_FAIL);
            }
            Err(Failure::Disagree { case, detail }) => {
                writeln!(out, "bench: engines disagree on case {case}")?;
                writeln!(out, "bench {}: case {case}: {detail}", stream.name)?;
                if let Some(generated) = cases.cases.get(case) {
                    // The case as a vector line, to replay with `visa-conform exec`.
                    let id = format!("bench-{}-{}-{case}", stream.name, args.seed);
                    writeln!(out, "{}", generated.to_case(&id).to_line())?;
                }
                return Ok(EXIT_FAIL);
            }
        }
        let measured = measure(&cases, min_time, args.repeat, args.rounds);
        report(stream.name, &measured, out)?;
        if stream.name.starts_with("math") {
            libm_report(stream.name, &cases, &measured, min_time, out)?;
        }
    }
    if launch_selected(args) {
        return launch_stream(args, min_time, out);
    }
    Ok(EXIT_OK)
}

/// The seed of the proptest runner for `seed`.
fn rng(seed: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// The first `count` cases of `stream` for `seed`: the same arguments give the same cases.
///
/// Fails when the generator gives up, or when `keep` rejects so many draws that `count` cases
/// would take more than 100 draws each.
pub fn draw(stream: &Stream, seed: u64, count: usize) -> Result<Vec<GenCase>, String> {
    // The generators filter locally (regions that fit a variable): never give up on that.
    let config = Config {
        max_local_rejects: u32::MAX,
        max_global_rejects: u32::MAX,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, rng(seed));
    let strategy = stream
        .cases
        .strategy()
        .ok_or_else(|| format!("stream {}: no such instruction", stream.name))?;
    let mut out = Vec::with_capacity(count);
    let mut draws = 0usize;
    while out.len() < count {
        if draws >= count.saturating_mul(DRAWS_PER_CASE) {
            return Err(format!(
                "kept {} cases of {draws} drawn; the stream needs {count}",
                out.len()
            ));
        }
        draws += 1;
        let case = strategy
            .new_tree(&mut runner)
            .map_err(|e| format!("the generator gave no case: {e}"))?
            .current();
        if (stream.keep)(&case) {
            out.push(case);
        }
    }
    Ok(out)
}

/// Draws the cases of `stream` and makes them ready to run.
fn prepare(stream: &Stream, seed: u64, count: usize) -> Result<Prepared, String> {
    let mut prepared = Prepared::default();
    for (k, case) in draw(stream, seed, count)?.into_iter().enumerate() {
        let (program, config, init, plan) = prepare_case(&case)
            .map_err(|e| format!("generated case {k} does not run (a generator bug): {e}"))?;
        let lanes = program
            .insns
            .iter()
            .map(|i| u64::from(i.exec_size))
            .sum::<u64>();
        if program.has_control_flow() {
            // The instructions one run executes (`verify` checks the spec ends alike);
            // lanes at the program's mean execution size; DPAS rates are not reported.
            let (_, executed) = plan.run_counted(&mut init.clone());
            let insns = program.insns.len().max(1) as u64;
            prepared.insns += executed;
            prepared.lanes += executed * lanes / insns;
        } else {
            prepared.insns += program.insns.len() as u64;
            prepared.lanes += lanes;
            prepared.macs += macs(&program);
        }
        prepared.cases.push(case);
        prepared.programs.push((program, config));
        prepared.inits.push(init);
        prepared.plans.push(plan);
    }
    Ok(prepared)
}

/// Compiles one case ([`crate::case::compile`], as `run_case` does for a vector) and the
/// oracle's plan of it.
fn prepare_case(case: &GenCase) -> Result<(Program, ExecConfig, MachineState, Plan), String> {
    let Compiled {
        program,
        config,
        state,
    } = compile(&case.to_case("bench")).map_err(|e| e.to_string())?;
    let plan = Plan::compile(&program, &config).map_err(|e| e.to_string())?;
    Ok((program, config, state, plan))
}

/// Copies `src` into `dst`, reusing `dst`'s allocations: a fresh state without the cost of
/// allocating one.
fn restore(dst: &mut MachineState, src: &MachineState) {
    // Destructured so that a new field of the state cannot be forgotten here.
    let MachineState {
        grf,
        preds,
        addrs,
        handles,
        emask,
        mem,
        undefined,
        partner_grf,
    } = src;
    dst.grf.clone_from(grf);
    dst.preds.clone_from(preds);
    dst.addrs.clone_from(addrs);
    dst.handles.clone_from(handles);
    dst.emask = *emask;
    dst.mem.clone_from(mem);
    dst.undefined.clone_from(undefined);
    dst.partner_grf.clone_from(partner_grf);
}

/// Runs `f`; an engine's panic becomes an error naming it.
fn guarded(
    engine: &str,
    f: impl FnOnce() -> Result<(), VisaError>,
) -> Result<Result<(), VisaError>, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        format!("the {engine} engine panicked: {what}")
    })
}

/// Whether two runs of a case end alike: the same state and, on error, the same error class.
fn same_end(
    a: &(Result<(), VisaError>, MachineState),
    b: &(Result<(), VisaError>, MachineState),
) -> bool {
    let outcome = match (&a.0, &b.0) {
        (Ok(()), Ok(())) => true,
        (Err(x), Err(y)) => x.class == y.class,
        _ => false,
    };
    outcome && a.1 == b.1
}

fn describe(end: &(Result<(), VisaError>, MachineState)) -> String {
    match &end.0 {
        Ok(()) => "ok".to_string(),
        Err(e) => format!("error {e}"),
    }
}

/// Checks, untimed, that every way the bench runs a case ends it as the spec does.
fn verify(cases: &Prepared) -> Result<(), Failure> {
    let mut batch: Vec<(&Plan, MachineState)> = cases
        .plans
        .iter()
        .zip(cases.inits.iter().cloned())
        .collect();
    let batch_results = guarded("oracle", || {
        visa_oracle::run_batch(&mut batch)
            .into_iter()
            .collect::<Result<Vec<()>, VisaError>>()
            .map(|_| ())
    });
    for (k, (((program, config), init), plan)) in cases
        .programs
        .iter()
        .zip(&cases.inits)
        .zip(&cases.plans)
        .enumerate()
    {
        let mut spec_state = init.clone();
        let spec = guarded("spec", || {
            visa_spec::exec::run(program, &mut spec_state, config)
        })
        .map_err(|detail| Failure::Disagree { case: k, detail })?;
        let spec = (spec, spec_state);
        let mut run_state = init.clone();
        let run = guarded("oracle", || {
            visa_oracle::run(program, &mut run_state, config)
        })
        .map_err(|detail| Failure::Disagree { case: k, detail })?;
        let mut plan_state = init.clone();
        let plan = guarded("oracle", || plan.run(&mut plan_state))
            .map_err(|detail| Failure::Disagree { case: k, detail })?;
        for (how, end) in [("run", (run, run_state)), ("Plan::run", (plan, plan_state))] {
            if !same_end(&spec, &end) {
                return Err(Failure::Disagree {
                    case: k,
                    detail: format!(
                        "spec ends {}, oracle ({how}) ends {}{}",
                        describe(&spec),
                        describe(&end),
                        if spec.0.is_ok() == end.0.is_ok() {
                            " in another state"
                        } else {
                            ""
                        }
                    ),
                });
            }
        }
        if batch_results.is_ok() && batch[k].1 != spec.1 {
            return Err(Failure::Disagree {
                case: k,
                detail: "run_batch ends in another state than the spec".to_string(),
            });
        }
    }
    // A panic inside the batch that no single run reproduced.
    if let Err(detail) = batch_results {
        return Err(Failure::Batch(format!("run_batch: {detail}")));
    }
    Ok(())
}

/// What one measurement counted.
#[derive(Clone, Copy, Debug, Default)]
struct Rate {
    insns: u64,
    lanes: u64,
    macs: u64,
    elapsed: Duration,
}

impl Rate {
    /// Both measurements' counts and times together.
    fn plus(self, other: Rate) -> Rate {
        Rate {
            insns: self.insns + other.insns,
            lanes: self.lanes + other.lanes,
            macs: self.macs + other.macs,
            elapsed: self.elapsed + other.elapsed,
        }
    }
    fn insns_per_sec(&self) -> f64 {
        per_sec(self.insns, self.elapsed)
    }
    fn lanes_per_sec(&self) -> f64 {
        per_sec(self.lanes, self.elapsed)
    }
    fn macs_per_sec(&self) -> f64 {
        per_sec(self.macs, self.elapsed)
    }
}

fn per_sec(count: u64, elapsed: Duration) -> f64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        count as f64 / secs
    } else {
        0.0
    }
}

/// Repeats `pass` (one run over the whole stream, each case's program `repeat` times) until
/// `min_time` has passed, at least once.
fn timed(cases: &Prepared, min_time: Duration, repeat: u32, mut pass: impl FnMut()) -> Rate {
    let insns = cases.insns * u64::from(repeat);
    let lanes = cases.lanes * u64::from(repeat);
    let macs = cases.macs * u64::from(repeat);
    let mut rate = Rate::default();
    let start = Instant::now();
    loop {
        pass();
        rate.insns += insns;
        rate.lanes += lanes;
        rate.macs += macs;
        rate.elapsed = start.elapsed();
        if rate.elapsed >= min_time {
            return rate;
        }
    }
}

/// Lanes per second of `pass`, which computes `lanes` lanes, repeated for at least
/// `min_time` (once at least, and once only when `min_time` is zero, whatever `lanes` is).
fn lanes_rate(lanes: u64, min_time: Duration, mut pass: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut passes = 0u64;
    while passes == 0 || start.elapsed() < min_time {
        pass();
        passes += 1;
    }
    per_sec(passes * lanes, start.elapsed())
}

/// The measurements of one stream.
#[derive(Clone, Debug, Default)]
struct Measured {
    /// The spec and the precompiled oracle, over every round.
    spec: Rate,
    oracle_plan: Rate,
    /// Each round's ratio of the oracle's rate to the spec's, in round order.
    round_ratios: Vec<f64>,
    oracle_run: Rate,
    oracle_batch: Rate,
    reset: Rate,
    threads: usize,
}

impl Measured {
    /// The median of the rounds' ratios (the mean of the middle two for an even count).
    fn ratio(&self) -> f64 {
        median(&self.round_ratios)
    }
}

/// The median of `xs` (0 when empty).
fn median(xs: &[f64]) -> f64 {
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// One pass of the spec over the stream.
fn spec_pass(cases: &Prepared, state: &mut MachineState, repeat: u32) {
    for ((program, config), init) in cases.programs.iter().zip(&cases.inits) {
        restore(state, init);
        for _ in 0..repeat {
            let _ = std::hint::black_box(visa_spec::exec::run(program, state, config));
        }
    }
}

/// One pass of the precompiled oracle over the stream.
fn plan_pass(cases: &Prepared, state: &mut MachineState, repeat: u32) {
    for (plan, init) in cases.plans.iter().zip(&cases.inits) {
        restore(state, init);
        for _ in 0..repeat {
            let _ = std::hint::black_box(plan.run(state));
        }
    }
}

fn measure(cases: &Prepared, min_time: Duration, repeat: u32, rounds: u32) -> Measured {
    let Some(first) = cases.inits.first() else {
        return Measured::default();
    };
    // One state for the single-core runs, restored before each case.
    let mut state = first.clone();
    // The spec and the oracle in alternating rounds, each engine first in every other one.
    let round_time = min_time / rounds.max(1);
    let mut spec = Rate::default();
    let mut oracle_plan = Rate::default();
    let mut round_ratios = Vec::new();
    for k in 0..rounds.max(1) {
        let mut time = |pass: fn(&Prepared, &mut MachineState, u32)| {
            timed(cases, round_time, repeat, || {
                pass(cases, &mut state, repeat)
            })
        };
        let (s, o) = if k % 2 == 0 {
            let s = time(spec_pass);
            (s, time(plan_pass))
        } else {
            let o = time(plan_pass);
            (time(spec_pass), o)
        };
        spec = spec.plus(s);
        oracle_plan = oracle_plan.plus(o);
        let spec_rate = s.insns_per_sec();
        round_ratios.push(if spec_rate > 0.0 {
            o.insns_per_sec() / spec_rate
        } else {
            0.0
        });
    }
    let oracle_run = timed(cases, min_time, repeat, || {
        for ((program, config), init) in cases.programs.iter().zip(&cases.inits) {
            restore(&mut state, init);
            for _ in 0..repeat {
                let _ = std::hint::black_box(visa_oracle::run(program, &mut state, config));
            }
        }
    });
    let mut batch: Vec<(&Plan, MachineState)> = cases
        .plans
        .iter()
        .zip(cases.inits.iter().cloned())
        .collect();
    let oracle_batch = timed(cases, min_time, repeat, || {
        batch
            .par_iter_mut()
            .zip(cases.inits.par_iter())
            .for_each(|((_, state), init)| restore(state, init));
        for _ in 0..repeat {
            std::hint::black_box(visa_oracle::run_batch(&mut batch));
        }
    });
    let reset = timed(cases, min_time, 1, || {
        for init in &cases.inits {
            restore(&mut state, init);
            std::hint::black_box(&mut state);
        }
    });
    Measured {
        spec,
        oracle_plan,
        round_ratios,
        oracle_run,
        oracle_batch,
        reset,
        threads: rayon::current_num_threads(),
    }
}

fn report(name: &str, m: &Measured, out: &mut dyn Write) -> io::Result<()> {
    let spec = m.spec.insns_per_sec();
    let oracle = m.oracle_plan.insns_per_sec();
    writeln!(
        out,
        "bench {name} spec={:.0}/s oracle={:.0}/s ratio={:.1}",
        spec,
        oracle,
        m.ratio()
    )?;
    let lowest = m.round_ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = m.round_ratios.iter().copied().fold(0.0, f64::max);
    writeln!(
        out,
        "bench {name} rounds={} ratio-min={:.1} ratio-max={:.1}",
        m.round_ratios.len(),
        if lowest.is_finite() { lowest } else { 0.0 },
        highest
    )?;
    writeln!(
        out,
        "bench {name} oracle-run={:.0}/s oracle={:.0}/s oracle-batch={:.0}/s threads={}",
        m.oracle_run.insns_per_sec(),
        oracle,
        m.oracle_batch.insns_per_sec(),
        m.threads
    )?;
    writeln!(
        out,
        "bench {name} spec-lanes={:.0}/s oracle-lanes={:.0}/s reset={:.0}/s",
        m.spec.lanes_per_sec(),
        m.oracle_plan.lanes_per_sec(),
        m.reset.insns_per_sec()
    )?;
    if m.oracle_plan.macs > 0 {
        writeln!(
            out,
            "bench {name} spec-macs={:.0}/s oracle-macs={:.0}/s oracle-batch-macs={:.0}/s",
            m.spec.macs_per_sec(),
            m.oracle_plan.macs_per_sec(),
            m.oracle_batch.macs_per_sec()
        )?;
    }
    Ok(())
}

/// The libm function `$f` of `$x` (and `$y`), in the precision of their type (f32 and f64
/// have the same methods).
macro_rules! libm_apply {
    ($f:expr, $x:expr, $y:expr) => {{
        let (x, y) = ($x, $y);
        match $f {
            LibmFn::Inv => 1.0 / x,
            LibmFn::Log2 => x.log2(),
            LibmFn::Exp2 => x.exp2(),
            LibmFn::Sqrt => x.sqrt(),
            LibmFn::Rsqrt => 1.0 / x.sqrt(),
            LibmFn::Sin => x.sin(),
            LibmFn::Cos => x.cos(),
            LibmFn::PowAbs => x.abs().powf(y),
            LibmFn::Floor => x.floor(),
            LibmFn::Ceil => x.ceil(),
            LibmFn::RoundEven => x.round_ties_even(),
            LibmFn::Trunc => x.trunc(),
            LibmFn::Fract => x - x.floor(),
            LibmFn::Div => x / y,
        }
    }};
}

/// One lane of a math instruction as the platform's libm computes it: the function, the
/// inputs, and whether the lane is double precision (else single: F and HF lanes).
#[derive(Clone, Copy, Debug)]
struct LibmLane {
    f: LibmFn,
    x: f64,
    y: f64,
    double: bool,
}

/// The F lanes of one math instruction as the oracle's numeric core takes them: the
/// function, %cr0's rounding mode and the raw F bits of each enabled channel's inputs.
#[derive(Clone, Debug)]
struct CoreBatch {
    f: CoreFn,
    libm: LibmFn,
    rnd: visa_oracle::math::Rounding,
    xs: Vec<u64>,
    ys: Vec<u64>,
}

/// A correctly rounded function of the oracle's numeric core (`visa_oracle::math`).
#[derive(Clone, Copy, Debug)]
enum CoreFn {
    Unary(visa_oracle::math::Unary),
    Binary(visa_oracle::math::Binary),
}

impl CoreFn {
    /// The core function behind an approximated math instruction (INV, LOG, EXP, SQRT,
    /// RSQRT, SIN, COS, POW); `None` for the exact ones (rounding, FRC, the IEEE macros).
    fn of(f: LibmFn) -> Option<CoreFn> {
        use visa_oracle::math::{Binary, Unary};
        Some(match f {
            LibmFn::Inv => CoreFn::Unary(Unary::Inv),
            LibmFn::Log2 => CoreFn::Unary(Unary::Log2),
            LibmFn::Exp2 => CoreFn::Unary(Unary::Exp2),
            LibmFn::Sqrt => CoreFn::Unary(Unary::Sqrt),
            LibmFn::Rsqrt => CoreFn::Unary(Unary::Rsqrt),
            LibmFn::Sin => CoreFn::Unary(Unary::Sin),
            LibmFn::Cos => CoreFn::Unary(Unary::Cos),
            LibmFn::PowAbs => CoreFn::Binary(Binary::PowAbs),
            _ => return None,
        })
    }

    /// Runs the batch; returns how many lanes took the exact path.
    fn run(self, b: &CoreBatch, out: &mut [u64]) -> usize {
        use visa_oracle::math::{binary_batch, unary_batch, Format};
        match self {
            CoreFn::Unary(f) => unary_batch(f, Format::F, Format::F, b.rnd, &b.xs, out),
            CoreFn::Binary(f) => binary_batch(f, Format::F, Format::F, b.rnd, &b.xs, &b.ys, out),
        }
    }
}

/// The libm function (or IEEE operation) of a math instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LibmFn {
    Inv,
    Log2,
    Exp2,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    PowAbs,
    Floor,
    Ceil,
    RoundEven,
    Trunc,
    Fract,
    Div,
}

impl LibmFn {
    /// The libm function of a math instruction, by mnemonic.
    fn of(opcode: Opcode) -> Option<LibmFn> {
        Some(match opcode.mnemonic() {
            "inv" => LibmFn::Inv,
            "log" => LibmFn::Log2,
            "exp" => LibmFn::Exp2,
            "sqrt" | "sqrtm" => LibmFn::Sqrt,
            "rsqrt" => LibmFn::Rsqrt,
            "sin" => LibmFn::Sin,
            "cos" => LibmFn::Cos,
            "pow" => LibmFn::PowAbs,
            "rndd" => LibmFn::Floor,
            "rndu" => LibmFn::Ceil,
            "rnde" => LibmFn::RoundEven,
            "rndz" => LibmFn::Trunc,
            "frc" => LibmFn::Fract,
            "divm" => LibmFn::Div,
            _ => return None,
        })
    }

    fn single(self, x: f32, y: f32) -> f32 {
        libm_apply!(self, x, y)
    }

    fn double(self, x: f64, y: f64) -> f64 {
        libm_apply!(self, x, y)
    }
}

/// The enabled lanes of a stream's cases whose instruction has a libm counterpart, with
/// the inputs the instruction reads (after modifiers and denormal flushing).
fn libm_lanes(cases: &Prepared) -> Vec<LibmLane> {
    let mut lanes = Vec::new();
    for (k, case) in cases.cases.iter().enumerate() {
        let Some(insn) = crate::expect::contract::float_insn(&case.to_case(&k.to_string())) else {
            continue;
        };
        let Some(f) = LibmFn::of(insn.opcode) else {
            continue;
        };
        let double = insn.ty == visa_model::types::DataType::DF;
        for channel in &insn.channels {
            let arg = |i: usize| {
                channel
                    .args
                    .get(i)
                    .map_or(0.0, crate::expect::contract::to_f64)
            };
            lanes.push(LibmLane {
                f,
                x: arg(0),
                y: arg(1),
                double,
            });
        }
    }
    lanes
}

/// The F instructions of a stream's cases whose function the oracle's numeric core
/// computes, one batch per instruction (the batches the oracle's plans pass to the core).
fn core_batches(cases: &Prepared) -> Vec<CoreBatch> {
    use visa_oracle::math::Rounding;
    let mut batches = Vec::new();
    for (k, case) in cases.cases.iter().enumerate() {
        let Some(insn) = crate::expect::contract::float_insn(&case.to_case(&k.to_string())) else {
            continue;
        };
        let Some((libm, f)) = LibmFn::of(insn.opcode).and_then(|l| Some((l, CoreFn::of(l)?)))
        else {
            continue;
        };
        if insn.ty != visa_model::types::DataType::F {
            continue;
        }
        let rnd = match insn.mode.rounding {
            visa_spec::num::Rounding::Rtne => Rounding::NearestEven,
            visa_spec::num::Rounding::Ru => Rounding::Up,
            visa_spec::num::Rounding::Rd => Rounding::Down,
            visa_spec::num::Rounding::Rtz => Rounding::Zero,
        };
        let bits = |c: &crate::expect::contract::Channel, i: usize| {
            c.args.get(i).map_or(0, |v| {
                u64::from((crate::expect::contract::to_f64(v) as f32).to_bits())
            })
        };
        if insn.channels.is_empty() {
            continue;
        }
        batches.push(CoreBatch {
            f,
            libm,
            rnd,
            xs: insn.channels.iter().map(|c| bits(c, 0)).collect(),
            ys: insn.channels.iter().map(|c| bits(c, 1)).collect(),
        });
    }
    batches
}

/// Times libm (single precision) and the oracle's numeric core on the same F lanes, each
/// for `min_time`: the rate per lane of each, and how many of the lanes the core computes
/// by its exact path.
fn core_and_libm(batches: &[CoreBatch], min_time: Duration) -> (f64, f64, usize) {
    let lanes: u64 = batches.iter().map(|b| b.xs.len() as u64).sum();
    let mut out = vec![0u64; batches.iter().map(|b| b.xs.len()).max().unwrap_or(0)];
    let exact = batches.iter().map(|b| b.f.run(b, &mut out)).sum();
    let core = lanes_rate(lanes, min_time, || {
        for b in batches {
            b.f.run(b, &mut out);
            std::hint::black_box(&mut out);
        }
    });
    let f32s: Vec<(LibmFn, f32, f32)> = batches
        .iter()
        .flat_map(|b| {
            b.xs.iter()
                .zip(&b.ys)
                .map(move |(&x, &y)| (b.libm, f32::from_bits(x as u32), f32::from_bits(y as u32)))
        })
        .collect();
    let libm = lanes_rate(lanes, min_time, || {
        for &(f, x, y) in &f32s {
            std::hint::black_box(f.single(std::hint::black_box(x), y));
        }
    });
    (core, libm, exact)
}

/// Times the platform's libm over the stream's lanes and prints its rate per lane beside
/// the oracle's (whole instructions, precompiled): `oracle/libm` is how many times libm's
/// time per lane the oracle takes.
fn libm_report(
    name: &str,
    cases: &Prepared,
    m: &Measured,
    min_time: Duration,
    out: &mut dyn Write,
) -> io::Result<()> {
    let lanes = libm_lanes(cases);
    if lanes.is_empty() {
        return Ok(());
    }
    let libm = lanes_rate(lanes.len() as u64, min_time, || {
        for l in &lanes {
            if l.double {
                std::hint::black_box(l.f.double(std::hint::black_box(l.x), l.y));
            } else {
                std::hint::black_box(l.f.single(std::hint::black_box(l.x as f32), l.y as f32));
            }
        }
    });
    let oracle = m.oracle_plan.lanes_per_sec();
    writeln!(
        out,
        "bench {name} libm-lanes={libm:.0}/s oracle-lanes={oracle:.0}/s oracle/libm={:.1} ({} lanes)",
        if oracle > 0.0 { libm / oracle } else { 0.0 },
        lanes.len()
    )?;
    let batches = core_batches(cases);
    if batches.is_empty() {
        return Ok(());
    }
    let (core, libm_f, exact) = core_and_libm(&batches, min_time);
    writeln!(
        out,
        "bench {name} f-libm-lanes={libm_f:.0}/s f-core-lanes={core:.0}/s core/libm={:.1} ({} F lanes, {exact} exact)",
        if core > 0.0 { libm_f / core } else { 0.0 },
        batches.iter().map(|b| b.xs.len()).sum::<usize>()
    )
}

// The `launch` stream: a kernel of many work-groups (`visa-conform launch`, docs/launch.md)
// on the oracle, with 1 and 2 jobs, under the default race detection and without it.

/// IGC's SIMD16 Collatz loop for xe-hpg (`loop.cl`) and its interface.
const LAUNCH_KERNEL: &str = include_str!("../tests/dumps/igc/xe-hpg/loop.visaasm");
const LAUNCH_INTERFACE: &str = include_str!("../tests/dumps/igc/xe-hpg/loop.interface.json");

/// Work-items of one work-group of the launch stream (4 SIMD16 threads).
const LAUNCH_LOCAL: u64 = 64;

/// Whether `--only` selects the launch stream.
fn launch_selected(args: &BenchArgs) -> bool {
    args.only
        .as_ref()
        .is_none_or(|p| "launch".contains(p.as_str()))
}

/// `bench launch`: the Collatz loop over `--cases / 10` work-groups (2 to 64) of 64
/// items, seeded inputs below 2^20, launched on the oracle with 1 and then 2 jobs, each
/// for at least `min_time`, after a check outside timing that both give the same report.
/// Lines: `bench launch races=R jobs=J work-groups=N/s instructions=N/s` and the speedup
/// of 2 jobs over 1.
fn launch_stream(args: &BenchArgs, min_time: Duration, out: &mut dyn Write) -> io::Result<u8> {
    use crate::case::{EngineKind, Limits};
    use crate::launch::{self, races::RacesMode, sched::Schedule, HostArg, Request};
    let fail = |out: &mut dyn Write, message: String| -> io::Result<u8> {
        writeln!(out, "bench launch: {message}")?;
        Ok(EXIT_FAIL)
    };
    let interface = match launch::interface::read(LAUNCH_INTERFACE) {
        Ok(i) => i,
        Err(e) => return fail(out, e.to_string()),
    };
    let groups = (args.cases as u64 / 10).clamp(2, 64);
    let items = groups * LAUNCH_LOCAL;
    let mut seed = launch::sched::Rng::new(args.seed);
    let input: Vec<u8> = (0..items)
        .flat_map(|_| ((seed.next_u64() % (1 << 20)) as u32 + 1).to_le_bytes())
        .collect();
    let request = |races, jobs| Request {
        program: LAUNCH_KERNEL,
        platform: "xe-hpg",
        interface: &interface,
        interface_file: "loop.interface.json",
        global: [items, 1, 1],
        local: [LAUNCH_LOCAL, 1, 1],
        offset: [0; 3],
        dims: 1,
        args: vec![
            HostArg::Buffer(vec![0; input.len()]),
            HostArg::Buffer(input.clone()),
        ],
        engine: EngineKind::Oracle,
        limits: Limits::default(),
        schedule: Schedule::InOrder,
        races,
        jobs,
    };
    let mut speedups = Vec::new();
    for races in [RacesMode::Error, RacesMode::Off] {
        let name = if races == RacesMode::Off {
            "off"
        } else {
            "error"
        };
        let mut rates = Vec::new();
        let mut first: Option<launch::Report> = None;
        for jobs in [1, 2] {
            let req = request(races, jobs);
            let report = match launch::launch(&req) {
                Ok(r) if r.error.is_none() => r,
                Ok(r) => return fail(out, format!("the launch failed: {:?}", r.error)),
                Err(e) => return fail(out, e),
            };
            if first.as_ref().is_some_and(|f| *f != report) {
                return fail(out, format!("{jobs} jobs give another report than 1"));
            }
            let start = Instant::now();
            let mut runs = 0u64;
            while runs == 0 || start.elapsed() < min_time {
                // Checked above: the same launch cannot fail now.
                let _ = launch::launch(&req);
                runs += 1;
            }
            let seconds = start.elapsed().as_secs_f64().max(1e-9);
            let rate = runs as f64 / seconds;
            writeln!(
                out,
                "bench launch races={name} jobs={jobs} work-groups={:.0}/s instructions={:.0}/s",
                rate * report.work_groups as f64,
                rate * report.instructions as f64
            )?;
            rates.push(rate);
            first.get_or_insert(report);
        }
        if let [one, two] = rates[..] {
            speedups.push(format!("races={name}:{:.2}", two / one.max(1e-9)));
        }
    }
    writeln!(
        out,
        "bench launch work-groups={groups} speedup(2/1) {} cores={}",
        speedups.join(" "),
        std::thread::available_parallelism().map_or(1, usize::from)
    )?;
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn restore_gives_the_initial_state_whatever_the_state_before() {
        let cases = prepare(&STREAMS[0], 1, 10).unwrap();
        assert_eq!(cases.cases.len(), 10);
        let mut state = cases.inits[9].clone();
        state.grf.iter_mut().for_each(|b| *b = 0xa5);
        state.emask = 0;
        for (init, case) in cases.inits.iter().zip(&cases.cases) {
            restore(&mut state, init);
            assert_eq!(&state, init, "{}", case.text);
        }
    }

    /// The core's batches are the F instructions' enabled lanes, and running one gives the
    /// core's function on each lane (what the plan would compute before the destination's
    /// modes), so `core/libm` times the work it names.
    #[test]
    fn core_batches_are_the_f_lanes_of_the_approximated_functions() {
        use visa_oracle::math::{unary, Format, Unary};
        let stream = STREAMS.iter().find(|s| s.name == "math-inv").unwrap();
        let cases = prepare(stream, 3, 60).unwrap();
        let batches = core_batches(&cases);
        let f_insns = cases
            .cases
            .iter()
            .enumerate()
            .filter_map(|(k, c)| crate::expect::contract::float_insn(&c.to_case(&k.to_string())))
            .filter(|i| i.ty == visa_model::types::DataType::F && !i.channels.is_empty())
            .count();
        assert_eq!(batches.len(), f_insns);
        let lanes: usize = batches.iter().map(|b| b.xs.len()).sum();
        assert!(lanes > 50, "{lanes} F lanes");
        for b in &batches {
            assert!(matches!(b.f, CoreFn::Unary(Unary::Inv)) && b.libm == LibmFn::Inv);
            let mut out = vec![0; b.xs.len()];
            b.f.run(b, &mut out);
            for (&x, &r) in b.xs.iter().zip(&out) {
                assert_eq!(
                    r,
                    unary(Unary::Inv, x, Format::F, Format::F, b.rnd),
                    "{x:#x}"
                );
            }
        }
    }

    #[test]
    fn a_rate_over_no_lanes_is_one_pass_when_no_time_is_asked() {
        // Seed 7's math-inv stream draws F instructions whose lanes are all disabled: a
        // pass over them computes no lane, and counting lanes instead of passes never ended.
        let mut passes = 0;
        let rate = lanes_rate(0, Duration::ZERO, || {
            passes += 1;
            assert_eq!(passes, 1, "a second pass with no time asked");
        });
        assert_eq!((passes, rate), (1, 0.0));
    }

    #[test]
    fn the_ratio_is_the_median_of_the_rounds() {
        let with = |round_ratios: Vec<f64>| Measured {
            round_ratios,
            ..Measured::default()
        };
        // Odd count: the middle value once sorted, whatever the order of the rounds.
        assert_eq!(with(vec![12.0, 3.0, 30.0, 11.0, 10.0]).ratio(), 11.0);
        // Even count: the mean of the middle two.
        assert_eq!(with(vec![9.0, 1.0, 40.0, 11.0]).ratio(), 10.0);
        assert_eq!(with(vec![]).ratio(), 0.0);
    }

    #[test]
    fn same_end_compares_states_and_error_classes() {
        let cases = prepare(&STREAMS[0], 1, 1).unwrap();
        let init = cases.inits[0].clone();
        let mut other = init.clone();
        other.emask ^= 1;
        let ok = (Ok(()), init.clone());
        let invalid = || Err(VisaError::invalid("x"));
        assert!(same_end(&ok, &ok.clone()));
        assert!(!same_end(&ok, &(Ok(()), other)));
        assert!(!same_end(&ok, &(invalid(), init.clone())));
        assert!(same_end(
            &(invalid(), init.clone()),
            &(invalid(), init.clone())
        ));
        let bug = Err(VisaError::model_bug("y"));
        assert!(!same_end(&(invalid(), init.clone()), &(bug, init)));
    }
}

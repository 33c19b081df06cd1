//! What executing an instruction costs: a deterministic weight per executed instruction, the
//! same for every engine, which each charges against [`ExecConfig::cost_limit`] exactly as it
//! counts steps against [`ExecConfig::step_limit`].
//!
//! The step limit bounds how many instructions a run executes, but one instruction may stand
//! for far more work than another: a SIMD32 POW, correctly rounded, costs the specification
//! engine a thousand times a SIMD8 ADD. The cost is what an instruction stands for, as a
//! function of the instruction alone (and, for a call, of the callee's declarations): its
//! class in the opcode table, its execution size, which function a math instruction
//! computes, how many multiply-adds a DPAS does and how many bytes a message moves. It does
//! not depend on the values of the operands, so a run's cost is the same on every engine
//! and every machine.
//!
//! The unit is about one lane of an integer ALU instruction on the specification engine
//! (about 0.2 µs in a release build). Each weight is the cost of its class on that engine,
//! measured over the vectors' instructions, rounded up towards the costliest operands of the
//! class (docs/robustness.md, "Limits").
//!
//! ```
//! use visa_model::{asm, cost, platform::Platform, validate};
//!
//! let text = ".decl V1 v_type=G type=f num_elts=32\n\
//!             add (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:f\n\
//!             pow (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> 0x40000000:f\n";
//! let program = validate::validate(&asm::parse(text).unwrap(), Platform::XeHpg).unwrap();
//! let costs = cost::program(&program);
//! assert!(costs[1] > 100 * costs[0]);
//! ```
//!
//! [`ExecConfig::cost_limit`]: crate::config::ExecConfig::cost_limit
//! [`ExecConfig::step_limit`]: crate::config::ExecConfig::step_limit

use crate::ir::flow::FlowCtrl;
use crate::ir::svm::SvmCtrl;
use crate::ir::{Ctrl, Instruction, Opcode, Program};
use crate::opcode::Class;

/// What every instruction costs whatever its size: reading its fields, its channel enables,
/// the dispatch to its semantics.
pub const BASE: u64 = 4;

/// By lane of an ALU or selection instruction, and by lane of a two-result one.
const ALU_LANE: u64 = 1;
const WIDE_LANE: u64 = 2;

/// By lane of the exact rounding instructions (RNDD, RNDE, RNDU, RNDZ, FRC), of the FP8 and
/// TF32 conversions, and of LRP and PLN (exact products and sums).
const ROUNDING_LANE: u64 = 4;
const CONVERSION_LANE: u64 = 2;
const INTERPOLATION_LANE: u64 = 10;

/// By lane of a correctly rounded algebraic function (INV, SQRT, RSQRT, DIVM, SQRTM, INVM,
/// RSQTM: exact rational arithmetic), of a transcendental one (LOG, EXP, SIN, COS: the exact
/// core, whose precision grows until the result rounds) and of POW (a logarithm and an
/// exponential).
const ALGEBRAIC_LANE: u64 = 16;
const TRANSCENDENTAL_LANE: u64 = 500;
const POW_LANE: u64 = 1000;

/// By multiply-add of a DPAS, DPASW or DP4A: exact float products and sums, and integer
/// ones, per 4 multiply-adds.
const DPAS_FLOAT_MAC: u64 = 5;
const DPAS_INT_MACS_PER_UNIT: u64 = 4;

/// By 2 bytes a memory message moves (the bytes of its data in memory), by address, and by
/// address of an atomic operation (a read, an operation and a write).
const MEMORY_BYTES_PER_UNIT: u64 = 2;
const MEMORY_ADDRESS: u64 = 1;
const ATOMIC_ADDRESS: u64 = 8;

/// By 32 bytes of the callee's variables a function call saves and its return restores.
const FRAME_BYTES_PER_UNIT: u64 = 32;

/// The cost of every instruction of `program`, by program point.
pub fn program(program: &Program) -> Vec<u64> {
    let frames = frame_bytes(program);
    program.insns.iter().map(|i| of(i, &frames)).collect()
}

/// Per unit (the kernel first, [`crate::ir::flow::UnitId`]), the register bytes of its own
/// variables: what a call of it saves for its return (pre-defined variables and aliases
/// excepted; the kernel's, never called, count too).
pub fn frame_bytes(program: &Program) -> Vec<u64> {
    let mut bytes = vec![0u64; program.units.len()];
    for (_, v) in program.vars.iter() {
        if v.predefined || v.alias.is_some() || v.grf_offset.is_none() {
            continue;
        }
        if let Some(b) = bytes.get_mut(v.unit as usize) {
            *b = b.saturating_add(v.byte_size() as u64);
        }
    }
    bytes
}

/// The cost of executing `insn` once; `frames` are the units' [`frame_bytes`] (a function
/// call costs its callee's; IFCALL, whose callee is known only when it runs, the largest).
pub fn of(insn: &Instruction, frames: &[u64]) -> u64 {
    let lanes = u64::from(insn.exec_size);
    let form = insn.opcode.form();
    let work = match form.class {
        Class::Alu | Class::Select => lanes * ALU_LANE,
        Class::Wide => lanes * WIDE_LANE,
        Class::Rounding => lanes * ROUNDING_LANE,
        Class::Conversion => lanes * CONVERSION_LANE,
        Class::Interpolation => lanes * INTERPOLATION_LANE,
        Class::Math => lanes * math_lane(insn.opcode),
        Class::Dpas => dpas(insn),
        // A raw send costs what its decoded message costs.
        Class::Memory => match &insn.ctrl {
            Ctrl::RawSend(c) if c.lowered.opcode.form().class == Class::Memory => {
                memory(&c.lowered)
            }
            Ctrl::RawSend(_) => 0,
            _ => memory(insn),
        },
        Class::Fence | Class::Address | Class::Annotation | Class::Sync => 0,
        Class::Branch => match &insn.ctrl {
            Ctrl::Flow(f) => match f.as_ref() {
                FlowCtrl::Fcall { callee, .. } => frame(
                    callee
                        .and_then(|u| frames.get(u.0 as usize))
                        .copied()
                        .unwrap_or(0),
                ),
                FlowCtrl::Ifcall { .. } => frame(frames.iter().skip(1).copied().max().unwrap_or(0)),
                _ => 0,
            },
            _ => 0,
        },
    };
    BASE.saturating_add(work)
}

/// By lane, what a math instruction's function costs.
fn math_lane(opcode: Opcode) -> u64 {
    match opcode {
        Opcode::Pow => POW_LANE,
        Opcode::Log | Opcode::Exp | Opcode::Sin | Opcode::Cos => TRANSCENDENTAL_LANE,
        _ => ALGEBRAIC_LANE,
    }
}

/// A function call's cost: the callee's frame, saved and restored.
fn frame(bytes: u64) -> u64 {
    bytes.div_ceil(FRAME_BYTES_PER_UNIT)
}

/// DPAS and DPASW: `exec_size x SD x RC` channels of `OPS_PER_CHAN` multiply-adds each;
/// DP4A: four per lane.
fn dpas(insn: &Instruction) -> u64 {
    let lanes = u64::from(insn.exec_size);
    let (macs, float) = match &insn.ctrl {
        Ctrl::Dpas(d) => {
            let ops = u64::from(crate::ir::dpas::ops_per_chan(d.w, d.a, false));
            let macs = lanes * u64::from(d.sd) * u64::from(d.rc) * ops;
            (macs, d.w.is_float() || d.a.is_float())
        }
        _ => (lanes * 4, false),
    };
    if float {
        macs.saturating_mul(DPAS_FLOAT_MAC)
    } else {
        macs.div_ceil(DPAS_INT_MACS_PER_UNIT)
    }
}

/// A memory message: the bytes it moves, and its addresses.
fn memory(insn: &Instruction) -> u64 {
    let lanes = u64::from(insn.exec_size);
    let (addresses, bytes) = match &insn.ctrl {
        Ctrl::Lsc(l) => {
            let per = u64::from(l.data.vect_size) * l.data.size.mem_bytes() as u64;
            if l.data.transposed {
                (1, per)
            } else {
                (lanes, lanes * per)
            }
        }
        Ctrl::Block2d(b) => {
            let s = &b.shape;
            let bytes = u64::from(s.blocks)
                * u64::from(s.width)
                * u64::from(s.height)
                * s.size.mem_bytes() as u64;
            (1, bytes)
        }
        Ctrl::Svm(s) => match s {
            SvmCtrl::BlockLd { num_owords, .. } | SvmCtrl::BlockSt { num_owords, .. } => {
                (1, u64::from(*num_owords) * 16)
            }
            SvmCtrl::Gather {
                block_size,
                num_blocks,
                ..
            }
            | SvmCtrl::Scatter {
                block_size,
                num_blocks,
                ..
            } => (
                lanes,
                lanes * u64::from(*block_size) * u64::from(*num_blocks),
            ),
            SvmCtrl::Gather4Scaled { ch_mask, .. } | SvmCtrl::Scatter4Scaled { ch_mask, .. } => {
                (lanes, lanes * 4 * u64::from(ch_mask.count_ones()))
            }
            SvmCtrl::Atomic { width, .. } => (lanes, lanes * u64::from(*width) / 8),
        },
        Ctrl::Dataport(d) => (lanes, lanes * u64::from(d.lane_bytes())),
        Ctrl::DataportTyped(d) => (lanes, lanes * u64::from(d.lane_bytes())),
        // One block: one address, its bytes.
        Ctrl::Media(m) => (1, u64::from(m.block_width) * u64::from(m.block_height)),
        _ => (lanes, lanes * 4),
    };
    let atomic = insn.opcode.lsc_atomic().is_some()
        || matches!(
            insn.opcode,
            Opcode::SvmAtomic | Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub
        );
    let per_address = if atomic {
        ATOMIC_ADDRESS
    } else {
        MEMORY_ADDRESS
    };
    (addresses * per_address).saturating_add(bytes.div_ceil(MEMORY_BYTES_PER_UNIT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm;
    use crate::platform::Platform;
    use crate::validate;

    fn costs(text: &str) -> Vec<u64> {
        let ast = asm::parse(text).expect("parses");
        program(&validate::validate(&ast, Platform::XeHpg).expect("validates"))
    }

    #[test]
    fn the_cost_grows_with_the_execution_size_and_the_function() {
        let c = costs(
            ".decl V1 v_type=G type=f num_elts=32\n\
             add (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:f\n\
             add (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:f\n\
             sqrt (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0>\n\
             pow (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> 0x40000000:f\n",
        );
        assert_eq!(
            c,
            vec![
                BASE + 8,
                BASE + 32,
                BASE + 32 * ALGEBRAIC_LANE,
                BASE + 32 * POW_LANE
            ]
        );
    }

    #[test]
    fn a_function_call_costs_its_callee_frame() {
        let c = costs(
            ".kernel \"K\"\n\
             fcall (M1, 1) F 0 0\n\
             ret (M1, 1)\n\
             .global_function \"F\"\n\
             .decl X v_type=G type=ud num_elts=1024\n\
             fret (M1, 1)\n",
        );
        assert_eq!(c, vec![BASE + 4096 / FRAME_BYTES_PER_UNIT, BASE, BASE]);
    }

    /// A loop of the costliest ALU instructions reaches the step limit before the cost
    /// budget: the budget stops loops of costly instructions, not long loops of cheap ones.
    #[test]
    fn a_million_steps_of_alu_instructions_fit_the_default_budget() {
        use crate::config::ExecConfig;
        let c = costs(
            ".decl V1 v_type=G type=d num_elts=32
             .decl P1 v_type=P num_elts=32
             mad (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> V1(0,0)<1;1,0> 0x1:d
             cmp.lt (M1, 32) P1 V1(0,0)<1;1,0> 0x1:d
",
        );
        let widest = c.iter().max().copied().unwrap_or(u64::MAX);
        assert!(widest * ExecConfig::DEFAULT_STEP_LIMIT < ExecConfig::DEFAULT_COST_LIMIT);
        // ... and the default budget is thousands of SIMD32 POWs, not a million.
        let pow = BASE + 32 * POW_LANE;
        assert!(ExecConfig::DEFAULT_COST_LIMIT / pow < 10_000);
    }
}

//! Whole programs: the kernel and its functions, labels, SIMD divergence and calls
//! (3_execution_model.md, "Control Flow"; the Notes of instructions/GOTO.md, JMP.md, CALL.md,
//! RET.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md, SWITCHJMP.md; LIFETIME.md).
//!
//! A program with a control-flow or annotation instruction, a function or `%ce0` is compiled
//! into its *blocks*: a block starts at a unit's entry or end, at a label, or after a
//! control-flow instruction, and its plain steps run back to back with one execution mask.
//! Only the leaders of blocks are points where channels can wait, so the driver looks at
//! its divergence state between blocks and at control-flow instructions, never inside a
//! block.
//!
//! The divergence state of one thread:
//! - `active`: the channels executing, the execution mask (`EM` of EvaluateChEn) of every
//!   instruction and the value `%ce0` reads;
//! - the waiting channels: `(point, channels)` pairs sorted by decreasing point, so that the
//!   smallest point, the only one execution can reach next, is the last (GOTO.md, Notes:
//!   channels rejoin when execution reaches their point; with no channel active, execution
//!   goes to the next point where some channels wait);
//! - the call mask (3_execution_model.md, "Subroutine and Function Calls") and the frames
//!   of the calls in progress, each with the caller's waiting channels and call mask, the
//!   channels that entered, and, for a function, the callee's variables as they were (each
//!   activation has its own: recursion is permitted).
//!
//! A straight-line program (none of the above) does not come here: its steps run in order,
//! as fast as before.

use std::ops::Range;

use visa_model::asm::ast::PredCombine;
use visa_model::config::ExecConfig;
use visa_model::errata;
use visa_model::error::{ErrorClass, Pos};
use visa_model::ir::flow::unit_at_address;
use visa_model::ir::Program;
use visa_model::state::MachineState;
use visa_model::VisaError;

use super::run::Scratch;
use super::{
    Channels, FlowLiteral, FlowOp, FlowPlan, FlowStep, Frame, Machine, Plan, Result, ScalarAt,
    Source, Step, SyncOp, Thread,
};
use crate::alu::MAX_SRCS;
use visa_model::ir::sync::{Outcome, Stop, SyncPoint, NBARRIER_IDS};
use visa_model::opcode::Class;

/// Whether `program` needs the flow driver: a control-flow or annotation instruction, a
/// function after the kernel, or `%ce0` (which holds each instruction's execution mask).
pub(super) fn needs_driver(program: &Program) -> bool {
    program.insns.iter().any(|i| i.opcode.is_flow())
        || program.units.len() != 1
        || program.units.first().map(|u| (u.entry, u.end)) != Some((0, program.insns.len()))
        || ce0_offset(program).is_some()
}

fn ce0_offset(program: &Program) -> Option<usize> {
    program
        .vars
        .find("%ce0")
        .and_then(|id| program.vars.get(id).grf_offset)
}

/// The register bytes of a pre-defined variable the program names.
fn predefined_range(program: &Program, name: &str) -> Option<Range<usize>> {
    let v = program.vars.get(program.vars.find(name)?);
    v.grf_offset.map(|off| off..off + v.byte_size())
}

enum Next {
    Continue,
    End,
    /// A synchronisation point: the thread goes on at `m.pc` when resumed.
    Sync(SyncPoint),
}

impl Machine {
    /// Channels `channels` wait at `point`.
    fn wait(&mut self, point: usize, channels: u32) {
        wait_in(&mut self.waiting, point, channels);
    }
}

fn wait_in(waiting: &mut Vec<(usize, u32)>, point: usize, channels: u32) {
    // Decreasing points: the first entry not above `point`.
    let at = waiting.partition_point(|(p, _)| *p > point);
    match waiting.get_mut(at) {
        Some((p, c)) if *p == point => *c |= channels,
        _ => waiting.insert(at, (point, channels)),
    }
}

/// Channels `offset .. offset + size` as a mask.
fn channel_range(offset: u32, size: u32) -> u32 {
    let ones = if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    };
    ones.checked_shl(offset).unwrap_or(0)
}

impl FlowPlan {
    pub(super) fn compile(program: &Program, config: &ExecConfig) -> Result<FlowPlan> {
        let n = program.insns.len();
        let mut leader = vec![false; n + 1];
        for u in &program.units {
            for p in [u.entry, u.end] {
                if let Some(l) = leader.get_mut(p) {
                    *l = true;
                }
            }
        }
        for l in &program.labels {
            if let Some(x) = leader.get_mut(l.at) {
                *x = true;
            }
        }
        let is_flow: Vec<bool> = program.insns.iter().map(|i| i.opcode.is_flow()).collect();
        for (k, f) in is_flow.iter().enumerate() {
            if *f {
                leader[k + 1] = true;
            }
        }
        let mut run_end = vec![0u32; n];
        let mut next = n;
        for pc in (0..n).rev() {
            run_end[pc] = if is_flow[pc] { pc as u32 } else { next as u32 };
            if is_flow[pc] || leader[pc] {
                next = pc;
            }
        }
        let mut unit_vars = vec![Vec::new(); program.units.len()];
        for (_, v) in program.vars.iter() {
            if v.predefined || v.alias.is_some() {
                continue;
            }
            if let (Some(off), Some(list)) = (v.grf_offset, unit_vars.get_mut(v.unit as usize)) {
                list.push(off..off + v.byte_size());
            }
        }
        let unit_bytes = unit_vars
            .iter()
            .map(|list: &Vec<Range<usize>>| list.iter().map(|r| r.len() as u64).sum())
            .collect();
        let mut cost_before = Vec::with_capacity(n + 1);
        let mut total: u64 = 0;
        cost_before.push(0);
        for c in visa_model::cost::program(program) {
            total = total.saturating_add(c);
            cost_before.push(total);
        }
        let r = &config.readings;
        Ok(FlowPlan {
            run_end,
            units: program.units.iter().map(|u| (u.entry, u.end)).collect(),
            unit_vars,
            unit_bytes,
            cost_before,
            pos: program.insns.iter().map(|i| i.pos).collect(),
            ce0: ce0_offset(program),
            arg: predefined_range(program, "%arg"),
            retval: predefined_range(program, "%retval"),
            grf_size: program.platform.grf_size(),
            step_limit: config.step_limit,
            cost_limit: config.cost_limit,
            call_depth_limit: config.call_depth_limit,
            frame_bytes_limit: config.frame_bytes_limit,
            memory: program
                .insns
                .iter()
                .map(|i| i.opcode.form().class == Class::Memory)
                .collect(),
            lit: FlowLiteral {
                scalar_nomask: r.is_literal(errata::CF_SCALAR_NOMASK),
                scalar_pred_bit: r.is_literal(errata::CF_SCALAR_PRED_BIT),
                any_all_width: r.is_literal(errata::CF_ANY_ALL_WIDTH),
                scalar_call_mask: r.is_literal(errata::CF_SCALAR_CALL_MASK),
                partial_channels: r.is_literal(errata::CF_PARTIAL_CHANNELS),
                split_barrier_divergence: r.is_literal(errata::SBARRIER_NBARRIER_DIVERGENCE),
            },
        })
    }

    /// The cost of the instructions `from .. to`, and a function giving, for a budget, how
    /// many of them from `from` on fit in it.
    fn cost_of(&self, from: usize, to: usize) -> Result<(u64, impl Fn(u64) -> usize + '_)> {
        let before = self.cost_before.get(from..=to).ok_or_else(|| {
            VisaError::model_bug(format!("no cost for the program points {from}..{to}"))
        })?;
        let base = before.first().copied().unwrap_or(0);
        let spent = before.last().map_or(0, |c| c.saturating_sub(base));
        Ok((spent, move |budget: u64| {
            before
                .get(1..)
                .unwrap_or(&[])
                .partition_point(|c| c.saturating_sub(base) <= budget)
        }))
    }

    /// The position of the instruction at `pc`, or of the last one.
    fn pos_at(&self, pc: usize) -> Pos {
        self.pos
            .get(pc)
            .or(self.pos.last())
            .copied()
            .unwrap_or_default()
    }

    /// Marks `range`'s bytes from `from` on undefined.
    fn undefine_from(state: &mut MachineState, range: &Option<Range<usize>>, from: usize) {
        if let Some(r) = range {
            if from < r.len() {
                state.undefined.insert_range(r.start + from..r.end);
            }
        }
    }

    /// The channels an instruction moves (`taken`) and the active ones it leaves.
    /// The one decision of an execution-size-1 transfer (errata CF-SCALAR-NOMASK,
    /// CF-SCALAR-PRED-BIT, CF-ANY-ALL-WIDTH); literally, without NoMask, EvaluateChEn's EM
    /// bit at the offset decides too.
    fn decide(&self, ch: &Channels, active: u32, state: &MachineState) -> Result<bool> {
        let lit = &self.lit;
        let mut decide = !lit.scalar_nomask || ch.no_mask || (active >> ch.offset) & 1 == 1;
        if let Some(p) = ch.pred {
            let bits =
                state.preds.get(p.var).copied().ok_or_else(|| {
                    VisaError::model_bug("predicate variable missing from the state")
                })?;
            let element = if lit.scalar_pred_bit { 0 } else { ch.offset };
            let one = (bits >> element) & 1 == 1;
            let mut bit = match p.combine {
                PredCombine::None => one,
                _ if lit.any_all_width => one,
                PredCombine::Any => bits & active != 0,
                PredCombine::All => bits & active == active,
            };
            if p.invert {
                bit = !bit;
            }
            decide &= bit;
        }
        Ok(decide)
    }

    fn channels(&self, ch: &Channels, active: u32, state: &MachineState) -> Result<(u32, u32)> {
        let lit = &self.lit;
        let pred_bits =
            |var: usize| -> Result<u32> {
                state.preds.get(var).copied().ok_or_else(|| {
                    VisaError::model_bug("predicate variable missing from the state")
                })
            };
        let (taken, rest) = if ch.exec_size == 1 {
            if self.decide(ch, active, state)? {
                (active, 0)
            } else {
                (0, active)
            }
        } else {
            let covered = channel_range(ch.offset, ch.exec_size);
            if active & !covered != 0 && lit.partial_channels {
                return Err(VisaError::undefined(format!(
                    "the instruction covers channels {}..{} of the active channels {active:#x} \
                     (erratum {}, literal reading)",
                    ch.offset,
                    ch.offset + ch.exec_size,
                    errata::CF_PARTIAL_CHANNELS
                )));
            }
            // PMask by channel (EvaluateChEn): only active channels move, NoMask or not
            // (erratum CF-NOMASK-DIVERGENT).
            let mut pmask = covered;
            if let Some(p) = ch.pred {
                let bits = pred_bits(p.var)? & covered;
                pmask = match p.combine {
                    PredCombine::None => bits,
                    PredCombine::Any if bits != 0 => covered,
                    PredCombine::All if bits == covered => covered,
                    PredCombine::Any | PredCombine::All => 0,
                };
                if p.invert {
                    pmask = !pmask & covered;
                }
            }
            let taken = active & pmask;
            (taken, active & !taken)
        };
        if ch.call && ch.exec_size == 1 && taken != 0 && lit.scalar_call_mask {
            return Ok((u32::MAX, 0));
        }
        Ok((taken, rest))
    }
}

impl Plan {
    /// The step at program point `pc`.
    #[inline(always)]
    fn step_at(&self, pc: usize) -> Option<&Step> {
        match pc {
            0 => self.first.as_ref(),
            _ => self.rest.get(pc - 1),
        }
    }

    /// Runs a whole program from its kernel's entry with the dispatch mask `state.emask`;
    /// `count` receives the instructions executed. The thread is a group of one
    /// ([`LoneGroup`]).
    pub(super) fn run_flow<const S: usize>(
        &self,
        flow: &FlowPlan,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
        count: &mut u64,
    ) -> Result<()> {
        let mut thread = Thread::start(flow, state.emask);
        let mut group = LoneGroup::default();
        let result = loop {
            match self.segment(flow, &mut thread, state, scratch, Stop::AtSync) {
                Ok(Outcome::Ended) => break Ok(()),
                Ok(Outcome::Sync { point, pos, .. }) => {
                    if let Err(e) = group.reach(point) {
                        break Err(e.at(pos));
                    }
                }
                Ok(Outcome::Paused) => {}
                Err(e) => break Err(e),
            }
        };
        *count = thread.m.steps;
        result
    }

    /// A thread at the kernel's entry with the dispatch mask `state.emask`, for a plan
    /// compiled with [`Plan::compile_resumable`].
    pub fn thread(&self, state: &MachineState) -> Result<Thread> {
        let flow = self.flow.as_deref().ok_or_else(|| {
            VisaError::model_bug("a resumable thread of a plan without its flow driver")
        })?;
        self.check_state(state)?;
        Ok(Thread::start(flow, state.emask))
    }

    /// Runs `thread` on `state` until it ends ([`Outcome::Ended`], and at once again after
    /// that), reaches a synchronisation point (executed; a resumed run goes on after it) or,
    /// with [`Stop::AfterMemory`], has executed a memory instruction.
    pub fn resume(
        &self,
        thread: &mut Thread,
        state: &mut MachineState,
        stop: Stop,
    ) -> Result<Outcome> {
        let flow = self.flow.as_deref().ok_or_else(|| {
            VisaError::model_bug("a resumable thread of a plan without its flow driver")
        })?;
        if self.max_srcs <= 2 {
            self.segment(flow, thread, state, &mut Scratch::<2>::boxed(), stop)
        } else {
            self.segment(flow, thread, state, &mut Scratch::<MAX_SRCS>::boxed(), stop)
        }
    }

    /// One run of a thread, up to its end, a synchronisation point or (`stop`) a memory
    /// instruction.
    fn segment<const S: usize>(
        &self,
        flow: &FlowPlan,
        thread: &mut Thread,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
        stop: Stop,
    ) -> Result<Outcome> {
        if thread.ended {
            return Ok(Outcome::Ended);
        }
        let result = self.drive(flow, &mut thread.m, state, scratch, stop);
        state.emask = thread.dispatch;
        if matches!(result, Ok(Outcome::Ended) | Err(_)) {
            thread.ended = true;
        }
        result
    }

    fn drive<const S: usize>(
        &self,
        flow: &FlowPlan,
        m: &mut Machine,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
        stop: Stop,
    ) -> Result<Outcome> {
        loop {
            // Channels waiting here rejoin (GOTO.md, Notes).
            if let Some(&(point, channels)) = m.waiting.last() {
                if point == m.pc {
                    m.active |= channels;
                    m.waiting.pop();
                }
            }
            if m.pc >= m.unit_end {
                return self.end_of_unit(flow, m).map(|()| Outcome::Ended);
            }
            let mut end = flow.run_end.get(m.pc).copied().ok_or_else(|| {
                VisaError::model_bug(format!("program point {} has no block", m.pc))
            })? as usize;
            if end > m.pc {
                // A seeded schedule stops after the block's first memory instruction.
                let pause = match stop {
                    Stop::AtSync => None,
                    Stop::AfterMemory => flow
                        .memory
                        .get(m.pc..end)
                        .and_then(|ms| ms.iter().position(|&x| x))
                        .map(|k| m.pc + k + 1),
                };
                if let Some(p) = pause {
                    end = p;
                }
                self.run_block(flow, m, end, state, scratch)?;
                if pause.is_some() {
                    return Ok(Outcome::Paused);
                }
                continue;
            }
            // A control-flow instruction.
            if m.steps >= flow.step_limit {
                return Err(step_limit(flow, m.pc));
            }
            m.steps += 1;
            let (spent, _) = flow.cost_of(m.pc, m.pc + 1)?;
            m.cost = m.cost.saturating_add(spent);
            if m.cost > flow.cost_limit {
                return Err(cost_limit(flow, m.pc));
            }
            if let Some(off) = flow.ce0 {
                write_ce0(state, off, m.active);
            }
            state.emask = m.active;
            let Some(Step::Flow(step)) = self.step_at(m.pc) else {
                // A control-flow instruction that did not compile reports why.
                return match self.step_at(m.pc) {
                    Some(Step::Fail(e)) => Err(e.clone()),
                    _ => Err(VisaError::model_bug(format!(
                        "program point {} is not a control-flow step",
                        m.pc
                    ))
                    .at(flow.pos_at(m.pc))),
                };
            };
            let pc = m.pc;
            let next = self
                .flow_step(flow, step, m, state, scratch)
                .map_err(|e| e.at(step.pos))?;
            match next {
                Next::End => return Ok(Outcome::Ended),
                Next::Sync(point) => {
                    return Ok(Outcome::Sync {
                        point,
                        pc,
                        pos: step.pos,
                    })
                }
                Next::Continue if m.active == 0 => resume_waiting(flow, m)?,
                Next::Continue => {}
            }
        }
    }

    /// The plain steps `m.pc .. end` with the execution mask `m.active`, up to the step limit
    /// and the cost budget.
    #[inline(always)]
    fn run_block<const S: usize>(
        &self,
        flow: &FlowPlan,
        m: &mut Machine,
        end: usize,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
    ) -> Result<()> {
        let left = flow.step_limit.saturating_sub(m.steps);
        let mut stop = if ((end - m.pc) as u64) > left {
            m.pc + left as usize
        } else {
            end
        };
        // The steps before `stop` whose cost fits what is left of the budget: the first
        // that does not fit ends the run before it executes.
        let budget = flow.cost_limit.saturating_sub(m.cost);
        let (spent, fits) = flow.cost_of(m.pc, stop)?;
        let over_budget = spent > budget;
        if over_budget {
            stop = m.pc + fits(budget);
        }
        let (spent, _) = flow.cost_of(m.pc, stop)?;
        m.cost = m.cost.saturating_add(spent);
        state.emask = m.active;
        if stop > m.pc {
            let (head, tail) = match m.pc {
                0 => (self.first.as_ref(), self.rest.get(..stop - 1)),
                pc => (None, self.rest.get(pc - 1..stop - 1)),
            };
            let steps = head.into_iter().chain(tail.unwrap_or(&[]));
            match flow.ce0 {
                None => {
                    for step in steps {
                        m.steps += 1;
                        self.run_step(step, state, scratch)?;
                    }
                }
                Some(off) => {
                    for step in steps {
                        m.steps += 1;
                        write_ce0(state, off, m.active);
                        self.run_step(step, state, scratch)?;
                    }
                }
            }
        }
        m.pc = stop;
        if over_budget {
            return Err(cost_limit(flow, stop));
        }
        if stop < end {
            return Err(step_limit(flow, stop));
        }
        Ok(())
    }

    /// Execution reached the end of its unit: the kernel's ends the thread; a function or
    /// subroutine must have returned.
    fn end_of_unit(&self, flow: &FlowPlan, m: &Machine) -> Result<()> {
        let pos = flow.pos_at(m.pc);
        if let Some(frame) = m.frames.last() {
            return Err(VisaError::undefined(if frame.function {
                "a function ends without FRET"
            } else {
                "a subroutine runs off the end of its kernel or function without RET"
            })
            .at(pos));
        }
        if let Some((point, _)) = m.waiting.last() {
            return Err(VisaError::undefined(format!(
                "the kernel ends while channels wait at instruction {point}"
            ))
            .at(pos));
        }
        Ok(())
    }

    fn flow_step<const S: usize>(
        &self,
        flow: &FlowPlan,
        step: &FlowStep,
        m: &mut Machine,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
    ) -> Result<Next> {
        match &step.op {
            FlowOp::Goto { target, ch } => {
                let (taken, rest) = flow.channels(ch, m.active, state)?;
                if *target > m.pc {
                    // Forward: the predicated active channels wait at the label, the others
                    // go on (a label where no channel waits is no waiting point).
                    if taken != 0 {
                        m.wait(*target, taken);
                    }
                    m.active = rest;
                    m.pc += 1;
                } else if taken != 0 {
                    // Backward: the predicated channels go to the label, the others wait
                    // after the GOTO.
                    if rest != 0 {
                        m.wait(m.pc + 1, rest);
                    }
                    m.active = taken;
                    m.pc = *target;
                } else {
                    m.pc += 1;
                }
            }
            FlowOp::Jmp { target, ch } => {
                // One decision, whatever the mask holds (as SWITCHJMP).
                if flow.decide(ch, m.active, state)? {
                    jump(flow, m, *target)?;
                } else {
                    m.pc += 1;
                }
            }
            FlowOp::Switchjmp { index, targets } => {
                let i = read_scalar(index, state, scratch)?;
                let Some(target) = usize::try_from(i).ok().and_then(|i| targets.get(i)) else {
                    return Err(VisaError::undefined(format!(
                        "SWITCHJMP's index {i} is outside its {} labels",
                        targets.len()
                    ))
                    .field("index"));
                };
                jump(flow, m, *target)?;
            }
            FlowOp::Call {
                label,
                name,
                target,
                ch,
            } => {
                if m.frames
                    .iter()
                    .any(|f| !f.function && f.subroutine == Some(*label))
                {
                    return Err(VisaError::undefined(format!(
                        "subroutine `{name}` calls itself: subroutines may not recurse"
                    ))
                    .field("label"));
                }
                let (taken, rest) = flow.channels(ch, m.active, state)?;
                if taken == 0 {
                    m.pc += 1;
                } else {
                    check_call_limits(flow, m, 0)?;
                    enter(m, taken, rest, Some(*label), None, 0);
                    m.pc = *target;
                }
            }
            FlowOp::Fcall {
                callee,
                arg_size,
                ret_size,
                ch,
            } => self.call_function(flow, m, state, ch, *callee, *arg_size, *ret_size)?,
            FlowOp::Ifcall {
                addr,
                arg_size,
                ret_size,
                ch,
            } => {
                let value = read_scalar(addr, state, scratch)?;
                let Some(callee) = unit_at_address(value, flow.units.len()).filter(|u| u.0 != 0)
                else {
                    return Err(VisaError::undefined(format!(
                        "IFCALL's address {value:#x} is not a function's"
                    ))
                    .field("func_addr"));
                };
                self.call_function(flow, m, state, ch, callee.0 as usize, *arg_size, *ret_size)?;
            }
            FlowOp::Ret { function, ch } => {
                match m.frames.last() {
                    Some(f) if f.function != *function => {
                        return Err(VisaError::undefined(if *function {
                            "FRET inside a subroutine"
                        } else {
                            "RET in a function outside its subroutines"
                        }))
                    }
                    None if *function => {
                        return Err(VisaError::undefined(
                            "FRET in the kernel: no function to return from",
                        ))
                    }
                    _ => {}
                }
                let (returning, _) = flow.channels(ch, m.active, state)?;
                m.call_mask &= !returning;
                m.active &= !returning;
                if m.call_mask != 0 {
                    m.pc += 1;
                } else if let Some(frame) = m.frames.pop() {
                    leave(flow, m, state, frame);
                } else {
                    return Ok(Next::End);
                }
            }
            FlowOp::Faddr(mov) => {
                self.run_step(mov, state, scratch)?;
                m.pc += 1;
            }
            FlowOp::Undefine(range) => {
                state.undefined.insert_range(range.clone());
                m.pc += 1;
            }
            FlowOp::Fail(e) => return Err(e.clone()),
            FlowOp::Nop => m.pc += 1,
            FlowOp::Sync(op) => {
                let divergent = divergent(m);
                if divergent && !flow.lit.split_barrier_divergence {
                    split_barrier_divergence(op)?;
                }
                let point = sync_point(op, state, divergent)?;
                if let SyncOp::Fence { insn } = **op {
                    state.mem.note_fence(insn);
                }
                m.pc += 1;
                if let Some(point) = point {
                    return Ok(Next::Sync(point));
                }
            }
        }
        Ok(Next::Continue)
    }

    /// FCALL and IFCALL of unit `callee`.
    #[allow(clippy::too_many_arguments)]
    fn call_function(
        &self,
        flow: &FlowPlan,
        m: &mut Machine,
        state: &mut MachineState,
        ch: &Channels,
        callee: usize,
        arg_size: u32,
        ret_size: u32,
    ) -> Result<()> {
        let (taken, rest) = flow.channels(ch, m.active, state)?;
        if taken == 0 {
            m.pc += 1;
            return Ok(());
        }
        let (entry, end) = *flow
            .units
            .get(callee)
            .ok_or_else(|| VisaError::model_bug(format!("unit {callee} does not exist")))?;
        let bytes = flow.unit_bytes.get(callee).copied().unwrap_or(0);
        check_call_limits(flow, m, bytes)?;
        // This activation's variables: the caller's values are kept for the return, and
        // the callee starts with them undefined.
        let mut saved = Vec::with_capacity(usize::try_from(bytes).unwrap_or(0));
        let mut saved_undefined = vec![0u64; saved.capacity().div_ceil(64)];
        for r in flow.unit_vars.get(callee).map_or(&[][..], |v| &v[..]) {
            let values = state
                .grf
                .get(r.clone())
                .ok_or_else(|| VisaError::model_bug("a variable lies outside the register file"))?;
            let at = saved.len();
            saved.extend_from_slice(values);
            for b in state.undefined.range(r.clone()) {
                let i = at + (b - r.start);
                if let Some(w) = saved_undefined.get_mut(i / 64) {
                    *w |= 1 << (i % 64);
                }
            }
            state.undefined.insert_range(r.clone());
        }
        // FCALL.md: arg_size GRFs of %arg reach the callee (the rest is undefined), and
        // %retval starts undefined; %sp and %fp keep their values.
        FlowPlan::undefine_from(state, &flow.arg, arg_size as usize * flow.grf_size);
        FlowPlan::undefine_from(state, &flow.retval, 0);
        enter(
            m,
            taken,
            rest,
            None,
            Some((saved, saved_undefined)),
            ret_size,
        );
        m.frame_bytes = m.frame_bytes.saturating_add(bytes);
        m.unit = callee;
        m.unit_end = end;
        m.pc = entry;
        Ok(())
    }
}

/// Pushes a frame: the callee starts with the `taken` channels, the `rest` wait after the
/// call.
fn enter(
    m: &mut Machine,
    taken: u32,
    rest: u32,
    subroutine: Option<u32>,
    function: Option<(Vec<u8>, Vec<u64>)>,
    ret_size: u32,
) {
    let mut waiting = std::mem::take(&mut m.waiting);
    if rest != 0 {
        wait_in(&mut waiting, m.pc + 1, rest);
    }
    let is_function = function.is_some();
    let (saved, saved_undefined) = function.unwrap_or_default();
    m.frames.push(Frame {
        function: is_function,
        subroutine,
        resume: m.pc + 1,
        call_mask: m.call_mask,
        entered: taken,
        waiting,
        ret_size,
        unit: m.unit,
        saved,
        saved_undefined,
    });
    m.call_mask = taken;
    m.active = taken;
}

/// The call mask is empty: the caller goes on after the call with the channels that
/// entered.
fn leave(flow: &FlowPlan, m: &mut Machine, state: &mut MachineState, frame: Frame) {
    if frame.function {
        // FRET.md: return_size GRFs of %retval come back; the caller's %arg was destroyed
        // by the call (3_execution_model.md).
        FlowPlan::undefine_from(state, &flow.retval, frame.ret_size as usize * flow.grf_size);
        FlowPlan::undefine_from(state, &flow.arg, 0);
        let mut at = 0;
        for r in flow.unit_vars.get(m.unit).map_or(&[][..], |v| &v[..]) {
            if let (Some(dst), Some(src)) = (
                state.grf.get_mut(r.clone()),
                frame.saved.get(at..at + r.len()),
            ) {
                dst.copy_from_slice(src);
            }
            state.undefined.remove_range(r.clone());
            // The bytes `at .. at + r.len()` of the frame that were undefined.
            let saved = at..at + r.len();
            for (w, word) in frame.saved_undefined.iter().enumerate().skip(at / 64) {
                if w * 64 >= saved.end {
                    break;
                }
                let mut bits = *word;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if saved.contains(&i) {
                        state.undefined.insert(r.start + (i - at));
                    }
                }
            }
            at += r.len();
        }
        m.frame_bytes = m.frame_bytes.saturating_sub(frame.saved.len() as u64);
    }
    m.unit = frame.unit;
    m.unit_end = flow.units.get(frame.unit).map_or(0, |u| u.1);
    m.pc = frame.resume;
    m.call_mask = frame.call_mask;
    m.active = frame.entered;
    m.waiting = frame.waiting;
}

/// A uniform jump (JMP, SWITCHJMP) with every active channel; jumping forward over a point
/// where channels wait loses them (3_execution_model.md, "Mixing Uniform and Divergent
/// Control Flow"): undefined behaviour, detected.
fn jump(flow: &FlowPlan, m: &mut Machine, target: usize) -> Result<()> {
    if target > m.pc {
        if let Some((point, _)) = m
            .waiting
            .iter()
            .rev()
            .find(|(p, _)| (m.pc + 1..target).contains(p))
        {
            return Err(VisaError::undefined(format!(
                "a uniform jump skips line {}, where channels wait to rejoin",
                flow.pos_at(*point).line
            )));
        }
    }
    m.pc = target;
    Ok(())
}

/// No channel is active after a control-flow instruction: execution goes to the smallest
/// point where channels wait. With none waiting, the kernel goes on with an empty mask; a
/// called subroutine or function whose call mask still holds channels has lost them.
fn resume_waiting(flow: &FlowPlan, m: &mut Machine) -> Result<()> {
    match m.waiting.pop() {
        Some((point, channels)) => {
            m.pc = point;
            m.active = channels;
            Ok(())
        }
        None if m.frames.is_empty() || m.call_mask == 0 => Ok(()),
        None => Err(VisaError::undefined(format!(
            "channels {:#x} of the call mask neither execute nor wait in the callee",
            m.call_mask
        ))
        .at(flow.pos_at(m.pc))),
    }
}

/// A call would push a frame keeping `bytes` of its callee's variables: past the call depth
/// limit or the frame bytes limit, the run ends with `resource-limit` at the call.
fn check_call_limits(flow: &FlowPlan, m: &Machine, bytes: u64) -> Result<()> {
    if m.frames.len() >= flow.call_depth_limit as usize {
        return Err(VisaError::new(
            ErrorClass::ResourceLimit,
            format!(
                "this call would be call {} in progress: the call depth limit is {}",
                m.frames.len() + 1,
                flow.call_depth_limit
            ),
        ));
    }
    let total = m.frame_bytes.saturating_add(bytes);
    if total > flow.frame_bytes_limit {
        return Err(VisaError::new(
            ErrorClass::ResourceLimit,
            format!(
                "this call would keep {total} bytes of call frames ({bytes} of its callee's \
                 variables): the frame bytes limit is {}",
                flow.frame_bytes_limit
            ),
        ));
    }
    Ok(())
}

fn cost_limit(flow: &FlowPlan, pc: usize) -> VisaError {
    VisaError::new(
        ErrorClass::CostLimit,
        format!(
            "the program did not end within the cost limit of {} units",
            flow.cost_limit
        ),
    )
    .at(flow.pos_at(pc))
}

fn step_limit(flow: &FlowPlan, pc: usize) -> VisaError {
    VisaError::new(
        ErrorClass::StepLimit,
        format!(
            "the program did not end within {} instructions",
            flow.step_limit
        ),
    )
    .at(flow.pos_at(pc))
}

/// `%ce0` holds the execution mask of the instruction about to run (4_visa_header.md).
#[inline(always)]
fn write_ce0(state: &mut MachineState, off: usize, active: u32) {
    if let Some(b) = state.grf.get_mut(off..off + 4) {
        b.copy_from_slice(&active.to_le_bytes());
        state.undefined.remove_range(off..off + 4);
    }
}

/// The value of a one-lane scalar source, zero-extended from its type.
fn read_scalar<const S: usize>(
    src: &Source,
    state: &MachineState,
    s: &mut Scratch<S>,
) -> Result<u64> {
    let raw = s
        .raw
        .first_mut()
        .ok_or_else(|| VisaError::model_bug("no scratch lanes"))?;
    (src.fetch)(&src.load, src.size, 1, state, &mut s.offs, raw)?;
    let bits = raw[0];
    Ok(if src.size >= 8 {
        bits
    } else {
        bits & ((1u64 << (8 * src.size)) - 1)
    })
}

impl Thread {
    fn start(flow: &FlowPlan, dispatch: u32) -> Thread {
        let (entry, end) = flow.units.first().copied().unwrap_or((0, 0));
        Thread {
            m: Machine {
                pc: entry,
                active: dispatch,
                waiting: Vec::new(),
                call_mask: dispatch,
                frames: Vec::new(),
                unit: 0,
                unit_end: end,
                steps: 0,
                cost: 0,
                frame_bytes: 0,
            },
            dispatch,
            ended: false,
        }
    }

    /// The instructions the thread has executed (control-flow ones and the failing one
    /// included).
    pub fn steps(&self) -> u64 {
        self.m.steps
    }
}

/// Some channel neither executes at the program point nor has left the kernel: it waits
/// somewhere (here or in a caller), returned early from the call in progress, or stayed out
/// of a call.
fn divergent(m: &Machine) -> bool {
    if !m.waiting.is_empty() || m.active != m.call_mask {
        return true;
    }
    if let Some(f) = m.frames.last() {
        if f.entered != m.call_mask {
            return true;
        }
    }
    m.frames
        .iter()
        .any(|f| !f.waiting.is_empty() || f.entered != f.call_mask)
}

/// SBARRIER and NBARRIER in divergent control flow: `barrier-divergence`, as BARRIER
/// (SBARRIER-NBARRIER-DIVERGENCE, resolved).
fn split_barrier_divergence(op: &SyncOp) -> Result<()> {
    let name = match op {
        SyncOp::Sbarrier { signal: true } => "sbarrier.signal",
        SyncOp::Sbarrier { signal: false } => "sbarrier.wait",
        SyncOp::NbarrierSignal { .. } => "nbarrier.signal",
        SyncOp::NbarrierWait { .. } => "nbarrier.wait",
        _ => return Ok(()),
    };
    Err(VisaError::new(
        ErrorClass::BarrierDivergence,
        format!(
            "{name} in divergent control flow: some channels of the thread do not reach it \
             (SBARRIER-NBARRIER-DIVERGENCE: undefined, as BARRIER)"
        ),
    ))
}

/// A thread-group instruction's synchronisation point, its operands read (BARRIER.md:
/// undefined in divergent control flow; NBARRIER.md: Id 0-31, Type 0-2, counts from 1);
/// `None` for FENCE, WAIT, YIELD and CACHE_FLUSH, which change nothing here.
fn sync_point(op: &SyncOp, state: &MachineState, divergent: bool) -> Result<Option<SyncPoint>> {
    Ok(Some(match op {
        SyncOp::Barrier if divergent => {
            return Err(VisaError::new(
                ErrorClass::BarrierDivergence,
                "barrier in divergent control flow: some channels of the thread do not reach \
                 it (BARRIER.md: undefined)",
            ))
        }
        SyncOp::Barrier => SyncPoint::Barrier,
        SyncOp::Sbarrier { signal: true } => SyncPoint::SbarrierSignal,
        SyncOp::Sbarrier { signal: false } => SyncPoint::SbarrierWait,
        SyncOp::NbarrierWait { id } => SyncPoint::NbarrierWait {
            id: named_id(value(id, state, "id")?)?,
        },
        SyncOp::NbarrierSignal {
            id,
            ty,
            producers,
            consumers,
        } => {
            let id = named_id(value(id, state, "id")?)?;
            let ty = match ty {
                Some(t) => value(t, state, "type")?,
                None => 0,
            };
            if ty > 2 {
                return Err(
                    VisaError::undefined(format!("NBARRIER's Type {ty} is not 0, 1 or 2"))
                        .field("type"),
                );
            }
            let p = value(producers, state, "num_producers")?;
            let c = value(consumers, state, "num_consumers")?;
            if p == 0 || c == 0 {
                let field = if p == 0 {
                    "num_producers"
                } else {
                    "num_consumers"
                };
                return Err(VisaError::undefined(format!(
                    "NBARRIER's {field} is 0, below its valid values"
                ))
                .field(field));
            }
            SyncPoint::NbarrierSignal {
                id,
                producer: ty == 0 || ty == 1,
                consumer: ty == 0 || ty == 2,
                producers: p as u32,
                consumers: c as u32,
            }
        }
        SyncOp::Wait(mask) => {
            value(mask, state, "mask")?;
            return Ok(None);
        }
        SyncOp::Fence { .. } | SyncOp::Nop => return Ok(None),
    }))
}

fn named_id(v: u64) -> Result<u8> {
    match u8::try_from(v) {
        Ok(id) if u32::from(id) < NBARRIER_IDS => Ok(id),
        _ => Err(VisaError::undefined(format!("NBARRIER's Id {v} is past 31")).field("id")),
    }
}

/// A thread-group operand's value; undefined register bytes are undefined behaviour.
fn value(s: &ScalarAt, state: &MachineState, field: &str) -> Result<u64> {
    match s {
        ScalarAt::Imm(v) => Ok(*v),
        ScalarAt::Reg(r) => {
            let bytes = state
                .grf
                .get(r.clone())
                .ok_or_else(|| VisaError::model_bug("an operand past the register file"))?;
            if r.clone().any(|b| state.undefined.contains(&b)) {
                return Err(VisaError::undefined(format!(
                    "the {field} operand reads undefined bytes"
                ))
                .field(field));
            }
            Ok(bytes
                .iter()
                .rev()
                .fold(0u64, |acc, b| (acc << 8) | u64::from(*b)))
        }
    }
}

/// A thread alone in its group (a single-thread run): BARRIER goes on at once; SBARRIER's
/// wait needs the thread's own signal before it; a named barrier's wait needs the thread's
/// own signal to have completed the phase (counts of one producer and/or one consumer).
/// Otherwise the wait never ends: a deadlock.
#[derive(Default)]
struct LoneGroup {
    sbarrier_signalled: bool,
    /// Per id, a signal not yet waited for: whether it completed its phase.
    named: Vec<(u8, bool)>,
}

impl LoneGroup {
    fn reach(&mut self, point: SyncPoint) -> Result<()> {
        let deadlock = |m: String| Err(VisaError::new(ErrorClass::Deadlock, m));
        match point {
            SyncPoint::Barrier => Ok(()),
            SyncPoint::SbarrierSignal => {
                self.sbarrier_signalled = true;
                Ok(())
            }
            SyncPoint::SbarrierWait => {
                if self.sbarrier_signalled {
                    self.sbarrier_signalled = false;
                    Ok(())
                } else {
                    deadlock(
                        "sbarrier.wait before any signal of this thread, alone in its group".into(),
                    )
                }
            }
            SyncPoint::NbarrierSignal {
                id,
                producer,
                consumer,
                producers,
                consumers,
            } => {
                let done = (producers, consumers) == (u32::from(producer), u32::from(consumer));
                self.named.retain(|(i, _)| *i != id);
                self.named.push((id, done));
                Ok(())
            }
            SyncPoint::NbarrierWait { id } => {
                let found = self.named.iter().position(|(i, _)| *i == id);
                match found.map(|k| self.named.remove(k)) {
                    Some((_, true)) => Ok(()),
                    Some((_, false)) => deadlock(format!(
                        "nbarrier.wait on barrier {id}: the phase counts more threads than the \
                         one that runs"
                    )),
                    None => deadlock(format!(
                        "nbarrier.wait on barrier {id} with no signal of it"
                    )),
                }
            }
        }
    }
}

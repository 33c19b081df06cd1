//! SIMD control flow, as 3_execution_model.md ("Control Flow": Execution Mask, Branch
//! Instructions, Subroutine and Function Calls) and the Notes of instructions/GOTO.md,
//! JMP.md, CALL.md, RET.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md and SWITCHJMP.md describe
//! it, written as a machine over channels:
//!
//! - every channel is *active* (executing at the program counter), *waiting* at a program
//!   point, or *done* (it returned out of the kernel);
//! - a channel waiting at a point rejoins the active channels when execution reaches that
//!   point, by any path (GOTO.md, Notes: "reactivated when execution reaches the label");
//! - when no channel is active, execution moves to the smallest point at which channels wait
//!   (GOTO.md: "execution jumps to the next program point where some channels are waiting");
//! - a call saves the channels waiting in the caller and the call mask; the callee runs with
//!   the called channels; a return takes the returning channels out of the call mask, and
//!   when it is empty the caller resumes after the call with them (3_execution_model.md,
//!   "Subroutine and Function Calls").
//!
//! The execution mask an instruction sees (`EM` of 5_operands.md's EvaluateChEn, and
//! `%ce0`) is the set of active channels. Program points are instruction indices
//! ([`crate::ir::flow`]).
//!
//! A run is bounded ([`ExecConfig`]): it executes at most `step_limit` instructions and
//! spends at most `cost_limit` ([`crate::cost`]), and at most `call_depth_limit` calls are
//! in progress, keeping at most `frame_bytes_limit` bytes of their callees' variables.
//! Past a bound the run ends with its error class at the instruction that would cross it.

use std::collections::BTreeMap;

use crate::asm::ast::PredCombine;
use crate::config::ExecConfig;
use crate::errata;
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::sync::LoneGroup;
use crate::ir::flow::{unit_address, unit_at_address, FlowCtrl, LabelId, UnitId};
pub use crate::ir::sync::{Outcome, Stop};
use crate::ir::sync::{SyncCtrl, SyncPoint};
use crate::ir::{Ctrl, Instruction, Opcode, Program, Scalar};
use crate::opcode::Class;
use crate::operand::{source_bits, DstElements};
use crate::state::{MachineState, VarId};

/// What a call saved, to be restored by its return.
#[derive(Debug)]
struct Frame {
    /// CALL (a subroutine of the same unit) or FCALL/IFCALL (a function).
    function: bool,
    /// The subroutine's label (CALL), to refuse recursion (3_execution_model.md: "recursion
    /// is not permitted" for subroutines).
    subroutine: Option<LabelId>,
    /// The point after the call.
    resume: usize,
    /// The caller's call mask.
    call_mask: u32,
    /// The channels that entered the callee: they come back after the call.
    entered: u32,
    /// The caller's waiting channels (with the ones left behind by the call, waiting after
    /// it).
    waiting: BTreeMap<usize, u32>,
    /// A function call's `return_size` (GRFs of %retval that hold the return values).
    ret_size: u32,
    /// The caller's unit.
    unit: usize,
    /// A function call: the callee's variables as they were (their bytes, and which of them
    /// were undefined), restored by FRET, so that each activation has its own
    /// (3_execution_model.md: recursive calls are permitted).
    saved: Vec<Saved>,
    /// The bytes of `saved`'s variables, counted against the frame bytes limit.
    bytes: u64,
}

/// A variable a function call keeps for its return: its bytes and which were undefined.
type Saved = (VarId, Vec<u8>, Vec<bool>);

/// The control-flow state of one thread.
#[derive(Debug)]
struct Machine {
    /// The program counter.
    pc: usize,
    /// The active channels: the execution mask of the instruction at `pc`.
    active: u32,
    /// Channels waiting to rejoin, by program point (the current kernel, function or
    /// subroutine's).
    waiting: BTreeMap<usize, u32>,
    /// The channels in the current kernel, function or subroutine: those that have not
    /// returned out of it.
    call_mask: u32,
    frames: Vec<Frame>,
    /// The unit executing.
    unit: usize,
    /// Each unit's own variables: those a call of it keeps per activation (not pre-defined,
    /// not aliases, in the register file), listed once per run so that a call looks at its
    /// callee's variables only.
    unit_vars: Vec<Vec<VarId>>,
    /// The bytes the frames keep ([`ExecConfig::frame_bytes_limit`]).
    frame_bytes: u64,
}

/// How a step left the machine.
enum Next {
    /// Go on at `machine.pc`.
    Continue,
    /// The thread has ended.
    End,
    /// The thread reached a synchronisation point; it goes on at `machine.pc` when resumed.
    Sync(SyncPoint),
}

/// Watches a run instruction by instruction (`visa-conform exec --trace`): told before each
/// instruction executes, with its execution mask, and after it.
pub trait Observer {
    /// The instruction at `pc` is about to execute with execution mask `mask`.
    fn before(&mut self, pc: usize, mask: u32, state: &MachineState);
    /// The instruction at `pc` has executed (or failed, leaving `state` as it was).
    fn after(&mut self, pc: usize, state: &MachineState);
}

/// The observer of an unobserved run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unobserved;

impl Observer for Unobserved {
    fn before(&mut self, _: usize, _: u32, _: &MachineState) {}
    fn after(&mut self, _: usize, _: &MachineState) {}
}

/// Runs `program` from its kernel's first instruction with the dispatch mask `state.emask`,
/// calling `execute` for every instruction that is not control flow and telling `observer`
/// about every instruction executed. The thread is a group of one: its synchronisation
/// points mean what [`LoneGroup`] says.
pub fn run_observed(
    program: &Program,
    state: &mut MachineState,
    config: &ExecConfig,
    mut execute: impl FnMut(&Instruction, &mut MachineState) -> Result<()>,
    observer: &mut dyn Observer,
) -> Result<()> {
    let mut thread = Thread::new(program, state);
    let mut group = LoneGroup::default();
    loop {
        match thread.run(program, state, config, &mut execute, observer, Stop::AtSync)? {
            Outcome::Ended => return Ok(()),
            Outcome::Sync { point, pos, .. } => group.reach(point).map_err(|e| e.at(pos))?,
            Outcome::Paused => {}
        }
    }
}

/// One hardware thread that runs until it ends or reaches a synchronisation point, and can
/// be resumed from there: its program point, its channels (active, waiting, in calls), its
/// call frames, and the steps and cost it has spent.
#[derive(Debug)]
pub struct Thread {
    m: Machine,
    /// The dispatch mask, restored in `state.emask` whenever a run stops.
    dispatch: u32,
    /// What each instruction costs (crate::cost), charged as it executes.
    costs: Vec<u64>,
    cost: u64,
    steps: u64,
    ce0: Option<usize>,
    ended: bool,
}

impl Thread {
    /// A thread at its kernel's first instruction with the dispatch mask `state.emask`.
    pub fn new(program: &Program, state: &MachineState) -> Thread {
        let dispatch = state.emask;
        let entry = program.units.first().map_or(0, |k| k.entry);
        let mut unit_vars = vec![Vec::new(); program.units.len()];
        for (id, v) in program.vars.iter() {
            if v.predefined || v.alias.is_some() || v.grf_offset.is_none() {
                continue;
            }
            if let Some(list) = unit_vars.get_mut(v.unit as usize) {
                list.push(id);
            }
        }
        Thread {
            m: Machine {
                pc: entry,
                active: dispatch,
                waiting: BTreeMap::new(),
                call_mask: dispatch,
                frames: Vec::new(),
                unit: 0,
                unit_vars,
                frame_bytes: 0,
            },
            dispatch,
            costs: crate::cost::program(program),
            cost: 0,
            steps: 0,
            ce0: program
                .vars
                .find("%ce0")
                .and_then(|id| program.vars.get(id).grf_offset),
            ended: false,
        }
    }

    /// The instructions the thread has executed (the failing one included).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Runs the thread on `state` until it ends ([`Outcome::Ended`], and at once again
    /// after that), reaches a synchronisation point (the instruction executed; a resumed run
    /// goes on after it) or, with [`Stop::AfterMemory`], has executed a memory instruction.
    pub fn run(
        &mut self,
        program: &Program,
        state: &mut MachineState,
        config: &ExecConfig,
        execute: &mut dyn FnMut(&Instruction, &mut MachineState) -> Result<()>,
        observer: &mut dyn Observer,
        stop: Stop,
    ) -> Result<Outcome> {
        if self.ended {
            return Ok(Outcome::Ended);
        }
        let result = self.segment(program, state, config, execute, observer, stop);
        state.emask = self.dispatch;
        if matches!(result, Ok(Outcome::Ended) | Err(_)) {
            self.ended = true;
        }
        result
    }

    fn segment(
        &mut self,
        program: &Program,
        state: &mut MachineState,
        config: &ExecConfig,
        execute: &mut dyn FnMut(&Instruction, &mut MachineState) -> Result<()>,
        observer: &mut dyn Observer,
        stop: Stop,
    ) -> Result<Outcome> {
        let m = &mut self.m;
        loop {
            // A channel waiting at this point rejoins (GOTO.md, Notes).
            if let Some(rejoining) = m.waiting.remove(&m.pc) {
                m.active |= rejoining;
            }
            let unit = &program.units[m.unit];
            if m.pc >= unit.end {
                // The end of the kernel ends the thread; a function or subroutine must return.
                return end_of_unit(program, m).map(|()| Outcome::Ended);
            }
            if self.steps >= config.step_limit {
                return Err(VisaError::new(
                    ErrorClass::StepLimit,
                    format!(
                        "the program did not end within the step limit of {} instructions",
                        config.step_limit
                    ),
                )
                .at(pos_at(program, m.pc)));
            }
            self.steps += 1;
            let insn = &program.insns[m.pc];
            // An instruction whose cost would take the run past its budget does not execute.
            self.cost = self
                .cost
                .saturating_add(self.costs.get(m.pc).copied().unwrap_or(0));
            if self.cost > config.cost_limit {
                return Err(VisaError::new(
                    ErrorClass::CostLimit,
                    format!(
                        "the program did not end within the cost limit of {} units (`{}` would \
                         take the cost to {})",
                        config.cost_limit,
                        insn.opcode.mnemonic(),
                        self.cost
                    ),
                )
                .at(insn.pos));
            }
            // %ce0 holds the execution mask of the current instruction (4_visa_header.md, V15).
            if let Some(off) = self.ce0 {
                state.grf[off..off + 4].copy_from_slice(&m.active.to_le_bytes());
                state.undefined.remove_range(off..off + 4);
            }
            state.emask = m.active;
            let pc = m.pc;
            observer.before(pc, m.active, state);
            let step = match &insn.ctrl {
                Ctrl::Flow(f) => flow_step(program, insn, f, m, state, config)
                    .and_then(|next| resume_waiting(program, m, next)),
                _ => execute(insn, state).map(|()| {
                    m.pc += 1;
                    Next::Continue
                }),
            };
            observer.after(pc, state);
            match step.map_err(|e| e.at(insn.pos))? {
                Next::Continue
                    if stop == Stop::AfterMemory && insn.opcode.form().class == Class::Memory =>
                {
                    return Ok(Outcome::Paused)
                }
                Next::Continue => {}
                Next::End => return Ok(Outcome::Ended),
                Next::Sync(point) => {
                    return Ok(Outcome::Sync {
                        point,
                        pc,
                        pos: insn.pos,
                    })
                }
            }
        }
    }
}

/// Whether some channel of the thread neither executes at `m.pc` nor has left the kernel:
/// it waits at another point of this unit or of a caller, left this call early, or did not
/// enter a call in progress.
fn divergent(m: &Machine) -> bool {
    !m.waiting.is_empty()
        || m.active != m.call_mask
        || m.frames.last().is_some_and(|f| f.entered != m.call_mask)
        || m.frames
            .iter()
            .any(|f| !f.waiting.is_empty() || f.entered != f.call_mask)
}

/// After a control-flow instruction left no channel active: execution goes to the smallest
/// point where channels wait (GOTO.md, Notes: "execution jumps to the next program point where
/// some channels are waiting"). With none waiting, the kernel goes on with an empty execution
/// mask (its NoMask instructions still run), while a called subroutine or function whose
/// call mask still holds channels has lost them.
fn resume_waiting(program: &Program, m: &mut Machine, next: Next) -> Result<Next> {
    if !matches!(next, Next::Continue) || m.active != 0 {
        return Ok(next);
    }
    match m.waiting.pop_first() {
        Some((point, channels)) => {
            m.pc = point;
            m.active = channels;
        }
        None if m.frames.is_empty() || m.call_mask == 0 => {}
        None => {
            return Err(VisaError::undefined(format!(
                "channels {:#x} of the call mask are neither executing nor waiting in the \
                 called subroutine or function: a JMP or SWITCHJMP lost them",
                m.call_mask
            ))
            .at(pos_at(program, m.pc)))
        }
    }
    Ok(Next::Continue)
}

/// The position of the instruction at `pc`, or of the last one.
fn pos_at(program: &Program, pc: usize) -> crate::error::Pos {
    program
        .insns
        .get(pc)
        .or(program.insns.last())
        .map(|i| i.pos)
        .unwrap_or_default()
}

/// Execution reached the end of its unit.
fn end_of_unit(program: &Program, m: &Machine) -> Result<()> {
    let pos = pos_at(program, m.pc);
    if let Some(frame) = m.frames.last() {
        let what = if frame.function {
            "a function ends without FRET"
        } else {
            "a subroutine runs off the end of its kernel or function without RET"
        };
        return Err(VisaError::undefined(what).at(pos));
    }
    if let Some((point, _)) = m.waiting.first_key_value() {
        return Err(VisaError::undefined(format!(
            "the kernel ends while channels wait at instruction {point}: they never rejoined \
             (a JMP or SWITCHJMP jumped over their label)"
        ))
        .at(pos));
    }
    Ok(())
}

/// One control-flow or annotation instruction.
fn flow_step(
    program: &Program,
    insn: &Instruction,
    f: &FlowCtrl,
    m: &mut Machine,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<Next> {
    let readings = &config.readings;
    let label_at = |l: &LabelId| program.labels[l.0 as usize].at;
    match f {
        FlowCtrl::Goto(label) => {
            let target = label_at(label);
            let (taken, rest) = branch_channels(insn, m.active, state, config)?;
            if target > m.pc {
                // Forward: the predicated active channels wait at the label; the others go
                // on to the next instruction.
                if taken != 0 {
                    *m.waiting.entry(target).or_insert(0) |= taken;
                }
                m.active = rest;
                m.pc += 1;
            } else if taken != 0 {
                // Backward: execution moves to the label with the predicated channels; the
                // others wait at the next instruction.
                if rest != 0 {
                    *m.waiting.entry(m.pc + 1).or_insert(0) |= rest;
                }
                m.active = taken;
                m.pc = target;
            } else {
                m.pc += 1;
            }
        }
        FlowCtrl::Jmp(label) => {
            // JMP.md: execution size 1, one decision, taken or not whatever the mask holds
            // (with no channel active, the jump still moves the program counter, as SWITCHJMP
            // does).
            if uniform_decision(insn, m.active, state, config) {
                jump(program, m, label_at(label))?;
            } else {
                m.pc += 1;
            }
        }
        FlowCtrl::Switchjmp { index, targets } => {
            // SWITCHJMP.md: a uniform jump to Label[index]; index in [0, num_labels - 1].
            let i = scalar_value(program, state, index, config)?;
            let Some(label) = usize::try_from(i).ok().and_then(|i| targets.get(i)) else {
                return Err(VisaError::undefined(format!(
                    "SWITCHJMP's index {i} is outside its {} labels",
                    targets.len()
                ))
                .field("index"));
            };
            jump(program, m, label_at(label))?;
        }
        FlowCtrl::Call(label) => call(program, insn, m, state, config, *label)?,
        // FCCALL.md: an alias of CALL (erratum FCCALL-CALL-ALIAS: the label its unit defines
        // is called as CALL calls it; one the FC linker would resolve cannot be).
        FlowCtrl::Fccall { label, target } => {
            let Some(target) = target else {
                return Err(VisaError::unsupported(format!(
                    "FCCALL's label `{label}` is not in this program: the FC linker resolves it"
                ))
                .field("label"));
            };
            call(program, insn, m, state, config, *target)?;
        }
        FlowCtrl::Fcall {
            name,
            callee,
            arg_size,
            ret_size,
        } => {
            let Some(callee) = callee else {
                return Err(VisaError::unsupported(format!(
                    "function `{name}` is not in this program"
                ))
                .field("func_name"));
            };
            call_function(
                program, insn, m, state, config, *callee, *arg_size, *ret_size,
            )?;
        }
        FlowCtrl::Ifcall {
            addr,
            arg_size,
            ret_size,
            ..
        } => {
            let value = scalar_value(program, state, addr, config)?;
            let Some(callee) = unit_at_address(value, program.units.len()).filter(|u| u.0 != 0)
            else {
                return Err(VisaError::undefined(format!(
                    "IFCALL's address {value:#x} is not the address of a function"
                ))
                .field("func_addr"));
            };
            call_function(
                program, insn, m, state, config, callee, *arg_size, *ret_size,
            )?;
        }
        FlowCtrl::Ret | FlowCtrl::Fret => {
            let function = matches!(f, FlowCtrl::Fret);
            match m.frames.last() {
                Some(frame) if frame.function != function => {
                    return Err(VisaError::undefined(if function {
                        "FRET inside a subroutine: RET returns from a subroutine"
                    } else {
                        "RET in a function outside its subroutines: FRET returns from a function"
                    }))
                }
                None if function => {
                    return Err(VisaError::undefined(
                        "FRET in the kernel: there is no function to return from",
                    ))
                }
                _ => {}
            }
            let (returning, _) = call_channels(insn, m.active, state, config)?;
            // RET.md, FRET.md: the returning channels leave the call mask and the execution
            // mask; when the call mask is empty, execution returns to the caller (or, in
            // the kernel, ends).
            m.call_mask &= !returning;
            m.active &= !returning;
            if m.call_mask != 0 {
                m.pc += 1;
            } else if let Some(frame) = m.frames.pop() {
                leave(program, m, state, frame);
            } else {
                return Ok(Next::End);
            }
        }
        FlowCtrl::Faddr { name, callee } => {
            let Some(callee) = callee else {
                return Err(VisaError::unsupported(format!(
                    "function `{name}` is not in this program"
                ))
                .field("func_name"));
            };
            let mut dst = DstElements::new(program, state, &insn.dst, 1, readings)?;
            dst.set(0, unit_address(*callee));
            dst.commit(state);
            m.pc += 1;
        }
        FlowCtrl::Lifetime { start, var } => {
            // LIFETIME.md (erratum LIFETIME-CONTENTS): at the start the contents are undefined.
            if *start && !readings.is_literal(errata::LIFETIME_CONTENTS) {
                let v = program.vars.get(*var);
                if let Some(off) = v.grf_offset {
                    state.undefined.insert_range(off..off + v.byte_size());
                }
            }
            m.pc += 1;
        }
        FlowCtrl::Subroutine(_) | FlowCtrl::Loc(_) | FlowCtrl::File(_) => m.pc += 1,
        FlowCtrl::Sync(s) => {
            let point = crate::insn::sync::execute(program, s, state, config, divergent(m))?;
            if matches!(s, SyncCtrl::Fence { .. }) {
                // An ordering point for the race detector (docs/races.md).
                state
                    .mem
                    .note_fence(u32::try_from(m.pc).unwrap_or(u32::MAX));
            }
            m.pc += 1;
            if let Some(point) = point {
                return Ok(Next::Sync(point));
            }
        }
    }
    Ok(Next::Continue)
}

/// A uniform jump (JMP, SWITCHJMP) to `target` with every active channel. Jumping forward
/// over a point where channels wait loses them (3_execution_model.md, "Mixing Uniform and
/// Divergent Control Flow": the kernel must not): undefined behaviour, detected.
fn jump(program: &Program, m: &mut Machine, target: usize) -> Result<()> {
    if target > m.pc {
        if let Some((point, _)) = m.waiting.range(m.pc + 1..target).next() {
            return Err(VisaError::undefined(format!(
                "a uniform jump skips instruction {point}, where channels wait to rejoin \
                 (line {})",
                pos_at(program, *point).line
            )));
        }
    }
    m.pc = target;
    Ok(())
}

/// CALL (and FCCALL, its alias): enter the subroutine at `label`.
fn call(
    program: &Program,
    insn: &Instruction,
    m: &mut Machine,
    state: &mut MachineState,
    config: &ExecConfig,
    label: LabelId,
) -> Result<()> {
    if m.frames
        .iter()
        .any(|fr| fr.subroutine == Some(label) && !fr.function)
    {
        return Err(VisaError::undefined(format!(
            "subroutine `{}` calls itself: recursion is not permitted for subroutines",
            program.labels[label.0 as usize].name
        ))
        .field("label"));
    }
    let (taken, rest) = call_channels(insn, m.active, state, config)?;
    if taken == 0 {
        m.pc += 1;
    } else {
        check_call_limits(m, config, 0)?;
        enter(m, taken, rest, false, Some(label), 0, Vec::new(), 0);
        m.pc = program.labels[label.0 as usize].at;
    }
    Ok(())
}

/// FCALL and IFCALL: enter function `callee`.
#[allow(clippy::too_many_arguments)]
fn call_function(
    program: &Program,
    insn: &Instruction,
    m: &mut Machine,
    state: &mut MachineState,
    config: &ExecConfig,
    callee: UnitId,
    arg_size: u32,
    ret_size: u32,
) -> Result<()> {
    let (taken, rest) = call_channels(insn, m.active, state, config)?;
    if taken == 0 {
        m.pc += 1;
        return Ok(());
    }
    // The callee's variables belong to this activation: keep the ones they hold, and start
    // the callee with them undefined.
    let unit = callee.0;
    let own = m.unit_vars.get(unit as usize).cloned().unwrap_or_default();
    let bytes = own
        .iter()
        .map(|id| program.vars.get(*id).byte_size() as u64)
        .sum();
    check_call_limits(m, config, bytes)?;
    let mut saved = Vec::new();
    for id in own {
        let v = program.vars.get(id);
        let Some(off) = v.grf_offset else { continue };
        let range = off..off + v.byte_size();
        let undefined = range
            .clone()
            .map(|b| state.undefined.contains(&b))
            .collect();
        saved.push((id, state.grf[range.clone()].to_vec(), undefined));
        state.undefined.insert_range(range);
    }
    // FCALL.md: the first arg_size GRFs of %arg go to the callee (the register file is
    // shared, so the copy is the identity; the rest of the callee's %arg is undefined), and
    // the callee's %retval starts undefined. %sp and %fp are copied (the identity).
    let grf = program.platform.grf_size();
    mark_undefined_from(program, state, "%arg", arg_size as usize * grf);
    mark_undefined_from(program, state, "%retval", 0);
    enter(m, taken, rest, true, None, ret_size, saved, bytes);
    m.unit = unit as usize;
    m.pc = program.units[m.unit].entry;
    Ok(())
}

/// Marks a pre-defined variable's bytes from `from` on undefined, if the program names it.
fn mark_undefined_from(program: &Program, state: &mut MachineState, name: &str, from: usize) {
    if let Some(id) = program.vars.find(name) {
        let v = program.vars.get(id);
        if let Some(off) = v.grf_offset {
            let size = v.byte_size();
            if from < size {
                state.undefined.insert_range(off + from..off + size);
            }
        }
    }
}

/// A call would push a frame keeping `bytes` of the callee's variables: past the call depth
/// limit or the frame bytes limit ([`ExecConfig`]), the run ends with a `resource-limit`
/// error at the call instead.
fn check_call_limits(m: &Machine, config: &ExecConfig, bytes: u64) -> Result<()> {
    if m.frames.len() >= config.call_depth_limit as usize {
        return Err(VisaError::new(
            ErrorClass::ResourceLimit,
            format!(
                "this call would be call {} in progress: the call depth limit is {}",
                m.frames.len() + 1,
                config.call_depth_limit
            ),
        ));
    }
    let total = m.frame_bytes.saturating_add(bytes);
    if total > config.frame_bytes_limit {
        return Err(VisaError::new(
            ErrorClass::ResourceLimit,
            format!(
                "this call would keep {total} bytes of call frames ({bytes} of its callee's \
                 variables, {} calls in progress): the frame bytes limit is {}",
                m.frames.len(),
                config.frame_bytes_limit
            ),
        ));
    }
    Ok(())
}

/// Pushes a frame and starts the callee with the `taken` channels; the `rest` of the
/// active channels wait after the call.
#[allow(clippy::too_many_arguments)]
fn enter(
    m: &mut Machine,
    taken: u32,
    rest: u32,
    function: bool,
    subroutine: Option<LabelId>,
    ret_size: u32,
    saved: Vec<Saved>,
    bytes: u64,
) {
    let mut waiting = std::mem::take(&mut m.waiting);
    if rest != 0 {
        *waiting.entry(m.pc + 1).or_insert(0) |= rest;
    }
    m.frames.push(Frame {
        function,
        subroutine,
        resume: m.pc + 1,
        call_mask: m.call_mask,
        entered: taken,
        waiting,
        ret_size,
        unit: m.unit,
        saved,
        bytes,
    });
    m.frame_bytes = m.frame_bytes.saturating_add(bytes);
    m.call_mask = taken;
    m.active = taken;
}

/// The call mask is empty: resume the caller after the call with the channels that entered.
fn leave(program: &Program, m: &mut Machine, state: &mut MachineState, frame: Frame) {
    if frame.function {
        // FRET.md: %retval's first return_size GRFs go back to the caller; the caller's
        // %arg was destroyed by the call (3_execution_model.md).
        let grf = program.platform.grf_size();
        mark_undefined_from(program, state, "%retval", frame.ret_size as usize * grf);
        mark_undefined_from(program, state, "%arg", 0);
        for (id, bytes, undefined) in frame.saved {
            let v = program.vars.get(id);
            if let Some(off) = v.grf_offset {
                let range = off..off + bytes.len();
                state.grf[range.clone()].copy_from_slice(&bytes);
                state.undefined.remove_range(range);
                for (b, u) in undefined.into_iter().enumerate() {
                    if u {
                        state.undefined.insert(off + b);
                    }
                }
            }
        }
    }
    m.frame_bytes = m.frame_bytes.saturating_sub(frame.bytes);
    m.unit = frame.unit;
    m.pc = frame.resume;
    m.call_mask = frame.call_mask;
    m.active = frame.entered;
    m.waiting = frame.waiting;
}

/// The value of a scalar operand (SWITCHJMP's index, IFCALL's address), zero-extended.
fn scalar_value(
    program: &Program,
    state: &MachineState,
    s: &Scalar,
    config: &ExecConfig,
) -> Result<u64> {
    let bits = match s {
        Scalar::Imm { bits, .. } => *bits,
        Scalar::Var { .. } => source_bits(program, state, &s.to_src(), 1, &config.readings)?
            .and_then(|v| v.first().copied())
            .ok_or_else(|| VisaError::model_bug("a scalar variable read no element"))?,
    };
    let size = s.ty().size();
    Ok(if size >= 8 {
        bits
    } else {
        bits & ((1u64 << (8 * size)) - 1)
    })
}

/// The channels a branch moves (`taken`) and the active ones it leaves (`rest`).
///
/// Execution size 1 (GOTO.md, JMP.md Notes: the branch is uniform) decides with one
/// predicate element for every active channel (errata CF-SCALAR-NOMASK, CF-SCALAR-PRED-BIT,
/// CF-ANY-ALL-WIDTH). Wider, each covered active channel decides with its own predicate
/// element (EvaluateChEn); NoMask does not make a non-active channel branch (erratum
/// CF-NOMASK-DIVERGENT); the active channels the instruction does not cover go on
/// (erratum CF-PARTIAL-CHANNELS).
fn branch_channels(
    insn: &Instruction,
    active: u32,
    state: &MachineState,
    config: &ExecConfig,
) -> Result<(u32, u32)> {
    let readings = &config.readings;
    let offset = insn.mask.offset();
    if insn.exec_size == 1 {
        let decide = uniform_decision(insn, active, state, config);
        return Ok(if decide { (active, 0) } else { (0, active) });
    }
    let covered = channel_range(offset, insn.exec_size);
    if active & !covered != 0 && readings.is_literal(errata::CF_PARTIAL_CHANNELS) {
        return Err(VisaError::undefined(format!(
            "`{}` covers channels {}..{} of the active channels {active:#x}; the documents do \
             not say what the others do",
            insn.opcode.mnemonic(),
            offset,
            offset + insn.exec_size
        )));
    }
    // EvaluateChEn's predicate mask, by channel: PMask[n] = Pred[n + offset].
    let mut pmask = covered;
    if let Some(p) = &insn.pred {
        let pred = state.preds[p.var.0 as usize] & covered;
        pmask = match p.combine {
            PredCombine::None => pred,
            PredCombine::Any if pred != 0 => covered,
            PredCombine::All if pred == covered => covered,
            PredCombine::Any | PredCombine::All => 0,
        };
        if p.invert {
            pmask = !pmask & covered;
        }
    }
    let taken = active & covered & pmask;
    Ok((taken, active & !taken))
}

/// The one decision of an execution-size-1 transfer (GOTO.md, JMP.md Notes: uniform): the
/// predicate element at the mask offset (CF-SCALAR-PRED-BIT), `.any`/`.all` over the active
/// channels (CF-ANY-ALL-WIDTH), and, literally without NoMask, EvaluateChEn's EM bit
/// (CF-SCALAR-NOMASK). It does not depend on any channel being active.
fn uniform_decision(
    insn: &Instruction,
    active: u32,
    state: &MachineState,
    config: &ExecConfig,
) -> bool {
    let readings = &config.readings;
    let offset = insn.mask.offset();
    let mut decide = true;
    if readings.is_literal(errata::CF_SCALAR_NOMASK) && !insn.mask.no_mask {
        // EvaluateChEn: ChEn[0] = EM[0 + mask_control_offset].
        decide = (active >> offset) & 1 == 1;
    }
    if let Some(p) = &insn.pred {
        let pred = state.preds[p.var.0 as usize];
        let element = if readings.is_literal(errata::CF_SCALAR_PRED_BIT) {
            0
        } else {
            offset
        };
        let literal_width = readings.is_literal(errata::CF_ANY_ALL_WIDTH);
        let mut bit = match p.combine {
            PredCombine::None => (pred >> element) & 1 == 1,
            _ if literal_width => (pred >> element) & 1 == 1,
            PredCombine::Any => pred & active != 0,
            PredCombine::All => pred & active == active,
        };
        if p.invert {
            bit = !bit;
        }
        decide &= bit;
    }
    decide
}

/// The channels of a call or return: like a branch's, but a scalar call enters with every
/// channel under the literal reading of CF-SCALAR-CALL-MASK ("the call mask will be
/// initialized to all ones").
fn call_channels(
    insn: &Instruction,
    active: u32,
    state: &MachineState,
    config: &ExecConfig,
) -> Result<(u32, u32)> {
    let (taken, rest) = branch_channels(insn, active, state, config)?;
    let call = matches!(
        insn.opcode,
        Opcode::Call | Opcode::Fccall | Opcode::Fcall | Opcode::Ifcall
    );
    if call
        && insn.exec_size == 1
        && taken != 0
        && config.readings.is_literal(errata::CF_SCALAR_CALL_MASK)
    {
        return Ok((u32::MAX, 0));
    }
    Ok((taken, rest))
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

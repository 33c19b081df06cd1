//! The memory family dispatcher: which plan compiles a memory instruction ([`MemPlan::compile`])
//! and, in one plan step, runs it ([`MemPlan::exec`]).

use visa_model::errata::Readings;
use visa_model::ir::block2d::Block2dSurface;
use visa_model::ir::{Ctrl, Instruction, Opcode, Program};
use visa_model::state::MachineState;
use visa_model::VisaError;

use super::apndctr::{is_apndctr, ApndctrPlan};
use super::block2d::{block2d, Block2dPlan};
use super::dataport::{is_dataport, DataportPlan};
use super::dataport_typed::{is_dataport_typed, TypedDataportPlan};
use super::lsc::{is_lsc, LscPlan};
use super::media::{is_media, MediaPlan};
use super::sampler::{is_sampler, SamplerPlan};
use super::status::StatusPlan;
use super::svm::{is_svm, SvmPlan};
use super::typed::{is_typed, TypedPlan};
use super::typed2d::Typed2dPlan;

type Result<T> = std::result::Result<T, VisaError>;

/// A memory instruction, compiled by the plan of its family, with its index in the program
/// (what its recorded accesses are stamped with, docs/races.md).
#[derive(Clone, Debug)]
pub(crate) struct MemPlan {
    pc: u32,
    family: Family,
}

/// The plan of a memory instruction's family.
#[derive(Clone, Debug)]
enum Family {
    /// LSC_UNTYPED's loads, stores and atomics; LSC_TYPED's atomics and uncompressed store.
    Lsc(LscPlan),
    /// LSC_UNTYPED's block 2D load and store.
    Block2d(Block2dPlan),
    /// LSC_TYPED's block 2D load and store.
    Typed2d(Typed2dPlan),
    /// LSC_TYPED's quad load and store.
    Typed(TypedPlan),
    /// LOAD_STATUS (untyped and `.tgm`).
    Status(StatusPlan),
    /// The append-counter atomics.
    Apndctr(ApndctrPlan),
    /// The SVM instructions.
    Svm(SvmPlan),
    /// The legacy dataport messages.
    Dataport(DataportPlan),
    /// The typed legacy dataport messages.
    DataportTyped(TypedDataportPlan),
    /// The media block messages.
    Media(MediaPlan),
    /// The sampler messages.
    Sampler(SamplerPlan),
    /// LSC_FENCE: no effect on the thread's state.
    Fence,
}

impl MemPlan {
    /// The plan of `insn` if it is a memory instruction (`None` otherwise); its error, if
    /// its family's plan cannot compile it.
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Option<Result<MemPlan>> {
        // An instruction outside the program's list (never, from the plan compiler) is
        // stamped past its end.
        let pc = program.index_of(insn).unwrap_or(u32::MAX);
        // A raw send compiles as the message its descriptors decode to (the model's
        // decoder, run by validation), stamped with the raw send's index.
        let insn = match &insn.ctrl {
            Ctrl::RawSend(c) => &c.lowered,
            _ => insn,
        };
        let plan = if is_svm(insn) {
            SvmPlan::compile(program, insn, readings).map(Family::Svm)
        } else if is_dataport(insn) {
            DataportPlan::compile(program, insn, readings).map(Family::Dataport)
        } else if is_dataport_typed(insn) {
            TypedDataportPlan::compile(program, insn, readings).map(Family::DataportTyped)
        } else if is_media(insn) {
            MediaPlan::compile(program, insn, readings).map(Family::Media)
        } else if is_sampler(insn) {
            SamplerPlan::compile(program, insn).map(Family::Sampler)
        } else if insn.opcode == Opcode::LscFence {
            Ok(Family::Fence)
        } else if let Some(c) = block2d(insn) {
            match &c.operands.surface {
                Block2dSurface::Flat(surface) => {
                    Block2dPlan::compile(program, insn, c, surface, readings).map(Family::Block2d)
                }
                Block2dSurface::Typed { surface } => {
                    Typed2dPlan::compile(program, insn, c, surface, readings).map(Family::Typed2d)
                }
            }
        } else if is_apndctr(insn) {
            ApndctrPlan::compile(program, insn).map(Family::Apndctr)
        } else if insn.opcode == Opcode::LscLoadStatus {
            StatusPlan::compile(program, insn, readings).map(Family::Status)
        } else if is_typed(insn) {
            TypedPlan::compile(program, insn, readings).map(Family::Typed)
        } else if is_lsc(insn) {
            LscPlan::compile(program, insn, readings).map(Family::Lsc)
        } else {
            return None;
        };
        Some(plan.map(|family| MemPlan { pc, family }))
    }

    /// Runs the instruction; an error carries its position.
    #[inline(always)]
    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        if state.mem.recording() {
            state.mem.set_insn(self.pc);
        }
        match &self.family {
            Family::Lsc(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Block2d(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Typed2d(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Typed(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Status(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Apndctr(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Svm(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Dataport(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::DataportTyped(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Media(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Sampler(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Family::Fence => {
                // An ordering point for the race detector (docs/races.md).
                state.mem.note_fence(self.pc);
                Ok(())
            }
        }
    }
}

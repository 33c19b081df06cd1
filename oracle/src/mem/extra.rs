//! The memory plans beyond LSC_UNTYPED's gather/scatter ([`super::lsc`]): LSC_TYPED's quad
//! forms ([`super::typed`]), LOAD_STATUS ([`super::status`]) and the append-counter atomics
//! ([`super::apndctr`]) and LSC_TYPED's block 2D forms ([`super::typed2d`]), one plan step.

use visa_model::errata::Readings;
use visa_model::error::Pos;
use visa_model::ir::{Instruction, Opcode, Program};
use visa_model::state::MachineState;
use visa_model::VisaError;

use super::apndctr::{is_apndctr, ApndctrPlan};
use super::status::StatusPlan;
use super::typed::{is_typed, TypedPlan};
use super::typed2d::{is_typed2d, Typed2dPlan};

#[derive(Clone, Debug)]
pub(crate) enum ExtraPlan {
    Typed(TypedPlan),
    Status(StatusPlan),
    Apndctr(ApndctrPlan),
    Typed2d(Typed2dPlan),
}

/// Whether `insn` is compiled by [`ExtraPlan::compile`].
pub(crate) fn is_extra(insn: &Instruction) -> bool {
    is_typed(insn) || insn.opcode == Opcode::LscLoadStatus || is_apndctr(insn) || is_typed2d(insn)
}

impl ExtraPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<ExtraPlan, VisaError> {
        if is_typed2d(insn) {
            return Ok(ExtraPlan::Typed2d(Typed2dPlan::compile(
                program, insn, readings,
            )?));
        }
        if is_apndctr(insn) {
            return Ok(ExtraPlan::Apndctr(ApndctrPlan::compile(program, insn)?));
        }
        if insn.opcode == Opcode::LscLoadStatus {
            Ok(ExtraPlan::Status(StatusPlan::compile(
                program, insn, readings,
            )?))
        } else {
            Ok(ExtraPlan::Typed(TypedPlan::compile(
                program, insn, readings,
            )?))
        }
    }

    pub(crate) fn pos(&self) -> Pos {
        match self {
            ExtraPlan::Typed(p) => p.pos,
            ExtraPlan::Status(p) => p.pos,
            ExtraPlan::Apndctr(p) => p.pos,
            ExtraPlan::Typed2d(p) => p.pos,
        }
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<(), VisaError> {
        match self {
            ExtraPlan::Typed(p) => p.exec(state),
            ExtraPlan::Status(p) => p.exec(state),
            ExtraPlan::Apndctr(p) => p.exec(state),
            ExtraPlan::Typed2d(p) => p.exec(state),
        }
    }
}

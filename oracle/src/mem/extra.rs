//! The memory plans beyond LSC_UNTYPED's gather/scatter ([`super::lsc`]): LSC_TYPED's quad
//! forms ([`super::typed`]), LOAD_STATUS ([`super::status`]) and the append-counter atomics
//! ([`super::apndctr`]), one plan step.

use visa_spec::errata::Readings;
use visa_spec::error::Pos;
use visa_spec::ir::{Instruction, Opcode, Program};
use visa_spec::state::MachineState;
use visa_spec::VisaError;

use super::apndctr::{is_apndctr, ApndctrPlan};
use super::status::StatusPlan;
use super::typed::{is_typed, TypedPlan};

#[derive(Clone, Debug)]
pub(crate) enum ExtraPlan {
    Typed(TypedPlan),
    Status(StatusPlan),
    Apndctr(ApndctrPlan),
}

/// Whether `insn` is compiled by [`ExtraPlan::compile`].
pub(crate) fn is_extra(insn: &Instruction) -> bool {
    is_typed(insn) || insn.opcode == Opcode::LscLoadStatus || is_apndctr(insn)
}

impl ExtraPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<ExtraPlan, VisaError> {
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
        }
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<(), VisaError> {
        match self {
            ExtraPlan::Typed(p) => p.exec(state),
            ExtraPlan::Status(p) => p.exec(state),
            ExtraPlan::Apndctr(p) => p.exec(state),
        }
    }
}

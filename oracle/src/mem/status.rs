//! `lsc_load_status` and `lsc_load_status.tgm` (instructions/LSC_UNTYPED.md, LOAD_STATUS):
//! DstData's first 32-bit word takes the enabled lanes, every page being valid
//! (LSC-LOAD-STATUS-TRTT resolved); the literal reading stops on any enabled lane.

use visa_model::asm::ast::PredCombine;
use visa_model::errata::{self, Readings};
use visa_model::error::Pos;
use visa_model::ir::lsc::{LscOperands, Sfid};
use visa_model::ir::{Ctrl, Dst, Instruction, Program, Scalar};
use visa_model::state::{AddrType, MachineState};
use visa_model::{ErrorClass, VisaError};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Debug)]
pub(crate) struct StatusPlan {
    pub(crate) pos: Pos,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    slm: bool,
    addr_type: AddrType,
    /// The `(Surface)` operand: an immediate, or the register byte of a UD.
    surface: Result<u64>,
    surface_reg: Option<usize>,
    dst: Option<usize>,
    literal: bool,
}

impl StatusPlan {
    pub(crate) fn compile(
        program: &Program,
        insn: &Instruction,
        readings: &Readings,
    ) -> Result<StatusPlan> {
        let Ctrl::Lsc(c) = insn.ctrl else {
            return Err(VisaError::model_bug(
                "an LSC instruction without its fields",
            ));
        };
        let grf =
            |var: visa_model::state::VarId| {
                program.vars.get(var).grf_offset.ok_or_else(|| {
                    VisaError::model_bug("an LSC operand has no register-file storage")
                })
            };
        let LscOperands::Message(ops) = c.operands else {
            return Err(VisaError::model_bug(
                "an LSC message with an append counter's operands",
            ));
        };
        // A stateless address has no surface: index 0.
        let (surface, surface_reg) = match ops.surface {
            Some(Scalar::Imm { bits, .. }) => (Ok(bits), None),
            Some(Scalar::Var { var, row, col, ty }) => (
                Ok(0),
                Some(super::lsc::element_at(program, var, row, col, ty)?),
            ),
            None => (Ok(0), None),
        };
        Ok(StatusPlan {
            pos: insn.pos,
            exec_size: insn.exec_size as usize,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            slm: c.sfid == Sfid::Slm,
            addr_type: c.addr_type,
            surface,
            surface_reg,
            dst: match insn.dst {
                Dst::General { var, .. } => Some(grf(var)?),
                _ => None,
            },
            literal: readings.is_literal(errata::LSC_LOAD_STATUS_TRTT),
        })
    }

    fn ch_en(&self, state: &MachineState) -> u32 {
        super::enable::ch_en(
            state,
            self.exec_size,
            self.no_mask,
            self.mask_offset,
            self.pred,
        )
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = self.ch_en(state);
        let surface = match self.surface_reg {
            Some(at) => {
                let b = state.grf.get(at..at + 4).ok_or_else(|| {
                    VisaError::model_bug("the surface lies outside the register file")
                })?;
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
            None => self.surface.clone()?,
        };
        state.mem.window(self.slm, self.addr_type, surface)?;
        if self.literal && en != 0 {
            return Err(VisaError::new(
                ErrorClass::UndefinedBehaviour,
                "LOAD_STATUS calls the undefined IsTRTT_VALID_PAGE (LSC-LOAD-STATUS-TRTT literal)",
            ));
        }
        let Some(at) = self.dst else {
            return Ok(());
        };
        let slot = state
            .grf
            .get_mut(at..at + 4)
            .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
        slot.copy_from_slice(&en.to_le_bytes());
        for k in at..at + 4 {
            state.undefined.remove(&k);
        }
        Ok(())
    }
}

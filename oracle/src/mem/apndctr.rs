//! `lsc_apndctr_atomic_add` / `_sub` (instructions/LSC_UNTYPED.md, AppendCounterAtomicAdd,
//! AppendCounterAtomicSub): the surface's d32 counter at its `aux` address; each enabled
//! lane in order takes the old value and adds (subtracts) its Src0Data word.

use visa_model::asm::ast::PredCombine;
use visa_model::error::Pos;
use visa_model::ir::lsc::LscOperands;
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Program, Scalar};
use visa_model::state::{AccessKind, AddrType, MachineState, SurfaceHeap, FLAT};
use visa_model::{ErrorClass, VisaError};

type Result<T> = std::result::Result<T, VisaError>;

#[derive(Clone, Debug)]
pub(crate) struct ApndctrPlan {
    pub(crate) pos: Pos,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    heap: SurfaceHeap,
    /// `Ok(index)` for an immediate surface, `Err(register byte)` for a UD.
    surface: std::result::Result<u64, usize>,
    src: usize,
    dst: Option<usize>,
    sub: bool,
}

pub(crate) fn is_apndctr(insn: &Instruction) -> bool {
    matches!(
        insn.opcode,
        Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub
    )
}

impl ApndctrPlan {
    pub(crate) fn compile(program: &Program, insn: &Instruction) -> Result<ApndctrPlan> {
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
        let LscOperands::Apndctr(ops) = c.operands else {
            return Err(VisaError::model_bug(
                "an append counter with a message's operands",
            ));
        };
        let surface = match ops.surface {
            Scalar::Imm { bits, .. } => Ok(bits),
            Scalar::Var { var, row, col, ty } => {
                Err(super::lsc::element_at(program, var, row, col, ty)?)
            }
        };
        Ok(ApndctrPlan {
            pos: insn.pos,
            exec_size: insn.exec_size as usize,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            heap: match c.addr_type {
                AddrType::Bti => SurfaceHeap::BindingTable,
                AddrType::Bss => SurfaceHeap::Bindless,
                AddrType::Ss => SurfaceHeap::SurfaceState,
                _ => return Err(VisaError::model_bug("an append counter without a surface")),
            },
            surface,
            src: grf(ops.src0_data.var)?,
            dst: match insn.dst {
                Dst::General { var, .. } => Some(grf(var)?),
                _ => None,
            },
            sub: insn.opcode == Opcode::LscApndctrAtomicSub,
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
        let index = match self.surface {
            Ok(i) => i,
            Err(at) => {
                let b = state.grf.get(at..at + 4).ok_or_else(|| {
                    VisaError::model_bug("the surface lies outside the register file")
                })?;
                u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
        };
        let ctr = match state.mem.surface(self.heap, index) {
            None => {
                return Err(VisaError::new(
                    ErrorClass::UndefinedBehaviour,
                    format!(
                        "no surface at index {index:#x} of the {} table",
                        self.heap.name()
                    ),
                ))
            }
            Some(s) if s.aux == 0 => {
                return Err(VisaError::new(
                    ErrorClass::UndefinedBehaviour,
                    format!("surface {index:#x} has no append counter"),
                ))
            }
            Some(s) => s.aux,
        };
        let mut bytes = [0u8; 4];
        let mut und = false;
        if let Some(m) = state.mem.space(FLAT) {
            m.read(ctr, &mut bytes);
            und = m.any_undefined(ctr, ctr.saturating_add(3))
                || (ctr > u64::MAX - 3 && (0..4).any(|i| m.is_undefined(ctr.wrapping_add(i))));
        }
        let mut counter = u32::from_le_bytes(bytes);
        let src = state
            .grf
            .get(self.src..self.src + 4 * self.exec_size)
            .ok_or_else(|| VisaError::model_bug("Src0Data lies outside the register file"))?
            .to_vec();
        for n in 0..self.exec_size {
            if en >> n & 1 == 0 {
                continue;
            }
            // Each lane's update of the counter is one atomic access (docs/races.md).
            state
                .mem
                .note_at(Some(n as u32), FLAT, ctr, 4, AccessKind::Atomic);
            let old = counter;
            let v =
                u32::from_le_bytes([src[4 * n], src[4 * n + 1], src[4 * n + 2], src[4 * n + 3]]);
            counter = if self.sub {
                old.wrapping_sub(v)
            } else {
                old.wrapping_add(v)
            };
            if let Some(d) = self.dst {
                let at = d + 4 * n;
                state
                    .grf
                    .get_mut(at..at + 4)
                    .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?
                    .copy_from_slice(&old.to_le_bytes());
                for k in at..at + 4 {
                    if und {
                        state.undefined.insert(k);
                    } else {
                        state.undefined.remove(&k);
                    }
                }
            }
        }
        if en != 0 {
            let m = state.mem.space_mut(FLAT);
            let out = counter.to_le_bytes();
            if und {
                for (i, b) in out.into_iter().enumerate() {
                    m.write_undefined(ctr.wrapping_add(i as u64), b);
                }
            } else {
                m.write(ctr, &out);
            }
        }
        Ok(())
    }
}

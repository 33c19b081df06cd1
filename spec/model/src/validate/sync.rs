//! The thread-group instructions (instructions/BARRIER.md, SBARRIER.md, NBARRIER.md,
//! FENCE.md, WAIT.md, YIELD.md, CACHE_FLUSH.md): their Text forms to the IR, and their
//! rules on any IR. None takes an execution size or a predicate: each is one thread's,
//! SIMD1 NoMask.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use crate::asm::ast::{InsnLine, MaskControl, Operand};
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::flow::FlowCtrl;
use crate::ir::sync::{NbarrierCounts, SyncCtrl, FENCE_FLAGS, FENCE_LOCAL, FENCE_SW, NBARRIER_IDS};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Scalar, Src};
use crate::state::Vars;
use crate::types::DataType;

impl Cx<'_> {
    /// One thread-group instruction.
    pub(super) fn sync_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = line.opcode.as_str();
        if line.exec.is_some() {
            return Err(invalid(
                "exec_size",
                format!("`{name}` takes no execution size"),
            ));
        }
        if line.pred.is_some() {
            return Err(invalid("pred", format!("`{name}` takes no predicate")));
        }
        let ops = &line.operands;
        let count = |n: &[usize]| -> Result<()> {
            if n.contains(&ops.len()) {
                return Ok(());
            }
            let want: Vec<String> = n.iter().map(|k| k.to_string()).collect();
            Err(invalid(
                "operands",
                format!(
                    "`{name}` takes {} operands, not {}",
                    want.join(" or "),
                    ops.len()
                ),
            ))
        };
        let mode = |what: &str| -> Result<bool> {
            match line.mods.as_slice() {
                [m] if m == "signal" => Ok(true),
                [m] if m == "wait" => Ok(false),
                _ => Err(invalid(
                    "mode",
                    format!("expected `{what}.signal` or `{what}.wait`"),
                )),
            }
        };
        let no_mods = || -> Result<()> {
            if line.mods.is_empty() {
                Ok(())
            } else {
                Err(invalid("opcode", format!("`{name}` takes no `.` modifier")))
            }
        };
        let ctrl = match opcode {
            Opcode::Barrier | Opcode::Yield | Opcode::CacheFlush => {
                no_mods()?;
                count(&[0])?;
                match opcode {
                    Opcode::Barrier => SyncCtrl::Barrier,
                    Opcode::Yield => SyncCtrl::Yield,
                    _ => SyncCtrl::CacheFlush,
                }
            }
            Opcode::Sbarrier => {
                let signal = mode("sbarrier")?;
                count(&[0])?;
                SyncCtrl::Sbarrier { signal }
            }
            Opcode::Nbarrier => {
                let signal = mode("nbarrier")?;
                if signal {
                    count(&[2, 4])?;
                } else {
                    count(&[1])?;
                }
                let id = self.sync_scalar(&ops[0], opcode, "id")?;
                if !signal {
                    SyncCtrl::NbarrierWait { id }
                } else if ops.len() == 2 {
                    SyncCtrl::NbarrierSignal {
                        id,
                        counts: NbarrierCounts::Baseline {
                            num_threads: self.sync_scalar(&ops[1], opcode, "num_threads")?,
                        },
                    }
                } else {
                    SyncCtrl::NbarrierSignal {
                        id,
                        counts: NbarrierCounts::General {
                            ty: self.sync_scalar(&ops[1], opcode, "type")?,
                            producers: self.sync_scalar(&ops[2], opcode, "num_producers")?,
                            consumers: self.sync_scalar(&ops[3], opcode, "num_consumers")?,
                        },
                    }
                }
            }
            Opcode::Fence => {
                count(&[0])?;
                SyncCtrl::Fence {
                    mask: fence_mask(name, &line.mods)?,
                }
            }
            Opcode::Wait => {
                no_mods()?;
                count(&[1])?;
                SyncCtrl::Wait {
                    mask: self.sync_scalar(&ops[0], opcode, "mask")?,
                }
            }
            _ => {
                return Err(VisaError::model_bug(
                    "the thread-group builder for another opcode",
                ))
            }
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred: None,
            mask: MaskControl {
                group: 1,
                no_mask: true,
            },
            exec_size: 1,
            sat: false,
            ctrl: Ctrl::Flow(Box::new(FlowCtrl::Sync(ctrl))),
            dst: Dst::Null { ty: DataType::UD },
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// A scalar operand: an immediate or one element of a general variable.
    fn sync_scalar(&mut self, op: &Operand, opcode: Opcode, field: &str) -> Result<Scalar> {
        let src = self.src(op, 1, opcode, 0).map_err(|e| VisaError {
            field: Some(field.to_string()),
            ..e
        })?;
        match src {
            Src::Imm { bits, ty } => Ok(Scalar::Imm { bits, ty }),
            Src::General {
                var,
                row,
                col,
                modifier: None,
                ty,
                ..
            } => Ok(Scalar::Var { var, row, col, ty }),
            _ => Err(invalid_at(
                op.pos,
                field,
                "expected a scalar: an immediate or a general variable's element",
            )),
        }
    }
}

/// FENCE's Mask from its text: `fence_global` or `fence_local` (bit 5) with the flags
/// `E? I? S? C? R? L1?` in that order as one modifier, or `fence_sw` (bit 7) alone.
fn fence_mask(name: &str, mods: &[String]) -> Result<u8> {
    let mut mask = match name {
        "fence_sw" => {
            if !mods.is_empty() {
                return Err(invalid("mask", "`fence_sw` takes no flags"));
            }
            return Ok(FENCE_SW);
        }
        "fence_local" => FENCE_LOCAL,
        _ => 0,
    };
    let flags = match mods {
        [] => return Ok(mask),
        [flags] => flags.as_str(),
        _ => {
            return Err(invalid(
                "mask",
                format!("expected `{name}.FLAGS`, FLAGS among E I S C R L1 in that order"),
            ))
        }
    };
    let mut rest = flags;
    for (flag, bit) in FENCE_FLAGS {
        if let Some(r) = rest.strip_prefix(flag) {
            mask |= bit;
            rest = r;
        }
    }
    if !rest.is_empty() || flags.is_empty() {
        return Err(invalid(
            "mask",
            format!("`.{flags}`: the flags are E I S C R L1, each at most once, in that order"),
        ));
    }
    Ok(mask)
}

/// The rules of one thread-group instruction on the IR: SIMD1 NoMask, no predicate, no
/// destination; each operand of the type its document states (NBARRIER.md: Id, Num_producers,
/// Num_consumers UB, Type UW; WAIT.md: Mask UB) and, as an immediate, of a valid value.
pub(super) fn rules(insn: &Instruction, vars: &Vars, readings: &Readings) -> Result<()> {
    let Ctrl::Flow(f) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            format!("`{}` without its fields", insn.opcode.mnemonic()),
        ));
    };
    let FlowCtrl::Sync(s) = f.as_ref() else {
        return Err(invalid(
            "opcode",
            format!(
                "`{}` with another instruction's fields",
                insn.opcode.mnemonic()
            ),
        ));
    };
    let matches_opcode = matches!(
        (insn.opcode, s),
        (Opcode::Barrier, SyncCtrl::Barrier)
            | (Opcode::Sbarrier, SyncCtrl::Sbarrier { .. })
            | (Opcode::Nbarrier, SyncCtrl::NbarrierWait { .. })
            | (Opcode::Nbarrier, SyncCtrl::NbarrierSignal { .. })
            | (Opcode::Fence, SyncCtrl::Fence { .. })
            | (Opcode::Wait, SyncCtrl::Wait { .. })
            | (Opcode::Yield, SyncCtrl::Yield)
            | (Opcode::CacheFlush, SyncCtrl::CacheFlush)
    );
    if !matches_opcode {
        return Err(invalid(
            "opcode",
            format!(
                "`{}` with another instruction's fields",
                insn.opcode.mnemonic()
            ),
        ));
    }
    if insn.pred.is_some() {
        return Err(invalid(
            "pred",
            "a thread-group instruction takes no predicate",
        ));
    }
    if !insn.mask.no_mask || insn.mask.group != 1 {
        return Err(invalid(
            "exec_size",
            "a thread-group instruction is SIMD1 NoMask",
        ));
    }
    if insn.sat || insn.dst2.is_some() || !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "a thread-group instruction has no saturation, second destination or positional source",
        ));
    }
    if !matches!(insn.dst, Dst::Null { .. }) {
        return Err(invalid(
            "dst",
            "a thread-group instruction writes no destination",
        ));
    }
    let ub = DataType::UB;
    // NBARRIER-ID-TYPE, resolved: an Id of type B is the same byte.
    let id_type = |id: &Scalar| {
        if id.ty() == DataType::B && !readings.is_literal(errata::NBARRIER_ID_TYPE) {
            DataType::B
        } else {
            ub
        }
    };
    match s {
        SyncCtrl::NbarrierWait { id } => scalar(vars, id, id_type(id), "id", 0..NBARRIER_IDS)?,
        SyncCtrl::NbarrierSignal { id, counts } => {
            scalar(vars, id, id_type(id), "id", 0..NBARRIER_IDS)?;
            match counts {
                NbarrierCounts::Baseline { num_threads } => {
                    scalar(vars, num_threads, ub, "num_threads", 1..256)?
                }
                NbarrierCounts::General {
                    ty,
                    producers,
                    consumers,
                } => {
                    scalar(vars, ty, DataType::UW, "type", 0..3)?;
                    scalar(vars, producers, ub, "num_producers", 1..256)?;
                    scalar(vars, consumers, ub, "num_consumers", 1..256)?;
                }
            }
        }
        SyncCtrl::Wait { mask } => scalar(vars, mask, ub, "mask", 0..256)?,
        SyncCtrl::Fence { mask } => {
            if mask & FENCE_SW != 0 && *mask != FENCE_SW {
                return Err(invalid(
                    "mask",
                    "`fence_sw` (Mask bit 7) takes no other bit",
                ));
            }
        }
        SyncCtrl::Barrier | SyncCtrl::Sbarrier { .. } | SyncCtrl::Yield | SyncCtrl::CacheFlush => {}
    }
    Ok(())
}

/// A scalar operand of type `ty` whose variable holds it; an immediate's value in `valid`
/// (a variable's is checked when it is read).
fn scalar(
    vars: &Vars,
    s: &Scalar,
    ty: DataType,
    field: &str,
    valid: std::ops::Range<u32>,
) -> Result<()> {
    if s.ty() != ty {
        return Err(invalid(
            field,
            format!(
                "the operand is a {}, it must have type {}",
                s.ty().text(),
                ty.text()
            ),
        ));
    }
    match s {
        Scalar::Imm { bits, .. } => {
            if !u32::try_from(*bits).is_ok_and(|v| valid.contains(&v)) {
                return Err(invalid(
                    field,
                    format!(
                        "{bits} is not a valid value: {} to {}",
                        valid.start,
                        valid.end - 1
                    ),
                ));
            }
        }
        Scalar::Var { var, .. } => {
            if var.0 as usize >= vars.len() {
                return Err(invalid(field, "the variable is not declared"));
            }
            super::lsc::operand::scalar(vars, *s, ty.size(), field)?;
        }
    }
    Ok(())
}

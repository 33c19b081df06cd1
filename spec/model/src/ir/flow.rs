//! Control flow in the IR: labels, the units of a program (its kernel and its functions),
//! and the fields of the control-flow instructions (instructions/GOTO.md, JMP.md, CALL.md,
//! RET.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md, SWITCHJMP.md, SUBROUTINE.md) and of the
//! instructions that only annotate (LOC.md, FILE.md, LIFETIME.md).
//!
//! A *program point* is an index into [`super::Program::insns`]: a label stands for the
//! point of the first instruction after it, and `insns.len()` is the end of the program.
//! 3_execution_model.md, "Control Flow", says how the engines move between points.

use super::operand::Scalar;
use super::sync::SyncCtrl;
use crate::state::VarId;

/// Index of a label in [`super::Program::labels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);

/// Index of a unit in [`super::Program::units`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId(pub u32);

/// What a label names (instructions/LABEL.md: a block label; SUBROUTINE.md: a subroutine
/// label, which IGC's text writes as `.function "NAME"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LabelKind {
    /// `NAME:`: the start of a basic block, a target of GOTO, JMP and SWITCHJMP.
    Block,
    /// `.function "NAME"` (or `subroutine NAME`): the start of a subroutine, a target of CALL.
    Subroutine,
}

/// A label: its name, what it names and the program point it marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub name: String,
    pub kind: LabelKind,
    /// The program point: the index of the first instruction after the label.
    pub at: usize,
    /// The unit the label belongs to.
    pub unit: UnitId,
}

/// Whether a unit is the kernel (the entry) or a function called by FCALL or IFCALL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// `.kernel "NAME"`: execution starts at its first instruction. A text without `.kernel`
    /// is one kernel unit.
    Kernel,
    /// `.global_function "NAME"`: a function of the same program (its own declarations).
    Function,
}

/// A kernel or function of the program: its instructions are `entry..end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub name: String,
    pub kind: UnitKind,
    pub entry: usize,
    pub end: usize,
}

/// The fields of a control-flow or annotation instruction (`Ctrl::Flow`).
#[derive(Clone, Debug, PartialEq)]
pub enum FlowCtrl {
    /// GOTO: per-channel branch to a block label.
    Goto(LabelId),
    /// JMP: uniform branch to a block label.
    Jmp(LabelId),
    /// CALL: subroutine call to a subroutine label.
    Call(LabelId),
    /// RET: return from a subroutine (in the kernel: the returning channels end).
    Ret,
    /// FCCALL: CALL of the subroutine label `label`; `target` is `None` when its unit does
    /// not define it (the FC linker would resolve it: it cannot be executed here; erratum
    /// FCCALL-CALL-ALIAS).
    Fccall {
        label: String,
        target: Option<LabelId>,
    },
    /// FCALL: call of a function by name; `callee` is `None` when the function is not in
    /// the program (a call into another compilation unit, which cannot be executed here).
    Fcall {
        name: String,
        callee: Option<UnitId>,
        arg_size: u32,
        ret_size: u32,
    },
    /// IFCALL: call of the function whose address (FADDR's value) `addr` holds.
    Ifcall {
        uniform: bool,
        addr: Scalar,
        arg_size: u32,
        ret_size: u32,
    },
    /// FRET: return from a function.
    Fret,
    /// FADDR: the address of a function, into `insn.dst`.
    Faddr {
        name: String,
        callee: Option<UnitId>,
    },
    /// SWITCHJMP: uniform jump to `targets[index]`.
    Switchjmp {
        index: Scalar,
        targets: Vec<LabelId>,
    },
    /// SUBROUTINE written as an instruction (`subroutine NAME`): marks its label; no effect.
    Subroutine(LabelId),
    /// LOC: the source line of the following instructions; no effect on the state.
    Loc(u32),
    /// FILE: the source file of the following instructions; no effect on the state.
    File(String),
    /// LIFETIME.start / LIFETIME.end of a variable.
    Lifetime { start: bool, var: VarId },
    /// A thread-group instruction: BARRIER, SBARRIER, NBARRIER, FENCE, WAIT, YIELD,
    /// CACHE_FLUSH.
    Sync(SyncCtrl),
}

impl FlowCtrl {
    /// The labels the instruction may transfer control to.
    pub fn targets(&self) -> Vec<LabelId> {
        match self {
            FlowCtrl::Goto(l) | FlowCtrl::Jmp(l) | FlowCtrl::Call(l) | FlowCtrl::Subroutine(l) => {
                vec![*l]
            }
            FlowCtrl::Switchjmp { targets, .. } => targets.clone(),
            FlowCtrl::Fccall {
                target: Some(l), ..
            } => vec![*l],
            _ => Vec::new(),
        }
    }
}

/// The address FADDR gives a unit and IFCALL reads back: the unit's index plus one, so that
/// 0 is no function (the documents leave the values to the implementation; FADDR.md says
/// only that it is a 64-bit unsigned integer).
pub fn unit_address(unit: UnitId) -> u64 {
    u64::from(unit.0) + 1
}

/// The unit an address names, if any ([`unit_address`]'s inverse).
pub fn unit_at_address(addr: u64, units: usize) -> Option<UnitId> {
    let index = addr.checked_sub(1)?;
    (index < units as u64).then_some(UnitId(index as u32))
}

//! The memory family: LSC_UNTYPED (instructions/LSC_UNTYPED.md). `lsc_untyped` transcribes
//! the LOAD, LOAD_STRIDED, LOAD_QUAD, STORE (STORE_UNCOMPRESSED), STORE_STRIDED and
//! STORE_QUAD loops of its Semantics; `lsc_atomic` writes the atomics from the prose and the
//! sub-op table (the document has no loop for them). See docs/memory.md.

pub mod lsc_apndctr;
pub mod lsc_atomic;
pub mod lsc_block2d;
pub mod lsc_load_status;
pub mod lsc_typed;
pub mod lsc_untyped;

use crate::config::ExecConfig;
use crate::error::Result;
use crate::insn::ctrl;
use crate::ir::block2d::Block2dSurface;
use crate::ir::{Instruction, Program};
use crate::state::MachineState;

/// `lsc_load_block2d`: LSC_UNTYPED's LOAD_BLOCK2D on a flat surface ([`lsc_block2d::load`]),
/// LSC_TYPED's on a typed one ([`lsc_typed::load_block2d`]).
pub fn load_block2d(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let c = ctrl::block2d(insn)?;
    match &c.operands.surface {
        Block2dSurface::Flat(surface) => {
            lsc_block2d::load(program, insn, c, surface, state, config)
        }
        Block2dSurface::Typed { surface } => {
            lsc_typed::load_block2d(program, insn, c, surface, state, config)
        }
    }
}

/// `lsc_store_block2d`: LSC_UNTYPED's STORE_BLOCK2D on a flat surface
/// ([`lsc_block2d::store`]), LSC_TYPED's on a typed one ([`lsc_typed::store_block2d`]).
pub fn store_block2d(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let c = ctrl::block2d(insn)?;
    match &c.operands.surface {
        Block2dSurface::Flat(surface) => lsc_block2d::store(program, c, surface, state, config),
        Block2dSurface::Typed { surface } => {
            lsc_typed::store_block2d(program, c, surface, state, config)
        }
    }
}

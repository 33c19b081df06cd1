//! Validation of the LSC family (instructions/LSC_UNTYPED.md, LSC_TYPED.md, LSC_FENCE.md):
//! the text forms checked on the syntax tree ([`untyped`], [`typed`]), the IR built from them
//! and the rules `check_program` runs again on any IR ([`gather_scatter`], [`block2d`],
//! [`typed2d`], [`apndctr`], [`fence`]).

pub(crate) mod apndctr;
pub(crate) mod block2d;
pub(crate) mod fence;
pub(crate) mod gather_scatter;
pub(crate) mod operand;
pub(crate) mod typed;
pub(crate) mod typed2d;
pub(crate) mod untyped;

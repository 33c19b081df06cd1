//! The ALU family: arithmetic, logic, compare and move instructions.

pub mod add;
pub mod mov;

//! The control-flow catalogs: hand-derived programs with labels, branches, calls and the
//! annotations (3_execution_model.md, "Control Flow"; instructions/GOTO.md, JMP.md,
//! SWITCHJMP.md, CALL.md, RET.md, SUBROUTINE.md, FCALL.md, FRET.md, IFCALL.md, FADDR.md,
//! LIFETIME.md, LOC.md, FILE.md; 4_visa_header.md for `%ce0`, `%arg` and `%retval`).
//!
//! Each derivation walks the program channel by channel: which channels execute each
//! instruction (the execution mask, which `%ce0` reads), which wait and where, and what each
//! writes. The model the walks follow is the one the documents give (GOTO.md, Notes):
//! a forward GOTO parks its predicated channels at the label; a backward GOTO takes its
//! predicated channels to the label and parks the others at the next instruction; parked
//! channels rejoin when execution reaches their point by any path; when no channel is left
//! executing, execution resumes at the nearest point where channels wait; CALL and RET move
//! the call mask (3_execution_model.md, "Subroutine and Function Calls").
//!
//! Platform xe-hpg (32-byte GRF) throughout, and an explicit dispatch mask (`init.emask`) on
//! every row: the channels that start executing.
//!
//! - [`branches`]: GOTO, JMP and SWITCHJMP, with their errata;
//! - [`calls`]: CALL, RET, SUBROUTINE, FCALL, FRET, IFCALL, FADDR, with their errata;
//! - [`annotations`]: LIFETIME, LOC and FILE;
//! - [`sync`]: BARRIER, SBARRIER, NBARRIER, FENCE, WAIT, YIELD, CACHE_FLUSH in a thread
//!   alone in its group;
//! - [`kernels`]: whole kernels (`vectors/kernels/`): a SIMD16 loop whose channels leave
//!   after their own trip counts, nested calls with partial call masks, a SWITCHJMP table,
//!   FCALL with arguments.

pub mod annotations;
pub mod branches;
pub mod calls;
pub mod kernels;
pub mod sync;

use visa_model::platform::Platform;

use crate::catalog::row::Row;

/// `.decl` lines of UD variables with `n` elements each.
#[rustfmt::skip]
pub fn ud(names: &[&str], n: u32) -> String {
    names.iter().map(|name| format!(".decl {name} v_type=G type=ud num_elts={n}\n")).collect()
}

/// A row running `decls` then `body` on xe-hpg with the dispatch mask `emask`.
pub fn program(emask: u32, decls: &str, body: &str) -> Row {
    Row::new(Platform::XeHpg, format!("{decls}{body}")).emask(emask)
}

/// Lanes 0, 1, ... of a UD variable as little-endian bytes.
pub fn lanes(xs: &[u32]) -> Vec<u8> {
    crate::catalog::build::le32(xs)
}

/// `0, 1, ..., n - 1`.
pub fn iota(n: u32) -> Vec<u32> {
    (0..n).collect()
}

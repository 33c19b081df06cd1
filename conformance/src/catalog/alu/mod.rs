//! The ALU family's catalogs, one module per instruction document.

pub mod bfn;
pub mod cmp;
pub mod min_max;
pub mod sel;
pub mod setp;

/// Declarations the validation rows of CMP, MIN_MAX and BFN write their forms against.
pub const DECLS: &str =
    ".decl VD v_type=G type=d num_elts=16\n.decl VUD v_type=G type=ud num_elts=16\n\
     .decl VF v_type=G type=f num_elts=16\n.decl VHF v_type=G type=hf num_elts=16\n\
     .decl VUW v_type=G type=uw num_elts=16\n.decl VQ v_type=G type=q num_elts=16\n\
     .decl P1 v_type=P num_elts=32\n";

/// One lane of `op` with %cr0 = `cr0`, as [`crate::catalog::build::lane`] builds it.
pub fn lane_cr0(
    op: &str,
    dst: &str,
    srcs: &[(&str, u64)],
    cr0: u32,
    expected: u64,
) -> crate::catalog::Row {
    crate::catalog::build::lane(op, dst, srcs, expected).cr0(cr0)
}

//! The LSC family's catalogs: LSC_UNTYPED's loads and stores (`lsc_untyped`), its atomics
//! (`lsc_atomic`) and its block 2D sub-ops (`lsc_block2d`). Every expected byte is derived
//! by hand in the row's derivation (instructions/LSC_UNTYPED.md, Semantics).

pub mod lsc_atomic;
pub mod lsc_block2d;
pub mod lsc_untyped;

use visa_spec::errata;
use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

use crate::catalog::memory::{cat, check, le16, le32, le64, ramp, some, Case, Want};
use crate::catalog::{Doc, Rows};

const DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VA v_type=G type=uq num_elts=8
.decl VA32 v_type=G type=ud num_elts=8
.decl VA16 v_type=G type=uw num_elts=8
.decl VA1 v_type=G type=uq num_elts=1
.decl P1 v_type=P num_elts=8
.decl VS2 v_type=G type=ud num_elts=64
.decl VX v_type=G type=d num_elts=1
.decl VY v_type=G type=d num_elts=1
";

/// A row of this catalog: `text` after [`DECLS`] on xe-hpg.
fn case(text: impl Into<String>) -> Case {
    Case::new(DECLS, text)
}

/// The block 2D rows' surface: xe-hpc under the documents' limits (BLOCK2D-LIMITS literal),
/// rows r = 0..8 of 16 bytes at 0x10000 + 16r holding 0x80 + 16r + b.
fn surface_2d(c: Case) -> Case {
    let mut c = c.on(Platform::XeHpc).literal(errata::BLOCK2D_LIMITS);
    for r in 0..8u8 {
        c = c.mem(
            0x10000 + 16 * u64::from(r),
            (0..16).map(|b| 0x80 + 16 * r + b).collect(),
        );
    }
    c
}

/// The published-limits rows' surface: xe-hpc, four 64-byte rows at 0x10000 + 64r holding
/// 64r + b, framed by 0xee bytes at 0xffc0 and 0x10100.
fn surface_64(c: Case) -> Case {
    let mut c = c.on(Platform::XeHpc).mem(0xffc0, vec![0xee; 64]);
    for r in 0..4u8 {
        c = c.mem(
            0x10000 + 64 * u64::from(r),
            (0..64).map(|b| 64 * r + b).collect(),
        );
    }
    c.mem(0x10100, vec![0xee; 64])
}

/// One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data,
/// Src2Data, returned old, value left in memory).
fn atomic_rows(
    rows: &mut Rows,
    d: &str,
    op: &str,
    literal: &[&str],
    old: u32,
    src1: u32,
    src2: u32,
    returned: u32,
    left: u32,
) {
    let (name, srcs) = op.split_once(' ').unwrap_or((op, ""));
    let mut c = case(format!(
        "lsc_atomic_{name}.ugm (M1, 1) VD:d32 flat[VA]:a64 {srcs}"
    ))
    .var("VA", le64(&[0x40]))
    .var("VS", le32(&[src1]))
    .var("VS2", le32(&[src2]))
    .mem(0x40, le32(&[old]));
    for id in literal {
        c = c.literal(id);
    }
    let row = c.observe(vec![
        Want::Reg("VD", 0, some(&returned.to_le_bytes())),
        Want::Mem(0x40, some(&left.to_le_bytes())),
    ]);
    let why = format!("One lane's atomic on the d32 at 0x40 holding {old:#x}: returns the old value, leaves the new one. {d}");
    rows.add("ops", row.derived(&why));
}

//! The legacy dataport family's catalogs (instructions/GATHER_SCALED.md, SCATTER_SCALED.md,
//! GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md, OWORD_LD_UNALIGNED.md, OWORD_ST.md,
//! DWORD_ATOMIC.md, GATHER.md, SCATTER.md, QW_GATHER.md, QW_SCATTER.md; the typed
//! GATHER4_TYPED.md, SCATTER4_TYPED.md and TYPED_ATOMIC.md),
//! one module per instruction document. Every expected byte is derived by hand in the row's
//! derivation from the document's Semantics loop and its Out-of-bound Access property. On
//! xe-lp (32-byte GRF; the QW forms on xe-hpc, 64-byte GRF); `T6` is set to binding-table index 3 by the row's MOVS, and the
//! surface at index 3 is `base 0x1000, size 0x40` unless the row says otherwise.

pub mod dword_atomic;
pub mod gather;
pub mod gather4_scaled;
pub mod gather_scaled;
pub mod oword_ld;
pub mod oword_ld_unaligned;
pub mod oword_st;
pub mod qw_gather;
pub mod qw_scatter;
pub mod scatter;
pub mod scatter4_scaled;
pub mod scatter_scaled;
// The typed messages and what their rows share.
pub mod gather4_typed;
pub mod scatter4_typed;
mod typed;
pub mod typed_atomic;
// The media block messages.
pub mod media_ld;
pub mod media_st;

use visa_model::errata;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceHeap};
use visa_model::ErrorClass;

use crate::catalog::doc::{Doc, Rows};
use crate::catalog::memory::{le32, ramp, some};
use crate::catalog::row::Row;

#[rustfmt::skip]
const DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl VE v_type=G type=ud num_elts=16
.decl VD v_type=G type=ud num_elts=16
.decl VF v_type=G type=f num_elts=8
.decl VW v_type=G type=uw num_elts=16
.decl VOFF v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
";

/// A row running `line` after [`DECLS`] on xe-lp with element offsets `eo`.
fn row(line: &str, eo: &[u32]) -> Row {
    Row::new(Platform::XeLp, format!("{DECLS}{line}\n")).var_prefix("VE", le32(eo))
}

#[rustfmt::skip]
const QW_DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl VE v_type=G type=ud num_elts=16
.decl VQ v_type=G type=uq num_elts=32
.decl VW v_type=G type=uw num_elts=16
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
";

/// A row running `line` after [`QW_DECLS`] on xe-hpc with byte offsets `offsets`.
fn qw(line: &str, offsets: &[u32]) -> Row {
    Row::new(Platform::XeHpc, format!("{QW_DECLS}{line}\n")).var_prefix("VE", le32(offsets))
}

/// A row as [`row`] on `platform`, with the wide variable `VQ` (64 UD, 256 bytes) declared
/// too.
fn wide(platform: Platform, line: &str, eo: &[u32]) -> Row {
    Row::new(
        platform,
        format!(".decl VQ v_type=G type=ud num_elts=64\n{DECLS}{line}\n"),
    )
    .var_prefix("VE", le32(eo))
}

/// `n` copies of `bytes`.
fn times(bytes: &[u8], n: usize) -> Vec<u8> {
    bytes.repeat(n)
}

/// The binding-table surface at index 3: `base`, `size` bytes.
fn bti3(row: Row, base: u64, size: u64) -> Row {
    let mut row = row;
    row.init.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base,
        size,
        ..Surface::default()
    });
    row
}

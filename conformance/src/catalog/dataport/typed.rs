//! What the typed messages' catalogs (GATHER4_TYPED, SCATTER4_TYPED) share: their
//! declarations and the typed surface at binding-table index 3. On xe-lp (32-byte GRF:
//! each enabled channel's data starts 8 dwords after the previous one's at SIMD8); the
//! surface's pixels follow TYPED-SURFACE-LAYOUT: pixel (U, V, R) at
//! `base + R*pitch*height + V*pitch + U*pixel_size`.

use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceFormat, SurfaceHeap};

use crate::catalog::memory::le32;
use crate::catalog::row::Row;

#[rustfmt::skip]
const DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl VU v_type=G type=ud num_elts=16
.decl VV v_type=G type=ud num_elts=16
.decl VR v_type=G type=ud num_elts=16
.decl VL v_type=G type=ud num_elts=16
.decl VF v_type=G type=f num_elts=64
.decl VI v_type=G type=ud num_elts=64
.decl VS v_type=G type=d num_elts=64
.decl VW v_type=G type=uw num_elts=16
.decl VC v_type=G type=d num_elts=16
.decl VT v_type=G type=ud num_elts=8
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
";

/// A row running `line` after the declarations on `platform`, with the U coordinates `u`
/// (and V, R as given: empty leaves the register zero).
pub(super) fn typed_row(platform: Platform, line: &str, u: &[u32], v: &[u32], r: &[u32]) -> Row {
    let mut row = Row::new(platform, format!("{DECLS}{line}\n")).var_prefix("VU", le32(u));
    if !v.is_empty() {
        row = row.var_prefix("VV", le32(v));
    }
    if !r.is_empty() {
        row = row.var_prefix("VR", le32(r));
    }
    row
}

/// The typed surface at binding-table index 3: `format`, `width` pixels wide, `height` rows
/// of `pitch` bytes, `depth` slices, at `base`.
pub(super) fn surface3(
    row: Row,
    format: SurfaceFormat,
    base: u64,
    (width, height, depth): (u32, u32, u32),
    pitch: u32,
) -> Row {
    let mut row = row;
    row.init.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base,
        size: u64::from(pitch) * u64::from(height.max(1)) * u64::from(depth.max(1)),
        width: width * format.pixel_bytes(),
        height,
        pitch,
        depth,
        pixel_size: format.pixel_bytes(),
        format: Some(format),
        ..Surface::default()
    });
    row
}

/// The surface at index 3 with a width in bytes that need not hold whole pixels.
pub(super) fn surface3_bytes(
    row: Row,
    format: SurfaceFormat,
    base: u64,
    width_bytes: u32,
    pitch: u32,
) -> Row {
    let mut row = row;
    row.init.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base,
        size: u64::from(pitch),
        width: width_bytes,
        height: 1,
        pitch,
        depth: 1,
        pixel_size: format.pixel_bytes(),
        format: Some(format),
        ..Surface::default()
    });
    row
}

/// The little-endian bytes of dwords.
pub(super) fn dwords(values: &[u32]) -> Vec<u8> {
    le32(values)
}

//! The sampler family's catalogs (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md), one
//! module per instruction document. Every expected value is derived by hand in the row's
//! derivation from the document's Description and Notes and the readings of
//! docs/sampler.md. On xe-lp (32-byte GRF): at SIMD8 each enabled channel's 8 dwords fill
//! one register, so channel k of the enabled ones starts at Dst byte 32k. `T6` is set to
//! binding-table index 3 and `S0` to sampler state 2 by the rows' MOVS.
//!
//! The surface of most rows is 2x2 texels of R8G8B8A8_UNORM at 0x1000, pitch 8:
//! texel (0,0) = 00 80 ff 40, (1,0) = 10 20 30 40, (0,1) = ff 00 00 ff, (1,1) = 01 02 03 04.
//! An UNORM channel c reads as the F nearest to c/255: 0x00 is 0, 0x01 is 0x3b808081,
//! 0x02 0x3c008081, 0x03 0x3c40c0c1, 0x04 0x3c808081, 0x10 0x3d808081, 0x20 0x3e008081,
//! 0x30 0x3e40c0c1, 0x40 0x3e808081, 0x80 0x3f008081 (128/255 = 0.50196078..., whose
//! nearest F is 0.501960814), 0xff 0x3f800000 (1.0).

pub mod info;
pub mod load_3d;
pub mod sample_3d;

use visa_model::platform::Platform;
use visa_model::state::{AddressMode, Filter, SamplerState, Surface, SurfaceFormat, SurfaceHeap};
use visa_model::ErrorClass;

use crate::catalog::doc::{Doc, Rows};
use crate::catalog::memory::{le32, some};
use crate::catalog::row::Row;

#[rustfmt::skip]
const DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl S0 v_type=S num_elts=1
.decl VU v_type=G type=ud num_elts=8
.decl VV v_type=G type=ud num_elts=8
.decl VR v_type=G type=ud num_elts=8
.decl VL v_type=G type=ud num_elts=8
.decl FU v_type=G type=f num_elts=8
.decl FV v_type=G type=f num_elts=8
.decl FR v_type=G type=f num_elts=8
.decl HU v_type=G type=hf num_elts=16
.decl VD v_type=G type=f num_elts=32
.decl VI v_type=G type=ud num_elts=32
.decl VW v_type=G type=uw num_elts=64
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
movs (M1_NM, 1) S0(0) 0x2:ud
";

/// The texels of the 2x2 R8G8B8A8_UNORM surface, row by row.
const TEXELS: [u8; 16] = [
    0x00, 0x80, 0xff, 0x40, 0x10, 0x20, 0x30, 0x40, 0xff, 0x00, 0x00, 0xff, 0x01, 0x02, 0x03, 0x04,
];

/// A row running `line` after [`DECLS`] on xe-lp.
fn row(line: &str) -> Row {
    Row::new(Platform::XeLp, format!("{DECLS}{line}\n"))
}

/// The binding-table surface at index 3: `width` texels of `format` a row, `height` rows,
/// `depth` slices, pitch `pitch` bytes, at 0x1000 holding `bytes`.
fn surface(
    row: Row,
    format: Option<SurfaceFormat>,
    pixel: u32,
    (width, height, depth, pitch): (u32, u32, u32, u32),
    bytes: &[u8],
) -> Row {
    let mut row = row.mem("flat", 0x1000, bytes.to_vec());
    row.init.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base: 0x1000,
        size: bytes.len() as u64,
        width: width * pixel,
        height,
        pitch,
        depth,
        pixel_size: pixel,
        aux: 0,
        format,
    });
    row
}

/// The 2x2 R8G8B8A8_UNORM surface.
fn rgba8(row: Row) -> Row {
    surface(
        row,
        Some(SurfaceFormat::R8G8B8A8Unorm),
        4,
        (2, 2, 0, 8),
        &TEXELS,
    )
}

/// Sampler state 2: nearest, `address` on U, V and R, `normalized`, border `border`.
fn sampler(row: Row, address: AddressMode, normalized: bool, border: [u32; 4]) -> Row {
    let mut row = row;
    row.init.samplers.push(SamplerState {
        index: 2,
        filter: Filter::Nearest,
        address: [address; 3],
        normalized,
        border,
    });
    row
}

/// Dwords as expected register bytes.
fn dwords(values: &[u32]) -> Vec<Option<u8>> {
    some(&le32(values))
}

/// F bits of `x`.
fn f(x: f32) -> u32 {
    x.to_bits()
}

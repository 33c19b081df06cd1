//! The LSC family's catalogs: LSC_UNTYPED's loads and stores (`lsc_untyped`), its atomics
//! (`lsc_atomic`) and its block 2D sub-ops (`lsc_block2d`). Every expected byte is derived
//! by hand in the row's derivation (instructions/LSC_UNTYPED.md, Semantics).

pub mod lsc_apndctr;
pub mod lsc_atomic;
pub mod lsc_block2d;
pub mod lsc_fence;
pub mod lsc_load_status;
pub mod lsc_typed;
pub mod lsc_untyped;
pub mod raw_send;

use visa_model::errata::{self, LSC_TYPED_BLOCK2D_INDEX};
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceHeap};
use visa_model::ErrorClass;

use crate::catalog::doc::{Doc, Rows};
use crate::catalog::memory::{cat, check, le16, le32, le64, ramp, some, Case, Want};

#[rustfmt::skip]
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

/// The declarations of the validation rows (forms) on xe-hpg, 32-byte GRFs: VD holds 16
/// GRFs (512 bytes), VS 1 GRF, VA 32 qwords (256 bytes) of addresses, VA32 32 dwords (128).
#[rustfmt::skip]
const FORM_DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=128
.decl VS v_type=G type=ud num_elts=8
.decl VA v_type=G type=uq num_elts=32
.decl VA32 v_type=G type=ud num_elts=32
.decl V1 v_type=G type=ud num_elts=1
.decl P1 v_type=P num_elts=16
.decl T1 v_type=T num_elts=1
";

/// A validation row of LSC: `text` after [`FORM_DECLS`] on xe-hpg, over the surfaces its
/// valid forms address: binding-table entries 0x2, 0x4 and 0xA0 and the bindless entry 0
/// (`bss(V1)`, V1 = 0), each 0x100 bytes at 0x10000 with an append counter at 0x20000. Memory
/// is zero, so a valid form runs and its results are not observed.
#[rustfmt::skip]
fn form(text: &str) -> Case {
    let surface = |heap, bti| Surface { heap, bti, base: 0x10000, size: 0x100, aux: 0x20000, ..Surface::default() };
    Case::new(FORM_DECLS, text).surfaces([surface(SurfaceHeap::BindingTable, 0x2), surface(SurfaceHeap::BindingTable, 0x4), surface(SurfaceHeap::BindingTable, 0xA0),
        surface(SurfaceHeap::Bindless, 0)])
}

/// Validation rows sharing a derivation: each of `texts` is a valid form over [`form`]'s
/// surfaces (it runs) when `field` is empty, else an invalid one after [`FORM_DECLS`] whose
/// `invalid-instruction` error names `field`.
#[derive(Debug)]
struct Forms {
    d: &'static str,
    field: &'static str,
    texts: &'static [&'static str],
}

/// The rows of `table`, in order: valid ones in `forms`, invalid ones in `invalid`.
#[rustfmt::skip]
fn form_rows(rows: &mut Rows, table: &[Forms]) {
    for &Forms { d, field, texts } in table {
        for &text in texts {
            if field.is_empty() {
                rows.add("forms", form(text).observe(Vec::new()).derived(d));
            } else {
                rows.add("invalid", Case::new(FORM_DECLS, text).observe(Vec::new()).expect_invalid(field).derived(d));
            }
        }
    }
}

/// The block 2D rows' surface: xe-hpc under the documents' limits (BLOCK2D-LIMITS literal),
/// rows r = 0..8 of 16 bytes at 0x10000 + 16r holding 0x80 + 16r + b.
#[rustfmt::skip]
fn surface_2d(c: Case) -> Case {
    let mut c = c.on(Platform::XeHpc).literal(errata::BLOCK2D_LIMITS);
    for r in 0..8u8 {
        c = c.mem(0x10000 + 16 * u64::from(r), (0..16).map(|b| 0x80 + 16 * r + b).collect());
    }
    c
}

/// The published-limits rows' surface: xe-hpc, four 64-byte rows at 0x10000 + 64r holding
/// 64r + b, framed by 0xee bytes at 0xffc0 and 0x10100.
#[rustfmt::skip]
fn surface_64(c: Case) -> Case {
    let mut c = c.on(Platform::XeHpc).mem(0xffc0, vec![0xee; 64]);
    for r in 0..4u8 {
        c = c.mem(0x10000 + 64 * u64::from(r), (0..64).map(|b| 64 * r + b).collect());
    }
    c.mem(0x10100, vec![0xee; 64])
}

/// One lane's atomic on the d32 at 0x40 holding `old`: `op` is the operation and its
/// sources (`iadd VS %null`), `literal` the errata at their literal reading, `src1` and `src2`
/// Src1Data's and Src2Data's d32, `returned` the old value the lane gets back and `left` the
/// value left in memory. `d` follows `ATOMIC` in the derivation.
#[derive(Debug)]
struct Atomic {
    op: &'static str,
    literal: &'static [&'static str],
    old: u32,
    src1: u32,
    src2: u32,
    returned: u32,
    left: u32,
    d: &'static str,
}

/// The columns every [`Atomic`] row's derivation names.
#[rustfmt::skip]
const ATOMIC: &str = "(operation, literal errata, old, Src1Data, Src2Data, returned old, value left in memory).";

/// The rows of `table`, in order.
#[rustfmt::skip]
fn atomics(rows: &mut Rows, table: &[Atomic]) {
    for &Atomic { op, literal, old, src1, src2, returned, left, d }
    in table {
        let (name, srcs) = op.split_once(' ').unwrap_or((op, ""));
        let text = format!("lsc_atomic_{name}.ugm (M1, 1) VD:d32 flat[VA]:a64 {srcs}");
        let mut c = case(text).var("VA", le64(&[0x40])).var("VS", le32(&[src1])).var("VS2", le32(&[src2])).mem(0x40, le32(&[old]));
        for id in literal {
            c = c.literal(id);
        }
        let row = c.observe(vec![Want::Reg("VD", 0, some(&returned.to_le_bytes())), Want::Mem(0x40, some(&left.to_le_bytes()))]);
        let d = if d.is_empty() { ATOMIC.to_string() } else { format!("{ATOMIC} {d}") };
        let why = format!("One lane's atomic on the d32 at 0x40 holding {old:#x}: returns the old value, leaves the new one. {d}");
        rows.add("ops", row.derived(&why));
    }
}

#[rustfmt::skip]
const TYPED_DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VU v_type=G type=ud num_elts=8
.decl VV v_type=G type=ud num_elts=8
.decl VR v_type=G type=ud num_elts=8
.decl VL v_type=G type=ud num_elts=8
.decl VU16 v_type=G type=uw num_elts=8
.decl P1 v_type=P num_elts=8
";

/// The typed rows of LSC_TYPED (instructions/LSC_TYPED.md). Every expected byte is derived
/// by hand in the row's derivation from the Semantics ("the LSC_UNTYPED versions" of LOAD_QUAD / STORE_QUAD with the
/// address from the surface state) and the ledger's LSC-TYPED-SURFACE layout: pixel (U, V, R)
/// at `base + R*pitch*height + V*pitch + U*pixel_size`, channel v at `v*sizeof(DataSize)`.
///
/// Surfaces (xe-hpg, 32-byte GRF unless a row says otherwise):
/// - bti 4: base 0x1000, width 16, height 2, depth 2, pitch 32, pixel_size 8 (two d32
///   channels, two pixels a row), size 0x80; memory 0x1000.. holds the ramp 0, 1, 2, ...
///   so the byte at 0x1000 + i is i. A slice is pitch*height = 64 bytes.
/// - bti 5: a 1D surface: base 0x1000, width 12, height 0, pitch 0, pixel_size 4.
/// - bti 6: base 0x2000, width 32, height 2, pitch 32, pixel_size 16 (four d32 channels),
///   size 0x40; memory never written (zero).
///
/// A typed row: `text` after [`TYPED_DECLS`] on xe-hpg, over the surfaces above (flat
/// memory 0x1000.. holds the ramp).
#[rustfmt::skip]
fn typed_case(text: &str) -> Case {
    Case::new(TYPED_DECLS, text).mem(0x1000, ramp(0, 0x80)).surfaces([
        typed_surface(4, 0x1000, 0x80, (16, 2, 32), 2, 8),
        typed_surface(5, 0x1000, 0x80, (12, 0, 0), 0, 4),
        typed_surface(6, 0x2000, 0x40, (32, 2, 32), 0, 16),
        // An untyped surface: no pixel_size.
        typed_surface(7, 0x1000, 0x80, (16, 2, 32), 0, 0),
        // An append counter at 0x1010 (initially ramp bytes 16..20: 0x13121110).
        Surface { aux: 0x1010, ..typed_surface(8, 0x1000, 0x80, (0, 0, 0), 0, 0) },
    ])
}

#[rustfmt::skip]
fn typed_surface(bti: u32, base: u64, size: u64, whp: (u32, u32, u32), depth: u32, pixel_size: u32) -> Surface {
    Surface { heap: SurfaceHeap::BindingTable, bti, base, size, width: whp.0, height: whp.1, pitch: whp.2, depth, pixel_size, aux: 0, format: None }
}

#[rustfmt::skip]
const TYPED2D_DECLS: &str = "\
.decl VD v_type=G type=ub num_elts=256
.decl VS v_type=G type=ub num_elts=256
.decl VD16 v_type=G type=ub num_elts=16
.decl VX v_type=G type=d num_elts=1
.decl VY v_type=G type=d num_elts=1
.decl VB v_type=G type=ud num_elts=1
";

/// The rows of LSC_TYPED's block 2D forms (instructions/LSC_TYPED.md, Semantics
/// LOAD_BLOCK2D / STORE_BLOCK2D, Description "Typed 2D Block messages"). Every expected byte
/// is derived by hand in the row's derivation from the loops
///   reg_pitch = BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth)
///   for u < BlockHeight, v < BlockWidth/pixel_size: dest[u*reg_pitch + v] <-> 2D_TILER(u, v)
/// read as the ledger says: 2D_TILER(u, v) is the pixel at `base + (Y+u)*pitch + X +
/// v*pixel_size` (X bytes, Y rows; LSC-TYPED-BLOCK2D), out of bounds when its row is outside
/// 0..height or its bytes leave 0..width (load zero, store dropped); register byte
/// `u*reg_pitch + v*pixel_size` (LSC-TYPED-BLOCK2D-INDEX resolved) or
/// `(u*reg_pitch + v)*pixel_size` (literal); DstData bytes of the `BlockHeight*reg_pitch` span
/// the loop does not write are undefined (`None`).
///
/// Surfaces (xe-hpc, 64-byte GRF; flat memory 0x1000.. holds the ramp 0, 1, 2, ..., so the
/// byte at 0x1000 + i is i):
/// - bti 2: base 0x1000, width 12 bytes, height 3 rows, pitch 16, pixel_size 4 (three
///   pixels a row).
/// - bti 1: base 0x1000, width 5, height 2, pitch 8, pixel_size 1.
/// - bti 4: base 0x2000, width 12, height 2, pitch 16, pixel_size 4; memory never written
///   (reads zero).
/// - bti 7: an untyped surface (pixel_size 0).
///
/// A typed block 2D row: `text` after [`TYPED2D_DECLS`] on xe-hpc, over the surfaces
/// above (flat memory 0x1000.. holds the ramp).
#[rustfmt::skip]
fn typed2d_case(text: &str) -> Case {
    Case::new(TYPED2D_DECLS, text).on(Platform::XeHpc).mem(0x1000, ramp(0, 0x80)).surfaces([typed2d_surface(2, 0x1000, (12, 3, 16), 4),
        typed2d_surface(1, 0x1000, (5, 2, 8), 1), typed2d_surface(4, 0x2000, (12, 2, 16), 4), typed2d_surface(7, 0x1000, (12, 3, 16), 0)])
}
#[rustfmt::skip]
fn typed2d_surface(bti: u32, base: u64, whp: (u32, u32, u32), pixel_size: u32) -> Surface {
    Surface { heap: SurfaceHeap::BindingTable, bti, base, size: 0x40, width: whp.0, height: whp.1, pitch: whp.2, depth: 0, pixel_size, aux: 0, format: None }
}

/// A register byte the typed block 2D loop does not write: any value (undefined).
const U: Option<u8> = None;

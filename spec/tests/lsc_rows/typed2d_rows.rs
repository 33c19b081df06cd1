// Edge catalog rows of LSC_TYPED's block 2D forms (instructions/LSC_TYPED.md, Semantics
// LOAD_BLOCK2D / STORE_BLOCK2D, Description "Typed 2D Block messages"), shared by the spec
// (spec/tests/lsc_typed2d_exec.rs) and the oracle (oracle/tests/lsc_typed2d.rs): each
// includes this file after defining `engine_run`. Every expected byte is derived by hand in
// the row's comment from the loops
//   reg_pitch = BlockWidth < 4 ? 4 : round_up_pow2(BlockWidth)
//   for u < BlockHeight, v < BlockWidth/pixel_size: dest[u*reg_pitch + v] <-> 2D_TILER(u, v)
// read as the ledger says: 2D_TILER(u, v) is the pixel at `base + (Y+u)*pitch + X +
// v*pixel_size` (X bytes, Y rows; LSC-TYPED-BLOCK2D), out of bounds when its row is outside
// 0..height or its bytes leave 0..width (load zero, store dropped); register byte
// `u*reg_pitch + v*pixel_size` (LSC-TYPED-BLOCK2D-INDEX resolved) or
// `(u*reg_pitch + v)*pixel_size` (literal); DstData bytes of the `BlockHeight*reg_pitch` span
// the loop does not write are undefined (`None`).
//
// Surfaces (xe-hpc, 64-byte GRF; flat memory 0x1000.. holds the ramp 0, 1, 2, ..., so the
// byte at 0x1000 + i is i):
// - bti 2: base 0x1000, width 12 bytes, height 3 rows, pitch 16, pixel_size 4 (three
//   pixels a row).
// - bti 1: base 0x1000, width 5, height 2, pitch 8, pixel_size 1.
// - bti 4: base 0x2000, width 12, height 2, pitch 16, pixel_size 4; memory never written
//   (reads zero).
// - bti 7: an untyped surface (pixel_size 0).

use rstest::rstest;
use visa_spec::errata::LSC_TYPED_BLOCK2D_INDEX;
use visa_spec::platform::Platform;
use visa_spec::state::{Surface, SurfaceHeap};
use visa_spec::ErrorClass;

include!("../common/mem_rows.rs");

const DECLS: &str = "\
.decl VD v_type=G type=ub num_elts=256
.decl VS v_type=G type=ub num_elts=256
.decl VD16 v_type=G type=ub num_elts=16
.decl VX v_type=G type=d num_elts=1
.decl VY v_type=G type=d num_elts=1
.decl VB v_type=G type=ud num_elts=1
";

/// A row of this catalog: `text` after [`DECLS`] on xe-hpc, over the surfaces above (flat
/// memory 0x1000.. holds the ramp).
fn case(text: &'static str) -> Case {
    Case::new(DECLS, text)
        .on(Platform::XeHpc)
        .mem(0x1000, ramp(0, 0x80))
        .surfaces([
            surface(2, 0x1000, (12, 3, 16), 4),
            surface(1, 0x1000, (5, 2, 8), 1),
            surface(4, 0x2000, (12, 2, 16), 4),
            surface(7, 0x1000, (12, 3, 16), 0),
        ])
}

fn surface(bti: u32, base: u64, whp: (u32, u32, u32), pixel_size: u32) -> Surface {
    Surface {
        heap: SurfaceHeap::BindingTable,
        bti,
        base,
        size: 0x40,
        width: whp.0,
        height: whp.1,
        pitch: whp.2,
        depth: 0,
        pixel_size,
        aux: 0,
    }
}

const U: Option<u8> = None;

/// (case, register byte offset in VD, expected bytes).
#[rstest]
// In bounds: 8x2 on bti 2 at X = 4 bytes, Y = 1: reg_pitch 8, 8/4 = 2 pixels a row. Row 0 is
// surface row 1 at 0x1000 + 16 + 4 = ramp 20..28 (pixel 1 ends at byte 12 = width: inside);
// row 1 is surface row 2 at 32 + 4 = ramp 36..44, at register byte 8.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]"),
    0, some(&[ramp(20, 8), ramp(36, 8)].concat()))]
// The Example's spelling with `(M1_NM, 1)`, X and Y from variables (d): X = 8, Y = 2, 4x1:
// one pixel at 0x1000 + 32 + 8 = ramp 40..44.
#[case(case("lsc_load_block2d.tgm (M1_NM, 1) VD:4x1 bti(0x2)[VX,VY]")
    .var("VX", 8i32.to_le_bytes().to_vec())
    .var("VY", 2i32.to_le_bytes().to_vec()),
    0, some(&ramp(40, 4)))]
// The bottom-right corner, partly out: 8x2 at X = 8, Y = 2. Row 0 (surface row 2): pixel 0 at
// bytes 8..12 is inside (ramp 40..44), pixel 1 at 12..16 passes width 12: zero. Row 1 is
// surface row 3, not below height 3: zeros. VD's 0xee bytes are all overwritten.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[8,2]").var("VD", vec![0xee; 16]),
    0, some(&[ramp(40, 4), vec![0; 12]].concat()))]
// The top-left corner, partly out: X = -4 (pixel 0 at bytes -4..0: zero; pixel 1 at 0..4:
// ramp 0..4), Y = -1 (row 0 is surface row -1: zeros; row 1 is row 0).
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[-4,-1]"),
    0, some(&[vec![0; 8], vec![0; 4], ramp(0, 4)].concat()))]
// Fully outside (X = 12: pixel 0 at 12..16 > 12): zeros.
#[case(case("lsc_load_block2d.tgm VD:4x2 bti(0x2)[12,0]").var("VD", vec![0xee; 8]),
    0, some(&[0; 8]))]
// BlockWidth 6 is not a multiple of the 4-byte pixel: 6/4 = 1 pixel a row (ramp 0..4 at
// X = 0, Y = 0); the rest of the 8-byte register row is not written: undefined.
#[case(case("lsc_load_block2d.tgm VD:6x1 bti(0x2)[0,0]"),
    0, cat(&[&some(&ramp(0, 4)), &[U; 4]]))]
// BlockWidth 2 < the 4-byte pixel: 2/4 = 0 pixels; the 4-byte register row (reg_pitch 4)
// is not written: undefined over VD's 0xee bytes.
#[case(case("lsc_load_block2d.tgm VD:2x1 bti(0x2)[0,0]").var("VD", vec![0xee; 4]),
    0, vec![U; 4])]
// 1-byte pixels (bti 1: width 5, pitch 8), 2x2 at X = 3, Y = 1: reg_pitch 4 (width < 4).
// Row 0 is surface row 1: bytes 3, 4 at 0x1000 + 8 + 3 = 11, 12; register bytes 2, 3 are
// not written (undefined). Row 1 is surface row 2, not below height 2: zeros, then two
// undefined bytes.
#[case(case("lsc_load_block2d.tgm VD:2x2 bti(0x1)[3,1]"),
    0, cat(&[&some(&[11, 12]), &[U, U], &some(&[0, 0]), &[U, U]]))]
// 1-byte pixels, X = 4: byte 4 inside (ramp 4), byte 5 passes width 5: zero.
#[case(case("lsc_load_block2d.tgm VD:2x1 bti(0x1)[4,0]"),
    0, cat(&[&some(&[4, 0]), &[U, U]]))]
// 64x1 (the Example's width): reg_pitch 64; on bti 1 the 64 1-byte pixels from X = 0 are
// ramp 0..5 then zeros (width 5).
#[case(case("lsc_load_block2d.tgm VD:64x1 bti(0x1)[0,0]"),
    0, some(&[ramp(0, 5), vec![0; 59]].concat()))]
// LSC-TYPED-BLOCK2D-INDEX literal: 8x2 at (4, 1) as the first row; the index counts 4-byte
// pixels, so pixel (u, v) lands at register byte (u*8 + v)*4: (0,0) at 0 and (0,1) at 4 hold
// ramp 20..28; bytes 8..16 of the 16-byte span are not written: undefined.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]").literal(LSC_TYPED_BLOCK2D_INDEX),
    0, cat(&[&some(&ramp(20, 8)), &[U; 8]]))]
// ... and row 1's pixels (ramp 36..44) at (1*8 + 0)*4 = 32 and 36.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]").literal(LSC_TYPED_BLOCK2D_INDEX),
    32, some(&ramp(36, 8)))]
// The surface index from a variable (bti(VB), VB = 2) on xe2: as the first row.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(VB)[4,1]")
    .var("VB", 2u32.to_le_bytes().to_vec())
    .on(Platform::Xe2),
    0, some(&[ramp(20, 8), ramp(36, 8)].concat()))]
fn typed2d_load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Reg("VD", at, want));
}

/// (case, flat address, expected memory bytes).
#[rstest]
// In bounds: 8x2 at X = 4, Y = 0 on bti 4 (base 0x2000, pitch 16). Src1Data row 0 is VS
// bytes 0..8 (0xa0..0xa8) to 0x2004..0x200c; row 1 starts at register byte reg_pitch 8
// (0xa8..0xb0) to 0x2014..0x201c. The bytes around stay zero.
#[case(case("lsc_store_block2d.tgm bti(0x4)[4,0] VS:8x2").var("VS", ramp(0xa0, 16)),
    0x2000, some(&[vec![0; 4], ramp(0xa0, 8), vec![0; 8], ramp(0xa8, 8), vec![0; 4]].concat()))]
// Out-of-bounds pixels are dropped: 8x2 at X = 8, Y = 1. Row 0 (surface row 1): pixel 0 at
// bytes 8..12 takes VS 0xa0..0xa4 at 0x2018; pixel 1 at 12..16 passes width 12: dropped (it
// would land at 0x201c). Row 1 is surface row 2, not below height 2: dropped (it would land
// at 0x2028). So 0x2010..0x2030: 8 zeros, a0..a4, 20 zeros.
#[case(case("lsc_store_block2d.tgm bti(0x4)[8,1] VS:8x2").var("VS", ramp(0xa0, 16)),
    0x2010, some(&[vec![0; 8], ramp(0xa0, 4), vec![0; 20]].concat()))]
// X = -4: pixel 0 (bytes -4..0) is dropped, pixel 1 (VS 0xa4..0xa8) lands at 0x2000.
#[case(case("lsc_store_block2d.tgm bti(0x4)[-4,0] VS:8x1").var("VS", ramp(0xa0, 8)),
    0x2000, some(&[ramp(0xa4, 4), vec![0; 4]].concat()))]
// LSC-TYPED-BLOCK2D-INDEX literal: 8x2 at (0, 0) reads pixel (u, v) from VS byte
// (u*8 + v)*4: row 0 from 0..8 (0x80..0x88) to 0x2000, row 1 from 32..40 (0xa0..0xa8) to
// 0x2010 (resolved would take VS 8..16, 0x88..0x90).
#[case(case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:8x2").var("VS", ramp(0x80, 64)).literal(LSC_TYPED_BLOCK2D_INDEX),
    0x2000, some(&[ramp(0x80, 8), vec![0; 8], ramp(0xa0, 8)].concat()))]
// ... the same store under the resolved reading: row 1 from VS 8..16.
#[case(case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:8x2").var("VS", ramp(0x80, 64)),
    0x2000, some(&[ramp(0x80, 8), vec![0; 8], ramp(0x88, 8)].concat()))]
fn typed2d_store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Mem(addr, want));
}

#[rstest]
// bti 7 has no pixel_size: not a typed surface.
#[case(case("lsc_load_block2d.tgm VD:8x2 bti(0x7)[0,0]"))]
// No surface at bti 9 (a prefetch too).
#[case(case("lsc_store_block2d.tgm bti(0x9)[0,0] VS:8x2"))]
#[case(case("lsc_load_block2d.tgm %null:8x2 bti(0x9)[0,0]"))]
// LSC-TYPED-BLOCK2D-INDEX literal: 8x2 with 4-byte pixels reaches register byte
// (1*8 + 1)*4 + 4 = 40 > VD16's 16 bytes (16 = 2 rows x reg_pitch 8 under resolved).
#[case(case("lsc_load_block2d.tgm VD16:8x2 bti(0x2)[0,0]").literal(LSC_TYPED_BLOCK2D_INDEX))]
fn typed2d_undefined_behaviour(#[case] c: Case) {
    check(c, Want::Error(ErrorClass::UndefinedBehaviour));
}

/// The same VD16 load is fine under the resolved reading (16 bytes span).
#[test]
fn typed2d_resolved_fits_the_span() {
    let c = case("lsc_load_block2d.tgm VD16:8x2 bti(0x2)[0,0]");
    // Rows 0 and 1 of bti 2 at X = 0: ramp 0..8 and 16..24.
    check(
        c,
        Want::Reg("VD16", 0, some(&[ramp(0, 8), ramp(16, 8)].concat())),
    );
}

/// (text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT).
#[rstest]
// The Notes' table: 9-16 bytes take up to 16 rows; widths 1..=64; no data size.
#[case("lsc_load_block2d.tgm VD:16x17 bti(0x2)[0,0]", Platform::XeHpc, "dst")]
#[case("lsc_load_block2d.tgm VD:65x1 bti(0x2)[0,0]", Platform::XeHpc, "dst")]
#[case("lsc_load_block2d.tgm VD:0x1 bti(0x2)[0,0]", Platform::XeHpc, "dst")]
#[case(
    "lsc_load_block2d.tgm VD:d8.8x2nn bti(0x2)[0,0]",
    Platform::XeHpc,
    "dst"
)]
#[case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:64x5", Platform::XeHpc, "src1")]
// Two address operands through a surface, no offsets: not the untyped six, not flat.
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VB,VB,VB,VB,VX,VY]",
    Platform::XeHpc,
    "address"
)]
#[case("lsc_load_block2d.tgm VD:8x2 flat[VX,VY]", Platform::XeHpc, "address")]
#[case(
    "lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX+4,VY]",
    Platform::XeHpc,
    "address"
)]
// SIMD1, no predicate; xe-hpc and xe2 only.
#[case(
    "lsc_load_block2d.tgm (M1, 8) VD:8x2 bti(0x2)[0,0]",
    Platform::XeHpc,
    "exec_size"
)]
#[case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[0,0]", Platform::XeHpg, "opcode")]
// The register span: 8x2 is 16 bytes, 16x2 is 32 > VD16's 16.
#[case("lsc_load_block2d.tgm VD16:16x2 bti(0x2)[0,0]", Platform::XeHpc, "dst")]
// A store's data is read: not `%null`.
#[case(
    "lsc_store_block2d.tgm bti(0x4)[0,0] %null:8x2",
    Platform::XeHpc,
    "src1"
)]
fn typed2d_invalid_forms(
    #[case] text: &'static str,
    #[case] platform: Platform,
    #[case] field: &'static str,
) {
    check(
        case(text).on(platform),
        Want::ErrorAt(ErrorClass::InvalidInstruction, field),
    );
}

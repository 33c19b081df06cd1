// Edge catalog rows of LSC_TYPED (instructions/LSC_TYPED.md), shared by the spec
// (spec/tests/lsc_typed_exec.rs) and the oracle (oracle/tests/lsc_typed.rs): each includes
// this file after defining `engine_run`. Every expected byte is derived by hand in the row's
// comment from the Semantics ("the LSC_UNTYPED versions" of LOAD_QUAD / STORE_QUAD with the
// address from the surface state) and the ledger's LSC-TYPED-SURFACE layout: pixel (U, V, R)
// at `base + R*pitch*height + V*pitch + U*pixel_size`, channel v at `v*sizeof(DataSize)`.
//
// Surfaces (xe-hpg, 32-byte GRF unless a row says otherwise):
// - bti 4: base 0x1000, width 16, height 2, depth 2, pitch 32, pixel_size 8 (two d32
//   channels, two pixels a row), size 0x80; memory 0x1000.. holds the ramp 0, 1, 2, ...
//   so the byte at 0x1000 + i is i. A slice is pitch*height = 64 bytes.
// - bti 5: a 1D surface: base 0x1000, width 12, height 0, pitch 0, pixel_size 4.
// - bti 6: base 0x2000, width 32, height 2, pitch 32, pixel_size 16 (four d32 channels),
//   size 0x40; memory never written (zero).

use rstest::rstest;
use visa_spec::platform::Platform;
use visa_spec::state::{Surface, SurfaceHeap};
use visa_spec::ErrorClass;

include!("../common/mem_rows.rs");

const DECLS: &str = "\
.decl VD v_type=G type=ud num_elts=64
.decl VS v_type=G type=ud num_elts=64
.decl VU v_type=G type=ud num_elts=8
.decl VV v_type=G type=ud num_elts=8
.decl VR v_type=G type=ud num_elts=8
.decl VL v_type=G type=ud num_elts=8
.decl VU16 v_type=G type=uw num_elts=8
.decl P1 v_type=P num_elts=8
";

/// A row of this catalog: `text` after [`DECLS`] on xe-hpg, over the surfaces above (flat
/// memory 0x1000.. holds the ramp).
fn case(text: &'static str) -> Case {
    Case::new(DECLS, text).mem(0x1000, ramp(0, 0x80)).surfaces([
        surface(4, 0x1000, 0x80, (16, 2, 32), 2, 8),
        surface(5, 0x1000, 0x80, (12, 0, 0), 0, 4),
        surface(6, 0x2000, 0x40, (32, 2, 32), 0, 16),
        // An untyped surface: no pixel_size.
        surface(7, 0x1000, 0x80, (16, 2, 32), 0, 0),
        // An append counter at 0x1010 (initially ramp bytes 16..20: 0x13121110).
        Surface {
            aux: 0x1010,
            ..surface(8, 0x1000, 0x80, (0, 0, 0), 0, 0)
        },
    ])
}

fn surface(
    bti: u32,
    base: u64,
    size: u64,
    whp: (u32, u32, u32),
    depth: u32,
    pixel_size: u32,
) -> Surface {
    Surface {
        heap: SurfaceHeap::BindingTable,
        bti,
        base,
        size,
        width: whp.0,
        height: whp.1,
        pitch: whp.2,
        depth,
        pixel_size,
        aux: 0,
    }
}

/// (case, register byte offset in VD, expected bytes).
#[rstest]
// bti 4, d32.xy SIMD4 with (U, V, R) = (1,0,0) (0,1,0) (1,1,1) (0,0,1): pixel offsets
// 1*8 = 8, 1*32 = 32, 64 + 32 + 8 = 104, 64. Block 0 (X) holds each pixel's first word:
// ramp 8..12, 32..36, 104..108, 64..68.
#[case(case("lsc_load_quad.tgm (M1, 4) VD:d32.xy bti(0x4)[VU,VV,VR]:a32")
    .var("VU", le32(&[1, 0, 1, 0]))
    .var("VV", le32(&[0, 1, 1, 0]))
    .var("VR", le32(&[0, 0, 1, 1])),
    0, some(&cat(&[&ramp(8, 4), &ramp(32, 4), &ramp(104, 4), &ramp(64, 4)])))]
// ... block 1 (Y, the next 32-byte register) holds the words 4 bytes further: 12, 36, 108, 68.
#[case(case("lsc_load_quad.tgm (M1, 4) VD:d32.xy bti(0x4)[VU,VV,VR]:a32")
    .var("VU", le32(&[1, 0, 1, 0]))
    .var("VV", le32(&[0, 1, 1, 0]))
    .var("VR", le32(&[0, 0, 1, 1])),
    32, some(&cat(&[&ramp(12, 4), &ramp(36, 4), &ramp(108, 4), &ramp(68, 4)])))]
// Out of bounds, one reason a lane: U = 2 (2*8 + 8 = 24 > width 16), V = 2 (not below height
// 2), R = 2 (not below depth 2), LOD = 1 (only LOD 0): every channel reads zero, over VD's
// 0xee bytes.
#[case(case("lsc_load_quad.tgm (M1, 4) VD:d32.x bti(0x4)[VU,VV,VR,VL]:a32")
    .var("VD", vec![0xee; 32])
    .var("VU", le32(&[2, 0, 0, 0]))
    .var("VV", le32(&[0, 2, 0, 0]))
    .var("VR", le32(&[0, 0, 2, 0]))
    .var("VL", le32(&[0, 0, 0, 1])),
    0, some(&[0; 16]))]
// The last pixel of the last row of the last slice is inside: (1, 1, 1) at 64 + 32 + 8 = 104.
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU,VV,VR]:a32")
    .var("VU", le32(&[1]))
    .var("VV", le32(&[1]))
    .var("VR", le32(&[1])),
    0, some(&ramp(104, 4)))]
// ChMask .y alone: block 0 is channel Y, 4 bytes into pixel (1, 0): ramp 12..16.
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d32.y bti(0x4)[VU]:a32")
    .var("VU", le32(&[1])),
    0, some(&ramp(12, 4)))]
// `%null` V reads 0: (1, 0) at 8, then R = 1 at 64 + 8 = 72.
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU,%null,VR]:a32")
    .var("VU", le32(&[1]))
    .var("VR", le32(&[1])),
    0, some(&ramp(72, 4)))]
// 1D surface bti 5 (width 12, pixel 4, height 0 read as 1): U = 0, 1, 2 at 0, 4, 8; U = 3 ends
// at 16 > 12: zero.
#[case(case("lsc_load_quad.tgm (M1, 4) VD:d32.x bti(0x5)[VU]:a32")
    .var("VU", le32(&[0, 1, 2, 3])),
    0, some(&cat(&[&ramp(0, 12), &[0; 4]])))]
// a16 coordinates: U = 1, V = 1 as uw: pixel 32 + 8 = 40.
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU16,VU16]:a16")
    .var("VU16", le16(&[1])),
    0, some(&ramp(40, 4)))]
// d16.xyzw on bti 4 (pixel 8 = four d16 channels): pixel (1, 0) at 8; channel Z is 4 bytes in
// (ramp 12, 13), in block 2 at 64 (each d16 SIMD1 block a 32-byte register).
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d16.xyzw bti(0x4)[VU]:a32")
    .var("VU", le32(&[1])),
    64, some(&[12, 13]))]
// A huge U (0xffffffff) is out of bounds, not wrapped: zero.
#[case(case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU]:a32")
    .var("VD", vec![0xee; 4])
    .var("VU", le32(&[0xffff_ffff])),
    0, some(&[0; 4]))]
// Predicate 0b01: lane 1 is off and keeps VD's 0xee bytes; lane 0 reads pixel (0, 0).
#[case(case("(P1) lsc_load_quad.tgm (M1, 2) VD:d32.x bti(0x4)[VU]:a32")
    .var("VD", vec![0xee; 8])
    .var("VU", le32(&[0, 1]))
    .pred(0b01),
    0, some(&cat(&[&ramp(0, 4), &[0xee; 4]])))]
// SIMD16 on xe-hpc (64-byte GRF): lane 15 with U = 1, V = 1 reads 40..44 at VD byte 60.
#[case(case("lsc_load_quad.tgm (M1, 16) VD:d32.x bti(0x4)[VS,VD]:a32")
    .var("VS", le32(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))
    .var("VD", le32(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))
    .on(Platform::XeHpc),
    60, some(&ramp(40, 4)))]
// Typed atomic (LSC-TYPED-TEXT): lsc_atomic_iadd with one address, a byte offset from the
// surface base: lanes at 0x1000 and 0x1008 hold 0x03020100 and 0x0b0a0908; DstData gets
// the old values.
#[case(case("lsc_atomic_iadd.tgm (M1, 2) VD:d32 bti(0x4)[VU]:a32 VS %null")
    .var("VU", le32(&[0, 8]))
    .var("VS", le32(&[1, 2])),
    0, some(&le32(&[0x0302_0100, 0x0b0a_0908])))]
// LOAD_STATUS (LSC_UNTYPED.md): bit n of DstData's first word is ChEn[n] & s, s = 1 with
// every page valid (LSC-LOAD-STATUS-TRTT resolved). Predicate 0b0101 on SIMD4: 0b0101 = 5;
// VD's bytes 4..8 keep their 0xee.
#[case(case("(P1) lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64")
    .var("VD", vec![0xee; 8])
    .pred(0b0101),
    0, some(&[5, 0, 0, 0, 0xee, 0xee, 0xee, 0xee]))]
// SIMD8, every lane on: 0xff; bits 8..31 zero.
#[case(case("lsc_load_status.ugm (M1, 8) VD:d32 flat[VS]:a64")
    .var("VD", vec![0xee; 4]),
    0, some(&[0xff, 0, 0, 0]))]
// The typed sub-op (LSC_TYPED.md, 0x1B) on bti 4 with coordinates, SIMD2: 0b11.
#[case(case("lsc_load_status.tgm (M1, 2) VD:d32 bti(0x4)[VU,VV]:a32"),
    0, some(&[3, 0, 0, 0]))]
// lsc_apndctr_atomic_add (LSC_UNTYPED.md, AppendCounterAtomicAdd) on bti 8: the counter
// 0x13121110 takes +1, +2, +3, +4 lane by lane; DstData gets the old values 0x13121110,
// 0x13121111, 0x13121113, 0x13121116.
#[case(case("lsc_apndctr_atomic_add.ugm (M1, 4) VD:d32 bti(0x8) VS:d32")
    .var("VS", le32(&[1, 2, 3, 4])),
    0, some(&le32(&[0x1312_1110, 0x1312_1111, 0x1312_1113, 0x1312_1116])))]
// _sub with predicate 0b1010: lane 1 takes 0x13121110 and leaves 0x13121110 - 2 = 0x1312110e,
// lane 3 takes 0x1312110e and leaves 0x1312110a; lanes 0 and 2 keep VD's 0xee.
#[case(case("(P1) lsc_apndctr_atomic_sub.ugm (M1, 4) VD:d32 bti(0x8) VS:d32")
    .var("VD", vec![0xee; 16])
    .var("VS", le32(&[1, 2, 3, 4]))
    .pred(0b1010),
    0, some(&cat(&[&[0xee; 4], &le32(&[0x1312_1110]), &[0xee; 4], &le32(&[0x1312_110e])])))]
fn typed_load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Reg("VD", at, want));
}

/// (case, flat address, expected memory bytes).
#[rstest]
// bti 6 (pixel 16, pitch 32), d32.xz SIMD2 at (1, 0) and (0, 1): pixel offsets 16 and 32.
// Src1Data block 0 (X) = 0x11111111, 0x22222222; block 1 (Z, at VS byte 32) = 0x33.., 0x44...
// Lane 0: X at 0x2010, Z 8 bytes further at 0x2018; lane 1: X at 0x2020, Z at 0x2028.
#[case(case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU,VV]:a32 VS:d32.xz")
    .var("VU", le32(&[1, 0]))
    .var("VV", le32(&[0, 1]))
    .var("VS", cat(&[&le32(&[0x1111_1111, 0x2222_2222]), &[0; 24], &le32(&[0x3333_3333, 0x4444_4444])])),
    0x2010, some(&cat(&[&[0x11; 4], &[0; 4], &[0x33; 4], &[0; 4], &[0x22; 4], &[0; 4], &[0x44; 4], &[0; 4]])))]
// Out of bounds is dropped: lane 0 at U = 2 (2*16 + 16 > 32) would land on row 1 at 0x2020
// if unchecked; lane 1 at (0, 0) writes 0x22.. at 0x2000. Row 1 stays zero.
#[case(case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU]:a32 VS:d32.x")
    .var("VU", le32(&[2, 0]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222])),
    0x2000, some(&cat(&[&[0x22; 4], &[0; 0x3c]])))]
// Two lanes store different values to pixel (0, 0): the bytes are undefined.
#[case(case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU]:a32 VS:d32.x")
    .var("VU", le32(&[0, 0]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222])),
    0x2000, vec![None; 4])]
// lsc_store_uncompressed.tgm (LSC-TYPED-TEXT): LSC_UNTYPED's store at Base + U: d32x2 at 4,
// element 0 from VS byte 0 (0x55..), element 1 from the next register (VS byte 32, 0x66..).
#[case(case("lsc_store_uncompressed.tgm (M1, 1) bti(0x6)[VU]:a32 VS:d32x2")
    .var("VU", le32(&[4]))
    .var("VS", cat(&[&[0x55; 4], &[0; 28], &[0x66; 4]])),
    0x2000, some(&cat(&[&[0; 4], &[0x55; 4], &[0x66; 4], &[0; 4]])))]
// The typed atomic's new values: 0x03020100 + 1 and 0x0b0a0908 + 2.
#[case(case("lsc_atomic_iadd.tgm (M1, 2) VD:d32 bti(0x4)[VU]:a32 VS %null")
    .var("VU", le32(&[0, 8]))
    .var("VS", le32(&[1, 2])),
    0x1000, some(&cat(&[&le32(&[0x0302_0101]), &ramp(4, 4), &le32(&[0x0b0a_090a])])))]
// The counter after the add row: 0x13121110 + 1 + 2 + 3 + 4 = 0x1312111a.
#[case(case("lsc_apndctr_atomic_add.ugm (M1, 4) VD:d32 bti(0x8) VS:d32")
    .var("VS", le32(&[1, 2, 3, 4])),
    0x1010, some(&le32(&[0x1312_111a])))]
// Wrap-around: 0x13121110 - 0x20000000 = 0xf3121110 modulo 2^32, into `%null` DstData.
#[case(case("lsc_apndctr_atomic_sub.ugm (M1, 1) %null:d32 bti(0x8) VS:d32")
    .var("VS", le32(&[0x2000_0000])),
    0x1010, some(&le32(&[0xf312_1110])))]
fn typed_store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Mem(addr, want));
}

#[rstest]
// .xyzw of d32 needs 16-byte pixels; bti 4's are 8: the data type does not match.
#[case("lsc_load_quad.tgm (M1, 1) VD:d32.xyzw bti(0x4)[VU]:a32")]
// bti 7 has no pixel_size: not a typed surface.
#[case("lsc_store_quad.tgm (M1, 1) bti(0x7)[VU]:a32 VS:d32.x")]
// No surface at bti 9.
#[case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x9)[VU]:a32")]
#[case("lsc_load_status.ugm (M1, 1) VD:d32 bti(0x9)[VU]:a32")]
// bti 4 has no append counter (aux 0).
#[case("lsc_apndctr_atomic_add.ugm (M1, 1) VD:d32 bti(0x4) VS:d32")]
fn typed_undefined_behaviour(#[case] text: &'static str) {
    check(case(text), Want::Error(ErrorClass::UndefinedBehaviour));
}

/// LSC-LOAD-STATUS-TRTT literal: the undefined IsTRTT_VALID_PAGE stops an enabled lane.
#[test]
fn load_status_literal_is_undefined_behaviour() {
    let c = case("lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64")
        .literal(visa_spec::errata::LSC_LOAD_STATUS_TRTT);
    check(c, Want::Error(ErrorClass::UndefinedBehaviour));
    // With every lane off the function is never called: dest is 0.
    let c = case("(P1) lsc_load_status.ugm (M1, 4) VD:d32 flat[VS]:a64")
        .literal(visa_spec::errata::LSC_LOAD_STATUS_TRTT)
        .var("VD", vec![0xee; 4])
        .pred(0);
    check(c, Want::Reg("VD", 0, some(&[0, 0, 0, 0])));
}

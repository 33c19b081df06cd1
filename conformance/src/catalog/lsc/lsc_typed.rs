//! LSC_TYPED (instructions/LSC_TYPED.md): hand-derived rows, each with its derivation.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_typed", file: "catalog/lsc/lsc_typed.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "(case, register byte offset in VD, expected bytes). bti 4, d32.xy SIMD4 with (U, V, R) = (1,0,0) (0,1,0) (1,1,1) (0,0,1): pixel offsets 1*8 = 8, 1*32 = 32, 64 + 32 + 8 = 104, 64. Block 0 (X) holds each pixel's first word: ramp 8..12, 32..36, 104..108, 64..68.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 4) VD:d32.xy bti(0x4)[VU,VV,VR]:a32").var("VU", le32(&[1, 0, 1, 0])).var("VV", le32(&[0, 1, 1, 0]))
        .var("VR", le32(&[0, 0, 1, 1])), Want::Reg("VD", 0, some(&cat(&[&ramp(8, 4), &ramp(32, 4), &ramp(104, 4), &ramp(64, 4)])))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). ... block 1 (Y, the next 32-byte register) holds the words 4 bytes further: 12, 36, 108, 68.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 4) VD:d32.xy bti(0x4)[VU,VV,VR]:a32").var("VU", le32(&[1, 0, 1, 0])).var("VV", le32(&[0, 1, 1, 0]))
        .var("VR", le32(&[0, 0, 1, 1])), Want::Reg("VD", 32, some(&cat(&[&ramp(12, 4), &ramp(36, 4), &ramp(108, 4), &ramp(68, 4)])))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). Out of bounds, one reason a lane: U = 2 (2*8 + 8 = 24 > width 16), V = 2 (not below height 2), R = 2 (not below depth 2), LOD = 1 (only LOD 0): every channel reads zero, over VD's 0xee bytes.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 4) VD:d32.x bti(0x4)[VU,VV,VR,VL]:a32").var("VD", vec![0xee; 32]).var("VU", le32(&[2, 0, 0, 0]))
        .var("VV", le32(&[0, 2, 0, 0])).var("VR", le32(&[0, 0, 2, 0])).var("VL", le32(&[0, 0, 0, 1])), Want::Reg("VD", 0, some(&[0; 16]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The last pixel of the last row of the last slice is inside: (1, 1, 1) at 64 + 32 + 8 = 104.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU,VV,VR]:a32").var("VU", le32(&[1])).var("VV", le32(&[1])).var("VR", le32(&[1])),
        Want::Reg("VD", 0, some(&ramp(104, 4)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). ChMask .y alone: block 0 is channel Y, 4 bytes into pixel (1, 0): ramp 12..16.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.y bti(0x4)[VU]:a32").var("VU", le32(&[1])), Want::Reg("VD", 0, some(&ramp(12, 4)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). `%null` V reads 0: (1, 0) at 8, then R = 1 at 64 + 8 = 72.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU,%null,VR]:a32").var("VU", le32(&[1])).var("VR", le32(&[1])),
        Want::Reg("VD", 0, some(&ramp(72, 4)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). 1D surface bti 5 (width 12, pixel 4, height 0 read as 1): U = 0, 1, 2 at 0, 4, 8; U = 3 ends at 16 > 12: zero.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 4) VD:d32.x bti(0x5)[VU]:a32").var("VU", le32(&[0, 1, 2, 3])),
        Want::Reg("VD", 0, some(&cat(&[&ramp(0, 12), &[0; 4]])))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). a16 coordinates: U = 1, V = 1 as uw: pixel 32 + 8 = 40.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU16,VU16]:a16").var("VU16", le16(&[1])), Want::Reg("VD", 0, some(&ramp(40, 4))))
        .derived(d));
    let d = "(case, register byte offset in VD, expected bytes). d16.xyzw on bti 4 (pixel 8 = four d16 channels): pixel (1, 0) at 8; channel Z is 4 bytes in (ramp 12, 13), in block 2 at 64 (each d16 SIMD1 block a 32-byte register).";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d16.xyzw bti(0x4)[VU]:a32").var("VU", le32(&[1])), Want::Reg("VD", 64, some(&[12, 13]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). A huge U (0xffffffff) is out of bounds, not wrapped: zero.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x4)[VU]:a32").var("VD", vec![0xee; 4]).var("VU", le32(&[0xffff_ffff])),
        Want::Reg("VD", 0, some(&[0; 4]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). Predicate 0b01: lane 1 is off and keeps VD's 0xee bytes; lane 0 reads pixel (0, 0).";
    rows.add("load", check(typed_case("(P1) lsc_load_quad.tgm (M1, 2) VD:d32.x bti(0x4)[VU]:a32").var("VD", vec![0xee; 8]).var("VU", le32(&[0, 1])).pred(0b01),
        Want::Reg("VD", 0, some(&cat(&[&ramp(0, 4), &[0xee; 4]])))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). SIMD16 on xe-hpc (64-byte GRF): lane 15 with U = 1, V = 1 reads 40..44 at VD byte 60.";
    rows.add("load", check(typed_case("lsc_load_quad.tgm (M1, 16) VD:d32.x bti(0x4)[VS,VD]:a32").var("VS", le32(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))
        .var("VD", le32(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])).on(Platform::XeHpc), Want::Reg("VD", 60, some(&ramp(40, 4)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). Typed atomic (LSC-TYPED-TEXT): lsc_atomic_iadd with one address, a byte offset from the surface base: lanes at 0x1000 and 0x1008 hold 0x03020100 and 0x0b0a0908; DstData gets the old values.";
    rows.add("load", check(typed_case("lsc_atomic_iadd.tgm (M1, 2) VD:d32 bti(0x4)[VU]:a32 VS %null").var("VU", le32(&[0, 8])).var("VS", le32(&[1, 2])),
        Want::Reg("VD", 0, some(&le32(&[0x0302_0100, 0x0b0a_0908])))).derived(d));
    let d = "(case, flat address, expected memory bytes). bti 6 (pixel 16, pitch 32), d32.xz SIMD2 at (1, 0) and (0, 1): pixel offsets 16 and 32. Src1Data block 0 (X) = 0x11111111, 0x22222222; block 1 (Z, at VS byte 32) = 0x33.., 0x44... Lane 0: X at 0x2010, Z 8 bytes further at 0x2018; lane 1: X at 0x2020, Z at 0x2028.";
    rows.add("store", check(typed_case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU,VV]:a32 VS:d32.xz").var("VU", le32(&[1, 0])).var("VV", le32(&[0, 1]))
        .var("VS", cat(&[&le32(&[0x1111_1111, 0x2222_2222]), &[0; 24], &le32(&[0x3333_3333, 0x4444_4444])])),
        Want::Mem(0x2010, some(&cat(&[&[0x11; 4], &[0; 4], &[0x33; 4], &[0; 4], &[0x22; 4], &[0; 4], &[0x44; 4], &[0; 4]])))).derived(d));
    let d = "(case, flat address, expected memory bytes). Out of bounds is dropped: lane 0 at U = 2 (2*16 + 16 > 32) would land on row 1 at 0x2020 if unchecked; lane 1 at (0, 0) writes 0x22.. at 0x2000. Row 1 stays zero.";
    rows.add("store", check(typed_case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU]:a32 VS:d32.x").var("VU", le32(&[2, 0])).var("VS", le32(&[0x1111_1111, 0x2222_2222])),
        Want::Mem(0x2000, some(&cat(&[&[0x22; 4], &[0; 0x3c]])))).derived(d));
    let d = "(case, flat address, expected memory bytes). Two lanes store different values to pixel (0, 0): the bytes are undefined.";
    rows.add("store", check(typed_case("lsc_store_quad.tgm (M1, 2) bti(0x6)[VU]:a32 VS:d32.x").var("VU", le32(&[0, 0])).var("VS", le32(&[0x1111_1111, 0x2222_2222])),
        Want::Mem(0x2000, vec![None; 4])).derived(d));
    let d = "(case, flat address, expected memory bytes). lsc_store_uncompressed.tgm (LSC-TYPED-TEXT): LSC_UNTYPED's store at Base + U: d32x2 at 4, element 0 from VS byte 0 (0x55..), element 1 from the next register (VS byte 32, 0x66..).";
    rows.add("store", check(typed_case("lsc_store_uncompressed.tgm (M1, 1) bti(0x6)[VU]:a32 VS:d32x2").var("VU", le32(&[4]))
        .var("VS", cat(&[&[0x55; 4], &[0; 28], &[0x66; 4]])), Want::Mem(0x2000, some(&cat(&[&[0; 4], &[0x55; 4], &[0x66; 4], &[0; 4]])))).derived(d));
    let d = "(case, flat address, expected memory bytes). The typed atomic's new values: 0x03020100 + 1 and 0x0b0a0908 + 2.";
    rows.add("store", check(typed_case("lsc_atomic_iadd.tgm (M1, 2) VD:d32 bti(0x4)[VU]:a32 VS %null").var("VU", le32(&[0, 8])).var("VS", le32(&[1, 2])),
        Want::Mem(0x1000, some(&cat(&[&le32(&[0x0302_0101]), &ramp(4, 4), &le32(&[0x0b0a_090a])])))).derived(d));
    let d = ".xyzw of d32 needs 16-byte pixels; bti 4's are 8: the data type does not match.";
    rows.add("undefined", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.xyzw bti(0x4)[VU]:a32"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "bti 7 has no pixel_size: not a typed surface.";
    rows.add("undefined", check(typed_case("lsc_store_quad.tgm (M1, 1) bti(0x7)[VU]:a32 VS:d32.x"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "No surface at bti 9.";
    rows.add("undefined", check(typed_case("lsc_load_quad.tgm (M1, 1) VD:d32.x bti(0x9)[VU]:a32"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). In bounds: 8x2 on bti 2 at X = 4 bytes, Y = 1: reg_pitch 8, 8/4 = 2 pixels a row. Row 0 is surface row 1 at 0x1000 + 16 + 4 = ramp 20..28 (pixel 1 ends at byte 12 = width: inside); row 1 is surface row 2 at 32 + 4 = ramp 36..44, at register byte 8.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]"), Want::Reg("VD", 0, some(&[ramp(20, 8), ramp(36, 8)].concat()))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The Example's spelling with `(M1_NM, 1)`, X and Y from variables (d): X = 8, Y = 2, 4x1: one pixel at 0x1000 + 32 + 8 = ramp 40..44.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm (M1_NM, 1) VD:4x1 bti(0x2)[VX,VY]").var("VX", 8i32.to_le_bytes().to_vec())
        .var("VY", 2i32.to_le_bytes().to_vec()), Want::Reg("VD", 0, some(&ramp(40, 4)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The bottom-right corner, partly out: 8x2 at X = 8, Y = 2. Row 0 (surface row 2): pixel 0 at bytes 8..12 is inside (ramp 40..44), pixel 1 at 12..16 passes width 12: zero. Row 1 is surface row 3, not below height 3: zeros. VD's 0xee bytes are all overwritten.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[8,2]").var("VD", vec![0xee; 16]),
        Want::Reg("VD", 0, some(&[ramp(40, 4), vec![0; 12]].concat()))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The top-left corner, partly out: X = -4 (pixel 0 at bytes -4..0: zero; pixel 1 at 0..4: ramp 0..4), Y = -1 (row 0 is surface row -1: zeros; row 1 is row 0).";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[-4,-1]"),
        Want::Reg("VD", 0, some(&[vec![0; 8], vec![0; 4], ramp(0, 4)].concat()))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). Fully outside (X = 12: pixel 0 at 12..16 > 12): zeros.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:4x2 bti(0x2)[12,0]").var("VD", vec![0xee; 8]), Want::Reg("VD", 0, some(&[0; 8]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). BlockWidth 6 is not a multiple of the 4-byte pixel: 6/4 = 1 pixel a row (ramp 0..4 at X = 0, Y = 0); the rest of the 8-byte register row is not written: undefined.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:6x1 bti(0x2)[0,0]"), Want::Reg("VD", 0, cat(&[&some(&ramp(0, 4)), &[U; 4]]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). BlockWidth 2 < the 4-byte pixel: 2/4 = 0 pixels; the 4-byte register row (reg_pitch 4) is not written: undefined over VD's 0xee bytes.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:2x1 bti(0x2)[0,0]").var("VD", vec![0xee; 4]), Want::Reg("VD", 0, vec![U; 4])).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). 1-byte pixels (bti 1: width 5, pitch 8), 2x2 at X = 3, Y = 1: reg_pitch 4 (width < 4). Row 0 is surface row 1: bytes 3, 4 at 0x1000 + 8 + 3 = 11, 12; register bytes 2, 3 are not written (undefined). Row 1 is surface row 2, not below height 2: zeros, then two undefined bytes.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:2x2 bti(0x1)[3,1]"),
        Want::Reg("VD", 0, cat(&[&some(&[11, 12]), &[U, U], &some(&[0, 0]), &[U, U]]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). 1-byte pixels, X = 4: byte 4 inside (ramp 4), byte 5 passes width 5: zero.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:2x1 bti(0x1)[4,0]"), Want::Reg("VD", 0, cat(&[&some(&[4, 0]), &[U, U]]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). 64x1 (the Example's width): reg_pitch 64; on bti 1 the 64 1-byte pixels from X = 0 are ramp 0..5 then zeros (width 5).";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:64x1 bti(0x1)[0,0]"), Want::Reg("VD", 0, some(&[ramp(0, 5), vec![0; 59]].concat()))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). LSC-TYPED-BLOCK2D-INDEX literal: 8x2 at (4, 1) as the first row; the index counts 4-byte pixels, so pixel (u, v) lands at register byte (u*8 + v)*4: (0,0) at 0 and (0,1) at 4 hold ramp 20..28; bytes 8..16 of the 16-byte span are not written: undefined.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]").literal(LSC_TYPED_BLOCK2D_INDEX),
        Want::Reg("VD", 0, cat(&[&some(&ramp(20, 8)), &[U; 8]]))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). ... and row 1's pixels (ramp 36..44) at (1*8 + 0)*4 = 32 and 36.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[4,1]").literal(LSC_TYPED_BLOCK2D_INDEX),
        Want::Reg("VD", 32, some(&ramp(36, 8)))).derived(d));
    let d = "(case, register byte offset in VD, expected bytes). The surface index from a variable (bti(VB), VB = 2) on xe2: as the first row.";
    rows.add("block2d-load", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(VB)[4,1]").var("VB", 2u32.to_le_bytes().to_vec()).on(Platform::Xe2),
        Want::Reg("VD", 0, some(&[ramp(20, 8), ramp(36, 8)].concat()))).derived(d));
    let d = "(case, flat address, expected memory bytes). In bounds: 8x2 at X = 4, Y = 0 on bti 4 (base 0x2000, pitch 16). Src1Data row 0 is VS bytes 0..8 (0xa0..0xa8) to 0x2004..0x200c; row 1 starts at register byte reg_pitch 8 (0xa8..0xb0) to 0x2014..0x201c. The bytes around stay zero.";
    rows.add("block2d-store", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[4,0] VS:8x2").var("VS", ramp(0xa0, 16)),
        Want::Mem(0x2000, some(&[vec![0; 4], ramp(0xa0, 8), vec![0; 8], ramp(0xa8, 8), vec![0; 4]].concat()))).derived(d));
    let d = "(case, flat address, expected memory bytes). Out-of-bounds pixels are dropped: 8x2 at X = 8, Y = 1. Row 0 (surface row 1): pixel 0 at bytes 8..12 takes VS 0xa0..0xa4 at 0x2018; pixel 1 at 12..16 passes width 12: dropped (it would land at 0x201c). Row 1 is surface row 2, not below height 2: dropped (it would land at 0x2028). So 0x2010..0x2030: 8 zeros, a0..a4, 20 zeros.";
    rows.add("block2d-store", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[8,1] VS:8x2").var("VS", ramp(0xa0, 16)),
        Want::Mem(0x2010, some(&[vec![0; 8], ramp(0xa0, 4), vec![0; 20]].concat()))).derived(d));
    let d = "(case, flat address, expected memory bytes). X = -4: pixel 0 (bytes -4..0) is dropped, pixel 1 (VS 0xa4..0xa8) lands at 0x2000.";
    rows.add("block2d-store", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[-4,0] VS:8x1").var("VS", ramp(0xa0, 8)),
        Want::Mem(0x2000, some(&[ramp(0xa4, 4), vec![0; 4]].concat()))).derived(d));
    let d = "(case, flat address, expected memory bytes). LSC-TYPED-BLOCK2D-INDEX literal: 8x2 at (0, 0) reads pixel (u, v) from VS byte (u*8 + v)*4: row 0 from 0..8 (0x80..0x88) to 0x2000, row 1 from 32..40 (0xa0..0xa8) to 0x2010 (resolved would take VS 8..16, 0x88..0x90).";
    rows.add("block2d-store", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:8x2").var("VS", ramp(0x80, 64)).literal(LSC_TYPED_BLOCK2D_INDEX),
        Want::Mem(0x2000, some(&[ramp(0x80, 8), vec![0; 8], ramp(0xa0, 8)].concat()))).derived(d));
    let d = "(case, flat address, expected memory bytes). ... the same store under the resolved reading: row 1 from VS 8..16.";
    rows.add("block2d-store", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:8x2").var("VS", ramp(0x80, 64)),
        Want::Mem(0x2000, some(&[ramp(0x80, 8), vec![0; 8], ramp(0x88, 8)].concat()))).derived(d));
    let d = "bti 7 has no pixel_size: not a typed surface.";
    rows.add("block2d-undefined", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x7)[0,0]"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "No surface at bti 9 (a prefetch too).";
    rows.add("block2d-undefined", check(typed2d_case("lsc_store_block2d.tgm bti(0x9)[0,0] VS:8x2"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    rows.add("block2d-undefined", check(typed2d_case("lsc_load_block2d.tgm %null:8x2 bti(0x9)[0,0]"), Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "LSC-TYPED-BLOCK2D-INDEX literal: 8x2 with 4-byte pixels reaches register byte (1*8 + 1)*4 + 4 = 40 > VD16's 16 bytes (16 = 2 rows x reg_pitch 8 under resolved).";
    rows.add("block2d-undefined", check(typed2d_case("lsc_load_block2d.tgm VD16:8x2 bti(0x2)[0,0]").literal(LSC_TYPED_BLOCK2D_INDEX),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT). The Notes' table: 9-16 bytes take up to 16 rows; widths 1..=64; no data size.";
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:16x17 bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:65x1 bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:0x1 bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:d8.8x2nn bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[0,0] VS:64x5").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "src1")).derived(d));
    let d = "(text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT). Two address operands through a surface, no offsets: not the untyped six, not flat.";
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[VB,VB,VB,VB,VX,VY]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "address")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 flat[VX,VY]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "address")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[VX+4,VY]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "address")).derived(d));
    let d = "(text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT). SIMD1, no predicate; xe-hpc and xe2 only.";
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm (M1, 8) VD:8x2 bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "exec_size")).derived(d));
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD:8x2 bti(0x2)[0,0]").on(Platform::XeHpg),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "opcode")).derived(d));
    let d = "(text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT). The register span: 8x2 is 16 bytes, 16x2 is 32 > VD16's 16.";
    rows.add("block2d-invalid", check(typed2d_case("lsc_load_block2d.tgm VD16:16x2 bti(0x2)[0,0]").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "dst")).derived(d));
    let d = "(text, platform, field): invalid typed block 2D lines (LSC-TYPED-BLOCK2D-TEXT). A store's data is read: not `%null`.";
    rows.add("block2d-invalid", check(typed2d_case("lsc_store_block2d.tgm bti(0x4)[0,0] %null:8x2").on(Platform::XeHpc),
        Want::ErrorAt(ErrorClass::InvalidInstruction, "src1")).derived(d));
    let d = "The same VD16 load is fine under the resolved reading (16 bytes span): rows 0 and 1 \
             of bti 2 at X = 0: ramp 0..8 and 16..24.";
    let c = typed2d_case("lsc_load_block2d.tgm VD16:8x2 bti(0x2)[0,0]");
    let row = check(c, Want::Reg("VD16", 0, some(&[ramp(0, 8), ramp(16, 8)].concat())));
    rows.add("block2d-load", row.derived(d));
}

// Edge catalog rows of LSC_UNTYPED's `lsc_load` and `lsc_store`, shared by the spec
// (spec/tests/lsc_exec.rs) and the oracle (oracle/tests/lsc.rs): each includes this file
// after defining `engine_run`. Every expected byte is derived by hand in the row's comment
// (instructions/LSC_UNTYPED.md, Semantics LOAD and STORE).

use rstest::rstest;
use visa_spec::errata;
use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

include!("../common/mem_rows.rs");

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
fn case(text: &'static str) -> Case {
    Case::new(DECLS, text)
}

/// (case, register variable, byte offset, expected register bytes).
#[rstest]
// SIMD4 d32 gather, a64: lane n reads 0x1000 + 4*(3-n): words 3,2,1,0 of the ramp at 0x1000.
#[case(case("lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64")
    .var("VA", le64(&[0x100c, 0x1008, 0x1004, 0x1000]))
    .mem(0x1000, ramp(0, 16)),
    0, some(&[12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3]))]
// a32 wrap: 0xffff_fff8 + 0x10 = 0x1_0000_0008, modulo 2^32 0x8: bytes 8..12 of the ramp at 0.
#[case(case("lsc_load.ugm (M1, 1) VD:d32 flat[VA32+0x10]:a32")
    .var("VA32", le32(&[0xffff_fff8]))
    .mem(0, ramp(0, 16)),
    0, some(&[8, 9, 10, 11]))]
// a16 wrap with a scale: 4*0 - 4 = -4, modulo 2^16 0xfffc; the ramp at 0xfffc starts at 0x40.
#[case(case("lsc_load.ugm (M1, 1) VD:d32 flat[0x4*VA16-0x4]:a16")
    .var("VA16", le16(&[0]))
    .mem(0xfffc, ramp(0x40, 4)),
    0, some(&[0x40, 0x41, 0x42, 0x43]))]
// Scale: 0x8*2 + 0x1 = 0x11: the byte 0x11 of the ramp at 0, one d8 per lane in a d8 GRF row.
#[case(case("lsc_load.ugm (M1, 1) VD:d8 flat[0x8*VA32+0x1]:a32")
    .var("VA32", le32(&[2]))
    .mem(0, ramp(0, 32)),
    0, some(&[0x11]))]
// Transposed d32x4t at bti 2 (base 0x2000, size 0x10), offset 8: elements at offsets 8, 0xc
// (ramp bytes 8..16) are inside; 0x10, 0x14 are past the size: zero (LSC-SURFACE-BOUNDS).
#[case(case("lsc_load.ugm (M1_NM, 1) VD:d32x4t bti(0x2)[VA32]:a32")
    .var("VA32", le32(&[8]))
    .mem(0x2000, ramp(0, 32))
    .surface(2, 0x2000, 0x10),
    0, some(&[8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0]))]
// d32x2 SIMD2, non-transposed: DstData[v].elems[n]; each DstData[v] is one 32-byte GRF on
// xe-hpg. Lane 0 at 0x100 (words 0x100, 0x104), lane 1 at 0x200. Register bytes 0..8 hold
// v=0 of lanes 0, 1: mem 0x100..0x104 (ramp 0..4) then 0x200..0x204 (ramp 0x80..0x84).
#[case(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 8))
    .mem(0x200, ramp(0x80, 8)),
    0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))]
// ... and bytes 32..40 hold v=1: mem 0x104..0x108 then 0x204..0x208.
#[case(case("lsc_load.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 8))
    .mem(0x200, ramp(0x80, 8)),
    32, some(&[4, 5, 6, 7, 0x84, 0x85, 0x86, 0x87]))]
// d16u32h: the 16-bit datum 0x1234 lands in the upper half, the lower half zero (LSC-DATA-U32).
#[case(case("lsc_load.ugm (M1, 1) VD:d16u32h flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0x34, 0x12]),
    0, some(&[0, 0, 0x34, 0x12]))]
// d8u32: the byte zero-extended to 32 bits.
#[case(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0xfe]),
    0, some(&[0xfe, 0, 0, 0]))]
// LSC-DATA-U32 literal: the three widened bytes are undefined.
#[case(case("lsc_load.ugm (M1, 1) VD:d8u32 flat[VA]:a64")
    .var("VA", le64(&[0x40]))
    .mem(0x40, vec![0xfe])
    .literal(errata::LSC_DATA_U32),
    0, vec![Some(0xfe), None, None, None])]
// Predicate 0b01: lane 1 is off and its element keeps VD's 0xaa bytes.
#[case(case("(P1) lsc_load.ugm (M1, 2) VD:d32 flat[VA]:a64")
    .var("VA", le64(&[0x10, 0x20]))
    .var("VD", vec![0xaa; 256])
    .mem(0x10, ramp(1, 4))
    .mem(0x20, ramp(9, 4))
    .pred(0b01),
    0, some(&[1, 2, 3, 4, 0xaa, 0xaa, 0xaa, 0xaa]))]
fn load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Reg("VD", at, want));
}

/// (case, flat address, expected memory bytes).
#[rstest]
// d32x2 SIMD2 store: Src1Data[v].elems[n]; VS bytes 0..8 are v=0 of lanes 0,1 (0x11.., 0x22..),
// bytes 32..40 v=1 (0x33.., 0x44..). Lane 0 at 0x100 writes its v=0 then v=1: 11 11 11 11 33 33 33 33.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
    0x100, some(&[0x11, 0x11, 0x11, 0x11, 0x33, 0x33, 0x33, 0x33]))]
// ... lane 1 at 0x200: 22 22 22 22 44 44 44 44.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", [vec![0x11; 4], vec![0x22; 4], vec![0; 24], vec![0x33; 4], vec![0x44; 4]].concat()),
    0x200, some(&[0x22, 0x22, 0x22, 0x22, 0x44, 0x44, 0x44, 0x44]))]
// Transposed d16x4t at SIMD1: Src1Data[0].elems[v] are VS's first 8 bytes, stored from 0x300.
#[case(case("lsc_store.ugm (M1_NM, 1) flat[VA32]:a32 VS:d16x4t")
    .var("VA32", le32(&[0x300]))
    .var("VS", ramp(0x60, 8)),
    0x300, some(&ramp(0x60, 8)))]
// Two lanes store 0x01010101 and 0x01020304 to 0x400: bytes 0x400 (04 vs 01), 0x401 (03 vs 01)
// and 0x402 (02 vs 01) differ and are undefined; 0x403 is 01 under every order.
#[case(case("lsc_store.ugm (M1, 2) flat[VA]:a64 VS:d32")
    .var("VA", le64(&[0x400, 0x400]))
    .var("VS", le32(&[0x0101_0101, 0x0102_0304])),
    0x400, vec![None, None, None, Some(1)])]
// Out of bounds: bti 1 has size 6; a d32x2t store at offset 2 writes offsets 2..6 and drops 6..10.
#[case(case("lsc_store.ugm (M1_NM, 1) bti(0x1)[VA32]:a32 VS:d32x2t")
    .var("VA32", le32(&[2]))
    .var("VS", ramp(0x10, 8))
    .mem(0x500, vec![0xee; 12])
    .surface(1, 0x500, 6),
    0x500, some(&[0xee, 0xee, 0x10, 0x11, 0x12, 0x13, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee]))]
// a16 wrap: 0xfffe + 4 = 0x1_0002, modulo 2^16 2: the d16 lands at flat 2.
#[case(case("lsc_store.ugm (M1, 1) flat[VA16+0x4]:a16 VS:d16")
    .var("VA16", le16(&[0xfffe]))
    .var("VS", vec![0xcd, 0xab]),
    0x2, some(&[0xcd, 0xab]))]
// d16u32h store: the upper half of the register element (0xabcd of 0xabcd1234).
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d16u32h")
    .var("VA", le64(&[0x20]))
    .var("VS", le32(&[0xabcd_1234])),
    0x20, some(&[0xcd, 0xab]))]
// LSC-STORE-ELEM-OFFSET literal: both elements (0x11.., 0x33..) land on 0x100: undefined; the
// next word keeps its initial 0xee bytes.
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32x2")
    .var("VA", le64(&[0x100]))
    .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat())
    .mem(0x100, vec![0xee; 8])
    .literal(errata::LSC_STORE_ELEM_OFFSET),
    0x100, vec![None, None, None, None, Some(0xee), Some(0xee), Some(0xee), Some(0xee)])]
// LSC-STORE-DSTDATA literal: the stored word is undefined.
#[case(case("lsc_store.ugm (M1, 1) flat[VA]:a64 VS:d32")
    .var("VA", le64(&[0x100]))
    .var("VS", le32(&[7]))
    .literal(errata::LSC_STORE_DSTDATA),
    0x100, vec![None, None, None, None])]
fn store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Mem(addr, want));
}

#[rstest]
// LSC is from xe-hpg on: checked on xe-lp below.
#[case("lsc_load.ugm (M1, 4) VD:d32 bss(0x5)[VA]:a64")]
fn missing_surface_is_undefined_behaviour(#[case] text: &'static str) {
    check(case(text), Want::Error(ErrorClass::UndefinedBehaviour));
}

#[test]
fn xe_lp_has_no_lsc() {
    let c = case("lsc_load.ugm (M1, 4) VD:d32 flat[VA]:a64").on(Platform::XeLp);
    check(c, Want::Error(ErrorClass::InvalidInstruction));
}

/// Strided and quad loads: (case, register byte offset in VD, expected bytes).
#[rstest]
// LOAD_STRIDED SIMD4 d32, pitch 8: lane n reads 0x1000 + 8n (LSC-STRIDED-ADDR resolved):
// ramp bytes 0..4, 8..12, 16..20, 24..28.
#[case(case("lsc_load_strided.ugm (M1, 4) VD:d32 flat[VA, 0x8]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    0, some(&[0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]))]
// Default pitch of d32x2 = 2*4 = 8: lane 1 at 0x1008. DstData[0] holds element 0 of lanes 0
// and 1: ramp 0..4 then 8..12.
#[case(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    0, some(&[0, 1, 2, 3, 8, 9, 10, 11]))]
// ... and DstData[1] (the next 32-byte GRF) element 1: ramp 4..8 then 12..16.
#[case(case("lsc_load_strided.ugm (M1, 2) VD:d32x2 flat[VA]:a64")
    .var("VA", le64(&[0x1000]))
    .mem(0x1000, ramp(0, 32)),
    32, some(&[4, 5, 6, 7, 12, 13, 14, 15]))]
// bti 1 at base 0x2000 (size 0x3000), scale 2, base address 4, pitch 4: resolved offset
// 2*4 = 8, lane 0 at 0x2008 (ramp 0x10 there)...
#[case(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32")
    .var("VA32", le32(&[4]))
    .mem(0x2008, ramp(0x10, 4))
    .mem(0x4008, ramp(0x70, 4))
    .surface(1, 0x2000, 0x3000),
    0, some(&[0x10, 0x11, 0x12, 0x13]))]
// ... LSC-STRIDED-ADDR literal `AddrScale*(Base + Src0Addrs)`: 2*(0x2000 + 4) = 0x4008 (ramp 0x70).
#[case(case("lsc_load_strided.ugm (M1, 1) VD:d32 bti(0x1)[0x2*VA32, 0x4]:a32")
    .var("VA32", le32(&[4]))
    .mem(0x2008, ramp(0x10, 4))
    .mem(0x4008, ramp(0x70, 4))
    .surface(1, 0x2000, 0x3000)
    .literal(errata::LSC_STRIDED_ADDR),
    0, some(&[0x70, 0x71, 0x72, 0x73]))]
// LOAD_QUAD .xz SIMD2: lane 0 at 0x100, lane 1 at 0x200. DstData[0] = X (offset 0) of both
// lanes: 0x100.. (ramp 0) and 0x200.. (ramp 0x80).
#[case(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 16))
    .mem(0x200, ramp(0x80, 16)),
    0, some(&[0, 1, 2, 3, 0x80, 0x81, 0x82, 0x83]))]
// ... DstData[1] = Z (channel 2, offset 8): ramp 8..12 and 0x88..0x8c.
#[case(case("lsc_load_quad.ugm (M1, 2) VD:d32.xz flat[VA]:a64")
    .var("VA", le64(&[0x100, 0x200]))
    .mem(0x100, ramp(0, 16))
    .mem(0x200, ramp(0x80, 16)),
    32, some(&[8, 9, 10, 11, 0x88, 0x89, 0x8a, 0x8b]))]
// ChMask .w alone: DstData[0] = W (offset 12): ramp 12..16.
#[case(case("lsc_load_quad.ugm (M1, 1) VD:d32.w flat[VA]:a64")
    .var("VA", le64(&[0x100]))
    .mem(0x100, ramp(0, 16)),
    0, some(&[12, 13, 14, 15]))]
// ChMask .xyzw: DstData[3] (byte 96) = W.
#[case(case("lsc_load_quad.ugm (M1, 1) VD:d32.xyzw flat[VA]:a64")
    .var("VA", le64(&[0x100]))
    .mem(0x100, ramp(0, 16)),
    96, some(&[12, 13, 14, 15]))]
fn strided_quad_load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Reg("VD", at, want));
}

/// Strided and quad stores: (case, flat address, expected bytes).
#[rstest]
// STORE_STRIDED SIMD2 d32 pitch 0x10: lane 0 (0x11..) at 0x100, lane 1 (0x22..) at 0x110.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x10]:a64 VS:d32")
    .var("VA", le64(&[0x100]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
    .mem(0x100, vec![0xee; 0x14]),
    0x100, [some(&[0x11; 4]), some(&[0xee; 12]), some(&[0x22; 4])].concat())]
// Default pitch d16x2 = 4: a packed block; lane 0's elements 0xa0a1, 0xb0b1 (Src1Data[0], [1]
// element 0), lane 1's 0xc0c1, 0xd0d1.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d16x2")
    .var("VA", le64(&[0x100]))
    .var("VS", [le16(&[0xa0a1, 0xc0c1]), vec![0; 28], le16(&[0xb0b1, 0xd0d1])].concat()),
    0x100, some(&[0xa1, 0xa0, 0xb1, 0xb0, 0xc1, 0xc0, 0xd1, 0xd0]))]
// LSC-STORE-STRIDED-V literal with a pitch: lane n at its own Src0Addrs[n] + n*pitch:
// lane 0 at 0x100, lane 1 at 0x200 + 4 = 0x204.
#[case(case("lsc_store_strided.ugm (M1, 2) flat[VA, 0x4]:a64 VS:d32")
    .var("VA", le64(&[0x100, 0x200]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
    .literal(errata::LSC_STORE_STRIDED_V),
    0x204, some(&[0x22; 4]))]
// STORE_QUAD .yw SIMD1: Src1Data[0] (0x11..) to Y at +4, Src1Data[1] (byte 32, 0x33..) to W
// at +12; X and Z keep 0xee.
#[case(case("lsc_store_quad.ugm (M1, 1) flat[VA]:a64 VS:d32.yw")
    .var("VA", le64(&[0x100]))
    .var("VS", [vec![0x11; 4], vec![0; 28], vec![0x33; 4]].concat())
    .mem(0x100, vec![0xee; 16]),
    0x100, [some(&[0xee; 4]), some(&[0x11; 4]), some(&[0xee; 4]), some(&[0x33; 4])].concat())]
fn strided_quad_store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Mem(addr, want));
}

// LSC-STORE-STRIDED-V literal with a pitch reads Src0Addrs[n] inside `if (Msg.ChEn[n])`
// (LSC_UNTYPED.md, Semantics STORE_STRIDED). VA1 holds one address: with P1 = 0b01 lane 1 never
// reads its address and lane 0 stores VS's first d32 at VA1[0] + 0*4 = 0x100.
#[rstest]
#[case(case("(P1) lsc_store_strided.ugm (M1, 2) flat[VA1, 0x4]:a64 VS:d32")
    .var("VA1", le64(&[0x100]))
    .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
    .pred(0b01)
    .literal(errata::LSC_STORE_STRIDED_V),
    0x100, some(&[0x11; 4]))]
fn strided_literal_enabled_lanes_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(c, Want::Mem(addr, want));
}

/// Under LSC-STORE-STRIDED-V literal an enabled lane n reads `Src0Addrs[n]`: past the one
/// address VA1 holds, lane 1's read is outside the operand (undefined behaviour on `src0`),
/// and nothing is stored. Resolved, every lane reads Src0AddrBase alone and the store runs:
/// lane 0 at 0x100 + 0*4, lane 1 at 0x100 + 1*4.
#[test]
fn store_strided_literal_lane_past_the_address_variable_is_undefined_behaviour() {
    let text = "lsc_store_strided.ugm (M1, 2) flat[VA1, 0x4]:a64 VS:d32";
    let run = |c: Case| {
        c.var("VA1", le64(&[0x100]))
            .var("VS", le32(&[0x1111_1111, 0x2222_2222]))
            .mem(0x100, vec![0xee; 8])
    };
    check(
        run(case(text)).literal(errata::LSC_STORE_STRIDED_V),
        Want::ErrorAt(ErrorClass::UndefinedBehaviour, "src0"),
    );
    check(
        run(case(text)),
        Want::Mem(0x100, [some(&[0x11; 4]), some(&[0x22; 4])].concat()),
    );
}

#[test]
fn store_strided_literal_default_pitch_is_undefined_behaviour() {
    let c = case("lsc_store_strided.ugm (M1, 2) flat[VA]:a64 VS:d32")
        .var("VA", le64(&[0x100]))
        .literal(errata::LSC_STORE_STRIDED_V);
    check(c, Want::Error(ErrorClass::UndefinedBehaviour));
}

/// One lane's atomic on the d32 at 0x40: (operation, literal errata, old, Src1Data, Src2Data,
/// returned old, value left in memory).
#[rstest]
#[case("iinc %null %null", &[], 5, 0, 0, 5, 6)]
// 0 - 1 wraps to 0xffffffff.
#[case("idec %null %null", &[], 0, 0, 0, 0, 0xffff_ffff)]
#[case("load %null %null", &[], 7, 0, 0, 7, 7)]
#[case("store VS %null", &[], 7, 9, 0, 7, 9)]
// 0xffffffff + 2 = 0x1_00000001 -> 1 modulo 2^32.
#[case("iadd VS %null", &[], 0xffff_ffff, 2, 0, 0xffff_ffff, 1)]
// old - Src1Data: 1 - 2 -> 0xffffffff.
#[case("isub VS %null", &[], 1, 2, 0, 1, 0xffff_ffff)]
// Signed: -2 < 1.
#[case("smin VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 0xffff_fffe)]
#[case("smax VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 1)]
// Unsigned: 1 < 0xfffffffe.
#[case("umin VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 1)]
#[case("umax VS %null", &[], 0xffff_fffe, 1, 0, 0xffff_fffe, 0xffff_fffe)]
#[case("and VS %null", &[], 0xf0f0, 0xff00, 0, 0xf0f0, 0xf000)]
#[case("or VS %null", &[], 0xf0f0, 0x0f00, 0, 0xf0f0, 0xfff0)]
#[case("xor VS %null", &[], 0xff, 0x0f, 0, 0xff, 0xf0)]
// Memory 5 equals Src1Data 5: Src2Data 9 is stored.
#[case("icas VS VS2", &[], 5, 5, 9, 5, 9)]
// 5 != 4: memory keeps 5.
#[case("icas VS VS2", &[], 5, 4, 9, 5, 5)]
// LSC-ATOMIC-OPERANDS literal: compare with Src2Data (5), store Src1Data (9).
#[case("icas VS VS2", &[errata::LSC_ATOMIC_OPERANDS], 5, 9, 5, 5, 9)]
// 1.0 + 2.0 = 3.0 (0x40400000).
#[case("fadd VS %null", &[], 0x3f80_0000, 0x4000_0000, 0, 0x3f80_0000, 0x4040_0000)]
// 1.0 - 2.0 = -1.0 (0xbf800000).
#[case("fsub VS %null", &[], 0x3f80_0000, 0x4000_0000, 0, 0x3f80_0000, 0xbf80_0000)]
// fmin(1.0, NaN) = 1.0 (LSC-ATOMIC-FLOAT).
#[case("fmin VS %null", &[], 0x3f80_0000, 0x7fc0_0001, 0, 0x3f80_0000, 0x3f80_0000)]
// fmax(-0, +0) = +0.
#[case("fmax VS %null", &[], 0x8000_0000, 0, 0, 0x8000_0000, 0)]
// +0 equals -0 as floats: 1.0 is stored.
#[case("fcas VS VS2", &[], 0, 0x8000_0000, 0x3f80_0000, 0, 0x3f80_0000)]
// A NaN equals nothing, itself included: memory keeps its NaN.
#[case("fcas VS VS2", &[], 0x7fc0_0000, 0x7fc0_0000, 0x3f80_0000, 0x7fc0_0000, 0x7fc0_0000)]
fn atomic_rows(
    #[case] op: &str,
    #[case] literal: &[&'static str],
    #[case] old: u32,
    #[case] src1: u32,
    #[case] src2: u32,
    #[case] returned: u32,
    #[case] left: u32,
) {
    let (name, srcs) = op.split_once(' ').unwrap();
    let text: &'static str = Box::leak(
        format!("lsc_atomic_{name}.ugm (M1, 1) VD:d32 flat[VA]:a64 {srcs}").into_boxed_str(),
    );
    let mut c = case(text)
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[src1]))
        .var("VS2", le32(&[src2]))
        .mem(0x40, le32(&[old]));
    for id in literal {
        c = c.literal(id);
    }
    check_all(
        c,
        vec![
            Want::Reg("VD", 0, some(&returned.to_le_bytes())),
            Want::Mem(0x40, some(&left.to_le_bytes())),
        ],
    );
}

#[test]
fn atomic_d16u32_and_d64() {
    // d16u32 iadd: memory's 16 bits 0xffff + 1 = 0x0000; the register gets 0xffff
    // zero-extended to 32 bits.
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d16u32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le32(&[1]))
        .var("VD", vec![0xaa; 8])
        .mem(0x40, vec![0xff, 0xff, 0x77]);
    check_all(
        c,
        vec![
            Want::Reg("VD", 0, some(&[0xff, 0xff, 0, 0])),
            Want::Mem(0x40, some(&[0, 0, 0x77])),
        ],
    );
    // d64 iadd: 0xffffffff + 1 = 0x1_0000_0000, no wrap at 32 bits.
    let c = case("lsc_atomic_iadd.ugm (M1, 1) VD:d64 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40]))
        .var("VS", le64(&[1]))
        .mem(0x40, le64(&[0xffff_ffff]));
    check_all(
        c,
        vec![
            Want::Reg("VD", 0, some(&le64(&[0xffff_ffff]))),
            Want::Mem(0x40, some(&le64(&[0x1_0000_0000]))),
        ],
    );
}

#[test]
fn atomic_lanes_on_one_address() {
    // iadd commutes: 10 + 1 + 2 = 13 under every order; what each lane returns depends on
    // the order (LSC-ATOMIC-ORDER): undefined.
    let c = case("lsc_atomic_iadd.ugm (M1, 2) VD:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]))
        .mem(0x40, le32(&[10]));
    check_all(
        c,
        vec![
            Want::Mem(0x40, some(&le32(&[13]))),
            Want::Reg("VD", 0, vec![None; 8]),
        ],
    );
    // store does not commute: the value left is undefined.
    let c = case("lsc_atomic_store.ugm (M1, 2) %null:d32 flat[VA]:a64 VS %null")
        .var("VA", le64(&[0x40, 0x40]))
        .var("VS", le32(&[1, 2]));
    check(c, Want::Mem(0x40, vec![None; 4]));
    // A misaligned address is undefined behaviour.
    let c = case("lsc_atomic_iinc.ugm (M1, 1) VD:d32 flat[VA]:a64 %null %null")
        .var("VA", le64(&[0x42]));
    check(c, Want::Error(ErrorClass::UndefinedBehaviour));
}

// ---- Block 2D (xe-hpc: 64-byte GRF) ----
//
// The surface: base 0x10000, 8 rows of 16 bytes; byte (row r, byte c) holds 0x80 + 16r + c.
// Address operands `[BASE, WIDTH-1, HEIGHT-1, PITCH-1, X, Y]` (BLOCK2D-SURFACE-MINUS-ONE).
// These rows read the documents' limits (BLOCK2D-LIMITS literal): Intel's published limits
// make a surface narrower than 64 bytes undefined behaviour (rows further down).

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

/// (case, register byte offset in VD, expected bytes).
#[rstest]
// d8.1x4x2nn at (0,0) of a 16x4 surface: grf_row_pitch = 4, rows 0 and 1, cols 0..3.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"),
    0, some(&[0x80, 0x81, 0x82, 0x83, 0x90, 0x91, 0x92, 0x93]))]
// ... and the block is padded with zeros to its 64-byte register (grf_block_pitch 64).
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]")
    .var("VD", vec![0xaa; 256]),
    8, some(&[0; 56]))]
// Bottom-right corner X=14, Y=3 of the 16x4 surface: row 3 cols 14, 15 inside (0xbe 0xbf), cols
// 16, 17 and row 4 outside: zero (BLOCK2D-OUT-OF-BOUNDS).
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0xe,0x3]"),
    0, some(&[0xbe, 0xbf, 0, 0, 0, 0, 0, 0]))]
// Left edge: X = VX - 2 = -2 with VX = 0: cols -2, -1 outside, cols 0, 1 inside; Y = VY + 1 = 1.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX-2,VY+1]"),
    0, some(&[0, 0, 0x90, 0x91, 0, 0, 0xa0, 0xa1]))]
// Top edge: Y = -1: row -1 outside (zeros), row 0 inside.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,VY-1]"),
    0, some(&[0, 0, 0, 0, 0x80, 0x81, 0x82, 0x83]))]
// Blocks 2: block 1 holds cols 4..7 of row 1 at register byte 64 (the next block pitch).
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.2x4x1nn flat[0x10000,0xf,0x3,0xf,0x0,0x1]"),
    64, some(&[0x94, 0x95, 0x96, 0x97]))]
// Blocks 4 of 2x1: block k holds cols 2k, 2k+1 of row 0 at byte 64k; block 3: cols 6, 7.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.4x2x1nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"),
    192, some(&[0x86, 0x87]))]
// VNNI d8.1x2x4nt: elems_per_dword 4; x=0 takes rows 0..3 of col 0, then x=1.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x4nt flat[0x10000,0xf,0x7,0xf,0x0,0x0]"),
    0, some(&[0x80, 0x90, 0xa0, 0xb0, 0x81, 0x91, 0xa1, 0xb1]))]
// VNNI d16.1x2x2nt: elems_per_dword 2; element (r, c) is bytes 16r + 2c: (0,0) (1,0) (0,1) (1,1).
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x2nt flat[0x10000,0xf,0x7,0xf,0x0,0x0]"),
    0, some(&[0x80, 0x81, 0x90, 0x91, 0x82, 0x83, 0x92, 0x93]))]
// Transpose d32.1x2x3tn: grf_row_pitch = round_up_pow2(3) = 4; register row x holds column x
// of rows 0..2, then one zero element.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x2x3tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]"),
    0, some(&[0x80, 0x81, 0x82, 0x83, 0x90, 0x91, 0x92, 0x93, 0xa0, 0xa1, 0xa2, 0xa3, 0, 0, 0, 0,
              0x84, 0x85, 0x86, 0x87, 0x94, 0x95, 0x96, 0x97, 0xa4, 0xa5, 0xa6, 0xa7, 0, 0, 0, 0]))]
// Transpose d64.1x1x2tn: column 0 of rows 0 and 1.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x1x2tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]"),
    0, some(&[0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
              0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97]))]
// A 1-byte-wide surface (SurfaceWidth 0): only col 0 is inside.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x2nn flat[0x10000,0x0,0x1,0xf,0x0,0x0]"),
    0, some(&[0x80, 0, 0x90, 0]))]
// Pitch (16) larger than the width (4): row 1 cols 4..7 are past the width: zero.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x8x1nn flat[0x10000,0x3,0x7,0xf,0x0,0x1]"),
    0, some(&[0x90, 0x91, 0x92, 0x93, 0, 0, 0, 0]))]
// BLOCK2D-ROW-Y literal: Y = 2 is dropped, row 0 is read.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x1nn flat[0x10000,0xf,0x7,0xf,0x0,0x2]")
    .literal(errata::BLOCK2D_ROW_Y),
    0, some(&[0x80, 0x81]))]
// BLOCK2D-SURFACE-MINUS-ONE literal: the pitch is 15, not 16: row 1 starts at byte 15.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x2nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")
    .literal(errata::BLOCK2D_SURFACE_MINUS_ONE),
    0, some(&[0x80, 0x81, 0x8f, 0x90]))]
// BLOCK2D-TEXT-SWAP literal: 1x4x2 is height 4, width 2: grf_row_pitch 2.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")
    .literal(errata::BLOCK2D_TEXT_SWAP),
    0, some(&[0x80, 0x81, 0x90, 0x91, 0xa0, 0xa1, 0xb0, 0xb1]))]
// BLOCK2D-MINUS-ONE literal: 1x1x1 runs 2 blocks of 2x2; block 1 (byte 64) holds cols 2, 3.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x1x1nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")
    .literal(errata::BLOCK2D_MINUS_ONE),
    64, some(&[0x82, 0x83, 0x92, 0x93]))]
fn block2d_load_rows(#[case] c: Case, #[case] at: usize, #[case] want: Vec<Option<u8>>) {
    check(surface_2d(c), Want::Reg("VD", at, want));
}

/// (case, flat address, expected bytes).
#[rstest]
// d8.1x4x2nn at X=1, Y=1: register row n (pitch 4) goes to row 1+n, cols 1..4.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x4x2nn")
    .var("VS", vec![1, 2, 3, 4, 5, 6, 7, 8]),
    0x10010, some(&[0x90, 1, 2, 3, 4, 0x95]))]
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x4x2nn")
    .var("VS", vec![1, 2, 3, 4, 5, 6, 7, 8]),
    0x10020, some(&[0xa0, 5, 6, 7, 8, 0xa5]))]
// Corner X=14, Y=3 of the 16x4 surface: row 3 cols 14, 15 written; cols 16, 17 (row 4's first
// bytes in memory) and row 4 dropped.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0xe,0x3] VS:d8.1x4x2nn")
    .var("VS", vec![1, 2, 3, 4, 5, 6, 7, 8]),
    0x1003e, some(&[1, 2, 0xc0, 0xc1]))]
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0xe,0x3] VS:d8.1x4x2nn")
    .var("VS", vec![1, 2, 3, 4, 5, 6, 7, 8]),
    0x1004e, some(&[0xce, 0xcf]))]
// d16.1x2x1nn at X=3: element 3 of row 0 is bytes 6, 7.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x3,0x0] VS:d16.1x2x1nn")
    .var("VS", vec![1, 2, 3, 4]),
    0x10006, some(&[1, 2, 3, 4]))]
// BLOCK2D-STORE-INDEX literal, d8.1x2x2nn, X = Y = 1 as bytes: Src1Data[v*2 + n] lands at
// base + 1 + 16n + 1 + v: (n,v) = (0,0) reg 0 at 2, (0,1) reg 2 at 3.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x2x2nn")
    .var("VS", vec![1, 2, 3, 4])
    .literal(errata::BLOCK2D_STORE_INDEX),
    0x10002, some(&[1, 3]))]
// ... (1,0) reg 1 at 18, (1,1) reg 3 at 19.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x2x2nn")
    .var("VS", vec![1, 2, 3, 4])
    .literal(errata::BLOCK2D_STORE_INDEX),
    0x10012, some(&[2, 4]))]
fn block2d_store_rows(#[case] c: Case, #[case] addr: u64, #[case] want: Vec<Option<u8>>) {
    check(surface_2d(c), Want::Mem(addr, want));
}

#[rstest]
// Platform limits: xe-hpg has no block 2D; 3 blocks; 33 rows; 2*64 bytes wide; transpose of
// d8; VNNI of d32; a store of two blocks.
#[case(
    Platform::XeHpg,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::XeHpc,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.3x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::XeHpc,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x33nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::XeHpc,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d16.2x32x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::XeHpc,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2tn flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::XeHpc,
    "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x2nt flat[0x10000,0xf,0x3,0xf,0x0,0x0]"
)]
#[case(
    Platform::Xe2,
    "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d8.2x4x2nn"
)]
fn block2d_limits_are_invalid(#[case] platform: Platform, #[case] text: &'static str) {
    // Outside the documents' limits: invalid under both readings of BLOCK2D-LIMITS.
    check(
        case(text).on(platform),
        Want::Error(ErrorClass::InvalidInstruction),
    );
    check(
        case(text).on(platform).literal(errata::BLOCK2D_LIMITS),
        Want::Error(ErrorClass::InvalidInstruction),
    );
}

// Shapes the documents allow and Intel's published limits do not (BLOCK2D-LIMITS; intel/llvm,
// sycl/include/sycl/ext/intel/experimental/esimd/memory.hpp, check_lsc_block_2d_restrictions):
// invalid instructions under the resolved reading, executed under the literal one.
#[rstest]
// A store 9 rows high: stores are at most 8 (d8, 16 bytes a row: inside the 64-byte width).
#[case(Platform::XeHpc, "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d8.1x16x9nn")]
// 3 d8 elements = 3 bytes a row: not a whole number of dwords.
#[case(Platform::XeHpc, "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x3x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]")]
// d16 1 wide = 2 bytes a row: not a whole number of dwords (stores too).
#[case(Platform::Xe2, "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d16.1x1x2nn")]
// Two d64 blocks (2*2*8 = 32 bytes, inside the documents' 64): d64 loads take one block.
#[case(Platform::XeHpc, "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.2x2x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]")]
// Four d32 blocks (4*4*4 = 64 bytes): d32 loads take 1 or 2.
#[case(Platform::Xe2, "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.4x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]")]
// VNNI d16 32 wide (64 bytes): VNNI widths stop at 16.
#[case(Platform::XeHpc, "lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x32x2nt flat[0x10000,0xf,0x3,0xf,0x0,0x0]")]
// Transposed d64 4 high: a transposed d64 block is 8 high.
#[case(Platform::XeHpc, "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x2x4tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")]
// Transposed d64 3 wide (8 high): 1, 2 or 4 wide.
#[case(Platform::Xe2, "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x3x8tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")]
// Transposed d32 16 wide: up to 8.
#[case(Platform::XeHpc, "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x16x2tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]")]
fn block2d_published_limits(#[case] platform: Platform, #[case] text: &'static str) {
    check(
        case(text).on(platform),
        Want::Error(ErrorClass::InvalidInstruction),
    );
    let literal = case(text).on(platform).literal(errata::BLOCK2D_LIMITS);
    assert!(literal.go().is_ok(), "{text}: runs under the documents' limits");
}

// ---- Block 2D within Intel's published limits ----
//
// The surface: base 0x10000, 4 rows of 64 bytes (pitch 64); byte (row r, byte c) holds 64r + c.
// The row above (0xffc0) and the row below (0x10100) hold 0xee.

fn surface_64(c: Case) -> Case {
    let mut c = c.on(Platform::XeHpc).mem(0xffc0, vec![0xee; 64]);
    for r in 0..4u8 {
        c = c.mem(0x10000 + 64 * u64::from(r), (0..64).map(|b| 64 * r + b).collect());
    }
    c.mem(0x10100, vec![0xee; 64])
}

/// (case, observation).
#[rstest]
// d32.1x8x2nn at X = 14, Y = 2 on the 64x4 surface: row 2, dword columns 14, 15 (bytes 56..63,
// values 128 + 56 = 0xb8 .. 0xbf) inside, columns 16..21 past the width: zero; register row
// pitch 8 dwords = 32 bytes; register row 1 is surface row 3 (0xf8 .. 0xff).
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x8x2nn flat[0x10000,0x3f,0x3,0x3f,0xe,0x2]"),
    Want::Reg("VD", 0, cat(&[&some(&[0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf]),
                             &some(&[0; 24]),
                             &some(&[0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff])])))]
// d8.1x4x1nn store at X = 62, Y = -1: row -1 dropped (the 0xee row above and row 0's bytes
// 0 .. 3 stay); then
// d8.1x8x2nn at X = 60, Y = 3: row 3 bytes 60..63 written, bytes 64.. (the row below, 0x10100)
// and row 4 dropped.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x3f,0x3e,-0x1] VS:d8.1x4x1nn")
    .var("VS", vec![1, 2, 3, 4]),
    Want::Mem(0xfffc, some(&[0xee, 0xee, 0xee, 0xee, 0, 1, 2, 3])))]
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x3f,0x3c,0x3] VS:d8.1x8x2nn")
    .var("VS", (1..=16).collect()),
    Want::Mem(0x100fc, some(&[1, 2, 3, 4, 0xee, 0xee, 0xee, 0xee])))]
// Surfaces outside the published limits (oneapi-src/oneDNN, src/gpu/jit/ir/block_2d_utils.hpp):
// undefined behaviour. A width of 16 bytes (under 64):
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x1nn flat[0x10000,0xf,0x3,0x3f,0x0,0x0]"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// a width of 66 bytes (not a multiple of 4):
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x1nn flat[0x10000,0x41,0x3,0x4f,0x0,0x0]"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// d64 on a width of 68 bytes (a multiple of 4, not of 8):
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x1x1nn flat[0x10000,0x43,0x3,0x4f,0x0,0x0]"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// a pitch of 72 bytes (not a multiple of 16):
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x47,0x0,0x0] VS:d8.1x4x1nn"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// a base 0x10020 (not 64-byte aligned):
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x1nn flat[0x10020,0x3f,0x3,0x3f,0x0,0x0]"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
// 0x1000000 + 1 rows (more than 2^24):
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) %null:d32.1x4x1nn flat[0x10000,0x3f,0x1000000,0x3f,0x0,0x0]"),
    Want::Error(ErrorClass::UndefinedBehaviour))]
fn block2d_published_rows(#[case] c: Case, #[case] want: Want) {
    check(surface_64(c), want);
}

// ---- BLOCK2D-STRADDLE: an element across the surface width (documents' limits) ----

/// (case, observation under the resolved reading, under the literal one).
#[rstest]
// d16.1x2x1nn on a 1-byte-wide surface: element 0 is bytes 0, 1 and byte 1 is past the width.
// Resolved: zero. Literal (element-first): its first byte is inside, the whole element is
// read (0x80 0x81, byte 1 from the pitch gap). Element 1 starts at byte 2: zero in both.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x1nn flat[0x10000,0x0,0x3,0xf,0x0,0x0]"),
    Want::Reg("VD", 0, some(&[0, 0, 0, 0])),
    Want::Reg("VD", 0, some(&[0x80, 0x81, 0, 0])))]
// d64.1x2x1nn on a 12-byte-wide surface (12 = 4 mod 8): element 0 (bytes 0..7) inside,
// element 1 (bytes 8..15) straddles: zero, or 0x88 .. 0x8f element-first.
#[case(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x2x1nn flat[0x10000,0xb,0x3,0xf,0x0,0x0]"),
    Want::Reg("VD", 8, some(&[0; 8])),
    Want::Reg("VD", 8, some(&[0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f])))]
// d16.1x2x1nn store of 1 2 3 4 on a 1-byte-wide surface: dropped (memory keeps 0x80 0x81),
// or element 0 written whole (1 2, byte 1 into the pitch gap); element 1 dropped in both.
#[case(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x0,0x3,0xf,0x0,0x0] VS:d16.1x2x1nn")
    .var("VS", vec![1, 2, 3, 4]),
    Want::Mem(0x10000, some(&[0x80, 0x81, 0x82, 0x83])),
    Want::Mem(0x10000, some(&[1, 2, 0x82, 0x83])))]
fn block2d_straddle_rows(#[case] c: Case, #[case] resolved: Want, #[case] literal: Want) {
    check(surface_2d(c.clone()), resolved);
    check(surface_2d(c).literal(errata::BLOCK2D_STRADDLE), literal);
}

//! GATHER4_TYPED (instructions/GATHER4_TYPED.md): hand-derived rows, each with its
//! derivation. The surface at binding-table index 3 is typed, with a format; pixels lie as
//! TYPED-SURFACE-LAYOUT says, channels convert as docs/memory.md's "Surface formats" says
//! (UNORM `c` reads `c / (2^n - 1)` rounded to nearest even in F; FLOAT16 widens exactly).

use super::typed::{dwords, surface3, surface3_bytes, typed_row};
use super::*;
use visa_model::state::SurfaceFormat as F;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "gather4_typed", file: "catalog/dataport/gather4_typed.jsonl", rows: add };

const U: Option<u8> = None;

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let xe = Platform::XeLp;
    let d = "R32G32B32A32_FLOAT, 2x2 pixels, pitch 32, RGBA, SIMD8, U 0,1,0,1,0,1,0,1, V 0,0,1,1,1,1,0,0: lane i's pixel starts at V*32 + U*16 = 0, 16, 32, 48, 32, 48, 0, 16; channel c (ch_pos c, ch_start 8c) is the dword 4c further, read as stored (FLOAT 32): dst[8c+i] = ramp bytes pixel+4c..+4.";
    let px = [0u8, 16, 32, 48, 32, 48, 0, 16];
    let want: Vec<u8> = (0..4u8).flat_map(|c| px.iter().flat_map(move |p| ramp(p + 4 * c, 4))).collect();
    rows.add("rows", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 VV.0 %null.0 %null.0 VF.0", &[0, 1, 0, 1, 0, 1, 0, 1], &[0, 0, 1, 1, 1, 1, 0, 0], &[]).mem("flat", 0x1000, ramp(0, 64)), F::R32G32B32A32Float, 0x1000, (2, 2, 1), 32)
        .expect_reg("VF", 0, some(&want)).derived(d));
    let d = "R8G8B8A8_UNORM, 1D, 2 pixels: bytes 00 80 ff 01 | 40 00 00 ff. UNORM8 c reads c/255 rounded to F (ties to even): 0x00 -> 0, 0x80 -> 128/255 = 0x3F008081, 0xff -> 1.0 = 0x3F800000, 0x01 -> 1/255 = 0x3B808081, 0x40 -> 64/255 = 0x3E808081. U alternates 0, 1: R is 0, 0x3E808081; G 0x3F008081, 0; B 0x3F800000, 0; A 0x3B808081, 0x3F800000.";
    let lanes = |a: u32, b: u32| [a, b, a, b, a, b, a, b];
    let want = dwords(&[lanes(0, 0x3E80_8081), lanes(0x3F00_8081, 0), lanes(0x3F80_0000, 0), lanes(0x3B80_8081, 0x3F80_0000)].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0, 1, 0, 1, 0, 1, 0, 1], &[], &[]).mem("flat", 0x1000, vec![0x00, 0x80, 0xff, 0x01, 0x40, 0x00, 0x00, 0xff]), F::R8G8B8A8Unorm, 0x1000, (2, 1, 1), 8)
        .expect_reg("VF", 0, some(&want)).derived(d));
    let d = "R32_UINT has only R: RGBA of pixel 0 (0x12345678) reads R = 0x12345678, G = B = 0 and A = the integer 1 (a channel the format lacks: 0 for R, G, B, 1 for A in a UD register).";
    let want = dwords(&[[0x1234_5678u32; 8], [0; 8], [0; 8], [1; 8]].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0x78, 0x56, 0x34, 0x12]), F::R32Uint, 0x1000, (1, 1, 1), 4)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "R32_FLOAT, GA: G is a missing channel, 0 (ch_pos 0, dst[0..8]); A is missing, 1.0 = 0x3F800000 in an F register (ch_pos 1, dst[8..16]).";
    let want = dwords(&[[0u32; 8], [0x3F80_0000; 8]].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.GA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0x00, 0x00, 0x80, 0x3f]), F::R32Float, 0x1000, (1, 1, 1), 4)
        .expect_reg("VF", 0, some(&want)).derived(d));
    let d = "R16G16B16A16_FLOAT: halves 0x3C00, 0x7C00, 0x0001, 0xC000 widen exactly to F: 1.0 = 0x3F800000, +inf = 0x7F800000, the denormal 2^-24 = 0x33800000, -2.0 = 0xC0000000.";
    let want = dwords(&[[0x3F80_0000u32; 8], [0x7F80_0000; 8], [0x3380_0000; 8], [0xC000_0000; 8]].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0x00, 0x3c, 0x00, 0x7c, 0x01, 0x00, 0x00, 0xc0]), F::R16G16B16A16Float, 0x1000, (1, 1, 1), 8)
        .expect_reg("VF", 0, some(&want)).derived(d));
    let d = "R8G8B8A8_UINT: bytes ff 01 80 00 zero-extend into UD: 255, 1, 128, 0.";
    let want = dwords(&[[255u32; 8], [1; 8], [128; 8], [0; 8]].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0xff, 0x01, 0x80, 0x00]), F::R8G8B8A8Uint, 0x1000, (1, 1, 1), 4)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "R32G32_SINT reads as stored: 0xFFFFFFFF (-1) and 0x80000000 sign-extend to themselves; B = 0, A = 1 (missing).";
    let want = dwords(&[[0xFFFF_FFFFu32; 8], [0x8000_0000; 8], [0; 8], [1; 8]].concat());
    rows.add("formats", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VS.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x80]), F::R32G32Sint, 0x1000, (1, 1, 1), 8)
        .expect_reg("VS", 0, some(&want)).derived(d));
    let d = "Out-of-bound Access: R32G32B32A32_UINT 2x1, U 0, 2, 1, 0xFFFFFFFF, 0, 0, 0, 0: U 2 and 0xFFFFFFFF pass the width (2 pixels): their R, G, B read 0 and A reads 1 (TYPED-OOB-ALPHA, resolved: the integer 1 of a UINT format); the others read pixel U's dwords (ramp from 16*U + 4c).";
    let lane = |u: Option<u8>, c: u8| -> Vec<u8> { match u { Some(u) => ramp(16 * u + 4 * c, 4), None => dwords(&[u32::from(c == 3)]) } };
    let us = [Some(0u8), None, Some(1), None, Some(0), Some(0), Some(0), Some(0)];
    let want: Vec<u8> = (0..4u8).flat_map(|c| us.iter().flat_map(move |u| lane(*u, c))).collect();
    rows.add("bounds", surface3(typed_row(xe, "gather4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0, 2, 1, u32::MAX, 0, 0, 0, 0], &[], &[]).mem("flat", 0x1000, ramp(0, 32)), F::R32G32B32A32Uint, 0x1000, (2, 1, 1), 32)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "TYPED-OOB-ALPHA, resolved: R8G8B8A8_UNORM, 1 pixel, every U is 1 (out of bounds): B reads 0, A reads one in the format's register type, 1.0 = 0x3F800000.";
    rows.add("bounds", surface3(typed_row(xe, "gather4_typed.BA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[1; 8], &[], &[]).mem("flat", 0x1000, vec![0x11; 4]), F::R8G8B8A8Unorm, 0x1000, (1, 1, 1), 4)
        .expect_reg("VF", 0, some(&dwords(&[[0u32; 8], [0x3F80_0000; 8]].concat()))).derived(d));
    let d = "TYPED-OOB-ALPHA, literal: the same out-of-bounds pixels read the integer 1 (0x00000001) in alpha, whatever the format.";
    rows.add("bounds", surface3(typed_row(xe, "gather4_typed.BA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[1; 8], &[], &[]).mem("flat", 0x1000, vec![0x11; 4]), F::R8G8B8A8Unorm, 0x1000, (1, 1, 1), 4).literal(errata::TYPED_OOB_ALPHA)
        .expect_reg("VF", 0, some(&dwords(&[[0u32; 8], [1; 8]].concat()))).derived(d));
    let d = "R32G32_FLOAT with a width of 12 bytes (one and a half pixels): pixel 1 needs (1+1)*8 = 16 bytes > 12, out of bounds (R, G read 0); pixel 0 reads ramp 0..4 and 4..8.";
    let want = dwords(&[[0x0302_0100u32, 0, 0x0302_0100, 0, 0x0302_0100, 0, 0x0302_0100, 0], [0x0706_0504, 0, 0x0706_0504, 0, 0x0706_0504, 0, 0x0706_0504, 0]].concat());
    rows.add("bounds", surface3_bytes(typed_row(xe, "gather4_typed.RG (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0, 1, 0, 1, 0, 1, 0, 1], &[], &[]).mem("flat", 0x1000, ramp(0, 16)), F::R32G32Float, 0x1000, 12, 16)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "3D, R32_UINT, 2x2x2, pitch 8: pixel (U, V, R) at R*8*2 + V*8 + U*4; U 1,0,1,0,.. V 1,1,0,0,.. R 1,1,1,1,0,0,0,0 give 28, 24, 20, 16, 12, 8, 4, 0: R reads the ramp dword there.";
    let want: Vec<u8> = [28u8, 24, 20, 16, 12, 8, 4, 0].iter().flat_map(|a| ramp(*a, 4)).collect();
    rows.add("rows", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 VV.0 VR.0 %null.0 VI.0", &[1, 0, 1, 0, 1, 0, 1, 0], &[1, 1, 0, 0, 1, 1, 0, 0], &[1, 1, 1, 1, 0, 0, 0, 0]).mem("flat", 0x1000, ramp(0, 32)), F::R32Uint, 0x1000, (2, 2, 2), 8)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "3D, R past the depth: R = 2 on a 2-slice surface is out of bounds; R reads 0 (R is not alpha). Lanes with R = 1 read pixel (0, 0, 1) at 16.";
    let want = dwords(&[0x1312_1110u32, 0, 0x1312_1110, 0, 0x1312_1110, 0, 0x1312_1110, 0]);
    rows.add("bounds", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 VR.0 %null.0 VI.0", &[0; 8], &[], &[1, 2, 1, 2, 1, 2, 1, 2]).mem("flat", 0x1000, ramp(0, 32)), F::R32Uint, 0x1000, (2, 2, 2), 8)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "LOD 1: the model holds one level (TYPED-SURFACE-LAYOUT): lanes with LOD 1 are out of bounds and read 0; LOD 0 reads pixel 0, 0x12345678.";
    let want = dwords(&[0x1234_5678u32, 0, 0x1234_5678, 0, 0x1234_5678, 0, 0x1234_5678, 0]);
    rows.add("bounds", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 VL.0 VI.0", &[0; 8], &[], &[]).var_prefix("VL", dwords(&[0, 1, 0, 1, 0, 1, 0, 1])).mem("flat", 0x1000, vec![0x78, 0x56, 0x34, 0x12]), F::R32Uint, 0x1000, (1, 1, 1), 4)
        .expect_reg("VI", 0, some(&want)).derived(d));
    let d = "Predicate 0b101: ChEn is lanes 0 and 2; they read pixels 0 and 1 (0x11111111, 0x22222222) of an R32_UINT 1D surface, the other lanes keep VI's 0xee.";
    let ee = [0xeeu8; 4];
    rows.add("rows", surface3(typed_row(xe, "(P1) gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0, 1, 1, 1, 1, 1, 1, 1], &[], &[]).var_prefix("VI", vec![0xee; 32]).pred("P1", 0b101).mem("flat", 0x1000, vec![0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22]), F::R32Uint, 0x1000, (2, 1, 1), 8)
        .expect_reg("VI", 0, some(&[vec![0x11; 4], ee.to_vec(), vec![0x22; 4], ee.repeat(5)].concat())).derived(d));
    let d = "xe-hpc, SIMD8, RG on R32G32_UINT: GRF_SIZE/4 = 16, so G's ch_start is 1 * max(8, 16) = 16: R fills dst[0..8] (ramp 0..4), G dst[16..24] (ramp 4..8); dst[8..16] and dst[24..32], the rest of each channel's register, are undefined.";
    rows.add("rows", surface3(typed_row(Platform::XeHpc, "gather4_typed.RG (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, ramp(0, 8)), F::R32G32Uint, 0x1000, (1, 1, 1), 8)
        .expect_reg("VI", 0, [some(&ramp(0, 4).repeat(8)), vec![U; 32], some(&ramp(4, 4).repeat(8)), vec![U; 32]].concat()).derived(d));
    let d = "xe-hpc, SIMD16 as IGC writes it for pvc (TYPED-EXEC-SIZE, resolved), RGBA on R32G32B32A32_FLOAT, every U 0: channel c fills dst[16c..16c+16] with pixel 0's dword c (ramp 4c..4c+4).";
    let want: Vec<u8> = (0..4u8).flat_map(|c| ramp(4 * c, 4).repeat(16)).collect();
    rows.add("rows", surface3(typed_row(Platform::XeHpc, "gather4_typed.RGBA (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 16], &[], &[]).mem("flat", 0x1000, ramp(0, 16)), F::R32G32B32A32Float, 0x1000, (1, 1, 1), 16)
        .expect_reg("VF", 0, some(&want)).derived(d));
    let d = "TYPED-CONVERSION-TYPES, resolved: a UD destination on an R8G8B8A8_UNORM surface takes the F bits the format converts to: 0xff reads 1.0 = 0x3F800000.";
    rows.add("types", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0xff; 4]), F::R8G8B8A8Unorm, 0x1000, (1, 1, 1), 4)
        .expect_reg("VI", 0, some(&dwords(&[0x3F80_0000; 8]))).derived(d));
    let d = "TYPED-CONVERSION-TYPES, literal: UD with an UNORM format is no row of the conversion table (F with UNORM): undefined behaviour.";
    rows.add("types", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0xff; 4]), F::R8G8B8A8Unorm, 0x1000, (1, 1, 1), 4).literal(errata::TYPED_CONVERSION_TYPES)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "TYPED-COORDINATE-TYPES, resolved: U in a D variable (IGC's `type=d`) is read as UD: U 0 reads pixel 0.";
    rows.add("types", surface3(typed_row(xe, "gather4_typed.R (M1, 8) T6 VC.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).mem("flat", 0x1000, vec![0x78, 0x56, 0x34, 0x12]), F::R32Uint, 0x1000, (1, 1, 1), 4)
        .expect_reg("VI", 0, some(&dwords(&[0x1234_5678; 8]))).derived(d));
    let d = "TYPED-COORDINATE-TYPES, literal: U \"Restriction: type UD\": a D variable is invalid.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T6 VC.0 %null.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).literal(errata::TYPED_COORDINATE_TYPES).expect_invalid("u").derived(d));
    let d = "Exec_size bits 2..0: 0b011, 8 elements: SIMD16 on xe-lp (32-byte registers) is invalid (TYPED-EXEC-SIZE).";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("exec_size").derived(d));
    let d = "TYPED-EXEC-SIZE, literal: 8 elements only, SIMD16 is invalid on xe-hpc too.";
    rows.add("validation", typed_row(Platform::XeHpc, "gather4_typed.R (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).literal(errata::TYPED_EXEC_SIZE).expect_invalid("exec_size").derived(d));
    let d = "Exec_size: SIMD4 is no value of the field.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 4) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("exec_size").derived(d));
    let d = "Surface: T0 (SLM): no.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) %slm VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("surface").derived(d));
    let d = "Surface: T5 (stateless): no.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T5 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("surface").derived(d));
    let d = "Channels: R, G, B, A at most once, in order: `.GR` is invalid.";
    rows.add("validation", typed_row(xe, "gather4_typed.GR (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("channels").derived(d));
    let d = "U: type UD; a UW variable is invalid.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T6 VW.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("u").derived(d));
    let d = "U is not V0: `%null` is invalid for U.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T6 %null.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("u").derived(d));
    let d = "Dst: one of UD, D, F; a UW variable is invalid.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VW.0", &[0; 8], &[], &[]).expect_invalid("dst").derived(d));
    let d = "RG at SIMD8 returns 2 registers (64 bytes): VT has 32.";
    rows.add("validation", typed_row(xe, "gather4_typed.RG (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VT.0", &[0; 8], &[], &[]).expect_invalid("dst").derived(d));
    let d = "Six operands (surface, u, v, r, lod, dst): five are invalid.";
    rows.add("validation", typed_row(xe, "gather4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("operands").derived(d));
}

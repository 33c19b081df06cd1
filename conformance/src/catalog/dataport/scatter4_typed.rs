//! SCATTER4_TYPED (instructions/SCATTER4_TYPED.md): hand-derived rows, each with its
//! derivation. The surface at binding-table index 3 is typed, with a format; pixels lie as
//! TYPED-SURFACE-LAYOUT says. Write conversions (the document's Notes table; docs/memory.md,
//! "Surface formats"): F to UNORM is OpenCL's `convert_<T>_sat_rte(f * (2^n - 1))` (the
//! product rounded to F, then to the nearest integer, ties to even, clamped, NaN to 0); F to
//! FLOAT16 rounds to nearest even; UD to a narrower UINT saturates.

use super::typed::{dwords, surface3, typed_row};
use super::*;
use visa_model::state::SurfaceFormat as F;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "scatter4_typed", file: "catalog/dataport/scatter4_typed.jsonl", rows: add };

const LANES: [u32; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let xe = Platform::XeLp;
    let d = "R8G8B8A8_UNORM, RGBA, lane i to pixel U = i. R: 0.5*255 = 127.5, ties to even: 128 (0x80); 1.0: 255; -1.0: -255 clamps to 0; NaN: 0; 2.0: 510 clamps to 255; 0.25: 63.75 -> 64; 1/255 (0x3B808081) * 255 rounds to 1.0 in F -> 1; 0.75: 191.25 -> 191. G 0.0 -> 0, B 1.0 -> 255, A 0.5 -> 128.";
    let r = [0x3F00_0000u32, 0x3F80_0000, 0xBF80_0000, 0x7FC0_0000, 0x4000_0000, 0x3E80_0000, 0x3B80_8081, 0x3F40_0000];
    let src = dwords(&[r.to_vec(), vec![0; 8], vec![0x3F80_0000; 8], vec![0x3F00_0000; 8]].concat());
    let want: Vec<u8> = [128u8, 255, 0, 0, 255, 64, 1, 191].iter().flat_map(|r| [*r, 0, 255, 128]).collect();
    rows.add("formats", surface3(typed_row(xe, "scatter4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &LANES, &[], &[]).var_prefix("VF", src).mem("flat", 0x1000, vec![0xee; 32]), F::R8G8B8A8Unorm, 0x1000, (8, 1, 1), 32)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "R16G16B16A16_FLOAT, R only, lane i to pixel i (8 bytes each): 1.0 -> 0x3C00; 65520.0 lies halfway between 65504 and 65536 (past the largest half), ties to even: +inf 0x7C00; 65504.0 -> 0x7BFF; 2^-25 is half the smallest denormal, ties to even: 0x0000; 3*2^-25 = 1.5 denormal ulps -> 2: 0x0002; -0.0 -> 0x8000; +inf -> 0x7C00; the quiet NaN 0x7FC00000 -> 0x7E00 (its payload's high bits). G, B, A are not enabled: their bytes keep 0xee.";
    let r = [0x3F80_0000u32, 0x477F_F000, 0x477F_E000, 0x3300_0000, 0x33C0_0000, 0x8000_0000, 0x7F80_0000, 0x7FC0_0000];
    let halves = [0x3C00u16, 0x7C00, 0x7BFF, 0x0000, 0x0002, 0x8000, 0x7C00, 0x7E00];
    let want: Vec<u8> = halves.iter().flat_map(|h| [h.to_le_bytes().to_vec(), vec![0xee; 6]].concat()).collect();
    rows.add("formats", surface3(typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &LANES, &[], &[]).var_prefix("VF", dwords(&r)).mem("flat", 0x1000, vec![0xee; 64]), F::R16G16B16A16Float, 0x1000, (8, 1, 1), 64)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "R8G8B8A8_UINT, R only: UD to an 8-bit UINT channel saturates (convert_uchar_sat): 300 -> 255, 7, 255, 256 -> 255, 0xFFFFFFFF -> 255, 0, 1, 128; G, B, A keep 0xee.";
    let want: Vec<u8> = [255u8, 7, 255, 255, 255, 0, 1, 128].iter().flat_map(|r| [*r, 0xee, 0xee, 0xee]).collect();
    rows.add("formats", surface3(typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &LANES, &[], &[]).var_prefix("VI", dwords(&[300, 7, 255, 256, u32::MAX, 0, 1, 128])).mem("flat", 0x1000, vec![0xee; 32]), F::R8G8B8A8Uint, 0x1000, (8, 1, 1), 32)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "R32_FLOAT, RGBA: the format stores R only; R (ch_pos 0) stores src dword i at pixel i (4 bytes, the bits as they are); G, B and A are channels the format lacks and are not written: the 8 bytes past the surface keep 0xee.";
    let src: Vec<u32> = (0..32).map(|k| 0x4000_0000 + k).collect();
    let want = [dwords(&src[..8]), vec![0xee; 8]].concat();
    rows.add("formats", surface3(typed_row(xe, "scatter4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &LANES, &[], &[]).var_prefix("VF", dwords(&src)).mem("flat", 0x1000, vec![0xee; 40]), F::R32Float, 0x1000, (8, 1, 1), 32)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "Out-of-bound Access (dropped): R32_UINT, 4 pixels; U 0, 4, 1, 0xFFFFFFFF, 2, 5, 3, 100: lanes 1, 3, 5 and 7 pass the width and are dropped; pixels 0..3 take lanes 0, 2, 4, 6 (0xa0a0a0a0, 0xa2.., 0xa4.., 0xa6..); the 8 bytes past the surface keep 0xee.";
    let src: Vec<u32> = (0..8u32).map(|i| 0x0101_0101 * (0xa0 + i)).collect();
    let want = [dwords(&[src[0], src[2], src[4], src[6]]), vec![0xee; 8]].concat();
    rows.add("bounds", surface3(typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0, 4, 1, u32::MAX, 2, 5, 3, 100], &[], &[]).var_prefix("VI", dwords(&src)).mem("flat", 0x1000, vec![0xee; 24]), F::R32Uint, 0x1000, (4, 1, 1), 16)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "2D, R32_UINT, 2x2 pixels in rows of pitch 12 (one pixel of padding), predicate 0xf: lanes 0..3 at (U, V) = (0,0), (1,0), (0,1), (1,1) write at V*12 + U*4 = 0, 4, 12, 16; the padding bytes 8..12 and 20..24 keep 0xee.";
    let want = [dwords(&[0x11, 0x22]), vec![0xee; 4], dwords(&[0x33, 0x44]), vec![0xee; 4]].concat();
    rows.add("rows", surface3(typed_row(xe, "(P1) scatter4_typed.R (M1, 8) T6 VU.0 VV.0 %null.0 %null.0 VI.0", &[0, 1, 0, 1], &[0, 0, 1, 1], &[]).var_prefix("VI", dwords(&[0x11, 0x22, 0x33, 0x44])).pred("P1", 0xf).mem("flat", 0x1000, vec![0xee; 24]), F::R32Uint, 0x1000, (2, 2, 1), 12)
        .expect_mem("flat", 0x1000, some(&want)).derived(d));
    let d = "Notes: two channels writing one address is undefined. Lanes 0 and 1 write 1 and 2 to pixel 0: its bytes differ (01 vs 02 in byte 0) and are undefined, the equal zero bytes stay defined; lanes 2 and 3 both write 5 to pixel 1: defined.";
    rows.add("rows", surface3(typed_row(xe, "(P1) scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &[0, 0, 1, 1], &[], &[]).var_prefix("VI", dwords(&[1, 2, 5, 5])).pred("P1", 0xf).mem("flat", 0x1000, vec![0xee; 8]), F::R32Uint, 0x1000, (2, 1, 1), 8)
        .expect_mem("flat", 0x1000, vec![None, Some(0), Some(0), Some(0), Some(5), Some(0), Some(0), Some(0)]).derived(d));
    let d = "xe-hpc, SIMD16 as IGC writes it for pvc (TYPED-EXEC-SIZE, resolved), RGBA on R32G32B32A32_FLOAT, lane i to pixel i: ch_start = c * max(16, 64/4) = 16c, so pixel i's dword c is src dword 16c + i (stored as its bits).";
    let src: Vec<u32> = (0..64).collect();
    let want: Vec<u32> = (0..16).flat_map(|i| (0..4).map(move |c| 16 * c + i)).collect();
    rows.add("rows", surface3(typed_row(Platform::XeHpc, "scatter4_typed.RGBA (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &(0..16).collect::<Vec<u32>>(), &[], &[]).var_prefix("VF", dwords(&src)).mem("flat", 0x1000, vec![0xee; 256]), F::R32G32B32A32Float, 0x1000, (16, 1, 1), 256)
        .expect_mem("flat", 0x1000, some(&dwords(&want))).derived(d));
    let d = "TYPED-CONVERSION-TYPES, resolved: a UD source on R8G8B8A8_UNORM is read as F: 0x3F000000 is 0.5 -> 128; lane i to pixel i, R only.";
    rows.add("types", surface3(typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &LANES, &[], &[]).var_prefix("VI", dwords(&[0x3F00_0000; 8])).mem("flat", 0x1000, vec![0xee; 32]), F::R8G8B8A8Unorm, 0x1000, (8, 1, 1), 32)
        .expect_mem("flat", 0x1000, some(&[0x80, 0xee, 0xee, 0xee].repeat(8))).derived(d));
    let d = "TYPED-CONVERSION-TYPES, literal: UD with UNORM is no row of the table (F with UNORM): undefined behaviour.";
    rows.add("types", surface3(typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VI.0", &LANES, &[], &[]).var_prefix("VI", dwords(&[0x3F00_0000; 8])).mem("flat", 0x1000, vec![0xee; 32]), F::R8G8B8A8Unorm, 0x1000, (8, 1, 1), 32).literal(errata::TYPED_CONVERSION_TYPES)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "Exec_size: 8 elements; SIMD16 on xe-lp is invalid (TYPED-EXEC-SIZE).";
    rows.add("validation", typed_row(xe, "scatter4_typed.R (M1, 16) T6 VU.0 %null.0 %null.0 %null.0 VF.0", &[0; 8], &[], &[]).expect_invalid("exec_size").derived(d));
    let d = "Src: UD, D, F; a UW variable is invalid.";
    rows.add("validation", typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VW.0", &[0; 8], &[], &[]).expect_invalid("src").derived(d));
    let d = "Src is not V0: `%null` is invalid.";
    rows.add("validation", typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 %null.0", &[0; 8], &[], &[]).expect_invalid("src").derived(d));
    let d = "V: type UD; an F variable is invalid.";
    rows.add("validation", typed_row(xe, "scatter4_typed.R (M1, 8) T6 VU.0 VF.0 %null.0 %null.0 VI.0", &[0; 8], &[], &[]).expect_invalid("v").derived(d));
    let d = "RGBA at SIMD8 reads 4 registers (128 bytes) of Src: VT has 32.";
    rows.add("validation", typed_row(xe, "scatter4_typed.RGBA (M1, 8) T6 VU.0 %null.0 %null.0 %null.0 VT.0", &[0; 8], &[], &[]).expect_invalid("src").derived(d));
}

//! 3D_LOAD (instructions/3D_LOAD.md): hand-derived rows, each with its derivation, on the
//! 2x2 R8G8B8A8_UNORM surface of the family's module unless the row says otherwise.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "sampler", instruction: "load_3d", file: "catalog/sampler/load_3d.jsonl", rows: add };

const R: [u32; 4] = [0, 0x3d80_8081, 0x3f80_0000, 0x3b80_8081];
const G: [u32; 4] = [0x3f00_8081, 0x3e00_8081, 0, 0x3c00_8081];
const B: [u32; 4] = [0x3f80_0000, 0x3e40_c0c1, 0, 0x3c40_c0c1];
const A: [u32; 4] = [0x3e80_8081, 0x3e80_8081, 0x3f80_0000, 0x3c80_8081];

/// Lane values of a channel for the lanes of `coords`: texel k (0 (0,0), 1 (1,0), 2 (0,1),
/// 3 (1,1)) or `None` outside (zero).
fn lanes(channel: &[u32; 4], texels: &[Option<usize>]) -> Vec<u32> {
    texels.iter().map(|t| t.map_or(0, |k| channel[k])).collect()
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let u = le32(&[0, 1, 0, 1, 2, 0xffff_ffff, 0, 1]);
    let v = le32(&[0, 0, 1, 1, 0, 0, 2, 0]);
    let t = [Some(0), Some(1), Some(2), Some(3), None, None, None, Some(1)];
    let d = "ld_lz, RGBA, SIMD8, (u, v) = (0,0) (1,0) (0,1) (1,1) (2,0) (-1,0) (0,2) (1,0): lanes 0..3 and 7 read their texel, each byte c as c/255 (the module's table); lanes 4, 5, 6 address no texel (x = 2 and -1 pass the width 2, y = 2 the height): zero in all four channels, R8G8B8A8 storing all four (LOAD-3D-OUT-OF-BOUNDS). Channel k fills VD bytes 32k..32k+32.";
    rows.add("texels", rgba8(row("load_lz.RGBA (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0")).var_prefix("VU", u.clone()).var_prefix("VV", v.clone())
        .expect_reg("VD", 0, dwords(&[lanes(&R, &t), lanes(&G, &t), lanes(&B, &t), lanes(&A, &t)].concat())).derived(d));
    let d = "ld_lz, GA: only G and A return, G in VD bytes 0..32 and A in 32..64 (the disabled channels are skipped in the results); VD bytes 64..128 keep their 0xee.";
    rows.add("texels", rgba8(row("load_lz.GA (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0")).var_prefix("VU", u.clone()).var_prefix("VV", v.clone()).var_prefix("VD", vec![0xee; 128])
        .expect_reg("VD", 0, [dwords(&[lanes(&G, &t), lanes(&A, &t)].concat()), some(&[0xee; 64])].concat()).derived(d));
    let d = "load_3d with LOD [0, 1, 0, 0, 0, 0, 0, 5]: the surface has one level (SAMPLER-SINGLE-LEVEL), so lanes 1 and 7 read zero (LOAD-3D-OUT-OF-BOUNDS); R of the others as in the first row. Parameters u, v, lod, r: r is ignored on a 2D surface.";
    let t_lod = [Some(0), None, Some(2), Some(3), None, None, None, None];
    rows.add("texels", rgba8(row("load_3d.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0 VL.0 VR.0")).var_prefix("VU", u.clone()).var_prefix("VV", v.clone()).var_prefix("VL", le32(&[0, 1, 0, 0, 0, 0, 0, 5])).var_prefix("VR", le32(&[9; 8]))
        .expect_reg("VD", 0, dwords(&lanes(&R, &t_lod))).derived(d));
    let d = "Trailing parameters skipped: `load_lz.R ... VU.0` has no v, which reads as 0: lanes read (u, 0): texels (0,0) (1,0) (0,0) (1,0), then (2,0) and (-1,0) outside, (0,0), (1,0).";
    let t_u = [Some(0), Some(1), Some(0), Some(1), None, None, Some(0), Some(1)];
    rows.add("texels", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 VU.0")).var_prefix("VU", u.clone())
        .expect_reg("VD", 0, dwords(&lanes(&R, &t_u))).derived(d));
    let d = "Aoffimmi 0xf00: the U offset (bits 11..8) is 0xf, -1 as a signed 4-bit value; V and R offsets 0. Lane x = u - 1: (0,0) -> -1 outside, (1,0) -> (0,0), (0,1) outside, (1,1) -> (0,1), (2,0) -> (1,0), (-1,0) -> -2 outside, (0,2) outside, (1,0) -> (0,0).";
    let t_off = [None, Some(0), None, Some(2), Some(1), None, None, Some(0)];
    rows.add("offsets", rgba8(row("load_lz.R (M1, 8) 0xf00:uw T6 VD.0 VU.0 VV.0")).var_prefix("VU", u.clone()).var_prefix("VV", v.clone())
        .expect_reg("VD", 0, dwords(&lanes(&R, &t_off))).derived(d));
    let d = "UW parameters: U 0xffff is -1 (SAMPLER-PARAM-TYPES: U and V signed), outside; lanes 1..7 read (1, 0) (the VW elements 1..7 are 1, V's 8..15 are 0): R = 0x10/255 = 0x3d808081.";
    let uw: Vec<u8> = [0xffffu16, 1, 1, 1, 1, 1, 1, 1].iter().flat_map(|x| x.to_le_bytes()).collect();
    rows.add("types", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 VW.0 VW.16")).var_prefix("VW", uw)
        .expect_reg("VD", 0, dwords(&[0, 0x3d80_8081, 0x3d80_8081, 0x3d80_8081, 0x3d80_8081, 0x3d80_8081, 0x3d80_8081, 0x3d80_8081])).derived(d));
    let d = "Predicate 0b1001 (P1.0 and P1.3): only lanes 0 and 3 are enabled pixels; the others keep VD's 0xee.";
    let e = 0xeeee_eeee;
    rows.add("lanes", rgba8(row("(P1) load_lz.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0")).var_prefix("VU", u.clone()).var_prefix("VV", v.clone()).var_prefix("VD", vec![0xee; 128]).pred("P1", 0b1001)
        .expect_reg("VD", 0, dwords(&[0, e, e, 0x3b80_8081, e, e, e, e])).derived(d));
    let r8 = [0x80u8, 0xff, 0x01, 0x00];
    let d = "R8_UNORM, 2x2 texels 80 ff / 01 00 (pitch 2): R reads c/255, G and B the format's missing 0, A its missing 1.0 (0x3f800000); lane 4 at (2,0) is outside: R zero, G and B 0, A 1.0 (the missing channel reads as always).";
    let rr = [0x3f00_8081, 0x3f80_0000, 0x3b80_8081, 0, 0];
    let a1 = 0x3f80_0000;
    rows.add("formats", surface(row("load_lz.RGBA (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0"), Some(SurfaceFormat::R8Unorm), 1, (2, 2, 0, 2), &r8).var_prefix("VU", le32(&[0, 1, 0, 1, 2])).var_prefix("VV", le32(&[0, 0, 1, 1, 0]))
        .expect_reg("VD", 0, dwords(&[rr.to_vec(), vec![0x3f00_8081, 0x3f00_8081, 0x3f00_8081], vec![0; 8], vec![0; 8], vec![a1; 8]].concat())).derived(d));
    let d = "R32_SINT, 1x1 texel 0xfffffffe (-2), into a D destination: the stored integer, sign-extended (it is 32 bits); G, B 0, A the integer 1 (the missing alpha of an integer format). Lanes 1..7 read (0,0) too.";
    rows.add("formats", surface(row("load_lz.RGBA (M1, 8) 0x0:uw T6 VI.0 VU.0 VV.0"), Some(SurfaceFormat::R32Sint), 4, (1, 1, 0, 4), &le32(&[0xffff_fffe]))
        .expect_reg("VI", 0, dwords(&[vec![0xffff_fffe; 8], vec![0; 16], vec![1; 8]].concat())).derived(d));
    let d = "A 3D surface (depth 2) of R32_UINT, 1x1x2 texels 7 and 9 (pitch 4, slice pitch 4): r = 1 reads slice 1 (9), r = 2 is outside (zero), r = 0 slice 0 (7) (SAMPLER-SURFACE-TYPE).";
    rows.add("surfaces", surface(row("load_3d.R (M1, 8) 0x0:uw T6 VI.0 VU.0 VV.0 VL.0 VR.0"), Some(SurfaceFormat::R32Uint), 4, (1, 1, 2, 4), &le32(&[7, 9])).var_prefix("VR", le32(&[1, 2, 0, 0, 0, 0, 0, 0]))
        .expect_reg("VI", 0, dwords(&[9, 0, 7, 7, 7, 7, 7, 7])).derived(d));
    let d = "A surface with no format: the sampler converts through the format, so reading it is undefined behaviour.";
    rows.add("surfaces", surface(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0"), None, 4, (2, 2, 0, 8), &TEXELS)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "Exec_size: 8, 16 or 32 elements; SIMD4 is invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 4) 0x0:uw T6 VD.0 VU.0 VV.0")).expect_invalid("exec_size").derived(d));
    let d = "Channels: R, G, B, A at most once, in order: `.GR` is invalid.";
    rows.add("validation", rgba8(row("load_lz.GR (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0")).expect_invalid("channels").derived(d));
    let d = "The parameters must have type UD or UW: F coordinates are invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 FU.0 FV.0")).expect_invalid("u").derived(d));
    let d = "The parameters all have the same type: UD then UW is invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VW.0")).expect_invalid("v").derived(d));
    let d = "ld_lz takes u, v, r: a fourth parameter is invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0 VR.0 VL.0")).expect_invalid("operands").derived(d));
    let d = "Aoffimmi bits 15..12 are reserved and must be zero: 0x1000 is invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x1000:uw T6 VD.0 VU.0 VV.0")).expect_invalid("aoffimmi").derived(d));
    let d = "Aoffimmi must have type UW: a UD immediate is invalid.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:ud T6 VD.0 VU.0 VV.0")).expect_invalid("aoffimmi").derived(d));
    let d = "The surface is a surface variable: the pre-defined %slm is no typed surface.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:uw %slm VD.0 VU.0 VV.0")).expect_invalid("surface").derived(d));
    let d = "RGBA at SIMD16 returns 4 channels of 2 registers: 256 bytes, VD has 128.";
    rows.add("validation", rgba8(row("load_lz.RGBA (M1, 16) 0x0:uw T6 VD.0 VW.0 VW.32")).expect_invalid("dst").derived(d));
    let d = "A UW destination (the 16-bit return format) is documented but not modelled: unsupported.";
    rows.add("validation", rgba8(row("load_lz.R (M1, 8) 0x0:uw T6 VW.0 VU.0 VV.0")).expect_error(ErrorClass::Unsupported).field("dst").derived(d));
    let d = "`.pixel_null_mask` is documented but not modelled: unsupported.";
    rows.add("validation", rgba8(row("load_lz.pixel_null_mask.R (M1, 8) 0x0:uw T6 VD.0 VU.0 VV.0")).expect_error(ErrorClass::Unsupported).field("op").derived(d));
}

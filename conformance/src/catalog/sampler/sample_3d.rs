//! 3D_SAMPLE (instructions/3D_SAMPLE.md), `sample_3d`, `sample_l`, `sample_lz` with
//! nearest and linear sampler states: hand-derived rows, each with its derivation, on the 2x2
//! R8G8B8A8_UNORM surface of the family's module unless the row says otherwise. Per axis
//! of 2 texels (SAMPLE-COORDINATES): x = 2u (u unnormalized), i = floor(x), then the
//! address mode. Every coordinate lies a quarter texel or more from a texel boundary.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "sampler", instruction: "sample_3d", file: "catalog/sampler/sample_3d.jsonl", rows: add };

/// Channel values of texels (0,0), (1,0), (0,1), (1,1) (the module's table).
const R: [u32; 4] = [0, 0x3d80_8081, 0x3f80_0000, 0x3b80_8081];
const G: [u32; 4] = [0x3f00_8081, 0x3e00_8081, 0, 0x3c00_8081];
const B: [u32; 4] = [0x3f80_0000, 0x3e40_c0c1, 0, 0x3c40_c0c1];
const A: [u32; 4] = [0x3e80_8081, 0x3e80_8081, 0x3f80_0000, 0x3c80_8081];

fn floats(xs: &[f32]) -> Vec<u8> {
    le32(&xs.iter().map(|&x| f(x)).collect::<Vec<_>>())
}

fn pick(channel: &[u32; 4], texels: &[usize]) -> Vec<u32> {
    texels.iter().map(|&k| channel[k]).collect()
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    use AddressMode::{Clamp, ClampToEdge, MirroredRepeat, Repeat};
    let u = floats(&[0.25, 0.75, 0.25, 0.75, -0.375, 1.625, 0.25, 0.75]);
    let v = floats(&[0.25, 0.25, 0.75, 0.75, 0.25, 0.25, -3.0, 9.0]);
    let t = [0, 1, 2, 3, 0, 1, 0, 3];
    let d = "sample_lz, RGBA, clamp_to_edge, normalized: (x, y) = 2(u, v) = (0.5,0.5) (1.5,0.5) (0.5,1.5) (1.5,1.5) (-0.75,0.5) (3.25,0.5) (0.5,-6) (1.5,18); floor and clamp to [0, 1]: texels (0,0) (1,0) (0,1) (1,1) (0,0) (1,0) (0,0) (1,1); each channel c/255 (the module's table).";
    rows.add("address", sampler(rgba8(row("sample_lz.RGBA (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), ClampToEdge, true, [0; 4]).var_prefix("FU", u.clone()).var_prefix("FV", v.clone())
        .expect_reg("VD", 0, dwords(&[pick(&R, &t), pick(&G, &t), pick(&B, &t), pick(&A, &t)].concat())).derived(d));
    let d = "sample_3d (`sample`), R, the same coordinates and sampler as the first row: the same R channel (one level, no LOD parameter).";
    rows.add("address", sampler(rgba8(row("sample_3d.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), ClampToEdge, true, [0; 4]).var_prefix("FU", u.clone()).var_prefix("FV", v.clone())
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let d = "sample_l, R, LOD 3.0 in every lane (parameters lod, u, v): the surface has one level and the LOD is clamped to it (SAMPLER-SINGLE-LEVEL): the first row's R channel.";
    rows.add("address", sampler(rgba8(row("sample_l.R (M1, 8) 0x0:uw S0 T6 VD.0 FR.0 FU.0 FV.0")), ClampToEdge, true, [0; 4]).var_prefix("FR", floats(&[3.0; 8])).var_prefix("FU", u.clone()).var_prefix("FV", v.clone())
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let v0 = floats(&[0.25; 8]);
    let d = "repeat: x = 2u = 2.5, -0.5, 5.5, -2.5, 0.5, 1.5, 200.5, -201.5; floor 2, -1, 5, -3, 0, 1, 200, -202; modulo 2: 0, 1, 1, 1, 0, 1, 0, 0 (OpenCL's (u - floor u)*2 gives the same); y = 0.5: row 0. R of (0,0) is 0, of (1,0) 0x10/255.";
    let t = [0, 1, 1, 1, 0, 1, 0, 0];
    rows.add("address", sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), Repeat, true, [0; 4]).var_prefix("FU", floats(&[1.25, -0.25, 2.75, -1.25, 0.25, 0.75, 100.25, -100.75])).var_prefix("FV", v0.clone())
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let d = "mirrored_repeat: x = 2.5, -0.5, 3.5, 4.5, 6.5, -2.5, 0.5, 1.5; floor 2, -1, 3, 4, 6, -3, 0, 1; k = floor modulo 4: 2, 3, 3, 0, 2, 1, 0, 1; k < 2 reads k, else 3 - k: 1, 0, 0, 0, 1, 1, 0, 1 (OpenCL's 2*rint(u/2) fold agrees: 1.25 -> |1.25 - 2| = 0.75 -> texel 1).";
    let t = [1, 0, 0, 0, 1, 1, 0, 1];
    rows.add("address", sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), MirroredRepeat, true, [0; 4]).var_prefix("FU", floats(&[1.25, -0.25, 1.75, 2.25, 3.25, -1.25, 0.25, 0.75])).var_prefix("FV", v0.clone())
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let d = "clamp with border (1.0, 0, 0, 0.5), RA: lanes 2..5 have an axis outside [0, 2) (x = -0.5, 2.5; y = -0.5, 2.5): the border colour's R 1.0 and A 0.5 (SAMPLE-BORDER-COLOR; R8G8B8A8 stores all four); lanes 0, 1 read (0,0), (1,0), lanes 6, 7 (1,1). R in VD 0..32, A in 32..64.";
    let one = 0x3f80_0000;
    let half = 0x3f00_0000;
    rows.add("border", sampler(rgba8(row("sample_lz.RA (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), Clamp, true, [one, 0, 0, half]).var_prefix("FU", floats(&[0.25, 0.75, -0.25, 1.25, 0.25, 0.25, 0.75, 0.75])).var_prefix("FV", floats(&[0.25, 0.25, 0.25, 0.25, -0.25, 1.25, 0.75, 0.75]))
        .expect_reg("VD", 0, dwords(&[vec![R[0], R[1], one, one, one, one, R[3], R[3]], vec![A[0], A[1], half, half, half, half, A[3], A[3]]].concat())).derived(d));
    let d = "clamp, border (0, 0, 0, 0), a 1x1 R8_UNORM surface holding 0x80: lane 1 at x = 1.5 is outside: R the border's 0, G and B 0, A 1.0 — OpenCL's (0, 0, 0, 1) for a format without alpha, the missing channels reading as always; the other lanes (u, v zero but lane 0's 0.5) read 0x80/255 = 0x3f008081, 0, 0, 1.0.";
    let r = 0x3f00_8081;
    rows.add("border", sampler(surface(row("sample_lz.RGBA (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0"), Some(SurfaceFormat::R8Unorm), 1, (1, 1, 0, 1), &[0x80]), Clamp, true, [0; 4]).var_prefix("FU", floats(&[0.5, 1.5])).var_prefix("FV", floats(&[0.5]))
        .expect_reg("VD", 0, dwords(&[vec![r, 0, r, r, r, r, r, r], vec![0; 16], vec![one; 8]].concat())).derived(d));
    let d = "unnormalized coordinates, clamp_to_edge: x = u = 0.5, 1.5, 2.5, -0.5, 1.25, 0.75, 0.25, 1.75; floor 0, 1, 2, -1, 1, 0, 0, 1; clamped to [0, 1]: 0, 1, 1, 0, 1, 0, 0, 1; y = 0.5: row 0.";
    let t = [0, 1, 1, 0, 1, 0, 0, 1];
    rows.add("address", sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), ClampToEdge, false, [0; 4]).var_prefix("FU", floats(&[0.5, 1.5, 2.5, -0.5, 1.25, 0.75, 0.25, 1.75])).var_prefix("FV", floats(&[0.5; 8]))
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let d = "none: lane 1 at x = 2.5 is outside [0, 2), which none promises never happens: its R is undefined (`??`); the others read (0,0), (1,0), (0,0)...";
    let mut want = dwords(&pick(&R, &[0, 0, 1, 0, 0, 0, 0, 0]));
    for b in &mut want[4..8] {
        *b = None;
    }
    rows.add("address", sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), AddressMode::None, true, [0; 4]).var_prefix("FU", floats(&[0.25, 1.25, 0.75, 0.25, 0.25, 0.25, 0.25, 0.25])).var_prefix("FV", v0.clone())
        .expect_reg("VD", 0, want).derived(d));
    let d = "Aoffimmi 0x100: U offset +1 texel after the floor: x = 0.5, 1.5, -0.5 give 0+1, 1+1, -1+1 = 1, 2, 0; clamp_to_edge: 1, 1, 0; lanes 3..7 (u 0) 0+1 = 1.";
    let t = [1, 1, 0, 1, 1, 1, 1, 1];
    rows.add("offsets", sampler(rgba8(row("sample_lz.R (M1, 8) 0x100:uw S0 T6 VD.0 FU.0 FV.0")), ClampToEdge, true, [0; 4]).var_prefix("FU", floats(&[0.25, 0.75, -0.25])).var_prefix("FV", v0.clone())
        .expect_reg("VD", 0, dwords(&pick(&R, &t))).derived(d));
    let d = "HF coordinates ({ICLLP+}: F or HF): u = 0.25 (0x3400) and 0.75 (0x3a00) in turn, v = 0.25 (HU elements 8..15): texels (0,0), (1,0) alternately.";
    let hf: Vec<u8> = [[0x3400u16, 0x3a00].repeat(4), vec![0x3400; 8]].concat().iter().flat_map(|x| x.to_le_bytes()).collect();
    rows.add("types", sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 HU.0 HU.16")), ClampToEdge, true, [0; 4]).var_prefix("HU", hf)
        .expect_reg("VD", 0, dwords(&pick(&R, &[0, 1, 0, 1, 0, 1, 0, 1]))).derived(d));
    let d = "IGC's SIMD16 image read (conformance/tests/dumps/igc/xe-lp/image.visaasm), unnormalized clamp_to_edge: u = 0.5, 1.5 alternately, v = 0.5: texels (0,0), (1,0) alternately; on xe-lp a channel's 16 dwords take two registers, R in V0067 bytes 0..64, G 64..128, B 128..192, A 192..256.";
    let igc = format!(".decl V0063 v_type=G type=f num_elts=16 align=hword\n.decl V0065 v_type=G type=f num_elts=16 align=hword\n.decl V0067 v_type=G type=f num_elts=64 align=hword\n{DECLS}sample_lz.RGBA (M1, 16) 0x0:uw S0 T6 V0067.0 V0063.0 V0065.0\n");
    let alt = [0, 1].repeat(8);
    rows.add("igc", sampler(rgba8(Row::new(Platform::XeLp, igc)), ClampToEdge, false, [0; 4]).var_prefix("V0063", floats(&[0.5, 1.5].repeat(8))).var_prefix("V0065", floats(&[0.5; 16]))
        .expect_reg("V0067", 0, dwords(&[pick(&R, &alt), pick(&G, &alt), pick(&B, &alt), pick(&A, &alt)].concat())).derived(d));
    let d = "linear, clamp_to_edge, normalized, R (SAMPLE-LINEAR-FILTER, OpenCL C 3.0 8.2): per axis t = 2u - 1/2, i0 = floor(t), a = t - i0, i0 and i0+1 clamped to [0, 1]; R of (0,0) 0, (1,0) 16/255 = 0x3d808081, (0,1) 1.0, (1,1) 1/255 = 0x3b808081. Lanes (u, v): (0.25, 0.25) t = (0, 0): (0,0) alone = 0; (0.5, 0.25) a = 0.5: half of (1,0) = 0x3d008081; (0.25, 0.5) b = 0.5: half of (0,1) = 0.5; (0.5, 0.5): a quarter of 1 + 16/255 + 1/255 in F, 1/4 + 143165585 * 2^-33, F's ulp there 2^-25: 559240.57 ulps rounds to 559241, 0x3e888889; (1.0, 0.25) t = 1.5: (1,0) and (2,0) clamped to (1,0): 0x3d808081; (0.375, 0.25) a = 0.25: a quarter of (1,0) = 0x3c808081; (0.25, 0.625) b = 0.75: 0.75 of (0,1) = 0x3f400000; (0, 0.25) t = -0.5: (-1,0) and (0,0) clamped to (0,0): 0.";
    let mut linear = sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), ClampToEdge, true, [0; 4]);
    linear.init.samplers[0].filter = Filter::Linear;
    rows.add("linear", linear.var_prefix("FU", floats(&[0.25, 0.5, 0.25, 0.5, 1.0, 0.375, 0.25, 0.0])).var_prefix("FV", floats(&[0.25, 0.25, 0.5, 0.5, 0.25, 0.25, 0.625, 0.25]))
        .expect_reg("VD", 0, dwords(&[0, 0x3d00_8081, 0x3f00_0000, 0x3e88_8889, 0x3d80_8081, 0x3c80_8081, 0x3f40_0000, 0])).tag(visa_model::errata::SAMPLE_LINEAR_FILTER).derived(d));
    let d = "linear, clamp with border (1.0, 0, 0, 0.5), R: (u, v) = (0, 0.25): t_x = -0.5, texels (-1,0) the border and (0,0), a = 0.5: 0.5 * 1.0 + 0.5 * 0 = 0.5; (1.0, 0.25): (1,0) and (2,0) the border: 0.5 + 8421505 * 2^-28, F's ulp there 2^-24: 526344.06 ulps rounds to 526344, 0x3f080808; (0.25, 0): t_y = -0.5, the border and (0,0): 0.5; the other lanes (0.25, 0.25): (0,0) alone, 0.";
    let mut linear = sampler(rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")), Clamp, true, [one, 0, 0, half]);
    linear.init.samplers[0].filter = Filter::Linear;
    rows.add("linear", linear.var_prefix("FU", floats(&[0.0, 1.0, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25])).var_prefix("FV", floats(&[0.25, 0.25, 0.0, 0.25, 0.25, 0.25, 0.25, 0.25]))
        .expect_reg("VD", 0, dwords(&[half, 0x3f08_0808, half, 0, 0, 0, 0, 0])).tag(visa_model::errata::SAMPLE_LINEAR_FILTER).derived(d));
    let d = "linear on R32_UINT: OpenCL filters integer formats with nearest samplers only (read_imageui): undefined behaviour (SAMPLE-LINEAR-FILTER).";
    let mut linear = sampler(surface(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0"), Some(SurfaceFormat::R32Uint), 4, (1, 1, 0, 4), &[1, 0, 0, 0]), ClampToEdge, true, [0; 4]);
    linear.init.samplers[0].filter = Filter::Linear;
    rows.add("linear", linear.var_prefix("FU", floats(&[0.5])).var_prefix("FV", floats(&[0.5])).expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "S0 holds 2 and init.samplers has no state 2: undefined behaviour.";
    rows.add("filters", rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")).expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "The sampler is a sampler variable: T6 in its place is invalid.";
    rows.add("validation", rgba8(row("sample_lz.R (M1, 8) 0x0:uw T6 T6 VD.0 FU.0 FV.0")).expect_invalid("sampler").derived(d));
    let d = "{ICLLP+} the parameters have type HF or F: UD coordinates are invalid.";
    rows.add("validation", rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 VU.0 VV.0")).expect_invalid("u").derived(d));
    let d = "sample_lz takes u, v, r, ai: a fifth parameter is invalid.";
    rows.add("validation", rgba8(row("sample_lz.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0 FR.0 FR.0 FR.0")).expect_invalid("operands").derived(d));
    let d = "`.cps` (CPS LOD compensation) is documented but not modelled: unsupported.";
    rows.add("validation", rgba8(row("sample_lz.cps.R (M1, 8) 0x0:uw S0 T6 VD.0 FU.0 FV.0")).expect_error(ErrorClass::Unsupported).field("op").derived(d));
    let d = "Execution size 32 is documented but not modelled: unsupported.";
    rows.add("validation", rgba8(row("sample_lz.R (M1, 32) 0x0:uw S0 T6 VW.0 HU.0 HU.0")).expect_error(ErrorClass::Unsupported).field("exec_size").derived(d));
}

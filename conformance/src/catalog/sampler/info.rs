//! INFO (instructions/INFO.md), `resinfo`: hand-derived rows, each with its derivation.
//! Channel c of lane i is VI element `c*8 + i` at SIMD8 (INFO-RETURN-LAYOUT).

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "sampler", instruction: "info", file: "catalog/sampler/info.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "2D surface of 2x2 R8G8B8A8_UNORM texels (width 8 bytes / 4 = 2), LOD per lane 0, 1, 2, 0, 31, 32, 40, 1: R = 2>>LOD (times QuiltWidth+1 = 1): 2, 1, 0, 2, 0, 0 (a shift by 32 or more is 0), 0, 1; G = 2>>LOD alike; B 0 (2D); A MIPCount 0 (one level, SAMPLER-SINGLE-LEVEL).";
    let lod = [0, 1, 2, 0, 31, 32, 40, 1];
    let dims = [2, 1, 0, 2, 0, 0, 0, 1];
    rows.add("dimensions", rgba8(row("resinfo (M1, 8) T6 VL.0 VI.0")).var_prefix("VL", le32(&lod))
        .expect_reg("VI", 0, dwords(&[dims.to_vec(), dims.to_vec(), vec![0; 8], vec![0; 8]].concat())).derived(d));
    let d = "3D surface of 4x2x3 R32_UINT texels (width 16 bytes / 4 = 4, height 2, depth 3), LOD 0 and 1 in turn: R 4>>LOD = 4, 2; G 2>>LOD = 2, 1; B 3>>LOD = 3, 1; A 0.";
    rows.add("dimensions", surface(row("resinfo (M1, 8) T6 VL.0 VI.0"), Some(SurfaceFormat::R32Uint), 4, (4, 2, 3, 16), &[0; 96]).var_prefix("VL", le32(&[0, 1, 0, 1, 0, 1, 0, 1]))
        .expect_reg("VI", 0, dwords(&[[4, 2].repeat(4), [2, 1].repeat(4), [3, 1].repeat(4), vec![0; 8]].concat())).derived(d));
    let d = "Only the enabled pixels are written: under (M1, 8) with the execution mask 0b11 lanes 0 and 1 write R, G, B, A = 2, 2, 0, 0; the other lanes' elements keep VI's 0xee.";
    let e = 0xeeee_eeee;
    let lanes = |v: u32| [vec![v, v], vec![e; 6]].concat();
    rows.add("lanes", rgba8(row("resinfo (M1, 8) T6 VL.0 VI.0")).var_prefix("VI", vec![0xee; 128]).emask(0b11)
        .expect_reg("VI", 0, dwords(&[lanes(2), lanes(2), lanes(0), lanes(0)].concat())).derived(d));
    let d = "INFO.md has no Pred: a predicated resinfo is invalid.";
    rows.add("validation", rgba8(row("(P1) resinfo (M1, 8) T6 VL.0 VI.0")).expect_invalid("pred").derived(d));
    let d = "Dst must have type UD: an F destination is invalid.";
    rows.add("validation", rgba8(row("resinfo (M1, 8) T6 VL.0 VD.0")).expect_invalid("dst").derived(d));
    let d = "LOD must have type UD: an F LOD is invalid.";
    rows.add("validation", rgba8(row("resinfo (M1, 8) T6 FU.0 VI.0")).expect_invalid("lod").derived(d));
    let d = "resinfo takes `<surface> <lod> <dst>`: a missing LOD is invalid.";
    rows.add("validation", rgba8(row("resinfo (M1, 8) T6 VI.0")).expect_invalid("operands").derived(d));
}

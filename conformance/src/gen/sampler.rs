//! Generators of the sampler messages (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md):
//! `load_3d`, `load_lz`, `resinfo`, `sample_3d`, `sample_l` and `sample_lz` at execution
//! sizes 8 and 16 under every mask control, every channel mask, every surface format of the
//! model on 2D and 3D surfaces of 1 to 6 texels a row (pitch padding now and then), random
//! texel bytes (NaN and denormal F patterns among them), Aoffimmi offsets in one case in
//! four, trailing parameters omitted, UW and HF parameters, predicates and partial
//! execution masks.
//!
//! Edges: texel addresses inside, on each edge and up to two texels past it (3D_LOAD's
//! out-of-bounds zeros), LODs 0 and 1; for 3D_SAMPLE every address mode per axis,
//! normalized and unnormalized coordinates, border colours, coordinates one to two surface
//! sizes outside `[0, 1)` (the wraps and mirrors), the nearest and (one case in three on
//! float and unorm formats) the linear filter. A sample coordinate always lies a quarter
//! texel or more from every texel boundary (SAMPLE-COORDINATES: within the hardware's
//! sub-texel precision of a boundary, either texel may be read); a linear sample's vector
//! allows every result of that precision (SAMPLE-LINEAR-FILTER, `expect::sampler`).

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::ir::sampler::params;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{AddressMode, Filter, SamplerState, Surface, SurfaceFormat, SurfaceHeap};

use super::{platform, GenCase};
use crate::vector::MemRegion;

/// The surface's base in the flat space.
const BASE: u64 = 0x1_0000;

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    if !matches!(
        op,
        Opcode::Load3d
            | Opcode::LoadLz
            | Opcode::Resinfo
            | Opcode::Sample3d
            | Opcode::SampleL
            | Opcode::SampleLz
    ) {
        return None;
    }
    Some(
        (
            platform(),
            (select(vec![8u32, 16]), 0usize..4, any::<bool>()),
            (1u8..16, select(SurfaceFormat::ALL.to_vec())),
            (
                1u32..=6,
                1u32..=4,
                select(vec![0u32, 1, 3]),
                select(vec![0u32, 0, 4]),
            ),
            (
                select(AddressMode::ALL.to_vec()),
                select(AddressMode::ALL.to_vec()),
                select(AddressMode::ALL.to_vec()),
                any::<bool>(),
                select(vec![
                    [0u32; 4],
                    [0x3f80_0000, 0, 0xbf80_0000, 0x3f00_0000],
                    [7, 1, 2, 3],
                ]),
            ),
            (
                prop_oneof![3 => Just(0u16), 1 => 0u16..0x1000],
                any::<bool>(),
                any::<bool>(),
            ),
            (
                prop_oneof![2 => Just(None), 1 => (any::<bool>(), any::<u32>()).prop_map(Some)],
                prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
            ),
            proptest::collection::vec(any::<u32>(), 5 * 16),
            proptest::collection::vec(any::<u8>(), 6 * 16 * 4 * 3 + 64),
            proptest::collection::vec(any::<u8>(), 4 * 4 * 64),
        )
            .prop_map(
                move |(
                    platform,
                    (es, group_pick, nm),
                    (ch_mask, format),
                    (w, h, depth, pad),
                    (au, av, ar, normalized, border),
                    (aoffimmi, short_params, narrow),
                    (pred, emask),
                    picks,
                    memory,
                    dst_bytes,
                )| {
                    build(
                        op,
                        platform,
                        Shape {
                            es,
                            group_pick,
                            nm,
                            ch_mask,
                            format,
                            dims: (w, h, depth, pad),
                            sampler: (au, av, ar, normalized, border),
                            aoffimmi,
                            short_params,
                            narrow,
                            pred,
                            emask,
                        },
                        &picks,
                        memory,
                        &dst_bytes,
                    )
                },
            )
            .boxed(),
    )
}

/// The drawn choices of one case.
struct Shape {
    es: u32,
    group_pick: usize,
    nm: bool,
    ch_mask: u8,
    format: SurfaceFormat,
    dims: (u32, u32, u32, u32),
    sampler: (AddressMode, AddressMode, AddressMode, bool, [u32; 4]),
    aoffimmi: u16,
    short_params: bool,
    narrow: bool,
    pred: Option<(bool, u32)>,
    emask: u32,
}

fn channels(mask: u8) -> String {
    "RGBA"
        .chars()
        .enumerate()
        .filter(|(c, _)| mask >> c & 1 == 1)
        .map(|(_, l)| l)
        .collect()
}

fn build(
    op: Opcode,
    platform: Platform,
    s: Shape,
    picks: &[u32],
    mut memory: Vec<u8>,
    dst_bytes: &[u8],
) -> GenCase {
    let es = s.es as usize;
    let groups: Vec<u32> = (1..=8u32)
        .filter(|g| (4 * (g - 1)).is_multiple_of(s.es) && 4 * (g - 1) + s.es <= 32)
        .collect();
    let group = groups[s.group_pick % groups.len()];
    let mask = format!("M{group}{}", if s.nm { "_NM" } else { "" });
    let grf = platform.grf_size();
    let (w, h, depth, pad) = s.dims;
    let pixel = s.format.pixel_bytes();
    let pitch = w * pixel + pad;
    let slices = depth.max(1);
    let bytes = (pitch * h * slices) as usize;
    memory.truncate(bytes);
    let surface = Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base: BASE,
        size: bytes as u64,
        width: w * pixel,
        height: h,
        pitch,
        depth,
        pixel_size: pixel,
        aux: 0,
        format: Some(s.format),
    };
    let sampling = matches!(op, Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz);
    let info = op == Opcode::Resinfo;
    let (au, av, ar, normalized, border) = s.sampler;
    let wraps = [au, av, ar].iter().any(|m| m.needs_normalized());
    // A linear sampler state in one sampling case in three on a format of float or unorm
    // channels (integer channels have no linear filter): its vector's allowed set is the
    // sub-texel precision's (`expect::sampler`).
    let linear = sampling
        && s.format.register_type() == visa_model::types::DataType::F
        && dst_bytes.last().is_some_and(|b| b % 3 == 0);
    let sampler = SamplerState {
        index: 2,
        filter: if linear {
            Filter::Linear
        } else {
            Filter::Nearest
        },
        address: [au, av, ar],
        normalized: normalized || wraps,
        border,
    };
    let ch_mask = if info { 0xF } else { s.ch_mask };
    let n_ch = ch_mask.count_ones() as usize;
    let block = (es * 4).div_ceil(grf) * grf;
    let dst_len = if info { 16 * es } else { n_ch * block };
    let dst_ty = match (info, s.narrow, s.ch_mask % 3) {
        (true, _, _) => "ud",
        (_, _, 0) => "f",
        (_, _, 1) => "ud",
        _ => "d",
    };
    // The parameters, each a variable of `es` elements.
    let names = params(op);
    let count = if info || !s.short_params {
        names.len()
    } else {
        1 + picks[0] as usize % names.len()
    };
    let (pty, psize) = match (sampling, s.narrow) {
        (false, false) => ("ud", 4),
        (false, true) if !info => ("uw", 2),
        (false, true) => ("ud", 4),
        (true, false) => ("f", 4),
        (true, true) => ("hf", 2),
    };
    let size = [w as i64, h as i64, slices as i64];
    let mut vars = Vec::new();
    let mut decls = vec![".decl T6 v_type=T num_elts=1".to_string()];
    if sampling {
        decls.push(".decl S0 v_type=S num_elts=1".to_string());
    }
    decls.push(format!(
        ".decl VD v_type=G type={dst_ty} num_elts={}",
        dst_len / 4
    ));
    let mut operands = Vec::new();
    let mut tags = vec![
        op.mnemonic().to_string(),
        format!("format-{}", s.format.name()),
    ];
    if depth > 1 {
        tags.push("surface-3d".to_string());
    }
    if linear {
        tags.push("filter-linear".to_string());
        tags.push(visa_model::errata::SAMPLE_LINEAR_FILTER.to_string());
    }
    for (k, name) in names.iter().enumerate().take(count) {
        let var = format!("VP{k}");
        decls.push(format!(".decl {var} v_type=G type={pty} num_elts={es}"));
        let mut data = Vec::new();
        for i in 0..es {
            let r = picks[(k * 16 + i) % picks.len()];
            let axis = match *name {
                "u" => Some(0),
                "v" => Some(1),
                "r" => Some(2),
                _ => None,
            };
            let bits: u32 = if sampling {
                match axis {
                    Some(a) => {
                        // Texel t from two sizes below to two above, a quarter to three
                        // quarters into it.
                        let n = size[a];
                        let t = (r % (5 * n as u32)) as i64 - 2 * n;
                        let frac = [0.25f64, 0.5, 0.75][(r >> 16) as usize % 3];
                        let x = t as f64 + frac;
                        let u = if sampler.normalized { x / n as f64 } else { x };
                        // Rounded to F or HF, u*n moves by less than 0.01 texel: the
                        // coordinate stays off the boundaries.
                        if psize == 2 {
                            u32::from(half::f16::from_f64(u).to_bits())
                        } else {
                            (u as f32).to_bits()
                        }
                    }
                    // LOD and Ai: any value.
                    None => {
                        if psize == 2 {
                            r & 0xFFFF
                        } else {
                            r
                        }
                    }
                }
            } else {
                match axis {
                    Some(a) => {
                        let n = size[a];
                        let t = (r % (n as u32 + 4)) as i64 - 2;
                        (t as i32) as u32 & if psize == 2 { 0xFFFF } else { u32::MAX }
                    }
                    // LOD: 0 mostly, 1 now and then; resinfo's LOD up to 3, or 32 on.
                    None if info => [0, 0, 1, 2, 3, 32, 40][r as usize % 7],
                    None => u32::from(r.is_multiple_of(4)),
                }
            };
            data.extend_from_slice(&bits.to_le_bytes()[..psize]);
        }
        vars.push((var.clone(), data));
        operands.push(format!("{var}.0"));
    }
    let mut preds = Vec::new();
    let pred_text = match s.pred {
        Some((invert, m)) if !info => {
            decls.push(".decl P1 v_type=P num_elts=32".to_string());
            preds.push(("P1".to_string(), m));
            tags.push("predicated".to_string());
            format!("({}P1) ", if invert { "!" } else { "" })
        }
        _ => String::new(),
    };
    let aoffimmi = if info { 0 } else { s.aoffimmi };
    if aoffimmi != 0 {
        tags.push("aoffimmi".to_string());
    }
    let line = if info {
        format!("resinfo ({mask}, {es}) T6 VP0.0 VD.0")
    } else if sampling {
        format!(
            "{pred_text}{}.{} ({mask}, {es}) 0x{aoffimmi:x}:uw S0 T6 VD.0 {}",
            op.mnemonic(),
            channels(ch_mask),
            operands.join(" ")
        )
    } else {
        format!(
            "{pred_text}{}.{} ({mask}, {es}) 0x{aoffimmi:x}:uw T6 VD.0 {}",
            op.mnemonic(),
            channels(ch_mask),
            operands.join(" ")
        )
    };
    let mut text = decls.join("\n");
    text.push_str("\nmovs (M1_NM, 1) T6(0) 0x3:ud\n");
    if sampling {
        text.push_str("movs (M1_NM, 1) S0(0) 0x2:ud\n");
        for (a, m) in sampler.address.iter().enumerate() {
            tags.push(format!("address-{}-{}", ["u", "v", "r"][a], m.name()));
        }
        tags.push(
            if sampler.normalized {
                "normalized"
            } else {
                "unnormalized"
            }
            .to_string(),
        );
    }
    text.push_str(&line);
    text.push('\n');
    vars.push(("VD".to_string(), dst_bytes[..dst_len].to_vec()));
    GenCase {
        platform,
        literal: Vec::new(),
        text,
        vars,
        preds,
        cr0: 0,
        emask: s.emask,
        tags,
        partner: Vec::new(),
        mem: vec![MemRegion {
            space: "flat".to_string(),
            addr: BASE,
            bytes: memory,
        }],
        surfaces: vec![surface],
        samplers: if sampling { vec![sampler] } else { Vec::new() },
        profile: None,
    }
}

//! Generators of the typed legacy dataport messages (instructions/GATHER4_TYPED.md,
//! SCATTER4_TYPED.md): every platform, SIMD8 (and SIMD16 on the 64-byte register file,
//! TYPED-EXEC-SIZE) under every mask control it allows, every channel mask, every surface
//! format of the model, 1D, 2D and 3D surfaces (arrays are the same layout), coordinates
//! inside, on and past every edge (U past the width, a width that cuts a pixel, V past the
//! height, R past the depth, a LOD of 1, 0xFFFFFFFF), V, R and LOD as `%null` or registers,
//! UD and D coordinates (TYPED-COORDINATE-TYPES), data of the format's register type or
//! another (TYPED-CONVERSION-TYPES; one case in eight under its literal reading, undefined
//! behaviour where the types differ), one gather in four under TYPED-OOB-ALPHA's literal
//! reading. Register data mixes random dwords with the conversions' edges (0.5, 1.0, -1.0,
//! NaN, infinities, 65520.0, 1/255, 300, -129, `u32::MAX`).
//!
//! Edges of the scatter: lanes on one pixel (bytes stored twice with different values come
//! out `??`). The memory region every case observes starts 16 bytes before the surface and
//! runs 16 bytes past its last slice, so a store outside its pixels shows.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceFormat, SurfaceHeap};
use visa_model::types::DataType;

use super::{platform, GenCase};
use crate::vector::MemRegion;

/// Bytes before the surface (and after its last slice) that the case observes.
const GUARD: u64 = 16;
/// The surface's base address.
const BASE: u64 = 0x2000;

/// Register dwords at the conversions' edges.
const EDGES: [u32; 14] = [
    0x3F00_0000, // 0.5: 127.5 rounds to even, 128 (UNORM8)
    0x3F80_0000, // 1.0
    0xBF80_0000, // -1.0: clamps to 0 (UNORM)
    0x7FC0_0000, // NaN: 0 (UNORM), a quiet NaN (FLOAT16)
    0x7F80_0000, // +inf
    0x477F_F000, // 65520.0: overflows to +inf in FLOAT16
    0x3B80_8081, // 1/255
    0x3800_0000, // 2^-15: a FLOAT16 denormal
    300,         // saturates to 255 (UINT8)
    0xFFFF_FF7F, // -129 as D
    0xFFFF_FFFF, // u32::MAX
    0x8000_0000, // -0.0 / i32::MIN
    0x0000_0001,
    0x0000_FFFF,
];

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, platform().boxed())
}

/// The strategy of `op` on one platform.
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, Just(on).boxed())
}

fn case_in(op: Opcode, on: BoxedStrategy<Platform>) -> Option<BoxedStrategy<GenCase>> {
    let gather = match op {
        Opcode::Gather4Typed => true,
        Opcode::Scatter4Typed => false,
        _ => return None,
    };
    Some(
        (
            on,
            (any::<bool>(), 0u8..8, any::<bool>()),
            1u8..16,
            (select(SurfaceFormat::ALL.to_vec()), 0u8..3, (1u32..6, 1u32..4, 1u32..3), (0u32..2, 0u32..3)),
            (0u8..3, 0u8..3, 0u8..4, any::<bool>(), any::<bool>()),
            (prop_oneof![2 => Just(None), 1 => (any::<bool>(), any::<u32>()).prop_map(Some)], prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()]),
            (0u8..8, 0u8..8, 0u8..4),
            proptest::collection::vec(any::<u16>(), 4 * 16),
            proptest::collection::vec(any::<u8>(), 2048),
            proptest::collection::vec((any::<u32>(), 0u8..4), 4 * 16),
        )
            .prop_map(
                move |(
                    platform,
                    (wide, k, nm),
                    ch_mask,
                    (format, dims, (w, h, d), (cut, pad)),
                    (v_kind, r_kind, lod_kind, coord_d, lit_alpha),
                    (pred, emask),
                    (ty_pick, lit_types, oob),
                    picks,
                    memory,
                    data,
                )| {
                    let es: u32 = if wide && platform.grf_size() == 64 { 16 } else { 8 };
                    let es_n = es as usize;
                    let groups: Vec<u8> = (1..=8u8)
                        .filter(|g| (4 * (u32::from(*g) - 1)).is_multiple_of(es) && 4 * (u32::from(*g) - 1) + es <= 32)
                        .collect();
                    let group = groups[k as usize % groups.len()];
                    let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                    // The surface: 1D (dims 0), 2D (1) or 3D (2).
                    let height = if dims >= 1 { h } else { 1 };
                    let depth = if dims == 2 { d } else { 1 };
                    let pixel = format.pixel_bytes();
                    // A width that cuts its last pixel (`cut`), rows padded by `pad` pixels.
                    let width = w * pixel - if cut == 1 && pixel > 1 { 1 } else { 0 };
                    let pitch = (w + pad) * pixel;
                    let span = u64::from(pitch) * u64::from(height) * u64::from(depth);
                    let region_len = (2 * GUARD + span) as usize;
                    // Coordinates: mostly inside, past an edge by one or two, or far.
                    let coord = |pick: u16, extent: u32| -> u32 {
                        match pick % 8 {
                            0 => extent,
                            1 => extent + 1,
                            2 if oob == 0 => u32::MAX,
                            _ => u32::from(pick >> 3) % extent,
                        }
                    };
                    let us: Vec<u32> = (0..es_n).map(|i| coord(picks[i], w)).collect();
                    let vs: Vec<u32> = (0..es_n).map(|i| coord(picks[16 + i], height)).collect();
                    let rs: Vec<u32> = (0..es_n).map(|i| coord(picks[32 + i], depth)).collect();
                    let lods: Vec<u32> = (0..es_n)
                        .map(|i| u32::from(lod_kind == 3 && picks[48 + i] % 4 == 0))
                        .collect();
                    let reg_ty = format.register_type();
                    let ty = match ty_pick {
                        0 => DataType::UD,
                        1 => DataType::D,
                        2 => DataType::F,
                        _ => reg_ty,
                    };
                    let ty_text = match ty {
                        DataType::UD => "ud",
                        DataType::D => "d",
                        _ => "f",
                    };
                    let coord_ty = if coord_d { "d" } else { "ud" };
                    let name = op.mnemonic();
                    let channels = ch_mask.count_ones() as usize;
                    let per_channel = es_n.max(platform.grf_size() / 4);
                    let data_elts = (channels - 1) * per_channel + es_n;
                    let channels_text: String = "RGBA"
                        .chars()
                        .enumerate()
                        .filter(|(c, _)| ch_mask >> c & 1 == 1)
                        .map(|(_, l)| l)
                        .collect();
                    let mut decls = vec![
                        ".decl T6 v_type=T num_elts=1".to_string(),
                        format!(".decl VU v_type=G type={coord_ty} num_elts={es}"),
                        format!(".decl VD v_type=G type={ty_text} num_elts={}", if gather { channels * per_channel } else { data_elts }),
                    ];
                    let le = |xs: &[u32]| -> Vec<u8> { xs.iter().flat_map(|x| x.to_le_bytes()).collect() };
                    let mut vars = vec![("VU".to_string(), le(&us))];
                    // V and R are registers where the surface has the dimension (or, now and
                    // then, anyway: they must read 0 there to land inside), `%null` otherwise.
                    let mut operand = |name: &str, kind: u8, used: bool, values: &[u32]| -> String {
                        if kind == 0 || (!used && kind == 1) {
                            return "%null.0".to_string();
                        }
                        decls.push(format!(".decl {name} v_type=G type={coord_ty} num_elts={es}"));
                        vars.push((name.to_string(), le(values)));
                        format!("{name}.0")
                    };
                    let v_text = operand("VV", v_kind, dims >= 1, &vs);
                    let r_text = operand("VR", r_kind, dims == 2, &rs);
                    let lod_text = if lod_kind >= 2 {
                        operand("VL", 2, true, &lods)
                    } else {
                        "%null.0".to_string()
                    };
                    let mut tags = vec![
                        name.to_string(),
                        format!("channels-{channels_text}"),
                        format!("format-{}", format.name()),
                        ["surface-1d", "surface-2d", "surface-3d"][dims as usize].to_string(),
                    ];
                    let mut literal = Vec::new();
                    if ty != reg_ty {
                        tags.push("type-not-format".to_string());
                        if lit_types == 0 {
                            literal.push(errata::TYPED_CONVERSION_TYPES);
                        }
                    }
                    if gather && lit_alpha && oob < 2 {
                        literal.push(errata::TYPED_OOB_ALPHA);
                    }
                    if cut == 1 && pixel > 1 {
                        tags.push("width-cuts-pixel".to_string());
                    }
                    let pred_text = match pred {
                        Some((invert, _)) => {
                            decls.push(".decl P1 v_type=P num_elts=32".to_string());
                            tags.push("predicated".to_string());
                            format!("({}P1) ", if invert { "!" } else { "" })
                        }
                        None => String::new(),
                    };
                    let preds = pred.map(|(_, m)| ("P1".to_string(), m)).into_iter().collect();
                    let text = format!(
                        "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}{name}.{channels_text} ({mask}, {es}) T6 VU.0 {v_text} {r_text} {lod_text} VD.0\n",
                        decls.join("\n")
                    );
                    let vd_elts = if gather { channels * per_channel } else { data_elts };
                    let vd: Vec<u32> = (0..vd_elts)
                        .map(|e| {
                            let (random, pick) = data[e % data.len()];
                            if pick == 0 { EDGES[random as usize % EDGES.len()] } else { random }
                        })
                        .collect();
                    vars.push(("VD".to_string(), le(&vd)));
                    let mut bytes = memory;
                    bytes.resize(region_len, 0);
                    GenCase {
                        platform,
                        literal,
                        text,
                        vars,
                        preds,
                        cr0: 0,
                        emask,
                        tags,
                        partner: Vec::new(),
                        mem: vec![MemRegion {
                            space: "flat".to_string(),
                            addr: BASE - GUARD,
                            bytes,
                        }],
                        surfaces: vec![Surface {
                            heap: SurfaceHeap::BindingTable,
                            bti: 3,
                            base: BASE,
                            size: span,
                            width,
                            height,
                            pitch,
                            depth,
                            pixel_size: pixel,
                            format: Some(format),
                            ..Surface::default()
                        }],
                        samplers: Vec::new(),
                        profile: None,
                    }
                },
            )
            .boxed(),
    )
}

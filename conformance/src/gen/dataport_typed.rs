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
//!
//! TYPED_ATOMIC (`atomic_case`): every operation of the DWORD_ATOMIC_OP table, 32-bit
//! and (from TGLLP on) 16-bit, on the formats whose channels are as wide (one case in
//! eight any format: undefined behaviour where the widths differ), each enabled lane on a
//! pixel of its own or out of bounds (the lanes' order is DWORD-ATOMIC-LANE-ORDER's
//! freedom), compare values equal to the pixel's old value in half the lanes,
//! TYPED-ATOMIC-OPERANDS' literal reading one case in eight, TYPED-ATOMIC-OP-TABLE's one
//! in sixteen (undefined behaviour), Dst `%null` one case in four.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::svm::AtomicOp;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceFormat, SurfaceHeap};
use visa_model::types::DataType;

use super::dataport::{mask_for, predicate};
use super::{one_in, platform, pred_and_emask, GenCase};
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

/// The observed memory: `bytes` from `GUARD` bytes before the surface.
fn region(bytes: Vec<u8>) -> MemRegion {
    MemRegion {
        space: "flat".to_string(),
        addr: BASE - GUARD,
        bytes,
    }
}

/// The typed surface at binding-table index 3, at `BASE`: `width` bytes wide, `height`
/// rows of `pitch` bytes, `depth` slices.
fn surface(format: SurfaceFormat, width: u32, (height, depth): (u32, u32), pitch: u32) -> Surface {
    Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 3,
        base: BASE,
        size: u64::from(pitch) * u64::from(height) * u64::from(depth),
        width,
        height,
        pitch,
        depth,
        pixel_size: format.pixel_bytes(),
        format: Some(format),
        ..Surface::default()
    }
}

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
        Opcode::TypedAtomic => return Some(atomic_case(on)),
        _ => return None,
    };
    Some(
        (
            on,
            (any::<bool>(), 0u8..8, any::<bool>()),
            1u8..16,
            (select(SurfaceFormat::ALL.to_vec()), 0u8..3, (1u32..6, 1u32..4, 1u32..3), (0u32..2, 0u32..3)),
            (0u8..3, 0u8..3, 0u8..4, any::<bool>(), any::<bool>()),
            pred_and_emask(),
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
                    let mask = mask_for(es, k, nm);
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
                    let mut preds = Vec::new();
                    let pred_text = predicate(pred, &mut decls, &mut preds, &mut tags);
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
                        mem: vec![region(bytes)],
                        surfaces: vec![surface(format, width, (height, depth), pitch)],
                        samplers: Vec::new(),
                        profile: None,
                    }
                },
            )
            .boxed(),
    )
}

/// The formats whose channels are `width` bits wide.
fn formats_of(width: u32) -> Vec<SurfaceFormat> {
    SurfaceFormat::ALL
        .into_iter()
        .filter(|f| f.channel_bits() == width)
        .collect()
}

/// TYPED_ATOMIC: see the module's documentation.
fn atomic_case(on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    (
        on,
        (any::<bool>(), 0u8..8, any::<bool>()),
        (select(AtomicOp::ALL.to_vec()), prop_oneof![3 => Just(32u32), 1 => Just(16u32)]),
        (0usize..64, one_in(8), select(SurfaceFormat::ALL.to_vec())),
        (0u8..3, (1u32..9, 1u32..4, 1u32..3), 0u32..2),
        (0u8..3, 0u8..3, 0u8..4, any::<bool>()),
        pred_and_emask(),
        (0u8..16, 0u8..8, any::<u8>()),
        proptest::collection::vec(any::<u16>(), 16),
        proptest::collection::vec(any::<u8>(), 1024),
        proptest::collection::vec((any::<u32>(), 0u8..4), 32),
    )
        .prop_map(
            move |(
                platform,
                (wide, k, nm),
                (op, width),
                (format_pick, any_format, other),
                (dims, (w, h, d), pad),
                (v_kind, r_kind, lod_kind, coord_d),
                (pred, emask),
                (lit_ops, lit_operands, flags),
                picks,
                memory,
                data,
            )| {
                let es: u32 = if wide && platform.grf_size() == 64 { 16 } else { 8 };
                let es_n = es as usize;
                // 16-bit atomics from TGLLP on.
                let width = if platform.is_tgllp_plus() { width } else { 32 };
                let format = if any_format {
                    other
                } else {
                    let fits = formats_of(width);
                    fits[format_pick % fits.len()]
                };
                let mask = mask_for(es, k, nm);
                let height = if dims >= 1 { h } else { 1 };
                let depth = if dims == 2 { d } else { 1 };
                let pixel = format.pixel_bytes();
                let width_bytes = w * pixel;
                let pitch = (w + pad) * pixel;
                let span = u64::from(pitch) * u64::from(height) * u64::from(depth);
                let region_len = (2 * GUARD + span) as usize;
                let mut bytes = memory;
                bytes.resize(region_len, 0);
                // Each lane on a pixel of its own, or out of bounds: past the width, the
                // height or the depth, at LOD 1, or at 0xFFFFFFFF.
                let mut used = Vec::new();
                let mut coords = Vec::new();
                for (i, pick) in picks.iter().enumerate().take(es_n) {
                    let u = u32::from(*pick >> 4) % w;
                    let v = u32::from(*pick >> 8) % height;
                    let r = u32::from(*pick >> 12) % depth;
                    let c = match pick % 16 {
                        0 => (w, v, r, 0),
                        1 if dims >= 1 => (u, height, r, 0),
                        2 if dims == 2 => (u, v, depth, 0),
                        3 if lod_kind == 3 => (u, v, r, 1),
                        4 => (u32::MAX, v, r, 0),
                        _ if used.contains(&(u, v, r)) => (w + i as u32, v, r, 0),
                        _ => {
                            used.push((u, v, r));
                            (u, v, r, 0)
                        }
                    };
                    coords.push(c);
                }
                // The pixel's R channel as it is in memory (0 out of bounds).
                let old = |i: usize| -> u32 {
                    let (u, v, r, lod) = coords[i];
                    if lod != 0 || u >= w || v >= height || r >= depth {
                        return 0;
                    }
                    let at = GUARD as usize + (r * pitch * height + v * pitch + u * pixel) as usize;
                    let n = (width / 8) as usize;
                    let mut b = [0u8; 4];
                    b[..n].copy_from_slice(&bytes[at..at + n]);
                    u32::from_le_bytes(b)
                };
                let literal_operands = lit_operands == 0;
                let (reads, types): ([bool; 2], Vec<DataType>) = if literal_operands {
                    (
                        [!matches!(op, AtomicOp::Inc | AtomicOp::Dec), op == AtomicOp::Cmpxchg],
                        match op {
                            AtomicOp::Imin | AtomicOp::Imax => vec![DataType::D],
                            _ => vec![DataType::UD, DataType::D],
                        },
                    )
                } else {
                    let mut t = op.types(32).to_vec();
                    if t == [DataType::UD] {
                        t.push(DataType::D);
                    }
                    ([op.num_srcs() > 0, op.num_srcs() > 1], t)
                };
                let ty = types[usize::from(flags) % types.len()];
                let ty_text = ty.to_string().to_lowercase();
                let coord_ty = if coord_d { "d" } else { "ud" };
                // Compared values: CMPXCHG compares src1, FCMPWR src0 (SVM-ATOMIC-CMPXCHG-ROLES).
                let compared = match op {
                    AtomicOp::Cmpxchg => Some(1),
                    AtomicOp::Fcmpwr => Some(0),
                    _ => None,
                };
                let source = |which: usize| -> Vec<u32> {
                    (0..es_n)
                        .map(|i| {
                            let (random, pick) = data[16 * which + i];
                            if compared == Some(which) && pick < 2 {
                                old(i)
                            } else if pick == 2 {
                                EDGES[random as usize % EDGES.len()]
                            } else {
                                random
                            }
                        })
                        .collect()
                };
                let le = |xs: &[u32]| -> Vec<u8> { xs.iter().flat_map(|x| x.to_le_bytes()).collect() };
                let mut decls = vec![
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    format!(".decl VU v_type=G type={coord_ty} num_elts={es}"),
                    format!(".decl VS0 v_type=G type={ty_text} num_elts={es}"),
                    format!(".decl VS1 v_type=G type={ty_text} num_elts={es}"),
                    format!(".decl VD v_type=G type={ty_text} num_elts={es}"),
                ];
                let column = |k: usize| -> Vec<u32> {
                    coords.iter().map(|c| [c.0, c.1, c.2, c.3][k]).collect()
                };
                let mut vars = vec![
                    ("VU".to_string(), le(&column(0))),
                    ("VS0".to_string(), le(&source(0))),
                    ("VS1".to_string(), le(&source(1))),
                    ("VD".to_string(), le(&(0..es).map(|x| x.wrapping_mul(0x0101_0101) ^ 0x5a5a_5a5a).collect::<Vec<_>>())),
                ];
                let mut operand = |name: &str, kind: u8, used: bool, values: &[u32]| -> String {
                    if kind == 0 || (!used && kind == 1) {
                        return "%null.0".to_string();
                    }
                    decls.push(format!(".decl {name} v_type=G type={coord_ty} num_elts={es}"));
                    vars.push((name.to_string(), le(values)));
                    format!("{name}.0")
                };
                // V, R and LOD are registers where the coordinates need them.
                let needs = |k: usize| coords.iter().any(|c| [c.0, c.1, c.2, c.3][k] != 0);
                let v_text = operand("VV", if needs(1) { 2 } else { v_kind }, dims >= 1, &column(1));
                let r_text = operand("VR", if needs(2) { 2 } else { r_kind }, dims == 2, &column(2));
                let lod_text = if lod_kind >= 2 || needs(3) {
                    operand("VL", 2, true, &column(3))
                } else {
                    "%null.0".to_string()
                };
                let mut tags = vec![
                    "typed_atomic".to_string(),
                    format!("op-{}", op.name()),
                    format!("width-{width}"),
                    format!("format-{}", format.name()),
                    ["surface-1d", "surface-2d", "surface-3d"][dims as usize].to_string(),
                ];
                let mut literal = Vec::new();
                if lit_ops == 0 {
                    literal.push(errata::TYPED_ATOMIC_OP_TABLE);
                }
                if literal_operands {
                    literal.push(errata::TYPED_ATOMIC_OPERANDS);
                } else if op.is_float() || op == AtomicOp::Predec {
                    tags.push(errata::TYPED_ATOMIC_OPERANDS.to_string());
                }
                if op == AtomicOp::Predec && flags % 3 == 0 {
                    literal.push(errata::SVM_ATOMIC_PREDEC);
                }
                if format.channel_bits() != width {
                    tags.push("format-not-width".to_string());
                }
                if width_bytes < pitch {
                    tags.push("padded-rows".to_string());
                }
                let mut preds = Vec::new();
                let pred_text = predicate(pred, &mut decls, &mut preds, &mut tags);
                let src0 = if reads[0] { "VS0.0" } else { "%null.0" };
                let src1 = if reads[1] { "VS1.0" } else { "%null.0" };
                let dst = if flags % 4 == 1 { "%null.0" } else { "VD.0" };
                let suffix = if width == 16 { ".16" } else { "" };
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}typed_atomic.{}{suffix} ({mask}, {es}) T6 VU.0 {v_text} {r_text} {lod_text} {src0} {src1} {dst}\n",
                    decls.join("\n"),
                    op.name()
                );
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
                    mem: vec![region(bytes)],
                    surfaces: vec![surface(format, width_bytes, (height, depth), pitch)],
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

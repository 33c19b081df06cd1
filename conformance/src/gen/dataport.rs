//! Generators of the legacy dataport messages (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md, GATHER4_SCALED.md, SCATTER4_SCALED.md, OWORD_LD.md,
//! OWORD_LD_UNALIGNED.md, OWORD_ST.md, DWORD_ATOMIC.md, GATHER.md, SCATTER.md,
//! QW_GATHER.md, QW_SCATTER.md): every execution size, mask control, block count,
//! channel mask and oword count, the three kinds of surface (a binding-table surface set by
//! MOVS, `%slm`/`T0`, `%scratch`/`T5`/`T255`), UD, D and F data, the offset as an immediate
//! or a register; one case in four under DATAPORT-BOUNDS-LANE's literal reading. The
//! 4-channel forms put one case in eight at a misaligned lane address (undefined behaviour
//! under DATAPORT4-DWORD-ADDRESS's resolved reading, half of them under its literal one);
//! OWORD_LD_UNALIGNED takes any dword-aligned byte offset, one case in eight a misaligned
//! one, and one in four runs OWORD-LD-UNALIGNED-OFFSET's literal reading. DWORD_ATOMIC
//! draws every operation of the DWORD_ATOMIC_OP table, 32- and 16-bit, with `%null` where
//! the operation reads no source (and a `%null` destination now and then); every enabled
//! lane has its own element (DWORD-ATOMIC-LANE-ORDER), and CMPXCHG and FCMPWR compare
//! equal in about half the lanes. GATHER and SCATTER count their offsets in elements of 1,
//! 2 or 4 bytes; QW_GATHER and QW_SCATTER move 1, 2 or 4 qwords per lane on xe-hpc and xe2.
//!
//! Edges: a binding-table surface of 1 to 224 bytes whose lanes land inside, across its end
//! (the bytes past it read zero, stores drop them) and past it; an `Offset` near 2^32 whose
//! sums wrap around to the surface's start (tag `offset-wrap`); lanes that meet (scatter
//! bytes stored twice with different values come out `??`). The memory region every case
//! observes starts 16 bytes before the surface and runs 16 bytes past the farthest byte a
//! lane could reach, so a store outside its bytes shows.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::svm::AtomicOp;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceHeap};

use super::{exec_and_mask, one_in, platform_of, pred_and_emask, GenCase};
use crate::vector::MemRegion;

/// Bytes of the observed region past the guard.
const WINDOW: usize = 256;
/// Bytes before the surface (and after the lanes' reach) that the case observes.
const GUARD: usize = 16;

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, platform_of(op).boxed())
}

/// The strategy of `op` on one platform.
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
    if !op.form().platforms.admits(on) {
        return None;
    }
    case_in(op, Just(on).boxed())
}

/// The surface of a case: a binding-table entry, shared local memory, or stateless.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Bti,
    Slm,
    Stateless,
}

fn case_in(op: Opcode, on: BoxedStrategy<Platform>) -> Option<BoxedStrategy<GenCase>> {
    let gather = match op {
        Opcode::GatherScaled => true,
        Opcode::ScatterScaled => false,
        Opcode::Gather4Scaled | Opcode::Scatter4Scaled => return Some(four_case(op, on)),
        Opcode::OwordLd | Opcode::OwordLdUnaligned | Opcode::OwordSt => {
            return Some(oword_case(op, on))
        }
        Opcode::DwordAtomic => return Some(atomic_case(on)),
        Opcode::Gather | Opcode::Scatter => return Some(element_case(op, on)),
        Opcode::QwGather | Opcode::QwScatter => return Some(qw_case(op, on)),
        _ => return None,
    };
    Some(
        (
            on,
            exec_and_mask(),
            select(vec![1u32, 2, 4]),
            surface_choice(),
            (any::<bool>(), 0u32..24, any::<bool>(), one_in(4)),
            pred_and_emask(),
            select(vec!["ud", "d", "f"]),
            proptest::collection::vec(any::<u16>(), 32),
            proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
            proptest::collection::vec(any::<u8>(), 128),
        )
            .prop_map(
                move |(
                    platform,
                    (es, group, nm),
                    nb,
                    (kind, (spelling, size, base)),
                    (imm, small_offset, wrap, lit),
                    (pred, emask),
                    ty,
                    picks,
                    memory,
                    data,
                )| {
                    let es = es as usize;
                    // Lanes reach offsets 0..reach of the surface (past its size for a
                    // binding-table one).
                    let reach = match kind {
                        Kind::Bti => (size as usize + 8).min(WINDOW - 4),
                        _ => WINDOW - 4,
                    };
                    let offset = if wrap {
                        small_offset.wrapping_sub(0x100)
                    } else {
                        small_offset
                    };
                    // The surface's offset 0: the binding-table entry's base, or the
                    // address 0 of SLM, or `base` of the flat space for a stateless access.
                    let (surface_text, space, region_base, start) = match kind {
                        Kind::Bti => ("T6", "flat", base - GUARD as u64, 0u32),
                        Kind::Slm => (["%slm", "T0", "%slm"][spelling], "slm", 0, 0),
                        Kind::Stateless => (
                            ["%scratch", "T5", "T255"][spelling],
                            "flat",
                            base - GUARD as u64,
                            base as u32,
                        ),
                    };
                    // element_offset[i] = start + target - offset, so that the lane's 32-bit
                    // address `offset + element_offset[i]` is `start + target`.
                    let element_offsets: Vec<u32> = (0..es)
                        .map(|i| {
                            let target = (picks[i] as usize % reach) as u32;
                            start.wrapping_add(target).wrapping_sub(offset)
                        })
                        .collect();
                    let name = if gather {
                        "gather_scaled"
                    } else {
                        "scatter_scaled"
                    };
                    let offset_text = if imm {
                        format!("0x{offset:x}:ud")
                    } else {
                        "VOFF(0,0)<0;1,0>".to_string()
                    };
                    let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                    let mut decls = vec![
                        ".decl T6 v_type=T num_elts=1".to_string(),
                        ".decl VOFF v_type=G type=ud num_elts=1".to_string(),
                        format!(".decl VE v_type=G type=ud num_elts={es}"),
                        format!(".decl VD v_type=G type={ty} num_elts={es}"),
                    ];
                    let mut preds = Vec::new();
                    let mut tags = vec![
                        name.to_string(),
                        format!("blocks-{nb}"),
                        format!(
                            "surface-{}",
                            match kind {
                                Kind::Bti => "bti",
                                Kind::Slm => "slm",
                                Kind::Stateless => "stateless",
                            }
                        ),
                    ];
                    if wrap {
                        tags.push("offset-wrap".to_string());
                    }
                    if lit {
                        tags.push(errata::DATAPORT_BOUNDS_LANE.to_string());
                    }
                    let pred_text = match pred {
                        Some((invert, m)) => {
                            decls.push(".decl P1 v_type=P num_elts=32".to_string());
                            preds.push(("P1".to_string(), m));
                            tags.push("predicated".to_string());
                            format!("({}P1) ", if invert { "!" } else { "" })
                        }
                        None => String::new(),
                    };
                    let text = format!(
                        "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}{name}.{nb} ({mask}, {es}) {surface_text} {offset_text} VE.0 VD.0\n",
                        decls.join("\n")
                    );
                    let surfaces = match kind {
                        Kind::Bti => vec![Surface {
                            heap: SurfaceHeap::BindingTable,
                            bti: 3,
                            base,
                            size,
                            ..Surface::default()
                        }],
                        _ => Vec::new(),
                    };
                    let eo: Vec<u8> = element_offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                    GenCase {
                        platform,
                        literal: if lit {
                            vec![errata::DATAPORT_BOUNDS_LANE]
                        } else {
                            Vec::new()
                        },
                        text,
                        vars: vec![
                            ("VOFF".to_string(), offset.to_le_bytes().to_vec()),
                            ("VE".to_string(), eo),
                            ("VD".to_string(), data[..4 * es].to_vec()),
                        ],
                        preds,
                        cr0: 0,
                        emask,
                        tags,
                        partner: Vec::new(),
                        mem: vec![MemRegion {
                            space: space.to_string(),
                            addr: region_base,
                            bytes: match kind {
                                Kind::Slm => memory[..WINDOW].to_vec(),
                                _ => memory,
                            },
                        }],
                        surfaces,
                        samplers: Vec::new(),
                        profile: None,
                    }
                },
            )
            .boxed(),
    )
}

/// The surface a case addresses (a binding-table entry half the time), the spelling of a
/// pre-defined one, a binding-table surface's size and the base of its bytes.
fn surface_choice() -> impl Strategy<Value = (Kind, (usize, u64, u64))> {
    (
        select(vec![Kind::Bti, Kind::Bti, Kind::Slm, Kind::Stateless]),
        (
            0usize..3,
            1u64..=224,
            select(vec![0x1000u64, 0x7fff_ff00, 0x10_0000]),
        ),
    )
}

/// The surface's text, its memory space, the observed region's start and the 32-bit
/// address of the surface's offset 0 (0 but for stateless: `base`).
fn surface_of(kind: Kind, spelling: usize, base: u64) -> (&'static str, &'static str, u64, u32) {
    match kind {
        Kind::Bti => ("T6", "flat", base - GUARD as u64, 0u32),
        Kind::Slm => (["%slm", "T0", "%slm"][spelling], "slm", 0, 0),
        Kind::Stateless => (
            ["%scratch", "T5", "T255"][spelling],
            "flat",
            base - GUARD as u64,
            base as u32,
        ),
    }
}

fn kind_tag(kind: Kind) -> String {
    format!(
        "surface-{}",
        match kind {
            Kind::Bti => "bti",
            Kind::Slm => "slm",
            Kind::Stateless => "stateless",
        }
    )
}

/// The binding-table entry a `T6` case reads (index 3), none for the pre-defined surfaces.
fn surfaces_of(kind: Kind, base: u64, size: u64) -> Vec<Surface> {
    match kind {
        Kind::Bti => vec![Surface {
            heap: SurfaceHeap::BindingTable,
            bti: 3,
            base,
            size,
            ..Surface::default()
        }],
        _ => Vec::new(),
    }
}

/// The observed memory region: the guard, the window and the guard after it (SLM from 0).
fn region(kind: Kind, space: &str, region_base: u64, memory: Vec<u8>) -> MemRegion {
    MemRegion {
        space: space.to_string(),
        addr: region_base,
        bytes: match kind {
            Kind::Slm => memory[..WINDOW].to_vec(),
            _ => memory,
        },
    }
}

/// GATHER4_SCALED and SCATTER4_SCALED: SIMD8 or SIMD16 under every mask control they
/// allow, every channel mask, dword-aligned lanes inside, across and past a binding-table
/// surface's end.
fn four_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    let gather = op == Opcode::Gather4Scaled;
    (
        on,
        (select(vec![8u32, 16]), 0u8..8, any::<bool>()),
        1u8..16,
        surface_choice(),
        (any::<bool>(), 0u32..24, any::<bool>(), one_in(4)),
        pred_and_emask(),
        (select(vec!["ud", "d", "f"]), prop_oneof![7 => Just(0u8), 1 => 1u8..3]),
        proptest::collection::vec(any::<u16>(), 32),
        proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
        proptest::collection::vec(any::<u8>(), 4 * 4 * 32),
    )
        .prop_map(
            move |(
                platform,
                (es, k, nm),
                ch_mask,
                (kind, (spelling, size, base)),
                (imm, small_offset, wrap, lit),
                (pred, emask),
                (ty, misalign),
                picks,
                memory,
                data,
            )| {
                let es_n = es as usize;
                let groups: Vec<u8> = (1..=8u8)
                    .filter(|g| (4 * (u32::from(*g) - 1)).is_multiple_of(es) && 4 * (u32::from(*g) - 1) + es <= 32)
                    .collect();
                let group = groups[k as usize % groups.len()];
                let per_channel = es_n.max(platform.grf_size() / 4);
                let channels = ch_mask.count_ones() as usize;
                // Lanes reach dwords 0..reach of the surface, channel `c` 4*c bytes further.
                let reach = match kind {
                    Kind::Bti => (size as usize + 8).min(WINDOW - 16),
                    _ => WINDOW - 16,
                };
                let offset = if wrap {
                    small_offset.wrapping_sub(0x100)
                } else {
                    small_offset
                };
                let (surface_text, space, region_base, start) = surface_of(kind, spelling, base);
                let element_offsets: Vec<u32> = (0..es_n)
                    .map(|i| {
                        let target = (picks[i] as usize % reach) as u32 & !3;
                        // The misaligned cases move lane 0 (and every other lane, once in
                        // two) off the dword.
                        let low = if misalign > 0 && (i == 0 || (misalign == 2 && i % 2 == 1)) {
                            1 + u32::from(picks[i] >> 14) % 3
                        } else {
                            0
                        };
                        start.wrapping_add(target + low).wrapping_sub(offset)
                    })
                    .collect();
                let name = op.mnemonic();
                let channels_text: String = "RGBA"
                    .chars()
                    .enumerate()
                    .filter(|(c, _)| ch_mask >> c & 1 == 1)
                    .map(|(_, l)| l)
                    .collect();
                let offset_text = if imm {
                    format!("0x{offset:x}:ud")
                } else {
                    "VOFF(0,0)<0;1,0>".to_string()
                };
                let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                let data_elts = (channels - 1) * per_channel + es_n;
                let mut decls = vec![
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    ".decl VOFF v_type=G type=ud num_elts=1".to_string(),
                    format!(".decl VE v_type=G type=ud num_elts={es}"),
                    format!(".decl VD v_type=G type={ty} num_elts={}", if gather { channels * per_channel } else { data_elts }),
                ];
                let mut preds = Vec::new();
                let mut tags = vec![name.to_string(), format!("channels-{channels_text}"), kind_tag(kind)];
                let mut literal = Vec::new();
                if wrap {
                    tags.push("offset-wrap".to_string());
                }
                // The errata at their literal reading join the tags when the case is built.
                if lit {
                    literal.push(errata::DATAPORT_BOUNDS_LANE);
                }
                if misalign > 0 {
                    tags.push("misaligned".to_string());
                    if picks[31] % 2 == 0 {
                        literal.push(errata::DATAPORT4_DWORD_ADDRESS);
                    } else {
                        tags.push(errata::DATAPORT4_DWORD_ADDRESS.to_string());
                    }
                }
                let pred_text = match pred {
                    Some((invert, m)) => {
                        decls.push(".decl P1 v_type=P num_elts=32".to_string());
                        preds.push(("P1".to_string(), m));
                        tags.push("predicated".to_string());
                        format!("({}P1) ", if invert { "!" } else { "" })
                    }
                    None => String::new(),
                };
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}{name}.{channels_text} ({mask}, {es}) {surface_text} {offset_text} VE.0 VD.0\n",
                    decls.join("\n")
                );
                let eo: Vec<u8> = element_offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                let vd_bytes = 4 * if gather { channels * per_channel } else { data_elts };
                GenCase {
                    platform,
                    literal,
                    text,
                    vars: vec![
                        ("VOFF".to_string(), offset.to_le_bytes().to_vec()),
                        ("VE".to_string(), eo),
                        ("VD".to_string(), data[..vd_bytes].to_vec()),
                    ],
                    preds,
                    cr0: 0,
                    emask,
                    tags,
                    partner: Vec::new(),
                    mem: vec![region(kind, space, region_base, memory)],
                    surfaces: surfaces_of(kind, base, size),
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

/// OWORD_LD, OWORD_LD_UNALIGNED and OWORD_ST: every oword count the platform and surface
/// allow, blocks inside, across and past a binding-table surface's end.
fn oword_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    let unaligned = op == Opcode::OwordLdUnaligned;
    (
        on,
        select(vec![1u32, 2, 4, 8, 16]),
        surface_choice(),
        (any::<bool>(), 0u32..256, one_in(4)),
        (one_in(8), one_in(4)),
        proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
        proptest::collection::vec(any::<u8>(), 256),
    )
        .prop_map(
            move |(
                platform,
                n,
                (kind, (spelling, size, base)),
                (imm, pick, lit),
                (misalign, in_owords),
                memory,
                data,
            )| {
                // 16 owords: XEHP+ and T0 only; T0 from ICLLP (gen11) on.
                let kind = if n == 16 { Kind::Slm } else { kind };
                let kind = match kind {
                    Kind::Slm if !platform.is_icllp_plus() => Kind::Stateless,
                    k => k,
                };
                let n = if n == 16 && !platform.is_xehp_plus() { 8 } else { n };
                let bytes = 16 * n as usize;
                let (surface_text, space, region_base, start) = surface_of(kind, spelling, base);
                let literal_offset = unaligned && in_owords;
                // The block starts at byte `target` of the surface: inside, across or past a
                // binding-table surface's end, inside the observed window.
                let limit = match kind {
                    Kind::Bti => (size as usize + 24).min(WINDOW - bytes + 1),
                    _ => WINDOW - bytes + 1,
                }
                .max(1);
                let (offset, tag) = if unaligned && !literal_offset {
                    let target = (pick as usize % limit) as u32 & !3;
                    let low = if misalign { 1 + pick % 3 } else { 0 };
                    (start.wrapping_add(target) + low, "byte-offset")
                } else {
                    // Offset counts owords: the surface's start must be oword aligned, as
                    // every base here is.
                    let target = (pick as usize % limit.div_ceil(16)) as u32;
                    (start / 16 + target, "oword-offset")
                };
                let name = op.mnemonic();
                let offset_text = if imm {
                    format!("0x{offset:x}:ud")
                } else {
                    "VOFF(0,0)<0;1,0>".to_string()
                };
                let decls = [
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    ".decl VOFF v_type=G type=ud num_elts=1".to_string(),
                    format!(".decl VD v_type=G type=ud num_elts={}", bytes / 4),
                ];
                let mut tags = vec![name.to_string(), format!("owords-{n}"), kind_tag(kind), tag.to_string()];
                let mut literal = Vec::new();
                // The errata at their literal reading join the tags when the case is built.
                if lit {
                    literal.push(errata::DATAPORT_BOUNDS_LANE);
                }
                if literal_offset {
                    literal.push(errata::OWORD_LD_UNALIGNED_OFFSET);
                } else if unaligned && misalign {
                    tags.push(errata::OWORD_LD_UNALIGNED_OFFSET.to_string());
                }
                if unaligned && misalign && !literal_offset {
                    tags.push("misaligned".to_string());
                }
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{name} ({n}) {surface_text} {offset_text} VD.0\n",
                    decls.join("\n")
                );
                GenCase {
                    platform,
                    literal,
                    text,
                    vars: vec![
                        ("VOFF".to_string(), offset.to_le_bytes().to_vec()),
                        ("VD".to_string(), data[..bytes].to_vec()),
                    ],
                    preds: Vec::new(),
                    cr0: 0,
                    emask: u32::MAX,
                    tags,
                    partner: Vec::new(),
                    mem: vec![region(kind, space, region_base, memory)],
                    surfaces: surfaces_of(kind, base, size),
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

/// DWORD_ATOMIC: every operation, 32- and 16-bit, SIMD1 to SIMD16 under every mask control,
/// each enabled lane on its own element of the window (inside, across and past a
/// binding-table surface's end).
fn atomic_case(on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    (
        on,
        (select(vec![1u32, 2, 4, 8, 16]), 0u8..8, any::<bool>()),
        (select(AtomicOp::ALL.to_vec()), prop_oneof![3 => Just(32u32), 1 => Just(16u32)]),
        surface_choice(),
        (0usize..128, select(vec![1usize, 3, 5, 7, 9, 13]), one_in(8)),
        pred_and_emask(),
        (one_in(4), one_in(6), any::<u8>()),
        proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
        proptest::collection::vec(any::<u32>(), 32),
        proptest::collection::vec(any::<bool>(), 16),
    )
        .prop_map(
            move |(
                platform,
                (es, k, nm),
                (op, width),
                (kind, (spelling, size, base)),
                (first, stride, misalign),
                (pred, emask),
                (lit, null_dst, flags),
                memory,
                data,
                hits,
            )| {
                let es_n = es as usize;
                let groups: Vec<u8> = (1..=8u8)
                    .filter(|g| (4 * (u32::from(*g) - 1)).is_multiple_of(es) && 4 * (u32::from(*g) - 1) + es <= 32)
                    .collect();
                let group = groups[k as usize % groups.len()];
                let bytes = (width / 8) as usize;
                // Elements `spacing` bytes apart (twice the width when a lane is moved off
                // its alignment, so that no two accesses meet), lane i on slot
                // `first + i*stride` (an odd stride: distinct slots).
                let spacing = if misalign { 2 * bytes } else { bytes };
                let slots = (WINDOW - 8) / spacing;
                let slots = 1 << (usize::BITS - 1 - slots.leading_zeros());
                let (surface_text, space, region_base, start) = surface_of(kind, spelling, base);
                let targets: Vec<usize> = (0..es_n)
                    .map(|i| (first + i * stride) % slots * spacing + usize::from(misalign && i == 0))
                    .collect();
                let offsets: Vec<u32> = targets.iter().map(|t| start.wrapping_add(*t as u32)).collect();
                // The observed window: memory[GUARD + t] is the surface's byte t (SLM from 0).
                let at = |t: usize| match kind {
                    Kind::Slm => t,
                    _ => GUARD + t,
                };
                let old = |i: usize| -> u32 {
                    let t = at(targets[i]);
                    let mut w = [0u8; 4];
                    w[..bytes].copy_from_slice(&memory[t..t + bytes]);
                    u32::from_le_bytes(w)
                };
                let compared = match op {
                    AtomicOp::Cmpxchg => Some(1),
                    AtomicOp::Fcmpwr => Some(0),
                    _ => None,
                };
                let source = |which: usize| -> Vec<u8> {
                    (0..es_n)
                        .flat_map(|i| {
                            let v = if compared == Some(which) && hits[i] {
                                old(i) | (data[16 * which + i] & !((1u64 << width) - 1) as u32)
                            } else {
                                data[16 * which + i]
                            };
                            v.to_le_bytes()
                        })
                        .collect()
                };
                let types = op.types(32);
                let ty = if types == [visa_model::types::DataType::UD] && flags % 4 == 0 {
                    "d".to_string()
                } else {
                    types[usize::from(flags) % types.len()].to_string().to_lowercase()
                };
                let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                let mut decls = vec![
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    format!(".decl VE v_type=G type=ud num_elts={es}"),
                    format!(".decl VS0 v_type=G type={ty} num_elts={es}"),
                    format!(".decl VS1 v_type=G type={ty} num_elts={es}"),
                    format!(".decl VD v_type=G type={ty} num_elts={es}"),
                ];
                let mut preds = Vec::new();
                let mut tags = vec!["dword_atomic".to_string(), format!("op-{}", op.name()), format!("width-{width}"), kind_tag(kind)];
                let mut literal = Vec::new();
                if lit {
                    literal.push(errata::DATAPORT_BOUNDS_LANE);
                }
                if misalign {
                    tags.push("misaligned".to_string());
                    if flags % 2 == 0 {
                        literal.push(errata::DWORD_ATOMIC_ALIGNMENT);
                    } else {
                        tags.push(errata::DWORD_ATOMIC_ALIGNMENT.to_string());
                    }
                }
                if op == AtomicOp::Predec && flags % 3 == 0 {
                    literal.push(errata::SVM_ATOMIC_PREDEC);
                }
                let pred_text = match pred {
                    Some((invert, m)) => {
                        decls.push(".decl P1 v_type=P num_elts=32".to_string());
                        preds.push(("P1".to_string(), m));
                        tags.push("predicated".to_string());
                        format!("({}P1) ", if invert { "!" } else { "" })
                    }
                    None => String::new(),
                };
                let src0 = if op.num_srcs() > 0 { "VS0.0" } else { "%null.0" };
                let src1 = if op.num_srcs() > 1 { "VS1.0" } else { "%null.0" };
                let dst = if null_dst { "%null.0" } else { "VD.0" };
                let suffix = if width == 16 { ".16" } else { "" };
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}dword_atomic.{}{suffix} ({mask}, {es}) {surface_text} VE.0 {src0} {src1} {dst}\n",
                    decls.join("\n"),
                    op.name()
                );
                let eo: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                let vd: Vec<u8> = data[..es_n].iter().flat_map(|v| (v ^ 0x5a5a_5a5a).to_le_bytes()).collect();
                GenCase {
                    platform,
                    literal,
                    text,
                    vars: vec![
                        ("VE".to_string(), eo),
                        ("VS0".to_string(), source(0)),
                        ("VS1".to_string(), source(1)),
                        ("VD".to_string(), vd),
                    ],
                    preds,
                    cr0: 0,
                    emask,
                    tags,
                    partner: Vec::new(),
                    mem: vec![region(kind, space, region_base, memory)],
                    surfaces: surfaces_of(kind, base, size),
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

/// A mask control for execution size `es` whose offset is aligned to it and stays in 32
/// lanes (`k` picks one), NoMask when `nm`.
pub(super) fn mask_for(es: u32, k: u8, nm: bool) -> String {
    let groups: Vec<u8> = (1..=8u8)
        .filter(|g| {
            (4 * (u32::from(*g) - 1)).is_multiple_of(es) && 4 * (u32::from(*g) - 1) + es <= 32
        })
        .collect();
    let group = groups[k as usize % groups.len()];
    format!("M{group}{}", if nm { "_NM" } else { "" })
}

/// The optional predicate `P1` of a case: its declaration, initial mask, tag and text.
pub(super) fn predicate(
    pred: Option<(bool, u32)>,
    decls: &mut Vec<String>,
    preds: &mut Vec<(String, u32)>,
    tags: &mut Vec<String>,
) -> String {
    match pred {
        Some((invert, m)) => {
            decls.push(".decl P1 v_type=P num_elts=32".to_string());
            preds.push(("P1".to_string(), m));
            tags.push("predicated".to_string());
            format!("({}P1) ", if invert { "!" } else { "" })
        }
        None => String::new(),
    }
}

/// GATHER and SCATTER: 1, 8 or 16 elements of 1, 2 or 4 bytes under every mask control,
/// the offsets in elements (a lane's byte address `(global_offset + element_offset[i]) *
/// elt_size`); one case in eight adds 2^32 / elt_size to the element offsets, whose byte
/// address then passes 2^32 and is truncated back (tag `index-wrap`); the pre-defined
/// surfaces under GATHER-SCATTER-SURFACES' literal reading one case in eight.
fn element_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    (
        on,
        (select(vec![1u32, 8, 16]), 0u8..8, any::<bool>()),
        select(vec![1u32, 2, 4]),
        surface_choice(),
        (any::<bool>(), 0u32..24, any::<bool>(), one_in(4)),
        (one_in(8), one_in(8)),
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
        select(vec!["ud", "d", "f"]),
        proptest::collection::vec(any::<u16>(), 16),
        proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
        proptest::collection::vec(any::<u8>(), 64),
    )
        .prop_map(
            move |(
                platform,
                (es, k, nm),
                elt,
                (kind, (spelling, size, base)),
                (imm, small_offset, wrap, lit),
                (index_wrap, lit_surfaces),
                emask,
                ty,
                picks,
                memory,
                data,
            )| {
                let es_n = es as usize;
                let kind = match kind {
                    Kind::Bti if lit_surfaces => Kind::Slm,
                    k => k,
                };
                // Lanes reach elements 0..reach of the surface (past its size for a
                // binding-table one).
                let reach = match kind {
                    Kind::Bti => (size as usize + 8).min(WINDOW - 4),
                    _ => WINDOW - 4,
                } / elt as usize;
                let global_offset = if wrap {
                    small_offset.wrapping_sub(0x100)
                } else {
                    small_offset
                };
                let (surface_text, space, region_base, start) = surface_of(kind, spelling, base);
                // element_offset[i] = start/elt + target - global_offset, so that the lane's
                // element index is start/elt + target (every start is a multiple of 4).
                let extra = if index_wrap { (1u64 << 32) / u64::from(elt) } else { 0 } as u32;
                let element_offsets: Vec<u32> = (0..es_n)
                    .map(|i| {
                        let target = (picks[i] as usize % reach.max(1)) as u32;
                        (start / elt)
                            .wrapping_add(target)
                            .wrapping_sub(global_offset)
                            .wrapping_add(extra)
                    })
                    .collect();
                let name = op.mnemonic();
                let offset_text = if imm {
                    format!("0x{global_offset:x}:ud")
                } else {
                    "VOFF(0,0)<0;1,0>".to_string()
                };
                let mask = mask_for(es, k, nm);
                let decls = [
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    ".decl VOFF v_type=G type=ud num_elts=1".to_string(),
                    format!(".decl VE v_type=G type=ud num_elts={es}"),
                    format!(".decl VD v_type=G type={ty} num_elts={es}"),
                ];
                let mut tags = vec![name.to_string(), format!("elt-size-{elt}"), kind_tag(kind)];
                let mut literal = Vec::new();
                if wrap {
                    tags.push("offset-wrap".to_string());
                }
                if index_wrap && elt > 1 {
                    tags.push("index-wrap".to_string());
                }
                if lit {
                    literal.push(errata::DATAPORT_BOUNDS_LANE);
                }
                if lit_surfaces {
                    literal.push(errata::GATHER_SCATTER_SURFACES);
                } else if matches!(kind, Kind::Bti) {
                    tags.push(errata::GATHER_SCATTER_SURFACES.to_string());
                }
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{name}.{elt} ({mask}, {es}) {surface_text} {offset_text} VE.0 VD.0\n",
                    decls.join("\n")
                );
                let eo: Vec<u8> = element_offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                GenCase {
                    platform,
                    literal,
                    text,
                    vars: vec![
                        ("VOFF".to_string(), global_offset.to_le_bytes().to_vec()),
                        ("VE".to_string(), eo),
                        ("VD".to_string(), data[..4 * es_n].to_vec()),
                    ],
                    preds: Vec::new(),
                    cr0: 0,
                    emask,
                    tags,
                    partner: Vec::new(),
                    mem: vec![region(kind, space, region_base, memory)],
                    surfaces: surfaces_of(kind, base, size),
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

/// QW_GATHER and QW_SCATTER: 1 to 16 lanes under every mask control, 1, 2 or 4 qwords per
/// lane at any byte offset (QW-GATHER-BLOCKS' literal reading on one single-block case in
/// four), Q, UQ and DF data.
fn qw_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    (
        on,
        (select(vec![1u32, 2, 4, 8, 16]), 0u8..8, any::<bool>()),
        select(vec![1u32, 2, 4]),
        surface_choice(),
        (any::<bool>(), one_in(4), one_in(4)),
        pred_and_emask(),
        select(vec!["q", "uq", "df"]),
        proptest::collection::vec(any::<u16>(), 16),
        proptest::collection::vec(any::<u8>(), WINDOW + 2 * GUARD),
        proptest::collection::vec(any::<u8>(), 8 * 16 * 4),
    )
        .prop_map(
            move |(
                platform,
                (es, k, nm),
                blocks,
                (kind, (spelling, size, base)),
                (aligned, lit, lit_blocks),
                (pred, emask),
                ty,
                picks,
                memory,
                data,
            )| {
                let es_n = es as usize;
                let lane_bytes = 8 * blocks as usize;
                let reach = match kind {
                    Kind::Bti => (size as usize + 8).min(WINDOW - lane_bytes),
                    _ => WINDOW - lane_bytes,
                }
                .max(1);
                let (surface_text, space, region_base, start) = surface_of(kind, spelling, base);
                let offsets: Vec<u32> = (0..es_n)
                    .map(|i| {
                        let target = (picks[i] as usize % reach) as u32;
                        start.wrapping_add(if aligned { target & !7 } else { target })
                    })
                    .collect();
                let name = op.mnemonic();
                let mask = mask_for(es, k, nm);
                let data_elts = es_n * blocks as usize;
                let mut decls = vec![
                    ".decl T6 v_type=T num_elts=1".to_string(),
                    format!(".decl VE v_type=G type=ud num_elts={es}"),
                    format!(".decl VD v_type=G type={ty} num_elts={data_elts}"),
                ];
                let mut preds = Vec::new();
                let mut tags = vec![name.to_string(), format!("blocks-{blocks}"), kind_tag(kind)];
                let mut literal = Vec::new();
                if lit {
                    literal.push(errata::DATAPORT_BOUNDS_LANE);
                }
                if blocks > 1 {
                    tags.push(errata::QW_GATHER_BLOCKS.to_string());
                } else if lit_blocks {
                    literal.push(errata::QW_GATHER_BLOCKS);
                }
                let pred_text = predicate(pred, &mut decls, &mut preds, &mut tags);
                let text = format!(
                    "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{pred_text}{name}.{blocks} ({mask}, {es}) {surface_text} VE.0 VD.0\n",
                    decls.join("\n")
                );
                let eo: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
                GenCase {
                    platform,
                    literal,
                    text,
                    vars: vec![
                        ("VE".to_string(), eo),
                        ("VD".to_string(), data[..8 * data_elts].to_vec()),
                    ],
                    preds,
                    cr0: 0,
                    emask,
                    tags,
                    partner: Vec::new(),
                    mem: vec![region(kind, space, region_base, memory)],
                    surfaces: surfaces_of(kind, base, size),
                    samplers: Vec::new(),
                    profile: None,
                }
            },
        )
        .boxed()
}

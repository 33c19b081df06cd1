//! Generators of the legacy dataport messages (instructions/GATHER_SCALED.md,
//! SCATTER_SCALED.md): every execution size, mask control and block count, the three kinds
//! of surface (a binding-table surface set by MOVS, `%slm`/`T0`, `%scratch`/`T5`/`T255`),
//! UD, D and F data, the offset as an immediate or a register; one case in four under
//! DATAPORT-BOUNDS-LANE's literal reading.
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
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceHeap};

use super::{exec_and_mask, platform, GenCase};
use crate::vector::MemRegion;

/// Bytes of the observed region past the guard.
const WINDOW: usize = 256;
/// Bytes before the surface (and after the lanes' reach) that the case observes.
const GUARD: usize = 16;

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, platform().boxed())
}

/// The strategy of `op` on one platform.
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
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
        _ => return None,
    };
    Some(
        (
            on,
            exec_and_mask(),
            select(vec![1u32, 2, 4]),
            select(vec![Kind::Bti, Kind::Bti, Kind::Slm, Kind::Stateless]),
            (0usize..3, 1u64..=224, select(vec![0x1000u64, 0x7fff_ff00, 0x10_0000])),
            (any::<bool>(), 0u32..24, any::<bool>(), prop_oneof![3 => Just(false), 1 => Just(true)]),
            (
                prop_oneof![2 => Just(None), 1 => (any::<bool>(), any::<u32>()).prop_map(Some)],
                prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
            ),
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
                    kind,
                    (spelling, size, base),
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
                        profile: None,
                    }
                },
            )
            .boxed(),
    )
}

//! Generators of the media block messages (instructions/MEDIA_LD.md, MEDIA_ST.md): every
//! platform, every modifier (nomod, top, bottom), every block shape of the Notes' table
//! (widths 1 to 64 with the heights each admits, biased to the table's rows' edges: 1, 4,
//! 5, 8, 16, 17, 32, 33, 64), every surface format of the model, 2D surfaces of 1 to 6
//! pixels by 1 to 6 rows or (three in four) large enough to hold the block, whose width may
//! cut its last pixel, X and Y as immediates or registers (UD or D, MEDIA-OFFSET-TYPES),
//! where the block fits, on and across the edges, past them and negative
//! (MEDIA-OUT-OF-BOUNDS: the offsets are signed and a load outside reads the nearest edge
//! pixel; one case in eight under the literal reading, undefined where the load leaves the
//! surface and the offsets unsigned), one case in eight under MEDIA-FIELD-ROWS' literal
//! reading. MEDIA_ST's X is dword-aligned (a register X that is not, one case in sixteen,
//! is undefined behaviour).
//!
//! The memory region every case observes starts 32 bytes before the surface and runs 32
//! bytes past its last row, so a store outside its pixels shows.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::media::{max_block_height, reg_pitch, MediaModifier};
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{Surface, SurfaceFormat, SurfaceHeap};

use super::{platform, GenCase};
use crate::vector::MemRegion;

/// Bytes before the surface (and after its last row) that the case observes.
const GUARD: u64 = 32;
/// The surface's base address.
const BASE: u64 = 0x3000;
/// Widths at the edges of the Notes' table.
const EDGE_WIDTHS: [u32; 9] = [1, 4, 5, 8, 16, 17, 32, 33, 64];

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, platform().boxed())
}

/// The strategy of `op` on one platform.
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, Just(on).boxed())
}

fn case_in(op: Opcode, on: BoxedStrategy<Platform>) -> Option<BoxedStrategy<GenCase>> {
    let load = match op {
        Opcode::MediaLd => true,
        Opcode::MediaSt => false,
        _ => return None,
    };
    Some(
        (
            on,
            (select(MediaModifier::ALL.to_vec()), prop_oneof![1 => select(EDGE_WIDTHS.to_vec()), 1 => 1u32..=64], any::<u8>()),
            (select(SurfaceFormat::ALL.to_vec()), 1u32..7, 1u32..7, 0u32..2, 0u32..3, 0u8..4),
            (any::<u16>(), any::<u16>(), any::<bool>(), any::<bool>()),
            (0u8..8, 0u8..8, 0u8..16),
            proptest::collection::vec(any::<u8>(), 512),
            proptest::collection::vec(any::<u8>(), 256),
        )
            .prop_map(
                move |(
                    platform,
                    (modifier, width, h_pick),
                    (format, w_px, rows, cut, pad, big),
                    (x_pick, y_pick, x_reg, y_reg),
                    (lit_bounds, lit_field, misalign),
                    memory,
                    data,
                )| {
                    let max_h = max_block_height(width).unwrap_or(1);
                    let height = match h_pick % 4 {
                        0 => 1,
                        1 => max_h,
                        _ => 1 + u32::from(h_pick) % max_h,
                    };
                    let pixel = format.pixel_bytes();
                    // Three surfaces in four hold the block (a few pixels and rows to spare),
                    // the others are 1 to 6 pixels by 1 to 6 rows.
                    let (w_px, rows) = if big == 0 {
                        (w_px, rows)
                    } else {
                        (width.div_ceil(pixel) + w_px - 1, height + rows - 1)
                    };
                    let surface_width = w_px * pixel - if cut == 1 && pixel > 1 { 1 } else { 0 };
                    let pitch = (w_px + pad) * pixel;
                    let span = u64::from(pitch) * u64::from(rows);
                    // Offsets of a block `size` long on a side `extent` long: past the edge,
                    // across it, far past it, negative (as UD bits), or (six in ten) where
                    // the block fits when it can.
                    let offset = |pick: u16, extent: u32, size: u32, step: u32| -> u32 {
                        let r = u32::from(pick >> 4);
                        match pick % 10 {
                            0 => extent,
                            1 => extent.saturating_sub(size / 2),
                            2 => extent + step * (r % 3),
                            3 => (r % 4 + 1).wrapping_neg().wrapping_mul(step),
                            _ if extent >= size => r % (extent - size + 1),
                            _ => r % extent.max(1),
                        }
                    };
                    let x_step = if load { 1 } else { 4 };
                    let mut x = offset(x_pick, surface_width, width, x_step) / x_step * x_step;
                    if !load && misalign == 0 && x_reg {
                        x = x.wrapping_add(2);
                    }
                    let y = offset(y_pick, modifier.field_rows(rows), height, 1);
                    let name = op.mnemonic();
                    let pitch_regs = reg_pitch(width) as usize;
                    let data_bytes = (height as usize - 1) * pitch_regs + width as usize;
                    let data_len = data_bytes.next_multiple_of(4).max(4);
                    let mut decls = vec![
                        ".decl T6 v_type=T num_elts=1".to_string(),
                        format!(".decl VD v_type=G type=ub num_elts={data_len}"),
                    ];
                    let mut vars = Vec::new();
                    // IGC declares the offsets `type=d` (MEDIA-OFFSET-TYPES): one register
                    // in two.
                    let ty = if (x_pick ^ y_pick) & 0x100 == 0 { "d" } else { "ud" };
                    let mut scalar = |var: &str, value: u32, reg: bool| -> String {
                        if reg {
                            decls.push(format!(".decl {var} v_type=G type={ty} num_elts=1"));
                            vars.push((var.to_string(), value.to_le_bytes().to_vec()));
                            format!("{var}(0,0)<0;1,0>")
                        } else {
                            format!("{value:#x}:ud")
                        }
                    };
                    let x_text = scalar("VX", x, x_reg || (!load && x % 4 != 0));
                    let y_text = scalar("VY", y, y_reg);
                    let mut tags = vec![
                        name.to_string(),
                        format!("modifier-{}", modifier.name()),
                        format!("format-{}", format.name()),
                        format!("block-{width}x{height}"),
                    ];
                    if cut == 1 && pixel > 1 {
                        tags.push("width-cuts-pixel".to_string());
                    }
                    let row_bytes = i64::from(surface_width / pixel * pixel);
                    let inside_x = (x as i32) >= 0 && (x as i32 as i64) + i64::from(width) <= row_bytes;
                    let inside_y = (y as i32) >= 0
                        && (y as i32 as i64) + i64::from(height) <= i64::from(modifier.field_rows(rows));
                    if !(inside_x && inside_y) {
                        tags.push("out-of-bounds".to_string());
                    }
                    let mut literal = Vec::new();
                    if lit_bounds == 0 {
                        literal.push(errata::MEDIA_OUT_OF_BOUNDS);
                    }
                    if lit_field == 0 && modifier != MediaModifier::None {
                        literal.push(errata::MEDIA_FIELD_ROWS);
                    }
                    let text = format!(
                        "{}\nmovs (M1_NM, 1) T6(0) 0x3:ud\n{name}.{} ({width},{height}) T6 0 {x_text} {y_text} VD.0\n",
                        decls.join("\n"),
                        modifier.name()
                    );
                    vars.push(("VD".to_string(), data[..data_len].to_vec()));
                    let mut bytes = memory;
                    bytes.resize((2 * GUARD + span) as usize, 0);
                    GenCase {
                        platform,
                        literal,
                        text,
                        vars,
                        preds: Vec::new(),
                        cr0: 0,
                        emask: u32::MAX,
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
                            width: surface_width,
                            height: rows,
                            pitch,
                            depth: 1,
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

//! MEDIA_ST (instructions/MEDIA_ST.md): hand-derived rows, each with its derivation. The
//! 2D surface at binding-table index 3 is R32_UINT, 4 pixels (16 bytes) wide, 4 rows of
//! pitch 32 at 0x1000, its memory 160 bytes of 0xee (the 4 rows and 32 bytes past them);
//! the source VD holds the ramp 0x80, 0x81, ...: row `i` of the block is read from
//! `i * reg_pitch`, `reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)`, and
//! byte `x` of surface row `y` is at `0x1000 + 32*y + x`.

use super::media_ld::{media_row, on_surface};
use super::*;
use visa_model::state::SurfaceFormat as F;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "media_st", file: "catalog/dataport/media_st.jsonl", rows: add };

/// `line` on the R32_UINT surface, memory 0xee, VD the ramp from 0x80.
fn r32(line: &str) -> Row {
    on_surface(media_row(line, 0), F::R32Uint, 4, 4)
        .mem("flat", 0x1000, vec![0xee; 160])
        .var("VD", ramp(0x80, 128).repeat(2))
}

/// 160 bytes of 0xee with `bytes` at each `(offset, bytes)`.
fn image(parts: &[(usize, Vec<u8>)]) -> Vec<Option<u8>> {
    let mut m = vec![0xeeu8; 160];
    for (at, bytes) in parts {
        m[*at..*at + bytes.len()].copy_from_slice(bytes);
    }
    some(&m)
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "(8,2) at X 4, Y 1: reg_pitch 8. src[0..8] (80..88) goes to surface row 1 bytes 4..12 (offset 36), src[8..16] (88..90) to row 2 bytes 4..12 (offset 68); every other byte keeps 0xee.";
    rows.add("rows", r32("media_st.nomod (8,2) T6 0 0x4:ud 0x1:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(36, ramp(0x80, 8)), (68, ramp(0x88, 8))])).derived(d));
    let d = "(2,2) at X 0, Y 2: block_width < 4, reg_pitch 4: src[0..2] (80 81) to row 2 (offset 64), src[4..6] (84 85) to row 3 (offset 96).";
    rows.add("rows", r32("media_st.nomod (2,2) T6 0 0x0:ud 0x2:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(64, vec![0x80, 0x81]), (96, vec![0x84, 0x85])])).derived(d));
    let d = "X and Y from registers: VX = 8, VY = 3, (8,1): src[0..8] to row 3 bytes 8..16, offset 104.";
    rows.add("rows", r32("media_st.nomod (8,1) T6 0 VX(0,0)<0;1,0> VY(0,0)<0;1,0> VD.0").var("VX", le32(&[8])).var("VY", le32(&[3]))
        .expect_mem("flat", 0x1000, image(&[(104, ramp(0x80, 8))])).derived(d));
    let d = "Out-of-bound Access, \"data is dropped\": (8,1) at X 12 on 16-byte rows: src[0..4] to bytes 12..16 of row 0; bytes 16..20 are past the width and dropped (the row's padding keeps 0xee).";
    rows.add("bounds", r32("media_st.nomod (8,1) T6 0 0xc:ud 0x0:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(12, ramp(0x80, 4))])).derived(d));
    let d = "(4,2) at Y 3 of 4 rows: src[0..4] to row 3 (offset 96); row 4 (offset 128, past the height) is dropped.";
    rows.add("bounds", r32("media_st.nomod (4,2) T6 0 0x0:ud 0x3:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(96, ramp(0x80, 4))])).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved: X 0xFFFFFFFC is -4: (8,1) bytes -4..0 (src[0..4]) are dropped, bytes 0..4 of row 0 take src[4..8] (84..88).";
    rows.add("bounds", r32("media_st.nomod (8,1) T6 0 0xfffffffc:ud 0x0:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(0, ramp(0x84, 4))])).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, literal: X is unsigned, 0xFFFFFFFC is far past the width: every byte is dropped.";
    rows.add("bounds", r32("media_st.nomod (8,1) T6 0 0xfffffffc:ud 0x0:ud VD.0").literal(errata::MEDIA_OUT_OF_BOUNDS)
        .expect_mem("flat", 0x1000, image(&[])).derived(d));
    let d = "MEDIA-FIELD-ROWS, resolved: top, (4,2) at Y 0: field rows 0, 1 are surface rows 0, 2: src[0..4] at 0, src[4..8] at 64.";
    rows.add("fields", r32("media_st.top (4,2) T6 0 0x0:ud 0x0:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(0, ramp(0x80, 4)), (64, ramp(0x84, 4))])).derived(d));
    let d = "MEDIA-FIELD-ROWS, resolved: bottom, (4,2) at Y 1: field rows 1, 2; the bottom field of 4 rows has rows 0 and 1 only (surface rows 1, 3): src[0..4] to surface row 3 (offset 96), field row 2 dropped.";
    rows.add("fields", r32("media_st.bottom (4,2) T6 0 0x0:ud 0x1:ud VD.0")
        .expect_mem("flat", 0x1000, image(&[(96, ramp(0x80, 4))])).derived(d));
    let d = "MEDIA-FIELD-ROWS, literal: bottom (4,2) at Y 1 writes rows 1 and 2 as the Semantics loop does: offsets 32 and 64.";
    rows.add("fields", r32("media_st.bottom (4,2) T6 0 0x0:ud 0x1:ud VD.0").literal(errata::MEDIA_FIELD_ROWS)
        .expect_mem("flat", 0x1000, image(&[(32, ramp(0x80, 4)), (64, ramp(0x84, 4))])).derived(d));
    let d = "X_offset \"must be dword-aligned\": a register X of 2 is undefined behaviour.";
    rows.add("bounds", r32("media_st.nomod (4,1) T6 0 VX(0,0)<0;1,0> 0x0:ud VD.0").var("VX", le32(&[2]))
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "X_offset \"must be dword-aligned\": the immediate 2 is invalid.";
    rows.add("validation", r32("media_st.nomod (4,1) T6 0 0x2:ud 0x0:ud VD.0").expect_invalid("x_offset").derived(d));
    let d = "The Notes' table: 17 to 32 bytes wide, at most 8 rows; (32,9) is invalid.";
    rows.add("validation", r32("media_st.nomod (32,9) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("block_height").derived(d));
    let d = "Modifiers: 0b001 is reserved (`reserved` in IGC's spelling): invalid.";
    rows.add("validation", r32("media_st.reserved (4,1) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("modifiers").derived(d));
    let d = "Src: (16,4) spans 64 register bytes; VS has 32.";
    rows.add("validation", r32("media_st.nomod (16,4) T6 0 0x0:ud 0x0:ud VS.0").expect_invalid("src").derived(d));
    let d = "Surface: T0 (SLM): no.";
    rows.add("validation", r32("media_st.nomod (4,1) T0 0 0x0:ud 0x0:ud VD.0").expect_invalid("surface").derived(d));
}

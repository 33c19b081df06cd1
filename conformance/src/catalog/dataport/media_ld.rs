//! MEDIA_LD (instructions/MEDIA_LD.md): hand-derived rows, each with its derivation. The
//! 2D surface at binding-table index 3 is R32_UINT (4-byte pixels), 4 pixels (16 bytes)
//! wide, 4 rows of pitch 32 at 0x1000, holding the ramp 0, 1, 2, ...: byte `x` of row `y`
//! is `32*y + x`. The destination VD starts as 0xee everywhere; row `i` of the block lands
//! at `i * reg_pitch`, `reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)`.

use super::typed::surface3;
use super::*;
use crate::catalog::memory::cat;
use visa_model::state::SurfaceFormat as F;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "dataport", instruction: "media_ld", file: "catalog/dataport/media_ld.jsonl", rows: add };

#[rustfmt::skip]
const MEDIA_DECLS: &str = "\
.decl T6 v_type=T num_elts=1
.decl VX v_type=G type=ud num_elts=1
.decl VY v_type=G type=ud num_elts=1
.decl VW v_type=G type=uw num_elts=1
.decl VI v_type=G type=d num_elts=1
.decl VD v_type=G type=ub num_elts=256
.decl VS v_type=G type=ub num_elts=32
.decl P1 v_type=P num_elts=16
movs (M1_NM, 1) T6(0) 0x3:ud
";

/// A row running `line` after the declarations on xe-lp, VD filled with 0xee and the
/// surface memory at 0x1000 the ramp 0..`mem` (none when 0; no surface entry:
/// [`on_surface`] adds it).
pub(super) fn media_row(line: &str, mem: usize) -> Row {
    let row = Row::new(Platform::XeLp, format!("{MEDIA_DECLS}{line}\n")).var("VD", vec![0xee; 256]);
    if mem == 0 {
        row
    } else {
        row.mem("flat", 0x1000, ramp(0, mem))
    }
}

/// The surface at index 3: `format`, `width` pixels wide, `height` rows of pitch 32 at 0x1000.
pub(super) fn on_surface(row: Row, format: F, width: u32, height: u32) -> Row {
    surface3(row, format, 0x1000, (width, height, 1), 32)
}

/// The R32_UINT surface of the module doc: 4x4 pixels, pitch 32.
fn r32(line: &str) -> Row {
    on_surface(media_row(line, 128), F::R32Uint, 4, 4)
}

/// `n` bytes of 0xee.
fn ee(n: usize) -> Vec<u8> {
    vec![0xee; n]
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "(5,2) at X 4, Y 1: reg_pitch = nextPowerOf2(5) = 8. Row 0 is surface row 1, bytes 4..9: 32+4 = 36..40; row 1 is surface row 2, 64+4 = 68..72, at dst[8]. dst[5..8] and dst[13..] are not written (0xee).";
    rows.add("rows", r32("media_ld.nomod (5,2) T6 0 0x4:ud 0x1:ud VD.0")
        .expect_reg("VD", 0, some(&cat(&[&ramp(36, 5), &ee(3), &ramp(68, 5), &ee(3)]))).derived(d));
    let d = "(2,3) at X 0, Y 0: block_width < 4, reg_pitch 4. Rows 0, 1, 2 start at bytes 0, 32, 64 of the surface: dst = 00 01 ee ee 20 21 ee ee 40 41 ee ee.";
    rows.add("rows", r32("media_ld.nomod (2,3) T6 0 0x0:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&cat(&[&[0x00, 0x01], &ee(2), &[0x20, 0x21], &ee(2), &[0x40, 0x41], &ee(2)]))).derived(d));
    let d = "X and Y from registers: VX = 8, VY = 3, (8,1): surface row 3 bytes 8..16 = 96+8 = 104..112.";
    rows.add("rows", r32("media_ld.nomod (8,1) T6 0 VX(0,0)<0;1,0> VY(0,0)<0;1,0> VD.0").var("VX", le32(&[8])).var("VY", le32(&[3]))
        .expect_reg("VD", 0, some(&ramp(104, 8))).derived(d));
    let d = "(32,2) as IGC writes for a SIMD8 `intel_sub_group_block_read2`: reg_pitch 32, X 0, Y 0 on a surface 8 pixels (32 bytes) wide: row 0 is bytes 0..32, row 1 bytes 32..64 at dst[32].";
    rows.add("rows", on_surface(media_row("media_ld.nomod (32,2) T6 0 0x0:ud 0x0:ud VD.0", 128), F::R32Uint, 8, 4)
        .expect_reg("VD", 0, some(&ramp(0, 64))).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved: (8,1) at X 12 on the 16-byte rows: bytes 12..16 are pixel 3 (12 13 14 15); bytes 16..20 would be pixel 4, past the last: they read pixel 3's same bytes again, 12 13 14 15.";
    rows.add("bounds", r32("media_ld.nomod (8,1) T6 0 0xc:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&[12, 13, 14, 15, 12, 13, 14, 15])).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved: X 0xFFFFFFFC is -4 (signed): bytes -4..0 are pixel -1, before the first: they read pixel 0's bytes 0 1 2 3; then bytes 0..4: dst = 00 01 02 03 00 01 02 03.";
    rows.add("bounds", r32("media_ld.nomod (8,1) T6 0 0xfffffffc:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&[0, 1, 2, 3, 0, 1, 2, 3])).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved: (4,3) at Y 3 of 4 rows: row 3 (96..100), then rows 4 and 5 clamp to the last row, 3: 96..100 three times.";
    rows.add("bounds", r32("media_ld.nomod (4,3) T6 0 0x0:ud 0x3:ud VD.0")
        .expect_reg("VD", 0, some(&ramp(96, 4).repeat(3))).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved: (4,2) at X 4, Y 0xFFFFFFFF, which is -1: row -1 clamps to row 0 (bytes 4..8), then row 0 itself: 04 05 06 07 twice.";
    rows.add("bounds", r32("media_ld.nomod (4,2) T6 0 0x4:ud 0xffffffff:ud VD.0")
        .expect_reg("VD", 0, some(&ramp(4, 4).repeat(2))).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, resolved, a 1-byte format (R8_UNORM, 4 pixels wide): X 2, (8,1): bytes 2 3 inside, bytes 4..10 clamp to pixel 3, byte 3: 02 03 03 03 03 03 03 03; no conversion (the bytes as stored).";
    rows.add("bounds", on_surface(media_row("media_ld.nomod (8,1) T6 0 0x2:ud 0x0:ud VD.0", 128), F::R8Unorm, 4, 4)
        .expect_reg("VD", 0, some(&[2, 3, 3, 3, 3, 3, 3, 3])).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, literal: the same (4,3) block at Y 3 leaves the 4 rows: undefined behaviour.";
    rows.add("bounds", r32("media_ld.nomod (4,3) T6 0 0x0:ud 0x3:ud VD.0").literal(errata::MEDIA_OUT_OF_BOUNDS)
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "MEDIA-OUT-OF-BOUNDS, literal: a block inside the surface reads as the Semantics say: (4,1) at X 4, Y 2 is 68..72.";
    rows.add("bounds", r32("media_ld.nomod (4,1) T6 0 0x4:ud 0x2:ud VD.0").literal(errata::MEDIA_OUT_OF_BOUNDS)
        .expect_reg("VD", 0, some(&ramp(68, 4))).derived(d));
    let d = "MEDIA-FIELD-ROWS, resolved: top (0b010), (4,2) at Y 0: field rows 0 and 1 are surface rows 0 and 2: 0..4, 64..68.";
    rows.add("fields", r32("media_ld.top (4,2) T6 0 0x0:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&cat(&[&ramp(0, 4), &ramp(64, 4)]))).derived(d));
    let d = "MEDIA-FIELD-ROWS, resolved: bottom (0b011), (4,2) at Y 0: surface rows 1 and 3: 32..36, 96..100.";
    rows.add("fields", r32("media_ld.bottom (4,2) T6 0 0x0:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&cat(&[&ramp(32, 4), &ramp(96, 4)]))).derived(d));
    let d = "MEDIA-FIELD-ROWS with MEDIA-OUT-OF-BOUNDS, resolved: bottom, (4,2) at Y 1: the bottom field of 4 rows has 2 rows (1, 3); field row 1 is surface row 3 (96..100), field row 2 clamps to field row 1: 96..100 again.";
    rows.add("fields", r32("media_ld.bottom (4,2) T6 0 0x0:ud 0x1:ud VD.0")
        .expect_reg("VD", 0, some(&ramp(96, 4).repeat(2))).derived(d));
    let d = "MEDIA-FIELD-ROWS, literal: the Semantics loop does not read the modifier: top (4,2) at Y 0 reads rows 0 and 1: 0..4, 32..36.";
    rows.add("fields", r32("media_ld.top (4,2) T6 0 0x0:ud 0x0:ud VD.0").literal(errata::MEDIA_FIELD_ROWS)
        .expect_reg("VD", 0, some(&cat(&[&ramp(0, 4), &ramp(32, 4)]))).derived(d));
    let d = "Plane 1 of R32_UINT, a format without planes: undefined behaviour.";
    rows.add("bounds", r32("media_ld.nomod (4,1) T6 1 0x0:ud 0x0:ud VD.0")
        .expect_error(ErrorClass::UndefinedBehaviour).derived(d));
    let d = "Block_width: 1 to 64 (MEDIA-BLOCK-RANGES); 65 is invalid.";
    rows.add("validation", r32("media_ld.nomod (65,1) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("block_width").derived(d));
    let d = "The Notes' table: a block 33 to 64 bytes wide is at most 4 rows high; (33,5) is invalid.";
    rows.add("validation", r32("media_ld.nomod (33,5) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("block_height").derived(d));
    let d = "The Notes' table: 1 to 4 bytes wide, at most 64 rows: (4,64) is valid, a block 4x64 of the 4-row surface, rows 4.. clamped to row 3; its first two rows are 0..4 and 32..36.";
    rows.add("validation", r32("media_ld.nomod (4,64) T6 0 0x0:ud 0x0:ud VD.0")
        .expect_reg("VD", 0, some(&cat(&[&ramp(0, 4), &ramp(32, 4)]))).derived(d));
    let d = "Block_height: 0 rows is not in 1 to 64.";
    rows.add("validation", r32("media_ld.nomod (4,0) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("block_height").derived(d));
    let d = "MEDIA-BLOCK-RANGES, literal: \"[1], [64]\" admits widths 1 and 64 only: (32,1) is invalid.";
    rows.add("validation", r32("media_ld.nomod (32,1) T6 0 0x0:ud 0x0:ud VD.0").literal(errata::MEDIA_BLOCK_RANGES).expect_invalid("block_width").derived(d));
    let d = "MEDIA-BLOCK-RANGES, literal: a (1,1) block is one of the values written: byte 5 of row 0 is 05.";
    rows.add("validation", r32("media_ld.nomod (1,1) T6 0 0x5:ud 0x0:ud VD.0").literal(errata::MEDIA_BLOCK_RANGES)
        .expect_reg("VD", 0, some(&[5, 0xee, 0xee, 0xee])).derived(d));
    let d = "Plane: 0 to 3 (MEDIA-BLOCK-RANGES); 4 is invalid.";
    rows.add("validation", r32("media_ld.nomod (4,1) T6 4 0x0:ud 0x0:ud VD.0").expect_invalid("plane").derived(d));
    let d = "MEDIA-BLOCK-RANGES, literal: \"[0], [3]\": plane 1 is invalid.";
    rows.add("validation", r32("media_ld.nomod (4,1) T6 1 0x0:ud 0x0:ud VD.0").literal(errata::MEDIA_BLOCK_RANGES).expect_invalid("plane").derived(d));
    let d = "Modifiers: the document lists 0b000, 0b010 and 0b011; IGC's `modified` (0b001) is none of them.";
    rows.add("validation", r32("media_ld.modified (4,1) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("modifiers").derived(d));
    let d = "Surface: T0 (SLM): no.";
    rows.add("validation", r32("media_ld.nomod (4,1) %slm 0 0x0:ud 0x0:ud VD.0").expect_invalid("surface").derived(d));
    let d = "Surface: T5 (stateless): no.";
    rows.add("validation", r32("media_ld.nomod (4,1) T5 0 0x0:ud 0x0:ud VD.0").expect_invalid("surface").derived(d));
    let d = "X_offset: \"Must have type UD\": a UW variable is invalid.";
    rows.add("validation", r32("media_ld.nomod (4,1) T6 0 VW(0,0)<0;1,0> 0x0:ud VD.0").expect_invalid("x_offset").derived(d));
    let d = "MEDIA-OFFSET-TYPES, literal: Y_offset \"Must have type UD\": a D immediate is invalid.";
    rows.add("validation", r32("media_ld.nomod (4,1) T6 0 0x0:ud 0x0:d VD.0").literal(errata::MEDIA_OFFSET_TYPES).expect_invalid("y_offset").derived(d));
    let d = "MEDIA-OFFSET-TYPES, resolved: X in a D variable (IGC's `type=d`), -4, with MEDIA-OUT-OF-BOUNDS: (8,1) at row 2: bytes -4..0 read pixel 0 of row 2 (64..68), then bytes 0..4 (64..68) again.";
    rows.add("types", r32("media_ld.nomod (8,1) T6 0 VI(0,0)<0;1,0> 0x2:ud VD.0").var("VI", (-4i32).to_le_bytes().to_vec())
        .expect_reg("VD", 0, some(&ramp(64, 4).repeat(2))).derived(d));
    let d = "Dst: (16,4) spans 3*16 + 16 = 64 register bytes; VS has 32.";
    rows.add("validation", r32("media_ld.nomod (16,4) T6 0 0x0:ud 0x0:ud VS.0").expect_invalid("dst").derived(d));
    let d = "The Text has no predicate.";
    rows.add("validation", r32("(P1) media_ld.nomod (4,1) T6 0 0x0:ud 0x0:ud VD.0").expect_invalid("pred").derived(d));
}

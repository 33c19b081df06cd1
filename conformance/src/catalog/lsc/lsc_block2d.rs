//! LSC_UNTYPED's block 2D sub-ops (instructions/LSC_UNTYPED.md): hand-derived rows, each with its
//! derivation.

use super::*;
use crate::catalog::build::How::{self, Literal, Plain};
use visa_model::platform::Platform::{Xe2, XeHpc, XeHpg};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_block2d", file: "catalog/lsc/lsc_block2d.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let mut d = "";
    for &Block { text, init, how, at, want, d: own } in BLOCKS {
        d = if own.is_empty() { d } else { own };
        let (group, var, head, want) = match text.starts_with("lsc_load") {
            true => ("load", "VD", "(case, register byte offset in VD, expected bytes).", Want::Reg("VD", at as usize, some(want))),
            false => ("store", "VS", "(case, flat address, expected bytes).", Want::Mem(at, some(want))),
        };
        let mut c = case(text);
        if !init.is_empty() {
            c = c.var(var, init.to_vec());
        }
        let c = match how { How::Plain => c, How::Tag(id) => c.tag(id), How::Literal(id) => c.literal(id) };
        rows.add(group, check(surface_2d(c), want).derived(&format!("{head} {d}")));
    }
    limits(rows);
    let d = "(case, observation). d32.1x8x2nn at X = 14, Y = 2 on the 64x4 surface: row 2, dword columns 14, 15 (bytes 56..63, values 128 + 56 = 0xb8 .. 0xbf) inside, columns 16..21 past the width: zero; register row pitch 8 dwords = 32 bytes; register row 1 is surface row 3 (0xf8 .. 0xff).";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x8x2nn flat[0x10000,0x3f,0x3,0x3f,0xe,0x2]")),
        Want::Reg("VD", 0, cat(&[&some(&[0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf]), &some(&[0; 24]),
        &some(&[0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff])]))).derived(d));
    let d = "(case, observation). d8.1x4x1nn store at X = 62, Y = -1: row -1 dropped (the 0xee row above and row 0's bytes 0 .. 3 stay); then d8.1x8x2nn at X = 60, Y = 3: row 3 bytes 60..63 written, bytes 64.. (the row below, 0x10100) and row 4 dropped.";
    rows.add("published", check(surface_64(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x3f,0x3e,-0x1] VS:d8.1x4x1nn").var("VS", vec![1, 2, 3, 4])),
        Want::Mem(0xfffc, some(&[0xee, 0xee, 0xee, 0xee, 0, 1, 2, 3]))).derived(d));
    rows.add("published", check(surface_64(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x3f,0x3c,0x3] VS:d8.1x8x2nn")
        .var("VS", (1..=16).collect())), Want::Mem(0x100fc, some(&[1, 2, 3, 4, 0xee, 0xee, 0xee, 0xee]))).derived(d));
    let d = "(case, observation). Surfaces outside the published limits (oneapi-src/oneDNN, src/gpu/jit/ir/block_2d_utils.hpp): undefined behaviour. A width of 16 bytes (under 64):";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x1nn flat[0x10000,0xf,0x3,0x3f,0x0,0x0]")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation). a width of 66 bytes (not a multiple of 4):";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x1nn flat[0x10000,0x41,0x3,0x4f,0x0,0x0]")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation). d64 on a width of 68 bytes (a multiple of 4, not of 8):";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x1x1nn flat[0x10000,0x43,0x3,0x4f,0x0,0x0]")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation). a pitch of 72 bytes (not a multiple of 16):";
    rows.add("published", check(surface_64(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x3f,0x3,0x47,0x0,0x0] VS:d8.1x4x1nn")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation). a base 0x10020 (not 64-byte aligned):";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x1nn flat[0x10020,0x3f,0x3,0x3f,0x0,0x0]")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation). 0x1000000 + 1 rows (more than 2^24):";
    rows.add("published", check(surface_64(case("lsc_load_block2d.ugm (M1_NM, 1) %null:d32.1x4x1nn flat[0x10000,0x3f,0x1000000,0x3f,0x0,0x0]")),
        Want::Error(ErrorClass::UndefinedBehaviour)).derived(d));
    let d = "(case, observation under the resolved reading, under the literal one). d16.1x2x1nn on a 1-byte-wide surface: element 0 is bytes 0, 1 and byte 1 is past the width. Resolved: zero. Literal (element-first): its first byte is inside, the whole element is read (0x80 0x81, byte 1 from the pitch gap). Element 1 starts at byte 2: zero in both.";
    rows.add("straddle", check(surface_2d(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x1nn flat[0x10000,0x0,0x3,0xf,0x0,0x0]")).tag(errata::BLOCK2D_STRADDLE),
        Want::Reg("VD", 0, some(&[0, 0, 0, 0]))).derived(d));
    rows.add("straddle", check(surface_2d(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x1nn flat[0x10000,0x0,0x3,0xf,0x0,0x0]"))
        .literal(errata::BLOCK2D_STRADDLE), Want::Reg("VD", 0, some(&[0x80, 0x81, 0, 0]))).derived(d));
    let d = "(case, observation under the resolved reading, under the literal one). d64.1x2x1nn on a 12-byte-wide surface (12 = 4 mod 8): element 0 (bytes 0..7) inside, element 1 (bytes 8..15) straddles: zero, or 0x88 .. 0x8f element-first.";
    rows.add("straddle", check(surface_2d(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x2x1nn flat[0x10000,0xb,0x3,0xf,0x0,0x0]")).tag(errata::BLOCK2D_STRADDLE),
        Want::Reg("VD", 8, some(&[0; 8]))).derived(d));
    rows.add("straddle", check(surface_2d(case("lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x2x1nn flat[0x10000,0xb,0x3,0xf,0x0,0x0]"))
        .literal(errata::BLOCK2D_STRADDLE), Want::Reg("VD", 8, some(&[0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f]))).derived(d));
    let d = "(case, observation under the resolved reading, under the literal one). d16.1x2x1nn store of 1 2 3 4 on a 1-byte-wide surface: dropped (memory keeps 0x80 0x81), or element 0 written whole (1 2, byte 1 into the pitch gap); element 1 dropped in both.";
    rows.add("straddle", check(surface_2d(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x0,0x3,0xf,0x0,0x0] VS:d16.1x2x1nn").var("VS", vec![1, 2, 3, 4]))
        .tag(errata::BLOCK2D_STRADDLE), Want::Mem(0x10000, some(&[0x80, 0x81, 0x82, 0x83]))).derived(d));
    rows.add("straddle", check(surface_2d(case("lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0x0,0x3,0xf,0x0,0x0] VS:d16.1x2x1nn").var("VS", vec![1, 2, 3, 4]))
        .literal(errata::BLOCK2D_STRADDLE), Want::Mem(0x10000, some(&[1, 2, 0x82, 0x83]))).derived(d));
    add_payload(rows);
}

/// A row through a 2D block address payload (BLOCK2D-ADDRESS-PAYLOAD) on `platform`: DECLS
/// and VP (8 UD, 32 bytes: one payload), VPS (4 UD, 16 bytes: too small) and VPA (8 UD
/// aliasing VS from byte 4: not GRF-aligned), over [`surface_2d`]'s 16x8 surface. VP holds
/// base 0x10000 (bytes 0..8), width-1 0xf, height-1 0x7, pitch-1 0xf (bytes 8..20), X = 1,
/// Y = 1 (bytes 20..28) and 0xff in bytes 28..32 (the block shape, not read); VX = VY = 1.
#[rustfmt::skip]
fn payload(text: &str, platform: Platform) -> Case {
    let decls = format!(
        "{DECLS}.decl VP v_type=G type=ud num_elts=8\n.decl VPS v_type=G type=ud num_elts=4\n\
         .decl VPA v_type=G type=ud num_elts=8 alias=<VS, 4>\n"
    );
    let vp = cat(&[&le64(&[0x10000]), &le32(&[0xf, 0x7, 0xf, 1, 1]), &[0xff; 4]]);
    let mut c = surface_2d(Case::new(&decls, text)).on(platform).var("VP", vp.clone()).var("VPS", vp[..16].to_vec()).var("VX", le32(&[1])).var("VY", le32(&[1]));
    if text.contains("VPA") {
        c = c.var("VS", cat(&[&[0; 4], &vp]));
    }
    c
}

#[rustfmt::skip]
fn add_payload(rows: &mut Rows) {
    let p = errata::BLOCK2D_ADDRESS_PAYLOAD;
    for platform in [Platform::XeHpc, Platform::Xe2] {
        let d = "(case, register byte offset in VD, expected bytes). BLOCK2D-ADDRESS-PAYLOAD: VP's X = 1, Y = 1 plus (1, 2): X = 2, Y = 3 on the 16x8 surface (byte (r, b) = 0x80 + 16r + b); d8.1x4x2nn, grf_row_pitch 4: register row 0 is row 3 cols 2..5 (0xb2..0xb5), row 1 is row 4 (0xc2..0xc5). The six-operand form with VX+1, VY+2 (VX = VY = 1) reads the same block. Literal: the documents' form has six address operands, so this one is invalid.";
        let want = some(&[0xb2, 0xb3, 0xb4, 0xb5, 0xc2, 0xc3, 0xc4, 0xc5]);
        let load = "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(1,2)]";
        rows.add("payload", check(payload(load, platform).tag(p), Want::Reg("VD", 0, want.clone())).derived(d));
        rows.add(
            "payload",
            check(payload("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x7,0xf,VX+1,VY+2]", platform).tag(p), Want::Reg("VD", 0, want))
                .derived(d),
        );
        rows.add("payload", check(payload(load, platform).literal(p), Want::Error(ErrorClass::InvalidInstruction)).derived(d));
        let d = "(case, register byte offset in VD, expected bytes). Negative offsets (-2, -1): X = -1, Y = 0; col -1 is outside (zero, BLOCK2D-OUT-OF-BOUNDS): register row 0 is 0, 0x80, 0x81, 0x82 and row 1 is 0, 0x90, 0x91, 0x92, as the six-operand form with VX-2, VY-1 gives.";
        let want = some(&[0, 0x80, 0x81, 0x82, 0, 0x90, 0x91, 0x92]);
        rows.add(
            "payload",
            check(payload("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VP+(-2,-1)]", platform).tag(p), Want::Reg("VD", 0, want.clone())).derived(d),
        );
        rows.add(
            "payload",
            check(payload("lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x7,0xf,VX-2,VY-1]", platform).tag(p), Want::Reg("VD", 0, want))
                .derived(d),
        );
        let d = "(case, flat address, expected bytes). Store d8.1x4x2nn of VS = 1..8 through VP plus (2, 1): X = 3, Y = 2; register row n (pitch 4) goes to row 2 + n cols 3..6: row 2 (0x10020) keeps 0xa0..0xa2, gets 1 2 3 4 at 0x10023, keeps 0xa7; row 3 gets 5 6 7 8 at 0x10033. The six-operand form with VX+2, VY+1 writes the same bytes. Literal: the documents' form has six address operands, so this one is invalid.";
        let store = "lsc_store_block2d.ugm (M1_NM, 1) flat[VP+(2,1)] VS:d8.1x4x2nn";
        let six = "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x7,0xf,VX+2,VY+1] VS:d8.1x4x2nn";
        for text in [store, six] {
            rows.add("payload", check(payload(text, platform).tag(p).var("VS", (1..=8).collect()), Want::Mem(0x10022, some(&[0xa2, 1, 2, 3, 4, 0xa7]))).derived(d));
            rows.add("payload", check(payload(text, platform).tag(p).var("VS", (1..=8).collect()), Want::Mem(0x10032, some(&[0xb2, 5, 6, 7, 8, 0xb7]))).derived(d));
        }
        rows.add("payload", check(payload(store, platform).literal(p).var("VS", (1..=8).collect()), Want::Error(ErrorClass::InvalidInstruction)).derived(d));
        let d = "A payload smaller than the 32 bytes of BLOCK2D-ADDRESS-PAYLOAD (VPS, 16 bytes), or not at a GRF boundary (VPA aliases VS from byte 4): invalid instructions; literal: the form itself is invalid (six address operands).";
        for text in [
            "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VPS+(0,0)]",
            "lsc_store_block2d.ugm (M1_NM, 1) flat[VPS+(0,0)] VS:d8.1x4x2nn",
            "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[VPA+(0,0)]",
        ] {
            rows.add("payload", check(payload(text, platform).tag(p), Want::Error(ErrorClass::InvalidInstruction)).derived(d));
            rows.add("payload", check(payload(text, platform).literal(p), Want::Error(ErrorClass::InvalidInstruction)).derived(d));
        }
    }
}

/// Erratum BLOCK2D-LIMITS: a shape on `on` is invalid under the resolved reading; under the
/// literal one it is invalid too (`literal_runs: false`: a platform's own limits) or runs,
/// observing nothing (`literal_runs: true`). `d` follows [`SHAPES`] in those rows' derivation,
/// and is empty in the others, which share [`PLATFORM_LIMITS`].
#[derive(Debug)]
struct Limit {
    on: Platform,
    text: &'static str,
    literal_runs: bool,
    d: &'static str,
}

const PLATFORM_LIMITS: &str =
    "Platform limits: xe-hpg has no block 2D; 3 blocks; 33 rows; 2*64 bytes wide; transpose of d8; VNNI of d32; a store of two blocks.";

const SHAPES: &str = "Shapes the documents allow and Intel's published limits do not (BLOCK2D-LIMITS; intel/llvm, sycl/include/sycl/ext/intel/experimental/esimd/memory.hpp, check_lsc_block_2d_restrictions): invalid instructions under the resolved reading, executed under the literal one.";

#[rustfmt::skip]
fn limits(rows: &mut Rows) {
    for &Limit { on, text, literal_runs, d } in LIMITS {
        let d = if literal_runs { format!("{SHAPES} {d}") } else { PLATFORM_LIMITS.to_string() };
        let resolved = case(text).on(on).tag(errata::BLOCK2D_LIMITS);
        rows.add("limits", check(resolved, Want::Error(ErrorClass::InvalidInstruction)).derived(&d));
        let literal = case(text).on(on).literal(errata::BLOCK2D_LIMITS);
        let literal = if literal_runs { literal.observe(vec![]) } else { check(literal, Want::Error(ErrorClass::InvalidInstruction)) };
        rows.add("limits", literal.derived(&d));
    }
}

#[rustfmt::skip]
const LIMITS: &[Limit] = &[
    Limit { on: XeHpg, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.3x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x33nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d16.2x32x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2tn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x4x2nt flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: false, d: "" },
    Limit { on: Xe2, text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d8.2x4x2nn", literal_runs: false, d: "" },
    Limit { on: XeHpc, text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d8.1x16x9nn", literal_runs: true,
            d: "A store 9 rows high: stores are at most 8 (d8, 16 bytes a row: inside the 64-byte width)." },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x3x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: true,
            d: "3 d8 elements = 3 bytes a row: not a whole number of dwords." },
    Limit { on: Xe2, text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x0,0x0] VD:d16.1x1x2nn", literal_runs: true,
            d: "d16 1 wide = 2 bytes a row: not a whole number of dwords (stores too)." },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.2x2x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: true,
            d: "Two d64 blocks (2*2*8 = 32 bytes, inside the documents' 64): d64 loads take one block." },
    Limit { on: Xe2, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.4x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: true,
            d: "Four d32 blocks (4*4*4 = 64 bytes): d32 loads take 1 or 2." },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x32x2nt flat[0x10000,0xf,0x3,0xf,0x0,0x0]", literal_runs: true,
            d: "VNNI d16 32 wide (64 bytes): VNNI widths stop at 16." },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x2x4tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", literal_runs: true,
            d: "Transposed d64 4 high: a transposed d64 block is 8 high." },
    Limit { on: Xe2, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x3x8tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", literal_runs: true,
            d: "Transposed d64 3 wide (8 high): 1, 2 or 4 wide." },
    Limit { on: XeHpc, text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x16x2tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", literal_runs: true,
            d: "Transposed d32 16 wide: up to 8." },
];

/// A load (VD) or store (VS) row over [`surface_2d`]: `text` with its data variable starting
/// as `init` (zeros when empty), read `how`, expecting `want` at `at`: VD's register byte
/// for a load, the flat address for a store. `d` is the derivation after the row kind's
/// header; empty, the previous row's.
#[derive(Debug)]
struct Block {
    text: &'static str,
    init: &'static [u8],
    how: How,
    at: u64,
    want: &'static [u8],
    d: &'static str,
}

#[rustfmt::skip]
const BLOCKS: &[Block] = &[
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0x81, 0x82, 0x83, 0x90, 0x91, 0x92, 0x93],
            d: "d8.1x4x2nn at (0,0) of a 16x4 surface: grf_row_pitch = 4, rows 0 and 1, cols 0..3." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", init: &[0xaa; 256], how: Plain, at: 8, want: &[0; 56],
            d: "... and the block is padded with zeros to its 64-byte register (grf_block_pitch 64)." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0xe,0x3]", init: &[], how: Plain, at: 0, want: &[0xbe, 0xbf, 0, 0, 0, 0, 0, 0],
            d: "Bottom-right corner X=14, Y=3 of the 16x4 surface: row 3 cols 14, 15 inside (0xbe 0xbf), cols 16, 17 and row 4 outside: zero (BLOCK2D-OUT-OF-BOUNDS)." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,VX-2,VY+1]", init: &[], how: Plain, at: 0, want: &[0, 0, 0x90, 0x91, 0, 0, 0xa0, 0xa1],
            d: "Left edge: X = VX - 2 = -2 with VX = 0: cols -2, -1 outside, cols 0, 1 inside; Y = VY + 1 = 1." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x3,0xf,0x0,VY-1]", init: &[], how: Plain, at: 0, want: &[0, 0, 0, 0, 0x80, 0x81, 0x82, 0x83],
            d: "Top edge: Y = -1: row -1 outside (zeros), row 0 inside." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.2x4x1nn flat[0x10000,0xf,0x3,0xf,0x0,0x1]", init: &[], how: Plain, at: 64, want: &[0x94, 0x95, 0x96, 0x97],
            d: "Blocks 2: block 1 holds cols 4..7 of row 1 at register byte 64 (the next block pitch)." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.4x2x1nn flat[0x10000,0xf,0x3,0xf,0x0,0x0]", init: &[], how: Plain, at: 192, want: &[0x86, 0x87],
            d: "Blocks 4 of 2x1: block k holds cols 2k, 2k+1 of row 0 at byte 64k; block 3: cols 6, 7." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x4nt flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0x90, 0xa0, 0xb0, 0x81, 0x91, 0xa1, 0xb1],
            d: "VNNI d8.1x2x4nt: elems_per_dword 4; x=0 takes rows 0..3 of col 0, then x=1." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x2nt flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0x81, 0x90, 0x91, 0x82, 0x83, 0x92, 0x93],
            d: "VNNI d16.1x2x2nt: elems_per_dword 2; element (r, c) is bytes 16r + 2c: (0,0) (1,0) (0,1) (1,1)." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d32.1x2x3tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0x81, 0x82, 0x83, 0x90, 0x91, 0x92, 0x93, 0xa0, 0xa1, 0xa2, 0xa3, 0, 0, 0, 0, 0x84, 0x85, 0x86, 0x87, 0x94, 0x95, 0x96, 0x97, 0xa4, 0xa5, 0xa6, 0xa7, 0, 0, 0, 0],
            d: "Transpose d32.1x2x3tn: grf_row_pitch = round_up_pow2(3) = 4; register row x holds column x of rows 0..2, then one zero element." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d64.1x1x2tn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97],
            d: "Transpose d64.1x1x2tn: column 0 of rows 0 and 1." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x2nn flat[0x10000,0x0,0x1,0xf,0x0,0x0]", init: &[], how: Plain, at: 0, want: &[0x80, 0, 0x90, 0],
            d: "A 1-byte-wide surface (SurfaceWidth 0): only col 0 is inside." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x8x1nn flat[0x10000,0x3,0x7,0xf,0x0,0x1]", init: &[], how: Plain, at: 0, want: &[0x90, 0x91, 0x92, 0x93, 0, 0, 0, 0],
            d: "Pitch (16) larger than the width (4): row 1 cols 4..7 are past the width: zero." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x1nn flat[0x10000,0xf,0x7,0xf,0x0,0x2]", init: &[], how: Literal(errata::BLOCK2D_ROW_Y), at: 0, want: &[0x80, 0x81],
            d: "BLOCK2D-ROW-Y literal: Y = 2 is dropped, row 0 is read." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x2x2nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Literal(errata::BLOCK2D_SURFACE_MINUS_ONE), at: 0, want: &[0x80, 0x81, 0x8f, 0x90],
            d: "BLOCK2D-SURFACE-MINUS-ONE literal: the pitch is 15, not 16: row 1 starts at byte 15." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x4x2nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Literal(errata::BLOCK2D_TEXT_SWAP), at: 0, want: &[0x80, 0x81, 0x90, 0x91, 0xa0, 0xa1, 0xb0, 0xb1],
            d: "BLOCK2D-TEXT-SWAP literal: 1x4x2 is height 4, width 2: grf_row_pitch 2." },
    Block { text: "lsc_load_block2d.ugm (M1_NM, 1) VD:d8.1x1x1nn flat[0x10000,0xf,0x7,0xf,0x0,0x0]", init: &[], how: Literal(errata::BLOCK2D_MINUS_ONE), at: 64, want: &[0x82, 0x83, 0x92, 0x93],
            d: "BLOCK2D-MINUS-ONE literal: 1x1x1 runs 2 blocks of 2x2; block 1 (byte 64) holds cols 2, 3." },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x4x2nn", init: &[1, 2, 3, 4, 5, 6, 7, 8], how: Plain, at: 0x10010, want: &[0x90, 1, 2, 3, 4, 0x95],
            d: "d8.1x4x2nn at X=1, Y=1: register row n (pitch 4) goes to row 1+n, cols 1..4." },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x4x2nn", init: &[1, 2, 3, 4, 5, 6, 7, 8], how: Plain, at: 0x10020, want: &[0xa0, 5, 6, 7, 8, 0xa5], d: "" },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0xe,0x3] VS:d8.1x4x2nn", init: &[1, 2, 3, 4, 5, 6, 7, 8], how: Plain, at: 0x1003e, want: &[1, 2, 0xc0, 0xc1],
            d: "Corner X=14, Y=3 of the 16x4 surface: row 3 cols 14, 15 written; cols 16, 17 (row 4's first bytes in memory) and row 4 dropped." },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0xe,0x3] VS:d8.1x4x2nn", init: &[1, 2, 3, 4, 5, 6, 7, 8], how: Plain, at: 0x1004e, want: &[0xce, 0xcf], d: "" },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x3,0x0] VS:d16.1x2x1nn", init: &[1, 2, 3, 4], how: Plain, at: 0x10006, want: &[1, 2, 3, 4],
            d: "d16.1x2x1nn at X=3: element 3 of row 0 is bytes 6, 7." },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x2x2nn", init: &[1, 2, 3, 4], how: Literal(errata::BLOCK2D_STORE_INDEX), at: 0x10002, want: &[1, 3],
            d: "BLOCK2D-STORE-INDEX literal, d8.1x2x2nn, X = Y = 1 as bytes: Src1Data[v*2 + n] lands at base + 1 + 16n + 1 + v: (n,v) = (0,0) reg 0 at 2, (0,1) reg 2 at 3." },
    Block { text: "lsc_store_block2d.ugm (M1_NM, 1) flat[0x10000,0xf,0x3,0xf,0x1,0x1] VS:d8.1x2x2nn", init: &[1, 2, 3, 4], how: Literal(errata::BLOCK2D_STORE_INDEX), at: 0x10012, want: &[2, 4],
            d: "... (1,0) reg 1 at 18, (1,1) reg 3 at 19." },
];

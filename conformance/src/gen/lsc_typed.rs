//! Generators of LSC_TYPED's executed forms (instructions/LSC_TYPED.md; unit `.tgm`):
//! `lsc_load_quad.tgm`, `lsc_store_quad.tgm` and `lsc_load_status.tgm` on a typed surface (width, height, depth,
//! pitch, pixel_size; docs/memory.md) with 1 to 4 coordinates, each lane's pixel inside,
//! on an edge, past one (U, V, R), or of LOD 1 (out of bounds: zero, dropped); the atomics
//! and `lsc_store_uncompressed.tgm` with one address and no scale or offset
//! (LSC-TYPED-TEXT). The typed forms share their opcodes with LSC_UNTYPED, so they have
//! their own streams ([`case`], rows of [`crate::registry`]) rather than the untyped ones'.
//!
//! The block 2D forms `lsc_load_block2d.tgm` and `lsc_store_block2d.tgm` (`block2d`) place
//! a `BlockWidth x BlockHeight` block on a typed surface (pixels of 1 to 16 bytes, widths
//! not always a whole number of pixels, pitch padding, now and then rows that overlap)
//! wholly inside, on each edge and corner, and wholly outside, with X and Y immediates or
//! variables; a fifth of the cases run LSC-TYPED-BLOCK2D-INDEX literally.
//!
//! Invalid typed lines (a flat address, a scale, two addresses on an atomic, SIMD16 on
//! xe-hpg, a transposed shape) are [`invalid_lines`], a fixed list, and [`invalid_case`], a
//! generator of invalid forms of every kind: both engines must reject them alike.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::lsc::{AtomicOp, DataShape, DataSize};
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{AddrSize, AddrType, Surface, SurfaceHeap, FLAT};

use super::choices::{choices, Choices, Draws};
use super::lsc::{data_size, hex, pack, place_block, Parts};
use super::GenCase;
use crate::vector::MemRegion;

/// The surface's base address in the flat space.
const BASE: u64 = 0x1000;

/// A valid typed case of `op` (`LscAtomicIadd` stands for every atomic sub-op).
pub fn case(op: Opcode) -> BoxedStrategy<GenCase> {
    // Block 2D messages exist on xe-hpc and xe2 (LSC-TYPED-BLOCK2D-TEXT).
    let platforms = if matches!(op, Opcode::LscLoadBlock2d | Opcode::LscStoreBlock2d) {
        vec![Platform::XeHpc, Platform::Xe2]
    } else {
        vec![Platform::XeHpg, Platform::XeHpc, Platform::Xe2]
    };
    (select(platforms), choices())
        .prop_map(move |(platform, choices)| build(op, platform, &choices))
        .boxed()
}

/// A general variable of `bytes` bytes (ub elements) and its declaration.
fn decl(name: &str, bytes: usize) -> String {
    format!(".decl {name} v_type=G type=ub num_elts={bytes}")
}

/// Lane mask, predicate and execution size shared by every form.
struct Lanes {
    exec_size: u32,
    mask: String,
    pred_text: String,
    emask: u32,
}

fn lanes(
    rng: &mut Draws,
    platform: Platform,
    decls: &mut Vec<String>,
    preds: &mut Vec<(String, u32)>,
) -> Lanes {
    let max = visa_model::ir::lsc_typed::max_exec_size(platform);
    let exec_size = rng.pick(&[1u32, 2, 4, 8, 16, 16]).min(max);
    let nm = rng.chance(4);
    let emask = if rng.chance(3) {
        rng.draw() as u32
    } else {
        u32::MAX
    };
    let pred_text = if rng.chance(4) {
        decls.push(".decl P1 v_type=P num_elts=32".into());
        preds.push(("P1".into(), rng.draw() as u32));
        if rng.chance(2) { "(!P1) " } else { "(P1) " }.to_string()
    } else {
        String::new()
    };
    Lanes {
        exec_size,
        mask: format!("M1{}", if nm { "_NM" } else { "" }),
        pred_text,
        emask,
    }
}

/// The address type and the `(Surface)` text of a surface at `index`.
fn surface_operand(rng: &mut Draws) -> (AddrType, SurfaceHeap, u32) {
    match rng.below(4) {
        0 => (AddrType::Bss, SurfaceHeap::Bindless, 0x40),
        1 => (AddrType::Ss, SurfaceHeap::SurfaceState, 0x80),
        _ => (
            AddrType::Bti,
            SurfaceHeap::BindingTable,
            1 + rng.below(4) as u32,
        ),
    }
}

fn addr_size(rng: &mut Draws) -> AddrSize {
    rng.pick(&[AddrSize::A32, AddrSize::A32, AddrSize::A16, AddrSize::A64])
}

fn build(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    if matches!(op, Opcode::LscLoadBlock2d | Opcode::LscStoreBlock2d) {
        return block2d(op, platform, choices);
    }
    if matches!(
        op,
        Opcode::LscLoadQuad | Opcode::LscStoreQuad | Opcode::LscLoadStatus
    ) {
        quad(op, platform, choices)
    } else {
        untyped_like(op, platform, choices)
    }
}

fn quad(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    let mut rng = choices.draws();
    let status = op == Opcode::LscLoadStatus;
    let load = op == Opcode::LscLoadQuad || status;
    let grf = platform.grf_size();
    let mnemonic = op.mnemonic();
    let mut tags = vec![format!("{mnemonic}.tgm")];
    let mut literal: Vec<&'static str> = Vec::new();
    let mut decls = Vec::new();
    let mut preds = Vec::new();
    let mut vars = Vec::new();
    let l = lanes(&mut rng, platform, &mut decls, &mut preds);
    let size = rng.pick(&DataSize::ALL);
    let ch_mask = 1 + rng.below(15) as u8;
    let top = (0..4).rev().find(|v| ch_mask >> v & 1 == 1).unwrap_or(0) + 1;
    // The pixel holds the enabled channels (sometimes more); rarely fewer (undefined).
    let chans = if rng.chance(16) {
        tags.push("format-mismatch".into());
        top - 1
    } else {
        top + rng.below((4 - top + 1) as u64) as usize
    };
    let pixel_size = (chans * size.mem_bytes()) as u32;
    let width_px = 1 + rng.below(5) as u32;
    let height = rng.pick(&[0u32, 1, 2, 3, 4]);
    let depth = rng.pick(&[0u32, 1, 2, 3]);
    let width = width_px * pixel_size + if rng.chance(3) { 1 } else { 0 };
    let pitch = width + rng.pick(&[0u32, 0, 4, 8, pixel_size]);
    let (addr_type, heap, index) = surface_operand(&mut rng);
    let surface = Surface {
        heap,
        bti: index,
        base: BASE,
        size: u64::from(pitch) * u64::from(height.max(1)) * u64::from(depth.max(1)),
        width,
        height,
        pitch,
        depth,
        pixel_size,
        aux: 0,
        format: None,
    };
    // Memory: 16 bytes before the surface, the surface, a row past it and 16 bytes more, so a
    // store that lands outside the surface shows.
    let region_len = (surface.size as usize).max(1) + pitch as usize + 32;
    let mem = vec![MemRegion {
        space: FLAT.to_string(),
        addr: BASE - 16,
        bytes: rng.bytes(region_len),
    }];
    tags.push(addr_type.name().into());
    tags.push(size.name().into());
    // Coordinates: U always, then V, R, LOD; a `%null` now and then.
    let asize = addr_size(&mut rng);
    tags.push(asize.name().into());
    let ncoords = 1 + rng.below(4) as usize;
    let limits = [width_px, height.max(1), depth.max(1), 1];
    let mut coord_names = Vec::new();
    let n = l.exec_size as usize;
    let mut oob = false;
    for (k, limit) in limits.iter().enumerate().take(ncoords) {
        let name = ["VU", "VV", "VR", "VL"][k];
        if k > 0 && rng.chance(6) {
            coord_names.push("%null".to_string());
            continue;
        }
        let values: Vec<u64> = (0..n)
            .map(|_| {
                let v = match rng.below(10) {
                    0 => u64::from(*limit),
                    1 if k < 3 => asize.truncate(-1),
                    _ => rng.below(u64::from(*limit)),
                };
                oob |= v >= u64::from(*limit);
                v
            })
            .collect();
        decls.push(decl(name, n * asize.bytes()));
        vars.push((name.to_string(), pack(&values, asize)));
        coord_names.push(name.to_string());
    }
    if oob {
        tags.push("out-of-bounds".into());
    }
    let shape = DataShape {
        size,
        vect_size: if status { 1 } else { ch_mask.count_ones() },
        transposed: false,
    };
    let chan_text: String = (0..4)
        .filter(|v| ch_mask >> v & 1 == 1)
        .map(|v| ['x', 'y', 'z', 'w'][v])
        .collect();
    let span = shape.reg_span(l.exec_size, grf);
    let prefetch = load && rng.chance(10);
    let data_name = if prefetch { "%null" } else { "VD" };
    if !prefetch {
        decls.push(decl("VD", span));
        vars.push(("VD".to_string(), rng.bytes(span)));
    }
    let addr_text = format!(
        "{}({})[{}]:{}",
        addr_type.name(),
        hex(i64::from(index)),
        coord_names.join(","),
        asize.name()
    );
    let data_text = if status {
        format!("{data_name}:{}", size.name())
    } else {
        format!("{data_name}:{}.{chan_text}", size.name())
    };
    let caching = match rng.below(4) {
        0 if load => ".ca.ca",
        0 => ".wb.wb",
        _ => "",
    };
    let operands = if load {
        format!("{data_text} {addr_text}")
    } else {
        format!("{addr_text} {data_text}")
    };
    if status && rng.chance(8) {
        literal.push(errata::LSC_LOAD_STATUS_TRTT);
    } else if load && rng.chance(6) {
        literal.push(errata::LSC_DATA_U32);
    }
    Parts {
        platform,
        literal,
        decls,
        vars,
        preds,
        emask: l.emask,
        tags,
        mem,
        surfaces: vec![surface],
    }
    .finish(&format!(
        "{}{mnemonic}.tgm{caching} ({}, {}) {operands}",
        l.pred_text, l.mask, l.exec_size
    ))
}

/// The atomics and `lsc_store_uncompressed.tgm`: LSC_UNTYPED's with scale 1 and offset 0,
/// one address `[U]` from the surface's base (LSC-TYPED-TEXT), bounded by its size.
fn untyped_like(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    let mut rng = choices.draws();
    let grf = platform.grf_size();
    let atomic = if op == Opcode::LscStoreUncompressed {
        None
    } else {
        Some(rng.pick(&AtomicOp::ALL))
    };
    let mnemonic = atomic.map_or(op.mnemonic(), |a| a.mnemonic());
    let mut tags = vec![format!("{mnemonic}.tgm")];
    let mut literal: Vec<&'static str> = Vec::new();
    let mut decls = Vec::new();
    let mut preds = Vec::new();
    let mut vars = Vec::new();
    let l = lanes(&mut rng, platform, &mut decls, &mut preds);
    let n = l.exec_size as usize;
    let size = data_size(&mut rng, atomic);
    let vect_size = if atomic.is_some() {
        1
    } else {
        rng.pick(&[1u32, 2, 3, 4])
    };
    let shape = DataShape {
        size,
        vect_size,
        transposed: false,
    };
    let mb = size.mem_bytes() as u64;
    let (addr_type, heap, index) = surface_operand(&mut rng);
    let surface_size = rng.pick(&[0x100u64, 0xf0, 0x40]);
    let surface = Surface {
        heap,
        bti: index,
        base: BASE,
        size: surface_size,
        ..Surface::default()
    };
    let mem = vec![MemRegion {
        space: FLAT.to_string(),
        addr: BASE,
        bytes: rng.bytes(0x120),
    }];
    // Aligned offsets; some shared between lanes, some past the surface's size.
    let asize = rng.pick(&[AddrSize::A32, AddrSize::A64, AddrSize::A16]);
    let slots = 0x110 / (mb * u64::from(vect_size));
    let shared = rng.chance(3);
    let offsets: Vec<u64> = (0..n)
        .map(|_| {
            let slot = if shared {
                rng.below(3)
            } else {
                rng.below(slots)
            };
            slot * mb * u64::from(vect_size)
        })
        .collect();
    decls.push(decl("VU", n * asize.bytes()));
    vars.push(("VU".to_string(), pack(&offsets, asize)));
    tags.push(addr_type.name().into());
    tags.push(size.name().into());
    let span = shape.reg_span(l.exec_size, grf);
    let addr_text = format!(
        "{}({})[VU]:{}",
        addr_type.name(),
        hex(i64::from(index)),
        asize.name()
    );
    let operands = match atomic {
        Some(a) => {
            let dst = if rng.chance(8) { "%null" } else { "VD" };
            if dst == "VD" {
                decls.push(decl("VD", span));
                vars.push(("VD".to_string(), rng.bytes(span)));
            }
            let mut srcs = Vec::new();
            for k in 0..2 {
                if k < a.sources() {
                    let name = ["VS1", "VS2"][k];
                    decls.push(decl(name, span));
                    vars.push((name.to_string(), rng.bytes(span)));
                    srcs.push(name.to_string());
                } else {
                    srcs.push("%null".to_string());
                }
            }
            if rng.chance(6) {
                literal.push(rng.pick(&[errata::LSC_ATOMIC_OPERANDS, errata::LSC_DATA_U32]));
            }
            format!("{dst}:{} {addr_text} {}", shape.text(), srcs.join(" "))
        }
        None => {
            decls.push(decl("VD", span));
            vars.push(("VD".to_string(), rng.bytes(span)));
            if rng.chance(6) {
                literal.push(rng.pick(&[errata::LSC_STORE_DSTDATA, errata::LSC_STORE_ELEM_OFFSET]));
            }
            format!("{addr_text} VD:{}", shape.text())
        }
    };
    Parts {
        platform,
        literal,
        decls,
        vars,
        preds,
        emask: l.emask,
        tags,
        mem,
        surfaces: vec![surface],
    }
    .finish(&format!(
        "{}{mnemonic}.tgm ({}, {}) {operands}",
        l.pred_text, l.mask, l.exec_size
    ))
}

/// Typed lines both engines must reject as invalid instructions (LSC_TYPED.md, Text and
/// operand descriptions): (platform, program text).
pub fn invalid_lines() -> Vec<(Platform, String)> {
    let d = ".decl VD v_type=G type=ud num_elts=64\n.decl VU v_type=G type=ud num_elts=16\n.decl VV v_type=G type=ud num_elts=16\n";
    [
        // A typed access goes through a surface.
        (
            Platform::XeHpc,
            "lsc_load_quad.tgm (M1, 8) VD:d32.xy flat[VU,VV]:a32",
        ),
        // No scale or offset on a coordinate.
        (
            Platform::XeHpc,
            "lsc_load_quad.tgm (M1, 8) VD:d32.x bti(0x1)[0x4*VU,VV]:a32",
        ),
        (
            Platform::XeHpc,
            "lsc_store_quad.tgm (M1, 8) bti(0x1)[VU+0x10]:a32 VD:d32.x",
        ),
        // At most four coordinates.
        (
            Platform::XeHpc,
            "lsc_load_quad.tgm (M1, 8) VD:d32.x bti(0x1)[VU,VV,VV,VV,VV]:a32",
        ),
        // SIMD16 is PVC's: xe-hpg takes SIMD8 at most.
        (
            Platform::XeHpg,
            "lsc_load_quad.tgm (M1, 16) VD:d32.x bti(0x1)[VU]:a32",
        ),
        // An atomic takes one address `[Src0AddrsU]` (the Example's `[V12,V13]`).
        (
            Platform::XeHpc,
            "lsc_atomic_iinc.tgm (M1, 8) VD:d32 bti(0x0)[VU,VV]:a32 %null %null",
        ),
        // No transposed typed data.
        (
            Platform::XeHpc,
            "lsc_store_uncompressed.tgm (M1, 1) bti(0x1)[VU]:a32 VD:d32x4t",
        ),
        // The untyped-only forms have no typed unit.
        (
            Platform::XeHpc,
            "lsc_load.tgm (M1, 8) VD:d32 bti(0x1)[VU]:a32",
        ),
        // Append counters: a surface and no address, d32 data, not SLM.
        (
            Platform::XeHpc,
            "lsc_apndctr_atomic_add.ugm (M1, 8) VD:d32 bti(0x1)[VU]:a32 VV:d32",
        ),
        (
            Platform::XeHpc,
            "lsc_apndctr_atomic_add.ugm (M1, 8) VD:d32 flat VV:d32",
        ),
        (
            Platform::XeHpc,
            "lsc_apndctr_atomic_sub.ugm (M1, 8) VD:d64 bti(0x1) VV:d64",
        ),
        (
            Platform::XeHpc,
            "lsc_apndctr_atomic_sub.slm (M1, 8) VD:d32 bti(0x1) VV:d32",
        ),
        (
            Platform::XeLp,
            "lsc_apndctr_atomic_add.ugm (M1, 8) VD:d32 bti(0x1) VV:d32",
        ),
        // Typed block 2D (LSC-TYPED-BLOCK2D-TEXT): the Notes' height limit, two address
        // operands through a surface, SIMD1, xe-hpc and xe2 only.
        (
            Platform::XeHpc,
            "lsc_load_block2d.tgm VD:16x17 bti(0x1)[0,0]",
        ),
        (Platform::XeHpc, "lsc_load_block2d.tgm VD:8x2 flat[VU,VV]"),
        (
            Platform::XeHpc,
            "lsc_store_block2d.tgm (M1, 8) bti(0x1)[VU,VV] VD:8x2",
        ),
        (Platform::XeHpg, "lsc_load_block2d.tgm VD:8x2 bti(0x1)[0,0]"),
        // A coordinate register too small for its lanes.
        (
            Platform::XeHpc,
            "lsc_load_quad.tgm (M1, 16) VD:d32.x bti(0x1)[VU,VV]:a64",
        ),
    ]
    .into_iter()
    .map(|(p, line)| (p, format!("{d}{line}\n")))
    .collect()
}

/// A generated invalid typed line: what [`invalid_case`] draws.
#[derive(Clone, Debug)]
pub struct InvalidLine {
    pub platform: Platform,
    /// The declarations and the line.
    pub text: String,
    /// What is wrong with it, in words.
    pub why: &'static str,
    /// The field the rejection must name, when the defect fixes it (LSC_TYPED.md's Text and
    /// operand rules as validate reads them).
    pub field: Option<&'static str>,
}

/// Invalid LSC_TYPED forms (both engines must reject them as invalid instructions, naming the
/// same field): an untyped-only sub-op on `.tgm`, an execution size past the platform's, the
/// wrong number of coordinates or addresses, a scale or offset, an untyped address type, a
/// transposed or wrongly sized data operand, an atomic's inadmissible data size, registers
/// too small for their lanes, missing operands, and block 2D shapes and operands beyond the
/// Notes' limits.
pub fn invalid_case() -> BoxedStrategy<InvalidLine> {
    (
        select(vec![Platform::XeHpg, Platform::XeHpc, Platform::Xe2]),
        choices(),
    )
        .prop_map(|(platform, choices)| invalid(platform, &choices))
        .boxed()
}

/// What every invalid line shares: its execution size (and the platform's largest), its
/// surface, its address size and a list of coordinates.
#[derive(Clone, Debug)]
struct Invalid {
    n: u32,
    max: u32,
    surface: &'static str,
    asize: &'static str,
    some_coords: String,
}

impl Invalid {
    fn quad_load(&self, data: &str, addr: &str) -> String {
        let Invalid {
            n, surface, asize, ..
        } = self;
        format!("lsc_load_quad.tgm (M1, {n}) {data} {surface}[{addr}]:{asize}")
    }
}

/// An invalid line's defect: what is wrong, the field both engines name, and the line.
type Defect = (&'static str, Option<&'static str>, String);

/// The coordinates' variables, U, V, R and LOD.
const COORDS: [&str; 4] = ["VU", "VV", "VR", "VL"];

fn invalid(platform: Platform, choices: &Choices) -> InvalidLine {
    let mut rng = choices.draws();
    let max = visa_model::ir::lsc_typed::max_exec_size(platform);
    let n = rng.pick(&[1u32, 2, 4, 8, 16]).min(max);
    let surface = rng.pick(&["bti(0x1)", "bss(0x40)", "ss(0x80)"]);
    let asize = rng.pick(&["a32", "a16", "a64"]);
    let some_coords = COORDS[..1 + rng.below(4) as usize].join(",");
    let ctx = Invalid {
        n,
        max,
        surface,
        asize,
        some_coords,
    };
    // Block 2D defects take 6 draws in 20.
    let (why, field, line) = match rng.below(20) {
        k @ 0..=1 => invalid_operation(&mut rng, &ctx, k),
        k @ 2..=6 => invalid_address(&mut rng, &ctx, k),
        k @ 7..=11 => invalid_data(&mut rng, &ctx, k),
        k @ 12..=13 => invalid_operands(&mut rng, &ctx, k),
        _ => invalid_block2d(&mut rng, platform),
    };
    let decls = "\
.decl VD v_type=G type=ud num_elts=256
.decl VS v_type=G type=ud num_elts=256
.decl VU v_type=G type=ud num_elts=32
.decl VV v_type=G type=ud num_elts=32
.decl VR v_type=G type=ud num_elts=32
.decl VL v_type=G type=ud num_elts=32
.decl VSMALL v_type=G type=ub num_elts=1
.decl VX v_type=G type=d num_elts=1
.decl VY v_type=G type=d num_elts=1
.decl P1 v_type=P num_elts=32
";
    InvalidLine {
        platform,
        text: format!("{decls}{line}\n"),
        why,
        field,
    }
}

/// An untyped-only sub-op, or an execution size past the platform's.
fn invalid_operation(rng: &mut Draws, ctx: &Invalid, k: u64) -> Defect {
    let Invalid {
        n,
        max,
        surface,
        asize,
        ..
    } = *ctx;
    match k {
        0 => {
            let (op, load) = rng.pick(&[
                ("lsc_load", true),
                ("lsc_load_strided", true),
                ("lsc_store", false),
                ("lsc_store_strided", false),
            ]);
            let line = if load {
                format!("{op}.tgm (M1, {n}) VD:d32 {surface}[VU]:{asize}")
            } else {
                format!("{op}.tgm (M1, {n}) {surface}[VU]:{asize} VS:d32")
            };
            (
                "an untyped-only sub-op on the typed unit",
                Some("sfid"),
                line,
            )
        }
        _ => (
            "an execution size past the platform's",
            Some("exec_size"),
            format!(
                "lsc_store_quad.tgm (M1, {}) {surface}[VU]:{asize} VS:d32.x",
                2 * max
            ),
        ),
    }
}

/// Too many coordinates or addresses, a scale or offset, an untyped address type, an immediate coordinate.
fn invalid_address(rng: &mut Draws, ctx: &Invalid, k: u64) -> Defect {
    let Invalid {
        n,
        surface,
        asize,
        ref some_coords,
        ..
    } = *ctx;
    let coords = COORDS;
    let quad_load = |data: &str, addr: &str| ctx.quad_load(data, addr);
    match k {
        2 => {
            let k = 5 + rng.below(2) as usize;
            let many: Vec<&str> = (0..k).map(|i| coords[i % 4]).collect();
            (
                "more than four coordinates",
                Some("address"),
                quad_load("VD:d32.x", &many.join(",")),
            )
        }
        3 => {
            let addrs = coords[..2 + rng.below(3) as usize].join(",");
            let line = if rng.chance(2) {
                format!(
                    "lsc_atomic_iinc.tgm (M1, {n}) VD:d32 {surface}[{addrs}]:{asize} %null %null"
                )
            } else {
                format!("lsc_store_uncompressed.tgm (M1, {n}) {surface}[{addrs}]:{asize} VS:d32")
            };
            (
                "an atomic or uncompressed store with more than one address",
                Some("address"),
                line,
            )
        }
        4 => {
            let k = rng.below(2) as usize;
            let bad = if rng.chance(2) {
                format!("0x4*{}", coords[k])
            } else {
                format!("{}+0x10", coords[k])
            };
            let addr = if k == 0 {
                format!("{bad},VV")
            } else {
                format!("VU,{bad}")
            };
            (
                "a scale or offset on a coordinate",
                Some("address"),
                quad_load("VD:d32.x", &addr),
            )
        }
        5 => (
            "an untyped address type",
            Some("address"),
            format!("lsc_load_quad.tgm (M1, {n}) VD:d32.x flat[{some_coords}]:{asize}"),
        ),
        _ => (
            "an immediate coordinate",
            Some("address"),
            quad_load("VD:d32.x", &format!("VU,{}", rng.pick(&["0x0", "0x4"]))),
        ),
    }
}

/// Transposed data, a vector size where none or another is allowed, an atomic's inadmissible data size.
fn invalid_data(rng: &mut Draws, ctx: &Invalid, k: u64) -> Defect {
    let Invalid {
        n,
        surface,
        asize,
        ref some_coords,
        ..
    } = *ctx;
    let quad_load = |data: &str, addr: &str| ctx.quad_load(data, addr);
    match k {
        7 => (
            "transposed typed data",
            None,
            format!(
                "lsc_store_uncompressed.tgm (M1, 1) {surface}[VU]:{asize} VS:d32x{}t",
                rng.pick(&[2, 4, 8])
            ),
        ),
        8 => {
            let v = rng.pick(&[2, 4]);
            (
                "an atomic with a vector size",
                None,
                format!("lsc_atomic_iadd.tgm (M1, {n}) VD:d32x{v} {surface}[VU]:{asize} VS:d32x{v} %null"),
            )
        }
        9 => {
            let a = rng.pick(&AtomicOp::ALL);
            let size = rng.pick(
                &DataSize::ALL
                    .into_iter()
                    .filter(|s| !a.admits(*s))
                    .collect::<Vec<_>>(),
            );
            let srcs = ["VS", "VS"][..a.sources()].join(" ");
            let nulls = " %null".repeat(2 - a.sources());
            (
                "an atomic's inadmissible data size",
                None,
                format!(
                    "{}.tgm (M1, {n}) VD:{} {surface}[VU]:{asize} {srcs}{nulls}",
                    a.mnemonic(),
                    size.name()
                ),
            )
        }
        10 => {
            let v = rng.pick(&["5", "6", "7", "9", "128"]);
            (
                "a vector size LSC_UNTYPED does not have",
                None,
                format!("lsc_store_uncompressed.tgm (M1, {n}) {surface}[VU]:{asize} VS:d32x{v}"),
            )
        }
        _ => (
            "a vector size on a quad form",
            None,
            quad_load("VD:d32x2.xy", some_coords),
        ),
    }
}

/// A register too small for its lanes, or a missing operand.
fn invalid_operands(rng: &mut Draws, ctx: &Invalid, k: u64) -> Defect {
    let Invalid {
        n, surface, asize, ..
    } = *ctx;
    match k {
        12 => {
            // SIMD2 or more: a 1-byte register holds no whole lane.
            let n = n.max(2);
            let line = if rng.chance(2) {
                format!("lsc_load_quad.tgm (M1, {n}) VSMALL:d32.xy {surface}[VU]:{asize}")
            } else {
                format!("lsc_load_quad.tgm (M1, {n}) VD:d32.x {surface}[VU,VSMALL]:{asize}")
            };
            ("a register too small for its lanes", None, line)
        }
        _ => (
            "a missing operand",
            None,
            match rng.below(3) {
                0 => format!("lsc_load_quad.tgm (M1, {n}) VD:d32.x"),
                1 => format!("lsc_store_quad.tgm (M1, {n}) {surface}[VU]:{asize}"),
                _ => format!("lsc_atomic_iadd.tgm (M1, {n}) VD:d32 {surface}[VU]:{asize}"),
            },
        ),
    }
}

/// An invalid typed block 2D line (LSC-TYPED-BLOCK2D-TEXT; LSC_TYPED.md, Notes' table:
/// `BlockHeight * reg_pitch` at most 256 bytes, BlockWidth 1 to 64).
fn invalid_block2d(
    rng: &mut Draws,
    platform: Platform,
) -> (&'static str, Option<&'static str>, String) {
    let store = rng.chance(2);
    let data_field = if store { "src1" } else { "dst" };
    let line = |shape: &str, addr: &str| {
        if store {
            format!("lsc_store_block2d.tgm {addr} VS:{shape}")
        } else {
            format!("lsc_load_block2d.tgm VD:{shape} {addr}")
        }
    };
    if !matches!(platform, Platform::XeHpc | Platform::Xe2) {
        return (
            "block 2D on xe-hpg",
            Some("opcode"),
            line("8x2", "bti(0x1)[0,0]"),
        );
    }
    match rng.below(7) {
        0 => {
            let width = 1 + rng.below(64) as u32;
            let max_height = 256 / visa_model::ir::lsc_typed::block2d_reg_pitch(width) as u32;
            let height = max_height + 1 + rng.below(4) as u32;
            (
                "a BlockHeight past the Notes' table",
                Some(data_field),
                line(&format!("{width}x{height}"), "bti(0x1)[0,0]"),
            )
        }
        1 => (
            "a BlockWidth outside 1 to 64",
            Some(data_field),
            line(
                &format!("{}x1", rng.pick(&[0, 65, 100, 128])),
                "bti(0x1)[0,0]",
            ),
        ),
        2 => (
            "an untyped block 2D shape",
            Some(data_field),
            line(
                rng.pick(&["d8.8x2nn", "d16.2x8x2nn", "d32.1x4x2tn"]),
                "bti(0x1)[0,0]",
            ),
        ),
        3 => (
            "block 2D address operands other than `Surface[X, Y]`",
            Some("address"),
            line(
                "8x2",
                rng.pick(&[
                    "flat[VX,VY]",
                    "bti(0x1)[VX+4,VY]",
                    "bti(0x1)[VX,VY-1]",
                    "bti(0x1)[VX]",
                    "bti(0x1)[VX,VY,VX]",
                    "bti(0x1)[0x10000,0xf,0x3,0xf,VX,VY]",
                ]),
            ),
        ),
        4 => {
            let exec = rng.pick(&[2u32, 8, 16]);
            let shape_addr = if store {
                "bti(0x1)[0,0] VS:8x2".to_string()
            } else {
                "VD:8x2 bti(0x1)[0,0]".to_string()
            };
            let op = if store {
                "lsc_store_block2d"
            } else {
                "lsc_load_block2d"
            };
            (
                "a block 2D message wider than SIMD1",
                Some("exec_size"),
                format!("{op}.tgm (M1, {exec}) {shape_addr}"),
            )
        }
        5 => (
            "a predicated block 2D message",
            Some("pred"),
            format!("(P1) {}", line("8x2", "bti(0x1)[0,0]")),
        ),
        _ => (
            "a block larger than its register",
            Some(data_field),
            if store {
                "lsc_store_block2d.tgm bti(0x1)[0,0] VSMALL:8x2".to_string()
            } else {
                "lsc_load_block2d.tgm VSMALL:8x2 bti(0x1)[0,0]".to_string()
            },
        ),
    }
}

/// A valid case of `lsc_apndctr_atomic_add` / `_sub` (LSC_UNTYPED.md, AppendCounterAtomicAdd
/// and Sub): a surface whose `aux` points at a d32 counter in a region of random bytes, one
/// d32 addend a lane (edge values that wrap the counter), any lane mask.
pub fn apndctr_case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    if !matches!(
        op,
        Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub
    ) {
        return None;
    }
    Some(
        (
            select(vec![Platform::XeHpg, Platform::XeHpc, Platform::Xe2]),
            choices(),
        )
            .prop_map(move |(platform, choices)| apndctr(op, platform, &choices))
            .boxed(),
    )
}

fn apndctr(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    let mut rng = choices.draws();
    let grf = platform.grf_size();
    let mnemonic = op.mnemonic();
    let mut tags = vec![mnemonic.to_string()];
    let mut decls = Vec::new();
    let mut preds = Vec::new();
    let mut vars = Vec::new();
    let exec_size = rng.pick(&[1u32, 2, 4, 8, 16, 32]);
    let nm = rng.chance(4);
    let emask = if rng.chance(3) {
        rng.draw() as u32
    } else {
        u32::MAX
    };
    let pred_text = if rng.chance(4) {
        decls.push(".decl P1 v_type=P num_elts=32".into());
        preds.push(("P1".into(), rng.draw() as u32));
        tags.push("predicated".into());
        "(P1) "
    } else {
        ""
    };
    let (addr_type, heap, index) = surface_operand(&mut rng);
    tags.push(addr_type.name().into());
    let aux = BASE + 4 * rng.below(8);
    let surface = Surface {
        heap,
        bti: index,
        base: 0x2000,
        size: 0x100,
        aux,
        ..Surface::default()
    };
    let mut region = rng.bytes(0x40);
    if rng.chance(3) {
        // A counter near the wrap-around.
        let at = (aux - BASE) as usize;
        region[at..at + 4].copy_from_slice(&rng.pick(&[u32::MAX, 0, 0x8000_0000]).to_le_bytes());
    }
    let mem = vec![MemRegion {
        space: FLAT.to_string(),
        addr: BASE,
        bytes: region,
    }];
    let span = (exec_size as usize * 4).div_ceil(grf) * grf;
    let addends: Vec<u8> = (0..span / 4)
        .flat_map(|_| {
            let v = match rng.below(4) {
                0 => rng.pick(&[0u32, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff]),
                _ => rng.draw() as u32 >> rng.below(32),
            };
            v.to_le_bytes()
        })
        .collect();
    decls.push(decl("VS", span));
    vars.push(("VS".to_string(), addends));
    let dst = if rng.chance(8) {
        "%null"
    } else {
        decls.push(decl("VD", span));
        vars.push(("VD".to_string(), rng.bytes(span)));
        "VD"
    };
    let caching = if rng.chance(4) { ".uc.uc" } else { "" };
    Parts {
        platform,
        literal: Vec::new(),
        decls,
        vars,
        preds,
        emask,
        tags,
        mem,
        surfaces: vec![surface],
    }
    .finish(&format!(
        "{pred_text}{mnemonic}.ugm{caching} (M1{}, {exec_size}) {dst}:d32 {}({}) VS:d32",
        if nm { "_NM" } else { "" },
        addr_type.name(),
        hex(i64::from(index)),
    ))
}

/// A typed block 2D surface's shape.
#[derive(Clone, Copy, Debug)]
struct TypedSurface {
    /// Bytes a pixel.
    px: u32,
    /// Whole pixels a row.
    width_px: u32,
    /// Bytes a row, rows, bytes from one row to the next, the surface state's pixel size.
    width: u32,
    height: u32,
    pitch: u32,
    pixel_size: u32,
}

/// The surface: pixels of 1 to 16 bytes, 1 to 6 a row (sometimes a partial one more), 0 to 5
/// rows (0 reads as 1), pitch padding or (rarely) overlapping rows.
fn draw_typed_surface(rng: &mut Draws, tags: &mut Vec<String>) -> TypedSurface {
    let px = rng.pick(&[1u32, 2, 4, 4, 8, 16]);
    let width_px = 1 + rng.below(6) as u32;
    let width = width_px * px
        + if rng.chance(4) {
            rng.below(u64::from(px)) as u32
        } else {
            0
        };
    let height = rng.pick(&[0u32, 1, 2, 3, 4, 5]);
    let pitch = if rng.chance(12) {
        tags.push("rows-overlap".into());
        width / 2
    } else {
        width + rng.pick(&[0u32, 0, 4, 16])
    };
    let pixel_size = if rng.chance(24) {
        tags.push("untyped-surface".into());
        0
    } else {
        px
    };
    tags.push(format!("pixel{px}"));
    TypedSurface {
        px,
        width_px,
        width,
        height,
        pitch,
        pixel_size,
    }
}

/// The block: a width of a few pixels, the whole surface row, or any of 1..=64 bytes; the
/// tallest block, one no taller than the surface, or a few rows. Returns the width, the
/// height and the register pitch of a row.
fn draw_block(rng: &mut Draws, px: u32, width_px: u32, height: u32) -> (u32, u32, usize) {
    let w = match rng.below(5) {
        0 => px,
        1 => 2 * px,
        2 => (width_px * px).min(64),
        3 => 64,
        _ => 1 + rng.below(64) as u32,
    }
    .clamp(1, 64);
    let reg_pitch = visa_model::ir::lsc_typed::block2d_reg_pitch(w);
    let max_h = (256 / reg_pitch) as u32;
    let h = match rng.below(4) {
        0 => max_h,
        1 => (1 + rng.below(u64::from(height.max(1))) as u32).min(max_h),
        _ => 1 + rng.below(u64::from(max_h.min(6))) as u32,
    };
    (w, h, reg_pitch)
}

/// A valid `lsc_load_block2d.tgm` / `lsc_store_block2d.tgm` case (docs/memory.md,
/// LSC-TYPED-BLOCK2D): the block `W x H` (W bytes from the Notes' table, H rows) at byte X,
/// row Y of a typed surface.
fn block2d(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    let mut rng = choices.draws();
    let store = op == Opcode::LscStoreBlock2d;
    let mnemonic = op.mnemonic();
    let mut tags = vec![
        format!("{mnemonic}.tgm"),
        errata::LSC_TYPED_BLOCK2D.to_string(),
    ];
    let mut literal: Vec<&'static str> = Vec::new();
    let TypedSurface {
        px,
        width_px,
        width,
        height,
        pitch,
        pixel_size,
    } = draw_typed_surface(&mut rng, &mut tags);
    let (w, h, reg_pitch) = draw_block(&mut rng, px, width_px, height);
    tags.push(format!("{w}x{h}"));
    // X in bytes and Y in rows: inside, on each edge, across a corner, or outside.
    let (cols, rows) = (i64::from(width), i64::from(height.max(1)));
    let span = i64::from(w / px * px);
    let x = rng.pick(&[
        0,
        0,
        cols - span,
        cols - span + i64::from(px),
        cols - 1,
        -i64::from(px),
        -1,
        cols,
        -span - 1,
        i64::from(px) / 2,
    ]);
    // Half the blocks lie wholly inside when the surface is large enough.
    let (x, y, place) = place_block(&mut rng, (x, span, cols), (i64::from(h), rows), 2);
    tags.push(format!("block2d-{place}"));
    if place != "inside" && span > 0 {
        tags.push("out-of-bounds".into());
    }
    let (addr_type, heap, index) = surface_operand(&mut rng);
    tags.push(addr_type.name().into());
    let surface = Surface {
        heap,
        bti: index,
        base: BASE,
        size: u64::from(pitch) * u64::from(height.max(1)) + u64::from(width),
        width,
        height,
        pitch,
        depth: 0,
        pixel_size,
        aux: 0,
        format: None,
    };
    // Memory: a row above the surface (16 bytes at least), every byte an in-bounds pixel can
    // reach, the pitch gaps, and two rows (32 bytes at least) past it, so a store that lands
    // outside the surface shows.
    let above = u64::from(pitch.max(16));
    let below = (2 * pitch).max(32) as usize;
    let mem = vec![MemRegion {
        space: FLAT.to_string(),
        addr: BASE - above,
        bytes: rng.bytes(above as usize + surface.size as usize + below),
    }];
    if rng.chance(5) {
        literal.push(errata::LSC_TYPED_BLOCK2D_INDEX);
    }
    // The data variable spans the block's rows; under the literal index, the pixels' reach.
    let nv = (w / px) as usize;
    let mut bytes = h as usize * reg_pitch;
    if !literal.is_empty() && nv > 0 {
        bytes = bytes.max(((h as usize - 1) * reg_pitch + nv) * px as usize);
    }
    let mut decls = Vec::new();
    let mut vars = Vec::new();
    let prefetch = !store && rng.chance(10);
    let data_name = if prefetch { "%null" } else { "VD" };
    if !prefetch {
        decls.push(decl("VD", bytes));
        vars.push(("VD".to_string(), rng.bytes(bytes)));
    }
    let (x_text, y_text) = if rng.chance(2) {
        decls.push(".decl VX v_type=G type=d num_elts=1".into());
        decls.push(".decl VY v_type=G type=d num_elts=1".into());
        vars.push(("VX".into(), (x as i32).to_le_bytes().to_vec()));
        vars.push(("VY".into(), (y as i32).to_le_bytes().to_vec()));
        ("VX".to_string(), "VY".to_string())
    } else {
        (x.to_string(), y.to_string())
    };
    let address = format!(
        "{}({})[{x_text},{y_text}]",
        addr_type.name(),
        hex(i64::from(index))
    );
    let operands = if store {
        format!("{address} {data_name}:{w}x{h}")
    } else {
        format!("{data_name}:{w}x{h} {address}")
    };
    let caching = match rng.below(4) {
        0 if store => ".wb.wb",
        0 => ".ca.ca",
        _ => "",
    };
    let exec = if rng.chance(2) { " (M1_NM, 1)" } else { "" };
    Parts {
        platform,
        literal,
        decls,
        vars,
        preds: Vec::new(),
        emask: u32::MAX,
        tags,
        mem,
        surfaces: vec![surface],
    }
    .finish(&format!("{mnemonic}.tgm{caching}{exec} {operands}"))
}

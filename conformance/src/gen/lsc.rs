//! Generators of LSC_UNTYPED's gather/scatter, strided, quad and atomic sub-ops
//! (instructions/LSC_UNTYPED.md): every data size, vector size, data order, address type
//! (flat, bti with a surface whose size cuts some accesses, arg, SLM) and address size, with
//! addresses near the a16/a32 wrap-around, immediate offsets and scales, and atomics on
//! shared addresses (the ledger's LSC-ATOMIC-ORDER says what stays defined).
//!
//! The memory a case reads or writes is one region of random bytes (`init.mem`), so the
//! expected memory lists every byte the instruction may touch; bytes one instruction writes
//! twice with different values are don't-care (`??`).
//!
//! A case's details come from a recorded stream of choices ([`super::choices`]), so a failing
//! case shrinks.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::block2d::Block2dShape;
use visa_model::ir::lsc::{AtomicOp, DataShape, DataSize, VECT_SIZES};
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::state::{AddrSize, AddrType, Surface, SurfaceHeap, ARG, FLAT, SLM};

use super::choices::{choices, Choices, Draws};
use super::GenCase;
use crate::vector::MemRegion;

/// Where the region of a case lies (flat address; SLM and arg regions start at 0).
const REGION: u64 = 0x1000;
const REGION_LEN: usize = 0x300;

/// A data size: any, or one the atomic operation admits (one draw).
pub(super) fn data_size(rng: &mut Draws, atomic: Option<AtomicOp>) -> DataSize {
    match atomic {
        Some(a) => rng.pick(
            &DataSize::ALL
                .into_iter()
                .filter(|s| a.admits(*s))
                .collect::<Vec<_>>(),
        ),
        None => rng.pick(&DataSize::ALL),
    }
}

/// `values` packed as little-endian words of the address size.
pub(super) fn pack(values: &[u64], size: AddrSize) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| v.to_le_bytes()[..size.bytes()].to_vec())
        .collect()
}

/// Where a block 2D case puts a block `span` columns wide (a drawn column `x`, on a surface
/// `cols` columns wide) and `height` rows high (on `rows` rows): a drawn row (the top, the
/// bottom edge, across each edge, wholly outside), then, one time in `inside_one_in` when the
/// surface holds the block, a place wholly inside instead. Returns X, Y and their tag
/// (`inside`, `edge` or `outside`).
pub(super) fn place_block(
    rng: &mut Draws,
    (x, span, cols): (i64, i64, i64),
    (height, rows): (i64, i64),
    inside_one_in: u64,
) -> (i64, i64, &'static str) {
    let y = rng.pick(&[0, 0, rows - height, rows - 1, -1, -height, rows, 1]);
    let (x, y) = if cols >= span && rows >= height && rng.chance(inside_one_in) {
        (
            rng.below((cols - span + 1) as u64) as i64,
            rng.below((rows - height + 1) as u64) as i64,
        )
    } else {
        (x, y)
    };
    let place = if x >= 0 && x + span <= cols && y >= 0 && y + height <= rows {
        "inside"
    } else if x + span <= 0 || x >= cols || y + height <= 0 || y >= rows {
        "outside"
    } else {
        "edge"
    };
    (x, y, place)
}

/// A memory case but for its instruction line: [`Parts::finish`] writes the declarations,
/// then the line.
pub(super) struct Parts {
    pub platform: Platform,
    pub literal: Vec<&'static str>,
    pub decls: Vec<String>,
    pub vars: Vec<(String, Vec<u8>)>,
    pub preds: Vec<(String, u32)>,
    pub emask: u32,
    pub tags: Vec<String>,
    pub mem: Vec<MemRegion>,
    pub surfaces: Vec<Surface>,
}

impl Parts {
    pub(super) fn finish(self, line: &str) -> GenCase {
        GenCase {
            platform: self.platform,
            literal: self.literal,
            text: format!("{}\n{line}\n", self.decls.join("\n")),
            vars: self.vars,
            preds: self.preds,
            cr0: 0,
            emask: self.emask,
            tags: self.tags,
            mem: self.mem,
            surfaces: self.surfaces,
            samplers: Vec::new(),
            partner: Vec::new(),
            profile: None,
        }
    }
}

/// Whether `op` is generated here.
pub fn is_lsc(op: Opcode) -> bool {
    visa_model::validate::lsc_forms_is_lsc(op)
}

/// A valid case of an LSC_UNTYPED opcode.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    if op == Opcode::LscFence {
        return Some(
            (
                select(vec![Platform::XeHpg, Platform::XeHpc, Platform::Xe2]),
                choices(),
            )
                .prop_map(fence)
                .boxed(),
        );
    }
    if visa_model::validate::is_block2d(op) {
        return Some(
            (select(vec![Platform::XeHpc, Platform::Xe2]), choices())
                .prop_map(move |(platform, choices)| block2d(op, platform, &choices))
                .boxed(),
        );
    }
    if !is_lsc(op) {
        return None;
    }
    Some(
        (
            // LSC messages are from xe-hpg on.
            select(vec![Platform::XeHpg, Platform::XeHpc, Platform::Xe2]),
            choices(),
        )
            .prop_map(move |(platform, choices)| build(op, platform, &choices))
            .boxed(),
    )
}

/// A case of an LSC_UNTYPED opcode (not block 2D, not the fence) on one platform that has
/// it (the control-flow generator's straight-line mixes).
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
    if !is_lsc(op) || visa_model::validate::is_block2d(op) || op == Opcode::LscFence {
        return None;
    }
    Some(
        choices()
            .prop_map(move |choices| build(op, on, &choices))
            .boxed(),
    )
}

/// Integer and float edge values of a datum of `bytes` bytes.
fn edge(rng: &mut Draws, bytes: usize, float: bool) -> u64 {
    let v = match (bytes, float) {
        (8, true) => rng.pick(&[
            0,
            0x8000_0000_0000_0000,
            0x3ff0_0000_0000_0000,
            0x7ff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0x7ff4_0000_0000_0000,
            1,
            0xc000_0000_0000_0000,
        ]),
        (_, true) => rng.pick(&[
            0,
            0x8000_0000,
            0x3f80_0000,
            0x7f80_0000,
            0x7fc0_0000,
            0x7fa0_0000,
            1,
            0xc000_0000,
            0xff7f_ffff,
        ]),
        _ => rng.pick(&[
            0,
            1,
            2,
            u64::MAX,
            0x7fff_ffff_ffff_ffff,
            0x8000_0000_0000_0000,
            0x7fff,
            0x8000,
            0x7fff_ffff,
            0x8000_0000,
        ]),
    };
    let v = if rng.chance(3) { rng.draw() } else { v };
    if bytes == 8 {
        v
    } else {
        v & ((1u64 << (bytes * 8)) - 1)
    }
}

pub(super) fn hex(n: i64) -> String {
    if n < 0 {
        format!("-0x{:x}", n.unsigned_abs())
    } else {
        format!("0x{n:x}")
    }
}

/// An LSC_UNTYPED message of `op` (not block 2D), its details drawn in order: the data, the
/// addressing, the lanes' targets, the registers, the memory region, the surface, the
/// address operand, the message controls, the operands and a literal reading.
fn build(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    let mut rng = choices.draws();
    let form = Form::of(op);
    let mut parts = Parts {
        platform,
        literal: Vec::new(),
        decls: Vec::new(),
        vars: Vec::new(),
        preds: Vec::new(),
        emask: u32::MAX,
        tags: vec![op.mnemonic().to_string()],
        mem: Vec::new(),
        surfaces: Vec::new(),
    };
    let data = draw_data(&mut rng, form, &mut parts.tags);
    let addressing = draw_addressing(&mut rng, form, &mut parts.tags);
    let lanes = draw_lanes(&mut rng, form, &data, &addressing);
    let data_elts = registers(&mut rng, platform, &data, &addressing, &lanes, &mut parts);
    let region = memory(&mut rng, form, &data, &addressing, &lanes, &mut parts);
    let surface_text = surface(&mut rng, &addressing, &mut parts);
    let addr_text = address_text(
        &mut rng,
        form,
        &data,
        &addressing,
        &lanes,
        surface_text,
        &mut parts,
    );
    let line = controls(&mut rng, form, &data, &addressing, &mut parts);
    let dst_text = if form.load && rng.chance(10) {
        format!("%null:{}", line.shape_text)
    } else {
        format!("VD:{}", line.shape_text)
    };
    let operands = match form.atomic {
        Some(a) => {
            let sources = Sources {
                atomic: a,
                size: data.shape.size,
                data_elts,
                targets: &lanes.targets,
                region: &region,
            };
            let srcs = atomic_sources(&mut rng, &sources, &mut parts);
            format!("{dst_text} {addr_text} {}", srcs.join(" "))
        }
        None if form.load => format!("{dst_text} {addr_text}"),
        None => format!("{addr_text} VD:{}", line.shape_text),
    };
    parts.literal = literal_reading(&mut rng, form);
    let Line {
        pred_text,
        sfid,
        caching,
        mask,
        ..
    } = line;
    let exec_size = data.exec_size;
    let mnemonic = op.mnemonic();
    parts.finish(&format!(
        "{pred_text}{mnemonic}.{sfid}{caching} ({mask}, {exec_size}) {operands}"
    ))
}

/// What an untyped message's opcode says of its form.
#[derive(Clone, Copy, Debug)]
struct Form {
    op: Opcode,
    atomic: Option<AtomicOp>,
    strided: bool,
    quad: bool,
    load: bool,
}

impl Form {
    fn of(op: Opcode) -> Form {
        let atomic = op.lsc_atomic();
        Form {
            op,
            atomic,
            strided: matches!(op, Opcode::LscLoadStrided | Opcode::LscStoreStrided),
            quad: matches!(op, Opcode::LscLoadQuad | Opcode::LscStoreQuad),
            load: matches!(
                op,
                Opcode::LscLoad
                    | Opcode::LscLoadStrided
                    | Opcode::LscLoadQuad
                    | Opcode::LscLoadStatus
            ) || atomic.is_some(),
        }
    }
}

/// The data a message moves.
#[derive(Clone, Copy, Debug)]
struct Data {
    shape: DataShape,
    /// The quad forms' channel mask (0 otherwise).
    ch_mask: u8,
    exec_size: u32,
}

impl Data {
    /// Bytes one lane moves: its vector (a quad's four channels).
    fn span(&self, form: Form) -> usize {
        let mem_bytes = self.shape.size.mem_bytes();
        if form.quad {
            4 * mem_bytes
        } else {
            self.shape.vect_size as usize * mem_bytes
        }
    }
}

/// The data shape and the execution size.
fn draw_data(rng: &mut Draws, form: Form, tags: &mut Vec<String>) -> Data {
    let size = data_size(rng, form.atomic);
    let transposed =
        !form.quad && form.atomic.is_none() && form.op != Opcode::LscLoadStatus && rng.chance(4);
    let ch_mask = if form.quad {
        1 + rng.below(15) as u8
    } else {
        0
    };
    let vect_size = if form.atomic.is_some() {
        1
    } else if form.quad {
        ch_mask.count_ones()
    } else if transposed {
        // Up to 0x200 bytes: every vector size but d64x64.
        rng.pick(
            &VECT_SIZES
                .into_iter()
                .filter(|v| *v as usize * size.mem_bytes() <= 0x200)
                .collect::<Vec<_>>(),
        )
    } else if form.strided {
        rng.pick(&[1, 1, 2, 4])
    } else {
        rng.pick(&[1, 1, 2, 3, 4, 8])
    };
    let exec_size: u32 = if transposed {
        1
    } else {
        rng.pick(&[1, 2, 4, 8, 16, 16])
    };
    if transposed {
        tags.push("transposed".into());
    }
    tags.push(size.name().into());
    Data {
        shape: DataShape {
            size,
            vect_size,
            transposed,
        },
        ch_mask,
        exec_size,
    }
}

/// How a message addresses memory.
#[derive(Clone, Copy, Debug)]
struct Addressing {
    slm: bool,
    addr_type: AddrType,
    addr_size: AddrSize,
    scale: u64,
    imm: i64,
    /// The window's origin in its space: flat accesses add REGION themselves.
    window_origin: u64,
}

impl Addressing {
    /// The address whose scaled value plus imm reaches `target` (an offset in the window):
    /// targets lie on the scale's grid and imm is a multiple of the scale.
    fn address_for(&self, target: u64) -> u64 {
        let modulus: i128 = 1i128 << self.addr_size.bits();
        let t = i128::from(self.window_origin + target) - i128::from(self.imm);
        (t.rem_euclid(modulus) / i128::from(self.scale)) as u64
    }
}

/// The unit, the address type and size, the scale and the immediate offset.
fn draw_addressing(rng: &mut Draws, form: Form, tags: &mut Vec<String>) -> Addressing {
    let slm = rng.chance(6);
    let addr_type = if slm {
        AddrType::Flat
    } else {
        rng.pick(&[AddrType::Flat, AddrType::Flat, AddrType::Bti, AddrType::Arg])
    };
    let addr_size = rng.pick(&[AddrSize::A64, AddrSize::A32, AddrSize::A16]);
    tags.push(addr_type.name().into());
    tags.push(addr_size.name().into());
    let window_origin = if addr_type == AddrType::Flat && !slm {
        REGION
    } else {
        0
    };
    let wrap = addr_size != AddrSize::A64 && rng.chance(5);
    let (scale, imm): (u64, i64) = if wrap {
        // Addresses from near the top of the a16/a32 range: `a + imm` wraps around.
        tags.push("address-wrap".into());
        (1, 0x2000)
    } else {
        let scale = if rng.chance(4) {
            rng.pick(&[2, 4, 8])
        } else {
            1
        };
        let imm = if rng.chance(3) {
            if scale == 1 && form.atomic.is_none() {
                rng.pick(&[0x10, -0x10, 0x100, -0x40, 0x3])
            } else {
                rng.pick(&[0x10, -0x10, 0x100, -0x40])
            }
        } else {
            0
        };
        (scale, imm)
    };
    Addressing {
        slm,
        addr_type,
        addr_size,
        scale,
        imm,
        window_origin,
    }
}

/// The lanes' targets: offsets in the region, some shared by atomics.
#[derive(Clone, Debug)]
struct Lanes {
    /// Lanes with an address of their own (1 for the transposed and strided forms).
    count: usize,
    /// Targets lie in `lo..hi`, on the `align` grid.
    lo: u64,
    hi: u64,
    align: u64,
    /// The strided forms' pitch.
    pitch: i64,
    targets: Vec<u64>,
}

/// The strided pitch and each lane's target.
fn draw_lanes(rng: &mut Draws, form: Form, data: &Data, addressing: &Addressing) -> Lanes {
    let mem_bytes = data.shape.size.mem_bytes();
    let span = data.span(form);
    let exec_size = data.exec_size;
    let align = if form.atomic.is_some() {
        (mem_bytes as u64).max(addressing.scale)
    } else {
        addressing.scale
    };
    let count = if data.shape.transposed || form.strided {
        1
    } else {
        exec_size as usize
    };
    let lo = 0x40u64;
    let hi = (REGION_LEN - span) as u64 - lo;
    // The strided forms' pitch: lanes stay inside the region.
    let room = (hi - lo) as i64;
    let pitches: Vec<i64> = [
        0i64,
        mem_bytes as i64,
        span as i64,
        2 * span as i64,
        -(span as i64),
    ]
    .into_iter()
    .filter(|p| i64::from(exec_size - 1) * p.abs() <= room)
    .collect();
    let pitch = rng.pick(&pitches);
    let slots: Vec<u64> = (0..4).map(|k| lo + 0x40 * k).collect();
    let mut targets = Vec::with_capacity(count);
    for _ in 0..count {
        let mut t = if form.atomic.is_some() && rng.chance(2) {
            rng.pick(&slots)
        } else if form.atomic.is_none() && !targets.is_empty() && rng.chance(8) {
            // Overlapping lanes.
            rng.pick(&targets)
        } else if form.strided {
            // Lane n at t + n*pitch stays in lo..hi.
            let reach = i64::from(exec_size - 1) * pitch;
            let (from, to) = if reach >= 0 {
                (lo as i64, hi as i64 - reach)
            } else {
                (lo as i64 - reach, hi as i64)
            };
            (from + rng.below((to - from) as u64 + 1) as i64) as u64
        } else {
            lo + rng.below(hi - lo)
        };
        t -= t % align;
        targets.push(t);
    }
    Lanes {
        count,
        lo,
        hi,
        align,
        pitch,
        targets,
    }
}

/// The data register VD and the address register VA (its lanes past the targets too: the
/// literal STORE_STRIDED reading reads them); returns VD's dwords.
fn registers(
    rng: &mut Draws,
    platform: Platform,
    data: &Data,
    addressing: &Addressing,
    lanes: &Lanes,
    parts: &mut Parts,
) -> usize {
    let addr_size = addressing.addr_size;
    let exec_size = data.exec_size as usize;
    let addr_ty = match addr_size {
        AddrSize::A64 => "uq",
        AddrSize::A32 => "ud",
        AddrSize::A16 => "uw",
    };
    let grf = platform.grf_size();
    let data_span = data.shape.reg_span(data.exec_size, grf).max(grf);
    let data_elts = data_span.div_ceil(4);
    parts
        .decls
        .push(format!(".decl VD v_type=G type=ud num_elts={data_elts}"));
    parts.decls.push(format!(
        ".decl VA v_type=G type={addr_ty} num_elts={}",
        lanes.count.max(exec_size)
    ));
    parts
        .vars
        .push(("VD".to_string(), rng.bytes(data_elts * 4)));
    let addrs: Vec<u64> = lanes
        .targets
        .iter()
        .map(|t| addressing.address_for(*t))
        .collect();
    let mut va = pack(&addrs, addr_size);
    while va.len() < lanes.count.max(exec_size) * addr_size.bytes() {
        let t = lanes.lo + rng.below(lanes.hi - lanes.lo);
        let t = t - t % lanes.align;
        va.extend_from_slice(&addressing.address_for(t).to_le_bytes()[..addr_size.bytes()]);
    }
    parts.vars.push(("VA".to_string(), va));
    data_elts
}

/// The region with random bytes, atomics' slots at edge values; `init.mem` lists the part
/// of it the lanes reach and 8 bytes around. Returns the whole region.
fn memory(
    rng: &mut Draws,
    form: Form,
    data: &Data,
    addressing: &Addressing,
    lanes: &Lanes,
    parts: &mut Parts,
) -> Vec<u8> {
    let mem_bytes = data.shape.size.mem_bytes();
    let span = data.span(form);
    let float = form.atomic.is_some_and(|a| a.is_float());
    let mut region = rng.bytes(REGION_LEN);
    if form.atomic.is_some() {
        for t in &lanes.targets {
            let v = edge(rng, mem_bytes, float);
            let at = *t as usize;
            region[at..at + mem_bytes].copy_from_slice(&v.to_le_bytes()[..mem_bytes]);
        }
    }
    let (space, region_addr) = if addressing.slm {
        (SLM, 0)
    } else {
        match addressing.addr_type {
            AddrType::Arg => (ARG, 0),
            _ => (FLAT, REGION),
        }
    };
    // Only the part of the region the lanes reach (and 8 bytes around it) is listed.
    let reach = |t: u64, n: usize| {
        let lane = if form.strided {
            t as i64 + n as i64 * lanes.pitch
        } else {
            t as i64
        };
        (
            lane,
            lane + if form.quad { 4 * mem_bytes } else { span } as i64,
        )
    };
    let targets = &lanes.targets;
    let mut first = REGION_LEN as i64;
    let mut last = 0i64;
    for n in 0..data.exec_size as usize {
        let t = targets[if form.strided {
            0
        } else {
            n.min(targets.len() - 1)
        }];
        let (a, b) = reach(t, n);
        first = first.min(a);
        last = last.max(b);
    }
    let first = (first - 8).clamp(0, REGION_LEN as i64) as usize;
    let last = (last + 8).clamp(first as i64, REGION_LEN as i64) as usize;
    parts.mem.push(MemRegion {
        space: space.to_string(),
        addr: region_addr + first as u64,
        bytes: region[first..last].to_vec(),
    });
    region
}

/// A bti message's surface; returns its text in the address operand.
fn surface(rng: &mut Draws, addressing: &Addressing, parts: &mut Parts) -> &'static str {
    if addressing.addr_type != AddrType::Bti {
        return "";
    }
    // Some accesses cross the surface's size (LSC-SURFACE-BOUNDS).
    let size = rng.pick(&[REGION_LEN as u64, 0x200, 0x180, 0x101]);
    parts.surfaces.push(Surface {
        heap: SurfaceHeap::BindingTable,
        bti: 1,
        base: REGION,
        size,
        ..Surface::default()
    });
    "(0x1)"
}

/// The address operand: `type(surface)[scale*VA+imm, pitch]:size`; the pitch the default
/// (none), a variable VP or an immediate.
fn address_text(
    rng: &mut Draws,
    form: Form,
    data: &Data,
    addressing: &Addressing,
    lanes: &Lanes,
    surface_text: &str,
    parts: &mut Parts,
) -> String {
    let span = data.span(form) as i64;
    let scale_text = if addressing.scale != 1 {
        format!("{}*", hex(addressing.scale as i64))
    } else {
        String::new()
    };
    let imm_text = match addressing.imm {
        0 => String::new(),
        i if i > 0 => format!("+{}", hex(i)),
        i => hex(i),
    };
    let pitch = lanes.pitch;
    let pitch_text = if form.strided && pitch == span && rng.chance(2) {
        // The default pitch: a packed block.
        String::new()
    } else if form.strided && rng.chance(3) {
        parts
            .decls
            .push(".decl VP v_type=G type=d num_elts=1".into());
        parts
            .vars
            .push(("VP".into(), (pitch as i32).to_le_bytes().to_vec()));
        ", VP".into()
    } else if form.strided {
        format!(", {}", hex(pitch))
    } else {
        String::new()
    };
    format!(
        "{}{surface_text}[{scale_text}VA{imm_text}{pitch_text}]:{}",
        addressing.addr_type.name(),
        addressing.addr_size.name()
    )
}

/// The message's text around its operands.
#[derive(Clone, Debug)]
struct Line {
    shape_text: String,
    sfid: &'static str,
    caching: String,
    mask: &'static str,
    pred_text: &'static str,
}

/// The shape text, the unit, the cache controls, the mask control, the execution mask and
/// the predicate.
fn controls(
    rng: &mut Draws,
    form: Form,
    data: &Data,
    addressing: &Addressing,
    parts: &mut Parts,
) -> Line {
    let shape_text = if form.quad {
        let chans: String = "xyzw"
            .chars()
            .enumerate()
            .filter(|(k, _)| data.ch_mask >> k & 1 == 1)
            .map(|(_, c)| c)
            .collect();
        format!("{}.{chans}", data.shape.size.name())
    } else {
        data.shape.text()
    };
    let slm = addressing.slm;
    let sfid = if slm { "slm" } else { "ugm" };
    let caching = if slm || !rng.chance(3) {
        String::new()
    } else if form.atomic.is_some() {
        rng.pick(&[".uc.uc", ".uc.wb"]).to_string()
    } else if form.load {
        rng.pick(&[".uc.uc", ".ca.ca", ".uc.ca"]).to_string()
    } else {
        rng.pick(&[".uc.uc", ".wb.wb", ".st.wb"]).to_string()
    };
    let (mask, no_mask) = if rng.chance(4) {
        ("M1_NM", true)
    } else {
        ("M1", false)
    };
    parts.emask = if !no_mask && rng.chance(3) {
        rng.draw() as u32 | 1
    } else {
        u32::MAX
    };
    let pred_text = if rng.chance(4) {
        parts.decls.push(".decl P1 v_type=P num_elts=32".into());
        parts.preds.push(("P1".to_string(), rng.draw() as u32));
        parts.tags.push("predicated".into());
        "(P1) "
    } else {
        ""
    };
    Line {
        shape_text,
        sfid,
        caching,
        mask,
        pred_text,
    }
}

/// What an atomic's sources are drawn from.
#[derive(Debug)]
struct Sources<'a> {
    atomic: AtomicOp,
    size: DataSize,
    data_elts: usize,
    targets: &'a [u64],
    region: &'a [u8],
}

/// An atomic's sources VS and VS2 (`%null` where the operation takes fewer): edge values per
/// lane, a compare value that often matches memory.
fn atomic_sources(rng: &mut Draws, s: &Sources, parts: &mut Parts) -> Vec<String> {
    let a = s.atomic;
    let mem_bytes = s.size.mem_bytes();
    let float = a.is_float();
    let mut srcs = Vec::new();
    for k in 0..2 {
        if k >= a.sources() {
            srcs.push("%null".to_string());
            continue;
        }
        let name = if k == 0 { "VS" } else { "VS2" };
        parts.decls.push(format!(
            ".decl {name} v_type=G type=ud num_elts={}",
            s.data_elts
        ));
        let mut bytes = rng.bytes(s.data_elts * 4);
        let reg = s.size.reg_bytes();
        for (n, &t) in s.targets.iter().enumerate() {
            let v = if k == 0 && matches!(a, AtomicOp::Icas | AtomicOp::Fcas) {
                // A compare value that often matches memory.
                let t = t as usize;
                let mem_here = &s.region[t..t + mem_bytes];
                let mut w = [0u8; 8];
                w[..mem_bytes].copy_from_slice(mem_here);
                if rng.chance(2) {
                    u64::from_le_bytes(w)
                } else {
                    edge(rng, mem_bytes, float)
                }
            } else {
                edge(rng, mem_bytes, float)
            };
            let at = n * reg;
            bytes[at..at + reg].fill(0);
            bytes[at..at + mem_bytes].copy_from_slice(&v.to_le_bytes()[..mem_bytes]);
        }
        parts.vars.push((name.to_string(), bytes));
        srcs.push(name.to_string());
    }
    srcs
}

/// Now and then, the literal reading of an erratum of the message.
fn literal_reading(rng: &mut Draws, form: Form) -> Vec<&'static str> {
    // The message's errata (its row of the opcode table).
    let candidates = form.op.form().errata;
    let mut literal = Vec::new();
    if !candidates.is_empty() && rng.chance(6) {
        literal.push(rng.pick(candidates));
    }
    literal
}

/// A block 2D case (`lsc_load_block2d`, `lsc_store_block2d`): a shape within the platform
/// limits, a surface of random width, height and pitch at 0x10000, and a block placed
/// inside, on an edge or corner, or fully outside.
fn block2d(op: Opcode, platform: Platform, choices: &Choices) -> GenCase {
    block2d_with(op, platform, choices, None)
}

/// Block 2D loads of one fixed shape (the bench's `block2d-32x32-d16-vnni`), placed as
/// `block2d` places them; a shape outside Intel's published limits under BLOCK2D-LIMITS'
/// literal reading.
pub fn block2d_loads(shape: Block2dShape) -> BoxedStrategy<GenCase> {
    (select(vec![Platform::XeHpc, Platform::Xe2]), choices())
        .prop_map(move |(platform, choices)| {
            block2d_with(Opcode::LscLoadBlock2d, platform, &choices, Some(shape))
        })
        .boxed()
}

/// A flat memory region of random bytes around a surface of `rows` rows `pitch` bytes apart
/// at `base`: one row above it, its rows (the gap between the width and the pitch too) and
/// two rows below, so a case sees a store that lands outside the surface.
pub(super) fn around_surface(rng: &mut Draws, base: u64, pitch: u64, rows: u64) -> MemRegion {
    let above = pitch.min(base);
    MemRegion {
        space: FLAT.to_string(),
        addr: base - above,
        bytes: rng.bytes((above + pitch * (rows + 2)) as usize),
    }
}

/// A block 2D shape drawn within the documents' limits and, unless `documents_only`, within
/// Intel's published ones (BLOCK2D-LIMITS): draws until one passes.
fn block2d_shape(rng: &mut Draws, store: bool, documents_only: bool) -> Block2dShape {
    for _ in 0..64 {
        let shape = draw_block2d_shape(rng, store);
        let ok = if documents_only {
            shape.check_limits(store)
        } else {
            shape.check_published_limits(store)
        };
        if ok.is_ok() {
            return shape;
        }
    }
    // d32, 8 wide and 8 high: inside every limit.
    Block2dShape {
        size: DataSize::D32,
        blocks: 1,
        width: 8,
        height: 8,
        transpose: false,
        vnni: false,
    }
}

fn draw_block2d_shape(rng: &mut Draws, store: bool) -> Block2dShape {
    let size = rng.pick(&[DataSize::D8, DataSize::D16, DataSize::D32, DataSize::D64]);
    let bytes = size.mem_bytes() as u32;
    let (transpose, vnni) = if store {
        (false, false)
    } else {
        match (rng.below(3), bytes) {
            (1, 4 | 8) => (true, false),
            (2, 1 | 2) => (false, true),
            _ => (false, false),
        }
    };
    let blocks = if store || transpose {
        1
    } else {
        rng.pick(&[1, 1, 2, 4])
    };
    let max_width = if transpose {
        if bytes == 8 {
            8
        } else {
            16
        }
    } else {
        64 / (blocks * bytes)
    };
    let width = if max_width >= 1 {
        1 + rng.below(u64::from(max_width)) as u32
    } else {
        1
    };
    let blocks = if blocks * width * bytes > 64 {
        1
    } else {
        blocks
    };
    let step = if vnni { 4 / bytes } else { 1 };
    let height = if store && rng.chance(2) {
        1 + rng.below(8) as u32
    } else if transpose && bytes == 8 && rng.chance(2) {
        8
    } else {
        step * (1 + rng.below(u64::from(32 / step)) as u32)
    };
    Block2dShape {
        size,
        blocks,
        width,
        height,
        transpose,
        vnni,
    }
}

fn block2d_with(
    op: Opcode,
    platform: Platform,
    choices: &Choices,
    fixed: Option<Block2dShape>,
) -> GenCase {
    let mut rng = choices.draws();
    let store = op == Opcode::LscStoreBlock2d;
    let mnemonic = op.mnemonic();
    let mut tags = vec![mnemonic.to_string()];
    let mut literal = Vec::new();
    // One case in five reads BLOCK2D-LIMITS literally: a shape and a surface the documents
    // allow and Intel's published limits do not (narrow, unaligned surfaces, elements across
    // the width); the rest keep to the published limits.
    let documents_only = fixed.is_none() && rng.chance(5);
    let shape = match fixed {
        Some(shape) => shape,
        None => block2d_shape(&mut rng, store, documents_only),
    };
    // A fixed shape outside the published limits (the bench's d16 32x32 VNNI) runs under
    // the documents' limits, on surfaces within the published ones.
    if documents_only || shape.check_published_limits(store).is_err() {
        literal.push(errata::BLOCK2D_LIMITS);
    }
    let Block2dShape {
        size,
        blocks,
        width,
        height,
        ..
    } = shape;
    let bytes = size.mem_bytes() as u32;
    tags.push(shape.text());
    // The surface: width in bytes, height in rows, pitch at least the width. Under the
    // published limits the width is 64 bytes or more, a multiple of max(4, sizeof), and the
    // pitch a multiple of 16; one case in eight breaks one of them (undefined behaviour).
    let block_bytes = blocks * width * bytes;
    let align = bytes.max(4);
    let surface_width: u32 = if documents_only {
        rng.pick(&[
            1,
            4,
            16,
            64,
            100,
            block_bytes,
            2 * block_bytes,
            block_bytes + 8,
        ])
    } else {
        rng.pick(&[64, 64, 96, 100, 128, 2 * block_bytes, block_bytes + 8, 200])
            .max(64)
            .div_ceil(align)
            * align
    };
    let surface_height: u32 = rng.pick(&[1, 5, height, height + 3, 2 * height]);
    let mut pitch = surface_width.div_ceil(16) * 16 + rng.pick(&[0, 0, 16]);
    let mut surface_width = surface_width;
    let mut base = 0x10000u64;
    if !documents_only && rng.chance(8) {
        tags.push("block2d-surface-limits".to_string());
        match rng.below(4) {
            0 => surface_width = 60,
            1 => surface_width += 2,
            2 => pitch += 8,
            _ => base += 0x20,
        }
    }
    let cols = (surface_width / bytes).max(1) as i64;
    let span = i64::from(blocks * width);
    let x: i64 = rng.pick(&[0, 0, cols - span, cols - 1, -span / 2 - 1, -span, cols, 1]);
    let rows = i64::from(surface_height);
    // A third of the blocks lie wholly inside when the surface is large enough.
    let (x, y, place) = place_block(&mut rng, (x, span, cols), (i64::from(height), rows), 3);
    tags.push(format!("block2d-{place}"));
    let layout = shape.layout((blocks, width, height), platform.grf_size());
    let reg_bytes = blocks as usize * layout.grf_block_pitch * size.mem_bytes();
    let mut decls = vec![format!(
        ".decl VD v_type=G type=ud num_elts={}",
        reg_bytes.div_ceil(4)
    )];
    let mut vars = vec![("VD".to_string(), rng.bytes(reg_bytes.div_ceil(4) * 4))];
    // X and Y as immediates, or as variables with an immediate offset.
    let (x_text, y_text) = if rng.chance(2) {
        let dx = rng.pick(&[0i64, 2, -1]);
        let dy = rng.pick(&[0i64, 1, -2]);
        decls.push(".decl VX v_type=G type=d num_elts=1".into());
        decls.push(".decl VY v_type=G type=d num_elts=1".into());
        vars.push(("VX".into(), ((x - dx) as i32).to_le_bytes().to_vec()));
        vars.push(("VY".into(), ((y - dy) as i32).to_le_bytes().to_vec()));
        let off = |d: i64| match d {
            0 => String::new(),
            d if d > 0 => format!("+{}", hex(d)),
            d => hex(d),
        };
        (format!("VX{}", off(dx)), format!("VY{}", off(dy)))
    } else {
        (hex(x), hex(y))
    };
    let address = format!(
        "flat[0x{base:x},{},{},{},{x_text},{y_text}]",
        hex(i64::from(surface_width) - 1),
        hex(i64::from(surface_height) - 1),
        hex(i64::from(pitch) - 1)
    );
    // Memory: the surface's rows with a row above and two below, the pitch gap included
    // (a store must land inside the surface and nowhere else).
    let mem = vec![around_surface(
        &mut rng,
        base,
        u64::from(pitch),
        u64::from(surface_height),
    )];
    if fixed.is_none() && rng.chance(6) {
        let id = rng.pick(&[
            errata::BLOCK2D_MINUS_ONE,
            errata::BLOCK2D_TEXT_SWAP,
            errata::BLOCK2D_SURFACE_MINUS_ONE,
            errata::BLOCK2D_ROW_Y,
            errata::BLOCK2D_STORE_INDEX,
        ]);
        literal.push(id);
        // These readings change the shape or the pitch the message uses: the documents'
        // limits let the case run.
        if id != errata::BLOCK2D_ROW_Y && !literal.contains(&errata::BLOCK2D_LIMITS) {
            literal.push(errata::BLOCK2D_LIMITS);
        }
    }
    let operands = if store {
        format!("{address} VD:{}", shape.text())
    } else {
        format!("VD:{} {address}", shape.text())
    };
    Parts {
        platform,
        literal,
        decls,
        vars,
        preds: Vec::new(),
        emask: u32::MAX,
        tags,
        mem,
        surfaces: Vec::new(),
    }
    .finish(&format!("{mnemonic}.ugm (M1_NM, 1) {operands}"))
}

/// LSC_FENCE (instructions/LSC_FENCE.md): every unit, fence operation and scope; the
/// register variable and memory region it must leave as they are.
fn fence((platform, choices): (Platform, Choices)) -> GenCase {
    let mut rng = choices.draws();
    let sfid = rng.pick(&["ugm", "ugml", "tgm", "slm"]);
    let op = rng.pick(&["none", "evict", "invalidate", "discard", "clean", "flushl3"]);
    let scope = rng.pick(&[
        "group", "local", "tile", "gpu", "gpus", "sysrel", "system", "sysacq",
    ]);
    Parts {
        platform,
        literal: Vec::new(),
        decls: vec![".decl VD v_type=G type=ud num_elts=8".to_string()],
        vars: vec![("VD".to_string(), rng.bytes(32))],
        preds: Vec::new(),
        emask: u32::MAX,
        tags: vec!["lsc_fence".to_string(), sfid.to_string()],
        mem: vec![MemRegion {
            space: FLAT.to_string(),
            addr: REGION,
            bytes: rng.bytes(16),
        }],
        surfaces: Vec::new(),
    }
    .finish(&format!("lsc_fence.{sfid}.{op}.{scope}"))
}

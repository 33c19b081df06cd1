//! Generators of the SVM instructions (instructions/SVM_*.md): flat 64-bit addresses inside
//! one initialised memory window (observed after the run), placed near the 2^32 boundary, at
//! the top of the 64-bit space and at random pages; every oword count, block size and count,
//! execution size, channel mask, atomic operation and width the documents allow.
//!
//! Scatters may send several lanes to one address: bytes stored twice with different values
//! come out undefined and the vectors hold them as `??`. Atomics get distinct addresses per
//! lane: the documents give no order between the lanes of one message on hardware.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::svm::AtomicOp;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::types::DataType;

use super::{platform, GenCase};
use crate::vector::MemRegion;

/// Bytes of the memory window every case initialises and observes.
const WINDOW: usize = 256;
/// Bytes at each end of the window no access reaches, so that a store that writes before or
/// after the bytes it addresses changes an observed byte.
pub const GUARD: usize = 16;

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, platform().boxed())
}

/// The strategy of `op` on one platform (the control-flow generator's straight-line
/// mixes).
pub fn case_on(op: Opcode, on: Platform) -> Option<BoxedStrategy<GenCase>> {
    case_in(op, Just(on).boxed())
}

fn case_in(op: Opcode, on: BoxedStrategy<Platform>) -> Option<BoxedStrategy<GenCase>> {
    Some(match op {
        Opcode::SvmBlockLd | Opcode::SvmBlockSt => block_case(op, on),
        Opcode::SvmGather | Opcode::SvmScatter => blocks_case(op, on),
        Opcode::SvmGather4Scaled | Opcode::SvmScatter4Scaled => channels_case(op, on),
        Opcode::SvmAtomic => atomic_case(on),
        _ => return None,
    })
}

/// Window bases: low memory, around 2^32, the top of the 64-bit space, random pages.
fn base() -> impl Strategy<Value = u64> {
    prop_oneof![
        select(vec![
            0x1000u64,
            0xffff_fe00,
            0x1_0000_0000,
            0x7fff_ff00,
            u64::MAX - WINDOW as u64 + 1,
        ]),
        (1u64..1 << 40).prop_map(|a| a << 12),
    ]
}

/// Mask control, predicate and execution mask: `(mask text, predicate, emask)`.
fn lanes() -> impl Strategy<Value = (bool, Option<(bool, u32)>, u32)> {
    (
        any::<bool>(),
        prop_oneof![2 => Just(None), 1 => (any::<bool>(), any::<u32>()).prop_map(Some)],
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
}

struct Parts {
    platform: Platform,
    literal: Vec<&'static str>,
    decls: Vec<String>,
    vars: Vec<(String, Vec<u8>)>,
    line: String,
    pred: Option<(bool, u32)>,
    emask: u32,
    base: u64,
    memory: Vec<u8>,
    tags: Vec<String>,
}

fn finish(p: Parts) -> GenCase {
    let mut decls = p.decls;
    let mut preds = Vec::new();
    let mut tags = p.tags;
    let pred_text = match p.pred {
        Some((invert, m)) => {
            decls.push(".decl P1 v_type=P num_elts=32".to_string());
            preds.push(("P1".to_string(), m));
            tags.push("predicated".to_string());
            format!("({}P1) ", if invert { "!" } else { "" })
        }
        None => String::new(),
    };
    GenCase {
        platform: p.platform,
        literal: p.literal,
        text: format!("{}\n{pred_text}{}\n", decls.join("\n"), p.line),
        vars: p.vars,
        preds,
        cr0: 0,
        emask: p.emask,
        tags,
        mem: vec![MemRegion {
            space: "flat".to_string(),
            addr: p.base,
            bytes: p.memory,
        }],
        surfaces: Vec::new(),
        samplers: Vec::new(),
        partner: Vec::new(),
        profile: None,
    }
}

fn decl(name: &str, ty: &str, elts: usize) -> String {
    format!(".decl {name} v_type=G type={ty} num_elts={}", elts.max(1))
}

fn le64(xs: &[u64]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn mask_text(nm: bool) -> &'static str {
    if nm {
        "M1_NM"
    } else {
        "M1"
    }
}

/// SVM_BLOCK_LD / SVM_BLOCK_ST: 1, 2, 4 or 8 owords at an oword (or, `.unaligned`, dword)
/// aligned address in the window; the address in a register or an immediate.
fn block_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    let load = op == Opcode::SvmBlockLd;
    (
        on,
        select(vec![1usize, 2, 4, 8]),
        any::<bool>(),
        any::<bool>(),
        0usize..(WINDOW - 2 * GUARD - 128) / 4,
        base(),
        proptest::collection::vec(any::<u8>(), WINDOW),
        proptest::collection::vec(any::<u8>(), 128),
    )
        .prop_map(
            move |(platform, owords, unaligned, imm, k, base, memory, data)| {
                let unaligned = unaligned && load;
                let offset = GUARD + if unaligned { 4 * k } else { 16 * (k / 4) };
                let address = base.wrapping_add(offset as u64);
                let addr_text = if imm {
                    format!("0x{address:x}:uq")
                } else {
                    "VA(0,0)<0;1,0>".to_string()
                };
                let name = if load { "svm_block_ld" } else { "svm_block_st" };
                let modifier = if unaligned { ".unaligned" } else { "" };
                let data_var = if load { "VD" } else { "VS" };
                let mut tags = vec![name.to_string(), format!("owords-{owords}")];
                if unaligned {
                    tags.push("unaligned".to_string());
                }
                finish(Parts {
                    platform,
                    literal: vec![],
                    decls: vec![decl("VA", "uq", 1), decl(data_var, "ud", owords * 4)],
                    vars: vec![
                        ("VA".to_string(), le64(&[address])),
                        (data_var.to_string(), data[..owords * 16].to_vec()),
                    ],
                    line: format!("{name}{modifier} ({owords}) {addr_text} {data_var}.0"),
                    pred: None,
                    emask: u32::MAX,
                    base,
                    memory,
                    tags,
                })
            },
        )
        .boxed()
}

/// The (block_size, num_blocks, exec_size) triples SVM_GATHER.md allows.
fn block_shapes() -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for bs in [1, 4, 8] {
        for nb in [1, 2, 4, 8] {
            for es in [1, 2, 4, 8, 16] {
                let eight_ok = nb != 8 || (bs == 4 && es == 8);
                if eight_ok && (nb == 1 || es >= 8) {
                    out.push((bs, nb, es));
                }
            }
        }
    }
    out
}

/// SVM_GATHER / SVM_SCATTER: each lane at a block-aligned address in the window (lanes may
/// meet).
fn blocks_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    let gather = op == Opcode::SvmGather;
    (
        on,
        select(block_shapes()),
        lanes(),
        base(),
        proptest::collection::vec(any::<u16>(), 16),
        proptest::collection::vec(any::<u8>(), WINDOW),
        proptest::collection::vec(any::<u8>(), 16 * 8 * 8),
    )
        .prop_map(
            move |(platform, (bs, nb, es), (nm, pred, emask), base, picks, memory, data)| {
                let slots = (WINDOW - 2 * GUARD - nb * bs) / bs + 1;
                let addrs: Vec<u64> = (0..es)
                    .map(|i| base.wrapping_add((GUARD + bs * (picks[i] as usize % slots)) as u64))
                    .collect();
                let (ty, elts) = match bs {
                    1 => ("ub", es * nb.max(4)),
                    4 => ("ud", nb * es),
                    _ => ("uq", nb * es),
                };
                let name = if gather { "svm_gather" } else { "svm_scatter" };
                let data_var = if gather { "VD" } else { "VS" };
                let bytes = elts * bs;
                finish(Parts {
                    platform,
                    literal: vec![],
                    decls: vec![decl("VA", "uq", es), decl(data_var, ty, elts)],
                    vars: vec![
                        ("VA".to_string(), le64(&addrs)),
                        (data_var.to_string(), data[..bytes].to_vec()),
                    ],
                    line: format!(
                        "{name}.{bs}.{nb} ({}, {es}) VA.0 {data_var}.0",
                        mask_text(nm)
                    ),
                    pred,
                    emask,
                    base,
                    memory,
                    tags: vec![name.to_string(), format!("block-{bs}x{nb}")],
                })
            },
        )
        .boxed()
}

const CHANNELS: [&str; 15] = [
    "R", "G", "RG", "B", "RB", "GB", "RGB", "A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA",
];

/// SVM_GATHER4_SCALED / SVM_SCATTER4_SCALED: every channel mask, SIMD8 and SIMD16, dword
/// offsets in the window from an address in a register or an immediate.
fn channels_case(op: Opcode, on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    let gather = op == Opcode::SvmGather4Scaled;
    (
        on,
        1usize..16,
        select(vec![8usize, 16]),
        lanes(),
        any::<bool>(),
        base(),
        proptest::collection::vec(any::<u16>(), 16),
        proptest::collection::vec(any::<u8>(), WINDOW),
        proptest::collection::vec(any::<u8>(), 4 * 4 * 16),
    )
        .prop_map(
            move |(platform, mask, es, (nm, pred, emask), imm, base, picks, memory, data)| {
                let slots = (WINDOW - 2 * GUARD - 16) / 4 + 1;
                let offsets: Vec<u64> = (0..es)
                    .map(|i| (GUARD + 4 * (picks[i] as usize % slots)) as u64)
                    .collect();
                let letters = CHANNELS[mask - 1];
                let per_channel = es.max(platform.grf_size() / 4);
                let elts = letters.len() * per_channel;
                let name = if gather {
                    "svm_gather4scaled"
                } else {
                    "svm_scatter4scaled"
                };
                let data_var = if gather { "VD" } else { "VS" };
                let addr_text = if imm {
                    format!("0x{base:x}:uq")
                } else {
                    "VA(0,0)<0;1,0>".to_string()
                };
                finish(Parts {
                    platform,
                    literal: vec![],
                    decls: vec![
                        decl("VA", "uq", 1),
                        decl("VO", "uq", es),
                        decl(data_var, "ud", elts),
                    ],
                    vars: vec![
                        ("VA".to_string(), le64(&[base])),
                        ("VO".to_string(), le64(&offsets)),
                        (data_var.to_string(), data[..elts * 4].to_vec()),
                    ],
                    line: format!(
                        "{name}.{letters} ({}, {es}) {addr_text} VO.0 {data_var}.0",
                        mask_text(nm)
                    ),
                    pred,
                    emask,
                    base,
                    memory,
                    tags: vec![name.to_string(), format!("channels-{letters}")],
                })
            },
        )
        .boxed()
}

/// Dword edge values: integer boundaries and F / HF encodings (zeros, one, two, NaN, inf).
const EDGES: [u32; 16] = [
    0,
    1,
    5,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x3f80_0000,
    0x4000_0000,
    0x7fc0_0000,
    0x7f80_0000,
    0xff80_0000,
    0x3c00,
    0x8000,
    0x7e00,
    0xffff,
    0x7fff,
];

fn edge_u64() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => (select(EDGES.to_vec()), select(EDGES.to_vec()))
            .prop_map(|(lo, hi)| u64::from(lo) | u64::from(hi) << 32),
        1 => any::<u64>(),
    ]
}

/// SVM_ATOMIC: every operation and width, distinct naturally aligned addresses per lane;
/// CMPXCHG and FCMPWR compare equal on about half the lanes; `%null` destinations; both
/// readings of SVM-ATOMIC-OPERAND-ORDER and SVM-ATOMIC-PREDEC.
fn atomic_case(on: BoxedStrategy<Platform>) -> BoxedStrategy<GenCase> {
    (
        on,
        select(AtomicOp::ALL.to_vec()),
        select(vec![16u32, 32, 64]),
        select(vec![1usize, 2, 4, 8]),
        lanes(),
        base(),
        Just((GUARD / 8..(WINDOW - GUARD) / 8).collect::<Vec<usize>>()).prop_shuffle(),
        proptest::collection::vec(edge_u64(), WINDOW / 8),
        proptest::collection::vec(edge_u64(), 16),
        proptest::collection::vec(any::<bool>(), 8),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_filter("64-bit float atomics do not exist", |t| {
            !(t.1.is_float() && t.2 == 64)
        })
        .prop_map(
            |(
                platform,
                op,
                width,
                es,
                (nm, pred, emask),
                base,
                slots,
                words,
                srcs,
                equal,
                (null_dst, format_order, lit_predec, signed),
            )| {
                let types = op.types(width);
                let ty = if signed && types.len() > 1 {
                    types[1]
                } else {
                    types[0]
                };
                let reg = ty.size();
                let mask = if width == 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                };
                let addrs: Vec<u64> = slots[..es]
                    .iter()
                    .map(|s| base.wrapping_add(8 * *s as u64))
                    .collect();
                let memory = le64(&words);
                let old = |i: usize| words[slots[i]] & mask;
                // src0 and src1 elements, register-sized.
                let element = |v: u64| -> Vec<u8> { v.to_le_bytes()[..reg].to_vec() };
                let mut s0: Vec<u8> = Vec::new();
                let mut s1: Vec<u8> = Vec::new();
                for i in 0..es {
                    let (mut a, mut b) = (srcs[i], srcs[8 + i]);
                    if equal[i] {
                        match op {
                            AtomicOp::Cmpxchg => b = old(i),
                            AtomicOp::Fcmpwr => a = old(i),
                            _ => {}
                        }
                    }
                    if width == 16 {
                        // Only the lower word counts; the upper one is noise.
                        a = (a & 0xffff) | (srcs[(i + 3) % 16] & 0xffff_0000);
                        b = (b & 0xffff) | (srcs[(i + 5) % 16] & 0xffff_0000);
                    }
                    s0.extend(element(a));
                    s1.extend(element(b));
                }
                let tyname = match ty {
                    DataType::D => "d",
                    DataType::Q => "q",
                    DataType::F => "f",
                    DataType::UQ => "uq",
                    _ => "ud",
                };
                let n = op.num_srcs();
                let mut decls = vec![decl("VA", "uq", es)];
                let mut vars = vec![("VA".to_string(), le64(&addrs))];
                let dst = if null_dst {
                    "%null.0"
                } else {
                    decls.push(decl("VD", tyname, es));
                    vars.push(("VD".to_string(), vec![0xee; es * reg]));
                    "VD.0"
                };
                let src0 = if n >= 1 {
                    decls.push(decl("VS0", tyname, es));
                    vars.push(("VS0".to_string(), s0));
                    "VS0.0"
                } else {
                    "%null.0"
                };
                let src1 = if n >= 2 {
                    decls.push(decl("VS1", tyname, es));
                    vars.push(("VS1".to_string(), s1));
                    "VS1.0"
                } else {
                    "%null.0"
                };
                let mut literal = Vec::new();
                let operands = if format_order {
                    literal.push(errata::SVM_ATOMIC_OPERAND_ORDER);
                    format!("VA.0 {src0} {src1} {dst}")
                } else {
                    format!("VA.0 {dst} {src0} {src1}")
                };
                if op == AtomicOp::Predec && lit_predec {
                    literal.push(errata::SVM_ATOMIC_PREDEC);
                }
                let suffix = match width {
                    16 => ".16",
                    64 => ".64",
                    _ => "",
                };
                finish(Parts {
                    platform,
                    literal,
                    decls,
                    vars,
                    line: format!(
                        "svm_atomic.{}{suffix} ({}, {es}) {operands}",
                        op.name(),
                        mask_text(nm)
                    ),
                    pred,
                    emask,
                    base,
                    memory,
                    tags: vec![
                        "svm_atomic".to_string(),
                        format!("atomic-{}", op.name()),
                        format!("width-{width}"),
                    ],
                })
            },
        )
        .boxed()
}

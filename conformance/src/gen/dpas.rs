//! Generators of DPAS and DPASW (instructions/DPAS.md, DPASW.md): every legal precision
//! pair of a class, repeat counts 1..8, every DPAS platform, Dst and Src0 types of the
//! legal-combination table (Src0 also `%null`), and operand bytes biased to the extremes of
//! each precision (all-ones fields, the most negative s2/s4/s8 patterns, 0x80 bytes) and the
//! accumulator's wrap-around. DPASW cases supply the fused partner's Src2 (`init.partner`).
//! DP4A takes the generic path, [`super::register`] (its operands are ordinary regions).

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata;
use visa_model::ir::dpas::row_types;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::profile::DpasProfile;
use visa_model::types::{DataType, Precision};

use super::GenCase;

/// The integer precisions of DPAS.md's legal-combination table.
pub const INT_PRECISIONS: [Precision; 6] = [
    Precision::U2,
    Precision::S2,
    Precision::U4,
    Precision::S4,
    Precision::U8,
    Precision::S8,
];

/// A precision class: one golden file per instruction and class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The 36 integer pairs.
    Int,
    /// bf x bf.
    Bf,
    /// hf x hf.
    Hf,
    /// tf32 x tf32.
    Tf32,
    /// bf8 and hf8, the four pairs.
    Fp8,
    /// Every float pair (DPASW's float file).
    Float,
}

impl Class {
    /// Every class.
    pub const ALL: [Class; 5] = [Class::Int, Class::Bf, Class::Hf, Class::Tf32, Class::Fp8];

    /// The class's name in its golden file's (`dpas-int`, `dpasw-float`).
    pub fn name(self) -> &'static str {
        match self {
            Class::Int => "int",
            Class::Bf => "bf",
            Class::Hf => "hf",
            Class::Tf32 => "tf32",
            Class::Fp8 => "fp8",
            Class::Float => "float",
        }
    }

    /// The (W, A) pairs of the class.
    pub fn pairs(self) -> Vec<(Precision, Precision)> {
        use Precision::*;
        match self {
            Class::Int => INT_PRECISIONS
                .iter()
                .flat_map(|&w| INT_PRECISIONS.iter().map(move |&a| (w, a)))
                .collect(),
            Class::Bf => vec![(BF, BF)],
            Class::Hf => vec![(HF, HF)],
            Class::Tf32 => vec![(TF32, TF32)],
            Class::Fp8 => vec![(BF8, BF8), (BF8, HF8), (HF8, BF8), (HF8, HF8)],
            Class::Float => [Class::Bf, Class::Hf, Class::Tf32, Class::Fp8]
                .into_iter()
                .flat_map(Class::pairs)
                .collect(),
        }
    }

    /// Whether the class is a float one.
    pub fn is_float(self) -> bool {
        self != Class::Int
    }
}

/// Everything about a case but its bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub opcode: Opcode,
    pub platform: Platform,
    pub w: Precision,
    pub a: Precision,
    pub rc: u32,
    pub dst: DataType,
    /// Src0's type, `None` for `%null`.
    pub src0: Option<DataType>,
    pub src1: DataType,
    pub src2: DataType,
    pub literal: Vec<&'static str>,
    /// The numeric profile (float classes), `None` for the default.
    pub profile: Option<DpasProfile>,
}

/// The platforms that have `op` (DPAS: every one with a DPAS execution size; DPASW: xe-hpg).
pub fn platforms(op: Opcode) -> Vec<Platform> {
    match op {
        Opcode::Dpasw => vec![Platform::XeHpg],
        _ => Platform::ALL
            .into_iter()
            .filter(|p| p.dpas_exec_size().is_some())
            .collect(),
    }
}

/// The golden files' classes of `op`: DPAS a file per class, DPASW one integer and one float
/// file.
pub fn classes(op: Opcode) -> &'static [Class] {
    if op == Opcode::Dpasw {
        &[Class::Int, Class::Float]
    } else {
        &Class::ALL
    }
}

/// The errata whose literal reading changes what these cases do: the opcode's (its row of
/// the opcode table), the TF32 and FP8 paths for the FP8 class only.
fn semantic_errata(op: Opcode, class: Class) -> Vec<&'static str> {
    op.form()
        .errata
        .iter()
        .copied()
        .filter(|&e| class == Class::Fp8 || e != errata::DPAS_TF32_FP8_PATHS)
        .collect()
}

/// OPS_PER_CHAN of DPAS.md (resolved readings) and SRC1_OPERANDS_PER_CHAN.
fn ops(w: Precision, a: Precision) -> (u32, u32) {
    let ops = if w == Precision::TF32 {
        1
    } else if w.bits() == 16 {
        2
    } else if w.bits() == 8 || a.bits() == 8 {
        4
    } else {
        8
    };
    (ops, 32 / (ops * w.bits()))
}

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    match op {
        Opcode::Dpas | Opcode::Dpasw => {
            Some(proptest::strategy::Union::new(Class::ALL.map(|c| class_case(op, c))).boxed())
        }
        _ => None,
    }
}

/// DPAS cases of every class on one platform that has DPAS (the control-flow generator's
/// straight-line mixes).
pub fn case_on(on: Platform) -> BoxedStrategy<GenCase> {
    proptest::strategy::Union::new(Class::ALL.map(|c| {
        shapes(Opcode::Dpas, c, Some(on), None, None)
            .prop_flat_map(shape_case)
            .boxed()
    }))
    .boxed()
}

/// Cases of `op` in precision class `class`, on any of its platforms.
pub fn class_case(op: Opcode, class: Class) -> BoxedStrategy<GenCase> {
    shapes(op, class, None, None, None)
        .prop_flat_map(shape_case)
        .boxed()
}

/// DPAS cases of one precision pair at repeat count 8 on xe-hpc (16 lanes), every erratum
/// resolved, the default profile: the bench's streams.
pub fn bench_case(w: Precision, a: Precision) -> BoxedStrategy<GenCase> {
    let class = if w.is_float() {
        Class::Float
    } else {
        Class::Int
    };
    shapes(
        Opcode::Dpas,
        class,
        Some(Platform::XeHpc),
        Some((w, a)),
        Some(8),
    )
    .prop_map(|mut shape| {
        shape.literal.clear();
        shape.profile = None;
        shape
    })
    .prop_flat_map(shape_case)
    .boxed()
}

/// Shapes of `op` in `class`; `platform`, `pair` and `rc` fix those fields when given.
fn shapes(
    op: Opcode,
    class: Class,
    platform: Option<Platform>,
    pair: Option<(Precision, Precision)>,
    rc: Option<u32>,
) -> BoxedStrategy<Shape> {
    let platforms = platform.map_or_else(|| platforms(op), |p| vec![p]);
    let pairs = pair.map_or_else(|| class.pairs(), |p| vec![p]);
    let rcs: Vec<u32> = rc.map_or_else(|| (1..=8).collect(), |r| vec![r]);
    let literal = semantic_errata(op, class);
    let profiles: Vec<Option<DpasProfile>> = std::iter::once(None)
        .chain(DpasProfile::all().into_iter().map(Some))
        .collect();
    (
        select(platforms),
        select(pairs),
        select(rcs),
        any::<u8>(),
        prop_oneof![
            4 => Just(Vec::new()),
            1 => proptest::sample::subsequence(literal, 1..=1),
        ],
        select(vec![DataType::D, DataType::UD]),
        select(vec![DataType::D, DataType::UD]),
        select(profiles),
    )
        .prop_map(
            move |(platform, (w, a), rc, pick, literal, src1, src2, profile)| {
                let types: Vec<DataType> = row_types(w, a).unwrap_or(&[]).to_vec();
                let dst_types: Vec<DataType> = if op == Opcode::Dpasw {
                    types
                        .iter()
                        .copied()
                        .filter(|t| matches!(t, DataType::D | DataType::UD | DataType::F))
                        .collect()
                } else {
                    types.clone()
                };
                let dst = dst_types
                    .get(pick as usize % dst_types.len().max(1))
                    .copied()
                    .unwrap_or(DataType::D);
                let src0 = match (pick >> 4) % 4 {
                    0 => None,
                    _ if op == Opcode::Dpasw => Some(dst),
                    k => types.get(k as usize % types.len().max(1)).copied(),
                };
                Shape {
                    opcode: op,
                    platform,
                    w,
                    a,
                    rc,
                    dst,
                    src0,
                    src1,
                    src2,
                    literal,
                    profile: if class.is_float() { profile } else { None },
                }
            },
        )
        .boxed()
}

/// DWs biased to the extremes of every precision packed in them.
fn dword() -> BoxedStrategy<u32> {
    prop_oneof![
        4 => any::<u32>(),
        2 => select(vec![
            0u32,
            0xFFFF_FFFF, // all-ones fields: -1 signed, the maximum unsigned
            0x8080_8080, // s8 minimum in every byte
            0x7F7F_7F7F, // s8 maximum
            0x8888_8888, // s4 minimum in every nibble
            0x7777_7777, // s4 maximum
            0xAAAA_AAAA, // s2 minimum (0b10) in every field
            0x5555_5555, // s2 maximum (0b01)
            0x0101_0101,
        ]),
    ]
    .boxed()
}

/// A 16-bit float (bf or hf) pattern biased to its specials: zeros, denormals, the
/// smallest normal, one, the largest finite value, infinities and NaNs.
fn half_pattern(p: Precision) -> BoxedStrategy<u16> {
    let specials: Vec<u16> = match p {
        Precision::BF => vec![
            0x0000, 0x8000, 0x0001, 0x807F, 0x0080, 0x3F80, 0xBF80, 0x3F81, 0x7F7F, 0xFF7F, 0x7F80,
            0xFF80, 0x7FC0, 0x7F81, 0x4000, 0x3400,
        ],
        _ => vec![
            0x0000, 0x8000, 0x0001, 0x83FF, 0x0400, 0x3C00, 0xBC00, 0x3C01, 0x7BFF, 0xFBFF, 0x7C00,
            0xFC00, 0x7E00, 0x7C01, 0x4000, 0x1400,
        ],
    };
    prop_oneof![
        3 => any::<u16>(),
        2 => select(specials),
        // Near one, so that sums land on rounding ties.
        2 => (0u16..16).prop_map(move |m| if p == Precision::BF { 0x3F80 | m } else { 0x3C00 | m }),
    ]
    .boxed()
}

/// An fp8 byte biased to the specials of E5M2 (bf8) and E4M3 (hf8).
fn fp8_pattern() -> BoxedStrategy<u8> {
    prop_oneof![
        3 => any::<u8>(),
        2 => select(vec![
            0x00u8, 0x80, 0x01, 0x81, 0x03, 0x04, 0x07, 0x08, 0x38, 0x3C, 0x7B, 0x7C, 0x7D,
            0x7E, 0x7F, 0xFC, 0xFF, 0x77,
        ]),
    ]
    .boxed()
}

/// A DW of float elements of precision `p` (two bf/hf, four fp8, one tf32 or f32).
fn float_dword(p: Precision) -> BoxedStrategy<u32> {
    match p {
        Precision::BF | Precision::HF => (half_pattern(p), half_pattern(p))
            .prop_map(|(lo, hi)| u32::from(lo) | u32::from(hi) << 16)
            .boxed(),
        Precision::BF8 | Precision::HF8 => proptest::array::uniform4(fp8_pattern())
            .prop_map(u32::from_le_bytes)
            .boxed(),
        _ => f32_pattern(),
    }
}

/// An f32 (or tf32 in its DW) pattern: specials, values near one with low bits set (what
/// tf32 trimming drops), anything.
fn f32_pattern() -> BoxedStrategy<u32> {
    prop_oneof![
        3 => any::<u32>(),
        2 => select(vec![
            0u32, 0x8000_0000, 0x0000_0001, 0x007F_FFFF, 0x0080_0000, 0x3F80_0000, 0xBF80_0000,
            0x7F7F_FFFF, 0xFF7F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x7F80_0001,
            0x3F80_1000, 0x3F80_2000, 0x3380_0000,
        ]),
        2 => (0u32..0x4000).prop_map(|m| 0x3F80_0000 | m),
    ]
    .boxed()
}

/// An accumulator DW: near the 32-bit wrap-around or anything.
fn accumulator() -> BoxedStrategy<u32> {
    prop_oneof![
        2 => any::<u32>(),
        1 => select(vec![0u32, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x7FFF_FF00]),
    ]
    .boxed()
}

fn bytes(dw: BoxedStrategy<u32>, n_dw: usize) -> BoxedStrategy<Vec<u8>> {
    proptest::collection::vec(dw, n_dw)
        .prop_map(|v| v.iter().flat_map(|d| d.to_le_bytes()).collect())
        .boxed()
}

/// The bytes of a case of `shape`.
pub fn shape_case(shape: Shape) -> BoxedStrategy<GenCase> {
    let grf = shape.platform.grf_size();
    let n = shape.platform.dpas_exec_size().unwrap_or(8) as usize;
    let (ops, sopc) = ops(shape.w, shape.a);
    let sd = 8u32;
    // Dst and Src0: RC whole GRFs holds every row under both readings of DPAS-DST-ADVANCE.
    let rows_bytes = shape.rc as usize * grf;
    let src1_bytes = sd.div_ceil(sopc) as usize * grf;
    let src2_bytes = (shape.rc * sd * ops * shape.a.bits()).div_ceil(8) as usize;
    let src2_dw = src2_bytes.div_ceil(4);
    let float = shape.w.is_float();
    let acc = |ty: DataType| -> BoxedStrategy<u32> {
        match ty {
            DataType::F => f32_pattern(),
            DataType::HF => float_dword(Precision::HF),
            DataType::BF => float_dword(Precision::BF),
            _ => accumulator(),
        }
    };
    let w_dw = if float { float_dword(shape.w) } else { dword() };
    let a_dw = if float { float_dword(shape.a) } else { dword() };
    let partner = if shape.opcode == Opcode::Dpasw {
        bytes(a_dw.clone(), src2_dw)
    } else {
        Just(Vec::new()).boxed()
    };
    (
        bytes(acc(shape.dst), rows_bytes / 4),
        bytes(acc(shape.src0.unwrap_or(shape.dst)), rows_bytes / 4),
        bytes(w_dw, src1_bytes / 4),
        bytes(a_dw, src2_dw),
        partner,
    )
        .prop_map(move |(dst_b, src0_b, src1_b, src2_b, partner_b)| {
            let decl = |name: &str, ty: DataType, bytes: usize| {
                format!(
                    ".decl {name} v_type=G type={} num_elts={}",
                    ty.text(),
                    bytes / ty.size()
                )
            };
            let mut decls = vec![decl("V1", shape.dst, rows_bytes)];
            let mut vars = vec![("V1".to_string(), dst_b[..rows_bytes].to_vec())];
            let src0_text = match shape.src0 {
                Some(t) => {
                    decls.push(decl("V2", t, rows_bytes));
                    vars.push(("V2".to_string(), src0_b[..rows_bytes].to_vec()));
                    "V2.0"
                }
                None => "%null.0",
            };
            decls.push(decl("V3", shape.src1, src1_bytes));
            vars.push(("V3".to_string(), src1_b));
            decls.push(decl("V4", shape.src2, src2_dw * 4));
            vars.push(("V4".to_string(), src2_b));
            let mnemonic = shape.opcode.mnemonic();
            let text = format!(
                "{}\n{mnemonic}.{}.{}.{sd}.{} (M1, {n}) V1.0 {src0_text} V3.0 V4(0,0)\n",
                decls.join("\n"),
                shape.w,
                shape.a,
                shape.rc
            );
            let mut tags = vec![
                mnemonic.to_string(),
                format!("{}x{}", shape.w, shape.a),
                format!("rc{}", shape.rc),
            ];
            if shape.src0.is_none() {
                tags.push("src0-null".to_string());
            }
            if let Some(p) = shape.profile {
                tags.push(format!("profile:{p}"));
            }
            let partner = if partner_b.is_empty() {
                Vec::new()
            } else {
                tags.push("partner".to_string());
                vec![("V4".to_string(), partner_b)]
            };
            GenCase {
                platform: shape.platform,
                literal: shape.literal.clone(),
                text,
                vars,
                preds: Vec::new(),
                cr0: 0,
                emask: u32::MAX,
                tags,
                partner,
                mem: Vec::new(),
                surfaces: Vec::new(),
                samplers: Vec::new(),
                profile: shape.profile.map(|p| p.to_string()),
            }
        })
        .boxed()
}

/// The `index`-th case of a golden stream on `platform`: the pair and the repeat count are
/// stratified (every pair, then every RC, in turn), the rest drawn.
pub fn stratified(
    op: Opcode,
    class: Class,
    platform: Platform,
    index: usize,
) -> BoxedStrategy<GenCase> {
    let pairs = class.pairs();
    let pair = pairs[index % pairs.len()];
    let rc = 1 + ((index + index / pairs.len()) % 8) as u32;
    shapes(op, class, Some(platform), Some(pair), Some(rc))
        .prop_flat_map(shape_case)
        .boxed()
}

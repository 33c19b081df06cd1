//! Generators of valid cases (proptest strategies), valid by construction: each instruction
//! has a generator that respects its type maps, the region rules of 5_operands.md, the mask
//! rules of 3_execution_model.md and the platform, biased towards edge values.
//!
//! A generated case is a [`GenCase`]: a program text, its platform, the errata readings in
//! force and the initial state. [`GenCase::to_case`] turns it into a `visa-vector/1` case.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata::{self, Readings};
use visa_model::forms::{self, Modifiers};
/// The generators are keyed by the instruction they generate.
pub use visa_model::ir::Opcode;
use visa_model::ir::RelOp;
use visa_model::opcode::Class;
use visa_model::platform::Platform;
use visa_model::types::DataType;

pub mod carry;
pub mod choices;
pub mod dataport;
pub mod dataport_typed;
pub mod dpas;
pub mod flow;
pub mod fp8;
pub mod lsc;
pub mod lsc_typed;
pub mod media;
// LRP and PLN.
pub mod plane;
pub mod raw_send;
pub mod sampler;
pub mod svm;
pub mod threads;

/// A generated case before it becomes a vector.
#[derive(Clone, Debug, PartialEq)]
pub struct GenCase {
    pub platform: Platform,
    /// Errata at their literal reading.
    pub literal: Vec<&'static str>,
    /// `.decl` lines and the instruction.
    pub text: String,
    /// Initial bytes of each variable.
    pub vars: Vec<(String, Vec<u8>)>,
    /// Initial predicate masks.
    pub preds: Vec<(String, u32)>,
    pub cr0: u32,
    pub emask: u32,
    /// Edge classes the case exercises.
    pub tags: Vec<String>,
    /// Initial bytes of variables in the fused partner thread (DPASW), `init.partner`.
    pub partner: Vec<(String, Vec<u8>)>,
    /// Initial memory regions (`init.mem`); the case observes them.
    pub mem: Vec<crate::vector::MemRegion>,
    /// Surfaces of the binding table and heaps (`init.surfaces`).
    pub surfaces: Vec<visa_model::state::Surface>,
    /// Entries of the sampler state table (`init.samplers`).
    pub samplers: Vec<visa_model::state::SamplerState>,
    /// The numeric profile of float DPAS the case runs under (`None`: the default).
    pub profile: Option<String>,
}

/// A generated source operand: its text, and the declaration and initial bytes of its
/// variable when it is a register.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    pub text: String,
    pub decl: Option<String>,
    pub init: Option<(String, Vec<u8>)>,
}

const INT_TYPES: [DataType; 8] = [
    DataType::UB,
    DataType::B,
    DataType::UW,
    DataType::W,
    DataType::UD,
    DataType::D,
    DataType::UQ,
    DataType::Q,
];

/// Edge bit patterns of a type (2_datatypes.md ranges and float encodings), as u64.
pub fn edge_values(ty: DataType) -> Vec<u64> {
    let mask = if ty.bits() >= 64 {
        u64::MAX
    } else {
        (1u64 << ty.bits()) - 1
    };
    let ints = |min: i128, max: i128| {
        let m = |v: i128| (v as u64) & mask;
        vec![
            0,
            1,
            m(-1),
            m(min),
            m(max),
            m(min + 1),
            m(max - 1),
            m(2),
            1 << (ty.bits() - 1),
            m(max / 2 + 1),
        ]
    };
    match ty {
        DataType::F => vec![
            0x0000_0000,
            0x8000_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x3f00_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_0001,
            0x7f80_0001,
            0x7fa0_0000,
            0x0000_0001,
            0x807f_ffff,
            0x0080_0000,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x4b80_0001,
            0x3f80_1000,
            0x3f80_8000,
            0x477f_f000,
            0x4f00_0000,
            0xcf00_0000,
            0x4f80_0000,
            0x3380_0000,
            0x3880_0000,
            0x3f7f_ffff,
            0xc039_999a,
            0x4039_999a,
        ],
        DataType::HF => vec![
            0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x0001,
            0x83ff, 0x0400, 0x7bff, 0xfbff, 0x3c01, 0x3bff, 0x5640,
        ],
        DataType::BF => vec![
            0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x7f81, 0x0001,
            0x807f, 0x0080, 0x7f7f, 0xff7f, 0x3f81,
        ],
        DataType::DF => vec![
            0,
            1 << 63,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0x7ff0_0000_0000_0001,
            0xfff8_0000_0000_0abc,
            1,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
            0x3ca0_0000_0000_0000,
            0x3fd5_5555_5555_5555,
            0x47ef_ffff_e000_0000,
            0x36a0_0000_0000_0000,
            0x41e0_0000_0000_0000,
            0xc3e0_0000_0000_0000,
        ],
        t => match (t.int_min(), t.int_max()) {
            (Some(min), Some(max)) => ints(min, max),
            _ => vec![0],
        },
    }
}

/// The destination types the forms table gives `opcode` on `platform` (every type map whose
/// gate admits the platform), in the order of the maps: the cells `coverage` expects.
pub fn expected_dsts(opcode: Opcode, platform: Platform) -> Vec<DataType> {
    let mut out = Vec::new();
    if !exists_on(opcode, platform) {
        return out;
    }
    for map in opcode.form().type_maps {
        if map.gate.admits(platform) {
            for &dst in map.dst {
                if !out.contains(&dst) {
                    out.push(dst);
                }
            }
        }
    }
    out
}

/// Whether the instruction exists on the platform at all: its row's platforms under the
/// resolved readings (the opcode table: DPAS from xe-hpg on, DPASW on xe-hpg only, FCVT and
/// SRND on xe-hpc and xe2, ROL and ROR from gen11 on, ADD3, ADD3O, BFN and DP4A from xe-lp
/// on, the LSC messages from xe-hpg on); its type maps' gates say the rest.
pub fn exists_on(opcode: Opcode, platform: Platform) -> bool {
    opcode.form().platforms.admits(platform)
}

/// One element of `ty`: an edge value or random bits.
fn element(ty: DataType) -> BoxedStrategy<u64> {
    let mask = if ty.bits() >= 64 {
        u64::MAX
    } else {
        (1u64 << ty.bits()) - 1
    };
    prop_oneof![
        3 => select(edge_values(ty)),
        2 => any::<u64>().prop_map(move |v| v & mask),
    ]
    .boxed()
}

/// One element of `ty`: mostly one of the role's `extra` values (a shift count, a bit field
/// width, a bit pattern), else an edge value or random bits. No extras: [`element`].
fn element_with(ty: DataType, extra: &[u64]) -> BoxedStrategy<u64> {
    if extra.is_empty() {
        return element(ty);
    }
    let mask = if ty.bits() >= 64 {
        u64::MAX
    } else {
        (1u64 << ty.bits()) - 1
    };
    let extra: Vec<u64> = extra.iter().map(|v| v & mask).collect();
    prop_oneof![
        3 => select(extra),
        2 => select(edge_values(ty)),
        1 => any::<u64>().prop_map(move |v| v & mask),
    ]
    .boxed()
}

/// `n` elements of `ty` as little-endian bytes.
fn elements(ty: DataType, n: usize) -> BoxedStrategy<Vec<u8>> {
    elements_with(ty, n, &[])
}

/// `n` elements of `ty` drawn by [`element_with`], as little-endian bytes.
fn elements_with(ty: DataType, n: usize, extra: &[u64]) -> BoxedStrategy<Vec<u8>> {
    proptest::collection::vec(element_with(ty, extra), n)
        .prop_map(move |vals| {
            vals.iter()
                .flat_map(|v| v.to_le_bytes()[..ty.size()].to_vec())
                .collect()
        })
        .boxed()
}

fn platform() -> impl Strategy<Value = Platform> {
    select(Platform::ALL.to_vec())
}

/// A platform `op` exists on ([`exists_on`]).
fn platform_of(op: Opcode) -> impl Strategy<Value = Platform> {
    let on: Vec<Platform> = Platform::ALL
        .into_iter()
        .filter(|&p| exists_on(op, p))
        .collect();
    select(on)
}

/// Execution size and a mask control whose offset is aligned to it and stays in 32 lanes.
fn exec_and_mask() -> impl Strategy<Value = (u32, u8, bool)> {
    (select(vec![1u32, 2, 4, 8, 16, 32]), any::<bool>(), 0u8..8).prop_map(|(size, nm, k)| {
        let groups: Vec<u8> = (1..=8)
            .filter(|g| {
                (4 * (*g as u32 - 1)).is_multiple_of(size) && 4 * (*g as u32 - 1) + size <= 32
            })
            .collect();
        let group = groups[k as usize % groups.len()];
        (size, group, nm && k % 3 == 0)
    })
}

/// An optional predicate (one case in three: whether it is inverted, and its mask) and the
/// execution mask (every lane three cases in four, random bits otherwise).
fn pred_and_emask() -> impl Strategy<Value = (Option<(bool, u32)>, u32)> {
    (
        prop_oneof![2 => Just(None), 1 => (any::<bool>(), any::<u32>()).prop_map(Some)],
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
}

/// `true` one case in `n` (`n` at least 2).
fn one_in(n: u32) -> impl Strategy<Value = bool> {
    prop_oneof![n - 1 => Just(false), 1 => Just(true)]
}

/// A source region legal for `exec_size` (5_operands.md rules 1-4).
fn src_region(exec_size: u32) -> impl Strategy<Value = (u32, u32, u32)> {
    let widths: Vec<u32> = [1, 2, 4, 8, 16]
        .into_iter()
        .filter(|w| *w <= exec_size)
        .collect();
    (
        select(vec![0u32, 1, 2, 4, 8, 16, 32]),
        select(widths),
        select(vec![0u32, 1, 2, 4]),
        0u8..4,
    )
        .prop_map(move |(vs, w, hs, shape)| match shape {
            // Common shapes, so contiguous and broadcast regions are frequent.
            0 => (w, w, 1),
            1 => (0, 1, 0),
            _ => (vs, w, hs),
        })
}

/// Elements a source region reaches from its first element (exclusive bound).
fn src_extent(exec_size: u32, (vs, w, hs): (u32, u32, u32)) -> u32 {
    (exec_size / w - 1) * vs + (w - 1) * hs + 1
}

/// The source modifiers a form takes, as drawn (mostly none).
fn modifier_texts(modifiers: Modifiers) -> Vec<&'static str> {
    match modifiers {
        Modifiers::Arithmetic => vec!["", "", "", "(-)", "(abs)", "(-abs)"],
        Modifiers::Logic => vec!["", "", "~"],
        Modifiers::None => vec![""],
    }
}

/// A register source of type `ty` named `name`: (operand text, declaration, initial bytes),
/// with one of `modifiers` and elements drawn by [`element_with`] from `extra`.
fn reg_src(
    name: &'static str,
    ty: DataType,
    exec_size: u32,
    platform: Platform,
    modifiers: Vec<&'static str>,
    extra: Vec<u64>,
) -> BoxedStrategy<(String, String, (String, Vec<u8>))> {
    let row_elems = (platform.grf_size() / ty.size()) as u32;
    (
        src_region(exec_size),
        0u32..2,
        0..row_elems,
        select(modifiers),
    )
        .prop_filter(
            "a variable holds at most 4096 bytes",
            move |(region, row, col, _)| {
                let needed = row * row_elems + col + src_extent(exec_size, *region);
                needed.div_ceil(row_elems) * row_elems * ty.size() as u32 <= 4096
            },
        )
        .prop_flat_map(move |(region, row, col, modifier)| {
            let first = row * row_elems + col;
            let needed = first + src_extent(exec_size, region);
            let num_elts = needed.div_ceil(row_elems) * row_elems;
            let (vs, w, hs) = region;
            let text = format!("{modifier}{name}({row},{col})<{vs};{w},{hs}>");
            let decl = format!(
                ".decl {name} v_type=G type={} num_elts={num_elts}",
                ty.text()
            );
            elements_with(ty, num_elts as usize, &extra)
                .prop_map(move |bytes| (text.clone(), decl.clone(), (name.to_string(), bytes)))
        })
        .boxed()
}

/// A source of type `ty` with an arithmetic modifier: a register (mostly) or an immediate.
fn source(
    name: &'static str,
    ty: DataType,
    exec_size: u32,
    platform: Platform,
) -> BoxedStrategy<Operand> {
    source_with(
        name,
        ty,
        exec_size,
        platform,
        modifier_texts(Modifiers::Arithmetic),
        Vec::new(),
    )
}

/// A source of type `ty` with one of `modifiers`, its values drawn from `extra` first: a
/// register (mostly) or an immediate.
fn source_with(
    name: &'static str,
    ty: DataType,
    exec_size: u32,
    platform: Platform,
    modifiers: Vec<&'static str>,
    extra: Vec<u64>,
) -> BoxedStrategy<Operand> {
    let imm = element_with(ty, &extra).prop_map(move |v| Operand {
        text: format!("0x{v:x}:{}", ty.text()),
        decl: None,
        init: None,
    });
    let reg =
        reg_src(name, ty, exec_size, platform, modifiers, extra).prop_map(|(text, decl, init)| {
            Operand {
                text,
                decl: Some(decl),
                init: Some(init),
            }
        });
    prop_oneof![3 => reg, 1 => imm].boxed()
}

/// The destination: (operand text, declaration, initial bytes).
fn destination(
    ty: DataType,
    exec_size: u32,
    platform: Platform,
) -> BoxedStrategy<(String, String, (String, Vec<u8>))> {
    let row_elems = (platform.grf_size() / ty.size()) as u32;
    (select(vec![1u32, 1, 2, 4]), 0u32..2, 0..row_elems)
        .prop_flat_map(move |(hs, row, col)| {
            let first = row * row_elems + col;
            let needed = first + (exec_size - 1) * hs + 1;
            let num_elts = needed.div_ceil(row_elems) * row_elems;
            let text = format!("V1({row},{col})<{hs}>");
            let decl = format!(".decl V1 v_type=G type={} num_elts={num_elts}", ty.text());
            elements(ty, num_elts as usize)
                .prop_map(move |b| (text.clone(), decl.clone(), ("V1".to_string(), b)))
        })
        .boxed()
}

/// %cr0 values: each rounding mode, each denorm bit and ALT.
fn cr0() -> impl Strategy<Value = u32> {
    prop_oneof![2 => Just(0u32), 3 => any::<u32>().prop_map(|v| v & 0x4f1)]
}

/// F values the rounding instructions (RNDD, RNDE, RNDU, RNDZ, FRC) are biased towards:
/// halves and their neighbours (ties of RNDE), integral values, values in (-1, 0) (the
/// sign of a zero result), the largest non-integral values and the smallest values that are
/// always integral (2^23 and up), denormals of both signs (each denorm mode), and NaN
/// payloads.
const ROUNDING_F_VALUES: &[u64] = &[
    0x3f00_0000, // 0.5
    0xbf00_0000, // -0.5
    0x3fc0_0000, // 1.5
    0xbfc0_0000, // -1.5
    0x4020_0000, // 2.5
    0xc020_0000, // -2.5
    0x4060_0000, // 3.5
    0x3eff_ffff, // just below 0.5
    0x3f00_0001, // just above 0.5
    0xbeff_ffff, // just above -0.5
    0x4040_0000, // 3
    0xc080_0000, // -4
    0xbe99_999a, // -0.3
    0x3f33_3333, // 0.7
    0xbf7f_ffff, // just above -1
    0x4aff_ffff, // 8388607.5, the largest non-integral F
    0xcaff_ffff, // -8388607.5
    0x4b00_0000, // 2^23, integral from here on
    0x4b7f_ffff, // 16777215
    0x8000_0001, // the negative denormal nearest zero
    0x807f_ffff, // the largest negative denormal
    0x0000_0001,
    0x007f_ffff,
    0x8080_0000, // the negative normal nearest zero
    0x7fc0_0001, // a quiet NaN with a payload
    0xff80_0001, // a signalling NaN
];

/// Errata at their literal reading: mostly none.
fn literal_errata(op: Opcode) -> BoxedStrategy<Vec<&'static str>> {
    // The executable errata whose literal reading changes what a valid case computes (the
    // opcode table's list; those that change what validates stay resolved here, and the edge
    // catalogs test both readings).
    let executable = op.form().errata.to_vec();
    if executable.is_empty() {
        return Just(Vec::new()).boxed();
    }
    let most = executable.len().min(2);
    prop_oneof![
        4 => Just(Vec::new()),
        1 => proptest::sample::subsequence(executable, 0..=most),
    ]
    .boxed()
}

/// Types for MOV on `platform` (instructions/MOV.md type maps): any scalar pair, BF only with F/BF.
fn mov_types(platform: Platform) -> BoxedStrategy<(DataType, DataType)> {
    let mut all: Vec<DataType> = DataType::SCALARS
        .iter()
        .copied()
        .filter(|t| *t != DataType::BF)
        .collect();
    let mut pairs: Vec<(DataType, DataType)> = Vec::new();
    for d in &all {
        for s in &all {
            pairs.push((*d, *s));
        }
    }
    if platform.is_xehp_plus() {
        all.push(DataType::BF);
        pairs.extend([
            (DataType::BF, DataType::F),
            (DataType::F, DataType::BF),
            (DataType::BF, DataType::BF),
        ]);
    }
    select(pairs).boxed()
}

/// Types for ADD on `platform` (instructions/ADD.md type maps): (dst, src0, src1).
fn add_types(platform: Platform) -> BoxedStrategy<(DataType, DataType, DataType)> {
    let int = (
        select(INT_TYPES.to_vec()),
        select(INT_TYPES.to_vec()),
        select(INT_TYPES.to_vec()),
    );
    let mut floats = vec![DataType::F, DataType::HF, DataType::DF];
    if platform.is_xehp_plus() {
        floats.push(DataType::BF);
    }
    let float = select(floats).prop_flat_map(|t| {
        let group = if matches!(t, DataType::F | DataType::BF) {
            vec![DataType::F, DataType::BF]
        } else {
            vec![t]
        };
        (Just(t), select(group.clone()), select(group))
    });
    let bf_ok = platform.is_xehp_plus();
    prop_oneof![1 => int, 1 => float]
        .prop_filter("BF needs XEHP+", move |(d, a, b)| {
            bf_ok || ![d, a, b].contains(&&DataType::BF)
        })
        .boxed()
}

/// Predicate text and P1's mask.
fn predicate() -> impl Strategy<Value = Option<(String, u32)>> {
    prop_oneof![
        2 => Just(None),
        1 => (any::<bool>(), select(vec!["", "", ".any", ".all"]), any::<u32>())
            .prop_map(|(inv, comb, mask)| Some((format!("({}P1{comb}) ", if inv { "!" } else { "" }), mask))),
    ]
}

/// Source variable names, in source order.
const SRC_NAMES: [&str; 4] = ["V2", "V3", "V4", "V5"];

/// Types of an instruction of the first ALU batch on `platform`, valid by construction:
/// one of its type maps (instructions/<NAME>.md, transcribed in [`forms`]) admitted on the
/// platform under the resolved readings, a destination type and each source's type from it.
/// ROL and ROR take a src0 of the destination's size (erratum ROTATE-WIDTH).
fn form_types(opcode: Opcode, platform: Platform) -> BoxedStrategy<(DataType, Vec<DataType>)> {
    let form = opcode.form();
    let resolved = Readings::resolved();
    let maps: Vec<forms::TypeMap> = form
        .type_maps
        .iter()
        .filter(|m| {
            m.gate.admits(platform)
                && m.unless_literal.iter().all(|e| !resolved.is_literal(e))
                // The predicate-operand form has its own generator.
                && !m.dst.contains(&DataType::BOOL)
        })
        .copied()
        .collect();
    select(maps)
        .prop_flat_map(move |map| {
            select(map.dst.to_vec()).prop_flat_map(move |dst| {
                let srcs: Vec<BoxedStrategy<DataType>> = (0..form.num_srcs)
                    .map(|k| {
                        let mut types = map.src_types(k).to_vec();
                        if k == 0 && matches!(opcode, Opcode::Rol | Opcode::Ror) {
                            types.retain(|t| t.size() == dst.size());
                        }
                        select(types).boxed()
                    })
                    .collect();
                (Just(dst), srcs)
            })
        })
        .boxed()
}

/// Values source `k` of `op` is biased towards, by its role: shift and rotate counts around
/// the destination width and its masks (0, 1, w-1, w, w+1, 63, 64, -1), bit field widths and
/// offsets around 0x1F, and bit patterns for the bit counts, reversals and fields (single
/// bits, runs of sign bits, fields at the edges).
fn role_values(op: Opcode, k: usize, dst: DataType) -> Vec<u64> {
    let w = u64::from(dst.bits());
    let counts = vec![
        0,
        1,
        w - 1,
        w,
        w + 1,
        2 * w - 1,
        31,
        32,
        33,
        63,
        64,
        65,
        u64::MAX,
    ];
    let fields = vec![0, 1, 4, 8, 16, 27, 28, 31, 32, 33, 63, u64::MAX];
    let bits = vec![
        0x8000_0000,
        0xc000_0000,
        0x4000_0000,
        0xffff_fffe,
        0x0001_0000,
        0x0000_0ff0,
        0x7800_0000,
        0xf000_0000,
        0x1234_5678,
        0x8000_0001,
        0x0101_0101,
        0x8000_0000_0000_0001,
    ];
    // Divisors: zero (an undefined channel), ±1 (INT_MIN / -1), small and odd values (a
    // remainder), and float divisors whose reciprocal rounds (3, 10, 0.1) or overflows (the
    // smallest F denormal). Integer edge values come from `edge_values` too.
    let divisors = if dst.is_float() {
        match dst {
            DataType::DF => vec![0x4008_0000_0000_0000, 0x4024_0000_0000_0000, 1, 0],
            DataType::HF => vec![0x4200, 0x4900, 0x2e66, 0x0001, 0],
            _ => vec![0x4040_0000, 0x4120_0000, 0x3dcc_cccd, 0x0000_0001, 0],
        }
    } else {
        vec![0, 0, 1, u64::MAX, 2, 3, 7, u64::MAX - 6]
    };
    match (op, k) {
        (Opcode::Rndd | Opcode::Rnde | Opcode::Rndu | Opcode::Rndz | Opcode::Frc, 0)
            if dst == DataType::F =>
        {
            ROUNDING_F_VALUES.to_vec()
        }
        (Opcode::Div | Opcode::Mod, 1) => divisors,
        (Opcode::Shl | Opcode::Shr | Opcode::Asr | Opcode::Rol | Opcode::Ror, 1) => counts,
        (Opcode::Bfe | Opcode::Bfi, 0 | 1) => fields,
        (Opcode::Bfe, 2)
        | (Opcode::Bfi, 2 | 3)
        | (Opcode::Rol | Opcode::Ror, 0)
        | (Opcode::Bfrev | Opcode::Cbit | Opcode::Fbh | Opcode::Fbl | Opcode::Lzd, 0) => bits,
        _ => Vec::new(),
    }
}

/// Values source `k` of a math instruction of type `ty` is biased towards (bits of `ty`):
/// every function's special values (±0, ±inf, NaNs with payloads of both kinds and signs,
/// the denormals at both ends, the smallest normal, the largest finite, powers of two), then
/// its own edges: LOG near 1 and at 0.5 and 2; EXP near overflow and underflow (2^x and
/// e^x); SIN and COS at multiples of pi/2, at 32767*pi and beyond; SQRT and RSQRT of
/// denormals and negative numbers; POW with negative, zero and integral bases and exponents;
/// INV and DIVM of values whose reciprocal rounds, overflows or underflows.
///
/// And hard-to-round F inputs: for EXP the three CORE-MATH's correctly rounded exp2f
/// singles out (src/binary32/exp2/exp2f.c); for LOG, SIN and COS inputs whose value lies
/// within 2^-25 to 2^-28 ulp of a midpoint between two F numbers, so close that a double
/// evaluation within 16 ulps of f64 cannot round them (found by scanning F inputs with the
/// oracle's boundary test; each value's distance to its midpoint checked at 300 bits with
/// mpmath).
fn math_values(op: Opcode, k: usize, ty: DataType) -> Vec<u64> {
    let mut v: Vec<u64> = match ty {
        DataType::HF => vec![
            0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x7d55, 0x0001, 0x8001, 0x03ff,
            0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x4400, 0x4800, 0x3000, 0x6400,
        ],
        DataType::DF => vec![
            0,
            1 << 63,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0xfff8_0000_0000_0001,
            0x7ff0_0000_0000_0001,
            1,
            0x8000_0000_0000_0001,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x4000_0000_0000_0000,
            0x3fe0_0000_0000_0000,
            0x4008_0000_0000_0000,
            0x4024_0000_0000_0000,
            0x3fb9_9999_9999_999a,
        ],
        _ => vec![
            0x0000_0000,
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_0001,
            0x7f80_0001,
            0x7fa0_0000,
            0x0000_0001,
            0x8000_0001,
            0x007f_ffff,
            0x0080_0000,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x3f80_0000,
            0xbf80_0000,
            0x3f00_0000,
            0x4000_0000,
            0x4080_0000,
            0x4100_0000,
            0x3e00_0000,
        ],
    };
    let (hf, f) = (ty == DataType::HF, ty == DataType::F);
    let pick = |h: &[u64], s: &[u64], d: &[u64]| -> Vec<u64> {
        if hf {
            h.to_vec()
        } else if f {
            s.to_vec()
        } else {
            d.to_vec()
        }
    };
    let own = match (op, k) {
        // Near 1 on both sides, 0.5, 2, 3, 10, -1; F inputs whose log2 lies within 2^-27 ulp
        // of a midpoint (2.5074904, 1.3342895e-38).
        (Opcode::Log, _) => pick(
            &[0x3c01, 0x3bff, 0x3800, 0x4000, 0x4200, 0x4900, 0xbc00],
            &[
                0x3f80_0001,
                0x3f7f_ffff,
                0x3f00_0000,
                0x4000_0000,
                0x4040_0000,
                0x4120_0000,
                0xbf80_0000,
                0x4020_7ab9,
                0x0091_4a90,
            ],
            &[],
        ),
        // Overflow and underflow of 2^x and e^x: 16 / 128, just below, the denormal range's
        // end (-24 / -149), past it (-25 / -150), a half step, ln(max) (88.7228), -3.
        (Opcode::Exp, _) => pick(
            &[
                0x4c00, 0x4bff, 0x4b80, 0xce00, 0xce40, 0xce20, 0xcc60, 0x498c, 0xc200,
            ],
            &[
                0x4300_0000,
                0x42ff_ffff,
                0x42fe_0000,
                0xc315_0000,
                0xc316_0000,
                0xc315_8000,
                0xc2fc_0000,
                0x42b1_7213,
                0xc040_0000,
                // The hard-to-round inputs CORE-MATH's exp2f singles out.
                0x3b42_9d37,
                0xbcf3_a937,
                0xb8d3_d026,
            ],
            &[],
        ),
        // pi/2, pi, 3pi/2, 2pi, 32767*pi, 32768*pi, 1e5, 1e6, 2^24, 1e30 (F); the HF range
        // stops at 65504. Then F inputs whose sine (1.2576387, 106.13507) or cosine
        // (1.0480543, 1.7127702) lies within 2^-25 ulp of a midpoint.
        (Opcode::Sin | Opcode::Cos, _) => pick(
            &[
                0x3e48, 0x4248, 0x44b6, 0x4648, 0xbe48, 0x7000, 0x7bff, 0x6a48,
            ],
            &[
                0x3fc9_0fdb,
                0x4049_0fdb,
                0x4096_cbe4,
                0x40c9_0fdb,
                0xbfc9_0fdb,
                0x47c9_0e49,
                0x47c9_0fdb,
                0x47c3_5000,
                0x4974_2400,
                0x4b80_0000,
                0x7149_f2ca,
                0x3fa0_fa4e,
                0x42d4_4528,
                0x3f86_26a5,
                0x3fdb_3c0e,
            ],
            &[],
        ),
        // Denormals of every size, squares, negative numbers.
        (Opcode::Sqrt | Opcode::Rsqrt | Opcode::Sqrtm | Opcode::Rsqtm, _) => pick(
            &[0x0002, 0x0010, 0x0200, 0x4400, 0x4880, 0xc400, 0x3e00],
            &[
                0x0000_0002,
                0x0000_0100,
                0x0040_0000,
                0x4080_0000,
                0x4110_0000,
                0xc080_0000,
                0x3fc0_0000,
            ],
            &[
                2,
                0x0000_0000_0100_0000,
                0x0008_0000_0000_0000,
                0x4010_0000_0000_0000,
                0xc010_0000_0000_0000,
            ],
        ),
        // Negative bases, integral and half exponents.
        (Opcode::Pow, 0) => pick(
            &[0xc000, 0xb800, 0xc800, 0x4000, 0x3800, 0x4248],
            &[
                0xc000_0000,
                0xbf00_0000,
                0xc100_0000,
                0x4000_0000,
                0x3f00_0000,
                0x4049_0fdb,
            ],
            &[],
        ),
        (Opcode::Pow, _) => pick(
            &[
                0x3c00, 0x4000, 0x4200, 0x4900, 0xbc00, 0xc000, 0x3800, 0xb800, 0x5640, 0xd640,
            ],
            &[
                0x3f80_0000,
                0x4000_0000,
                0x4040_0000,
                0x4120_0000,
                0xbf80_0000,
                0xc000_0000,
                0x3f00_0000,
                0xbf00_0000,
                0x42c8_0000,
                0xc2c8_0000,
            ],
            &[],
        ),
        // Reciprocals that round (3, 10, 0.1) and the edges of the range.
        (Opcode::Inv | Opcode::Divm, _) => pick(
            &[0x4200, 0x4900, 0x2e66, 0x0100],
            &[0x4040_0000, 0x4120_0000, 0x3dcc_cccd, 0x0020_0000],
            &[
                0x4008_0000_0000_0000,
                0x4024_0000_0000_0000,
                0x3fb9_9999_9999_999a,
            ],
        ),
        // INVM: quotients that round, and quotients that overflow or underflow from finite
        // nonzero operands (2^126, 2^-125 and the DF counterparts 2^1022, 2^-1021), which
        // tell MACRO-EARLY-OUT's readings apart.
        (Opcode::Invm, _) => pick(
            &[],
            &[
                0x4040_0000,
                0x4120_0000,
                0x3dcc_cccd,
                0x7e80_0000,
                0x0100_0000,
            ],
            &[
                0x4008_0000_0000_0000,
                0x4024_0000_0000_0000,
                0x3fb9_9999_9999_999a,
                0x7fd0_0000_0000_0000,
                0x0020_0000_0000_0000,
            ],
        ),
        _ => Vec::new(),
    };
    v.extend(own);
    v
}

/// The generic generator: `op` on register and immediate operands, for any instruction whose
/// operands are ordinary regions ([`crate::registry`] names the instructions it serves).
pub fn register(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    Some(register_case(op))
}

/// AND, OR, XOR and NOT: register operands, and a quarter of the cases on predicates.
pub fn logic(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    visa_model::validate::is_logic(op)
        .then(|| prop_oneof![3 => register_case(op), 1 => predicate_logic_case(op)].boxed())
}

/// AND, OR, XOR or NOT on predicates (instructions/AND.md, Notes): `P1` from `P2` and `P3`,
/// 32-element predicates, any mask control, no predication.
fn predicate_logic_case(op: Opcode) -> BoxedStrategy<GenCase> {
    (
        platform_of(op),
        exec_and_mask(),
        any::<[u32; 3]>(),
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
        .prop_map(move |(platform, (size, group, nm), masks, emask)| {
            let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
            let srcs = if op == Opcode::Not { "P2" } else { "P2 P3" };
            let mnemonic = op.mnemonic();
            let decls: Vec<String> = ["P1", "P2", "P3"]
                .iter()
                .map(|p| format!(".decl {p} v_type=P num_elts=32"))
                .collect();
            GenCase {
                platform,
                literal: Vec::new(),
                text: format!(
                    "{}\n{mnemonic} ({mask}, {size}) P1 {srcs}\n",
                    decls.join("\n")
                ),
                vars: Vec::new(),
                preds: vec![
                    ("P1".to_string(), masks[0]),
                    ("P2".to_string(), masks[1]),
                    ("P3".to_string(), masks[2]),
                ],
                cr0: 0,
                emask,
                tags: vec![mnemonic.to_string(), "predicate-operands".to_string()],
                partner: Vec::new(),
                mem: Vec::new(),
                surfaces: Vec::new(),
                samplers: Vec::new(),
                profile: None,
            }
        })
        .boxed()
}

/// A case of `op` on register and immediate operands.
pub fn register_case(op: Opcode) -> BoxedStrategy<GenCase> {
    (
        platform_of(op),
        exec_and_mask(),
        cr0(),
        literal_errata(op),
        predicate(),
        any::<bool>(),
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
        .prop_flat_map(
            move |(platform, (size, group, nm), cr0, literal, pred, sat, emask)| {
                let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                let head = (pred.clone(), sat, mask, size, cr0, literal, emask);
                match op {
                    Opcode::Mov => mov_types(platform)
                        .prop_flat_map(move |(d, s)| {
                            (
                                destination(d, size, platform),
                                source("V2", s, size, platform),
                                Just((platform, head.clone())),
                            )
                        })
                        .prop_map(|(dst, s0, (platform, head))| {
                            assemble("mov", platform, head, dst, vec![s0])
                        })
                        .boxed(),
                    Opcode::Add => add_types(platform)
                        .prop_flat_map(move |(d, a, b)| {
                            (
                                destination(d, size, platform),
                                source("V2", a, size, platform),
                                source("V3", b, size, platform),
                                Just((platform, head.clone())),
                            )
                        })
                        .prop_map(|(dst, s0, s1, (platform, head))| {
                            assemble("add", platform, head, dst, vec![s0, s1])
                        })
                        .boxed(),
                    other => {
                        let opcode = other;
                        let form = opcode.form();
                        let sat = sat && form.takes_sat(&Readings::resolved());
                        // instructions/BFE.md, BFI.md: execution size 2 is invalid.
                        let size = match other {
                            Opcode::Bfe | Opcode::Bfi if size == 2 => 4,
                            // Erratum SAD2-EXEC-SIZE: SAD2 and SAD2ADD work on pairs.
                            Opcode::Sad2 | Opcode::Sad2add if size == 1 => 2,
                            _ => size,
                        };
                        let (_, _, mask, _, cr0, literal, emask) = head;
                        let head = (pred.clone(), sat, mask, size, cr0, literal, emask);
                        form_types(opcode, platform)
                            .prop_flat_map(move |(dst, types)| {
                                let srcs: Vec<BoxedStrategy<Operand>> = types
                                    .iter()
                                    .enumerate()
                                    .map(|(k, ty)| {
                                        let values = if other.form().class == Class::Math {
                                            math_values(other, k, *ty)
                                        } else {
                                            role_values(other, k, dst)
                                        };
                                        source_with(
                                            SRC_NAMES[k],
                                            *ty,
                                            size,
                                            platform,
                                            modifier_texts(form.modifiers),
                                            values,
                                        )
                                    })
                                    .collect();
                                // "Saturation: only when type is float" (MUL, MAD, DIV).
                                let mut head = head.clone();
                                if form.sat == forms::Sat::FloatOnly && !dst.is_float() {
                                    head.1 = false;
                                }
                                // INVM's and RSQTM's `<preddst>`, between dst and src0.
                                let preddst = if form.kinds.dst2 == forms::Kind::PREDICATE {
                                    let offset = 4 * (u32::from(group) - 1);
                                    predicate_destination(offset, size).prop_map(Some).boxed()
                                } else {
                                    Just(None).boxed()
                                };
                                (
                                    destination(dst, size, platform),
                                    srcs,
                                    Just((platform, head)),
                                    preddst,
                                )
                            })
                            .prop_map(move |(dst, mut srcs, (platform, head), preddst)| {
                                let Some((text, decl, mask)) = preddst else {
                                    return assemble(opcode.mnemonic(), platform, head, dst, srcs);
                                };
                                let operand = Operand {
                                    text: text.clone(),
                                    decl: Some(decl.clone()),
                                    init: None,
                                };
                                srcs.insert(0, operand);
                                let case = assemble(opcode.mnemonic(), platform, head, dst, srcs);
                                with_predicate_destination(case, (text, decl, mask))
                            })
                            .boxed()
                    }
                }
            },
        )
        .boxed()
}

// ---------------------------------------------------------------------------------------
// CMP, SEL, MIN, MAX, SETP, BFN

/// Values the comparison and selection instructions are biased towards, so that sources
/// often tie: zeros of both signs, ±1, infinities, NaNs (quiet and signalling) and the
/// smallest denormals of a float type; 0, ±1 and the extremes of an integer type; bit
/// patterns for BFN.
fn compare_values(op: Opcode, ty: DataType) -> Vec<u64> {
    if op == Opcode::Bfn {
        return vec![
            0,
            u64::MAX,
            0xff00_ff00,
            0xf0f0_f0f0,
            0xcccc_cccc,
            0xaaaa_aaaa,
            0x8000_8000,
            0x0000_8000,
        ];
    }
    match ty {
        DataType::F => vec![
            0,
            0x8000_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xff80_0001,
            1,
            0x8000_0001,
        ],
        DataType::HF => vec![
            0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0xfc01, 1, 0x8001,
        ],
        DataType::BF => vec![
            0, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0xff81, 1, 0x8001,
        ],
        DataType::DF => vec![
            0,
            1 << 63,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0xfff0_0000_0000_0001,
            1,
        ],
        t => match (t.int_min(), t.int_max()) {
            (Some(min), Some(max)) => vec![0, 1, u64::MAX, min as u64, max as u64, 2],
            _ => vec![0],
        },
    }
}

/// A predicate destination `P2` covering the channels of the mask control: (text,
/// declaration, initial mask). Its size is mostly 32, else exactly what the instruction uses.
fn predicate_destination(offset: u32, size: u32) -> BoxedStrategy<(String, String, u32)> {
    let least = offset + size;
    (select(vec![32, 32, least]), any::<u32>())
        .prop_map(|(elts, mask)| {
            let mask = if elts >= 32 {
                mask
            } else {
                mask & ((1u32 << elts) - 1)
            };
            (
                "P2".to_string(),
                format!(".decl P2 v_type=P num_elts={elts}"),
                mask,
            )
        })
        .boxed()
}

/// The case assembled with the predicate destination `P2` instead of a general one.
fn with_predicate_destination(mut case: GenCase, (_, _, mask): (String, String, u32)) -> GenCase {
    case.vars.retain(|(name, _)| name != "P2");
    case.preds.push(("P2".to_string(), mask));
    case.tags.push("predicate-dst".to_string());
    case
}

/// The execution size and mask control of SETP: mostly those of its Notes ({M1_NoMask}, and
/// {M5_NoMask} below 32 channels), else any (erratum SETP-MASK-CONTROL, resolved).
fn setp_exec_and_mask() -> BoxedStrategy<(u32, u8, bool)> {
    prop_oneof![
        1 => exec_and_mask(),
        1 => (select(vec![1u32, 2, 4, 8, 16, 32]), any::<bool>()).prop_map(|(size, upper)| {
            (size, if upper && size < 32 { 5 } else { 1 }, true)
        }),
    ]
    .boxed()
}

/// Types of `opcode` on `platform` with every destination type of its admitted maps equally
/// likely (then a map holding it, then the sources from that map), so that instructions
/// with many maps of different sizes still reach each destination type.
fn dst_first_types(opcode: Opcode, platform: Platform) -> BoxedStrategy<(DataType, Vec<DataType>)> {
    let form = opcode.form();
    let resolved = Readings::resolved();
    let maps: Vec<forms::TypeMap> = form
        .type_maps
        .iter()
        .filter(|m| {
            m.gate.admits(platform) && m.unless_literal.iter().all(|e| !resolved.is_literal(e))
        })
        .copied()
        .collect();
    let mut dsts: Vec<DataType> = Vec::new();
    for d in maps.iter().flat_map(|m| m.dst.iter()) {
        if !dsts.contains(d) {
            dsts.push(*d);
        }
    }
    select(dsts)
        .prop_flat_map(move |dst| {
            let holding: Vec<forms::TypeMap> = maps
                .iter()
                .filter(|m| m.dst.contains(&dst))
                .copied()
                .collect();
            select(holding).prop_flat_map(move |map| {
                let srcs: Vec<BoxedStrategy<DataType>> = (0..form.num_srcs)
                    .map(|k| select(map.src_types(k).to_vec()).boxed())
                    .collect();
                (Just(dst), srcs)
            })
        })
        .boxed()
}

/// A valid case of CMP, SEL, MIN, MAX, SETP or BFN; `None` for the other opcodes.
///
/// CMP writes a predicate (`P2`) or a general destination, whose type with float sources is
/// theirs (instructions/CMP.md, Notes); SETP writes `P2`; SEL and BFN are often predicated
/// (SEL's predicate selects); MIN, MAX and CMP take no predicate. Source values are biased to
/// tie, and BFN's table to the common functions (and, or, xor, select, majority).
pub fn compare_select_case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    if !matches!(
        op,
        Opcode::Cmp | Opcode::Sel | Opcode::Min | Opcode::Max | Opcode::Setp | Opcode::Bfn
    ) {
        return None;
    }
    let form = op.form();
    let exec = if op == Opcode::Setp {
        setp_exec_and_mask()
    } else {
        exec_and_mask().boxed()
    };
    let pred = match op {
        Opcode::Sel => prop_oneof![
            1 => Just(None),
            3 => (any::<bool>(), select(vec!["", "", ".any", ".all"]), any::<u32>()).prop_map(
                |(inv, comb, mask)| Some((format!("({}P1{comb}) ", if inv { "!" } else { "" }), mask))
            ),
        ]
        .boxed(),
        Opcode::Bfn => predicate().boxed(),
        _ => Just(None).boxed(),
    };
    let ctrl = match op {
        Opcode::Cmp => select(
            RelOp::ALL
                .iter()
                .map(|r| format!(".{}", r.name()))
                .collect::<Vec<_>>(),
        )
        .boxed(),
        Opcode::Bfn => prop_oneof![
            3 => select(vec![0x00u8, 0xff, 0x80, 0xfe, 0x96, 0xca, 0xe8, 0x01]),
            1 => any::<u8>(),
        ]
        .prop_map(|x| format!(".x{x:02x}"))
        .boxed(),
        _ => Just(String::new()).boxed(),
    };
    // CMP into a predicate (or SETP's); CMP into a general destination otherwise.
    let to_predicate = match op {
        Opcode::Setp => Just(true).boxed(),
        Opcode::Cmp => prop_oneof![1 => Just(true), 2 => Just(false)].boxed(),
        _ => Just(false).boxed(),
    };
    Some(
        (
            platform_of(op),
            exec,
            cr0(),
            literal_errata(op),
            pred,
            any::<bool>(),
            prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
            ctrl,
            to_predicate,
        )
            .prop_flat_map(
                move |(
                    platform,
                    (size, group, nm),
                    cr0,
                    literal,
                    pred,
                    sat,
                    emask,
                    ctrl,
                    to_pred,
                )| {
                    let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                    let sat = sat && form.takes_sat(&Readings::resolved());
                    let head = (pred, sat, mask, size, cr0, literal, emask);
                    let offset = 4 * (u32::from(group) - 1);
                    let mnemonic = format!("{}{ctrl}", op.mnemonic());
                    dst_first_types(op, platform)
                        .prop_flat_map(move |(dst, mut types)| {
                            // instructions/CMP.md, Notes: float sources write a general
                            // destination of their own type.
                            if op == Opcode::Cmp && !to_pred && types[0].is_float() {
                                types = vec![dst; types.len()];
                            }
                            let srcs: Vec<BoxedStrategy<Operand>> = types
                                .iter()
                                .enumerate()
                                .map(|(k, ty)| {
                                    source_with(
                                        SRC_NAMES[k],
                                        *ty,
                                        size,
                                        platform,
                                        modifier_texts(form.modifiers),
                                        compare_values(op, *ty),
                                    )
                                })
                                .collect();
                            let general_ty = if to_pred { DataType::UD } else { dst };
                            (
                                destination(general_ty, size, platform),
                                predicate_destination(offset, size),
                                srcs,
                                Just((platform, head.clone(), mnemonic.clone())),
                            )
                        })
                        .prop_map(
                            move |(general, predicate, srcs, (platform, head, mnemonic))| {
                                if to_pred {
                                    let (text, decl, _) = predicate.clone();
                                    let dst = (text, decl, ("P2".to_string(), Vec::new()));
                                    let case = assemble(&mnemonic, platform, head, dst, srcs);
                                    with_predicate_destination(case, predicate)
                                } else {
                                    assemble(&mnemonic, platform, head, general, srcs)
                                }
                            },
                        )
                },
            )
            .prop_map(move |mut case| {
                // Tag the instruction by its mnemonic, not its control field.
                if let Some(first) = case.tags.first_mut() {
                    *first = op.mnemonic().to_string();
                }
                case
            })
            .boxed(),
    )
}

type Head = (
    Option<(String, u32)>,
    bool,
    String,
    u32,
    u32,
    Vec<&'static str>,
    u32,
);

fn assemble(
    mnemonic: &str,
    platform: Platform,
    (pred, sat, mask, size, cr0, literal, emask): Head,
    (dst_text, dst_decl, dst_init): (String, String, (String, Vec<u8>)),
    srcs: Vec<Operand>,
) -> GenCase {
    let mut decls = vec![dst_decl];
    let mut vars = vec![dst_init];
    let mut operands = vec![dst_text];
    for src in srcs {
        operands.push(src.text);
        decls.extend(src.decl);
        vars.extend(src.init);
    }
    let mut preds = Vec::new();
    let mut tags = vec![mnemonic.to_string()];
    let pred_text = match pred {
        Some((text, m)) => {
            decls.push(".decl P1 v_type=P num_elts=32".to_string());
            preds.push(("P1".to_string(), m));
            tags.push("predicated".to_string());
            text
        }
        None => String::new(),
    };
    if sat {
        tags.push("sat".to_string());
    }
    let text = format!(
        "{}\n{pred_text}{mnemonic}{} ({mask}, {size}) {}\n",
        decls.join("\n"),
        if sat { ".sat" } else { "" },
        operands.join(" ")
    );
    GenCase {
        platform,
        literal,
        text,
        vars,
        preds,
        cr0,
        emask,
        tags,
        partner: Vec::new(),
        mem: Vec::new(),
        surfaces: Vec::new(),
        samplers: Vec::new(),
        profile: None,
    }
}

impl GenCase {
    /// The case as a `visa-vector/1` case without `expect`, with id `id`.
    pub fn to_case(&self, id: &str) -> crate::vector::Case {
        let mut tags = self.tags.clone();
        tags.extend(self.literal.iter().map(|e| e.to_string()));
        crate::vector::Case {
            id: id.to_string(),
            tags,
            platform: self.platform,
            errata: self
                .literal
                .iter()
                .map(|e| (e.to_string(), errata::Reading::Literal))
                .collect(),
            profile: self.profile.clone(),
            program: self.text.clone(),
            launch: None,
            init: crate::vector::Init {
                vars: self.vars.iter().cloned().collect(),
                preds: self.preds.iter().cloned().collect(),
                mem: self.mem.clone(),
                surfaces: self.surfaces.clone(),
                samplers: self.samplers.clone(),
                cr0: (self.cr0 != 0).then_some(self.cr0),
                emask: (self.emask != u32::MAX).then_some(self.emask),
                partner: self.partner.iter().cloned().collect(),
            },
            expect: None,
            discriminates: None,
            extensions: Default::default(),
        }
    }
}

//! The generator of FCVT and SRND (instructions/FCVT.md, SRND.md): xe-hpc and xe2
//! (erratum FP8-CONVERT-PLATFORMS), no predicate, no saturation, no source modifier, Src0 a
//! register, SRND's Src1 a register or an immediate; NoMask where the Notes require it (a
//! BF8 destination, every SRND: erratum SRND-NO-MASK), any mask control elsewhere; %cr0 at
//! random (it changes nothing). Sources are biased to the edges of each conversion: every BF8
//! code, HF ties and their neighbours (normal, denormal, at the overflow boundary 0x7b80),
//! TF32 ties and the overflow boundary 0x7f7ff000, F values across HF's denormal range for
//! SRND, NaNs of both kinds with payloads, ±0, ±inf, and the random bits' extremes (0, all
//! ones, one half).

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::types::DataType;

use super::{
    assemble, cr0, destination, form_types, literal_errata, reg_src, source_with, GenCase, Operand,
};

/// HF values around BF8's grid: ties to even and their neighbours, denormals (HF's and
/// BF8's), the largest finite values and the overflow tie 0x7b80, NaNs, ±0, ±inf.
const HF_EDGES: &[u64] = &[
    0x3c80, 0x3c7f, 0x3c81, 0x3d80, 0x3d7f, 0x3d81, 0xbc80, 0xbd80, 0x3cff, 0x3c01, 0x0080, 0x0180,
    0x0081, 0x00ff, 0x0001, 0x8001, 0x03ff, 0x0400, 0x0380, 0x7b00, 0x7b7f, 0x7b80, 0x7bff, 0xfb80,
    0x7aff, 0x0000, 0x8000, 0x7c00, 0xfc00, 0x7c01, 0x7d00, 0x7e00, 0x7fff, 0xfd55, 0xfe01,
];

/// F values around TF32's grid: ties (even and odd kept bits) and neighbours, the overflow
/// tie 0x7f7ff000 and its neighbours, denormals (flushed), the smallest normal, NaNs whose
/// payload lies only in the dropped bits, ±0, ±inf.
const F_TF32_EDGES: &[u64] = &[
    0x3f80_1000,
    0x3f80_3000,
    0x3f80_0fff,
    0x3f80_1001,
    0xbf80_3000,
    0x7f7f_ffff,
    0x7f7f_efff,
    0x7f7f_f000,
    0x7f7f_e000,
    0x0000_0001,
    0x807f_ffff,
    0x0080_0000,
    0x0080_1000,
    0x7f80_0001,
    0xffc0_0001,
    0x7fbf_ffff,
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
];

/// F values for SRND to HF: half an HF ulp above 1, one F ulp above, the largest dropped
/// fraction; around HF's largest finite (65504), 65520 and 2^16; across HF's smallest
/// normal 2^-14 and its denormals down to 2^-24 and 2^-25; F denormals; NaNs; ±0; ±inf.
const F_SRND_EDGES: &[u64] = &[
    0x3f80_1000,
    0x3f80_0001,
    0x3f80_1fff,
    0xbf80_1fff,
    0x477f_e000,
    0x477f_efff,
    0x477f_f000,
    0x477f_ffff,
    0x4780_0000,
    0x3880_0000,
    0x387f_ffff,
    0x3800_0001,
    0x3580_0000,
    0x3400_0fff,
    0x3380_0000,
    0x3300_0000,
    0x33ff_ffff,
    0xb37f_ffff,
    0x0000_0001,
    0x807f_ffff,
    0x7f80_0001,
    0xffc0_1234,
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
];

/// UD sources of TF32 to F (a copy): TF32 values and patterns with low bits set.
const UD_TF32_EDGES: &[u64] = &[
    0x3f80_0000,
    0x3f80_1234,
    0x0000_0001,
    0x7f80_0001,
    0xffff_ffff,
    0x8000_0000,
];

/// Random bits: 0, all ones (of Src1's type), one half of the dropped unit, 1 and its
/// complement, bits above the used ones only.
const RANDOM_UW: &[u64] = &[0, 0xffff, 0x1fff, 0x1000, 0x0fff, 0x0001, 0x1ffe, 0xe000];
const RANDOM_UB: &[u64] = &[0, 0xff, 0x80, 0x7f, 0x01, 0xfe];

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    if !matches!(op, Opcode::Fcvt | Opcode::Srnd) {
        return None;
    }
    Some(
        (
            select(vec![Platform::XeHpc, Platform::Xe2]),
            select(vec![1u32, 2, 4, 8, 16, 32]),
            0u8..8,
            any::<bool>(),
            cr0(),
            literal_errata(op),
            prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
        )
            .prop_flat_map(move |(platform, size, k, nm, cr0, literal, emask)| {
                form_types(op, platform).prop_flat_map(move |(dst, types)| {
                    let groups: Vec<u8> = (1..=8u8)
                        .filter(|g| {
                            (4 * (u32::from(*g) - 1)).is_multiple_of(size)
                                && 4 * (u32::from(*g) - 1) + size <= 32
                        })
                        .collect();
                    let group = groups[usize::from(k) % groups.len()];
                    let no_mask = nm || op == Opcode::Srnd || dst == DataType::UB;
                    let mask = format!("M{group}{}", if no_mask { "_NM" } else { "" });
                    let head = (None, false, mask, size, cr0, literal.clone(), emask);
                    let s0 = types.first().copied().unwrap_or(DataType::HF);
                    let src0 = reg_src("V2", s0, size, platform, vec![""], src0_values(op, dst))
                        .prop_map(|(text, decl, init)| Operand {
                            text,
                            decl: Some(decl),
                            init: Some(init),
                        })
                        .boxed();
                    let mut srcs = vec![src0];
                    if let Some(&s1) = types.get(1) {
                        let random = if s1 == DataType::UB {
                            RANDOM_UB
                        } else {
                            RANDOM_UW
                        };
                        srcs.push(source_with(
                            "V3",
                            s1,
                            size,
                            platform,
                            vec![""],
                            random.to_vec(),
                        ));
                    }
                    (destination(dst, size, platform), srcs, Just(head)).prop_map(
                        move |(d, srcs, head)| assemble(op.mnemonic(), platform, head, d, srcs),
                    )
                })
            })
            .boxed(),
    )
}

/// The values Src0 is biased towards for `op` writing `dst`.
fn src0_values(op: Opcode, dst: DataType) -> Vec<u64> {
    match (op, dst) {
        // Every BF8 code.
        (Opcode::Fcvt, DataType::HF) => (0..=255).collect(),
        (Opcode::Fcvt, DataType::UD) => F_TF32_EDGES.to_vec(),
        (Opcode::Fcvt, DataType::F) => UD_TF32_EDGES.to_vec(),
        (Opcode::Srnd, DataType::HF) => F_SRND_EDGES.to_vec(),
        _ => HF_EDGES.to_vec(),
    }
}

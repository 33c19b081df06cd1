//! Generators of LRP and PLN (instructions/LRP.md, PLN.md), valid by
//! construction under the resolved readings.
//!
//! LRP: F operands; each source a scalar (`<0;1,0>`), the exec_size contiguous elements from
//! its origin (`<n;n,1>` or `<1;1,0>`), or an immediate (erratum LRP-REGION); the
//! destination stride 1; any origin (LRP-PLN-ALIGNMENT, resolved: no alignment rule).
//!
//! PLN: execution size 8 or 16; src0 (V2) holds p, q, an ignored element and r from its
//! origin, src1 (V3) u and v (2 * exec_size elements from its origin), both written with
//! regions the Notes ignore; no modifier, no immediate; any destination stride.
//!
//! The values are biased to the edges of the interpolation: 0, 1, 1/2 and values near them
//! (where `1 - src0` rounds or vanishes), products that round (1/3 times 3), values whose sum
//! cancels, overflow and underflow, denormals, infinities and NaNs.

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata::Readings;

use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::types::DataType;

use super::{
    assemble, cr0, elements_with, exec_and_mask, literal_errata, platform, predicate, GenCase,
    Head, Operand,
};

/// F values the sources are biased towards.
const VALUES: [u64; 20] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x3f00_0000, // 1/2
    0x3f7f_ffff, // the largest F below 1
    0x3f80_0001, // the smallest F above 1
    0x3380_0000, // 2^-24: 1 - x rounds
    0x3eaa_aaab, // 1/3 rounded: 3x and 1 - x round
    0x4040_0000, // 3
    0x4000_0000, // 2
    0x7f7f_ffff, // the largest F
    0xff7f_ffff,
    0x0080_0000, // the smallest normal
    0x0000_0001, // the smallest denormal
    0x807f_ffff, // the largest negative denormal
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0001, // a quiet NaN with a payload
    0xff80_0001, // a signalling NaN
];

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    Some(match op {
        Opcode::Lrp => heads(op).prop_flat_map(lrp_case).boxed(),
        Opcode::Pln => heads(op).prop_flat_map(pln_case).boxed(),
        _ => return None,
    })
}

/// The platform and the instruction head (as in [`super::register_case`]); PLN's execution
/// size is 8 or 16 (instructions/PLN.md, Exec_size).
fn heads(op: Opcode) -> impl Strategy<Value = (Platform, Head)> {
    (
        platform(),
        exec_and_mask(),
        select(vec![8u32, 16]),
        cr0(),
        literal_errata(op),
        predicate(),
        any::<bool>(),
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
        .prop_map(
            move |(platform, (size, group, nm), plane_size, cr0, literal, pred, sat, emask)| {
                let (size, group) = if op == Opcode::Pln {
                    // A mask control whose offset is a multiple of the size, within 32 lanes.
                    let group = if plane_size == 16 {
                        [1u8, 5][usize::from(group > 4)]
                    } else {
                        [1u8, 3, 5, 7][usize::from(group.saturating_sub(1) / 2) % 4]
                    };
                    (plane_size, group)
                } else {
                    (size, group)
                };
                let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                let sat = sat && op.form().takes_sat(&Readings::resolved());
                (platform, (pred, sat, mask, size, cr0, literal, emask))
            },
        )
}

/// F elements per register row on `platform`.
fn row_elems(platform: Platform) -> u32 {
    (platform.grf_size() / 4) as u32
}

/// A register operand `NAME(row,col)<region>` of F reading `extent` elements from its
/// origin, its variable rounded up to whole rows.
fn register(
    name: &'static str,
    platform: Platform,
    region: String,
    extent: u32,
    modifier: &'static str,
) -> BoxedStrategy<Operand> {
    let row_elems = row_elems(platform);
    (0u32..2, 0..row_elems)
        .prop_flat_map(move |(row, col)| {
            let first = row * row_elems + col;
            let num_elts = (first + extent).div_ceil(row_elems) * row_elems;
            let text = format!("{modifier}{name}({row},{col}){region}");
            let decl = format!(".decl {name} v_type=G type=f num_elts={num_elts}");
            elements_with(DataType::F, num_elts as usize, &VALUES).prop_map(move |bytes| Operand {
                text: text.clone(),
                decl: Some(decl.clone()),
                init: Some((name.to_string(), bytes)),
            })
        })
        .boxed()
}

/// An LRP source: a scalar register, the contiguous elements of a register, or an
/// immediate; with an arithmetic modifier sometimes.
fn lrp_source(name: &'static str, n: u32, platform: Platform) -> BoxedStrategy<Operand> {
    let modifier = select(vec!["", "", "", "(-)", "(abs)", "(-abs)"]);
    let imm = proptest::sample::select(VALUES.to_vec()).prop_map(|v| Operand {
        text: format!("0x{v:x}:f"),
        decl: None,
        init: None,
    });
    let reg = (modifier, 0u8..3).prop_flat_map(move |(m, shape)| match shape {
        0 => register(name, platform, "<0;1,0>".to_string(), 1, m),
        1 => {
            let w = n.min(16);
            register(name, platform, format!("<{w};{w},1>"), n, m)
        }
        _ => register(name, platform, "<1;1,0>".to_string(), n, m),
    });
    prop_oneof![3 => reg, 1 => imm].boxed()
}

/// The destination `V1(row,col)<hs>` of F for `n` lanes: (text, declaration, initial bytes).
fn destination(
    hstrides: Vec<u32>,
    n: u32,
    platform: Platform,
) -> BoxedStrategy<(String, String, (String, Vec<u8>))> {
    let row_elems = row_elems(platform);
    (select(hstrides), 0u32..2, 0..row_elems)
        .prop_flat_map(move |(hs, row, col)| {
            let needed = row * row_elems + col + (n - 1) * hs + 1;
            let num_elts = needed.div_ceil(row_elems) * row_elems;
            let text = format!("V1({row},{col})<{hs}>");
            let decl = format!(".decl V1 v_type=G type=f num_elts={num_elts}");
            elements_with(DataType::F, num_elts as usize, &VALUES)
                .prop_map(move |b| (text.clone(), decl.clone(), ("V1".to_string(), b)))
        })
        .boxed()
}

/// `[(P1)] lrp[.sat] (M, n) V1 V2 V3 V4`.
fn lrp_case((platform, head): (Platform, Head)) -> BoxedStrategy<GenCase> {
    let n = head.3;
    (
        destination(vec![1], n, platform),
        lrp_source("V2", n, platform),
        lrp_source("V3", n, platform),
        lrp_source("V4", n, platform),
    )
        .prop_map(move |(dst, s0, s1, s2)| {
            assemble("lrp", platform, head.clone(), dst, vec![s0, s1, s2])
        })
        .boxed()
}

/// `[(P1)] plane[.sat] (M, n) V1 V2 V3`: src0's region and src1's, which the Notes ignore,
/// drawn among legal ones.
fn pln_case((platform, head): (Platform, Head)) -> BoxedStrategy<GenCase> {
    let n = head.3;
    let src0 = select(vec!["<0;1,0>", "<0;4,1>"])
        .prop_flat_map(move |r| register("V2", platform, r.to_string(), 4, ""));
    let src1 = select(vec![
        "<1;1,0>".to_string(),
        format!("<{n};{n},1>"),
        "<0;1,0>".to_string(),
    ])
    .prop_flat_map(move |r| register("V3", platform, r, 2 * n, ""));
    (destination(vec![1, 1, 2], n, platform), src0, src1)
        .prop_map(move |(dst, s0, s1)| assemble("plane", platform, head.clone(), dst, vec![s0, s1]))
        .boxed()
}

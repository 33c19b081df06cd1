//! SEL (instructions/SEL.md): the predicate and execution masks under both readings of
//! SEL-RAW-MASKS, and the values SEL converts as MOV does.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::types::DataType;

use super::lane_cr0;
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "sel",
    file: "catalog/alu/sel.jsonl",
    rows: add,
};

const SEL8: &str = ".decl R v_type=G type=ud num_elts=8\n.decl A v_type=G type=ud num_elts=8\n\
                    .decl B v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=32\n";

const A: u32 = 0xa0;
const B: u32 = 0xb0;
const E: u32 = 0xee;

/// `[pred] sel (<mask>, <size>) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>` with A = 0xA0 + i,
/// B = 0xB0 + i and R = 0xEE initially: each lane of R as 0xA?, 0xB? or 0xEE (unwritten),
/// under each reading of SEL-RAW-MASKS.
fn sel_masks(
    rows: &mut Rows,
    d: &str,
    pred_text: &str,
    mask: &str,
    size: u32,
    p1: u32,
    emask: u32,
    resolved: [u32; 8],
    literal: [u32; 8],
) {
    let text =
        format!("{SEL8}{pred_text}sel ({mask}, {size}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n");
    let a: Vec<u32> = (0..8).map(|i| 0xa0 + i).collect();
    let b: Vec<u32> = (0..8).map(|i| 0xb0 + i).collect();
    // Lane i holds 0xA0 + i, 0xB0 + i or 0xEE.
    let lanes = |which: [u32; 8]| -> Vec<u64> {
        which
            .iter()
            .enumerate()
            .map(|(i, w)| u64::from(if *w == E { E } else { w + i as u32 }))
            .collect()
    };
    let row = |expected: [u32; 8]| {
        Row::new(XeHpg, text.clone())
            .var("R", le32(&[0xee; 8]))
            .var("A", le32(&a))
            .var("B", le32(&b))
            .pred("P1", p1)
            .emask(emask)
            .tag(errata::SEL_RAW_MASKS)
            .expect_lanes("R", DataType::UD, &lanes(expected))
            .derived(&format!(
                "{d} (A = 0xA0 + i, B = 0xB0 + i, R = 0xEE unwritten)"
            ))
    };
    rows.add("masks", row(resolved));
    rows.add("masks", row(literal).literal(errata::SEL_RAW_MASKS));
}

fn sel_values(
    rows: &mut Rows,
    d: &str,
    op: &str,
    dst: &str,
    srcs: [(&str, u64); 2],
    cr0: u32,
    expected: u64,
) {
    rows.add("values", lane_cr0(op, dst, &srcs, cr0, expected).derived(d));
}

fn add(rows: &mut Rows) {
    let d = "No predicate: every channel selects src0, in both readings.";
    sel_masks(rows, d, "", "M1", 8, 0, u32::MAX, [A; 8], [A; 8]);
    let d = "(P1), P1 = 0b1010_0101: channels 0, 2, 5, 7 take src0, the others src1.";
    sel_masks(
        rows,
        d,
        "(P1) ",
        "M1",
        8,
        0xa5,
        u32::MAX,
        [A, B, A, B, B, A, B, A],
        [A, B, A, B, B, A, B, A],
    );
    let d = "(!P1): resolved inverts the selection; literal reads Pred[i] without the inversion.";
    sel_masks(
        rows,
        d,
        "(!P1) ",
        "M1",
        8,
        0xa5,
        u32::MAX,
        [B, A, B, A, A, B, A, B],
        [A, B, A, B, B, A, B, A],
    );
    let d = "(P1.any) with only bit 0 set: resolved, PMask is all ones (any) → src0 everywhere; literal, bit i of P1 → only channel 0 takes src0.";
    sel_masks(
        rows,
        d,
        "(P1.any) ",
        "M1",
        8,
        0x01,
        u32::MAX,
        [A; 8],
        [A, B, B, B, B, B, B, B],
    );
    let d = "(P1.all) with bits 0..6 set: not all of 0..7 → src1 everywhere (resolved); literal per bit.";
    sel_masks(
        rows,
        d,
        "(P1.all) ",
        "M1",
        8,
        0x7f,
        u32::MAX,
        [B; 8],
        [A, A, A, A, A, A, A, B],
    );
    let d = "EM 0x0F: channels 4..7 are not written (R keeps 0xEE), whatever the predicate; the predicate never disables a channel (channel 1 writes src1).";
    sel_masks(
        rows,
        d,
        "(P1) ",
        "M1",
        8,
        0x05,
        0x0f,
        [A, B, A, B, E, E, E, E],
        [A, B, A, B, E, E, E, E],
    );
    let d = "M2 (offset 4), 4 channels, EM 0x0F: resolved reads EM bits 4..7 (all off) → nothing written; literal reads EM[i] for i = 0..3 (on) and Pred[i] = bit i of 0xF0 (off) → src1.";
    sel_masks(
        rows,
        d,
        "(P1) ",
        "M2",
        4,
        0xf0,
        0x0f,
        [E; 8],
        [B, B, B, B, E, E, E, E],
    );
    let d = "M2 with EM all ones and P1 = 0xF0: resolved, Pred = bits 4..7 (on) → src0; literal, bits 0..3 (off) → src1.";
    sel_masks(
        rows,
        d,
        "(P1) ",
        "M2",
        4,
        0xf0,
        u32::MAX,
        [A, A, A, A, E, E, E, E],
        [B, B, B, B, E, E, E, E],
    );
    let d =
        "NoMask with EM 0: resolved writes every channel; literal EM[i] is 0 → nothing written.";
    sel_masks(
        rows,
        d,
        "",
        "M1_NM",
        4,
        0,
        0,
        [A, A, A, A, E, E, E, E],
        [E; 8],
    );
    let d = "Without a predicate SEL copies src0, converted as MOV converts: F to F of the same type without modifier or .sat copies the bits (a signalling NaN and a denormal stay, even with %cr0 = 0).";
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("f", 0x7f80_0001), ("f", 0)],
        0,
        0x7f80_0001,
    );
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("f", 0x0000_0001), ("f", 0)],
        0,
        0x0000_0001,
    );
    let d =
        "A modifier converts: (-) of the signalling NaN is quieted with its payload: 0xFFC00001.";
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("(-)f", 0x7f80_0001), ("f", 0)],
        0,
        0xffc0_0001,
    );
    let d =
        "(abs) of the denormal -2^-149: flushed under %cr0 = 0 (+0), kept with the F denorm bit.";
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("(abs)f", 0x8000_0001), ("f", 0)],
        0,
        0,
    );
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("(abs)f", 0x8000_0001), ("f", 0)],
        0x80,
        0x0000_0001,
    );
    let d = ".sat on floats: 2.0 → 1.0, -0.5 → +0, NaN → +0.";
    sel_values(
        rows,
        d,
        "sel.sat",
        "f",
        [("f", 0x4000_0000), ("f", 0)],
        0,
        0x3f80_0000,
    );
    sel_values(
        rows,
        d,
        "sel.sat",
        "f",
        [("f", 0xbf00_0000), ("f", 0)],
        0,
        0,
    );
    sel_values(
        rows,
        d,
        "sel.sat",
        "f",
        [("f", 0x7fc0_0000), ("f", 0)],
        0,
        0,
    );
    let d = "Mixed F and HF: HF 1.0 (0x3C00) into F is 1.0 (0x3F800000); F 65520 into HF rounds to +inf.";
    sel_values(
        rows,
        d,
        "sel",
        "f",
        [("hf", 0x3c00), ("f", 0)],
        0,
        0x3f80_0000,
    );
    sel_values(
        rows,
        d,
        "sel",
        "hf",
        [("f", 0x477f_f000), ("hf", 0)],
        0,
        0x7c00,
    );
    let d = "Integers: UB 0xFF into D is 255; .sat D -5 into UB is 0, D 300 into UB is 255; without .sat D 300 into UB keeps the low byte 0x2C.";
    sel_values(rows, d, "sel", "d", [("ub", 0xff), ("d", 0)], 0, 0xff);
    sel_values(
        rows,
        d,
        "sel.sat",
        "ub",
        [("d", 0xffff_fffb), ("d", 0)],
        0,
        0,
    );
    sel_values(rows, d, "sel.sat", "ub", [("d", 300), ("d", 0)], 0, 0xff);
    sel_values(rows, d, "sel", "ub", [("d", 300), ("d", 0)], 0, 0x2c);
    let d = "Q from UQ max without .sat: the bits; with .sat: Q max.";
    sel_values(
        rows,
        d,
        "sel",
        "q",
        [("uq", u64::MAX), ("q", 0)],
        0,
        u64::MAX,
    );
    sel_values(
        rows,
        d,
        "sel.sat",
        "q",
        [("uq", u64::MAX), ("q", 0)],
        0,
        0x7fff_ffff_ffff_ffff,
    );
    simd_tables(rows);
}

/// The multi-lane rows (built with [`super::simd`]).
fn simd_tables(rows: &mut Rows) {
    use super::simd::{self, *};
    use visa_spec::types::DataType::*;
    let d = "[(pred)] sel (M<group>[_NM], <size>) R(0,0)<1>:ud A(0,0)<1;1,0>:ud B(0,0)<1;1,0>:ud (instructions/SEL.md, 3_execution_model.md) with A = 0xA0 + i, B = 0xB0 + i, R = 0xEE: an enabled lane takes src0 where its predicate bit holds and src1 elsewhere; a disabled lane is not written.";
    simd::sel_masks(
        rows,
        &why(d, "", "No predicate: src0 everywhere."),
        "",
        (1, false),
        8,
        0,
        ALL_ON,
        false,
        [SA; 8],
    );
    simd::sel_masks(
        rows,
        &why(d, "", "(P), P = 0b1010_0101: src0 in channels 0, 2, 5, 7."),
        "(P)",
        (1, false),
        8,
        0xa5,
        ALL_ON,
        false,
        [SA, SB, SA, SB, SB, SA, SB, SA],
    );
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "(!P): resolved inverts; literal ignores the inversion.",
        ),
        "(!P)",
        (1, false),
        8,
        0xa5,
        ALL_ON,
        false,
        [SB, SA, SB, SA, SA, SB, SA, SB],
    );
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "(!P): resolved inverts; literal ignores the inversion.",
        ),
        "(!P)",
        (1, false),
        8,
        0xa5,
        ALL_ON,
        true,
        [SA, SB, SA, SB, SB, SA, SB, SA],
    );
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "(P.any), P = 1: resolved src0 everywhere; literal only channel 0.",
        ),
        "(P.any)",
        (1, false),
        8,
        0x01,
        ALL_ON,
        false,
        [SA; 8],
    );
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "(P.any), P = 1: resolved src0 everywhere; literal only channel 0.",
        ),
        "(P.any)",
        (1, false),
        8,
        0x01,
        ALL_ON,
        true,
        [SA, SB, SB, SB, SB, SB, SB, SB],
    );
    simd::sel_masks(rows, &why(d, "", "EM 0x0F: channels 4..7 unwritten; the predicate never disables (channel 1 takes src1)."), "(P)", (1, false), 8, 0x05, 0x0f, false, [SA, SB, SA, SB, SE, SE, SE, SE]);
    simd::sel_masks(rows, &why(d, "", "M2, 4 channels, EM 0x0F, P = 0xF0: resolved reads EM and P bits 4..7 (EM off: nothing written); literal bits 0..3 (EM on, P off: src1)."), "(P)", (2, false), 4, 0xf0, 0x0f, false, [SE; 8]);
    simd::sel_masks(rows, &why(d, "", "M2, 4 channels, EM 0x0F, P = 0xF0: resolved reads EM and P bits 4..7 (EM off: nothing written); literal bits 0..3 (EM on, P off: src1)."), "(P)", (2, false), 4, 0xf0, 0x0f, true, [SB, SB, SB, SB, SE, SE, SE, SE]);
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "NoMask under EM 0: resolved writes; literal EM[i] = 0 writes nothing.",
        ),
        "",
        (1, true),
        4,
        0,
        0,
        false,
        [SA, SA, SA, SA, SE, SE, SE, SE],
    );
    simd::sel_masks(
        rows,
        &why(
            d,
            "",
            "NoMask under EM 0: resolved writes; literal EM[i] = 0 writes nothing.",
        ),
        "",
        (1, true),
        4,
        0,
        0,
        true,
        [SE; 8],
    );
    let d = "sel[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S(0,0)<0;1,0>:T 0x0:DT (instructions/SEL.md), no predicate: src0 in every lane.";
    simd::sel_values(rows, &why(d, "", "F sNaN copied unchanged (same type, no modifier); (-) converts and quiets: 0xFFC00001."), None, false, F, (F, 0x7f80_0001), 0x7f80_0001);
    simd::sel_values(rows, &why(d, "", "F sNaN copied unchanged (same type, no modifier); (-) converts and quiets: 0xFFC00001."), Some(Mod::Neg), false, F, (F, 0x7f80_0001), 0xffc0_0001);
    simd::sel_values(
        rows,
        &why(
            d,
            "",
            ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C.",
        ),
        None,
        true,
        F,
        (F, 0x4000_0000),
        0x3f80_0000,
    );
    simd::sel_values(
        rows,
        &why(
            d,
            "",
            ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C.",
        ),
        None,
        false,
        F,
        (HF, 0x3c00),
        0x3f80_0000,
    );
    simd::sel_values(
        rows,
        &why(
            d,
            "",
            ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C.",
        ),
        None,
        true,
        UB,
        (D, 300),
        0xff,
    );
    simd::sel_values(
        rows,
        &why(
            d,
            "",
            ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C.",
        ),
        None,
        false,
        UB,
        (D, 300),
        0x2c,
    );
}

//! SEL (instructions/SEL.md): the predicate and execution masks under both readings of
//! SEL-RAW-MASKS, and the values SEL converts as MOV does.

use super::simd::{SelMasks8, SelValues8, *};
use super::{lane_cr0, table, Group, Shape};
use crate::catalog::build::le32;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::errata;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType::{self, *};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "sel", file: "catalog/alu/sel.jsonl", rows: add };

const SEL8: &str = ".decl R v_type=G type=ud num_elts=8\n.decl A v_type=G type=ud num_elts=8\n\
                    .decl B v_type=G type=ud num_elts=8\n.decl P1 v_type=P num_elts=32\n";

const A: u32 = 0xa0;
const B: u32 = 0xb0;
const E: u32 = 0xee;

/// `[pred] sel (<mask>, <size>) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>` with A = 0xA0 + i,
/// B = 0xB0 + i and R = 0xEE initially: each lane of R as 0xA?, 0xB? or 0xEE (unwritten),
/// under each reading of SEL-RAW-MASKS.
#[derive(Debug)]
#[rustfmt::skip]
struct SelMasks { pred_text: &'static str, mask: &'static str, size: u32, p1: u32, emask: u32, resolved: [u32; 8], literal: [u32; 8] }

impl Shape for SelMasks {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (pred_text, mask, size, p1) = (self.pred_text, self.mask, self.size, self.p1);
        let (emask, resolved, literal) = (self.emask, self.resolved, self.literal);
        let text = format!("{SEL8}{pred_text}sel ({mask}, {size}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n");
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
}

#[derive(Debug)]
#[rustfmt::skip]
struct SelValues { op: &'static str, dst: &'static str, srcs: [(&'static str, u64); 2], cr0: u32, want: u64 }

impl Shape for SelValues {
    fn add(&self, rows: &mut Rows, d: &str) {
        let (op, dst, srcs, cr0) = (self.op, self.dst, self.srcs, self.cr0);
        let expected = self.want;
        rows.add("values", lane_cr0(op, dst, &srcs, cr0, expected).derived(d));
    }
}

fn add(rows: &mut Rows) {
    table(rows, SEL_MASKS);
    table(rows, SEL_VALUES);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SEL_MASKS8);
    table(rows, SEL_VALUES8);
}

#[rustfmt::skip]
const SEL_MASKS: &[Group<SelMasks>] = &[
    Group { d: "No predicate: every channel selects src0, in both readings.",
        rows: &[SelMasks { pred_text: "", mask: "M1", size: 8, p1: 0, emask: u32::MAX, resolved: [A; 8], literal: [A; 8] }] },
    Group { d: "(P1), P1 = 0b1010_0101: channels 0, 2, 5, 7 take src0, the others src1.",
        rows: &[SelMasks { pred_text: "(P1) ", mask: "M1", size: 8, p1: 0xa5, emask: u32::MAX, resolved: [A, B, A, B, B, A, B, A], literal: [A, B, A, B, B, A, B, A] }] },
    Group { d: "(!P1): resolved inverts the selection; literal reads Pred[i] without the inversion.",
        rows: &[SelMasks { pred_text: "(!P1) ", mask: "M1", size: 8, p1: 0xa5, emask: u32::MAX, resolved: [B, A, B, A, A, B, A, B], literal: [A, B, A, B, B, A, B, A] }] },
    Group { d: "(P1.any) with only bit 0 set: resolved, PMask is all ones (any) → src0 everywhere; literal, bit i of P1 → only channel 0 takes src0.",
        rows: &[SelMasks { pred_text: "(P1.any) ", mask: "M1", size: 8, p1: 0x01, emask: u32::MAX, resolved: [A; 8], literal: [A, B, B, B, B, B, B, B] }] },
    Group { d: "(P1.all) with bits 0..6 set: not all of 0..7 → src1 everywhere (resolved); literal per bit.",
        rows: &[SelMasks { pred_text: "(P1.all) ", mask: "M1", size: 8, p1: 0x7f, emask: u32::MAX, resolved: [B; 8], literal: [A, A, A, A, A, A, A, B] }] },
    Group { d: "EM 0x0F: channels 4..7 are not written (R keeps 0xEE), whatever the predicate; the predicate never disables a channel (channel 1 writes src1).",
        rows: &[SelMasks { pred_text: "(P1) ", mask: "M1", size: 8, p1: 0x05, emask: 0x0f, resolved: [A, B, A, B, E, E, E, E], literal: [A, B, A, B, E, E, E, E] }] },
    Group { d: "M2 (offset 4), 4 channels, EM 0x0F: resolved reads EM bits 4..7 (all off) → nothing written; literal reads EM[i] for i = 0..3 (on) and Pred[i] = bit i \
        of 0xF0 (off) → src1.",
        rows: &[SelMasks { pred_text: "(P1) ", mask: "M2", size: 4, p1: 0xf0, emask: 0x0f, resolved: [E; 8], literal: [B, B, B, B, E, E, E, E] }] },
    Group { d: "M2 with EM all ones and P1 = 0xF0: resolved, Pred = bits 4..7 (on) → src0; literal, bits 0..3 (off) → src1.",
        rows: &[SelMasks { pred_text: "(P1) ", mask: "M2", size: 4, p1: 0xf0, emask: u32::MAX, resolved: [A, A, A, A, E, E, E, E], literal: [B, B, B, B, E, E, E, E] }] },
    Group { d: "NoMask with EM 0: resolved writes every channel; literal EM[i] is 0 → nothing written.",
        rows: &[SelMasks { pred_text: "", mask: "M1_NM", size: 4, p1: 0, emask: 0, resolved: [A, A, A, A, E, E, E, E], literal: [E; 8] }] },
];

#[rustfmt::skip]
const SEL_VALUES: &[Group<SelValues>] = &[
    Group { d: "Without a predicate SEL copies src0, converted as MOV converts: F to F of the same type without modifier or .sat copies the bits (a signalling NaN and \
        a denormal stay, even with %cr0 = 0).", rows: &[
        SelValues { op: "sel", dst: "f", srcs: [("f", 0x7f80_0001), ("f", 0)], cr0: 0, want: 0x7f80_0001 },
        SelValues { op: "sel", dst: "f", srcs: [("f", 0x0000_0001), ("f", 0)], cr0: 0, want: 0x0000_0001 },
    ] },
    Group { d: "A modifier converts: (-) of the signalling NaN is quieted with its payload: 0xFFC00001.",
        rows: &[SelValues { op: "sel", dst: "f", srcs: [("(-)f", 0x7f80_0001), ("f", 0)], cr0: 0, want: 0xffc0_0001 }] },
    Group { d: "(abs) of the denormal -2^-149: flushed under %cr0 = 0 (+0), kept with the F denorm bit.", rows: &[
        SelValues { op: "sel", dst: "f", srcs: [("(abs)f", 0x8000_0001), ("f", 0)], cr0: 0, want: 0 },
        SelValues { op: "sel", dst: "f", srcs: [("(abs)f", 0x8000_0001), ("f", 0)], cr0: 0x80, want: 0x0000_0001 },
    ] },
    Group { d: ".sat on floats: 2.0 → 1.0, -0.5 → +0, NaN → +0.", rows: &[
        SelValues { op: "sel.sat", dst: "f", srcs: [("f", 0x4000_0000), ("f", 0)], cr0: 0, want: 0x3f80_0000 },
        SelValues { op: "sel.sat", dst: "f", srcs: [("f", 0xbf00_0000), ("f", 0)], cr0: 0, want: 0 },
        SelValues { op: "sel.sat", dst: "f", srcs: [("f", 0x7fc0_0000), ("f", 0)], cr0: 0, want: 0 },
    ] },
    Group { d: "Mixed F and HF: HF 1.0 (0x3C00) into F is 1.0 (0x3F800000); F 65520 into HF rounds to +inf.", rows: &[
        SelValues { op: "sel", dst: "f", srcs: [("hf", 0x3c00), ("f", 0)], cr0: 0, want: 0x3f80_0000 },
        SelValues { op: "sel", dst: "hf", srcs: [("f", 0x477f_f000), ("hf", 0)], cr0: 0, want: 0x7c00 },
    ] },
    Group { d: "Integers: UB 0xFF into D is 255; .sat D -5 into UB is 0, D 300 into UB is 255; without .sat D 300 into UB keeps the low byte 0x2C.", rows: &[
        SelValues { op: "sel", dst: "d", srcs: [("ub", 0xff), ("d", 0)], cr0: 0, want: 0xff },
        SelValues { op: "sel.sat", dst: "ub", srcs: [("d", 0xffff_fffb), ("d", 0)], cr0: 0, want: 0 },
        SelValues { op: "sel.sat", dst: "ub", srcs: [("d", 300), ("d", 0)], cr0: 0, want: 0xff },
        SelValues { op: "sel", dst: "ub", srcs: [("d", 300), ("d", 0)], cr0: 0, want: 0x2c },
    ] },
    Group { d: "Q from UQ max without .sat: the bits; with .sat: Q max.", rows: &[
        SelValues { op: "sel", dst: "q", srcs: [("uq", u64::MAX), ("q", 0)], cr0: 0, want: u64::MAX },
        SelValues { op: "sel.sat", dst: "q", srcs: [("uq", u64::MAX), ("q", 0)], cr0: 0, want: 0x7fff_ffff_ffff_ffff },
    ] },
];

#[rustfmt::skip]
const SEL_MASKS8: &[Group<SelMasks8>] = &[
    Group { d: "[(pred)] sel (M<group>[_NM], <size>) R(0,0)<1>:ud A(0,0)<1;1,0>:ud B(0,0)<1;1,0>:ud (instructions/SEL.md, 3_execution_model.md) with A = 0xA0 + i, B = \
        0xB0 + i, R = 0xEE: an enabled lane takes src0 where its predicate bit holds and src1 elsewhere; a disabled lane is not written.", rows: &[
        SelMasks8 { case: "", pred: "", mask: (1, false), size: 8, p_mask: 0, emask: ALL_ON, literal: false, want: [SA; 8], note: "No predicate: src0 everywhere." },
        SelMasks8 { case: "", pred: "(P)", mask: (1, false), size: 8, p_mask: 0xa5, emask: ALL_ON, literal: false, want: [SA, SB, SA, SB, SB, SA, SB, SA],
            note: "(P), P = 0b1010_0101: src0 in channels 0, 2, 5, 7." },
        SelMasks8 { case: "", pred: "(!P)", mask: (1, false), size: 8, p_mask: 0xa5, emask: ALL_ON, literal: false, want: [SB, SA, SB, SA, SA, SB, SA, SB],
            note: "(!P): resolved inverts; literal ignores the inversion." },
        SelMasks8 { case: "", pred: "(!P)", mask: (1, false), size: 8, p_mask: 0xa5, emask: ALL_ON, literal: true, want: [SA, SB, SA, SB, SB, SA, SB, SA],
            note: "(!P): resolved inverts; literal ignores the inversion." },
        SelMasks8 { case: "", pred: "(P.any)", mask: (1, false), size: 8, p_mask: 0x01, emask: ALL_ON, literal: false, want: [SA; 8],
            note: "(P.any), P = 1: resolved src0 everywhere; literal only channel 0." },
        SelMasks8 { case: "", pred: "(P.any)", mask: (1, false), size: 8, p_mask: 0x01, emask: ALL_ON, literal: true, want: [SA, SB, SB, SB, SB, SB, SB, SB],
            note: "(P.any), P = 1: resolved src0 everywhere; literal only channel 0." },
        SelMasks8 { case: "", pred: "(P)", mask: (1, false), size: 8, p_mask: 0x05, emask: 0x0f, literal: false, want: [SA, SB, SA, SB, SE, SE, SE, SE],
            note: "EM 0x0F: channels 4..7 unwritten; the predicate never disables (channel 1 takes src1)." },
        SelMasks8 { case: "", pred: "(P)", mask: (2, false), size: 4, p_mask: 0xf0, emask: 0x0f, literal: false, want: [SE; 8],
            note: "M2, 4 channels, EM 0x0F, P = 0xF0: resolved reads EM and P bits 4..7 (EM off: nothing written); literal bits 0..3 (EM on, P off: src1)." },
        SelMasks8 { case: "", pred: "(P)", mask: (2, false), size: 4, p_mask: 0xf0, emask: 0x0f, literal: true, want: [SB, SB, SB, SB, SE, SE, SE, SE],
            note: "M2, 4 channels, EM 0x0F, P = 0xF0: resolved reads EM and P bits 4..7 (EM off: nothing written); literal bits 0..3 (EM on, P off: src1)." },
        SelMasks8 { case: "", pred: "", mask: (1, true), size: 4, p_mask: 0, emask: 0, literal: false, want: [SA, SA, SA, SA, SE, SE, SE, SE],
            note: "NoMask under EM 0: resolved writes; literal EM[i] = 0 writes nothing." },
        SelMasks8 { case: "", pred: "", mask: (1, true), size: 4, p_mask: 0, emask: 0, literal: true, want: [SE; 8],
            note: "NoMask under EM 0: resolved writes; literal EM[i] = 0 writes nothing." },
    ] },
];

#[rustfmt::skip]
const SEL_VALUES8: &[Group<SelValues8>] = &[
    Group { d: "sel[.sat] (M1, 8) R(0,0)<1>:DT [MOD]S(0,0)<0;1,0>:T 0x0:DT (instructions/SEL.md), no predicate: src0 in every lane.", rows: &[
        SelValues8 { case: "", m: None, saturate: false, dst: F, a: (F, 0x7f80_0001), want: 0x7f80_0001,
            note: "F sNaN copied unchanged (same type, no modifier); (-) converts and quiets: 0xFFC00001." },
        SelValues8 { case: "", m: Some(Mod::Neg), saturate: false, dst: F, a: (F, 0x7f80_0001), want: 0xffc0_0001,
            note: "F sNaN copied unchanged (same type, no modifier); (-) converts and quiets: 0xFFC00001." },
        SelValues8 { case: "", m: None, saturate: true, dst: F, a: (F, 0x4000_0000), want: 0x3f80_0000,
            note: ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C." },
        SelValues8 { case: "", m: None, saturate: false, dst: F, a: (HF, 0x3c00), want: 0x3f80_0000,
            note: ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C." },
        SelValues8 { case: "", m: None, saturate: true, dst: UB, a: (D, 300), want: 0xff, note: ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C." },
        SelValues8 { case: "", m: None, saturate: false, dst: UB, a: (D, 300), want: 0x2c, note: ".sat: 2.0 → 1.0; HF 1.0 into F → 1.0; D 300 into UB.sat → 255, without .sat 0x2C." },
    ] },
];

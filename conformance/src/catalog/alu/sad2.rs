//! SAD2 (instructions/SAD2.md): the sums of absolute differences of pairs, lane i + 1 left
//! undefined, and the loop step under both readings of SAD2-LOOP-STEP.

use super::simd::Sad2Lanes8;
use super::{table, Group, Sad2, Sad2Invalid};
use crate::catalog::build::le16;
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{Gen11, Gen9, XeLp};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "sad2", file: "catalog/alu/sad2.jsonl", rows: add };

const B: u16 = 0xbeef;

/// `sad2 (M1, 4) V1 V2 V3` with UB V2 = [4, 6, 14, 16], V3 = 0 (|d0| + |d1| for each pair)
/// under emask `emask`, V1 starting at 0xBEEF: expects V1's words, `None` for an undefined
/// lane (any bytes).
fn sad2_four(emask: u32, want: [Option<u16>; 4]) -> Row {
    let text = ".decl V1 v_type=G type=uw num_elts=4\n.decl V2 v_type=G type=ub num_elts=4\n\
                .decl V3 v_type=G type=ub num_elts=4\nsad2 (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n";
    let bytes = want
        .iter()
        .flat_map(|w| match w {
            Some(v) => v.to_le_bytes().map(Some),
            None => [None, None],
        })
        .collect();
    Row::new(Gen9, text)
        .var("V1", le16(&[0xbeef; 4]))
        .var("V2", vec![4, 6, 14, 16])
        .var("V3", vec![0, 0, 0, 0])
        .emask(emask)
        .expect_pattern("V1", bytes)
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, SAD2);
    let lit = errata::SAD2_LOOP_STEP;
    let d = "Resolved (i += 2): lane 0 = 4 + 6 = 10, lane 2 = 14 + 16 = 30; lanes 1 and 3 keep their bytes and are undefined (any bytes).";
    rows.add("loop-step", sad2_four(0xf, [Some(10), None, Some(30), None]).tag(lit).derived(d));
    let d = "Channel 2 disabled: pair (2, 3) untouched (0xBEEF); channel 1's enable does not matter; lane 1 undefined.";
    rows.add("loop-step", sad2_four(0b1011, [Some(10), None, Some(B), Some(B)]).tag(lit).derived(d));
    let d = "Channel 1 disabled: lane 1 is still left undefined by channel 0; lane 2 = 30, lane 3 undefined.";
    rows.add("loop-step", sad2_four(0b1101, [Some(10), None, Some(30), None]).tag(lit).derived(d));
    let row = sad2_four(0b0111, [Some(10), Some(20), Some(30), None]).literal(lit);
    let d = "Literal (i += 1), channel 3 disabled: lanes 0, 1, 2 get 4+6, 6+14, 14+16; lane 1 is defined again by channel 1 after channel 0 left it undefined; lane \
        3 is undefined.";
    rows.add("loop-step", row.derived(d));
    let row = sad2_four(0b0101, [Some(10), None, Some(30), None]).literal(lit);
    let d = "Literal, channels 0 and 2: lanes 1 and 3 undefined, as resolved.";
    rows.add("loop-step", row.derived(d));
    let row = sad2_four(0xf, [None; 4]).expect_error(ErrorClass::UndefinedBehaviour).literal(lit);
    let d = "Literal, channel 3 enabled: it reads src0[4], which V2's region does not hold: undefined behaviour.";
    rows.add("loop-step", row.derived(d));
    table(rows, SAD2_INVALID);
    // The multi-lane rows (built with `super::simd`).
    table(rows, SAD2_LANES8);
    simd_programs(rows);
    platforms(rows, "sad2", "");
}

/// SAD2-PLATFORMS for `op` (`sad2`, or `sad2add` with its `src2` text): the pair
/// |4 - 0| + |6 - 0| = 10 in lane 0 (plus SAD2ADD's 0 from src2) on gen11, which has it under
/// the resolved reading; gen11 under the literal one, and xe-lp under both, refuse it.
#[rustfmt::skip]
pub fn platforms(rows: &mut Rows, op: &str, src2: &str) {
    let text = format!(".decl V1 v_type=G type=uw num_elts=2\n.decl V2 v_type=G type=ub num_elts=2\n\
                .decl V3 v_type=G type=ub num_elts=2\n{op} (M1, 2) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>{src2}\n");
    let on = |p| Row::new(p, text.as_str()).var("V2", vec![4, 6]).var("V3", vec![0, 0]);
    let e = errata::SAD2_PLATFORMS;
    let d = "SAD2-PLATFORMS, resolved: gen11 (ICLLP, up to which `{-ICLLP}` reaches, and IGC's verifier takes it before Xe) has it: lane 0 = |4 - 0| + |6 - 0| = 10; lane 1 undefined.";
    rows.add("platforms", on(Gen11).tag(e).expect_pattern("V1", vec![Some(10), Some(0), None, None]).derived(d));
    let d = "SAD2-PLATFORMS, literal: the per-platform appendix marks it on BDW, SKL and BXT only: invalid on gen11.";
    rows.add("platforms", on(Gen11).literal(e).expect_invalid("opcode").derived(d));
    let d = "SAD2-PLATFORMS, resolved: IGC's verifier refuses it from Xe (TGLLP, xe-lp) on: invalid.";
    rows.add("platforms", on(XeLp).tag(e).expect_invalid("opcode").derived(d));
}

#[rustfmt::skip]
const SAD2: &[Group<Sad2>] = &[
    Group { d: "B: |-128 - 127| + |127 - (-128)| = 255 + 255 = 510 = 0x1FE.", rows: &[
        Sad2 { op: "sad2", dst: "w", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: None, want: 0x01fe },
        Sad2 { op: "sad2.sat", dst: "uw", src: ("b", [0x80, 0x7f], [0x7f, 0x80]), src2: None, want: 0x01fe },
    ] },
    Group { d: "UB: |255 - 0| + |0 - 255| = 510.", rows: &[Sad2 { op: "sad2", dst: "uw", src: ("ub", [0xff, 0x00], [0x00, 0xff]), src2: None, want: 0x01fe }] },
    Group { d: "(-)B: -(-128) = 128 exactly; |128 - (-128)| + |0 - 0| = 256.",
        rows: &[Sad2 { op: "sad2", dst: "w", src: ("(-)b", [0x80, 0x00], [0x80, 0x00]), src2: None, want: 0x0100 }] },
    Group { d: "Equal pairs: 0.", rows: &[Sad2 { op: "sad2", dst: "w", src: ("b", [0x05, 0xfb], [0x05, 0xfb]), src2: None, want: 0 }] },
];

#[rustfmt::skip]
const SAD2_INVALID: &[Group<Sad2Invalid>] = &[
    Group { d: "SAD2-EXEC-SIZE: a pair needs two channels.", rows: &[Sad2Invalid { text: "sad2 (M1, 1) VW(0,0)<1> VB(0,0)<0;1,0> VB(0,0)<0;1,0>" }] },
    Group { d: "The sources are bytes, SAD2ADD's src2 a word.", rows: &[Sad2Invalid { text: "sad2 (M1, 2) VW(0,0)<1> VW(0,0)<1;1,0> VW(0,0)<1;1,0>" }] },
];

#[rustfmt::skip]
const SAD2_LANES8: &[Group<Sad2Lanes8>] = &[
    Group { d: "sad2[.sat] (M1, 4) R(0,0)<1>:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub (instructions/SAD2.md) with S0 = [4, 6, 14, 16], S1 = 0, R starting at 0xBEEF: \
        lane i (even) gets |S0[i] - S1[i]| + |S0[i+1] - S1[i+1]|; lane i+1 is undefined (any bytes).", rows: &[
        Sad2Lanes8 { case: "", op: "sad2", src2: None, saturate: false, emask: 0xF, literal: false, want: [10, 0xBEEF, 30, 0xBEEF], undefined: &[1, 3],
            note: "Resolved: lanes 0, 2 = 4+6, 14+16; lanes 1, 3 keep 0xBEEF, undefined." },
        Sad2Lanes8 { case: "", op: "sad2", src2: None, saturate: false, emask: 0b1011, literal: false, want: [10, 0xBEEF, 0xBEEF, 0xBEEF], undefined: &[1],
            note: "Channel 2 disabled: its pair is untouched." },
        Sad2Lanes8 { case: "", op: "sad2", src2: None, saturate: false, emask: 0b0111, literal: true, want: [10, 20, 30, 0xBEEF], undefined: &[3],
            note: "Literal i += 1, channel 3 disabled: 10, 6+14, 30; lane 3 undefined." },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl R v_type=G type=uw num_elts=4\n.decl S0 v_type=G type=ub num_elts=4\n\
                .decl S1 v_type=G type=ub num_elts=4\n\
                sad2 (M1, 4) R(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0>\n";
    let row = Row::new(Gen9, text).var("R", crate::catalog::build::le16(&[0xbeef; 4])).var("S0", vec![4, 6, 14, 16])
        .expect_error(visa_model::ErrorClass::UndefinedBehaviour).literal(visa_model::errata::SAD2_LOOP_STEP);
    let d = "sad2 (M1, 4) R(0,0)<1>:uw S0(0,0)<1;1,0>:ub S1(0,0)<1;1,0>:ub with S0 = [4, 6, 14, 16], S1 = 0, R at 0xBEEF. Literal SAD2-LOOP-STEP (i += 1) with \
        channel 3 enabled reads S0[4], past the operand: undefined-behaviour.";
    rows.add("four-lanes", row.derived(d));
}

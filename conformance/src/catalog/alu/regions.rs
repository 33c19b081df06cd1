//! Regions, channel enables and indirect operands of the ALU instructions (5_operands.md,
//! 3_execution_model.md): region origins and strides, predication and the execution mask
//! under mask offsets and NoMask, indirect sources and destinations (in and out of bounds),
//! and sources read before any write. The register-file layout the indirect rows address
//! (docs/state-model.md): `%cr0` takes the first GRF, then each general variable starts on a
//! GRF boundary in declaration order (32-byte GRFs on xe-hpg: the first variable at byte 32).

use super::simd::{i32s, text_row};
use crate::catalog::build::{le16, le32};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{Xe2, XeHpg};
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "regions", file: "catalog/alu/regions.jsonl", rows: add };

fn add(rows: &mut Rows) {
    regions(rows);
    channels(rows);
    indirect(rows);
    instructions(rows);
}

#[rustfmt::skip]
fn regions(rows: &mut Rows) {
    let g = "regions";
    let text = ".decl S v_type=G type=d num_elts=4\n.decl R v_type=G type=d num_elts=8\nmov (M1, 8) R(0,0)<1> S(0,2)<0;1,0>\n";
    let row = text_row(text).var("S", i32s(&[10, 11, 12, 13])).expect_bytes("R", i32s(&[12; 8]));
    let d = "mov (M1, 8) R:d S(0,2)<0;1,0>:d with S = [10, 11, 12, 13]: every lane reads element 2.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=d num_elts=16\n.decl R v_type=G type=d num_elts=8\nmov (M1, 8) R(0,0)<1> S(0,0)<8;4,2>\n";
    let row = text_row(text).var("S", i32s(&(100..116).collect::<Vec<_>>())).expect_bytes("R", i32s(&[100, 102, 104, 106, 108, 110, 112, 114]));
    let d = "mov (M1, 8) R:d S(0,0)<8;4,2>:d with S[k] = 100 + k (16 elements): lane n = i*4 + j reads element i*8 + j*2: [0, 2, 4, 6, 8, 10, 12, 14].";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=d num_elts=32\n.decl R v_type=G type=d num_elts=4\n\
                .decl T v_type=G type=d num_elts=32\n\
                mov (M1, 4) R(0,0)<1> S(1,1)<4;4,1>\nmov (M1, 2) T(1,0)<1> 0x7:d\n";
    let d = "mov (M1, 4) R:d S(1,1)<4;4,1>:d; mov (M1, 2) T(1,0)<1>:d 0x7:d; with S[k] = k (32 elements). FirstElementIndex = R * (ROW / 4) + C: ROW = 32 bytes \
        (xe-hpg, or GRF-ROW-SIZE literal): 1*8+1 = 9 -> [9, 10, 11, 12], T elements 8, 9 written; ROW = 64 (xe2): 1*16+1 = 17 -> [17, 18, 19, 20], T elements 16, \
        17.";
    for (platform, literal, row_elems) in [(XeHpg, false, 8usize), (Xe2, false, 16), (Xe2, true, 8)]
    {
        let first = row_elems as i32 + 1;
        let mut t = vec![0i32; 32];
        t[row_elems] = 7;
        t[row_elems + 1] = 7;
        let row = Row::new(platform, text)
            .var("S", i32s(&(0..32).collect::<Vec<_>>()))
            .expect_bytes("R", i32s(&[first, first + 1, first + 2, first + 3]))
            .expect_bytes("T", i32s(&t));
        let row = if literal {
            row.literal(errata::GRF_ROW_SIZE)
        } else {
            row
        };
        rows.add(g, row.derived(d));
    }
    let text = ".decl S v_type=G type=w num_elts=4\n.decl R v_type=G type=w num_elts=8\nmov (M1, 4) R(0,1)<2> S(0,0)<1;1,0>\n";
    let row = text_row(text).var("S", le16(&[1, 2, 3, 4])).expect_bytes("R", le16(&[0, 1, 0, 2, 0, 3, 0, 4]));
    let d = "mov (M1, 4) R(0,1)<2>:w S(0,0)<1;1,0>:w with S = [1, 2, 3, 4]: destination lane n writes element 1 + 2n: R = [0, 1, 0, 2, 0, 3, 0, 4].";
    rows.add(g, row.derived(d));
}

#[rustfmt::skip]
fn channels(rows: &mut Rows) {
    let g = "channels";
    let text = ".decl P1 v_type=P num_elts=8\n.decl R v_type=G type=d num_elts=8\n\
                .decl Q v_type=G type=d num_elts=8\n\
                (P1) mov (M1, 8) R(0,0)<1> 0x1:d\n(!P1) mov (M1, 8) Q(0,0)<1> 0x1:d\n";
    let row = text_row(text).pred("P1", 0xa5).expect_bytes("R", i32s(&[1, 0, 1, 0, 0, 1, 0, 1])).expect_bytes("Q", i32s(&[0, 1, 0, 1, 1, 0, 1, 0]));
    let d = "(P1) mov (M1, 8) R:d 0x1:d; (!P1) mov (M1, 8) Q:d 0x1:d with P1 = 0xA5 (1010_0101): sequential mapping: lanes 0, 2, 5, 7 for P1 and 1, 3, 4, 6 for !P1.";
    rows.add(g, row.derived(d));
    let text = ".decl P1 v_type=P num_elts=8\n.decl R1 v_type=G type=d num_elts=8\n\
                .decl R2 v_type=G type=d num_elts=8\n.decl R3 v_type=G type=d num_elts=8\n\
                .decl R4 v_type=G type=d num_elts=8\n\
                (P1.any) mov (M1, 8) R1(0,0)<1> 0x1:d\n(P1.all) mov (M1, 8) R2(0,0)<1> 0x1:d\n\
                (!P1.all) mov (M1, 8) R3(0,0)<1> 0x1:d\n(!P1.any) mov (M1, 8) R4(0,0)<1> 0x1:d\n";
    let row = text_row(text).pred("P1", 0x10).expect_bytes("R1", i32s(&[1; 8])).expect_bytes("R2", i32s(&[0; 8])).expect_bytes("R3", i32s(&[1; 8]))
        .expect_bytes("R4", i32s(&[0; 8]));
    let d = "With P1 = 0x10 (only bit 4 set) and SIMD8: (P1.any) -> every lane; (P1.all) -> none; (!P1.all) -> every lane (combine, then invert); (!P1.any) -> none.";
    rows.add(g, row.derived(d));
    let text = ".decl P1 v_type=P num_elts=32\n.decl R v_type=G type=d num_elts=8\n(P1) mov (M5, 8) R(0,0)<1> 0x1:d\n";
    let row = text_row(text).pred("P1", 0x0055_0000).emask(0x00f0_0000).expect_bytes("R", i32s(&[0, 0, 0, 0, 1, 0, 1, 0]));
    let d = "(P1) mov (M5, 8) R:d 0x1:d with EM = 0x00F00000, P1 (32 elements) = 0x00550000: M5 has offset 16: ChEn[n] = EM[n+16] -> lanes 4..7; PMask[n] = P1[n+16] \
        = 0x55 -> lanes 0, 2, 4, 6; enabled: 4 and 6. Lane n still writes element n of R.";
    rows.add(g, row.derived(d));
    let text = ".decl P1 v_type=P num_elts=8\n.decl R v_type=G type=d num_elts=8\n\
                .decl Q v_type=G type=d num_elts=8\n.decl T v_type=G type=d num_elts=8\n\
                mov (M1_NM, 8) R(0,0)<1> 0x1:d\nmov (M1, 8) Q(0,0)<1> 0x1:d\n\
                (P1) mov (M1_NM, 8) T(0,0)<1> 0x1:d\n";
    let row = text_row(text).pred("P1", 0x0f).emask(0).expect_bytes("R", i32s(&[1; 8])).expect_bytes("Q", i32s(&[0; 8]))
        .expect_bytes("T", i32s(&[1, 1, 1, 1, 0, 0, 0, 0]));
    let d = "With EM = 0: mov (M1_NM, 8) R:d 0x1:d writes every lane; mov (M1, 8) Q:d 0x1:d none; (P1) mov (M1_NM, 8) T:d 0x1:d with P1 = 0x0F: predication still \
        applies -> lanes 0..3.";
    rows.add(g, row.derived(d));
}

#[rustfmt::skip]
fn indirect(rows: &mut Rows) {
    let g = "indirect";
    let text = ".decl S v_type=G type=d num_elts=8\n.decl R v_type=G type=d num_elts=4\n\
                .decl Q v_type=G type=d num_elts=4\n.decl A0 v_type=A num_elts=1\n\
                .decl A1 v_type=A num_elts=2\n\
                mov (M1, 4) R(0,0)<1> r[A0(0),4]<1;1,0>:d\n\
                mov (M1, 4) Q(0,0)<1> r[A1(0),0]<;2,1>:d\n";
    let row = text_row(text).var("S", i32s(&[10, 11, 12, 13, 14, 15, 16, 17])).var("A0", le16(&[40])).var("A1", le16(&[32, 48]))
        .expect_bytes("R", i32s(&[13, 14, 15, 16])).expect_bytes("Q", i32s(&[10, 11, 14, 15]));
    let d = "mov (M1, 4) R:d r[A0(0), 4]<1;1,0>:d with A0(0) = &S + 8 (S at byte 32: 40): origin byte &S + 12 = S[3]: [S3, S4, S5, S6]. mov (M1, 4) Q:d r[A1(0), \
        0]<;2,1>:d with A1 = [&S, &S + 16] = [32, 48]: rows start at S0 and S4: [S0, S1, S4, S5].";
    rows.add(g, row.derived(d));
    // Z at byte 32, R at 64, S at 96..128, the end of the register file.
    let mut bad = |addr: u16, sub: u32, n: u32, emask: u32, class: ErrorClass, d: &str| {
        let text = format!(
            ".decl Z v_type=G type=d num_elts=1\n.decl R v_type=G type=d num_elts=8\n\
             .decl A0 v_type=A num_elts=1\n.decl S v_type=G type=d num_elts=8\n\
             mov (M1, 1) Z(0,0)<1> 0x2a:d\n\
             mov (M1, {n}) R(0,0)<1> r[A0({sub}),0]<1;1,0>:d\n"
        );
        let row = text_row(&text)
            .var("R", le32(&[0xaaaa_aaaa; 8]))
            .var("A0", le16(&[addr]))
            .emask(emask)
            .expect_error(class);
        rows.add(g, row.derived(d));
    };
    let d = "mov (M1, 1) Z:d 0x2a:d, then mov (M1, 1) R:d r[A0(0), 0]<1;1,0>:d with A0 = the end of the register file - 2 (Z at 32, R at 64, S at 96..128: 126): the \
        D read passes the end: undefined-behaviour at the second instruction.";
    bad(126, 0, 1, u32::MAX, ErrorClass::UndefinedBehaviour, d);
    let d = "The same with A0 = &S + 2 = 98: misaligned for a D: undefined-behaviour at the second instruction.";
    bad(98, 0, 1, u32::MAX, ErrorClass::UndefinedBehaviour, d);
    let d = "The same reading address element 1 of a 1-element address variable, r[A0(1), 0]: a static fault, reported by the IR check before anything runs: \
        invalid-instruction.";
    bad(96, 1, 1, u32::MAX, ErrorClass::InvalidInstruction, d);
    let d = "mov (M1, 8) R:d r[A0(0), 0]<1;1,0>:d with A0 = &S + 16 = 112 and EM = 1: in bounds for lane 0 (the only enabled lane) but past the end for lanes 4..7 \
        (S is the last variable): undefined-behaviour at the second instruction.";
    bad(112, 0, 8, 1, ErrorClass::UndefinedBehaviour, d);
    let text = ".decl R v_type=G type=w num_elts=4\n.decl A0 v_type=A num_elts=1\nmov (M1, 2) r[A0(0),2]<2>:w 0x1234:w\n";
    let row = text_row(text).var("A0", le16(&[32])).expect_bytes("R", le16(&[0, 0x1234, 0, 0x1234]));
    let d = "mov (M1, 2) r[A0(0), 2]<2>:w 0x1234:w with A0 = &R (32): lane n writes byte &R + 2 + 4n: R(w) elements 1 and 3.";
    rows.add(g, row.derived(d));
    let text = ".decl R v_type=G type=d num_elts=8\n.decl A0 v_type=A num_elts=1\nmov (M1, 4) r[A0(0),0]<1>:d 0x1:d\n";
    let row = text_row(text).var("A0", le16(&[56])).expect_error(ErrorClass::UndefinedBehaviour);
    let d = "mov (M1, 4) r[A0(0), 0]<1>:d 0x1:d with A0 = end of register file - 8 (R, the last variable, at 32..64: 56): lanes 2 and 3 fall outside: \
        undefined-behaviour, nothing written (lanes 0 and 1 included).";
    rows.add(g, row.derived(d));
}

/// Operand rows of single instructions: overlapping operands, regions under the execution
/// mask, indirect operands, predication, packed immediates, per-lane counts.
#[rustfmt::skip]
fn instructions(rows: &mut Rows) {
    let g = "instructions";
    let text = ".decl R v_type=G type=ud num_elts=9\nbfi (M1, 8) R(0,1)<1> 0x0:ud 0x0:ud 0x0:ud R(0,0)<1;1,0>\n";
    let row = text_row(text).var("R", le32(&[0, 1, 2, 3, 4, 5, 6, 7, 8])).expect_bytes("R", le32(&[0, 0, 1, 2, 3, 4, 5, 6, 7]));
    let d = "bfi (M1, 8) R(0,1)<1>:ud 0x0:ud 0x0:ud 0x0:ud R(0,0)<1;1,0>:ud with R = [0, 1, .., 8]. Width 0: every lane copies src3 (instructions/BFI.md). Lane n \
        writes R[n + 1], which lane n + 1 reads: all sources are read before anything is written, so R = [0, 0, 1, .., 7].";
    rows.add(g, row.derived(d));
    let text = ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=16\n\
                .decl C v_type=G type=d num_elts=1\n.decl R v_type=G type=d num_elts=8\n\
                add3 (M1, 8) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<2;1,0> C(0,0)<0;1,0>\n";
    let b: Vec<i32> = (0..16).map(|k| if k % 2 == 0 { 100 * (k / 2 + 1) } else { 0 }).collect();
    let keep = 0xAAAA_AAAAu32 as i32;
    let row = text_row(text).var("A", i32s(&[0, 1, 2, 3, 4, 5, 6, 7])).var("B", i32s(&b)).var("C", i32s(&[1000])).var("R", le32(&[0xAAAA_AAAA; 8])).emask(0b0101_0101)
        .expect_bytes("R", i32s(&[1100, keep, 1302, keep, 1504, keep, 1706, keep]));
    let d = "add3 (M1, 8) R(0,0)<1>:d A(0,0)<1;1,0>:d B(0,0)<2;1,0>:d C(0,0)<0;1,0>:d, EM = 0b0101_0101 with A = [0..8], B = [100, 0, 200, 0, ..] (lane n reads \
        B[2n]) and C = 1000: enabled lanes get A[n] + B[2n] + 1000; the odd lanes keep 0xAAAAAAAA.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=d num_elts=8\n.decl R v_type=G type=d num_elts=4\n\
                .decl A0 v_type=A num_elts=1\n\
                add3 (M1, 4) R(0,0)<1> 0x5:d S(0,0)<1;1,0> r[A0(0),4]<1;1,0>:d\n";
    let row = text_row(text).var("S", i32s(&[10, 20, 30, 40, 50, 60, 70, 80])).var("A0", le16(&[32])).expect_bytes("R", i32s(&[35, 55, 75, 95]));
    let d = "add3 (M1, 4) R(0,0)<1>:d 0x5:d S(0,0)<1;1,0>:d r[A0(0), 4]<1;1,0>:d with A0(0) = &S (S at byte 32): the third source starts at S[1]: R[n] = 5 + S[n] + \
        S[n + 1].";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=ud num_elts=8\n.decl R v_type=G type=ud num_elts=8\n\
                .decl P1 v_type=P num_elts=8\n\
                (!P1) bfe (M1, 8) R(0,0)<1> 0x4:ud 0x4:ud S(0,0)<1;1,0>\n";
    let row = text_row(text).var("S", le32(&[0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80])).pred("P1", 0b0000_1111).expect_bytes("R", le32(&[0, 0, 0, 0, 5, 6, 7, 8]));
    let d = "(!P1) bfe (M1, 8) R(0,0)<1>:ud 0x4:ud 0x4:ud S(0,0)<1;1,0>:ud with P1 = 0b0000_1111 and S[n] = 0x10 * (n + 1): lanes 4..7 run, extracting bits 4..8 = n \
        + 1; lanes 0..3 keep 0.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=d num_elts=8\n.decl R v_type=G type=d num_elts=8\nshl.sat (M1, 8) R(0,0)<1> S(0,0)<1;1,0> 0x2:ud\n";
    let row = text_row(text).var("S", i32s(&[0x4000_0000, 1, 1, 1, 1, 1, 1, 1])).var("R", le32(&[0xAAAA_AAAA; 8])).emask(0b1111_1110).literal(errata::SHL_SAT_RANGE)
        .expect_bytes("R", i32s(&[keep, 4, 4, 4, 4, 4, 4, 4]));
    let d = "Literal SHL-SAT-RANGE, EM = 0b1111_1110: shl.sat (M1, 8) R(0,0)<1>:d S(0,0)<1;1,0>:d 0x2:ud with S = [2^30, 1, 1, ..]: lane 0's 2^32 lies outside 33 \
        bits but lane 0 is not enabled, so nothing is undefined; lanes 1..7 get 4 and lane 0 keeps 0xAAAAAAAA.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=d num_elts=8\n.decl R v_type=G type=d num_elts=8\nmov (M1, 8) R(0,0)<1> 0x7:d\nshl.sat (M1, 8) R(0,0)<1> S(0,0)<1;1,0> 0x2:ud\n";
    let row = text_row(text).var("S", i32s(&[1, 1, 1, 0x4000_0000, 1, 1, 1, 1])).literal(errata::SHL_SAT_RANGE).expect_error(ErrorClass::UndefinedBehaviour);
    let d = "Literal SHL-SAT-RANGE: mov (M1, 8) R(0,0)<1>:d 0x7:d; shl.sat (M1, 8) R(0,0)<1>:d S(0,0)<1;1,0>:d 0x2:ud with S = [1, 1, 1, 2^30, 1, ..]. Lane 3's 2^32 \
        is undefined: the second instruction fails with undefined-behaviour (and writes no lane).";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=uw num_elts=8\n.decl R v_type=G type=uw num_elts=8\nand (M1, 8) R(0,0)<1> S(0,0)<1;1,0> 0x76543210:v\n";
    let row = text_row(text).var("S", le16(&[0xFFFF; 8])).expect_bytes("R", le16(&[0, 1, 2, 3, 4, 5, 6, 7]));
    let d = "and (M1, 8) R(0,0)<1>:uw S(0,0)<1;1,0>:uw 0x76543210:v: the packed vector gives lane n the value n (as W): S[n] & n with S = 0xFFFF.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=ud num_elts=4\n.decl R v_type=G type=ud num_elts=5\n\
                .decl A0 v_type=A num_elts=1\n\
                xor (M1, 4) r[A0(0),0]<1>:ud S(0,0)<1;1,0> 0xff:ud\n";
    let row = text_row(text).var("S", le32(&[0x0F, 0xF0, 0xFF, 0x100])).var("A0", le16(&[68])).expect_bytes("R", le32(&[0, 0xF0, 0x0F, 0x00, 0x1FF]));
    let d = "xor (M1, 4) r[A0(0), 0]<1>:ud S(0,0)<1;1,0>:ud 0xFF:ud with A0(0) = &R + 4 (S at 32, R at 64: 68): lanes write R[1..5].";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=ud num_elts=16\n.decl C v_type=G type=ud num_elts=16\n\
                .decl R v_type=G type=ud num_elts=16\n\
                rol (M1, 16) R(0,0)<1> S(0,0)<1;1,0> C(0,0)<1;1,0>\n";
    let want: Vec<u32> = (0..16).map(|n| 1u32 << n).collect();
    let row = text_row(text).var("S", le32(&[1; 16])).var("C", le32(&(0..16).collect::<Vec<u32>>())).expect_bytes("R", le32(&want));
    let d = "rol (M1, 16) R(0,0)<1>:ud S(0,0)<1;1,0>:ud C(0,0)<1;1,0>:ud with S[n] = 1 and C[n] = n: a SIMD16 instruction whose lanes each rotate by their own \
        count: R[n] = 1 << n.";
    rows.add(g, row.derived(d));
}

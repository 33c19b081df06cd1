//! MOV (instructions/MOV.md): hand-derived rows, each with its derivation.

use super::simd::{f32s, i32s, text_row};
use super::{grouped, mov, region, table, Form, Group, Mov, Predication, Region, HPG, SRC16};
use crate::catalog::build::{le16, le32, le64};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::{XeHpc, XeLp};
use visa_model::types::DataType;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "mov", file: "catalog/alu/mov.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    grouped(rows, "conversions", CONVERSIONS);
    grouped(rows, "saturation", SATURATION);
    grouped(rows, "regions", REGIONS);
    table(rows, PREDICATION);
    grouped(rows, "invalid", INVALID);
    let row = mov("ud", "f", 0xbf80_0000, false, 0, 0).expect_error(ErrorClass::UndefinedBehaviour);
    let d = "FLOAT-TO-UINT-NEGATIVE literal: -1.0 to UD has no integer result.";
    rows.add("errata", row.literal(errata::FLOAT_TO_UINT_NEGATIVE).derived(d));
    let d = "INT-TO-FLOAT-ROUNDING: 2^24+3 under round-toward-zero (cr0 0x30): resolved → 2^24+2 (0x4b800001); literal → always nearest even → 0x4b800002.";
    rows.add("errata", mov("f", "d", 16_777_219, false, 0x30, 0x4b80_0001).tag(errata::INT_TO_FLOAT_ROUNDING).derived(d));
    let row = mov("f", "d", 16_777_219, false, 0x30, 0x4b80_0002).literal(errata::INT_TO_FLOAT_ROUNDING);
    rows.add("errata", row.derived(d));
    let row = mov("f", "f", 0x7f80_0001, false, 0, 0x7fc0_0001).literal(errata::MOV_RAW_COPY);
    let d = "MOV-RAW-COPY literal: a same-type F move converts, quieting the sNaN: 0x7fc00001.";
    rows.add("errata", row.derived(d));
    rows.add("errata", mov("f", "hf", 0x0001, false, 0, 0).derived("HF min denormal 2^-24 to F: cr0 bit 10 = 0 flushes → +0; with bit 10 set → 2^-24 = 0x33800000."));
    let d = "HF min denormal 2^-24 to F: cr0 bit 10 = 0 flushes → +0; with bit 10 set → 2^-24 = 0x33800000.";
    rows.add("errata", mov("f", "hf", 0x0001, false, 0x400, 0x3380_0000).tag(errata::HF_DENORM_FLUSH).derived(d));
    let row = mov("f", "hf", 0x0001, false, 0x400, 0).literal(errata::HF_DENORM_FLUSH);
    let d = "HF-DENORM-FLUSH literal: HF min denormal 2^-24 to F is flushed whatever cr0 says.";
    rows.add("errata", row.derived(d));
    let row = mov("f", "hf", 0x0001, false, 0, 0x3380_0000).literal(errata::FLOAT_CONVERT_DENORM);
    let d = "FLOAT-CONVERT-DENORM literal: widening keeps the denormal even in flush mode: HF 2^-24 to F = 0x33800000 with %cr0 = 0 (resolved: flushed to +0).";
    rows.add("errata", row.derived(d));
    grouped(rows, "errata", ERRATA);
    let text = ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\nmov (M1, 1) V1(0,0)<1> (-)V2(0,0)<0;1,0>\n";
    let row = Row::new(HPG, text).var("V2", le32(&[0x3f80_0000])).expect_lane("V1", DataType::F, 0xbf80_0000);
    let d = "(-)1.0 → -1.0.";
    rows.add("modifiers", row.derived(d));
    let text = ".decl V1 v_type=G type=w num_elts=16\nmov (M1, 8) V1(0,0)<1> 0x76543210:v\nmov (M1, 8) V1(0,8)<1> 0xfedcba98:v\n";
    let want: Vec<u64> = (0..8).chain(-8..0).map(|x: i16| u64::from(x as u16)).collect();
    let d = "V 0x76543210: element k = nibble k → 0..7; 0xfedcba98 → nibbles 8..15 as signed → -8..-1.";
    rows.add("packed", Row::new(HPG, text).expect_lanes("V1", DataType::W, &want).derived(d));
    let text = ".decl V1 v_type=G type=f num_elts=4\nmov (M1, 4) V1(0,0)<1> 0x7f300080:vf\n";
    let row = Row::new(HPG, text).expect_lanes("V1", DataType::F, &[0x8000_0000, 0, 0x3f80_0000, 0x41f8_0000]);
    let d = "VF bytes 0x80 (-0), 0x00 (0), 0x30 (e=3,m=0 → 1.0), 0x7f (e=7,m=15 → 16*31/16 = 31).";
    rows.add("packed", row.derived(d));
    let text = ".decl V1 v_type=G type=w num_elts=16\nmov (M1, 16) V1(0,0)<1> 0x76543210:v\n";
    let d = "A V immediate with execution size 16 has no elements 8..15 (PACKED-IMM-EXEC-SIZE).";
    rows.add("packed", Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction).derived(d));
    rows.add("regions", region(HPG, "mov (M1, 4) V1(0,0)<2> V2(0,4)<1;1,0>", &[4, 0, 5, 0, 6, 0, 7, 0]).derived("<2> writes every other element: lanes 0..3 → elements 0,2,4,6 (V2(0,4) = 4, 5, 6, 7)."));
    let mut prefix = [0u32; 10];
    prefix[9] = 1;
    let d = "Destination row 1 on xe-hpg: element 8.";
    rows.add("regions", region(HPG, "mov (M1, 2) V1(1,0)<1> V2(0,0)<1;1,0>", &prefix).derived(d));
    let row = region(XeHpc, "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>", &[8, 9, 10, 11]);
    let d = "GRF-ROW-SIZE literal: rows are 32 bytes even on xe-hpc, so V2(1,0) is element 8.";
    rows.add("regions", row.literal(errata::GRF_ROW_SIZE).derived(d));
    let text = ".decl V1 v_type=G type=d num_elts=32\nmov (M1, 32) V1(0,0)<1> 0x1:d\n";
    let d = "M1 with 32 channels: 0 + 32 = 32 is allowed (resolved) but not under the literal \">=\" (EMASK-OFFSET-BOUND); REGION-TWO-GRF-SPAN literal: 32 D \
        elements = 128 bytes = 4 GRFs on xe-hpg.";
    rows.add("bounds", Row::new(HPG, text).derived(d));
    for id in [errata::EMASK_OFFSET_BOUND, errata::REGION_TWO_GRF_SPAN] {
        let row = Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction);
        rows.add("bounds", row.literal(id).derived(d));
    }
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=f num_elts=1\nmov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    let d = "BF exists from XEHP on: MOV F → BF is valid on xe-hpg, not on xe-lp.";
    rows.add("type-maps", Row::new(HPG, text).derived(d));
    rows.add("type-maps", Row::new(XeLp, text).expect_error(ErrorClass::InvalidInstruction).derived(d));
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=d num_elts=1\nmov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    let d = "BF ↔ D is not in MOV's type map.";
    rows.add("type-maps", Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction).derived(d));
    let text = ".decl V1 v_type=G type=uw num_elts=1\n.decl P1 v_type=P num_elts=16\nmov (M1, 1) V1(0,0)<1> P1\n";
    let row = Row::new(HPG, text).pred("P1", 0xbeef).expect_lane("V1", DataType::UW, 0xbeef);
    let d = "A 16-element predicate moved to UW reads as the integer mask.";
    rows.add("predicate-indirect", row.derived(d));
    let text = ".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=8\n.decl A0 v_type=A num_elts=1\nmov (M1, 1) V1(0,0)<1> r[A0(0),4]<0;1,0>:d\n";
    let row = Row::new(HPG, text).var("V2", le32(&[10, 11, 12, 13, 14, 15, 16, 17])).var("A0", le16(&[64 + 8])).expect_lane("V1", DataType::D, 13);
    let d = "Indirect: each variable starts on a GRF boundary (docs/state-model.md): %cr0 holds bytes 0..31, V1 32..63, V2 64..95; A0 holds &V2+8 = 72 (element 2 of \
        V2); r[A0(0),4]<0;1,0>:d reads from byte 12 of V2 → element 3 = 13.";
    rows.add("predicate-indirect", row.derived(d));
    let row = Row::new(HPG, text).var("A0", le16(&[0xfff0])).expect_error(ErrorClass::UndefinedBehaviour);
    let d = "An address past the register file is undefined behaviour.";
    rows.add("predicate-indirect", row.derived(d));
    ir_lanes(rows);
}

#[rustfmt::skip]
const INVALID: &[Group<Form>] = &[
    Group { d: "M2 is offset 4: not a multiple of exec size 8.", rows: &[Form { decls: SRC16, text: "mov (M2, 8) V1(0,0)<1> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "M8 (28) + 8 > 32.", rows: &[Form { decls: SRC16, text: "mov (M8, 8) V1(0,0)<1> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Execution size 3 does not exist.", rows: &[Form { decls: SRC16, text: "mov (M1, 3) V1(0,0)<1> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Width 3, vertical stride 3, horizontal stride 3 are not legal values.", rows: &[
        Form { decls: SRC16, text: "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;3,1>", class: Some(ErrorClass::InvalidInstruction) },
        Form { decls: SRC16, text: "mov (M1, 8) V1(0,0)<1> V2(0,0)<3;1,0>", class: Some(ErrorClass::InvalidInstruction) },
        Form { decls: SRC16, text: "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;8,3>", class: Some(ErrorClass::InvalidInstruction) },
    ] },
    Group { d: "Width larger than exec size.", rows: &[Form { decls: SRC16, text: "mov (M1, 4) V1(0,0)<1> V2(0,0)<8;8,1>", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Destination stride 0.", rows: &[Form { decls: SRC16, text: "mov (M1, 8) V1(0,0)<0> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "Column 8 of D on a 32-byte row crosses the row.", rows: &[Form { decls: SRC16, text: "mov (M1, 1) V1(0,8)<1> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "16 D elements from V2(3,0) = element 24 reach element 39 of a 32-element variable.", rows: &[Form { decls: SRC16, text: "mov (M1, 16) V1(0,0)<1> V2(3,0)<1;1,0>", class: Some(ErrorClass::UndefinedBehaviour) }] },
    Group { d: "Undeclared variable, unknown opcode, documented but not yet executed opcode.", rows: &[Form { decls: SRC16, text: "mov (M1, 8) V9(0,0)<1> 0x1:d", class: Some(ErrorClass::InvalidInstruction) }] },
    Group { d: "~ is for logic instructions.", rows: &[Form { decls: SRC16, text: "mov (M1, 8) V1(0,0)<1> ~V2(0,0)<1;1,0>", class: Some(ErrorClass::InvalidInstruction) }] },
];

#[rustfmt::skip]
const CONVERSIONS: &[Group<Mov>] = &[
    Group { d: "Float to integer truncates toward zero: 2.9 → 2, -2.9 → -2.", rows: &[
        Mov { dst_ty: "d", src_ty: "f", src: 0x4039_9999, sat: false, cr0: 0, want: 2 },
        Mov { dst_ty: "d", src_ty: "f", src: 0xc039_9999, sat: false, cr0: 0, want: 0xffff_fffe },
    ] },
    Group { d: "NaN → 0; 3e9 > INT_MAX → INT_MAX; -inf → INT_MIN.", rows: &[
        Mov { dst_ty: "d", src_ty: "f", src: 0x7fc0_0000, sat: false, cr0: 0, want: 0 },
        Mov { dst_ty: "d", src_ty: "f", src: 0x4f32_d05e, sat: false, cr0: 0, want: 0x7fff_ffff },
        Mov { dst_ty: "d", src_ty: "f", src: 0xff80_0000, sat: false, cr0: 0, want: 0x8000_0000 },
    ] },
    Group { d: "2^31 exactly (0x4f000000) is one past INT_MAX → INT_MAX.",
        rows: &[Mov { dst_ty: "d", src_ty: "f", src: 0x4f00_0000, sat: false, cr0: 0, want: 0x7fff_ffff }] },
    Group { d: "Negative to unsigned → 0 (resolved FLOAT-TO-UINT-NEGATIVE); +inf → UD max.", rows: &[
        Mov { dst_ty: "ud", src_ty: "f", src: 0xbf80_0000, sat: false, cr0: 0, want: 0 },
        Mov { dst_ty: "ud", src_ty: "f", src: 0x7f80_0000, sat: false, cr0: 0, want: 0xffff_ffff },
    ] },
    Group { d: "-0.5 truncates to -0 → 0 for unsigned under either reading.", rows: &[Mov { dst_ty: "ud", src_ty: "f", src: 0xbf00_0000, sat: false, cr0: 0, want: 0 }] },
    Group { d: "300.0 → UB saturates to 255.", rows: &[Mov { dst_ty: "ub", src_ty: "f", src: 0x4396_0000, sat: false, cr0: 0, want: 255 }] },
    Group { d: "Integer to float, round to nearest even: 2^24+1 → 2^24 (0x4b800000), 2^24+3 → 2^24+4 (0x4b800002).", rows: &[
        Mov { dst_ty: "f", src_ty: "d", src: 16_777_217, sat: false, cr0: 0, want: 0x4b80_0000 },
        Mov { dst_ty: "f", src_ty: "d", src: 16_777_219, sat: false, cr0: 0, want: 0x4b80_0002 },
    ] },
    Group { d: "UD max 2^32-1 → 2^32 = 0x4f800000.", rows: &[Mov { dst_ty: "f", src_ty: "ud", src: 0xffff_ffff, sat: false, cr0: 0, want: 0x4f80_0000 }] },
    Group { d: "Sign extension B → UD: 0xff (-1) → 0xffffffff; zero extension UB → UD: 0xff → 0xff.", rows: &[
        Mov { dst_ty: "ud", src_ty: "b", src: 0xff, sat: false, cr0: 0, want: 0xffff_ffff },
        Mov { dst_ty: "ud", src_ty: "ub", src: 0xff, sat: false, cr0: 0, want: 0xff },
    ] },
    Group { d: "Narrowing keeps the low bits: 0x12345678 → UB 0x78, W 0x5678.", rows: &[
        Mov { dst_ty: "ub", src_ty: "d", src: 0x1234_5678, sat: false, cr0: 0, want: 0x78 },
        Mov { dst_ty: "w", src_ty: "d", src: 0x1234_5678, sat: false, cr0: 0, want: 0x5678 },
    ] },
    Group { d: "F → HF: 65520 is halfway between 65504 (0x7bff, odd) and 65536 (overflow, \"even\") → +inf 0x7c00.",
        rows: &[Mov { dst_ty: "hf", src_ty: "f", src: 0x477f_f000, sat: false, cr0: 0, want: 0x7c00 }] },
    Group { d: "F → HF: 1 + 2^-11 is a tie between 1.0 and 1 + 2^-10 → even 1.0 (0x3c00).",
        rows: &[Mov { dst_ty: "hf", src_ty: "f", src: 0x3f80_1000, sat: false, cr0: 0, want: 0x3c00 }] },
    Group { d: "F → BF: 0x3f808000 (1 + 2^-8) ties → even 0x3f80; 0x3f818000 ties → up to 0x3f82.", rows: &[
        Mov { dst_ty: "bf", src_ty: "f", src: 0x3f80_8000, sat: false, cr0: 0, want: 0x3f80 },
        Mov { dst_ty: "bf", src_ty: "f", src: 0x3f81_8000, sat: false, cr0: 0, want: 0x3f82 },
    ] },
    Group { d: "BF → F widens exactly: 0x3fc0 (1.5) → 0x3fc00000.", rows: &[Mov { dst_ty: "f", src_ty: "bf", src: 0x3fc0, sat: false, cr0: 0, want: 0x3fc0_0000 }] },
    Group { d: "DF → F: 1/3 (0x3fd5555555555555) rounds to 0x3eaaaaab.",
        rows: &[Mov { dst_ty: "f", src_ty: "df", src: 0x3fd5_5555_5555_5555, sat: false, cr0: 0, want: 0x3eaa_aaab }] },
    Group { d: "F → DF exact: 1.5 → 0x3ff8000000000000.", rows: &[Mov { dst_ty: "df", src_ty: "f", src: 0x3fc0_0000, sat: false, cr0: 0, want: 0x3ff8_0000_0000_0000 }] },
    Group { d: "NaN payload carried and quieted: F sNaN 0x7f802000 → HF: frac>>13 = 1, | quiet 0x200 → 0x7e01.",
        rows: &[Mov { dst_ty: "hf", src_ty: "f", src: 0x7f80_2000, sat: false, cr0: 0, want: 0x7e01 }] },
    Group { d: "Same-type MOV copies bits, even an sNaN (MOV-RAW-COPY resolved).",
        rows: &[Mov { dst_ty: "f", src_ty: "f", src: 0x7f80_0001, sat: false, cr0: 0, want: 0x7f80_0001 }] },
    Group { d: "... and a denormal under flush mode.", rows: &[Mov { dst_ty: "f", src_ty: "f", src: 0x0000_0001, sat: false, cr0: 0, want: 0x0000_0001 }] },
];

#[rustfmt::skip]
const SATURATION: &[Group<Mov>] = &[
    Group { d: "F.sat: 2.0 → 1.0, NaN → 0, -3 → 0.", rows: &[
        Mov { dst_ty: "f", src_ty: "f", src: 0x4000_0000, sat: true, cr0: 0, want: 0x3f80_0000 },
        Mov { dst_ty: "f", src_ty: "f", src: 0x7fc0_0000, sat: true, cr0: 0, want: 0 },
        Mov { dst_ty: "f", src_ty: "f", src: 0xc040_0000, sat: true, cr0: 0, want: 0 },
    ] },
    Group { d: "HF.sat from F: 0.5 → 0x3800.", rows: &[Mov { dst_ty: "hf", src_ty: "f", src: 0x3f00_0000, sat: true, cr0: 0, want: 0x3800 }] },
    Group { d: "D → UB sat 300 → 255; D → B sat -300 → -128 = 0x80.", rows: &[
        Mov { dst_ty: "ub", src_ty: "d", src: 300, sat: true, cr0: 0, want: 255 },
        Mov { dst_ty: "b", src_ty: "d", src: (-300i32) as u32 as u64, sat: true, cr0: 0, want: 0x80 },
    ] },
    Group { d: "D → UW sat -1 → 0; UD → W sat 0xffffffff → 0x7fff.", rows: &[
        Mov { dst_ty: "uw", src_ty: "d", src: 0xffff_ffff, sat: true, cr0: 0, want: 0 },
        Mov { dst_ty: "w", src_ty: "ud", src: 0xffff_ffff, sat: true, cr0: 0, want: 0x7fff },
    ] },
    Group { d: "Q → UQ sat -1 → 0; UQ → Q sat max → Q max.", rows: &[
        Mov { dst_ty: "uq", src_ty: "q", src: u64::MAX, sat: true, cr0: 0, want: 0 },
        Mov { dst_ty: "q", src_ty: "uq", src: u64::MAX, sat: true, cr0: 0, want: 0x7fff_ffff_ffff_ffff },
    ] },
];

#[rustfmt::skip]
const REGIONS: &[Group<Region>] = &[
    Group { d: "<0;1,0> broadcasts element 0 to all 8 lanes.",
        rows: &[Region { platform: HPG, insn: "mov (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0>", prefix: &[0, 0, 0, 0, 0, 0, 0, 0] }] },
    Group { d: "<4;2,1>: lane (i,j) reads i*4 + j → 0,1,4,5,8,9,12,13.",
        rows: &[Region { platform: HPG, insn: "mov (M1, 8) V1(0,0)<1> V2(0,0)<4;2,1>", prefix: &[0, 1, 4, 5, 8, 9, 12, 13] }] },
    Group { d: "<8;4,2>: i*8 + 2j → 0,2,4,6,8,10,12,14.",
        rows: &[Region { platform: HPG, insn: "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;4,2>", prefix: &[0, 2, 4, 6, 8, 10, 12, 14] }] },
    Group { d: "<1;1,0> is contiguous: lane i reads i, starting at column 3.",
        rows: &[Region { platform: HPG, insn: "mov (M1, 4) V1(0,0)<1> V2(0,3)<1;1,0>", prefix: &[3, 4, 5, 6] }] },
    Group { d: "Row 1 on a 32-byte GRF starts at D element 8 ...",
        rows: &[Region { platform: HPG, insn: "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>", prefix: &[8, 9, 10, 11] }] },
    Group { d: "... and on a 64-byte GRF at element 16.", rows: &[Region { platform: XeHpc, insn: "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>", prefix: &[16, 17, 18, 19] }] },
    Group { d: "<16;8,1> over two rows of 8 on a 32-byte GRF with exec size 16: 0..7, 16..23.",
        rows: &[Region { platform: XeLp, insn: "mov (M1, 16) V1(0,0)<1> V2(0,0)<16;8,1>", prefix: &[0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] }] },
];

#[rustfmt::skip]
const PREDICATION: &[Group<Predication>] = &[
    Group { d: "P1 = 0x00f0: lanes 4..7 enabled.", rows: &[Predication { pred: "(P1)", mask: "M1", emask: u32::MAX, p1: 0x00f0, lanes: 0xf0 }] },
    Group { d: "Inverted: lanes 0..3.", rows: &[Predication { pred: "(!P1)", mask: "M1", emask: u32::MAX, p1: 0x00f0, lanes: 0x0f }] },
    Group { d: "any: one bit set among lanes 0..7 → all lanes.", rows: &[Predication { pred: "(P1.any)", mask: "M1", emask: u32::MAX, p1: 0x0010, lanes: 0xff }] },
    Group { d: "all: not all of lanes 0..7 set → none; inverted → all.", rows: &[
        Predication { pred: "(P1.all)", mask: "M1", emask: u32::MAX, p1: 0x00f0, lanes: 0x00 },
        Predication { pred: "(!P1.all)", mask: "M1", emask: u32::MAX, p1: 0x00f0, lanes: 0xff },
    ] },
    Group { d: "M5 (offset 16): PMask[n] = P1[n+16], ChEn[n] = EM[n+16]: P1 bits 16..23 = 0xff, EM bits 16..19.",
        rows: &[Predication { pred: "(P1)", mask: "M5", emask: 0x000f_0000, p1: 0x00ff_0000, lanes: 0x0f }] },
    Group { d: "M5 with P1's low byte only set → nothing (the offset is not ignored).",
        rows: &[Predication { pred: "(P1)", mask: "M5", emask: u32::MAX, p1: 0x0000_00ff, lanes: 0x00 }] },
    Group { d: "NoMask ignores EM = 0, still predicated.", rows: &[Predication { pred: "(P1)", mask: "M1_NM", emask: 0, p1: 0x0003, lanes: 0x03 }] },
    Group { d: "Without NoMask, EM = 0 disables everything.", rows: &[Predication { pred: "(P1)", mask: "M1", emask: 0, p1: 0x00ff, lanes: 0x00 }] },
    Group { d: "No predicate, EM bits 0..7 = 0xa5.", rows: &[Predication { pred: "", mask: "M1", emask: 0xa5, p1: 0, lanes: 0xa5 }] },
];

#[rustfmt::skip]
const ERRATA: &[Group<Mov>] = &[
    Group { d: "F round-down/up narrowing to HF: 1 + 2^-11 → RU 0x3c01, RD 0x3c00.", rows: &[
        Mov { dst_ty: "hf", src_ty: "f", src: 0x3f80_1000, sat: false, cr0: 0x10, want: 0x3c01 },
        Mov { dst_ty: "hf", src_ty: "f", src: 0x3f80_1000, sat: false, cr0: 0x20, want: 0x3c00 },
    ] },
    Group { d: "HF overflow under RTZ → max finite 0x7bff.", rows: &[Mov { dst_ty: "hf", src_ty: "f", src: 0x477f_f000, sat: false, cr0: 0x30, want: 0x7bff }] },
];

/// Multi-lane MOV rows written out as text: conversions, rounding under %cr0, saturation,
/// packed immediates and a predicate source (2_datatypes.md, 5_operands.md).
#[rustfmt::skip]
fn ir_lanes(rows: &mut Rows) {
    const MOV_F_D4: &str = ".decl S v_type=G type=f num_elts=4\n.decl R v_type=G type=d num_elts=4\nmov (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\n";
    const MOV_F_UD4: &str = ".decl S v_type=G type=f num_elts=4\n.decl R v_type=G type=ud num_elts=4\nmov (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\n";
    let g = "lanes";
    let row = text_row(MOV_F_D4).var("S", f32s(&[1.75, -1.75, 2.5, -0.5])).expect_bytes("R", i32s(&[1, -1, 2, 0]));
    let d = "mov (M1, 4) R(0,0)<1>:d S(0,0)<1;1,0>:f, S = [1.75, -1.75, 2.5, -0.5]: float to integer discards the fraction (round toward zero): [1, -1, 2, 0].";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=f num_elts=8\n.decl R v_type=G type=d num_elts=8\nmov (M1, 8) R(0,0)<1> S(0,0)<1;1,0>\n";
    let s = [0x7fc0_0000, 0xff80_0001, 0x4f00_0000, 0xcf00_0000, 0xcf80_0000, 0x7f80_0000, 0xff80_0000, 0x4eff_ffff];
    let want = [0, 0, i32::MAX, i32::MIN, i32::MIN, i32::MAX, i32::MIN, 2_147_483_520];
    let row = text_row(text).var("S", le32(&s)).expect_bytes("R", i32s(&want));
    let d = "mov (M1, 8) R:d S:f with S = [qNaN, -sNaN, 2^31, -2^31, -2^32, +inf, -inf, 2^31-2^7]: NaN -> 0; 2^31 > Imax -> Imax; -2^31 is Imin exactly; -2^32 < \
        Imin -> Imin; +inf -> Imax; -inf -> Imin; 0x4effffff = 2^31-128 fits exactly.";
    rows.add(g, row.derived(d));
    let row = text_row(MOV_F_UD4).var("S", f32s(&[-5.0, -0.5, f32::NEG_INFINITY, 3.9])).expect_bytes("R", le32(&[0, 0, 0, 3])).tag(errata::FLOAT_TO_UINT_NEGATIVE);
    let d = "mov (M1, 4) R:ud S:f with S = [-5.0, -0.5, -inf, 3.9]. Resolved FLOAT-TO-UINT-NEGATIVE: negative values and -inf take Imin = 0: [0, 0, 0, 3].";
    rows.add(g, row.derived(d));
    let row = text_row(MOV_F_UD4).var("S", f32s(&[-5.0, -0.5, f32::NEG_INFINITY, 3.9])).var("R", le32(&[0xaaaa_aaaa; 4])).expect_error(ErrorClass::UndefinedBehaviour)
        .literal(errata::FLOAT_TO_UINT_NEGATIVE);
    let d = "The same under the literal reading of FLOAT-TO-UINT-NEGATIVE: -5.0 and -inf are \"qNaN Indefinite\", which no integer holds: undefined-behaviour (R, at \
        0xAAAAAAAA, is not written).";
    rows.add(g, row.derived(d));
    let row = text_row(MOV_F_UD4).var("S", f32s(&[-0.5, -0.0, 1.0, 2.5])).expect_bytes("R", le32(&[0, 0, 1, 2])).literal(errata::FLOAT_TO_UINT_NEGATIVE);
    let d = "Literal FLOAT-TO-UINT-NEGATIVE, but every value truncates to 0 or more: S = [-0.5, -0.0, 1.0, 2.5] -> [0, 0, 1, 2], no error.";
    rows.add(g, row.derived(d));
    let row = text_row(MOV_F_UD4).var("S", f32s(&[-5.0, 1.5, 2.5, 3.5])).var("R", le32(&[0xaaaa_aaaa; 4])).emask(0b1110).expect_bytes("R", le32(&[0xaaaa_aaaa, 1, 2, 3]))
        .literal(errata::FLOAT_TO_UINT_NEGATIVE);
    let d = "Literal FLOAT-TO-UINT-NEGATIVE with EM = 0b1110: lane 0 (-5.0) is not enabled, so it is not converted and cannot fail: S = [-5.0, 1.5, 2.5, 3.5] -> R = \
        [untouched 0xAAAAAAAA, 1, 2, 3].";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=f num_elts=1\n.decl R v_type=G type=hf num_elts=1\nmov (M1, 1) %cr0(0,0)<1> 0x30:ud\nmov (M1, 1) R(0,0)<1> S(0,0)<0;1,0>\n";
    let row = text_row(text).var("S", le32(&[0x3f80_3000])).expect_bytes("R", le16(&[0x3c01])).expect_bytes("%cr0", le32(&[0x30]));
    let d = "mov (M1, 1) %cr0(0,0)<1>:ud 0x30:ud; mov (M1, 1) R:hf S:f with S = 1+3*2^-11: %cr0 is read before each instruction: the second one rounds toward zero \
        -> 0x3c01 (RTNE would give 0x3c02).";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=f num_elts=4\n.decl R v_type=G type=hf num_elts=4\nmov (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\n";
    let d = "mov (M1, 4) R:hf S:f with S = [1+2^-11, 1+3*2^-11, 1+2^-12, 65520] and %cr0 rounding `rc`. HF has 10 fraction bits: ulp(1.0) = 2^-10. 1+2^-11 is \
        halfway between 0x3c00 and 0x3c01: RTNE -> even 0x3c00; RU -> 0x3c01. 1+3*2^-11 is halfway between 0x3c01 and 0x3c02: RTNE -> even 0x3c02; RTZ/RD -> \
        0x3c01. 1+2^-12 is below half: RTNE/RTZ/RD -> 0x3c00, RU -> 0x3c01. 65520 is halfway between 65504 (0x7bff) and 2^16 (out of range): RTNE -> +inf 0x7c00; \
        RU -> +inf; RTZ and RD -> largest finite 0x7bff.";
    for (rc, name, want) in [
        (0x00, "RTNE", [0x3c00, 0x3c02, 0x3c00, 0x7c00]),
        (0x10, "RU", [0x3c01, 0x3c02, 0x3c01, 0x7c00]),
        (0x20, "RD", [0x3c00, 0x3c01, 0x3c00, 0x7bff]),
        (0x30, "RTZ", [0x3c00, 0x3c01, 0x3c00, 0x7bff]),
    ] {
        let row = text_row(text)
            .var(
                "S",
                le32(&[0x3f80_1000, 0x3f80_3000, 0x3f80_0800, 0x477f_f000]),
            )
            .cr0(rc)
            .expect_bytes("R", le16(&want));
        rows.add(g, row.derived(&format!("{d} Here rc = {name} (%cr0 = {rc:#x}).")));
    }
    let text = ".decl S v_type=G type=f num_elts=4\n.decl R v_type=G type=f num_elts=4\nmov.sat (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\n";
    let d = "mov.sat (M1, 4) R:f S:f with S = [-0.0, 2.0, -3.0, qNaN]: saturation to [0.0, 1.0]: 2.0 -> 1.0; -3.0 -> 0.0; NaN -> 0.0; -0.0 -> +0.0 \
        (SAT-NEGATIVE-ZERO resolved) or stays -0.0 (literal).";
    for literal in [false, true] {
        let zero = if literal { 0x8000_0000 } else { 0 };
        let row = text_row(text)
            .var(
                "S",
                le32(&[0x8000_0000, 0x4000_0000, 0xc040_0000, 0x7fc0_0000]),
            )
            .expect_bytes("R", le32(&[zero, 0x3f80_0000, 0, 0]));
        let row = if literal {
            row.literal(errata::SAT_NEGATIVE_ZERO)
        } else {
            row.tag(errata::SAT_NEGATIVE_ZERO)
        };
        rows.add(g, row.derived(d));
    }
    let d = "mov[.sat] (M1, 4) R:ub S:d with S = [300, -5, 255, 7]: .sat clamps to [0, 255]: [255, 0, 255, 7]; without it the low 8 bits are kept: 300 = 0x12c -> \
        0x2c, -5 = 0x...fb -> 0xfb: [0x2c, 0xfb, 0xff, 0x07].";
    for (op, want) in [
        ("mov.sat", vec![255, 0, 255, 7]),
        ("mov", vec![0x2c, 0xfb, 0xff, 0x07]),
    ] {
        let text = format!(
            ".decl S v_type=G type=d num_elts=4\n.decl R v_type=G type=ub num_elts=4\n\
             {op} (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\n"
        );
        let row = text_row(&text)
            .var("S", i32s(&[300, -5, 255, 7]))
            .expect_bytes("R", want);
        rows.add(g, row.derived(d));
    }
    let text = ".decl S v_type=G type=f num_elts=4\n.decl R v_type=G type=df num_elts=4\n\
                .decl U v_type=G type=df num_elts=4\n.decl T v_type=G type=f num_elts=4\n\
                mov (M1, 4) R(0,0)<1> S(0,0)<1;1,0>\nmov (M1, 4) T(0,0)<1> U(0,0)<1;1,0>\n";
    let row = text_row(text).var("S", le32(&[0x3dcc_cccd, 0x3f80_0000, 0x8000_0000, 0x7f80_0000]))
        .var("U", le64(&[0x3fb9_9999_9999_999a, 0x7ff0_0000_0000_0001, 1e300f64.to_bits(), 0x7ff4_0000_2000_0000]))
        .expect_bytes("R", le64(&[0x3fb9_9999_a000_0000, 0x3ff0_0000_0000_0000, 0x8000_0000_0000_0000, 0x7ff0_0000_0000_0000]))
        .expect_bytes("T", le32(&[0x3dcc_cccd, 0x7fc0_0000, 0x7f80_0000, 0x7fe0_0001]));
    let d = "mov (M1, 4) R:df S:f then mov (M1, 4) T:f U:df. F -> DF is exact: 0.1f (0x3dcccccd) widens to 0x3fb99999a0000000. DF -> F (RTNE): 0.1 \
        (0x3fb999999999999a) -> 0x3dcccccd; sNaN with fraction 1 -> payload (frac >> 29) = 0 | quiet bit -> 0x7fc00000; 1e300 overflows to +inf; sNaN fraction \
        0x4000020000000 -> (>> 29) 0x200001 | 0x400000 -> 0x7fe00001.";
    rows.add(g, row.derived(d));
    let text = ".decl S v_type=G type=f num_elts=2\n.decl R v_type=G type=bf num_elts=2\nmov (M1, 2) R(0,0)<1> S(0,0)<1;1,0>\n";
    let row = text_row(text).var("S", le32(&[0x3f80_8000, 0x3f81_8000])).expect_bytes("R", le16(&[0x3f80, 0x3f82]));
    let d = "mov (M1, 2) R:bf S:f with S = [1+2^-8, 1+3*2^-8] (BF ulp(1.0) = 2^-7): 1+2^-8 is halfway between 0x3f80 and 0x3f81 -> even 0x3f80; 1+3*2^-8 is halfway \
        between 0x3f81 and 0x3f82 -> even 0x3f82.";
    rows.add(g, row.derived(d));
    let text = ".decl R v_type=G type=f num_elts=1\nmov (M1, 1) R(0,0)<1> 0x1000001:d\n";
    let d = "mov (M1, 1) R:f 0x1000001:d with %cr0 = 0x10 (round up): 2^24+1 is halfway between 2^24 (0x4b800000) and 2^24+2 (0x4b800001). Resolved \
        INT-TO-FLOAT-ROUNDING: %cr0 rounds up -> 0x4b800001; literal: always RTNE -> the even 0x4b800000.";
    for (literal, want) in [(false, 0x4b80_0001), (true, 0x4b80_0000)] {
        let row = text_row(text).cr0(0x10).expect_bytes("R", le32(&[want]));
        let row = if literal {
            row.literal(errata::INT_TO_FLOAT_ROUNDING)
        } else {
            row.tag(errata::INT_TO_FLOAT_ROUNDING)
        };
        rows.add(g, row.derived(d));
    }
    let text = ".decl S v_type=G type=f num_elts=2\n.decl R v_type=G type=f num_elts=2\nmov (M1, 2) R(0,0)<1> S(0,0)<1;1,0>\n";
    let d = "mov (M1, 2) R:f S:f with S = [sNaN 0x7f800001, denormal 0x00000001], %cr0 = 0 (F denormals flushed). Resolved MOV-RAW-COPY: equal types copy the bits. \
        Literal: the conversion path quiets the NaN (0x7fc00001) and flushes the denormal input to +0.";
    for (literal, want) in [
        (false, [0x7f80_0001, 0x0000_0001]),
        (true, [0x7fc0_0001, 0]),
    ] {
        let row = text_row(text)
            .var("S", le32(&[0x7f80_0001, 0x0000_0001]))
            .expect_bytes("R", le32(&want));
        let row = if literal {
            row.literal(errata::MOV_RAW_COPY)
        } else {
            row.tag(errata::MOV_RAW_COPY)
        };
        rows.add(g, row.derived(d));
    }
    let text = ".decl H v_type=G type=hf num_elts=1\n.decl R v_type=G type=f num_elts=1\n\
                .decl S v_type=G type=f num_elts=1\n.decl Q v_type=G type=hf num_elts=1\n\
                mov (M1, 1) R(0,0)<1> H(0,0)<0;1,0>\nmov (M1, 1) Q(0,0)<1> S(0,0)<0;1,0>\n";
    let d = "mov (M1, 1) R:f H:hf with H = 0x0001 (2^-24); mov (M1, 1) Q:hf S:f with S = 0x00000001 (2^-149); %cr0 = 0x490 (round up, F and HF denormals kept) for \
        both. Resolved FLOAT-CONVERT-DENORM: inputs follow their type's mode: the HF denormal is kept (bit 10 set) -> F 2^-24 = 0x33800000; the F denormal is kept, \
        2^-149 rounds up to the smallest HF denormal 0x0001. Literal: widening keeps the HF denormal (0x33800000), narrowing flushes the F denormal to +0 -> 0x0000.";
    for (literal, q) in [(false, 0x0001), (true, 0x0000)] {
        let row = text_row(text)
            .var("H", le16(&[0x0001]))
            .var("S", le32(&[0x0000_0001]))
            .cr0(0x490)
            .expect_bytes("R", le32(&[0x3380_0000]))
            .expect_bytes("Q", le16(&[q]));
        let row = if literal {
            row.literal(errata::FLOAT_CONVERT_DENORM)
        } else {
            row.tag(errata::FLOAT_CONVERT_DENORM)
        };
        rows.add(g, row.derived(d));
    }
    let text = ".decl H v_type=G type=hf num_elts=1\n.decl R v_type=G type=f num_elts=1\nmov (M1, 1) R(0,0)<1> H(0,0)<0;1,0>\n";
    let d = "mov (M1, 1) R:f H:hf with H = 0x0001 (2^-24) and %cr0 = 0 (HF denormals flushed): resolved FLOAT-CONVERT-DENORM flushes the HF input (-> +0), literal \
        keeps it on widening (-> 0x33800000).";
    for (literal, want) in [(false, 0), (true, 0x3380_0000)] {
        let row = text_row(text)
            .var("H", le16(&[0x0001]))
            .expect_bytes("R", le32(&[want]));
        let row = if literal {
            row.literal(errata::FLOAT_CONVERT_DENORM)
        } else {
            row.tag(errata::FLOAT_CONVERT_DENORM)
        };
        rows.add(g, row.derived(d));
    }
    let text = ".decl R v_type=G type=w num_elts=8\n.decl U v_type=G type=uw num_elts=8\nmov (M1, 8) R(0,0)<1> 0x8f123a07:v\nmov (M1, 8) U(0,0)<1> 0x8f123a07:uv\n";
    let row = text_row(text).expect_bytes("R", le16(&[7, 0, 0xfffa, 3, 2, 1, 0xffff, 0xfff8])).expect_bytes("U", le16(&[7, 0, 10, 3, 2, 1, 15, 8]));
    let d = "mov (M1, 8) R:w 0x8F123A07:v; mov (M1, 8) U:uw 0x8F123A07:uv. Nibbles from the low end: 7, 0, A, 3, 2, 1, F, 8. V (signed): [7, 0, -6, 3, 2, 1, -1, \
        -8]; UV: [7, 0, 10, 3, 2, 1, 15, 8].";
    rows.add(g, row.derived(d));
    let text = ".decl R v_type=G type=f num_elts=4\nmov (M1, 4) R(0,0)<1> 0xb03c0047:vf\n";
    let row = text_row(text).expect_bytes("R", le32(&[0x4038_0000, 0, 0x3fe0_0000, 0xbf80_0000]));
    let d = "mov (M1, 4) R:f 0xB03C0047:vf. Bytes from the low end, sign:1 exp:3 mantissa:4, bias 3 (VF-ENCODING): 0x47: 2^(4-3) * (1+7/16) = 2.875 (0x40380000); \
        0x00: +0; 0x3c: 2^0 * (1+12/16) = 1.75 (0x3fe00000); 0xb0: -(2^0 * 1) = -1.0 (0xbf800000).";
    rows.add(g, row.derived(d));
    let text = ".decl P1 v_type=P num_elts=16\n.decl P2 v_type=P num_elts=4\n\
                .decl R v_type=G type=uw num_elts=1\n.decl U v_type=G type=ud num_elts=1\n\
                mov (M1, 1) R(0,0)<1> P1\nmov (M1, 1) U(0,0)<1> P2\n";
    let row = text_row(text).pred("P1", 0xbeef).pred("P2", 0b1011).expect_bytes("R", le16(&[0xbeef])).expect_bytes("U", le32(&[0xb]));
    let d = "mov (M1, 1) R:uw P1; mov (M1, 1) U:ud P2 with P1 (16 elements) = 0xBEEF, P2 (4 elements) = 0b1011: the predicate read as an unsigned integer, \
        zero-extended: 0xBEEF, 0x0000000B.";
    rows.add(g, row.derived(d));
}

//! MOV (instructions/MOV.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpc;
use visa_spec::platform::Platform::XeLp;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use super::{mov, predication, region, HPG, SRC16};
use crate::catalog::build::{le16, le32};
use crate::catalog::{Doc, Row, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "mov",
    file: "catalog/alu/mov.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "Float to integer truncates toward zero: 2.9 → 2, -2.9 → -2.";
    rows.add(
        "conversions",
        mov("d", "f", 0x4039_9999, false, 0, 2).derived(d),
    );
    rows.add(
        "conversions",
        mov("d", "f", 0xc039_9999, false, 0, 0xffff_fffe).derived(d),
    );
    let d = "NaN → 0; 3e9 > INT_MAX → INT_MAX; -inf → INT_MIN.";
    rows.add(
        "conversions",
        mov("d", "f", 0x7fc0_0000, false, 0, 0).derived(d),
    );
    rows.add(
        "conversions",
        mov("d", "f", 0x4f32_d05e, false, 0, 0x7fff_ffff).derived(d),
    );
    rows.add(
        "conversions",
        mov("d", "f", 0xff80_0000, false, 0, 0x8000_0000).derived(d),
    );
    let d = "2^31 exactly (0x4f000000) is one past INT_MAX → INT_MAX.";
    rows.add(
        "conversions",
        mov("d", "f", 0x4f00_0000, false, 0, 0x7fff_ffff).derived(d),
    );
    let d = "Negative to unsigned → 0 (resolved FLOAT-TO-UINT-NEGATIVE); +inf → UD max.";
    rows.add(
        "conversions",
        mov("ud", "f", 0xbf80_0000, false, 0, 0).derived(d),
    );
    rows.add(
        "conversions",
        mov("ud", "f", 0x7f80_0000, false, 0, 0xffff_ffff).derived(d),
    );
    let d = "-0.5 truncates to -0 → 0 for unsigned under either reading.";
    rows.add(
        "conversions",
        mov("ud", "f", 0xbf00_0000, false, 0, 0).derived(d),
    );
    let d = "300.0 → UB saturates to 255.";
    rows.add(
        "conversions",
        mov("ub", "f", 0x4396_0000, false, 0, 255).derived(d),
    );
    let d = "Integer to float, round to nearest even: 2^24+1 → 2^24 (0x4b800000), 2^24+3 → 2^24+4 (0x4b800002).";
    rows.add(
        "conversions",
        mov("f", "d", 16_777_217, false, 0, 0x4b80_0000).derived(d),
    );
    rows.add(
        "conversions",
        mov("f", "d", 16_777_219, false, 0, 0x4b80_0002).derived(d),
    );
    let d = "UD max 2^32-1 → 2^32 = 0x4f800000.";
    rows.add(
        "conversions",
        mov("f", "ud", 0xffff_ffff, false, 0, 0x4f80_0000).derived(d),
    );
    let d = "Sign extension B → UD: 0xff (-1) → 0xffffffff; zero extension UB → UD: 0xff → 0xff.";
    rows.add(
        "conversions",
        mov("ud", "b", 0xff, false, 0, 0xffff_ffff).derived(d),
    );
    rows.add(
        "conversions",
        mov("ud", "ub", 0xff, false, 0, 0xff).derived(d),
    );
    let d = "Narrowing keeps the low bits: 0x12345678 → UB 0x78, W 0x5678.";
    rows.add(
        "conversions",
        mov("ub", "d", 0x1234_5678, false, 0, 0x78).derived(d),
    );
    rows.add(
        "conversions",
        mov("w", "d", 0x1234_5678, false, 0, 0x5678).derived(d),
    );
    let d = "F → HF: 65520 is halfway between 65504 (0x7bff, odd) and 65536 (overflow, \"even\") → +inf 0x7c00.";
    rows.add(
        "conversions",
        mov("hf", "f", 0x477f_f000, false, 0, 0x7c00).derived(d),
    );
    let d = "F → HF: 1 + 2^-11 is a tie between 1.0 and 1 + 2^-10 → even 1.0 (0x3c00).";
    rows.add(
        "conversions",
        mov("hf", "f", 0x3f80_1000, false, 0, 0x3c00).derived(d),
    );
    let d = "F → BF: 0x3f808000 (1 + 2^-8) ties → even 0x3f80; 0x3f818000 ties → up to 0x3f82.";
    rows.add(
        "conversions",
        mov("bf", "f", 0x3f80_8000, false, 0, 0x3f80).derived(d),
    );
    rows.add(
        "conversions",
        mov("bf", "f", 0x3f81_8000, false, 0, 0x3f82).derived(d),
    );
    let d = "BF → F widens exactly: 0x3fc0 (1.5) → 0x3fc00000.";
    rows.add(
        "conversions",
        mov("f", "bf", 0x3fc0, false, 0, 0x3fc0_0000).derived(d),
    );
    let d = "DF → F: 1/3 (0x3fd5555555555555) rounds to 0x3eaaaaab.";
    rows.add(
        "conversions",
        mov("f", "df", 0x3fd5_5555_5555_5555, false, 0, 0x3eaa_aaab).derived(d),
    );
    let d = "F → DF exact: 1.5 → 0x3ff8000000000000.";
    rows.add(
        "conversions",
        mov("df", "f", 0x3fc0_0000, false, 0, 0x3ff8_0000_0000_0000).derived(d),
    );
    let d = "NaN payload carried and quieted: F sNaN 0x7f802000 → HF: frac>>13 = 1, | quiet 0x200 → 0x7e01.";
    rows.add(
        "conversions",
        mov("hf", "f", 0x7f80_2000, false, 0, 0x7e01).derived(d),
    );
    let d = "Same-type MOV copies bits, even an sNaN (MOV-RAW-COPY resolved).";
    rows.add(
        "conversions",
        mov("f", "f", 0x7f80_0001, false, 0, 0x7f80_0001).derived(d),
    );
    let d = "... and a denormal under flush mode.";
    rows.add(
        "conversions",
        mov("f", "f", 0x0000_0001, false, 0, 0x0000_0001).derived(d),
    );
    let d = "F.sat: 2.0 → 1.0, NaN → 0, -3 → 0.";
    rows.add(
        "saturation",
        mov("f", "f", 0x4000_0000, true, 0, 0x3f80_0000).derived(d),
    );
    rows.add(
        "saturation",
        mov("f", "f", 0x7fc0_0000, true, 0, 0).derived(d),
    );
    rows.add(
        "saturation",
        mov("f", "f", 0xc040_0000, true, 0, 0).derived(d),
    );
    let d = "HF.sat from F: 0.5 → 0x3800.";
    rows.add(
        "saturation",
        mov("hf", "f", 0x3f00_0000, true, 0, 0x3800).derived(d),
    );
    let d = "D → UB sat 300 → 255; D → B sat -300 → -128 = 0x80.";
    rows.add("saturation", mov("ub", "d", 300, true, 0, 255).derived(d));
    rows.add(
        "saturation",
        mov("b", "d", (-300i32) as u32 as u64, true, 0, 0x80).derived(d),
    );
    let d = "D → UW sat -1 → 0; UD → W sat 0xffffffff → 0x7fff.";
    rows.add(
        "saturation",
        mov("uw", "d", 0xffff_ffff, true, 0, 0).derived(d),
    );
    rows.add(
        "saturation",
        mov("w", "ud", 0xffff_ffff, true, 0, 0x7fff).derived(d),
    );
    let d = "Q → UQ sat -1 → 0; UQ → Q sat max → Q max.";
    rows.add(
        "saturation",
        mov("uq", "q", u64::MAX, true, 0, 0).derived(d),
    );
    rows.add(
        "saturation",
        mov("q", "uq", u64::MAX, true, 0, 0x7fff_ffff_ffff_ffff).derived(d),
    );
    let d = "<0;1,0> broadcasts element 0 to all 8 lanes.";
    rows.add(
        "regions",
        region(
            HPG,
            "mov (M1, 8) V1(0,0)<1> V2(0,0)<0;1,0>",
            &[0, 0, 0, 0, 0, 0, 0, 0],
        )
        .derived(d),
    );
    let d = "<4;2,1>: lane (i,j) reads i*4 + j → 0,1,4,5,8,9,12,13.";
    rows.add(
        "regions",
        region(
            HPG,
            "mov (M1, 8) V1(0,0)<1> V2(0,0)<4;2,1>",
            &[0, 1, 4, 5, 8, 9, 12, 13],
        )
        .derived(d),
    );
    let d = "<8;4,2>: i*8 + 2j → 0,2,4,6,8,10,12,14.";
    rows.add(
        "regions",
        region(
            HPG,
            "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;4,2>",
            &[0, 2, 4, 6, 8, 10, 12, 14],
        )
        .derived(d),
    );
    let d = "<1;1,0> is contiguous: lane i reads i, starting at column 3.";
    rows.add(
        "regions",
        region(HPG, "mov (M1, 4) V1(0,0)<1> V2(0,3)<1;1,0>", &[3, 4, 5, 6]).derived(d),
    );
    let d = "Row 1 on a 32-byte GRF starts at D element 8 ...";
    rows.add(
        "regions",
        region(
            HPG,
            "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>",
            &[8, 9, 10, 11],
        )
        .derived(d),
    );
    let d = "... and on a 64-byte GRF at element 16.";
    rows.add(
        "regions",
        region(
            XeHpc,
            "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>",
            &[16, 17, 18, 19],
        )
        .derived(d),
    );
    let d = "<16;8,1> over two rows of 8 on a 32-byte GRF with exec size 16: 0..7, 16..23.";
    rows.add(
        "regions",
        region(
            XeLp,
            "mov (M1, 16) V1(0,0)<1> V2(0,0)<16;8,1>",
            &[0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23],
        )
        .derived(d),
    );
    let d = "P1 = 0x00f0: lanes 4..7 enabled.";
    predication(rows, d, "(P1)", "M1", u32::MAX, 0x00f0, 0xf0);
    let d = "Inverted: lanes 0..3.";
    predication(rows, d, "(!P1)", "M1", u32::MAX, 0x00f0, 0x0f);
    let d = "any: one bit set among lanes 0..7 → all lanes.";
    predication(rows, d, "(P1.any)", "M1", u32::MAX, 0x0010, 0xff);
    let d = "all: not all of lanes 0..7 set → none; inverted → all.";
    predication(rows, d, "(P1.all)", "M1", u32::MAX, 0x00f0, 0x00);
    predication(rows, d, "(!P1.all)", "M1", u32::MAX, 0x00f0, 0xff);
    let d = "M5 (offset 16): PMask[n] = P1[n+16], ChEn[n] = EM[n+16]: P1 bits 16..23 = 0xff, EM bits 16..19.";
    predication(rows, d, "(P1)", "M5", 0x000f_0000, 0x00ff_0000, 0x0f);
    let d = "M5 with P1's low byte only set → nothing (the offset is not ignored).";
    predication(rows, d, "(P1)", "M5", u32::MAX, 0x0000_00ff, 0x00);
    let d = "NoMask ignores EM = 0, still predicated.";
    predication(rows, d, "(P1)", "M1_NM", 0, 0x0003, 0x03);
    let d = "Without NoMask, EM = 0 disables everything.";
    predication(rows, d, "(P1)", "M1", 0, 0x00ff, 0x00);
    let d = "No predicate, EM bits 0..7 = 0xa5.";
    predication(rows, d, "", "M1", 0xa5, 0, 0xa5);
    let d = "M2 is offset 4: not a multiple of exec size 8.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M2, 8) V1(0,0)<1> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "M8 (28) + 8 > 32.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M8, 8) V1(0,0)<1> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "Execution size 3 does not exist.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M1, 3) V1(0,0)<1> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "Width 3, vertical stride 3, horizontal stride 3 are not legal values.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;3,1>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 8) V1(0,0)<1> V2(0,0)<3;1,0>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 8) V1(0,0)<1> V2(0,0)<8;8,3>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    let d = "Width larger than exec size.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 4) V1(0,0)<1> V2(0,0)<8;8,1>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    let d = "Destination stride 0.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M1, 8) V1(0,0)<0> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "Column 8 of D on a 32-byte row crosses the row.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M1, 1) V1(0,8)<1> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "16 D elements from V2(3,0) = element 24 reach element 39 of a 32-element variable.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 16) V1(0,0)<1> V2(3,0)<1;1,0>"),
        )
        .expect_error(ErrorClass::UndefinedBehaviour)
        .derived(d),
    );
    let d = "Undeclared variable, unknown opcode, documented but not yet executed opcode.";
    rows.add(
        "invalid",
        Row::new(HPG, format!("{SRC16}{}\n", "mov (M1, 8) V9(0,0)<1> 0x1:d"))
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "~ is for logic instructions.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "mov (M1, 8) V1(0,0)<1> ~V2(0,0)<1;1,0>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    let d = "FLOAT-TO-UINT-NEGATIVE literal: -1.0 to UD has no integer result.";
    let row = mov("ud", "f", 0xbf80_0000, false, 0, 0).expect_error(ErrorClass::UndefinedBehaviour);
    rows.add(
        "errata",
        row.literal(errata::FLOAT_TO_UINT_NEGATIVE).derived(d),
    );
    let d = "INT-TO-FLOAT-ROUNDING: 2^24+3 under round-toward-zero (cr0 0x30): resolved → 2^24+2 \
             (0x4b800001); literal → always nearest even → 0x4b800002.";
    rows.add(
        "errata",
        mov("f", "d", 16_777_219, false, 0x30, 0x4b80_0001)
            .tag(errata::INT_TO_FLOAT_ROUNDING)
            .derived(d),
    );
    let row =
        mov("f", "d", 16_777_219, false, 0x30, 0x4b80_0002).literal(errata::INT_TO_FLOAT_ROUNDING);
    rows.add("errata", row.derived(d));
    let d = "MOV-RAW-COPY literal: a same-type F move converts, quieting the sNaN: 0x7fc00001.";
    let row = mov("f", "f", 0x7f80_0001, false, 0, 0x7fc0_0001).literal(errata::MOV_RAW_COPY);
    rows.add("errata", row.derived(d));
    let d = "HF min denormal 2^-24 to F: cr0 bit 10 = 0 flushes → +0; with bit 10 set → 2^-24 = \
             0x33800000.";
    rows.add("errata", mov("f", "hf", 0x0001, false, 0, 0).derived(d));
    rows.add(
        "errata",
        mov("f", "hf", 0x0001, false, 0x400, 0x3380_0000)
            .tag(errata::HF_DENORM_FLUSH)
            .derived(d),
    );
    let d = "HF-DENORM-FLUSH literal: HF min denormal 2^-24 to F is flushed whatever cr0 says.";
    let row = mov("f", "hf", 0x0001, false, 0x400, 0).literal(errata::HF_DENORM_FLUSH);
    rows.add("errata", row.derived(d));
    let d = "FLOAT-CONVERT-DENORM literal: widening keeps the denormal even in flush mode: HF \
             2^-24 to F = 0x33800000 with %cr0 = 0 (resolved: flushed to +0).";
    let row = mov("f", "hf", 0x0001, false, 0, 0x3380_0000).literal(errata::FLOAT_CONVERT_DENORM);
    rows.add("errata", row.derived(d));
    let d = "F round-down/up narrowing to HF: 1 + 2^-11 → RU 0x3c01, RD 0x3c00.";
    rows.add(
        "errata",
        mov("hf", "f", 0x3f80_1000, false, 0x10, 0x3c01).derived(d),
    );
    rows.add(
        "errata",
        mov("hf", "f", 0x3f80_1000, false, 0x20, 0x3c00).derived(d),
    );
    let d = "HF overflow under RTZ → max finite 0x7bff.";
    rows.add(
        "errata",
        mov("hf", "f", 0x477f_f000, false, 0x30, 0x7bff).derived(d),
    );

    let d = "(-)1.0 → -1.0.";
    let text = ".decl V1 v_type=G type=f num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> (-)V2(0,0)<0;1,0>\n";
    let row = Row::new(HPG, text)
        .var("V2", le32(&[0x3f80_0000]))
        .expect_lane("V1", DataType::F, 0xbf80_0000);
    rows.add("modifiers", row.derived(d));
    let d =
        "V 0x76543210: element k = nibble k → 0..7; 0xfedcba98 → nibbles 8..15 as signed → -8..-1.";
    let text = ".decl V1 v_type=G type=w num_elts=16\n\
                mov (M1, 8) V1(0,0)<1> 0x76543210:v\nmov (M1, 8) V1(0,8)<1> 0xfedcba98:v\n";
    let want: Vec<u64> = (0..8)
        .chain(-8..0)
        .map(|x: i16| u64::from(x as u16))
        .collect();
    rows.add(
        "packed",
        Row::new(HPG, text)
            .expect_lanes("V1", DataType::W, &want)
            .derived(d),
    );
    let d = "VF bytes 0x80 (-0), 0x00 (0), 0x30 (e=3,m=0 → 1.0), 0x7f (e=7,m=15 → 16*31/16 = 31).";
    let text = ".decl V1 v_type=G type=f num_elts=4\nmov (M1, 4) V1(0,0)<1> 0x7f300080:vf\n";
    let row = Row::new(HPG, text).expect_lanes(
        "V1",
        DataType::F,
        &[0x8000_0000, 0, 0x3f80_0000, 0x41f8_0000],
    );
    rows.add("packed", row.derived(d));
    let d = "A V immediate with execution size 16 has no elements 8..15 (PACKED-IMM-EXEC-SIZE).";
    let text = ".decl V1 v_type=G type=w num_elts=16\nmov (M1, 16) V1(0,0)<1> 0x76543210:v\n";
    rows.add(
        "packed",
        Row::new(HPG, text)
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );

    let d = "<2> writes every other element: lanes 0..3 → elements 0,2,4,6 (V2(0,4) = 4, 5, 6, 7).";
    rows.add(
        "regions",
        region(
            HPG,
            "mov (M1, 4) V1(0,0)<2> V2(0,4)<1;1,0>",
            &[4, 0, 5, 0, 6, 0, 7, 0],
        )
        .derived(d),
    );
    let d = "Destination row 1 on xe-hpg: element 8.";
    let mut prefix = [0u32; 10];
    prefix[9] = 1;
    rows.add(
        "regions",
        region(HPG, "mov (M1, 2) V1(1,0)<1> V2(0,0)<1;1,0>", &prefix).derived(d),
    );
    let d = "GRF-ROW-SIZE literal: rows are 32 bytes even on xe-hpc, so V2(1,0) is element 8.";
    let row = region(
        XeHpc,
        "mov (M1, 4) V1(0,0)<1> V2(1,0)<1;1,0>",
        &[8, 9, 10, 11],
    );
    rows.add("regions", row.literal(errata::GRF_ROW_SIZE).derived(d));

    let d = "M1 with 32 channels: 0 + 32 = 32 is allowed (resolved) but not under the literal \
             \">=\" (EMASK-OFFSET-BOUND); REGION-TWO-GRF-SPAN literal: 32 D elements = 128 bytes = \
             4 GRFs on xe-hpg.";
    let text = ".decl V1 v_type=G type=d num_elts=32\nmov (M1, 32) V1(0,0)<1> 0x1:d\n";
    rows.add("bounds", Row::new(HPG, text).derived(d));
    for id in [errata::EMASK_OFFSET_BOUND, errata::REGION_TWO_GRF_SPAN] {
        let row = Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction);
        rows.add("bounds", row.literal(id).derived(d));
    }
    let d = "BF exists from XEHP on: MOV F → BF is valid on xe-hpg, not on xe-lp.";
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=f num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    rows.add("type-maps", Row::new(HPG, text).derived(d));
    rows.add(
        "type-maps",
        Row::new(XeLp, text)
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );
    let d = "BF ↔ D is not in MOV's type map.";
    let text = ".decl V1 v_type=G type=bf num_elts=1\n.decl V2 v_type=G type=d num_elts=1\n\
                mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>\n";
    rows.add(
        "type-maps",
        Row::new(HPG, text)
            .expect_error(ErrorClass::InvalidInstruction)
            .derived(d),
    );

    let d = "A 16-element predicate moved to UW reads as the integer mask.";
    let text = ".decl V1 v_type=G type=uw num_elts=1\n.decl P1 v_type=P num_elts=16\nmov (M1, 1) V1(0,0)<1> P1\n";
    let row = Row::new(HPG, text)
        .pred("P1", 0xbeef)
        .expect_lane("V1", DataType::UW, 0xbeef);
    rows.add("predicate-indirect", row.derived(d));
    let d = "Indirect: each variable starts on a GRF boundary (docs/state-model.md): %cr0 holds \
             bytes 0..31, V1 32..63, V2 64..95; A0 holds &V2+8 = 72 (element 2 of V2); \
             r[A0(0),4]<0;1,0>:d reads from byte 12 of V2 → element 3 = 13.";
    let text = ".decl V1 v_type=G type=d num_elts=1\n.decl V2 v_type=G type=d num_elts=8\n\
                .decl A0 v_type=A num_elts=1\nmov (M1, 1) V1(0,0)<1> r[A0(0),4]<0;1,0>:d\n";
    let row = Row::new(HPG, text)
        .var("V2", le32(&[10, 11, 12, 13, 14, 15, 16, 17]))
        .var("A0", le16(&[64 + 8]))
        .expect_lane("V1", DataType::D, 13);
    rows.add("predicate-indirect", row.derived(d));
    let d = "An address past the register file is undefined behaviour.";
    let row = Row::new(HPG, text)
        .var("A0", le16(&[0xfff0]))
        .expect_error(ErrorClass::UndefinedBehaviour);
    rows.add("predicate-indirect", row.derived(d));
}

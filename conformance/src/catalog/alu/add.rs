//! ADD (instructions/ADD.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::types::DataType;
use visa_spec::ErrorClass;

use super::{add_d, add_f, add_integer, invalid_predicate_forms, HPG, SRC16};
use crate::catalog::build::{le16, le64};
use crate::catalog::{Doc, Row, Rows};

pub const DOC: Doc = Doc {
    family: "alu",
    instruction: "add",
    file: "catalog/alu/add.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "-(INT_MIN) is +2^31 with extra precision; .sat clamps to INT_MAX.";
    add_d(rows, d, "(-)", true, 0x8000_0000, "0x0:d", 0x7fff_ffff);
    let d = "Without .sat, 2^31 truncates to 32 bits: 0x80000000.";
    add_d(rows, d, "(-)", false, 0x8000_0000, "0x0:d", 0x8000_0000);
    let d = "|INT_MIN| = 2^31 saturates to INT_MAX.";
    add_d(rows, d, "(abs)", true, 0x8000_0000, "0x0:d", 0x7fff_ffff);
    let d = "|INT_MIN| + (-1) = 2^31 - 1 fits: no clamping needed.";
    add_d(
        rows,
        d,
        "(abs)",
        true,
        0x8000_0000,
        "0xffffffff:d",
        0x7fff_ffff,
    );
    let d = "-|INT_MIN| + (-1) = -2^31 - 1 saturates to INT_MIN.";
    add_d(
        rows,
        d,
        "(-abs)",
        true,
        0x8000_0000,
        "0xffffffff:d",
        0x8000_0000,
    );
    let d = "... and wraps to INT_MAX without .sat.";
    add_d(
        rows,
        d,
        "(-abs)",
        false,
        0x8000_0000,
        "0xffffffff:d",
        0x7fff_ffff,
    );
    let d = "-(5) + 7 = 2.";
    add_d(rows, d, "(-)", false, 5, "0x7:d", 2);
    let d = "One-lane integer ADD: dst type, sources, saturation. UD: 0xffffffff + 1 = 2^32 wraps to 0 ...";
    add_integer(rows, d, "ud", "ud", 0xffff_ffff, "0x1:ud", false, 0);
    let d = "One-lane integer ADD: dst type, sources, saturation. ... and saturates to UD max.";
    add_integer(
        rows,
        d,
        "ud",
        "ud",
        0xffff_ffff,
        "0x1:ud",
        true,
        0xffff_ffff,
    );
    let d = "One-lane integer ADD: dst type, sources, saturation. UB dst from D: 200 + 100 = 300 → UB max 255 with .sat, 300 mod 256 = 44 without.";
    add_integer(rows, d, "ub", "d", 200, "0x64:d", true, 255);
    add_integer(rows, d, "ub", "d", 200, "0x64:d", false, 44);
    let d = "One-lane integer ADD: dst type, sources, saturation. -5 + 0 saturates to UB's 0.";
    add_integer(rows, d, "ub", "d", (-5i32) as u32, "0x0:d", true, 0);
    let d = "One-lane integer ADD: dst type, sources, saturation. W: 0x7fff + 1 → sat W max 0x7fff; else 0x8000.";
    add_integer(rows, d, "w", "w", 0x7fff, "0x1:w", true, 0x7fff);
    add_integer(rows, d, "w", "w", 0x7fff, "0x1:w", false, 0x8000);
    let d = "One-lane integer ADD: dst type, sources, saturation. B: -128 + -1 → sat -128 (0x80); else 127 (0x7f).";
    add_integer(rows, d, "b", "b", 0x80, "0xff:b", true, 0x80);
    add_integer(rows, d, "b", "b", 0x80, "0xff:b", false, 0x7f);
    let d = "One-lane integer ADD: dst type, sources, saturation. Mixed sources: UW 65535 + D -65535 = 0.";
    add_integer(rows, d, "d", "uw", 0xffff, "0xffff0001:d", false, 0);
    let d = "1 + 2^-24: exactly half an ulp of 1.0 (ulp 2^-23) → tie → even mantissa: 1.0.";
    rows.add(
        "float",
        add_f(0x3f80_0000, 0x3380_0000, 0x00, false, None, 0x3f80_0000).derived(d),
    );
    let d = "Round up (cr0 bits 4-5 = 01): 1 + 2^-23 = 0x3f800001.";
    rows.add(
        "float",
        add_f(0x3f80_0000, 0x3380_0000, 0x10, false, None, 0x3f80_0001).derived(d),
    );
    let d = "Round down (10) and toward zero (11): 1.0.";
    rows.add(
        "float",
        add_f(0x3f80_0000, 0x3380_0000, 0x20, false, None, 0x3f80_0000).derived(d),
    );
    rows.add(
        "float",
        add_f(0x3f80_0000, 0x3380_0000, 0x30, false, None, 0x3f80_0000).derived(d),
    );
    let d = "-1 - 2^-24 rounded down (toward -inf): -(1 + 2^-23) = 0xbf800001.";
    rows.add(
        "float",
        add_f(0xbf80_0000, 0xb380_0000, 0x20, false, None, 0xbf80_0001).derived(d),
    );
    let d = "+inf + -inf: invalid → default NaN 0x7fc00000.";
    rows.add(
        "float",
        add_f(0x7f80_0000, 0xff80_0000, 0x00, false, None, 0x7fc0_0000).derived(d),
    );
    let d = "sNaN payload 1 in src0 propagates quieted: 0x7fc00001.";
    rows.add(
        "float",
        add_f(0x7f80_0001, 0x3f80_0000, 0x00, false, None, 0x7fc0_0001).derived(d),
    );
    let d = "src0 NaN takes priority over src1 NaN.";
    rows.add(
        "float",
        add_f(0xffc0_0002, 0x7fc0_0003, 0x00, false, None, 0xffc0_0002).derived(d),
    );
    let d = "x + (-x) = +0 under RTNE, -0 under round-down.";
    rows.add(
        "float",
        add_f(0x3f80_0000, 0xbf80_0000, 0x00, false, None, 0x0000_0000).derived(d),
    );
    rows.add(
        "float",
        add_f(0x3f80_0000, 0xbf80_0000, 0x20, false, None, 0x8000_0000).derived(d),
    );
    let d = "-0 + -0 = -0.";
    rows.add(
        "float",
        add_f(0x8000_0000, 0x8000_0000, 0x00, false, None, 0x8000_0000).derived(d),
    );
    let d = "Min denormal + 0: cr0 bit 7 = 0 flushes the input → +0; bit 7 = 1 keeps it.";
    rows.add(
        "float",
        add_f(0x0000_0001, 0x0000_0000, 0x00, false, None, 0x0000_0000).derived(d),
    );
    rows.add(
        "float",
        add_f(0x0000_0001, 0x0000_0000, 0x80, false, None, 0x0000_0001).derived(d),
    );
    let d = "max + max overflows: RTNE → +inf; RTZ → max finite.";
    rows.add(
        "float",
        add_f(0x7f7f_ffff, 0x7f7f_ffff, 0x00, false, None, 0x7f80_0000).derived(d),
    );
    rows.add(
        "float",
        add_f(0x7f7f_ffff, 0x7f7f_ffff, 0x30, false, None, 0x7f7f_ffff).derived(d),
    );
    let d = "ALT mode (cr0 bit 0): an infinite result becomes the largest finite value.";
    rows.add(
        "float",
        add_f(0x7f7f_ffff, 0x7f7f_ffff, 0x01, false, None, 0x7f7f_ffff).derived(d),
    );
    let d = "0.75 + 0.5 = 1.25 → 1.0.";
    rows.add(
        "float-sat",
        add_f(0x3f40_0000, 0x3f00_0000, 0, true, None, 0x3f80_0000).derived(d),
    );
    let d = "-0.5 + 0.25 = -0.25 → +0.";
    rows.add(
        "float-sat",
        add_f(0xbf00_0000, 0x3e80_0000, 0, true, None, 0x0000_0000).derived(d),
    );
    let d = "NaN → +0.";
    rows.add(
        "float-sat",
        add_f(0x7fc0_0000, 0x3f80_0000, 0, true, None, 0x0000_0000).derived(d),
    );
    let d = "-0 + -0 = -0: resolved saturates the sign away, literal keeps -0.";
    rows.add(
        "float-sat",
        add_f(0x8000_0000, 0x8000_0000, 0, true, None, 0x0000_0000).derived(d),
    );
    rows.add(
        "float-sat",
        add_f(
            0x8000_0000,
            0x8000_0000,
            0,
            true,
            Some(errata::SAT_NEGATIVE_ZERO),
            0x8000_0000,
        )
        .derived(d),
    );
    let d = "0.25 + 0.25 = 0.5 stays.";
    rows.add(
        "float-sat",
        add_f(0x3e80_0000, 0x3e80_0000, 0, true, None, 0x3f00_0000).derived(d),
    );
    let d = "+inf → 1.0.";
    rows.add(
        "float-sat",
        add_f(0x7f80_0000, 0x3f80_0000, 0, true, None, 0x3f80_0000).derived(d),
    );
    let d = "Type maps: ADD D + F mixes integer and float; HF + F is not an ADD type map.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!(
                "{SRC16}{}\n",
                "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x3f800000:f"
            ),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    let d = "Wrong operand count.";
    rows.add(
        "invalid",
        Row::new(
            HPG,
            format!("{SRC16}{}\n", "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>"),
        )
        .expect_error(ErrorClass::InvalidInstruction)
        .derived(d),
    );
    let d = "Only the logic instructions and MOV read predicates.";
    invalid_predicate_forms(
        rows,
        d,
        ".decl V1 v_type=G type=ud num_elts=16\n",
        "add (M1, 16) V1(0,0)<1> P2 P3",
    );
    let d = "HF: 1.0 (0x3c00) + 1.0 = 2.0 (0x4000).";
    let text = ".decl V1 v_type=G type=hf num_elts=1\n.decl V2 v_type=G type=hf num_elts=1\n\
                add (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3c00:hf\n";
    let row =
        Row::new(HPG, text)
            .var("V2", le16(&[0x3c00]))
            .expect_lane("V1", DataType::HF, 0x4000);
    rows.add("half-double", row.derived(d));
    let d = "DF: 1 + 2^-53 is a tie at half an ulp (2^-52) → even: 1.0 = 0x3ff0000000000000.";
    let text = ".decl V1 v_type=G type=df num_elts=1\n.decl V2 v_type=G type=df num_elts=1\n\
                add (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3ca0000000000000:df\n";
    let row = Row::new(HPG, text)
        .var("V2", le64(&[0x3ff0_0000_0000_0000]))
        .expect_bytes("V1", le64(&[0x3ff0_0000_0000_0000]));
    rows.add("half-double", row.derived(d));
    let d = "ADD Q: valid under ADD-QWORD-TYPEMAP resolved, invalid under literal.";
    let text = ".decl V1 v_type=G type=q num_elts=1\nadd (M1, 1) V1(0,0)<1> 0x1:q 0x2:q\n";
    rows.add(
        "type-maps",
        Row::new(HPG, text)
            .tag(errata::ADD_QWORD_TYPEMAP)
            .derived(d),
    );
    let row = Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction);
    rows.add(
        "type-maps",
        row.literal(errata::ADD_QWORD_TYPEMAP).derived(d),
    );
}

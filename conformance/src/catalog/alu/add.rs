//! ADD (instructions/ADD.md): hand-derived rows, each with its derivation.

use super::simd::{f32s, i32s, text_row};
use super::{grouped, invalid_predicate_forms, table, AddD, AddF, AddInteger, Group, HPG, SRC16};
use crate::catalog::build::{le16, le32, le64};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform;
use visa_model::types::DataType;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "add", file: "catalog/alu/add.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, ADD_D);
    table(rows, ADD_INTEGER);
    grouped(rows, "float", FLOAT);
    grouped(rows, "float-sat", FLOAT_SAT);
    let d = "Type maps: ADD D + F mixes integer and float; HF + F is not an ADD type map.";
    rows.add("invalid", Row::new(HPG, format!("{SRC16}{}\n", "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x3f800000:f")).expect_error(ErrorClass::InvalidInstruction)
        .derived(d));
    let d = "Wrong operand count.";
    rows.add("invalid", Row::new(HPG, format!("{SRC16}{}\n", "add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>")).expect_error(ErrorClass::InvalidInstruction).derived(d));
    invalid_predicate_forms(rows, "Only the logic instructions and MOV read predicates.", ".decl V1 v_type=G type=ud num_elts=16\n", "add (M1, 16) V1(0,0)<1> P2 P3");
    let text = ".decl V1 v_type=G type=hf num_elts=1\n.decl V2 v_type=G type=hf num_elts=1\nadd (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3c00:hf\n";
    let row = Row::new(HPG, text).var("V2", le16(&[0x3c00])).expect_lane("V1", DataType::HF, 0x4000);
    let d = "HF: 1.0 (0x3c00) + 1.0 = 2.0 (0x4000).";
    rows.add("half-double", row.derived(d));
    let text = ".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=16\nadd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x10:d\n";
    let src: Vec<u32> = (0..16).collect();
    let sum: Vec<u32> = (0x10..0x20).collect();
    let row = Row::new(Platform::Gen9, text).var("V2", le32(&src)).expect_bytes("V1", le32(&sum));
    let d = "On gen9 (SKL: 32-byte GRF, so 16 D lanes span two registers): lane i adds i + 0x10 = 0x10 + i.";
    rows.add("platforms", row.derived(d));
    let text = ".decl V1 v_type=G type=ud num_elts=8\n.decl V2 v_type=G type=ud num_elts=8\nrol (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x1:ud\n";
    let d = "6_instructions.md tags ROL {ICLLP+}: SKL (gen9) has no rotate, so ROL on gen9 is invalid-instruction in the opcode.";
    rows.add("platforms", Row::new(Platform::Gen9, text).expect_invalid("opcode").derived(d));
    let text = ".decl V1 v_type=G type=df num_elts=1\n.decl V2 v_type=G type=df num_elts=1\nadd (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0> 0x3ca0000000000000:df\n";
    let row = Row::new(HPG, text).var("V2", le64(&[0x3ff0_0000_0000_0000])).expect_bytes("V1", le64(&[0x3ff0_0000_0000_0000]));
    let d = "DF: 1 + 2^-53 is a tie at half an ulp (2^-52) → even: 1.0 = 0x3ff0000000000000.";
    rows.add("half-double", row.derived(d));
    let text = ".decl V1 v_type=G type=q num_elts=1\nadd (M1, 1) V1(0,0)<1> 0x1:q 0x2:q\n";
    let d = "ADD Q: valid under ADD-QWORD-TYPEMAP resolved, invalid under literal.";
    rows.add("type-maps", Row::new(HPG, text).tag(errata::ADD_QWORD_TYPEMAP).derived(d));
    let row = Row::new(HPG, text).expect_error(ErrorClass::InvalidInstruction);
    rows.add("type-maps", row.literal(errata::ADD_QWORD_TYPEMAP).derived(d));
    ir_lanes(rows);
}

#[rustfmt::skip]
const ADD_D: &[Group<AddD>] = &[
    Group { d: "-(INT_MIN) is +2^31 with extra precision; .sat clamps to INT_MAX.",
        rows: &[AddD { modifier: "(-)", sat: true, src0: 0x8000_0000, imm: "0x0:d", want: 0x7fff_ffff }] },
    Group { d: "Without .sat, 2^31 truncates to 32 bits: 0x80000000.",
        rows: &[AddD { modifier: "(-)", sat: false, src0: 0x8000_0000, imm: "0x0:d", want: 0x8000_0000 }] },
    Group { d: "|INT_MIN| = 2^31 saturates to INT_MAX.", rows: &[AddD { modifier: "(abs)", sat: true, src0: 0x8000_0000, imm: "0x0:d", want: 0x7fff_ffff }] },
    Group { d: "|INT_MIN| + (-1) = 2^31 - 1 fits: no clamping needed.",
        rows: &[AddD { modifier: "(abs)", sat: true, src0: 0x8000_0000, imm: "0xffffffff:d", want: 0x7fff_ffff }] },
    Group { d: "-|INT_MIN| + (-1) = -2^31 - 1 saturates to INT_MIN.",
        rows: &[AddD { modifier: "(-abs)", sat: true, src0: 0x8000_0000, imm: "0xffffffff:d", want: 0x8000_0000 }] },
    Group { d: "... and wraps to INT_MAX without .sat.", rows: &[AddD { modifier: "(-abs)", sat: false, src0: 0x8000_0000, imm: "0xffffffff:d", want: 0x7fff_ffff }] },
    Group { d: "-(5) + 7 = 2.", rows: &[AddD { modifier: "(-)", sat: false, src0: 5, imm: "0x7:d", want: 2 }] },
];

#[rustfmt::skip]
const ADD_INTEGER: &[Group<AddInteger>] = &[
    Group { d: "One-lane integer ADD: dst type, sources, saturation. UD: 0xffffffff + 1 = 2^32 wraps to 0 ...",
        rows: &[AddInteger { dst_ty: "ud", src_ty: "ud", src0: 0xffff_ffff, imm: "0x1:ud", sat: false, want: 0 }] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. ... and saturates to UD max.",
        rows: &[AddInteger { dst_ty: "ud", src_ty: "ud", src0: 0xffff_ffff, imm: "0x1:ud", sat: true, want: 0xffff_ffff }] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. UB dst from D: 200 + 100 = 300 → UB max 255 with .sat, 300 mod 256 = 44 without.", rows: &[
        AddInteger { dst_ty: "ub", src_ty: "d", src0: 200, imm: "0x64:d", sat: true, want: 255 },
        AddInteger { dst_ty: "ub", src_ty: "d", src0: 200, imm: "0x64:d", sat: false, want: 44 },
    ] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. -5 + 0 saturates to UB's 0.",
        rows: &[AddInteger { dst_ty: "ub", src_ty: "d", src0: (-5i32) as u32, imm: "0x0:d", sat: true, want: 0 }] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. W: 0x7fff + 1 → sat W max 0x7fff; else 0x8000.", rows: &[
        AddInteger { dst_ty: "w", src_ty: "w", src0: 0x7fff, imm: "0x1:w", sat: true, want: 0x7fff },
        AddInteger { dst_ty: "w", src_ty: "w", src0: 0x7fff, imm: "0x1:w", sat: false, want: 0x8000 },
    ] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. B: -128 + -1 → sat -128 (0x80); else 127 (0x7f).", rows: &[
        AddInteger { dst_ty: "b", src_ty: "b", src0: 0x80, imm: "0xff:b", sat: true, want: 0x80 },
        AddInteger { dst_ty: "b", src_ty: "b", src0: 0x80, imm: "0xff:b", sat: false, want: 0x7f },
    ] },
    Group { d: "One-lane integer ADD: dst type, sources, saturation. Mixed sources: UW 65535 + D -65535 = 0.",
        rows: &[AddInteger { dst_ty: "d", src_ty: "uw", src0: 0xffff, imm: "0xffff0001:d", sat: false, want: 0 }] },
];

#[rustfmt::skip]
const FLOAT: &[Group<AddF>] = &[
    Group { d: "1 + 2^-24: exactly half an ulp of 1.0 (ulp 2^-23) → tie → even mantissa: 1.0.",
        rows: &[AddF { a: 0x3f80_0000, b: 0x3380_0000, cr0: 0x00, sat: false, literal: None, want: 0x3f80_0000 }] },
    Group { d: "Round up (cr0 bits 4-5 = 01): 1 + 2^-23 = 0x3f800001.",
        rows: &[AddF { a: 0x3f80_0000, b: 0x3380_0000, cr0: 0x10, sat: false, literal: None, want: 0x3f80_0001 }] },
    Group { d: "Round down (10) and toward zero (11): 1.0.", rows: &[
        AddF { a: 0x3f80_0000, b: 0x3380_0000, cr0: 0x20, sat: false, literal: None, want: 0x3f80_0000 },
        AddF { a: 0x3f80_0000, b: 0x3380_0000, cr0: 0x30, sat: false, literal: None, want: 0x3f80_0000 },
    ] },
    Group { d: "-1 - 2^-24 rounded down (toward -inf): -(1 + 2^-23) = 0xbf800001.",
        rows: &[AddF { a: 0xbf80_0000, b: 0xb380_0000, cr0: 0x20, sat: false, literal: None, want: 0xbf80_0001 }] },
    Group { d: "+inf + -inf: invalid → default NaN 0x7fc00000.",
        rows: &[AddF { a: 0x7f80_0000, b: 0xff80_0000, cr0: 0x00, sat: false, literal: None, want: 0x7fc0_0000 }] },
    Group { d: "sNaN payload 1 in src0 propagates quieted: 0x7fc00001.",
        rows: &[AddF { a: 0x7f80_0001, b: 0x3f80_0000, cr0: 0x00, sat: false, literal: None, want: 0x7fc0_0001 }] },
    Group { d: "src0 NaN takes priority over src1 NaN.", rows: &[AddF { a: 0xffc0_0002, b: 0x7fc0_0003, cr0: 0x00, sat: false, literal: None, want: 0xffc0_0002 }] },
    Group { d: "x + (-x) = +0 under RTNE, -0 under round-down.", rows: &[
        AddF { a: 0x3f80_0000, b: 0xbf80_0000, cr0: 0x00, sat: false, literal: None, want: 0x0000_0000 },
        AddF { a: 0x3f80_0000, b: 0xbf80_0000, cr0: 0x20, sat: false, literal: None, want: 0x8000_0000 },
    ] },
    Group { d: "-0 + -0 = -0.", rows: &[AddF { a: 0x8000_0000, b: 0x8000_0000, cr0: 0x00, sat: false, literal: None, want: 0x8000_0000 }] },
    Group { d: "Min denormal + 0: cr0 bit 7 = 0 flushes the input → +0; bit 7 = 1 keeps it.", rows: &[
        AddF { a: 0x0000_0001, b: 0x0000_0000, cr0: 0x00, sat: false, literal: None, want: 0x0000_0000 },
        AddF { a: 0x0000_0001, b: 0x0000_0000, cr0: 0x80, sat: false, literal: None, want: 0x0000_0001 },
    ] },
    Group { d: "max + max overflows: RTNE → +inf; RTZ → max finite.", rows: &[
        AddF { a: 0x7f7f_ffff, b: 0x7f7f_ffff, cr0: 0x00, sat: false, literal: None, want: 0x7f80_0000 },
        AddF { a: 0x7f7f_ffff, b: 0x7f7f_ffff, cr0: 0x30, sat: false, literal: None, want: 0x7f7f_ffff },
    ] },
    Group { d: "ALT mode (cr0 bit 0): an infinite result becomes the largest finite value.",
        rows: &[AddF { a: 0x7f7f_ffff, b: 0x7f7f_ffff, cr0: 0x01, sat: false, literal: None, want: 0x7f7f_ffff }] },
];

#[rustfmt::skip]
const FLOAT_SAT: &[Group<AddF>] = &[
    Group { d: "0.75 + 0.5 = 1.25 → 1.0.", rows: &[AddF { a: 0x3f40_0000, b: 0x3f00_0000, cr0: 0, sat: true, literal: None, want: 0x3f80_0000 }] },
    Group { d: "-0.5 + 0.25 = -0.25 → +0.", rows: &[AddF { a: 0xbf00_0000, b: 0x3e80_0000, cr0: 0, sat: true, literal: None, want: 0x0000_0000 }] },
    Group { d: "NaN → +0.", rows: &[AddF { a: 0x7fc0_0000, b: 0x3f80_0000, cr0: 0, sat: true, literal: None, want: 0x0000_0000 }] },
    Group { d: "-0 + -0 = -0: resolved saturates the sign away, literal keeps -0.", rows: &[
        AddF { a: 0x8000_0000, b: 0x8000_0000, cr0: 0, sat: true, literal: None, want: 0x0000_0000 },
        AddF { a: 0x8000_0000, b: 0x8000_0000, cr0: 0, sat: true, literal: Some(errata::SAT_NEGATIVE_ZERO), want: 0x8000_0000 },
    ] },
    Group { d: "0.25 + 0.25 = 0.5 stays.", rows: &[AddF { a: 0x3e80_0000, b: 0x3e80_0000, cr0: 0, sat: true, literal: None, want: 0x3f00_0000 }] },
    Group { d: "+inf → 1.0.", rows: &[AddF { a: 0x7f80_0000, b: 0x3f80_0000, cr0: 0, sat: true, literal: None, want: 0x3f80_0000 }] },
];

/// `add (M1, n) R A(0,0)<1;1,0> B(0,0)<1;1,0>` with A of `a`, B of `b`, R of `r` (n elements
/// each).
fn add_ab(a: &str, b: &str, r: &str, n: u32, op: &str) -> String {
    format!(
        ".decl A v_type=G type={a} num_elts={n}\n.decl B v_type=G type={b} num_elts={n}\n\
         .decl R v_type=G type={r} num_elts={n}\n\
         {op} (M1, {n}) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n"
    )
}

/// Multi-lane ADD rows written out as text: integer overflow and modifiers, float rounding,
/// specials and denormals under %cr0, and sources read before any write.
#[rustfmt::skip]
fn ir_lanes(rows: &mut Rows) {
    let g = "lanes";
    let d = "add[.sat] (M1, 2) R:d A:d B:d with A = [2^31-1, -2^31], B = [1, -1]: exact sums [2^31, -2^31-1]; truncated to 32 bits: [0x80000000, 0x7fffffff]; \
        saturated: [0x7fffffff, 0x80000000].";
    for (op, want) in [
        ("add", [0x8000_0000, 0x7fff_ffff]),
        ("add.sat", [0x7fff_ffff, 0x8000_0000]),
    ] {
        let row = text_row(&add_ab("d", "d", "d", 2, op))
            .var("A", i32s(&[i32::MAX, i32::MIN]))
            .var("B", i32s(&[1, -1]))
            .expect_bytes("R", le32(&want));
        rows.add(g, row.derived(d));
    }
    let text = ".decl A v_type=G type=d num_elts=2\n.decl U v_type=G type=ud num_elts=1\n\
                .decl R v_type=G type=d num_elts=2\n.decl Q v_type=G type=d num_elts=2\n\
                .decl W v_type=G type=d num_elts=1\n\
                add.sat (M1, 2) R(0,0)<1> (-)A(0,0)<1;1,0> 0x0:ud\n\
                add (M1, 2) Q(0,0)<1> (-)A(0,0)<1;1,0> 0x0:ud\n\
                add (M1, 1) W(0,0)<1> (-)U(0,0)<0;1,0> 0x0:d\n";
    let row = text_row(text).var("A", i32s(&[i32::MIN, 7])).var("U", le32(&[5])).expect_bytes("R", le32(&[0x7fff_ffff, 0xffff_fff9]))
        .expect_bytes("Q", le32(&[0x8000_0000, 0xffff_fff9])).expect_bytes("W", le32(&[0xffff_fffb]));
    let d = "add.sat (M1, 2) R:d (-)A:d 0x0:ud; add (M1, 2) Q:d (-)A:d 0x0:ud; add (M1, 1) W:d (-)U:ud 0x0:d; with A = [-2^31, 7], U = 5. Modifiers are exact \
        (OPERAND-MODIFIER-TABLE): -(-2^31) = +2^31, so .sat gives 0x7fffffff and truncation gives 0x80000000; -7 = 0xfffffff9; -(5:ud) = -5 = 0xfffffffb.";
    rows.add(g, row.derived(d));
    let d = "add (M1, 2) R:f A:f B:f with A = [1.0, 1.0], B = [2^-24, 3*2^-24] (F ulp(1.0) = 2^-23): 1+2^-24 is halfway between 0x3f800000 and 0x3f800001; 1+3*2^-24 \
        halfway between 0x3f800001 and 0x3f800002. RTNE: [0x3f800000, 0x3f800002]; RU: [0x3f800001, 0x3f800002]; RTZ: [0x3f800000, 0x3f800001].";
    for (cr0, want) in [
        (0x00, [0x3f80_0000, 0x3f80_0002]),
        (0x10, [0x3f80_0001, 0x3f80_0002]),
        (0x30, [0x3f80_0000, 0x3f80_0001]),
    ] {
        let row = text_row(&add_ab("f", "f", "f", 2, "add"))
            .var("A", f32s(&[1.0, 1.0]))
            .var("B", le32(&[0x3380_0000, 0x3440_0000]))
            .cr0(cr0)
            .expect_bytes("R", le32(&want));
        rows.add(g, row.derived(&format!("{d} Here %cr0 = {cr0:#x}.")));
    }
    let a = [0x7f80_0001, 0x7f80_0000, 0x3f80_0000, 0x8000_0000, 0x3f80_0000, 0x0000_0000, 0x7f7f_ffff, 0xff7f_ffff];
    let b = [0xffc0_0002, 0xff80_0000, 0x7fc0_0005, 0x8000_0000, 0xbf80_0000, 0x8000_0000, 0x7f7f_ffff, 0xff7f_ffff];
    let d = "add (M1, 8) R:f A:f B:f, lane by lane: 0: sNaN(1) + -qNaN(2) -> src0 first, quieted: 0x7fc00001; 1: +inf + -inf -> default NaN 0x7fc00000; 2: 1.0 + \
        qNaN(5) -> 0x7fc00005; 3: -0 + -0 -> -0; 4: 1.0 + -1.0 -> +0 (RTNE, RU, RTZ) / -0 (RD); 5: +0 + -0 -> +0 / -0 (RD); 6: max + max -> RTNE +inf; RD +max; ALT \
        +max; 7: -max + -max -> RTNE -inf; RD -inf; ALT -max.";
    for (cr0, high) in [
        (0x00, [0, 0, 0x7f80_0000, 0xff80_0000]),
        (0x20, [0x8000_0000, 0x8000_0000, 0x7f7f_ffff, 0xff80_0000]),
        (0x01, [0, 0, 0x7f7f_ffff, 0xff7f_ffff]),
    ] {
        let mut want = vec![0x7fc0_0001, 0x7fc0_0000, 0x7fc0_0005, 0x8000_0000];
        want.extend(high);
        let row = text_row(&add_ab("f", "f", "f", 8, "add"))
            .var("A", le32(&a))
            .var("B", le32(&b))
            .cr0(cr0)
            .expect_bytes("R", le32(&want));
        rows.add(g, row.derived(&format!("{d} Here %cr0 = {cr0:#x}.")));
    }
    let d = "add (M1, 4) R:f A:f B:f with lane 0: 2^-149 + 0: flushed input +0, kept 0x00000001; lane 1: 2^-126 + -2^-149: flushed input 0x00800000, kept \
        0x007fffff; lane 2: (2^-126+2^-149) + -2^-126 = 2^-149 (denormal result): flushed -> +0, kept 0x00000001; lane 3: 1.0 + 1.0 = 2.0. %cr0 bit 7 selects keep \
        (1) or flush (0) for F.";
    for (cr0, want) in [
        (0, [0, 0x0080_0000, 0, 0x4000_0000]),
        (0x80, [0x1, 0x007f_ffff, 0x1, 0x4000_0000]),
    ] {
        let row = text_row(&add_ab("f", "f", "f", 4, "add"))
            .var(
                "A",
                le32(&[0x0000_0001, 0x0080_0000, 0x0080_0001, 0x3f80_0000]),
            )
            .var(
                "B",
                le32(&[0x0000_0000, 0x8000_0001, 0x8080_0000, 0x3f80_0000]),
            )
            .cr0(cr0)
            .expect_bytes("R", le32(&want));
        rows.add(g, row.derived(&format!("{d} Here %cr0 = {cr0:#x}.")));
    }
    let d = "add (M1, 2) R:hf A:hf B:hf with A = [2^-24, 2^-14], B = [2^-24, -2^-24], %cr0 = 0x400 (HF denormals kept). Resolved HF-DENORM-FLUSH: [2^-23 = 0x0002, \
        2^-14-2^-24 = 0x03ff]. Literal: HF denormals always flushed: [+0 + +0 = 0x0000, 2^-14 + -0 = 0x0400].";
    for (literal, want) in [(false, [0x0002, 0x03ff]), (true, [0x0000, 0x0400])] {
        let row = text_row(&add_ab("hf", "hf", "hf", 2, "add"))
            .var("A", le16(&[0x0001, 0x0400]))
            .var("B", le16(&[0x0001, 0x8001]))
            .cr0(0x400)
            .expect_bytes("R", le16(&want));
        let row = if literal {
            row.literal(errata::HF_DENORM_FLUSH)
        } else {
            row.tag(errata::HF_DENORM_FLUSH)
        };
        rows.add(g, row.derived(d));
    }
    let row = text_row(&add_ab("f", "bf", "bf", 2, "add")).var("A", f32s(&[1.0, 1.0])).var("B", le16(&[0x3b80, 0x3c40])).expect_bytes("R", le16(&[0x3f80, 0x3f82]));
    let d = "add (M1, 2) R:bf A:f B:bf with A = [1.0, 1.0], B = [2^-8 (0x3b80), 3*2^-8 (0x3c40)]: one rounding of the exact sums into BF (ulp(1.0) = 2^-7): 1+2^-8 \
        is a tie -> even 0x3f80; 1+3*2^-8 is a tie between 0x3f81 and 0x3f82 -> 0x3f82.";
    rows.add(g, row.derived(d));
    let d = "add (M1, 1) R:df A:df B:df with A = 1.0, B = 2^-53: 1 + 2^-53 is halfway between 1.0 and 1+2^-52: RU (%cr0 = 0x10) -> 0x3ff0000000000001; RTNE -> 1.0.";
    for (cr0, want) in [(0x00, 0x3ff0_0000_0000_0000), (0x10, 0x3ff0_0000_0000_0001)] {
        let row = text_row(&add_ab("df", "df", "df", 1, "add"))
            .var("A", le64(&[1f64.to_bits()]))
            .var("B", le64(&[2f64.powi(-53).to_bits()]))
            .cr0(cr0)
            .expect_bytes("R", le64(&[want]));
        rows.add(g, row.derived(&format!("{d} Here %cr0 = {cr0:#x}.")));
    }
    let text = ".decl S v_type=G type=d num_elts=5\nadd (M1, 4) S(0,0)<1> S(0,1)<1;1,0> S(0,0)<1;1,0>\n";
    let row = text_row(text).var("S", i32s(&[1, 2, 3, 4, 5])).expect_bytes("S", i32s(&[3, 5, 7, 9, 5]));
    let d = "add (M1, 4) S(0,0)<1>:d S(0,1)<1;1,0>:d S(0,0)<1;1,0>:d with S = [1, 2, 3, 4, 5]: every source lane is read before any write: [2+1, 3+2, 4+3, 5+4] = \
        [3, 5, 7, 9], S[4] = 5.";
    rows.add(g, row.derived(d));
}

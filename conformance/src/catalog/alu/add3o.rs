//! ADD3O (instructions/ADD3O.md): the destination and the overflow bit of P1 under both
//! readings of ADD3O-OVERFLOW, the mask control's channels, and the immediates
//! (ADD3-IMMEDIATE-WIDTH).

use super::{simd, table, Group, Shape, OLD};
use crate::catalog::build::{form, lane_program, le32, ty};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::platform::Platform::XeHpg;
use visa_model::types::DataType;
use visa_model::{errata, ErrorClass};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "add3o", file: "catalog/alu/add3o.jsonl", rows: add };

/// `(P1) add3o (M1, 1) V1:dst V2 V3 V4` with one-element variables of the given types (a
/// `(-)` prefix is a source modifier); P1 (32 elements) starts at 0xF0F0F0F0, whose bit 0 is
/// clear, and bit 0 is channel 0's overflow bit: every other bit keeps 0xF0F0F0F0's.
fn add3o(dst: &str, srcs: [(&str, u64); 3], expected: u64, overflow: u32) -> Row {
    let keep = 0xf0f0_f0f0;
    let mut row = lane_program(XeHpg, "(P1) add3o", dst, &srcs);
    row.program = format!(".decl P1 v_type=P num_elts=32\n{}", row.program);
    let (row, dst_ty) = ty(row.pred("P1", keep), dst);
    row.expect_lane("V1", dst_ty, expected)
        .expect_pred("P1", keep | overflow)
}

#[derive(Debug)]
#[rustfmt::skip]
struct Add3oOverflow { dst: &'static str, srcs: [(&'static str, u64); 3], want: u64, resolved: u32, literal: u32 }

impl Shape for Add3oOverflow {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (dst, srcs, expected, resolved) = (self.dst, self.srcs, self.want, self.resolved);
        let literal = self.literal;
        let why = format!("{d} Bit 0 of P1 is channel 0's overflow bit; every other bit keeps 0xF0F0F0F0's.");
        let row = add3o(dst, srcs, expected, resolved).tag(errata::ADD3O_OVERFLOW);
        rows.add("overflow", row.derived(&why));
        let row = add3o(dst, srcs, expected, literal).literal(errata::ADD3O_OVERFLOW);
        rows.add("overflow", row.derived(&why));
    }
}

#[derive(Debug)]
#[rustfmt::skip]
struct Add3oImmediates { text: &'static str, resolved: Option<ErrorClass>, literal: Option<ErrorClass> }

impl Shape for Add3oImmediates {
    #[rustfmt::skip]
    fn add(&self, rows: &mut Rows, d: &str) {
        let (text, resolved, literal) = (self.text, self.resolved, self.literal);
        let decls = ".decl VD v_type=G type=d num_elts=8\n.decl P1 v_type=P num_elts=32\n";
        let erratum = errata::ADD3_IMMEDIATE_WIDTH;
        rows.add("immediates", form(decls, text, resolved).tag(erratum).derived(d));
        rows.add("immediates", form(decls, text, literal).literal(erratum).derived(d));
    }
}

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    table(rows, ADD3O_OVERFLOW);
    let text = ".decl V1 v_type=G type=ud num_elts=4\n.decl V2 v_type=G type=ud num_elts=4\n\
                .decl V3 v_type=G type=ud num_elts=4\n.decl P1 v_type=P num_elts=32\n\
                (P1) add3o (M5, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> 0x0:ud\n";
    let row = Row::new(XeHpg, text).var("V1", le32(&[OLD; 4])).var("V2", le32(&[0xffff_ffff, 1, 0x8000_0000, 0])).var("V3", le32(&[1, 1, 0x8000_0000, 0]))
        .pred("P1", 0x0001_0000).emask(!(1 << 16)).expect_pred("P1", 0x0005_0000).expect_lanes("V1", DataType::UD, &[OLD.into(), 2, 0, 0]);
    let d = "M5 has offset 16 (3_execution_model.md): channel n writes bit 16 + n of P1, and reads EM bit 16 + n. EM bit 16 is clear, so channel 0 writes nothing. \
        Sums (UD): ch0 2^32 (disabled), ch1 1+1 = 2, ch2 2^31 + 2^31 = 2^32 → overflow, ch3 0. Bit 16 keeps its 1 (channel 0 disabled); bit 18 set by channel 2; \
        bits 17, 19 clear; V1 = [OLD, 2, 0, 0].";
    rows.add("mask-control", row.derived(d));
    table(rows, ADD3O_IMMEDIATES);
    simd_programs(rows);
}

#[rustfmt::skip]
const ADD3O_OVERFLOW: &[Group<Add3oOverflow>] = &[
    Group { d: "D: INT_MAX + 1 + 0 = 2^31 does not fit D: dst 0x80000000, overflow. Literal: the UD sum 0x80000000 has no carry out: 0.",
        rows: &[Add3oOverflow { dst: "d", srcs: [("d", 0x7fff_ffff), ("d", 1), ("d", 0)], want: 0x8000_0000, resolved: 1, literal: 0 }] },
    Group { d: "D: -1 + -1 + 0 = -2 fits: no overflow. Literal: 0xFFFFFFFF + 0xFFFFFFFF ≥ 2^32: 1.",
        rows: &[Add3oOverflow { dst: "d", srcs: [("d", 0xffff_ffff), ("d", 0xffff_ffff), ("d", 0)], want: 0xffff_fffe, resolved: 0, literal: 1 }] },
    Group { d: "D: INT_MIN + -1 = -2^31 - 1 below D: dst 0x7FFFFFFF, overflow; literal 0x80000000 + 0xFFFFFFFF = 0x1_7FFFFFFF: 1.",
        rows: &[Add3oOverflow { dst: "d", srcs: [("d", 0x8000_0000), ("d", 0xffff_ffff), ("d", 0)], want: 0x7fff_ffff, resolved: 1, literal: 1 }] },
    Group { d: "D: 3 * INT_MAX = 0x1_7FFFFFFD: dst 0x7FFFFFFD, overflow under both readings.",
        rows: &[Add3oOverflow { dst: "d", srcs: [("d", 0x7fff_ffff), ("d", 0x7fff_ffff), ("d", 0x7fff_ffff)], want: 0x7fff_fffd, resolved: 1, literal: 1 }] },
    Group { d: "UD: 0xFFFFFFFF + 1 + 0 = 2^32: dst 0, overflow under both readings.",
        rows: &[Add3oOverflow { dst: "ud", srcs: [("ud", 0xffff_ffff), ("ud", 1), ("ud", 0)], want: 0, resolved: 1, literal: 1 }] },
    Group { d: "UD: 0xFFFFFFFF + 0 + 0 fits.",
        rows: &[Add3oOverflow { dst: "ud", srcs: [("ud", 0xffff_ffff), ("ud", 0), ("ud", 0)], want: 0xffff_ffff, resolved: 0, literal: 0 }] },
    Group { d: "UD: 3 * 0xFFFFFFFF = 0x2_FFFFFFFD: dst 0xFFFFFFFD, overflow.",
        rows: &[Add3oOverflow { dst: "ud", srcs: [("ud", 0xffff_ffff), ("ud", 0xffff_ffff), ("ud", 0xffff_ffff)], want: 0xffff_fffd, resolved: 1, literal: 1 }] },
    Group { d: "UD: (-)1 + 0 + 0 = -1 is below UD: dst 0xFFFFFFFF, overflow. Literal: -1 mod 2^32 = 0xFFFFFFFF, no carry out: 0.",
        rows: &[Add3oOverflow { dst: "ud", srcs: [("(-)ud", 1), ("ud", 0), ("ud", 0)], want: 0xffff_ffff, resolved: 1, literal: 0 }] },
    Group { d: "W: 0x7FFF + 1 = 32768 above W: dst 0x8000, overflow; literal 32768 < 2^32: 0.",
        rows: &[Add3oOverflow { dst: "w", srcs: [("w", 0x7fff), ("w", 1), ("w", 0)], want: 0x8000, resolved: 1, literal: 0 }] },
    Group { d: "W: -32768 + -1 = -32769: dst 0x7FFF, overflow; literal 0xFFFF8000 + 0xFFFFFFFF ≥ 2^32: 1.",
        rows: &[Add3oOverflow { dst: "w", srcs: [("w", 0x8000), ("w", 0xffff), ("w", 0)], want: 0x7fff, resolved: 1, literal: 1 }] },
    Group { d: "W: -1 + 1 + 0 = 0 fits; literal 0xFFFFFFFF + 1 = 2^32: 1.",
        rows: &[Add3oOverflow { dst: "w", srcs: [("w", 0xffff), ("w", 1), ("w", 0)], want: 0, resolved: 0, literal: 1 }] },
    Group { d: "UW: 0xFFFF + 1 = 65536 above UW: dst 0, overflow; literal: 65536 < 2^32: 0.",
        rows: &[Add3oOverflow { dst: "uw", srcs: [("uw", 0xffff), ("uw", 1), ("uw", 0)], want: 0, resolved: 1, literal: 0 }] },
    Group { d: "UW: 0xFFFF + 0 + 0 fits.", rows: &[Add3oOverflow { dst: "uw", srcs: [("uw", 0xffff), ("uw", 0), ("uw", 0)], want: 0xffff, resolved: 0, literal: 0 }] },
    Group { d: "Mixed: D dst from UD sources: 0x80000000 + 0 + 0 = 2^31 above D: dst 0x80000000, overflow.",
        rows: &[Add3oOverflow { dst: "d", srcs: [("ud", 0x8000_0000), ("ud", 0), ("ud", 0)], want: 0x8000_0000, resolved: 1, literal: 0 }] },
];

#[rustfmt::skip]
const ADD3O_IMMEDIATES: &[Group<Add3oImmediates>] = &[
    Group { d: "Only src2 is immediate16 (instructions/ADD3O.md): under the literal reading of ADD3-IMMEDIATE-WIDTH a D immediate there is invalid, a W one valid; \
        src0 and src1 take any immediate of the type map under both readings.", rows: &[
        Add3oImmediates { text: "(P1) add3o (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:d", resolved: None, literal: Some(ErrorClass::InvalidInstruction) },
        Add3oImmediates { text: "(P1) add3o (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:w", resolved: None, literal: None },
        Add3oImmediates { text: "(P1) add3o (M1, 1) VD(0,0)<1> 0x1:d 0x2:d VD(0,0)<0;1,0>", resolved: None, literal: None },
    ] },
    Group { d: "ADD3O takes no saturation (its Properties list none).", rows: &[
        Add3oImmediates { text: "(P1) add3o.sat (M1, 1) VD(0,0)<1> VD(0,0)<0;1,0> VD(0,0)<0;1,0> 0x1:w", resolved: Some(ErrorClass::InvalidInstruction),
            literal: Some(ErrorClass::InvalidInstruction) },
    ] },
];

/// Multi-lane rows written out as text.
#[rustfmt::skip]
fn simd_programs(rows: &mut Rows) {
    let text = ".decl R v_type=G type=d num_elts=4\n.decl P v_type=P num_elts=32\n\
                .decl S0 v_type=G type=d num_elts=4\n.decl S1 v_type=G type=d num_elts=4\n\
                .decl S2 v_type=G type=d num_elts=4\n\
                (P) add3o (M5, 4) R(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0> S2(0,0)<1;1,0>\n";
    let d = "(P) add3o (M5, 4) R(0,0)<1>:d S0(0,0)<1;1,0>:d S1(0,0)<1;1,0>:d S2(0,0)<1;1,0>:d, P (32 elements) starting at 0: under M5 lane n is channel 16 + n, bit \
        16 + n of P. Lanes: INT_MAX + 1 + 0 (2^31: overflow; UD carry 0), -1 + -1 + 0 (fits; UD carry 1), INT_MIN + -1 + 0 (overflow; carry 1), 1 + 2 + 3 \
        (neither). Resolved ADD3O-OVERFLOW: the signed overflow bits 0b0101 << 16; literal: the carry bits 0b0110 << 16. R = [INT_MIN, -2, INT_MAX, 6] under both.";
    for (literal, p) in [(false, 0b0101u32 << 16), (true, 0b0110 << 16)] {
        let row = simd::text_row(text)
            .var("S0", simd::i32s(&[0x7FFF_FFFF, -1, i32::MIN, 1]))
            .var("S1", simd::i32s(&[1, -1, -1, 2]))
            .var("S2", simd::i32s(&[0, 0, 0, 3]))
            .expect_bytes("R", simd::i32s(&[i32::MIN, -2, i32::MAX, 6]))
            .expect_pred("P", p);
        let row = if literal {
            row.literal(errata::ADD3O_OVERFLOW)
        } else {
            row.tag(errata::ADD3O_OVERFLOW)
        };
        rows.add("four-lanes", row.derived(d));
    }
    let text = ".decl R v_type=G type=uw num_elts=4\n.decl P v_type=P num_elts=32\n\
                .decl S0 v_type=G type=uw num_elts=4\n.decl S1 v_type=G type=uw num_elts=4\n\
                .decl S2 v_type=G type=uw num_elts=4\n\
                (P) add3o (M5, 4) R(0,0)<1> S0(0,0)<1;1,0> S1(0,0)<1;1,0> S2(0,0)<1;1,0>\n";
    let le16 = crate::catalog::build::le16;
    let row = simd::text_row(text).var("S0", le16(&[0xFFFF, 0xFFFF, 0, 0x8000])).var("S1", le16(&[1, 0, 0, 0x8000])).pred("P", 1 << 16).emask(!(1 << 16))
        .expect_bytes("R", le16(&[0, 0xFFFF, 0, 0])).expect_pred("P", (1 << 16) | (1 << 19));
    let d = "(P) add3o (M5, 4) R(0,0)<1>:uw S0 S1 S2 (UW, <1;1,0>) with P = 1 << 16 and EM = !(1 << 16): lanes 0xFFFF + 1 (65536: overflow), 0xFFFF + 0 (fits), 0 + \
        0, 0x8000 + 0x8000 = 65536 (overflow). EM bit 16 clear: lane 0 writes neither R (zeros) nor P (its bit 16 stays set): R = [0, 0xFFFF, 0, 0], P = 1 << 16 | \
        1 << 19.";
    rows.add("four-lanes", row.derived(d));
}

//! The operand kinds beyond register operands (5_operands.md and the instruction documents
//! each row cites): predicate destinations (CMP, SETP), ADD3O's overflow predicate, ADDC's
//! carry and SUBB's borrow, ADDR_ADD's address operands, MOVS's state operands, CMP's
//! relational operator and BFN's function table. A valid form runs from the zeroed state; an
//! invalid one is an `invalid-instruction` error naming the operand at fault.

use super::{grouped, Group, GroupedShape};
use crate::catalog::doc::{Doc, Rows};
use crate::catalog::row::Row;
use visa_model::errata;
use visa_model::platform::Platform::{XeHpc, XeHpg};

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "alu", instruction: "operands", file: "catalog/alu/operands.jsonl", rows: add };

/// One variable of each kind the forms name: UD, D, F, UW and UB general variables of 32
/// elements (128, 128, 128, 64 and 32 bytes: 4, 4, 4, 2 and 1 GRFs on xe-hpg), predicates
/// of 32 and 16 elements, an address, a surface and a sampler variable.
const DECLS: &str = "\
.decl V1 v_type=G type=ud num_elts=32
.decl V2 v_type=G type=ud num_elts=32
.decl V3 v_type=G type=ud num_elts=32
.decl V4 v_type=G type=ud num_elts=32
.decl VD v_type=G type=d num_elts=32
.decl VF v_type=G type=f num_elts=32
.decl VW v_type=G type=uw num_elts=32
.decl VB v_type=G type=ub num_elts=32
.decl P1 v_type=P num_elts=32
.decl P2 v_type=P num_elts=16
.decl A0 v_type=A num_elts=4
.decl T1 v_type=T num_elts=2
.decl S1 v_type=S num_elts=2
";

/// `text` after [`DECLS`] on xe-hpg (SAD2 on gen9).
fn form(text: &str) -> Row {
    // SAD2 exists before xe-lp only (SAD2-PLATFORMS): its forms run on gen9.
    let on = if text.starts_with("sad2 ") {
        super::SAD2_ON
    } else {
        XeHpg
    };
    Row::new(on, format!("{DECLS}{text}\n"))
}

/// A valid form: it runs from the zeroed state.
fn valid(rows: &mut Rows, group: &str, d: &str, text: &str) {
    rows.add(group, form(text).derived(d));
}

/// An invalid form: an `invalid-instruction` error naming `field`.
fn invalid(rows: &mut Rows, group: &str, d: &str, text: &str, field: &str) {
    rows.add(group, form(text).expect_invalid(field).derived(d));
}

/// A row of [`invalid`]'s tables.
#[derive(Debug)]
#[rustfmt::skip]
struct Invalid { text: &'static str, field: &'static str }

impl GroupedShape for Invalid {
    fn add(&self, rows: &mut Rows, group: &str, d: &str) {
        invalid(rows, group, d, self.text, self.field);
    }
}

fn add(rows: &mut Rows) {
    valid_forms(rows);
    invalid_forms(rows);
    predefined(rows);
    r0_register(rows);
}

/// `%r0` on a 64-byte-GRF platform (erratum PREDEFINED-R0-GRF), as every IGC dump for
/// xe-hpc declares it: a 16-element alias at offset 0, read at its last element.
#[rustfmt::skip]
fn r0_register(rows: &mut Rows) {
    let text = ".decl R0W v_type=G type=ud num_elts=16 alias=<%r0, 0>\nmov (M1, 1) V1(0,0)<1> R0W(0,15)<0;1,0>";
    let mut r0 = vec![0u8; 64];
    r0[60..64].copy_from_slice(&[0x44, 0x33, 0x22, 0x11]);
    let d = "PREDEFINED-R0-GRF resolved: on xe-hpc %r0 is one 64-byte GRF (16 UD), so the 64-byte alias fits; its element 15 is %r0's bytes 60..64, 44 33 22 11 from \
        init; MOV copies it to V1[0] (MOV.md): V1's bytes 0..4 are 44 33 22 11.";
    rows.add("predefined", Row::new(XeHpc, format!("{DECLS}{text}\n")).tag(errata::PREDEFINED_R0_GRF).var("%r0", r0.clone())
        .expect_reg("V1", 0, [0x44u8, 0x33, 0x22, 0x11].map(Some).to_vec()).derived(d));
    let d = "PREDEFINED-R0-GRF literal: 4_visa_header.md's table makes %r0 eight UD (32 bytes) everywhere, so a 64-byte alias at offset 0 does not fit in it: \
        invalid-instruction at the declaration.";
    rows.add("predefined", Row::new(XeHpc, format!("{DECLS}{text}\n")).literal(errata::PREDEFINED_R0_GRF).var("%r0", r0).expect_invalid(".decl R0W").derived(d));
}

/// IGC's pre-defined `%msg0` (erratum PREDEFINED-MSG0).
#[rustfmt::skip]
fn predefined(rows: &mut Rows) {
    let text = "mov (M1, 1) %msg0(0,2)<1> 0x5:ud\nmov (M1, 1) V1(0,0)<1> %msg0(0,2)<0;1,0>";
    let d = "PREDEFINED-MSG0 resolved: %msg0 is three UD elements; the first MOV writes 5 to element 2 and the second copies element 2 to V1's element 0 (MOV.md: \
        dst = src0 of the same type): V1[0] = 5: V1's bytes 0..4 are 05 00 00 00.";
    rows.add("predefined", form(text).tag(errata::PREDEFINED_MSG0).expect_reg("V1", 0, [5u8, 0, 0, 0].map(Some).to_vec()).derived(d));
    let d = "PREDEFINED-MSG0 literal: 4_visa_header.md's table has no %msg0, so the first MOV's destination names no variable: invalid-instruction in dst.";
    rows.add("predefined", form(text).literal(errata::PREDEFINED_MSG0).expect_invalid("dst").derived(d));
}

#[rustfmt::skip]
fn valid_forms(rows: &mut Rows) {
    let d = "instructions/CMP.md: a predicate or a general destination, every rel_op; valid.";
    for text in [
        "cmp.eq (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud",
        "cmp.le (M5, 16) P1 VF(0,0)<1;1,0> 0x3f800000:f",
        "cmp.ne (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> 0x0:d",
    ] {
        valid(rows, "cmp", d, text);
    }
    let d = "instructions/SETP.md: a predicate destination, a UB, UW or UD source; valid.";
    for text in [
        "setp (M1_NM, 16) P1 VW(0,0)<0;1,0>",
        "setp (M1_NM, 32) P1 0xffff0000:ud",
    ] {
        valid(rows, "setp", d, text);
    }
    valid(rows, "add3o", "instructions/ADD3O.md: `(P)` names the overflow predicate; valid.",
        "(P1) add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>");
    let d = "instructions/ADDC.md, SUBB.md: dst, carry (borrow), src0, src1, all UD; valid.";
    for text in [
        "addc (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
        "(P2) subb (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> 0x1:ud",
    ] {
        valid(rows, "carry", d, text);
    }
    let d = "instructions/ADDR_ADD.md: an address destination; src0 an address-of, an address or a general <0;1,0> operand; valid.";
    for text in [
        "addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw",
        "addr_add (M1, 4) A0(0)<1> A0(0)<1;1,0> VW(0,0)<1;1,0>",
        "addr_add (M1, 1) A0(1)<1> V2(1,2)<0;1,0> 0x0:uw",
    ] {
        valid(rows, "addr_add", d, text);
    }
    let d = "instructions/MOVS.md: state <- general, general <- state, state <- state; valid.";
    for text in [
        "movs (M1, 1) T1(0) V1(0,0)<0;1,0>",
        "movs (M1, 2) V1(0,0)<1> S1(0)",
        "movs (M1, 1) T1(1) T1(0)",
    ] {
        valid(rows, "movs", d, text);
    }
    valid(rows, "bfn", "instructions/BFN.md: `bfn.x<HEX>` names the function table; valid.", "bfn.xd8 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>");
    let d = "instructions/MUL.md (D x D), SEL.md, MIN_MAX.md, SAD2.md, MADW.md: register and immediate operands of their type maps; valid.";
    for text in [
        "mul (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>",
        "(P1) sel (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f",
        "max.sat (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f",
        "sad2 (M1, 16) VW(0,0)<1> VB(0,0)<1;1,0> VB(0,16)<1;1,0>",
        "madw (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    ] {
        valid(rows, "alu", d, text);
    }
}

#[rustfmt::skip]
fn invalid_forms(rows: &mut Rows) {
    invalid(rows, "cmp", "instructions/CMP.md, Notes: CMP takes no predication.", "(P1) cmp.eq (M1, 16) P2 V2(0,0)<1;1,0> 0x0:ud", "pred");
    let d = "instructions/CMP.md, Text: CMP needs one rel_op of the table (`lg` is none).";
    for text in [
        "cmp (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud",
        "cmp.eq.ne (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud",
        "cmp.lg (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud",
    ] {
        invalid(rows, "cmp", d, text, "opcode");
    }
    invalid(rows, "cmp", "instructions/CMP.md: a 16-element predicate destination does not reach channel 16 + 15 under M5.",
        "cmp.eq (M5, 16) P2 V2(0,0)<1;1,0> 0x0:ud", "dst");
    let d = "Only CMP and SETP write predicates (instructions/ADD.md: a general destination); SETP writes nothing else (instructions/SETP.md).";
    for text in [
        "add (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud",
        "setp (M1_NM, 16) V1(0,0)<1> V2(0,0)<1;1,0>",
    ] {
        invalid(rows, "predicate-dst", d, text, "dst");
    }
    let d = "instructions/ADD3O.md: `(P)` names the overflow predicate: required, neither inverted nor combined.";
    for text in [
        "add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
        "(!P1) add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    ] {
        invalid(rows, "add3o", d, text, "pred");
    }
    grouped(rows, "carry", CARRY);
    grouped(rows, "addr_add", ADDR_ADD);
    let d = "instructions/ADDR_ADD.md: a general src0 names an element of its variable. V2 is 32 UD, 128 bytes, 4 rows of 32 bytes on xe-hpg: row 4 is past the end, \
        and a row number whose byte offset does not fit 32 bits must not overflow.";
    for text in [
        "addr_add (M1, 1) A0(0)<1> V2(4,0)<0;1,0> 0x0:uw",
        "addr_add (M1, 1) A0(0)<1> V2(4294967295,7)<0;1,0> 0x0:uw",
    ] {
        invalid(rows, "addr_add", d, text, "src0");
    }
    invalid(rows, "address-of", "5_operands.md: an address-of operand (`&V+off`) is a source of ADDR_ADD only.", "add (M1, 1) V1(0,0)<1> &V2+4 0x10:ud", "src0");
    grouped(rows, "movs", MOVS);
    let d = "instructions/BFN.md, Text: BFN needs its function table, in hexadecimal (`bfn.x<HEX>`).";
    for text in [
        "bfn (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
        "bfn.xz1 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    ] {
        invalid(rows, "bfn", d, text, "opcode");
    }
    grouped(rows, "alu", ALU);
}

#[rustfmt::skip]
const CARRY: &[Group<Invalid>] = &[
    Group { d: "instructions/ADDC.md: ADDC needs its carry operand.",
        rows: &[Invalid { text: "addc (M1, 16) V1(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>", field: "operands" }] },
    Group { d: "instructions/ADDC.md: the carry operand is UD; with a D carry the type map has no row, an error naming the destination.",
        rows: &[Invalid { text: "addc (M1, 16) V1(0,0)<1> VD(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>", field: "dst" }] },
];

#[rustfmt::skip]
const ADDR_ADD: &[Group<Invalid>] = &[
    Group { d: "instructions/ADDR_ADD.md: no predication.", rows: &[Invalid { text: "(P1) addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw", field: "pred" }] },
    Group { d: "instructions/ADDR_ADD.md: the destination is an address operand.", rows: &[Invalid { text: "addr_add (M1, 1) V1(0,0)<1> &V2+4 0x10:uw", field: "dst" }] },
    Group { d: "instructions/ADDR_ADD.md: a general src0 is read through <0;1,0>.",
        rows: &[Invalid { text: "addr_add (M1, 4) A0(0)<1> V2(0,0)<1;1,0> 0x10:uw", field: "src0" }] },
    Group { d: "instructions/ADDR_ADD.md: src1 is UW; with a UD src1 the type map has no row, an error naming the destination.",
        rows: &[Invalid { text: "addr_add (M1, 1) A0(0)<1> &V2+4 0x10:ud", field: "dst" }] },
    Group { d: "instructions/ADDR_ADD.md: SIMD8 from A0(0) passes A0's 4 elements.", rows: &[Invalid { text: "addr_add (M1, 8) A0(0)<1> &V2+4 0x10:uw", field: "dst" }] },
];

#[rustfmt::skip]
const MOVS: &[Group<Invalid>] = &[
    Group { d: "instructions/MOVS.md: one side is a state operand; a general-to-general move is refused at its destination.",
        rows: &[Invalid { text: "movs (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>", field: "dst" }] },
    Group { d: "instructions/MOVS.md: two state operands are of one class: a sampler is not moved into a surface.",
        rows: &[Invalid { text: "movs (M1, 1) T1(0) S1(0)", field: "src0" }] },
    Group { d: "instructions/MOVS.md: no predication.", rows: &[Invalid { text: "(P1) movs (M1, 1) T1(0) V1(0,0)<0;1,0>", field: "pred" }] },
];

#[rustfmt::skip]
const ALU: &[Group<Invalid>] = &[
    Group { d: "instructions/MIN_MAX.md, Format and Text: MIN and MAX take no predication.",
        rows: &[Invalid { text: "(P1) max (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f", field: "pred" }] },
    Group { d: "instructions/MUL.md, Properties: saturation \"Only when type is float\"; a UD MUL does not saturate.",
        rows: &[Invalid { text: "mul.sat (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>", field: "opcode" }] },
    Group { d: "instructions/SAD2.md: the sources are bytes, the destination words; a UD destination has no row of the type map.",
        rows: &[Invalid { text: "sad2 (M1, 16) V1(0,0)<1> VB(0,0)<1;1,0> VB(0,16)<1;1,0>", field: "dst" }] },
];

//! Validation of the operand kinds beyond register operands: predicate destinations (CMP,
//! SETP), ADD3O's overflow predicate, ADDC's carry and SUBB's borrow, ADDR_ADD's address
//! operands, MOVS's state operands, CMP's relational operator and BFN's function table.
//! Each row names the document rule it checks; `Ok` rows build the IR shown.
#![allow(clippy::unwrap_used)]

mod common;

use common::Run;
use rstest::rstest;
use visa_spec::ir::Program;
use visa_spec::platform::Platform;
use visa_spec::ErrorClass;

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

/// Validates `text` after the declarations; the program's one instruction.
fn validate(text: &str) -> Result<Program, (ErrorClass, String)> {
    let program = format!("{DECLS}{text}\n");
    Run::new(Platform::XeHpg, &program)
        .validate()
        .map_err(|e| (e.class, e.field.clone().unwrap_or_default()))
}

/// The class and field of an error, `None` if the text validates or is only unsupported
/// (a valid instruction whose module is not written yet).
fn rejected(text: &str) -> Option<(ErrorClass, String)> {
    match validate(text) {
        Ok(_) => None,
        Err((ErrorClass::Unsupported, _)) => None,
        Err(e) => Some(e),
    }
}

#[rstest]
// instructions/CMP.md: a predicate or a general destination, every rel_op.
#[case("cmp.eq (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud")]
#[case("cmp.le (M5, 16) P1 VF(0,0)<1;1,0> 0x3f800000:f")]
#[case("cmp.ne (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> 0x0:d")]
// instructions/SETP.md: predicate destination, UB/UW/UD source.
#[case("setp (M1_NM, 16) P1 VW(0,0)<0;1,0>")]
#[case("setp (M1_NM, 32) P1 0xffff0000:ud")]
// instructions/ADD3O.md: `(P)` names the overflow predicate.
#[case("(P1) add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>")]
// instructions/ADDC.md, SUBB.md: dst, carry/borrow, src0, src1, all UD.
#[case("addc (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>")]
#[case("(P2) subb (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> 0x1:ud")]
// instructions/ADDR_ADD.md: address destination; src0 address-of, address or general <0;1,0>.
#[case("addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw")]
#[case("addr_add (M1, 4) A0(0)<1> A0(0)<1;1,0> VW(0,0)<1;1,0>")]
#[case("addr_add (M1, 1) A0(1)<1> V2(1,2)<0;1,0> 0x0:uw")]
// instructions/MOVS.md: state <- general, general <- state, state <- state.
#[case("movs (M1, 1) T1(0) V1(0,0)<0;1,0>")]
#[case("movs (M1, 2) V1(0,0)<1> S1(0)")]
#[case("movs (M1, 1) T1(1) T1(0)")]
// instructions/BFN.md: `bfn.x<HEX>`.
#[case("bfn.xd8 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>")]
// instructions/MUL.md: D x D gives Q; MAD, DIV, MOD, MIN/MAX, SEL, SAD2, SAD2ADD, MADW.
#[case("mul (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>")]
#[case("(P1) sel (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f")]
#[case("max.sat (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f")]
#[case("sad2 (M1, 16) VW(0,0)<1> VB(0,0)<1;1,0> VB(0,16)<1;1,0>")]
#[case("madw (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>")]
fn valid_forms(#[case] text: &str) {
    assert_eq!(rejected(text), None, "{text}");
}

#[rstest]
// CMP takes no predication (instructions/CMP.md, Notes) and needs its rel_op.
#[case("(P1) cmp.eq (M1, 16) P2 V2(0,0)<1;1,0> 0x0:ud", "pred")]
#[case("cmp (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud", "opcode")]
#[case("cmp.eq.ne (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud", "opcode")]
#[case("cmp.lg (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud", "opcode")]
// A 16-element predicate does not reach channel 16 + 15 under M5.
#[case("cmp.eq (M5, 16) P2 V2(0,0)<1;1,0> 0x0:ud", "dst")]
// Only CMP and SETP write predicates; SETP writes nothing else.
#[case("add (M1, 16) P1 V2(0,0)<1;1,0> 0x0:ud", "dst")]
#[case("setp (M1_NM, 16) V1(0,0)<1> V2(0,0)<1;1,0>", "dst")]
// ADD3O without `(P)`, with an inverted or combined one.
#[case(
    "add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    "pred"
)]
#[case(
    "(!P1) add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    "pred"
)]
// ADDC needs its carry operand, of type UD.
#[case("addc (M1, 16) V1(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>", "operands")]
#[case(
    "addc (M1, 16) V1(0,0)<1> VD(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    "dst"
)]
// ADDR_ADD: no predication, an address destination, src0 <0;1,0>, src1 UW, element range.
#[case("(P1) addr_add (M1, 1) A0(0)<1> &V2+4 0x10:uw", "pred")]
#[case("addr_add (M1, 1) V1(0,0)<1> &V2+4 0x10:uw", "dst")]
#[case("addr_add (M1, 4) A0(0)<1> V2(0,0)<1;1,0> 0x10:uw", "src0")]
#[case("addr_add (M1, 1) A0(0)<1> &V2+4 0x10:ud", "dst")]
#[case("addr_add (M1, 8) A0(0)<1> &V2+4 0x10:uw", "dst")]
// ADDR_ADD's general src0 names an element of its variable (V2: 32 UD, 128 bytes, 4 rows
// of 32 bytes on xe-hpg): row 4 is past the end, and a row number whose byte offset does not
// fit 32 bits must not overflow.
#[case("addr_add (M1, 1) A0(0)<1> V2(4,0)<0;1,0> 0x0:uw", "src0")]
#[case("addr_add (M1, 1) A0(0)<1> V2(4294967295,7)<0;1,0> 0x0:uw", "src0")]
#[case("add (M1, 1) V1(0,0)<1> &V2+4 0x10:ud", "src0")]
// MOVS: a state operand on one side; two state operands of one class.
#[case("movs (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>", "dst")]
#[case("movs (M1, 1) T1(0) S1(0)", "src0")]
#[case("(P1) movs (M1, 1) T1(0) V1(0,0)<0;1,0>", "pred")]
// BFN needs its table, as hexadecimal.
#[case(
    "bfn (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    "opcode"
)]
#[case(
    "bfn.xz1 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>",
    "opcode"
)]
// MIN and MAX take no predication (instructions/MIN_MAX.md, Format and Text).
#[case("(P1) max (M1, 16) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:f", "pred")]
// MUL saturates only floats (Properties: "Only when type is float").
#[case("mul.sat (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>", "opcode")]
// SAD2's sources are bytes, its destination words.
#[case("sad2 (M1, 16) V1(0,0)<1> VB(0,0)<1;1,0> VB(0,16)<1;1,0>", "dst")]
fn invalid_forms(#[case] text: &str, #[case] field: &str) {
    assert_eq!(
        rejected(text),
        Some((ErrorClass::InvalidInstruction, field.to_string())),
        "{text}"
    );
}

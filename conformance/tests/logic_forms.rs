//! Edge catalog, run on both engines: the predicate-operand form of AND, OR, XOR and NOT
//! (instructions/AND.md, OR.md, XOR.md, NOT.md, Notes) and their Q/UQ forms, with SHL's and
//! SHR's (erratum QWORD-TYPEMAP-GAP, resolved reading). Expected values are derived by hand
//! in each row's comment.
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use serde_json::json;
use visa_conformance::case::{compare, run_case, EngineKind, Verdict};
use visa_conformance::vector::Case;
use visa_spec::errata;

fn case(program: &str, init: serde_json::Value, expect: serde_json::Value) -> Case {
    case_with(program, init, expect, json!({}))
}

fn case_with(
    program: &str,
    init: serde_json::Value,
    expect: serde_json::Value,
    errata: serde_json::Value,
) -> Case {
    let line = json!({
        "format": "visa-vector/1",
        "id": "logic-forms",
        "platform": "xe-hpg",
        "errata": errata,
        "program": program,
        "init": init,
        "expect": expect,
    });
    Case::from_line(&line.to_string()).unwrap()
}

fn passes_on_both(case: &Case) {
    for engine in [EngineKind::Spec, EngineKind::Oracle] {
        let outcome = run_case(case, engine);
        assert_eq!(
            compare(case.expect.as_ref().unwrap(), &outcome),
            Verdict::Pass,
            "{engine}: {}\n{outcome:?}",
            case.program
        );
    }
}

const PREDS: &str =
    ".decl P1 v_type=P num_elts=32\n.decl P2 v_type=P num_elts=32\n.decl P3 v_type=P num_elts=32\n";

#[rstest]
// Channels 0..7 write bits 0..7: 0xCA & 0xA6 = 0x82; bits 8..31 of P1 keep 0xFFFFFF.
#[case("and (M1, 8) P1 P2 P3", 0xFFFF_FF00, 0xCA, 0xA6, u32::MAX, 0xFFFF_FF82)]
// M5 offsets channel n to bit 16+n: (0x00F0 | 0x0F00) << 16 = 0x0FF0_0000; bits 0..15 kept.
#[case(
    "or (M5, 16) P1 P2 P3",
    0x0000_FFFF,
    0x00F0_0000,
    0x0F00_0000,
    u32::MAX,
    0x0FF0_FFFF
)]
// M1_NM ignores EM (here 0): 0xFFFF0000 ^ 0x0F0F0F0F = 0xF0F00F0F on all 32 bits.
#[case(
    "xor (M1_NM, 32) P1 P2 P3",
    0,
    0xFFFF_0000,
    0x0F0F_0F0F,
    0,
    0xF0F0_0F0F
)]
// EM enables channels 0 and 2: !0b0011 = 0b1100 over 4 lanes; bit 0 <- 0, bit 2 <- 1,
// bits 1 and 3 keep P1's 1s: 0b1110.
#[case("not (M1, 4) P1 P2", 0b1111, 0b0011, 0, 0b0101, 0b1110)]
// M2 (offset 4), 4 channels: bits 4..7; (0xA0 & 0x60) = 0x20; other bits of P1 (0) kept.
#[case("and (M2, 4) P1 P2 P3", 0, 0xFFFF_FFA0, 0x0000_0060, u32::MAX, 0x20)]
fn predicate_operands(
    #[case] insn: &str,
    #[case] p1: u32,
    #[case] p2: u32,
    #[case] p3: u32,
    #[case] emask: u32,
    #[case] want: u32,
) {
    let program = format!("{PREDS}{insn}\n");
    let init = json!({
        "preds": {"P1": format!("{p1:#x}"), "P2": format!("{p2:#x}"), "P3": format!("{p3:#x}")},
        "emask": format!("{emask:#x}"),
    });
    let c = case(
        &program,
        init,
        json!({"preds": {"P1": format!("{want:#x}")}}),
    );
    passes_on_both(&c);
}

#[rstest]
// Every operand a predicate (Notes): a register among them is invalid.
#[case(
    ".decl V1 v_type=G type=ud num_elts=16\n",
    "and (M1, 16) P1 P2 V1(0,0)<1;1,0>"
)]
#[case(
    ".decl V1 v_type=G type=ud num_elts=16\n",
    "and (M1, 16) V1(0,0)<1> P2 P3"
)]
// No predication in the predicate-operand form (Notes).
#[case("", "(P3) or (M1, 16) P1 P2 P3")]
// A 16-element predicate has no bits 16..31 for M5.
#[case(".decl P4 v_type=P num_elts=16\n", "xor (M5, 16) P1 P4 P3")]
// Only the logic instructions and MOV read predicates.
#[case(
    ".decl V1 v_type=G type=ud num_elts=16\n",
    "add (M1, 16) V1(0,0)<1> P2 P3"
)]
fn invalid_predicate_forms(#[case] decls: &str, #[case] insn: &str) {
    let program = format!("{PREDS}{decls}{insn}\n");
    let c = case(&program, json!({}), json!({"error": "invalid-instruction"}));
    passes_on_both(&c);
}

const QWORDS: &str = ".decl VQ v_type=G type=q num_elts=1\n.decl VU v_type=G type=uq num_elts=1\n.decl VR v_type=G type=q num_elts=1\n.decl VS v_type=G type=uq num_elts=1\n";

#[rstest]
// 0x0123456789ABCDEF & 0xFF00FF00FF00FF00 keeps bytes 01 45 89 CD: 0x010045008900CD00.
#[case(
    "and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0xff00ff00ff00ff00:q",
    "VR",
    "00cd008900450001"
)]
// ~0x0123456789ABCDEF on UQ = 0xFEDCBA9876543210 (each nibble n becomes 15-n).
#[case("not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>", "VS", "1032547698badcfe")]
// UQ 0x0123456789ABCDEF | 0: unchanged bytes.
#[case(
    "or (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0> 0x0:uq",
    "VS",
    "efcdab8967452301"
)]
// 1 << 63 on Q: exact 2^63 wraps into Q without saturation: 0x8000000000000000.
#[case("shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud", "VR", "0000000000000080")]
// UQ 0x8000000000000000 >> 63 = 1.
#[case(
    "shr (M1, 1) VS(0,0)<1> 0x8000000000000000:uq 0x3f:uq",
    "VS",
    "0100000000000000"
)]
fn qword_forms(#[case] insn: &str, #[case] var: &str, #[case] want: &str) {
    let program = format!("{QWORDS}{insn}\n");
    let init = json!({"vars": {"VQ": "efcdab8967452301", "VU": "efcdab8967452301"}});
    let c = case(&program, init, json!({"vars": {var: want}}));
    passes_on_both(&c);
}

/// The literal reading of QWORD-TYPEMAP-GAP keeps the type maps: Q and UQ are invalid.
#[rstest]
#[case("and (M1, 1) VR(0,0)<1> VQ(0,0)<0;1,0> 0x1:q")]
#[case("not (M1, 1) VS(0,0)<1> VU(0,0)<0;1,0>")]
#[case("shl (M1, 1) VR(0,0)<1> 0x1:q 0x3f:ud")]
#[case("shr (M1, 1) VS(0,0)<1> 0x1:uq 0x1:uq")]
fn qword_forms_literal(#[case] insn: &str) {
    let program = format!("{QWORDS}{insn}\n");
    let c = case_with(
        &program,
        json!({}),
        json!({"error": "invalid-instruction"}),
        json!({errata::QWORD_TYPEMAP_GAP: "literal"}),
    );
    passes_on_both(&c);
}

const ROTATES: &str = ".decl VUD v_type=G type=ud num_elts=1\n.decl VUW v_type=G type=uw num_elts=1\n.decl RUD v_type=G type=ud num_elts=1\n.decl RUW v_type=G type=uw num_elts=1\n";

const SIGNED_ROTATES: &str = ".decl SD v_type=G type=d num_elts=1\n.decl SW v_type=G type=w num_elts=1\n.decl RD v_type=G type=d num_elts=1\n.decl RW v_type=G type=w num_elts=1\n";

/// Erratum ROTATE-SIGNED-SHIFT on both engines: (resolved, literal) results, and with
/// ROTATE-WIDTH literal too where src0 is narrower than the destination. SD = 0x80000000,
/// SW = 0x8002 (-32766).
#[rstest]
// D INT_MIN rol 1: resolved 0x00000001; literal (x << 1) | (x >> 31) = 0 | -1 = 0xFFFFFFFF.
#[case("rol (M1, 1) RD(0,0)<1> SD(0,0)<0;1,0> 0x1:d", "RD", "01000000", "ffffffff", &[])]
// W 0x8002 ror 1: resolved 0x4001; literal (x >> 1) | (x << 15) = 0x...C001 | 0x...0000 =
// 0xC001.
#[case("ror (M1, 1) RW(0,0)<1> SW(0,0)<0;1,0> 0x1:w", "RW", "0140", "01c0", &[])]
// W 0x8002 ror 1 into D under ROTATE-WIDTH literal (RotateMask 15 from src0): resolved
// shift, the unsigned 0x8002: 0x4001 | (0x8002 << 15 = 0x40010000) = 0x40014001; literal
// shift: x >> 1 = -16383 = 0xFFFFC001, x << 15 = -0x3FFF0000 = 0xC0010000 in 32 bits; OR →
// 0xFFFFC001: the copied sign fills the upper half of the destination.
#[case(
    "ror (M1, 1) RD(0,0)<1> SW(0,0)<0;1,0> 0x1:w",
    "RD",
    "01400140",
    "01c0ffff",
    &[errata::ROTATE_WIDTH]
)]
fn rotate_signed_shift_both_readings(
    #[case] insn: &str,
    #[case] var: &str,
    #[case] resolved: &str,
    #[case] literal: &str,
    #[case] also_literal: &[&str],
) {
    let program = format!("{SIGNED_ROTATES}{insn}\n");
    let init = json!({"vars": {"SD": "00000080", "SW": "0280"}});
    let mut readings = serde_json::Map::new();
    for id in also_literal {
        readings.insert((*id).to_string(), json!("literal"));
    }
    let expect = |want: &str| json!({"vars": {var: want}});
    passes_on_both(&case_with(
        &program,
        init.clone(),
        expect(resolved),
        serde_json::Value::Object(readings.clone()),
    ));
    readings.insert(errata::ROTATE_SIGNED_SHIFT.to_string(), json!("literal"));
    passes_on_both(&case_with(
        &program,
        init,
        expect(literal),
        serde_json::Value::Object(readings),
    ));
}

/// Erratum ROTATE-WIDTH, literal reading: the document's expression with RotateMask =
/// sizeof(src0)*8 - 1 (instructions/ROL.md, ROR.md), computed exactly, then the low
/// destination bits written.
#[rstest]
// UW 0x8001, count 1: (0x8001 << 1) | (0x8001 >> (-1 & 15 = 15)) = 0x10002 | 1 = 0x10003 in UD.
#[case("rol (M1, 1) RUD(0,0)<1> VUW(0,0)<0;1,0> 0x1:uw", "RUD", "03000100")]
// UD 0x12345678, count 4: (x >> 4) | (x << 28) = 0x01234567 | 0x1234567800000000; the
// low 16 bits into UW: 0x4567.
#[case("ror (M1, 1) RUW(0,0)<1> VUD(0,0)<0;1,0> 0x4:ud", "RUW", "6745")]
// UW 0x8001, count 17 & 15 = 1: (0x8001 >> 1) | (0x8001 << (-17 & 15 = 15)) = 0x4000 |
// 0x40008000 = 0x4000C000 in UD.
#[case("ror (M1, 1) RUD(0,0)<1> VUW(0,0)<0;1,0> 0x11:ud", "RUD", "00c00040")]
fn rotate_width_literal(#[case] insn: &str, #[case] var: &str, #[case] want: &str) {
    let program = format!("{ROTATES}{insn}\n");
    let init = json!({"vars": {"VUD": "78563412", "VUW": "0180"}});
    let literal = case_with(
        &program,
        init.clone(),
        json!({"vars": {var: want}}),
        json!({errata::ROTATE_WIDTH: "literal"}),
    );
    passes_on_both(&literal);
    // Resolved: src0 must have the destination's size.
    let resolved = case(&program, init, json!({"error": "invalid-instruction"}));
    passes_on_both(&resolved);
}

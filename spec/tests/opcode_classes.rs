//! How validation classifies an opcode no implementation offers: an unknown mnemonic and a
//! documented opcode not yet executed. These stay out of the edge catalog
//! (conformance/src/catalog): certify sends an implementation only the instructions its
//! `hello` lists, so no implementation could ever be asked them.
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use visa_spec::errata::Readings;
use visa_spec::platform::Platform::XeHpg;
use visa_spec::{asm, validate, ErrorClass};

const SRC16: &str = ".decl V1 v_type=G type=d num_elts=16\n.decl V2 v_type=G type=d num_elts=32\n";

#[rstest]
// Unknown opcode, documented but not yet executed opcode.
#[case("frobnicate (M1, 8) V1(0,0)<1> 0x1:d", ErrorClass::InvalidInstruction)]
#[case("frc (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>", ErrorClass::Unsupported)]
fn opcodes_without_semantics(#[case] insn: &str, #[case] class: ErrorClass) {
    let text = format!("{SRC16}{insn}\n");
    let err = asm::parse(&text)
        .and_then(|ast| validate::validate_with(&ast, XeHpg, &Readings::resolved()))
        .unwrap_err();
    assert_eq!(err.class, class, "{insn}: {err}");
    assert_eq!(err.pos.map(|p| p.line), Some(3), "{err}");
}

//! Kernel inputs (4_visa_header.md, "Input Variables"): each rule of the section on a
//! `.input` or `.implicit_*` line, on xe-hpg (32-byte GRFs).
#![allow(clippy::unwrap_used)]

use visa_spec::error::ErrorClass;
use visa_spec::platform::Platform;
use visa_spec::{asm, validate};

const DECLS: &str = ".decl A v_type=G type=d num_elts=16\n\
                     .decl Q v_type=G type=uq num_elts=1\n\
                     .decl W v_type=G type=uw num_elts=4\n\
                     .decl AL v_type=G type=d num_elts=1 alias=<A, 0>\n\
                     .decl T v_type=T num_elts=1\n\
                     .decl P v_type=P num_elts=16\n";

fn check(lines: &str) -> Result<(), (ErrorClass, Option<String>)> {
    let ast = asm::parse(&format!("{DECLS}{lines}")).unwrap();
    validate::validate(&ast, Platform::XeHpg)
        .map(|_| ())
        .map_err(|e| (e.class, e.field))
}

fn rejected(lines: &str) {
    assert_eq!(
        check(lines),
        Err((ErrorClass::InvalidInstruction, Some("input".into()))),
        "{lines}"
    );
}

#[test]
fn inputs_as_igc_writes_them() {
    // A (64 bytes) at a GRF, Q (8) and W (8) inside the next GRF, T (a dword) after them;
    // the size may be left out; offsets in hex; an implicit input.
    check(
        ".input A offset=64 size=64\n\
         .input Q offset=128 size=8\n\
         .input W offset=0x88\n\
         .implicit_LOCAL_SIZE T offset=144 size=4\n",
    )
    .unwrap();
}

#[test]
fn each_rule_of_the_section() {
    // The variable must be declared, and general, sampler or surface.
    rejected(".input NONE offset=0 size=4\n");
    rejected(".input P offset=0 size=2\n");
    // The size is the variable's (A: 16 x d = 64 bytes).
    rejected(".input A offset=64 size=32\n");
    // Aligned to the element: Q (uq) at 4 is not.
    rejected(".input Q offset=4 size=8\n");
    // No alias.
    rejected(".input AL offset=0 size=4\n");
    // A general input of a GRF or more starts on a GRF: A (64 bytes) at 80 does not.
    rejected(".input A offset=80 size=64\n");
    // A smaller one stays inside one GRF: W (8 bytes) at 28 crosses 32.
    rejected(".input W offset=28 size=8\n");
    // No two inputs overlap: Q at 128..136 and W at 132..140.
    rejected(".input Q offset=128 size=8\n.input W offset=132 size=8\n");
    // Fields are offset= and size=.
    rejected(".input Q offset=128 width=8\n");
}

#[test]
fn at_most_256_inputs() {
    // 257 one-byte variables at offsets 0..257: the 257th input is one too many.
    let mut text = String::new();
    for k in 0..257 {
        text.push_str(&format!(".decl B{k} v_type=G type=ub num_elts=1\n"));
    }
    for k in 0..256 {
        text.push_str(&format!(".input B{k} offset={k} size=1\n"));
    }
    check(&text).unwrap();
    text.push_str(".input B256 offset=256 size=1\n");
    rejected(&text);
}

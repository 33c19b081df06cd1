//! Malformed assembly text: every error is a syntax error at the offending token's line and
//! column with a message naming what was expected, and no input makes the parser panic.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use rstest::rstest;
use visa_spec::asm::{self, without_positions};
use visa_spec::error::{ErrorClass, Pos};

/// Each row: the text, the line and column of the offending token, and a fragment of the
/// message. Columns count characters from 1.
#[rstest]
#[rustfmt::skip]
#[case("add (M1, 16;", 1, 12, "expected `)` after execution size, found `;`")]
#[case("add (M9, 16) V1(0,0)<1>", 1, 6, "invalid execution mask `M9`")]
#[case("add (M1_nm, 16) V1(0,0)<1>", 1, 6, "invalid execution mask `M1_nm`")]
#[case("add (M1 16)", 1, 9, "expected `,` after the execution mask, found `1`")]
#[case("add (M1, 99999999999) V1(0,0)<1>", 1, 10, "out of range for an execution size")]
#[case("add (M1, -1) V1(0,0)<1>", 1, 10, "out of range for an execution size")]
#[case("add (M1, 16)V1(0,0)<1>", 1, 13, "expected whitespace after the execution size")]
#[case(".decl V1 v_type=G type=xx num_elts=1", 1, 24, "unknown data type `xx`")]
#[case(".decl V1 v_type=Q num_elts=1", 1, 17, "expected a variable class G, P, A, T or S")]
#[case(".decl V1 v_type=G type=d", 1, 7, "declaration of `V1` has no `num_elts=` field")]
#[case(".decl V1 type=d num_elts=2", 1, 7, "has no `v_type=` field")]
#[case(".decl V1 v_type=G type=d num_elts=1 type=d", 1, 37, "duplicate declaration field `type=`")]
#[case(".decl V1 v_type=G num_elts=4294967296", 1, 28, "out of range for `num_elts`")]
#[case(".decl V1 v_type=G num_elts=8 size=4", 1, 30, "unknown declaration field `size`")]
#[case(".decl V1 v_type=G num_elts=8 alias=<V0 32>", 1, 40, "expected `,` after the aliased")]
#[case(".decl V1 v_type=G num_elts=8 attrs={a,,b}", 1, 39, "empty attribute")]
#[case(".decl V1 v_type=G num_elts=8 attrs={a", 1, 38, "expected `}` to close `attrs={`")]
#[case(".decl V1 v_type=G num_elts=8align=dword", 1, 29, "expected whitespace between")]
#[case(".decl", 1, 6, "expected a variable name after `.decl`")]
#[case(". kernel", 1, 2, "expected a directive name after `.`")]
#[case(".kernel \"abc", 1, 9, "unterminated string")]
#[case("L0: mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>", 1, 5, "expected end of line after label `L0:`")]
#[case("(P1 mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>", 1, 5, "expected `)` after the predicate")]
#[case("(P1.foo) mov (M1, 1) V1(0,0)<1> V2(0,0)<0;1,0>", 1, 5, "expected `any` or `all`")]
#[case("(!) mov (M1, 1) V1(0,0)<1>", 1, 3, "expected a predicate variable")]
#[case("(P1)", 1, 5, "expected an instruction mnemonic, found end of line")]
#[case("))", 1, 1, "expected an instruction mnemonic, found `)`")]
#[case("mov.(M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>", 1, 5, "expected an instruction modifier")]
#[case("mov# (M1, 8)", 1, 4, "expected whitespace after the mnemonic, found `#`")]
#[case("mov (M1, 8) V1(0,0)<1>V2(0,0)<1;1,0>", 1, 23, "expected whitespace between operands")]
#[case("mov (M1, 8) V1(0,0)<1;1> V2(0,0)<1;1,0>", 1, 24, "expected `,` between the region's")]
#[case("mov (M1, 8) V1(0,0)<1 V2(0,0)<1;1,0>", 1, 23, "expected `>` to close the region")]
#[case("mov (M1, 8) V1(0,0,0)<1> V2(0,0)<1;1,0>", 1, 20, "an origin has at most two numbers")]
#[case("mov (M1, 8) V1()<1> V2(0,0)<1;1,0>", 1, 16, "expected a number in the origin, found `)`")]
#[case("mov (M1, 8) V1<1> V2(0,0)<1;1,0>", 1, 15, "a region needs an origin first")]
#[case("mov (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>:xx", 1, 39, "unknown data type `xx`")]
#[case("mov (M1, 8) V1(0,0)<1> 256:ub", 1, 24, "number `256` is out of range for type ub")]
#[case("mov (M1, 8) V1(0,0)<1> -129:b", 1, 24, "out of range for type b")]
#[case("mov (M1, 8) V1(0,0)<1> 0x100000000:ud", 1, 24, "out of range for type ud")]
#[case("mov (M1, 8) V1(0,0)<1> 0x1:bool", 1, 24, "immediates of type bool are not allowed")]
#[case("mov (M1, 8) V1(0,0)<1> 1.5", 1, 24, "a float literal needs a type")]
#[case("mov (M1, 8) V1(0,0)<1> 1.5:d", 1, 24, "is not an integer")]
#[case("mov (M1, 8) V1(0,0)<1> -0x1:f", 1, 24, "cannot be negative")]
#[case("mov (M1, 8) V1(0,0)<1> inf:d", 1, 24, "need a float type")]
#[case("mov (M1, 8) V1(0,0)<1> 99999999999999999999", 1, 24, "out of range for a 64-bit integer")]
#[case("mov (M1, 8) V1(0,0)<1> 0x:d", 1, 26, "expected hexadecimal digits after `0x`")]
#[case("mov (M1, 8) V1(0,0)<1> -V2(0,0)<1;1,0>", 1, 24, "expected a number after `-`")]
#[case("mov (M1, 8) V1(0,0)<1> (-)0x5:d", 1, 27, "expected a variable or indirect operand")]
#[case("mov (M1, 8) V1(0,0)<1> (abs) V2(0,0)<1;1,0>", 1, 29, "right after the source modifier")]
#[case("mov (M1, 8) V1(0,0)<1> (-)P1", 1, 24, "a source modifier applies only to a variable")]
#[case("mov (M1, 8) V1(0,0)<1> r[A0,16]<1;1,0>:d", 1, 28, "expected `(` after `A0`")]
#[case("mov (M1, 8) V1(0,0)<1> r[A0(0),2147483648]<1;1,0>:d", 1, 32, "out of range for an indirect")]
#[case("mov (M1, 8) V1(0,0)<1> r[A0(0),16<1;1,0>:d", 1, 34, "expected `]` to close the indirect")]
#[case("addr_add (M1, 1) A0(0)<1> & 0x0:uw", 1, 28, "expected a variable name after `&`")]
#[case("addr_add (M1, 1) A0(0)<1> &V1+ 0x0:uw", 1, 31, "expected a number after `+`")]
#[case("lsc_load.ugm (M1, 16) V1:d32 flat[V2 V3]:a64", 1, 38, "expected `,` or `]` in the address")]
#[case("lsc_load.ugm (M1, 16) V1:d32 flat[]:a64", 1, 35, "expected an address term")]
#[case("lsc_load.ugm (M1, 16) V1:d32 flat[4*]:a64", 1, 37, "expected an address term")]
#[case("lsc_load.ugm (M1, 16) V1: flat[V2]:a64", 1, 26, "expected a data shape")]
#[case("lsc_load.ugm (M1, 16) V1:d32 flat[V2]:", 1, 39, "expected an address size")]
#[case("lsc_load.ugm (M1, 16) V1:d32 bti(]:a32", 1, 34, "expected a surface")]
#[case("switchjmp (M1, 1) V1(0,0)<0;1,0> (L0, L1", 1, 41, "expected `,` or `)` in the group")]
#[case("switchjmp (M1, 1) V1(0,0)<0;1,0> ()", 1, 35, "expected an operand in the group")]
#[case("file \"a.cm", 1, 6, "unterminated string")]
#[case("mov (M1, 8) V1(0,0)<1> $", 1, 24, "expected an operand, found `$`")]
#[case("mov (M1, 8) V1(0,0)<1> \u{e9}", 1, 24, "expected an operand, found `\u{e9}`")]
#[case(".decl V1 v_type=G type=d num_elts=8\n\nadd (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> )", 3, 39, "found `)`")]
#[case("mov (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>\r\nmov (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0\r\n", 2, 37, "expected `>`")]
fn malformed_lines(
    #[case] text: &str,
    #[case] line: u32,
    #[case] col: u32,
    #[case] fragment: &str,
) {
    let err = asm::parse(text).expect_err(text);
    assert_eq!(err.class, ErrorClass::Syntax, "{err}");
    assert_eq!(err.pos, Some(Pos { line, col }), "{text:?}: {err}");
    assert!(
        err.message.contains(fragment),
        "{text:?}: message {:?} lacks {fragment:?}",
        err.message
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let text = format!("foo {}", "(".repeat(100_000));
    let err = asm::parse(&text).unwrap_err();
    assert_eq!(err.pos, Some(Pos { line: 1, col: 21 }));
    assert!(err.message.contains("nest too deeply"), "{err}");
    let closed = format!("foo {}a{}", "(".repeat(50), ")".repeat(50));
    assert!(asm::parse(&closed).is_err());
    let unclosed_var = format!("mov (M1, 1) V1{}", "(".repeat(100_000));
    assert!(asm::parse(&unclosed_var).is_err());
}

#[test]
fn huge_and_odd_numbers_are_errors() {
    let digits = "9".repeat(10_000);
    for text in [
        format!("mov (M1, 1) V1(0,0)<1> {digits}:d"),
        format!("mov (M1, 1) V1(0,0)<1> 0x{digits}:uq"),
        format!("mov (M1, 1) V1({digits},0)<1> V2"),
        format!("mov (M1, 1) V1(0,0)<{digits}> V2"),
        format!("mov (M1, 1) V1.{digits}"),
        format!("mov (M1, 1) &V1+{digits}"),
        format!("mov (M1, 1) flat[{digits}*V1]"),
        format!("mov (M1, 1) flat[V1-{digits}]"),
        format!(".decl V1 v_type=G num_elts={digits}"),
        "mov (M1, 1) &V1-9223372036854775809".to_string(),
        "mov (M1, 1) 9223372036854775808".to_string(),
    ] {
        let err = asm::parse(&text).unwrap_err();
        assert!(err.message.contains("out of range"), "{err}");
    }
    // Huge float literals round to infinity.
    let text = format!("mov (M1, 1) V1(0,0)<1> {digits}.5:hf");
    assert_round_trip(&text);
}

#[test]
fn extreme_values_round_trip() {
    for text in [
        "mov (M1, 1) &V1-9223372036854775808 -9223372036854775808 9223372036854775807",
        "mov (M1, 1) flat[-0x8000000000000000*V1-0x8000000000000000,0x7fffffffffffffff]",
        "mov (M1, 1) r[A0(4294967295),-2147483648]<4294967295;0,0>:uq V1.4294967295",
        "mov (M1, 1) 0xffffffffffffffff:uq -9223372036854775808:q 0xffffffffffffffff:df",
        "mov (4294967295) (M8_NM, 0) (0)",
    ] {
        assert_round_trip(text);
    }
}

/// The round-trip contract for any text that parses.
fn assert_round_trip(text: &str) {
    let Ok(program) = asm::parse(text) else {
        return;
    };
    let printed = asm::print(&program);
    let reparsed = match asm::parse(&printed) {
        Ok(p) => p,
        Err(e) => panic!("{text:?} printed as {printed:?}, which does not parse: {e}"),
    };
    assert_eq!(
        without_positions(&reparsed),
        without_positions(&program),
        "{text:?} -> {printed:?}"
    );
    assert_eq!(asm::print(&reparsed), printed, "{text:?}");
}

/// Checks an outcome of `parse`: a success round-trips; a failure is a positioned syntax error
/// inside the text.
fn check_outcome(text: &str) {
    match asm::parse(text) {
        Ok(_) => assert_round_trip(text),
        Err(err) => {
            assert_eq!(err.class, ErrorClass::Syntax);
            let pos = err.pos.expect("syntax errors carry a position");
            let lines = text.split('\n').count() as u32;
            assert!(
                pos.line >= 1 && pos.line <= lines,
                "{pos} outside {lines} lines: {err}"
            );
            assert!(pos.col >= 1, "{err}");
            assert!(!err.message.is_empty());
        }
    }
}

/// Pieces of assembly text, valid and broken, to glue into likely-looking lines.
const PIECES: &[&str] = &[
    "mov",
    "add.sat",
    "cmp.eq",
    "dpas.s8.s8.8.8",
    "lsc_load.ugm",
    "L0:",
    "L1",
    ".decl",
    ".kernel",
    "V1",
    "%null",
    "v_type=G",
    "type=d",
    "num_elts=16",
    "align=GRF",
    "alias=<V0, 4>",
    "alias=(V0,4)",
    "attrs={a, b}",
    "(M1, 16)",
    "(M5_NM, 8)",
    "(16)",
    "(8, 4)",
    "(P1)",
    "(!P2.any)",
    "V1(0,0)<1>",
    "V2(0,0)<8;8,1>",
    "A0(0)<1>",
    "(-)",
    "(abs)",
    "(-abs)",
    "~",
    "r[A0(0),16]",
    "r[A0(1), -4]<;8,1>:w",
    "<1;1,0>",
    ":d",
    ":hf",
    "0x5:d",
    "-1:d",
    "1.5:f",
    "inf:hf",
    "-nan:df",
    "1e3:bf",
    "0x3f800000:f",
    "16",
    "-7",
    "0x10",
    "V35.0",
    "&V21+4",
    "&V2-8",
    "V13:d32x4",
    "V1:d16.2x16x32nn",
    "flat[V2+0x100]:a64",
    "flat[0x4*V2-0x10]:a32",
    "bti(0x4)[V6]:a32",
    "bss(V7(0,0))[V8]",
    "bti(0xA0)",
    "flat[B,W,H,P,X+2,Y]",
    "\"str\"",
    "\"a\\\"b\"",
    "(L0, L1)",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    ";",
    ":",
    ".",
    "*",
    "+",
    "-",
    "&",
    "\"",
    "//",
    "// c",
    "\n",
    "\r\n",
    " ",
    "\t",
    "",
    "\u{feff}",
    "\u{3000}",
    "\u{e9}",
    "\0",
];

fn piece_soup() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(PIECES);
    let sep = prop::sample::select(&[" ", "", " ", "\n", "  "][..]);
    prop::collection::vec((piece, sep), 0..24)
        .prop_map(|parts| parts.into_iter().map(|(p, s)| format!("{p}{s}")).collect())
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_outcome(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        check_outcome(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn assembly_like_text_round_trips_or_fails_cleanly(text in piece_soup()) {
        check_outcome(&text);
    }
}

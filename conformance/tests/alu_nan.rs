//! Float ALU NaNs (conformance/src/golden/nan.rs): ADD, MUL, MAD, DIV and a MOV between float
//! types write a NaN whose encoding the documents leave open, so an expectation accepts any
//! quiet NaN of the destination type in each element the instruction writes with a NaN;
//! disabled channels, untouched elements and instructions whose NaN the documents name
//! (MIN/MAX, a MOV between equal types) stay exact.
#![allow(clippy::unwrap_used)]

use visa_conformance::case::{compare, run_case, EngineKind, Outcome};
use visa_conformance::expect::with_expect;
use visa_conformance::vector::{Allowed, Case, Expect, NanFree, NanType};

fn hex(dws: &[u32]) -> String {
    dws.iter()
        .flat_map(|d| d.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `(P1) OP (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>` on F with P1 = 0b0111: lane 3
/// is disabled and keeps V1's NaN 0x7fc00000.
fn case(op: &str, v2: [u32; 4], v3: [u32; 4]) -> Case {
    let line = format!(
        r#"{{"format":"visa-vector/1","id":"{op}/nan/0001","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=4\n.decl V2 v_type=G type=f num_elts=4\n.decl V3 v_type=G type=f num_elts=4\n.decl P1 v_type=P num_elts=4\n(P1) {op} (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>\n","init":{{"vars":{{"V1":"{}","V2":"{}","V3":"{}"}},"preds":{{"P1":"0x7"}}}}}}"#,
        hex(&[0, 0, 0, 0x7fc0_0000]),
        hex(&v2),
        hex(&v3)
    );
    Case::from_line(&line).unwrap()
}

const INF: u32 = 0x7f80_0000;
const NEG_INF: u32 = 0xff80_0000;
const ONE: u32 = 0x3f80_0000;
const SNAN: u32 = 0x7f80_0001;

/// The expectation of V1 and an answer with V1's lanes replaced.
fn v1_expect(c: &Case) -> (Expect, Allowed) {
    let expect = with_expect(c.clone()).unwrap().expect.unwrap();
    let Expect::State(s) = &expect else {
        panic!("{expect:?}")
    };
    let v1 = s.vars["V1"].clone();
    (expect, v1)
}

fn answer(c: &Case, v1: [u32; 4]) -> Outcome {
    let Outcome::Ok(mut observed) = run_case(c, EngineKind::Spec) else {
        panic!("the case runs")
    };
    observed.vars.insert(
        "V1".into(),
        v1.iter().flat_map(|d| d.to_le_bytes()).collect(),
    );
    Outcome::Ok(observed)
}

#[test]
fn add_frees_the_nans_it_writes_to_any_quiet_nan() {
    // inf + -inf: the default NaN; a signalling NaN operand: propagated quiet; 1 + 2 = 3.
    let c = case(
        "add",
        [INF, SNAN, ONE, ONE],
        [NEG_INF, ONE, 0x4000_0000, ONE],
    );
    let (expect, v1) = v1_expect(&c);
    assert_eq!(
        v1.nan(),
        Some(&NanFree {
            ty: NanType::F,
            elements: vec![0, 1],
            quiet: true
        })
    );
    let three = 0x4040_0000;
    for (lanes, pass) in [
        ([0x7fc0_0000, 0x7fc0_0001, three, 0x7fc0_0000], true),
        // x86's default NaN, a NaN of another payload and sign.
        ([0xffc0_0000, 0xffc0_0000, three, 0x7fc0_0000], true),
        // A signalling NaN is no IEEE 754 result.
        ([SNAN, 0x7fc0_0001, three, 0x7fc0_0000], false),
        // A number where a NaN is due.
        ([ONE, 0x7fc0_0001, three, 0x7fc0_0000], false),
        // The disabled lane's NaN rewritten.
        ([0x7fc0_0000, 0x7fc0_0001, three, 0xffc0_0000], false),
    ] {
        assert_eq!(
            compare(&expect, &answer(&c, lanes)).passed(),
            pass,
            "{lanes:x?}"
        );
    }
}

#[test]
fn mul_mad_div_free_their_nans() {
    for op in ["mul", "div"] {
        // inf * 0 and 0 / 0 (lane 1) are the default NaN in the engines.
        let c = case(
            op,
            [SNAN, 0, ONE, ONE],
            [ONE, if op == "mul" { INF } else { 0 }, ONE, ONE],
        );
        let (_, v1) = v1_expect(&c);
        assert_eq!(
            v1.nan().map(|n| n.elements.clone()),
            Some(vec![0, 1]),
            "{op}"
        );
    }
}

#[test]
fn min_max_keep_the_nan_the_document_names() {
    // MIN_MAX.md: two NaNs give source1; its encoding is pinned (MIN-MAX-NAN).
    // MIN takes no predicate: every lane is enabled.
    let mut c = case(
        "min",
        [0x7fc0_0001, ONE, ONE, ONE],
        [0x7fc0_0002, ONE, ONE, ONE],
    );
    c.program = c.program.replace("(P1) ", "");
    let (_, v1) = v1_expect(&c);
    assert!(v1.nan().is_none(), "{v1:?}");
}

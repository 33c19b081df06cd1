//! Erratum DST-CHANNEL-INDEX on both engines: LZD, MUL, MULH, MAD and MOD write `dst[n]`
//! (instructions/LZD.md, MUL.md, MULH.md, MAD.md, MOD.md, Semantics) with `n` undefined.
//! Literal reading: once a channel writes, every element of the destination region is
//! undefined (`??`); elements outside the region keep their bytes. Resolved: `dst[i]`.
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use serde_json::json;
use visa_conformance::case::{compare, run_case, EngineKind, Outcome, Verdict};
use visa_conformance::vector::Case;
use visa_model::errata;

const DECLS: &str = ".decl V1 v_type=G type=ud num_elts=8\n.decl V2 v_type=G type=ud num_elts=8\n.decl V3 v_type=G type=ud num_elts=8\n.decl V4 v_type=G type=ud num_elts=8\n";

/// V1 starts as 8 copies of 0xAAAAAAAA; V2 = 1, 2, ..., 8; V3 = 2; V4 = 1.
fn case(insn: &str, emask: u32, literal: bool, want_v1: &str) -> Case {
    let v2: String = (1u32..=8).map(hex).collect();
    let line = json!({
        "format": "visa-vector/1",
        "id": "dst-channel-index",
        "platform": "xe-hpg",
        "errata": if literal { json!({errata::DST_CHANNEL_INDEX: "literal"}) } else { json!({}) },
        "program": format!("{DECLS}{insn}\n"),
        "init": {
            "vars": {"V1": hex(0xAAAA_AAAA).repeat(8), "V2": v2, "V3": hex(2).repeat(8), "V4": hex(1).repeat(8)},
            "emask": format!("{emask:#x}"),
        },
        "expect": {"vars": {"V1": want_v1}},
    });
    Case::from_line(&line.to_string()).unwrap()
}

fn hex(v: u32) -> String {
    v.to_le_bytes().iter().map(|b| format!("{b:02x}")).collect()
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

/// The first 4 elements undefined (16 bytes of `??`), the last 4 untouched.
fn region_undefined() -> String {
    "??".repeat(16) + &hex(0xAAAA_AAAA).repeat(4)
}

#[rstest]
#[case("lzd (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0>")]
#[case("mul (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>")]
#[case("mulh (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>")]
#[case("mad (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>")]
#[case("mod (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>")]
// Every channel divides by zero (DIV-BY-ZERO resolved: an undefined value), and the value
// still lands on an undefined element: the whole region, not only the enabled channel.
#[case("mod (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> 0x0:ud")]
fn literal_reading_leaves_the_region_undefined(#[case] insn: &str) {
    // One enabled channel (EM bit 2) is enough to make all four elements undefined: the
    // engines report exactly bytes 0..16 of V1 as undefined.
    let c = case(insn, 0b0100, true, &region_undefined());
    passes_on_both(&c);
    for engine in [EngineKind::Spec, EngineKind::Oracle] {
        let Outcome::Ok(observed) = run_case(&c, engine) else {
            panic!("{engine}: {insn} failed")
        };
        assert_eq!(
            observed.undefined.get("V1").cloned().unwrap_or_default(),
            (0..16).collect::<Vec<usize>>(),
            "{engine}: {insn}"
        );
    }
    // No enabled channel: nothing is written.
    passes_on_both(&case(insn, 0, true, &hex(0xAAAA_AAAA).repeat(8)));
}

#[rstest]
// LZD of 1, 2, 3, 4: 31, 30, 30, 29.
#[case("lzd (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0>", [31, 30, 30, 29])]
// 2 * (1, 2, 3, 4) = 2, 4, 6, 8.
#[case("mul (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>", [2, 4, 6, 8])]
// The high 32 bits of 2 * k (k <= 4) are 0.
#[case("mulh (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>", [0, 0, 0, 0])]
// k * 2 + 1 = 3, 5, 7, 9.
#[case("mad (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>", [3, 5, 7, 9])]
// k % 2 = 1, 0, 1, 0.
#[case("mod (M1, 4) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>", [1, 0, 1, 0])]
fn resolved_reading_writes_each_channel(#[case] insn: &str, #[case] want: [u32; 4]) {
    let v1: String = want.iter().map(|v| hex(*v)).collect::<String>() + &hex(0xAAAA_AAAA).repeat(4);
    passes_on_both(&case(insn, u32::MAX, false, &v1));
}

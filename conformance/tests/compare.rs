//! `compare`: exact bytes, don't-care bytes, `any_of` sets, predicates, memory and errors.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use visa_conformance::case::{compare, judge, Mismatch, Observed, Outcome, Verdict};
use visa_conformance::vector::{
    Allowed, Case, Expect, ExpectState, Interval, MemExpect, MemRegion, NanFree, NanType, Pattern,
    Within,
};
use visa_model::error::{ErrorClass, VisaError};

/// V1 is four D elements (4 bytes each): 1, 2, 3, 4; P1 is 0b1010; flat 0x100 holds 2a 00.
fn observed() -> Outcome {
    Outcome::Ok(Observed {
        vars: BTreeMap::from([(
            "V1".to_string(),
            vec![1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0],
        )]),
        preds: BTreeMap::from([("P1".to_string(), 0b1010)]),
        mem: vec![MemRegion {
            space: "flat".into(),
            addr: 0x100,
            bytes: vec![0x2a, 0],
        }],
        elt_size: BTreeMap::from([("V1".to_string(), 4)]),
        undefined: BTreeMap::new(),
        buffers: BTreeMap::from([(1, vec![7, 0])]),
    })
}

fn pattern(text: &str) -> Pattern {
    Pattern(
        text.as_bytes()
            .chunks(2)
            .map(|p| match p {
                b"??" => None,
                _ => Some(u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap()),
            })
            .collect(),
    )
}

fn expect_var(allowed: Allowed) -> Expect {
    Expect::State(ExpectState {
        vars: BTreeMap::from([("V1".to_string(), allowed)]),
        ..Default::default()
    })
}

fn fail(v: Verdict) -> Mismatch {
    match v {
        Verdict::Fail(m) => m,
        Verdict::Pass => panic!("expected a failure"),
    }
}

#[test]
fn exact_bytes_pass_and_first_difference_is_reported() {
    let ok = expect_var(Allowed::Bytes(pattern("01000000020000000300000004000000")));
    assert_eq!(compare(&ok, &observed()), Verdict::Pass);

    let bad = expect_var(Allowed::Bytes(pattern("01000000020000000400000005000000")));
    let m = fail(compare(&bad, &observed()));
    assert_eq!(
        m,
        Mismatch::Byte {
            place: "V1".into(),
            byte: 8,
            lane: Some(2),
            expected: "04".into(),
            actual: 3
        }
    );
    assert_eq!(m.to_string(), "V1 byte 8 (lane 2): expected 04, got 03");
}

#[test]
fn dont_care_bytes_match_anything() {
    let e = expect_var(Allowed::Bytes(pattern("01??????02000000????????04000000")));
    assert_eq!(compare(&e, &observed()), Verdict::Pass);
    let all = expect_var(Allowed::Bytes(Pattern(vec![None; 16])));
    assert_eq!(compare(&all, &observed()), Verdict::Pass);
    let bad = expect_var(Allowed::Bytes(pattern("01??????02000000????????05??????")));
    assert_eq!(
        fail(compare(&bad, &observed())).to_string(),
        "V1 byte 12 (lane 3): expected 05, got 04"
    );
}

#[test]
fn any_of_passes_on_any_alternative() {
    let e = expect_var(Allowed::AnyOf(vec![
        pattern("ff000000020000000300000004000000"),
        pattern("01000000020000000300000004??????"),
    ]));
    assert_eq!(compare(&e, &observed()), Verdict::Pass);
}

#[test]
fn any_of_reports_the_alternative_with_the_longest_matching_prefix() {
    let e = expect_var(Allowed::AnyOf(vec![
        pattern("ff000000020000000300000004000000"),
        pattern("01000000020000000300000009000000"),
    ]));
    let m = fail(compare(&e, &observed()));
    assert_eq!(
        m.to_string(),
        "V1 byte 12 (lane 3): expected 09 (any_of alternative 2 of 2), got 04"
    );
}

/// V1 as four f32 lanes: 1.0, the default NaN 0x7fc00000, x86's default NaN 0xffc00000, a
/// NaN with a payload 0x7f800001.
fn nan_lanes() -> Outcome {
    let lanes: [u32; 4] = [0x3f80_0000, 0x7fc0_0000, 0xffc0_0000, 0x7f80_0001];
    Outcome::Ok(Observed {
        vars: BTreeMap::from([(
            "V1".to_string(),
            lanes.iter().flat_map(|l| l.to_le_bytes()).collect(),
        )]),
        elt_size: BTreeMap::from([("V1".to_string(), 4)]),
        ..Default::default()
    })
}

/// `patterns` with every element of `ty` free of its NaN encoding.
fn any_nan(ty: NanType, patterns: &[&str]) -> Expect {
    let elements = (0..16 / ty.size()).collect();
    any_nan_at(ty, elements, patterns)
}

fn any_nan_at(ty: NanType, elements: Vec<usize>, patterns: &[&str]) -> Expect {
    expect_var(Allowed::AnyNan {
        nan: NanFree {
            ty,
            elements,
            quiet: false,
        },
        patterns: patterns.iter().map(|p| pattern(p)).collect(),
    })
}

#[test]
fn any_nan_accepts_every_nan_encoding_where_the_pattern_has_a_nan() {
    // Lanes 1..3 expect the default NaN; every NaN the answer gives passes.
    let e = any_nan(NanType::F, &["0000803f0000c07f0000c07f0000c07f"]);
    assert_eq!(compare(&e, &nan_lanes()), Verdict::Pass);
    // Without any_nan the same pattern pins the encoding.
    let pinned = expect_var(Allowed::AnyOf(vec![pattern(
        "0000803f0000c07f0000c07f0000c07f",
    )]));
    assert!(!compare(&pinned, &nan_lanes()).passed());
}

#[test]
fn any_nan_still_pins_the_lanes_that_are_not_nan() {
    // Lane 0 expects 2.0: a NaN elsewhere does not excuse it.
    let e = any_nan(NanType::F, &["000000400000c07f0000c07f0000c07f"]);
    assert_eq!(
        fail(compare(&e, &nan_lanes())).to_string(),
        "V1 byte 2 (lane 0): expected 00 (any_of alternative 1 of 1), got 80"
    );
    // A NaN lane needs a NaN: 1.0 where a NaN is expected fails at the lane's first byte.
    let e = any_nan(NanType::F, &["0000c07f0000c07f0000c07f0000c07f"]);
    assert_eq!(
        fail(compare(&e, &nan_lanes())).to_string(),
        "V1 byte 0 (lane 0): expected any f NaN (any_of alternative 1 of 1), got 00"
    );
    // Infinity is not a NaN; an element with a don't-care byte is compared byte by byte.
    let inf = any_nan(NanType::F, &["0000803f0000807f0000c07f0000c07f"]);
    assert!(!compare(&inf, &nan_lanes()).passed());
    let partial = any_nan(NanType::F, &["0000803f??00c07f0000c07f0000c07f"]);
    assert!(compare(&partial, &nan_lanes()).passed());
    let partial = any_nan(NanType::F, &["0000803f0000c07f??00c07f0000c07f"]);
    assert!(!compare(&partial, &nan_lanes()).passed());
}

#[test]
fn any_nan_frees_only_the_elements_it_names() {
    // Lanes 1 and 2 are free; lane 3 expects the default NaN exactly and gets 0x7f800001.
    let e = any_nan_at(
        NanType::F,
        vec![1, 2],
        &["0000803f0000c07f0000c07f0000c07f"],
    );
    assert_eq!(
        fail(compare(&e, &nan_lanes())).to_string(),
        "V1 byte 12 (lane 3): expected 00 (any_of alternative 1 of 1), got 01"
    );
    let e = any_nan_at(
        NanType::F,
        vec![1, 2],
        &["0000803f0000c07f0000c07f0100807f"],
    );
    assert_eq!(compare(&e, &nan_lanes()), Verdict::Pass);
}

#[test]
fn any_nan_elements_follow_the_named_type() {
    // As hf, the f lane 0x7fc00000 is two elements: 0x0000 (zero) and 0x7fc0 (a NaN).
    let e = any_nan(NanType::Hf, &["0000803f0000c07f0000c07f0000c07f"]);
    // The answer's lane 2 is 0x0000, 0xffc0 (an hf NaN): it fits. Its lane 3 is 0x0001,
    // 0x7f80: the pattern's 0x0000 is no NaN, so it is compared byte by byte and fails.
    assert!(!compare(&e, &nan_lanes()).passed());
    let e = any_nan(NanType::Hf, &["0000803f0000c07f0000c07f0100807f"]);
    assert!(compare(&e, &nan_lanes()).passed());
    assert!(NanType::Bf.is_nan(&[0x81, 0x7f]) && !NanType::Bf.is_nan(&[0x80, 0x7f]));
    assert!(NanType::Df.is_nan(&[1, 0, 0, 0, 0, 0, 0xf0, 0x7f]));
}

#[test]
fn size_and_missing_places_fail() {
    let short = expect_var(Allowed::Bytes(pattern("01000000")));
    assert_eq!(
        fail(compare(&short, &observed())).to_string(),
        "V1: expected 4 bytes, got 16"
    );
    let other = Expect::State(ExpectState {
        vars: BTreeMap::from([("V7".to_string(), Allowed::exact(&[0]))]),
        ..Default::default()
    });
    assert_eq!(
        fail(compare(&other, &observed())).to_string(),
        "V7: not observed"
    );
}

#[test]
fn predicates_compare_bit_by_bit() {
    let pred = |mask| {
        Expect::State(ExpectState {
            preds: BTreeMap::from([("P1".to_string(), mask)]),
            ..Default::default()
        })
    };
    assert_eq!(compare(&pred(0b1010), &observed()), Verdict::Pass);
    let m = fail(compare(&pred(0b1110), &observed()));
    assert_eq!(m.to_string(), "P1 bit 2 (lane 2): expected 1, got 0");
}

#[test]
fn memory_regions_compare_without_lanes() {
    let mem = |bytes| {
        Expect::State(ExpectState {
            mem: vec![MemExpect {
                space: "flat".into(),
                addr: 0x100,
                bytes,
            }],
            ..Default::default()
        })
    };
    assert_eq!(
        compare(&mem(Allowed::Bytes(pattern("2a??"))), &observed()),
        Verdict::Pass
    );
    let m = fail(compare(&mem(Allowed::Bytes(pattern("2a01"))), &observed()));
    assert_eq!(m.to_string(), "mem[flat:0x100] byte 1: expected 01, got 00");
    let elsewhere = Expect::State(ExpectState {
        mem: vec![MemExpect {
            space: "slm".into(),
            addr: 0x100,
            bytes: Allowed::exact(&[0]),
        }],
        ..Default::default()
    });
    assert_eq!(
        fail(compare(&elsewhere, &observed())).to_string(),
        "mem[slm:0x100]: not observed"
    );
}

#[test]
fn expected_errors_match_by_class() {
    let err = |class| Outcome::Error(VisaError::new(class, "boom"));
    let want = Expect::Error(ErrorClass::InvalidInstruction);
    assert_eq!(
        compare(&want, &err(ErrorClass::InvalidInstruction)),
        Verdict::Pass
    );
    assert_eq!(
        fail(compare(&want, &err(ErrorClass::Unsupported))).to_string(),
        "expected error invalid-instruction, got unsupported: boom"
    );
    assert_eq!(
        fail(compare(&want, &observed())).to_string(),
        "expected error invalid-instruction, got none"
    );
    let state = expect_var(Allowed::Bytes(Pattern(vec![None; 16])));
    assert_eq!(
        fail(compare(&state, &err(ErrorClass::UndefinedBehaviour))).to_string(),
        "unexpected error undefined-behaviour: boom"
    );
}

#[test]
fn cases_without_expect_pass_when_the_run_succeeds() {
    let case =
        Case::from_line(r#"{"format":"visa-vector/1","id":"n","platform":"xe-hpg","program":""}"#)
            .unwrap();
    assert_eq!(judge(&case, &observed()), Verdict::Pass);
    let e = Outcome::Error(VisaError::new(ErrorClass::Syntax, "bad"));
    assert!(!judge(&case, &e).passed());
}

/// V1 as four f32 lanes.
fn f_lanes(lanes: [u32; 4]) -> Outcome {
    Outcome::Ok(Observed {
        vars: BTreeMap::from([(
            "V1".to_string(),
            lanes.iter().flat_map(|l| l.to_le_bytes()).collect(),
        )]),
        elt_size: BTreeMap::from([("V1".to_string(), 4)]),
        ..Default::default()
    })
}

/// The correctly rounded lanes 1.0, 2.0, -0.5, the default NaN, with lane 0 free within
/// [1.0 - 2 ulp, 1.0 + 1 ulp] = [0x3f7ffffe, 0x3f800001] and lane 2 within [-0.5 - 1 ulp,
/// -0.5] = [0xbf000001, 0xbf000000] (ulps of the binade the bound lies in).
fn within_lanes() -> Expect {
    expect_var(Allowed::Within {
        base: Box::new(Allowed::AnyNan {
            nan: NanFree {
                ty: NanType::F,
                elements: vec![3],
                quiet: false,
            },
            patterns: vec![pattern("0000803f00000040000000bf0000c07f")],
        }),
        within: Within {
            ty: NanType::F,
            elements: vec![
                Interval {
                    at: 0,
                    lo: 0x3f7f_fffe,
                    hi: 0x3f80_0001,
                },
                Interval {
                    at: 2,
                    lo: 0xbf00_0001,
                    hi: 0xbf00_0000,
                },
            ],
        },
    })
}

#[test]
fn within_accepts_the_values_of_each_interval_and_pins_the_rest() {
    let e = within_lanes();
    // Exactly the pattern; then each lane at an end of its interval; any NaN in lane 3.
    assert!(compare(
        &e,
        &f_lanes([0x3f80_0000, 0x4000_0000, 0xbf00_0000, 0x7fc0_0000])
    )
    .passed());
    assert!(compare(
        &e,
        &f_lanes([0x3f7f_fffe, 0x4000_0000, 0xbf00_0001, 0xffc0_0001])
    )
    .passed());
    assert!(compare(
        &e,
        &f_lanes([0x3f80_0001, 0x4000_0000, 0xbf00_0000, 0x7fc0_0000])
    )
    .passed());
    // One step past either end fails at the lane's first byte, naming the interval.
    let below = fail(compare(
        &e,
        &f_lanes([0x3f7f_fffd, 0x4000_0000, 0xbf00_0000, 0x7fc0_0000]),
    ));
    assert_eq!(
        below.to_string(),
        "V1 byte 0 (lane 0): expected 00, or a f in [0x3f7ffffe, 0x3f800001] for element 0 (any_of alternative 1 of 1), got fd"
    );
    assert!(!compare(
        &e,
        &f_lanes([0x3f80_0002, 0x4000_0000, 0xbf00_0000, 0x7fc0_0000])
    )
    .passed());
    assert!(!compare(
        &e,
        &f_lanes([0x3f80_0000, 0x4000_0000, 0xbf00_0002, 0x7fc0_0000])
    )
    .passed());
    // Lane 1 has no interval: one ulp off fails.
    assert!(!compare(
        &e,
        &f_lanes([0x3f80_0000, 0x4000_0001, 0xbf00_0000, 0x7fc0_0000])
    )
    .passed());
    // A NaN is in no interval, and the NaN lane still needs a NaN.
    assert!(!compare(
        &e,
        &f_lanes([0x7fc0_0000, 0x4000_0000, 0xbf00_0000, 0x7fc0_0000])
    )
    .passed());
    assert!(!compare(
        &e,
        &f_lanes([0x3f80_0000, 0x4000_0000, 0xbf00_0000, 0x3f80_0000])
    )
    .passed());
}

#[test]
fn within_compares_values_so_both_zeros_and_infinities_order() {
    // An interval from -tiny to +tiny holds both zeros; one from the largest F to +inf holds
    // +inf but not -inf.
    let e = expect_var(Allowed::Within {
        base: Box::new(Allowed::Bytes(pattern("00000000ffff7f7f"))),
        within: Within {
            ty: NanType::F,
            elements: vec![
                Interval {
                    at: 0,
                    lo: 0x8000_0001,
                    hi: 0x0000_0001,
                },
                Interval {
                    at: 1,
                    lo: 0x7f7f_ffff,
                    hi: 0x7f80_0000,
                },
            ],
        },
    });
    let two = |a: u32, b: u32| {
        Outcome::Ok(Observed {
            vars: BTreeMap::from([(
                "V1".to_string(),
                [a, b].iter().flat_map(|l| l.to_le_bytes()).collect(),
            )]),
            elt_size: BTreeMap::from([("V1".to_string(), 4)]),
            ..Default::default()
        })
    };
    assert!(compare(&e, &two(0x8000_0000, 0x7f80_0000)).passed());
    assert!(compare(&e, &two(0x0000_0001, 0x7f7f_ffff)).passed());
    assert!(!compare(&e, &two(0x0000_0002, 0x7f80_0000)).passed());
    assert!(!compare(&e, &two(0x0000_0000, 0xff80_0000)).passed());
}

#[test]
fn launch_buffers_compare_by_index() {
    let expect = |index: usize, bytes: &str| {
        Expect::State(ExpectState {
            buffers: BTreeMap::from([(index, Allowed::Bytes(pattern(bytes)))]),
            ..Default::default()
        })
    };
    assert_eq!(compare(&expect(1, "07??"), &observed()), Verdict::Pass);
    let m = fail(compare(&expect(1, "0800"), &observed()));
    assert_eq!(m.to_string(), "buffers[1] byte 0: expected 08, got 07");
    let m = fail(compare(&expect(2, "07"), &observed()));
    assert_eq!(m.to_string(), "buffers[2]: not observed");
}

//! Float DPAS NaNs: the documents leave their encoding open (docs/dpas.md, "Numeric
//! profiles"), so an expectation accepts any NaN of the destination type in the elements
//! the instruction writes with a NaN, and the grader's profile fit does the same; elements
//! it does not write stay exact.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use visa_conformance::case::{compare, Observed, Outcome};
use visa_conformance::dut::grade::profile_fit;
use visa_conformance::expect::{with_expect, with_expect_profiles};
use visa_conformance::vector::{Allowed, Case, Expect, NanFree, NanType};

/// bf x bf, RC 1, xe-hpg (8 lanes), F Dst V1 of two GRFs (16 elements; the instruction
/// writes elements 0..8). Src1 and Src2 are zero, so D = C: Src0 V2 lane 0 is a signalling
/// NaN with a payload (0x7f800001), the other lanes 1.0. V1 starts with +0 in the
/// elements written and the default NaN 0x7fc00000 in the others (8..16).
fn case() -> Case {
    let dw = |v: u32, n: usize| -> String {
        std::iter::repeat_n(v.to_le_bytes(), n)
            .flatten()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let v1 = format!("{}{}", dw(0, 8), dw(0x7fc0_0000, 8));
    let v2 = format!("{}{}", dw(0x7f80_0001, 1), dw(0x3f80_0000, 7));
    let line = format!(
        r#"{{"format":"visa-vector/1","id":"dpas/nan/0001","platform":"xe-hpg","program":".decl V1 v_type=G type=f num_elts=16\n.decl V2 v_type=G type=f num_elts=8\n.decl V3 v_type=G type=ud num_elts=64\n.decl V4 v_type=G type=ud num_elts=8\ndpas.bf.bf.8.1 (M1, 8) V1.0 V2.0 V3.0 V4(0,0)\n","init":{{"vars":{{"V1":"{v1}","V2":"{v2}"}}}}}}"#
    );
    Case::from_line(&line).unwrap()
}

/// An answer: V1 with lane 0 `lane0`, lanes 1..8 1.0, elements 8..16 `rest`; V2..V4 as
/// initialised.
fn answer(c: &Case, lane0: u32, rest: u32) -> Outcome {
    let mut v1: Vec<u8> = lane0.to_le_bytes().to_vec();
    for _ in 1..8 {
        v1.extend(0x3f80_0000u32.to_le_bytes());
    }
    for _ in 8..16 {
        v1.extend(rest.to_le_bytes());
    }
    let mut vars = BTreeMap::from([("V1".to_string(), v1)]);
    vars.insert("V2".into(), c.init.vars["V2"].clone());
    vars.insert("V3".into(), vec![0; 256]);
    vars.insert("V4".into(), vec![0; 32]);
    Outcome::Ok(Observed {
        vars,
        ..Default::default()
    })
}

#[test]
fn the_expectation_frees_the_written_nan_elements_only() {
    for expect in [
        with_expect(case()).unwrap().expect.unwrap(),
        with_expect_profiles(case()).unwrap().expect.unwrap(),
    ] {
        let Expect::State(s) = &expect else {
            panic!("{expect:?}")
        };
        let Allowed::AnyNan { nan, patterns } = &s.vars["V1"] else {
            panic!("{:?}", s.vars["V1"])
        };
        assert_eq!(
            nan,
            &NanFree {
                ty: NanType::F,
                elements: vec![0],
                quiet: false,
            }
        );
        // The engines execute the default NaN.
        assert_eq!(
            &patterns[0].0[..4],
            &[Some(0), Some(0), Some(0xc0), Some(0x7f)]
        );
    }
}

#[test]
fn any_nan_encoding_passes_where_a_nan_is_due_and_nowhere_else() {
    let c = case();
    let expect = with_expect_profiles(c.clone()).unwrap().expect.unwrap();
    let default_nan = 0x7fc0_0000;
    // The engines' default NaN, x86's default NaN, the propagated (quieted) payload.
    for lane0 in [default_nan, 0xffc0_0000, 0x7fc0_0001] {
        assert!(
            compare(&expect, &answer(&c, lane0, default_nan)).passed(),
            "{lane0:#x}"
        );
    }
    // A number where the NaN is due fails, and so does an untouched NaN element rewritten.
    assert!(!compare(&expect, &answer(&c, 0x3f80_0000, default_nan)).passed());
    assert!(!compare(&expect, &answer(&c, default_nan, 0xffc0_0000)).passed());
}

#[test]
fn profile_fit_ignores_the_nan_encoding() {
    let c = case();
    let expect = with_expect_profiles(c.clone()).unwrap().expect.unwrap();
    let fits = profile_fit(&c, &expect, &answer(&c, 0xffc0_0000, 0x7fc0_0000)).unwrap();
    // D = C is exact under every profile: every profile fits, whatever the NaN's encoding.
    assert_eq!(
        fits.len(),
        visa_model::profile::DpasProfile::all().len(),
        "{fits:?}"
    );
}

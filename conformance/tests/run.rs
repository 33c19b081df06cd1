//! `run_case`: building the state from `init`, running both engines, observing.
#![allow(clippy::unwrap_used)]

mod common;

use rstest::rstest;
use serde_json::json;
use visa_conformance::case::{compare, run_case, EngineKind, Outcome, Verdict};
use visa_conformance::vector::Case;
use visa_model::error::ErrorClass;

fn both() -> [EngineKind; 2] {
    [EngineKind::Spec, EngineKind::Oracle]
}

fn observed(outcome: Outcome) -> visa_conformance::case::Observed {
    match outcome {
        Outcome::Ok(o) => o,
        Outcome::Error(e) => panic!("unexpected error {e}"),
    }
}

#[test]
fn worked_example_passes_on_both_engines() {
    let case = common::case(common::ADD_SAT);
    for engine in both() {
        let outcome = run_case(&case, engine);
        assert_eq!(
            compare(case.expect.as_ref().unwrap(), &outcome),
            Verdict::Pass,
            "{engine}"
        );
        let o = observed(outcome);
        // Only what expect names is observed.
        assert_eq!(o.vars.keys().collect::<Vec<_>>(), ["V1"]);
        assert_eq!(o.elt_size["V1"], 4);
    }
}

#[test]
fn errata_readings_reach_the_engines() {
    let case = common::case(common::ADD_SAT_LITERAL_WRONG);
    for engine in both() {
        let verdict = compare(case.expect.as_ref().unwrap(), &run_case(&case, engine));
        let Verdict::Fail(m) = verdict else {
            panic!("{engine}: the literal reading keeps -0.0")
        };
        assert_eq!(m.to_string(), "V1 byte 15 (lane 3): expected 00, got 80");
    }
    let any = common::case(common::ADD_SAT_ANY_OF);
    for engine in both() {
        assert_eq!(
            compare(any.expect.as_ref().unwrap(), &run_case(&any, engine)),
            Verdict::Pass
        );
    }
}

#[test]
fn invalid_programs_give_their_class() {
    let case = common::case(common::UNDECLARED);
    for engine in both() {
        match run_case(&case, engine) {
            Outcome::Error(e) => assert_eq!(e.class, ErrorClass::InvalidInstruction, "{e}"),
            Outcome::Ok(_) => panic!("{engine}: V9 is not declared"),
        }
    }
    let syntax = Case {
        program: "add (M1, 8 V1".into(),
        ..case
    };
    match run_case(&syntax, EngineKind::Spec) {
        Outcome::Error(e) => assert_eq!(e.class, ErrorClass::Syntax, "{e}"),
        Outcome::Ok(_) => panic!("the program does not parse"),
    }
}

#[test]
fn without_expect_every_declared_variable_and_init_memory_is_observed() {
    let case = common::case(common::PREDICATED);
    for engine in both() {
        let o = observed(run_case(&case, engine));
        assert_eq!(o.vars.keys().collect::<Vec<_>>(), ["V1", "V2"], "{engine}");
        let v1: Vec<i32> = o.vars["V1"]
            .chunks(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        // P1 = 0xf0 enables lanes 4..7 only.
        assert_eq!(v1, [0, 0, 0, 0, 5, 6, 7, 8], "{engine}");
        assert_eq!(o.preds["P1"], 0xf0);
        assert_eq!(o.mem.len(), 1);
        assert_eq!(o.mem[0].bytes, [0x2a, 0, 0, 0]);
    }
}

#[test]
fn emask_and_cr0_are_applied() {
    let mut case = common::case(common::PREDICATED);
    case.init.preds.insert("P1".into(), 0xff);
    case.init.emask = Some(0x3);
    case.init.cr0 = Some(0);
    let o = observed(run_case(&case, EngineKind::Spec));
    assert_eq!(&o.vars["V1"][..12], &[1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]);
}

/// Applies `init` changes to the predicated case and expects an invalid-vector error at `field`.
#[rstest]
#[case::unknown_var(json!({"vars": {"V9": "00"}}), "init.vars.V9", "declares no variable `V9`")]
#[case::wrong_length(json!({"vars": {"V2": "00"}}), "init.vars.V2", "has 32 bytes (8 x d), the vector gives 1")]
#[case::pred_in_vars(json!({"vars": {"P1": "ff"}}), "init.vars.P1", "is a predicate")]
#[case::var_in_preds(json!({"preds": {"V1": "0x1"}}), "init.preds.V1", "is not a predicate")]
#[case::unknown_pred(json!({"preds": {"P7": "0x1"}}), "init.preds.P7", "declares no variable")]
#[case::mask_too_wide(json!({"preds": {"P1": "0x100"}}), "init.preds.P1", "beyond the 8 elements")]
#[case::cr0_twice(json!({"vars": {"%cr0": "00000000"}, "cr0": "0x0"}), "init.vars.%cr0", "set twice")]
fn bad_init_is_an_invalid_vector_error(
    #[case] init: serde_json::Value,
    #[case] field: &str,
    #[case] message: &str,
) {
    let mut value: serde_json::Value = serde_json::from_str(common::PREDICATED).unwrap();
    value["init"] = init;
    let case = Case::from_value(&value).unwrap();
    for engine in both() {
        match run_case(&case, engine) {
            Outcome::Error(e) => {
                assert_eq!(e.class, ErrorClass::InvalidVector, "{e}");
                assert_eq!(e.field.as_deref(), Some(field), "{e}");
                assert!(e.message.contains(message), "{e}");
            }
            Outcome::Ok(_) => panic!("{engine}: {field} is wrong"),
        }
    }
}

#[test]
fn overlapping_aliases_in_init_are_rejected() {
    let line = r#"{"format":"visa-vector/1","id":"alias","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=8\n.decl V2 v_type=G type=d num_elts=4 alias=<V1, 8>\nmov (M1, 8) V1(0,0)<1> 0x1:d\n","init":{"vars":{"V1":"0000000000000000000000000000000000000000000000000000000000000000","V2":"00000000000000000000000000000000"}}}"#;
    match run_case(&common::case(line), EngineKind::Spec) {
        Outcome::Error(e) => {
            assert_eq!(e.class, ErrorClass::InvalidVector);
            assert!(e.message.contains("overlaps init.vars.V1"), "{e}");
        }
        Outcome::Ok(_) => panic!("V2 aliases V1"),
    }
}

#[test]
fn expect_naming_unknown_state_is_an_invalid_vector_error() {
    let mut value: serde_json::Value = serde_json::from_str(common::PREDICATED).unwrap();
    value["expect"] = json!({"vars": {"V5": "00"}});
    let case = Case::from_value(&value).unwrap();
    match run_case(&case, EngineKind::Oracle) {
        Outcome::Error(e) => assert_eq!(e.field.as_deref(), Some("expect.vars.V5"), "{e}"),
        Outcome::Ok(_) => panic!("V5 is not declared"),
    }
}

#[test]
fn profiles_are_named_dpas_profiles() {
    // An unknown name is a profile the engines do not implement; a DPAS profile
    // (docs/dpas.md) runs, and changes nothing outside float DPAS.
    let mut case = common::case(common::ADD_SAT);
    case.profile = Some("fast-dpas".into());
    match run_case(&case, EngineKind::Spec) {
        Outcome::Error(e) => {
            assert_eq!(e.class, ErrorClass::Unsupported);
            assert_eq!(e.field.as_deref(), Some("profile"));
        }
        Outcome::Ok(_) => panic!("`fast-dpas` is not a profile"),
    }
    case.profile = Some("exact-stage+dst-rtz+denorm-flush+tf32-full".into());
    for engine in both() {
        match run_case(&case, engine) {
            Outcome::Ok(_) => {}
            Outcome::Error(e) => panic!("{e}"),
        }
    }
}

#[test]
fn state_and_address_variables_are_set_and_observed() {
    // movs (M1, 2) T1(1) V1(0,0)<1;1,0> copies V1's two UD indices into T1(1), T1(2);
    // addr_add (M1, 1) A0(0)<1> &V1+4 0x2:uw writes V1's register-file address (byte 32 on
    // xe-hpg, after %cr0's GRF) + 4 + 2 = 38 = 0x26.
    let line = r#"{"format":"visa-vector/1","id":"state","platform":"xe-hpg","program":".decl V1 v_type=G type=ud num_elts=8\n.decl T1 v_type=T num_elts=4\n.decl S1 v_type=S num_elts=1\n.decl A0 v_type=A num_elts=2\nmovs (M1, 2) T1(1) V1(0,0)<1;1,0>\naddr_add (M1, 1) A0(0)<1> &V1+4 0x2:uw\n","init":{"vars":{"V1":"0700000009000000000000000000000000000000000000000000000000000000","T1":"01000000020000000300000004000000","S1":"2a000000","A0":"11112222"}}}"#;
    let case = common::case(line);
    for engine in both() {
        let o = observed(run_case(&case, engine));
        assert_eq!(
            o.vars.keys().collect::<Vec<_>>(),
            ["A0", "S1", "T1", "V1"],
            "{engine}"
        );
        assert_eq!(
            o.vars["T1"],
            [1, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0, 4, 0, 0, 0],
            "{engine}"
        );
        assert_eq!(o.vars["S1"], [0x2a, 0, 0, 0], "{engine}");
        assert_eq!(o.vars["A0"], [0x26, 0, 0x22, 0x22], "{engine}");
        assert_eq!(o.elt_size["T1"], 4);
        // An expectation may name a state variable too.
        let mut expecting = case.clone();
        let value = serde_json::json!({"vars": {"T1": "01000000070000000900000004000000"}});
        expecting.expect = Some(
            Case::from_value(&serde_json::json!({
                "format": "visa-vector/1", "id": "x", "platform": "xe-hpg",
                "program": case.program, "expect": value
            }))
            .unwrap()
            .expect
            .unwrap(),
        );
        assert_eq!(
            compare(
                expecting.expect.as_ref().unwrap(),
                &run_case(&expecting, engine)
            ),
            Verdict::Pass,
            "{engine}"
        );
    }
}

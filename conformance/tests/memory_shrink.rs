//! The memory generators draw their details from a recorded stream of choices
//! (conformance/src/gen/choices.rs), so proptest shrinks a failing memory case: to the
//! smallest choice that still fails, and every choice the failure does not need to the
//! first of its list.
#![allow(clippy::unwrap_used)]

use proptest::test_runner::{Config, TestError, TestRunner};
use visa_conformance::gen::GenCase;
use visa_conformance::registry;
use visa_model::ir::Opcode;

/// The execution size of a case's instruction: `(M1, N)` or `(M1_NM, N)` in its last line.
fn exec_size(case: &GenCase) -> u32 {
    let line = case.text.lines().last().unwrap_or_default();
    line.split_once(", ")
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap()
}

#[test]
fn a_failing_lsc_case_shrinks_to_the_smallest_failing_size() {
    let mut runner = TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    });
    // A property that fails on every case of 4 lanes or more.
    let result = runner.run(&registry::case(Opcode::LscLoad), |case| {
        proptest::prop_assert!(exec_size(&case) < 4, "{} lanes", exec_size(&case));
        Ok(())
    });
    let Err(TestError::Fail(_, minimal)) = result else {
        panic!("the property did not fail: {result:?}");
    };
    assert_eq!(exec_size(&minimal), 4, "{}", minimal.text);
    // The address size is the first of its list: the failure does not need another.
    assert!(
        minimal.tags.iter().any(|t| t == "a64"),
        "{:?}",
        minimal.tags
    );
}

#[test]
fn a_failing_typed_case_shrinks_too() {
    let mut runner = TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    });
    let rows = registry::rows()
        .iter()
        .filter(|r| r.name == "lsc_load_quad_tgm");
    let strategy = rows.filter_map(|r| r.strategy()).next().unwrap();
    let result = runner.run(&strategy, |case| {
        proptest::prop_assert!(exec_size(&case) < 8);
        Ok(())
    });
    let Err(TestError::Fail(_, minimal)) = result else {
        panic!("the property did not fail: {result:?}");
    };
    assert_eq!(exec_size(&minimal), 8, "{}", minimal.text);
}

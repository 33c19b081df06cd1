//! Whole kernels built to exhaust a run: deep recursion, costly loops, amplified
//! declarations, huge and many-file texts, offsets near 2^64, shapes that make validation
//! slow. Each ends in bounded time and memory with its stated error class
//! (docs/robustness.md "Limits"), alike on both engines, and nothing panics: the test
//! profile keeps overflow checks on.
#![allow(clippy::unwrap_used)]

use visa_conformance::Case;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::ErrorClass;

/// A bare run request of `program` on xe-hpg.
fn case(program: &str) -> Case {
    let line = serde_json::json!({
        "format": "visa-vector/1",
        "id": "hostile-kernel",
        "platform": "xe-hpg",
        "program": program,
    });
    Case::from_line(&line.to_string()).unwrap()
}

/// Runs `case` on both engines and returns the error class both give (asserting they agree
/// and neither succeeds).
fn both_fail(case: &Case) -> ErrorClass {
    let spec = run_case(case, EngineKind::Spec);
    let oracle = run_case(case, EngineKind::Oracle);
    match (&spec, &oracle) {
        (Outcome::Error(a), Outcome::Error(b)) => {
            assert_eq!(a.class, b.class, "spec {a} vs oracle {b}");
            a.class
        }
        _ => panic!("expected both engines to fail: spec {spec:?}, oracle {oracle:?}"),
    }
}

/// A loop with no exit ends at the step limit on both engines.
#[test]
fn an_endless_loop_ends_at_the_step_limit() {
    let program = ".decl V1 v_type=G type=d num_elts=8\nTOP:\nadd (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\njmp (M1, 1) TOP\n";
    assert_eq!(both_fail(&case(program)), ErrorClass::StepLimit);
}

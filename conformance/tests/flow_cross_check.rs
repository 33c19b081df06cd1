//! Spec and oracle on generated programs with control flow (conformance/src/gen/flow.rs):
//! loops with per-channel trip counts and divergent exits, if/else through GOTO, JMP and
//! SWITCHJMP, CALL and RET with partial call masks, FCALL, IFCALL through FADDR, `%ce0`,
//! LIFETIME, random dispatch masks. The generators build valid, terminating programs, so
//! both engines must run them to the end and agree on the whole observed state (every
//! declared variable and predicate, undefined bytes included). Case counts follow
//! `PROPTEST_CASES` (default 256 programs, drawn from the rows of every control-flow opcode).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use proptest::strategy::Union;
use visa_conformance::gen::{GenCase, Opcode};
use visa_conformance::registry;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::opcode::Family;

fn cross_check(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("flow-cross-check");
    let spec = run_case(&case, EngineKind::Spec);
    let oracle = run_case(&case, EngineKind::Oracle);
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => {
            prop_assert_eq!(a, b, "states differ on\n{}", case.to_line())
        }
        _ => prop_assert!(
            false,
            "spec {:?} vs oracle {:?} on\n{}",
            spec,
            oracle,
            case.to_line()
        ),
    }
    Ok(())
}

/// Programs of every control-flow opcode's row, in equal parts.
fn programs() -> BoxedStrategy<GenCase> {
    let ops: Vec<Opcode> = Opcode::ALL.into_iter().filter(|o| o.is_flow()).collect();
    assert!(ops
        .iter()
        .all(|&op| registry::row(op).is_some_and(|r| r.family() == Family::Flow)));
    Union::new(ops.into_iter().map(registry::case)).boxed()
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn generated_programs_spec_matches_oracle(case in programs()) {
        cross_check(&case)?;
    }
}

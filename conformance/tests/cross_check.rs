//! Spec and oracle on the same generated cases: any difference is a bug in one of them.
//! The generators build only valid cases, so every case must also validate. Case counts
//! follow `PROPTEST_CASES` (default 256 per instruction).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use visa_conformance::gen::{self, GenCase, GenOp};
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_spec::ErrorClass;

fn cross_check(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("cross-check");
    let spec = run_case(&case, EngineKind::Spec);
    let oracle = run_case(&case, EngineKind::Oracle);
    if let Outcome::Error(e) = &spec {
        // Valid by construction: only the documents' undefined behaviour may stop a run
        // (the literal readings of FLOAT-TO-UINT-NEGATIVE and SHL-SAT-RANGE).
        prop_assert_eq!(
            e.class,
            ErrorClass::UndefinedBehaviour,
            "spec failed on {}: {}",
            case.program,
            e
        );
    }
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => {
            prop_assert_eq!(a, b, "states differ on\n{}", case.to_line())
        }
        (Outcome::Error(a), Outcome::Error(b)) => {
            prop_assert_eq!(
                a.class,
                b.class,
                "error classes differ on\n{}",
                case.to_line()
            )
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

proptest! {
    #[test]
    fn mov_spec_matches_oracle(case in gen::case(GenOp::Mov)) {
        cross_check(&case)?;
    }

    #[test]
    fn add_spec_matches_oracle(case in gen::case(GenOp::Add)) {
        cross_check(&case)?;
    }

    #[test]
    fn add3_spec_matches_oracle(case in gen::case(GenOp::Add3)) {
        cross_check(&case)?;
    }

    #[test]
    fn avg_spec_matches_oracle(case in gen::case(GenOp::Avg)) {
        cross_check(&case)?;
    }

    #[test]
    fn mulh_spec_matches_oracle(case in gen::case(GenOp::Mulh)) {
        cross_check(&case)?;
    }

    #[test]
    fn and_spec_matches_oracle(case in gen::case(GenOp::And)) {
        cross_check(&case)?;
    }

    #[test]
    fn or_spec_matches_oracle(case in gen::case(GenOp::Or)) {
        cross_check(&case)?;
    }

    #[test]
    fn xor_spec_matches_oracle(case in gen::case(GenOp::Xor)) {
        cross_check(&case)?;
    }

    #[test]
    fn not_spec_matches_oracle(case in gen::case(GenOp::Not)) {
        cross_check(&case)?;
    }

    #[test]
    fn shl_spec_matches_oracle(case in gen::case(GenOp::Shl)) {
        cross_check(&case)?;
    }

    #[test]
    fn shr_spec_matches_oracle(case in gen::case(GenOp::Shr)) {
        cross_check(&case)?;
    }

    #[test]
    fn asr_spec_matches_oracle(case in gen::case(GenOp::Asr)) {
        cross_check(&case)?;
    }

    #[test]
    fn rol_spec_matches_oracle(case in gen::case(GenOp::Rol)) {
        cross_check(&case)?;
    }

    #[test]
    fn ror_spec_matches_oracle(case in gen::case(GenOp::Ror)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfrev_spec_matches_oracle(case in gen::case(GenOp::Bfrev)) {
        cross_check(&case)?;
    }

    #[test]
    fn cbit_spec_matches_oracle(case in gen::case(GenOp::Cbit)) {
        cross_check(&case)?;
    }

    #[test]
    fn fbh_spec_matches_oracle(case in gen::case(GenOp::Fbh)) {
        cross_check(&case)?;
    }

    #[test]
    fn fbl_spec_matches_oracle(case in gen::case(GenOp::Fbl)) {
        cross_check(&case)?;
    }

    #[test]
    fn lzd_spec_matches_oracle(case in gen::case(GenOp::Lzd)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfe_spec_matches_oracle(case in gen::case(GenOp::Bfe)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfi_spec_matches_oracle(case in gen::case(GenOp::Bfi)) {
        cross_check(&case)?;
    }
}

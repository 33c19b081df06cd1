//! Spec and oracle on generated SVM cases (conformance/src/gen/svm.rs) and legacy dataport
//! cases (conformance/src/gen/dataport.rs: GATHER_SCALED, SCATTER_SCALED, GATHER4_SCALED,
//! SCATTER4_SCALED, OWORD_LD, OWORD_LD_UNALIGNED, OWORD_ST, DWORD_ATOMIC, GATHER, SCATTER,
//! QW_GATHER and QW_SCATTER on binding-table, SLM and stateless surfaces), one property per instruction: the generators build valid, aligned
//! cases, so both engines must run them and agree on every register and memory byte
//! (undefined bytes included). The dataport generators also build misaligned cases, which
//! are undefined under the resolved readings: there both engines must report the same
//! error class. Case counts follow
//! `PROPTEST_CASES` (default 64 per instruction).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use visa_conformance::gen::{self, GenCase, Opcode};
use visa_conformance::registry;
use visa_conformance::{run_case, EngineKind, Outcome};

fn cross_check(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("svm-cross-check");
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

/// The stores leave GUARD bytes at each end of the observed window untouched, so a store that
/// writes past the bytes it addresses (before or after them) changes an observed byte.
fn window_guarded(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("svm-guard");
    let Outcome::Ok(observed) = run_case(&case, EngineKind::Spec) else {
        return Err(TestCaseError::fail(format!(
            "the case runs: {}",
            case.to_line()
        )));
    };
    let (before, after) = (&case.init.mem[0].bytes, &observed.mem[0].bytes);
    let guard = gen::svm::GUARD;
    let n = before.len();
    prop_assert!(n > 2 * guard);
    for k in (0..guard).chain(n - guard..n) {
        prop_assert_eq!(
            before[k],
            after[k],
            "byte {} of the window, {}",
            k,
            case.to_line()
        );
    }
    Ok(())
}

/// As [`cross_check`], where a misaligned dataport case may end in undefined behaviour on
/// both engines alike.
fn cross_check_or_undefined(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("dataport-cross-check");
    let spec = run_case(&case, EngineKind::Spec);
    let oracle = run_case(&case, EngineKind::Oracle);
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => {
            prop_assert_eq!(a, b, "states differ on\n{}", case.to_line())
        }
        (Outcome::Error(a), Outcome::Error(b))
            if generated.tags.iter().any(|t| t == "misaligned") =>
        {
            prop_assert_eq!(a.class, b.class, "on\n{}", case.to_line());
            prop_assert_eq!(
                a.class,
                visa_model::ErrorClass::UndefinedBehaviour,
                "on\n{}",
                case.to_line()
            );
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

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    ProptestConfig::with_cases(cases)
}

/// A dataport scatter leaves the 16 bytes before its surface alone (its lanes address
/// offsets 0 and up, the binding-table surface's bound drops what passes its end).
fn dataport_guarded(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("dataport-guard");
    let Outcome::Ok(observed) = run_case(&case, EngineKind::Spec) else {
        return Err(TestCaseError::fail(format!(
            "the case runs: {}",
            case.to_line()
        )));
    };
    let (before, after) = (&case.init.mem[0].bytes, &observed.mem[0].bytes);
    if case.init.mem[0].space == "slm" {
        return Ok(());
    }
    for k in 0..16 {
        prop_assert_eq!(
            before[k],
            after[k],
            "byte {} of the region, {}",
            k,
            case.to_line()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn gather_scaled_spec_matches_oracle(case in registry::case(Opcode::GatherScaled)) {
        cross_check(&case)?;
    }

    #[test]
    fn scatter_scaled_spec_matches_oracle(case in registry::case(Opcode::ScatterScaled)) {
        cross_check(&case)?;
    }

    #[test]
    fn scatter_scaled_leaves_the_bytes_before_its_surface_alone(
        case in registry::case(Opcode::ScatterScaled)
    ) {
        dataport_guarded(&case)?;
    }

    #[test]
    fn gather4_scaled_spec_matches_oracle(case in registry::case(Opcode::Gather4Scaled)) {
        cross_check_or_undefined(&case)?;
    }

    #[test]
    fn scatter4_scaled_spec_matches_oracle(case in registry::case(Opcode::Scatter4Scaled)) {
        cross_check_or_undefined(&case)?;
    }

    #[test]
    fn scatter4_scaled_leaves_the_bytes_before_its_surface_alone(
        case in registry::case(Opcode::Scatter4Scaled)
    ) {
        if !case.tags.iter().any(|t| t == "misaligned") {
            dataport_guarded(&case)?;
        }
    }

    #[test]
    fn oword_ld_spec_matches_oracle(case in registry::case(Opcode::OwordLd)) {
        cross_check(&case)?;
    }

    #[test]
    fn oword_ld_unaligned_spec_matches_oracle(case in registry::case(Opcode::OwordLdUnaligned)) {
        cross_check_or_undefined(&case)?;
    }

    #[test]
    fn oword_st_spec_matches_oracle(case in registry::case(Opcode::OwordSt)) {
        cross_check(&case)?;
    }

    #[test]
    fn oword_st_leaves_the_bytes_before_its_surface_alone(case in registry::case(Opcode::OwordSt)) {
        dataport_guarded(&case)?;
    }

    #[test]
    fn dword_atomic_spec_matches_oracle(case in registry::case(Opcode::DwordAtomic)) {
        cross_check_or_undefined(&case)?;
    }

    #[test]
    fn dword_atomic_leaves_the_bytes_before_its_surface_alone(
        case in registry::case(Opcode::DwordAtomic)
    ) {
        if !case.tags.iter().any(|t| t == "misaligned") {
            dataport_guarded(&case)?;
        }
    }

    #[test]
    fn gather_spec_matches_oracle(case in registry::case(Opcode::Gather)) {
        cross_check(&case)?;
    }

    #[test]
    fn scatter_spec_matches_oracle(case in registry::case(Opcode::Scatter)) {
        cross_check(&case)?;
        dataport_guarded(&case)?;
    }

    #[test]
    fn qw_gather_spec_matches_oracle(case in registry::case(Opcode::QwGather)) {
        cross_check(&case)?;
    }

    #[test]
    fn qw_scatter_spec_matches_oracle(case in registry::case(Opcode::QwScatter)) {
        cross_check(&case)?;
        dataport_guarded(&case)?;
    }

    #[test]
    fn svm_block_ld_spec_matches_oracle(case in registry::case(Opcode::SvmBlockLd)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_block_st_spec_matches_oracle(case in registry::case(Opcode::SvmBlockSt)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_gather_spec_matches_oracle(case in registry::case(Opcode::SvmGather)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_scatter_spec_matches_oracle(case in registry::case(Opcode::SvmScatter)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_gather4_scaled_spec_matches_oracle(case in registry::case(Opcode::SvmGather4Scaled)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_scatter4_scaled_spec_matches_oracle(case in registry::case(Opcode::SvmScatter4Scaled)) {
        cross_check(&case)?;
    }

    #[test]
    fn svm_stores_leave_the_window_guard_alone(
        case in prop_oneof![
            registry::case(Opcode::SvmBlockSt),
            registry::case(Opcode::SvmScatter),
            registry::case(Opcode::SvmScatter4Scaled),
            registry::case(Opcode::SvmAtomic),
        ]
    ) {
        window_guarded(&case)?;
    }

    #[test]
    fn svm_atomic_spec_matches_oracle(case in registry::case(Opcode::SvmAtomic)) {
        cross_check(&case)?;
    }
}

/// The sampler messages (conformance/src/gen/sampler.rs: LOAD_3D, LOAD_LZ, RESINFO,
/// SAMPLE_3D, SAMPLE_L, SAMPLE_LZ with nearest sampler states): valid by construction, so
/// both engines run every case and agree on every byte (the undefined lanes of address mode
/// `none` included). Case counts follow `PROPTEST_CASES` (default 32 per instruction).
mod sampler {
    use super::*;

    fn config() -> ProptestConfig {
        let cases = std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(32);
        ProptestConfig::with_cases(cases)
    }

    proptest! {
        #![proptest_config(config())]

        #[test]
        fn load_3d_spec_matches_oracle(case in registry::case(Opcode::Load3d)) {
            cross_check(&case)?;
        }

        #[test]
        fn load_lz_spec_matches_oracle(case in registry::case(Opcode::LoadLz)) {
            cross_check(&case)?;
        }

        #[test]
        fn resinfo_spec_matches_oracle(case in registry::case(Opcode::Resinfo)) {
            cross_check(&case)?;
        }

        #[test]
        fn sample_3d_spec_matches_oracle(case in registry::case(Opcode::Sample3d)) {
            cross_check(&case)?;
        }

        #[test]
        fn sample_l_spec_matches_oracle(case in registry::case(Opcode::SampleL)) {
            cross_check(&case)?;
        }

        #[test]
        fn sample_lz_spec_matches_oracle(case in registry::case(Opcode::SampleLz)) {
            cross_check(&case)?;
        }
    }
}

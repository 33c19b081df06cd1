//! Spec and oracle on the same generated cases: any difference is a bug in one of them.
//! The generators build only valid cases, so every case must also validate. Case counts
//! follow `PROPTEST_CASES` (default 256 per instruction).
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use visa_conformance::gen::{GenCase, Opcode};
use visa_conformance::registry;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::ErrorClass;

fn cross_check(generated: &GenCase) -> Result<(), TestCaseError> {
    let case = generated.to_case("cross-check");
    let spec = run_case(&case, EngineKind::Spec);
    let oracle = run_case(&case, EngineKind::Oracle);
    if let Outcome::Error(e) = &spec {
        // Valid by construction: only the documents' undefined behaviour may stop a run
        // (the literal readings of FLOAT-TO-UINT-NEGATIVE, SHL-SAT-RANGE, SAD2-LOOP-STEP and DIV-BY-ZERO).
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
    fn mov_spec_matches_oracle(case in registry::case(Opcode::Mov)) {
        cross_check(&case)?;
    }

    #[test]
    fn add_spec_matches_oracle(case in registry::case(Opcode::Add)) {
        cross_check(&case)?;
    }

    #[test]
    fn add3_spec_matches_oracle(case in registry::case(Opcode::Add3)) {
        cross_check(&case)?;
    }

    #[test]
    fn avg_spec_matches_oracle(case in registry::case(Opcode::Avg)) {
        cross_check(&case)?;
    }

    #[test]
    fn mulh_spec_matches_oracle(case in registry::case(Opcode::Mulh)) {
        cross_check(&case)?;
    }

    #[test]
    fn and_spec_matches_oracle(case in registry::case(Opcode::And)) {
        cross_check(&case)?;
    }

    #[test]
    fn or_spec_matches_oracle(case in registry::case(Opcode::Or)) {
        cross_check(&case)?;
    }

    #[test]
    fn xor_spec_matches_oracle(case in registry::case(Opcode::Xor)) {
        cross_check(&case)?;
    }

    #[test]
    fn not_spec_matches_oracle(case in registry::case(Opcode::Not)) {
        cross_check(&case)?;
    }

    #[test]
    fn shl_spec_matches_oracle(case in registry::case(Opcode::Shl)) {
        cross_check(&case)?;
    }

    #[test]
    fn shr_spec_matches_oracle(case in registry::case(Opcode::Shr)) {
        cross_check(&case)?;
    }

    #[test]
    fn asr_spec_matches_oracle(case in registry::case(Opcode::Asr)) {
        cross_check(&case)?;
    }

    #[test]
    fn rol_spec_matches_oracle(case in registry::case(Opcode::Rol)) {
        cross_check(&case)?;
    }

    #[test]
    fn ror_spec_matches_oracle(case in registry::case(Opcode::Ror)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfrev_spec_matches_oracle(case in registry::case(Opcode::Bfrev)) {
        cross_check(&case)?;
    }

    #[test]
    fn cbit_spec_matches_oracle(case in registry::case(Opcode::Cbit)) {
        cross_check(&case)?;
    }

    #[test]
    fn fbh_spec_matches_oracle(case in registry::case(Opcode::Fbh)) {
        cross_check(&case)?;
    }

    #[test]
    fn fbl_spec_matches_oracle(case in registry::case(Opcode::Fbl)) {
        cross_check(&case)?;
    }

    #[test]
    fn lzd_spec_matches_oracle(case in registry::case(Opcode::Lzd)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfe_spec_matches_oracle(case in registry::case(Opcode::Bfe)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfi_spec_matches_oracle(case in registry::case(Opcode::Bfi)) {
        cross_check(&case)?;
    }

    #[test]
    fn mul_spec_matches_oracle(case in registry::case(Opcode::Mul)) {
        cross_check(&case)?;
    }

    #[test]
    fn mad_spec_matches_oracle(case in registry::case(Opcode::Mad)) {
        cross_check(&case)?;
    }

    #[test]
    fn div_spec_matches_oracle(case in registry::case(Opcode::Div)) {
        cross_check(&case)?;
    }

    #[test]
    fn mod_spec_matches_oracle(case in registry::case(Opcode::Mod)) {
        cross_check(&case)?;
    }

    #[test]
    fn addc_spec_matches_oracle(case in registry::case(Opcode::Addc)) {
        cross_check(&case)?;
    }

    #[test]
    fn subb_spec_matches_oracle(case in registry::case(Opcode::Subb)) {
        cross_check(&case)?;
    }

    #[test]
    fn add3o_spec_matches_oracle(case in registry::case(Opcode::Add3o)) {
        cross_check(&case)?;
    }

    #[test]
    fn madw_spec_matches_oracle(case in registry::case(Opcode::Madw)) {
        cross_check(&case)?;
    }

    #[test]
    fn sad2_spec_matches_oracle(case in registry::case(Opcode::Sad2)) {
        cross_check(&case)?;
    }

    #[test]
    fn sad2add_spec_matches_oracle(case in registry::case(Opcode::Sad2add)) {
        cross_check(&case)?;
    }

    #[test]
    fn addr_add_spec_matches_oracle(case in registry::case(Opcode::AddrAdd)) {
        cross_check(&case)?;
    }

    #[test]
    fn movs_spec_matches_oracle(case in registry::case(Opcode::Movs)) {
        cross_check(&case)?;
    }

    // The rounding instructions.
    #[test]
    fn rndd_spec_matches_oracle(case in registry::case(Opcode::Rndd)) {
        cross_check(&case)?;
    }

    #[test]
    fn rnde_spec_matches_oracle(case in registry::case(Opcode::Rnde)) {
        cross_check(&case)?;
    }

    #[test]
    fn rndu_spec_matches_oracle(case in registry::case(Opcode::Rndu)) {
        cross_check(&case)?;
    }

    #[test]
    fn rndz_spec_matches_oracle(case in registry::case(Opcode::Rndz)) {
        cross_check(&case)?;
    }

    #[test]
    fn frc_spec_matches_oracle(case in registry::case(Opcode::Frc)) {
        cross_check(&case)?;
    }

    #[test]
    fn cmp_spec_matches_oracle(case in registry::case(Opcode::Cmp)) {
        cross_check(&case)?;
    }

    #[test]
    fn sel_spec_matches_oracle(case in registry::case(Opcode::Sel)) {
        cross_check(&case)?;
    }

    #[test]
    fn min_spec_matches_oracle(case in registry::case(Opcode::Min)) {
        cross_check(&case)?;
    }

    #[test]
    fn max_spec_matches_oracle(case in registry::case(Opcode::Max)) {
        cross_check(&case)?;
    }

    #[test]
    fn setp_spec_matches_oracle(case in registry::case(Opcode::Setp)) {
        cross_check(&case)?;
    }

    #[test]
    fn bfn_spec_matches_oracle(case in registry::case(Opcode::Bfn)) {
        cross_check(&case)?;
    }

    #[test]
    fn dpas_spec_matches_oracle(case in registry::case(Opcode::Dpas)) {
        cross_check(&case)?;
    }

    #[test]
    fn dpasw_spec_matches_oracle(case in registry::case(Opcode::Dpasw)) {
        cross_check(&case)?;
    }

    #[test]
    fn dp4a_spec_matches_oracle(case in registry::case(Opcode::Dp4a)) {
        cross_check(&case)?;
    }
}

// The math instructions: both engines give the correctly rounded value.
proptest! {
    #[test]
    fn inv_spec_matches_oracle(case in registry::case(Opcode::Inv)) {
        cross_check(&case)?;
    }

    #[test]
    fn log_spec_matches_oracle(case in registry::case(Opcode::Log)) {
        cross_check(&case)?;
    }

    #[test]
    fn exp_spec_matches_oracle(case in registry::case(Opcode::Exp)) {
        cross_check(&case)?;
    }

    #[test]
    fn sqrt_spec_matches_oracle(case in registry::case(Opcode::Sqrt)) {
        cross_check(&case)?;
    }

    #[test]
    fn rsqrt_spec_matches_oracle(case in registry::case(Opcode::Rsqrt)) {
        cross_check(&case)?;
    }

    #[test]
    fn sin_spec_matches_oracle(case in registry::case(Opcode::Sin)) {
        cross_check(&case)?;
    }

    #[test]
    fn cos_spec_matches_oracle(case in registry::case(Opcode::Cos)) {
        cross_check(&case)?;
    }

    #[test]
    fn pow_spec_matches_oracle(case in registry::case(Opcode::Pow)) {
        cross_check(&case)?;
    }

    #[test]
    fn divm_spec_matches_oracle(case in registry::case(Opcode::Divm)) {
        cross_check(&case)?;
    }

    #[test]
    fn sqrtm_spec_matches_oracle(case in registry::case(Opcode::Sqrtm)) {
        cross_check(&case)?;
    }

    // The conversions.
    #[test]
    fn fcvt_spec_matches_oracle(case in registry::case(Opcode::Fcvt)) {
        cross_check(&case)?;
    }

    #[test]
    fn srnd_spec_matches_oracle(case in registry::case(Opcode::Srnd)) {
        cross_check(&case)?;
    }

    // LRP and PLN.
    #[test]
    fn lrp_spec_matches_oracle(case in registry::case(Opcode::Lrp)) {
        cross_check(&case)?;
    }

    #[test]
    fn pln_spec_matches_oracle(case in registry::case(Opcode::Pln)) {
        cross_check(&case)?;
    }
}

// The early-out macros: the correctly rounded value and the early-out bits of the
// predicate destination, under both readings of MACRO-EARLY-OUT.
proptest! {
    #[test]
    fn invm_spec_matches_oracle(case in registry::case(Opcode::Invm)) {
        cross_check(&case)?;
    }

    #[test]
    fn rsqtm_spec_matches_oracle(case in registry::case(Opcode::Rsqtm)) {
        cross_check(&case)?;
    }
}

/// The multi-thread generators (gen::threads): for each kernel shape, drawn cases launched on
/// the spec and the oracle under the default schedule and several seeded ones leave the
/// output buffer the shape's description gives. More draws with PROPTEST_CASES.
#[test]
fn thread_group_kernels_agree_on_both_engines_under_several_schedules() {
    use visa_conformance::gen::threads::{self, Kind, Rng};
    use visa_conformance::launch::cases::run_case;

    let draws: usize = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .map_or(3, |n: usize| (n / 32).max(3));
    for kind in Kind::ALL {
        let mut rng = Rng::new(0x5eed ^ kind as u64);
        for n in 0..draws {
            let mut drawn = threads::draw(kind, &mut rng);
            drawn.schedules = vec![n as u64, 7 + n as u64, 1000 + n as u64];
            let case = threads::to_case(&drawn, &format!("{}/cross/{n}", kind.name()));
            let want = threads::expected_out(&drawn);
            for engine in [EngineKind::Spec, EngineKind::Oracle] {
                match run_case(&case, engine) {
                    Outcome::Ok(observed) => assert_eq!(
                        observed.buffers.get(&threads::out_arg(kind)),
                        Some(&want),
                        "{} on {engine}: {:?}\n{}",
                        case.id,
                        drawn.shape,
                        case.program
                    ),
                    Outcome::Error(e) => {
                        panic!("{} on {engine}: {e}\n{}", case.id, case.program)
                    }
                }
            }
        }
    }
}

//! Spec and oracle on generated LSC_UNTYPED cases (conformance/src/gen/lsc.rs): every
//! sub-op, data size, vector size, address type and size. Valid by construction: a case (on
//! xe-hpg or later) must run or stop on the documents' undefined behaviour. Case counts: `PROPTEST_CASES` per sub-op (default 48).
#![allow(clippy::unwrap_used)]

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use visa_conformance::gen::Opcode;
use visa_conformance::registry;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::platform::Platform;
use visa_model::ErrorClass;

fn lsc_ops() -> Vec<Opcode> {
    Opcode::ALL
        .into_iter()
        .filter(|o| {
            visa_model::validate::lsc_forms_is_lsc(*o)
                || visa_model::validate::is_block2d(*o)
                || *o == Opcode::LscFence
        })
        .collect()
}

#[test]
fn lsc_spec_matches_oracle() {
    let cases: u32 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48);
    let ops = lsc_ops();
    assert!(ops.len() >= 29, "{ops:?}");
    for op in ops {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let mut ran = 0;
        for _ in 0..cases {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let case = generated.to_case("cross-check");
            let spec = run_case(&case, EngineKind::Spec);
            let oracle = run_case(&case, EngineKind::Oracle);
            let line = case.to_line();
            match (&spec, &oracle) {
                (Outcome::Ok(a), Outcome::Ok(b)) => {
                    assert_eq!(a, b, "states differ on\n{line}");
                    ran += 1;
                }
                (Outcome::Error(a), Outcome::Error(b)) => {
                    assert_eq!(a.class, b.class, "error classes differ on\n{line}");
                    assert_ne!(generated.platform, Platform::XeLp);
                    assert_eq!(a.class, ErrorClass::UndefinedBehaviour, "{a} on\n{line}");
                }
                _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{line}"),
            }
        }
        assert!(ran > 0, "{}: no case ran", op.mnemonic());
    }
}

/// Generated block 2D cases keep to Intel's published shape limits unless they read
/// BLOCK2D-LIMITS literally, and observe memory from a row above the surface (base 0x10000).
#[test]
fn block2d_cases_keep_to_the_published_limits_and_observe_around_the_surface() {
    use visa_model::errata::{self, Readings};
    for op in [Opcode::LscLoadBlock2d, Opcode::LscStoreBlock2d] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let (mut published, mut documents) = (0, 0);
        for _ in 0..64 {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let ast = visa_model::asm::parse(&generated.text).unwrap();
            let resolved = visa_model::validate::validate_with(
                &ast,
                generated.platform,
                &Readings::resolved(),
            );
            if generated.literal.contains(&errata::BLOCK2D_LIMITS) {
                documents += 1;
            } else {
                assert!(resolved.is_ok(), "{resolved:?} on\n{}", generated.text);
                published += 1;
            }
            let region = &generated.mem[0];
            assert!(
                region.addr < 0x10000,
                "no row above the surface: {region:?}"
            );
        }
        assert!(published > 0 && documents > 0, "{published} {documents}");
    }
}

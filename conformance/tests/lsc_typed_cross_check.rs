//! Spec and oracle on generated LSC_TYPED cases (conformance/src/gen/lsc_typed.rs): the quad
//! forms on typed surfaces (in bounds, on edges, out of bounds, LOD 1), the atomics and
//! `lsc_store_uncompressed.tgm`, the block 2D forms (blocks inside, on edges and corners,
//! outside; both LSC-TYPED-BLOCK2D-INDEX readings); and invalid typed lines, a fixed list and
//! generated ones, rejected alike by both engines. The typed legacy dataport messages
//! (conformance/src/gen/dataport_typed.rs: GATHER4_TYPED and SCATTER4_TYPED on 1D, 2D and
//! 3D surfaces of every format) likewise: both engines agree on every register and memory
//! byte, or report undefined behaviour alike where TYPED-CONVERSION-TYPES' literal reading
//! makes the case undefined. TYPED_ATOMIC's generated cases too: every lane's returned
//! value and the surface's bytes agree, or both engines report undefined behaviour where
//! TYPED-ATOMIC-OP-TABLE's literal reading or a format narrower or wider than the operation
//! makes the case undefined.
//! Case counts: `PROPTEST_CASES` per stream (default 64).
#![allow(clippy::unwrap_used)]

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use visa_conformance::gen::lsc_typed;
use visa_conformance::gen::GenCase;
use visa_conformance::registry::{self, Generator, Row};
use visa_conformance::{run_case, Case, EngineKind, Outcome};
use visa_model::platform::Platform;
use visa_model::ErrorClass;

/// The registry's typed rows (the `.tgm` forms of the LSC opcodes).
fn typed_rows() -> impl Iterator<Item = &'static Row> {
    registry::rows()
        .iter()
        .filter(|r| matches!(r.generator, Generator::Form(_)))
}

/// Cases a test runs: `PROPTEST_CASES`, default 64.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

#[test]
fn typed_spec_matches_oracle() {
    let cases = cases();
    for row in typed_rows() {
        let name = row.name;
        let mut runner = TestRunner::new(Config::default());
        let strategy = row.strategy().unwrap();
        let (mut ran, mut out_of_bounds) = (0, 0);
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
                    out_of_bounds += usize::from(case.tags.iter().any(|t| t == "out-of-bounds"));
                }
                (Outcome::Error(a), Outcome::Error(b)) => {
                    assert_eq!(a.class, b.class, "error classes differ on\n{line}");
                    assert_eq!(a.class, ErrorClass::UndefinedBehaviour, "{a} on\n{line}");
                }
                _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{line}"),
            }
        }
        assert!(ran > cases / 2, "{name}: {ran} of {cases} cases ran");
        if name.contains("quad") || name.contains("block2d") {
            assert!(out_of_bounds > 0, "{name}: no out-of-bounds case ran");
        }
    }
}

/// The typed block 2D streams place blocks inside the surface, across its edges and
/// wholly outside, and run LSC-TYPED-BLOCK2D-INDEX under both readings.
#[test]
fn typed_block2d_streams_cover_every_placement() {
    for name in ["lsc_load_block2d_tgm", "lsc_store_block2d_tgm"] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = typed_rows()
            .find(|r| r.name == name)
            .and_then(|r| r.strategy())
            .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let case = strategy.new_tree(&mut runner).unwrap().current();
            seen.extend(
                case.tags
                    .iter()
                    .filter(|t| t.starts_with("block2d-"))
                    .cloned(),
            );
            if case
                .literal
                .contains(&visa_model::errata::LSC_TYPED_BLOCK2D_INDEX)
            {
                seen.insert("literal".to_string());
            }
        }
        for want in [
            "block2d-inside",
            "block2d-edge",
            "block2d-outside",
            "literal",
        ] {
            assert!(seen.contains(want), "{name}: no {want} case in 200");
        }
    }
}

#[test]
fn apndctr_spec_matches_oracle() {
    let cases = cases();
    for op in [
        visa_model::ir::Opcode::LscApndctrAtomicAdd,
        visa_model::ir::Opcode::LscApndctrAtomicSub,
    ] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = lsc_typed::apndctr_case(op).unwrap();
        for _ in 0..cases {
            let case = strategy
                .new_tree(&mut runner)
                .unwrap()
                .current()
                .to_case("cross-check");
            let line = case.to_line();
            match (
                run_case(&case, EngineKind::Spec),
                run_case(&case, EngineKind::Oracle),
            ) {
                (Outcome::Ok(a), Outcome::Ok(b)) => assert_eq!(a, b, "states differ on\n{line}"),
                (spec, oracle) => panic!("spec {spec:?} vs oracle {oracle:?} on\n{line}"),
            }
        }
    }
}

/// A case of a bare program text (no state beyond its declarations).
fn text_case(platform: Platform, text: &str) -> Case {
    GenCase {
        platform,
        literal: Vec::new(),
        text: text.to_string(),
        vars: Vec::new(),
        preds: Vec::new(),
        cr0: 0,
        emask: u32::MAX,
        tags: Vec::new(),
        partner: Vec::new(),
        mem: Vec::new(),
        surfaces: Vec::new(),
        samplers: Vec::new(),
        profile: None,
    }
    .to_case("invalid")
}

#[test]
fn invalid_typed_lines_are_rejected_alike() {
    for (platform, program) in lsc_typed::invalid_lines() {
        let case = text_case(platform, &program);
        for engine in [EngineKind::Spec, EngineKind::Oracle] {
            match run_case(&case, engine) {
                Outcome::Error(e) => assert_eq!(
                    e.class,
                    ErrorClass::InvalidInstruction,
                    "{engine:?}: {e} on\n{program}"
                ),
                other => panic!("{engine:?} accepted\n{program}\n{other:?}"),
            }
        }
    }
}

/// Generated invalid typed forms ([`lsc_typed::invalid_case`]): both engines reject each as an
/// invalid instruction naming the same field, the one the defect fixes when it does; neither
/// panics (a panic would come back as a model bug). Case count: `PROPTEST_CASES` (default
/// 64); every kind of defect shows up at 1000.
#[test]
fn generated_invalid_typed_forms_are_rejected_alike() {
    let cases = cases();
    let mut runner = TestRunner::new(Config::default());
    let strategy = lsc_typed::invalid_case();
    for _ in 0..cases {
        let bad = strategy.new_tree(&mut runner).unwrap().current();
        let case = text_case(bad.platform, &bad.text);
        let what = format!("{} on {}:\n{}", bad.why, bad.platform.name(), bad.text);
        match (
            run_case(&case, EngineKind::Spec),
            run_case(&case, EngineKind::Oracle),
        ) {
            (Outcome::Error(a), Outcome::Error(b)) => {
                assert_eq!(a.class, ErrorClass::InvalidInstruction, "spec: {a}; {what}");
                assert_eq!(
                    (a.class, &a.field),
                    (b.class, &b.field),
                    "spec {a} vs oracle {b}; {what}"
                );
                assert!(a.field.is_some(), "no field named: {a}; {what}");
                if let Some(field) = bad.field {
                    assert_eq!(a.field.as_deref(), Some(field), "{a}; {what}");
                }
            }
            (spec, oracle) => panic!("spec {spec:?} vs oracle {oracle:?}; {what}"),
        }
    }
}

#[test]
fn typed_dataport_spec_matches_oracle() {
    use visa_model::ir::Opcode;
    let cases = cases();
    for op in [Opcode::Gather4Typed, Opcode::Scatter4Typed] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let (mut ran, mut undefined) = (0, 0);
        for _ in 0..cases {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let case = generated.to_case("typed-dataport-cross-check");
            let spec = run_case(&case, EngineKind::Spec);
            let oracle = run_case(&case, EngineKind::Oracle);
            match (&spec, &oracle) {
                (Outcome::Ok(a), Outcome::Ok(b)) => {
                    assert_eq!(a, b, "states differ on\n{}", case.to_line());
                    ran += 1;
                }
                (Outcome::Error(a), Outcome::Error(b))
                    if generated
                        .literal
                        .contains(&visa_model::errata::TYPED_CONVERSION_TYPES) =>
                {
                    assert_eq!(
                        a.class,
                        ErrorClass::UndefinedBehaviour,
                        "{}",
                        case.to_line()
                    );
                    assert_eq!(a.class, b.class, "{}", case.to_line());
                    undefined += 1;
                }
                _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{}", case.to_line()),
            }
        }
        assert!(ran > cases / 2, "{op:?}: {ran} ran, {undefined} undefined");
    }
}

#[test]
fn typed_atomic_spec_matches_oracle() {
    use visa_model::ir::Opcode;
    let mut runner = TestRunner::new(Config::default());
    let strategy = registry::case(Opcode::TypedAtomic);
    let (mut ran, mut undefined) = (0, 0);
    let mut ops = std::collections::BTreeSet::new();
    let cases = 2 * cases();
    for _ in 0..cases {
        let generated = strategy.new_tree(&mut runner).unwrap().current();
        let case = generated.to_case("typed-atomic-cross-check");
        let spec = run_case(&case, EngineKind::Spec);
        let oracle = run_case(&case, EngineKind::Oracle);
        let may_be_undefined = generated
            .literal
            .contains(&visa_model::errata::TYPED_ATOMIC_OP_TABLE)
            || generated.tags.iter().any(|t| t == "format-not-width");
        match (&spec, &oracle) {
            (Outcome::Ok(a), Outcome::Ok(b)) => {
                assert!(
                    !may_be_undefined,
                    "ran an undefined case\n{}",
                    case.to_line()
                );
                assert_eq!(a, b, "states differ on\n{}", case.to_line());
                ran += 1;
                ops.extend(
                    generated
                        .tags
                        .iter()
                        .filter(|t| t.starts_with("op-"))
                        .cloned(),
                );
            }
            (Outcome::Error(a), Outcome::Error(b)) if may_be_undefined => {
                assert_eq!(
                    a.class,
                    ErrorClass::UndefinedBehaviour,
                    "{}",
                    case.to_line()
                );
                assert_eq!(a.class, b.class, "{}", case.to_line());
                undefined += 1;
            }
            _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{}", case.to_line()),
        }
    }
    assert!(ran > cases / 2, "{ran} ran, {undefined} undefined");
    assert!(ops.len() >= 12, "operations run: {ops:?}");
}

/// MEDIA_LD and MEDIA_ST (conformance/src/gen/media.rs) on both engines: the same state, or
/// the same `undefined-behaviour` where the case reads outside the surface under
/// MEDIA-OUT-OF-BOUNDS' literal reading or MEDIA_ST's register X is not dword-aligned.
#[test]
fn media_block_spec_matches_oracle() {
    use visa_model::ir::Opcode;
    let cases = cases();
    for op in [Opcode::MediaLd, Opcode::MediaSt] {
        let mut runner = TestRunner::new(Config::default());
        let strategy = registry::case(op);
        let (mut ran, mut undefined, mut clamped) = (0, 0, 0);
        for _ in 0..cases {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let case = generated.to_case("media-cross-check");
            let spec = run_case(&case, EngineKind::Spec);
            let oracle = run_case(&case, EngineKind::Oracle);
            match (&spec, &oracle) {
                (Outcome::Ok(a), Outcome::Ok(b)) => {
                    assert_eq!(a, b, "states differ on\n{}", case.to_line());
                    ran += 1;
                    if generated.tags.iter().any(|t| t == "out-of-bounds") {
                        clamped += 1;
                    }
                }
                (Outcome::Error(a), Outcome::Error(b)) => {
                    assert_eq!(
                        a.class,
                        ErrorClass::UndefinedBehaviour,
                        "{}",
                        case.to_line()
                    );
                    assert_eq!(a.class, b.class, "{}", case.to_line());
                    undefined += 1;
                }
                _ => panic!("spec {spec:?} vs oracle {oracle:?} on\n{}", case.to_line()),
            }
        }
        assert!(
            ran > cases / 2 && clamped > 0,
            "{op:?}: {ran} ran ({clamped} out of bounds), {undefined} undefined"
        );
    }
}

//! The committed golden vectors are exactly what `gen` writes with the default seed, their
//! manifest matches them, and both engines pass every case.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use visa_conformance::case::judge;
use visa_conformance::golden::{self, DEFAULT_CASES, DEFAULT_SEED};
use visa_conformance::registry;
use visa_conformance::{read_file, run_case, EngineKind};

fn vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

#[test]
fn committed_vectors_are_regenerated_identically() {
    let mut files = golden::generate(DEFAULT_SEED, DEFAULT_CASES).unwrap();
    files.extend(golden::launch_files(DEFAULT_SEED, golden::LAUNCH_CASES).unwrap());
    files.extend(visa_conformance::catalog::golden_files().unwrap());
    for f in &files {
        let committed = std::fs::read_to_string(vectors().join(f.file)).unwrap_or_default();
        assert!(
            committed == f.text,
            "vectors/{} differs from `visa-conform gen`: regenerate with `cargo run --release --bin visa-conform -- gen --out vectors` and review the diff",
            f.file
        );
    }
    let manifest = std::fs::read_to_string(vectors().join("MANIFEST.json")).unwrap_or_default();
    assert_eq!(
        manifest,
        visa_conformance::vector::manifest::manifest(&files, DEFAULT_SEED),
        "vectors/MANIFEST.json is stale"
    );
}

#[test]
fn manifest_hashes_match_the_files() {
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(vectors().join("MANIFEST.json")).unwrap())
            .unwrap();
    for entry in manifest["files"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let text = std::fs::read(vectors().join(file)).unwrap();
        assert_eq!(
            entry["sha256"].as_str().unwrap(),
            visa_conformance::vector::sha256_hex(&text),
            "{file}"
        );
        let lines = text
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .count();
        assert_eq!(entry["cases"].as_u64().unwrap() as usize, lines, "{file}");
    }
}

#[test]
fn both_engines_pass_every_golden_vector() {
    for stream in registry::rows() {
        for entry in read_file(&vectors().join(stream.file)).unwrap() {
            let case = entry.case.unwrap();
            for engine in [EngineKind::Spec, EngineKind::Oracle] {
                let verdict = judge(&case, &run_case(&case, engine));
                assert!(verdict.passed(), "{} on {engine}: {verdict:?}", case.id);
            }
        }
    }
}

/// The launch vectors (generated and hand-derived) pass on both engines, under every schedule
/// each names.
#[test]
fn both_engines_pass_every_launch_vector() {
    let mut cases = 0;
    for file in [
        "launch/slm_exchange.jsonl",
        "launch/slm_reduce.jsonl",
        "launch/atomics.jsonl",
        "launch/named_barrier.jsonl",
        "launch/global_exchange.jsonl",
        "catalog/launch/thread_groups.jsonl",
    ] {
        for entry in read_file(&vectors().join(file)).unwrap() {
            let case = entry.case.unwrap();
            assert!(case.launch.is_some(), "{}", case.id);
            for engine in [EngineKind::Spec, EngineKind::Oracle] {
                let outcome = visa_conformance::launch::cases::run_case(&case, engine);
                let verdict = judge(&case, &outcome);
                assert!(verdict.passed(), "{} on {engine}: {verdict:?}", case.id);
            }
            cases += 1;
        }
    }
    assert!(cases >= 35, "{cases}");
}

/// Float DPAS vectors carry no profile: their expectations are the allowed sets of every
/// numeric profile, so the oracle passes them under each profile.
#[test]
fn float_dpas_vectors_accept_every_profile() {
    let profiles = visa_model::profile::DpasProfile::all();
    let mut cases = 0;
    for stream in registry::rows() {
        if !stream.file.starts_with("dpas/dpas") || stream.file.contains("-int") {
            continue;
        }
        for entry in read_file(&vectors().join(stream.file)).unwrap() {
            let mut case = entry.case.unwrap();
            cases += 1;
            for profile in &profiles {
                case.profile = Some(profile.to_string());
                let verdict = judge(&case, &run_case(&case, EngineKind::Oracle));
                assert!(verdict.passed(), "{} under {profile}: {verdict:?}", case.id);
            }
        }
    }
    assert!(cases > 0);
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let a = golden::generate(7, 2).unwrap();
    let b = golden::generate(7, 2).unwrap();
    let c = golden::generate(8, 2).unwrap();
    assert_eq!(a[0].text, b[0].text);
    assert_ne!(a[0].text, c[0].text);
}

/// The golden ROL and ROR vectors name ROTATE-SIGNED-SHIFT exactly where its two readings
/// expect different results (or where the case states the literal reading), and both kinds
/// exist: cases where the readings differ, under each stated reading.
#[test]
fn rotate_vectors_are_tagged_where_the_signed_shift_readings_differ() {
    let id = visa_model::errata::ROTATE_SIGNED_SHIFT;
    let (mut differ, mut literal_differ) = (0, 0);
    for file in ["alu/rol.jsonl", "alu/ror.jsonl"] {
        for entry in read_file(&vectors().join(file)).unwrap() {
            let case = entry.case.unwrap();
            let stated_literal = case.errata.contains_key(id);
            let readings_differ =
                visa_conformance::expect::with_expect(visa_conformance::expect::flipped(&case, id))
                    .unwrap()
                    .expect
                    != case.expect;
            let tagged = case.tags.iter().any(|t| t == id);
            assert_eq!(tagged, stated_literal || readings_differ, "{}", case.id);
            differ += usize::from(readings_differ);
            literal_differ += usize::from(readings_differ && stated_literal);
        }
    }
    assert!(differ >= 10, "{differ} cases where the readings differ");
    assert!(literal_differ >= 1);
}

/// A block 2D case without an expectation (a generated certify case) accepts either reading
/// of an element across the surface width (BLOCK2D-STRADDLE): a d16 element on a 1-byte-wide
/// surface (documents' limits) loads as zero (resolved) or whole, 0x80 0x81, element-first.
#[test]
fn block2d_straddle_cases_accept_either_reading() {
    use visa_conformance::dut::cases::{prepare_one, Source};
    use visa_conformance::vector::{Case, Expect};
    let line = r#"{"format":"visa-vector/1","id":"straddle","platform":"xe-hpc","errata":{"BLOCK2D-LIMITS":"literal"},"program":".decl VD v_type=G type=ud num_elts=16\nlsc_load_block2d.ugm (M1_NM, 1) VD:d16.1x2x1nn flat[0x10000,0x0,0x0,0xf,0x0,0x0]\n","init":{"mem":[{"space":"flat","addr":"0x10000","bytes":"8081828384858687"}]}}"#;
    let case = Case::from_line(line).unwrap();
    let prepared = prepare_one(
        0,
        case,
        "lsc_load_block2d".into(),
        Source::Generated { seed: 1 },
        Default::default(),
    )
    .unwrap();
    let Expect::State(state) = &prepared.expect else {
        panic!("{:?}", prepared.expect)
    };
    let vd = &state.vars["VD"];
    let mut resolved = vec![0u8; 64];
    assert!(vd.allows(&resolved), "{vd:?}");
    resolved[..2].copy_from_slice(&[0x80, 0x81]);
    assert!(vd.allows(&resolved), "{vd:?}");
    resolved[2] = 0x82;
    assert!(!vd.allows(&resolved), "{vd:?}");
}

/// `gen` records in every golden case the errata it discriminates (`discriminates`), exactly
/// what certify computes from the case when it records nothing; a case carrying the key is
/// prepared (expectation, request, errata) as the same case without it. The catalog records
/// nothing: certify computes its cases'.
#[test]
fn recorded_discrimination_is_what_certify_computes() {
    use visa_conformance::dut::cases::{prepare_one, Source};
    use visa_conformance::expect::discriminating;

    let mut discriminating_cases = 0;
    for file in [
        "alu/rol.jsonl",
        "alu/ror.jsonl",
        "alu/add.jsonl",
        "alu/mov.jsonl",
        "math/sqrt.jsonl",
    ] {
        for (n, entry) in read_file(&vectors().join(file))
            .unwrap()
            .into_iter()
            .enumerate()
        {
            let case = entry.case.unwrap();
            let expect = case.expect.clone().unwrap();
            let recorded = case.discriminates.clone().unwrap_or_else(|| {
                panic!("{}: no `discriminates`", case.id);
            });
            assert_eq!(
                recorded,
                discriminating(&case.without_expect(), &expect),
                "{}",
                case.id
            );
            discriminating_cases += usize::from(!recorded.is_empty());
            // Preparing with the recorded list or computing it gives the same case to grade.
            if n % 8 == 0 {
                let source = Source::Vector {
                    file: file.to_string(),
                    line: entry.line,
                };
                let contract = visa_model::contract::Contract::default();
                let with = prepare_one(n, case.clone(), "x".into(), source.clone(), contract);
                let without = prepare_one(
                    n,
                    visa_conformance::Case {
                        discriminates: None,
                        ..case.clone()
                    },
                    "x".into(),
                    source,
                    contract,
                );
                let (with, without) = (with.unwrap(), without.unwrap());
                assert_eq!(with.errata, without.errata, "{}", case.id);
                assert_eq!(with.expect, without.expect, "{}", case.id);
                assert_eq!(with.request, without.request, "{}", case.id);
                // The recorded list holds expectations: it is never sent to an implementation.
                let request = String::from_utf8(with.request).unwrap();
                assert!(!request.contains("discriminates"), "{request}");
                assert_eq!(with.case, without.case, "{}", case.id);
            }
        }
    }
    assert!(discriminating_cases >= 10, "{discriminating_cases}");
    for file in visa_conformance::catalog::golden_files().unwrap() {
        for entry in visa_conformance::read_str(file.file, &file.text) {
            let case = entry.case.unwrap();
            assert_eq!(case.discriminates, None, "{}", case.id);
        }
    }
}

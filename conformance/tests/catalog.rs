//! The edge catalogs (conformance/src/catalog): every hand-derived row passes on the spec and
//! the oracle (and over `visa-dut/1`) through the one engine trait, the committed
//! vectors/catalog files are exactly what the rows produce, and every executable erratum is
//! exercised under both readings.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use visa_conformance::case::{judge, judge_with_field};
use visa_conformance::catalog::engine::{Engine, Implementation, InProcess};
use visa_conformance::catalog::row::{error_field, DERIVATION_KEY, ERROR_FIELD_KEY};
use visa_conformance::catalog::{self, DOCS};
use visa_conformance::vector::{read_str, Case, Expect};
use visa_conformance::EngineKind;
use visa_model::errata::{Reading, LEDGER};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn all_cases() -> Vec<Case> {
    DOCS.iter()
        .flat_map(|doc| catalog::cases(doc).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// Runs every case on `engine` and lists the ones whose hand-derived expectation fails.
/// With `fields`, an expected error must also name the case's `x-error-field` (our engines
/// name it; an implementation over visa-dut/1 reports only the class).
fn failures(engine: &mut dyn Engine, cases: &[Case], fields: bool) -> Vec<String> {
    cases
        .iter()
        .filter_map(|case| {
            let outcome = engine.run(case);
            let verdict = if fields {
                judge_with_field(case, &outcome)
            } else {
                judge(case, &outcome)
            };
            if verdict.passed() {
                return None;
            }
            let problem = format!("{verdict:?}");
            Some(format!(
                "{} on {}: {problem}\n  program: {}\n  derivation: {}",
                case.id,
                engine.name(),
                case.program.trim_end(),
                case.extensions[DERIVATION_KEY]
            ))
        })
        .collect()
}

#[test]
fn every_row_passes_on_spec_and_oracle() {
    let cases = all_cases();
    assert!(!cases.is_empty());
    for kind in [EngineKind::Spec, EngineKind::Oracle] {
        let failed = failures(&mut InProcess(kind), &cases, true);
        assert!(failed.is_empty(), "{}", failed.join("\n"));
    }
}

/// The same rows through an implementation over visa-dut/1: the bundled oracle behind
/// `visa-conform serve`.
#[test]
fn every_row_passes_over_the_protocol() {
    let argv = vec![
        env!("CARGO_BIN_EXE_visa-conform").to_string(),
        "serve".to_string(),
        "--engine".to_string(),
        "oracle".to_string(),
    ];
    let mut dut = Implementation::start(argv, Duration::from_secs(20)).unwrap();
    let failed = failures(&mut dut, &all_cases(), false);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn committed_catalog_files_are_what_the_rows_produce() {
    for f in catalog::golden_files().unwrap() {
        let committed =
            std::fs::read_to_string(repo().join("vectors").join(f.file)).unwrap_or_default();
        assert!(
            committed == f.text,
            "vectors/{} differs from the catalog rows: regenerate with `cargo run --release --bin visa-conform -- gen --out vectors` and review the diff",
            f.file
        );
    }
}

#[test]
fn catalog_files_are_one_per_document_and_read_back_identically() {
    let mut ids = BTreeSet::new();
    for doc in DOCS {
        // The whole kernels have their own family directory, vectors/kernels/.
        let file = if doc.family == "kernels" {
            format!("kernels/{}.jsonl", doc.instruction)
        } else {
            format!("catalog/{}/{}.jsonl", doc.family, doc.instruction)
        };
        assert_eq!(doc.file, file);
        let cases = catalog::cases(doc).unwrap();
        assert!(!cases.is_empty(), "{} has no rows", doc.file);
        let text = visa_conformance::write_cases(&cases);
        for (entry, case) in read_str(doc.file, &text).into_iter().zip(&cases) {
            assert_eq!(&entry.case.unwrap(), case);
            assert!(ids.insert(case.id.clone()), "id {} twice", case.id);
            assert!(case
                .id
                .starts_with(&format!("{}/catalog/", doc.instruction)));
            let derivation = case.extensions[DERIVATION_KEY].as_str().unwrap();
            assert!(!derivation.trim().is_empty(), "{}", case.id);
            if let Some(field) = case.extensions.get(ERROR_FIELD_KEY) {
                assert!(
                    matches!(case.expect, Some(Expect::Error(_))) && field.is_string(),
                    "{}: an error field beside an expectation that is no error",
                    case.id
                );
            }
        }
    }
}

/// The derivation is no part of the comparison: a case passes or fails the same with any
/// derivation, or none.
#[test]
fn the_derivation_is_not_compared() {
    let case = all_cases().remove(0);
    let outcome = InProcess(EngineKind::Oracle).run(&case);
    let mut other = case.clone();
    other
        .extensions
        .insert(DERIVATION_KEY.to_string(), "anything".into());
    let mut none = case.clone();
    none.extensions.clear();
    for c in [&case, &other, &none] {
        assert!(judge(c, &outcome).passed(), "{}", c.id);
    }
}

/// The error field is compared on the spec and the oracle only: a case naming another field
/// fails there, and passes over the protocol, which reports a class.
#[test]
fn the_error_field_is_checked_on_the_engines_only() {
    let case = all_cases()
        .into_iter()
        .find(|c| error_field(c).is_some())
        .unwrap();
    let mut other = case.clone();
    other
        .extensions
        .insert(ERROR_FIELD_KEY.to_string(), "no-such-field".into());
    for kind in [EngineKind::Spec, EngineKind::Oracle] {
        let engine = &mut InProcess(kind);
        assert!(failures(engine, std::slice::from_ref(&case), true).is_empty());
        assert_eq!(
            failures(engine, std::slice::from_ref(&other), true).len(),
            1
        );
        assert!(failures(engine, std::slice::from_ref(&other), false).is_empty());
    }
    assert!(judge(&other, &InProcess(EngineKind::Oracle).run(&other)).passed());
}

/// Errata whose readings differ only in what no vector can state, with the test that runs
/// both readings instead: DST-CHANNEL-INDEX changes which destination bytes an engine marks
/// undefined (a vector's allowed set takes any byte there under either reading).
const OUTSIDE_VECTORS: &[(&str, &str)] = &[
    (
        visa_model::errata::DST_CHANNEL_INDEX,
        "conformance/tests/dst_channel_index.rs",
    ),
    (
        visa_model::errata::SBARRIER_NBARRIER_DIVERGENCE,
        "conformance/tests/launch.rs",
    ),
];

/// Whether `id` is one of [`OUTSIDE_VECTORS`] and its test names it.
fn tested_outside_vectors(id: &str) -> bool {
    OUTSIDE_VECTORS.iter().any(|(e, file)| {
        let constant = id.replace('-', "_");
        *e == id
            && std::fs::read_to_string(repo().join(file))
                .is_ok_and(|text| text.contains(&format!("errata::{constant}")))
    })
}

/// The mnemonic of a program's first instruction (`?` without one).
fn mnemonic(program: &str) -> String {
    program
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('.'))
        .map(|l| {
            let l = if l.starts_with('(') {
                l.split_once(')').map_or(l, |(_, rest)| rest.trim_start())
            } else {
                l
            };
            l.split(['.', ' ']).next().unwrap_or("?").to_string()
        })
        .unwrap_or_else(|| "?".to_string())
}

/// Every erratum whose two readings are executable is exercised under both: a catalog row
/// tagged with it runs its literal reading, and a row runs its resolved reading — one tagged
/// with it, or (where the rows state a literal case without a resolved twin) a row of the
/// same instruction that does not pin the literal reading. The catalog's tags are the only
/// evidence, besides the named tests of [`OUTSIDE_VECTORS`].
#[test]
fn every_executable_erratum_is_exercised() {
    let cases = all_cases();
    let mut missing = Vec::new();
    for e in LEDGER.iter().filter(|e| e.executable) {
        let literal: Vec<&Case> = cases
            .iter()
            .filter(|c| c.errata.get(e.id) == Some(&Reading::Literal))
            .filter(|c| c.tags.iter().any(|t| t == e.id))
            .collect();
        let mnemonics: BTreeSet<String> = literal.iter().map(|c| mnemonic(&c.program)).collect();
        let resolved = cases.iter().any(|c| {
            c.errata.get(e.id) != Some(&Reading::Literal)
                && (c.tags.iter().any(|t| t == e.id) || mnemonics.contains(&mnemonic(&c.program)))
        });
        if !literal.is_empty() && resolved {
            continue;
        }
        if tested_outside_vectors(e.id) {
            continue;
        }
        missing.push(format!(
            "{} ({} literal rows, resolved reading run: {resolved})",
            e.id,
            literal.len()
        ));
    }
    assert!(
        missing.is_empty(),
        "errata not exercised under both readings: {missing:#?}"
    );
}

/// Every catalog case is valid under docs/visa-vector-1.schema.json, `x-derivation` included.
#[test]
fn catalog_cases_are_valid_under_the_schema() {
    let path = repo().join("docs/visa-vector-1.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    for case in all_cases() {
        let value = case.to_value();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", case.id);
    }
}

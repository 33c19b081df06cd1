//! The ledger and docs/errata.md agree, and ids are unique and well-formed. That every
//! erratum with two executable readings is exercised under both is checked on the edge
//! catalog's tags (conformance/tests/catalog.rs).
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::path::Path;

use visa_spec::errata::{self, Reading, Readings, LEDGER};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

#[test]
fn docs_errata_md_matches_the_ledger() {
    let path = repo().join("docs/errata.md");
    let generated = errata::render_markdown();
    if std::env::var_os("VISA_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/errata.md differs from the ledger: run `VISA_BLESS=1 cargo test -p visa-spec --test errata_ledger`"
    );
}

#[test]
fn ids_are_unique_and_upper_kebab_case() {
    let mut seen = BTreeSet::new();
    for e in LEDGER {
        assert!(seen.insert(e.id), "duplicate erratum id {}", e.id);
        assert!(
            e.id.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-'),
            "{} is not UPPER-KEBAB-CASE",
            e.id
        );
        assert!(!e.document.is_empty() && !e.resolved.is_empty() && !e.reason.is_empty());
    }
}

#[test]
fn readings_select_only_executable_literals() {
    let mut r = Readings::resolved();
    for e in LEDGER {
        let result = r.set(e.id, Reading::Literal);
        assert_eq!(result.is_ok(), e.executable, "{}", e.id);
    }
    assert!(r.set("NO-SUCH-ERRATUM", Reading::Literal).is_err());
    assert_eq!(
        Readings::all_literal().literal_ids().count(),
        LEDGER.iter().filter(|e| e.executable).count()
    );
}

/// A traced copy of the readings records every erratum asked about, through its clones too,
/// and compares equal to the untraced readings.
#[test]
fn traced_readings_record_the_errata_asked_about() {
    let mut readings = Readings::resolved();
    readings
        .set(errata::ROTATE_SIGNED_SHIFT, Reading::Literal)
        .unwrap();
    let trace = errata::Trace::default();
    let traced = readings.traced(&trace);
    assert_eq!(traced, readings);
    assert!(trace.asked().is_empty());
    assert!(traced.is_literal(errata::ROTATE_SIGNED_SHIFT));
    let copy = traced.clone();
    assert_eq!(copy.reading(errata::ROTATE_WIDTH), Reading::Resolved);
    assert_eq!(
        trace.asked(),
        BTreeSet::from([errata::ROTATE_SIGNED_SHIFT, errata::ROTATE_WIDTH])
    );
    // The untraced readings record nothing.
    let _ = readings.is_literal(errata::CBIT_RESULT);
    assert!(!trace.asked().contains(errata::CBIT_RESULT));
}

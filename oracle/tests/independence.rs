//! The oracle is an independent implementation: it shares visa-spec's data model (types,
//! platform, IR, state, errata ids, errors, parser) but never calls the spec's semantics.

use std::path::Path;

const FORBIDDEN: [&str; 4] = [
    "visa_spec::num",
    "visa_spec::insn",
    "visa_spec::operand",
    "exec::run",
];

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            sources(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn oracle_never_calls_spec_semantics() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("lib.rs")),
        "no sources found under {}",
        src.display()
    );
    let mut hits = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        for (line_no, line) in text.lines().enumerate() {
            for f in FORBIDDEN {
                if line.contains(f) {
                    hits.push(format!("{}:{}: `{f}`", file.display(), line_no + 1));
                }
            }
        }
    }
    assert!(
        hits.is_empty(),
        "the oracle must not use the spec's semantics:\n{}",
        hits.join("\n")
    );
}

//! `MANIFEST.json` and the files it lists (docs/vector-format.md): every vector file with
//! its case count and sha256, in file order.

use std::path::Path;

use serde_json::{json, Value};

use super::sha256_hex;

/// A generated file: its path under the vectors directory, its cases and its text.
#[derive(Clone, Debug)]
pub struct GoldenFile {
    pub file: &'static str,
    pub cases: usize,
    pub text: String,
}

/// `MANIFEST.json`: every file with its case count and sha256, in file order.
pub fn manifest(files: &[GoldenFile], seed: u64) -> String {
    let entries: Vec<Value> = files
        .iter()
        .map(|f| json!({"file": f.file, "cases": f.cases, "sha256": sha256_hex(f.text.as_bytes())}))
        .collect();
    let value = json!({"format": "visa-vector-manifest/1", "seed": seed, "files": entries});
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes the files and the manifest under `out`.
pub fn write(out: &Path, files: &[GoldenFile], seed: u64) -> std::io::Result<()> {
    for f in files {
        let path = out.join(f.file);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, &f.text)?;
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(out.join("MANIFEST.json"), manifest(files, seed))
}

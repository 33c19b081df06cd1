//! The `visa-vector/1` format: one self-contained test case per line of a JSON Lines file
//! (DESIGN.md "Vector format", docs/vector-format.md, docs/visa-vector-1.schema.json).
//!
//! [`Case`] is the model. Reading ([`read_str`], [`read_file`], [`Case::from_line`]) is strict
//! and never panics: every malformed line gives a [`VectorError`] naming the file, the line and
//! the field, and the lines after it are still read. Writing ([`Case::to_line`],
//! [`write_cases`]) gives one compact line per case with keys in a fixed order, so the same
//! cases always give the same bytes.
//!
//! ```
//! use visa_conformance::vector::{read_str, write_cases};
//!
//! let line = r#"{"format":"visa-vector/1","id":"mov/d/0001","platform":"xe-hpg","program":".decl V1 v_type=G type=d num_elts=2\nmov (M1, 2) V1(0,0)<1> 0x7:d\n","expect":{"vars":{"V1":"07000000????????"}}}"#;
//! let entries = read_str("example.jsonl", line);
//! let case = entries[0].case.as_ref().unwrap();
//! assert_eq!(case.id, "mov/d/0001");
//! assert_eq!(write_cases(std::slice::from_ref(case)), format!("{line}\n"));
//! ```

mod case;
mod decode;
pub mod hex;
pub mod launch;
pub mod manifest;
mod read;
mod walk;

pub use case::{
    error_field, Allowed, Case, Discriminating, Entry, Expect, ExpectState, FieldError, Init,
    Interval, MemExpect, MemRegion, NanFree, NanType, Pattern, VectorError, Within,
    ERROR_FIELD_KEY, FORMAT,
};
pub use launch::{Launch, LaunchArg};
pub use read::{read_bytes, read_file, read_lines, read_str, reject_repeated_ids};
pub use walk::{collect, vector_files};

/// Cases as JSON Lines: one compact line per case, each ending in `\n`.
pub fn write_cases(cases: &[Case]) -> String {
    let mut out = String::new();
    for case in cases {
        out.push_str(&case.to_line());
        out.push('\n');
    }
    out
}

/// Lower-case hex sha256, the digest `MANIFEST.json` lists for each vector file.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    use std::fmt::Write as _;
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

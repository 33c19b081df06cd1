//! Reading vector files: every line a case or an error entry naming the line and the field.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use crate::input::{BoundedLines, Line, MAX_LINE_BYTES};

use super::case::{Case, Entry, FieldError, VectorError};

/// Reads every non-blank line of `text` (the contents of `file`) as a case. A bad line gives
/// an error entry and reading goes on.
pub fn read_str(file: &str, text: &str) -> Vec<Entry> {
    read_bytes(file, text.as_bytes())
}

/// Like [`read_str`] for raw bytes: a line that is not UTF-8 is an error entry of its own.
pub fn read_bytes(file: &str, data: &[u8]) -> Vec<Entry> {
    // Reading from memory cannot fail.
    read_lines(file, data).unwrap_or_default()
}

/// Reads the lines of `reader` (the contents of `file`) as cases, each line at most
/// [`MAX_LINE_BYTES`]: a longer line is an error entry and ends the reading. An id that
/// repeats an earlier line's is an error entry. The error is a read failure.
pub fn read_lines(file: &str, reader: impl BufRead) -> std::io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    for (i, raw) in BoundedLines::new(reader, MAX_LINE_BYTES).enumerate() {
        let line = i + 1;
        let case = match raw? {
            Line::TooLong => Err(FieldError {
                field: None,
                message: format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes (the limit); the rest of the file is not read"
                ),
            }),
            Line::Text(raw) => match std::str::from_utf8(&raw) {
                Err(e) => Err(FieldError {
                    field: None,
                    message: format!(
                        "line is not UTF-8 (invalid byte at column {})",
                        e.valid_up_to() + 1
                    ),
                }),
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => Case::from_line(text).and_then(|case| {
                    match ids.insert(case.id.clone(), line) {
                        Some(first) => Err(duplicate_id(&case.id, &format!("line {first}"))),
                        None => Ok(case),
                    }
                }),
            },
        };
        entries.push(Entry {
            line,
            case: case.map_err(|e| e.at(file, line)),
        });
    }
    Ok(entries)
}

/// The error of a case whose id was already used at `first` (`line 3`, `a.jsonl:3`).
fn duplicate_id(id: &str, first: &str) -> FieldError {
    FieldError {
        field: Some("id".to_string()),
        message: format!(
            "the id `{}` is already used at {first} (ids are unique)",
            crate::input::clip(id)
        ),
    }
}

/// Turns each case whose id an earlier file of `files` already used into an error entry
/// naming the first place: ids are unique across one run.
pub fn reject_repeated_ids<'a>(files: impl IntoIterator<Item = (&'a str, &'a mut Vec<Entry>)>) {
    let mut first: HashMap<String, (String, usize)> = HashMap::new();
    for (file, entries) in files {
        for entry in entries.iter_mut() {
            let Ok(case) = &entry.case else { continue };
            match first.get(&case.id) {
                // A repeat inside one file is already an error entry of that file.
                Some((f, line)) if f != file => {
                    let e = duplicate_id(&case.id, &format!("{f}:{line}"));
                    entry.case = Err(e.at(file, entry.line));
                }
                Some(_) => {}
                None => {
                    first.insert(case.id.clone(), (file.to_string(), entry.line));
                }
            }
        }
    }
}

/// Reads a vector file. The error is for a file that cannot be read at all; bad lines are
/// error entries.
pub fn read_file(path: &Path) -> Result<Vec<Entry>, VectorError> {
    let file = path.display().to_string();
    let unreadable = |e: std::io::Error| VectorError {
        file: file.clone(),
        line: 0,
        field: None,
        message: e.to_string(),
    };
    let reader = BufReader::new(File::open(path).map_err(unreadable)?);
    read_lines(&file, reader).map_err(unreadable)
}

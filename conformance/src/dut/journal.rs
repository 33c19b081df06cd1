//! The journal of a certification: every result as it arrives, one JSON line each, in
//! `<report dir>/journal.jsonl`.
//!
//! The first line names the run by a fingerprint of everything that decides its cases and
//! their grading (implementation command, cases and expectations, errata strictness). A run
//! whose journal has the same fingerprint resumes from it unless `complete` is its last
//! record: the cases already journalled are not sent again. Lines are flushed after every
//! batch of results, so an interrupted run (Ctrl-C, a killed CI job) loses at most the batch
//! in progress.
//!
//! Nothing in a journal is thrown away silently:
//! - a damaged line (cut short by a kill, not UTF-8, not JSON, not a result) is skipped and
//!   named; every good line after it is kept, and the journal is rewritten without it;
//! - a journal of another run (its header is unreadable or its fingerprint differs), and
//!   the unfinished journal of this run under `--fresh`, is renamed to
//!   `journal.jsonl.<n>.old` (the lowest free `n` from 1) and the new run says why;
//! - only a finished journal of the same run is replaced (its results are in the report);
//! - a failed write does not stop the run: the journal stops, [`Journal::error`] says why,
//!   and the results still reach the report.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::grade::{Graded, Status};

pub const FORMAT: &str = "visa-certify-journal/1";
/// Damaged lines named one by one in the message (the rest are counted).
const DAMAGED_NAMED: usize = 5;

/// What an interrupted run had recorded.
#[derive(Debug, Default)]
pub struct Resumed {
    pub results: BTreeMap<usize, Graded>,
    /// Shrink records by case index.
    pub shrunk: BTreeMap<usize, Value>,
}

#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    /// `None` once a write failed (or the journal could not be opened).
    out: Option<BufWriter<File>>,
    error: Option<String>,
}

/// An opened journal, what it resumes, and what the user should be told about it.
#[derive(Debug)]
pub struct Opened {
    pub journal: Journal,
    pub resumed: Resumed,
    /// Repairs, renames and failures, one sentence each.
    pub messages: Vec<String>,
}

/// What a journal file on disk holds, for the run being started.
enum Found {
    /// No journal, or not a regular file (a device, ...): nothing to resume or keep.
    Nothing,
    /// The finished journal of this run.
    Finished,
    /// The unfinished journal of this run: its good lines and its damaged ones.
    Unfinished {
        resumed: Resumed,
        good: Vec<Vec<u8>>,
        damaged: Vec<(usize, &'static str)>,
        /// The file ends with a line end (else a record appended would join its last line).
        ends_clean: bool,
    },
    /// Not this run's journal, and why.
    Other(String),
}

impl Journal {
    /// Opens the journal of the run `fingerprint` in `dir` (which exists): resumes it when
    /// it belongs to the same unfinished run (and `fresh` is false), else starts a new one,
    /// keeping the old one as described in the module documentation. Never fails: a journal
    /// that cannot be written is reported by [`Journal::error`].
    pub fn open(dir: &Path, fingerprint: &str, fresh: bool) -> Opened {
        let path = dir.join("journal.jsonl");
        let header = json!({"journal": FORMAT, "fingerprint": fingerprint}).to_string();
        let mut opened = Opened {
            journal: Journal {
                path: path.clone(),
                out: None,
                error: None,
            },
            resumed: Resumed::default(),
            messages: Vec::new(),
        };
        let found = read(&path, fingerprint)
            .unwrap_or_else(|e| Found::Other(format!("cannot be read ({e})")));
        let keep = match found {
            Found::Nothing | Found::Finished => None,
            Found::Unfinished { .. } if fresh => {
                Some("is of an unfinished run with these arguments (--fresh)".to_string())
            }
            Found::Other(why) => Some(why),
            Found::Unfinished {
                resumed,
                good,
                damaged,
                ends_clean,
            } => {
                opened.resumed = resumed;
                let out = if damaged.is_empty() && ends_clean {
                    OpenOptions::new().append(true).open(&path)
                } else {
                    if !damaged.is_empty() {
                        opened.messages.push(damage_message(&path, &damaged));
                    }
                    rewrite(&path, &header, &good)
                };
                opened.journal.set(out);
                return opened;
            }
        };
        if let Some(why) = keep {
            match keep_aside(&path) {
                Ok(old) => opened.messages.push(format!(
                    "journal {} {why}: kept as {}; this run starts afresh",
                    path.display(),
                    old.display()
                )),
                Err(e) => {
                    // Never overwrite what could not be kept: run without a journal.
                    opened.journal.error = Some(format!(
                        "the journal {} {why} and could not be kept aside ({e}): this run writes no journal",
                        path.display()
                    ));
                    return opened;
                }
            }
        }
        let out = File::create(&path).and_then(|mut f| {
            writeln!(f, "{header}")?;
            Ok(f)
        });
        opened.journal.set(out);
        opened
    }

    fn set(&mut self, file: io::Result<File>) {
        match file {
            Ok(f) => self.out = Some(BufWriter::with_capacity(1 << 16, f)),
            Err(e) => self.fail(&e),
        }
    }

    /// Stops the journal after a failed write, keeping the first reason.
    fn fail(&mut self, e: &io::Error) {
        self.out = None;
        if self.error.is_none() {
            self.error = Some(format!(
                "cannot write the journal {}: {e}; this run's results are in the report, but a new run cannot resume from them",
                self.path.display()
            ));
        }
    }

    fn write(&mut self, f: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) {
        if let Some(out) = self.out.as_mut() {
            if let Err(e) = f(out) {
                self.fail(&e);
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Why the journal is not (fully) written, once a write failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    pub fn record(&mut self, index: usize, graded: &Graded) {
        // A plain pass in short; one that discriminates errata keeps their fits, from which
        // a resumed run judges the errata readings again.
        self.write(|out| {
            if graded.status == Status::Pass
                && graded.tolerated.is_none()
                && graded.errata.is_empty()
            {
                return writeln!(out, "{{\"s\":\"pass\",\"i\":{index}}}");
            }
            let mut m = graded.to_value();
            m.insert("i".into(), index.into());
            writeln!(out, "{}", Value::Object(m))
        });
    }

    pub fn record_shrunk(&mut self, index: usize, shrunk: &Value) {
        self.write(|out| {
            writeln!(out, "{}", json!({"shrunk": index, "record": shrunk}))?;
            out.flush()
        });
    }

    pub fn flush(&mut self) {
        self.write(|out| out.flush());
    }

    /// Marks the run finished: the next run with the same arguments starts afresh.
    pub fn complete(&mut self) {
        self.write(|out| {
            writeln!(out, "{}", json!({"complete": true}))?;
            out.flush()
        });
    }
}

fn damage_message(path: &Path, damaged: &[(usize, &str)]) -> String {
    let mut named: Vec<String> = damaged
        .iter()
        .take(DAMAGED_NAMED)
        .map(|(line, why)| format!("line {line}: {why}"))
        .collect();
    if damaged.len() > DAMAGED_NAMED {
        named.push(format!("and {} more", damaged.len() - DAMAGED_NAMED));
    }
    format!(
        "journal {}: skipped {} damaged line(s) ({}); every other line is kept, and the journal is rewritten without them",
        path.display(),
        damaged.len(),
        named.join(", ")
    )
}

/// Writes `header` and `lines` to a new file and puts it in place of `path` (so a failure
/// leaves the old journal whole); returns it open for appending.
fn rewrite(path: &Path, header: &str, lines: &[Vec<u8>]) -> io::Result<File> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        let mut f = BufWriter::new(File::create(&tmp)?);
        writeln!(f, "{header}")?;
        for l in lines {
            f.write_all(l)?;
            f.write_all(b"\n")?;
        }
        f.flush()?;
    }
    std::fs::rename(&tmp, path)?;
    OpenOptions::new().append(true).open(path)
}

/// Renames `path` to `<path>.<n>.old` with the lowest free `n` from 1.
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    for n in 1..=10_000u32 {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{n}.old"));
        let old = PathBuf::from(name);
        if std::fs::symlink_metadata(&old).is_err() {
            std::fs::rename(path, &old)?;
            return Ok(old);
        }
    }
    Err(io::Error::other(
        "journal.jsonl.1.old to journal.jsonl.10000.old all exist",
    ))
}

/// Reads the journal at `path` for the run `fingerprint`.
fn read(path: &Path, fingerprint: &str) -> io::Result<Found> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => {}
        // A device (`/dev/null`), a pipe, or nothing: there is nothing to resume.
        _ => return Ok(Found::Nothing),
    }
    let bytes = std::fs::read(path)?;
    let ends_clean = bytes.last() == Some(&b'\n');
    let mut lines = bytes.split(|b| *b == b'\n');
    let header = lines
        .next()
        .and_then(|l| serde_json::from_slice::<Value>(l).ok());
    let Some(header) = header else {
        return Ok(Found::Other(
            "does not start with a journal header".to_string(),
        ));
    };
    let format = header.get("journal").and_then(Value::as_str);
    if format != Some(FORMAT) {
        return Ok(Found::Other(format!(
            "is not a `{FORMAT}` journal (its header names {})",
            format.map_or("no format".to_string(), |f| format!("`{f}`"))
        )));
    }
    if header.get("fingerprint").and_then(Value::as_str) != Some(fingerprint) {
        return Ok(Found::Other(
            "is of another run (the implementation command, the cases or --strict-errata differ)"
                .to_string(),
        ));
    }
    let mut resumed = Resumed::default();
    let mut good = Vec::new();
    let mut damaged = Vec::new();
    let mut finished = false;
    // Line numbers are 1-based and count the header; the piece after the last newline is
    // empty unless the last line was cut short.
    let body: Vec<&[u8]> = lines.collect();
    let last = body.len();
    for (n, line) in body.into_iter().enumerate() {
        let number = n + 2;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let why = match serde_json::from_slice::<Value>(line) {
            Err(_) if n + 1 == last => Some("cut short"),
            Err(_) if std::str::from_utf8(line).is_err() => Some("not valid UTF-8"),
            Err(_) => Some("not JSON"),
            Ok(v) => take(&v, &mut resumed, &mut finished).err(),
        };
        match why {
            Some(why) => damaged.push((number, why)),
            None => good.push(line.to_vec()),
        }
    }
    Ok(if finished {
        Found::Finished
    } else {
        Found::Unfinished {
            resumed,
            good,
            damaged,
            ends_clean,
        }
    })
}

/// Takes one journal record into `resumed`; `finished` tells whether the last record so far
/// is `complete`.
fn take(v: &Value, resumed: &mut Resumed, finished: &mut bool) -> Result<(), &'static str> {
    if v.get("complete").is_some() {
        *finished = true;
        return Ok(());
    }
    if let Some(i) = v.get("shrunk").and_then(Value::as_u64) {
        let record = v.get("record").ok_or("a shrink record without `record`")?;
        resumed.shrunk.insert(i as usize, record.clone());
        *finished = false;
        return Ok(());
    }
    let i = v.get("i").and_then(Value::as_u64).ok_or("not a result")?;
    let g = Graded::from_value(v).ok_or("not a result")?;
    *finished = false;
    // A case that never ran (the implementation could not be started) runs again.
    if g.kind() != Some("not-run") {
        resumed.results.insert(i as usize, g);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("visa-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap_or_default();
        d
    }

    /// A last record whole but without its line end (the kill came between the two) is
    /// kept, and what is appended after it goes on a line of its own.
    #[test]
    fn a_record_without_its_line_end_is_kept_apart() {
        let d = dir("line-end");
        let header = json!({"journal": FORMAT, "fingerprint": "f"}).to_string();
        let text = format!("{header}\n{{\"s\":\"pass\",\"i\":0}}");
        std::fs::write(d.join("journal.jsonl"), text).unwrap_or_default();
        let mut opened = Journal::open(&d, "f", false);
        assert_eq!(opened.resumed.results.len(), 1);
        assert!(opened.messages.is_empty(), "{:?}", opened.messages);
        opened.journal.record(1, &Graded::pass());
        opened.journal.flush();
        assert_eq!(opened.journal.error(), None);
        let again = Journal::open(&d, "f", false);
        assert_eq!(again.resumed.results.len(), 2);
        assert!(again.messages.is_empty(), "{:?}", again.messages);
        let _ = std::fs::remove_dir_all(&d);
    }
}

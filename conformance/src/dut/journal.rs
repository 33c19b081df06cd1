//! The journal of a certification: every result as it arrives, one JSON line each, in
//! `<report dir>/journal.jsonl`.
//!
//! The first line names the run by a fingerprint of everything that decides its cases and
//! their grading (implementation command, cases and expectations, errata strictness). A run
//! whose journal has the same fingerprint and no `complete` line resumes: the cases already
//! journalled are not sent again. A completed journal, or one of another run, is started
//! afresh. Lines are flushed after every batch of results, so an interrupted run (Ctrl-C,
//! a killed CI job) loses at most the batch in progress.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::grade::{Graded, Status};

pub const FORMAT: &str = "visa-certify-journal/1";

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
    out: BufWriter<File>,
}

impl Journal {
    /// Opens the journal of the run `fingerprint` in `dir`: resumes it when it belongs to the
    /// same unfinished run (and `fresh` is false), else starts a new one.
    pub fn open(dir: &Path, fingerprint: &str, fresh: bool) -> io::Result<(Journal, Resumed)> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join("journal.jsonl");
        let resumed = if fresh {
            None
        } else {
            read(&path, fingerprint)
        };
        let out = match &resumed {
            Some(_) => {
                let torn = std::fs::read(&path)?.last().is_some_and(|b| *b != b'\n');
                let mut f = OpenOptions::new().append(true).open(&path)?;
                if torn {
                    // The interrupted run died inside a line: end it, it is ignored.
                    writeln!(f)?;
                }
                f
            }
            None => {
                let mut f = File::create(&path)?;
                writeln!(
                    f,
                    "{}",
                    json!({"journal": FORMAT, "fingerprint": fingerprint})
                )?;
                f
            }
        };
        Ok((
            Journal {
                path,
                out: BufWriter::with_capacity(1 << 16, out),
            },
            resumed.unwrap_or_default(),
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn record(&mut self, index: usize, graded: &Graded) -> io::Result<()> {
        // A plain pass in short; one that discriminates errata keeps their fits, from which
        // a resumed run judges the errata readings again.
        if graded.status == Status::Pass && graded.tolerated.is_none() && graded.errata.is_empty() {
            return writeln!(self.out, "{{\"s\":\"pass\",\"i\":{index}}}");
        }
        let mut m = graded.to_value();
        m.insert("i".into(), index.into());
        writeln!(self.out, "{}", Value::Object(m))
    }

    pub fn record_shrunk(&mut self, index: usize, shrunk: &Value) -> io::Result<()> {
        writeln!(self.out, "{}", json!({"shrunk": index, "record": shrunk}))?;
        self.out.flush()
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Marks the run finished: the next run with the same arguments starts afresh.
    pub fn complete(&mut self) -> io::Result<()> {
        writeln!(self.out, "{}", json!({"complete": true}))?;
        self.out.flush()
    }
}

/// Reads a journal of the unfinished run `fingerprint`; `None` for another run, a finished
/// one or no journal. A torn last line (the run was killed while writing it) is ignored.
fn read(path: &Path, fingerprint: &str) -> Option<Resumed> {
    let file = File::open(path).ok()?;
    let mut lines = BufReader::new(file).lines();
    let header: Value = serde_json::from_str(&lines.next()?.ok()?).ok()?;
    if header.get("journal")?.as_str()? != FORMAT
        || header.get("fingerprint")?.as_str()? != fingerprint
    {
        return None;
    }
    let mut resumed = Resumed::default();
    for line in lines {
        let Ok(line) = line else { break };
        let Ok(v) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        if v.get("complete").is_some() {
            return None;
        }
        if let Some(i) = v.get("shrunk").and_then(Value::as_u64) {
            if let Some(record) = v.get("record") {
                resumed.shrunk.insert(i as usize, record.clone());
            }
            continue;
        }
        let Some(i) = v.get("i").and_then(Value::as_u64) else {
            continue;
        };
        // A case that never ran (the implementation could not be started) runs again.
        match Graded::from_value(&v) {
            Some(g) if g.kind() != Some("not-run") => {
                resumed.results.insert(i as usize, g);
            }
            _ => {}
        }
    }
    Some(resumed)
}

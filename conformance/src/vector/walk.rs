//! Finding vector files: the one walker behind `check`, `coverage` and `certify --vectors`,
//! and [`collect`], the walk with every file read.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::case::{Entry, VectorError};
use super::read::{read_file, reject_repeated_ids};

/// The vector files named by `paths`, in order: a path that is not a directory as given (its
/// reading reports what is wrong with it); a directory's `*.jsonl` files, recursively and in
/// sorted path order, symbolic links to files followed and links to directories not. A path
/// met twice counts once.
///
/// Every entry that cannot be read is an error naming that entry, in its place in the order,
/// and the walk goes on: a directory that cannot be listed, a `*.jsonl` link that dangles or
/// loops, a `*.jsonl` entry that is neither a regular file nor a directory.
pub fn vector_files(paths: &[PathBuf]) -> Vec<Result<PathBuf, VectorError>> {
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for path in paths {
        let mut found = Vec::new();
        if path.is_dir() {
            walk(path, &mut found);
            found.sort_by(|a: &(PathBuf, _), b| a.0.cmp(&b.0));
        } else {
            found.push((path.clone(), Ok(path.clone())));
        }
        for (key, f) in found {
            if seen.insert(key) {
                out.push(f);
            }
        }
    }
    out
}

/// What `check` and `certify --vectors` read: the files of [`vector_files`] in order, each
/// with its entries or why it cannot be read; an id already used by an earlier file is an
/// error entry ([`reject_repeated_ids`]).
pub fn collect(paths: &[PathBuf]) -> Vec<(String, Result<Vec<Entry>, VectorError>)> {
    let mut out: Vec<(String, Result<Vec<Entry>, VectorError>)> = vector_files(paths)
        .into_iter()
        .map(|f| match f {
            Ok(path) => (path.display().to_string(), read_file(&path)),
            Err(e) => (e.file.clone(), Err(e)),
        })
        .collect();
    reject_repeated_ids(
        out.iter_mut()
            .filter_map(|(file, r)| r.as_mut().ok().map(|entries| (file.as_str(), entries))),
    );
    out
}

/// An entry of the walk: the path it sorts by, and the file or why it cannot be read.
type Found = (PathBuf, Result<PathBuf, VectorError>);

fn unreadable(path: &Path, message: String) -> Found {
    let e = VectorError {
        file: path.display().to_string(),
        line: 0,
        field: None,
        message,
    };
    (path.to_path_buf(), Err(e))
}

fn walk(dir: &Path, out: &mut Vec<Found>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            out.push(unreadable(dir, format!("cannot list the directory: {e}")));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.push(unreadable(dir, format!("cannot list the directory: {e}")));
                return;
            }
        };
        let path = entry.path();
        let ty = match entry.file_type() {
            Ok(ty) => ty,
            Err(e) => {
                out.push(unreadable(&path, format!("cannot read the entry: {e}")));
                continue;
            }
        };
        if ty.is_dir() {
            walk(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        if ty.is_file() {
            out.push((path.clone(), Ok(path)));
            continue;
        }
        let found = match (ty.is_symlink(), fs::metadata(&path)) {
            (_, Ok(m)) if m.is_file() => (path.clone(), Ok(path)),
            (true, Ok(m)) if m.is_dir() => unreadable(
                &path,
                "a symbolic link to a directory (not followed)".to_string(),
            ),
            (true, Err(e)) => unreadable(&path, link_error(&e)),
            _ => unreadable(&path, "not a regular file".to_string()),
        };
        out.push(found);
    }
}

fn link_error(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => format!("a dangling symbolic link: {e}"),
        _ => format!("a symbolic link that cannot be followed (a loop?): {e}"),
    }
}
